"""Colour science: CIEDE2000 against published data, the correction fit."""

from __future__ import annotations

import numpy as np

from calibration.colour import (ColourCorrection, delta_e2000, fit_colour_correction, linear_to_srgb,
                                srgb8_to_lab, srgb_to_linear)

# Sharma, Wu & Dalal (2005) test data, pairs 1, 4, 7, 17, 25, 34.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
]


def test_ciede2000_matches_published_pairs() -> None:
    lab1 = np.array([p[0] for p in SHARMA])
    lab2 = np.array([p[1] for p in SHARMA])
    assert np.allclose(delta_e2000(lab1, lab2), [p[2] for p in SHARMA], atol=1e-4)
    assert np.allclose(delta_e2000(lab2, lab1), [p[2] for p in SHARMA], atol=1e-4)


def test_lab_of_white_and_black() -> None:
    assert np.allclose(srgb8_to_lab(np.array([255, 255, 255])), [100, 0, 0], atol=0.01)
    assert np.allclose(srgb8_to_lab(np.array([0, 0, 0])), [0, 0, 0], atol=0.01)


def test_srgb_round_trip() -> None:
    x = np.linspace(0, 1, 101)
    assert np.allclose(linear_to_srgb(srgb_to_linear(x)), x, atol=1e-9)


def test_fit_recovers_a_colour_cast_and_correction_is_consistent() -> None:
    rng = np.random.default_rng(1)
    reference = rng.integers(30, 240, size=(12, 3))
    cast = np.array([[0.9, 0.08, 0.0], [0.05, 0.75, 0.03], [0.0, 0.1, 0.55]])
    measured_lin = srgb_to_linear(reference / 255.0) @ cast.T + 0.01
    measured = np.round(linear_to_srgb(measured_lin) * 255)
    corr = fit_colour_correction(measured, reference)
    assert np.abs(corr.apply_rgb8(measured).astype(int) - reference).max() <= 2
    image = measured[None, :, ::-1].astype(np.uint8)  # BGR row
    via_image = corr.apply_bgr_image(image)[0, :, ::-1].astype(int)
    assert np.abs(via_image - corr.apply_rgb8(measured).astype(int)).max() <= 1
    again = ColourCorrection.from_json(corr.to_json())
    assert np.allclose(again.matrix, corr.matrix, atol=1e-7)


def test_per_channel_fit_when_few_patches() -> None:
    reference = np.array([[240, 240, 240], [60, 60, 60], [200, 40, 40]])
    measured = np.round(reference * [0.9, 0.8, 0.6])
    corr = fit_colour_correction(measured, reference, full_matrix=False)
    assert corr.model == "per-channel gain+offset"
    assert np.allclose(corr.matrix, np.diag(np.diag(corr.matrix)))
