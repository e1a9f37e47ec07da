"""A tile taken by hand off a stack whose top the tracker holds unseen (read too unsure to name so
far) is flagged, though the tile under it reads surely: the top's fingerprint changed while no cube
near it moved (tracker/octocube/hidden_tops.py ``changed_behind_unmoved_cubes``, ``unseen_too``;
``StackHeightsConfig.changed_unseen``).

Fresh taught game 72753 (random printing 997429, 2 players, tilt 19.7, evening; bench/teach.py
--octocube-games), change 193: someone takes the top tile of C4 by hand. C4's green diamond had read
0.49 in every scene since Red rolled off it at change 80, so the tracker held C4's top unseen; the
coin under it read 0.94 and was taken as C4's unseen tile ("seen: C4 shows a coin", no alarm), and
the put-back then raised "a tile left stack C4 ... now shows a green diamond, was a coin" (session
55: illegal flagged 0/1, 1 false alarm)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import UNKNOWN
from rules.octocube.components import Tile
from tests.tracker.octocube_helpers import tracked_until
from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.octocube.hidden_tops import ChangedTopReading
from tracker.octocube.stack_heights import StackHeights, StackHeightsConfig
from tracker.octocube.twin import TwinGame
from tracker.session import AlertCleared, IllegalMoveAlert, TilesRevealed

PRINTING, GAME, PLAYERS, TILT = 997_429, 72_753, 2, 19.7
C4 = (3, 2)
BEFORE, TAKEN = 192, 193


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Any]:
    """72753's last scene before the illegal change and the one with it, read by the taught pack
    (the frames the stillness gate reads)."""
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return {change: read_taught(taught_change_still(PRINTING, art, GAME, change, PLAYERS, TILT, "evening",
                                                    settled=1), PLAYERS, grid=4)
            for change in (BEFORE, TAKEN)}


def _tracked_through(frames: dict[int, Any], config: StackHeightsConfig) -> tuple[list[Any], list[Any]]:
    """The illegal scene's events, then those of the scene put back (the last accepted scene's
    table again), with the tracker holding C4's top unseen as the game's tracker did."""
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert twin.changes[TAKEN].kind == "illegal" and "stack C4" in twin.changes[TAKEN].text
    tracked = tracked_until(twin, twin.changes[BEFORE].truth_moves)
    stack = tracked.state.stacks[C4]
    assert stack[-1] == Tile("object", "green", "diamond") and C4 not in tracked.state.occupied
    stack[-1] = UNKNOWN  # read 0.49 since change 80: never named
    memory = StackHeights(config)
    before = memory.annotate(frames[BEFORE])
    assert list(tracked.observe(before)) == [] and tracked.alert is None
    memory.remember(before, tracked.adapter.expected(tracked.state))
    taken = list(tracked.observe(memory.annotate(frames[TAKEN])))
    back = list(tracked.observe(memory.annotate(frames[BEFORE])))
    return taken, back


def test_the_scene(frames: dict[int, Any]) -> None:
    before, now = frames[BEFORE].tops[C4], frames[TAKEN].tops[C4]
    assert before.tile == Tile("object", "green", "diamond") and before.confidence < 0.7  # never named
    assert now.tile is not None and now.tile.kind == "coin" and now.confidence > 0.9  # sure: a reveal alone
    assert now.fingerprint_seen is None and not now.covered  # no cube hides it


def test_the_tile_taken_off_an_unseen_top_is_flagged_and_the_put_back_clears_it(frames: dict[int, Any]) -> None:
    taken, back = _tracked_through(frames, StackHeightsConfig())
    assert any(isinstance(e, IllegalMoveAlert) and "C4" in e.reason for e in taken), taken
    assert not any(isinstance(e, TilesRevealed) for e in taken), taken
    assert any(isinstance(e, AlertCleared) for e in back) and not any(
        isinstance(e, IllegalMoveAlert) for e in back), back


def test_off_the_coin_is_taken_as_the_unseen_tile(frames: dict[int, Any]) -> None:
    """What the game did: no alarm, the coin named (main's behaviour)."""
    taken, _ = _tracked_through(frames, StackHeightsConfig(changed_unseen=False))
    assert not any(isinstance(e, IllegalMoveAlert) for e in taken), taken
    assert any(isinstance(e, TilesRevealed) and e.location == C4 for e in taken), taken


def test_the_reading_is_sure_only_that_the_unseen_tile_left(frames: dict[int, Any]) -> None:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    tracked = tracked_until(twin, twin.changes[BEFORE].truth_moves)
    tracked.state.stacks[C4][-1] = UNKNOWN
    memory = StackHeights()
    memory.remember(memory.annotate(frames[BEFORE]), tracked.adapter.expected(tracked.state))
    reading = memory.annotate(frames[TAKEN]).tops[C4]
    assert isinstance(reading, ChangedTopReading) and reading.was is UNKNOWN
    assert reading.named_confidence == frames[TAKEN].tops[C4].confidence
    # the scene put back looks as the accepted one did: nothing changed there
    assert not isinstance(memory.annotate(frames[BEFORE]).tops[C4], ChangedTopReading)
