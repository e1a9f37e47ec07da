"""The Octo Dice read's faster ways give the very numbers of the slower ones they replaced (a
single pixel or count off could move a fit or a spot, and the readings with it): the cocked-dice
test's pixel overlaps through one shared Fourier transform (tracker/octo_dice/overlap.py) are
OpenCV's ``matchTemplate`` counts and the fit through them the fit of every shift and yaw as
before (tracker/octo_dice/cocked.py); the outline's hull, the centroids, the colour distances and
the mat's channel medians are those of the slow ways, to the last bit."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from tracker.octo_dice.cocked import DIE_MM, flat_template, fit_outline  # noqa: E402
from tracker.octo_dice.overlap import Overlaps, summed_counts  # noqa: E402


def _convex(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    out = np.zeros((h, w), np.uint8)
    points = rng.integers(0, [w, h], size=(9, 2)).astype(np.int32)
    cv2.fillConvexPoly(out, cv2.convexHull(points), 1)
    return out


def _match(image: np.ndarray, template: np.ndarray, y: int, x: int, shifts: int) -> np.ndarray:
    th, tw = template.shape
    region = image[y:y + th + shifts - 1, x:x + tw + shifts - 1].astype(np.float32)
    return np.asarray(cv2.matchTemplate(region, template.astype(np.float32), cv2.TM_CCORR))


def test_overlaps_are_matchtemplates_counts_exactly() -> None:
    rng = np.random.default_rng(5)
    shifts = 25
    for _ in range(40):
        image = np.pad(_convex(rng, int(rng.integers(60, 130)), int(rng.integers(60, 130))), 80)
        templates = [_convex(rng, int(rng.integers(40, 100)), int(rng.integers(40, 100))) for _ in range(3)]
        places = [(int(rng.integers(40, 90)), int(rng.integers(40, 90))) for _ in templates]
        window = (min(y for y, _ in places), min(x for _, x in places),
                  max(y + t.shape[0] + shifts - 1 for (y, _), t in zip(places, templates)),
                  max(x + t.shape[1] + shifts - 1 for (_, x), t in zip(places, templates)))
        overlaps = Overlaps(image, window)
        for template, (y, x) in zip(templates, places):
            want = _match(image, template, y, x, shifts)
            got = overlaps.counts(template, y, x, shifts)
            # matchTemplate's own transform is off by up to a few thousandths: the true counts are whole
            assert np.abs(want - np.rint(want)).max() < 0.01
            assert np.array_equal(got, np.rint(want))


def test_summed_overlaps_with_whole_and_fractional_weights() -> None:
    rng = np.random.default_rng(8)
    inner, outer = np.pad(_convex(rng, 90, 100), 60), np.pad(_convex(rng, 100, 90), 60)
    a, b = _convex(rng, 70, 60), _convex(rng, 60, 75)
    window = (30, 30, 30 + 80 + 24, 30 + 80 + 24)
    image_a, image_b = Overlaps(inner, window), Overlaps(outer, window)
    counts_a = np.rint(_match(inner, a, 40, 35, 25))
    counts_b = np.rint(_match(outer, b, 40, 35, 25))
    assert np.array_equal(summed_counts([(image_a, a, 1.0), (image_b, b, 2.0)], 40, 35, 25), counts_a + 2 * counts_b)
    # a fractional weight: each term rounded on its own, then weighed
    assert np.allclose(summed_counts([(image_a, a, 1.0), (image_b, b, 0.5)], 40, 35, 25), counts_a + 0.5 * counts_b)


def test_a_template_leaving_the_window_or_a_window_leaving_the_image_is_refused() -> None:
    image = np.zeros((100, 100), np.uint8)
    overlaps = Overlaps(image, (10, 10, 60, 60))
    with pytest.raises(ValueError, match="leaves the window"):
        overlaps.counts(np.ones((30, 30), np.uint8), 10, 10, 25)  # 30 + 24 rows from 10 pass 60
    with pytest.raises(ValueError, match="not inside"):
        Overlaps(image, (-1, 0, 50, 50))
    with pytest.raises(ValueError, match="share one window"):
        summed_counts([(overlaps, np.ones((5, 5), np.uint8), 1.0),
                       (Overlaps(image, (0, 0, 60, 60)), np.ones((5, 5), np.uint8), 1.0)], 10, 10, 5)


def _fit_by_matchtemplate(shape: np.ndarray, centre_px: tuple[float, float], centre_mm: tuple[float, float],
                          camera_mm: tuple[float, float, float], px_per_mm: float) -> tuple[float, float, tuple[float, float]]:
    """The flat fit's search as written before the shared transforms (cv2.matchTemplate per yaw)."""
    from tracker.octo_dice import cocked

    middle = cocked._centroid(shape)
    shrink, offset = cocked._base_of(centre_mm, camera_mm, px_per_mm)
    kernel = np.ones((3, 3), np.uint8)
    shape_in = cv2.erode(shape, kernel)
    inner = float(cv2.countNonZero(shape_in))
    pad = int(round(cocked.PAD_MM * px_per_mm))
    padded_in = cv2.copyMakeBorder(shape_in.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    padded_out = cv2.copyMakeBorder(cv2.dilate(shape, kernel).astype(np.float32), pad, pad, pad, pad,
                                    cv2.BORDER_CONSTANT, value=0)
    reach = int(round(cocked.SHIFT_MM * px_per_mm))
    best = (np.inf, 0.0, middle)
    for yaw in cocked._yaw_of(shape) + np.arange(-cocked.YAW_SPAN_DEG, cocked.YAW_SPAN_DEG + 0.1, cocked.YAW_STEP_DEG):
        template, top = flat_template(float(yaw), shrink, offset, px_per_mm, margin=2)
        th, tw = template.shape
        tx, ty = cocked._centroid(template)
        x0 = int(round(middle[0] - tx)) + pad - reach
        y0 = int(round(middle[1] - ty)) + pad - reach
        region = (slice(y0, y0 + th + 2 * reach), slice(x0, x0 + tw + 2 * reach))
        t_in = cv2.erode(template, kernel)
        excess = inner - cv2.matchTemplate(padded_in[region], cv2.dilate(template, kernel).astype(np.float32), cv2.TM_CCORR)
        deficit = float(cv2.countNonZero(t_in)) - cv2.matchTemplate(padded_out[region], t_in.astype(np.float32), cv2.TM_CCORR)
        low, _, (mx, my), _ = cv2.minMaxLoc(np.rint(excess + cocked.DEFICIT_WEIGHT * deficit))
        if low < best[0]:
            best = (low, float(yaw) % 90.0, (x0 + mx - pad + top[0], y0 + my - pad + top[1]))
    return best


@pytest.mark.parametrize("lean", [0.0, 25.0])
def test_the_flat_fit_is_the_one_matchtemplate_finds(lean: float) -> None:
    """A flat die's outline and a leaning one's (a flat template stretched along one side): the
    fit through the shared transforms finds the same least miss, yaw and top as the search by
    ``cv2.matchTemplate`` at every yaw."""
    px_per_mm, camera = 4.0, (300.0, -200.0, 700.0)
    shrink = (camera[2] - DIE_MM) / camera[2]
    centre_mm = (280.0, 330.0)
    offset = ((1 - shrink) * (camera[0] - centre_mm[0]) * px_per_mm, (1 - shrink) * (camera[1] - centre_mm[1]) * px_per_mm)
    die, _ = flat_template(17.0, shrink, offset, px_per_mm)
    shape = np.zeros((176, 176), np.uint8)
    y, x = (176 - die.shape[0]) // 2, (176 - die.shape[1]) // 2
    shape[y:y + die.shape[0], x:x + die.shape[1]] = die
    if lean:  # a leaning die covers more of the mat along its lean
        stretched = cv2.resize(die, (die.shape[1] + int(lean), die.shape[0]), interpolation=cv2.INTER_NEAREST)
        shape[:] = 0
        shape[y:y + die.shape[0], x - int(lean) // 2:x - int(lean) // 2 + stretched.shape[1]] = stretched
    centre = (88.0, 88.0)
    fit = fit_outline(shape, centre, centre_mm, camera, px_per_mm)
    low, yaw, top = _fit_by_matchtemplate(shape, centre, centre_mm, camera, px_per_mm)
    assert fit.unexplained_mm2 == low / px_per_mm ** 2
    assert (fit.yaw_deg, fit.top_px) == (yaw, top)
    assert (fit.unexplained_mm2 > 5.0) == bool(lean)  # the leaning outline is the one left unexplained


def test_outline_shortcuts_give_what_the_slow_ways_give() -> None:
    """The outline's hull from each row's first and last pixel, the centroid from the row and
    column counts and the mask's colour distance summed channel by channel are the hull of every
    pixel, cv2.moments' ratios and numpy's sum over the last axis, to the last bit."""
    from tracker.octo_dice import cocked

    rng = np.random.default_rng(3)
    for _ in range(30):
        shape = cv2.dilate(_convex(rng, 120, 110), np.ones((3, 3), np.uint8))
        every = np.column_stack(np.nonzero(shape)[::-1]).astype(np.int32)
        assert np.array_equal(cv2.convexHull(cocked._row_ends(shape.astype(bool))), cv2.convexHull(every))
        m = cv2.moments(shape, binaryImage=True)
        assert cocked._centroid(shape) == (m["m10"] / m["m00"], m["m01"] / m["m00"])
        values = rng.normal(0, 40, size=(50, 60, 3)).astype(np.float32)
        want = np.sqrt((values * values).sum(axis=2))
        assert np.array_equal(cocked._norm3([values[..., 0], values[..., 1], values[..., 2]]), want)


@pytest.mark.parametrize("shape", [(41, 37), (40, 36)])  # an odd and an even number of pixels
def test_the_mats_channel_medians_are_numpys(shape: tuple[int, int]) -> None:
    from tracker.octo_dice.recogniser import _channel_medians

    rng = np.random.default_rng(shape[0])
    image = rng.integers(0, 256, size=(*shape, 3)).astype(np.uint8)
    image[: shape[0] // 2] //= 4  # a darker half: the middle falls between two levels now and then
    assert _channel_medians(image).tolist() == np.median(image.reshape(-1, 3), axis=0).tolist()


def _flat_template_by_matrices(yaw_deg: float, shrink: float, offset_px: tuple[float, float], px_per_mm: float,
                               margin: int) -> tuple[np.ndarray, tuple[float, float]]:
    """flat_template as written before it took plain floats (numpy's rotation matrix)."""
    a = np.radians(yaw_deg)
    half = DIE_MM * px_per_mm / 2
    square = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    top = square @ rot.T
    pts = np.vstack([top, top * shrink + np.asarray(offset_px)])
    lo = np.floor(pts.min(axis=0)) - margin
    pts = pts - lo
    size = np.ceil(pts.max(axis=0)).astype(int) + 2 + margin
    out = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillConvexPoly(out, cv2.convexHull(np.round(pts).astype(np.int32)), 1)
    return out, (-float(lo[0]), -float(lo[1]))


def test_the_flat_template_is_the_rotation_matrixs_to_the_pixel() -> None:
    from tracker.octo_dice.recogniser import FIT_PX_PER_MM

    rng = np.random.default_rng(11)
    for _ in range(3000):
        yaw, shrink = float(rng.uniform(-10.0, 100.0)), float(rng.uniform(0.9, 1.0))
        offset = (float(rng.uniform(-20, 20)), float(rng.uniform(-20, 20)))
        margin = int(rng.integers(0, 4))
        got, top = flat_template(yaw, shrink, offset, FIT_PX_PER_MM, margin)
        want, want_top = _flat_template_by_matrices(yaw, shrink, offset, FIT_PX_PER_MM, margin)
        assert np.array_equal(got, want) and top == want_top
