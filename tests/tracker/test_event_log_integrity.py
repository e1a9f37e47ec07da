"""A log proves its own integrity: a duplicated, foreign, damaged, reordered or dropped line, a
foreign header or a wrong acting player stops replay at that line (the state is the exact game
before it), and a log altered before its last line is never resumed.

Crash safety (a cut last line) is in test_event_log.py and test_resume.py."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rules import registry
from rules.octocube import OctocubeGame
from tests.rules.toy_game import RaceGame
from tests.tracker.log_forge import rechain, resum
from tracker.event_log import EventLog, EventLogError, line_hash, read_events, replay, sum_ok
from ui.cli import main as cli_main


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_CLASSES, "race", "tests.rules.toy_game:RaceGame")


def _play(path: Path, moves: int, seed: int = 1) -> list[str]:
    """A logged game of ``moves`` random moves with a note after each; the dumps after each move
    (index 0: before any move)."""
    state = RaceGame(2).new_initial_state()
    rng = random.Random(seed)
    dumps = [state.dumps()]
    with EventLog.create(path, state, ["Ann", "Bob"], fsync=False) as log:
        for i in range(moves):
            move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves()))
            log.move(state, move)
            state.push(move)
            log.append("note", player=state.current_player(), text=f"after move {i + 1}")
            dumps.append(state.dumps())
    return dumps


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def _write(path: Path, lines: list[bytes]) -> None:
    path.write_bytes(b"".join(lines))


def _moves_before(lines: list[bytes], line_number: int) -> int:
    return sum(b'"type":"move"' in raw for raw in lines[: line_number - 1])


def _stops_at(path: Path, line: int, dumps: list[str], words: str) -> None:
    """Replay stops at ``line``, names it and why, holds the exact game before it, and neither
    resuming nor `run --resume` appends to the log."""
    lines = _lines(path)
    result = replay(path)
    assert result.damaged_line == line, result.damage
    assert result.damage.startswith(f"line {line}") and words in result.damage, result.damage
    assert len(result.events) == line - 1
    assert result.state.dumps() == dumps[_moves_before(lines, line)]
    if line < len(lines):  # altered before the last line: never resumed
        assert result.problems == [result.damage] and not result.resumable
        before = path.read_bytes()
        with pytest.raises(EventLogError, match=f"line {line}.*not a crash"):
            EventLog(path, fsync=False)
        assert path.read_bytes() == before and not Path(f"{path}.damaged").exists()


def test_a_clean_log_replays_every_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 6)
    result = replay(path)
    assert result.damaged_line is None and result.problems == [] and result.resumable
    assert result.state.dumps() == dumps[-1] and len(result.events) == result.lines == 13
    events = read_events(path).events
    assert [e["seq"] for e in events] == list(range(13))
    assert len({e["game_id"] for e in events}) == 1
    raw = _lines(path)
    assert all(events[i]["prev"] == line_hash(raw[i - 1]) for i in range(1, 13))
    assert line_hash(raw[0]) == hashlib.sha256(raw[0][:-1]).hexdigest()
    assert all("player" in e for e in events[1:]) and all(sum_ok(line) for line in raw)
    assert all(list(e)[-1] == "sum" for e in events)


def test_duplicated_last_line_is_not_applied_and_resume_skips_it_saying_why(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 5)
    lines = _lines(path)
    lines_moves = [i for i, raw in enumerate(lines) if b'"type":"move"' in raw]
    lines.append(lines[lines_moves[-1]])  # the last move, once more
    _write(path, lines)
    result = replay(path)
    assert result.damaged_line == 12 and "seq 9 where 11 was expected" in result.damage
    assert result.state.dumps() == dumps[-1] and result.problems == [result.damage] and result.resumable
    with EventLog(path, fsync=False) as log:  # resumable: only the last line is cut, and said
        assert log.skipped_line == 12 and "seq 9 where 11" in log.recovered_from
        log.append("note", text="resumed")
    assert Path(f"{path}.damaged").read_bytes() == lines[lines_moves[-1]]
    again = replay(path)
    assert again.damaged_line is None and again.state.dumps() == dumps[-1]


def test_duplicated_middle_line_stops_there(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 5)
    lines = _lines(path)
    lines.insert(4, lines[3])
    _write(path, lines)
    _stops_at(path, 5, dumps, "seq 3 where 4 was expected")


def test_line_from_another_game_stops_there(tmp_path: Path) -> None:
    path, other = tmp_path / "g.jsonl", tmp_path / "other.jsonl"
    dumps = _play(path, 5)
    _play(other, 5)  # the same moves (seed 1) in another game: only the id tells them apart
    lines = _lines(path)
    lines[5] = _lines(other)[5]
    _write(path, lines)
    _stops_at(path, 6, dumps, "belongs to another game")


def test_foreign_header_stops_at_the_first_event(tmp_path: Path) -> None:
    path, other = tmp_path / "g.jsonl", tmp_path / "other.jsonl"
    dumps = _play(path, 4)
    _play(other, 2, seed=5)
    lines = _lines(path)
    lines[0] = _lines(other)[0]
    _write(path, lines)
    _stops_at(path, 2, dumps, "belongs to another game")


def test_bad_middle_line_stops_there_and_nothing_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 5)
    lines = _lines(path)
    lines[6] = b'{"seq": 6, oops\n'
    _write(path, lines)
    _stops_at(path, 7, dumps, "is not valid JSON")


def test_reordered_lines_stop_at_the_first_one_out_of_place(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 5)
    lines = _lines(path)
    lines[3], lines[5] = lines[5], lines[3]
    _write(path, lines)
    _stops_at(path, 4, dumps, "seq 5 where 3 was expected")


def test_dropped_line_stops_where_it_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 5)
    lines = _lines(path)
    del lines[4]
    _write(path, lines)
    _stops_at(path, 5, dumps, "seq 5 where 4 was expected")


def test_edited_line_fails_its_own_checksum(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 5)
    lines = _lines(path)
    lines[3] = lines[3].replace(b'"text":"', b'"text":"edited ')
    _write(path, lines)
    _stops_at(path, 4, dumps, "damaged (its checksum does not match")


def test_edited_last_line_is_caught_by_its_checksum(tmp_path: Path) -> None:
    """No later line vouches for the last one: its own checksum does."""
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 3)
    lines = _lines(path)
    lines[-1] = lines[-1].replace(b'"text":"', b'"text":"edited ')
    _write(path, lines)
    result = replay(path)
    assert result.damaged_line == 7 and "checksum" in result.damage and result.state.dumps() == dumps[-1]


def test_edited_line_with_a_fresh_checksum_breaks_the_chain_after_it(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 5)
    lines = _lines(path)
    lines[3] = resum(lines[3].replace(b'"text":"', b'"text":"edited '))
    _write(path, lines)
    _stops_at(path, 5, dumps, "does not follow line 4")


def test_wrong_acting_player_is_caught_even_with_a_recomputed_chain(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 6)
    lines = _lines(path)
    number = next(i + 1 for i, raw in enumerate(lines) if b'"type":"move"' in raw and b'"player":0' in raw)
    lines[number - 1] = lines[number - 1].replace(b'"player":0', b'"player":1')
    _write(path, rechain(lines))
    _stops_at(path, number, dumps, "logged for player 1, but it is player 0's turn")


def test_undo_past_the_start_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    dumps = _play(path, 0)
    with EventLog(path, fsync=False) as log:
        log.append("undo")
    _stops_at(path, 2, dumps, "no move to take back")


# ---------------------------------------------------------------- through the command line


def test_replay_command_shows_the_prefix_and_exits_2_naming_the_line(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    _play(path, 5)
    lines = _lines(path)
    lines.insert(4, lines[3])
    _write(path, lines)
    assert cli_main(["replay", str(path), "--quiet"]) == 2
    out, err = capsys.readouterr()
    assert "in progress, 2 moves" in out
    assert err.count("\n") == 1 and err.startswith("tablesight replay: error: line 5: seq 3 where 4 was expected")
    assert "up to line 4 of 12" in err
    assert cli_main(["replay", str(path), "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["damaged_line"] == 5 and data["moves"] == 2 and data["problems"] == [data["damage"]]


def _octocube_log(path: Path, moves: int) -> None:
    state = OctocubeGame(2).new_initial_state(3)
    rng = random.Random(3)
    with EventLog.create(path, state, fsync=False) as log:
        for _ in range(moves):
            move = rng.choice(list(state.legal_moves()))
            log.move(state, move)
            state.push(move)


def test_run_resume_refuses_an_altered_log_with_the_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _octocube_log(path, 6)
    lines = _lines(path)
    lines[2], lines[3] = lines[3], lines[2]
    _write(path, lines)
    before = path.read_bytes()
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "run", "--demo", "--resume", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "line 3: seq 3 where 2 was expected" in proc.stderr
    assert "not resumed" in proc.stderr and path.read_bytes() == before


def test_run_resume_refuses_a_version_1_log(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _octocube_log(path, 2)
    lines = _lines(path)
    header = json.loads(lines[0])
    header["version"] = 1
    old = [json.dumps({k: v for k, v in header.items() if k not in ("game_id", "sum")}).encode() + b"\n"] + [
        json.dumps({k: v for k, v in json.loads(raw).items() if k not in ("game_id", "prev", "sum")}).encode() + b"\n"
        for raw in lines[1:]]
    _write(path, old)
    assert replay(path).legacy and len(replay(path).state.history) == 2  # read-only: still replayed
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "run", "--demo", "--resume", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "version 1 log" in proc.stderr and "cannot be resumed" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "replay", str(path), "--quiet"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "no integrity chain" in proc.stdout


def test_a_version_2_log_whose_header_says_version_1_is_damaged(tmp_path: Path) -> None:
    """A flipped version digit must not turn the chain's checks off."""
    path = tmp_path / "g.jsonl"
    _play(path, 2)
    lines = _lines(path)
    lines[0] = lines[0].replace(b'"version":2', b'"version":1')
    _write(path, lines)
    with pytest.raises(EventLogError, match="says version 1 but carries version 2's integrity chain"):
        replay(path)
