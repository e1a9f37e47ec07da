"""Table calibration on synthetic views with exact ground truth."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration import layout
from calibration.config import DEFAULT_CONFIG, CalibrationConfig
from calibration.colour import delta_e_report
from calibration.errors import GeometryError, MarkersNotFoundError
from calibration.intrinsics import Intrinsics
from calibration.synthetic import PROBES, render_view
from calibration.table import MarkerScan, calibrate_table, detect_markers, fit_table_geometry
from ui.cli import main

GRID = np.array([(x, y) for x in np.linspace(0, layout.PLAY_AREA_MM, 7) for y in np.linspace(0, layout.PLAY_AREA_MM, 7)])


def play_area_error_mm(result, view) -> float:
    """Worst distance (mm) between a play-area point and where the calibration puts its image."""
    seen = view.table_to_image(GRID)
    ideal = seen
    if result.geometry.undistorted:
        ideal = Intrinsics(view.camera_matrix, view.dist, (1280, 720)).undistort_points(seen)
    return float(np.linalg.norm(result.geometry.image_to_mm(ideal) - GRID, axis=1).max())


def probe_delta_e(result) -> list[float]:
    """Held-out swatches inside the play area, after the correction fitted on the patches."""
    out = []
    for _, rgb, (x0, y0, x1, y1) in PROBES:
        (u0, v0), (u1, v1) = result.rectifier.table_mm_to_px(np.array([[x0 + 8, y0 + 8], [x1 - 8, y1 - 8]]))
        pixels = result.rectified[int(v0):int(v1), int(u0):int(u1)].reshape(-1, 3)[:, ::-1]
        corrected = result.colour.apply_rgb8(np.median(pixels, 0), np.array([(x0 + x1) / 2, (y0 + y1) / 2]))
        out.append(float(delta_e_report(corrected, np.array(rgb))["de2000"]))
    return out


@pytest.mark.parametrize("tilt, yaw", [(0, 0), (15, 10), (30, -20)])
def test_corner_error_under_1_mm_up_to_30_degrees(view, tilt: float, yaw: float) -> None:
    v = view(tilt, yaw)
    result = calibrate_table(v.image_bgr)
    assert result.geometry.markers_used == (0, 1, 2, 3)
    err = play_area_error_mm(result, v)
    print(f"\ntilt {tilt}: worst play-area error {err:.3f} mm")
    assert err <= 1.0
    assert result.rectified.shape[:2] == (1480, 1480)


@pytest.mark.parametrize("light", ["warm", "cool", "greenish"])
def test_colour_correction_within_delta_e_5(view, light: str) -> None:
    result = calibrate_table(view(20, 5, light).image_bgr)
    summary = result.colour_summary()
    assert summary["patches_used"] == len(layout.COLOUR_PATCHES)
    assert summary["max_before"] > 5  # the cast is real...
    assert summary["max_after"] <= 5  # ...and corrected on every patch
    assert max(probe_delta_e(result)) <= 5  # and on colours the fit never saw


def test_uneven_light_is_flattened_by_the_paper_white_field() -> None:
    """A lamp on the left: the right-hand card gets 35 % less light. One matrix cannot fit both
    cards; dividing by the light level measured on the cards' paper can."""
    v = render_view(15, 5, "warm", falloff=0.35, exposure=1.1, seed=11)
    with_field = calibrate_table(v.image_bgr)
    without = calibrate_table(v.image_bgr, None, CalibrationConfig(illumination_field=False))
    assert with_field.colour is not None and with_field.colour.illumination is not None
    a, _, _ = with_field.colour.illumination.coefficients
    assert a < -0.05  # darker towards +x (the right)
    assert with_field.colour_summary()["max_after"] <= 5
    assert without.colour_summary()["max_after"] > with_field.colour_summary()["max_after"]
    probes = probe_delta_e(with_field)
    print(f"\nuneven light: patches max {with_field.colour_summary()['max_after']} (without field "
          f"{without.colour_summary()['max_after']}), probes max {max(probes):.2f}")
    assert max(probes) <= 5


def test_one_marker_covered_uses_the_other_three(view) -> None:
    v = view(25, 8, "warm", cover=1)
    result = calibrate_table(v.image_bgr)
    assert result.geometry.markers_used == (0, 2, 3)
    assert any("marker 1 (top right) not used" in n and "other 3 markers (12 corner" in n for n in result.notes)
    assert play_area_error_mm(result, v) <= 1.0


def test_covered_patches_are_skipped(view) -> None:
    v = view(15, 0, "cool")
    image = v.image_bgr.copy()
    covered = {"white", "red", "blue"}
    for patch in layout.COLOUR_PATCHES:
        if patch.name in covered:  # a finger over the left half of the patch
            x0, y0 = patch.corners_mm[0]
            quad = v.table_to_image(np.array([(x0 - 3, y0 - 3), (x0 + 8, y0 - 3), (x0 + 8, y0 + 17), (x0 - 3, y0 + 17)]))
            cv2.fillConvexPoly(image, np.round(quad).astype(np.int32), (120, 150, 205))
    result = calibrate_table(image)
    skipped = {p.name for p in result.patches if p.skipped}
    assert skipped == covered
    assert all("not uniform" in p.skipped for p in result.patches if p.skipped)
    assert result.colour is not None and result.colour_summary()["max_after"] <= 5


