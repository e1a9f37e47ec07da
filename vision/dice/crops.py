"""The one way a die crop is cut for the face classifier, shared by training and inference."""

from __future__ import annotations

import cv2
import numpy as np

CROP_SIZE = 48
CROP_PAD = 0.15  # each side, as a fraction of the box size: keeps the face's rim in view


def crop_box(bbox: tuple[float, float, float, float], width: int, height: int) -> tuple[int, int, int, int]:
    """The padded crop rectangle for a top-face box, clipped to the image."""
    x0, y0, x1, y1 = bbox
    bw, bh = x1 - x0, y1 - y0
    side = max(bw, bh)
    # flat (oblique) faces: pad the short side by a share of the long one so pips stay whole
    px, py = CROP_PAD * max(bw, side * 0.5), CROP_PAD * max(bh, side * 0.5)
    cx0, cy0 = int(np.floor(x0 - px)), int(np.floor(y0 - py))
    cx1, cy1 = int(np.ceil(x1 + px)), int(np.ceil(y1 + py))
    return max(cx0, 0), max(cy0, 0), min(cx1, width), min(cy1, height)


def crop_face(image: np.ndarray, bbox: tuple[float, float, float, float]) -> np.ndarray:
    """A CROP_SIZE x CROP_SIZE BGR crop around a top-face box (stretched, not letterboxed)."""
    h, w = image.shape[:2]
    x0, y0, x1, y1 = crop_box(bbox, w, h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return np.zeros((CROP_SIZE, CROP_SIZE, 3), np.uint8)
    return cv2.resize(image[y0:y1, x0:x1], (CROP_SIZE, CROP_SIZE), interpolation=cv2.INTER_AREA)
