"""White balance in linear light (issue 20, whole taught game 72719, printing 997395, lamp).

The renderer's camera casts a lamp's colour as a product in linear light (``tone_lut``: decode
sRGB, multiply, encode). The recogniser measures the cast on the play mat, which is dark; the
gain it measures on the encoded values is right for the mat but, through the sRGB curve's toe,
too strong for a light tile: under a 3000 K lamp at the bench's dim exposure a light tile's blue
came out some 10-20 % too high, and printing 997395's green tiles (a shade apart from its dark
blue ones) were read dark blue by the fine stage. ``apply_linear_gains`` balances in linear light:
the light tile comes back to its printed colour.
"""

from __future__ import annotations

import numpy as np

from vision.octocube.colour import MAT_BGR, apply_gains, apply_linear_gains
from vision.render.effects import Lighting, tone_lut

GREEN_TILE = (172, 134, 185)
"""Printing 997395's green tile background (BGR)."""


def _through_the_lamp(bgr: tuple[float, ...], exposure: float = 0.35) -> np.ndarray:
    """One colour as the renderer's camera develops it under the bench's lamp (3000 K)."""
    lamp = Lighting(colour_temperature_k=3000.0, brightness=0.9)
    linear = (np.asarray(lamp.white_balance_bgr(), np.float64) ** 2.2) * exposure
    lut = tone_lut(linear)
    pixel = np.asarray(bgr, np.uint8).reshape(1, 1, 3)
    return np.stack([lut[int(pixel[0, 0, c]), 0, c] for c in range(3)]).reshape(1, 1, 1, 3)


def test_a_light_tile_comes_back_to_its_colour() -> None:
    mat = _through_the_lamp(MAT_BGR).reshape(3).astype(np.float64)
    gains = (np.asarray(MAT_BGR) / mat).astype(np.float32)  # as MatSampler.gains measures them
    tile = _through_the_lamp(GREEN_TILE)
    back = apply_linear_gains(tile, gains).reshape(3).astype(float)
    assert np.abs(back - np.asarray(GREEN_TILE)).max() <= 6, back


def test_the_encoded_gains_push_its_blue_too_far() -> None:
    """The cause pinned: the encoded gains measured on the dark mat overshoot a light tile's blue."""
    mat = _through_the_lamp(MAT_BGR).reshape(3).astype(np.float64)
    gains = (np.asarray(MAT_BGR) / mat).astype(np.float32)
    back = apply_gains(_through_the_lamp(GREEN_TILE), gains).reshape(3).astype(float)
    assert back[0] / GREEN_TILE[0] > 1.1 * back[2] / GREEN_TILE[2], back


def test_the_mat_itself_balances_the_same_either_way() -> None:
    mat = _through_the_lamp(MAT_BGR)
    gains = (np.asarray(MAT_BGR) / mat.reshape(3).astype(np.float64)).astype(np.float32)
    assert np.abs(apply_linear_gains(mat, gains).reshape(3).astype(float) - np.asarray(MAT_BGR)).max() <= 2
    assert np.abs(apply_gains(mat, gains).reshape(3).astype(float) - np.asarray(MAT_BGR)).max() <= 2
