"""Art packs "drawn by another hand" (issue 20): a second, independent art generator, used only to
MEASURE teaching and the unknown-copy warning on printings in a style ``vision/render/random_art.py``
cannot make. Nothing in training, tuning or ``vision/`` may import this module: every model and
every bench so far has seen random_art's family (flat backgrounds, abstract glyphs, halftone or
grain), so figures on it say little about a box a person illustrated.

The style here is pictorial: each Octocube object is a drawn, shaded picture (a five-armed starfish
with dots, an amphora with handles and a highlight, a brass sextant's arc and arm, a pearl in a
scallop shell, a faceted diamond), with outlines; backgrounds are gradients or watercolour washes;
tiles get a frame or corner ornaments; the four tile colours are drawn per printing from wide
families (cream..grey, aqua..sky, navy..indigo, olive..teal). Open Season cards use other layouts
(the people's colour as a frame, a side band or a diagonal corner; drawn emblems and attribute icons
placed elsewhere). Print: paper mottling, specks, vignette, gloss in art.json.

Run: ``python bench/other_hand_art.py --seed 997000 --count 6 --out DIR`` (writes DIR/997000, ...,
each a folder ``tablesight render ... --art`` reads); ``--sheet PNG`` also writes a contact sheet of
the first printing. Seeds 997000 and up are this generator's (docs/teach.md, session 26).
"""

from __future__ import annotations

import argparse
import json
import math
import zlib
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

COLOURS = ("white", "light-blue", "dark-blue", "green")
OBJECTS = ("starfish", "amphora", "sextant", "pearl", "diamond")
LETTERS = ("A", "B", "C", "D", "E", "F", "G", "H", "I")
CUBES = ("red", "yellow", "blue", "purple")
PEOPLES = ("elf", "mage", "sorcerer", "dwarf", "gnome", "barbarian")
ATTRIBUTES = ("crown", "tattoo", "dagger", "earrings", "eyepatch")
TILE = 256
CARD = (264, 408)
SHIFT = 4
"""Sub-pixel bits for cv2 drawing."""

Rgb = tuple[float, float, float]
"""Colours are RGB floats 0..1; canvases are float32 H x W x 3 RGB."""
Pts = np.ndarray


def rng_for(seed: int, what: str) -> np.random.Generator:
    return np.random.default_rng([seed, zlib.crc32(("other-hand/" + what).encode())])


# --------------------------------------------------------------------------- colour


def hsv(h: float, s: float, v: float) -> Rgb:
    """Hue in degrees 0..360, saturation and value 0..1."""
    px = np.array([[[h % 360, min(max(s, 0), 1), min(max(v, 0), 1)]]], np.float32)
    r, g, b = cv2.cvtColor(px, cv2.COLOR_HSV2RGB)[0, 0]
    return (float(r), float(g), float(b))


def lab(c: Rgb) -> np.ndarray:
    px = np.array([[c]], np.float32)
    return cv2.cvtColor(px, cv2.COLOR_RGB2LAB)[0, 0].astype(np.float64)


def delta_e(a: Rgb, b: Rgb) -> float:
    return float(np.linalg.norm(lab(a) - lab(b)))


def mix(a: Rgb, b: Rgb, t: float) -> Rgb:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def shade(c: Rgb, k: float) -> Rgb:
    """k < 0 darker towards black, k > 0 lighter towards white."""
    return mix(c, (0.0, 0.0, 0.0), -k) if k < 0 else mix(c, (1.0, 1.0, 1.0), k)


def luma(c: Rgb) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def far_apart(draw: Callable[[], list[Rgb]], min_de: float) -> list[Rgb]:
    for _ in range(500):
        out = draw()
        if all(delta_e(a, b) >= min_de for i, a in enumerate(out) for b in out[:i]):
            return out
    raise RuntimeError("no far-apart colours")  # pragma: no cover


# --------------------------------------------------------------------------- painting


def blank(w: int, h: int, c: Rgb) -> np.ndarray:
    img = np.empty((h, w, 3), np.float32)
    img[:] = c
    return img


def mask_poly(shape: tuple[int, int], polys: list[Pts]) -> np.ndarray:
    m = np.zeros(shape, np.uint8)
    cv2.fillPoly(m, [np.round(p * (1 << SHIFT)).astype(np.int32) for p in polys], 255, cv2.LINE_AA, SHIFT)
    return m.astype(np.float32) / 255.0


def mask_stroke(shape: tuple[int, int], polys: list[Pts], width: float, closed: bool = False) -> np.ndarray:
    m = np.zeros(shape, np.uint8)
    cv2.polylines(m, [np.round(p * (1 << SHIFT)).astype(np.int32) for p in polys], closed, 255,
                  max(1, int(round(width))), cv2.LINE_AA, SHIFT)
    return m.astype(np.float32) / 255.0


def mask_circle(shape: tuple[int, int], c: tuple[float, float], r: float) -> np.ndarray:
    m = np.zeros(shape, np.uint8)
    cv2.circle(m, (int(round(c[0] * 16)), int(round(c[1] * 16))), max(1, int(round(r * 16))), 255, -1,
               cv2.LINE_AA, 4)
    return m.astype(np.float32) / 255.0


def paint(img: np.ndarray, mask: np.ndarray, colour: Rgb | np.ndarray, opacity: float = 1.0) -> None:
    # only the mask's bounding box: outside it the blend leaves every pixel as it was, and a whole
    # face's float blend per stroke made drawing a pack take seconds
    rows = np.flatnonzero(mask.any(axis=1))
    if rows.size == 0:
        return
    cols = np.flatnonzero(mask.any(axis=0))
    box = (slice(int(rows[0]), int(rows[-1]) + 1), slice(int(cols[0]), int(cols[-1]) + 1))
    a = (mask[box] * opacity)[..., None]
    col = np.asarray(colour, np.float32)
    if col.ndim >= 2:  # a colour per pixel (a gradient)
        col = col[box]
    sub = img[box]
    sub[:] = sub * (1 - a) + col * a


def linear(shape: tuple[int, int], c0: Rgb, c1: Rgb, angle_deg: float) -> np.ndarray:
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = math.radians(angle_deg)
    t = ((xx / w - 0.5) * math.cos(a) + (yy / h - 0.5) * math.sin(a)) + 0.5
    t = np.clip(t, 0, 1)[..., None]
    return np.asarray(c0, np.float32) * (1 - t) + np.asarray(c1, np.float32) * t


