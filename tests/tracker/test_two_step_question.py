"""A question whose options differ only in a tile nobody saw is asked in two steps: first what
was done (the tile left unnamed), then which tile (fresh steep bench game 72441 asked one
question of 96 options: 8 Score chains times up to 12 kinds)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.octocube import OctocubeState
from rules.octocube.moves import Score
from rules.octocube.pieces import tile_from_label as T
from tests.tracker.test_octocube_unseen_score import _seen_as_piles, _unseen_tile_on_a_cube
from tracker.inference import Question
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame
from tracker.two_step import FOLLOW_UP_PROMPT, split_question


def _score_of_an_unseen_tile() -> tuple[OctocubeState, TrackedGame, int, Question]:
    """Seed 3, two players: the player to move's bottom tile (a light blue pearl) unseen by the
    tracker, three kinds on that player's board (read as piles), then the cube scored."""
    truth, tracked, seat, tile = _unseen_tile_on_a_cube(tile_kind_on_board=True)
    assert tile == T("light blue pearl")
    for state in (truth, tracked.state):  # two more kinds on the board the unseen tile may be
        board = state.boards[seat].copy()
        board.tiles = board.tiles + [T("green pearl"), T("white diamond")]
        state.boards = [board if s == seat else b for s, b in enumerate(state.boards)]
    truth.push(Score(("bottom",)))
    events = tracked.observe(_seen_as_piles(observation_from_state(truth)))
    questions = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert len(questions) == 1, [type(e).__name__ for e in events]
    return truth, tracked, seat, questions[0]


def test_the_first_step_names_the_moves_and_leaves_the_tile_for_the_follow_up() -> None:
    truth, tracked, seat, first = _score_of_an_unseen_tile()
    # whole, the question was 4 options: no tile collected, or each of 3 kinds the tile may be
    assert tracked._two_step is not None and len(tracked._two_step.whole.options) == 4
    assert first.options == ((Score(()),), (Score(("bottom",)),))
    assert first.option_texts[1] == "Red scores from A1: collects an unseen tile"
    twin = TwinGame(2, seed=3)
    twin.truth = truth
    step = twin.truthful_answer(first, tracked.state.history)
    assert step == 1
    events = tracked.answer(step)
    assert not [e for e in events if isinstance(e, MoveConfirmed)]  # nothing made before the tile is said
    follow_up = tracked.pending
    assert follow_up is not None and [e.question for e in events if isinstance(e, QuestionAsked)] == [follow_up]
    assert follow_up.prompt == FOLLOW_UP_PROMPT
    assert set(follow_up.options) == {(Score(("bottom",)),)}
    assert sorted(follow_up.option_texts) == [f"Red scores from A1: collects a {name}"
                                              for name in ("green pearl", "light blue pearl", "white diamond")]
    pick = twin.truthful_answer(follow_up, tracked.state.history)
    assert pick is not None and "light blue pearl" in follow_up.option_texts[pick]
    events = tracked.answer(pick)
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [Score(("bottom",))]
    assert tracked.pending is None
    assert tracked.state.boards[seat].tiles == truth.boards[seat].tiles
    assert tracked.state.cubes[seat].faces == truth.cubes[seat].faces


def test_an_option_of_its_own_is_answered_at_the_first_step() -> None:
    truth, tracked, seat, first = _score_of_an_unseen_tile()
    events = tracked.answer(0)  # "takes the cube home without collecting a tile": no follow-up
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [Score(())]
    assert tracked.pending is None and tracked._two_step is None


