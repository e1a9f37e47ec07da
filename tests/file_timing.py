"""Where `make test`'s two processes spend their time, file by file, and the order that balances them.

`make test` runs ``pytest -n 2 --dist loadfile``: each test file goes whole to one process, in the
order the files are collected (``--no-loadscope-reorder``), a process taking the next file when it has
two tests or fewer left. The run ends when the later process ends, so the heaviest files must be
handed out first (longest-processing-time-first), or one process ends idle while the other still
runs a long file collected late.

Record a run (opt-in; nothing is recorded otherwise)::

    TABLESIGHT_TEST_TIMING=/tmp/timing make test        # or the pytest command of the Makefile

each process appends a line per test (its file, start, end, the process's CPU) to
``DIR/<worker>.jsonl``. Then::

    .venv/bin/python -m tests.file_timing report /tmp/timing    # per file, per process, simulated
    .venv/bin/python -m tests.file_timing weights /tmp/timing   # rewrite tests/file_weights.json

(``--by cpu`` after the folder: each test's CPU seconds instead of its wall seconds, for a run on a
machine shared with other work.)

``tests/conftest.py`` orders the collected files by ``tests/file_weights.json`` (heaviest first).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

TIMING_ENV = "TABLESIGHT_TEST_TIMING"
"""The folder a run's per-test times are appended to; unset (the default): nothing is recorded."""
WEIGHTS = Path(__file__).resolve().parent / "file_weights.json"
UNKNOWN_WEIGHT = 20.0
"""The weight (s) of a file missing from the table (a test file added since it was measured): it is
handed out before every file measured lighter than this, after the heavy ones. A new file is often a
taught game's (20-60 s); put early, a file costs nothing if light, while a heavy file handed out
last keeps one process busy alone at the end."""
PENDING_REFILL = 2
"""pytest-xdist's load-scope scheduler gives a process its next file when it has this many tests
or fewer left (xdist 3.8 ``LoadScopeScheduling._reschedule``); it starts each process on two files."""


def process_cpu() -> float:
    """The CPU seconds (user + sys) of this process and its finished children so far."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class Recorder:
    """Appends one JSON line per test to ``<folder>/<worker>.jsonl``."""

    def __init__(self, folder: Path, worker: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self._out = (folder / f"{worker}.jsonl").open("a", buffering=1)
        self.worker = worker

    def write(self, nodeid: str, start: float, end: float, cpu: float) -> None:
        self._out.write(json.dumps({"id": nodeid, "file": nodeid.split("::")[0], "worker": self.worker,
                                    "t0": start, "t1": end, "cpu": cpu}) + "\n")


def recorder_from_env() -> Recorder | None:
    folder = os.environ.get(TIMING_ENV)
    if not folder:
        return None
    return Recorder(Path(folder), os.environ.get("PYTEST_XDIST_WORKER", "main"))


def now() -> tuple[float, float]:
    return time.time(), process_cpu()


# ---------------------------------------------------------------- the order


def load_weights(path: Path = WEIGHTS) -> dict[str, float]:
    """The table's file -> seconds (empty when there is no table)."""
    if not path.is_file():
        return {}
    return {name: float(seconds) for name, seconds in json.loads(path.read_text())["files"].items()}


def heaviest_first(files: Sequence[str], weights: dict[str, float]) -> list[str]:
    """``files`` (in collection order) ordered by weight, heaviest first; a file missing from the table
    weighs :data:`UNKNOWN_WEIGHT`; equal weights keep the collection order (the sort is stable)."""
    return sorted(files, key=lambda name: -weights.get(name, UNKNOWN_WEIGHT))


# ---------------------------------------------------------------- reading a record


@dataclass
class Test:
    nodeid: str
    file: str
    worker: str
    start: float
    end: float
    cpu: float

    @property
    def wall(self) -> float:
        return self.end - self.start

    def seconds(self, by: str) -> float:
        """The test's wall time (``by`` "wall") or CPU time ("cpu")."""
        return self.cpu if by == "cpu" else self.wall


def read_record(folder: Path) -> list[Test]:
    tests = []
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            worker = row.get("worker", path.stem)
            tests.append(Test(row["id"], row["file"], worker, row["t0"], row["t1"], row["cpu"]))
    return sorted(tests, key=lambda t: t.start)


def per_file(tests: Iterable[Test]) -> dict[str, list[Test]]:
    files: dict[str, list[Test]] = defaultdict(list)
    for test in tests:
        files[test.file].append(test)
    return files


def simulate(order: Sequence[str], tests_of: dict[str, list[float]], workers: int = 2) -> tuple[float, list[float]]:
    """The run's makespan (s) and each process's end when files are handed out in ``order`` as
    pytest-xdist's loadfile scheduler does (:data:`PENDING_REFILL`), each test taking its measured wall
    time; the time between tests (reports, collection) is left out."""
    queue = list(order)
    clock = [0.0] * workers
    pending: list[list[float]] = [[] for _ in range(workers)]

    def refill(w: int) -> None:  # xdist hands out at most one file per finished test
        if queue and len(pending[w]) <= PENDING_REFILL:
            pending[w].extend(tests_of[queue.pop(0)])

    for w in range(workers):  # one file each, then each topped up
        if queue:
            pending[w].extend(tests_of[queue.pop(0)])
    for w in range(workers):
        refill(w)
    while any(pending):
        w = min((w for w in range(workers) if pending[w]), key=lambda w: clock[w])
        clock[w] += pending[w].pop(0)
        refill(w)
    return max(clock), clock


