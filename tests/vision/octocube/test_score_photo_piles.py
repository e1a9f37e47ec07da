"""``tablesight score`` (issue 19), session 20: an untidy pile's likeliest count. Every token counted
wrong on the tuning tables was a pile's guessed count; a pile of three spread both ways is wider
across its narrow axis than two tokens side by side can be, and is now guessed 3 (still asked).
Rendered finished tables read by the real photo reader."""

from __future__ import annotations

import math

import numpy as np

from tests.vision.octocube.test_score_photo_covered import _render
from vision.octocube.score_photo import score_photo
from vision.octocube.tokens import PAIR_MAX_NARROW, _narrow_variance, pile_guess
from vision.photo_score import ScoreRequest


def test_a_pile_of_three_spread_both_ways_is_guessed_three() -> None:
    """Table 37 of seeds 29000 (daylight, tilt 4): red's three 1s lie in one untidy pile of 1.22
    discs, guessed 2 by its area and enclosing circle; across its narrow axis it is wider than
    two tokens side by side, so it is guessed 3 (asked 2-6), and red's token points from the
    photo alone are right."""
    image, gt = _render(29000, 37)
    truth = gt["end"]
    red = next(p for p in truth["players"] if p["colour"] == "red")
    out = score_photo(image, ScoreRequest(truth["num_players"]))
    tokens = out.reading["red"]["tokens"]
    pile = [t for t in tokens if math.hypot(t["at_mm"][0] - 558, t["at_mm"][1] - 508) < 12]
    assert [(t["value"], t["count"], tuple(t["range"])) for t in pile] == [(1, 3, (2, 6))]
    assert sum(t["value"] * t["count"] for t in tokens) == red["token_points"]


def _discs(centres_mm: list[tuple[float, float]], radius_mm: float, px_per_mm: float) -> np.ndarray:
    g = (np.arange(int(60 * px_per_mm)) + 0.5) / px_per_mm - 30
    xs, ys = np.meshgrid(g, g)
    return np.any([(xs - x) ** 2 + (ys - y) ** 2 <= radius_mm ** 2 for x, y in centres_mm], axis=0)


def test_narrow_axis_tells_two_side_by_side_from_three_spread_both_ways() -> None:
    """Sharp outlines of 1-point tokens (18 mm): two 4.5 mm apart are no wider across than one
    disc; three with the top two 3.5 mm off the bottom one at right angles are."""
    r, px = 9.0, 3.0
    for centres, want in (([(0.0, 0.0), (4.5, 0.0)], 2),
                          ([(0.0, 0.0), (3.5, 0.0), (0.0, 3.5)], 3)):
        ys, xs = np.nonzero(_discs(centres, r, px))
        narrow = _narrow_variance(xs, ys) / (r * px) ** 2
        share = len(xs) / px ** 2 / (math.pi * r ** 2)
        assert (narrow < PAIR_MAX_NARROW) == (want == 2), (centres, narrow)
        assert pile_guess(share, narrow) == want, (centres, share, narrow)
