"""End to end through the real command line (``python -m ui.cli``, what ``tablesight`` runs):
``replay`` on a log the demo really wrote, ``simulate`` for every game and variant. The output
is checked, not only the exit code."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
NAMES = ("Red", "Yellow")


def _cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(scope="module")
def demo_log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A 12-move two-player demo game through the camera pipeline, with its event log."""
    log = tmp_path_factory.mktemp("replay") / "game.jsonl"
    proc = _cli("demo", "--log", str(log), "--moves", "12", "--players", "2")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "moves followed: 12/12" in proc.stdout, proc.stdout[-3000:]
    return log, proc.stdout


def _demo_moves(out: str) -> list[str]:
    return [line.removeprefix("move: ") for line in out.splitlines() if line.startswith("move: ")]


def _demo_totals(out: str) -> list[int]:
    return [int(re.search(rf"^{name}: (-?\d+) points?$", out, re.M).group(1)) for name in NAMES]  # type: ignore[union-attr]


def _where(moves: list[str], name: str) -> str:
    """Where ``name``'s cube ends, read from the demo's own move lines."""
    where = "home"
    for text in moves:
        if not text.startswith(name + " "):
            continue
        m = re.match(rf"{name} (?:rolls \w+ from \w+ to (\w+)|places the cube on (\w+)|(scores))", text)
        if m:
            where = m.group(1) or m.group(2) or "home"
    return where


def test_replay_rebuilds_the_demo_game_from_its_log(demo_log: tuple[Path, str]) -> None:
    log, out = demo_log
    moves = _demo_moves(out)
    assert len(moves) == 12
    proc = _cli("replay", str(log), "--json")
    assert proc.returncode == 0, proc.stderr
    data: dict[str, Any] = json.loads(proc.stdout)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert data["game"] == "octocube" and data["config"] == {"num_players": 2, "mode": "standard"}
    assert data["events"] == len(lines) and data["moves"] == 12
    assert data["damaged_line"] is None and data["problems"] == [] and data["terminal"] is False
    # the scores of the rebuilt game are the ones the demo printed at its end
    assert data["scores"]["totals"] == _demo_totals(out)
    # and the rebuilt position has each cube where the demo's moves left it
    from rules.core import load_state

    state = load_state(data["state"])
    text = str(state)
    for seat, name in enumerate(NAMES):
        assert re.search(rf"^\[{seat + 1}\] {name}\s+{_where(moves, name)}\s", text, re.M), text
    # plain-text replay: every event, the same moves in order, the status and the score sheet
    proc = _cli("replay", str(log))
    assert proc.returncode == 0, proc.stderr
    replayed = [line.split("move", 1)[1].strip() for line in proc.stdout.splitlines()
                if re.match(r"^\s*\d+\s+move\s", line)]
    assert replayed == moves
    assert "OctocubeGame(num_players=2, mode='standard'): in progress, 12 moves" in proc.stdout
    assert sum(1 for line in proc.stdout.splitlines() if re.match(r"^\s*\d+\s+\w+", line)) == len(lines)


def test_replay_of_a_log_cut_mid_line_replays_up_to_the_damage(demo_log: tuple[Path, str], tmp_path: Path) -> None:
    log, out = demo_log
    data = log.read_bytes()
    lines = data.splitlines(keepends=True)
    last_move = max(i for i, raw in enumerate(lines) if b'"type":"move"' in raw)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:last_move]) + lines[last_move][:40])  # a crash while writing it
    proc = _cli("replay", str(cut), "--json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["moves"] == 11 and report["damaged_line"] == last_move + 1
    assert "cut off" in report["damage"] and report["problems"] == []
    proc = _cli("replay", str(cut), "--quiet")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert f"warning: the last line was cut off mid-write; replayed the {last_move} complete events before line {last_move + 1}" in proc.stdout
    assert "in progress, 11 moves" in proc.stdout


def test_replay_of_something_that_is_not_a_log_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "notes.jsonl"
    bad.write_text('{"type": "note", "text": "hello"}\n')
    proc = _cli("replay", str(bad))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "not a TableSight event log" in proc.stderr


SIMULATIONS = [
    ("octo_dice", ["--players", "1", "--variant", "solo"], {"num_players": 1, "variant": "solo"}),
    ("octo_dice", ["--players", "2", "--variant", "virtual"], {"num_players": 2, "variant": "virtual"}),
    ("octo_dice", ["--players", "2"], {"num_players": 2}),
    ("octo_dice", ["--players", "3"], {"num_players": 3}),
    ("octo_dice", ["--players", "4"], {"num_players": 4}),
    ("open_season", ["--players", "2", "--side", "horn"], {"num_players": 2, "side": "horn"}),
    ("open_season", ["--players", "3", "--side", "shield", "--expert"], {"num_players": 3, "side": "shield", "expert": True}),
    ("open_season", ["--players", "4", "--side", "horn", "--expert"], {"num_players": 4, "side": "horn", "expert": True}),
    ("octocube", ["--players", "2", "--mode", "kids"], {"num_players": 2, "mode": "kids"}),
    ("octocube", ["--players", "3", "--mode", "advanced"], {"num_players": 3, "mode": "advanced"}),
    ("octocube", ["--players", "4", "--mode", "standard"], {"num_players": 4, "mode": "standard"}),
]


@pytest.mark.parametrize(("game", "args", "config"), SIMULATIONS, ids=lambda v: v if isinstance(v, str) else None)
def test_simulate_every_game_and_variant(game: str, args: list[str], config: dict[str, Any]) -> None:
    from ui.cli import main  # in-process: the same entry point as the console script, quicker

    players = config["num_players"]
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["simulate", game, *args, "--games", "3", "--seed", "11", "--check", "--json"])
    report = json.loads(buf.getvalue())
    assert code == 0 and report["errors"] == 0, report["error_messages"]
    assert report["game"] == game and report["games"] == 3
    assert {k: v for k, v in report["config"].items() if k in config} == config
    assert report["config"]["num_players"] == players
    assert report["moves"] > 3 * players and report["mean_moves_per_game"] == round(report["moves"] / 3, 2)
    assert len(report["mean_score_by_seat"]) == players and len(report["win_share_by_seat"]) == players
    assert sum(report["win_share_by_seat"]) >= 1.0 - 1e-9  # every game has at least one winner
    # the same seed plays the same games
    buf2 = io.StringIO()
    with contextlib.redirect_stdout(buf2):
        main(["simulate", game, *args, "--games", "3", "--seed", "11", "--json"])
    again = json.loads(buf2.getvalue())
    assert (again["moves"], again["mean_score_by_seat"]) == (report["moves"], report["mean_score_by_seat"])


def test_simulate_octo_dice_text_output_through_the_command() -> None:
    proc = _cli("simulate", "octo_dice", "--players", "2", "--variant", "virtual", "--games", "2", "--seed", "4")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert re.match(r"^OctoDiceGame\(.*\): 2 games, \d+ moves in [\d.]+ s \([\d.]+ moves/s\)$", lines[0]), lines
    assert re.match(r"^mean score by seat: -?[\d.]+, -?[\d.]+$", lines[1]), lines
    assert lines[2] == "errors: 0"
    assert "2/2 games" in proc.stderr


def test_simulate_refuses_bad_input_in_one_line() -> None:
    proc = _cli("simulate", "octo_dice", "--players", "5")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.strip().count("\n") == 0
    proc = _cli("simulate", "octo_dice", "--games", "0")
    assert proc.returncode == 2 and "--games must be at least 1" in proc.stderr
