"""Open Season's part of ``tablesight score``: one photo of a finished table -> the final scores.

Calibrate from the corner markers (as Octocube's scorer does), read every wall card
(vision/open_season/cards.py ``CardReader``), every token and tile (vision/open_season/tokens.py
``TokenReader``) and every player's accolades fanned face up (accolades.py), build the engine's
final position from what was read and let the engine score it (rules/open_season/scoring.py):
the lines, totals, winner and tie-break are the engine's own.

What the photo cannot settle is a doubt, never a silent guess: a card not read surely (which
card is it? with the faces it could be), and a wild token's attribute (a token shows none; the
attribute the player would best have chosen is used until someone says). Each doubt lists the
totals it moves. Bad input (no markers, a player's area outside the photo, a fan that hides
cards, a wall that is not a finished one) is one line and no score.
"""

from __future__ import annotations

import functools
import math
import re
import time
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

import cv2
import numpy as np

from rules.open_season.bonus import FACES, PERMANENT
from rules.open_season.cards import ATTRIBUTES, CARD_IDS, FACE_DOWN, NUM_IDENTITIES, PEOPLES
from rules.open_season.layout import LAYOUTS, SHIELD_SCORINGS
from vision.forked import ForkedRead, forked_map, reads_with_opencv_on_the_calling_thread
from vision.photo_calibration import MARKER_RESIDUAL_PX, UNMEASURED_LENS_RESIDUAL_PX, calibrate, working_copy
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
from vision.render import open_season_art as art
from vision.render.open_season_scene import (
    CARD_H,
    FAN_LEFT_X,
    FAN_ROWS_Y,
    SEAT_SIDES,
    board_pose,
    personal_area_origin,
)

WALL_SURE = 0.25
"""A wall card read with less confidence (vision/open_season/cards.py: twice the lead of the
best face over the runner-up) is a doubt."""
WALL_PEOPLE_SURE = 0.5
"""A wall card whose runner-up is the same attribute of another people (told apart by the
people's colours and emblem alone) read with less confidence than this is a doubt too. A lamp
moves the peoples' colours (a warm lamp shows the barbarians' teal near the elves' green): fresh
90652 (session 37's figures, 1920x1080, warm lamp, the far wall), player 4's space 2 read
elf-dagger at 0.256 over barbarian-dagger, printed sure and wrong."""
WALL_PEOPLE_LOOK_SURE = 1.8
"""Such a card is sure from ``WALL_SURE`` again when the colours name the same people and the
next people's colours lie this many times further from the card (``CardRead.people_look``:
``vision/open_season/cards.py`` ``WALL_PEOPLE_LEAD``). On the tuning walls there, every look on
a card in view named the true people; a read the look agreed with lay 1.67 times or more further
(1.92 or more under ``WALL_PEOPLE_SURE``): 1.8 gives back 60 of session 38's questions on
1920x1080 90680-90729 (its 60 more), 22 on 90640-90659 and 31 on 1280x720 90610-90639, none
wrong. A look that names another people leaves the card asked, the read its default."""
WALL_COLOURS_DEFAULT = True
"""A wall card in view (not covered: ``HIDDEN_FIT``) whose colours name another people than its
whole card read (``cards.CardRead.colours_name``; asked either way) defaults to the colours' face,
the read an option (session 53). The 38 tuning hand tables (1920x1080) holding such a card: on
the cards in view the colours' default set 9 defaults right (90387, 90600 x2, 90743, 90766, 90932,
91661, 91672 x2: most of them partly under a hand, barbarian or mage read elf) and none wrong; on
covered cards (a hand's skin among the colours) 6 right and 6 wrong: not there. False: the
whole card's read, as before."""
ACCOLADE_LEGIBLE_PX_PER_MM = 0.97
"""Accolades seen at fewer camera pixels per mm than this along their sharper axis get a note
asking for a sharper photo: fresh tables 89700-89749, cards read surely and right 91.4 % at
1280x720, 99.8 % at 1920x1080. The sharper axis tells the two apart (1280x720 seats 0.64-0.94,
1920x1080 1.00-1.49 on the tuning tables; the accolades' own sharp line,
``accolades.EYEPATCH_SHARP_PX_PER_MM``); the foreshortened one does not (a 1920x1080 table at tilt
29-31 measured 0.8-0.9 there and was told to take a 1920x1080 photo: 4 of 25 on 89850-89874)."""
HIDDEN_FIT = 1.0
"""A wall space whose best card template fits under this (``CardRead.fit``) is covered (a hand, a
sleeve): which card lies there is asked, never read. On tuning tables 69300-69369 and
76000-76029 (2,859 wall cards) every card with nothing over it fitted 1.75 or better; every card
read wrong under a hand, 0.77 or worse (one read right at 3.6 with a third of it covered)."""
BESIDE_HIDDEN_FIT = 2.5
"""A wall card touching a covered space (``HIDDEN_FIT``) and fitting less than this is asked:
the hand over its neighbour may reach onto it. Fresh 89866 (1920x1080, daylight): player 2's
spaces 5, 6 and 9 under an arm, space 10 beside them read elf-dagger surely at fit 1.95, truth
mage-dagger. Tuning tables 88100-88149, 89000-89049, 89500-89549, 89600-89649, 89700-89799,
89850-89899, 89950-89999 (11,491 wall cards): 57 cards beside a covered space, 8 of them under
2.5: 5 read wrong (3 of them surely: 89037, 89866 and one asked already), 3 right (2 surely, now
asked); from 2.5 to 3.0 4 more, all right."""
TOUCHING_MM = 90.0
"""Wall spaces whose centres lie closer than this touch (side by side 46 mm, one above the other
70 mm, diagonally 84 mm; two apart 92 mm)."""
HIDDEN_TROPHIES = 4
"""A covered wall space that may hold trophies is asked how many, 0 up to this."""
TOUCHED_TROPHIES_ASKED = True
"""A wall card a hand lies partly over (``WALL_SKIN_TOUCHED``) on a space where trophies may lie
is asked how many (the count read first, then 0 up to ``HIDDEN_TROPHIES``), as a covered space is:
the tokens under the fingers do not show. Fresh table 91355 (lead, session 48; 1920x1080, daylight,
2-player Horn expert): a hand's fingers over player 1's space 9 (skin 0.33, fit 2.73: read surely,
gnome-dagger, right) hid its one trophy; 0 was read with no doubt and player 1's total printed as
sure, 14 for 12. False: only covered spaces are asked (as before)."""
TOUCHED_WILDS_ASKED = True
"""... and such a card where a wild token may lie unseen (``_wild_may_hide``: none read there;
Shield: none read on the seat) is asked whether one lies under the hand, "no wild token" first (the
default, as a covered space's, ``_covered_wild_choice``): the fingers hide a token on the card as
they hide trophies. Session 48's lead named the gap (only trophies were asked under a touched
card); no total from the photo alone moves, a total the hand may have changed carries the doubt.
False: only covered spaces are asked."""
COVERED_READ_PEOPLE = 0.45
"""How likely a covered card (a hand over it: asked with every face) is of the people it was read
as: the colours that show beside the hand. On the tuning tables with a hand over a wall or a
fan's corner (90611, 90648, 90680, 90694, 90739, 90741-90743, 90745, 90791, 90807, 90877; session
41's scratch ``covcollect.py``), 11 of 22 covered cards read as a face were of the people read
(1 in 6 by chance), the attribute right 6 times (1 in 5 by chance: no better). 0.45 was set from a
first count (10 of 22) and kept: the fresh figures ran with it."""
COVERED_SEEN_PEOPLE = 0.9
"""... and of a covered card whose people its parts in view tell apart (``cards.COVERED_PEOPLE_LEAD``,
read on the pixels no hand covers; ``SeatReading.wall_seen``): on the tuning tables with a hand
of session 47 20 such cards, every one of the people so read (the whole face 12 times)."""
COVERED_SEEN_FACE = 0.6
"""... and of those the share of the face so read, unless read a crown: of the 20, 15 read another
attribute, 11 of them the true face; 5 read a crown, 1 a crown truly (a hand's shadow looks like
the crown's dark shape)."""
WALL_SKIN_TOUCHED = 0.17
"""A wall card asked (not read surely) whose patch is skin-coloured where its art is not on more
than this share (``CardRead.skin``, ``cards.WALL_SKIN_SHARE``; faces with no hand over them
measured 0.17 at most, session 44) lies partly under a hand: any face may lie there, so its
question lists every face after the read's neighbours. Tuning 90593 (1920x1080, daylight): a hand
over player 2's space 9 (skin 0.30, fit 1.43, over ``HIDDEN_FIT``) read sorcerer-dagger, unsure,
asked with the sorcerers and the daggers only: the truth, mage-earrings, was no option, and the
table stayed wrong after every answer."""
COVERED_SEEN_ATTRIBUTE = 0.9
"""How likely a covered wall card is of the attribute its corner index names beside the hand
(``cards.COVERED_INDEX_ATTRIBUTE``, ``CardRead.covered_attribute``), of each people's share (the
other four attributes share the rest): on session 56's census 43 of 43 such attributes were right.
The card stays asked with every face; its default is the option whose totals the likeliest faces
share (``_covered_defaults``). Tuning hand tables with an index read (34 of 184): wall defaults
wrong and moving a total 83 -> 67, exact from the photo alone 8 -> 9 (91141), no default set wrong
that was right."""
COVERED_FACE_DOWN = 0.01
"""How likely a covered wall space holds a face-down card: 10 of 1,227 wall cards of 40 twin
playouts (session 40); none of the 13 covered spaces read as a back or empty on the tables above
was face down, yet face down was their default (90648, 90694, 90742, 90745: 4-20 points off)."""
FACE_DOWN_OPTION = "face down"
"""The option of a wall card's question that answers "the card lies face down"."""
NO_WILD_OPTION = "no wild token"
"""The first option of a question about a wild token that may lie where none was read."""
EDGE_MARGIN_PX = 2.0
DARK_MEAN = 40.0
"""A photo with no contrast and darker than this on average (grey, of 255) is too dark, not
empty: said so (normal renders: mean grey 60-110)."""


def player_name(seat: int) -> str:
    return f"player {seat + 1}"


