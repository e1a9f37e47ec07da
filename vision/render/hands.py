"""Things that are not game components: hands reaching in, cups and phones on the table."""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from calibration import layout

SKIN_TONES: tuple[tuple[int, int, int], ...] = (
    (241, 194, 160), (224, 172, 130), (198, 134, 96), (160, 104, 70), (112, 72, 48), (236, 188, 150),
)
SLEEVE_COLOURS: tuple[tuple[int, int, int], ...] = (
    (40, 48, 70), (150, 30, 40), (220, 220, 215), (60, 90, 60), (30, 30, 32), (200, 150, 60),
)


@dataclass(frozen=True)
class Hand:
    """A hand and forearm reaching from ``entry_mm`` (off the table, at shoulder height) to
    ``tip_mm`` (where the fingertips point), hovering ``height_mm`` above the table."""

    entry_mm: tuple[float, float]
    tip_mm: tuple[float, float]
    height_mm: float = 60.0
    skin_rgb: tuple[int, int, int] = SKIN_TONES[0]
    sleeve_rgb: tuple[int, int, int] = SLEEVE_COLOURS[0]
    spread: float = 0.5
    """0: fingers together (pinching), 1: open hand."""
    motion_mm: tuple[float, float] = (0.0, 0.0)
    """How far the hand moves while the shutter is open (motion blur); 0 for a still hand."""

    @staticmethod
    def reaching(target_mm: tuple[float, float], side: str, rng: random.Random,
                 progress: float = 1.0, skin: tuple[int, int, int] | None = None,
                 sleeve: tuple[int, int, int] | None = None) -> Hand:
        """A hand from the player on ``side`` towards ``target_mm``; ``progress`` 0 is just
        outside the image edge, 1 is the fingertips on the target."""
        entry = side_entry_point(side, target_mm)
        start = _towards(entry, target_mm, 0.15)
        p = max(0.0, min(1.0, progress))
        tip = (start[0] + (target_mm[0] - start[0]) * p, start[1] + (target_mm[1] - start[1]) * p)
        return Hand(entry_mm=entry, tip_mm=tip, height_mm=40 + 60 * (1 - p),
                    skin_rgb=skin or rng.choice(SKIN_TONES),
                    sleeve_rgb=sleeve or rng.choice(SLEEVE_COLOURS),
                    spread=rng.uniform(0.2, 0.8))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def polygons(self) -> list[tuple[str, np.ndarray]]:
        """(part, Nx3 points in (x, y, height) mm) from arm to fingertips, in drawing order."""
        ex, ey = self.entry_mm
        tx, ty = self.tip_mm
        d = np.array([tx - ex, ty - ey], np.float64)
        length = float(np.linalg.norm(d))
        if length < 1e-6:
            d = np.array([0.0, -1.0])
        else:
            d /= length
        n = np.array([-d[1], d[0]])
        h = self.height_mm
        tip = np.array([tx, ty])
        knuckles = tip - d * 70
        wrist = knuckles - d * 80
        shoulder = np.array([ex, ey])
        parts: list[tuple[str, np.ndarray]] = []

        def at(points: list[np.ndarray], height: float | list[float]) -> np.ndarray:
            hs = height if isinstance(height, list) else [height] * len(points)
            return np.array([(p[0], p[1], z) for p, z in zip(points, hs, strict=True)])

        elbow = wrist - d * 230
        parts.append(("sleeve", at([shoulder + n * 50, elbow + n * 44, elbow - n * 44,
                                     shoulder - n * 50], [h + 260, h + 60, h + 60, h + 260])))
        parts.append(("arm", at([elbow + n * 42, wrist + n * 30, wrist - n * 30, elbow - n * 42],
                                [h + 60, h + 10, h + 10, h + 60])))
        palm = [wrist + n * 34, knuckles + n * 44, knuckles + d * 6, knuckles - n * 44,
                wrist - n * 34]
        parts.append(("palm", at(palm, h + 8)))
        spread = 0.08 + 0.12 * self.spread
        for i, off in enumerate((-1.5, -0.5, 0.5, 1.5)):
            ang = off * spread
            fd = d * math.cos(ang) + n * math.sin(ang)
            base = knuckles + n * off * 22
            flen = (62, 72, 68, 54)[i]
            parts.append(("finger", _capsule(base, fd, flen, 9.5, 7.5, [h + 4, h - 2])))
        thumb_base = wrist + n * 30 + d * 30
        thumb_dir = d * 0.6 + n * 0.8
        thumb_dir /= np.linalg.norm(thumb_dir)
        parts.append(("finger", _capsule(thumb_base, thumb_dir, 60, 12, 8.5, [h + 4, h + 2])))
        return parts


