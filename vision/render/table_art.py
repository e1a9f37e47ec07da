"""Table dressing: tileable table surfaces, the play mat, the printed corner cards with their ArUco
markers and colour patches (exactly where calibration/layout.py says), plain colours, and
distractor art (phones)."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from calibration import layout
from vision.render import sprites as sp
from vision.render.scene import SpriteKey

TABLE_TEXTURE_PX = 512
TABLE_TEXTURE_PX_PER_MM = 1.0
"""Table surfaces tile every 512 mm: beyond any camera's view of a single plank pattern."""

TABLE_STYLES: tuple[str, ...] = ("wood", "cloth", "plain")
CARD_MARGIN_MM = 9.0
"""White quiet zone around a marker (more than one marker module, which ArUco needs)."""


def _periodic_noise(rng: np.random.Generator, size: int, cells: int) -> np.ndarray:
    """Smooth noise that tiles seamlessly: random lattice upsampled with wrap-around."""
    lattice = rng.normal(0, 1, (cells, cells)).astype(np.float32)
    big = np.tile(lattice, (3, 3))
    up = cv2.resize(big, (size * 3, size * 3), interpolation=cv2.INTER_CUBIC)
    return up[size: 2 * size, size: 2 * size]


@lru_cache(maxsize=16)
def table_texture(style: str, rgb: tuple[int, int, int] | None, seed: int) -> np.ndarray:
    """A ``TABLE_TEXTURE_PX`` square BGR texture that tiles (use BORDER_WRAP)."""
    if style not in TABLE_STYLES:
        raise ValueError(f"unknown table style {style!r}; expected one of {TABLE_STYLES}")
    rng = np.random.default_rng(seed)
    n = TABLE_TEXTURE_PX
    if style == "wood":
        base = np.array(rgb or (150, 104, 66), np.float32)
        ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
        warp = _periodic_noise(rng, n, 4) * 3 + _periodic_noise(rng, n, 16) * 0.8
        # planks run along x; grain = stripes in y, bent by the noise
        grain = np.sin((ys + warp * 2.5) * 2 * np.pi / (n / 64)) * 0.5 + 0.5
        fine = _periodic_noise(rng, n, 128) * 0.5
        plank = (ys // (n / 4)).astype(np.int32)
        plank_tone = rng.uniform(0.85, 1.12, 4).astype(np.float32)[plank]
        tone = plank_tone * (0.86 + 0.14 * grain + 0.04 * fine)
        img = base[None, None, :] * tone[..., None]
        seams = (ys % (n / 4)) < 1.5
        img[seams] *= 0.55
    elif style == "cloth":
        base = np.array(rgb or (40, 96, 70), np.float32)
        ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
        weave = (np.sin(xs * np.pi / 1.0) * np.sin(ys * np.pi / 1.0)) * 0.04
        mottle = _periodic_noise(rng, n, 16) * 0.05 + _periodic_noise(rng, n, 64) * 0.03
        img = base[None, None, :] * (1.0 + weave + mottle)[..., None]
    else:
        base = np.array(rgb or (205, 200, 190), np.float32)
        mottle = _periodic_noise(rng, n, 8) * 0.025
        img = base[None, None, :] * (1.0 + mottle)[..., None]
    out = np.clip(img, 0, 255).astype(np.uint8)[..., ::-1].copy()  # RGB -> BGR
    out.setflags(write=False)
    return out


def corner_card_rect(marker_id: int) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in table mm of the white card carrying marker ``marker_id`` and any
    colour patches next to it: their bounding box plus a quiet zone."""
    m = layout.marker(marker_id)
    pts = list(m.corners_mm)
    mx, my = m.centre_mm
    for patch in layout.COLOUR_PATCHES:
        px = sum(c[0] for c in patch.corners_mm) / 4
        py = sum(c[1] for c in patch.corners_mm) / 4
        if abs(px - mx) < 60 and abs(py - my) < 120:
            pts.extend(patch.corners_mm)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    g = CARD_MARGIN_MM
    return (min(xs) - g, min(ys) - g, max(xs) + g, max(ys) + g)


def _draw_corner_card(marker_id: int, w: int, h: int, density: float) -> np.ndarray:
    x0, y0, _, _ = corner_card_rect(marker_id)
    img = sp.canvas(w, h, (246, 246, 243))
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.ARUCO_DICTIONARY))
    m = layout.marker(marker_id)
    mx0, my0 = m.corners_mm[0]
    size_px = layout.MARKER_SIZE_MM * density
    ox, oy = (mx0 - x0) * density, (my0 - y0) * density
    n = int(round(size_px))
    if abs(ox - round(ox)) > 1e-6 or abs(oy - round(oy)) > 1e-6 or abs(n - size_px) > 1e-6:
        raise ValueError("corner card density must put the marker on whole pixels")
    # 600 px = 6 modules of 100 px; INTER_AREA shrinks it with exact module edges
    big = cv2.aruco.generateImageMarker(dictionary, marker_id, 600)
    small = cv2.resize(big, (n, n), interpolation=cv2.INTER_AREA)
    ox, oy = int(round(ox)), int(round(oy))
    img[oy: oy + n, ox: ox + n, :3] = small[..., None]
    for patch in layout.COLOUR_PATCHES:
        (px0, py0), _, (px1, py1), _ = patch.corners_mm
        if not (x0 <= px0 and px1 <= x0 + w / density and y0 <= py0 and py1 <= y0 + h / density):
            continue
        p = np.array([[(px0 - x0), (py0 - y0)], [(px1 - x0), (py0 - y0)],
                      [(px1 - x0), (py1 - y0)], [(px0 - x0), (py1 - y0)]]) * density - 0.5
        sp.poly(img, p, patch.srgb)
    label = f"TableSight {marker_id}"
    sp.put_text_centered(img, label, (w / 2, h - 4.5 * density), 2.5 * density, (120, 120, 120))
    return img


def _draw_mat(w: int, h: int, density: float, rgb: tuple[int, int, int]) -> np.ndarray:
    img = sp.canvas(w, h, rgb)
    sp.add_grain(img, 7, amount=5.0, scale=3)
    border = max(1, int(round(3 * density)))
    edge = tuple(int(c * 0.8) for c in rgb)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), sp.bgra(edge), border)  # type: ignore[arg-type]
    return sp.rounded_alpha(img, 4 * density)


def _draw_phone(w: int, h: int, density: float) -> np.ndarray:
    img = sp.canvas(w, h, (25, 25, 28))
    m = int(3 * density)
    cv2.rectangle(img, (m, int(8 * density)), (w - 1 - m, h - 1 - int(8 * density)),
                  sp.bgra((12, 14, 22)), -1)
    # a diagonal reflection on the glass
    pts = np.array([[w * 0.55, m], [w - m, m], [w - m, h * 0.25], [w * 0.15, h * 0.7]])
    overlay = img.copy()
    sp.poly(overlay, pts, (80, 84, 95))
    img[:] = cv2.addWeighted(img, 0.7, overlay, 0.3, 0)
    return sp.rounded_alpha(img, 7 * density)


def draw(key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    what = key[1]
    if what == "solid":
        rgb = tuple(int(c) for c in key[2])
        return sp.canvas(w, h, rgb)  # type: ignore[arg-type]
    if what == "corner_card":
        return _draw_corner_card(int(key[2]), w, h, density)
    if what == "mat":
        return _draw_mat(w, h, density, tuple(int(c) for c in key[2]))  # type: ignore[arg-type]
    if what == "phone":
        return _draw_phone(w, h, density)
    raise sp.UnknownSpriteError(f"no table art for {key!r}")
