"""Victory-point tokens in a player's personal area, from one photo.

Each token value has its own colour and size (vision/render/octocube_art.py TOKEN_STYLES, the
one table both the renderer and this reader use). The personal area is rectified at the token
plane, white-balanced on the play mat, every pixel is given the nearest token colour (or none),
and each blob of one colour is a token when its area is one token's disc, a pile when it is a
bit larger or not round (an untidy pile shows the tokens under the top one), and nothing when it
is much smaller or larger (a glint, a hand).
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
PILE_AREA_SHARE = 1.12
"""A blob this much larger than one disc, or clearly not round, is an untidy pile."""
MAX_AREA_SHARE = 3.0
PILE_EXCESS_MM = 0.9
"""A blob whose enclosing circle is this much wider than one token is an untidy pile."""
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


def read_tokens(view: TableView, frame: np.ndarray, gains: np.ndarray, area: lay.Rect,
                keep_out: list[np.ndarray]) -> list[TokenReading]:
    """Tokens whose centre lies in ``area`` (table mm). ``keep_out``: polygons (table mm at the
    token plane) to ignore: the cube at rest and the coin pile as the camera sees them."""
    w_mm, h_mm = area.x1 - area.x0, area.y1 - area.y0
    size = max(w_mm, h_mm)
    cx, cy = area.centre
    img = rectify(view, frame, (cx, cy), size, TOKEN_THICKNESS_MM, PX_PER_MM).astype(np.float32)
    img *= gains.reshape(1, 1, 3)
    side = img.shape[0]
    values = sorted(TOKEN_STYLES)
    dists = np.stack([np.linalg.norm(img - _rgb_to_bgr(TOKEN_STYLES[v][0]).reshape(1, 1, 3), axis=2)
                      for v in values])
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
    ok = np.min(dists, axis=0) < COLOUR_DISTANCE
    ignore = np.zeros((side, side), np.uint8)
    origin = np.array([cx - size / 2, cy - size / 2])
    for poly in keep_out:
        pts = np.round((np.asarray(poly, np.float64) - origin) * PX_PER_MM).astype(np.int32)
        cv2.fillPoly(ignore, [pts], 1)
    out: list[TokenReading] = []
    for i, v in enumerate(values):
        mask = ((best == i) & ok & (ignore == 0)).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
        disc = math.pi * (TOKEN_STYLES[v][1] / 2) ** 2
        for j in range(1, n):
            area_mm2 = stats[j, cv2.CC_STAT_AREA] / PX_PER_MM ** 2
            share = area_mm2 / disc
            if share < MIN_AREA_SHARE or share > MAX_AREA_SHARE:
                continue
            x, y = origin + centroids[j] / PX_PER_MM
            if not area.contains(float(x), float(y)):
                continue
            ys, xs = np.nonzero(labels == j)
            _, radius = cv2.minEnclosingCircle(np.stack([xs, ys], 1).astype(np.float32))
            excess = 2 * radius / PX_PER_MM - TOKEN_STYLES[v][1]
            if stats[j, cv2.CC_STAT_AREA] < MIN_FILL * math.pi * radius ** 2:
                continue  # a sliver or a ring (the edge of a cube, a glint), not a disc
            if share >= PILE_AREA_SHARE or excess > PILE_EXCESS_MM:
                guess = 2 if share < 1.2 else 3 if share < 1.4 else 4
                out.append(TokenReading(v, (float(x), float(y)), guess, 2, MAX_PILE))
            else:
                out.append(TokenReading(v, (float(x), float(y)), 1, 1, 1))
    return out
