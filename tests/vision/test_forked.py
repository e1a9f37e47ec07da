"""``vision.forked.ForkedRead``: a read done in a forked child, its value or its exception
brought back, and the read done here whenever no child can answer."""

from __future__ import annotations

import os
import signal
from typing import Iterator

import cv2
import numpy as np
import pytest

from vision.forked import FORK_ENV, ForkedRead, opencv_on_the_calling_thread
from vision.photo_score import PhotoScoreError

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="this system has no fork")


@pytest.fixture(autouse=True)
def forking(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The suite reads in one process (tests/conftest.py); these tests are about the child, forked
    only where OpenCV keeps to the calling thread."""
    monkeypatch.setenv(FORK_ENV, "1")
    with opencv_on_the_calling_thread():
        yield


@needs_fork
def test_no_child_is_forked_while_opencv_may_run_its_loops_on_worker_threads() -> None:
    """A worker of OpenCV's loops may hold one of OpenCV's locks at the fork: the child then
    sleeps on it for good (fresh table 91453: 31.5 s). With OpenCV on two threads the read is
    done here; held to the calling thread, in a child; the count is given back after."""
    parent = os.getpid()
    cv2.setNumThreads(2)
    try:
        cv2.GaussianBlur(np.zeros((400, 400), np.uint8), (9, 9), 0)  # a loop on the workers
        job = ForkedRead(os.getpid)
        assert job._pid == 0 and job.result() == parent
        with opencv_on_the_calling_thread():
            assert cv2.getNumThreads() == 1
            job = ForkedRead(os.getpid)
            assert job._pid > 0 and job.result() != parent
        assert cv2.getNumThreads() == 2
    finally:
        cv2.setNumThreads(1)  # as the fixture holds it


def test_reads_stay_here_when_the_environment_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FORK_ENV, "0")
    parent = os.getpid()
    assert ForkedRead(os.getpid).result() == parent
    from vision.forked import forked_map

    assert forked_map(lambda x: (x, os.getpid() == parent), range(3)) == [(0, True), (1, True), (2, True)]


@needs_fork
def test_the_read_runs_in_another_process_and_its_value_comes_back() -> None:
    parent = os.getpid()
    job = ForkedRead(lambda: (os.getpid(), [(1, "elf-crown")] * 1000))
    child, rows = job.result()
    assert child != parent and rows == [(1, "elf-crown")] * 1000
    with pytest.raises(ChildProcessError):  # the child was reaped: no zombie left
        os.waitpid(child, os.WNOHANG)


@needs_fork
def test_the_childs_exception_is_raised_here_with_its_type_and_words() -> None:
    def refuse() -> None:
        raise PhotoScoreError("the tokens cannot be read: too dark")

    with pytest.raises(PhotoScoreError, match="too dark"):
        ForkedRead(refuse).result()


@needs_fork
def test_a_child_that_dies_without_an_answer_costs_time_not_the_read() -> None:
    parent = os.getpid()

    def read() -> int:
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)  # the child killed (out of memory, say)
        return 42

    assert ForkedRead(read).result() == 42


@needs_fork
def test_a_child_stuck_without_an_answer_is_killed_and_the_read_done_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """Session 49's bench hung on tuning 91303: the token reader's child asleep for good on a lock
    inside OpenCV that another thread of the parent held at the fork, the parent waiting on its
    pipe. A child silent for ``CHILD_SILENT_S`` is killed and the read done in the parent."""
    import time

    import vision.forked as forked

    monkeypatch.setattr(forked, "CHILD_SILENT_S", 0.5)
    parent = os.getpid()
    children = []

    def read() -> int:
        if os.getpid() != parent:
            time.sleep(3600)  # stuck (main: the parent waits the hour out)
        return 42

    job = ForkedRead(read)
    children.append(job._pid)
    t0 = time.monotonic()
    assert job.result() == 42 and time.monotonic() - t0 < 10.0
    with pytest.raises(ChildProcessError):  # killed and reaped: no child left behind
        os.waitpid(children[0], os.WNOHANG)


def test_without_fork_the_read_is_done_here_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def read() -> int:
        calls.append(os.getpid())
        return 7

    job = ForkedRead(read, fork=False)
    assert calls == []  # nothing read before it is asked
    assert job.result() == 7 and calls == [os.getpid()]
    monkeypatch.delattr(os, "fork", raising=False)
    assert ForkedRead(read).result() == 7 and calls == [os.getpid()] * 2


@needs_fork
def test_a_cancelled_read_leaves_no_child_behind() -> None:
    import time

    job = ForkedRead(lambda: time.sleep(30))
    child = job._pid
    assert child > 0
    started = time.monotonic()
    job.cancel()
    assert time.monotonic() - started < 5
    with pytest.raises(ChildProcessError):
        os.waitpid(child, os.WNOHANG)
    job.cancel()  # twice is harmless


@needs_fork
def test_forked_map_keeps_the_order_and_does_every_second_item_in_a_child() -> None:
    from vision.forked import forked_map

    parent = os.getpid()
    out = forked_map(lambda x: (x * x, os.getpid() == parent), range(7))
    assert [v for v, _ in out] == [x * x for x in range(7)]
    assert [here for _, here in out] == [True, False] * 3 + [True]
    assert forked_map(lambda x: x + 1, [41]) == [42] and forked_map(lambda x: x, []) == []
    assert forked_map(lambda x: (x, os.getpid() == parent), range(3), fork=False) == [(0, True), (1, True), (2, True)]
