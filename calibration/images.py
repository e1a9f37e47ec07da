"""Reading photos with errors that name the problem (cv2.imread just returns None)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from calibration.errors import ImageError

_IMAGE_MAGIC = (b"\xff\xd8\xff", b"\x89PNG", b"BM", b"II*\x00", b"MM\x00*", b"RIFF", b"P5", b"P6")

MAX_PIXELS = 100_000_000
"""Largest photo decoded (a 48-megapixel phone photo is half of it); larger ones are refused from
their header, before OpenCV allocates the pixels."""


def header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) read from a PNG, JPEG, BMP or GIF header without decoding; None when the
    format is another or the header is cut."""
    if data.startswith(b"\x89PNG") and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data.startswith((b"GIF87a", b"GIF89a")) and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    if data.startswith(b"BM") and len(data) >= 26:
        return abs(int.from_bytes(data[18:22], "little", signed=True)), abs(int.from_bytes(data[22:26], "little", signed=True))
    if data.startswith(b"\xff\xd8"):
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker = data[i + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                i += 2
                continue
            length = int.from_bytes(data[i + 2:i + 4], "big")
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
            i += 2 + length
    return None


def check_pixel_count(data: bytes, name: str, error: type[Exception]) -> None:
    """Raise ``error`` when the header says the image is larger than :data:`MAX_PIXELS`."""
    size = header_size(data)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise error(f"{name}: {size[0]}x{size[1]} pixels is too large a photo "
                    f"(at most {MAX_PIXELS // 1_000_000} megapixels)")


@contextlib.contextmanager
def native_stderr_quiet() -> Iterator[None]:
    """Keep libpng's and libjpeg's own messages ("libpng error: IDAT: CRC error") out of the
    terminal while OpenCV decodes: they are written by C code straight to file descriptor 2,
    and a damaged photo is already reported in one line by the caller."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def decode_image(data: bytes | np.ndarray) -> np.ndarray | None:
    """``cv2.imdecode`` (colour), quietly: None when the bytes are not a decodable image."""
    buffer = np.frombuffer(data, np.uint8) if isinstance(data, bytes) else data
    with native_stderr_quiet():
        return cv2.imdecode(buffer, cv2.IMREAD_COLOR)


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
    check_pixel_count(data, str(path), ImageError)
    image = decode_image(data)
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
