"""Small synthetic table views with exact ground truth, for tests and benchmarks.

A raster of the printed corner cards (the same drawing code as the printed sheet) lies on a wooden
table; a pinhole camera (optionally with lens distortion) looks at it from a given tilt; the view is
rendered 2x supersampled, lit by a coloured light, blurred and noised. Held-out "probe" swatches in
the play area check that the colour correction generalises beyond the patches it was fitted on.
This is not the digital-twin renderer (vision/render); it only needs the flat printed layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from calibration import layout
from calibration.colour import linear_to_srgb, srgb_to_linear
from calibration.drawing import MmCanvas, draw_table_layout
from calibration.intrinsics import undistort_points

TABLE_RGB = (164, 122, 84)
LIGHTS: dict[str, tuple[float, float, float]] = {
    "neutral": (1.0, 1.0, 1.0),
    "warm": (1.0, 0.80, 0.55),      # tungsten-like
    "cool": (0.80, 0.92, 1.0),      # overcast daylight / cool LED
    "greenish": (0.86, 1.0, 0.74),  # fluorescent tube
}
PROBES: tuple[tuple[str, tuple[int, int, int], tuple[float, float, float, float]], ...] = (
    ("orange", (230, 120, 30), (100, 100, 140, 140)),
    ("purple", (120, 60, 150), (200, 100, 240, 140)),
    ("pink", (230, 130, 170), (300, 100, 340, 140)),
    ("brown", (120, 80, 50), (400, 100, 440, 140)),
    ("teal", (30, 140, 140), (100, 450, 140, 490)),
    ("skin", (220, 170, 140), (200, 450, 240, 490)),
    ("olive", (130, 130, 40), (300, 450, 340, 490)),
    ("cream", (235, 225, 190), (400, 450, 440, 490)),
)
RASTER_PX_PER_MM = 3
RASTER_ORIGIN_MM = (-160.0, -160.0)
RASTER_SIZE_MM = 920.0


@lru_cache(maxsize=1)
def table_raster() -> np.ndarray:
    """RGB raster of the table with the four cards and the probe swatches (cached, read-only)."""
    canvas = MmCanvas(RASTER_SIZE_MM, RASTER_SIZE_MM, RASTER_PX_PER_MM, RASTER_ORIGIN_MM, TABLE_RGB)
    rng = np.random.default_rng(7)  # faint wood grain so the table is not a flat colour
    # sigma 6 both ways: an older call passed 1 where OpenCV takes dst, which left sigmaY at 6
    grain = cv2.GaussianBlur(rng.normal(0, 1, canvas.image.shape[:2]).astype(np.float32), (0, 0), 6)
    canvas.image[:] = np.clip(canvas.image + 40 * grain[..., None], 0, 255).astype(np.uint8)
    draw_table_layout(canvas)
    for _, rgb, (x0, y0, x1, y1) in PROBES:
        canvas.fill_rect(x0, y0, x1, y1, rgb)
    canvas.image.setflags(write=False)
    return canvas.image


@dataclass(frozen=True)
class SyntheticView:
    image_bgr: np.ndarray
    camera_matrix: np.ndarray
    dist: np.ndarray
    rvec: np.ndarray
    tvec: np.ndarray

    def table_to_image(self, table_mm: np.ndarray) -> np.ndarray:
        """Ground truth: where the camera sees table points (distorted pixel coordinates)."""
        pts = np.asarray(table_mm, np.float64).reshape(-1, 2)
        obj = np.hstack([pts, np.zeros((len(pts), 1))])
        img, _ = cv2.projectPoints(obj, self.rvec, self.tvec, self.camera_matrix, self.dist)
        return img.reshape(-1, 2)


def _rz(deg: float) -> np.ndarray:
    a = np.radians(deg)
    return np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])


def camera_pose(tilt_deg: float, yaw_deg: float, camera_matrix: np.ndarray, image_size: tuple[int, int],
                dist: np.ndarray, margin: float = 0.04) -> tuple[np.ndarray, np.ndarray]:
    """(rvec, tvec) of a camera tilted ``tilt_deg`` from straight down towards the table's bottom
    edge, turned ``yaw_deg`` about the vertical, as close as possible with the whole printed
    layout (TABLE_EXTENT_MM) in view. Table frame: x right, y down, z into the table."""
    t = np.radians(tilt_deg)
    turn = _rz(yaw_deg)
    rot = np.stack([turn @ [1, 0, 0], turn @ [0, np.cos(t), np.sin(t)], turn @ [0, -np.sin(t), np.cos(t)]])
    target = np.array([layout.PLAY_AREA_MM / 2, layout.PLAY_AREA_MM / 2, 0.0])
    back = turn @ [0, np.sin(t), -np.cos(t)]
    x0, y0, x1, y1 = layout.TABLE_EXTENT_MM
    extent = np.array([[x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0]], np.float64)
    w, h = image_size

    def fits(distance: float) -> bool:
        tvec = -rot @ (target + distance * back)
        img, _ = cv2.projectPoints(extent, cv2.Rodrigues(rot)[0], tvec, camera_matrix, dist)
        img = img.reshape(-1, 2)
        return bool(np.all((img >= [margin * w, margin * h]) & (img <= [(1 - margin) * w, (1 - margin) * h])))

    lo, hi = 300.0, 20000.0
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if fits(mid) else (mid, hi)
    return cv2.Rodrigues(rot)[0].ravel(), -rot @ (target + hi * back)


def render_view(tilt_deg: float = 0.0, yaw_deg: float = 0.0, light: str = "neutral", *,
                image_size: tuple[int, int] = (1280, 720), focal_px: float = 920.0,
                dist: tuple[float, ...] | None = None, exposure: float = 1.0, noise_sigma: float = 2.0,
                blur_sigma: float = 0.7, cover_marker: int | None = None, falloff: float = 0.0,
                seed: int = 0) -> SyntheticView:
    """``falloff``: share of the light lost from the image's left edge to its right edge (a lamp
    on the left)."""
    w, h = image_size
    k = np.array([[focal_px, 0, (w - 1) / 2 + 7.0], [0, focal_px, (h - 1) / 2 - 5.0], [0, 0, 1]])
    d = np.zeros(5) if dist is None else np.asarray(dist, np.float64)
    rvec, tvec = camera_pose(tilt_deg, yaw_deg, k, image_size, d)
    raster = table_raster()
    if cover_marker is not None:  # a hand (flat, skin coloured) lying over that card's marker
        raster = raster.copy()
        cx, cy = layout.marker(cover_marker).centre_mm
        u = int((cx - RASTER_ORIGIN_MM[0]) * RASTER_PX_PER_MM)
        v = int((cy - RASTER_ORIGIN_MM[1]) * RASTER_PX_PER_MM)
        cv2.ellipse(raster, (u, v), (45 * RASTER_PX_PER_MM, 34 * RASTER_PX_PER_MM), 30, 0, 360,
                    (205, 150, 120), -1)

    ss = 2  # supersampling
    k2 = k.copy()
    k2[:2, :2] *= ss
    k2[:2, 2] = (k[:2, 2] + 0.5) * ss - 0.5
    size2 = (w * ss, h * ss)
    r = cv2.Rodrigues(np.asarray(rvec, np.float64))[0]
    table_to_norm = np.column_stack([r[:, 0], r[:, 1], tvec])  # (x_mm, y_mm, 1) -> camera ray
    ppm = RASTER_PX_PER_MM
    raster_to_mm = np.array([[1 / ppm, 0, RASTER_ORIGIN_MM[0] + 0.5 / ppm],
                             [0, 1 / ppm, RASTER_ORIGIN_MM[1] + 0.5 / ppm], [0, 0, 1]])
    border = tuple(int(v) for v in TABLE_RGB)
    if not np.any(d):
        m = k2 @ table_to_norm @ raster_to_mm
        big = cv2.warpPerspective(raster, m, size2, flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    else:  # per-pixel map: distorted pixel -> ideal ray -> table plane -> raster (coarse grid, smooth)
        step = 8
        gx, gy = np.meshgrid(np.arange(0, size2[0] + step, step, dtype=np.float64),
                             np.arange(0, size2[1] + step, step, dtype=np.float64))
        pts = np.stack([gx, gy], -1).reshape(-1, 1, 2)
        norm = undistort_points(pts, k2, d)
        mm = np.hstack([norm, np.ones((len(norm), 1))]) @ np.linalg.inv(table_to_norm).T
        mm = mm[:, :2] / mm[:, 2:3]
        ras = (mm - [RASTER_ORIGIN_MM[0] + 0.5 / ppm, RASTER_ORIGIN_MM[1] + 0.5 / ppm]) * ppm
        coarse = ras.reshape(gx.shape[0], gx.shape[1], 2).astype(np.float32)
        # exact bilinear interpolation of the coarse grid (grid point j sits at pixel j * step)
        fx, fy = np.meshgrid(np.arange(size2[0], dtype=np.float32) / step,
                             np.arange(size2[1], dtype=np.float32) / step)
        fine = np.stack([cv2.remap(coarse[..., c], fx, fy, cv2.INTER_LINEAR) for c in range(2)], -1)
        big = cv2.remap(raster, fine[..., 0].copy(), fine[..., 1].copy(), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    # Optics work in linear light: downsample, tint and blur there, then encode as the camera does.
    lut = srgb_to_linear(np.arange(256) / 255.0).astype(np.float32)
    small = cv2.resize(lut[big], image_size, interpolation=cv2.INTER_AREA)
    linear = small * np.asarray(LIGHTS[light], np.float32) * np.float32(exposure)
    if falloff:
        ramp = 1.0 - falloff * np.arange(w, dtype=np.float32) / (w - 1)
        linear = linear * ramp[None, :, None]
    if blur_sigma > 0:
        linear = cv2.GaussianBlur(linear, (0, 0), blur_sigma)
    rng = np.random.default_rng(seed)
    out = linear_to_srgb(linear) * 255.0 + rng.normal(0.0, noise_sigma, linear.shape)
    image_bgr = np.clip(np.round(out), 0, 255).astype(np.uint8)[..., ::-1].copy()
    return SyntheticView(image_bgr, k, d, np.asarray(rvec, np.float64), np.asarray(tvec, np.float64))
