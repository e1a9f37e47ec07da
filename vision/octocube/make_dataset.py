"""Render training frames and save their labelled patches (``python -m vision.octocube.make_dataset``).

Patches are sampled exactly as the recogniser samples them (same layout, same white balance),
through the ground-truth camera (what a calibrated profile gives).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from vision.octocube.colour import MatSampler, apply_gains
from vision.octocube.geometry import PatchSpec, TableView, sample_patches
from vision.octocube.letters import ABYSS_TOP_MM, LETTER_NET_MM, LETTER_PX_PER_MM, LETTER_WINDOW_MM
from vision.render.octocube_layout import grid_centre
from vision.octocube.layout import PATCH_PX_PER_MM, mat_sample_points, patch_layout
from vision.octocube.synth import SEED_RANGES, synth_frame
from vision.octocube.truth import patch_labels, scene_truth
from vision.render.renderer import Renderer


def view_of(camera) -> TableView:  # noqa: ANN001 - a vision.render.camera.CameraModel
    return TableView(camera.table_to_image_homography, (camera.width, camera.height),
                     camera.K, camera.dist_coeffs)


def frame_patches(frame) -> dict[str, tuple[np.ndarray, list[str]]]:  # noqa: ANN001
    view = view_of(frame.camera)
    lay = patch_layout(frame.grid_size, frame.num_players)
    gains = MatSampler(view, mat_sample_points(frame.num_players)).gains(frame.image)
    maps = view.patch_maps(lay.all_specs, PATCH_PX_PER_MM)
    patches = apply_gains(sample_patches(frame.image, maps), gains)
    labels = patch_labels(scene_truth(frame.ground_truth, frame.grid_size, frame.num_players), lay)
    n_s, n_c, n_b = len(lay.stacks), len(lay.cubes), len(lay.boards)
    stacks = patches[:n_s]
    cubes = patches[n_s:n_s + n_c]
    boards = patches[n_s + n_c:n_s + n_c + n_b]
    coins = patches[n_s + n_c + n_b:]
    top_idx = [i for i, t in enumerate(labels["cube_tops"]) if t]
    abyss = [(loc, lab) for loc, lab in zip(lay.stack_locations, labels["stacks"]) if lab.startswith("abyss")]
    if abyss:
        specs = [PatchSpec("letter", grid_centre(loc, frame.grid_size), ABYSS_TOP_MM, LETTER_NET_MM)
                 for loc, _ in abyss]
        letters = apply_gains(sample_patches(frame.image, view.patch_maps(specs, LETTER_PX_PER_MM)), gains)
        specs = [PatchSpec("letter", grid_centre(loc, frame.grid_size), ABYSS_TOP_MM, LETTER_WINDOW_MM)
                 for loc, _ in abyss]
        windows = apply_gains(sample_patches(frame.image, view.patch_maps(specs, LETTER_PX_PER_MM)), gains)
    else:
        letters = np.zeros((0, 52, 52, 3), np.uint8)
        side = int(round(LETTER_WINDOW_MM * LETTER_PX_PER_MM))
        windows = np.zeros((0, side, side, 3), np.uint8)
    return {
        "letters": (letters, [lab for _, lab in abyss]),
        "letter_windows": (windows, [lab for _, lab in abyss]),
        "tops": (np.concatenate([stacks, boards, coins, cubes[top_idx]]),
                 labels["stacks"] + labels["boards"] + labels["coins"]
                 + [labels["cube_tops"][i] for i in top_idx]),
        "cubes": (cubes, labels["cube_colour"]),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--split", default="train", choices=sorted(SEED_RANGES))
    ap.add_argument("--rich", action="store_true", help="more abyss letters and cube-top tiles")
    ap.add_argument("--resolutions", default="1280x720",
                    help="camera resolutions WxH, comma-separated; each frame takes one in turn")
    ap.add_argument("--max-tilt", type=float, default=30.0,
                    help="camera tilt drawn in 0..this many degrees (the shipped nets: 30 until "
                    "2026-11-27, 40 since)")
    ap.add_argument("--only", choices=["letters"], help="save only the letter windows (the letter net's data)")
    args = ap.parse_args()
    resolutions = [tuple(int(v) for v in r.lower().split("x")) for r in args.resolutions.split(",")]
    renderer = Renderer()
    acc: dict[str, tuple[list[np.ndarray], list[str]]] = {"tops": ([], []), "cubes": ([], []),
                                                          "letters": ([], []), "letter_windows": ([], [])}
    t0 = time.time()
    base = SEED_RANGES[args.split].start
    for i in range(args.start, args.start + args.count):
        frame = synth_frame(base + i, renderer, max_tilt_deg=args.max_tilt, rich=args.rich,
                            resolution=resolutions[i % len(resolutions)])  # type: ignore[arg-type]
        for key, (p, l) in frame_patches(frame).items():
            acc[key][0].append(p)
            acc[key][1].extend(l)
        if (i - args.start) % 20 == 19:
            print(f"{i - args.start + 1} frames, {time.time() - t0:.0f} s", flush=True)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.only == "letters":
        np.savez_compressed(out, letter_windows_x=np.concatenate(acc["letter_windows"][0]),
                            letter_windows_y=np.array(acc["letter_windows"][1]))
        print(f"saved {out}: {len(acc['letter_windows'][1])} letter windows")
        return
    np.savez_compressed(out, tops_x=np.concatenate(acc["tops"][0]), tops_y=np.array(acc["tops"][1]),
                        cubes_x=np.concatenate(acc["cubes"][0]), cubes_y=np.array(acc["cubes"][1]),
                        letters_x=np.concatenate(acc["letters"][0]), letters_y=np.array(acc["letters"][1]))
    print(f"saved {out}: {len(acc['tops'][1])} top patches, {len(acc['cubes'][1])} cube patches")


if __name__ == "__main__":
    main()
