"""The fine stage compares each quarter turn of a taught cube top where THAT turn fits on the
cube's face (issue 20).

Whole taught game 72722 (random printing 997398, 4 players, tilt 17.6, evening; bench/teach.py
--octocube-games), change 73 (Red rolls east from C4 to D4): Purple's cube stands on E3 wearing a
green amphora turned 270. The coarse stage fits it about as well turned 90 (0.899 and 0.912 on
change 72's frame; the pick flips from frame to frame), and the fine stage compared all four
turns at the one offset where the coarse stage's best turn fit inset on the seat's bare face.
This printing's amphora lies off the tile's centre, so turned half round it sits a few mm from
there: the fine stage read the coarse stage's turn back, surely (0.990 turned 90 against 0.894
turned 270 on this frame). The tracker took the half turn for a pivot nobody made, asked a
question whose only option was wrong, and the game was lost at move 72. Compared where each turn
fits, turned 90 and 270 fit 0.990 and 0.994: the right turn, and only as sure as that lead.
Real path: the printing drawn by the twin, taught from the bench's two rendered teach photos,
the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_398, 72_722, 518, 4
"""The bench's printing and game (tilt 17.6, evening, 4 players), the first still frame of change 73."""
E3, PURPLE = (2, 4), 3


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 17.6,
                             "evening")


def test_the_cube_top_is_read_at_its_turn_and_unsure(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 73
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert truth.cube_location[PURPLE] == E3 and truth.cube_top[PURPLE] == "green amphora"
    assert truth.cube_rotation[PURPLE] == 270
    obs = read_taught(game_frame, PLAYERS)
    assert_every_cube_where_it_is(obs, truth)
    cube = obs.cubes[PURPLE]
    assert cube.top is not None and cube.top.label() == "green amphora"
    assert cube.rotation == 270
    assert cube.confidence < 0.6  # two turns fit alike: a doubt, not a sure reading
    assert cube.place_weight_confidence > 0.9  # the place stays sure


def test_one_offset_for_every_turn_reads_it_half_round_surely(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: every turn at the coarse pick's offset (main's reading): 90, surely."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_fine_turn_offsets=False))
    cube = obs.cubes[PURPLE]
    assert cube.top is not None and cube.top.label() == "green amphora"
    assert cube.rotation == 90 and cube.confidence > 0.8
