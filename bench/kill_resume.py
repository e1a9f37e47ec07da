"""kill -9 at random moments, then `--resume`: is every resumed game the uninterrupted one?

Run: ``.venv/bin/python bench/kill_resume.py [--seeds 4] [--kills 5] [--moves 8] [--seed 90000]``.

For each game seed (players 2, 3, 4 in turn) the demo game is first played through uninterrupted
(``tablesight run --demo --log``); then, ``--kills`` times, the same command is started, killed
with SIGKILL after a random share of the uninterrupted run's time, and continued with
``tablesight run --demo --resume LOG``. A trial passes when the resumed log replays with no
damage left and its game (state, history) equals the uninterrupted one's. A kill before the
log was written is a fresh start (the same command again). Only Octocube can be tracked today
(Open Season and Octo Dice trackers are on other branches); the bench takes ``--game`` for them.
The kill moments come from ``random.Random(--seed)``; nothing was tuned on them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tracker.event_log import EventLogError, replay  # noqa: E402


def _command(game: str, players: int, seed: int, moves: int) -> list[str]:
    return [sys.executable, "-m", "ui.cli", "run", "--game", game, "--players", str(players), "--demo",
            "--seed", str(seed), "--moves", str(moves), "--json"]


def _game(path: Path) -> tuple[str, int, str]:
    result = replay(path)
    if result.damaged_line is not None:
        return "", 0, result.damage
    return result.state.dumps(), len(result.state.history), ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="octocube")
    parser.add_argument("--seeds", type=int, default=4, help="games (default 4)")
    parser.add_argument("--kills", type=int, default=5, help="kill moments per game (default 5)")
    parser.add_argument("--moves", type=int, default=8, help="moves per game (default 8)")
    parser.add_argument("--seed", type=int, default=90000, help="first game seed, and the kill moments' seed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    trials: list[dict[str, object]] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tablesight-kill-") as tmp:
        work = Path(tmp)
        for g in range(args.seeds):
            seed, players = args.seed + g, 2 + g % 3
            cmd = _command(args.game, players, seed, args.moves)
            ref = work / f"ref{g}.jsonl"
            t0 = time.perf_counter()
            done = subprocess.run([*cmd, "--log", str(ref)], capture_output=True, text=True, cwd=REPO, timeout=600)
            ref_seconds = time.perf_counter() - t0
            if done.returncode != 0:
                print(f"seed {seed}: the uninterrupted run failed: {done.stderr.strip()[-300:]}", file=sys.stderr)
                return 2
            ref_state, ref_moves, _ = _game(ref)
            for k in range(args.kills):
                log = work / f"g{g}-k{k}.jsonl"
                delay = rng.uniform(0.15, 0.9) * ref_seconds  # the start-up (imports) is about 2 s of it
                proc = subprocess.Popen([*cmd, "--log", str(log)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        cwd=REPO, start_new_session=True)
                time.sleep(delay)
                killed = proc.poll() is None
                if killed:
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                before = 0
                try:
                    before = len(replay(log).state.history) if log.exists() and log.stat().st_size else 0
                    fresh = not (log.exists() and log.stat().st_size)
                except EventLogError:
                    fresh = False
                if fresh:  # killed before the header was written: start again
                    log.unlink(missing_ok=True)
                    again = subprocess.run([*cmd, "--log", str(log)], capture_output=True, text=True, cwd=REPO,
                                           timeout=600)
                else:
                    again = subprocess.run([*cmd, "--resume", str(log)], capture_output=True, text=True, cwd=REPO,
                                           timeout=600)
                state, moves, damage = _game(log) if log.exists() else ("", 0, "no log")
                ok = again.returncode == 0 and not damage and state == ref_state
                trials.append({"seed": seed, "players": players, "kill_after_s": round(delay, 2), "killed": killed,
                               "moves_before_resume": before, "fresh_start": fresh, "moves": moves,
                               "equal": ok, "why": "" if ok else (damage or again.stderr.strip()[-300:]
                                                                 or f"{moves} moves vs {ref_moves}")})
                print(f"  seed {seed} kill {k + 1}: after {delay:.1f} s ({before} moves logged"
                      f"{', fresh start' if fresh else ''}) -> {'equal' if ok else 'DIFFERENT: ' + str(trials[-1]['why'])}",
                      file=sys.stderr, flush=True)
    equal = sum(bool(t["equal"]) for t in trials)
    resumed = [t for t in trials if t["killed"] and not t["fresh_start"]]
    report = {"game": args.game, "trials": len(trials), "equal": equal,
              "killed_then_resumed": len(resumed), "killed_then_resumed_equal": sum(bool(t["equal"]) for t in resumed),
              "killed_mid_run": sum(bool(t["killed"]) for t in trials),
              "fresh_starts": sum(bool(t["fresh_start"]) for t in trials),
              "seconds": round(time.perf_counter() - started, 1), "trials_detail": trials}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.game}: {report['killed_then_resumed_equal']}/{len(resumed)} games killed mid-run and resumed "
              f"equal to the uninterrupted one; all trials {equal}/{len(trials)} ({report['killed_mid_run']} killed "
              f"mid-run, {report['fresh_starts']} of them before the log existed, the rest ended before the kill), "
              f"{args.seeds} seeds from {args.seed}, {args.moves} moves, {report['seconds']} s")
    return 0 if equal == len(trials) else 1


if __name__ == "__main__":
    sys.exit(main())
