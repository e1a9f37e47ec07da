"""Reading photos with errors that name the problem (cv2.imread just returns None)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from calibration.errors import ImageError

_IMAGE_MAGIC = (b"\xff\xd8\xff", b"\x89PNG", b"BM", b"II*\x00", b"MM\x00*", b"RIFF", b"P5", b"P6")


def read_image(path: str | Path) -> np.ndarray:
    """The photo as BGR uint8, or ImageError saying why not."""
    path = Path(path)
    if not path.exists():
        raise ImageError(f"{path}: no such file")
    if path.is_dir():
        raise ImageError(f"{path}: is a folder, not an image")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImageError(f"{path}: unreadable ({exc.strerror or exc})") from None
    if not data:
        raise ImageError(f"{path}: empty file, not an image")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        if any(data.startswith(m) for m in _IMAGE_MAGIC):
            raise ImageError(f"{path}: unreadable image (corrupt or truncated)")
        raise ImageError(f"{path}: not an image (OpenCV cannot decode it)")
    return image


def to_grey(image: np.ndarray) -> np.ndarray:
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def laplacian_variance(grey: np.ndarray) -> float:
    """A global sharpness measure: low means blurred (or featureless)."""
    return float(cv2.Laplacian(grey, cv2.CV_64F).var())
