"""A topped cube's near face seen over the empty space in front is not that space's cube (issue 20).

Fresh whole taught game 72830 (printing 998213, 4 players, tilt 34.6, evening; ``bench/teach.py
--packs 1 --first-art 998213 --octocube-games 1 --octocube-seed 72830``), change 146: Red rolls onto
A5, right behind Yellow's cube on B5, which wears a white pearl on its top and a dark blue starfish
on its near face. Red's plastic fills B5's window (the net: red 0.84, yellow 0.12), so Yellow is
found nowhere by the net; its best free window is C5 in front (p(yellow) 0.23, under
``min_cube_probability``). The fallback ``_topped_cube_by_net`` took C5: the starfish on Yellow's
near face fits C5's cube-height window (0.575) inside a rim nearest Yellow, and Yellow was read on
C5, sure of its place (1.0): the game's one false alarm ("Yellow moved out of turn"). C5's own light
blue starfish lies in plain view at a stack's height (0.787): ``pack_topped_net_not_stack_top``
passes such a window over, and Yellow is found on B5 by the cube behind that explains its colour.
Real path: the printing drawn by the twin, taught from the bench's two rendered teach photos, the
settled frame the stillness gate reads.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_213, 72_830, 4, 5, 34.6
RED, YELLOW = 0, 1
A5, B5, C5 = (4, 0), (4, 1), (4, 2)
RED_BEHIND = 146
"""Red's roll onto A5, right behind Yellow's topped cube on B5."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art, GAME, RED_BEHIND, PLAYERS, TILT, "evening", settled=1)


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[YELLOW] == B5 and truth.cube_top[YELLOW] == "white pearl"
    assert truth.cube_location[RED] == A5, "the cube right behind"
    assert C5 not in truth.cube_location.values() and truth.tops[C5] == "light blue starfish"


def test_the_topped_cube_is_read_where_it_stands(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    yellow = obs.cubes[YELLOW]
    assert yellow.location == truth.cube_location[YELLOW], yellow
    assert yellow.top is not None and yellow.top.label() == truth.cube_top[YELLOW]
    assert obs.cubes[RED].location == truth.cube_location[RED]
    assert not obs.tops[C5].covered, "C5 shows its own flat tile"


def test_off_it_is_read_in_front(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: without the rule (main's reading) Yellow is read on C5 in front, wearing its
    near face's starfish, sure of its place."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_topped_net_not_stack_top=False), grid=GRID)
    yellow = obs.cubes[YELLOW]
    assert yellow.location == C5
    assert yellow.top is not None and yellow.top.label() == "dark blue starfish"
    assert obs.tops[C5].covered
