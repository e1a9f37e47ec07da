"""A pivot nobody sees, a power E whose new top is read too unsure to show it, then a visible roll:
one scene for three turns, offered and followed.

Advanced bench seed 72535 through the pixels (tilt 31.2, day): Blue pivoted its bare cube, Red
reoriented its cube with power E (its new top, a white amphora, read at 0.09), Yellow rolled north.
The chain of the three turns was never offered (only ones with Red's turn last, or with a Blue
pivot the players could not confirm); the players said none of these and the game was lost from
move 154 (154/282 moves, 85 false alarms)."""

from __future__ import annotations

import dataclasses

from rules.octocube.moves import Pivot, Roll, UsePower
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, QuestionAsked

SEED, BLUE_PIVOTS_AT, RED = 72535, 154, 0


def test_a_power_e_read_unsure_between_an_unseen_pivot_and_a_roll_is_followed() -> None:
    twin = TwinGame(3, SEED, illegal=0, mode="advanced")
    pivot, reorient, roll = twin.truth.history[BLUE_PIVOTS_AT: BLUE_PIVOTS_AT + 3]
    assert isinstance(pivot, Pivot) and isinstance(reorient, UsePower) and reorient.letter == "E"
    assert isinstance(roll, Roll)
    tracked = tracked_until(twin, BLUE_PIVOTS_AT)
    truth = truth_after(twin, BLUE_PIVOTS_AT + 3)
    observed = observation_from_state(truth)
    red = observed.cubes[RED]
    assert red.top is not None
    observed.cubes[RED] = dataclasses.replace(red, confidence=0.09)  # the new top read too unsure
    events = list(tracked.observe(observed))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    asked = [e.question.options for e in events if isinstance(e, QuestionAsked)]
    assert asked and (pivot, reorient, roll) in asked[0], [len(a) for a in asked]
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
