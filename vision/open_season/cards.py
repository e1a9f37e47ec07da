"""Reading Open Season cards from the pixels: the wall spaces and the inn slots (first stage of the
pixel recogniser; stocks, accolades and tokens are not read yet, so the tracker does not use it).

The table layout is fixed (``vision.render.open_season_scene``): every wall space and inn slot
lies at a known place. Each is sampled through the table geometry (two square patches in the
card's own frame: the people emblem and the attribute icon) and compared with the same patches
cut from the card art (30 faces, the back, an empty board space) by normalised cross-correlation
per colour channel, which shrugs off brightness and colour temperature. No training, no torch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.octocube.geometry import PatchSpec, TableView, sample_patches
from vision.render import open_season_art as art
from vision.render.open_season_scene import CARD_THICKNESS_MM, SEAT_SIDES, board_pose

PX_PER_MM = 2.0
"""Patch resolution (a 1280x720 camera sees the table at about 0.8 px/mm: patches are upsampled)."""
PEOPLE_PATCH = (-12.2, 34.0)
"""Card-local centre offset along the card's length (mm from the centre) and side of the emblem patch."""
ATTRIBUTE_PATCH = (18.4, 19.0)
JITTER = tuple((x, y, a) for x in (-1.5, 0.0, 1.5) for y in (-1.5, 0.0, 1.5) for a in (-3.0, 0.0, 3.0))
"""Poses tried around each place (mm, mm, degrees): the best fit of each face counts."""
COLOUR_WEIGHT = 2.0
"""How much the patches' mean colours (0-1 per channel, summed differences) lower a match."""
PACK_COLOUR_WEIGHT = 0.5
"""The same for a taught pack's faces (white-balanced on the sheet's paper, the table is not): on
training printings 2, 5, 7 face-up cards 82 % at 0.5, 66 % at 2.0, 88 % at 0 (but empty spaces
97 % -> 85 %)."""
ATTRIBUTE_WEIGHT = 1.5
CHUNK = 256
"""The attribute icon is small: its correlation counts more than the emblem's."""
EMPTY = "empty"
BACK = "back"
WALL_TOP_MM = 2.0 + CARD_THICKNESS_MM
INN_TOP_MM = 1.5 + CARD_THICKNESS_MM
INN_SLOTS = ((-48, -37), (0, -37), (48, -37), (-24, 37), (24, 37))


@dataclass(frozen=True)
class CardRead:
    """One place read: ``card`` is ``people-attribute``, ``"back"`` (face down) or ``"empty"``."""

    place: str
    card: str
    confidence: float


def _rot(yaw: float, x: float, y: float) -> tuple[float, float]:
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    return (x * c - y * s, x * s + y * c)


def _norm(patch: np.ndarray) -> np.ndarray:
    """Per-channel zero mean, unit norm (a patch of one colour stays all zero)."""
    p = patch.astype(np.float32)
    p = cv2.GaussianBlur(p, (0, 0), 1.0)
    p -= p.mean(axis=(0, 1), keepdims=True)
    n = np.sqrt((p * p).sum(axis=(0, 1), keepdims=True))
    return (p / np.maximum(n, 1e-3)).reshape(-1)


def _mean_colour(patch: np.ndarray) -> np.ndarray:
    return patch.reshape(-1, 3).astype(np.float32).mean(axis=0) / 255.0


def _cut(img: np.ndarray, centre_y_mm: float, size_mm: float, card_h_mm: float) -> np.ndarray:
    """A square patch of an art image (``PX_PER_MM``), centred on the card's axis."""
    h, w = img.shape[:2]
    cy = h / 2 + centre_y_mm * PX_PER_MM
    half = size_mm * PX_PER_MM / 2
    m = np.float32([[1, 0, -(w / 2 - half)], [0, 1, -(cy - half)]])
    side = int(round(size_mm * PX_PER_MM))
    return cv2.warpAffine(img, m, (side, side), flags=cv2.INTER_AREA, borderValue=(60, 40, 30))


@lru_cache(maxsize=2)
def _templates(side: str) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """Names, and per template: normalised people patch, attribute patch, mean colours (the
    built-in art)."""
    return _build_templates(side, None)


def _build_templates(side: str, pack: Any) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """The templates of the built-in card art, or of a taught pack's card faces (each view of
    each face, cut from the teach photos; the empty board spaces are the built-in board's)."""
    w, h = (int(round(v * PX_PER_MM)) for v in art.CARD_SIZE_MM)
    names: list[str] = []
    people, attrs, colours = [], [], []

    def add(name: str, bgra: np.ndarray) -> None:
        rgb = bgra[:, :, :3] if bgra.shape[2] == 3 else _over_board(bgra)
        a = _cut(rgb, PEOPLE_PATCH[0], PEOPLE_PATCH[1], art.CARD_SIZE_MM[1])
        b = _cut(rgb, ATTRIBUTE_PATCH[0], ATTRIBUTE_PATCH[1], art.CARD_SIZE_MM[1])
        names.append(name)
        people.append(_norm(a))
        attrs.append(_norm(b))
        colours.append(np.concatenate([_mean_colour(a), _mean_colour(b)]))

    if pack is None:
        for p in art.PEOPLES:
            for a in art.ATTRIBUTES:
                add(f"{p}-{a}", art.draw_card(p, a, w, h, PX_PER_MM))
        add(BACK, art.draw_card_back(w, h, PX_PER_MM))
    else:
        for name, face in sorted(pack.faces.items()):
            for view in (face if face.ndim == 4 else face[None]):
                add(name, cv2.resize(view, (w, h), interpolation=cv2.INTER_AREA))
    # an empty space: the board's dark rectangle with its printed number (one per number)
    bw, bd = (int(round(v * PX_PER_MM)) for v in art.WALL_BOARD_SIZE_MM)
    board = art.draw_wall_board(side, (128, 128, 128), bw, bd, PX_PER_MM)
    board = _over_board(board)
    for number in range(1, len(art.WALL_SPACES[side]) + 1):
        x, y = (v * PX_PER_MM for v in art.wall_space_local(side, number))
        m = np.float32([[1, 0, -(x - w / 2)], [0, 1, -(y - h / 2)]])
        add(EMPTY, cv2.warpAffine(board, m, (w, h), borderValue=(30, 48, 74)))
    return names, np.stack(people), np.stack(attrs), np.stack(colours)


