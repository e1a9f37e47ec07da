"""Replay the still scenes an Open Season bench game handed the tracker (recorded with
``bench/demo_accuracy.py --game open_season ... --record-dir DIR``) through the tracker as it is
now, the twin's players answering truthfully: a derail traced, or a tracker change measured on a
pixel game's readings, in seconds instead of a new pixel run (the film is not rendered or read
again). A replay of the code that recorded it gives that run's moves, alerts and questions.

    python bench/demo_accuracy.py --game open_season --pixels --games 5 --seed 97620 --only-seed 97621 --record-dir D
    python bench/open_season_replay.py D/scenes_97621.pkl            # figures
    python bench/open_season_replay.py D/scenes_97621.pkl --say       # every event, scene by scene
    python bench/open_season_replay.py D/scenes_97621.pkl --stop 75   # up to scene 75 only

It cannot tell a flagged illegal change from a false alarm (the recording holds no truth about
scenes): it counts alerts; the false alarms are the alerts less the illegal changes flagged. It
does know the twin's true moves: ``departed`` names the scene from which the tracker's moves left
the true game for good (None when its moves end on it), with the first wrong move and the true
one: where to start tracing a lost game (102302: a refill card misread at scene 42, lost at 54).
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


RECORDING_KEYS = ("spec", "illegal", "max_moves", "start", "scenes")


def load_recording(path: Path) -> dict[str, Any]:
    """The recording at ``path``; ValueError naming the problem when it is not one that
    ``demo_accuracy.py --record-dir`` wrote (another pickle, a cut file)."""
    try:
        record = pickle.loads(path.read_bytes())
    except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError) as err:
        raise ValueError(f"{path}: not a readable recording ({type(err).__name__}: {err})") from err
    if not isinstance(record, dict) or any(key not in record for key in RECORDING_KEYS):
        raise ValueError(f"{path}: not a recording of demo_accuracy.py --record-dir "
                         f"(expected a dict with {', '.join(RECORDING_KEYS)})")
    return record


def replay(path: Path, say: Any = None, stop: int | None = None) -> dict[str, Any]:
    """Replays the recording at ``path`` (up to scene ``stop``); ``say`` gets each event's words."""
    from tracker.open_season.adapter import OpenSeasonAdapter
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.session import IllegalMoveAlert, QuestionAsked, TrackedGame, event_words

    record = load_recording(path)
    spec = record["spec"]
    twin = OpenSeasonTwin(spec["players"], spec["seed"], side=spec["side"], expert=spec["expert"],
                          illegal=record["illegal"], max_moves=record["max_moves"] or None)
    tracked = TrackedGame(record["start"].clone(), OpenSeasonAdapter())
    alerts = questions = rejected = 0
    scenes = record["scenes"][:stop]
    last_on_truth = 0  # the last scene after which the tracker's moves were the true game's
    for n, observed in enumerate(scenes, 1):
        pending = list(tracked.observe(observed))
        while pending:
            event = pending.pop(0)
            if say is not None:
                say(f"{n} {len(tracked.state.history)} {event_words(event, tracked.adapter)}")
            if isinstance(event, IllegalMoveAlert):
                alerts += 1
            elif isinstance(event, QuestionAsked):
                questions += 1
                option = twin.truthful_answer(event.question, tracked.state.history)
                rejected += option is None
                if say is not None:
                    say("  players answer: " + ("none of these" if option is None else str(option + 1)))
                pending = list(tracked.reject() if option is None else tracked.answer(option)) + pending
        if on_true_game(twin.as_truth(tracked.state.history), twin.truth.history):
            last_on_truth = n
    whole = stop is None or stop >= len(record["scenes"])
    if whole and twin.truth.is_terminal() and not tracked.state.is_terminal() and tracked.pending is None:
        pending = list(tracked.finish())  # the players say the game is over
        while pending:
            event = pending.pop(0)
            if isinstance(event, QuestionAsked):
                questions += 1
                option = twin.truthful_answer(event.question, tracked.state.history)
                pending = list(tracked.reject() if option is None else tracked.answer(option)) + pending
    scores_equal = whole and \
        list(twin.truth.score_breakdown().totals()) == list(tracked.state.score_breakdown().totals())
    return {"seed": spec["seed"], "scenes": len(scenes), "moves_total": len(twin.truth.history),
            "moves_correct": twin.moves_correct(tracked.state.history), "alerts": alerts,
            "questions_asked": questions, "questions_rejected": rejected,
            "final_scores_match": scores_equal,
            "departed": departure(last_on_truth, twin.as_truth(tracked.state.history), twin.truth.history)}


def on_true_game(history: list[Any], truth: list[Any]) -> bool:
    """Whether every move the tracker holds is the true game's move at that place."""
    return len(history) <= len(truth) and all(a == b for a, b in zip(history, truth))


def departure(last_on_truth: int, history: list[Any], truth: list[Any]) -> dict[str, Any] | None:
    """Where the tracker's moves left the true game for good: the scene after ``last_on_truth``,
    the index of the first move that differs, the tracker's move and the true one (None: its
    moves end on the true game)."""
    if on_true_game(history, truth):
        return None
    index = next((i for i, (a, b) in enumerate(zip(history, truth)) if a != b), min(len(history), len(truth)))
    return {"scene": last_on_truth + 1, "move": index,
            "tracked": str(history[index]) if index < len(history) else None,
            "true": str(truth[index]) if index < len(truth) else None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("recording", type=Path, help="a scenes_SEED.pkl that demo_accuracy.py --record-dir wrote")
    parser.add_argument("--say", action="store_true", help="print every event (scene number, moves so far, words)")
    parser.add_argument("--stop", type=int, help="replay only the first STOP scenes")
    args = parser.parse_args()
    try:
        figures = replay(args.recording, print if args.say else None, args.stop)
    except (OSError, ValueError) as err:
        print(f"open_season_replay: {err}", file=sys.stderr)
        return 2
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
