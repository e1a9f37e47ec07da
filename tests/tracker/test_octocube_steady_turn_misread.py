"""A cube top's turn misread the same way, as doubtfully, in two scenes in a row is no pivot.

Advanced bench seed 72589 through the pixels (2 players, tilt 28.1, warm lamp, 1280x720): Red's
cube rolled in beside Yellow's on D3 and Yellow's top, a light blue amphora turned 180 degrees,
was read turned 90 at 0.53; Red's roll was accepted with it as a doubtful reading. Yellow passed,
the same reading came at 0.58, over the inference's margin, and "Yellow pivots 270 degrees" was
confirmed unasked: the game was lost from move 37 (37/282 moves, 179 false alarms)."""

from __future__ import annotations

from dataclasses import replace

from rules.octocube.moves import Pass, Roll
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import MoveConfirmed
from vision.octocube.observation import OctocubeObservation

YELLOW = 1


def _turned(observation: OctocubeObservation, rotation: int, confidence: float) -> OctocubeObservation:
    """``observation`` with Yellow's top read turned ``rotation`` degrees at ``confidence``."""
    observation.cubes[YELLOW] = replace(observation.cubes[YELLOW], rotation=rotation, confidence=confidence)
    return observation


def test_a_pass_after_a_doubtful_turn_already_read_is_not_a_pivot() -> None:
    twin = TwinGame(2, 72589, illegal=3, mode="advanced")
    tracked = tracked_until(twin, 35)
    roll, passed, next_roll = twin.truth.history[35:38]
    assert isinstance(roll, Roll) and isinstance(passed, Pass) and isinstance(next_roll, Roll)
    truth = truth_after(twin, 36)
    seen = observation_from_state(truth)
    assert seen.cubes[YELLOW].rotation == 180
    # Red's roll, Yellow's top misread as the bench's recogniser read it
    events = list(tracked.observe(_turned(seen, 90, 0.5294)))
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    # Yellow passes: nothing to see, the same misreading a little surer
    truth.push(passed)
    events = list(tracked.observe(_turned(observation_from_state(truth), 90, 0.5759)))
    assert not [e for e in events if isinstance(e, MoveConfirmed)], events
    answer_truthfully(truth, tracked, events)
    # Red rolls on, Yellow's top read right again: the pass is what happened
    truth.push(next_roll)
    events = list(tracked.observe(observation_from_state(truth)))
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history, tracked.state.history[35:]
