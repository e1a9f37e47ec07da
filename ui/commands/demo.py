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

from rules.safe_json import shown


class CommandError(ValueError):
    """A user error: the CLI prints it as one line and exits 2 (a ValueError, so that it is
    caught the same way however the CLI was started)."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "demo",
        help="watch a seeded game (Octocube, Open Season or Octo Dice) in the digital twin (camera pipeline)",
        description="The truth engine plays a seeded game with random legal moves; the renderer "
        "films it (camera noise, lighting changes, hands); the tracker follows from the frames "
        "with a hidden-information state. Injected illegal moves (--illegal) are put right by "
        "the simulated players, who also answer the tracker's questions truthfully.",
    )
    p.add_argument("--game", default="octocube", choices=["octocube", "open_season", "octo_dice"],
                   help="the game (default octocube)")
    p.add_argument("--players", type=int, default=3, help="2-4 players (octo_dice 1-4; default 3)")
    p.add_argument("--variant", choices=["solo", "virtual"],
                   help="octo_dice: the solo game (1 player) or the 2-player virtual-player variant")
    p.add_argument("--turns", type=int, default=0, metavar="T",
                   help="octo_dice: stop after T turns (default 0 = the whole game)")
    p.add_argument("--seed", type=int, default=1, help="setup and move seed (default 1)")
    p.add_argument("--illegal", type=int, default=2, metavar="K", help="illegal moves to inject (default 2)")
    p.add_argument("--moves", type=int, default=40, metavar="N",
                   help="stop the game after N moves so the demo stays short (default 40; 0 = play to the end)")
    p.add_argument("--tilt", type=float, default=15.0, help="camera tilt from vertical, degrees (default 15)")
    p.add_argument("--lighting", default="day", choices=["day", "lamp", "evening"])
    p.add_argument("--resolution", default=None,
                   help="camera resolution WxH (default: the game's own, 960x540; octo_dice 1920x1080, as its "
                   "dice need)")
    p.add_argument("--realistic", action="store_true",
                   help="full realism: 1280x720 and as many frames per move as a 10 fps webcam sees")
    p.add_argument("--doubt", type=float, default=0.0,
                   help="share of readings the recogniser is unsure about (0-1, default 0)")
    p.add_argument("--recogniser", choices=["pixels", "ground-truth"],
                   help="what reads the frames (the same as --pixels / --ground-truth); octo_dice "
                   "reads the renderer's labels unless asked for pixels")
    p.add_argument("--ground-truth", dest="pixels", action="store_false", default=None,
                   help="read the renderer's labels of what is visible instead of the pixels (isolates "
                   "the tracker from recognition errors; the default reads the frames with vision.octocube)")
    p.add_argument("--pixels", dest="pixels", action="store_true", default=None,
                   help="read the frames with the pixel recogniser (the default for Octocube; Open Season "
                   "and Octo Dice read the renderer's labels unless --pixels, --art or --pack is given)")
    p.add_argument("--pack", metavar="FILE",
                   help="read the components by a taught copy (tablesight teach ... --out FILE) instead of "
                   "the built-in art")
    p.add_argument("--art", metavar="DIR",
                   help="draw the twin's components from this art pack (octocube/, open_season/ PNGs; "
                        "docs/teach.md), e.g. one written by 'tablesight render --random-art SEED'")
    p.add_argument("--log", help="write the event log here (JSON lines)")
    p.add_argument("--video-out", metavar="FILE",
                   help="also write the film the camera saw to this video file (.avi: Motion JPEG; .mp4)")
    p.add_argument("--headless", action="store_true", help="no window (default when there is no display)")
    p.add_argument("--json", action="store_true", help="print one JSON object with the figures")
    p.add_argument("--rules-only", "--no-camera", dest="rules_only", action="store_true",
                   help="the old demo: the rules engine plays and prints a game, no camera")
    p.add_argument("--mode", choices=["standard", "kids", "advanced"], default="standard",
                   help="game mode (default standard)")
    p.add_argument("--side", choices=["horn", "shield"], default="horn",
                   help="Open Season: the player boards' side (default horn)")
    p.add_argument("--expert", action="store_true", help="Open Season: with the expert bonus tiles")
    p.set_defaults(handler=run, pixels=None)


def _resolution(text: str | None, game: str = "octocube") -> tuple[int, int]:
    if text is None:
        from tracker.registry import table_game

        return table_game(game).demo_resolution
    return _parse_resolution(text)


def _parse_resolution(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CommandError(f"--resolution must look like 1280x720, not {shown(text)}") from None
    if w < 320 or h < 180:
        raise CommandError(f"--resolution {text} is too small (at least 320x180)")
    return w, h


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The engine options of ``--game`` (each game has its own; the same rules as ``run``)."""
    from ui.commands.game_options import engine_options

    try:
        return engine_options(args.game, args, args.players)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    for option in ("video_out", "log"):
        if getattr(args, option, None) == "":
            raise CommandError(f"--{option.replace('_', '-')} needs a file name")
    if args.recogniser is not None:
        args.pixels = args.recogniser == "pixels"
    if args.game == "octo_dice":
        if getattr(args, "art", None) is not None:
            raise CommandError("art packs draw Octocube and Open Season components (Octo Dice has none yet)")
        return _octo_dice(args)
    if args.pixels is None:  # Open Season's demo reads the labels unless --pixels (a scene read takes ~1 s)
        # ... but an art pack or a taught pack only matters to the pixels: read them then
        args.pixels = (args.game != "open_season" or getattr(args, "art", None) is not None
                       or getattr(args, "pack", None) is not None)
    if not 2 <= args.players <= 4:
        raise CommandError(f"{args.game} is for 2-4 players, not {args.players}")
    if not 0 <= args.seed < 2**32:
        raise CommandError(f"--seed must be 0 to {2**32 - 1}, not {args.seed}")
    if args.game == "open_season" and args.rules_only:
        raise CommandError("--rules-only plays Octocube; for Open Season use tablesight simulate open_season")
    if args.rules_only and args.art is not None:
        raise CommandError("--rules-only plays without a camera: an art pack (--art) has nothing to draw")
    if args.rules_only:
        from rules.octocube import OctocubeGame
        from rules.octocube.playthrough import play_lines

        for line in play_lines(OctocubeGame(args.players, mode=args.mode), args.seed):
            print(line)
        return 0

    from tracker.build import build_pipeline

    setup = demo_setup(args)
    setup.check()
    writer = _VideoOut(args.video_out) if args.video_out else None  # a bad name refused before any work
    log = None
    if args.log:
        from tracker.event_log import EventLog

        from rules.registry import make_game

        game: Any = make_game(args.game, args.players, **_options(args))  # Octocube or Open Season here
        state0 = game.new_initial_state(args.seed, hidden=True)  # what a camera sees: tiles under tops unknown
        log = EventLog.create(args.log, state0, players=[], fsync=False, source="demo", seed=args.seed)
    demo = build_pipeline(setup, log=log)
    variant = (f"{args.side}{', expert' if args.expert else ''}" if args.game == "open_season" else args.mode)
    try:
        result = _watch(args, demo, writer, f"demo: {args.game} ({variant}), {args.players} players, seed "
                        f"{args.seed}, {_moves(demo)} moves, {args.illegal} illegal; recogniser: {demo.recogniser_name}")
    finally:
        if log is not None:
            log.close()
    score_text = result.pop("score_text")
    result["art"] = args.art or "built-in"
    if args.json:
        print(json.dumps(result))
        return 0
    print()
    print(f"moves followed: {result['moves_correct']}/{result['moves_total']}; illegal flagged: "
          f"{result['illegal_flagged']}/{result['illegal_injected']}; false alarms: {result['false_alarms']}; "
          f"questions: {result['questions_asked']}")
    print(f"frames: {result['frames']} ({result['frames_per_s']} per second including rendering); "
          f"{result['calibration']}")
    _say_film(args, result)
    if result.get("unknown_copy"):
        print(f"NOT TRACKED: {result['unknown_copy_scenes']} of {result['scenes_read']} still scenes, from scene "
              f"{result['unknown_copy_first_scene']}: {result['unknown_copy']}")
    print("final scores " + ("match the truth" if result["final_scores_match"] else
                             f"DIFFER from the truth {result['truth_scores']}"))
    print(score_text)
    return 0


