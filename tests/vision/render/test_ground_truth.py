"""Ground-truth polygons land on the drawn components: the colour inside a polygon is the
component's colour; YOLO labels agree with the JSON."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rules.octocube.components import Tile
from vision.render import octocube_art
from vision.render.camera import CameraModel
from vision.render.groundtruth import yolo_lines
from vision.render.renderer import Renderer, RenderOptions


def _sample(image: np.ndarray, cam: CameraModel, comp: dict, u: float, v: float,
            r: int = 1) -> np.ndarray:
    """Mean BGR of a (2r+1)^2 patch at local (u, v) in [-1, 1]^2 of the component's top face."""
    p = comp["pose"]
    w, d, h = comp["size_mm"]
    c, s = math.cos(math.radians(p["yaw_deg"])), math.sin(math.radians(p["yaw_deg"]))
    lx, ly = u * w / 2, v * d / 2
    pt = np.array([[p["x"] + lx * c - ly * s, p["y"] + lx * s + ly * c, p["z"] + h]])
    x, y = np.round(cam.project(pt)[0]).astype(int)
    return image[y - r: y + r + 1, x - r: x + r + 1].reshape(-1, 3).mean(axis=0)


def _expected_bgr(identity: str) -> np.ndarray:
    if identity.startswith("cube "):
        rgb = octocube_art.PLAYER_RGB[identity[5:]]
    else:
        tile = Tile.from_json(identity)
        if tile.kind == "object":
            assert tile.colour is not None
            rgb = octocube_art.BACKGROUND_RGB[tile.colour]
        elif tile.kind == "coin":
            rgb = octocube_art.COIN_BG_RGB
        else:
            rgb = octocube_art.ABYSS_BG_RGB
    return np.array(rgb[::-1], np.float64)


@pytest.mark.parametrize("fixture", ["clean_tilted", "clean_distorted"])
def test_colour_inside_each_polygon_is_the_components_colour(fixture: str, request) -> None:
    cam, res = request.getfixturevalue(fixture)
    checked = 0
    for comp in res.ground_truth["components"]:
        if comp["yolo_class"] == "board" or comp["visible_fraction"] < 0.97:
            continue
        expected = _expected_bgr(comp["identity"])
        # tile corners are background; a cube's top face has a 3 mm plastic rim (sampled
        # at the middle of each edge, one pixel: the rim is only ~3 px wide)
        spots: tuple[tuple[float, float], ...]
        if comp["identity"].startswith("cube"):
            spots, r = ((0, -0.92), (0.92, 0), (0, 0.92), (-0.92, 0)), 0
        else:
            spots, r = ((-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)), 1
        for u, v in spots:
            got = _sample(res.image, cam, comp, u, v, r)
            assert np.abs(got - expected).max() < 40, (
                f"{comp['uid']} ({comp['identity']}): sampled {got.round()} expected {expected}")
        checked += 1
    assert checked >= 20


def test_polygon_contains_top_face_and_bbox_contains_polygon(clean_tilted) -> None:
    import cv2

    cam, res = clean_tilted
    for comp in res.ground_truth["components"]:
        hull = np.array(comp["polygon_px"], np.float32)
        for x, y in comp["top_polygon_px"]:
            assert cv2.pointPolygonTest(hull, (float(x), float(y)), True) > -0.01
        x0, y0, x1, y1 = comp["bbox_px"]
        assert (hull[:, 0] >= x0 - 0.01).all() and (hull[:, 0] <= x1 + 0.01).all()
        assert (hull[:, 1] >= y0 - 0.01).all() and (hull[:, 1] <= y1 + 0.01).all()


def test_id_map_marks_the_component_under_its_polygon(clean_tilted) -> None:
    """The id at the centre of each fully visible component's top face is that component's own
    ``mask_id``, and most of its top face carries that id (not just "some component")."""
    import cv2

    cam, res = clean_tilted
    comps = res.ground_truth["components"]
    assert len({c["mask_id"] for c in comps}) == len(comps)  # one id per component
    checked = 0
    for comp in comps:
        if comp["visible_fraction"] < 0.97:
            continue
        top = np.array(comp["top_polygon_px"], np.float32)
        cx, cy = top.mean(axis=0)
        assert res.id_map[int(round(cy)), int(round(cx))] == comp["mask_id"], comp["uid"]
        inside = np.zeros(res.id_map.shape, np.uint8)
        cv2.fillPoly(inside, [np.round(top).astype(np.int32)], 1)
        ids = res.id_map[inside.astype(bool)]
        if ids.size >= 50:
            share = float(np.mean(ids == comp["mask_id"]))
            assert share > 0.8, f"{comp['uid']}: only {share:.0%} of its top face carries its id"
        checked += 1
    assert checked >= 20


def test_occluded_components_report_partial_visibility(renderer: Renderer, octocube_4p) -> None:
    from vision.render.hands import Hand

    cam = CameraModel.looking_at(tilt_deg=10.0)
    stack = next(c for c in octocube_4p.components if c.uid.startswith("stack"))
    hand = Hand(entry_mm=(stack.pose.x, 1200.0), tip_mm=(stack.pose.x, stack.pose.y - 30),
                height_mm=60.0)
    res = renderer.render(octocube_4p, cam, RenderOptions.clean().__class__(
        lighting=RenderOptions.clean().lighting, sensor=RenderOptions.clean().sensor,
        hands=(hand,)), seed=3)
    gt = {c["uid"]: c for c in res.ground_truth["components"]}
    assert gt[stack.uid]["visible_fraction"] < 0.5
    assert res.ground_truth["hands"][0]["tip_mm"] == list(hand.tip_mm) or \
        tuple(res.ground_truth["hands"][0]["tip_mm"]) == hand.tip_mm


def test_yolo_lines_match_ground_truth(clean_tilted) -> None:
    from vision.render.octocube_scene import tile_classes

    cam, res = clean_tilted
    classes = tile_classes()
    lines = yolo_lines(res.ground_truth, classes)
    visible = [c for c in res.ground_truth["components"]
               if c["in_image"] and c["visible_fraction"] >= 0.15]
    assert len(lines) == len(visible) > 20
    for line, comp in zip(lines, visible, strict=True):
        k, cx, cy, w, h = line.split()
        assert classes[int(k)] == comp["yolo_class"]
        assert all(0.0 <= float(v) <= 1.0 for v in (cx, cy, w, h))
    with pytest.raises(KeyError, match="not in the class list"):
        yolo_lines(res.ground_truth, classes[:3])
