"""A hand over a fan's rows' ends: where each row ends is measured past the hand, the cards it
must hold counted and the places it may hold asked, never a made-up count (tuning 91141: an arm
over both rows' last cards, all 16 corners found, refused for skin before the corners were
read; 91130: fingers over a row's last 3 cards, the last one's end showing past them; 91125: an
arm over the first row's corners, the second row read as a fan of its own). The fans are drawn
here (the card art at the reader's 3 px per mm on the mat): a rendered table takes 10-30 s."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np

from vision.open_season import accolades as A
from vision.render import open_season_art as art
from vision.render.open_season_scene import CARD_H, FAN_LEFT_X, FAN_ROWS_Y

P = A.PX_PER_MM
STEP_MM = 15.0
MAT_BGR = (90, 60, 40)  # the renderer's play mat (40, 60, 90) RGB
SKIN_BGR = (96, 134, 198)  # one of the renderer's hands (198, 134, 96) RGB
FACES = [f"{p}-{a}" for a in art.ATTRIBUTES for p in art.PEOPLES if p not in ("dwarf", "gnome")]
"""Faces whose colour band is not a skin's (a dwarf's orange under fingers reads as one colour
across: ``_whole_card``)."""


def _area() -> np.ndarray:
    h = int(round((A.RECT_Y[1] - A.RECT_Y[0]) * P))
    w = int(round((A.AREA_X[1] - A.AREA_X[0]) * P))
    area = np.zeros((h, w, 3), np.uint8)
    area[:] = MAT_BGR
    return area


def _corner(row: int, i: int) -> tuple[float, float]:
    """Area px of card ``i`` of fan row ``row``'s top-left corner."""
    return ((FAN_LEFT_X - A.AREA_X[0] + i * STEP_MM) * P, (FAN_ROWS_Y[row] - CARD_H / 2 - A.RECT_Y[0]) * P)


def _draw_row(area: np.ndarray, row: int, count: int, faces: dict[int, str] | None = None
              ) -> list[tuple[float, float]]:
    """``faces``: card index -> face, where not one of ``FACES``."""
    w, h = (int(round(v * P)) for v in art.CARD_SIZE_MM)
    corners = []
    for i in range(count):
        people, attribute = (faces or {}).get(i, FACES[(7 * i + row) % len(FACES)]).split("-")
        card = art.draw_card(people, attribute, w, h, P)
        x, y = (int(round(v)) for v in _corner(row, i))
        card = card[:area.shape[0] - y]  # the area ends within the second row's cards
        alpha = card[:, :, 3:4].astype(np.float32) / 255.0
        under = area[y:y + card.shape[0], x:x + w]
        area[y:y + card.shape[0], x:x + w] = (card[:, :, :3] * alpha + under * (1 - alpha)).astype(np.uint8)
        corners.append((float(x), float(y)))
    return corners


def _hand(area: np.ndarray, x0_mm: float, x1_mm: float) -> None:
    """A forearm lying across the fan's rows from ``x0_mm`` to ``x1_mm`` (fan-local x)."""
    x0, x1 = (int(round((v - A.AREA_X[0]) * P)) for v in (x0_mm, x1_mm))
    area[:, x0:x1] = SKIN_BGR


def test_a_rows_end_seen_past_fingers_counts_the_cards_under_them() -> None:
    # 10 cards in a row; a hand from card 7's strip to 30 mm into card 10, whose right part shows
    # beside the mat: cards 8-10 lie there, each asked with every face (91130's case)
    area = _area()
    corners = _draw_row(area, 0, 10)
    _hand(area, FAN_LEFT_X + 6 * STEP_MM + 5, FAN_LEFT_X + 9 * STEP_MM + 30)
    seen, bare = A._row_end(area, corners[:7])
    assert abs(seen - (corners[9][0] + 44 * P)) <= 2 * P and bare - seen <= A.END_SEEN_MM * P
    ends = A._covered_row_ends(area, corners[:7], set(), 3)
    assert ends is not None
    out, unseen, maybe = ends
    assert len(out) == 10 and unseen == {7, 8, 9} and maybe == []
    assert all(abs(x - c[0]) <= 2 * P for (x, _), c in zip(out, corners))


