"""The table: corner markers -> image-to-table homography (millimetres), the rectified top-down
view, and the colour correction measured on the reference patches."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from calibration import layout
from calibration.colour import ColourCorrection, fit_illumination
from calibration.config import DEFAULT_CONFIG, CalibrationConfig
from calibration.errors import GeometryError, MarkersNotFoundError
from calibration.edges import linear_grey, refine_quad
from calibration.images import to_grey
from calibration.intrinsics import Intrinsics
from calibration.patches import PatchReading, fit_patches, measure_paper, measure_patches


def marker_label(marker_id: int) -> str:
    return f"{marker_id} ({layout.marker(marker_id).name})"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def make_marker_detector() -> Any:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.ARUCO_DICTIONARY))
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.cornerRefinementWinSize = 4
    params.cornerRefinementMinAccuracy = 0.01
    params.cornerRefinementMaxIterations = 50
    params.perspectiveRemovePixelPerCell = 8  # small far markers (~35 px) decode reliably
    return cv2.aruco.ArucoDetector(dictionary, params)


@dataclass(frozen=True)
class MarkerScan:
    """What the detector saw: the layout's markers (4x2 corners each, image px as photographed),
    ids seen twice (ambiguous, not used) and ids the sheet does not have."""

    corners: dict[int, np.ndarray]
    duplicated: tuple[int, ...] = ()
    foreign: tuple[int, ...] = ()

    @property
    def missing(self) -> tuple[int, ...]:
        return tuple(i for i in layout.MARKER_IDS if i not in self.corners)


def detect_markers(image: np.ndarray, detector: Any | None = None,
                   offset: tuple[int, int] = (0, 0), refine_edges: bool = True) -> MarkerScan:
    """The layout's markers in the image; corners refined by straight-edge fits (calibration.edges)."""
    detector = detector or make_marker_detector()
    grey = to_grey(image)
    corners, ids, _ = detector.detectMarkers(grey)
    linear = linear_grey(grey) if refine_edges and ids is not None else None
    seen: dict[int, list[np.ndarray]] = {}
    foreign: set[int] = set()
    for quad, marker_id in zip(corners, [] if ids is None else ids.ravel()):
        marker_id = int(marker_id)
        if marker_id not in layout.MARKER_IDS:
            foreign.add(marker_id)
            continue
        quad = quad.reshape(4, 2).astype(np.float64)
        if linear is not None:
            quad = refine_quad(linear, quad)
        seen.setdefault(marker_id, []).append(quad + offset)
    found = {i: q[0] for i, q in seen.items() if len(q) == 1}
    duplicated = tuple(sorted(i for i, q in seen.items() if len(q) > 1))
    return MarkerScan(found, duplicated, tuple(sorted(foreign)))


def missing_markers_message(scan: MarkerScan, need: int) -> str:
    found = sorted(scan.corners)
    missing = [marker_label(i) for i in scan.missing]
    if found:
        head = f"found marker{'s' if len(found) > 1 else ''} {', '.join(str(i) for i in found)}"
    else:
        head = "found none of the corner markers"
    verb = "is" if len(missing) == 1 else "are"
    text = f"{head}; marker{'s' if len(missing) > 1 else ''} {_join(missing)} {verb} not visible"
    if scan.duplicated:
        text += f" (marker {_join([str(i) for i in scan.duplicated])} seen twice: print only one sheet)"
    return (text + f"; need at least {need} of the {len(layout.MARKERS)} printed corner markers "
            f"({layout.ARUCO_DICTIONARY}) in view")


