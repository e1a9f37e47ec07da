"""The printable marker sheet: the four corner cards with cut lines, a 100 mm scale bar and
printing instructions, laid out on A4 or US Letter."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from calibration import layout
from calibration.drawing import MmCanvas, draw_card
from calibration.errors import CalibrationError
from calibration.printfile import MM_PER_INCH, write_print_file

PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAGE_MARGIN_MM = 8.0
CARD_GAP_MM = 4.0
SCALE_BAR_MM = 100.0

INSTRUCTIONS = (
    "1. Print at 100% ('actual size'), NO scaling / 'fit to page'. Matte paper is best.",
    "2. Check the scale bar with a ruler: it must measure exactly 100 mm.",
    "3. Cut the four cards along the dashed lines.",
    "4. Lay the cards flat at the corners of the play area, text upright as the camera",
    "   sees it: card 0 top left, 1 top right, 2 bottom right, 3 bottom left.",
    f"5. The markers' inner corners must form a square of "
    f"{layout.PLAY_AREA_MM + 2 * layout.MARKER_GAP_MM:.0f} mm sides "
    f"(diagonal {((layout.PLAY_AREA_MM + 2 * layout.MARKER_GAP_MM) * 2 ** 0.5):.1f} mm).",
    "6. Keep the colour patches uncovered and evenly lit, then photograph the table and",
    "   run: tablesight calibrate table PHOTO --save profile.json",
)


def card_positions(paper: str) -> dict[int, tuple[float, float]]:
    """Top-left corner (page mm) of each card: patch cards side by side, the two small cards
    stacked in a third column."""
    cards = {c.marker_id: c for c in layout.CORNER_CARDS}
    tall = sorted((c for c in cards.values() if c.patches), key=lambda c: c.marker_id)
    short = sorted((c for c in cards.values() if not c.patches), key=lambda c: c.marker_id)
    x, y0 = PAGE_MARGIN_MM, PAGE_MARGIN_MM + 14.0
    positions: dict[int, tuple[float, float]] = {}
    for card in tall:
        positions[card.marker_id] = (x, y0)
        x += card.size_mm[0] + CARD_GAP_MM
    y = y0
    for card in short:
        positions[card.marker_id] = (x, y)
        y += card.size_mm[1] + CARD_GAP_MM
    page_w, page_h = PAPER_MM[paper]
    for card in cards.values():
        px, py = positions[card.marker_id]
        if px + card.size_mm[0] > page_w - PAGE_MARGIN_MM + 1e-6 or py + card.size_mm[1] > page_h:
            raise CalibrationError(f"the corner cards do not fit on {paper} paper")
    return positions


def render_sheet(paper: str = "a4", dpi: float = 300.0) -> np.ndarray:
    """The whole page as an RGB raster at ``dpi``."""
    if paper not in PAPER_MM:
        raise CalibrationError(f"unknown paper {paper!r}: use one of {', '.join(PAPER_MM)}")
    if not 72 <= dpi <= 1200:
        raise CalibrationError(f"dpi {dpi:g} out of range: use 72 to 1200")
    page_w, page_h = PAPER_MM[paper]
    canvas = MmCanvas(page_w, page_h, dpi / MM_PER_INCH)
    canvas.text(PAGE_MARGIN_MM, PAGE_MARGIN_MM + 5.0, "TableSight corner markers", 5.0)
    canvas.text(PAGE_MARGIN_MM, PAGE_MARGIN_MM + 10.5,
                "PRINT AT 100% - NO SCALING. Check the 100 mm bar below.", 3.2, (170, 0, 0))

    positions = card_positions(paper)
    bottom = 0.0
    for card in layout.CORNER_CARDS:
        left, top = positions[card.marker_id]
        # Shift the canvas origin so the card (drawn at its table position) lands at (left, top).
        shifted = canvas.moved((card.rect_mm[0] - left, card.rect_mm[1] - top))
        draw_card(shifted, card, labels=True, cut_lines=True, paper=(255, 255, 255))
        bottom = max(bottom, top + card.size_mm[1])

    # 100 mm scale bar with 10 mm ticks.
    y = bottom + 14.0
    x0 = PAGE_MARGIN_MM
    canvas.fill_rect(x0, y, x0 + SCALE_BAR_MM, y + 1.0, (0, 0, 0))
    for k in range(11):
        tick = 5.0 if k in (0, 5, 10) else 3.0
        canvas.fill_rect(x0 + 10 * k - 0.15, y - tick, x0 + 10 * k + 0.15, y, (0, 0, 0))
        if k in (0, 5, 10):
            canvas.text(x0 + 10 * k - 1.0, y - tick - 1.5, f"{10 * k}", 2.5)
    canvas.text(x0 + SCALE_BAR_MM + 4.0, y + 1.0, "must measure exactly 100 mm", 3.0)

    y += 11.0
    for line in INSTRUCTIONS:
        canvas.text(PAGE_MARGIN_MM, y, line, 3.0)
        y += 5.5
    if y > page_h - PAGE_MARGIN_MM:
        raise CalibrationError(f"the instructions do not fit on {paper} paper")
    return canvas.image


def write_sheet(path: str | Path, paper: str = "a4", dpi: float = 300.0) -> Path:
    path = Path(path)
    if path.suffix.lower() not in (".pdf", ".png"):
        raise CalibrationError(f"cannot write {path.name}: the file name must end in .pdf or .png")
    if not path.parent.exists():
        raise CalibrationError(f"cannot write {path}: folder {path.parent} does not exist")
    image = render_sheet(paper, dpi)
    try:
        write_print_file(path, image, dpi, PAPER_MM[paper])
    except OSError as exc:
        raise CalibrationError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
