"""A wall card's patches showing skin where the read face's art shows none (a fingertip over its
icon) make it unsure: ``cards._skin_over_art`` (session 44, os-photo10; tuning 90941)."""

from __future__ import annotations

import numpy as np

from vision.open_season import cards
from vision.render import open_season_art as art


def _patches(side: int, colour: tuple[int, int, int]) -> np.ndarray:
    """Two square patches of ``side`` pixels, one BGR colour, as (side * side * 2, 3) float32."""
    return np.tile(np.array(colour, np.float32), (2 * side * side, 1))


def test_skin_over_the_art_counts_only_where_the_faces_own_art_is_not_skin_coloured() -> None:
    side = 24
    cream = art.CREAM_RGB[::-1]
    face = _patches(side, cream)
    orange = art.PEOPLE_RGB["dwarf"][::-1]
    dwarf = face.copy().reshape(2, side, side, 3)
    dwarf[0, 4:20, 4:20] = orange  # the dwarves' orange lies in the skin range: the art's own
    dwarf_raw = dwarf.reshape(-1, 3)
    split = side * side
    assert cards._skin_mask(np.array([orange], np.float32))[0]  # why the art's own must not count
    assert cards._skin_over_art(face, face, split) == 0.0
    assert cards._skin_over_art(dwarf_raw, dwarf_raw, split) == 0.0
    finger = dwarf.copy()
    finger[1, 6:18, 0:24] = (160, 194, 241)  # a pale fingertip across the icon's patch (BGR)
    share = cards._skin_over_art(finger.reshape(-1, 3), dwarf_raw, split)
    assert abs(share - 12 * 24 / split) < 0.02 and share > cards.WALL_SKIN_SHARE
    dim = finger.reshape(-1, 3) * 0.6  # a dim photo: one gain matches it to the art first
    assert abs(cards._skin_over_art(dim, dwarf_raw, split) - share) < 0.02
