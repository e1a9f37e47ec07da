"""Open Season rules engine (issue #8): 2-4 players, Horn or Shield side, expert bonus tiles."""

from rules.open_season.game import OpenSeasonGame
from rules.open_season.state import OpenSeasonState

__all__ = ["OpenSeasonGame", "OpenSeasonState"]
