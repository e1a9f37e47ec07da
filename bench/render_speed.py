"""Frames per second of the digital twin at 1280x720.

Run: ``.venv/bin/python bench/render_speed.py [--frames 40] [--threads N]``.
Target: >= 20 frames/s for a typical 4-player Octocube mid-game scene with sensor noise, blur,
JPEG and mild lens distortion, seen by a fixed camera (a sequence or a live demo: the camera's
background and lens maps are cached; every frame redraws all components, shadows, noise and
the ground truth). Also reports the same scene without lens distortion or sensor effects;
still frames and frames with a hand over an unchanged table (the renderer then reuses the
drawn components: most frames of a sequence or of the demo); and a fresh random scene and
camera per image (dataset generation, nothing cached but the sprites).

Prints wall-clock frames/s and CPU ms per frame (process time, all threads): on a shared
machine the wall figure depends on the load, the CPU figure much less.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cv2  # noqa: E402

from vision.render.camera import CameraModel  # noqa: E402
from vision.render.dataset import DatasetSettings, render_one  # noqa: E402
from vision.render.effects import SensorEffects  # noqa: E402
from vision.render.hands import Hand  # noqa: E402
from vision.render.octocube_scene import octocube_scene, random_octocube_view  # noqa: E402
from vision.render.renderer import Renderer, RenderOptions  # noqa: E402

TARGET_FPS = 20.0


def bench(label: str, frames: int, render_frame) -> float:
    render_frame(-1)  # warm-up: sprites, background, lens maps
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for i in range(frames):
        render_frame(i)
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    fps = frames / wall
    print(f"{label:<58} {fps:6.1f} frames/s  {1000 * wall / frames:6.1f} ms wall  "
          f"{1000 * cpu / frames:6.1f} ms CPU")
    return fps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--threads", type=int, default=None, help="cv2.setNumThreads")
    args = parser.parse_args()
    if args.threads is not None:
        cv2.setNumThreads(args.threads)
    print(f"cv2 {cv2.__version__}, {cv2.getNumThreads()} OpenCV threads, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}")

    scene = octocube_scene(random_octocube_view(4, seed=11, progress=0.5), seed=11)
    sensor = SensorEffects(noise_sigma=3.0, shot_noise=0.01, blur_sigma_px=0.6, jpeg_quality=90,
                           vignette=0.15)
    options = RenderOptions(sensor=sensor)
    labelled = len([c for c in scene.components if c.labelled])
    print(f"scene: Octocube 4 players mid-game, {labelled} components")

    renderer = Renderer(reuse_layers=False)
    cam = CameraModel.looking_at(tilt_deg=15.0, dist=(-0.06, 0.01, 0.0, 0.0, 0.0))
    fps = bench("full redraw, noise+blur+JPEG, lens distortion", args.frames,
                lambda i: renderer.render(scene, cam, options, seed=i))
    flat = CameraModel.looking_at(tilt_deg=15.0)
    bench("full redraw, noise+blur+JPEG, no distortion", args.frames,
          lambda i: renderer.render(scene, flat, options, seed=i))
    bench("full redraw, clean (no sensor effects)", args.frames,
          lambda i: renderer.render(scene, flat, RenderOptions.clean(), seed=i))
    cached = Renderer()
    bench("still frames (table unchanged, new noise), distortion", args.frames,
          lambda i: cached.render(scene, cam, options, seed=i))
    hand = Hand.reaching((300.0, 300.0), "south", random.Random(1), progress=0.9)
    with_hand = RenderOptions(sensor=sensor, hands=(hand,))
    bench("hand over an unchanged table, distortion", args.frames,
          lambda i: cached.render(scene, cam, with_hand, seed=i))
    settings = DatasetSettings(game="octocube", seed=0, count=1)
    dataset_renderer = Renderer()
    bench("dataset: new random scene + camera + options per image", max(5, args.frames // 4),
          lambda i: render_one(settings, i + 1, dataset_renderer))
    verdict = "meets" if fps >= TARGET_FPS else "MISSES"
    print(f"target {TARGET_FPS:.0f} frames/s (full redraw with distortion): {verdict} it "
          f"at {fps:.1f} frames/s wall-clock")
    return 0


if __name__ == "__main__":
    sys.exit(main())
