"""Camera and lighting effects: light direction and colour, soft shadows, glare, vignetting,
sensor noise, blur and JPEG artefacts. All parameters come from a seed via :meth:`random`."""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from calibration.colour import srgb_decode, srgb_encode


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


PAPER_WHITE_8BIT = 246.0
"""Brightest channel of the corner cards' white paper as printed (vision.render.table_art)."""
EXPOSURE_WHITE_TARGET = 236.0
"""Auto-exposure keeps that paper at or below this level under the brightest point of the lamp."""
SHOULDER_KNEE = 236.0
"""Tone curve: linear up to here, then a soft shoulder towards 255 (glare, faces lit head-on)."""
WB_GAMMA = 2.2
"""Encoded gain g (the look the renderer has always had) = linear-light gain g ** WB_GAMMA."""


def auto_exposure(peak_gains_bgr: np.ndarray, white_level: float = PAPER_WHITE_8BIT,
                  target: float = EXPOSURE_WHITE_TARGET) -> float:
    """Linear-light exposure factor (<= 1) of a camera whose auto-exposure protects the
    highlights. ``peak_gains_bgr``: linear-light gains (white balance x lamp x vignetting) at the
    brightest point of the image. Where they would push white paper past ``target`` the camera
    shortens the exposure so that the paper lands on ``target``; a dimmer scene keeps full
    exposure (the longest a webcam allows at its frame rate), so dim light stays dim. Without
    it a warm or bright lamp clips the paper and the light patches (255 in red), which no real
    camera in auto mode delivers and no colour correction can undo."""
    paper = float(srgb_decode(white_level / 255.0)) * float(np.max(peak_gains_bgr))
    if paper <= 0:
        return 1.0
    limit = float(srgb_decode(target / 255.0))
    return min(1.0, limit / paper)


def tone_lut(linear_gains_bgr: np.ndarray, knee: float = SHOULDER_KNEE) -> np.ndarray:
    """256 x 1 x 3 uint8 table for cv2.LUT: decode sRGB, multiply each channel by its
    linear-light gain (white balance x exposure, as a sensor does before its tone curve),
    encode, and roll highlights above ``knee`` off smoothly towards 255 instead of clipping
    (slope 1 at the knee, so everything below it is untouched by the shoulder)."""
    lin = srgb_decode(np.arange(256) / 255.0)[:, None] * np.asarray(linear_gains_bgr, np.float64)[None, :]
    out = srgb_encode(lin) * 255.0
    room = 255.0 - knee
    over = out > knee
    out[over] = knee + room * (1.0 - np.exp(-(out[over] - knee) / room))
    return np.clip(np.round(out), 0, 255).astype(np.uint8).reshape(256, 1, 3)


