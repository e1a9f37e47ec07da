"""A fan of accolades counted from its outline: a taught printing's count is sure only when it
leads the next count over a good share of the pixels where their outlines differ (table 102700,
printing 960000: a tidy fan of 2, its second card almost on the first, read 1 with the 0.01 lead
that made it sure; the game was lost on it)."""

from __future__ import annotations

import numpy as np

from vision.open_season.cards import ACCOLADE_SURE_LEAD, TAUGHT_ACCOLADE_SURE_SHARE, fan_count


def _outlines(pixels: int = 1000, card: int = 400, strip: int = 40) -> np.ndarray:
    """Counts 0, 1, 2: no card, one card, a second one showing a 4 % strip beyond it."""
    out = np.zeros((3, pixels), bool)
    out[1, :card] = True
    out[2, :card + strip] = True
    return out


def test_a_lead_over_a_third_of_the_strip_is_sure_built_in_but_not_taught() -> None:
    outlines = _outlines()
    back = outlines[1].copy()
    back[400:414] = True  # a third of the second card's strip reads as back: 1 leads 2 by 0.012
    built_in, taught = fan_count(outlines, back), fan_count(outlines, back, taught=True)
    assert built_in.count == 1 and built_in.second == 2
    lead = (outlines[1] == back).mean() - (outlines[2] == back).mean()
    assert lead >= ACCOLADE_SURE_LEAD and lead < TAUGHT_ACCOLADE_SURE_SHARE * 0.04
    # a third of the strip is where a taught fan's count turns (test_taught_fan_strip.py): 1 or
    # 2, never surely
    assert built_in.confidence == 1.0 and taught.count in (1, 2) and taught.confidence < 1.0


def test_a_fan_whose_whole_strip_shows_is_sure_either_way() -> None:
    outlines = _outlines()
    for truth in (1, 2):
        back = outlines[truth].copy()
        for taught in (False, True):
            read = fan_count(outlines, back, taught=taught)
            assert (read.count, read.confidence) == (truth, 1.0)
