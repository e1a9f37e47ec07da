"""Plain-words prompts for the players: whose turn it is and what they may do."""

from __future__ import annotations

from rules.octocube.components import location_label
from rules.octocube.state import OctocubeState, player_name


def octocube_prompt(state: OctocubeState) -> str:
    if state.is_terminal():
        return "The game is over."
    seat = state.current_player()
    who = player_name(seat)
    phase = state.phase()
    cube = state.cubes[seat]
    if phase == "choose_abyss":
        return f"{who}: choose which abyss tile goes on {location_label(state.pending_abyss[0])}."
    if phase == "follow_up":
        if state.follow_up == "roll":
            return f"{who} may roll once more (abyss A), or leave the cube where it is."
        return f"{who} may use power {state.follow_up}, or not."
    if phase == "must_retrieve":
        return f"{who}'s cube is full: take it home and empty it onto the board."
    if phase in ("board", "leftover_target", "leftover_stack"):
        return f"{who}: put the retrieved tiles on the board, the rest on a stack."
    if cube.location is None:
        if any(m.kind == "place" for m in state.legal_moves()):
            return f"{who}'s turn: put the cube on a free edge space of the play area."
        return f"{who}'s turn: no edge space is free, so {who} passes."
    where = location_label(cube.location)
    if state.mode == "kids":
        return f"{who}'s turn (cube on {where}): roll it to a free neighbouring space, or take it home."
    extra = " or use a neighbouring power tile" if state.mode == "advanced" else ""
    return (f"{who}'s turn (cube on {where}): roll it one space, turn it in place, "
            f"take it home to score{extra}, or pass.")
