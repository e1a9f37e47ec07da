"""A webcam without a profile whose barrel bends the corner markers out of a pinhole fit: the
live pipeline (``tablesight run`` and the app build it the same way) measures the lens on the
markers and reads the table through it, instead of looking for the markers for ever."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration import layout
from calibration.synthetic import render_view
from tracker.build import build_pipeline
from tracker.table import TableSetup


def _film(path: Path, image: np.ndarray, frames: int) -> None:
    h, w = image.shape[:2]
    out = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10.0, (w, h))
    assert out.isOpened()
    for _ in range(frames):
        out.write(image)
    out.release()


def _calibrated(tmp_path: Path, image: np.ndarray) -> Any:
    """The pipeline ``run --video`` builds, stepped until it has calibrated (or the film ends)."""
    film = tmp_path / "table.avi"
    _film(film, image, 4)
    pipe = build_pipeline(TableSetup(game="octocube", players=2, source="video", video_path=str(film))).pipeline
    for _ in range(4):
        if pipe.step() is None or pipe.profile is not None:
            break
    return pipe


def test_a_bent_lens_is_measured_on_the_markers_and_the_table_calibrated_through_it(tmp_path: Path) -> None:
    view = render_view(15.0, 10.0, image_size=(1280, 960), focal_px=860.0, dist=(-0.15, 0, 0, 0, 0))
    pipe = _calibrated(tmp_path, view.image_bgr)
    assert pipe.profile is not None, pipe.calibration_message
    assert "barrel was measured" in pipe.calibration_message
    lens = pipe.profile.intrinsics
    assert lens is not None and float(lens.dist[0]) < -0.05
    corners = np.array([c for m in layout.MARKERS for c in m.corners_mm])
    seen = lens.undistort_points(view.table_to_image(corners))
    assert float(np.abs(pipe.profile.table.image_to_mm(seen) - corners).max()) < 1.5


def test_a_straight_lens_keeps_the_pinhole_fit(tmp_path: Path) -> None:
    pipe = _calibrated(tmp_path, render_view(15.0, 10.0, image_size=(1280, 960), focal_px=860.0).image_bgr)
    assert pipe.profile is not None and pipe.profile.intrinsics is None, pipe.calibration_message
    assert "barrel" not in pipe.calibration_message
