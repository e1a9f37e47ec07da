"""Camera intrinsics (focal lengths, principal point, lens distortion) from photos of a
chessboard or a ChArUco board, with every rejected photo named and explained."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration.config import DEFAULT_CONFIG, CalibrationConfig
from calibration.errors import CalibrationError, ImageError, NotEnoughViewsError, PatternNotFoundError
from calibration.images import laplacian_variance, read_image, to_grey


_UNDISTORT_CRITERIA = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 100, 1e-12)


def undistort_points(points: np.ndarray, camera_matrix: np.ndarray, dist: np.ndarray,
                     new_matrix: np.ndarray | None = None) -> np.ndarray:
    """cv2.undistortPoints iterated to convergence (its default 5 iterations leave pixels of
    error in the corners of a wide-angle webcam frame). Works with OpenCV 4 and 5."""
    pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
    if hasattr(cv2, "undistortPointsIter"):  # OpenCV 4
        out = cv2.undistortPointsIter(pts, camera_matrix, dist, None, new_matrix, _UNDISTORT_CRITERIA)
    else:  # OpenCV 5 folded the criteria into undistortPoints
        out = cv2.undistortPoints(pts, camera_matrix, dist, None, None, new_matrix, _UNDISTORT_CRITERIA)
    return out.reshape(-1, 2)


@dataclass(frozen=True)
class Intrinsics:
    camera_matrix: np.ndarray
    dist: np.ndarray
    image_size: tuple[int, int]
    """(width, height) of the frames these numbers are for."""
    rms: float | None = None

    @property
    def fx(self) -> float:
        return float(self.camera_matrix[0, 0])

    @property
    def fy(self) -> float:
        return float(self.camera_matrix[1, 1])

    @property
    def cx(self) -> float:
        return float(self.camera_matrix[0, 2])

    @property
    def cy(self) -> float:
        return float(self.camera_matrix[1, 2])

    def undistort_points(self, points: np.ndarray) -> np.ndarray:
        """Distorted pixel coordinates -> ideal (pinhole) pixel coordinates, same camera matrix."""
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return undistort_points(pts, self.camera_matrix, self.dist, self.camera_matrix)

    def distort_points(self, points: np.ndarray) -> np.ndarray:
        """Ideal pixel coordinates -> where the real (distorting) lens puts them."""
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        k_inv = np.linalg.inv(self.camera_matrix)
        rays = np.hstack([pts, np.ones((len(pts), 1))]) @ k_inv.T
        projected, _ = cv2.projectPoints(rays.reshape(-1, 1, 3), np.zeros(3), np.zeros(3),
                                         self.camera_matrix, self.dist)
        return projected.reshape(-1, 2)

    def rescaled(self, image_size: tuple[int, int]) -> "Intrinsics":
        """The same camera at another resolution of the same aspect ratio (pixel centres kept)."""
        sx = image_size[0] / self.image_size[0]
        sy = image_size[1] / self.image_size[1]
        k = self.camera_matrix.copy()
        k[0, 0] *= sx
        k[1, 1] *= sy
        k[0, 2] = (k[0, 2] + 0.5) * sx - 0.5
        k[1, 2] = (k[1, 2] + 0.5) * sy - 0.5
        return Intrinsics(k, self.dist.copy(), (int(image_size[0]), int(image_size[1])), self.rms)

    def to_json(self) -> dict[str, Any]:
        return {"fx": round(self.fx, 6), "fy": round(self.fy, 6), "cx": round(self.cx, 6),
                "cy": round(self.cy, 6), "dist": [round(float(v), 10) for v in self.dist.ravel()],
                "image_size": list(self.image_size),
                "rms": None if self.rms is None else round(float(self.rms), 6)}

    @classmethod
    def from_json(cls, data: Any) -> "Intrinsics":
        """Typed and bounded: finite numbers in ranges a real camera has (a NaN, infinite or
        1e-300 focal length would make every later step produce NaN quietly)."""
        from rules.safe_json import field, number, obj, only_keys, whole

        data = obj(data, "'intrinsics'")
        only_keys(data, ("fx", "fy", "cx", "cy", "dist", "image_size", "rms"), "'intrinsics'")
        for key in ("fx", "cx", "fy", "cy", "dist", "image_size"):  # the order the matrix is read
            if key not in data:
                raise KeyError(key)
        size_list = field(data, "image_size", list, "'intrinsics'")
        if len(size_list) != 2:
            raise ValueError("'image_size' must be [width, height]")
        w, h = (whole(v, "'image_size'", 1, 20000) for v in size_list)
        fx = number(field(data, "fx", (int, float), "'intrinsics'"), "fx", 0.05 * w, 100.0 * w)
        fy = number(field(data, "fy", (int, float), "'intrinsics'"), "fy", 0.05 * h, 100.0 * h)
        cx = number(field(data, "cx", (int, float), "'intrinsics'"), "cx", -w, 2.0 * w)
        cy = number(field(data, "cy", (int, float), "'intrinsics'"), "cy", -h, 2.0 * h)
        dist_list = field(data, "dist", list, "'intrinsics'")
        if len(dist_list) not in (4, 5, 8, 12, 14):
            raise ValueError(f"'dist' has {len(dist_list)} coefficients; OpenCV takes 4, 5, 8, 12 or 14")
        dist = np.asarray([number(v, "each 'dist' coefficient", -1e4, 1e4) for v in dist_list], np.float64)
        k = np.array([[fx, 0.0, cx], [0.0, fy, cy], [0.0, 0.0, 1.0]])
        rms = data.get("rms")
        return cls(k, dist, (w, h), None if rms is None else number(rms, "rms", 0.0, 1e4))


@dataclass(frozen=True)
class PatternSpec:
    """A chessboard (``cols`` x ``rows`` INNER corners) or a ChArUco board (``cols`` x ``rows``
    squares, markers of ``marker_mm`` from ``dictionary``)."""

    kind: str
    cols: int
    rows: int
    square_mm: float
    marker_mm: float | None = None
    dictionary: str = "DICT_4X4_50"

    def describe(self) -> str:
        if self.kind == "chessboard":
            return f"chessboard with {self.cols}x{self.rows} inner corners"
        return f"ChArUco board of {self.cols}x{self.rows} squares ({self.dictionary})"


def parse_pattern(text: str, square_mm: float, marker_mm: float | None = None,
                  dictionary: str = "DICT_4X4_50") -> PatternSpec:
    """``9x6`` (chessboard inner corners) or ``charuco:5x7`` (ChArUco squares)."""
    from rules.safe_json import shown

    match = re.fullmatch(r"\s*(charuco:)?(\d{1,4})\s*[xX]\s*(\d{1,4})\s*", text)
    if not match:
        raise CalibrationError(f"pattern {shown(text)}: write it as COLSxROWS (e.g. 9x6) or charuco:COLSxROWS")
    cols, rows = int(match.group(2)), int(match.group(3))
    if cols > 100 or rows > 100:
        raise CalibrationError(f"pattern {cols}x{rows}: at most 100 in each direction (a printable board)")
    if not (math.isfinite(square_mm) and 0 < square_mm <= 1000):
        raise CalibrationError(f"--square-mm must be positive (millimetres, at most 1000), not {square_mm}")
    if marker_mm is not None and not math.isfinite(marker_mm):
        raise CalibrationError(f"--marker-mm must be a finite number, not {marker_mm}")
    if match.group(1):
        if cols < 3 or rows < 3:
            raise CalibrationError(f"ChArUco board {cols}x{rows}: needs at least 3x3 squares")
        if marker_mm is None:
            marker_mm = 0.75 * square_mm
        if not 0 < marker_mm < square_mm:
            raise CalibrationError(f"ChArUco markers ({marker_mm} mm) must be smaller than the squares ({square_mm} mm)")
        if not dictionary.startswith("DICT_") or not hasattr(cv2.aruco, dictionary):
            raise CalibrationError(f"unknown ArUco dictionary {shown(dictionary)}")
        return PatternSpec("charuco", cols, rows, square_mm, marker_mm, dictionary)
    if cols < 2 or rows < 2:
        raise CalibrationError(f"chessboard {cols}x{rows}: needs at least 2x2 inner corners")
    return PatternSpec("chessboard", cols, rows, square_mm)


@dataclass(frozen=True)
class Rejection:
    photo: str
    reason: str


@dataclass
class IntrinsicsResult:
    intrinsics: Intrinsics
    used: list[str]
    rejected: list[Rejection]
    per_view_rms: dict[str, float] = field(default_factory=dict)
    pattern: PatternSpec | None = None

    def to_json(self) -> dict[str, Any]:
        data = self.intrinsics.to_json()
        data["used"] = self.used
        data["rejected"] = [{"photo": r.photo, "reason": r.reason} for r in self.rejected]
        data["per_view_rms"] = {k: round(v, 4) for k, v in self.per_view_rms.items()}
        if self.pattern is not None:
            data["pattern"] = self.pattern.describe()
        return data


_SUBPIX_CRITERIA = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)


def _find_chessboard(grey: np.ndarray, size: tuple[int, int]) -> np.ndarray | None:
    # FAST_CHECK (as in OpenCV's calibration sample) gives up quickly on photos without a board.
    flags = cv2.CALIB_CB_ADAPTIVE_THRESH | cv2.CALIB_CB_NORMALIZE_IMAGE | cv2.CALIB_CB_FAST_CHECK
    found, corners = cv2.findChessboardCorners(grey, size, flags=flags)
    if not found:
        return None
    # Sub-pixel refinement window: OpenCV's sample uses 23x23 px, but a window reaching the
    # neighbouring corners biases them, so it is capped at 40% of the smallest square seen.
    grid = corners.reshape(size[1], size[0], 2)
    square_px = min(float(np.linalg.norm(np.diff(grid, axis=0), axis=2).min()),
                    float(np.linalg.norm(np.diff(grid, axis=1), axis=2).min()))
    half = int(max(3, min(11 * max(grey.shape) / 640, 0.4 * square_px)))
    return cv2.cornerSubPix(grey, corners, (half, half), (-1, -1), _SUBPIX_CRITERIA).reshape(-1, 2)


def _charuco_board(spec: PatternSpec) -> Any:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, spec.dictionary))
    marker_mm = spec.marker_mm if spec.marker_mm is not None else 0.75 * spec.square_mm  # parse_pattern's default
    return cv2.aruco.CharucoBoard((spec.cols, spec.rows), spec.square_mm, marker_mm, dictionary)


class _ViewFinder:
    """Finds the pattern in one photo: object points (mm) and image points (px), or a reason."""

    def __init__(self, spec: PatternSpec, config: CalibrationConfig) -> None:
        self.spec = spec
        self.config = config
        if spec.kind == "charuco":
            self.board = _charuco_board(spec)
            self.detector = cv2.aruco.CharucoDetector(self.board)
        else:
            grid = np.mgrid[0:spec.cols, 0:spec.rows].T.reshape(-1, 2) * spec.square_mm
            self.object_points = np.hstack([grid, np.zeros((len(grid), 1))]).astype(np.float32)

    def find(self, grey: np.ndarray) -> tuple[np.ndarray, np.ndarray] | str:
        if self.spec.kind == "charuco":
            return self._find_charuco(grey)
        corners = _find_chessboard(grey, (self.spec.cols, self.spec.rows))
        if corners is None:
            lap = laplacian_variance(grey)
            if lap < self.config.min_laplacian_variance:
                return (f"too blurred or featureless (sharpness {lap:.1f} < {self.config.min_laplacian_variance:g}, "
                        f"variance of the Laplacian); pattern not found")
            return f"pattern not found (no {self.spec.describe()})"
        sharpness: Any = cv2.estimateChessboardSharpness(  # (retval, ...): the stub says a scalar
            grey, (self.spec.cols, self.spec.rows), corners.reshape(-1, 1, 2))
        edge_width = float(sharpness[0][0])
        if edge_width > self.config.max_edge_width_px:
            return (f"too blurred (edges {edge_width:.1f} px wide > {self.config.max_edge_width_px:g} px, "
                    f"cv2.estimateChessboardSharpness)")
        return self.object_points, corners.astype(np.float32)

    def _find_charuco(self, grey: np.ndarray) -> tuple[np.ndarray, np.ndarray] | str:
        corners, ids, _, _ = self.detector.detectBoard(grey)
        if ids is None or len(ids) < 6:
            lap = laplacian_variance(grey)
            found = 0 if ids is None else len(ids)
            if lap < self.config.min_laplacian_variance:
                return f"too blurred (sharpness {lap:.1f} < {self.config.min_laplacian_variance:g}); pattern not found"
            return f"pattern not found ({found} ChArUco corners, need 6; no {self.spec.describe()})"
        obj, img = self.board.matchImagePoints(corners, ids)
        obj = obj.reshape(-1, 3).astype(np.float32)
        # Collinear corners (one row of the board) do not constrain the camera.
        centred = obj[:, :2] - obj[:, :2].mean(0)
        if np.linalg.svd(centred, compute_uv=False)[-1] < 1e-6 * max(1.0, float(np.abs(centred).max())):
            return "pattern not found (the ChArUco corners seen lie on one line)"
        return obj, img.reshape(-1, 2).astype(np.float32)


def _pattern_hint(grey: np.ndarray, spec: PatternSpec) -> str:
    """When no photo shows the pattern, try nearby chessboard sizes to suggest the right one."""
    if spec.kind != "chessboard":
        return ""
    for dc in (0, -1, 1, -2, 2):
        for dr in (0, -1, 1, -2, 2):
            size = (spec.cols + dc, spec.rows + dr)
            if (dc, dr) == (0, 0) or min(size) < 2:
                continue
            if _find_chessboard(grey, size) is not None:
                return f"; the first photo shows a {size[0]}x{size[1]} chessboard: try --pattern {size[0]}x{size[1]}"
    return ""


def _names(names: list[str], shown: int = 3) -> str:
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


def _refuse_sub_board(grey: np.ndarray, spec: PatternSpec, photo: str) -> None:
    """A chessboard with more corners than --pattern says also matches the smaller size (a part
    of it); that hides a wrong --pattern, so say so instead."""
    for size in ((spec.cols + 1, spec.rows), (spec.cols, spec.rows + 1)):
        if _find_chessboard(grey, size) is not None:
            raise PatternNotFoundError(
                f"wrong pattern size: {Path(photo).name} shows a chessboard with at least {size[0]}x{size[1]} "
                f"inner corners, not {spec.cols}x{spec.rows}; count the inner corners (where four squares "
                f"meet) and pass --pattern COLSxROWS")


def calibrate_intrinsics(photos: Sequence[str | Path], spec: PatternSpec,
                         config: CalibrationConfig = DEFAULT_CONFIG,
                         fix_aspect_ratio: bool = False) -> IntrinsicsResult:
    """Solve for the intrinsics from the photos in which the pattern is found (cv2.calibrateCamera)."""
    if not photos:
        raise CalibrationError("no photos given")
    finder = _ViewFinder(spec, config)
    rejected: list[Rejection] = []
    views: list[tuple[str, tuple[int, int], np.ndarray, np.ndarray]] = []
    first_grey: np.ndarray | None = None
    for photo in photos:
        name = str(photo)
        try:
            grey = to_grey(read_image(photo))
        except ImageError as exc:
            rejected.append(Rejection(name, str(exc).removeprefix(f"{photo}: ")))
            continue
        if first_grey is None:
            first_grey = grey
        found = finder.find(grey)
        if isinstance(found, str):
            rejected.append(Rejection(name, found))
            continue
        if not views and spec.kind == "chessboard":
            _refuse_sub_board(grey, spec, name)
        views.append((name, (grey.shape[1], grey.shape[0]), found[0], found[1]))

    # Every photo must come from the same camera mode: keep the commonest size.
    if views:
        size = Counter(v[1] for v in views).most_common(1)[0][0]
        for name, view_size, _, _ in views:
            if view_size != size:
                rejected.append(Rejection(name, f"wrong size: {view_size[0]}x{view_size[1]} "
                                                f"while the other photos are {size[0]}x{size[1]}"))
        views = [v for v in views if v[1] == size]

    if len(views) < config.min_views:
        by_reason: dict[str, list[str]] = {}
        for r in rejected:
            by_reason.setdefault(r.reason, []).append(Path(r.photo).name)
        detail = "; ".join(f"{_names(names)}: {reason}" for reason, names in by_reason.items())
        hint = ""
        if first_grey is not None and sum("pattern not found" in r.reason for r in rejected) > len(rejected) / 2:
            hint = _pattern_hint(first_grey, spec)
        cls = PatternNotFoundError if not views else NotEnoughViewsError
        raise cls(f"{spec.describe()} usable in {len(views)} of {len(photos)} photos, "
                  f"need at least {config.min_views}: {detail}{hint}")

    image_size = views[0][1]
    flags = cv2.CALIB_FIX_ASPECT_RATIO if fix_aspect_ratio else 0
    k0 = np.eye(3)
    dist0: Any = None  # OpenCV allocates the coefficients (its stub does not allow None)
    rms, k, dist, _, _, _, _, per_view = cv2.calibrateCameraExtended(
        [v[2] for v in views], [v[3] for v in views], image_size, k0, dist0, flags=flags)
    if not np.isfinite(rms) or rms > config.max_intrinsics_rms_px:
        raise CalibrationError(f"calibration failed: reprojection error {rms:.2f} px > "
                               f"{config.max_intrinsics_rms_px:g} px (is --square-mm / --pattern right, "
                               f"are the photos varied enough?)")
    intrinsics = Intrinsics(k, dist.ravel(), image_size, float(rms))
    return IntrinsicsResult(intrinsics, [v[0] for v in views], rejected,
                            {v[0]: float(e) for v, e in zip(views, per_view.ravel())}, spec)
