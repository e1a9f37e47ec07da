"""How well the teach sheet is found and cut in the twin's teach-sheet photos (issue 20, part 1).

For each game, renders ``--count`` photos (``render_teach_photo``: random light, side, tilt
0-35 degrees, each component up to 1.5 mm off its place and turned up to 4 degrees), each drawn
with a random art pack of the bench range (seeds >= 900000, vision/render/random_art.py), then
runs ``locate_sheet`` and measures, per face, how far the centre of the cut (``place_corners_px``,
at the face's height) lies from the face's true centre in the photo, in mm of the face (so the
players' own offsets, up to 2.1 mm, are part of the figure). Also the focal length recovered
from the sheet's homography against the true one.

    nice python bench/teach_sheet.py                 # 20 photos per game, 1920x1080
    nice python bench/teach_sheet.py --count 50 --width 1280 --height 720
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from calibration.errors import CalibrationError
from calibration.teach_sheet import cut_places, locate_sheet, place_corners_px
from vision.render.art_pack import ArtPack
from vision.render.random_art import BENCH_SEED_START, write_random_pack
from vision.render.renderer import Renderer
from vision.render.teach_photos import render_teach_photo


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--packs", type=int, default=5, help="bench art packs, used in turn (default 5)")
    ap.add_argument("--seed", type=int, default=910_000, help="first photo seed")
    ap.add_argument("--width", type=int, default=1920)
    ap.add_argument("--height", type=int, default=1080)
    a = ap.parse_args()
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        packs = []
        for k in range(a.packs):
            folder = Path(tmp) / f"art{k}"
            write_random_pack(BENCH_SEED_START + 100 + k, folder)
            packs.append(ArtPack.load(folder))
        renderer = Renderer()
        print(f"teach-sheet photos {a.width}x{a.height}, {a.count} per game, art packs "
              f"{BENCH_SEED_START + 100}-{BENCH_SEED_START + 99 + a.packs}, photo seeds from {a.seed}")
        for game in ("octocube", "open_season"):
            found, focal, render_s, locate_s = 0, [], 0.0, 0.0
            errors: list[float] = []
            cube_errors: list[float] = []
            geometry: list[float] = []
            failures = []
            for i in range(a.count):
                t0 = time.perf_counter()
                photo, labels = render_teach_photo(game, packs[i % len(packs)], a.seed + i, renderer,
                                                   (a.width, a.height))
                t1 = time.perf_counter()
                try:
                    where = locate_sheet(photo, game)
                    cut_places(photo, where)
                except CalibrationError as exc:
                    failures.append(f"seed {a.seed + i} tilt {labels['tilt_deg']}: {exc}")
                    continue
                finally:
                    render_s += t1 - t0
                locate_s += time.perf_counter() - t1
                found += 1
                focal.append(abs(where.focal_px / labels["camera"]["K"][0][0] - 1))
                for place in where.sheet.places:
                    corners = place_corners_px(where, place)
                    px_per_mm = float(np.linalg.norm(corners[1] - corners[0])) / place.component_mm[0]
                    miss = np.linalg.norm(corners.mean(axis=0) - np.array(labels["faces"][place.name]["centre_px"]))
                    (cube_errors if place.kind == "cube" else errors).append(float(miss) / px_per_mm)
                    truth = labels["faces"][place.name]
                    moved = np.array(place.centre_mm) + np.array(truth["offset_mm"])
                    at = where.to_image(moved[None], place.height_mm)[0]
                    geometry.append(float(np.linalg.norm(at - np.array(truth["centre_px"]))) / px_per_mm)
            print(f"\n{game}: sheet found in {found}/{a.count} photos; "
                  f"render {1000 * render_s / a.count:.0f} ms, locate+cut {1000 * locate_s / max(found, 1):.0f} ms per photo")
            if errors:
                e = np.array(errors)
                print(f"  face centre vs cut centre (mm): median {np.median(e):.2f}, p95 {np.percentile(e, 95):.2f}, "
                      f"max {e.max():.2f}  (players' offsets alone: up to 2.12)")
            if geometry:
                g = np.array(geometry)
                print(f"  the sheet's geometry alone (true offsets added back): median {np.median(g):.2f}, "
                      f"p95 {np.percentile(g, 95):.2f}, max {g.max():.2f} mm")
            if cube_errors:
                c = np.array(cube_errors)
                print(f"  cube tops (40 mm up): median {np.median(c):.2f}, p95 {np.percentile(c, 95):.2f}, max {c.max():.2f} mm")
            if focal:
                print(f"  focal length from the sheet: median error {100 * np.median(focal):.1f} %, max {100 * max(focal):.1f} %")
            for line in failures:
                print("  not found:", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
