"""The rules core shared by every game engine.

Modelled on OpenSpiel's game/state split and python-chess's push/pop:

* a :class:`Game` holds the fixed configuration (player count, mode) and makes states;
* a :class:`State` holds one position, generates legal moves lazily, applies moves with
  validation (:meth:`State.push`) or without (:meth:`State.push_unchecked`), and undoes them
  (:meth:`State.pop`);
* moves are small frozen dataclasses (one class per kind of move) registered in a
  :class:`MoveCodec` so they round-trip through JSON;
* chance events (dice, draws, shuffles) are moves taken at a *chance node*
  (``current_player() == CHANCE``) whose outcomes and probabilities the state lists;
* unknown information (tiles or cards nobody has seen yet) is held as :data:`UNKNOWN`; a
  ``reveal`` fills it in when the camera sees it. Legal moves never depend on an unknown.

``rules/`` is pure: no I/O, no numpy, no cv2, no kivy.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from rules import safe_json

SCHEMA_NAME = "tablesight.state"
SCHEMA_VERSION = 1

CHANCE = -1
"""``current_player()`` at a chance node: the next move is a dice roll or a draw."""
TERMINAL = -4
"""``current_player()`` once the game is over."""


class _Unknown:
    """Singleton for information nobody has seen yet (a tile under the top of a stack)."""

    _instance: ClassVar[_Unknown | None] = None

    def __new__(cls) -> _Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __copy__(self) -> _Unknown:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Unknown:
        return self

    def __reduce__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()
UNKNOWN_JSON = "?"
"""How :data:`UNKNOWN` is written in JSON."""


# --------------------------------------------------------------------------- errors


class RulesError(ValueError):
    """Base class of every error the rules engines raise."""


class IllegalMoveError(RulesError):
    """A move that the rules forbid in this position; ``reason`` says why in plain words."""

    def __init__(self, move: object, reason: str) -> None:
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {move}: {reason}")


class InvalidMoveError(RulesError):
    """A move that does not exist at all (malformed JSON, unknown move type, bad field)."""


class StateFormatError(RulesError):
    """A serialized state that cannot be read: bad JSON, wrong schema or version, bad field."""


class RevealError(RulesError):
    """A reveal that contradicts what is known (wrong location, already known, impossible)."""


class InvariantError(AssertionError):
    """An engine invariant does not hold: always a bug, never a user error."""


# --------------------------------------------------------------------------- moves


class Move:
    """Marker base class: every move is a frozen dataclass deriving from this."""

    kind: ClassVar[str] = "move"
    """Stable name written to JSON; subclasses set it."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for name in _field_names(cast(Hashable, type(self))):
            data[name] = _jsonable(getattr(self, name))
        return data


@functools.cache
def _field_names(data_type: Hashable) -> tuple[str, ...]:
    """A dataclass's field names, listed once per class (``dataclasses.fields`` builds them anew
    on every call: a third of writing a long game's history)."""
    return tuple(f.name for f in dataclasses.fields(cast(Any, data_type)))


M = TypeVar("M", bound=Move)


_PLAIN = (str, int, float, type(None))
"""What JSON holds as it is (a move's fields are mostly these): answered first."""


