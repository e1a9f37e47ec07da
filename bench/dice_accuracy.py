"""Dice reading accuracy and speed, on data the models never saw.

Run: ``/work/venv/bin/python bench/dice_accuracy.py [--synthetic 300] [--threads 2]``.
Prints, on the held-out ``test`` fold of ../shared/data/dice-photos (vision/dice/split.py):
  detection recall and precision (a detection matches a labelled top face at IoU >= 0.5),
  top-face accuracy (matched dice read correctly), end-to-end accuracy (labelled dice found
  AND read correctly), and the median time per photo (one onnxruntime thread). The real set
  boxes the PIPS of each die (a "1" tight around its pip, except in its first 20 photos; a
  "2" by a thin diagonal box), while the reader reports the die's TOP FACE, as issue #7 asks.
  So a second set of figures also counts a die as found when its labelled box and a detected
  box are nested (>= 70 % of the smaller inside the larger, at most 64x its area: a lone pip in its face), one
  detection per die.
Then the same held-out photos changed to look like other dice and light (inverted: black dice
with white pips; grey; red light; dim; blurred), and pasted 2x2 to 4x4 into one large photo.
Then on synthetic photos drawn with seeds never used in training: Octo Dice dice (white and
black) and d6 dice of other colours / translucent bodies: recall, precision, face accuracy.
Last, Octo Dice tables from the digital twin (another renderer, with its own die art), rectified.
Targets: real recall, precision, face accuracy >= 99%; synthetic Octo Dice face accuracy
>= 99.5%; median <= 60 ms per 640x480 photo.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.dice.faces import KIND_FAMILIES, class_of  # noqa: E402
from vision.dice.reader import ALL_KINDS, DiceReader, load_image  # noqa: E402
from vision.dice.scoring import Tally, face_readings  # noqa: E402
from vision.dice.split import photos, read_labels  # noqa: E402
from vision.dice.twin import twin_tables  # noqa: E402

REAL = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dice-photos"
SYNTH_SEED = 987_654  # training draws from SeedSequence([seed, stage, job]) streams: never these
TWIN_SEED = 4242  # digital-twin tables for the bench; 777 is for choosing between models


def real_truth(photo: Path, width: int = 640, height: int = 480, dx: float = 0, dy: float = 0) -> list[tuple[int, tuple[float, ...]]]:
    """The labelled dice of a real photo as (class, box), the box moved by (dx, dy)."""
    return [(class_of("d6", face), (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy))
            for face, b in read_labels(REAL, photo, width, height)]


def bench_real(reader: DiceReader, fold: str) -> list[float]:
    tally = Tally()
    times: list[float] = []
    files = photos(REAL, fold)  # type: ignore[arg-type]
    for p in files:
        img = load_image(p)
        t0 = time.perf_counter()
        result = reader.read(img)
        times.append((time.perf_counter() - t0) * 1000)
        truth = real_truth(p, img.shape[1], img.shape[0])
        found = face_readings(result.dice)
        tally.add(p.name, truth, found)
    what = "held-out 'test' fold" if fold == "test" else "'train' fold (TRAINED ON: fitting check only)"
    print("\n".join(tally.report(f"real photos, {what} ({len(files)} photos)", 0.99)))
    return times


# The held-out photos changed to look like other dice and tables: a probe of how the reader does
# on dice it has no real photos of (inverted: black dice with white pips on a dark table).
VARIANTS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "inverted (black dice, white pips)": lambda im: 255 - im,
    "grey": lambda im: cv2.cvtColor(cv2.cvtColor(im, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR),
    "red light": lambda im: np.clip(im * np.array([0.35, 0.35, 1.0]), 0, 255).astype(np.uint8),
    "dim (x0.45)": lambda im: np.clip(im * 0.45, 0, 255).astype(np.uint8),
    "blurred (sigma 1.5 px)": lambda im: cv2.GaussianBlur(im, (0, 0), 1.5),
}


def bench_real_variants(reader: DiceReader) -> None:
    print("held-out real photos, changed (recall / precision / face accuracy, nested boxes counted):")
    for name, change in VARIANTS.items():
        tally = Tally()
        for p in photos(REAL, "test"):
            img = change(load_image(p))
            truth = real_truth(p, img.shape[1], img.shape[0])
            tally.add(p.name, truth, face_readings(reader.read(img).dice))
        recall, precision, face = tally.figures(nested_too=True)
        print(f"  {name:34s} {recall:7.2%} {precision:7.2%} {face:7.2%}")


def bench_real_mosaics(reader: DiceReader) -> None:
    """Held-out photos pasted k x k into one large photo: dice k times smaller against the frame,
    as in a phone photo of a whole table (the reader then also reads overlapping tiles)."""
    files = photos(REAL, "test")
    print("held-out real photos pasted k x k into one photo (recall / precision / face accuracy, nested; median time):")
    for k in (2, 3, 4):
        tally, times = Tally(), []
        for start in range(0, len(files) - k * k + 1, k * k):
            canvas = np.zeros((480 * k, 640 * k, 3), np.uint8)
            truth = []
            for i, p in enumerate(files[start : start + k * k]):
                y, x = divmod(i, k)
                canvas[y * 480 : (y + 1) * 480, x * 640 : (x + 1) * 640] = cv2.resize(load_image(p), (640, 480))
                truth += real_truth(p, dx=x * 640, dy=y * 480)
            t0 = time.perf_counter()
            found = reader.read(canvas).dice
            times.append((time.perf_counter() - t0) * 1000)
            tally.add(f"mosaic {k}x{k} #{start}", truth, face_readings(found))
        recall, precision, face = tally.figures(nested_too=True)
        print(f"  {640 * k}x{480 * k}, {tally.labels} dice: {recall:7.2%} {precision:7.2%} {face:7.2%}   {statistics.median(times):.0f} ms")


def bench_twin(reader: DiceReader, n: int) -> None:
    tally = Tally()
    for i, (view, truth) in enumerate(twin_tables(TWIN_SEED, n)):
        # the twin's Octo Dice tables hold a few pip dice too: read every kind, as before the
        # reader kept to the kinds it was made for (its models stay the Octo Dice set)
        tally.add(f"twin#{i}", truth, face_readings(reader.read(view, ALL_KINDS).dice))
    print("\n".join(tally.report(f"digital twin Octo Dice tables, rectified at 3 px/mm ({n} tables, unseen seed)", None, 0.995)))


def bench_synthetic(reader: DiceReader, n: int, mix: str, title: str, face_target: float | None) -> None:
    from vision.dice.synth import render_scene

    rng = np.random.default_rng(SYNTH_SEED + (0 if mix == "octo" else 1))
    tally = Tally()
    for i in range(n):
        img, dice = render_scene(rng, mix=mix, max_dice=6)
        result = reader.read(img)
        tally.add(f"{mix}#{i}", [(d.class_index, d.bbox) for d in dice],
                  face_readings(result.dice))
    print("\n".join(tally.report(title, None, face_target)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--synthetic", type=int, default=300, help="synthetic photos per family")
    ap.add_argument("--models", type=Path, default=None, help="folder with the ONNX models (default models/)")
    ap.add_argument("--twin", type=int, default=40, help="digital-twin Octo Dice tables")
    ap.add_argument("--fold", default="test", choices=["test", "train"], help="'train' only to check fitting")
    args = ap.parse_args()
    reader = DiceReader(args.models)
    # Octo Dice tables are read as the Octo Dice tracker reads them: with the models its kinds choose
    octo_reader = DiceReader(args.models, kinds=KIND_FAMILIES["octo"])
    print(f"models: {', '.join(reader.config[k] for k in reader.model_keys)}; Octo Dice families: "
          f"{', '.join(octo_reader.config[k] for k in octo_reader.model_keys)}; onnxruntime threads {reader.config['threads']}")
    if REAL.is_dir():
        times = bench_real(reader, args.fold)
        med = statistics.median(times)
        ok = "PASS" if med <= 60 else "FAIL (target 60 ms)"
        print(f"speed: median {med:.1f} ms per 640x480 photo, p90 {np.percentile(times, 90):.1f} ms  {ok}")
        if args.fold == "test":
            bench_real_variants(reader)
            bench_real_mosaics(reader)
    else:
        print(f"real photos not present at {REAL}: skipped")
    if args.synthetic:
        bench_synthetic(octo_reader, args.synthetic, "octo", f"synthetic Octo Dice photos ({args.synthetic}, unseen seed)", 0.995)
        bench_synthetic(reader, args.synthetic, "d6", f"synthetic d6 photos, all colours ({args.synthetic}, unseen seed)", None)
    if args.twin:
        bench_twin(octo_reader, args.twin)
    return 0


if __name__ == "__main__":
    sys.exit(main())
