"""A stack top partly hidden behind a neighbour's cube (under tilt the cube leans over the window)
is read with a taught pack on the pixels it shows only (vision/octocube/pack_reader.py: the
``visible`` mask of ``TileMatcher.scores`` and ``FineMatcher.rerank``). Compared whole, the cube's
side pulls the window's colour and outline off the face: a light-blue tile read as the white
one of the same glyph, a glyph read as another. Packs are built in memory from training
printings' own faces (random art seeds below 100000)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.octocube.taught_table import printing_pack
from tests.vision.octocube.test_pack_reader_fine import _camera_window
from vision.octocube.pack_reader import SEARCH_PX, FineMatcher, TileMatcher
from vision.pack import Pack

CUBE_SIDE_BGR = (40, 40, 190)
"""A red player cube's side, as it leans into the window in front of it."""


def _hidden_window(pack: Pack, face: str, px_per_mm: float, hidden_mm: int) -> tuple[np.ndarray, np.ndarray]:
    """``face`` on the mat, its window's top ``hidden_mm`` covered by a cube's side; and the
    window's seen mask (1 seen, 0 behind the cube)."""
    window = _camera_window(pack.faces[face], px_per_mm, (0.5, -0.5)).copy()
    rows = int(round(hidden_mm * px_per_mm))
    window[:rows] = CUBE_SIDE_BGR
    seen = np.ones(window.shape[:2], np.float32)
    seen[:rows] = 0.0
    return window, seen


@pytest.fixture(scope="module")
def pack() -> Pack:
    return printing_pack(2)


@pytest.mark.parametrize("face,label", [("light-blue-diamond", "light blue diamond"),
                                        ("white-sextant", "white sextant"),
                                        ("dark-blue-starfish", "dark blue starfish")])
def test_coarse_stage_reads_a_partly_hidden_top_on_its_seen_part(pack: Pack, face: str, label: str) -> None:
    matcher = TileMatcher(pack)
    window, seen = _hidden_window(pack, face, 1.0, 22)
    whole = matcher.scores(window[None]).best(0)
    assert whole[0] != label  # compared whole, the cube's side wins another face
    got, score, lead, _ = matcher.scores(window[None], visible=seen[None]).best(0)
    assert got == label
    assert score > 0.9 and lead > 0.1


def test_a_fully_seen_window_scores_as_without_a_mask(pack: Pack) -> None:
    matcher = TileMatcher(pack)
    window = _camera_window(pack.faces["green-pearl"], 1.0, (1.0, 0.5))
    plain = matcher.scores(window[None])
    masked = matcher.scores(window[None], visible=np.ones((1, *window.shape[:2]), np.float32))
    np.testing.assert_allclose(masked.scores, plain.scores, atol=1e-4)


def test_fine_stage_compares_the_seen_part_only(pack: Pack) -> None:
    coarse = TileMatcher(pack)
    fine = FineMatcher(pack, coarse.labels)
    window, seen = _hidden_window(pack, "light-blue-diamond", 3.0, 22)
    candidates = [(label, 0, (0.5, -0.5)) for label in ("light blue diamond", "green diamond", "white diamond")]
    blind = fine.rerank(window, candidates)
    assert blind is not None and blind.label != "light blue diamond"
    verdict = fine.rerank(window, candidates, visible=seen)
    assert verdict is not None and verdict.label == "light blue diamond"


def test_recogniser_reads_partly_hidden_tops_of_a_rendered_table() -> None:
    """A training printing's table (the dev loop's frame 531104 of printing 11, bench/
    octocube_taught_tops.py) where two tops are hidden 27 and 31 % by the cubes in front of
    them: the whole-window comparison read dark blue sextant as dark blue starfish and light
    blue sextant as light blue starfish."""
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.octocube.synth import synth_frame
    from vision.octocube.truth import scene_truth
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer

    frame = synth_frame(531104, Renderer(), turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0,
                        art=random_pack(11))
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=printing_pack(11))
    obs = rec.recognise(frame.image)
    partly = [loc for loc, f in rec.last_hidden.items() if 0.2 <= f < 0.45 and truth.tops.get(loc) not in (None, "cube")]
    assert len(partly) >= 2
    for loc in partly:
        reading = obs.tops[loc]
        assert reading.tile is not None and reading.tile.label() == truth.tops[loc], loc


@pytest.mark.parametrize("seen_px", [3, 5, 8])
def test_a_window_that_sees_next_to_nothing_fits_no_face_above_a_correlation(pack: Pack, seen_px: int) -> None:
    """A correlation is at most 1. Where a shift sees next to nothing, the masked correlation's
    prototype terms are the FFT's rounding, and a window seen on an 8 px square at its left edge
    fitted 5.1 (a cube's outline fitted 40-80, session 62, undercube): such a shift now fits 0."""
    matcher = TileMatcher(pack)
    window = _camera_window(pack.faces["green-pearl"], 1.0, (0.0, 0.0))
    middle = window.shape[0] // 2
    seen = np.zeros((1, *window.shape[:2]), np.float32)
    seen[0, middle:middle + seen_px, :seen_px] = 1.0
    scores = matcher.scores(window[None], visible=seen).scores
    assert np.all(scores <= 1.0 + 1e-6), float(scores.max())


def test_a_shift_whose_square_sees_nothing_fits_zero(pack: Pack) -> None:
    """The masked correlation's FFTs run in single precision: where a shift's compared square sees
    nothing, its spreads are rounding and the ratio was anything (a square seen on 0 px fitted 89,
    session 62; clipped, it fitted 1 or -1): such a shift has no correlation, 0."""
    matcher = TileMatcher(pack)
    window = _camera_window(pack.faces["green-pearl"], 1.0, (0.0, 0.0))
    seen = np.zeros((1, *window.shape[:2]), np.float32)
    seen[0, 20:30, 44:] = 1.0  # a block at the right edge: squares 13 px or more left of centre miss it
    shifts = np.zeros((2 * SEARCH_PX + 1, 2 * SEARCH_PX + 1), bool)
    shifts[:, :SEARCH_PX - 2] = True
    scores = matcher.scores(window[None], visible=seen, shifts=shifts, colour_weight=0.0).scores
    np.testing.assert_array_equal(scores, 0.0)


def test_best_fits_are_the_scores_best_on_each_mask(pack: Pack) -> None:
    """``TileMatcher.best_fits`` (a hidden top's cube outlines compared at once, at the allowed
    shifts only, without FFTs) gives each mask's best upright score as :meth:`scores` does."""
    matcher = TileMatcher(pack)
    window, seen = _hidden_window(pack, "white-sextant", 1.0, 22)
    masks = np.stack([seen, np.roll(seen, 4, axis=0), np.ones_like(seen), seen, np.roll(seen, -6, axis=0)])
    yy, xx = np.mgrid[-SEARCH_PX:SEARCH_PX + 1, -SEARCH_PX:SEARCH_PX + 1]
    shifts = np.abs(yy - xx) <= 2  # a band, as a parallax line
    want = [float(matcher.scores(window[None], visible=m[None], shifts=shifts).scores[0].max()) for m in masks]
    np.testing.assert_allclose(matcher.best_fits(window, masks, shifts), want, atol=1e-3)
    whole = float(matcher.scores(window[None], visible=masks[2:3]).scores[0].max())
    assert abs(float(matcher.best_fits(window, masks[2:3])[0]) - whole) < 1e-3
