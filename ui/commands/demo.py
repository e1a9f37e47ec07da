"""``tablesight demo``: a seeded Octocube game in the digital twin, watched by the whole camera
pipeline (renderer -> camera source -> calibration -> stillness gate -> recogniser -> tracker).

``--rules-only`` keeps the old behaviour: the rules engine alone plays a seeded game and prints
it in plain words."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any


class CommandError(ValueError):
    """A user error: the CLI prints it as one line and exits 2 (a ValueError, so that it is
    caught the same way however the CLI was started)."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "demo",
        help="watch a seeded Octocube game in the digital twin (camera pipeline)",
        description="The truth engine plays a seeded game with random legal moves; the renderer "
        "films it (camera noise, lighting changes, hands); the tracker follows from the frames "
        "with a hidden-information state. Injected illegal moves (--illegal) are put right by "
        "the simulated players, who also answer the tracker's questions truthfully.",
    )
    p.add_argument("--game", default="octocube", choices=["octocube"], help="only octocube so far")
    p.add_argument("--players", type=int, default=3, help="2-4 players (default 3)")
    p.add_argument("--seed", type=int, default=1, help="setup and move seed (default 1)")
    p.add_argument("--illegal", type=int, default=2, metavar="K", help="illegal moves to inject (default 2)")
    p.add_argument("--moves", type=int, default=40, metavar="N",
                   help="stop the game after N moves so the demo stays short (default 40; 0 = play to the end)")
    p.add_argument("--tilt", type=float, default=15.0, help="camera tilt from vertical, degrees (default 15)")
    p.add_argument("--lighting", default="day", choices=["day", "lamp", "evening"])
    p.add_argument("--resolution", default="960x540", help="camera resolution WxH (default 960x540)")
    p.add_argument("--realistic", action="store_true",
                   help="full realism: 1280x720 and as many frames per move as a 10 fps webcam sees")
    p.add_argument("--doubt", type=float, default=0.0,
                   help="share of readings the recogniser is unsure about (0-1, default 0)")
    p.add_argument("--ground-truth", dest="pixels", action="store_false",
                   help="read the renderer's labels of what is visible instead of the pixels (isolates "
                   "the tracker from recognition errors; the default reads the frames with vision.octocube)")
    p.add_argument("--pixels", dest="pixels", action="store_true", default=True,
                   help="read the frames with the pixel recogniser (the default)")
    p.add_argument("--log", help="write the event log here (JSON lines)")
    p.add_argument("--headless", action="store_true", help="no window (default when there is no display)")
    p.add_argument("--json", action="store_true", help="print one JSON object with the figures")
    p.add_argument("--rules-only", "--no-camera", dest="rules_only", action="store_true",
                   help="the old demo: the rules engine plays and prints a game, no camera")
    p.add_argument("--mode", choices=["standard", "kids", "advanced"], default="standard",
                   help="game mode (--rules-only; the camera demo plays standard)")
    p.set_defaults(handler=run)


def _resolution(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CommandError(f"--resolution must look like 1280x720, not {text!r}") from None
    if w < 320 or h < 180:
        raise CommandError(f"--resolution {text} is too small (at least 320x180)")
    return w, h


def run(args: argparse.Namespace) -> int:
    if not 2 <= args.players <= 4:
        raise CommandError(f"octocube is for 2-4 players, not {args.players}")
    if args.rules_only:
        from rules.octocube import OctocubeGame
        from rules.octocube.playthrough import play_lines

        for line in play_lines(OctocubeGame(args.players, mode=args.mode), args.seed):
            print(line)
        return 0
    if args.mode != "standard":
        raise CommandError("the camera demo plays the standard game; use --rules-only for other modes")
    if args.illegal < 0 or args.moves < 0:
        raise CommandError("--illegal and --moves must not be negative")
    if not 0.0 <= args.tilt <= 45.0:
        raise CommandError(f"--tilt must be 0-45 degrees, not {args.tilt}")
    if not 0.0 <= args.doubt <= 1.0:
        raise CommandError(f"--doubt must be 0-1, not {args.doubt}")

    from tracker.demo_run import run_demo
    from tracker.pipeline import build_demo_pipeline
    from vision.render.sequence import Timing

    if args.realistic:
        resolution, timing = (1280, 720), Timing()
    else:
        resolution, timing = _resolution(args.resolution), Timing(still_frames=3, reach_frames=1,
                                                                  hold_frames=2, retreat_frames=1)
    log = None
    if args.log:
        from tracker.event_log import EventLog

        from rules.octocube import OctocubeGame

        state0 = OctocubeGame(args.players).new_initial_state(args.seed, hidden=True)
        log = EventLog.create(args.log, state0, players=[], fsync=False, source="demo", seed=args.seed)
    demo = build_demo_pipeline(args.players, args.seed, args.illegal, tilt=args.tilt, lighting=args.lighting,
                               resolution=resolution, timing=timing, max_moves=args.moves or None,
                               doubt=args.doubt, log=log, pixels=args.pixels)
    show = None
    if not args.headless and not args.json and os.environ.get("DISPLAY"):
        show = _window()
    say = None if args.json else (lambda line: print(line, flush=True))
    if say:
        say(f"demo: Octocube, {args.players} players, seed {args.seed}, {len(demo.twin.truth.history)} moves, "
            f"{args.illegal} illegal; recogniser: {demo.recogniser_name}")
    if show is not None:
        demo.pipeline.step = _showing(demo.pipeline.step, show)  # type: ignore[method-assign]
    try:
        result = run_demo(demo, say)
    finally:
        if log is not None:
            log.close()
    score_text = result.pop("score_text")
    if args.json:
        print(json.dumps(result))
        return 0
    print()
    print(f"moves followed: {result['moves_correct']}/{result['moves_total']}; illegal flagged: "
          f"{result['illegal_flagged']}/{result['illegal_injected']}; false alarms: {result['false_alarms']}; "
          f"questions: {result['questions_asked']}")
    print(f"frames: {result['frames']} ({result['frames_per_s']} per second including rendering); "
          f"{result['calibration']}")
    print("final scores " + ("match the truth" if result["final_scores_match"] else
                             f"DIFFER from the truth {result['truth_scores']}"))
    print(score_text)
    return 0


def _window() -> Any:
    try:
        import cv2

        cv2.namedWindow("tablesight demo", cv2.WINDOW_NORMAL)
    except Exception:  # headless OpenCV build: no window, carry on
        print("no window available (headless OpenCV); running headless", file=sys.stderr)
        return None

    def show(update: Any) -> None:
        from tracker.overlay import draw_overlay

        if update is not None and update.image is not None:
            cv2.imshow("tablesight demo", draw_overlay(update))
            cv2.waitKey(1)

    return show


def _showing(step: Any, show: Any) -> Any:
    def wrapped() -> Any:
        update = step()
        show(update)
        return update

    return wrapped
