"""A cube the net misses is found by its plastic rim alone (issue 20).

Whole taught game 72734 (random printing 997410, 4 players, tilt 3.8, day; bench/teach.py
--octocube-games, session 51's fresh game, now tuning). The printing draws every cube face as a
metal-grey plate from 3 mm in: the seats' plastic shows only as a thin band round it, and round
a tile a cube wears. At change 19 ("Blue rolls north from A3 to A2 and picks up a green
starfish") Blue's cube wears a dark blue sextant on A2; the cube net, never taught the printing,
gives that window p(none) 0.90, p(blue) 0.07, and Blue was found nowhere: "no legal move explains
the table: ... Blue's cube was not found", and the game was lost. Changes 30 and 38 are the same
with the cube standing on A2's stack: its near rim band 5 mm wide, the far one 4, their middles
35 mm apart (``pack_rim_span_mm`` was 36-42). Two more causes: the seats' taught
colours were sampled 2-8 mm in from the face's edge, mostly the grey plate (0.035-0.063 from
grey, under ``pack_rim_colourful``: no rim could be told in this printing); and the rim was
looked for only where the net's p(none) is at most ``pack_rim_max_none``. Real path: the printing
drawn by the twin, taught from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_410, 72_734, 4, 5, 3.8
BLUE = 2
A2 = (1, 0)


@pytest.fixture(scope="module")
def art_dir(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return tmp_path_factory.mktemp("art") / str(PRINTING)


def still(art_dir: Any, change: int) -> Any:
    return taught_change_still(PRINTING, art_dir, GAME, change, PLAYERS, TILT, "day")


@pytest.mark.parametrize("change", [19, 30, 38])
def test_blues_cube_wearing_a_dark_tile_in_a_thin_rim_is_found_by_the_rim(art_dir: Any, change: int) -> None:
    game_frame = still(art_dir, change)
    frame = game_frame[1]
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location[BLUE] == A2
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    assert obs.cubes[BLUE].top is not None and obs.cubes[BLUE].top.obj == "sextant"


def test_without_the_rim_alone_blue_is_found_nowhere(art_dir: Any) -> None:
    game_frame = still(art_dir, 19)
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_rim_alone_max_none=0.0), grid=GRID)
    assert BLUE not in obs.cubes
