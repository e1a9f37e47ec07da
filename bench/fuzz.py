"""Generated bad inputs across every loader and subcommand: how many end in a traceback or a
silently wrong result (both must be 0).

Run: ``.venv/bin/python bench/fuzz.py --count 10000 [--seed 1] [--processes 40]``.

Inputs are split evenly over the targets: the event log (replay, then resume, of a damaged
Octocube log), the state loader (damaged states of the three engines), the calibration profile
and config loaders, the move codecs, and each CLI case of tests/fuzzing.py (every subcommand with
one damaged file or one out-of-range argument), run in-process so that 10,000 fit in minutes.
``--processes N`` also runs N of the CLI inputs as real ``python -m ui.cli`` processes, to see
what the terminal really shows (C libraries write to it below Python). The oracles are those of
tests/test_fuzz.py (tests/fuzzing.py). Seeds: the suite uses hypothesis's own; this bench's
default seed 1 was not used to tune anything.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests import fuzzing as F  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="generated bad inputs in all (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=0, help="CLI inputs also run as real processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.count < 1 or args.processes < 0:
        parser.error("--count must be at least 1 and --processes not negative")

    log_seed = F.octocube_log()
    states = F.state_seeds()
    moves = F.move_seeds()
    cli = F.cli_cases(log_seed)
    targets = ["log", "state", "profile", "config", "move"] + [f"cli {name}" for name in cli]
    tally = F.Tally()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tablesight-fuzz-") as tmp:
        work = Path(tmp)
        for i in range(args.count):
            target = targets[i % len(targets)]
            rng = random.Random(f"{args.seed}:{i}")
            if target == "log":
                data = log_seed.data
                for _ in range(rng.randint(1, 3)):
                    data = F.mutate_bytes(data, rng, log_seed.other)
                outcome, detail = F.check_log(data, log_seed, work)
            elif target == "state":
                outcome, detail = F.check_state(F.tree_text(F.mutate_tree(rng.choice(states), rng), rng))
            elif target == "profile":
                text = (F.mutate_bytes(json.dumps(F.PROFILE_SEED, indent=1).encode(), rng) if rng.random() < 0.3
                        else F.tree_text(F.mutate_tree(F.PROFILE_SEED, rng), rng))
                outcome, detail = F.check_profile(text, work)
            elif target == "config":
                outcome, detail = F.check_config(F.tree_text(F.mutate_tree(F.CONFIG_SEED, rng), rng), work)
            elif target == "move":
                game, move = rng.choice(moves)
                data_m = F.mutate_tree(move, rng)
                outcome, detail = F.check_move(game, F.tree_text(data_m, rng).decode() if rng.random() < 0.3 else data_m)
            else:
                name = target[4:]
                outcome, detail = F.run_cli_case(name, cli[name], rng, work)
            tally.add(target, outcome, detail)
            if (i + 1) % 1000 == 0:
                print(f"  {i + 1}/{args.count} inputs, {tally.total(F.Outcome.TRACEBACK)} tracebacks, "
                      f"{tally.total(F.Outcome.WRONG)} silently wrong", file=sys.stderr, flush=True)
        in_process_s = time.perf_counter() - started
        real = _real_processes(cli, args, work, tally)
    total = tally.total()
    report = {
        "inputs": total,
        "tracebacks": tally.total(F.Outcome.TRACEBACK),
        "silently_wrong": tally.total(F.Outcome.WRONG),
        "refused_cleanly": tally.total(F.Outcome.REFUSED),
        "accepted_right": tally.total(F.Outcome.OK),
        "real_processes": real,
        "seconds": round(time.perf_counter() - started, 1),
        "in_process_seconds": round(in_process_s, 1),
        "per_target": tally.counts,
        "failures": tally.failures[:50],
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{total} generated bad inputs over {len(targets)} targets (seed {args.seed}), "
              f"{report['seconds']} s ({report['in_process_seconds']} s in-process)")
        for target, counts in tally.counts.items():
            print(f"  {target:<28} " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        print(f"tracebacks: {report['tracebacks']}; silently wrong: {report['silently_wrong']}; "
              f"refused cleanly: {report['refused_cleanly']}; accepted and right: {report['accepted_right']}")
        if real:
            print(f"real processes: {real}")
        for failure in tally.failures[:30]:
            print("FAIL " + failure)
    return 1 if report["tracebacks"] or report["silently_wrong"] else 0


def _real_processes(cli: dict, args: argparse.Namespace, work: Path, tally: F.Tally) -> dict[str, int]:
    """Some CLI inputs as real processes: the terminal shows exactly one line, whatever C code
    below Python writes."""
    names = sorted(cli)
    seen = {"runs": 0, "clean": 0}
    for i in range(args.processes):
        name = names[i % len(names)]
        rng = random.Random(f"process {args.seed}:{i}")
        argv, may_succeed = cli[name](rng, work)
        env = {k: v for k, v in __import__("os").environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        done = subprocess.run([sys.executable, "-m", "ui.cli", *argv], capture_output=True, text=True,
                              timeout=120, cwd=REPO, env=env)
        outcome, detail = F.judge_cli(argv, done.returncode, done.stdout, done.stderr, "", may_succeed)
        tally.add(f"process {name}", outcome, detail)
        seen["runs"] += 1
        seen["clean"] += outcome in (F.Outcome.OK, F.Outcome.REFUSED)
    return seen if args.processes else {}


if __name__ == "__main__":
    sys.exit(main())
