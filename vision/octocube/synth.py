"""Rendered Octocube frames with their ground truth, for training, tests and the benchmark.

A frame's seed fixes everything (position, camera, lighting, sensor); training, tuning and the
benchmark draw from disjoint seed ranges (see ``SEED_RANGES``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from vision.render.camera import DEFAULT_RESOLUTION, CameraModel
from vision.render.effects import Lighting, SensorEffects
from vision.render.hands import Hand, occluder_mm2
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
    occluder_mm2: float = 0.0
    """How much of the play area hands hide in the image (mm2 at table scale, from the id map)."""


def synth_frame(seed: int, renderer: Renderer, *, players: int | None = None,
                tilt_deg: float | None = None, max_tilt_deg: float = 25.0, min_tilt_deg: float = 0.0,
                lighting: Lighting | str | None = None, noise: bool = True,
                hands: bool = False, clean: bool = False, rich: bool = False,
                turned_tops: bool = False,
                resolution: tuple[int, int] | None = None, art: Any = None) -> SynthFrame:
    """``rich``: more of the rare things (lettered abyss tiles, tiles on cube tops) for training.
    ``turned_tops``: the tiles on cube tops lie in random quarter turns (as after rolls).
    ``resolution``: the camera's (width, height); the renderer's default (1280x720) otherwise.
    ``min_tilt_deg``/``max_tilt_deg``: the range a random tilt is drawn from (one draw, as the
    camera model would make it, so a 0 minimum gives the same frames as before).
    ``art``: an ArtPack (vision/render/art_pack.py) the components are drawn with."""
    rng = random.Random(stable_rng_seed("octovision", seed))
    n = players or rng.choice([2, 3, 4])
    view = random_octocube_view(n, seed, progress=rng.uniform(0.1, 0.95))
    if rich:
        _enrich(view, rng)
    if turned_tops:
        for cube in view.cubes:
            cube.ups = {"top": rng.choice(["north", "east", "south", "west"])}  # type: ignore[attr-defined]
    scene = octocube_scene(view, seed=seed, table_style=rng.choice(["wood", "cloth", "plain"]))
    if tilt_deg is None and min_tilt_deg > 0:
        tilt_deg = rng.uniform(min_tilt_deg, max_tilt_deg)  # the same one draw CameraModel.random makes
    camera = CameraModel.random(rng, tilt_deg=tilt_deg, max_tilt_deg=max_tilt_deg,
                                resolution=resolution or DEFAULT_RESOLUTION)
    if clean:
        options = RenderOptions.clean()
    else:
        options = RenderOptions.random(rng, hands=False, distractors=False)
        if isinstance(lighting, str):
            lighting = LIGHTING_SETUPS[lighting]
        if lighting is not None:
            options = replace(options, lighting=lighting)
        if not noise:
            options = replace(options, sensor=SensorEffects.clean())
    if hands:
        # a hand reaching over the grid (the fingertips at least 60 % of the way there)
        side = rng.choice(["south", "west", "north", "east"])
        target = (rng.uniform(200, 400), rng.uniform(200, 400))
        options = replace(options, hands=(Hand.reaching(target, side, rng,
                                                        progress=rng.uniform(0.85, 1.0)),))
    if art is not None:
        from vision.render.art_pack import with_art

        scene = with_art(scene, art)
    result = renderer.render(scene, camera, options, seed=seed)
    return SynthFrame(result.image, result.ground_truth, camera, n, view.grid_size,
                      occluder_mm2(result.id_map, camera) if hands else 0.0)


def _enrich(view: Any, rng: random.Random) -> None:
    """Lettered abyss tiles on ~30 % of the stacks and a tile on most cube tops."""
    from rules.octocube.components import BACKGROUND_COLOURS, COIN, OBJECTS, POWER_LETTERS, Tile

    for loc, tiles in view.stacks.items():
        if tiles and rng.random() < 0.3:
            tiles[-1] = Tile("abyss", letter=rng.choice([*POWER_LETTERS, None]))
    for cube in view.cubes:
        if rng.random() < 0.7:
            cube.faces["top"] = COIN if rng.random() < 0.1 else Tile(
                "object", colour=rng.choice(BACKGROUND_COLOURS), obj=rng.choice(OBJECTS))
