"""The app's Photo screen scores with the profile saved by its Calibrate screen: only photos of
that camera's size are read through it (ui/app/photo_worker.py)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from calibration.intrinsics import Intrinsics
from calibration.profile import Profile, save_profile
from ui.app.photo_worker import PhotoJob, score_photo


def test_a_phone_photo_is_not_read_through_the_webcams_lens(tmp_path: Path) -> None:
    """A webcam with a strong barrel (1280x960, k1 -0.15, as the Calibrate screen now saves it)
    and a finished table photographed with another camera (1920x1080, no such barrel): read through
    the webcam's lens the markers lay far off and the photo was refused; it is now scored from the
    markers and the lens measured on the photo itself."""
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    webcam = Intrinsics(np.array([[860.0, 0, 639.5], [0, 860.0, 479.5], [0, 0, 1]]),
                        np.array([-0.15, 0, 0, 0, 0]), (1280, 960))
    profile = tmp_path / "profile.json"
    save_profile(Profile(intrinsics=webcam), profile)
    res = render_one(DatasetSettings(game="octocube", seed=3, count=1, end=True, players=2, resolution=(1920, 1080)),
                     0, Renderer())
    photo = tmp_path / "table.jpg"
    assert cv2.imwrite(str(photo), res.image)
    result = score_photo(PhotoJob(str(photo), "octocube", 2, profile_path=str(profile)))
    assert len(result.players) == 2
