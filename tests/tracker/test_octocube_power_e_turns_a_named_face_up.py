"""A cube whose top nobody named, turned by power E so that a named face lies up, then the next
player's move, one scene: the E turn that brought the named face up is offered.

Advanced bench seed 72535 through the pixels (tilt 31.2, day): Red's top had never been read
surely (unnamed); Red rolled onto the abyss, chose tile H (its letter read at 0.05), turned its
cube south face (a light blue diamond) up with power E, and Yellow rolled, one scene. Only E turns
that kept the unnamed face up were offered (with the diamond as its name); the players said none
of these and the game was lost from move 165 (165/282 moves, 74 false alarms)."""

from __future__ import annotations

import dataclasses

from rules.octocube.moves import ChooseAbyss, Roll, UsePower
from rules.octocube.unknowns import UNKNOWN
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import QuestionAsked

SEED, RED_CHOOSES_AT, RED, A5 = 72535, 165, 0, (4, 0)


def test_a_power_e_that_turns_a_named_face_over_an_unnamed_top_is_offered() -> None:
    twin = TwinGame(3, SEED, illegal=0, mode="advanced")
    choose, reorient, roll = twin.truth.history[RED_CHOOSES_AT: RED_CHOOSES_AT + 3]
    assert isinstance(choose, ChooseAbyss) and isinstance(reorient, UsePower) and reorient.letter == "E"
    assert isinstance(roll, Roll)
    tracked = tracked_until(twin, RED_CHOOSES_AT)
    # as through the pixels: Red's top was never read surely enough to be named
    tracked.state.cubes[RED].faces["top"] = UNKNOWN
    truth = truth_after(twin, RED_CHOOSES_AT + 3)
    observed = observation_from_state(truth)
    observed.tops[A5] = dataclasses.replace(observed.tops[A5], confidence=0.05)  # the letter unread
    events = list(tracked.observe(observed))
    asked = [(e.question.whole or e.question).options for e in events if isinstance(e, QuestionAsked)]
    assert asked and (choose, reorient, roll) in asked[0], asked
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
