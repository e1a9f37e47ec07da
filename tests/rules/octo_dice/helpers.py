"""Helpers to bring an Octo Dice game to a wanted position with few lines per test."""

from __future__ import annotations

from collections.abc import Mapping

from rules.octo_dice import DICE, DeclineBonus, EndActions, OctoDiceGame, OctoDiceState, Roll, SetAside
from rules.octo_dice.sheet import LedgerEntry

QUIET = {
    # a roll that scores nothing by itself: no octopod anywhere
    "white1": "crystal", "white2": "research", "white3": "lab",
    "black1": "white-1", "black2": "red-0", "black3": "blue-2",
}


def new_game(players: int = 2, variant: str | None = None, tiles: str | None = None) -> OctoDiceState:
    return OctoDiceGame(players, variant=variant, tiles=tiles).new_initial_state(seed=0)


def roll_turn(state: OctoDiceState, faces: Mapping[str, str]) -> None:
    """Roll 6, keep white1+black1, roll 4, keep white2+black2, roll the last 2 -- each die ending
    on ``faces[die]`` (unnamed dice fall back to ``QUIET``)."""
    wanted = {**QUIET, **faces}
    state.push(Roll(tuple((d, wanted[d]) for d in DICE)))
    state.push(SetAside(("white1", "black1")))
    state.push(Roll(tuple((d, wanted[d]) for d in ("white2", "white3", "black2", "black3"))))
    state.push(SetAside(("white2", "black2")))
    state.push(Roll((("white3", wanted["white3"]), ("black3", wanted["black3"]))))


def decline_all(state: OctoDiceState) -> None:
    while state.phase == "bonus":
        state.push(DeclineBonus())


def quiet_turn(state: OctoDiceState) -> None:
    """A whole turn in which nobody does anything (the virtual roll, if any, included)."""
    roll_turn(state, QUIET)
    state.push(EndActions())
    decline_all(state)
    if state.phase == "virtual_roll":
        state.push(Roll(tuple((d, QUIET[d]) for d in DICE)))
        decline_all(state)


def give_lab(state: OctoDiceState, player: int, levels: tuple[int, int, int]) -> None:
    """Put a player's markers at ``levels`` as if earlier lab actions had moved them there
    (ledger entries included, so that ``status()`` stays clean)."""
    sheet = state.sheets[player]
    for column, level in enumerate(levels):
        while sheet.lab[column] < level:
            sheet.lab[column] += 1
            state.ledger.append(LedgerEntry(player, 0, "turn 1", "A", "lab", 0, "set up by the test"))


def points_of_last(state: OctoDiceState) -> int:
    return state.ledger[-1].points


def play_quietly_to(state: OctoDiceState, phase: str = "over") -> None:
    """Quiet turns until the game reaches ``phase`` (``super_level`` or ``over``)."""
    while state.phase not in (phase, "over"):
        quiet_turn(state)


def bonus_lines(state: OctoDiceState, player: int) -> list[tuple[int, str]]:
    return [(e.points, e.reason) for e in state.ledger if e.player == player and e.third == 3]
