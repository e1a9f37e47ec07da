"""The teach sheet's layout, finding it in a photo (any turn, partly in view) and cutting out the
places: checked on synthetic photos whose every place holds a known, distinct pattern."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration import layout
from calibration.errors import GeometryError, MarkersNotFoundError
from calibration.teach_print import draw_sheet
from calibration.teach_sheet import (CUT_PX_PER_MM, GAMES, cut_places, face_names, locate_sheet,
                                     place_corners_px, places_out_of_view, sheet_layout)
from tests.cli_inprocess import run_cli

PX_PER_MM = 4.0


def _sheet_with_patterns(game: str) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The printed sheet (BGR, 4 px/mm) with a distinct random-block pattern on each component's
    rectangle; returns the patterns as drawn, at 4 px/mm."""
    sheet = sheet_layout(game)
    page = draw_sheet(sheet, PX_PER_MM)[..., ::-1].copy()
    rng = np.random.default_rng(7)
    truth: dict[str, np.ndarray] = {}
    for place in sheet.places:
        (cx, cy), (w, h) = place.centre_mm, place.component_mm
        bw, bh = int(round(w * PX_PER_MM)), int(round(h * PX_PER_MM))
        blocks = rng.integers(0, 256, (4, 4, 3)).astype(np.uint8)
        pattern = cv2.resize(blocks, (bw, bh), interpolation=cv2.INTER_NEAREST)
        x0, y0 = int(round((cx - w / 2) * PX_PER_MM)), int(round((cy - h / 2) * PX_PER_MM))
        page[y0:y0 + bh, x0:x0 + bw] = pattern
        truth[place.name] = pattern
    return page, truth


