"""A flat tile seen nearly straight down shows the mat round it where the matcher found it, whichever
way its whole-pixel offset rounds (issue 20).

Fresh whole taught game 72833 (random printing 998218, 4 players, tilt 6.7, day; session 77's
fresh77c), change 18 ("Blue rolls east from D1 to E1", its top now the white starfish). The cube
net (never taught the printing) reads Blue's cube p(purple) 0.97 on E1, so Purple took it and Blue
was found nowhere. The lost-seat chain (``pack_lost_seat_rim_margin``) names E1 Blue's by its
plastic band; Purple must then go to the window its band names, C1 (Purple's own cube, 0.044) or
B4 (a flat white sextant, 0.091), too close to tell, so the chain sets aside the windows that show
a stack top. At parallax 6.7 mm only the straight-down tests act: the band round the window's
centre showed the mat on one side of B4 (it needs two), and the offset test flipped with the
matcher's whole-pixel offset: (4, -2) px at changes 17 and 19, a stack top (0.52 of the parallax
toward it, 0.5 needed), but (4, -3) at 18 (0.41; the two shifts fit 0.9626 and 0.9619). B4 was
kept, the chain found nothing, Blue was lost and the game was lost at move 18.
``pack_cube_mat_band_at_tile`` lays the band round the tile where the matcher found it, one pixel
off its blurred edge: B4 shows the mat on two sides, it is set aside, and the chain puts Purple on
C1 and Blue on E1. Real path: the printing drawn by the twin, taught from the bench's two rendered
teach photos, the game's own film frame with the film's noise (the frame the stillness gate reads).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, kept_change_still, read_taught
from vision.octocube.colour import MAT_BGR
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import _mat_sides
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_218, 72_833, 4, 5, 6.7
BLUE, PURPLE = 2, 3
C1, E1, B4 = (0, 2), (0, 4), (3, 1)


@pytest.fixture(scope="module")
def gate_frame() -> Any:
    return kept_change_still(PRINTING, GAME, 18, PLAYERS, TILT, "day", settled=1)


def test_blue_on_e1_wearing_the_starfish_and_purple_on_c1(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[BLUE] == E1 and truth.cube_location[PURPLE] == C1
    assert truth.tops[B4] == "white sextant" and B4 not in truth.cube_location.values()
    obs = read_taught(gate_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    for seat in (BLUE, PURPLE):
        top = obs.cubes[seat].top
        assert top is not None and top.label() == truth.cube_top[seat], seat
    assert truth.cube_top[BLUE] == "white starfish" and truth.cube_top[PURPLE] == "light blue amphora"


def test_with_the_band_round_the_window_centre_purple_takes_blues_cube(gate_frame: Any) -> None:
    """The cause pinned (as main read it before session 78): B4 is no stack top, the lost-seat
    chain finds no window for Purple, Purple is read on E1 and Blue is lost."""
    obs = read_taught(gate_frame, PLAYERS, RecogniserConfig(pack_cube_mat_band_at_tile=False), grid=GRID)
    assert obs.cubes[PURPLE].location == E1
    assert BLUE not in obs.cubes


def _blurred_square(size: int, half: int, at: tuple[int, int], colour: tuple[int, int, int],
                    ground: np.ndarray) -> np.ndarray:
    """``ground`` with a ``2 half`` px square of ``colour`` centred ``at`` (x, y) px from the
    middle, its edge blurred over a pixel as a 1 px/mm camera patch blurs a tile's."""
    centre = np.mgrid[0:size, 0:size] + 0.5 - size / 2
    d = np.maximum(np.abs(centre[0] - at[1]), np.abs(centre[1] - at[0]))
    inside = np.clip(half + 0.5 - d, 0.0, 1.0)[..., None]  # 1 inside, 0.5 on the edge's pixel
    return (inside * np.asarray(colour, np.float64) + (1 - inside) * ground).astype(np.uint8)


def test_the_band_follows_the_tile_and_leaves_its_edge() -> None:
    """A 52 px window, a lavender 34 mm tile on the mat 4 px right and 3 px up of its centre (a
    flat tile seen from a cube's height): round the window's centre the band lies on the tile on
    the two sides it moved toward, so the mat shows on two; round the tile, one pixel off its
    blurred edge, on all four. A purple cube standing as far off its place shows none round the
    tile it wears; the centred band finds the mat beside it on two sides too."""
    purple = np.array([0.40, 0.22, 0.38])
    mat = np.zeros((52, 52, 3)) + np.asarray(MAT_BGR, np.float64)
    flat = _blurred_square(52, 17, (4, -3), (190, 140, 200), mat)
    assert _mat_sides(flat, [purple], 0.06, 0.5) == 2
    assert _mat_sides(flat, [purple], 0.06, 0.5, centre=(4.0, -3.0), gap=1.0) == 4
    cube = _blurred_square(52, 20, (4, -3), (120, 66, 114), mat)
    cube = _blurred_square(52, 17, (4, -3), (190, 140, 200), cube.astype(np.float64))
    assert _mat_sides(cube, [purple], 0.06, 0.5, centre=(4.0, -3.0), gap=1.0) == 0
    assert _mat_sides(cube, [purple], 0.06, 0.5) == 2
