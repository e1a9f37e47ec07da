"""A topped cube whose near face wears a tile is still tried for a topped cube under a steep tilt (issue 20).

Fresh whole taught game 72790 (random printing 998175, 3 players, tilt 34.9, day; bench/teach.py
--octocube-games), change 33 ("Blue rolls north from B3 to B2 and picks up a white pearl"): Blue's
cube stands on B2 wearing a white starfish on top and a light blue amphora on its south face, the
face turned to the camera. The net (never taught the printing) sees no blue anywhere (p(blue)
<= 0.02). The white starfish fits B2's cube-height window 0.963 and its stack-height window 0.138
(a height lead of 0.825), but under this tilt (parallax 30.4 mm) the tiled near face fills the
stack-height window, where the amphora fits 0.862: over ``pack_topped_stack_score`` (0.75), so B2
counted as a stack showing its top and was never tried. Blue was found nowhere, B1's top (behind,
under Blue's white starfish) was read as a white pearl, "a tile left stack B1 with no cube on it"
and the game was lost. ``pack_topped_near_face_parallax_mm`` tries such steep locations too for a
seat found nowhere else. Real path: the printing drawn by the twin, taught from the bench's two
rendered teach photos, the game's own film frame with the film's noise (the frame the stillness
gate reads).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_175, 72_790, 3, 5, 34.9
RED, YELLOW, BLUE = 0, 1, 2
A2, B1, B2, C5 = (1, 0), (0, 1), (1, 1), (4, 2)


@pytest.fixture(scope="module")
def gate_frame(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art_dir = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art_dir, GAME, 33, PLAYERS, TILT, "day", settled=1)


def test_blue_found_on_b2_wearing_its_starfish(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location == {RED: A2, YELLOW: C5, BLUE: B2}
    obs = read_taught(gate_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[BLUE].top
    assert top is not None and top.label() == truth.cube_top[BLUE] == "white starfish"


def test_without_the_steep_locations_blue_is_found_nowhere(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(gate_frame, PLAYERS, RecogniserConfig(pack_topped_near_face_parallax_mm=0), grid=GRID)
    assert obs.cubes[RED].location == A2 and obs.cubes[YELLOW].location == C5
    assert BLUE not in obs.cubes
    b1 = obs.tops[B1]
    assert b1.tile is not None and b1.tile.label() == "white pearl" != truth.tops[B1]


@pytest.fixture(scope="module")
def next_roll_frame(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art_dir = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art_dir, GAME, 36, PLAYERS, TILT, "day", settled=1)


@pytest.mark.parametrize("steep", [20.0, 0.0])
def test_a_tiled_near_face_in_front_of_a_found_topped_cube_is_no_cube(next_roll_frame: Any, steep: float) -> None:
    """Change 36 ("Blue rolls north from B2 to B1"): Blue on B1 wears a light blue amphora on top
    and a white pearl on its south face, which B2's cube-height window shows (0.81) over B2's own
    stack top (a white starfish, 0.97 at stack height). The steep locations are tried only where no
    ordinary topped cube is the seat's: tried alongside (the rule's first draft), B2 won on its rim
    and Blue was read on B2 wearing the white pearl."""
    truth = scene_truth(next_roll_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[BLUE] == B1
    obs = read_taught(next_roll_frame, PLAYERS, RecogniserConfig(pack_topped_near_face_parallax_mm=steep), grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[BLUE].top
    assert top is not None and top.label() == truth.cube_top[BLUE] == "light blue amphora"


@pytest.fixture(scope="module")
def red_in_front_frame(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art_dir = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art_dir, GAME, 37, PLAYERS, TILT, "day", settled=1)


def test_the_near_face_of_the_topped_cube_behind_is_no_cube(red_in_front_frame: Any) -> None:
    """Change 37 ("Red rolls east from A3 to B3"): Blue still on B1 (light blue amphora on top, white
    pearl on its south face); Red's cube on B3 now hides B2's stack window, so B2 is tried for a
    topped cube and the white pearl on Blue's south face fits its cube-height window (0.82)."""
    truth = scene_truth(red_in_front_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location == {RED: (2, 1), YELLOW: (4, 1), BLUE: B1}
    obs = read_taught(red_in_front_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[BLUE].top
    assert top is not None and top.label() == truth.cube_top[BLUE] == "light blue amphora"


def test_without_the_near_face_rule_blue_is_read_on_b2(red_in_front_frame: Any) -> None:
    obs = read_taught(red_in_front_frame, PLAYERS, RecogniserConfig(pack_topped_near_face_behind_parallax_mm=0),
                      grid=GRID)
    assert obs.cubes[BLUE].location == B2
    top = obs.cubes[BLUE].top
    assert top is not None and top.label() == "white pearl"
