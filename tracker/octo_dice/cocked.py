"""Cocked dice through the pixels, on CPU, from geometry alone (no classifier class needed).

With the camera known, a die lying flat has a predictable outline in the fine view (rectified on
the plane of the top faces, 16 mm up): its top face is an exact 16 mm square there, and its sides
(lower than that plane) sweep from the square towards the camera's nadir, as far as the base
square seen from the camera. Its outline is the hull of those two squares. A die leaning 22-38
degrees on a base edge mostly fits no such outline: its raised edge stands about 22 mm high and
it covers 21-22 mm of the mat along its lean.

Each die the reader found is fitted with the best flat outline (every yaw, every shift); what
the two outlines do not share (mm², one blur's width of slack) decides. The die's outline is what
differs from the mat around it, shadows (the mat's colour, darker) left out. Where the outline is
not one die's alone (a neighbour, the sheet's edge) nothing is decided: a flat die must never be
called cocked. Limit (measured, docs/octo_dice_table.md): a die leaning towards or away from the
camera can have exactly a flat die's outline, and is then read as a face.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any
from dataclasses import dataclass

import numpy as np

from tracker.octo_dice.overlap import Overlaps, summed_counts

DIE_MM = 16.0
UNEXPLAINED_MM2 = 25.0
"""A die whose outline differs from the best flat die's by more than this is cocked. At 4 px/mm
flat dice alone left up to 21.6 mm² on the tuning and dev seeds 97000-97159, 97500-97699 (one die
above 18 of 1,081, a white die under the lamp whose hard shadow the mask took in), leaning ones
median 35 (bench/octo_dice_cocked.py). Until 2026-11-27 the bar was 25, set for no flat die
called cocked at all; it went to 18 for a few hours (the players can answer "it lies flat", so
a rare false call costs a tap: 403/543 of the dev seeds' leaning dice instead of 346/543), and
back to 25 once :data:`TOP_OFFSET_MM` found what the outline alone cannot (a lean along the
camera's line of sight keeps a flat outline)."""
TOP_OFFSET_MM = 2.2
"""A die whose best flat outline puts the top square further than this from the face the reader
read is cocked. A leaning die can have a flat die's outline (a lean along the camera's line of
sight), but then the flat die that outline implies has its top face elsewhere than the tipped
face the reader boxed. Dev seeds 97000-97159 and 97500-97699 (bench/octo_dice_cocked.py): lone
flat dice at most 1.8 mm (1,081 dice; 99 % under 1.4), leaning dice 2.3 mm at the 1st percentile
(median 4.3); at 2.0 mm 520/543 leaning dice, the rest not judged or not read."""
EXACT_FIT_MM2 = 1.0
EXACT_FIT_TOP_MM = 2.75
"""A die whose outline is a flat die's to within ``EXACT_FIT_MM2`` (a pixel's width along part of
its edge) is flat while its top lies within ``EXACT_FIT_TOP_MM`` of the face read: the box of a
flat die's face, an octopod's most of all, may lie 2.2-2.6 mm off its top (whole games 103514,
103814 and 103907: four flat dice called cocked at 2.25-2.61 mm, three of them under 1 mm²;
single scenes 97000/98000/99500/101500: two flat dice at 2.25 and 2.46 mm, 0.0 and 0.6 mm²),
while the leaning dice fitted that well lie 3.04 mm and more off (7 of the 8 on those scenes;
none on the stills of whole games)."""
FLAT_TOP_MM = 1.7
"""A die whose best flat outline puts the top square within this of the face the reader read is
called cocked by its outline only above :data:`FLAT_TOP_UNEXPLAINED_MM2`, not :data:`UNEXPLAINED_MM2`.
Its outline is a flat die's with its top face where the face was read, plus some mask: under a
lamp a white die's hard shadow, or a black die's dim side broken into pieces, which the outline
test took in. Seen games 100200-100219 (2026-11-28, session 14): 9 of the 18 dice misread were
flat dice so called cocked, unexplained 25.7-49.9 mm², top 0.25-1.58 mm. Single scenes of seen
seeds (97000-97299, 97500-97699, 98000-98149, 99500-99649, 99700-99849; bench/octo_dice_cocked.py
layouts): of the 1342 leaning dice the outline test judged, none read by a face the detector
boxed put its top within 1.7 mm (the nearest 1.82 mm, 25.3 and 43.1 mm²); read by a box put at the
spot's middle, 8 did (see ``FlatFit.face_boxed``): the bar is for boxed faces only."""
FLAT_TOP_UNEXPLAINED_MM2 = 55.0
"""The unexplained area above which a die whose top lies within :data:`FLAT_TOP_MM` is still
cocked (flat dice so fitted on the seen games up to 49.9 mm²; the leaning dice of the seen single
scenes with a top so near, all read by a box put at the spot's middle, 0.2-61.2)."""
FLAT_TOP_BRIGHT_MM2 = 20.0
"""... or above which, of that unexplained area, the part outside the flat outline that is at least
as light as the mat (``SIDE_LIGHT``) still makes it cocked. What the flat-top bar forgives is dark:
a white die's hard shadow under the lamp, a black die's dim side in pieces. A leaning white die
seen from above shows its top and a lit side face beside it, die-coloured, lighter than the mat
(game 103516, tilt 0.1, lamp: a leaning white die read by its tipped face, top 1.27 mm off,
44.6 mm² unexplained, under the bar: read as a flat octopod)."""
SIDE_LIGHT = 1.0
"""A die pixel with at least this share of the mat's light (``die_mask``'s ``k``) is die material,
never a shadow on the mat."""
RECENTRED_TOP_OFFSET_MM = 2.2
"""The top-face offset above which a die fitted in a view centred again on its outline is cocked;
its unexplained area is not used. Those are dice whose outline reached the first view's edge:
long, far from the camera's nadir at a steep tilt, where a flat black die under the lamp takes
its long shadow into the mask (game 98819, tilt 33.7: 73.9 mm², top 1.84 mm). Seen dice, tilt
25-36 (98000-98149 and game 98819's saved scenes): flat dice so fitted at most 2.33 mm (129),
leaning ones 2.57 mm and more, but one (1.22 mm, 38.9 mm²) of 18. 2.5 until session 21: the
still scenes of seen whole games (103006, 103500-103519, 103603-103619, 103800) hold 30 flat dice
so fitted, at most 1.89 mm, and two leaning white dice at tilt 30-32 read as a face at 2.33 and
2.43 mm (103606 scene 64, 103800 scene 24); single scenes 97000, 98000, 99500, 101500 (150 each):
flat at most 1.77 mm (18), leaning 2.52 mm and more (11)."""
TOLERANCE_PX = 1
"""Outlines are compared with this much slack (the lens and the sensor blur a die's edge)."""
BLUR_MM = 1.0
"""The view is smoothed this much before the mask (sensor noise under a dim warm lamp)."""
OPEN_MM = 1.0
"""Opening of the mask: noise and thin glare attached to a die do not widen its outline."""
CLOSE_MM = 1.7
"""Closing of the mask: a printed symbol's rim does not split a die in two."""
MAX_OUTLINE_MM = 40.0
"""An outline wider than this is not one die (a neighbour, the sheet's edge): not judged."""
MAX_AREA_RATIO = 1.6
"""An outline this many times a flat die's is two dice (a leaning die's is at most ~1.45 times)."""
DEFICIT_WEIGHT = 1.0
"""How much of the flat outline left empty counts (a black die's dim edge can go missing from the
mask; what no flat die explains is what marks a leaning one)."""
PAD_MM = 20.0
"""How far the flat outline may be shifted from where the die's outline lies."""
YAW_STEP_DEG = 2.0
YAW_SPAN_DEG = 8.0
"""Yaws tried for the flat outline: the outline's own edge direction, give or take this."""
SHIFT_MM = 3.0
"""Shifts tried for the flat outline, either way from lying centre on centre with the die's."""
BRIGHT = 1.25
"""A pixel this much brighter than the mat around it (mean of the channel ratios) is a white die."""
DARK = 0.42
"""A pixel this much darker than the mat is a black die (a shadow keeps about half the light)."""
DIM = 0.65
"""Below this share of the mat's light a pixel is a black die or a shadow: its hue tells them apart."""
DIM_HUE_OFF = 0.09
"""A dim pixel this far off the mat's hue (relative to its brightness) is a black die, not a shadow
(a neutral grey is 0.14-0.18 off either printed colour)."""
COLOUR_OFF = 12.0
"""A pixel this far (grey levels) from the mat's colour scaled to its brightness is not mat nor
shadow (a shadow darkens every channel alike; a die is grey, white or printed, the mat coloured)."""


@dataclass(frozen=True)
class FlatFit:
    """How well a die's outline is explained by a die lying flat."""

    unexplained_mm2: float
    """Of the die's outline and the best flat outline, what one has and the other lacks (mm², a
    blur's width of tolerance all round): about 0 for a flat die."""
    yaw_deg: float
    centre_px: tuple[float, float]
    """Where the outline's pixels lie on average (view pixels), for reporting a cocked die."""
    top_px: tuple[float, float]
    """The fitted top square's centre (view pixels)."""
    top_offset_mm: float = 0.0
    """How far the fitted top square's centre lies from the face the reader read (the view's
    centre, where the reading is): about 0 for a flat die, whose top face is that square."""
    cut_at_px: tuple[float, float] | None = None
    """Not judged because the die's outline, no larger than the dice read in it, reaches the
    view's edge: the middle of what the view holds of it (view px), where a view centred again
    would hold it whole (a leaning die read by its tipped face spans up to ~32 mm on one side of
    it). None otherwise."""
    recentred: bool = False
    """Fitted in a view centred again on the outline (see ``cut_at_px``): judged by the top
    offset alone, against ``RECENTRED_TOP_OFFSET_MM``."""
    face_boxed: bool = True
    """The face read was boxed by the detector. False: read by a box put at the spot's middle
    (``recogniser.FILL_SCORE``), which a leaning die's outline centres just as well, so the top
    offset says nothing and :data:`FLAT_TOP_MM` does not apply (9 of 1342 leaning dice of the seen
    single scenes were so read, 8 with a top within 1.7 mm)."""
    outline_mm2: float = 0.0
    """The area of the die's outline that was fitted (mm², on the top-face plane); 0 when not
    judged."""
    light_excess_mm2: float = 0.0
    """Of the die's outline outside the best flat outline, the part at least as light as the mat
    (``SIDE_LIGHT``: a die's side, not a shadow; mm²)."""

    @property
    def cocked(self) -> bool:
        if self.recentred:
            return self.top_offset_mm > RECENTRED_TOP_OFFSET_MM
        flat_top = self.face_boxed and self.top_offset_mm <= FLAT_TOP_MM
        if flat_top:
            return self.unexplained_mm2 > FLAT_TOP_UNEXPLAINED_MM2 or self.light_excess_mm2 > FLAT_TOP_BRIGHT_MM2
        if self.face_boxed and self.unexplained_mm2 <= EXACT_FIT_MM2 and self.top_offset_mm <= EXACT_FIT_TOP_MM:
            return False
        return self.unexplained_mm2 > UNEXPLAINED_MM2 or self.top_offset_mm > TOP_OFFSET_MM


def mat_colour(view: np.ndarray, unknown: np.ndarray | None = None) -> np.ndarray:
    """The mat's colour around a die, pixel by pixel (float32, the view's shape): a plane per
    channel fitted to the view's border, so that a lamp's falloff across the view (30 % over the
    44 mm view of game 103619's scene 100, where one colour for all made the bright side's cloth
    a die and a flat die cocked) is mat, not die. Left out of the fit: the white sheet round the
    mat (far brighter than either printed area), the pixels ``unknown`` marks (beyond the printed
    areas: the table beyond the sheet may be darker than the mat), and border pixels far from the
    first fit (a die or a shadow crossing the border)."""
    import cv2

    h, w = view.shape[:2]
    strips = [(slice(0, 3), slice(None)), (slice(h - 3, h), slice(None)),
              (slice(None), slice(0, 3)), (slice(None), slice(w - 3, w))]
    column = np.arange(w, dtype=np.float32) / w - 0.5
    row = np.arange(h, dtype=np.float32) / h - 0.5
    xs, ys = np.broadcast_to(column[None, :], (h, w)), np.broadcast_to(row[:, None], (h, w))
    border = np.concatenate([view[s].reshape(-1, 3) for s in strips]).astype(np.float32)
    at = np.column_stack([np.concatenate([xs[s].ravel() for s in strips]),
                          np.concatenate([ys[s].ravel() for s in strips])])
    if unknown is not None:
        on_mat = np.concatenate([unknown[s].ravel() for s in strips]) == 0
        if on_mat.sum() >= MAT_FIT_MIN_SHARE * len(border):
            border, at = border[on_mat], at[on_mat]
    grey = border.mean(axis=1)
    keep = grey < 1.4 * np.percentile(grey, 20)
    if keep.sum() < MAT_FIT_MIN_SHARE * len(border):
        keep = np.ones(len(border), bool)
    design = np.column_stack([np.ones(len(border), np.float32), at[:, 0], at[:, 1]])
    for _ in range(2):
        coef, *_ = np.linalg.lstsq(design[keep], border[keep], rcond=None)
        fitted_grey = np.maximum((design @ coef).mean(axis=1), 1.0)
        near = np.abs(grey / fitted_grey - 1.0) < MAT_FIT_TOLERANCE
        if near.sum() < MAT_FIT_MIN_SHARE * len(border):
            break
        keep = near
    planes = [np.maximum(np.add.outer(row * float(coef[2, c]), column * float(coef[1, c]) + float(coef[0, c])), 1.0)
              .astype(np.float32) for c in range(3)]
    return np.asarray(cv2.merge(planes))


MAT_FIT_MIN_SHARE = 0.1
"""The mat's colour plane is fitted to the view's border only if at least this share of it is
left (else to all of it)."""
MAT_FIT_TOLERANCE = 0.2
"""Border pixels whose grey differs from the first fitted plane's by more than this share are left
out of the second fit (a die, its shadow or a neighbour crossing the border)."""


def _odd(mm: float, px_per_mm: float) -> int:
    return max(1, int(round(mm * px_per_mm)) | 1)


def die_mask(view: np.ndarray, mat_bgr: np.ndarray, px_per_mm: float) -> np.ndarray:
    """Pixels of ``view`` that are a die, not the mat nor a shadow on it (uint8 0/1): far from the
    line of the mat's colour darkened or lit (grey levels), or far darker or brighter."""
    return die_mask_and_light(view, mat_bgr, px_per_mm)[0]


def die_mask_and_light(view: np.ndarray, mat_bgr: np.ndarray, px_per_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """:func:`die_mask` and each pixel's share of the mat's light (float32)."""
    import cv2

    blur = _odd(BLUR_MM, px_per_mm)
    smooth = cv2.GaussianBlur(view, (blur, blur), 0).astype(np.float32)
    mat = np.maximum(mat_bgr.astype(np.float32), 1.0)
    # channel planes, each contiguous (numpy's strided channel views of an interleaved image are
    # slow); the mat's colour one per pixel (``mat_colour``) or one for all
    lit_planes = cv2.split(smooth)
    mat_planes: list[Any] = list(cv2.split(mat)) if mat.ndim == 3 else [float(v) for v in mat]
    # how much of the mat's light the pixel has
    k = np.asarray(sum(lit_planes[c] * mat_planes[c] for c in range(3))
                   / sum(mat_planes[c] * mat_planes[c] for c in range(3)), np.float32)
    # the distance from the mat's colour at that light, channel by channel: the same sums as
    # ((smooth - k * mat) ** 2).sum(axis=2), without numpy's slow reduce over a 3-long axis
    residual = _norm3([lit_planes[c] - k * mat_planes[c] for c in range(3)])
    mask = (k > BRIGHT) | (k < DARK) | (residual > COLOUR_OFF)
    # a dark pixel's hue, relative to its own light: a black die is grey, a shadow keeps the mat's
    # hue (only the dim pixels not already a die need it)
    dim = ~mask & (k < DIM)
    if dim.any():
        lit = smooth[dim]
        hue_off = residual[dim] / np.maximum(_norm3([lit[:, 0], lit[:, 1], lit[:, 2]]), 1.0)
        mask[dim] = hue_off > DIM_HUE_OFF
    return mask.view(np.uint8), k


def _norm3(channels: list[np.ndarray]) -> np.ndarray:
    """sqrt(a² + b² + c²) of three arrays, summed in that order (as numpy sums a last axis of 3)."""
    a, b, c = (np.square(v) for v in channels)
    a += b
    a += c
    return np.sqrt(a, out=a)


def outline(mask: np.ndarray, centre: tuple[float, float], exclude: list[tuple[float, float]],
            px_per_mm: float, flat_area_px: float | None = None) -> np.ndarray:
    """The filled convex outline of the die at ``centre`` (see :func:`outline_or_cut`)."""
    return outline_or_cut(mask, centre, exclude, px_per_mm, flat_area_px)[0]


def outline_or_cut(mask: np.ndarray, centre: tuple[float, float], exclude: list[tuple[float, float]],
                   px_per_mm: float, flat_area_px: float | None = None, alone_only: bool = False
                   ) -> tuple[np.ndarray, tuple[float, float] | None]:
    """The filled convex outline of the die at ``centre`` (view px): the mask's component there,
    pixels nearer another die's centre (``exclude``) given to that die. Empty (not judged) when
    the component holding it is larger than the dice read in it can be (``flat_area_px``: a flat
    die's outline): a die the reader missed lies in it too, and the share of it nearer this die is
    no die's outline. Beside it, where the component is no larger than those dice can cover but
    reaches the view's edge (the die cut off by the view, not merged with more): the middle of its
    pixels in the view (else None). ``alone_only`` (a die read within ``recogniser.NEIGHBOUR_MM``
    of another): empty unless the component at ``centre`` holds no other die read (``exclude``);
    it is then this die's outline whole, nothing cut off."""
    import cv2

    size = _odd(OPEN_MM, px_per_mm)
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((size, size), np.uint8))
    size = _odd(CLOSE_MM, px_per_mm)
    closed = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, np.ones((size, size), np.uint8))
    h, w = closed.shape
    components = cv2.connectedComponentsWithStats(closed)
    if flat_area_px is not None:
        crowded = _crowded(components, centre, exclude, flat_area_px, alone_only)
        if isinstance(crowded, tuple):
            return np.zeros_like(closed), crowded
        if crowded:
            return np.zeros_like(closed), None
    if exclude and not alone_only:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        own = (xx - centre[0]) ** 2 + (yy - centre[1]) ** 2
        for ox, oy in exclude:
            closed[((xx - ox) ** 2 + (yy - oy) ** 2) < own] = 0
        components = cv2.connectedComponentsWithStats(closed)  # the neighbours' shares cut off
    count, labels, stats, _ = components
    for i in range(1, count):  # what reaches the view's edge is not this die (the sheet, a neighbour)
        x, y, cw, ch = stats[i, :4]
        if x == 0 or y == 0 or x + cw >= w or y + ch >= h:
            stats[i, cv2.CC_STAT_AREA] = 0
    if count <= 1:
        return np.zeros_like(closed), None
    cx, cy = int(round(centre[0])), int(round(centre[1]))
    label = labels[min(max(cy, 0), h - 1), min(max(cx, 0), w - 1)]
    if label and stats[label, cv2.CC_STAT_AREA] == 0:
        return np.zeros_like(closed), None  # the die reaches the view's edge along with the sheet: not judged
    if label == 0 and alone_only:  # the largest component near it may be the neighbour's
        return np.zeros_like(closed), None
    if label == 0:  # the reading's centre fell on a symbol's hole: the largest component near it
        near = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= (DIE_MM * px_per_mm) ** 2 / 4]
        if not near:
            return np.zeros_like(closed), None
        label = max(near, key=lambda i: stats[i, cv2.CC_STAT_AREA])
    if max(stats[label, cv2.CC_STAT_WIDTH], stats[label, cv2.CC_STAT_HEIGHT]) > MAX_OUTLINE_MM * px_per_mm:
        return np.zeros_like(closed), None  # not one die alone: left to the reader
    hull = cv2.convexHull(_row_ends(labels == label))
    out = np.zeros_like(closed)
    cv2.fillConvexPoly(out, hull, 1)
    return out, None


