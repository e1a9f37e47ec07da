"""Which quarter turn a known tile lies in, by correlation with the renderer's own art.

Once the classifier has said WHICH tile lies on a cube top, its rotation is a four-way
question the exact art answers better than the classifier (a starfish or a coin looks almost
the same turned at one pixel per millimetre): the tile's sprite, turned 0/90/180/270 degrees
clockwise, is matched (normalised cross-correlation, any shift) inside the window.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.octocube.layout import PATCH_PX_PER_MM
from vision.render import octocube_layout as lay


@lru_cache(maxsize=64)
def _template(label: str) -> tuple[np.ndarray, ...]:
    from vision.render.octocube_art import draw_tile

    side = int(round(lay.TILE_SIZE_MM * PATCH_PX_PER_MM))
    art = draw_tile(label, side, side, PATCH_PX_PER_MM)
    grey: np.ndarray = cv2.cvtColor(np.ascontiguousarray(art[..., :3]), cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = cv2.GaussianBlur(grey, (0, 0), 0.8)
    return tuple(np.ascontiguousarray(np.rot90(grey, -k)) for k in range(4))


def tile_rotation(window_bgr: np.ndarray, label: str) -> tuple[int, float]:
    """(rotation in degrees clockwise, lead of the best turn's score over the runner-up)."""
    rotation, lead, _ = tile_rotation_match(window_bgr, label)
    return rotation, lead


def tile_rotation_match(window_bgr: np.ndarray, label: str) -> tuple[int, float, float]:
    """(rotation in degrees clockwise, lead of the best turn's score over the runner-up, the
    best turn's score itself). A low best score says the art hardly shows in the window (another
    cube's face fills part of it), whatever the lead."""
    grey = cv2.cvtColor(window_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    scores = np.array([float(cv2.matchTemplate(grey, t, cv2.TM_CCOEFF_NORMED).max())
                       for t in _template(label)])
    order = np.argsort(scores)[::-1]
    return int(order[0]) * 90, float(scores[order[0]] - scores[order[1]]), float(scores[order[0]])
