"""Octo Dice: from the dice coming to rest to the roll shown, through the pixel path.

The digital twin's film is rendered first (rendering is not what a camera costs), then played to
the pipeline in real time at the webcam's 10 fps (``SyntheticSource(realtime=True)``): the
stillness gate waits for its quiet frames as it would at a table, then the pixel recogniser (mat
colour candidates + the ONNX dice reader) reads the mat and the tracker confirms the roll. The
latency of each confirmed roll or set-aside runs from the first still frame of its scene (by the
film's truth, :class:`_RestClock`) to the end of the step that confirmed it (what the tablet shows
next).

    nice python bench/octo_dice_latency.py --games 3 --turns 2 --seed 92000

Target (issue 17): from the dice coming to rest to the ROLL shown, p95 <= 300 ms on the 2 cores of
the dev machine. A step that confirms a roll (alone or after the set-aside seen with it) counts as
a roll; set-asides made by hand (no tumble, no tower event) are timed apart and printed beside it.
The clock starts, by the film's truth, when the pipeline asks for the first still frame of the
scene (the dice came to rest somewhere in the frame interval before it), so at 10 fps the 2-frame
gate alone costs about 200 ms. Reported seeds
from 92000 (never used for tuning). Prints the recogniser's own time per read too: wall clock
(``recognise_ms_mean``) and CPU time (``recognise_cpu_ms_mean``/``_p95``, the first read, which
loads the models, left out), and the tracker's step after a read (``track_ms_mean``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class _TowerFeed:
    """A dice tower beside the camera: when the film's dice land after a tumble (the first still
    frame after a roll), the tower's "roll settled" reaches the pipeline (request_read) before
    that frame is read, as ``run --tower`` and the app pass it on. Set-asides, made by hand, get
    no tower event."""

    def __init__(self, source: Any) -> None:
        self.source = source
        self.pipe: Any = None
        self._last_phase = ""
        self.health = source.health

    def read(self) -> Any:
        frame = self.source.read()
        if frame is not None:
            phase = (self.source.truth_of(frame) or {}).get("phase", "")
            if phase == "still" and self._last_phase == "tumble" and self.pipe is not None:
                self.pipe.request_read()
            self._last_phase = phase
        return frame

    def __getattr__(self, name: str) -> Any:
        return getattr(self.source, name)


class _RestClock:
    """When the dice came to rest, by the film's truth: the first still frame after a tumble or a
    hand. The clock starts when the pipeline asks for that frame (the dice came to rest somewhere
    in the frame interval before it). The pipeline's own ``move_latency_ms`` starts at the gate's
    first quiet frame instead, which for a roll of two dice can be a frame of them in mid-air (two
    small tumbling dice change fewer pixels than the gate's threshold)."""

    def __init__(self, source: Any) -> None:
        self.source = source
        self.health = source.health
        self.rest_at: float | None = None
        self._last_phase = ""

    def read(self) -> Any:
        asked = time.perf_counter()
        frame = self.source.read()
        if frame is not None:
            phase = (self.source.truth_of(frame) or {}).get("phase", "")
            if phase == "still" and self._last_phase != "still":
                self.rest_at = asked
            self._last_phase = phase
        return frame

    def __getattr__(self, name: str) -> Any:
        return getattr(self.source, name)


class _CpuTimed:
    """The recogniser, with the CPU time of each read added up (``time.process_time``: the
    machine is shared, so wall clock is noisy; reads ahead included)."""

    def __init__(self, recogniser: Any) -> None:
        self.recogniser = recogniser
        self.cpu_ms: list[float] = []

    def recognise(self, frame: Any) -> Any:
        t = time.process_time()
        try:
            return self.recogniser.recognise(frame)
        finally:
            self.cpu_ms.append((time.process_time() - t) * 1000)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.recogniser, name)


