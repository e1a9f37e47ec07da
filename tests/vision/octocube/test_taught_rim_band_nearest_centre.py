"""A cube's rim band is the run nearest the window's centre, not a neighbour in the hue beyond the
cube (issue 20).

Whole taught game 72705 (random printing 997381, which draws light blue tiles pink; 2 players,
tilt 10.1, lamp; bench/teach.py --octocube-games), change 211: Red rolls north from D4 to D3
wearing a coin, its orange-red rim plain on four sides. The cube net gives C1's pink amphora
p(red) 0.806 and D3 0.802; seen nearly straight down, only the rim can tell them
(``_rimmed_cube_elsewhere``). D3's near band lies on lines 5-10, but lines 0-1, beyond the cube,
are in Red's hue too, and the band was taken at the first maximum of the window's first side:
lines 0-2, outer edges 47 mm from the far band's, two sides; Red was read on C1, "Red's cube moved
diagonally (D4 to C1)", the game's one false alarm. ``RecogniserConfig.pack_rim_band_nearest_centre``.
Real path: the printing drawn by the twin, taught from the bench's two rendered teach photos, the
game's own film frame.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import _rim_sides
from vision.octocube.truth import scene_truth

PRINTING, GAME, CHANGE, PLAYERS, GRID, TILT = 997_381, 72_705, 211, 2, 4, 10.1
RED = 0
C1, D3 = (0, 2), (2, 3)
RED_BGR = np.array([0.188, 0.251, 0.561])
"""Red's taught plastic in this printing (b, g, r shares, ``_rim_colour``)."""
OTHERS = [np.array([0.20, 0.40, 0.40])]


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_change_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, CHANGE, PLAYERS,
                               TILT, "lamp")


def test_every_cube_is_where_it_is(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == D3
    assert_every_cube_where_it_is(read_taught(game_frame, PLAYERS, grid=GRID), truth)


def test_off_red_is_read_on_the_pink_amphora(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_rim_band_nearest_centre=False,
                                                            pack_cube_stack_top_offset_share=0.0), grid=GRID)
    assert obs.cubes[RED].location == C1


def _sides(window: np.ndarray, nearest_centre: bool) -> int:
    cfg = RecogniserConfig()
    return _rim_sides(window, RED_BGR, OTHERS, cfg.pack_rim_hue, cfg.pack_rim_pale, cfg.pack_rim_side,
                      cfg.pack_rim_centre, cfg.pack_rim_span_mm, cfg.pack_rim_blur_along, cfg.pack_rim_outer_span_mm,
                      cfg.pack_rim_fourth_side_hue, cfg.pack_rim_fourth_side_share, cfg.pack_rim_fourth_side_square_mm,
                      nearest_centre=nearest_centre)


def _ring(extra: tuple[slice, slice] | None = None) -> np.ndarray:
    """A 52 mm cube-height window (1 px/mm) on the dark mat: a grey 34 mm tile on rows and columns
    9-42, Red's rim 3-4 mm wide round it (its silhouette 5-46), and ``extra`` in Red's plastic too."""
    window = np.full((52, 52, 3), (40, 70, 40), np.float32)
    red = RED_BGR.astype(np.float32) * 450
    window[5:47, 5:47] = red
    window[9:43, 9:43] = (90, 90, 90)
    if extra is not None:
        window[extra] = red
    return window


def test_a_neighbour_in_the_hue_beyond_the_cube_is_not_its_band() -> None:
    beyond = _ring((slice(0, 2), slice(5, 47)))  # lines 0-1 beyond the near band, as at change 211
    assert _sides(beyond, True) == 4
    assert _sides(beyond, False) == 2
    assert _sides(_ring(), True) == _sides(_ring(), False) == 4  # a plain ring: the same either way


def test_a_flat_tile_in_the_hue_is_still_no_rim() -> None:
    window = np.full((52, 52, 3), (40, 70, 40), np.float32)
    window[9:43, 9:43] = RED_BGR.astype(np.float32) * 450  # a pink tile, no ring round anything
    window[0:2, 9:43] = RED_BGR.astype(np.float32) * 450
    assert _sides(window, True) == 0
