"""A topped cube behind that the net barely sees, its near face over an empty window in front, stays behind (issue 20).

Fresh whole taught game 72825 (printing 998209, 2 players, tilt 30.7, evening; ``bench/teach.py
--packs 1 --first-art 998209 --octocube-games 1 --octocube-seed 72825``): 314/314 moves with one
false alarm. At change 245 Red rolls west from B1 to A1; Yellow stands behind on C1 wearing a dark
blue amphora, its near face (carrying a coin) leaning over B1's window, which Red has just left.
The cube net (never taught the printing) gives yellow 0.72 on B1 and 0.105 on C1 (none 0.86 there),
so the net's move to the cube behind failed its ratio (``cube_behind_ratio`` x 0.72 = 0.18), and
Yellow was read on B1 wearing a coin: "Yellow rolls west from C1 to B1", then "Yellow moved out of
turn" when it rolled on to D1. Nothing stands on B1 at a cube's height by the taught faces (the coin
fits its cube-height window 0.58, under ``pack_topped_partial_score``; no bare face), the amphora
fits C1's window 0.90 at a cube's height and C1's band names Yellow:
``pack_cube_behind_empty_front``. Real path: the printing drawn by the twin, taught from the
bench's two rendered teach photos, the settled frame the stillness gate reads.
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

PRINTING, GAME, CHANGE, PLAYERS, GRID, TILT = 998_209, 72_825, 245, 2, 4, 30.7
RED, YELLOW = 0, 1
A1, B1, C1 = (0, 0), (0, 1), (0, 2)


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_change_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, CHANGE, PLAYERS,
                               TILT, "evening", settled=1)


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[YELLOW] == C1 and truth.cube_top[YELLOW] == "dark blue amphora"
    assert truth.cube_location[RED] == A1
    assert B1 not in truth.cube_location.values() and truth.tops[B1] == "coin", "the window in front is empty"


def test_the_cube_behind_is_read_where_it_stands(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    for seat in (RED, YELLOW):
        cube = obs.cubes[seat]
        assert cube.location == truth.cube_location[seat], cube
        assert cube.top is not None and cube.top.label() == truth.cube_top[seat]
    assert not obs.tops[B1].covered, "B1 shows its own stack top"


def test_reds_roll_is_followed(game_frame: tuple[Any, Any, Any]) -> None:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert twin.changes[CHANGE].text == "Red rolls west from B1 to A1"
    tracked = tracked_until(twin, twin.changes[CHANGE - 1].truth_moves)
    events = list(tracked.observe(read_taught(game_frame, PLAYERS, grid=GRID)))
    assert any(isinstance(e, MoveConfirmed) and "Red rolls west from B1 to A1" in e.text for e in events), events
    assert tracked.alert is None
    assert tracked.state.history == twin.truth.history[:twin.changes[CHANGE].truth_moves]


def test_without_the_rule_yellow_is_read_on_its_near_face(game_frame: tuple[Any, Any, Any]) -> None:
    """Off control: the ratio alone reads Yellow on B1 wearing the coin on its near face."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_behind_empty_front=False), grid=GRID)
    yellow = obs.cubes[YELLOW]
    assert yellow.location == B1, yellow
    assert yellow.top is not None and yellow.top.label() == "coin"
