"""Two cubes in near shades are given their seats by their taught colours (issue 20).

The cube net (built-in, never taught) tells the seats by the built-in cube colours. A random
printing may draw the red and yellow cubes in two oranges: in whole taught game 72483 (random
printing 997322, 2 players, tilt 22.8, evening light; bench/teach.py --octocube-games) the net's
best class on both cubes was yellow, so the yellow cube took the red cube's place (p(yellow) 0.75)
and the red seat the yellow cube's (p(red) 0.37): "ILLEGAL: Red moved out of turn", a false alarm.
The pack holds each seat's cube face: the red cube's rim lies 0.08 from the taught red and 0.20 from
the taught yellow, the yellow cube's 0.12 / 0.15, so the two change seats. Real path: the printing
drawn by the twin, taught from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import taught_game_frame, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, GRID = 997_322, 72_483, 100, 4
"""The bench's printing and game (tilt 22.8, evening, 2 players: a 4 x 4 grid), the still frame
after change 13."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_frame(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, 2, 22.8,
                             "evening")


def test_the_red_and_yellow_cubes_keep_their_seats(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    truth = scene_truth(frame.ground_truth, GRID, 2)
    assert frame.ground_truth["phase"] == "still"
    assert truth.cube_location == {0: (1, 1), 1: (2, 0)}
    assert truth.cube_visibility[0] == truth.cube_visibility[1] == 1.0
    obs = read_taught(game_frame, 2, grid=GRID)
    assert obs.cubes[0].location == (1, 1) and obs.cubes[1].location == (2, 0), "the cubes changed seats"
    for seat in (0, 1):
        top = obs.cubes[seat].top
        assert (top.label() if top is not None else "bare") == truth.cube_top[seat], seat


def test_without_the_taught_colours_the_net_swaps_them(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: the net alone gives the yellow seat the red cube."""
    obs = read_taught(game_frame, 2, RecogniserConfig(pack_cube_colour_swap=0.0), grid=GRID)
    assert obs.cubes[1].location == (1, 1) and obs.cubes[0].location == (2, 0)
