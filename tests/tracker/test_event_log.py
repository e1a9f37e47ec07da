"""The event log survives crashes: a cut line or garbage never corrupts the replayed state."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rules import registry
from tracker.event_log import EventLog, EventLogError, read_events, replay
from tests.rules.toy_game import RaceGame


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_CLASSES, "race", "tests.rules.toy_game:RaceGame")


def _play_logged(path: Path, moves: int, seed: int = 1) -> list[str]:
    """Play ``moves`` random moves, logging each; returns the state dumps after every move."""
    state = RaceGame(2).new_initial_state()
    rng = random.Random(seed)
    dumps = []
    with EventLog.create(path, state, ["Ann", "Bob"], fsync=False) as log:
        for _ in range(moves):
            move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves()))
            log.move(state, move)
            state.push(move)
            dumps.append(state.dumps())
    return dumps


def test_replay_rebuilds_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    dumps = _play_logged(path, 12)
    result = replay(path)
    assert result.state.dumps() == dumps[-1]
    assert result.players == ["Ann", "Bob"]
    assert not result.problems and result.damaged_line is None


@pytest.mark.parametrize("cut", [1, 7, 30])
def test_log_cut_mid_line_replays_the_complete_lines(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "game.jsonl"
    dumps = _play_logged(path, 10)
    data = path.read_bytes()
    path.write_bytes(data[:-cut])  # the plug was pulled while the last line was written
    result = replay(path)
    assert result.damaged_line == 11
    assert result.state.dumps() == dumps[-2]  # the last move is lost, nothing else


def test_resume_appends_after_cutting_the_damaged_tail(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _play_logged(path, 6)
    path.write_bytes(path.read_bytes()[:-5])
    state = replay(path).state
    log = EventLog(path, fsync=False)
    assert log.recovered_from
    move = state.sample_chance(random.Random(3)) if state.is_chance_node() else next(state.legal_moves())
    log.move(state, move)
    state.push(move)
    log.close()
    again = replay(path)
    assert again.damaged_line is None
    assert again.state.dumps() == state.dumps()
    assert (tmp_path / "game.jsonl.damaged").exists()


def test_garbage_line_stops_replay_there(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    dumps = _play_logged(path, 8)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[5] = b"{not json\n"
    path.write_bytes(b"".join(lines))
    result = replay(path)
    assert result.damaged_line == 6
    assert result.state.dumps() == dumps[3]


def test_illegal_event_in_log_stops_replay_there(tmp_path: Path) -> None:
    """A line that fits the chain but that the engine refuses: the game stops before it."""
    path = tmp_path / "game.jsonl"
    dumps = _play_logged(path, 1)  # one roll: the player must now bank or pass
    with EventLog(path, fsync=False) as log:
        log.append("move", player=0, move={"type": "roll", "value": 3})
        log.append("note", text="after the bad line")
    result = replay(path)
    assert result.state.dumps() == dumps[-1]
    assert result.damaged_line == 3 and len(result.events) == 2
    assert result.problems == [result.damage] and "already been rolled" in result.damage
    assert result.damage.startswith("line 3 (move): ")


def test_not_a_log_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"type": "move"}\n')
    with pytest.raises(EventLogError, match="not a TableSight event log"):
        replay(bad)
    with pytest.raises(EventLogError, match="no event log"):
        replay(tmp_path / "missing.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(EventLogError, match="no complete event"):
        replay(empty)


def test_create_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _play_logged(path, 2)
    with pytest.raises(EventLogError, match="already exists"):
        EventLog.create(path, RaceGame(2).new_initial_state())
    assert len(read_events(path).events) == 3
