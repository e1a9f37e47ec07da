"""``tablesight run``: the live pipeline at the table.

camera (``--camera``), a recorded video (``--video``) or the digital twin (``--demo``) ->
calibration (``--profile``, or the markers found in the first frames; live re-check) ->
stillness gate -> recogniser -> tracker. Prompts and events are printed as they happen;
questions are answered by typing the option number (in ``--demo`` the simulated players answer
truthfully). ``--resume LOG`` continues a game from its event log with the same state.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


class CommandError(ValueError):
    """A user error: the CLI prints it as one line and exits 2 (a ValueError, so that it is
    caught the same way however the CLI was started)."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "run",
        help="run the live camera pipeline on a game",
        description="Watch the table and keep the rules engine in step with the real game.",
    )
    p.add_argument("--game", default="octocube", choices=["octocube"])
    p.add_argument("--players", type=int, default=None, help="2-4 players (not needed with --resume)")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--camera", type=int, metavar="INDEX", help="webcam index (default 0)")
    src.add_argument("--video", metavar="FILE", help="a recorded video of the table")
    src.add_argument("--demo", action="store_true", help="the digital twin instead of a camera")
    p.add_argument("--profile", help="calibration profile (JSON) from tablesight calibrate")
    p.add_argument("--log", help="event log to write (default: octocube-<time>.jsonl)")
    p.add_argument("--resume", metavar="LOG", help="continue the game recorded in this event log")
    p.add_argument("--seed", type=int, default=1, help="--demo: game seed (default 1)")
    p.add_argument("--illegal", type=int, default=0, help="--demo: illegal moves to inject")
    p.add_argument("--moves", type=int, default=40, help="--demo: stop after N moves (0 = whole game)")
    p.add_argument("--first-player", type=int, default=0, help="live game: seat that starts (0 = red)")
    p.add_argument("--max-frames", type=int, default=0, help="stop after this many frames (0 = no limit)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tracker.event_log import EventLog, EventLogError, replay

    resumed = None
    if args.resume:
        try:
            resumed = replay(args.resume)
        except EventLogError as exc:
            raise CommandError(str(exc)) from None
        if resumed.damaged_line is not None:
            print(f"log: {resumed.damage}; resuming from the {len(resumed.events)} complete events")
        players = resumed.state.game.num_players
        if args.players is not None and args.players != players:
            raise CommandError(f"the log is a {players}-player game, not {args.players}")
    else:
        if args.players is None:
            raise CommandError("say how many players (--players N) or --resume a log")
        players = args.players
    if not 2 <= players <= 4:
        raise CommandError(f"octocube is for 2-4 players, not {players}")

    if args.demo:
        pipe, twin = _demo_pipeline(args, players, resumed)
    else:
        pipe, twin = _live_pipeline(args, players, resumed), None

    log_path = args.resume or args.log
    if log_path is None:
        import time

        log_path = time.strftime("octocube-%Y%m%d-%H%M%S.jsonl")
    try:
        log = EventLog(log_path, fsync=True) if resumed is not None else EventLog.create(
            log_path, pipe.tracked.state, players=[], source="demo" if args.demo else "camera")
    except EventLogError as exc:
        raise CommandError(str(exc)) from None
    if log.recovered_from:
        print(f"log: cut a damaged tail ({log.recovered_from}); kept in {log_path}.damaged")
    pipe.tracked.log = log
    print(f"event log: {log_path}" + (f" (resumed after {len(pipe.tracked.state.history)} moves)" if resumed else ""))
    try:
        return _loop(pipe, twin, args.max_frames)
    finally:
        log.close()
        pipe.close()


def _loop(pipe: Any, twin: Any, max_frames: int) -> int:
    from tracker.demo_run import event_words
    from tracker.prompts import octocube_prompt
    from tracker.session import QuestionAsked

    last_prompt = ""
    last_camera = "ok"
    frames = 0
    while True:
        try:
            update = pipe.step()
        except KeyboardInterrupt:
            print("stopped; the event log holds the game (resume with --resume)")
            return 130
        if update is None:
            print("the camera has ended")
            break
        if update.camera_message != last_camera:
            print(f"camera: {update.camera_message}")
            last_camera = update.camera_message
        frames += update.image is not None
        events = list(update.events)
        while events:
            event = events.pop(0)
            print(event_words(event))
            if isinstance(event, QuestionAsked):
                option = _ask(event.question, twin, pipe)
                reply = pipe.tracked.reject() if option is None else pipe.tracked.answer(option)
                events = list(reply) + events
        prompt = octocube_prompt(pipe.tracked.state)
        if prompt != last_prompt:
            print(f">> {prompt}")
            last_prompt = prompt
        if max_frames and frames >= max_frames:
            break
    print(pipe.tracked.state.score_breakdown().to_text(None))
    return 0


def _ask(question: Any, twin: Any, pipe: Any) -> int | None:
    if twin is not None:
        option = twin.truthful_answer(question, pipe.tracked.state.history)
        print(f"(simulated players answer {'none of these' if option is None else option + 1})")
        return option
    while True:
        try:
            text = input(f"answer 1-{len(question.options)}, or 0 for none of these: ").strip()
        except EOFError:
            print("no answer possible (input closed): taking option 1 is a guess, so stopping here")
            raise SystemExit(3) from None
        if text == "0":
            return None
        if text.isdigit() and 1 <= int(text) <= len(question.options):
            return int(text) - 1
        print(f"type a number from 1 to {len(question.options)}")


def _demo_pipeline(args: argparse.Namespace, players: int, resumed: Any) -> tuple[Any, Any]:
    from tracker.pipeline import build_demo_pipeline
    from vision.render.sequence import Timing

    demo = build_demo_pipeline(players, args.seed, args.illegal, resolution=(960, 540),
                               timing=Timing(still_frames=3, reach_frames=1, hold_frames=2, retreat_frames=1),
                               max_moves=args.moves or None)
    if resumed is not None:
        _fast_forward(demo, resumed.state)
    return demo.pipeline, demo.twin


def _fast_forward(demo: Any, state: Any) -> None:
    """Resume a demo: the tracker takes the logged state; the film skips to the first change the
    log does not hold yet."""
    from tracker.session import TrackedGame

    done = len(state.history)
    twin = demo.twin
    if [m for m in twin.truth.history[:done]] != list(state.history):
            raise CommandError("the log does not belong to this demo game (another --seed or --players?)")
    start = next((i for i, c in enumerate(twin.changes) if c.kind == "move" and c.truth_moves > done),
                 len(twin.changes))
    pipe = demo.pipeline
    pipe.tracked = TrackedGame(state, pipe.tracked.adapter, None, pipe.tracked.config)
    source = pipe.source
    original = source._grab

    def skipping() -> Any:
        while True:
            got = original()
            if got is None or (got[2] or {}).get("change_index", 0) >= start - 1:
                return got

    source._grab = skipping


def _live_pipeline(args: argparse.Namespace, players: int, resumed: Any) -> Any:
    from hardware.camera import CameraError, DeviceSource, VideoFileSource
    from rules.octocube import OctocubeGame
    from tracker.octocube_adapter import OctocubeAdapter
    from tracker.pipeline import Pipeline
    from tracker.session import TrackedGame

    profile = None
    if args.profile:
        from calibration.profile import load_profile

        profile = load_profile(args.profile)
    try:
        source = VideoFileSource(args.video) if args.video else DeviceSource(args.camera or 0)
    except CameraError as exc:
        raise CommandError(str(exc)) from None
    holder: list[Any] = []
    game_size = OctocubeGame(players).grid_size
    recogniser = _pixel_recogniser(game_size, players, lambda: holder[0].profile if holder else None)
    if resumed is not None:
        state = resumed.state
    else:
        from tracker.deal import unseen_deal

        # nothing of the deal is known until the camera sees it: the first still scene reveals
        # every stack's top (logged as reveals, so a replay rebuilds the same game)
        state = unseen_deal(OctocubeGame(players), args.first_player)
        print("the deal is read from the first still frame", file=sys.stderr)
    pipe = Pipeline(source, recogniser, TrackedGame(state, OctocubeAdapter()), profile=profile)
    holder.append(pipe)
    return pipe


def _pixel_recogniser(grid_size: int, players: int, pipeline_profile: Any) -> Any:
    try:
        import vision.octocube.recogniser  # noqa: F401
    except ImportError as exc:
        raise CommandError(f"the Octocube recogniser (vision/octocube) cannot be loaded ({exc}); "
                           "use --demo to run the pipeline on the digital twin") from None
    from tracker.pipeline import PixelRecogniser

    return PixelRecogniser(grid_size, players, profile_of=pipeline_profile)
