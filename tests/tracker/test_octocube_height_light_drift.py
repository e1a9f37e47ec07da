"""A light that moved between two scenes does not make the stack-height memory call a tile gone
beside a cube that stood still (tracker/octocube/stack_heights.py ``StackHeightsConfig.light_moved_guard``).

Taught game 72821 (printing 998211, 4 players, tilt 34.4, evening; bench/teach.py --octocube-games),
change 60: "Red declines the extra roll", nothing moves, but the film's light drifts (every 12
changes: azimuth 72.2 -> 56.3 degrees, brightness 0.752 -> 0.807). D2's light blue sextant lies
beside Yellow's cube (D1) and diagonal to Red's (C3); neither moved. Compared with the accepted
scene of change 59, its fingerprint measured 2.30 tiles lower (peak 0.966, 0.2998 off a whole
number), the memory set D2's height to 2 and the players heard "a tile left stack D2 with no cube on
it" (docs/teach.md, session 77, fa77, alarm 1). Real path: the taught pack's readings of the film's
stills (settled 2: the frames the stillness gate read in the game), through the memory as the
pipeline runs it, questions answered with what really happened.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tests.vision.octocube.taught_table import kept_change_still, read_taught
from tracker.octocube.stack_heights import StackHeights, StackHeightsConfig
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, TILT, LIGHT, GRID = 998_211, 72_821, 4, 34.4, "evening", 5
D2 = (1, 3)
ACCEPTED, DRIFT = 59, 60


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    twin = TwinGame(PLAYERS, GAME, illegal=1, max_moves=None, mode="standard")
    assert twin.changes[DRIFT].text == "Red declines the extra roll"
    return twin


@pytest.fixture(scope="module")
def stills() -> dict[int, Any]:
    return {c: kept_change_still(PRINTING, GAME, c, PLAYERS, TILT, LIGHT, settled=2) for c in (ACCEPTED, DRIFT)}


@pytest.fixture(scope="module")
def readings(stills: dict[int, Any]) -> dict[int, Any]:
    return {c: read_taught(still, PLAYERS, grid=GRID) for c, still in stills.items()}


def _follow(twin: TwinGame, readings: dict[int, Any], memory: StackHeights) -> tuple[Any, list[Any], bool]:
    """The tracker in step after change 59, whose scene the memory keeps, sees change 60's still
    through the memory: (the observation as judged, its events with the answers', whether the
    tracker's history is then the truth's, up to the decline at most: nothing shows it yet)."""
    tracked = tracked_until(twin, twin.changes[ACCEPTED].truth_moves)
    assert memory.annotate(readings[ACCEPTED]) is readings[ACCEPTED]  # no reference yet
    memory.remember(readings[ACCEPTED], tracked.adapter.expected(tracked.state))
    observed = memory.annotate(readings[DRIFT])
    truth = truth_after(twin, twin.changes[DRIFT].truth_moves)
    events = list(tracked.observe(observed))
    events += answer_truthfully(truth, tracked, events)
    before = truth_after(twin, twin.changes[ACCEPTED].truth_moves)
    return observed, events, tracked.state.history in (truth.history, before.history)


def test_the_scene_is_read_right_and_only_the_light_moved(stills: dict[int, Any], readings: dict[int, Any]) -> None:
    """The reader's part is right: every top and cube as the twin has them, in both scenes; the
    light turned and brightened between them."""
    for change in (ACCEPTED, DRIFT):
        truth = scene_truth(stills[change][1].ground_truth, GRID, PLAYERS)
        obs = readings[change]
        on_board = {seat: at for seat, at in truth.cube_location.items() if at is not None}
        assert {s: c.location for s, c in obs.cubes.items() if c.location is not None} == on_board
        assert truth.tops[D2] == "light blue sextant"
        assert all(obs.tops[loc].tile is not None and obs.tops[loc].tile.label() == label
                   for loc, label in truth.tops.items() if loc in obs.tops and not obs.tops[loc].covered)
    before, now = (stills[c][1].ground_truth["lighting"] for c in (ACCEPTED, DRIFT))
    assert abs(before["azimuth_deg"] - now["azimuth_deg"]) > 10 and now["brightness"] > before["brightness"]


def test_a_light_drift_beside_still_cubes_measures_no_height_and_raises_nothing(
        twin: TwinGame, readings: dict[int, Any]) -> None:
    memory = StackHeights()
    observed, events, in_step = _follow(twin, readings, memory)
    assert memory.last_light_spread is not None and memory.last_light_spread > memory.config.light_moved_spread
    assert all(top.height is None for top in observed.tops.values())
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    assert in_step


def test_off_the_drift_is_the_false_alarm(twin: TwinGame, readings: dict[int, Any]) -> None:
    """The cause pinned: with only cubes that came or left counted (the old rule), D2 measures two
    tiles lower and the players hear the game's first false alarm."""
    observed, events, _ = _follow(twin, readings, StackHeights(StackHeightsConfig(light_moved_guard=False)))
    assert observed.tops[D2].height == 2  # four tiles, "two" taken
    alarms = [e.reason for e in events if isinstance(e, IllegalMoveAlert)]
    assert alarms and alarms[0].startswith("a tile left stack D2 with no cube on it"), events
