"""Pixel sampling for the Open Season token reader (``tokens.py``): where every token place lies
in the table (the patch specs' geometry), the token and bonus-tile art cut to patches, the masks
each score looks at, the faces projected as this camera sees them, and the scores themselves
(normalised correlations, colour distances from the mat). Nothing here decides what a place
holds: ``tokens.py`` keeps the thresholds, the doubt bands and the decisions.

Separate because mutation testing (issue 23) measures the recognisers' decision code: a mask a
millimetre taller or a blur along one axis changes scores, not what a reading means, and the
benches (``bench/open_season_tokens.py``), not unit tests, are what judge such tuning.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from vision.octocube.geometry import PatchSpec, TableView, sample_patches
from vision.render import open_season_art as art
from vision.render.open_season_scene import (SCORING_SLOTS, SEAT_SIDES, board_pose, personal_area_origin,
                                             rotate_mm, scoring_trophy_local)

PX_PER_MM = 2.0
"""Patch resolution (a 1280x720 camera sees the table at about 0.9 px/mm: patches are upsampled)."""
ART_PX_PER_MM = 8.0
"""The renderer draws the art at 8 px/mm and shrinks it (``sprites.BASE_PX_PER_MM``): so do the
templates (small glyphs drawn straight at 2 px/mm get other stroke widths)."""
TEMPLATE_BLUR_PX = 1.6
"""The token art is blurred like the camera blurs it (about one camera pixel, in patch pixels)."""
WALL_TOKEN_TOP_MM = 2.4 + 1.5
"""Wall and scoring tokens lie on the cards (2 mm board + card): their top face."""
PERSONAL_TOP_MM = 2.0
ACCOLADE_WILD_TOP_MM = 8.0 + 1.5
WALL_TOKEN_MM = 12.0
WALL_PATCH_MM = 12.0
WALL_TROPHY_SLOTS = 9
"""Trophy places read on one wall card (a 3-wide grid, rows upwards)."""
WALL_JITTER = tuple((x, y) for x in (-0.75, 0.0, 0.75) for y in (-0.75, 0.0, 0.75))
"""Shifts (mm) of a wall card's token places tried: the lens measured on the walls
(``lens.py``) leaves up to a pixel of error, a tenth of a trophy at 1280x720 (development seed
69350: trophies at 0.45-0.56 where the rendered camera gives 0.59-0.71). A card's grid moves as
one, at the shift where its first place fits best; a wild token's place takes its best shift."""
SCORING_JITTER = tuple((x, y) for x in (-1.0, -0.5, 0.0, 0.5, 1.0) for y in (-1.0, -0.5, 0.0, 0.5, 1.0))
"""Shifts (mm) of a Shield scoring trophy's place tried (its best is its score): the scoring
trophies lie on the board beyond the walls' cards, where the lens measured on the walls leaves
a pixel or more. Read at the one place, 14 of 211 trophies on 54 Shield tables (77000-77049,
78000-78049) scored 0.33-0.55 and were read absent with no doubt (78026, 78041, 78044, 77040:
the totals wrong after every answer); at their best shift within 1 mm: 0.40 and up."""
PERSONAL_SLOTS = 8
PERSONAL_PATCH_MM = 20.0
PERSONAL_JITTER = tuple((x, y, a) for x in (-1.5, 0.0, 1.5) for y in (-1.5, 0.0, 1.5)
                        for a in (-20.0, -10.0, 0.0, 10.0, 20.0))
"""Poses tried around each personal token place (mm, mm, degrees): loose tokens lie +-2 mm,
+-20 degrees off."""
PERSONAL_NOMINAL = PERSONAL_JITTER.index((0.0, 0.0, 0.0))
"""The place's own pose, where the mat around it is checked."""
ACCOLADE_WILD_SLOTS = 4
ACCOLADE_JITTER = tuple((x, y, 0.0) for x in (-1.5, 0.0, 1.5) for y in (-1.5, 0.0, 1.5))
COLOUR_WEIGHT = 0.5
"""Grey correlation cannot tell a dark trophy from a white wild token (both a disc on the mat):
the token's mean colour, white-balanced on the play mat, can."""
SERIES_COLOUR_WEIGHT = 0.25
"""The Attribute Series tile's colour weight: its grey correlation alone tells it (a 30 x 18 mm
tile with a row of icons: 0.83 on fresh 91866, empty places at most 0.25), while its colour from
the mat swings with the lamp (91866, warm lamp, the tile at the table's far edge: 1.52 from its
template, read at 0.07 under ``tokens.PERSONAL_THRESHOLD`` and defaulted "no": 6 points off);
empty places lie about 4 from it, so at this weight they stay far under the line."""
WILD_COLOUR_OFFSET = 0.5
"""The wild's per-channel correlation less this is its score (tuning seeds without hands: wild
tokens 0.86-0.99, trophies <= 0.58, penalty tiles <= 0.44, empty places <= 0.33)."""
MAT_BGR = (90.0, 60.0, 40.0)
"""The play mat the personal areas lie on (``open_season_scene``: play_mat_rgb 40, 60, 90)."""
COLOUR_RADIUS_MM = 6.5
MAT_RADIUS_MM = 10.5
"""Patch pixels beyond this radius are mostly mat: their median over all places white-balances."""
PERSONAL_KINDS = ("trophy", "wild", "penalty", "series")
BONUS_TILE_MM = (20.0, 14.0)
BONUS_PATCH_MM = 22.0
BONUS_FACES = tuple(range(1, 15))
BONUS_JITTER = tuple((x, y, 0.0) for x in (-1.0, -0.5, 0.0, 0.5, 1.0) for y in (-1.0, -0.5, 0.0, 0.5, 1.0))
"""The tiles lie square on their place; half a camera pixel either way covers the rest."""
BONUS_NOMINAL = BONUS_JITTER.index((0.0, 0.0, 0.0))
BONUS_PHOTO_STEP_MM = 0.25
BONUS_PHOTO_JITTER = tuple((x * BONUS_PHOTO_STEP_MM, y * BONUS_PHOTO_STEP_MM, 0.0)
                           for x in range(-4, 5) for y in range(-4, 5))
