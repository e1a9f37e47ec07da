"""The app's Photo screen re-scores the photo's kept reading with the counts the players tapped
(ui/app/photo_worker.py ``score_job``, session 75): the photo is read once, not again on every
"score again"; a photo or a setting changed since, or a reader's switch, reads it anew."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import cv2
import pytest

from tests.call_spy import count_calls
from tests.vision.octocube.test_score_photo_covered import _render, _truthful_answers
from ui.app.photo_worker import PhotoJob, score_job
from vision import photo_score


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A spy on Octocube's ``read_photo`` (``vision.photo_score.reader`` finds it by name): how
    many times a photo is read from now on, in a one-item list."""
    from vision.octocube import score_photo as module

    return count_calls(monkeypatch, module, "read_photo")


def test_score_again_with_the_tapped_counts_reads_the_photo_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bench table 51000 #33 (2 players, a hand over red's board: two spaces asked): scored, then
    scored again with the truthful counts from the kept reading -- no second read, the engine's
    totals, and the very score (doubts, reading) that reading the photo again gives. The kept
    reading is not used for another photo file's stamp; the off control
    (``RESCORE_FROM_KEPT_READING`` False) reads the photo on every score again, as before."""
    from vision.octocube.score_photo import score_photo

    image, gt = _render(51000, 33)
    path = tmp_path / "table.png"  # lossless: the file reads back as the rendered photo
    assert cv2.imwrite(str(path), image)
    job = PhotoJob(str(path), "octocube", 2)
    reads = _count_reads(monkeypatch)
    first, kept = score_job(job, None)
    assert reads == [1] and first.doubts
    answers = _truthful_answers(first, gt)
    assert answers
    answered = dataclasses.replace(job, answers=answers)
    again, kept_again = score_job(answered, kept)
    assert reads == [1] and kept_again is kept  # re-scored from the reading, the photo not read again
    assert [p.total for p in again.players] == gt["end"]["scores"]
    fresh = score_photo(image, photo_score.ScoreRequest(2, answers=answers))  # the photo read again
    assert reads == [2] and again.to_json() == fresh.to_json()
    # the same file written again (a new photo under the same name): read anew
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    _, kept_new = score_job(answered, kept)
    assert reads == [3] and kept_new is not kept
    # the off control: every score again reads the photo, as before session 75
    monkeypatch.setattr(photo_score, "RESCORE_FROM_KEPT_READING", False)
    off, _ = score_job(answered, kept_new)
    assert reads == [4] and off.to_json() == fresh.to_json()
