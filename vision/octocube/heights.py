"""Differential stack heights from parallax: how many tiles a stack lost between two still
scenes of the same, unmoved camera.

One image cannot tell a stack's height: each stack lies up to 1.5 mm off its grid centre, while a
tile (2.5 mm thick) moves the top's image by only 0.3-1.4 mm of table under a 0-25 degree tilt.
Two images can: the stack does not move when its top tile is taken, so the top's art only slides
along the location's *parallax vector* (where the image of the top goes per tile of extra height).

The recogniser keeps, per stack, a grey *fingerprint* of the top (sampled at the stack plane,
``FINGERPRINT_MM`` square at ``FINGERPRINT_PX_PER_MM``) and that parallax vector (mm in the
fingerprint's frame per tile). :func:`height_change` slides the reference fingerprint along the
vector (1-D search, normalised cross-correlation of the central ``COMPARE_MM`` window, which
holds only the top's art whatever the stack's height and offset) and returns the best shift in
tiles with the correlation it reached. NCC ignores brightness and contrast changes, so the light
drifting between the two scenes does not move the peak.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.octocube.geometry import PatchSpec, TableView
from vision.render import octocube_layout as lay

FINGERPRINT_MM = 40.0
"""Sampled square: the compared window plus room to slide it by up to ``MAX_TILES`` tiles."""
FINGERPRINT_PX_PER_MM = 2.0
"""Finer than the camera (about 0.85 px/mm at 1280x720): the bilinear sampling then keeps every
camera pixel, and the search steps stay well below one of them."""
COMPARE_MM = 26.0
"""Central window compared: inside the 34 mm tile top for any offset (1.5 mm), yaw (4 degrees)
and height error of the sampling plane."""
SEARCH_TILES = (-3.0, 1.5)
"""Shifts tried, in tiles (negative: the stack is lower now)."""
SEARCH_STEP_TILES = 0.125
TOP_MM = 34.0
"""Window compared by :func:`visible_change`: the tile's top (its art up to the edges)."""
MIN_VISIBLE_PX = 100
"""Fewest fingerprint pixels (0.25 mm each) in view for :func:`visible_change` to answer."""
BLUR_PX = 1.0
"""Gaussian blur (fingerprint pixels) before comparing: fractional shifts interpolate, whole ones
do not; the blur makes both equally smooth so the search has no bias towards whole pixels."""


@dataclass(frozen=True)
class HeightChange:
    """The best shift along the parallax vector between a reference and a current fingerprint."""

    tiles: float
    """Height change in tiles (sub-tile estimate; negative: the stack is lower now)."""
    peak: float
    """Normalised cross-correlation at that shift (1 = identical up to brightness/contrast)."""
    at_zero: float
    """Correlation with no shift (what an unchanged stack scores)."""
    a_tile_off: float = float("nan")
    """Best correlation at the shifts a whole tile or more away from the best one, in the search
    range (nan: none lies there). A top whose art pins the shift falls off on both sides of the
    peak; a plain or blurred top (a smooth shading across it) correlates about as well a tile or
    two away, and its best shift is no measurement."""


def fingerprint_specs(view: TableView, centres_mm: list[tuple[float, float]],
                      plane_mm: float) -> tuple[list[PatchSpec], list[tuple[float, float]]]:
    """The fingerprint patch of every stack centre, and the parallax vector at each (table mm in
    the patch's frame per tile of extra height, lens distortion ignored: a local, tiny effect)."""
    specs = [PatchSpec(f"fingerprint {i}", c, plane_mm, FINGERPRINT_MM) for i, c in enumerate(centres_mm)]
    at_plane = np.linalg.inv(view.homography_at(plane_mm))
    one_up = view.homography_at(plane_mm + lay.TILE_THICKNESS_MM)
    vectors: list[tuple[float, float]] = []
    for cx, cy in centres_mm:
        p = at_plane @ (one_up @ np.array([cx, cy, 1.0]))
        vectors.append((float(p[0] / p[2] - cx), float(p[1] / p[2] - cy)))
    return specs, vectors


def to_fingerprint(patch_bgr: np.ndarray) -> np.ndarray:
    """A sampled (gain-corrected) BGR patch -> the grey uint8 fingerprint kept per reading."""
    return cv2.cvtColor(np.ascontiguousarray(patch_bgr), cv2.COLOR_BGR2GRAY)


def _normalised(a: np.ndarray) -> np.ndarray:
    a = a - a.mean()
    return a / (a.std() + 1e-6)


