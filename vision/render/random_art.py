"""Procedural art packs (``tablesight render --random-art SEED``): a whole new printing of
Octocube and Open Season from one seed, so that training can see hundreds of printings and a
bench can check on printings nobody trained on.

Each pack draws its own glyphs (random polygons, strokes, letters in a random font, small
icons made of primitives), its own shades (Octocube keeps four background colours far apart,
CIEDE-ish distance in Lab >= ``MIN_COLOUR_DISTANCE``), frames, print texture (grain,
halftone, linen, fibres), wear (rubbed edges, scratches) and gloss (art.json).

Seed split (keep it): seeds below ``TRAINING_SEED_LIMIT`` (100000) are for training and
tuning; seeds from ``BENCH_SEED_START`` (900000) up are for benches only; the seeds between
are held back. Every random choice comes from a stream named after what it decides
(``_rng(seed, "octocube/colours")``), so adding a new kind of choice never shifts the others.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration.teach_sheet import (OCTOCUBE_ABYSS_LETTERS, OCTOCUBE_COLOURS, OCTOCUBE_CUBES,
                                     OCTOCUBE_OBJECTS, OPEN_SEASON_ATTRIBUTES, OPEN_SEASON_PEOPLES)

TRAINING_SEED_LIMIT = 100_000
BENCH_SEED_START = 900_000
MAX_SEED = 2**32 - 1
MIN_COLOUR_DISTANCE = 28.0
TILE_PX = 256
CARD_PX = (264, 408)

RGB = tuple[int, int, int]
FONTS: tuple[int, ...] = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
                          cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
                          cv2.FONT_HERSHEY_SCRIPT_COMPLEX, cv2.FONT_HERSHEY_PLAIN)
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789&?#%@"


class RandomArtError(ValueError):
    """A random-art request that cannot be met (bad seed, unwritable folder)."""


def seed_use(seed: int) -> str:
    """'training', 'bench' or 'held back' (see the module docstring)."""
    if seed < TRAINING_SEED_LIMIT:
        return "training"
    return "bench" if seed >= BENCH_SEED_START else "held back"


def _rng(seed: int, stream: str) -> np.random.Generator:
    return np.random.default_rng([seed, zlib.crc32(stream.encode())])


# --------------------------------------------------------------------------- colours


def _lab(rgb: RGB) -> np.ndarray:
    px = np.array([[rgb[::-1]]], np.uint8)
    lab = cv2.cvtColor(px, cv2.COLOR_BGR2LAB).astype(np.float32)[0, 0]
    return np.array([lab[0] * 100 / 255, lab[1] - 128, lab[2] - 128])


def colour_distance(a: RGB, b: RGB) -> float:
    return float(np.linalg.norm(_lab(a) - _lab(b)))


def _hsv(h: float, s: float, v: float) -> RGB:
    px = np.array([[[h % 180, np.clip(s, 0, 255), np.clip(v, 0, 255)]]], np.uint8)
    b, g, r = cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0]
    return (int(r), int(g), int(b))


def _distinct(rng: np.random.Generator, draw: Callable[[int], RGB], n: int) -> list[RGB]:
    """``n`` colours from ``draw(i)``, redrawn until pairwise far apart."""
    for _ in range(400):
        out = [draw(i) for i in range(n)]
        if all(colour_distance(a, b) >= MIN_COLOUR_DISTANCE for i, a in enumerate(out) for b in out[:i]):
            return out
    raise RandomArtError("could not draw distinct colours")  # pragma: no cover - 400 tries


def _ink_for(bg: RGB, rng: np.random.Generator) -> RGB:
    light = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2]
    v = rng.uniform(10, 60) if light > 140 else rng.uniform(215, 250)
    return _hsv(rng.uniform(0, 180), rng.uniform(0, 60), v)


# --------------------------------------------------------------------------- glyphs
# A glyph is a list of primitives in unit coordinates (-0.5..0.5), drawn at any size.

Glyph = list[tuple[Any, ...]]


def random_glyph(rng: np.random.Generator, font: int) -> Glyph:
    kind = rng.choice(["polygon", "strokes", "letter", "icon"])
    if kind == "polygon":
        n = int(rng.integers(3, 10))
        star = rng.random() < 0.5
        phase = rng.uniform(0, 2 * math.pi)
        pts = []
        for i in range(n * (2 if star else 1)):
            r = 0.46 * (rng.uniform(0.3, 0.55) if star and i % 2 else rng.uniform(0.75, 1.0))
            a = phase + i * math.pi * 2 / (n * (2 if star else 1))
            pts.append((r * math.cos(a), r * math.sin(a)))
        return [("poly", tuple(pts))]
    if kind == "strokes":
        out: Glyph = []
        for _ in range(int(rng.integers(2, 5))):
            p = rng.uniform(-0.42, 0.42, (int(rng.integers(2, 5)), 2))
            out.append(("line", tuple(map(tuple, p)), rng.uniform(0.06, 0.14)))
        return out
    if kind == "letter":
        return [("text", str(rng.choice(list(LETTERS))), font, rng.uniform(0.55, 0.8))]
    out = []
    for _ in range(int(rng.integers(2, 5))):
        shape = rng.choice(["circle", "ring", "rect", "tri"])
        c = tuple(rng.uniform(-0.25, 0.25, 2))
        r = rng.uniform(0.1, 0.25)
        out.append((str(shape), c, r, rng.uniform(0, 180)))
    return out


def draw_glyph(img: np.ndarray, glyph: Glyph, centre: tuple[float, float], size: float, ink: RGB,
               outline: RGB | None = None) -> None:
    """``glyph`` into the BGRA ``img``, fitting a square of ``size`` px around ``centre``."""
    cx, cy = centre
    colour = (ink[2], ink[1], ink[0], 255)

    def px(p: tuple[float, float]) -> tuple[int, int]:
        return (int(round((cx + p[0] * size) * 16)), int(round((cy + p[1] * size) * 16)))

    for prim in glyph:
        what = prim[0]
        if what == "poly":
            pts = np.array([px(p) for p in prim[1]], np.int32)
            cv2.fillPoly(img, [pts], colour, cv2.LINE_AA, shift=4)
            if outline is not None:
                cv2.polylines(img, [pts], True, (*outline[::-1], 255), max(1, int(size / 30)), cv2.LINE_AA, shift=4)
        elif what == "line":
            pts = np.array([px(p) for p in prim[1]], np.int32)
            cv2.polylines(img, [pts], False, colour, max(1, int(prim[2] * size)), cv2.LINE_AA, shift=4)
        elif what == "text":
            (tw, th), _ = cv2.getTextSize(prim[1], prim[2], 1.0, 1)
            scale = prim[3] * size / max(th, tw * 0.8, 1)
            thick = max(1, int(round(scale * 2.2)))
            (tw, th), _ = cv2.getTextSize(prim[1], prim[2], scale, thick)
            cv2.putText(img, prim[1], (int(cx - tw / 2), int(cy + th / 2)), prim[2], scale, colour, thick, cv2.LINE_AA)
        else:
            c, r, ang = prim[1], prim[2] * size, prim[3]
            centre_px = px(c)
            if what in ("circle", "ring"):
                cv2.circle(img, centre_px, int(r * 16), colour, -1 if what == "circle" else max(1, int(r / 3)),
                           cv2.LINE_AA, shift=4)
            else:
                k = 3 if what == "tri" else 4
                pts = np.array([px((c[0] + r / size * math.cos(math.radians(ang + i * 360 / k)),
                                    c[1] + r / size * math.sin(math.radians(ang + i * 360 / k))))
                                for i in range(k)], np.int32)
                cv2.fillPoly(img, [pts], colour, cv2.LINE_AA, shift=4)


def _glyph_mask(glyph: Glyph) -> np.ndarray:
    img = np.zeros((48, 48, 4), np.uint8)
    draw_glyph(img, glyph, (24, 24), 44, (255, 255, 255))
    return img[..., 3] > 127


def distinct_glyphs(rng: np.random.Generator, n: int, font: int, max_iou: float = 0.55) -> list[Glyph]:
    """``n`` glyphs whose shapes overlap (IoU) at most ``max_iou`` pairwise and are not empty."""
    out: list[Glyph] = []
    masks: list[np.ndarray] = []
    for _ in range(50 * n):
        g = random_glyph(rng, font)
        m = _glyph_mask(g)
        if m.mean() < 0.04:
            continue
        if all((m & o).sum() / max((m | o).sum(), 1) <= max_iou for o in masks):
            out.append(g)
            masks.append(m)
            if len(out) == n:
                return out
    raise RandomArtError("could not draw distinct glyphs")  # pragma: no cover


# --------------------------------------------------------------------------- print


@dataclass(frozen=True)
class PrintStyle:
    texture: str
    """'grain', 'halftone', 'linen' or 'fibres'."""
    texture_amount: float
    wear: float
    """0..1: rubbed edges and scratches."""
    frame: str
    """'none', 'thin', 'thick' or 'inset'."""
    font: int
    outline: bool
    gloss: float

    @staticmethod
    def random(rng: np.random.Generator) -> PrintStyle:
        font = int(rng.choice(FONTS)) | (cv2.FONT_ITALIC if rng.random() < 0.2 else 0)
        return PrintStyle(str(rng.choice(["grain", "halftone", "linen", "fibres"])), float(rng.uniform(2, 9)),
                          float(rng.uniform(0, 0.8)), str(rng.choice(["none", "thin", "thick", "inset"])),
                          font, bool(rng.random() < 0.5), float(rng.uniform(0.0, 0.6)))


def _canvas(w: int, h: int, rgb: RGB) -> np.ndarray:
    img = np.zeros((h, w, 4), np.uint8)
    img[:] = (rgb[2], rgb[1], rgb[0], 255)
    return img


def _frame(img: np.ndarray, style: PrintStyle, rgb: RGB) -> None:
    h, w = img.shape[:2]
    dark = tuple(int(c * 0.7) for c in rgb[::-1]) + (255,)
    if style.frame == "thin":
        cv2.rectangle(img, (2, 2), (w - 3, h - 3), dark, max(1, w // 90))
    elif style.frame == "thick":
        cv2.rectangle(img, (0, 0), (w - 1, h - 1), dark, max(2, w // 22))
    elif style.frame == "inset":
        m = w // 12
        cv2.rectangle(img, (m, m), (w - 1 - m, h - 1 - m), dark, max(1, w // 70))


def finish(img: np.ndarray, style: PrintStyle, rng: np.random.Generator) -> np.ndarray:
    """Print texture and wear on a BGRA face (in place; returned for chaining)."""
    h, w = img.shape[:2]
    rgb = img[..., :3].astype(np.float32)
    a = style.texture_amount
    if style.texture == "grain":
        rgb += rng.normal(0, a, (h, w, 1))
    elif style.texture == "halftone":
        period = rng.uniform(3.0, 6.0)
        yy, xx = np.mgrid[0:h, 0:w]
        dots = np.cos(xx * 2 * math.pi / period) * np.cos(yy * 2 * math.pi / period)
        rgb += (dots * a)[..., None]
    elif style.texture == "linen":
        yy, xx = np.mgrid[0:h, 0:w]
        rgb += ((np.sin(xx * 1.7) + np.sin(yy * 1.3)) * a * 0.5)[..., None]
    else:
        fibres = np.zeros((h, w), np.float32)
        for _ in range(int(w * h / 600)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            ang = rng.uniform(0, math.pi)
            length = rng.uniform(3, 12)
            cv2.line(fibres, (int(x), int(y)), (int(x + length * math.cos(ang)), int(y + length * math.sin(ang))),
                     float(rng.choice([-1.0, 1.0])), 1)
        rgb += (fibres * a)[..., None]
    if style.wear > 0:
        edge = np.ones((h, w), np.float32)
        band = max(2, int(w * 0.025))
        edge[:band] = edge[-band:] = 0
        edge[:, :band] = edge[:, -band:] = 0
        edge = np.asarray(cv2.GaussianBlur(edge, (0, 0), band), np.float32)
        rub = (1 - edge) * style.wear * rng.uniform(30, 70) * (rng.random((h, w)) < 0.6)
        rgb += rub[..., None]
        for _ in range(int(style.wear * 5)):
            p0 = rng.uniform(0, [w, h])
            p1 = p0 + rng.normal(0, w / 6, 2)
            cv2.line(rgb, tuple(int(v) for v in p0), tuple(int(v) for v in p1), (235.0, 235.0, 235.0), 1, cv2.LINE_AA)
    img[..., :3] = np.clip(rgb, 0, 255).astype(np.uint8)
    return img


# --------------------------------------------------------------------------- Octocube


def octocube_faces(seed: int, size: int = TILE_PX) -> dict[str, np.ndarray]:
    """Every Octocube face of printing ``seed`` as square BGRA images."""
    style = PrintStyle.random(_rng(seed, "octocube/style"))
    crng = _rng(seed, "octocube/colours")
    faithful = crng.random() < 0.5
    base_hsv = {"white": (25, 20, 235), "light-blue": (100, 110, 225), "dark-blue": (112, 190, 110),
                "green": (65, 160, 150)}

    def bg(i: int) -> RGB:
        if faithful:
            h, s, v = base_hsv[OCTOCUBE_COLOURS[i]]
            return _hsv(h + crng.uniform(-15, 15), s + crng.uniform(-40, 40), v + crng.uniform(-40, 20))
        return _hsv(crng.uniform(0, 180), crng.uniform(0, 230), crng.uniform(60, 245))

    backgrounds = dict(zip(OCTOCUBE_COLOURS, _distinct(crng, bg, 4), strict=True))
    grng = _rng(seed, "octocube/glyphs")
    glyphs = dict(zip(OCTOCUBE_OBJECTS, distinct_glyphs(grng, 5, style.font), strict=True))
    mono = grng.random() < 0.5
    mono_dark = _hsv(grng.uniform(0, 180), grng.uniform(0, 80), grng.uniform(10, 50))
    inks = {o: _hsv(grng.uniform(0, 180), grng.uniform(60, 255), grng.uniform(60, 250)) for o in OCTOCUBE_OBJECTS}
    frng = _rng(seed, "octocube/finish")
    faces: dict[str, np.ndarray] = {}
    for colour, rgb in backgrounds.items():
        for obj in OCTOCUBE_OBJECTS:
            img = _canvas(size, size, rgb)
            _frame(img, style, rgb)
            if mono:
                ink = mono_dark if colour_distance(mono_dark, rgb) > 35 else _ink_for(rgb, grng)
            else:
                ink = inks[obj] if colour_distance(inks[obj], rgb) > 25 else _ink_for(rgb, grng)
            outline = _ink_for(ink, grng) if style.outline else None
            draw_glyph(img, glyphs[obj], (size / 2, size / 2), size * 0.7, ink, outline)
            faces[f"{colour}-{obj}"] = finish(img, style, frng)
    mrng = _rng(seed, "octocube/misc")
    coin_bg = _hsv(mrng.uniform(10, 35), mrng.uniform(40, 160), mrng.uniform(150, 240))
    img = _canvas(size, size, coin_bg)
    _frame(img, style, coin_bg)
    disc = _hsv(mrng.uniform(15, 30), mrng.uniform(150, 255), mrng.uniform(180, 250))
    cv2.circle(img, (size // 2, size // 2), int(size * mrng.uniform(0.28, 0.4)), (*disc[::-1], 255), -1, cv2.LINE_AA)
    draw_glyph(img, [("text", str(mrng.choice(["3", "III", "$", "*3"])), style.font, 0.42)],
               (size / 2, size / 2), size, _ink_for(disc, mrng))
    faces["coin"] = finish(img, style, frng)
    back_rgb = _hsv(mrng.uniform(0, 180), mrng.uniform(60, 220), mrng.uniform(60, 200))
    img = _canvas(size, size, back_rgb)
    pattern = random_glyph(mrng, style.font)
    light = _ink_for(back_rgb, mrng)
    for i in range(3):
        for j in range(3):
            draw_glyph(img, pattern, ((i + 0.5) * size / 3, (j + 0.5) * size / 3), size / 4.5, light)
    faces["back"] = finish(img, style, frng)
    abyss_rgb = _hsv(mrng.uniform(90, 140), mrng.uniform(80, 220), mrng.uniform(20, 70))
    swirl = _hsv(mrng.uniform(70, 110), mrng.uniform(80, 200), mrng.uniform(110, 200))
    abyss_pattern = _abyss_pattern(mrng, size)
    badge_shape = str(mrng.choice(["circle", "square", "none"]))
    badge = _hsv(mrng.uniform(0, 180), mrng.uniform(0, 50), mrng.uniform(200, 245))
    for letter in (None,) + OCTOCUBE_ABYSS_LETTERS:
        img = _canvas(size, size, abyss_rgb)
        for pts, closed in abyss_pattern:
            cv2.polylines(img, [np.round(np.array(pts) * 16).astype(np.int32)], closed, (*swirl[::-1], 255),
                          max(1, size // 40), cv2.LINE_AA, shift=4)
        if letter:
            r = int(size * 0.21)
            if badge_shape == "circle":
                cv2.circle(img, (size // 2, size // 2), r, (*badge[::-1], 255), -1, cv2.LINE_AA)
            elif badge_shape == "square":
                cv2.rectangle(img, (size // 2 - r, size // 2 - r), (size // 2 + r, size // 2 + r), (*badge[::-1], 255), -1)
            ink = abyss_rgb if badge_shape != "none" else badge
            draw_glyph(img, [("text", letter, style.font, 0.3 if badge_shape != "none" else 0.45)],
                       (size / 2, size / 2), size, ink)
        faces["abyss" if letter is None else f"abyss-{letter}"] = finish(img, style, frng)
    cube_hsv = {"red": (0, 200, 190), "yellow": (25, 200, 230), "blue": (110, 200, 190), "purple": (140, 150, 150)}
    cubes = _distinct(mrng, lambda i: _hsv(cube_hsv[OCTOCUBE_CUBES[i]][0] + mrng.uniform(-8, 8),
                                           cube_hsv[OCTOCUBE_CUBES[i]][1] + mrng.uniform(-60, 40),
                                           cube_hsv[OCTOCUBE_CUBES[i]][2] + mrng.uniform(-50, 40)), 4)
    metal = _hsv(0, mrng.uniform(0, 30), mrng.uniform(130, 215))
    painted = mrng.random() < 0.4  # the plate printed in the cube's colour, lighter
    lighter = mrng.uniform(1.15, 1.4)
    inset = int(round(size * 3.0 / 40.0))
    for name, rgb in zip(OCTOCUBE_CUBES, cubes, strict=True):
        plate = tuple(min(255, int(c * lighter) + 20) for c in rgb) if painted else metal
        img = _canvas(size, size, rgb)
        cv2.rectangle(img, (inset, inset), (size - 1 - inset, size - 1 - inset), (*plate[::-1], 255), -1)
        cv2.circle(img, (size // 2, size // 2), int(size * 0.14), (*(int(c * 0.75) for c in plate[::-1]), 255), -1,
                   cv2.LINE_AA)
        faces[f"cube-{name}"] = finish(img, style, frng)
    return faces


# --------------------------------------------------------------------------- Open Season


def open_season_faces(seed: int, size: tuple[int, int] = CARD_PX) -> dict[str, np.ndarray]:
    """Every Open Season face of printing ``seed`` as card-shaped BGRA images."""
    w, h = size
    style = PrintStyle.random(_rng(seed, "open_season/style"))
    crng = _rng(seed, "open_season/colours")
    peoples = dict(zip(OPEN_SEASON_PEOPLES, _distinct(
        crng, lambda i: _hsv(crng.uniform(0, 180), crng.uniform(90, 240), crng.uniform(70, 220)), 6), strict=True))
    panel = _hsv(crng.uniform(10, 40), crng.uniform(0, 60), crng.uniform(215, 250))
    grng = _rng(seed, "open_season/glyphs")
    emblems = dict(zip(OPEN_SEASON_PEOPLES, distinct_glyphs(grng, 6, style.font), strict=True))
    icons = dict(zip(OPEN_SEASON_ATTRIBUTES, distinct_glyphs(grng, 5, style.font), strict=True))
    layout_kind = str(grng.choice(["panel", "split", "band"]))
    corner = grng.random() < 0.7
    ink = _hsv(grng.uniform(0, 180), grng.uniform(0, 80), grng.uniform(15, 60))
    initials = {p: p[0].upper() if grng.random() < 0.7 else str(grng.choice(list(LETTERS))) for p in OPEN_SEASON_PEOPLES}
    frng = _rng(seed, "open_season/finish")
    faces: dict[str, np.ndarray] = {}
    for people, rgb in peoples.items():
        emblem_ink = _ink_for(rgb, grng)
        for attribute in OPEN_SEASON_ATTRIBUTES:
            img = _canvas(w, h, rgb)
            _frame(img, style, rgb)
            pc = (*panel[::-1], 255)
            if layout_kind == "panel":
                cv2.rectangle(img, (int(w * 0.12), int(h * 0.36)), (int(w * 0.88), int(h * 0.86)), pc, -1)
                icon_c, emb_c = (w / 2, h * 0.61), (w / 2, h * 0.2)
            elif layout_kind == "split":
                cv2.rectangle(img, (0, int(h * 0.5)), (w - 1, h - 1), pc, -1)
                icon_c, emb_c = (w / 2, h * 0.74), (w / 2, h * 0.27)
            else:
                cv2.rectangle(img, (0, int(h * 0.3)), (w - 1, int(h * 0.7)), pc, -1)
                icon_c, emb_c = (w / 2, h / 2), (w / 2, h * 0.85)
            draw_glyph(img, icons[attribute], icon_c, w * 0.55, ink)
            draw_glyph(img, emblems[people], emb_c, w * 0.3, emblem_ink)
            if corner:
                for flip in (False, True):
                    sub = _canvas(int(w * 0.22), int(h * 0.2), rgb)
                    draw_glyph(sub, [("text", initials[people], style.font, 0.5)],
                               (sub.shape[1] / 2, sub.shape[0] * 0.3), sub.shape[1], emblem_ink)
                    draw_glyph(sub, icons[attribute], (sub.shape[1] / 2, sub.shape[0] * 0.72), sub.shape[1] * 0.5,
                               emblem_ink)
                    y0, x0 = (h - sub.shape[0] - 4, w - sub.shape[1] - 4) if flip else (4, 4)
                    img[y0:y0 + sub.shape[0], x0:x0 + sub.shape[1]] = sub[::-1, ::-1] if flip else sub
            faces[f"{people}-{attribute}"] = finish(img, style, frng)
    mrng = _rng(seed, "open_season/back")
    back_rgb = _hsv(mrng.uniform(0, 180), mrng.uniform(60, 220), mrng.uniform(50, 180))
    img = _canvas(w, h, back_rgb)
    pattern = random_glyph(mrng, style.font)
    light = _ink_for(back_rgb, mrng)
    for i in range(3):
        for j in range(5):
            draw_glyph(img, pattern, ((i + 0.5) * w / 3, (j + 0.5) * h / 5), w / 4.5, light)
    faces["back"] = finish(img, style, frng)
    return faces


def _abyss_pattern(rng: np.random.Generator, size: int) -> list[tuple[list[tuple[float, float]], bool]]:
    """The abyss tiles' deep-water pattern: a swirl, rings, waves or tentacles."""
    kind = str(rng.choice(["swirl", "rings", "waves", "tentacles"]))
    c = size / 2
    if kind == "swirl":
        turns, step = rng.uniform(2, 5), rng.uniform(0.12, 0.3)
        ts = np.linspace(0, turns * 2 * math.pi, 200)
        return [([(c + size * 0.45 * t / turns / (2 * math.pi) * math.cos(t * (1 + step)),
                   c + size * 0.45 * t / turns / (2 * math.pi) * math.sin(t * (1 + step))) for t in ts], False)]
    if kind == "rings":
        return [([(c + r * math.cos(a), c + r * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 60)], True)
                for r in np.linspace(size * 0.1, size * 0.46, int(rng.integers(3, 7)))]
    if kind == "waves":
        amp, freq = rng.uniform(0.02, 0.06) * size, rng.uniform(1.5, 4.0)
        return [([(x, y + amp * math.sin(x / size * 2 * math.pi * freq)) for x in np.linspace(0, size, 50)], False)
                for y in np.linspace(size * 0.12, size * 0.88, int(rng.integers(4, 8)))]
    out = []
    for k in range(int(rng.integers(4, 9))):
        a0 = k * 2 * math.pi / 8 + rng.uniform(-0.3, 0.3)
        bend = rng.uniform(-2.0, 2.0)
        out.append(([(c + r * math.cos(a0 + bend * r / size), c + r * math.sin(a0 + bend * r / size))
                     for r in np.linspace(size * 0.05, size * 0.48, 30)], False))
    return out


