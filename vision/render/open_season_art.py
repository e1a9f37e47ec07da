"""Open Season's procedural art: 6 peoples x 5 attributes of people cards, card backs, the
players' wall boards (Horn and Shield sides), the inn board and the tokens.

A card shows its people twice (background colour + emblem) and its attribute as a big icon on
a cream panel, and carries a corner index (people initial + small attribute icon) at the
top-left and, turned, bottom-right, so that a fanned card stays readable.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.render import sprites as sp
from vision.render.scene import SpriteKey

PEOPLES: tuple[str, ...] = ("elf", "mage", "sorcerer", "dwarf", "gnome", "barbarian")
ATTRIBUTES: tuple[str, ...] = ("crown", "tattoo", "dagger", "earrings", "eyepatch")
PEOPLE_RGB: dict[str, tuple[int, int, int]] = {
    "elf": (56, 150, 70), "mage": (46, 92, 200), "sorcerer": (128, 52, 160),
    "dwarf": (178, 104, 38), "gnome": (204, 48, 48), "barbarian": (36, 140, 140),
}
PEOPLE_INITIAL: dict[str, str] = {"elf": "E", "mage": "M", "sorcerer": "S", "dwarf": "D",
                                  "gnome": "G", "barbarian": "B"}
CREAM_RGB = (246, 238, 214)
INK_RGB = (40, 30, 26)
BACK_RGB = (120, 28, 36)
GOLD_RGB = (226, 180, 70)
CARD_SIZE_MM = (44.0, 68.0)
TOKEN_DIAMETER_MM = 18.0


def _emblem(img: np.ndarray, people: str, c: tuple[float, float], s: float,
            rgb: tuple[int, int, int]) -> None:
    cx, cy = c
    t = max(1, int(s / 14))
    if people == "elf":  # a leaf
        sp.ellipse(img, (cx, cy), (0.22 * s, 0.44 * s), 35, rgb)
        sp.line(img, (cx - 0.25 * s, cy + 0.36 * s), (cx + 0.22 * s, cy - 0.3 * s), CREAM_RGB, t)
    elif people == "mage":  # a pointed hat with a star
        sp.poly(img, [(cx, cy - 0.46 * s), (cx + 0.3 * s, cy + 0.3 * s), (cx - 0.3 * s, cy + 0.3 * s)], rgb)
        sp.ellipse(img, (cx, cy + 0.32 * s), (0.46 * s, 0.1 * s), 0, rgb)
        _star(img, (cx, cy), 0.1 * s, CREAM_RGB)
    elif people == "sorcerer":  # a crescent moon
        sp.circle(img, (cx, cy), 0.42 * s, rgb)
        sp.circle(img, (cx + 0.2 * s, cy - 0.12 * s), 0.36 * s, CREAM_RGB)
    elif people == "dwarf":  # an axe
        sp.line(img, (cx - 0.3 * s, cy + 0.45 * s), (cx + 0.2 * s, cy - 0.4 * s), rgb, 2 * t)
        sp.ellipse(img, (cx + 0.16 * s, cy - 0.24 * s), (0.28 * s, 0.2 * s), -60, rgb, start=0, end=180)
    elif people == "gnome":  # a mushroom
        sp.ellipse(img, (cx, cy - 0.05 * s), (0.44 * s, 0.34 * s), 0, rgb, start=180, end=360)
        sp.poly(img, [(cx - 0.12 * s, cy - 0.05 * s), (cx + 0.12 * s, cy - 0.05 * s),
                      (cx + 0.15 * s, cy + 0.42 * s), (cx - 0.15 * s, cy + 0.42 * s)], rgb)
        for dx, dy in ((-0.2, -0.2), (0.15, -0.27), (0.05, -0.12)):
            sp.circle(img, (cx + dx * s, cy + dy * s), 0.05 * s, CREAM_RGB)
    elif people == "barbarian":  # a horned helmet
        sp.ellipse(img, (cx, cy + 0.1 * s), (0.3 * s, 0.3 * s), 0, rgb, start=180, end=360)
        sp.poly(img, [(cx - 0.3 * s, cy + 0.1 * s), (cx + 0.3 * s, cy + 0.1 * s),
                      (cx + 0.3 * s, cy + 0.2 * s), (cx - 0.3 * s, cy + 0.2 * s)], rgb)
        for side in (-1, 1):
            sp.poly(img, [(cx + side * 0.26 * s, cy - 0.02 * s), (cx + side * 0.5 * s, cy - 0.45 * s),
                          (cx + side * 0.34 * s, cy - 0.12 * s)], rgb)
    else:
        raise ValueError(f"unknown people {people!r}")


def _star(img: np.ndarray, c: tuple[float, float], r: float, rgb: tuple[int, int, int]) -> None:
    pts = [(c[0] + (r if i % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + i * math.pi / 5),
            c[1] + (r if i % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + i * math.pi / 5))
           for i in range(10)]
    sp.poly(img, pts, rgb)


def attribute_icon(img: np.ndarray, attribute: str, c: tuple[float, float], s: float,
                   rgb: tuple[int, int, int] = INK_RGB) -> None:
    cx, cy = c
    t = max(1, int(s / 12))
    if attribute == "crown":
        sp.poly(img, [(cx - 0.42 * s, cy + 0.3 * s), (cx - 0.42 * s, cy - 0.3 * s),
                      (cx - 0.2 * s, cy), (cx, cy - 0.4 * s), (cx + 0.2 * s, cy),
                      (cx + 0.42 * s, cy - 0.3 * s), (cx + 0.42 * s, cy + 0.3 * s)], GOLD_RGB,
                outline=rgb, thickness=t)
    elif attribute == "tattoo":  # an anchor
        sp.line(img, (cx, cy - 0.34 * s), (cx, cy + 0.4 * s), rgb, t + 1)
        sp.line(img, (cx - 0.2 * s, cy - 0.2 * s), (cx + 0.2 * s, cy - 0.2 * s), rgb, t + 1)
        sp.circle(img, (cx, cy - 0.4 * s), 0.08 * s, rgb, thickness=t)
        sp.ellipse(img, (cx, cy + 0.08 * s), (0.36 * s, 0.32 * s), 0, rgb, thickness=t + 1,
                   start=20, end=160)
    elif attribute == "dagger":
        sp.poly(img, [(cx, cy - 0.48 * s), (cx + 0.09 * s, cy + 0.08 * s),
                      (cx - 0.09 * s, cy + 0.08 * s)], (196, 200, 210), outline=rgb, thickness=t)
        sp.line(img, (cx - 0.24 * s, cy + 0.1 * s), (cx + 0.24 * s, cy + 0.1 * s), rgb, t + 1)
        sp.line(img, (cx, cy + 0.1 * s), (cx, cy + 0.44 * s), rgb, t + 2)
    elif attribute == "earrings":
        for side in (-1, 1):
            sp.circle(img, (cx + side * 0.22 * s, cy - 0.05 * s), 0.16 * s, GOLD_RGB, thickness=t + 1)
            sp.circle(img, (cx + side * 0.22 * s, cy + 0.26 * s), 0.08 * s, (90, 170, 220))
            sp.line(img, (cx + side * 0.22 * s, cy + 0.11 * s), (cx + side * 0.22 * s, cy + 0.2 * s), rgb, t)
    elif attribute == "eyepatch":
        sp.line(img, (cx - 0.46 * s, cy - 0.3 * s), (cx + 0.46 * s, cy + 0.1 * s), rgb, t)
        sp.ellipse(img, (cx - 0.05 * s, cy + 0.02 * s), (0.24 * s, 0.18 * s), 0, rgb)
    else:
        raise ValueError(f"unknown attribute {attribute!r}")


def draw_card(people: str, attribute: str, w: int, h: int, density: float) -> np.ndarray:
    img = sp.canvas(w, h, CREAM_RGB)
    rgb = PEOPLE_RGB[people]
    m = int(2.5 * density)
    cv2.rectangle(img, (m, m), (w - 1 - m, int(h * 0.58)), sp.bgra(rgb), -1)
    light = tuple(min(255, int(v * 0.55 + 255 * 0.45)) for v in rgb)
    sp.circle(img, (w / 2, h * 0.32), w * 0.3, light)  # type: ignore[arg-type]
    _emblem(img, people, (w / 2, h * 0.32), w * 0.48, rgb)
    attribute_icon(img, attribute, (w / 2, h * 0.77), w * 0.42)
    # corner indices: top-left and (turned) bottom-right
    idx = sp.canvas(int(9 * density), int(17 * density), CREAM_RGB)
    iw, ih = idx.shape[1], idx.shape[0]
    sp.put_text_centered(idx, PEOPLE_INITIAL[people], (iw / 2, ih * 0.27), ih * 0.3, rgb,
                         thickness_ratio=0.18)
    attribute_icon(idx, attribute, (iw / 2, ih * 0.72), iw * 0.8)
    img[m: m + ih, m: m + iw] = idx
    img[h - m - ih: h - m, w - m - iw: w - m] = idx[::-1, ::-1]
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), sp.bgra((150, 140, 120)), max(1, int(density / 2)))
    sp.add_grain(img, PEOPLES.index(people) * 7 + ATTRIBUTES.index(attribute), amount=3.0)
    return sp.rounded_alpha(img, 3 * density)


def draw_card_back(w: int, h: int, density: float) -> np.ndarray:
    img = sp.canvas(w, h, BACK_RGB)
    m = int(3 * density)
    cv2.rectangle(img, (m, m), (w - 1 - m, h - 1 - m), sp.bgra(GOLD_RGB), max(1, int(density * 0.8)))
    for i in range(5):
        sp.circle(img, (w / 2, h / 2), w * (0.08 + 0.06 * i), GOLD_RGB, thickness=max(1, int(density / 2)))
    _star(img, (w / 2, h / 2), w * 0.12, GOLD_RGB)
    sp.add_grain(img, 4, amount=3.0)
    return sp.rounded_alpha(img, 3 * density)


def draw_pile_side(n: int, w: int, h: int, density: float) -> np.ndarray:
    img = sp.canvas(w, h, (236, 230, 212))
    for i in range(n):
        y = int(h * i / max(n, 1))
        cv2.line(img, (0, y), (w - 1, y), sp.bgra((180, 170, 150)), 1)
    return img


WALL_SPACES: dict[str, tuple[tuple[int, int], ...]] = {
    # (column, row) of each wall space, in space-number order
    "horn": ((0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1), (0, 2), (1, 2), (2, 2)),
    "shield": ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 1), (0, 2), (1, 2)),
}
WALL_PITCH_MM = (46.0, 70.0)
WALL_MARGIN_MM = 3.0
WALL_BOARD_SIZE_MM = (4 * 46.0 + 6.0, 3 * 70.0 + 6.0)


def wall_space_local(side: str, number: int) -> tuple[float, float]:
    """Board-local centre (mm) of wall space ``number`` (1-based) on the given side."""
    col, row = WALL_SPACES[side][number - 1]
    return (WALL_MARGIN_MM + (col + 0.5) * WALL_PITCH_MM[0],
            WALL_MARGIN_MM + (row + 0.5) * WALL_PITCH_MM[1])


def draw_wall_board(side: str, seat_rgb: tuple[int, int, int], w: int, h: int,
                    density: float) -> np.ndarray:
    img = sp.canvas(w, h, (112, 74, 46) if side == "horn" else (70, 78, 96))
    sp.add_grain(img, 21, amount=6.0, scale=2)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), sp.bgra(seat_rgb), max(2, int(2.5 * density)))
    cw, ch = (v * density for v in CARD_SIZE_MM)
    for number in range(1, len(WALL_SPACES[side]) + 1):
        x, y = (v * density for v in wall_space_local(side, number))
        p0 = (int(x - cw / 2 - 0.5 * density), int(y - ch / 2 - 0.5 * density))
        p1 = (int(x + cw / 2 + 0.5 * density), int(y + ch / 2 + 0.5 * density))
        cv2.rectangle(img, p0, p1, sp.bgra((74, 48, 30)), -1)
        sp.put_text_centered(img, str(number), (x, y), 8 * density, (120, 90, 60))
    for row in (0, 2):  # the "all different" friezes under rows 1 and 3
        y = (WALL_MARGIN_MM + (row + 1) * WALL_PITCH_MM[1] - 1.2) * density
        cv2.line(img, (int(4 * density), int(y)), (int(w * 0.72), int(y)), sp.bgra((60, 170, 80)),
                 max(1, int(1.0 * density)))
    return sp.rounded_alpha(img, 3 * density)


def draw_token(kind: str, w: int, h: int, density: float) -> np.ndarray:
    if kind == "trophy":
        img = sp.circle_alpha(sp.canvas(w, h, (60, 40, 90)))
        c = (w / 2, h / 2)
        sp.circle(img, c, w * 0.46, GOLD_RGB, thickness=max(1, int(density)))
        sp.ellipse(img, (c[0], c[1] - h * 0.08), (w * 0.2, h * 0.2), 0, GOLD_RGB, start=0, end=180)
        sp.line(img, (c[0], c[1] + h * 0.1), (c[0], c[1] + h * 0.25), GOLD_RGB, max(1, int(density)))
        sp.line(img, (c[0] - w * 0.12, c[1] + h * 0.26), (c[0] + w * 0.12, c[1] + h * 0.26), GOLD_RGB, max(1, int(density)))
        return img
    if kind == "wild":
        img = sp.circle_alpha(sp.canvas(w, h, (245, 245, 240)))
        for i, rgb in enumerate(((220, 50, 50), (240, 200, 40), (60, 170, 80), (50, 100, 210), (140, 60, 170))):
            a = i * 72
            sp.ellipse(img, (w / 2, h / 2), (w * 0.44, h * 0.44), a, rgb, start=0, end=72)
        _star(img, (w / 2, h / 2), w * 0.26, (255, 255, 255))
        return img
    if kind == "penalty":
        img = sp.canvas(w, h, (170, 30, 30))
        sp.line(img, (w * 0.25, h / 2), (w * 0.75, h / 2), (255, 255, 255), max(2, int(1.6 * density)))
        return sp.rounded_alpha(img, 2 * density)
    if kind == "series":
        img = sp.canvas(w, h, CREAM_RGB)
        for i, attr in enumerate(ATTRIBUTES):
            attribute_icon(img, attr, (w * (0.1 + 0.2 * i), h / 2), min(w / 5, h) * 0.8)
        return sp.rounded_alpha(img, 2 * density)
    if kind == "inn":
        img = sp.canvas(w, h, (92, 60, 40))
        sp.add_grain(img, 8, amount=6.0, scale=2)
        sp.put_text_centered(img, "INN", (w / 2, 5 * density), 5 * density, GOLD_RGB)
        return sp.rounded_alpha(img, 3 * density)
    raise sp.UnknownSpriteError(f"no Open Season token {kind!r}")


def draw_bonus_tile(face: int, active: bool, w: int, h: int, density: float) -> np.ndarray:
    """Expert bonus tile: its face number, gold-rimmed once a permanent face is activated."""
    img = sp.canvas(w, h, (210, 190, 150))
    if active:  # a rim a camera can see: 2 mm wide, all of it inside the tile
        t = max(2, int(2.0 * density))
        cv2.rectangle(img, (t // 2, t // 2), (w - 1 - t // 2, h - 1 - t // 2), sp.bgra(GOLD_RGB), t)
    sp.put_text_centered(img, str(face), (w / 2, h / 2), 7 * density, INK_RGB)
    return sp.rounded_alpha(img, 2 * density)


def draw(key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    what = key[1]
    if what == "card":
        return draw_card(str(key[2]), str(key[3]), w, h, density)
    if what == "card_back":
        return draw_card_back(w, h, density)
    if what == "pile_side":
        return draw_pile_side(int(key[2]), w, h, density)
    if what == "wall":
        return draw_wall_board(str(key[2]), tuple(key[3]), w, h, density)
    if what == "token":
        return draw_token(str(key[2]), w, h, density)
    if what == "bonus":
        return draw_bonus_tile(int(key[2]), bool(key[3]), w, h, density)
    raise sp.UnknownSpriteError(f"no Open Season art for {key!r}")
