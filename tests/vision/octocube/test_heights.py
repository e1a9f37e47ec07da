"""Differential stack heights: the same rendered Octocube table filmed twice by one tilted camera,
once with one stack a tile lower (same top tile), must measure -1 tile there and 0 elsewhere, and
the tracker's StackHeights must turn exactly that into a height reading. A re-render of the
unchanged table under drifted light and fresh noise must set no height at all (false alarms)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from rules.octocube import OctocubeGame
from tracker.inference import scratch_copy
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.stack_heights import StackHeights, StackHeightsConfig
from tracker.film import LIGHTINGS
from vision.octocube.heights import height_change
from vision.octocube.observation import StackTopReading
from vision.octocube.recogniser import OctocubeRecogniser
from vision.render.camera import CameraModel
from vision.render.effects import Lighting
from vision.render.octocube_scene import octocube_scene
from vision.render.renderer import Renderer, RenderOptions

SEED = 5
TILT = 20.0


def _lowered(state: Any, loc: Any) -> Any:
    """``state`` with the top tile of ``loc`` taken and the tile under it the same as the top."""
    phys = scratch_copy(state)
    phys.stacks = dict(state.stacks)
    stack = list(state.stacks[loc])
    phys.stacks[loc] = stack[:-2] + [stack[-1]]
    return phys


@pytest.fixture(scope="module")
def scenes() -> dict[str, Any]:
    state = OctocubeGame(3).new_initial_state(SEED)
    camera = CameraModel.looking_at(tilt_deg=TILT, azimuth_deg=90.0, resolution=(1280, 720))
    rec = OctocubeRecogniser(state.grid_size, 3, camera)
    candidates = [loc for loc, st in state.stacks.items()
                  if len(st) >= 2 and loc not in state.occupied and st[-1].collectible]
    # the taken tile at a measurable location (parallax at least 0.5 mm per tile)
    index = {loc: i for i, loc in enumerate(rec.layout.stack_locations)}
    loc = max(sorted(candidates), key=lambda l: np.hypot(*rec._parallax[index[l]]))
    day = Lighting(**LIGHTINGS["day"])
    drifted = replace(day, brightness=day.brightness * 1.08, azimuth_deg=day.azimuth_deg + 20)
    renderer = Renderer()

    def read(s: Any, light: Lighting, seed: int) -> Any:
        image = renderer.render(octocube_scene(s, seed=SEED), camera,
                                RenderOptions(lighting=light, table_seed=3), seed=seed).image
        return rec.recognise(image)

    return {"state": state, "loc": loc, "before": read(state, day, 1),
            "lowered": read(_lowered(state, loc), drifted, 2), "again": read(state, drifted, 3)}


def _heights(state: Any) -> Any:
    """The adapter's view of ``state`` (what the pipeline hands the scene memory)."""
    return OctocubeAdapter().expected(state)


def test_recogniser_keeps_a_fingerprint_and_parallax_per_visible_top(scenes: dict) -> None:
    obs = scenes["before"]
    tops = [r for r in obs.tops.values() if r.tile is not None and not r.covered]
    assert len(tops) >= 15
    for r in tops:
        assert r.fingerprint is not None and r.fingerprint.dtype == np.uint8 and r.fingerprint.shape == (80, 80)
        assert r.parallax_mm is not None and 0.3 < float(np.hypot(*r.parallax_mm)) < 2.0
        assert r.height is None  # one image cannot tell it
    # pixels are not part of a reading: equal readings stay equal, repr stays short
    r = tops[0]
    assert replace(r, fingerprint=np.zeros((80, 80), np.uint8), parallax_mm=(9.0, 9.0)) == r
    assert "fingerprint" not in repr(r) and len(repr(r)) < 300


def test_measured_height_change_is_minus_one_where_the_tile_was_taken_and_zero_elsewhere(scenes: dict) -> None:
    before, after, loc = scenes["before"], scenes["lowered"], scenes["loc"]
    measured = {}
    for l, r in after.tops.items():
        b = before.tops[l]
        if r.fingerprint is None or b.fingerprint is None or r.tile != b.tile:
            continue
        measured[l] = height_change(b.fingerprint, r.fingerprint, r.parallax_mm)
    assert loc in measured and len(measured) >= 15
    assert round(measured[loc].tiles) == -1, measured[loc]
    assert abs(measured[loc].tiles + 1) < 0.3 and measured[loc].peak > 0.9
    others = {l: round(m.tiles, 2) for l, m in measured.items() if l != loc}
    assert all(abs(t) < 0.3 for t in others.values()), others


def test_stack_heights_sets_only_the_lowered_height(scenes: dict) -> None:
    state, loc = scenes["state"], scenes["loc"]
    heights = StackHeights()
    heights.remember(scenes["before"], _heights(state))
    annotated = heights.annotate(scenes["lowered"])
    got = {l: r.height for l, r in annotated.tops.items() if r.height is not None}
    assert got == {loc: len(state.stacks[loc]) - 1}
    assert scenes["lowered"].tops[loc].height is None  # the recogniser's observation is left alone


def test_unchanged_table_under_drifted_light_sets_no_height(scenes: dict) -> None:
    heights = StackHeights()
    heights.remember(scenes["before"], _heights(scenes["state"]))
    annotated = heights.annotate(scenes["again"])
    assert all(r.height is None for r in annotated.tops.values())
    assert heights.last_measured and max(abs(t) for t in heights.last_measured.values()) < 0.3


def test_switched_off_or_without_reference_sets_nothing(scenes: dict) -> None:
    off = StackHeights(StackHeightsConfig(enabled=False))
    off.remember(scenes["before"], _heights(scenes["state"]))
    assert off.annotate(scenes["lowered"]) is scenes["lowered"]
    assert StackHeights().annotate(scenes["lowered"]) is scenes["lowered"]


def test_height_change_refuses_mismatched_fingerprints() -> None:
    with pytest.raises(ValueError, match="equal square grey"):
        height_change(np.zeros((80, 80), np.uint8), np.zeros((40, 40), np.uint8), (1.0, 0.0))


def test_reading_without_pixels_still_builds() -> None:
    assert StackTopReading((0, 0), None, 1.0).fingerprint is None


def test_no_height_next_to_a_cube_that_arrived(scenes: dict) -> None:
    """A cube moved next to the stack may hide or shade part of its top: not measured there."""
    from vision.octocube.observation import CubeReading

    loc = scenes["loc"]
    lowered = scenes["lowered"]
    neighbour = next(l for l in lowered.tops if max(abs(l[0] - loc[0]), abs(l[1] - loc[1])) == 1
                     and lowered.tops[l].tile is not None)
    seat = max(lowered.cubes) + 1 if lowered.cubes else 0
    moved = replace(lowered, cubes={**lowered.cubes, seat: CubeReading(seat, neighbour, None, 1.0)})
    heights = StackHeights()
    heights.remember(scenes["before"], _heights(scenes["state"]))
    assert all(r.height is None for r in heights.annotate(moved).tops.values())