@dataclass
class SeatReading:
    """What the photo shows of one player (engine numbering: spaces from 1)."""

    wall: dict[int, str | None] = field(default_factory=dict)
    """Space -> card name, None face down."""
    wall_trophies: dict[int, int] = field(default_factory=dict)
    wall_wilds: list[int] = field(default_factory=list)
    accolades: list[str] = field(default_factory=list)
    accolade_wilds: int = 0
    penalty: bool = False
    series: bool = False
    scorings: frozenset[str] = frozenset()
    bonus: dict[int, tuple[int, bool]] = field(default_factory=dict)
    wall_confidence: dict[int, tuple[str | None, float]] = field(default_factory=dict)
    """Space -> (card, the card reader's confidence)."""
    wall_hidden: set[int] = field(default_factory=set)
    """Spaces something covers in the photo (a hand): their card is asked (``HIDDEN_FIT``)."""
    wall_also: dict[int, str] = field(default_factory=dict)
    """Space -> the other reading of a wall card read twice (``strip_and_whole``): among the
    options when the card is asked."""
    wall_seen: set[int] = field(default_factory=set)
    """Covered spaces (``wall_hidden``) whose card's people the parts in view name
    (``CardRead.covered_lead``): their question weighs that people ``COVERED_SEEN_PEOPLE``."""
    wall_touched: set[int] = field(default_factory=set)
    """Spaces whose card shows a hand's skin over part of it (``WALL_SKIN_TOUCHED``): asked (if
    unsure) with every face."""
    wall_people_seen: set[int] = field(default_factory=set)
    """Covered spaces (``wall_seen``) whose people only the card's colours name
    (``cards.CardRead.covered_people``): its faces weigh alike (``COVERED_SEEN_FACE`` not given)."""
    wall_attribute_seen: dict[int, str] = field(default_factory=dict)
    """Covered spaces (``wall_hidden``) whose corner index shows beside the hand -> the attribute
    its icon names (``cards.CardRead.covered_attribute``): its question weighs that attribute
    ``COVERED_SEEN_ATTRIBUTE``."""

    def to_json(self) -> dict[str, Any]:
        return {"wall": {str(k): v for k, v in sorted(self.wall.items())},
                "wall_trophies": {str(k): v for k, v in sorted(self.wall_trophies.items())},
                "wall_wilds": sorted(self.wall_wilds), "accolades": list(self.accolades),
                "accolade_wilds": self.accolade_wilds, "penalty": self.penalty, "series": self.series,
                "scorings": sorted(self.scorings),
                "bonus": {str(c): [f, a] for c, (f, a) in sorted(self.bonus.items())}}


@dataclass(frozen=True)
class Choice:
    """One open question: its key, the words, the options (each a function that changes the
    reading) and the option used (index)."""

    key: str
    question: str
    options: tuple[str, ...]
    apply: Any
    """(readings, option index) -> None."""
    default: int
    position: int = -1
    """A wild token that may lie on a fanned card: the card's place in the fan (its card is the
    one answered there, not the one read)."""
    covered: bool = False
    """A card something covers in the photo (a hand): any face may lie there, the read is a
    poor guess (``_covered_defaults`` chooses its default)."""
    people_weight: float = COVERED_READ_PEOPLE
    """A covered card: how likely it is of the people read (``_covered_weights``)."""
    face_weight: float = 0.0
    """... and, of that, how likely the face read (0: the people's faces alike)."""
    attribute: str = ""
    """A covered wall card whose corner index names its attribute: that attribute, whose faces
    weigh ``COVERED_SEEN_ATTRIBUTE`` of each people's share ("" : the attributes alike)."""


def final_state(seats: list[SeatReading], side: str, expert: bool,
                wild_attrs: dict[tuple[int, int], int], acc_wilds: dict[tuple[int, int], tuple[int, int]]) -> Any:
    """The engine's final position holding what was read (the rest of the game is over and
    does not score): walls, tokens, accolades, Shield scorings, bonus tiles."""
    from rules.open_season import OpenSeasonGame
    from rules.open_season.state import OpenSeasonState

    game = OpenSeasonGame(len(seats), side=side, expert=expert)
    state = OpenSeasonState(game)
    for p, r in enumerate(seats):
        wall = state.wall[p] = list(state.wall[p])
        for space, card in r.wall.items():
            wall[space - 1] = FACE_DOWN if card is None else CARD_IDS[card]
        trophies = state.wall_trophies[p] = list(state.wall_trophies[p])
        for space, count in r.wall_trophies.items():
            trophies[space - 1] = count
        wild = state.wall_wild[p] = list(state.wall_wild[p])
        for space in r.wall_wilds:
            wild[space - 1] = wild_attrs.get((p, space), 0)
        acc = [0] * NUM_IDENTITIES
        for name in r.accolades:
            acc[CARD_IDS[name]] += 1
        state.acc[p] = acc
        state.acc_wilds[p] = [acc_wilds[(p, i)] for i in range(r.accolade_wilds) if (p, i) in acc_wilds]
        state.penalty[p] = r.penalty
        state.series_tile[p] = r.series
        state.shield_active[p] = sum(1 << i for i, n in enumerate(SHIELD_SCORINGS) if n in r.scorings)
        faces, st = [0, 0, 0, 0], [0, 0, 0, 0]
        for column, (face, active) in r.bonus.items():
            if 1 <= column <= 4 and face in FACES:
                faces[column - 1] = face
                st[column - 1] = 2 if active else 0
        state.bonus_faces[p] = faces
        state.bonus_state[p] = st
    return state


def _check_in_view(view: Any, n: int, side: str, size: tuple[int, int]) -> None:
    """Each player's wall board and personal area (fan rows, tokens) lie inside the photo."""
    w, h = size
    bw, bd = art.WALL_BOARD_SIZE_MM
    for seat, where in enumerate(SEAT_SIDES[n]):
        bx, by, yaw = board_pose(where)
        c, s = np.cos(np.radians(yaw)), np.sin(np.radians(yaw))
        board = [(bx + x * c - y * s, by + x * s + y * c) for x, y in
                 ((-bw / 2, -bd / 2), (bw / 2, -bd / 2), (bw / 2, bd / 2), (-bw / 2, bd / 2))]
        ox, oy, pyaw = personal_area_origin(where)
        c, s = np.cos(np.radians(pyaw)), np.sin(np.radians(pyaw))
        top = FAN_ROWS_Y[0] - CARD_H / 2 - 4
        area = [(ox + x * c - y * s, oy + x * s + y * c) for x, y in
                ((FAN_LEFT_X - 3, top), (118, top), (118, 92), (FAN_LEFT_X - 3, 92))]
        for what, pts in (("wall board", board), ("personal area (accolades and tokens)", area)):
            px = view.project(np.asarray(pts), 2.0)
            m = EDGE_MARGIN_PX
            if (np.any(px[:, 0] < m) or np.any(px[:, 0] > w - 1 - m) or np.any(px[:, 1] < m)
                    or np.any(px[:, 1] > h - 1 - m)):
                raise PhotoScoreError(f"{player_name(seat)}'s {what} ({where} side) is partly outside the "
                                      "photo: take the photo again with the whole table in view")


def _cell_brightness(view: Any, img: np.ndarray, where: str, col: int, row: int) -> float:
    """Mean grey of the middle of a wall cell (column, row from 0), at the cards' height."""
    bx, by, yaw = board_pose(where)
    bw, bd = art.WALL_BOARD_SIZE_MM
    cx = art.WALL_MARGIN_MM + (col + 0.5) * art.WALL_PITCH_MM[0] - bw / 2
    cy = art.WALL_MARGIN_MM + (row + 0.5) * art.WALL_PITCH_MM[1] - bd / 2
    c, s = np.cos(np.radians(yaw)), np.sin(np.radians(yaw))
    pts = [(bx + (cx + dx) * c - (cy + dy) * s, by + (cx + dx) * s + (cy + dy) * c)
           for dx in np.linspace(-12, 12, 7) for dy in np.linspace(-20, 20, 9)]
    px = view.project(np.asarray(pts), 2.4).astype(np.float32)
    vals = cv2.remap(img, px[:, 0].reshape(1, -1), px[:, 1].reshape(1, -1), cv2.INTER_LINEAR)
    return float(vals.mean())


def _check_side(view: Any, img: np.ndarray, n: int, side: str) -> None:
    """A Shield wall has no space in the bottom row's third cell, a Horn wall does (space 11,
    holding a card at the end): cards lying there on most walls mean the Horn side was played;
    no card in the cells only Horn has, on most walls, means the Shield side was."""
    if side == "horn":
        # Horn on Shield walls: the top row's fourth cell and the bottom row's third (Horn spaces 4
        # and 11, no Shield space) are bare on most walls. (A hand over a wall is asked space by
        # space, so the wall count no longer says so.)
        bare = 0
        for where in SEAT_SIDES[n]:
            ref = _cell_brightness(view, img, where, 0, 0)  # space 1 on both sides
            bare += all(_cell_brightness(view, img, where, c, r) < 0.8 * ref for c, r in ((3, 0), (2, 2)))
        if bare * 2 > n:
            raise PhotoScoreError("the walls hold no card in the top row's fourth cell nor the bottom row's "
                                  "third, Horn spaces: was the Shield side played? (--side shield)")
        return
    if side != "shield":
        return
    cards_there = 0
    for where in SEAT_SIDES[n]:
        ref = _cell_brightness(view, img, where, 0, 2)  # Shield space 8, a card at the end
        cell = _cell_brightness(view, img, where, 2, 2)
        cards_there += cell > 0.8 * ref
    if cards_there * 2 > n:
        raise PhotoScoreError("the walls hold a card in the bottom row's third cell, a Horn space: "
                              "was the Horn side played? (--side horn)")


