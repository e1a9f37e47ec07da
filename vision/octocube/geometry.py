"""Where a point HIGH above the table appears in the camera frame.

A table-plane homography puts a cube top (40 mm up) wrongly by many pixels under tilt. With the
camera matrix known, the table pose is recovered from the homography (``K^-1 H = [r1 r2 t]``)
and the plane at height ``h`` maps through ``K [r1 r2 t - h r3]`` (world z points into the
table, OpenCV style, so "up" is ``-r3``). Without intrinsics the focal length is estimated from
the homography itself (square pixels, centred principal point); a fronto-parallel view, where
that is impossible, gets a typical webcam's field of view.

Patches: every region the recogniser reads (a stack top, a cube top, a board space) is sampled
into a small square "patch" through one remap table per layer, built once per camera, that folds
the height homography AND the lens distortion together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from calibration.marker_lens import focal_from_homography
from vision.octocube.errors import TableGeometryError

DEFAULT_HFOV_DEG = 66.0
"""Field of view assumed when neither intrinsics nor a usable tilt tell the focal length."""


@dataclass(frozen=True)
class PatchSpec:
    """One square region to sample: centre in table mm, the plane's height, side, in-plane yaw
    (degrees clockwise; the patch's "up" is table north turned by yaw)."""

    name: str
    centre_mm: tuple[float, float]
    height_mm: float
    size_mm: float
    yaw_deg: float = 0.0


class TableView:
    """The camera's view of the table: ideal (undistorted) pixels of any (x, y, height) point,
    distortion when intrinsics have it, and the remap tables that sample patches."""

    def __init__(self, table_to_ideal: np.ndarray, image_size: tuple[int, int],
                 camera_matrix: np.ndarray | None = None, dist: np.ndarray | None = None) -> None:
        h = np.asarray(table_to_ideal, np.float64)
        if h.shape != (3, 3) or not np.all(np.isfinite(h)) or abs(np.linalg.det(h)) < 1e-18:
            raise TableGeometryError("the table homography must be a finite, invertible 3x3 matrix")
        self.image_size = (int(image_size[0]), int(image_size[1]))
        if min(self.image_size) < 16:
            raise TableGeometryError(f"image size {self.image_size} is too small")
        self.intrinsics_known = camera_matrix is not None
        if camera_matrix is None:
            w, hh = self.image_size
            f = focal_from_homography(h, self.image_size)
            if f is None:
                f = (w / 2) / math.tan(math.radians(DEFAULT_HFOV_DEG) / 2)
            camera_matrix = np.array([[f, 0, (w - 1) / 2], [0, f, (hh - 1) / 2], [0, 0, 1]])
        self.K = np.asarray(camera_matrix, np.float64)
        self.dist = None if dist is None or not np.any(np.asarray(dist) != 0) else np.asarray(dist, np.float64)
        m = np.linalg.inv(self.K) @ h
        lam = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
        if m[2, 2] * lam < 0:  # the table lies in front of the camera
            lam = -lam
        r1, r2, t = m[:, 0] * lam, m[:, 1] * lam, m[:, 2] * lam
        u, _, vt = np.linalg.svd(np.column_stack([r1, r2, np.cross(r1, r2)]))
        rot = u @ vt
        if np.linalg.det(rot) < 0:
            rot[:, 2] *= -1
        self.R = rot
        self.t = t
        self._table_to_ideal = h / h[2, 2]

    # ------------------------------------------------------------------ projection
    def homography_at(self, height_mm: float) -> np.ndarray:
        """Table (x, y) at ``height_mm`` above the table -> ideal image pixels."""
        if height_mm == 0.0:
            return self._table_to_ideal
        r1, r2, r3 = self.R[:, 0], self.R[:, 1], self.R[:, 2]
        h = self.K @ np.column_stack([r1, r2, self.t - height_mm * r3])
        return h / h[2, 2]

    def to_pixels(self, ideal_px: np.ndarray) -> np.ndarray:
        """Ideal pixel coordinates -> pixels of the real (distorted) frame."""
        pts = np.asarray(ideal_px, np.float64).reshape(-1, 2)
        if self.dist is None:
            return pts
        rays = np.hstack([pts, np.ones((len(pts), 1))]) @ np.linalg.inv(self.K).T
        coeffs = np.asarray(self.dist, np.float64).ravel()
        if len(coeffs) in (4, 5, 8):
            return _distort(rays[:, 0] / rays[:, 2], rays[:, 1] / rays[:, 2], coeffs, self.K)
        out, _ = cv2.projectPoints(rays.reshape(-1, 1, 3), np.zeros(3), np.zeros(3), self.K, self.dist)
        return out.reshape(-1, 2)

    def project(self, points_mm: npt.ArrayLike, height_mm: float = 0.0) -> np.ndarray:
        """(x, y) table mm at one height -> frame pixels (distortion included)."""
        pts = np.asarray(points_mm, np.float64).reshape(-1, 2)
        hom = np.hstack([pts, np.ones((len(pts), 1))]) @ self.homography_at(height_mm).T
        return self.to_pixels(hom[:, :2] / hom[:, 2:3])

    def camera_nadir_mm(self) -> tuple[float, float]:
        """The table point straight below the camera (tall things lean away from it)."""
        centre = -self.R.T @ self.t
        return (float(centre[0]), float(centre[1]))

    # ------------------------------------------------------------------ patches
    def patch_maps(self, specs: list[PatchSpec], px_per_mm: float) -> tuple[np.ndarray, np.ndarray, int]:
        """One remap table (map_x, map_y) sampling every spec into a column of square patches
        (``side`` px each, stacked vertically)."""
        if not specs:
            raise TableGeometryError("no patches to sample")
        side = int(round(specs[0].size_mm * px_per_mm))
        if any(int(round(s.size_mm * px_per_mm)) != side for s in specs):
            raise TableGeometryError("all patches of one layer must have the same size")
        g = (np.arange(side, dtype=np.float64) + 0.5) / px_per_mm
        maps_x = np.empty((len(specs) * side, side), np.float32)
        maps_y = np.empty_like(maps_x)
        by_patch_x = maps_x.reshape(len(specs), side, side)  # views: a patch's rows at once
        by_patch_y = maps_y.reshape(len(specs), side, side)
        by_height: dict[float, list[int]] = {}
        for i, s in enumerate(specs):
            by_height.setdefault(float(s.height_mm), []).append(i)
        for height, rows in by_height.items():
            # patch grid (mm from its corner) -> table mm (turned by yaw about the centre) -> ideal
            # pixels, as one 3x3 matrix per patch, all patches of a height at once (a table has
            # ~9,000 small patches: numpy's per-call overhead, not the arithmetic, was the cost)
            yaw = np.radians([specs[i].yaw_deg for i in rows])
            c, sn = np.cos(yaw), np.sin(yaw)
            half = np.array([specs[i].size_mm for i in rows]) / 2
            place = np.zeros((len(rows), 3, 3))
            place[:, 0, 0], place[:, 0, 1] = c, -sn
            place[:, 1, 0], place[:, 1, 1] = sn, c
            place[:, 0, 2] = np.array([specs[i].centre_mm[0] for i in rows]) - (c - sn) * half
            place[:, 1, 2] = np.array([specs[i].centre_mm[1] for i in rows]) - (sn + c) * half
            place[:, 2, 2] = 1.0
            m = self.homography_at(height) @ place
            # the grid is separable (x along a patch's rows, y down its columns): each product is
            # taken once per row or column and only the sums are full-size (the same numbers, in
            # the same order, as the products over the whole grid; half the arithmetic)
            at_x = m[:, :, 0, None] * g  # (patches, 3, side): x times each row of the matrix
            at_y = m[:, :, 1, None] * g
            chunk = max(1, 32768 // (side * side))  # temporaries that stay in the CPU's cache
            for start in range(0, len(rows), chunk):
                sx, sy = at_x[start:start + chunk, :, None, :], at_y[start:start + chunk, :, :, None]
                shift = m[start:start + chunk, :, 2, None, None]
                w = sx[:, 2] + sy[:, 2] + shift[:, 2]
                u = (sx[:, 0] + sy[:, 0] + shift[:, 0]) / w
                v = (sx[:, 1] + sy[:, 1] + shift[:, 1]) / w
                if self.dist is not None:
                    px = self.to_pixels(np.stack([u.ravel(), v.ravel()], 1))
                    u, v = px[:, 0].reshape(u.shape), px[:, 1].reshape(v.shape)
                at = np.asarray(rows[start:start + chunk])
                by_patch_x[at], by_patch_y[at] = u, v
        return maps_x, maps_y, side


def _distort(x: np.ndarray, y: np.ndarray, coeffs: np.ndarray, camera_matrix: np.ndarray) -> np.ndarray:
    """OpenCV's lens model (k1 k2 p1 p2 [k3 [k4 k5 k6]]) on normalised image points, in numpy:
    ``cv2.projectPoints`` gives the same pixels but always works out its Jacobian too, which made
    it most of the time of sampling a table's patches (5 us a point against 0.05)."""
    k = np.zeros(8)
    k[:len(coeffs)] = coeffs
    k1, k2, p1, p2, k3, k4, k5, k6 = k
    r2 = x * x + y * y
    radial = (1 + r2 * (k1 + r2 * (k2 + r2 * k3))) / (1 + r2 * (k4 + r2 * (k5 + r2 * k6)))
    xd = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
    yd = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
    fx, fy, cx, cy = camera_matrix[0, 0], camera_matrix[1, 1], camera_matrix[0, 2], camera_matrix[1, 2]
    return np.stack([fx * xd + cx, fy * yd + cy], 1)


def sample_patches(frame: np.ndarray, maps: tuple[np.ndarray, np.ndarray, int]) -> np.ndarray:
    """(N, side, side, 3) uint8 patches; outside the frame reads black."""
    mx, my, side = maps
    out = cv2.remap(frame, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    return out.reshape(-1, side, side, 3)
