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
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    import cv2

    from tracker.film import LIGHTINGS
    from tracker.open_season.twin import OpenSeasonTwin
    from vision.open_season import cards
    from vision.open_season.card_sampling import BUILT_IN_PATCHES, WHOLE_CARD_PATCHES
    from vision.open_season.cards import BACK, EMPTY, CardReader
    from vision.render.art_pack import with_art
    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.open_season_scene import open_season_scene
    from vision.render.random_art import random_pack, seed_use
    from vision.render.renderer import Renderer, RenderOptions
    from vision.render.teach_photos import render_teach_photo
    from vision.teach import TeachError, teach

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
            photo = (f"teach{i}.jpg", cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 92])[1],
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
            rng = random.Random(seed)
            n, side = (2, 3, 4)[t % 3], ("horn", "shield")[(t // 3) % 2]
            twin = OpenSeasonTwin(n, seed, side=side, expert=t % 2 == 1, max_moves=rng.randint(30, 160))
            table = twin.descriptions[-1]
            camera = CameraModel.looking_at(tilt_deg=rng.uniform(0, 35), azimuth_deg=rng.choice([0.0, 90.0, 180.0, 270.0]),
                                            resolution=(1280, 720))
            light = Lighting(**LIGHTINGS[("day", "lamp", "evening")[t % 3]])
            out = renderer.render(with_art(open_season_scene(table, seed=seed), printing), camera,
                                  RenderOptions(lighting=light), seed=seed)
            truth = {}
            for s, player in enumerate(table.players):
                for number in range(1, (11 if side == "horn" else 9) + 1):
                    card = player.wall.get(number, EMPTY) if number in player.wall else EMPTY
                    truth[f"wall {s} {number}"] = BACK if card is None else (
                        EMPTY if card == EMPTY else f"{card[0]}-{card[1]}")
            for j, card in enumerate(table.inn):
                truth[f"inn {j + 1}"] = f"{card[0]}-{card[1]}"
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
