"""The game's append-only event log: one JSON object per line, flushed and fsynced as it happens,
each line chained to the one before it by a hash.

Why JSON lines: a crash or a pulled plug can only damage the line being written, so every
complete line before it is still good; the log is readable by people and by ``jq``; replaying it
from the first line rebuilds the exact game (the first line holds the initial state, including
the setup deal, so no seed or RNG is needed).

Why a chain (version 2): a log is also a file people copy, merge and edit. Every line carries
the game's id (``game_id``, chosen when the log is made), its sequence number (``seq``), the acting
player (``player``: the seat to move, or whose move is taken back; null where none is known),
``prev``, the SHA-256 of the previous line's bytes (git's and SQLite's model: a line that
is duplicated, reordered, dropped, edited or taken from another game no longer fits), and last
``sum``, a checksum of the line itself (so even the last line, which no later line vouches for,
is checked). Replay
checks all of them, and the engine checks each move, and stops at the first line that fails:
the rebuilt state is always an exact prefix of the game, with the line number and the reason
of the stop. Only a damaged *last* line can come from a crash (the one being written); anything
earlier means the file was altered, so a log damaged before its last line is never resumed.
The chain is an integrity check, not a signature: whoever edits a log on purpose can recompute it.

Version 1 logs (before the chain) are replayed read-only, with a warning and the same stop at
the first event that fails; they cannot be resumed (nothing would protect the lines after).

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

import hashlib
import json
import os
import re
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core import Move, RulesError, State, load_state
from rules.safe_json import JsonInputError, loads, one_line, shown

LOG_FORMAT = "tablesight.events"
LOG_VERSION = 2
LEGACY_VERSIONS = frozenset({1})
"""Versions replayed read-only (no chain); never resumed."""
STATE_CHANGING = frozenset({"move", "reveal", "undo"})
CUT_OFF = "the last line was cut off mid-write"
MAX_LINE_BYTES = 8 * 1024 * 1024
"""Longest line read (a header with a whole Open Season state is a few tens of kB)."""


class EventLogError(ValueError):
    """The log cannot be used (missing, not a TableSight log, no game line, altered before its
    last line when resuming)."""


SUM_CHARS = 16
_SUM_TAIL = re.compile(rb',"sum":"([0-9a-f]{%d})"\}$' % SUM_CHARS)


def line_sum(body: bytes) -> str:
    """The ``sum`` of a line: SHA-256 of the line as written without its ``sum`` member."""
    return hashlib.sha256(body).hexdigest()[:SUM_CHARS]


def sum_ok(raw: bytes) -> bool:
    """Whether a line's own checksum holds (it ends in ``,"sum":"..."}`` over the rest)."""
    line = raw.rstrip(b"\n")
    match = _SUM_TAIL.search(line)
    return match is not None and line_sum(line[: match.start()] + b"}") == match.group(1).decode()


def line_hash(raw: bytes) -> str:
    """The hash the next line's ``prev`` holds: SHA-256 of the line's bytes, without its newline."""
    return hashlib.sha256(raw.rstrip(b"\n")).hexdigest()


@dataclass
class LogReadResult:
    events: list[dict[str, Any]]
    damaged_line: int | None = None
    """1-based number of the first unreadable line (the log is used up to the line before)."""
    damage: str = ""
    hashes: list[str] = field(default_factory=list)
    """:func:`line_hash` of each line in ``events``."""
    sums: list[bool] = field(default_factory=list)
    """:func:`sum_ok` of each line in ``events``."""
    lines: int = 0
    """Lines in the file, the damaged ones included (a cut-off last line counts)."""

    @property
    def damaged(self) -> bool:
        return self.damaged_line is not None


