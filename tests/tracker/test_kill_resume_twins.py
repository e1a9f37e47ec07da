"""kill -9 and resume for the two games ``run --demo`` cannot play: through the real bench (real
SIGKILLs of a real child process) and, deterministically, through a log cut mid-line as a crash
leaves it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tracker.event_log import replay

REPO = Path(__file__).resolve().parents[2]


def _game(path: Path) -> tuple[str, list[str]]:
    result = replay(path)
    assert result.damaged_line is None, result.damage
    state = result.state
    return state.dumps(), [json.dumps(state.game.move_codec.encode(m), default=str) for m in state.history]


def _twin(game: str, log: Path, max_moves: int) -> dict[str, object]:
    done = subprocess.run([sys.executable, "bench/twin_log_run.py", "--game", game, "--players", "3", "--seed", "515",
                           "--max-moves", str(max_moves), "--log", str(log)], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_bench_kills_an_open_season_game_twice_and_both_resume_equal() -> None:
    done = subprocess.run([sys.executable, "bench/kill_resume.py", "--game", "open_season", "--seeds", "1",
                           "--kills", "2", "--moves", "20", "--seed", "31337", "--json"],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["trials"] == 2 and report["equal"] == 2
    for trial in report["trials_detail"]:
        assert trial["equal"] and trial["moves"] == trial["ref_moves"] > 0
        assert trial["moves_before_resume"] <= trial["ref_moves"]


def test_octo_dice_log_cut_mid_line_resumes_to_the_uninterrupted_game(tmp_path: Path) -> None:
    ref = tmp_path / "ref.jsonl"
    whole = _twin("octo_dice", ref, 4)
    assert whole["resumed"] is False and whole["moves"] == whole["truth_moves"] == whole["moves_correct"]
    lines = ref.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    keep = len(lines) // 2
    cut.write_bytes(b"".join(lines[:keep]) + lines[keep][: len(lines[keep]) // 2])  # the kill hit mid-write
    before = len(replay(cut).state.history)
    assert 0 < before < int(str(whole["moves"]))
    again = _twin("octo_dice", cut, 4)
    assert again["resumed"] is True
    assert (tmp_path / "cut.jsonl.damaged").read_bytes() == lines[keep][: len(lines[keep]) // 2]
    assert _game(cut) == _game(ref)
