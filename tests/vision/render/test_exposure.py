"""The camera's exposure: auto-exposure keeps white paper below clipping under a bright warm
lamp, the tone table leaves everything below its knee alone, and developing only what changed
gives the same pixels as developing the whole frame."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from vision.render.camera import CameraModel
from vision.render.effects import (EXPOSURE_WHITE_TARGET, SHOULDER_KNEE, Lighting,
                                   SensorEffects, develop, tone_lut)
from vision.render.hands import Hand
from vision.render.renderer import Renderer, RenderOptions
from vision.render.scene import Scene

NO_NOISE: dict[str, Any] = dict(noise_sigma=0.0, shot_noise=0.0, blur_sigma_px=0.0, jpeg_quality=None)


def test_white_paper_stays_below_clipping_under_a_bright_warm_lamp() -> None:
    cam = CameraModel.looking_at(tilt_deg=20.0)
    light = Lighting(colour_temperature_k=2900.0, brightness=1.15, falloff=0.25,
                     glare_strength=0.0)
    options = RenderOptions(lighting=light, sensor=SensorEffects(vignette=0.15, **NO_NOISE))
    image = Renderer().render(Scene(game="none"), cam, options, seed=0).image
    # the white corner cards are the brightest things on an empty table; without the camera's
    # auto-exposure their red channel reads 255
    assert image.max() <= EXPOSURE_WHITE_TARGET + 1
    assert image.max() >= EXPOSURE_WHITE_TARGET - 12, "exposure cut far more than needed"


def test_dim_light_is_not_brightened() -> None:
    cam = CameraModel.looking_at(tilt_deg=10.0)
    dim = RenderOptions(lighting=Lighting(colour_temperature_k=5000.0, brightness=0.6,
                                          falloff=0.0, glare_strength=0.0),
                        sensor=SensorEffects(vignette=0.0, **NO_NOISE))
    image = Renderer().render(Scene(game="none"), cam, dim, seed=0).image
    assert image.max() < 0.75 * 246


def test_tone_table_is_identity_below_the_knee_and_rolls_off_above() -> None:
    lut = tone_lut(np.ones(3)).reshape(256, 3).astype(int)
    knee = int(SHOULDER_KNEE)
    assert np.array_equal(lut[: knee + 1], np.repeat(np.arange(knee + 1)[:, None], 3, 1))
    assert np.all(np.diff(lut, axis=0) >= 0)
    assert lut[255].max() < 255, "the shoulder should keep 255 from clipping flat"
    doubled = tone_lut(np.array([1.0, 1.0, 2.0])).reshape(256, 3).astype(int)
    # a linear-light gain of 2 on the red channel brightens it, still without clipping flat
    assert np.all(doubled[1:200, 2] > doubled[1:200, 0])
    assert doubled[255, 2] <= 255


def test_developing_the_changed_rectangle_equals_developing_the_frame() -> None:
    renderer = Renderer()
    scene = Scene(game="none")
    cam = CameraModel.looking_at(tilt_deg=15.0, dist=(-0.08, 0.02, 0.0, 0.0, 0.0))
    hand = Hand.reaching((300.0, 300.0), "south", random.Random(3), progress=0.8)
    options = RenderOptions(lighting=Lighting(colour_temperature_k=3500.0, falloff=0.2),
                            sensor=SensorEffects(blur_sigma_px=1.1, vignette=0.2),
                            hands=(hand,))
    renderer.render(scene, cam, options, seed=0)  # caches the background and the exposure
    background = renderer._background(scene, cam, options)
    frame = background.copy()
    frame[300:360, 500:620] = (30, 200, 90)
    frame[0:5, 0:40] = 255  # a change at the image edge
    exposure = renderer._gain(cam, options)
    assert exposure is not None  # vignette and lamp fall-off: an exposure to develop with
    gains, tone = exposure
    whole = develop(frame.copy(), options.sensor, gains, tone)
    assert np.array_equal(renderer._develop(frame, scene, cam, options), whole)
    unchanged = renderer._develop(background.copy(), scene, cam, options)
    assert np.array_equal(unchanged, develop(background, options.sensor, gains, tone))
