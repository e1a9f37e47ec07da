"""Octo Dice components: the dice, the lab tiles and the score-sheet values.

The rulebook's pictures of the dice and of the score sheet were lost, so every value the text does
not state is a decision of ``shared/rules/octo_dice.md``. They all live in the one table below,
so that a corrected printing means editing numbers here and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# ----------------------------------------------------------------------------- the data table
# reconstructed: dice faces, score-sheet circles and points, octopod bonus, bonus scoring
# (shared/rules/octo_dice.md). Facts from the rulebook are marked "fact".

COLOURS: Final = ("yellow", "white", "red", "blue", "green")
"""The five colours of the black dice and of the score-sheet circles (reconstructed)."""

WHITE_FACES: Final = ("crystal", "research", "lab", "bot", "submarine", "octopod")
"""Every white die shows each action once plus an octopod (fact: 5 actions + octopod)."""

BLACK_DIE_FACES: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    # reconstructed: colour and number of the five non-octopod faces of each black die
    "black1": (("yellow", 0), ("white", 1), ("red", 2), ("blue", 0), ("green", 1)),
    "black2": (("yellow", 1), ("white", 2), ("red", 0), ("blue", 1), ("green", 2)),
    "black3": (("yellow", 2), ("white", 0), ("red", 1), ("blue", 2), ("green", 0)),
}

CRYSTAL_CIRCLES: Final = 5  # fact
RESEARCH_TRACK: Final[tuple[tuple[str, int], ...]] = (
    # reconstructed: (colour, points) of the ten research circles, crossed in this order
    ("yellow", 1), ("white", 1), ("red", 2), ("blue", 2), ("green", 3),
    ("yellow", 3), ("white", 4), ("red", 4), ("blue", 5), ("green", 6),
)
BOT_TRACK: Final[tuple[tuple[str, int], ...]] = (
    # reconstructed: (colour, points) of the ten bot circles, leftmost free one of a colour first
    ("yellow", 1), ("white", 1), ("red", 1), ("blue", 1), ("green", 1),
    ("yellow", 2), ("white", 2), ("red", 2), ("blue", 2), ("green", 2),
)
SUBMARINES: Final = COLOURS  # reconstructed: one submarine circle per colour, no points
OCTOPOD_SYMBOLS_PER_THIRD: Final = 2  # fact
OCTOPOD_PENALTY: Final = -2  # fact
OCTOPOD_BONUS: Final[dict[int, int]] = {2: 1, 3: 3, 4: 5, 5: 7, 6: 10}
"""Bonus for octopods in one action: 2 -> 1 and 3 -> 3 are facts, 4+ reconstructed."""
CRYSTAL_MAJORITY_POINTS: Final = (4, 2)  # fact: most, second most
SUPER_LAB_V_POINTS: Final = (0, 3, 5, 7)  # fact: by completely expanded columns
SUPER_LAB_H_POINTS: Final = (0, 4, 6, 7)  # fact: by completely expanded rows
SUPER_OCTO_POINTS: Final = (0, 1, 2, 4)  # fact: by crossed-out octopod penalties

ROUNDS: Final = 6  # fact
ROUNDS_PER_THIRD: Final = 2  # fact
SOLO_TURNS: Final = 9  # fact
SOLO_TURNS_PER_THIRD: Final = 3  # fact
BONUS_ACTIONS_PER_THIRD: Final = 2  # fact
THIRDS: Final = 3  # fact
MAIN_ACTIONS_PER_TURN: Final = 2  # fact
LAB_LEVELS: Final = 3  # fact: levels 0, 1, 2
LAB_COLUMNS: Final = 3  # fact

# ----------------------------------------------------------------------------- dice

WHITE_DICE: Final = ("white1", "white2", "white3")
BLACK_DICE: Final = ("black1", "black2", "black3")
DICE: Final = WHITE_DICE + BLACK_DICE
"""Every die has an identity so that a camera reading can say which die shows what."""
DIE_ORDER: Final[dict[str, int]] = {d: i for i, d in enumerate(DICE)}
OCTOPOD: Final = "octopod"
ACTIONS: Final = ("crystal", "research", "lab", "bot", "submarine")
NUMBER_ACTIONS: Final = frozenset({"crystal", "lab"})
"""Actions that read the black die's number; the others read its colour."""


def black_face_name(colour: str, number: int) -> str:
    """The face label used in moves and JSON, e.g. ``red-2``."""
    return f"{colour}-{number}"


FACES: Final[dict[str, tuple[str, ...]]] = {
    **{d: WHITE_FACES for d in WHITE_DICE},
    **{d: tuple(black_face_name(c, n) for c, n in faces) + (OCTOPOD,)
       for d, faces in BLACK_DIE_FACES.items()},
}
"""Die -> the labels of its six faces."""

