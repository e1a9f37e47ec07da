"""A cube top nobody has named yet, read as one tile and then as another with no move between,
shows a move: it is not named from the second reading.

Advanced bench seed 72456 through the pixels (tilt 6.5, lamp): Yellow rolled onto B3 and its
cube's top, a coin, was read at 0.59-0.66 (under the naming line, so it stayed unnamed) in three
still scenes. Yellow then used power E to turn the cube's north face, a white starfish, up; the
next scene read a white starfish on top at 0.92. The top being unnamed, "nothing happened"
explained that scene at no cost, and the coin face was named a white starfish: every move was
followed, but the coin was scored as a starfish at the end and the final scores differed (Red 35
/ Yellow 61 against 38 / 64)."""

from __future__ import annotations

import dataclasses

from rules.octocube.moves import Roll, UsePower
from rules.octocube.unknowns import UNKNOWN
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import MoveConfirmed, QuestionAsked, TilesRevealed
from vision.octocube.observation import OctocubeObservation

SEED, ROLLS_AT = 72456, 166
YELLOW = 1


def _unsure_top(observation: OctocubeObservation, seat: int, confidence: float) -> OctocubeObservation:
    cube = dataclasses.replace(observation.cubes[seat], confidence=confidence)
    return dataclasses.replace(observation, cubes={**observation.cubes, seat: cube})


def test_an_unnamed_top_read_as_another_tile_after_a_turn_is_a_move_not_a_name() -> None:
    twin = TwinGame(2, SEED, illegal=0, mode="advanced")
    moves = twin.truth.history
    roll, turn = moves[ROLLS_AT], moves[ROLLS_AT + 4]
    assert isinstance(roll, Roll) and isinstance(turn, UsePower) and turn.letter == "E"
    tracked = tracked_until(twin, ROLLS_AT)
    # Yellow rolls onto B3 and the next three turns (to Red's turn before the E): the coin on top read too unsure to be named
    for done in range(ROLLS_AT + 1, ROLLS_AT + 5):
        truth = truth_after(twin, done)
        observed = _unsure_top(observation_from_state(truth), YELLOW, 0.6)
        answer_truthfully(truth, tracked, list(tracked.observe(observed)))
    # (Yellow's turn of the unnamed top on the spot shows nothing: followed with Red's next move)
    assert tracked.state.history == truth.history
    assert tracked.state.cubes[YELLOW].faces["top"] is UNKNOWN
    # Yellow turns the cube's white starfish up with power E: read sure
    truth = truth_after(twin, ROLLS_AT + 5)
    assert truth.cubes[YELLOW].faces["top"] == tracked.state.cubes[YELLOW].faces["north"]
    events = list(tracked.observe(observation_from_state(truth)))
    named = [e for e in events if isinstance(e, TilesRevealed) and e.location == ("cube", YELLOW, "top")]
    assert not named, "the coin face was named a white starfish"
    offered = [e.question.options for e in events if isinstance(e, QuestionAsked)]
    confirmed = [e.move for e in events if isinstance(e, MoveConfirmed)]
    assert confirmed == [turn] or any((turn,) in options for options in offered), (confirmed, offered)
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    assert all(tracked.state.cubes[YELLOW].faces[f] in (UNKNOWN, tile)
               for f, tile in truth.cubes[YELLOW].faces.items())