def test_a_rows_end_under_an_arm_asks_the_places_a_card_may_fill() -> None:
    # 8 cards; an arm from card 8's strip to 22 mm past its right edge, the mat beyond: a 9th
    # card would end under the arm, a 10th past it on the mat -- one place asked, nothing counted
    area = _area()
    corners = _draw_row(area, 0, 8)
    last = FAN_LEFT_X + 7 * STEP_MM
    _hand(area, last + 5, last + 44 + 22)
    ends = A._covered_row_ends(area, corners, set(), 0)
    assert ends is not None
    out, unseen, maybe = ends
    assert out == corners and unseen == set()
    assert [(m.seat, m.row, m.place) for m in maybe] == [(0, 0, 9)]
    # the same row whole: its last card shows, nothing asked
    whole = _area()
    assert A._covered_row_ends(whole, _draw_row(whole, 0, 8), set(), 0) == (corners, set(), [])


def test_two_rows_ends_under_an_arm_ask_only_what_a_fan_can_hold() -> None:
    # rows 8 + 7, an arm over row 1's end only: row 2's last card shows whole, so row 1 holds no
    # 9th (a fan of 16 lies 8 + 8, of 17 9 + 8): nothing asked
    area = _area()
    c1, c2 = _draw_row(area, 0, 8), _draw_row(area, 1, 7)
    last = FAN_LEFT_X + 7 * STEP_MM
    x0, x1 = (int(round((v - A.AREA_X[0]) * P)) for v in (last + 5, last + 44 + 22))
    y1 = int(round(_corner(1, 0)[1]))  # the arm stops above row 2
    area[:y1, x0:x1] = SKIN_BGR
    ends = A._covered_row_ends(area, c1 + c2, set(), 1)
    assert ends == (c1 + c2, set(), [])
    # row 2's end covered too: 8 + 8 and 9 + 8 are fans as well, both places asked
    both = area.copy()
    last2 = FAN_LEFT_X + 6 * STEP_MM
    both[y1:, int(round((last2 + 5 - A.AREA_X[0]) * P)):int(round((last2 + 44 + 22 - A.AREA_X[0]) * P))] = SKIN_BGR
    ends = A._covered_row_ends(both, c1 + c2, set(), 1)
    assert ends is not None and sorted((m.row, m.place) for m in ends[2]) == [(0, 9), (1, 8)]


def test_a_row_found_where_another_should_lie_is_not_a_fan() -> None:
    # an arm over row 1's corners: row 2's 7 cards alone are no fan of 7 (91125)
    area = _area()
    row2 = _draw_row(area, 1, 7)
    assert A._fan_gap(area, row2) == A.ROW_HIDDEN
    ok = _area()
    assert A._fan_gap(ok, _draw_row(ok, 0, 7)) != A.ROW_HIDDEN
    # a fan of one row under a hand-sized blob is read only where a second row would show the mat
    assert A._no_row_below(ok)
    ok[int(round(_corner(1, 0)[1])):, :] = SKIN_BGR
    assert not A._no_row_below(ok)


def _hand_over(area: np.ndarray, x0_mm: float, x1_mm: float) -> None:
    """A hand lying across the area from ``x0_mm`` to ``x1_mm`` (fan-local x), right of where a
    second row would begin (``_no_row_below`` sees the mat there)."""
    assert x0_mm - FAN_LEFT_X > A.NO_ROW_BOX_MM[0][1]
    _hand(area, x0_mm, x1_mm)


def test_a_hand_over_a_rows_continuation_past_a_dwarfs_band_is_never_read_short() -> None:
    # 91506 (dim evening): a row of 12, a hand from card 6's band (a dwarf's: the fingers' orange
    # over it reads as one colour across) over cards 7-11 and card 12's index; card 12's right
    # part shows past the hand. Main read the first 6 cards with no question.
    area = _area()
    corners = _draw_row(area, 0, 12, {5: "dwarf-crown"})
    last = FAN_LEFT_X + 5 * STEP_MM
    _hand_over(area, last + 8, FAN_LEFT_X + 11 * STEP_MM + 14)
    assert A._skin_area_mm2(area) > A.SKIN_MM2
    found = A._find_corners(area)
    assert len(found) == 6 and A._fan_gap(area, found) == ""  # the 6th card seems whole
    assert A._whole_card(area, *found[-1]) and A._band_skin_coloured(area, *found[-1])
    assert not A._row_ends_at_last_card(area, found)  # its row's cream goes on 88 mm past its edge
    _, _, _, problem = A._fan_places(area, 0)
    assert problem == "a hand covers part of player 1's accolades: retake the photo"  # 6 hidden of 12
    # two cards under a smaller hand (a row of 8, the 8th's right part showing): counted, asked
    # with every face
    eight = _area()
    c8 = _draw_row(eight, 0, 8, {5: "dwarf-crown"})
    _hand_over(eight, last + 8, FAN_LEFT_X + 7 * STEP_MM + 14)
    assert A._skin_area_mm2(eight) < A.SKIN_MM2
    corners8, unseen, maybe, problem = A._fan_places(eight, 0)
    assert problem == "" and len(corners8) == 8 and unseen == {6, 7} and maybe == []
    assert all(abs(x - c[0]) <= 2 * P for (x, _), c in zip(corners8, c8))


