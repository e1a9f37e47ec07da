"""Octocube stack and cube tops read with a taught pack, on TRAINING printings (random art seeds
below 100000): the development loop of docs/teach.md ("faces of one printing told apart"). Per
printing it renders two teach-sheet photos (as bench/teach.py does; a photo the sheet finder
refuses is skipped for the next seed), teaches from 1 and from 2 of them, renders tables drawn
with that printing (``synth_frame`` seeds 530000 + 100 x printing + 0..: not the bench's 520000
range) and reads them with both packs. Renders and packs are cached under ``--cache`` (a rerun
only reads), so a change to the reader is measured in a minute or two. The benches' figures are
bench/teach.py's, on printings 900000 and up.

    nice python bench/octocube_taught_tops.py --printings 1-11 --frames 5
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

DEV_FRAME_SEED = 530_000


def _photos(art: Any, art_seed: int, renderer: Any) -> list[tuple[str, Any]]:
    import cv2

    from calibration.teach_sheet import locate_sheet
    from vision.render.teach_photos import render_teach_photo

    photos: list[tuple[str, Any]] = []
    i = 0
    while len(photos) < 2 and i < 6:
        raw = render_teach_photo("octocube", art, 7_000_000 + 10 * art_seed + i, renderer)[0]
        img = cv2.imdecode(cv2.imencode(".jpg", raw, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)
        assert img is not None
        i += 1
        try:
            locate_sheet(img, "octocube")
        except ValueError:
            continue
        photos.append((f"teach{i - 1}.jpg", img))
    return photos


def _doubted(obs: Any, frame: Any, below: float) -> Counter[str]:
    """The stack tops (not under a cube) read below confidence ``below``: "wrong" and "right"."""
    from teach import _label

    from vision.octocube.truth import scene_truth

    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    out: Counter[str] = Counter()
    for loc, want in truth.tops.items():
        reading = obs.tops.get(loc)
        if want == "cube" or reading is None or reading.confidence >= below:
            continue
        out["right" if _label(reading) == want else "wrong"] += 1
    return out


def main() -> int:
    from teach import Tally, score_frame  # bench/teach.py: the benches' scoring, one way

    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.octocube.synth import synth_frame
    from vision.render.random_art import random_pack, seed_use
    from vision.render.renderer import Renderer
    from vision.teach import teach

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--printings", default="1-11", help="training printings, FIRST-LAST (default 1-11)")
    parser.add_argument("--frames", type=int, default=5, help="tables per printing")
    parser.add_argument("--cache", default="/tmp/octocube-taught-tops", help="renders and packs kept here")
    parser.add_argument("--photos", default="1,2", help="packs taught from this many photos (default 1,2)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a RecogniserConfig field for this run (e.g. pack_fine_candidates=0)")
    parser.add_argument("--time-against", action="append", default=[], metavar="NAME=VALUE",
                        help="also read every frame (last pack) with this RecogniserConfig field changed, "
                             "alternating with the run's own config, and print both median times")
    parser.add_argument("--doubt", type=float, default=0.5,
                        help="also count the stack tops read below this confidence (those a margin rule "
                             "would ask about instead of guessing), wrong and right")
    args = parser.parse_args()
    import dataclasses

    from vision.octocube.config import RecogniserConfig

    fields = {f.name: f for f in dataclasses.fields(RecogniserConfig)}

    def parsed(items: list[str], option: str) -> dict[str, Any] | None:
        out: dict[str, Any] = {}
        for item in items:
            name, _, value = item.partition("=")
            if name not in fields:
                print(f"{option} {item}: RecogniserConfig has no field {name!r}", file=sys.stderr)
                return None
            default = getattr(RecogniserConfig(), name)
            out[name] = (value.lower() in ("1", "true", "yes")) if isinstance(default, bool) else type(default)(value)
        return out

    overrides = parsed(args.set, "--set")
    against = parsed(args.time_against, "--time-against")
    if overrides is None or against is None:
        return 2
    config = RecogniserConfig(**overrides)
    other = RecogniserConfig(**{**overrides, **against}) if against else None
    other_ms: list[float] = []
    own_ms: list[float] = []
    first, last = (int(v) for v in args.printings.split("-"))
    for seed in (first, last):
        if seed_use(seed) != "training":
            print(f"printing {seed} is not a training seed (below 100000): benches use bench/teach.py",
                  file=sys.stderr)
            return 2
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    renderer: Any = None
    n_photos = [int(v) for v in args.photos.split(",")]
    tallies = {n: Tally() for n in n_photos}
    doubted = {n: Counter[str]() for n in n_photos}
    """Per pack: stack tops read below ``--doubt``, "wrong" and "right"."""
    read_ms: list[float] = []
    for art_seed in range(first, last + 1):
        packs_file = cache / f"packs{art_seed}.pkl"
        if packs_file.is_file():
            packs = pickle.loads(packs_file.read_bytes())
        else:
            renderer = renderer or Renderer()
            photos = _photos(random_pack(art_seed), art_seed, renderer)
            packs = {n: teach("octocube", photos[:n]).pack for n in (1, 2)}
            packs_file.write_bytes(pickle.dumps(packs))
        for f in range(args.frames):
            seed = DEV_FRAME_SEED + 100 * art_seed + f
            frame_file = cache / f"frame{seed}-{art_seed}.pkl"
            if frame_file.is_file():
                frame = pickle.loads(frame_file.read_bytes())
            else:
                renderer = renderer or Renderer()
                frame = synth_frame(seed, renderer, turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0,
                                    art=random_pack(art_seed))
                frame_file.write_bytes(pickle.dumps(frame))
            for n in n_photos:
                rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=packs[n],
                                         config=config)
                obs = rec.recognise(frame.image)
                before = Counter(tallies[n].errors)
                score_frame(tallies[n], obs, frame)
                doubted[n].update(_doubted(obs, frame, args.doubt))
                new = tallies[n].errors - before
                if new and any(k.startswith(("stack tops", "cube tops")) for k in new):
                    print(f"  printing {art_seed} frame {seed}, {n} photo(s): "
                          + "; ".join(k for k in new if k.startswith(("stack tops", "cube tops"))), flush=True)
                if n == n_photos[-1]:
                    read_ms.append(obs.timings_ms["total"])
                if n == n_photos[-1] and other is not None:
                    # back to back, alternating, on recognisers that have read a frame already
                    pair = [OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=packs[n],
                                               config=c) for c in (config, other)]
                    for r in pair:
                        r.recognise(frame.image)
                    for _ in range(2):
                        own_ms.append(pair[0].recognise(frame.image).timings_ms["total"])
                        other_ms.append(pair[1].recognise(frame.image).timings_ms["total"])
    print(f"\ntraining printings {first}-{last} x {args.frames} tables, 1280x720, tilt 0-30:")
    for n, t in tallies.items():
        print(f"  taught from {n} photo(s): stack tops {t.pct('stack tops').strip()}, cube found "
              f"{t.pct('cube found').strip()}, cube tops "
              f"{t.pct('cube tops').strip()}, boards {t.pct('boards (all spaces)').strip()}, "
              f"scenes named unknown {t.pct('scenes named unknown').strip()}")
        wrong = t.n["stack tops"] - t.ok["stack tops"]
        print(f"    stack tops read below confidence {args.doubt}: {doubted[n]['wrong']} of the {wrong} wrong, "
              f"{doubted[n]['right']} of the {t.ok['stack tops']} right")
    if read_ms:
        print(f"  reading with a pack: {statistics.median(read_ms):.0f} ms median per frame")
    if own_ms:
        print(f"  back to back ({len(own_ms)} reads each, {n_photos[-1]}-photo pack): this config "
              f"{statistics.median(own_ms):.0f} ms median, with {' '.join(args.time_against)} "
              f"{statistics.median(other_ms):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
