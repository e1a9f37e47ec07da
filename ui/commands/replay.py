"""``tablesight replay LOG``: rebuild a game from its event log and show what happened.

Every line is checked (game id, sequence number, hash chain, acting player, the engine's rules);
replay stops at the first line that fails. A last line cut off mid-write (a crash) is a warning;
any other failure prints the game up to the line before and exits 2 naming the line and why."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "replay",
        help="rebuild a game from its event log",
        description="Replay an event log (JSON lines), checking every line; a damaged tail is reported, "
        "an altered log stops at the first line that fails (exit 2).",
    )
    p.add_argument("log", help="the game's .jsonl event log")
    p.add_argument("--json", action="store_true", help="print the rebuilt state and score as JSON")
    p.add_argument("--quiet", action="store_true", help="only the summary, not every event")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tracker.event_log import event_line, replay

    result = replay(args.log)
    state = result.state
    breakdown = state.score_breakdown()
    failed = bool(result.problems)
    if args.json:
        print(json.dumps({
            "game": state.game.name,
            "config": state.game.config(),
            "game_id": result.game_id,
            "legacy": result.legacy,
            "events": len(result.events),
            "lines": result.lines,
            "moves": len(state.history),
            "damaged_line": result.damaged_line,
            "damage": result.damage,
            "problems": result.problems,
            "terminal": state.is_terminal(),
            "scores": breakdown.to_json(),
            "state": state.to_json(),
        }))
    else:
        if not args.quiet:
            for event in result.events:
                print(event_line(event))
        if result.legacy:
            print("warning: a version 1 log (no integrity chain): its lines cannot be checked against each other; "
                  "read-only")
        if result.crash_tail:
            print(f"warning: {result.damage}; replayed the {len(result.events)} complete events before line "
                  f"{result.damaged_line}")
        status = "game over" if state.is_terminal() else f"in progress, {len(state.history)} moves"
        print(f"{state.game!r}: {status}")
        names = result.players if len(result.players) == state.game.num_players else None
        print(breakdown.to_text(names))
    if failed:
        print(f"tablesight replay: error: {result.damage}; the game shown is the log up to line "
              f"{(result.damaged_line or 1) - 1} of {result.lines}", file=sys.stderr)
        return 2
    return 0
