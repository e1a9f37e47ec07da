"""The net reads two cubes in one seat's colour and one seat is missing; the found seat's window
names the lost seat's plastic plainly, the free window names the found seat's only by a hair
(``pack_net_twin_free_nearest``; issue 20, session 82 fresh82b).

Fresh whole taught game 72869 (random printing 998292, 4 players, tilt 1.7, day; bench/teach.py
--octocube-games, first run on main f88b08be), change 40: Blue rolls south from B3 to B4, its cube
wearing a dark blue starfish. The cube net reads it p(purple) 0.696 (p(blue) 0.175) and Purple's
own cube on A4 (wearing a coin) p(purple) 0.687: Purple took B4, Blue was found nowhere, A4 read
as a coin tile; the game said "ILLEGAL: Purple moved out of turn (it is Blue's turn)" (say line
66), cleared at the next scene. The net-twin chain (``pack_lost_seat_net_twin_margin`` 0.05) was
one link short: B4's band 0.188 from Blue's plastic, 0.280 from Purple's (margin 0.092), A4's
0.074 from Purple's, 0.083 from Red's (0.009). The gate's frame (settled 1). Real path: the
printing drawn by the twin, taught from the bench's two rendered teach photos, the film's frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import (assert_every_cube_where_it_is, assert_every_top_as_truth,
                                               kept_change_still, read_taught)
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_292, 72_869, 4, 5, 1.7
CHANGE, SETTLED = 40, 1
BLUE, PURPLE = 2, 3
A4, B4 = (3, 0), (3, 1)
ON = RecogniserConfig(pack_net_twin_free_nearest=True)
OFF = RecogniserConfig(pack_net_twin_free_nearest=False)


@pytest.fixture(scope="module")
def still() -> Any:
    return kept_change_still(PRINTING, GAME, CHANGE, PLAYERS, TILT, "day", settled=SETTLED)


def test_on_every_cube_on_its_place_with_its_top(still: Any) -> None:
    truth = scene_truth(still[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[BLUE] == B4 and truth.cube_location[PURPLE] == A4
    obs = read_taught(still, PLAYERS, ON, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    assert_every_top_as_truth(obs, truth)


def test_off_purple_takes_blues_cube_and_blue_is_lost(still: Any) -> None:
    """The off control (main until session 83): Purple read on B4, Blue nowhere, A4 read as a bare tile."""
    obs = read_taught(still, PLAYERS, OFF, grid=GRID)
    assert obs.cubes[PURPLE].location == B4 and BLUE not in obs.cubes
    assert not obs.tops[A4].covered and obs.tops[A4].tile is not None
