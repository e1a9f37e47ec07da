"""Bench: how many questions the Open Season photo scorer asks, and its CPU time, per table.

    nice .venv/bin/python bench/open_season_questions_asked.py --seed-start 80000 --count 12

A question is asked (terminal prompt, app) only when its options move some total; widening a
question's options so that it holds the truth can make more of them move one. Tables as
``bench/score_photo_open_season.py`` renders them (alternately 1280x720 and 1920x1080, JPEG 95).
Run it from another checkout's folder (main's code) with this venv for a before/after.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path.cwd()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed-start", type=int, required=True)
    ap.add_argument("--count", type=int, default=12)
    args = ap.parse_args(argv)
    from vision.photo_score import PhotoScoreError, ScoreRequest, scorer
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    fn, renderer = scorer("open_season"), Renderer()
    doubts = asked = 0
    cpu_total = 0.0
    for i in range(args.count):
        seed = args.seed_start + i
        size = (1280, 720) if i % 2 == 0 else (1920, 1080)
        res = render_one(DatasetSettings(game="open_season", seed=seed, count=1, end=True, resolution=size), 0, renderer)
        ok, buf = cv2.imencode(".jpg", res.image, [cv2.IMWRITE_JPEG_QUALITY, 95])
        photo = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        assert ok and photo is not None
        end = res.ground_truth["end"]
        c0 = time.process_time()
        try:
            result = fn(photo, ScoreRequest(end["num_players"], options={"side": end["side"], "expert": end["expert"]}))
        except PhotoScoreError as exc:
            print(f"{seed}: refused ({exc})")
            continue
        cpu = time.process_time() - c0
        moving = sum(1 for d in result.doubts if d.score_range and d.low != d.high)
        doubts, asked, cpu_total = doubts + len(result.doubts), asked + moving, cpu_total + cpu
        print(f"{seed}: {len(result.doubts)} doubts, {moving} asked, {cpu:.2f} CPU s", flush=True)
    print(f"total: {doubts} doubts, {asked} asked (they move a total), {cpu_total:.2f} CPU s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
