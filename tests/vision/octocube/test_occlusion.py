"""The "wait, something is over the table" decision, on synthetic frames of a camera straight above
the play area at 1 px/mm: a skin-coloured blob counts from the configured area up, only inside the
play area; a side of the mat counts as covered from a run of foreign probes and a share above the
configured one; probes hidden by a cube do not count; the white balance is applied first. (The
rendered-table test in test_recogniser.py checks a real hand.)"""

from __future__ import annotations

import numpy as np
import pytest

from vision.octocube.colour import MAT_BGR
from vision.octocube.config import RecogniserConfig
from vision.octocube.geometry import TableView
from vision.octocube.occlusion import OcclusionDetector, OcclusionReport

OFFSET = 50  # image px of table (0, 0); 1 px per mm
SKIN = (120, 150, 210)  # BGR; YCrCb (165, 160, 103), inside the configured skin box
PROBES = [(100.0 + 12 * i, 20.0) for i in range(10)]  # one side's strip, 12 mm apart
ONE = np.ones(3, np.float32)


@pytest.fixture
def detector() -> OcclusionDetector:
    """Built for each test (it is cheap): a mutation run only reruns the tests it saw calling the
    detector's constructor, and a module-wide one is built inside the first test alone."""
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    return OcclusionDetector(view, [PROBES, [(20.0, 100.0 + 12 * i) for i in range(10)]], RecogniserConfig())


def mat() -> np.ndarray:
    frame = np.zeros((700, 700, 3), np.uint8)
    frame[:] = np.array(MAT_BGR, np.uint8)
    return frame


def paint(frame: np.ndarray, x_mm: float, y_mm: float, w_mm: float, h_mm: float, bgr: tuple[int, int, int]) -> None:
    x, y = int(x_mm) + OFFSET, int(y_mm) + OFFSET
    frame[y: y + int(h_mm), x: x + int(w_mm)] = bgr


def cover_probes(frame: np.ndarray, indices: list[int], bgr: tuple[int, int, int] = (128, 128, 128)) -> None:
    for i in indices:
        x, y = PROBES[i]
        paint(frame, x - 4, y - 4, 8, 8, bgr)


def test_a_clear_mat_is_not_occluded(detector: OcclusionDetector) -> None:
    assert detector.check(mat(), ONE, []) == OcclusionReport(False, 0.0, 0.0, "")


def test_a_skin_coloured_blob_counts_from_the_configured_area(detector: OcclusionDetector) -> None:
    assert RecogniserConfig().occluder_min_area_mm2 == 2600.0
    frame = mat()
    paint(frame, 200, 200, 52, 50, SKIN)  # 2600 mm2
    report = detector.check(frame, ONE, [])
    assert report == OcclusionReport(True, 2600.0, 0.0, "a skin-coloured area of 2600 mm2 (a hand?) over the play area")
    frame = mat()
    paint(frame, 200, 200, 50, 50, SKIN)  # 2500 mm2: a large skin-like tile, not a hand
    assert detector.check(frame, ONE, []) == OcclusionReport(False, 2500.0, 0.0, "")


def test_the_largest_blob_counts_not_their_sum(detector: OcclusionDetector) -> None:
    frame = mat()
    paint(frame, 200, 200, 40, 40, SKIN)
    paint(frame, 300, 300, 40, 50, SKIN)
    report = detector.check(frame, ONE, [])
    assert (report.occluded, report.skin_blob_mm2) == (False, 2000.0)


def test_skin_outside_the_play_area_is_not_over_it(detector: OcclusionDetector) -> None:
    frame = mat()
    paint(frame, -48, 100, 44, 120, SKIN)  # left of the play area
    assert detector.check(frame, ONE, []).skin_blob_mm2 == 0.0