def _row_ends(shape: np.ndarray) -> np.ndarray:
    """The first and last set pixel of each row of a 0/1 image (x, y; int32): a subset of its
    pixels with the same convex hull (every corner of the hull is one of them), a few hundred
    points instead of thousands for ``cv2.convexHull``."""
    width = shape.shape[1]
    rows = np.flatnonzero(shape.any(axis=1))
    firsts = np.argmax(shape[rows], axis=1)
    lasts = width - 1 - np.argmax(shape[rows, ::-1], axis=1)
    return np.column_stack([np.concatenate([firsts, lasts]), np.concatenate([rows, rows])]).astype(np.int32)


def _crowded(components: tuple[int, np.ndarray, np.ndarray, np.ndarray], centre: tuple[float, float],
             exclude: list[tuple[float, float]], flat_area_px: float,
             alone_only: bool = False) -> bool | tuple[float, float]:
    """Whether the component at ``centre`` (before the neighbours' shares are cut off) is no
    die's outline: True where it is larger than the dice read in it can cover, one of them
    leaning (``MAX_AREA_RATIO``: one of its dice was not read, and what is left once the
    neighbours' shares are cut off is no die's outline); where it reaches the view's edge, the
    middle of its pixels (view px) if what the view holds of it is no larger than that (the die
    itself cut off by the view: a view centred there may hold it whole), else True; False where
    it is one die's outline to judge (False). ``alone_only``: True where it holds another die read."""
    import cv2

    _, labels, stats, centroids = components
    h, w = labels.shape
    cx, cy = int(round(centre[0])), int(round(centre[1]))
    label = labels[min(max(cy, 0), h - 1), min(max(cx, 0), w - 1)]
    if label == 0:
        return False
    x, y, cw, ch = (int(v) for v in stats[label, :4])
    reach = 3  # a die's centre may fall on a printed symbol's hole in the mask

    def holds(ox: float, oy: float) -> bool:
        x, y = int(round(ox)), int(round(oy))
        if not (0 <= x < w and 0 <= y < h):
            return False
        return bool((labels[max(y - reach, 0):y + reach + 1, max(x - reach, 0):x + reach + 1] == label).any())

    inside = 1 + sum(1 for ox, oy in exclude if holds(ox, oy))
    if alone_only and inside > 1:
        return True
    too_large = int(stats[label, cv2.CC_STAT_AREA]) > flat_area_px * (inside + MAX_AREA_RATIO - 1.0)
    if x == 0 or y == 0 or x + cw >= w or y + ch >= h:
        # it reaches the view's edge: with its neighbours or the sheet (not one die's outline), or
        # the die alone, read by a face near one end of its outline, cut off by the view
        return True if too_large or inside > 1 else (float(centroids[label][0]), float(centroids[label][1]))
    return too_large


