"""The taught pack reader's fine stage (vision/octocube/pack_reader.py FineMatcher): faces of one
printing that differ only by a small mark, which the 1 px/mm coarse stage confuses, are told
apart at 3 px/mm where those faces differ. A taught pack is built in memory from a training
printing's own faces; the camera is stood in for by the face laid on the play mat a little off
centre and blurred (sigma 1 mm, about what a 1280x720 table camera gives)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.octocube.taught_table import printing_pack
from vision.octocube.colour import MAT_BGR
from vision.octocube.pack_reader import FineMatcher, TileMatcher, _pairwise_difference
from vision.pack import Pack

PRINTING = 4
"""A training printing (random art seed < 100000) whose abyss D and G the coarse stage confuses."""



def _camera_window(face: np.ndarray, px_per_mm: float, offset_mm: tuple[float, float]) -> np.ndarray:
    """The 52 mm window round a stack: ``face`` on the mat, ``offset_mm`` off centre, blurred."""
    side = int(round(52 * px_per_mm))
    window = np.empty((side, side, 3), np.float32)
    window[:] = MAT_BGR
    tile = cv2.resize(face, (int(round(34 * px_per_mm)),) * 2, interpolation=cv2.INTER_AREA)
    x0 = int(round(side / 2 - 17 * px_per_mm + offset_mm[0] * px_per_mm))
    y0 = int(round(side / 2 - 17 * px_per_mm + offset_mm[1] * px_per_mm))
    window[y0:y0 + tile.shape[0], x0:x0 + tile.shape[1]] = tile
    return np.clip(cv2.GaussianBlur(window, (0, 0), 1.0 * px_per_mm), 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def pack() -> Pack:
    return printing_pack(PRINTING)


def test_fine_stage_reads_the_letter_the_coarse_stage_confuses(pack: Pack) -> None:
    coarse = TileMatcher(pack)
    fine = FineMatcher(pack, coarse.labels)
    fine_window = _camera_window(pack.faces["abyss-D"], 3.0, (0.4, -0.3))
    patch = cv2.resize(fine_window, (52, 52), interpolation=cv2.INTER_AREA)  # the recogniser's 1 px/mm
    scores = coarse.scores(patch[None])
    label, _, lead, _ = scores.best(0)
    assert label == "abyss G" and lead < 0.02  # the old reader's answer: a letter a few pixels tall
    assert scores.offsets is not None
    candidates = [(lb, int(scores.turns[0, j]), (float(scores.offsets[0, j, 0]), float(scores.offsets[0, j, 1])))
                  for j, lb in enumerate(scores.labels) if lb.startswith("abyss")]
    verdict = fine.rerank(fine_window, candidates)
    assert verdict is not None
    assert verdict.label == "abyss D"
    assert verdict.scores["abyss D"] > verdict.scores["abyss G"]


def test_fine_stage_keeps_a_face_the_coarse_stage_reads_right(pack: Pack) -> None:
    coarse = TileMatcher(pack)
    fine = FineMatcher(pack, coarse.labels)
    fine_window = _camera_window(pack.faces["green-pearl"], 3.0, (-1.0, 0.5))
    scores = coarse.scores(cv2.resize(fine_window, (52, 52), interpolation=cv2.INTER_AREA)[None])
    assert scores.best(0)[0] == "green pearl"
    assert scores.offsets is not None
    order = np.argsort(scores.scores[0])[::-1][:3]
    verdict = fine.rerank(fine_window, [(scores.labels[j], 0, (float(scores.offsets[0, j, 0]),
                                                                float(scores.offsets[0, j, 1]))) for j in order])
    assert verdict is not None and verdict.label == "green pearl"


def test_fewer_than_two_taught_candidates_leave_the_coarse_answer(pack: Pack) -> None:
    fine = FineMatcher(pack, ("green pearl",))
    window = _camera_window(pack.faces["green-pearl"], 3.0, (0.0, 0.0))
    assert fine.rerank(window, [("green pearl", 0, (0.0, 0.0)), ("white pearl", 0, (0.0, 0.0))]) is None


def test_recogniser_takes_the_letter_from_the_fine_stage() -> None:
    """A training printing's table (the dev loop's frame 530504 of printing 5, bench/
    octocube_taught_tops.py) with 4 abyss tops: at 1 px/mm the abyss faces' coarse scores differ by
    noise, and weighed into the pick they overturned the fine stage's right letter on one of them."""
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.octocube.synth import synth_frame
    from vision.octocube.truth import scene_truth
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer

    frame = synth_frame(530504, Renderer(), turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0,
                        art=random_pack(5))
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=printing_pack(5)).recognise(frame.image)
    letters = {loc: want for loc, want in truth.tops.items() if str(want).startswith("abyss")}
    assert len(letters) == 4
    tiles = {loc: obs.tops[loc].tile for loc in letters}
    got = {loc: tile.label() if tile is not None else None for loc, tile in tiles.items()}
    assert got == letters


@pytest.mark.parametrize("count", [2, 5, 20])
def test_the_faces_difference_map_is_the_whole_arrays_to_the_bit(count: int) -> None:
    """The fine stage's map of where candidates differ (``_pairwise_difference``, session 75: each
    unordered pair once, no (N, N, S, S, 3) array) is the whole array's sum to the bit, so every
    fine verdict stays as it was. Control: the same sums added in another order (the channels
    last) differ in the last bits on the same faces, so an order change would be seen here."""
    rng = np.random.default_rng(75 + count)
    faces = (rng.random((count, 78, 78, 3)) * 255).astype(np.float32)
    whole = np.abs(faces[:, None] - faces[None])
    assert np.array_equal(_pairwise_difference(faces), whole.sum(axis=(0, 1, 4)))
    if count >= 5:  # (two faces give one difference twice: no order to tell)
        assert not np.array_equal(whole.sum(axis=(0, 1)).sum(axis=-1), whole.sum(axis=(0, 1, 4)))
