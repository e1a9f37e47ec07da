"""Is the tablet app's UI thread ever blocked while the camera pipeline runs?

Runs the real Kivy app (on a private Xvfb display when there is no $DISPLAY), starts a demo game
on the Play screen and records the interval between consecutive UI frames (a Clock callback
every frame) for --seconds. The target: no UI frame over 50 ms. Prints max, 99th percentile,
median, the count over 50 ms, the UI thread's own work and the buffer swap per frame, the
garbage collections in the window (a full one stops every thread), the busiest frames, and the
pipeline's own frames per second. The window opens on the X screen's default visual, as
`tablesight app` does (ui/app/x11.py).

``--inline`` runs the pipeline step ON the UI thread instead (what the worker thread avoids), to
show what the figure would be without it.

    python bench/ui_responsiveness.py --seconds 30 --players 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="measuring time (default 30)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds after the first frame before measuring")
    parser.add_argument("--inline", action="store_true", help="baseline: pipeline on the UI thread")
    parser.add_argument("--idle", action="store_true",
                        help="baseline: no pipeline; the UI thread shows a new 960x540 picture 3 times a second "
                             "(the display's own cost, on this machine's software renderer)")
    parser.add_argument("--worker-nice", type=int, default=None,
                        help="the pipeline thread's priority drop (default: the app's, 5; 0 = same as the UI)")
    parser.add_argument("--depth", type=int, default=24, choices=(16, 24),
                        help="colour depth of the private Xvfb (default 24)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    xvfb = None
    if not os.environ.get("DISPLAY"):
        from ui.app.xvfb import start_xvfb

        xvfb, display = start_xvfb((1280, 800), args.depth)
        os.environ["DISPLAY"] = display
    from ui.app.x11 import prefer_default_visual

    visual = prefer_default_visual()  # as `tablesight app` does
    home = Path(tempfile.mkdtemp(prefix="tablesight-bench-"))
    os.environ.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_HOME=str(home / "kivy"), KIVY_LOG_MODE="PYTHON")
    try:
        result = _run(args, home)
        result["x_visual"] = hex(visual) if visual is not None else None
        result["depth"] = args.depth if xvfb is not None else None
    finally:
        if xvfb is not None:
            from ui.app.xvfb import stop_xvfb

            stop_xvfb(xvfb)
    if args.json:
        print(json.dumps(result))
    else:
        mode = ("no pipeline, a new picture 3 times a second (display baseline)" if args.idle else
                "pipeline ON the UI thread (baseline)" if args.inline else "pipeline on its worker thread")
        screen = (f"private Xvfb 1280x800 depth {result['depth']}" if result["depth"] else "$DISPLAY") + \
            f", window visual {result['x_visual']}"
        print(f"UI-frame intervals over {result['seconds']} s, {mode}: {result['ui_frames']} frames ({screen})")
        print(f"  max {result['max_ms']} ms   p99 {result['p99_ms']} ms   median {result['median_ms']} ms   "
              f"over 50 ms: {result['over_50ms']}")
        print(f"  UI-thread work per frame (frame minus buffer swap minus idle sleep): max {result['work_max_ms']} ms"
              f"   p99 {result['work_p99_ms']} ms;  buffer swap (software GL on Xvfb): max {result['flip_max_ms']} ms"
              f"   p99 {result['flip_p99_ms']} ms")
        print(f"  garbage collections: {result['gc_collections']} ({result['gc_full_collections']} full), "
              f"longest {result['gc_max_ms']} ms; frames over 50 ms with a collection over 5 ms in them: "
              f"{result['over_50ms_with_gc']}")
        print("  busiest UI frames (work + buffer swap / of it the swap, ms): " + ", ".join(
            f"{f['busy']}/{f['swap']}" for f in result["slowest_frames_ms"]))
        print(f"  pipeline: {result['pipeline_frames']} frames ({result['pipeline_fps']} per second), "
              f"{result['moves']} moves confirmed; load average {result['load_avg']}")
    return 0


def _run(args: argparse.Namespace, home: Path) -> dict:
    from kivy.config import Config

    Config.set("graphics", "width", "1280")
    Config.set("graphics", "height", "800")
    Config.set("graphics", "maxfps", "60")
    from kivy.clock import Clock

    from ui.app.main import TableSightApp

    app = TableSightApp(home=home)
    app.players, app.seed, app.illegal, app.demo_moves = args.players, args.seed, 1, 0
    if args.worker_nice is not None:
        app.worker_niceness = args.worker_nice
    stamps: list[float] = []
    state: dict[str, Any] = {"start": None, "steps0": 0, "steps1": 0, "measuring": False}
    frames: list[tuple[float, float, float]] = []  # (whole frame, swap, sleep) while measuring
    gc_pauses: list[tuple[float, float, int]] = []  # (start, seconds, generation)

    def frame(_dt: float) -> None:
        now = time.perf_counter()
        if state["start"] is None:
            if app.frame_texture is not None:
                state["start"] = now + args.warmup
            return
        if now < state["start"]:
            state["steps0"] = _steps(app)
            return
        state["measuring"] = True
        stamps.append(now)
        state["steps1"] = _steps(app)
        if now - state["start"] >= args.seconds:
            state["measuring"] = False
            app.stop()

    def begin(_dt: float) -> None:
        _instrument(frames, state)
        _watch_gc(gc_pauses)
        if args.idle:
            import numpy as np

            app.playing = True
            app.go("play")
            rng = np.random.default_rng(0)
            pictures = [rng.integers(0, 255, (540, 960, 3), np.uint8).tobytes() for _ in range(4)]
            count = [0]

            def show(_dt: float) -> None:
                count[0] += 1
                app.frame_texture = app._blit(app.frame_texture, pictures[count[0] % 4], (960, 540))

            Clock.schedule_interval(show, 1 / 3)
            return
        app.start_game()
        if args.inline:
            _go_inline(app)

    Clock.schedule_once(begin, 0.5)
    Clock.schedule_interval(frame, 0)
    Clock.schedule_once(lambda dt: app.stop(), args.seconds + args.warmup + 120)  # never hang
    app.run()
    gaps = sorted((b - a) * 1000 for a, b in zip(stamps, stamps[1:]))
    if not gaps:
        raise SystemExit("no UI frames were measured (did the demo start?)")
    seconds = stamps[-1] - stamps[0]
    steps = state["steps1"] - state["steps0"]
    work = sorted(max(0.0, f - swap - sleep) * 1000 for f, swap, sleep in frames)
    swaps = sorted(swap * 1000 for _, swap, _ in frames)

    in_window = [(t, d, g) for t, d, g in gc_pauses if stamps[0] <= t <= stamps[-1]]
    long_gaps = [(a, b) for a, b in zip(stamps, stamps[1:]) if (b - a) > 0.05]
    gc_in_long = sum(any(a <= t <= b and d > 0.005 for t, d, _ in in_window) for a, b in long_gaps)

    def pct(values: list[float], q: float) -> float:
        return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else 0.0

    return {
        "work_max_ms": pct(work, 1.0), "work_p99_ms": pct(work, 0.99),
        "flip_max_ms": pct(swaps, 1.0), "flip_p99_ms": pct(swaps, 0.99),
        "seconds": round(seconds, 1), "ui_frames": len(stamps), "max_ms": round(gaps[-1], 1),
        "p99_ms": round(gaps[min(len(gaps) - 1, int(0.99 * len(gaps)))], 1),
        "median_ms": round(statistics.median(gaps), 1), "over_50ms": sum(g > 50 for g in gaps),
        "pipeline_frames": steps, "pipeline_fps": round(steps / seconds, 1) if seconds else 0.0,
        "moves": app.history_len, "inline": args.inline,
        "load_avg": round(os.getloadavg()[0], 1),
        "gc_collections": len(in_window),
        "gc_max_ms": round(max((d for _, d, _ in in_window), default=0.0) * 1000, 1),
        "gc_full_collections": sum(g == 2 for _, _, g in in_window),
        "over_50ms_with_gc": gc_in_long,
        "slowest_frames_ms": [{"busy": round((f - sl) * 1000, 1), "swap": round(sw * 1000, 1)}
                              for f, sw, sl in sorted(frames, key=lambda x: x[0] - x[2], reverse=True)[:5]],
    }


def _instrument(frames: list, state: dict) -> None:
    """Time each whole UI frame (EventLoop.idle), its buffer swap and the clock's idle sleep, so
    the report can tell our own work from the software renderer's swap."""
    from kivy.base import EventLoop
    from kivy.clock import Clock

    window = EventLoop.window
    acc = {"swap": 0.0, "sleep": 0.0}
    flip, usleep, idle = window.flip, Clock.usleep, EventLoop.idle

    def timed_flip() -> None:
        t = time.perf_counter()
        flip()
        acc["swap"] += time.perf_counter() - t

    def timed_usleep(microseconds: float) -> None:
        t = time.perf_counter()
        usleep(microseconds)
        acc["sleep"] += time.perf_counter() - t

    def timed_idle() -> None:
        acc["swap"] = acc["sleep"] = 0.0
        t = time.perf_counter()
        idle()
        if state["measuring"]:
            frames.append((time.perf_counter() - t, acc["swap"], acc["sleep"]))

    window.flip = timed_flip
    Clock.usleep = timed_usleep
    EventLoop.idle = timed_idle


