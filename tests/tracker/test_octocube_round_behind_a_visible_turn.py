"""A visible turn after a round nobody saw, in one scene with the other player's pivot, is asked
beside the same turn followed by that pivot: the table is the same, the player to move next is not.

Advanced bench seed 72456 through the pixels (tilt 20.8, evening): Yellow pivoted its bare cube
(nothing shows), Red pivoted its cube 180 degrees (its scene was read unchanged), then Yellow
scored. The next scene showed Yellow's cube gone home and Red's top turned; the only option was
"Yellow scores, then Red pivots", the players said none of these, and the game was lost from
move 54 (54/221 moves, 87 false alarms). With perfect readings the wrong chain was confirmed
unasked, and every later move of Red was "out of turn"."""

from __future__ import annotations

from collections.abc import Sequence

from rules.octocube.moves import Pivot, Score
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import QuestionAsked

SEED, YELLOW_PIVOTS_AT = 72456, 54


def _questions(events: Sequence[object]) -> list[tuple[tuple[object, ...], ...]]:
    return [e.question.options for e in events if isinstance(e, QuestionAsked)]


def test_the_round_nobody_saw_before_the_visible_turn_is_offered_and_followed() -> None:
    twin = TwinGame(2, SEED, illegal=0, mode="advanced")
    yellow_pivot, red_pivot, score = twin.truth.history[YELLOW_PIVOTS_AT: YELLOW_PIVOTS_AT + 3]
    assert isinstance(yellow_pivot, Pivot) and isinstance(red_pivot, Pivot) and isinstance(score, Score)
    tracked = tracked_until(twin, YELLOW_PIVOTS_AT)
    truth = truth_after(twin, YELLOW_PIVOTS_AT + 1)  # Yellow's pivot of a bare cube: nothing shows
    answer_truthfully(truth, tracked, list(tracked.observe(observation_from_state(truth))))
    truth = truth_after(twin, YELLOW_PIVOTS_AT + 3)  # Red's pivot's scene missed; Yellow scored
    events = list(tracked.observe(observation_from_state(truth)))
    asked = _questions(events)
    assert asked and any(option[-2:] == (red_pivot, score) for option in asked[0]), asked
    assert any(len(option) == 2 and isinstance(option[0], Score) for option in asked[0]), asked
    more = answer_truthfully(truth, tracked, events)
    answer_truthfully(truth, tracked, more)
    assert tracked.state.history == truth.history


def test_the_visible_turn_followed_by_the_pivot_is_still_offered_and_followed() -> None:
    twin = TwinGame(2, SEED, illegal=0, mode="advanced")
    tracked = tracked_until(twin, YELLOW_PIVOTS_AT)
    truth = truth_after(twin, YELLOW_PIVOTS_AT)
    truth.push(Score(faces=("south", "west")))  # Yellow scores at once ...
    truth.push(Pivot(degrees=180))  # ... and Red pivots, one scene for both
    events = list(tracked.observe(observation_from_state(truth)))
    asked = _questions(events)
    assert asked and any(len(option) == 3 for option in asked[0]), asked
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
