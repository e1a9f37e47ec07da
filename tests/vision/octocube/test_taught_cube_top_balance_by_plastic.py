"""A cube's top is read in the teach sheet's colours only where its own plastic agrees (issue 20).

A found cube's top is read again with its window moved into the teach sheet's colours by the white
balance fitted on the table's stack tops (``pack_cube_tops_in_taught_colours``, for random printing
996989's evening light: ``test_taught_bare_cube_top.py``). On session 64's fresh printings that
balance misled cube tops it does not hold for: printing 997720, table 543003, turned Yellow's grey
plate mauve, the printing's light blue, and a light blue sextant (a dark dot in the middle, as the
plate's) fit it better than the bare face; printing 997731, table 544100, read a light blue amphora on
Purple's cube as dark blue. The cube's plastic, the band round a plate or a worn tile alike, is the
one reference in the window: where the table's colours put it nearer the seat's taught plastic, the
first reading stands (``pack_cube_tops_balance_by_rim``). Red's bare plate on 997720 / 543003,
whose band is too blurred to tell, is read bare by the bare face over the whole face
(``pack_cube_bare_on_cube_within``: the tile led the plate by 0.102, just over the old 0.1 bar).
Real path: the printing drawn by the twin, taught from one rendered teach photo, the bench's table.
"""

from __future__ import annotations

import pytest

from tests.vision.octocube.taught_table import read_cube_tops, taught_table
from vision.octocube.config import RecogniserConfig

RED, YELLOW, PURPLE = 0, 1, 3
OLD_WITHIN = 0.1  # pack_cube_face_lead, the bar before


@pytest.fixture(scope="module")
def bare_plates() -> tuple:
    return taught_table(997_720, 543_003)


def test_bare_plates_are_read_bare(bare_plates: tuple) -> None:
    got, want, _ = read_cube_tops(bare_plates)
    assert want[RED] == want[YELLOW] == "bare" and got == want


def test_the_tops_balance_alone_reads_yellows_plate_as_a_tile(bare_plates: tuple) -> None:
    got, want, _ = read_cube_tops(bare_plates, RecogniserConfig(pack_cube_tops_balance_by_rim=-1.0))
    assert got[YELLOW].startswith("light blue") and got[RED] == "bare"
    assert {s: g for s, g in got.items() if s != YELLOW} == {s: w for s, w in want.items() if s != YELLOW}


def test_the_old_bar_reads_reds_plate_as_a_tile(bare_plates: tuple) -> None:
    got, want, _ = read_cube_tops(bare_plates, RecogniserConfig(pack_cube_bare_on_cube_within=OLD_WITHIN))
    assert got[RED].startswith("light blue") and got[YELLOW] == "bare"


@pytest.fixture(scope="module")
def worn_tile() -> tuple:
    return taught_table(997_731, 544_100)


def test_a_worn_tiles_shade_is_read_in_the_colours_its_plastic_agrees_with(worn_tile: tuple) -> None:
    got, want, _ = read_cube_tops(worn_tile)
    assert want[PURPLE] == "light blue amphora" and got == want
    got, _, _ = read_cube_tops(worn_tile, RecogniserConfig(pack_cube_tops_balance_by_rim=-1.0))
    assert got[PURPLE] == "dark blue amphora"
