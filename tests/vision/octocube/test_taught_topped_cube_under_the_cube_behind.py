"""A cube wearing a tile, partly under the cube behind, is found by that tile (issue 20).

Whole taught game 72552 (random printing 997362, 2 players, tilt 16.9, lamp; bench/teach.py
--octocube-games), change 118: Yellow's cube on C1 wears a green amphora, 84 % in view: Red's
cube on D1, on a taller stack right behind it as the camera sees it, is drawn over part of it (the
bench's renderer paints a cube on a higher stack last), and Red has just pivoted it. The net gives
C1 red 0.61 and yellow a share of 0.25 of what Red leaves (under ``min_cube_probability``), the
amphora fits C1's cube-height window 0.57 (under ``pack_topped_partial_score``) and its
stack-height window 0.35, and Yellow's cube was not found: "no legal move explains the table:
Yellow's cube was not found; C1 shows a green amphora, expected a cube there" (lost at move ~118).
``RecogniserConfig.pack_hidden_topped_score``: the near-face way (``_hidden_cube_by_near_face``)
is confirmed for a cube wearing a tile by the tile at its height inside the seat's rim. Real
path: the printing drawn by the twin, taught from the bench's two rendered teach photos, the
game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import taught_game_still, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS, GRID = 997_362, 72_552, 833, 2, 4
"""The bench's printing and game (tilt 16.9, lamp, 2 players: a 4 x 4 grid), the first still
frame of change 118."""
C1, D1 = (0, 2), (0, 3)
RED, YELLOW = 0, 1
UNREAD_TOP = 0.5
"""The tracker's ``OctocubeAdapter.unread_top``: a cube top read less sure than this is a doubt."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 16.9,
                             "lamp",
                             painted_by_height=True)  # the picture of that bench run (before session 38)


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 118
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location == {RED: D1, YELLOW: C1}
    assert truth.cube_top[YELLOW] == "green amphora" and truth.cube_visibility[YELLOW] < 0.9


def test_the_cube_is_found_by_its_tile(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    red, yellow = obs.cubes[RED], obs.cubes.get(YELLOW)
    assert red.location == D1 and red.place_confidence > 0.9
    assert yellow is not None and yellow.location == C1, yellow
    assert yellow.top is not None and yellow.top.label() == "green amphora"
    assert yellow.confidence < UNREAD_TOP, "found on a small share of the colour: a doubt to the tracker"


def test_off_it_is_not_found(game_frame: tuple[Any, Any, Any]) -> None:
    # the lost-seat chain (``pack_lost_seat_rim_margin``) finds it too: off as well
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_hidden_topped_score=2.0,
                                                            pack_lost_seat_rim_margin=0.0), grid=GRID)
    assert YELLOW not in obs.cubes
