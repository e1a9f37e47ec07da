"""A cube standing in front of another is not moved onto the one behind (issue 20).

Whole taught game 72728 (random printing 997404, 4 players, tilt 24.5, lamp; bench/teach.py
--octocube-games, session 50's fresh game, now tuning). The printing draws the red plastic
orange-red and the yellow one orange, and the lamp brings them nearer: the cube net, never taught
the printing, reads Yellow's cube red. The net's rule for a cube behind (``cube_behind_ratio``: a
colour that wins a window and also leads the window behind it is the cube behind, its near face
leaning into the front window) then moved Red off its own space onto Yellow's: change 37 "Red's
cube moved diagonally (B5 to A4)" (Red bare on A5, Yellow wearing a coin on A4), change 57 "Red's
cube moved 2 spaces; Yellow moved out of turn" (both wearing coins, Red on A4, Yellow on A3): two
false alarms in a game whose moves were all followed. A cube stands in the front window there,
its bare face or a tile at a cube's height plain (``pack_cube_behind_cube_in_front``). Real path:
the printing drawn by the twin, taught from the bench's two rendered teach photos, the game's own
film frames.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_404, 72_728, 4, 5, 24.5
RED, YELLOW = 0, 1
A3, A4, A5 = (2, 0), (3, 0), (4, 0)


@pytest.fixture(scope="module")
def art_dir(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return tmp_path_factory.mktemp("art") / str(PRINTING)


@pytest.mark.parametrize("change, red, yellow", [(37, A5, A4), (57, A4, A3)])
def test_red_stays_in_front_of_yellows_cube_that_the_net_reads_red(art_dir: Any, change: int, red: Any,
                                                                   yellow: Any) -> None:
    game_frame = taught_game_still(PRINTING, art_dir, GAME, 7 * (change + 1), PLAYERS, TILT, "lamp")
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == change
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == red and truth.cube_location[YELLOW] == yellow
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    # without the rule, the net's rule alone moves Red onto Yellow's cube behind it
    alone = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_behind_cube_in_front=False), grid=GRID)
    assert alone.cubes[RED].location == yellow
