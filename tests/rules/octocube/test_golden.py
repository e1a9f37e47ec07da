"""Golden playthroughs: one seeded game per mode told in plain words with its final score sheet,
diffed against tests/golden/. Regenerate after an intended change with
``UPDATE_GOLDEN=1 python -m pytest tests/rules/octocube/test_golden.py`` and review the diff."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from rules.octocube import OctocubeGame
from rules.octocube.playthrough import play_text

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CASES = [("standard", 4, 7), ("kids", 2, 3), ("advanced", 3, 5)]


@pytest.mark.parametrize(("mode", "players", "seed"), CASES)
def test_golden_playthrough(mode: str, players: int, seed: int) -> None:
    path = GOLDEN / f"octocube_{mode}.txt"
    text = play_text(OctocubeGame(players, mode=mode), seed)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; create it with UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), text.splitlines(keepends=True),
            fromfile=str(path), tofile="this build", n=2))
        pytest.fail(f"playthrough differs from {path.name} (UPDATE_GOLDEN=1 to accept):\n{diff[:4000]}")
