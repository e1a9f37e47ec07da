"""A quick read of held-out renders with the shipped models and with freshly trained ones
(``python vision/dice/gpu_smoke.py NEW_MODELS_DIR``): a sanity check at the end of
vision/dice/gpu_retrain.sh, not a bench (bench/dice_stress.py and bench/dice_accuracy.py are)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from vision.dice.reader import DiceReader  # noqa: E402
from vision.dice.scoring import Tally, face_readings  # noqa: E402
from vision.dice.synth import COCKED_INDEX, render_scene, render_variety_scene  # noqa: E402

SMOKE_SEED = 77021  # used by nothing else


def smoke(reader: DiceReader, count: int = 25) -> str:
    parts = []
    for name, draw in (("classic", render_scene), ("variety", render_variety_scene)):
        rng = np.random.default_rng([SMOKE_SEED, len(name)])
        tally = Tally()
        cocked = cocked_found = 0
        for i in range(count):
            img, dice = draw(rng)
            truth = [(d.class_index, d.bbox) for d in dice if d.class_index != COCKED_INDEX]
            cocked += len(dice) - len(truth)
            found = reader.read(img).dice
            cocked_found += sum(d.cocked for d in found)
            tally.add(f"{name}{i}", truth, face_readings(found))
        r, p, f = tally.figures()
        parts.append(f"{name}: recall {r:.1%} precision {p:.1%} faces {f:.1%} ({tally.correct}/{tally.labels} found and "
                     f"read right); cocked reported {cocked_found} (truth {cocked})")
    return " | ".join(parts)


def main() -> None:
    import shutil
    import tempfile

    new = Path(sys.argv[1])
    print("shipped:", smoke(DiceReader()), flush=True)
    with tempfile.TemporaryDirectory() as tmp:  # a model that did not come back: the shipped one beside the new
        for name in ("dice_detector.onnx", "dice_classifier.onnx"):
            shutil.copy(new / name if (new / name).is_file() else REPO / "models" / name, Path(tmp) / name)
        which = [n for n in ("dice_detector.onnx", "dice_classifier.onnx") if (new / n).is_file()]
        print(f"new ({', '.join(which)}):", smoke(DiceReader(models_dir=Path(tmp))), flush=True)


if __name__ == "__main__":
    main()