def radial(shape: tuple[int, int], centre: tuple[float, float], radius: float, c0: Rgb, c1: Rgb) -> np.ndarray:
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = np.clip(np.hypot(xx - centre[0], yy - centre[1]) / max(radius, 1e-3), 0, 1)[..., None]
    return np.asarray(c0, np.float32) * (1 - t) + np.asarray(c1, np.float32) * t


def wash(shape: tuple[int, int], rng: np.random.Generator, scale: float) -> np.ndarray:
    """Watercolour-ish low-frequency field, mean 0, about -1..1."""
    h, w = shape
    f = rng.normal(0, 1, (h, w)).astype(np.float32)
    f = np.asarray(cv2.GaussianBlur(f, (0, 0), scale), np.float32)
    f -= f.mean()
    return f / (np.abs(f).max() + 1e-6)


def ellipse_pts(c: tuple[float, float], rx: float, ry: float, a0: float = 0, a1: float = 360, n: int = 90) -> Pts:
    t = np.radians(np.linspace(a0, a1, n))
    return np.stack([c[0] + rx * np.cos(t), c[1] + ry * np.sin(t)], 1)


class Pen:
    """Unit drawing space (-0.5..0.5, y down) mapped into a square region of a canvas, rotated."""

    def __init__(self, img: np.ndarray, cx: float, cy: float, size: float, rot_deg: float = 0.0) -> None:
        self.img, self.cx, self.cy, self.size = img, cx, cy, size
        self.cos, self.sin = math.cos(math.radians(rot_deg)), math.sin(math.radians(rot_deg))

    @property
    def shape(self) -> tuple[int, int]:
        return self.img.shape[:2]

    def px(self, pts: np.ndarray | list[tuple[float, float]]) -> Pts:
        p = np.asarray(pts, np.float64).reshape(-1, 2)
        x = p[:, 0] * self.cos - p[:, 1] * self.sin
        y = p[:, 0] * self.sin + p[:, 1] * self.cos
        return np.stack([self.cx + x * self.size, self.cy + y * self.size], 1)

    def fill(self, pts: np.ndarray | list[tuple[float, float]], colour: Rgb | np.ndarray, opacity: float = 1.0) -> np.ndarray:
        m = mask_poly(self.shape, [self.px(pts)])
        paint(self.img, m, colour, opacity)
        return m

    def line(self, pts: np.ndarray | list[tuple[float, float]], colour: Rgb, width: float, closed: bool = False,
             opacity: float = 1.0) -> None:
        paint(self.img, mask_stroke(self.shape, [self.px(pts)], width * self.size, closed), colour, opacity)

    def dot(self, c: tuple[float, float], r: float, colour: Rgb | np.ndarray, opacity: float = 1.0) -> np.ndarray:
        m = mask_circle(self.shape, tuple(self.px([c])[0]), r * self.size)
        paint(self.img, m, colour, opacity)
        return m

    def centre_px(self, c: tuple[float, float]) -> tuple[float, float]:
        p = self.px([c])[0]
        return float(p[0]), float(p[1])


# --------------------------------------------------------------------------- the illustrator's hand


class Hand:
    """One printing's drawing habits: outline colour and weight, shading style, object palette."""

    def __init__(self, seed: int) -> None:
        r = rng_for(seed, "hand")
        self.seed = seed
        self.outline: Rgb = (hsv(r.uniform(0, 360), r.uniform(0.2, 0.6), r.uniform(0.08, 0.22))
                             if r.random() < 0.85 else (0.02, 0.02, 0.02))
        self.weight = float(r.uniform(0.012, 0.03))
        self.shading = str(r.choice(["gradient", "flat", "hatched"]))
        self.palette = str(r.choice(["natural", "ink", "pastel"]))
        self.ink: Rgb = hsv(r.uniform(0, 360), r.uniform(0.3, 0.8), r.uniform(0.15, 0.35))
        self.scale = float(r.uniform(0.62, 0.8))
        self.offset = (float(r.uniform(-0.06, 0.06)), float(r.uniform(-0.06, 0.06)))
        self.tilt = float(r.uniform(-18, 18))
        self.params = r  # object-shape parameters are drawn from here, in a fixed order

    def body(self, natural: Rgb) -> Rgb:
        if self.palette == "ink":
            return self.ink
        if self.palette == "pastel":
            return shade(natural, 0.35)
        return natural

    def shaded_fill(self, pen: Pen, pts: np.ndarray | list[tuple[float, float]], base: Rgb,
                    light_dir: float = 225.0) -> np.ndarray:
        """Fill with this hand's shading: a light-to-dark gradient, flat, or flat with hatching."""
        m = mask_poly(pen.shape, [pen.px(pts)])
        if self.shading == "gradient":
            grad = linear(pen.shape, shade(base, 0.35), shade(base, -0.35), light_dir + 180)
            paint(pen.img, m, grad)
        else:
            paint(pen.img, m, base)
            if self.shading == "hatched":
                h, w = pen.shape
                hatch = np.zeros((h, w), np.uint8)
                step = max(3, int(pen.size * 0.05))
                for k in range(-h, w, step):
                    cv2.line(hatch, (k, h), (k + h, 0), 255, 1, cv2.LINE_AA)
                hm = hatch.astype(np.float32) / 255.0
                yy = np.mgrid[0:h, 0:w][0].astype(np.float32) / h
                paint(pen.img, m * hm * np.clip(yy * 1.4 - 0.2, 0, 1), shade(base, -0.5), 0.7)
        outline = mask_stroke(pen.shape, [pen.px(pts)], self.weight * pen.size, True)
        paint(pen.img, outline, self.outline)
        return m


# --------------------------------------------------------------------------- Octocube objects
# Each takes a Pen whose unit square is the object's box and the hand; shapes are per printing.


