"""``tablesight app``: the tablet app (Kivy). Needs a display (on a headless machine run it
under ``xvfb-run``); ``--demo`` starts straight on the demo table."""

from __future__ import annotations

import argparse
import os
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "app",
        help="open the tablet app (Home, Calibrate, Play, Score, History, Settings)",
        description="The Kivy app the players look at beside the table. The camera pipeline runs "
        "on a worker thread; the screen shows the camera with what was recognised, whose turn "
        "it is, illegal-move alerts, questions, scores and the game's history.",
    )
    p.add_argument("--demo", action="store_true", help="start a game on the demo table at once")
    p.add_argument("--players", type=int, default=None, help="2-4 players for --demo (default 2)")
    p.add_argument("--seed", type=int, default=None, help="demo game seed")
    p.add_argument("--illegal", type=int, default=None, help="illegal moves the demo injects (default 1)")
    p.add_argument("--home", help="folder for settings, profile and game logs (default ~/.tablesight)")
    p.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ui.cli import CommandError

    from rules.safe_json import shown

    if args.players is not None and not 2 <= args.players <= 4:
        raise CommandError(f"octocube is for 2-4 players, not {args.players}")
    if args.seed is not None and not 0 <= args.seed < 2**32:
        raise CommandError(f"--seed must be 0 to {2**32 - 1}, not {args.seed}")
    if args.illegal is not None and not 0 <= args.illegal <= 100:
        raise CommandError(f"--illegal must be 0 to 100, not {args.illegal}")
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise CommandError(f"--size must look like 1280x800, not {shown(args.size)}") from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise CommandError(f"--size {w}x{h} is out of range (320x240 to 8192x8192)")
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise CommandError("no display: run the app on a screen, or under xvfb-run "
                           "(xvfb-run -a tablesight app); tablesight demo runs headless")
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    from ui.app.x11 import prefer_default_visual

    prefer_default_visual()  # an opaque window: no slow ARGB visual (see ui/app/x11.py)
    try:
        from kivy.config import Config
    except ImportError:
        raise CommandError("the app needs Kivy: pip install 'kivy==2.3.1' (or pip install -e '.[ui]')") from None
    Config.set("graphics", "width", str(w))
    Config.set("graphics", "height", str(h))
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    from pathlib import Path

    from ui.app.main import TableSightApp

    app = TableSightApp(home=Path(args.home) if args.home else None, start_demo=args.demo)
    if args.players is not None:
        app.players = args.players
    if args.seed is not None:
        app.seed = args.seed
    if args.illegal is not None:
        app.illegal = args.illegal
    app.run()
    return 0
