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


def _draw_row(area: np.ndarray, row: int, count: int) -> list[tuple[float, float]]:
    w, h = (int(round(v * P)) for v in art.CARD_SIZE_MM)
    corners = []
    for i in range(count):
        people, attribute = FACES[(7 * i + row) % len(FACES)].split("-")
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
