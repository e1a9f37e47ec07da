"""The fine stage's fits of every face at a region at once (``FineMatcher(fits_per_region=True)``,
``RecogniserConfig.pack_fine_fits_per_region``, session 81) give session 80's verdicts: the same
labels and order, every score within 1e-6 (measured: equal to the bit on this machine).

A speed switch: with the batched correlation (``pack_fine_batched_correlation``) a rerank of abyss
letters still fitted each face at each place by its own ``_sloped_fit_of`` call (~200 us of
stacking, a 4x4 solve and elementwise steps on 7x7 arrays; 29,790 calls in the coin-pile test's 7
readings) and stacked the batch's columns as columns (a strided ~7 MB copy per 96 columns, as long
as the product). Now ``pack_reader._sloped_fits_of`` fits every face compared at a region in one
stacked solve (LAPACK's solver per face, as before) and ``_batched_face_corr(by_rows=True)`` copies
the columns as rows and multiplies by the windows' transpose. The windows are
tests/vision/octocube/test_pack_reader_fine_shared.py's (sloped letters, a hidden part, a tile among
tiles, each rerank option). Control: the stacked fits handed to the wrong faces (each face given its
neighbour's) change the verdicts, so the comparison sees a wrong fit. Whole taught stills:
``bench/octocube_fine_batched.py --switch pack_fine_fits_per_region``."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import vision.octocube.pack_reader as pack_reader
from tests.vision.octocube.taught_table import printing_pack
from tests.vision.octocube.test_pack_reader_fine_batched import _alike
from tests.vision.octocube.test_pack_reader_fine_shared import PRINTING, _cases
from vision.octocube.config import RecogniserConfig
from vision.octocube.pack_reader import FineMatcher, FineVerdict
from vision.pack import Pack

WITHIN = 1e-6
"""Largest difference of a score (session 80's batch against the DFT: 1e-5)."""


@pytest.fixture(scope="module")
def pack() -> Pack:
    return printing_pack(PRINTING)


def _verdicts(pack: Pack, per_region: bool) -> tuple[list[FineVerdict | None], dict[str, int]]:
    """Every case's verdict, and how many single and stacked sloped fits they made."""
    calls = {"single": 0, "stacked": 0}
    single, stacked = pack_reader._sloped_fit_of, pack_reader._sloped_fits_of

    def one(*args: Any, **kwargs: Any) -> Any:
        calls["single"] += 1
        return single(*args, **kwargs)

    def many(*args: Any, **kwargs: Any) -> Any:
        calls["stacked"] += 1
        return stacked(*args, **kwargs)

    fine = FineMatcher(pack, list(pack_reader.TILE_LABELS), letters_under_light_slope=True,
                       fits_per_region=per_region)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pack_reader, "_sloped_fit_of", one)
        patch.setattr(pack_reader, "_sloped_fits_of", many)
        out = [fine.rerank(window, cands, **options) for window, cands, options in _cases(pack)]
    return out, calls


@pytest.fixture(scope="module")
def read(pack: Pack) -> dict[bool, tuple[list[FineVerdict | None], dict[str, int]]]:
    return {per_region: _verdicts(pack, per_region) for per_region in (False, True)}


def test_the_switch_is_on_by_default() -> None:
    assert RecogniserConfig().pack_fine_fits_per_region
    assert RecogniserConfig().pack_fine_batched_correlation


def test_fits_per_region_give_the_same_verdicts(read: dict[bool, tuple[list[FineVerdict | None], dict[str, int]]]) -> None:
    (off, off_calls), (on, on_calls) = read[False], read[True]
    assert all(v is not None for v in on)
    assert _alike(on, off, WITHIN)
    assert [v.label for v in on if v] == [v.label for v in off if v]
    # the stacked fits ran: every sloped fit went through them, none alone
    assert off_calls["single"] > 100 and off_calls["stacked"] == 0, off_calls
    assert on_calls["single"] == 0 and 0 < on_calls["stacked"] < off_calls["single"] / 5, on_calls


def test_the_letters_read_are_the_printed_ones(read: dict[bool, tuple[list[FineVerdict | None], dict[str, int]]]) -> None:
    """The windows compared are real reads: the sloped letters are read right with the switch."""
    on = read[True][0]
    assert on[0] is not None and on[0].label == "abyss D"
    assert on[5] is not None and on[5].label == "abyss G"
    assert on[10] is not None and on[10].label == "abyss A"


def test_control_fits_handed_to_the_wrong_faces_are_seen(
        pack: Pack, read: dict[bool, tuple[list[FineVerdict | None], dict[str, int]]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: each face given its neighbour's fit (the stacked result rolled by one face) moves
    the verdicts past the tolerance, so the comparison above sees a wrong stacked fit."""
    exact = pack_reader._sloped_fits_of

    def rolled(*args: Any, **kwargs: Any) -> list[np.ndarray]:
        fits = exact(*args, **kwargs)
        return fits[1:] + fits[:1]

    monkeypatch.setattr(pack_reader, "_sloped_fits_of", rolled)
    wrong, _ = _verdicts(pack, per_region=True)
    assert not _alike(wrong, read[False][0], WITHIN)


@pytest.mark.parametrize("each_channel", [False, True])
def test_sloped_fits_of_is_each_faces_own_fit(each_channel: bool) -> None:
    """One region, 7 faces: the stacked fits equal each face's own ``_sloped_fit_of`` to the bit
    (the same LAPACK solve per face, the same elementwise steps), with one or three offsets."""
    rng = np.random.default_rng(81)
    region = (rng.random((84, 84, 3)) * 255).astype(np.float32)
    w3 = np.repeat(rng.random((78, 78, 1)).astype(np.float32), 3, axis=2)
    faces = [(rng.random((78, 78, 3)) * 255).astype(np.float32) for _ in range(7)]
    every_terms = [pack_reader._sloped_terms(p, w3, each_channel) for p in faces]
    offsets = pack_reader._sloped_offset_corr(region, every_terms[0])
    n_faces = len(every_terms[0][0]) - every_terms[0][2]
    own = [pack_reader._batched_face_corr(pack_reader._shift_windows(region, 78), [terms[0][:n_faces]])[0]
           for terms in every_terms]
    total = np.abs(rng.random((7, 7))) * 1e6 + 1.0
    stacked = pack_reader._sloped_fits_of(every_terms, total, offsets, own)
    for terms, cols, fit in zip(every_terms, own, stacked, strict=True):
        alone = pack_reader._sloped_fit_of(region, terms, w3, total, offsets, cols)
        assert fit.shape == alone.shape == (7, 7)
        assert np.array_equal(fit, alone)


def test_batched_face_corr_by_rows_is_by_columns() -> None:
    """Columns copied as rows: each result within float32 rounding of the columns' product (and of
    each other to the bit where BLAS sums both layouts alike), across a batch's boundary."""
    rng = np.random.default_rng(81)
    region = (rng.random((84, 84, 3)) * 255).astype(np.float32)
    faces = [[(rng.random((78, 78, 3)) - 0.5).astype(np.float32) for _ in range(1 + k % 3)] for k in range(60)]
    assert sum(len(f) for f in faces) > pack_reader.BATCH_COLUMNS
    windows = pack_reader._shift_windows(region, 78)
    by_columns = pack_reader._batched_face_corr(windows, faces)
    by_rows = pack_reader._batched_face_corr(windows, faces, by_rows=True)
    for a, b in zip(by_columns, by_rows, strict=True):
        for x, y in zip(a, b, strict=True):
            assert x.shape == y.shape == (7, 7)
            assert np.allclose(x, y, rtol=1e-5, atol=1e-3)