def _watch_gc(pauses: list[tuple[float, float, int]]) -> None:
    """Record every garbage collection (start, seconds, generation): a full collection stops
    every thread, so it shows up as a long UI frame that is nobody's work."""
    import gc

    started = {"t": 0.0}

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            started["t"] = time.perf_counter()
        else:
            pauses.append((started["t"], time.perf_counter() - started["t"], int(info["generation"])))

    gc.callbacks.append(callback)


def _steps(app) -> int:
    worker = app.worker
    return getattr(worker, "steps", 0) if worker is not None else 0


def _go_inline(app) -> None:
    """Baseline only: stop the worker's own loop and call its step from the UI clock instead."""
    from kivy.clock import Clock

    worker = app.worker
    worker._commands.put(("stop", None))  # its thread ends after building; we take over
    worker._thread.join()
    # build again on this (UI) thread and step from the clock
    from ui.app.worker import build_pipeline

    from dataclasses import replace

    worker.pipeline, worker.twin, worker._log = build_pipeline(replace(worker.setup, log_path=None))

    def step(_dt: float) -> None:
        update = worker.pipeline.step()
        worker.steps += 1
        if update is None:
            return
        if worker.pipeline.tracked.pending is not None and worker.twin is not None:
            worker.pipeline.tracked.answer(worker.twin.truthful_answer(worker.pipeline.tracked.pending,
                                                                       worker.pipeline.tracked.state.history))
        events = worker._tracker_events(update.events)
        if update.recognised:
            worker._overlay = tuple(update.overlay)
        worker.mailbox.post(worker._view(update), events)

    Clock.schedule_interval(step, 0)


if __name__ == "__main__":
    raise SystemExit(main())
