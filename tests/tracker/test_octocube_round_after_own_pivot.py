"""A pivot shown only by a top read unsure, a pivot of a bare cube nobody sees, then the first
player's roll: one scene for three turns, offered and asked (issue 20).

Fresh taught game 72741 (printing 997417, 2 players, tilt 0.7, lamp; session 53), changes 17-19:
Yellow pivoted its light blue sextant 90 degrees on B3 (the printing's sextant looks alike turned
half round: read 90 at 0.43, under ``unread_top``, a turn that counts as unseen), Red pivoted its
bare cube 180 degrees on A2, Yellow rolled south to B4. Only Yellow's cube had changed, so only
Yellow's own turns were offered; its roll, with a top that roll cannot bring up (green starfish
read at 0.65), was taken, Red's next roll showed a tile its unturned cube could not bring up, and
the game was lost at move 18. The tracked state is the true one before Yellow's pivot."""

from __future__ import annotations

import dataclasses

import pytest

from rules.octocube.moves import Pivot, Roll
from tests.tracker.octocube_helpers import (ASK_AT_ONCE, answer_truthfully, asked_then_followed, three_turn_scene,
                                            truth_after)
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.twin import TwinGame
from tracker.session import TrackedGame

SEED, YELLOW_PIVOTS_AT, RED, YELLOW = 72741, 17, 0, 1


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    return TwinGame(2, SEED, illegal=1)


def _scene(twin: TwinGame, adapter: OctocubeAdapter) -> tuple[TrackedGame, object, tuple[object, ...]]:
    chain, state, observed = three_turn_scene(twin, YELLOW_PIVOTS_AT)
    # asked at once: this test is about the scene's own question (seat_settles would wait)
    tracked = TrackedGame(state, adapter, config=ASK_AT_ONCE)
    yellow = observed.cubes[YELLOW]
    assert yellow.top is not None and yellow.top.label() == "green starfish" and yellow.rotation == 270
    observed.cubes[YELLOW] = dataclasses.replace(yellow, confidence=0.65)  # as read at frame 142
    observed.cubes[RED] = dataclasses.replace(observed.cubes[RED], confidence=0.43)
    return tracked, observed, chain


def test_the_scene(twin: TwinGame) -> None:
    chain, state, observed = three_turn_scene(twin, YELLOW_PIVOTS_AT)
    yellow_pivot, red_pivot, roll = chain
    assert isinstance(yellow_pivot, Pivot) and isinstance(red_pivot, Pivot) and isinstance(roll, Roll)
    assert state.current_player() == YELLOW and state.cubes[RED].faces["top"] is None  # Red's pivot shows nothing


def test_the_round_is_offered_and_followed(twin: TwinGame) -> None:
    tracked, observed, _ = _scene(twin, OctocubeAdapter())
    asked_then_followed(tracked, observed, truth_after(twin, YELLOW_PIVOTS_AT + 3))


def test_without_it_the_roll_alone_is_taken(twin: TwinGame) -> None:
    adapter = OctocubeAdapter()
    adapter.round_after_own_pivot = False
    tracked, observed, _ = _scene(twin, adapter)
    events = list(tracked.observe(observed))
    answer_truthfully(truth_after(twin, YELLOW_PIVOTS_AT + 3), tracked, events)
    assert tracked.state.history != truth_after(twin, YELLOW_PIVOTS_AT + 3).history