def exposure_maps(width: int, height: int, vignette: float, wb_bgr: np.ndarray,
                  falloff_ramp: np.ndarray | None, metered: np.ndarray | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The camera's exposure as (spatial gain, tone table): ``spatial`` is uint8 HxWx3 in
    1/128 units (vignetting x lamp fall-off, scaled so its brightest point is 1.0, so applying
    it never clips); the per-channel part (white balance, that brightest point and the
    auto-exposure factor) is applied in linear light by the :func:`tone_lut` table.
    ``wb_bgr``: the encoded-value gains of :meth:`Lighting.white_balance_bgr`; ``metered``:
    bool HxW, where the auto-exposure looks for the brightest light (the table; None: the
    whole image)."""
    # a row and a column broadcast: the same float32 values as full coordinate grids
    xs = np.arange(width, dtype=np.float32)[None, :]
    ys = np.arange(height, dtype=np.float32)[:, None]
    r2 = ((xs - width / 2) / (width / 2)) ** 2 + ((ys - height / 2) / (height / 2)) ** 2
    v = 1.0 - vignette * np.clip(r2 / 2.0, 0, 1) ** 1.2
    if falloff_ramp is not None:
        v = v * falloff_ramp
    peak = max(float(v.max()), 1e-6)
    spatial = np.clip(np.round(v / peak * 128.0), 0, 255).astype(np.uint8)
    linear = (np.asarray(wb_bgr, np.float64) * peak) ** WB_GAMMA
    seen = v[metered] if metered is not None and metered.any() else v
    metered_peak = (np.asarray(wb_bgr, np.float64) * float(seen.max())) ** WB_GAMMA
    exposure = auto_exposure(metered_peak)
    return cv2.merge((spatial, spatial, spatial)), tone_lut(linear * exposure)


def gain_map(width: int, height: int, vignette: float, wb_bgr: np.ndarray,
             falloff_ramp: np.ndarray | None) -> np.ndarray:
    """uint8 HxWx3 multiplier in 1/128 units (128 = 1.0): white balance x vignetting x lamp
    fall-off, all on encoded values and without auto-exposure (the renderer now uses
    :func:`exposure_maps`; kept for callers of the old model)."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    r2 = ((xs - width / 2) / (width / 2)) ** 2 + ((ys - height / 2) / (height / 2)) ** 2
    v = 1.0 - vignette * np.clip(r2 / 2.0, 0, 1) ** 1.2
    if falloff_ramp is not None:
        v = v * falloff_ramp
    g = v[..., None] * wb_bgr[None, None, :] * 128.0
    return np.clip(np.round(g), 0, 255).astype(np.uint8)


def apply_sensor(img: np.ndarray, effects: SensorEffects, gains: np.ndarray | None,
                 rng: np.random.Generator,
                 noise_planes: tuple[np.ndarray, np.ndarray] | None = None,
                 tone: np.ndarray | None = None) -> np.ndarray:
    """Optical blur, gains, tone, noise and JPEG on a BGR uint8 image (returns a new image):
    :func:`develop` then :func:`add_noise_and_jpeg`.

    ``gains``: uint8 HxWx3 multipliers in 1/128 units (see :func:`exposure_maps`).
    ``tone``: a 256 x 1 x 3 cv2.LUT table applied after them (white balance and exposure in
    linear light, highlight shoulder; see :func:`tone_lut`).
    ``noise_planes``: (positive, negative) uint8 noise at this frame's sigma, at least 64 px
    larger than the image (see :func:`noise_planes`); a random crop is used, so that adding
    noise is two saturating uint8 passes. Photon (shot) noise is approximated by a
    level-independent sigma of ``noise_sigma + shot_noise * 128``.
    """
    return add_noise_and_jpeg(develop(img, effects, gains, tone), effects, rng, noise_planes)


def develop(img: np.ndarray, effects: SensorEffects, gains: np.ndarray | None,
            tone: np.ndarray | None) -> np.ndarray:
    """The light's way to the sensor's values: optical blur, then spatial gains, then the tone
    table. Each output pixel depends only on input pixels within :func:`develop_reach`, so a
    region can be developed on its own (the renderer develops only what changed on a cached
    background). Returns ``img`` itself when nothing applies."""
    if effects.blur_sigma_px > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), effects.blur_sigma_px)
    if gains is not None:
        img = cv2.multiply(img, gains, scale=1 / 128.0)
    if tone is not None:
        img = cv2.LUT(img, tone)
    return img


def develop_reach(effects: SensorEffects) -> int:
    """Pixels beyond which :func:`develop` does not see (the blur kernel's radius, with room)."""
    if effects.blur_sigma_px <= 0.05:
        return 0
    return int(math.ceil(4 * effects.blur_sigma_px)) + 1


def add_noise_and_jpeg(img: np.ndarray, effects: SensorEffects, rng: np.random.Generator,
                       noise_planes: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Sensor noise and JPEG compression (see :func:`apply_sensor`)."""
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
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(effects.jpeg_quality),
                                             cv2.IMWRITE_JPEG_SAMPLING_FACTOR, _JPEG_SAMPLING])
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
        if decoded is not None:
            img = decoded
    return img


_JPEG_SAMPLING = cv2.IMWRITE_JPEG_SAMPLING_FACTOR_422
"""Chroma halved across, full down the image: the MJPEG stream of a UVC webcam (4:2:2)."""


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
