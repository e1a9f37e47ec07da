"""Moves per second of random playouts, one core, for every engine and configuration.

Run: ``.venv/bin/python bench/rules_speed.py [--seconds 5] [--only octocube]``.
Targets: Octocube 4-player standard >= 10,000 moves/s; Open Season 4 players >= 5,000 moves/s.
Uses the fast unchecked path (``push_unchecked``), as the simulator and tracker search do.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.core import InvariantError, RulesError, random_playout  # noqa: E402
from rules.registry import make_game  # noqa: E402

CONFIGS: list[tuple[str, int, dict[str, object], int | None]] = [
    # (game, players, options, target moves/s)
    ("octocube", 2, {"mode": "standard"}, None),
    ("octocube", 4, {"mode": "standard"}, 10_000),
    ("octocube", 4, {"mode": "kids"}, None),
    ("octocube", 4, {"mode": "advanced"}, None),
    ("open_season", 2, {"side": "horn"}, None),
    ("open_season", 4, {"side": "horn"}, 5_000),
    ("open_season", 4, {"side": "shield", "expert": True}, 5_000),
    ("octo_dice", 1, {"variant": "solo"}, None),
    ("octo_dice", 2, {"variant": "virtual"}, None),
    ("octo_dice", 4, {}, None),
]


STALL_MOVES = 5_000
"""A random playout still going after this many moves is counted as stalled, not waited for: a
random 4-player kids game may never fill a board (the rules decision asks 99 % of them to end;
seed 216 does not), and the bench crashed on it after 100,000 moves."""


def measure(game_name: str, players: int, options: dict[str, object], seconds: float,
            first_seed: int = 0) -> tuple[int, int, float, int]:
    """Random playouts from ``first_seed`` on for ``seconds`` (at least one): games, moves, wall
    seconds and how many games stalled (their moves counted up to :data:`STALL_MOVES`)."""
    game = make_game(game_name, players, **options)
    games = moves = stalled = 0
    start = time.perf_counter()
    seed = first_seed
    while games == 0 or time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=seed)
        try:
            moves += random_playout(state, random.Random(seed), max_moves=STALL_MOVES).moves
        except InvariantError:
            moves += STALL_MOVES
            stalled += 1
        games += 1
        seed += 1
    return games, moves, time.perf_counter() - start, stalled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per configuration")
    parser.add_argument("--only", help="only this game")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as promised
    print(f"{'game':<12} {'players':>7} {'options':<34} {'games':>6} {'moves':>8} {'moves/s':>9} {'stalled':>7}  target")
    failed = False
    for name, players, options, target in CONFIGS:
        if args.only and name != args.only:
            continue
        opts = ", ".join(f"{k}={v}" for k, v in options.items())
        try:
            games, moves, secs, stalled = measure(name, players, options, args.seconds)
        except RulesError as exc:
            print(f"{name:<12} {players:>7} {opts:<34} not available: {exc}")
            continue
        rate = moves / secs
        verdict = "" if target is None else (f">= {target:,}: " + ("met" if rate >= target else "MISSED"))
        failed |= target is not None and rate < target
        print(f"{name:<12} {players:>7} {opts:<34} {games:>6} {moves:>8} {rate:>9,.0f} {stalled:>7}  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
