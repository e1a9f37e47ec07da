"""``tablesight app`` end to end, past its refusals: the real command in its own process on a
private Xvfb display plays the demo table, follows moves and writes a log that replays."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _tail(fh: object) -> str:
    fh.flush()  # type: ignore[attr-defined]
    fh.seek(0)  # type: ignore[attr-defined]
    return fh.read()[-3000:]  # type: ignore[attr-defined]


def _moves_in(log: Path) -> list[dict]:
    events = []
    for raw in log.read_bytes().splitlines(keepends=True):
        if raw.endswith(b"\n"):
            events.append(json.loads(raw))
    return [e for e in events if e.get("type") == "move"]


def test_app_command_plays_the_demo_table_and_logs_a_replayable_game(tmp_path: Path) -> None:
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb; make test does it when run as root)")
    import importlib.util

    if importlib.util.find_spec("kivy") is None:
        pytest.skip("Kivy is not installed (pip install 'kivy==2.3.1', in the test extra)")
    from ui.app.xvfb import start_xvfb, stop_xvfb

    home = tmp_path / "home"
    (home / "kivy").mkdir(parents=True)  # Kivy makes its own folder, not its parents
    errors = (tmp_path / "stderr.txt").open("w+")
    xvfb, display = start_xvfb((800, 600))
    env = {**os.environ, "DISPLAY": display, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(home / "kivy"),
           "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1"}
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("TABLESIGHT_HOME", None)
    app = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "app", "--demo", "--players", "2", "--seed", "3", "--illegal", "0",
         "--home", str(home), "--size", "800x600"],
        cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=errors, text=True)
    try:
        deadline = time.monotonic() + 150
        log: Path | None = None
        while time.monotonic() < deadline:
            assert app.poll() is None, f"the app exited ({app.returncode}):\n{_tail(errors)}"
            logs = sorted((home / "logs").glob("octocube-*.jsonl")) if (home / "logs").is_dir() else []
            if logs and len(_moves_in(logs[0])) >= 3:
                log = logs[0]
                break
            time.sleep(0.5)
        assert log is not None, "the app's demo game confirmed fewer than 3 moves in 150 s"
    finally:
        running = app.poll() is None
        app.terminate()
        try:
            app.wait(15)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()
        stop_xvfb(xvfb)
    err = _tail(errors)
    assert running and "Traceback" not in err, err

    # the log the app wrote is a real game: it replays through `tablesight replay` with no problem
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "replay", str(log), "--json"], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    moves = _moves_in(log)
    assert data["game"] == "octocube" and data["config"] == {"num_players": 2, "mode": "standard"}
    assert data["problems"] == [] and data["moves"] == len(moves) >= 3
    # a two-player game alternates Red and Yellow, each move described in plain words
    assert [m["player"] for m in moves[:3]] == [moves[0]["player"], 1 - moves[0]["player"], moves[0]["player"]]
    assert all(m["text"].startswith(("Red ", "Yellow ")) for m in moves)
    assert moves[0]["text"].split()[1] == "places"  # every cube starts in its owner's area