def _lens_corrected(img: np.ndarray, scan: Any, n: int, side: str,
                    bent: bool = False) -> tuple[np.ndarray, Any, list[str]]:
    """No calibrated profile: the lens's barrel distortion measured on the walls
    (``lens.fit_lens``), the frame undistorted and the markers refitted on it, so that the walls
    and personal areas (outside the markers' square) are sampled where they lie; with the
    calibration's notes. Markers that fit neither through that lens nor without one: refused.
    ``bent``: the markers are off a pinhole fit by more than the limit (the focal is measured too)."""
    from dataclasses import replace

    from calibration.config import DEFAULT_CONFIG
    from calibration.errors import CalibrationError
    from calibration.intrinsics import Intrinsics
    from calibration.table import fit_table_geometry
    from vision.octocube.geometry import TableView
    from vision.open_season.lens import fit_lens, undistorted

    config = replace(DEFAULT_CONFIG, max_marker_residual_px=MARKER_RESIDUAL_PX)
    size = (img.shape[1], img.shape[0])
    lens = fit_lens(img, scan, config, n, side, search_focal=bent)
    k = lens.camera_matrix(size)
    try:
        geometry, notes = fit_table_geometry(scan, size, Intrinsics(k, lens.dist(), size), config)
    except CalibrationError:  # the markers refuse this lens: the pinhole fit, if they take it
        try:
            geometry, notes = fit_table_geometry(scan, size, None, config)
        except CalibrationError as exc:
            raise PhotoScoreError(str(exc)) from None
        return img, TableView(geometry.table_to_image, size), notes
    return undistorted(img, lens), TableView(geometry.table_to_image, size, k), notes


def _token_reader(view: Any, side: str, n: int, expert: bool, pack: Any) -> Any:
    try:
        from vision.open_season.tokens import TokenReader
    except ImportError:
        raise PhotoScoreError("the Open Season token reader (vision/open_season/tokens.py) is not "
                              "installed: tokens and tiles cannot be read") from None
    return TokenReader(view, side, n, expert, pack, finished=True)


@dataclass(frozen=True)
class TableSeen:
    """Open Season's reading of a photo (``PhotoReading.seen``): per seat what was read, the
    questions it leaves open, the notes no answer settles. The scorer copies the seats before
    applying answers (``_resolve``): one reading serves every re-score."""

    seats: tuple[SeatReading, ...]
    choices: tuple[Choice, ...]
    token_doubts: tuple[str, ...]
    unsure_walls: tuple[str, ...]
    side: str
    expert: bool


@reads_with_opencv_on_the_calling_thread
def score_photo(image: np.ndarray, req: ScoreRequest) -> PhotoScore:
    """The photo read (``read_photo``) and scored with ``req``'s answers (``score_reading``)."""
    return _score_seen(read_photo(image, req), req)


@reads_with_opencv_on_the_calling_thread
def read_photo(image: np.ndarray, req: ScoreRequest) -> PhotoReading:
    """``score_photo``'s first step: calibrate, read every card, token and fan, list the open
    questions (``req``'s answers play no part: the reading keeps ``req`` without them)."""
    from calibration.table import detect_markers
    from vision.octocube.recogniser import _view_from
    from vision.open_season.accolades import AccoladeReader
    from vision.open_season.cards import CardReader

    t0 = time.perf_counter()
    n = req.players
    if n not in (2, 3, 4):
        raise PhotoScoreError(f"Open Season is for 2-4 players, not {n}")
    side = req.options.get("side")
    expert = bool(req.options.get("expert", False))
    if side not in LAYOUTS:
        raise PhotoScoreError("say which side of the walls was played: --side horn or --side shield")
    layout = LAYOUTS[side]
    img, _scale = working_copy(image)
    size = (img.shape[1], img.shape[0])
    if float(img[::8, ::8].std()) < 6.0:
        if float(img[::8, ::8].mean()) < DARK_MEAN:
            raise PhotoScoreError(f"the photo is too dark to read the table (mean grey {img[::8, ::8].mean():.0f} "
                                  "of 255): light the table and take the photo again")
        raise PhotoScoreError("the photo is flat (no contrast): no table in view")
    scan = detect_markers(img)  # found once: the lens fit reuses them
    measured = req.profile is not None and getattr(req.profile, "intrinsics", None) is not None
    bent = False
    try:
        geometry, intrinsics, notes = calibrate(img, req, scan)
    except PhotoScoreError:
        if measured:
            raise
        # without a profile the lens is measured next and the markers checked again through it:
        # its barrel bends them too (fresh 12-megapixel tables 89815, 89817: 9.5 and 5.7 px off)
        geometry, intrinsics, notes = calibrate(img, req, scan, UNMEASURED_LENS_RESIDUAL_PX)
        bent = True
    if intrinsics is None:
        img, view, notes = _lens_corrected(img, scan, n, side, bent)
    else:
        view, _ = _view_from(geometry, intrinsics, size)
    _check_in_view(view, n, side, size)
    _check_side(view, img, n, side)
    t1 = time.perf_counter()
    # the readers made where they are used: the token reader in the child that reads the tokens, the
    # card and fan readers here while it does (the fan reader once: the note below asks it too)
    fan_reader = functools.cache(lambda: AccoladeReader(view, n))
    readers = (lambda: CardReader(view, side, n, req.pack, walls_only=True), fan_reader,
               lambda: _token_reader(view, side, n, expert, req.pack))
    t2 = time.perf_counter()
    seats, choices, token_doubts, unsure_walls = read_table(img, readers, n, side)
    sharpness = min(fan_reader().camera_pixels_per_mm_axes(seat)[1] for seat in range(n))
    if sharpness < ACCOLADE_LEGIBLE_PX_PER_MM:
        notes = [*notes, f"the accolades are {sharpness:.1f} camera pixels per mm in this photo: their attribute "
                         "icons are a few pixels, so some cards are asked; a photo with more pixels (1920x1080 "
                         "or a phone's camera) asks fewer questions"]
    t3 = time.perf_counter()
    return PhotoReading("open_season", replace(req, answers={}),
                        TableSeen(tuple(seats), tuple(choices), tuple(token_doubts), tuple(unsure_walls), side, expert),
                        tuple(notes), {"calibrate": round((t1 - t0) * 1000, 1), "setup": round((t2 - t1) * 1000, 1),
                                       "read": round((t3 - t2) * 1000, 1)}, switch_print())


@reads_with_opencv_on_the_calling_thread
def score_reading(reading: PhotoReading, req: ScoreRequest) -> PhotoScore:
    """``score_photo``'s second step: a kept reading scored with ``req``'s answers, the photo not
    read again (``vision.photo_score.score_reading``; StaleReadingError when a reader's switch
    changed since it was read)."""
    check_current(reading, "open_season")
    return _score_seen(reading, req)


def _score_seen(reading: PhotoReading, req: ScoreRequest) -> PhotoScore:
    """The engine scores what was read; each open question is settled by the answer given, else by
    its default (the card read, the attribute best for its player; a covered card's the totals its
    likeliest faces share); each open question's options scored for the totals it moves."""
    t3 = time.perf_counter()
    seen: TableSeen = reading.seen
    n, side, expert = len(seen.seats), seen.side, seen.expert
    seats, token_doubts, unsure_walls = list(seen.seats), list(seen.token_doubts), list(seen.unsure_walls)
    notes = list(reading.notes)
    wild_cache: WildCache = {}  # a wild token's best attribute, chosen once per seat reading
    choices = _covered_defaults(seats, side, expert, list(seen.choices), req.answers, wild_cache)
    result = _score(seats, side, expert, choices, req.answers, wild_cache)
    lines_by_seat, totals, winners, tie_break = result
    def spans_of(ch: Choice) -> dict[str, tuple[int, int]]:
        """The totals each player scores over the question's options (the others as they stand)."""
        spans: dict[str, list[int]] = {}
        for k in range(len(ch.options)):
            _, tot, _, _ = _score(seats, side, expert, choices, {**req.answers, ch.key: k + 1}, wild_cache)
            for p, t in enumerate(tot):
                lo_hi = spans.setdefault(player_name(p), [t, t])
                lo_hi[0], lo_hi[1] = min(lo_hi[0], t), max(lo_hi[1], t)
        return {who: (lo, hi) for who, (lo, hi) in spans.items() if lo != hi}

    # each open question's options scored (hundreds of positions on a 4-player expert table), on both cores
    open_questions = [ch for ch in choices if ch.key not in req.answers]
    moved_by = dict(zip((ch.key for ch in open_questions), forked_map(spans_of, open_questions)))
    doubts = []
    for ch in choices:
        used = req.answers.get(ch.key)
        read = (used - 1) if used is not None and 1 <= used <= len(ch.options) else _default(ch, seats, side, expert, choices, req.answers, wild_cache)
        moved = moved_by.get(ch.key, {})
        listed = "; ".join(f"{i + 1} = {o}" for i, o in enumerate(ch.options))
        doubts.append(Doubt(ch.key, f"{ch.question} ({listed})", read + 1, 1 if used is None else used,
                            len(ch.options) if used is None else used, moved))
    for i, text in enumerate(token_doubts + unsure_walls):
        doubts.append(Doubt(f"note {i + 1}", text, 0, 0, 0, {}))
    ranges = _ranges(totals, doubts)
    players = tuple(PlayerScore(p, player_name(p), totals[p], tuple(lines_by_seat[p]), ranges.get(p))
                    for p in range(n))
    t4 = time.perf_counter()
    return PhotoScore(
        game="open_season", players=players, winner=tuple(player_name(p) for p in winners),
        tie_break=tie_break, doubts=tuple(doubts), notes=tuple(notes),
        reading={"side": side, "expert": expert, "seats": [s.to_json() for s in seats],
                 "options": {ch.key: list(ch.options) for ch in choices}},
        timings_ms={**reading.timings_ms, "score": round((t4 - t3) * 1000, 1)})


