"""The lens search's wall score (``lens.wall_alignment``) samples the frame where the table view
puts each wall board's grid, through the lens tried: checked here against that view's own
projection, point by point (``TableView.project`` with OpenCV's lens model), so that a faster way
of working out the grid's pixels cannot move a sample. Real path: the module's functions on a
frame with a known camera; no render needed."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.octocube.geometry import TableView
from vision.open_season import lens
from vision.render import open_season_art as art
from vision.render.open_season_scene import SEAT_SIDES, board_pose

SIZE = (1920, 1080)


def _camera(focal: float) -> np.ndarray:
    return np.array([[focal, 0, (SIZE[0] - 1) / 2], [0, focal, (SIZE[1] - 1) / 2], [0, 0, 1.0]])


def _table_to_ideal(focal: float, tilt_deg: float) -> np.ndarray:
    """A camera 1400 mm above the table's centre, tilted about the x axis: table mm -> ideal pixels."""
    t = math.radians(tilt_deg)
    rot = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    trans = np.array([0.0, 0.0, 1400.0])
    h = _camera(focal) @ np.column_stack([rot[:, 0], rot[:, 1], trans])
    return np.asarray(h / h[2, 2])


def _reference(grey: np.ndarray, table_to_ideal: np.ndarray, k: np.ndarray, k1: float, n: int,
               template: np.ndarray) -> float:
    """The score as the walls' grid points projected one by one would give it."""
    view = TableView(table_to_ideal, SIZE, k, np.array([k1, 0.0, 0.0, 0.0, 0.0]))
    gx, gy = lens._board_grid()
    bw, bd = art.WALL_BOARD_SIZE_MM
    total = 0.0
    for where in SEAT_SIDES[n]:
        bx, by, yaw = board_pose(where)
        c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
        lx, ly = gx.ravel() - bw / 2, gy.ravel() - bd / 2
        pts = np.stack([bx + lx * c - ly * s, by + lx * s + ly * c], 1)
        px = view.project(pts, lens.CARD_TOP_MM).astype(np.float32)
        patch = cv2.remap(grey, px[:, 0].reshape(template.shape), px[:, 1].reshape(template.shape),
                          cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        patch = patch - patch.mean()
        total += float((patch * template).sum()) / max(float(np.linalg.norm(patch)), 1e-6)
    return total / n


@pytest.mark.parametrize("n, side, tilt, k1", [(2, "horn", 0.0, 0.0), (3, "shield", 18.0, -0.11),
                                               (4, "horn", 33.0, 0.05)])
def test_the_wall_score_samples_where_the_view_projects_the_walls(n: int, side: str, tilt: float, k1: float) -> None:
    rng = np.random.default_rng(7)
    # a smooth random frame (bilinear samples of it vary with the place sampled, not only noise)
    grey = cv2.GaussianBlur(rng.uniform(0, 255, (SIZE[1], SIZE[0])).astype(np.float32), (0, 0), 3.0)
    focal = 1300.0
    k = _camera(focal)
    h = _table_to_ideal(focal, tilt)
    template = lens.wall_template(side)
    got = lens.wall_alignment(grey, h, k, k1, lens._board_affines(n), template)
    want = _reference(grey, h, k, k1, n, template)
    assert abs(got - want) < 1e-4 * max(1.0, abs(want)), (got, want)
    # and the score tells the lenses apart on this frame (a sample moved would show)
    other = _reference(grey, h, k, k1 + 0.05, n, template)
    assert abs(other - want) > 1e-3
