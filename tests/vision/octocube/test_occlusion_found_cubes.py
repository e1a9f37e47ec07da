"""Skin-coloured pixels inside a found cube's outline are the reader's, not a hand's
(``RecogniserConfig.occluder_skips_found_cubes``).

Whole taught game 72774 (printing 997976, 2 players, tilt 21.9, day), change 4: Yellow put its cube
on A1 beside Red's on B1; the two pale cubes and a tan stack top joined into a skin-coloured blob
of 3022 mm2 (over ``occluder_min_area_mm2``, 2600), the still was taken for a hand and never read,
and the tracker had to explain Red's unseen pivot, Yellow's placement and Red's roll at once (the
game was lost from move 4). Synthetic frames as in test_occlusion.py (a camera straight above,
1 px/mm), then that still through the taught pack."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tests.vision.octocube.test_occlusion import OFFSET, ONE, PROBES, SKIN, mat, paint
from vision.octocube.config import RecogniserConfig
from vision.octocube.geometry import TableView
from vision.octocube.occlusion import OcclusionDetector


def detector(config: RecogniserConfig) -> OcclusionDetector:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    return OcclusionDetector(view, [PROBES], config)


def hull(x_mm: float, y_mm: float, side_mm: float) -> np.ndarray:
    """A cube's outline (image px) seen straight down at 1 px/mm."""
    x, y = x_mm + OFFSET, y_mm + OFFSET
    return np.array([[x, y], [x + side_mm, y], [x + side_mm, y + side_mm], [x, y + side_mm]], np.float32)


def two_cubes_and_a_tan_top() -> tuple[np.ndarray, list[np.ndarray]]:
    frame = mat()
    paint(frame, 200, 200, 40, 40, SKIN)  # a pale cube
    paint(frame, 240, 200, 40, 40, SKIN)  # the one beside it
    paint(frame, 280, 203, 34, 34, SKIN)  # a tan stack top touching it
    return frame, [hull(200, 200, 40), hull(240, 200, 40)]


def test_pale_cubes_beside_a_tan_top_are_no_hand() -> None:
    frame, cubes = two_cubes_and_a_tan_top()
    report = detector(RecogniserConfig()).check(frame, ONE, cubes)
    assert not report.occluded and report.skin_blob_mm2 <= 34 * 34, report


def test_off_they_are_a_hand() -> None:
    frame, cubes = two_cubes_and_a_tan_top()
    report = detector(RecogniserConfig(occluder_skips_found_cubes=False)).check(frame, ONE, cubes)
    assert report.occluded and report.skin_blob_mm2 > 3000, report


def test_a_hand_holding_a_cube_is_still_a_hand() -> None:
    frame = mat()
    paint(frame, 200, 200, 90, 160, SKIN)  # a hand and wrist, 14400 mm2
    report = detector(RecogniserConfig()).check(frame, ONE, [hull(225, 220, 40)])
    assert report.occluded and report.skin_blob_mm2 > 12_000, report  # the cube (1600 mm2) aside


def test_the_taught_still_is_read(tmp_path: Any) -> None:
    """72774's change 4, the frame the stillness gate reads, through the taught pack: both cubes
    found where they stand, and the scene not taken for a hand."""
    obs = read_taught(taught_change_still(997_976, tmp_path / "997976", 72_774, 4, 2, 21.9, "day", settled=1), 2,
                      grid=4)
    assert {seat: cube.location for seat, cube in obs.cubes.items()} == {0: (0, 1), 1: (0, 0)}
    assert not obs.occluded


# ---- tiles side by side on a player board (``occluder_skips_board_tiles``)

BOARD = np.array([[300.0, 300.0], [480.0, 300.0], [480.0, 444.0], [300.0, 444.0]])
"""A board's tile area (table mm): 5 x 4 cells of 36 mm."""


def board_detector(config: RecogniserConfig) -> OcclusionDetector:
    view = TableView(np.array([[1.0, 0, OFFSET], [0, 1.0, OFFSET], [0, 0, 1]]), (700, 700))
    return OcclusionDetector(view, [PROBES], config, [BOARD])


def three_tan_tiles_in_a_column() -> np.ndarray:
    frame = mat()
    for row in range(3):
        paint(frame, 337, 301 + 36 * row, 34, 36, SKIN)  # joined where the lines between them blur
    return frame


def test_tan_tiles_on_a_board_are_no_hand() -> None:
    report = board_detector(RecogniserConfig()).check(three_tan_tiles_in_a_column(), ONE, [])
    assert not report.occluded and report.skin_blob_mm2 == 0.0, report


def test_off_they_are_a_hand_too() -> None:
    report = board_detector(RecogniserConfig(occluder_skips_board_tiles=False)).check(
        three_tan_tiles_in_a_column(), ONE, [])
    assert report.occluded and report.skin_blob_mm2 > 3000, report


def test_a_hand_reaching_over_a_board_edge_is_a_hand() -> None:
    frame = mat()
    paint(frame, 360, 380, 80, 130, SKIN)  # fingers on the board, the hand and wrist beyond its edge
    report = board_detector(RecogniserConfig()).check(frame, ONE, [])
    assert report.occluded and report.skin_blob_mm2 >= 80 * 130 - 200, report


def test_the_taught_board_still_is_read(tmp_path: Any) -> None:
    """72774's change 144 through the taught pack: three tan tiles in a column of Yellow's board
    (2730 mm2 of skin-coloured pixels joined) are not a hand."""
    obs = read_taught(taught_change_still(997_976, tmp_path / "997976", 72_774, 144, 2, 21.9, "day", settled=1), 2,
                      grid=4)
    assert not obs.occluded
