"""Plain-words prompts for Octo Dice players: what the table waits for."""

from __future__ import annotations

from rules.octo_dice import OctoDiceState


def octo_dice_prompt(state: OctoDiceState) -> str:
    if state.is_terminal():
        return "The game is over."
    phase = state.phase
    if phase == "roll":
        n = len(state.dice_to_roll())
        where = "in the roll area" if n == 6 else "that are not set aside"
        return f"{state.waiting_for()}: throw the {n} dice {where}."
    if phase == "virtual_roll":
        return "Roll the virtual player's 6 dice in the roll area."
    if phase == "set_aside":
        return f"{state.waiting_for()}: move 2 of the dice just rolled to the set-aside area."
    return f"{state.waiting_for()}: choose on the tablet."
