"""A real pinhole camera with lens distortion, posed above the table.

World frame: table millimetres, x right, y down the table (towards the camera's bottom edge),
and height above the table. Internally OpenCV's right-handed convention needs z to point *into*
the table, so a point ``h`` mm above the table has ``Z = -h``; :meth:`CameraModel.project` takes
heights and does that conversion, so callers never see the sign.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import cv2
import numpy as np

from calibration import layout

DEFAULT_RESOLUTION = (1280, 720)


class CameraModelError(ValueError):
    """A camera that cannot exist (tilt out of range, non-positive focal length, ...)."""


@dataclass(frozen=True)
class CameraModel:
    """Intrinsics ``K``, distortion ``dist`` (k1, k2, p1, p2, k3) and pose (``rvec``, ``tvec``:
    world -> camera, OpenCV convention with world Z = -height)."""

    width: int
    height: int
    fx: float
    fy: float
    cx: float
    cy: float
    dist: tuple[float, float, float, float, float]
    rvec: tuple[float, float, float]
    tvec: tuple[float, float, float]
    tilt_deg: float = 0.0
    azimuth_deg: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    # ---- construction
    @staticmethod
    def looking_at(
        target_mm: tuple[float, float] = (layout.PLAY_AREA_MM / 2, layout.PLAY_AREA_MM / 2),
        *,
        tilt_deg: float = 0.0,
        azimuth_deg: float = 0.0,
        roll_deg: float = 0.0,
        hfov_deg: float = 70.0,
        resolution: tuple[int, int] = DEFAULT_RESOLUTION,
        distance_mm: float | None = None,
        dist: tuple[float, float, float, float, float] = (0.0, 0.0, 0.0, 0.0, 0.0),
        fit_margin: float = 0.04,
    ) -> CameraModel:
        """A camera aimed at ``target_mm``, tilted ``tilt_deg`` from vertical towards the side
        given by ``azimuth_deg`` (0: the camera stands on the +y side, the usual player side).
        Without ``distance_mm`` it is placed as close as possible while everything printed
        (``layout.TABLE_EXTENT_MM``) stays inside the image with ``fit_margin`` to spare."""
        if not 0.0 <= tilt_deg <= 45.0:
            raise CameraModelError(f"tilt must be 0-45 degrees from vertical, not {tilt_deg}")
        if not 10.0 <= hfov_deg <= 150.0:
            raise CameraModelError(f"horizontal field of view {hfov_deg} is not 10-150 degrees")
        w, h = resolution
        if w < 32 or h < 32:
            raise CameraModelError(f"resolution {w}x{h} is too small")
        fx = (w / 2) / math.tan(math.radians(hfov_deg) / 2)
        intr = dict(width=w, height=h, fx=fx, fy=fx, cx=(w - 1) / 2, cy=(h - 1) / 2)

        def build(distance: float) -> CameraModel:
            rvec, tvec = _look_at_pose(target_mm, distance, tilt_deg, azimuth_deg, roll_deg)
            return CameraModel(**intr, dist=tuple(dist), rvec=rvec, tvec=tvec,  # type: ignore[arg-type]
                               tilt_deg=tilt_deg, azimuth_deg=azimuth_deg)

        if distance_mm is not None:
            return build(distance_mm)
        x0, y0, x1, y1 = layout.TABLE_EXTENT_MM
        extent = np.array([(x0, y0, 0), (x1, y0, 0), (x1, y1, 0), (x0, y1, 0),
                           ((x0 + x1) / 2, y0, 0), ((x0 + x1) / 2, y1, 0),
                           (x0, (y0 + y1) / 2, 0), (x1, (y0 + y1) / 2, 0)], dtype=np.float64)
        lo, hi = 200.0, 10_000.0
        for _ in range(40):
            mid = (lo + hi) / 2
            px = build(mid).project(extent)
            inside = (
                np.all(px[:, 0] >= fit_margin * w) and np.all(px[:, 0] <= (1 - fit_margin) * w)
                and np.all(px[:, 1] >= fit_margin * h) and np.all(px[:, 1] <= (1 - fit_margin) * h)
            )
            if inside:
                hi = mid
            else:
                lo = mid
        return build(hi)

    @staticmethod
    def random(rng: random.Random, *, tilt_deg: float | None = None,
               max_tilt_deg: float = 30.0, resolution: tuple[int, int] = DEFAULT_RESOLUTION,
               distortion: bool = True) -> CameraModel:
        """A plausible webcam above a table: random tilt, side, small roll, field of view and
        barrel distortion, all from ``rng``."""
        tilt = rng.uniform(0.0, max_tilt_deg) if tilt_deg is None else tilt_deg
        k1 = rng.uniform(-0.12, 0.02) if distortion else 0.0
        k2 = rng.uniform(-0.02, 0.05) if distortion else 0.0
        target = (layout.PLAY_AREA_MM / 2 + rng.uniform(-15, 15),
                  layout.PLAY_AREA_MM / 2 + rng.uniform(-15, 15))
        return CameraModel.looking_at(
            target, tilt_deg=tilt, azimuth_deg=rng.choice([0.0, 0.0, 90.0, 180.0, 270.0])
            + rng.uniform(-8, 8), roll_deg=rng.uniform(-3, 3), hfov_deg=rng.uniform(58, 78),
            resolution=resolution, dist=(k1, k2, 0.0, 0.0, 0.0),
            fit_margin=rng.uniform(0.02, 0.08),
        )

    # ---- matrices
    @cached_property
    def K(self) -> np.ndarray:  # noqa: N802 - the usual name
        return np.array([[self.fx, 0, self.cx], [0, self.fy, self.cy], [0, 0, 1]], np.float64)

    @cached_property
    def dist_coeffs(self) -> np.ndarray:
        return np.array(self.dist, np.float64)

    @cached_property
    def R(self) -> np.ndarray:  # noqa: N802
        return cv2.Rodrigues(np.array(self.rvec, np.float64))[0]

    @cached_property
    def t(self) -> np.ndarray:
        return np.array(self.tvec, np.float64)

    @cached_property
    def position_mm(self) -> tuple[float, float, float]:
        """Camera centre as (x, y, height above table)."""
        c = -self.R.T @ self.t
        return (float(c[0]), float(c[1]), float(-c[2]))

    @property
    def has_distortion(self) -> bool:
        return any(abs(k) > 1e-12 for k in self.dist)

    @cached_property
    def table_to_image_homography(self) -> np.ndarray:
        """Table plane (mm, height 0) -> ideal (undistorted) image pixels."""
        H = self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], self.t])
        return H / H[2, 2]

    # ---- projection
    def to_world(self, pts: np.ndarray) -> np.ndarray:
        """(x, y, height) -> OpenCV world (x, y, -height)."""
        pts = np.asarray(pts, np.float64).reshape(-1, 3).copy()
        pts[:, 2] *= -1
        return pts

    def project_ideal(self, pts: np.ndarray) -> np.ndarray:
        """(x, y, height) mm -> undistorted pixel coordinates (N, 2)."""
        cam = self.to_world(pts) @ self.R.T + self.t
        z = np.maximum(cam[:, 2:3], 1e-6)
        uv = cam[:, :2] / z
        return np.column_stack([self.fx * uv[:, 0] + self.cx, self.fy * uv[:, 1] + self.cy])

    def project(self, pts: np.ndarray) -> np.ndarray:
        """(x, y, height) mm -> pixel coordinates in the final (distorted) image (N, 2)."""
        if not self.has_distortion:
            return self.project_ideal(pts)
        out, _ = cv2.projectPoints(self.to_world(pts), np.array(self.rvec), self.t, self.K,
                                   self.dist_coeffs)
        return out.reshape(-1, 2)

    def depth(self, pts: np.ndarray) -> np.ndarray:
        """Distance along the optical axis (mm) of (x, y, height) points."""
        cam = self.to_world(pts) @ self.R.T + self.t
        return cam[:, 2]

    def distort_maps(self) -> tuple[np.ndarray, np.ndarray, int] | None:
        """Remap tables turning an ideal pinhole image into the distorted one (None without
        distortion), and the margin they need: the ideal image must be drawn ``margin`` pixels
        larger on every side (principal point shifted by ``margin``), because a barrel lens
        sees beyond the ideal frame's edges."""
        if not self.has_distortion:
            return None
        key = "_distort_maps"
        if key not in self.extra:
            # Distortion is smooth: solve on a coarse grid (4 px) and interpolate; exact to far
            # below a pixel and ten times faster than solving every pixel.
            step = 4
            gx = np.arange(0, self.width + step, step, dtype=np.float32)
            gy = np.arange(0, self.height + step, step, dtype=np.float32)
            xs, ys = np.meshgrid(gx, gy)
            pts = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
            ideal = cv2.undistortPoints(
                pts, self.K, self.dist_coeffs, R=None, P=self.K,
                criteria=(cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 20, 1e-6),
            ).reshape(len(gy), len(gx), 2)
            # resize so that grid node i lands exactly on pixel i * step
            full_w, full_h = (len(gx) - 1) * step + 1, (len(gy) - 1) * step + 1
            mx = _resize_nodes(ideal[..., 0], full_w, full_h)[: self.height, : self.width]
            my = _resize_nodes(ideal[..., 1], full_w, full_h)[: self.height, : self.width]
            reach = max(0.0, float(-mx.min()), float(mx.max()) - (self.width - 1),
                        float(-my.min()), float(my.max()) - (self.height - 1))
            margin = int(math.ceil(reach)) + 2
            m1, m2 = cv2.convertMaps(np.ascontiguousarray(mx + margin),
                                     np.ascontiguousarray(my + margin), cv2.CV_16SC2)
            self.extra[key] = (m1, m2, margin)
        return self.extra[key]

    def to_json(self) -> dict[str, Any]:
        return {
            "width": self.width, "height": self.height,
            "K": self.K.tolist(), "dist": list(self.dist),
            "rvec": list(self.rvec), "tvec": list(self.tvec),
            "world_frame": "table mm, x right, y down the table, Z = -height (OpenCV)",
            "position_mm": list(self.position_mm),
            "tilt_deg": self.tilt_deg, "azimuth_deg": self.azimuth_deg,
        }


