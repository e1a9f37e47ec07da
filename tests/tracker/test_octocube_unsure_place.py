"""Readings a steep camera in evening light leaves unsure must not decide a move on their own:
a cube's place, and a cube's top (what a power E did to it).

Bench seed 72470 (standard, 4 players, tilt 34.1, evening), truth moves 103-104: Red rolls west
from D3 onto C3 and declines the extra roll. The pixel recogniser read that scene with Red's cube
one row nearer the camera, on C4, place confidence 0.53 (its top a coin at 0.16); C4's stack top
read as covered by it (the same placement, at 0.53) and C3's top as a coin at 0.1. The tracker
took "rolls west, then an extra roll south to C4", confirmed unasked (the one placement counted
twice, 1.06 against a margin of 0.5), and the game was lost from move 104 (107/242 moves, 78
false alarms). The scene below is that reading, rebuilt on the truth's position.
"""

from __future__ import annotations

from dataclasses import replace

from rules.octocube.moves import Decline, Roll, UsePower
from rules.octocube.state import tile_from_label
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.inference import Confirmed, Question, infer
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from vision.octocube.observation import OctocubeObservation, StackTopReading

RED = 0
C3, C4 = (2, 2), (3, 2)


def _read_one_row_near(seen: OctocubeObservation) -> OctocubeObservation:
    """``seen`` (Red's cube on C3) as the pixel recogniser read it at tilt 34.1."""
    coin = tile_from_label("coin")
    seen.cubes[RED] = replace(seen.cubes[RED], location=C4, top=coin, confidence=0.1648, rotation=90,
                              place_confidence=0.5285)
    seen.tops[C4] = StackTopReading(C4, None, 0.5285, covered=True)
    seen.tops[C3] = StackTopReading(C3, coin, 0.1)
    return seen




def test_a_cube_placed_one_row_off_at_half_sure_is_not_an_extra_roll() -> None:
    twin = TwinGame(4, 72470, illegal=3)
    tracked = tracked_until(twin, 103)
    truth = truth_after(twin, 105)
    roll, decline = twin.truth.history[103:105]
    assert roll == Roll(direction="west") and isinstance(decline, Decline)
    assert truth.cubes[RED].location == C3
    seen = _read_one_row_near(observation_from_state(truth))
    verdict = infer(tracked.state, seen, tracked.adapter)
    assert not isinstance(verdict, Confirmed), verdict  # the extra roll was confirmed unasked
    events = list(tracked.observe(seen))
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history[: len(tracked.state.history)]
    assert tracked.state.history[103] == roll


def test_a_cube_read_where_another_chain_puts_it_counts_once() -> None:
    """The stack top a cube is read on stands for the cube's place, not for a second reading."""
    twin = TwinGame(4, 72470, illegal=3)
    truth = truth_after(twin, 105)
    seen = _read_one_row_near(observation_from_state(truth))
    adapter = OctocubeAdapter()
    found = adapter.differences(adapter.expected(truth), seen)
    about_c4 = [d for d in found if "C4" in d.description]
    assert len(about_c4) == 1 and "Red's cube" in about_c4[0].description, found


def test_a_power_e_under_a_top_read_unsure_is_followed_by_the_next_players_turn() -> None:
    """Advanced bench seed 61633 (2 players, tilt 34.9, evening), truth moves 186-187: Yellow's
    power E turns the south face down, then Red uses E too, in one still scene. Yellow's top was
    read bare at 0.18 (hidden at that tilt): the tracker extended Yellow's pivots and passes with
    Red's turn, not an E that changes the top nobody could read, and the players were offered
    none of what happened (the game lost from move 186)."""
    twin = TwinGame(2, 61633, illegal=3, mode="advanced")
    tracked = tracked_until(twin, 186)
    truth = truth_after(twin, 188)
    yellows, reds = twin.truth.history[186:188]
    assert isinstance(yellows, UsePower) and yellows.letter == "E" and yellows.orientation is not None
    assert yellows.orientation[0] == "south"
    assert isinstance(reds, UsePower) and reds.letter == "E"
    seen = observation_from_state(truth)
    yellow = 1
    seen.cubes[yellow] = replace(seen.cubes[yellow], top=None, confidence=0.1822, rotation=None)
    verdict = infer(tracked.state, seen, tracked.adapter)
    assert isinstance(verdict, Question), verdict
    assert (yellows, reds) in verdict.options
    answer_truthfully(truth, tracked, list(tracked.observe(seen)))
    assert tracked.state.history == truth.history


def test_a_power_h_swap_onto_a_stack_now_covered_is_followed_by_the_next_players_turn() -> None:
    """Advanced bench seed 61654 (3 players, tilt 33.6, evening), truth moves 134-135: Yellow's
    power H swaps D1 with E4, then Blue rolls onto E4, in one still scene; D1's new top was read
    at 0.1. "Yellow passes (or swaps two look-alike stacks), then Blue rolls" fitted, the true
    chain was not offered (a swap changes the view), and the game was lost from move 134 (134/265
    moves, 116 false alarms)."""
    twin = TwinGame(3, 61654, illegal=3, mode="advanced")
    tracked = tracked_until(twin, 134)
    truth = truth_after(twin, 136)
    swap, roll = twin.truth.history[134:136]
    d1, e4 = (0, 3), (3, 4)
    assert isinstance(swap, UsePower) and swap.letter == "H" and {swap.location, swap.other} == {d1, e4}
    assert isinstance(roll, Roll) and truth.cubes[2].location == e4
    seen = observation_from_state(truth)
    seen.tops[d1] = replace(seen.tops[d1], confidence=0.1)
    verdict = infer(tracked.state, seen, tracked.adapter)
    assert isinstance(verdict, Question), verdict
    assert (swap, roll) in verdict.options
    answer_truthfully(truth, tracked, list(tracked.observe(seen)))
    assert tracked.state.history == truth.history