def demo_setup(args: argparse.Namespace) -> Any:
    """The Octocube or Open Season demo's :class:`tracker.table.TableSetup` from its parsed
    arguments (bench/teach.py checks that its games are the ones its printed command lines play)."""
    from tracker.table import TableSetup

    if args.realistic:
        resolution, film_frames = (1280, 720), None
    else:
        resolution, film_frames = _resolution(args.resolution, args.game), (3, 1, 2, 1)
    return TableSetup(game=args.game, players=args.players, options=_options(args), source="demo",
                      recogniser="pixels" if args.pixels else "ground-truth", seed=args.seed,
                      illegal=args.illegal, moves=args.moves, tilt=args.tilt, lighting=args.lighting,
                      resolution=resolution, film_frames=film_frames, doubt=args.doubt, art=args.art,
                      pack_path=_pack_path(args))


def _pack_path(args: argparse.Namespace) -> str | None:
    """``--pack FILE``: checked here so that a missing or foreign file is one clear line."""
    path = getattr(args, "pack", None)
    if path is None:
        return None
    if path == "":
        raise CommandError("--pack needs a file name")
    if not args.pixels:
        raise CommandError("--pack teaches the pixel recogniser: drop --ground-truth")
    return str(path)


def _octo_dice(args: argparse.Namespace) -> int:
    """The Octo Dice demo: the dice mat filmed, rolls and set-asides read, the players' choices
    entered on the tablet by the twin; ``--json`` adds the reading figures (rolls_total,
    rolls_read_right, dice_read_right, cocked_found ...)."""
    from tracker.build import build_pipeline
    from tracker.table import TableSetup

    if not 1 <= args.players <= 4:
        raise CommandError(f"octo_dice is for 1-4 players, not {args.players}")
    options = _options(args)
    if args.seed < 0 or args.turns < 0:
        raise CommandError("--seed and --turns must not be negative")
    if args.rules_only or args.log:
        raise CommandError("--rules-only and --log are for octocube (octo_dice: tablesight simulate octo_dice)")
    variant = options["variant"]
    resolution, film_frames = ((1280, 720), None) if args.realistic else (_resolution(args.resolution, args.game), (3, 1, 2, 1))
    setup = TableSetup(game="octo_dice", players=args.players, options={"variant": variant, "turns": args.turns},
                       source="demo", recogniser="pixels" if args.pixels else "ground-truth", seed=args.seed,
                       illegal=args.illegal, tilt=args.tilt, lighting=args.lighting, resolution=resolution,
                       film_frames=film_frames)
    setup.check()
    writer = _VideoOut(args.video_out) if args.video_out else None  # a bad name refused before any work
    demo = build_pipeline(setup)
    result = _watch(args, demo, writer, f"demo: octo_dice ({variant or 'standard'}), {args.players} player(s), "
                    f"seed {args.seed}, {_moves(demo)} moves, {args.illegal} illegal; recogniser: {demo.recogniser_name}")
    score_text = result.pop("score_text")
    if args.json:
        print(json.dumps(result))
        return 0
    print()
    print(f"moves followed: {result['moves_correct']}/{result['moves_total']}; illegal flagged: "
          f"{result['illegal_flagged']}/{result['illegal_injected']}; false alarms: {result['false_alarms']}")
    print(f"rolls read right: {result.get('rolls_read_right', 0)}/{result.get('rolls_total', 0)}; dice read right: "
          f"{result.get('dice_read_right', 0)}/{result.get('dice_total', 0)}; cocked dice found: "
          f"{result.get('cocked_found', 0)}/{result.get('cocked_total', 0)}; said to lie flat: "
          f"{result.get('cocked_overruled', 0)}; said misread: {result.get('misread_said', 0)}")
    _say_film(args, result)
    print("final scores " + ("match the truth" if result["final_scores_match"] else
                             f"DIFFER from the truth {result['truth_scores']}"))
    print(score_text)
    return 0


