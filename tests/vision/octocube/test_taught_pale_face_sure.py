"""A pale taught face read right is sure enough to name a tile uncovered (issue 20).

A taught stack top's confidence was its correlation with the taught face. A correlation is not a
probability: a pale, low-contrast face fits its window far less than a bold one when read right.
Whole taught game 72491 (random printing 997331, 4 players, tilt 15.9, day light;
bench/teach.py --octocube-games): the green amphora of that printing is a small pink glyph on a
light grey ground; uncovered on A2 when Purple rolled off it (change 5), it was read a green
amphora in every scene, by 0.45-0.59, below the tracker's 0.7 to name an uncovered tile
(``OctocubeAdapter.reveal_confidence``). So A2 stayed "unseen", Purple picked up "an unseen tile",
and when Purple scored it (move 56) none of the camera's options was right: "none of these", then
alarm after alarm (55/222 moves followed; 222/222 with the built-in art, which named it at once).
``RecogniserConfig.pack_top_fit_score``: a face that fits at least ``pack_tile_score`` is as sure
as its fit over 0.65, up to 0.9. Real path: the printing drawn by the twin, taught from the
bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_game_still
from tracker.octocube.adapter import OctocubeAdapter
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_331, 72_491, 42, 4
"""The bench's printing and game (tilt 15.9, day, 4 players), the still frame after change 5."""
A2 = (1, 0)


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 15.9,
                             "day")


def test_the_uncovered_pale_tile_is_named(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    truth = scene_truth(frame.ground_truth, 5, PLAYERS)
    assert frame.ground_truth["phase"] == "still"
    assert truth.tops[A2] == "green amphora" and truth.top_visibility[A2] == 1.0
    obs = read_taught(game_frame, PLAYERS)
    top = obs.tops[A2]
    assert top.tile is not None and top.tile.label() == "green amphora"
    assert top.confidence >= OctocubeAdapter.reveal_confidence, f"A2 read at {top.confidence}: left unseen"
    for loc, want in truth.tops.items():  # every top in view still read as it lies
        if want in ("cube", "empty") or truth.top_visibility[loc] < 1.0:
            continue
        got = obs.tops[loc]
        assert got.tile is not None and got.tile.label() == want, loc


def test_the_fit_alone_leaves_it_unseen(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: with the correlation itself as the confidence, A2 is not named."""
    top = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_top_fit_score=0.0)).tops[A2]
    assert top.tile is not None and top.tile.label() == "green amphora"
    assert top.confidence < OctocubeAdapter.reveal_confidence


def test_a_close_runner_up_still_leaves_a_reading_doubtful() -> None:
    """The lift is on the fit only: a face barely ahead of another stays doubtful, and a fit below
    the tile bar is not lifted."""
    rec = OctocubeRecogniser.__new__(OctocubeRecogniser)
    rec.config = RecogniserConfig()
    assert rec._top_fit(0.5) == pytest.approx(0.5 / 0.65)
    assert rec._top_fit(0.8) == pytest.approx(0.9)
    assert rec._top_fit(0.95) == pytest.approx(0.95)
    assert rec._top_fit(0.4) == pytest.approx(0.4)
    assert rec._pack_confidence(rec._top_fit(0.8), 0.0) == pytest.approx(0.45)
