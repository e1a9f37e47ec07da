"""A cube wearing a dark tile whose glyph barely shows is read wearing it: over the cube's whole
face the tiles inset on the seat's own bare face fit, and that bare face does not (issue 20).

Seen printing 997838 (``bench/teach.py --first-art 997830 --first-table 553000``), table 553801,
pack from two photos: Red's cube on (1, 0) wears a dark blue starfish. The coarse stage (the
middle 26 mm, brightness and contrast dropped) fits the dark blue amphora best at 0.35 (under
``pack_tile_score``) and Blue's bare face at 0.31, so the top was read bare; over the middle 38 mm
Red's own taught bare face fits -0.59 and the dark blue tiles inset on it 0.69-0.72
(``pack_cube_tile_on_own_face_lead``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_cube_tops, taught_table
from vision.octocube.config import RecogniserConfig

RED = 0


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(997_838, 553_801, photos=2)


def test_reds_dark_blue_starfish_is_read(scene: tuple[Any, Any]) -> None:
    got, want, _ = read_cube_tops(scene)
    assert want[RED] == "dark blue starfish"
    assert got == want


def test_without_the_whole_face_read_bare(scene: tuple[Any, Any]) -> None:
    got, _, _ = read_cube_tops(scene, RecogniserConfig(pack_cube_tile_on_own_face_lead=0.0))
    assert got[RED] == "bare"
