"""Exact pixel overlaps of a 0/1 image with many 0/1 templates, for the cocked-dice test
(tracker/octo_dice/cocked.py), sharing the image's Fourier transform.

The flat-die fit counts, for 9 yaws and 25 x 25 shifts each, the pixels a die's outline shares
with a flat die's: ``cv2.matchTemplate(image, template, cv2.TM_CCORR)``, twice a yaw, each call
transforming the same image again. Here the image is transformed once for all the yaws, each
template once, and only the rows of the shifts asked for are transformed back: about 100 us a
template instead of 240 on the dev machine. The counts are whole numbers; single-precision
transforms of these sizes (about 128 x 128, counts up to a few thousand) are off by under 0.001,
so rounding gives them exactly (tests/tracker/test_octo_dice_fast_paths.py checks them against
matchTemplate's).
"""

from __future__ import annotations

import numpy as np


class Overlaps:
    """A 0/1 image, seen through a window of it (y0, x0, y1, x1) where every template is laid."""

    def __init__(self, image: np.ndarray, window: tuple[int, int, int, int]) -> None:
        import cv2

        y0, x0, y1, x1 = window
        if y0 < 0 or x0 < 0 or y1 > image.shape[0] or x1 > image.shape[1] or y1 <= y0 or x1 <= x0:
            raise ValueError(f"window {window} is not inside an image of {image.shape[:2]}")
        self._window = window
        self._size = (cv2.getOptimalDFTSize(y1 - y0), cv2.getOptimalDFTSize(x1 - x0))
        canvas = np.zeros(self._size, np.float32)
        canvas[:y1 - y0, :x1 - x0] = image[y0:y1, x0:x1]
        self._spectrum = cv2.dft(canvas)

    def counts(self, template: np.ndarray, y: int, x: int, shifts: int) -> np.ndarray:
        """How many set pixels ``template`` shares with the image when its top-left corner lies at
        (y + dy, x + dx) of the image, dy and dx from 0 to ``shifts`` - 1 (rows: dy): the
        numbers of ``cv2.matchTemplate(image[y:y + th + shifts - 1, x:x + tw + shifts - 1],
        template, cv2.TM_CCORR)``, as float32. Every such place must lie inside the window (the
        transform wraps around: what lies outside would be counted from the other side)."""
        return summed_counts([(self, template, 1.0)], y, x, shifts)

    def _product(self, template: np.ndarray, y: int, x: int, shifts: int) -> np.ndarray:
        """The spectrum of the template's overlaps with the image (see :meth:`counts`)."""
        import cv2

        wy0, wx0, wy1, wx1 = self._window
        th, tw = template.shape
        if y < wy0 or x < wx0 or y + th + shifts - 1 > wy1 or x + tw + shifts - 1 > wx1:
            raise ValueError(f"a {th}x{tw} template at ({y}, {x}) moved {shifts - 1} px leaves the window {self._window}")
        canvas = np.zeros(self._size, np.float32)
        canvas[:th, :tw] = template
        return np.asarray(cv2.mulSpectrums(self._spectrum, cv2.dft(canvas, nonzeroRows=th), 0, conjB=True))

    def _back(self, product: np.ndarray, y: int, x: int, shifts: int) -> np.ndarray:
        """The overlaps whose spectrum is ``product``, rounded to whole numbers (float32)."""
        import cv2

        oy, ox = y - self._window[0], x - self._window[1]
        back = cv2.idft(product, flags=cv2.DFT_REAL_OUTPUT | cv2.DFT_SCALE, nonzeroRows=oy + shifts)
        return np.rint(back[oy:oy + shifts, ox:ox + shifts])


def summed_counts(terms: list[tuple[Overlaps, np.ndarray, float]], y: int, x: int, shifts: int) -> np.ndarray:
    """The sum over ``terms`` (image, template, weight) of weight x :meth:`Overlaps.counts` of the
    template laid at (y, x) of its image, the images sharing one window. With whole-number
    weights the sum is a whole number and is transformed back once for all the terms (one
    inverse transform instead of one a term); otherwise each term's counts are rounded first."""
    if not terms:
        raise ValueError("no overlaps to sum")
    first = terms[0][0]
    if any(image._window != first._window for image, _, _ in terms):
        raise ValueError("the images of summed overlaps must share one window")
    products = [(image._product(template, y, x, shifts), weight) for image, template, weight in terms]
    if all(float(weight).is_integer() for _, weight in products):
        total = products[0][0] * np.float32(products[0][1])
        for product, weight in products[1:]:
            total += product * np.float32(weight)
        return first._back(total, y, x, shifts)
    out = np.zeros((shifts, shifts), np.float32)
    for product, weight in products:
        out += np.float32(weight) * first._back(product, y, x, shifts)
    return out
