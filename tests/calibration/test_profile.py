"""Profiles: round trip, rescaling, clear errors for malformed files, CLI save/reuse."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from calibration.colour import ColourCorrection
from calibration.errors import ProfileError, ProfileMismatchError
from calibration.intrinsics import Intrinsics
from calibration.profile import PROFILE_FORMAT, Profile, load_profile, save_profile
from calibration.table import TableGeometry, calibrate_table
from ui.cli import main


def _profile() -> Profile:
    k = np.array([[900.0, 0, 645.0], [0, 905.0, 355.0], [0, 0, 1]])
    intr = Intrinsics(k, np.array([-0.2, 0.05, 0.001, 0.0, 0.0]), (1280, 720), 0.3)
    h = np.array([[0.8, 0.05, -300.0], [0.01, 0.9, -120.0], [1e-5, 2e-4, 1.0]])
    table = TableGeometry(h, (1280, 720), True, (0, 1, 2, 3), 0.4, 0.9)
    colour = ColourCorrection(np.eye(3) * 1.1, np.array([0.01, 0.0, -0.01]))
    return Profile(intr, table, colour, 2.0)


def test_round_trip(tmp_path: Path) -> None:
    path = save_profile(_profile(), tmp_path / "p.json")
    again = load_profile(path)
    assert again.intrinsics is not None and again.table is not None and again.colour is not None
    assert np.allclose(again.intrinsics.camera_matrix, _profile().intrinsics.camera_matrix)  # type: ignore[union-attr]
    assert np.allclose(again.table.image_to_table, _profile().table.image_to_table)  # type: ignore[union-attr]
    assert again.rectified_px_per_mm == 2.0
    assert json.loads(path.read_text())["version"] == 1


def test_rescale_to_same_aspect_maps_the_same_table_points() -> None:
    p = _profile()
    big = p.for_image_size((1920, 1080))
    # the same physical ray: pixel centre (u, v) at 1280x720 is ((u + .5) * 1.5 - .5, ...) at 1920x1080
    pts = np.array([[100.0, 80.0], [640.0, 360.0], [1200.0, 700.0]])
    scaled = (pts + 0.5) * 1.5 - 0.5
    assert np.allclose(p.table.image_to_mm(pts), big.table.image_to_mm(scaled))  # type: ignore[union-attr]
    assert big.intrinsics.fx == pytest.approx(1350.0)  # type: ignore[union-attr]
    assert np.allclose(p.intrinsics.undistort_points(pts) * 1.5 + 0.25,  # type: ignore[union-attr]
                       big.intrinsics.undistort_points(scaled), atol=1e-6)  # type: ignore[union-attr]
    assert p.for_image_size((1280, 720)) is not None


def test_other_aspect_is_refused() -> None:
    with pytest.raises(ProfileMismatchError, match="made for 1280x720 frames .* camera gives 640x480"):
        _profile().for_image_size((640, 480))


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON (line 1, column 2"),
    ("[1, 2]", "expected a JSON object"),
    ('{"format": "something-else", "version": 1}', "not a TableSight calibration profile"),
    ('{"format": "%s"}' % PROFILE_FORMAT, "'version' missing"),
    ('{"format": "%s", "version": 99}' % PROFILE_FORMAT, "version 99 is newer"),
    ('{"format": "%s", "version": 1, "intrinsics": {"fx": 1}}' % PROFILE_FORMAT, "'intrinsics' lacks 'cx'"),
    ('{"format": "%s", "version": 1, "intrinsics": null, "table": {"image_size": [1, 2], "undistorted": false,'
     ' "image_to_table": [[1, 0], [0, 1]]}}' % PROFILE_FORMAT, "invertible 3x3"),
    ('{"format": "%s", "version": 1, "colour": {"matrix": [[1]], "offset": [0, 0, 0]}}' % PROFILE_FORMAT,
     "'colour' is malformed"),
])
def test_malformed_files_are_named(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    assert message in str(info.value) and str(path) in str(info.value)


def test_missing_file() -> None:
    with pytest.raises(ProfileError, match="no such file"):
        load_profile("/nonexistent/profile.json")


def test_table_fitted_with_intrinsics_needs_them() -> None:
    p = _profile()
    with pytest.raises(ProfileError, match="undistorted points but the profile has no intrinsics"):
        Profile(None, p.table, p.colour)


def test_cli_save_then_reuse_profile(view, write_png, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    v = view(15, 5)
    prof = tmp_path / "cam.json"
    save_profile(Profile(Intrinsics(v.camera_matrix, v.dist, (1280, 720))), prof)
    photo = write_png(v.image_bgr)
    assert main(["calibrate", "table", str(photo), "--profile", str(prof), "--save", str(prof)]) == 0
    out = capsys.readouterr().out
    assert "undistorted with the profile intrinsics" in out and f"saved {prof}" in out
    loaded = load_profile(prof)
    assert loaded.intrinsics is not None and loaded.table is not None and loaded.table.undistorted
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["calibrate", "table", str(photo), "--profile", str(bad)]) == 2
    assert "not a TableSight calibration profile" in capsys.readouterr().err


def test_cli_profile_without_intrinsics(view, write_png, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    photo = write_png(view(15, 5).image_bgr)
    prof = tmp_path / "table_only.json"
    assert main(["calibrate", "table", str(photo), "--save", str(prof)]) == 0
    capsys.readouterr()
    assert main(["calibrate", "table", str(photo), "--profile", str(prof)]) == 2
    assert "has no intrinsics" in capsys.readouterr().err


def test_saved_profile_rescales_rectifies_and_colour_corrects_like_the_calibration(view) -> None:
    """The steps the pipeline takes with a saved profile (the profile through JSON, rescaled to
    the frame size, rectifying and colour-correcting) give the calibration's own results. (No
    pipeline is built here: the pipeline's use of a profile is tracker/pipeline.py's to test.)"""
    from calibration.table import Rectifier
    v = view(20, 5, "warm")
    result = calibrate_table(v.image_bgr)
    profile = Profile.from_json(Profile(None, result.geometry, result.colour, 2.0).to_json())
    frame_profile = profile.for_image_size((1280, 720))
    rect = Rectifier(frame_profile.table, None, 2.0)(v.image_bgr)  # type: ignore[arg-type]
    assert np.array_equal(rect, result.rectified)
    corrected = frame_profile.colour.apply_bgr_image(rect)  # type: ignore[union-attr]
    assert corrected.shape == rect.shape
    assert np.array_equal(corrected, result.colour.apply_bgr_image(result.rectified))  # type: ignore[union-attr]
    assert np.abs(corrected.astype(int) - rect.astype(int)).mean() > 1  # the warm light is corrected