BLACK_FACE_VALUE: Final[dict[str, tuple[str, int]]] = {
    black_face_name(c, n): (c, n) for faces in BLACK_DIE_FACES.values() for c, n in faces
}


def die_words(die: str) -> str:
    """``black2`` -> ``black die 2`` (for messages)."""
    if die in DIE_ORDER:
        return f"{die[:5]} die {die[5:]}"
    return repr(die)


def face_words(face: str) -> str:
    """``red-2`` -> ``red 2``; white faces are already words."""
    return face.replace("-", " ")


# ----------------------------------------------------------------------------- lab tiles


@dataclass(frozen=True)
class LabTile:
    """One side of a lab tile: ``code`` like ``A1`` (letter = tile, digit = side)."""

    code: str
    name: str
    level: int
    effect: str
    once_per_turn: bool = False


LAB_TILES: Final[dict[str, LabTile]] = {
    t.code: t
    for t in (
        LabTile("A1", "Flexi-Lab", 0, "once per turn, a yellow black die may be read as any colour or number", True),
        LabTile("A2", "Octo-Plus", 0, "+1 point for each octopod action that scored at least 1 bonus point"),
        LabTile("B1", "Flexi-Tec", 0, "once per turn, a research symbol may be used as a bot symbol", True),
        LabTile("B2", "Plus-Tec", 0, "+1 point for each research action"),
        LabTile("C1", "Sub-Plus", 0, "+1 point for each submarine action"),
        LabTile("C2", "Flexi-Sub", 0, "once per turn, a submarine symbol may be used as a bot symbol", True),
        LabTile("D1", "Crystal-Plus", 1, "+1 point for each crystal action"),
        LabTile("D2", "Plus-Bot", 1, "+1 point for each bot action"),
        LabTile("E1", "Plus-Lab", 1, "+1 point for each lab action"),
        LabTile("E2", "Flexi-Level", 1, "lab expansions ignore the number on the black die"),
        LabTile("F1", "Octo-Sub", 1, "once per turn, a submarine symbol also counts as an octopod", True),
        LabTile("F2", "Octo-Catch", 1, "once per turn, a white die not used for a main action counts as an octopod", True),
        LabTile("G1", "Super-Lab V", 2, "+3/5/7 points for 1/2/3 completely expanded lab columns"),
        LabTile("G2", "Super-Lab H", 2, "+4/6/7 points for 1/2/3 completely expanded lab rows"),
        LabTile("H1", "Super-Octo", 2, "+1/2/4 points for 1/2/3 crossed-out octopod penalties"),
        LabTile("H2", "Super-Sub", 2, "+1 point for each crossed-out submarine"),
        LabTile("I1", "Super-Level", 2, "just before the bonus scoring, move a marker to level 2 of any column"),
        LabTile("I2", "Super-Copy", 2, "use another level-2 ability once more"),
    )
}
TILE_LETTERS_BY_LEVEL: Final = ("ABC", "DEF", "GHI")
FIRST_PLAY_LAYOUT: Final = (("A1", "B1", "C1"), ("D1", "E1", "F1"), ("G1", "H1", "I1"))
"""Setup for a first play: rows are levels 0-2, columns left to right (fact)."""

Layout = tuple[tuple[str, str, str], tuple[str, str, str], tuple[str, str, str]]


def parse_layout(value: object) -> Layout:
    """Read a layout given as 9 codes (a list or a space-separated string), level 0 first.

    Raises ``ValueError`` naming the problem: wrong count, unknown code, a tile on the wrong
    level, or one tile twice (a tile has two sides but lies on the table once)."""
    if isinstance(value, str):
        codes = value.replace("/", " ").split()
    elif isinstance(value, list | tuple):
        codes = [c for row in value for c in (row if isinstance(row, list | tuple) else [row])]
    else:
        raise ValueError(f"lab tiles must be 9 codes like 'A1 B1 C1 D1 E1 F1 G1 H1 I1', got {value!r}")
    if len(codes) != 9 or not all(isinstance(c, str) for c in codes):
        raise ValueError(f"lab tiles must be 9 codes (3 per level), got {codes!r}")
    codes = [c.upper() for c in codes]
    for i, code in enumerate(codes):
        if code not in LAB_TILES:
            raise ValueError(f"{code!r} is not a lab tile; tiles are A1/A2 ... I1/I2")
        if code[0] not in TILE_LETTERS_BY_LEVEL[i // 3]:
            raise ValueError(f"{code} is a level-{LAB_TILES[code].level} tile but is placed on level {i // 3}")
    letters = [c[0] for c in codes]
    if len(set(letters)) != 9:
        raise ValueError(f"each tile lies on the table once (one side up), got {' '.join(codes)}")
    rows = tuple(tuple(codes[3 * level: 3 * level + 3]) for level in range(3))
    return rows  # type: ignore[return-value]


def layout_text(layout: Layout) -> str:
    return " / ".join(" ".join(row) for row in layout)
