"""A stack top whose art does not pin the parallax shift measures no height: its correlation must
stand out from the shifts a whole tile away, not only beat no shift
(tracker/octocube/stack_heights.py ``StackHeightsConfig.min_lead``).

Fresh taught game 72762 (random printing 997694, 2 players, tilt 15.6, evening; bench/teach.py
--octocube-games), change 12 (Yellow rolls A2 -> B2): B4's dark blue pearl, plain grey in this
printing's fingerprint, beside Red's cube on C4, which stood still since the accepted scene. Its
correlation only rose along the search range, to 0.959 at -2.8 tiles (0.937 at no shift), so the
memory measured B4 three tiles lower and the players heard "a tile left stack B4 with no cube on it"
(the game's one false alarm, cleared at the next move). The shift 1.75 tiles nearer scored 0.956."""

from __future__ import annotations

from typing import Any

import pytest

from rules.octocube.components import Tile
from tests.tracker.octocube_helpers import tracked_until
from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.octocube.stack_heights import StackHeights, StackHeightsConfig
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert
from vision.octocube.heights import height_change

PRINTING, GAME, PLAYERS, TILT, GRID = 997_694, 72_762, 2, 15.6, 4
B4, C4 = (3, 1), (3, 2)


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Any]:
    """72762's scene after Red's roll D4 -> C4 (change 11, accepted) and after Yellow's roll A2 -> B2
    (change 12), read by the taught pack (the frames the stillness gate read in the game)."""
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return {change: read_taught(taught_change_still(PRINTING, art, GAME, change, PLAYERS, TILT, "evening",
                                                    settled=2), PLAYERS, grid=GRID)
            for change in (11, 12)}


def _tracked_through(frames: dict[int, Any], config: StackHeightsConfig) -> tuple[list[Any], Any]:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert "C4" in twin.changes[11].text and "B2" in twin.changes[12].text
    tracked = tracked_until(twin, twin.changes[11].truth_moves)
    memory = StackHeights(config)
    before = memory.annotate(frames[11])
    assert list(tracked.observe(before)) == [] and tracked.alert is None
    memory.remember(before, tracked.adapter.expected(tracked.state))
    now = memory.annotate(frames[12])
    return list(tracked.observe(now)), now


def test_the_scene(frames: dict[int, Any]) -> None:
    before, now = frames[11].tops[B4], frames[12].tops[B4]
    pearl = Tile("object", "dark blue", "pearl")
    assert before.tile == now.tile == pearl and min(before.confidence, now.confidence) >= 0.9
    assert before.fingerprint_seen is None and now.fingerprint_seen is None  # in view
    assert frames[11].cubes[0].location == frames[12].cubes[0].location == C4  # Red's cube stood still
    change = height_change(before.fingerprint, now.fingerprint, now.parallax_mm)
    # what the other tests let through: a whole number of tiles lower, a high peak over no shift ...
    assert round(-change.tiles) == 3 and abs(change.tiles + 3) < 0.3
    assert change.peak >= 0.95 and change.peak - change.at_zero >= 0.01
    # ... on a curve that hardly falls a tile or two away from its best
    assert change.peak - change.a_tile_off < 0.005


def test_a_plain_top_beside_a_still_cube_measures_no_height_and_raises_nothing(frames: dict[int, Any]) -> None:
    events, now = _tracked_through(frames, StackHeightsConfig())
    assert now.tops[B4].height is None
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events


def test_without_the_lead_it_is_the_false_alarm(frames: dict[int, Any]) -> None:
    events, now = _tracked_through(frames, StackHeightsConfig(min_lead=0.0))
    assert now.tops[B4].height == 2  # five tiles, "three" taken
    assert any(isinstance(e, IllegalMoveAlert) and "B4" in e.reason for e in events), events
