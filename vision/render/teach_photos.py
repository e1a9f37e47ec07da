"""The twin's photos of a teach sheet (``tablesight render GAME --teach-sheet``): the printed
sheet on the table with one of each component face up on its place, drawn with an art pack,
under random light, from a random side and tilt (0-35 degrees), each component a little off its
place and turned, as players lay them. The labels say where each face lies in the photo."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
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


@dataclass(frozen=True)
class TeachFaults:
    """What players get wrong, to check the teach command's bad-input handling: ``missing``
    places left empty, ``duplicate`` places holding a copy of another face of the same kind,
    ``half``: only about half the sheet in the photo."""

    missing: int = 0
    duplicate: int = 0
    half: bool = False

    def check(self, game: str) -> None:
        n = len(sheet_layout(game).places)
        if self.missing < 0 or self.duplicate < 0 or self.missing + self.duplicate > n // 2:
            raise ValueError(f"--missing and --duplicate must be 0 or more and together at most {n // 2}")


def teach_scene(game: str, pack: ArtPack | None, seed: int,
                faults: TeachFaults = TeachFaults()) -> tuple[Scene, dict[str, Any]]:
    """The sheet and its components for photo ``seed``; also each face's offset and turn, or
    that its place is empty, or which face lies there instead."""
    sheet = sheet_layout(game)
    faults.check(game)
    rng = random.Random(stable_rng_seed("teach scene", game, seed))
    fault_rng = random.Random(stable_rng_seed("teach faults", game, seed))
    chosen = fault_rng.sample([p.name for p in sheet.places], faults.missing + faults.duplicate)
    missing = set(chosen[: faults.missing])
    shows: dict[str, str] = {}
    for name in chosen[faults.missing:]:
        kind = sheet.place(name).kind
        shows[name] = fault_rng.choice([p.name for p in sheet.places if p.kind == kind and p.name != name])
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
        if place.name in missing:
            placed[place.name] = {"absent": True}
            continue
        x, y = _to_table((place.centre_mm[0] + dx, place.centre_mm[1] + dy), sheet.size_mm, yaw, centre)
        face = shows.get(place.name, place.name)
        key = art_key(pack, builtin_key(game, face))
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
        placed[place.name] = {"shows": face, "offset_mm": [round(dx, 3), round(dy, 3)], "turn_deg": round(turn, 3),
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


HALVES: dict[str, tuple[float, float, float, float]] = {
    "left": (0.0, 0.0, 0.58, 1.0), "right": (0.42, 0.0, 1.0, 1.0),
    "top": (0.0, 0.0, 1.0, 0.58), "bottom": (0.0, 0.42, 1.0, 1.0)}
"""Parts of the sheet (fractions x0, y0, x1, y1) a half-in-view photo frames."""


def render_teach_photo(game: str, pack: ArtPack | None, seed: int, renderer: Renderer,
                       resolution: tuple[int, int] = (1920, 1080), tilt_deg: float | None = None,
                       faults: TeachFaults = TeachFaults()) -> tuple[np.ndarray, dict[str, Any]]:
    """One photo (BGR) and its labels."""
    scene, info = teach_scene(game, pack, seed, faults)
    rng = random.Random(stable_rng_seed("teach photo", game, seed))
    sheet = sheet_layout(game)
    centre = (info["sheet_centre_mm"][0], info["sheet_centre_mm"][1])
    sheet_corners = [(0.0, 0.0), (sheet.size_mm[0], 0.0), sheet.size_mm, (0.0, sheet.size_mm[1])]
    table = [_to_table(c, sheet.size_mm, info["sheet_yaw_deg"], centre) for c in sheet_corners]
    corners = np.array([(x, y, SHEET_THICKNESS_MM) for x, y in table])
    framed, aim, half = corners, centre, None
    if faults.half:
        half = rng.choice(sorted(HALVES))
        fx0, fy0, fx1, fy1 = HALVES[half]
        (w_mm, h_mm) = sheet.size_mm
        part = [(fx0 * w_mm, fy0 * h_mm), (fx1 * w_mm, fy0 * h_mm), (fx1 * w_mm, fy1 * h_mm), (fx0 * w_mm, fy1 * h_mm)]
        framed = np.array([(*_to_table(c, sheet.size_mm, info["sheet_yaw_deg"], centre), SHEET_THICKNESS_MM)
                           for c in part])
        aim = (float(framed[:, 0].mean()), float(framed[:, 1].mean()))
    camera = teach_camera(rng, aim, framed, resolution, tilt_deg)
    options = RenderOptions.random(rng, hands=False, distractors=False)
    res = renderer.render(scene, camera, options, seed=seed)
    faces = {}
    for comp in scene.components[1:]:
        top = np.array([(x, y, comp.top_z) for x, y, _ in comp.corners_mm(comp.size_mm[2])])
        px = camera.project(top)
        visible = next((c.get("visible_fraction") for c in res.ground_truth.get("components", [])
                        if c.get("uid") == comp.uid), None)
        in_view = bool(np.all(px >= 0) and np.all(px[:, 0] <= camera.width - 1) and np.all(px[:, 1] <= camera.height - 1))
        faces[comp.uid] = {**info["faces"][comp.uid], "corners_px": np.round(px, 2).tolist(),
                           "centre_px": np.round(px.mean(axis=0), 2).tolist(), "visible_fraction": visible,
                           "in_view": in_view}
    faces.update({n: f for n, f in info["faces"].items() if f.get("absent")})
    sheet_px = camera.project(corners)
    up = sheet_px[0] - sheet_px[3]  # the sheet's left edge, bottom to top
    labels = {"game": game, "seed": seed, "art": pack.root if pack is not None else "built-in",
              "tilt_deg": round(camera.tilt_deg, 2), "lighting": _lighting(options),
              "sheet_corners_px": np.round(sheet_px, 2).tolist(),
              "sheet_up_deg": round(math.degrees(math.atan2(up[0], -up[1])), 1),
              "half_in_view": half, "missing": sorted(n for n, f in faces.items() if f.get("absent")),
              "duplicates": {n: f["shows"] for n, f in faces.items() if f.get("shows") not in (None, n)},
              "sheet_yaw_deg": info["sheet_yaw_deg"], "camera": camera.to_json(), "faces": faces}
    return res.image, labels


def _lighting(options: RenderOptions) -> dict[str, Any]:
    light = options.lighting
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in vars(light).items()
            if isinstance(v, (int, float, str))}


def write_teach_photos(game: str, pack: ArtPack | None, seed: int, count: int, out_dir: str | Path,
                       resolution: tuple[int, int] = (1920, 1080), tilt_deg: float | None = None,
                       image_format: str = "jpg", faults: TeachFaults = TeachFaults()) -> dict[str, Any]:
    """``images/teach_GAME_SEED_I.jpg`` and ``gt/...json`` for ``count`` photos."""
    out = Path(out_dir)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "gt").mkdir(exist_ok=True)
    renderer = Renderer()
    for i in range(count):
        image, labels = render_teach_photo(game, pack, stable_rng_seed("teach", seed, i), renderer,
                                           resolution, tilt_deg, faults)
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
