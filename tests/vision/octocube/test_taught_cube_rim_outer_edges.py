"""A cube's plastic rim is measured between its bands' outer edges, and the tile's margin judged
from them, where a dark tile in the rim's hue widens a band inward (issue 20).

Whole taught game 72734 (random printing 997410, 4 players, tilt 3.8, day; bench/teach.py
--octocube-games, session 51's fresh game, now tuning). Blue's cube, back on A2, wears a dark
navy sextant; the cube net, never taught the printing, gives A2 p(none) 0.9 or more, and only the
rim search (``_rimmed_cube``, the rim alone) can find it. The navy tile's own edge reads in Blue's
hue beside the rim: at change 46 (frame 329) the left band runs 7 mm in from the cube's
silhouette, into the tile's margin 12-14 mm from the window's centre (0.34 of it in the mask,
over ``pack_rim_centre``: no ring); at change 62 (frame 441) the near band is 7 mm wide, its
middle 3 mm in, the band middles 34 mm apart (under ``pack_rim_span_mm``), the outer edges 39.
Blue was found nowhere, two false alarms ("no legal move explains the table"). The outer edges
are the cube's silhouette, which a tile's edge does not move. Real path: the printing drawn by
the twin, taught from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.vision.octocube.taught_table import (assert_every_cube_where_it_is, read_taught, taught_change_still,
                                               taught_game_still)
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import _rim_sides
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_410, 72_734, 4, 5, 3.8
BLUE = 2
A2 = (1, 0)
BLUE_BGR = np.array([0.467, 0.356, 0.177])
"""Blue's taught plastic in this printing (b, g, r shares, ``_rim_colour``)."""
OTHERS = [np.array([0.270, 0.210, 0.520]), np.array([0.218, 0.372, 0.411]), np.array([0.400, 0.220, 0.380])]


def _ring(top: range, bottom: range, left: range, right: range, tile: tuple[int, int, int] = (90, 90, 90)
          ) -> np.ndarray:
    """A 52 mm cube-height window (1 px/mm) on the dark mat: a 34 mm tile in ``tile``'s colour on
    rows and columns 9-42, the rim's bands in Blue's plastic on the given rows and columns (a band
    may reach into the tile: its edge in the rim's hue)."""
    window = np.full((52, 52, 3), (40, 70, 40), np.float32)
    window[9:43, 9:43] = tile
    blue = BLUE_BGR.astype(np.float32) * 450
    window[top.start:bottom.stop, left.start:left.stop] = blue
    window[top.start:bottom.stop, right.start:right.stop] = blue
    window[top.start:top.stop, left.start:right.stop] = blue
    window[bottom.start:bottom.stop, left.start:right.stop] = blue
    return window


def sides(window: np.ndarray, by_outer_edges: bool = True) -> int:
    """:func:`_rim_sides` with the default settings (``by_outer_edges`` False: the bands' middles
    and the centred margin, as before session 52)."""
    cfg = RecogniserConfig()
    return _rim_sides(window, BLUE_BGR, OTHERS, cfg.pack_rim_hue, cfg.pack_rim_pale, cfg.pack_rim_side,
                      cfg.pack_rim_centre, cfg.pack_rim_span_mm, cfg.pack_rim_blur_along,
                      cfg.pack_rim_outer_span_mm if by_outer_edges else None)


def test_a_band_widened_inward_by_the_tiles_edge_shows_four_sides() -> None:
    """The cube's rim 7-9 and 43-46; the tile's edge in the hue widens the top band to 7-13 (as at
    change 62): middles 34 mm apart (2 sides by them), outer edges 39 (4)."""
    window = _ring(range(7, 14), range(43, 47), range(7, 10), range(43, 47))
    assert sides(window) == 4
    assert sides(window, False) == 2


def test_a_band_reaching_into_the_centred_margin_shows_four_sides() -> None:
    """The top and left bands 6-13 (the tile's edge in the hue 4 mm in, as at change 46): the
    centred 12-14 mm margin refuses the ring; 8-10 mm in from the silhouette it is the tile."""
    window = _ring(range(6, 14), range(43, 47), range(6, 14), range(43, 47))
    assert sides(window) == 4
    assert sides(window, False) == 0


def test_a_band_widened_outward_by_the_cubes_side_face_shows_four_sides() -> None:
    """The top band runs from the rim out to the window's edge (the cube's near side face in the
    same plastic, or a neighbour in the hue): outer edges 45 mm apart, over the bounds; the
    middles (40) still fit, and an axis counts by either."""
    window = _ring(range(0, 9), range(43, 47), range(6, 9), range(43, 47))
    assert sides(window) == 4


@pytest.mark.parametrize("tile", [(90, 90, 90), (0, 0, 0)])
def test_a_tiles_edge_is_still_no_rim(tile: tuple[int, int, int]) -> None:
    """A blue band hugging a 34 mm tile's edge on every side (outer edges 33 mm apart) is no rim."""
    window = _ring(range(9, 12), range(40, 43), range(9, 12), range(40, 43), tile)
    assert sides(window) == 0


def test_a_tile_in_the_cubes_hue_is_still_no_rim() -> None:
    """A cube whose whole top is in the hue (a bare face, a tile in the cube's colour): its margin
    8-10 mm in from the silhouette is in the mask too."""
    window = _ring(range(6, 10), range(43, 47), range(6, 10), range(43, 47), tuple(BLUE_BGR * 300))
    assert sides(window) == 0


@pytest.fixture(scope="module")
def art_dir(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return tmp_path_factory.mktemp("art") / str(PRINTING)


def still(art_dir: Any, change: int) -> Any:
    return taught_change_still(PRINTING, art_dir, GAME, change, PLAYERS, TILT, "day")


@pytest.mark.parametrize("change", [46, 62])
def test_blues_cube_round_a_navy_tile_is_found_by_its_rim(art_dir: Any, change: int) -> None:
    game_frame = still(art_dir, change)
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[BLUE] == A2 and truth.cube_top[BLUE] == "dark blue sextant"
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    assert obs.cubes[BLUE].top is not None and obs.cubes[BLUE].top.obj == "sextant"


@pytest.mark.parametrize("change", [46, 62])
def test_by_the_bands_middles_blue_is_found_nowhere(art_dir: Any, change: int) -> None:
    """The cause pinned: the sides measured between the bands' middles, the centred margin."""
    obs = read_taught(still(art_dir, change), PLAYERS, RecogniserConfig(pack_rim_outer_span_mm=None), grid=GRID)
    assert BLUE not in obs.cubes


def test_reds_rim_widened_outward_by_its_side_face_still_shows(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Whole taught game 72705 (printing 997381, 2 players: a 4 x 4 grid, tilt 10.1, lamp), change
    103 (frame 728): Red rolls east onto C4 wearing a dark blue pearl; its near side face, in
    Red's plastic, widens the top band from the rim to the window's edge (lines 0-7): outer
    edges 45 mm apart, middles 40. By the outer edges alone the rim showed 2 sides and Red was
    read on C2's light blue amphora (pink in this printing; "Red's cube moved diagonally (B4 to
    C2)", the game lost); an axis counts by its outer edges or its middles."""
    game_frame = taught_game_still(997_381, tmp_path_factory.mktemp("art") / "997381", 72_705, 728, 2, 10.1, "lamp")
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 103
    truth = scene_truth(frame.ground_truth, 4, 2)
    assert truth.cube_location[0] == (3, 2)
    obs = read_taught(game_frame, 2, grid=4)
    assert_every_cube_where_it_is(obs, truth)
