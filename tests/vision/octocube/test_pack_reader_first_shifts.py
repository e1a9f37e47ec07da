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


# ---------------------------------------------------------------- by matrix products (a speed switch)
def test_the_shifts_by_product_are_the_inverse_ffts_within_single_precision() -> None:
    """``_shifts_by_product`` (``RecogniserConfig.coarse_shifts_by_product``) against the inverse
    FFTs: within 2e-6 of the largest value on every shape the stage makes (measured 8e-7 on a
    taught still's 186 calls); the control, the inverse's rows one shift off, is far outside."""
    rng = np.random.default_rng(84)
    for shape in [(1, 280, SIZE, HALF), (25, 62, SIZE, HALF), (6, SIZE, HALF)]:
        spec = (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(np.complex64) * 1e3
        want = _first_shifts(spec, SIZE, P)
        got = pack_reader._shifts_by_product(spec, SIZE, P)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert float(np.abs(got - want).max()) <= 2e-6 * float(np.abs(want).max()), shape
        assert float(np.abs(_wrong_rows(spec, SIZE, P) - want).max()) > 0.1 * float(np.abs(want).max())
    spec128 = rng.normal(size=(3, SIZE, HALF)) + 1j * rng.normal(size=(3, SIZE, HALF))
    assert np.allclose(pack_reader._shifts_by_product(spec128, SIZE, P), _first_shifts(spec128, SIZE, P),
                       rtol=0, atol=1e-12 * float(np.abs(spec128).max()))


def _by_product_readings(on: bool) -> list[np.ndarray]:
    pack = printing_pack(997_650)
    matcher, windows, seen, labels = _windows(997_650, 12)
    return _readings(TileMatcher(pack, shifts_by_product=on), windows, seen, labels)


def test_the_matchers_readings_by_product_keep_every_label_turn_and_offset() -> None:
    """The same windows read with the switch on and off: every face, turn and offset the same,
    every score within 1e-5."""
    on, off = _by_product_readings(True), _by_product_readings(False)
    for got, want in zip(on, off, strict=True):
        assert got.shape == want.shape
        if np.issubdtype(want.dtype, np.floating) and not np.array_equal(np.round(want), want):
            finite = np.isfinite(want)
            assert np.array_equal(finite, np.isfinite(got))
            assert float(np.abs(got[finite] - want[finite]).max()) <= 1e-5
        else:
            assert np.array_equal(got, want)
    assert np.array_equal(on[0].argmax(axis=1), off[0].argmax(axis=1))


def test_control_by_product_with_the_rows_one_shift_off_is_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    off = _by_product_readings(False)
    kept = pack_reader._inverse_rows

    def shifted(size: int, p: int, dtype: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        rows, real, imag = kept(size, p + 1, dtype)
        return rows[1:], real[:, :p], imag[:, :p]

    monkeypatch.setattr(pack_reader, "_inverse_rows", shifted)
    wrong = _by_product_readings(True)
    assert float(np.abs(wrong[0] - off[0]).max()) > 1e-3


def test_the_recogniser_hands_the_switch_to_its_matchers() -> None:
    from vision.octocube.config import RecogniserConfig
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.render.camera import CameraModel

    assert RecogniserConfig().coarse_shifts_by_product
    camera = CameraModel.looking_at(tilt_deg=20.0, azimuth_deg=0.0, resolution=(1280, 720))
    pack = printing_pack(997_650)
    for on in (True, False):
        rec = OctocubeRecogniser(5, 3, camera, pack=pack, config=RecogniserConfig(coarse_shifts_by_product=on))
        assert rec._matcher.shifts_by_product is on and rec._cube_matcher is not None
        assert rec._cube_matcher.shifts_by_product is on
        assert rec._empty_matcher is not None and rec._empty_matcher.shifts_by_product is on
        bare = rec._bare_face_matcher("cube-red")
        assert bare is None or bare.shifts_by_product is on
