"""Scoring a finished table from one photo: the result every game's reader returns, and the
registry that finds a game's reader (``tablesight score`` knows no game itself).

A game adds its part with one function ``score_photo(image_bgr, request) -> PhotoScore`` and one
line in :data:`SCORERS` ("module:function", imported only when that game is asked for).

Answering the doubts scores the same photo again: ``score_photo`` is two steps, ``read_photo``
(the photo -> a :class:`PhotoReading`, three quarters of the time) and ``score_reading`` (a reading
and the players' answers -> the score), each game's pair named in :data:`READERS` and
:data:`RESCORERS`. The app and ``tablesight score``'s prompt keep the reading of the photo they
score and re-score from it after each answer (session 75). A reading carries the request it was
read with (only the answers change) and a print of the readers' switches (:func:`switch_print`),
so that a switch changed since (a test's off control) refuses it (:class:`StaleReadingError`)
instead of answering from the old switch.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

import numpy as np

SCORERS: dict[str, str] = {
    "octocube": "vision.octocube.score_photo:score_photo",
    "open_season": "vision.open_season.score_photo:score_photo",
}
"""Game name -> "module:function" of its photo scorer."""
READERS: dict[str, str] = {
    "octocube": "vision.octocube.score_photo:read_photo",
    "open_season": "vision.open_season.score_photo:read_photo",
}
"""Game name -> "module:function" reading a photo once (``score_photo``'s first step)."""
RESCORERS: dict[str, str] = {
    "octocube": "vision.octocube.score_photo:score_reading",
    "open_season": "vision.open_season.score_photo:score_reading",
}
"""Game name -> "module:function" scoring a kept reading with answers (``score_photo``'s second step)."""
RESCORE_FROM_KEPT_READING = True
"""The app's "score again" and ``tablesight score``'s prompt re-score the photo's kept reading with
the answers (session 75: the reading is ~75 % of a score, 0.6-1.5 CPU s on an Open Season table).
False: every re-score reads the photo again, as before (the off control of the tests counting
reads)."""
SWITCH_MODULES: tuple[str, ...] = ("vision.", "calibration.")
"""The packages whose switches a reading depends on: every photo reader and its calibration
live there (the rules, which only score, are read anew by every ``score_reading``)."""


class PhotoScoreError(ValueError):
    """The photo cannot be scored (no markers, a board cut off, not a table): one line, no score."""


class StaleReadingError(ValueError):
    """A kept reading whose readers' switches changed since it was read: read the photo again."""


@dataclass(frozen=True)
class ScoreRequest:
    players: int
    mode: str = "standard"
    profile: Any = None
    """A calibration Profile (lens intrinsics, colour) or None (markers only)."""
    seats: tuple[str, ...] | None = None
    """Player colours in seat order when the table is not laid out the usual way."""
    answers: dict[str, int] = field(default_factory=dict)
    """Counts (or option numbers, from 1) the players gave for doubts (by the doubt's ``key``):
    read as certain."""
    pack: Any = None
    """A taught copy (vision.pack.Pack) to read the components by; None: the built-in art."""
    options: dict[str, Any] = field(default_factory=dict)
    """Per-game options the photo cannot show (Open Season: ``side`` "horn"/"shield",
    ``expert`` True/False); a game ignores those it has no use for."""


@dataclass(frozen=True)
class Doubt:
    key: str
    """Stable id of the doubtful reading, e.g. "board red white starfish"."""
    question: str
    """What to ask the players, in words."""
    read: int
    """The count used in the score."""
    low: int
    high: int
    """The counts the photo cannot rule out (None-free: a covered area gives its plausible span)."""
    score_range: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Player colour -> (lowest, highest) total over low..high, for the players it moves."""

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "question": self.question, "read": self.read,
                "range": [self.low, self.high],
                "score_range": {c: list(r) for c, r in self.score_range.items()}}


@dataclass(frozen=True)
class PlayerScore:
    seat: int
    colour: str
    total: int
    lines: tuple[tuple[str, int, str], ...]
    """(category, points, reason)."""
    total_range: tuple[int, int] | None = None
    """Lowest and highest total the photo allows with every doubt open at once (None: the
    total is read for sure)."""

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.total_range or (self.total, self.total)
        return {"seat": self.seat, "colour": self.colour, "total": self.total,
                "range": [lo, hi],
                "lines": [{"category": c, "points": p, "reason": r} for c, p, r in self.lines]}


@dataclass(frozen=True)
class PhotoScore:
    game: str
    players: tuple[PlayerScore, ...]
    winner: tuple[str, ...]
    tie_break: str
    doubts: tuple[Doubt, ...] = ()
    notes: tuple[str, ...] = ()
    reading: dict[str, Any] = field(default_factory=dict)
    """What was read, per seat (game-specific), for benches and the app."""
    timings_ms: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": [p.to_json() for p in self.players],
                "winner": list(self.winner), "tie_break": self.tie_break,
                "doubts": [d.to_json() for d in self.doubts], "notes": list(self.notes),
                "reading": self.reading}


SwitchPrint = tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]


@dataclass(frozen=True, eq=False)
class PhotoReading:
    """What one photo shows, read once with ``request`` (its answers aside): scored again with
    each set of answers by :func:`score_reading`, never changed by it."""

    game: str
    request: ScoreRequest
    """The request the photo was read with; a re-score changes its answers only."""
    seen: Any
    """The game's own reading (seats, piles, questions), read-only for the scorer."""
    notes: tuple[str, ...] = ()
    timings_ms: dict[str, float] = field(default_factory=dict)
    switches: SwitchPrint = ()
    """:func:`switch_print` when the photo was read."""


ScoreFunction = Callable[[np.ndarray, ScoreRequest], PhotoScore]
ReadFunction = Callable[[np.ndarray, ScoreRequest], PhotoReading]
RescoreFunction = Callable[[PhotoReading, ScoreRequest], PhotoScore]


def _lookup(table: dict[str, str], game: str) -> Any:
    target = table.get(game)
    if target is None:
        raise PhotoScoreError(f"scoring from a photo is not available for {game!r} yet "
                              f"(available: {', '.join(sorted(table))})")
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


def scorer(game: str) -> ScoreFunction:
    """The photo scorer of ``game``; PhotoScoreError naming the games that have one."""
    fn: ScoreFunction = _lookup(SCORERS, game)
    return fn


def reader(game: str) -> ReadFunction:
    """``game``'s first step: a photo -> its :class:`PhotoReading` (PhotoScoreError as ``scorer``)."""
    fn: ReadFunction = _lookup(READERS, game)
    return fn


def score_reading(reading: PhotoReading, answers: dict[str, int]) -> PhotoScore:
    """The score of a kept reading with ``answers`` (the players' counts and options by doubt key):
    what ``score_photo(photo, request with answers)`` gives, without reading the photo again.
    :class:`StaleReadingError` when a reader's switch changed since the photo was read."""
    fn: RescoreFunction = _lookup(RESCORERS, reading.game)
    return fn(reading, replace(reading.request, answers=dict(answers)))


def check_current(reading: PhotoReading, game: str) -> None:
    """A game's ``score_reading`` takes only its own game's readings, read under the switches
    that hold now (:class:`StaleReadingError` otherwise)."""
    if reading.game != game:
        raise ValueError(f"a reading of {reading.game!r} given to {game!r}'s scorer")
    if not reading_is_current(reading):
        raise StaleReadingError("the readers' settings changed since this photo was read: read it again")


def switch_print(modules: tuple[str, ...] | None = None) -> SwitchPrint:
    """Every switch the photo readers may read, as it stands, per module: each global of each
    loaded module of :data:`SWITCH_MODULES` (or of ``modules``, by name) -- a constant (upper-case)
    by its value, anything else by identity -- and each attribute of the classes defined there, so
    that a test's ``monkeypatch`` of any of them tells a reading made before it. Those modules
    reassign no global at run time (no ``global`` statement): a cache filled in place keeps its
    identity. A module imported after the reading is no part of its print."""
    names = sorted(n for n in sys.modules if n.startswith(SWITCH_MODULES)) if modules is None else modules
    return tuple((name, _module_print(sys.modules.get(name))) for name in names)


def reading_is_current(reading: PhotoReading) -> bool:
    """Whether every switch the reading's modules held when it was read still holds."""
    return switch_print(tuple(name for name, _ in reading.switches)) == reading.switches


def _module_print(module: ModuleType | None) -> tuple[tuple[str, Any], ...]:
    if module is None:
        return ()
    out: list[tuple[str, Any]] = []
    for attr, value in list(vars(module).items()):
        if attr.startswith("__"):
            continue
        out.append((attr, _switch_value(value) if attr.isupper() else _identity(value)))
        if isinstance(value, type) and value.__module__ == module.__name__:
            for key, member in list(vars(value).items()):
                if not key.startswith("__"):
                    out.append((f"{attr}.{key}", _switch_value(member) if key.isupper() else _identity(member)))
    return tuple(out)


def _identity(value: Any) -> Any:
    if isinstance(value, (bool, int, float, str, bytes, type(None))):
        return value
    if isinstance(value, ModuleType):
        return value.__name__
    return id(value)


def _switch_value(value: Any) -> Any:
    if isinstance(value, (bool, int, float, str, bytes, type(None))):
        return value
    if isinstance(value, (tuple, frozenset, list, dict, set)):
        try:
            return (type(value).__name__, repr(value))
        except Exception:
            return id(value)
    if isinstance(value, ModuleType):
        return value.__name__
    return id(value)
