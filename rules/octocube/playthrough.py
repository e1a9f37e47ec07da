"""A seeded random Octocube game told in plain words: the golden playthrough files and the
temporary ``tablesight demo`` both print this (pure: returns text, does no I/O)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from rules.octocube.components import PLAYER_COLOURS
from rules.octocube.state import OctocubeGame, OctocubeState, player_name


def play_lines(game: OctocubeGame, seed: int, max_moves: int = 20_000) -> Iterator[str]:
    """Yield the setup, one line per move and the final score sheet of game ``seed``
    (setup from ``seed``, moves chosen uniformly at random with ``random.Random(seed)``)."""
    state: OctocubeState = game.new_initial_state(seed)
    rng = random.Random(seed)
    yield f"Octocube, {game.num_players} players, {game.mode} game, seed {seed}"
    yield f"First player: {player_name(state.first_player)}"
    yield str(state)
    yield ""
    turn_of = -1
    moves = 0
    while not state.is_terminal():
        if moves >= max_moves:
            yield f"(stopped after {max_moves} moves)"
            break
        legal = list(state.legal_moves())
        move = rng.choice(legal)
        if state.player != turn_of or state.phase() == "action":
            turn_of = state.player
        yield f"{moves + 1:>4}. {state.describe_move(move)}"
        state.push(move)
        moves += 1
    yield ""
    yield f"Game over after {moves} moves ({state.turns_taken()[0]} turns each)."
    yield str(state)
    yield ""
    names = [p.capitalize() for p in PLAYER_COLOURS[: game.num_players]]
    yield state.score_breakdown().to_text(names)


def play_text(game: OctocubeGame, seed: int) -> str:
    return "\n".join(play_lines(game, seed)) + "\n"
