"""``tablesight simulate GAME``: random playouts with invariant checks, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "simulate",
        help="play random games of a rules engine and report speed, scores and errors",
        description="Play seeded random games; every error or invariant failure is counted.",
    )
    p.add_argument("game", choices=["octocube", "open_season", "octo_dice"])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--mode", choices=["standard", "kids", "advanced"], help="octocube mode")
    p.add_argument("--side", choices=["horn", "shield"], help="open_season wall side")
    p.add_argument("--expert", action="store_true", help="open_season expert bonus tiles")
    p.add_argument("--variant", choices=["solo", "virtual"], help="octo_dice variant")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--check", action="store_true", help="check invariants after every move")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=run)


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if args.game == "octocube" and args.mode:
        options["mode"] = args.mode
    if args.game == "open_season":
        if args.side:
            options["side"] = args.side
        if args.expert:
            options["expert"] = True
    if args.game == "octo_dice" and args.variant:
        options["variant"] = args.variant
    return options


def run(args: argparse.Namespace) -> int:
    from rules.registry import make_game
    from rules.simulate import simulate

    if args.games < 1:
        raise ValueError("--games must be at least 1")
    game = make_game(args.game, args.players, **game_options(args))

    def progress(done: int, total: int) -> None:
        if not args.json and (done == total or done % max(total // 10, 1) == 0):
            print(f"\r  {done}/{total} games", end="", file=sys.stderr, flush=True)

    report = simulate(game, args.games, args.seed, check_invariants=args.check, progress=progress)
    data = report.to_json()
    if args.json:
        print(json.dumps(data))
    else:
        print(file=sys.stderr)
        print(f"{game!r}: {data['games']} games, {data['moves']} moves in {data['seconds']} s "
              f"({data['moves_per_s']} moves/s)")
        print("mean score by seat: " + ", ".join(str(s) for s in data["mean_score_by_seat"]))
        print(f"errors: {data['errors']}")
        for message in data["error_messages"]:
            print(f"  {message}")
    return 1 if report.errors else 0
