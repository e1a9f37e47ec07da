"""A random printing taught from two rendered teach photos, as a player would teach it
(`tablesight render open_season --teach-sheet --art A --seed S --count 2`, then `teach`)."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np


def taught_printing(seed: int) -> tuple[Any, Any]:
    """(the art pack of random-art ``seed``, the pack taught from its two teach photos, JPEG 92)."""
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer
    from vision.render.scene import stable_rng_seed
    from vision.render.teach_photos import render_teach_photo
    from vision.teach import teach

    art, renderer = random_pack(seed), Renderer()
    photos = []
    for i in range(2):
        img = render_teach_photo("open_season", art, stable_rng_seed("teach", seed, i), renderer)[0]
        decoded = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)
        assert decoded is not None
        photos.append((f"teach{i}.jpg", np.asarray(decoded)))
    return art, teach("open_season", photos).pack
