"""Shared test fixtures."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.cli_inprocess import run_cli

# make test runs a test process per core (pytest-xdist). OpenCV's and BLAS's own worker threads
# then only fight the other process for the cores: measured on 2 cores with two test files at
# once, OpenCV's default pool took 27 % more CPU time (134 -> 98 s) for the same work. Set before
# any test module imports cv2 (OpenCV reads it when it loads); the CLI's subprocesses inherit it.
# Mesa's software GL (the app tests' Xvfb window) takes its thread count from LP_NUM_THREADS.
for _name in ("OPENCV_FOR_THREADS_NUM", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "LP_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
# For the same reason a photo's readers are not forked onto the other core (vision/forked.py):
# a child of a test process only fights the other test process and copies its pages (the Open
# Season answer tests took 47 s of CPU forked, 40 s not). tests/vision/test_forked.py and the
# score's fork-or-not equality test ask for the fork themselves.
os.environ.setdefault("TABLESIGHT_FORK_READS", "0")

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    """``../shared/data``; skips the test with a reason when it is absent (a user's clone)."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"real data not present at {SHARED_DATA} (only in the developers' checkout)")
    return SHARED_DATA


def record_demo_film(out: Path, *, players: int = 2, seed: int = 11, moves: int = 8, illegal: int = 0) -> dict:
    """A digital-twin game filmed to ``out`` by ``tablesight demo --video-out`` (the real
    command's ``main``); returns the demo's JSON figures (truth scores, first player, frames ...)."""
    import json

    done = run_cli("demo", "--players", str(players), "--seed", str(seed), "--moves", str(moves), "--illegal",
                   str(illegal), "--video-out", str(out), "--json")
    assert done.returncode == 0, done.stderr
    result: dict = json.loads(done.stdout.strip().splitlines()[-1])
    assert out.is_file() and result["video_out"]["frames"] == result["frames"]
    return {"path": out, **result}


@pytest.fixture(scope="session")
def demo_film(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """One short filmed game (2 players, 8 moves, one illegal change put right), shared by the
    tests of the video and webcam entry points."""
    film = record_demo_film(tmp_path_factory.mktemp("film") / "game.avi", illegal=1)
    assert film["moves_correct"] == film["moves_total"] == 8 and film["final_scores_match"]  # a sound film
    assert film["illegal_flagged"] == 1
    return film


class RecordedWebcam:
    """Stands in for ``cv2.VideoCapture(index)``: a webcam whose stream is a recorded video (no
    camera is present on a CI machine). Reads like a device: frames until the recording ends,
    then failed reads, as when a camera is unplugged."""

    def __init__(self, path: Path, real_capture: type) -> None:
        self._cap = real_capture(str(path))
        self.opened_index: object = None
        self.settings: dict[int, float] = {}

    def isOpened(self) -> bool:  # noqa: N802 (OpenCV's name)
        return bool(self._cap.isOpened())

    def set(self, prop: int, value: float) -> bool:
        self.settings[prop] = value
        return True

    def get(self, prop: int) -> float:
        return float(self._cap.get(prop))  # the recording's frame rate, as a driver reports it

    def read(self) -> tuple[bool, object]:
        ok, image = self._cap.read()
        return (True, image) if ok else (False, None)

    def release(self) -> None:
        self._cap.release()


@pytest.fixture
def webcam(monkeypatch: pytest.MonkeyPatch, demo_film: dict) -> dict:
    """``cv2.VideoCapture(<int>)`` opens a :class:`RecordedWebcam` playing the demo film; file
    paths still open real files."""
    import cv2

    real = cv2.VideoCapture
    opened: list[object] = []

    def capture(target: Any, *args: Any) -> object:
        if isinstance(target, int):
            opened.append(target)
            return RecordedWebcam(demo_film["path"], real)
        return real(target, *args)

    monkeypatch.setattr(cv2, "VideoCapture", capture)
    return {**demo_film, "opened": opened}


_SHARED_FOLDER = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    # long whole-game checks; they run in `make test` (the mark only names them: -m "not slow" skips them)
    config.addinivalue_line("markers", "slow: a long whole-game test (deselect with -m 'not slow')")
    # one folder for the whole run, made by the first process (the test processes of `make test`
    # start after it and inherit the variable): tests/vision/teach_photos.py keeps taught packs there
    from tests.vision.teach_photos import SHARED_FOLDER_ENV

    if not os.environ.get(SHARED_FOLDER_ENV):
        folder = tempfile.mkdtemp(prefix="tablesight-tests-")
        os.environ[SHARED_FOLDER_ENV] = folder
        config.stash[_SHARED_FOLDER] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_SHARED_FOLDER, None)
    if folder is not None:
        from tests.vision.teach_photos import SHARED_FOLDER_ENV

        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(SHARED_FOLDER_ENV, None)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """The collected files ordered heaviest first by tests/file_weights.json (tests/file_timing.py):
    `make test` hands whole files to its 2 processes in collection order (with xdist's
    ``--no-loadscope-reorder``: by default it hands out first the files with the most tests, and the
    long files of few tests, mypy's among them, ran last, one process busy while the other had
    nothing left to do). Until session 78 a hand-kept list of 20 heavy files (session 41's) went
    first and the rest followed in collection order; session 79 measured that the last files handed
    out then included files of 20-40 s."""
    from tests.file_timing import heaviest_first, load_weights

    def name_of(item: pytest.Item) -> str:
        path = Path(str(item.path)).resolve()
        try:
            return path.relative_to(REPO).as_posix()
        except ValueError:
            return str(path)

    names = [name_of(item) for item in items]
    rank = {name: i for i, name in enumerate(heaviest_first(list(dict.fromkeys(names)), load_weights()))}
    order = sorted(range(len(items)), key=lambda i: rank[names[i]])  # stable: a file's tests keep their order
    items[:] = [items[i] for i in order]


_TIMING = pytest.StashKey[Any]()


def _timing_recorder(config: pytest.Config) -> Any:
    if _TIMING not in config.stash:
        from tests.file_timing import recorder_from_env

        config.stash[_TIMING] = recorder_from_env()
    return config.stash[_TIMING]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """With TABLESIGHT_TEST_TIMING=DIR, each test's wall and CPU (setup, call, teardown) appended to
    DIR/<process>.jsonl (tests/file_timing.py); otherwise nothing is done."""
    recorder = _timing_recorder(item.config)
    if recorder is None:
        yield
        return
    from tests.file_timing import now

    start, cpu = now()
    yield
    end, cpu_end = now()
    recorder.write(item.nodeid, start, end, cpu_end - cpu)
