"""A taught cube top whose glyph looks alike turned half round is read with a doubtful whole turn
but a sure turn up to a half turn (``CubeReading.turn_axis_confidence``,
``RecogniserConfig.pack_cube_turn_axis_confidence``).

Fresh whole taught game 72783 (printing 998165, 2 players, tilt 0.2, day), changes 37-38: Red's
green starfish on C1, then Red pivots it 90 degrees (270 -> 0). The fine stage fits the starfish
0.989 / 0.986 turned 0 / 180 and 0.936 / 0.932 turned 90 / 270: the whole reading weighs under
0.5, under the tracker's tolerance, so the pivot's scene looked like "nothing happened" and the
round was folded into a later question (confirmed as "Red pivots 270"); a quarter turn off is told
surely. Real path: the printing drawn by the twin, taught from the bench's two rendered teach
photos, the frames the stillness gate reads.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.inference import InferenceConfig
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, TILT, LIGHT = 998_165, 72_783, 2, 0.2, "day"
RED, YELLOW, C1 = 0, 1, (0, 2)
BEFORE, AFTER = 37, 38
"""The still before Red's 90-degree pivot and the pivot's own still."""


@pytest.fixture(scope="module")
def stills(tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[Any, Any, Any]]:
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return {c: taught_change_still(PRINTING, art, GAME, c, PLAYERS, TILT, LIGHT, settled=1) for c in (BEFORE, AFTER)}


def test_the_starfish_turn_is_sure_up_to_a_half_turn(stills: dict[int, tuple[Any, Any, Any]]) -> None:
    tolerance = InferenceConfig().tolerance
    turns = {}
    for change, still in stills.items():
        truth = scene_truth(still[1].ground_truth, 4, PLAYERS)
        assert truth.cube_location[RED] == C1 and truth.cube_top[RED] == "green starfish"
        red = read_taught(still, PLAYERS, grid=4).cubes[RED]
        assert red.location == C1 and red.top is not None and red.top.label() == "green starfish"
        assert red.rotation == truth.cube_rotation[RED], (change, red)
        assert red.confidence < 0.5, red  # the half turn stays doubtful, as it was
        assert red.turn_axis_confidence is not None and red.turn_axis_confidence > tolerance, red
        turns[change] = red
    before, after = turns[BEFORE], turns[AFTER]
    assert (after.rotation - before.rotation) % 360 == 90
    # weighed against the turn before the pivot, the reading after it is sure; against a half turn, not
    assert after.turn_weight_confidence(before.rotation) > tolerance
    assert after.turn_weight_confidence((after.rotation + 180) % 360) == after.confidence


def test_a_top_sure_of_its_whole_turn_gains_nothing(stills: dict[int, tuple[Any, Any, Any]]) -> None:
    """Control: Yellow's green pearl, read sure of its whole turn, is as sure of its axis."""
    yellow = read_taught(stills[AFTER], PLAYERS, grid=4).cubes[YELLOW]
    assert yellow.top is not None and yellow.confidence > 0.8
    assert yellow.turn_axis_confidence is not None
    assert yellow.turn_axis_confidence == pytest.approx(yellow.confidence, abs=0.02)


def test_off_the_reading_carries_no_axis_confidence(stills: dict[int, tuple[Any, Any, Any]]) -> None:
    """The counterfactual: with the option off, the same reading as before, and no axis confidence."""
    config = replace(RecogniserConfig(), pack_cube_turn_axis_confidence=False)
    red = read_taught(stills[AFTER], PLAYERS, config, grid=4).cubes[RED]
    assert red.rotation == 0 and red.confidence < 0.5 and red.turn_axis_confidence is None