def read_events(path: str | os.PathLike[str]) -> LogReadResult:
    """Read every complete event; stop at the first damaged line and say where and why. The
    lines are not checked against each other here (:func:`replay` does that)."""
    path = Path(path)
    if not path.is_file():
        raise EventLogError(f"no event log at {path}")
    events: list[dict[str, Any]] = []
    hashes: list[str] = []
    sums: list[bool] = []
    result: LogReadResult | None = None
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise EventLogError(f"cannot read the event log {path}: {exc.strerror or exc}") from None
    with fh:
        number = 0
        while True:
            raw = fh.readline(MAX_LINE_BYTES + 1)
            if not raw:
                break
            number += 1
            long_line = len(raw) > MAX_LINE_BYTES
            while long_line and raw and not raw.endswith(b"\n"):  # skip the rest of a too long line
                raw = fh.readline(MAX_LINE_BYTES + 1)
            if result is not None:
                continue  # after the damage: only counting the lines
            if long_line:
                result = LogReadResult(events, number, f"line {number} is longer than {MAX_LINE_BYTES} bytes")
            elif not raw.endswith(b"\n"):
                result = LogReadResult(events, number, CUT_OFF)
            else:
                try:
                    event = loads(raw, f"line {number}", max_bytes=MAX_LINE_BYTES)
                except JsonInputError as exc:
                    result = LogReadResult(events, number, str(exc))
                    continue
                if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                    result = LogReadResult(events, number, f"line {number} is not an event object")
                    continue
                events.append(event)
                hashes.append(line_hash(raw))
                sums.append(sum_ok(raw))
    if result is None:
        result = LogReadResult(events)
    result.hashes = hashes
    result.sums = sums
    result.lines = number
    return result


@dataclass
class ReplayResult:
    state: State
    events: list[dict[str, Any]]
    """The events replayed (the header and every event before the stop)."""
    players: list[str] = field(default_factory=list)
    damaged_line: int | None = None
    """The first line that was not used (unreadable, or failing a check); None: all were used."""
    damage: str = ""
    """Why replay stopped at ``damaged_line``."""
    lines: int = 0
    """Lines in the file."""
    legacy: bool = False
    """A version 1 log: no chain, read-only."""
    game_id: str = ""

    @property
    def crash_tail(self) -> bool:
        """The last line was cut off mid-write: what a crash leaves (a normal end, no warning)."""
        return self.resumable and self.damaged_line is not None and self.damage == CUT_OFF

    @property
    def resumable(self) -> bool:
        """Nothing, or only the last line, is unusable: resuming cuts that line off (and says
        so). A problem before the last line means the file was altered: never resumed."""
        return self.damaged_line is None or self.damaged_line == self.lines

    @property
    def problems(self) -> list[str]:
        """The integrity failure, when the log was altered (empty for a clean log or a crash tail)."""
        if self.damaged_line is None or self.crash_tail:
            return []
        return [self.damage]

    @property
    def skipped_lines(self) -> int:
        return 0 if self.damaged_line is None else self.lines - self.damaged_line + 1


class _Stop(Exception):
    """One line fails a check: replay stops there."""


def _header(path: Path, read: LogReadResult) -> tuple[dict[str, Any], bool]:
    if not read.events:
        raise EventLogError(f"{path} holds no complete event ({read.damage or 'empty file'})")
    header = read.events[0]
    if header.get("type") != "game" or header.get("format") != LOG_FORMAT:
        raise EventLogError(f"{path} is not a TableSight event log (first line is not a game event)")
    version = header.get("version")
    if version != LOG_VERSION and version not in LEGACY_VERSIONS:
        raise EventLogError(f"{path}: log version {shown(version)} is not supported")
    legacy = version != LOG_VERSION
    if legacy and ("sum" in header or "game_id" in header):
        raise EventLogError(f"{path}: line 1 (the header) is damaged: it says version {shown(version)} but "
                            f"carries version {LOG_VERSION}'s integrity chain")
    if not legacy:
        game_id = header.get("game_id")
        if not isinstance(game_id, str) or not 8 <= len(game_id) <= 64:
            raise EventLogError(f"{path}: the header has no valid game_id ({shown(game_id)})")
        if header.get("seq") != 0:
            raise EventLogError(f"{path}: the header's seq is {shown(header.get('seq'))}, not 0")
        if not read.sums[0]:
            raise EventLogError(f"{path}: line 1 (the header) is damaged: its checksum does not match")
    return header, legacy


def _check_links(event: Mapping[str, Any], number: int, game_id: str, prev: str, legacy: bool,
                 intact: bool) -> None:
    """The line itself (its checksum) and its place in the log: game id, sequence number, hash
    of the line before."""
    seq = event.get("seq")
    if legacy:
        if "seq" in event and seq != number - 1:
            raise _Stop(f"line {number}: seq {shown(seq)} where {number - 1} was expected (a line duplicated, "
                        "dropped or moved)")
        return
    if not intact:
        raise _Stop(f"line {number}: damaged (its checksum does not match its content)")
    if event.get("game_id") != game_id:
        raise _Stop(f"line {number}: belongs to another game (game_id {shown(event.get('game_id'))}, "
                    f"this log's is {game_id})")
    if event.get("type") == "game":
        raise _Stop(f"line {number}: a second game header")
    if seq != number - 1:
        raise _Stop(f"line {number}: seq {shown(seq)} where {number - 1} was expected (a line duplicated, "
                    "dropped or moved)")
    if event.get("prev") != prev:
        raise _Stop(f"line {number}: does not follow line {number - 1} (its prev hash {shown(event.get('prev'))} "
                    "is not that line's; the lines were edited, reordered or spliced)")


