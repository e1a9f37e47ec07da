"""A hand over part of a fan whose card count the rest of the fan tells: the covered cards are
counted and asked, not the photo refused (session 54). A row short of what the other row's cards
ask for, its end under a hand (tuning 91309: row 1's 7th card under a hand, row 2's 7 cards in
view; 91568 and 90662: fingers over a row's last cards, the row's end showing past them), and a
gap in a row under a hand-sized blob (91813: a hand over cards 7-10 of a row of 11) were refused
("a row of the fan is short of cards", "a hand covers part of ..."). The fans are drawn as in
``test_fan_end_under_hand.py`` (the card art at the reader's 3 px per mm on the mat)."""

from __future__ import annotations

import numpy as np

from tests.vision.open_season.test_fan_end_under_hand import (
    FAN_LEFT_X, P, SKIN_BGR, STEP_MM, _area, _corner, _draw_row, _hand_over,
)
from vision.open_season import accolades as A


def _fingers(area: np.ndarray, row: int, x0_mm: float, x1_mm: float) -> None:
    """A hand over fan row ``row`` only (its corners and band, down to the cards' lower part),
    from ``x0_mm`` to ``x1_mm`` (fan-local x)."""
    x0, x1 = (int(round((v - A.AREA_X[0]) * P)) for v in (x0_mm, x1_mm))
    y0 = int(round(_corner(row, 0)[1] - 3 * P))
    y1 = int(round(_corner(row, 0)[1] + 36 * P))
    area[max(y0, 0):y1, x0:x1] = SKIN_BGR


def test_a_short_row_whose_end_shows_past_the_fingers_is_counted_not_refused() -> None:
    # 91568's shape: rows 7 + 6; fingers over row 1's 6th and 7th corners and bands, row 1's end
    # (the 7th card's right part) showing past them, row 2 whole: 5 + 6 corners found, "a row of
    # the fan is short of cards" -- refused on main. Now the row's end counts cards 6 and 7
    area = _area()
    c1, c2 = _draw_row(area, 0, 7), _draw_row(area, 1, 6)
    _fingers(area, 0, FAN_LEFT_X + 5 * STEP_MM - 2, FAN_LEFT_X + 6 * STEP_MM + 20)
    found = A._find_corners(area)
    assert [len(r) for r in A._rows(found)] == [5, 6]
    assert A._fan_gap(area, found) == A.SHORT_ROW
    corners, unseen, maybe, problem = A._fan_places(area, 0)
    assert problem == "" and len(corners) == 13 and unseen == {5, 6} and maybe == []
    assert all(abs(x - c[0]) <= 2 * P for (x, _), c in zip(corners, c1 + c2))


def test_a_short_row_under_a_hand_holds_at_least_what_the_other_row_asks_for() -> None:
    # 91309's shape: rows 7 + 7; a hand-sized blob over row 1's 7th card and past it (the end
    # not in view), row 2's 7 cards whole: row 1 holds 7 (a fan of 14) or 8 (15): the 7th counted
    # (asked with every face), the 8th place asked ("no card" or which) -- refused on main
    area = _area()
    c1, c2 = _draw_row(area, 0, 7), _draw_row(area, 1, 7)
    seventh = FAN_LEFT_X + 6 * STEP_MM
    x0, x1 = (int(round((v - A.AREA_X[0]) * P)) for v in (seventh - 1, seventh + 96))
    area[:int(round(_corner(1, 0)[1] - 2 * P)), x0:x1] = SKIN_BGR  # over row 1 only
    assert A._skin_area_mm2(area) > A.SKIN_MM2
    found = A._find_corners(area)
    assert [len(r) for r in A._rows(found)] == [6, 7] and A._fan_gap(area, found) == A.SHORT_ROW
    corners, unseen, maybe, problem = A._fan_places(area, 0)
    assert problem == ""
    assert len(corners) == 14 and unseen == {6}
    assert [(m.row, m.place) for m in maybe] == [(0, 8)]
    assert all(abs(x - c[0]) <= 2 * P for (x, _), c in zip(corners, c1 + c2))