def one_game(seed: int, players: int, variant: str | None, turns: int, tilt: float, resolution: tuple[int, int],
             tower: bool = False, read_ahead: bool = True, fps: float = 10.0) -> dict[str, Any]:
    from hardware.camera import SyntheticSource
    from tracker.build import BuiltPipeline
    from tracker.demo_run import run_demo
    from tracker.octo_dice import OctoDiceTable
    from tracker.build import demo_gate
    from tracker.pipeline import Pipeline
    from tracker.session import TrackedGame
    from tracker.stillness import StillnessGate
    from tracker.table import TableSetup

    table = OctoDiceTable()
    setup = TableSetup(game="octo_dice", players=players, options={"variant": variant, "turns": turns},
                       source="demo", seed=seed, illegal=0, tilt=tilt, resolution=resolution, film_fps=fps)
    film = table.demo_film(setup)
    frames = list(film.frames)  # rendered beforehand: a camera does not render
    clock = _RestClock(SyntheticSource(frames, fps=film.fps, realtime=True))
    source: Any = clock
    if tower:
        source = _TowerFeed(source)
    recogniser: Any = _CpuTimed(table.pixel_recogniser(film.twin.game, camera=film.camera))
    tracked = TrackedGame(film.twin.tracker_initial_state(), table.adapter(film.twin.game))
    pipe = Pipeline(source, recogniser, tracked, gate=StillnessGate(demo_gate(film.fps)), memory=table.scene_memory(setup),
                    calibrate=False, read_ahead=read_ahead and table.reads_ahead)
    if tower:
        source.pipe = pipe
    from tracker.session import MoveConfirmed

    timed: list[tuple[float, tuple[str, ...]]] = []

    def on_update(update: Any) -> None:
        kinds = tuple(e.move.kind for e in update.events if isinstance(e, MoveConfirmed))
        if kinds and clock.rest_at is not None:
            timed.append(((time.perf_counter() - clock.rest_at) * 1000, kinds))

    result = run_demo(BuiltPipeline(pipe, table, film.twin, recogniser.name, source.truth_of), on_update=on_update)
    read_ms = pipe.stats.stage_ms_total.get("recognise", 0.0) + pipe.stats.stage_ms_total.get("read_ahead", 0.0)
    reads = read_ms / max(1, pipe.stats.reads)
    cpu = sorted(recogniser.cpu_ms[1:])  # the first read loads the models
    track_ms = pipe.stats.stage_ms_total.get("track", 0.0) / max(1, pipe.stats.recognised)
    return {"seed": seed, "players": players, "variant": variant, "tilt": tilt,
            "latencies_ms": [ms for ms, _ in timed], "latency_kinds": [kinds for _, kinds in timed],
            "recognise_ms_mean": round(reads, 1),
            "recognise_cpu_ms_mean": round(sum(cpu) / max(1, len(cpu)), 1),
            "recognise_cpu_ms_p95": round(cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))], 1) if cpu else None,
            "track_ms_mean": round(track_ms, 1), "reads_ahead": pipe.stats.reads_ahead,
            "reads_ahead_used": pipe.stats.reads_ahead_used, "moves_correct": result["moves_correct"],
            "moves_total": result["moves_total"], "false_alarms": result["false_alarms"],
            "dice_read_right": result.get("dice_read_right"), "dice_total": result.get("dice_total")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--seed", type=int, default=92000)
    parser.add_argument("--resolution", type=int, nargs=2, default=(1920, 1080), metavar=("W", "H"))
    parser.add_argument("--fps", type=float, default=10.0,
                        help="the film's frame rate (10: the twin's usual film; 30: what a webcam delivers, "
                             "each phase as long in seconds, the gate's 0.2 s in frames of that rate)")
    parser.add_argument("--tower", action="store_true",
                        help="a dice tower's 'roll settled' starts the read of each roll (set-asides by hand: the gate)")
    parser.add_argument("--no-read-ahead", action="store_true",
                        help="read each scene when the gate settles, not on the frame before (as before 2026-11-27)")
    args = parser.parse_args()
    import random

    rng = random.Random(args.seed)
    configs = ((1, "solo"), (2, "virtual"), (2, None), (3, None), (4, None))
    rolls: list[float] = []
    by_hand: list[float] = []
    t0 = time.perf_counter()
    for i in range(args.games):
        players, variant = configs[i % len(configs)]
        r = one_game(args.seed + i, players, variant, args.turns, round(rng.uniform(0, 35), 1), tuple(args.resolution),
                    tower=args.tower, read_ahead=not args.no_read_ahead, fps=args.fps)
        for ms, kinds in zip(r.pop("latencies_ms"), r.pop("latency_kinds")):
            (rolls if "roll" in kinds else by_hand).append(ms)  # a step that shows a roll is a roll's
        print(json.dumps(r), flush=True)
    if not rolls:
        print("no roll was confirmed")
        return 1

    def quantiles(values: list[float]) -> dict[str, Any]:
        ordered = sorted(values)
        if not ordered:
            return {"confirmed": 0}

        def at(q: float) -> float:
            return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

        return {"confirmed": len(ordered), "p50_ms": at(0.5), "p95_ms": at(0.95), "max_ms": round(ordered[-1], 1)}

    summary = {"rolls": quantiles(rolls), "set_asides_by_hand": quantiles(by_hand), "games": args.games,
               "turns": args.turns, "resolution": list(args.resolution), "fps": args.fps, "tower": args.tower,
               "read_ahead": not args.no_read_ahead,
               "seconds": round(time.perf_counter() - t0, 1)}
    print(json.dumps(summary))
    met = summary["rolls"]["p95_ms"] <= 300
    print("target met (rolls p95 <= 300 ms)" if met else "TARGET NOT MET (rolls p95 > 300 ms)")
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
