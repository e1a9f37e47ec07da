"""Drawing the teach sheet (``tablesight markers --teach GAME``): markers, one outlined and
labelled place per component face, title and instructions. The same raster is the paper in the
twin's teach-sheet photos, so what is printed and what is rendered cannot disagree."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from calibration import layout
from calibration.drawing import MmCanvas
from calibration.printfile import MM_PER_INCH, write_print_file
from calibration.teach_sheet import GAME_TITLES, TeachSheet, TeachSheetError, sheet_layout

OUTLINE_RGB = (150, 150, 150)
LABEL_RGB = (70, 70, 70)

INSTRUCTIONS = (
    "Print at 100% (no scaling) on A3, lay it flat.",
    "Put one of each component face up on its place,",
    "upright, then photograph the whole sheet from",
    "above (markers in view). One or two photos.",
)


def _label(name: str) -> str:
    return name.replace("-", " ")


def draw_sheet(sheet: TeachSheet, px_per_mm: float) -> np.ndarray:
    """The page as an RGB raster at ``px_per_mm``."""
    w, h = sheet.size_mm
    canvas = MmCanvas(w, h, px_per_mm)
    for m in sheet.markers:
        canvas.marker(layout.MarkerPlacement(m.marker_id, m.name, m.corners_mm))
    for place in sheet.places:
        x0, y0, x1, y1 = place.rect_mm
        t = 0.35
        for a, b, c, d in ((x0, y0, x1, y0 + t), (x0, y1 - t, x1, y1), (x0, y0, x0 + t, y1), (x1 - t, y0, x1, y1)):
            canvas.fill_rect(a, b, c, d, OUTLINE_RGB)
        text = _label(place.name)
        if sheet.label_inside:
            canvas.text(x0 + 2.0, (y0 + y1) / 2 + 1.2, text, 2.4, LABEL_RGB)
        else:
            canvas.text(x0, y1 + 3.6, text, 2.4, LABEL_RGB)
    tx, ty = sheet.title_mm
    title = f"TableSight teach sheet: {GAME_TITLES[sheet.game]}"
    if sheet.game == "octocube":
        canvas.text(tx, ty, title, 4.5)
        last = max(p.rect_mm[2] for p in sheet.places if p.kind == "cube")
        for k, line in enumerate(INSTRUCTIONS):
            canvas.text(last + 12.0, sheet.places[-1].rect_mm[1] + 8.0 + 6.0 * k, line, 2.8)
    else:
        canvas.text(tx, ty, "TableSight", 3.6)
        canvas.text(tx, ty + 6.0, "teach sheet:", 3.0)
        canvas.text(tx, ty + 11.0, GAME_TITLES[sheet.game], 3.0)
        for k, line in enumerate(("Print at 100%", "on A3. One card", "face up on each", "place, upright;",
                                  "photograph the", "whole sheet.")):
            canvas.text(tx, ty + 20.0 + 5.0 * k, line, 2.2)
    return canvas.image


def write_teach_sheet(path: str | Path, game: str, dpi: float = 200.0) -> Path:
    path = Path(path)
    sheet = sheet_layout(game)
    if path.suffix.lower() not in (".pdf", ".png"):
        raise TeachSheetError(f"cannot write {path.name}: the file name must end in .pdf or .png")
    if not path.parent.exists():
        raise TeachSheetError(f"cannot write {path}: folder {path.parent} does not exist")
    if not 72 <= dpi <= 600:
        raise TeachSheetError(f"dpi {dpi:g} out of range: use 72 to 600")
    image = draw_sheet(sheet, dpi / MM_PER_INCH)
    try:
        write_print_file(path, image, dpi, sheet.size_mm)
    except OSError as exc:
        raise TeachSheetError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
