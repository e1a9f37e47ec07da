"""Classic pip counting: a second opinion for d6 faces, independent of the learned classifier.

Inside the face crop (vision/dice/crops.py), the face's own pixels split into body and pips by
Otsu's threshold; pips are the minority side, round, of similar size, away from the rim.
Returns None when the count is not trustworthy (no clear two-level face, odd blob sizes).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice.crops import CROP_PAD


def count_pips(crop: np.ndarray) -> int | None:
    """Number of pips (1-6) on a d6 face crop, or None when unsure."""
    s = crop.shape[0]
    m = int(round(s * CROP_PAD / (1 + 2 * CROP_PAD))) + 1
    face = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)[m : s - m, m : s - m]
    face = cv2.GaussianBlur(face, (3, 3), 0)
    t, binary = cv2.threshold(face, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    lo, hi = face[binary == 0], face[binary == 255]
    if lo.size == 0 or hi.size == 0 or float(hi.mean()) - float(lo.mean()) < 35:
        return None
    pips = binary if hi.size < lo.size else cv2.bitwise_not(binary)
    n, _, stats, cent = cv2.connectedComponentsWithStats(pips, connectivity=8)
    area = face.shape[0] * face.shape[1]
    blobs = []
    for i in range(1, n):
        x, y, w, h, a = stats[i]
        if not (0.004 * area <= a <= 0.09 * area):
            continue
        if x == 0 or y == 0 or x + w >= face.shape[1] or y + h >= face.shape[0]:
            continue  # touches the rim: shadow or edge, not a pip
        if a / float(w * h) < 0.45 or max(w, h) > 3 * min(w, h):
            continue
        blobs.append(a)
    if not 1 <= len(blobs) <= 6:
        return None
    if len(blobs) > 1 and max(blobs) > 3.5 * min(blobs):
        return None
    return len(blobs)
