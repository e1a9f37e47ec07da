"""Shared renders: rendering costs ~0.1-0.5 s, so each scene is rendered once per test session."""

from __future__ import annotations

import pytest

from vision.render.camera import CameraModel
from vision.render.octocube_scene import octocube_scene, random_octocube_view
from vision.render.renderer import Renderer, RenderOptions, RenderResult
from vision.render.scene import Scene


@pytest.fixture(scope="session")
def renderer() -> Renderer:
    return Renderer()


@pytest.fixture(scope="session")
def octocube_4p() -> Scene:
    return octocube_scene(random_octocube_view(4, seed=7, progress=0.5), seed=7)


@pytest.fixture(scope="session")
def clean_tilted(renderer: Renderer, octocube_4p: Scene) -> tuple[CameraModel, RenderResult]:
    cam = CameraModel.looking_at(tilt_deg=22.0, azimuth_deg=10.0)
    return cam, renderer.render(octocube_4p, cam, RenderOptions.clean(), seed=1)


@pytest.fixture(scope="session")
def clean_distorted(renderer: Renderer, octocube_4p: Scene) -> tuple[CameraModel, RenderResult]:
    cam = CameraModel.looking_at(tilt_deg=12.0, dist=(-0.09, 0.02, 0.0, 0.0, 0.0))
    return cam, renderer.render(octocube_4p, cam, RenderOptions.clean(), seed=2)
