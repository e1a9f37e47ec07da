"""The game's append-only event log: one JSON object per line, flushed and fsynced as it happens.

Why JSON lines: a crash or a pulled plug can only damage the line being written, so every
complete line before it is still good; the log is readable by people and by ``jq``; replaying it
from the first line rebuilds the exact game (the first line holds the initial state, including
the setup deal, so no seed or RNG is needed).

Event types:

* ``game``     first line: game name, config, initial state (``State.to_json``), players' names
* ``move``     a confirmed move (the move's JSON, who made it, the plain-words description)
* ``reveal``   an unknown filled in from what the camera saw
* ``undo``     the last confirmed move was taken back
* ``question`` / ``answer``   a question put to the players and their answer
* ``illegal``  an observation that no legal move explains (the state does not change)
* ``note``     anything else worth keeping (camera lost, calibration re-estimated ...)
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core import Move, RulesError, State, load_state

LOG_FORMAT = "tablesight.events"
LOG_VERSION = 1
STATE_CHANGING = frozenset({"move", "reveal", "undo"})


class EventLogError(ValueError):
    """The log cannot be used at all (missing, not a TableSight log, no game line)."""


@dataclass
class LogReadResult:
    events: list[dict[str, Any]]
    damaged_line: int | None = None
    """1-based number of the first unreadable line (the log is used up to the line before)."""
    damage: str = ""

    @property
    def damaged(self) -> bool:
        return self.damaged_line is not None


def read_events(path: str | os.PathLike[str]) -> LogReadResult:
    """Read every complete event; stop at the first damaged line and say where and why."""
    path = Path(path)
    if not path.is_file():
        raise EventLogError(f"no event log at {path}")
    events: list[dict[str, Any]] = []
    with path.open("rb") as fh:
        for number, raw in enumerate(fh, start=1):
            if not raw.endswith(b"\n"):
                return LogReadResult(events, number, "the last line was cut off mid-write")
            try:
                event = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                return LogReadResult(events, number, f"line {number} is not valid JSON ({exc})")
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                return LogReadResult(events, number, f"line {number} is not an event object")
            events.append(event)
    return LogReadResult(events)


@dataclass
class ReplayResult:
    state: State
    events: list[dict[str, Any]]
    players: list[str] = field(default_factory=list)
    damaged_line: int | None = None
    damage: str = ""
    problems: list[str] = field(default_factory=list)
    """Events that could not be applied (each skipped; the state stays legal)."""


def replay(path: str | os.PathLike[str]) -> ReplayResult:
    """Rebuild the game from its log. Never raises on a damaged tail: it replays what is good."""
    read = read_events(path)
    if not read.events:
        raise EventLogError(f"{path} holds no complete event ({read.damage or 'empty file'})")
    header = read.events[0]
    if header.get("type") != "game" or header.get("format") != LOG_FORMAT:
        raise EventLogError(f"{path} is not a TableSight event log (first line is not a game event)")
    if header.get("version") != LOG_VERSION:
        raise EventLogError(f"{path}: log version {header.get('version')!r} is not supported")
    try:
        state = load_state(header["initial_state"])
    except (KeyError, RulesError) as exc:
        raise EventLogError(f"{path}: the initial state cannot be read: {exc}") from None
    state.history = []
    result = ReplayResult(
        state=state,
        events=read.events,
        players=list(header.get("players", [])),
        damaged_line=read.damaged_line,
        damage=read.damage,
    )
    for number, event in enumerate(read.events[1:], start=2):
        try:
            apply_event(state, event)
        except (RulesError, KeyError, TypeError) as exc:
            result.problems.append(f"line {number} ({event.get('type')}): {exc}")
    return result


def apply_event(state: State, event: Mapping[str, Any]) -> None:
    """Apply one state-changing event; other events leave the state alone."""
    kind = event["type"]
    if kind == "move":
        state.push(state.game.move_codec.decode(event["move"]))
    elif kind == "reveal":
        state.reveal_from_json(event["location"], event["value"])
    elif kind == "undo":
        state.pop()


class EventLog:
    """Appends events durably. Opening an existing log first cuts off a damaged tail (kept
    aside in ``<log>.damaged``) so that new lines never merge into a half-written one."""

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = True) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.recovered_from: str = ""
        if self.path.exists():
            self._cut_damaged_tail()
        self._seq = len(read_events(self.path).events) if self.path.exists() else 0
        self._fh = self.path.open("ab")

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        state: State,
        players: list[str] | None = None,
        *,
        fsync: bool = True,
        **extra: Any,
    ) -> EventLog:
        """Start a new log for ``state`` (refuses to overwrite an existing log)."""
        path = Path(path)
        if path.exists() and path.stat().st_size > 0:
            raise EventLogError(f"{path} already exists; resume it or choose another file")
        path.parent.mkdir(parents=True, exist_ok=True)
        log = cls(path, fsync=fsync)
        log.append(
            "game",
            format=LOG_FORMAT,
            version=LOG_VERSION,
            game=state.game.name,
            config=state.game.config(),
            players=players or [],
            initial_state=state.to_json(),
            **extra,
        )
        return log

    def _cut_damaged_tail(self) -> None:
        read = read_events(self.path)
        if not read.damaged:
            return
        data = self.path.read_bytes()
        keep = 0
        for _ in read.events:  # byte offset just after the last good line
            keep = data.index(b"\n", keep) + 1
        Path(str(self.path) + ".damaged").write_bytes(data[keep:])
        with self.path.open("r+b") as fh:
            fh.truncate(keep)
        self.recovered_from = read.damage

    def append(self, type_: str, **payload: Any) -> dict[str, Any]:
        event = {"seq": self._seq, "time": round(time.time(), 3), "type": type_, **payload}
        line = json.dumps(event, separators=(",", ":"), sort_keys=False).encode() + b"\n"
        self._fh.write(line)
        self._fh.flush()
        if self.fsync:
            os.fsync(self._fh.fileno())
        self._seq += 1
        return event

    def move(self, state: State, move: Move) -> dict[str, Any]:
        """Log a move about to be (or just) confirmed on ``state``."""
        return self.append(
            "move",
            player=state.current_player(),
            move=state.game.move_codec.encode(move),
            text=state.describe_move(move),
        )

    def reveal(self, state: State, location: Any, value: Any) -> dict[str, Any]:
        loc, val = state.reveal_to_json(location, value)
        return self.append("reveal", location=loc, value=val)

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> EventLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def iter_readable(path: str | os.PathLike[str]) -> Iterator[str]:
    """Each event as one line of plain text, for ``tablesight replay`` and the History screen."""
    for event in read_events(path).events:
        kind = event.get("type")
        text = event.get("text") or event.get("reason") or event.get("question") or ""
        if kind == "game":
            text = f"{event.get('game')} with {', '.join(event.get('players', [])) or 'no names'}"
        elif kind == "reveal":
            text = f"{event.get('location')} shows {event.get('value')}"
        yield f"{event.get('seq', '?'):>4}  {kind:<8} {text}"
