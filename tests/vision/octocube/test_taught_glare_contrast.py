"""A dark taught stack top under a glare keeps its shade by its contrast (issue 20).

Random printing 997623 draws its white and dark blue tiles in one hue (light green, L 80, and
dark green, L 43). On the bench's table 520300 the dark blue starfish at (0, 0), in full view,
lies under the lamp's glare: its background shows (61, 137, 71) where the table's other dark blue
top shows (23, 121, 38). The coarse scores' colour penalty (the window's mean chromaticity, which
the glare pales towards grey) put the white starfish first (0.74 against 0.57), read with
confidence 0.90 from one photo; by its background the shade cue finds a veiled dark blue (3.3
Lab) and a white in shadow (4.5) alike. Its contrast, background less glyph in linear light,
drops the veil: 2 degrees from the dark blue's taught contrast, 14 from the white's
(``pack_shade_contrast_deg``). Real path: the printing drawn by the twin, taught from one rendered
teach photo, the rendered table read.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, TABLE, STACK = 997_623, 520_300, (0, 0)


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(PRINTING, TABLE)


def _labels(scene: tuple[Any, Any], config: RecogniserConfig | None = None) -> dict[Any, str | None]:
    obs = read_taught_table(scene, config)
    return {loc: r.tile.label() if r.tile is not None else None for loc, r in obs.tops.items()}


def test_the_glared_dark_blue_starfish_is_read_dark_blue(scene: tuple[Any, Any]) -> None:
    _, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.tops[STACK] == "dark blue starfish" and truth.top_visibility[STACK] == 1.0
    now = _labels(scene)
    assert now[STACK] == "dark blue starfish"
    # nothing else on the table moves
    before = _labels(scene, RecogniserConfig(pack_shade_contrast_deg=0.0))
    assert before[STACK] == "white starfish"  # the cause, pinned: the background alone keeps white
    assert {loc: v for loc, v in now.items() if loc != STACK} == {loc: v for loc, v in before.items() if loc != STACK}


def test_the_coarse_margin_by_correlation_is_needed_too(scene: tuple[Any, Any]) -> None:
    """The colour penalty puts the dark blue face 0.17 behind (over ``pack_shade_coarse_margin``);
    by the correlation alone it leads."""
    assert _labels(scene, RecogniserConfig(pack_shade_contrast_correlation=False))[STACK] == "white starfish"
