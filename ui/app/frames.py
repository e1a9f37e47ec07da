"""Frame preparation for the screen, done on the worker thread (cv2/numpy, no kivy): the
recognised pieces drawn with their confidence, the last mover's cube highlighted, the image
scaled to the display and turned into the bytes a Kivy texture takes (RGB, bottom row first)."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

GOOD = (80, 220, 80)
DOUBTFUL = (0, 190, 255)
HIGHLIGHT = (255, 255, 0)
"""BGR: confident readings green, doubtful ones orange, the last mover's cube cyan."""


def draw_recognised(image: np.ndarray, overlay: Any, highlight_seat: int = -1) -> np.ndarray:
    from rules.octocube.components import PLAYER_COLOURS

    out = image.copy()
    scale = max(1.0, image.shape[1] / 640)
    mover = f"{PLAYER_COLOURS[highlight_seat]} cube" if 0 <= highlight_seat < len(PLAYER_COLOURS) else None
    for item in overlay:
        pts = np.round(np.asarray(item.polygon, float)).astype(np.int32).reshape(-1, 1, 2)
        is_mover = mover is not None and item.label.startswith(mover)
        colour = HIGHLIGHT if is_mover else (GOOD if item.confidence >= 0.7 else DOUBTFUL)
        cv2.polylines(out, [pts], True, colour, int(round((4 if is_mover else 2) * scale)), cv2.LINE_AA)
        if is_mover or item.confidence < 0.7:
            _tag(out, f"{item.label} {item.confidence:.0%}", int(pts[:, 0, 0].min()), int(pts[:, 0, 1].min()),
                 colour, scale)
    return out


def _tag(image: np.ndarray, text: str, x: int, top: int, colour: tuple[int, int, int], scale: float) -> None:
    """A label on a dark box just above (x, top), kept inside the image."""
    font, size, thick = cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale, max(1, int(round(scale)))
    (w, h), base = cv2.getTextSize(text, font, size, thick)
    pad = int(3 * scale)
    x = int(min(max(0, x), image.shape[1] - w - 2 * pad))
    y = int(max(h + 2 * pad, top - pad))
    cv2.rectangle(image, (x, y - h - 2 * pad), (x + w + 2 * pad, y + base), (20, 20, 20), -1)
    cv2.putText(image, text, (x + pad, y - pad), font, size, colour, thick, cv2.LINE_AA)


def to_texture_bytes(image: np.ndarray, width: int) -> tuple[bytes, tuple[int, int]]:
    h, w = image.shape[:2]
    if w > width:
        image = cv2.resize(image, (width, int(round(h * width / w))), interpolation=cv2.INTER_AREA)
    rgb = cv2.cvtColor(image, cv2.COLOR_BGR2RGB) if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2RGB)
    rgb = np.ascontiguousarray(rgb[::-1])
    return rgb.tobytes(), (rgb.shape[1], rgb.shape[0])


def rectifier_for(profile: Any) -> Any:
    """A top-down rectifier for ``profile`` at a screen-friendly scale; None without a table."""
    if profile is None or getattr(profile, "table", None) is None:
        return None
    from calibration.table import Rectifier

    return Rectifier(profile.table, getattr(profile, "intrinsics", None), 1.0)


def draw_markers(image: np.ndarray, scan: Any) -> np.ndarray:
    """The calibration preview: each found corner marker outlined in green with its id."""
    out = image.copy()
    scale = max(1.0, image.shape[1] / 960)
    for marker_id, quad in scan.corners.items():
        pts = np.round(np.asarray(quad, float)).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [pts], True, GOOD, int(3 * scale), cv2.LINE_AA)
        x, y = pts[:, 0, 0].min(), pts[:, 0, 1].min() - 8
        cv2.putText(out, str(marker_id), (int(x), int(max(18, y))), cv2.FONT_HERSHEY_SIMPLEX, 0.8 * scale,
                    GOOD, int(2 * scale), cv2.LINE_AA)
    return out
