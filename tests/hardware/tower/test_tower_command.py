"""``tablesight tower``: simulate in one process, test / watch from another, plain one-line
errors for bad input."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from ui.cli import main

REPO = Path(__file__).resolve().parents[3]


def _simulator(link: Path, *extra: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "tower", "simulate", "--link", str(link),
                             "--seconds", "8", *extra], cwd=REPO, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    end = time.monotonic() + 20
    while not link.exists() and time.monotonic() < end and proc.poll() is None:
        time.sleep(0.05)
    assert link.exists(), proc.communicate()[0]
    return proc


def test_simulate_then_test_and_watch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = tmp_path / "tower"
    proc = _simulator(link, "--every", "0.5", "--dice", "2", "--settle-ms", "50", "--faults", "noise=0.005,seed=2")
    try:
        assert main(["tower", "test", str(link)]) == 0
        out = capsys.readouterr().out
        assert out.startswith("tower v1.0 answered in ") and " ms " in out
        assert main(["tower", "watch", str(link), "--seconds", "2"]) == 0
        out = capsys.readouterr().out
        assert "tower connected on" in out and "settled: 2 dice" in out and "rolls," in out
    finally:
        proc.terminate()
        text = proc.communicate(timeout=10)[0]
    assert f"simulated tower on {link}" in text and "Traceback" not in text


@pytest.mark.parametrize("argv, message", [
    (["tower", "test", "/nonexistent/port"], "cannot open /nonexistent/port: no such port"),
    (["tower", "test", "loop://", "--timeout", "0.3"], "no tower answered on loop://"),
    (["tower", "test", "/dev/null"], "cannot open /dev/null: not a serial port"),
    (["tower", "test", "/"], "cannot open /: that is a directory, not a serial port"),
    (["tower", "test", "x", "--timeout", "0"], "--baud and --timeout must be positive"),
    (["tower", "simulate", "--faults", "noise=2"], "rates are 0-1"),
    (["tower", "simulate", "--faults", "flood=1"], "bad fault 'flood=1'"),
    (["tower", "simulate", "--dice", "0"], "--dice is 1-30"),
])
def test_bad_input_is_one_plain_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "Traceback" not in err and len(err.splitlines()) == 1


def test_list_says_something_without_raising(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tower", "list"]) in (0, 1)
    assert capsys.readouterr().out.strip()
