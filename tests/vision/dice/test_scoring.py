"""Scoring dice readings against labels drawn in another convention, and the top-face relabelling."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice.relabel import top_face
from vision.dice.scoring import Tally, iou, nested

FACE = (100.0, 100.0, 150.0, 150.0)  # a die's top face, 50 px
PIP = (120.0, 120.0, 130.0, 130.0)  # its lone pip, as the real set boxes a "1"


def test_iou() -> None:
    assert iou(FACE, FACE) == pytest.approx(1.0)
    assert iou(FACE, (150.0, 150.0, 200.0, 200.0)) == 0.0
    assert iou(FACE, (125.0, 100.0, 175.0, 150.0)) == pytest.approx(1 / 3)


def test_nested_boxes_match_in_either_direction_but_not_a_huge_box() -> None:
    assert iou(PIP, FACE) < 0.5
    assert nested(PIP, FACE) and nested(FACE, PIP)
    assert not nested(PIP, (0.0, 0.0, 400.0, 400.0)), "a box 1600x the label's area is not that die"
    assert not nested((140.0, 140.0, 160.0, 160.0), FACE), "only a quarter of the label inside"


def test_tally_counts_one_detection_per_die() -> None:
    tally = Tally()
    two_dice = [(0, (100.0, 100.0, 110.0, 110.0)), (0, (140.0, 140.0, 150.0, 150.0))]
    tally.add("two pips in one box", two_dice, [(0, FACE)])
    assert (tally.labels, tally.detections, tally.matched, tally.matched_inside) == (2, 1, 0, 1)
    recall, precision, face = tally.figures(nested_too=True)
    assert (recall, precision, face) == (0.5, 1.0, 1.0)
    assert any("missed" in e for e in tally.errors)


def test_tally_face_errors_and_false_detections() -> None:
    tally = Tally()
    tally.add("photo", [(0, FACE)], [(3, (101.0, 101.0, 151.0, 151.0)), (0, (300.0, 300.0, 340.0, 340.0))])
    recall, precision, face = tally.figures()
    assert (recall, precision, face) == (1.0, 0.5, 0.0)
    lines = tally.report("t", 0.99)
    assert any("FAIL" in line for line in lines)
    assert any("read as" in e for e in tally.errors) and any("false detection" in e for e in tally.errors)


def test_top_face_takes_the_largest_detection_around_the_pips() -> None:
    boxes = np.array([[118, 118, 132, 132], [98, 98, 152, 152], [300, 300, 350, 350]], np.float32)
    assert top_face(PIP, boxes) == pytest.approx((98, 98, 152, 152))
    # the union keeps every labelled pip inside the new box
    assert top_face((95.0, 120.0, 130.0, 130.0), boxes) == pytest.approx((95, 98, 152, 152))


def test_top_face_is_none_without_a_fitting_detection() -> None:
    far = np.array([[300, 300, 350, 350]], np.float32)
    huge = np.array([[0, 0, 600, 450]], np.float32)
    assert top_face(PIP, far) is None
    assert top_face(PIP, huge) is None
