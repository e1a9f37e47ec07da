"""The pixel pipeline flags a tile taken by hand off an identical one (nothing changes seen from
above but the stack's height) through the stack heights measured between two scenes, and clears
the alert once the tile is back. The same frames with the heights switched off raise nothing:
the flag comes from the height measurement and nothing else."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hardware.camera import SyntheticSource
from rules.octocube import OctocubeGame
from rules.octocube.components import location_label
from tracker.inference import scratch_copy
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.recogniser import PixelRecogniser
from tracker.octocube.stack_heights import StackHeights
from tracker.pipeline import DEMO_GATE, Pipeline
from tracker.session import AlertCleared, IllegalMoveAlert, TrackedGame
from tracker.stillness import StillnessGate
from tracker.film import LIGHTINGS, film
from vision.octocube.heights import fingerprint_specs
from vision.octocube.layout import STACK_PLANE_MM
from vision.octocube.recogniser import _view_from
from vision.render import octocube_layout as lay
from vision.render.camera import CameraModel
from vision.render.effects import Lighting
from vision.render.sequence import Timing

SEED = 7
PLAYERS = 3


def _with_stack(state: Any, loc: Any, tiles: list[Any]) -> Any:
    copy = scratch_copy(state)
    copy.stacks = dict(state.stacks)
    copy.stacks[loc] = tiles
    return copy


@pytest.fixture(scope="module")
def film_frames() -> dict[str, Any]:
    game = OctocubeGame(PLAYERS)
    truth = game.new_initial_state(SEED)
    camera = CameraModel.looking_at(tilt_deg=20.0, azimuth_deg=0.0, resolution=(1280, 720))
    view, _ = _view_from(camera, None, (camera.width, camera.height))
    candidates = sorted(loc for loc, st in truth.stacks.items()
                        if len(st) >= 3 and loc not in truth.occupied and st[-1].collectible)
    _, vectors = fingerprint_specs(view, [lay.grid_centre(l, truth.grid_size) for l in candidates],
                                   STACK_PLANE_MM)
    loc = candidates[int(np.argmax([np.hypot(*v) for v in vectors]))]
    stack = list(truth.stacks[loc])
    # the tile under the top is the same as the top: taking the top changes only the height
    table = _with_stack(truth, loc, stack[:-2] + [stack[-1], stack[-1]])
    taken = _with_stack(truth, loc, stack[:-2] + [stack[-1]])
    from vision.render.octocube_scene import octocube_scene

    scenes = [octocube_scene(s, seed=SEED) for s in (table, taken, table)]
    light = Lighting(**LIGHTINGS["lamp"])
    frames = list(film(scenes, ["south", "south"], camera, [light, light], seed=SEED,
                       timing=Timing(still_frames=3, reach_frames=1, hold_frames=1, retreat_frames=1)))
    return {"frames": frames, "camera": camera, "loc": loc, "game": game, "height": len(stack)}


def _play(film_frames: dict[str, Any], heights: bool) -> dict[int, list[Any]]:
    game = film_frames["game"]
    tracked = TrackedGame(game.new_initial_state(SEED, hidden=True), OctocubeAdapter())
    rec = PixelRecogniser.for_camera(tracked.state.grid_size, PLAYERS, film_frames["camera"])
    source = SyntheticSource(film_frames["frames"])
    pipe = Pipeline(source, rec, tracked, calibrate=False, gate=StillnessGate(DEMO_GATE),
                    memory=StackHeights() if heights else None)
    events: dict[int, list[Any]] = {}
    while (update := pipe.step()) is not None:
        truth = source.truth_of(update.frame_index)
        if truth is not None:
            events.setdefault(truth["change_index"], []).extend(update.events)
    assert len(tracked.state.history) == 0
    assert len(tracked.state.stacks[film_frames["loc"]]) == film_frames["height"]
    return events


def test_pixel_pipeline_flags_a_tile_taken_off_an_identical_one(film_frames: dict[str, Any]) -> None:
    events = _play(film_frames, heights=True)
    alerts = {change: [e.reason for e in evs if isinstance(e, IllegalMoveAlert)] for change, evs in events.items()}
    assert alerts.get(-1) == []  # the first scene is the game as dealt
    name = location_label(film_frames["loc"])
    assert alerts.get(0) == [f"a tile left stack {name} with no cube on it"]
    assert any(isinstance(e, AlertCleared) for e in events.get(1, []))  # the tile is back


def test_without_heights_the_same_frames_raise_nothing(film_frames: dict[str, Any]) -> None:
    events = _play(film_frames, heights=False)
    assert not any(isinstance(e, IllegalMoveAlert) for evs in events.values() for e in evs)
