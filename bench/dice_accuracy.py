"""Dice reading accuracy and speed, on data the models never saw.

Run: ``/work/venv/bin/python bench/dice_accuracy.py [--synthetic 300] [--threads 2]``.
Prints, on the held-out ``test`` fold of ../shared/data/dice-photos (vision/dice/split.py):
  detection recall and precision (a detection matches a labelled top face at IoU >= 0.5),
  top-face accuracy (matched dice read correctly), end-to-end accuracy (labelled dice found
  AND read correctly), and the median time per photo (2 threads). A second pair of figures
  also counts a die as found when the boxes share their centres (each box's centre inside the
  other) but not IoU 0.5: the real set's labels are not drawn alike (the same "1" face is
  boxed tight around the pip in some photos and around the whole face in others).
Then on synthetic photos drawn with seeds never used in training: Octo Dice dice (white and
black) and d6 dice of other colours / translucent bodies: recall, precision, face accuracy.
Targets: real recall, precision, face accuracy >= 99%; synthetic Octo Dice face accuracy
>= 99.5%; median <= 60 ms per 640x480 photo.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.dice.faces import CLASSES, class_of  # noqa: E402
from vision.dice.reader import DiceReader, load_image  # noqa: E402
from vision.dice.split import photos, read_labels  # noqa: E402

REAL = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dice-photos"
SYNTH_SEED = 987_654  # training draws from SeedSequence([seed, stage, job]) streams: never these


def iou(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def _centre_inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether the centre of box ``a`` lies inside box ``b``."""
    cx, cy = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
    return b[0] <= cx <= b[2] and b[1] <= cy <= b[3]


class Tally:
    """Counts for one data set: labelled dice, detections, matches, correct readings."""

    def __init__(self) -> None:
        self.labels = self.detections = self.matched = self.correct = 0
        self.matched_centre = self.correct_centre = 0  # extra matches with loose boxes
        self.errors: list[str] = []

    def add(self, name: str, truth: list[tuple[int, tuple[float, ...]]], found: list[tuple[int, tuple[float, ...]]]) -> None:
        """Greedy one-to-one matching by IoU (>= 0.5), best pairs first."""
        self.labels += len(truth)
        self.detections += len(found)
        pairs = sorted(
            ((iou(t[1], f[1]), i, j) for i, t in enumerate(truth) for j, f in enumerate(found)), reverse=True
        )
        used_t: set[int] = set()
        used_f: set[int] = set()
        for v, i, j in pairs:
            if v < 0.5 or i in used_t or j in used_f:
                continue
            used_t.add(i)
            used_f.add(j)
            self.matched += 1
            if truth[i][0] == found[j][0]:
                self.correct += 1
            else:
                self.errors.append(f"{name}: {CLASSES[truth[i][0]].name} read as {CLASSES[found[j][0]].name}")
        for i in sorted(set(range(len(truth))) - used_t):
            for j in sorted(set(range(len(found))) - used_f):
                if _centre_inside(truth[i][1], found[j][1]) and _centre_inside(found[j][1], truth[i][1]):
                    used_t.add(i)
                    used_f.add(j)
                    self.matched_centre += 1
                    self.correct_centre += truth[i][0] == found[j][0]
                    self.errors.append(f"{name}: loose box for {CLASSES[truth[i][0]].name} at {[round(v) for v in truth[i][1]]}"
                                       f" (found {[round(v) for v in found[j][1]]}, read {CLASSES[found[j][0]].name})")
                    break
        for i in set(range(len(truth))) - used_t:
            self.errors.append(f"{name}: missed {CLASSES[truth[i][0]].name} at {[round(v) for v in truth[i][1]]}")
        for j in set(range(len(found))) - used_f:
            self.errors.append(f"{name}: false detection {CLASSES[found[j][0]].name} at {[round(v) for v in found[j][1]]}")

    def report(self, title: str, target: float | None, face_target: float | None = None) -> None:
        recall = self.matched / max(self.labels, 1)
        precision = self.matched / max(self.detections, 1)
        face = self.correct / max(self.matched, 1)
        e2e = self.correct / max(self.labels, 1)

        def mark(value: float, goal: float | None) -> str:
            return "" if goal is None else ("  PASS" if value >= goal else f"  FAIL (target {goal:.1%})")

        print(f"{title}: {self.labels} labelled dice, {self.detections} detections")
        print(f"  detection recall    {recall:7.2%} ({self.matched}/{self.labels}){mark(recall, target)}")
        print(f"  detection precision {precision:7.2%} ({self.matched}/{self.detections}){mark(precision, target)}")
        print(f"  top-face accuracy   {face:7.2%} ({self.correct}/{self.matched}){mark(face, face_target or target)}")
        print(f"  end-to-end          {e2e:7.2%} (labelled dice found and read correctly)")
        if self.matched_centre:
            m = self.matched + self.matched_centre
            c = self.correct + self.correct_centre
            print(f"  counting {self.matched_centre} loose boxes (centres inside each other, IoU < 0.5) as found:")
            print(f"    recall {m / max(self.labels, 1):7.2%} ({m}/{self.labels}), precision {m / max(self.detections, 1):7.2%}"
                  f" ({m}/{self.detections}), top-face accuracy {c / max(m, 1):7.2%} ({c}/{m})")
        for line in self.errors[:15]:
            print(f"    {line}")
        if len(self.errors) > 15:
            print(f"    ... {len(self.errors) - 15} more")


