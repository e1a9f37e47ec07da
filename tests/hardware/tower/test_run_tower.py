"""``tablesight run --tower PORT``: the tower's events beside the camera pipeline; a missing
tower is one line and the game goes on from the camera alone."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from hardware.tower.simulator import TowerSimulator
from ui.commands.tower import start_for_run

REPO = Path(__file__).resolve().parents[3]


def test_run_demo_prints_the_towers_rolls(tmp_path: Path) -> None:
    with TowerSimulator(link=tmp_path / "tower", settle_ms=30) as sim:
        roller_stop = time.monotonic() + 60

        proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "run", "--demo", "--players", "2",
                                 "--max-frames", "4", "--json", "--log", str(tmp_path / "g.jsonl"),
                                 "--tower", sim.link], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        while proc.poll() is None and time.monotonic() < roller_stop:
            sim.roll(2, 5)
            time.sleep(0.3)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert f"tower: tower connected on {sim.link}" in err
    assert "tower: roll 1 settled: 2 dice" in err and "Traceback" not in err
    assert out.strip().splitlines()[-1].startswith("{")  # the JSON result is unchanged


def test_a_missing_tower_is_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    lines: list[str] = []
    assert start_for_run(str(tmp_path / "absent"), lines.append) is None
    assert lines == [f"tower: cannot open {tmp_path / 'absent'}: no such port; going on from the camera alone"]


def test_a_roll_settled_from_the_tower_asks_the_pipeline_to_read(tmp_path: Path) -> None:
    """What ``run --tower`` hands the pipeline: each "roll settled" calls the read request
    (tracker.pipeline.Pipeline.request_read), other events only print."""
    lines: list[str] = []
    settled: list[float] = []
    with TowerSimulator(link=tmp_path / "tower", settle_ms=30) as sim:
        client = start_for_run(sim.link, lines.append, lambda: settled.append(time.monotonic()))
        assert client is not None
        try:
            deadline = time.monotonic() + 20
            while not settled and time.monotonic() < deadline:
                sim.roll(3, 5)
                time.sleep(0.3)
        finally:
            client.close()
    assert settled, lines
    assert any("settled: 3 dice" in line for line in lines)
