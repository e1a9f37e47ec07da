"""Octocube (Sit Down! / Megalopole, 2025): standard, kids and advanced rules engine.

``OctocubeGame(num_players, mode="standard"|"kids"|"advanced", powers=None)``; see
docs/octocube.md for the moves, the decisions the rulebook leaves open and examples.
"""

from rules.octocube.moves import (
    ChooseAbyss,
    Decline,
    LeftoverTarget,
    LeftoverTile,
    Pass,
    Pivot,
    Place,
    PlaceOnBoard,
    Retrieve,
    Roll,
    Score,
    UsePower,
)
from rules.octocube.pieces import Cube, PlayerBoard
from rules.octocube.state import OctocubeGame, OctocubeState, UnrevealedTileError

__all__ = [
    "ChooseAbyss",
    "Cube",
    "Decline",
    "LeftoverTarget",
    "LeftoverTile",
    "OctocubeGame",
    "OctocubeState",
    "Pass",
    "Pivot",
    "Place",
    "PlaceOnBoard",
    "PlayerBoard",
    "Retrieve",
    "Roll",
    "Score",
    "UnrevealedTileError",
    "UsePower",
]
