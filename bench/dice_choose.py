"""Choose between dice model sets on TUNING seeds only (never the benches' seeds).

Run: ``.venv/bin/python bench/dice_choose.py 60 models build/dice-gpu-out/run-b ...``: for each
folder, recall / precision / face accuracy (nested boxes counted) on classic Octo Dice renders
(seed [555, 11]), classic d6 renders ([557, 11]) and variety pip-dice renders ([556, 11]).
models/dice.md says which seeds chose which model; the bench figures come after the choice.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.dice.reader import DiceReader  # noqa: E402
from vision.dice.scoring import Tally, face_readings  # noqa: E402
from vision.dice.synth import COCKED_INDEX, render_scene, render_variety_scene  # noqa: E402

FAMILIES = (
    ("octo classic", [555, 11], lambda r: render_scene(r, mix="octo", max_dice=6)),
    ("d6 classic", [557, 11], lambda r: render_scene(r, mix="d6", max_dice=6)),
    ("d6 variety", [556, 11], lambda r: render_variety_scene(r, mix="d6")),
)


def main() -> int:
    if len(sys.argv) < 3:
        print("usage: dice_choose.py PHOTOS MODELS_DIR...", file=sys.stderr)
        return 2
    n = int(sys.argv[1])
    sets = {name: DiceReader(Path(name).resolve()) for name in sys.argv[2:]}
    for family, seed, draw in FAMILIES:
        rng = np.random.default_rng(seed)
        tallies = {k: Tally() for k in sets}
        for i in range(n):
            img, dice = draw(rng)
            truth = [(d.class_index, d.bbox) for d in dice if d.class_index != COCKED_INDEX]
            for k, reader in sets.items():
                tallies[k].add(str(i), truth, face_readings(reader.read(img).dice))
        for k, t in tallies.items():
            rec, prec, face = t.figures(nested_too=True)
            print(f"{family:13s} {k:28s} recall {rec:.1%} precision {prec:.1%} faces {face:.1%} "
                  f"({t.correct + t.correct_inside}/{t.labels})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
