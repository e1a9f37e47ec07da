"""Bad inputs for every loader and subcommand, and the oracles that judge what came back.

Shared by the property tests (tests/test_fuzz.py, hypothesis draws the mutations) and the long
run (bench/fuzz.py, a seeded random stream). An input passes when the code either refuses it
with its own error (one line from the CLI, exit status not 0, no traceback) or accepts it and
what it returns is right: for a log, exactly the original game up to the line where replay
stopped; for a state, a position whose own checks hold and that survives a JSON round trip;
for a profile or a config, finite numbers within their ranges; for a move, one that encodes
back to itself. Anything else is a *traceback* (an exception that is not the loader's error)
or a *silently wrong* result.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import random
import struct
import tempfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

NASTY_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3, 7, 2**31, -(2**63), 10**30, 10**400, 0.5, -0.0, 1e-300, 1e308, -1e308,
    "", "x", "?", "0", "nan", "NaN", "-1", "A1", "red", "x" * 5000, "\u0000", "\ud7ff\u202e", [], [None], [[[]]],
    {}, {"type": "move"}, {"a": {"b": {"c": []}}}, [1, 2, 3], ["?"], list(range(50)),
]
"""Values a mutation puts in place of a member: wrong types, edges, huge, empty, nested."""
NASTY_TOKENS: list[str] = ["NaN", "Infinity", "-Infinity", "1e999", "[" * 3000 + "]" * 3000, "9" * 5000]
"""JSON text no ``json.dumps`` writes but a file can hold."""
NASTY_ARGS: list[str] = ["-1", "-5", "0", "99999999999999999999", "1e9", "nan", "inf", "-inf", "", "x", "0x10",
                         "3.5", "-0", "2**40", "100000x100000", "0x0", "-3x-2", "a" * 3000, "/proc/version",
                         "/nonexistent/dir/file", "/", "."]


class Outcome:
    OK = "accepted (right)"
    REFUSED = "refused cleanly"
    TRACEBACK = "traceback"
    WRONG = "silently wrong"


@dataclass
class Tally:
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, target: str, outcome: str, detail: str = "") -> None:
        self.counts.setdefault(target, {}).setdefault(outcome, 0)
        self.counts[target][outcome] += 1
        if outcome in (Outcome.TRACEBACK, Outcome.WRONG) and len(self.failures) < 200:
            self.failures.append(f"{target}: {outcome}: {detail[:600]}")

    def total(self, outcome: str | None = None) -> int:
        return sum(n for per in self.counts.values() for o, n in per.items() if outcome in (None, o))


# --------------------------------------------------------------------------- byte and tree mutations


def mutate_bytes(data: bytes, rng: random.Random, lines_from: bytes = b"") -> bytes:
    """One random damage of a file: a flipped bit, a cut, garbage, or a line duplicated,
    dropped, moved or taken from another file."""
    lines = data.splitlines(keepends=True)
    kind = rng.choice(["flip", "cut", "insert", "delete", "dup", "drop", "swap", "foreign", "truncate_line",
                       "token", "crlf"])
    if kind == "flip" and data:
        i = rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
    if kind == "cut" and data:
        return data[: rng.randrange(len(data))]
    if kind == "insert":
        i = rng.randrange(len(data) + 1)
        blob = rng.choice([bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))), b"\n", b"{}\n",
                           b'{"type":"move"}\n', b"\x00" * 64, rng.choice(NASTY_TOKENS).encode()])
        return data[:i] + blob + data[i:]
    if kind == "delete" and data:
        i = rng.randrange(len(data))
        return data[:i] + data[i + rng.randrange(1, 50):]
    if kind == "dup" and lines:
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
    elif kind == "drop" and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    elif kind == "swap" and len(lines) > 1:
        i, j = rng.sample(range(len(lines)), 2)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "foreign" and lines_from:
        other = lines_from.splitlines(keepends=True)
        pick = rng.choice(other)
        if rng.random() < 0.5 and lines:
            lines[rng.randrange(len(lines))] = pick
        else:
            lines.insert(rng.randrange(len(lines) + 1), pick)
    elif kind == "truncate_line" and lines:
        i = rng.randrange(len(lines))
        lines[i] = lines[i][: rng.randrange(len(lines[i]))] + b"\n"
    elif kind == "token" and data:
        i = rng.randrange(len(data))
        return data[:i] + rng.choice(NASTY_TOKENS).encode() + data[i:]
    elif kind == "crlf":
        return data.replace(b"\n", b"\r\n")
    return b"".join(lines)


def _paths(tree: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(tree, dict):
        for key, value in tree.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            out += _paths(value, prefix + (i,))
    return out


def mutate_tree(tree: Any, rng: random.Random, value: Any = None, use_value: bool = False) -> Any:
    """A deep copy of ``tree`` with one member replaced (by ``value``, or a nasty value), removed,
    or a new member added."""
    tree = json.loads(json.dumps(tree))
    paths = _paths(tree)
    path = rng.choice(paths)
    new = value if use_value else rng.choice(NASTY_VALUES)
    if not path:
        return new
    parent = tree
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    action = rng.random()
    if action < 0.75:
        parent[key] = new
    elif action < 0.9:
        del parent[key]
    elif isinstance(parent, dict):
        parent[f"extra_{rng.randrange(100)}"] = new
    else:
        parent.append(new)
    return tree


def tree_text(tree: Any, rng: random.Random) -> bytes:
    """The tree as JSON text, now and then with a token no ``json.dumps`` writes spliced in."""
    text = json.dumps(tree)
    if rng.random() < 0.15:
        i = rng.randrange(len(text) + 1)
        text = text[:i] + rng.choice(NASTY_TOKENS) + text[i:]
    return text.encode()


# --------------------------------------------------------------------------- valid seeds


@dataclass
class LogSeed:
    data: bytes
    dumps: list[str]
    """State dumps after each line (index k: after the first k+1 lines)."""
    events: list[dict[str, Any]]
    other: bytes
    """Another game's log (the same game and config, another id): foreign lines."""


