"""A taught cube top whose one quarter turn fits apart from three alike ones keeps that turn (issue 20).

Fresh whole taught game 72763 drawn in random printing 997706 (3 players, tilt 29.3, day;
``bench/teach.py --packs 1 --first-art 997706 --octocube-games 1 --octocube-seed 72763``): the
printing draws the dark blue diamond as an irregular blue blob. At change 101 Yellow pivots its
cube on D5 270 degrees (its diamond turned 270 -> 180); the fine stage fits the diamond 0.9963 in
its true turn and 0.978-0.981 in the other three, all four within ``pack_cube_turn_tie`` (0.02), so
it was read with no turn before and after the pivot. Blue then pivoted its bare cube: two turns
showed nothing, Red's roll was "Red moved out of turn" and every scene from move 102 on was an
alarm (101/165 moves, 36 false alarms). ``RecogniserConfig.pack_cube_turn_stands_out``: a best
turn that leads the next by that much is read. Real path: the printing drawn by the twin, taught
from the bench's two rendered teach photos, the frames the stillness gate reads.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import tracked_until
from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.octocube.twin import TwinGame
from tracker.session import MoveConfirmed
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_706, 72_763, 3, 5, 29.3
YELLOW, D5 = 1, (4, 3)
BEFORE, PIVOT = 100, 101
"""Red's roll C1 -> D1 (the last change the game followed) and Yellow's pivot on D5."""


@pytest.fixture(scope="module")
def game_frames(tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[Any, Any, Any]]:
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return {change: taught_change_still(PRINTING, art, GAME, change, PLAYERS, TILT, "day", settled=1)
            for change in (BEFORE, PIVOT)}


def test_the_scene(game_frames: dict[int, tuple[Any, Any, Any]]) -> None:
    for change, turn in ((BEFORE, 270), (PIVOT, 180)):
        truth = scene_truth(game_frames[change][1].ground_truth, GRID, PLAYERS)
        assert truth.cube_location[YELLOW] == D5 and truth.cube_top[YELLOW] == "dark blue diamond"
        assert truth.cube_rotation[YELLOW] == turn


def test_a_turn_apart_from_three_alike_is_read(game_frames: dict[int, tuple[Any, Any, Any]]) -> None:
    for change, turn in ((BEFORE, 270), (PIVOT, 180)):
        cube = read_taught(game_frames[change], PLAYERS, grid=GRID).cubes[YELLOW]
        assert cube.location == D5 and cube.top is not None and cube.top.label() == "dark blue diamond"
        assert cube.rotation == turn, (change, cube)


def test_the_pivot_is_followed(game_frames: dict[int, tuple[Any, Any, Any]]) -> None:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert "Yellow pivots the cube 270 degrees" in twin.changes[PIVOT].text
    tracked = tracked_until(twin, twin.changes[BEFORE].truth_moves)
    assert list(tracked.observe(read_taught(game_frames[BEFORE], PLAYERS, grid=GRID))) == []
    events = list(tracked.observe(read_taught(game_frames[PIVOT], PLAYERS, grid=GRID)))
    assert any(isinstance(e, MoveConfirmed) and "Yellow pivots the cube 270" in e.text for e in events), events
    assert tracked.alert is None


def test_off_the_turn_is_lost_in_the_tie(game_frames: dict[int, tuple[Any, Any, Any]]) -> None:
    """The cause pinned: with the spread alone, the diamond shows no turn either side of the pivot."""
    config = RecogniserConfig(pack_cube_turn_stands_out=0)
    for change in (BEFORE, PIVOT):
        assert read_taught(game_frames[change], PLAYERS, config, grid=GRID).cubes[YELLOW].rotation is None
