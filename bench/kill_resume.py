"""kill -9 at random moments, then resume: is every resumed game the uninterrupted one?

Run: ``.venv/bin/python bench/kill_resume.py [--game octocube|open_season|octo_dice|all] [--seeds 4]
[--kills 5] [--moves 8] [--seed 90000]``.

For each game seed (players 2, 3, 4 in turn) the game is first played through uninterrupted;
then, ``--kills`` times, the same command is started, killed with SIGKILL at a random moment, and
continued from its log. A trial passes when the final log replays with no damage left and its game
(state and move history) equals the uninterrupted one's. A kill before the log was written is a
fresh start (the same command again).

* Octocube: ``tablesight run --demo --log LOG`` (rendered frames, the pixel recogniser), killed
  after 15-90 % of the uninterrupted run's time, continued with ``run --demo --resume LOG``.
  ``--moves`` is the demo's move count.
* Open Season and Octo Dice (``run --demo`` plays Open Season through its pixel recogniser, but
  slowly and not every move right, so a resumed game could differ for reasons that are not the
  log's; Octo Dice's choices are entered on the tablet): ``bench/twin_log_run.py``, the seeded twin
  tracked from perfect observations through the real TrackedGame and EventLog (fsync), killed at a
  random moment between the log's header appearing and the uninterrupted run's end (so the
  kills fall among the moves, not in the imports), and run again on the same log, which it
  resumes (EventLog reopening, replay, the same twin from the scene the log stands at).
  ``--moves`` is passed as the twin's ``--max-moves`` (Octo Dice: turns); 0 plays whole games.

The kill moments come from ``random.Random(--seed)`` (one stream per game); nothing was tuned on
them.
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

GAMES = ("octocube", "open_season", "octo_dice")
TWIN = REPO / "bench" / "twin_log_run.py"


def _command(game: str, players: int, seed: int, moves: int) -> list[str]:
    if game == "octocube":
        return [sys.executable, "-m", "ui.cli", "run", "--game", game, "--players", str(players), "--demo",
                "--seed", str(seed), "--moves", str(moves), "--json"]
    return [sys.executable, str(TWIN), "--game", game, "--players", str(players), "--seed", str(seed),
            "--max-moves", str(moves)]


def _game(path: Path) -> tuple[str, int, str]:
    """The replayed game (state with its move history), its move count, and any damage left."""
    result = replay(path)
    if result.damaged_line is not None:
        return "", 0, result.damage
    state = result.state
    history = [state.game.move_codec.encode(m) for m in state.history]
    return state.dumps() + json.dumps(history, sort_keys=True, default=str), len(state.history), ""


def _logged(log: Path) -> int:
    return len(replay(log).state.history) if log.exists() and log.stat().st_size else 0


def _has_log(log: Path) -> bool:
    return log.exists() and log.stat().st_size > 0


def _wait_for_log(proc: subprocess.Popen[bytes], log: Path, limit: float) -> bool:
    """Wait until the child has written its log's header (or ended)."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end and proc.poll() is None:
        if _has_log(log):
            return True
        time.sleep(0.005)
    return _has_log(log)


