"""Octo Dice still scenes of whole pixel games, saved once and read again offline: where the
reader misreads dice, and what a change to the pixel path does to those very scenes, without
rendering the games again (a whole game takes ~10 min to film; reading its ~100 still scenes
again takes well under a minute).

``dump`` plays games as bench/demo_accuracy.py does (``--pixels``, 1920x1080 by default) and
saves every still scene the first time the demo scores it (the frame as PNG, the renderer's
truth and the camera, pickled): the very scenes behind ``rolls_read_right`` and
``dice_read_right``. ``read`` reads the saved scenes with the pixel recogniser of this checkout
and lists every die it gets wrong (kind, true face, read face, confidence, tilt, light, place on
the mat), with the figures of demo_accuracy's scoring; ``--crops DIR`` saves the misread dice's
windows.

    nice python bench/octo_dice_stills.py dump --seed 96800 --games 6 --only-seed 96804 --out /tmp/stills
    nice python bench/octo_dice_stills.py read /tmp/stills [--crops /tmp/crops]

The saved scenes are the first read of each still scene as the game went with the reader of
the checkout that dumped them (a different reader can make the game take another course; the
offline read keeps the scenes fixed, which is what makes two readers comparable).
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def dump(args: argparse.Namespace) -> int:
    import cv2

    import demo_accuracy
    from tracker.octo_dice.scoring import ScoredRecogniser

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    specs = demo_accuracy.octo_dice_specs(args.games, args.seed)
    if args.only_seed is not None:
        specs = [s for s in specs if s["seed"] in args.only_seed]
    original = ScoredRecogniser._score
    current: dict[str, Any] = {}

    def scored(self: ScoredRecogniser, observed: Any, gt: dict[str, Any]) -> None:
        scene = int(gt.get("scene_meta", {}).get("scene_index", -1))
        if scene not in self._scenes and current.get("image") is not None:
            spec = current["spec"]
            stem = out / f"{spec['seed']}_{scene:04d}"
            cv2.imwrite(str(stem.with_suffix(".png")), current["image"], [cv2.IMWRITE_PNG_COMPRESSION, 1])
            camera = getattr(self.inner, "_camera", None)
            with open(stem.with_suffix(".pkl"), "wb") as f:
                pickle.dump({"gt": gt, "camera": camera, "spec": spec, "scene": scene}, f)
        original(self, observed, gt)

    def recognise(self: ScoredRecogniser, frame: Any) -> Any:
        current["image"] = frame.image if hasattr(frame, "image") else frame
        return recognise_before(self, frame)

    recognise_before = ScoredRecogniser.recognise
    ScoredRecogniser._score = scored  # type: ignore[method-assign]
    ScoredRecogniser.recognise = recognise  # type: ignore[method-assign]
    run_args = argparse.Namespace(game="octo_dice", max_moves=args.max_moves, no_cocked=False, pixels=True,
                                  illegal=3, resolution=tuple(args.resolution), realistic=False, say_dir=None,
                                  fps=args.fps)
    for spec in specs:
        current["spec"] = spec
        started = time.perf_counter()
        result = demo_accuracy.play_frames(spec, run_args)
        print(f"{spec['seed']} tilt {spec['tilt']} {spec['lighting']}: rolls {result.get('rolls_read_right')}/"
              f"{result.get('rolls_total')} dice {result.get('dice_read_right')}/{result.get('dice_total')} "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
    return 0


def read(args: argparse.Namespace) -> int:
    import cv2

    from tracker.octo_dice.groundtruth import observation_from_truth
    from tracker.octo_dice.recogniser import PX_PER_MM, DicePixelRecogniser
    from tracker.octo_dice.scoring import _nearest

    files = sorted(Path(args.dir).glob("*.pkl"))
    if args.only_seed:
        files = [f for f in files if int(f.stem.split("_")[0]) in args.only_seed]
    if args.min_tilt:
        files = [f for f in files if _load(f)["spec"]["tilt"] >= args.min_tilt]
    crops = Path(args.crops) if args.crops else None
    if crops is not None:
        crops.mkdir(parents=True, exist_ok=True)
    recognisers: dict[int, DicePixelRecogniser] = {}
    rolls = rolls_right = dice = dice_right = cocked = cocked_found = 0
    misses: list[str] = []
    started = time.perf_counter()
    for f in files:
        saved = _load(f)
        spec, gt = saved["spec"], saved["gt"]
        recogniser = recognisers.setdefault(spec["seed"], DicePixelRecogniser(camera=saved["camera"]))
        image = cv2.imread(str(f.with_suffix(".png")))
        if image is None:
            print(f"{f.with_suffix('.png')}: not readable, skipped")
            continue
        observed = recogniser.read(image)
        if observed.occluded:
            continue
        truth = observation_from_truth(gt)
        flat = [d for d in truth.dice if not d.cocked]
        right = 0
        for d in flat:
            got = _nearest(observed.dice, d)
            if got is not None and not got.cocked and (got.kind, got.face, got.area) == (d.kind, d.face, d.area):
                right += 1
                continue
            read_as = ("missed" if got is None else "cocked" if got.cocked else f"{got.kind} {got.face} "
                       f"{got.area} conf {got.confidence:.2f}")
            misses.append(f"{f.stem} tilt {spec['tilt']} {spec['lighting']}: {d.kind} {d.face} {d.area} "
                          f"at ({d.x:.0f}, {d.y:.0f}) read {read_as}")
            if crops is not None:
                half = 32.0
                view = recogniser._view(image, (d.x - half, d.y - half, d.x + half, d.y + half), PX_PER_MM)
                cv2.imwrite(str(crops / f"{f.stem}_{d.kind}_{d.face}_{int(d.x)}_{int(d.y)}.png"), view)
        for d in truth.dice:
            if d.cocked:
                cocked += 1
                got = _nearest(observed.dice, d)
                cocked_found += got is not None and got.cocked
                if got is None or not got.cocked:
                    misses.append(f"{f.stem} tilt {spec['tilt']} {spec['lighting']}: cocked {d.kind} die {d.area} at "
                                  f"({d.x:.0f}, {d.y:.0f}) read " + ("missed" if got is None else f"{got.kind} {got.face}"))
        extra = len(observed.dice) - len(truth.dice)
        if extra > 0:
            misses.append(f"{f.stem} tilt {spec['tilt']} {spec['lighting']}: {extra} reading(s) too many: "
                          + ", ".join(f"{o.kind} {o.face} at ({o.x:.0f}, {o.y:.0f}) conf {o.confidence:.2f}"
                                      for o in observed.dice
                                      if all(math.hypot(o.x - t.x, o.y - t.y) > 8.0 for t in truth.dice)))
        dice += len(flat)
        dice_right += right
        if gt.get("scene_meta", {}).get("roll_scene"):
            rolls += 1
            rolls_right += right == len(flat) and extra == 0
    for line in misses:
        print(line)
    print(f"{len(files)} scenes ({time.perf_counter() - started:.0f} s): rolls {rolls_right}/{rolls}, dice "
          f"{dice_right}/{dice} = {100 * dice_right / max(dice, 1):.2f} %, cocked found {cocked_found}/{cocked}")
    return 0


def _load(path: Path) -> dict[str, Any]:
    with open(path, "rb") as f:
        data: dict[str, Any] = pickle.load(f)
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="play pixel games and save their still scenes")
    d.add_argument("--seed", type=int, required=True)
    d.add_argument("--games", type=int, default=6)
    d.add_argument("--only-seed", type=int, nargs="+")
    d.add_argument("--max-moves", type=int, default=0, help="turns per game (0: whole games)")
    d.add_argument("--resolution", type=int, nargs=2, default=(1920, 1080))
    d.add_argument("--fps", type=float, default=10.0,
                   help="the twin's film rate, as bench/demo_accuracy.py --fps (30: a webcam's)")
    d.add_argument("--out", required=True)
    r = sub.add_parser("read", help="read saved scenes with this checkout's pixel recogniser")
    r.add_argument("dir")
    r.add_argument("--only-seed", type=int, nargs="+")
    r.add_argument("--min-tilt", type=float, default=0.0)
    r.add_argument("--crops", help="save a 64 mm window of each misread die here")
    args = parser.parse_args(argv)
    return dump(args) if args.command == "dump" else read(args)


if __name__ == "__main__":
    raise SystemExit(main())
