"""A whole round nobody saw before a visible move, shown only by a tile's rotation read doubtfully.

Bench seed 72475 (standard, 2 players, tilt 34.7, lamp), truth moves 110-112: Yellow passes, Red
pivots its cube 90 degrees on D2 (the green sextant on top turns from 270 to 0 degrees), Yellow
rolls north from B2 to B1. The scenes of the pass and the pivot looked unchanged (the pivot's
rotation read at 0.17: within the tolerance of "nothing happened"); the scene of Yellow's roll read
Red's top turned 0 degrees at 0.14. "Yellow rolls north" alone cost those 0.14 and the chain that
explained everything was never a candidate (three turns: Yellow's, Red's, Yellow's): the roll was
confirmed unasked, Red's cube kept the wrong orientation, its next roll showed another tile, no
recovery could put the pivot back in, and the game was lost from move 110 (111/216 moves, 88
false alarms). The scene below is that reading, rebuilt on the truth's position.
"""

from __future__ import annotations

from dataclasses import replace

from rules.octocube.moves import Pass, Pivot, Roll
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.inference import Confirmed, Question, infer
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame

RED, YELLOW = 0, 1



def test_a_pass_and_a_pivot_nobody_saw_before_a_roll_are_asked_about() -> None:
    twin = TwinGame(2, 72475, illegal=3)
    tracked = tracked_until(twin, 110)
    truth = truth_after(twin, 113)
    assert twin.truth.history[110:113] == [Pass(), Pivot(90), Roll("north")]
    seen = observation_from_state(truth)
    # as the pixel recogniser read it: Red's top doubtful (its rotation right), Yellow's coin unsure
    assert seen.cubes[RED].rotation == 0
    seen.cubes[RED] = replace(seen.cubes[RED], confidence=0.1369)
    seen.cubes[YELLOW] = replace(seen.cubes[YELLOW], confidence=0.6854)
    verdict = infer(tracked.state, seen, tracked.adapter)
    assert not isinstance(verdict, Confirmed), verdict  # "Yellow rolls north" alone, unasked
    assert isinstance(verdict, Question), verdict
    assert (Pass(), Pivot(90), Roll("north")) in verdict.options
    assert (Roll("north"),) in verdict.options  # a misread rotation would look the same
    answer_truthfully(truth, tracked, list(tracked.observe(seen)))
    assert tracked.state.history == truth.history


def test_a_rotation_read_as_expected_adds_no_round() -> None:
    """The same roll with Red's top read as it was (270 degrees): the roll alone, unasked."""
    twin = TwinGame(2, 72475, illegal=3)
    tracked = tracked_until(twin, 110)
    before = truth_after(twin, 110)
    seen = observation_from_state(before)
    after_roll = tracked.state.clone()
    after_roll.push(Roll("north"))
    roll_seen = observation_from_state(after_roll)
    roll_seen.cubes[RED] = replace(seen.cubes[RED], confidence=0.1369)
    verdict = infer(tracked.state, roll_seen, tracked.adapter)
    assert isinstance(verdict, Confirmed) and verdict.moves == (Roll("north"),), verdict


def test_a_surer_misread_rotation_leaves_the_roll_alone() -> None:
    """Red's top read turned 0 degrees at 0.6 while only Yellow rolled: the round would beat the
    roll by more than the margin and be the only option, which the players reject (an alarm).
    Read that sure, the rotation is left to the tolerance as before: the roll, unasked."""
    twin = TwinGame(2, 72475, illegal=3)
    tracked = tracked_until(twin, 110)
    after_roll = tracked.state.clone()
    after_roll.push(Roll("north"))
    roll_seen = observation_from_state(after_roll)
    assert roll_seen.cubes[RED].rotation == 270
    roll_seen.cubes[RED] = replace(roll_seen.cubes[RED], rotation=0, confidence=0.6)
    verdict = infer(tracked.state, roll_seen, tracked.adapter)
    assert isinstance(verdict, Confirmed) and verdict.moves == (Roll("north"),), verdict
