"""Colour correction from the printed reference patches.

Model: ``reference_linear = M @ measured_linear + b`` in linear sRGB (a 3x3 matrix and an offset,
least squares over the patches), which undoes a lighting colour cast, exposure and the camera's
white balance. With too few usable patches it falls back to per-channel gain + offset. Accuracy
is reported as CIEDE2000 (Delta E 2000) in CIE Lab (D65), with Delta E 76 alongside.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from calibration.errors import ColourCorrectionError

_SRGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                         [0.2126729, 0.7151522, 0.0721750],
                         [0.0193339, 0.1191920, 0.9503041]])
_WHITE_D65 = np.array([0.95047, 1.0, 1.08883])


def srgb_to_linear(srgb01: np.ndarray) -> np.ndarray:
    c = np.asarray(srgb01, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(linear: np.ndarray) -> np.ndarray:
    c = np.clip(np.asarray(linear, dtype=np.float64), 0.0, 1.0)
    return np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def srgb8_to_lab(rgb8: np.ndarray) -> np.ndarray:
    """(..., 3) 8-bit sRGB (R, G, B order) -> CIE Lab under D65."""
    xyz = srgb_to_linear(np.asarray(rgb8, np.float64) / 255.0) @ _SRGB_TO_XYZ.T / _WHITE_D65
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def delta_e76(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    return np.linalg.norm(np.asarray(lab1) - np.asarray(lab2), axis=-1)


def delta_e2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 (Sharma, Wu & Dalal 2005), vectorised over the leading axes."""
    L1, a1, b1 = np.moveaxis(np.asarray(lab1, np.float64), -1, 0)
    L2, a2, b2 = np.moveaxis(np.asarray(lab2, np.float64), -1, 0)
    c_bar = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_bar ** 7 / (c_bar ** 7 + 25.0 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dL, dC = L2 - L1, c2p - c1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(c1p * c2p == 0, 0.0, dh)
    dH = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    L_bar, c_bar_p = (L1 + L2) / 2, (c1p + c2p) / 2
    h_sum = h1p + h2p
    h_bar = np.where(np.abs(h1p - h2p) > 180, np.where(h_sum < 360, h_sum + 360, h_sum - 360), h_sum) / 2
    h_bar = np.where(c1p * c2p == 0, h_sum, h_bar)
    t = (1 - 0.17 * np.cos(np.radians(h_bar - 30)) + 0.24 * np.cos(np.radians(2 * h_bar))
         + 0.32 * np.cos(np.radians(3 * h_bar + 6)) - 0.20 * np.cos(np.radians(4 * h_bar - 63)))
    d_theta = 30 * np.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * np.sqrt(c_bar_p ** 7 / (c_bar_p ** 7 + 25.0 ** 7))
    s_l = 1 + 0.015 * (L_bar - 50) ** 2 / np.sqrt(20 + (L_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = -np.sin(np.radians(2 * d_theta)) * r_c
    return np.sqrt((dL / s_l) ** 2 + (dC / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dC / s_c) * (dH / s_h))


@dataclass(frozen=True)
class ColourCorrection:
    """``corrected_linear = matrix @ measured_linear + offset`` (linear sRGB, R, G, B order)."""

    matrix: np.ndarray
    offset: np.ndarray
    model: str = "matrix3x3+offset"

    def apply_rgb8(self, rgb8: np.ndarray) -> np.ndarray:
        """Correct 8-bit RGB values (any leading shape) -> 8-bit RGB."""
        linear = srgb_to_linear(np.asarray(rgb8, np.float64) / 255.0)
        corrected = linear @ self.matrix.T + self.offset
        return np.clip(np.round(linear_to_srgb(corrected) * 255.0), 0, 255).astype(np.uint8)

    def apply_bgr_image(self, image_bgr: np.ndarray) -> np.ndarray:
        """Correct a whole BGR uint8 image (via a per-channel lookup table for the decoding)."""
        lut = srgb_to_linear(np.arange(256) / 255.0).astype(np.float32)
        linear = lut[image_bgr[..., ::-1]]
        corrected = linear @ self.matrix.T.astype(np.float32) + self.offset.astype(np.float32)
        # Encode through a fine table: 4096 steps of linear light is below 8-bit sRGB resolution.
        enc = np.round(linear_to_srgb(np.linspace(0, 1, 4097)) * 255).astype(np.uint8)
        idx = np.clip(np.round(corrected * 4096), 0, 4096).astype(np.int32)
        return enc[idx][..., ::-1].copy()

    def to_json(self) -> dict[str, Any]:
        return {"model": self.model, "space": "linear sRGB (R, G, B)",
                "matrix": [[round(float(v), 8) for v in row] for row in self.matrix],
                "offset": [round(float(v), 8) for v in self.offset]}

    @classmethod
    def from_json(cls, data: Any) -> "ColourCorrection":
        matrix = np.asarray(data["matrix"], np.float64)
        offset = np.asarray(data["offset"], np.float64)
        if matrix.shape != (3, 3) or offset.shape != (3,) or not np.all(np.isfinite(matrix)):
            raise ValueError("colour 'matrix' must be 3x3 and 'offset' 3 finite numbers")
        return cls(matrix, offset, str(data.get("model", "matrix3x3+offset")))


def fit_colour_correction(measured_rgb8: np.ndarray, reference_rgb8: np.ndarray,
                          full_matrix: bool = True) -> ColourCorrection:
    """Least-squares fit in linear RGB. ``full_matrix`` False: per-channel gain + offset."""
    measured = srgb_to_linear(np.asarray(measured_rgb8, np.float64) / 255.0)
    reference = srgb_to_linear(np.asarray(reference_rgb8, np.float64) / 255.0)
    n = len(measured)
    if full_matrix:
        if n < 4:
            raise ColourCorrectionError(f"need at least 4 colour patches for a 3x3 fit, have {n}")
        design = np.hstack([measured, np.ones((n, 1))])
        solution, *_ = np.linalg.lstsq(design, reference, rcond=None)
        return ColourCorrection(solution[:3].T.copy(), solution[3].copy())
    if n < 2:
        raise ColourCorrectionError(f"need at least 2 colour patches for a per-channel fit, have {n}")
    gains, offsets = np.zeros(3), np.zeros(3)
    for ch in range(3):
        design = np.stack([measured[:, ch], np.ones(n)], 1)
        (gains[ch], offsets[ch]), *_ = np.linalg.lstsq(design, reference[:, ch], rcond=None)
    return ColourCorrection(np.diag(gains), offsets, "per-channel gain+offset")


def delta_e_report(rgb8: np.ndarray, reference_rgb8: np.ndarray) -> dict[str, np.ndarray]:
    lab, ref = srgb8_to_lab(rgb8), srgb8_to_lab(reference_rgb8)
    return {"de2000": delta_e2000(lab, ref), "de76": delta_e76(lab, ref)}
