"""Choose a model set's detector thresholds on TUNING data only (models/dice.md, run 11).

Run: ``.venv/bin/python bench/dice_thresholds.py [--models DIR ...] [--settings HI/LO/SURE ...]``.
Each setting reads with ``detector_min_score`` HI and weak boxes from LO reported only when
their face reads at SURE or more (HI/HI/0: no weak boxes). Per setting: dice read right on
variety pip dice ([556, 11]) and variety Octo Dice ([24682, 2]) renders, on the real ``gap``
fold (photos next to a test block: used by no model), and tables without dice
(``synth.render_table_without_dice``, seeds 0-599) on which a die is reported. The stress
bench and the real ``test`` fold come after the choice (bench/dice_stress.py,
bench/dice_accuracy.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from vision.dice.faces import class_of  # noqa: E402
from vision.dice.reader import DiceReader, DieReading, load_image  # noqa: E402
from vision.dice.scoring import Tally, face_readings  # noqa: E402
from vision.dice.split import photos, read_labels  # noqa: E402
from vision.dice.synth import COCKED_INDEX, render_table_without_dice, render_variety_scene  # noqa: E402

Truth = list[tuple[int, tuple[float, float, float, float]]]


def _variety(seed: list[int], mix: str, n: int, cocked_share: float = 0.08) -> list[tuple[np.ndarray, Truth]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        img, dice = render_variety_scene(rng, mix=mix, cocked_share=cocked_share)
        out.append((img, [(d.class_index, d.bbox) for d in dice if d.class_index != COCKED_INDEX]))
    return out


def _gap_fold(root: Path) -> list[tuple[np.ndarray, Truth]]:
    out = []
    for p in photos(root, "gap"):
        img = load_image(p)
        out.append((img, [(class_of("d6", f), b) for f, b in read_labels(root, p, img.shape[1], img.shape[0])]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, nargs="+", default=[REPO / "models"], help="folders with the two ONNX models")
    ap.add_argument("--settings", nargs="+", default=["0.40/0.40/0", "0.55/0.35/0.95", "0.60/0.40/0.95"],
                    help="HI/LO/SURE: detector threshold, weak floor, sure face")
    ap.add_argument("--photos", type=int, default=100, help="variety renders per family")
    ap.add_argument("--empty", type=int, default=600, help="tables without dice (seeds from 0)")
    ap.add_argument("--real", type=Path, default=REPO.parent / "shared" / "data" / "dice-photos")
    args = ap.parse_args()
    settings = [tuple(float(v) for v in s.split("/")) for s in args.settings]
    floor = min(s[1] for s in settings)
    families = {"pip dice": _variety([556, 11], "d6", args.photos),
                "Octo Dice": _variety([24682, 2], "octo", args.photos)}
    if (args.real / "images").is_dir():
        families["real gap fold"] = _gap_fold(args.real)
    else:
        print(f"no real photos at {args.real}: the gap fold is left out")
    empty = [render_table_without_dice(s) for s in range(args.empty)]
    for folder in args.models:
        reader = DiceReader(folder.resolve())
        reader.config.update({"detector_min_score": floor, "weak_detection_min_score": floor})
        reads = {k: [reader.read(img).dice for img, _ in v] for k, v in families.items()}
        empty_reads = [reader.read(img).dice for img in empty]
        for hi, lo, sure in settings:
            def kept(dice: list[DieReading]) -> list[DieReading]:
                return [d for d in dice if d.detector_score >= hi or (d.detector_score >= lo and d.classifier_prob >= sure)]
            parts = []
            for name, photos_ in families.items():
                tally = Tally()
                for i, ((_, truth), dice) in enumerate(zip(photos_, reads[name])):
                    tally.add(str(i), truth, face_readings(kept(dice)))
                parts.append(f"{name} {tally.correct + tally.correct_inside}/{tally.labels}")
            reported = sum(bool(kept(d)) for d in empty_reads)
            print(f"{folder}  {hi:.2f}/{lo:.2f}/{sure:.2f}  " + "  ".join(parts) + f"  tables without dice reporting a die {reported}/{len(empty)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
