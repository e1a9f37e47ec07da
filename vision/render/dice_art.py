"""Die-face art for Octo Dice and ordinary pip dice: a small, stable API for the renderer and for
the dice recogniser's training data.

Die kinds:
* ``"white"``: an Octo Dice action die; faces are :data:`ACTION_SYMBOLS`.
* ``"black"``: an Octo Dice black die; faces are ``"<colour> <number>"`` (e.g. ``"red 2"``) or
  ``"octopod"``; :data:`BLACK_DICE_FACES` lists each of the three dice's faces
  (/work/shared/rules/octo_dice.md, a reconstruction).
* ``"d6:<body>"``: an ordinary pip die with a body style from :data:`PIP_STYLES`; faces ``"1"``..``"6"``.

Public functions: :func:`face_image` (one face as BGRA), :func:`die_faces` (the six faces of a
die in :data:`FACE_ORDER`), :func:`orient` (which face shows on top and on each side after a
roll), :func:`draw_symbol` (an action symbol anywhere, e.g. on a score sheet).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import cv2
import numpy as np

from vision.render import sprites as sp
from vision.render.scene import SpriteKey

ACTION_SYMBOLS: tuple[str, ...] = ("crystal", "research", "lab", "bot", "submarine", "octopod")
NUMBER_COLOURS: tuple[str, ...] = ("yellow", "white", "red", "blue", "green")
NUMBER_COLOUR_RGB: dict[str, tuple[int, int, int]] = {
    "yellow": (250, 210, 30), "white": (245, 245, 245), "red": (235, 45, 45),
    "blue": (50, 130, 245), "green": (60, 200, 80),
}
BLACK_DICE_FACES: tuple[tuple[str, ...], ...] = (
    ("yellow 0", "white 1", "red 2", "blue 0", "green 1", "octopod"),
    ("yellow 1", "white 2", "red 0", "blue 1", "green 2", "octopod"),
    ("yellow 2", "white 0", "red 1", "blue 2", "green 0", "octopod"),
)
PIP_STYLES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "ivory": ((244, 240, 228), (20, 20, 20)),
    "red": ((200, 30, 36), (250, 250, 250)),
    "green": ((30, 140, 70), (250, 250, 250)),
    "blue": ((30, 70, 180), (250, 250, 250)),
    "yellow": ((245, 205, 40), (20, 20, 20)),
    "black": ((28, 28, 30), (250, 250, 250)),
}
"""Body style -> (body RGB, pip RGB)."""
WHITE_BODY_RGB = (240, 238, 232)
BLACK_BODY_RGB = (30, 30, 34)
ACTION_INK_RGB = (28, 44, 84)

DIE_SIZE_MM = 16.0
FACE_ORDER: tuple[str, ...] = ("top", "north", "east", "west", "south", "bottom")
"""Order of :func:`die_faces`; opposite faces are i and 5 - i."""


class DiceArtError(ValueError):
    """An unknown die kind or a face that die does not have."""


# --------------------------------------------------------------------------- dice definitions


def die_faces(kind: str, index: int = 0) -> tuple[str, ...]:
    """The six faces of a die in :data:`FACE_ORDER` (opposites at i and 5 - i)."""
    if kind == "white":
        # crystal|octopod, research|submarine, lab|bot opposite (a choice: unknown on the box)
        return ("crystal", "research", "lab", "bot", "submarine", "octopod")
    if kind == "black":
        if not 0 <= index < len(BLACK_DICE_FACES):
            raise DiceArtError(f"there are {len(BLACK_DICE_FACES)} black dice, not die {index}")
        f = BLACK_DICE_FACES[index]
        return (f[0], f[1], f[2], f[3], f[4], f[5])
    if kind.startswith("d6:"):
        _check_pip_style(kind)
        return ("1", "2", "3", "4", "5", "6")
    raise DiceArtError(f"unknown die kind {kind!r}; expected 'white', 'black' or 'd6:<style>'")


def _check_pip_style(kind: str) -> str:
    style = kind.split(":", 1)[1]
    if style not in PIP_STYLES:
        raise DiceArtError(f"unknown pip die style {style!r}; expected one of {sorted(PIP_STYLES)}")
    return style


_DIRS = {"top": (0, 0, 1), "bottom": (0, 0, -1), "north": (0, -1, 0), "south": (0, 1, 0),
         "east": (1, 0, 0), "west": (-1, 0, 0)}


@lru_cache(maxsize=1)
def _rotations() -> tuple[np.ndarray, ...]:
    """The 24 rotations of a cube."""
    rx = np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]])
    rz = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]])
    found: dict[bytes, np.ndarray] = {}
    frontier = [np.eye(3, dtype=int)]
    while frontier:
        m = frontier.pop()
        k = m.tobytes()
        if k in found:
            continue
        found[k] = m
        frontier += [rx @ m, rz @ m]
    return tuple(found[k] for k in sorted(found))


def orient(kind: str, top: str, rng: random.Random, index: int = 0) -> dict[str, str]:
    """Which face lies on each side of a die showing ``top``: {'top': ..., 'north': ...,
    'east': ..., 'south': ..., 'west': ..., 'bottom': ...}; the turn about the vertical is
    random (from ``rng``)."""
    faces = die_faces(kind, index)
    if top not in faces:
        raise DiceArtError(f"a {kind} die has no face {top!r}; it has {faces}")
    candidates = []
    for rot in _rotations():
        placed = {}
        for name, face in zip(FACE_ORDER, faces, strict=True):
            d = tuple(int(v) for v in rot @ np.array(_DIRS[name]))
            placed[next(n for n, v in _DIRS.items() if v == d)] = face
        if placed["top"] == top:
            candidates.append(placed)
    return rng.choice(candidates)


# --------------------------------------------------------------------------- symbols


def draw_symbol(img: np.ndarray, symbol: str, centre: tuple[float, float], size: float,
                rgb: tuple[int, int, int]) -> None:
    """One action symbol in a single ink colour, fitting a ``size`` px square."""
    cx, cy = centre
    s = size
    t = max(1, int(round(s / 11)))
    if symbol == "crystal":
        for dx, hgt, wd in ((-0.22, 0.62, 0.2), (0.22, 0.55, 0.2), (0.0, 0.9, 0.26)):
            x = cx + dx * s
            base = cy + 0.42 * s
            top = base - hgt * s
            sp.poly(img, [(x - wd * s / 2, base), (x - wd * s / 2, top + 0.12 * s), (x, top),
                          (x + wd * s / 2, top + 0.12 * s), (x + wd * s / 2, base)], rgb,
                    outline=(255, 255, 255) if sum(rgb) < 200 else (20, 20, 20), thickness=max(1, t // 2))
    elif symbol == "research":
        sp.circle(img, (cx - 0.1 * s, cy - 0.1 * s), 0.28 * s, rgb, thickness=t + 1)
        sp.line(img, (cx + 0.1 * s, cy + 0.1 * s), (cx + 0.42 * s, cy + 0.42 * s), rgb, 2 * t + 1)
    elif symbol == "lab":
        sp.poly(img, [(cx - 0.09 * s, cy - 0.44 * s), (cx + 0.09 * s, cy - 0.44 * s),
                      (cx + 0.09 * s, cy - 0.12 * s), (cx + 0.38 * s, cy + 0.42 * s),
                      (cx - 0.38 * s, cy + 0.42 * s), (cx - 0.09 * s, cy - 0.12 * s)], rgb)
        sp.line(img, (cx - 0.16 * s, cy - 0.44 * s), (cx + 0.16 * s, cy - 0.44 * s), rgb, t)
    elif symbol == "bot":
        sp.poly(img, [(cx - 0.36 * s, cy - 0.22 * s), (cx + 0.36 * s, cy - 0.22 * s),
                      (cx + 0.36 * s, cy + 0.4 * s), (cx - 0.36 * s, cy + 0.4 * s)], rgb)
        bg = (255, 255, 255) if sum(rgb) < 300 else (0, 0, 0)
        sp.circle(img, (cx - 0.15 * s, cy + 0.02 * s), 0.09 * s, bg)
        sp.circle(img, (cx + 0.15 * s, cy + 0.02 * s), 0.09 * s, bg)
        sp.line(img, (cx - 0.14 * s, cy + 0.24 * s), (cx + 0.14 * s, cy + 0.24 * s), bg, t)
        sp.line(img, (cx, cy - 0.22 * s), (cx, cy - 0.4 * s), rgb, t)
        sp.circle(img, (cx, cy - 0.42 * s), 0.06 * s, rgb)
    elif symbol == "submarine":
        sp.ellipse(img, (cx, cy + 0.1 * s), (0.45 * s, 0.18 * s), 0, rgb)
        sp.poly(img, [(cx - 0.1 * s, cy - 0.04 * s), (cx - 0.08 * s, cy - 0.25 * s),
                      (cx + 0.14 * s, cy - 0.25 * s), (cx + 0.16 * s, cy - 0.04 * s)], rgb)
        sp.line(img, (cx + 0.04 * s, cy - 0.25 * s), (cx + 0.04 * s, cy - 0.42 * s), rgb, t)
        sp.line(img, (cx + 0.04 * s, cy - 0.42 * s), (cx + 0.16 * s, cy - 0.42 * s), rgb, t)
    elif symbol == "octopod":
        sp.ellipse(img, (cx, cy - 0.14 * s), (0.26 * s, 0.24 * s), 0, rgb)
        for i in range(6):
            x = cx + (-0.25 + i * 0.1) * s
            pts = [(x + 0.05 * s * math.sin(k * 1.3 + i), cy - 0.02 * s + k * 0.09 * s)
                   for k in range(6)]
            for p0, p1 in zip(pts, pts[1:], strict=False):
                sp.line(img, p0, p1, rgb, t)
        bg = (255, 255, 255) if sum(rgb) < 300 else (0, 0, 0)
        sp.circle(img, (cx - 0.09 * s, cy - 0.16 * s), 0.05 * s, bg)
        sp.circle(img, (cx + 0.09 * s, cy - 0.16 * s), 0.05 * s, bg)
    else:
        raise DiceArtError(f"unknown action symbol {symbol!r}; expected one of {ACTION_SYMBOLS}")


_PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


# --------------------------------------------------------------------------- faces


def _blank(size: int, body: tuple[int, int, int]) -> np.ndarray:
    img = sp.canvas(size, size, body)
    # rounded edges catch less light: darken a soft rim
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    d = np.minimum(np.minimum(xs, size - 1 - xs), np.minimum(ys, size - 1 - ys)) / size
    rim = np.clip(d / 0.12, 0, 1) * 0.25 + 0.75
    img[..., :3] = (img[..., :3] * rim[..., None]).astype(np.uint8)
    return sp.rounded_alpha(img, size * 0.16)


def face_image(kind: str, face: str, size_px: int) -> np.ndarray:
    """One die face, ``size_px`` square, BGRA with rounded corners."""
    return _face_cached(kind, face, int(size_px)).copy()


@lru_cache(maxsize=512)
def _face_cached(kind: str, face: str, size: int) -> np.ndarray:
    if kind == "white":
        if face not in ACTION_SYMBOLS:
            raise DiceArtError(f"a white die has no face {face!r}; it has {ACTION_SYMBOLS}")
        img = _blank(size, WHITE_BODY_RGB)
        draw_symbol(img, face, (size / 2 - 0.5, size / 2 - 0.5), size * 0.66, ACTION_INK_RGB)
    elif kind == "black":
        img = _blank(size, BLACK_BODY_RGB)
        if face == "octopod":
            draw_symbol(img, face, (size / 2 - 0.5, size / 2 - 0.5), size * 0.66, (235, 235, 235))
        else:
            colour, _, number = face.partition(" ")
            if colour not in NUMBER_COLOUR_RGB or number not in ("0", "1", "2"):
                raise DiceArtError(f"a black die has no face {face!r}")
            rgb = NUMBER_COLOUR_RGB[colour]
            sp.put_text_centered(img, number, (size / 2 - 0.5, size / 2 - 0.5), size * 0.5, rgb,
                                 thickness_ratio=0.2, font=cv2.FONT_HERSHEY_SIMPLEX)
            sp.circle(img, (size / 2 - 0.5, size / 2 - 0.5), size * 0.38, rgb,
                      thickness=max(1, size // 24))
    elif kind.startswith("d6:"):
        body, pip = PIP_STYLES[_check_pip_style(kind)]
        if face not in ("1", "2", "3", "4", "5", "6"):
            raise DiceArtError(f"a pip die has no face {face!r}")
        img = _blank(size, body)
        for gx, gy in _PIPS[int(face)]:
            sp.circle(img, (size / 2 - 0.5 + gx * size * 0.27, size / 2 - 0.5 + gy * size * 0.27),
                      size * 0.095, pip)
    else:
        raise DiceArtError(f"unknown die kind {kind!r}")
    img.setflags(write=False)
    return img


def draw_sprite(key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    """Sprite entry point: ``("dice", kind, face)``."""
    if len(key) != 3:
        raise sp.UnknownSpriteError(f"dice sprite key must be ('dice', kind, face): {key!r}")
    img = face_image(str(key[1]), str(key[2]), max(w, h))
    if img.shape[:2] != (h, w):
        img = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
    return img
