"""Golden playthroughs, one per variant: every move in plain words, then the score breakdown.

A change in rules, move order or wording shows up as a diff; regenerate deliberately with
``UPDATE_GOLDEN=1 python -m pytest tests/rules/octo_dice/test_golden.py``."""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from rules.octo_dice import OctoDiceGame

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CASES = {
    "standard": (3, None),
    "solo": (1, "solo"),
    "virtual": (2, "virtual"),
}


def playthrough(players: int, variant: str | None, seed: int = 7) -> str:
    game = OctoDiceGame(players, variant=variant, tiles="random")
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    out = [f"# {game!r}, seed {seed}", f"# lab tiles: {' / '.join(' '.join(row) for row in state.layout)}"]
    scored = 0
    while not state.is_terminal():
        if state.is_chance_node():
            move = state.sample_chance(rng)
        else:
            move = rng.choice(list(state.legal_moves()))
        out.append(f"{len(state.history) + 1:4d} [turn {min(state.turn, state.total_turns - 1) + 1}] "
                   f"{state.describe_move(move)}")
        state.push(move)
        if state.thirds_scored > scored:
            scored = state.thirds_scored
            totals = ", ".join(
                f"{state.player_name(p)} {sum(t['total'] for t in state.score_sheet(p)['thirds'][:scored])}"
                for p in range(players)
            )
            out.append(f"     -- intermediate scoring {scored}: {totals}")
    out.append("")
    out.append(state.score_breakdown().to_text())
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"octo_dice_{name}.txt"
    text = playthrough(*CASES[name])
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text)
    if not path.exists():
        pytest.fail(f"{path} is missing; create it with UPDATE_GOLDEN=1")
    expected = path.read_text()
    if text != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(True), text.splitlines(True), str(path), "this run", n=2))
        pytest.fail(f"golden playthrough changed:\n{diff[:4000]}")
