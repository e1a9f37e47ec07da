"""The printable marker sheet: right markers at the right physical size, valid PDF/PNG."""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration import layout
from calibration.printfile import PT_PER_MM
from calibration.sheet import PAPER_MM, render_sheet
from calibration.table import detect_markers
from ui.cli import main


def test_cards_hold_their_marker_and_patches_and_stay_off_the_play_area() -> None:
    assert [c.marker_id for c in layout.CORNER_CARDS] == list(layout.MARKER_IDS)
    assert sum(len(c.patches) for c in layout.CORNER_CARDS) == len(layout.COLOUR_PATCHES)
    for card in layout.CORNER_CARDS:
        x0, y0, x1, y1 = card.rect_mm
        pts = list(layout.marker(card.marker_id).corners_mm) + [p for q in card.patches for p in q.corners_mm]
        assert all(x0 < x < x1 and y0 < y < y1 for x, y in pts)
        overlaps_play_area = x0 < layout.PLAY_AREA_MM and x1 > 0 and y0 < layout.PLAY_AREA_MM and y1 > 0
        assert not overlaps_play_area, card
        ex0, ey0, ex1, ey1 = layout.TABLE_EXTENT_MM
        assert ex0 <= x0 and ey0 <= y0 and x1 <= ex1 and y1 <= ey1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_markers_are_detectable_and_50_mm(paper: str) -> None:
    dpi = 150.0
    image = render_sheet(paper, dpi)
    w_mm, h_mm = PAPER_MM[paper]
    assert image.shape[:2] == (round(h_mm * dpi / 25.4), round(w_mm * dpi / 25.4))
    scan = detect_markers(image[..., ::-1].copy())
    assert sorted(scan.corners) == list(layout.MARKER_IDS)
    expected_px = layout.MARKER_SIZE_MM * dpi / 25.4
    for quad in scan.corners.values():
        sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
        assert np.all(np.abs(sides - expected_px) < 1.5), sides


def test_sheet_scale_bar_is_100_mm() -> None:
    dpi = 200.0
    image = render_sheet("a4", dpi)
    dark = (image.max(axis=2) < 60)
    # The bar is the longest unbroken horizontal run of dark pixels (a marker is only 50 mm wide).
    def longest_run(row: np.ndarray) -> int:
        padded = np.concatenate([[0], row.astype(np.int8), [0]])
        starts, ends = np.flatnonzero(np.diff(padded) == 1), np.flatnonzero(np.diff(padded) == -1)
        return int((ends - starts).max()) if len(starts) else 0
    length_mm = max(longest_run(r) for r in dark) * 25.4 / dpi
    assert abs(length_mm - 100.0) < 0.5, length_mm


def test_pdf_has_the_page_size_and_a_lossless_image(tmp_path: Path) -> None:
    out = tmp_path / "markers.pdf"
    assert main(["markers", "--out", str(out), "--paper", "letter", "--dpi", "100"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    assert box is not None
    assert float(box.group(1)) == pytest.approx(215.9 * PT_PER_MM, abs=0.01)
    assert float(box.group(2)) == pytest.approx(279.4 * PT_PER_MM, abs=0.01)
    # xref offsets point at the objects
    xref = int(re.search(rb"startxref\n(\d+)", data).group(1))  # type: ignore[union-attr]
    entries = data[xref:].split(b"\n")[3:9]
    for number, entry in enumerate(entries, start=1):
        offset = int(entry.split()[0])
        assert data[offset:].startswith(f"{number} 0 obj".encode())
    w = int(re.search(rb"/Width (\d+)", data).group(1))  # type: ignore[union-attr]
    h = int(re.search(rb"/Height (\d+)", data).group(1))  # type: ignore[union-attr]
    start = data.index(b"stream\n", data.index(b"/Subtype /Image")) + 7
    length = int(re.search(rb"/Subtype /Image.*?/Length (\d+)", data, re.S).group(1))  # type: ignore[union-attr]
    pixels = np.frombuffer(zlib.decompress(data[start:start + length]), np.uint8).reshape(h, w, 3)
    assert np.array_equal(pixels, render_sheet("letter", 100))


def test_png_carries_its_resolution(tmp_path: Path) -> None:
    out = tmp_path / "markers.png"
    assert main(["markers", "--out", str(out), "--dpi", "120"]) == 0
    data = out.read_bytes()
    i = data.index(b"pHYs")
    ppm_x, ppm_y, unit = struct.unpack(">IIB", data[i + 4:i + 13])
    assert unit == 1 and ppm_x == ppm_y == round(120 / 25.4 * 1000)
    image = cv2.imread(str(out))
    assert image is not None and image.shape[1] == round(210 * 120 / 25.4)


@pytest.mark.parametrize("args, message", [
    (["--out", "sheet.txt"], "must end in .pdf or .png"),
    (["--out", "no/such/folder/sheet.pdf"], "does not exist"),
    (["--out", "sheet.pdf", "--dpi", "5"], "dpi 5 out of range"),
])
def test_markers_bad_arguments(args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["markers", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