@dataclass(frozen=True)
class TableGeometry:
    """``image_to_table`` maps IDEAL (undistorted when ``undistorted``) image pixels to table mm."""

    image_to_table: np.ndarray
    image_size: tuple[int, int]
    undistorted: bool
    markers_used: tuple[int, ...]
    residual_rms_px: float
    residual_max_px: float

    @property
    def table_to_image(self) -> np.ndarray:
        return np.linalg.inv(self.image_to_table)

    def image_to_mm(self, ideal_px: np.ndarray) -> np.ndarray:
        return _apply_h(self.image_to_table, ideal_px)

    def mm_to_image(self, table_mm: np.ndarray) -> np.ndarray:
        return _apply_h(self.table_to_image, table_mm)

    def rescaled(self, image_size: tuple[int, int]) -> "TableGeometry":
        sx = image_size[0] / self.image_size[0]
        sy = image_size[1] / self.image_size[1]
        new_to_old = np.array([[1 / sx, 0, 0.5 / sx - 0.5], [0, 1 / sy, 0.5 / sy - 0.5], [0, 0, 1]])
        h = self.image_to_table @ new_to_old
        return TableGeometry(h / h[2, 2], (int(image_size[0]), int(image_size[1])), self.undistorted,
                             self.markers_used, self.residual_rms_px * sx, self.residual_max_px * sx)

    def to_json(self) -> dict[str, Any]:
        return {"image_size": list(self.image_size), "undistorted": self.undistorted,
                "image_to_table": [[float(v) for v in row] for row in self.image_to_table],
                "markers_used": list(self.markers_used),
                "residual_rms_px": round(self.residual_rms_px, 4),
                "residual_max_px": round(self.residual_max_px, 4)}

    @classmethod
    def from_json(cls, data: Any) -> "TableGeometry":
        """Typed and bounded (finite numbers, an invertible matrix, a real image size)."""
        from rules.safe_json import field, number, obj, whole

        data = obj(data, "'table'")
        rows = field(data, "image_to_table", list, "'table'")
        if len(rows) != 3 or not all(isinstance(r, list) and len(r) == 3 for r in rows):
            raise ValueError("'image_to_table' must be an invertible 3x3 matrix")
        h = np.asarray([[number(v, "each 'image_to_table' value", -1e9, 1e9) for v in r] for r in rows], np.float64)
        if abs(np.linalg.det(h)) < 1e-15:
            raise ValueError("'image_to_table' must be an invertible 3x3 matrix")
        size_list = field(data, "image_size", list, "'table'")
        if len(size_list) != 2:
            raise ValueError("'image_size' must be [width, height]")
        w, hh = (whole(v, "'image_size'", 1, 20000) for v in size_list)
        used = data.get("markers_used", [])
        if not isinstance(used, list) or len(used) > 64:
            raise ValueError("'markers_used' must be a list of marker ids")
        return cls(h, (w, hh), field(data, "undistorted", bool, "'table'"),
                   tuple(whole(i, "each marker id", 0, 1000) for i in used),
                   number(data.get("residual_rms_px", 0.0), "residual_rms_px", 0.0, 1e6),
                   number(data.get("residual_max_px", 0.0), "residual_max_px", 0.0, 1e6))


