"""A lost seat takes the found seat's window whose plastic is its own, where the net reads that
seat's colour on two cubes (``pack_lost_seat_net_twin_margin``; issue 20, session 80 lamp80).

Fresh whole taught game 72845 (random printing 998236, 4 players, tilt 32.2, lamp; bench/teach.py
--octocube-games), change 30: Purple places its cube on B5 (dark blue pearl). Under the lamp the
cube net reads Purple's cube p(red) 0.936 (p(purple) 0.006) and Red's own cube on E4 p(red) 0.74:
Red, the surer there, took B5, Purple was found nowhere and E4 was nobody's. The lost-seat chain
names a window only where its band lies nearest one seat's taught plastic by
``pack_lost_seat_rim_margin`` (0.1); B5's band lies 0.100 from Purple's, 0.198 from Red's
(settled 0, margin 0.098), E4's 0.045 from Red's, 0.139 from Purple's (settled 2, 0.094): one link
short in each frame, no chain. The pipeline read the gate's first quiet frame (settled 0): "Red
moved out of turn", a question answered "none of these" and three moves lost (session 79
fresh79a's trace). Real path: the printing drawn by the twin, taught from the bench's two
rendered teach photos, the game's own film frames with the film's noise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import asked_then_followed, tracked_until, truth_after
from tests.vision.octocube.taught_table import (assert_every_cube_where_it_is, assert_every_top_as_truth,
                                               kept_change_still, read_taught)
from tracker.octocube.stack_heights import StackHeights
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_236, 72_845, 4, 5, 32.2
CHANGE = 30
RED, PURPLE = 0, 3
E4, B5 = (3, 4), (4, 1)
SETTLED = (0, 2)
"""The frames of change 30's still scene that main reads with Purple lost (settled 1 reads right)."""
OFF = RecogniserConfig(pack_lost_seat_net_twin_margin=0.0)


@pytest.fixture(scope="module")
def stills() -> dict[int, Any]:
    return {s: kept_change_still(PRINTING, GAME, CHANGE, PLAYERS, TILT, "lamp", settled=s) for s in SETTLED}


@pytest.mark.parametrize("settled", SETTLED)
def test_every_cube_on_its_place_with_its_top(stills: dict[int, Any], settled: int) -> None:
    truth = scene_truth(stills[settled][1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[PURPLE] == B5 and truth.cube_location[RED] == E4
    obs = read_taught(stills[settled], PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    assert_every_top_as_truth(obs, truth)


@pytest.mark.parametrize("settled", SETTLED)
def test_off_red_takes_purples_cube_and_purple_is_lost(stills: dict[int, Any], settled: int) -> None:
    """The off control (main): Red read on B5, Purple nowhere, E4 nobody's."""
    obs = read_taught(stills[settled], PLAYERS, OFF, grid=GRID)
    assert obs.cubes[RED].location == B5 and PURPLE not in obs.cubes
    assert all(c.location != E4 for c in obs.cubes.values())


@pytest.mark.parametrize(("config", "follows"), [(None, True), (OFF, False)])
def test_the_tracker_follows_the_place(stills: dict[int, Any], config: Any, follows: bool) -> None:
    """The gate's first quiet frame (settled 0), as the pipeline reads it: no alarm, the place's
    turn asked (as in the game's rerun of session 79 at settled 1) and, answered truly, the
    history the twin's; off, "Red moved out of turn"."""
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert twin.changes[CHANGE].text.startswith("Purple places the cube on B5")
    tracked = tracked_until(twin, twin.changes[CHANGE - 1].truth_moves)
    observed = StackHeights().annotate(read_taught(stills[0], PLAYERS, config, grid=GRID))
    if follows:
        asked_then_followed(tracked, observed, truth_after(twin, twin.changes[CHANGE].truth_moves))
    else:
        assert any(isinstance(e, IllegalMoveAlert) for e in tracked.observe(observed))
