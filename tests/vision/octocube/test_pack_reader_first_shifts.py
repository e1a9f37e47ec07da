"""The coarse stage's correlations at the shifts read, made without the rows never read
(``pack_reader._first_shifts``, session 83 suite83): the same floats as ``np.fft.irfft2`` cut to
those shifts, so the taught reader's scores are unchanged to the bit. Checked on the spectra's
own shapes and through :class:`TileMatcher` (plain, seen-pixels-only and own-label scores) on
windows of a printing's own faces; the control: a cut that reads the wrong rows is told apart by
the same comparison."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import cv2
import numpy as np
import pytest

from tests.vision.octocube.taught_table import printing_pack
from vision.octocube import pack_reader
from vision.octocube.pack_reader import TileMatcher, _first_shifts

SIZE, P = 40, 15
"""The coarse stage's square (inner 26 px + 2 x 7 px of search) and shifts per axis (-7..7)."""


def _irfft2_cut(spec: np.ndarray, size: int, p: int) -> np.ndarray:
    """What the stage read before: the whole inverse, then the shifts."""
    return np.fft.irfft2(spec, s=(size, size))[..., :p, :p]


def _wrong_rows(spec: np.ndarray, size: int, p: int) -> np.ndarray:
    """The control: the inverse's rows from the second on (one shift off along y)."""
    return np.fft.irfft2(spec, s=(size, size))[..., 1:p + 1, :p]


@contextmanager
def _cut_by(fn: Callable[[np.ndarray, int, int], np.ndarray]) -> Iterator[None]:
    kept = pack_reader._first_shifts
    setattr(pack_reader, "_first_shifts", fn)
    try:
        yield
    finally:
        setattr(pack_reader, "_first_shifts", kept)


HALF = SIZE // 2 + 1
"""The spectra's last axis (a real input's half spectrum)."""


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("shape", [(1, 280, SIZE, HALF), (25, 62, SIZE, HALF), (6, SIZE, HALF)])
def test_the_first_shifts_are_irfft2s_to_the_bit(dtype: type, shape: tuple[int, ...]) -> None:
    rng = np.random.default_rng(83)
    spec = (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(dtype) * 1e3
    for p in (1, P, SIZE):
        got, want = _first_shifts(spec, SIZE, p), _irfft2_cut(spec, SIZE, p)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(got, want), p
    assert not np.array_equal(_wrong_rows(spec, SIZE, P), _irfft2_cut(spec, SIZE, P))


def _windows(seed: int, count: int) -> tuple[TileMatcher, np.ndarray, np.ndarray, list[str]]:
    """(a matcher of printing ``seed``'s faces, ``count`` 52 px windows each showing one of its
    faces turned, a little off centre, in camera noise, a seen mask hiding a corner of each, the
    faces' labels)."""
    pack = printing_pack(seed)
    matcher = TileMatcher(pack)
    rng = np.random.default_rng(seed)
    side = 52
    windows = np.empty((count, side, side, 3), np.uint8)
    seen = np.ones((count, side, side), np.uint8)
    labels = []
    for k in range(count):
        label = matcher.labels[int(rng.integers(len(matcher.labels)))]
        face = cv2.resize(pack.faces[pack_reader.face_name(label)], (34, 34), interpolation=cv2.INTER_AREA)
        face = np.rot90(face, int(rng.integers(4)))
        window = np.full((side, side, 3), 90, np.float64)
        y, x = 9 + int(rng.integers(-3, 4)), 9 + int(rng.integers(-3, 4))
        window[y:y + 34, x:x + 34] = face
        windows[k] = np.clip(window + rng.normal(0, 4, window.shape), 0, 255).astype(np.uint8)
        seen[k, : 14 + k % 9, : 20] = 0  # a neighbour's cube in front of one corner
        labels.append(label)
    return matcher, windows, seen, labels


def _readings(matcher: TileMatcher, windows: np.ndarray, seen: np.ndarray, labels: list[str]) -> list[np.ndarray]:
    plain = matcher.scores(windows, turns=(0, 1, 2, 3))
    masked = matcher.scores(windows, turns=(0, 1, 2, 3), visible=seen)
    own = matcher.own_scores(windows, labels)
    assert plain.offsets is not None and plain.views is not None
    assert masked.offsets is not None and masked.views is not None
    return [plain.scores, plain.turns, plain.offsets, *plain.views, masked.scores, masked.turns, masked.offsets,
            *masked.views, own]


def test_the_matchers_scores_are_those_of_the_whole_inverse_to_the_bit() -> None:
    matcher, windows, seen, labels = _windows(997_650, 12)
    now = _readings(matcher, windows, seen, labels)
    with _cut_by(_irfft2_cut):
        before = _readings(TileMatcher(printing_pack(997_650)), windows, seen, labels)
    assert len(now) == len(before)
    for got, want in zip(now, before, strict=True):
        assert got.shape == want.shape and np.array_equal(got, want)
    # the windows are read as the faces they show (the comparison is of real readings)
    best = [matcher.labels[i] for i in now[0].argmax(axis=1)]
    assert sum(b == lb for b, lb in zip(best, labels, strict=True)) >= 10, (best, labels)


def test_control_a_cut_one_row_off_is_told_apart() -> None:
    matcher, windows, seen, labels = _windows(997_650, 12)
    now = _readings(matcher, windows, seen, labels)
    with _cut_by(_wrong_rows):
        off = _readings(TileMatcher(printing_pack(997_650)), windows, seen, labels)
    assert not all(np.array_equal(got, want) for got, want in zip(now, off, strict=True))