def _over_board(bgra: np.ndarray) -> np.ndarray:
    alpha = bgra[:, :, 3:4].astype(np.float32) / 255.0
    board = np.zeros_like(bgra[:, :, :3], dtype=np.float32)
    board[:] = (30, 48, 74)
    return (bgra[:, :, :3].astype(np.float32) * alpha + board * (1 - alpha)).astype(np.uint8)


class CardReader:
    """Reads the wall spaces of every seat and the inn slots of one table layout."""

    def __init__(self, view: TableView, side: str, num_players: int, pack: Any = None) -> None:
        """``pack``: a taught copy (``vision.pack.Pack`` of open_season) whose card faces replace
        the built-in card art."""
        if pack is not None and pack.game != "open_season":
            raise ValueError(f"the pack teaches {pack.game}, not open_season")
        self._templates = _templates(side) if pack is None else _build_templates(side, pack)
        self.colour_weight = COLOUR_WEIGHT if pack is None else PACK_COLOUR_WEIGHT
        self.view = view
        self.side = side
        self.num_players = num_players
        specs: list[tuple[str, float, float, float, float]] = []  # place, x, y, yaw, height
        for seat, where in enumerate(SEAT_SIDES[num_players]):
            bx, by, yaw = board_pose(where)
            bw, bd = art.WALL_BOARD_SIZE_MM
            for number in range(1, len(art.WALL_SPACES[side]) + 1):
                lx, ly = art.wall_space_local(side, number)
                ox, oy = _rot(yaw, lx - bw / 2, ly - bd / 2)
                specs.append((f"wall {seat} {number}", bx + ox, by + oy, yaw, WALL_TOP_MM))
        for i, (dx, dy) in enumerate(INN_SLOTS):
            specs.append((f"inn {i + 1}", 300 + dx, 300 + dy, 0.0, INN_TOP_MM))
        self.places = [s[0] for s in specs]
        people_specs, attr_specs = [], []
        for place, x, y, yaw, z in specs:
            for sx, sy, syaw in JITTER:  # cards lie a little off their place: try a few poses
                for (offset, size), out in ((PEOPLE_PATCH, people_specs), (ATTRIBUTE_PATCH, attr_specs)):
                    dx, dy = _rot(yaw + syaw, 0.0, offset)
                    out.append(PatchSpec(place, (x + sx + dx, y + sy + dy), z, size, yaw + syaw))
        # OpenCV remaps at most 32767 rows at once: the patches go in chunks
        self._people_maps = [view.patch_maps(people_specs[i:i + CHUNK], PX_PER_MM)
                             for i in range(0, len(people_specs), CHUNK)]
        self._attr_maps = [view.patch_maps(attr_specs[i:i + CHUNK], PX_PER_MM)
                           for i in range(0, len(attr_specs), CHUNK)]

    @classmethod
    def from_ground_truth(cls, gt: dict[str, Any], side: str, num_players: int, pack: Any = None) -> CardReader:
        """The geometry of a rendered frame (its exact camera): for benches and tests."""
        cam = gt["camera"]
        view = TableView(np.asarray(gt["homography_table_to_image"]), (int(cam["width"]), int(cam["height"])),
                         np.asarray(cam["K"]), np.asarray(cam["dist"]))
        return cls(view, side, num_players, pack)

    def read(self, image: np.ndarray) -> list[CardRead]:
        names, people_t, attr_t, colour_t = self._templates
        a = np.concatenate([sample_patches(image, m) for m in self._people_maps])
        b = np.concatenate([sample_patches(image, m) for m in self._attr_maps])
        out = []
        k = len(JITTER)
        for i, place in enumerate(self.places):
            score = np.full(len(names), -np.inf, np.float32)
            for j in range(i * k, (i + 1) * k):
                pa, pb = _norm(a[j]), _norm(b[j])
                colour = np.concatenate([_mean_colour(a[j]), _mean_colour(b[j])])
                score = np.maximum(score, people_t @ pa + ATTRIBUTE_WEIGHT * (attr_t @ pb)
                                   - self.colour_weight * np.abs(colour_t - colour).sum(axis=1))
            order = np.argsort(-score)
            best = score[order[0]]
            # the runner-up is the best template of ANOTHER name (a taught face has one per photo)
            second = next((score[j] for j in order[1:] if names[j] != names[order[0]]), best - 1.0)
            confidence = float(max(0.0, min(1.0, (best - second) * 2.0)))
            out.append(CardRead(place, names[order[0]], confidence))
        return out
