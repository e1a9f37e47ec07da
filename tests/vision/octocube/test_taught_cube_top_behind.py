"""A cube's top hidden by the bare face of the cube behind it is not read as bare (issue 20).

Whole taught game 72541 (random printing 997351, 3 players, tilt 34.4, lamp; bench/teach.py
--octocube-games): Red's cube on E3 wears a white diamond (a magenta face in this printing) and
Yellow's bare cube (cyan) stands right behind it on E4, on a stack one tile higher. The bench's
renderer paints a cube on a higher stack after one on a lower stack, whatever their depths, so
Yellow's near face covers two thirds of Red's top (Red's cube 67 % in view). With a pack, Red's top
window fit Yellow's taught bare face best (0.63-0.65, Red's own blue face 0.32-0.41) and the top
was read "nothing on top" at 0.61: with Blue's pivot (change 15) no legal move explained the table
("Red's cube shows nothing on top, expected a white diamond") and the game was lost at move 17
(17/157 moves followed, 105 false alarms; 157/157 with the built-in art).
``RecogniserConfig.pack_cube_top_behind_confidence``: such a top is reported unsure (0.1, under
the tracker's ``unread_top`` 0.5) with no turn. Real path: the printing drawn by the twin, taught
from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import taught_game_still, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_351, 72_541, 112, 3
"""The bench's printing and game (tilt 34.4, lamp, 3 players), the first still frame of change 15."""
E1, E3, E4 = (0, 4), (2, 4), (3, 4)
RED, YELLOW, BLUE = 0, 1, 2
UNREAD_TOP = 0.5
"""The tracker's ``OctocubeAdapter.unread_top``: a cube top read less sure than this is a doubt."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 34.4,
                             "lamp",
                             painted_by_height=True)  # the picture of that bench run (before session 38)


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 15
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert truth.cube_location[RED] == E3 and truth.cube_top[RED] == "white diamond"
    assert truth.cube_location[YELLOW] == E4 and truth.cube_top[YELLOW] == "bare"
    assert truth.cube_visibility[RED] < 0.75 and truth.cube_visibility[YELLOW] > 0.99


def test_a_top_hidden_by_the_cube_behind_is_not_read_bare(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS)
    red = obs.cubes[RED]
    assert red.location == E3
    assert red.top is None and red.confidence < UNREAD_TOP and red.rotation is None, red
    assert red.place_confidence > 0.9, "the place stands"
    yellow, blue = obs.cubes[YELLOW], obs.cubes[BLUE]  # the cube behind, read bare and sure
    assert yellow.location == E4 and yellow.top is None and yellow.confidence > 0.8
    assert blue.location == E1 and blue.top is not None and blue.top.label() == "light blue starfish"
    assert blue.confidence > UNREAD_TOP


def test_off_it_reads_nothing_on_top_surely(game_frame: tuple[Any, Any, Any]) -> None:
    red = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_top_behind_confidence=0)).cubes[RED]
    assert red.location == E3 and red.top is None and red.confidence > UNREAD_TOP