class Objects:
    def __init__(self, hand: Hand) -> None:
        r = hand.params
        self.hand = hand
        self.star_inner = float(r.uniform(0.09, 0.17))
        self.star_power = float(r.uniform(0.6, 2.2))
        self.star_twist = float(r.uniform(-0.25, 0.25))
        self.star_dots = int(r.integers(2, 5))
        self.star_colour = hsv(r.uniform(0, 40), r.uniform(0.6, 0.95), r.uniform(0.75, 0.95))
        self.amph_neck = float(r.uniform(0.05, 0.09))
        self.amph_belly = float(r.uniform(0.2, 0.3))
        self.amph_belly_y = float(r.uniform(-0.02, 0.12))
        self.amph_foot = float(r.uniform(0.04, 0.1))
        self.amph_band = bool(r.random() < 0.6)
        self.amph_colour = hsv(r.uniform(10, 30), r.uniform(0.55, 0.85), r.uniform(0.55, 0.8))
        self.sext_span = float(r.uniform(55, 75))
        self.sext_arm = float(r.uniform(-0.6, 0.6))
        self.sext_colour = hsv(r.uniform(38, 52), r.uniform(0.55, 0.85), r.uniform(0.6, 0.85))
        self.pearl_r = float(r.uniform(0.14, 0.2))
        self.shell_ribs = int(r.integers(5, 10))
        self.shell_colour = hsv(r.uniform(-20, 30), r.uniform(0.25, 0.55), r.uniform(0.75, 0.95))
        self.pearl_colour = hsv(r.uniform(20, 60), r.uniform(0.02, 0.15), r.uniform(0.9, 1.0))
        self.gem_cut = int(r.integers(3, 6))
        self.gem_colour = hsv(r.uniform(170, 230), r.uniform(0.25, 0.7), r.uniform(0.75, 0.95))
        self.sparkle = bool(r.random() < 0.6)

    def starfish(self, pen: Pen) -> None:
        h = self.hand
        t = np.linspace(0, 2 * math.pi, 300)
        arm = (0.5 + 0.5 * np.cos(5 * (t + self.star_twist * np.sin(5 * t) * 0.3))) ** self.star_power
        r = self.star_inner + (0.47 - self.star_inner) * arm
        pts = np.stack([r * np.sin(t), -r * np.cos(t)], 1)
        base = h.body(self.star_colour)
        h.shaded_fill(pen, pts, base)
        spot = shade(base, 0.55) if luma(base) < 0.6 else shade(base, -0.4)
        for k in range(5):
            a = k * 2 * math.pi / 5
            for j in range(self.star_dots):
                d = 0.1 + (0.32 - 0.1) * j / max(1, self.star_dots - 1)
                pen.dot((d * math.sin(a), -d * math.cos(a)), 0.028 - 0.005 * j, spot)
        pen.dot((0, 0), 0.045, spot)

    def amphora(self, pen: Pen) -> None:
        h = self.hand
        ys = np.linspace(-0.45, 0.45, 80)
        ctrl_y = [-0.45, -0.41, -0.36, -0.22, self.amph_belly_y, 0.3, 0.4, 0.45]
        ctrl_x = [self.amph_neck + 0.05, self.amph_neck + 0.03, self.amph_neck, self.amph_belly * 0.8,
                  self.amph_belly, self.amph_foot + 0.03, self.amph_foot, self.amph_foot + 0.04]
        xs = np.interp(ys, ctrl_y, ctrl_x)
        xs = np.convolve(np.pad(xs, 3, mode="edge"), np.ones(7) / 7, mode="valid")
        pts = np.concatenate([np.stack([xs, ys], 1), np.stack([-xs[::-1], ys[::-1]], 1)])
        base = h.body(self.amph_colour)
        for side in (-1, 1):  # handles behind the body
            handle = ellipse_pts((side * (self.amph_neck + 0.07), -0.27), 0.08, 0.1, -90 if side > 0 else 90,
                                 90 if side > 0 else 270, 40)
            pen.line(handle, h.outline, 0.055)
            pen.line(handle, base, 0.03)
        h.shaded_fill(pen, pts, base, light_dir=180)
        if self.amph_band:
            band_y = self.amph_belly_y - 0.05
            zig = [(x, band_y + (0.03 if i % 2 else -0.03)) for i, x in enumerate(np.linspace(-0.8, 0.8, 13)
                                                                                 * self.amph_belly)]
            pen.line(zig, shade(base, -0.55) if luma(base) > 0.35 else shade(base, 0.6), 0.018)
        hl = ellipse_pts((-self.amph_belly * 0.45, self.amph_belly_y), 0.035, 0.12)
        pen.fill(hl, (1.0, 1.0, 1.0), 0.45)

    def sextant(self, pen: Pen) -> None:
        h = self.hand
        base = h.body(self.sext_colour)
        apex = (0.0, -0.4)
        half = math.radians(self.sext_span / 2)
        arc_r = 0.78
        a = np.linspace(math.pi / 2 - half, math.pi / 2 + half, 40)
        outer = np.stack([apex[0] + arc_r * np.cos(a), apex[1] + arc_r * np.sin(a)], 1)
        inner = np.stack([apex[0] + (arc_r - 0.09) * np.cos(a[::-1]), apex[1] + (arc_r - 0.09) * np.sin(a[::-1])], 1)
        h.shaded_fill(pen, np.concatenate([outer, inner]), base)
        for side in (-1, 1):  # the frame's two radii
            end = (apex[0] + (arc_r - 0.05) * math.cos(math.pi / 2 + side * half),
                   apex[1] + (arc_r - 0.05) * math.sin(math.pi / 2 + side * half))
            pen.line([apex, end], h.outline, 0.05)
            pen.line([apex, end], base, 0.03)
        for k in range(9):  # the graduation
            t = math.pi / 2 - half + (k + 0.5) * 2 * half / 9
            p0 = (apex[0] + (arc_r - 0.09) * math.cos(t), apex[1] + (arc_r - 0.09) * math.sin(t))
            p1 = (apex[0] + (arc_r - 0.05) * math.cos(t), apex[1] + (arc_r - 0.05) * math.sin(t))
            pen.line([p0, p1], h.outline, 0.012)
        t = math.pi / 2 + self.sext_arm * half
        tip = (apex[0] + arc_r * math.cos(t), apex[1] + arc_r * math.sin(t))
        pen.line([apex, tip], h.outline, 0.04)
        pen.line([apex, tip], shade(base, 0.4), 0.02)
        tube = [(-0.2, -0.2), (0.16, -0.2), (0.16, -0.13), (-0.2, -0.13)]
        h.shaded_fill(pen, tube, shade(base, -0.25))
        pen.dot(apex, 0.05, h.outline)
        pen.dot(apex, 0.03, shade(base, 0.3))

    def pearl(self, pen: Pen) -> None:
        h = self.hand
        shell = h.body(self.shell_colour)
        t = np.linspace(math.pi * 1.05, math.pi * 1.95, 120)
        rr = 0.42 + 0.025 * np.cos(t * self.shell_ribs * 2)
        fan = np.concatenate([np.stack([rr * np.cos(t), 0.28 + rr * np.sin(t)], 1), [(0.06, 0.38), (-0.06, 0.38)]])
        h.shaded_fill(pen, fan, shell)
        for k in range(self.shell_ribs):
            a = math.pi * 1.1 + k * math.pi * 0.8 / max(1, self.shell_ribs - 1)
            pen.line([(0, 0.3), (0.38 * math.cos(a), 0.28 + 0.38 * math.sin(a))], shade(shell, -0.3), 0.012)
        c, r = (0.0, 0.05), self.pearl_r
        pearl = self.pearl_colour if h.palette != "ink" else shade(h.ink, 0.75)
        m = mask_circle(pen.shape, pen.centre_px(c), r * pen.size)
        cx, cy = pen.centre_px((c[0] - r * 0.35, c[1] - r * 0.35))
        paint(pen.img, m, radial(pen.shape, (cx, cy), r * pen.size * 1.6, pearl, shade(pearl, -0.55)))
        paint(pen.img, mask_stroke(pen.shape, [pen.px(ellipse_pts(c, r, r))], h.weight * pen.size, True), h.outline)
        pen.fill(ellipse_pts((c[0] - r * 0.35, c[1] - r * 0.4), r * 0.25, r * 0.16), (1.0, 1.0, 1.0), 0.9)

    def diamond(self, pen: Pen) -> None:
        h = self.hand
        base = h.body(self.gem_colour)
        n = self.gem_cut
        top_y, girdle_y, tip_y, half_top, half_girdle = -0.3, -0.12, 0.4, 0.22, 0.42
        xs_top = np.linspace(-half_top, half_top, n + 1)
        xs_g = np.linspace(-half_girdle, half_girdle, n + 1)
        for i in range(n):  # crown facets
            quad = [(xs_top[i], top_y), (xs_top[i + 1], top_y), (xs_g[i + 1], girdle_y), (xs_g[i], girdle_y)]
            pen.fill(quad, shade(base, 0.45 - 0.5 * i / max(1, n - 1)))
        for i in range(n):  # pavilion facets
            tri = [(xs_g[i], girdle_y), (xs_g[i + 1], girdle_y), (0.0, tip_y)]
            pen.fill(tri, shade(base, (-0.45 if i % 2 else -0.1) + 0.15 * (i < n / 2)))
        outline = [(-half_top, top_y), (half_top, top_y), (half_girdle, girdle_y), (0.0, tip_y), (-half_girdle, girdle_y)]
        for i in range(n + 1):
            pen.line([(xs_top[i], top_y), (xs_g[i], girdle_y), (0.0, tip_y)], h.outline, h.weight * 0.6)
        pen.line([(-half_girdle, girdle_y), (half_girdle, girdle_y)], h.outline, h.weight * 0.8)
        pen.line(outline, h.outline, h.weight, closed=True)
        if self.sparkle:
            sx, sy, s = 0.3, -0.36, 0.09
            star = [(sx, sy - s), (sx + s * 0.2, sy - s * 0.2), (sx + s, sy), (sx + s * 0.2, sy + s * 0.2),
                    (sx, sy + s), (sx - s * 0.2, sy + s * 0.2), (sx - s, sy), (sx - s * 0.2, sy - s * 0.2)]
            pen.fill(star, (1.0, 1.0, 0.95))
            pen.line(star, h.outline, 0.008, closed=True)


