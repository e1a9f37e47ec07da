"""Octocube's physical components: tile identities, colours, cube faces, grid locations.

This module is the contract between the engine, the renderer and the recognisers: they all
name tiles, faces and locations through it.
"""

from __future__ import annotations

from dataclasses import dataclass

BACKGROUND_COLOURS: tuple[str, ...] = ("white", "light blue", "dark blue", "green")
OBJECTS: tuple[str, ...] = ("starfish", "amphora", "sextant", "pearl", "diamond")
PLAYER_COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "purple")
"""Cube colour of seat 0..3 (decision: the rulebook's pictures were lost)."""

ABYSS_LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G", "H")
POWER_LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G", "H", "I")

FACES: tuple[str, ...] = ("top", "bottom", "north", "south", "east", "west")
SIDE_FACES: tuple[str, ...] = ("north", "east", "south", "west")
"""Side faces in clockwise order seen from above (north = towards table y = 0)."""

DIRECTIONS: dict[str, tuple[int, int]] = {
    "north": (-1, 0),
    "south": (1, 0),
    "east": (0, 1),
    "west": (0, -1),
}
"""Grid step (d_row, d_col) for each compass direction; rows grow southwards."""

Location = tuple[int, int]
"""(row, col), 0-based; row 0 is the north edge, col 0 the west edge."""


def location_label(loc: Location) -> str:
    """Chess-like name: column letter then row number, ``(2, 0)`` -> ``"A3"``."""
    row, col = loc
    return f"{chr(ord('A') + col)}{row + 1}"


def parse_location(label: str) -> Location:
    label = label.strip().upper()
    if len(label) < 2 or not label[0].isalpha() or not label[1:].isdigit():
        raise ValueError(f"not a grid location: {label!r} (expected e.g. 'C3')")
    return (int(label[1:]) - 1, ord(label[0]) - ord("A"))


@dataclass(frozen=True, order=True)
class Tile:
    """One tile's face-up identity. ``kind`` is 'object', 'coin' or 'abyss'.

    Object tiles have a background ``colour`` and an ``obj``; abyss tiles have a ``letter``
    (their power in the advanced game; ``None`` for a plain abyss tile).
    """

    kind: str
    colour: str | None = None
    obj: str | None = None
    letter: str | None = None

    def __post_init__(self) -> None:
        if self.kind == "object":
            if self.colour not in BACKGROUND_COLOURS or self.obj not in OBJECTS:
                raise ValueError(f"bad object tile: colour={self.colour!r}, obj={self.obj!r}")
        elif self.kind == "coin":
            if self.colour or self.obj or self.letter:
                raise ValueError("a coin tile has no colour, object or letter")
        elif self.kind == "abyss":
            if self.letter is not None and self.letter not in POWER_LETTERS:
                raise ValueError(f"bad abyss letter {self.letter!r}")
        else:
            raise ValueError(f"bad tile kind {self.kind!r}")
        # kept, not a field: the tracker compares board labels for every chain it weighs
        # (hundreds of thousands of calls in one tracked game)
        object.__setattr__(self, "_label", self._make_label())

    @property
    def collectible(self) -> bool:
        return self.kind != "abyss"

    def label(self) -> str:
        return self._label  # type: ignore[attr-defined]

    def _make_label(self) -> str:
        if self.kind == "object":
            return f"{self.colour} {self.obj}"
        if self.kind == "coin":
            return "coin"
        return f"abyss {self.letter}" if self.letter else "abyss"

    def to_json(self) -> str:
        return self.label()

    @staticmethod
    def from_json(text: str) -> Tile:
        if text == "coin":
            return COIN
        if text.startswith("abyss"):
            letter = text[5:].strip() or None
            return Tile("abyss", letter=letter)
        for colour in sorted(BACKGROUND_COLOURS, key=len, reverse=True):
            if text.startswith(colour + " "):
                return Tile("object", colour=colour, obj=text[len(colour) + 1 :])
        raise ValueError(f"not an Octocube tile: {text!r}")


COIN = Tile("coin")
