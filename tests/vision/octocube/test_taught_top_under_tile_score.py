"""A stack top read as a tile although its best taught face fits under ``pack_tile_score`` goes to
the fine stage as a low-fit top (issue 20; ``RecogniserConfig.pack_fine_below_tile_score``).

Fresh random printing 997551 (dark blue tiles with dark red glyphs), bench table 520104, stack
(4, 2): a dark blue diamond in full view, 25 px a side. At 1 px/mm its glyph barely shows, its own
face fits the coarse stage 0.33 and a light blue amphora 0.40; under ``pack_tile_score`` (0.45) the
coarse pick stood and the top was read as the light blue amphora, from one teach photo and from
two (unsure, so asked, but the likeliest answer offered was wrong). At 3 px/mm the diamond fits
0.97, the starfish 0.90, the amphora 0.78.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig

PRINTING, TABLE, AT = 997_551, 520_104, (4, 2)


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(PRINTING, TABLE)


def test_the_dark_diamond_is_read_as_it_lies(scene: tuple[Any, Any]) -> None:
    from vision.octocube.truth import scene_truth

    frame = scene[1]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.tops[AT] == "dark blue diamond" and truth.top_visibility[AT] == 1.0
    top = read_taught_table(scene).tops[AT]
    assert top.tile is not None and top.tile.label() == "dark blue diamond"
    assert top.confidence < 0.5  # a fit this low stays a question: the fine stage only names the likeliest


def test_by_the_coarse_stage_alone_it_is_the_light_blue_amphora(scene: tuple[Any, Any]) -> None:
    """The cause pinned: with the coarse pick standing under ``pack_tile_score`` it is misread."""
    top = read_taught_table(scene, RecogniserConfig(pack_fine_below_tile_score=False)).tops[AT]
    assert top.tile is not None and top.tile.label() == "light blue amphora"
