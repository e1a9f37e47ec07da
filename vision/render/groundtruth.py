"""Exact ground truth for every rendered image, and the YOLO detection-label exporter.

The JSON (schema ``tablesight.render.gt`` version 1) lists every labelled component with its
identity, game state, polygons in table mm and in image pixels (the final, distorted image),
its bounding box and how much of it is visible, plus the table->image homography and the full
camera model. ``homography_table_to_image`` maps table mm to the *ideal* (undistorted) image;
undistort detected points with ``camera.K`` / ``camera.dist`` before comparing, or use the
``polygon_px`` values, which include distortion.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from calibration import layout

if TYPE_CHECKING:
    from vision.render.camera import CameraModel
    from vision.render.renderer import RenderOptions
    from vision.render.scene import Scene

GT_SCHEMA = "tablesight.render.gt"
GT_VERSION = 1


def _r(values: np.ndarray, nd: int = 2) -> list[list[float]]:
    return np.round(np.asarray(values, np.float64).reshape(-1, 2), nd).tolist()


def _hull(points: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.convexHull(points.astype(np.float32)).reshape(-1, 2)


def build_ground_truth(scene: Scene, camera: CameraModel, options: RenderOptions, seed: int,
                       id_map: np.ndarray, drawn_px: np.ndarray,
                       geometry: Any = None) -> dict[str, Any]:
    import cv2

    n_ids = len(drawn_px)
    counts = cv2.calcHist([id_map], [0], None, [n_ids], [0, n_ids]).ravel().astype(np.int64)
    components = []
    w, h = camera.width, camera.height
    if geometry is None:
        from vision.render.renderer import box_geometry

        geometry = box_geometry(scene.components, camera)
    n = len(scene.components)
    final_px = geometry.image_px
    rounded_px = np.round(final_px, 2)
    rounded_mm = np.round(geometry.corners3d, 3)
    for index, comp in enumerate(scene.components):
        if not comp.labelled:
            continue
        top = geometry.corners3d[index, :4]
        base = geometry.corners3d[index, 4:]
        top_px = final_px[index, :4]
        hull = _hull(final_px[index])
        x0, y0 = np.clip(hull.min(axis=0), 0, [w, h])
        x1, y1 = np.clip(hull.max(axis=0), 0, [w, h])
        drawn = int(drawn_px[index + 1])
        visible = int(counts[index + 1]) if index + 1 < len(counts) else 0
        components.append({
            "uid": comp.uid,
            "mask_id": index + 1,
            "yolo_class": comp.yolo_class,
            "identity": comp.identity,
            "state": comp.state,
            "pose": {"x": round(comp.pose.x, 3), "y": round(comp.pose.y, 3),
                     "z": round(comp.pose.z, 3), "yaw_deg": round(comp.pose.yaw_deg, 3)},
            "size_mm": list(comp.size_mm),
            "polygon_mm": rounded_mm[index, 4:, :2].tolist(),
            "top_polygon_mm": rounded_mm[index, :4, :2].tolist(),
            "top_height_mm": round(comp.top_z, 3),
            "polygon_px": _r(hull),
            "top_polygon_px": rounded_px[index, :4].tolist(),
            "bbox_px": [round(float(v), 2) for v in (x0, y0, x1, y1)],
            "in_image": bool(x1 - x0 > 0.5 and y1 - y0 > 0.5),
            "visible_fraction": round(visible / drawn, 3) if drawn else 0.0,
        })
    markers = []
    for m in layout.MARKERS:
        pts = np.array([(x, y, 0.0) for x, y in m.corners_mm])
        markers.append({"id": m.marker_id, "corners_mm": [list(c) for c in m.corners_mm],
                        "corners_px": _r(camera.project(pts), 3)})
    return {
        "schema": GT_SCHEMA,
        "version": GT_VERSION,
        "game": scene.game,
        "seed": seed,
        "scene_meta": scene.meta,
        "image_size": [w, h],
        "camera": camera.to_json(),
        "homography_table_to_image": [[float(v) for v in row]
                                      for row in camera.table_to_image_homography],
        "homography_note": "table mm -> ideal (undistorted) pixels; see camera.dist",
        "lighting": options.lighting.to_json(),
        "sensor": options.sensor.to_json(),
        "markers": markers,
        "hands": [hd.to_json() for hd in options.hands],
        "distractors": [d.to_json() for d in options.distractors],
        "components": components,
    }


def save_ground_truth(gt: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(gt, indent=1))


# --------------------------------------------------------------------------- YOLO


def yolo_lines(gt: dict[str, Any], classes: Sequence[str], *, min_visible: float = 0.15,
               class_of: str = "yolo_class") -> list[str]:
    """One ``class cx cy w h`` line (normalised) per component that is at least
    ``min_visible`` visible; a class missing from ``classes`` is an error, not a silent skip."""
    w, h = gt["image_size"]
    index = {name: i for i, name in enumerate(classes)}
    lines = []
    for comp in gt["components"]:
        if not comp["in_image"] or comp["visible_fraction"] < min_visible:
            continue
        name = comp[class_of]
        if name not in index:
            raise KeyError(f"class {name!r} is not in the class list ({len(classes)} classes)")
        x0, y0, x1, y1 = comp["bbox_px"]
        lines.append(f"{index[name]} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} "
                     f"{(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}")
    return lines


def write_yolo(out_dir: str | Path, stem: str, gt: dict[str, Any], classes: Sequence[str]) -> Path:
    """Write ``labels/STEM.txt`` (the image is expected in ``images/STEM.*``)."""
    labels = Path(out_dir) / "labels"
    labels.mkdir(parents=True, exist_ok=True)
    path = labels / f"{stem}.txt"
    path.write_text("\n".join(yolo_lines(gt, classes)) + "\n")
    return path


def write_class_list(out_dir: str | Path, classes: Iterable[str]) -> Path:
    """``classes.txt`` (one name a line) and a ``data.yaml`` that ultralytics reads."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    names = list(classes)
    (out / "classes.txt").write_text("\n".join(names) + "\n")
    yaml = ["path: .", "train: images", "val: images", f"nc: {len(names)}", "names:"]
    yaml += [f"  {i}: {json.dumps(n)}" for i, n in enumerate(names)]
    (out / "data.yaml").write_text("\n".join(yaml) + "\n")
    return out / "classes.txt"
