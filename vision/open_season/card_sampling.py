"""Where the Open Season card reader samples the pixels, and what it compares them with: the
card places of one table layout (walls, inn, stocks, kept cards, discards, the deck, the accolade
fans) projected into the camera's image, the template patches cut from the card art (or a taught
pack's faces), and the patches sampled from a frame, scaled as the templates are.

Kept apart from ``vision.open_season.cards``, which decides what the scores mean (which card,
a back, an empty space; how many accolades; when to read a place again): a change here moves
numbers every rendered test table would have to pin, a change there changes a reading
(docs/testing.md, "Scope", issue 23).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

import cv2
import numpy as np

from vision.octocube.geometry import PatchSpec, TableView
from vision.open_season.art_source import ART_MODULES
from vision.render import open_season_art as art
from vision.template_cache import cached_arrays
from vision.render.open_season_scene import (CARD_THICKNESS_MM, SEAT_SIDES, board_pose, personal_area_origin,
                                             rotate_mm)

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
Patch = tuple[float, float, float]
"""A square patch in the card's own frame: centre across, centre along (mm from the card's centre)
and side (mm)."""
BUILT_IN_PATCHES: tuple[Patch, Patch] = ((0.0, *PEOPLE_PATCH), (0.0, *ATTRIBUTE_PATCH))
"""Where the built-in art puts the people emblem and the attribute icon: the whole-card patches
without a pack."""
WHOLE_CARD_PATCHES: tuple[Patch, Patch] = ((0.0, -12.0, 38.0), (0.0, 12.0, 38.0))
"""A taught pack's cards are read whole: its upper and lower square (38 mm, 3 mm inside the long
edges, overlapping by 14 mm in the middle; the poses tried stay on the card). A printing lays its
cards out as it likes (``vision.render.random_art``: the emblem at the foot, the icon across the
middle, corner indices or none): the built-in art's two patches missed part of what tells its
faces apart (85.7 % of face-up cards on the bench printings, docs/teach.md). On training printings
1-6 (3 tables each, ``bench/open_season_taught_cards.py``): face-up cards 98.7 % -> 99.7 % (2
photos), 96.6 % -> 98.4 % (1 photo), empty spaces 98.9 % -> 100 %. Squares chosen per printing from its taught faces (where its faces of
other peoples / attributes correlate least) measured worse: small patches on an icon, and empty
spaces read as cards (86 %)."""
STRIP_MM = 17.0
"""How much of each lower card of a fan shows (the fans step 17 mm): its top strip."""
STRIP_Y = -art.CARD_SIZE_MM[1] / 2 + STRIP_MM / 2
STRIP_INDEX = (-art.CARD_SIZE_MM[0] / 2 + STRIP_MM / 2, STRIP_Y)
"""Card-local centre (across, along) of the strip's corner-index square."""
STRIP_BAND = (2.0, STRIP_Y)
"""... and of the square beside it (the people's colour band and the top of the emblem)."""
UNDER_OFFSETS = (STRIP_MM, 2 * STRIP_MM, 3 * STRIP_MM)
"""Where a fan has no card at a position, its strip shows a lower card further down its face."""
INDEX_MARGIN_MM = 2.5
"""The built-in art's corner index lies this far inside the card's edges (``open_season_art.draw_card``:
``2.5 * density``)..."""
INDEX_BOX_MM = (9.0, 17.0)
"""... and is this wide and tall (``9 * density`` by ``17 * density``): a cream box with the people's
initial over the attribute's small icon, top-left and (turned half round) bottom-right."""
INDEX_CENTRE = (-art.CARD_SIZE_MM[0] / 2 + INDEX_MARGIN_MM + INDEX_BOX_MM[0] / 2,
                -art.CARD_SIZE_MM[1] / 2 + INDEX_MARGIN_MM + INDEX_BOX_MM[1] / 2)
