"""Camera and lighting effects: light direction and colour, soft shadows, glare, vignetting,
sensor noise, blur and JPEG artefacts. All parameters come from a seed via :meth:`random`."""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from typing import Any

import cv2
import numpy as np


@dataclass(frozen=True)
class Lighting:
    azimuth_deg: float = 135.0
    """Direction the light comes FROM, seen from above (0: from -y / the far side, clockwise)."""
    elevation_deg: float = 60.0
    """Angle of the light above the table (90: straight down, no side shading)."""
    colour_temperature_k: float = 4500.0
    brightness: float = 1.0
    ambient: float = 0.55
    """Share of light that is diffuse (soft room light): higher means paler shadows."""
    shadow_strength: float = 0.45
    shadow_softness_mm: float = 6.0
    glare_strength: float = 0.0
    """0..1: a soft specular highlight where the lamp reflects on the table."""
    glare_radius_mm: float = 90.0
    falloff: float = 0.12
    """Brightness drop from the lamp's nearest point to the far edge of the table."""

    @staticmethod
    def random(rng: random.Random) -> Lighting:
        return Lighting(
            azimuth_deg=rng.uniform(0, 360), elevation_deg=rng.uniform(40, 85),
            colour_temperature_k=rng.uniform(2900, 6500), brightness=rng.uniform(0.8, 1.15),
            ambient=rng.uniform(0.4, 0.75), shadow_strength=rng.uniform(0.25, 0.6),
            shadow_softness_mm=rng.uniform(2, 12),
            glare_strength=rng.choice([0.0, 0.0, rng.uniform(0.1, 0.45)]),
            glare_radius_mm=rng.uniform(50, 150), falloff=rng.uniform(0.0, 0.25),
        )

    @property
    def direction(self) -> np.ndarray:
        """Unit vector from the table towards the light, in (x, y, height)."""
        a, e = math.radians(self.azimuth_deg), math.radians(self.elevation_deg)
        return np.array([math.sin(a) * math.cos(e), -math.cos(a) * math.cos(e), math.sin(e)])

    def face_shade(self, normal: tuple[float, float, float]) -> float:
        """Brightness of a face with this outward normal, relative to the table top."""
        d = self.direction
        lambert = max(0.0, float(np.dot(normal, d)))
        top = self.ambient + (1 - self.ambient) * d[2]
        return (self.ambient + (1 - self.ambient) * lambert) / top

    def white_balance_bgr(self) -> np.ndarray:
        """Per-channel gains a camera locked to 5000 K applies to a light of this temperature."""
        r, g, b = kelvin_to_rgb(self.colour_temperature_k)
        r0, g0, b0 = kelvin_to_rgb(5000.0)
        gains = np.array([b / b0, g / g0, r / r0], np.float32)
        return gains / gains[1] * self.brightness

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def kelvin_to_rgb(k: float) -> tuple[float, float, float]:
    """Tanner Helland's black-body approximation (0..1 per channel)."""
    t = k / 100.0
    if t <= 66:
        r = 255.0
        g = 99.4708025861 * math.log(t) - 161.1195681661
        b = 0.0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307
    else:
        r = 329.698727446 * (t - 60) ** -0.1332047592
        g = 288.1221695283 * (t - 60) ** -0.0755148492
        b = 255.0
    return tuple(min(255.0, max(1.0, v)) / 255.0 for v in (r, g, b))  # type: ignore[return-value]


@dataclass(frozen=True)
class SensorEffects:
    noise_sigma: float = 3.0
    """Gaussian read noise (8-bit levels) at mid grey."""
    shot_noise: float = 0.02
    """Extra noise proportional to brightness."""
    blur_sigma_px: float = 0.6
    jpeg_quality: int | None = 90
    vignette: float = 0.15
    """Brightness lost at the image corners."""

    @staticmethod
    def random(rng: random.Random) -> SensorEffects:
        return SensorEffects(
            noise_sigma=rng.uniform(1.0, 6.0), shot_noise=rng.uniform(0.0, 0.04),
            blur_sigma_px=rng.uniform(0.0, 1.3),
            jpeg_quality=rng.choice([None, int(rng.uniform(55, 95)), int(rng.uniform(70, 95))]),
            vignette=rng.uniform(0.0, 0.3),
        )

    @staticmethod
    def clean() -> SensorEffects:
        return SensorEffects(noise_sigma=0.0, shot_noise=0.0, blur_sigma_px=0.0,
                             jpeg_quality=None, vignette=0.0)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def gain_map(width: int, height: int, vignette: float, wb_bgr: np.ndarray,
             falloff_ramp: np.ndarray | None) -> np.ndarray:
    """uint8 HxWx3 multiplier in 1/128 units (128 = 1.0): white balance x vignetting x lamp
    fall-off; uint8 so that applying it is one saturating SIMD multiply."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    r2 = ((xs - width / 2) / (width / 2)) ** 2 + ((ys - height / 2) / (height / 2)) ** 2
    v = 1.0 - vignette * np.clip(r2 / 2.0, 0, 1) ** 1.2
    if falloff_ramp is not None:
        v = v * falloff_ramp
    g = v[..., None] * wb_bgr[None, None, :] * 128.0
    return np.clip(np.round(g), 0, 255).astype(np.uint8)


def apply_sensor(img: np.ndarray, effects: SensorEffects, gains: np.ndarray | None,
                 rng: np.random.Generator,
                 noise_planes: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Gains, optical blur, noise and JPEG on a BGR uint8 image (returns a new image).

    ``gains``: uint8 HxWx3 multipliers in 1/128 units (see :func:`gain_map`).
    ``noise_planes``: (positive, negative) uint8 noise at this frame's sigma, at least 64 px
    larger than the image (see :func:`noise_planes`); a random crop is used, so that adding
    noise is two saturating uint8 passes. Photon (shot) noise is approximated by a
    level-independent sigma of ``noise_sigma + shot_noise * 128``.
    """
    if effects.blur_sigma_px > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), effects.blur_sigma_px)
    if gains is not None:
        img = cv2.multiply(img, gains, scale=1 / 128.0)
    sigma = effective_noise_sigma(effects)
    if sigma > 0.05:
        h, w = img.shape[:2]
        if noise_planes is None or noise_planes[0].shape[0] < h + 64 or noise_planes[0].shape[1] < w + 64:
            noise = rng.standard_normal((h, w, 3)) * sigma
            pos = np.clip(np.round(noise), 0, 255).astype(np.uint8)
            neg = np.clip(np.round(-noise), 0, 255).astype(np.uint8)
        else:
            dy, dx = (int(v) for v in rng.integers(0, 64, 2))
            pos = noise_planes[0][dy: dy + h, dx: dx + w]
            neg = noise_planes[1][dy: dy + h, dx: dx + w]
        img = cv2.subtract(cv2.add(img, pos), neg)
    if effects.jpeg_quality is not None:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(effects.jpeg_quality)])
        if ok:
            img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return img


def effective_noise_sigma(effects: SensorEffects) -> float:
    """Noise sigma in 8-bit levels, quantised to 0.25 so that noise planes can be cached."""
    return round((effects.noise_sigma + effects.shot_noise * 128.0) * 4) / 4


def noise_planes(bank: np.ndarray, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """Split standard-normal int16 noise (x16) scaled to ``sigma`` into positive and negative
    uint8 planes."""
    scaled = bank.astype(np.float32) * (sigma / 16.0)
    pos = cv2.convertScaleAbs(np.maximum(scaled, 0))
    neg = cv2.convertScaleAbs(np.minimum(scaled, 0))
    return pos, neg
