"""The order `make test` hands its files out in: heaviest first by tests/file_weights.json, so that
neither of the two processes ends idle while the other runs a long file handed out last
(tests/file_timing.py, docs/testing.md session 79)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.file_timing import (UNKNOWN_WEIGHT, WEIGHTS, Recorder, heaviest_first, load_weights, report,
                               simulate, write_weights)

REPO = Path(__file__).resolve().parents[1]


def test_heaviest_first_unknown_files_before_the_light_ones_ties_in_collection_order() -> None:
    weights = {"a.py": 5.0, "b.py": 60.0, "c.py": 5.0, "d.py": UNKNOWN_WEIGHT + 1, "e.py": UNKNOWN_WEIGHT - 1}
    order = heaviest_first(["a.py", "new.py", "b.py", "c.py", "d.py", "e.py"], weights)
    assert order == ["b.py", "d.py", "new.py", "e.py", "a.py", "c.py"]


def test_the_suite_is_collected_heaviest_first(pytestconfig: pytest.Config, request: pytest.FixtureRequest) -> None:
    """This run's own items (every file collected with this one) come in the table's order."""
    weights = load_weights()
    names = list(dict.fromkeys(item.nodeid.split("::")[0] for item in request.session.items))
    assert names == heaviest_first(names, weights)
    # each file's tests stay together (loadfile hands a whole file to one process anyway)
    assert len(names) == len({item.nodeid.split("::")[0] for item in request.session.items})


def test_the_table_names_test_files_heaviest_first() -> None:
    """A name left in the table after its file was renamed or deleted only orders nothing (the
    file's tests, if renamed, weigh as unknown until the table is regenerated), so it is not an
    error here; most names must still exist, or the table is stale as a whole."""
    table = json.loads(WEIGHTS.read_text())["files"]
    assert len(table) > 300
    assert all(Path(name).name.startswith("test_") for name in table)
    stale = [name for name in table if not (REPO / name).is_file()]
    assert len(stale) < len(table) // 10, stale
    assert list(table.values()) == sorted(table.values(), reverse=True)


def test_simulated_xdist_handing_out_heaviest_first_shortens_the_run() -> None:
    """Two processes, a file handed out when a process has two tests or fewer left: 10 light files
    (one 5 s test each) then a 60 s file of one test. In that order one process runs the 60 s file
    alone at the end; heaviest first, the other runs the light files meanwhile (but for the one
    light file queued behind the heavy one)."""
    tests_of = {f"light{i}.py": [5.0] for i in range(10)} | {"heavy.py": [60.0]}
    light_first = [*(f"light{i}.py" for i in range(10)), "heavy.py"]
    span, clock = simulate(light_first, tests_of)
    assert span == 85.0 and sorted(clock) == [25.0, 85.0]
    span, clock = simulate(heaviest_first(light_first, {name: sum(ts) for name, ts in tests_of.items()}), tests_of)
    assert span == 70.0 and sorted(clock) == [40.0, 70.0]


def test_simulated_refill_keeps_a_second_file_queued() -> None:
    """xdist queues a process's next file while it still has two tests or fewer to run: at the start
    the process given a one-test 100 s file is also given the next file, the 50 s one, at once,
    though the other process (three 10 s tests) is free after 30 s."""
    tests_of = {"three.py": [10.0, 10.0, 10.0], "long.py": [100.0], "x.py": [50.0], "y.py": [1.0]}
    span, clock = simulate(["three.py", "long.py", "x.py", "y.py"], tests_of)
    # three.py -> p0 (3 tests pending: nothing more), long.py -> p1 (1 pending: x.py queued behind it);
    # y.py goes to p0 after its first test
    assert clock == [31.0, 150.0] and span == 150.0


def test_a_recorded_run_gives_the_table_and_the_report(tmp_path: Path) -> None:
    gw0, gw1 = Recorder(tmp_path, "gw0"), Recorder(tmp_path, "gw1")
    gw0.write("tests/test_b.py::t1", 100.0, 130.0, 29.0)
    gw1.write("tests/test_a.py::t1", 100.0, 101.0, 1.0)
    gw1.write("tests/test_a.py::t2", 101.0, 103.0, 2.0)
    gw1.write("tests/test_c.py::t1", 103.0, 110.0, 6.5)
    table = tmp_path / "weights.json"
    write_weights(tmp_path, table)
    assert json.loads(table.read_text())["files"] == {"tests/test_b.py": 30.0, "tests/test_c.py": 7.0,
                                                      "tests/test_a.py": 3.0}
    assert load_weights(table) == {"tests/test_b.py": 30.0, "tests/test_c.py": 7.0, "tests/test_a.py": 3.0}
    text = report(tmp_path)
    assert "4 tests in 3 files; summed test wall 40 s, summed test CPU 38 s" in text
    assert "the first process to finish idled 20 s at the end" in text
    assert "gw0: 1 files, 1 tests, busy 30 s" in text


def test_no_table_no_order(tmp_path: Path) -> None:
    assert load_weights(tmp_path / "absent.json") == {}
    assert heaviest_first(["b.py", "a.py"], {}) == ["b.py", "a.py"]
