"""The two sides of the player board as data: which space does what.

The rulebook's wall pictures were lost, so every value below is a project decision
(shared/rules/open_season.md). Each side is ONE table; the engine reads nothing else about the
wall. Spaces are numbered from 1 (left to right, top row first) as in the decision document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Actions a top-row space can trigger.
STEAL = "steal"
MOVE_TROPHY = "move_trophy"
PEEK = "peek"
KEEP = "keep"
TAKE_INN = "take_inn"
ACTIONS: tuple[str, ...] = (STEAL, MOVE_TROPHY, PEEK, KEEP, TAKE_INN)

# Shield-side endgame scorings that a trophy activates (7, 7, 7 and 1 per card).
SHIELD_SCORINGS: tuple[str, ...] = (
    "eighteen_cards",
    "people_series",
    "wall_identical",
    "attribute_choice",
)

# fmt: off
HORN_TABLE: dict[str, Any] = {  # reconstructed
    "rounds": 11,
    # space: (row, column)
    "spaces": {1: (1, 1), 2: (1, 2), 3: (1, 3), 4: (1, 4),
               5: (2, 1), 6: (2, 2), 7: (2, 3), 8: (2, 4),
               9: (3, 1), 10: (3, 2), 11: (3, 3)},
    "actions": {1: STEAL, 2: MOVE_TROPHY, 3: PEEK, 4: KEEP},
    "friezes": [(1, 2, 3, 4), (5, 6), (9, 10, 11)],          # different peoples
    "people_points": {5: -2, 6: -3, 9: 1, 10: 2},            # per accolade card of that people
    "trophy_card_spaces": (9, 10, 11),                       # a trophy here counts as a card
    "majority_space": 11, "majority_points": 10,
    "attribute_space": 7, "attribute_points": 2,
    "same_people": ((6, 7, 8), 5),                           # +5 if all face up, same people
    "series_points": (4, 7),                                 # per series: without / with tile
    "series_tile": (5, 4),                                   # space 5 in rounds 1-4
    "trophy_window": (8, {1: ("trophy", 2), 2: ("trophy", 2), 3: ("wild", 1), 4: ("wild", 1),
                          5: ("trophy", 1), 6: ("trophy", 1)}),
    "row_bonus": ((9, 10, 11), 6, 4, 1),                     # complete by round 6: 4 trophies, 1 penalty
    "trophy_rows": (1, 3),                                   # where a turn's trophy may go
    "shield_trophy": None,
    "shield_wild": None,
}

SHIELD_TABLE: dict[str, Any] = {  # reconstructed
    "rounds": 9,
    "spaces": {1: (1, 1), 2: (1, 2), 3: (1, 3),
               4: (2, 1), 5: (2, 2), 6: (2, 3), 7: (2, 4),
               8: (3, 1), 9: (3, 2)},
    "actions": {1: STEAL, 2: PEEK, 3: TAKE_INN},
    "friezes": [(1, 2, 3), (4, 5), (8, 9)],
    "people_points": {4: -2, 6: -3, 8: 1, 9: 2},
    "trophy_card_spaces": (),
    "majority_space": None, "majority_points": 0,
    "attribute_space": 5, "attribute_points": 2,
    "same_people": None,
    "series_points": None,
    "series_tile": None,
    "trophy_window": None,
    "row_bonus": None,
    "trophy_rows": (),
    "shield_trophy": ((7, 8, 9), 6, 9),                      # placed in rounds 6-9: 1 trophy
    "shield_wild": ((7, 8, 9), 3, 4),                        # rounds 3-4: 1 wild, once a game (revised)
    "shield_points": {"eighteen_cards": 7, "people_series": 7, "wall_identical": 7,
                      "attribute_choice": 1},
}
# fmt: on


@dataclass(frozen=True)
class Layout:
    """One side of the player board, indexed from 0 inside the engine."""

    side: str
    rounds: int
    num_spaces: int
    rows: tuple[int, ...]
    columns: tuple[tuple[int, ...], ...]
    column_of: tuple[int, ...]
    actions: dict[int, str]
    action_bits: dict[str, int]
    friezes: tuple[tuple[int, ...], ...]
    frieze_neighbours: tuple[tuple[int, ...], ...]
    people_points: dict[int, int]
    trophy_card_spaces: tuple[int, ...]
    majority_space: int | None
    majority_points: int
    attribute_space: int
    attribute_points: int
    same_people: tuple[tuple[int, ...], int] | None
    series_points: tuple[int, int] | None
    series_tile: tuple[int, int] | None
    trophy_window: tuple[int, dict[int, tuple[str, int]]] | None
    row_bonus: tuple[tuple[int, ...], int, int, int] | None
    trophy_spaces: tuple[int, ...]
    shield_trophy: tuple[tuple[int, ...], int, int] | None
    shield_wild: tuple[tuple[int, ...], int, int] | None
    shield_points: dict[str, int] = field(default_factory=dict)

    def space_number(self, index: int) -> int:
        return index + 1


def _build(side: str, table: dict[str, Any]) -> Layout:
    spaces: dict[int, tuple[int, int]] = table["spaces"]
    n = len(spaces)
    assert sorted(spaces) == list(range(1, n + 1)), side
    rows = tuple(spaces[s][0] for s in range(1, n + 1))
    num_columns = max(c for _, c in spaces.values())
    columns = tuple(
        tuple(s - 1 for s in range(1, n + 1) if spaces[s][1] == c) for c in range(1, num_columns + 1)
    )
    column_of = tuple(spaces[s][1] - 1 for s in range(1, n + 1))
    friezes = tuple(tuple(s - 1 for s in f) for f in table["friezes"])
    neighbours = tuple(
        tuple(sorted({o for f in friezes if i in f for o in f if o != i})) for i in range(n)
    )
    actions = {s - 1: a for s, a in table["actions"].items()}
    same = table["same_people"]
    series_tile = table["series_tile"]
    window = table["trophy_window"]
    row_bonus = table["row_bonus"]
    shield = table["shield_trophy"]
    shield_wild = table["shield_wild"]
    return Layout(
        side=side,
        rounds=table["rounds"],
        num_spaces=n,
        rows=rows,
        columns=columns,
        column_of=column_of,
        actions=actions,
        action_bits={a: 1 << i for i, a in enumerate(ACTIONS)},
        friezes=friezes,
        frieze_neighbours=neighbours,
        people_points={s - 1: p for s, p in table["people_points"].items()},
        trophy_card_spaces=tuple(s - 1 for s in table["trophy_card_spaces"]),
        majority_space=None if table["majority_space"] is None else table["majority_space"] - 1,
        majority_points=table["majority_points"],
        attribute_space=table["attribute_space"] - 1,
        attribute_points=table["attribute_points"],
        same_people=None if same is None else (tuple(s - 1 for s in same[0]), same[1]),
        series_points=table["series_points"],
        series_tile=None if series_tile is None else (series_tile[0] - 1, series_tile[1]),
        trophy_window=None if window is None else (window[0] - 1, dict(window[1])),
        row_bonus=None
        if row_bonus is None
        else (tuple(s - 1 for s in row_bonus[0]), row_bonus[1], row_bonus[2], row_bonus[3]),
        trophy_spaces=tuple(i for i in range(n) if rows[i] in table["trophy_rows"]),
        shield_trophy=None if shield is None else (tuple(s - 1 for s in shield[0]), shield[1], shield[2]),
        shield_wild=None
        if shield_wild is None
        else (tuple(s - 1 for s in shield_wild[0]), shield_wild[1], shield_wild[2]),
        shield_points=dict(table.get("shield_points", {})),
    )


HORN = _build("horn", HORN_TABLE)
SHIELD = _build("shield", SHIELD_TABLE)
LAYOUTS: dict[str, Layout] = {"horn": HORN, "shield": SHIELD}