def _yaw_of(shape: np.ndarray) -> float:
    """The yaw (0-90) of a die's outline: the mean direction of its hull's edges, a quarter turn
    folded (a flat die's longest edges are its top and base squares' sides)."""
    import cv2

    contours, _ = cv2.findContours(shape, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(contours, key=len)).reshape(-1, 2).astype(np.float64)
    edges = np.roll(hull, -1, axis=0) - hull
    length = np.hypot(edges[:, 0], edges[:, 1])
    angle = 4.0 * np.arctan2(edges[:, 1], edges[:, 0])
    mean = np.arctan2(float((length * np.sin(angle)).sum()), float((length * np.cos(angle)).sum()))
    return float(np.degrees(mean) / 4.0) % 90.0


def flat_template(yaw_deg: float, shrink: float, offset_px: tuple[float, float],
                  px_per_mm: float, margin: int = 0) -> tuple[np.ndarray, tuple[float, float]]:
    """A flat die's filled outline on the top-face plane (uint8 0/1, tight box): the top square
    and the base square seen from the camera (scaled by ``shrink`` and moved by ``offset_px``,
    towards the nadir), and where the top square's centre lies in it."""
    import cv2

    # plain floats: numpy's calls on 8 points cost more than their arithmetic. The corners are
    # the rotation's (square @ rot.T) to the bit where half a die is a power of two pixels (32 at
    # the outline test's 4 px/mm): its products are then exact and each sum rounds once either way
    a = np.radians(yaw_deg)
    cos, sin = float(np.cos(a)), float(np.sin(a))
    half = DIE_MM * px_per_mm / 2
    corners = ((-half, -half), (half, -half), (half, half), (-half, half))
    top = [(sx * cos + sy * -sin, sx * sin + sy * cos) for sx, sy in corners]
    pts = top + [(x * shrink + offset_px[0], y * shrink + offset_px[1]) for x, y in top]
    lo_x = math.floor(min(x for x, _ in pts)) - margin
    lo_y = math.floor(min(y for _, y in pts)) - margin
    pts = [(x - lo_x, y - lo_y) for x, y in pts]
    width = math.ceil(max(x for x, _ in pts)) + 2 + margin
    height = math.ceil(max(y for _, y in pts)) + 2 + margin
    out = np.zeros((height, width), np.uint8)
    cv2.fillConvexPoly(out, cv2.convexHull(np.round(np.array(pts)).astype(np.int32)), 1)
    return out, (-float(lo_x), -float(lo_y))


