"""Top-face boxes for the real training photos, whose labels box the pips, not the face.

``../shared/data/dice-photos`` boxes the pip pattern of each die: a "1" is boxed tight around
its one pip (except in its first 20 photos, boxed around the whole face), a "2" by a thin box
along the diagonal. The reader reports the die's top face (issue #7), as our renders do. A
detector trained on both conventions learns the real photos' pip boxes and returns them on
other people's dice too. This script writes, for the ``train`` fold only, one YOLO label file
per photo with each die's top face: the largest box that a detector fine-tuned on synthetic
photos alone finds around the labelled pips (the union of both); where it finds none, a square
on the pips the size of the other dice's faces in that photo; else the original box. ``vision/dice/train.py`` reads these labels when the folder exists.

    .venv/bin/python vision/dice/relabel.py --models DIR_WITH_SYNTHETIC_DETECTOR [--sheet out.jpg]

The test fold keeps its original labels: it is never touched by training.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from vision.dice.reader import DiceReader  # noqa: E402
from vision.dice.scoring import area, intersection  # noqa: E402
from vision.dice.split import photos, read_labels  # noqa: E402

REAL = REPO.parent / "shared" / "data" / "dice-photos"
TOPFACE_LABELS = Path(__file__).with_name("topface_labels")
MIN_COVER = 0.6  # the detection must cover this much of the labelled pip box
MAX_GROWTH = 40.0  # a top face is at most this many times the area of its pip box (a lone pip: ~10-30)


Box = tuple[float, float, float, float]


def top_face(label: Box, boxes: np.ndarray) -> Box | None:
    """The largest detection around ``label``'s pips (a detector also finds the pips of a "1"
    alone, with a higher score), unioned with it; None if none fits."""
    best: Box | None = None
    for box in boxes:
        d = (float(box[0]), float(box[1]), float(box[2]), float(box[3]))
        dx = abs((d[0] + d[2]) - (label[0] + label[2])) / 2
        dy = abs((d[1] + d[3]) - (label[1] + label[3])) / 2
        centred = dx <= 0.25 * (d[2] - d[0]) + 0.5 * (label[2] - label[0]) and dy <= 0.25 * (d[3] - d[1]) + 0.5 * (label[3] - label[1])
        covers = intersection(label, d) >= MIN_COVER * max(area(label), 1e-6)
        if covers and centred and area(d) <= MAX_GROWTH * max(area(label), 1.0) and (best is None or area(d) > area(best)):
            best = d
    if best is None:
        return None
    return (min(best[0], label[0]), min(best[1], label[1]), max(best[2], label[2]), max(best[3], label[3]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, required=True, help="folder with a synthetic-only dice_detector.onnx (+ classifier)")
    ap.add_argument("--real", type=Path, default=REAL)
    ap.add_argument("--out", type=Path, default=TOPFACE_LABELS)
    ap.add_argument("--min-score", type=float, default=0.1)
    ap.add_argument("--sheet", type=Path, default=None, help="write a contact sheet: red = data set's box, green = top face")
    args = ap.parse_args()
    reader = DiceReader(args.models)
    reader.config["detector_min_score"] = args.min_score
    args.out.mkdir(parents=True, exist_ok=True)
    moved = sized = kept = 0
    growth: list[float] = []
    tiles: list[np.ndarray] = []
    files = photos(args.real, "train")
    for n, p in enumerate(files):
        img = cv2.imread(str(p))
        if img is None:
            raise SystemExit(f"{p}: unreadable photo")
        h, w = img.shape[:2]
        boxes, _ = reader.detect(img)
        labels = read_labels(args.real, p, w, h)
        faces = [top_face(label, boxes) for _, label in labels]
        # a die the detector missed gets a square the size of its neighbours' faces, if any
        sides = [np.sqrt(area(f)) for f in faces if f is not None]
        side = float(np.median(sides)) if sides else None
        lines = []
        for (face, label), new in zip(labels, faces):
            if new is not None:
                moved += 1
            elif side is not None and side ** 2 > area(label):
                cx, cy = (label[0] + label[2]) / 2, (label[1] + label[3]) / 2
                new = (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)
                sized += 1
            else:
                kept += 1
                new = label
            growth.append(area(new) / max(area(label), 1.0))
            x0, y0, x1, y1 = max(new[0], 0), max(new[1], 0), min(new[2], w), min(new[3], h)
            lines.append(f"{face - 1} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} {(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}")
            if args.sheet is not None and n % 7 == 0:
                cv2.rectangle(img, (int(label[0]), int(label[1])), (int(label[2]), int(label[3])), (0, 0, 255), 1)
                cv2.rectangle(img, (int(x0), int(y0)), (int(x1), int(y1)), (0, 200, 0), 1)
        (args.out / f"{p.stem}.txt").write_text("\n".join(lines) + ("\n" if lines else ""))
        if args.sheet is not None and n % 7 == 0:
            cv2.putText(img, p.stem, (6, 22), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 0, 0), 2)
            tiles.append(cv2.resize(img, (320, 240), interpolation=cv2.INTER_AREA))
    g = np.array(growth) if growth else np.zeros(1)
    print(f"{len(files)} train photos: {moved} dice boxed by their detected top face, {sized} by a square the size of"
          f" their neighbours' faces, {kept} kept their original box (area x{np.median(g):.2f} median,"
          f" x{g.min():.2f}-x{g.max():.2f}) -> {args.out}")
    if tiles:
        while len(tiles) % 6:
            tiles.append(np.zeros_like(tiles[0]))
        sheet = np.vstack([np.hstack(tiles[i : i + 6]) for i in range(0, len(tiles), 6)])
        cv2.imwrite(str(args.sheet), sheet)
        print(f"contact sheet: {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
