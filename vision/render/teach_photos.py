"""The twin's photos of a teach sheet (``tablesight render GAME --teach-sheet``): the printed
sheet on the table with one of each component face up on its place, drawn with an art pack,
under random light, from a random side and tilt (0-35 degrees), each component a little off its
place and turned, as players lay them. The labels say where each face lies in the photo."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration.teach_sheet import sheet_layout
from vision.render.art_pack import ArtPack, art_key, builtin_key
from vision.render.camera import CameraModel
from vision.render.renderer import Renderer, RenderOptions
from vision.render.scene import Component, Pose, Scene, stable_rng_seed

SHEET_CENTRE_MM = (300.0, 300.0)
"""The sheet lies in the middle of the play area (the corner cards may be in view too)."""
SHEET_THICKNESS_MM = 0.3
MAX_OFFSET_MM = 1.5
MAX_TURN_DEG = 4.0
MAX_TILT_DEG = 35.0
CARDBOARD_RGB = (206, 196, 174)


def _to_table(sheet_mm: tuple[float, float], sheet_size: tuple[float, float], yaw_deg: float,
              centre: tuple[float, float]) -> tuple[float, float]:
    c, s = math.cos(math.radians(yaw_deg)), math.sin(math.radians(yaw_deg))
    dx, dy = sheet_mm[0] - sheet_size[0] / 2, sheet_mm[1] - sheet_size[1] / 2
    return (centre[0] + dx * c - dy * s, centre[1] + dx * s + dy * c)


def teach_scene(game: str, pack: ArtPack | None, seed: int) -> tuple[Scene, dict[str, Any]]:
    """The sheet and its components for photo ``seed``; also each face's offset and turn."""
    sheet = sheet_layout(game)
    rng = random.Random(stable_rng_seed("teach scene", game, seed))
    yaw = rng.uniform(-8.0, 8.0)
    centre = (SHEET_CENTRE_MM[0] + rng.uniform(-20, 20), SHEET_CENTRE_MM[1] + rng.uniform(-20, 20))
    scene = Scene(game=game, table_style=rng.choice(["wood", "cloth", "plain"]),
                  play_mat_rgb=rng.choice([None, (58, 92, 76)]), seed=seed)
    scene.add(Component("teach sheet", game, "teach_sheet", "teach sheet", Pose(*centre, 0.0, yaw),
                        (*sheet.size_mm, SHEET_THICKNESS_MM), {"top": ("teach", game)},
                        labelled=False, casts_shadow=False))
    placed: dict[str, Any] = {}
    for place in sheet.places:
        dx, dy = rng.uniform(-MAX_OFFSET_MM, MAX_OFFSET_MM), rng.uniform(-MAX_OFFSET_MM, MAX_OFFSET_MM)
        turn = rng.uniform(-MAX_TURN_DEG, MAX_TURN_DEG)
        x, y = _to_table((place.centre_mm[0] + dx, place.centre_mm[1] + dy), sheet.size_mm, yaw, centre)
        key = art_key(pack, builtin_key(game, place.name))
        w, d = place.component_mm
        if place.kind == "cube":
            size = (w, d, w)
            faces = {f: key for f in ("top", "north", "east", "south", "west")}
        elif place.kind == "tile":
            size, faces = (w, d, 2.5), {"top": key}
        else:
            size, faces = (w, d, 0.35), {"top": key}
        scene.add(Component(place.name, game, place.name, place.name,
                            Pose(x, y, SHEET_THICKNESS_MM, yaw + turn), size, faces,
                            side_rgb=CARDBOARD_RGB if place.kind == "tile" else (240, 240, 236),
                            glossy=pack.gloss if pack is not None else 0.0,
                            state={"place": place.name, "offset_mm": [round(dx, 2), round(dy, 2)],
                                   "turn_deg": round(turn, 2)}))
        placed[place.name] = {"offset_mm": [round(dx, 3), round(dy, 3)], "turn_deg": round(turn, 3),
                              "table_mm": [round(x, 2), round(y, 2)], "height_mm": size[2]}
    info = {"sheet_yaw_deg": round(yaw, 3), "sheet_centre_mm": [round(v, 2) for v in centre], "faces": placed}
    return scene, info


