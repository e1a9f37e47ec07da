"""Cocked dice through the pixels: single rendered scenes of flat and leaning dice, read by the
pixel recogniser (mat-colour candidates, the ONNX dice reader, the flat-outline fit of
tracker/octo_dice/cocked.py), scored against the renderer's truth.

Each scene: 3-6 Octo Dice dice, in the roll area and the set-aside strip, about a third of them
leaning 22-38 degrees on a base edge (the twin's cocked dice), some flat dice touching a
neighbour, camera tilt drawn from --min-tilt to --max-tilt at one of four azimuths, the three
lightings in turn, 1920x1080. Prints cocked dice found (x/N), flat dice called cocked (x/N:
touching a neighbour, in the set-aside strip), flat dice read right (x/N), and with --fits the
misses, what each bar would give, and the top-face offsets (how far the fitted flat die's top lies
from the face the reader read: tracker/octo_dice/cocked.py's TOP_OFFSET_MM); --exact fits the dice's exact outlines instead of the pixels
(the ceiling of the outline test on the same scenes).

    nice python bench/octo_dice_cocked.py --scenes 150 --seed 98000 [--fits | --exact]

Seeds 97000-97159 were used to tune tracker/octo_dice/cocked.py, 97500-97699 to develop its
2026-11-27 afternoon changes; 98000-98149 was the first report set, 98500-98649 fresh then.
Session 13 (2026-11-28) tuned on 98000-98149 with --min-tilt 25 --max-tilt 36 and reported on
99500-99649 and 99700-99849 (--min-tilt 25 --max-tilt 36): all seen now.
Session 15 (2026-11-28, od-cocked3) tuned on 98000, 99500 and 99700 and reported on 101500-101649
(--min-tilt 25 --max-tilt 36) and 101700-101849: seen now.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tracker.octo_dice.twin import Placed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LIGHTS = ("day", "lamp", "evening")
COCKED_MATCH_MM = 16.0


def layout_for(rng: random.Random, cocked_share: float, touching_share: float) -> dict[str, Placed]:
    from rules.octo_dice.components import FACES
    from tracker.octo_dice.observation import ASIDE_AREA, ROLL_AREA
    from tracker.octo_dice.twin import Placed

    names = rng.sample(sorted(FACES), rng.randint(3, 6))
    out: dict[str, Placed] = {}
    for name in names:
        cocked = rng.random() < cocked_share
        face = rng.choice(FACES[name])
        yaw = rng.uniform(0, 360)
        flat = [p for p in out.values() if not p.cocked]
        if not cocked and flat and rng.random() < touching_share:  # side by side with a flat die
            other = rng.choice(flat)
            a = math.radians(other.yaw + 90 * rng.randint(0, 3))
            gap = 16.0 + rng.uniform(1.7, 3.0)  # the reader merges readings < 17.6 mm apart
            x, y = other.x + gap * math.cos(a), other.y + gap * math.sin(a)
            if all(math.dist((x, y), (p.x, p.y)) > 16.2 for p in out.values() if p is not other):
                out[name] = Placed(name, face, x, y, other.yaw + rng.uniform(-2, 2))
                continue
        in_strip = not cocked and rng.random() < 0.3
        for _ in range(200):
            if in_strip:  # along the strip's middle, as the players keep dice (observation.ASIDE_SLOTS)
                x, y = rng.uniform(ASIDE_AREA[0] + 25, ASIDE_AREA[2] - 25), rng.uniform(127.0, 143.0)
            else:  # the twin's rolls land 25 mm or more inside the roll area
                x, y = rng.uniform(ROLL_AREA[0] + 25, ROLL_AREA[2] - 25), rng.uniform(ROLL_AREA[1] + 25, ROLL_AREA[3] - 25)
            if all(math.dist((x, y), (p.x, p.y)) > 32 for p in out.values()):
                out[name] = Placed(name, face, x, y, yaw, cocked=cocked)
                break
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=60)
    parser.add_argument("--seed", type=int, default=97000)
    parser.add_argument("--min-tilt", type=float, default=0.0)
    parser.add_argument("--max-tilt", type=float, default=35.0)
    parser.add_argument("--cocked-share", type=float, default=0.35)
    parser.add_argument("--touching-share", type=float, default=0.35)
    parser.add_argument("--resolution", type=int, nargs=2, default=(1920, 1080))
    parser.add_argument("--fits", action="store_true", help="print every die's unexplained outline area")
    parser.add_argument("--exact", action="store_true",
                        help="no rendering: fit each die's exact outline (the renderer's box corners seen from the "
                             "camera), the ceiling of the outline test on the same scenes")
    args = parser.parse_args(argv)

    from tracker.film import LIGHTINGS
    from tracker.octo_dice.cocked import FLAT_TOP_MM, UNEXPLAINED_MM2
    from tracker.octo_dice.film import dice_mat_scene
    from tracker.octo_dice.groundtruth import observation_from_truth
    from tracker.octo_dice.recogniser import DicePixelRecogniser
    from tracker.octo_dice.scoring import _nearest
    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.renderer import Renderer, RenderOptions

    renderer = Renderer()
    cocked_total = cocked_found = cocked_read = 0
    flat_total = flat_cocked = flat_right = touching_total = touching_cocked = strip_total = strip_cocked = 0
    flat_fits: list[float] = []
    touching_fits: list[float] = []
    found_gaps: list[float] = []
    alone_fits: list[float] = []
    cocked_fits: list[float] = []
    alone_offsets: list[float] = []
    cocked_offsets: list[float] = []
    flat_top_light: dict[bool, list[float]] = {True: [], False: []}
    """Light excess (``FlatFit.light_excess_mm2``) of judged dice fitted with their top where the
    face was boxed (the flat-top bar's dice), by whether they lean."""
    started = time.perf_counter()
    for i in range(args.scenes):
        seed = args.seed + i
        rng = random.Random(seed)
        tilt = rng.uniform(args.min_tilt, args.max_tilt)
        camera = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=rng.choice([0.0, 90.0, 180.0, 270.0]),
                                        resolution=tuple(args.resolution))
        light = LIGHTS[i % 3]
        layout = layout_for(rng, args.cocked_share, args.touching_share)
        scene = dice_mat_scene(layout, seed)
        if args.exact:
            for comp in scene.components:
                if comp.uid.startswith("die "):
                    unexplained = _exact_fit(comp, camera)
                    if comp.pose.lean_deg:
                        cocked_total += 1
                        cocked_found += unexplained > UNEXPLAINED_MM2
                    else:
                        flat_total += 1
                        flat_cocked += unexplained > UNEXPLAINED_MM2
            continue
        result = renderer.render(scene, camera, RenderOptions(lighting=Lighting(**LIGHTINGS[light])), seed=seed)
        recogniser = DicePixelRecogniser(camera=camera)
        observed = recogniser.read(result.image)
        truth = observation_from_truth(result.ground_truth)
        for d in truth.dice:
            got = _nearest(observed.dice, d)
            if d.cocked and got is None:  # a leaning die's place is its base's centre: up to a die away
                best = min(observed.dice, key=lambda r: math.dist((r.x, r.y), (d.x, d.y)), default=None)
                got = best if best is not None and math.dist((best.x, best.y), (d.x, d.y)) < COCKED_MATCH_MM else None
            gaps = sorted(math.dist((p.x, p.y), (d.x, d.y)) for p in layout.values())
            near = len(gaps) > 1 and gaps[1] < 20  # the nearest is the die itself
            flat_fit = _fit_near(recogniser, observed.dice, got)
            fit = round(flat_fit.unexplained_mm2, 3) if flat_fit is not None else None
            if flat_fit is not None and (fit or flat_fit.top_px != flat_fit.centre_px):  # judged: offset of its top square
                (cocked_offsets if d.cocked else alone_offsets if not near else []).append(flat_fit.top_offset_mm)
            if flat_fit is not None and flat_fit.outline_mm2 and flat_fit.face_boxed and not flat_fit.recentred \
                    and flat_fit.top_offset_mm <= FLAT_TOP_MM and (d.cocked or not near):
                flat_top_light[d.cocked].append(getattr(flat_fit, "light_excess_mm2", 0.0))
                if args.fits and d.cocked:
                    print(f"  leaning, flat top: seed {seed} tilt {tilt:.1f} {light} unexplained "
                          f"{flat_fit.unexplained_mm2:.1f} light excess {getattr(flat_fit, 'light_excess_mm2', 0.0):.1f}")
            if d.cocked:
                cocked_total += 1
                cocked_found += got is not None and got.cocked
                if got is not None and got.cocked:
                    found_gaps.append(math.dist((got.x, got.y), (d.x, d.y)))
                cocked_read += got is not None and not got.cocked
                if fit is not None:
                    cocked_fits.append(fit)
                if args.fits and (got is None or not got.cocked):
                    print(f"  missed cocked: seed {seed} tilt {tilt:.1f} {light} at ({d.x:.0f}, {d.y:.0f}) "
                          f"read {got} fit {fit}")
            else:
                flat_total += 1
                touching_total += bool(near)
                strip_total += d.area == "aside"
                wrong = got is not None and got.cocked
                flat_cocked += wrong
                touching_cocked += wrong and bool(near)
                strip_cocked += wrong and d.area == "aside"
                flat_right += got is not None and not got.cocked and (got.kind, got.face) == (d.kind, d.face)
                if fit is not None:
                    flat_fits.append(fit)
                    (touching_fits if near else alone_fits).append(fit)
                if args.fits and fit is not None and not near and not wrong and fit > 6.0:
                    print(f"  flat alone above 6 mm2: seed {seed} tilt {tilt:.1f} {light} at ({d.x:.0f}, {d.y:.0f}) "
                          f"{d.kind} {d.face} fit {fit}")
                if args.fits and wrong:
                    print(f"  flat called cocked: seed {seed} tilt {tilt:.1f} {light} at ({d.x:.0f}, {d.y:.0f}) "
                          f"touching {bool(near)} fit {fit}")
    took = time.perf_counter() - started
    if args.exact:
        print(f"{args.scenes} scenes, seeds {args.seed}-{args.seed + args.scenes - 1}, exact outlines (no pixels)")
        print(f"leaning dice above the bar: {cocked_found}/{cocked_total}; flat dice above it: {flat_cocked}/{flat_total}")
        return 0
    print(f"{args.scenes} scenes, seeds {args.seed}-{args.seed + args.scenes - 1}, tilt {args.min_tilt:g}-"
          f"{args.max_tilt:g}, {args.resolution[0]}x{args.resolution[1]}, {took:.0f} s")
    print(f"cocked dice found: {cocked_found}/{cocked_total} (read as a face: {cocked_read}, not seen: "
          f"{cocked_total - cocked_found - cocked_read})")
    print(f"flat dice called cocked: {flat_cocked}/{flat_total} (touching a neighbour: "
          f"{touching_cocked}/{touching_total}, in the set-aside strip: {strip_cocked}/{strip_total})")
    print(f"flat dice read right: {flat_right}/{flat_total} = {100 * flat_right / max(flat_total, 1):.2f} %")
    if args.fits:
        import numpy as np

        for bar in (6, 8, 10, 12, 15, 18, 20, 25):
            print(f"  bar {bar} mm2: cocked found {sum(f > bar for f in cocked_fits)}/{cocked_total}, flat called "
                  f"cocked {sum(f > bar for f in flat_fits)}/{flat_total} (alone {sum(f > bar for f in alone_fits)})")
        if found_gaps:
            print(f"  cocked dice found: reported within 8 mm of their base centre {sum(g <= 8 for g in found_gaps)}"
                  f"/{len(found_gaps)}, max {max(found_gaps):.1f} mm")
        print(f"  not judged: cocked {sum(f == 0 for f in cocked_fits)}, flat {sum(f == 0 for f in flat_fits)}")
        for offset_mm in (1.6, 1.8, 2.0, 2.2, 2.5, 3.0):
            print(f"  top offset above {offset_mm} mm: cocked {sum(o > offset_mm for o in cocked_offsets)}/"
                  f"{len(cocked_offsets)} judged, flat alone {sum(o > offset_mm for o in alone_offsets)}/{len(alone_offsets)}")
        for name, values in (("flat alone", alone_offsets), ("cocked", cocked_offsets)):
            if values:
                print(f"top offset mm, {name} ({len(values)}): percentiles 1/5/10/50/90/95/99/max",
                      np.percentile(values, [1, 5, 10, 50, 90, 95, 99, 100]).round(2).tolist())
        for bar in (10, 15, 20, 25, 30):
            print(f"  flat-top fits, light excess above {bar} mm2: leaning "
                  f"{sum(v > bar for v in flat_top_light[True])}/{len(flat_top_light[True])}, flat alone "
                  f"{sum(v > bar for v in flat_top_light[False])}/{len(flat_top_light[False])}")
        for name, values in (("flat alone", flat_top_light[False]), ("leaning", flat_top_light[True])):
            if values:
                print(f"light excess mm2 of flat-top fits, {name} ({len(values)}): percentiles 50/90/99/max",
                      np.percentile(values, [50, 90, 99, 100]).round(1).tolist())
        for name, fits in (("flat alone", alone_fits), ("flat touching", touching_fits), ("cocked", cocked_fits)):
            if fits:
                print(f"unexplained mm2, {name} ({len(fits)}): percentiles 1/5/10/50/90/95/99/max",
                      np.percentile(fits, [1, 5, 10, 50, 90, 95, 99, 100]).round(1).tolist())
    return 0


