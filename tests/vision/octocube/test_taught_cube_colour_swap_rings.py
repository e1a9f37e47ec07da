"""Two cubes the net reads in one colour are given their seats by the rings their plastic shows
(issue 20).

Whole taught game 72774 (random printing 997976, 2 players, tilt 21.9, day light; bench/teach.py
--octocube-games). The printing draws every cube's bare face as the same pale plate, edged in the
seat's plastic. Change 196: Red's cube stands on A3 wearing a yellow coin (p(red) 0.96), Yellow has
placed its bare cube on C1 (p(red) 0.84 too). Red was moved off its topped cube onto the bare plate
(``_bare_cube_elsewhere``: every seat's taught bare face fits it 0.936), Yellow took the topped cube,
and both rim bands' mean colours lay nearest Yellow's taught rim (the coin's yellow bleeds into
the band), so the older swap rules kept them: three moves wrong, three false alarms. The rings
tell: A3 shows Red's plastic on 4 sides and Yellow's on 0, C1 Yellow's on 4 and Red's on 1
(``pack_cube_colour_swap_ring_sides``). Change 123 (say line "Red's cube moved diagonally (B3
to C1)... Yellow moved out of turn") was the same swap. Real path: the printing drawn by the twin,
taught from the bench's two rendered teach photos, the game's own film frames (the frame the
stillness gate reads).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT, LIGHT = 997_976, 72_774, 2, 4, 21.9, "day"
RED, YELLOW = 0, 1
A3, C1, C3 = (2, 0), (0, 2), (2, 2)


@pytest.fixture(scope="module")
def art_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("art") / str(PRINTING)


def still(art_dir: Path, change: int) -> tuple[Any, Any, Any]:
    return taught_change_still(PRINTING, art_dir, GAME, change, PLAYERS, TILT, LIGHT, settled=1)


@pytest.fixture(scope="module")
def change_196(art_dir: Path) -> tuple[Any, Any, Any]:
    return still(art_dir, 196)


def test_red_topped_and_yellow_bare_keep_their_seats(change_196: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(change_196[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location == {RED: A3, YELLOW: C1}
    assert truth.cube_top[YELLOW] == "bare" and truth.cube_top[RED] != "bare"
    obs = read_taught(change_196, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)


RINGS_OFF = RecogniserConfig(pack_cube_colour_swap_ring_sides=0, pack_cube_colour_swap_plain_ring=0)
"""The rings off: both ring swaps (session 82's ``pack_cube_colour_swap_plain_ring`` sets 196 and 123 right on
its own too: with only ``pack_cube_colour_swap_ring_sides`` off both were read as the twin)."""


def test_without_the_rings_the_seats_are_swapped(change_196: tuple[Any, Any, Any]) -> None:
    """The cause pinned: the mean-colour swap rules alone (main's reading) leave Red on C1's bare
    plate and Yellow on Red's topped cube."""
    obs = read_taught(change_196, PLAYERS, RINGS_OFF, grid=GRID)
    assert obs.cubes[RED].location == C1 and obs.cubes[YELLOW].location == A3


def test_change_123_keeps_the_seats_too(art_dir: Path) -> None:
    """Red has rolled onto C3 wearing a white sextant, Yellow stands on C1: swapped the same way
    without the rings (Red read on C1, "Red's cube moved diagonally")."""
    game_frame = still(art_dir, 123)
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location == {RED: C3, YELLOW: C1}
    assert_every_cube_where_it_is(read_taught(game_frame, PLAYERS, grid=GRID), truth)
    off = read_taught(game_frame, PLAYERS, RINGS_OFF, grid=GRID)
    assert off.cubes[RED].location == C1 and off.cubes[YELLOW].location == C3
