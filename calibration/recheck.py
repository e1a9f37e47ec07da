"""Live re-check: notice that the camera or the marker cards moved, and re-estimate the table.

The tracker calls ``TableWatcher.maybe_check(frame, index)`` on every frame; every
``recheck_every_n_frames`` it looks for each marker only in a small window around where the
current homography says it is (cheap), and falls back to a full-frame search when markers are
out of place. Hands over markers make it "unsure", never "moved".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from calibration import layout
from calibration.config import DEFAULT_CONFIG, CalibrationConfig
from calibration.errors import CalibrationError
from calibration.intrinsics import Intrinsics
from calibration.profile import Profile
from calibration.images import to_grey
from calibration.table import TableGeometry, detect_markers, fit_table_geometry, make_marker_detector

OK, MOVED, UNSURE = "ok", "moved", "unsure"


@dataclass(frozen=True)
class RecheckResult:
    status: str
    """``ok``: markers where expected; ``moved``: they are not (``geometry`` is the re-estimated
    table when enough markers are visible, else None); ``unsure``: too few markers visible."""
    markers_seen: tuple[int, ...]
    max_shift_px: float | None
    geometry: TableGeometry | None
    message: str


class TableWatcher:
    def __init__(self, profile: Profile, config: CalibrationConfig = DEFAULT_CONFIG) -> None:
        if profile.table is None:
            raise CalibrationError("the profile has no table geometry: run tablesight calibrate table first")
        self.config = config
        self.intrinsics: Intrinsics | None = profile.intrinsics
        self.geometry: TableGeometry = profile.table
        self._detector = make_marker_detector()
        self._expected = self._expected_corners()

    def _expected_corners(self) -> dict[int, np.ndarray]:
        out = {}
        for m in layout.MARKERS:
            pts = self.geometry.mm_to_image(np.asarray(m.corners_mm))
            out[m.marker_id] = self.intrinsics.distort_points(pts) if self.intrinsics is not None else pts
        return out

    def maybe_check(self, frame: np.ndarray, frame_index: int) -> RecheckResult | None:
        if frame_index % self.config.recheck_every_n_frames:
            return None
        return self.check(frame)

    def check(self, frame: np.ndarray) -> RecheckResult:
        size = (frame.shape[1], frame.shape[0])
        if size != self.geometry.image_size:
            raise CalibrationError(f"frame is {size[0]}x{size[1]} but the profile is for "
                                   f"{self.geometry.image_size[0]}x{self.geometry.image_size[1]}: "
                                   f"use profile.for_image_size()")
        grey = to_grey(frame)
        h, w = grey.shape
        margin = self.config.recheck_roi_margin_px
        found: dict[int, np.ndarray] = {}
        for marker_id, expected in self._expected.items():
            x0, y0 = np.floor(expected.min(0)).astype(int) - margin
            x1, y1 = np.ceil(expected.max(0)).astype(int) + margin
            x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
            if x1 - x0 < 8 or y1 - y0 < 8:
                continue
            scan = detect_markers(grey[y0:y1, x0:x1], self._detector, offset=(x0, y0))
            if marker_id in scan.corners:
                found[marker_id] = scan.corners[marker_id]
        shifts = {i: float(np.linalg.norm(c - self._expected[i], axis=1).max()) for i, c in found.items()}
        worst = max(shifts.values()) if shifts else None
        limit = self.config.recheck_moved_px
        if found and worst is not None and worst <= limit:
            return RecheckResult(OK, tuple(sorted(found)), worst, None,
                                 f"markers {', '.join(map(str, sorted(found)))} within {worst:.1f} px of where expected")
        # Markers out of place (or none seen in their windows): look in the whole frame.
        scan = detect_markers(grey, self._detector)
        seen = tuple(sorted(scan.corners))
        if len(scan.corners) >= self.config.min_markers:
            try:
                geometry, _ = fit_table_geometry(scan, size, self.intrinsics, self.config)
            except CalibrationError as exc:
                return RecheckResult(UNSURE, seen, worst, None, f"markers visible but inconsistent: {exc}")
            corners = np.asarray([(0, 0), (layout.PLAY_AREA_MM, 0), (layout.PLAY_AREA_MM, layout.PLAY_AREA_MM),
                                  (0, layout.PLAY_AREA_MM)])
            moved = float(np.linalg.norm(geometry.mm_to_image(corners) - self.geometry.mm_to_image(corners),
                                         axis=1).max())
            if moved <= limit:
                return RecheckResult(OK, seen, moved, None, "table where expected (full-frame check)")
            self.geometry = geometry
            self._expected = self._expected_corners()
            return RecheckResult(MOVED, seen, max(moved, worst or 0.0), geometry,
                                 f"camera or cards moved by up to {moved:.1f} px: table re-estimated from "
                                 f"markers {', '.join(map(str, seen))}")
        if worst is not None and worst > limit:
            return RecheckResult(MOVED, seen, worst, None,
                                 f"markers moved by {worst:.1f} px but only {len(seen)} visible: "
                                 f"cannot re-estimate; uncover the markers or run tablesight calibrate table")
        return RecheckResult(UNSURE, seen, worst, None,
                             f"only {len(seen)} marker(s) visible (covered?): cannot tell whether anything moved")
