"""Filming the Octo Dice twin: each layout as a rendered scene (the mat's two areas, the dice),
and the frames a webcam sees between two still scenes -- a hand reaching in, dice tumbling
(blurred, in mid-air, no face settled) for a roll, then the dice at rest with sensor noise."""

from __future__ import annotations

import random
from typing import Any

from tracker.film import FilmFrame
from tracker.octo_dice.observation import ASIDE_AREA, ASIDE_RGB, MAT_SHEET, ROLL_AREA, ROLL_RGB
from tracker.octo_dice.twin import SIDES, Layout, OctoDiceTwin, Placed, black_index

TUMBLE_FRAMES = 2
"""Frames of dice in motion per roll at 10 frames/s (the stillness gate must not read them);
as many more at a higher frame rate as keep the tumble 0.2 s long."""


def art_face(face: str) -> str:
    return face.replace("-", " ")


def hash_unit(seed: int, name: str) -> float:
    """A stable number in [0, 1) from the film's seed and a die's name (Python's hash() is salted)."""
    import zlib

    return (zlib.crc32(f"{seed}:{name}".encode()) % 10_000) / 10_000


def dice_mat_scene(layout: Layout, seed: int, meta: dict[str, Any] | None = None) -> Any:
    """A renderer scene: the mat's set-aside strip and roll area, and every die of ``layout``
    (its engine name, face and cocked flag kept in the die's ground-truth state)."""
    from vision.render.octo_dice_scene import DieSpec, dice_scene
    from vision.render.scene import Component, Pose

    order = sorted(layout)
    specs = [DieSpec(layout[d].die[:5], art_face(layout[d].face), layout[d].x, layout[d].y, layout[d].yaw,
                     black_index(d)) for d in order]
    scene = dice_scene(specs, seed=seed)
    for comp, die in zip(scene.components, order, strict=True):
        comp.state.update(die=die, cocked=layout[die].cocked)
        if layout[die].cocked:  # leaning on one base edge (against a neighbour or the tray wall)
            lean = 22.0 + (hash_unit(seed, die) * 16.0)
            comp.pose = Pose(comp.pose.x, comp.pose.y, 0.0, comp.pose.yaw_deg, lean_deg=lean)
    for name, (x0, y0, x1, y1), rgb, z in (("set-aside area", ASIDE_AREA, ASIDE_RGB, -0.1),
                                           ("roll area", ROLL_AREA, ROLL_RGB, -0.1),
                                           ("sheet", MAT_SHEET, (236, 234, 226), -0.2)):
        scene.components.insert(0, Component(  # below the dice: drawn first
            f"mat {name}", "octo_dice", name, name, Pose((x0 + x1) / 2, (y0 + y1) / 2, z, 0.0),
            (x1 - x0, y1 - y0, 0.1), {"top": ("table", "solid", rgb)}, labelled=False, casts_shadow=False))
    scene.meta.update(meta or {})
    return scene


def film_twin(twin: OctoDiceTwin, camera: Any, lightings: list[Any], *, seed: int, timing: Any,
              renderer: Any = None) -> Any:
    import cv2
    import numpy as np

    from vision.render.hands import Hand
    from vision.render.renderer import Renderer, RenderOptions

    renderer = renderer or Renderer()
    rng = random.Random(seed)
    noise_rng = np.random.default_rng(seed)
    players = twin.game.num_players
    index = 0
    rolls = len(twin.roll_scenes)

    def render(scene: Any, hand: Any, phase: str, change: int, light: Any, blur: int = 0) -> FilmFrame:
        nonlocal index
        opts = RenderOptions(lighting=light, hands=(hand,) if hand is not None else (), table_seed=seed % 997)
        res = renderer.render(scene, camera, opts, seed=seed * 100_003 + index)
        image = res.image if not blur else cv2.blur(res.image, (blur, blur))
        gt = res.ground_truth
        gt.update(phase=phase, change_index=change, frame_index=index)
        out = FilmFrame(image, gt, index / timing.fps)
        index += 1
        return out

    def stills(scene: Any, change: int, light: Any) -> Any:
        nonlocal index
        first = render(scene, None, "still", change, light)
        yield first
        base = first.image.astype(np.int16)
        for _ in range(timing.still_frames - 1):
            noise = noise_rng.normal(0.0, 2.0, base.shape[:2] + (1,)).astype(np.int16)
            yield FilmFrame(np.clip(base + noise, 0, 255).astype(np.uint8), dict(first.ground_truth, frame_index=index),
                            index / timing.fps)
            index += 1

    def scene_of(i: int) -> Any:
        meta = {"rolls_in_film": rolls, "roll_scene": i in twin.roll_scenes, "scene_index": i}
        return dice_mat_scene(twin.layouts[i], seed, meta)

    before = scene_of(0)
    yield from stills(before, -1, lightings[0])
    for change, c in enumerate(twin.changes):
        light = lightings[change]
        after_layout = twin.layouts[change + 1]
        after = scene_of(change + 1)
        rolled = c.kind in ("reroll",) or c.text.startswith(("roll", "virtual player's roll")) or \
            (c.kind == "illegal" and "roll" in c.text)
        moved = [d for d in after_layout if twin.layouts[change].get(d) != after_layout[d]]
        target = (300.0, 350.0)
        if moved:
            p = after_layout[moved[0]]
            target = (p.x, p.y)
        side = SIDES[c.seat % len(SIDES)] if players > 1 else "south"
        proto = Hand.reaching(target, side, random.Random(rng.random()))

        def hand_at(progress: float) -> Any:
            h = Hand.reaching(target, side, random.Random(0), progress=progress,
                              skin=proto.skin_rgb, sleeve=proto.sleeve_rgb)
            return Hand(entry_mm=h.entry_mm, tip_mm=h.tip_mm, height_mm=h.height_mm, skin_rgb=h.skin_rgb,
                        sleeve_rgb=h.sleeve_rgb, spread=proto.spread)

        for k in range(timing.reach_frames):
            yield render(before, hand_at((k + 1) / timing.reach_frames), "reach", change, light)
        if rolled and moved:
            for _ in range(max(1, round(TUMBLE_FRAMES * timing.fps / 10.0))):  # in mid-air: random places and faces, blurred
                flying = dict(after_layout)
                for d in moved:
                    q = after_layout[d]
                    flying[d] = Placed(d, rng.choice([f for f in _faces(d)]), q.x + rng.uniform(-40, 40),
                                       q.y + rng.uniform(-40, 40), rng.uniform(0, 360))
                yield render(dice_mat_scene(flying, seed), None, "tumble", change, light, blur=5)
        else:
            for k in range(timing.hold_frames):
                yield render(before if k < timing.hold_frames // 2 else after, hand_at(1.0), "move", change, light)
            for k in range(timing.retreat_frames):
                yield render(after, hand_at(1 - (k + 1) / (timing.retreat_frames + 1)), "retreat", change, light)
        yield from stills(after, change, light)
        before = after


def _faces(die: str) -> tuple[str, ...]:
    from rules.octo_dice.components import FACES

    return FACES[die]