def _capsule(base: np.ndarray, direction: np.ndarray, length: float, r0: float, r1: float,
             heights: list[float]) -> np.ndarray:
    """A finger: tapering sides and a round tip, as (x, y, height) points."""
    nrm = np.array([-direction[1], direction[0]])
    end = base + direction * length
    pts = [(base + nrm * r0, heights[0]), (end + nrm * r1, heights[1])]
    for a in np.linspace(0, math.pi, 7)[1:-1]:
        p = end + nrm * r1 * math.cos(a) + direction * r1 * math.sin(a)
        pts.append((p, heights[1]))
    pts += [(end - nrm * r1, heights[1]), (base - nrm * r0, heights[0])]
    return np.array([(p[0], p[1], z) for p, z in pts])


def _towards(a: tuple[float, float], b: tuple[float, float], f: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def side_entry_point(side: str, target: tuple[float, float]) -> tuple[float, float]:
    """Where an arm from a player on ``side`` enters: well outside the printed area."""
    x0, y0, x1, y1 = layout.TABLE_EXTENT_MM
    reach = 450.0
    if side == "south":
        return (target[0] * 0.6 + 120, y1 + reach)
    if side == "north":
        return (target[0] * 0.6 + 120, y0 - reach)
    if side == "west":
        return (x0 - reach, target[1] * 0.6 + 120)
    if side == "east":
        return (x1 + reach, target[1] * 0.6 + 120)
    raise ValueError(f"unknown side {side!r}")


@dataclass(frozen=True)
class Distractor:
    """A cup or a phone left on the table."""

    kind: str
    x: float
    y: float
    yaw_deg: float = 0.0
    rgb: tuple[int, int, int] = (230, 230, 225)

    def __post_init__(self) -> None:
        if self.kind not in ("cup", "phone"):
            raise ValueError(f"unknown distractor {self.kind!r}; expected 'cup' or 'phone'")

    @staticmethod
    def random(rng: random.Random) -> Distractor:
        kind = rng.choice(["cup", "phone"])
        # on the margins of the play area or just inside a corner, not over the markers
        x0, y0, x1, y1 = layout.TABLE_EXTENT_MM
        spots = [(rng.uniform(60, 540), rng.uniform(y1 - 10, y1 + 60)),
                 (rng.uniform(x1 - 10, x1 + 70), rng.uniform(80, 520)),
                 (rng.uniform(x0 - 70, x0 + 10), rng.uniform(80, 520)),
                 (rng.uniform(60, 540), rng.uniform(y0 - 60, y0 + 10)),
                 (rng.uniform(20, 580), rng.uniform(20, 580))]
        x, y = rng.choice(spots)
        rgb = rng.choice([(230, 230, 225), (180, 40, 40), (40, 70, 140), (240, 200, 60),
                          (60, 60, 60)]) if kind == "cup" else (25, 25, 28)
        return Distractor(kind, x, y, rng.uniform(0, 360), rgb)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


CUP_RADIUS_MM = 42.0
CUP_HEIGHT_MM = 95.0
PHONE_SIZE_MM = (72.0, 150.0, 8.0)


def occluder_mm2(id_map: np.ndarray, camera: Any) -> float:
    """How much of the play area (table mm2) the hands and distractors hide in a render's
    ``id_map`` (``RenderResult.id_map``) seen through ``camera`` (a ``CameraModel``): the truth
    a hand detector's bench scores against, for any game."""
    import cv2

    from vision.render.renderer import OCCLUDER_ID

    p = layout.PLAY_AREA_MM
    corners = camera.project_ideal(np.array([[0, 0, 0], [p, 0, 0], [p, p, 0], [0, p, 0]], np.float64))
    mask = np.zeros(id_map.shape, np.uint8)
    cv2.fillPoly(mask, [np.round(corners).astype(np.int32)], 1)
    hidden = int(np.count_nonzero((id_map == OCCLUDER_ID) & (mask > 0)))
    area_px = float(cv2.contourArea(corners.astype(np.float32)))
    return hidden * p * p / max(area_px, 1.0)