DISPLAY: Any = None
"""What ``tablesight demo`` shows of the tracker's doubts (:class:`ui.display.DisplayConfig`; None:
the defaults). The tests set it for their off controls."""


def _watch(args: argparse.Namespace, demo: Any, writer: "_VideoOut | None", header: str) -> dict[str, Any]:
    """Runs the demo pipeline to the end, every game alike: its lines printed (not with
    ``--json``), the frames shown in a window when there is a display and written to
    ``--video-out``; the figures, with ``video_out`` where a film was written."""
    from tracker.demo_run import run_demo

    show = None
    if not args.headless and not args.json and os.environ.get("DISPLAY"):
        show = _window()
    say = None if args.json else (lambda line: print(line, flush=True))
    if say:
        say(header)

    def on_update(update: Any) -> None:
        if writer is not None:
            writer.write(update)
        if show is not None:
            show(update)

    from ui.display import DisplayConfig, ShownGame

    display = DISPLAY or DisplayConfig()
    shown = ShownGame(demo.pipeline.tracked, display)

    def on_scene() -> None:  # a move made provisionally (or settled) since: said
        for line in shown.scene_done():
            if say is not None:
                say(line)

    try:
        result = run_demo(demo, say, on_update, on_scene=on_scene,
                          on_event=shown.event if display.demo_json_shown else None)
    finally:
        if writer is not None:
            writer.close()
    if display.demo_json_shown:  # what was shown, as ``run --json`` has it
        shown.scene_done()  # the game's end may settle a wait
        result["shown"] = shown.entries
        result["provisional"] = shown.provisional_now()
    if writer is not None:
        result["video_out"] = {"path": args.video_out, "frames": writer.frames, "fps": writer.fps}
    return result


