"""bench/score_photo.py --token-misses: each token counted wrong from the photo alone is named
pile by pile with its cause (session 20: every wrong token on the tuning tables was a pile's
guessed count; nobody had broken them down since session 15)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[3] / "bench" / "score_photo.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_score_photo", BENCH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_each_wrong_token_is_named_with_its_cause() -> None:
    reading = {"tokens": [
        {"value": 1, "count": 0, "range": [0, 6], "at_mm": [10.0, 10.0]},   # half hidden, counted 0
        {"value": 1, "count": 2, "range": [2, 6], "at_mm": [50.0, 50.0]},   # a pile of 3 guessed 2
        {"value": 5, "count": 1, "range": [1, 1], "at_mm": [90.0, 90.0]},   # a 3 read as a 5
        {"value": 25, "count": 1, "range": [1, 1], "at_mm": [300.0, 300.0]},  # nothing there
        {"value": 10, "count": 1, "range": [1, 1], "at_mm": [400.0, 400.0]},  # right
    ]}
    piles = [(1, 11.0, 9.0, 1), (1, 52.0, 49.0, 3), (3, 91.0, 90.0, 1), (10, 200.0, 200.0, 1),
             (10, 401.0, 399.0, 1)]
    misses = _bench().token_misses(reading, piles)
    assert [m.split(":")[0] for m in misses] == [
        "taken as half hidden, counted 0", "pile count guessed low", "read as a 5", "missed", "no such token"]
    assert "1-point x3 read 2 (asked 2-6)" in misses[1]
