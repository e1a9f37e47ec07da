"""Golden playthroughs, one per variant: every move in plain words, then the score breakdown.

A change in rules, move order or wording shows up as a diff; regenerate deliberately with
``UPDATE_GOLDEN=1 python -m pytest tests/rules/octo_dice/test_golden.py`` (exactly ``1``;
a missing golden fails, it is never written silently)."""

from __future__ import annotations

import random

import pytest

from rules.octo_dice import OctoDiceGame
from tests.golden_files import GOLDEN_DIR as GOLDEN
from tests.golden_files import check_golden

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
    check_golden(GOLDEN / f"octo_dice_{name}.txt", playthrough(*CASES[name]), __file__)
