"""``tablesight demo``: for now, one seeded simulated Octocube game told move by move with the
final score sheet (a later issue replaces it with the camera pipeline)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "demo",
        help="play one seeded simulated Octocube game and print it in plain words",
        description="Plays one random but seeded Octocube game with the rules engine, printing "
        "every move in plain words and the final score breakdown.",
    )
    p.add_argument("--players", type=int, default=4, help="2-4 players (default 4)")
    p.add_argument("--seed", type=int, default=1, help="setup and move seed (default 1)")
    p.add_argument("--mode", choices=["standard", "kids", "advanced"], default="standard")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from rules.octocube import OctocubeGame
    from rules.octocube.playthrough import play_lines

    game = OctocubeGame(args.players, mode=args.mode)
    for line in play_lines(game, args.seed):
        print(line)
    return 0