def read_table(img: np.ndarray, readers: tuple[Any, Any, Any], n: int, side: str, parallel: bool = True
               ) -> tuple[list[SeatReading], list[Choice], list[str], list[str]]:
    """Everything the photo shows, per seat, and the questions it leaves open. A reader may be
    given as a function that makes it (made where it is used). ``parallel``: the tokens are read
    in a child process (``vision.forked``) while this one reads the fans; False: in turn."""
    cards, accolades, token_reader = readers
    layout = LAYOUTS[side]
    # the tokens need nothing else the photo shows: a child reads them on the other core
    tokens_read = ForkedRead(lambda: _read_tokens(img, token_reader), fork=parallel)
    try:
        cards = cards() if callable(cards) else cards
        accolades = accolades() if callable(accolades) else accolades
        light = accolades.card_stock_light(img) if hasattr(accolades, "card_stock_light") else None
        fans = accolades.read(img)
        read_tokens = tokens_read.result()
    finally:
        tokens_read.cancel()
    seats, choices, unsure = _read_walls(img, cards, light, read_tokens, n, side)
    wild_cards: dict[int, list[str]] = {}
    maybe_wild: dict[int, list[Any]] = {}
    for seat in range(n):
        fan = fans[seat]
        if fan.problem:
            raise PhotoScoreError(fan.problem)
        seats[seat].accolades = [c.card for c in fan.cards]
        wild_cards[seat] = [c.card for c in fan.cards if getattr(c, "wild", False)]
        maybe_wild[seat] = [c for c in fan.cards if getattr(c, "wild_unsure", False)]
        for c in fan.cards:
            if not c.sure:
                choices.append(_accolade_choice(seat, c))
        for m in getattr(fan, "maybe", ()):
            choices.append(_maybe_card_choice(seat, m))
    token_doubts: list[str] = []
    for seat, t in sorted(read_tokens.items()):
        r = seats[seat]
        r.wall_trophies = {s: k for s, k in t.wall_trophies.items() if k and s in r.wall}
        r.wall_wilds = sorted(s for s in t.wall_wilds if r.wall.get(s) is not None)
        # on a finished table the wild tokens among the accolades lie on the fanned cards'
        # strips, where the fan reader finds them (the token reader looks where a game in
        # progress keeps them, under the fan now)
        r.accolade_wilds = len(wild_cards.get(seat, []))
        r.penalty = t.penalties > 0
        r.series = bool(t.series)
        r.scorings = frozenset(t.scorings)
        r.bonus = dict(t.bonus)
        for text in t.doubts:
            if "accolade" in text:
                continue  # the fan reader counts those (above)
            if PERSONAL_DOUBT.fullmatch(text):
                choices.extend(_personal_choices(seat, r))
                continue
            choice = _token_choice(text, r, getattr(t, "bonus_bare_look", frozenset()), side)
            if choice is None:
                token_doubts.append(text)
            else:
                choices.append(choice)
        for text in _rim_against_wall(seat, r, t.doubts, side):
            choice = _token_choice(text, r, frozenset(), side)
            if choice is not None:
                choices.append(choice)
        for space in r.wall_wilds:
            choices.append(_wild_choice(seat, space))
        on = wild_cards.get(seat, [])
        for i in range(r.accolade_wilds):
            # the token lies on a card's strip: only its attribute is asked when the fan shows
            # as many tokens as the token reader counts
            card = on[i] if len(on) == r.accolade_wilds else None
            choices.append(_accolade_wild_choice(seat, i, r, card))
        # a card whose strip may carry a wild token: read as none, asked (with what it would give);
        # so is a covered card's (a hand over its strip hides the token too)
        for c in maybe_wild.get(seat, []) + _covered_fan_wilds(fans[seat].cards, r, side):
            choices.append(_maybe_accolade_wild_choice(seat, r.accolade_wilds, c))
            r.accolade_wilds += 1
    # a wall space something covers: which card, and (where trophies may lie) how many trophies;
    # a card a hand lies partly over (``wall_touched``) may hide trophies under the hand too
    trophy_spaces = {i + 1 for i in layout.trophy_spaces}
    for seat, r in enumerate(seats):
        for space in sorted(r.wall_hidden | (r.wall_touched if TOUCHED_TROPHIES_ASKED else set())):
            if space in r.wall_hidden:
                choices.append(_hidden_wall_choice(seat, space, r.wall.get(space), space in r.wall_seen,
                                                   face_seen=space not in r.wall_people_seen,
                                                   attribute=r.wall_attribute_seen.get(space, "")))
            if space in trophy_spaces:
                # every count: the token reader's own doubt about the space (the counts its places
                # allow) names too few under a hand (development 80013: a hand over player 2's
                # space 10, its doubt "0 or 1", the truth 2 -- the places under the hand say nothing)
                key = f"trophies {seat + 1} {space}"
                named = next((ch.options for ch in choices if ch.key == key), (str(r.wall_trophies.get(space, 0)),))
                counts = tuple(int(c) for c in named) + tuple(c for c in range(HIDDEN_TROPHIES + 1) if str(c) not in named)
                choices = [ch for ch in choices if ch.key != key]
                choices.append(_trophy_count_choice(seat + 1, space, counts))
    # a wild token on a covered space does not show either: asked where one may lie unseen
    # (and under a card a hand lies partly over: ``TOUCHED_WILDS_ASKED``)
    for seat, r in enumerate(seats):
        touched = {s for s in r.wall_touched if r.wall.get(s) is not None} if TOUCHED_WILDS_ASKED else set()
        for space in sorted(r.wall_hidden | touched):
            if _wild_may_hide(r, space, side):
                choices.append(_covered_wild_choice(seat, space))
    # a wall card not read surely: which card is it? (asked once, with the final reading)
    for seat, r in enumerate(seats):
        for space, (card, confidence) in sorted(r.wall_confidence.items()):
            if confidence >= WALL_SURE:
                continue
            if card is None and space in r.wall_also:  # face down, or the face its strip read
                choices.append(_wall_choice(seat, space, r.wall_also[space], face_down_first=True,
                                            every_face=space in r.wall_touched))
            elif card is None:
                unsure.append(f"{player_name(seat)}'s space {space} was read face down, not surely")
            else:
                choices.append(_wall_choice(seat, space, card, r.wall_also.get(space),
                                            every_face=space in r.wall_touched))
    return seats, choices, token_doubts, unsure


PERSONAL_DOUBT = re.compile(r"player \d+: (something lies over the personal tokens|personal tokens \(.*\))")
"""The token reader's doubt about a seat's personal row (a hand over it, a close second reading)."""



def _read_tokens(img: np.ndarray, token_reader: Any) -> dict[int, Any]:
    """Every seat's tokens (the reader, or a function that makes it); a photo whose every wall
    is too dark to read them refused."""
    tokens = token_reader() if callable(token_reader) else token_reader
    try:
        read_tokens: dict[int, Any] = tokens.read(img)
    except ValueError as exc:
        raise PhotoScoreError(f"the tokens cannot be read: {exc}") from None
    # every wall too dark: the photo is (one dark wall alone may be a wall that is not there,
    # which the wall count names; its doubt stays a note)
    dark = [m for m in (re.search(r"too dark .*\(the wall cards are (\d+) grey levels of 255, at least "
                                  r"(\d+) needed\)", text) for t in read_tokens.values() for text in t.doubts) if m]
    if read_tokens and len(dark) == len(read_tokens):
        level, needed = max(dark, key=lambda m: int(m.group(1))).groups()
        raise PhotoScoreError(f"the photo is too dark to read the tokens (the lightest wall's cards are {level} "
                              f"grey levels of 255, at least {needed} needed): light the table and take the "
                              "photo again")
    return read_tokens


TROPHY_DOUBT = re.compile(r"trophies on space (\d+) \(((?:\d+, )*\d+) or (\d+)\)")
"""The token reader's doubt about a wall card's trophies (``player 2: trophies on space 3 (2 or 3)``)."""


def _trophies_at_most(tokens: Any) -> dict[int, int]:
    """Space -> the most trophy tokens the token reader allows on a seat's wall card: its count, or
    the largest its doubt about the space names. A card's attribute is read around that many
    (``cards.CardReader._attributes_around_trophies``): a token left out lies over the icon as
    compared art. Tuning 91603 (a table with a hand): player 2's space 1's two trophies counted 1,
    asked "1 or 2"; read around one, the other's dark disc read the barbarian-earrings as an
    eyepatch (the default, wrong; read over both, the strip's earrings stood)."""
    most = {space: count for space, count in tokens.wall_trophies.items() if count}
    for text in tokens.doubts:
        m = TROPHY_DOUBT.search(text)
        if m:
            counts = [int(c) for c in m.group(2).split(", ")] + [int(m.group(3))]
            most[int(m.group(1))] = max(most.get(int(m.group(1)), 0), *counts)
    return most


def _read_walls(img: np.ndarray, cards: Any, light: Any, read_tokens: dict[int, Any], n: int, side: str
                ) -> tuple[list[SeatReading], list[Choice], list[str]]:
    """The walls, read once the tokens are (a card under trophy tokens is read by its top
    strip, the tokens hiding its icon; ``light``: the card stock's colour on the fans, or None):
    each seat's reading with its walls, the questions and doubts so far."""
    layout = LAYOUTS[side]
    seats = [SeatReading() for _ in range(n)]
    choices: list[Choice] = []
    unsure: list[str] = []
    # a card whose trophies are in doubt may carry some: read by its top strip too
    tokens_on = {seat: {sp for sp, k in t.wall_trophies.items() if k}
                 | {int(m.group(1)) for m in (re.search(r": trophies on space (\d+) \(", d) for d in t.doubts) if m}
                 for seat, t in read_tokens.items()}
    if hasattr(cards, "assume_light") and light is not None:
        # the walls' colours as white light would show them (a warm lamp makes the barbarians'
        # teal look elf green): tuning tables 88100-88149 and 89000-89049, wall cards read surely
        # and right 2725 -> 2749 of 2865, asked 136 -> 114, surely and wrong 4 -> 2
        cards.assume_light(img, light)
    if hasattr(cards, "read_walls"):  # the walls alone (a finished table's other places do not score)
        # the trophies on each card, the most the token reader allows: its attribute is read around
        # them (cards.TROPHY_ATTRIBUTE_AROUND)
        walls = cards.read_walls(img, tokens_on, {seat: _trophies_at_most(t) for seat, t in read_tokens.items()})
        _walls(seats, [r for seat in sorted(walls) for _, r in sorted(walls[seat].items())], side)
    elif any(tokens_on.values()) and hasattr(cards, "read_table"):
        table = cards.read_table(img, tokens_on)
        _walls(seats, [r for seat in sorted(table.walls) for _, r in sorted(table.walls[seat].items())], side)
    else:
        _walls(seats, [r for r in cards.read(img) if r.place.startswith("wall ")], side)
    for seat, r in enumerate(seats):
        if r.wall_hidden and set(r.wall) == r.wall_hidden:  # nothing but covers: no wall there at all
            r.wall.clear()
            r.wall_hidden.clear()
        if not r.wall:
            raise PhotoScoreError(f"no card on {player_name(seat)}'s wall ({SEAT_SIDES[n][seat]} side): "
                                  f"is this a {n}-player table? (walls lie on the play area's edges)")
        if len(r.wall) != layout.rounds:
            raise PhotoScoreError(
                f"{player_name(seat)}'s wall shows {len(r.wall)} cards; a finished {side.capitalize()} "
                f"wall holds {layout.rounds}: is the game over, and was the {side} side played?")
    return seats, choices, unsure


