"""A cube behind whose own bare near face leans into the window in front stays behind (issue 20).

Fresh whole taught game 72764 (random printing 997707, 4 players, tilt 32.3, lamp;
``bench/teach.py --packs 1 --first-art 997707 --octocube-games 1 --octocube-seed 72764``): 198/198
moves with one false alarm. At change 125 Purple places its cube on B5 wearing a green sextant; at
change 126 Red pivots on A4. On the stillness gate's frame of change 126 (891, the third still
frame; the second reads right) the cube net finds purple alike on B4 (0.666) and on B5 behind it
(0.662): the near face of Purple's cube leans into B4's cube-height window under the tilt. The
net's rule for a cube behind would move it back to B5, but ``pack_cube_behind_cube_in_front`` held
it on B4, where Purple's own taught bare face fits that squeezed near face 0.58 (just over
``pack_cube_face_score``): "Purple moved out of turn (it is Red's turn)", cleared by the next
scene. The sextant fits B5's window 0.93 at a cube's height, the plastic there names no other
seat and the net sees no other seat's colour there (all under 0.03):
``pack_cube_behind_own_face_leans_in``. Real path: the printing drawn by the twin, taught
from the bench's two rendered teach photos, the frame the stillness gate read.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import tracked_until
from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from tracker.octocube.twin import TwinGame
from tracker.session import MoveConfirmed
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_707, 72_764, 4, 5, 32.3
PURPLE, B4, B5 = 3, (3, 1), (4, 1)
PLACED, PIVOT = 125, 126
"""Purple's place on B5 (the last change the game followed) and Red's pivot on A4."""


@pytest.fixture(scope="module")
def pivot_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art, GAME, PIVOT, PLAYERS, TILT, "lamp", settled=2)


def test_the_scene(pivot_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(pivot_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[PURPLE] == B5 and truth.cube_top[PURPLE] == "green sextant"
    assert B4 not in truth.cube_location.values()


def test_the_cube_behind_stays_behind(pivot_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(pivot_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(pivot_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[PURPLE].top
    assert top is not None and top.label() == "green sextant"


def test_the_pivot_is_followed(pivot_frame: tuple[Any, Any, Any]) -> None:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert "Purple places the cube on B5" in twin.changes[PLACED].text
    assert "Red pivots the cube 270 degrees" in twin.changes[PIVOT].text
    tracked = tracked_until(twin, twin.changes[PLACED].truth_moves)
    events = list(tracked.observe(read_taught(pivot_frame, PLAYERS, grid=GRID)))
    assert any(isinstance(e, MoveConfirmed) and "Red pivots the cube 270" in e.text for e in events), events
    assert tracked.alert is None


def test_without_the_rule_the_near_face_holds_it_in_front(pivot_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: the cube-in-front rule alone keeps Purple on B4."""
    config = RecogniserConfig(pack_cube_behind_own_face_leans_in=False)
    assert read_taught(pivot_frame, PLAYERS, config, grid=GRID).cubes[PURPLE].location == B4
