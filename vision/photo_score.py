"""Scoring a finished table from one photo: the result every game's reader returns, and the
registry that finds a game's reader (``tablesight score`` knows no game itself).

A game adds its part with one function ``score_photo(image_bgr, request) -> PhotoScore`` and one
line in :data:`SCORERS` ("module:function", imported only when that game is asked for).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

SCORERS: dict[str, str] = {
    "octocube": "vision.octocube.score_photo:score_photo",
    "open_season": "vision.open_season.score_photo:score_photo",
}
"""Game name -> "module:function" of its photo scorer."""


class PhotoScoreError(ValueError):
    """The photo cannot be scored (no markers, a board cut off, not a table): one line, no score."""


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


ScoreFunction = Callable[[np.ndarray, ScoreRequest], PhotoScore]


def scorer(game: str) -> ScoreFunction:
    """The photo scorer of ``game``; PhotoScoreError naming the games that have one."""
    target = SCORERS.get(game)
    if target is None:
        raise PhotoScoreError(f"scoring from a photo is not available for {game!r} yet "
                              f"(available: {', '.join(sorted(SCORERS))})")
    module, name = target.split(":")
    fn: ScoreFunction = getattr(importlib.import_module(module), name)
    return fn
