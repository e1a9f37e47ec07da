"""The Open Season photo scorer forks its token reader's child with OpenCV held to the calling
thread, and gives OpenCV its thread count back after: a worker of OpenCV's loops busy at the
fork can leave one of OpenCV's locks held in the child for good (fresh table 91453, session 50:
31.5 s, the child killed after ``CHILD_SILENT_S``)."""

from __future__ import annotations

import os

import cv2
import pytest

import vision.forked as forked
from tests.vision.test_open_season_score_answers import _table

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="this system has no fork")


@needs_fork
def test_the_scorer_forks_only_with_opencv_on_the_calling_thread_and_gives_its_count_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest

    photo, end = _table(80020)
    request = ScoreRequest(end["num_players"], options={"side": end["side"], "expert": end["expert"]})
    monkeypatch.setenv(forked.FORK_ENV, "0")
    alone = score_photo(photo, request)  # every read in this process

    threads_at_fork: list[int] = []
    real_fork = os.fork

    def fork() -> int:
        threads_at_fork.append(cv2.getNumThreads())
        return real_fork()

    monkeypatch.setenv(forked.FORK_ENV, "1")
    monkeypatch.setattr(forked.os, "fork", fork)
    before = cv2.getNumThreads()
    cv2.setNumThreads(2)  # as a command line's process runs it (the app's worker keeps 1)
    try:
        forking = score_photo(photo, request)
        assert cv2.getNumThreads() == 2  # given back
    finally:
        cv2.setNumThreads(before)
    assert threads_at_fork and set(threads_at_fork) == {1}, threads_at_fork
    assert [p.total for p in forking.players] == [p.total for p in alone.players]
    assert [d.key for d in forking.doubts] == [d.key for d in alone.doubts]
