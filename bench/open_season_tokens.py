"""Reading Open Season tokens and tiles from the pixels (vision/open_season/tokens.py): rendered
tables from OpenSeasonTwin games (mid-game and finished), camera tilt 0-35, the three lightings,
2-4 players, both sides, expert tiles on every other table, a hand over the table on some.
Prints, per kind of token or tile, how many seats read exactly, how many were wrong with a doubt
raised for that seat (a hand over a token is a doubt, not a miscount) and how many were wrong
silently; and the time per frame read (reader built once per camera, not counted).

Seeds: 97000-97099 were used to tune the reader (thresholds, masks, colour weight); report on
98000 and up (the default). ``--stress`` loads every table with more tokens than games usually
show (several trophies per card, every personal kind, scorings, accolade wilds, random bonus
faces), as the tuning tables were.

    nice python bench/open_season_tokens.py --tables 30
    nice python bench/open_season_tokens.py --tables 30 --stress --hands 0.3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KINDS = ("wall_trophies", "wall_wilds", "trophies", "wilds", "penalties", "series", "scorings", "bonus",
         "accolade_wilds")


def stress(table: Any, rng: random.Random, expert: bool) -> None:
    """More tokens than a game usually shows, every kind (the tuning tables were made so)."""
    from rules.open_season.layout import SHIELD_SCORINGS

    for p in table.players:
        if rng.random() < 0.7:
            p.trophies, p.wilds = rng.randint(0, 4), rng.randint(0, 1)
            p.penalties, p.series = rng.randint(0, 1), rng.random() < 0.4
            filled = [s for s, c in p.wall.items() if c is not None]
            p.wall_trophies = {s: rng.randint(1, 5) for s in rng.sample(filled, min(len(filled), rng.randint(0, 3)))}
            p.wall_wilds = rng.sample(filled, min(len(filled), rng.randint(0, 2)))
            if p.accolades:
                p.accolade_wilds = rng.randint(0, 2)
            if table.side == "shield":
                p.scorings = [s for s in SHIELD_SCORINGS if rng.random() < 0.4]
            if expert and p.bonus:
                faces = [f for f in range(1, 15) if table.side == "horn" or f not in (7, 8, 12)]
                picked: list[int] = []
                for f in rng.sample(faces, len(faces)):  # faces of different tiles (1+2, 3+4, ...)
                    if len(picked) < len(p.bonus) and (f + 1) // 2 not in {(g + 1) // 2 for g in picked}:
                        picked.append(f)
                p.bonus = {c: (f, rng.random() < 0.4) for c, f in zip(p.bonus, picked)}


def truth_of(player: Any) -> dict[str, Any]:
    return {"wall_trophies": {s: c for s, c in player.wall_trophies.items() if c},
            "wall_wilds": frozenset(player.wall_wilds), "trophies": player.trophies, "wilds": player.wilds,
            "penalties": player.penalties, "series": player.series, "scorings": frozenset(player.scorings),
            "bonus": dict(player.bonus), "accolade_wilds": player.accolade_wilds}


def main() -> int:
    from tracker.film import LIGHTINGS
    from tracker.open_season.twin import OpenSeasonTwin
    from vision.open_season.tokens import TokenReader
    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.hands import Hand
    from vision.render.open_season_scene import SEAT_SIDES, board_pose, open_season_scene, personal_area_origin
    from vision.render.renderer import Renderer, RenderOptions

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--seed", type=int, default=98000, help="first seed (97000-97099 were for tuning)")
    parser.add_argument("--resolution", type=int, nargs=2, default=(1280, 720), metavar=("W", "H"))
    parser.add_argument("--stress", action="store_true", help="load the tables with more tokens")
    parser.add_argument("--hands", type=float, default=0.25, help="share of tables with a hand over a seat")
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--save-errors", default=None, metavar="DIR",
                        help="write the frame (PNG) and its description and ground truth (pickle) of every table read wrong")
    parser.add_argument("--only", type=int, nargs="*", default=None, help="only these seeds (of the range)")
    args = parser.parse_args()

    renderer = Renderer()
    exact = {k: 0 for k in KINDS}
    doubted = {k: 0 for k in KINDS}
    silent = {k: 0 for k in KINDS}
    seats_total = seats_exact = seats_silent = seats_doubt_raised = needless_doubts = 0
    read_s: list[float] = []
    read_cpu_s: list[float] = []
    build_s: list[float] = []
    tiles = {"faces_right": 0, "rims_right": 0, "tiles": 0, "missed_or_extra": 0}
    for k in range(args.tables):
        seed = args.seed + k
        if args.only is not None and seed not in args.only:
            continue
        rng = random.Random(seed)
        n, side = (2, 3, 4)[k % 3], ("horn", "shield")[(k // 3) % 2]
        expert = k % 2 == 1
        twin = OpenSeasonTwin(n, seed, side=side, expert=expert,
                              max_moves=rng.choice([rng.randint(30, 160), None]))
        table = twin.descriptions[-1]
        if args.stress:
            stress(table, rng, expert)
        hands: tuple[Any, ...] = ()
        if rng.random() < args.hands:
            where = SEAT_SIDES[n][rng.randrange(n)]
            px, py, _ = personal_area_origin(where) if rng.random() < 0.5 else board_pose(where)
            hands = (Hand.reaching((px + rng.uniform(-60, 60), py + rng.uniform(-60, 60)), where, rng,
                                   progress=rng.uniform(0.5, 1.0)),)
        camera = CameraModel.looking_at(tilt_deg=rng.uniform(0, 35), azimuth_deg=rng.choice([0.0, 90.0, 180.0, 270.0]),
                                        resolution=tuple(args.resolution))
        light = Lighting(**LIGHTINGS[("day", "lamp", "evening")[k % 3]])
        out = renderer.render(open_season_scene(table, seed=seed), camera,
                              RenderOptions(lighting=light, hands=hands), seed=seed)
        b0 = time.perf_counter()
        reader = TokenReader.from_ground_truth(out.ground_truth, side, n, expert)
        build_s.append(time.perf_counter() - b0)
        t0, c0 = time.perf_counter(), time.process_time()
        reads = reader.read(out.image)
        read_s.append(time.perf_counter() - t0)
        read_cpu_s.append(time.process_time() - c0)
        table_wrong = False
        for seat, player in enumerate(table.players):
            want = truth_of(player)
            got = reads[seat]
            seats_total += 1
            seat_ok, seat_silent = True, False
            for kind in KINDS:
                if kind == "scorings" and side != "shield" or kind == "bonus" and not expert:
                    continue
                if getattr(got, kind) == want[kind]:
                    exact[kind] += 1
                    continue
                seat_ok = table_wrong = False
                table_wrong = True
                if got.doubts:
                    doubted[kind] += 1
                else:
                    silent[kind] += 1
                    seat_silent = True
                if args.show_errors:
                    print(f"  seed {seed} player {seat + 1} {kind}: {want[kind]} read as {getattr(got, kind)}"
                          f"{' (doubts: ' + '; '.join(got.doubts) + ')' if got.doubts else ''}"
                          f"{' [hand]' if hands else ''}")
            for column in set(want["bonus"]) | set(got.bonus):
                if column not in want["bonus"] or column not in got.bonus:
                    tiles["missed_or_extra"] += 1
                    continue
                tiles["tiles"] += 1
                tiles["faces_right"] += got.bonus[column][0] == want["bonus"][column][0]
                tiles["rims_right"] += got.bonus[column][1] == want["bonus"][column][1]
            seats_exact += seat_ok
            if seat_ok and got.doubts:
                needless_doubts += 1
                if args.show_errors:
                    print(f"  seed {seed} player {seat + 1} read exactly, doubts: {'; '.join(got.doubts)}"
                          f"{' [hand]' if hands else ''}")
            seats_silent += seat_silent
            seats_doubt_raised += bool(got.doubts)
        if table_wrong and args.save_errors:
            import pickle

            import cv2

            Path(args.save_errors).mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(Path(args.save_errors) / f"{seed}.png"), out.image)
            with open(Path(args.save_errors) / f"{seed}.pkl", "wb") as fh:
                pickle.dump({"table": table, "gt": out.ground_truth, "n": n, "side": side, "expert": expert}, fh)
        print(f"  table {seed}: {n}p {side}{' expert' if expert else ''} tilt {camera.tilt_deg:.1f}"
              f"{' hand' if hands else ''}: read {read_s[-1]:.3f} s; seats exact {seats_exact}/{seats_total} so far",
              flush=True)
    summary: dict[str, Any] = {
        kind: f"{exact[kind]}/{exact[kind] + doubted[kind] + silent[kind]} exact, {doubted[kind]} wrong with a doubt, "
              f"{silent[kind]} wrong silently" for kind in KINDS}
    summary["bonus_tiles"] = (f"faces {tiles['faces_right']}/{tiles['tiles']}, activated {tiles['rims_right']}/"
                              f"{tiles['tiles']}, {tiles['missed_or_extra']} missed or seen where none lies")
    summary["seats_exact"] = f"{seats_exact}/{seats_total}"
    summary["seats_exact_pct"] = round(100 * seats_exact / max(1, seats_total), 2)
    summary["seats_silently_wrong"] = seats_silent
    summary["seats_with_a_doubt"] = seats_doubt_raised
    summary["seats_read_exactly_with_a_doubt"] = needless_doubts
    summary["read_s_per_frame_mean"] = round(sum(read_s) / max(1, len(read_s)), 3)
    summary["read_s_per_frame_max"] = round(max(read_s, default=0.0), 3)
    summary["read_cpu_s_per_frame_mean"] = round(sum(read_cpu_s) / max(1, len(read_cpu_s)), 3)
    summary["reader_build_s_mean"] = round(sum(build_s) / max(1, len(build_s)), 3)
    summary["load_average"] = round(__import__("os").getloadavg()[0], 1)
    summary["resolution"] = f"{args.resolution[0]}x{args.resolution[1]}"
    summary["seeds"] = f"{args.seed}-{args.seed + args.tables - 1}"
    summary["stress"] = args.stress
    summary["hands"] = args.hands
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
