"""Two cubes the cube net reads each in its own seat's colour keep their seats, whatever their
rims say (issue 20).

Whole taught game 72712 (random printing 997388, 3 players, tilt 31.7, lamp; bench/teach.py
--octocube-games), change 50: Red's cube has rolled onto E3, Yellow rolls east from A5 onto B5
and wears a light blue starfish. The net reads both right: p(red) best on E3 (0.82), p(yellow)
best on B5 (0.98). Under the lamp both plastic rims lie far from both taught colours (0.40-0.49),
and the older swap rule (each rim nearer the other seat's taught colour, summed gain 0.059 over
``pack_cube_colour_swap`` 0.05) swapped them: Red read on B5, Yellow on E3, the game's first false
alarm "Red moved out of turn; Yellow's cube moved diagonally (A5 to E3)". The swap rules were
written for two cubes the net reads in one colour. Real path: the printing drawn by the twin,
taught from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_388, 72_712, 357, 3
"""The bench's printing and game (tilt 31.7, lamp, 3 players), the first still frame of change 50."""
E3, B5 = (2, 4), (4, 1)
RED, YELLOW = 0, 1


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 31.7,
                             "lamp")


def test_the_red_and_yellow_cubes_keep_their_seats(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 50
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert truth.cube_location[RED] == E3 and truth.cube_location[YELLOW] == B5
    obs = read_taught(game_frame, PLAYERS)
    assert_every_cube_where_it_is(obs, truth)


def test_asking_the_rims_of_every_pair_swaps_them(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: with the rims asked for a pair the net tells apart (main's reading),
    Red is read on B5 and Yellow on E3."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_colour_swap_keep_net_own=False))
    assert obs.cubes[RED].location == B5 and obs.cubes[YELLOW].location == E3