def _trials(game: str, args: argparse.Namespace, work: Path) -> list[dict[str, object]] | None:
    rng = random.Random(args.seed * 31 + GAMES.index(game))
    trials: list[dict[str, object]] = []
    for g in range(args.seeds):
        seed, players = args.seed + g, 2 + g % 3
        cmd = _command(game, players, seed, args.moves)
        ref = work / f"{game}-ref{g}.jsonl"
        t0 = time.perf_counter()
        ref_proc = subprocess.Popen([*cmd, "--log", str(ref)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
        header_at = t0
        if game != "octocube":
            _wait_for_log(ref_proc, ref, 600)
            header_at = time.perf_counter()
        try:
            out, err = ref_proc.communicate(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            ref_proc.kill()
            print(f"{game} seed {seed}: the uninterrupted run took over {args.timeout} s", file=sys.stderr)
            return None
        ref_seconds, game_seconds = time.perf_counter() - t0, time.perf_counter() - header_at
        if ref_proc.returncode != 0:
            print(f"{game} seed {seed}: the uninterrupted run failed: {err.decode().strip()[-300:]}", file=sys.stderr)
            return None
        ref_state, ref_moves, _ = _game(ref)
        for k in range(args.kills):
            log = work / f"{game}-g{g}-k{k}.jsonl"
            proc = subprocess.Popen([*cmd, "--log", str(log)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    cwd=REPO, start_new_session=True)
            if game == "octocube":
                delay = rng.uniform(0.15, 0.9) * ref_seconds  # the start-up (imports) is about 2 s of it
                time.sleep(delay)
            else:
                delay = rng.uniform(0.0, 0.95) * game_seconds  # after the header: among the moves
                _wait_for_log(proc, log, 600)
                time.sleep(delay)
            killed = proc.poll() is None
            if killed:
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            before = 0
            try:
                before = _logged(log)
                fresh = not _has_log(log)
            except EventLogError:
                fresh = False
            if fresh:  # killed before the header was written: start again
                log.unlink(missing_ok=True)
            # Octocube resumes with --resume; the twin resumes a log that holds a game by itself
            again_cmd = [*cmd, "--resume", str(log)] if game == "octocube" and not fresh else [*cmd, "--log", str(log)]
            try:
                again = subprocess.run(again_cmd, capture_output=True, text=True, cwd=REPO, timeout=args.timeout)
            except subprocess.TimeoutExpired:  # a resume that never ends is a failed trial, not a crash
                again = subprocess.CompletedProcess(again_cmd, 124, "", f"the resumed run took over {args.timeout} s")
            state, moves, damage = _game(log) if log.exists() else ("", 0, "no log")
            ok = again.returncode == 0 and not damage and state == ref_state
            cut = Path(str(log) + ".damaged")
            trials.append({"game": game, "seed": seed, "players": players, "kill_after_s": round(delay, 3),
                           "killed": killed, "moves_before_resume": before, "cut_line_set_aside": cut.exists(),
                           "fresh_start": fresh, "moves": moves, "ref_moves": ref_moves, "equal": ok,
                           "why": "" if ok else (damage or again.stderr.strip()[-300:]
                                                 or f"{moves} moves vs {ref_moves}")})
            print(f"  {game} seed {seed} kill {k + 1}: after {delay:.2f} s ({before}/{ref_moves} moves logged"
                  f"{', fresh start' if fresh else ''}{', cut last line set aside' if cut.exists() else ''}) -> "
                  f"{'equal' if ok else 'DIFFERENT: ' + str(trials[-1]['why'])}", file=sys.stderr, flush=True)
    return trials


def _summary(game: str, trials: list[dict[str, object]]) -> dict[str, object]:
    resumed = [t for t in trials if t["killed"] and not t["fresh_start"]]
    return {"game": game, "trials": len(trials), "equal": sum(bool(t["equal"]) for t in trials),
            "killed_then_resumed": len(resumed), "killed_then_resumed_equal": sum(bool(t["equal"]) for t in resumed),
            "killed_mid_run": sum(bool(t["killed"]) for t in trials),
            "fresh_starts": sum(bool(t["fresh_start"]) for t in trials),
            "cut_line_set_aside": sum(bool(t["cut_line_set_aside"]) for t in trials)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="octocube", choices=(*GAMES, "all"))
    parser.add_argument("--seeds", type=int, default=4, help="games (default 4)")
    parser.add_argument("--kills", type=int, default=5, help="kill moments per game (default 5)")
    parser.add_argument("--moves", type=int, default=8, help="moves per game (default 8; Octo Dice: turns; "
                        "0: whole games, not for Octocube)")
    parser.add_argument("--seed", type=int, default=90000, help="first game seed, and the kill moments' seed")
    parser.add_argument("--timeout", type=float, default=300, help="seconds one run may take (default 300); a "
                        "resumed run that takes longer is a failed trial")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = GAMES if args.game == "all" else (args.game,)
    started = time.perf_counter()
    trials: list[dict[str, object]] = []
    summaries = []
    with tempfile.TemporaryDirectory(prefix="tablesight-kill-") as tmp:
        for game in games:
            done = _trials(game, args, Path(tmp))
            if done is None:
                return 2
            trials += done
            summaries.append(_summary(game, done))
    total = _summary(args.game, trials)
    report = {**total, "per_game": summaries, "seconds": round(time.perf_counter() - started, 1),
              "trials_detail": trials}
    if args.json:
        print(json.dumps(report))
    else:
        for s in [*summaries, *([total] if len(summaries) > 1 else [])]:
            print(f"{s['game']}: {s['killed_then_resumed_equal']}/{s['killed_then_resumed']} games killed mid-run and "
                  f"resumed equal to the uninterrupted one; all trials {s['equal']}/{s['trials']} "
                  f"({s['killed_mid_run']} killed mid-run, {s['fresh_starts']} of them before the log existed, the "
                  f"rest ended before the kill; {s['cut_line_set_aside']} left a cut last line, set aside)")
        print(f"{args.seeds} seeds from {args.seed}, --moves {args.moves}, {report['seconds']} s")
    return 0 if total["equal"] == len(trials) else 1


if __name__ == "__main__":
    sys.exit(main())
