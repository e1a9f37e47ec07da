"""Which games exist and how to build them by name (lazy, so importing is cheap)."""

from __future__ import annotations

import importlib
from typing import Any

from rules.core import Game, RulesError
from rules.safe_json import one_line, shown

GAME_CLASSES: dict[str, str] = {
    "octocube": "rules.octocube:OctocubeGame",
    "open_season": "rules.open_season:OpenSeasonGame",
    "octo_dice": "rules.octo_dice:OctoDiceGame",
}


def game_class(name: str) -> type[Game[Any]]:
    target = GAME_CLASSES.get(name)
    if target is None:
        raise RulesError(f"unknown game {name!r}; known games: {', '.join(sorted(GAME_CLASSES))}")
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise RulesError(f"the {name} engine is not available in this build ({exc})") from None
    return getattr(module, class_name)


def make_game(name: str, num_players: int, **options: Any) -> Game[Any]:
    """Build a game from its name and configuration (as written by ``Game.config()``)."""
    cls = game_class(name)
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise RulesError(f"num_players must be a whole number, not {shown(num_players)}")
    try:
        return cls(num_players, **options)
    except TypeError as exc:  # an option this game does not have (a log or state from elsewhere)
        raise RulesError(f"{name} does not take the option(s) given ({one_line(str(exc), 200)})") from None
