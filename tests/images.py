"""Reading image files in tests: cv2.imread returns None for a missing or unreadable file; a
test wants the image, or a clear failure naming the file."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np


def read_image(path: Path | str, flags: int = cv2.IMREAD_COLOR) -> np.ndarray:
    image = cv2.imread(str(path), flags)
    assert image is not None, f"cv2 could not read {path}"
    return image
