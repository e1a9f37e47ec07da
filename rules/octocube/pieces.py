"""Mutable pieces of an Octocube position: cubes and player boards.

Convention that makes undo cheap: the *containers inside* a piece (``Cube.faces``,
``PlayerBoard.tiles`` ...) are never changed in place; the engine assigns a new one. A
snapshot therefore only has to copy the pieces themselves (a handful of references each).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import UNKNOWN
from rules.octocube import data
from rules.octocube.components import COIN, FACES, PLAYER_COLOURS, Location, Tile

FaceContent = Any
"""``Tile``, ``None`` (empty face) or ``UNKNOWN`` (a tile picked up before anyone saw it)."""

EMPTY_FACES: dict[str, FaceContent] = {f: None for f in FACES}
NO_UPS: dict[str, str | None] = {f: None for f in FACES}


@dataclass(slots=True)
class Cube:
    """One player's octopus cube. ``location`` None = in the personal area."""

    seat: int
    location: Location | None = None
    faces: dict[str, FaceContent] = field(default_factory=lambda: dict(EMPTY_FACES))
    ups: dict[str, str | None] = field(default_factory=lambda: dict(NO_UPS))
    """Where the printed top of the tile on each face points, as a cube face direction
    (``"north"`` on the top face = upright seen from above); None when unknown or empty. The
    camera sees it as the top tile's in-plane rotation (see ``geometry.top_rotation``)."""

    def tiles(self) -> list[FaceContent]:
        return [t for t in self.faces.values() if t is not None]

    def empty_faces(self) -> list[str]:
        return [f for f in FACES if self.faces[f] is None]

    def is_full(self) -> bool:
        return all(t is not None for t in self.faces.values())

    def copy(self) -> Cube:
        return Cube(self.seat, self.location, self.faces, self.ups)


@dataclass(slots=True)
class PlayerBoard:
    """What a player has collected.

    Standard/advanced: ``tiles`` are the object tiles stored on the board, ``coins`` the coin
    tiles beside it, ``tokens`` the victory points taken for series, ``series`` each scored
    series as ``(object, count)`` in the order scored (``tokens`` is their sum on the table).
    Kids: ``slots`` holds the tile on each board space (index into ``data.kids_board(seat)``).
    """

    tiles: list[Tile] = field(default_factory=list)
    coins: int = 0
    tokens: int = 0
    series: list[tuple[str, int]] = field(default_factory=list)
    slots: list[Tile | None] = field(default_factory=list)

    def copy(self) -> PlayerBoard:
        return PlayerBoard(self.tiles, self.coins, self.tokens, self.series, self.slots)

    def object_tiles(self) -> list[Tile]:
        """Every object tile the player owns (board spaces in kids mode)."""
        if self.slots:
            return [t for t in self.slots if t is not None]
        return list(self.tiles)

    def filled(self) -> int:
        return sum(1 for t in self.slots if t is not None)


def is_abyss(tile: FaceContent) -> bool:
    return tile is not UNKNOWN and tile is not None and tile.kind == "abyss"


PLAIN_ABYSS = Tile("abyss")
ABYSS_A = Tile("abyss", letter="A")
POWER_TILES: dict[str, Tile] = {letter: Tile("abyss", letter=letter) for letter in data.ALL_POWERS}


_PLAYER_NAMES = tuple(colour.capitalize() for colour in PLAYER_COLOURS)


def player_name(seat: int) -> str:
    return _PLAYER_NAMES[seat]


def tile_words(tile: FaceContent) -> str:
    if tile is UNKNOWN:
        return "an unseen tile"
    if tile is None:
        return "nothing"
    if tile.kind == "coin":
        return "a coin"
    if tile.kind == "abyss":
        return f"abyss tile {tile.letter}" if tile.letter else "an abyss tile"
    article = "an" if tile.colour[0] in "aeiou" else "a"
    return f"{article} {tile.colour} {tile.obj}"


def tile_from_label(label: Any) -> Tile:
    """The canonical tile for a label ('green pearl', 'coin'); ValueError when there is none."""
    if isinstance(label, Tile):
        label = label.label()
    if not isinstance(label, str):
        raise ValueError(f"not a tile name: {label!r}")
    tile = Tile.from_json(label)
    if tile.kind == "object":
        return data.OBJECT_TILES[(tile.colour, tile.obj)]  # type: ignore[index]
    if tile.kind == "coin":
        return COIN
    if tile.letter is None:
        return PLAIN_ABYSS
    return POWER_TILES[tile.letter]
