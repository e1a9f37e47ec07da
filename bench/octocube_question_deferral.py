"""Bench: could the Octocube tracker ask fewer questions by keeping their options open until the
table tells them apart? Measures, without changing the tracker, on the observation bench's games
(perfect observations, questions answered truthfully):

* how many ordinary questions' options leave the very same game state (not only the same view):
  those could be merged outright, at no risk;
* for the others, after how many of the truth's next moves every wrong option's table would look
  different from the true one's (the truth's moves pushed on each option; a move it cannot make
  rules it out at once). An upper bound on what keeping options open could settle unasked: a
  wrong option might also be explained by other moves, and a doubtful reading may not show the
  difference.

    PYTHONPATH=$PWD nice -n 19 .venv/bin/python bench/octocube_question_deferral.py --seeds 141413 141416

Seeds: the observation bench's (``bench/demo_accuracy.py --observations``), played with 2 players.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

HORIZON = 12
"""Truth moves looked ahead at most."""


def _bucket(moves: int) -> str:
    if moves <= 2:
        return "within 2 moves"
    if moves <= 6:
        return "within 6 moves"
    return f"later than 6 (or not within {HORIZON})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, nargs="+", required=True)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args(argv)

    import tracker.session as session
    from tracker.inference import Question, scratch_copy

    spec = importlib.util.spec_from_file_location("demo_accuracy", Path(__file__).with_name("demo_accuracy.py"))
    assert spec is not None and spec.loader is not None
    demo_accuracy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(demo_accuracy)

    asked: list[tuple[Any, Question]] = []
    infer = session.infer

    def recording(state: Any, observed: Any, *rest: Any, **kw: Any) -> Any:
        verdict = infer(state, observed, *rest, **kw)
        if isinstance(verdict, Question) and not verdict.recovery and not verdict.take_back:
            asked.append((scratch_copy(state), verdict))
        return verdict

    session.infer = recording
    try:
        return _measure(args, asked, demo_accuracy)
    finally:
        session.infer = infer  # the tracker as it was: this module may run inside a test process


def _measure(args: argparse.Namespace, asked: list[tuple[Any, Any]], demo_accuracy: Any) -> int:
    """Plays the seeds (``asked`` fills with each ordinary question and the state it was asked in)
    and prints the figures."""
    from rules.octocube.serialize import state_to_json
    from tracker.inference import scratch_copy
    from tracker.octocube.adapter import OctocubeAdapter
    from tracker.octocube.twin import TwinGame

    adapter = OctocubeAdapter()

    class Options:
        illegal, max_moves, game = 3, 0, "octocube"

    settled: Counter[tuple[str, str]] = Counter()
    same_state = questions = 0
    for seed in args.seeds:
        asked.clear()
        demo_accuracy.play_observations({"players": args.players, "seed": seed, "mode": "standard"}, Options)
        truth = TwinGame(args.players, seed, illegal=3).truth.history
        for state, question in asked:
            questions += 1
            at = len(state.history)

            def after(i: int, more: int) -> Any:
                work = scratch_copy(state)
                for location, value in question.reveals_before_option(i):
                    work.reveal(location, value)
                for move in question.options[i]:
                    work.push_unchecked(move)
                if more:
                    start = at + len(question.options[true])
                    for move in truth[start:start + more]:
                        work.push(move)  # checked: a move the option cannot make rules it out
                return work

            kinds = {json.dumps(state_to_json(after(i, 0)), sort_keys=True) for i in range(len(question.options))}
            same_state += len(kinds) == 1
            trues = [i for i, o in enumerate(question.options) if tuple(truth[at:at + len(o)]) == o]
            if not trues:
                settled[("?", "no true option")] += 1
                continue
            true = trues[0]
            worst = 0
            for i in range(len(question.options)):
                if i == true:
                    continue
                more = 0
                while more < HORIZON:
                    more += 1
                    try:
                        if adapter.expected(after(i, more)) != adapter.expected(after(true, more)):
                            break
                    except Exception:  # the option cannot go on with the truth's moves
                        break
                worst = max(worst, more)
            settled[(type(question.options[0][0]).__name__, _bucket(worst))] += 1
    print(f"{questions} ordinary questions; {same_state} with every option leaving the same state")
    for (kind, when), count in sorted(settled.items()):
        print(f"  {kind:6} every wrong option shows {when}: {count}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