def test_colours_are_judged_after_the_white_balance(detector: OcclusionDetector) -> None:
    dark = (mat().astype(np.float32) * 0.35).astype(np.uint8)  # a dim lamp: every probe too dark
    assert detector.check(dark, ONE, []).foreign_fraction == 1.0
    balanced = detector.check(dark, np.full(3, 1 / 0.35, np.float32), [])
    assert balanced.foreign_fraction == 0.0 and not balanced.occluded


def test_a_side_is_covered_from_a_run_of_foreign_probes_above_the_configured_share(detector: OcclusionDetector) -> None:
    cfg = RecogniserConfig()
    assert (cfg.mat_foreign_fraction, cfg.mat_foreign_min_run) == (0.3, 3)
    frame = mat()
    cover_probes(frame, [2, 3, 4, 5])
    assert detector.check(frame, ONE, []) == OcclusionReport(True, 0.0, 0.4, "40% of one side's mat is covered by something")
    frame = mat()
    cover_probes(frame, [2, 3, 4])  # a share of exactly 0.3: not above it
    assert detector.check(frame, ONE, []) == OcclusionReport(False, 0.0, 0.3, "")
    frame = mat()
    cover_probes(frame, [0, 2, 4, 6, 8])  # shadows every other probe: no run of 3
    assert detector.check(frame, ONE, []).foreign_fraction == 0.0
    frame = mat()
    cover_probes(frame, [0, 1, 3, 4, 6, 7, 9])  # runs of 2 only, however many
    assert detector.check(frame, ONE, []).foreign_fraction == 0.0


def test_a_probe_is_foreign_by_hue_or_by_brightness_beyond_the_lamps_range(detector: OcclusionDetector) -> None:
    m = np.array(MAT_BGR)
    for scale, foreign in ((0.3, True), (0.45, False), (2.5, False), (2.7, True)):
        frame = mat()
        cover_probes(frame, [0, 1, 2, 3], tuple(int(v) for v in np.clip(m * scale, 0, 255)))  # type: ignore[arg-type]
        assert detector.check(frame, ONE, []).foreign_fraction == (0.4 if foreign else 0.0), scale


def test_probes_a_cube_hides_do_not_count(detector: OcclusionDetector) -> None:
    frame = mat()
    cover_probes(frame, [2, 3, 4, 5])
    # a cube's outline (image px) over probes 2 and 3: the run left is 2 of 8 probes
    hull = np.array([[170, 60], [200, 60], [200, 80], [170, 80]], np.float32)
    assert PROBES[2][0] + OFFSET == 174 and PROBES[3][0] + OFFSET == 186
    report = detector.check(frame, ONE, [hull])
    assert (report.occluded, report.foreign_fraction) == (False, 0.0)
    # a side with fewer than 4 probes left is not judged at all
    frame = mat()
    cover_probes(frame, list(range(10)))
    wide = np.array([[140, 60], [230, 60], [230, 80], [140, 80]], np.float32)  # hides probes 0-6
    assert detector.check(frame, ONE, [wide]).foreign_fraction == 0.0
    assert detector.check(frame, ONE, []).foreign_fraction == 1.0


def test_both_reasons_are_said_and_the_worst_side_counts(detector: OcclusionDetector) -> None:
    frame = mat()
    cover_probes(frame, [0, 1, 2, 3, 4])
    paint(frame, 15, 100, 10, 60, (128, 128, 128))  # the other side's first 5 probes (4 in a run)
    paint(frame, 200, 200, 60, 50, SKIN)
    report = detector.check(frame, ONE, [])
    assert report.occluded and report.foreign_fraction == 0.5
    assert report.reason == "a skin-coloured area of 3000 mm2 (a hand?) over the play area; 50% of one side's mat is covered by something"


def test_a_strong_white_balance_saturates_instead_of_wrapping_round(detector: OcclusionDetector) -> None:
    frame = mat()
    paint(frame, 200, 200, 60, 50, SKIN)  # red 210 x 1.3 saturates at 255: still skin
    report = detector.check(frame, np.full(3, 1.3, np.float32), [])
    assert report.occluded and report.skin_blob_mm2 == 3000.0


