"""A printing's green tiles, a shade apart from its dark blue ones, read green under a dim warm
lamp (issue 20).

Whole taught game 72719 (random printing 997395 draws green tiles a greyish mauve and dark blue
ones a bright magenta with the same glyphs; 4 players, tilt 1.7, lamp; bench/teach.py
--octocube-games), change 83: from change 82 on every green top was read dark blue ("a tile left
stack B2 with no cube on it (it now shows a dark blue starfish, was a green starfish)") and the game
was lost. The coarse stage preferred green; the fine stage, which compares the candidates' shades,
picked dark blue: its windows were white-balanced by the gain measured on the mat's encoded values,
and the mat is dark (blue near 25 levels under that lamp), so through the sRGB curve's toe that
gain pushed a light tile's blue some 10-20 % too far. The fine stage's windows are now balanced in
linear light (``pack_fine_linear_balance``). Real path: the printing drawn by the twin, taught from
the bench's two rendered teach photos, the game's own film frame (the first still frame of change 83).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS, GRID = 997_395, 72_719, 588, 4, 5
"""The bench's printing and game (tilt 1.7, lamp, 4 players: a 5 x 5 grid), the first still frame
of change 83."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 1.7,
                             "lamp")


def _green_tops(game_frame: tuple[Any, Any, Any], config: Any = None) -> dict[Any, tuple[str, str | None]]:
    frame = game_frame[1]
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    obs = read_taught(game_frame, PLAYERS, config, grid=GRID)
    return {loc: (label, obs.tops[loc].tile.label() if obs.tops[loc].tile else None)
            for loc, label in truth.tops.items() if label.startswith("green ")}


def test_every_green_top_is_read_green(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 83
    tops = _green_tops(game_frame)
    assert len(tops) >= 5
    assert all(read == truth for truth, read in tops.values()), tops


def test_balanced_on_the_encoded_values_they_read_dark_blue(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: the fine stage's windows balanced by the encoded gains (main's reading)."""
    tops = _green_tops(game_frame, RecogniserConfig(pack_fine_linear_balance=False))
    wrong = [read for truth, read in tops.values() if read != truth]
    assert len(wrong) >= 3 and all(read is not None and read.startswith("dark blue ") for read in wrong), tops
