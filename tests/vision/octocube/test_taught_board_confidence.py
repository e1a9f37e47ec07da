"""A taught pack's board reading is as sure as the pack's own reads of its spaces (``RecogniserConfig.
pack_board_own_confidence``): the built-in net's probabilities, whose labels the pack replaces, no
longer floor it. Fresh taught game 72776 (printing 998141, 4 players, tilt 6.1, evening): every board
read 0.06-0.25 while every tile on it was right, so the tracker weighed Blue's board, which showed the
scored dark blue diamond arriving (change 143), at a tenth and asked "collects a dark blue diamond"
against "takes the cube home without collecting"."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_change_still

from vision.octocube.config import RecogniserConfig


@pytest.fixture(scope="module")
def blue_scores(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    art = Path(tmp_path_factory.mktemp("art998141"))
    return taught_change_still(998141, art, 72776, 143, 4, 6.1, "evening", settled=1)


def test_a_board_read_right_by_the_pack_is_weighed_as_the_pack_reads_it(blue_scores: tuple[Any, Any, Any]) -> None:
    board = read_taught(blue_scores, 4).boards[2]  # Blue
    assert "dark blue diamond" in board.labels  # the tile just scored, read on the board
    assert board.confidence >= 0.5


def test_with_the_nets_floor_the_same_board_is_barely_trusted(blue_scores: tuple[Any, Any, Any]) -> None:
    """The counterfactual: the built-in net's probabilities floor the board as before."""
    board = read_taught(blue_scores, 4, replace(RecogniserConfig(), pack_board_own_confidence=False)).boards[2]
    assert "dark blue diamond" in board.labels
    assert board.confidence < 0.3
