"""A cube's plastic rim is measured between the middles of its bands, not between the first lines
at each band's maximum (issue 20).

Whole taught game 72719 (random printing 997395, 4 players, tilt 1.7, lamp; bench/teach.py
--octocube-games), change 107: Purple rolls east onto B1 wearing a light blue amphora (drawn dark
grey). The cube net gives B1 p(purple) 0.87 and B4's dark blue sextant (drawn a bright magenta,
near the purple plastic) 0.88, both seen straight down where height tells nothing. The rim test
(``RecogniserConfig.pack_rim_*``) should move Purple off the magenta tile onto B1, whose purple
rim shows on all four sides; but the bands were 2-3 mm wide, one side lit and one in shade, and the
first line at each band's maximum is the outer edge of one band and the inner edge of the other:
35 mm apart, under ``pack_rim_span_mm`` (36-42). Purple was read on B4, "Purple moved out of
turn", and the game was lost at move 104. Band middles: 36 mm. Real path: the printing drawn by
the twin, taught from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.recogniser import _rim_sides
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS, GRID = 997_395, 72_719, 756, 4, 5
"""The bench's printing and game (tilt 1.7, lamp, 4 players: a 5 x 5 grid), the first still frame
of change 107."""
PURPLE, B1, B4 = 3, (0, 1), (3, 1)
PURPLE_BGR = (0.387, 0.253, 0.36)
"""Purple's taught plastic in this printing (b, g, r shares)."""


def _ring_window(top: range, bottom: range, left: range, right: range) -> np.ndarray:
    """A 52 mm cube-height window (1 px/mm) on the dark mat: a grey tile 34 mm across with a
    purple ring's bands on the given rows and columns."""
    window = np.full((52, 52, 3), (40, 60, 40), np.float32)
    window[9:43, 9:43] = (90, 90, 90)
    purple = np.asarray(PURPLE_BGR, np.float32) * 450
    for rows in (top, bottom):
        window[rows.start:rows.stop, left.start:right.stop] = purple
    for cols in (left, right):
        window[top.start:bottom.stop, cols.start:cols.stop] = purple
    window[10:42, 10:42] = (90, 90, 90)  # the tile over the ring's inside
    return window


OTHERS = [np.array([0.108, 0.205, 0.687]), np.array([0.24, 0.373, 0.387]), np.array([0.448, 0.329, 0.223])]


def test_a_rim_with_a_narrow_band_and_a_wide_one_shows_four_sides() -> None:
    """Bands 2 mm wide on the top and left, 4 mm on the bottom and right, their middles 37 mm
    apart (a 40 mm cube's rim round its tile): the first line at the maximum gives 35."""
    window = _ring_window(range(7, 9), range(43, 47), range(7, 9), range(43, 47))
    assert _rim_sides(window, np.asarray(PURPLE_BGR), OTHERS, 0.9, 0.4, 0.6, 0.3, (36.0, 42.0)) == 4


def test_a_tiles_edge_is_still_no_rim() -> None:
    """A purple band hugging a 34 mm tile's edge on every side (middles 32 mm apart) is no rim."""
    window = _ring_window(range(9, 11), range(41, 43), range(9, 11), range(41, 43))
    assert _rim_sides(window, np.asarray(PURPLE_BGR), OTHERS, 0.9, 0.4, 0.6, 0.3, (36.0, 42.0)) == 0


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 1.7,
                             "lamp")


def test_purple_is_read_on_its_rimmed_space_not_on_the_magenta_tile(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 107
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location[PURPLE] == B1 and truth.tops[B4] == "dark blue sextant"
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert obs.cubes[PURPLE].location == B1
    assert obs.tops[B4].tile is not None and obs.tops[B4].tile.label() == "dark blue sextant"
    assert_every_cube_where_it_is(obs, truth)