def _personal_choices(seat: int, r: SeatReading) -> list[Choice]:
    """The personal tokens that score, asked when the token reader doubts that row: the penalty
    tile and the Attribute Series tile (development 80010: a hand over player 2's row, the series
    tile read absent, only a note: 7 points per series counted as 4, no question could set it)."""
    def ask(key: str, words: str, held: bool, field_name: str) -> Choice:
        answers = (held, not held)

        def apply(seats: list[SeatReading], k: int) -> None:
            setattr(seats[seat], field_name, answers[k])
        return Choice(f"{key} {seat + 1}", f"Does {player_name(seat)} hold {words}? something may lie over "
                      "the personal tokens in the photo", tuple("yes" if a else "no" for a in answers), apply, 0)
    return [ask("penalty", "a penalty tile", r.penalty, "penalty"),
            ask("series", "the Attribute Series tile", r.series, "series")]


NO_BONUS_TILE = "no tile"
"""The last answer to a bonus tile's face question: the place holds no tile."""
BONUS_NO_TILE_DEFAULT = True
"""A bonus place read as a tile where no face fits, fitting the blank tile weakly and looking like
the bare mat (``tokens.SeatTokens.bonus_bare_look``): its face question defaults to
``NO_BONUS_TILE`` (still asked). False: the face read, as before (session 53)."""


BONUS_ACTIVE_FROM_WALL = True
"""The question "is the bonus tile in column N activated?" (its gold rim read too near
``tokens.BONUS_ACTIVE_RATIO`` to tell) defaults to what the wall read says
(``_column_may_be_complete``): a permanent face whose column is complete was activated when it
completed, one whose column is not complete was never activated; a face that is not permanent is
never activated on a finished table (a one-shot face fires and leaves, a scoring face never
activates). Still asked. False: the rim's reading, as before (session 54; tuning 91922, warm lamp:
player 2's face 14 in a complete column, rim 0.987 read not activated, 5 points short)."""


COVERED_LONE_SPACE_COMPLETE = True
"""A one-space column (Shield's column 4, space 7) whose space something covers (``wall_hidden``)
is complete for ``_column_may_be_complete``: a finished wall holds a card on every space, and any
face-up card completes a column of one (face down: ``COVERED_FACE_DOWN``, 1 card in 100). Before,
the covered space's read (a back, or nothing, for a card under a hand) said 'no card'. Tuning
91961 (session 55; 1920x1080, warm lamp): a hand over player 1's spaces 3, 6 and 7, the face 14 in
column 4 activated, its rim read in doubt, the activated question defaulted 'not activated' (7
points short). A covered space in a column of several spaces is left as read: of the expert
columns on the 184 tuning hand tables (session 54's cache) whose other cards share one attribute
and hold a face 14, 50 were complete and 49 not -- the wall cannot tell there. False: as before."""


def _column_may_be_complete(r: SeatReading, column: int, side: str) -> bool:
    """Whether wall column ``column`` (from 1) as read may be complete -- every space holds a card
    face up, the attributes of those without a wild token identical (a wild token placed during
    the game to complete the column gives the attribute that completes it); a covered lone space
    counts as face up (``COVERED_LONE_SPACE_COMPLETE``)."""
    spaces = LAYOUTS[side].columns[column - 1]
    if COVERED_LONE_SPACE_COMPLETE and len(spaces) == 1 and spaces[0] + 1 in r.wall_hidden:
        return True  # a card lies there (a finished wall is full), face up but 1 time in 100
    attributes = set()
    for s in spaces:
        if s + 1 not in r.wall or r.wall[s + 1] is None:
            return False
        if s + 1 not in r.wall_wilds:
            attributes.add(str(r.wall[s + 1]).split("-")[1])
    return len(attributes) <= 1


BONUS_ACTIVE_ASK_AGAINST_WALL = True
"""A permanent face read surely not activated (its rim outside ``tokens.BONUS_ACTIVE_DOUBT``) in a
column that may be complete (``_column_may_be_complete``) is asked too, 'activated' its default.
Tuning 1280x720 (session 54's census): 5 activated faces 14 of complete columns read surely not
activated (rim 1.04-1.19: the rim is about one camera pixel). Not the other way: a gold rim read
surely is right (no sure activated read was wrong in the censuses), and a column may be broken
after its tile activated (tuning 91849, 1920x1080: player 1's face 14, rim 0.82, activated, its
column earrings, eyepatch and a wild token). False: only the rim's doubts ask."""


def _rim_against_wall(seat: int, r: SeatReading, asked: Sequence[str], side: str) -> list[str]:
    """The activated questions (the token reader's words) of seat ``seat``'s (from 0) permanent
    faces read surely not activated in a column that may be complete (``BONUS_ACTIVE_ASK_AGAINST_WALL``)."""
    if not (BONUS_ACTIVE_ASK_AGAINST_WALL and BONUS_ACTIVE_FROM_WALL):
        return []
    out = []
    for column, (face, active) in sorted(r.bonus.items()):
        text = f"player {seat + 1}: is the bonus tile in column {column} activated?"
        if face in FACES and FACES[face].kind == PERMANENT and text not in asked \
                and not active and _column_may_be_complete(r, column, side):
            out.append(text)
    return out


def _token_choice(text: str, r: SeatReading, bare_look: frozenset[int] = frozenset(),
                  side: str | None = None) -> Choice | None:
    """The token reader's doubt (plain words) as a question with options, where it names them:
    a bonus tile's face, whether it is activated, a trophy beside a Shield scoring, how many
    trophies lie on a wall card. Others stay notes. ``bare_look``: the seat's bonus columns that
    look like bare mat where no face fits (``tokens.SeatTokens.bonus_bare_look``): their face
    question defaults to ``NO_BONUS_TILE``. ``side``: the board's side, for the activated
    question's default from the wall (``BONUS_ACTIVE_FROM_WALL``; None: the rim's reading)."""
    m = re.fullmatch(r"player (\d+): bonus tile in column (\d) \(((?:\d+, )*\d+) or (\d+)\)", text)
    if m:
        seat, column = int(m.group(1)), int(m.group(2))
        named = tuple(int(v) for v in m.group(3).split(", ")) + (int(m.group(4)),)
        # the faces named first, then every other face: at 1280x720 a face's number is 4-6 px
        # and the truth was not among those named (development 80013: face 7 read 3, named 3, 5,
        # 2; 80010: 13 named 10, 12, 11), so no answer could set it right
        faces = named + tuple(f for f in sorted(FACES) if f not in named)
        active = r.bonus.get(column, (faces[0], False))[1]

        def set_face(seats: list[SeatReading], k: int) -> None:
            if k == len(faces):  # no tile there: bare mat read as one
                seats[seat - 1].bonus.pop(column, None)
                return
            seats[seat - 1].bonus[column] = (faces[k], seats[seat - 1].bonus.get(column, (0, active))[1])
        # "no tile" last: a place fitting a blank tile just over ``tokens.BONUS_PRESENT`` where no
        # face fits may be bare mat (fresh 91697, warm lamp: player 3's empty column 1 fitted 0.352
        # and no face over 0.23, read as face 12 with every face asked, none of them the truth)
        # ... and its default where the place looks like bare mat and no face fits it
        # (``tokens.BONUS_BARE_LOOK_FIT``): fresh 91697's column read as face 12 (18 for 8)
        default = len(faces) if BONUS_NO_TILE_DEFAULT and column in bare_look else 0
        return Choice(f"bonus {seat} {column}", f"Which bonus tile face lies in {player_name(seat - 1)}'s "
                      f"column {column}?", tuple(f"face {f}" for f in faces) + (NO_BONUS_TILE,), set_face, default)
    m = re.fullmatch(r"player (\d+): is the bonus tile in column (\d) activated\?", text)
    if m:
        seat, column = (int(v) for v in m.groups())
        face, now = r.bonus.get(column, (0, False))
        states = (now, not now)
        default = 0
        if BONUS_ACTIVE_FROM_WALL and side is not None and face in FACES:
            likely = FACES[face].kind == PERMANENT and _column_may_be_complete(r, column, side)
            default = states.index(likely)

        def set_active(seats: list[SeatReading], k: int) -> None:
            face = seats[seat - 1].bonus.get(column, (0, False))[0]
            if face:
                seats[seat - 1].bonus[column] = (face, states[k])
        return Choice(f"active {seat} {column}", f"Is the bonus tile in {player_name(seat - 1)}'s column "
                      f"{column} activated?", tuple("activated" if a else "not activated" for a in states),
                      set_active, default)
    m = re.fullmatch(r"player (\d+): a trophy beside (\w+)\?", text)
    if m and m.group(2) in SHIELD_SCORINGS:
        seat, name = int(m.group(1)), m.group(2)
        there = name in r.scorings
        answers = (there, not there)

        def set_scoring(seats: list[SeatReading], k: int) -> None:
            now = set(seats[seat - 1].scorings)
            (now.add if answers[k] else now.discard)(name)
            seats[seat - 1].scorings = frozenset(now)
        return Choice(f"scoring {seat} {name}", f"Is there a trophy beside {player_name(seat - 1)}'s "
                      f"'{name.replace('_', ' ')}' scoring?", tuple("yes" if a else "no" for a in answers),
                      set_scoring, 0)
    m = re.fullmatch(r"player (\d+): trophies on space (\d+) \(((?:\d+, )*\d+) or (\d+)\)", text)
    if m:
        seat, space = int(m.group(1)), int(m.group(2))
        counts = tuple(int(v) for v in m.group(3).split(", ")) + (int(m.group(4)),)
        return _trophy_count_choice(seat, space, counts)
    return None


def _trophy_count_choice(seat: int, space: int, counts: tuple[int, ...]) -> Choice:
    """How many trophies lie on a wall card (``seat`` from 1; ``counts[0]`` the one read)."""
    def set_count(seats: list[SeatReading], k: int) -> None:
        if space in seats[seat - 1].wall:
            seats[seat - 1].wall_trophies[space] = counts[k]
    return Choice(f"trophies {seat} {space}", f"How many trophies lie on {player_name(seat - 1)}'s "
                  f"space {space}?", tuple(str(c) for c in counts), set_count, 0)


