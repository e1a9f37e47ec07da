"""The neutral scene description the renderer draws: components with identity and pose in table mm.

Every game adapter (Octocube state, Open Season and Octo Dice builders) produces a :class:`Scene`;
the renderer knows nothing about games. Geometry is always a box (``size_mm`` = width along the
component's own x, depth along its y, height), seen through per-face sprites, because every
component on these tables (tiles, stacks, cards, boards, cubes, dice, tokens) is a box or close
enough to one for an overhead camera.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field
from typing import Any

SpriteKey = tuple[Any, ...]
"""A hashable art identifier, e.g. ``("octocube", "tile", "white starfish")``; see sprites.py."""

BOX_FACES: tuple[str, ...] = ("top", "north", "east", "south", "west")
"""Faces the camera can ever see (the bottom lies on the table). North faces table y = 0."""


@dataclass(frozen=True)
class Pose:
    """Where a component lies: centre of its footprint in table mm, base height, yaw.

    ``yaw_deg`` turns the component clockwise as seen from above (x towards y).
    """

    x: float
    y: float
    z: float = 0.0
    yaw_deg: float = 0.0
    lean_deg: float = 0.0
    """Tipped this far about the box's south base edge, its top leaning south (before the yaw):
    a die cocked against a neighbour or the tray wall. 0 for everything lying flat."""


@dataclass
class Component:
    """One physical object (or one stack of tiles) on the table.

    ``identity`` is what a recogniser must say ("white starfish", "cube red", "die white
    crystal"); ``yolo_class`` is the class name in detection labels; ``state`` carries the
    game facts the ground truth reports (face up, top face, stack height, ...).
    ``faces`` maps a box face name to its sprite key; a face absent from the map is drawn in
    ``side_rgb`` (or not at all when ``side_rgb`` is None). ``labelled`` False keeps it out of
    the ground truth (table dressing).
    """

    uid: str
    game: str
    yolo_class: str
    identity: str
    pose: Pose
    size_mm: tuple[float, float, float]
    faces: dict[str, SpriteKey]
    side_rgb: tuple[int, int, int] | None = None
    state: dict[str, Any] = field(default_factory=dict)
    labelled: bool = True
    glossy: float = 0.0
    """0..1: how much light the top face reflects as glare."""
    casts_shadow: bool = True

    def corners_mm(self, height: float = 0.0) -> list[tuple[float, float, float]]:
        """Footprint corners (NW, NE, SE, SW in the component's own frame) at ``height`` above
        its base, in table mm (z up)."""
        w, d, _ = self.size_mm
        c, s = math.cos(math.radians(self.pose.yaw_deg)), math.sin(math.radians(self.pose.yaw_deg))
        out = []
        for lx, ly in ((-w / 2, -d / 2), (w / 2, -d / 2), (w / 2, d / 2), (-w / 2, d / 2)):
            out.append((self.pose.x + lx * c - ly * s, self.pose.y + lx * s + ly * c,
                        self.pose.z + height))
        return out

    @property
    def top_z(self) -> float:
        return self.pose.z + self.size_mm[2]


@dataclass
class Scene:
    """Everything on the table for one frame (the hands and distractors come from the renderer's
    options, so that a sequence can keep the scene and move only the hands)."""

    game: str
    components: list[Component] = field(default_factory=list)
    table_style: str = "wood"
    """'wood', 'cloth' or 'plain'."""
    table_rgb: tuple[int, int, int] | None = None
    play_mat_rgb: tuple[int, int, int] | None = (58, 92, 76)
    """Colour of the play mat inside the marker frame; None leaves the bare table."""
    seed: int = 0
    meta: dict[str, Any] = field(default_factory=dict)

    def add(self, component: Component) -> Component:
        self.components.append(component)
        return component


def stable_rng_seed(*parts: object) -> int:
    """A seed that depends only on ``parts`` (not on PYTHONHASHSEED), so that a stack keeps its
    jitter from frame to frame while other things change."""
    return zlib.crc32(repr(parts).encode("utf-8"))
