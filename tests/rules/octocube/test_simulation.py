"""OpenSpiel-style random simulation: seeded random games of every mode and player count,
with the invariants checked after every move, JSON round trips and undo at random points,
and the hidden-information variant played in lockstep with the full one."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import UNKNOWN, load_state, random_playout
from rules.octocube import OctocubeGame, OctocubeState, UnrevealedTileError
from rules.octocube import data
from rules.octocube.scoring import final_cube_tiles
from tests import scale

# (mode, players, games): 945 games with every move checked (kids games are long: hundreds of
# moves); test_many_more_games adds 1,850 games on the fast path, checked when they end. `make
# test` plays a third of each sweep, TABLESIGHT_FUZZ=long all of it (tests/scale.py).
CONFIGS = [
    ("standard", 2, 200),
    ("standard", 3, 150),
    ("standard", 4, 150),
    ("advanced", 2, 120),
    ("advanced", 3, 100),
    ("advanced", 4, 100),
    ("kids", 2, 80),
    ("kids", 3, 30),
    ("kids", 4, 15),
]
BULK = {  # mode -> ((players, games), ...): fast unchecked games, checked when they end
    "standard": ((2, 300), (3, 300), (4, 300)),
    "advanced": ((2, 200), (3, 200), (4, 200)),
    "kids": ((2, 200), (3, 100), (4, 50)),
}


def position(state: OctocubeState) -> str:
    return json.dumps(state._state_json(), sort_keys=True)


def check_scores_add_up(state: OctocubeState) -> None:
    breakdown = state.score_breakdown()
    assert breakdown.totals() == [sum(l.points for l in breakdown.lines_for(p)) for p in range(state.num_players)]
    if state.mode == "kids":
        assert [breakdown.by_category(p)["board"] for p in range(state.num_players)] == [b.filled() for b in state.boards]
        return
    final = final_cube_tiles(state)
    for p, board in enumerate(state.boards):
        cats = breakdown.by_category(p)
        last = [t.obj for t in final[p] if t.kind == "object"]
        last_points = sum(data.SERIES_POINTS[last.count(o)] for o in set(last))
        assert cats.get("series", 0) == board.tokens + last_points
        coins = board.coins + sum(1 for t in final[p] if t.kind == "coin")
        assert cats.get("coins", 0) == data.COIN_POINTS * coins


def play_checked(game: OctocubeGame, seed: int) -> OctocubeState:
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    assert state.status() == []
    start = position(state)
    moves = 0
    while not state.is_terminal():
        legal = list(state.legal_moves())
        assert legal, "a player to move always has a move"
        move = rng.choice(legal)
        roll = rng.random()
        if roll < 0.1:
            assert len(set(legal)) == len(legal), "no move listed twice"
            assert state.describe_move(move).startswith(("Red", "Yellow", "Blue", "Purple"))
        if roll < 0.02:  # undo restores the position and its moves exactly
            before = position(state)
            state.push(move)
            state.pop()
            assert position(state) == before
            assert list(state.legal_moves()) == legal
        elif roll > 0.98:  # JSON round trip keeps everything, including what may be played
            if roll > 0.998:  # the whole document, history included
                loaded = load_state(state.dumps())
                assert isinstance(loaded, OctocubeState)
                again = loaded
            else:
                again = game.state_from_json(json.loads(position(state)))
                assert again.status() == []
            assert position(again) == position(state)
            assert list(again.legal_moves()) == legal
            assert again.current_player() == state.current_player()
        state.push(move)  # checked: every generated move passes the rules check
        moves += 1
        problems = state.status()
        assert problems == [], f"seed {seed} move {moves} {move}: {problems}"
        if roll < 0.05:
            check_scores_add_up(state)
    assert len(set(state.turns_taken())) == 1, "everyone had the same number of turns"
    check_scores_add_up(state)
    assert state.score_breakdown().winners
    if seed % 10 == 0:  # undo the whole game
        while state.history:
            state.pop()
        assert position(state) == start
    return state


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "players", "games"), CONFIGS)
def test_random_games_keep_every_invariant(mode: str, players: int, games: int) -> None:
    game = OctocubeGame(players, mode=mode)
    ended_by_abyss = 0
    for i in range(scale.games(games)):
        state = play_checked(game, seed=10_000 * players + i)
        ended_by_abyss += state.end_triggered
    assert ended_by_abyss > 0


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["standard", "advanced", "kids"])
def test_many_more_games(mode: str) -> None:
    """Bulk: many more seeded games on the fast unchecked path, each checked when it ends
    (consistent position, equal turns, scores adding up, a winner)."""
    for players, games in BULK[mode]:
        game = OctocubeGame(players, mode=mode)
        for i in range(scale.games(games)):
            seed = 500_000 + 1000 * players + i
            state = game.new_initial_state(seed)
            random_playout(state, random.Random(seed))
            assert state.status() == [], f"{mode} {players}p seed {seed}: {state.status()}"
            assert len(set(state.turns_taken())) == 1
            check_scores_add_up(state)
            assert state.score_breakdown().winners


def test_legal_moves_never_depend_on_unknowns() -> None:
    """The hidden game (what a camera knows) and the full game, played in lockstep: the legal
    moves agree at every step; reveals happen late (sometimes only when a move needs them)."""
    for mode, players in [("standard", 4), ("advanced", 3), ("kids", 2), ("standard", 2)]:
        game = OctocubeGame(players, mode=mode)
        for seed in range(12):
            rng = random.Random(seed)
            full = game.new_initial_state(seed)
            hidden = game.new_initial_state(seed, hidden=True)
            assert hidden.status() == []
            while not full.is_terminal():
                legal = list(full.legal_moves())
                assert list(hidden.legal_moves()) == legal
                move = rng.choice(legal)
                try:
                    hidden.push(move)
                except UnrevealedTileError:  # the tracker must reveal before it can score
                    assert not hidden.history or hidden.history[-1] is full.history[-1]
                    reveal_all(hidden, full)
                    hidden.push(move)
                full.push(move)
                if rng.random() < 0.3:
                    reveal_all(hidden, full)
                assert hidden.status() == []
            assert hidden.is_terminal()
            reveal_all(hidden, full)
            assert hidden.score_breakdown() == full.score_breakdown()


def reveal_all(hidden: OctocubeState, full: OctocubeState) -> None:
    for where in hidden.unknowns():
        if where[0] == "cube":
            hidden.reveal(where, full.cubes[where[1]].faces[where[2]])
        else:
            hidden.reveal(where, full.stacks[where][-1])
    assert hidden.unknowns() == []
    for loc, stack in hidden.stacks.items():
        assert not stack or stack[-1] is UNKNOWN or stack[-1] == full.stacks[loc][-1]