"""Card-local centre (across, along) of the top-left corner index."""
WALL_INDEX = "wall index"
"""The layer of each wall card's top-left corner index (a square ``INDEX_BOX_MM[1]`` on a side around
it), laid out for a finished table's walls only (``CardLayout(walls_only=True)``)..."""
WALL_TURNED_INDEX = "wall turned index"
"""... and of its bottom-right one, sampled turned half round (so it reads as the top-left one does):
where a hand covers one end of a wall card, the other may show."""
JITTER = tuple((x, y, a) for x in (-1.5, 0.0, 1.5) for y in (-1.5, 0.0, 1.5) for a in (-3.0, 0.0, 3.0))
"""Poses tried around each place (mm, mm, degrees): the best fit of each face counts."""
FLAT_SPREAD = 0.5
"""A sampled channel whose spread (root of the summed squared deviations) is below this is flat."""
WALL_TROPHY_PLACES_MM = tuple((-13.0 + 9.0 * (i % 3), 20.0 - 9.0 * (i // 3)) for i in range(9))
"""Where the trophy tokens on a wall card lie, in the order they are laid (mm from the space's
centre, across and along the card, in the wall board's frame): three to a row over the attribute
icon, the next row 9 mm nearer the emblem -- as the token reader samples them (``token_sampling``,
its ``WALL_TROPHY_SLOTS``) and the renderer lays them (``open_season_scene``)."""
TROPHY_COVER_MM = 7.5
"""How far from a trophy place's centre the token may hide the card under it: its 6 mm radius,
the blur of the patches (0.8 mm), and the token's top standing 1.6 mm over the card's (up to 1.1 mm
of parallax at a 35-degree tilt, its rim in view on the far side)."""


def trophy_free_pixels(yaw: float, count: int, patch: tuple[float, float, float],
                       px_per_mm: float = PX_PER_MM) -> np.ndarray:
    """(len(JITTER), side * side) bool: the pixels of a wall card's ``patch`` (across, along,
    side; sampled at each ``JITTER`` pose of a wall space turned ``yaw`` degrees) that ``count``
    trophy tokens on its first places (``WALL_TROPHY_PLACES_MM``) leave in view. The tokens lie
    where the space is, the patch moves with the pose tried."""
    cx, cy, size = patch
    side = int(round(size * px_per_mm))
    g = (np.arange(side, dtype=np.float64) + 0.5) / px_per_mm - size / 2
    gx, gy = np.meshgrid(g, g)  # patch-local mm from its centre: x across its rows, y down its columns
    free = np.ones((len(JITTER), side * side), bool)
    for k, (sx, sy, syaw) in enumerate(JITTER):
        turn = yaw + syaw
        # the patch's centre and the tokens' in table mm from the space's nominal centre
        px, py = rotate_mm(turn, cx, cy)
        px, py = px + sx, py + sy
        for tx, ty in WALL_TROPHY_PLACES_MM[:count]:
            ox, oy = rotate_mm(yaw, tx, ty)
            lx, ly = rotate_mm(-turn, ox - px, oy - py)  # the token in the patch's own frame
            free[k] &= ((gx - lx) ** 2 + (gy - ly) ** 2 > TROPHY_COVER_MM ** 2).ravel()
    return free


CHUNK = 256
"""OpenCV remaps at most 32767 rows at once: the patches go in chunks."""
EMPTY = "empty"
BACK = "back"
WALL_TOP_MM = 2.0 + CARD_THICKNESS_MM
INN_TOP_MM = 1.5 + CARD_THICKNESS_MM
INN_SLOTS = ((-48, -37), (0, -37), (48, -37), (-24, 37), (24, 37))
DECK_AT = (362.0, 337.0)
"""The deck's place beside the inn (``open_season_scene``); it stands up to ``DECK_MAX_MM`` tall."""
DECK_MAX_MM = 1.5 + 180 * CARD_THICKNESS_MM
DECK_RIM_MM = 2.0
"""The deck top's rim probes lie this far inside its edges and as far outside them: at the top's
true height the inside shows the back and the outside does not; read higher, the far edge's inside
probes fall off the top, read lower the outside ones fall on it (game 103062, tilt 30: 4 mm off
turns the contrast from 0.96 to 0.8 or less; 2 mm keeps the inside probes on the card's printed
back, not on its rounded corner's cut)."""
DECK_RIM_PROBES_PER_EDGE = 12
"""Rim probes along each of the top's four edges, inside and outside alike."""


def deck_rim(inset: float) -> np.ndarray:
    """(4 * DECK_RIM_PROBES_PER_EDGE, 2) table points (mm) along the deck top's outline, ``inset``
    inside its edges (negative: outside)."""
    half_w, half_h = art.CARD_SIZE_MM[0] / 2 - inset, art.CARD_SIZE_MM[1] / 2 - inset
    xs = np.linspace(-half_w, half_w, DECK_RIM_PROBES_PER_EDGE)
    ys = np.linspace(-half_h, half_h, DECK_RIM_PROBES_PER_EDGE)
    edges = [np.column_stack([xs, np.full_like(xs, -half_h)]), np.column_stack([xs, np.full_like(xs, half_h)]),
             np.column_stack([np.full_like(ys, -half_w), ys]), np.column_stack([np.full_like(ys, half_w), ys])]
    return np.vstack(edges) + np.asarray(DECK_AT)


def _pixels_at(image: np.ndarray, probes: np.ndarray) -> np.ndarray:
    """(N, 3) float32: the frame's pixels at ``probes`` (x, y), clipped to the frame."""
    h, w = image.shape[:2]
    x, y = np.clip(probes[:, 0], 0, w - 1), np.clip(probes[:, 1], 0, h - 1)
    return np.asarray(image[y, x].astype(np.float32))


DECK_COVER_SHARE = 0.1
"""Share of a patch the deck may hide before the slot is read by its strip alone (slot 5's card
always lies 6 mm under the deck's edge)."""
DECK_MOSTLY_SEEN = 0.5
"""A slot whose patches the deck may hide at most this share of shows part of any card there."""
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
FAN_MARGIN_MM = 2.0
"""A fan's outline is taken this much wider where it may lie over a stock or kept card (its
edge's blur and the cards' few tenths of a millimetre of play)."""


@dataclass(frozen=True)
class Templates:
    """Template patches of one layer: name, kind ('face', 'back', 'board', 'inn', 'mat',
    'under'), normalised patches and mean colours."""

    names: list[str]
    kinds: list[str]
    first: np.ndarray
    second: np.ndarray
    colours: np.ndarray




def norm_patch(patch: np.ndarray) -> np.ndarray:
    """Per-channel zero mean, unit norm (a patch of one colour stays all zero)."""
    p: np.ndarray = cv2.GaussianBlur(patch.astype(np.float32), (0, 0), 1.0)
    p -= p.mean(axis=(0, 1))
    n = np.sqrt((p * p).sum(axis=(0, 1)))
    # exactly zero where a channel is flat: the patches it meets are not centred (norm_many)
    return np.where(n > 1e-3, p / np.maximum(n, 1e-3), 0.0).astype(np.float32).reshape(-1)


def norm_many(column: np.ndarray, side: int) -> tuple[np.ndarray, np.ndarray]:
    """A remapped column of patches (N*side, side, 3) -> (N, D) patches scaled as :func:`norm_patch`
    scales them (the blur run once over the column: it bleeds a pixel between neighbours, which
    the correlation does not feel) and (N, 6) features (:func:`patch_features`). The patches are NOT
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


def patch_features(patch: np.ndarray) -> np.ndarray:
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
    m = np.array([[1, 0, -(cx - half)], [0, 1, -(cy - half)]], np.float32)
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
        self.first.append(norm_patch(a))
        self.second.append(norm_patch(b))
        self.colours.append(np.concatenate([patch_features(a), patch_features(b)]))

    def done(self) -> Templates:
        return Templates(self.names, self.kinds, np.stack(self.first), np.stack(self.second), np.stack(self.colours))


@lru_cache(maxsize=2)
def card_templates(side: str) -> Templates:
    """The whole-card templates of the built-in art (drawn once per version of the code that
    draws them: ``vision.template_cache``)."""
    return _cached(f"open-season-cards-{side}", lambda: build_templates(side, None))


@lru_cache(maxsize=2)
def strip_templates(turned: bool = False) -> Templates:
    """The fan-strip templates of the built-in art (``turned``: of the cards turned half round,
    i.e. each card's bottom strip, for a fan whose first card lies on top)."""
    return _cached(f"open-season-strips{'-turned' if turned else ''}", lambda: build_strip_templates(None, turned))


@lru_cache(maxsize=1)
def index_templates() -> Templates:
    """The built-in art's corner index of every face (a square ``INDEX_BOX_MM[1]`` on a side around
    ``INDEX_CENTRE``, at ``STRIP_PX_PER_MM``; both patches the same)."""
    t = _Builder()
    for name, img in _built_in_faces():
        if name != BACK:
            cut = _cut(img, INDEX_CENTRE[1], INDEX_BOX_MM[1], INDEX_CENTRE[0], STRIP_PX_PER_MM)
            t.add(name, "face", cut, cut)
    return t.done()


def _cached(name: str, build: Callable[[], Templates]) -> Templates:
    def draw() -> dict[str, np.ndarray]:
        t = build()
        return {"names": np.array(t.names), "kinds": np.array(t.kinds), "first": t.first, "second": t.second,
                "colours": t.colours}

    a = cached_arrays(name, (*ART_MODULES, sys.modules[__name__]), draw)
    return Templates([str(n) for n in a["names"]], [str(k) for k in a["kinds"]], a["first"], a["second"], a["colours"])


def _faces(pack: Any) -> list[tuple[str, np.ndarray]]:
    """(name, BGR art at ``PX_PER_MM``) of every face-up card (each view of a taught face), and the
    back (named ``BACK``)."""
    if pack is None:
        return list(_built_in_faces())
    w, h = (int(round(v * ART_PX_PER_MM)) for v in art.CARD_SIZE_MM)
    out = []
    for name, face in sorted(pack.faces.items()):
        for view in (face if face.ndim == 4 else face[None]):
            out.append((name, cv2.resize(view, (w, h), interpolation=cv2.INTER_AREA)))  # BGR (vision.pack)
    return out


@lru_cache(maxsize=1)
def _built_in_faces() -> tuple[tuple[str, np.ndarray], ...]:
    """The built-in art's faces, drawn once (the card and both strip templates cut them)."""
    w, h = (int(round(v * ART_PX_PER_MM)) for v in art.CARD_SIZE_MM)
    out = [(f"{p}-{a}", _over_board(art.draw_card(p, a, w, h, ART_PX_PER_MM)))
           for p in art.PEOPLES for a in art.ATTRIBUTES]
    out.append((BACK, _over_board(art.draw_card_back(w, h, ART_PX_PER_MM))))
    for _, img in out:
        img.flags.writeable = False  # shared by every caller
    return tuple(out)


def build_templates(side: str, pack: Any, patches: tuple[Patch, Patch] = BUILT_IN_PATCHES) -> Templates:
    """Whole-card templates: the built-in card art or a taught pack's card faces (each view of
    each face, cut from the teach photos), the empty board spaces (one per printed number), the
    bare inn board and the bare mat (plain colours: the correlation says nothing, the colour
    does). ``patches``: the two patches cut of each (``BUILT_IN_PATCHES`` or a pack's own)."""
    w, h = (int(round(v * ART_PX_PER_MM)) for v in art.CARD_SIZE_MM)
    t = _Builder()
    (ax, ay, asize), (bx, by, bsize) = patches

    def cut2(img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return _cut(img, ay, asize, ax), _cut(img, by, bsize, bx)

    for name, img in _faces(pack):
        t.add(name, "back" if name == BACK else "face", *cut2(img))
    # an empty space: the board's dark rectangle with its printed number (one per number)
    bw, bd = (int(round(v * ART_PX_PER_MM)) for v in art.WALL_BOARD_SIZE_MM)
    board = _over_board(art.draw_wall_board(side, (128, 128, 128), bw, bd, ART_PX_PER_MM))
    for number in range(1, len(art.WALL_SPACES[side]) + 1):
        x, y = (v * ART_PX_PER_MM for v in art.wall_space_local(side, number))
        m = np.array([[1, 0, -(x - w / 2)], [0, 1, -(y - h / 2)]], np.float32)
        t.add(EMPTY, "board", *cut2(cv2.warpAffine(board, m, (w, h), borderValue=(30, 48, 74))))
    t.add(EMPTY, "inn", _plain(INN_BOARD_BGR, asize), _plain(INN_BOARD_BGR, bsize))
    t.add(EMPTY, "mat", _plain(MAT_BGR, asize), _plain(MAT_BGR, bsize))
    return t.done()


def build_strip_templates(pack: Any, turned: bool = False) -> Templates:
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



@dataclass(frozen=True)
class Layer:
    """The places read with one set of templates and patch offsets: one remap table per patch
    (``JITTER`` poses of each place in turn)."""

    places: list[str]
    kinds: frozenset[str]
    first_maps: tuple[np.ndarray, np.ndarray, int]
    second_maps: tuple[np.ndarray, np.ndarray, int]


CENTRE_POSE = JITTER.index((0.0, 0.0, 0.0))


def pose_rows(places: np.ndarray) -> np.ndarray:
    """The rows of a layer's remap tables that hold these places' ``JITTER`` poses, in order."""
    k = len(JITTER)
    return (places[:, None] * k + np.arange(k)[None, :]).ravel()


def patch_rows(maps: tuple[np.ndarray, np.ndarray, int], patches: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The remap table of some patches only (indices into the layer's patches)."""
    mx, my, side = maps
    rows = (patches[:, None] * side + np.arange(side)[None, :]).reshape(-1)
    return mx[rows], my[rows], side


def sample_patches(image: np.ndarray, maps: tuple[np.ndarray, np.ndarray, int]) -> np.ndarray:
    """A column of patches (OpenCV remaps at most 32767 rows at once: in chunks)."""
    mx, my, side = maps
    step = CHUNK * side
    return np.concatenate([cv2.remap(image, mx[i:i + step], my[i:i + step], cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT) for i in range(0, len(mx), step)])



Place = tuple[str, float, float, float, float]
"""A card place: its name, centre (table mm), yaw (degrees) and the height of the card's top (mm)."""


def card_layout(view: TableView, side: str, num_players: int, discards: bool,
                patches: tuple[Patch, Patch] = BUILT_IN_PATCHES, *, walls_only: bool = False) -> CardLayout:
    """The :class:`CardLayout` of these places as ``view`` sees them, built once for the last few
    cameras: it depends on the geometry alone (and holds only what it computes from it), and a
    reader built again for the same camera (each new game at a calibrated table, each table of a
    test) built it again (0.3-0.5 s at 1280x720)."""
    return _card_layout(_ViewKey(view), side, num_players, discards, patches, walls_only)


class _ViewKey:
    """A :class:`TableView` hashed by what its projections depend on (image size, table
    homography, intrinsics, distortion)."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        dist = b"" if view.dist is None else view.dist.tobytes()
        self._key = (view.image_size, view.intrinsics_known, view.homography_at(0.0).tobytes(), view.K.tobytes(), dist)

    def __hash__(self) -> int:
        return hash(self._key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ViewKey) and self._key == other._key


@lru_cache(maxsize=2)
def _card_layout(view: _ViewKey, side: str, num_players: int, discards: bool, patches: tuple[Patch, Patch],
                 walls_only: bool) -> CardLayout:
    return CardLayout(view.view, side, num_players, discards, patches, walls_only=walls_only)


class CardLayout:
    """Every card place of one table layout as the camera sees it: the remap tables of each
    layer's patches (``JITTER`` poses of each place), the deck's probes and the inn patches it
    may hide at each height, and the accolade windows with the outline of every count."""

    def __init__(self, view: TableView, side: str, num_players: int, discards: bool,
                 patches: tuple[Patch, Patch] = BUILT_IN_PATCHES, *, walls_only: bool = False) -> None:
        """``discards``: lay out the expert discards too (where the camera can see them);
        ``patches``: the two square patches of a whole card (the templates'); ``walls_only``:
        only the walls' layers ("whole", "wall strip"), all a finished table's score reads
        (the other layers, the deck's probes and the accolade windows took two thirds of the
        set-up)."""
        self.view = view
        self._free_pixels: dict[tuple[str, tuple[int, ...], float], tuple[np.ndarray, np.ndarray]] = {}
        self._hulls: dict[float, np.ndarray] = {}
        whole: list[Place] = []
        on_mat: list[Place] = []
        strips: list[Place] = []
        for seat, where in enumerate(SEAT_SIDES[num_players]):
            bx, by, yaw = board_pose(where)
            bw, bd = art.WALL_BOARD_SIZE_MM
            for number in range(1, len(art.WALL_SPACES[side]) + 1):
                lx, ly = art.wall_space_local(side, number)
                ox, oy = rotate_mm(yaw, lx - bw / 2, ly - bd / 2)
                whole.append((f"wall {seat} {number}", bx + ox, by + oy, yaw, WALL_TOP_MM))
        inn: list[Place] = [(f"inn {i + 1}", 300 + dx, 300 + dy, 0.0, INN_TOP_MM) for i, (dx, dy) in enumerate(INN_SLOTS)]
        for seat, where in enumerate(SEAT_SIDES[num_players]):
            px, py, pyaw = personal_area_origin(where)
            kx, ky = rotate_mm(pyaw, *KEPT_LOCAL)
            on_mat.append((f"kept {seat}", px + kx, py + ky, pyaw, CARD_THICKNESS_MM))
            for i in range(MAX_STOCK):
                sx, sy = rotate_mm(pyaw, STOCK_LOCAL[0], STOCK_LOCAL[1] + i * STRIP_MM)
                top = (i + 1) * CARD_THICKNESS_MM
                on_mat.append((f"stock {seat} {i}", px + sx, py + sy, pyaw, top))
                strips.append((f"stock {seat} {i}", px + sx, py + sy, pyaw, top))
        turned: list[Place] = []
        if discards:
            # the discards lie at one height: which of two overlaps the other is the renderer's
            # choice (nearer the camera on top), so the fan is read both ways (CardReader.read_table)
            for i in range(MAX_DISCARDS):
                x, y = DISCARDS_AT[0], DISCARDS_AT[1] + i * STRIP_MM
                on_mat.append((f"discard {i}", x, y, 0.0, CARD_THICKNESS_MM))
                strips.append((f"discard {i}", x, y, 0.0, CARD_THICKNESS_MM))
                turned.append((f"discard {i}", x, y, 180.0, CARD_THICKNESS_MM))
        card_patches = patches
        strip_patches = ((STRIP_BAND[0], STRIP_BAND[1], STRIP_MM), (STRIP_INDEX[0], STRIP_INDEX[1], STRIP_MM))
        index_patches = ((INDEX_CENTRE[0], INDEX_CENTRE[1], INDEX_BOX_MM[1]),) * 2
        if walls_only:
            self.layers = {"whole": self._layer(whole, card_patches, frozenset({"face", "back", "board"}), PX_PER_MM),
                           "wall strip": self._layer(whole, strip_patches, frozenset({"face"}), STRIP_PX_PER_MM),
                           WALL_INDEX: self._layer(whole, index_patches, frozenset({"face"}), STRIP_PX_PER_MM),
                           WALL_TURNED_INDEX: self._layer([(place, x, y, yaw + 180.0, z) for place, x, y, yaw, z in whole],
                                                          index_patches, frozenset({"face"}), STRIP_PX_PER_MM)}
            self.deck_heights = np.zeros(0)
            self.inn_whole_at: list[np.ndarray] = []
            self.inn_mostly_seen_at: list[np.ndarray] = []
            self.deck_probes: list[np.ndarray] = []
            self.accolade_masks: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
            return
        self.layers = {
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
            self.layers["turned"] = self._layer(turned, strip_patches, frozenset({"face", "under", "mat"}),
                                                STRIP_PX_PER_MM)
        # an inn slot whose emblem or icon the deck may hide from this camera is read by its strip;
        # the deck's height is read from each frame (it shrinks through the game)
        self.deck_heights = np.arange(0.0, DECK_MAX_MM + 2.0, 2.0)
        """The deck heights told apart (mm, every 2 mm): index ``round(height / 2)``."""
        self.inn_whole_at = [np.array([not any(
            self.deck_may_cover((300 + dx, 300 + dy), along, size, h, across=across) for across, along, size in patches)
            for dx, dy in INN_SLOTS]) for h in self.deck_heights]
        """Per deck height: which inn slots the deck leaves whole (their emblem and icon seen)."""
        self.inn_mostly_seen_at = [np.array([not any(
            self.deck_may_cover((300 + dx, 300 + dy), along, size, h, across=across, share=DECK_MOSTLY_SEEN)
            for across, along, size in patches) for dx, dy in INN_SLOTS]) for h in self.deck_heights]
        """Per deck height: the inn slots of which the deck may hide at most ``DECK_MOSTLY_SEEN`` of
        each patch (a card there cannot hide whole)."""
        inset = 8.0  # inside the deck's top whatever its turn
        gx, gy = np.meshgrid(np.linspace(-art.CARD_SIZE_MM[0] / 2 + inset, art.CARD_SIZE_MM[0] / 2 - inset, 5),
                             np.linspace(-art.CARD_SIZE_MM[1] / 2 + inset, art.CARD_SIZE_MM[1] / 2 - inset, 9))
        deck_top = np.column_stack([DECK_AT[0] + gx.ravel(), DECK_AT[1] + gy.ravel()])
        self.deck_probes = [np.round(self.view.project(deck_top, 1.5 + h)).astype(int) for h in self.deck_heights]
        """Per deck height: the image pixels (x, y) where the deck's top would lie."""
        self.deck_rim_probes = [(np.round(self.view.project(deck_rim(DECK_RIM_MM), 1.5 + h)).astype(int),
                                 np.round(self.view.project(deck_rim(-DECK_RIM_MM), 1.5 + h)).astype(int))
                                for h in self.deck_heights]
        """Per deck height: the image pixels (x, y) just inside and just outside the deck top's
        edges (``DECK_RIM_MM``), were its top at that height."""
        self.accolade_masks = [self._accolade_setup(where) for where in SEAT_SIDES[num_players]]
        """Per seat: (image -> window homography, the window's pixels read, every count's outline)."""

    def _layer(self, specs: list[Place], patches: tuple[tuple[float, float, float], tuple[float, float, float]],
               kinds: frozenset[str], px_per_mm: float) -> Layer:
        maps = []
        for cx, cy, size in patches:
            out = []
            for place, x, y, yaw, z in specs:
                for sx, sy, syaw in JITTER:  # cards lie a little off their place: try a few poses
                    dx, dy = rotate_mm(yaw + syaw, cx, cy)
                    out.append(PatchSpec(place, (x + sx + dx, y + sy + dy), z, size, yaw + syaw))
            chunks = [self.view.patch_maps(out[i:i + CHUNK], px_per_mm) for i in range(0, len(out), CHUNK)]
            maps.append((np.concatenate([c[0] for c in chunks]), np.concatenate([c[1] for c in chunks]),
                         chunks[0][2]))
        return Layer([s[0] for s in specs], kinds, maps[0], maps[1])

    def deck_may_cover(self, card: tuple[float, float], offset: float, size: float, height: float,
                       yaw: float = 0.0, z: float = INN_TOP_MM, across: float = 0.0,
                       share: float = DECK_COVER_SHARE) -> bool:
        """Whether a deck ``height`` mm tall (and 4 mm more), standing beside the inn, may hide more
        than ``share`` of the square patch ``offset`` mm along the card at ``card``."""
        half = size / 2
        ox, oy = rotate_mm(yaw, across, offset)
        corners = [rotate_mm(yaw, sx * half, sy * half) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        patch = self.view.project(np.array([[card[0] + ox + dx, card[1] + oy + dy] for dx, dy in corners]),
                                  z).astype(np.float32)
        area, _ = cv2.intersectConvexConvex(patch, self.deck_hull(height))
        return bool(area > share * cv2.contourArea(patch))

    def deck_hull(self, height: float) -> np.ndarray:
        """(K, 1, 2) float32: the image outline a deck ``height`` mm tall (and 4 mm more, and its 5
        degrees of turn) standing beside the inn may cover; kept per height (the set-up asks it
        for every slot, patch and height)."""
        hull = self._hulls.get(height)
        if hull is None:
            hull = self._hulls[height] = self._deck_hull(height)
        return hull

    def _deck_hull(self, height: float) -> np.ndarray:
        w, h = art.CARD_SIZE_MM[0] / 2 + 2.0, art.CARD_SIZE_MM[1] / 2 + 2.0
        foot = np.array([[DECK_AT[0] + sx * w, DECK_AT[1] + sy * h] for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
        deck = np.concatenate([self.view.project(foot, 1.5), self.view.project(foot, 1.5 + height + 4.0)])
        return np.asarray(cv2.convexHull(deck.astype(np.float32)), np.float32)

    def deck_free_pixels(self, name: str, places: np.ndarray, height: float) -> tuple[np.ndarray, np.ndarray]:
        """Per pose of these places of a layer (``JITTER`` rows each, in order), which pixels of
        its first and second patch a deck ``height`` mm tall leaves in view: (rows, side * side)
        booleans each; kept per layer, places and height: the geometry never changes)."""
        key = (name, tuple(int(p) for p in places), float(height))
        if key not in self._free_pixels:
            self._free_pixels[key] = self._deck_free_pixels(name, places, height)
        return self._free_pixels[key]

    def _deck_free_pixels(self, name: str, places: np.ndarray, height: float) -> tuple[np.ndarray, np.ndarray]:
        layer = self.layers[name]
        w, h = self.view.image_size
        covered = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(covered, np.round(self.deck_hull(height)).astype(np.int32), 1)
        poses = pose_rows(places)
        out = []
        for maps in (layer.first_maps, layer.second_maps):
            mx, my, side = patch_rows(maps, poses)
            x = np.clip(np.round(mx).astype(np.intp), 0, w - 1)
            y = np.clip(np.round(my).astype(np.intp), 0, h - 1)
            out.append((covered[y, x] == 0).reshape(len(poses), side * side))
        return out[0], out[1]

    def fan_free_pixels(self, name: str, places: np.ndarray, seat: int, counts: tuple[int, ...]
                        ) -> tuple[np.ndarray, np.ndarray]:
        """Per pose of these places of a layer (``JITTER`` rows each, in order), which pixels of
        its first and second patch a fan of ``seat``'s accolades of any of ``counts`` cards
        (its outline, ``FAN_MARGIN_MM`` wider) leaves in view: (rows, side * side) booleans each;
        kept per layer, places, seat and counts (the geometry never changes)."""
        key = (f"fan {seat} {counts} {name}", tuple(int(p) for p in places), 0.0)
        if key not in self._free_pixels:
            to_window, _, outlines = self.accolade_masks[seat]
            x0, y0, x1, y1 = ACCOLADE_WINDOW
            w, h = int(round((x1 - x0) * ACCOLADE_PX_PER_MM)), int(round((y1 - y0) * ACCOLADE_PX_PER_MM))
            fan = np.any(outlines[list(counts)], axis=0).reshape(h, w).astype(np.uint8)
            reach = int(round(FAN_MARGIN_MM * ACCOLADE_PX_PER_MM))
            fan = cv2.dilate(fan, np.ones((2 * reach + 1, 2 * reach + 1), np.uint8))
            layer = self.layers[name]
            poses = pose_rows(places)
            out = []
            for maps in (layer.first_maps, layer.second_maps):
                mx, my, side = patch_rows(maps, poses)
                points = np.stack([mx.ravel(), my.ravel()], axis=1).astype(np.float32)[:, None, :]
                at = cv2.perspectiveTransform(points, to_window)[:, 0, :]
                x, y = np.floor(at[:, 0]).astype(np.intp), np.floor(at[:, 1]).astype(np.intp)
                inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
                covered = np.zeros(len(points), bool)
                covered[inside] = fan[y[inside], x[inside]] > 0
                out.append(~covered.reshape(len(poses), side * side))
            self._free_pixels[key] = (out[0], out[1])
        return self._free_pixels[key]

    def raw_pose_patches(self, image: np.ndarray, name: str, places: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every pose's two patches of these places, blurred as :func:`norm_many` blurs them but
        not scaled: (rows, side * side, 3) float32 each."""
        return self._raw_patches(image, name, pose_rows(places))

    def raw_centre_patches(self, image: np.ndarray, name: str, places: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """These places' two patches at their nominal pose, blurred as :meth:`raw_pose_patches`
        blurs them (the art's raw templates compare alike; the column of patches is blurred whole,
        so a patch's edge rows see a little of the next place's): (places, side * side, 3) float32
        each."""
        return self._raw_patches(image, name, places * len(JITTER) + CENTRE_POSE)

    def _raw_patches(self, image: np.ndarray, name: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The two patches of these rows of a layer (poses), each column blurred whole:
        (rows, side * side, 3) float32 each."""
        layer = self.layers[name]
        out = []
        for maps in (layer.first_maps, layer.second_maps):
            side = maps[2]
            column = sample_patches(image, patch_rows(maps, rows)).astype(np.float32)
            out.append(cv2.GaussianBlur(column, (0, 0), 1.0).reshape(len(rows), side * side, 3))
        return out[0], out[1]

    def centre_patches(self, image: np.ndarray, name: str, places: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The two patches of these places of a layer at their nominal pose, one float32 row
        each (what a remembering reader compares from one still to the next)."""
        layer = self.layers[name]
        rows = places * len(JITTER) + CENTRE_POSE
        first = sample_patches(image, patch_rows(layer.first_maps, rows)).reshape(len(places), -1)
        second = sample_patches(image, patch_rows(layer.second_maps, rows)).reshape(len(places), -1)
        return first.astype(np.float32), second.astype(np.float32)

    def pose_patches(self, image: np.ndarray, name: str, places: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every pose's two patches of these places, scaled as the templates are
        (:func:`norm_many`), and their features side by side (what ``score_poses`` takes)."""
        layer = self.layers[name]
        poses = pose_rows(places)
        na, ca = norm_many(sample_patches(image, patch_rows(layer.first_maps, poses)), layer.first_maps[2])
        nb, cb = norm_many(sample_patches(image, patch_rows(layer.second_maps, poses)), layer.second_maps[2])
        return na, nb, np.concatenate([ca, cb], axis=1)

    def deck_rim_pixels(self, image: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per deck height: the frame's pixels just inside and just outside the deck top's edges
        (each N x 3, float32; a probe past the frame's edge reads the edge)."""
        return [(_pixels_at(image, inside), _pixels_at(image, outside)) for inside, outside in self.deck_rim_probes]

    def deck_top_pixels(self, image: np.ndarray) -> list[np.ndarray]:
        """Per deck height: the frame's pixels where the deck's top would lie (N x 3, float32;
        a probe past the frame's edge reads the edge)."""
        h, w = image.shape[:2]
        out = []
        for probes in self.deck_probes:
            x, y = np.clip(probes[:, 0], 0, w - 1), np.clip(probes[:, 1], 0, h - 1)
            out.append(image[y, x].astype(np.float32))
        return out

    def _accolade_setup(self, where: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(image -> window homography, the window's mask of pixels read, the outline of every
        count 0..MAX_ACCOLADES as rows of booleans)."""
        px, py, pyaw = personal_area_origin(where)
        x0, y0, x1, y1 = ACCOLADE_WINDOW
        s = ACCOLADE_PX_PER_MM
        w, h = int(round((x1 - x0) * s)), int(round((y1 - y0) * s))
        corners = []
        for lx, ly in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
            ox, oy = rotate_mm(pyaw, lx, ly)
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
                pts = [rotate_mm(a, dx, dy) for dx, dy in ((-cw / 2, -ch / 2), (cw / 2, -ch / 2), (cw / 2, ch / 2),
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


    def accolade_window(self, image: np.ndarray, seat: int) -> np.ndarray:
        """The part of a seat's personal area the accolade fan may cover, seen from above
        (``ACCOLADE_PX_PER_MM``), float32 BGR."""
        x0, y0, x1, y1 = ACCOLADE_WINDOW
        size = (int(round((x1 - x0) * ACCOLADE_PX_PER_MM)), int(round((y1 - y0) * ACCOLADE_PX_PER_MM)))
        to_window = self.accolade_masks[seat][0]
        return cv2.warpPerspective(image, to_window, size, flags=cv2.INTER_AREA).astype(np.float32)
