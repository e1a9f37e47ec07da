"""The markers are drawn where calibration/layout.py says: ArUco detection in the rendered image
agrees with the ground truth (and with the homography) within 1 px."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration import layout


def _detect(image: np.ndarray) -> dict[int, np.ndarray]:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.ARUCO_DICTIONARY))
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(dictionary, params)
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    assert ids is not None, "no marker detected"
    return {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners, strict=True)}


@pytest.mark.parametrize("fixture", ["clean_tilted", "clean_distorted"])
def test_detected_markers_match_ground_truth(fixture: str, request: pytest.FixtureRequest) -> None:
    cam, res = request.getfixturevalue(fixture)
    found = _detect(res.image)
    assert sorted(found) == sorted(layout.MARKER_IDS)
    for m in res.ground_truth["markers"]:
        truth = np.array(m["corners_px"])
        err = np.linalg.norm(found[m["id"]] - truth, axis=1)
        assert err.max() < 1.0, f"marker {m['id']} corners off by {err.max():.2f} px"


def test_homography_maps_table_corners_onto_detected_markers(clean_distorted) -> None:
    cam, res = clean_distorted
    H = np.array(res.ground_truth["homography_table_to_image"])
    found = _detect(res.image)
    for m in layout.MARKERS:
        table = np.array(m.corners_mm, np.float64).reshape(-1, 1, 2)
        ideal = cv2.perspectiveTransform(table, H).reshape(4, 2)
        detected_ideal = cv2.undistortPoints(found[m.marker_id].reshape(-1, 1, 2).astype(np.float64),
                                             cam.K, cam.dist_coeffs, P=cam.K).reshape(4, 2)
        err = np.linalg.norm(detected_ideal - ideal, axis=1)
        assert err.max() < 1.0, f"marker {m.marker_id}: homography off by {err.max():.2f} px"


def test_undistorted_camera_homography_equals_projection() -> None:
    from vision.render.camera import CameraModel

    cam = CameraModel.looking_at(tilt_deg=28.0, azimuth_deg=200.0, roll_deg=2.0)
    pts = np.array([[0, 0, 0], [600, 0, 0], [123, 456, 0], [-50, 650, 0]], np.float64)
    via_h = cv2.perspectiveTransform(pts[:, :2].reshape(-1, 1, 2), cam.table_to_image_homography)
    assert np.allclose(via_h.reshape(-1, 2), cam.project(pts), atol=1e-6)


def test_whole_printed_area_is_in_view_at_every_tilt() -> None:
    from vision.render.camera import CameraModel

    x0, y0, x1, y1 = layout.TABLE_EXTENT_MM
    corners = np.array([[x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0]], np.float64)
    for tilt in (0.0, 15.0, 30.0):
        cam = CameraModel.looking_at(tilt_deg=tilt)
        px = cam.project(corners)
        assert (px >= 0).all() and (px[:, 0] < cam.width).all() and (px[:, 1] < cam.height).all()
