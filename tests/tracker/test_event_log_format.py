"""The event log's exact format and messages: sequence numbers across a resume, the header, the
fields of each event, compact lines, fsync, and every 'cannot use this log' message.

These pin behaviour that mutation testing found unchecked (docs/testing.md); the crash-safety
tests are in test_event_log.py."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

import tracker.event_log as event_log
from rules import registry
from tests.rules.toy_game import Bank, RaceGame, RaceState, Roll
from tracker.event_log import EventLog, EventLogError, iter_readable, read_events, replay


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_CLASSES, "race", "tests.rules.toy_game:RaceGame")


def _log_moves(log: EventLog, state, moves) -> None:
    for move in moves:
        log.move(state, move)
        state.push(move)


def test_sequence_numbers_run_on_across_a_resume(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    state = RaceGame(2).new_initial_state()
    with EventLog.create(path, state, ["Ann", "Bob"], fsync=False) as log:
        _log_moves(log, state, [Roll(3), Bank()])
    with EventLog(path, fsync=False) as log:  # the app restarted: the log is resumed
        _log_moves(log, state, [Roll(5), Bank()])
        log.append("note", text="camera lost")
    events = read_events(path).events
    assert [e["seq"] for e in events] == list(range(6))
    # and a resume after a crash mid-line continues after the last complete event
    path.write_bytes(path.read_bytes()[:-3])
    with EventLog(path, fsync=False) as log:
        event = log.append("note", text="resumed")
    assert event["seq"] == 5
    assert [e["seq"] for e in read_events(path).events] == list(range(6))


def test_a_new_log_starts_at_zero_with_a_full_header(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "game.jsonl"  # missing folders are made
    state = RaceGame(3).new_initial_state()
    with EventLog.create(path, state, ["Ann", "Bob", "Cy"], fsync=False, source="demo", seed=4) as log:
        assert log.recovered_from == ""
    (header,) = read_events(path).events
    assert header["seq"] == 0 and header["type"] == "game"
    assert header["format"] == "tablesight.events" and header["version"] == 2
    assert isinstance(header["game_id"], str) and len(header["game_id"]) == 32 and "prev" not in header
    assert header["game"] == "race" and header["config"] == state.game.config()
    assert header["players"] == ["Ann", "Bob", "Cy"] and header["initial_state"] == state.to_json()
    assert header["source"] == "demo" and header["seed"] == 4
    assert list(header)[:3] == ["seq", "time", "type"]  # the order people read them in


def test_create_accepts_an_empty_file_but_not_a_used_one(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    EventLog.create(empty, RaceGame(2).new_initial_state(), fsync=False).close()
    assert read_events(empty).events[0]["type"] == "game"
    one_byte = tmp_path / "one.jsonl"
    one_byte.write_bytes(b"\n")
    with pytest.raises(EventLogError, match="already exists; resume it or choose another file"):
        EventLog.create(one_byte, RaceGame(2).new_initial_state())


def test_each_line_is_compact_json_with_a_millisecond_time(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    state = RaceGame(2).new_initial_state()
    before = time.time()
    with EventLog.create(path, state, fsync=False) as log:
        event = log.move(state, Roll(4))
    after = time.time()
    line = path.read_bytes().splitlines()[1]
    assert line == json.dumps(event, separators=(",", ":")).encode()
    assert line.startswith(b'{"seq":1,"time":') and b", " not in line and b'": ' not in line
    assert before - 0.001 <= event["time"] <= after + 0.001 and round(event["time"], 3) == event["time"]
    assert event["type"] == "move" and event["player"] == state.current_player() == -1  # chance: the die
    assert event["move"] == {"type": "roll", "value": 4} and event["text"] == state.describe_move(Roll(4))
    assert event["text"] and "4" in event["text"]


def test_fsync_is_called_for_every_event_unless_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = os.fsync

    def counting_fsync(fd: int) -> None:
        calls.append(fd)
        real(fd)

    monkeypatch.setattr(event_log.os, "fsync", counting_fsync)
    state = RaceGame(2).new_initial_state()
    log = EventLog.create(tmp_path / "a.jsonl", state)  # fsync is the default
    assert log.fsync is True
    log.append("note", text="x")
    log.close()
    assert len(calls) == 2 and all(isinstance(fd, int) for fd in calls)
    calls.clear()
    log = EventLog.create(tmp_path / "b.jsonl", state, fsync=False)
    log.append("note", text="x")
    log.close()
    assert calls == [] and log.fsync is False


def test_reveal_and_undo_events_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    state = RaceGame(2).new_initial_state()
    with EventLog.create(path, state, fsync=False) as log:
        _log_moves(log, state, [Roll(2), Bank()])
        event = log.reveal(state, "bonus", 7)
        _log_moves(log, state, [Roll(6)])
        log.append("undo")
    assert event["type"] == "reveal" and event["location"] == "bonus" and event["value"] == 7
    result = replay(path)
    assert isinstance(result.state, RaceState)
    assert result.state.bonus == 7
    assert result.state.pending is None and result.state.scores == [2, 0]  # Roll(6) was taken back
    assert len(result.state.history) == 2 and result.problems == []


def test_damaged_tail_is_kept_aside_exactly(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    state = RaceGame(2).new_initial_state()
    with EventLog.create(path, state, fsync=False) as log:
        _log_moves(log, state, [Roll(2), Bank()])
    good = path.read_bytes()
    path.write_bytes(good + b'{"seq":3,"ty')
    log = EventLog(path, fsync=False)
    log.close()
    assert log.recovered_from == "the last line was cut off mid-write"
    assert path.read_bytes() == good
    assert (tmp_path / "game.jsonl.damaged").read_bytes() == b'{"seq":3,"ty'


def test_read_events_says_where_and_why_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    ok = b'{"type":"game"}\n{"type":"note"}\n'
    cases = {
        b'{"type":"note"': (3, "the last line was cut off mid-write"),
        b"{oops\n": (3, "line 3 is not valid JSON ("),
        b"[1, 2]\n": (3, "line 3 is not an event object"),
        b'{"kind":"move"}\n': (3, "line 3 is not an event object"),
        b'{"type":7}\n': (3, "line 3 is not an event object"),
    }
    for tail, (line, damage) in cases.items():
        after = b'{"type":"note"}\n' if tail.endswith(b"\n") else b""  # a cut line is the last
        path.write_bytes(ok + tail + after)
        read = read_events(path)
        assert [e["type"] for e in read.events] == ["game", "note"], tail
        assert read.damaged and read.damaged_line == line and read.damage.startswith(damage), (tail, read.damage)
    path.write_bytes(ok)
    read = read_events(path)
    assert not read.damaged and read.damaged_line is None and read.damage == ""


def _log_with_header(tmp_path: Path, **header: object) -> Path:
    state = RaceGame(2).new_initial_state()
    base = {"type": "game", "format": "tablesight.events", "version": 1, "game": "race",
            "initial_state": state.to_json(), "players": ["Ann", "Bob"]}
    base.update(header)
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps({k: v for k, v in base.items() if v is not None}) + "\n")
    return path


def test_replay_refuses_what_it_cannot_use_with_the_reason(tmp_path: Path) -> None:
    with pytest.raises(EventLogError, match=r"holds no complete event \(empty file\)$"):
        (tmp_path / "e.jsonl").write_bytes(b"")
        replay(tmp_path / "e.jsonl")
    (tmp_path / "c.jsonl").write_bytes(b'{"type":"ga')
    with pytest.raises(EventLogError, match=r"holds no complete event \(the last line was cut off mid-write\)"):
        replay(tmp_path / "c.jsonl")
    with pytest.raises(EventLogError, match="is not a TableSight event log"):
        replay(_log_with_header(tmp_path, format="something.else"))
    with pytest.raises(EventLogError, match="is not a TableSight event log"):
        replay(_log_with_header(tmp_path, type="note"))
    with pytest.raises(EventLogError, match=r"h.jsonl: log version 3 is not supported"):
        replay(_log_with_header(tmp_path, version=3))
    with pytest.raises(EventLogError, match=r"h.jsonl: the header has no valid game_id \(None\)"):
        replay(_log_with_header(tmp_path, version=2))
    with pytest.raises(EventLogError, match=r"h.jsonl: the initial state cannot be read: "):
        replay(_log_with_header(tmp_path, initial_state={"game": "race"}))


def test_a_version_1_log_replays_up_to_its_first_bad_event(tmp_path: Path) -> None:
    """Old logs (no chain) are read, marked legacy, and stop at the first event that fails:
    never skipped over (the state is a prefix of the game)."""
    path = _log_with_header(tmp_path, players=None)
    with path.open("a") as fh:
        fh.write(json.dumps({"type": "move", "move": {"type": "roll", "value": 3}}) + "\n")
        fh.write(json.dumps({"type": "move", "move": {"type": "roll", "value": 9}}) + "\n")  # line 3
        fh.write(json.dumps({"type": "move", "move": {"type": "bank"}}) + "\n")
        fh.write('{"type":"no')
    result = replay(path)
    assert result.players == [] and result.legacy
    assert result.damaged_line == 3 and result.lines == 5 and not result.resumable
    assert result.problems == [result.damage] and result.damage.startswith("line 3 (move): ")
    assert "already been rolled" in result.damage
    assert len(result.state.history) == 1 and len(result.events) == 2
    with pytest.raises(EventLogError, match="version 1 log, written before logs carried an integrity chain"):
        EventLog(path, fsync=False)


def test_iter_readable_gives_one_plain_line_per_event(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    state = RaceGame(2).new_initial_state()
    with EventLog.create(path, state, ["Ann", "Bob"], fsync=False) as log:
        log.move(state, Roll(3))
        state.push(Roll(3))
        log.reveal(state, "bonus", 2)
        log.append("question", question="Did Ann bank?")
        log.append("illegal", reason="two dice moved")
        log.append("note", text="camera lost")
        log.append("answer")
    lines = list(iter_readable(path))
    assert lines[0] == "   0  game     race with Ann, Bob"
    assert lines[1] == f"   1  move     {read_events(path).events[1]['text']}" and "3" in lines[1]
    assert lines[2] == "   2  reveal   bonus shows 2"
    assert lines[3] == "   3  question Did Ann bank?"
    assert lines[4] == "   4  illegal  two dice moved"
    assert lines[5] == "   5  note     camera lost"
    assert lines[6] == "   6  answer   "
    nameless = tmp_path / "nameless.jsonl"
    EventLog.create(nameless, RaceGame(2).new_initial_state(), fsync=False).close()
    assert list(iter_readable(nameless)) == ["   0  game     race with no names"]


def test_resuming_a_log_fsyncs_by_default(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    EventLog.create(path, RaceGame(2).new_initial_state(), fsync=False).close()
    with EventLog(path) as log:  # how the app and `run --resume` reopen a log
        assert log.fsync is True


def test_iter_readable_copes_with_hand_written_events(tmp_path: Path) -> None:
    """Events without a sequence number or a players list (written by hand or by another tool)
    still read as plain lines."""
    path = tmp_path / "game.jsonl"
    path.write_text('{"type":"game","game":"race"}\n{"type":"note","text":"table bumped"}\n')
    assert list(iter_readable(path)) == ["   ?  game     race with no names", "   ?  note     table bumped"]