def test_a_dwarf_last_card_under_a_hand_is_read_without_a_question_only_where_the_row_ends() -> None:
    # a row of 6 ending on a dwarf; a hand over its band, past its right edge over the bare mat: a
    # 7th card could lie under it: asked ("no card" or which), never read as sure
    area = _area()
    corners = _draw_row(area, 0, 6, {5: "dwarf-crown"})
    last = FAN_LEFT_X + 5 * STEP_MM
    _hand_over(area, last + 8, last + 44 + 30)
    found, unseen, maybe, problem = A._fan_places(area, 0)
    assert problem == "" and len(found) == 6 and unseen == set()
    assert [(m.row, m.place) for m in maybe][:1] == [(0, 7)]
    # the hand beside the row's end, the mat showing between: the row ends there, nothing asked
    beside = _area()
    _draw_row(beside, 0, 6, {5: "dwarf-crown"})
    _hand_over(beside, last + 44 + 4, last + 44 + 80)
    assert A._skin_area_mm2(beside) > A.SKIN_MM2
    found, unseen, maybe, problem = A._fan_places(beside, 0)
    assert problem == "" and len(found) == 6 and unseen == set() and maybe == []
    # a band not a skin's under the same hand: the band shows the fingers (as before)
    other = _area()
    _draw_row(other, 0, 6)
    _hand_over(other, last + 8, last + 44 + 30)
    assert not A._whole_card(other, *corners[5])
    assert A._fan_places(other, 0)[2] != [] or A._fan_places(other, 0)[3] != ""


def _bench() -> ModuleType:
    path = Path(__file__).resolve().parents[3] / "bench" / "score_photo_open_season.py"
    spec = importlib.util.spec_from_file_location("_score_photo_open_season_fan_end", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_place_asked_past_a_rows_end_adds_the_card_answered_and_the_bench_answers_it_truly() -> None:
    from vision.open_season.score_photo import NO_CARD_OPTION, SeatReading, _maybe_card_choice

    ch = _maybe_card_choice(0, A.MaybeCard(0, 0, 9))
    assert ch.key == "more 1 1 9" and ch.options[ch.default] == NO_CARD_OPTION and len(ch.options) == 31
    seats = [SeatReading(accolades=["elf-crown"] * 16)]
    ch.apply(seats, 0)
    assert len(seats[0].accolades) == 16
    ch.apply(seats, ch.options.index("gnome-dagger"))
    assert seats[0].accolades[-1] == "gnome-dagger" and len(seats[0].accolades) == 17
    bench = _bench()
    # a fan of 17 lies 9 + 8: read as 8 + 8, the read card 9 (row 2's first) is the true 10th
    acc = [f"card {i}" for i in range(17)]
    assert bench.read_place(16, 8) == (1, 0) and bench.truth_place(acc, 1, 0) == 9
    assert bench.truth_place(acc, 0, 8) == 8 and bench.truth_place(acc[:16], 0, 8) is None
    # the Photo screen says it in French and Dutch too
    from ui.i18n.sentences import is_translated

    listed = "; ".join(f"{i + 1} = {o}" for i, o in enumerate(ch.options))
    refusal = (f"part of player 1's accolades cannot be seen ({A.ROW_HIDDEN}): take away what covers them (a "
               "hand?) or fan them out again, and retake the photo")
    for lang in ("fr", "nl"):
        assert is_translated(f"{ch.question} ({listed})", lang) and is_translated(refusal, lang)