def _jsonable(value: Any) -> Any:
    if isinstance(value, _PLAIN):
        return value
    if value is UNKNOWN:
        return UNKNOWN_JSON
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(_jsonable(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: _jsonable(getattr(value, name)) for name in _field_names(cast(Hashable, type(value)))}
    return value


def _tupleize(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupleize(v) for v in value)
    return value


class MoveCodec:
    """Reads and writes a game's move classes as JSON objects ``{"type": kind, ...fields}``."""

    def __init__(self, move_types: Iterable[type[Move]]) -> None:
        self._by_kind: dict[str, type[Move]] = {}
        for move_type in move_types:
            if move_type.kind in self._by_kind:
                raise ValueError(f"two move classes share the kind {move_type.kind!r}")
            self._by_kind[move_type.kind] = move_type

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._by_kind)

    def encode(self, move: Move) -> dict[str, Any]:
        return move.to_json()

    def decode(self, data: Any) -> Move:
        """Build a move from JSON; raises :class:`InvalidMoveError` naming what is wrong."""
        if isinstance(data, str):
            try:
                data = safe_json.loads(data, "move")
            except safe_json.JsonInputError as exc:
                raise InvalidMoveError(str(exc)) from None
        if not isinstance(data, Mapping):
            raise InvalidMoveError(f"move must be a JSON object, got {type(data).__name__}")
        kind = data.get("type")
        move_type = self._by_kind.get(kind) if isinstance(kind, str) else None
        if move_type is None:
            raise InvalidMoveError(
                f"unknown move type {safe_json.shown(kind)}; expected one of {', '.join(sorted(self._by_kind))}"
            )
        names = {f.name for f in dataclasses.fields(move_type)}  # type: ignore[arg-type]
        extra = set(data) - names - {"type"}
        if extra:
            raise InvalidMoveError(f"move {kind!r} has unknown field(s) {safe_json.cut(str(sorted(map(str, extra))))}")
        missing = {
            f.name
            for f in dataclasses.fields(move_type)  # type: ignore[arg-type]
            if f.name not in data
            and f.default is dataclasses.MISSING
            and f.default_factory is dataclasses.MISSING
        }
        if missing:
            raise InvalidMoveError(f"move {kind!r} lacks field(s) {sorted(missing)}")
        kwargs = {k: _tupleize(v) for k, v in data.items() if k != "type"}
        try:
            return move_type(**kwargs)
        except (TypeError, ValueError) as exc:
            raise InvalidMoveError(f"move {kind!r} is malformed: {safe_json.one_line(str(exc), 300)}") from None


# --------------------------------------------------------------------------- scores


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score sheet: who earned how much, in which category, and why."""

    player: int
    category: str
    points: int
    reason: str


@dataclass(frozen=True)
class ScoreBreakdown:
    """Every point of a game, line by line, so a UI can explain a score step by step."""

    num_players: int
    lines: tuple[ScoreLine, ...] = ()
    winners: tuple[int, ...] = ()
    tie_break: str = ""
    """Plain words on how a tie for the win was (or was not) broken; empty when none."""

    def total(self, player: int) -> int:
        return sum(line.points for line in self.lines if line.player == player)

    def totals(self) -> list[int]:
        return [self.total(p) for p in range(self.num_players)]

    def categories(self) -> list[str]:
        seen: dict[str, None] = {}
        for line in self.lines:
            seen.setdefault(line.category, None)
        return list(seen)

    def by_category(self, player: int) -> dict[str, int]:
        result = {c: 0 for c in self.categories()}
        for line in self.lines:
            if line.player == player:
                result[line.category] += line.points
        return result

    def lines_for(self, player: int) -> list[ScoreLine]:
        return [line for line in self.lines if line.player == player]

    def to_json(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players,
            "totals": self.totals(),
            "winners": list(self.winners),
            "tie_break": self.tie_break,
            "lines": [dataclasses.asdict(line) for line in self.lines],
        }

    def to_text(self, player_names: Sequence[str] | None = None) -> str:
        names = list(player_names or [f"Player {p + 1}" for p in range(self.num_players)])
        out: list[str] = []
        for p in range(self.num_players):
            out.append(f"{names[p]}: {self.total(p)} points")
            for line in self.lines_for(p):
                out.append(f"  {line.points:+4d}  {line.category:<24} {line.reason}")
        if self.winners:
            out.append("Winner: " + ", ".join(names[w] for w in self.winners))
        if self.tie_break:
            out.append(f"Tie-break: {self.tie_break}")
        return "\n".join(out)


# --------------------------------------------------------------------------- game and state

S = TypeVar("S", bound="State")


class Game(ABC, Generic[S]):
    """A game's fixed configuration; makes initial states."""

    name: ClassVar[str]
    """Short identifier, used on the command line and in JSON (``octocube``)."""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    move_codec: ClassVar[MoveCodec]

    def __init__(self, num_players: int, **options: Any) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise RulesError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, "
                f"not {num_players}"
            )
        self.num_players = num_players
        self.options = dict(options)

    def config(self) -> dict[str, Any]:
        """The JSON-able configuration that, with the name, rebuilds this game."""
        return {"num_players": self.num_players, **self.options}

    @abstractmethod
    def new_initial_state(self, seed: int | None = None) -> S:
        """A fresh game; ``seed`` fixes any setup shuffle so that games replay exactly."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state from the ``"state"`` member written by :meth:`State.to_json`."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.config().items())
        return f"{type(self).__name__}({opts})"


class UndoRecord:
    """Base class of the records :meth:`State.pop` uses to take a move back.

    Each engine defines one small frozen dataclass (``OctocubeUndo`` ...) holding what a push
    may change. A record is a value: :meth:`State._restore` reads it and never hands one of its
    containers to the state for changing, so copies of a state can share their records
    (:meth:`State.copy` copies the list, not the records).
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class SnapshotUndo(UndoRecord):
    """The generic record: a deep copy of every attribute of the state (slow but always right;
    engines override :meth:`State._snapshot` and :meth:`State._restore` with a cheaper one)."""

    attrs: Mapping[str, Any]


