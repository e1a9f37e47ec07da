"""Reading Open Season tokens and tiles from the pixels: trophies and wild tokens on wall cards,
each player's personal tokens (trophies, wilds, penalty tiles, the series tile), the Shield
scoring trophies, the expert bonus tiles and the wild tokens on the accolades.

Every token lies at a place the table layout fixes (``vision.render.open_season_scene``): wall
tokens in a small grid on their card, personal tokens in a row from the personal area's left,
loose (a few mm, up to 20 degrees turned). Each place is sampled through the table geometry in
the token's own frame and compared with the token art by normalised correlation over a mask
(the part of the token its neighbours never cover), which shrugs off brightness and colour
temperature: that sampling is ``token_sampling.py``. This module decides what the scores mean.
A count is a prefix of filled places: a gap, or a place that is neither clearly a token nor
clearly empty (a hand over it), is a doubt, not a guess. No training, no torch.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from rules.open_season.bonus import BONUS_FACES, PERMANENT
from vision.octocube.geometry import TableView
from vision.open_season.token_sampling import (BONUS_FACES_AT_TILE_POSE, BONUS_JITTER, BONUS_PHOTO_BLURS_PX,
                                               BONUS_PHOTO_JITTER, BONUS_SENSOR_BLUR_PX,
                                               PERSONAL_KINDS,
                                               PERSONAL_SLOTS, TokenSampler)
from vision.render import open_season_art as art
from vision.render.open_season_scene import SCORING_SLOTS, SEAT_SIDES

WALL_THRESHOLD = {"trophies": 0.70, "wilds": 0.72, "scorings": 0.42, "accolade": 0.75}
"""Grey correlation above which a place holds its token; on seeds 97000-97099 (no hand in the
frame) tokens scored >= 0.75, 0.87, 0.81, 0.90 and empty places <= 0.64, 0.53, 0.31, 0.61.
Scorings (2026-11-28, os-photo4): read through the scorer's own camera (markers and the lens
measured on the walls, not the rendered camera) at the best of ``token_sampling.SCORING_JITTER``'s shifts, on
54 Shield tables (77000-77049, 78000-78049) trophies scored >= 0.403 and empty places <= 0.444
(all 1280x720 but one): 0.42 with ``WALL_DOUBT`` asks the 8 places within 0.05 and reads none
wrongly (the former 0.55 at the one place: 14 read wrongly with no doubt, 19 asked)."""
ACCOLADE_BACK_MARGIN = 0.03
"""A taught printing whose card back fits the wild token's template (its best place, from the
teach photos) nearly as well as a token: a token on the accolades must fit this much better.
Printing 950000's back (light discs on purple) fits 0.84-0.86; one bare accolade card read 0.77,
a wild token, and table 102500 was lost at that scene. Wild tokens on accolades fit 0.90 or more
(seeds 97000-97099); the built-in back 0.59 at its best place, printings 930000/930001 0.45/0.75."""
TABLE_SCORING_LINE = 0.62
"""The scoring trophies' line for still frames of a camera calibrated before the game (the
tracker's), instead of ``WALL_THRESHOLD["scorings"]``, which is set for a photo whose lens is
measured on the photo itself (its trophies fit down to 0.40). Through the tracker's camera on the
Shield bench games 102003-102005 (324 places, 27 frames, every light): trophies fit >= 0.87,
empty places <= 0.48, and at 0.42 the empty places read as trophies now and then (named in 11
of those games' 20 false alarms)."""
WALL_DOUBT = 0.05
"""A place scoring within this of the threshold is a doubt."""
SCORING_DEFAULT_BY_PHOTO = True
"""A Shield scoring place within ``WALL_DOUBT`` of its line (asked either way) defaults to what
this photo's surely read places nearer it fit: a trophy where its fit lies nearer the median of
the photo's surely held places than of its surely empty ones (with both present), else by the
line. How well a trophy fits swings from photo to photo (resolution, light, the lens measured on
the walls): at 1280x720 (Shield tables 77000-77049) held places fit 0.39-0.45 on one photo where
its others fit 0.57-0.60, empty ones up to 0.41 where the photo's held ones fit 0.86-0.94; fresh
91685 (1920x1080, warm lamp) an empty place 0.434, its photo's trophies 0.75-0.87 and empties
0.04-0.33. Census through the scorer (session 52): at 1280x720, 54 Shield tables 77000-77049 and
78000-78049, 12 places asked, their defaults wrong 5 by the line, 0 by the photo; at 1920x1080, 94
Shield tables of 91390-91639, no place within the doubt (held >= 0.786, empty <= 0.355), and fresh
91685's one. Only a default moves: every such place is still asked."""
TROPHY_UNSURE = 0.40
"""A wall trophy place scoring between this and the threshold plus ``WALL_DOUBT`` may hold a
trophy or not: read through the camera the markers and the lens give (not the rendered one),
development tables 69302-69350 at 1280x720 had first trophies of a card at 0.45-0.61 (far side)
and further ones down to 0.53, empty places up to 0.64, but the first place of a card, empty,
at most 0.36. Each such place on a card's possible prefix widens its count's doubt to every
count it allows."""
TROPHY_FIRST_LINE = 0.55
"""A finished table's photo (``TokenReader(finished=True)``): a wall card's first trophy place holds
a trophy above this (its later places keep ``WALL_THRESHOLD["trophies"]``); between it and the
threshold plus ``WALL_DOUBT`` the count is still asked (``TROPHY_UNSURE``), only its default moves.
The first place lies on the card's plain corner, the later ones beside the first's trophy and the
art, so an empty first place fits far lower. Tuning 90960-91059 and 91240-91303 (164 tables,
1920x1080, session 49's census): empty first places fit <= 0.488 (91243, warm lamp; the next 0.40;
under a hand <= 0.462), later ones up to 0.618; filled first places >= 0.724, but tuning 91376
(warm lamp, no hand) had two single trophies fitting 0.675 and 0.698, under 0.70: asked with the
default 0, the table off by 5 and 8 points. 0.55 lies between; development 69334's trophy (1280x720)
fitted 0.564."""
TROPHY_GRID_ON_PREFIX = True
"""A finished table's photo (``TokenReader(finished=True)``): a wall card's token grid is placed
(one of ``token_sampling.WALL_JITTER``'s shifts, the grid moves as one) where its first place fits
best; a second trophy lies 9 mm beside the first and, when nearer the camera, is drawn over a
sixth of it, so the first place alone fixes the grid poorly along that line. When the count read
there is asked and one more trophy is among its answers, the grid is placed again where the
places of that longer prefix fit best together and the count read again; a longer count read
there becomes the default, every count of both reads stays asked (no count is read surely that
was not). Tuning 91422 (1920x1080, warm lamp, tilt 32): player 1's two trophies on space 11 fit
0.745 and 0.666 at the first place's best shift, 0.716 and 0.759 a 0.75 mm shift away: asked
"1, 0 or 2" with the default 1, the table off by 2 points from the photo alone."""
PLACES_OFF_MM = 1.5
PLACES_OFF_GAIN = 0.03
"""A finished table's photo (``TokenReader(finished=True)``): a seat whose wall's cards fit best at
least this far (mm) from where the view puts them, and fit better there by at least this much
(``lens.wall_offsets``), has its token places sampled off too: its token readings widen into
doubts (``PLACES_OFF_UNSURE``). 12 MP tuning 90592 through main's lens (its focal length 3 %
off): player 1's wall 2.5 mm off (gain 0.065), its two trophies fitting 0.41 and 0.35, one read
as none with no doubt; the other walls 0.0-1.1 mm (gain at most 0.02)."""
PLACES_OFF_COUNTS = 4
"""... and such a card's trophies are asked with every count up to this (the scorer's covered
spaces likewise: ``score_photo.HIDDEN_TROPHIES``)."""
PLACES_OFF_BONUS_FIT = 0.93
"""... or a seat whose bonus tiles' best faces fit worse than this (the median over its tiles;
tiles fit 0.95 or more where the places are right, ``BONUS_FACE_FIT_MIN``): tuning 90592 through
main's lens, player 3's tiles 0.56-0.66 (sampled 5 px off, its wall only 1.1 mm), player 1's
0.81-0.91."""
PLACES_OFF_UNSURE = 0.20
"""On a seat whose places fit poorly, a wall trophy place or a Shield scoring trophy's scoring from
this up to its line may hold a trophy: asked (tuning 90592 through main's lens: player 1's
trophies 0.35-0.41, the empty first places of its cards at most 0.20). Its bonus tiles' faces
and rims, and its personal tokens, are asked too; its wall wild tokens are not (the wild token's
template fits 0.2-0.7 on most of such a wall's cards: eleven notes), the seat's note names them."""
PERSONAL_THRESHOLD = 0.22
"""Score (grey correlation less ``token_sampling.COLOUR_WEIGHT`` x colour distance) above which a
personal place holds that kind of token: on seeds 97000-97049 tokens scored >= 0.44, empty places <= 0.16."""
PERSONAL_DOUBT = 0.08
PERSONAL_SURE = 0.26
"""A personal token fitting less than this is read but doubted (on the tuning seeds without
hands 1 % of tokens scored below 0.38)."""
PERSONAL_CHECKED = 6
"""Places checked for bare mat after the tokens (the kept card may lie over the 7th and 8th)."""
MAT_FAR = 1.8
"""An empty place whose colour is further than this from the mat (summed log ratios) is not bare
(tuning seeds without hands: empty places <= 1.28; skin is about 3.5 from the mat)."""
MAT_SPREAD = 1.2
"""... or whose grey spread (std / mean) exceeds this (empty places <= 0.83)."""
NOT_BARE_EMPTY = 0.05
"""A personal place that is not the bare mat (``MAT_FAR``, ``MAT_SPREAD``) is taken as empty only
at this cost or more in the decoder (``_decode_personal``): something lies there. Tuning 91076
(1920x1080, warm lamp, no hand): player 1's Attribute Series tile scored 0.19 (under
``PERSONAL_THRESHOLD``), its place's colour 2.63 from the mat (empty places 1.28 at most): read
as none, 6 points off. An empty place under a hand stays empty unless a kind fits it within this
of the line: ``bench/open_season_tokens.py --stress --hands 0.3`` on 97000-97029 printed the same
before and after (session 45)."""
BONUS_BARE_FAR = 0.8
BONUS_BARE_SPREAD = 0.4
"""An empty bonus place further from the seat's mat than these (colour, grey spread) may hide a
tile: a doubt (tuning seeds without hands: empty places <= 0.33 and 0.12)."""
MAX_PERSONAL = {"trophy": PERSONAL_SLOTS, "wild": 4, "penalty": 4, "series": 1}
BONUS_PRESENT = 0.32
"""Grey correlation with a blank tile (a light rectangle on the dark mat) above which a tile lies
there (seeds 97000-97099: tiles >= 0.38, empty places <= 0.27)."""
BONUS_ACTIVE_RATIO = 0.95
"""An activated tile's gold rim (2 mm inside its edge) is far less blue than the tile: the rim's
blue/red ratio over the inside's (tuning seeds, no hand: activated <= 0.87, not >= 1.04)."""
BONUS_ACTIVE_DOUBT = 0.08
"""A rim ratio within this of the line is a doubt: at 1280x720 on the far side of the table the
rim is about a camera pixel wide (development seed 69304: an activated tile at 0.995, outside
the 0.04 band first chosen, so read as not activated with no doubt)."""
BONUS_FACE_DOUBT = 0.03
"""A column whose best other face (the four columns decoded together) fits within this of the
best is a doubt naming the faces in that band. Read through the camera the markers and the lens
give, at 1280x720, 17 of 69 tiles on development tables 69304-69340 were misread with a lead of
0.0006-0.0265 (the band was 0.005: most of them sure); the right ones' leads start at 0.0002."""
LIGHT_MIN = 60.0
"""A seat whose wall cards are darker than this (grey level, ``token_sampling.LIGHT_PERCENTILE``)
is too dark to read its tokens: a doubt naming it. The horn test tables darkened step by step
read right down to 36 and went wrong from 34 (1/5 of the lamp's light); the darkest of 24
normal renders (three lightings) is 144."""
BONUS_FACE_UNSURE = 0.005
"""A column whose best other face fits within this of the best is not sure enough for the tracker
(``SeatTokens.bonus_unsure``: it asks that set-up choice rather than take the face read). Narrower
than ``BONUS_FACE_DOUBT``: on the demo's set-ups (tuning seeds 60000-60059, 60100-60159) 76 % of
the faces on tiles large enough to read were within 0.03 and all of them right; the tracker asking
each would ask nearly every set-up choice (the lead's 2026-11-27 change: a 3-player set-up asking
all 12 hung the app's test). Within 0.005: 4 % of them."""
BONUS_LEGIBLE_PX_PER_MM = 0.70
"""A bonus tile seen at fewer camera pixels per mm than this (along its more foreshortened axis)
has its face read but never sure: its number is 3-4 pixels tall. Set-ups rendered as the demo
films them (1280x720, the three lights; tuning seeds 60000-60059 at tilt 25-35 and 60100-60159
at tilt 0-25, ``bench/open_season_setup_faces.py``): below 0.70 px/mm 103 of 808 faces were
read wrong (3 with no doubt; seed 97621's faces 3 and 5 read 8 and 6 at 0.59-0.61), the last
at 0.699; from 0.70 up none of 2072. Not higher: the app's 3-player Shield demo (seed 5, tilt 15)
sees player 1's tiles at 0.719 and read them right; at 0.72 its four choices were asked and the
app test, which answers no question, stalled."""
PERMANENT_FACES = frozenset(f.number for f in BONUS_FACES if f.kind == PERMANENT)
"""The faces that stay on the table activated (gold-rimmed): the rest never show a gold rim."""
BONUS_CANDIDATES = 3
"""Faces tried per column when the four columns are decoded together."""
BONUS_FACE_FIT_MIN = 0.85
"""A bonus place read as holding a tile whose best face fits worse than this shows no face at all:
something lies over it (fingers over the tile) or it is bare mat read as a tile. Every tile of
1440 on the set-ups of tuning seeds 60000-60059 and 60100-60159 (``bench/open_season_setup_faces.py
--tables 30 --scenes 2``, tilt 0-35, the three lights) fits 0.954 or better; demo 102501 (printing
950000, tilt 15, day): a tile under a hand's fingers fitted 0.21 and was taken for face 10, bare
mat beside the table's edge read as a tile fitted 0.43 (face 11): the set-up was lost."""
BONUS_BARE_LOOK_FIT = 0.55
"""A finished table's bonus place read as holding a tile where no face fits (``BONUS_FACE_FIT_MIN``),
fitting the blank tile under this and looking like the bare mat (within ``BONUS_BARE_FAR`` and
``BONUS_BARE_SPREAD`` of the seat's mat, as an empty place must), is more likely bare mat than a
tile: ``SeatTokens.bonus_bare_look``, the scorer's question defaults to "no tile" (still asked).
Fresh 91697 (warm lamp): player 3's empty column 1 fitted 0.352, no face over 0.23, 0.21 / 0.14
from the mat, read as face 12 (18 for 8). Census through the scorer (session 53, docs/score_photo.md;
246 expert tuning tables at 1280x720, 80 more with a hand reaching onto a bonus place at 1280x720
and 1920x1080): tiles with nothing over them fit the blank tile >= 0.78 and lie >= 1.9 from the
mat; under a hand 89 of 180 tiles fit under 0.55, none nearer the mat than 1.36 (skin, a sleeve);
empty places fit <= 0.32 and lie <= 0.52 from the mat where nothing covers them. No tile of the
census is marked."""


@dataclass(frozen=True)
class SeatTokens:
    """What one seat's tokens and tiles read as (seat numbers from 0, wall spaces from 1)."""

    wall_trophies: dict[int, int]
    """Wall space -> trophy tokens on it (absent: none)."""
    wall_wilds: frozenset[int]
    """Wall spaces whose card carries a wild token."""
    trophies: int
    wilds: int
    penalties: int
    series: bool
    scorings: frozenset[str]
    """Shield: the endgame scorings with a trophy beside them."""
    bonus: dict[int, tuple[int, bool]]
    """Expert: column 1-4 -> (face number, activated)."""
    accolade_wilds: int
    doubts: tuple[str, ...] = ()
    dark: bool = False
    """The seat's wall cards are darker than ``LIGHT_MIN``: its readings may be wrong without a
    doubt of their own (bench seed 97213's player 3, at 50 grey levels: bonus faces 9, 12, 1
    read as 8, 10, 5, face 1 never among the faces named as close)."""
    """Plain words, e.g. ``player 2: trophies on space 3 (2 or 3)``; a doubt is not a count."""
    bonus_unsure: frozenset[int] = frozenset()
    """Expert: the columns whose face number the tracker must not take as read (a tile too small
    in the image, an impossible reading, another face within ``BONUS_FACE_UNSURE``; each has a
    doubt naming other faces): it tries every face there and asks."""
    bonus_hidden: frozenset[int] = frozenset()
    """Expert: the columns read as holding a tile that no face fits (``BONUS_FACE_FIT_MIN``): a
    hand over the tile, or bare mat taken for one. Neither a tile nor bare: the tracker weighs
    nothing there (also in ``bonus`` and ``bonus_unsure``, with a doubt naming faces, for the
    photo scorer's question)."""
    bonus_bare_look: frozenset[int] = frozenset()
    """Expert, a finished table: the columns of ``bonus_hidden`` that fit the blank tile weakly
    (under ``BONUS_BARE_LOOK_FIT``) and look like the bare mat: likelier no tile than a tile (the
    photo scorer's question defaults to "no tile"; the reading itself keeps the face)."""
    bonus_active_unsure: frozenset[int] = frozenset()
    """Expert: the columns whose activation (the gold rim) is doubted either way: the rim ratio
    within ``BONUS_ACTIVE_DOUBT`` of ``BONUS_ACTIVE_RATIO`` (each has the doubt "is the bonus
    tile in column N activated?"). Demo 102970 (tilt 34, lamp): player 3's activated face 14 seen
    at 0.61 camera pixels per mm, its rim a pixel wide, measured 0.96-0.98 in most stills and read
    not activated; taken as sure by the tracker, it raised 15 false alarms in one game."""
    wall_wilds_unsure: frozenset[int] = frozenset()
    """Wall spaces where a wild token is doubted either way (its fit within ``WALL_DOUBT`` of the
    threshold): bench seed 97702 (tilt 33.4, evening) read one on player 1's space 10 now and
    then, with that doubt, and each such scene raised a false alarm beside another small misread."""
    scorings_unsure: frozenset[str] = frozenset()
    """Shield: the scorings where a trophy is doubted either way (its fit within ``WALL_DOUBT``
    of the threshold). Bench seeds 102003-102005 at the table: empty places fit at 0.39-0.44
    against the line of 0.42 set on finished tables (os-photo4), read as trophies now and then."""
    personal_unsure: bool = False
    """The personal row (supply trophies, wilds, penalty and series tiles) has a doubt: another
    sequence of tokens fits nearly as well, or something lies over the row (a stock's fifth card,
    a hand). Its counts may be wrong without a move explaining them (bench seed 97643: the one
    supply trophy read 0 under the stock's fifth card, a sure misread to the tracker: an alarm)."""


class TokenReader:
    """Reads every seat's tokens and tiles from frames of one calibrated camera."""

    def __init__(self, view: TableView, side: str, num_players: int, expert: bool,
                 pack: Any = None, *, scoring_line: float = WALL_THRESHOLD["scorings"],
                 finished: bool = False) -> None:
        """``pack``: a taught copy (``vision.pack.Pack``); the teach sheet has no token faces
        yet, so the built-in token art is used whatever the pack; its card back sets how well a
        wild token on the accolades must fit (``ACCOLADE_BACK_MARGIN``).
        ``scoring_line``: the Shield scoring trophies' line (``TABLE_SCORING_LINE`` for the
        tracker's calibrated camera).
        ``finished``: a finished table (``tablesight score``): a tile whose gold rim is read surely
        holds the permanent face (``_decode_bonus``'s ``activated``), and the bonus faces are read
        with the photo's own blur (``token_sampling.BONUS_PHOTO_BLURS_PX``)."""
        if side not in art.WALL_SPACES:
            raise ValueError(f"unknown wall side {side!r}; expected 'horn' or 'shield'")
        if num_players not in SEAT_SIDES:
            raise ValueError(f"Open Season is for 2-4 players, not {num_players}")
        if pack is not None and pack.game != "open_season":
            raise ValueError(f"the pack teaches {pack.game}, not open_season")
        self.view = view
        self.side = side
        self.num_players = num_players
        self.expert = expert
        self.scoring_line = scoring_line
        self.finished = finished
        # a finished table's photo: its camera's blur is not known beforehand (the tracker's
        # frames keep the one blur its faces were tuned with)
        blurs = BONUS_PHOTO_BLURS_PX if finished else (BONUS_SENSOR_BLUR_PX,)
        self._sampler = TokenSampler(view, side, num_players, expert, blurs, BONUS_PRESENT,
                                     bonus_at_tile_pose=finished and BONUS_FACES_AT_TILE_POSE,
                                     bonus_jitter=BONUS_PHOTO_JITTER if finished else BONUS_JITTER)
        self._bonus_faces = self._sampler.bonus_faces
        back = None if pack is None else pack.faces.get("back")
        backs = [] if back is None else [back] if np.asarray(back).ndim == 3 else list(back)
        self.accolade_line = max([WALL_THRESHOLD["accolade"]]
                                 + [self._sampler.wild_likeness(b) + ACCOLADE_BACK_MARGIN for b in backs])
        """Correlation above which a wild token lies on the accolades (a taught back that looks
        like one raises it)."""

    @classmethod
    def from_ground_truth(cls, gt: dict[str, Any], side: str, num_players: int, expert: bool,
                          pack: Any = None) -> TokenReader:
        """The geometry of a rendered frame (its exact camera): for benches and tests."""
        cam = gt["camera"]
        view = TableView(np.asarray(gt["homography_table_to_image"]), (int(cam["width"]), int(cam["height"])),
                         np.asarray(cam["K"]), np.asarray(cam["dist"]))
        return cls(view, side, num_players, expert, pack)

    # ------------------------------------------------------------------ scores
    def scores(self, image_bgr: np.ndarray) -> dict[str, tuple[list[tuple[int, int, int]], np.ndarray]]:
        """Per kind of place: labels and the correlation of each place with its token (the
        best pose; personal places: one column per kind of token), sampled by
        ``token_sampling.TokenSampler``. For tuning and tests."""
        self._check(image_bgr)
        return self._sampler.scores(image_bgr)

    def _check(self, image_bgr: Any) -> None:
        if not isinstance(image_bgr, np.ndarray) or image_bgr.ndim != 3 or image_bgr.shape[2] != 3:
            shape = getattr(image_bgr, "shape", type(image_bgr).__name__)
            raise ValueError(f"expected a BGR colour image (height x width x 3), got {shape}")
        if image_bgr.dtype != np.uint8:
            raise ValueError(f"expected an 8-bit BGR image (uint8), got {image_bgr.dtype}")
        w, h = self.view.image_size
        if image_bgr.shape[:2] != (h, w):
            raise ValueError(f"the image is {image_bgr.shape[1]}x{image_bgr.shape[0]}, but the camera "
                             f"was calibrated at {w}x{h}")

    def places_off(self, image_bgr: np.ndarray, sc: dict[str, tuple[list[tuple[int, int, int]], np.ndarray]]
                   ) -> dict[int, str]:
        """Seat -> why its token places fit poorly in this photo (the photo's own measure of its
        fit): its wall's cards fit best ``PLACES_OFF_MM`` or more from where the view puts them
        (``lens.wall_offsets``), or its bonus tiles' best faces fit worse than
        ``PLACES_OFF_BONUS_FIT``. Such a seat's token readings widen into doubts."""
        from vision.open_season.lens import wall_offsets

        out: dict[int, str] = {}
        for seat, (shift, gain) in enumerate(wall_offsets(image_bgr, self.view, self.num_players, self.side)):
            if shift >= PLACES_OFF_MM and gain >= PLACES_OFF_GAIN:
                out[seat] = f"its wall's cards lie {shift:.1f} mm from where the table's markers put them"
        fits: dict[int, list[float]] = {}
        for (seat, _column, _zero), v in zip(*sc["bonus"]):
            if v[0] >= BONUS_PRESENT:
                fits.setdefault(seat, []).append(float(np.max(v[2:])))
        for seat, f in sorted(fits.items()):
            if seat not in out and float(np.median(f)) < PLACES_OFF_BONUS_FIT:
                out[seat] = f"its bonus tiles fit their faces {float(np.median(f)):.2f}, not {PLACES_OFF_BONUS_FIT} or more"
        return out

    # ------------------------------------------------------------------ reading
    def read(self, image_bgr: np.ndarray) -> dict[int, SeatTokens]:
        """Seat (0-based) -> its tokens and tiles. Raises ValueError (one line) on an image that
        is not a colour frame of the calibrated size."""
        sc = self.scores(image_bgr)
        off = self.places_off(image_bgr, sc) if self.finished else {}
        seats: dict[int, dict[str, Any]] = {
            s: {"wall_trophies": {}, "wall_wilds": set(), "scorings": set(), "bonus": {}, "doubts": []}
            for s in range(self.num_players)}
        for seat, why in sorted(off.items()):
            seats[seat]["doubts"].append(f"player {seat + 1}: the token places fit poorly in this photo ({why}): "
                                         "the tokens read there are asked")
        # wall trophies: a prefix of filled places on each card
        labels, s = sc["trophies"]
        by_space: dict[tuple[int, int], list[float]] = {}
        for (seat, number, _slot), v in zip(labels, s[:, 0]):
            by_space.setdefault((seat, number), []).append(float(v))
        grids: dict[tuple[int, int], np.ndarray] = {}
        if self.finished and TROPHY_GRID_ON_PREFIX and "trophy_poses" in sc:
            grids = {(seat, number): poses for (seat, number, _zero), poses in zip(*sc["trophy_poses"])}
        for (seat, number), values in sorted(by_space.items()):
            count, doubt = _prefix_count(values, WALL_THRESHOLD["trophies"], WALL_DOUBT,
                                         PLACES_OFF_UNSURE if seat in off else TROPHY_UNSURE,
                                         first=TROPHY_FIRST_LINE if self.finished else None)
            if (seat, number) in grids and seat not in off:
                count, doubt = _count_on_prefix_grid(grids[(seat, number)], count, doubt)
            if seat in off and (count or values[0] >= PLACES_OFF_UNSURE):
                # places sampled off say little about how many: every count up to four
                rest = [c for c in range(max(count, PLACES_OFF_COUNTS) + 1) if c != count]
                doubt = f"{count}, {', '.join(str(c) for c in rest[:-1])} or {rest[-1]}"
            if count:
                seats[seat]["wall_trophies"][number] = count
            if doubt:
                seats[seat]["doubts"].append(f"player {seat + 1}: trophies on space {number} ({doubt})")
        labels, s = sc["wilds"]
        for (seat, number, _slot), v in zip(labels, s[:, 0]):
            if v > WALL_THRESHOLD["wilds"]:
                seats[seat]["wall_wilds"].add(number)
            if abs(v - WALL_THRESHOLD["wilds"]) < WALL_DOUBT:
                seats[seat]["doubts"].append(f"player {seat + 1}: a wild token on space {number}?")
                seats[seat].setdefault("wilds_unsure", set()).add(number)
        labels, s = sc["scorings"]
        present = _scorings_by_photo(s[:, 0], self.scoring_line) if SCORING_DEFAULT_BY_PHOTO else None
        for k, ((seat, _zero, slot), v) in enumerate(zip(labels, s[:, 0])):
            if (v > self.scoring_line) if present is None else present[k]:
                seats[seat]["scorings"].add(SCORING_SLOTS[slot])
            if abs(v - self.scoring_line) < WALL_DOUBT or (seat in off and PLACES_OFF_UNSURE <= v <= self.scoring_line):
                seats[seat]["doubts"].append(f"player {seat + 1}: a trophy beside {SCORING_SLOTS[slot]}?")
                seats[seat].setdefault("scorings_unsure", set()).add(SCORING_SLOTS[slot])
        labels, s = sc["accolade"]
        acc: dict[int, list[float]] = {}
        for (seat, _zero, _slot), v in zip(labels, s[:, 0]):
            acc.setdefault(seat, []).append(float(v))
        for seat, values in acc.items():
            count, doubt = _prefix_count(values, self.accolade_line, WALL_DOUBT)
            seats[seat]["accolade_wilds"] = count
            if doubt:
                seats[seat]["doubts"].append(f"player {seat + 1}: wild tokens on the accolades ({doubt})")
        labels, s = sc["personal"]
        rows: dict[int, list[np.ndarray]] = {}
        for (seat, _zero, _slot), v in zip(labels, s):
            rows.setdefault(seat, []).append(v)
        for seat, row in rows.items():
            table = np.stack(row)
            counts, doubt = _decode_personal(table[:, :len(PERSONAL_KINDS)], _not_bare(table))
            seats[seat].update(counts)
            if doubt:
                seats[seat]["doubts"].append(f"player {seat + 1}: personal tokens ({doubt})")
                seats[seat]["personal_unsure"] = True
            elif _personal_hidden(table, sum(counts.values())) or seat in off:
                seats[seat]["doubts"].append(f"player {seat + 1}: something lies over the personal tokens")
                seats[seat]["personal_unsure"] = True
        labels, s = sc["bonus"]
        tiles: dict[int, dict[int, np.ndarray]] = {}
        mat_like: set[tuple[int, int]] = set()
        for (seat, column, _zero), v, bare in zip(labels, s, sc["bonus_bare"][1]):
            if bare[0] <= BONUS_BARE_FAR and bare[1] <= BONUS_BARE_SPREAD:
                mat_like.add((seat, column))
            if v[0] >= BONUS_PRESENT:
                tiles.setdefault(seat, {})[column] = v
            elif bare[0] > BONUS_BARE_FAR or bare[1] > BONUS_BARE_SPREAD:
                seats[seat]["doubts"].append(f"player {seat + 1}: something lies over bonus column {column}")
        for seat, columns in tiles.items():
            hidden = frozenset(c for c, v in columns.items() if float(np.max(v[2:])) < BONUS_FACE_FIT_MIN)
            small = frozenset(c for c in columns
                              if self._sampler.bonus_px_per_mm[(seat, c)] < BONUS_LEGIBLE_PX_PER_MM)
            # a gold rim read surely: the tile is activated, and only a permanent face stays
            # activated on the table (a one-shot face fires and leaves it, a scoring face is never
            # activated): its face is that one, and no other column holds its tile's other face
            # (on a finished table: the tracker's own tiles are kept as read)
            activated = frozenset(c for c, v in columns.items() if self.finished and c not in hidden
                                  and v[1] < BONUS_ACTIVE_RATIO - BONUS_ACTIVE_DOUBT)
            faces, doubts, unsure = _decode_bonus(columns, self._bonus_faces, small | hidden | (
                frozenset(columns) if seat in off else frozenset()), activated)
            seats[seat]["bonus_unsure"] = unsure
            seats[seat]["bonus_hidden"] = hidden
            if self.finished:
                seats[seat]["bonus_bare_look"] = frozenset(
                    c for c in hidden if columns[c][0] < BONUS_BARE_LOOK_FIT and (seat, c) in mat_like)
            seats[seat]["bonus"] = {c: (faces[c], bool(columns[c][1] < BONUS_ACTIVE_RATIO)) for c in sorted(columns)}
            for column, others in doubts:
                named = [str(faces[column])] + [str(f) for f in others]
                seats[seat]["doubts"].append(f"player {seat + 1}: bonus tile in column {column} "
                                             f"({', '.join(named[:-1])} or {named[-1]})")
            active_unsure = set()
            for column, v in sorted(columns.items()):
                if abs(v[1] - BONUS_ACTIVE_RATIO) < BONUS_ACTIVE_DOUBT or seat in off:
                    seats[seat]["doubts"].append(f"player {seat + 1}: is the bonus tile in column {column} activated?")
                    active_unsure.add(column)
            seats[seat]["bonus_active_unsure"] = frozenset(active_unsure)
        for (seat, _zero, _slot), (level,) in zip(*sc["light"]):
            if level < LIGHT_MIN:
                seats[seat]["dark"] = True
                seats[seat]["doubts"].insert(0, f"player {seat + 1}: too dark to read the tokens (the wall cards "
                                                f"are {level:.0f} grey levels of 255, at least {LIGHT_MIN:.0f} needed)")
        out = {}
        for seat, d in seats.items():
            out[seat] = SeatTokens(
                wall_trophies=dict(sorted(d["wall_trophies"].items())), wall_wilds=frozenset(d["wall_wilds"]),
                trophies=d["trophy"], wilds=d["wild"], penalties=d["penalty"], series=bool(d["series"]),
                scorings=frozenset(d["scorings"]), bonus=d["bonus"], accolade_wilds=d["accolade_wilds"],
                doubts=tuple(d["doubts"]), dark=bool(d.get("dark", False)),
                bonus_unsure=d.get("bonus_unsure", frozenset()), bonus_hidden=d.get("bonus_hidden", frozenset()),
                bonus_bare_look=d.get("bonus_bare_look", frozenset()),
                bonus_active_unsure=d.get("bonus_active_unsure", frozenset()),
                personal_unsure=bool(d.get("personal_unsure", False)),
                wall_wilds_unsure=frozenset(d.get("wilds_unsure", ())),
                scorings_unsure=frozenset(d.get("scorings_unsure", ())))
        return out


def _prefix_count(values: list[float], threshold: float, doubt: float, unsure: float | None = None,
                  first: float | None = None) -> tuple[int, str]:
    """How many places are filled, counted from the first (tokens go on in order): the count
    whose places best agree (filled above the threshold, the rest below); a close second best
    count is a doubt (something hides part of the grid, or a place is unsure). With ``unsure``:
    the leading places scoring at least ``threshold + doubt`` are surely filled, those from
    ``unsure`` on may be; every count between is a doubt too. ``first``: the first place's own
    line (``TROPHY_FIRST_LINE``) for choosing the count; the doubts keep ``threshold``."""
    v = np.array(values) - threshold
    if first is not None and len(v):
        v[0] = values[0] - first
    # agreement of count c: filled places 0..c-1 above, c.. below
    agree = np.array([float(v[:c].sum() - v[c:].sum()) for c in range(len(v) + 1)])
    order = np.argsort(-agree, kind="stable")
    count = int(order[0])
    others: set[int] = set()
    # a place far on the wrong side of the threshold costs twice its distance: the second best
    # count is at least 2 x (the nearest place's distance) behind
    if agree[order[0]] - agree[order[1]] < 2 * doubt:
        others.add(int(order[1]))
    if unsure is not None:
        sure = _leading(values, threshold + doubt)
        others.update(range(sure, _leading(values, unsure) + 1))
    others.discard(count)
    return count, _doubt_text(count, others)


def _doubt_text(count: int, others: set[int] | list[int]) -> str:
    """A count's doubt as the readers word it, the count read first: "1, 0 or 2" ("" for none)."""
    rest = sorted(set(others) - {count})
    if not rest:
        return ""
    if len(rest) == 1:
        return f"{count} or {rest[0]}"
    return f"{count}, {', '.join(str(c) for c in rest[:-1])} or {rest[-1]}"


def _doubt_counts(doubt: str) -> list[int]:
    """The counts a ``_doubt_text`` names ("1, 0 or 2" -> [1, 0, 2]), the default first."""
    return [int(w) for w in doubt.replace(" or ", ", ").split(", ")] if doubt else []


def _count_on_prefix_grid(poses: np.ndarray, count: int, doubt: str) -> tuple[int, str]:
    """A finished table's wall card read again with its grid placed on a longer prefix
    (``TROPHY_GRID_ON_PREFIX``): ``poses`` is the card's places in every grid shift (shifts x
    places), ``count`` and ``doubt`` the read at the first place's best shift. While one more
    trophy than the default is among the doubt's counts, the grid goes where the places of that
    prefix fit best together; a longer count read there becomes the default, and the doubt names
    every count of every read (never fewer than before)."""
    counts = _doubt_counts(doubt)
    first_count = count
    while count + 1 in counts and count + 1 <= poses.shape[1]:
        best = int(np.argmax(poses[:, :count + 1].sum(axis=1)))
        again, more = _prefix_count([float(v) for v in poses[best]], WALL_THRESHOLD["trophies"], WALL_DOUBT,
                                    TROPHY_UNSURE, first=TROPHY_FIRST_LINE)
        if again <= count:
            break
        counts = [again] + [c for c in dict.fromkeys(counts + _doubt_counts(more)) if c != again]
        count = again
    if count == first_count:
        return count, doubt
    return count, _doubt_text(count, counts[1:])


def _leading(values: list[float], level: float) -> int:
    """How many places from the first score at least ``level``."""
    n = 0
    while n < len(values) and values[n] >= level:
        n += 1
    return n


def _decode_bonus(columns: dict[int, np.ndarray], faces: list[int], small: frozenset[int] = frozenset(),
                  activated: frozenset[int] = frozenset()
                  ) -> tuple[dict[int, int], list[tuple[int, list[int]]], frozenset[int]]:
    """Column -> face number: the best fit with the faces of different tiles (a player's four
    faces come from four different tiles: faces 1+2, 3+4, ... share one); for each column whose
    other faces fit almost as well (``BONUS_FACE_DOUBT``), (column, those faces, best first); and
    the columns not sure enough for the tracker to take as read: another consistent choice within
    ``BONUS_FACE_UNSURE``, no consistent choice among the candidates, or the column in ``small``
    (its tile too small in the image to tell the numbers apart). The last two are doubts too,
    naming the column's own next faces. A column in ``activated`` (its gold rim read surely) holds
    a permanent face (``PERMANENT_FACES``), whatever its digits fit best: tuning table 90425
    (1920x1080, the digits 5 camera pixels tall) read player 2's activated face 14 as 10."""
    cols = sorted(columns)
    own = {c: [int(i) for i in np.argsort(-columns[c][2:], kind="stable")] for c in cols}
    for c in cols:
        permanent = [i for i in own[c] if faces[i] in PERMANENT_FACES]
        if c in activated and permanent:
            own[c] = permanent
    cands = {c: own[c][:BONUS_CANDIDATES] for c in cols}
    combos: list[tuple[float, tuple[int, ...]]] = []
    for pick in itertools.product(*(cands[c] for c in cols)):
        tile_of = [(faces[i] + 1) // 2 for i in pick]
        if len(set(tile_of)) == len(tile_of):
            combos.append((float(sum(columns[c][2 + i] for c, i in zip(cols, pick))), pick))
    consistent = bool(combos)
    if not consistent:  # no consistent choice among the candidates: each column's own best
        combos = [(0.0, tuple(cands[c][0] for c in cols))]
    combos.sort(key=lambda t: -t[0])
    best_score, best = combos[0]
    doubts = []
    unsure = set()
    for k, c in enumerate(cols):
        rivals: list[int] = []
        for sc, p in combos[1:]:
            if best_score - sc >= BONUS_FACE_DOUBT:
                break
            if p[k] != best[k] and faces[p[k]] not in rivals:
                rivals.append(faces[p[k]])
                if best_score - sc < BONUS_FACE_UNSURE:
                    unsure.add(c)
        if not consistent or c in small:
            # an impossible reading (tuning seeds 60014, 60057: a face read with no rival, 0.001
            # ahead of the true one) or a tile too small to trust
            unsure.add(c)
            rivals = rivals or [faces[i] for i in own[c][:BONUS_CANDIDATES] if i != best[k]]
        if rivals:
            doubts.append((c, rivals))
    return {c: faces[i] for c, i in zip(cols, best)}, doubts, frozenset(unsure)


def _personal_hidden(table: np.ndarray, count: int) -> bool:
    """True when the personal row does not look like ``count`` tokens and then bare mat: a token
    that fits only weakly, or a place after them that is not the mat (a hand, a card)."""
    kinds = len(PERSONAL_KINDS)
    not_bare = _not_bare(table)
    for place in range(min(len(table), PERSONAL_CHECKED)):
        if place < count:
            if table[place, :kinds].max() < PERSONAL_SURE:
                return True
        elif not_bare[place]:
            return True
    return False


def _not_bare(table: np.ndarray) -> np.ndarray:
    """(places,) bool: which personal places do not show the bare mat (``MAT_FAR``,
    ``MAT_SPREAD``: a token, a hand or a card lies there), from the rows' last two columns."""
    kinds = len(PERSONAL_KINDS)
    return np.asarray((table[:, kinds] > MAT_FAR) | (table[:, kinds + 1] > MAT_SPREAD))


def _decode_personal(row: np.ndarray, not_bare: np.ndarray | None = None) -> tuple[dict[str, int], str]:
    """The personal row (places x kinds of correlation) -> counts per kind. Tokens lie in kind
    order (trophies, wilds, penalty tiles, the series tile) from the first place: the best
    sequence of that form wins; a close second best is a doubt. A place that is not the bare mat
    (``not_bare``) is called empty at a cost of at least ``NOT_BARE_EMPTY``."""
    n = row.shape[0]
    margin_filled = row - PERSONAL_THRESHOLD  # (n, kinds)
    margin_empty = PERSONAL_THRESHOLD - row.max(axis=1)
    if not_bare is not None:
        margin_empty = np.where(not_bare, np.minimum(margin_empty, -NOT_BARE_EMPTY), margin_empty)
    best: list[tuple[float, tuple[int, ...]]] = []

    def walk(kind: int, pos: int, counts: tuple[int, ...], total: float) -> None:
        if kind == len(PERSONAL_KINDS):
            best.append((total + float(margin_empty[pos:].sum()), counts))
            return
        limit = min(MAX_PERSONAL[PERSONAL_KINDS[kind]], n - pos)
        acc = 0.0
        for c in range(limit + 1):
            walk(kind + 1, pos + c, counts + (c,), total + acc)
            if c < limit:
                acc += float(margin_filled[pos + c, kind])

    walk(0, 0, (), 0.0)
    best.sort(key=lambda t: -t[0])
    counts = dict(zip(PERSONAL_KINDS, best[0][1]))
    doubt = ""
    if best[0][0] - best[1][0] < PERSONAL_DOUBT:  # 8 places: always many sequences
        alt = ", ".join(f"{v} {k}" for k, v in zip(PERSONAL_KINDS, best[1][1]) if v)
        doubt = f"perhaps {alt or 'none'}"
    return counts, doubt


def _scorings_by_photo(values: np.ndarray, line: float) -> list[bool] | None:
    """Per Shield scoring place, whether it holds a trophy by default: by ``line``, and within
    ``WALL_DOUBT`` of it by the nearer of the medians of the photo's sure places
    (``SCORING_DEFAULT_BY_PHOTO``); None where the photo has no sure place of one kind."""
    v = np.asarray(values, np.float64)
    held, empty = v[v >= line + WALL_DOUBT], v[v <= line - WALL_DOUBT]
    if not len(held) or not len(empty):
        return None
    mid_held, mid_empty = float(np.median(held)), float(np.median(empty))
    return [bool(x > line) if abs(x - line) >= WALL_DOUBT else abs(x - mid_held) < abs(x - mid_empty)
            for x in v.tolist()]
