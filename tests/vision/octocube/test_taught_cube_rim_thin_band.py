"""A cube's plastic rim is measured in masks averaged along each band, not across it (issue 20).

Whole taught game 72705 (random printing 997381, 2 players, tilt 10.1, lamp; bench/teach.py
--octocube-games), change 119: Red rolls east from C1 onto D1 wearing a green amphora. This printing
draws light blue tiles pink, and the cube net gives C1's and C2's pink amphorae p(red) 0.96 and
0.94, as much as the real cube on D1 (0.96); seen nearly straight down (parallax 5-6 mm) the height
test cannot tell them apart, so the rim test (``_rimmed_cube_elsewhere``) should move Red onto the
one window whose rim shows on four sides. D1's orange-red rim is plain on all four, but its left
band is 2 px wide beside the green tile, and the 3 x 3 mean across it fell to cosine 0.83-0.87 of
Red's hue (``pack_rim_hue`` 0.9) along the side's middle: three sides. Red was read on C2 (surely,
1.0), D1's green amphora taken for its stack's top: "a tile left stack D1 with no cube on it", and
the game was lost from move 119. Averaged along the band, the left side shows: four sides.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import _rim_sides
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS, GRID = 997_381, 72_705, 840, 2, 4
"""The bench's printing and game (tilt 10.1, lamp, 2 players: a 4 x 4 grid), the first still frame
of change 119."""
RED, D1, C2 = 0, (0, 3), (1, 2)
RED_BGR = np.array([0.198, 0.261, 0.541])
"""Red's taught plastic in this printing (b, g, r shares) ..."""
YELLOW_BGR = np.array([0.158, 0.414, 0.428])
"""... and Yellow's."""


def _rim_round_green(left_px: int, blur_sigma: float) -> np.ndarray:
    """A 52 mm cube-height window (1 px/mm) on the dark mat: Red's 40 mm top wearing a green tile,
    the rim's band ``left_px`` wide on the left and 3 px elsewhere, seen through a lens that
    blurs by ``blur_sigma`` px."""
    window = np.full((52, 52, 3), (40, 60, 40), np.float32)
    window[6:46, 6:46] = RED_BGR * 420
    window[9:43, 6 + left_px:43] = (70, 175, 85)
    return np.asarray(cv2.GaussianBlur(window, (0, 0), blur_sigma))


def _sides(window: np.ndarray, along: bool | None = None) -> int:
    """:func:`_rim_sides` with the ``pack_rim_*`` defaults and Yellow as the other seat; ``along``
    None: as the recogniser calls it by default."""
    if along is None:
        return _rim_sides(window, RED_BGR, [YELLOW_BGR], 0.9, 0.4, 0.6, 0.3, (36.0, 42.0))
    return _rim_sides(window, RED_BGR, [YELLOW_BGR], 0.9, 0.4, 0.6, 0.3, (36.0, 42.0), along=along)


def test_a_thin_band_beside_a_green_tile_counts_as_a_side() -> None:
    """A 1 px left band softened by the lens: across it, the 3 x 3 mean is a third green and leaves
    Red's hue (three sides); along it, the band shows (four)."""
    window = _rim_round_green(1, 0.5)
    assert _sides(window) == 4
    assert _sides(window, along=False) == 3


def test_a_tiles_edge_is_still_no_rim_along_the_band() -> None:
    """A red band hugging a 34 mm tile's edge on every side (middles 32 mm apart) is still no rim."""
    window = np.full((52, 52, 3), (40, 60, 40), np.float32)
    window[9:43, 9:43] = RED_BGR * 420
    window[11:41, 11:41] = (70, 175, 85)
    assert _sides(window) == 0


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 10.1,
                             "lamp")


def test_red_is_read_on_its_rimmed_space_not_on_the_pink_amphora(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 119
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == D1 and truth.tops[C2] == "light blue amphora"
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert obs.cubes[RED].location == D1
    assert obs.cubes[RED].top is not None and obs.cubes[RED].top.label() == "green amphora"
    assert obs.tops[C2].tile is not None and obs.tops[C2].tile.label() == "light blue amphora"
    assert_every_cube_where_it_is(obs, truth)


def test_with_the_bands_averaged_across_red_is_read_on_the_pink_amphora(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: the setting off, the game's misreading comes back (with the fourth band's
    second look off too: the left band, three sides' worth short, is that band, session 53; and the
    flat tile's offset test, which since session 66 finds the pink amphora Red was read on shifted toward its
    stack's place, ``pack_cube_stack_top_offset_share``)."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_rim_blur_along=False, pack_rim_fourth_side_hue=None,
                                                            pack_cube_stack_top_offset_share=0.0),
                      grid=GRID)
    assert obs.cubes[RED].location == C2