def fit_flat(view: np.ndarray, mat_bgr: np.ndarray, centre_px: tuple[float, float],
             centre_mm: tuple[float, float], camera_mm: tuple[float, float, float], px_per_mm: float,
             exclude_px: list[tuple[float, float]] | None = None, alone_only: bool = False,
             unknown: np.ndarray | None = None) -> FlatFit:
    """The best flat-die outline for the die read at ``centre_px`` of ``view`` (rectified on the
    top-face plane; ``centre_mm`` is that point on the table, ``camera_mm`` the camera's centre
    as (x, y, height); ``alone_only``: see :func:`outline_or_cut`; ``unknown``: view pixels
    (0/1) that show the sheet or the table beyond the mat, where die and background cannot be
    told apart: neither die nor mat, see :func:`fit_outline`)."""
    import cv2

    shrink, offset = _base_of(centre_mm, camera_mm, px_per_mm)
    flat_area = float(cv2.countNonZero(flat_template(45.0, shrink, offset, px_per_mm)[0]))
    mask, light = die_mask_and_light(view, mat_bgr, px_per_mm)
    if unknown is not None:
        mask = mask & (1 - unknown)
    shape, cut_at = outline_or_cut(mask, centre_px, exclude_px or [], px_per_mm,
                                   flat_area_px=flat_area, alone_only=alone_only)
    if cut_at is not None:
        return FlatFit(0.0, 0.0, centre_px, centre_px, cut_at_px=cut_at)
    return fit_outline(shape, centre_px, centre_mm, camera_mm, px_per_mm, flat_area_px=flat_area,
                       light=light, unknown=unknown)


