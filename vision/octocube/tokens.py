"""Victory-point tokens in a player's personal area, from one photo.

Each token value has its own colour and size (vision/render/octocube_art.py TOKEN_STYLES, the
one table both the renderer and this reader use). The personal area is rectified at the token
plane and white-balanced, in linear light, on the mat right around each point (a warm lamp's
cast, pool of light and fall-off vary across the table: balancing on the whole mat left tokens
far from their prints); every pixel is given the nearest token colour (or none), and each blob of
one colour is a token when its area is one token's disc, a pile when it is larger or not round
(an untidy pile shows the tokens under the top one; its count is asked, with its range), one
token with a doubt in between, and nothing when it is much smaller or larger (a glint, a hand).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.octocube.geometry import TableView
from vision.octocube.piles import rectify
from vision.render import octocube_layout as lay
from vision.render.octocube_art import TOKEN_STYLES, TOKEN_THICKNESS_MM

PX_PER_MM = 3.0
MAT_REF_BGR = (76.0, 92.0, 58.0)
"""The play mat's print colour (vision/octocube/colour.py MAT_BGR): the local white reference."""
MAT_CHROMA = 0.06
"""Largest linear-chromaticity distance from the whole mat's for a pixel to count as mat."""
MAT_LEVEL = (0.6, 1.6)
"""Level (share of the area's median) a mat pixel keeps: shadows and glints are left out."""
GLARE_MAX_MIX = 0.6
"""The most of a mat pixel's light (its share of the chromaticity line from the mat's colour to the
lamp's) that may be the lamp's glare: a warm lamp's glare left the mat under it (0.4-0.5 of the
way, 29000 table 26) outside the mat test, balanced on the far mat, and a bronze 1 there washed
out of its colour; a silver 3 lies at 0.9 or more of the way, every other token far off the line."""
MAT_SIGMA_MM = 15.0
"""How far around a point the mat that balances it is taken from."""
SILVER = 3
BLUE = 10
BLUE_OVER_GREEN = 1.3
BLUE_OVER_RED = 1.5
BLUE_MIN_LEVEL = 110.0
NEUTRAL_SPREAD = 34.0
SILVER_MIN_LEVEL = 150.0
COLOUR_DISTANCE = 62.0
"""Largest BGR distance (after white balance) from a token's printed colour."""
MIN_AREA_SHARE = 0.45
"""A blob under this share of one token's disc is not a token (a glint, a sliver)."""
HIDDEN_MIN_SHARE = 0.15
MAX_HIDDEN_SHARE = 1.2
"""A blob of this share of a disc that is no disc but touches the cube or the coin pile may be a
token they half hide: asked (0 to a pile), never counted unasked."""
SINGLE_AREA_SHARE = 1.03
"""A round blob up to this share of one disc is one token (one token's blob measures 0.85-1.0:
its rim blurs into the mat)."""
PILE_AREA_SHARE = 1.08
"""A blob this much larger than one disc is an untidy pile (two tokens 2.5 mm apart already
measure 1.1); in between, one token with a doubt."""
MAX_AREA_SHARE = 3.0
PAIR_MAX_NARROW = 0.29
"""The blob's variance across its narrow axis (its second moments' smaller eigenvalue, over the
token's radius squared) up to which an untidy pile is likeliest two tokens: two discs side by side
are no wider across than one disc (0.25 sharp; 0.264-0.286 measured, 5-95 %, for the 165 piles of 2
on seeds 29000-35000), three or more tokens spread both ways (0.285-0.365 for the 56 piles of 3). The area's spread
rule it replaces (enclosing circle against area) guessed 10 of the 56 piles of 3 there 2."""
PAIR_MAX_SHARE = 1.35
"""... and up to this share of one disc: two tokens 2.5-4.5 mm apart cover at most ~1.33 discs."""
PILE_OF_4_SHARE = 1.48
"""The likeliest count of any other untidy pile: 3 below this share of one disc, else 4. Piles of
3 and 4 overlap in area and shape (even a sharp silhouette tells them apart only ~3 times in 4: a
fourth token often lies inside the others' outline), so the pile is always asked with its range.
Fitted with PAIR_MAX_NARROW and PAIR_MAX_SHARE on the piles of seeds 29000-35000 (273 piles:
34 tokens off, the spread rule 42); with each range held out in turn, 39."""
PILE_EXCESS_MM = 0.9
"""A blob whose enclosing circle is this much wider than one token is an untidy pile (a loose 1,
3 or 5 measures under 0.4 mm; two 1s only 2.2 mm apart already 1.4 mm)."""
PILE_EXCESS_BY_VALUE_MM = {BLUE: 2.5}
"""The blue 10's blob takes in its rim and a sliver of shadow (the blue test is wide, see
read_tokens): one loose 10 measures up to 2.2 mm wider."""
MIN_FILL = 0.6
"""A token or an untidy pile fills most of its enclosing circle."""
MAX_PILE = 6
"""The most tokens one small pile is assumed to hold when asking."""


