"""Every calibration threshold in one place (chesscog style: thresholds live in config, not code).

Change a number here and the CLI, the live re-check and the benchmarks follow. A JSON file can
override any field: ``CalibrationConfig.from_json_file(path)``.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from calibration.errors import CalibrationError
from calibration.settings_file import load_settings
from rules.safe_json import shown


@dataclass(frozen=True)
class CalibrationConfig:
    # --- intrinsics (chessboard / ChArUco photos) ---
    min_views: int = 3
    """Fewest photos with the pattern found before we solve for the camera intrinsics."""
    max_edge_width_px: float = 5.0
    """cv2.estimateChessboardSharpness: mean edge rise width above this means "too blurred"
    (a sharp 640x480 webcam photo measures 2.5-3.5 px; Gaussian blur sigma 2 gives ~5.8)."""
    min_laplacian_variance: float = 20.0
    """When no pattern is found, a variance of the Laplacian below this says "too blurred"."""
    max_intrinsics_rms_px: float = 1.5
    """An intrinsics solve whose RMS reprojection error exceeds this is refused."""

    # --- table (ArUco corner markers) ---
    min_markers: int = 3
    """Markers needed for the table homography (each gives 4 corners; 3 give 12 correspondences)."""
    max_marker_residual_px: float = 2.5
    """A marker corner further than this from where the fitted homography puts it means the cards
    are not laid out as printed (a turned or bent card; a card slid along the table is largely
    absorbed by the homography). Clean synthetic 1280x720 views stay under 0.8 px."""
    rectified_px_per_mm: float = 2.0
    """Resolution of the rectified top-down view."""

    # --- colour correction (reference patches) ---
    patch_sample_fraction: float = 0.7
    """Central fraction of each patch (per side) that is sampled, away from its printed edges.
    0.7 leaves 2 mm to each edge of a 14 mm patch (more than the homography's error) and
    doubles the pixels of 0.5: on far, small cards under sensor noise and JPEG the median of
    too few pixels was off by 2-3 levels, worth up to Delta E 5 after the 3x3 fit (renderer
    views at tilt 20-30: worst 5.2 -> 4.1)."""
    max_patch_std: float = 18.0
    """A patch whose pixels vary more than this (8-bit std) is covered or in a shadow edge: skipped."""
    min_patches_for_matrix: int = 6
    """Fewer usable patches than this: fit per-channel gain + offset instead of the 3x3 matrix."""
    overexposed_level: int = 253
    """A patch (or paper) reading this high in any channel is clipped: not used."""
    illumination_field: bool = True
    """Measure the light's fall-off across the table on the cards' white paper and divide it out."""
    paper_band_mm: tuple[float, float] = (1.5, 4.5)
    """Paper sampled this far (mm) left and right of each marker (its quiet zone)."""
    max_patch_delta_e: float = 10.0
    """After fitting, a patch further than this (CIEDE2000) is an outlier and is dropped once."""

    # --- live re-check (tracker calls it on frames) ---
    recheck_every_n_frames: int = 30
    recheck_roi_margin_px: int = 40
    """Search margin around each marker's expected image position."""
    recheck_moved_px: float = 2.0
    """Marker corners further than this from where the profile expects them: camera or sheet moved."""

    def __post_init__(self) -> None:
        limits = {"patch_sample_fraction": (0.05, 1.0), "overexposed_level": (1, 255), "min_views": (1, 1000),
                  "min_markers": (2, 4), "min_patches_for_matrix": (4, 100), "recheck_every_n_frames": (1, 100_000),
                  "recheck_roi_margin_px": (0, 10_000)}
        for name, value in asdict(self).items():
            values = value if isinstance(value, (list, tuple)) else [value]
            lo, hi = limits.get(name, (0, 1e6))
            for v in values:
                if isinstance(v, (int, float)) and not isinstance(v, bool) and not (lo <= v <= hi and math.isfinite(float(v))):
                    raise CalibrationError(f"{name} must be within {lo:g} to {hi:g}, not {shown(v)}")
        if not self.paper_band_mm[0] < self.paper_band_mm[1]:
            raise CalibrationError("paper_band_mm must be [nearer, further] millimetres")
        if self.min_markers < 2:
            raise CalibrationError("min_markers must be at least 2 (8 correspondences)")
        if self.min_views < 1 or not 0 < self.rectified_px_per_mm <= 10:
            raise CalibrationError("min_views must be >= 1 and rectified_px_per_mm between 0 and 10 "
                                   "(a 1 m table at 10 px/mm is already a 10,000 px image)")

    @classmethod
    def from_json_file(cls, path: str | Path) -> "CalibrationConfig":
        return load_settings(cls, path, CalibrationError, "calibration config")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


DEFAULT_CONFIG = CalibrationConfig()
