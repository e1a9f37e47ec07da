"""``tablesight replay LOG``: rebuild a game from its event log and show what happened."""

from __future__ import annotations

import argparse
import json
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "replay",
        help="rebuild a game from its event log",
        description="Replay an event log (JSON lines); a damaged tail is reported, not fatal.",
    )
    p.add_argument("log", help="the game's .jsonl event log")
    p.add_argument("--json", action="store_true", help="print the rebuilt state and score as JSON")
    p.add_argument("--quiet", action="store_true", help="only the summary, not every event")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tracker.event_log import iter_readable, replay

    result = replay(args.log)
    state = result.state
    breakdown = state.score_breakdown()
    if args.json:
        print(json.dumps({
            "game": state.game.name,
            "config": state.game.config(),
            "events": len(result.events),
            "moves": len(state.history),
            "damaged_line": result.damaged_line,
            "damage": result.damage,
            "problems": result.problems,
            "terminal": state.is_terminal(),
            "scores": breakdown.to_json(),
            "state": state.to_json(),
        }))
        return 0
    if not args.quiet:
        for line in iter_readable(args.log):
            print(line)
    if result.damaged_line is not None:
        print(f"warning: {result.damage}; replayed the {len(result.events)} complete events before line {result.damaged_line}")
    for problem in result.problems:
        print(f"warning: skipped {problem}")
    status = "game over" if state.is_terminal() else f"in progress, {len(state.history)} moves"
    print(f"{state.game!r}: {status}")
    print(breakdown.to_text(result.players or None))
    return 0
