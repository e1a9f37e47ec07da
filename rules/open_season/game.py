"""``OpenSeasonGame``: the fixed configuration (players, wall side, expert tiles)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import Game, RulesError
from rules.open_season.layout import LAYOUTS, Layout
from rules.open_season.moves import CODEC
from rules.open_season.serialize import state_from_json
from rules.open_season.state import OpenSeasonState


class OpenSeasonGame(Game[OpenSeasonState]):
    """Open Season for 2-4 players on the Horn (11 rounds) or Shield (9 rounds) side."""

    name = "open_season"
    min_players = 2
    max_players = 4
    move_codec = CODEC

    def __init__(self, num_players: int, side: str = "horn", expert: bool = False) -> None:
        if side not in LAYOUTS:
            raise RulesError(f"open_season side must be one of {', '.join(LAYOUTS)}, not {side!r}")
        if not isinstance(expert, bool):
            raise RulesError(f"open_season expert must be true or false, not {expert!r}")
        super().__init__(num_players, side=side, expert=expert)
        self.side = side
        self.expert = expert
        self.layout: Layout = LAYOUTS[side]

    def new_initial_state(self, seed: int | None = None, hidden: bool = False) -> OpenSeasonState:
        """A fresh game. Every draw is a chance node, so ``seed`` changes nothing: seat 0 is the
        first player (the table seats players clockwise from whoever was drawn to start).
        ``hidden=True`` is a tracker's view: cards drawn out of the camera's sight are UNKNOWN."""
        state = OpenSeasonState(self, hidden=hidden)
        state._start()
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> OpenSeasonState:
        return state_from_json(self, data)
