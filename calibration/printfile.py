"""Write an RGB raster so that it prints at its true physical size: a PNG with its resolution
(pHYs chunk) or a one-page PDF embedding the image losslessly (Flate). No dependency beyond zlib."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

from calibration.errors import CalibrationError

MM_PER_INCH = 25.4
PT_PER_MM = 72.0 / MM_PER_INCH


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bytes(rgb: np.ndarray, dpi: float) -> bytes:
    h, w = rgb.shape[:2]
    raw = b"".join(b"\x00" + rgb[row].tobytes() for row in range(h))
    px_per_m = int(round(dpi / MM_PER_INCH * 1000))
    return (b"\x89PNG\r\n\x1a\n"
            + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + _png_chunk(b"pHYs", struct.pack(">IIB", px_per_m, px_per_m, 1))
            + _png_chunk(b"IDAT", zlib.compress(raw, 6))
            + _png_chunk(b"IEND", b""))


def pdf_bytes(rgb: np.ndarray, page_mm: tuple[float, float], title: str = "TableSight") -> bytes:
    """One page of ``page_mm`` with the image filling it exactly (so its dpi is width_px / width)."""
    h, w = rgb.shape[:2]
    page_w, page_h = page_mm[0] * PT_PER_MM, page_mm[1] * PT_PER_MM
    image = zlib.compress(np.ascontiguousarray(rgb).tobytes(), 6)
    content = f"q {page_w:.3f} 0 0 {page_h:.3f} 0 0 cm /Im0 Do Q\n".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {page_w:.3f} {page_h:.3f}] "
         f"/Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>").encode(),
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        (f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceRGB "
         f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(image)} >>\nstream\n").encode()
        + image + b"\nendstream",
        f"<< /Title ({title}) /Producer (TableSight) >>".encode(),
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info {len(objects)} 0 R >>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    return bytes(out)


def write_print_file(path: Path, rgb: np.ndarray, dpi: float, page_mm: tuple[float, float]) -> None:
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        data = pdf_bytes(rgb, page_mm)
    elif suffix == ".png":
        data = png_bytes(rgb, dpi)
    else:
        raise CalibrationError(f"cannot write {path.name}: use a .pdf or .png file name")
    path.write_bytes(data)