def height_change(reference: np.ndarray, current: np.ndarray, parallax_mm: tuple[float, float],
                  search_tiles: tuple[float, float] = SEARCH_TILES) -> HeightChange:
    """Slide ``reference`` along ``parallax_mm`` (per tile) to best match ``current``, by the
    shifts ``search_tiles`` allows (a stack loses tiles, a coin pile gains coins)."""
    if reference.shape != current.shape or reference.ndim != 2 or reference.shape[0] != reference.shape[1]:
        raise ValueError(f"fingerprints must be equal square grey images, got {reference.shape} "
                         f"and {current.shape}")
    side = reference.shape[0]
    margin = int(round((side / FINGERPRINT_PX_PER_MM - COMPARE_MM) / 2 * FINGERPRINT_PX_PER_MM))
    inner = slice(margin, side - margin)
    ref = cv2.GaussianBlur(reference.astype(np.float32), (0, 0), BLUR_PX)
    cur = _normalised(cv2.GaussianBlur(current.astype(np.float32), (0, 0), BLUR_PX)[inner, inner])
    steps = np.arange(search_tiles[0], search_tiles[1] + 1e-9, SEARCH_STEP_TILES)
    vx, vy = (parallax_mm[0] * FINGERPRINT_PX_PER_MM, parallax_mm[1] * FINGERPRINT_PX_PER_MM)
    scores = np.empty(len(steps))
    for i, s in enumerate(steps):
        shift = np.array([[1, 0, s * vx], [0, 1, s * vy]], np.float32)
        moved = cv2.warpAffine(ref, shift, (side, side), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REFLECT)[inner, inner]
        scores[i] = float((_normalised(moved) * cur).mean())
    best = int(np.argmax(scores))
    tiles = float(steps[best])
    if 0 < best < len(steps) - 1:  # parabola through the peak and its neighbours
        a, b, c = scores[best - 1], scores[best], scores[best + 1]
        curvature = a - 2 * b + c
        if curvature < 0:
            tiles += 0.5 * (a - c) / curvature * SEARCH_STEP_TILES
    zero = int(np.argmin(np.abs(steps)))
    away = np.abs(steps - steps[best]) >= 1.0 - 1e-9
    return HeightChange(tiles=tiles, peak=float(scores[best]), at_zero=float(scores[zero]),
                        a_tile_off=float(scores[away].max()) if away.any() else float("nan"))



@dataclass(frozen=True)
class VisibleChange:
    """How the part of a stack top that the cubes in front leave in view differs between two
    fingerprints of the same location (no shift)."""

    correlation: float
    """Normalised cross-correlation over the pixels in view in both (nan: too few of them)."""
    residual: float
    """Grey levels (RMS) of the current pixels that the reference's, scaled and offset at best
    (a light that drifted), does not explain: camera noise on an unchanged top (a low-contrast
    top correlates poorly on noise alone), the art's difference on a changed one (nan: too few)."""
    share: float
    """Share of the compared window in view in both."""


def visible_change(reference: np.ndarray, current: np.ndarray, seen_reference: np.ndarray,
                   seen_current: np.ndarray) -> VisibleChange:
    """Compares two fingerprints of the same stack top over the pixels of the central ``TOP_MM``
    window that both masks (255: the stack shows, 0: a cube in front hides it) leave in view. A
    top half hidden by a cube that did not move shows the same cube in its hidden part in both
    scenes: only its visible part tells whether the top changed."""
    if not (reference.shape == current.shape == seen_reference.shape == seen_current.shape) or reference.ndim != 2:
        raise ValueError("fingerprints and masks must be equal grey images")
    side = reference.shape[0]
    margin = max(0, int(round((side / FINGERPRINT_PX_PER_MM - TOP_MM) / 2 * FINGERPRINT_PX_PER_MM)))
    inner = slice(margin, side - margin)
    both = (seen_reference[inner, inner] >= 250) & (seen_current[inner, inner] >= 250)
    share = float(both.mean())
    if int(both.sum()) < MIN_VISIBLE_PX:
        return VisibleChange(float("nan"), float("nan"), share)
    ref = cv2.GaussianBlur(reference.astype(np.float32), (0, 0), BLUR_PX)[inner, inner][both]
    cur = cv2.GaussianBlur(current.astype(np.float32), (0, 0), BLUR_PX)[inner, inner][both]
    correlation = float((_normalised(ref) * _normalised(cur)).mean())
    # cur ~ a * ref + b at best: what is left is std(cur) * sqrt(1 - r^2) (r clipped to [-1, 1])
    residual = float(cur.std()) * float(np.sqrt(max(0.0, 1.0 - min(1.0, correlation) ** 2)))
    return VisibleChange(correlation, residual, share)
