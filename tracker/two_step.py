"""A question asked in steps: first what was done, then what it left open.

Why: an Octocube Score of a tile nobody saw, onto a board read as piles, is one option per kind
the tile may be (:meth:`GameAdapter.reveal_alternatives`); with several Score chains possible at
once, one question grew to 96 options (fresh steep bench game 72441: 8 chains x up to 12 kinds),
far too many to read on a tablet. Asked in two steps, the players first pick what was done (8
options, the unseen tile in the engine's words: "collects an unseen tile"), then what the tile
was (the chosen chain's options only). The answer is the same option of the whole question.

A question of more than :data:`MAX_OPTIONS` options that no unseen tile explains (a cube nobody
could see turned with a power, then the next player's Score: fresh steep bench game 72594 asked
216 options at once) is asked move by move: the options are grouped by the move told apart in
the fewest ways ("...; then Yellow scores from B2: collects a green amphora (27 options)"), and a
group of several is narrowed the same way at the next step. Whole moves only, so that every
step's words stay sentences the app can translate.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.core import Move, RulesError, State
from tracker.inference import Question, scratch_copy, with_reveals

FOLLOW_UP_PROMPT = "Which of these was it? They differ only in what the camera did not see"
NARROW_PROMPT = "Which of these was it?"
MAX_OPTIONS = 10
"""Most options shown at once where the words can group them."""
MORE = "\u2026"
"""Stands for a move that differs among the options a step's option groups."""
THEN = "; then "
"""Between the moves of an option, in the engine's and the tracker's words."""


@dataclass(frozen=True)
class TwoStepQuestion:
    """``whole`` asked as ``first`` (one option per group of options), then, for a group of several,
    the next step (:meth:`next_step`), down to one option of ``whole``."""

    whole: Question
    groups: tuple[tuple[int, ...], ...]
    """Per option of ``first``: the options of ``whole`` it stands for, in their order."""
    first: Question
    follow_up_prompt: str = FOLLOW_UP_PROMPT
    """The prompt of the steps after ``first``."""

    def follow_up(self, group: int) -> Question:
        """The question asked once ``first``'s option ``group`` is chosen."""
        return self.next_step(group).first

    def next_step(self, group: int) -> TwoStepQuestion:
        """The step that narrows ``first``'s option ``group``: by words again where it stands for
        more than :data:`MAX_OPTIONS` options, else each of them in its own words."""
        members = self.groups[group]
        if len(members) > MAX_OPTIONS:
            split = _by_words(self.whole, members, NARROW_PROMPT)
            if split is not None:
                return split
        return _step(self.whole, tuple((i,) for i in members), self.follow_up_prompt,
                     tuple(self.whole.option_texts[i] for i in members), self.follow_up_prompt)


def step_option(question: Question, whole_option: int | None) -> int | None:
    """The option of ``question`` (a step: :attr:`Question.whole` set) that stands for the whole
    question's option ``whole_option``; ``whole_option`` itself for a question asked whole. For
    players who know what happened (the twin's simulated players), who answer the whole question."""
    if question.whole is None or whole_option is None:
        return whole_option
    return next((k for k, members in enumerate(question.stands_for) if whole_option in members), None)


def _step(whole: Question, groups: tuple[tuple[int, ...], ...], prompt: str, texts: tuple[str, ...],
          follow_up_prompt: str) -> TwoStepQuestion:
    """A step of ``whole``: one option per group (its first member's moves), worded ``texts``."""

    def pick(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(values[g[0]] for g in groups) if values else ()

    first = replace(whole, prompt=prompt, options=pick(whole.options), option_texts=texts,
                    reveals_after=pick(whole.reveals_after), take_back=pick(whole.take_back),
                    option_costs=pick(whole.option_costs),
                    reveals_before_each=tuple(whole.reveals_before_each[g[0]] if len(g) == 1 else ()
                                              for g in groups) if whole.reveals_before_each else (),
                    whole=whole, stands_for=groups)
    return TwoStepQuestion(whole, groups, first, follow_up_prompt)


def _by_words(whole: Question, members: tuple[int, ...], prompt: str) -> TwoStepQuestion | None:
    """``members`` (options of ``whole``) grouped by one of their moves: the moves are the parts of
    their words between "; then ", and the move told apart in the fewest ways is asked first
    (Yellow's Score before the 27 ways Red's unseen cube may have been turned). A group is worded
    by its moves, each move that differs inside it elided, and how many options it holds. None
    where no move groups them (each option differs from the others in every move it makes)."""
    parts = {i: whole.option_texts[i].split(THEN) for i in members}
    longest = max(len(p) for p in parts.values())
    best: tuple[int, int] | None = None  # (ways, position)
    for k in range(longest):
        ways = len({p[k] if k < len(p) else "" for p in parts.values()})
        if 2 <= ways < len(members) and (best is None or ways < best[0]):
            best = (ways, k)
    if best is None:
        return None
    at = best[1]
    by_move: dict[str, list[int]] = {}
    for i in members:
        by_move.setdefault(parts[i][at] if at < len(parts[i]) else "", []).append(i)
    groups = tuple(tuple(g) for g in by_move.values())
    texts = tuple(whole.option_texts[g[0]] if len(g) == 1 else _elided([parts[i] for i in g]) for g in groups)
    if len(set(texts)) < len(texts):
        return None
    return _step(whole, groups, prompt, texts, NARROW_PROMPT)


def _elided(options: list[list[str]]) -> str:
    """The moves ``options`` share, in words, each move they differ in elided (once where several
    in a row differ), and how many options they are."""
    shown: list[str] = []
    for k in range(max(len(p) for p in options)):
        said = {p[k] if k < len(p) else "" for p in options}
        move = said.pop() if len(said) == 1 else MORE
        if move and not (move == MORE and shown and shown[-1] == MORE):
            shown.append(move)
    return f"{THEN.join(shown)} ({len(options)} options)"


def split_question(state: State, question: Question) -> TwoStepQuestion | None:
    """``question`` in steps: in two when several of its options make the same moves and differ
    only in what they name that nobody saw (``reveals_before_each``; not a recovery question,
    whose options take moves back first); else by its words where it has more than
    :data:`MAX_OPTIONS` options; None when asking it whole is as short."""
    if any(question.reveals_before_each) and not question.recovery and not any(question.take_back):
        by_chain: dict[tuple[Move, ...], list[int]] = {}
        for i, chain in enumerate(question.options):
            by_chain.setdefault(chain, []).append(i)
        groups = tuple(tuple(members) for members in by_chain.values())
        if 2 <= len(groups) < len(question.options):
            base = with_reveals(state, question.reveals_before)
            return _step(question, groups, question.prompt, _group_texts(base, question, groups), FOLLOW_UP_PROMPT)
    if len(question.options) > MAX_OPTIONS:
        return _by_words(question, tuple(range(len(question.options))), question.prompt)
    return None


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
