"""Unknown information: tiles nobody has seen yet (under the top of a stack, or taken by a cube
before the camera saw them), how they are revealed, and the tile census behind ``status``."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from rules.core import UNKNOWN, RevealError, RulesError
from rules.octocube import data
from rules.octocube.components import COIN, FACES, Tile
from rules.octocube.pieces import ABYSS_A, PLAIN_ABYSS, POWER_TILES, is_abyss, player_name, tile_from_label

from rules.octocube.base import OctocubeBase as _Base


class UnrevealedTileError(RulesError):
    """A move or the final scoring needs a tile nobody has seen yet: ``reveal`` it first."""


_CANON_TILES: tuple[Tile, ...] = tuple(data.TILE_COUNTS)
_CANON_INDEX: dict[int, int] = {id(t): i for i, t in enumerate(_CANON_TILES)}
_CANON_POSITION: dict[Tile, int] = {t: i for i, t in enumerate(_CANON_TILES)}
_COIN_INDEX = _CANON_POSITION[COIN]
_UNKNOWN_ID = id(UNKNOWN)
_SKIP_IDS = frozenset(id(t) for t in (None, PLAIN_ABYSS, ABYSS_A, *POWER_TILES.values()))


class UnknownsMixin(_Base):
    """``unknowns``/``reveal`` and the tile census of :class:`OctocubeState`."""

    def unknowns(self) -> list[Any]:
        """Grid locations whose top tile is unseen, then ``("cube", seat, face)`` for unseen
        tiles on cubes (a cube can pick up a tile before the camera saw it)."""
        found: list[Any] = [loc for loc, st in sorted(self.stacks.items()) if st and st[-1] is UNKNOWN]
        for cube in self.cubes:
            found.extend(("cube", cube.seat, f) for f in FACES if cube.faces[f] is UNKNOWN)
        return found

    def reveal(self, location: Any, value: Any) -> None:
        """Fill in the unseen top of the stack at ``location`` or the unseen tile on a cube face
        (``("cube", seat, face)``) with ``value`` (a Tile or its name)."""
        try:
            tile = tile_from_label(value)
        except (ValueError, KeyError):
            raise RevealError(f"{value!r} is not an Octocube tile") from None
        if not tile.collectible:
            raise RevealError("only object and coin tiles are ever unseen; abyss tiles are placed face up")
        location = tuple(location) if isinstance(location, list) else location
        if isinstance(location, tuple) and len(location) == 3 and location[0] == "cube":
            _, seat, face = location
            if not (isinstance(seat, int) and 0 <= seat < self.game.num_players) or face not in FACES:
                raise RevealError(f"no cube face {location!r}")
            cube = self.cubes[seat]
            if cube.faces[face] is not UNKNOWN:
                raise RevealError(f"the {face} face of {player_name(seat)}'s cube holds no unseen tile")
            self._check_copies(tile)
            self._own_cube(seat).faces = {**cube.faces, face: tile}
            return
        stack = self.stacks.get(location) if isinstance(location, tuple) else None
        if not stack or stack[-1] is not UNKNOWN:
            raise RevealError(f"nothing unseen on top at {location!r}")
        self._check_copies(tile)
        self.stacks[location] = stack[:-1] + [tile]

    def unaccounted_tiles(self) -> list[Tile]:
        """The object and coin tiles some copy of which the position does not account for yet:
        what a tile nobody has seen may be (in ``data.TILE_COUNTS`` order)."""
        counts = self.tile_counts()
        return [t for t, n in data.TILE_COUNTS.items() if t.collectible and counts.get(t, 0) < n]

    def _check_copies(self, tile: Tile) -> None:
        seen = self.tile_counts().get(tile, 0)
        if seen >= data.TILE_COUNTS[tile]:
            raise RevealError(
                f"all {data.TILE_COUNTS[tile]} {tile.label()} tiles are already accounted for"
            )

    def tile_counts(self) -> dict[Any, int]:
        """How many of each object/coin tile (and UNKNOWN) the position holds, anywhere."""
        vector, unknown, others = self.tile_vector()
        counts: dict[Any, int] = {t: n for t, n in zip(_CANON_TILES, vector, strict=True) if n}
        if unknown:
            counts[UNKNOWN] = unknown
        for tile, n in others:
            counts[tile] = counts.get(tile, 0) + n
        return counts

    def tile_vector(self) -> tuple[list[int], int, list[tuple[Any, int]]]:
        """Fast tile census: counts per ``data.TILE_COUNTS`` entry (in its order), the number of
        unseen tiles, and anything else found (which ``status`` reports)."""
        tiles: list[Any] = []
        for stack in self.stacks.values():
            tiles.extend(stack)
        for cube in self.cubes:
            tiles.extend(cube.faces.values())
        coins = 0
        for board in self.boards:
            tiles.extend(board.tiles)
            tiles.extend(board.slots)
            coins += board.coins
        tiles.extend(self.hand)
        tiles.extend(self.set_aside)
        by_id = Counter(map(id, tiles))  # identity first: canonical tiles need no hashing
        vector = [0] * len(_CANON_TILES)
        vector[_COIN_INDEX] = coins
        unknown = by_id.pop(_UNKNOWN_ID, 0)
        others: list[tuple[Any, int]] = []
        objects: dict[int, Any] | None = None
        for key, n in by_id.items():
            index = _CANON_INDEX.get(key)
            if index is not None:
                vector[index] += n
                continue
            if key in _SKIP_IDS:
                continue
            if objects is None:
                objects = dict(zip(map(id, tiles), tiles))
            tile = objects[key]
            if tile is None or is_abyss(tile):
                continue
            if tile is UNKNOWN:
                unknown += n
                continue
            index = _CANON_POSITION.get(tile) if isinstance(tile, Tile) else None
            if index is None:
                others.append((tile, n))
            else:
                vector[index] += n
        return vector, unknown, others
