"""Intrinsics: the real OpenCV sample photos, ChArUco on synthetic views, and every bad input."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.intrinsics import calibrate_intrinsics, parse_pattern
from tests.images import read_image
from ui.cli import main

REFERENCE = {"fx": 535.9, "fy": 535.9, "cx": 342.3, "cy": 235.6}  # left_intrinsics.yml (OpenCV)


def left_photos(shared_data: Path) -> list[Path]:
    photos = sorted((shared_data / "calibration-photos").glob("left*.jpg"))
    if not photos:
        pytest.skip("no left*.jpg in calibration-photos")
    return photos


def test_real_photos_match_opencv_reference(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    photos = left_photos(shared_data)
    assert main(["calibrate", "intrinsics", *map(str, photos), "--pattern", "9x6", "--square-mm", "25",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    print(f"\nreal photos: fx {data['fx']:.2f} fy {data['fy']:.2f} cx {data['cx']:.2f} cy {data['cy']:.2f} "
          f"rms {data['rms']:.3f} used {len(data['used'])}")
    assert abs(data["fx"] - REFERENCE["fx"]) / REFERENCE["fx"] <= 0.01
    assert abs(data["fy"] - REFERENCE["fy"]) / REFERENCE["fy"] <= 0.01
    assert abs(data["cx"] - REFERENCE["cx"]) <= 5 and abs(data["cy"] - REFERENCE["cy"]) <= 5
    assert data["rms"] <= 0.5
    assert len(data["used"]) == len(photos) and data["rejected"] == []
    assert len(data["dist"]) == 5 and data["image_size"] == [640, 480]


def test_rejections_are_named_with_reasons(shared_data: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    photos = left_photos(shared_data)
    grey = read_image(photos[0])
    blurred = tmp_path / "blurred.png"
    cv2.imwrite(str(blurred), cv2.GaussianBlur(grey, (0, 0), 3))
    bigger = tmp_path / "bigger.png"
    cv2.imwrite(str(bigger), cv2.resize(read_image(photos[1]), (800, 600)))
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((480, 640, 3), 128, np.uint8))
    text = tmp_path / "notes.jpg"
    text.write_text("not a photo")
    truncated = tmp_path / "truncated.jpg"
    truncated.write_bytes(photos[2].read_bytes()[:200])
    args = [*map(str, photos[3:]), str(blurred), str(bigger), str(blank), str(text), str(truncated),
            str(tmp_path / "missing.jpg")]
    assert main(["calibrate", "intrinsics", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    reasons = {Path(r["photo"]).name: r["reason"] for r in data["rejected"]}
    assert reasons["blurred.png"].startswith("too blurred")
    assert reasons["bigger.png"].startswith("wrong size: 800x600")
    assert reasons["blank.png"].startswith("too blurred") or "pattern not found" in reasons["blank.png"]
    assert reasons["notes.jpg"].startswith("not an image")
    assert reasons["truncated.jpg"].startswith("unreadable image")
    assert reasons["missing.jpg"] == "no such file"
    assert len(data["used"]) == len(photos) - 3


def test_sharp_photo_with_pattern_but_blurred_is_rejected(shared_data: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    photos = left_photos(shared_data)
    blurred = []
    for p in photos[:4]:
        out = tmp_path / p.name
        cv2.imwrite(str(out), cv2.GaussianBlur(read_image(p), (0, 0), 2.5))
        blurred.append(str(out))
    assert main(["calibrate", "intrinsics", *blurred]) == 2
    err = capsys.readouterr().err
    assert "too blurred" in err and "usable in 0 of 4 photos" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("pattern, message", [
    ("8x6", "wrong pattern size"),           # smaller than the board: would silently match a part
    ("9x7", "try --pattern 9x6"),            # larger: never found; the hint names the right size
])
def test_wrong_pattern_size(shared_data: Path, pattern: str, message: str,
                            capsys: pytest.CaptureFixture[str]) -> None:
    photos = left_photos(shared_data)[:5]
    assert main(["calibrate", "intrinsics", *map(str, photos), "--pattern", pattern]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_no_pattern_and_not_images(tmp_path: Path, write_png, view,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    table = write_png(view(10).image_bgr, "table.png")  # a sharp photo with no chessboard
    text = tmp_path / "a.txt"
    text.write_text("hello")
    assert main(["calibrate", "intrinsics", str(table), str(text)]) == 2
    err = capsys.readouterr().err
    assert "usable in 0 of 2 photos" in err and "pattern not found" in err and "not an image" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("args, message", [
    (["--pattern", "nine"], "write it as COLSxROWS"),
    (["--pattern", "9x6", "--square-mm", "0"], "--square-mm must be positive"),
    (["--pattern", "charuco:5x7", "--marker-mm", "40", "--square-mm", "30"], "must be smaller"),
])
def test_bad_arguments(args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", "intrinsics", str(tmp_path / "x.jpg"), *args]) == 2
    assert message in capsys.readouterr().err


def _charuco_views(n: int) -> tuple[list[np.ndarray], np.ndarray]:
    """A ChArUco board seen by a known pinhole camera from several angles."""
    board = cv2.aruco.CharucoBoard((7, 5), 30.0, 22.0, cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    ppm = 8.0
    board_img = board.generateImage((int(7 * 30 * ppm), int(5 * 30 * ppm)), marginSize=0, borderBits=1)
    k = np.array([[700.0, 0, 330.0], [0, 700.0, 245.0], [0, 0, 1]])
    px_to_mm = np.array([[1 / ppm, 0, 0.5 / ppm], [0, 1 / ppm, 0.5 / ppm], [0, 0, 1]])
    rng = np.random.default_rng(3)
    views = []
    for i in range(n):
        rx, ry = np.radians(rng.uniform(-30, 30)), np.radians(rng.uniform(-30, 30))
        r = cv2.Rodrigues(np.array([rx, ry, rng.uniform(-0.3, 0.3)]))[0]
        centre = np.array([105.0, 75.0, 0.0])
        t = np.array([rng.uniform(-20, 20), rng.uniform(-20, 20), 420.0]) - r @ centre
        h = k @ np.column_stack([r[:, 0], r[:, 1], t]) @ px_to_mm
        img = cv2.warpPerspective(board_img, h, (640, 480), flags=cv2.INTER_AREA, borderValue=200)
        views.append(cv2.GaussianBlur(img, (0, 0), 0.6))
    return views, k


def test_charuco_recovers_known_focal_length(tmp_path: Path) -> None:
    images, k = _charuco_views(6)
    paths = []
    for i, img in enumerate(images):
        paths.append(tmp_path / f"charuco{i}.png")
        cv2.imwrite(str(paths[-1]), img)
    spec = parse_pattern("charuco:7x5", 30.0, 22.0)
    result = calibrate_intrinsics(paths, spec)
    got = result.intrinsics
    assert len(result.used) == 6
    assert abs(got.fx - k[0, 0]) / k[0, 0] < 0.02 and abs(got.fy - k[1, 1]) / k[1, 1] < 0.02
    assert abs(got.cx - k[0, 2]) < 10 and abs(got.cy - k[1, 2]) < 10
    assert got.rms is not None and got.rms < 0.5


def test_save_updates_profile_and_drops_stale_table(shared_data: Path, tmp_path: Path, view,
                                                    write_png, capsys: pytest.CaptureFixture[str]) -> None:
    from calibration.profile import load_profile
    prof = tmp_path / "p.json"
    assert main(["calibrate", "table", str(write_png(view(10).image_bgr)), "--save", str(prof)]) == 0
    assert load_profile(prof).table is not None
    photos = left_photos(shared_data)
    assert main(["calibrate", "intrinsics", *map(str, photos), "--save", str(prof)]) == 0
    out = capsys.readouterr().out
    assert "table geometry was dropped" in out
    loaded = load_profile(prof)
    assert loaded.intrinsics is not None and loaded.table is None and loaded.colour is not None
