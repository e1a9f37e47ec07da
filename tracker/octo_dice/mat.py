"""The printable Octo Dice mat (``tablesight markers --mat octo_dice --out mat.pdf``): one A3
sheet with the set-aside strip and the roll area in the colours the reader balances on, laid
centred between the four corner cards of ``tablesight markers``."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tracker.octo_dice.observation import ASIDE_AREA, ASIDE_RGB, MAT_SHEET, ROLL_AREA, ROLL_RGB

A3_MM = (297.0, 420.0)


def render_mat(dpi: float = 150.0) -> np.ndarray:
    """The sheet as an RGB raster at ``dpi`` (sheet mm = table mm minus the sheet's corner)."""
    from calibration.drawing import MmCanvas
    from calibration.errors import CalibrationError
    from calibration.printfile import MM_PER_INCH

    if not 72 <= dpi <= 600:
        raise CalibrationError(f"dpi {dpi:g} out of range: use 72 to 600")
    sx, sy = MAT_SHEET[0], MAT_SHEET[1]
    canvas = MmCanvas(A3_MM[0], A3_MM[1], dpi / MM_PER_INCH, origin_mm=(sx, sy))
    for (x0, y0, x1, y1), rgb in ((ASIDE_AREA, ASIDE_RGB), (ROLL_AREA, ROLL_RGB)):
        canvas.fill_rect(x0, y0, x1, y1, rgb)
    canvas.text(ASIDE_AREA[0], ASIDE_AREA[1] - 2.5, "SET ASIDE: the 2 dice you keep after each roll", 3.5)
    canvas.text(ROLL_AREA[0], ROLL_AREA[1] - 3.0, "ROLL AREA: throw the dice here", 3.5)
    canvas.text(ROLL_AREA[0], ROLL_AREA[3] + 5.0, "TableSight Octo Dice mat - print at 100% on A3, lay it centred "
                "between the corner cards,", 2.6)
    canvas.text(ROLL_AREA[0], ROLL_AREA[3] + 9.0, f"its top edge {MAT_SHEET[1]:.0f} mm below the play area's top "
                f"edge and {MAT_SHEET[0]:.1f} mm from its left edge.", 2.6)
    return canvas.image


def write_mat(path: str | Path, dpi: float = 150.0) -> Path:
    from calibration.errors import CalibrationError
    from calibration.printfile import write_print_file

    path = Path(path)
    if path.suffix.lower() not in (".pdf", ".png"):
        raise CalibrationError(f"cannot write {path.name}: the file name must end in .pdf or .png")
    if not path.parent.exists():
        raise CalibrationError(f"cannot write {path}: folder {path.parent} does not exist")
    try:
        write_print_file(path, render_mat(dpi), dpi, A3_MM)
    except OSError as exc:
        raise CalibrationError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
