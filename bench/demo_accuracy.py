"""Accuracy of the whole tracker on seeded digital-twin games.

20 games by default: 2, 3 and 4 players in turn, camera tilt 0-35 degrees, the three lighting
set-ups in turn (the light also drifts during each game), hands on every move, camera noise,
``--illegal`` injected illegal changes per game that the simulated players put right.

Modes:
* frames (default): the full pipeline on rendered frames (source -> calibration -> stillness
  gate -> recogniser -> tracker). The recogniser is the ground-truth one (the figures measure the
  gate + tracker) unless ``--pixels`` (Octocube, Open Season, Octo Dice: the game's pixel
  recogniser; which one is printed).
* ``--observations``: no rendering; the tracker gets a perfect observation of every still scene
  (fast: full games in seconds; isolates the inference).

Targets: >= 99.5 % of moves inferred correctly, every injected illegal move flagged, false alarms
<= 0.5 % of moves, final scores equal to the truth in every game.

Seeds (keep tuning apart from the figures we report):
* 100-119: the old default, which the tracker was tuned on for a long time: never report them.
* 8000-8199 (``--games 200 --seed 8000``): tuning seeds for the tracker's logic -- look at the
  failures here (``--only-seed``), change the tracker, run again.
* 50000 and up (the default, ``--seed 50000``): the reported figures. Never looked at game by
  game while tuning; a failure found here is reported with its seed, then reproduced and fixed on
  a tuning seed (or a new tuning range), and the figure measured again on a fresh range
  (60000, 70000 ...) rather than on the one that showed it.

Octo Dice (``--game octo_dice``): 1-4 players in turn (solo, virtual, 2, 3, 4), whole games;
tuning seeds 0-99 (tests use 11, 12 and 90001-90003), reported figures from 91000 (the default).
Its figures add rolls read with every die right, single dice read right and cocked dice found.

    nice -n 19 python bench/demo_accuracy.py --game octo_dice --jobs 2 --resolution 1920 1080
    python bench/demo_accuracy.py --game octo_dice --observations --games 500

    nice -n 19 python bench/demo_accuracy.py --jobs 2            # frames, full games (slow)
    python bench/demo_accuracy.py --observations                   # inference only
    nice -n 19 python bench/demo_accuracy.py --observations --games 1000 --jobs 2   # the reported figure
    python bench/demo_accuracy.py --observations --games 200 --seed 8000            # tuning
    python bench/demo_accuracy.py --max-moves 60                   # frames, shortened games
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

LIGHTS = ("day", "lamp", "evening")


DEFAULT_SEED = 50000
"""First seed of the reported figures (see the module docstring: tuning uses 8000-8199)."""
OCTO_DICE_SEED = 91000
"""Octo Dice: first seed of the reported figures (tuning used 0-99)."""
OCTO_DICE_CONFIGS = ((1, "solo"), (2, "virtual"), (2, None), (3, None), (4, None))


def game_specs(games: int, seed: int, mode: str = "standard", max_tilt: float = 35.0,
               min_tilt: float = 0.0) -> list[dict[str, Any]]:
    import random

    rng = random.Random(seed)
    return [{"players": (2, 3, 4)[i % 3], "seed": seed + i, "tilt": round(rng.uniform(min_tilt, max_tilt), 1),
             "lighting": LIGHTS[(i // 3 + i) % 3], "mode": mode} for i in range(games)]


def octo_dice_specs(games: int, seed: int, max_tilt: float = 35.0, min_tilt: float = 0.0) -> list[dict[str, Any]]:
    import random

    rng = random.Random(seed)
    return [{"players": OCTO_DICE_CONFIGS[i % 5][0], "variant": OCTO_DICE_CONFIGS[i % 5][1], "seed": seed + i,
             "tilt": round(rng.uniform(min_tilt, max_tilt), 1), "lighting": LIGHTS[(i // 5 + i) % 3]}
            for i in range(games)]


def open_season_specs(games: int, seed: int, max_tilt: float = 35.0, min_tilt: float = 0.0) -> list[dict[str, Any]]:
    """Open Season: 2, 3 and 4 players in turn, Horn and Shield sides in turn (three games each),
    the expert tiles on every other game, tilts and lightings as for Octocube."""
    specs = game_specs(games, seed, "standard", max_tilt, min_tilt)
    for i, spec in enumerate(specs):
        spec.pop("mode")
        spec.update(side=("horn", "shield")[(i // 3) % 2], expert=i % 2 == 1)
    return specs


def _options(spec: dict[str, Any], args: Any) -> dict[str, Any]:
    if getattr(args, "game", "octocube") == "open_season":
        return {"side": spec["side"], "expert": spec["expert"]}
    return {"mode": spec.get("mode", "standard")}


def _write_said(args: Any, spec: dict[str, Any], lines: list[str]) -> None:
    if args.say_dir:  # what the demo said (moves, questions, alerts): where a game went wrong
        Path(args.say_dir).mkdir(parents=True, exist_ok=True)
        (Path(args.say_dir) / f"game_{spec['seed']}.txt").write_text("\n".join(lines) + "\n")


def _record_scenes(tracked: Any, args: Any, spec: dict[str, Any]) -> None:
    """With ``--record-dir``: every still scene handed to ``tracked`` is pickled, with the game's
    spec and the tracker's start, to DIR/scenes_SEED.pkl (rewritten after each scene), for
    ``bench/open_season_replay.py`` to replay through the tracker in seconds."""
    if not getattr(args, "record_dir", None) or getattr(args, "game", "") != "open_season":
        return
    path = Path(args.record_dir) / f"scenes_{spec['seed']}.pkl"
    path.parent.mkdir(parents=True, exist_ok=True)
    record = {"spec": dict(spec), "illegal": args.illegal, "max_moves": args.max_moves,
              "start": tracked.state.clone(), "scenes": []}
    observe = tracked.observe

    def observe_recorded(observed: Any) -> Any:
        record["scenes"].append(observed)
        path.write_bytes(pickle.dumps(record))
        return observe(observed)

    tracked.observe = observe_recorded


def play_frames(spec: dict[str, Any], args: Any) -> dict[str, Any]:
    from tracker.build import build_pipeline
    from tracker.demo_run import run_demo
    from tracker.table import TableSetup

    if getattr(args, "game", "octocube") == "octo_dice":
        setup = TableSetup(game="octo_dice", players=spec["players"],
                           options={"variant": spec["variant"], "turns": args.max_moves,
                                    **({"cocked_share": 0.0} if args.no_cocked else {})}, source="demo",
                           recogniser="pixels" if args.pixels else "ground-truth", seed=spec["seed"],
                           illegal=args.illegal, tilt=spec["tilt"], lighting=spec["lighting"],
                           resolution=tuple(args.resolution), film_frames=None if args.realistic else (3, 1, 1, 1),
                           film_fps=getattr(args, "fps", 10.0))
        said: list[str] = []
        result = run_demo(build_pipeline(setup), said.append if args.say_dir else None, notes=bool(args.say_dir))
        result.pop("score_text", None)
        _write_said(args, spec, said)
        return {**spec, **result}
    setup = TableSetup(game=getattr(args, "game", "octocube"), players=spec["players"], options=_options(spec, args),
                       source="demo", recogniser="pixels" if args.pixels else "ground-truth", seed=spec["seed"],
                       illegal=args.illegal, moves=args.max_moves, tilt=spec["tilt"], lighting=spec["lighting"],
                       resolution=tuple(args.resolution), film_frames=None if args.realistic else (3, 1, 1, 1),
                       film_fps=getattr(args, "fps", 10.0), doubt=args.doubt, scene_memory=not args.no_heights)
    lines: list[str] = []
    demo = build_pipeline(setup)
    _record_scenes(demo.pipeline.tracked, args, spec)
    result = run_demo(demo, lines.append if args.say_dir else None, notes=bool(args.say_dir))
    result.pop("score_text", None)
    _write_said(args, spec, lines)
    return {**spec, **result}


class _Tally:
    """What the simulated players met while a game was observed: alerts (an injected illegal
    change flagged, or a false alarm) and questions, each answered truthfully. (A plain class:
    the tests load this script by path, where a dataclass cannot find its module.)"""

    def __init__(self) -> None:
        self.flagged = self.false_alarms = self.questions = self.recoveries = self.rejected = 0

    def take(self, events: Any, tracked: Any, twin: Any, illegal: bool | None, upto: int | None = None) -> None:
        """Answer ``events`` and what the answers bring; ``illegal``: whether the scene was an
        injected illegal change (None: the players ending the game, alerts not counted); ``upto``:
        the truth moves made at the table by then (:func:`tracker.twin_truth.moves_made_at_table`)."""
        from tracker.session import IllegalMoveAlert, QuestionAsked

        pending = list(events)
        flagged_here = False  # an injected change is flagged once, however many alerts it raises
        while pending:
            event = pending.pop(0)
            if isinstance(event, IllegalMoveAlert) and illegal is not None:
                self.flagged += illegal and not flagged_here
                flagged_here = flagged_here or illegal
                self.false_alarms += not illegal
            elif isinstance(event, QuestionAsked):
                self.questions += 1
                option = twin.truthful_answer(event.question, tracked.state.history, upto)
                if illegal is not None:
                    self.recoveries += bool(event.question.recovery)
                    self.rejected += option is None
                pending = list(tracked.reject() if option is None else tracked.answer(option)) + pending

    def figures(self) -> dict[str, int]:
        return {"illegal_flagged": self.flagged, "false_alarms": self.false_alarms,
                "questions_asked": self.questions, "recovery_questions": self.recoveries,
                "questions_rejected": self.rejected}


def play_octo_dice_observations(spec: dict[str, Any], args: Any) -> dict[str, Any]:
    """Octo Dice without rendering: each still layout of the twin read perfectly (cocked dice
    refused), through the scene memory and the tracker; the choices entered on the tablet."""
    from tracker.octo_dice.adapter import OctoDiceAdapter
    from tracker.octo_dice.memory import DiceMemory
    from tracker.octo_dice.observation import DieReading, OctoDiceObservation, area_of
    from tracker.octo_dice.twin import OctoDiceTwin
    from tracker.session import TrackedGame

    t0 = time.perf_counter()
    twin = OctoDiceTwin(spec["players"], spec["seed"], variant=spec["variant"], illegal=args.illegal,
                        max_turns=args.max_moves or None)
    tracked = TrackedGame(twin.tracker_initial_state(), OctoDiceAdapter())
    memory = DiceMemory()
    tally = _Tally()
    for change, layout in zip(twin.changes, twin.layouts[1:]):
        observed = OctoDiceObservation(tuple(
            DieReading(p.die[:5], None if p.cocked else p.face, area_of(p.x, p.y), p.x, p.y, 1.0, p.cocked)
            for p in layout.values()))
        if any(d.cocked for d in observed.dice):
            continue
        observed = memory.annotate(observed)
        events = list(tracked.observe(observed))
        if tracked.alert is None and tracked.pending is None:
            memory.remember(observed, tracked.adapter.expected(tracked.state))
        tally.take(events, tracked, twin, change.kind == "illegal", change.truth_moves)
        entered = twin.tablet_moves(tracked.state.history)
        if entered and tracked.pending is None:
            tracked.enter(entered)
    return {**spec, "moves_total": len(twin.truth.history), "moves_correct": twin.moves_correct(tracked.state.history),
            "illegal_injected": sum(c.kind == "illegal" for c in twin.changes), **tally.figures(), "frames": 0,
            "rolls_total": len(twin.roll_scenes), "seconds": round(time.perf_counter() - t0, 2),
            "final_scores_match": twin.truth.totals() == tracked.state.totals()}


def play_open_season_observations(spec: dict[str, Any], args: Any) -> dict[str, Any]:
    """Open Season without rendering: the twin's scenes (illegal ones included) each observed
    perfectly, through the same table descriptions the renderer draws."""
    from tracker.open_season.adapter import OpenSeasonAdapter
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.open_season.view import observation_from_table
    from tracker.session import TrackedGame

    t0 = time.perf_counter()
    twin = OpenSeasonTwin(spec["players"], spec["seed"], side=spec["side"], expert=spec["expert"],
                          illegal=args.illegal, max_moves=args.max_moves or None)
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter())
    _record_scenes(tracked, args, spec)
    tally = _Tally()
    for change, table in zip(twin.changes, twin.descriptions[1:], strict=True):
        tally.take(tracked.observe(observation_from_table(table)), tracked, twin, change.kind == "illegal",
                   change.truth_moves)
    # the film is over: a question that waited for the next scene is asked now (as the pipeline does)
    tally.take(tracked.ask_waiting(), tracked, twin, None)
    if twin.truth.is_terminal() and not tracked.state.is_terminal():
        tally.take(tracked.finish(), tracked, twin, None)
    truth_totals = twin.truth.score_breakdown().totals()
    return {**spec, "moves_total": len(twin.truth.history), "moves_correct": twin.moves_correct(tracked.state.history),
            "illegal_injected": sum(c.kind == "illegal" for c in twin.changes), **tally.figures(),
            "frames": 0, "seconds": round(time.perf_counter() - t0, 2), "truth_scores": truth_totals, "tracked_scores": tracked.state.score_breakdown().totals(),
            "final_scores_match": truth_totals == tracked.state.score_breakdown().totals()}


def play_observations(spec: dict[str, Any], args: Any) -> dict[str, Any]:
    """The same games (same truth, same injected changes), each still scene observed perfectly."""
    if getattr(args, "game", "octocube") == "open_season":
        return play_open_season_observations(spec, args)
    import difflib

    if getattr(args, "game", "octocube") == "octo_dice":
        return play_octo_dice_observations(spec, args)

    from rules.octocube import OctocubeGame
    from tracker.octocube.groundtruth import observation_from_state
    from tracker.octocube.adapter import OctocubeAdapter
    from tracker.session import TrackedGame
    from tracker.octocube.twin import TwinGame

    t0 = time.perf_counter()
    mode = spec.get("mode", "standard")
    twin = TwinGame(spec["players"], spec["seed"], illegal=args.illegal, mode=mode,
                    max_moves=args.max_moves or None)
    from tracker.inference import InferenceConfig

    seat_settles = getattr(args, "seat_settles", None)
    config = InferenceConfig() if seat_settles is None else InferenceConfig(seat_settles=seat_settles)
    seat_wait_turns = getattr(args, "seat_wait_turns", None)
    if seat_wait_turns is not None:
        config = replace(config, seat_wait_turns=seat_wait_turns)
    tracked = TrackedGame(twin.tracker_initial_state(), OctocubeAdapter(), config=config)
    game = OctocubeGame(spec["players"], mode=mode)
    truth = game.new_initial_state(spec["seed"])
    tally = _Tally()
    moves = iter(twin.truth.history)
    for change in twin.changes:
        if change.kind == "move":
            truth.push(next(moves))
            scene = truth
        elif change.kind == "illegal":
            scene = None
        else:
            scene = truth
        observation = observation_from_state(scene) if scene is not None else _illegal_observation(twin, change, truth)
        tally.take(tracked.observe(observation), tracked, twin, change.kind == "illegal", change.truth_moves)
    # the film is over: a question that waits for a later turn is asked now (as the pipeline does)
    tally.take(tracked.ask_waiting(), tracked, twin, None)
    if truth.is_terminal() and not tracked.state.is_terminal():  # the players say the game is over
        tally.take(tracked.finish(), tracked, twin, None)
    codec = game.move_codec
    a = [str(codec.encode(m)) for m in twin.truth.history]
    b = [str(codec.encode(m)) for m in tracked.state.history]
    correct = sum(x.size for x in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_matching_blocks())
    return {**spec, "moves_total": len(a), "moves_correct": correct,
            "illegal_injected": sum(c.kind == "illegal" for c in twin.changes), **tally.figures(), "frames": 0,
            "seconds": round(time.perf_counter() - t0, 2),
            "final_scores_match": truth.score_breakdown().totals() == tracked.state.score_breakdown().totals()}


def _illegal_observation(twin: Any, change: Any, truth: Any) -> Any:
    """The observation of the illegal scene the twin filmed for ``change``."""
    from tracker.octocube.groundtruth import GroundTruthRecogniser

    index = twin.changes.index(change)
    scene = twin.scenes[index + 1]
    gt = {"components": [{"uid": c.uid, "state": c.state} for c in scene.components], "hands": []}
    return GroundTruthRecogniser(truth.grid_size, truth.num_players).recognise(gt)


def _reading_summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Octo Dice: rolls read with every die right, single dice, cocked dice found, and the
    from-rest-to-confirmed latency (the worst and the median of the games' p95)."""
    total = {k: sum(r.get(k, 0) for r in results) for k in
             ("rolls_total", "rolls_read", "rolls_read_right", "dice_total", "dice_read_right", "cocked_total",
              "cocked_found", "cocked_overruled", "misread_said")}
    if not total["dice_total"]:
        return {"rolls_total": total["rolls_total"]}
    p95 = sorted(r["move_latency_ms"]["p95"] for r in results if r.get("move_latency_ms"))
    out: dict[str, Any] = {
        **total,
        "tablet_corrections": sum(r.get("tablet_corrections", 0) for r in results),
        "rolls_read_right_pct": round(100 * total["rolls_read_right"] / max(1, total["rolls_total"]), 3),
        "dice_read_right_pct": round(100 * total["dice_read_right"] / max(1, total["dice_total"]), 3),
        "cocked_found_pct": round(100 * total["cocked_found"] / max(1, total["cocked_total"]), 3),
        "false_alarm_pct_of_rolls": round(100 * sum(r["false_alarms"] for r in results)
                                          / max(1, total["rolls_total"]), 3),
        "latency_p95_ms_worst_game": p95[-1] if p95 else None,
        "latency_p95_ms_median_game": p95[len(p95) // 2] if p95 else None,
    }
    out["reading_targets_met"] = (out["rolls_read_right_pct"] >= 99.5 and out["dice_read_right_pct"] >= 99.9
                                  and (not total["cocked_total"] or out["cocked_found_pct"] >= 99.0))
    return out


def _played(play: Callable[[dict[str, Any], Any], dict[str, Any]], specs: list[dict[str, Any]],
            args: Any) -> Iterator[dict[str, Any]]:
    """Each game's result in the specs' order; ``--jobs 1`` plays them in this process (stopping
    the bench stops the game), more in a pool of worker processes."""
    if args.jobs <= 1:
        for spec in specs:
            yield play(spec, args)
        return
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(play, spec, args) for spec in specs]
        for future in futures:
            yield future.result()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="octocube", choices=("octocube", "open_season", "octo_dice"),
                        help="octocube (default), open_season (2-4 players, both sides, expert on half) or "
                        "octo_dice (1-4 players, solo and virtual included)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=None,
                        help=f"first seed (default {DEFAULT_SEED}, octo_dice {OCTO_DICE_SEED}: the reported figures; "
                        "tuning: octocube 8000-8199, octo_dice 0-99)")
    parser.add_argument("--mode", default="standard", choices=("standard", "kids", "advanced"),
                        help="game mode of every game (default standard)")
    parser.add_argument("--illegal", type=int, default=3, help="illegal changes per game (default 3)")
    parser.add_argument("--max-moves", type=int, default=0, help="shorten each game (0 = whole game; "
                        "octo_dice: turns)")
    parser.add_argument("--observations", action="store_true", help="no rendering: perfect observations")
    parser.add_argument("--realistic", action="store_true", help="full frame timing (10 fps webcam)")
    parser.add_argument("--resolution", type=int, nargs=2, default=(1280, 720), metavar=("W", "H"))
    parser.add_argument("--fps", type=float, default=10.0,
                        help="the twin's film rate (default 10; 30: a webcam's, each phase as long in seconds, "
                        "the gate's 0.2 s in frames of that rate; about twice the rendering)")
    parser.add_argument("--doubt", type=float, default=0.0, help="share of doubtful readings")
    parser.add_argument("--pixels", action="store_true",
                        help="read frames with the pixel recogniser (vision.octocube) instead of the "
                        "renderer's labels")
    parser.add_argument("--no-heights", action="store_true",
                        help="do not measure stack heights between scenes (tracker/octocube/stack_heights.py)")
    parser.add_argument("--no-cocked", action="store_true",
                        help="octo_dice: no die lands cocked (the pixel reader cannot find cocked dice: "
                        "measure the rest without them)")
    parser.add_argument("--only-seed", type=int, help="play only the game of this seed (with --games "
                        "and --seed as usual, so it keeps its players, tilt and lighting)")
    parser.add_argument("--max-tilt", type=float, default=35.0,
                        help="camera tilts are drawn from --min-tilt to this many degrees (default 0-35, "
                        "the range the figures are asked for)")
    parser.add_argument("--min-tilt", type=float, default=0.0)
    parser.add_argument("--seat-settles", action=argparse.BooleanOptionalAction, default=None,
                        help="Octocube observations: placings and bare pivots wait for the seat's next turn "
                             "(InferenceConfig.seat_settles; default: its default, on since session 82; "
                             "--no-seat-settles: asked at once)")
    parser.add_argument("--seat-wait-turns", type=int, default=None,
                        help="Octocube observations: how many of its seat's visible turns a seat wait stays "
                             "open (InferenceConfig.seat_wait_turns; default: its default)")
    parser.add_argument("--say-dir", metavar="DIR", help="write each game's moves, questions and alerts "
                        "to DIR/game_SEED.txt (frames)")
    parser.add_argument("--record-dir", metavar="DIR", help="open_season: pickle every still scene the "
                        "tracker gets to DIR/scenes_SEED.pkl (replay them: bench/open_season_replay.py)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write every game's figures here")
    args = parser.parse_args()
    if args.seed is None:
        args.seed = OCTO_DICE_SEED if args.game == "octo_dice" else DEFAULT_SEED
    if args.game == "octo_dice":
        specs = octo_dice_specs(args.games, args.seed, args.max_tilt, args.min_tilt)
    elif args.game == "open_season":
        specs = open_season_specs(args.games, args.seed, args.max_tilt, args.min_tilt)
    else:
        specs = game_specs(args.games, args.seed, args.mode, args.max_tilt, args.min_tilt)
    if args.only_seed is not None:
        specs = [s for s in specs if s["seed"] == args.only_seed]
        if not specs:
            parser.error(f"no game has seed {args.only_seed} (seeds {args.seed}-{args.seed + args.games - 1})")
    play = play_observations if args.observations else play_frames
    t0 = time.perf_counter()
    results: list[dict[str, Any]] = []
    mode = "observations" if args.observations else f"frames {args.resolution[0]}x{args.resolution[1]}"
    if not args.observations:
        mode += ", pixel recogniser" if args.pixels else ", ground-truth recogniser (renderer labels)"
        if args.pixels and args.game == "octocube":
            mode += ", no stack heights" if args.no_heights else ", stack heights from parallax"
    variant = {"open_season": "horn/shield, expert on half", "octo_dice": "1-4 players"}.get(args.game, args.mode)
    print(f"{len(specs)} {args.game} games ({variant}, seeds {args.seed}-{args.seed + args.games - 1}), {mode}, "
          f"{args.illegal} illegal each, tilt {args.min_tilt:g}-{args.max_tilt:g}"
          + (f", at most {args.max_moves} {'turns' if args.game == 'octo_dice' else 'moves'}" if args.max_moves
             else ", whole games"), flush=True)
    for r in _played(play, specs, args):
        results.append(r)
        reading = (f" rolls {r['rolls_read_right']}/{r['rolls_total']} dice {r['dice_read_right']}/{r['dice_total']}"
                   f" cocked {r['cocked_found']}/{r['cocked_total']} overruled {r.get('cocked_overruled', 0)}"
                   f" misread {r.get('misread_said', 0)}"
                   if "rolls_read_right" in r else "")
        kind = (f" {r['side']:<6}{' expert' if r['expert'] else '       '}" if "side" in r else
                f" {r['variant']}" if r.get("variant") else "")
        print(f"  {r['players']}p{kind} seed {r['seed']:>4} tilt {r['tilt']:>4} {r['lighting']:<7} moves "
              f"{r['moves_correct']}/{r['moves_total']} illegal {r['illegal_flagged']}/{r['illegal_injected']} "
              f"false {r['false_alarms']} questions {r['questions_asked']}"
              + (f" (recovery {r['recovery_questions']})" if r.get("recovery_questions") else "")
              + reading + (f" NAMED UNKNOWN COPY {r['unknown_copy_scenes']} scenes" if r.get("unknown_copy_scenes")
                           else "") + f" frames {r['frames']} "
              f"scores {'ok' if r['final_scores_match'] else 'DIFFER'} ({r['seconds']} s)", flush=True)
    moves = sum(r["moves_total"] for r in results)
    correct = sum(r["moves_correct"] for r in results)
    injected = sum(r["illegal_injected"] for r in results)
    flagged = sum(r["illegal_flagged"] for r in results)
    false = sum(r["false_alarms"] for r in results)
    scores_ok = sum(bool(r["final_scores_match"]) for r in results)
    # illegal changes that only a stack-height reading can see (a tile taken by hand that leaves
    # an identical tile on top): the pixel recogniser measures them between scenes from parallax
    needs_heights = sum(r.get("illegal_needs_heights", 0) for r in results)
    flagged_needs_heights = sum(r.get("illegal_flagged_needs_heights", 0) for r in results)
    summary = {
        "games": len(results), "mode": mode, "moves_total": moves, "moves_correct": correct,
        "moves_correct_pct": round(100 * correct / max(1, moves), 3),
        "illegal_injected": injected, "illegal_flagged": flagged,
        "illegal_needs_heights": needs_heights, "illegal_flagged_needs_heights": flagged_needs_heights,
        "false_alarms": false,
        "false_alarm_pct": round(100 * false / max(1, moves), 3),
        "questions_asked": sum(r["questions_asked"] for r in results),
        "recovery_questions": sum(r.get("recovery_questions", 0) for r in results),
        "questions_rejected": sum(r.get("questions_rejected", 0) for r in results),
        "unknown_copy_scenes": sum(r.get("unknown_copy_scenes", 0) for r in results),
        "final_scores_match": f"{scores_ok}/{len(results)}",
        "frames": sum(r["frames"] for r in results), "seconds": round(time.perf_counter() - t0, 1),
        "recogniser": results[0].get("recogniser", "perfect observations") if results else "",
    }
    if args.game == "octo_dice":
        summary.update(_reading_summary(results))
    print(json.dumps(summary))
    if needs_heights and not args.observations:
        print(f"illegal changes a camera sees without stack heights: {flagged - flagged_needs_heights}/"
              f"{injected - needs_heights} flagged; {needs_heights} more change nothing seen from above "
              f"(a tile taken off an identical one): {flagged_needs_heights} flagged")
    failing = [r["seed"] for r in results if not r["final_scores_match"] or r["false_alarms"]
               or r["illegal_flagged"] < r["illegal_injected"]]
    if failing:
        print("seeds with a wrong score, a false alarm or an illegal change missed:",
              " ".join(str(s) for s in failing))
    ok = (correct >= 0.995 * moves and flagged == injected and false <= 0.005 * moves and scores_ok == len(results))
    if args.game == "octo_dice":  # false alarms count against rolls; the reading has its own targets
        rolls = max(1, sum(r.get("rolls_total", 0) for r in results))
        ok = (correct >= 0.995 * moves and flagged == injected and false <= 0.005 * rolls
              and scores_ok == len(results) and summary.get("reading_targets_met", True))
    print("targets met" if ok else "TARGETS NOT MET")
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "games": results}, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
