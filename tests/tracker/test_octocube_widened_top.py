"""A stack top misread where a missed cube stands gets a second look once the players reject
every option (issue 20: a whole game must not stay lost after "none of these").

Fresh whole taught game 72770 (printing 997881, 4 players, tilt 13.6, day), change 140: Purple
placed its cube on A4 turned so that its south face is down, wearing a dark blue amphora. The cube
was not found and the stack reader (tops upright only) read A4 a dark blue pearl, the tile on the
cube's bottom face: every option turned the top face down. The players said "none of these" and,
with no second look (the Octocube adapter had no ``widened``), the alarm stood; while the cube
stayed unseen the next scenes too, the tracker fell more turns behind than a recovery bridges
(4 turns, its chains reach 2-3) and every later scene was an alarm, even read right. Here the
scene is the perfect one with Purple's cube missing and A4 read so (no rendering: the reader's
side is tests/vision/octocube/test_taught_topped_cube_centred.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.octocube.components import Tile
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked
from vision.octocube.observation import StackTopReading

GAME, PLAYERS, PURPLE, A4 = 72_770, 4, 3, (3, 0)
PLACED = 140
PEARL = Tile(kind="object", colour="dark blue", obj="pearl")


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    return TwinGame(PLAYERS, GAME, illegal=1)


def missed_on_a4(truth: Any) -> Any:
    """The perfect scene of ``truth`` with Purple's cube not found and A4's top read a dark blue
    pearl, as the game read it."""
    seen = observation_from_state(truth)
    del seen.cubes[PURPLE]
    seen.tops[A4] = StackTopReading(A4, PEARL, 0.9)
    return seen


def asked(events: list[Any]) -> list[str]:
    return [t for e in events if isinstance(e, QuestionAsked) for t in e.question.option_texts]


def test_the_placement_is_offered_again_after_none_of_these(twin: TwinGame) -> None:
    placement = twin.changes[PLACED].text
    tracked = tracked_until(twin, twin.changes[PLACED - 1].truth_moves)
    truth = truth_after(twin, twin.changes[PLACED].truth_moves)
    first = asked(list(tracked.observe(missed_on_a4(truth))))
    assert first and placement not in first and all("its top face is down" in t for t in first), first
    events = list(tracked.reject())
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    assert placement in asked(events), events
    answered = answer_truthfully(truth, tracked, events)
    assert [e.text for e in answered if isinstance(e, MoveConfirmed)] == [placement]
    assert tracked.state.history == truth.history and tracked.alert is None


def test_the_game_is_followed_while_the_cube_stays_unseen(twin: TwinGame) -> None:
    """The next three scenes still miss Purple's cube on A4 (as the game read them): each is
    asked about with A4 widened, not alarmed; then the scenes read right are followed."""
    tracked = tracked_until(twin, twin.changes[PLACED - 1].truth_moves)
    truth = truth_after(twin, twin.changes[PLACED].truth_moves)
    events = list(tracked.observe(missed_on_a4(truth)))
    events += tracked.reject()
    alarms = [e for e in events + answer_truthfully(truth, tracked, events) if isinstance(e, IllegalMoveAlert)]
    for change in range(PLACED + 1, PLACED + 8):
        truth = truth_after(twin, twin.changes[change].truth_moves)
        scene = missed_on_a4(truth) if truth.cubes[PURPLE].location == A4 else observation_from_state(truth)
        seen = list(tracked.observe(scene))
        alarms += [e for e in seen + answer_truthfully(truth, tracked, seen) if isinstance(e, IllegalMoveAlert)]
    assert not alarms and tracked.state.history == truth.history


def test_without_the_second_look_the_game_is_lost(twin: TwinGame) -> None:
    """The cause pinned: with ``widen_tops`` off, "none of these" is an alarm, and the game is
    not followed again even once the scenes are read right."""
    tracked = tracked_until(twin, twin.changes[PLACED - 1].truth_moves)
    assert isinstance(tracked.adapter, OctocubeAdapter)
    tracked.adapter.widen_tops = False
    truth = truth_after(twin, twin.changes[PLACED].truth_moves)
    tracked.observe(missed_on_a4(truth))
    assert any(isinstance(e, IllegalMoveAlert) for e in tracked.reject())
    for change in range(PLACED + 1, PLACED + 8):
        truth = truth_after(twin, twin.changes[change].truth_moves)
        scene = missed_on_a4(truth) if truth.cubes[PURPLE].location == A4 else observation_from_state(truth)
        seen = list(tracked.observe(scene))
        answered = []
        for e in seen:
            if isinstance(e, QuestionAsked) and tracked.pending is not None:
                answered += tracked.reject()
        seen += answered
    assert tracked.state.history != truth.history and tracked.alert is not None


def test_a_tile_taken_by_hand_is_still_flagged(twin: TwinGame) -> None:
    """Honest flags: a stack's top taken by hand, the tile under it of the same colour (a near
    neighbour the widened look lets stand for the old top), is still an alarm."""
    tracked = tracked_until(twin, twin.changes[PLACED - 1].truth_moves)
    truth = truth_after(twin, twin.changes[PLACED - 1].truth_moves)
    seen = observation_from_state(truth)
    loc = next(loc for loc, r in sorted(seen.tops.items()) if r.tile is not None and r.tile.kind == "object"
               and loc not in {c.location for c in truth.cubes})
    top = seen.tops[loc].tile
    assert top is not None
    under = Tile(kind="object", colour=top.colour, obj=next(o for o in ("starfish", "amphora", "pearl")
                                                             if o != top.obj))
    seen.tops[loc] = StackTopReading(loc, under, 1.0)
    events = list(tracked.observe(seen))
    assert any(isinstance(e, IllegalMoveAlert) for e in events) and not asked(events), events
