"""``tablesight run``: the live pipeline at the table.

camera (``--camera``), a recorded video (``--video``) or the digital twin (``--demo``) ->
calibration (``--profile``, or the markers found in the first frames; live re-check) ->
stillness gate -> recogniser -> tracker, assembled by :func:`tracker.build.build_pipeline` like
everywhere else. Prompts and events are printed as they happen; questions are answered by typing
the option number (in ``--demo`` the simulated players answer truthfully; ``--answer`` lets an
unattended run take the likeliest option or none). ``--resume
LOG`` continues a game from its event log with the same state.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any


class CommandError(ValueError):
    """A user error: the CLI prints it as one line and exits 2 (a ValueError, so that it is
    caught the same way however the CLI was started)."""


def register(subparsers: Any) -> None:
    from tracker.registry import tracked_games
    from ui.commands.game_options import add_variant_arguments

    p = subparsers.add_parser(
        "run",
        help="run the live camera pipeline on a game",
        description="Watch the table and keep the rules engine in step with the real game.",
    )
    p.add_argument("--game", default="octocube", choices=list(tracked_games()))
    p.add_argument("--players", type=int, default=None, help="2-4 players (not needed with --resume)")
    add_variant_arguments(p)
    src = p.add_mutually_exclusive_group()
    src.add_argument("--camera", type=int, metavar="INDEX", help="webcam index (default 0)")
    src.add_argument("--video", metavar="FILE", help="a recorded video of the table")
    src.add_argument("--demo", action="store_true", help="the digital twin instead of a camera")
    p.add_argument("--profile", help="calibration profile (JSON) from tablesight calibrate")
    p.add_argument("--pack", metavar="FILE",
                   help="a taught copy of the game (tablesight teach ... --out FILE): read its components "
                   "by their faces instead of the built-in art")
    p.add_argument("--log", help="event log to write (default: <game>-<time>.jsonl)")
    p.add_argument("--resume", metavar="LOG", help="continue the game recorded in this event log")
    p.add_argument("--seed", type=int, default=1, help="--demo: game seed (default 1)")
    p.add_argument("--illegal", type=int, default=0, help="--demo: illegal moves to inject")
    p.add_argument("--moves", type=int, default=40, help="--demo: stop after N moves (0 = whole game)")
    p.add_argument("--first-player", type=int, default=0, help="live game: seat that starts (0 = red)")
    p.add_argument("--max-frames", type=int, default=0, help="stop after this many frames (0 = no limit)")
    p.add_argument("--answer", choices=["ask", "likeliest", "none"], default="ask",
                   help="who answers the tracker's questions: ask on the terminal (default), take the "
                   "camera's likeliest option, or none of these (unattended runs of a recorded video)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object at the end (moves, questions, alerts, final scores, frames)")
    p.add_argument("--tower", metavar="PORT",
                   help="a serial dice tower (docs/tower.md): print its events; 'auto' finds it. A tower "
                   "that is absent or fails is reported and the game goes on from the camera alone")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tracker.build import build_pipeline
    from tracker.event_log import EventLog, EventLogError, replay
    from tracker.registry import table_game
    from tracker.table import TableSetup
    from ui.commands.game_options import engine_options

    if args.max_frames < 0 or args.moves < 0 or args.illegal < 0:
        raise CommandError("--max-frames, --moves and --illegal must not be negative")
    for option in ("video", "profile", "log", "resume", "tower", "pack"):
        if getattr(args, option) == "":
            raise CommandError(f"--{option} needs a name, not an empty one")
    if not 0 <= args.seed < 2**32:
        raise CommandError(f"--seed must be 0 to {2**32 - 1}, not {args.seed}")
    if args.players is not None and not 1 <= args.players <= 8:
        raise CommandError(f"--players must be a small number of seats, not {args.players}")
    if args.players is not None and not 0 <= args.first_player < args.players:
        raise CommandError(f"--first-player must be a seat from 0 to {args.players - 1}, not {args.first_player}")
    resumed = None
    if args.resume:
        try:
            resumed = replay(args.resume)
        except EventLogError as exc:
            raise CommandError(str(exc)) from None
        if resumed.legacy:
            raise CommandError(f"{args.resume} is a version 1 log, written before logs carried an integrity chain: "
                               "replay it (read-only) with `tablesight replay`; it cannot be resumed")
        if not resumed.resumable:
            raise CommandError(f"{args.resume}: {resumed.damage}; {resumed.skipped_lines - 1} more line(s) follow it, "
                               "so the log was altered, not cut by a crash: not resumed (`tablesight replay` shows "
                               f"the game up to line {(resumed.damaged_line or 1) - 1})")
        _note(args, f"log: {resumed.lines - (resumed.damaged_line is not None)} lines checked (game id, order, "
              f"hash chain, players, rules): {len(resumed.state.history)} moves")
        players = resumed.state.game.num_players
        if args.players is not None and args.players != players:
            raise CommandError(f"the log is a {players}-player game, not {args.players}")
        options = dict(resumed.state.game.options)
    else:
        if args.players is None:
            raise CommandError("say how many players (--players N) or --resume a log")
        players = args.players
        try:
            options = engine_options(args.game, args, players)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
    source = "demo" if args.demo else "video" if args.video else "camera"
    table = table_game(args.game)
    # a game whose recogniser reads no pixels yet is followed in the demo from the twin's labels
    recogniser = "ground-truth" if args.demo and not table.reads_pixels else "pixels"
    setup = TableSetup(game=args.game, players=players, options=options, source=source,
                       camera_index=args.camera or 0, video_path=args.video or "", profile_path=args.profile,
                       recogniser=recogniser, first_player=args.first_player, seed=args.seed,
                       illegal=args.illegal, moves=args.moves, resolution=table.demo_resolution,
                       film_frames=(3, 1, 2, 1), pack_path=args.pack)
    built = build_pipeline(setup, resume=resumed.state if resumed is not None else None)
    if not args.demo and resumed is None:
        _note(args, "the deal is read from the first still frame")

    log_path = args.resume or args.log
    if log_path is None:
        log_path = time.strftime(f"{args.game}-%Y%m%d-%H%M%S.jsonl")
    try:
        log = EventLog(log_path, fsync=True) if resumed is not None else EventLog.create(
            log_path, built.pipeline.tracked.state, players=[], source=source)
    except (EventLogError, OSError) as exc:
        built.pipeline.close()
        raise CommandError(f"cannot write the event log {log_path}: {exc}") from None
    if log.recovered_from:
        _note(args, f"log: skipped the damaged tail, line {log.skipped_line} ({log.recovered_from}); "
              f"kept in {log_path}.damaged")
    built.pipeline.tracked.log = log
    resumed_moves = len(built.pipeline.tracked.state.history) if resumed else 0
    _note(args, f"event log: {log_path}" + (f" (resumed after {resumed_moves} moves)" if resumed else ""))
    from ui.commands.tower import start_for_run

    tower = (start_for_run(args.tower, lambda line: _note(args, line), built.pipeline.request_read)
             if args.tower else None)
    try:
        return _loop(built, args)
    finally:
        if tower is not None:
            tower.close()
        log.close()
        built.pipeline.close()


DISPLAY: Any = None
"""The :class:`ui.display.DisplayConfig` the terminal shows the game by (None: its defaults; the
tests' off control sets one with a setting off)."""


def _note(args: argparse.Namespace, line: str) -> None:
    """A progress line: on stdout, or on stderr when stdout carries the JSON result."""
    print(line, file=sys.stderr if args.json else sys.stdout, flush=True)


def _loop(built: Any, args: argparse.Namespace) -> int:
    from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, event_words
    from tracker.twin_truth import moves_made_at_table
    from ui.display import ShownGame

    pipe, twin = built.pipeline, built.twin
    tracked = pipe.tracked
    shown = ShownGame(tracked, DISPLAY)
    last_prompt = ""
    last_camera = "ok"
    frames = 0
    counts = {"moves": 0, "questions": 0, "alerts": 0, "overruled": 0, "misread_said": 0}
    t0 = time.perf_counter()
    status = 0
    while True:
        try:
            update = pipe.step()
        except KeyboardInterrupt:
            _note(args, "stopped; the event log holds the game (resume with --resume)")
            status = 130
            break
        if update is None:
            _note(args, "the camera has ended")
            break
        if update.camera_message != last_camera:
            _note(args, f"camera: {update.camera_message}")
            last_camera = update.camera_message
        frames += update.image is not None

        def follow(events: list[Any]) -> None:
            """Print ``events`` and answer each question in them (the answers' events too)."""
            while events:
                event = events.pop(0)
                counts["moves"] += isinstance(event, MoveConfirmed)
                counts["alerts"] += isinstance(event, IllegalMoveAlert)
                shown.event(event)
                if not args.json:
                    print(event_words(event, tracked.adapter))
                    if isinstance(event, QuestionAsked):
                        for line in shown.question_lines(event.question):
                            print(line)
                if isinstance(event, QuestionAsked):
                    counts["questions"] += 1
                    truth = built.truth_of(update.frame_index) if built.truth_of else None
                    made = moves_made_at_table(twin.changes, int((truth or {}).get("change_index", -1))) \
                        if twin is not None else None
                    option = _ask(event.question, twin, tracked, args, made)
                    reply = tracked.reject() if option is None else tracked.answer(option)
                    events = list(reply) + events

        follow(list(update.events))
        counts["overruled"] += _refused(built, update, args)
        counts["misread_said"] += _misread(built, update, args)
        tablet = _tablet(twin, tracked, pipe, args)
        if any(isinstance(event, QuestionAsked) for event in tablet):
            follow(tablet)  # a question that waited for the next scene, asked before the choice
        else:
            counts["moves"] += sum(isinstance(event, MoveConfirmed) for event in tablet)
            for event in tablet:
                shown.event(event)
        for line in shown.scene_done():  # a move made provisionally (or settled) since
            if not args.json:
                print(line)
        prompt = built.table.prompt(tracked.state)
        if prompt != last_prompt and not args.json:
            print(f">> {prompt}")
            last_prompt = prompt
        if args.max_frames and frames >= args.max_frames:
            break
    if frames == 0:
        raise CommandError(f"the camera delivered no frame ({pipe.source.health.describe()}): nothing was followed")
    elapsed = time.perf_counter() - t0
    from rules.core import RulesError

    try:
        breakdown, unknown = tracked.state.score_breakdown(), ""
    except RulesError as exc:  # a finished game whose question about a tile nobody saw was not answered
        breakdown, unknown = None, str(exc)
    if args.json:
        print(json.dumps({
            "game": tracked.state.game.name,
            "players": tracked.state.game.num_players,
            "moves": len(tracked.state.history),
            "moves_confirmed": counts["moves"],
            "questions": counts["questions"],
            "alerts": counts["alerts"],
            "overruled": counts["overruled"],
            "misread_said": counts["misread_said"],
            "final_scores": breakdown.totals() if breakdown is not None else None,
            "scores_not_counted": unknown or None,
            "game_over": tracked.state.is_terminal(),
            "frames": frames,
            "frames_recognised": pipe.stats.recognised,
            "frames_per_s": round(frames / elapsed, 2) if elapsed > 0 else 0.0,
            "calibration": pipe.calibration_message,
            "shown": shown.entries,
            "provisional": shown.provisional_now(),
        }))
    elif breakdown is None:
        print(f"the scores cannot be counted yet: {unknown}")
    else:
        names = [tracked.adapter.player_name(s) for s in range(tracked.state.game.num_players)]
        print(breakdown.to_text(names))
    return status


def _tablet(twin: Any, tracked: Any, pipe: Any, args: argparse.Namespace) -> list[Any]:
    """Choices no camera sees (Octo Dice's actions), entered as the app's tablet would: by the
    twin's players in ``--demo``, typed on the terminal in a live game (``--answer ask``); an
    unattended run cannot make them, so it says once that the game waits for one."""
    from rules.core import RulesError
    from tracker.demo_run import twin_tablet_step
    from tracker.session import event_words

    if tracked.pending is not None:
        return []
    if twin is not None:
        entries = twin_tablet_step(twin, tracked, pipe)[1]
        if not args.json:
            for event, corrected in entries:
                print(("tablet correction: " if corrected else "tablet: ") + event_words(event, tracked.adapter))
        return [event for event, _ in entries]
    choices = tracked.adapter.tablet_moves(tracked.state)
    if not choices:
        return []
    if args.answer != "ask":
        waiting = len(tracked.state.history)
        if getattr(args, "_tablet_noted", None) != waiting:
            args._tablet_noted = waiting
            _note(args, "(unattended: the game waits for a choice the camera cannot see; "
                  "play it with --answer ask or in the app)")
        return []
    if getattr(tracked, "waiting", None) is not None:
        # a question waits for the next scene (``InferenceConfig.next_scene_settles``): its moves
        # came first on the table, so it is asked now, and the choice offered after the answer
        print("a question waits for the next scene: answer it first")
        return list(tracked.ask_waiting())
    texts = [tracked.state.describe_move(move) for move in choices]
    print("the camera cannot see this choice: type what was played")
    for i, text in enumerate(texts, 1):
        print(f"  {i}: {text}")
    fixable = tracked.adapter.correctable(tracked.state)
    if fixable:
        print("  a die misread? type: set DIE FACE (the last roll: "
              + ", ".join(f"{c.key} {c.value}" for c in fixable) + ")")
    while True:
        try:
            text = input(f"choice 1-{len(choices)}: ").strip()
        except EOFError:
            _note(args, "no choice possible (input closed): stopping here")
            raise SystemExit(3) from None
        words = text.split()
        if fixable and len(words) == 3 and words[0] == "set":
            try:
                events = (pipe if pipe is not None else tracked).put_right(words[1], words[2])
            except RulesError as exc:  # the reason in words; the game untouched
                print(exc)
                continue
            if not args.json:
                for event in events:
                    print("tablet correction: " + event_words(event, tracked.adapter))
            return list(events)
        if text.isdigit() and 1 <= int(text) <= len(choices):
            events = tracked.enter([choices[int(text) - 1]])
            if not args.json:
                for event in events:
                    print("tablet: " + event_words(event, tracked.adapter))
            return list(events)
        print(f"type a number from 1 to {len(choices)}")


def _refused(built: Any, update: Any, args: argparse.Namespace) -> bool:
    """The recogniser refused the scene at rest (Octo Dice: a die called cocked): the players
    re-roll it, or say the camera is wrong ("it lies flat") and the scene is read anyway. In
    ``--demo`` the simulated players answer truthfully; at a live table the answer is typed
    (``--answer ask``); an unattended run never overrules (it says so once). True when the
    refusal was overruled."""
    from tracker.demo_run import twin_overrule_step

    pipe = built.pipeline
    if pipe.refused is None or update.refused is None:
        return False
    if built.twin is not None:
        done = twin_overrule_step(built.twin, pipe, built.truth_of(update.frame_index) if built.truth_of else None)
        if done:
            _note(args, "(simulated players: it lies flat)")
        return done
    if args.answer != "ask":
        if getattr(args, "_refusal_noted", None) != update.refused:
            args._refusal_noted = update.refused
            _note(args, "(unattended: the camera's refusal stands until the table changes)")
        return False
    if getattr(args, "_refusal_asked", None) is pipe.refused:
        return False  # asked once: the players chose to change the table
    args._refusal_asked = pipe.refused
    print(f"the camera will not read this: {update.refused}")
    if not _typed_word(args, "flat", "type 'flat' if it lies flat (the camera reads it anyway), or press Enter and "
                       "change the table: ", "the refusal stands"):
        return False
    done = bool(pipe.overrule())
    if done and not args.json:
        print("the players say it lies flat: it is read as it lies")
    return done


def _typed_word(args: argparse.Namespace, word: str, prompt: str, stands: str) -> bool:
    """Ask on the terminal until the players type ``word`` (True) or just press Enter (False); a
    closed input is no answer: ``stands`` says what is left as it was."""
    while True:
        try:
            text = input(prompt).strip().lower()
        except EOFError:
            _note(args, f"no answer possible (input closed): {stands}")
            return False
        if text == "":
            return False
        if text == word:
            return True
        print(f"type '{word}' or press Enter")


def _misread(built: Any, update: Any, args: argparse.Namespace) -> bool:
    """The alarm standing may be the camera's misreading (Octo Dice: a die called turned by hand):
    the players put the die back, or say "the camera misread it" and the memory keeps the face it
    showed. In ``--demo`` the simulated players answer truthfully; at a live table the answer is
    typed (``--answer ask``), once per alarm; an unattended run never says it. True when said."""
    from tracker.demo_run import twin_misread_step

    pipe = built.pipeline
    offer = pipe.misread_offer
    if offer is None or update.misread is None:
        return False
    if built.twin is not None:
        done = twin_misread_step(built.twin, pipe, built.truth_of(update.frame_index) if built.truth_of else None)
        if done:
            _note(args, f"(simulated players: the camera misread it: {offer.words})")
        return done
    if args.answer != "ask" or getattr(args, "_misread_asked", None) is offer:
        return False
    args._misread_asked = offer
    print(f"if nothing was turned, the camera misread it: {offer.words}")
    if not _typed_word(args, "misread", "type 'misread' if it still shows that (the face is kept while it lies "
                       "there), or press Enter and put the table right: ", "the alarm stands"):
        return False
    done = bool(pipe.misread())
    if done and not args.json:
        print("the players say the camera misread it: the face it showed is kept")
    return done


def _ask(question: Any, twin: Any, tracked: Any, args: argparse.Namespace, made: int | None = None) -> int | None:
    if twin is not None:
        option = twin.truthful_answer(question, tracked.state.history, made)
        _note(args, f"(simulated players answer {'none of these' if option is None else option + 1})")
        return option
    if args.answer == "likeliest":
        _note(args, f"(unattended: the likeliest option, 1: {question.option_texts[0]})")
        return 0
    if args.answer == "none":
        _note(args, "(unattended: none of these)")
        return None
    while True:
        try:
            text = input(f"answer 1-{len(question.options)}, or 0 for none of these: ").strip()
        except EOFError:
            _note(args, "no answer possible (input closed): taking option 1 is a guess, so stopping here")
            raise SystemExit(3) from None
        if text == "0":
            return None
        if text.isdigit() and 1 <= int(text) <= len(question.options):
            return int(text) - 1
        print(f"type a number from 1 to {len(question.options)}")
