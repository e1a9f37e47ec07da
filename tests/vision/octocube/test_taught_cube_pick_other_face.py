"""The net's pick for a seat that shows another seat's bare cube face is not that seat's cube
(issue 20).

Whole taught game 72737 (random printing 997413, 4 players, tilt 5.5, lamp; bench/teach.py
--octocube-games, tuning), change 124 ("Blue places the cube on E3 and picks up a light blue
starfish"): Blue's cube stands bare on E3, and the cube net, never taught the printing, gives E3
p(purple) 0.91 (p(blue) 0.04); Blue's taught bare face fits E3 0.86, 0.42 over every other taught
face. Purple's own cube wears a light blue sextant on D3 (p(purple) 0.75). Purple was read on E3
and Blue nowhere, "Purple moved out of turn (it is Blue's turn)", a false alarm once the game got
past change 43 (session 53). Real path: the printing drawn by the twin, taught from the bench's
two rendered teach photos, the game's own film frame with the film's own noise (the frame the
stillness gate reads).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_413, 72_737, 4, 5, 5.5
BLUE, PURPLE = 2, 3
D3, E3 = (2, 3), (2, 4)


@pytest.fixture(scope="module")
def gate_frame(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art_dir = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art_dir, GAME, 124, PLAYERS, TILT, "lamp", settled=1)


def test_blue_is_found_on_e3_and_purple_on_d3(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[BLUE] == E3 and truth.cube_location[PURPLE] == D3
    assert truth.cube_top[BLUE] == "bare"
    obs = read_taught(gate_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    assert obs.cubes[BLUE].top is None


def test_with_the_nets_pick_standing_purple_is_read_on_blues_bare_cube(gate_frame: Any) -> None:
    """With the chain for a lost seat off too (``pack_lost_seat_rim_margin``: with it, Blue lost
    takes the window its plastic names and Purple is read on its own D3)."""
    obs = read_taught(gate_frame, PLAYERS, RecogniserConfig(pack_cube_pick_other_face=False,
                                                            pack_lost_seat_rim_margin=0.0), grid=GRID)
    assert obs.cubes[PURPLE].location == E3
    assert BLUE not in obs.cubes