"""A finished table's photo (``TokenSampler(bonus_jitter=...)``): the poses a bonus place is
sampled at, a quarter of a mm apart over the same +-1 mm. Its faces are compared at the one pose
where the blank tile fits best (``BONUS_FACES_AT_TILE_POSE``), and through the scorer's own
calibration (the markers' fit, the lens measured on the walls, the photo undistorted) a tile
lies up to ~0.3 camera pixels off where the view puts it -- half a step of ``BONUS_JITTER`` at
the far seats (0.85 px/mm): a 4-6 pixel digit compared a quarter pixel off. Tuning 91440 (player
3, 0.85 px/mm, 0.25 px off): the seat's four tiles fit their true faces 0.968-0.974 at the half-mm
poses (0.975-0.987 through the renderer's own camera) and column 4's 13 read 11 (0.9733 against
0.9730); at quarter-mm poses 0.978-0.989 and 13 is read (docs/score_photo.md, session 51)."""
BONUS_BLUR_PX = 2.2
"""The face numbers are 4-6 camera pixels tall: blurred templates match them best (tile faces
right on the tuning seeds: blur 1.0 81 %, 1.6 92 %, 2.0-2.4 95 %, 2.8 81 %)."""
BONUS_SENSOR_BLUR_PX = 0.6
"""The camera's own blur (camera pixels) put on the projected face templates."""
BONUS_PHOTO_BLURS_PX = (0.6, 0.8, 1.0, 1.2, 1.4)
"""A finished table's photo (``tablesight score``): the blurs tried on the projected face
templates; the photo's own is the one whose best faces fit its tiles best (summed over the tiles
lying there), and its faces are read with that one. A camera's blur differs from photo to photo
(the renderer draws 0-1.3 camera pixels): at 1920x1080 the digits are 4-6 pixels tall, and a
template sharper than the photo fits a blurred 1, 3 or 4 less than a round 0 (the 54 expert
tuning tables of 90350-90432 at 1920x1080: 92 of 511 tiles' best face wrong at 0.6 alone, 2 of them
with no doubt; 41 with the blur chosen per photo, none without a doubt; per seat or per tile: worse;
see docs/score_photo.md, session 36). The tracker's reader keeps ``BONUS_SENSOR_BLUR_PX`` alone."""
BONUS_FACES_AT_TILE_POSE = True
"""A finished table's photo (``TokenSampler(bonus_at_tile_pose=True)``): every face of a bonus
place is compared at one pose, the one where the blank tile (its outline on the mat) fits best,
not each face at its own best of the ``BONUS_JITTER`` poses. At 1920x1080 the digits are 4-7
pixels tall, and a face free to move a pixel finds a pose where a wrong digit fits as well as
the right one does (tuning 90764: player 1's 3 read 1, its 13 and player 2's 13 read 11, every
face within 0.01). Tuning 1920x1080 90750-90799 (199 tiles, the blur chosen per photo, each
column on its own): the right face best at 167 own poses, 183 at the tile's pose; the best face
fits 0.949 or more there (``BONUS_FACE_FIT_MIN`` 0.85). The tracker's frames keep the own poses
(its set-ups were tuned so)."""
LIGHT_PERCENTILE = 95.0
"""How light a wall's cards are: this percentile of grey over its trophy places (mostly card
stock; tokens, icons and the board's gaps are the darker rest)."""
POSES_PER_PRODUCT = 16
"""``_faces_per_pose`` multiplies at most this many poses of a place by its faces at once: OpenBLAS
splits a larger product over threads, and on a loaded machine those threads wait on each other
(a photo's 81 bonus poses x 14 faces x ~540 pixels, one product per place: 0.001-0.19 s per blur,
five blurs a photo; in products of 16 poses 2 ms, steady)."""
PLACE = "token place"
"""The patch specs' name (``PatchSpec`` wants one; the places are told apart by their labels)."""
CHUNK_ROWS = 32000
"""OpenCV remaps at most 32767 rows at once: the patches go in chunks."""



