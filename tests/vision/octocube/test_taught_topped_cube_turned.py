"""A cube wearing a tile that fits only turned is found where the tilt barely lifts it (issue 20).

Whole taught game 72718 (random printing 997394, 3 players, tilt 16.2, day; bench/teach.py
--octocube-games), change 94: Blue places its cube on A1 top face down, its dark blue amphora
turned 90 on top. A1 lies where the tilt moves a top only 9.0 mm between a stack's and a cube's
height: the amphora fits the cube-height window 0.964 and the stack-height window 0.936, a height
lead of 0.028 where 0.09 is asked; the cube net sees no cube (p(blue) 0.05) and the rim tells no
colour: Blue was not found, "Blue's cube was not found; A1 shows abyss tile H" and the game was
lost. A stack's top lies upright: the amphora fits 0.299 upright, so it lies on a cube
(``pack_topped_turned_lead``). Real path: the printing drawn by the twin, taught from the bench's
two rendered teach photos, the game's own film frame (the first still frame of change 94).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_394, 72_718, 665, 3
"""The bench's printing and game (tilt 16.2, day, 3 players), the first still frame of change 94."""
A1, BLUE = (0, 0), 2


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 16.2,
                             "day")


def test_the_cube_wearing_a_turned_tile_is_found(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 94
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert truth.cube_location[BLUE] == A1 and truth.cube_top[BLUE] == "dark blue amphora"
    assert truth.cube_rotation[BLUE] == 90
    obs = read_taught(game_frame, PLAYERS)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[BLUE].top
    assert top is not None and top.label() == "dark blue amphora"
    assert obs.cubes[BLUE].rotation == 90


def test_by_its_height_alone_it_is_not_found(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: without the turn (main's reading) Blue is missing."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_topped_turned_lead=2.0))
    assert BLUE not in obs.cubes
