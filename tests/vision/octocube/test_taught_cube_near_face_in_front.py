"""A topped cube is not moved onto the location in front of it, where its own near face shows (issue 20).

Whole taught game 72541 (random printing 997351, 3 players, tilt 34.4, lamp; bench/teach.py
--octocube-games): after Red rolled west from E4 to D4 (change 51, frame 364), Red's cube on D4
wears a light blue sextant, in full view. The cube net (built-in, never taught) picks D4 for Red,
and with a pack a pick showing a taught tile, not a bare face, gives way to another window the net
gives the seat's colour that shows a taught bare cube face (``_bare_cube_elsewhere``: a tile in a
cube's colour seen nearly straight down). At tilt 34.4 (27.8 mm of parallax between the two
heights) Red's own blue near face fills much of the cube-height window of D3, right in front of
D4, and fits Red's taught bare face 0.68: the cube was moved onto D3 ("Red's cube moved diagonally
(E4 to D3)") and the game was lost at move 52 (after the fix of
test_taught_cube_top_behind.py; 157/157 with the built-in art).
``RecogniserConfig.pack_cube_elsewhere_front_parallax_mm``: from 9 mm of parallax up, never onto the
window right in front of the pick. Real path: the printing drawn by the twin, taught from the
bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import taught_game_still, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_351, 72_541, 364, 3
"""The bench's printing and game (tilt 34.4, lamp, 3 players), the first still frame of change 51."""
D3, D4 = (2, 3), (3, 3)
RED = 0


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 34.4,
                             "lamp")


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 51
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert truth.cube_location[RED] == D4 and truth.cube_top[RED] == "light blue sextant"
    assert truth.cube_visibility[RED] > 0.99 and truth.tops[D3] == "white starfish"


def test_the_topped_cube_stays_where_it_is(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    obs = read_taught(game_frame, PLAYERS)
    red = obs.cubes[RED]
    assert red.location == D4, f"Red's cube read on {red.location}"
    assert red.top is not None and red.top.label() == "light blue sextant" and red.rotation == 0
    assert obs.tops[D4].covered and not obs.tops[D3].covered
    for seat, at in truth.cube_location.items():  # every cube where it is
        assert obs.cubes[seat].location == at, seat


def test_off_it_is_moved_onto_its_near_face(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_elsewhere_front_parallax_mm=0))
    assert obs.cubes[RED].location == D3
