"""Face-classifier training crops cut from the Octo Dice mat exactly as the tracker reads it
(issue 21): rendered mat scenes of flat, leaning, touching and edge dice, the pixel recogniser's
own candidates, mosaic and detector boxes, each box labelled by the renderer's truth.

Why: the dice classifier learns from single-die patches (vision/dice/synth.py), but the tracker
reads white-balanced, rectified windows of the twin's mat under a tilted camera. Run 12's
classifier read more Octo Dice faces on patches than run 8's, yet read a leaning die on the mat
as a face (tests/tracker/test_octo_dice_unread_cocked.py). These crops show the classifier the
tracker's own inputs: a box on a flat die is its face, a box on a leaning die ``cocked``, a box
on bare mat ``none``; boxes near a die but on neither are left out (no label is sure there).

    python -m tracker.octo_dice.reader_training --out build/mat-crops --seed 400000 --scenes 2000 --jobs 2

The crops land in ``OUT/<class name>/`` (the classifier's folder-per-class names,
vision/dice/faces.py); ``vision/dice/train.py --extra-cls OUT`` adds them to a training set.
Seeds from 400000 are training seeds: no bench or test uses them."""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

FLAT_MATCH_MM = 6.0
"""A box centred this close to a flat die's centre is on its top face."""
COCKED_MATCH_MM = 16.0
"""... this close to a leaning die's base centre is on that die (its faces lie up to a die away)."""
NONE_CLEAR_MM = 22.0
"""A box this far from every die is on bare mat (or a shadow): ``none``."""
LIGHTS = ("day", "lamp", "evening")
SCENES = "(scenes)"
"""The count of scenes drawn, beside the crops per class (no class has this name)."""


@dataclass(frozen=True)
class Scene:
    """How one training scene is drawn."""

    seed: int
    tilt_deg: float
    azimuth_deg: float
    light: str


def scene_for(seed: int, max_tilt: float) -> Scene:
    rng = random.Random(seed)
    return Scene(seed, rng.uniform(0.0, max_tilt), rng.uniform(0.0, 360.0), rng.choice(LIGHTS))


def training_layout(rng: random.Random, cocked_share: float = 0.3) -> dict[str, Any]:
    """2-8 dice: some leaning, some touching a flat neighbour, some in the set-aside strip, some
    near an area's edge (the twin's rolls keep 25 mm inside; players' hands do not)."""
    from rules.octo_dice.components import FACES
    from tracker.octo_dice.observation import ASIDE_AREA, ROLL_AREA
    from tracker.octo_dice.twin import Placed

    names = rng.sample(sorted(FACES), rng.randint(2, min(8, len(FACES))))
    out: dict[str, Placed] = {}
    for name in names:
        cocked = rng.random() < cocked_share
        face = rng.choice(FACES[name])
        yaw = rng.uniform(0, 360)
        flat = [p for p in out.values() if not p.cocked]
        if flat and rng.random() < 0.3:  # beside another die, flat or leaning
            other = rng.choice(flat)
            a = math.radians(other.yaw + 90 * rng.randint(0, 3) + rng.uniform(-20, 20))
            gap = 16.0 + rng.uniform(0.8, 6.0) + (8.0 if cocked else 0.0)
            x, y = other.x + gap * math.cos(a), other.y + gap * math.sin(a)
            if all(math.dist((x, y), (p.x, p.y)) > 16.5 for p in out.values() if p is not other):
                out[name] = Placed(name, face, x, y, other.yaw + rng.uniform(-8, 8), cocked=cocked)
                continue
        in_strip = not cocked and rng.random() < 0.3
        margin = 12.0 if rng.random() < 0.25 else 25.0
        for _ in range(200):
            if in_strip:
                x, y = rng.uniform(ASIDE_AREA[0] + margin, ASIDE_AREA[2] - margin), rng.uniform(124.0, 146.0)
            else:
                x = rng.uniform(ROLL_AREA[0] + margin, ROLL_AREA[2] - margin)
                y = rng.uniform(ROLL_AREA[1] + margin, ROLL_AREA[3] - margin)
            if all(math.dist((x, y), (p.x, p.y)) > 30 for p in out.values()):
                out[name] = Placed(name, face, x, y, yaw, cocked=cocked)
                break
    return out


def truth_class(state: dict[str, Any]) -> int:
    """The classifier's class of a flat die's top face (vision/dice/twin.py's mapping)."""
    from vision.dice.faces import class_of

    kind, top = state["kind"], state["top_face"]
    if kind == "white":
        return class_of("octo-white", top)
    colour, _, number = top.partition(" ")
    return class_of("octo-black", "octopod" if top == "octopod" else {"colour": colour, "number": int(number)})


def _jitter(rng: np.random.Generator, box: Any, amount: float = 0.04) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in box)
    w, h = x1 - x0, y1 - y0
    d = rng.normal(0, amount, 4)
    return (x0 + d[0] * w, y0 + d[1] * h, x1 + d[2] * w, y1 + d[3] * h)


