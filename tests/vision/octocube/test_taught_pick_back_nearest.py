"""A seat's bare cube set aside as a stack top, its rim nearest its own plastic by less than the
chain's margin: the seat goes back (``pack_set_aside_pick_back_nearest``; issue 20, session 82
fresh82b).

Fresh whole taught game 72869 (random printing 998292, 4 players, tilt 1.7, day; first run on
main f88b08be), changes 64 and 68: Yellow's bare cube on A1 (p(yellow) 0.95) is set aside by the
height test (read as a white amphora) and Yellow takes Blue's cube on A5 (64) or Red's on D5
(68), the rival lost: "Red moved out of turn; Yellow moved out of turn" (say line 106) and
"Yellow moved out of turn" (line 119). ``pack_set_aside_pick_back`` needs A1's band nearest
Yellow's plastic by 0.1: it is by 0.073-0.078. The gate's frames (settled 1).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import (assert_every_cube_where_it_is, kept_change_still,
                                               read_taught)
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_292, 72_869, 4, 5, 1.7
YELLOW, A1 = 1, (0, 0)
CHANGES = {64: 2, 68: 0}
"""Change -> the rival seat whose cube Yellow took (Blue on A5, Red on D5)."""
ON = RecogniserConfig(pack_set_aside_pick_back_nearest=True)


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_on_every_cube_on_its_place(change: int) -> None:
    still = kept_change_still(PRINTING, GAME, change, PLAYERS, TILT, "day", settled=1)
    truth = scene_truth(still[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[YELLOW] == A1
    obs = read_taught(still, PLAYERS, ON, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    assert obs.tops[A1].covered


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_off_yellow_takes_a_rivals_cube(change: int) -> None:
    """The off control (main, the default): Yellow on the rival's place, the rival lost, A1 a tile."""
    still = kept_change_still(PRINTING, GAME, change, PLAYERS, TILT, "day", settled=1)
    truth = scene_truth(still[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(still, PLAYERS, grid=GRID)
    assert obs.cubes[YELLOW].location == truth.cube_location[CHANGES[change]]
    assert CHANGES[change] not in obs.cubes and not obs.tops[A1].covered
