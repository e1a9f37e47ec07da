"""A card lying past a row's last found card whose own colour band shows beside the hand is
counted, not asked as a place with "no card" its default (session 55; tuning 91965, warm lamp:
fingers over row 2's 7th card's corner, the hand's shadow over its lower part, its sorcerer band
in full view past the 6th card's edge -- "more 1 2 7" asked, default "no card", 7 points off).
The fans are drawn as in ``test_fan_end_under_hand.py`` (the card art at the reader's 3 px per mm)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.open_season.test_fan_end_under_hand import (
    FAN_LEFT_X, P, SKIN_BGR, STEP_MM, _area, _corner, _draw_row,
)
from vision.open_season import accolades as A
from vision.render import open_season_art as art


def _fingers_over_the_end(area: np.ndarray, row: int, last: int) -> None:
    """Fingers over card ``last``'s corner index (its band below them in view) and a hand over the
    row's cream lower part from that card's corner to well past the row's end."""
    x, y = _corner(row, last)
    area[int(y - 3 * P):int(y + 20 * P), int(x - 2 * P):int(x + 12 * P)] = SKIN_BGR
    x1 = int(round((FAN_LEFT_X - A.AREA_X[0] + last * STEP_MM + 44 + 30) * P))
    area[int(y + 38 * P):, int(x - 2 * P):x1] = SKIN_BGR


@pytest.mark.parametrize("people", [p for p in art.PEOPLES if p != "dwarf"])
def test_a_card_whose_band_shows_past_the_last_found_card_is_counted(people: str) -> None:
    area = _area()
    c1 = _draw_row(area, 0, 7)
    # the 6th card of another people (one of the same looks whole under the 7th: no question)
    sixth = "mage-crown" if people != "mage" else "elf-crown"
    c2 = _draw_row(area, 1, 7, {5: sixth, 6: f"{people}-eyepatch"})
    _fingers_over_the_end(area, 1, 6)
    found = A._find_corners(area)
    assert [len(r) for r in A._rows(found)] == [7, 6]  # the 7th corner under the fingers
    corners, unseen, maybe, problem = A._fan_places(area, 0)
    assert problem == ""
    assert len(corners) == 14 and unseen == {13} and maybe == []  # main: 13 corners, "more" row 2 place 7
    assert all(abs(x - c[0]) <= 2 * P for (x, _), c in zip(corners, c1 + c2))
    # with the count switched off, as before: the place asked
    A.PAST_BANDS_COUNTED = False
    try:
        corners, unseen, maybe, problem = A._fan_places(area, 0)
        assert len(corners) == 13 and [(m.row, m.place) for m in maybe] == [(1, 7)]
    finally:
        A.PAST_BANDS_COUNTED = True


def test_no_card_past_the_last_one_leaves_the_place_asked() -> None:
    # a dwarf's orange band past the 6th card's edge lies in the skin range: nothing counted, the
    # place asked as before
    area = _area()
    _draw_row(area, 0, 7)
    _draw_row(area, 1, 7, {5: "mage-crown", 6: "dwarf-eyepatch"})
    _fingers_over_the_end(area, 1, 6)
    corners, unseen, maybe, problem = A._fan_places(area, 0)
    assert problem == "" and len(corners) == 13 and unseen == set()
    assert [(m.row, m.place) for m in maybe] == [(1, 7)]
    # the bare mat past a row's last card (the hand over its lower part and past it) shows no card
    area = _area()
    _draw_row(area, 0, 7)
    row = _draw_row(area, 1, 6, {5: "mage-crown"})
    x, y = _corner(1, 5)
    area[int(y + 38 * P):, int(x):int(x + 90 * P)] = SKIN_BGR
    assert A._cards_past_showing(area, row, STEP_MM * P, 2) == 0
    assert A._cards_past_showing(area, row[:5], STEP_MM * P, 2) == 1  # the 6th card's band past the 5th
