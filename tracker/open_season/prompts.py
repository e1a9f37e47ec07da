"""Plain-words prompts for the players: whose turn it is and what the game waits for."""

from __future__ import annotations

from rules.open_season.state import TASK_WORDS, OpenSeasonState


def open_season_prompt(state: OpenSeasonState) -> str:
    if state.is_terminal():
        return "The game is over."
    task = state.tasks[-1]
    who = f"player {state.turn_player + 1}"
    if task[0] == "draw" and task[1] == "inn":
        return f"{who}'s turn (round {state.round}): refill the inn to 5 cards."
    if task[0] in ("draw", "random_acc"):
        return f"{who}'s turn: {TASK_WORDS[task[0]]}."
    seat = state.current_player()
    if seat != state.turn_player:
        return f"player {seat + 1}: {TASK_WORDS.get(task[0], task[0])} (during {who}'s turn)."
    return f"{who}'s turn (round {state.round}): {TASK_WORDS.get(task[0], task[0])}."
