"""Golden playthroughs: one seeded game per mode told in plain words with its final score sheet,
diffed against tests/golden/. Regenerate after an intended change with
``UPDATE_GOLDEN=1 python -m pytest tests/rules/octocube/test_golden.py`` and review the diff."""

from __future__ import annotations

import pytest

from rules.octocube import OctocubeGame
from rules.octocube.playthrough import play_text
from tests.golden_files import GOLDEN_DIR as GOLDEN
from tests.golden_files import check_golden

CASES = [("standard", 4, 7), ("kids", 2, 3), ("advanced", 3, 5)]


@pytest.mark.parametrize(("mode", "players", "seed"), CASES)
def test_golden_playthrough(mode: str, players: int, seed: int) -> None:
    check_golden(GOLDEN / f"octocube_{mode}.txt", play_text(OctocubeGame(players, mode=mode), seed), __file__)
