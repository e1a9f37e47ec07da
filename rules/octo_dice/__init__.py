"""Octo Dice rules engine (1-4 players; solo; 2-player virtual-player variant) and score sheet.

Usage::

    from rules.octo_dice import OctoDiceGame
    state = OctoDiceGame(3).new_initial_state(seed=1)
    state.push(state.roll_from_reading({"white1": "lab", ...}))   # a camera reading
    state.score_sheet(0)        # JSON-able sheet with every circle and box
    state.score_breakdown()     # ScoreBreakdown, per third and category
"""

from rules.octo_dice.components import DICE, LAB_TILES, LabTile
from rules.octo_dice.game import OctoDiceGame
from rules.octo_dice.moves import (
    Action,
    BonusAction,
    BonusOctopods,
    DeclineBonus,
    EndActions,
    Roll,
    SetAside,
    SuperLevel,
)
from rules.octo_dice.state import OctoDiceState, crystal_majority

__all__ = [
    "DICE",
    "LAB_TILES",
    "Action",
    "BonusAction",
    "BonusOctopods",
    "DeclineBonus",
    "EndActions",
    "LabTile",
    "OctoDiceGame",
    "OctoDiceState",
    "Roll",
    "SetAside",
    "SuperLevel",
    "crystal_majority",
]
