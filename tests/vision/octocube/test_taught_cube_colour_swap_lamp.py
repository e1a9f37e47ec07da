"""Two cubes wearing tiles that the net reads in the same colour, and whose rims a lamp has moved
nearer one seat's taught colour, are given their seats by how their rims differ (issue 20).

Whole taught game 72710 (random printing 997386, 4 players, tilt 14.6, lamp; bench/teach.py
--octocube-games), change 142: Purple rolls north from D5 onto D4 and wears a light blue pearl;
Blue's cube stands on C2 wearing a green sextant (drawn magenta, in a blue rim). The cube net
(never taught the printing's plastic) gives both purple as their best colour (C2 0.91, D4 0.71),
so Purple was read on C2 and Blue found on D4 by its tile's height. The taught colours cannot
set that right by distance: under the lamp both rims lie nearest the taught blue (C2 0.29 from
blue, 0.33 from purple; D4 0.16 and 0.21), but C2's rim is the bluer of the two by 0.086 along the
taught blue-purple difference (cosine -0.97). The game's first false alarm after session 43's
first change: "Blue moved out of turn; Purple's cube moved diagonally (D5 to C2)". Real path:
the printing drawn by the twin, taught from the bench's two rendered teach photos, the game's own
film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_386, 72_710, 1001, 4
"""The bench's printing and game (tilt 14.6, lamp, 4 players), the first still frame of change 142."""
C2, D4 = (1, 2), (3, 3)
BLUE, PURPLE = 2, 3


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 14.6,
                             "lamp")


def test_the_blue_and_purple_cubes_keep_their_seats(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 142
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert truth.cube_location[BLUE] == C2 and truth.cube_location[PURPLE] == D4
    obs = read_taught(game_frame, PLAYERS)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[BLUE].top
    assert top is not None and top.label() == truth.cube_top[BLUE] == "green sextant"


def test_without_the_rims_difference_they_change_seats(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: with the rims' difference off (main's reading) Purple is read on C2 and
    Blue on D4. The rings' swap (``pack_cube_colour_swap_ring_sides``, session 70) and the bands'
    swap (``pack_cube_colour_swap_by_band``, session 78) and the plain ring's swap
    (``pack_cube_colour_swap_plain_ring``, session 82) also set the pair right each on its own,
    so they are off here too."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_colour_swap_against=0.0,
                                                            pack_cube_colour_swap_ring_sides=0,
                                                            pack_cube_colour_swap_by_band=False,
                                                            pack_cube_colour_swap_plain_ring=0))
    assert obs.cubes[PURPLE].location == C2 and obs.cubes[BLUE].location == D4


def test_the_rims_difference_alone_still_swaps_them_with_the_own_ring_guard(game_frame: tuple[Any, Any, Any]) -> None:
    """The rims' difference on its own (the rings' and bands' swaps off) still sets the pair right
    with ``pack_cube_colour_swap_against_own_ring`` on (session 82, octrace82): neither window shows
    its own seat's ring plainly with none of the other's, so the guard lets this swap be."""
    assert RecogniserConfig().pack_cube_colour_swap_against_own_ring > 0
    frame = game_frame[1]
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_colour_swap_ring_sides=0,
                                                            pack_cube_colour_swap_by_band=False))
    assert obs.cubes[PURPLE].location == D4 and obs.cubes[BLUE].location == C2
    assert_every_cube_where_it_is(obs, truth)
