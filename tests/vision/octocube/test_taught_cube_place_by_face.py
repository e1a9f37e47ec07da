"""A cube in full view whose colour the net reads unsure is as sure of its place as its seat's
taught bare face fits its window (issue 20).

Whole taught game 72568 (random printing 997374, 3 players, tilt 23.2, lamp; bench/teach.py
--octocube-games), change 80: Red rolls west from E2 to D2. Red's cube stands bare on D2 in full
view; this printing draws its plastic orange-red, and the cube net (never taught a printing's
colours) gives D2 p(red) 0.68, under the tracker's ``unsure_place`` (0.7): a cube read on the
space next to where the tracker has it then counts at most 0.25 (``unsure_place_weight``), and
with E2's abyss tile, uncovered but mostly hidden behind Red's cube, read at 0.05, "nothing
happened" (0.57) was within the margin of the roll (0.22): the scene counted as unchanged, the
next turn's question lacked the roll and the game was lost at move 81. The seat's taught bare
face ``cube-red`` fits D2's cube-height window 0.82, by 0.33 over every other taught face
(``RecogniserConfig.pack_cube_place_by_face``). Real path: the printing drawn by the twin, taught
from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS, GRID = 997_374, 72_568, 567, 3, 5
"""The bench's printing and game (tilt 23.2, lamp, 3 players), the first still frame of change 80."""
D2, E2 = (1, 3), (1, 4)
RED = 0
UNSURE_PLACE = 0.7
"""The tracker's ``OctocubeAdapter.unsure_place``: a place read less sure than this, one space off,
counts at most ``unsure_place_weight``."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 23.2,
                             "lamp")


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 80
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == D2 and truth.cube_top[RED] == "bare"
    assert truth.cube_visibility[RED] > 0.99
    assert truth.tops[E2] == "abyss"


def test_the_place_is_sure(game_frame: tuple[Any, Any, Any]) -> None:
    red = read_taught(game_frame, PLAYERS, grid=GRID).cubes[RED]
    assert red.location == D2 and red.top is None
    assert red.place_confidence >= UNSURE_PLACE, red
    assert red.confidence < UNSURE_PLACE, "the top's reading is the net's as before"


def test_off_the_net_alone(game_frame: tuple[Any, Any, Any]) -> None:
    red = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_place_by_face=False), grid=GRID).cubes[RED]
    assert red.location == D2 and red.place_confidence < UNSURE_PLACE, red