# --------------------------------------------------------------------------- print finish


class Print:
    """Paper and press: background kind, frame or corner ornament, mottling, specks, vignette, gloss."""

    def __init__(self, seed: int, game: str) -> None:
        r = rng_for(seed, game + "/print")
        self.background = str(r.choice(["gradient", "watercolour", "radial"]))
        self.bg_angle = float(r.uniform(0, 360))
        self.bg_depth = float(r.uniform(0.12, 0.3))
        self.frame = str(r.choice(["double", "corners", "rope", "none"]))
        self.mottle = float(r.uniform(0.01, 0.04))
        self.specks = float(r.uniform(0.0, 0.004))
        self.vignette = float(r.uniform(0.0, 0.25))
        self.gloss = round(float(r.uniform(0.0, 0.6)), 3)
        self.r = r

    def ground(self, w: int, h: int, c: Rgb, seed: int) -> np.ndarray:
        if self.background == "gradient":
            return linear((h, w), shade(c, self.bg_depth * 0.7), shade(c, -self.bg_depth * 0.7), self.bg_angle)
        if self.background == "radial":
            return radial((h, w), (w * 0.4, h * 0.35), max(w, h) * 0.9, shade(c, self.bg_depth * 0.8),
                          shade(c, -self.bg_depth * 0.6))
        img = blank(w, h, c)
        f = wash((h, w), np.random.default_rng(seed), max(w, h) / 12)
        g = wash((h, w), np.random.default_rng(seed + 1), max(w, h) / 30)
        k = (0.7 * f + 0.3 * g)[..., None] * self.bg_depth * 1.2
        return np.clip(img + k * np.where(k > 0, 1 - img, img), 0, 1)

    def ornament(self, img: np.ndarray, c: Rgb, outline: Rgb) -> None:
        h, w = img.shape[:2]
        ink = shade(c, -0.45) if luma(c) > 0.3 else shade(c, 0.5)
        m = w * 0.06
        if self.frame == "double":
            box = np.array([(m, m), (w - m, m), (w - m, h - m), (m, h - m)], np.float64)
            paint(img, mask_stroke((h, w), [box], max(1.5, w * 0.012), True), ink)
            box2 = np.array([(m * 1.6, m * 1.6), (w - m * 1.6, m * 1.6), (w - m * 1.6, h - m * 1.6),
                             (m * 1.6, h - m * 1.6)])
            paint(img, mask_stroke((h, w), [box2], max(1.0, w * 0.005), True), ink)
        elif self.frame == "corners":
            for cx, cy, a0 in ((m, m, 0), (w - m, m, 90), (w - m, h - m, 180), (m, h - m, 270)):
                arc = ellipse_pts((cx, cy), w * 0.09, w * 0.09, a0, a0 + 90, 20)
                paint(img, mask_stroke((h, w), [arc], max(1.5, w * 0.01)), ink)
                paint(img, mask_circle((h, w), (cx, cy), w * 0.025), ink)
        elif self.frame == "rope":
            per = int(2 * (w + h) / (w * 0.05))
            for k in range(per):
                s = k / per * 2 * (w + h - 4 * m)
                x, y = m, m
                for dx, dy, length in ((1, 0, w - 2 * m), (0, 1, h - 2 * m), (-1, 0, w - 2 * m), (0, -1, h - 2 * m)):
                    if s <= length:
                        x, y = x + dx * s, y + dy * s
                        break
                    s -= length
                    x, y = x + dx * length, y + dy * length
                paint(img, mask_circle((h, w), (x, y), w * 0.012), ink)

    def finish(self, img: np.ndarray, seed: int) -> np.ndarray:
        h, w = img.shape[:2]
        r = np.random.default_rng(seed)
        mott = cv2.GaussianBlur(r.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2)
        img = img + (mott / (mott.std() + 1e-6) * self.mottle)[..., None]
        specks = (r.random((h, w)) < self.specks).astype(np.float32)
        specks = np.asarray(cv2.GaussianBlur(specks, (0, 0), 0.7), np.float32) * 3
        img = img - np.clip(specks, 0, 0.5)[..., None] * 0.6
        if self.vignette:
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            d = np.hypot((xx / w - 0.5) * 2, (yy / h - 0.5) * 2) / math.sqrt(2)
            img = img * (1 - self.vignette * d ** 2.5)[..., None]
        return np.clip(img, 0, 1)


