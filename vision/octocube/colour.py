"""White balance and exposure from the play mat: its colour is known, and it shows between the
boards and the grid in every frame, so its median colour tells the light's cast (shadows and a
hand over a few sample points do not move a median)."""

from __future__ import annotations

import cv2
import numpy as np

from calibration.colour import srgb_decode, srgb_encode
from vision.octocube.geometry import TableView

MAT_BGR = (76.0, 92.0, 58.0)
"""The renderer's default play mat (58, 92, 76) RGB."""


class MatSampler:
    def __init__(self, view: TableView, points_mm: list[tuple[float, float]],
                 mat_bgr: tuple[float, float, float] = MAT_BGR) -> None:
        px = view.project(np.asarray(points_mm, np.float64), 0.0).astype(np.float32)
        self._map_x = np.ascontiguousarray(px[:, 0].reshape(1, -1))
        self._map_y = np.ascontiguousarray(px[:, 1].reshape(1, -1))
        self._ref = np.asarray(mat_bgr, np.float32)

    def measure(self, frame: np.ndarray) -> np.ndarray:
        """Median BGR of the mat sample points (3,)."""
        blurred = cv2.blur(frame, (3, 3))
        vals = cv2.remap(blurred, self._map_x, self._map_y, cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT).reshape(-1, 3).astype(np.float32)
        return np.median(vals, axis=0)

    def gains(self, frame: np.ndarray) -> np.ndarray:
        """Per-channel gains that bring the measured mat to its reference colour (clipped to a
        sane range: a black frame must not be amplified into noise art)."""
        measured = np.maximum(self.measure(frame), 1.0)
        return np.clip(self._ref / measured, 0.25, 4.0).astype(np.float32)


def apply_gains(patches: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """uint8 patches (..., 3) times per-channel gains, back to uint8."""
    out = patches.astype(np.float32) * gains.reshape(1, 1, 1, 3)
    return np.clip(out, 0, 255).astype(np.uint8)


def linear_gains_lut(gains: np.ndarray, mat_bgr: tuple[float, float, float] = MAT_BGR) -> np.ndarray:
    """A 256 x 1 x 3 ``cv2.LUT`` table that white-balances in linear light what
    :meth:`MatSampler.gains` balances on the encoded values: the mat's measured colour (its
    reference over ``gains``) and its reference, both sRGB-decoded, give one linear gain per
    channel; each level is decoded, multiplied and encoded again. A camera's colour cast is a
    product in linear light, and the sRGB curve's toe makes the encoded ratio of a dark colour
    (the mat under a dim warm lamp: blue near 25 levels) larger than a light one's: the encoded
    gain measured on the mat pushes a light tile's blue some 10-20 % too far (whole taught game
    72719, printing 997395, lamp: its green tiles, a shade apart from its dark blue ones, were
    read dark blue by the fine stage)."""
    ref = np.asarray(mat_bgr, np.float64)
    measured = ref / np.maximum(np.asarray(gains, np.float64).reshape(3), 1e-6)
    lin = srgb_decode(ref / 255.0) / np.maximum(srgb_decode(measured / 255.0), 1e-9)
    levels = srgb_decode(np.arange(256) / 255.0)[:, None] * lin[None, :]
    out = np.clip(np.round(srgb_encode(levels) * 255.0), 0, 255).astype(np.uint8)
    return out.reshape(256, 1, 3)


def apply_linear_gains(patches: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """uint8 patches (..., 3) white-balanced in linear light (:func:`linear_gains_lut`)."""
    lut = linear_gains_lut(gains)
    flat = np.ascontiguousarray(patches, np.uint8).reshape(-1, 1, 3)
    return cv2.LUT(flat, lut).reshape(patches.shape)
