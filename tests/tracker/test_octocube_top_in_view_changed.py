"""A tile taken by hand off a stack no cube hides is flagged when the tile under it is read only
doubtfully: the top's whole fingerprint changed while no cube near it moved
(tracker/octocube/hidden_tops.py ``changed_behind_unmoved_cubes``, ``in_view``;
``StackHeightsConfig.changed_in_view``).

Whole taught game 72740 (random printing 997416, 4 players, tilt 10.3, evening; bench/teach.py
--octocube-games), change 138: someone takes the white pearl off D5 by hand, leaving a dark blue
amphora on top. The printing draws its dark blue tiles as dark glyphs on dark blue, and the taught
recogniser read the amphora at 0.54, under the tracker's tolerance (0.6): the illegal change passed
as nothing (session 53: illegal flagged 0/1). D5's fingerprint correlated -0.43 with the accepted
scene's (a grey residual of 10.2); the unchanged tops 0.87-0.998 (3.6-4.7). A top whose pixels did
not change, one beside a cube that moved, and the setting off keep the reading's own weight."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from rules.octocube.components import Tile
from tests.tracker.octocube_helpers import top_far_from_cubes, tracked_until, with_top_read
from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.hidden_tops import CHANGED_CONFIDENCE, ChangedTopReading
from tracker.octocube.stack_heights import StackHeights, StackHeightsConfig
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert
from vision.octocube.observation import OctocubeObservation

PRINTING, GAME, PLAYERS, TILT = 997_416, 72_740, 4, 10.3
D5 = (4, 3)
SIDE = 80  # a fingerprint: 40 mm at 2 px/mm


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Any]:
    """72740's last scene before the illegal change and the one with it, read by the taught pack
    (the frames the stillness gate reads)."""
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return {change: read_taught(taught_change_still(PRINTING, art, GAME, change, PLAYERS, TILT, "evening",
                                                    settled=1), PLAYERS)
            for change in (137, 138)}


def _tracked_through(frames: dict[int, Any], config: StackHeightsConfig) -> list[Any]:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert twin.changes[138].kind == "illegal" and "stack D5" in twin.changes[138].text
    tracked = tracked_until(twin, twin.changes[137].truth_moves)
    memory = StackHeights(config)
    before = memory.annotate(frames[137])
    assert list(tracked.observe(before)) == [] and tracked.alert is None
    memory.remember(before, tracked.adapter.expected(tracked.state))
    return list(tracked.observe(memory.annotate(frames[138])))


def test_the_scene(frames: dict[int, Any]) -> None:
    before, now = frames[137].tops[D5], frames[138].tops[D5]
    assert before.tile == Tile("object", "white", "pearl") and before.confidence > 0.9
    assert now.tile == Tile("object", "dark blue", "amphora") and now.confidence < 0.6  # too doubtful alone
    assert now.fingerprint_seen is None  # no cube hides it


def test_the_tile_taken_off_a_top_in_view_is_flagged(frames: dict[int, Any]) -> None:
    events = _tracked_through(frames, StackHeightsConfig())
    assert any(isinstance(e, IllegalMoveAlert) and "D5" in e.reason for e in events), events


def test_off_it_passes_as_nothing(frames: dict[int, Any]) -> None:
    events = _tracked_through(frames, StackHeightsConfig(changed_in_view=False))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events


def _art(seed: int, level: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.clip(rng.normal(level, 40, (SIDE // 8, SIDE // 8)).repeat(8, 0).repeat(8, 1), 0, 255).astype(np.uint8)


def _noisy(art: np.ndarray, seed: int) -> np.ndarray:
    return np.clip(art + np.random.default_rng(seed).normal(0, 3, art.shape), 0, 255).astype(np.uint8)


def test_what_stays_weighed_by_the_reading() -> None:
    twin = TwinGame(3, 72701)
    tracked = tracked_until(twin, 0)
    expected = tracked.adapter.expected(tracked.state)
    seen = observation_from_state(twin.game.new_initial_state(twin.seed))
    loc = top_far_from_cubes(seen)
    want = seen.tops[loc].tile
    assert want is not None
    other = Tile("object", want.colour, "pearl" if want.obj != "pearl" else "amphora")
    bright = _art(1, 160)
    memory = StackHeights()
    memory.remember(with_top_read(seen, loc, want, 0.94, bright), expected)
    changed = memory.annotate(with_top_read(seen, loc, other, 0.54, _art(2, 40)))
    assert isinstance(changed.tops[loc], ChangedTopReading) and changed.tops[loc].confidence == CHANGED_CONFIDENCE
    assert changed.tops[loc].named_confidence == 0.54
    # pixels that did not change: the doubtful name is a misreading (steady, not changed)
    assert not isinstance(memory.annotate(with_top_read(seen, loc, other, 0.54, _noisy(bright, 3))).tops[loc],
                          ChangedTopReading)
    # a sure reading stands as it is
    assert not isinstance(memory.annotate(with_top_read(seen, loc, other, 0.95, _art(2, 40))).tops[loc], ChangedTopReading)
    # off: as before
    off = StackHeights(StackHeightsConfig(changed_in_view=False))
    off.remember(with_top_read(seen, loc, want, 0.94, bright), expected)
    assert not isinstance(off.annotate(with_top_read(seen, loc, other, 0.54, _art(2, 40))).tops[loc], ChangedTopReading)
    # a cube that came within reach may have changed it: not judged
    seat, cube = next(iter(seen.cubes.items()))
    beside = (loc[0], loc[1] + 1 if loc[1] + 1 < twin.truth.grid_size else loc[1] - 1)
    near = replace(seen, cubes={**seen.cubes, seat: replace(cube, location=beside)})
    moved = memory.annotate(with_top_read(near, loc, other, 0.54, _art(2, 40)))
    assert not isinstance(moved.tops[loc], ChangedTopReading)