def crops_of_scene(scene: Scene, reader: Any, renderer: Any, copies: int = 2) -> list[tuple[str, np.ndarray]]:
    """(class name, crop) for every box the tracker's reader would classify in one rendered scene."""
    from tracker.film import LIGHTINGS
    from tracker.octo_dice.film import dice_mat_scene
    from tracker.octo_dice.recogniser import DicePixelRecogniser, _box_place, _cell, _top_boxes, _unfound
    from vision.dice.crops import crop_face
    from vision.dice.faces import CLASSES
    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.renderer import RenderOptions

    rng = random.Random(scene.seed)
    np_rng = np.random.default_rng(scene.seed)
    layout = training_layout(rng)
    camera = CameraModel.looking_at(tilt_deg=scene.tilt_deg, azimuth_deg=scene.azimuth_deg, resolution=(1920, 1080))
    result = renderer.render(dice_mat_scene(layout, scene.seed), camera,
                             RenderOptions(lighting=Lighting(**LIGHTINGS[scene.light])), seed=scene.seed)
    recogniser = DicePixelRecogniser(camera=camera, reader=reader)
    spots = recogniser.candidates(result.image)
    if recogniser.hand or not spots:
        return []
    balanced, side, cols = recogniser.mosaic(result.image, spots)
    boxes, _ = reader.detect(balanced)
    whole = [b for b in boxes if _cell(b, side, cols, len(spots)) is not None]
    fill = _top_boxes(_unfound(np.array(whole, np.float32).reshape(-1, 4), side, cols, len(spots)), side, cols)
    dice = [(c["state"], float(c["pose"]["x"]), float(c["pose"]["y"]), float(c.get("visible_fraction", 1.0)))
            for c in result.ground_truth["components"]
            if c.get("uid", "").startswith("die ") and "top_face" in c.get("state", {})]
    out: list[tuple[str, np.ndarray]] = []
    for box in [*whole, *fill]:
        cell = _cell(box, side, cols, len(spots), margin=0)
        if cell is None:
            continue
        x, y = _box_place(box, cell, spots, side, cols)
        near = sorted(dice, key=lambda d: math.dist((x, y), (d[1], d[2])))
        gap = math.dist((x, y), (near[0][1], near[0][2])) if near else math.inf
        name: str | None = None
        if gap > NONE_CLEAR_MM:
            name = "none"
        elif near[0][0].get("cocked"):
            name = "cocked" if gap <= COCKED_MATCH_MM else None
        elif gap <= FLAT_MATCH_MM and near[0][3] >= 0.6:
            name = CLASSES[truth_class(near[0][0])].name
        if name is None:
            continue
        for _ in range(copies):
            crop = crop_face(balanced, _jitter(np_rng, box))
            k = int(np_rng.integers(4))
            out.append((name, np.ascontiguousarray(np.rot90(crop, k)) if k else crop))
    return out


def _job(args: tuple[Path, list[int], float, int, float]) -> dict[str, int]:
    out, seeds, max_tilt, copies, deadline = args
    from vision.dice.reader import DiceReader
    from vision.render.renderer import Renderer
    from tracker.octo_dice.recogniser import MAT_MAX_CROPS, OCTO_KINDS

    reader = DiceReader(max_crops=MAT_MAX_CROPS, kinds=OCTO_KINDS)
    renderer = Renderer()
    counts: dict[str, int] = {}
    for seed in seeds:
        if deadline and time.time() > deadline:
            break
        counts[SCENES] = counts.get(SCENES, 0) + 1
        try:
            crops = crops_of_scene(scene_for(seed, max_tilt), reader, renderer, copies)
        except Exception as error:  # one broken scene costs its crops, not the run
            print(f"scene {seed}: {type(error).__name__}: {error}", file=sys.stderr, flush=True)
            continue
        for k, (name, crop) in enumerate(crops):
            (out / name).mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(out / name / f"m{seed}_{k:02d}.png"), crop)
            counts[name] = counts.get(name, 0) + 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=400000)
    parser.add_argument("--scenes", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-tilt", type=float, default=38.0)
    parser.add_argument("--copies", type=int, default=2, help="jittered, turned crops per box")
    parser.add_argument("--chunk", type=int, default=25, help="scenes per task (progress is printed per task)")
    parser.add_argument("--seconds", type=float, default=0.0, help="stop drawing after this long (0: never)")
    args = parser.parse_args(argv)
    if args.scenes < 1 or args.jobs < 1:
        parser.error("--scenes and --jobs must be at least 1")
    args.out.mkdir(parents=True, exist_ok=True)
    seeds = list(range(args.seed, args.seed + args.scenes))
    deadline = time.time() + args.seconds if args.seconds else 0.0
    tasks = [(args.out, seeds[i:i + args.chunk], args.max_tilt, args.copies, deadline) for i in range(0, len(seeds), args.chunk)]
    totals: dict[str, int] = {}
    started = time.time()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for done, counts in enumerate(pool.map(_job, tasks), 1):
            for name, n in counts.items():
                totals[name] = totals.get(name, 0) + n
            crops = sum(n for name, n in totals.items() if name != SCENES)
            print(f"{totals.get(SCENES, 0)}/{args.scenes} scenes drawn ({done}/{len(tasks)} tasks), {crops} crops, "
                  f"{time.time() - started:.0f} s", flush=True)
    scenes = totals.pop(SCENES, 0)
    faces = sum(n for name, n in totals.items() if name not in ("cocked", "none"))
    print(f"{sum(totals.values())} crops from {scenes} scenes in {args.out}: {faces} faces, {totals.get('cocked', 0)} "
          f"cocked, {totals.get('none', 0)} none ({len(totals)} classes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