def _grid(size_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """Patch-local coordinates (mm from the centre) of every patch pixel."""
    side = int(round(size_mm * PX_PER_MM))
    g = (np.arange(side) + 0.5) / PX_PER_MM - size_mm / 2
    return np.meshgrid(g, g)


def _disc(size_mm: float, radius: float, cut: tuple[tuple[float, float, float], ...] = ()) -> np.ndarray:
    """A boolean mask: a disc, less the discs ``(x, y, r)`` that neighbours may cover."""
    gx, gy = _grid(size_mm)
    m = gx * gx + gy * gy <= radius * radius
    for x, y, r in cut:
        m &= (gx - x) ** 2 + (gy - y) ** 2 > r * r
    return m


WALL_TROPHY_RADIUS_MM = 5.6
NEIGHBOUR_RADIUS_MM = 6.3
"""A neighbour drawn over a wall trophy hides the part of it within this of its centre."""
DEPTH_TIE_MM = 1e-3
"""Two tokens closer than this in depth may be drawn either way round."""
PENALTY_CUT_MM = 4.0
"""The series tile may lie over a penalty tile's right part: only its left is compared."""


def _rect(size_mm: float, half_w: float, half_h: float, inner: tuple[float, float] | None = None) -> np.ndarray:
    """A boolean mask: a centred rectangle, less an inner one."""
    gx, gy = _grid(size_mm)
    m = (np.abs(gx) < half_w) & (np.abs(gy) < half_h)
    if inner is not None:
        m &= ~((np.abs(gx) < inner[0]) & (np.abs(gy) < inner[1]))
    return m


@dataclass(frozen=True)
class _Masks:
    """The parts of a patch each score looks at (boolean, patch-sized). Made per reader, not at
    import: a few ms, and mutation testing then sees them built in every test."""

    wall: np.ndarray
    """A wall or accolade wild token, a scoring trophy: the token's own disc."""
    personal: np.ndarray
    """A personal token: its disc (neighbours lie 22 mm apart, beyond it)."""
    penalty: np.ndarray
    """A penalty tile: the disc's left part (the series tile may lie over its right)."""
    wild_colour: np.ndarray
    """The wild token's coloured sectors."""
    face: np.ndarray
    """A bonus tile inside its rim: the face number."""
    rim: np.ndarray
    """A bonus tile's rim (gold when activated)."""
    inside: np.ndarray
    """A bonus tile well inside its rim, the rim's reference colour."""
    presence: np.ndarray
    """A whole bonus tile and a little mat around it."""


def _masks() -> _Masks:
    personal = _disc(PERSONAL_PATCH_MM, 9.5)
    return _Masks(wall=_disc(WALL_PATCH_MM, 5.6), personal=personal,
                  penalty=personal & (_grid(PERSONAL_PATCH_MM)[0] < PENALTY_CUT_MM),
                  wild_colour=_disc(PERSONAL_PATCH_MM, 7.5), face=_rect(BONUS_PATCH_MM, 7.5, 4.5),
                  rim=_rect(BONUS_PATCH_MM, 9.4, 6.4, (8.2, 5.2)), inside=_rect(BONUS_PATCH_MM, 6.5, 3.5),
                  presence=_rect(BONUS_PATCH_MM, 11.0, 9.0))


def _art_size(size_mm: tuple[float, float]) -> tuple[int, int]:
    return (int(round(size_mm[0] * ART_PX_PER_MM)), int(round(size_mm[1] * ART_PX_PER_MM)))


def _shrunk(sprite: np.ndarray, w: int, h: int) -> np.ndarray:
    return cv2.resize(sprite, (w, h), interpolation=cv2.INTER_AREA)


def _bonus_art(face: int) -> np.ndarray:
    """A bonus tile's art (not activated) over the mat, cut to a bonus patch."""
    w, h = (int(round(v * PX_PER_MM)) for v in BONUS_TILE_MM)
    sprite = _shrunk(art.draw_bonus_tile(face, False, *_art_size(BONUS_TILE_MM), ART_PX_PER_MM), w, h)
    side = int(round(BONUS_PATCH_MM * PX_PER_MM))
    out = np.empty((side, side, 3), np.float32)
    out[:] = MAT_BGR
    alpha = sprite[:, :, 3:4] / 255.0
    x0, y0 = (side - w) // 2, (side - h) // 2
    out[y0:y0 + h, x0:x0 + w] = sprite[:, :, :3] * alpha + out[y0:y0 + h, x0:x0 + w] * (1 - alpha)
    return cv2.GaussianBlur(out, (0, 0), BONUS_BLUR_PX)


def _token_art(kind: str, size_mm: float, token_mm: tuple[float, float]) -> np.ndarray:
    """The token art (BGR over a neutral grey, which the mask leaves out) cut to a patch of
    ``size_mm`` centred on the token."""
    w, h = (int(round(v * PX_PER_MM)) for v in token_mm)
    sprite = _shrunk(art.draw_token(kind, *_art_size(token_mm), ART_PX_PER_MM), w, h)
    side = int(round(size_mm * PX_PER_MM))
    out = np.full((side, side, 3), 128, np.float32)
    alpha = sprite[:, :, 3:4] / 255.0
    rgb = sprite[:, :, :3] * alpha + 128 * (1 - alpha)
    x0, y0 = (side - w) // 2, (side - h) // 2
    sx0, sy0 = max(0, -x0), max(0, -y0)
    dx0, dy0 = max(0, x0), max(0, y0)
    ww, hh = min(w - sx0, side - dx0), min(h - sy0, side - dy0)
    out[dy0:dy0 + hh, dx0:dx0 + ww] = rgb[sy0:sy0 + hh, sx0:sx0 + ww]
    return cv2.GaussianBlur(out, (0, 0), TEMPLATE_BLUR_PX)


GREY = np.array([0.114, 0.587, 0.299], np.float32)
"""BGR -> luminance: the tokens differ most in light and dark (a dark trophy with a gold rim, a
white wild token, a white bar on the red penalty tile); per-channel correlation drowned the
trophy's weak blue contrast in noise (personal trophies 0.23-0.4 against 0.58-0.7 in grey)."""


def _grey(patches: np.ndarray) -> np.ndarray:
    """(N, side, side, 3) -> (N, side, side) float32 luminance."""
    return patches @ GREY


def _normalise(patches: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """(N, side, side, 3) colour or (N, side, side) grey -> (N, pixels in mask): luminance with
    zero mean and unit norm over the mask (a flat patch, noise only, stays near zero), so that a
    perfect match scores 1."""
    p = patches[:, mask, :] @ GREY if patches.ndim == 4 else patches[:, mask]
    p -= p.mean(axis=1, keepdims=True)
    n = np.sqrt((p * p).sum(axis=1, keepdims=True))
    return p / np.maximum(n, 4.0 * math.sqrt(p.shape[1]))


def _faces_per_pose(patches: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """(places x poses, pixels) normalised patches, each place's poses in a row, and (places,
    faces, pixels) templates -> (places x poses, faces): each pose against its own place's faces
    (one product per pair: repeating the templates for every pose took ~0.1 s of a photo)."""
    places = len(faces)
    per_place = patches.reshape(places, -1, patches.shape[1])
    per_face = faces.transpose(0, 2, 1)
    out = np.concatenate([np.matmul(per_place[:, i:i + POSES_PER_PRODUCT], per_face)
                          for i in range(0, per_place.shape[1], POSES_PER_PRODUCT)], axis=1)
    return np.asarray(out.reshape(len(patches), -1))


def _normalise_colour(patches: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """(N, side, side, 3) -> (N, 3 x pixels in mask): each colour channel with zero mean and unit
    norm over the mask, divided by sqrt(3) so that a perfect match scores 1."""
    p = patches[:, mask, :].astype(np.float32)
    p -= p.mean(axis=1, keepdims=True)
    n = np.sqrt((p * p).sum(axis=1, keepdims=True))
    p /= np.maximum(n, 4.0 * math.sqrt(p.shape[1]))
    return p.reshape(len(p), -1) / math.sqrt(3.0)


def _templates(size_mm: float, kinds: tuple[str, ...]) -> dict[str, np.ndarray]:
    """Kind -> its token art cut to a patch (a few ms: made per reader, not cached)."""
    out = {}
    for kind in kinds:
        dims = (30.0, 18.0) if kind == "series" else (
            (WALL_TOKEN_MM, WALL_TOKEN_MM) if size_mm == WALL_PATCH_MM else (art.TOKEN_DIAMETER_MM,) * 2)
        out[kind] = _token_art(kind, size_mm, dims)
    return out


def _blank_tile(masks: _Masks) -> np.ndarray:
    """A blank bonus tile on the mat (the face number painted over in the tile's colour): what
    tells a tile's presence, whatever its face (the faces are matched in the camera's own
    projection, ``TokenSampler._projected_bonus_faces``)."""
    blank = _bonus_art(1)
    blank[masks.face] = blank[masks.rim].mean(axis=0)
    return blank


class _Layer:
    """Patches of one size sampled at many places (at least one) through one set of remap
    tables."""

    def __init__(self, view: TableView, specs: list[PatchSpec]) -> None:
        per = CHUNK_ROWS // int(round(specs[0].size_mm * PX_PER_MM))
        self._maps = [view.patch_maps(specs[i:i + per], PX_PER_MM) for i in range(0, len(specs), per)]

    def sample(self, image: np.ndarray) -> np.ndarray:
        return np.concatenate([sample_patches(image, m) for m in self._maps])


@dataclass
class _Plan:
    """Where every place of one kind lies: labels in the order of the layer's patches."""

    labels: list[tuple[int, int, int]] = field(default_factory=list)
    """(seat, space or column or 0, slot) of each place (jittered places repeat)."""
    specs: list[PatchSpec] = field(default_factory=list)


class TokenSampler:
    """Samples every token place of one camera's frames and scores it against the token art."""

    def __init__(self, view: TableView, side: str, num_players: int, expert: bool,
                 bonus_blurs: tuple[float, ...] = (BONUS_SENSOR_BLUR_PX,), bonus_present: float = 0.0,
                 bonus_at_tile_pose: bool = False,
                 bonus_jitter: tuple[tuple[float, float, float], ...] = BONUS_JITTER) -> None:
        """``bonus_blurs``: the blurs tried on the bonus faces' templates (one: the tracker's
        camera; ``BONUS_PHOTO_BLURS_PX``: a photo's, chosen per photo over the places whose blank
        tile correlation is at least ``bonus_present``). ``bonus_at_tile_pose``: every face of a
        bonus place compared at the pose its blank tile fits best (``BONUS_FACES_AT_TILE_POSE``).
        ``bonus_jitter``: the poses (mm, mm, 0) each bonus place is sampled at, the nominal one
        among them (``BONUS_JITTER``; a photo's: ``BONUS_PHOTO_JITTER``)."""
        if not bonus_blurs:
            raise ValueError("at least one blur for the bonus faces' templates")
        if (0.0, 0.0, 0.0) not in bonus_jitter:
            raise ValueError("the bonus poses must hold the nominal one (0, 0, 0)")
        self._bonus_jitter = tuple(bonus_jitter)
        self._bonus_nominal = self._bonus_jitter.index((0.0, 0.0, 0.0))
        self.view = view
        self.bonus_blurs = tuple(bonus_blurs)
        self.bonus_present = bonus_present
        self.bonus_at_tile_pose = bonus_at_tile_pose
        self.bonus_blur = self.bonus_blurs[0]
        """The blur the last frame's faces were read with."""
        spaces = len(art.WALL_SPACES[side])
        bw, bd = art.WALL_BOARD_SIZE_MM
        trophies, wilds, scorings, personal, accolade, bonus = _Plan(), _Plan(), _Plan(), _Plan(), _Plan(), _Plan()
        self._bonus_places: list[tuple[tuple[int, int], tuple[float, float], float]] = []
        for seat, where in enumerate(SEAT_SIDES[num_players]):
            bx, by, yaw = board_pose(where)

            def on_board(lx: float, ly: float) -> tuple[float, float]:
                ox, oy = rotate_mm(yaw, lx - bw / 2, ly - bd / 2)
                return (bx + ox, by + oy)

            for number in range(1, spaces + 1):
                cx, cy = art.wall_space_local(side, number)
                # the card's grid in every WALL_JITTER pose, pose by pose (one shift per card)
                for jx, jy in WALL_JITTER:
                    for i in range(WALL_TROPHY_SLOTS):
                        x, y = on_board(cx - 13 + 9 * (i % 3) + jx, cy + 20 - 9 * (i // 3) + jy)
                        trophies.labels.append((seat, number, i))
                        trophies.specs.append(PatchSpec(PLACE, (x, y), WALL_TOKEN_TOP_MM, WALL_PATCH_MM, yaw))
                for jx, jy in WALL_JITTER:
                    x, y = on_board(cx + 13 + jx, cy - 22 + jy)
                    wilds.labels.append((seat, number, 0))
                    wilds.specs.append(PatchSpec(PLACE, (x, y), WALL_TOKEN_TOP_MM, WALL_PATCH_MM, yaw))
            if side == "shield":
                for i in range(len(SCORING_SLOTS)):
                    lx, ly = scoring_trophy_local(i)
                    for jx, jy in SCORING_JITTER:
                        x, y = on_board(lx + jx, ly + jy)
                        scorings.labels.append((seat, 0, i))
                        scorings.specs.append(PatchSpec(PLACE, (x, y), WALL_TOKEN_TOP_MM, WALL_PATCH_MM, yaw))
            px, py, pyaw = personal_area_origin(where)
            for i in range(PERSONAL_SLOTS):
                lx, ly = rotate_mm(pyaw, -60 + i * 22, 58)
                for sx, sy, syaw in PERSONAL_JITTER:
                    personal.labels.append((seat, 0, i))
                    personal.specs.append(PatchSpec(PLACE, (px + lx + sx, py + ly + sy), PERSONAL_TOP_MM,
                                                    PERSONAL_PATCH_MM, pyaw + syaw))
            for column in range(1, 5) if expert else ():
                lx, ly = rotate_mm(pyaw, -60 + (column - 1) * 24, 82)
                self._bonus_places.append(((seat, column), (px + lx, py + ly), pyaw))
                for sx, sy, _syaw in self._bonus_jitter:
                    bonus.labels.append((seat, column, 0))
                    bonus.specs.append(PatchSpec(PLACE, (px + lx + sx, py + ly + sy), PERSONAL_TOP_MM,
                                                 BONUS_PATCH_MM, pyaw))
            for i in range(ACCOLADE_WILD_SLOTS):
                lx, ly = rotate_mm(pyaw, 20 + i * 20, -10)
                for sx, sy, syaw in ACCOLADE_JITTER:
                    accolade.labels.append((seat, 0, i))
                    accolade.specs.append(PatchSpec(PLACE, (px + lx + sx, py + ly + sy), ACCOLADE_WILD_TOP_MM,
                                                    WALL_PATCH_MM, pyaw + syaw))
        self._plans = {"trophies": trophies, "wilds": wilds, "scorings": scorings, "personal": personal,
                       "accolade": accolade, "bonus": bonus}
        self._layers = {k: _Layer(view, p.specs) for k, p in self._plans.items() if p.specs}
        wall_t = _templates(WALL_PATCH_MM, ("trophy", "wild"))
        pers_t = _templates(PERSONAL_PATCH_MM, PERSONAL_KINDS)
        self._wall_trophy_art = wall_t["trophy"]
        self._trophy_masks = self._wall_trophy_masks(num_players)
        m = self._m = _masks()
        self._wall_wild_t = _normalise(wall_t["wild"][None], m.wall)[0]
        self._wall_trophy_full_t = _normalise(wall_t["trophy"][None], m.wall)[0]
        self._personal_t = {k: _normalise(pers_t[k][None], m.penalty if k == "penalty" else m.personal)[0]
                             for k in PERSONAL_KINDS}
        self.bonus_faces = [f for f in BONUS_FACES if side == "horn" or f not in (7, 8, 12)]
        self._bonus_face_ts = self._projected_bonus_faces(self.bonus_blurs)
        self._bonus_blank_t = _normalise(_blank_tile(m)[None], m.presence)[0]
        wild = _normalise_colour(pers_t["wild"][None], m.wild_colour)[0]
        self._wild_colour_t = wild / max(float(np.linalg.norm(wild)), 1e-6)
        self._colour_mask = _disc(PERSONAL_PATCH_MM, COLOUR_RADIUS_MM)
        gx, gy = _grid(PERSONAL_PATCH_MM)
        self._mat_mask = gx * gx + gy * gy > MAT_RADIUS_MM ** 2
        mat = np.array(MAT_BGR, np.float32)
        self._personal_colour = np.stack([np.log(np.maximum(pers_t[k][self._colour_mask].mean(axis=0), 1.0) / mat)
                                          for k in PERSONAL_KINDS])

    def _projected_bonus_faces(self, blurs: tuple[float, ...] = (BONUS_SENSOR_BLUR_PX,)) -> list[np.ndarray]:
        """Per blur, (places, faces, mask pixels): each face as this camera sees it at each bonus
        place. The numbers are 4-6 camera pixels tall, so the template is made the way the frame
        is: the renderer's own sprite level warped into the image at the tile's place, blurred
        like the sensor, then sampled back through the same patch grid. Each face is warped once
        for every blur (a photo tries five: warping them again took ~0.1 s of a 4-player expert
        photo's ~2.5 s)."""
        from vision.render import sprites

        size = int(round(BONUS_PATCH_MM * PX_PER_MM))
        gx, gy = _grid(BONUS_PATCH_MM)
        out = [np.zeros((len(self._bonus_places), len(self.bonus_faces), int(self._m.face.sum())), np.float32)
               for _ in blurs]
        self.bonus_px_per_mm: dict[tuple[int, int], float] = {}
        hom = self.view.homography_at(PERSONAL_TOP_MM)
        tw, th = BONUS_TILE_MM
        for k, (key, (cx, cy), yaw) in enumerate(self._bonus_places):
            c, sn = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
            to_table = np.array([[c, -sn, cx], [sn, c, cy], [0, 0, 1]])
            # the patch grid in ideal pixels
            pts = np.stack([gx.ravel(), gy.ravel(), np.ones(gx.size)], 1) @ (hom @ to_table).T
            mx, my = (pts[:, 0] / pts[:, 2]).reshape(size, size), (pts[:, 1] / pts[:, 2]).reshape(size, size)
            x0, y0 = int(math.floor(mx.min())) - 4, int(math.floor(my.min())) - 4
            cw, ch = int(math.ceil(mx.max())) - x0 + 5, int(math.ceil(my.max())) - y0 + 5
            corners = np.array([[-tw / 2, -th / 2, 1], [tw / 2, -th / 2, 1], [tw / 2, th / 2, 1], [-tw / 2, th / 2, 1]])
            cp = corners @ (hom @ to_table).T
            cp = cp[:, :2] / cp[:, 2:3]
            edge = float(max(np.ptp(cp[:, 0]), np.ptp(cp[:, 1])))
            # the tile's sharper-foreshortened axis: camera pixels per mm along it
            along_w = (np.linalg.norm(cp[1] - cp[0]) + np.linalg.norm(cp[2] - cp[3])) / (2 * tw)
            along_h = (np.linalg.norm(cp[3] - cp[0]) + np.linalg.norm(cp[2] - cp[1])) / (2 * th)
            self.bonus_px_per_mm[key] = float(min(along_w, along_h))
            shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
            map_x, map_y = (mx - x0).astype(np.float32), (my - y0).astype(np.float32)
            for j, face in enumerate(self.bonus_faces):
                sprite = sprites.sprite_for(("open_season", "bonus", face, False), tw, th, edge)
                sh, sw = sprite.shape[:2]
                # sprite pixel centres -> tile-local mm -> table -> ideal image -> crop
                to_local = np.array([[tw / sw, 0, 0.5 * tw / sw - tw / 2], [0, th / sh, 0.5 * th / sh - th / 2], [0, 0, 1]])
                m = shift @ hom @ to_table @ to_local
                warped = cv2.warpPerspective(sprite.astype(np.float32), m, (cw, ch), flags=cv2.INTER_LINEAR,
                                             borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
                a = warped[:, :, 3:4] / 255.0
                crop: np.ndarray = warped[:, :, :3] + (1 - a) * np.array(MAT_BGR, np.float32)
                for b, blur in enumerate(blurs):
                    seen = cv2.GaussianBlur(crop, (0, 0), blur)
                    patch = cv2.remap(seen, map_x, map_y, cv2.INTER_LINEAR)
                    out[b][k, j] = _normalise(patch[None], self._m.face)[0]
        return out

    def _wall_trophy_masks(self, num_players: int) -> dict[tuple[int, int], np.ndarray]:
        """(seat, place) -> the part of a wall trophy place that no neighbour can hide. The
        trophies on a card overlap (9 mm apart, 12 mm wide); the one nearer the camera lies on
        top, so which neighbours may hide a place depends on the camera (a tie: either)."""
        g = np.array([self.view.R[2, 0], self.view.R[2, 1]])  # depth per table mm
        masks = {}
        for seat, where in enumerate(SEAT_SIDES[num_players]):
            yaw = board_pose(where)[2]
            for i in range(WALL_TROPHY_SLOTS):
                cut = []
                for j in range(WALL_TROPHY_SLOTS):
                    dx, dy = 9.0 * (j % 3 - i % 3), -9.0 * (j // 3 - i // 3)
                    if j == i or math.hypot(dx, dy) > 2 * NEIGHBOUR_RADIUS_MM:
                        continue
                    if float(g @ np.array(rotate_mm(yaw, dx, dy))) < DEPTH_TIE_MM:  # j nearer or a tie
                        cut.append((dx, dy, NEIGHBOUR_RADIUS_MM))
                masks[(seat, i)] = _disc(WALL_PATCH_MM, WALL_TROPHY_RADIUS_MM, tuple(cut))
        return masks

    def _wall_trophy_scores(self, image_bgr: np.ndarray) -> tuple[np.ndarray, dict[int, float], np.ndarray]:
        """The correlation of every wall trophy place (at the pose where the card's first place
        fits best), per seat how light its wall's cards are (the 95th percentile of grey over
        those places: the card stock, lit), and every card's places in every pose (cards x
        ``WALL_JITTER`` x ``WALL_TROPHY_SLOTS``)."""
        patches = self._layers["trophies"].sample(image_bgr)
        labels = self._plans["trophies"].labels
        patches = _grey(patches)
        seats = np.array([label[0] for label in labels])
        light = {int(seat): float(np.percentile(patches[seats == seat], LIGHT_PERCENTILE))
                 for seat in np.unique(seats)}
        scores = self._wall_trophy_correlations(patches, labels)
        # per card: its poses (rows) x places (columns); the pose where place 0 fits best
        per_card = scores.reshape(-1, len(WALL_JITTER), WALL_TROPHY_SLOTS)
        best = np.argmax(per_card[:, :, 0], axis=1)
        return per_card[np.arange(len(per_card)), best].ravel(), light, per_card

    def _wall_trophy_correlations(self, patches: np.ndarray, labels: list[tuple[int, int, int]]) -> np.ndarray:
        out = np.zeros(len(labels), np.float32)
        groups: dict[tuple[int, int], list[int]] = {}
        for k, (seat, _number, slot) in enumerate(labels):
            groups.setdefault((seat, slot), []).append(k)
        for key, idx in groups.items():
            mask = self._trophy_masks[key]
            out[idx] = _normalise(patches[idx], mask) @ _normalise(self._wall_trophy_art[None], mask)[0]
        return out

    def wild_likeness(self, card_bgr: np.ndarray) -> float:
        """How well the wild token's template fits the best place of a card's art (BGR, the whole
        card, any size): a taught printing's back with light discs on it looks like a wild token
        lying on the accolades. The card is blurred as the token's template is (as the camera
        blurs both): a taught view is sharper than the film, and small discs fit a blurred token
        better than sharp ones (seed 102732, printing 990002: its back fitted 0.69-0.71 sharp,
        0.79 blurred, and a bare accolade card 0.75-0.78 in the film, read as a wild token)."""
        w, h = (int(round(v * PX_PER_MM)) for v in art.CARD_SIZE_MM)
        card = cv2.resize(np.asarray(card_bgr, np.float32)[..., :3], (w, h), interpolation=cv2.INTER_AREA)
        card = cv2.GaussianBlur(card, (0, 0), TEMPLATE_BLUR_PX)
        side = int(self._m.wall.shape[0])
        patches = np.stack([card[y:y + side, x:x + side] for y in range(0, h - side + 1)
                            for x in range(0, w - side + 1)])
        return float((_normalise(patches, self._m.wall) @ self._wall_wild_t).max())

    # ------------------------------------------------------------------ scores
    def scores(self, image_bgr: np.ndarray) -> dict[str, tuple[list[tuple[int, int, int]], np.ndarray]]:
        """Per kind of place: labels and the correlation of each place with its token (the
        best pose; personal places: one column per kind of token). For tuning and tests."""
        out: dict[str, tuple[list[tuple[int, int, int]], np.ndarray]] = {}
        trophies, light, per_pose = self._wall_trophy_scores(image_bgr)
        n = WALL_TROPHY_SLOTS * len(WALL_JITTER)
        labels = self._plans["trophies"].labels
        out["trophies"] = ([lab for k in range(0, len(labels), n) for lab in labels[k:k + WALL_TROPHY_SLOTS]],
                           trophies[:, None])
        # every card's places in every pose (the reader may fix a card's grid on more than its
        # first place: ``tokens.TROPHY_GRID_ON_PREFIX``)
        out["trophy_poses"] = ([labels[k] for k in range(0, len(labels), n)], per_pose)
        out["light"] = ([(seat, 0, 0) for seat in sorted(light)], np.array([[light[s]] for s in sorted(light)]))
        m = self._m
        for name, template in (("wilds", self._wall_wild_t), ("scorings", self._wall_trophy_full_t),
                               ("accolade", self._wall_wild_t)):
            plan = self._plans[name]
            if not plan.specs:
                out[name] = ([], np.zeros((0, 1)))
                continue
            s = _normalise(self._layers[name].sample(image_bgr), m.wall) @ template
            out[name] = _best_per_place(plan.labels, s[:, None])
        plan = self._plans["personal"]
        patches = self._layers["personal"].sample(image_bgr)
        grey = _grey(patches)
        whole, left = _normalise(grey, m.personal), _normalise(grey, m.penalty)
        cols = [(left if k == "penalty" else whole) @ self._personal_t[k] for k in PERSONAL_KINDS]
        # white balance on the mat around each seat's places (most places are empty; the light
        # falls off across the table, so one balance per seat)
        seat_of = np.array([label[0] for label in plan.labels])
        mat = np.ones((len(plan.labels), 3), np.float32)
        seat_mat: dict[int, np.ndarray] = {}
        for seat in np.unique(seat_of):
            rows = seat_of == seat
            seat_mat[int(seat)] = np.median(patches[rows][:, self._mat_mask].reshape(-1, 3), axis=0)
            mat[rows] = seat_mat[int(seat)]
        colour = np.log(np.maximum(patches[:, self._colour_mask].mean(axis=1), 1.0)
                        / np.maximum(mat, 1.0))
        distance = np.abs(colour[:, None, :] - self._personal_colour[None]).sum(axis=2)
        weights = np.array([SERIES_COLOUR_WEIGHT if k == "series" else COLOUR_WEIGHT for k in PERSONAL_KINDS],
                           np.float32)
        fit = np.stack(cols, axis=1) - weights[None] * distance
        # the wild token by its coloured sectors, channel by channel (in grey a trophy under the
        # lamp's glare fitted it as well as a wild)
        fit[:, PERSONAL_KINDS.index("wild")] = (_normalise_colour(patches, m.wild_colour) @ self._wild_colour_t
                                                - WILD_COLOUR_OFFSET)
        best_labels, best = _best_per_place(plan.labels, fit)
        # how far each place is from bare mat (its nominal pose): colour, and grey spread
        nominal = np.arange(PERSONAL_NOMINAL, len(plan.labels), len(PERSONAL_JITTER))
        mat_far = np.abs(np.log(np.maximum(patches[nominal][:, m.personal].mean(axis=1), 1.0)
                                / np.maximum(mat[nominal], 1.0))).sum(axis=1)
        spread = grey[nominal][:, m.personal].std(axis=1) / np.maximum(grey[nominal][:, m.personal].mean(axis=1), 1.0)
        out["personal"] = (best_labels, np.concatenate([best, mat_far[:, None], spread[:, None]], axis=1))
        plan = self._plans["bonus"]
        if plan.specs:
            patches = self._layers["bonus"].sample(image_bgr)
            grey = _grey(patches)
            present = _normalise(grey, m.presence) @ self._bonus_blank_t
            face_patches = _normalise(grey, m.face)
            k = len(self._bonus_jitter)
            by_blur = [_faces_per_pose(face_patches, t) for t in self._bonus_face_ts]
            # the photo's blur: the templates whose best faces fit the tiles lying there best
            lying = [i for i in range(0, len(plan.labels), k) if present[i:i + k].max() >= self.bonus_present]
            blur_fit = [sum(float(fits[i:i + k].max()) for i in lying) for fits in by_blur]
            chosen = int(np.argmax(blur_fit))
            faces, self.bonus_blur = by_blur[chosen], self.bonus_blurs[chosen]
            inside = patches[:, m.inside].mean(axis=1)
            rim = patches[:, m.rim].mean(axis=1)
            ratio = ((rim[:, 0] + 1) / (rim[:, 2] + 1)) / ((inside[:, 0] + 1) / (inside[:, 2] + 1))
            # each face's best pose; the rim at the nominal pose (tiles lie square on their place)
            labels, rows = [], []
            for i in range(0, len(plan.labels), k):
                labels.append(plan.labels[i])
                # a photo's faces at the pose where the blank tile fits best (one pose for every
                # face: BONUS_FACES_AT_TILE_POSE), the tracker's each at its own best pose
                at = faces[i + int(np.argmax(present[i:i + k]))] if self.bonus_at_tile_pose \
                    else faces[i:i + k].max(axis=0)
                rows.append(np.concatenate([[present[i:i + k].max(), ratio[i + self._bonus_nominal]], at]))
            out["bonus"] = (labels, np.stack(rows))
            # an empty place must be bare mat (else a hand or a card may hide a tile)
            nominal = patches[self._bonus_nominal::k]
            bare_mat = np.stack([seat_mat[seat] for seat, _c, _z in labels])
            far = np.abs(np.log(np.maximum(nominal[:, m.presence].mean(axis=1), 1.0)
                                / np.maximum(bare_mat, 1.0))).sum(axis=1)
            g = grey[self._bonus_nominal::k][:, m.presence]
            spread = g.std(axis=1) / np.maximum(g.mean(axis=1), 1.0)
            out["bonus_bare"] = (labels, np.stack([far, spread], axis=1))
        else:
            out["bonus_bare"] = ([], np.zeros((0, 2)))
            out["bonus"] = ([], np.zeros((0, 2 + len(self.bonus_faces))))
        return out


def _best_per_place(labels: list[tuple[int, int, int]], s: np.ndarray) -> tuple[list[tuple[int, int, int]], np.ndarray]:
    """Jittered poses of one place follow each other: keep each place's best pose per column."""
    out_labels: list[tuple[int, int, int]] = []
    rows: list[np.ndarray] = []
    start = 0
    for i in range(1, len(labels) + 1):
        if i == len(labels) or labels[i] != labels[start]:
            out_labels.append(labels[start])
            rows.append(s[start:i].max(axis=0))
            start = i
    return out_labels, np.stack(rows)
