"""Building Open Season positions by hand for focused rule tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import State
from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.cards import CARD_IDS, COPIES, FACE_DOWN, NUM_IDENTITIES

C = CARD_IDS.__getitem__
"""Card identity from its name: ``C("elf-crown")``."""


def fd(name: str) -> int:
    """A wall value: this card lying face down."""
    return FACE_DOWN + C(name)


def blank(n: int = 2, side: str = "horn", expert: bool = False, hidden: bool = False) -> OpenSeasonState:
    """A state with nothing dealt: fill its fields, then call :func:`settle`."""
    return OpenSeasonState(OpenSeasonGame(n, side=side, expert=expert), hidden=hidden)


def wall(state: OpenSeasonState, player: int, cards: Mapping[int, Any]) -> None:
    """Put cards on a wall: ``{space_number: "elf-crown" | fd("...") }``."""
    for space, card in cards.items():
        state.wall[player][space - 1] = C(card) if isinstance(card, str) else card


def accolades(state: OpenSeasonState, player: int, cards: dict[str, int]) -> None:
    for name, count in cards.items():
        state.acc[player][C(name)] += count


def settle(state: OpenSeasonState, tasks: list[tuple[Any, ...]], turns_played: int | None = None) -> OpenSeasonState:
    """Put every card not placed elsewhere back in the deck, set the turn's pending tasks and run
    the automatic ones, so the position is consistent (``status() == []``)."""
    state.deck_counts = [0] * NUM_IDENTITIES
    state.deck_top = []
    used = state.card_locations()
    state.deck_counts = [COPIES - u for u in used]
    assert min(state.deck_counts) >= 0, "more than 6 copies of a card placed"
    state.deck_size = sum(state.deck_counts)
    if turns_played is None:
        # every player has played as many turns as cards on their wall
        walls = [sum(1 for v in w if v != -1) for w in state.wall]
        n = state.game.num_players
        turns_played = sum(walls) - (1 if state.placed else 0)
        state.turn_player = turns_played % n
    state.turns_played = turns_played
    state.turn_player = turns_played % state.game.num_players
    state.tasks = list(reversed(tasks))
    state._advance()
    return state


def play(state: State, *moves: Any) -> State:
    for move in moves:
        state.push(move)
    return state


def rest_of_turn(state: OpenSeasonState, first: str = "place") -> list[tuple[Any, ...]]:
    """The standard pipeline of a turn from ``first`` on (as queued by the start of a turn)."""
    steps: list[tuple[Any, ...]] = [("refill",), ("take",), ("place",)]
    if state.layout.trophy_spaces:
        steps.append(("trophy_check",))
    if state.expert:
        steps.append(("wild_check",))
        steps.append(("bonus_step",))
    if state.layout.shield_trophy is not None:
        steps.append(("shield_trophy",))
    steps.append(("end_turn",))
    names = [t[0] for t in steps]
    return steps[names.index(first):] if first in names else [(first,)] + steps[names.index("place") + 1:]


def filler_wall(state: OpenSeasonState, player: int, count: int) -> None:
    """Face-down cards on the first ``count`` empty spaces (rounds already played)."""
    spare = [t for t in range(NUM_IDENTITIES)]
    i = 0
    for s, v in enumerate(state.wall[player]):
        if count == 0:
            break
        if v == -1:
            state.wall[player][s] = FACE_DOWN + spare[(player * 11 + 5 * i + 1) % NUM_IDENTITIES]
            i += 1
            count -= 1
