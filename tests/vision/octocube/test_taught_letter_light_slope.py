"""Abyss letters are compared under a light that slopes across the tile (issue 20, session 67).

Random printing 997857 (the lead's fresh set of session 66, ``bench/teach.py --packs 10 --first-art
997850 --first-table 558000 --frames 5``), taught from the bench's two teach photos: on table 558703
the abyss A on (2, 2), in full view, was read abyss F at 0.57. At 1280x720 the letter is about 5
camera pixels and the frame's blur leaves it a faint blob; a light falling across the tile makes
one side of the badge paler, and under one gain and offset the letter whose ink lies on the darker
side fit best. With each letter fitted under its own light slope
(``RecogniserConfig.pack_fine_letters_light_slope``, ``pack_reader._sloped_fit``) it reads A.
Real path: the printing drawn by the twin, taught from its rendered teach photos, the bench's
rendered table read.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from tests.vision.octocube.taught_table import taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.pack_reader import _sloped_fit, _sloped_fit_of, _sloped_offset_corr, _sloped_terms
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

PRINTING, TABLE, STACK = 997_857, 558_703, (2, 2)


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    """The 2-photo pack and the bench's table, as bench/teach.py draws them."""
    return taught_table(PRINTING, TABLE, photos=2)


def _read(scene: tuple[Any, Any], config: RecogniserConfig | None = None) -> tuple[str, float, Any]:
    """(the true top at ``STACK``, its share in view, the taught recogniser's reading of it)."""
    pack, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack, config=config)
    return truth.tops[STACK], truth.top_visibility[STACK], rec.recognise(frame.image).tops[STACK]


def test_an_abyss_a_under_a_light_slope_reads_a(scene: tuple[Any, Any]) -> None:
    want, visible, top = _read(scene)
    assert want == "abyss A" and visible == 1.0  # in full view
    assert top.tile is not None and top.tile.label() == "abyss A"  # before: abyss F at 0.57


def test_under_one_gain_and_offset_it_reads_f(scene: tuple[Any, Any]) -> None:
    """The cause, pinned: with one gain and offset over the window, F wins (the centre's letter
    compared among every taught one, not given by the rules: ``pack_letters_by_rule`` off)."""
    _, _, top = _read(scene, RecogniserConfig(pack_fine_letters_light_slope=False, pack_letters_by_rule=False))
    assert top.tile is not None and top.tile.label() == "abyss F"


def _letter(at: tuple[int, int]) -> np.ndarray:
    """A 40 px pale badge with a dark blurred 'letter' blob at ``at`` (x, y)."""
    img = np.full((40, 40, 3), 200.0, np.float32)
    img[at[1] - 3:at[1] + 3, at[0] - 3:at[0] + 3] = 60.0
    return cv2.GaussianBlur(img, (0, 0), 3.0)


def test_a_sloped_light_does_not_move_the_letter() -> None:
    """Lit brighter towards its foot, a blob at the head fits its own face wholly (the slope is
    the light, not the letter), and better than a face with its blob lower."""
    head, foot = _letter((20, 14)), _letter((20, 26))
    y = (np.mgrid[0:46, 0:46][0].astype(np.float32) + 0.5) / 46 - 0.5
    window = _letter((20, 14))
    window = np.pad(window, ((3, 3), (3, 3), (0, 0)), mode="edge") * (1.0 + 0.5 * y)[..., None]
    w3 = np.ones_like(head)
    own = float(_sloped_fit(window, head, w3).max())
    other = float(_sloped_fit(window, foot, w3).max())
    assert own > 0.999 and own > other


@pytest.mark.parametrize("each_channel", [False, True])
def test_faces_sharing_a_regions_offset_correlations_fit_to_the_bit(each_channel: bool) -> None:
    """The fine stage makes the sloped fit's offset columns' correlations once per region and
    weights and hands them to every face compared there (session 76: a quarter of its
    ``matchTemplate`` calls were these again): each face's fit is then its own fit, made whole, to
    the bit. Control: the offsets of another region (the window a pixel over) change the fits, so a
    correlation shared where it should not be would be seen here."""
    rng = np.random.default_rng(76)
    faces = [cv2.GaussianBlur((rng.random((40, 40, 3)) * 255).astype(np.float32), (0, 0), 2.0) for _ in range(5)]
    window = cv2.GaussianBlur((rng.random((47, 47, 3)) * 255).astype(np.float32), (0, 0), 2.0)
    region, other = np.ascontiguousarray(window[:46, :46]), np.ascontiguousarray(window[1:, 1:])
    w3 = np.ascontiguousarray(np.repeat(cv2.GaussianBlur(rng.random((40, 40)).astype(np.float32), (0, 0), 4.0)[..., None],
                                        3, axis=2))
    total = cv2.matchTemplate(region * region, w3, cv2.TM_CCORR).astype(np.float64)
    shared = _sloped_offset_corr(region, _sloped_terms(faces[0], w3, each_channel))
    elsewhere = _sloped_offset_corr(other, _sloped_terms(faces[0], w3, each_channel))
    for face in faces:
        terms = _sloped_terms(face, w3, each_channel)
        whole = _sloped_fit_of(region, terms, w3, total)
        assert np.array_equal(_sloped_fit_of(region, terms, w3, total, shared), whole)
        assert np.array_equal(_sloped_fit(region, face, w3, total, each_channel), whole)
        assert not np.array_equal(_sloped_fit_of(region, terms, w3, total, elsewhere), whole)
