"""Abyss letters read with what the rules guarantee (issue 20, session 68).

At 1280x720 an abyss letter is about 5 camera pixels and several letters blur alike: the fine
stage's scores of four or five letters lie within 0.01. The rules fix two things a frame may
use. The tile showing A is the 5x5 grid's centre tile and stays there (outside the advanced
game the centre shows A alone; the advanced game shows power sides B-I, each once, so A shows
nowhere else in any mode): ``RecogniserConfig.pack_letters_by_rule``. And each letter shows on
one tile at most: two tops read alike take the letters that fit them best together
(``pack_letters_once``). Real path: the printing drawn by the twin, taught from the bench's two
rendered teach photos, the bench's rendered table read (``bench/teach.py --packs 1 --first-art P
--first-table T --frames 1``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth


def _reads(scene: tuple[Any, Any], config: RecogniserConfig | None = None) -> tuple[Any, Any]:
    """(the table's truth, the taught recogniser's stack tops)."""
    pack, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack, config=config)
    return truth, rec.recognise(frame.image).tops


@pytest.fixture(scope="module")
def centre_a() -> tuple[Any, Any]:
    """Printing 997934, table 565000: 4 players, the centre's abyss A in full view."""
    return taught_table(997_934, 565_000, photos=2)


def test_the_centre_tile_reads_a(centre_a: tuple[Any, Any]) -> None:
    truth, tops = _reads(centre_a)
    assert truth.tops[(2, 2)] == "abyss A" and truth.top_visibility[(2, 2)] == 1.0
    assert tops[(2, 2)].tile.label() == "abyss A"  # before: abyss F at 0.45
    assert tops[(2, 2)].confidence > 0.5  # the letter is no longer in doubt


def test_without_the_rule_the_centre_a_reads_f(centre_a: tuple[Any, Any]) -> None:
    """The cause, pinned: every taught letter compared, F and A tie and F wins."""
    _, tops = _reads(centre_a, RecogniserConfig(pack_letters_by_rule=False))
    assert tops[(2, 2)].tile.label() == "abyss F"


def test_a_shows_only_on_the_centre() -> None:
    rec = OctocubeRecogniser.__new__(OctocubeRecogniser)
    rec.config, rec.grid_size, rec.mode = RecogniserConfig(), 5, "standard"
    assert rec._abyss_face_may_lie((2, 2), "abyss A") and not rec._abyss_face_may_lie((2, 2), "abyss F")
    assert not rec._abyss_face_may_lie((2, 2), "abyss")
    assert not rec._abyss_face_may_lie((1, 2), "abyss A") and rec._abyss_face_may_lie((1, 2), "abyss F")
    rec.mode = "advanced"  # the centre shows a power side B-I there
    assert rec._abyss_face_may_lie((2, 2), "abyss F") and not rec._abyss_face_may_lie((2, 2), "abyss A")
    rec.mode, rec.grid_size = "standard", 4  # two players: no centre tile
    assert not rec._abyss_face_may_lie((2, 2), "abyss A") and rec._abyss_face_may_lie((2, 2), "abyss D")
    rec.config = RecogniserConfig(pack_letters_by_rule=False)
    assert rec._abyss_face_may_lie((2, 2), "abyss A")
