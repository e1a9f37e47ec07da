"""A question of many options is asked in steps by its words, each step a short list.

Fresh steep bench game 72594 (advanced, 2 players, tilt 34.3) asked "The camera cannot tell what
Red did" with 216 options: Red's cube, its top unread, may have been turned with power E 23 ways,
pivoted 3 ways or left, then Yellow scored one of 8 ways. Asked move by move, the players first
pick Yellow's Score (8 options), then what Red did (27)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.octocube.moves import Pass, Roll
from tests.tracker.octocube_helpers import answer_truthfully, pair
from tracker.inference import Question
from tracker.session import QuestionAsked
from tracker.two_step import MAX_OPTIONS, NARROW_PROMPT, TwoStepQuestion, split_question, step_option

FACES = ("top", "bottom", "north", "south", "east", "west")


def _power_e_then_score() -> Question:
    """The shape of 72594's question: 23 turns, 3 pivots and a pass, each then 8 Scores."""
    firsts = [f"Red uses power E of A3 (reorient the cube): turned so that its {down} face is down and "
              f"its {up} face looks north" for down in FACES for up in FACES if up not in (down,)][:23]
    firsts += [f"Red pivots the cube {d} degrees clockwise on A4" for d in (90, 180, 270)] + ["Red passes"]
    seconds = [f"Yellow scores from B2: collects a green amphora, {k} more" for k in range(8)]
    texts = tuple(f"{a}; then {b}" for a in firsts for b in seconds)
    return Question("The camera cannot tell what Red did. Which was it?", tuple((i,) for i in range(len(texts))),  # type: ignore[misc]
                    texts)


def _path_to(split: TwoStepQuestion, whole_option: int) -> list[Question]:
    """The steps a player who knows ``whole_option`` goes through, each step's question."""
    asked = [split.first]
    step = split
    while True:
        k = step_option(step.first, whole_option)
        assert k is not None, (whole_option, step.first.option_texts)
        members = step.groups[k]
        if len(members) == 1:
            assert members[0] == whole_option
            return asked
        step = step.next_step(k)
        asked.append(step.first)


def test_the_bench_question_of_216_options_is_asked_yellows_score_first() -> None:
    whole = _power_e_then_score()
    assert len(whole.options) == 216
    split = split_question(None, whole)  # type: ignore[arg-type]  # words only: no state needed
    assert split is not None
    assert split.first.prompt == whole.prompt
    assert split.first.option_texts[0] == "\u2026; then Yellow scores from B2: collects a green amphora, 0 more (27 options)"
    assert len(split.first.options) == 8
    for option in range(len(whole.options)):
        steps = _path_to(split, option)
        assert [len(q.options) for q in steps] == [8, 27]
        assert steps[1].prompt == NARROW_PROMPT
        assert whole.option_texts[option] in steps[1].option_texts


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["Red rolls", "Red passes", "Yellow scores", "Blue pivots", "x y"]),
                         min_size=1, max_size=4),
                min_size=MAX_OPTIONS + 1, max_size=60, unique_by=tuple))
def test_every_option_of_a_long_question_is_reached_by_exactly_one_path(moves: list[list[str]]) -> None:
    texts = tuple("; then ".join(m) for m in moves)
    if len(set(texts)) < len(texts):
        return
    whole = Question("?", tuple((i,) for i in range(len(texts))), texts)  # type: ignore[misc]
    split = split_question(None, whole)  # type: ignore[arg-type]
    if split is None:  # no move groups them: asked whole
        return
    for option in range(len(texts)):
        for step in _path_to(split, option):
            assert len(set(step.option_texts)) == len(step.option_texts)
            assert step.whole is whole


def test_a_short_question_is_asked_whole() -> None:
    whole = Question("?", tuple((i,) for i in range(MAX_OPTIONS)),  # type: ignore[misc]
                     tuple(f"option {i}" for i in range(MAX_OPTIONS)))
    assert split_question(None, whole) is None  # type: ignore[arg-type]


def test_the_players_answer_a_long_question_step_by_step_and_the_whole_option_is_made() -> None:
    truth, tracked = pair(players=2, seed=5)
    roll = next(m for m in truth.legal_moves() if isinstance(m, Roll) or m.kind == "place")
    truth.push(roll)
    texts = tuple(f"Red does {i // 4}; then Yellow does {i % 4}" for i in range(12)) + (
        tracked.state.describe_move(roll),)
    options: tuple[tuple[Any, ...], ...] = tuple((Pass(),) for _ in range(12)) + ((roll,),)
    asked = tracked._ask(Question("Which was it?", options, texts))
    assert isinstance(asked, QuestionAsked) and asked.question.whole is not None
    assert len(asked.question.options) < len(options)
    answer_truthfully(truth, tracked, [asked])
    assert tracked.pending is None and tracked.state.history == truth.history
