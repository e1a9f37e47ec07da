"""Raster drawing in millimetres: the corner cards, drawn once and used both for the printed
sheet (``tablesight markers``) and for synthetic test views, so the two can never disagree."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from calibration import layout

RGB = tuple[int, int, int]
PAPER_WHITE: RGB = layout.COLOUR_PATCHES[0].srgb if layout.COLOUR_PATCHES else (243, 243, 242)
INK: RGB = (0, 0, 0)


@lru_cache(maxsize=None)
def marker_bits(marker_id: int) -> np.ndarray:
    """The marker as a (cells x cells) array of 0 (black) / 1 (white), border included."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.ARUCO_DICTIONARY))
    cells = dictionary.markerSize + 2
    img = cv2.aruco.generateImageMarker(dictionary, marker_id, cells, borderBits=1)
    return (img > 127).astype(np.uint8)


@dataclass
class MmCanvas:
    """An RGB raster whose pixel edges sit at ``origin_mm + k / px_per_mm``."""

    width_mm: float
    height_mm: float
    px_per_mm: float
    origin_mm: tuple[float, float] = (0.0, 0.0)
    background: RGB = (255, 255, 255)
    image: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        w = int(round(self.width_mm * self.px_per_mm))
        h = int(round(self.height_mm * self.px_per_mm))
        self.image = np.empty((h, w, 3), np.uint8)
        self.image[:] = self.background

    def moved(self, origin_mm: tuple[float, float]) -> "MmCanvas":
        """The same pixels seen through another origin (to draw a card away from its table spot)."""
        view = copy.copy(self)  # shares ``image``
        view.origin_mm = origin_mm
        return view

    def px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return ((x_mm - self.origin_mm[0]) * self.px_per_mm, (y_mm - self.origin_mm[1]) * self.px_per_mm)

    def fill_rect(self, x0: float, y0: float, x1: float, y1: float, rgb: RGB) -> None:
        u0, v0 = self.px(x0, y0)
        u1, v1 = self.px(x1, y1)
        h, w = self.image.shape[:2]
        a, b = max(int(round(u0)), 0), min(int(round(u1)), w)
        c, d = max(int(round(v0)), 0), min(int(round(v1)), h)
        if a < b and c < d:
            self.image[c:d, a:b] = rgb

    def line(self, x0: float, y0: float, x1: float, y1: float, width_mm: float, rgb: RGB = INK) -> None:
        p0 = tuple(int(round(v)) for v in self.px(x0, y0))
        p1 = tuple(int(round(v)) for v in self.px(x1, y1))
        cv2.line(self.image, p0, p1, rgb, max(1, int(round(width_mm * self.px_per_mm))), cv2.LINE_AA)

    def dashed_rect(self, x0: float, y0: float, x1: float, y1: float, dash_mm: float = 3.0) -> None:
        for (ax, ay), (bx, by) in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)),
                                   ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
            length = float(np.hypot(bx - ax, by - ay))
            steps = max(int(length // (2 * dash_mm)), 1)
            for k in range(steps):
                t0, t1 = 2 * k * dash_mm / length, min((2 * k + 1) * dash_mm / length, 1.0)
                self.line(ax + (bx - ax) * t0, ay + (by - ay) * t0,
                          ax + (bx - ax) * t1, ay + (by - ay) * t1, 0.2, (90, 90, 90))

    def text(self, x_mm: float, y_mm: float, text: str, height_mm: float, rgb: RGB = INK,
             *, right_aligned: bool = False) -> None:
        """Text whose capital letters are ``height_mm`` tall; (x, y) is the baseline's left end
        (right end when ``right_aligned``)."""
        font = cv2.FONT_HERSHEY_SIMPLEX
        (_, cap), _ = cv2.getTextSize("H", font, 1.0, 1)
        scale = height_mm * self.px_per_mm / cap
        thickness = max(1, int(round(scale * 1.6)))
        u, v = self.px(x_mm, y_mm)
        if right_aligned:
            u -= cv2.getTextSize(text, font, scale, thickness)[0][0]
        cv2.putText(self.image, text, (int(round(u)), int(round(v))), font, scale, rgb, thickness, cv2.LINE_AA)

    def marker(self, placement: layout.MarkerPlacement) -> None:
        bits = marker_bits(placement.marker_id)
        (x0, y0), (x1, _), _, (_, y3) = placement.corners_mm
        cell_w = (x1 - x0) / bits.shape[1]
        cell_h = (y3 - y0) / bits.shape[0]
        self.fill_rect(x0, y0, x1, y3, (255, 255, 255))
        for r in range(bits.shape[0]):
            for c in range(bits.shape[1]):
                if not bits[r, c]:
                    self.fill_rect(x0 + c * cell_w, y0 + r * cell_h,
                                   x0 + (c + 1) * cell_w, y0 + (r + 1) * cell_h, INK)


def draw_card(canvas: MmCanvas, card: layout.CornerCard, *, labels: bool = True,
              cut_lines: bool = False, paper: RGB = PAPER_WHITE) -> None:
    """One corner card at its table position (shift ``canvas.origin_mm`` to place it elsewhere).
    ``paper``: the card's background; the printed sheet leaves it white (no ink), a synthetic
    view gives it the off-white of real paper."""
    x0, y0, x1, y1 = card.rect_mm
    canvas.fill_rect(x0, y0, x1, y1, paper)
    placement = layout.marker(card.marker_id)
    canvas.marker(placement)
    for patch in card.patches:
        (px0, py0), _, (px1, py1), _ = patch.corners_mm
        edge = 0.3  # a thin grey frame just outside the patch, so the white patch is visible
        canvas.fill_rect(px0 - edge, py0 - edge, px1 + edge, py1 + edge, (150, 150, 150))
        canvas.fill_rect(px0, py0, px1, py1, patch.srgb)
        if labels:
            if px0 - x0 < x1 - px1:  # patch column on the card's left: names to its right
                canvas.text(px1 + 2.0, (py0 + py1) / 2 + 1.1, patch.name, 2.2, (60, 60, 60))
            else:
                canvas.text(px0 - 2.0, (py0 + py1) / 2 + 1.1, patch.name, 2.2, (60, 60, 60),
                            right_aligned=True)
    if labels:
        top = placement.centre_mm[1] < layout.PLAY_AREA_MM / 2
        strip_y = y1 - layout.CARD_LABEL_STRIP_MM if top else y0
        canvas.text(x0 + 3.0, strip_y + 5.0, f"{placement.marker_id}  {placement.name.upper()}", 3.0)
        canvas.text(x0 + 3.0, strip_y + 9.5, f"ArUco {layout.ARUCO_DICTIONARY} id {placement.marker_id}",
                    1.8, (60, 60, 60))
    if cut_lines:
        canvas.dashed_rect(x0, y0, x1, y1)


def draw_table_layout(canvas: MmCanvas, *, labels: bool = True) -> None:
    """All four corner cards at their table positions."""
    for card in layout.CORNER_CARDS:
        draw_card(canvas, card, labels=labels)
