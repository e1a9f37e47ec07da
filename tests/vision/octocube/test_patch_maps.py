"""The patch maps every recogniser samples through: each map pixel is the table point it stands for,
projected (lens included). They are computed as one matrix per patch and OpenCV's lens model in
numpy, for speed; these tests hold them to the plain definition and to ``cv2.projectPoints``."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.octocube.geometry import PatchSpec, TableView, _distort

K = np.array([[1400.0, 0.0, 960.0], [0.0, 1380.0, 540.0], [0.0, 0.0, 1.0]])
H = np.array([[1.1, 0.05, 300.0], [0.02, 1.0, 100.0], [1e-5, 2e-4, 1.0]])


@pytest.mark.parametrize("coeffs", [
    [-0.12, 0.03, 0.001, -0.001],
    [-0.12, 0.03, 0.001, -0.001, 0.01],
    [-0.3, 0.1, 0.002, 0.003, -0.02, 0.01, 0.02, -0.01],
])
def test_the_lens_model_is_opencvs(coeffs: list[float]) -> None:
    rng = np.random.default_rng(len(coeffs))
    x, y = rng.uniform(-0.8, 0.8, 500), rng.uniform(-0.5, 0.5, 500)
    rays = np.stack([x, y, np.ones_like(x)], 1).reshape(-1, 1, 3)
    want, _ = cv2.projectPoints(rays, np.zeros(3), np.zeros(3), K, np.array(coeffs))
    assert np.abs(_distort(x, y, np.array(coeffs), K) - want.reshape(-1, 2)).max() < 1e-6


@pytest.mark.parametrize("dist", [None, np.array([-0.12, 0.03, 0.001, -0.001, 0.0]),
                                  np.array([-0.1, 0.02, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.001, 0.0, 0.0, 0.0])])
def test_each_map_pixel_is_its_table_point_projected(dist: np.ndarray | None) -> None:
    view = TableView(H, (1920, 1080), K, dist)
    specs = [PatchSpec("a", (120.0, 80.0), 0.0, 10.0, 0.0), PatchSpec("b", (300.5, 210.0), 12.0, 10.0, 30.0),
             PatchSpec("c", (40.0, 330.0), 3.5, 10.0, -135.0)]
    px_per_mm = 1.5
    maps_x, maps_y, side = view.patch_maps(specs, px_per_mm)
    assert side == 15 and maps_x.shape == maps_y.shape == (3 * side, side)
    for k, s in enumerate(specs):
        c, sn = math.cos(math.radians(s.yaw_deg)), math.sin(math.radians(s.yaw_deg))
        for row, col in ((0, 0), (0, side - 1), (7, 3), (side - 1, side - 1)):
            lx, ly = (col + 0.5) / px_per_mm - s.size_mm / 2, (row + 0.5) / px_per_mm - s.size_mm / 2
            point = (s.centre_mm[0] + lx * c - ly * sn, s.centre_mm[1] + lx * sn + ly * c)
            want = view.project([point], s.height_mm)[0]
            got = (maps_x[k * side + row, col], maps_y[k * side + row, col])
            assert np.allclose(got, want, atol=1e-3), (s.name, row, col, got, want)
