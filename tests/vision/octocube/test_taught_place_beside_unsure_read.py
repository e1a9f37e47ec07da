"""A placing on an edge space read unsurely one space off, off the edge, is asked, not an alarm
(the tracker's ``OctocubeAdapter.place_beside_unsure_read``; issue 20).

Fresh whole taught game 72853 (random printing 998249, 3 players, tilt 13.5, day; session 79,
``bench/teach.py --packs 1 --first-art 998249 --octocube-games 1 --octocube-seed 72853``): 151/151
moves with one false alarm, say line 193 "Blue's cube was put on D4, which is not an edge space".
Change 117: Blue places its cube on E4. The stillness gate's frame of that change (settled 1; settled
0 and 2 read the same) reads Blue's cube on D4 at place confidence 0.33 (whole 0.165), every other
cube right. Real path: the printing drawn by the twin, taught from the bench's two rendered teach
photos, the frame the stillness gate read, the tracker in step with the game before it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tests.vision.octocube.taught_table import kept_change_still, read_taught
from tracker.inference import IllegalObservation, Question, infer
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_249, 72_853, 3, 5, 13.5
BLUE, D4, E4 = 2, (3, 3), (3, 4)
CHANGE = 117
UNSURE_PLACE = 0.7
"""The tracker's ``OctocubeAdapter.unsure_place``."""


@pytest.fixture(scope="module")
def placing_frame() -> tuple[Any, Any, Any]:
    return kept_change_still(PRINTING, GAME, CHANGE, PLAYERS, TILT, "day", settled=1)


def test_blue_is_read_one_space_off_unsurely(placing_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(placing_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[BLUE] == E4
    blue = read_taught(placing_frame, PLAYERS, grid=GRID).cubes[BLUE]
    assert blue.location == D4 and blue.place_confidence < UNSURE_PLACE, blue


@pytest.mark.parametrize("on", [True, False])
def test_the_placing_is_asked_not_an_alarm(placing_frame: tuple[Any, Any, Any], on: bool) -> None:
    """On: "Blue places on E4" among the options, answered truthfully the game stays in step. Off
    (the control): no placing on E4 is tried and the scene is the alarm main raised."""
    twin = TwinGame(PLAYERS, GAME, illegal=1, max_moves=None, mode="standard")
    change = twin.changes[CHANGE]
    assert change.text.startswith("Blue places the cube on E4")
    tracked = tracked_until(twin, change.truth_moves - 1)
    assert isinstance(tracked.adapter, OctocubeAdapter)
    tracked.adapter.place_beside_unsure_read = on
    seen = read_taught(placing_frame, PLAYERS, grid=GRID)
    placing = twin.truth.history[change.truth_moves - 1]
    verdict = infer(tracked.state, seen, tracked.adapter)
    if not on:
        assert isinstance(verdict, IllegalObservation), verdict
        assert "Blue's cube was put on D4, which is not an edge space" in verdict.reason
        return
    assert isinstance(verdict, Question) and (placing,) in verdict.options, verdict
    events = list(tracked.observe(seen))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    truth = truth_after(twin, change.truth_moves)
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