def test_none_of_the_follow_up_refuses_the_whole_question() -> None:
    truth, tracked, seat, first = _score_of_an_unseen_tile()
    tracked.answer(1)
    events = tracked.reject()
    # every option of the whole question is refused, not only the follow-up's
    assert {chain for _, chain in tracked._rejected} == {(Score(()),), (Score(("bottom",)),)}
    # Octocube's widened second look (a misread top standing for its near neighbours) asks once
    # more (itself in two steps), never a refused chain alone; "none of these" to it is the alarm
    assert not any(isinstance(e, IllegalMoveAlert) for e in events)
    asked = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert len(asked) == 1 and all(chain not in {(Score(()),), (Score(("bottom",)),)}
                                   for chain in asked[0].options)
    events = tracked.reject()
    assert any(isinstance(e, IllegalMoveAlert) for e in events)
    assert tracked.pending is None and tracked._two_step is None


def test_an_undo_while_the_follow_up_is_pending_drops_both_steps() -> None:
    truth, tracked, seat, first = _score_of_an_unseen_tile()
    tracked.answer(1)
    tracked.undo()
    assert tracked.pending is None and tracked._two_step is None


def test_questions_without_such_options_are_asked_whole() -> None:
    truth, tracked, seat, first = _score_of_an_unseen_tile()
    whole = tracked._two_step.whole if tracked._two_step else first
    state = tracked.state
    # no per-option reveals; a recovery question; every option the same moves: asked as they are
    assert split_question(state, replace(whole, reveals_before_each=())) is None
    assert split_question(state, replace(whole, recovery=True)) is None
    same = [i for i, chain in enumerate(whole.options) if chain == (Score(("bottom",)),)]
    only = replace(whole, options=tuple(whole.options[i] for i in same),
                   option_texts=tuple(whole.option_texts[i] for i in same),
                   reveals_after=tuple(whole.reveals_after[i] for i in same),
                   reveals_before_each=tuple(whole.reveals_before_each[i] for i in same))
    assert split_question(state, only) is None


class _WordsOnly:
    """A stand-in state: moves are numbers, described as themselves (split_question only copies,
    reveals, describes and pushes)."""

    def copy(self, stack: bool = True) -> "_WordsOnly":
        return self

    def reveal(self, location: object, value: object) -> None:
        pass

    def describe_move(self, move: object) -> str:
        return f"move {move}"

    def push_unchecked(self, move: object) -> None:
        pass


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=12))
def test_every_option_of_the_whole_question_is_reached_by_exactly_one_path(
        spec: list[tuple[int, bool]]) -> None:
    """Options (a chain number, whether it names an unseen thing): asked in two steps, each
    option of the whole question is one (first-step option, follow-up option) pair, with its own
    moves, words and reveals; and a split happens only where it shortens the first question."""
    options: tuple[tuple[Any, ...], ...] = tuple((chain,) for chain, _ in spec)  # numbers stand for moves
    reveals = tuple(((("unseen", i), i),) if named else () for i, (_, named) in enumerate(spec))
    whole = Question("?", options, tuple(f"option {i}" for i in range(len(spec))),
                     reveals_after=tuple(() for _ in spec), reveals_before_each=reveals)
    split = split_question(_WordsOnly(), whole)  # type: ignore[arg-type]
    chains = {chain for chain, _ in spec}
    if not any(named for _, named in spec) or len(chains) < 2 or len(chains) == len(spec):
        assert split is None
        return
    assert split is not None and len(split.first.options) == len(chains) < len(spec)
    reached: list[int] = []
    for g, members in enumerate(split.groups):
        assert split.first.options[g] == options[members[0]]
        if len(members) == 1:
            assert split.first.option_texts[g] == whole.option_texts[members[0]]
            assert split.first.reveals_before_option(g) == whole.reveals_before_option(members[0])
        else:
            follow = split.follow_up(g)
            assert follow.options == tuple(options[i] for i in members)
            assert follow.option_texts == tuple(whole.option_texts[i] for i in members)
            for k, i in enumerate(members):
                assert follow.reveals_before_option(k) == whole.reveals_before_option(i)
        reached += members
    assert sorted(reached) == list(range(len(spec)))
    assert len(set(split.first.option_texts)) == len(split.first.option_texts)
