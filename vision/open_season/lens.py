"""The lens's barrel distortion, measured on the wall boards of a finished Open Season table.

The corner markers lie at the corners of the play area; the walls and the personal areas lie
outside it, where a homography fitted on the markers alone is off by up to 4-5 px on a webcam's
barrel distortion (renders: k1 from -0.12 to 0.02). That is a third of a wall trophy's width:
trophies, wild tokens, Shield scoring trophies and bonus tile faces were read as absent with
no doubt. Without a calibrated profile, the one radial coefficient k1 is found here from the
picture itself: each candidate refits the markers with that lens and is scored by how well the
walls' cards (bright 44x68 mm rectangles on the darker board, every space filled at the end)
line up with where the layout puts them; the best candidate, refined by a parabola, wins. The
frame is then undistorted once, so that every reader samples a pinhole view (fast remaps)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.render import open_season_art as art
from vision.render.open_season_scene import SEAT_SIDES, board_pose

K1_GRID = tuple(np.round(np.arange(-0.20, 0.081, 0.04), 2))
"""Candidates tried first (a parabola through the best and its neighbours refines it)."""
K1_LIMITS = (-0.22, 0.10)
K1_FINE_STEPS = (-0.03, -0.02, -0.01, 0.0, 0.01, 0.02, 0.03)
"""Then around the coarse grid's peak (its parabola over 0.04 steps put 12 MP tuning 90596's k1 at
-0.079 for the lens's -0.089 and -0.014 k2: the walls' places 1.5 px off on average, 2.4 at
most; refined over these steps: 0.7 and 1.2)."""
FOCAL_RATIOS = (0.92, 0.96, 1.0, 1.04, 1.08)
"""The focal length the markers' homography implies, times these, tried at the best k1 when the
lens bends the markers past the calibration's limit: the implied focal is then off by some percent
(fresh 12 MP table 89815: 1281 px against the camera's 1220 at the working size; with it the south
wall's trophies were not found, with 1220 every one was). Not searched otherwise: on 50 tables
whose markers fit (89700-89749) it changed the doubts of 21 and made 3 results worse."""
BOARD_PX_PER_MM = 1.0
BOARD_MARGIN_MM = 8.0
CARD_TOP_MM = 2.4
"""The wall board (2 mm) and the card: where the cards' edges are seen."""
EDGE_BLUR_PX = 0.7


@dataclass(frozen=True)
class LensFit:
    """The lens found: k1 (radial, at the focal length ``focal`` px, principal point in the
    centre) and how well the walls lined up at k1 and with no distortion (mean correlation)."""

    k1: float
    focal: float
    score: float
    score_pinhole: float

    def camera_matrix(self, size: tuple[int, int]) -> np.ndarray:
        w, h = size
        return np.array([[self.focal, 0, (w - 1) / 2], [0, self.focal, (h - 1) / 2], [0, 0, 1]])

    def dist(self) -> np.ndarray:
        return np.array([self.k1, 0.0, 0.0, 0.0, 0.0])


def _board_axes() -> tuple[np.ndarray, np.ndarray]:
    """The board grid's columns (x, mm from the board's corner) and rows (y)."""
    bw, bd = art.WALL_BOARD_SIZE_MM
    step = 1.0 / BOARD_PX_PER_MM
    xs = np.arange(-BOARD_MARGIN_MM, bw + BOARD_MARGIN_MM, step) + step / 2
    ys = np.arange(-BOARD_MARGIN_MM, bd + BOARD_MARGIN_MM, step) + step / 2
    return xs, ys


def _board_grid() -> tuple[np.ndarray, np.ndarray]:
    gx, gy = np.meshgrid(*_board_axes())
    return gx, gy


def wall_template(side: str) -> np.ndarray:
    """The wall at the end (board-local grid of ``_board_grid``): 1 on a card, 0 elsewhere,
    blurred like the camera; zero mean, unit norm."""
    gx, gy = _board_grid()
    t = np.zeros(gx.shape, np.float32)
    cw, ch = art.CARD_SIZE_MM
    for number in range(1, len(art.WALL_SPACES[side]) + 1):
        cx, cy = art.wall_space_local(side, number)
        t[(np.abs(gx - cx) < cw / 2) & (np.abs(gy - cy) < ch / 2)] = 1.0
    blurred = np.asarray(cv2.GaussianBlur(t, (0, 0), EDGE_BLUR_PX), np.float32)
    blurred -= blurred.mean()
    out: np.ndarray = blurred / max(float(np.linalg.norm(blurred)), 1e-6)
    return out


def _board_affines(num_players: int) -> list[np.ndarray]:
    """Per seat, the 3x3 matrix taking a point of the board grid (its own mm from its corner,
    ``_board_grid``) to table mm: with the camera's homography, one matrix maps the whole grid,
    whose rows and columns each share a coordinate (made once, not once per lens tried)."""
    bw, bd = art.WALL_BOARD_SIZE_MM
    out = []
    for where in SEAT_SIDES[num_players]:
        bx, by, yaw = board_pose(where)
        c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
        out.append(np.array([[c, -s, bx - c * bw / 2 + s * bd / 2],
                             [s, c, by - s * bw / 2 - c * bd / 2],
                             [0.0, 0.0, 1.0]]))
    return out


def _on_board(where: str, gx: np.ndarray, gy: np.ndarray) -> np.ndarray:
    """The table mm (N x 2) of points given in the board's own mm (``gx``, ``gy``: from its
    corner) on the wall board at ``where``."""
    bw, bd = art.WALL_BOARD_SIZE_MM
    bx, by, yaw = board_pose(where)
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    lx, ly = gx.ravel() - bw / 2, gy.ravel() - bd / 2
    return np.stack([bx + lx * c - ly * s, by + lx * s + ly * c], 1)


def wall_alignment(grey: np.ndarray, table_to_ideal: np.ndarray, k: np.ndarray, k1: float,
                   boards: list[np.ndarray], template: np.ndarray) -> float:
    """Mean over the walls of the correlation of the frame (sampled where the layout puts each
    wall, through this lens) with the cards' pattern. ``boards``: ``_board_affines``.

    The grid's pixels are worked out along its rows and columns (an outer sum per homogeneous
    coordinate) rather than point by point: half the time of the lens search, the same samples."""
    from vision.octocube.geometry import TableView

    view = TableView(table_to_ideal, (grey.shape[1], grey.shape[0]), k)
    hom = view.homography_at(CARD_TOP_MM)
    xs, ys = _board_axes()
    f, cx, cy = k[0, 0], k[0, 2], k[1, 2]
    total = 0.0
    for board in boards:
        m = hom @ board
        w = m[2, 0] * xs + (m[2, 1] * ys + m[2, 2])[:, None]
        xn = ((m[0, 0] * xs + (m[0, 1] * ys + m[0, 2])[:, None]) / w - cx) / f
        yn = ((m[1, 0] * xs + (m[1, 1] * ys + m[1, 2])[:, None]) / w - cy) / f
        g = 1.0 + k1 * (xn * xn + yn * yn)  # radial k1 at the camera matrix's focal length
        patch = cv2.remap(grey, (cx + f * xn * g).astype(np.float32), (cy + f * yn * g).astype(np.float32),
                          cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        patch = patch - patch.mean()
        total += float((patch * template).sum()) / max(float(np.linalg.norm(patch)), 1e-6)
    return total / len(boards)


def fit_lens(image: np.ndarray, scan: Any, config: Any, num_players: int, side: str,
             search_focal: bool = False) -> LensFit:
    """The k1 that lines the walls up best (see the module's docstring). ``scan``: the
    markers found (``calibration.table.detect_markers``); ``config`` the calibration's (its
    residual limit is lifted for the candidates). ``search_focal``: the focal length too, for a
    lens that bends the markers past the calibration's limit (``FOCAL_RATIOS``).

    Each candidate's focal length is the one its own undistorted markers imply
    (``consistent_focal``): the pinhole fit's, through the bent markers, is off by some percent,
    and a table view whose camera matrix does not match its homography lifts every point above
    the table (a card, a token) off where it lies."""
    from calibration.intrinsics import Intrinsics
    from calibration.table import fit_table_geometry
    from calibration.marker_lens import focal_from_homography

    from dataclasses import replace

    size = (image.shape[1], image.shape[0])
    loose = replace(config, max_marker_residual_px=1e6)  # a wrong candidate is scored, not refused
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    template = wall_template(side)
    boards = _board_affines(num_players)
    pinhole, _ = fit_table_geometry(scan, size, None, loose)  # the lens bends the markers too
    implied = focal_from_homography(pinhole.table_to_image, size)
    if implied is None:
        implied = (size[0] / 2) / math.tan(math.radians(35.0))
    cache: dict[tuple[float, float], float] = {}

    def camera(focal: float) -> np.ndarray:
        return np.array([[focal, 0, (size[0] - 1) / 2], [0, focal, (size[1] - 1) / 2], [0, 0, 1]])

    def geometry(k1: float, focal: float) -> Any:
        return fit_table_geometry(scan, size, Intrinsics(camera(focal), np.array([k1, 0, 0, 0, 0]), size), loose)[0]

    def consistent(k1: float, focal: float) -> tuple[float, float]:
        """The same lens (k1 at ``focal``) at the focal length its undistorted markers imply."""
        if abs(k1) < 1e-12:  # no lens: the pinhole's own
            return k1, focal
        return consistent_focal(k1, focal, focal_from_homography(geometry(k1, focal).table_to_image, size))

    def score(k1: float, focal: float) -> float:
        key = (round(float(k1), 4), round(float(focal), 2))
        if key not in cache:
            geo = geometry(key[0], key[1])
            cache[key] = wall_alignment(grey, geo.table_to_image, camera(key[1]), key[0], boards, template)
        return cache[key]

    def peak(grid: list[float], values: list[float]) -> float:
        """The best of a grid, refined by a parabola through it and its neighbours."""
        i = int(np.argmax(values))
        best = grid[i]
        if 0 < i < len(grid) - 1:
            a, b, c = values[i - 1], values[i], values[i + 1]
            denom = a - 2 * b + c
            if denom < 0:
                best += 0.5 * (grid[i + 1] - grid[i]) * (a - c) / denom
        return best

    # k1 is searched at the pinhole's focal length (the barrel's shape, k1 / focal^2, is what
    # bends the frame), each candidate scored at its own consistent focal length
    start = float(implied)
    k1 = float(np.clip(peak(list(K1_GRID), [score(*consistent(c, start)) for c in K1_GRID]), *K1_LIMITS))
    # then finer around it: the scores are no parabola over the coarse grid's 0.04
    fine = [float(np.clip(k1 + d, *K1_LIMITS)) for d in K1_FINE_STEPS]
    k1 = float(np.clip(peak(fine, [score(*consistent(c, start)) for c in fine]), *K1_LIMITS))
    k1, focal = consistent(k1, start)
    if not search_focal:
        return LensFit(k1, focal, score(k1, focal), score(0.0, focal))
    implied = focal
    focals = [implied * r for r in FOCAL_RATIOS]
    focal = float(np.clip(peak(focals, [score(k1, f) for f in focals]), focals[0], focals[-1]))
    if abs(focal - implied) > 1e-6:  # k1 again at that focal (they trade off)
        near = [k1 + d for d in (-0.04, -0.02, 0.0, 0.02, 0.04)]
        k1 = float(np.clip(peak(near, [score(c, focal) for c in near]), *K1_LIMITS))
    return LensFit(k1, focal, score(k1, focal), score(0.0, focal))


def consistent_focal(k1: float, focal: float, implied: float | None) -> tuple[float, float]:
    """k1 at ``focal`` as the same barrel at the focal length ``implied`` (the markers'
    homography once undistorted; None: too frontal to say, ``focal`` kept). Radial distortion
    bends by k1 / focal^2 (in pixels), so the undistorted frame, and the homography, stay as
    they are."""
    if implied is None or not implied > 0:
        return k1, focal
    return k1 * (implied / focal) ** 2, float(implied)


OFFSET_SEARCH_MM = 3
"""``wall_offsets`` shifts each wall's card pattern up to this (whole mm, both ways, both axes)."""


def wall_offsets(image: np.ndarray, view: Any, num_players: int, side: str) -> list[tuple[float, float]]:
    """Per seat, how far its wall's cards lie from where the view puts them: the shift (mm, along
    the board, parabola-refined over 1 mm steps up to ``OFFSET_SEARCH_MM``) at which the cards'
    pattern (``wall_template``) fits the frame best, and how much better it fits there than where
    the view puts it (correlation). ``view`` projects the table into ``image`` (its
    ``project``, distortion included). The photo's own measure of its fit: every token place is
    sampled through the same view, so a wall seen a few mm off has its tokens sampled off too."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    template = wall_template(side)
    th, tw = template.shape
    m = OFFSET_SEARCH_MM
    gx, gy = _board_grid()
    step = 1.0 / BOARD_PX_PER_MM
    # the pattern's grid widened by the search on every side (whole grid steps)
    xs = np.concatenate([gx[0, 0] - step * np.arange(m, 0, -1), gx[0], gx[0, -1] + step * np.arange(1, m + 1)])
    ys = np.concatenate([gy[0, 0] - step * np.arange(m, 0, -1), gy[:, 0], gy[-1, 0] + step * np.arange(1, m + 1)])
    wx, wy = np.meshgrid(xs, ys)
    out = []
    for where in SEAT_SIDES[num_players]:
        px = np.asarray(view.project(_on_board(where, wx, wy), CARD_TOP_MM), np.float32)
        wide = cv2.remap(grey, px[:, 0].reshape(wx.shape), px[:, 1].reshape(wx.shape), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)
        fits = np.zeros((2 * m + 1, 2 * m + 1))
        for i in range(2 * m + 1):
            for j in range(2 * m + 1):
                patch = wide[i:i + th, j:j + tw]
                patch = patch - patch.mean()
                fits[i, j] = float((patch * template).sum()) / max(float(np.linalg.norm(patch)), 1e-6)
        best = np.unravel_index(int(np.argmax(fits)), fits.shape)
        i, j = int(best[0]), int(best[1])

        def refine(a: float, b: float, cc: float) -> float:
            denom = a - 2 * b + cc
            return 0.5 * (a - cc) / denom if denom < 0 else 0.0
        dy = (i - m + (refine(fits[i - 1, j], fits[i, j], fits[i + 1, j]) if 0 < i < 2 * m else 0.0)) * step
        dx = (j - m + (refine(fits[i, j - 1], fits[i, j], fits[i, j + 1]) if 0 < j < 2 * m else 0.0)) * step
        out.append((float(math.hypot(dx, dy)), float(fits[i, j] - fits[m, m])))
    return out


def undistorted(image: np.ndarray, lens: LensFit) -> np.ndarray:
    """The frame as a pinhole camera with the same camera matrix would see it."""
    size = (image.shape[1], image.shape[0])
    k = lens.camera_matrix(size)
    out: np.ndarray = cv2.undistort(image, k, lens.dist(), None, k)
    return out


__all__ = ["LensFit", "consistent_focal", "fit_lens", "undistorted", "wall_offsets", "wall_alignment", "wall_template"]