def test_a_side_with_four_probes_left_is_still_judged(detector: OcclusionDetector) -> None:
    frame = mat()
    cover_probes(frame, [6, 7, 8, 9])
    hides_six = np.array([[140, 60], [215, 60], [215, 80], [140, 80]], np.float32)  # probes 0-5
    assert PROBES[5][0] + OFFSET == 210 and PROBES[6][0] + OFFSET == 222
    assert detector.check(frame, ONE, [hides_six]).foreign_fraction == 1.0


def test_probes_beyond_the_frame_read_its_nearest_edge() -> None:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    above = [(100.0 + 12 * i, -60.0) for i in range(10)]  # 10 px above the top of the frame
    detector = OcclusionDetector(view, [above], RecogniserConfig())
    frame = mat()
    frame[:4] = (128, 128, 128)  # the top rows show something grey; the bottom rows are mat
    assert detector.check(frame, ONE, []).foreign_fraction == 1.0


def test_the_far_corner_of_the_play_area_is_watched_too(detector: OcclusionDetector) -> None:
    frame = mat()
    paint(frame, 530, 530, 60, 60, SKIN)
    report = detector.check(frame, ONE, [])
    assert report.occluded and report.skin_blob_mm2 == 3600.0


def test_probes_left_of_the_frame_read_its_left_edge() -> None:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    left = [(-60.0, 100.0 + 12 * i) for i in range(10)]  # 10 px left of the frame
    detector = OcclusionDetector(view, [left], RecogniserConfig())
    frame = mat()
    frame[:, :2] = (128, 128, 128)  # the leftmost column (of the half-size image) is grey
    assert detector.check(frame, ONE, []).foreign_fraction == 1.0


def test_a_side_not_judged_does_not_stop_the_next_from_being_judged() -> None:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    detector = OcclusionDetector(view, [PROBES[:3], [(20.0, 100.0 + 12 * i) for i in range(10)]], RecogniserConfig())
    frame = mat()
    paint(frame, 15, 100, 10, 60, (128, 128, 128))  # the second side's first 5 probes
    assert detector.check(frame, ONE, []).foreign_fraction == 0.5


def test_probes_right_of_the_frame_read_its_right_edge() -> None:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    right = [(660.0, 100.0 + 12 * i) for i in range(10)]  # 10 px right of the frame
    detector = OcclusionDetector(view, [right], RecogniserConfig())
    frame = mat()
    frame[:, -2:] = (128, 128, 128)
    assert detector.check(frame, ONE, []).foreign_fraction == 1.0


def test_the_blob_area_is_in_mm2_at_any_image_scale() -> None:
    """2 px per mm: a 40 x 40 mm skin blob is 6400 image px and still 1600 mm2."""
    view = TableView(np.array([[2.0, 0, 20], [0, 2.0, 20], [0, 0, 1]]), (1240, 1240))
    detector = OcclusionDetector(view, [PROBES], RecogniserConfig())
    frame = np.zeros((1240, 1240, 3), np.uint8)
    frame[:] = np.array(MAT_BGR, np.uint8)
    frame[20 + 400: 20 + 480, 20 + 400: 20 + 480] = SKIN
    assert detector.check(frame, ONE, []).skin_blob_mm2 == 1600.0


