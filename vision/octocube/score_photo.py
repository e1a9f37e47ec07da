"""Octocube's part of ``tablesight score``: one photo of a finished table -> the final scores.

Calibrate the table from the corner markers in the photo (calibration/), read each board's
spaces with the recogniser's classifier (vision/octocube/recogniser.py), count stacks and coin
piles from their parallax (piles.py), read the tokens (tokens.py), then let the engine score it
(rules/octocube/scoring.py ``final_scoring``). A count the photo cannot settle becomes a doubt
with the range of scores it spans; it is never silently guessed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import cv2
import numpy as np

from calibration.layout import CORNER_CARDS
from rules.octocube import data
from rules.octocube.components import BACKGROUND_COLOURS, OBJECTS, PLAYER_COLOURS, Tile
from rules.octocube.scoring import final_scoring
from vision.octocube.colour import MatSampler
from vision.octocube.config import RecogniserConfig
from vision.octocube.layout import mat_sample_points
from vision.octocube.piles import PileReading, pile_height
from vision.octocube.tokens import MAX_PILE, TokenReading, read_tokens
from vision.photo_calibration import calibrate_measuring_lens, working_copy
from vision.photo_score import (
    Doubt,
    PhotoReading,
    PhotoScore,
    PhotoScoreError,
    PlayerScore,
    ScoreRequest,
    check_current,
    switch_print,
)
from vision.render import octocube_layout as lay
from vision.render.octocube_art import PLAYER_RGB, TOKEN_THICKNESS_MM

CELL_BG_BGR = (62.0, 44.0, 28.0)
"""An empty board space (vision/render/octocube_art.py draw_board)."""
COIN_BGR = ((140.0, 198.0, 222.0), (174.0, 196.0, 206.0), (40.0, 186.0, 240.0))
"""Coin tile face, cardboard edge, gold print."""
BOARD_MARGIN_PX = 2.0
COIN_PRIOR = 3
"""Coin tiles assumed in a pile whose height the photo cannot measure (12 coins shared by 2-4
players; asked about, never hidden)."""
HAND_MM2 = 2500.0
"""A skin-coloured blob this large over a board or personal area hides part of it (the tile art's
skin-like colours never make a blob larger than a tile, 1156 mm2)."""
HAND_TOUCH_MM2 = 150.0
"""A skin-coloured blob of :data:`HAND_MM2` or more over the play mat that reaches this far into
a board or personal area covers part of it: a hand reaching in from beside it may show only its
fingertips there (a 10 under two fingertips, 700 mm2 of skin in the area, went missing unnamed).
Less than a token's disc (254 mm2 for the smallest) and more than a fingertip's sliver of glare."""
HAND_EDGE_MM2 = 300.0
"""A skin-coloured blob that crosses the play mat's edge and has this much of itself on the mat
is a hand reaching in (one finger's worth: the palm may lie beyond the mat)."""
HAND_REACH_MM = 15.0
"""A blob crossing the mat's edge is a hand only when it reaches this far onto the mat."""
HAND_EDGE_MIN_CR = 140.0
"""A blob crossing the mat's edge is a hand only when it is clearly skin, not at the skin range's
edge (its median Cr at least this): fingers measure a median Cr of 143-159 under the three
lightings, while the warm lamp's brightest mat reaches 136 (a patch of it by the mat's edge was
taken for a finger)."""
TOKEN_SUPPLY_POINTS = sum(v * k for v, k in data.VP_TOKENS.items())
"""The most token points one player can hold (the whole supply): the top of a covered area's
question."""
HAND_EDGE_MAX_FILL = 0.8
"""A blob crossing the mat's edge that fills this much of its enclosing circle is round: a bronze
1 lying at the edge under a warm lamp (fills 0.88-0.91, 21 mm across, named 2 personal areas
without a hand), not fingers (0.41-0.60 on table 14 of 21000)."""
CARD_MARGIN_MM = 5.0
"""Room around a marker card (calibration/layout.py CORNER_CARDS) for the markers' fit."""
DARK_SKIN_MIN_Y = 30.0
"""The darkest skin a hand over the play mat shows (YCrCb luma; the recogniser's skin test starts
at 45): the darkest skin tone under a warm lamp measures a luma of 39-41 in the middle of the
hand and 28-50 over most of it (31000 tables 16 and 29000 table 20: a hand over red's board and
yellow's tokens not seen, a bronze 1 and a tile under it missing unasked). Used for the hands
over the mat and, where one reaches onto a board, for the spaces it hides; not for a board's
own skin blobs (warm-lit tiles there would name hands that are not)."""
PLAY_AREA_INSET_MM = 3.0
"""The hands are looked for on the play mat only: the wooden table beside it is skin-coloured."""


def _board_corners(side: str, margin_mm: float = 0.0) -> np.ndarray:
    w, d = lay.BOARD_SIZE_MM
    a, bx, by = -margin_mm, w + margin_mm, d + margin_mm
    return np.array([lay.board_local_to_table(side, x, y) for x, y in ((a, a), (bx, a), (bx, by), (a, by))])


def _check_boards_in_view(view: Any, sides: list[str], colours: list[str], size: tuple[int, int]) -> None:
    w, h = size
    for side, colour in zip(sides, colours):
        for z in (0.0, lay.BOARD_THICKNESS_MM):
            px = view.project(_board_corners(side), z)
            m = BOARD_MARGIN_PX
            if np.any(px[:, 0] < m) or np.any(px[:, 0] > w - 1 - m) or np.any(px[:, 1] < m) or np.any(px[:, 1] > h - 1 - m):
                raise PhotoScoreError(f"{colour}'s board ({side} side) is partly outside the photo: "
                                      f"take the photo again with the whole table in view")


def _chroma(bgr: np.ndarray) -> np.ndarray:
    v = np.asarray(bgr, np.float32)
    return v / np.maximum(v.sum(axis=-1, keepdims=True), 1.0)


BOARD_BG_RGB = (46, 74, 102)
MAT_RGB = (58, 92, 76)
FRAME_INSETS_MM = tuple(round(-2.4 + 0.6 * k, 1) for k in range(13))
"""Lines along each board edge, from 2.4 mm outside to 4.8 mm inside, where the frame (a band
about 2.5 mm wide) is looked for: without a lens profile the markers' fit may put an edge 3-5 px
(2-3 mm) off, and fixed lines 0.6-1.8 mm inside then missed a red frame (table 26 of 23000
refused: 0.135 of them voted red)."""
FRAME_BAND_LINES = 2
"""A colour counts on a line only where it holds on this many neighbouring lines too: the blend
of a red frame with the green mat is yellow, with the board's blue purple, one line wide."""
MIN_FRAME_SHARE = 0.45
"""A board lies there when its colour fills this share of the best frame lines (median over the
four edges): 0.75 or more on the 557 boards of 139 tuning tables, 0.12 or less where no board
lies (the sides a 2- or 3-player table leaves empty)."""


def _board_colour(view: Any, img: np.ndarray, gains: np.ndarray, side: str) -> tuple[str, float]:
    """The player colour of the board's frame on ``side`` and how much of the frame shows it.

    Each sample takes the nearest chromaticity of the four player colours, the board's own blue
    and the mat (shadows and lamp brightness change levels, not chromaticity). Per edge, the
    share of a colour on the best band of :data:`FRAME_BAND_LINES` neighbouring lines (the
    frame wherever the fit puts it); the median over the four edges (a hand over one edge or a
    tile over another does not decide)."""
    w, d = lay.BOARD_SIZE_MM
    ts = np.linspace(0.12, 0.88, 24)
    pts = []
    for edge in range(4):
        for inset in FRAME_INSETS_MM:
            for t in ts:
                x, y = ((t * w, inset), (t * w, d - inset), (inset, t * d), (w - inset, t * d))[edge]
                pts.append(lay.board_local_to_table(side, x, y))
    px = view.project(np.asarray(pts), lay.BOARD_THICKNESS_MM).astype(np.float32)
    vals = cv2.remap(img, px[:, 0].reshape(1, -1), px[:, 1].reshape(1, -1), cv2.INTER_LINEAR)
    chroma = _chroma(vals.reshape(-1, 3).astype(np.float32) * gains.reshape(1, 3))
    names = [*PLAYER_RGB, "board", "mat"]
    refs = np.stack([_chroma(np.array(rgb[::-1], np.float32))
                     for rgb in [*PLAYER_RGB.values(), BOARD_BG_RGB, MAT_RGB]])
    nearest = np.argmin(np.linalg.norm(chroma[:, None, :] - refs[None], axis=2), axis=1)
    nearest = nearest.reshape(4, len(FRAME_INSETS_MM), len(ts))
    scores = []
    for c in range(len(PLAYER_RGB)):
        share = (nearest == c).mean(axis=2)  # edge x line
        bands = np.stack([share[:, j: j + FRAME_BAND_LINES].min(axis=1)
                          for j in range(share.shape[1] - FRAME_BAND_LINES + 1)], axis=1)
        scores.append(float(np.median(bands.max(axis=1))))
    best = int(np.argmax(scores))
    return names[best], scores[best]


def _skin_mask(view: Any, img: np.ndarray, polygon_mm: np.ndarray, height_mm: float,
               cfg: RecogniserConfig, min_y: float | None = None
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(skin mask, polygon mask, polygon in image pixels) over the crop around a table polygon
    at ``height_mm``; None when the polygon is (nearly) outside the photo. ``min_y``: the
    darkest skin looked for (the recogniser's own floor when None)."""
    px = view.project(polygon_mm, height_mm)
    h, w = img.shape[:2]
    x0, y0 = np.clip(np.floor(px.min(axis=0)).astype(int), 0, [w - 1, h - 1])
    x1, y1 = np.clip(np.ceil(px.max(axis=0)).astype(int) + 1, 1, [w, h])
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    crop = img[y0:y1, x0:x1]
    mask = np.zeros(crop.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(px - [x0, y0]).astype(np.int32)], 255)
    ycc = cv2.cvtColor(crop, cv2.COLOR_BGR2YCrCb)
    lo = np.array([cfg.skin_min_y if min_y is None else min_y, cfg.skin_cr[0], cfg.skin_cb[0]])
    hi = np.array([255, cfg.skin_cr[1], cfg.skin_cb[1]])
    skin: np.ndarray = cv2.inRange(ycc, lo, hi)
    return skin & mask, mask, px


def _skin_mm2(view: Any, img: np.ndarray, polygon_mm: np.ndarray, cfg: RecogniserConfig) -> float:
    """Largest skin-coloured blob (mm2 at the table plane) inside a table polygon."""
    found = _skin_mask(view, img, polygon_mm, 0.0, cfg)
    if found is None:
        return 0.0
    skin, _, px = found
    skin = cv2.morphologyEx(skin, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(skin, connectivity=8)
    if n <= 1:
        return 0.0
    area_px = float(stats[1:, cv2.CC_STAT_AREA].max())
    poly_px = float(cv2.contourArea(px.astype(np.float32)))
    poly_mm = float(cv2.contourArea(np.asarray(polygon_mm, np.float32)))
    return area_px * poly_mm / max(poly_px, 1.0)


class HandBlobs(NamedTuple):
    """The skin-coloured blobs over the play mat that may be hands (:func:`_hands`)."""

    labels: np.ndarray
    """Over the mat's crop: a hand-sized blob's label, fingers reaching in across the mat's edge
    (under a hand's size) their label negated, 0 elsewhere."""
    offset: np.ndarray
    """The crop's corner in the photo (x, y)."""
    mm2_per_px: float
    from_beyond: frozenset[int]
    """Hand-sized blobs that cross the mat's edge as fingers do (reaching in, not round, clearly
    skin): a hand whose palm lies beyond the mat, over the wooden table, where no skin is looked
    for (fresh table 33 of 51000: a hand over red's board by the mat's south edge, 6000 mm2 of it
    on the mat and none beside the board there; two spaces under it missed, unasked)."""


def _hands(view: Any, img: np.ndarray, cfg: RecogniserConfig, sides: list[str]) -> HandBlobs | None:
    """The skin-coloured blobs over the play mat that are large enough to be a hand; None when
    the mat is out of view. Each blob is measured whole, so a hand that reaches into a player's
    area from beside it counts with all of its size (the part inside the area may be only
    fingertips)."""
    a, b = PLAY_AREA_INSET_MM, lay.PLAY_AREA_MM - PLAY_AREA_INSET_MM
    mat = np.array([[a, a], [b, a], [b, b], [a, b]], np.float64)
    found = _skin_mask(view, img, mat, 0.0, cfg, DARK_SKIN_MIN_Y)
    if found is None:
        return None
    skin, _, px = found
    corner = np.clip(np.floor(px.min(axis=0)), 0, None)
    for card in CORNER_CARDS:
        # the marker cards' colour patches (skin-like ones too) may reach over the mat's corners
        x0, y0, x1, y1 = card.rect_mm
        m = CARD_MARGIN_MM
        rect = np.array([[x0 - m, y0 - m], [x1 + m, y0 - m], [x1 + m, y1 + m], [x0 - m, y1 + m]], np.float64)
        cv2.fillPoly(skin, [np.round(view.project(rect, 0.0) - corner).astype(np.int32)], 0)
    for side in sides:
        # a coin pile (skin-coloured tiles) may stand over the mat's edge, as high as 12 coins
        hull = _seen_hull(view, lay.coin_pile(side), lay.TILE_SIZE_MM / 2 + CARD_MARGIN_MM,
                          lay.TILE_THICKNESS_MM * 12, 0.0)
        cv2.fillPoly(skin, [np.round(view.project(hull, 0.0) - corner).astype(np.int32)], 0)
        # and a player's cube at rest (the yellow and orange ones are skin-like, and large)
        hull = _seen_hull(view, lay.cube_rest(side), lay.CUBE_SIZE_MM / 2 + CUBE_MARGIN_MM,
                          lay.CUBE_SIZE_MM, 0.0)
        cv2.fillPoly(skin, [np.round(view.project(hull, 0.0) - corner).astype(np.int32)], 0)
    skin = cv2.morphologyEx(skin, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(skin, connectivity=8)
    mm2_per_px = float(cv2.contourArea(mat.astype(np.float32))) / max(float(cv2.contourArea(px.astype(np.float32))), 1.0)
    # a blob that crosses the mat's edge comes from beyond the mat: a hand or an arm reaching
    # in (the skin-coloured wooden table itself stops at the edge)
    inside = np.zeros(skin.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(px - corner).astype(np.int32)], 1)
    edge = (inside > 0) & (cv2.erode(inside, np.ones((5, 5), np.uint8)) == 0)
    at_edge = set(np.unique(labels[edge]).tolist())
    # how far into the mat each blob reaches (a finger does; the wood seen past a mat's edge
    # that the markers' fit puts a few mm off does not)
    depth: np.ndarray | None = None

    def reaching_in(j: int) -> bool:
        """Blob ``j`` (at the mat's edge) reaches onto the mat as fingers do: far enough, not
        round (a bronze token lying at the mat's edge), clearly skin."""
        nonlocal depth
        if depth is None:
            depth = cv2.distanceTransform(inside, cv2.DIST_L2, 3) * math.sqrt(mm2_per_px)
        x, y, w, h = (int(t) for t in stats[j, :4])
        blob = labels[y: y + h, x: x + w] == j
        if float(depth[y: y + h, x: x + w][blob].max()) < HAND_REACH_MM:
            return False
        ys, xs = np.nonzero(blob)
        _, radius = cv2.minEnclosingCircle(np.stack([xs, ys], 1).astype(np.float32))
        if float(np.count_nonzero(blob)) >= HAND_EDGE_MAX_FILL * math.pi * radius ** 2:
            return False
        cx, cy = (int(t) for t in corner)
        patch = cv2.cvtColor(img[cy + y: cy + y + h, cx + x: cx + x + w], cv2.COLOR_BGR2YCrCb)
        return float(np.median(patch[blob][:, 1])) >= HAND_EDGE_MIN_CR

    big = np.zeros(n, np.int32)
    from_beyond = set()
    for j in range(1, n):
        mm2 = stats[j, cv2.CC_STAT_AREA] * mm2_per_px
        if mm2 >= HAND_MM2:
            big[j] = j
            if j in at_edge and reaching_in(j):
                from_beyond.add(j)
        elif j in at_edge and mm2 >= HAND_EDGE_MM2 and reaching_in(j):
            big[j] = -j  # fingers reaching in from beyond the mat
    return HandBlobs(big[labels], corner.astype(int), mm2_per_px, frozenset(from_beyond))


def _polygon_mask(view: Any, polygon_mm: np.ndarray, offset: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """A table polygon (mm) as a boolean mask over the hand search's crop (``offset``: its corner
    in the image)."""
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(view.project(polygon_mm, 0.0) - offset).astype(np.int32)], 1)
    return mask > 0


def _hand_over(view: Any, hands: HandBlobs | None,
               polygon_mm: np.ndarray) -> bool:
    """Whether a hand-sized skin blob over the mat reaches :data:`HAND_TOUCH_MM2` into a table
    polygon."""
    if hands is None or not hands[0].any():
        return False
    labels, offset, mm2_per_px, from_beyond = hands
    mask = _polygon_mask(view, polygon_mm, offset, labels.shape)
    return float(np.count_nonzero((labels != 0) & mask)) * mm2_per_px >= HAND_TOUCH_MM2


def _hand_reaching_onto(view: Any, hands: HandBlobs | None,
                        side: str) -> bool:
    """Whether a hand over the mat lies on ``side``'s board (:data:`HAND_TOUCH_MM2`) and also
    beyond it (:data:`HAND_EDGE_MM2`, :data:`BOARD_HAND_MARGIN_MM` or more outside): a hand
    reaching onto the board from beside it, whose fingers there may be under a hand's 2500 mm2
    (the blob is measured whole over the mat). Skin-like tiles and frames stay on the board.
    Fingers from beyond the mat's edge need only lie :data:`BOARD_FRAME_BAND_MM` inside it."""
    if hands is None or not hands[0].any():
        return False
    labels, offset, mm2_per_px, from_beyond = hands
    on = _polygon_mask(view, _board_corners(side), offset, labels.shape)
    near = _polygon_mask(view, _board_corners(side, BOARD_HAND_MARGIN_MM), offset, labels.shape)
    deep = _polygon_mask(view, _board_corners(side, -BOARD_FRAME_BAND_MM), offset, labels.shape)
    n = int(np.abs(labels).max()) + 1
    inside = np.bincount(np.abs(labels[on]), minlength=n) * mm2_per_px
    beyond = np.bincount(np.abs(labels[~near]), minlength=n) * mm2_per_px
    within = np.bincount(np.abs(labels[deep]), minlength=n) * mm2_per_px
    fingers = np.zeros(n, bool)
    fingers[-labels[labels < 0]] = True
    fingers[sorted(from_beyond)] = True  # a hand whose palm lies beyond the mat: as its fingers
    # fingers from beyond the mat cross the board's 4 mm margin straight onto it (nothing of
    # them need show beside the board), and reach past its frame (a skin-like red frame by the
    # mat's edge does not)
    reaching = (beyond >= HAND_EDGE_MM2) & (inside >= HAND_TOUCH_MM2) | fingers & (within >= HAND_TOUCH_MM2)
    return bool(np.any(reaching[1:]))


def _arm_onto_board(view: Any, hands: HandBlobs | None, side: str) -> bool:
    """Whether a hand-sized skin blob over the mat lies on ``side``'s board
    (:data:`HAND_TOUCH_MM2`) and beyond it (:data:`HAND_EDGE_MM2` more than
    :data:`BOARD_HAND_MARGIN_MM` out): an arm reaching in, not warm-lit tiles joined into one
    blob on the board (25000 table 1: 4800 mm2 of them, none beyond the board)."""
    if hands is None or not (hands[0] > 0).any():
        return False
    labels, offset, mm2_per_px, from_beyond = hands
    big = np.where(labels > 0, labels, 0)
    on = _polygon_mask(view, _board_corners(side), offset, labels.shape)
    near = _polygon_mask(view, _board_corners(side, BOARD_HAND_MARGIN_MM), offset, labels.shape)
    deep = _polygon_mask(view, _board_corners(side, -BOARD_FRAME_BAND_MM), offset, labels.shape)
    n = int(big.max()) + 1
    inside = np.bincount(big[on], minlength=n) * mm2_per_px
    beyond = np.bincount(big[~near], minlength=n) * mm2_per_px
    within = np.bincount(big[deep], minlength=n) * mm2_per_px
    # or a hand from beyond the mat's edge, its palm over the wooden table (``HandBlobs.from_beyond``)
    palm_off_mat = np.zeros(n, bool)
    palm_off_mat[sorted(from_beyond)] = True
    return bool(np.any(((inside >= HAND_TOUCH_MM2) & (beyond >= HAND_EDGE_MM2)
                        | palm_off_mat & (within >= HAND_TOUCH_MM2))[1:]))


BOARD_FRAME_BAND_MM = 6.0
"""Fingers reaching in from beyond the mat name a board when they lie this far inside its
outline (its frame, 2.5 mm, and the fit's 2-3 mm): a red frame by the mat's edge is skin-like."""
BOARD_HAND_MARGIN_MM = 8.0
"""A hand reaching onto a board shows beyond this band around it (the markers' fit may put a
skin-like frame or tile 2-3 mm outside the board's outline)."""
CUBE_MARGIN_MM = 5.0
"""Room around the cube at rest for its jitter and an unmodelled lens (its plastic is token-coloured)."""
HIDDEN_SHARE = 0.15
"""A board space this much covered by skin is hidden: what lies there is asked."""
CUBE_SURE = 0.8
"""The cube classifier's probability above which a cube at rest names its seat's colour."""


def _cubes_at_rest(rec: Any, view: Any, img: np.ndarray, gains: np.ndarray, n: int) -> list[str | None]:
    """The colour of the cube standing at each seat's rest spot (None: none seen for sure), by the
    recogniser's cube classifier on the rest windows."""
    from vision.octocube.colour import apply_gains
    from vision.octocube.geometry import sample_patches
    from vision.octocube.layout import NO_CUBE, PATCH_PX_PER_MM

    specs = list(rec.layout.cubes[-n:])
    patches = apply_gains(sample_patches(img, view.patch_maps(specs, PATCH_PX_PER_MM)), gains)
    probs = rec.cubes_net.probabilities(patches)
    out: list[str | None] = []
    for row in probs:
        k = int(np.argmax(row))
        name = rec.cubes_net.classes[k]
        out.append(name if name != NO_CUBE and float(row[k]) >= CUBE_SURE else None)
    return out


def _skin_share(view: Any, img: np.ndarray, polygon_mm: np.ndarray, height_mm: float,
                cfg: RecogniserConfig, min_y: float | None = None) -> float:
    """Share of a table polygon (at ``height_mm``) that looks like skin in the photo."""
    found = _skin_mask(view, img, polygon_mm, height_mm, cfg, min_y)
    if found is None:
        return 0.0
    skin, mask, _ = found
    return float(np.count_nonzero(skin)) / max(1, int(np.count_nonzero(mask)))


SHADOW_REACH_PITCHES = 1.5
"""A board space whose centre lies this many space pitches or less from a space a hand hides
(its 8 neighbours) may lie in the hand's shadow: a tile read there, where an arm reaches onto the
board, is asked from 0 (31000 table 8: an empty green pearl space beside the fingers, in their
shadow, read as a tile with no doubt; 23000 tables 43 and 48: empty spaces under the fingers'
shadow read as dark blue tiles, asked from 1)."""


def _hidden_spaces(view: Any, img: np.ndarray, side: str, cfg: RecogniserConfig,
                   min_y: float | None) -> set[tuple[str, str]]:
    """The (background, object) spaces of ``side``'s board that skin covers (:data:`HIDDEN_SHARE`)."""
    return {(bg, obj) for bg in BACKGROUND_COLOURS for obj in OBJECTS
            if _skin_share(view, img, _cell_poly(side, bg, obj), lay.BOARD_THICKNESS_MM, cfg, min_y)
            >= HIDDEN_SHARE}


def _beside_hidden(colour: str, obj: str, hidden: set[tuple[str, str]]) -> bool:
    """Whether the space (``colour``, ``obj``) lies within :data:`SHADOW_REACH_PITCHES` of a
    hidden space (the shadow of the hand over it)."""
    x, y = lay.board_cell_local(colour, obj)
    reach = SHADOW_REACH_PITCHES * lay.BOARD_CELL_PITCH_MM
    return any(math.hypot(x - hx, y - hy) <= reach
               for hx, hy in (lay.board_cell_local(bg, o) for bg, o in hidden))


def _cell_poly(side: str, colour: str, obj: str) -> np.ndarray:
    bx, by = lay.board_cell_local(colour, obj)
    half = lay.BOARD_CELL_PITCH_MM / 2
    return np.array([lay.board_local_to_table(side, bx + dx, by + dy)
                     for dx, dy in ((-half, -half), (half, -half), (half, half), (-half, half))])


def _seen_hull(view: Any, centre: tuple[float, float], half: float, top_mm: float, plane_mm: float) -> np.ndarray:
    """Where a box standing at ``centre`` (``half`` wide, ``top_mm`` tall) shows, mapped to the
    plane ``plane_mm`` high (table mm): what it hides there."""
    cx, cy = centre
    sq = np.array([[cx - half, cy - half, 1], [cx + half, cy - half, 1], [cx + half, cy + half, 1],
                   [cx - half, cy + half, 1]], np.float64)
    back = np.linalg.inv(view.homography_at(plane_mm))
    pts = []
    for z in (0.0, top_mm):
        ideal = sq @ view.homography_at(z).T
        table = ideal @ back.T
        pts.append(table[:, :2] / table[:, 2:3])
    return cv2.convexHull(np.vstack(pts).astype(np.float32)).reshape(-1, 2)


def _pile(view: Any, img: np.ndarray, gains: np.ndarray, centre: tuple[float, float], base: float,
          max_units: int, coins: bool) -> PileReading:
    if coins:
        return pile_height(view, img, gains, centre, base, lay.TILE_THICKNESS_MM, (0.0, 0.0, 0.0),
                           max_units, lay.TILE_SIZE_MM, foreground_bgr=COIN_BGR, prior=COIN_PRIOR)
    return pile_height(view, img, gains, centre, base, lay.TILE_THICKNESS_MM, CELL_BG_BGR,
                       max_units, lay.TILE_SIZE_MM)


@dataclass(frozen=True)
class TableSeen:
    """Octocube's reading of a photo (``PhotoReading.seen``): the players' colours in seat order,
    per seat the piles and tokens read, and every count the photo leaves open (key, seat, kind,
    reading, question). The scorer only reads them: one reading serves every re-score."""

    colours: tuple[str, ...]
    readings: tuple[dict[str, Any], ...]
    pile_readings: tuple[tuple[str, int, str, Any, str], ...]


def score_photo(image: np.ndarray, req: ScoreRequest) -> PhotoScore:
    """The photo read (``read_photo``) and scored with ``req``'s answers (``score_reading``)."""
    return _score_seen(read_photo(image, req), req)


def score_reading(reading: PhotoReading, req: ScoreRequest) -> PhotoScore:
    """``score_photo``'s second step: a kept reading scored with ``req``'s answers, the photo not
    read again (``vision.photo_score.score_reading``; StaleReadingError when a reader's switch
    changed since it was read)."""
    check_current(reading, "octocube")
    return _score_seen(reading, req)


def read_photo(image: np.ndarray, req: ScoreRequest) -> PhotoReading:
    """``score_photo``'s first step: calibrate, recognise the boards, read every pile and token
    and list the counts left open (``req``'s answers play no part: the reading keeps ``req``
    without them)."""
    from vision.octocube.errors import RecognitionError
    from vision.octocube.recogniser import OctocubeRecogniser, _view_from

    t0 = time.perf_counter()
    n = req.players
    if n not in (2, 3, 4):
        raise PhotoScoreError(f"Octocube is for 2-4 players, not {n}")
    if req.mode not in ("standard", "advanced"):
        raise PhotoScoreError(f"a {req.mode} game has no final scoring to read (standard or advanced only)")
    img, _scale = working_copy(image)
    size = (img.shape[1], img.shape[0])
    if float(img[::8, ::8].std()) < 6.0:
        raise PhotoScoreError("the photo is flat (no contrast): no table in view")
    geometry, intrinsics, notes = calibrate_measuring_lens(img, req)
    t1 = time.perf_counter()
    view, _ = _view_from(geometry, intrinsics, size)
    sides = [lay.seat_side(s, n) for s in range(n)]
    gains = MatSampler(view, mat_sample_points(n)).gains(img)
    seen_colours = [_board_colour(view, img, gains, side) for side in sides]
    _check_boards_in_view(view, sides, [c if share >= MIN_FRAME_SHARE else PLAYER_COLOURS[s]
                                        for s, (c, share) in enumerate(seen_colours)], size)
    for side, (_, share) in zip(sides, seen_colours):
        if share < MIN_FRAME_SHARE:
            raise PhotoScoreError(f"no player board where the {side} player's should be: is this a "
                                  f"{n}-player table? (boards lie centred on the play area's edges)")
    try:
        rec = OctocubeRecogniser(data.GRID_SIZE[n], n, geometry, intrinsics, mode=req.mode, pack=req.pack)
        obs = rec.recognise(img)
        if obs.unknown_copy:
            notes.append(obs.unknown_copy)
    except (RecognitionError, ValueError) as exc:
        raise PhotoScoreError(f"the table cannot be read: {exc}") from None
    cube_colours = _cubes_at_rest(rec, view, img, gains, n)
    if req.seats is not None:
        if len(req.seats) != n or len(set(req.seats)) != n or any(c not in PLAYER_COLOURS for c in req.seats):
            raise PhotoScoreError(f"--seats needs {n} different colours out of {', '.join(PLAYER_COLOURS)} "
                                  f"(seat order: {', '.join(sides)}), got {', '.join(req.seats)}")
        colours = list(req.seats)
        for side, c, want in zip(sides, cube_colours, colours):
            if c is not None and c != want:
                notes.append(f"the cube by the {side} board looks {c}, --seats says {want}")
    else:
        # the cube at rest beside each board names its player (a big, evenly coloured object);
        # the board's thin frame decides where no cube is seen
        colours = [c if c is not None else f for c, (f, _) in zip(cube_colours, seen_colours)]
        if len(set(colours)) != n:
            colours = list(PLAYER_COLOURS[:n])
            notes.append("the players' colours are not told apart (cubes and board frames): seats "
                         "named in the usual order (pass --seats to name them)")
    t2 = time.perf_counter()

    cfg = RecogniserConfig()
    readings: list[dict[str, Any]] = []
    pile_readings: list[tuple[str, int, str, PileReading | TokenReading | PointsReading, str]] = []
    # (key, seat, kind, reading, question)
    coin_piles = sum(1 for s in range(n) if obs.boards[s].coins)
    hands = _hands(view, img, cfg, sides)
    for seat, side in enumerate(sides):
        colour = colours[seat]
        name = colour.capitalize()
        board = obs.boards[seat]
        covered: list[tuple[str, str]] = []
        if _skin_mm2(view, img, _board_corners(side), cfg) > HAND_MM2 or _hand_reaching_onto(view, hands, side):
            covered.append(("board", f"A hand covers part of {name}'s board: is everything there "
                                     f"read? (retake the photo to be sure)"))
        # a hand over the tokens: the blobs over the mat with the cube, the coin pile and the
        # marker cards left out (a yellow cube and a coin pile under a warm lamp are skin-coloured
        # and large: measured over the whole personal area they named 3 areas without a hand)
        hand_on_tokens = _hand_over(view, hands, _rect_poly(lay.token_area(side)))
        cells: dict[str, Any] = {}
        strange: list[str] = []
        # an arm reaching onto the board from beside it (not skin-like tiles on the board): its
        # darkest skin counts, and its shadow may fall on the spaces beside those it hides
        arm = _arm_onto_board(view, hands, side)
        floor = DARK_SKIN_MIN_Y if arm else None
        hidden = _hidden_spaces(view, img, side, cfg, floor) if arm else set()
        for tile in board.tiles:
            label = tile.label()
            if tile.kind != "object" or tile.colour is None or tile.obj is None:
                strange.append(label)  # a coin or abyss tile cannot lie on a board space
                continue
            elsewhere = sum(1 for s in range(n) if s != seat and tile in obs.boards[s].tiles)
            most = data.OBJECT_TILE_COUNTS[tile.colour][tile.obj] - elsewhere
            centre = lay.board_cell_centre(side, tile.colour, tile.obj)
            r = _pile(view, img, gains, centre, lay.BOARD_THICKNESS_MM, most, coins=False)
            key = f"board {colour} {label}"
            question = f"How many {label} tiles are stacked on {name}'s board?"
            if covered and (_skin_share(view, img, _cell_poly(side, tile.colour, tile.obj),
                                        lay.BOARD_THICKNESS_MM, cfg, floor) >= HIDDEN_SHARE
                            or _beside_hidden(tile.colour, tile.obj, hidden)):
                # a hand over the space: the classifier read the hand's colours as a tile (23000
                # table 48: an empty dark blue starfish space under the fingers): none may lie there
                r = PileReading(r.count, 0, max(r.high, most), r.estimate, r.px_per_unit)
                question = f"A hand lies over {name}'s {label} space: how many tiles lie there?"
            cells[label] = r
            pile_readings.append((key, seat, "cell", r, question))
        coins: PileReading | None = None
        if board.coins:
            most = 12 - (coin_piles - 1)
            coins = _pile(view, img, gains, lay.coin_pile(side), 0.0, most, coins=True)
            pile_readings.append((f"coins {colour}", seat, "coins", coins,
                                  f"How many coin tiles are in {name}'s pile?"))
        area = lay.token_area(side)
        keep_out = [_seen_hull(view, lay.cube_rest(side), lay.CUBE_SIZE_MM / 2 + CUBE_MARGIN_MM, lay.CUBE_SIZE_MM,
                               TOKEN_THICKNESS_MM),
                    _seen_hull(view, lay.coin_pile(side), lay.TILE_SIZE_MM / 2 + 2,
                               lay.TILE_THICKNESS_MM * max(1, coins.count if coins else 1), TOKEN_THICKNESS_MM)]
        tokens = read_tokens(view, img, gains, area, keep_out)
        if hand_on_tokens:
            # what the hand hides cannot be read, and the players can count it: their tokens'
            # points in all are asked (an answer to it stands for the piles' own questions)
            read_pts = sum(t.value * t.count for t in tokens)
            pile_readings.append((f"covered {colour} personal area", seat, "points",
                                  PointsReading(read_pts, 0, TOKEN_SUPPLY_POINTS),
                                  f"A hand covers part of {name}'s personal area: how many points "
                                  f"are {name}'s victory-point tokens worth in all? (the photo "
                                  f"shows {read_pts})"))
        for i, tok in enumerate(tokens):
            if not tok.certain:
                at = f"({tok.centre_mm[0]:.0f}, {tok.centre_mm[1]:.0f}) mm"
                question = (f"How many {tok.value}-point tokens are in {name}'s pile at {at}?"
                            if tok.count else
                            f"Is a {tok.value}-point token half hidden by {name}'s cube or coins "
                            f"at {at}? How many tokens lie there?")
                pile_readings.append((f"tokens {colour} {tok.value} #{i}", seat, "tokens", tok, question))
        if covered and covered[0][0] == "board":
            # a hand over the board: each space it hides is asked (a tile, and how many)
            covered.pop(0)
            for bg in BACKGROUND_COLOURS:
                for obj in OBJECTS:
                    label = f"{bg} {obj}"
                    if label in cells or (bg, obj) not in hidden and _skin_share(
                            view, img, _cell_poly(side, bg, obj), lay.BOARD_THICKNESS_MM, cfg) < HIDDEN_SHARE:
                        continue
                    most = data.OBJECT_TILE_COUNTS[bg][obj]
                    r = PileReading(0, 0, most, float("nan"), 0.0)
                    cells[label] = r
                    pile_readings.append((f"board {colour} {label}", seat, "cell", r,
                                          f"A hand hides {name}'s {label} space: how many tiles "
                                          f"lie there?"))
        if strange:
            covered.append(("board space", f"A space of {name}'s board reads as "
                                           f"{' and '.join(strange)}, which no board space holds: "
                                           f"left out (look at the board, retake the photo)"))
        readings.append({"seat": seat, "colour": colour, "side": side, "cells": cells,
                         "coins": coins, "tokens": tokens, "covered": covered})
    t3 = time.perf_counter()
    return PhotoReading("octocube", replace(req, answers={}),
                        TableSeen(tuple(colours), tuple(readings), tuple(pile_readings)), tuple(notes),
                        {"calibrate": round((t1 - t0) * 1000, 1), "recognise": round((t2 - t1) * 1000, 1),
                         "counts": round((t3 - t2) * 1000, 1)}, switch_print())


def _score_seen(reading: PhotoReading, req: ScoreRequest) -> PhotoScore:
    """The final score sheet of what was read, each open count the answer given or the count read;
    each open count's span of totals, and each total's span over every open count at once."""
    t3 = time.perf_counter()
    seen: TableSeen = reading.seen
    colours, readings, pile_readings = list(seen.colours), seen.readings, seen.pile_readings
    n, notes = len(colours), reading.notes

    def counts_with(override: dict[str, int]) -> tuple[list[int], list[int], list[list[Tile]]]:
        tok_pts, coin_n, tiles = [], [], []
        for r in readings:
            c = r["colour"]
            mine: list[Tile] = []
            for label, pr in r["cells"].items():
                k = override.get(f"board {c} {label}", req.answers.get(f"board {c} {label}", pr.count))
                mine.extend([Tile.from_json(label)] * k)
            tiles.append(mine)
            cp = r["coins"]
            coin_n.append(0 if cp is None else override.get(f"coins {c}", req.answers.get(f"coins {c}", cp.count)))
            pts = 0
            for i, tok in enumerate(r["tokens"]):
                key = f"tokens {c} {tok.value} #{i}"
                pts += tok.value * override.get(key, req.answers.get(key, tok.count))
            key = f"covered {c} personal area"
            tok_pts.append(override.get(key, req.answers.get(key, pts)))
        return tok_pts, coin_n, tiles

    def sheet(override: dict[str, int]) -> Any:
        return final_scoring(*counts_with(override), names=[c.capitalize() for c in colours])

    best = sheet({})
    doubts: list[Doubt] = []
    for key, seat, kind, pr, question in pile_readings:
        if key in req.answers or pr.low == pr.high:
            continue
        # token points only add to their owner's total: the ends of the range give its span
        counts = (pr.low, pr.count, pr.high) if kind == "points" else range(pr.low, pr.high + 1)
        totals = [sheet({key: k}).totals() for k in counts]
        span = {}
        for p in range(n):
            lo, hi = min(t[p] for t in totals), max(t[p] for t in totals)
            if lo != hi:
                span[colours[p]] = (lo, hi)
        doubts.append(Doubt(key, question, int(pr.count), int(pr.low), int(pr.high), span))
    for rd in readings:
        for what, question in rd["covered"]:
            doubts.append(Doubt(f"covered {rd['colour']} {what}", question, 0, 0, 0, {}))
    # each total's full span over every doubt at once: a player's points only grow with their
    # own counts and shrink with the others' (majorities), so the extremes are two corners
    open_ = [(key, seat, r) for key, seat, _k, r, _q in pile_readings
             if key not in req.answers and r.low != r.high]
    spans = []
    for p in range(n):
        hi = sheet({key: (r.high if seat == p else r.low) for key, seat, r in open_}).total(p)
        lo = sheet({key: (r.low if seat == p else r.high) for key, seat, r in open_}).total(p)
        spans.append((min(lo, best.total(p)), max(hi, best.total(p))))
    players = tuple(
        PlayerScore(p, colours[p], best.total(p),
                    tuple((ln.category, ln.points, ln.reason) for ln in best.lines_for(p)), spans[p])
        for p in range(n))
    t4 = time.perf_counter()
    reading_json = {r["colour"]: {
        "side": r["side"],
        "board": {label: _pile_json(pr) for label, pr in r["cells"].items()},
        "coins": None if r["coins"] is None else _pile_json(r["coins"]),
        "tokens": [{"value": t.value, "count": t.count, "range": [t.low, t.high],
                    "at_mm": [round(t.centre_mm[0], 1), round(t.centre_mm[1], 1)]} for t in r["tokens"]],
    } for r in readings}
    return PhotoScore(
        "octocube", players, tuple(colours[p] for p in best.winners), best.tie_break,
        tuple(doubts), tuple(notes), reading_json,
        {**reading.timings_ms, "score": round((t4 - t3) * 1000, 1),
         "total": round(sum(reading.timings_ms.values()) + (t4 - t3) * 1000, 1)})


@dataclass(frozen=True)
class PointsReading:
    """A player's token points in all, asked where a hand hides part of their tokens."""
    count: int
    low: int
    high: int


def _pile_json(r: PileReading) -> dict[str, Any]:
    return {"count": r.count, "range": [r.low, r.high],
            "px_per_unit": round(r.px_per_unit, 2)}


def _rect_poly(r: lay.Rect) -> np.ndarray:
    return np.array([[r.x0, r.y0], [r.x1, r.y0], [r.x1, r.y1], [r.x0, r.y1]], np.float64)

