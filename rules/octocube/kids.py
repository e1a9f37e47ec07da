"""Kids game: free-orientation rolls, Retrieve, the board spaces and the leftover stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Move
from rules.octocube import data
from rules.octocube.components import FACES, Location, Tile, location_label
from rules.octocube.geometry import distinct_orientations, face_pattern
from rules.octocube.moves import LeftoverTarget, LeftoverTile, Pass, PlaceOnBoard, Roll
from rules.octocube.pieces import Cube, is_abyss, tile_from_label

from rules.octocube.base import OctocubeBase as _Base

_KIDS_ROLLS: dict[tuple[str, tuple[str, str]], Roll] = {}
_PASS = Pass()


class KidsMixin(_Base):
    """Kids-only moves and effects of :class:`OctocubeState`."""

    def _board_options(self) -> list[tuple[str, int]]:
        """Kids: every (tile label, free slot) a hand tile fits."""
        board = self.boards[self.player]
        spaces = data.kids_board(self.player)
        options: list[tuple[str, int]] = []
        for label in sorted({t.label() for t in self.hand}):
            tile = tile_from_label(label)
            for slot, space in enumerate(spaces):
                if (
                    board.slots[slot] is None
                    and data.kids_space_accepts(space, tile)
                    and self._first_free_alike(slot) == slot
                ):
                    options.append((label, slot))
        return options

    def _first_free_alike(self, slot: int) -> int:
        """The first free space of the board identical to space ``slot`` (``slot`` itself when
        none comes before it): a tile on either of two identical spaces is the same move."""
        spaces = data.kids_board(self.player)
        if not 0 <= slot < len(spaces):
            return slot
        slots = self.boards[self.player].slots
        for other in range(slot):
            if spaces[other] == spaces[slot] and slots[other] is None:
                return other
        return slot

    def _leftover_targets(self) -> list[Location]:
        centre = self.game.centre  # abyss tile A stays in the centre (decision 10)
        abysses = [
            loc for loc, st in self.stacks.items()
            if loc not in self.occupied and len(st) == 1 and is_abyss(st[0]) and loc != centre
        ]
        if abysses:
            return sorted(abysses)
        stacks = [
            (len(st), loc) for loc, st in self.stacks.items() if loc not in self.occupied and st
        ]
        if not stacks:
            return []
        shortest = min(h for h, _ in stacks)
        return sorted(loc for h, loc in stacks if h == shortest)

    def _kids_rolls(self, cube: Cube, loc: Location) -> list[Move]:
        free = self._free_rolls(loc)
        if not free:
            return []
        orientations = [o for o in distinct_orientations(face_pattern(cube.faces)) if cube.faces[o[0]] is None]
        rolls: list[Move] = []
        for d, _ in free:
            for o in orientations:
                move = _KIDS_ROLLS.get((d, o))
                if move is None:
                    move = _KIDS_ROLLS[(d, o)] = Roll(d, o)
                rolls.append(move)
        return rolls

    def _kids_hand_moves(self) -> list[Move]:
        if self.leftover_target is not None:
            return [LeftoverTile(label) for label in sorted({t.label() for t in self.hand})]
        options = self._board_options()
        if options:
            return [PlaceOnBoard(label, slot) for label, slot in options]
        targets = self._leftover_targets()
        return [LeftoverTarget(loc) for loc in targets] if targets else [_PASS]

    def _check_hand(self, move: Move, phase: str) -> str | None:
        if phase == "board":
            if not isinstance(move, PlaceOnBoard):
                return "the retrieved tiles must go on the board while a space fits one"
            if not any(t.label() == move.tile for t in self.hand):
                return f"no retrieved {move.tile} is waiting"
            spaces = data.kids_board(self.player)
            if not 0 <= move.slot < len(spaces):
                return f"the board has no space {move.slot}"
            space = spaces[move.slot]
            if self.boards[self.player].slots[move.slot] is not None:
                return f"the {data.kids_space_label(space)} already holds a tile"
            if not data.kids_space_accepts(space, tile_from_label(move.tile)):
                return f"a {move.tile} does not fit the {data.kids_space_label(space)}"
            return None
        if phase == "leftover_target":
            if isinstance(move, Pass):
                return None
            if not isinstance(move, LeftoverTarget):
                return "choose where the leftover stack goes"
            if move.location not in self._leftover_targets():
                return (
                    f"the leftover stack must replace an unoccupied abyss tile, or go on a shortest "
                    f"stack when there is none; {location_label(move.location)} is not one"
                )
            return None
        if not isinstance(move, LeftoverTile):
            return "put the leftover tiles on the chosen stack, one by one"
        if not any(t.label() == move.tile for t in self.hand):
            return f"no leftover {move.tile} is waiting"
        return None

    def _retrieve(self, cube: Cube) -> None:
        board = self.boards[self.player].copy()
        tiles = cube.tiles()
        cube.faces = {f: None for f in FACES}
        self.must_retrieve = False
        self.follow_up = None
        self._leave(cube)
        board.coins += sum(1 for t in tiles if t.kind == "coin")
        self._set_board(self.player, board)
        self.hand = tuple(sorted(t for t in tiles if t.kind == "object"))
        self._settle_hand()

    def _settle_hand(self) -> None:
        """Place leftovers automatically once their order no longer matters; end the turn when
        the hand is empty."""
        if self.hand and self.leftover_target is not None and len(set(self.hand)) == 1:
            loc = self.leftover_target
            self.stacks[loc] = self.stacks[loc] + list(self.hand)
            self.hand = ()
        if not self.hand:
            self.leftover_target = None
            self._continue()

    def _place_on_board(self, move: PlaceOnBoard) -> None:
        tile = tile_from_label(move.tile)
        board = self.boards[self.player].copy()
        slots = list(board.slots)
        slots[move.slot] = tile
        board.slots = slots
        self._set_board(self.player, board)
        hand = list(self.hand)
        hand.remove(tile)
        self.hand = tuple(hand)
        self._settle_hand()

    def _leftover_target(self, loc: Location) -> None:
        stack = self.stacks[loc]
        if len(stack) == 1 and is_abyss(stack[0]):
            # back to the supply, drawn after the tiles still there (decision 10): the supply
            # is drawn from its end
            self.abyss_supply = [stack[0]] + self.abyss_supply
            self.stacks[loc] = []
        self.leftover_target = loc
        self._settle_hand()

    def _leftover_tile(self, tile: Tile) -> None:
        loc = self.leftover_target
        self.stacks[loc] = self.stacks[loc] + [tile]  # type: ignore[index]
        hand = list(self.hand)
        hand.remove(tile)
        self.hand = tuple(hand)
        self._settle_hand()
