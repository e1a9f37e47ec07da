"""Golden playthroughs, one per wall side: a seeded random game written move by move in plain
words with the final score sheet, diffed against tests/golden/. Regenerate after an intended
rules change with ``UPDATE_GOLDEN=1 pytest tests/rules/open_season/test_golden.py``."""

from __future__ import annotations

import random

import pytest

from rules.core import CHANCE
from rules.open_season import OpenSeasonGame
from tests.golden_files import GOLDEN_DIR as GOLDEN
from tests.golden_files import check_golden

CASES = {
    "open_season_horn.txt": (3, "horn", False, 2026),
    "open_season_shield.txt": (3, "shield", True, 2027),
}


def playthrough(n: int, side: str, expert: bool, seed: int) -> str:
    game = OpenSeasonGame(n, side=side, expert=expert)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    out = [f"# {game!r}, random moves with seed {seed}"]
    while not state.is_terminal():
        who = state.current_player()
        move = state.sample_chance(rng) if who == CHANCE else rng.choice(list(state.legal_moves()))
        actor = "chance" if who == CHANCE else f"P{who + 1}"
        out.append(f"{len(state.history) + 1:4d} r{state.round:<2d} {actor:<6} {state.describe_move(move)}")
        state.push(move)
    out.append("")
    out.append(state.score_breakdown().to_text())
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    check_golden(GOLDEN / name, playthrough(*CASES[name]), __file__)
