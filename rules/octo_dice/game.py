"""``OctoDiceGame``: player count, variant (plain, solo, 2-player virtual) and lab-tile layout."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Game, RulesError
from rules.octo_dice.components import (
    FIRST_PLAY_LAYOUT,
    ROUNDS_PER_THIRD,
    SOLO_TURNS_PER_THIRD,
    TILE_LETTERS_BY_LEVEL,
    Layout,
    layout_text,
    parse_layout,
)
from rules.octo_dice.moves import MOVE_CODEC
from rules.octo_dice.state import OctoDiceState

VARIANTS = (None, "solo", "virtual")


class OctoDiceGame(Game[OctoDiceState]):
    """Octo Dice for 1-4 players.

    ``variant``: ``None`` (2-4 players), ``"solo"`` (1 player, 9 turns) or ``"virtual"``
    (2 players plus a virtual player whose dice both may use for bonus actions).
    ``tiles``: ``None`` for the first-play layout (A1 B1 C1 / D1 E1 F1 / G1 H1 I1), ``"random"``
    for a random order and side per level drawn from the state's seed, or 9 tile codes."""

    name = "octo_dice"
    min_players = 1
    max_players = 4
    move_codec = MOVE_CODEC

    def __init__(self, num_players: int, variant: str | None = None, tiles: Any = None) -> None:
        options: dict[str, Any] = {}
        if variant is not None:
            options["variant"] = variant
        if tiles is not None:
            options["tiles"] = tiles
        super().__init__(num_players, **options)
        if variant not in VARIANTS:
            raise RulesError(f"unknown Octo Dice variant {variant!r}; use solo, virtual or none")
        if variant == "solo" and num_players != 1:
            raise RulesError(f"the solo game is for 1 player, not {num_players}")
        if variant == "virtual" and num_players != 2:
            raise RulesError(f"the virtual-player variant is for 2 players, not {num_players}")
        if variant is None and num_players == 1:
            raise RulesError("Octo Dice for 1 player is the solo game: use variant 'solo'")
        self.variant = variant
        self.fixed_layout: Layout | None = None
        if tiles is not None and tiles != "random":
            try:
                self.fixed_layout = parse_layout(tiles)
            except ValueError as exc:
                raise RulesError(str(exc)) from None
            self.options["tiles"] = layout_text(self.fixed_layout)
        self.random_tiles = tiles == "random"
        self.turns_per_third = SOLO_TURNS_PER_THIRD if variant == "solo" else ROUNDS_PER_THIRD * num_players

    def new_initial_state(self, seed: int | None = None) -> OctoDiceState:
        if self.fixed_layout is not None:
            layout = self.fixed_layout
        elif self.random_tiles:
            rng = random.Random(seed)
            rows = []
            for letters in TILE_LETTERS_BY_LEVEL:
                order = list(letters)
                rng.shuffle(order)
                rows.append(tuple(f"{letter}{rng.choice('12')}" for letter in order))
            layout = tuple(rows)  # type: ignore[assignment]
        else:
            layout = FIRST_PLAY_LAYOUT
        return OctoDiceState(self, layout)

    def state_from_json(self, data: Mapping[str, Any]) -> OctoDiceState:
        from rules.octo_dice.serialize import state_from_json

        return state_from_json(self, data)