def _hidden_wall_choice(seat: int, space: int, guess: str | None, seen: bool = False,
                        face_seen: bool = True, attribute: str = "") -> Choice:
    """A wall space something covers in the photo: any of the 30 faces, or face down; ``seen``:
    the parts in view name the guess's people (``COVERED_SEEN_PEOPLE``); ``face_seen`` False: only
    its colours do (``cards.CardRead.covered_people``), the guess's attribute weighs as the others;
    ``attribute``: the card's corner index shows beside the hand and names it
    (``cards.CardRead.covered_attribute``): its faces weigh ``COVERED_SEEN_ATTRIBUTE``."""
    faces = [f"{p}-{a}" for p in PEOPLES for a in ATTRIBUTES]
    first = guess if guess in faces else None
    options = ([first] if first else []) + [f for f in faces if f != first] + [FACE_DOWN_OPTION]
    if first is None:  # read as a back (or nothing): face down first
        options = [FACE_DOWN_OPTION] + faces

    def apply(seats: list[SeatReading], k: int) -> None:
        seats[seat].wall[space] = None if options[k] == FACE_DOWN_OPTION else options[k]
    return Choice(f"wall {seat + 1} {space}", f"Which card lies on {player_name(seat)}'s space {space}? "
                  "something covers it in the photo (a hand?)", tuple(options), apply, 0, covered=True,
                  people_weight=COVERED_SEEN_PEOPLE if seen and first is not None else COVERED_READ_PEOPLE,
                  face_weight=COVERED_SEEN_FACE if seen and face_seen and first is not None
                  and not first.endswith("-crown") else 0.0,
                  attribute=attribute if first is not None and first.endswith(f"-{attribute}") else "")


def _wild_may_hide(r: SeatReading, space: int, side: str) -> bool:
    """A wild token may lie unseen on covered ``space``: none was seen there, and (Shield: one wild
    token a player a game, all placed by the end) the seat shows none elsewhere. Tuning 90910
    (session 41's fresh set): a hand over player 1's space 5, dwarf-crown under a wild token as
    tattoo; the card answered truthfully, the token missing, player 1 scored -2 for 4 with every
    answer."""
    if space in r.wall_wilds:
        return False
    return side != "shield" or (not r.wall_wilds and r.accolade_wilds == 0)


def _covered_fan_wilds(cards: Sequence[Any], r: SeatReading, side: str) -> list[Any]:
    """The covered fanned cards (``covered``: a hand over the corner) whose strip may carry a
    wild token unseen: none read on it nor unsurely, and (Shield: one token a player a game) none
    read anywhere on the seat (``r``'s walls and accolades, as read). About 1 fanned card in 170
    carries one (session 43); a hand over it hides the token as it hides the card."""
    if side == "shield" and (r.wall_wilds or r.accolade_wilds
                             or any(getattr(c, "wild", False) or getattr(c, "wild_unsure", False) for c in cards)):
        return []
    return [c for c in cards if getattr(c, "covered", False) and not getattr(c, "wild", False)
            and not getattr(c, "wild_unsure", False)]


def _covered_wild_choice(seat: int, space: int) -> Choice:
    """Does a wild token lie on covered ``space``, and which attribute does it give? No token by
    default (a wall card holds one 1 time in 20-60, ``_wild_may_hide``); its key is a wild token's,
    so the answer is said as a wild token's attribute is."""
    return Choice(f"wild {seat + 1} {space}", f"Does a wild token lie on {player_name(seat)}'s space {space}, "
                  "and which attribute does it give? something covers it in the photo (a hand?)",
                  (NO_WILD_OPTION, *ATTRIBUTES), lambda s, k: None, 0)


def _walls(seats: list[SeatReading], reads: list[Any], side: str | None = None) -> None:
    """Wall places read (``wall SEAT SPACE``) into the seats' readings; with ``side``, a card
    that touches a covered space and fits less than ``BESIDE_HIDDEN_FIT`` is asked too."""
    for read in reads:
        _, seat_word, space_word = read.place.split()
        seat, space = int(seat_word), int(space_word)
        r = seats[seat]
        if read.fit < HIDDEN_FIT:  # covered: some card lies there (asked), the guess is only a default
            r.wall_hidden.add(space)
            r.wall[space] = None if read.card in ("back", "empty") else read.card
            if getattr(read, "covered_lead", 0.0) > 0 and r.wall[space] is not None:
                r.wall_seen.add(space)
            elif getattr(read, "covered_people", "") and r.wall[space] is not None:
                r.wall_seen.add(space)
                r.wall_people_seen.add(space)  # the people by its colours, not the face
            if getattr(read, "covered_attribute", "") and r.wall[space] is not None:
                r.wall_attribute_seen[space] = read.covered_attribute  # its corner index shows
            r.wall_confidence.pop(space, None)
            continue
        r.wall_hidden.discard(space)
        if getattr(read, "skin", 0.0) > WALL_SKIN_TOUCHED:
            r.wall_touched.add(space)
        if read.card == "empty":
            r.wall.pop(space, None)
            r.wall_confidence.pop(space, None)
            continue
        card = None if read.card == "back" else read.card
        confidence = float(read.confidence)
        whole = getattr(read, "whole", "")
        if card is not None and whole == "back":  # the strip shows a face, the whole card a back
            # a face-down card with trophies on it: the strip's templates are faces only, so its
            # strip reads as some face (gnome-crown's red band), the whole card a back that fits as
            # a back does (5.0-6.1 against real backs' 4.7-5.7). Face down by default, asked with
            # the strip's face among the options (development 80020; tuning 90413, 90452, 90459:
            # the strip's gnome-crown was the default, 17, 10 and 16 points off; of the 80 wall
            # cards under tokens on tuning tables 90350-90404 and 90413, 90423, 90425, 90446,
            # 90452, 90459 the three that read a back whole were those three face-down cards)
            r.wall_also[space] = card
            card, confidence = None, 0.0
        elif card is not None and whole not in ("", "empty"):
            card, confidence = strip_and_whole(card, confidence, whole)
            if card != whole:
                r.wall_also[space] = whole
            elif card != read.card:
                r.wall_also[space] = read.card
        named = _colours_named(read)
        if card is not None and card == read.card and named is not None:
            # the colours name another people: asked, their face the default, the read an option
            r.wall_also[space] = read.card
            card, confidence = named, 0.0
        if card is not None and card == read.card and confidence < WALL_PEOPLE_SURE \
                and _same_attribute_other_people(card, getattr(read, "second", "")) \
                and getattr(read, "people_look", 0.0) < WALL_PEOPLE_LOOK_SURE:
            confidence = 0.0  # asked, the card read first (unless its colours clearly name its people)
        r.wall[space] = card
        r.wall_confidence[space] = (card, confidence)
    if side is not None:
        _beside_hidden(seats, reads, side)


def _colours_named(read: Any) -> str | None:
    """The face a wall card's colours name where they and the whole card disagree on its people
    (``cards.CardRead.colours_name``, same attribute; the card asked either way), as the default of
    a card in view (``WALL_COLOURS_DEFAULT``); None where they agree, where the card was read again
    on what a hand leaves (``covered_lead``) or by its strip under tokens (``whole``)."""
    named = getattr(read, "colours_name", "")
    if not WALL_COLOURS_DEFAULT or not named or getattr(read, "covered_lead", 0.0) > 0 or getattr(read, "whole", ""):
        return None
    return named if _same_attribute_other_people(read.card, named) else None


def _same_attribute_other_people(card: str, other: str) -> bool:
    """``other`` is ``card``'s attribute on another people's card (both ``people-attribute``)."""
    if "-" not in card or "-" not in other:
        return False
    people, attribute = card.split("-", 1)
    other_people, other_attribute = other.split("-", 1)
    return attribute == other_attribute and people != other_people


def _beside_hidden(seats: list[SeatReading], reads: list[Any], side: str) -> None:
    """A card beside a covered space, fitting less than ``BESIDE_HIDDEN_FIT``: part of it may lie
    under the same hand, and its reading is not sure (asked, the card read first)."""
    for read in reads:
        _, seat_word, space_word = read.place.split()
        seat, space = int(seat_word), int(space_word)
        r = seats[seat]
        if space in r.wall_hidden or space not in r.wall_confidence or read.fit >= BESIDE_HIDDEN_FIT:
            continue
        here = art.wall_space_local(side, space)
        if any(math.dist(here, art.wall_space_local(side, other)) < TOUCHING_MM for other in r.wall_hidden):
            r.wall_confidence[space] = (r.wall_confidence[space][0], 0.0)


def strip_and_whole(strip: str, confidence: float, whole: str) -> tuple[str, float]:
    """A wall card with trophy tokens over its middle, read twice: by its top strip (the band and
    the small index) and as a whole card (the emblem around the tokens, the icon under them) ->
    the card and how sure. The people is the whole card's: the emblem is large, the band a few
    pixels whose colour a lamp shifts (tuning tables 88100-88149 and 89000-89049, 134 such cards:
    where the two disagreed on the people, the whole card was right 7 times of 7; tuning 76028:
    the strip read elf, the emblem barbarian, the truth). The attribute is the whole card's too,
    except a crown: tokens over the icon look like the crown's dark shape (whole card read crown 40
    times, wrong 11, the strip's attribute right each time; any other attribute 94 times, never
    wrong; the strip alone 118 of 134 right, this 134). A card the two readings do not agree on
    is not sure (asked, this card first)."""
    people, attribute = whole.split("-")
    if attribute == "crown":
        attribute = strip.split("-")[1]
    card = f"{people}-{attribute}"
    return card, (confidence if card == strip else 0.0)


def _wall_choice(seat: int, space: int, card: str, also: str | None = None, face_down_first: bool = False,
                 every_face: bool = False) -> Choice:
    """A wall card not read surely: its people's other attributes, its attribute's other peoples,
    the card's other reading (``also``), or face down (development 80020: a face-down card read
    gnome-crown, unsure, and no option could set it right). ``face_down_first``: the card was read
    face down (its whole a back), ``card`` is what its strip read: face down is the default.
    ``every_face``: a hand lies over part of it (``WALL_SKIN_TOUCHED``): every other face follows."""
    people, attribute = card.split("-")
    options = [card] + [f"{people}-{a}" for a in ATTRIBUTES if a != attribute] + \
              [f"{p}-{attribute}" for p in PEOPLES if p != people]
    options += [also] if also is not None and also not in options else []
    if every_face:
        options += [f"{p}-{a}" for p in PEOPLES for a in ATTRIBUTES if f"{p}-{a}" not in options]
    options = [FACE_DOWN_OPTION, *options] if face_down_first else [*options, FACE_DOWN_OPTION]

    def apply(seats: list[SeatReading], k: int) -> None:
        seats[seat].wall[space] = None if options[k] == FACE_DOWN_OPTION else options[k]
    return Choice(f"wall {seat + 1} {space}", f"Which card lies on {player_name(seat)}'s space {space}? "
                  + (f"read face down (its top strip looks like {card}), not surely" if face_down_first
                     else f"read {card}, not surely"), tuple(options), apply, 0)


