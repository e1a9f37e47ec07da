"""Octo Dice face errors on TUNING renders: cache every detection's per-turn classifier output.

Run: ``PYTHONPATH=$PWD .venv/bin/python bench/octo_dice_faces_errors.py --first 555000 --scenes 600
--out build/octofaces``. Renders ``render_scene(default_rng(seed), mix="octo", max_dice=6)`` for each
tuning seed (never the bench's 987654 / 987655), detects with the Octo Dice reader and keeps,
per detection, its box, detector score and the classifier's probabilities in each of the four
quarter turns (reader columns), so decision rules can be compared offline (``--rescore``). Wrong
faces (as the reader reads them) are listed and their crops saved as PNGs.
``--replay build/octofaces/records_*.json --budgets 16 48``: the reader's decision replayed on the
cache under each classifier crop budget (``classifier_max_crops``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.dice.crops import crop_box, crop_face  # noqa: E402
from vision.dice.faces import CLASSES, KIND_FAMILIES  # noqa: E402
from vision.dice.reader import COCKED_COLUMN, NONE_COLUMN, DiceReader, DieReading, kind_mask  # noqa: E402
from vision.dice.scoring import Tally, face_readings, iou  # noqa: E402
from vision.dice.synth import render_scene  # noqa: E402

BENCH_SEEDS = {987_654, 987_655}


def turn_probs(reader: DiceReader, image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """(N, 4, columns) classifier probabilities of each box in each quarter turn."""
    cols = len(CLASSES) + 2
    if len(boxes) == 0:
        return np.zeros((0, 4, cols), np.float32)
    crops = np.stack([crop_face(image, tuple(b)) for b in boxes])
    size = reader._cls_size
    crops = np.stack([cv2.resize(c, (size, size), interpolation=cv2.INTER_LINEAR) for c in crops])
    blob = crops[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0
    batch = np.ascontiguousarray(np.concatenate([np.rot90(blob, k, (2, 3)) for k in range(4)]))
    raw = reader.classifier.run(None, {reader._cls_input: batch})[0].reshape(4, len(boxes), -1)
    out = np.zeros((len(boxes), 4, cols), np.float32)
    for k, c in enumerate(reader._output_to_class):
        out[:, :, c] = raw[:, :, k].T
    return out


def matched_truth(truth: "Truth", boxes: np.ndarray) -> list[int]:
    """Per detection: the index of the truth die it overlaps best at IoU >= 0.5, or -1."""
    out = []
    for b in boxes:
        ious = [iou(t[1], tuple(b)) for t in truth]
        out.append(int(np.argmax(ious)) if ious and max(ious) >= 0.5 else -1)
    return out


Truth = list[tuple[int, tuple[float, ...]]]


def save_wrong(out: Path, seed: int, img: np.ndarray, truth: Truth, dice: list[DieReading], n_boxes: int) -> None:
    """Print each face read wrong (truth, read, confidences, size) and save its crop as a PNG."""
    for d in dice:
        ious = [iou(t[1], d.bbox) for t in truth]
        if d.face_class is None or not ious or max(ious) < 0.5:
            continue
        want = truth[int(np.argmax(ious))][0]
        read = CLASSES.index(d.face_class)
        if read == want:
            continue
        x0, y0, x1, y1 = crop_box(d.bbox, img.shape[1], img.shape[0])
        name = f"{seed}_{CLASSES[want].name}_as_{CLASSES[read].name}"
        cv2.imwrite(str(out / "crops" / f"{name}.png"), cv2.resize(img[y0:y1, x0:x1], (192, 192), interpolation=cv2.INTER_NEAREST))
        print(f"{seed}: {CLASSES[want].name} read {CLASSES[read].name} conf {d.confidence:.3f} cls {d.classifier_prob:.3f} "
              f"det {d.detector_score:.2f} size {d.bbox[2] - d.bbox[0]:.0f}x{d.bbox[3] - d.bbox[1]:.0f} boxes {n_boxes}")


def collect(args: argparse.Namespace) -> None:
    reader = DiceReader(kinds=KIND_FAMILIES["octo"])
    out = Path(args.out)
    (out / "crops").mkdir(parents=True, exist_ok=True)
    records: list[dict[str, Any]] = []
    tally = Tally()
    for seed in range(args.first, args.first + args.scenes):
        assert seed not in BENCH_SEEDS, "the bench's seeds are never traced on"
        img, dice = render_scene(np.random.default_rng(seed), mix="octo", max_dice=6)
        truth: Truth = [(d.class_index, d.bbox) for d in dice]
        boxes, scores = reader.detect(img)
        result = reader.read_boxes(img, boxes, scores, KIND_FAMILIES["octo"])
        tally.add(str(seed), truth, face_readings(result.dice))
        probs = turn_probs(reader, img, boxes)
        for b, s, p, t in zip(boxes, scores, probs, matched_truth(truth, boxes)):
            records.append({"seed": seed, "box": [float(v) for v in b], "score": float(s), "n_boxes": len(boxes),
                            "truth": truth[t][0] if t >= 0 else -1, "probs": p.round(5).tolist()})
        save_wrong(out, seed, img, truth, result.dice, len(boxes))
    (out / f"records_{args.first}_{args.scenes}.json").write_text(json.dumps(records))
    print(f"reader's crop budget {reader.config['classifier_max_crops']}")
    print("\n".join(tally.report(f"tuning seeds {args.first}+{args.scenes}", None, 0.995, max_errors=0)))


def replay(records: list[dict[str, Any]], budget: int, config: dict[str, Any]) -> tuple[int, int, Counter[str]]:
    """The reader's decision (vision/dice/reader.py _read_boxes) on cached per-turn probabilities
    under a crop budget: (found faces with a truth, read right, wrong pairs)."""
    allowed = kind_mask(KIND_FAMILIES["octo"])
    matched = correct = 0
    wrong: Counter[str] = Counter()
    for r in records:
        turns = 4
        while budget and turns > 1 and turns * r["n_boxes"] > budget:
            turns //= 2
        raw = np.array(r["probs"])[:turns].mean(axis=0)
        p = raw * allowed
        if p[NONE_COLUMN] > config["none_class_max_prob"] or raw[COCKED_COLUMN] > raw[: len(CLASSES)].max():
            continue
        best = int(p[: len(CLASSES)].argmax())
        if r["score"] < config["detector_min_score"] and p[best] < config["weak_detection_min_prob"]:
            continue
        if r["truth"] >= 0:
            matched += 1
            correct += best == r["truth"]
            if best != r["truth"]:
                wrong[f"{CLASSES[r['truth']].name} as {CLASSES[best].name}"] += 1
    return matched, correct, wrong


def replay_files(files: list[str], budgets: list[int]) -> None:
    config = DiceReader(kinds=KIND_FAMILIES["octo"]).config
    records = [r for f in files for r in json.loads(Path(f).read_text())]
    for budget in budgets:
        m, c, wrong = replay(records, budget, config)
        print(f"budget {budget:3d}: {c}/{m} = {c / max(m, 1):.2%} read right; wrong: {dict(wrong.most_common())}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--first", type=int, default=555_000)
    ap.add_argument("--scenes", type=int, default=600)
    ap.add_argument("--out", default="build/octofaces")
    ap.add_argument("--replay", nargs="*", default=None, help="cached records_*.json: replay crop budgets instead")
    ap.add_argument("--budgets", type=int, nargs="+", default=[16, 24, 48, 0])
    args = ap.parse_args()
    if args.replay:
        replay_files(args.replay, args.budgets)
    else:
        collect(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