def _look_at_pose(target: tuple[float, float], distance: float, tilt_deg: float,
                  azimuth_deg: float, roll_deg: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    t, a = math.radians(tilt_deg), math.radians(azimuth_deg)
    # direction from the target towards the camera's side on the table (azimuth 0: +y)
    side = np.array([math.sin(a), math.cos(a), 0.0])
    centre = np.array([target[0], target[1], 0.0]) + distance * (
        math.sin(t) * side + math.cos(t) * np.array([0.0, 0.0, -1.0]))
    z_c = np.array([target[0], target[1], 0.0]) - centre
    z_c /= np.linalg.norm(z_c)
    ref_x = np.array([math.cos(a), -math.sin(a), 0.0])
    y_c = np.cross(z_c, ref_x)
    y_c /= np.linalg.norm(y_c)
    x_c = np.cross(y_c, z_c)
    R = np.stack([x_c, y_c, z_c])
    r = math.radians(roll_deg)
    roll = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    R = roll @ R
    tvec = -R @ centre
    rvec = cv2.Rodrigues(R)[0].ravel()
    return tuple(float(v) for v in rvec), tuple(float(v) for v in tvec)


def _resize_nodes(grid: np.ndarray, full_w: int, full_h: int) -> np.ndarray:
    """Bilinear upsampling where the first and last grid nodes map onto the first and last
    output pixels (cv2.resize aligns pixel areas, not nodes, so go through warpAffine)."""
    gh, gw = grid.shape
    sx = (gw - 1) / (full_w - 1)
    sy = (gh - 1) / (full_h - 1)
    m = np.array([[sx, 0, 0], [0, sy, 0]], np.float64)
    return cv2.warpAffine(grid.astype(np.float32), m, (full_w, full_h),
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)
