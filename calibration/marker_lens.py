"""A lens's barrel distortion measured from the corner markers alone.

A photo taken without a calibrated profile (a phone's camera, a webcam never calibrated) has an
unknown lens. Its barrel bends each 50 mm marker's square differently by where it lies in the
frame: stretched along the radius more than across it. No plane homography can take that, so
the markers' pinhole fit is several pixels off (fresh 12-megapixel Octocube table 49009: 6.4 px,
refused) although nothing on the table moved. One radial coefficient k1, at the focal length
the markers' homography implies, explains the 16 corners to about 0.4 px there; the markers are
then fitted through that lens as through a profile's. Focal length and k1 trade off (what the
markers measure is their product), so the focal is taken from the homography, not searched."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from calibration.config import CalibrationConfig, DEFAULT_CONFIG
from calibration.errors import CalibrationError, GeometryError
from calibration.intrinsics import Intrinsics
from calibration.table import MarkerScan, TableCalibration, calibrate_table, detect_markers, fit_table_geometry

K1_GRID = tuple(float(k) for k in np.round(np.arange(-0.24, 0.1001, 0.02), 2))
"""Candidates for k1 (normalised by the focal length): a webcam's or a phone's barrel lies in
-0.15..0.02; the best candidate is refined by a parabola through it and its neighbours."""
BENT_MARKERS_MAX_PX = 20.0
"""Markers further than this off a pinhole fit are not put down to the lens (a card moved or
another sheet): the lens is not measured on them."""
EXPLAINED_SHARE = 0.5
"""A lens explains the markers when their fit through it is at most this share of the pinhole
fit's: a real barrel takes them from 3.0-6.4 px to 0.5-0.6 px (12 MP tables 49009, 49104, 49210,
49218), a card slid 25 mm only from 3.2 to 2.3 px (with a pincushion k1 of +0.09) and a turned one
not at all: those are a moved card, not a lens."""
FALLBACK_HALF_FOV_DEG = 33.0
"""The half field of view assumed when the view is too frontal for its homography to imply a
focal length (k1 is then measured at this focal): a typical webcam's, as the recogniser assumes."""


def focal_from_homography(h_img_from_table: np.ndarray, size: tuple[int, int]) -> float | None:
    """Focal length (px) from one plane homography, square pixels, principal point at the
    centre (Zhang's two constraints, least squares); None when the view is too frontal."""
    w, hgt = size
    t = np.array([[1, 0, -(w - 1) / 2], [0, 1, -(hgt - 1) / 2], [0, 0, 1]], np.float64)
    m = t @ h_img_from_table
    (a1, a2), (b1, b2), (c1, c2) = m[0, :2], m[1, :2], m[2, :2]
    rows, rhs = [], []
    # r1 . r2 = 0  ->  (a1 a2 + b1 b2) / f^2 + c1 c2 = 0
    rows.append(a1 * a2 + b1 * b2)
    rhs.append(-c1 * c2)
    # |r1| = |r2|  ->  (a1^2 + b1^2 - a2^2 - b2^2) / f^2 = c2^2 - c1^2
    rows.append(a1 * a1 + b1 * b1 - a2 * a2 - b2 * b2)
    rhs.append(c2 * c2 - c1 * c1)
    a, b = np.array(rows), np.array(rhs)
    denom = float(b @ b)
    scale = float(np.abs(m[:2, :2]).mean()) ** 2
    if denom < 1e-18 * max(scale, 1e-30):
        return None
    inv_f2 = float(a @ b) / float(a @ a) if float(a @ a) > 0 else 0.0
    if inv_f2 <= 0:
        return None
    f = math.sqrt(1.0 / inv_f2)
    return f if 0.2 * w < f < 5 * w else None


@dataclass(frozen=True)
class MarkerLens:
    """The lens the markers imply and how far off their fit is without it and through it
    (worst corner, image px)."""

    intrinsics: Intrinsics
    pinhole_residual_px: float
    residual_px: float

    @property
    def k1(self) -> float:
        return float(self.intrinsics.dist[0])

    @property
    def explains_markers(self) -> bool:
        """The markers' misfit is the lens's (``EXPLAINED_SHARE``), not a card moved or another
        sheet (``BENT_MARKERS_MAX_PX``)."""
        return (self.pinhole_residual_px <= BENT_MARKERS_MAX_PX
                and self.residual_px <= EXPLAINED_SHARE * self.pinhole_residual_px)


def lens_from_markers(scan: MarkerScan, size: tuple[int, int],
                      config: CalibrationConfig = DEFAULT_CONFIG) -> MarkerLens:
    """The radial k1 under which the markers' corners fit the printed sheet best (least squares
    over the grid ``K1_GRID``, refined by a parabola). ``scan``: ``table.detect_markers``'s
    answer (at least the calibration's minimum of markers, else ``MarkersNotFoundError``)."""
    loose = replace(config, max_marker_residual_px=1e6)  # every candidate is scored, none refused
    pinhole, _ = fit_table_geometry(scan, size, None, loose)
    focal = focal_from_homography(pinhole.table_to_image, size)
    if focal is None:
        focal = (size[0] / 2) / math.tan(math.radians(FALLBACK_HALF_FOV_DEG))
    k = np.array([[focal, 0, (size[0] - 1) / 2], [0, focal, (size[1] - 1) / 2], [0, 0, 1]], np.float64)

    def fitted(k1: float) -> tuple[float, float]:
        geometry, _ = fit_table_geometry(scan, size, Intrinsics(k, np.array([k1, 0, 0, 0, 0], np.float64), size),
                                         loose)
        return geometry.residual_rms_px, geometry.residual_max_px

    rms = [fitted(k1)[0] for k1 in K1_GRID]
    i = int(np.argmin(rms))
    best = K1_GRID[i]
    if 0 < i < len(K1_GRID) - 1:
        a, b, c = rms[i - 1], rms[i], rms[i + 1]
        curve = a - 2 * b + c
        if curve > 0:
            best += 0.5 * (K1_GRID[i + 1] - K1_GRID[i]) * (a - c) / curve
    lens = Intrinsics(k, np.array([best, 0, 0, 0, 0], np.float64), size)
    return MarkerLens(lens, pinhole.residual_max_px, fitted(best)[1])


def calibrate_table_measuring_lens(image_bgr: np.ndarray, config: CalibrationConfig = DEFAULT_CONFIG
                                   ) -> tuple[TableCalibration, MarkerLens | None]:
    """``table.calibrate_table`` for a camera without a profile: where its barrel bends the
    markers out of a pinhole fit (off by more than ``config.max_marker_residual_px`` but at most
    ``BENT_MARKERS_MAX_PX``), the lens measured on them (``lens_from_markers``) and the table
    calibrated through it, as through a profile's lens. The lens, or None when the pinhole fit
    held. Markers no lens explains (``MarkerLens.explains_markers``): the pinhole fit's error,
    unchanged."""
    try:
        return calibrate_table(image_bgr, None, config), None
    except GeometryError as refused:
        size = (image_bgr.shape[1], image_bgr.shape[0])
        try:
            lens = lens_from_markers(detect_markers(image_bgr), size, config)
        except CalibrationError:
            raise refused from None
        if not lens.explains_markers or lens.residual_px > config.max_marker_residual_px:
            raise refused from None
        return calibrate_table(image_bgr, lens.intrinsics, config), lens


__all__ = ["BENT_MARKERS_MAX_PX", "EXPLAINED_SHARE", "FALLBACK_HALF_FOV_DEG", "K1_GRID", "MarkerLens", "calibrate_table_measuring_lens",
           "focal_from_homography", "lens_from_markers"]