def octocube_log(seed: int = 3, moves: int = 12, players: int = 2) -> LogSeed:
    """A real Octocube log (moves, a reveal-free game) with the state after every line."""
    from rules.octocube import OctocubeGame
    from tracker.event_log import EventLog, read_events

    with tempfile.TemporaryDirectory() as tmp:
        datas = []
        for copy in range(2):
            path = Path(tmp) / f"g{copy}.jsonl"
            state = OctocubeGame(players).new_initial_state(seed)
            rng = random.Random(seed)
            dumps = [state.dumps()]
            with EventLog.create(path, state, ["Ann", "Bob", "Cy", "Di"][:players], fsync=False) as log:
                for i in range(moves):
                    move = rng.choice(list(state.legal_moves()))
                    log.move(state, move)
                    state.push(move)
                    dumps.append(state.dumps())
                    if i % 3 == 0:
                        log.append("note", player=state.current_player(), text=f"note {i}")
                        dumps.append(state.dumps())
                if state.history:
                    undone = state.pop()
                    log.append("undo", player=state.current_player(), text=f"took back {undone}")
                    dumps.append(state.dumps())
            datas.append((path.read_bytes(), dumps, read_events(path).events))
    (data, dumps, events), (other, _, _) = datas
    return LogSeed(data, dumps, events, other)


def state_seeds() -> list[dict[str, Any]]:
    """Mid-game states of every engine (as ``State.to_json`` writes them)."""
    from rules.registry import make_game

    out = []
    for name, players, options in [("octocube", 3, {"mode": "advanced"}), ("octocube", 2, {"mode": "kids"}),
                                   ("open_season", 3, {}), ("octo_dice", 2, {})]:
        state = make_game(name, players, **options).new_initial_state(5)
        rng = random.Random(5)
        for _ in range(25):
            if state.is_terminal():
                break
            move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves()))
            state.push(move)
        out.append(state.to_json())
    return out


