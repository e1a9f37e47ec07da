"""A taught cube top whose tile is sure but whose coarse quarter turn is a near tie gets its turn
from the fine stage (issue 20).

Whole taught game 72713 (random printing 997389, 4 players, tilt 24.1, evening; bench/teach.py
--octocube-games), change 165: Purple places its cube on A1 top face down, a light blue amphora
turned 90 on top. The coarse stage fits the amphora far better than any other tile, but 0.962
turned 270 and 0.934 turned 90, and a tile that leads every other by more than
``pack_fine_margin`` never went to the fine stage: the turn was read 270, the placing "its east
face looks north" (truth: west), two moves later Purple's top was a tile the tracker did not
expect and the game was lost (10 false alarms). The fine stage fits the amphora 0.989 turned 90,
0.911 turned 270. Real path: the printing drawn by the twin, taught from the bench's two rendered
teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_389, 72_713, 1162, 4
"""The bench's printing and game (tilt 24.1, evening, 4 players), the first still frame of change 165."""
A1, PURPLE = (0, 0), 3


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 24.1,
                             "evening")


def test_the_placed_cube_top_is_read_at_its_turn(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 165
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert truth.cube_location[PURPLE] == A1 and truth.cube_top[PURPLE] == "light blue amphora"
    assert truth.cube_rotation[PURPLE] == 90
    obs = read_taught(game_frame, PLAYERS)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[PURPLE].top
    assert top is not None and top.label() == "light blue amphora"
    assert obs.cubes[PURPLE].rotation == 90


def test_the_coarse_turn_alone_reads_it_half_round(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: with the coarse stage's turn (main's reading), 270."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_fine_doubtful_turn=False))
    assert obs.cubes[PURPLE].rotation == 270


def test_a_clear_coarse_turn_does_not_stand_over_a_sure_axis(game_frame: tuple[Any, Any, Any]) -> None:
    """``pack_cube_coin_toss_axis_certainty`` (session 79, turn79): the fine turn here is near a coin
    toss between 90 and 270 and the coarse 270 leads by 0.028 (over ``pack_cube_coarse_turn_clear_lead``),
    but the fine stage is sure of the axis (a glyph alike half round): the fine 90 stands. Control:
    with the axis not weighed, the coarse turn over a coin toss reads it 270 again."""
    obs = read_taught(game_frame, PLAYERS)
    assert obs.cubes[PURPLE].rotation == 90
    alone = obs.cubes[PURPLE].turn_axis_alone_confidence
    assert alone is not None and alone >= RecogniserConfig().pack_cube_coin_toss_axis_certainty
    loose = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_coin_toss_axis_certainty=1.01))
    assert loose.cubes[PURPLE].rotation == 270
