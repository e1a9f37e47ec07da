"""Live re-check: still camera -> ok; moved camera -> moved + new homography; covered -> unsure."""

from __future__ import annotations

import numpy as np

from calibration.config import CalibrationConfig
from calibration.profile import Profile
from calibration.recheck import MOVED, OK, UNSURE, TableWatcher
from calibration.table import calibrate_table


def _watcher(view, **config) -> TableWatcher:
    result = calibrate_table(view(20, 3).image_bgr)
    return TableWatcher(Profile(None, result.geometry, result.colour), CalibrationConfig(**config))


def test_still_camera_is_ok(view) -> None:
    """(Its cost is measured by bench/pipeline_speed.py's calibration stage, not timed here: a
    wall-clock limit failed on the shared machine under load.)"""
    watcher = _watcher(view)
    frame = view(20, 3, seed=5).image_bgr  # same pose, new noise
    result = watcher.check(frame)
    assert result.status == OK and result.markers_seen == (0, 1, 2, 3)
    assert result.max_shift_px is not None and result.max_shift_px < 2.0


def test_moved_camera_is_noticed_and_reestimated(view) -> None:
    watcher = _watcher(view)
    moved = view(24, 6, seed=1)
    result = watcher.check(moved.image_bgr)
    assert result.status == MOVED and result.geometry is not None
    grid = np.array([(0.0, 0.0), (600.0, 0.0), (600.0, 600.0), (0.0, 600.0), (300.0, 300.0)])
    err = np.linalg.norm(result.geometry.image_to_mm(moved.table_to_image(grid)) - grid, axis=1).max()
    assert err < 1.0
    assert watcher.check(moved.image_bgr).status == OK  # the watcher now expects the new pose


def test_covered_markers_make_it_unsure_not_moved(view) -> None:
    watcher = _watcher(view)
    frame = view(20, 3).image_bgr.copy()
    frame[:] = (70, 110, 160)  # everything hidden (a cloth over the table)
    result = watcher.check(frame)
    assert result.status == UNSURE and result.geometry is None


def test_only_every_nth_frame_is_checked(view) -> None:
    watcher = _watcher(view, recheck_every_n_frames=10)
    frame = view(20, 3).image_bgr
    results = [watcher.maybe_check(frame, i) for i in range(25)]
    assert [i for i, r in enumerate(results) if r is not None] == [0, 10, 20]


def test_moved_with_too_few_markers_says_it_cannot_reestimate(view) -> None:
    watcher = _watcher(view)
    frame = view(24, 6, seed=1).image_bgr.copy()
    frame[frame.shape[0] // 2:] = (70, 110, 160)  # the bottom cards are covered, the camera moved
    result = watcher.check(frame)
    assert result.status == MOVED and result.geometry is None
    assert "cannot re-estimate" in result.message