def move_seeds() -> list[tuple[str, dict[str, Any]]]:
    """(game, move JSON) for moves of every engine."""
    from rules.registry import make_game

    out = []
    for name in ("octocube", "open_season", "octo_dice"):
        state = make_game(name, 2).new_initial_state(2)
        rng = random.Random(2)
        for _ in range(30):
            if state.is_terminal():
                break
            move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves()))
            out.append((name, state.game.move_codec.encode(move)))
            state.push(move)
    return out


PROFILE_SEED: dict[str, Any] = {
    "format": "tablesight-calibration-profile", "version": 1, "created": "2026-01-01T00:00:00+00:00",
    "intrinsics": {"fx": 1000.0, "fy": 1001.0, "cx": 640.5, "cy": 359.5, "dist": [0.01, -0.02, 0.0, 0.0, 0.001],
                   "image_size": [1280, 720], "rms": 0.3},
    "table": {"image_size": [1280, 720], "undistorted": True,
              "image_to_table": [[0.5, 0.01, -10.0], [0.0, 0.5, -5.0], [0.0, 0.0001, 1.0]],
              "markers_used": [0, 1, 2, 3], "residual_rms_px": 0.3, "residual_max_px": 0.7,
              "rectified_px_per_mm": 2.0},
    "colour": {"model": "matrix3x3+offset", "matrix": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
               "offset": [0.0, 0.0, 0.0], "illumination": {"coefficients": [0.01, 0.02, 0.0],
                                                          "centre_mm": [370.0, 370.0], "half_size_mm": 370.0}},
}
CONFIG_SEED: dict[str, Any] = {"min_views": 3, "min_markers": 3, "rectified_px_per_mm": 2.0,
                               "paper_band_mm": [1.5, 4.5], "illumination_field": True, "max_patch_std": 18.0}