def _photo(page: np.ndarray, turn_deg: float, size: tuple[int, int] = (2000, 1500),
           scale: float = 1.0, shift: tuple[float, float] = (0.0, 0.0), tilt: float = 0.0) -> np.ndarray:
    """The page seen by a camera: turned, scaled, shifted and with a perspective tilt."""
    h, w = page.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    c = src.mean(axis=0)
    a = np.radians(turn_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    turned = (src - c) @ rot.T
    span = turned.max(axis=0) - turned.min(axis=0)
    dst = turned * 0.85 * min(size[0] / span[0], size[1] / span[1]) * scale
    dst[:2, 0] *= 1.0 - tilt  # the far edge looks shorter
    dst += np.array([size[0] / 2 + shift[0], size[1] / 2 + shift[1]], np.float32)
    m = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    return cv2.warpPerspective(page, m, size, flags=cv2.INTER_AREA, borderValue=(60, 80, 70))


def test_layout_has_one_place_per_face_inside_the_page_and_no_overlaps() -> None:
    for game in GAMES:
        sheet = sheet_layout(game)
        assert sorted(sheet.names) == sorted(face_names(game))
        w, h = sheet.size_mm
        rects = [p.rect_mm for p in sheet.places] + [
            (min(x for x, _ in m.corners_mm), min(y for _, y in m.corners_mm),
             max(x for x, _ in m.corners_mm), max(y for _, y in m.corners_mm)) for m in sheet.markers]
        for i, (x0, y0, x1, y1) in enumerate(rects):
            assert 5.0 <= x0 and 5.0 <= y0 and x1 <= w - 5.0 and y1 <= h - 5.0, (game, i)
            for j, (a0, b0, a1, b1) in enumerate(rects[:i]):
                assert x1 <= a0 or a1 <= x0 or y1 <= b0 or b1 <= y0, (game, i, j)
        for p in sheet.places:
            assert p.size_mm[0] > p.component_mm[0] and p.size_mm[1] > p.component_mm[1]
    assert len(face_names("octocube")) == 36 and "abyss-I" in face_names("octocube")
    assert len(face_names("open_season")) == 31 and "barbarian-eyepatch" in face_names("open_season")
    ids = [i for g in GAMES for i in sheet_layout(g).marker_ids]
    assert len(set(ids)) == len(ids) and not set(ids) & set(layout.MARKER_IDS)


@pytest.mark.parametrize("game,turn", [("octocube", 8.0), ("octocube", 180.0), ("open_season", -95.0)])
def test_places_are_cut_out_where_the_patterns_lie(game: str, turn: float) -> None:
    page, truth = _sheet_with_patterns(game)
    photo = _photo(page, turn, tilt=0.12)
    where = locate_sheet(photo)
    assert where.game == game and len(where.markers_used) == 6
    cuts = cut_places(photo, where, at_height=False)  # the patterns are printed flat
    assert sorted(cuts) == sorted(face_names(game))
    for name, cut in cuts.items():
        want = cv2.resize(truth[name], (cut.shape[1], cut.shape[0]), interpolation=cv2.INTER_AREA)
        inner = (slice(6, -6), slice(6, -6))  # block edges blur at the photo's resolution
        err = np.abs(cut[inner].astype(int) - want[inner].astype(int)).mean()
        assert err < 12, (name, err)
    tile = sheet_layout(game).places[0].component_mm
    assert cuts[face_names(game)[0]].shape[:2] == (round(tile[1] * CUT_PX_PER_MM), round(tile[0] * CUT_PX_PER_MM))


def test_half_in_view_cuts_what_it_sees_and_names_the_rest() -> None:
    page, truth = _sheet_with_patterns("octocube")
    photo = _photo(page, 0.0, scale=1.25, shift=(700.0, 0.0))
    where = locate_sheet(photo, "octocube")
    assert 2 <= len(where.markers_used) < 6
    out = places_out_of_view((photo.shape[1], photo.shape[0]), where)
    cuts = cut_places(photo, where)
    assert cuts["white-starfish"].shape == (136, 136, 3)
    assert out and cuts and set(out).isdisjoint(cuts) and set(out) | set(cuts) == set(face_names("octocube"))
    assert "white-starfish" in cuts and "abyss" in out  # the left half is in view


def _move_marker(page: np.ndarray, game: str, marker_id: int, by_mm: float) -> None:
    """Move one printed marker ``by_mm`` to the right on the page, in place (its corners then
    disagree with the other markers', as when a cube beside it hides a corner in the photo)."""
    xs, ys = zip(*sheet_layout(game).marker(marker_id).corners_mm)
    x0, x1 = int(min(xs) * PX_PER_MM) - 4, int(max(xs) * PX_PER_MM) + 4
    y0, y1 = int(min(ys) * PX_PER_MM) - 4, int(max(ys) * PX_PER_MM) + 4
    block = page[y0:y1, x0:x1].copy()
    page[y0:y1, x0:x1] = 255
    dx = int(round(by_mm * PX_PER_MM))
    page[y0:y1, x0 + dx:x1 + dx] = block


def test_one_marker_the_others_disagree_with_is_left_out_and_named() -> None:
    """Printing 997915's first bench teach photo: Purple's cube beside marker 42 hid a corner, the
    marker read 5.8 px off, and the whole photo was refused (the bench stopped)."""
    page, truth = _sheet_with_patterns("octocube")
    _move_marker(page, "octocube", 42, 3.0)
    photo = _photo(page, 8.0, tilt=0.12)
    where = locate_sheet(photo, "octocube")
    assert where.markers_set_aside == (42,) and 42 not in where.markers_used and len(where.markers_used) == 5
    assert where.residual_max_px < 2.0
    cuts = cut_places(photo, where, at_height=False)
    want = cv2.resize(truth["green-pearl"], (cuts["green-pearl"].shape[1], cuts["green-pearl"].shape[0]),
                      interpolation=cv2.INTER_AREA)
    assert np.abs(cuts["green-pearl"][6:-6, 6:-6].astype(int) - want[6:-6, 6:-6].astype(int)).mean() < 12


def test_two_markers_the_others_disagree_with_refuse_the_photo() -> None:
    page, _ = _sheet_with_patterns("octocube")
    _move_marker(page, "octocube", 42, 3.0)
    _move_marker(page, "octocube", 39, -3.0)
    with pytest.raises(GeometryError, match="lay the sheet flat"):
        locate_sheet(_photo(page, 8.0, tilt=0.12), "octocube")


def test_the_camera_recovered_from_the_sheet_lifts_a_place_to_its_height() -> None:
    """A pinhole camera looking down at 25 degrees: the sheet's homography gives back its focal
    length, and a point 40 mm above the sheet projects where the camera puts it."""
    from vision.render.camera import CameraModel

    cam = CameraModel.looking_at((210.0, 148.5), tilt_deg=25.0, azimuth_deg=30.0, resolution=(1600, 1200),
                                 distance_mm=600.0)
    page, _ = _sheet_with_patterns("octocube")
    mm_to_px = np.diag([1 / PX_PER_MM, 1 / PX_PER_MM, 1.0])
    h = cam.table_to_image_homography @ mm_to_px
    photo = cv2.warpPerspective(page, h, (1600, 1200), flags=cv2.INTER_AREA, borderValue=(60, 80, 70))
    where = locate_sheet(photo)
    assert abs(where.focal_px - cam.fx) < 0.03 * cam.fx
    for place in sheet_layout("octocube").places[-4:]:  # the cubes
        want = cam.project_ideal(np.array([[*place.centre_mm, place.height_mm]]))[0]
        got = place_corners_px(where, place).mean(axis=0)
        assert np.linalg.norm(got - want) < 2.0, (place.name, got, want)
        flat = place_corners_px(where, place, at_height=False).mean(axis=0)
        assert np.linalg.norm(flat - want) > 15.0  # the correction matters at this tilt


def test_a_photo_without_the_sheet_names_what_is_missing() -> None:
    blank = np.full((600, 800, 3), 128, np.uint8)
    with pytest.raises(MarkersNotFoundError, match="none of the teach sheet's markers"):
        locate_sheet(blank)
    page, _ = _sheet_with_patterns("octocube")
    photo = _photo(page, 0.0)
    with pytest.raises(MarkersNotFoundError, match="none of the Open Season teach sheet's markers.*"
                                                   "Octocube sheet"):
        locate_sheet(photo, "open_season")
    from calibration.synthetic import render_view

    table = render_view(10.0, 0.0, "neutral").image_bgr  # the corner cards, no teach sheet
    with pytest.raises(MarkersNotFoundError, match=r"corner card markers 0, 1, 2 and 3 seen: that is the table"):
        locate_sheet(table)
    only_one = photo.copy()
    only_one[:, 400:] = 128  # keeps only the left markers 38 and 43
    only_one[900:] = 128
    with pytest.raises(MarkersNotFoundError, match=r"marker 38; markers 39 \(top middle\).*need at least 2"):
        locate_sheet(only_one, "octocube")


def test_markers_teach_writes_a_printable_a3_sheet(tmp_path) -> None:
    import subprocess
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return run_cli(*args, cwd=repo)

    png = tmp_path / "teach.png"
    res = cli("markers", "--teach", "open_season", "--out", str(png), "--dpi", "100")
    assert res.returncode == 0, res.stderr
    assert "Open Season teach sheet, 31 labelled places, markers 44, 45, 46, 47, 48, 49" in res.stdout
    image = cv2.imread(str(png))
    assert image is not None
    assert image.shape[:2] == (round(297 / 25.4 * 100), round(420 / 25.4 * 100))
    where = locate_sheet(image)  # the printed file itself is a perfect photo of the sheet
    assert where.game == "open_season" and len(where.markers_used) == 6 and where.residual_max_px < 1.0
    assert abs(np.linalg.norm(where.image_to_sheet[:2, :2] @ [1.0, 0.0]) - 25.4 / 100) < 0.01
    pdf = tmp_path / "teach.pdf"
    res = cli("markers", "--teach", "octocube", "--out", str(pdf))
    assert res.returncode == 0 and pdf.read_bytes().startswith(b"%PDF-1.4")
    assert b"/MediaBox [0 0 1190.551 841.890]" in pdf.read_bytes()  # A3 landscape in points
    bad = cli("markers", "--teach", "octocube", "--out", str(tmp_path / "nowhere" / "t.pdf"))
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "does not exist" in bad.stderr
    bad = cli("markers", "--teach", "octo_dice", "--out", str(pdf))
    assert bad.returncode == 2 and "invalid choice" in bad.stderr
