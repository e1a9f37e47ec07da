"""The mean-rim swap rule asks each of the two windows for its own evidence
(``pack_cube_colour_swap_each``; issue 20, session 79 fresh79a's trace).

Fresh whole taught game 72845 (random printing 998236, 4 players, tilt 32.2, lamp), changes 59 (Red
rolls A3 to A4) and 67 (Red rolls A5 to A4), Purple's cube on E2 wearing a dark blue pearl. Under the
lamp the cube net reads Purple's cube p(red) 0.84 (p(purple) 0.01), yet places every cube right; the
mean-rim rule of ``_swap_by_taught_colour`` then swaps Red and Purple: Red's window lies 0.046 nearer
Purple's taught cube colour than Red's, Purple's window only 0.004-0.005 nearer Red's, summed
0.048-0.052 against ``pack_cube_colour_swap`` 0.05, so the frame's noise decides (59: settled 0 and
2 swapped; 67: settled 1 and 2). Read so, the tracker said "Red's cube moved diagonally (A3 to
E2); Purple moved out of turn". Real path: the printing drawn by the twin, taught from the bench's
two rendered teach photos, the game's own film frames with the film's noise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import (assert_every_cube_where_it_is, kept_change_still, read_taught,
                                                taught_game_frame)
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_236, 72_845, 4, 5, 32.2
RED, PURPLE = 0, 3
E2 = (1, 4)
FRAMES = ((59, 0), (67, 2))
"""(change, settled): a frame of each change that main reads swapped."""
EACH = RecogniserConfig(pack_cube_colour_swap_each=0.02)


@pytest.fixture(scope="module")
def frames() -> dict[tuple[int, int], Any]:
    return {key: kept_change_still(PRINTING, GAME, key[0], PLAYERS, TILT, "lamp", settled=key[1]) for key in FRAMES}


def _top(obs: Any, seat: int) -> str:
    top = obs.cubes[seat].top
    return "bare" if top is None else str(top.label())


@pytest.mark.parametrize("key", FRAMES)
def test_each_window_asked_every_cube_on_its_place(frames: dict[tuple[int, int], Any], key: tuple[int, int]) -> None:
    truth = scene_truth(frames[key][1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[PURPLE] == E2 and truth.cube_top[PURPLE] == "dark blue pearl"
    obs = read_taught(frames[key], PLAYERS, EACH, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    for seat in truth.cube_location:
        assert _top(obs, seat) == truth.cube_top[seat], seat


@pytest.mark.parametrize("key", FRAMES)
def test_off_red_and_purple_read_swapped(frames: dict[tuple[int, int], Any], key: tuple[int, int]) -> None:
    """The off control (main): Red read on Purple's cube on E2, Purple on Red's."""
    truth = scene_truth(frames[key][1].ground_truth, GRID, PLAYERS)
    obs = read_taught(frames[key], PLAYERS, RecogniserConfig(pack_cube_colour_swap_each=0.0), grid=GRID)
    assert obs.cubes[RED].location == E2
    assert obs.cubes[PURPLE].location == truth.cube_location[RED]


def test_the_rules_own_case_still_swaps(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The mean-rim rule's case (printing 997322, game 72483, frame 100: red and yellow cubes both
    p(yellow) best, each window 0.029 / 0.123 nearer the other seat's colour) still swaps."""
    game_frame = taught_game_frame(997_322, tmp_path_factory.mktemp("art") / "997322", 72_483, 100, 2, 22.8,
                                   "evening")
    obs = read_taught(game_frame, 2, EACH, grid=4)
    assert obs.cubes[0].location == (1, 1) and obs.cubes[1].location == (2, 0)