def test_the_area_scale_is_measured_across_the_centre_of_the_play_area() -> None:
    """Under perspective the scale changes across the table: it is taken from the 100 mm to the
    right of the play area's centre (300, 300), where a hand reaching the grid usually is."""
    h = np.array([[1.0, 0, 50], [0, 1.0, 50], [0.0008, 0, 1]])
    view = TableView(h, (700, 700))
    detector = OcclusionDetector(view, [PROBES], RecogniserConfig())
    frame = mat()
    square = np.array([[260.0, 260], [340, 260], [340, 340], [260, 340]])
    corners = view.project(square)
    import cv2

    cv2.fillPoly(frame, [np.round(corners).astype(np.int32)], SKIN)
    half = cv2.resize(frame, (350, 350), interpolation=cv2.INTER_AREA)
    ycc = cv2.cvtColor(half, cv2.COLOR_BGR2YCrCb)
    pixels = int(np.count_nonzero(cv2.inRange(ycc, (45, 136, 78), (255, 178, 128))))
    a, b = view.project(np.array([[300.0, 300.0], [400.0, 300.0]])) * 0.5
    expected = pixels / (float(np.linalg.norm(b - a)) / 100.0) ** 2
    assert detector.check(frame, ONE, []).skin_blob_mm2 == pytest.approx(expected, rel=0.01)


@pytest.mark.parametrize("corner", [(0, 0), (540, 0), (0, 540), (540, 540)])
def test_a_hand_at_any_corner_of_the_play_area_counts_whole(detector: OcclusionDetector, corner: tuple[int, int]) -> None:
    """The play area's outline goes round all four edges: a blob filling a corner up to both edges
    counts every pixel (3600 mm2), none cut off by the outline."""
    frame = mat()
    paint(frame, corner[0], corner[1], 60, 60, SKIN)
    assert detector.check(frame, ONE, []).skin_blob_mm2 == 3600.0


def test_probes_below_the_frame_read_its_bottom_row() -> None:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    below = [(100.0 + 12 * i, 660.0) for i in range(10)]  # 10 px below the frame
    detector = OcclusionDetector(view, [below], RecogniserConfig())
    frame = mat()
    frame[-2:] = (128, 128, 128)  # only the last row of the half-size image is grey
    assert detector.check(frame, ONE, []).foreign_fraction == 1.0


def test_probes_above_the_frame_read_its_very_first_row() -> None:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    above = [(100.0 + 12 * i, -60.0) for i in range(10)]
    detector = OcclusionDetector(view, [above], RecogniserConfig())
    frame = mat()
    frame[:2] = (128, 128, 128)  # the first row of the half-size image only
    assert detector.check(frame, ONE, []).foreign_fraction == 1.0


def test_a_probe_on_the_edge_of_a_cube_outline_is_hidden(detector: OcclusionDetector) -> None:
    frame = mat()
    cover_probes(frame, [2, 3, 4, 5, 6])
    on_edge = np.array([[174, 60], [200, 60], [200, 80], [174, 80]], np.float32)  # probe 2 on its left edge
    assert [PROBES[i][0] + OFFSET for i in (2, 3, 4, 5)] == [174, 186, 198, 210]  # 3 and 4 inside, 5 out
    assert detector.check(frame, ONE, [on_edge]).foreign_fraction == 0.0  # 5 and 6 alone: no run of 3


@pytest.mark.parametrize(("bgr", "foreign"), [
    ((30, 36, 23), True),     # brightness 89: (89 + 1) / (226 + 1) below 0.4
    ((30, 37, 23), False),    # 90: just not
    ((198, 240, 151), False),  # 589: (589 + 1) / 227 not above 2.6
    ((198, 240, 152), True),  # 590: above
])
def test_the_brightness_limits_hold_to_the_unit(detector: OcclusionDetector, bgr: tuple[int, int, int], foreign: bool) -> None:
    """The mat's colour at the edges of the lamps' range (its hue kept): the ratio is (sum + 1) /
    (mat's sum + 1), MAT_BGR summing to 226, against the configured 0.4 and 2.6."""
    assert (sum(MAT_BGR), RecogniserConfig().mat_dark_ratio, RecogniserConfig().mat_bright_ratio) == (226.0, 0.4, 2.6)
    frame = mat()
    cover_probes(frame, [0, 1, 2, 3], bgr)
    assert detector.check(frame, ONE, []).foreign_fraction == (0.4 if foreign else 0.0)
