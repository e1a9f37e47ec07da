"""Choose between dice model sets on TUNING seeds only (never the benches' seeds).

Run: ``.venv/bin/python bench/dice_choose.py 60 models build/dice-gpu-out/run-b ...``: for each
folder, recall / precision / face accuracy (nested boxes counted) on classic Octo Dice renders
(seed [555, 11]), classic d6 renders ([557, 11]) and variety pip-dice renders ([556, 11]).
``--octo`` (2026-11-29, a classifier fine-tune for the Octo Dice faces) adds Octo Dice renders of
the stress bench's kind (variety renderer, seed [24682, 2]; the bench's is 24,681), more classic
Octo Dice renders ([558, 11], [559, 11]) and the digital twin's tables (seed 777, the choosing
seed of bench/dice_accuracy.py), and lists which face was read as which (``--confusion N``).
models/dice.md says which seeds chose which model; the bench figures come after the choice.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.dice.faces import Kind  # noqa: E402
from vision.dice.reader import DiceReader  # noqa: E402
from vision.dice.scoring import Tally, face_readings  # noqa: E402
from vision.dice.synth import COCKED_INDEX, SynthDie, render_scene, render_variety_scene  # noqa: E402

OCTO_KINDS: tuple[Kind, ...] = ("octo-white", "octo-black")
Truth = list[tuple[int, tuple[float, ...]]]
Photos = Callable[[int], Iterator[tuple[np.ndarray, Truth]]]


def _drawn(seed: list[int], draw: Callable[[np.random.Generator], tuple[np.ndarray, list[SynthDie]]]) -> Photos:
    def photos(n: int) -> Iterator[tuple[np.ndarray, Truth]]:
        rng = np.random.default_rng(seed)
        for _ in range(n):
            img, dice = draw(rng)
            yield img, [(d.class_index, d.bbox) for d in dice if d.class_index != COCKED_INDEX]
    return photos


def _twin(seed: int) -> Photos:
    def photos(n: int) -> Iterator[tuple[np.ndarray, Truth]]:
        from vision.dice.twin import twin_tables

        yield from twin_tables(seed, max(n // 3, 1))  # a twin table takes ~3 renders' time
    return photos


FAMILIES: tuple[tuple[str, Photos], ...] = (
    ("octo classic", _drawn([555, 11], lambda r: render_scene(r, mix="octo", max_dice=6))),
    ("d6 classic", _drawn([557, 11], lambda r: render_scene(r, mix="d6", max_dice=6))),
    ("d6 variety", _drawn([556, 11], lambda r: render_variety_scene(r, mix="d6"))),
)
OCTO_FAMILIES: tuple[tuple[str, Photos], ...] = (
    ("octo variety", _drawn([24682, 2], lambda r: render_variety_scene(r, mix="octo", cocked_share=0.08))),
    ("octo classic 2", _drawn([558, 11], lambda r: render_scene(r, mix="octo", max_dice=6))),
    ("octo classic 3", _drawn([559, 11], lambda r: render_scene(r, mix="octo", max_dice=6))),
    ("octo twin 777", _twin(777)),
)


def _misread(error: str) -> str:
    """'A read as B' from a Tally error line (nested matches too), '' for any other line."""
    what = error.split(": ", 1)[1]
    if " read as " in what:
        return what
    if what.startswith("nested boxes for "):
        true, read = what[len("nested boxes for "):].split(" ", 1)[0], what.rsplit("read ", 1)[1].rstrip(")")
        return f"{true} read as {read} (nested)" if true != read else ""
    return ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("photos", type=int, help="photos per family (a third as many twin tables)")
    ap.add_argument("models", nargs="+", help="folders with the two ONNX models")
    ap.add_argument("--octo", action="store_true", help="the Octo Dice families too")
    ap.add_argument("--only-octo", action="store_true", help="the Octo Dice families alone (octo classic and --octo's)")
    ap.add_argument("--confusion", type=int, default=0, help="list the N commonest misreads of each model and family")
    ap.add_argument("--octo-tracker", action="store_true",
                    help="read the Octo Dice families as the Octo Dice tracker does: told the table holds Octo "
                         "Dice alone, so a folder's octo_* set loads with its own thresholds (models/dice.md, run 12)")
    args = ap.parse_args()
    sets = {name: DiceReader(Path(name).resolve()) for name in args.models}
    octo_sets = {name: DiceReader(Path(name).resolve(), kinds=OCTO_KINDS) for name in args.models} if args.octo_tracker else sets
    families = FAMILIES + (OCTO_FAMILIES if args.octo or args.only_octo else ())
    if args.only_octo:
        families = tuple(f for f in families if f[0].startswith("octo"))
    for family, photos in families:
        tallies = {k: Tally() for k in sets}
        octo = family.startswith("octo") and args.octo_tracker
        readers, kinds = (octo_sets, OCTO_KINDS) if octo else (sets, None)
        for i, (img, truth) in enumerate(photos(args.photos)):
            for k, reader in readers.items():
                tallies[k].add(str(i), truth, face_readings(reader.read(img, kinds=kinds).dice))
        for k, t in tallies.items():
            rec, prec, face = t.figures(nested_too=True)
            print(f"{family:15s} {k:28s} recall {rec:.1%} precision {prec:.1%} faces {face:.1%} "
                  f"({t.correct + t.correct_inside}/{t.labels})", flush=True)
            misreads = Counter(_misread(e) for e in t.errors)
            del misreads[""]
            for what, count in misreads.most_common(args.confusion):
                print(f"    {count:3d}  {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