def pack_gloss(seed: int) -> float:
    return PrintStyle.random(_rng(seed, "octocube/style")).gloss


def random_pack(seed: int) -> Any:
    """Printing ``seed`` as an in-memory ``ArtPack`` (no files), e.g. for training over many."""
    from vision.render.art_pack import ArtPack

    if not 0 <= seed <= MAX_SEED:
        raise RandomArtError(f"--random-art seed must be 0 to {MAX_SEED}, not {seed}")
    return ArtPack.from_faces({"octocube": octocube_faces(seed), "open_season": open_season_faces(seed)},
                              gloss=round(pack_gloss(seed), 3), name=f"random art {seed}")


def in_builtin_shades(faces: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Octocube tile faces with each background moved to the digital twin's own shade of that
    colour, glyphs and print untouched: a printing in the real game's colours drawn by another
    hand, the case where a classifier trained on the built-in art agrees by colour alone (a bench
    check of the "teach me your copy" warning). Pixels near the tile's background (its median
    between 1/10 and 1/6 of the side from the top and bottom edges) move by the shift."""
    from vision.render.octocube_art import BACKGROUND_RGB

    out = dict(faces)
    for colour, rgb in BACKGROUND_RGB.items():
        target = np.array(rgb[::-1], np.float32)
        for name, img in faces.items():
            if not name.startswith(colour.replace(" ", "-") + "-"):
                continue
            bgr = img[..., :3].astype(np.float32)
            h = bgr.shape[0]
            ring = np.concatenate([bgr[h // 10:h // 6].reshape(-1, 3), bgr[-h // 6:-h // 10].reshape(-1, 3)])
            background = np.median(ring, axis=0)
            near = np.clip(2.0 - np.linalg.norm(bgr - background, axis=2) / 25.0, 0.0, 1.0)[..., None]
            moved = img.copy()
            moved[..., :3] = np.clip(bgr + near * (target - background), 0, 255).astype(np.uint8)
            out[name] = moved
    return out


def write_random_pack(seed: int, out_dir: str | Path, *, builtin_shades: bool = False,
                      games: tuple[str, ...] = ("octocube", "open_season")) -> dict[str, Any]:
    """Write the pack of printing ``seed`` (``games``' faces, both by default, and art.json);
    returns a summary. ``builtin_shades``: its Octocube tiles in the twin's own background shades
    (:func:`in_builtin_shades`). Each game's faces are drawn from their own seeded streams, so a
    game's faces are the same whether or not the other game's are written."""
    if not 0 <= seed <= MAX_SEED:
        raise RandomArtError(f"--random-art seed must be 0 to {MAX_SEED}, not {seed}")
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise RandomArtError(f"cannot write the art pack into {out}: it is a file")
    if out.is_dir() and any(out.iterdir()) and not (out / "art.json").exists():
        raise RandomArtError(f"{out} is not empty and not an art pack: choose a new folder")
    unknown = sorted(set(games) - {"octocube", "open_season"})
    if unknown or not games:
        raise RandomArtError(f"a random printing draws octocube and open_season faces, not {unknown or 'none'}")
    counts = {}
    for game in games:
        if game == "octocube":
            faces = octocube_faces(seed)
            if builtin_shades:
                faces = in_builtin_shades(faces)
        else:
            faces = open_season_faces(seed)
        (out / game).mkdir(parents=True, exist_ok=True)
        for name, img in faces.items():
            path = out / game / f"{name}.png"
            if not cv2.imwrite(str(path), img):
                raise RandomArtError(f"could not write {path}")
        counts[game] = len(faces)
    meta = {"generator": "tablesight random art", "seed": seed, "seed_use": seed_use(seed),
            "gloss": round(pack_gloss(seed), 3), "builtin_shades": builtin_shades}
    (out / "art.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return {"out": str(out), "seed": seed, "seed_use": seed_use(seed), **counts}
