"""Reading Open Season cards from the pixels (vision/open_season/cards.py): the wall spaces, the
inn slots, the stocks, kept cards, expert discards and accolade counts of rendered mid-game
tables, camera tilt 0-35, the three lightings, 2-4 players, both sides, expert on every other
table. Prints per-card accuracy (people + attribute) of face-up wall and inn cards, face-down and
empty spaces, whole stocks / kept cards / discards read exactly, accolade counts (right; wrong
while reported sure; unsure), and the time per table read (the reader's set-up per camera apart).

Seeds: 95000-95099 were used to tune the reader (patch places, jitter, weights); report on
96000 and up (the default).

    nice python bench/open_season_cards.py --tables 30            # 1280x720
    nice python bench/open_season_cards.py --tables 30 --resolution 1920 1080
    nice python bench/open_season_cards.py --tables 12 --art-seed 900000   # each table another random printing
    nice python bench/open_season_cards.py --tables 30 --observation   # cards + tokens per table
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    from tracker.film import LIGHTINGS
    from tracker.open_season.twin import OpenSeasonTwin
    from vision.open_season.cards import BACK, EMPTY, CardReader
    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.open_season_scene import open_season_scene
    from vision.render.renderer import Renderer, RenderOptions

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--seed", type=int, default=96000, help="first seed (95000-95099 were for tuning)")
    parser.add_argument("--resolution", type=int, nargs=2, default=(1280, 720), metavar=("W", "H"))
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--observation", action="store_true",
                        help="also time the token reader: the whole observation a fresh reader makes of a table")
    parser.add_argument("--art-seed", type=int, default=None,
                        help="draw table k with random art pack SEED+k (bench seeds: 900000 and up; docs/teach.md)")
    parser.add_argument("--art", default=None, help="draw every table with this art pack folder")
    parser.add_argument("--only-lighting", choices=("day", "lamp", "evening"), default=None,
                        help="read only the tables of this lighting (the others keep their seeds, unread)")
    args = parser.parse_args()
    from vision.render.art_pack import ArtPack, with_art
    from vision.render.random_art import random_pack

    fixed_pack = ArtPack.load(args.art) if args.art else None
    renderer = Renderer()
    counts = {"face_up": [0, 0], "face_down": [0, 0], "empty": [0, 0], "inn_empty": [0, 0],
              "stock_cards": [0, 0], "stocks": [0, 0], "kept": [0, 0], "discards": [0, 0],
              "accolades": [0, 0]}
    accolades_sure_wrong = accolades_unsure = 0
    # a card read right but unsure (confidence < 0.5) costs the tracker weight; one read wrong but
    # sure (0.5 or more) is a difference at half weight or more (face-up wall/inn cards, stock cards)
    unsure_right = {"face_up": 0, "stock_cards": 0}
    sure_wrong = {"face_up": 0, "stock_cards": 0}
    read_s = setup_s = observation_s = 0.0
    worst_s = worst_observation_s = 0.0
    for k in range(args.tables):
        seed = args.seed + k
        rng = random.Random(seed)
        n, side = (2, 3, 4)[k % 3], ("horn", "shield")[(k // 3) % 2]
        twin = OpenSeasonTwin(n, seed, side=side, expert=k % 2 == 1, max_moves=rng.randint(30, 160))
        table = twin.descriptions[-1]
        camera = CameraModel.looking_at(tilt_deg=rng.uniform(0, 35), azimuth_deg=rng.choice([0.0, 90.0, 180.0, 270.0]),
                                        resolution=tuple(args.resolution))
        light = Lighting(**LIGHTINGS[("day", "lamp", "evening")[k % 3]])
        if args.only_lighting and ("day", "lamp", "evening")[k % 3] != args.only_lighting:
            continue
        pack = random_pack(args.art_seed + k) if args.art_seed is not None else fixed_pack
        scene = with_art(open_season_scene(table, seed=seed), pack)
        out = renderer.render(scene, camera, RenderOptions(lighting=light), seed=seed)
        t0 = time.perf_counter()
        reader = CardReader.from_ground_truth(out.ground_truth, side, n, expert=k % 2 == 1)
        t1 = time.perf_counter()
        got = reader.read_table(out.image)
        t2 = time.perf_counter()
        setup_s += t1 - t0
        read_s += t2 - t1
        worst_s = max(worst_s, t2 - t1)
        if args.observation:  # the tracker's whole observation: the token reader too (os-tokens)
            from vision.open_season.tokens import TokenReader

            tokens = TokenReader.from_ground_truth(out.ground_truth, side, n, k % 2 == 1)
            t3 = time.perf_counter()
            tokens.read(out.image)
            token_s = time.perf_counter() - t3
            observation_s += t2 - t1 + token_s
            worst_observation_s = max(worst_observation_s, t2 - t1 + token_s)
        reads = {r.place: r for r in got.inn}
        for seat_walls in got.walls.values():
            reads.update({r.place: r for r in seat_walls.values()})
        truth = {}
        for seat, player in enumerate(table.players):
            for number in range(1, (11 if side == "horn" else 9) + 1):
                card = player.wall.get(number, EMPTY) if number in player.wall else EMPTY
                truth[f"wall {seat} {number}"] = BACK if card is None else (
                    EMPTY if card == EMPTY else f"{card[0]}-{card[1]}")
        for i in range(5):
            truth[f"inn {i + 1}"] = f"{table.inn[i][0]}-{table.inn[i][1]}" if i < len(table.inn) else EMPTY
        name = "{0[0]}-{0[1]}".format
        for seat, player in enumerate(table.players):
            want_stock = [name(c) for c in player.stock]
            got_stock = [r.card for r in got.stocks[seat]]
            counts["stocks"][0] += want_stock == got_stock
            counts["stocks"][1] += 1
            counts["stock_cards"][0] += sum(a == b for a, b in zip(want_stock, got_stock))
            for want_card, read in zip(want_stock, got.stocks[seat]):
                unsure_right["stock_cards"] += read.card == want_card and read.confidence < 0.5
                sure_wrong["stock_cards"] += read.card != want_card and read.confidence >= 0.5
            counts["stock_cards"][1] += len(want_stock)
            want_kept = name(player.kept) if player.kept else EMPTY
            counts["kept"][0] += got.kept[seat].card == want_kept
            counts["kept"][1] += 1
            acc = got.accolades[seat]
            counts["accolades"][0] += acc.count == player.accolades
            counts["accolades"][1] += 1
            accolades_unsure += acc.confidence < 1.0
            accolades_sure_wrong += acc.confidence >= 1.0 and acc.count != player.accolades
            if args.show_errors and (want_stock != got_stock or got.kept[seat].card != want_kept
                                     or acc.count != player.accolades):
                print(f"  seed {seed} seat {seat}: stock {want_stock} read {got_stock}; kept {want_kept} "
                      f"read {got.kept[seat].card}; accolades {player.accolades} read {acc}")
        if k % 2 == 1 and got.discards_seen:
            want_discards = sorted(name(c) for c in table.discards)
            got_discards = sorted(r.card for r in got.discards)
            counts["discards"][0] += want_discards == got_discards
            counts["discards"][1] += 1
            if args.show_errors and want_discards != got_discards:
                print(f"  seed {seed}: discards {want_discards} read {got_discards}")
        for place, want in truth.items():
            card = reads[place].card
            key = ("inn_empty" if place.startswith("inn") else "empty") if want == EMPTY else (
                "face_down" if want == BACK else "face_up")
            counts[key][0] += card == want
            if key == "face_up":
                unsure_right[key] += card == want and reads[place].confidence < 0.5
                sure_wrong[key] += card != want and reads[place].confidence >= 0.5
            counts[key][1] += 1
            if card != want and args.show_errors:
                print(f"  seed {seed} {place}: {want} read as {card} ({reads[place].confidence:.2f})")
        print(f"  table {seed}: {n}p {side} tilt {camera.tilt_deg:.1f}: face-up {counts['face_up'][0]}/"
              f"{counts['face_up'][1]} so far", flush=True)
    summary: dict[str, object] = {k: f"{v[0]}/{v[1]}" for k, v in counts.items()}
    summary["face_up_pct"] = round(100 * counts["face_up"][0] / max(1, counts["face_up"][1]), 2)
    summary["accolades_wrong_but_sure"] = accolades_sure_wrong
    summary["right_but_unsure"] = unsure_right
    summary["wrong_but_sure"] = sure_wrong
    summary["accolades_unsure"] = accolades_unsure
    summary["read_s_per_table"] = round(read_s / max(1, args.tables), 2)
    summary["read_s_worst"] = round(worst_s, 2)
    summary["setup_s_per_camera"] = round(setup_s / max(1, args.tables), 2)
    if args.observation:
        summary["observation_s_per_table"] = round(observation_s / max(1, args.tables), 2)
        summary["observation_s_worst"] = round(worst_observation_s, 2)
    summary["resolution"] = f"{args.resolution[0]}x{args.resolution[1]}"
    summary["seeds"] = f"{args.seed}-{args.seed + args.tables - 1}"
    summary["art"] = (f"random {args.art_seed}-{args.art_seed + args.tables - 1}" if args.art_seed is not None
                      else args.art or "built-in")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
