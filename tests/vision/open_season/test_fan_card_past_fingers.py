"""A place past a row's last found card where a card's own colour band shows beside the hand is
asked with a card of that people its default, not "no card" (session 55; tuning 91965, warm lamp:
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
def test_a_card_whose_band_shows_past_the_last_found_card_gives_its_place_that_people(people: str) -> None:
    area = _area()
    c1 = _draw_row(area, 0, 7)
    # the 6th card of another people (one of the same looks whole under the 7th: no question)
    sixth = "mage-crown" if people != "mage" else "elf-crown"
    c2 = _draw_row(area, 1, 7, {5: sixth, 6: f"{people}-eyepatch"})
    _fingers_over_the_end(area, 1, 6)
    found = A._find_corners(area)
    assert [len(r) for r in A._rows(found)] == [7, 6]  # the 7th corner under the fingers
    corners, unseen, maybe, problem = A._fan_places(area, 0)
    assert problem == "" and len(corners) == 13 and unseen == set()
    assert all(abs(x - c[0]) <= 2 * P for (x, _), c in zip(corners, c1 + c2[:6]))
    # still asked ("no card" an answer: a sleeve may show a people's colour), the band's people
    assert [(m.row, m.place, m.band_people) for m in maybe] == [(1, 7, people)]  # main: no band_people
    # with the band switched off, as before: nothing seen
    A.PAST_BANDS_SEEN = False
    try:
        assert [m.band_people for m in A._fan_places(area, 0)[2]] == [""]
    finally:
        A.PAST_BANDS_SEEN = True


def test_a_place_whose_band_shows_defaults_to_a_card_of_that_people_still_asked() -> None:
    from vision.open_season.score_photo import COVERED_SEEN_PEOPLE, NO_CARD_OPTION, _maybe_card_choice

    seen = _maybe_card_choice(0, A.MaybeCard(0, 1, 7, band_people="sorcerer"))
    assert seen.options[0] == NO_CARD_OPTION and seen.covered  # its face by the totals (``_covered_defaults``)
    assert seen.options[seen.default].startswith("sorcerer-") and seen.people_weight == COVERED_SEEN_PEOPLE
    unseen = _maybe_card_choice(0, A.MaybeCard(0, 1, 7))
    assert unseen.options[unseen.default] == NO_CARD_OPTION and not unseen.covered


def test_no_card_past_the_last_one_leaves_the_place_asked() -> None:
    # a dwarf's orange band past the 6th card's edge lies in the skin range: nothing counted, the
    # place asked as before
    area = _area()
    _draw_row(area, 0, 7)
    _draw_row(area, 1, 7, {5: "mage-crown", 6: "dwarf-eyepatch"})
    _fingers_over_the_end(area, 1, 6)
    corners, unseen, maybe, problem = A._fan_places(area, 0)
    assert problem == "" and len(corners) == 13 and unseen == set()
    assert [(m.row, m.place, m.band_people) for m in maybe] == [(1, 7, "")]
    # the bare mat past a row's last card (the hand over its lower part and past it) shows no card
    area = _area()
    _draw_row(area, 0, 7)
    row = _draw_row(area, 1, 6, {5: "mage-crown"})
    x, y = _corner(1, 5)
    area[int(y + 38 * P):, int(x):int(x + 90 * P)] = SKIN_BGR
    assert A._cards_past_showing(area, row, STEP_MM * P, 2) == []
    assert A._cards_past_showing(area, row[:5], STEP_MM * P, 2) == ["mage"]  # the 6th card's band past the 5th
