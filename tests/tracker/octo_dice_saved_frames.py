"""Frames of the bench's whole Octo Dice games, cut to the mat (re-rendering a scene's layout does
not make the same pixels, and a reader fault may show on those pixels only)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

DATA = Path(__file__).parent / "data"


def saved_frame(name: str, at: tuple[int, int], size: tuple[int, int] = (1920, 1080)) -> np.ndarray:
    """The 1920x1080 frame whose mat crop ``DATA/name`` lay at ``at`` (x, y); black elsewhere (the
    recogniser looks at the mat and a margin only)."""
    import cv2

    crop = cv2.imread(str(DATA / name))
    assert crop is not None, DATA / name
    image = np.zeros((size[1], size[0], 3), np.uint8)
    x, y = at
    image[y:y + crop.shape[0], x:x + crop.shape[1]] = crop
    return image


def assert_read_flat(observed: Any, truth: dict[tuple[float, float], str], total: int = 6) -> None:
    """``observed`` holds ``total`` dice and, within 8 mm of each place of ``truth``, exactly one
    reading: that face, not cocked."""
    assert len(observed.dice) == total, observed.dice
    for (x, y), face in truth.items():
        near = [d for d in observed.dice if (d.x - x) ** 2 + (d.y - y) ** 2 < 8.0 ** 2]
        assert [(d.face, d.cocked) for d in near] == [(face, False)], (face, observed.dice)