def test_a_gap_under_a_hand_sized_blob_is_counted_from_the_rows_steps() -> None:
    # 91813's shape: one row of 11, a hand over cards 7-9's corners (a gap of 4 steps between
    # the 6th and 10th corners found) large enough to be a hand (``SKIN_MM2``): main refused
    # ("no gap is counted under a hand"); now its 3 cards are counted, each asked with every face
    area = _area()
    c = _draw_row(area, 0, 11)
    _hand_over(area, FAN_LEFT_X + 6 * STEP_MM - 2, FAN_LEFT_X + 8 * STEP_MM + 12)
    # its palm below the row, over the bare mat (where no second row lies)
    x0, x1 = (int(round((v - A.AREA_X[0]) * P)) for v in (FAN_LEFT_X + 60, FAN_LEFT_X + 200))
    area[int(round(_corner(0, 0)[1] + 72 * P)):, x0:x1] = SKIN_BGR
    assert A._skin_area_mm2(area) > A.SKIN_MM2
    found = A._find_corners(area)
    assert len(found) == 8 and A._fan_gap(area, found).startswith(A.GAP_WORDS)
    corners, unseen, maybe, problem = A._fan_places(area, 0)
    assert problem == "" and len(corners) == 11 and unseen == {6, 7, 8} and maybe == []
    assert all(abs(x - k[0]) <= 2 * P for (x, _), k in zip(corners, c))
    # with the count under a hand switched off, as before: refused
    A.HAND_GAPS_COUNTED = False
    try:
        assert A._fan_places(area, 0)[3] == "a hand covers part of player 1's accolades: retake the photo"
    finally:
        A.HAND_GAPS_COUNTED = True


def test_a_short_row_is_still_refused_where_more_cards_hide_than_may_be_counted() -> None:
    # a row of 12 with 5 corners under fingers, the end in view: 5 of 12 counted unseen is over
    # ``UNSEEN_CARDS_MAX`` -- a photo to retake, as before
    area = _area()
    _draw_row(area, 0, 12)
    _fingers(area, 0, FAN_LEFT_X + 7 * STEP_MM - 2, FAN_LEFT_X + 11 * STEP_MM + 20)
    problem = A._fan_places(area, 0)[3]
    assert problem != ""


def test_a_covered_cards_own_band_beside_the_fingers_names_its_people() -> None:
    # fingers over card 5's corner index and the top of its band (the classifiers read the
    # fingers: a dwarf, most often); the band's lower part shows across its strip: its people.
    # A dwarf's orange band lies in the skin range: it names nothing (the read stays), nor does a
    # band the fingers cover whole
    from vision.render import open_season_art as art

    for people in art.PEOPLES:
        area = _area()
        c = _draw_row(area, 0, 8, {4: f"{people}-crown"})
        x, y = c[4]
        area[int(y - 3 * P):int(y + 26 * P), int(x):int(x + 14 * P)] = SKIN_BGR
        named = A._seen_band_people(area, x, y, c[5][0])
        assert named == (None if people == "dwarf" else people), people
        # the counted corner lies a mm or two off the card's: the same people
        assert A._seen_band_people(area, x + 2 * P, y - P, c[5][0]) == named
        area[int(y + 20 * P):int(y + 40 * P), int(x):int(x + 15 * P)] = SKIN_BGR
        assert A._seen_band_people(area, x, y, c[5][0]) is None
    assert A._strip_ends(c) == [k[0] for k in c[1:]] + [c[-1][0] + art.CARD_SIZE_MM[0] * P]


def test_a_covered_card_whose_band_shows_weighs_its_people_as_seen() -> None:
    from vision.open_season.score_photo import COVERED_READ_PEOPLE, COVERED_SEEN_PEOPLE, _accolade_choice

    seen = A.AccoladeCard(0, 6, "mage-crown", 0.3, False, ("dwarf-crown",), covered=True, band_seen=True)
    read = A.AccoladeCard(0, 6, "dwarf-crown", 0.3, False, ("mage-crown",), covered=True)
    assert _accolade_choice(0, seen).people_weight == COVERED_SEEN_PEOPLE
    assert _accolade_choice(0, read).people_weight == COVERED_READ_PEOPLE
    assert _accolade_choice(0, seen).options[0] == "mage-crown" and _accolade_choice(0, seen).covered
