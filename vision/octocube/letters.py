"""The letter on an abyss tile, by template correlation against the renderer's own art.

The letter is ~7 mm tall, 4-8 camera pixels: too small for the 1 px/mm patch classifier to
read reliably, but an abyss tile always lies alone on its location (it replaces an emptied
stack), so its top height is known exactly (one tile). The centre of the tile is sampled at
3 px/mm from the frame and compared (normalised cross-correlation, +-3 mm shift) with the
tile's art for every letter and for the plain tile.
"""

from __future__ import annotations

import cv2
import numpy as np

from rules.octocube.components import POWER_LETTERS
from vision.render import octocube_layout as lay

LETTER_PX_PER_MM = 3.0
LETTER_NET_MM = 52.0 / LETTER_PX_PER_MM
"""The letter net's window: 52 x 52 px at 3 px/mm (17.3 mm: the 13.6 mm disc and the jitter)."""
LETTER_WINDOW_MM = 26.0
"""Sampled window around the tile centre (template 20 mm + shift search)."""
LETTER_TEMPLATE_MM = 20.0
ABYSS_TOP_MM = lay.TILE_THICKNESS_MM
LETTER_LABELS: tuple[str, ...] = tuple(f"abyss {x}" for x in POWER_LETTERS) + ("abyss",)


def _templates(blur_sigma_px: float) -> np.ndarray:
    from vision.render.octocube_art import draw_tile

    side = int(round(lay.TILE_SIZE_MM * LETTER_PX_PER_MM))
    t = int(round(LETTER_TEMPLATE_MM * LETTER_PX_PER_MM))
    off = (side - t) // 2
    out = []
    for label in LETTER_LABELS:
        art = draw_tile(label, side, side, LETTER_PX_PER_MM)
        grey: np.ndarray = cv2.cvtColor(np.ascontiguousarray(art[..., :3]), cv2.COLOR_BGR2GRAY).astype(np.float32)
        grey = cv2.GaussianBlur(grey, (0, 0), blur_sigma_px)
        out.append(grey[off:off + t, off:off + t])
    return np.stack(out)


LETTER_NET_CROP_PX = 42
"""The letter net looks at 14 mm around the aligned disc centre (3 px/mm)."""

LETTER_CROP_MM = 11.0
"""The disc with the letter (6.8 mm radius): compared on its own, so that the spiral that every
abyss tile shares does not drown the few pixels that differ between letters."""


class LetterReader:
    def __init__(self, blur_sigma_px: float = 2.5) -> None:
        self.templates = _templates(blur_sigma_px)
        self._align = self.templates.mean(axis=0)
        t = self.templates.shape[1]
        c = int(round(LETTER_CROP_MM * LETTER_PX_PER_MM))
        self._crop = c
        off = (t - c) // 2
        self.crops = self.templates[:, off:off + c, off:off + c]
        self._off = off

    def aligned(self, patch_bgr: np.ndarray) -> tuple[np.ndarray, int, int]:
        """(grey window, x, y): where the tile's art (the mean over all letters) lies in the
        window, as the top-left corner of the template."""
        grey = cv2.cvtColor(patch_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
        response = cv2.matchTemplate(grey, self._align, cv2.TM_CCOEFF_NORMED)
        _, _, _, (x, y) = cv2.minMaxLoc(response)
        return grey, int(x), int(y)

    def net_input(self, patch_bgr: np.ndarray, dx: int = 0, dy: int = 0) -> np.ndarray:
        """The letter net's input: the aligned disc (LETTER_NET_CROP_PX square, grey), scaled to
        zero mean and unit spread so that lighting does not matter. ``dx``/``dy`` shift the crop
        (training jitter)."""
        grey, x, y = self.aligned(patch_bgr)
        t = self.templates.shape[1]
        half = LETTER_NET_CROP_PX // 2
        cx = min(max(x + t // 2 + dx, half), grey.shape[1] - half)
        cy = min(max(y + t // 2 + dy, half), grey.shape[0] - half)
        crop = grey[cy - half:cy + half, cx - half:cx + half]
        return ((crop - crop.mean()) / (crop.std() + 4.0)).astype(np.float32)

    def read(self, patch_bgr: np.ndarray) -> tuple[str, float, float]:
        """(label, best score, margin over the runner-up) for one LETTER_WINDOW_MM patch."""
        grey, x, y = self.aligned(patch_bgr)
        pad = 2
        x0, y0 = x + self._off - pad, y + self._off - pad
        region = grey[max(0, y0):y0 + self._crop + 2 * pad, max(0, x0):x0 + self._crop + 2 * pad]
        if region.shape[0] < self._crop or region.shape[1] < self._crop:
            return "abyss", 0.0, 0.0
        scores = np.array([float(cv2.matchTemplate(region, t, cv2.TM_CCOEFF_NORMED).max())
                           for t in self.crops])
        order = np.argsort(scores)[::-1]
        return LETTER_LABELS[order[0]], float(scores[order[0]]), float(scores[order[0]] - scores[order[1]])
