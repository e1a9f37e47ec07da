"""Octocube whole games through the pixel recogniser, cheaply: each still scene of a twin game is
rendered once (no hands, no stillness gate, the renderer's exact camera instead of the markers)
and read once; the readings are saved, and the tracker (with the stack-heights memory) is then
replayed on them in seconds. Two trees compared on the SAME readings tell what a tracker or
weighting change does, where the full bench (``demo_accuracy.py --pixels``, about 90 s a game
alone, 4 times the renders) does not fit the machine. Not the bench: confirm with it.

    PYTHONPATH=. python bench/octocube_still_replay.py record 4 72008 26.7 lamp DIR
    PYTHONPATH=. python bench/octocube_still_replay.py replay 4 72008 26.7 lamp DIR
    PYTHONPATH=/path/to/main python bench/octocube_still_replay.py replay 4 72008 26.7 lamp DIR --as-main

``--as-main``: readings recorded by a recogniser with ``CubeReading.place_confidence`` (session
26) replayed as main's recogniser before it gave them (one confidence per cube, a covered stack
top as sure as that). The 2026-11-29 replays of 72008 and 72009 reproduced the bench's figures
for main exactly (57/128 moves, 44 false alarms; 96/224, 108).
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def record(twin: Any, args: Any, path: Path) -> None:
    from tracker.film import demo_camera, drifting_lightings
    from tracker.table import TableSetup
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.render.renderer import Renderer, RenderOptions

    setup = TableSetup(game="octocube", players=args.players, source="demo", seed=args.seed, tilt=args.tilt,
                       lighting=args.lighting, resolution=(args.width, args.height))
    camera = demo_camera(setup)
    lights = drifting_lightings(args.lighting, len(twin.changes), args.seed)
    renderer = Renderer()
    recogniser = OctocubeRecogniser(twin.truth.grid_size, args.players, camera)
    readings = []
    for k, scene in enumerate(twin.scenes):  # scene k shows the table after change k - 1
        image = renderer.render(scene, camera, RenderOptions(lighting=lights[max(0, k - 1)], table_seed=args.seed % 997),
                                seed=args.seed * 100_003 + k).image
        readings.append(recogniser.recognise(image))
    path.write_bytes(pickle.dumps(readings))
    print(f"recorded {len(readings)} scenes to {path}")


def as_main(readings: list[Any]) -> None:
    from dataclasses import replace

    for seen in readings:
        for cube in seen.cubes.values():
            cube.__dict__.pop("place_confidence", None)
        cover = {c.location: c.confidence for c in seen.cubes.values() if c.location is not None}
        for loc, top in list(seen.tops.items()):
            if top.covered and loc in cover:
                seen.tops[loc] = replace(top, confidence=round(cover[loc], 4))


def replay(twin: Any, args: Any, path: Path) -> dict[str, Any]:
    from tracker.octocube.adapter import OctocubeAdapter
    from tracker.octocube.stack_heights import StackHeights
    from tracker.session import IllegalMoveAlert, QuestionAsked, TrackedGame
    from tracker.twin_truth import moves_made_at_table

    readings = pickle.loads(path.read_bytes())
    if args.as_main:
        as_main(readings)
    tracked = TrackedGame(twin.tracker_initial_state(), OctocubeAdapter())
    memory = StackHeights()
    flagged: set[int] = set()
    false_alarms = questions = 0
    for k, seen in enumerate(readings):
        change = k - 1
        seen = memory.annotate(seen)
        pending = list(tracked.observe(seen))
        while pending:
            event = pending.pop(0)
            if isinstance(event, IllegalMoveAlert):
                if change >= 0 and twin.changes[change].kind == "illegal":
                    flagged.add(change)
                else:
                    false_alarms += 1
            elif isinstance(event, QuestionAsked):
                questions += 1
                option = twin.truthful_answer(event.question, tracked.state.history,
                                              moves_made_at_table(twin.changes, change))
                pending = list(tracked.reject() if option is None else tracked.answer(option)) + pending
        if tracked.alert is None and tracked.pending is None:
            memory.remember(seen, tracked.adapter.expected(tracked.state))
    if twin.truth.is_terminal() and not tracked.state.is_terminal() and tracked.pending is None:
        for event in tracked.finish():
            if isinstance(event, QuestionAsked):
                option = twin.truthful_answer(event.question, tracked.state.history)
                list(tracked.reject() if option is None else tracked.answer(option))
    try:
        same = twin.truth.score_breakdown().totals() == tracked.state.score_breakdown().totals()
    except Exception:  # the tracked scores cannot be counted
        same = False
    return {"seed": args.seed, "players": args.players, "tilt": args.tilt, "lighting": args.lighting,
            "moves_total": len(twin.truth.history), "moves_correct": twin.moves_correct(tracked.state.history),
            "illegal_injected": sum(c.kind == "illegal" for c in twin.changes), "illegal_flagged": len(flagged),
            "false_alarms": false_alarms, "questions_asked": questions, "final_scores_match": same}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("record", "replay"))
    parser.add_argument("players", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("tilt", type=float)
    parser.add_argument("lighting", choices=("day", "lamp", "evening"))
    parser.add_argument("dir", help="where the readings are kept (DIR/still_SEED.pkl)")
    parser.add_argument("--illegal", type=int, default=3)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=720)
    parser.add_argument("--as-main", action="store_true", help="replay readings as main's recogniser gave them")
    args = parser.parse_args()
    from tracker.octocube.twin import TwinGame

    twin = TwinGame(args.players, args.seed, illegal=args.illegal)
    path = Path(args.dir) / f"still_{args.seed}.pkl"
    if args.what == "record":
        path.parent.mkdir(parents=True, exist_ok=True)
        record(twin, args, path)
    else:
        print(json.dumps(replay(twin, args, path)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
