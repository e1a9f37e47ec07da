"""The colour reference patches and the cards' white paper, read from the rectified view, and the
colour correction fitted to them (see calibration.colour for the model)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from calibration import layout
from calibration.colour import (ColourCorrection, IlluminationField, delta_e_report, fit_colour_correction,
                                srgb_to_linear)
from calibration.config import CalibrationConfig

if TYPE_CHECKING:
    from calibration.intrinsics import Intrinsics
    from calibration.table import MarkerScan, Rectifier, TableGeometry


@dataclass(frozen=True)
class PatchReading:
    name: str
    reference_rgb: tuple[int, int, int]
    measured_rgb: tuple[int, int, int] | None
    skipped: str | None = None
    corrected_rgb: tuple[int, int, int] | None = None
    delta_e2000_before: float | None = None
    delta_e2000_after: float | None = None
    delta_e76_after: float | None = None


def measure_patches(rectified_bgr: np.ndarray, rectifier: Rectifier, geometry: TableGeometry,
                    intrinsics: Intrinsics | None, config: CalibrationConfig) -> list[PatchReading]:
    """Median colour of the middle of each patch, or why the patch cannot be used."""
    readings: list[PatchReading] = []
    w, h = geometry.image_size
    for patch in layout.COLOUR_PATCHES:
        corners = np.asarray(patch.corners_mm)
        in_image = geometry.mm_to_image(corners)
        if intrinsics is not None:
            in_image = intrinsics.distort_points(in_image)
        if not np.all((in_image >= 1) & (in_image <= [w - 2, h - 2])):
            readings.append(PatchReading(patch.name, patch.srgb, None, "outside the photo"))
            continue
        centre = corners.mean(0)
        half = (corners[:, 0].max() - corners[:, 0].min()) * config.patch_sample_fraction / 2
        (u0, v0), (u1, v1) = rectifier.table_mm_to_px(np.array([centre - half, centre + half]))
        sample = rectified_bgr[int(np.ceil(v0)):int(np.floor(v1)) + 1, int(np.ceil(u0)):int(np.floor(u1)) + 1]
        pixels = sample.reshape(-1, 3)[:, ::-1].astype(np.float64)
        if len(pixels) < 4:
            readings.append(PatchReading(patch.name, patch.srgb, None, "too small in the photo"))
            continue
        spread = float(pixels.std(0).max())
        if spread > config.max_patch_std:
            readings.append(PatchReading(patch.name, patch.srgb, None,
                                         f"not uniform (std {spread:.0f}): covered or in a shadow edge"))
            continue
        rgb = tuple(int(round(v)) for v in np.median(pixels, 0))
        if max(rgb) >= config.overexposed_level:
            readings.append(PatchReading(patch.name, patch.srgb, None,
                                         f"overexposed (a channel reads {max(rgb)}): lower the exposure"))
            continue
        readings.append(PatchReading(patch.name, patch.srgb, rgb))  # type: ignore[arg-type]
    return readings


def measure_paper(rectified_bgr: np.ndarray, rectifier: Rectifier, scan: MarkerScan,
                  config: CalibrationConfig) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Linear luminance of the white paper beside each visible marker (its quiet zone, left and
    right of the marker, where every card design is plain paper): positions (mm), levels and
    why a card's paper could not be used."""
    positions, levels = [], []
    problems: list[str] = []
    lo, hi = config.paper_band_mm
    for marker_id in sorted(scan.corners):
        corners = np.asarray(layout.marker(marker_id).corners_mm)
        (x0, y0), (x1, y1) = corners.min(0), corners.max(0)
        inset = (y1 - y0) * 0.1
        samples = []
        for bx0, bx1 in ((x0 - hi, x0 - lo), (x1 + lo, x1 + hi)):
            (u0, v0), (u1, v1) = rectifier.table_mm_to_px(np.array([[bx0, y0 + inset], [bx1, y1 - inset]]))
            band = rectified_bgr[int(np.ceil(v0)):int(np.floor(v1)) + 1, int(np.ceil(u0)):int(np.floor(u1)) + 1]
            samples.append(band.reshape(-1, 3)[:, ::-1].astype(np.float64))
        pixels = np.vstack(samples)
        if len(pixels) < 4 or pixels.std(0).max() > config.max_patch_std:
            problems.append(f"card {marker_id}: paper not uniform")
            continue
        rgb = np.median(pixels, 0)
        if rgb.max() >= config.overexposed_level:
            problems.append(f"card {marker_id}: paper overexposed")
            continue
        linear = srgb_to_linear(rgb / 255.0)
        positions.append(corners.mean(0))
        levels.append(float(linear @ [0.2126, 0.7152, 0.0722]))
    return np.asarray(positions, np.float64).reshape(-1, 2), np.asarray(levels, np.float64), problems


def _patch_centre(name: str) -> np.ndarray:
    patch = next(p for p in layout.COLOUR_PATCHES if p.name == name)
    return np.asarray(patch.corners_mm).mean(0)


def fit_patches(readings: list[PatchReading], config: CalibrationConfig,
                illumination: IlluminationField | None = None
                ) -> tuple[ColourCorrection | None, list[PatchReading], list[str]]:
    """Fit the correction to the usable patches (dropping one outlier), then score every patch
    (each corrected for the light level where it lies)."""
    notes: list[str] = []
    usable = [r for r in readings if r.measured_rgb is not None]
    full = len(usable) >= config.min_patches_for_matrix
    if len(usable) < 2:
        notes.append(f"colour correction skipped: only {len(usable)} reference patch(es) usable")
        return None, readings, notes
    if not full:
        notes.append(f"only {len(usable)} reference patches usable: per-channel colour correction")

    def fit(rows: list[PatchReading]) -> tuple[ColourCorrection, np.ndarray]:
        measured = np.array([r.measured_rgb for r in rows], np.float64)
        reference = np.array([r.reference_rgb for r in rows], np.float64)
        at = np.array([_patch_centre(r.name) for r in rows])
        corr = fit_colour_correction(measured, reference, full, illumination, at)
        return corr, delta_e_report(corr.apply_rgb8(measured, at), reference)["de2000"]

    correction, errors = fit(usable)
    worst = int(np.argmax(errors))
    if errors[worst] > config.max_patch_delta_e and len(usable) - 1 >= (config.min_patches_for_matrix if full else 2):
        dropped = usable[worst]
        usable = [r for k, r in enumerate(usable) if k != worst]
        correction, errors = fit(usable)
        readings = [PatchReading(r.name, r.reference_rgb, None, "outlier (does not fit the other patches)")
                    if r is dropped else r for r in readings]
        notes.append(f"patch {dropped.name!r} ignored: it does not fit the others")
    scored: list[PatchReading] = []
    for r in readings:
        if r.measured_rgb is None:
            scored.append(r)
            continue
        corrected = correction.apply_rgb8(np.array(r.measured_rgb), _patch_centre(r.name))
        before = delta_e_report(np.array(r.measured_rgb), np.array(r.reference_rgb))
        after = delta_e_report(corrected, np.array(r.reference_rgb))
        scored.append(PatchReading(r.name, r.reference_rgb, r.measured_rgb, None,
                                   tuple(int(v) for v in corrected),  # type: ignore[arg-type]
                                   float(before["de2000"]), float(after["de2000"]), float(after["de76"])))
    return correction, scored, notes