@dataclass(frozen=True)
class TokenReading:
    value: int
    centre_mm: tuple[float, float]
    count: int
    low: int
    high: int

    @property
    def certain(self) -> bool:
        return self.low == self.high


def _rgb_to_bgr(rgb: tuple[int, int, int]) -> np.ndarray:
    return np.array([rgb[2], rgb[1], rgb[0]], np.float32)


_LINEAR = np.where(np.arange(256) / 255.0 <= 0.04045, np.arange(256) / 255.0 / 12.92,
                   ((np.arange(256) / 255.0 + 0.055) / 1.055) ** 2.4).astype(np.float32)
"""sRGB code -> linear light: a lamp's colour and a shadow multiply light, not sRGB codes."""


_SRGB_STEPS = 4096
_SRGB = (np.where(np.arange(_SRGB_STEPS + 1) / _SRGB_STEPS <= 0.0031308,
                  np.arange(_SRGB_STEPS + 1) / _SRGB_STEPS * 12.92,
                  1.055 * (np.arange(_SRGB_STEPS + 1) / _SRGB_STEPS) ** (1 / 2.4) - 0.055) * 255.0
         ).astype(np.float32)


def _to_srgb(lin: np.ndarray) -> np.ndarray:
    """Linear light (0..1, clipped) -> float sRGB codes, by table (a power per pixel is slow)."""
    idx = np.clip(lin * _SRGB_STEPS + 0.5, 0, _SRGB_STEPS).astype(np.int32)
    return _SRGB[idx]