def _accolade_choice(seat: int, c: Any) -> Choice:
    """A fanned card not read surely: the reader's alternatives first, then every other attribute
    of the people read (the attribute icon is ~7 px at 1280x720; development 80010: a
    sorcerer-eyepatch read sorcerer-tattoo, asked with tattoo and dagger only, so no answer could
    set it right)."""
    people, attribute = c.card.split("-")
    options = [c.card] + [a for a in c.alternatives if a != c.card]
    options += [f"{people}-{a}" for a in ATTRIBUTES if f"{people}-{a}" not in options]
    pos = c.position
    # a card whose index something covers (a fingertip, fresh 12 MP 90743) is any face: say so
    why = "something covers its corner in the photo (a hand?)" if getattr(c, "covered", False) \
        else f"read {c.card}, not surely"

    def apply(seats: list[SeatReading], k: int) -> None:
        seats[seat].accolades[pos] = options[k]
    return Choice(f"accolade {seat + 1} {pos + 1}",
                  f"Which is card {pos + 1} of {player_name(seat)}'s accolades (counting from the "
                  f"left of the fan, row by row)? {why}", tuple(options), apply, 0,
                  covered=bool(getattr(c, "covered", False)),
                  # its own band shows beside the hand: its people is seen (``accolades.COVERED_BAND_PEOPLE``)
                  people_weight=COVERED_SEEN_PEOPLE if getattr(c, "band_seen", False) else COVERED_READ_PEOPLE)


NO_CARD_OPTION = "no card"
"""The first option (the default) of a place past a row's covered end where a card may lie."""


def _maybe_card_choice(seat: int, m: Any) -> Choice:
    """A place past a row's covered end where one more card may lie under a hand
    (``accolades.MaybeCard``): "no card" (the cards the photo shows, the default) or which card
    lies there; the key names the row and the place in it (``more`` seat row place)."""
    options = (NO_CARD_OPTION, *(f"{p}-{a}" for p in PEOPLES for a in ATTRIBUTES))

    def apply(seats: list[SeatReading], k: int) -> None:
        if k > 0:
            seats[seat].accolades.append(options[k])
    people = getattr(m, "band_people", "")
    seen = people in PEOPLES
    # a card's band shows there (``accolades.PAST_BANDS_SEEN``): a card of that people by default,
    # its face the totals its attributes share (``_covered_defaults``), "no card" still an answer
    return Choice(f"more {seat + 1} {m.row + 1} {m.place}",
                  f"Does a card lie under the hand as card {m.place} of row {m.row + 1} of "
                  f"{player_name(seat)}'s accolades? the row's end does not show in the photo",
                  options, apply, options.index(f"{people}-{ATTRIBUTES[0]}") if seen else 0,
                  covered=seen, people_weight=COVERED_SEEN_PEOPLE)


def _covered_weights(ch: Choice, barred: frozenset[str] = frozenset()) -> list[float]:
    """How likely each option of a covered card's question is (``Choice.people_weight``:
    ``COVERED_READ_PEOPLE`` or ``COVERED_SEEN_PEOPLE``; ``COVERED_FACE_DOWN``): the read people's faces alike, the other peoples' faces alike, face
    down rare; a card read as a back or nothing tells no people. A people in ``barred`` (a wall
    frieze's other cards show it: ``_frieze_barred``) cannot lie there: its faces weigh nothing,
    the others share its weight (the read people's share goes to the rest when it is barred)."""
    read = ch.options[ch.default]
    people = read.split("-")[0] if "-" in read else None
    if people in barred:
        people = None
    faces = [o for o in ch.options if "-" in o]
    allowed = [o for o in faces if o.split("-")[0] not in barred] or faces
    barred_now = barred if len(allowed) < len(faces) else frozenset()
    own = sum(1 for o in allowed if o.split("-")[0] == people)
    weights = []
    # a corner index seen: of each people's share, its attribute's face COVERED_SEEN_ATTRIBUTE
    # and the other four the rest (the mean factor over a people's five faces stays 1)
    seen_factor = len(ATTRIBUTES) * COVERED_SEEN_ATTRIBUTE
    other_factor = len(ATTRIBUTES) * (1.0 - COVERED_SEEN_ATTRIBUTE) / (len(ATTRIBUTES) - 1)
    for option in ch.options:
        factor = 1.0 if not ch.attribute or "-" not in option else \
            seen_factor if option.split("-")[1] == ch.attribute else other_factor
        weights.append(factor * _covered_weight(ch, option, read, people, allowed, own, barred_now))
    return weights


def _covered_weight(ch: Choice, option: str, read: str, people: str | None, allowed: list[str], own: int,
                    barred_now: frozenset[str]) -> float:
    """One option's weight in ``_covered_weights``, the attribute aside."""
    if "-" not in option:
        return COVERED_FACE_DOWN
    if option.split("-")[0] in barred_now:
        return 0.0
    if people is None or own == len(allowed):
        return 1.0 / len(allowed)
    if option.split("-")[0] == people and ch.face_weight > 0 and own > 1:
        share = ch.face_weight if option == read else (1.0 - ch.face_weight) / (own - 1)
        return ch.people_weight * share
    if option.split("-")[0] == people:
        return ch.people_weight / own
    return (1.0 - ch.people_weight) / (len(allowed) - own)


def _frieze_barred(seats: list[SeatReading], side: str, ch: Choice, unsettled: set[str]) -> frozenset[str]:
    """The peoples a covered wall space (``wall SEAT SPACE``) cannot hold: a frieze's cards show
    different peoples (the rules refuse a card whose people a frieze neighbour shows face up;
    ``OpenSeasonState`` checks it at every step), so every people its frieze neighbours show face
    up is barred. A neighbour still to be settled (``unsettled``: another covered space, its read
    a poor guess) bars nothing. Tuning 90742: player 2's covered spaces 4 and 5 (a frieze on
    Shield) both defaulted to elves, 8 and 9 both to gnomes: no finished wall holds that."""
    words = ch.key.split()
    if words[0] != "wall" or len(words) != 3 or side not in LAYOUTS:
        return frozenset()
    seat, space = int(words[1]) - 1, int(words[2])
    layout = LAYOUTS[side]
    if not 0 <= seat < len(seats) or not 1 <= space <= layout.num_spaces:
        return frozenset()
    barred = set()
    for other in layout.frieze_neighbours[space - 1]:
        if f"wall {seat + 1} {other + 1}" in unsettled:
            continue
        card = seats[seat].wall.get(other + 1)
        if card is not None and "-" in card:
            barred.add(card.split("-")[0])
    return frozenset(barred)


def _covered_defaults(seats: list[SeatReading], side: str, expert: bool, choices: list[Choice],
                      answers: dict[str, int], cache: WildCache | None = None) -> list[Choice]:
    """The choices, each covered card's default (one not answered) the option whose totals the
    likeliest faces share (``_covered_weights``; the read kept on a tie). A covered card's face is
    not in the photo (session 40: read on what a hand leaves, right 6 times in 29), but what it
    scores often is: most faces score alike there, and a total right is what the photo is for
    (tuning 90694: three covered spaces read empty defaulted face down, -12 for 0; any face gives
    0). The cards are taken in turn, each with the ones before it settled."""
    out = list(choices)
    unsettled = {ch.key for ch in out if ch.covered and ch.key not in answers}
    for i, ch in enumerate(out):
        if not ch.covered or ch.key in answers:
            continue
        unsettled.discard(ch.key)
        barred: frozenset[str] = frozenset()
        if ch.key.startswith("wall "):
            picks = {c.key: answers[c.key] - 1 if c.key in answers else max(c.default, 0) for c in out}
            barred = _frieze_barred(_resolve(seats, out, picks)[0], side, ch, unsettled)
        weights = _covered_weights(ch, barred)
        totals = [tuple(_score(seats, side, expert, out, {**answers, ch.key: k + 1}, cache)[1])
                  for k in range(len(ch.options))]
        mass: dict[tuple[int, ...], float] = {}
        for k, total in enumerate(totals):
            mass[total] = mass.get(total, 0.0) + weights[k]
        best = max(mass.values())
        if mass[totals[ch.default]] >= best - 1e-9 and weights[ch.default] > 0:
            continue  # the read gives the likeliest totals (and its people may lie there)
        likeliest = [k for k in range(len(totals)) if mass[totals[k]] >= best - 1e-9]
        out[i] = replace(ch, default=max(likeliest, key=lambda k: weights[k]))
    return out


def _wild_choice(seat: int, space: int) -> Choice:
    def apply(seats: list[SeatReading], k: int) -> None:
        pass  # the attribute goes to the engine through final_state's wild_attrs
    return Choice(f"wild {seat + 1} {space}", f"Which attribute does the wild token on "
                  f"{player_name(seat)}'s space {space} give?", ATTRIBUTES, apply, -1)


def _accolade_wild_choice(seat: int, i: int, r: SeatReading, card: str | None = None) -> Choice:
    cards = [card] if card is not None else sorted(set(r.accolades))
    options = tuple(f"{c} as {a}" for c in cards for a in ATTRIBUTES if a != c.split("-")[1])
    if card is not None:
        return Choice(f"accolade wild {seat + 1} {i + 1}", f"Which attribute does the wild token on "
                      f"{player_name(seat)}'s accolade card {card} give?", options, lambda s, k: None, -1)

    def apply(seats: list[SeatReading], k: int) -> None:
        pass
    return Choice(f"accolade wild {seat + 1} {i + 1}", f"Which accolade card of {player_name(seat)} "
                  "carries a wild token, and which attribute does it give?", options, apply, -1)