def _check_player(state: State, event: Mapping[str, Any], number: int, before: int) -> None:
    """The logged acting player is the engine's (a move: the seat to move before it; others:
    the seat to move after the event; null: not said, except for a move)."""
    kind = event.get("type")
    player = event.get("player")
    if kind == "move":
        if "player" in event and player != before:
            raise _Stop(f"line {number}: the move is logged for player {shown(player)}, but it is player "
                        f"{before}'s turn")
        return
    if player is not None and player != state.current_player():
        raise _Stop(f"line {number}: the {kind} event is logged for player {shown(player)}, but the game "
                    f"has player {state.current_player()} to move")


def replay(path: str | os.PathLike[str]) -> ReplayResult:
    """Rebuild the game from its log, checking every line; stop at the first one that fails
    (``damaged_line`` and ``damage`` say which and why; the state is the game up to the line
    before). Raises :class:`EventLogError` only when there is no game to rebuild at all."""
    path = Path(path)
    read = read_events(path)
    header, legacy = _header(path, read)
    try:
        state = load_state(header["initial_state"])
    except (KeyError, RulesError) as exc:
        raise EventLogError(f"{path}: the initial state cannot be read: {one_line(str(exc), 300)}") from None
    if header.get("game") not in (None, state.game.name):
        raise EventLogError(f"{path}: the header names the game {shown(header.get('game'))}, but its initial "
                            f"state is {state.game.name}")
    state.history = []
    game_id = "" if legacy else str(header["game_id"])
    players = header.get("players", [])
    result = ReplayResult(
        state=state,
        events=read.events,
        players=[str(p)[:100] for p in players] if isinstance(players, list) else [],
        damaged_line=read.damaged_line,
        damage=read.damage,
        lines=read.lines,
        legacy=legacy,
        game_id=game_id,
    )
    for number, event in enumerate(read.events[1:], start=2):
        try:
            _check_links(event, number, game_id, read.hashes[number - 2], legacy, read.sums[number - 1])
            before = state.current_player()
            try:
                apply_event(state, event)
            except (RulesError, KeyError, TypeError, ValueError) as exc:
                raise _Stop(f"line {number} ({str(event.get('type'))[:40]}): {one_line(str(exc), 300)}") from None
            _check_player(state, event, number, before)
        except _Stop as stop:
            result.events = read.events[: number - 1]
            result.damaged_line = number
            result.damage = str(stop)
            # the state must be the prefix: rebuild it without the failing line (an event that
            # failed half-way, or a player check after applying, may have changed it)
            result.state = _rebuild(header, read.events[1: number - 1])
            break
    return result


def _rebuild(header: Mapping[str, Any], events: list[dict[str, Any]]) -> State:
    state = load_state(header["initial_state"])
    state.history = []
    for event in events:
        apply_event(state, event)
    return state


def apply_event(state: State, event: Mapping[str, Any]) -> None:
    """Apply one state-changing event; other events leave the state alone."""
    kind = event["type"]
    if kind == "move":
        state.push(state.game.move_codec.decode(event["move"]))
    elif kind == "reveal":
        state.reveal_from_json(event["location"], event["value"])
    elif kind == "undo":
        if not state.history:
            raise RulesError("there is no move to take back")
        state.pop()