def _exact_fit(comp: object, camera: object) -> float:
    """Unexplained mm² of a die's exact outline on the top-face plane (its box corners seen from
    the camera), fitted as the recogniser fits a die's outline from the pixels."""
    import cv2
    import numpy as np

    from tracker.octo_dice.cocked import fit_outline
    from tracker.octo_dice.recogniser import FIT_PX_PER_MM, FIT_WINDOW_MM
    from vision.render.renderer import box_corners_mm

    cx, cy, height = camera.position_mm  # type: ignore[attr-defined]
    corners = box_corners_mm([comp])[0]  # type: ignore[list-item]
    t = (height - 16.0) / (height - corners[:, 2])
    x, y = comp.pose.x, comp.pose.y  # type: ignore[attr-defined]
    half = FIT_WINDOW_MM / 2
    plane = np.column_stack([cx + (corners[:, 0] - cx) * t, cy + (corners[:, 1] - cy) * t])
    px = np.round((plane - [x - half, y - half]) * FIT_PX_PER_MM).astype(np.int32)
    side = int(round(FIT_WINDOW_MM * FIT_PX_PER_MM))
    shape = np.zeros((side, side), np.uint8)
    cv2.fillConvexPoly(shape, cv2.convexHull(px), 1)
    centre = (half * FIT_PX_PER_MM, half * FIT_PX_PER_MM)
    return fit_outline(shape, centre, (x, y), camera.position_mm, FIT_PX_PER_MM).unexplained_mm2  # type: ignore[attr-defined]


def _fit_near(recogniser: object, readings: tuple[object, ...], got: object) -> Any:
    """The flat fit made for the reading ``got`` (the fits are in reading order)."""
    fits = getattr(recogniser, "last_fits", [])
    if got is None:
        return None
    order = [r for r in readings]
    k = order.index(got)
    fit = fits[k] if k < len(fits) else None
    return fit


if __name__ == "__main__":
    raise SystemExit(main())
