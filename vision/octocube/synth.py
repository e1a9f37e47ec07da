"""Rendered Octocube frames with their ground truth, for training, tests and the benchmark.

A frame's seed fixes everything (position, camera, lighting, sensor); training, tuning and the
benchmark draw from disjoint seed ranges (see ``SEED_RANGES``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from vision.render.camera import CameraModel
from vision.render.effects import Lighting, SensorEffects
from vision.render.octocube_scene import octocube_scene, random_octocube_view
from vision.render.renderer import Renderer, RenderOptions
from vision.render.scene import stable_rng_seed

SEED_RANGES: dict[str, range] = {
    "train": range(0, 100_000),
    "tune": range(100_000, 200_000),
    "bench": range(500_000, 600_000),
    "test": range(900_000, 1_000_000),
}

LIGHTING_SETUPS: dict[str, Lighting] = {
    "daylight": Lighting(azimuth_deg=150.0, elevation_deg=70.0, colour_temperature_k=6200.0,
                         brightness=1.05, ambient=0.7, shadow_strength=0.3, falloff=0.05),
    "warm lamp": Lighting(azimuth_deg=60.0, elevation_deg=45.0, colour_temperature_k=3000.0,
                          brightness=0.9, ambient=0.45, shadow_strength=0.55,
                          shadow_softness_mm=4.0, falloff=0.22),
    "office glare": Lighting(azimuth_deg=250.0, elevation_deg=62.0, colour_temperature_k=4300.0,
                             brightness=1.12, ambient=0.6, shadow_strength=0.4,
                             glare_strength=0.35, glare_radius_mm=110.0, falloff=0.12),
}
"""The benchmark's three named lighting set-ups."""


@dataclass
class SynthFrame:
    image: np.ndarray
    ground_truth: dict[str, Any]
    camera: CameraModel
    num_players: int
    grid_size: int


def synth_frame(seed: int, renderer: Renderer, *, players: int | None = None,
                tilt_deg: float | None = None, max_tilt_deg: float = 25.0,
                lighting: Lighting | str | None = None, noise: bool = True,
                hands: bool = False, clean: bool = False) -> SynthFrame:
    rng = random.Random(stable_rng_seed("octovision", seed))
    n = players or rng.choice([2, 3, 4])
    view = random_octocube_view(n, seed, progress=rng.uniform(0.1, 0.95))
    scene = octocube_scene(view, seed=seed, table_style=rng.choice(["wood", "cloth", "plain"]))
    camera = CameraModel.random(rng, tilt_deg=tilt_deg, max_tilt_deg=max_tilt_deg)
    if clean:
        options = RenderOptions.clean()
    else:
        options = RenderOptions.random(rng, hands=hands, distractors=False)
        if isinstance(lighting, str):
            lighting = LIGHTING_SETUPS[lighting]
        if lighting is not None:
            options = replace(options, lighting=lighting)
        if not noise:
            options = replace(options, sensor=SensorEffects.clean())
    result = renderer.render(scene, camera, options, seed=seed)
    return SynthFrame(result.image, result.ground_truth, camera, n, view.grid_size)
