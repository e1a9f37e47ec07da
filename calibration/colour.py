"""Colour correction from the printed reference patches.

Model: ``reference_linear = M @ (measured_linear / illumination(x, y)) + b`` in linear sRGB.
``illumination`` is the relative brightness of the light across the table (1 at the play area's
centre), measured on the white paper of the corner cards: a lamp to one side or lens vignetting
makes one card darker than the other, which no single matrix can undo. ``M`` (3x3) and ``b`` are
least squares over the patches and undo the colour cast, exposure and white balance; with too
few usable patches it falls back to per-channel gain + offset. Accuracy is reported as CIEDE2000
(Delta E 2000) in CIE Lab (D65), with Delta E 76 alongside.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from calibration.errors import ColourCorrectionError

_SRGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                         [0.2126729, 0.7151522, 0.0721750],
                         [0.0193339, 0.1191920, 0.9503041]])
_WHITE_D65 = np.array([0.95047, 1.0, 1.08883])
DARK_WEIGHT_OFFSET = 0.05


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
class IlluminationField:
    """Relative light level over the table: ``1 + a*u + b*v + c*u*v`` with ``u = (x - cx) / half``,
    ``v = (y - cy) / half`` (table mm), so 1 at the play area's centre."""

    coefficients: tuple[float, float, float]
    centre_mm: tuple[float, float]
    half_size_mm: float

    def at(self, x_mm: np.ndarray, y_mm: np.ndarray) -> np.ndarray:
        u = (np.asarray(x_mm, np.float64) - self.centre_mm[0]) / self.half_size_mm
        v = (np.asarray(y_mm, np.float64) - self.centre_mm[1]) / self.half_size_mm
        a, b, c = self.coefficients
        return np.clip(1.0 + a * u + b * v + c * u * v, 0.2, 5.0)

    def to_json(self) -> dict[str, Any]:
        return {"model": "1 + a*u + b*v + c*u*v", "coefficients": [round(float(v), 8) for v in self.coefficients],
                "centre_mm": list(self.centre_mm), "half_size_mm": self.half_size_mm}

    @classmethod
    def from_json(cls, data: Any) -> "IlluminationField":
        from rules.safe_json import field, number, obj

        data = obj(data, "'illumination'")
        coefficients = field(data, "coefficients", list, "'illumination'")
        centre = field(data, "centre_mm", list, "'illumination'")
        if len(coefficients) != 3 or len(centre) != 2:
            raise ValueError("illumination needs 3 coefficients, a 2-number centre and a positive half size")
        return cls(tuple(number(v, "each illumination coefficient", -100, 100) for v in coefficients),  # type: ignore[arg-type]
                   tuple(number(v, "each 'centre_mm' value", -1e5, 1e5) for v in centre),  # type: ignore[arg-type]
                   number(field(data, "half_size_mm", (int, float), "'illumination'"), "half_size_mm", 1e-3, 1e5))


def fit_illumination(points_mm: np.ndarray, luminance: np.ndarray, centre_mm: tuple[float, float],
                     half_size_mm: float) -> IlluminationField | None:
    """Bilinear field through 4 paper-white readings, planar through 3; None (uniform) with fewer."""
    n = len(points_mm)
    if n < 3:
        return None
    u = (points_mm[:, 0] - centre_mm[0]) / half_size_mm
    v = (points_mm[:, 1] - centre_mm[1]) / half_size_mm
    columns = [np.ones(n), u, v] + ([u * v] if n >= 4 else [])
    solution, *_ = np.linalg.lstsq(np.stack(columns, 1), luminance, rcond=None)
    level = solution[0]
    if level <= 0:
        return None
    rel = solution / level
    return IlluminationField((float(rel[1]), float(rel[2]), float(rel[3]) if n >= 4 else 0.0),
                             centre_mm, half_size_mm)