def teach_camera(rng: random.Random, sheet_centre: tuple[float, float], corners: np.ndarray,
                 resolution: tuple[int, int], tilt_deg: float | None) -> CameraModel:
    """A phone held over the sheet: any side, tilt 0-35, the whole sheet (``corners``, table mm
    with height) in the frame and filling most of it."""
    tilt = rng.uniform(0.0, MAX_TILT_DEG) if tilt_deg is None else tilt_deg
    azimuth = rng.uniform(0.0, 360.0)
    roll = rng.uniform(-4.0, 4.0)
    hfov = rng.uniform(55.0, 75.0)
    dist = (rng.uniform(-0.08, 0.02), rng.uniform(-0.01, 0.03), 0.0, 0.0, 0.0)
    margin = rng.uniform(0.03, 0.12)
    w, h = resolution
    lo, hi = 150.0, 5000.0
    for _ in range(30):
        mid = (lo + hi) / 2
        px = CameraModel.looking_at(sheet_centre, tilt_deg=tilt, azimuth_deg=azimuth, roll_deg=roll,
                                    hfov_deg=hfov, resolution=resolution, distance_mm=mid, dist=dist).project(corners)
        inside = bool(np.all(px[:, 0] >= margin * w) and np.all(px[:, 0] <= (1 - margin) * w)
                      and np.all(px[:, 1] >= margin * h) and np.all(px[:, 1] <= (1 - margin) * h))
        lo, hi = (lo, mid) if inside else (mid, hi)
    return CameraModel.looking_at(sheet_centre, tilt_deg=tilt, azimuth_deg=azimuth, roll_deg=roll,
                                  hfov_deg=hfov, resolution=resolution, distance_mm=hi, dist=dist)


def render_teach_photo(game: str, pack: ArtPack | None, seed: int, renderer: Renderer,
                       resolution: tuple[int, int] = (1920, 1080), tilt_deg: float | None = None
                       ) -> tuple[np.ndarray, dict[str, Any]]:
    """One photo (BGR) and its labels."""
    scene, info = teach_scene(game, pack, seed)
    rng = random.Random(stable_rng_seed("teach photo", game, seed))
    sheet = sheet_layout(game)
    centre = (info["sheet_centre_mm"][0], info["sheet_centre_mm"][1])
    sheet_corners = [(0.0, 0.0), (sheet.size_mm[0], 0.0), sheet.size_mm, (0.0, sheet.size_mm[1])]
    table = [_to_table(c, sheet.size_mm, info["sheet_yaw_deg"], centre) for c in sheet_corners]
    corners = np.array([(x, y, SHEET_THICKNESS_MM) for x, y in table])
    camera = teach_camera(rng, centre, corners, resolution, tilt_deg)
    options = RenderOptions.random(rng, hands=False, distractors=False)
    res = renderer.render(scene, camera, options, seed=seed)
    faces = {}
    for comp in scene.components[1:]:
        top = np.array([(x, y, comp.top_z) for x, y, _ in comp.corners_mm(comp.size_mm[2])])
        px = camera.project(top)
        visible = next((c.get("visible_fraction") for c in res.ground_truth.get("components", [])
                        if c.get("uid") == comp.uid), None)
        faces[comp.uid] = {**info["faces"][comp.uid], "corners_px": np.round(px, 2).tolist(),
                           "centre_px": np.round(px.mean(axis=0), 2).tolist(), "visible_fraction": visible}
    labels = {"game": game, "seed": seed, "art": pack.root if pack is not None else "built-in",
              "tilt_deg": round(camera.tilt_deg, 2), "lighting": _lighting(options),
              "sheet_corners_px": np.round(camera.project(corners), 2).tolist(),
              "sheet_yaw_deg": info["sheet_yaw_deg"], "camera": camera.to_json(), "faces": faces}
    return res.image, labels


def _lighting(options: RenderOptions) -> dict[str, Any]:
    light = options.lighting
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in vars(light).items()
            if isinstance(v, (int, float, str))}


def write_teach_photos(game: str, pack: ArtPack | None, seed: int, count: int, out_dir: str | Path,
                       resolution: tuple[int, int] = (1920, 1080), tilt_deg: float | None = None,
                       image_format: str = "jpg") -> dict[str, Any]:
    """``images/teach_GAME_SEED_I.jpg`` and ``gt/...json`` for ``count`` photos."""
    out = Path(out_dir)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "gt").mkdir(exist_ok=True)
    renderer = Renderer()
    for i in range(count):
        image, labels = render_teach_photo(game, pack, stable_rng_seed("teach", seed, i), renderer,
                                           resolution, tilt_deg)
        stem = f"teach_{game}_{seed}_{i:04d}"
        path = out / "images" / f"{stem}.{image_format}"
        params = [cv2.IMWRITE_JPEG_QUALITY, 92] if image_format == "jpg" else []
        if not cv2.imwrite(str(path), image, params):
            raise OSError(f"could not write {path}")
        labels["image"] = f"images/{stem}.{image_format}"
        (out / "gt" / f"{stem}.json").write_text(json.dumps(labels, indent=1))
    summary = {"game": game, "images": count, "faces": len(sheet_layout(game).places),
               "art": pack.root if pack is not None else "built-in", "out": str(out)}
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary
