"""A pivot, a swap of two alike stacks nobody can see, then the pivoting player's visible swap:
one scene for three turns, asked beside "the pivot, then the next player's swap".

Advanced bench seed 72531 through the pixels (tilt 30.5, lamp): Yellow pivoted its cube 180
degrees, Red used power H on two stacks topped by coins (the table looks the same), then Yellow
swapped B2 and D4. "Yellow pivots, then Red swaps B2 and D4" was the only chain offered and was
confirmed unasked (with perfect readings too); every later move was out of turn and the game was
lost from move 174 (177/441 moves, 211 false alarms)."""

from __future__ import annotations

from rules.octocube.moves import Pivot, UsePower
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import QuestionAsked

SEED, YELLOW_PIVOTS_AT = 72531, 174


def test_the_alike_swap_between_a_pivot_and_a_swap_is_offered_and_followed() -> None:
    twin = TwinGame(2, SEED, illegal=0, mode="advanced")
    pivot, alike_swap, swap = twin.truth.history[YELLOW_PIVOTS_AT: YELLOW_PIVOTS_AT + 3]
    assert isinstance(pivot, Pivot) and isinstance(alike_swap, UsePower) and isinstance(swap, UsePower)
    tracked = tracked_until(twin, YELLOW_PIVOTS_AT)
    truth = truth_after(twin, YELLOW_PIVOTS_AT + 3)  # one scene for the three turns
    events = list(tracked.observe(observation_from_state(truth)))
    asked = [e.question.options for e in events if isinstance(e, QuestionAsked)]
    assert asked and (pivot, alike_swap, swap) in asked[0], asked
    assert (pivot, swap) in asked[0], asked  # the same table with Yellow to move: still asked
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
