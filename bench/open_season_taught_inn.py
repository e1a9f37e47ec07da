"""The inn of a taught Open Season printing, read on the stills of twin games as the pixel demo
films them (its camera, tilt and light; no hands): per slot, the cards read right, called hidden
(the deck stands in front: asked, never guessed) and read wrong, with each wrong read listed.

    python bench/open_season_taught_inn.py --art A --pack P --table 102501:2:shield:1:15:day
    python bench/open_season_taught_inn.py --art A --pack P --table 102500:4:horn:0:30:evening --step 2
    python bench/open_season_taught_inn.py --art A --pack P --table 102963:2:shield:1:21:day --set-up

A table is SEED:PLAYERS:SIDE:EXPERT(0/1):TILT:LIGHTING; --table may be given several times (each
with the same art and pack). The first ``--moves`` moves (60) are filmed without illegal changes.
Session 18's figures (docs/teach.md): 102400/102401 with printings 930000/930001, 102500/102501
with 950000 (all seen); never tune on a printing you report as fresh.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def parse_table(text: str) -> dict[str, Any]:
    """``SEED:PLAYERS:SIDE:EXPERT:TILT:LIGHTING`` -> a table's settings; ValueError naming the part."""
    parts = text.split(":")
    if len(parts) != 6:
        raise ValueError(f"{text!r}: expected SEED:PLAYERS:SIDE:EXPERT:TILT:LIGHTING")
    seed, players, side, expert, tilt, light = parts
    if side not in ("horn", "shield") or expert not in ("0", "1") or light not in ("day", "lamp", "evening"):
        raise ValueError(f"{text!r}: side horn|shield, expert 0|1, lighting day|lamp|evening")
    return {"seed": int(seed), "players": int(players), "side": side, "expert": expert == "1",
            "tilt": float(tilt), "lighting": light}


def read_table(table: dict[str, Any], art: Any, pack: Any, moves: int, step: int,
               set_up: bool = False) -> list[dict[str, Any]]:
    """One entry per inn slot read: scene, slot (1-5), truth, read, confidence. Scenes with an empty
    inn are skipped but for the set-up (scene 0) with ``set_up``: an expert game's inn is dealt
    only after the bonus tiles, and a slot read as a card there loses the game (session 29)."""
    from tracker.film import LIGHTINGS, demo_camera
    from tracker.open_season.recogniser import _view_of
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.table import TableSetup
    from vision.open_season.cards import EMPTY, CardReader
    from vision.render.art_pack import with_art
    from vision.render.effects import Lighting
    from vision.render.renderer import Renderer, RenderOptions

    twin = OpenSeasonTwin(table["players"], table["seed"], side=table["side"], expert=table["expert"],
                          max_moves=moves, illegal=0)
    camera = demo_camera(TableSetup(game="open_season", players=table["players"], seed=table["seed"],
                                    tilt=table["tilt"], resolution=(1280, 720)))
    reader = CardReader(_view_of(camera, (1280, 720)), table["side"], table["players"], pack)
    renderer, options = Renderer(), RenderOptions(lighting=Lighting(**LIGHTINGS[table["lighting"]]))
    out = []
    for scene, drawn in enumerate(twin.scenes()):
        inn = ["-".join(card) for card in twin.descriptions[scene].inn]
        if scene % step or not inn and not (set_up and scene == 0):
            continue
        image = renderer.render(with_art(drawn, art), camera, options, seed=scene).image
        for slot, read in enumerate(reader._read_inn(image)):
            out.append({"scene": scene, "slot": slot + 1, "truth": inn[slot] if slot < len(inn) else EMPTY,
                        "read": read.card, "confidence": round(read.confidence, 2)})
    return out


def main() -> int:
    from vision.open_season.cards import HIDDEN
    from vision.pack import load_pack
    from vision.render.art_pack import ArtPack

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--art", required=True, help="the art pack folder the twin draws with")
    parser.add_argument("--pack", required=True, help="the pack taught from that printing's teach photos")
    parser.add_argument("--table", action="append", required=True, help="SEED:PLAYERS:SIDE:EXPERT:TILT:LIGHTING")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--step", type=int, default=1, help="read every STEP-th scene")
    parser.add_argument("--json", metavar="FILE", help="also write every read here")
    parser.add_argument("--set-up", action="store_true",
                        help="also read each table's set-up scene, even with the inn empty (expert games)")
    args = parser.parse_args()
    try:
        tables = [parse_table(t) for t in args.table]
        art, pack = ArtPack.load(args.art), load_pack(args.pack, "open_season")
    except (ValueError, OSError) as err:
        print(f"open_season_taught_inn: {err}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    reads = [dict(r, seed=t["seed"]) for t in tables for r in read_table(t, art, pack, args.moves, max(1, args.step), args.set_up)]
    for slot in range(1, 6):
        mine = [r for r in reads if r["slot"] == slot]
        right = sum(r["read"] == r["truth"] for r in mine)
        hidden = sum(r["read"] == HIDDEN for r in mine)
        print(f"slot {slot}: {len(mine)} read, {right} right, {hidden} hidden, {len(mine) - right - hidden} wrong")
    for r in reads:
        if r["read"] not in (r["truth"], HIDDEN):
            print(f"  wrong: table {r['seed']} scene {r['scene']} slot {r['slot']}: {r['truth']} read "
                  f"{r['read']} ({r['confidence']})")
    total = len(reads)
    right = sum(r["read"] == r["truth"] for r in reads)
    hidden = sum(r["read"] == HIDDEN for r in reads)
    print(json.dumps({"reads": total, "right": right, "hidden": hidden, "wrong": total - right - hidden,
                      "seconds": round(time.perf_counter() - start, 1)}))
    if args.json:
        Path(args.json).write_text(json.dumps(reads, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
