"""Advanced game: the nine abyss-tile powers -- every way to use one (empty when the rulebook
says "you can't use this power") and what each does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.octocube.components import COIN, Location, Tile
from rules.octocube.geometry import IDENTITY, PERMUTATIONS, distinct_orientations, face_pattern, rotate, rotate_ups
from rules.octocube.moves import UsePower
from rules.octocube.pieces import Cube, PlayerBoard, tile_from_label

if TYPE_CHECKING:
    from rules.core import Move

from rules.octocube.base import OctocubeBase as _Base

_POWER_CACHE: dict[tuple[Any, ...], UsePower] = {}
_H_CACHE: dict[tuple[Any, ...], list[Move]] = {}


def _power(letter: str, source: Location, direction: str | None = None, location: Location | None = None,
           other: Location | None = None, seat: int | None = None, board_tile: str | None = None,
           orientation: tuple[str, str] | None = None) -> UsePower:
    """Shared UsePower instances: the advanced game lists hundreds of them per turn."""
    key = (letter, source, direction, location, other, seat, board_tile, orientation)
    move = _POWER_CACHE.get(key)
    if move is None:
        move = _POWER_CACHE[key] = UsePower(letter, source, direction, location, other, seat, board_tile, orientation)
    return move


class PowersMixin(_Base):
    """Power moves and effects of :class:`OctocubeState`."""

    def _board_tile_labels(self, seat: int) -> list[str]:
        board = self.boards[seat]
        labels = sorted({t.label() for t in board.tiles})
        if board.coins:
            labels.append("coin")
        return labels

    def _power_moves(self, letter: str, source: Location, cube: Cube) -> list[Move]:
        """Every way to use power ``letter`` of the tile at ``source``; empty when it cannot be
        used (each "you can't use this power" condition of the rulebook)."""
        loc = cube.location
        assert loc is not None
        seat = cube.seat
        faces = cube.faces
        stacks, occupied = self.stacks, self.occupied
        if letter == "A":  # perform the Roll action
            return [_power("A", source, direction=d) for d, _ in self._free_rolls(loc)]
        if letter == "B":  # swap the cube's top tile with a tile of the board
            if faces["top"] is None:
                return []
            return [_power("B", source, board_tile=t) for t in self._board_tile_labels(seat)]
        if letter == "C":  # move the cube, same orientation, to any unoccupied space
            return [
                _power("C", source, location=x)
                for x in self.game.grid.locations
                if x in stacks and x not in occupied
            ]
        if letter == "D":  # take a visible collectible tile onto the empty top face
            if faces["top"] is not None:
                return []
            return [
                _power("D", source, location=x)
                for x in self.game.grid.locations
                if x not in occupied and self._collectible_top(x)
            ]
        if letter == "E":  # reorient the cube in place
            return [
                _power("E", source, orientation=o)
                for o in distinct_orientations(face_pattern(faces))
                if o != IDENTITY
            ]
        if letter == "F":  # swap an adjacent visible tile with a tile of the board
            labels = self._board_tile_labels(seat)
            if not labels:
                return []
            return [
                _power("F", source, location=x, board_tile=t)
                for x in self.game.grid.neighbours[loc]
                if x not in occupied and self._collectible_top(x)
                for t in labels
            ]
        if letter == "G":  # swap places with an opponent's cube
            return [
                _power("G", source, seat=other.seat)
                for other in self.cubes
                if other.seat != seat and other.location is not None and self._swap_keeps_spaces(loc, other.location)
            ]
        if letter == "H":  # swap two unoccupied stacks
            free = tuple(x for x in self.game.grid.locations if x in stacks and x not in occupied and stacks[x])
            key = (source, free)
            moves = _H_CACHE.get(key)
            if moves is None:
                if len(_H_CACHE) > 20_000:  # bounded: positions repeat within a game, not across
                    _H_CACHE.clear()
                moves = _H_CACHE[key] = [
                    _power("H", source, location=a, other=b)
                    for i, a in enumerate(free)
                    for b in free[i + 1 :]
                ]
            return list(moves)
        if letter == "I":  # swap top tiles with an opponent's cube
            if faces["top"] is None:
                return []
            return [
                _power("I", source, seat=other.seat)
                for other in self.cubes
                if other.seat != seat and other.location is not None and other.faces["top"] is not None
            ]
        return []

    def _swap_keeps_spaces(self, a: Location, b: Location) -> bool:
        """Power G lifts both cubes: an emptied stack with no abyss tile left would become a
        hole under the arriving cube, so that swap is impossible."""
        emptied = (not self.stacks[a]) + (not self.stacks[b])
        return emptied <= len(self.abyss_supply)

    def _use_power(self, cube: Cube, move: UsePower) -> None:
        letter = move.letter
        self.follow_up = None
        seat = cube.seat
        if letter == "A":
            self._roll(cube, move.direction, None)  # type: ignore[arg-type]
            return  # _roll continues the turn (it may grant another follow-up)
        if letter == "B":
            board = self.boards[seat].copy()
            given = self._take_from_board(board, tile_from_label(move.board_tile))
            self._put_on_board(board, cube.faces["top"])
            self._set_board(seat, board)
            cube.faces = {**cube.faces, "top": given}
            cube.ups = {**cube.ups, "top": "north"}  # put on by hand, upright
        elif letter == "C":
            self._leave(cube)
            self._arrive(cube, move.location)  # type: ignore[arg-type]
        elif letter == "D":
            stack = self.stacks[move.location]  # type: ignore[index]
            self.stacks[move.location] = stack[:-1]  # type: ignore[index]
            cube.faces = {**cube.faces, "top": stack[-1]}
            cube.ups = {**cube.ups, "top": "north"}  # put on by hand, upright
            if len(stack) == 1:
                self._emptied(move.location)  # type: ignore[arg-type]
        elif letter == "E":
            cube.faces = rotate(cube.faces, PERMUTATIONS[move.orientation])  # type: ignore[index]
            cube.ups = rotate_ups(cube.ups, PERMUTATIONS[move.orientation])  # type: ignore[index]
            self._pick_up(cube)
        elif letter == "F":
            board = self.boards[seat].copy()
            given = self._take_from_board(board, tile_from_label(move.board_tile))
            stack = self.stacks[move.location]  # type: ignore[index]
            self._put_on_board(board, stack[-1])
            self._set_board(seat, board)
            self.stacks[move.location] = stack[:-1] + [given]  # type: ignore[index]
        elif letter == "G":
            other = self._own_cube(move.seat)  # type: ignore[arg-type]
            mine, theirs = cube.location, other.location
            self._leave(cube)
            self._leave(other)
            self._arrive(cube, theirs)  # type: ignore[arg-type]
            self._arrive(other, mine)  # type: ignore[arg-type]
        elif letter == "H":
            a, b = move.location, move.other
            self.stacks[a], self.stacks[b] = self.stacks[b], self.stacks[a]  # type: ignore[index]
        elif letter == "I":
            other = self._own_cube(move.seat)  # type: ignore[arg-type]
            mine, theirs = cube.faces["top"], other.faces["top"]
            cube.faces = {**cube.faces, "top": theirs}
            other.faces = {**other.faces, "top": mine}
            cube.ups, other.ups = {**cube.ups, "top": "north"}, {**other.ups, "top": "north"}
        self._continue()

    def _take_from_board(self, board: PlayerBoard, tile: Tile) -> Tile:
        if tile is COIN:
            board.coins -= 1
            return COIN
        tiles = list(board.tiles)
        tiles.remove(tile)
        board.tiles = tiles
        return tile

    def _put_on_board(self, board: PlayerBoard, tile: Tile) -> None:
        if tile.kind == "coin":
            board.coins += 1
        else:
            board.tiles = board.tiles + [tile]
