"""Start a live game from what the camera will see: a deal in which no tile is known yet."""

from __future__ import annotations

from rules.core import UNKNOWN
from rules.octocube.state import OctocubeGame, OctocubeState


def unseen_deal(game: OctocubeGame, first_player: int = 0) -> OctocubeState:
    """The set-up with every stack's tiles UNKNOWN (its height from the rules, the centre abyss
    tile face up). The first still scene reveals each top; the tracker reveals the rest as cubes
    uncover them. ``first_player`` is the seat that starts (the camera cannot tell)."""
    if not 0 <= first_player < game.num_players:
        raise ValueError(f"first player must be a seat 0-{game.num_players - 1}, not {first_player}")
    state = game.new_initial_state(0, hidden=True)
    for loc, stack in state.stacks.items():
        if stack and (stack[-1] is UNKNOWN or stack[-1].collectible):
            state.stacks[loc] = [UNKNOWN] * len(stack)
    state.first_player = state.player = first_player
    return state
