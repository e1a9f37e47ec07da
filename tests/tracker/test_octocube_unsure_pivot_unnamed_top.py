"""A pivot nobody sees, a pivot of a top nobody has named shown only by its turn read unsure, then
a visible score: one scene for three turns, offered and followed (issue 20).

Tuning taught game 72730 (printing 997406, 3 players, tilt 3.1, lamp), changes 161-163: Red pivoted
its bare cube 270 degrees on C5, Yellow pivoted its cube 90 degrees on A5, Blue scored from E1.
The printing draws the dark blue tiles dark navy with a dark glyph: Yellow's top, a dark blue
amphora, was only ever read doubtfully (0.44-0.49, under ``reveal_confidence``), so the tracker
held it UNKNOWN, and the turn read on it was no difference at all: no chain of the three turns was
offered, "Blue moved out of turn", the camera lost track, and the game was lost (173/222 moves,
24 false alarms). The tracked state here is the true one with Yellow's top unnamed, as the
tracker held it (its history equal to the truth's, 159 moves)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core import UNKNOWN
from rules.octocube.moves import Pivot, Score
from tests.tracker.octocube_helpers import asked_then_followed, three_turn_scene, truth_after
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, TrackedGame

SEED, RED_PIVOTS_AT, RED, YELLOW = 72730, 159, 0, 1


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    return TwinGame(3, SEED, illegal=1)


def _scene(twin: TwinGame, adapter: OctocubeAdapter) -> tuple[TrackedGame, object, tuple[object, ...]]:
    chain, state, observed = three_turn_scene(twin, RED_PIVOTS_AT)
    state.cubes[YELLOW].faces["top"] = UNKNOWN  # never named: read only doubtfully
    tracked = TrackedGame(state, adapter)
    yellow = observed.cubes[YELLOW]
    assert yellow.top is not None and yellow.top.label() == "dark blue amphora" and yellow.rotation == 90
    observed.cubes[YELLOW] = dataclasses.replace(yellow, confidence=0.49)  # as read at frame 1150
    observed.cubes[RED] = dataclasses.replace(observed.cubes[RED], confidence=0.44)
    return tracked, observed, chain


def test_a_pivot_of_an_unnamed_top_between_an_unseen_pivot_and_a_score_is_offered(twin: TwinGame) -> None:
    tracked, observed, chain = _scene(twin, OctocubeAdapter())
    red, yellow, blue = chain
    assert isinstance(red, Pivot) and isinstance(yellow, Pivot) and yellow.degrees == 90 and isinstance(blue, Score)
    asked_then_followed(tracked, observed, truth_after(twin, RED_PIVOTS_AT + 3))


def test_without_it_the_score_is_an_alarm(twin: TwinGame) -> None:
    adapter = OctocubeAdapter()
    adapter.unsure_pivot_unnamed_top = False
    tracked, observed, _ = _scene(twin, adapter)
    assert any(isinstance(e, IllegalMoveAlert) for e in tracked.observe(observed))
