"""``tablesight demo``: the camera demo's JSON figures, the old rules-only demo, clear errors."""

from __future__ import annotations

import json
import subprocess
from tests.cli_inprocess import run_cli


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


def test_demo_json_reports_the_figures() -> None:
    proc = _cli("demo", "--game", "octocube", "--players", "2", "--seed", "4", "--moves", "3", "--illegal", "0",
                "--resolution", "640x360", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    for key in ("moves_total", "moves_correct", "illegal_injected", "illegal_flagged", "false_alarms",
                "questions_asked", "frames", "frames_per_s", "final_scores_match"):
        assert key in data
    assert data["moves_total"] == 3 and data["moves_correct"] == 3 and data["frames"] > 10
    assert data["final_scores_match"] is True


def test_rules_only_demo_keeps_the_old_behaviour() -> None:
    proc = _cli("demo", "--rules-only", "--players", "2", "--seed", "1")
    assert proc.returncode == 0 and "point" in proc.stdout.lower()


def test_bad_options_are_one_clear_line() -> None:
    proc = _cli("demo", "--players", "7")
    assert proc.returncode == 2 and "2-4 players" in proc.stderr and "Traceback" not in proc.stderr
    proc = _cli("run", "--game", "octocube", "--players", "3", "--video", "/nonexistent.mp4")
    assert proc.returncode == 2 and "does not exist" in proc.stderr
