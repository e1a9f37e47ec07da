"""A cube's own top seen in the window of the stack behind it is no flat top there (issue 20).

Fresh whole taught game 72858 (printing 998262, 2 players, tilt 35.0, lamp; ``bench/teach.py --packs 1
--first-art 998262 --frames 0 --games 0 --warn-games 0 --open-season 0 --no-built-in --octocube-games 1
--octocube-seed 72858``), change 81 ("Red rolls east from B2 to C2"): the cube net is sure of Red on C2
(0.984), but ``pack_cube_not_stack_top`` set it aside -- C2's stack-height window fits a white amphora
(Red's near side) 0.661, its cube-height window 0.384 -- and the exception for a cube wearing a tile
(``pack_cube_topped_not_stack_top``, Red's own light blue amphora 0.889 at cube height) was skipped by
``pack_cube_topped_not_flat_behind``: C2's cube-height window lies 0.691 over C1's stack-height window,
and there Red's top, seen past the cube that hides C1's dark blue sextant, fits 0.693 and looks like a
flat top. Red was found nowhere, C1 and C2 read light blue and white amphora at 0.9, and the game was
lost from that change (session 80, helper fresh80b). ``pack_cube_topped_lean_fits_best``: the flat top
behind counts only where its tile fits the neighbour's own window at least as well as the cube-height
window in front (72821's change 22: 0.937 there, 0.859 in front, still a lean). Real path: the
printing drawn by the twin, taught from the bench's two rendered teach photos, the frame the stillness
gate reads (``kept_change_still``, settled 1)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import kept_change_still, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, CHANGE, PLAYERS, GRID, TILT, LIGHT = 998_262, 72_858, 81, 2, 4, 35.0, "lamp"
RED, YELLOW = 0, 1
C1, C2, A3 = (0, 2), (1, 2), (2, 0)


@pytest.fixture(scope="module")
def game_frame() -> tuple[Any, Any, Any]:
    return kept_change_still(PRINTING, GAME, CHANGE, PLAYERS, TILT, LIGHT, settled=1)


def test_the_twin_puts_red_on_c2(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location == {RED: C2, YELLOW: A3}
    assert truth.tops[C1] == "dark blue sextant"


def test_red_is_read_on_c2_where_its_own_top_fits_best(game_frame: tuple[Any, Any, Any]) -> None:
    """The shipped default (on since session 80)."""
    assert RecogniserConfig().pack_cube_topped_lean_fits_best
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(), grid=GRID)
    assert obs.cubes[RED].location == C2
    assert obs.cubes[YELLOW].location == A3
    assert obs.tops[C2].covered


def test_off_red_is_found_nowhere_as_in_the_game(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_topped_lean_fits_best=False), grid=GRID)
    assert RED not in obs.cubes
    assert obs.cubes[YELLOW].location == A3
    assert not obs.tops[C2].covered and obs.tops[C2].tile is not None


def test_on_72821s_flat_top_behind_still_leans() -> None:
    """The case the lean was made for (72821, change 22; tests/vision/octocube/
    test_taught_topped_cube_flat_behind.py): C1's flat dark blue sextant fits its own stack window
    better than C2's cube-height window, so with the switch on Red is still read on B5, not on C2."""
    frame = kept_change_still(998_211, 72_821, 22, 4, 34.4, "evening", settled=1)
    truth = scene_truth(frame[1].ground_truth, 5, 4)
    obs = read_taught(frame, 4, RecogniserConfig(pack_cube_topped_lean_fits_best=True), grid=5)
    assert obs.cubes[RED].location == truth.cube_location[RED] == (4, 1)
    assert not obs.tops[C2].covered
