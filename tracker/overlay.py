"""Draw a :class:`tracker.pipeline.PipelineUpdate`'s overlay on its frame (demo window, debugging)."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np


def draw_overlay(update: Any) -> np.ndarray:
    image = update.image.copy()
    for item in update.overlay:
        colour = (60, 220, 60) if item.confidence >= 0.7 else (0, 200, 255)
        pts = np.round(item.polygon).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(image, [pts], True, colour, 1, cv2.LINE_AA)
    text = f"{update.gate}  {update.fps:.1f} fps  {update.camera_message}"
    cv2.putText(image, text, (10, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 2, cv2.LINE_AA)
    return image
