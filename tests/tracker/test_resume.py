"""A session killed at any point (even mid-line) resumes from its event log with the same state."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules.octocube import OctocubeState
from tests.tracker.octocube_helpers import look, pair
from tracker.event_log import EventLog, replay
from tracker.octocube.adapter import OctocubeAdapter
from tracker.session import TrackedGame
from tracker.octocube.twin import TwinGame


class RecordingLog(EventLog):
    """Remembers the state as it is when each line is written (what a replay must rebuild)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.state: Any = None
        self.checkpoints: list[tuple[int, str]] = []

    def append(self, type_: str, **payload: Any) -> dict[str, Any]:
        event = super().append(type_, **payload)
        if self.state is not None:
            self.checkpoints.append((self.path.stat().st_size, self.state.to_json()))
        return event


def _played(tmp_path: Path, moves: int = 30) -> tuple[Any, Any, RecordingLog, list[Any]]:
    twin = TwinGame(3, seed=6, max_moves=moves)
    truth, tracked = pair(3, 6)
    path = tmp_path / "game.jsonl"
    plain = EventLog.create(path, tracked.state, fsync=False)
    plain.close()
    log = RecordingLog(path, fsync=False)
    log.state = tracked.state
    log.checkpoints.append((path.stat().st_size, tracked.state.to_json()))
    tracked.log = log
    for move in twin.truth.history:
        truth.push(move)
        look(truth, tracked)
    log.close()
    return truth, tracked, log, list(twin.truth.history)


def test_replay_at_every_cut_point_gives_the_state_of_that_moment(tmp_path: Path) -> None:
    truth, tracked, log, _ = _played(tmp_path)
    data = log.path.read_bytes()
    assert replay(log.path).state.to_json() == tracked.state.to_json()
    sizes = [size for size, _ in log.checkpoints]
    cuts = sorted(set(sizes[::3] + [s - 7 for s in sizes[1::4]] + [len(data) - 1]))
    for cut in cuts:
        part = tmp_path / f"cut{cut}.jsonl"
        part.write_bytes(data[:cut])
        result = replay(part)
        expected = [state for size, state in log.checkpoints if size <= cut][-1]
        assert result.state.to_json() == expected, f"cut at byte {cut}"
        assert not result.problems


def _killed_and_resumed(tmp_path: Path) -> tuple[TrackedGame, TrackedGame, Path]:
    """The game of :func:`_played` killed mid-line half-way, resumed from its log by a tracker with
    the default settings (``seat_settles`` on: a placing waits for its seat's next turn) and played
    to the end: (the resumed tracker, the first one, the resumed log)."""
    truth, tracked, log, moves = _played(tmp_path)
    data = log.path.read_bytes()
    cut = log.checkpoints[len(log.checkpoints) // 2][0] - 5  # half-written line
    resumed_path = tmp_path / "resumed.jsonl"
    resumed_path.write_bytes(data[:cut])
    state = replay(resumed_path).state
    assert isinstance(state, OctocubeState)
    done = len(state.history)
    with EventLog(resumed_path, fsync=False) as log2:  # cuts the damaged tail
        assert log2.recovered_from
        game = TrackedGame(state, OctocubeAdapter(), log2)
        truth2, _ = pair(3, 6)
        for move in moves[:done]:
            truth2.push(move)
        for move in moves[done:]:
            truth2.push(move)
            look(truth2, game)
    return game, tracked, resumed_path


def test_killed_mid_line_then_resumed_reaches_the_same_game(tmp_path: Path) -> None:
    game, tracked, resumed_path = _killed_and_resumed(tmp_path)
    assert game.state.history == tracked.state.history
    assert replay(resumed_path).state.to_json() == tracked.state.to_json()


def test_without_logging_remade_reveals_the_replay_misses_a_seen_top(tmp_path: Path, monkeypatch: Any) -> None:
    """The off control of ``TrackedGame.log_remade_reveals``: a seat wait's provisional placing
    taken back and made again forgot the top seen atop E4 in the log (a light blue sextant)."""
    monkeypatch.setattr(TrackedGame, "log_remade_reveals", False)
    game, tracked, resumed_path = _killed_and_resumed(tmp_path)
    assert game.state.history == tracked.state.history
    assert replay(resumed_path).state.to_json() != tracked.state.to_json()


def test_run_resume_refuses_a_damaged_start(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "gam')
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "run", "--demo", "--resume", str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "error" in proc.stderr and "Traceback" not in proc.stderr


def test_run_demo_resume_continues_the_log(tmp_path: Path) -> None:
    path = tmp_path / "demo.jsonl"
    cmd = [sys.executable, "-m", "ui.cli", "run", "--game", "octocube", "--players", "2", "--demo", "--seed", "3",
           "--moves", "4"]
    first = subprocess.run(cmd + ["--log", str(path), "--max-frames", "14"], capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    partial = len(replay(path).state.history)
    data = path.read_bytes()
    path.write_bytes(data + b'{"seq": 99, "type": "mo')  # killed mid-write
    second = subprocess.run(cmd + ["--resume", str(path)], capture_output=True, text=True, timeout=120)
    assert second.returncode == 0, second.stderr
    assert "damaged tail" in second.stdout
    final = replay(path)
    assert final.damaged_line is None
    assert len(final.state.history) == 4 and partial <= 4
    shutil.rmtree(tmp_path, ignore_errors=True)
