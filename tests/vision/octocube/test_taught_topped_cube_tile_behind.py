"""A tile on the stack behind is not a cube wearing it (issue 20).

Whole taught game 72541 (random printing 997351, 3 players, tilt 34.4, lamp; bench/teach.py
--octocube-games), change 129: Blue's bare cube on B1 is missed (the net gives it a share of 0.26
with Red's cube right behind it), so a cube wearing a tile is looked for (``_topped_cubes``).
Under this tilt D4's cube-height window (29.9 mm of parallax) reaches over the stack right behind
it, D5, whose light blue sextant fits it 0.74, while D4's own stack window is hidden behind
Yellow's cube on D3 (the tile fits it under 0.2): a tile at a cube's height by the height test,
given to Blue by its rim, and the tracker saw "Blue's cube moved diagonally (A1 to D4)" (lost at
move ~130). ``RecogniserConfig.pack_topped_behind_margin``: such a tile, fitting D5's own stack
window 0.94, is D5's. Real path: the printing drawn by the twin, taught from the bench's two
rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import taught_game_still, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_351, 72_541, 910, 3
"""The bench's printing and game (tilt 34.4, lamp, 3 players), the first still frame of change 129."""
B1, B2, D3, D4, D5 = (0, 1), (1, 1), (2, 3), (3, 3), (4, 3)
RED, YELLOW, BLUE = 0, 1, 2


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 34.4,
                             "lamp",
                             painted_by_height=True)  # the picture of that bench run (before session 38)


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 129
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert truth.cube_location == {RED: B2, YELLOW: D3, BLUE: B1}
    assert truth.tops[D5] == "light blue sextant" and truth.top_visibility[D4] < 0.4


def test_the_tile_behind_is_no_cube(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS)
    assert obs.cubes[RED].location == B2 and obs.cubes[YELLOW].location == D3
    blue = obs.cubes.get(BLUE)
    assert blue is None or blue.location != D4, blue
    assert all(c.location != D4 for c in obs.cubes.values())


def test_off_blue_is_read_on_d4(game_frame: tuple[Any, Any, Any]) -> None:
    # as the code read it then: steep locations whose stack window fits a tile were not tried
    # (``pack_topped_near_face_parallax_mm``, session 72); with them tried and this guard off,
    # Blue is still not read on B1
    off = RecogniserConfig(pack_topped_behind_margin=0, pack_topped_near_face_parallax_mm=0)
    blue = read_taught(game_frame, PLAYERS, off).cubes.get(BLUE)
    assert blue is not None and blue.location == D4


def test_steep_tries_lean_on_this_guard(game_frame: tuple[Any, Any, Any]) -> None:
    blue = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_topped_behind_margin=0)).cubes.get(BLUE)
    assert blue is not None and blue.location != B1