def to_png(img: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(np.round(img * 255).astype(np.uint8), cv2.COLOR_RGB2BGR)


# --------------------------------------------------------------------------- Octocube


def tile_colours(seed: int) -> dict[str, Rgb]:
    """The four tile shades of a printing, each from a wide family, at least 30 Lab apart."""
    r = rng_for(seed, "octocube/colours")

    def draw() -> list[Rgb]:
        return [hsv(r.uniform(20, 220), r.uniform(0.0, 0.14), r.uniform(0.84, 0.97)),      # cream .. grey
                hsv(r.uniform(170, 215), r.uniform(0.3, 0.65), r.uniform(0.75, 0.95)),     # aqua .. sky
                hsv(r.uniform(215, 255), r.uniform(0.5, 0.9), r.uniform(0.25, 0.5)),       # navy .. indigo
                hsv(r.uniform(70, 165), r.uniform(0.35, 0.8), r.uniform(0.4, 0.7))]        # olive .. teal
    return dict(zip(COLOURS, far_apart(draw, 30.0), strict=True))


def octocube_faces(seed: int) -> dict[str, np.ndarray]:
    hand = Hand(seed)
    objects = Objects(hand)
    press = Print(seed, "octocube")
    colours = tile_colours(seed)
    faces: dict[str, np.ndarray] = {}
    n = 0
    for colour, c in colours.items():
        for obj in OBJECTS:
            n += 1
            img = press.ground(TILE, TILE, c, seed * 97 + n)
            press.ornament(img, c, hand.outline)
            pen = Pen(img, TILE * (0.5 + hand.offset[0]), TILE * (0.5 + hand.offset[1]), TILE * hand.scale, hand.tilt)
            getattr(objects, obj)(pen)
            faces[f"{colour}-{obj}"] = to_png(press.finish(img, seed * 131 + n))
    mr = rng_for(seed, "octocube/misc")
    # coin: a gold piece with a rim and a drawn value
    coin_bg = hsv(mr.uniform(20, 50), mr.uniform(0.1, 0.35), mr.uniform(0.7, 0.9))
    img = press.ground(TILE, TILE, coin_bg, seed * 97 + 100)
    gold = hsv(mr.uniform(38, 50), mr.uniform(0.6, 0.9), mr.uniform(0.75, 0.95))
    c0 = (TILE / 2, TILE / 2)
    paint(img, mask_circle((TILE, TILE), c0, TILE * 0.38), radial((TILE, TILE), (TILE * 0.4, TILE * 0.38), TILE * 0.5,
                                                                   shade(gold, 0.4), shade(gold, -0.4)))
    paint(img, mask_stroke((TILE, TILE), [ellipse_pts(c0, TILE * 0.3, TILE * 0.3)], TILE * 0.02, True), shade(gold, -0.5))
    paint(img, mask_stroke((TILE, TILE), [ellipse_pts(c0, TILE * 0.38, TILE * 0.38)], TILE * 0.015, True), hand.outline)
    for k in range(3):  # three pips: the coin's value, drawn
        a = math.radians(90 + k * 120)
        paint(img, mask_circle((TILE, TILE), (c0[0] + TILE * 0.12 * math.cos(a), c0[1] - TILE * 0.12 * math.sin(a)),
                               TILE * 0.05), shade(gold, -0.55))
    faces["coin"] = to_png(press.finish(img, seed * 131 + 100))
    # back: a compass rose on a wash
    back_c = hsv(mr.uniform(0, 360), mr.uniform(0.3, 0.7), mr.uniform(0.3, 0.6))
    img = press.ground(TILE, TILE, back_c, seed * 97 + 101)
    pen = Pen(img, TILE / 2, TILE / 2, TILE * 0.8, float(mr.uniform(0, 45)))
    light = shade(back_c, 0.55)
    for k in range(8):
        a = k * math.pi / 4
        ln = 0.45 if k % 2 == 0 else 0.28
        pen.fill([(0, 0), (ln * math.sin(a - 0.2) * 0.4, -ln * math.cos(a - 0.2) * 0.4), (ln * math.sin(a), -ln * math.cos(a)),
                  (ln * math.sin(a + 0.2) * 0.4, -ln * math.cos(a + 0.2) * 0.4)], light if k % 2 == 0 else shade(back_c, 0.3))
    pen.line(ellipse_pts((0, 0), 0.2, 0.2), light, 0.02, closed=True)
    faces["back"] = to_png(press.finish(img, seed * 131 + 101))
    # abyss: deep water with kelp and bubbles; the lettered ones carry a cartouche
    deep = hsv(mr.uniform(190, 290), mr.uniform(0.5, 0.9), mr.uniform(0.15, 0.32))
    kelp = hsv(mr.uniform(90, 170), mr.uniform(0.4, 0.8), mr.uniform(0.35, 0.6))
    cartouche = str(mr.choice(["shield", "scroll", "medallion"]))
    where = (float(mr.uniform(0.35, 0.65)), float(mr.uniform(0.35, 0.65)))
    font = int(mr.choice([cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_COMPLEX]))
    paper = hsv(mr.uniform(30, 55), mr.uniform(0.1, 0.35), mr.uniform(0.85, 0.97))
    bubbles = [(float(mr.uniform(0.1, 0.9)), float(mr.uniform(0.1, 0.9)), float(mr.uniform(0.015, 0.04))) for _ in range(9)]
    strands = [(float(mr.uniform(0.08, 0.92)), float(mr.uniform(0.3, 0.7)), float(mr.uniform(0, 6))) for _ in range(4)]
    for letter in (None,) + LETTERS:
        img = radial((TILE, TILE), (TILE * 0.5, TILE * 0.2), TILE, shade(deep, 0.25), shade(deep, -0.5))
        for x0, height, ph in strands:
            ys = np.linspace(TILE, TILE * (1 - height), 30)
            xs = TILE * x0 + TILE * 0.03 * np.sin(ys / TILE * 12 + ph)
            paint(img, mask_stroke((TILE, TILE), [np.stack([xs, ys], 1)], TILE * 0.025), kelp)
        for bx, by, br in bubbles:
            paint(img, mask_stroke((TILE, TILE), [ellipse_pts((bx * TILE, by * TILE), br * TILE, br * TILE)], 1.5, True),
                  shade(deep, 0.6))
        if letter is not None:
            cx, cy = where[0] * TILE, where[1] * TILE
            s = TILE * 0.24
            if cartouche == "shield":
                pts = np.array([(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s * 0.2), (cx, cy + s * 1.1),
                                (cx - s, cy + s * 0.2)])
            elif cartouche == "scroll":
                pts = np.array([(cx - s * 1.3, cy - s * 0.7), (cx + s * 1.3, cy - s * 0.7), (cx + s * 1.1, cy),
                                (cx + s * 1.3, cy + s * 0.7), (cx - s * 1.3, cy + s * 0.7), (cx - s * 1.1, cy)])
            else:
                pts = ellipse_pts((cx, cy), s, s)
            paint(img, mask_poly((TILE, TILE), [pts]), paper)
            paint(img, mask_stroke((TILE, TILE), [pts], TILE * 0.015, True), hand.outline)
            scale = TILE / 100
            (tw, th), _ = cv2.getTextSize(letter, font, scale, 1)
            mask = np.zeros((TILE, TILE), np.uint8)
            cv2.putText(mask, letter, (int(cx - tw / 2), int(cy + th / 2)), font, scale, 255,
                        max(2, int(TILE / 45)), cv2.LINE_AA)
            paint(img, mask.astype(np.float32) / 255, deep)
        faces["abyss" if letter is None else f"abyss-{letter}"] = to_png(press.finish(img, seed * 131 + 200 + len(faces)))
    # cubes: moulded plastic with a bevel and a stamped emblem in the middle
    families = {"red": (355, 15), "yellow": (45, 58), "blue": (205, 230), "purple": (270, 300)}
    emblem = str(mr.choice(["anchor-ring", "rosette", "square"]))
    inset = TILE * 3.0 / 40.0
    for name, (h0, h1) in families.items():
        c = hsv(mr.uniform(h0, h1 if h1 > h0 else h1 + 360), mr.uniform(0.6, 0.95), mr.uniform(0.55, 0.9))
        img = linear((TILE, TILE), shade(c, 0.25), shade(c, -0.35), 45)
        box = np.array([(inset, inset), (TILE - inset, inset), (TILE - inset, TILE - inset), (inset, TILE - inset)])
        paint(img, mask_poly((TILE, TILE), [box]), linear((TILE, TILE), shade(c, -0.15), shade(c, 0.1), 45))
        paint(img, mask_stroke((TILE, TILE), [box], 2.0, True), shade(c, -0.5))
        ctr = (TILE / 2, TILE / 2)
        if emblem == "anchor-ring":
            paint(img, mask_stroke((TILE, TILE), [ellipse_pts(ctr, TILE * 0.13, TILE * 0.13)], TILE * 0.03, True),
                  shade(c, -0.45))
        elif emblem == "rosette":
            for k in range(6):
                a = k * math.pi / 3
                paint(img, mask_circle((TILE, TILE), (ctr[0] + TILE * 0.08 * math.cos(a), ctr[1] + TILE * 0.08 * math.sin(a)),
                                       TILE * 0.05), shade(c, -0.35))
        else:
            d = TILE * 0.1
            paint(img, mask_poly((TILE, TILE), [np.array([(ctr[0], ctr[1] - d), (ctr[0] + d, ctr[1]), (ctr[0], ctr[1] + d),
                                                          (ctr[0] - d, ctr[1])])]), shade(c, -0.4))
        faces[f"cube-{name}"] = to_png(press.finish(img, seed * 131 + 300 + len(faces)))
    return faces


# --------------------------------------------------------------------------- Open Season


def emblem(pen: Pen, people: str, c: Rgb, outline: Rgb, weight: float) -> None:
    """A drawn emblem for each people (unit box)."""
    if people == "elf":  # a leaf with a vein
        t = np.linspace(0, math.pi, 40)
        left = np.stack([-0.22 * np.sin(t), -0.42 + 0.84 * t / math.pi], 1)
        leaf = np.concatenate([left, np.stack([0.22 * np.sin(t[::-1]), -0.42 + 0.84 * t[::-1] / math.pi], 1)])
        pen.fill(leaf, c)
        pen.line(leaf, outline, weight, closed=True)
        pen.line([(0, -0.35), (0, 0.45)], outline, weight * 0.8)
        for y in (-0.15, 0.05, 0.25):
            pen.line([(0, y + 0.08), (-0.12, y)], outline, weight * 0.6)
            pen.line([(0, y + 0.08), (0.12, y)], outline, weight * 0.6)
    elif people == "mage":  # a pointed hat with a star
        hat = [(0, -0.45), (0.2, 0.2), (0.4, 0.28), (0.36, 0.36), (-0.36, 0.36), (-0.4, 0.28), (-0.2, 0.2)]
        pen.fill(hat, c)
        pen.line(hat, outline, weight, closed=True)
        s = 0.08
        star = [(s * 1.2 * math.sin(a), -0.02 - s * 1.2 * math.cos(a)) if k % 2 == 0 else
                (s * 0.5 * math.sin(a), -0.02 - s * 0.5 * math.cos(a))
                for k, a in enumerate(np.linspace(0, 2 * math.pi, 11)[:-1])]
        pen.fill(star, (1.0, 0.95, 0.6))
    elif people == "sorcerer":  # a crystal ball on a stand
        pen.dot((0, -0.08), 0.3, c)
        pen.line(ellipse_pts((0, -0.08), 0.3, 0.3), outline, weight, closed=True)
        pen.fill(ellipse_pts((-0.1, -0.18), 0.07, 0.05), (1.0, 1.0, 1.0), 0.8)
        stand = [(-0.22, 0.42), (0.22, 0.42), (0.14, 0.22), (-0.14, 0.22)]
        pen.fill(stand, shade(c, -0.4))
        pen.line(stand, outline, weight, closed=True)
    elif people == "dwarf":  # a hammer
        pen.fill([(-0.04, -0.2), (0.04, -0.2), (0.04, 0.45), (-0.04, 0.45)], (0.55, 0.35, 0.2))
        head = [(-0.32, -0.42), (0.32, -0.42), (0.32, -0.16), (-0.32, -0.16)]
        pen.fill(head, c)
        pen.line(head, outline, weight, closed=True)
        pen.line([(-0.04, -0.16), (-0.04, 0.45), (0.04, 0.45), (0.04, -0.16)], outline, weight * 0.7)
    elif people == "gnome":  # a spotted mushroom
        cap = np.concatenate([ellipse_pts((0, 0.0), 0.42, 0.38, 180, 360, 40), [(0.42, 0.04), (-0.42, 0.04)]])
        pen.fill([(-0.12, 0.0), (0.12, 0.0), (0.15, 0.42), (-0.15, 0.42)], (0.95, 0.92, 0.85))
        pen.line([(-0.12, 0.0), (-0.15, 0.42), (0.15, 0.42), (0.12, 0.0)], outline, weight)
        pen.fill(cap, c)
        pen.line(cap, outline, weight, closed=True)
        for x, y, r in ((-0.2, -0.12, 0.06), (0.05, -0.25, 0.07), (0.22, -0.08, 0.05)):
            pen.dot((x, y), r, (1.0, 1.0, 1.0))
    else:  # barbarian: a horned helmet
        dome = np.concatenate([ellipse_pts((0, 0.1), 0.28, 0.3, 180, 360, 30), [(0.28, 0.3), (-0.28, 0.3)]])
        for side in (-1, 1):
            horn = [(side * 0.22, 0.0), (side * 0.45, -0.2), (side * 0.42, -0.45), (side * 0.32, -0.18), (side * 0.2, 0.1)]
            pen.fill(horn, (0.95, 0.9, 0.78))
            pen.line(horn, outline, weight, closed=True)
        pen.fill(dome, c)
        pen.line(dome, outline, weight, closed=True)
        pen.fill([(-0.3, 0.24), (0.3, 0.24), (0.3, 0.34), (-0.3, 0.34)], shade(c, -0.35))


def attribute_icon(pen: Pen, attribute: str, c: Rgb, outline: Rgb, weight: float) -> None:
    """A drawn icon for each attribute (unit box)."""
    if attribute == "crown":
        crown = [(-0.4, 0.25), (-0.4, -0.2), (-0.2, 0.02), (0, -0.35), (0.2, 0.02), (0.4, -0.2), (0.4, 0.25)]
        pen.fill(crown, c)
        pen.line(crown, outline, weight, closed=True)
        for x, y in ((-0.4, -0.2), (0, -0.35), (0.4, -0.2)):
            pen.dot((x, y - 0.05), 0.05, (0.85, 0.15, 0.2))
        pen.fill([(-0.4, 0.25), (0.4, 0.25), (0.4, 0.35), (-0.4, 0.35)], shade(c, -0.3))
    elif attribute == "tattoo":  # a tribal spiral with a barb
        t = np.linspace(0, 3.2 * math.pi, 120)
        r = 0.04 + 0.36 * t / t[-1]
        pen.line(np.stack([r * np.cos(t), r * np.sin(t)], 1), c, 0.07)
        pen.line(np.stack([r * np.cos(t), r * np.sin(t)], 1), outline, 0.02)
        pen.fill([(0.36, -0.1), (0.48, 0.05), (0.3, 0.1)], c)
    elif attribute == "dagger":
        blade = [(0, -0.45), (0.08, -0.3), (0.08, 0.1), (-0.08, 0.1), (-0.08, -0.3)]
        pen.fill(blade, (0.85, 0.87, 0.9))
        pen.line(blade, outline, weight, closed=True)
        guard = [(-0.25, 0.1), (0.25, 0.1), (0.25, 0.17), (-0.25, 0.17)]
        pen.fill(guard, c)
        pen.line(guard, outline, weight, closed=True)
        pen.fill([(-0.05, 0.17), (0.05, 0.17), (0.05, 0.4), (-0.05, 0.4)], shade(c, -0.3))
        pen.dot((0, 0.44), 0.06, c)
    elif attribute == "earrings":
        for side in (-1, 1):
            pen.line(ellipse_pts((side * 0.2, -0.15), 0.12, 0.15), c, 0.05, closed=True)
            drop = [(side * 0.2, 0.0), (side * 0.2 + 0.09, 0.2), (side * 0.2, 0.38), (side * 0.2 - 0.09, 0.2)]
            pen.fill(drop, shade(c, 0.3))
            pen.line(drop, outline, weight, closed=True)
    else:  # eyepatch: a patch on a strap
        pen.line([(-0.48, -0.25), (0.48, 0.2)], outline, 0.04)
        patch = ellipse_pts((0.02, 0.05), 0.22, 0.17)
        pen.fill(patch, c)
        pen.line(patch, outline, weight, closed=True)


def open_season_faces(seed: int) -> dict[str, np.ndarray]:
    w, h = CARD
    hand = Hand(seed + 1)
    press = Print(seed, "open_season")
    r = rng_for(seed, "open_season/layout")
    layout = str(r.choice(["frame", "side-band", "diagonal"]))
    parchment = hsv(r.uniform(30, 55), r.uniform(0.05, 0.3), r.uniform(0.85, 0.97))
    hues = r.permutation(6) * 60 + r.uniform(0, 60)
    peoples = dict(zip(PEOPLES, far_apart(lambda: [hsv(hues[i] + r.uniform(-15, 15), r.uniform(0.45, 0.9),
                                                       r.uniform(0.45, 0.85)) for i in range(6)], 28.0), strict=True))
    icon_colour = hsv(r.uniform(0, 360), r.uniform(0.4, 0.8), r.uniform(0.35, 0.6))
    weight = hand.weight * 1.2
    faces: dict[str, np.ndarray] = {}
    n = 0
    for people, pc in peoples.items():
        for attribute in ATTRIBUTES:
            n += 1
            img = press.ground(w, h, parchment, seed * 89 + n)
            if layout == "frame":
                outer = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float64)
                inner = np.array([(w * 0.1, h * 0.08), (w * 0.9, h * 0.08), (w * 0.9, h * 0.92), (w * 0.1, h * 0.92)])
                ring = mask_poly((h, w), [outer]) - mask_poly((h, w), [inner])
                paint(img, np.clip(ring, 0, 1), linear((h, w), shade(pc, 0.2), shade(pc, -0.25), 90))
                paint(img, mask_circle((h, w), (w * 0.5, h * 0.27), w * 0.25), pc)
                paint(img, mask_stroke((h, w), [ellipse_pts((w * 0.5, h * 0.27), w * 0.25, w * 0.25)], 2.5, True),
                      hand.outline)
                emblem(Pen(img, w * 0.5, h * 0.27, w * 0.36), people, shade(pc, 0.5), hand.outline, weight)
                attribute_icon(Pen(img, w * 0.5, h * 0.66, w * 0.55), attribute, icon_colour, hand.outline, weight)
            elif layout == "side-band":
                band = np.array([(0, 0), (w * 0.3, 0), (w * 0.3, h), (0, h)], np.float64)
                paint(img, mask_poly((h, w), [band]), linear((h, w), shade(pc, 0.15), shade(pc, -0.3), 90))
                paint(img, mask_stroke((h, w), [np.array([(w * 0.3, 0), (w * 0.3, h)])], 3.0), hand.outline)
                emblem(Pen(img, w * 0.15, h * 0.14, w * 0.24), people, shade(pc, 0.55), hand.outline, weight)
                emblem(Pen(img, w * 0.15, h * 0.86, w * 0.24, 180), people, shade(pc, 0.55), hand.outline, weight)
                attribute_icon(Pen(img, w * 0.65, h * 0.5, w * 0.55), attribute, icon_colour, hand.outline, weight)
            else:
                tri = np.array([(0, 0), (w, 0), (0, h * 0.62)], np.float64)
                paint(img, mask_poly((h, w), [tri]), radial((h, w), (0, 0), h * 0.6, shade(pc, 0.2), shade(pc, -0.2)))
                paint(img, mask_stroke((h, w), [np.array([(w, 0), (0, h * 0.62)])], 3.0), hand.outline)
                emblem(Pen(img, w * 0.3, h * 0.17, w * 0.38), people, shade(pc, 0.55), hand.outline, weight)
                paint(img, mask_circle((h, w), (w * 0.6, h * 0.7), w * 0.3), shade(parchment, 0.5))
                paint(img, mask_stroke((h, w), [ellipse_pts((w * 0.6, h * 0.7), w * 0.3, w * 0.3)], 2.0, True), pc)
                attribute_icon(Pen(img, w * 0.6, h * 0.7, w * 0.48), attribute, icon_colour, hand.outline, weight)
            faces[f"{people}-{attribute}"] = to_png(press.finish(img, seed * 113 + n))
    back_c = hsv(r.uniform(0, 360), r.uniform(0.4, 0.8), r.uniform(0.25, 0.5))
    img = press.ground(w, h, back_c, seed * 89 + 99)
    light = shade(back_c, 0.5)
    for i in range(-1, 5):  # a lattice of lozenges
        for j in range(-1, 7):
            cx, cy = (i + 0.5 * (j % 2)) * w / 4, j * h / 6
            lz = np.array([(cx, cy - h / 14), (cx + w / 10, cy), (cx, cy + h / 14), (cx - w / 10, cy)])
            paint(img, mask_stroke((h, w), [lz], 2.0, True), light)
    paint(img, mask_circle((h, w), (w / 2, h / 2), w * 0.22), light)
    emblem(Pen(img, w / 2, h / 2, w * 0.3), "mage", back_c, hand.outline, weight)
    faces["back"] = to_png(press.finish(img, seed * 113 + 99))
    return faces


