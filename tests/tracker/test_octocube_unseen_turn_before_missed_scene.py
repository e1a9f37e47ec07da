"""A still scene missed after a turn nobody could see: the scene then shows the next two turns,
and with two players "A moves, then B" and "A passes or pivots unseen, B moves, then A moves"
leave the same table, with another player to move. Both are offered and the players asked
(tracker/octocube/adapter.py ``unseen_turn_before_catch_up``).

Fresh taught game 72774 (printing 997976, 2 players, tilt 21.9, day; bench/teach.py
--octocube-games): change 3, Red pivots its cube with a bare top on B1 (nothing in view changes);
change 4, Yellow places its cube on A1 (the taught reader took that still for one a hand hides,
so the pipeline waited and never read it); change 5, Red rolls B1 to C1. Only "Red rolls, then
Yellow places" was offered and confirmed: the tracker was a turn out of step with Red's cube
turned wrong, and the game was lost (15/228 moves followed, 170 false alarms)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.octocube.moves import Pivot
from tests.tracker.octocube_helpers import answer_truthfully, truth_after, tracked_until
from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked

PRINTING, GAME, PLAYERS, TILT, LIGHT, GRID = 997_976, 72_774, 2, 21.9, "day", 4
PIVOT, PLACE, ROLL = 3, 4, 5  # the changes


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert "Red pivots" in twin.changes[PIVOT].text and "B1" in twin.changes[PIVOT].text
    assert "Yellow places the cube on A1" in twin.changes[PLACE].text
    assert "Red rolls east from B1 to C1" in twin.changes[ROLL].text
    return twin


def _scene_after(twin: TwinGame, change: int) -> Any:
    return observation_from_state(truth_after(twin, twin.changes[change].truth_moves))


def _follow(twin: TwinGame, scenes: dict[int, Any], adapter: OctocubeAdapter) -> tuple[list[Any], list[Any], bool]:
    """The tracker, in step up to the pivot, sees the pivot's scene, then the roll's (the place's
    missed); the roll's scene's events, any question answered with what really happened."""
    tracked = tracked_until(twin, twin.changes[PIVOT - 1].truth_moves)
    tracked.adapter = adapter
    assert list(tracked.observe(scenes[PIVOT])) == []  # the pivot of a bare top: nothing to see
    truth = truth_after(twin, twin.changes[ROLL].truth_moves)
    events = list(tracked.observe(scenes[ROLL]))
    answered = answer_truthfully(truth, tracked, events)
    return events, answered, tracked.state.history == truth.history


def test_the_unseen_pivot_is_offered_and_the_tracker_stays_in_step(twin: TwinGame) -> None:
    scenes = {c: _scene_after(twin, c) for c in (PIVOT, ROLL)}
    events, answered, in_step = _follow(twin, scenes, OctocubeAdapter())
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    questions = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert questions, events
    options = questions[0].whole.options if questions[0].whole is not None else questions[0].options
    assert any(len(o) == 2 for o in options)  # "Red rolls, then Yellow places": the camera cannot tell
    assert any(isinstance(o[0], Pivot) and len(o) == 3 for o in options)
    assert in_step
    assert [e.text for e in answered if isinstance(e, MoveConfirmed)][0].startswith("Red pivots the cube 270")


def test_off_the_wrong_order_is_confirmed(twin: TwinGame) -> None:
    adapter = OctocubeAdapter()
    adapter.unseen_turn_before_catch_up = False
    events, _, in_step = _follow(twin, {c: _scene_after(twin, c) for c in (PIVOT, ROLL)}, adapter)
    assert [e.text for e in events if isinstance(e, MoveConfirmed)][0].startswith("Red rolls east")
    assert not in_step


def test_the_taught_readings_of_the_film_ask_too(twin: TwinGame, tmp_path: Any) -> None:
    """The same through the taught pack's readings of the film's stills (the frames the
    stillness gate reads)."""
    art = tmp_path / str(PRINTING)
    scenes = {c: read_taught(taught_change_still(PRINTING, art, GAME, c, PLAYERS, TILT, LIGHT, settled=1),
                             PLAYERS, grid=GRID) for c in (PIVOT, ROLL)}
    events, _, in_step = _follow(twin, scenes, OctocubeAdapter())
    assert any(isinstance(e, QuestionAsked) for e in events), events
    assert in_step
