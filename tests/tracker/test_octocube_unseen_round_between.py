"""A whole round nobody saw between two turns that show: with two players, Yellow's turn, Red's
pivot of a cube with a bare top, Yellow's turn that changes nothing in view, then Red's roll. The
roll shows the pivot by the top Red's cube lands on, so the chain with the pivot is offered
(tracker/octocube/adapter.py ``unseen_round_between``).

Fresh taught game 72777 (printing 998142, 2 players, tilt 7.1, lamp; bench/teach.py
--octocube-games), moves 145-148: Yellow pivots its diamond 90, Red pivots its bare cube 90 on A2,
Yellow pivots 180, Red rolls south onto A3. Every option left Red's cube turned wrong, the players
said none of these and the game was lost from move 144. With perfect observations the tracker
asked a recovery question without the truth."""

from __future__ import annotations

from typing import Any

import pytest

from rules.octocube.moves import Pass, Pivot, Roll
from tests.tracker.octocube_helpers import truth_after, tracked_until
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked

GAME, PLAYERS, BEFORE, ROLLED, ROLLED_BACK = 72_777, 2, 144, 148, 150


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    moves = twin.truth.history[BEFORE:ROLLED]
    assert [type(m) for m in moves] == [Pivot, Pivot, Pivot, Roll], moves
    return twin


def _after_the_round(twin: TwinGame, adapter: OctocubeAdapter) -> tuple[Any, list[Any]]:
    tracked = tracked_until(twin, BEFORE)
    tracked.adapter = adapter
    return tracked, list(tracked.observe(observation_from_state(truth_after(twin, ROLLED))))


def test_the_unseen_round_is_offered_and_the_game_followed(twin: TwinGame) -> None:
    tracked, events = _after_the_round(twin, OctocubeAdapter())
    questions = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert len(questions) == 1, events
    whole = questions[0].whole if questions[0].whole is not None else questions[0]
    options = [o for i, o in enumerate(whole.options) if whole.take_back_count(i) == 0]
    assert options, whole.option_texts
    red_pivot = twin.truth.history[BEFORE + 1]
    right = [i for i, o in enumerate(whole.options)
             if whole.take_back_count(i) == 0 and len(o) == 4 and o[1] == red_pivot and isinstance(o[2], Pass)]
    assert right, whole.option_texts
    tracked.answer(right[0])
    truth = truth_after(twin, ROLLED)
    assert observation_from_state(tracked.state) == observation_from_state(truth)
    assert tracked.state.cubes[0].faces == truth.cubes[0].faces  # Red's cube turned as it really is
    later = list(tracked.observe(observation_from_state(truth_after(twin, ROLLED_BACK))))
    assert not any(isinstance(e, IllegalMoveAlert) for e in later), later
    assert any(isinstance(e, MoveConfirmed) and "Red rolls north" in e.text for e in later), later


def test_off_no_option_keeps_reds_pivot(twin: TwinGame) -> None:
    adapter = OctocubeAdapter()
    adapter.unseen_round_between = False
    _, events = _after_the_round(twin, adapter)
    red_pivot = twin.truth.history[BEFORE + 1]
    for event in events:
        if isinstance(event, QuestionAsked):
            whole = event.question.whole if event.question.whole is not None else event.question
            assert not any(len(o) > 1 and o[1] == red_pivot and isinstance(o[-1], Roll)
                           for i, o in enumerate(whole.options) if whole.take_back_count(i) == 0)