# --------------------------------------------------------------------------- files


def write_pack(seed: int, out: Path, games: tuple[str, ...] = ("octocube", "open_season")) -> Path:
    """Printing ``seed`` written as an art pack into ``out``: the faces of ``games`` (each game's
    faces are drawn from their own streams: one game's faces do not depend on the other's)."""
    drawers = {"octocube": octocube_faces, "open_season": open_season_faces}
    for game in games:
        faces = drawers[game](seed)
        (out / game).mkdir(parents=True, exist_ok=True)
        for name, img in faces.items():
            if not cv2.imwrite(str(out / game / f"{name}.png"), img):
                raise OSError(f"could not write {out / game / name}.png")
    meta = {"generator": "bench/other_hand_art.py (another hand: measuring only)", "seed": seed,
            "gloss": Print(seed, "octocube").gloss}
    (out / "art.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return out


def contact_sheet(pack_dir: Path, out: Path) -> None:
    """Every Octocube face of a pack (rows: the four colours, then coin/back/abyss, letters, cubes)
    and a row of Open Season cards, on one picture."""
    cell, pad = 96, 6
    rows: list[list[str]] = [[f"{c}-{o}" for o in OBJECTS] for c in COLOURS]
    rows += [["coin", "back", "abyss", "abyss-A", "abyss-B"], ["abyss-E", "abyss-I"] + [f"cube-{c}" for c in CUBES[:3]]]
    cards = [f"{p}-{a}" for p, a in zip(PEOPLES, ATTRIBUTES + ("crown",), strict=True)] + ["back"]
    cw, ch = 80, 124
    width = max(5 * (cell + pad), len(cards) * (cw + pad)) + pad
    height = len(rows) * (cell + pad) + ch + 2 * pad
    sheet = np.full((height, width, 3), 250, np.uint8)
    for i, row in enumerate(rows):
        for j, name in enumerate(row):
            img = cv2.imread(str(pack_dir / "octocube" / f"{name}.png"))
            assert img is not None, name
            y, x = pad + i * (cell + pad), pad + j * (cell + pad)
            sheet[y:y + cell, x:x + cell] = cv2.resize(img, (cell, cell), interpolation=cv2.INTER_AREA)
    y = pad + len(rows) * (cell + pad)
    for j, name in enumerate(cards):
        img = cv2.imread(str(pack_dir / "open_season" / f"{name}.png"))
        assert img is not None, name
        x = pad + j * (cw + pad)
        sheet[y:y + ch, x:x + cw] = cv2.resize(img, (cw, ch), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(out), sheet)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=997000)
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--out", required=True, help="writes OUT/<seed>/ for each printing")
    ap.add_argument("--sheet", default=None, help="also a contact sheet (PNG) of the first printing")
    args = ap.parse_args()
    root = Path(args.out)
    for k in range(args.count):
        print(write_pack(args.seed + k, root / str(args.seed + k)))
    if args.sheet:
        contact_sheet(root / str(args.seed), Path(args.sheet))


if __name__ == "__main__":
    main()
