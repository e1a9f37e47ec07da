"""A leaning box (``Pose.lean_deg``): a cocked die is drawn tipped on one base edge, so a camera
sees it is not lying flat (before, the renderer could only lift and turn it, and a cocked die
looked like any other)."""

from __future__ import annotations

import numpy as np

from vision.render.renderer import box_corners_mm
from vision.render.scene import Component, Pose


def _die(lean: float, yaw: float = 0.0) -> Component:
    return Component("die", "octo_dice", "die", "die", Pose(100.0, 200.0, 0.0, yaw, lean_deg=lean),
                     (16.0, 16.0, 16.0), {"top": ("table", "solid", (250, 250, 250))})


def test_a_flat_box_is_unchanged_by_the_lean_code() -> None:
    corners = box_corners_mm([_die(0.0, 30.0)])[0]
    assert np.allclose(corners[:4, 2], 16.0) and np.allclose(corners[4:, 2], 0.0)


def test_a_leaning_box_rests_on_its_south_edge_with_the_north_edge_lifted() -> None:
    lean = 30.0
    corners = box_corners_mm([_die(lean)])[0]
    base_se, base_sw = corners[6], corners[7]
    base_nw = corners[4]
    assert abs(base_se[2]) < 1e-9 and abs(base_sw[2]) < 1e-9  # the pivot edge stays on the mat
    assert np.isclose(base_nw[2], 16.0 * np.sin(np.radians(lean)))  # the opposite base edge lifted
    # the box keeps its shape: every edge 16 mm
    for a, b in ((0, 1), (1, 2), (0, 4), (4, 5), (5, 6)):
        assert np.isclose(np.linalg.norm(corners[a] - corners[b]), 16.0)
    top_centre = corners[:4].mean(axis=0)
    assert top_centre[1] > 200.0  # the top leans south
    normal = np.cross(corners[1] - corners[0], corners[3] - corners[0])
    tilt = np.degrees(np.arccos(abs(normal[2]) / np.linalg.norm(normal)))
    assert np.isclose(tilt, lean)  # the top face is tipped by the lean: no face is up