def png_bytes(width: int = 48, height: int = 32, seed: int = 0) -> bytes:
    """A small valid PNG of noise (an 'image' for the image loaders)."""
    rng = random.Random(seed)
    rows = b"".join(b"\x00" + bytes(rng.randrange(256) for _ in range(width * 3)) for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def huge_header_png(width: int, height: int) -> bytes:
    data = bytearray(png_bytes(8, 8))
    data[16:24] = struct.pack(">II", width, height)
    return bytes(data)


# --------------------------------------------------------------------------- oracles


def check_log(data: bytes, seed: LogSeed, workdir: Path) -> tuple[str, str]:
    """Replay the (damaged) log, then resume it: a clean refusal, or exactly the original game up
    to the line where it stopped, and a resumed log that replays to that game plus the new line."""
    from tracker.event_log import EventLog, EventLogError, replay

    path = workdir / "fuzz.jsonl"
    aside = Path(f"{path}.damaged")
    aside.unlink(missing_ok=True)
    path.write_bytes(data)
    try:
        result = replay(path)
    except EventLogError:
        return Outcome.REFUSED, ""
    except Exception as exc:  # noqa: BLE001 - anything else is the finding
        return Outcome.TRACEBACK, f"replay: {type(exc).__name__}: {exc}"
    used = len(result.events)
    if used == 0 or used > len(seed.dumps):
        return Outcome.WRONG, f"replay used {used} events of a {len(seed.dumps)}-line log"
    if result.events[1:] != seed.events[1:used]:
        return Outcome.WRONG, f"the {used} events replayed are not the log's first {used}"
    if result.state.dumps() != seed.dumps[used - 1]:
        return Outcome.WRONG, f"state after {used} lines differs from the game's"
    try:
        with EventLog(path, fsync=False) as log:
            log.append("note", text="resumed")
    except EventLogError:
        return Outcome.REFUSED if result.damaged_line is not None else Outcome.WRONG, "clean log not resumable"
    except Exception as exc:  # noqa: BLE001
        return Outcome.TRACEBACK, f"resume: {type(exc).__name__}: {exc}"
    try:
        again = replay(path)
    except Exception as exc:  # noqa: BLE001
        return Outcome.TRACEBACK, f"replay after resume: {type(exc).__name__}: {exc}"
    if again.damaged_line is not None or len(again.events) != used + 1:
        return Outcome.WRONG, f"after resume: {again.damage or len(again.events)}"
    if again.state.dumps() != seed.dumps[used - 1]:
        return Outcome.WRONG, "state after resume differs"
    return Outcome.OK if result.damaged_line is None else Outcome.REFUSED, ""


def check_state(text: bytes) -> tuple[str, str]:
    from rules.core import RulesError, load_state

    try:
        state = load_state(text)
    except RulesError:
        return Outcome.REFUSED, ""
    except Exception as exc:  # noqa: BLE001
        return Outcome.TRACEBACK, f"{type(exc).__name__}: {exc}"
    try:
        problems = state.status()
        again = load_state(state.dumps())
        list(state.legal_moves()) if not state.is_terminal() else None
        state.score_breakdown()
    except RulesError as exc:
        return Outcome.WRONG, f"loaded, then: {exc}"
    except Exception as exc:  # noqa: BLE001
        return Outcome.TRACEBACK, f"loaded, then {type(exc).__name__}: {exc}"
    if problems:
        return Outcome.WRONG, f"loaded an inconsistent state: {problems}"
    if again.dumps() != state.dumps():
        return Outcome.WRONG, "JSON round trip changes the state"
    return Outcome.OK, ""


def _finite(value: Any) -> bool:
    import numpy as np

    try:
        return bool(np.all(np.isfinite(np.asarray(value, np.float64))))
    except (TypeError, ValueError):
        return False


def check_profile(text: bytes, workdir: Path) -> tuple[str, str]:
    from calibration.errors import ProfileError
    from calibration.profile import load_profile

    path = workdir / "profile.json"
    path.write_bytes(text)
    try:
        profile = load_profile(path)
    except ProfileError:
        return Outcome.REFUSED, ""
    except Exception as exc:  # noqa: BLE001
        return Outcome.TRACEBACK, f"{type(exc).__name__}: {exc}"
    try:
        parts = []
        if profile.intrinsics is not None:
            k = profile.intrinsics
            parts += [k.camera_matrix, k.dist]
            if not (k.fx > 0 and k.fy > 0):
                return Outcome.WRONG, f"focal length {k.fx}, {k.fy}"
        if profile.table is not None:
            parts += [profile.table.image_to_table, profile.table.table_to_image]
        if profile.colour is not None:
            parts += [profile.colour.matrix, profile.colour.offset]
        if profile.image_size is not None:
            profile.for_image_size(profile.image_size)
    except ValueError:
        return Outcome.REFUSED, ""
    except Exception as exc:  # noqa: BLE001
        return Outcome.TRACEBACK, f"loaded, then {type(exc).__name__}: {exc}"
    if not all(_finite(p) for p in parts):
        return Outcome.WRONG, "a non-finite number was loaded"
    if profile.rectified_px_per_mm is not None and not 0 < profile.rectified_px_per_mm <= 10:
        return Outcome.WRONG, f"rectified_px_per_mm {profile.rectified_px_per_mm}"
    return Outcome.OK, ""


def check_config(text: bytes, workdir: Path) -> tuple[str, str]:
    from dataclasses import asdict

    from calibration.config import CalibrationConfig
    from calibration.errors import CalibrationError

    path = workdir / "config.json"
    path.write_bytes(text)
    try:
        config = CalibrationConfig.from_json_file(path)
    except CalibrationError:
        return Outcome.REFUSED, ""
    except Exception as exc:  # noqa: BLE001
        return Outcome.TRACEBACK, f"{type(exc).__name__}: {exc}"
    for name, value in asdict(config).items():
        for v in value if isinstance(value, tuple | list) else [value]:
            if isinstance(v, float) and not math.isfinite(v) or isinstance(v, int | float) and abs(v) > 1e6:
                return Outcome.WRONG, f"{name} = {v!r}"
    return Outcome.OK, ""


def check_move(game: str, data: Any) -> tuple[str, str]:
    from rules.core import InvalidMoveError
    from rules.registry import make_game

    codec = make_game(game, 2).move_codec
    try:
        move = codec.decode(data)
    except InvalidMoveError:
        return Outcome.REFUSED, ""
    except Exception as exc:  # noqa: BLE001
        return Outcome.TRACEBACK, f"{type(exc).__name__}: {exc}"
    try:
        again = codec.decode(json.loads(json.dumps(codec.encode(move))))
    except Exception as exc:  # noqa: BLE001
        return Outcome.WRONG, f"decoded {move!r}, which does not encode back: {type(exc).__name__}: {exc}"
    if again != move:
        return Outcome.WRONG, f"{move!r} encodes back as {again!r}"
    return Outcome.OK, ""


# --------------------------------------------------------------------------- the command line


def run_cli(argv: list[str]) -> tuple[int, str, str, str]:
    """``tablesight ARGV`` in-process: (status, stdout, stderr, traceback text or '')."""
    import traceback

    from ui.cli import main

    out, err = io.StringIO(), io.StringIO()
    tb = ""
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:  # noqa: BLE001 - a traceback is the finding
            tb = traceback.format_exc()
            status = 1
    return status, out.getvalue(), err.getvalue(), tb


def judge_cli(argv: list[str], status: int, out: str, err: str, tb: str, may_succeed: bool) -> tuple[str, str]:
    shown = " ".join(a if len(a) < 60 else a[:57] + "..." for a in argv)
    if tb or "Traceback" in err or "Traceback" in out:
        return Outcome.TRACEBACK, f"{shown}: {(tb or err)[-800:]}"
    if status == 0:
        if may_succeed:
            return Outcome.OK, ""
        return Outcome.WRONG, f"{shown}: exit 0 on a bad input; stdout {out[-300:]!r}"
    lines = err.strip().splitlines()
    if len(lines) != 1 or not lines[0].startswith("tablesight") or len(lines[0]) > 800:
        return Outcome.WRONG, f"{shown}: exit {status} but stderr is not one short line: {err[:400]!r}"
    return Outcome.REFUSED, ""


CliCase = Callable[[random.Random, Path], tuple[list[str], bool]]
"""Builds (argv, may_succeed) from a random stream and a work folder."""


def _bad_log(rng: random.Random, work: Path, seed: LogSeed) -> Path:
    path = work / "cli.jsonl"
    Path(f"{path}.damaged").unlink(missing_ok=True)
    data = seed.data
    for _ in range(rng.randint(1, 2)):
        data = mutate_bytes(data, rng, seed.other)
    path.write_bytes(data)
    return path


def _bad_json_file(rng: random.Random, work: Path, name: str, tree: Any) -> Path:
    path = work / name
    if rng.random() < 0.25:
        path.write_bytes(mutate_bytes(json.dumps(tree, indent=1).encode(), rng))
    else:
        path.write_bytes(tree_text(mutate_tree(tree, rng), rng))
    return path


def _bad_image(rng: random.Random, work: Path) -> Path:
    path = work / rng.choice(["img.png", "img.jpg", "img.bmp"])
    choice = rng.random()
    if choice < 0.3:
        path.write_bytes(huge_header_png(rng.choice([30000, 100000, 2**31 - 1]), rng.choice([30000, 50000, 1])))
    elif choice < 0.8:
        path.write_bytes(mutate_bytes(png_bytes(seed=rng.randrange(5)), rng))
    else:
        path.write_bytes(rng.choice([b"", b"\x89PNG", b"not an image", bytes(rng.randrange(256) for _ in range(300))]))
    return path


def cli_cases(seed: LogSeed) -> dict[str, CliCase]:
    """Every subcommand with one bad part (a damaged file, or an argument out of range); all the
    rest is valid and quick, so a refusal comes from the bad part."""
    def arg(rng: random.Random) -> str:
        return rng.choice(NASTY_ARGS)

    return {
        "replay": lambda rng, w: ([*(["replay", str(_bad_log(rng, w, seed))]), *rng.choice([[], ["--json"], ["--quiet"]])],
                                  True),
        "run --resume": lambda rng, w: (["run", "--camera", "99", "--resume", str(_bad_log(rng, w, seed))], False),
        "run --profile": lambda rng, w: (["run", "--players", "2", "--video", str(w / "missing.mp4"), "--profile",
                                          str(_bad_json_file(rng, w, "p.json", PROFILE_SEED))], False),
        # a missing profile after the fuzzed argument: a value that happens to be valid still ends
        # in an error before any frame (and before a log is written)
        "run args": lambda rng, w: (["run", "--players", "2", "--demo", "--profile", str(w / "missing.json"),
                                     rng.choice(["--seed", "--moves", "--illegal", "--max-frames", "--first-player",
                                                 "--players", "--game", "--mode"]), arg(rng)], False),
        # a video name OpenCV cannot write: checked after the arguments, before any frame
        "demo args": lambda rng, w: (["demo", "--headless", "--video-out", str(w / "film.txt"),
                                      rng.choice(["--seed", "--moves", "--illegal", "--players", "--resolution",
                                                  "--tilt", "--doubt", "--video-out", "--lighting"]), arg(rng)],
                                     False),
        "calibrate table --profile": lambda rng, w: (["calibrate", "table", str(w / "missing.png"), "--profile",
                                                      str(_bad_json_file(rng, w, "p.json", PROFILE_SEED))], False),
        "calibrate table --config": lambda rng, w: (["calibrate", "table", str(w / "missing.png"), "--config",
                                                     str(_bad_json_file(rng, w, "c.json", CONFIG_SEED))], False),
        "calibrate table PHOTO": lambda rng, w: (["calibrate", "table", str(_bad_image(rng, w))], False),
        "calibrate intrinsics": lambda rng, w: (["calibrate", "intrinsics", *[str(_bad_image(rng, w))] * 3,
                                                 *rng.choice([[], ["--pattern", arg(rng)], ["--square-mm", arg(rng)]])],
                                                False),
        "dice": lambda rng, w: (["dice", str(_bad_image(rng, w))], True),  # a damaged PNG may still decode
        "simulate": lambda rng, w: (["simulate", rng.choice(["octocube", "open_season", "octo_dice"]),
                                     rng.choice(["--games", "--players", "--seed"]), arg(rng), "--games", "0"], False),
        "render": lambda rng, w: (["render", "octocube", "--out", str(w / "r"),
                                   rng.choice(["--count", "--width", "--height", "--players", "--tilt", "--seed"]),
                                   arg(rng), "--count", "0"], False),
        "markers": lambda rng, w: (["markers", "--out", rng.choice([str(w / "m.txt"), "/proc/version/x.pdf",
                                                                    str(w / "no" / "m.pdf")]),
                                    "--dpi", arg(rng)], False),
        "tower": lambda rng, w: (["tower", rng.choice(["monitor", "test"]), str(w / "no-such-port"),
                                  rng.choice(["--baud", "--timeout"]), arg(rng)], False),
        "app": lambda rng, w: (["app", rng.choice(["--size", "--players", "--seed", "--illegal"]), arg(rng)], False),
        "junk args": lambda rng, w: ([rng.choice(["replay", "run", "demo", "calibrate", "dice", "simulate", "render",
                                                  "markers", "tower", "app", "bogus"]),
                                      "--" + rng.choice(["x", "seed", "json", "players"]) + "=" + arg(rng),
                                      "--no-such-option"], False),
    }


def run_cli_case(name: str, case: CliCase, rng: random.Random, work: Path) -> tuple[str, str]:
    argv, may_succeed = case(rng, work)
    env_display = os.environ.pop("DISPLAY", None), os.environ.pop("WAYLAND_DISPLAY", None)
    try:
        status, out, err, tb = run_cli(argv)
    finally:
        for key, value in zip(("DISPLAY", "WAYLAND_DISPLAY"), env_display, strict=True):
            if value is not None:
                os.environ[key] = value
    return judge_cli(argv, status, out, err, tb, may_succeed)
