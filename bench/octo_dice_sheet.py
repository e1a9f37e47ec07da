"""What the drawn Octo Dice score sheet costs: on the worker thread and on the UI thread.

Plays seeded random games (chance sampled, choices at random) of every variant and, at every
position where the tablet shows choices (main actions, bonus actions, Super-Level) and at every
20th position otherwise, times:

* worker thread: every player's sheet model (``ui.app.sheet_model.sheet_models``) and the marks
  of every choice (``choice_marks``: the move pushed on a copy of the state);
* UI thread (``--draw``): one full redraw of the widget (``OctoDiceSheet.redraw``), 770 x 520 px
  as on the Play screen, on a private Xvfb when there is no $DISPLAY.

Prints median / p95 / max per measure. The seeds default to 100-104 (the tests use 5-41).

    python bench/octo_dice_sheet.py --games 5 --draw
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return (f"{name:<34} n={len(values):>5}  median {statistics.median(values):6.2f} ms  "
            f"p95 {p95:6.2f} ms  max {values[-1]:6.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games per variant (default 5)")
    parser.add_argument("--seed", type=int, default=100, help="first seed (default 100)")
    parser.add_argument("--draw", action="store_true", help="also time the widget's redraw (needs Kivy, Xvfb)")
    args = parser.parse_args()

    from rules.octo_dice import OctoDiceGame
    from ui.app.sheet_model import choice_marks, sheet_models

    widget = xvfb = None
    if args.draw:
        widget, xvfb = _widget()
    models: list[float] = []
    marks: list[float] = []
    draws: list[float] = []
    choices = 0
    for players, variant in ((1, "solo"), (2, "virtual"), (3, None), (4, None)):
        for k in range(args.games):
            seed = args.seed + k
            state = OctoDiceGame(players, variant).new_initial_state(seed=seed)
            rng = random.Random(seed)
            n = 0
            while not state.is_terminal():
                tablet = not state.is_chance_node() and state.phase in ("actions", "bonus", "super_level")
                if tablet or n % 20 == 0:
                    t0 = time.perf_counter()
                    built = sheet_models(state)
                    models.append((time.perf_counter() - t0) * 1000)
                    if tablet:
                        moves = list(state.legal_moves())
                        t0 = time.perf_counter()
                        choice_marks(state, moves)
                        marks.append((time.perf_counter() - t0) * 1000)
                        choices += len(moves)
                    if widget is not None:
                        widget.model = None
                        t0 = time.perf_counter()
                        widget.model = built[0]  # binds to redraw
                        draws.append((time.perf_counter() - t0) * 1000)
                state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
                n += 1
    print(f"Octo Dice sheet, seeds {args.seed}-{args.seed + args.games - 1}, solo / virtual / 3 / 4 players")
    print(_summary("sheet models (all players)", models))
    print(_summary(f"choice marks (per position, {choices / max(1, len(marks)):.1f} choices)", marks))
    if draws:
        print(_summary("widget redraw (UI thread)", draws))
    if xvfb is not None:
        from ui.app.xvfb import stop_xvfb

        stop_xvfb(xvfb)
    return 0


def _widget() -> tuple[Any, Any]:
    xvfb = None
    if not os.environ.get("DISPLAY"):
        from ui.app.xvfb import start_xvfb

        xvfb, display = start_xvfb((1280, 800))
        os.environ["DISPLAY"] = display
    os.environ.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1")
    from kivy.core.window import Window  # noqa: F401  (a GL context for the text textures)

    from ui.app.octo_dice_sheet import OctoDiceSheet

    widget = OctoDiceSheet(size=(770, 520), pos=(0, 0))
    widget.name = "Red"
    return widget, xvfb


if __name__ == "__main__":
    raise SystemExit(main())
