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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from rules.core import (
    TERMINAL,
    UNKNOWN,
    Game,
    IllegalMoveError,
    Move,
    RulesError,
    ScoreBreakdown,
    State,
    UndoRecord,
)
from rules.octocube import data
from rules.octocube.components import (
    FACES,
    Location,
    Tile,
    location_label,
)
from rules.octocube.geometry import (
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
from rules.octocube.kids import KidsMixin
from rules.octocube.pieces import (  # noqa: F401 - re-exported for callers of this module
    ABYSS_A,
    PLAIN_ABYSS,
    POWER_TILES,
    Cube,
    PlayerBoard,
    is_abyss,
    player_name,
    tile_from_label,
    tile_words,
)
from rules.octocube.powers import PowersMixin
from rules.octocube.unknowns import UnknownsMixin, UnrevealedTileError  # noqa: F401


_ROLLS: dict[str, Roll] = {d: Roll(d) for d in ROLL_PERMUTATION}
_PIVOTS: tuple[Pivot, ...] = (Pivot(90), Pivot(180), Pivot(270))
_PASS = Pass()
_DECLINE = Decline()
_RETRIEVE = Retrieve()
_NEEDS_IDENTITY = frozenset({"score", "retrieve", "use_power"})
_FACE_BITS: tuple[tuple[str, int], ...] = tuple((f, 1 << i) for i, f in enumerate(FACES))
_SCORE_CACHE: dict[int, tuple[Score, ...]] = {}
_PLACE_CACHE: dict[tuple[Location, tuple[str, str]], Place] = {}


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


_PLACE_TABLES: dict[tuple[int, ...], dict[Location, tuple[Place, ...]]] = {}


def _place_table(pattern: tuple[int, ...]) -> dict[Location, tuple[Place, ...]]:
    """Place moves per location for a cube with this face pattern (any grid location)."""
    table = _PLACE_TABLES.get(pattern)
    if table is None:
        orientations = distinct_orientations(pattern)
        table = _PLACE_TABLES[pattern] = _LazyPlaces(orientations)
    return table


class _LazyPlaces(dict[Location, tuple[Place, ...]]):
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


# ============================================================================ the game


class OctocubeGame(Game["OctocubeState"]):
    """Octocube for 2-4 players, ``mode`` standard, kids or advanced.

    ``powers`` (advanced only) names the power letters printed on the 8 abyss tiles in play;
    by default B-I, the power sides of the eight tiles (decision 11); a variant may name another
    set, e.g. ``powers="ABCDEFGI"`` puts A (an extra Roll) in for H.
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


# ============================================================================ undo


@dataclass(frozen=True, slots=True)
class OctocubeUndo(UndoRecord):
    """What :meth:`OctocubeState.pop` puts back: every attribute a move can change. The
    containers are never changed after the record is taken (cubes, boards and stack lists are
    replaced, not changed; the two dicts are the record's own copies)."""

    stacks: dict[Location, list[Any]]
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



# ============================================================================ the state


class OctocubeState(KidsMixin, PowersMixin, UnknownsMixin):
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
        kids_slots = data.KIDS_BOARD_SIZE if game.mode == "kids" else 0
        self.boards: list[PlayerBoard] = [PlayerBoard(slots=[None] * kids_slots) for _ in range(n)]
        self.abyss_supply: list[Tile] = []
        self.first_player = 0
        self.player = 0
        self.turns = 0
        """Turns completed since the start (every seat has had ``turns // n`` or one more)."""
        self.end_triggered = False
        self.over = False
        self.follow_up: str | None = None
        """``"roll"`` (abyss A's extra roll) or a power letter granted by rolling onto it."""
        self.pending_abyss: tuple[Location, ...] = ()
        self.must_retrieve = False
        self.hand: tuple[Tile, ...] = ()
        """Kids: retrieved object tiles not yet on the board or in the leftover stack."""
        self.leftover_target: Location | None = None
        self.set_aside: tuple[Tile, ...] = ()
        """Kids: leftovers with nowhere to go (no abyss tile and no free stack): out of play."""

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

    # ------------------------------------------------------------------ legal moves
    def _legal_moves(self) -> Iterator[Move]:
        return iter(self._moves())

    def _moves(self, powers: bool = True) -> list[Move]:
        if self.pending_abyss:
            return [ChooseAbyss(x) for x in sorted({t.letter for t in self.abyss_supply if t.letter is not None})]
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
            places = self._place_moves(cube)
            return places if places else [_PASS]
        if self.mode == "kids":
            return self._kids_rolls(cube, loc) + [_RETRIEVE]
        stacks, occupied = self.stacks, self.occupied
        moves: list[Move] = [
            _ROLLS[d] for d, n in self.game.grid.step[loc] if n in stacks and n not in occupied
        ]
        moves.extend(_PIVOTS)
        f = cube.faces
        mask = (
            (f["top"] is not None)
            | (f["bottom"] is not None) << 1
            | (f["north"] is not None) << 2
            | (f["south"] is not None) << 3
            | (f["east"] is not None) << 4
            | (f["west"] is not None) << 5
        )  # bit order = FACES order, as _score_moves expects
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

    def _follow_up_moves(self, cube: Cube) -> list[Move]:
        assert cube.location is not None
        if self.follow_up == "roll":
            if self.mode == "kids":
                return self._kids_rolls(cube, cube.location)
            return [_ROLLS[d] for d, _ in self._free_rolls(cube.location)]
        assert self.follow_up is not None
        return self._power_moves(self.follow_up, cube.location, cube)

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
        """The listed spelling of a move: orientations with the same result are one move, and
        so are identical spaces of a kids board (the first free one is listed)."""
        if isinstance(move, PlaceOnBoard):
            slot = self._first_free_alike(move.slot)
            return move if slot == move.slot else PlaceOnBoard(move.tile, slot)
        orientation = getattr(move, "orientation", None)
        if orientation is None:
            return move
        canon = canonical_orientation(face_pattern(cube.faces), orientation)
        if canon == orientation:
            return move
        return dataclasses.replace(move, orientation=canon)  # type: ignore[type-var]

    def _follow_up_words(self) -> str:
        return "an extra roll" if self.follow_up == "roll" else f"power {self.follow_up}"

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
        """Apply ``move`` without the legality check (the caller found it legal). A move that
        cannot be made here at all raises :class:`RulesError` and leaves the state as it was:
        the tracker scores chains found from one position on another that differs only in what
        nobody sees, and an abyss tile chosen where no space waits for one (advanced bench seed
        61937, perfect readings: a chain after another of two alike swaps) crashed the game."""
        if move.kind in _NEEDS_IDENTITY:
            self._require_revealed(move)
        record = self._snapshot()
        self._undo.append(record)
        try:
            self._apply(move)
        except (RulesError, IndexError, KeyError, StopIteration, ValueError) as error:
            self._restore(record)
            self._undo.pop()
            if isinstance(error, RulesError):
                raise
            raise RulesError(f"{move} cannot be made here") from error
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

    def _snapshot(self) -> OctocubeUndo:
        # Cheap undo: every attribute is replaced rather than changed in place (cubes and
        # boards are copied before a change, see _own_cube and _set_board; stack lists are
        # replaced, never changed), except the two dicts copied here.
        return OctocubeUndo(
            self.stacks.copy(), self.holes, self.cubes, self.occupied.copy(), self.boards,
            self.abyss_supply, self.first_player, self.player, self.turns, self.end_triggered,
            self.over, self.follow_up, self.pending_abyss, self.must_retrieve, self.hand,
            self.leftover_target, self.set_aside,
        )

    def _restore(self, record: UndoRecord) -> None:
        assert isinstance(record, OctocubeUndo)
        # the two dicts are changed in place by later moves: the record keeps its own
        self.stacks = record.stacks.copy()
        self.occupied = record.occupied.copy()
        self.holes = record.holes
        self.cubes = record.cubes
        self.boards = record.boards
        self.abyss_supply = record.abyss_supply
        self.first_player = record.first_player
        self.player = record.player
        self.turns = record.turns
        self.end_triggered = record.end_triggered
        self.over = record.over
        self.follow_up = record.follow_up
        self.pending_abyss = record.pending_abyss
        self.must_retrieve = record.must_retrieve
        self.hand = record.hand
        self.leftover_target = record.leftover_target
        self.set_aside = record.set_aside

    def _copy_position(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        # The engine never changes these containers in place (copy-on-write), so sharing them
        # would do for its own moves; but callers that set a position up by hand (tests, the
        # tracker's physical table) do change them, so a copy owns every one of them.
        other.stacks = {loc: stack[:] for loc, stack in self.stacks.items()}
        other.occupied = self.occupied.copy()
        other.cubes = [Cube(c.seat, c.location, dict(c.faces), dict(c.ups)) for c in self.cubes]
        other.boards = [
            PlayerBoard(b.tiles[:], b.coins, b.tokens, b.series[:], b.slots[:]) for b in self.boards
        ]
        other.abyss_supply = self.abyss_supply[:]
        return other

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
        if self.mode == "kids" and self.boards[seat].filled() == data.KIDS_BOARD_SIZE:
            self.end_triggered = True  # the rulebook's only end of a kids game (decision 10)
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
                by_object[tile.obj] = by_object.get(tile.obj, 0) + 1  # type: ignore[index, arg-type]
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

    def move_detail(self, move: Move) -> str:
        from rules.octocube.words import score_faces_words

        if isinstance(move, Score):
            return score_faces_words(move.faces)
        return super().move_detail(move)

    def _state_json(self) -> dict[str, Any]:
        from rules.octocube.serialize import state_to_json

        return state_to_json(self)

    def __str__(self) -> str:
        from rules.octocube.words import render_text

        return render_text(self)
