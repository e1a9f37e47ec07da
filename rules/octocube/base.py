"""What every part of an Octocube position can rely on: its attributes and the helpers that the
kids, powers and unknowns mixins call. :class:`~rules.octocube.state.OctocubeState` sets the
attributes and implements the helpers; the mixins derive from this class (not from the state
itself, which derives from them), so that a type checker sees one chain of classes."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from rules.core import State
from rules.octocube.components import Location, Tile
from rules.octocube.pieces import Cube, PlayerBoard

if TYPE_CHECKING:
    from rules.octocube.state import OctocubeGame


class OctocubeBase(State):
    game: OctocubeGame
    mode: str
    grid_size: int
    stacks: dict[Location, list[Any]]
    """Bottom..top; a tile nobody has seen yet is ``UNKNOWN``."""
    holes: frozenset[Location]
    cubes: list[Cube]
    occupied: dict[Location, int]
    boards: list[PlayerBoard]
    abyss_supply: list[Tile]
    first_player: int
    player: int
    turns: int
    end_triggered: bool
    over: bool
    follow_up: str | None
    pending_abyss: tuple[Location, ...]
    must_retrieve: bool
    hand: tuple[Tile, ...]
    leftover_target: Location | None
    set_aside: tuple[Tile, ...]

    @abstractmethod
    def _free_rolls(self, loc: Location) -> list[tuple[str, Location]]:
        """(direction, target) of every roll from ``loc`` onto a free space."""

    @abstractmethod
    def _collectible_top(self, loc: Location) -> bool:
        """Whether the top of the stack at ``loc`` is an object or coin tile."""

    @abstractmethod
    def _own_cube(self, seat: int) -> Cube:
        """A private copy of ``seat``'s cube, for changing it."""

    @abstractmethod
    def _set_board(self, seat: int, board: PlayerBoard) -> None:
        """Replace ``seat``'s board (boards are never changed in place)."""

    @abstractmethod
    def _leave(self, cube: Cube) -> None:
        """Lift ``cube`` off the play area."""

    @abstractmethod
    def _arrive(self, cube: Cube, loc: Location) -> None:
        """Put ``cube`` on ``loc`` (the magnet picks up the top tile)."""

    @abstractmethod
    def _pick_up(self, cube: Cube) -> None:
        """Magnet model: an empty bottom face takes the space's top object or coin tile."""

    @abstractmethod
    def _emptied(self, loc: Location) -> None:
        """The last tile left ``loc``: an abyss tile goes there or it stops being a space."""

    @abstractmethod
    def _roll(self, cube: Cube, direction: str, orientation: tuple[str, str] | None) -> None:
        """Roll ``cube`` one space."""

    @abstractmethod
    def _continue(self) -> None:
        """End the turn unless a decision of the same player is still open."""