def test_two_markers_missing_is_refused_with_names(view) -> None:
    scan = detect_markers(view(10).image_bgr)
    partial = MarkerScan({i: scan.corners[i] for i in (0, 1)})
    with pytest.raises(MarkersNotFoundError) as info:
        fit_table_geometry(partial, (1280, 720), None)
    assert str(info.value).startswith(
        "found markers 0, 1; markers 2 (bottom right) and 3 (bottom left) are not visible")


def _turned(quad: np.ndarray, degrees: float) -> np.ndarray:
    a = np.radians(degrees)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return (quad - quad.mean(0)) @ rot.T + quad.mean(0)


def test_misplaced_card_is_ignored_or_refused(view) -> None:
    scan = detect_markers(view(10).image_bgr)
    moved = dict(scan.corners)
    moved[3] = moved[3] + [25.0, -10.0]  # card 3 slid about 25 mm
    geometry, notes = fit_table_geometry(MarkerScan(moved), (1280, 720), None)
    assert geometry.markers_used == (0, 1, 2)
    assert any("marker 3 (bottom left)" in n and "ignored" in n for n in notes)
    turned = {i: scan.corners[i] for i in (0, 1, 3)}
    turned[3] = _turned(turned[3], 8.0)  # card 3 turned by 8 degrees, only three markers visible
    with pytest.raises(GeometryError, match="do not match the printed sheet"):
        fit_table_geometry(MarkerScan(turned), (1280, 720), None)


def test_lens_distortion_needs_the_intrinsics() -> None:
    dist = (-0.28, 0.09, 0.0, 0.0, 0.0)
    v = render_view(20, 5, "neutral", dist=dist, seed=4)
    intrinsics = Intrinsics(v.camera_matrix, np.asarray(dist), (1280, 720))
    with_k = calibrate_table(v.image_bgr, intrinsics)
    without = calibrate_table(v.image_bgr, None, DEFAULT_CONFIG.__class__(max_marker_residual_px=50))
    err_with, err_without = play_area_error_mm(with_k, v), play_area_error_mm(without, v)
    print(f"\ndistorted lens: {err_with:.2f} mm with intrinsics, {err_without:.2f} mm without")
    assert err_with <= 1.0 and err_without > 2 * err_with


def test_cli_table_json_and_outputs(view, write_png, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    photo = write_png(view(20, 5, "warm").image_bgr)
    rect, prof = tmp_path / "top.png", tmp_path / "p.json"
    assert main(["calibrate", "table", str(photo), "--json", "--rectified", str(rect), "--save", str(prof)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["markers_found"] == [0, 1, 2, 3] and data["markers_missing"] == []
    assert data["colour"]["delta_e"] == "CIEDE2000" and data["colour"]["max_after"] <= 5
    assert data["rectified"]["px_per_mm"] == 2.0
    top = cv2.imread(str(rect))
    assert top is not None and top.shape[:2] == (1480, 1480)
    assert json.loads(prof.read_text())["table"]["image_size"] == [1280, 720]


@pytest.mark.parametrize("cover, message", [
    (None, "found none of the corner markers"),
    ("two", "found markers 0, 1; markers 2 (bottom right) and 3 (bottom left) are not visible"),
])
def test_cli_refuses_with_one_line(view, write_png, cover, message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    image = view(10).image_bgr.copy()
    if cover is None:
        image[:] = 90
    else:  # paint over the two bottom cards
        image[image.shape[0] // 2:, :] = (60, 110, 150)
    assert main(["calibrate", "table", str(write_png(image))]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_cli_table_not_an_image(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "table.jpg"
    bad.write_bytes(b"\x00\x01 definitely not a jpeg")
    assert main(["calibrate", "table", str(bad)]) == 2
    assert "not an image" in capsys.readouterr().err


def test_cli_config_overrides_thresholds(view, write_png, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    photo = write_png(view(25, 8, "warm", cover=1).image_bgr)
    strict = tmp_path / "strict.json"
    strict.write_text('{"min_markers": 4}')
    assert main(["calibrate", "table", str(photo), "--config", str(strict)]) == 2
    assert "marker 1 (top right) is not visible; need at least 4" in capsys.readouterr().err
    typo = tmp_path / "typo.json"
    typo.write_text('{"min_marker": 4}')
    assert main(["calibrate", "table", str(photo), "--config", str(typo)]) == 2
    assert "unknown setting(s) min_marker" in capsys.readouterr().err


def test_cli_table_measures_a_bent_lens_on_the_markers_and_saves_it(write_png, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Without --profile, a barrel that bends the markers past the 2.5 px check (refused before,
    "calibrate its intrinsics and pass --profile") is measured on them, as run and the app do
    without a profile; the profile saved holds that lens and the table fitted through it."""
    from calibration.profile import load_profile

    bent = render_view(15.0, 10.0, image_size=(1280, 960), focal_px=860.0, dist=(-0.15, 0, 0, 0, 0))
    prof = tmp_path / "p.json"
    assert main(["calibrate", "table", str(write_png(bent.image_bgr)), "--json", "--save", str(prof)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert any("barrel was measured on them" in note for note in data["notes"])
    saved = load_profile(str(prof))
    assert saved.intrinsics is not None and saved.intrinsics.dist[0] < -0.05
    assert saved.table is not None and saved.table.undistorted
    assert main(["calibrate", "table", str(write_png(bent.image_bgr, "again.png"))]) == 0
    assert "undistorted with the lens measured on the markers" in capsys.readouterr().out
