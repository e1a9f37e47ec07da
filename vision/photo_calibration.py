"""The first step of scoring any game's finished table from one photo: the working copy and the
table's geometry from the corner markers, with the lens measured when no profile gives it.

Shared by every game's photo scorer (a game's package holds only what is special to it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import cv2
import numpy as np

from calibration.marker_lens import BENT_MARKERS_MAX_PX
from vision.photo_score import PhotoScoreError, ScoreRequest

WORK_WIDTH = 1920
"""Larger photos are read at this width (the markers' fit and the classifiers want ~1-2 px/mm;
a 12-megapixel photo would only be slower)."""
MARKER_RESIDUAL_PX = 5.0
"""The markers' fit may be this far off before the photo is refused: a phone photo has an unknown
lens, and the reading windows are 52 mm wide (calibration's own limit, 2.5 px, is for profiles)."""
LENS_MEASURED_ABOVE_PX = 2.5
"""Without a profile, markers this far off a pinhole fit have the lens measured on them (the
calibration's own limit for a profile's fit)."""
UNMEASURED_LENS_RESIDUAL_PX = BENT_MARKERS_MAX_PX
"""Before the lens is measured (no profile), the markers may lie this far from a pinhole fit (a
phone's barrel distortion); through the lens measured they must fit within ``MARKER_RESIDUAL_PX``."""


def working_copy(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The photo as 8-bit BGR, at most ``WORK_WIDTH`` wide, and the scale applied."""
    if not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.dtype != np.uint8:
        raise PhotoScoreError("the photo is not an 8-bit colour image")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    image = image[..., :3]
    h, w = image.shape[:2]
    if min(h, w) < 240:
        raise PhotoScoreError(f"the photo is {w}x{h} pixels: too small to read a table")
    if w <= WORK_WIDTH:
        return np.ascontiguousarray(image), 1.0
    scale = WORK_WIDTH / w
    return cv2.resize(image, (WORK_WIDTH, int(round(h * scale))), interpolation=cv2.INTER_AREA), scale


def profile_intrinsics(req: ScoreRequest, size: tuple[int, int]) -> Any:
    """The calibrated profile's lens at this photo's size, or None."""
    intrinsics = getattr(req.profile, "intrinsics", None) if req.profile is not None else None
    if intrinsics is not None and intrinsics.image_size != size:
        intrinsics = intrinsics.rescaled(size)
    return intrinsics


def calibrate(img: np.ndarray, req: ScoreRequest, scan: Any = None,
              residual_px: float | None = None) -> tuple[Any, Any, list[str]]:
    """The table's geometry from the markers (``scan``: markers already found in ``img``;
    ``residual_px``: how far off they may be, ``MARKER_RESIDUAL_PX`` unless said), the profile's
    intrinsics (or None) and the calibration's notes."""
    from calibration.config import DEFAULT_CONFIG
    from calibration.errors import CalibrationError
    from calibration.table import detect_markers, fit_table_geometry, missing_markers_message

    size = (img.shape[1], img.shape[0])
    intrinsics = profile_intrinsics(req, size)
    if scan is None:
        scan = detect_markers(img)
    if len(scan.corners) < 3:
        raise PhotoScoreError(
            missing_markers_message(scan, 3) + ": is this a photo of a table laid out for TableSight? "
            "Print the corner markers with 'tablesight markers --out markers.pdf' and lay one at "
            "each corner of the play area")
    config = replace(DEFAULT_CONFIG, max_marker_residual_px=MARKER_RESIDUAL_PX if residual_px is None else residual_px)
    try:
        geometry, notes = fit_table_geometry(scan, size, intrinsics, config)
    except CalibrationError as exc:
        raise PhotoScoreError(str(exc)) from None
    return geometry, intrinsics, notes


def calibrate_measuring_lens(img: np.ndarray, req: ScoreRequest) -> tuple[Any, Any, list[str]]:
    """``calibrate``, and where no profile gives the lens and the markers lie more than
    ``LENS_MEASURED_ABOVE_PX`` off a pinhole fit (or refuse it), the lens's barrel measured on the
    markers themselves (``calibration.marker_lens``) and the markers fitted through it, as
    strictly as through a profile's. Markers still off through that lens, or that no lens
    explains (``MarkerLens.explains_markers``: a card moved, not a lens): the pinhole fit's answer
    (its geometry, or its refusal)."""
    from calibration.config import DEFAULT_CONFIG
    from calibration.errors import CalibrationError
    from calibration.marker_lens import lens_from_markers
    from calibration.table import detect_markers, fit_table_geometry

    scan = detect_markers(img)
    size = (img.shape[1], img.shape[0])
    refused: PhotoScoreError | None = None
    try:
        pinhole = calibrate(img, req, scan)
        if pinhole[1] is not None or pinhole[0].residual_max_px <= LENS_MEASURED_ABOVE_PX:
            return pinhole
    except PhotoScoreError as exc:
        if profile_intrinsics(req, size) is not None or len(scan.corners) < 3:
            raise
        refused = exc
    config = replace(DEFAULT_CONFIG, max_marker_residual_px=MARKER_RESIDUAL_PX)
    try:
        lens = lens_from_markers(scan, size, config)
        if not lens.explains_markers:
            raise CalibrationError("no lens explains the markers (a card moved?)")
        geometry, notes = fit_table_geometry(scan, size, lens.intrinsics, config)
    except CalibrationError:
        if refused is not None:
            raise refused from None
        return pinhole
    notes.append(f"the corner markers lie {lens.pinhole_residual_px:.1f} px off a straight-lens fit: the lens's "
                 f"barrel was measured on them (k1 {lens.k1:.3f}; {lens.residual_px:.1f} px through it). A "
                 "calibrated profile (--profile) measures the lens better")
    return geometry, lens.intrinsics, notes


__all__ = ["LENS_MEASURED_ABOVE_PX", "MARKER_RESIDUAL_PX", "UNMEASURED_LENS_RESIDUAL_PX", "WORK_WIDTH", "calibrate",
           "calibrate_measuring_lens", "profile_intrinsics", "working_copy"]