def local_balance(raw: np.ndarray, gains: np.ndarray, usable: np.ndarray) -> np.ndarray:
    """The rectified token area (uint8 BGR) white-balanced on the mat around each point, in
    linear light, as float sRGB codes: a token then shows nearly its print colour under any of
    the lamps (a warm lamp's cast, its glare and fall-off vary across the area; balancing sRGB
    codes on the whole mat left bronze, silver and gold tokens far from their prints).

    The mat is every usable pixel whose chromaticity is near the one the whole mat shows and
    whose level is not far from those pixels' median (no shadow, no glint); its local colour is a normalised Gaussian blur of those pixels. ``gains`` (the
    whole mat's sRGB gains) stand in where no mat is near."""
    lin = _LINEAR[raw]
    total = lin.sum(axis=2, keepdims=True) + 1e-6
    chroma = lin / total
    level = total[..., 0]
    pick = usable & (level > 0)
    if np.count_nonzero(pick) < 100:
        return raw.astype(np.float32) * gains.reshape(1, 1, 3)
    # the mat's chromaticity as the whole mat shows it (a hand or a heap of tokens may cover
    # most of this area: its own median would then be no mat at all)
    seen = _LINEAR[np.clip(np.round(np.asarray(MAT_REF_BGR) / np.maximum(gains, 1e-3)), 0, 255).astype(int)]
    mat_chroma = (seen / seen.sum()).astype(np.float32)
    # the lamp's glare adds the lamp's own light: the mat under it lies on the line from the mat's
    # chromaticity to the lamp's (a white seen through the gains), its level raised to match
    lamp = _LINEAR[np.clip(np.round(255.0 / np.maximum(gains, 1e-3)), 0, 255).astype(int)]
    towards = (lamp / lamp.sum()).astype(np.float32) - mat_chroma
    along = np.einsum("ijk,k->ij", chroma - mat_chroma, towards) / max(float(towards @ towards), 1e-9)
    diff = chroma - (mat_chroma + np.clip(along, 0.0, GLARE_MAX_MIX)[..., None] * towards)
    # the glare's share, signed: the mat's noise then averages out where no glare lies (clipped at
    # 0, it added a glare everywhere and moved the blobs of daylight tables: 33000 table 15's blue
    # 10 grew into a doubt)
    mix = np.clip(along, -GLARE_MAX_MIX, GLARE_MAX_MIX)
    near = pick & (np.einsum("ijk,ijk->ij", diff, diff) < MAT_CHROMA ** 2)
    if np.count_nonzero(near) < 100:
        return raw.astype(np.float32) * gains.reshape(1, 1, 3)
    bare = level * (1.0 - mix)  # the mat's level without the glare's share
    l_med = float(np.median(bare[near]))
    mat = (near & (bare > MAT_LEVEL[0] * l_med) & (bare < MAT_LEVEL[1] * l_med)).astype(np.float32)
    sigma = MAT_SIGMA_MM * PX_PER_MM
    lamp_chroma = (lamp / lamp.sum()).astype(np.float32).reshape(1, 1, 3)
    glare = level * mix  # the light the lamp's glare adds to a mat pixel, in all
    planes = np.dstack([(lin - glare[..., None] * lamp_chroma) * mat[..., None], glare * mat, mat])
    small = cv2.resize(planes, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    blurred = cv2.GaussianBlur(small, (0, 0), sigma / 4)
    blurred = cv2.resize(blurred, (raw.shape[1], raw.shape[0]), interpolation=cv2.INTER_LINEAR)
    weight = blurred[..., 4:5]
    seen_here = weight > 0.02
    ref = _LINEAR[np.round(np.asarray(MAT_REF_BGR)).astype(int)].reshape(1, 1, 3).astype(np.float32)
    fallback = _LINEAR[np.clip(np.round(np.asarray(MAT_REF_BGR) / np.maximum(gains, 1e-3)), 0, 255)
                       .astype(int)].reshape(1, 1, 3)
    local = np.where(seen_here, blurred[..., :3] / np.maximum(weight, 1e-6), fallback)
    # the glare is added light: taken off before the mat's colour is divided out (dividing it
    # out with the mat's left a silver 3 under it too dark for silver, a bronze 1 grey)
    local_glare = np.where(seen_here, blurred[..., 3:4] / np.maximum(weight, 1e-6), 0.0)
    unlit = np.maximum(lin - local_glare * lamp_chroma, 0.0)
    return _to_srgb(unlit * (ref / np.maximum(local, 1e-5)).astype(np.float32))


def pile_guess(share: float, narrow: float) -> int:
    """The likeliest count of an untidy pile from its area (``share`` of one disc) and its width
    across (``narrow``: see PAIR_MAX_NARROW); a guess, asked with its range."""
    if narrow < PAIR_MAX_NARROW and share < PAIR_MAX_SHARE:
        return 2
    return 3 if share < PILE_OF_4_SHARE else 4


def _narrow_variance(xs: np.ndarray, ys: np.ndarray) -> float:
    """Variance (px^2) of a blob's pixels across its narrow axis."""
    cov = np.cov(np.stack([xs, ys]).astype(np.float64))
    return float(np.linalg.eigvalsh(cov)[0])


def read_tokens(view: TableView, frame: np.ndarray, gains: np.ndarray, area: lay.Rect,
                keep_out: list[np.ndarray]) -> list[TokenReading]:
    """Tokens whose centre lies in ``area`` (table mm). ``keep_out``: polygons (table mm at the
    token plane) to ignore: the cube at rest and the coin pile as the camera sees them."""
    w_mm, h_mm = area.x1 - area.x0, area.y1 - area.y0
    size = max(w_mm, h_mm)
    cx, cy = area.centre
    raw = rectify(view, frame, (cx, cy), size, TOKEN_THICKNESS_MM, PX_PER_MM)
    side = raw.shape[0]
    origin = np.array([cx - size / 2, cy - size / 2])
    ignore = np.zeros((side, side), np.uint8)
    for poly in keep_out:
        pts = np.round((np.asarray(poly, np.float64) - origin) * PX_PER_MM).astype(np.int32)
        cv2.fillPoly(ignore, [pts], 1)
    img = local_balance(raw, gains, ignore == 0)
    values = sorted(TOKEN_STYLES)
    dists = np.stack([np.einsum("ijk,ijk->ij", d, d) for d in
                      (img - _rgb_to_bgr(TOKEN_STYLES[v][0]).reshape(1, 1, 3) for v in values)])
    # (squared distances: the threshold below is squared too)
    # the silver token is grey: glare and shade move it along the grey axis, so any bright,
    # nearly colourless pixel is silver (cube metal and coin tiles are masked out below)
    spread = img.max(axis=2) - img.min(axis=2)
    level = img.mean(axis=2)
    silver = (spread < NEUTRAL_SPREAD) & (level > SILVER_MIN_LEVEL)
    dists[values.index(SILVER)][silver] = 0.0
    # likewise the blue 10: under a warm lamp the mat's white balance over-lifts blue and washes
    # it out, but it stays the one clearly blue-dominant thing in a personal area
    b, g, r = img[..., 0], img[..., 1], img[..., 2]
    blue = (b > BLUE_OVER_GREEN * g) & (b > BLUE_OVER_RED * r) & (b > BLUE_MIN_LEVEL)
    dists[values.index(BLUE)][blue] = 0.0
    best = np.argmin(dists, axis=0)
    ok = np.min(dists, axis=0) < COLOUR_DISTANCE ** 2
    out: list[TokenReading] = []
    # just outside the cube and the coin pile: a token there may be half hidden by them
    rim = (cv2.dilate(ignore, np.ones((5, 5), np.uint8)) > 0) & (ignore == 0)
    for i, v in enumerate(values):
        mask = ((best == i) & ok & (ignore == 0)).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
        disc = math.pi * (TOKEN_STYLES[v][1] / 2) ** 2
        for j in range(1, n):
            area_mm2 = stats[j, cv2.CC_STAT_AREA] / PX_PER_MM ** 2
            share = area_mm2 / disc
            if share < HIDDEN_MIN_SHARE or share > MAX_AREA_SHARE:
                continue
            x, y = origin + centroids[j] / PX_PER_MM
            if not area.contains(float(x), float(y)):
                continue
            bx, by, bw, bh = (int(t) for t in stats[j, :4])
            blob = labels[by:by + bh, bx:bx + bw] == j
            ys, xs = np.nonzero(blob)
            _, radius = cv2.minEnclosingCircle(np.stack([xs, ys], 1).astype(np.float32))
            excess = 2 * radius / PX_PER_MM - TOKEN_STYLES[v][1]
            if share < MIN_AREA_SHARE or stats[j, cv2.CC_STAT_AREA] < MIN_FILL * math.pi * radius ** 2:
                # a sliver or a ring (the edge of a cube, a glint), not a disc; but where it
                # touches the cube or the coin pile it may be a token they half hide (a steep
                # camera shows the cube over the tokens beside it): asked, counted 0 unless told
                if share <= MAX_HIDDEN_SHARE and np.any(rim[by:by + bh, bx:bx + bw] & blob):
                    out.append(TokenReading(v, (float(x), float(y)), 0, 0, MAX_PILE))
                continue
            if share >= PILE_AREA_SHARE or excess > PILE_EXCESS_BY_VALUE_MM.get(v, PILE_EXCESS_MM):
                guess = pile_guess(share, _narrow_variance(xs, ys) / (TOKEN_STYLES[v][1] / 2 * PX_PER_MM) ** 2)
                # a pile by its outline alone (no larger than one disc) may be one token seen
                # at a steep tilt, its edge stretched: the question then starts at 1
                low = 2 if share >= PILE_AREA_SHARE else 1
                out.append(TokenReading(v, (float(x), float(y)), guess, low, MAX_PILE))
            elif share >= SINGLE_AREA_SHARE:
                # a bit large for one disc, too small for two: one, or a pile squarely stacked
                out.append(TokenReading(v, (float(x), float(y)), 1, 1, MAX_PILE))
            else:
                out.append(TokenReading(v, (float(x), float(y)), 1, 1, 1))
    return out
