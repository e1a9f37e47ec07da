"""Open Season cards read with a taught pack, on TRAINING printings (random art seeds below
100000): the development loop of docs/teach.md ("a taught printing is read by its whole card").
Per printing it renders teach-sheet photos (a photo the sheet finder refuses is skipped for the
next seed), teaches from 1 and 2 of them, renders tables drawn with that printing (table seeds
95500 + 100 x printing + 0.., built as bench/teach.py builds its own) and reads their walls and inn
slots with the whole-card patches (the reader's) and, for comparison, the built-in art's two
patches. The benches' figures are bench/teach.py's, on printings 900000 and up.

    nice python bench/open_season_taught_cards.py --printings 1-6 --tables 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> int:
    import cv2

    from vision.open_season import cards
    from vision.open_season.card_sampling import BUILT_IN_PATCHES, WHOLE_CARD_PATCHES
    from vision.open_season.cards import BACK, EMPTY, CardReader
    from vision.render.random_art import random_pack, seed_use
    from vision.render.renderer import Renderer
    from vision.render.teach_photos import render_teach_photo
    from vision.teach import TeachError, teach

    from teach import open_season_table  # bench/teach.py: the benches' tables, drawn one way

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--printings", default="1-6", help="training printings, FIRST-LAST (default 1-6)")
    parser.add_argument("--tables", type=int, default=3, help="tables per printing")
    args = parser.parse_args()
    first, last = (int(v) for v in args.printings.split("-"))
    for seed in (first, last):
        if seed_use(seed) != "training":
            print(f"printing {seed} is not a training seed (below 100000): benches use bench/teach.py", file=sys.stderr)
            return 2
    renderer = Renderer()
    counts: dict[tuple[str, str, str], list[int]] = {}
    read_s: dict[str, list[float]] = {}
    ways = {"built-in art's two patches": BUILT_IN_PATCHES, "whole card": WHOLE_CARD_PATCHES}
    for art_seed in range(first, last + 1):
        printing = random_pack(art_seed)
        photos: list[tuple[str, Any]] = []
        i = 0
        while len(photos) < 2:
            img = render_teach_photo("open_season", printing, 7_000_000 + 10 * art_seed + i, renderer)[0]
            photo: tuple[str, Any] = (f"teach{i}.jpg", cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 92])[1],
                                                   cv2.IMREAD_COLOR))
            i += 1
            try:
                teach("open_season", [photo])
            except TeachError as e:
                print(f"  printing {art_seed}: teach photo {i - 1} skipped: {e}", flush=True)
                continue
            photos.append(photo)
        packs = {"1 photo": teach("open_season", photos[:1]).pack, "2 photos": teach("open_season", photos).pack}
        for t in range(args.tables):
            seed = 95500 + 100 * art_seed + t
            out, side, n, truth = open_season_table(seed, t, printing, renderer)
            for way, patches in ways.items():
                cards.WHOLE_CARD_PATCHES = patches  # what a reader with a pack reads by
                for photos_name, pack in packs.items():
                    reader = CardReader.from_ground_truth(out.ground_truth, side, n, pack)
                    t0 = time.perf_counter()
                    reads = {r.place: r.card for r in reader.read(out.image)}
                    read_s.setdefault(way, []).append(time.perf_counter() - t0)
                    for place, want in truth.items():
                        kind = "empty" if want == EMPTY else "face down" if want == BACK else "face up"
                        c = counts.setdefault((way, photos_name, kind), [0, 0])
                        c[0] += int(reads[place] == want)
                        c[1] += 1
        cards.WHOLE_CARD_PATCHES = WHOLE_CARD_PATCHES
        print(f"  printing {art_seed} done", flush=True)
    print(f"\nTraining printings {first}-{last} x {args.tables} tables, 1280x720 (walls and inn slots):")
    for way in ways:
        for photos_name in ("1 photo", "2 photos"):
            parts = []
            for kind in ("face up", "face down", "empty"):
                ok, n = counts.get((way, photos_name, kind), [0, 0])
                parts.append(f"{kind} {100 * ok / max(1, n):6.2f} % ({ok}/{n})")
            print(f"  {way:<27} {photos_name:<9} " + ", ".join(parts))
        print(f"  {way:<27} {statistics.median(read_s[way]):.2f} s median per table read")
    return 0


if __name__ == "__main__":
    sys.exit(main())
