"""Pre-rendered component art ("sprites") with a mip-map cache.

Art is drawn once per identity at ``BASE_PX_PER_MM`` and shrunk (INTER_AREA) to power-of-two
levels, so that warping a 270 px tile onto a 35 px footprint never aliases and never redraws.
A sprite key is a tuple whose first item names the art module that draws it:
``("octocube", ...)``, ``("dice", ...)``, ``("open_season", ...)``, ``("table", ...)``.
Every sprite is BGRA uint8; alpha shapes the outline (round tokens, rounded corners).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import cv2
import numpy as np

from vision.render.scene import SpriteKey

BASE_PX_PER_MM = 8.0
MAX_BASE_PX = 1400
"""Large sprites (player boards) are drawn at a lower density to stay small."""


class UnknownSpriteError(KeyError):
    """A sprite key that no art module knows how to draw."""


ArtFunction = Callable[[SpriteKey, int, int, float], np.ndarray]
"""(key, width_px, height_px, px_per_mm) -> BGRA image of exactly that size."""


def _art_modules() -> dict[str, ArtFunction]:
    from vision.render import art_pack, dice_art, octocube_art, open_season_art, table_art

    return {
        "art": art_pack.draw,
        "octocube": octocube_art.draw,
        "dice": dice_art.draw_sprite,
        "open_season": open_season_art.draw,
        "table": table_art.draw,
        "teach": _teach_sheet,
    }


def _teach_sheet(key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    """``("teach", game)``: the printed teach sheet (calibration/teach_print.py) as paper."""
    from calibration.teach_print import draw_sheet
    from calibration.teach_sheet import sheet_layout

    rgb = draw_sheet(sheet_layout(str(key[1])), w / sheet_layout(str(key[1])).size_mm[0])
    rgb = cv2.resize(rgb, (w, h), interpolation=cv2.INTER_AREA) if rgb.shape[:2] != (h, w) else rgb
    out = np.empty((h, w, 4), np.uint8)
    out[..., :3] = np.minimum(rgb[..., ::-1], 244)  # paper is never pure white
    out[..., 3] = 255
    return out


@lru_cache(maxsize=1)
def _dispatch() -> dict[str, ArtFunction]:
    return _art_modules()


@lru_cache(maxsize=2048)
def base_sprite(key: SpriteKey, w_mm: float, h_mm: float) -> np.ndarray:
    """The full-resolution art for ``key`` on a face of ``w_mm`` x ``h_mm``."""
    density = min(BASE_PX_PER_MM, MAX_BASE_PX / max(w_mm, h_mm))
    w_px = max(4, int(round(w_mm * density)))
    h_px = max(4, int(round(h_mm * density)))
    fn = _dispatch().get(str(key[0]))
    if fn is None:
        raise UnknownSpriteError(f"no art module draws sprite {key!r}")
    img = fn(key, w_px, h_px, density)
    if img.shape != (h_px, w_px, 4) or img.dtype != np.uint8:
        raise ValueError(f"art for {key!r} returned {img.shape} {img.dtype}, "
                         f"expected ({h_px}, {w_px}, 4) uint8")
    img.setflags(write=False)
    return img


@lru_cache(maxsize=8192)
def sprite_level(key: SpriteKey, w_mm: float, h_mm: float, level: int) -> np.ndarray:
    """``base_sprite`` shrunk by 2**level (level 0 is the base)."""
    img = base_sprite(key, w_mm, h_mm)
    for _ in range(level):
        h, w = img.shape[:2]
        if min(h, w) <= 4:
            break
        img = cv2.resize(img, (max(2, w // 2), max(2, h // 2)), interpolation=cv2.INTER_AREA)
    img.setflags(write=False)
    return img


@lru_cache(maxsize=8192)
def shaded_level(key: SpriteKey, w_mm: float, h_mm: float, level: int, shade_q: int) -> np.ndarray:
    """A mip level with its colour scaled by ``shade_q`` / 50 (side faces in shadow) and
    premultiplied by its alpha, so that warping it (bilinear, black transparent border) and
    compositing it (``dst * (1 - a) + src``) are both exact at anti-aliased edges."""
    img = sprite_level(key, w_mm, h_mm, level)
    out = img.copy()
    a = img[..., 3:4].astype(np.float32) * (shade_q / 50.0 / 255.0)
    out[..., :3] = np.clip(np.round(img[..., :3] * a), 0, 255).astype(np.uint8)
    out.setflags(write=False)
    return out


def sprite_for(key: SpriteKey, w_mm: float, h_mm: float, screen_px: float,
               shade: float = 1.0) -> np.ndarray:
    """The mip level whose larger side is the smallest at least ``screen_px`` * 0.8 (so that
    bilinear sampling never minifies more than ~1.6:1, which would alias edges and shift the
    markers' corners), with its colour scaled by ``shade``
    (quantised to 2 %) and premultiplied by alpha (see :func:`shaded_level`)."""
    base = base_sprite(key, w_mm, h_mm)
    side = max(base.shape[:2])
    level = 0
    while side / 2 >= screen_px * 0.8 and side / 2 >= 8 and level < 8:
        side /= 2
        level += 1
    return shaded_level(key, w_mm, h_mm, level, int(round(max(0.0, min(shade, 2.5)) * 50)))


# --------------------------------------------------------------------------- drawing helpers
# Shared by the art modules: colours are given as RGB (like the rules and layout modules) and
# converted here.


def bgr(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return (int(rgb[2]), int(rgb[1]), int(rgb[0]))


def bgra(rgb: tuple[int, int, int], a: int = 255) -> tuple[int, int, int, int]:
    return (int(rgb[2]), int(rgb[1]), int(rgb[0]), a)


def canvas(w: int, h: int, rgb: tuple[int, int, int] = (0, 0, 0), alpha: int = 255) -> np.ndarray:
    img = np.zeros((h, w, 4), np.uint8)
    img[:] = bgra(rgb, alpha)
    return img


def rounded_alpha(img: np.ndarray, radius_px: float) -> np.ndarray:
    """Cut rounded corners into the alpha channel (anti-aliased)."""
    h, w = img.shape[:2]
    r = int(max(0, radius_px))
    if r == 0:
        return img
    ss = 4
    mask = np.zeros((h * ss, w * ss), np.uint8)
    rr = r * ss
    cv2.rectangle(mask, (rr, 0), (w * ss - 1 - rr, h * ss - 1), 255, -1)
    cv2.rectangle(mask, (0, rr), (w * ss - 1, h * ss - 1 - rr), 255, -1)
    for cx, cy in ((rr, rr), (w * ss - 1 - rr, rr), (rr, h * ss - 1 - rr),
                   (w * ss - 1 - rr, h * ss - 1 - rr)):
        cv2.circle(mask, (cx, cy), rr, 255, -1, cv2.LINE_AA)
    mask = cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA)
    img[..., 3] = np.minimum(img[..., 3], mask)
    return img


def circle_alpha(img: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    ss = 4
    mask = np.zeros((h * ss, w * ss), np.uint8)
    cv2.ellipse(mask, (w * ss // 2, h * ss // 2), (w * ss // 2 - 1, h * ss // 2 - 1), 0, 0, 360,
                255, -1, cv2.LINE_AA)
    img[..., 3] = np.minimum(img[..., 3], cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA))
    return img


def add_grain(img: np.ndarray, seed: int, amount: float = 6.0, scale: int = 1) -> np.ndarray:
    """Print/paper grain: low-amplitude noise, deterministic for a seed."""
    rng = np.random.default_rng(seed)
    h, w = img.shape[:2]
    small = rng.normal(0, amount, (max(1, h // scale), max(1, w // scale))).astype(np.float32)
    noise = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR) if scale > 1 else small
    out = img[..., :3].astype(np.float32) + noise[..., None]
    img[..., :3] = np.clip(out, 0, 255).astype(np.uint8)
    return img


def put_text_centered(img: np.ndarray, text: str, centre: tuple[float, float], height_px: float,
                      rgb: tuple[int, int, int], thickness_ratio: float = 0.12,
                      font: int = cv2.FONT_HERSHEY_DUPLEX) -> None:
    """Text whose cap height is about ``height_px``, centred on ``centre``."""
    base_scale = 1.0
    (tw, th), _ = cv2.getTextSize(text, font, base_scale, 1)
    scale = height_px / max(th, 1)
    thickness = max(1, int(round(height_px * thickness_ratio)))
    (tw, th), _ = cv2.getTextSize(text, font, scale, thickness)
    org = (int(round(centre[0] - tw / 2)), int(round(centre[1] + th / 2)))
    colour: tuple[int, ...] = bgr(rgb) + (255,) if img.shape[2] == 4 else bgr(rgb)
    cv2.putText(img, text, org, font, scale, colour, thickness, cv2.LINE_AA)


def poly(img: np.ndarray, pts: np.ndarray | list, rgb: tuple[int, int, int], *,
         outline: tuple[int, int, int] | None = None, thickness: int = 0) -> None:
    """Filled anti-aliased polygon with an optional outline."""
    arr = np.asarray(pts, np.float64).reshape(-1, 2)
    p = np.round(arr * 16).astype(np.int32)
    cv2.fillPoly(img, [p], bgra(rgb), cv2.LINE_AA, shift=4)
    if outline is not None and thickness > 0:
        cv2.polylines(img, [p], True, bgra(outline), thickness, cv2.LINE_AA, shift=4)


def circle(img: np.ndarray, centre: tuple[float, float], radius: float,
           rgb: tuple[int, int, int], thickness: int = -1) -> None:
    c = (int(round(centre[0] * 16)), int(round(centre[1] * 16)))
    cv2.circle(img, c, int(round(radius * 16)), bgra(rgb), thickness, cv2.LINE_AA, shift=4)


def ellipse(img: np.ndarray, centre: tuple[float, float], axes: tuple[float, float],
            angle: float, rgb: tuple[int, int, int], thickness: int = -1,
            start: float = 0, end: float = 360) -> None:
    c = (int(round(centre[0] * 16)), int(round(centre[1] * 16)))
    ax = (int(round(axes[0] * 16)), int(round(axes[1] * 16)))
    cv2.ellipse(img, c, ax, angle, start, end, bgra(rgb), thickness, cv2.LINE_AA, shift=4)


def line(img: np.ndarray, p0: tuple[float, float], p1: tuple[float, float],
         rgb: tuple[int, int, int], thickness: int) -> None:
    a = (int(round(p0[0] * 16)), int(round(p0[1] * 16)))
    b = (int(round(p1[0] * 16)), int(round(p1[1] * 16)))
    cv2.line(img, a, b, bgra(rgb), max(1, thickness), cv2.LINE_AA, shift=4)


def gradient_shade(img: np.ndarray, top: float = 1.06, bottom: float = 0.92) -> np.ndarray:
    """A gentle top-to-bottom brightness ramp (printed card stock under a lamp)."""
    h = img.shape[0]
    ramp = np.linspace(top, bottom, h, dtype=np.float32)[:, None, None]
    img[..., :3] = np.clip(img[..., :3].astype(np.float32) * ramp, 0, 255).astype(np.uint8)
    return img