def _say_film(args: argparse.Namespace, result: dict[str, Any]) -> None:
    """Where the film went, and the ``run`` command that follows it (with the game's options)."""
    film = result.get("video_out")
    if film is None:
        return
    options = ""
    if args.game == "octo_dice" and args.variant:
        options = f" --variant {args.variant}"
    elif args.game == "open_season":
        options = f" --side {args.side}" + (" --expert" if args.expert else "")
    elif args.game == "octocube" and args.mode != "standard":
        options = f" --mode {args.mode}"
    print(f"film written to {film['path']} ({film['frames']} frames at {film['fps']:g} fps); follow it with "
          f"tablesight run --game {args.game} --players {args.players}{options} --first-player "
          f"{result['first_player']} --video {film['path']}")


class _VideoOut:
    """The frames the pipeline saw, written as an ordinary video file (OpenCV's writer)."""

    def __init__(self, path: str, fps: float = 10.0) -> None:
        from pathlib import Path

        target = Path(path)
        if target.suffix.lower() not in (".avi", ".mp4"):
            raise CommandError(f"--video-out must end in .avi or .mp4, not {shown(target.name)}")
        if not target.parent.exists() or not target.parent.is_dir():
            raise CommandError(f"--video-out: no folder {shown(str(target.parent))}")
        self.path = str(target)
        self.fps = fps
        self.frames = 0
        self._writer: Any = None

    def write(self, update: Any) -> None:
        import cv2

        if update.image is None:
            return
        if self._writer is None:
            h, w = update.image.shape[:2]
            fourcc = cv2.VideoWriter.fourcc(*("MJPG" if self.path.lower().endswith(".avi") else "mp4v"))
            self._writer = cv2.VideoWriter(self.path, fourcc, self.fps, (w, h))
            if not self._writer.isOpened():
                raise CommandError(f"cannot write a video to {self.path}")
            if self.path.lower().endswith(".avi"):
                self._writer.set(cv2.VIDEOWRITER_PROP_QUALITY, 95)
        self._writer.write(update.image)
        self.frames += 1

    def close(self) -> None:
        if self._writer is not None:
            self._writer.release()


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


def _moves(demo: Any) -> int:
    """The moves of the twin's game (a demo pipeline always has a twin)."""
    return len(demo.twin.truth.history) if demo.twin is not None else 0
