"""A cube wearing a tile found by its plastic rim where the camera looks nearly straight down
(issue 20).

Whole taught game 72705 (random printing 997381, 2 players, tilt 10.1, lamp; bench/teach.py
--octocube-games), change 24: Yellow rolls east from B1 onto C1, wearing a light blue amphora
(drawn pink in this printing) on C1, whose stack shows a light blue amphora too. The cube net
(never taught the printing's plastic) gives C1 red 0.73, yellow 0.22, none 0.05: the seat is
missed. Its bare face is hidden under the tile, and the height test for a cube wearing a tile
needs 9 mm of parallax between stack and cube height (``pack_topped_min_parallax_mm``); C1 has
4.7. Yellow was not found, its roll was not seen, and the game was lost at move 23. Its yellow
rim round the pink tile is plain (``RecogniserConfig.pack_rim_*``). Real path: the printing drawn
by the twin, taught from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS, GRID = 997_381, 72_705, 175, 2, 4
"""The bench's printing and game (tilt 10.1, lamp, 2 players), the first still frame of change 24."""
C1 = (0, 2)
RED, YELLOW = 0, 1


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 10.1,
                             "lamp")


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 24
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location[YELLOW] == C1 and truth.cube_visibility[YELLOW] > 0.99
    assert truth.cube_top[YELLOW] == "light blue amphora"


def test_the_topped_cube_is_found_by_its_rim(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    yellow = obs.cubes.get(YELLOW)
    assert yellow is not None and yellow.location == C1, "Yellow's cube in full view was not found"
    assert yellow.top is not None and yellow.top.label() == "light blue amphora"
    assert obs.tops[C1].covered
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert_every_cube_where_it_is(obs, truth)


def test_off_it_is_missed(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: without the rim test (and the band round the tile, session 52's
    ``pack_rim_chroma_max_none``, which finds it on C1 as well) the cube is not found."""
    # the lost-seat chain (``pack_lost_seat_rim_margin``) finds it too: off as well
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_topped_centred_share=0.0,
                                                            pack_lost_net_colour_min_p=0.0,
                                                            pack_rim_max_none=0.0, pack_rim_chroma_max_none=0.0,
                                                            pack_lost_seat_rim_margin=0.0),
                      grid=GRID)
    assert YELLOW not in obs.cubes or obs.cubes[YELLOW].location != C1
    band = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_rim_max_none=0.0), grid=GRID)
    assert band.cubes[YELLOW].location == C1


ELSEWHERE_FRAME = 238
"""The first still frame of change 33: Red rolls south from D1 onto D2."""
C2, D2 = (1, 2), (1, 3)


@pytest.fixture(scope="module")
def elsewhere_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, ELSEWHERE_FRAME, PLAYERS,
                             10.1, "lamp")


def test_a_tile_in_the_cubes_colour_gives_way_to_the_rimmed_cube(elsewhere_frame: tuple[Any, Any, Any]) -> None:
    """Change 33: Red's cube on D2 wears a coin; C1's stack shows a light blue amphora, which this
    printing draws pink. The net gives C1 red 0.96, D2 0.78; C1 shows no red rim, D2 an orange-red
    rim all round its coin (``_rimmed_cube_elsewhere``)."""
    frame = elsewhere_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 33
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == D2 and truth.cube_top[RED] == "coin"
    assert truth.tops[C1] == "light blue amphora"
    red = read_taught(elsewhere_frame, PLAYERS, grid=GRID).cubes[RED]
    assert red.location == D2, red
    assert red.top is not None and red.top.label() == "coin"


def test_off_a_pink_tile_is_taken_for_the_cube(elsewhere_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: without the rim elsewhere (main's reading) Red is read on a pink stack
    top (C1's, or C2's behind it, which the net's colour in front adds to)."""
    # the flat tile's offset test off too: since session 66 it finds the pink amphorae shifted toward their stacks
    off = RecogniserConfig(pack_rim_elsewhere_sides=5, pack_cube_stack_top_offset_share=0.0)
    red = read_taught(elsewhere_frame, PLAYERS, off, grid=GRID).cubes[RED]
    assert red.location in (C1, C2), red
    truth = scene_truth(elsewhere_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.tops[red.location] == "light blue amphora"
