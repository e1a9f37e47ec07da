"""The Octocube engine: game configuration, positions, legal moves, apply and undo.

Turn structure. A turn is one action; some actions leave a decision to the same player before
the turn ends, and the state then waits for it (``current_player()`` stays the same seat):

* advanced game, a stack was emptied: which supply abyss tile goes there (:class:`ChooseAbyss`);
* the cube rolled onto abyss A (extra :class:`Roll`) or, in the advanced game, onto a power tile
  (:class:`UsePower` with that tile as ``source``) -- optional, :class:`Decline` ends the turn;
* kids game after :class:`Retrieve`: the tiles go on the board one by one
  (:class:`PlaceOnBoard`), then what does not fit becomes a stack (:class:`LeftoverTarget`,
  then :class:`LeftoverTile` bottom first).

Magnet model (decision 4): a cube that comes to rest with an empty bottom face on a space whose
top is an object or coin tile takes that tile onto its bottom face at once; the stack is
"emptied" when the cube leaves with its last tile, and only then does an abyss tile go there.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rules.core import (
    TERMINAL,
    UNKNOWN,
    Game,
    IllegalMoveError,
    Move,
    RevealError,
    RulesError,
    ScoreBreakdown,
    State,
)
from rules.octocube import data
from rules.octocube.components import (
    COIN,
    FACES,
    PLAYER_COLOURS,
    Location,
    Tile,
    location_label,
)
from rules.octocube.geometry import (
    IDENTITY,
    PERMUTATIONS,
    PIVOT_PERMUTATION,
    ROLL_PERMUTATION,
    Grid,
    canonical_orientation,
    distinct_orientations,
    face_pattern,
    grid,
    rotate,
    rotate_ups,
)
from rules.octocube.moves import (
    OCTOCUBE_CODEC,
    ChooseAbyss,
    Decline,
    LeftoverTarget,
    LeftoverTile,
    Pass,
    Pivot,
    Place,
    PlaceOnBoard,
    Retrieve,
    Roll,
    Score,
    UsePower,
)
from rules.octocube.pieces import Cube, FaceContent, PlayerBoard, is_abyss

PLAIN_ABYSS = Tile("abyss")
ABYSS_A = Tile("abyss", letter="A")
POWER_TILES: dict[str, Tile] = {letter: Tile("abyss", letter=letter) for letter in data.ALL_POWERS}
_SKIP_IDS = frozenset(id(t) for t in (None, PLAIN_ABYSS, ABYSS_A, *POWER_TILES.values()))

_ROLLS: dict[str, Roll] = {d: Roll(d) for d in ROLL_PERMUTATION}
_KIDS_ROLLS: dict[tuple[str, tuple[str, str]], Roll] = {}
_PIVOTS: tuple[Pivot, ...] = (Pivot(90), Pivot(180), Pivot(270))
_PASS = Pass()
_DECLINE = Decline()
_RETRIEVE = Retrieve()
_FACE_BITS: tuple[tuple[str, int], ...] = tuple((f, 1 << i) for i, f in enumerate(FACES))
_SCORE_CACHE: dict[int, tuple[Score, ...]] = {}
_CANON_TILES: tuple[Tile, ...] = tuple(data.TILE_COUNTS)
_CANON_INDEX: dict[int, int] = {id(t): i for i, t in enumerate(_CANON_TILES)}
_CANON_POSITION: dict[Tile, int] = {t: i for i, t in enumerate(_CANON_TILES)}
_COIN_INDEX = _CANON_POSITION[COIN]
_UNKNOWN_ID = id(UNKNOWN)
_PLACE_CACHE: dict[tuple[Location, tuple[str, str]], Place] = {}


class UnrevealedTileError(RulesError):
    """A move or the final scoring needs a tile nobody has seen yet: ``reveal`` it first."""


def _score_moves(mask: int) -> tuple[Score, ...]:
    """Every Score for a cube whose occupied faces form ``mask`` (cached: the hot path)."""
    moves = _SCORE_CACHE.get(mask)
    if moves is None:
        faces = [f for f, bit in _FACE_BITS if mask & bit]
        subsets: list[Score] = []
        for sub in range(1 << len(faces)):
            subsets.append(Score(tuple(f for i, f in enumerate(faces) if sub >> i & 1)))
        moves = _SCORE_CACHE[mask] = tuple(subsets)
    return moves


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


_PLACE_TABLES: dict[tuple[int, ...], dict[Location, tuple[Place, ...]]] = {}


def _place_table(pattern: tuple[int, ...]) -> dict[Location, tuple[Place, ...]]:
    """Place moves per location for a cube with this face pattern (any grid location)."""
    table = _PLACE_TABLES.get(pattern)
    if table is None:
        orientations = distinct_orientations(pattern)
        table = _PLACE_TABLES[pattern] = _LazyPlaces(orientations)
    return table


class _LazyPlaces(dict):  # type: ignore[type-arg]
    """location -> Place moves, built on first use of each location."""

    def __init__(self, orientations: tuple[tuple[str, str], ...]) -> None:
        super().__init__()
        self.orientations = orientations

    def __missing__(self, loc: Location) -> tuple[Place, ...]:
        moves = self[loc] = tuple(_place_move(loc, o) for o in self.orientations)
        return moves


def _place_move(loc: Location, orientation: tuple[str, str]) -> Place:
    key = (loc, orientation)
    move = _PLACE_CACHE.get(key)
    if move is None:
        move = _PLACE_CACHE[key] = Place(loc, orientation)
    return move


def player_name(seat: int) -> str:
    return PLAYER_COLOURS[seat].capitalize()


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


# ============================================================================ the game


class OctocubeGame(Game["OctocubeState"]):
    """Octocube for 2-4 players, ``mode`` standard, kids or advanced.

    ``powers`` (advanced only) names the power letters printed on the 8 abyss tiles in play;
    by default A-H (decision 11), e.g. ``powers="ABCDEFGI"`` swaps I in for H.
    """

    name = "octocube"
    min_players = 2
    max_players = 4
    move_codec = OCTOCUBE_CODEC

    def __init__(self, num_players: int, mode: str = "standard", powers: Sequence[str] | str | None = None) -> None:
        super().__init__(num_players)
        if mode not in data.MODES:
            raise RulesError(f"octocube mode must be one of {', '.join(data.MODES)}, not {mode!r}")
        self.mode = mode
        self.powers: tuple[str, ...] | None = None
        if powers is not None:
            if mode != "advanced":
                raise RulesError("powers only apply to the advanced octocube game")
            letters = tuple(powers)
            if len(letters) != 8 or len(set(letters)) != 8 or not set(letters) <= set(data.ALL_POWERS):
                raise RulesError(
                    f"powers must be 8 different letters from {''.join(data.ALL_POWERS)}, got {powers!r}"
                )
            self.powers = letters
        self.grid_size = data.GRID_SIZE[num_players]
        self.grid: Grid = grid(self.grid_size)
        self.centre = data.CENTRE_ABYSS[self.grid_size]
        self.supply_size = data.ABYSS_SUPPLY_SIZE[num_players]

    def config(self) -> dict[str, Any]:
        config: dict[str, Any] = {"num_players": self.num_players, "mode": self.mode}
        if self.powers is not None:
            config["powers"] = "".join(self.powers)
        return config

    def power_letters(self) -> tuple[str, ...]:
        return self.powers or data.DEFAULT_POWER_TILES

    def abyss_tile_total(self) -> int:
        return self.supply_size + (1 if self.centre is not None else 0)

    def new_initial_state(self, seed: int | None = None, hidden: bool = False) -> OctocubeState:
        """Deal the play area from ``seed``. ``hidden=True`` is what a camera sees: every tile
        under the top of a stack is ``UNKNOWN`` until :meth:`OctocubeState.reveal`."""
        rng = random.Random(seed)
        tiles: list[Tile] = []
        for tile, count in data.TILE_COUNTS.items():
            tiles.extend([tile] * count)
        rng.shuffle(tiles)
        state = OctocubeState(self)
        state.first_player = state.player = rng.randrange(self.num_players)
        if self.mode == "advanced":
            letters = list(self.power_letters())
            rng.shuffle(letters)
            centre_tile = POWER_TILES[letters.pop()] if self.centre is not None else None
            state.abyss_supply = sorted(POWER_TILES[x] for x in letters[: self.supply_size])
        else:
            centre_tile = ABYSS_A if self.centre is not None else None
            state.abyss_supply = [PLAIN_ABYSS] * self.supply_size
        stacks: dict[Location, list[Any]] = {}
        position = 0
        for loc in self.grid.locations:
            height = data.stack_height(self.grid_size, loc)
            if loc == self.centre:
                stacks[loc] = [centre_tile]
                continue
            stack: list[Any] = tiles[position : position + height]
            position += height
            if hidden:
                stack = [UNKNOWN] * (height - 1) + stack[-1:]
            stacks[loc] = stack
        if position != len(tiles):  # the data table must deal every tile exactly once
            raise RulesError(f"stack heights deal {position} tiles, not {len(tiles)}")
        state.stacks = stacks
        return state

    def state_from_json(self, data_: Mapping[str, Any]) -> OctocubeState:
        from rules.octocube.serialize import state_from_json

        return state_from_json(self, data_)


# ============================================================================ the state


class OctocubeState(State):
    """One Octocube position. Public attributes (read by the renderer and the tracker):
    ``mode``, ``grid_size``, ``stacks`` (bottom..top; emptied-for-good locations are absent and
    listed in ``holes``), ``cubes``, ``boards``, ``abyss_supply``, ``first_player``."""

    game: OctocubeGame

    def __init__(self, game: OctocubeGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.mode = game.mode
        self.grid_size = game.grid_size
        self.stacks: dict[Location, list[Any]] = {}
        self.holes: frozenset[Location] = frozenset()
        self.cubes: list[Cube] = [Cube(seat) for seat in range(n)]
        self.occupied: dict[Location, int] = {}
        kids_slots = len(data.KIDS_BOARD_SPACES) if game.mode == "kids" else 0
        self.boards: list[PlayerBoard] = [PlayerBoard(slots=[None] * kids_slots) for _ in range(n)]
        self.abyss_supply: list[Tile] = []
        self.first_player = 0
        self.player = 0
        self.turns = 0
        """Turns completed since the start (every seat has had ``turns // n`` or one more)."""
        self.end_triggered = False
        self.over = False
        self.stalled = False
        self.follow_up: str | None = None
        """``"roll"`` (abyss A's extra roll) or a power letter granted by rolling onto it."""
        self.pending_abyss: tuple[Location, ...] = ()
        self.must_retrieve = False
        self.hand: tuple[Tile, ...] = ()
        """Kids: retrieved object tiles not yet on the board or in the leftover stack."""
        self.leftover_target: Location | None = None
        self.set_aside: tuple[Tile, ...] = ()
        """Kids: leftovers with nowhere to go (no abyss tile and no free stack): out of play."""
        self.last_progress_turn = 0

    # ------------------------------------------------------------------ who moves
    def current_player(self) -> int:
        return TERMINAL if self.over else self.player

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def turns_taken(self) -> list[int]:
        """Turns each seat has completed (equal for all seats once the game is over)."""
        n = self.game.num_players
        return [
            (self.turns - ((seat - self.first_player) % n) + n - 1) // n for seat in range(n)
        ]

    def phase(self) -> str:
        """What the player to move is deciding, in one word (for prompts and tests)."""
        if self.over:
            return "over"
        if self.pending_abyss:
            return "choose_abyss"
        if self.must_retrieve:
            return "must_retrieve"
        if self.hand:
            if self.leftover_target is not None:
                return "leftover_stack"
            return "board" if self._board_options() else "leftover_target"
        if self.follow_up is not None:
            return "follow_up"
        return "action"

    # ------------------------------------------------------------------ helpers
    def _free(self, loc: Location) -> bool:
        return loc in self.stacks and loc not in self.occupied

    def _free_rolls(self, loc: Location) -> list[tuple[str, Location]]:
        stacks, occupied = self.stacks, self.occupied
        return [(d, n) for d, n in self.game.grid.step[loc] if n in stacks and n not in occupied]

    def _collectible_top(self, loc: Location) -> bool:
        stack = self.stacks.get(loc)
        return bool(stack) and not is_abyss(stack[-1])  # type: ignore[index]

    def _power_at(self, loc: Location) -> str | None:
        stack = self.stacks.get(loc)
        if stack and len(stack) == 1:
            top = stack[0]
            if top is not UNKNOWN and top.kind == "abyss":
                return top.letter
        return None

    def _board_tile_labels(self, seat: int) -> list[str]:
        board = self.boards[seat]
        labels = sorted({t.label() for t in board.tiles})
        if board.coins:
            labels.append("coin")
        return labels

    def _board_options(self) -> list[tuple[str, int]]:
        """Kids: every (tile label, free slot) a hand tile fits."""
        board = self.boards[self.player]
        options: list[tuple[str, int]] = []
        for label in sorted({t.label() for t in self.hand}):
            tile = tile_from_label(label)
            for slot, space in enumerate(data.KIDS_BOARD_SPACES):
                if board.slots[slot] is None and data.kids_space_accepts(space, tile):
                    options.append((label, slot))
        return options

    def _leftover_targets(self) -> list[Location]:
        abysses = [
            loc for loc, st in self.stacks.items()
            if loc not in self.occupied and len(st) == 1 and is_abyss(st[0])
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

    # ------------------------------------------------------------------ legal moves
    def _legal_moves(self) -> Iterator[Move]:
        return iter(self._moves())

    def _moves(self, powers: bool = True) -> list[Move]:
        if self.pending_abyss:
            return [ChooseAbyss(x) for x in sorted({t.letter for t in self.abyss_supply})]  # type: ignore[misc]
        if self.mode == "kids":
            if self.must_retrieve:
                return [_RETRIEVE]
            if self.hand:
                return self._kids_hand_moves()
        cube = self.cubes[self.player]
        if self.follow_up is not None:
            return self._follow_up_moves(cube) + [_DECLINE]
        loc = cube.location
        if loc is None:
            moves = self._place_moves(cube)
            return moves if moves else [_PASS]
        if self.mode == "kids":
            return self._kids_rolls(cube, loc) + [_RETRIEVE]
        moves: list[Move] = [_ROLLS[d] for d, _ in self._free_rolls(loc)]
        moves.extend(_PIVOTS)
        mask = 0
        for face, bit in _FACE_BITS:
            if cube.faces[face] is not None:
                mask |= bit
        moves.extend(_score_moves(mask))
        moves.append(_PASS)
        if powers and self.mode == "advanced":
            for n in self.game.grid.neighbours[loc]:
                letter = self._power_at(n)
                if letter is not None:
                    moves.extend(self._power_moves(letter, n, cube))
        return moves

    def _place_moves(self, cube: Cube) -> list[Move]:
        stacks, occupied = self.stacks, self.occupied
        table = _place_table(face_pattern(cube.faces))
        moves: list[Move] = []
        for loc in self.game.grid.edge:
            if loc in stacks and loc not in occupied:
                moves.extend(table[loc])
        return moves

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

    def _follow_up_moves(self, cube: Cube) -> list[Move]:
        assert cube.location is not None
        if self.follow_up == "roll":
            if self.mode == "kids":
                return self._kids_rolls(cube, cube.location)
            return [_ROLLS[d] for d, _ in self._free_rolls(cube.location)]
        assert self.follow_up is not None
        return self._power_moves(self.follow_up, cube.location, cube)

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

    # ------------------------------------------------------------------ checking
    def _check(self, move: Move) -> str | None:
        phase = self.phase()
        cube = self.cubes[self.player]
        who = player_name(self.player)
        if phase == "choose_abyss" and not isinstance(move, ChooseAbyss):
            return f"{who} must first choose which abyss tile goes on {location_label(self.pending_abyss[0])}"
        if isinstance(move, ChooseAbyss):
            if phase != "choose_abyss":
                return "no emptied space is waiting for an abyss tile"
            if all(t.letter != move.letter for t in self.abyss_supply):
                return f"abyss tile {move.letter} is not in the supply"
        elif phase == "must_retrieve" and not isinstance(move, Retrieve):
            return f"all six faces of {who}'s cube hold a tile: {who} must retrieve the cube"
        elif phase in ("board", "leftover_target", "leftover_stack"):
            reason = self._check_hand(move, phase)
            if reason:
                return reason
        elif phase == "follow_up":
            if not isinstance(move, (Decline, Roll, UsePower)):
                return f"{who} may only take the follow-up ({self._follow_up_words()}) or decline it"
            if self.follow_up == "roll" and isinstance(move, UsePower):
                return "abyss A grants a Roll, not a power"
            if self.follow_up != "roll" and isinstance(move, Roll):
                return f"the tile rolled onto grants power {self.follow_up}, use it as UsePower"
            if isinstance(move, UsePower) and (move.letter != self.follow_up or move.source != cube.location):
                return f"the follow-up is power {self.follow_up} of the tile under the cube"
        elif isinstance(move, Decline):
            return "there is no optional follow-up to decline"
        elif isinstance(move, (PlaceOnBoard, LeftoverTarget, LeftoverTile)):
            return "no retrieved tiles are waiting to be placed"
        elif cube.location is None:
            if not isinstance(move, (Place, Pass)):
                return f"{who}'s cube is in the personal area: it must be placed on an edge space"
            if isinstance(move, Pass) and self._place_moves(cube):
                return f"{who} must place the cube (passing is only allowed when no edge space is free)"
        else:
            if isinstance(move, Place):
                return f"{who}'s cube is already in the play area"
            if self.mode == "kids" and isinstance(move, (Pivot, Score, Pass, UsePower)):
                return f"the kids game only has Roll and Retrieve, not {move.kind}"
            if self.mode != "kids" and isinstance(move, Retrieve):
                return "Retrieve belongs to the kids game; use Score"
            if self.mode != "advanced" and isinstance(move, UsePower):
                return "powers belong to the advanced game"
        reason = self._check_details(move, cube)
        if reason:
            return reason
        if self._canonical(move, cube) not in self._candidates(move, cube):
            return f"{self.describe_move(move)} is not possible here"
        return None

    def _candidates(self, move: Move, cube: Cube) -> list[Move]:
        """The legal moves a move must be among (only those of its power when it is one: the
        advanced game lists hundreds of moves and comparing them all would be slow)."""
        if (
            isinstance(move, UsePower)
            and self.follow_up is None
            and not self.pending_abyss
            and cube.location is not None
        ):
            if move.source in self.game.grid.neighbours[cube.location] and self._power_at(move.source) == move.letter:
                return self._power_moves(move.letter, move.source, cube)
            return []
        return self._moves(powers=isinstance(move, UsePower))

    def _canonical(self, move: Move, cube: Cube) -> Move:
        """The listed spelling of a move: orientations with the same result are one move."""
        orientation = getattr(move, "orientation", None)
        if orientation is None:
            return move
        canon = canonical_orientation(face_pattern(cube.faces), orientation)
        if canon == orientation:
            return move
        return dataclasses.replace(move, orientation=canon)  # type: ignore[type-var]

    def _follow_up_words(self) -> str:
        return "an extra roll" if self.follow_up == "roll" else f"power {self.follow_up}"

    def _check_hand(self, move: Move, phase: str) -> str | None:
        if phase == "board":
            if not isinstance(move, PlaceOnBoard):
                return "the retrieved tiles must go on the board while a space fits one"
            if not any(t.label() == move.tile for t in self.hand):
                return f"no retrieved {move.tile} is waiting"
            if not 0 <= move.slot < len(data.KIDS_BOARD_SPACES):
                return f"the board has no space {move.slot}"
            space = data.KIDS_BOARD_SPACES[move.slot]
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

    def _check_details(self, move: Move, cube: Cube) -> str | None:
        loc = cube.location
        if isinstance(move, Place):
            if move.location not in self.stacks:
                return f"{location_label(move.location)} is not a space of the play area"
            if move.location not in self.game.grid.edge:
                return f"{location_label(move.location)} is not on the edge of the play area"
            if move.location in self.occupied:
                return f"{location_label(move.location)} is occupied by {player_name(self.occupied[move.location])}'s cube"
        elif isinstance(move, Roll) and loc is not None:
            target = self.game.grid.target.get((loc, move.direction))
            if target is None:
                return f"the cube cannot roll {move.direction} off the play area"
            if target not in self.stacks:
                return f"{location_label(target)} is no longer a space"
            if target in self.occupied:
                return f"{location_label(target)} is occupied by {player_name(self.occupied[target])}'s cube"
            if self.mode == "kids":
                if move.orientation is None:
                    return "in the kids game say how the cube is turned (orientation)"
                if cube.faces[move.orientation[0]] is not None:
                    return "in the kids game an empty face must go on the bottom"
            elif move.orientation is not None:
                return "a Roll turns the cube over its edge; it has no free orientation"
        elif isinstance(move, Score) and loc is not None:
            for face in move.faces:
                if cube.faces[face] is None:
                    return f"the {face} face of the cube holds no tile"
        elif isinstance(move, UsePower) and loc is not None and self.follow_up is None:
            if self._power_at(move.source) != move.letter:
                return f"there is no abyss tile with power {move.letter} at {location_label(move.source)}"
            if move.source not in self.game.grid.neighbours[loc]:
                return f"the power tile at {location_label(move.source)} is not adjacent to the cube"
            if not self._power_moves(move.letter, move.source, cube):
                return f"power {move.letter} cannot be used now"
        return None

    # ------------------------------------------------------------------ applying
    def push_unchecked(self, move: Move) -> None:
        self._require_revealed(move)
        self._undo.append(self._snapshot())
        self._apply(move)
        self.history.append(move)

    def _require_revealed(self, move: Move) -> None:
        """Scoring or storing a tile needs its identity: refuse (before changing anything)."""
        cube = self.cubes[self.player] if not self.over else None
        if cube is None:
            return
        needed: list[str] = []
        if isinstance(move, Score):
            needed = list(move.faces)
        elif isinstance(move, Retrieve):
            needed = list(FACES)
        elif isinstance(move, UsePower) and move.letter == "B":
            needed = ["top"]
        elif isinstance(move, UsePower) and move.letter == "F" and move.location in self.stacks:
            stack = self.stacks[move.location]
            if stack and stack[-1] is UNKNOWN:
                raise UnrevealedTileError(
                    f"the top tile at {location_label(move.location)} has not been seen yet; reveal it first"
                )
        for face in needed:
            if cube.faces[face] is UNKNOWN:
                raise UnrevealedTileError(
                    f"the tile on the {face} face of {player_name(cube.seat)}'s cube has not been "
                    f"seen yet; reveal ('cube', {cube.seat}, {face!r}) first"
                )

    def _snapshot(self) -> Any:
        # Cheap undo: every attribute is replaced rather than changed in place (cubes and
        # boards are copied before a change, see _own_cube and _set_board), except the two
        # dicts copied here.
        snap = self.__dict__.copy()
        del snap["game"], snap["history"], snap["_undo"]
        snap["stacks"] = self.stacks.copy()
        snap["occupied"] = self.occupied.copy()
        return snap

    def _restore(self, snapshot: Any) -> None:
        self.__dict__.update(snapshot)

    def _own_cube(self, seat: int) -> Cube:
        """A private copy of a cube, for changing it without touching undo snapshots."""
        cube = self.cubes[seat].copy()
        cubes = self.cubes[:]
        cubes[seat] = cube
        self.cubes = cubes
        return cube

    def _set_board(self, seat: int, board: PlayerBoard) -> None:
        boards = self.boards[:]
        boards[seat] = board
        self.boards = boards

    def _apply(self, move: Move) -> None:
        cube = self._own_cube(self.player)
        kind = move.kind
        if kind == "roll":
            self._roll(cube, move.direction, move.orientation)  # type: ignore[attr-defined]
        elif kind == "score":
            self._score(cube, move.faces)  # type: ignore[attr-defined]
        elif kind == "pivot":
            cube.faces = rotate(cube.faces, PIVOT_PERMUTATION[move.degrees])  # type: ignore[attr-defined]
            cube.ups = rotate_ups(cube.ups, PIVOT_PERMUTATION[move.degrees])  # type: ignore[attr-defined]
            self._end_turn()
        elif kind == "pass":
            if self.hand:  # kids: leftovers with nowhere to go
                self.set_aside = self.set_aside + self.hand
                self.hand = ()
            self._end_turn()
        elif kind == "place":
            cube.faces = rotate(cube.faces, PERMUTATIONS[move.orientation])  # type: ignore[attr-defined]
            cube.ups = rotate_ups(cube.ups, PERMUTATIONS[move.orientation])  # type: ignore[attr-defined]
            self._arrive(cube, move.location)  # type: ignore[attr-defined]
            self._end_turn()
        elif kind == "decline":
            self.follow_up = None
            self._continue()
        elif kind == "choose_abyss":
            self._choose_abyss(move.letter)  # type: ignore[attr-defined]
        elif kind == "use_power":
            self._use_power(cube, move)  # type: ignore[arg-type]
        elif kind == "retrieve":
            self._retrieve(cube)
        elif kind == "place_on_board":
            self._place_on_board(move)  # type: ignore[arg-type]
        elif kind == "leftover_target":
            self._leftover_target(move.location)  # type: ignore[attr-defined]
        elif kind == "leftover_tile":
            self._leftover_tile(tile_from_label(move.tile))  # type: ignore[attr-defined]
        else:  # pragma: no cover - the codec only knows the kinds above
            raise IllegalMoveError(move, "unknown move")

    # ---- movement
    def _leave(self, cube: Cube) -> None:
        loc = cube.location
        assert loc is not None
        del self.occupied[loc]
        cube.location = None
        if not self.stacks[loc]:
            self._emptied(loc)

    def _emptied(self, loc: Location) -> None:
        """A cube left with the last tile of the stack at ``loc``: an abyss tile goes there
        (decision 6), or the location stops being a space when the supply is exhausted."""
        supply = self.abyss_supply
        if not supply:
            del self.stacks[loc]
            self.holes = self.holes | {loc}
            return
        if self.mode == "advanced" and len({t.letter for t in supply}) > 1:
            self.pending_abyss = self.pending_abyss + (loc,)
            return
        self.stacks[loc] = [supply[-1]]
        self.abyss_supply = supply[:-1]
        self._abyss_placed()

    def _abyss_placed(self) -> None:
        if not self.abyss_supply and self.mode != "kids":
            self.end_triggered = True

    def _arrive(self, cube: Cube, loc: Location) -> None:
        cube.location = loc
        self.occupied[loc] = cube.seat
        self._pick_up(cube)

    def _pick_up(self, cube: Cube) -> None:
        """Magnet model: an empty bottom face takes the space's top object or coin tile."""
        faces = cube.faces
        if faces["bottom"] is not None:
            return
        stack = self.stacks[cube.location]  # type: ignore[index]
        if stack:
            top = stack[-1]
            if top is UNKNOWN or top.kind != "abyss":
                self.stacks[cube.location] = stack[:-1]  # type: ignore[index]
                faces = dict(faces)
                faces["bottom"] = top
                cube.faces = faces
                # stack tiles lie upright (printed top towards table north)
                cube.ups = {**cube.ups, "bottom": "north"}

    def _roll(self, cube: Cube, direction: str, orientation: tuple[str, str] | None) -> None:
        origin = cube.location
        target = self.game.grid.target[(origin, direction)]  # type: ignore[index]
        self.follow_up = None
        self._leave(cube)
        if orientation is None:
            cube.faces = rotate(cube.faces, ROLL_PERMUTATION[direction])
            cube.ups = rotate_ups(cube.ups, ROLL_PERMUTATION[direction])
        else:
            cube.faces = rotate(cube.faces, PERMUTATIONS[orientation])
            cube.ups = rotate_ups(cube.ups, PERMUTATIONS[orientation])
        self._arrive(cube, target)
        if self.mode == "kids" and cube.is_full():
            self.must_retrieve = True
            self.follow_up = None
            return
        letter = self._power_at(target)
        if letter is not None:
            if self.mode == "advanced":
                self.follow_up = letter
            elif letter == data.EXTRA_ROLL_LETTER and (self.mode != "kids" or data.KIDS_EXTRA_ROLL):
                self.follow_up = "roll"
        self._continue()

    def _continue(self) -> None:
        """End the turn unless a decision of the same player is still open."""
        if self.pending_abyss or self.must_retrieve or self.hand:
            return
        if self.follow_up is not None:
            cube = self.cubes[self.player]
            if cube.location is not None and self._follow_up_moves(cube):
                return
            self.follow_up = None
        self._end_turn()

    def _end_turn(self) -> None:
        n = self.game.num_players
        seat = self.player
        self.turns += 1
        self.follow_up = None
        last_of_round = (seat + 1) % n == self.first_player
        if self.mode == "kids":
            if self.boards[seat].filled() == len(data.KIDS_BOARD_SPACES):
                self.end_triggered = True
            if (
                last_of_round
                and not self.end_triggered
                and self.turns - self.last_progress_turn >= data.KIDS_STALL_ROUNDS * n
            ):
                self.stalled = True
                self.over = True
                return
        if self.end_triggered and last_of_round:
            self.over = True
            return
        self.player = (seat + 1) % n

    # ---- actions
    def _score(self, cube: Cube, faces: tuple[str, ...]) -> None:
        board = self.boards[self.player].copy()
        taken = [cube.faces[f] for f in faces]
        if faces:
            new_faces = dict(cube.faces)
            for f in faces:
                new_faces[f] = None
            cube.faces = new_faces
        self._leave(cube)
        self._set_board(self.player, board)
        self._collect(board, taken)
        self._continue()

    def _collect(self, board: PlayerBoard, taken: list[Tile]) -> None:
        """Store taken tiles and take tokens for each series of one object type."""
        by_object: dict[str, int] = {}
        objects: list[Tile] = []
        coins = 0
        for tile in taken:
            if tile.kind == "coin":
                coins += 1
            else:
                objects.append(tile)
                by_object[tile.obj] = by_object.get(tile.obj, 0) + 1  # type: ignore[index]
        if coins:
            board.coins += coins
        if objects:
            board.tiles = board.tiles + objects
            series = [(obj, by_object[obj]) for obj in sorted(by_object)]
            board.series = board.series + series
            board.tokens += sum(data.SERIES_POINTS[count] for _, count in series)

    def _choose_abyss(self, letter: str) -> None:
        loc = self.pending_abyss[0]
        self.pending_abyss = self.pending_abyss[1:]
        supply = list(self.abyss_supply)
        tile = next(t for t in supply if t.letter == letter)
        supply.remove(tile)
        self.abyss_supply = supply
        self.stacks[loc] = [tile]
        self._abyss_placed()
        # the last tile needs no choice: place the remaining pending ones at once
        while self.pending_abyss and len({t.letter for t in self.abyss_supply}) <= 1:
            loc = self.pending_abyss[0]
            self.pending_abyss = self.pending_abyss[1:]
            if self.abyss_supply:
                self.stacks[loc] = [self.abyss_supply[-1]]
                self.abyss_supply = self.abyss_supply[:-1]
                self._abyss_placed()
            else:  # pragma: no cover - G refuses swaps that would need this
                del self.stacks[loc]
                self.holes = self.holes | {loc}
        self._continue()

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

    # ---- kids
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
        self.last_progress_turn = self.turns
        self._settle_hand()

    def _leftover_target(self, loc: Location) -> None:
        stack = self.stacks[loc]
        if len(stack) == 1 and is_abyss(stack[0]):
            self.abyss_supply = self.abyss_supply + [stack[0]]
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

    # ------------------------------------------------------------------ unknowns
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

    # ------------------------------------------------------------------ scoring, checks, words
    def score_breakdown(self) -> ScoreBreakdown:
        from rules.octocube.scoring import score_breakdown

        return score_breakdown(self)

    def status(self) -> list[str]:
        from rules.octocube.checks import status

        return status(self)

    def describe_move(self, move: Move) -> str:
        from rules.octocube.words import describe_move

        return describe_move(self, move)

    def _state_json(self) -> dict[str, Any]:
        from rules.octocube.serialize import state_to_json

        return state_to_json(self)

    def __str__(self) -> str:
        from rules.octocube.words import render_text

        return render_text(self)
