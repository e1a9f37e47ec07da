"""A stack top nobody has named, taken home by power F, is named by the kind that arrived on the
mover's board.

Advanced bench seed 72503 through the pixels (tilt 21.7, lamp): Yellow placed its cube on A4
(the tile under it nobody saw), rolled off north, and A4's top, a light blue amphora, was read too
unsure to name. Yellow then used power F to swap it for a light blue starfish of its board. F
needs the tile's name, so no chain could be formed: "tiles appeared on Yellow's board without a
Score", and the game was lost from move 199 (199/365 moves, 106 false alarms)."""

from __future__ import annotations

import dataclasses

from rules.octocube.moves import Roll, UsePower
from rules.octocube.unknowns import UNKNOWN
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked

SEED, ROLLS_OFF_AT = 72503, 197
A4 = (3, 0)


def test_an_unnamed_top_taken_by_power_f_is_named_by_what_arrived_on_the_board() -> None:
    twin = TwinGame(2, SEED, illegal=0, mode="advanced")
    roll, swap = twin.truth.history[ROLLS_OFF_AT], twin.truth.history[ROLLS_OFF_AT + 2]
    assert isinstance(roll, Roll) and isinstance(swap, UsePower) and swap.letter == "F" and swap.location == A4
    tracked = tracked_until(twin, ROLLS_OFF_AT)
    # Yellow rolls off A4 and Red rolls: A4's top read too unsure to name
    for done in (ROLLS_OFF_AT + 1, ROLLS_OFF_AT + 2):
        truth = truth_after(twin, done)
        observed = observation_from_state(truth)
        unsure = dataclasses.replace(observed.tops[A4], confidence=0.4)
        observed = dataclasses.replace(observed, tops={**observed.tops, A4: unsure})
        answer_truthfully(truth, tracked, list(tracked.observe(observed)))
    assert tracked.state.history == truth.history
    assert tracked.state.stacks[A4][-1] is UNKNOWN
    # power F takes it home: one of the options (the board tile given is one of a pair: asked)
    truth = truth_after(twin, ROLLS_OFF_AT + 3)
    events = list(tracked.observe(observation_from_state(truth)))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    offered = [e.question.options for e in events if isinstance(e, QuestionAsked)]
    confirmed = [e.move for e in events if isinstance(e, MoveConfirmed)]
    assert confirmed == [swap] or any((swap,) in options for options in offered), (confirmed, offered)
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    assert tracked.state.boards[1].tiles == truth.boards[1].tiles
