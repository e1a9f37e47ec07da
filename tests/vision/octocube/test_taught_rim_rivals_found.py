"""A rim is told only from the seats whose cubes are not yet found (issue 20).

Whole taught game 72737 (random printing 997413, 4 players, tilt 5.5, lamp; bench/teach.py
--octocube-games, session 52's fresh game, now tuning). The printing's Red and Yellow plastic lie
0.925 apart in hue (cosine from grey), over ``pack_rim_hue`` (0.9), so neither seat's rim could be
told, and it draws light blue tiles yellow. At change 12 ("Yellow rolls north from A4 to A3 and
picks up a light blue amphora") Yellow's cube wears a dark blue starfish on A3, its orange rim
plain on four sides, p(yellow) 0.65 there; the cube net gives a flat yellow-printed light blue
pearl on E2 p(yellow) 0.84, and nearly straight down the height test cannot act: Yellow was read
on E2 ("Yellow's cube moved diagonally (A4 to E2)"), and the game was lost after 12 moves. Red
was already found on D3 (0.88): a seat has one cube, so Red's plastic is no rival for a rim here.
At change 43 ("Purple rolls north from D2 to D1 and picks up a white amphora") Yellow wears a white
amphora on C1 (p(yellow) 0.81) and is checked before Red is found (the net's order): a flat yellow
tile on E3 (0.84) took it; the cubes are now read a second time with the seats found in the first
set aside. Blue, on C2 wearing a dark blue starfish the printing draws violet, near its own plastic's
hue (no ring a hue mask can tell), was found nowhere from change 38 on (p(none) 0.001 there,
p(purple) 0.936 with Purple found on D1): the band round its tile, nearest Blue's taught plastic by
0.24, finds it now (``pack_rim_chroma_max_none``).
Real path: the printing drawn by the twin, taught from the bench's two rendered teach photos, the
game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_413, 72_737, 4, 5, 5.5
YELLOW, BLUE = 1, 2
A3, E2, C1, C2 = (2, 0), (1, 4), (0, 2), (1, 2)


@pytest.fixture(scope="module")
def art_dir(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return tmp_path_factory.mktemp("art") / str(PRINTING)


def still(art_dir: Any, change: int) -> Any:
    return taught_change_still(PRINTING, art_dir, GAME, change, PLAYERS, TILT, "lamp")


@pytest.fixture(scope="module")
def game_frame(art_dir: Any) -> Any:
    return still(art_dir, 12)


def test_yellows_rim_is_told_once_red_is_found(game_frame: Any) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[YELLOW] == A3
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[YELLOW].top
    assert top is not None and (top.colour, top.obj) == ("dark blue", "starfish")


def test_with_every_seat_a_rival_yellow_is_read_on_the_yellow_tile(game_frame: Any) -> None:
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_rim_set_aside_found_rivals=False), grid=GRID)
    assert obs.cubes[YELLOW].location == E2


def test_yellow_checked_before_red_is_found_is_read_again(art_dir: Any) -> None:
    game_frame = still(art_dir, 43)
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[YELLOW] == C1
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert obs.cubes[YELLOW].location == C1
    top = obs.cubes[YELLOW].top
    assert top is not None and (top.colour, top.obj) == ("white", "amphora")
    for seat in (0, 3):  # Red and Purple, found in the first reading, stay where they are
        assert obs.cubes[seat].location == truth.cube_location[seat]


def test_blue_wearing_a_tile_in_its_own_hue_is_found_by_the_band_round_it(art_dir: Any) -> None:
    game_frame = still(art_dir, 43)
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    assert obs.cubes[BLUE].location == C2
    # the lost-seat chain (``pack_lost_seat_rim_margin``) finds it too: off as well
    off = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_rim_chroma_max_none=0.0,
                                                            pack_lost_seat_rim_margin=0.0), grid=GRID)
    assert BLUE not in off.cubes
