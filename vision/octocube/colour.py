"""White balance and exposure from the play mat: its colour is known, and it shows between the
boards and the grid in every frame, so its median colour tells the light's cast (shadows and a
hand over a few sample points do not move a median)."""

from __future__ import annotations

import cv2
import numpy as np

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
