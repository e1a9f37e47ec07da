"""A cube top the fine stage picks among close tiles is as sure as its turn too (issue 20).

Fresh whole taught game 72740 (random printing 997416, 4 players, tilt 10.3, evening; bench/teach.py
--octocube-games, session 53): the printing draws the dark blue starfish as a dark eight-point star
on dark blue, alike in every quarter turn. At change 62 ("Yellow rolls west from D4 to C4 and picks
up a white amphora") Red's cube on E5 and Yellow's on C4 both wear one, turned 270. Several tiles
fit close, so the fine stage picks the top and its turn: it fit the starfish 0.962 / 0.967 / 0.962 /
0.964 in the four turns, read 90, and the reading was 0.82 sure (the pick's lead over the next tile
only). The true roll differed from the table by the two turns only, no legal move explained it,
and the game was lost at move 62 (62/172 moves, 77 false alarms).
``RecogniserConfig.pack_cube_fine_turn_certainty``: the reading is as sure as the turn leads too.
Real path: the printing drawn by the twin, taught from the bench's two rendered teach photos, the
game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, CHANGE, PLAYERS, GRID, TILT = 997_416, 72_740, 62, 4, 5, 10.3
RED, YELLOW, BLUE, PURPLE = 0, 1, 2, 3
UNREAD_TOP = 0.5
"""The tracker's ``OctocubeAdapter.unread_top``: a cube top read less sure than this is a doubt."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_change_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, CHANGE, PLAYERS,
                               TILT, "evening")


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    for seat in (RED, YELLOW):
        assert truth.cube_top[seat] == "dark blue starfish" and truth.cube_rotation[seat] == 270


def test_a_turn_every_turn_fits_alike_is_a_doubt(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    for seat in (RED, YELLOW):
        cube = obs.cubes[seat]
        assert cube.location == truth.cube_location[seat] and cube.top is not None
        assert cube.top.label() == "dark blue starfish"
        assert cube.rotation == 270 or cube.confidence < UNREAD_TOP, cube
        assert cube.place_weight_confidence > 0.85, "the place stands"
    for seat in (BLUE, PURPLE):  # a white sextant's and a white diamond's turns show: as sure as before
        cube = obs.cubes[seat]
        assert cube.top is not None and cube.top.label() == truth.cube_top[seat]
        assert cube.rotation == truth.cube_rotation[seat] and cube.confidence > 0.85, cube


def test_off_the_wrong_turn_is_read_surely(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_fine_turn_certainty=False), grid=GRID)
    assert any(obs.cubes[s].rotation != 270 and obs.cubes[s].confidence > 0.75 for s in (RED, YELLOW))
