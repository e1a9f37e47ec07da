"""The sloped fit's batched correlation (``FineMatcher(batched_correlation=True)``,
``RecogniserConfig.pack_fine_batched_correlation``, session 80) gives the verdicts of one
``cv2.matchTemplate`` per face column: the same label and order, every score within 1e-5.

A speed switch: a rerank of abyss letters compares hundreds of faces at a few regions, each face's
three columns (face, face * x, face * y) correlated with the region at 7x7 shifts; the batch makes
each region's shifted squares a matrix once and correlates every face's columns with it in one
float32 product (``pack_reader._batched_face_corr``) where ``matchTemplate`` set up a DFT per
column (40 % of the coin-pile test's CPU, session 80). Not to the bit: the sums run in another
order. The windows are tests/vision/octocube/test_pack_reader_fine_shared.py's (sloped letters,
a hidden part, a tile among tiles, each rerank option). Control: a batch that correlates each
column at the neighbouring shift (the shifted squares one column off) changes the verdicts, so the
comparison sees a wrong batch. Whole taught stills read off and on: bench/octocube_fine_batched.py."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

import vision.octocube.pack_reader as pack_reader
from tests.vision.octocube.taught_table import printing_pack
from tests.vision.octocube.test_pack_reader_fine_shared import PRINTING, _cases
from vision.octocube.pack_reader import FineMatcher, FineVerdict
from vision.pack import Pack


@pytest.fixture(scope="module")
def pack() -> Pack:
    return printing_pack(PRINTING)


def _verdicts(pack: Pack, batched: bool) -> tuple[list[FineVerdict | None], int]:
    """Every case's verdict, and how many ``matchTemplate`` calls they made."""
    calls = 0
    real = cv2.matchTemplate

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args)

    fine = FineMatcher(pack, list(pack_reader.TILE_LABELS), letters_under_light_slope=True,
                       batched_correlation=batched)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pack_reader.cv2, "matchTemplate", counted)
        out = [fine.rerank(window, cands, **options) for window, cands, options in _cases(pack)]
    return out, calls


def _alike(a: list[FineVerdict | None], b: list[FineVerdict | None], within: float) -> bool:
    """The same labels, candidates and order, every score within ``within``."""
    for x, y in zip(a, b, strict=True):
        if x is None or y is None:
            if x is not y:
                return False
            continue
        if x.label != y.label or list(x.scores) != list(y.scores) or (x.own_scores is None) != (y.own_scores is None):
            return False
        pairs = [(x.score, y.score), (x.lead, y.lead), *((x.scores[k], y.scores[k]) for k in x.scores)]
        if x.own_scores is not None and y.own_scores is not None:
            pairs += [(x.own_scores[k], y.own_scores[k]) for k in x.own_scores]
        if any(abs(p - q) > within for p, q in pairs):
            return False
    return True


@pytest.fixture(scope="module")
def read(pack: Pack) -> dict[bool, tuple[list[FineVerdict | None], int]]:
    return {batched: _verdicts(pack, batched) for batched in (False, True)}


def test_batched_gives_the_same_verdicts(read: dict[bool, tuple[list[FineVerdict | None], int]]) -> None:
    (off, off_calls), (on, on_calls) = read[False], read[True]
    assert all(v is not None for v in on)
    assert _alike(on, off, 1e-5)
    assert [v.label for v in on if v] == [v.label for v in off if v]
    # the batch ran: most of the sloped fits' matchTemplate calls are gone
    assert on_calls < off_calls / 2, (on_calls, off_calls)


def test_the_letters_read_are_the_printed_ones(read: dict[bool, tuple[list[FineVerdict | None], int]]) -> None:
    """The windows compared are real reads: the sloped letters are read right with the batch."""
    on = read[True][0]
    assert on[0] is not None and on[0].label == "abyss D"
    assert on[5] is not None and on[5].label == "abyss G"
    assert on[10] is not None and on[10].label == "abyss A"


def test_control_a_batch_one_shift_off_is_seen(pack: Pack, read: dict[bool, tuple[list[FineVerdict | None], int]],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: each region's shifted squares rolled by one shift (every column correlated at its
    neighbour's shift) moves the verdicts past the tolerance, so the comparison above sees a wrong batch."""
    exact = pack_reader._shift_windows
    monkeypatch.setattr(pack_reader, "_shift_windows", lambda region, size: np.roll(exact(region, size), 1, axis=0))
    wrong, _ = _verdicts(pack, batched=True)
    assert not _alike(wrong, read[False][0], 1e-5)


def test_batched_face_corr_is_match_template() -> None:
    """One region, faces of 1-3 columns across a batch's boundary: each result within float32
    rounding of ``cv2.matchTemplate``'s, at every shift."""
    rng = np.random.default_rng(80)
    region = (rng.random((84, 84, 3)) * 255).astype(np.float32)
    faces = [[(rng.random((78, 78, 3)) - 0.5).astype(np.float32) for _ in range(1 + k % 3)] for k in range(60)]
    assert sum(len(f) for f in faces) > pack_reader.BATCH_COLUMNS
    got = pack_reader._batched_face_corr(pack_reader._shift_windows(region, 78), faces)
    for cols, out in zip(faces, got, strict=True):
        for u, corr in zip(cols, out, strict=True):
            want = cv2.matchTemplate(region, u, cv2.TM_CCORR)
            assert corr.shape == want.shape == (7, 7)
            assert np.allclose(corr, want, rtol=1e-5, atol=1e-2 * float(np.abs(want).max()) * 1e-3)
