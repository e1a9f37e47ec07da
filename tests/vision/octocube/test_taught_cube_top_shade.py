"""A cube top's shade is judged by its background in the teach sheet's colours (issue 20).

Random printing 997995 draws its white tiles dark green and its dark blue tiles light green, the
same glyph on both. Bench table 570902 (bench/teach.py --first-art 997986 --first-table 570000,
2 photos): Blue's cube wears the white diamond. The coarse stage fits it 0.905 against the dark
blue diamond's 0.847, but the fine stage (a correlation: blind to the tiles' lightness) 0.990
against 0.984, and the tile inset on the cube's taught face (the contrast with the rim, darker
on the table than on the teach photo) 0.563 against 0.684: the top was read a dark blue diamond.
Its background in the sheet's colours lies 6 Lab units from the taught white background and 32
from the dark blue (``pack_cube_shade_margin_lab``). Real path: the printing drawn by the twin,
taught from the bench's two rendered teach photos, the bench's own table.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_cube_tops, taught_table
from vision.octocube.config import RecogniserConfig

PRINTING, TABLE, BLUE = 997_995, 570_902, 2


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(PRINTING, TABLE, photos=2)


def test_a_dark_shade_on_a_cube_is_read_by_its_background(scene: tuple[Any, Any]) -> None:
    got, want, _ = read_cube_tops(scene)
    assert want[BLUE] == "white diamond"
    assert got == want


def test_without_the_shade_the_correlations_read_the_other_shade(scene: tuple[Any, Any]) -> None:
    """The cause pinned: the fine stage and the inset fit alone pick the light green face."""
    got, _, _ = read_cube_tops(scene, RecogniserConfig(pack_cube_shade_margin_lab=0.0))
    assert got[BLUE] == "dark blue diamond"
