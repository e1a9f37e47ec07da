"""Which games can be followed at the table, found by name (lazy, like ``rules.registry``)."""

from __future__ import annotations

import importlib

from tracker.table import TableGame, TrackerSetupError

TABLE_GAMES: dict[str, str] = {
    "octocube": "tracker.octocube:OctocubeTable",
    "octo_dice": "tracker.octo_dice:OctoDiceTable",
    "open_season": "tracker.open_season:OpenSeasonTable",
}


def tracked_games() -> tuple[str, ...]:
    return tuple(TABLE_GAMES)


def table_game(name: str) -> TableGame:
    target = TABLE_GAMES.get(name)
    if target is None:
        from rules.registry import GAME_CLASSES

        if name in GAME_CLASSES:
            raise TrackerSetupError(f"{name} cannot be followed from the camera yet (rules engine only); "
                                    f"games at the table: {', '.join(TABLE_GAMES)}")
        raise TrackerSetupError(f"unknown game {name!r}; games at the table: {', '.join(TABLE_GAMES)}")
    module_name, _, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    game: TableGame = cls()
    return game
