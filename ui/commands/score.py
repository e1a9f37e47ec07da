"""``tablesight score PHOTO --game G --players N``: the final scores of a finished table, from
one photo. The command knows no game: each game's reader is found in vision/photo_score.py
(SCORERS), and returns the same result (players' lines, winner, tie-break, doubts)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


class ScoreCommandError(ValueError):
    """A user error of ``tablesight score`` (one line, exit status 2; a ValueError for the same
    reason as RenderCommandError in render.py)."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "score",
        help="score a finished table from one photo (boards, cards, tokens -> final scores)",
        description="Read one photo of a finished table (corner markers in view) and print every "
                    "player's final score line by line, the winner and what the photo leaves in "
                    "doubt. Interactive (a terminal, no --json): each doubt is asked.",
    )
    p.add_argument("photo", help="the photo (JPEG/PNG) of the finished table")
    p.add_argument("--game", required=True, help="the game on the table (octocube, open_season)")
    p.add_argument("--players", type=int, required=True, help="number of players")
    p.add_argument("--mode", default="standard", choices=["standard", "advanced"], help="octocube: the mode played")
    p.add_argument("--side", default=None, choices=["horn", "shield"],
                   help="open_season: the side of the wall boards played (required for open_season)")
    p.add_argument("--expert", action="store_true", help="open_season: played with the expert bonus tiles")
    p.add_argument("--profile", default=None,
                   help="calibration profile (lens intrinsics) from 'tablesight calibrate'")
    p.add_argument("--pack", metavar="FILE", default=None,
                   help="a taught copy of the game (tablesight teach ... --out FILE) to read the tiles by")
    p.add_argument("--seats", default=None,
                   help="player colours in seat order, comma-separated (default: read from the boards)")
    p.add_argument("--answer", action="append", default=[], metavar="KEY=COUNT",
                   help="a count for a doubt (its 'key' in --json output); may repeat")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(handler=run)


def _answers(items: list[str]) -> dict[str, int]:
    out = {}
    for item in items:
        key, sep, value = item.rpartition("=")
        if not sep or not key or not value.strip().isdigit():
            raise ScoreCommandError(f"--answer {item!r}: expected KEY=COUNT, e.g. 'coins red=3'")
        out[key.strip()] = int(value)
    return out


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from calibration.images import ImageError, read_image
    from vision import photo_score
    from vision.photo_score import PhotoScoreError, ScoreRequest, reader, score_reading

    pack = None
    if args.pack is not None:
        from vision.pack import PackError, load_pack

        try:
            pack = load_pack(args.pack, args.game)
        except PackError as exc:
            raise ScoreCommandError(str(exc)) from None
    path = Path(args.photo)
    try:
        image = read_image(path)
    except ImageError as exc:
        raise ScoreCommandError(str(exc)) from None
    profile = None
    if args.profile:
        from calibration.profile import load_profile

        profile = load_profile(args.profile)
    seats = tuple(s.strip().lower() for s in args.seats.split(",")) if args.seats else None
    try:
        read = reader(args.game)
        options = {"side": args.side, "expert": args.expert} if args.game == "open_season" else {}
        if args.game != "open_season" and (args.side or args.expert):
            raise ScoreCommandError("--side and --expert are for --game open_season")
        request = ScoreRequest(args.players, args.mode, profile, seats, _answers(args.answer), pack, options)
        # read once: the answers typed below re-score this reading (the photo is not read again)
        reading = read(image, request)
        answers = dict(request.answers)
        result = score_reading(reading, answers)
        interactive = not args.json and sys.stdin.isatty() and sys.stdout.isatty()
        while interactive and result.doubts:
            given = dict(answers)
            for d in result.doubts:
                if d.low == d.high or not d.score_range:
                    continue  # nothing to count, or no total moves with it on its own
                given[d.key] = _ask(d)
            if given == answers:
                break
            answers = given
            if not photo_score.RESCORE_FROM_KEPT_READING:
                reading = read(image, request)  # the off control: read again, as before session 75
            result = score_reading(reading, answers)
    except PhotoScoreError as exc:
        raise ScoreCommandError(str(exc)) from None
    if args.json:
        print(json.dumps(result.to_json(), indent=1))
        return 0
    print(_words(result))
    return 0


def _ask(d: Any) -> int:
    while True:
        text = input(f"{d.question} [{d.low}-{d.high}, Enter = {d.read}] ").strip()
        if not text:
            return int(d.read)
        if text.isdigit() and d.low <= int(text) <= d.high:
            return int(text)
        print(f"  a number from {d.low} to {d.high}, please")


def _words(result: Any) -> str:
    lines = []
    for p in result.players:
        lo, hi = p.total_range or (p.total, p.total)
        span = f" (the photo allows {lo}-{hi})" if lo != hi else ""
        lines.append(f"{p.colour.capitalize()}: {p.total} points{span}")
        for category, points, reason in p.lines:
            lines.append(f"  {points:>3}  {category:<8} {reason}")
    if result.winner:
        win = " and ".join(c.capitalize() for c in result.winner)
        lines.append(f"Winner: {win}" + (f" ({result.tie_break})" if result.tie_break else ""))
    if result.doubts:
        moving = [d for d in result.doubts if d.score_range or d.low == d.high]
        quiet = [d for d in result.doubts if d not in moving]
        lines.append(f"Not sure from the photo ({len(result.doubts)}):")
        for d in moving:
            span = "; ".join(f"{c.capitalize()} {lo}-{hi}" for c, (lo, hi) in d.score_range.items())
            count = f" read {d.read}, could be {d.low}-{d.high}" if d.low != d.high else ""
            lines.append(f"  - {d.question}{count}" + (f" -> totals {span}" if span else ""))
        if quiet:
            lines.append(f"  - {len(quiet)} more count{'s' if len(quiet) > 1 else ''} the photo cannot "
                         f"settle change no total on their own: "
                         + "; ".join(f"{d.key} ({d.low}-{d.high})" for d in quiet))
        lines.append("  (answer with --answer KEY=COUNT; the keys are in --json)")
    for note in result.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines)