def report(folder: Path, top: int = 40, by: str = "wall") -> str:
    """Per process, per file, and the run simulated with the files handed out in the order they
    started and heaviest first, each test taking its wall time (``by`` "wall": a quiet machine's run)
    or its CPU time ("cpu": a run on a machine shared with other work, where wall times are stretched
    unevenly as the other work comes and goes)."""
    tests = read_record(folder)
    files = per_file(tests)
    lines = []
    start = min(t.start for t in tests)
    workers = sorted({t.worker for t in tests})
    total_wall = sum(t.wall for t in tests)
    total_cpu = sum(t.cpu for t in tests)
    lines.append(f"{len(tests)} tests in {len(files)} files; summed test wall {total_wall:.0f} s, "
                 f"summed test CPU {total_cpu:.0f} s (the test process and its finished children)")
    for worker in workers:
        mine = [t for t in tests if t.worker == worker]
        busy = sum(t.wall for t in mine)
        first, last = min(t.start for t in mine) - start, max(t.end for t in mine) - start
        lines.append(f"  {worker}: {len({t.file for t in mine})} files, {len(mine)} tests, busy {busy:.0f} s, "
                     f"CPU {sum(t.cpu for t in mine):.0f} s, first test at {first:.0f} s, last ends at {last:.0f} s")
    ends = sorted(max(t.end for t in tests if t.worker == w) - start for w in workers)
    lines.append(f"  real makespan (first test start -> last test end) {ends[-1]:.0f} s; "
                 f"the first process to finish idled {ends[-1] - ends[0]:.0f} s at the end; "
                 f"(summed wall)/{len(workers)} = {total_wall / len(workers):.0f} s")
    lines.append("  last files handed out (start s, wall s, process):")
    firsts = sorted(((min(t.start for t in ts) - start, f, sum(t.wall for t in ts), ts[0].worker)
                     for f, ts in files.items()), reverse=True)[:8]
    for at, name, wall, worker in sorted(firsts):
        lines.append(f"    {at:7.0f} {wall:7.1f} {worker} {name}")
    lines.append(f"  heaviest {top} files (wall s, CPU s, tests, process):")
    heavy = sorted(files.items(), key=lambda item: -sum(t.wall for t in item[1]))
    for name, ts in heavy[:top]:
        lines.append(f"    {sum(t.wall for t in ts):7.1f} {sum(t.cpu for t in ts):7.1f} {len(ts):4d} "
                     f"{ts[0].worker} {name}")
    tests_of = {name: [t.seconds(by) for t in sorted(ts, key=lambda t: t.start)] for name, ts in files.items()}
    measured = [f for _, f in sorted((min(t.start for t in ts), f) for f, ts in files.items())]
    weights = {name: sum(ts) for name, ts in tests_of.items()}
    lpt = heaviest_first(sorted(files), weights)
    for label, order in (("files in the order they started", measured),
                         ("heaviest first by this run's own times", lpt)):
        span, clock = simulate(order, tests_of)
        lines.append(f"  simulated by {by}, {label}: makespan {span:.0f} s (processes end at "
                     + ", ".join(f"{c:.0f}" for c in clock) + ")")
    return "\n".join(lines)


def write_weights(folder: Path, path: Path = WEIGHTS, by: str = "wall") -> None:
    """The table of each file's summed wall (``by`` "wall") or CPU ("cpu") seconds, heaviest first."""
    files = per_file(read_record(folder))
    table = {name: round(sum(t.seconds(by) for t in ts), 1)
             for name, ts in sorted(files.items(), key=lambda item: (-sum(t.seconds(by) for t in item[1]), item[0]))}
    path.write_text(json.dumps({
        "about": "Each test file's seconds in one `make test` run (2 processes, 2 cores), written by "
                 f"`python -m tests.file_timing weights DIR --by {by}` from a run recorded with TABLESIGHT_TEST_TIMING=DIR "
                 f"({'CPU seconds: the run shared its machine' if by == 'cpu' else 'wall seconds'}); "
                 "tests/conftest.py hands the heaviest files out first. Regenerate when files are added or "
                 "change much (docs/testing.md, session 79).",
        "files": table}, indent=1) + "\n")


def main(argv: Sequence[str]) -> int:
    by = "wall"
    if len(argv) == 4 and argv[2] == "--by" and argv[3] in ("wall", "cpu"):
        argv, by = argv[:2], argv[3]
    if len(argv) != 2 or argv[0] not in ("report", "weights"):
        print(__doc__)
        return 2
    folder = Path(argv[1])
    if argv[0] == "report":
        print(report(folder, by=by))
    else:
        write_weights(folder, by=by)
        print(f"wrote {WEIGHTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
