"""Octo Dice tables from the digital twin, as the dice reader sees them: a check on another
renderer (vision/render) with its own die art, rectified top-down as the tracker would after
calibration. Used by bench/dice_accuracy.py and the tests."""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from vision.dice.faces import class_of


def twin_tables(
    seed: int, n: int, px_per_mm: float = 3.0
) -> Iterator[tuple[np.ndarray, list[tuple[int, tuple[float, ...]]]]]:
    """Octo Dice tables from the digital twin (vision/render: another renderer, and the twin's own
    die art), 1920x1080 frames rectified to a top-down view of the 600 mm table at ``px_per_mm``
    with the frame's true homography, as the tracker would after calibration."""
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    settings = DatasetSettings("octo_dice", seed=seed, count=n, resolution=(1920, 1080), clean=True, max_tilt_deg=20)
    renderer = Renderer()
    side = int(600 * px_per_mm)
    for i in range(n):
        result = render_one(settings, i, renderer)
        gt = result.ground_truth
        to_image = np.array(gt["homography_table_to_image"]) @ np.diag([1 / px_per_mm, 1 / px_per_mm, 1.0])
        view = cv2.warpPerspective(result.image, to_image, (side, side), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR)
        truth = []
        for c in gt["components"]:
            state = c["state"]
            if "top_face" not in state or c["visible_fraction"] < 0.5:
                continue
            kind, top = state["kind"], state["top_face"]
            if kind == "white":
                ci = class_of("octo-white", top)
            elif kind == "black":
                colour, _, number = top.partition(" ")
                ci = class_of("octo-black", "octopod" if top == "octopod" else {"colour": colour, "number": int(number)})
            else:
                ci = class_of("d6", int(top))
            # the top face stands 16 mm above the table: map its pixels, not its table position
            px = np.array(c["top_polygon_px"], np.float64).reshape(-1, 1, 2)
            corners = cv2.perspectiveTransform(px, np.linalg.inv(to_image)).reshape(-1, 2)
            truth.append((ci, (*corners.min(axis=0), *corners.max(axis=0))))
        yield view, truth
