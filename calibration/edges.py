"""Sub-pixel marker corners from straight-edge fits.

cv2.cornerSubPix is made for chessboard saddle points; on the convex corner of a black marker it
is pulled about 0.3 px towards the marker's centre, which tilts the table homography by up to a
couple of millimetres when one marker is hidden. Fitting a straight line to each of the marker's
four outer edges (gradient peaks along the edge normal, in linear light) and intersecting
neighbouring lines removes that bias.
"""

from __future__ import annotations

import cv2
import numpy as np

from calibration.colour import srgb_to_linear

_LINEAR_LUT = (srgb_to_linear(np.arange(256) / 255.0) * 255.0).astype(np.float32)


def linear_grey(grey_u8: np.ndarray) -> np.ndarray:
    """8-bit sRGB-encoded grey -> float32 linear light (edges of a blurred step are symmetric here)."""
    return _LINEAR_LUT[grey_u8]


def _edge_crossings(values: np.ndarray, offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per profile (row), where it crosses half-way between its dark and bright levels around the
    steepest dark-to-bright rise. A level crossing is exact on an interpolated profile; a gradient
    peak snaps to the pixel grid and tilts near-axis-aligned edges. Returns rows (sample index,
    offset) and the contrast of each."""
    # Signed: only dark-to-bright edges going outwards, so an inner bit edge (bright -> dark)
    # or the card's edge on a darker table can never be mistaken for the marker's edge.
    grad = np.diff(values, axis=1)
    found: list[tuple[float, float]] = []
    contrast: list[float] = []
    for row, (profile, g) in enumerate(zip(values, grad)):
        peak = int(np.argmax(g))
        if g[peak] <= 0:
            continue
        dark, bright = float(profile[:peak + 1].min()), float(profile[peak + 1:].max())
        level = (dark + bright) / 2
        # walk out from the steepest step to the crossing on either side of it
        j = peak
        while j > 0 and profile[j] > level:
            j -= 1
        while j < len(profile) - 2 and profile[j + 1] < level:
            j += 1
        lo, hi = float(profile[j]), float(profile[j + 1])
        if not lo <= level <= hi or hi <= lo:
            continue
        frac = (level - lo) / (hi - lo)
        found.append((row, offsets[j] + frac * (offsets[j + 1] - offsets[j])))
        contrast.append(bright - dark)
    return np.asarray(found, np.float64).reshape(-1, 2), np.asarray(contrast, np.float64)


def _intersect(p: np.ndarray, d: np.ndarray, q: np.ndarray, e: np.ndarray) -> np.ndarray | None:
    m = np.array([[d[0], -e[0]], [d[1], -e[1]]])
    if abs(np.linalg.det(m)) < 1e-9:
        return None
    s, _ = np.linalg.solve(m, q - p)
    return p + s * d


def refine_quad(linear: np.ndarray, quad: np.ndarray, max_move_px: float = 4.0) -> np.ndarray:
    """Refined corners of a dark quadrilateral (4x2, any winding); the input where a fit fails.
    Two passes: the second samples the edges around the first pass's lines."""
    first = _refine_once(linear, quad, max_move_px)
    if first is quad:
        return quad
    second = _refine_once(linear, first, max_move_px)
    return second if np.linalg.norm(second - quad, axis=1).max() <= max_move_px else quad


def _refine_once(linear: np.ndarray, quad: np.ndarray, max_move_px: float) -> np.ndarray:
    side = float(np.mean(np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)))
    reach = float(np.clip(side / 6.0 / 2.2, 1.2, 4.0))  # stay inside one marker cell
    offsets = np.arange(-reach, reach + 1e-9, 0.25)
    lines: list[tuple[np.ndarray, np.ndarray]] = []
    centre = quad.mean(0)
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        length = float(np.linalg.norm(b - a))
        if length < 8:
            return quad
        t = (b - a) / length
        n = np.array([-t[1], t[0]])
        if np.dot(n, (a + b) / 2 - centre) < 0:
            n = -n  # outward: the marker's outer edge goes dark -> bright along n
        along = np.linspace(0.15, 0.85, int(np.clip(length / 1.5, 6, 60)))
        base = a + along[:, None] * (b - a)
        pts = base[:, None, :] + offsets[None, :, None] * n  # (samples, offsets, 2)
        values = cv2.remap(linear, pts[..., 0].astype(np.float32), pts[..., 1].astype(np.float32),
                           cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)
        edge, strength = _edge_crossings(values, offsets)
        if len(edge) < 4:
            return quad
        points = base[edge[:, 0].astype(int)] + edge[:, 1:2] * n
        keep = strength > 0.5 * np.median(strength)  # drop samples where a finger or glare cuts in
        if keep.sum() < 4:
            return quad
        edge = points
        vx, vy, x0, y0 = cv2.fitLine(edge[keep].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float64), np.array([vx, vy], np.float64)))
    refined = np.empty_like(quad)
    for k in range(4):
        corner = _intersect(*lines[k - 1], *lines[k])
        if corner is None or not np.all(np.isfinite(corner)) or np.linalg.norm(corner - quad[k]) > max_move_px:
            return quad
        refined[k] = corner
    return refined