def bench_real(reader: DiceReader, fold: str) -> list[float]:
    tally = Tally()
    times: list[float] = []
    files = photos(REAL, fold)  # type: ignore[arg-type]
    for p in files:
        img = load_image(p)
        t0 = time.perf_counter()
        result = reader.read(img)
        times.append((time.perf_counter() - t0) * 1000)
        truth = [(class_of("d6", face), box) for face, box in read_labels(REAL, p, img.shape[1], img.shape[0])]
        found = [(CLASSES.index(d.face_class), d.bbox) for d in result.dice]
        tally.add(p.name, truth, found)
    what = "held-out 'test' fold" if fold == "test" else "'train' fold (TRAINED ON: fitting check only)"
    tally.report(f"real photos, {what} ({len(files)} photos)", 0.99)
    return times


def bench_synthetic(reader: DiceReader, n: int, mix: str, title: str, face_target: float | None) -> None:
    from vision.dice.synth import render_scene

    rng = np.random.default_rng(SYNTH_SEED + (0 if mix == "octo" else 1))
    tally = Tally()
    for i in range(n):
        img, dice = render_scene(rng, mix=mix, max_dice=6)
        result = reader.read(img)
        tally.add(f"{mix}#{i}", [(d.class_index, d.bbox) for d in dice],
                  [(CLASSES.index(d.face_class), d.bbox) for d in result.dice])
    tally.report(title, None, face_target)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--synthetic", type=int, default=300, help="synthetic photos per family")
    ap.add_argument("--models", type=Path, default=None, help="folder with the ONNX models (default models/)")
    ap.add_argument("--fold", default="test", choices=["test", "train"], help="'train' only to check fitting")
    args = ap.parse_args()
    reader = DiceReader(args.models)
    print(f"models: {reader.config['detector_model']}, {reader.config['classifier_model']}; "
          f"onnxruntime threads {reader.config['threads']}")
    if REAL.is_dir():
        times = bench_real(reader, args.fold)
        med = statistics.median(times)
        ok = "PASS" if med <= 60 else "FAIL (target 60 ms)"
        print(f"speed: median {med:.1f} ms per 640x480 photo, p90 {np.percentile(times, 90):.1f} ms  {ok}")
    else:
        print(f"real photos not present at {REAL}: skipped")
    if args.synthetic:
        bench_synthetic(reader, args.synthetic, "octo", f"synthetic Octo Dice photos ({args.synthetic}, unseen seed)", 0.995)
        bench_synthetic(reader, args.synthetic, "d6", f"synthetic d6 photos, all colours ({args.synthetic}, unseen seed)", None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
