"""Every repro of issue 22's "Tracebacks" and "Wrong answers" lists, through the command line:
each ends in one line naming the problem, exit status 2, no traceback, and at most 200
characters of a bad value.

Most run ``ui.cli.main`` in-process (the same entry point as ``python -m ui.cli``, without a
second of interpreter start per case); the OpenCV-facing ones run the real process."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from rules.core import StateFormatError, load_state
from rules.octocube import OctocubeGame
from tests.tracker.log_forge import resum
from tracker.event_log import EventLog, replay
from ui.cli import main as cli_main

DEEP = "[" * 100_000 + "]" * 100_000
PROFILE = {"format": "tablesight-calibration-profile", "version": 1, "created": "",
           "intrinsics": {"fx": 1000.0, "fy": 1000.0, "cx": 640, "cy": 360, "dist": [0, 0, 0, 0, 0],
                          "image_size": [1280, 720], "rms": 0.3}, "table": None, "colour": None}


def _fails_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> str:
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err[:2000]
    assert len(err) < 700, f"{len(err)} characters: {err[:300]}"
    for word in words:
        assert word in err, err
    return err


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says it is width x height (its pixels are never reached)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 1000)) + chunk(b"IEND", b"")


def _log(path: Path, moves: int = 0) -> None:
    state = OctocubeGame(2).new_initial_state(3)
    with EventLog.create(path, state, fsync=False) as log:
        for _ in range(moves):
            move = next(iter(state.legal_moves()))
            log.move(state, move)
            state.push(move)


# ------------------------------------------------------------------ deep JSON, every loader


def test_deep_json_in_a_log_line_stops_replay_at_that_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    _log(path, 2)
    with path.open("a") as fh:
        fh.write(DEEP + "\n")
        fh.write('{"type":"note"}\n')
    _fails_in_one_line(capsys, ["replay", str(path), "--quiet"], "line 4 is nested too deeply")


def test_deep_json_in_a_log_header_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text('{"type":"game","format":"tablesight.events","version":2,"game_id":"0123456789abcdef",'
                    '"seq":0,"initial_state":' + DEEP + "}\n")
    _fails_in_one_line(capsys, ["replay", str(path)], "no complete event", "nested too deeply")
    _fails_in_one_line(capsys, ["run", "--demo", "--resume", str(path)], "nested too deeply")


def test_deep_json_in_a_state_is_refused() -> None:
    with pytest.raises(StateFormatError, match="nested too deeply"):
        load_state(DEEP)
    nested: list[object] = []
    for _ in range(200):  # built in memory (a header already parsed): the same bound
        nested = [nested]
    with pytest.raises(StateFormatError, match="nested"):
        load_state({"schema": "tablesight.state", "version": 1, "x": nested})


def test_deep_json_in_a_profile_and_a_config_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    photo = tmp_path / "table.png"
    photo.write_bytes(_png_header(64, 64))
    _fails_in_one_line(capsys, ["calibrate", "table", str(photo), "--profile", str(deep)], "nested too deeply")
    _fails_in_one_line(capsys, ["calibrate", "table", str(photo), "--config", str(deep)], "nested too deeply")
    _fails_in_one_line(capsys, ["run", "--players", "2", "--demo", "--profile", str(deep)], "nested too deeply")


# ------------------------------------------------------------------ log header config, configs


def test_unknown_key_in_a_log_headers_config_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    _log(path)
    header = json.loads(path.read_text())
    header["initial_state"]["config"]["colour_blind"] = True
    header["config"]["colour_blind"] = True
    path.write_bytes(resum(json.dumps(header).encode()))
    _fails_in_one_line(capsys, ["replay", str(path)], "does not take the option(s) given", "colour_blind")


@pytest.mark.parametrize(("config", "words"), [
    ({"min_markers": "3"}, "min_markers must be a whole number, not '3'"),
    ({"rectified_px_per_mm": "2"}, "rectified_px_per_mm must be a number"),
    ({"max_marker_residual_px": "x"}, "max_marker_residual_px must be a number"),
    ({"rectified_px_per_mm": 1000}, "rectified_px_per_mm"),
    ({"max_patch_std": -4}, "max_patch_std must be within 0 to 1e+06"),
    ({"min_markers": 10**30}, "min_markers must be within 2 to 4"),
])
def test_calibrate_config_is_typed_and_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               config: dict[str, object], words: str) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    photo = tmp_path / "table.png"
    photo.write_bytes(_png_header(64, 64))
    _fails_in_one_line(capsys, ["calibrate", "table", str(photo), "--config", str(path)], words)


# ------------------------------------------------------------------ images, intrinsics, profiles


def test_a_30000_pixel_square_png_is_refused_from_its_header(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    photo = tmp_path / "huge.png"
    photo.write_bytes(_png_header(30000, 30000))
    _fails_in_one_line(capsys, ["calibrate", "intrinsics", str(photo), str(photo), str(photo)],
                       "30000x30000 pixels is too large a photo")
    _fails_in_one_line(capsys, ["dice", str(photo)], "30000x30000 pixels is too large a photo")


@pytest.mark.parametrize(("fx", "words"), [
    ("NaN", "must be a finite number, not NaN"),
    ("Infinity", "must be a finite number, not Infinity"),
    ("1e-300", "fx must be within 64 to 128000, not 1e-300"),
    ('"1000"', "fx must be"),
])
def test_non_finite_or_absurd_intrinsics_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     fx: str, words: str) -> None:
    profile = tmp_path / "p.json"
    profile.write_text(json.dumps(PROFILE).replace('"fx": 1000.0', f'"fx": {fx}'))
    photo = tmp_path / "table.png"
    photo.write_bytes(_png_header(1280, 720))
    _fails_in_one_line(capsys, ["calibrate", "table", str(photo), "--profile", str(profile)], words)
    _fails_in_one_line(capsys, ["run", "--players", "2", "--demo", "--profile", str(profile)], words)


# ------------------------------------------------------------------ huge values never come back whole


def test_a_huge_string_is_shown_cut_to_200_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = "x" * 2_000_000
    profile = tmp_path / "p.json"
    profile.write_text(json.dumps({**PROFILE, "format": big[:900_000]}))
    err = _fails_in_one_line(capsys, ["calibrate", "table", str(profile), "--profile", str(profile)],
                             "(900000 characters)")
    assert err.count("x") < 260
    with pytest.raises(StateFormatError) as caught:
        load_state(json.dumps({"schema": big}))
    assert len(str(caught.value)) < 400 and "(2000000 characters)" in str(caught.value)
    path = tmp_path / "g.jsonl"
    _log(path, 1)
    lines = path.read_bytes().splitlines(keepends=True)
    event = json.loads(lines[1])
    event["move"]["type"] = big
    path.write_bytes(lines[0] + resum(json.dumps(event).encode()))
    err = _fails_in_one_line(capsys, ["replay", str(path), "--quiet"], "line 2 (move): unknown move type")
    assert err.count("x") < 260


# ------------------------------------------------------------------ engines


def test_an_octocube_state_with_10_to_the_30_turns_is_refused() -> None:
    data = OctocubeGame(2).new_initial_state(1).to_json()
    data["state"]["turns"] = 10**30
    with pytest.raises(StateFormatError, match="turns is out of range"):
        load_state(data)


# ------------------------------------------------------------------ run and demo arguments


@pytest.mark.parametrize(("argv", "words"), [
    (["run", "--players", "2", "--demo", "--moves", "-5"], "must not be negative"),
    (["run", "--players", "2", "--demo", "--illegal", "-3"], "must not be negative"),
    (["run", "--players", "2", "--demo", "--seed", "-1"], "--seed must be 0 to 4294967295, not -1"),
    (["run", "--players", "2", "--demo", "--first-player", "5"], "--first-player must be a seat from 0 to 1"),
    (["run", "--players", "2", "--camera", "-1"], "camera index must be 0-63, not -1"),
    (["demo", "--seed", "-1", "--headless"], "--seed must be 0 to"),
    (["demo", "--resolution", "100000x100000", "--headless"], "out of range"),
])
def test_bad_run_and_demo_arguments_are_refused_before_any_work(capsys: pytest.CaptureFixture[str],
                                                                 argv: list[str], words: str) -> None:
    _fails_in_one_line(capsys, argv, words)


def test_log_on_a_path_that_is_not_a_writable_file(tmp_path: Path) -> None:
    for target in ("/proc/version", str(tmp_path)):
        proc = subprocess.run([sys.executable, "-m", "ui.cli", "run", "--players", "2", "--demo", "--log", target,
                               "--max-frames", "2"], capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
        assert f"cannot write the event log {target}" in proc.stderr
    assert not Path("/proc/version.damaged").exists()


def test_camera_minus_one_never_reaches_opencv() -> None:
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "run", "--players", "2", "--camera", "-1"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.strip() == "tablesight run: error: camera index must be 0-63, not -1"


def test_a_resumed_log_keeps_its_chain_after_a_header_only_log(tmp_path: Path) -> None:
    """A log with only its header (a game stopped before the first move) resumes cleanly."""
    path = tmp_path / "g.jsonl"
    _log(path)
    with EventLog(path, fsync=False) as log:
        log.append("note", text="resumed")
    result = replay(path)
    assert result.damaged_line is None and len(result.events) == 2
