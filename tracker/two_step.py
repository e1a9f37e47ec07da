"""A question whose options differ only in what the camera never saw, asked in two steps.

Why: an Octocube Score of a tile nobody saw, onto a board read as piles, is one option per kind
the tile may be (:meth:`GameAdapter.reveal_alternatives`); with several Score chains possible at
once, one question grew to 96 options (fresh steep bench game 72441: 8 chains x up to 12 kinds),
far too many to read on a tablet. Asked in two steps, the players first pick what was done (8
options, the unseen tile in the engine's words: "collects an unseen tile"), then what the tile
was (the chosen chain's options only). The answer is the same option of the whole question.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.core import Move, RulesError, State
from tracker.inference import Question, scratch_copy, with_reveals

FOLLOW_UP_PROMPT = "Which of these was it? They differ only in what the camera did not see"


@dataclass(frozen=True)
class TwoStepQuestion:
    """``whole`` asked as ``first`` (one option per group of options that make the same moves),
    then, for a group of several, the follow-up naming each of them."""

    whole: Question
    groups: tuple[tuple[int, ...], ...]
    """Per option of ``first``: the options of ``whole`` it stands for, in their order."""
    first: Question

    def follow_up(self, group: int) -> Question:
        """The options of ``whole`` that ``first``'s option ``group`` stands for."""
        members = self.groups[group]
        whole = self.whole

        def pick(values: tuple[Any, ...]) -> tuple[Any, ...]:
            return tuple(values[i] for i in members) if values else ()

        return replace(whole, prompt=FOLLOW_UP_PROMPT, options=pick(whole.options),
                       option_texts=pick(whole.option_texts), reveals_after=pick(whole.reveals_after),
                       take_back=pick(whole.take_back), reveals_before_each=pick(whole.reveals_before_each))


def split_question(state: State, question: Question) -> TwoStepQuestion | None:
    """``question`` in two steps when several of its options make the same moves and differ only
    in what they name that nobody saw (``reveals_before_each``); None when asking it whole is as
    short (no such options, or they are all of one kind: the question is the follow-up itself).
    A recovery question (moves taken back first) is asked whole."""
    if not any(question.reveals_before_each) or question.recovery or any(question.take_back):
        return None
    by_chain: dict[tuple[Move, ...], list[int]] = {}
    for i, chain in enumerate(question.options):
        by_chain.setdefault(chain, []).append(i)
    groups = tuple(tuple(members) for members in by_chain.values())
    if len(groups) < 2 or len(groups) == len(question.options):
        return None
    base = with_reveals(state, question.reveals_before)
    texts = _group_texts(base, question, groups)
    first = replace(
        question,
        options=tuple(question.options[g[0]] for g in groups),
        option_texts=texts,
        reveals_after=tuple(question.reveals_after[g[0]] for g in groups) if question.reveals_after else (),
        reveals_before_each=tuple(question.reveals_before_each[g[0]] if len(g) == 1 else () for g in groups),
    )
    return TwoStepQuestion(question, groups, first)


def _group_texts(state: State, question: Question, groups: tuple[tuple[int, ...], ...]) -> tuple[str, ...]:
    """A group of one keeps its words; a group of several is described without naming what it
    leaves open (the engine's words for an unknown: "an unseen tile"). Alike words get the
    group's size added, so that no two options read the same."""
    texts = []
    for members in groups:
        if len(members) == 1:
            texts.append(question.option_texts[members[0]])
        else:
            texts.append(_unnamed_text(state, question.options[members[0]],
                                       question.reveals_before_each[members[0]]))
    for k, text in enumerate(list(texts)):
        if texts.count(text) > 1 and len(groups[k]) > 1:
            texts[k] = f"{text} [{len(groups[k])} options]"
    return tuple(texts)


def _unnamed_text(state: State, chain: tuple[Move, ...], reveals: tuple[tuple[Any, Any], ...]) -> str:
    """``chain`` in words with what ``reveals`` names left unknown: each move described before
    the reveal; once a move cannot be made without it, the rest is made (not described
    differently) on the revealed copy."""
    plain = scratch_copy(state)
    named = with_reveals(state, reveals)
    if named is state:
        named = scratch_copy(state)
    parts = []
    for move in chain:
        parts.append(plain.describe_move(move))
        named.push_unchecked(move)
        try:
            plain.push_unchecked(move)
        except RulesError:
            plain = scratch_copy(named)
    return "; then ".join(parts)