class EventLog:
    """Appends events durably, each chained to the one before. Opening an existing log replays
    it first (every check of :func:`replay`): a damaged *last* line (what a crash leaves) is cut
    off and kept aside in ``<log>.damaged`` so that new lines never merge into it
    (``recovered_from`` says why it was cut); a log damaged before its last line, or a version 1
    log, is refused with :class:`EventLogError`, since appending would bury the problem."""

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = True) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.recovered_from: str = ""
        self.skipped_line: int | None = None
        """The line cut off when the log was opened (None: nothing was cut)."""
        self.game_id = ""
        self._seq = 0
        self._prev = ""
        if _has_content(self.path):
            self._open_existing()
        try:
            self._fh = self.path.open("ab")
        except OSError as exc:
            raise EventLogError(f"cannot write the event log {self.path}: {exc.strerror or exc}") from None

    def _open_existing(self) -> None:
        result = replay(self.path)
        if result.legacy:
            raise EventLogError(f"{self.path} is a version 1 log, written before logs carried an integrity chain: "
                                "it can be replayed (read-only) but not resumed")
        if result.damaged_line is not None:
            if not result.resumable:
                raise EventLogError(f"{self.path}: {result.damage}; {result.skipped_lines - 1} more line(s) follow "
                                    f"it, so this is not a crash: the log was altered and is not resumed "
                                    f"(replay shows the game up to line {result.damaged_line - 1})")
            self._cut_tail(len(result.events))
            self.recovered_from = result.damage
            self.skipped_line = result.damaged_line
        read = read_events(self.path)
        self.game_id = result.game_id
        self._seq = len(read.events)
        self._prev = read.hashes[-1]

    def _cut_tail(self, keep_lines: int) -> None:
        """Move everything after the first ``keep_lines`` lines to ``<log>.damaged``."""
        data = self.path.read_bytes()
        keep = 0
        for _ in range(keep_lines):  # byte offset just after the last good line
            keep = data.index(b"\n", keep) + 1
        aside = Path(str(self.path) + ".damaged")
        try:
            aside.write_bytes(data[keep:])
            with self.path.open("r+b") as fh:
                fh.truncate(keep)
        except OSError as exc:
            raise EventLogError(f"cannot cut the damaged last line of {self.path} ({exc.strerror or exc})") from None

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
        """Start a new log for ``state`` (refuses to overwrite an existing log, or to write
        anything but a regular file)."""
        path = Path(path)
        if path.exists() and (not path.is_file() or _has_content(path)):
            what = "is not a regular file" if not path.is_file() else "already exists; resume it or choose another file"
            raise EventLogError(f"{path} {what}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise EventLogError(f"cannot make the folder of {path}: {exc.strerror or exc}") from None
        log = cls(path, fsync=fsync)
        log.game_id = uuid.uuid4().hex
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

    def append(self, type_: str, **payload: Any) -> dict[str, Any]:
        """Write one event (``player``: the acting seat; omitted, it is logged as null)."""
        event: dict[str, Any] = {"seq": self._seq, "time": round(time.time(), 3), "type": type_,
                                 "game_id": self.game_id}
        if self._seq:
            event["prev"] = self._prev
        if type_ != "game":
            event["player"] = payload.pop("player", None)
        event.update(payload)
        event.pop("sum", None)
        body = json.dumps(event, separators=(",", ":"), sort_keys=False, allow_nan=False).encode()
        event["sum"] = line_sum(body)
        line = body[:-1] + b',"sum":"' + event["sum"].encode() + b'"}'
        self._fh.write(line + b"\n")
        self._fh.flush()
        if self.fsync:
            os.fsync(self._fh.fileno())
        self._seq += 1
        self._prev = line_hash(line)
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
        return self.append("reveal", player=state.current_player(), location=loc, value=val)

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> EventLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _has_content(path: Path) -> bool:
    """Whether ``path`` holds anything (st_size is 0 for /proc files that do hold text)."""
    if not path.exists():
        return False
    if not path.is_file():
        return True
    try:
        with path.open("rb") as fh:
            return bool(fh.read(1))
    except OSError:
        return True


def event_line(event: Mapping[str, Any]) -> str:
    """One event as a line of plain text (whatever a hand-edited line holds, each value is cut
    short)."""
    kind = event.get("type")
    text = event.get("text") or event.get("reason") or event.get("question") or ""
    if kind == "game":
        players = event.get("players")
        names = ", ".join(str(p)[:100] for p in players) if isinstance(players, list) else ""
        text = f"{str(event.get('game'))[:100]} with {names or 'no names'}"
    elif kind == "reveal":
        text = f"{shown(event.get('location'), 100)} shows {shown(event.get('value'), 100)}".replace("'", "")
    seq = event.get("seq", "?")
    seq_text = str(seq) if isinstance(seq, int) and not isinstance(seq, bool) else "?"
    return f"{seq_text[:20]:>4}  {str(kind)[:20]:<8} {' '.join(str(text).split())[:300]}"


def iter_readable(path: str | os.PathLike[str]) -> Iterator[str]:
    """Each readable event as one line of plain text, for the History screen (``tablesight
    replay`` shows only the events it replayed, :func:`event_line`)."""
    for event in read_events(path).events:
        yield event_line(event)
