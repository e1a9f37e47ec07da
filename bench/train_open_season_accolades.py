"""Fit the fanned-accolade classifiers (vision/open_season/accolades.py) on rendered finished
tables: people from the corner's initial and colour band, attribute from its icon, each a shrunk
linear discriminant (numpy only), written to models/open_season_accolades.npz.

Training tables are ``render open_season --end`` seeds 60000-60999 (the training range; the
bench uses 70000 and up). Each card's corner is found and aligned exactly as when reading (the
art's corner picks the pose), and the classifiers learn what the camera makes of the print:
blur, lamp colour, noise.

    nice python bench/train_open_season_accolades.py --count 40          # renders, fits, saves
    nice python bench/train_open_season_accolades.py --data DIR [--data DIR2] --check DIR3
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision.open_season import accolades as acc  # noqa: E402
from vision.render import open_season_art as art  # noqa: E402

TRAIN_SEEDS = (60000, 60999)


def render(out: Path, seed: int, count: int, size: tuple[int, int]) -> Path:
    from vision.render.dataset import DatasetSettings, write_dataset

    write_dataset(DatasetSettings(game="open_season", seed=seed, count=count, end=True, resolution=size), out)
    return out


def samples(folder: Path, model: acc.AccoladeModel | None = None
            ) -> tuple[list[np.ndarray], list[np.ndarray], list[int], list[int], int]:
    """Features and labels of every card of every readable fan in ``folder``."""
    fps, fas, yp, ya = [], [], [], []
    skipped = 0
    for gt_path in sorted((folder / "gt").glob("*.json")):
        gt = json.loads(gt_path.read_text())
        end = gt["end"]
        image = cv2.imread(str(folder / gt["image"]))
        if image is None:
            raise SystemExit(f"cannot read {folder / gt['image']}")
        reader = acc.AccoladeReader.from_ground_truth(gt, end["num_players"], model=model)
        for player in end["players"]:
            area = acc._white_balanced(reader.rectified(image, player["seat"]))
            corners = acc._find_corners(area)
            if len(corners) != len(player["accolades"]):
                skipped += 1
                continue
            soft = cv2.GaussianBlur(area, (0, 0), acc.BLUR_PX)
            for (x, y), name in zip(corners, player["accolades"]):
                people, attribute = name.split("-")
                fp, fa = acc.pose_features(soft, x, y, (0.0, 0.0, 0.0))
                fps.append(fp)
                fas.append(fa)
                yp.append(art.PEOPLES.index(people))
                ya.append(art.ATTRIBUTES.index(attribute))
    return fps, fas, yp, ya, skipped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", action="append", default=[], help="rendered --end folders to train on")
    ap.add_argument("--count", type=int, default=40, help="without --data: tables to render (half 1280x720, half 1920x1080)")
    ap.add_argument("--seed", type=int, default=TRAIN_SEEDS[0])
    ap.add_argument("--shrink", type=float, default=0.2)
    ap.add_argument("--check", action="append", default=[], help="rendered folders to report accuracy on")
    ap.add_argument("--out", default=str(acc.MODEL_PATH))
    args = ap.parse_args(argv)
    if not TRAIN_SEEDS[0] <= args.seed <= TRAIN_SEEDS[1]:
        print(f"training seeds are {TRAIN_SEEDS[0]}-{TRAIN_SEEDS[1]} (the bench uses others)", file=sys.stderr)
        return 2
    folders = [Path(d) for d in args.data]
    tmp = None
    if not folders:
        tmp = tempfile.TemporaryDirectory()
        half = max(1, args.count // 2)
        folders = [render(Path(tmp.name) / "720", args.seed, half, (1280, 720)),
                   render(Path(tmp.name) / "1080", args.seed + 1, args.count - half, (1920, 1080))]
    fps, fas, yp, ya = [], [], [], []
    for folder in folders:
        a, b, c, d, skipped = samples(folder)
        fps += a
        fas += b
        yp += c
        ya += d
        print(f"{folder}: {len(a)} cards ({skipped} fans skipped: corners not found as many as cards)")
    n_pose = len(acc.FINE_POSES)
    xp = np.concatenate(fps)
    xa = np.concatenate(fas)
    lp = np.repeat(np.array(yp), n_pose)
    la = np.repeat(np.array(ya), n_pose)
    pw, pb = acc.fit_lda(xp, lp, len(art.PEOPLES), args.shrink)
    aw, ab = acc.fit_lda(xa, la, len(art.ATTRIBUTES), args.shrink)
    model = acc.AccoladeModel(pw, pb, aw, ab)
    model.save(Path(args.out))
    print(f"{len(yp)} training cards -> {args.out}")
    for check in args.check:
        fps, fas, yp, ya, skipped = samples(Path(check), model)
        right = sure_right = sure_wrong = unsure = 0
        for fp, fa, people_index, attribute_index in zip(fps, fas, yp, ya):
            pp = acc._softmax(model.people(fp).mean(axis=0))
            pa = acc._softmax(model.attribute(fa).mean(axis=0))
            ok = int(np.argmax(pp)) == people_index and int(np.argmax(pa)) == attribute_index
            sure = min(pp.max(), pa.max()) >= acc.SURE_PROBABILITY
            right += ok
            sure_right += ok and sure
            sure_wrong += sure and not ok
            unsure += not sure
        print(f"check {check}: {len(yp)} cards, best guess right {right}, sure and right {sure_right}, "
              f"sure and WRONG {sure_wrong}, doubts {unsure} ({skipped} fans skipped)")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
