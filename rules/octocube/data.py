"""Every Octocube number in one table.

Facts come from the rulebook (``shared/seeds/octocube-rules-en.txt``). Values the rulebook does
not give (its diagrams were lost) are project decisions from ``shared/rules/octocube.md`` and
are marked ``# reconstructed``: correct them here, in one place, once a box has been checked.
Engine-only choices that neither source settles are marked ``# engine decision`` and explained
in ``docs/octocube.md``.
"""

from __future__ import annotations

from rules.octocube.components import (
    BACKGROUND_COLOURS,
    COIN,
    OBJECTS,
    POWER_LETTERS,
    Location,
    Tile,
)

MODES: tuple[str, ...] = ("standard", "kids", "advanced")

# --------------------------------------------------------------------------- tiles

OBJECT_TILE_COUNTS: dict[str, dict[str, int]] = {  # reconstructed (decision 2)
    # colour:      diamond, pearl, sextant, amphora, starfish
    "white": {"diamond": 3, "pearl": 3, "sextant": 3, "amphora": 4, "starfish": 5},
    "light blue": {"diamond": 2, "pearl": 3, "sextant": 4, "amphora": 5, "starfish": 4},
    "dark blue": {"diamond": 2, "pearl": 3, "sextant": 4, "amphora": 4, "starfish": 5},
    "green": {"diamond": 2, "pearl": 3, "sextant": 4, "amphora": 4, "starfish": 5},
}
COIN_TILE_COUNT = 12
OBJECT_TOTALS: dict[str, int] = {  # fact: 9 diamond, 12 pearl, 15 sextant, 17 amphora, 19 starfish
    "diamond": 9,
    "pearl": 12,
    "sextant": 15,
    "amphora": 17,
    "starfish": 19,
}

OBJECT_TILES: dict[tuple[str, str], Tile] = {
    (colour, obj): Tile("object", colour=colour, obj=obj)
    for colour in BACKGROUND_COLOURS
    for obj in OBJECTS
}
"""The canonical instance of each object tile identity (the engine compares tiles by ``is``)."""

TILE_COUNTS: dict[Tile, int] = {
    OBJECT_TILES[(c, o)]: n for c, row in OBJECT_TILE_COUNTS.items() for o, n in row.items()
}
TILE_COUNTS[COIN] = COIN_TILE_COUNT
COLLECTIBLE_TILE_TOTAL = sum(TILE_COUNTS.values())  # 84

# --------------------------------------------------------------------------- play area

GRID_SIZE: dict[int, int] = {2: 4, 3: 5, 4: 5}  # reconstructed (decision 1)


def stack_height(grid_size: int, loc: Location) -> int:  # reconstructed (decision 1)
    """Starting height of the stack at ``loc`` (0 for the centre abyss of the 5x5 grid)."""
    row, col = loc
    last = grid_size - 1
    ring = min(row, col, last - row, last - col)
    if grid_size == 4:
        return 5 if ring == 0 else 6
    if ring == 0:
        return 3
    if ring == 2:
        return 0  # the centre: abyss tile A
    return 4 if row == 2 or col == 2 else 5


CENTRE_ABYSS: dict[int, Location | None] = {4: None, 5: (2, 2)}  # reconstructed (decision 1)

ABYSS_SUPPLY_SIZE: dict[int, int] = {2: 5, 3: 6, 4: 7}
"""Abyss tiles in the general supply; the centre tile A of 3-4 players is extra (decision 3)."""

EXTRA_ROLL_LETTER = "A"
"""Entering abyss tile A grants one optional extra Roll (decision 8)."""
KIDS_EXTRA_ROLL = True  # engine decision: kids rules are "the same" unless listed, A keeps its roll

DEFAULT_POWER_TILES: tuple[str, ...] = ("B", "C", "D", "E", "F", "G", "H", "I")  # reconstructed (decision 11, REVISED)
"""Power letters on the power sides of the 8 physical abyss tiles, each once (A, the extra Roll,
is on the basic side of tile A). ``powers=`` may name another set of 8 for a variant."""
ALL_POWERS: tuple[str, ...] = POWER_LETTERS

# --------------------------------------------------------------------------- scoring

SERIES_POINTS: tuple[int, ...] = (0, 0, 2, 4, 7, 10, 15)
"""Points for a series of N same-type objects taken in one Score action (index N, 1..6)."""
COIN_POINTS = 3
COLOUR_MAJORITY_POINTS: tuple[int, int] = (5, 2)
OBJECT_MAJORITY_POINTS: dict[str, tuple[int, int]] = {
    "starfish": (3, 0),
    "amphora": (4, 1),
    "sextant": (5, 2),
    "pearl": (6, 3),
    "diamond": (7, 4),
}
MAJORITY_NEEDS_A_TILE = True  # engine decision: a player with none of a category takes no place

VP_TOKENS: dict[int, int] = {1: 22, 3: 16, 5: 18, 10: 10, 25: 6}
"""Token denominations (fact); the engine keeps each player's token total as a number."""

# --------------------------------------------------------------------------- kids board

KidsSpace = tuple[str | None, str | None]
"""(colour, object): ``None`` is "any" (a multicoloured background, or no object)."""

_KIDS_COMMON: tuple[KidsSpace, ...] = (
    # the same fifteen spaces on every board: two per colour, one per object (any colour) and
    # a second any-colour amphora and sextant
    ("white", None),
    ("light blue", None),
    ("dark blue", None),
    ("green", None),
    ("white", None),
    ("light blue", None),
    ("dark blue", None),
    ("green", None),
    (None, "starfish"),
    (None, "amphora"),
    (None, "sextant"),
    (None, "pearl"),
    (None, "diamond"),
    (None, "amphora"),
    (None, "sextant"),
)

KIDS_BOARDS: tuple[tuple[KidsSpace, ...], ...] = (  # reconstructed (decision 10, REVISED)
    # The kids side of each player's board, in seat order. The fifteen common spaces, then one
    # object+colour space that differs from board to board (a starfish, the commonest object,
    # on the board's own background colour), so no (colour, object) is asked for twice.
    # Measured with uniformly random players (seeds 0-999, tests/rules/octocube/test_kids.py
    # keeps a 100-game check): 995/1,000 4-player and 1,000/1,000 3-player games end by a full
    # board (docs/octocube.md). Seven object+colour spaces per board, even spread over four
    # different boards, left 16 of 100 4-player games where every board waited for a tile that
    # colour and object spaces had already taken.
    _KIDS_COMMON + (("white", "starfish"),),
    _KIDS_COMMON + (("light blue", "starfish"),),
    _KIDS_COMMON + (("dark blue", "starfish"),),
    _KIDS_COMMON + (("green", "starfish"),),
)
KIDS_BOARD_SIZE = 16
"""Spaces on a kids board; a board with all of them filled triggers the end."""


def kids_board(seat: int) -> tuple[KidsSpace, ...]:
    """The kids-side spaces of ``seat``'s board (index = slot)."""
    return KIDS_BOARDS[seat]


def kids_space_accepts(space: KidsSpace, tile: Tile) -> bool:
    colour, obj = space
    return (
        tile.kind == "object"
        and (colour is None or tile.colour == colour)
        and (obj is None or tile.obj == obj)
    )


def kids_space_label(space: KidsSpace) -> str:
    colour, obj = space
    if colour and obj:
        return f"{colour} {obj} space"
    if obj:
        return f"any-colour {obj} space"
    return f"{colour} space"
