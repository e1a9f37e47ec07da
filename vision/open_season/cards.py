"""Reading Open Season cards from the pixels: the wall spaces, the inn slots, each stock (fanned
face up), the kept card, the expert discards, and how many face-down accolade cards lie fanned in
each personal area.

The table layout is fixed (``vision.render.open_season_scene``): every place lies at a known spot.
A whole card (wall, inn, kept, a stock's top) is sampled through the table geometry as two square
patches in the card's own frame (the people emblem and the attribute icon); a card of a fan
(stock, discards) of which only the top 17 mm show as two squares of that strip (the corner index
and the band beside it). Each is compared with the same patches cut from the card art (30 faces,
the back, an empty board space, the bare mat or inn board) by normalised cross-correlation per
colour channel, which shrugs off brightness and colour temperature. All the poses tried of all
the places are scored in one matrix product per layer. No training, no torch.

The accolades are face down and fanned like a hand of cards: their count is read from the fan's
outline (the card backs' colour against the mat), compared with the outline of every count. A
large fan hardly grows with one card more, so the count comes with a confidence (the lead of the
best count over the next one), and the tracker gives an unsure count little weight
(docs/open_season.md, "Reading cards from the pixels").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.octocube.geometry import PatchSpec, TableView
from vision.render import open_season_art as art
from vision.render.open_season_scene import CARD_THICKNESS_MM, SEAT_SIDES, board_pose, personal_area_origin

PX_PER_MM = 1.25
"""Patch resolution (a 1280x720 camera sees the table at about 0.9 px/mm, 960x540 at 0.7: finer
patches only upsample the frame; 2.0 read the same at 2.5 times the cost)."""
STRIP_PX_PER_MM = 2.0
"""A fan's strips are read finer: their corner index's attribute icon is 7 mm wide (at 1.25, 2
of 20 stock cards on the tuning tables lost their attribute; at 2.0 none)."""
ART_PX_PER_MM = 4.0
"""The card art is drawn this fine, then shrunk to the patches (thin strokes average out as the
camera's do)."""
PEOPLE_PATCH = (-12.2, 34.0)
"""Card-local centre offset along the card's length (mm from the centre) and side of the emblem patch."""
ATTRIBUTE_PATCH = (18.4, 19.0)
STRIP_MM = 17.0
"""How much of each lower card of a fan shows (the fans step 17 mm): its top strip."""
STRIP_Y = -art.CARD_SIZE_MM[1] / 2 + STRIP_MM / 2
STRIP_INDEX = (-art.CARD_SIZE_MM[0] / 2 + STRIP_MM / 2, STRIP_Y)
"""Card-local centre (across, along) of the strip's corner-index square."""
STRIP_BAND = (2.0, STRIP_Y)
"""... and of the square beside it (the people's colour band and the top of the emblem)."""
UNDER_OFFSETS = (STRIP_MM, 2 * STRIP_MM, 3 * STRIP_MM)
"""Where a fan has no card at a position, its strip shows a lower card further down its face."""
JITTER = tuple((x, y, a) for x in (-1.5, 0.0, 1.5) for y in (-1.5, 0.0, 1.5) for a in (-3.0, 0.0, 3.0))
"""Poses tried around each place (mm, mm, degrees): the best fit of each face counts."""
COLOUR_WEIGHT = 2.0
"""How much the patches' mean colours (0-1 per channel, summed differences) lower a match."""
PACK_COLOUR_WEIGHT = 0.5
"""The same for a taught pack's faces (white-balanced on the sheet's paper, the table is not): on
training printings 2, 5, 7 face-up cards 82 % at 0.5, 66 % at 2.0, 88 % at 0 (but empty spaces
97 % -> 85 %)."""
CONTRAST_WEIGHT = 1.0
"""How much the patches' relative contrasts (summed differences, :func:`_features`) lower a match."""
ATTRIBUTE_WEIGHT = 1.5
"""The attribute icon is small: its correlation counts more than the emblem's."""
FLAT_SPREAD = 0.5
"""A sampled channel whose spread (root of the summed squared deviations) is below this is flat."""
CHUNK = 256
"""OpenCV remaps at most 32767 rows at once: the patches go in chunks."""
EMPTY = "empty"
BACK = "back"
WALL_TOP_MM = 2.0 + CARD_THICKNESS_MM
INN_TOP_MM = 1.5 + CARD_THICKNESS_MM
INN_SLOTS = ((-48, -37), (0, -37), (48, -37), (-24, 37), (24, 37))
BACK_MIN_SCORE = 2.5
"""A card back's score below which it is not one: real backs scored 4.7-5.7 on tuning tables
95080-95085, empty spaces at most 0.1, and an empty space in the deck's evening shadow 0.76."""
DECK_AT = (362.0, 337.0)
"""The deck's place beside the inn (``open_season_scene``); it stands up to ``DECK_MAX_MM`` tall."""
DECK_MAX_MM = 1.5 + 180 * CARD_THICKNESS_MM
DECK_RED_SHARE = 0.55
"""The deck's top (a card back, red share 0.65) against the inn board beside it (0.48)."""
DECK_COVER_SHARE = 0.1
"""Share of a patch the deck may hide before the slot is read by its strip alone (slot 5's card
always lies 6 mm under the deck's edge)."""
STOCK_LOCAL = (-40.0, -40.0)
"""A stock's bottom card in the personal area's frame (mm); each next one 17 mm further."""
KEPT_LOCAL = (88.0, 30.0)
DISCARDS_AT = (190.0, 240.0)
"""The first expert discard (table mm, yaw 0); each next one 17 mm further."""
MAX_STOCK = 7
"""Stock positions read (the twin's games never stack more than 5)."""
MAX_DISCARDS = 4
MAT_BGR = (90, 60, 40)
"""The play mat (the scene's ``play_mat_rgb``), where a kept card, a stock or a discard may lie."""
INN_BOARD_BGR = (40, 60, 92)
ACCOLADE_LOCAL = (32.0, -25.0)
MAX_ACCOLADES = 30
ACCOLADE_WINDOW = (-40.0, -85.0, 110.0, 40.0)
"""The part of the personal area (its own frame, mm) the accolade fan may cover."""
ACCOLADE_PX_PER_MM = 1.0
ACCOLADE_SURE_LEAD = 0.01
"""The best count's outline must beat the next count's by this much (share of the window's
pixels that agree) to be sure. Tuning tables 95010-95024 (45 fans): every count read right led by
0.0046 or more (counts 1-9 by 0.011 or more, but for one 8 and one 10), every wrong one (10 to 15
cards) by 0.0038 or less."""
BACK_RED_SHARE = 0.42
"""A pixel whose red share r/(r+g+b) passes this is a card back's red or gold, not the mat or a
cream card face (the back is 0.65, its gold 0.47, the mat 0.21, a card's cream 0.35)."""


@dataclass(frozen=True)
class CardRead:
    """One place read: ``card`` is ``people-attribute``, ``"back"`` (face down) or ``"empty"``."""

    place: str
    card: str
    confidence: float


@dataclass(frozen=True)
class AccoladeCount:
    """How many face-down accolade cards one fan holds, and how sure that is (1: no other count
    fits nearly as well); ``second``: the next best count."""

    count: int
    confidence: float
    second: int


@dataclass
class TableCards:
    """Every card place of one frame, as read."""

    inn: list[CardRead] = field(default_factory=list)
    walls: dict[int, dict[int, CardRead]] = field(default_factory=dict)
    stocks: dict[int, list[CardRead]] = field(default_factory=dict)
    """Seat -> the stock bottom to top (empty positions left out)."""
    kept: dict[int, CardRead] = field(default_factory=dict)
    discards: list[CardRead] = field(default_factory=list)
    discards_seen: bool = True
    """False where the discards cannot be seen (see ``CardReader.discards_visible``)."""
    accolades: dict[int, AccoladeCount] = field(default_factory=dict)


@dataclass(frozen=True)
class Templates:
    """Template patches of one layer: name, kind ('face', 'back', 'board', 'inn', 'mat',
    'under'), normalised patches and mean colours."""

    names: list[str]
    kinds: list[str]
    first: np.ndarray
    second: np.ndarray
    colours: np.ndarray


def _rot(yaw: float, x: float, y: float) -> tuple[float, float]:
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    return (x * c - y * s, x * s + y * c)


def _norm(patch: np.ndarray) -> np.ndarray:
    """Per-channel zero mean, unit norm (a patch of one colour stays all zero)."""
    p = patch.astype(np.float32)
    p = cv2.GaussianBlur(p, (0, 0), 1.0)
    p -= p.mean(axis=(0, 1))
    n = np.sqrt((p * p).sum(axis=(0, 1)))
    # exactly zero where a channel is flat: the patches it meets are not centred (_norm_many)
    return np.where(n > 1e-3, p / np.maximum(n, 1e-3), 0.0).astype(np.float32).reshape(-1)


def _norm_many(column: np.ndarray, side: int) -> tuple[np.ndarray, np.ndarray]:
    """A remapped column of patches (N*side, side, 3) -> (N, D) patches scaled as :func:`_norm`
    scales them (the blur run once over the column: it bleeds a pixel between neighbours, which
    the correlation does not feel) and (N, 6) features (:func:`_features`). The patches are NOT
    centred: the templates are, so a dot product with them is the same either way."""
    n = side * side
    p = cv2.GaussianBlur(column.astype(np.float32), (0, 0), 1.0).reshape(-1, n, 3)
    per_channel = np.tile(np.eye(3, dtype=np.float32), (n, 1))  # sums per channel as one product
    sums = p.reshape(len(p), -1) @ per_channel
    squares = np.einsum("ijk,ijk->ik", p, p)
    spread = np.sqrt(np.maximum(squares - sums * sums / n, 0.0))
    features = np.concatenate([sums / (n * 255.0), spread / np.sqrt(n) / np.maximum(sums / n, 1.0)], axis=1)
    # a flat channel stays all zero (uncentred, a tiny spread would blow its mean up)
    p *= np.where(spread > FLAT_SPREAD, 1.0 / np.maximum(spread, FLAT_SPREAD), 0.0)[:, None, :]
    return p.reshape(len(p), -1), features


def _features(patch: np.ndarray) -> np.ndarray:
    """Mean colour (0-1 per channel) and relative contrast (standard deviation over mean, per
    channel, after the blur: a per-channel gain, i.e. brightness and colour temperature, leaves
    it alone). A card back's gold on red has five times the contrast of an empty board space,
    whose colours are close to the back's."""
    p = cv2.GaussianBlur(patch.astype(np.float32), (0, 0), 1.0).reshape(-1, 3)
    mean = p.mean(axis=0)
    return np.concatenate([mean / 255.0, p.std(axis=0) / np.maximum(mean, 1.0)]).astype(np.float32)


def _cut(img: np.ndarray, centre_y_mm: float, size_mm: float, centre_x_mm: float = 0.0,
         px_per_mm: float = PX_PER_MM) -> np.ndarray:
    """A square patch of an art image (``PX_PER_MM``), centred ``centre_*_mm`` from its centre."""
    h, w = img.shape[:2]
    cx = w / 2 + centre_x_mm * ART_PX_PER_MM
    cy = h / 2 + centre_y_mm * ART_PX_PER_MM
    half = size_mm * ART_PX_PER_MM / 2
    big = int(round(size_mm * ART_PX_PER_MM))
    m = np.float32([[1, 0, -(cx - half)], [0, 1, -(cy - half)]])
    crop = cv2.warpAffine(img, m, (big, big), flags=cv2.INTER_LINEAR, borderValue=MAT_BGR)
    side = int(round(size_mm * px_per_mm))
    return cv2.resize(crop, (side, side), interpolation=cv2.INTER_AREA)


def _plain(bgr: tuple[int, int, int], size_mm: float, px_per_mm: float = PX_PER_MM) -> np.ndarray:
    side = int(round(size_mm * px_per_mm))
    return np.full((side, side, 3), bgr, np.uint8)


class _Builder:
    def __init__(self) -> None:
        self.names: list[str] = []
        self.kinds: list[str] = []
        self.first: list[np.ndarray] = []
        self.second: list[np.ndarray] = []
        self.colours: list[np.ndarray] = []

    def add(self, name: str, kind: str, a: np.ndarray, b: np.ndarray) -> None:
        self.names.append(name)
        self.kinds.append(kind)
        self.first.append(_norm(a))
        self.second.append(_norm(b))
        self.colours.append(np.concatenate([_features(a), _features(b)]))

    def done(self) -> Templates:
        return Templates(self.names, self.kinds, np.stack(self.first), np.stack(self.second), np.stack(self.colours))


@lru_cache(maxsize=2)
def _templates(side: str) -> Templates:
    """The whole-card templates of the built-in art."""
    return _build_templates(side, None)


@lru_cache(maxsize=2)
def _strip_templates(turned: bool = False) -> Templates:
    """The fan-strip templates of the built-in art (``turned``: of the cards turned half round,
    i.e. each card's bottom strip, for a fan whose first card lies on top)."""
    return _build_strip_templates(None, turned)


def _faces(pack: Any) -> list[tuple[str, np.ndarray]]:
    """(name, BGR art at ``PX_PER_MM``) of every face-up card (each view of a taught face), and the
    back (named ``BACK``)."""
    w, h = (int(round(v * ART_PX_PER_MM)) for v in art.CARD_SIZE_MM)
    out = []
    if pack is None:
        for p in art.PEOPLES:
            for a in art.ATTRIBUTES:
                out.append((f"{p}-{a}", _over_board(art.draw_card(p, a, w, h, ART_PX_PER_MM))))
        out.append((BACK, _over_board(art.draw_card_back(w, h, ART_PX_PER_MM))))
    else:
        for name, face in sorted(pack.faces.items()):
            for view in (face if face.ndim == 4 else face[None]):
                out.append((name, cv2.resize(view, (w, h), interpolation=cv2.INTER_AREA)))  # BGR (vision.pack)
    return out


def _build_templates(side: str, pack: Any) -> Templates:
    """Whole-card templates: the built-in card art or a taught pack's card faces (each view of
    each face, cut from the teach photos), the empty board spaces (one per printed number), the
    bare inn board and the bare mat (plain colours: the correlation says nothing, the colour
    does)."""
    w, h = (int(round(v * ART_PX_PER_MM)) for v in art.CARD_SIZE_MM)
    t = _Builder()

    def cut2(img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return _cut(img, *PEOPLE_PATCH), _cut(img, *ATTRIBUTE_PATCH)

    for name, img in _faces(pack):
        t.add(name, "back" if name == BACK else "face", *cut2(img))
    # an empty space: the board's dark rectangle with its printed number (one per number)
    bw, bd = (int(round(v * ART_PX_PER_MM)) for v in art.WALL_BOARD_SIZE_MM)
    board = _over_board(art.draw_wall_board(side, (128, 128, 128), bw, bd, ART_PX_PER_MM))
    for number in range(1, len(art.WALL_SPACES[side]) + 1):
        x, y = (v * ART_PX_PER_MM for v in art.wall_space_local(side, number))
        m = np.float32([[1, 0, -(x - w / 2)], [0, 1, -(y - h / 2)]])
        t.add(EMPTY, "board", *cut2(cv2.warpAffine(board, m, (w, h), borderValue=(30, 48, 74))))
    t.add(EMPTY, "inn", _plain(INN_BOARD_BGR, PEOPLE_PATCH[1]), _plain(INN_BOARD_BGR, ATTRIBUTE_PATCH[1]))
    t.add(EMPTY, "mat", _plain(MAT_BGR, PEOPLE_PATCH[1]), _plain(MAT_BGR, ATTRIBUTE_PATCH[1]))
    return t.done()


def _build_strip_templates(pack: Any, turned: bool = False) -> Templates:
    """Fan-strip templates: each face's top strip (a card at this position), its strips further
    down (no card here: the card below shows through), and the bare mat."""
    t = _Builder()
    for name, img in _faces(pack):
        if name == BACK:
            continue
        if turned:
            img = np.ascontiguousarray(img[::-1, ::-1])
        px = STRIP_PX_PER_MM
        t.add(name, "face", _cut(img, STRIP_BAND[1], STRIP_MM, STRIP_BAND[0], px),
              _cut(img, STRIP_INDEX[1], STRIP_MM, STRIP_INDEX[0], px))
        for down in UNDER_OFFSETS:
            t.add(EMPTY, "under", _cut(img, STRIP_BAND[1] + down, STRIP_MM, STRIP_BAND[0], px),
                  _cut(img, STRIP_INDEX[1] + down, STRIP_MM, STRIP_INDEX[0], px))
    t.add(EMPTY, "mat", _plain(MAT_BGR, STRIP_MM, STRIP_PX_PER_MM), _plain(MAT_BGR, STRIP_MM, STRIP_PX_PER_MM))
    t.add(EMPTY, "inn", _plain(INN_BOARD_BGR, STRIP_MM, STRIP_PX_PER_MM),
          _plain(INN_BOARD_BGR, STRIP_MM, STRIP_PX_PER_MM))
    return t.done()


def _over_board(bgra: np.ndarray) -> np.ndarray:
    if bgra.shape[2] == 3:
        return bgra
    alpha = bgra[:, :, 3:4].astype(np.float32) / 255.0
    board = np.zeros_like(bgra[:, :, :3], dtype=np.float32)
    board[:] = (30, 48, 74)
    return (bgra[:, :, :3].astype(np.float32) * alpha + board * (1 - alpha)).astype(np.uint8)


def score_poses(t: Templates, first: np.ndarray, second: np.ndarray, colours: np.ndarray,
                colour_weight: float, poses: int) -> np.ndarray:
    """(places, templates) scores: for each place the best of its ``poses`` consecutive samples
    (normalised first and second patches, their mean colours), one matrix product for all."""
    s = first @ t.first.T + ATTRIBUTE_WEIGHT * (second @ t.second.T)
    weights = np.array([colour_weight] * 3 + [CONTRAST_WEIGHT] * 3, np.float32)
    s -= (np.abs(colours[:, None, :] - t.colours[None, :, :]) * np.tile(weights, 2)).sum(axis=2)
    return s.reshape(-1, poses, s.shape[1]).max(axis=1)


def choose(names: list[str], scores: np.ndarray, place: str) -> CardRead:
    """The best template's name; the confidence is its lead over the best template of ANOTHER
    name (a taught face has one per photo, an empty space one per printed number)."""
    order = np.argsort(-scores)
    best = scores[order[0]]
    second = next((scores[j] for j in order[1:] if names[j] != names[order[0]] and np.isfinite(scores[j])), None)
    confidence = 1.0 if second is None else float(max(0.0, min(1.0, (best - second) * 2.0)))
    return CardRead(place, names[order[0]], confidence)


@dataclass(frozen=True)
class _Layer:
    """The places read with one set of templates and patch offsets: one remap table per patch
    (``JITTER`` poses of each place in turn)."""

    places: list[str]
    kinds: frozenset[str]
    first_maps: tuple[np.ndarray, np.ndarray, int]
    second_maps: tuple[np.ndarray, np.ndarray, int]


CENTRE_POSE = JITTER.index((0.0, 0.0, 0.0))
CHANGE_LEVEL = 8.0
"""A place is read again when its centre patches differ from those it was last read on by this
much (mean absolute difference, 0-255): a card laid, taken or turned changes it by 30 or more;
the camera's noise and the room's light drifting by a few levels."""


def _block_change(delta: np.ndarray, side: int) -> np.ndarray:
    """(P,) the largest mean absolute difference over any 4x4-pixel block of each patch: a small
    icon that changed (two cards of one people, the rest hidden by the deck) shows; the camera's
    noise, averaged over a block, does not."""
    b = side // 4 * 4
    d = delta.reshape(len(delta), side, side, 3).mean(axis=3)[:, :b, :b]
    return d.reshape(len(d), b // 4, 4, b // 4, 4).mean(axis=(2, 4)).reshape(len(d), -1).max(axis=1)


def _rows(maps: tuple[np.ndarray, np.ndarray, int], patches: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The remap table of some patches only (indices into the layer's patches)."""
    mx, my, side = maps
    rows = (patches[:, None] * side + np.arange(side)[None, :]).reshape(-1)
    return mx[rows], my[rows], side


def _sample(image: np.ndarray, maps: tuple[np.ndarray, np.ndarray, int]) -> np.ndarray:
    """A column of patches (OpenCV remaps at most 32767 rows at once: in chunks)."""
    mx, my, side = maps
    step = CHUNK * side
    return np.concatenate([cv2.remap(image, mx[i:i + step], my[i:i + step], cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT) for i in range(0, len(mx), step)])


class CardReader:
    """Reads every card place of one table layout (walls, inn, stocks, kept cards, discards) and
    the accolade fans."""

    def __init__(self, view: TableView, side: str, num_players: int, pack: Any = None,
                 *, expert: bool = True, remember: bool = False) -> None:
        """``pack``: a taught copy (``vision.pack.Pack`` of open_season) whose card faces replace
        the built-in card art. ``expert``: read the expert discards too. ``remember``: the frames
        are stills of one table in order (the tracker's): a place whose pixels did not change
        since it was last read keeps that reading."""
        if pack is not None and pack.game != "open_season":
            raise ValueError(f"the pack teaches {pack.game}, not open_season")
        self._templates = _templates(side) if pack is None else _build_templates(side, pack)
        self._strip = _strip_templates() if pack is None else _build_strip_templates(pack)
        self._turned = _strip_templates(True) if pack is None else _build_strip_templates(pack, True)
        self.colour_weight = COLOUR_WEIGHT if pack is None else PACK_COLOUR_WEIGHT
        self.view = view
        self.side = side
        self.num_players = num_players
        self.expert = expert
        self.remember = remember
        self._memory: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.discards_visible = expert and "west" not in SEAT_SIDES[num_players]
        """The expert discards lie beside the inn, under the west player's wall board when there
        is one (the twin's layout): only a 2-player table shows them."""
        whole: list[tuple[str, float, float, float, float]] = []  # place, x, y, yaw, height
        on_mat: list[tuple[str, float, float, float, float]] = []
        strips: list[tuple[str, float, float, float, float]] = []
        for seat, where in enumerate(SEAT_SIDES[num_players]):
            bx, by, yaw = board_pose(where)
            bw, bd = art.WALL_BOARD_SIZE_MM
            for number in range(1, len(art.WALL_SPACES[side]) + 1):
                lx, ly = art.wall_space_local(side, number)
                ox, oy = _rot(yaw, lx - bw / 2, ly - bd / 2)
                whole.append((f"wall {seat} {number}", bx + ox, by + oy, yaw, WALL_TOP_MM))
        inn = [(f"inn {i + 1}", 300 + dx, 300 + dy, 0.0, INN_TOP_MM) for i, (dx, dy) in enumerate(INN_SLOTS)]
        for seat, where in enumerate(SEAT_SIDES[num_players]):
            px, py, pyaw = personal_area_origin(where)
            kx, ky = _rot(pyaw, *KEPT_LOCAL)
            on_mat.append((f"kept {seat}", px + kx, py + ky, pyaw, CARD_THICKNESS_MM))
            for i in range(MAX_STOCK):
                sx, sy = _rot(pyaw, STOCK_LOCAL[0], STOCK_LOCAL[1] + i * STRIP_MM)
                top = (i + 1) * CARD_THICKNESS_MM
                on_mat.append((f"stock {seat} {i}", px + sx, py + sy, pyaw, top))
                strips.append((f"stock {seat} {i}", px + sx, py + sy, pyaw, top))
        turned: list[tuple[str, float, float, float, float]] = []
        if self.discards_visible:
            # the discards lie at one height: which of two overlaps the other is the renderer's
            # choice (nearer the camera on top), so the fan is read both ways (_discards)
            for i in range(MAX_DISCARDS):
                x, y = DISCARDS_AT[0], DISCARDS_AT[1] + i * STRIP_MM
                on_mat.append((f"discard {i}", x, y, 0.0, CARD_THICKNESS_MM))
                strips.append((f"discard {i}", x, y, 0.0, CARD_THICKNESS_MM))
                turned.append((f"discard {i}", x, y, 180.0, CARD_THICKNESS_MM))
        card_patches = ((0.0, PEOPLE_PATCH[0], PEOPLE_PATCH[1]), (0.0, ATTRIBUTE_PATCH[0], ATTRIBUTE_PATCH[1]))
        strip_patches = ((STRIP_BAND[0], STRIP_BAND[1], STRIP_MM), (STRIP_INDEX[0], STRIP_INDEX[1], STRIP_MM))
        self._layers = {
            "whole": self._layer(whole, card_patches, frozenset({"face", "back", "board"}), PX_PER_MM),
            # never face down: what looks like a back there is the deck's top leaning over a slot
            "inn": self._layer(inn, card_patches, frozenset({"face", "inn"}), PX_PER_MM),
            # the deck stands beside the inn: leaning into the view, it hides the bottom of slot
            # 3 or 5 (the attribute icon) but never the top strip, which is read too
            "inn strip": self._layer(inn, strip_patches, frozenset({"face", "inn"}), STRIP_PX_PER_MM),
            # trophy tokens lie over a wall card's icon, never over its top strip
            "wall strip": self._layer(whole, strip_patches, frozenset({"face"}), STRIP_PX_PER_MM),
            "on mat": self._layer(on_mat, card_patches, frozenset({"face", "mat"}), PX_PER_MM),
            "strip": self._layer(strips, strip_patches, frozenset({"face", "under", "mat"}), STRIP_PX_PER_MM),
        }
        if turned:
            self._layers["turned"] = self._layer(turned, strip_patches, frozenset({"face", "under", "mat"}),
                                                 STRIP_PX_PER_MM)
        self.places = [p for layer in ("whole", "inn", "on mat") for p in self._layers[layer].places]
        # an inn slot whose emblem or icon the deck may hide from this camera is read by its strip;
        # the deck's height is read from each frame (it shrinks through the game)
        self._deck_heights = np.arange(0.0, DECK_MAX_MM + 2.0, 2.0)
        self._inn_whole_at = [np.array([not any(
            self._deck_may_cover((300 + dx, 300 + dy), offset, size, h) for offset, size in (PEOPLE_PATCH, ATTRIBUTE_PATCH))
            for dx, dy in INN_SLOTS]) for h in self._deck_heights]
        inset = 8.0  # inside the deck's top whatever its turn
        gx, gy = np.meshgrid(np.linspace(-art.CARD_SIZE_MM[0] / 2 + inset, art.CARD_SIZE_MM[0] / 2 - inset, 5),
                             np.linspace(-art.CARD_SIZE_MM[1] / 2 + inset, art.CARD_SIZE_MM[1] / 2 - inset, 9))
        top = np.column_stack([DECK_AT[0] + gx.ravel(), DECK_AT[1] + gy.ravel()])
        self._deck_probes = [np.round(self.view.project(top, 1.5 + h)).astype(int) for h in self._deck_heights]
        self._accolade_masks = [self._accolade_setup(where) for where in SEAT_SIDES[num_players]]

    def _layer(self, specs: list[tuple[str, float, float, float, float]],
               patches: tuple[tuple[float, float, float], tuple[float, float, float]],
               kinds: frozenset[str], px_per_mm: float) -> _Layer:
        maps = []
        for cx, cy, size in patches:
            out = []
            for place, x, y, yaw, z in specs:
                for sx, sy, syaw in JITTER:  # cards lie a little off their place: try a few poses
                    dx, dy = _rot(yaw + syaw, cx, cy)
                    out.append(PatchSpec(place, (x + sx + dx, y + sy + dy), z, size, yaw + syaw))
            chunks = [self.view.patch_maps(out[i:i + CHUNK], px_per_mm) for i in range(0, len(out), CHUNK)]
            maps.append((np.concatenate([c[0] for c in chunks]), np.concatenate([c[1] for c in chunks]),
                         chunks[0][2]))
        return _Layer([s[0] for s in specs], kinds, maps[0], maps[1])

    def _deck_may_cover(self, card: tuple[float, float], offset: float, size: float, height: float,
                        yaw: float = 0.0, z: float = INN_TOP_MM) -> bool:
        """Whether a deck ``height`` mm tall (and 4 mm more), standing beside the inn, may hide more
        than ``DECK_COVER_SHARE`` of the square patch ``offset`` mm along the card at ``card``."""
        half = size / 2
        ox, oy = _rot(yaw, 0.0, offset)
        corners = [_rot(yaw, sx * half, sy * half) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        patch = self.view.project(np.array([[card[0] + ox + dx, card[1] + oy + dy] for dx, dy in corners]),
                                  z).astype(np.float32)
        w, h = art.CARD_SIZE_MM[0] / 2 + 2.0, art.CARD_SIZE_MM[1] / 2 + 2.0  # its 5 degrees of turn
        foot = np.array([[DECK_AT[0] + sx * w, DECK_AT[1] + sy * h] for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
        deck = np.concatenate([self.view.project(foot, 1.5), self.view.project(foot, 1.5 + height + 4.0)])
        hull = cv2.convexHull(deck.astype(np.float32))
        area, _ = cv2.intersectConvexConvex(patch, hull)
        return bool(area > DECK_COVER_SHARE * cv2.contourArea(patch))

    def deck_height(self, image: np.ndarray) -> float:
        """How tall the deck stands (mm): the height at which its top's probes are most the red of
        a card back (lower they fall on its cream side, higher on the inn or the mat beside it)."""
        h, w = image.shape[:2]
        shares = []
        for probes in self._deck_probes:
            x, y = np.clip(probes[:, 0], 0, w - 1), np.clip(probes[:, 1], 0, h - 1)
            px = image[y, x].astype(np.float32)
            shares.append(float(np.median(px[:, 2] / (px.sum(axis=1) + 1.0))))
        top = max(shares)
        if top <= DECK_RED_SHARE:
            return 0.0
        # seen from above, the top reads red over a range of heights: the tallest of them (safe)
        return float(max(hh for hh, r in zip(self._deck_heights, shares, strict=True) if r >= top - 0.02))

    @classmethod
    def from_ground_truth(cls, gt: dict[str, Any], side: str, num_players: int, pack: Any = None,
                          *, expert: bool = True, remember: bool = False) -> CardReader:
        """The geometry of a rendered frame (its exact camera): for benches and tests."""
        cam = gt["camera"]
        view = TableView(np.asarray(gt["homography_table_to_image"]), (int(cam["width"]), int(cam["height"])),
                         np.asarray(cam["K"]), np.asarray(cam["dist"]))
        return cls(view, side, num_players, pack, expert=expert, remember=remember)

    # ------------------------------------------------------------------ reading
    def _scores(self, image: np.ndarray, name: str, t: Templates) -> np.ndarray:
        """(places, templates) scores of one layer. With ``remember``, only the places whose
        centre patch changed since they were last read are scored again."""
        layer = self._layers[name]
        k = len(JITTER)
        todo = np.arange(len(layer.places))
        memory = self._memory.get(name) if self.remember else None
        if self.remember:  # both patches: two cards of one people differ in the icon only
            first = _sample(image, _rows(layer.first_maps, todo * k + CENTRE_POSE)).reshape(len(todo), -1)
            centre = np.concatenate([first, _sample(image, _rows(layer.second_maps, todo * k + CENTRE_POSE))
                                     .reshape(len(todo), -1)], axis=1).astype(np.float32)
            if memory is not None:
                split = first.shape[1]
                delta = np.abs(centre - memory[0])
                todo = np.flatnonzero(np.maximum(_block_change(delta[:, :split], layer.first_maps[2]),
                                                 _block_change(delta[:, split:], layer.second_maps[2]))
                                      > CHANGE_LEVEL)
        scores = memory[1].copy() if memory is not None else np.zeros((len(layer.places), len(t.names)), np.float32)
        if len(todo):
            patches = (todo[:, None] * k + np.arange(k)[None, :]).reshape(-1)
            na, ca = _norm_many(_sample(image, _rows(layer.first_maps, patches)), layer.first_maps[2])
            nb, cb = _norm_many(_sample(image, _rows(layer.second_maps, patches)), layer.second_maps[2])
            fresh = score_poses(t, na, nb, np.concatenate([ca, cb], axis=1), self.colour_weight, k)
            fresh[:, ~np.array([kind in layer.kinds for kind in t.kinds])] = -np.inf
            scores[todo] = fresh
        if self.remember:
            reference = memory[0].copy() if memory is not None else centre
            reference[todo] = centre[todo]  # a place keeps the patch it was last read on
            self._memory[name] = (reference, scores)
        return scores

    def _read_layer(self, image: np.ndarray, name: str) -> list[CardRead]:
        layer = self._layers[name]
        t = self._turned if name == "turned" else self._strip if name.endswith("strip") else self._templates
        scores = self._scores(image, name, t)
        backs = np.array([k == "back" for k in t.kinds])
        if backs.any():  # a back that fits this badly is a shadow (the deck's, at evening light)
            weak = scores[:, backs].max(axis=1) < BACK_MIN_SCORE
            if weak.any():
                scores = scores.copy()
                scores[np.ix_(weak, backs)] = -np.inf
        return [choose(t.names, scores[i], place) for i, place in enumerate(layer.places)]

    def _read_inn(self, image: np.ndarray) -> list[CardRead]:
        """Each inn slot: the best name's whole-card score plus its top-strip score (the strip's
        alone where the deck may hide the whole card's patches)."""
        whole = self._scores(image, "inn", self._templates)
        strip = self._scores(image, "inn strip", self._strip)
        names = sorted(set(self._templates.names) - {BACK})
        total = np.zeros((len(whole), len(names)), np.float32)
        deck = int(round(self.deck_height(image) / 2.0))
        for t, scores, use in ((self._templates, whole, self._inn_whole_at[deck]), (self._strip, strip, True)):
            for j, name in enumerate(names):
                columns = [i for i, n in enumerate(t.names) if n == name]
                total[:, j] += np.where(use, scores[:, columns].max(axis=1) if columns else -np.inf, 0.0)
        return [choose(names, total[i], place) for i, place in enumerate(self._layers["inn"].places)]

    def read(self, image: np.ndarray) -> list[CardRead]:
        """Every wall space, inn slot, kept card, stock position and discard position, read as a
        whole card (a fan's lower cards are read by :meth:`read_table`)."""
        return self._read_layer(image, "whole") + self._read_layer(image, "inn") + self._read_layer(image, "on mat")

    def read_table(self, image: np.ndarray, tokens_on: dict[int, set[int]] | None = None) -> TableCards:
        """Everything: a fan (stock, discards) holds the cards whose top strip shows, up to the
        first position without one; its top card is read whole when that reads a card.
        ``tokens_on``: seat -> wall spaces with trophy tokens on their card (the token reader's),
        read by their top strip (the tokens lie over the icon)."""
        whole = {r.place: r for r in self.read(image)}
        if tokens_on and any(tokens_on.values()):
            for r in self._read_layer(image, "wall strip"):
                seat, number = (int(v) for v in r.place.split()[1:])
                if number in tokens_on.get(seat, set()):
                    whole[r.place] = r
        strips = {r.place: r for r in self._read_layer(image, "strip")}
        out = TableCards()
        for seat in range(self.num_players):
            out.walls[seat] = {n: whole[f"wall {seat} {n}"] for n in range(1, len(art.WALL_SPACES[self.side]) + 1)}
            out.kept[seat] = whole[f"kept {seat}"]
            out.stocks[seat] = self._fan(whole, strips, [f"stock {seat} {i}" for i in range(MAX_STOCK)])
        out.inn = self._read_inn(image)
        out.discards_seen = self.discards_visible
        if self.discards_visible:
            turned = {r.place: r for r in self._read_layer(image, "turned")}
            places = [f"discard {i}" for i in range(MAX_DISCARDS)]
            upwards = self._fan(whole, strips, places)
            # the first card on top: it shows whole, each next one its bottom strip
            downwards = [] if whole[places[0]].card in (EMPTY, BACK) else [whole[places[0]]]
            for place in places[1:] if downwards else []:
                if turned[place].card == EMPTY:
                    break
                downwards.append(turned[place])
            out.discards = downwards if len(downwards) > len(upwards) else upwards
        out.accolades = self.read_accolades(image)
        return out

    @staticmethod
    def _fan(whole: dict[str, CardRead], strips: dict[str, CardRead], places: list[str]) -> list[CardRead]:
        cards: list[CardRead] = []
        for place in places:
            if strips[place].card == EMPTY:
                break
            cards.append(strips[place])
        if cards and whole[cards[-1].place].card not in (EMPTY, BACK):
            cards[-1] = whole[cards[-1].place]  # the top card shows whole
        return cards

    # ------------------------------------------------------------------ accolades
    def _accolade_setup(self, where: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(image -> window homography, the window's mask of pixels read, the outline of every
        count 0..MAX_ACCOLADES as rows of booleans)."""
        px, py, pyaw = personal_area_origin(where)
        x0, y0, x1, y1 = ACCOLADE_WINDOW
        s = ACCOLADE_PX_PER_MM
        w, h = int(round((x1 - x0) * s)), int(round((y1 - y0) * s))
        corners = []
        for lx, ly in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
            ox, oy = _rot(pyaw, lx, ly)
            corners.append((px + ox, py + oy))
        img_pts = self.view.project(np.array(corners), 2 * CARD_THICKNESS_MM).astype(np.float32)
        win = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        to_window = cv2.getPerspectiveTransform(img_pts, win)
        cw, ch = art.CARD_SIZE_MM
        outlines = []
        for k in range(MAX_ACCOLADES + 1):
            mask = np.zeros((h, w), np.uint8)
            turn, step = min(7.0, 56.0 / max(k, 1)), min(6.0, 60.0 / max(k, 1))
            for i in range(k):
                off = i - (k - 1) / 2
                cx, cy = ACCOLADE_LOCAL[0] + off * step, ACCOLADE_LOCAL[1] + abs(off) * 0.2 * step
                a = off * turn
                pts = [_rot(a, dx, dy) for dx, dy in ((-cw / 2, -ch / 2), (cw / 2, -ch / 2), (cw / 2, ch / 2),
                                                       (-cw / 2, ch / 2))]
                poly = np.array([[(cx + dx - x0) * s, (cy + dy - y0) * s] for dx, dy in pts])
                cv2.fillPoly(mask, [np.round(poly).astype(np.int32)], 1)
            outlines.append(mask.reshape(-1).astype(bool))
        # what the fan cannot explain: the stock and the kept card, which may lie beside it
        read = np.ones((h, w), np.uint8)
        for lx, ly, length in ((STOCK_LOCAL[0], STOCK_LOCAL[1] + (MAX_STOCK - 1) * STRIP_MM / 2,
                                ch + (MAX_STOCK - 1) * STRIP_MM), (KEPT_LOCAL[0], KEPT_LOCAL[1], ch)):
            rx0, rx1 = (lx - cw / 2 - 4 - x0) * s, (lx + cw / 2 + 4 - x0) * s
            ry0, ry1 = (ly - length / 2 - 4 - y0) * s, (ly + length / 2 + 4 - y0) * s
            cv2.rectangle(read, (int(rx0), int(ry0)), (int(rx1), int(ry1)), 0, -1)
        return to_window, read.reshape(-1).astype(bool), np.stack(outlines)

    def read_accolades(self, image: np.ndarray) -> dict[int, AccoladeCount]:
        """Seat -> the accolade count whose fan outline agrees best with the card-back pixels."""
        out = {}
        x0, y0, x1, y1 = ACCOLADE_WINDOW
        size = (int(round((x1 - x0) * ACCOLADE_PX_PER_MM)), int(round((y1 - y0) * ACCOLADE_PX_PER_MM)))
        for seat, (to_window, read, outlines) in enumerate(self._accolade_masks):
            win = cv2.warpPerspective(image, to_window, size, flags=cv2.INTER_AREA).astype(np.float32)
            red = win[:, :, 2] / (win.sum(axis=2) + 1.0)
            back = (red > BACK_RED_SHARE).reshape(-1)[read]
            agree = (outlines[:, read] == back[None, :]).mean(axis=1)
            order = np.argsort(-agree)
            lead = float(agree[order[0]] - agree[order[1]])
            out[seat] = AccoladeCount(int(order[0]), float(min(1.0, lead / ACCOLADE_SURE_LEAD)), int(order[1]))
        return out
