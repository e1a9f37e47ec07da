"""A cube top read a quarter turn off the expected turn counts as sure as the reading is of its turn
up to a half turn (``CubeReading.turn_axis_confidence``, ``OctocubeAdapter.weigh_turn_axis``); a
half turn off counts as the whole reading, as before.

Fresh whole taught game 72783 (printing 998165, 2 players, tilt 0.2, day), moves 39-41 (history
38-40): Red pivots its green starfish 90 degrees on C1, Yellow passes, Red pivots 180. The taught
reader read the pivot's scene right (turn 0) at 0.46 as a whole (the starfish looks alike turned
half round) but told the quarter turn at 0.69: weighed at 0.46 the turn stayed within the
tolerance, "nothing happened" fitted, and the round was folded into "Red pivots 270". The scene
below is that reading (change 38's still, tests/vision/octocube/test_taught_cube_top_turn_axis.py),
rebuilt on the truth's position.
"""

from __future__ import annotations

from dataclasses import replace

from rules.octocube.moves import Pass, Pivot
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.inference import NoChange, Question, infer
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from vision.octocube.observation import OctocubeObservation

RED = 0
WHOLE, AXIS = 0.4613, 0.6861
"""Red's starfish after the pivot as the taught reader read it: its whole turn, its turn up to a half turn."""


def _as_read(seen: OctocubeObservation) -> OctocubeObservation:
    seen.cubes[RED] = replace(seen.cubes[RED], confidence=WHOLE, turn_axis_confidence=AXIS)
    return seen


def test_a_quarter_pivot_read_with_a_sure_axis_is_a_change() -> None:
    twin = TwinGame(2, 72783, illegal=1)
    tracked = tracked_until(twin, 38)
    truth = truth_after(twin, 39)
    pivot = twin.truth.history[38]
    assert pivot == Pivot(degrees=90) and twin.truth.history[39:41] == [Pass(), Pivot(degrees=180)]
    seen = _as_read(observation_from_state(truth))
    verdict = infer(tracked.state, seen, tracked.adapter)
    # the starfish's half turn stays doubtful, so the 270-degree pivot is asked beside it
    assert isinstance(verdict, Question), verdict
    assert (pivot,) in verdict.options
    answer_truthfully(truth, tracked, list(tracked.observe(seen)))
    assert tracked.state.history == truth.history


def test_off_the_pivot_looks_like_nothing_happened() -> None:
    """The counterfactual: weighed by the whole reading, the pivot's scene is no change (main)."""
    twin = TwinGame(2, 72783, illegal=1)
    tracked = tracked_until(twin, 38)
    assert isinstance(tracked.adapter, OctocubeAdapter)
    tracked.adapter.weigh_turn_axis = False
    seen = _as_read(observation_from_state(truth_after(twin, 39)))
    assert isinstance(infer(tracked.state, seen, tracked.adapter), NoChange)


def test_a_half_turn_off_still_weighs_as_the_whole_reading() -> None:
    """Red's 180-degree pivot (history 40), read as doubtfully: the axis does not tell it, so it
    counts as the whole reading, within the tolerance, as before."""
    twin = TwinGame(2, 72783, illegal=1)
    before, after = truth_after(twin, 40), truth_after(twin, 41)
    seen = _as_read(observation_from_state(after))
    adapter = OctocubeAdapter()
    turned = [d for d in adapter.differences(adapter.expected(before), seen) if "turned" in d.description]
    assert len(turned) == 1 and turned[0].weight == WHOLE, turned
    quarter_before = truth_after(twin, 38)  # Red's top a quarter turn off what is read after the 180
    assert (seen.cubes[RED].rotation - adapter.expected(quarter_before).cubes[RED].rotation) % 180 == 90  # type: ignore[operator]
    turned = [d for d in adapter.differences(adapter.expected(quarter_before), seen) if "turned" in d.description]
    assert len(turned) == 1 and turned[0].weight == AXIS, turned