def flat_outline_mm2(centre_mm: tuple[float, float], camera_mm: tuple[float, float, float],
                     px_per_mm: float) -> float:
    """The area (mm², on the top-face plane) of a flat die's outline at ``centre_mm``: its top square
    and sides as the camera sees them."""
    import cv2

    shrink, offset = _base_of(centre_mm, camera_mm, px_per_mm)
    return float(cv2.countNonZero(flat_template(45.0, shrink, offset, px_per_mm)[0])) / px_per_mm ** 2


def _base_of(centre_mm: tuple[float, float], camera_mm: tuple[float, float, float],
             px_per_mm: float) -> tuple[float, tuple[float, float]]:
    """A flat die's base square on the top-face plane: its scale and its offset (view px) from the
    top square, towards the camera's nadir."""
    cx, cy, height = camera_mm
    shrink = max(height - DIE_MM, 1.0) / max(height, 1.0)
    return shrink, ((1 - shrink) * (cx - centre_mm[0]) * px_per_mm, (1 - shrink) * (cy - centre_mm[1]) * px_per_mm)


def _centroid(shape: np.ndarray) -> tuple[float, float]:
    """Where a 0/1 image's pixels lie on average (x, y): their exact integer sums over their
    count, as ``np.nonzero(shape)``'s means and ``cv2.moments``' ratios, from the counts of its
    columns and rows (``cv2.moments`` computes every moment up to the third: 64 -> 53 us)."""
    import cv2

    columns = cv2.reduce(shape, 0, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel().astype(np.int64)
    rows = cv2.reduce(shape, 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel().astype(np.int64)
    count = float(columns.sum())
    return float(columns @ np.arange(len(columns))) / count, float(rows @ np.arange(len(rows))) / count


def fit_outline(shape: np.ndarray, centre_px: tuple[float, float], centre_mm: tuple[float, float],
                camera_mm: tuple[float, float, float], px_per_mm: float,
                flat_area_px: float | None = None, light: np.ndarray | None = None,
                unknown: np.ndarray | None = None) -> FlatFit:
    """The best flat-die outline for a die's filled outline ``shape`` (see :func:`fit_flat`;
    ``flat_area_px``: a flat die's outline area there, when the caller has it already; ``light``:
    each pixel's share of the mat's light, for ``FlatFit.light_excess_mm2``; ``unknown``: pixels
    where a flat outline leaving them empty costs nothing, the sheet beyond the mat)."""
    import cv2

    area = cv2.countNonZero(shape)
    if area == 0:  # no outline of one die alone: not judged (a flat die must never be called cocked)
        return FlatFit(0.0, 0.0, centre_px, centre_px)
    middle = _centroid(shape)
    # the base square's centre, seen from the camera on the top plane, lies towards the nadir
    shrink, offset = _base_of(centre_mm, camera_mm, px_per_mm)
    flat_area = flat_area_px if flat_area_px is not None else float(
        cv2.countNonZero(flat_template(45.0, shrink, offset, px_per_mm)[0]))
    if area > MAX_AREA_RATIO * flat_area:  # two dice in one outline (a neighbour the reader missed)
        return FlatFit(0.0, 0.0, middle, middle)
    kernel = np.ones((2 * TOLERANCE_PX + 1, 2 * TOLERANCE_PX + 1), np.uint8)
    shape_in = cv2.erode(shape, kernel)
    inner = float(cv2.countNonZero(shape_in))
    shape_out = cv2.dilate(shape, kernel)
    if unknown is not None:
        shape_out = shape_out | unknown
    pad = int(round(PAD_MM * px_per_mm))
    padded_in = cv2.copyMakeBorder(shape_in, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    padded_out = cv2.copyMakeBorder(shape_out, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    reach = int(round(SHIFT_MM * px_per_mm))
    placed: list[tuple[float, np.ndarray, tuple[float, float], int, int]] = []
    for yaw in _yaw_of(shape) + np.arange(-YAW_SPAN_DEG, YAW_SPAN_DEG + 0.1, YAW_STEP_DEG):
        template, top = flat_template(float(yaw), shrink, offset, px_per_mm, margin=TOLERANCE_PX + 1)
        th, tw = template.shape
        tx, ty = _centroid(template)
        # the flat outline laid on the die's outline by their centres, then shifted a little
        x0 = int(round(middle[0] - tx)) + pad - reach
        y0 = int(round(middle[1] - ty)) + pad - reach
        if x0 < 0 or y0 < 0 or x0 + tw + 2 * reach > padded_in.shape[1] or y0 + th + 2 * reach > padded_in.shape[0]:
            continue
        placed.append((float(yaw), template, top, x0, y0))
    best = (np.inf, 0.0, middle)
    best_at: tuple[np.ndarray, int, int] | None = None  # the best flat outline, dilated, and its place
    if not placed:
        return _best_fit(best, middle, centre_px, px_per_mm, area)
    # one window holding every yaw's shifts: the die's outline is transformed once for them all
    window = (min(y0 for *_, y0 in placed), min(x0 for *_, x0, _ in placed),
              max(y0 + t.shape[0] + 2 * reach for _, t, _, _, y0 in placed),
              max(x0 + t.shape[1] + 2 * reach for _, t, _, x0, _ in placed))
    overlaps_in, overlaps_out = Overlaps(padded_in, window), Overlaps(padded_out, window)
    for yaw, template, top, x0, y0 in placed:
        t_in = cv2.erode(template, kernel)
        t_in_area = float(cv2.countNonZero(t_in))
        t_out = cv2.dilate(template, kernel)
        # pixels of the die no flat outline explains (excess: inner - its overlap with t_out), and
        # of the flat outline the die leaves empty (deficit: t_in_area - t_in's overlap with the
        # die), summed: both overlaps at once
        shared = summed_counts([(overlaps_in, t_out, 1.0), (overlaps_out, t_in, DEFICIT_WEIGHT)], y0, x0, 2 * reach + 1)
        miss = (inner + DEFICIT_WEIGHT * t_in_area) - shared
        low, _, (mx, my), _ = cv2.minMaxLoc(miss)
        if low < best[0]:
            best = (low, yaw % 90.0, (x0 + mx - pad + top[0], y0 + my - pad + top[1]))
            best_at = (t_out, x0 + mx - pad, y0 + my - pad)
    fit = _best_fit(best, middle, centre_px, px_per_mm, area)
    if light is None or best_at is None:
        return fit
    return dataclasses.replace(fit, light_excess_mm2=_light_excess(shape_in, light, *best_at) / px_per_mm ** 2)


def _light_excess(shape: np.ndarray, light: np.ndarray, template: np.ndarray, x0: int, y0: int) -> float:
    """Pixels of ``shape`` outside ``template`` laid at (x0, y0) (view px) that are at least as light
    as the mat (``SIDE_LIGHT``)."""
    outside = shape.astype(bool) & (light >= SIDE_LIGHT)
    h, w = shape.shape
    th, tw = template.shape
    ys, xs = max(y0, 0), max(x0, 0)
    ye, xe = min(y0 + th, h), min(x0 + tw, w)
    if ys < ye and xs < xe:
        outside[ys:ye, xs:xe] &= ~template[ys - y0:ye - y0, xs - x0:xe - x0].astype(bool)
    return float(np.count_nonzero(outside))


def _best_fit(best: tuple[float, float, tuple[float, float]], middle: tuple[float, float],
              centre_px: tuple[float, float], px_per_mm: float, area_px: float) -> FlatFit:
    """The :class:`FlatFit` of the best flat outline found: (pixels unexplained, yaw, top's centre)
    for an outline of ``area_px`` pixels."""
    unexplained = float(best[0]) / px_per_mm ** 2
    fitted = best[2]
    top_offset = float(np.hypot(fitted[0] - centre_px[0], fitted[1] - centre_px[1])) / px_per_mm
    return FlatFit(unexplained, best[1], middle, fitted, top_offset, outline_mm2=float(area_px) / px_per_mm ** 2)
