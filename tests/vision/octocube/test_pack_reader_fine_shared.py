"""The fine stage's exact sharing (``FineMatcher(share_exact=True)``, session 78) gives the very
verdicts it gave without it: every score, every own score, the label and the lead, to the bit.

What is shared (vision/octocube/pack_reader.py): each taught face blurred once per matcher, not at
every stack a reading reranks; a sloped fit's coordinate planes and its lone offset column's Gram
entries once per weights (``u * 1 * w`` is ``u * w``: the same values in the same order, so the
same sums); that offset column's correlation with a region (``1 * w`` is ``w``) is the region's
weighted spread's own ``sum w.x``, made once for both. None of it reorders a floating-point sum.

The windows: a training printing's own faces on the mat under a light that slopes across them
(the sloped letter fit's case), a letter in part hidden (the plain fit), a tile among tiles, and
each of the rerank's options, all through ONE matcher per side (the memo of blurred faces is used
again from the second window on). Control: the same sharing with its offset's Gram entry one ulp
off moves the verdicts, so an inexact share would be seen. Whole taught stills read with sharing
off and on: bench/octocube_fine_shared.py (session 78: 8 stills, 2-4 players, tilts 6-35, equal)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import vision.octocube.pack_reader as pack_reader
from tests.vision.octocube.taught_table import printing_pack
from tests.vision.octocube.test_pack_reader_fine import _camera_window
from vision.octocube.pack_reader import FineMatcher, FineVerdict
from vision.pack import Pack

PRINTING = 4
"""The training printing of tests/vision/octocube/test_pack_reader_fine.py (its abyss D and G alike)."""
LETTERS = ["abyss A", "abyss C", "abyss D", "abyss G", "abyss H"]


@pytest.fixture(scope="module")
def pack() -> Pack:
    return printing_pack(PRINTING)


def _sloped(window: np.ndarray, slope: float) -> np.ndarray:
    """``window`` lit ``slope`` brighter towards its foot and right (a lamp to one side)."""
    side = window.shape[0]
    y, x = (np.mgrid[0:side, 0:side].astype(np.float32) + 0.5) / side - 0.5
    lit = window.astype(np.float32) * (1.0 + slope * (y + 0.5 * x))[..., None]
    return np.clip(lit, 0, 255).astype(np.uint8)


def _cases(pack: Pack) -> Iterator[tuple[np.ndarray, list[Any], dict[str, Any]]]:
    """(window, candidates, rerank's options): the fine stage's paths a reading takes."""
    letters = [(lb, 0, (0.3, -0.2)) for lb in LETTERS]
    for face, offset, slope in [("abyss-D", (0.4, -0.3), 0.3), ("abyss-G", (-0.6, 0.2), 0.5),
                                ("abyss-A", (0.0, 0.7), 0.0)]:
        window = _sloped(_camera_window(pack.faces[face], 3.0, offset), slope)
        yield window, letters, {}
        yield window, letters, {"every_turn": True, "shared_places": True}
        yield window, letters[2:4], {"each_channel": True}
        yield window, [(lb, 1, (0.0, 0.0)) for lb in LETTERS], {"also_at": {"abyss D": [(1.0, 0.5)]}}
        hidden = np.ones(window.shape[:2], np.float32)
        hidden[:, : window.shape[1] // 3] = 0.0
        yield window, letters, {"visible": hidden, "least_seen_share": 0.5}
    tiles = [("green pearl", 0, (0.0, 0.0)), ("white pearl", 0, (0.5, 0.0)), ("green amphora", 2, (0.0, 0.3))]
    yield _camera_window(pack.faces["green-pearl"], 3.0, (-1.0, 0.5)), tiles, {"every_turn": True}


def _verdicts(pack: Pack, share: bool) -> list[FineVerdict | None]:
    fine = FineMatcher(pack, [lb for lb in pack_reader.TILE_LABELS], letters_under_light_slope=True,
                       share_exact=share)
    return [fine.rerank(window, cands, **options) for window, cands, options in _cases(pack)]


@pytest.fixture(scope="module")
def read(pack: Pack) -> dict[bool, tuple[list[FineVerdict | None], list[bool]]]:
    """Per sharing (off, on): the verdicts, and per sloped terms made whether they were shared."""
    out = {}
    for share in (False, True):
        sloped: list[bool] = []
        terms = pack_reader._sloped_terms

        def counted(*args: Any, **kwargs: Any) -> Any:
            sloped.append(kwargs.get("shared", args[3] if len(args) > 3 else None) is not None)  # noqa: B023
            return terms(*args, **kwargs)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(pack_reader, "_sloped_terms", counted)
            out[share] = (_verdicts(pack, share), sloped)
    return out


def test_sharing_gives_the_same_verdicts(read: dict[bool, tuple[list[FineVerdict | None], list[bool]]]) -> None:
    (off, off_sloped), (on, on_sloped) = read[False], read[True]
    assert off_sloped and not any(off_sloped)  # the sloped fit ran, unshared
    assert on_sloped and all(on_sloped)  # ... and shared
    assert all(v is not None for v in on)
    assert on == off  # dataclass equality: every float exactly


def test_the_letters_read_are_the_printed_ones(read: dict[bool, tuple[list[FineVerdict | None], list[bool]]]) -> None:
    """The windows compared are real reads, not noise: the sloped letters are read right."""
    on = read[True][0]
    assert on[0] is not None and on[0].label == "abyss D"
    assert on[5] is not None and on[5].label == "abyss G"
    assert on[10] is not None and on[10].label == "abyss A"


def test_control_one_ulp_off_is_seen(pack: Pack, read: dict[bool, tuple[list[FineVerdict | None], list[bool]]],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: the shared offset Gram entry moved by one ulp (what a reordered sum does) changes
    the verdicts' floats, so the equality above would catch an inexact share."""
    exact = pack_reader._SlopeShared.of

    def nudged(w3: np.ndarray, size: int) -> Any:
        s = exact(w3, size)
        return pack_reader._SlopeShared(s.x, s.y, float(np.nextafter(s.weight_total, np.inf)))

    monkeypatch.setattr(pack_reader._SlopeShared, "of", staticmethod(nudged))
    assert _verdicts(pack, share=True) != read[False][0]


def test_blurred_faces_are_the_unshared_ones(pack: Pack) -> None:
    """Each blurred face the matcher keeps is the face the unshared path blurs, to the bit."""
    fine = FineMatcher(pack, ["abyss D", "abyss G"], share_exact=True)
    plain = FineMatcher(pack, ["abyss D", "abyss G"], share_exact=False)
    for sigma in (1.05, 3.6):
        for turn in range(4):
            kept = fine._blurred_face("abyss D", 0, turn, sigma)
            assert fine._blurred_face("abyss D", 0, turn, sigma) is kept
            assert np.array_equal(kept, plain._blurred_face("abyss D", 0, turn, sigma))