def _apply_h(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    out = np.hstack([pts, np.ones((len(pts), 1))]) @ h.T
    return out[:, :2] / out[:, 2:3]


def _fit(ideal: dict[int, np.ndarray], ids: list[int]) -> tuple[np.ndarray, dict[int, float]]:
    """Homography from the markers' corners (least squares, LM-refined by OpenCV) and each
    marker's worst corner residual in image px."""
    img = np.vstack([ideal[i] for i in ids])
    tab = np.vstack([np.asarray(layout.marker(i).corners_mm, np.float64) for i in ids])
    h, _ = cv2.findHomography(img, tab, 0)
    if h is None:
        raise GeometryError("the marker corners are degenerate (all on one line?)")
    back = _apply_h(np.linalg.inv(h), tab)
    errors = np.linalg.norm(back - img, axis=1).reshape(len(ids), 4)
    return h / h[2, 2], {i: float(e.max()) for i, e in zip(ids, errors)}


def fit_table_geometry(scan: MarkerScan, image_size: tuple[int, int], intrinsics: Intrinsics | None,
                       config: CalibrationConfig = DEFAULT_CONFIG) -> tuple[TableGeometry, list[str]]:
    """Image-to-table homography from the visible markers (4 known corners each)."""
    notes: list[str] = []
    if len(scan.corners) < config.min_markers:
        raise MarkersNotFoundError(missing_markers_message(scan, config.min_markers))
    ideal = {i: (intrinsics.undistort_points(c) if intrinsics is not None else c)
             for i, c in scan.corners.items()}
    ids = sorted(ideal)
    h, residual = _fit(ideal, ids)
    if max(residual.values()) > config.max_marker_residual_px and len(ids) > config.min_markers:
        # One card moved? Refit without each marker in turn; keep the best if it is consistent.
        best = min(ids, key=lambda left_out: max(_fit(ideal, [i for i in ids if i != left_out])[1].values()))
        keep = [i for i in ids if i != best]
        h2, residual2 = _fit(ideal, keep)
        if max(residual2.values()) <= config.max_marker_residual_px:
            predicted = _apply_h(np.linalg.inv(h2), np.asarray(layout.marker(best).corners_mm))
            off = float(np.linalg.norm(predicted - ideal[best], axis=1).max())
            notes.append(f"marker {marker_label(best)} is {off:.1f} px from where the other markers "
                         f"put it (card moved or misplaced?): ignored")
            ids, h, residual = keep, h2, residual2
    worst = max(residual, key=lambda marker: residual[marker])
    if residual[worst] > config.max_marker_residual_px:
        raise GeometryError(
            f"the markers do not match the printed sheet's geometry: marker {marker_label(worst)} is "
            f"{residual[worst]:.1f} px off (limit {config.max_marker_residual_px:g} px); lay the cards "
            f"as the sheet says (inner corners forming a "
            f"{layout.PLAY_AREA_MM + 2 * layout.MARKER_GAP_MM:.0f} mm square), flat and unbent"
            + ("" if intrinsics is not None else
               ", or, if the lens bends straight lines, calibrate its intrinsics and pass --profile"))
    missing = [i for i in layout.MARKER_IDS if i not in ids]
    if missing:
        notes.append(f"marker{'s' if len(missing) > 1 else ''} {_join([marker_label(i) for i in missing])} "
                     f"not used; homography from the other {len(ids)} markers "
                     f"({4 * len(ids)} corner correspondences) and the sheet geometry")
    img = np.vstack([ideal[i] for i in ids])
    tab = np.vstack([np.asarray(layout.marker(i).corners_mm) for i in ids])
    err = np.linalg.norm(_apply_h(np.linalg.inv(h), tab) - img, axis=1)
    if not (np.all(np.isfinite(h)) and np.all(np.isfinite(err))):
        raise GeometryError("the table homography came out non-finite (are the profile's intrinsics a real "
                            "camera's?): nothing saved")
    geometry = TableGeometry(h, (int(image_size[0]), int(image_size[1])), intrinsics is not None,
                             tuple(ids), float(np.sqrt(np.mean(err ** 2))), float(err.max()))
    return geometry, notes


class Rectifier:
    """Warps camera frames to the top-down view: ``px_per_mm`` over ``extent_mm`` (table mm).
    Undistortion and the homography are folded into one remap, built once."""

    def __init__(self, geometry: TableGeometry, intrinsics: Intrinsics | None, px_per_mm: float,
                 extent_mm: tuple[float, float, float, float] = layout.TABLE_EXTENT_MM) -> None:
        self.px_per_mm = px_per_mm
        self.extent_mm = extent_mm
        x0, y0, x1, y1 = extent_mm
        self.size = (int(round((x1 - x0) * px_per_mm)), int(round((y1 - y0) * px_per_mm)))
        # rectified pixel centre (u, v) <-> table mm (x0 + (u + 0.5) / ppm, y0 + (v + 0.5) / ppm)
        self.rect_to_table = np.array([[1 / px_per_mm, 0, x0 + 0.5 / px_per_mm],
                                       [0, 1 / px_per_mm, y0 + 0.5 / px_per_mm], [0, 0, 1]])
        rect_to_image = geometry.table_to_image @ self.rect_to_table
        self._matrix = np.linalg.inv(rect_to_image)
        self._maps: tuple[np.ndarray, np.ndarray] | None = None
        if intrinsics is not None and np.any(intrinsics.dist != 0):
            # Lens distortion is smooth: compute the map exactly on a grid every 4 px and
            # interpolate bilinearly in between (error far below 0.01 px, 16x fewer projections).
            w, h = self.size
            step = 4
            gx, gy = np.meshgrid(np.arange(0, w + step, step, dtype=np.float64),
                                 np.arange(0, h + step, step, dtype=np.float64))
            ideal = _apply_h(rect_to_image, np.stack([gx, gy], -1).reshape(-1, 2))
            coarse = intrinsics.distort_points(ideal).reshape(gx.shape[0], gx.shape[1], 2).astype(np.float32)
            fx, fy = np.meshgrid(np.arange(w, dtype=np.float32) / step, np.arange(h, dtype=np.float32) / step)
            real = [cv2.remap(coarse[..., c], fx, fy, cv2.INTER_LINEAR) for c in range(2)]
            self._maps = cv2.convertMaps(real[0], real[1], cv2.CV_16SC2)

    @property
    def pixel_mm(self) -> tuple[np.ndarray, np.ndarray]:
        """Table x (mm) of each rectified column and y (mm) of each row (pixel centres)."""
        w, h = self.size
        return (self.rect_to_table[0, 0] * np.arange(w) + self.rect_to_table[0, 2],
                self.rect_to_table[1, 1] * np.arange(h) + self.rect_to_table[1, 2])

    def table_mm_to_px(self, table_mm: np.ndarray) -> np.ndarray:
        return _apply_h(np.linalg.inv(self.rect_to_table), table_mm)

    def __call__(self, image: np.ndarray) -> np.ndarray:
        if self._maps is not None:
            return cv2.remap(image, self._maps[0], self._maps[1], cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT)
        return cv2.warpPerspective(image, self._matrix, self.size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_CONSTANT)


@dataclass
class TableCalibration:
    geometry: TableGeometry
    scan: MarkerScan
    colour: ColourCorrection | None
    patches: list[PatchReading]
    rectified: np.ndarray
    rectifier: Rectifier
    notes: list[str] = field(default_factory=list)

    def corrected_view(self) -> np.ndarray:
        """The rectified view with the colour correction applied (what recognisers get)."""
        if self.colour is None:
            return self.rectified
        return self.colour.apply_bgr_image(self.rectified, self.rectifier.pixel_mm)

    def colour_summary(self) -> dict[str, Any]:
        pairs = [(p.delta_e2000_before, p.delta_e2000_after) for p in self.patches]
        scored = [(b, a) for b, a in pairs if b is not None and a is not None]
        if not scored:
            return {"delta_e": "CIEDE2000", "patches_used": 0}
        before = [b for b, _ in scored]
        after = [a for _, a in scored]
        return {"delta_e": "CIEDE2000", "patches_used": len(scored),
                "mean_before": round(float(np.mean(before)), 2), "max_before": round(float(np.max(before)), 2),
                "mean_after": round(float(np.mean(after)), 2), "max_after": round(float(np.max(after)), 2)}

    def to_json(self) -> dict[str, Any]:
        return {
            "markers_found": sorted(self.scan.corners),
            "markers_missing": [{"id": i, "name": layout.marker(i).name} for i in self.scan.missing],
            "markers_used": list(self.geometry.markers_used),
            "markers_ignored_foreign_ids": list(self.scan.foreign),
            "table": self.geometry.to_json(),
            "rectified": {"px_per_mm": self.rectifier.px_per_mm, "size": list(self.rectifier.size),
                          "extent_mm": list(self.rectifier.extent_mm)},
            "colour": None if self.colour is None else {**self.colour.to_json(), **self.colour_summary()},
            "patches": [{"name": p.name, "reference_rgb": list(p.reference_rgb),
                         "measured_rgb": None if p.measured_rgb is None else list(p.measured_rgb),
                         "corrected_rgb": None if p.corrected_rgb is None else list(p.corrected_rgb),
                         "delta_e2000_before": None if p.delta_e2000_before is None else round(p.delta_e2000_before, 2),
                         "delta_e2000_after": None if p.delta_e2000_after is None else round(p.delta_e2000_after, 2),
                         "skipped": p.skipped} for p in self.patches],
            "notes": self.notes,
        }


def calibrate_table(image_bgr: np.ndarray, intrinsics: Intrinsics | None = None,
                    config: CalibrationConfig = DEFAULT_CONFIG) -> TableCalibration:
    """Markers -> homography -> rectified view -> colour correction, for one photo of the table."""
    size = (image_bgr.shape[1], image_bgr.shape[0])
    if intrinsics is not None and intrinsics.image_size != size:
        raise GeometryError("internal: intrinsics must be rescaled to the photo first")
    scan = detect_markers(image_bgr)
    geometry, notes = fit_table_geometry(scan, size, intrinsics, config)
    if scan.foreign:
        notes.append(f"ignored ArUco ids {', '.join(map(str, scan.foreign))} (not on the TableSight sheet)")
    if scan.duplicated:
        notes.append(f"marker {', '.join(map(str, scan.duplicated))} seen more than once: not used")
    rectifier = Rectifier(geometry, intrinsics, config.rectified_px_per_mm)
    rectified = rectifier(image_bgr)
    readings = measure_patches(rectified, rectifier, geometry, intrinsics, config)
    illumination = None
    if config.illumination_field:
        positions, levels, problems = measure_paper(rectified, rectifier, scan, config)
        half = layout.PLAY_AREA_MM / 2
        illumination = fit_illumination(positions, levels, (half, half), half)
        if illumination is None:
            notes.append("light fall-off across the table not measured (white paper of fewer than 3 cards "
                         f"usable: {'; '.join(problems) or 'cards not visible'}); colours assume even light"
                         + (" - lower the camera exposure" if any("overexposed" in p for p in problems) else ""))
    colour, patches, colour_notes = fit_patches(readings, config, illumination)
    return TableCalibration(geometry, scan, colour, patches, rectified, rectifier, notes + colour_notes)
