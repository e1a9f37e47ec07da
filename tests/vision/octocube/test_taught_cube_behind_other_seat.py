"""A cube the net also sees behind it stays put where another seat's taught face is there (issue 20).

The cube net finds a cube leaning into the window in front of it under tilt and moves it onto the
location behind (``cube_behind_ratio``). In whole taught game 72704 (random printing 997380, 4
players, tilt 16.8, evening; bench/teach.py --octocube-games), Purple placed its cube, wearing a
tile, on B1 right in front of Blue's bare cube on C1, which the net read purple (0.54, blue 0.17):
Purple (0.99 on B1) was moved onto C1, Blue found nowhere, and Purple's top on B1 read as the stack
top there: "ILLEGAL: a tile left stack B1 with no cube on it", a false alarm ending the game's
tracking. The pack holds each seat's bare cube face: Blue's fits C1, so Purple stays on B1 and Blue
is found on C1. Real path: the printing drawn by the twin, taught from the bench's two rendered
teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_380, 72_704, 756, 4
"""The bench's printing and game (tilt 16.8, evening, 4 players: a 5 x 5 grid), the still frame
after change 107 (Purple places its cube on B1)."""
PURPLE, BLUE = 3, 2


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 16.8,
                             "evening")


def test_purple_stays_in_front_and_blue_is_found_behind(game_frame: tuple[Any, Any, Any]) -> None:
    assert game_frame[1].ground_truth["phase"] == "still"
    truth = scene_truth(game_frame[1].ground_truth, 5, PLAYERS)
    assert truth.cube_location[PURPLE] == (0, 1) and truth.cube_location[BLUE] == (0, 2)
    obs = read_taught(game_frame, PLAYERS)
    assert obs.cubes[PURPLE].location == (0, 1)
    assert BLUE in obs.cubes and obs.cubes[BLUE].location == (0, 2)


def test_without_the_taught_faces_the_net_moves_purple_behind(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: the net's lean rule alone puts Purple on Blue's space and loses Blue."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_behind_other_face=False,
                                                            pack_cube_behind_cube_in_front=False))
    assert obs.cubes[PURPLE].location == (0, 2)
    assert BLUE not in obs.cubes


def test_purple_standing_in_front_wearing_a_tile_keeps_it_there_alone(game_frame: tuple[Any, Any, Any]) -> None:
    """Session 50's rule alone (``pack_cube_behind_cube_in_front``: Purple's tile lies at a cube's
    height on B1, a cube stands there) keeps Purple in front as well."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_behind_other_face=False))
    assert obs.cubes[PURPLE].location == (0, 1)
    assert BLUE in obs.cubes and obs.cubes[BLUE].location == (0, 2)
