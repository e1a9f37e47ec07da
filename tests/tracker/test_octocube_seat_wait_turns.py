"""A seat wait kept open over more of its seat's turns (``InferenceConfig.seat_wait_turns``).

Session 84 (ask84): with ``seat_settles`` on, a question whose options the seat's next visible
turn does not tell apart is asked at that turn with the moves since (observation game 749643's
move 97: 6 options left at the seat's roll, move 99). With ``seat_wait_turns=2`` the wait stays
open over the seat's second visible turn, which shows what the first did not: settled unasked,
the history and the scores those of the twin's truth. The off control (``seat_wait_turns=1``, as
on main) asks at the seat's first visible turn. (Move 196's wait, the other test file's, is not
told by the second turn either: 3 options asked there in both cases.)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.tracker.octocube_helpers import look, truth_after
from tests.tracker.test_octocube_seat_settles import ON, _followed, _questions, _twin
from tracker.octocube.groundtruth import observation_from_state
from tracker.session import IllegalMoveAlert

TWO = replace(ON, seat_wait_turns=2)
ASKED = 97
"""Truth move 97: a question that waits for its seat (6 options left at the seat's next roll)."""


def _seat_turn_after(twin: Any, at: int, seat: int, count: int) -> int:
    """History length just after ``seat``'s ``count``-th visible move (not a pass or pivot) after ``at``."""
    state = truth_after(twin, at + 1)
    seen = 0
    for k in range(at + 1, len(twin.truth.history)):
        move = twin.truth.history[k]
        player = state.current_player()
        state.push(move)
        if player == seat and move.kind not in ("pass", "pivot"):
            seen += 1
            if seen == count:
                return k + 1
    raise AssertionError("the seat has no such turn")


def test_off_the_options_left_are_asked_at_the_seats_first_turn() -> None:
    twin = _twin()
    tracked = _followed(ASKED, ON)
    seat = truth_after(twin, ASKED).current_player()
    first = _seat_turn_after(twin, ASKED, seat, 1)
    asked: list[Any] = []
    for k in range(ASKED + 1, first + 1):
        if k == ASKED + 1:
            look(truth_after(twin, k), tracked)
            assert tracked.seat_wait is not None  # the question waits (seat_settles)
            continue
        asked += _questions(list(tracked.observe(observation_from_state(truth_after(twin, k)))))
        if asked:
            break
    assert asked and k == first, (k, first)  # asked at the seat's first visible turn (main)
    whole = asked[0].whole if asked[0].whole is not None else asked[0]
    assert len(whole.options) > 1


def test_two_turns_the_seats_second_turn_settles_it_unasked() -> None:
    twin = _twin()
    tracked = _followed(ASKED, TWO)
    seat = truth_after(twin, ASKED).current_player()
    first = _seat_turn_after(twin, ASKED, seat, 1)
    second = _seat_turn_after(twin, ASKED, seat, 2)
    events: list[Any] = []
    for k in range(ASKED + 1, first + 1):
        events += look(truth_after(twin, k), tracked)
    assert not _questions(events) and tracked.seat_wait is not None  # still open after the first turn
    assert len(tracked.seat_wait.options) > 1
    for k in range(first + 1, second + 1):
        events += look(truth_after(twin, k), tracked)
        if tracked.seat_wait is None:
            break
    assert not _questions(events), _questions(events)
    assert not any(isinstance(e, IllegalMoveAlert) for e in events)
    assert tracked.seat_wait is None and tracked.pending is None
    assert tracked.state.history == twin.truth.history[:k]
    assert tracked.state.score_breakdown().totals() == truth_after(twin, k).score_breakdown().totals()
