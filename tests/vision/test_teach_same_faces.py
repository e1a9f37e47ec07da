"""The teach command's "two identical components" check (vision/teach.py ``_same_faces``): faces
of one glyph on different backgrounds are not identical even when a large dark glyph fills the
middle of the tile, where the check used to take its colours; a true duplicate still is.
Faces come straight from training printings' art (random art seeds below 100000) at the teach
cut's 4 px/mm."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.teach import _same_faces


def _faces(seed: int, names: tuple[str, ...]) -> dict[str, np.ndarray]:
    from vision.render.random_art import random_pack

    art = random_pack(seed)
    out = {}
    for name in names:
        img = art.face("octocube", name)
        assert img is not None
        out[name] = cv2.resize(np.ascontiguousarray(img[..., :3]), (136, 136), interpolation=cv2.INTER_AREA)
    return out


@pytest.mark.parametrize("seed", [11, 15])
def test_one_glyph_on_three_backgrounds_is_three_faces(seed: int) -> None:
    faces = _faces(seed, ("white-amphora", "light-blue-amphora", "green-amphora"))
    assert _same_faces(faces) == {}


def test_a_duplicate_is_still_caught() -> None:
    faces = _faces(11, ("white-amphora", "light-blue-amphora", "white-starfish"))
    faces["green-amphora"] = faces["light-blue-amphora"].copy()
    assert _same_faces(faces) == {"green-amphora": "light-blue-amphora", "light-blue-amphora": "green-amphora"}
