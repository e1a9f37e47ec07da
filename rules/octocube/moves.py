"""Octocube moves: one small frozen dataclass per kind, validated for shape on construction
(so a malformed JSON move is an :class:`~rules.core.InvalidMoveError`, never a strange state).
Whether a well-formed move is *legal* is the state's business (``OctocubeState._check``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core import Move, MoveCodec
from rules.octocube.components import DIRECTIONS, FACES, POWER_LETTERS
from rules.octocube.geometry import IDENTITY, ORIENTATIONS


def _location(value: Any, what: str = "location") -> None:
    if (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"{what} must be a (row, col) pair of integers, got {value!r}")


def _orientation(value: Any) -> None:
    if value not in ORIENTATIONS:
        raise ValueError(
            f"orientation must be (bottom_from, north_from), two adjacent faces, got {value!r}"
        )


def _tile_label(value: Any) -> None:
    if not isinstance(value, str) or not value:
        raise ValueError(f"tile must be a tile name such as 'green pearl', got {value!r}")


@dataclass(frozen=True)
class Place(Move):
    """Put the cube from the personal area onto an unoccupied edge space."""

    kind: ClassVar[str] = "place"
    location: tuple[int, int]
    orientation: tuple[str, str] = IDENTITY

    def __post_init__(self) -> None:
        _location(self.location)
        _orientation(self.orientation)

    @property
    def turned(self) -> bool:
        """Whether the cube goes down turned (its words say how: "turned so that its ... face is
        down"); False: as it lies in the personal area (no words for it). A tablet leads an
        unturned option with "not turned" among turned ones (:attr:`tracker.inference.Question.option_turned`)."""
        return self.orientation != IDENTITY


@dataclass(frozen=True)
class Roll(Move):
    """Roll to the adjacent space in ``direction``. Kids: ``orientation`` (relative to the cube
    before the roll) says how the child turned the cube; its bottom face must be empty."""

    kind: ClassVar[str] = "roll"
    direction: str
    orientation: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if self.direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {', '.join(DIRECTIONS)}, got {self.direction!r}")
        if self.orientation is not None:
            _orientation(self.orientation)


@dataclass(frozen=True)
class Pivot(Move):
    """Turn the cube in place, clockwise seen from above."""

    kind: ClassVar[str] = "pivot"
    degrees: int

    def __post_init__(self) -> None:
        if self.degrees not in (90, 180, 270):
            raise ValueError(f"degrees must be 90, 180 or 270, got {self.degrees!r}")


@dataclass(frozen=True)
class Score(Move):
    """Take the cube home and collect the tiles on ``faces`` (sorted, possibly none)."""

    kind: ClassVar[str] = "score"
    faces: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.faces, tuple) or any(f not in FACES for f in self.faces):
            raise ValueError(f"faces must be a list of cube faces ({', '.join(FACES)}), got {self.faces!r}")
        if len(set(self.faces)) != len(self.faces):
            raise ValueError(f"faces lists a face twice: {self.faces!r}")
        # one spelling per set of faces: FACES order
        object.__setattr__(self, "faces", tuple(f for f in FACES if f in self.faces))


@dataclass(frozen=True)
class Pass(Move):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Decline(Move):
    """Do not take an optional follow-up (abyss A's extra roll, a power just rolled onto)."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True)
class ChooseAbyss(Move):
    """Advanced game: which supply abyss tile (by power letter) goes on an emptied space."""

    kind: ClassVar[str] = "choose_abyss"
    letter: str

    def __post_init__(self) -> None:
        if self.letter not in POWER_LETTERS:
            raise ValueError(f"letter must be one of {', '.join(POWER_LETTERS)}, got {self.letter!r}")


@dataclass(frozen=True)
class UsePower(Move):
    """Advanced game: the power of the abyss tile at ``source`` (adjacent to the cube, or the one
    it just rolled onto). Only the parameters that power needs are set:
    A ``direction``; B ``board_tile``; C ``location``; D ``location``; E ``orientation``;
    F ``location`` + ``board_tile``; G ``seat``; H ``location`` + ``other``; I ``seat``."""

    kind: ClassVar[str] = "use_power"
    letter: str
    source: tuple[int, int]
    direction: str | None = None
    location: tuple[int, int] | None = None
    other: tuple[int, int] | None = None
    seat: int | None = None
    board_tile: str | None = None
    orientation: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if self.letter not in POWER_LETTERS:
            raise ValueError(f"letter must be one of {', '.join(POWER_LETTERS)}, got {self.letter!r}")
        _location(self.source, "source")
        if self.direction is not None and self.direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {', '.join(DIRECTIONS)}, got {self.direction!r}")
        if self.location is not None:
            _location(self.location)
        if self.other is not None:
            _location(self.other, "other")
        if self.seat is not None and (not isinstance(self.seat, int) or isinstance(self.seat, bool)):
            raise ValueError(f"seat must be an integer, got {self.seat!r}")
        if self.board_tile is not None:
            _tile_label(self.board_tile)
        if self.orientation is not None:
            _orientation(self.orientation)


@dataclass(frozen=True)
class Retrieve(Move):
    """Kids: take the cube home and empty it onto the player board."""

    kind: ClassVar[str] = "retrieve"


@dataclass(frozen=True)
class PlaceOnBoard(Move):
    """Kids: put one retrieved tile on space ``slot`` (index into the seat's ``data.kids_board``)."""

    kind: ClassVar[str] = "place_on_board"
    tile: str
    slot: int

    def __post_init__(self) -> None:
        _tile_label(self.tile)
        if not isinstance(self.slot, int) or isinstance(self.slot, bool):
            raise ValueError(f"slot must be an integer, got {self.slot!r}")


@dataclass(frozen=True)
class LeftoverTarget(Move):
    """Kids: where the stack of tiles that fit nowhere goes (an abyss tile or a shortest stack)."""

    kind: ClassVar[str] = "leftover_target"
    location: tuple[int, int]

    def __post_init__(self) -> None:
        _location(self.location)


@dataclass(frozen=True)
class LeftoverTile(Move):
    """Kids: the next leftover tile onto that stack (bottom first), in the order the child likes."""

    kind: ClassVar[str] = "leftover_tile"
    tile: str

    def __post_init__(self) -> None:
        _tile_label(self.tile)


MOVE_TYPES: tuple[type[Move], ...] = (
    Place,
    Roll,
    Pivot,
    Score,
    Pass,
    Decline,
    ChooseAbyss,
    UsePower,
    Retrieve,
    PlaceOnBoard,
    LeftoverTarget,
    LeftoverTile,
)
OCTOCUBE_CODEC = MoveCodec(MOVE_TYPES)
