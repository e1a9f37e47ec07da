"""Two skin-like tiles side by side are not a hand (issue 20).

Whole taught game 72718 (random printing 997394 draws tiles in the coin's tan; bench/teach.py
--octocube-games), changes 140-150: two tan tiles next to each other on Yellow's scoring board
joined, at the detector's half size, through a neck a few pixels thick where the thin line between
them blurred (2950-3033 mm2, over ``occluder_min_area_mm2``): every still frame of six changes read
as a hand over the table, no scene was taken there, Yellow's roll to A1 was never seen and the game
was lost. The skin mask is now opened with ``occluder_open_mm`` (12 mm) before its blobs are
measured. Synthetic frames as in test_occlusion.py (a camera straight above, 1 px/mm)."""

from __future__ import annotations

import numpy as np

from tests.vision.octocube.test_occlusion import ONE, PROBES, SKIN, mat, paint
from vision.octocube.config import RecogniserConfig
from vision.octocube.geometry import TableView
from vision.octocube.occlusion import OcclusionDetector

OFFSET = 50


def detector(config: RecogniserConfig | None = None) -> OcclusionDetector:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    return OcclusionDetector(view, [PROBES, [(20.0, 100.0 + 12 * i) for i in range(10)]],
                             config or RecogniserConfig())


def two_tiles_with_a_neck() -> np.ndarray:
    """Two 38 mm tiles 2 mm apart (1444 mm2 each), the gap skin-coloured along 8 mm of it."""
    frame = mat()
    paint(frame, 200, 200, 38, 38, SKIN)
    paint(frame, 240, 200, 38, 38, SKIN)
    paint(frame, 238, 230, 2, 8, SKIN)
    return frame


def test_two_tiles_joined_by_a_neck_are_not_a_hand() -> None:
    report = detector().check(two_tiles_with_a_neck(), ONE, [])
    assert not report.occluded
    assert report.skin_blob_mm2 <= 1444.0


def test_with_the_old_opening_they_read_as_a_hand() -> None:
    """The cause pinned: opened 3 px at half size (7.6 mm at the bench's scale, 6 mm here) the
    neck stays and the two tiles are one hand-sized blob."""
    report = detector(RecogniserConfig(occluder_open_mm=6.0)).check(two_tiles_with_a_neck(), ONE, [])
    assert report.occluded and report.skin_blob_mm2 > 2888.0


def test_a_hand_with_fingers_still_counts_whole() -> None:
    """A palm (80 x 90 mm) with four 15 mm fingers 60 mm long, 5 mm apart: one blob, fingers kept."""
    frame = mat()
    paint(frame, 200, 300, 80, 90, SKIN)
    for i in range(4):
        paint(frame, 200 + 20 * i, 240, 15, 60, SKIN)
    report = detector().check(frame, ONE, [])
    assert report.occluded and report.skin_blob_mm2 >= 80 * 90 + 4 * 15 * 60 * 0.9
