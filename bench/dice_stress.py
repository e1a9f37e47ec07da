"""Dice reading on a stress set the models never saw: other dice, small dice, other light.

Run: ``.venv/bin/python bench/dice_stress.py [--renders 200] [--models models build/dice-gpu-out]``
(several ``--models`` folders are read side by side on the same photos). Speed:
``taskset -c 0 .venv/bin/python bench/dice_stress.py --renders 0 --real 0 --speed 100``.

1. Renders of the dice people own (vision/dice/synth.py ``render_variety_scene``: translucent,
   marbled, metallic, glitter, wood, engraved, numeral, pearl and opaque d6 of any colours, Octo
   Dice dice; 18-110 px, touching clusters, trays, felt/paper, lamps, flash, phone processing,
   cocked dice), drawn from ``STRESS_SEED`` streams that no training run uses (training draws
   from [seed, stage, job] lists with seeds < 100). A table of pip dice only and a table of Octo
   Dice only. Per size bin of the top face (<25, 25-35, 35-45, >45 px) and per material:
   found % (a detection on the die: IoU >= 0.5 or nested boxes) and read-right % (found AND read
   as its top face), over the labelled dice. Also: dice of the pip table answered as Octo Dice
   faces (issue 21: 13 % on a real tray), the same table read with the game's kinds (``d6``),
   and cocked dice (reported cocked / read as a face anyway / not found).
2. The held-out ``test`` fold of ../shared/data/dice-photos (never trained on), changed:
   recoloured, warm lamp, phone processing, rotated, and scaled down (several photos tiled into
   one 640x480 frame, so the dice's faces are about 40, 30 and 22 px instead of 67). The set
   boxes pips, not faces: found = nested boxes or IoU >= 0.5 (vision/dice/scoring.py).
3. ``--speed N``: median and p90 ms per 640x480 render (one onnxruntime thread).
Targets (issue 21): every die found and read right >= 99 %; <= 40 ms per 640x480 photo.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.dice.faces import CLASSES, KIND_FAMILIES, class_of  # noqa: E402
from vision.dice.reader import DiceReader, DieReading, load_image  # noqa: E402
from vision.dice.scoring import face_readings, iou, nested  # noqa: E402
from vision.dice.split import photos, read_labels  # noqa: E402
from vision.dice.synth import COCKED_INDEX, render_variety_scene  # noqa: E402

REAL = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dice-photos"
STRESS_SEED = 24_681
SIZE_BINS: tuple[tuple[float, float, str], ...] = ((0, 25, "<25 px"), (25, 35, "25-35 px"), (35, 45, "35-45 px"), (45, 1e9, ">45 px"))
Truth = list[tuple[int, tuple[float, ...]]]


def match(truth: Truth, found: Truth) -> list[tuple[bool, bool]]:
    """Per labelled die: (found, read right). One detection per die: best IoU pairs first
    (>= 0.5), then nested boxes (the real set boxes pips)."""
    out = [(False, False)] * len(truth)
    used: set[int] = set()
    pairs = sorted(((iou(t[1], f[1]), i, j) for i, t in enumerate(truth) for j, f in enumerate(found)), reverse=True)
    for v, i, j in pairs:
        if v >= 0.5 and not out[i][0] and j not in used:
            used.add(j)
            out[i] = (True, truth[i][0] == found[j][0])
    for i, t in enumerate(truth):
        if out[i][0]:
            continue
        for j, f in enumerate(found):
            if j not in used and nested(t[1], f[1]):
                used.add(j)
                out[i] = (True, t[0] == f[0])
                break
    return out


class Counts:
    """Labelled / found / read-right counts per row, for each model."""

    def __init__(self) -> None:
        self.rows: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))

    def add(self, row: str, model: str, found: bool, right: bool) -> None:
        c = self.rows[row][model]
        c[0] += 1
        c[1] += found
        c[2] += right

    def print(self, title: str, models: list[str], order: list[str] | None = None) -> None:
        print(f"\n{title}")
        head = "".join(f" | {m[:26]:>26s}" for m in models)
        print(f"  {'':34s}{head}")
        print(f"  {'':34s}" + " | {:>12s} {:>13s}".format("found", "read right") * len(models))
        for row in order or sorted(self.rows):
            if row not in self.rows:
                continue
            cells = ""
            for m in models:
                n, f, r = self.rows[row][m]
                cells += f" | {f / max(n, 1):7.1%} {'':4s} {r / max(n, 1):7.1%} ({n:4d})"
            print(f"  {row:34s}{cells}")


def size_bin(box: tuple[float, ...]) -> str:
    side = max(box[2] - box[0], box[3] - box[1])
    return next(name for lo, hi, name in SIZE_BINS if lo <= side < hi)


def bench_renders(readers: dict[str, DiceReader], n: int, mix: str) -> None:
    rng = np.random.default_rng([STRESS_SEED, 1 if mix == "d6" else 2])
    counts = Counts()
    other_kind: dict[str, int] = defaultdict(int)
    game = Counts()
    cocked: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # dice, reported cocked, read as a face, missed
    false_det: dict[str, int] = defaultdict(int)
    detections: dict[str, int] = defaultdict(int)
    for _ in range(n):
        img, dice = render_variety_scene(rng, mix=mix, cocked_share=0.08)
        truth: Truth = [(d.class_index, d.bbox) for d in dice if d.class_index != COCKED_INDEX]
        materials = [d.material or CLASSES[d.class_index].kind for d in dice if d.class_index != COCKED_INDEX]
        cocked_boxes = [d.bbox for d in dice if d.class_index == COCKED_INDEX]
        for name, reader in readers.items():
            result = reader.read(img)
            found = face_readings(result.dice)
            detections[name] += len(result.dice)
            matched = match(truth, found)
            for (cls, box), mat, (f, r) in zip(truth, materials, matched):
                counts.add(f"size {size_bin(box)}", name, f, r)
                counts.add(f"material {mat}", name, f, r)
                counts.add("all", name, f, r)
            for box in cocked_boxes:
                near = [d for d in result.dice if iou(box, d.bbox) >= 0.3 or nested(box, d.bbox)]
                c = cocked[name]
                c[0] += 1
                if any(d.cocked for d in near):
                    c[1] += 1
                elif near:
                    c[2] += 1
                else:
                    c[3] += 1
            used = sum(f for f, _ in matched)
            on_cocked = sum(any(iou(b, d.bbox) >= 0.3 or nested(b, d.bbox) for b in cocked_boxes) for d in result.dice)
            false_det[name] += max(len(result.dice) - used - on_cocked, 0)
            if mix == "d6":
                other_kind[name] += sum(d.kind in ("octo-white", "octo-black") for d in result.dice)
                for (cls, box), (f, r) in zip(truth, match(truth, face_readings(reader.read(img, ("d6",)).dice))):
                    game.add("read with --kinds d6", name, f, r)
    models = list(readers)
    what = "pip dice (d6) only" if mix == "d6" else "Octo Dice dice only"
    order = [f"size {b[2]}" for b in SIZE_BINS] + sorted(r for r in counts.rows if r.startswith("material")) + ["all"]
    counts.print(f"renders of other dice, {what}: {n} photos, seed {STRESS_SEED} (never trained on)", models, order)
    if mix == "d6":
        game.print("the same pip-dice table read with the game's kinds (--kinds d6)", models)
    for name in models:
        c = cocked[name]
        line = f"  {name}: {detections[name]} detections, {false_det[name]} on no die"
        if mix == "d6":
            line += f"; {other_kind[name]} answered as Octo Dice faces (--kinds all)"
        line += f"; cocked dice {c[0]}: reported cocked {c[1]}, read as a face {c[2]}, not found {c[3]}"
        print(line)


def _tile(files: list[Path], scale: float) -> tuple[np.ndarray, Truth]:
    """Test-fold photos shrunk by ``scale`` and tiled into one 640x480 frame, with their labels."""
    canvas = np.zeros((480, 640, 3), np.uint8)
    truth: Truth = []
    w, h = int(640 * scale), int(480 * scale)
    k = 0
    for y0 in range(0, 480, h):
        for x0 in range(0, 640, w):
            p = files[k % len(files)]
            k += 1
            small = cv2.resize(load_image(p), (w, h), interpolation=cv2.INTER_AREA)
            cw, ch = min(w, 640 - x0), min(h, 480 - y0)
            canvas[y0:y0 + ch, x0:x0 + cw] = small[:ch, :cw]
            for face, b in read_labels(REAL, p, 640, 480):
                box = (x0 + b[0] * scale, y0 + b[1] * scale, x0 + b[2] * scale, y0 + b[3] * scale)
                if box[2] <= x0 + cw and box[3] <= y0 + ch:
                    truth.append((class_of("d6", face), box))
    return canvas, truth


def _rotate(img: np.ndarray, truth: Truth, degrees: float) -> tuple[np.ndarray, Truth]:
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    fill = tuple(float(v) for v in np.median(img.reshape(-1, 3), axis=0))
    out = cv2.warpAffine(img, m, (w, h), borderMode=cv2.BORDER_CONSTANT, borderValue=fill)
    moved: Truth = []
    for cls, b in truth:
        pts = np.array([[b[0], b[1], 1], [b[2], b[1], 1], [b[2], b[3], 1], [b[0], b[3], 1]]) @ m.T
        x0, y0 = pts.min(axis=0)
        x1, y1 = pts.max(axis=0)
        if x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h:
            moved.append((cls, (x0, y0, x1, y1)))
    return out, moved


def _warm(im: np.ndarray) -> np.ndarray:
    h, w = im.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    fall = np.clip(1.25 - 0.6 * np.hypot(xx - w * 0.1, yy + h * 0.2) / max(w, h), 0.4, 1.2)
    return np.clip(im * np.array([0.5, 0.78, 1.0]) * fall[..., None], 0, 255).astype(np.uint8)


def _phone(im: np.ndarray) -> np.ndarray:
    sharp = cv2.addWeighted(im, 2.2, cv2.GaussianBlur(im, (0, 0), 1.5), -1.2, 0)
    ok, buf = cv2.imencode(".jpg", sharp, [cv2.IMWRITE_JPEG_QUALITY, 45])
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return sharp if decoded is None else decoded


def _recolour(im: np.ndarray) -> np.ndarray:
    """Dark coloured dice with light pips: the photo inverted and its hues turned."""
    hsv = cv2.cvtColor(255 - im, cv2.COLOR_BGR2HSV)
    hsv[..., 0] = (hsv[..., 0].astype(int) + 60) % 180
    hsv[..., 1] = np.clip(hsv[..., 1].astype(int) * 2 + 60, 0, 255)
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)


CHANGES: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "as photographed": lambda im: im,
    "recoloured (dark coloured dice)": _recolour,
    "colours swapped (BGR -> RGB)": lambda im: np.ascontiguousarray(im[..., ::-1]),
    "warm lamp, falling off": _warm,
    "phone: sharpened, JPEG 45": _phone,
}


def bench_real(readers: dict[str, DiceReader], limit: int) -> None:
    files = photos(REAL, "test")[:limit] if limit else photos(REAL, "test")
    counts = Counts()
    order: list[str] = []
    for name, change in CHANGES.items():
        order.append(name)
        for p in files:
            img = load_image(p)
            truth: Truth = [(class_of("d6", f), b) for f, b in read_labels(REAL, p, img.shape[1], img.shape[0])]
            img = change(img)
            for model, reader in readers.items():
                for f, r in match(truth, face_readings(reader.read(img).dice)):
                    counts.add(name, model, f, r)
    for degrees in (30, 45):
        row = f"rotated {degrees} degrees"
        order.append(row)
        for p in files:
            img = load_image(p)
            img, truth = _rotate(img, [(class_of("d6", f), b) for f, b in read_labels(REAL, p, img.shape[1], img.shape[0])], degrees)
            for model, reader in readers.items():
                for f, r in match(truth, face_readings(reader.read(img).dice)):
                    counts.add(row, model, f, r)
    for scale in (0.6, 0.45, 0.33):
        row = f"shrunk x{scale:.2f} (faces ~{67 * scale:.0f} px)"
        order.append(row)
        per = int(np.ceil(1 / scale)) ** 2
        for start in range(0, len(files), per):
            img, truth = _tile(files[start:start + per], scale)
            for model, reader in readers.items():
                for f, r in match(truth, face_readings(reader.read(img).dice)):
                    counts.add(row, model, f, r)
    counts.print(f"held-out real photos ('test' fold, {len(files)} photos, white d6), changed; pip labels: nested boxes count",
                 list(readers), order)


def bench_speed(reader: DiceReader, n: int) -> None:
    rng = np.random.default_rng([STRESS_SEED, 3])
    scenes = [render_variety_scene(rng)[0] for _ in range(n)]
    reader.read(scenes[0])  # warm-up
    total, cpu, det, cls, dice = [], [], [], [], []
    for img in scenes:
        c0, t0 = time.process_time(), time.perf_counter()
        res = reader.read(img)
        total.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        det.append(res.timings_ms["detect"])
        cls.append(res.timings_ms["classify"])
        dice.append(len(res.dice))
    print(f"\nspeed, {n} renders 640x480 (median {statistics.median(dice):.0f} dice, max {max(dice)}), one onnxruntime thread: "
          f"median {statistics.median(total):.1f} ms (detect {statistics.median(det):.1f}, classify {statistics.median(cls):.1f}), "
          f"p90 {np.percentile(total, 90):.1f} ms  {'PASS' if statistics.median(total) <= 40 else 'FAIL (target 40 ms)'}")
    # on a shared machine the wall clock counts other people's work too; the process's own CPU
    # time is what one free core would take (onnxruntime runs one thread here)
    print(f"  CPU time of the reading process: median {statistics.median(cpu):.1f} ms, p90 {np.percentile(cpu, 90):.1f} ms  "
          f"{'PASS' if statistics.median(cpu) <= 40 else 'FAIL (target 40 ms)'}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, nargs="+", default=[Path("models")], help="folders with the two ONNX models")
    ap.add_argument("--renders", type=int, default=200, help="rendered photos per table (pip dice, Octo Dice)")
    ap.add_argument("--real", type=int, default=-1, help="test-fold photos to change (-1: all 70, 0: none)")
    ap.add_argument("--speed", type=int, default=0, help="renders to time (run under taskset -c 0)")
    args = ap.parse_args()
    readers = {str(m): DiceReader(m.resolve()) for m in args.models}
    for name, r in readers.items():
        print(f"models {name}: classifier {'with' if r.knows_cocked else 'without'} the 'cocked' class")
    if args.renders:
        bench_renders(readers, args.renders, "d6")
        # the Octo Dice table as the Octo Dice tracker reads it: with the models its kinds choose
        octo = {name: DiceReader(m.resolve(), kinds=KIND_FAMILIES["octo"]) for name, m in zip(readers, args.models)}
        bench_renders(octo, args.renders, "octo")
    if args.real and REAL.is_dir():
        bench_real(readers, max(args.real, 0))
    elif args.real:
        print(f"real photos not present at {REAL}: skipped")
    if args.speed:
        for name, r in readers.items():
            print(f"models {name}:", end="")
            bench_speed(r, args.speed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
