"""A dark tile under a glare strong enough to lift its background to a paler shade's keeps its shade.

Random printing 997767 (its dark blue glyphs dark on dark blue), bench table 547700 (3, 0), 2
photos, in full view under the lamp's glare: a dark blue sextant's background (225, 147, 126)
mapped 5.7 Lab from a darkened light blue and 16.0 from a veiled dark blue; the coarse stage put
the light blue sextant first (0.53 against 0.36) and it was read so at 0.70, surely wrong. A veil
adds the same light to background and glyph, so their difference keeps its direction: the top's
contrast lies 5.4 degrees from the taught dark blue's and 17.3 from the light blue's (the table's
tops read right: 0.8-5.8 from their own). The cue now reads it dark blue by its contrast alone
(``pack_shade_contrast_alone_deg``), doubtfully (``pack_shade_contrast_alone_confidence``). The
contrast of a dark glyph on dark blue is measured where that glyph lies on the printing's other
shades (``ShadeCue.glyph_masks``): on its own face it lies too near its background to be found."""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import printing_pack, read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.layout import TILE_LABELS
from vision.octocube.shade_cue import ShadeCue
from vision.octocube.truth import scene_truth

PRINTING, TABLE, TOP = 997_767, 547_700, (3, 0)


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(PRINTING, TABLE, photos=2)


def _tops(scene: tuple[Any, Any], config: RecogniserConfig | None = None) -> dict[Any, tuple[str | None, float]]:
    obs = read_taught_table(scene, config)
    return {loc: (r.tile.label() if r.tile is not None else None, r.confidence) for loc, r in obs.tops.items()}


def test_a_glared_dark_blue_top_is_read_dark_blue_and_doubtful(scene: tuple[Any, Any]) -> None:
    _, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.tops[TOP] == "dark blue sextant" and truth.top_visibility[TOP] == 1.0
    now = _tops(scene, RecogniserConfig(pack_shade_contrast_alone_turns=True))
    assert now[TOP][0] == "dark blue sextant"  # before: light blue sextant at 0.70
    assert now[TOP][1] <= RecogniserConfig().pack_shade_contrast_alone_confidence
    before = _tops(scene, RecogniserConfig(pack_shade_contrast_alone_deg=0.0, pack_shade_contrast_alone_turns=True))
    # before: the wrong shade, sure enough to pass the doubt the cue now sets
    assert before[TOP][0] == "light blue sextant"
    assert before[TOP][1] > RecogniserConfig().pack_shade_contrast_alone_confidence
    # nothing else on the table moves
    assert {loc: v for loc, v in now.items() if loc != TOP} == {loc: v for loc, v in before.items() if loc != TOP}


def test_every_shaded_face_of_the_printing_has_a_glyph_colour() -> None:
    """Dark glyphs on dark blue (and green) lie within 80 levels of their background: their glyph
    is measured where the same glyph lies on the shades that show it."""
    cue = ShadeCue(printing_pack(PRINTING), TILE_LABELS)
    shaded = [lb for lb in TILE_LABELS if lb.split()[0] in ("white", "light", "dark", "green")]
    assert shaded and all(lb in cue.glyph for lb in shaded), [lb for lb in shaded if lb not in cue.glyph]
    # the dark blue sextant's glyph is darker than its background, as drawn
    assert float(cue.glyph["dark blue sextant"].sum()) < float(cue.background["dark blue"].sum())


def test_without_the_turn_the_top_keeps_its_read_shade_but_is_asked(scene: tuple[Any, Any]) -> None:
    """``pack_shade_contrast_alone_turns`` off (the default): the contrast only lowers the
    confidence below the tracker's bar, so the players are asked instead of a sure misread."""
    top = _tops(scene)[TOP]
    assert top[0] == "light blue sextant"
    assert top[1] <= RecogniserConfig().pack_shade_contrast_alone_confidence
