"""The digital score sheet: one player's paper sheet as JSON-able data a UI can draw.

Every circle (crossed or not, with its colour and points), every box (empty = ``None``), the
lab with the player's markers, and each third's intermediate scoring and total. Box values come
from the state's ledger, so the sheet always agrees with ``score_breakdown()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.octo_dice.components import (
    BOT_TRACK,
    CRYSTAL_CIRCLES,
    LAB_COLUMNS,
    LAB_LEVELS,
    LAB_TILES,
    OCTOPOD_PENALTY,
    OCTOPOD_SYMBOLS_PER_THIRD,
    RESEARCH_TRACK,
    SUBMARINES,
    THIRDS,
)
from rules.octo_dice.sheet import BONUS_THIRD

if TYPE_CHECKING:
    from rules.octo_dice.state import OctoDiceState


def _box(entry: Any) -> dict[str, Any]:
    return {"points": entry.points, "kind": entry.kind, "struck": entry.points == 0, "reason": entry.reason}


def score_sheet(state: OctoDiceState, player: int) -> dict[str, Any]:
    if not 0 <= player < state.num_players:
        raise ValueError(f"there is no player {player}; seats are 0..{state.num_players - 1}")
    sheet = state.sheets[player]
    entries = [e for e in state.ledger if e.player == player]
    slots = state.turns_per_third // state.num_players
    thirds: list[dict[str, Any]] = []
    for third in range(THIRDS):
        mine = [e for e in entries if e.third == third]
        turns = []
        for slot in range(slots):
            row = f"turn {slot + 1}"
            boxes: dict[str, Any] = {"A": None, "B": None, "octopods": None}
            for e in mine:
                if e.row == row:
                    boxes[e.box] = _box(e)
            turns.append({"row": "bottom" if state.solo and slot == 2 else "turns", **boxes})
        bonus_boxes: list[dict[str, Any] | None] = [None, None]
        for e in mine:
            if e.row == "bonus actions":
                bonus_boxes[int(e.box) - 1] = _box(e)
        scored = third < state.thirds_scored
        subs = next((e.points for e in mine if e.kind == "submarine scoring"), None)
        penalty = next((e.points for e in mine if e.kind == "octopod penalty"), None)
        caught = sheet.octopods[third]
        thirds.append({
            "third": third + 1,
            "turns": turns,
            "bonus_actions": None if state.solo else bonus_boxes,
            "octopod_symbols": [i < caught for i in range(OCTOPOD_SYMBOLS_PER_THIRD)],
            "penalty_box": {"points": OCTOPOD_PENALTY, "crossed_out": caught >= OCTOPOD_SYMBOLS_PER_THIRD},
            "submarine_points": subs,
            "penalty": penalty,
            "total": sum(e.points for e in mine) if scored else None,
        })
    over = state.phase == "over"
    bonus = [e for e in entries if e.third == BONUS_THIRD]
    crystal_bonus = sum(e.points for e in bonus if e.kind == "crystal majority")
    lab_bonus = sum(e.points for e in bonus if e.kind == "level-2 labs")
    return {
        "player": player,
        "name": state.player_name(player),
        "actions": {
            "crystal": {"circles": [{"crossed": i < sheet.crystals} for i in range(CRYSTAL_CIRCLES)]},
            "research": {"circles": [
                {"colour": c, "points": pts, "crossed": i < sheet.research, "next": i == sheet.research}
                for i, (c, pts) in enumerate(RESEARCH_TRACK)
            ]},
            "bot": {"circles": [
                {"colour": c, "points": pts, "crossed": sheet.bot_crossed(i)} for i, (c, pts) in enumerate(BOT_TRACK)
            ]},
            "submarine": {"circles": [
                {"colour": c, "crossed": sheet.sub_crossed(i)} for i, c in enumerate(SUBMARINES)
            ]},
        },
        "lab": {
            "columns": [
                {
                    "marker_level": sheet.lab[column],
                    "tiles": [
                        {
                            "code": state.layout[level][column],
                            "name": LAB_TILES[state.layout[level][column]].name,
                            "level": level,
                            "effect": LAB_TILES[state.layout[level][column]].effect,
                            "reached": sheet.lab[column] >= level,
                        }
                        for level in range(LAB_LEVELS)
                    ],
                }
                for column in range(LAB_COLUMNS)
            ],
            "abilities_used_this_turn": sorted(sheet.used_abilities),
        },
        "thirds": thirds,
        "bonus_scoring": {
            "crystals": crystal_bonus if over and not state.solo else None,
            "labs": lab_bonus if over else None,
            "total": crystal_bonus + lab_bonus if over else None,
            "lines": [{"points": e.points, "kind": e.kind, "reason": e.reason} for e in bonus],
        },
        "final_score": sum(e.points for e in entries) if over else None,
        "running_total": sum(e.points for e in entries),
    }
