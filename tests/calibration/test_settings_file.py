"""Settings files with wrong types, values out of range or absurd shapes are refused with one line
naming the setting, never a TypeError deep in OpenCV (or a 65 GB allocation)."""

from __future__ import annotations

from pathlib import Path

import pytest

from calibration.config import CalibrationConfig
from calibration.errors import CalibrationError
from vision.octocube.config import RecogniserConfig
from vision.octocube.errors import RecognitionError

BAD = [
    ('{"min_markers": "3"}', "min_markers must be a whole number"),
    ('{"min_markers": true}', "min_markers must be a whole number"),
    ('{"rectified_px_per_mm": "2"}', "rectified_px_per_mm must be a number"),
    ('{"max_marker_residual_px": "x"}', "max_marker_residual_px must be a number"),
    ('{"max_patch_std": NaN}', "must be a finite number"),
    ('{"max_patch_std": Infinity}', "must be a finite number"),
    ('{"paper_band_mm": [1, "a"]}', "paper_band_mm each value must be a number"),
    ('{"paper_band_mm": [1, 2, 3]}', "must be a list of 2 values"),
    ('{"illumination_field": 1}', "must be true or false"),
    ('{"rectified_px_per_mm": 1000}', "between 0 and 10"),
    ('{"min_markers": ' + '"' + "x" * 5000 + '"}', "min_markers must be a whole number"),
    ("[" * 100_000, "nested too deeply"),
    ('{"no_such_setting": 1}', "unknown setting"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_a_bad_calibration_config_is_named_in_one_short_line(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "config.json"
    path.write_text(text)
    with pytest.raises(CalibrationError) as info:
        CalibrationConfig.from_json_file(path)
    message = str(info.value)
    assert words in message
    assert len(message) < 300 and "\n" not in message


def test_good_values_are_read_with_their_types(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text('{"rectified_px_per_mm": 3, "paper_band_mm": [1, 4.5], "min_markers": 4}')
    config = CalibrationConfig.from_json_file(path)
    assert config.rectified_px_per_mm == 3.0 and isinstance(config.rectified_px_per_mm, float)
    assert config.paper_band_mm == (1.0, 4.5) and config.min_markers == 4


def test_the_recogniser_config_is_checked_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text('{"threads": "two"}')
    with pytest.raises(RecognitionError, match="threads must be a whole number"):
        RecogniserConfig.from_json_file(path)


def test_a_huge_photo_is_refused_from_its_header_before_decoding(tmp_path: Path) -> None:
    import struct
    import zlib

    from calibration.errors import ImageError
    from calibration.images import header_size, read_image

    w = h = 30_000  # 900 megapixels in a file of a few kilobytes

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(b"\x00" * (w + 1) * 50, 9)) + chunk(b"IEND", b""))
    path = tmp_path / "huge.png"
    path.write_bytes(png)
    assert header_size(png) == (w, h)
    with pytest.raises(ImageError, match="30000x30000 pixels is too large"):
        read_image(path)


def test_header_sizes_of_ordinary_photos() -> None:
    import cv2
    import numpy as np

    from calibration.images import header_size

    image = np.zeros((48, 64, 3), np.uint8)
    for ext in (".png", ".jpg", ".bmp"):
        ok, data = cv2.imencode(ext, image)
        assert ok and header_size(data.tobytes()) == (64, 48), ext
    assert header_size(b"not an image") is None