def _maybe_accolade_wild_choice(seat: int, i: int, c: Any) -> Choice:
    """Card ``c`` of the fan may carry a wild token (its strip shows a little colour): none is
    read; the options are none, or the token giving each other attribute."""
    # every attribute, the read card's own too: the card itself may be asked and answered as
    # another (development 80036: card 1 read sorcerer-dagger, truly sorcerer-tattoo with a wild
    # token as dagger -- once the card's question offered tattoo, "as dagger" was missing)
    options = ("no wild token",) + tuple(f"{c.card} as {a}" for a in ATTRIBUTES)
    return Choice(f"accolade wild {seat + 1} {i + 1}", f"Does a wild token lie on card {c.position + 1} of "
                  f"{player_name(seat)}'s accolades ({c.card}), and which attribute does it give? read none, "
                  "not surely", options, lambda s, k: None, 0, c.position)


def _resolve(seats: list[SeatReading], choices: list[Choice], picks: dict[str, int]
             ) -> tuple[list[SeatReading], dict[tuple[int, int], int], dict[tuple[int, int], tuple[int, int]]]:
    """The readings with every choice applied (picks: key -> option index)."""
    out = [SeatReading(dict(s.wall), dict(s.wall_trophies), list(s.wall_wilds), list(s.accolades),
                       s.accolade_wilds, s.penalty, s.series, s.scorings, dict(s.bonus),
                       dict(s.wall_confidence), set(s.wall_hidden), dict(s.wall_also), set(s.wall_seen),
                       set(s.wall_touched), set(s.wall_people_seen), dict(s.wall_attribute_seen)) for s in seats]
    wild_attrs: dict[tuple[int, int], int] = {}
    acc_wilds: dict[tuple[int, int], tuple[int, int]] = {}
    for ch in choices:
        k = picks.get(ch.key, max(ch.default, 0))
        if ch.key.startswith("wild ") and ch.options[0] == NO_WILD_OPTION:  # on a covered space
            who, space = (int(v) for v in ch.key.split()[1:])
            wilds = [s for s in out[who - 1].wall_wilds if s != space]
            if k > 0:
                wilds.append(space)
                wild_attrs[(who - 1, space)] = ATTRIBUTES.index(ch.options[k])
            out[who - 1].wall_wilds = sorted(wilds)
        elif ch.key.startswith("wild "):
            words = ch.key.split()
            wild_attrs[(int(words[1]) - 1, int(words[2]))] = k
        elif ch.key.startswith("accolade wild "):
            if " as " not in ch.options[k]:
                continue  # no wild token there
            who, i = (int(v) for v in ch.key.split()[2:])
            card, attribute = ch.options[k].split(" as ")
            if 0 <= ch.position < len(out[who - 1].accolades):
                card = out[who - 1].accolades[ch.position]  # as answered (the fan's choices come first)
            acc_wilds[(who - 1, i - 1)] = (CARD_IDS[card], ATTRIBUTES.index(attribute))
        else:
            ch.apply(out, k)
    return out, wild_attrs, acc_wilds


def _score(seats: list[SeatReading], side: str, expert: bool, choices: list[Choice],
           answers: dict[str, int], cache: WildCache | None = None
           ) -> tuple[list[list[tuple[str, int, str]]], list[int], tuple[int, ...], str]:
    picks = _picks(seats, side, expert, choices, answers, cache)
    resolved, wild_attrs, acc_wilds = _resolve(seats, choices, picks)
    sheet = final_state(resolved, side, expert, wild_attrs, acc_wilds).score_breakdown()
    lines = [[(ln.category, ln.points, ln.reason) for ln in sheet.lines_for(p)] for p in range(len(seats))]
    return lines, sheet.totals(), tuple(sheet.winners), sheet.tie_break


WildCache = dict[tuple[Any, ...], dict[str, int]]
"""One photo's wild tokens' best attributes, per seat: (seat, what the seat holds once the
questions are settled, the answers about its wild tokens) -> the attribute picked per token."""


def _wild_seat(ch: Choice) -> int:
    """The seat (from 0) a wild token's question is about (``wild 2 6``, ``accolade wild 2 1``)."""
    return int(ch.key.split()[-2]) - 1


def _is_wild(ch: Choice) -> bool:
    """A wild token's question: its answer goes to the engine, not into the seat's reading."""
    return ch.key.startswith(("wild ", "accolade wild "))


def _seat_key(r: SeatReading) -> tuple[Any, ...]:
    """What of a seat's reading the engine scores (not the reader's confidences)."""
    return (tuple(sorted(r.wall.items(), key=lambda kv: kv[0])), tuple(sorted(r.wall_trophies.items())),
            tuple(r.wall_wilds), tuple(r.accolades), r.accolade_wilds, r.penalty, r.series,
            tuple(sorted(r.scorings)), tuple(sorted(r.bonus.items())))


def _picks(seats: list[SeatReading], side: str, expert: bool, choices: list[Choice],
           answers: dict[str, int], cache: WildCache | None = None) -> dict[str, int]:
    """Option index per choice: the answer given, else the default; a wild token's attribute
    (default -1) is the one best for its owner, each token chosen in turn.

    A wild token changes an attribute, never a people, so it moves only its owner's own lines
    (the majority, the one line that looks at the other players, counts peoples): its best
    attribute depends on its seat's reading alone. ``cache`` keeps it per seat reading, so that
    scoring each option of a question on another seat does not choose it again (a 4-player table
    with wild tokens scored ~1,300 positions a photo, ~11 per option)."""
    picks = {ch.key: answers[ch.key] - 1 for ch in choices
             if ch.key in answers and 1 <= answers[ch.key] <= len(ch.options)}
    open_wilds = [ch for ch in choices if ch.key not in picks and ch.default < 0]
    if not open_wilds:
        return picks
    # the readings with every other question settled (a wild token's choice changes no reading)
    base, _, _ = _resolve(seats, choices, {**{c.key: max(c.default, 0) for c in choices}, **picks})
    open_keys = {ch.key for ch in open_wilds}
    keys: dict[int, tuple[Any, ...]] = {}
    for seat in sorted({_wild_seat(ch) for ch in open_wilds}):
        # the seat's wild tokens settled otherwise (answered, or a maybe-wild card's default)
        settled = tuple((ch.key, picks.get(ch.key, max(ch.default, 0))) for ch in choices
                        if _is_wild(ch) and ch.key not in open_keys and _wild_seat(ch) == seat)
        keys[seat] = (seat, _seat_key(base[seat]), settled)
    for ch in open_wilds:
        seat = _wild_seat(ch)
        known = cache.get(keys[seat]) if cache is not None else None
        if known is not None and ch.key in known:
            picks[ch.key] = known[ch.key]
            continue
        best, best_total = 0, None
        for k in _wild_candidates(ch, base, side, expert):
            trial = {**{c.key: max(c.default, 0) for c in choices}, **picks, ch.key: k}
            resolved, wa, aw = _resolve(seats, choices, trial)
            total = final_state(resolved, side, expert, wa, aw).score_breakdown().total(seat)
            if best_total is None or total > best_total:
                best, best_total = k, total
        picks[ch.key] = best
        if cache is not None:
            cache.setdefault(keys[seat], {})[ch.key] = best
    return picks


def _wild_candidates(ch: Choice, seats: list[SeatReading], side: str, expert: bool) -> list[int]:
    """The options a wild token's attribute is chosen among (the one best for its owner).

    A wild token changes its card's attribute (never to the printed one, which is no change).
    In an expert game a wild token goes on the wall during the game to complete a bonus tile's
    column -- every card of it face up with one attribute -- and the tile then fires (a one-shot
    face, discarded) or stays activated (a permanent face): players place it then for nothing
    else, and at the end where it scores most (the twin's players likewise, session 34). So a
    wall wild token in a column whose tile is gone or activated, a column that is not complete
    with its printed attributes, gave the attribute that completes it."""
    options = list(range(len(ch.options)))
    words = ch.key.split()
    if words[0] != "wild":
        return options
    seat, space = int(words[1]) - 1, int(words[2])
    r = seats[seat]
    card = r.wall.get(space)
    if card is not None:
        options = [k for k in options if ch.options[k] != card.split("-")[1]] or options
    if not expert:
        return options
    layout = LAYOUTS[side]
    column = next((c for c, spaces in enumerate(layout.columns) if space - 1 in spaces), None)
    if column is None:
        return options
    tile = r.bonus.get(column + 1)
    if tile is not None and not (tile[1] and FACES[tile[0]].kind == PERMANENT):
        return options  # the tile lies there unfired: the token did not fire it
    spaces = layout.columns[column]
    cards = [r.wall.get(s + 1) for s in spaces]
    if any(c is None for c in cards) or len(spaces) == 1:
        return options  # a face-down card: no attribute completes it; one space: no token needed
    printed = [ATTRIBUTES.index(c.split("-")[1]) for c in cards if c is not None]
    at = spaces.index(space - 1)

    def complete(k: int | None, two_of_three: bool) -> bool:
        attrs = list(printed)
        if k is not None:
            attrs[at] = ATTRIBUTES.index(ch.options[k])
        if two_of_three and len(attrs) == 3:
            return len(set(attrs)) < 3
        return len(set(attrs)) == 1

    if complete(None, False):
        return options  # complete without the token (it came later, at the end)
    completing = [k for k in options if complete(k, False)]
    # face 14 (permanent) activated in another column: a 3-space column completes with two alike
    two_of_three = any(f == 14 and on and c != column + 1 for c, (f, on) in r.bonus.items())
    if not completing and two_of_three and not complete(None, True):
        completing = [k for k in options if complete(k, True)]
    return completing or options


def _default(ch: Choice, seats: list[SeatReading], side: str, expert: bool, choices: list[Choice],
             answers: dict[str, int], cache: WildCache | None = None) -> int:
    if ch.default >= 0 and ch.key not in answers:
        return ch.default
    return _picks(seats, side, expert, choices, answers, cache)[ch.key]


def _ranges(totals: list[int], doubts: list[Doubt]) -> dict[int, tuple[int, int]]:
    """Per player, the total's span with every doubt open (each doubt's own swing added: a
    bound, the doubts are not tried together)."""
    out: dict[int, tuple[int, int]] = {}
    for p, total in enumerate(totals):
        lo = hi = total
        for d in doubts:
            span = d.score_range.get(player_name(p))
            if span:
                lo += span[0] - total
                hi += span[1] - total
        if (lo, hi) != (total, total):
            out[p] = (lo, hi)
    return out


__all__ = ["score_photo", "final_state", "SeatReading", "read_table"]
