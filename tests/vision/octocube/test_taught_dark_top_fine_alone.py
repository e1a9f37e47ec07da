"""A dark stack top in full view whose faces all fit the coarse stage poorly is picked by the fine
stage alone (``RecogniserConfig.pack_fine_low_fit_coarse_weight``): at 1 px/mm the coarse scores of
small dark glyphs on a dark tile are noise, and half of one's coarse lead outweighed the fine
stage's lead where the two faces differ."""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, TABLE = 997_525, 520_504
"""Random printing 997525 (the dark blue sextant a dot and a notch, the amphora a drop, both dark
on dark blue), taught from one photo; the bench's table 520504."""
AMPHORAE = ((0, 0), (2, 1))


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(PRINTING, TABLE)


def _tops(scene: tuple[Any, Any], config: RecogniserConfig | None = None) -> dict[Any, str]:
    obs = read_taught_table(scene, config)
    out = {}
    for loc in AMPHORAE:
        tile = obs.tops[loc].tile
        assert tile is not None
        out[loc] = tile.label()
    return out


def test_dark_amphorae_in_full_view_are_read_by_the_fine_stage_alone(scene: tuple[Any, Any]) -> None:
    pack, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert all(truth.tops[loc] == "dark blue amphora" for loc in AMPHORAE)
    assert _tops(scene) == {loc: "dark blue amphora" for loc in AMPHORAE}  # main: both dark blue sextant


def test_with_the_coarse_score_weighed_in_they_read_as_sextants(scene: tuple[Any, Any]) -> None:
    """The case the setting is for: off, the coarse stage's noise picks the other dark glyph. (With
    the code as it was then: since session 58 the fine stage compares a low-fit top's faces in every
    turn, ``pack_fine_low_fit_every_turn``, and (0, 0) then reads an amphora even with the coarse
    score weighed in; since session 64 a fine tie's runoff, ``pack_fine_runoff_lead``, mends a
    sextant too, so it is off here as well.)"""
    old = RecogniserConfig(pack_fine_low_fit_coarse_weight=None, pack_fine_low_fit_every_turn=False,
                           pack_fine_runoff_lead=None)
    assert _tops(scene, old) == {loc: "dark blue sextant" for loc in AMPHORAE}
