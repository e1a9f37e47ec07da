"""final_scoring (tokens + coins + tiles, what a photo of a finished table shows) agrees with the
engine's own score sheet of the same finished game."""

from __future__ import annotations

import random

import pytest

from rules.core import random_playout
from rules.octocube.scoring import final_cube_tiles, final_scoring
from rules.registry import make_game


@pytest.mark.parametrize("players,mode", [(2, "standard"), (3, "standard"), (4, "standard"), (3, "advanced")])
def test_final_scoring_matches_the_engine_on_finished_games(players: int, mode: str) -> None:
    checked_ties = 0
    for seed in range(12):
        state = make_game("octocube", players, mode=mode).new_initial_state(seed=seed)
        random_playout(state, random.Random(seed))
        sheet = state.score_breakdown()
        final = final_cube_tiles(state)
        tokens = [sum(line.points for line in sheet.lines_for(p) if line.category == "series")
                  for p in range(players)]
        coins = [state.boards[p].coins + sum(1 for t in final[p] if t.kind == "coin") for p in range(players)]
        tiles = [state.boards[p].object_tiles() + [t for t in final[p] if t.kind == "object"]
                 for p in range(players)]
        photo = final_scoring(tokens, coins, tiles)
        assert photo.totals() == sheet.totals()
        assert photo.winners == sheet.winners and photo.tie_break == sheet.tie_break
        checked_ties += bool(sheet.tie_break)
        names = [f"P{p}" for p in range(players)]
        named = final_scoring(tokens, coins, tiles, names=names)
        assert named.totals() == sheet.totals()
        if named.tie_break:
            assert "P" in named.tie_break and "Red" not in named.tie_break


def test_final_scoring_refuses_what_no_table_shows() -> None:
    with pytest.raises(ValueError, match="for each of 1-4 players"):
        final_scoring([1, 2], [0], [[], []])
    with pytest.raises(ValueError, match="cannot have -3 token points"):
        final_scoring([-3, 0], [0, 0], [[], []])
    with pytest.raises(ValueError, match="1 names for 2 players"):
        final_scoring([0, 0], [0, 0], [[], []], names=["A"])