class State(ABC):
    """One position of a game.

    Subclasses implement ``_legal_moves``, ``_check`` (why a move is illegal, or ``None``),
    ``_apply`` and the JSON members; undo is generic (a deep snapshot per push) unless a
    subclass overrides :meth:`_snapshot` and :meth:`_restore` with a cheaper typed record, and
    then :meth:`_copy_position` too.

    ``history`` lists every move of the game (a state read by :func:`load_state` keeps the
    moves played before it was saved); undo records exist only for moves pushed on this object
    (or copied with :meth:`copy`), so :meth:`pop` can take back at most :meth:`undo_depth` moves.
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.history: list[Move] = []
        self._undo: list[UndoRecord] = []

    # ---- who moves
    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, :data:`CHANCE` at a chance node, :data:`TERMINAL` when over."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    # ---- moves
    @abstractmethod
    def _legal_moves(self) -> Iterator[Move]:
        """Yield every legal move (chance outcomes at a chance node)."""

    def legal_moves(self) -> Iterator[Move]:
        """Lazily yield the legal moves; empty when the game is over."""
        if self.is_terminal():
            return iter(())
        return self._legal_moves()

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """At a chance node: each outcome with its probability (uniform unless overridden)."""
        if not self.is_chance_node():
            return []
        outcomes = list(self._legal_moves())
        return [(m, 1.0 / len(outcomes)) for m in outcomes]

    def sample_chance(self, rng: random.Random) -> Move:
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise RulesError("not a chance node")
        moves, weights = zip(*outcomes, strict=True)
        return rng.choices(moves, weights=weights)[0]

    @abstractmethod
    def _check(self, move: Move) -> str | None:
        """Return why ``move`` is illegal here, or ``None`` when it is legal."""

    def illegal_reason(self, move: Move) -> str | None:
        if self.is_terminal():
            return "the game is over"
        if not isinstance(move, Move) or type(move) not in self._move_types():
            return f"{type(move).__name__} is not a move of {self.game.name}"
        return self._check(move)

    def is_legal(self, move: Move) -> bool:
        return self.illegal_reason(move) is None

    def _move_types(self) -> set[type[Move]]:
        return set(self.game.move_codec._by_kind.values())

    @abstractmethod
    def _apply(self, move: Move) -> None:
        """Apply a move known to be legal."""

    def push(self, move: Move) -> None:
        """Apply ``move`` after checking it; raises :class:`IllegalMoveError` with the reason."""
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        self.push_unchecked(move)

    def push_unchecked(self, move: Move) -> None:
        """Apply ``move`` without validation: the fast path for playouts and replays."""
        self._undo.append(self._snapshot())
        self._apply(move)
        self.history.append(move)

    def pop(self) -> Move:
        """Undo the last move and return it.

        Raises :class:`RulesError` and changes nothing when there is no undo record: a fresh
        state, a state read by :func:`load_state` (its history is kept for reference only), a
        ``copy(stack=False)``, or every move pushed here already taken back.
        """
        if not self._undo or not self.history:
            if self.history:
                raise RulesError(
                    f"no move to undo: the {len(self.history)} move(s) in the history were played "
                    "before this state was loaded or copied without its undo records"
                )
            raise RulesError("no move to undo")
        self._restore(self._undo[-1])
        self._undo.pop()
        return self.history.pop()

    def undo_depth(self) -> int:
        """How many moves :meth:`pop` can take back."""
        return min(len(self._undo), len(self.history))

    def _snapshot(self) -> UndoRecord:
        """A record of everything a push may change (taken before the move is applied)."""
        return SnapshotUndo(
            {k: copy.deepcopy(v) for k, v in self.__dict__.items() if k not in _NOT_SNAPSHOT}
        )

    def _restore(self, record: UndoRecord) -> None:
        """Put back the position of ``record``; must leave ``record`` unchanged and unshared."""
        assert isinstance(record, SnapshotUndo)
        self.__dict__.update(copy.deepcopy(dict(record.attrs)))

    def _copy_position(self) -> Self:
        """A new state with this position that shares nothing that a push, pop or reveal on
        either of them changes (``history`` and the undo list are set by :meth:`copy`)."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other._restore(self._snapshot())
        return other

    def copy(self, stack: bool | int = True) -> Self:
        """An independent copy of this state (python-chess's ``Board.copy(stack=...)``).

        ``stack=True`` also copies the undo records, so the copy can :meth:`pop` as far back as
        this state can; ``stack=False`` is the cheap copy of the position for trying moves
        (``history`` is copied, but :meth:`pop` on it raises :class:`RulesError` until a move is
        pushed on it); an int keeps that many of the most recent undo records. Pushing or
        popping on either state never affects the other.
        """
        other = self._copy_position()
        other.history = list(self.history)
        if stack is True:
            other._undo = list(self._undo)
        elif stack is False or stack <= 0:
            other._undo = []
        else:
            other._undo = self._undo[-stack:]
        return other

    def clone(self) -> Self:
        """Same as :meth:`copy` (``stack=True``); kept for existing callers."""
        return self.copy()

    # ---- unknown information
    def unknowns(self) -> list[Any]:
        """Locations whose content nobody has seen yet (for a tracker to watch)."""
        return []

    def reveal(self, location: Any, value: Any) -> None:
        """Fill in an unknown at ``location`` now that it has been seen."""
        raise RevealError(f"{self.game.name} has no unknown at {location!r}")

    def reveal_to_json(self, location: Any, value: Any) -> tuple[Any, Any]:
        """How a reveal is written to the event log; games with rich types override both."""
        return _jsonable(location), _jsonable(value)

    def reveal_from_json(self, location: Any, value: Any) -> None:
        """Apply a reveal read back from the event log (inverse of :meth:`reveal_to_json`)."""
        self.reveal(_tupleize(location), value)

    # ---- scoring and checks
    @abstractmethod
    def score_breakdown(self) -> ScoreBreakdown:
        """Points so far (final points once terminal), line by line."""

    def returns(self) -> list[int]:
        return self.score_breakdown().totals()

    def status(self) -> list[str]:
        """What is wrong with a position read from outside (empty list when it is consistent)."""
        return []

    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` when an engine invariant fails (used by tests)."""
        problems = self.status()
        if problems:
            raise InvariantError("; ".join(problems))

    def describe_move(self, move: Move) -> str:
        """The move in plain words, for prompts and logs."""
        return str(move)

    def move_detail(self, move: Move) -> str:
        """What tells ``move`` apart from another move whose :meth:`describe_move` words read the
        same (a question's options must differ); by default its exact fields."""
        fields = self.game.move_codec.encode(move)
        return ", ".join(f"{k} {v}" for k, v in fields.items() if k != "type") or move.kind

    # ---- JSON
    @abstractmethod
    def _state_json(self) -> dict[str, Any]:
        """This position's own members (without game, history or schema header)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_NAME,
            "version": SCHEMA_VERSION,
            "game": self.game.name,
            "config": self.game.config(),
            "state": self._state_json(),
            "history": [self.game.move_codec.encode(m) for m in self.history],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    def __str__(self) -> str:
        return f"<{self.game.name} state after {len(self.history)} moves>"


_NOT_SNAPSHOT = frozenset({"game", "history", "_undo"})


# --------------------------------------------------------------------------- JSON loading


def load_state(data: str | bytes | Mapping[str, Any]) -> State:
    """Read a state written by :meth:`State.to_json` (any game); clear errors on bad input.

    The history is kept for reference but undo is only possible for moves pushed after loading.
    """
    from rules.registry import make_game

    try:
        if isinstance(data, str | bytes):
            data = safe_json.loads(data, "state")
        else:  # already parsed (a log header): the same bounds on depth and numbers
            safe_json.check_tree(data, "state")
    except safe_json.JsonInputError as exc:
        raise StateFormatError(str(exc)) from None
    if not isinstance(data, Mapping):
        raise StateFormatError("state must be a JSON object")
    if data.get("schema") != SCHEMA_NAME:
        raise StateFormatError(f"not a TableSight state (schema {safe_json.shown(data.get('schema'))})")
    version = data.get("version")
    if version != SCHEMA_VERSION:
        raise StateFormatError(
            f"state schema version {safe_json.shown(version)} is not supported (this build reads {SCHEMA_VERSION})"
        )
    for key in ("game", "config", "state"):
        if key not in data:
            raise StateFormatError(f"state lacks the member {key!r}")
    config = data["config"]
    if not isinstance(config, Mapping) or not isinstance(config.get("num_players"), int):
        raise StateFormatError("state config must be an object with an integer num_players")
    try:
        game = make_game(str(data["game"])[:100], **config)
    except RulesError as exc:
        raise StateFormatError(f"bad game config: {safe_json.one_line(str(exc), 300)}") from None
    inner = data["state"]
    if not isinstance(inner, Mapping):
        raise StateFormatError("state member 'state' must be an object")
    try:
        state = game.state_from_json(inner)
    except StateFormatError as exc:
        raise StateFormatError(safe_json.one_line(str(exc), 400)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
        raise StateFormatError(f"malformed {game.name} state: {type(exc).__name__}: "
                               f"{safe_json.one_line(str(exc), 300)}") from None
    history = data.get("history", [])
    if not isinstance(history, list):
        raise StateFormatError("state member 'history' must be a list")
    try:
        state.history = [game.move_codec.decode(m) for m in history]
    except InvalidMoveError as exc:
        raise StateFormatError(f"bad move in history: {safe_json.one_line(str(exc), 300)}") from None
    state._undo = []
    problems = state.status()
    if problems:
        raise StateFormatError(safe_json.one_line("inconsistent state: " + "; ".join(problems), 400))
    return state


def require(condition: bool, message: str) -> None:
    """Raise :class:`StateFormatError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise StateFormatError(message)


# --------------------------------------------------------------------------- playouts


@dataclass
class PlayoutResult:
    moves: int
    scores: list[int]
    state: State = field(repr=False)


def random_playout(
    state: State,
    rng: random.Random,
    *,
    max_moves: int = 100_000,
    check_invariants: bool = False,
) -> PlayoutResult:
    """Play uniformly random legal moves (sampling chance nodes) until the game ends."""
    moves = 0
    while not state.is_terminal():
        if moves >= max_moves:
            raise InvariantError(f"game did not end within {max_moves} moves")
        if state.is_chance_node():
            move = state.sample_chance(rng)
        else:
            legal = list(state.legal_moves())
            if not legal:
                raise InvariantError(f"no legal move for player {state.current_player()}")
            move = rng.choice(legal)
        state.push_unchecked(move)
        moves += 1
        if check_invariants:
            state.check_invariants()
    return PlayoutResult(moves=moves, scores=state.returns(), state=state)
