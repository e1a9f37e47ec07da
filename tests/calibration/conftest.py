"""Synthetic table views shared by the calibration tests (rendered once per session)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import cv2
import pytest

from calibration.synthetic import SyntheticView, render_view


@lru_cache(maxsize=None)
def _view(tilt: float, yaw: float, light: str, cover: int | None, seed: int) -> SyntheticView:
    return render_view(tilt, yaw, light, cover_marker=cover, seed=seed)


@pytest.fixture(scope="session")
def view() -> Callable[..., SyntheticView]:
    """``view(tilt, yaw=0, light="neutral", cover=None, seed=0)`` -> cached SyntheticView."""
    def get(tilt: float, yaw: float = 0.0, light: str = "neutral", cover: int | None = None,
            seed: int = 0) -> SyntheticView:
        return _view(tilt, yaw, light, cover, seed)
    return get


@pytest.fixture
def write_png(tmp_path: Path) -> Callable[..., Path]:
    def write(image, name: str = "photo.png") -> Path:
        path = tmp_path / name
        assert cv2.imwrite(str(path), image)
        return path
    return write