@dataclass(frozen=True)
class ColourCorrection:
    """``corrected_linear = matrix @ (measured_linear / illumination) + offset`` (linear sRGB,
    R, G, B order); ``illumination`` None means uniform light."""

    matrix: np.ndarray
    offset: np.ndarray
    model: str = "matrix3x3+offset"
    illumination: IlluminationField | None = None

    def _gain(self, at_mm: np.ndarray | None) -> np.ndarray | float:
        if self.illumination is None or at_mm is None:
            return 1.0
        at = np.asarray(at_mm, np.float64)
        return self.illumination.at(at[..., 0], at[..., 1])[..., None]

    def apply_rgb8(self, rgb8: np.ndarray, at_mm: np.ndarray | None = None) -> np.ndarray:
        """Correct 8-bit RGB values (any leading shape) seen at table position(s) ``at_mm``
        (same leading shape, x and y in mm; None: the play area's centre) -> 8-bit RGB."""
        linear = srgb_to_linear(np.asarray(rgb8, np.float64) / 255.0) / self._gain(at_mm)
        corrected = linear @ self.matrix.T + self.offset
        return np.clip(np.round(linear_to_srgb(corrected) * 255.0), 0, 255).astype(np.uint8)

    def apply_bgr_image(self, image_bgr: np.ndarray, table_mm: tuple[np.ndarray, np.ndarray] | None = None
                        ) -> np.ndarray:
        """Correct a whole BGR uint8 image. ``table_mm``: the x and y (mm) of each pixel's column
        and row, for a rectified view (calibration.table.Rectifier.pixel_mm); None treats the
        light as uniform."""
        lut = srgb_to_linear(np.arange(256) / 255.0).astype(np.float32)
        linear = lut[image_bgr[..., ::-1]]
        if self.illumination is not None and table_mm is not None:
            xs, ys = np.meshgrid(table_mm[0], table_mm[1])
            linear = linear / self.illumination.at(xs, ys).astype(np.float32)[..., None]
        corrected = linear @ self.matrix.T.astype(np.float32) + self.offset.astype(np.float32)
        # Encode through a fine table: 4096 steps of linear light is below 8-bit sRGB resolution.
        enc = np.round(linear_to_srgb(np.linspace(0, 1, 4097)) * 255).astype(np.uint8)
        idx = np.clip(np.round(corrected * 4096), 0, 4096).astype(np.int32)
        return enc[idx][..., ::-1].copy()

    def to_json(self) -> dict[str, Any]:
        return {"model": self.model, "space": "linear sRGB (R, G, B)",
                "matrix": [[round(float(v), 8) for v in row] for row in self.matrix],
                "offset": [round(float(v), 8) for v in self.offset],
                "illumination": None if self.illumination is None else self.illumination.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> "ColourCorrection":
        from rules.safe_json import field, number, obj

        data = obj(data, "'colour'")
        rows = field(data, "matrix", list, "'colour'")
        offset_list = field(data, "offset", list, "'colour'")
        if len(rows) != 3 or not all(isinstance(r, list) and len(r) == 3 for r in rows) or len(offset_list) != 3:
            raise ValueError("colour 'matrix' must be 3x3 and 'offset' 3 finite numbers")
        matrix = np.asarray([[number(v, "each colour 'matrix' value", -1e3, 1e3) for v in r] for r in rows], np.float64)
        offset = np.asarray([number(v, "each colour 'offset' value", -1e3, 1e3) for v in offset_list], np.float64)
        field_data = data.get("illumination")
        return cls(matrix, offset, str(data.get("model", "matrix3x3+offset"))[:100],
                   None if field_data is None else IlluminationField.from_json(field_data))


def fit_colour_correction(measured_rgb8: np.ndarray, reference_rgb8: np.ndarray,
                          full_matrix: bool = True, illumination: IlluminationField | None = None,
                          at_mm: np.ndarray | None = None) -> ColourCorrection:
    """Least-squares fit in linear RGB. ``full_matrix`` False: per-channel gain + offset.
    With ``illumination``, each measurement is first divided by the light level at ``at_mm``."""
    measured = srgb_to_linear(np.asarray(measured_rgb8, np.float64) / 255.0)
    if illumination is not None and at_mm is not None:
        measured = measured / illumination.at(at_mm[:, 0], at_mm[:, 1])[:, None]
    reference = srgb_to_linear(np.asarray(reference_rgb8, np.float64) / 255.0)
    n = len(measured)
    # Least squares in linear light would let the bright patches dominate while the eye (and
    # Delta E) is most sensitive in the darks: weight each patch by 1 / (its luminance + 0.05).
    weights = 1.0 / (reference @ [0.2126, 0.7152, 0.0722] + DARK_WEIGHT_OFFSET)
    if full_matrix:
        if n < 4:
            raise ColourCorrectionError(f"need at least 4 colour patches for a 3x3 fit, have {n}")
        design = np.hstack([measured, np.ones((n, 1))]) * weights[:, None]
        solution, *_ = np.linalg.lstsq(design, reference * weights[:, None], rcond=None)
        return ColourCorrection(solution[:3].T.copy(), solution[3].copy(), illumination=illumination)
    if n < 2:
        raise ColourCorrectionError(f"need at least 2 colour patches for a per-channel fit, have {n}")
    gains, offsets = np.zeros(3), np.zeros(3)
    for ch in range(3):
        design = np.stack([measured[:, ch], np.ones(n)], 1) * weights[:, None]
        (gains[ch], offsets[ch]), *_ = np.linalg.lstsq(design, reference[:, ch] * weights, rcond=None)
    return ColourCorrection(np.diag(gains), offsets, "per-channel gain+offset", illumination)


def delta_e_report(rgb8: np.ndarray, reference_rgb8: np.ndarray) -> dict[str, np.ndarray]:
    lab, ref = srgb8_to_lab(rgb8), srgb8_to_lab(reference_rgb8)
    return {"de2000": delta_e2000(lab, ref), "de76": delta_e76(lab, ref)}


def srgb_decode(v: npt.ArrayLike) -> np.ndarray:
    """sRGB-encoded levels in 0..1 to linear light (IEC 61966-2-1): a camera's colour cast and
    a lamp's light multiply in linear light, not on the encoded levels."""
    v = np.asarray(v, np.float64)
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def srgb_encode(v: npt.ArrayLike) -> np.ndarray:
    """Linear light to sRGB-encoded levels in 0..1 (negative light clipped to 0)."""
    v = np.maximum(np.asarray(v, np.float64), 0.0)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)
