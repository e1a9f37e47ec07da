"""Reading the accolades of a finished Open Season table: each player's cards fanned face up by
hand, overlapping so that only a strip of each shows (its corner index: the people's initial on
the people's colour band, and a small attribute icon).

Each player's personal area is rectified at the cards' plane into the player's own frame (the
fan rows run left to right, card tops up). Every card's top-left corner is the same pattern, a
cream index box with the people's colour band to its right and below: one template match on a
"colourfulness" image finds them all (however uneven the fan). Each corner is then compared with
the index of the 30 card faces (normalised correlation per colour channel, a few poses around the
found one). A card whose best face does not beat the runner-up clearly is a doubt naming the
card and its likely faces, never a guess; a hand over the area, a row running out of the photo,
or a strip too narrow to show an index makes the whole fan unreadable (one line).
"""

from __future__ import annotations

import itertools
import math
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.octocube.geometry import TableView
from vision.open_season.art_source import ART_MODULES
from vision.open_season.cards import WALL_SKIN_CB, WALL_SKIN_CR
from vision.render import open_season_art as art
from vision.template_cache import cached_arrays
from vision.render.open_season_scene import (
    CARD_H,
    CARD_THICKNESS_MM,
    FAN_LEFT_X,
    FAN_ROWS_Y,
    SEAT_SIDES,
    accolade_fan_rows,
    personal_area_origin,
    rotate_mm,
)

PX_PER_MM = 3.0
"""Rectified resolution (a 1280x720 photo sees the table at ~1 px/mm, 1920x1080 at ~1.5)."""
AREA_X = (FAN_LEFT_X - 3.0, 119.0)
"""Player-local x range searched for fanned cards (the player's own board starts at +121)."""
CORNER_TEMPLATE_MM = (11.5, 44.0)
ROW_SLACK_MM = 7.0
"""A row's card tops lie within this of the row's nominal top (the fan's uneven rows +-4 mm)."""
AREA_Y = (FAN_ROWS_Y[0] - CARD_H / 2 - ROW_SLACK_MM, FAN_ROWS_Y[-1] - CARD_H / 2 + ROW_SLACK_MM)
"""Player-local y range of the card tops searched."""
WILD_WINDOW_MM = ((2.0, 10.0), (46.0, 54.0))
"""Card-local (x, y) window where a wild token lies on a fanned card's strip (the art's cream
lower part there: nothing colourful but the token)."""
WILD_SHARE = 0.35
"""Share of colourful pixels in that window that means a wild token lies on the card."""
WILD_UNSURE = 0.08
"""From this share up to ``WILD_SHARE`` a wild token may lie there: asked, not guessed. On
development tables 69302-69345 wild tokens showed 0.38-0.82 but one 0.144 (the first card of a
1920x1080 fan, read as none, sure); cards without one at most 0.214, nearly all under 0.05."""
RECT_Y = (AREA_Y[0], AREA_Y[1] + WILD_WINDOW_MM[1][1] + 2.0)
"""The rectified band: the corners' range plus a card's strip down to a wild token."""
COARSE = 6
"""The rectifying maps are projected every COARSE px and interpolated (they are smooth)."""
PLANE_MM = 1.5
"""Height the area is rectified at (a fan is 0.35 mm per card thick)."""
INDEX_MM = (12.0, 24.0)
"""The compared corner of a card: its left 12 mm (the index is 2.5-11.5 mm) by top 24 mm."""
CORNER_MIN = 0.68
"""(true corners score 0.75-0.95 on the tuning tables; a card's cream bottom over the mat 0.6)"""
BAND_MIN_L = 32.0
"""A corner's band is at least this light (Lab L, white-balanced: the darkest people band, the
sorcerers', reads 38-45; the dark mat under a card's cream bottom 20-25)."""
"""Corner-pattern correlation a card's corner must reach."""
MIN_STEP_MM = 9.0
ROW_TOLERANCE_MM = 3.5
"""Every card top of a row lies this close to the row's median (the fan is uneven by +-2 mm)."""
"""Two corners closer than this along a row are one card."""
ATTR_ROWS_MM = (10.0, 19.5)
"""Rows of the corner patch holding the index's attribute icon (the initial is above it)."""
ATTRIBUTE_WEIGHT = 1.0
BAND_ROWS_MM = (22.0, 37.0)
COLOUR_WEIGHT = 0.01
"""Correlation lost per Lab unit between the band's colour and a people's print colour."""
JITTER = tuple((dx, dy, a) for dx in (-0.67, 0.0, 0.67) for dy in (-0.67, 0.0, 0.67) for a in (-2.5, 0.0, 2.5))
ANGLES = sorted({j[2] for j in JITTER})
FINE_POSES = tuple((fx, fy, fa) for fx in (-0.33, 0.0, 0.33) for fy in (-0.33, 0.0, 0.33)
                   for fa in (-2.0, 0.0, 2.0))
"""Offsets (mm) around the best pose the learned classifiers read (their logits averaged)."""
BAND_LAB_SCALE = 25.0
ICON_FULL = True
"""The attribute icon at the full 3 px/mm (True) or halved (1.5 px/mm): on the tuning tables at
1280x720, 297/299 best guesses and 10 asked at full, 296 and 13 halved."""
SURE_PROBABILITY = 0.9999
"""A card is read surely when both its people and its attribute reach this probability (on the
tuning tables 500/501, 451 cards: 0.995 left 1 wrong card sure, 0.9999 none, asking 13)."""
SECOND_OPINION = True
"""A card the classifiers read surely is sure only when the art's icon (normalised correlation
of the index's icon with each attribute's, the people read) picks the same attribute. Tuning
tables 76000-76029 (1,067 cards): the 3 cards read surely and wrong (dim evening, 1280x720,
eyepatch read as dagger or earrings) all disagreed; 35 cards read surely and right disagreed too
(asked now)."""
ART_VETO_MARGIN = 0.04
"""How much better another attribute's art must match the icon than the read one's for the
second opinion to overrule a sure classifier reading (normalised correlation). The art's match
leans slightly away from the tattoo: at 0 (any disagreement, before 2026-11-28) it overruled 81
right readings on tuning tables 76000-76029 and 69300-69369, nearly all by under 0.04, while
the 5 readings it caught wrong there and on 79000-79079 (eyepatch as dagger or earrings, crown
as tattoo; dim or warm light, 1280x720) lost by 0.072-0.103. At 0.04: 116 fewer cards asked of
6,920, the same wrong cards caught."""
EYEPATCH_LOOKALIKES = ("dagger", "crown")
"""Attributes the classifier reads, surely and wrongly, for an eyepatch whose icon is a few
blurred pixels (1280x720, warm lamp or daylight; the art agreeing): tuning 82038, 82044,
80010 -- 6 of the 7 cards read surely and wrong on 82000-82049 and 80000-80049."""
EYEPATCH_LOGIT_GAP = 19.0
"""Such a reading is sure only when the eyepatch's averaged logit lies this far under the read
attribute's (the sure line alone asks for ~9.2, ln 9999): the 6 wrong readings lay 9.8-18.1
under, and 49 of ~3,770 right ones under 19 (asked now); on 78000-78049, 0 wrong, 23 right asked.
The line between the two bands below (1280x720 seats at 0.70 px/mm or more); see
``eyepatch_logit_gap``."""
EYEPATCH_COARSE_PX_PER_MM = 0.70
"""Accolades seen at fewer camera pixels per mm than this along their more foreshortened axis
(1280x720: its far or steeply tilted seats) hold the worst eyepatch lookalikes. Tuning tables of 2026-11-29
(os-1080: 78000-78049, 80000-80049, 82000-82049 and 89700-89999's, scored by main's reader):
every eyepatch whose dagger or crown logit rose 13 or more over its own lay at 0.55-0.63 (289
eyepatches under 0.70, the worst 21.6, 19.5, 18.1, 18.0 over); of the 691 at 0.70 or more on
1280x720 photos none rose more than 11.0 over it."""
EYEPATCH_COARSE_LOGIT_GAP = 25.0
"""The line under ``EYEPATCH_COARSE_PX_PER_MM``: 19 let 89700's gnome-eyepatch (dagger 19.5 over
it) through as a sure gnome-dagger. 25 is 3.4 over the worst eyepatch seen (21.6); the tail of
those 289 eyepatches (7 over 15, by 3.0 on average) puts about 1 in 1,000 over 25. It asks
87 right cards more on 1280x720 tuning photos (4,795 cards)."""
EYEPATCH_SHARP_PX_PER_MM = 0.97
"""Accolades seen at this many camera pixels per mm or more along their sharper axis show the
eyepatch well enough for ``EYEPATCH_SHARP_LOGIT_GAP``: every 1920x1080 seat of the tuning tables
(sharper axis 1.00-1.49, foreshortened 0.77-1.40) and 12 MP photo (scored 1920 px wide:
foreshortened 1.01-1.82); no 1280x720 seat (sharper axis 0.64-0.94)."""
EYEPATCH_SHARP_LOGIT_GAP = 12.0
"""The line at or over ``EYEPATCH_SHARP_PX_PER_MM``: of 1,983 eyepatches there (1080p and 12 MP
tuning tables) none had a dagger or crown logit more than 1.9 over its own (the next: 4.0
under), while 19 asked 46 right daggers and crowns lying 12.1-19.0 over the eyepatch (1080p).
12 keeps 10 logits over the worst eyepatch (the tail of the 9 nearest puts ~2 in 100,000 over)."""
ICON_LEGIBLE = 0.4
"""A card's index icon matches its people's best attribute art by at least this (normalised
correlation, ``_art_icon_scores``) when it shows at all, on accolades seen at
``EYEPATCH_SHARP_PX_PER_MM`` or more (1920x1080 and 12 MP photos); under it something covers the
index (a fingertip), and the classifiers' reading, however sure, rests on the colour band and the
cover: the card is asked, every face an option. Tuning 12 MP 90743 (daylight): a fingertip over
player 1's card 3, barbarian-dagger read barbarian-earrings at probability 1.0000, its icon's best
match 0.27 (0.28 at 1920x1440); every card that shows scored 0.54 or more (1920x1080 90680-90729,
2,067 cards, the lowest warm-lamp earrings) and 0.75 or more (12 MP 90730-90749, 701 cards). At
1280x720 an icon that shows scores down to 0.18 (warm-lamp earrings, 90610-90639): the line is not
drawn there."""
MODEL_PATH = Path(__file__).resolve().parents[2] / "models" / "open_season_accolades.npz"
BLUR_PX = 1.2
"""Photo and art are both softened so (at 1-1.5 camera px per mm) they compare alike."""
MARGIN = 0.06
"""A card is read surely when its best face beats every other face by this much correlation."""
MAX_STEP_MM = 20.0
"""Two neighbouring strips further apart than this hide a card between them."""
FIRST_CARD_MM = 12.0
"""A row's first card's corner lies within this of the searched area's left end."""
WHOLE_CARD_AB = 36.0
"""Largest a*b* difference along a whole card's band (light circle included)."""
LAST_CARD_MIN = 0.62
"""Corner-pattern correlation enough for a card lying on a row's last card when that card does
not show whole (development 80048, warm lamp: player 2's 8th card scored 0.67, just under
``CORNER_MIN``, and the fan was refused). Only then, only within ``LAST_STEP_MM`` of it, and only
a card that shows whole itself."""
LAST_STEP_MM = (11.0, 20.0)
"""Where the card on a row's last card may lie, past it (the fan's 12-17 mm steps, turned up to 3
degrees; a card's own index scores up to 0.68 about 8 mm past its corner)."""
LAST_COVERED = "the last card of a row is covered"
TOP_ROWS_MM = (4.5, 8.0)
"""Rows (mm below a card's corner) of its top strip: the panel's colour right of the index, above
the light circle; a card lying on it puts its cream margin and index there (``_top_shows_whole``)."""
TOP_SPAN_MM = (13.0, 40.0)
"""Where along a row's last card its top strip is looked at: past its own index (2.5-11.5 mm) to
its panel's right end (41.5 mm). A card lying on it 11-20 mm on (a fan's steps) puts its cream
margin and 9 mm index inside."""
TOP_SEEN = 0.8
"""Share of the top strip's 1 mm columns that must show (not a hand's skin) for it to tell that no
card lies on the last card."""
TOP_CREAM = 0.5
"""A top-strip column whose pixels are cream card stock (``_colourfulness`` under 0.5) on more than
this share is a card's margin or index; two such side by side: a card lies there."""
GAP_CARD_MIN = 0.62
"""Corner-pattern correlation enough for a card between two found corners more than
``MAX_STEP_MM`` apart, where it splits the gap into two steps of ``MIN_STEP_MM`` to ``MAX_STEP_MM``
(87040, 87042 at 1280x720: a fan with no hand over it refused for "a gap of 33-34 mm", its missed
cards' corners scoring 0.66-0.67, just under ``CORNER_MIN``, at the one place that fits). A gap
wider than two steps, or with no such corner, still refuses the fan."""
BAND_HUE_DEG: dict[str, tuple[float, float, float]] = {
    "gnome": (22.0, 47.0, 36.0), "dwarf": (53.0, 80.0, 26.0), "elf": (128.0, 152.0, 28.0),
    "barbarian": (162.0, 218.0, 15.0), "mage": (277.0, 300.0, 27.0), "sorcerer": (310.0, 337.0, 30.0)}
"""People -> (least hue, greatest hue, least chroma) of a fanned card's colour band (Lab, white
balanced; ``_band_lab``): on 5,530 cards of cached tuning tables of 90611-90877 (1920x1080 and
12 MP, three lightings; session 43's scratch ``bandana.py``) every people's hues lay inside its
range less 5-6 degrees each side (gnome 27.6-41.8, dwarf 57.7-73.8, the closest pair), the chroma
above 0.6 of its lowest percentile's, and every band named its own people. A lamp's glare washes
a band pale, never to another hue: tuning 90900 (warm lamp), two gnome cards (hue 35, chroma
41-48) read surely as dwarves by the classifiers."""
BAND_NAMES_UNSURE = True
"""A fanned card the classifiers read unsurely (asked) whose band's hue names another people
(``BAND_HUE_DEG``) defaults to the band's people too, as a sure read does (the classifiers' card
then its first option after it): the band's hue named its own people on every one of 5,530
tuning cards, the classifiers' people is what made the card unsure. Tuning 91376 (warm lamp, no
hand): player 2's last card, gnome-eyepatch, read dwarf-eyepatch at 0.85 (unsure), asked with
the dwarf its default, the table off by 5 points from the photo alone."""
COVERED_BAND_PEOPLE = True
"""A covered fanned card (counted under a hand, or its icon covered) whose own colour band shows
beside the hand is read as the band's people (``_seen_band_people``; ``AccoladeCard.band_seen``),
not the classifiers' people, who read the hand over its corner (a finger's orange as a dwarf);
its question weighs that people as a covered wall card's people seen (``COVERED_SEEN_PEOPLE``)."""
BAND_SEEN_MM2 = 3.0
BAND_SEEN_SHARE = 0.9
"""A covered card's band names its people from this many mm2 of its band voting for one people,
and this share of the votes (session 54's scratch ``covcensus.py``: covered cards on the tuning
tables with a hand)."""
PAST_BANDS_SEEN = True
"""Where a hand covers a row's end (``_covered_row_ends``), a place past its last found card where
a card's own colour band shows beside the hand (``_cards_past_showing``) is still asked, but a card
of that people is its default, not "no card" (``MaybeCard.band_people``; ``score_photo``). Tuning
91965 (session 55; 1920x1080, warm lamp): fingers over row 2's 7th card's corner and the hand's
shadow over its lower part: its corner scored 0.49 (under ``LAST_CARD_MIN``), the row's end did
not show, and the 7th card -- its sorcerer's band in full view past the 6th card's edge -- was
asked with "no card" its default (7 points off). Not counted outright: a sleeve's red, green or
ochre lies in the gnomes', elves' or dwarves' band range, and a counted card has no "no card"
answer. False: as before."""
BAND_PAST_MM2 = 60.0
"""A card lies past a row's last found card when its band's rows between that card's right edge
and a step past it name a people from this many mm2 (``BAND_SEEN_SHARE`` of the votes). Session 55's
scratch ``past_census.py`` on the 184 cached tuning tables with a hand (GT camera, 1920x1080): past
the last card of 835 rows read whole (the bare mat, a hand) the votes reached 30.3 mm2 at most (the
mat's blue for a mage's); the band of each such row's last card past the card before it (a card
that lies there) 82 mm2 or more on 704 of the 706 cards not of dwarves, the people right on all of
them (two under a hand: 3 mm2); a dwarf's orange lies in the skin range and names nothing (asked as
before). 91965's 7th card: 99 mm2, sorcerer."""
UNSEEN_STEP_SIGMA_MM = 1.5
"""The least spread of a fan's steps assumed when counting the cards a gap hides (a fan laid by
hand steps 12-17 mm; tuning rows measured 0.7-1.9 mm standard deviation). Session 43's scratch
``gapana.py`` took 1-4 consecutive corners out of every fan read whole on 129 cached tuning
tables of 90611-90877 (1920x1080 and 12 MP) and counted them back: with 1.0 one gap of 2 cards was counted as 3 (90767, a
row stepping 13.0-17.7 mm); with 1.5 (and ``UNSEEN_OTHER_Z`` 4) none was miscounted, 1 card
hidden counted back 97 %, 2 cards 82 %, 3 cards 52 % (the rest refused)."""
UNSEEN_FIT_Z = 2.5
"""A gap in a row hides ``m - 1`` cards when it is ``m`` of the row's mean steps long within this
many standard deviations of ``m`` steps (``UNSEEN_STEP_SIGMA_MM`` or the row's own, the larger)."""
UNSEEN_OTHER_Z = 4.0
"""...and every other count of steps lies at least this many standard deviations off: else how many
cards it hides is not known, and the fan is refused."""
UNSEEN_START_SIGMA_MM = 1.5
"""The spread of where a fan's rows begin, one against another (laid by hand within 2 mm of the
same place), when a row's hidden first cards are counted from another row's first card."""
UNSEEN_CARDS_MAX = 4
"""At most this many cards of a fan (and at most a third of it) are counted unseen, each asked
with every face: more is a photo to retake. Tuning 90766, 90833, 90919 (1920x1080): an arm over
a fan's middle hid 1, 3 and 3 of 12, 10 and 12 cards. 4 since session 54 (3 before; tuning 91270:
fingers over a row's first 4 cards, counted from the other row's first card): on the 490 fans
read whole of the tuning tables with a hand (1920x1080, session 54's scratch ``gapana.py``), 4
consecutive corners taken out of a row's middle or left end were counted back right 533 times,
refused 2,583 (``UNSEEN_OTHER_Z``), counted wrong 0 (3 corners: 2,143 / 1,763 / 0)."""
END_ROWS_MM = (38.0, 60.0)
"""Rows (mm below a row's corner) where a fan's end is looked for: the cards' cream lower part,
below their colour band (to 37-40 mm: cards lie up to a mm lower or turned), to where the next
row begins; the large icons (a dagger's blade 44-58 mm) leave a fifth of a column cream."""
END_LEAST_ROWS_MM = 10.0
"""...of which at least this many inside the area (the last row's reach its end)."""
END_CREAM_SHARE = 0.1
END_MAT_SHARE = 0.6
END_MAT_B = -5.0
END_BARE_MM = 2
"""A 1 mm column of ``_row_end`` shows card from this share of cream pixels (a dagger's blade, 1-2
mm, leaves 0.14 of its column cream), the bare mat from this share of blue ones (Lab b* under
``END_MAT_B``; past the last cards of the rows read whole on 27 cached tuning tables, the mat's
b* was -8 or less, the cards' cream lower part -2 or more: 99th and 1st percentiles), else
neither (a hand, its shadow: it tells nothing); the row ends where this many mat columns follow
one another."""
END_SIGMA_MM = 1.5
"""Spread of ``_row_end``'s measure of where a row ends against its last card's right edge: on
494 rows read whole (GT camera, 100 cached tuning tables of 90611-90792), from their last corner
and with 1-3 corners taken out, -1 to +1.3 mm (5th-95th percentile), -1.3 to +4.3 mm at most."""
END_SEEN_MM = 6.0
"""The end of a row shows when its last card column and the first mat column lie this close (on
those rows the mat began 0-5.7 mm past the last card's edge: its shadow, its rim)."""
SEEN_END_UNCLEAR_ASKED = True
"""A row whose end shows past the hand (``END_SEEN_MM``) but lies between two counts of the row's
steps (``_steps_in``: none clear) is counted as a covered end is (``_covered_row_ends``: every count
whose end fits the cream's last column and the mat's first within ``UNSEEN_FIT_Z``, the least of
them counted, each place past it asked, "no card" an answer) rather than refused. Tuning 92207
(session 55's fresh set, warm lamp): a thumb over cards 10-12's corners of a single row of 12, the
12th whole past it; cards 10-12 lie 49 mm past the 9th's edge, 3.4 of the row's 14.6 mm steps (3 at
z 1.7, 4 at 2.8, under ``UNSEEN_OTHER_Z``): refused ("the last card of a row is covered"). False: as
before (refused)."""
ROW_PLACE_MM = 20.0
"""A fan's rows' corners lie within this of where its rows are laid (``FAN_ROWS_Y``, 60 mm apart;
within 1 mm on the tuning tables): a row found elsewhere is another row, the one before it hidden."""
NO_ROW_BOX_MM = ((0.0, 44.0), (9.0, 29.0))
"""Where a fan's second row's first card would show its colour band (x from the fan's left end,
y below the row's corner, mm): the bare mat there tells that no second row lies under a hand."""
NO_ROW_MAT = 0.5
"""...from this share of the mat's blue (``END_MAT_B``, not cream)."""
ROW_ON_MM = 8.0
"""A row whose cards' cream lower part (``_row_end``) shows more than this past its last found
card's right edge goes on past it: the cards between lie under something, a hand (91506, session
50's fresh set, dim evening: a hand over cards 7-11 of a row of 12, the 12th past it; the 6th card,
a dwarf's, passed ``_whole_card`` on the fingers' orange over its band, and the fan was read as
its first 6 cards with no question). A hidden card puts the end a fan's step (12-17 mm)
further; on rows read whole the end lay -1.3 to +4.3 mm off the last card's edge (``END_SIGMA_MM``)."""
MAYBE_CARDS_MAX = 8
"""At most this many places past the covered ends of a fan's rows where a card may lie under a
hand, each asked ("no card" or which card); more: a photo to retake. 8 since session 54 (4
before): a hand lying over both rows' ends of a fan whose every card's corner shows but the last
(tuning 91309: 6 places) leaves the fan's cards to read and the count to ask, each place's
default the cards in view."""
HAND_GAPS_COUNTED = True
"""A gap in a fan's row (or its hidden left end) under a hand-sized skin blob (``SKIN_MM2``) is
counted from the row's own steps (``_unseen_gap_cards``) as one under a smaller hand is, each card
in it asked with every face (False, sessions 46-53: such a fan was refused)."""
SKIN_MM2 = 6000.0
"""A skin-coloured blob this large over a fan is a hand (the dwarves' orange band makes blobs of
at most 44 x 40 mm, the last card's)."""
SKIN_CR = (136.0, 178.0)
SKIN_CB = (78.0, 128.0)
SKIN_MIN_Y = 45.0
"""YCrCb skin range (vision/octocube/config.py)."""


@dataclass(frozen=True)
class AccoladeCard:
    """One fanned card: ``card`` is ``people-attribute``; ``alternatives`` the other faces it
    could be when not sure (best first)."""

    seat: int
    position: int
    """Fan order: row by row, left to right (from the player's seat)."""
    card: str
    confidence: float
    sure: bool
    alternatives: tuple[str, ...] = ()
    where_mm: tuple[float, float] = (0.0, 0.0)
    """Player-local corner (mm): where to point at it when asking."""
    wild: bool = False
    """A wild token lies on this card's strip."""
    wild_unsure: bool = False
    """Not surely: a wild token may lie on this card's strip (``wild`` is False)."""
    covered: bool = False
    """Its index's icon matches no attribute's art (``ICON_LEGIBLE``), or its corner does not show
    at all (counted in a gap, ``_unseen_gap_cards``): something covers it; not sure, every face
    among the alternatives."""
    band_seen: bool = False
    """A covered card whose own colour band shows past the hand and names its people
    (``_seen_band_people``): ``card`` is of that people, the attribute still unknown."""


@dataclass(frozen=True)
class MaybeCard:
    """A place past a row's covered end where one more card may lie under a hand (the photo
    cannot tell): asked, "no card" or which card."""

    seat: int
    row: int
    """The fan's row, from 0."""
    place: int
    """The card's place in its row, from 1 (one past the row's cards read, or more)."""
    where_mm: tuple[float, float] = (0.0, 0.0)
    band_people: str = ""
    """A card's own colour band shows at this place beside the hand (``PAST_BANDS_SEEN``,
    ``_cards_past_showing``): its people ("" where none shows). The place is still asked ("no
    card" among the answers); a card of that people is its default."""


@dataclass(frozen=True)
class SeatAccolades:
    seat: int
    cards: tuple[AccoladeCard, ...]
    problem: str = ""
    """Why the fan cannot be read at all (a hand over it, cut off by the photo's edge); empty
    when it was read."""
    maybe: tuple[MaybeCard, ...] = ()
    """Places past a row's covered end where a card may lie (``_covered_row_ends``)."""

    @property
    def doubts(self) -> tuple[AccoladeCard, ...]:
        return tuple(c for c in self.cards if not c.sure)



@lru_cache(maxsize=1)
def _face_templates() -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """Names and, per face and turn (the JITTER angles), the card's people part (initial and
    colour band) and attribute part (the index's icon) at PX_PER_MM, each normalised per
    channel; shapes (faces, turns, features). Drawn at 2x and shrunk, as a camera sees it, once
    per version of the code that draws them (``vision.template_cache``)."""
    arrays = cached_arrays("open-season-accolade-faces", (*ART_MODULES, sys.modules[__name__]),
                           _draw_face_templates)
    return tuple(str(n) for n in arrays["names"]), arrays["people"], arrays["attributes"]


def _draw_face_templates() -> dict[str, np.ndarray]:
    density = PX_PER_MM * 2
    w, h = (int(round(v * density)) for v in art.CARD_SIZE_MM)
    names = []
    people, attrs = [], []
    for p in art.PEOPLES:
        for a in art.ATTRIBUTES:
            img = _over_mat(art.draw_card(p, a, w, h, density))
            rows_p, rows_a = [], []
            for ang in ANGLES:
                patch = cv2.GaussianBlur(_cut_corner(img, density, ang), (0, 0), BLUR_PX)
                pp, pa = _split(patch[None])
                rows_p.append(pp[0])
                rows_a.append(pa[0])
            names.append(f"{p}-{a}")
            people.append(np.stack(rows_p))
            attrs.append(np.stack(rows_a))
    return {"names": np.array(names), "people": np.stack(people), "attributes": np.stack(attrs)}


def _lab(bgr: np.ndarray) -> np.ndarray:
    """CIE Lab (L 0-100) of BGR colours (N, 3)."""
    px = np.clip(np.asarray(bgr, np.float32).reshape(1, -1, 3) / 255.0, 0, 1)
    return cv2.cvtColor(px, cv2.COLOR_BGR2LAB).reshape(-1, 3)


PEOPLE_LAB = _lab(np.array([art.PEOPLE_RGB[p][::-1] for p in art.PEOPLES], np.float32))
"""The colour bands' print colours."""


def _band_lab(patch: np.ndarray) -> np.ndarray:
    """Median colour (Lab) of the colour band below a corner's index."""
    y0, y1 = (int(round(v * PX_PER_MM)) for v in BAND_ROWS_MM)
    x0, x1 = int(round(3.5 * PX_PER_MM)), int(round(10.5 * PX_PER_MM))
    px = patch[y0:y1, x0:x1].reshape(-1, 3)
    return np.asarray(_lab(np.median(px, axis=0)[None])[0])


def _split(patches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(people features, attribute features) of corner patches (N, h, w, 3): the initial and
    the band (rows above and below the icon) and the icon (rows ATTR_ROWS_MM)."""
    y0, y1 = (int(round(v * PX_PER_MM)) for v in ATTR_ROWS_MM)
    x0 = int(round(2.0 * PX_PER_MM))
    people = np.concatenate([patches[:, :y0].reshape(len(patches), -1, 3),
                             patches[:, y1:].reshape(len(patches), -1, 3)], axis=1)
    icon = patches[:, y0:y1, x0:].reshape(len(patches), -1, 3)
    return _norm_batch(people), _norm_batch(icon)


def _over_mat(bgra: np.ndarray) -> np.ndarray:
    alpha = bgra[:, :, 3:4].astype(np.float32) / 255.0
    mat = np.zeros_like(bgra[:, :, :3], dtype=np.float32)
    mat[:] = (90, 60, 40)
    return (bgra[:, :, :3].astype(np.float32) * alpha + mat * (1 - alpha)).astype(np.uint8)


def _cut_corner(img: np.ndarray, density: float, angle_deg: float) -> np.ndarray:
    """The card's top-left INDEX_MM corner, turned by ``angle_deg`` about the corner, at
    PX_PER_MM (so a patch sampled at a turned pose compares with it)."""
    side_w, side_h = (int(round(v * PX_PER_MM)) for v in INDEX_MM)
    scale = density / PX_PER_MM
    c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    # output (u, v) px -> card px: rotate the patch frame by angle about the corner
    m = np.array([[c * scale, -s * scale, 0.0], [s * scale, c * scale, 0.0]], np.float32)
    big = cv2.GaussianBlur(img, (0, 0), scale * 0.5)
    return cv2.warpAffine(big, m, (side_w, side_h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def _norm_batch(pixels: np.ndarray) -> np.ndarray:
    """(N, pixels, 3) -> (N, features): zero mean and unit norm per colour channel."""
    p = pixels.astype(np.float32)
    p = p - p.mean(axis=1, keepdims=True)
    n = np.sqrt((p * p).sum(axis=1, keepdims=True))
    return (p / np.maximum(n, 1e-3)).reshape(len(p), -1) / math.sqrt(3.0)


@lru_cache(maxsize=1)
def _corner_template() -> np.ndarray:
    """The corner pattern on a colourfulness image, down a strip of the card as narrow as any
    fan leaves (11.5 mm): cream margin and index box (0) over the people's colour band (1, from
    19.5 to 39.4 mm) over cream again."""
    w, h = (int(round(v * PX_PER_MM)) for v in CORNER_TEMPLATE_MM)
    t = np.zeros((h, w), np.float32)
    margin = int(round(2.5 * PX_PER_MM))
    band0, band1 = int(round(19.5 * PX_PER_MM)), int(round(39.4 * PX_PER_MM))
    t[band0:band1, margin:] = 1.0
    return t


@lru_cache(maxsize=1)
def _corner_mask() -> np.ndarray:
    """The corner template's mask: the index's initial and icon (people- and attribute-coloured
    ink, any colourfulness) are left out."""
    t = _corner_template()
    m = np.ones_like(t)
    y0, y1 = int(round(3.0 * PX_PER_MM)), int(round(18.5 * PX_PER_MM))
    x0, x1 = int(round(3.5 * PX_PER_MM)), int(round(10.5 * PX_PER_MM))
    m[y0:y1, x0:x1] = 0.0
    return m


class AccoladeReader:
    """Reads every seat's fanned accolades from photos seen through one table geometry."""

    def __init__(self, view: TableView, num_players: int, model: AccoladeModel | None = None) -> None:
        """``model``: the learned classifiers (default: models/open_season_accolades.npz; without
        it the art's corners are matched, much less surely)."""
        self.model = model if model is not None else load_model()
        if num_players not in SEAT_SIDES:
            raise ValueError(f"Open Season is for 2-4 players, not {num_players}")
        self.view = view
        self.num_players = num_players
        w = int(round((AREA_X[1] - AREA_X[0]) * PX_PER_MM))
        h = int(round((RECT_Y[1] - RECT_Y[0]) * PX_PER_MM))
        # the maps are smooth: project a coarse grid (every COARSE px) and interpolate
        cw, ch = w // COARSE + 2, h // COARSE + 2
        gx, gy = np.meshgrid(AREA_X[0] + (np.arange(cw) * COARSE + 0.5) / PX_PER_MM,
                             RECT_Y[0] + (np.arange(ch) * COARSE + 0.5) / PX_PER_MM)
        self._maps = []
        self._inside = []
        self._axes: dict[int, tuple[float, float]] = {}
        iw, ih = view.image_size
        for where in SEAT_SIDES[num_players]:
            ox, oy, yaw = personal_area_origin(where)
            c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
            x = ox + gx * c - gy * s
            y = oy + gx * s + gy * c
            px = view.project(np.stack([x.ravel(), y.ravel()], 1), PLANE_MM)
            mx = _upsample(px[:, 0].reshape(ch, cw), w, h)
            my = _upsample(px[:, 1].reshape(ch, cw), w, h)
            self._maps.append((mx, my))
            self._inside.append(bool(mx.min() >= 0 and my.min() >= 0 and mx.max() < iw and my.max() < ih))

    @classmethod
    def from_ground_truth(cls, gt: dict[str, Any], num_players: int,
                          model: AccoladeModel | None = None) -> AccoladeReader:
        cam = gt["camera"]
        view = TableView(np.asarray(gt["homography_table_to_image"]), (int(cam["width"]), int(cam["height"])),
                         np.asarray(cam["K"]), np.asarray(cam["dist"]))
        return cls(view, num_players, model)

    def rectified(self, image: np.ndarray, seat: int) -> np.ndarray:
        mx, my = self._maps[seat]
        return cv2.remap(image, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)

    def camera_pixels_per_mm(self, seat: int) -> float:
        """How many camera pixels one mm of ``seat``'s accolade area spans (along its more
        foreshortened axis): at 1280x720 0.6-0.9, where an attribute icon is a few pixels."""
        return self.camera_pixels_per_mm_axes(seat)[0]

    def camera_pixels_per_mm_axes(self, seat: int) -> tuple[float, float]:
        """Camera pixels per mm of ``seat``'s accolade area along its more foreshortened axis and
        along its sharper one (medians over the area): a tilted 1920x1080 photo and a flatter
        1280x720 one can share the first, never the second."""
        if seat not in self._axes:  # the scorer's note and the fan reading both ask (5 ms a seat)
            mx, my = self._maps[seat]
            along_x = float(np.median(np.hypot(np.diff(mx, axis=1), np.diff(my, axis=1))))
            along_y = float(np.median(np.hypot(np.diff(mx, axis=0), np.diff(my, axis=0))))
            self._axes[seat] = (min(along_x, along_y) * PX_PER_MM, max(along_x, along_y) * PX_PER_MM)
        return self._axes[seat]

    def card_stock_light(self, image: np.ndarray) -> np.ndarray:
        """(3,) BGR, green 1: the colour of the table's light, from the card stock of the fanned
        accolades (their brightest tenth, nearly all cream) against the art's cream, the median
        over the seats. A finished table's wall reader has no bare mat to measure the light on
        (``CardReader.table_light``); the fans lie beside the walls."""
        cream = np.array(art.CREAM_RGB[::-1], np.float64)
        seen = []
        for seat in range(self.num_players):
            stock = _card_stock_colour(self.rectified(image, seat))
            if stock is not None:
                gains = stock / cream
                seen.append(gains / max(float(gains[1]), 1e-6))
        return np.median(np.array(seen), axis=0) if seen else np.ones(3)

    def read(self, image: np.ndarray) -> dict[int, SeatAccolades]:
        return {seat: self.read_seat(image, seat) for seat in range(self.num_players)}

    def read_seat(self, image: np.ndarray, seat: int) -> SeatAccolades:
        who = f"player {seat + 1}"
        area = _white_balanced(self.rectified(image, seat))
        if not self._inside[seat]:
            return SeatAccolades(seat, (), f"{who}'s accolades are partly outside the photo")
        corners, unseen, maybe, problem = _fan_places(area, seat)
        if problem:
            return SeatAccolades(seat, (), problem)
        soft = cv2.GaussianBlur(area, (0, 0), BLUR_PX)
        col = _colourfulness(area)
        (wx0, wx1), (wy0, wy1) = ((int(round(a * PX_PER_MM)), int(round(b * PX_PER_MM))) for a, b in WILD_WINDOW_MM)
        model = self.model
        eyepatch_gap = eyepatch_logit_gap(*self.camera_pixels_per_mm_axes(seat))
        sharp = self.camera_pixels_per_mm_axes(seat)[1] >= EYEPATCH_SHARP_PX_PER_MM  # a covered icon is told
        cards = []
        any_face: dict[int, tuple[str, ...]] = {}
        strip_end = _strip_ends(corners)
        for pos, (x, y) in enumerate(corners):
            covered = False
            band_seen = False
            pose = (0.0, 0.0, 0.0)  # the corner pattern placed it to a pixel
            lx = round(AREA_X[0] + x / PX_PER_MM, 1)
            ly = round(RECT_Y[0] + y / PX_PER_MM, 1)
            if model is None:
                card, confidence, alts = _template_read(soft, x, y)
                sure = confidence >= MARGIN
            else:
                fp, fa = pose_features(soft, x, y, pose)
                pp = _softmax(model.people(fp).mean(axis=0))
                la = model.attribute(fa).mean(axis=0)
                pa = _softmax(la)
                ip, ia = int(np.argmax(pp)), int(np.argmax(pa))
                card = f"{art.PEOPLES[ip]}-{art.ATTRIBUTES[ia]}"
                confidence = float(min(pp[ip], pa[ia]))
                sure = confidence >= SURE_PROBABILITY
                joint = np.outer(pp, pa).ravel()
                order = np.argsort(-joint)
                alts = tuple(f"{art.PEOPLES[k // 5]}-{art.ATTRIBUTES[k % 5]}" for k in order[1:4]
                             if joint[k] >= 0.01)
                if sure and eyepatch_lookalike(la, ia, eyepatch_gap):
                    # an eyepatch read as a dagger or crown looks so (the art too): asked, eyepatch first
                    sure = False
                    rest = [art.ATTRIBUTES[k] for k in np.argsort(-pa) if k != ia and art.ATTRIBUTES[k] != "eyepatch"]
                    alts = tuple(f"{art.PEOPLES[ip]}-{a}" for a in ["eyepatch", *rest])
                any_face[pos] = every_other_face(pp, pa)
                art_scores = _art_icon_scores(soft, x, y, art.PEOPLES[ip])
                covered = pos in unseen or (sharp and icon_covered(art_scores))
                if covered:
                    # no icon shows: the classifiers read the cover (a fingertip); any face may lie there
                    sure = False
                    alts = every_other_face(pp, pa)
                    seen_people = _seen_band_people(area, float(x), float(y), strip_end[pos]) \
                        if COVERED_BAND_PEOPLE else None
                    if seen_people is not None:
                        # the card's own band shows beside the hand: its people, the attribute unknown
                        band_seen = True
                        if seen_people != art.PEOPLES[ip]:
                            new = f"{seen_people}-{art.ATTRIBUTES[ia]}"
                            alts = tuple(o for o in (card, *alts) if o != new)
                            card = new
                elif sure and SECOND_OPINION:
                    # the classifier is sure: the art's icon must agree (a blurred icon in dim light
                    # gave the classifier a confident wrong attribute; the art matched another)
                    if art_disagrees(art_scores, ia):
                        other = art.ATTRIBUTES[int(np.argmax(art_scores))]
                        sure = False
                        # the people is sure: any of its attributes, the art's first, then by probability
                        rest = [art.ATTRIBUTES[k] for k in np.argsort(-pa) if k != ia and art.ATTRIBUTES[k] != other]
                        alts = tuple(f"{art.PEOPLES[ip]}-{a}" for a in [other, *rest])
                if sure or (BAND_NAMES_UNSURE and not covered):
                    hue_people = band_people(_band_lab(_sample_corner(area, float(x), float(y), 0.0)))
                    if hue_people is not None and hue_people != art.PEOPLES[ip]:
                        # the band's hue names another people (glare fooled the classifiers): asked,
                        # the band's people first, the classifiers' card (and its alternatives) next
                        rest = [art.ATTRIBUTES[k] for k in np.argsort(-pa) if k != ia]
                        new = f"{hue_people}-{art.ATTRIBUTES[ia]}"
                        before = (card, *alts) if not sure else (card,)
                        alts = tuple(dict.fromkeys(o for o in (*before, *(f"{hue_people}-{a}" for a in rest))
                                                   if o != new))
                        card, sure = new, False
            window = col[int(y) + wy0:int(y) + wy1, int(x) + wx0:int(x) + wx1]
            share = float((window > 0.5).mean()) if window.size and pos not in unseen else 0.0
            cards.append(AccoladeCard(seat, pos, card, round(confidence, 4), sure,
                                      () if sure else alts, (lx, ly), share >= WILD_SHARE,
                                      WILD_UNSURE <= share < WILD_SHARE, covered, band_seen))
        return SeatAccolades(seat, _beside_covered(cards, corners, any_face), maybe=tuple(maybe))


def _fan_places(area: np.ndarray, seat: int
                ) -> tuple[list[tuple[float, float]], set[int], list[MaybeCard], str]:
    """Where a seat's fanned cards lie in its white-balanced area: their corners in fan order, the
    places among them counted unseen (under a hand, in a gap), the places past a row's covered end
    that may hold one more card, and why the fan cannot be read ("" when it can)."""
    who = f"player {seat + 1}"
    hand = f"a hand covers part of {who}'s accolades: retake the photo"
    # a hand-sized skin blob: the fan is read only when every corner shows (a hand over a
    # row's end asked, ``_covered_row_ends``), nothing counted under it (tuning 91141: an arm
    # over both rows' last cards, all 16 corners found)
    large_hand = _skin_area_mm2(area) > SKIN_MM2
    corners = _find_corners(area)
    if not corners:
        return [], set(), [], hand if large_hand else f"no accolade cards found in {who}'s personal area"
    corners = _gap_cards(area, corners)
    hidden = _fan_gap(area, corners)
    if hidden.startswith(GAP_WORDS):
        kept = _stray_row_ends(area, corners)
        if len(kept) < len(corners):
            corners, hidden = kept, _fan_gap(area, kept)
    if hidden == LAST_COVERED:
        more = _weak_last_cards(area, corners)
        if len(more) > len(corners):
            corners, hidden = more, _fan_gap(area, more)
    unseen: set[int] = set()
    if (HAND_GAPS_COUNTED or not large_hand) and (hidden.startswith(GAP_WORDS) or hidden in (LEFT_END, SHORT_ROW)):
        counted = _unseen_gap_cards(corners)
        if counted is not None and _fan_gap(area, counted[0]) in ("", LAST_COVERED, *ENDS_COUNTED):
            corners, unseen = counted
            hidden = _fan_gap(area, corners)
    masks = _end_masks(area)
    if not hidden and not all(_row_ends_at_last_card(area, row, masks) for row in _rows(corners)):
        # a row's last card seems whole, but a hand may hide the cards past it (91506)
        hidden = LAST_COVERED
    maybe: list[MaybeCard] = []
    if hidden == LAST_COVERED or hidden in ENDS_COUNTED:
        ends = _covered_row_ends(area, corners, unseen, seat, masks)
        if ends is not None and not _fan_gap(area, ends[0], last_card=False):
            corners, unseen, maybe = ends[0], ends[1], ends[2]
            hidden = ""
    if large_hand and (hidden or (len(_rows(corners)) < len(FAN_ROWS_Y) and not _no_row_below(area))):
        return [], set(), [], hand
    if hidden:
        # most often a hand over the fan's corners (fresh 12 MP 90660, 90662: fingers over the
        # first row's left end, over three cards' indices), else cards piled
        return [], set(), [], (f"part of {who}'s accolades cannot be seen ({hidden}): take away what "
                              "covers them (a hand?) or fan them out again, and retake the photo")
    return corners, unseen, maybe, ""


def _beside_covered(cards: list[AccoladeCard], corners: list[tuple[float, float]],
                    any_face: dict[int, tuple[str, ...]]) -> tuple[AccoladeCard, ...]:
    """The cards, each one read not surely beside a covered card of its row asked as covered (every
    face): the hand over its neighbour may lie over its icon or band too, and the classifiers'
    few alternatives read the hand (tuning 91012, 12 MP: a fingertip over card 4's icon and band,
    beside covered card 3; read dwarf-earrings, truth mage-earrings, not among the options)."""
    row_of = [r for r, row in enumerate(_rows(corners)) for _ in row]
    out = list(cards)
    for c in cards:
        if c.sure or c.covered or c.position not in any_face:
            continue
        beside = [n for n in (c.position - 1, c.position + 1) if 0 <= n < len(cards)
                  and row_of[n] == row_of[c.position] and cards[n].covered]
        if beside:
            out[c.position] = replace(c, alternatives=any_face[c.position], covered=True)
    return tuple(out)


def _strip_ends(corners: list[tuple[float, float]]) -> list[float]:
    """Per card (fan order), the area x where its own strip ends: the next card's corner in its
    row, or its right edge (the row's last card shows whole)."""
    out: list[float] = []
    for row in _rows(corners):
        out.extend([x for x, _ in row[1:]] + [row[-1][0] + art.CARD_SIZE_MM[0] * PX_PER_MM])
    return out


def _seen_band_people(area: np.ndarray, x: float, y: float, strip_end: float) -> str | None:
    """The people a covered fanned card's own colour band names where no hand lies over it: the
    band's rows (``BAND_ROWS_MM``) across the card's strip (from its corner to ``strip_end``, a
    mm in from each side), each pixel that is not skin-coloured (``SKIN_CR``, ``SKIN_CB``,
    ``SKIN_MIN_Y``) counted for the people whose band hue and chroma it has (``BAND_HUE_DEG``);
    a people is named when at least ``BAND_SEEN_MM2`` of the strip votes for it and
    ``BAND_SEEN_SHARE`` of the votes do. None: too little of the band shows (a dwarf's orange
    band lies in the skin range: under fingers it names nothing)."""
    x1 = min(strip_end - PX_PER_MM, x + (art.CARD_SIZE_MM[0] - 1) * PX_PER_MM)
    return _band_people_between(area, x + PX_PER_MM, x1, y, BAND_SEEN_MM2)


def _band_people_between(area: np.ndarray, x0: float, x1: float, y: float, least_mm2: float) -> str | None:
    """The people the colour band rows (``BAND_ROWS_MM`` below a corner at height ``y``) name
    between area columns ``x0`` and ``x1``: each pixel that is not skin-coloured votes for the
    people whose band hue and chroma it has (``BAND_HUE_DEG``); named when at least ``least_mm2``
    votes for one people and ``BAND_SEEN_SHARE`` of the votes do, else None."""
    y0, y1 = (int(round(y + v * PX_PER_MM)) for v in BAND_ROWS_MM)
    patch = area[max(y0, 0):max(y1, 0), max(int(round(x0)), 0):max(int(round(x1)), 0)]
    if patch.size == 0:
        return None
    ycc = cv2.cvtColor(patch, cv2.COLOR_BGR2YCrCb).reshape(-1, 3).astype(np.float32)
    skin = ((ycc[:, 0] >= SKIN_MIN_Y) & (ycc[:, 1] >= SKIN_CR[0]) & (ycc[:, 1] <= SKIN_CR[1])
            & (ycc[:, 2] >= SKIN_CB[0]) & (ycc[:, 2] <= SKIN_CB[1]))
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    a, b = lab[:, 1] - 128.0, lab[:, 2] - 128.0
    chroma = np.hypot(a, b)
    hue = np.degrees(np.arctan2(b, a)) % 360.0
    votes = {p: int(((hue >= lo) & (hue <= hi) & (chroma >= least) & ~skin).sum())
             for p, (lo, hi, least) in BAND_HUE_DEG.items()}
    best = max(votes, key=lambda p: votes[p])
    total = sum(votes.values())
    if votes[best] < least_mm2 * PX_PER_MM ** 2 or votes[best] < BAND_SEEN_SHARE * total:
        return None
    return best


def _cards_past_showing(area: np.ndarray, row: list[tuple[float, float]], step: float, most: int) -> list[str]:
    """The peoples of the cards past a row's last found card (up to ``most``) whose own colour bands
    show beside the hand: card ``k`` (from 1) shows when the band rows between the right edge of the
    card before it and a step past that edge (a mm in from each side) name a people from
    ``BAND_PAST_MM2`` (``_band_people_between``); the list stops at the first that does not.
    ``step``: the row's mean step (area px)."""
    x, y = row[-1]
    slope = float(np.polyfit([c[0] for c in row], [c[1] for c in row], 1)[0]) if len(row) >= 2 else 0.0
    width = art.CARD_SIZE_MM[0] * PX_PER_MM
    shown: list[str] = []
    for k in range(1, most + 1):
        edge = x + (k - 1) * step + width
        people = _band_people_between(area, edge + PX_PER_MM, edge + step - PX_PER_MM, y + slope * k * step,
                                      BAND_PAST_MM2)
        if people is None:
            break
        shown.append(people)
    return shown


def _jitter_scores(soft: np.ndarray, x: float, y: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The corner sampled in every JITTER pose, and each face's people and attribute
    correlation there (faces x poses)."""
    _names, people_t, attr_t = _face_templates()
    patches = np.stack([_sample_corner(soft, x + dx * PX_PER_MM, y + dy * PX_PER_MM, ang)
                        for dx, dy, ang in JITTER])
    fp, fa = _split(patches)
    turn = [ANGLES.index(ang) for _dx, _dy, ang in JITTER]
    sp = np.einsum("ftk,jk->fjt", people_t, fp)[:, np.arange(len(JITTER)), turn]
    sa = np.einsum("ftk,jk->fjt", attr_t, fa)[:, np.arange(len(JITTER)), turn]
    return patches, sp, sa


_POSES_BY_TURN = {t: [j for j, (_dx, _dy, ang) in enumerate(JITTER) if ANGLES.index(ang) == t]
                  for t in range(len(ANGLES))}
"""The JITTER poses (indices) at each turn of ANGLES."""


def _art_icon_scores(soft: np.ndarray, x: float, y: float, people: str) -> np.ndarray:
    """How well the card's icon matches each attribute's art corner of ``people``'s faces (the
    best normalised correlation over the JITTER poses; ATTRIBUTES order): the second opinion a
    sure classifier reading is checked against. Only the icon's rows are sampled and normalised
    (the people's part is not needed here)."""
    _names, _people_t, attr_t = _face_templates()
    first = art.PEOPLES.index(people) * len(art.ATTRIBUTES)
    faces = attr_t[first:first + len(art.ATTRIBUTES)]
    y0, y1 = (int(round(v * PX_PER_MM)) for v in ATTR_ROWS_MM)
    x0 = int(round(2.0 * PX_PER_MM))
    icons = np.stack([_sample_corner(soft, x + dx * PX_PER_MM, y + dy * PX_PER_MM, ang)[y0:y1, x0:]
                      for dx, dy, ang in JITTER])
    fa = _norm_batch(icons.reshape(len(icons), -1, 3))
    # each pose against the faces turned as it is (not every turn: a third of the products)
    sa = np.empty((len(faces), len(JITTER)), np.float32)
    for t, poses in _POSES_BY_TURN.items():
        sa[:, poses] = faces[:, t, :] @ fa[poses].T
    return np.asarray(sa.max(axis=1))


def eyepatch_logit_gap(foreshortened_px_per_mm: float, sharper_px_per_mm: float) -> float:
    """How far under a dagger or crown reading the eyepatch's logit must lie for the reading to be
    sure, given how many camera pixels per mm the accolades get along each axis: the coarser
    the icon, the more an eyepatch looks like them (``EYEPATCH_COARSE_*``, ``EYEPATCH_SHARP_*``)."""
    if foreshortened_px_per_mm < EYEPATCH_COARSE_PX_PER_MM:
        return EYEPATCH_COARSE_LOGIT_GAP
    if sharper_px_per_mm >= EYEPATCH_SHARP_PX_PER_MM:
        return EYEPATCH_SHARP_LOGIT_GAP
    return EYEPATCH_LOGIT_GAP


def eyepatch_lookalike(logits: np.ndarray, attribute: int, gap: float = EYEPATCH_LOGIT_GAP) -> bool:
    """The classifiers' attribute (index) is one an eyepatch is misread as, and the eyepatch's
    averaged logit lies under it by less than ``gap`` (``eyepatch_logit_gap``)."""
    eyepatch = art.ATTRIBUTES.index("eyepatch")
    return (art.ATTRIBUTES[attribute] in EYEPATCH_LOOKALIKES
            and float(logits[attribute] - logits[eyepatch]) < gap)


def band_people(lab: np.ndarray) -> str | None:
    """The one people whose band hue range (``BAND_HUE_DEG``) holds this band colour (Lab) at its
    chroma; None where none or two do."""
    hue = math.degrees(math.atan2(float(lab[2]), float(lab[1]))) % 360.0
    chroma = math.hypot(float(lab[1]), float(lab[2]))
    named = [p for p, (lo, hi, least) in BAND_HUE_DEG.items() if lo <= hue <= hi and chroma >= least]
    return named[0] if len(named) == 1 else None


def icon_covered(art_scores: np.ndarray) -> bool:
    """No attribute's art matches the card's icon (``ICON_LEGIBLE``): the icon does not show."""
    return bool(float(art_scores.max()) < ICON_LEGIBLE)


def every_other_face(people_p: np.ndarray, attribute_p: np.ndarray) -> tuple[str, ...]:
    """Every face but the best, the read people's first (by the attribute's probability), then the
    other peoples' in order of the people's probability: a card whose index is covered may be any."""
    peoples = np.argsort(-people_p, kind="stable")
    attributes = np.argsort(-attribute_p, kind="stable")
    faces = [f"{art.PEOPLES[p]}-{art.ATTRIBUTES[a]}" for p in peoples for a in attributes]
    return tuple(faces[1:])


def art_disagrees(art_scores: np.ndarray, attribute: int) -> bool:
    """The art's icon speaks against the classifiers' ``attribute``: another attribute's art
    matches the icon better by more than ART_VETO_MARGIN."""
    others = np.delete(art_scores, attribute)
    return bool(float(others.max()) - float(art_scores[attribute]) > ART_VETO_MARGIN)


def best_pose(soft: np.ndarray, x: float, y: float) -> tuple[float, float, float]:
    """(dx mm, dy mm, turn degrees) of the JITTER pose where the corner best matches some face."""
    _patches, sp, sa = _jitter_scores(soft, x, y)
    return JITTER[int(np.argmax((sp + sa).max(axis=0)))]


def _template_read(soft: np.ndarray, x: float, y: float) -> tuple[str, float, tuple[str, ...]]:
    """Without a trained model: the face whose art corner matches best, and its margin."""
    names = _face_templates()[0]
    patches, sp, sa = _jitter_scores(soft, x, y)
    colour = np.linalg.norm(PEOPLE_LAB - _band_lab(patches[JITTER.index((0.0, 0.0, 0.0))]), axis=1)
    score = (sp + sa).max(axis=1) - COLOUR_WEIGHT * np.repeat(colour, len(art.ATTRIBUTES))
    best = int(np.argmax(score))
    bp, ba = names[best].split("-")
    other_people = max(float(score[k]) for k, n in enumerate(names) if n.split("-")[0] != bp)
    other_attr = max(float(score[k]) for k, n in enumerate(names) if n.split("-")[1] != ba)
    margin = min(float(score[best]) - other_people, float(score[best]) - other_attr)
    order = np.argsort(-score)
    return names[best], margin, tuple(names[k] for k in order[1:4] if score[k] >= score[best] - 3 * MARGIN)


def pose_features(soft: np.ndarray, x: float, y: float,
                  pose: tuple[float, float, float]) -> tuple[np.ndarray, np.ndarray]:
    """The learned classifiers' inputs at FINE_POSES around ``pose``: (people features: the
    initial and the band's colour; attribute features: the index icon), one row per pose.
    Every pose is sampled by one remap (the poses' grids stacked)."""
    dx0, dy0, ang = pose
    side_w, side_h = (int(round(v * PX_PER_MM)) for v in INDEX_MM)
    u, v = _patch_grid()
    mx = np.empty((len(FINE_POSES) * side_h, side_w), np.float32)
    my = np.empty_like(mx)
    for k, (fx, fy, fa) in enumerate(FINE_POSES):
        c, s = math.cos(math.radians(ang + fa)), math.sin(math.radians(ang + fa))
        mx[k * side_h:(k + 1) * side_h] = c * u - s * v + x + (dx0 + fx) * PX_PER_MM
        my[k * side_h:(k + 1) * side_h] = s * u + c * v + y + (dy0 + fy) * PX_PER_MM
    patches = cv2.remap(soft, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    patches = patches.reshape(len(FINE_POSES), side_h, side_w, 3).astype(np.float32)
    half = cv2.resize(patches.reshape(-1, side_w, 3), (side_w // 2, len(patches) * side_h // 2),
                      interpolation=cv2.INTER_AREA).reshape(len(patches), side_h // 2, side_w // 2, 3)
    r = PX_PER_MM / 2
    ly0, ly1 = int(round(2.5 * r)), int(round(ATTR_ROWS_MM[0] * r))
    ay0, ay1 = int(round(ATTR_ROWS_MM[0] * r)), int(round(ATTR_ROWS_MM[1] * r))
    x0, x1 = int(round(2.0 * r)), int(round(11.5 * r))
    letter = _norm_batch(half[:, ly0:ly1, x0:x1].reshape(len(half), -1, 3))
    centre = FINE_POSES.index((0.0, 0.0, 0.0))
    band = np.repeat((_band_lab(patches[centre].astype(np.uint8)) / BAND_LAB_SCALE)[None], len(patches), axis=0)
    if ICON_FULL:
        fy0, fy1 = int(round(ATTR_ROWS_MM[0] * PX_PER_MM)), int(round(ATTR_ROWS_MM[1] * PX_PER_MM))
        fx0, fx1 = int(round(2.0 * PX_PER_MM)), int(round(11.5 * PX_PER_MM))
        icon = _norm_batch(patches[:, fy0:fy1, fx0:fx1].reshape(len(patches), -1, 3))
    else:
        icon = _norm_batch(half[:, ay0:ay1, x0:x1].reshape(len(half), -1, 3))
    return np.concatenate([letter, band], axis=1), icon


@lru_cache(maxsize=1)
def _patch_grid() -> tuple[np.ndarray, np.ndarray]:
    side_w, side_h = (int(round(v * PX_PER_MM)) for v in INDEX_MM)
    u, v = np.meshgrid(np.arange(side_w, dtype=np.float32), np.arange(side_h, dtype=np.float32))
    return u, v


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return np.asarray(e / e.sum())


@dataclass(frozen=True)
class AccoladeModel:
    """Two linear discriminants (shrunk LDA, fitted on rendered tables by
    bench/train_open_season_accolades.py): people from the initial and band, attribute from
    the icon. Logits per pose row."""

    people_w: np.ndarray
    people_b: np.ndarray
    attr_w: np.ndarray
    attr_b: np.ndarray

    def people(self, f: np.ndarray) -> np.ndarray:
        return np.asarray(f @ self.people_w + self.people_b)

    def attribute(self, f: np.ndarray) -> np.ndarray:
        return np.asarray(f @ self.attr_w + self.attr_b)

    def save(self, path: Path) -> None:
        # float64: the discriminants' terms are large and cancel (float32 moved 20 of 299 cards
        # on the tuning tables from sure to unsure)
        np.savez_compressed(path, people_w=self.people_w.astype(np.float64), people_b=self.people_b.astype(np.float64),
                            attr_w=self.attr_w.astype(np.float64), attr_b=self.attr_b.astype(np.float64))


def load_model(path: Path | None = None) -> AccoladeModel | None:
    path = MODEL_PATH if path is None else path
    if not path.exists():
        return None
    with np.load(path) as z:
        return AccoladeModel(z["people_w"], z["people_b"], z["attr_w"], z["attr_b"])


def fit_lda(x: np.ndarray, y: np.ndarray, classes: int, shrink: float) -> tuple[np.ndarray, np.ndarray]:
    """Shrunk linear discriminant: (weights (features, classes), biases) giving log-odds up to
    a constant; equal priors."""
    means = np.stack([x[y == c].mean(axis=0) for c in range(classes)])
    centred = x - means[y]
    cov = centred.T @ centred / max(len(x) - classes, 1)
    d = cov.shape[0]
    cov = (1 - shrink) * cov + shrink * np.trace(cov) / d * np.eye(d)
    inv = np.linalg.inv(cov)
    w = inv @ means.T
    b = -0.5 * np.einsum("cd,dc->c", means, w)
    return w, b


def _upsample(coarse: np.ndarray, w: int, h: int) -> np.ndarray:
    """Bilinear fill of a map sampled every COARSE px (exact at the samples)."""
    ch, cw = coarse.shape
    xs = np.arange(w) / COARSE
    ys = np.arange(h) / COARSE
    x0 = np.minimum(xs.astype(int), cw - 2)
    y0 = np.minimum(ys.astype(int), ch - 2)
    fx = (xs - x0)[None, :]
    fy = (ys - y0)[:, None]
    a = coarse[y0][:, x0]
    b = coarse[y0][:, x0 + 1]
    c = coarse[y0 + 1][:, x0]
    d = coarse[y0 + 1][:, x0 + 1]
    return ((a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy).astype(np.float32)


def _sample_corner(area: np.ndarray, x: float, y: float, angle_deg: float) -> np.ndarray:
    side_w, side_h = (int(round(v * PX_PER_MM)) for v in INDEX_MM)
    c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    m = np.array([[c, -s, x], [s, c, y]], np.float32)
    return cv2.warpAffine(area, m, (side_w, side_h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def _card_stock_colour(area: np.ndarray) -> np.ndarray | None:
    """(3,) BGR: the mean of the area's brightest tenth (nearly all cream card stock); None when
    too little of it shows."""
    grey = cv2.cvtColor(area, cv2.COLOR_BGR2GRAY)
    mask = (grey >= _percentile_u8(grey, 90)).astype(np.uint8)
    if int(mask.sum()) < 50:
        return None
    return np.array(cv2.mean(area, mask=mask)[:3], np.float64)


def _white_balanced(area: np.ndarray) -> np.ndarray:
    """Scale the channels so that the card stock (the brightest tenth of the area, nearly all
    cream) reads as the art's cream: the lamps' colour and brightness out of the way."""
    stock = _card_stock_colour(area)
    if stock is None:
        return area
    ref = stock.astype(np.float32)
    cream = np.array(art.CREAM_RGB[::-1], np.float32)
    gains = cream / np.maximum(ref, 1.0)
    lut = np.clip(np.arange(256, dtype=np.float32)[:, None] * gains[None, :], 0, 255).astype(np.uint8)
    return cv2.merge([cv2.LUT(area[..., c], lut[:, c]) for c in range(3)])


def _percentile_u8(grey: np.ndarray, q: float) -> int:
    """The ``q`` th percentile of an 8-bit image, from its histogram (fast)."""
    hist = np.bincount(grey.ravel(), minlength=256)
    return int(np.searchsorted(np.cumsum(hist), q / 100.0 * grey.size))


def _colourfulness(area: np.ndarray) -> np.ndarray:
    """0 on cream card stock, 1 on a people's colour band (and on the dark mat)."""
    hsv = cv2.cvtColor(area, cv2.COLOR_BGR2HSV)
    grey = cv2.cvtColor(area, cv2.COLOR_BGR2GRAY)
    bright = grey.astype(np.float32)
    # cream: bright and nearly grey (relative to the area's own brightest, the light varies)
    top = float(_percentile_u8(grey, 98)) or 1.0
    sat = hsv[..., 1].astype(np.float32) / 255.0
    cream = np.clip((bright / top - 0.55) / 0.25, 0, 1) * np.clip((0.42 - sat) / 0.2, 0, 1)
    return 1.0 - cream


def _find_corners(area: np.ndarray) -> list[tuple[float, float]]:
    """Every card's top-left corner (rectified px), in fan order: rows top to bottom, each left
    to right."""
    col = _colourfulness(area)
    t = _corner_template()
    res = cv2.matchTemplate(col, t, cv2.TM_CCOEFF_NORMED, mask=_corner_mask())
    res = np.nan_to_num(res, nan=-1.0, posinf=-1.0, neginf=-1.0)
    # only where a row's card tops can lie
    allowed = np.zeros(res.shape[0], bool)
    for y_row in FAN_ROWS_Y:
        top = (y_row - CARD_H / 2 - RECT_Y[0]) * PX_PER_MM
        allowed[max(0, int(top - ROW_SLACK_MM * PX_PER_MM)):int(top + ROW_SLACK_MM * PX_PER_MM) + 1] = True
    r = np.where(allowed[:, None], res, -1.0).astype(np.float32)
    found: list[tuple[float, float, float]] = []
    min_d = MIN_STEP_MM * PX_PER_MM
    while True:
        _, val, _, (x, y) = cv2.minMaxLoc(r)
        if val < CORNER_MIN:
            break
        lab = _band_lab(_sample_corner(area, float(x), float(y), 0.0))
        if float(lab[0]) >= BAND_MIN_L:
            found.append((float(x), float(y), float(val)))
        x0, x1 = int(max(0, x - min_d)), int(x + min_d + 1)
        y0, y1 = int(max(0, y - 8 * PX_PER_MM)), int(y + 8 * PX_PER_MM + 1)
        r[y0:y1, x0:x1] = -1.0
    # rows: cluster by y (rows are ~60 mm apart)
    found.sort(key=lambda c: c[1])
    rows: list[list[tuple[float, float, float]]] = []
    for c in found:
        if rows and abs(c[1] - np.mean([d[1] for d in rows[-1]])) < 25 * PX_PER_MM:
            rows[-1].append(c)
        else:
            rows.append([c])
    out: list[tuple[float, float]] = []
    for row in rows:
        row = sorted(row)
        # a row may slope a little: fit its line, drop the worst outlier (a card's other,
        # turned index) until every corner lies on it
        while len(row) >= 3:
            xs, ys = np.array([c[0] for c in row]), np.array([c[1] for c in row])
            slope, icpt = np.polyfit(xs, ys, 1)
            resid = np.abs(ys - (slope * xs + icpt))
            worst = int(np.argmax(resid))
            if resid[worst] <= ROW_TOLERANCE_MM * PX_PER_MM:
                break
            row.pop(worst)
        if len(row) == 2 and abs(row[0][1] - row[1][1]) > ROW_TOLERANCE_MM * PX_PER_MM:
            row = [min(row, key=lambda c: -c[2])]
        out.extend((x, y) for x, y, _ in row)
    return out


def _fan_gap(area: np.ndarray, corners: list[tuple[float, float]], last_card: bool = True) -> str:
    """Why the fan seems to hide cards (a hand over it, cards piled), or "" when every card of
    it shows: each row starts at the fan's left end, its strips are at most MAX_STEP_MM apart,
    its last card shows whole (not checked when ``last_card`` is False: the rows' ends were
    measured, ``_covered_row_ends``), and the rows hold as many cards as a fan of that size does."""
    rows = _rows(corners)
    if len(rows) > len(FAN_ROWS_Y):
        return "more rows of cards than a fan has"
    for i, ys in enumerate([[c[1] for c in row] for row in rows]):
        if abs(float(np.mean(ys)) / PX_PER_MM + RECT_Y[0] - (FAN_ROWS_Y[i] - CARD_H / 2)) > ROW_PLACE_MM:
            return ROW_HIDDEN  # tuning 91125: an arm over the first row's corners, the second read as a fan
    k = len(corners)
    if [len(r) for r in rows] != accolade_fan_rows(k):
        return SHORT_ROW
    for r in rows:
        if r[0][0] / PX_PER_MM > FIRST_CARD_MM:
            return LEFT_END
        for (x0, _), (x1, _) in zip(r, r[1:]):
            if (x1 - x0) / PX_PER_MM > MAX_STEP_MM:
                return f"{GAP_WORDS}{(x1 - x0) / PX_PER_MM:.0f} mm between two cards"
        x, y = r[-1]
        if last_card and not _whole_card(area, x, y) and not _top_shows_whole(area, x, y):
            return LAST_COVERED
    return ""


ROW_HIDDEN = "a row of the fan lies where another should"
LEFT_END = "the left end of a row"
SHORT_ROW = "a row of the fan is short of cards"
"""Why ``_fan_gap`` refuses a fan whose rows do not hold a fan's counts: a row's left end hidden
is one cause (tuning 91012 at 1920x1080, two first cards under a hand), counted as a gap is."""
ENDS_COUNTED: tuple[str, ...] = (SHORT_ROW,)
"""``_fan_gap``'s reasons after which the rows' covered ends are counted (``_covered_row_ends``),
as for ``LAST_COVERED``: a row short of what the other row's cards ask for, its end under a hand
(sessions 46-53: refused)."""
GAP_WORDS = "a gap of "
"""How ``_fan_gap`` begins its reason for a row with a gap wider than ``MAX_STEP_MM``."""


def _unseen_gap_cards(corners: list[tuple[float, float]]) -> tuple[list[tuple[float, float]], set[int]] | None:
    """The corners with the cards each too-wide gap hides put in, evenly along the row, and their
    places in the fan; None when how many a gap hides is not clear from the row's own steps
    (``UNSEEN_FIT_Z``, ``UNSEEN_OTHER_Z``) or more are hidden than ``UNSEEN_CARDS_MAX``. Something
    lying across a fan's middle (an arm: tuning 90919, 90833) hides the corners there, and the cards
    on both sides show how far apart the hidden ones lie. A row whose left end is hidden (a hand over
    its first cards: tuning 91012) is counted from where another row begins (the fan's rows start
    together, ``_unseen_first_cards``)."""
    step = MAX_STEP_MM * PX_PER_MM
    rows = _rows(corners)
    begins = [r[0][0] for r in rows if r[0][0] / PX_PER_MM <= FIRST_CARD_MM]
    out: list[tuple[float, float]] = []
    unseen: set[int] = set()
    for row in rows:
        steps = [x1 - x0 for (x0, _), (x1, _) in zip(row, row[1:])]
        seen = [d for d in steps if d <= step]
        late = row[0][0] / PX_PER_MM > FIRST_CARD_MM
        if (late or any(d > step for d in steps)) and len(seen) < 2:
            return None  # too few steps show to measure the row's
        mean = float(np.mean(seen)) if seen else 0.0
        sigma = max(float(np.std(seen, ddof=1)) if len(seen) > 1 else 0.0, UNSEEN_STEP_SIGMA_MM * PX_PER_MM)
        if late:
            first = _unseen_first_cards(row, min(begins) if begins else None, mean, sigma)
            if first is None:
                return None
            unseen.update(range(len(out), len(out) + len(first)))
            out.extend(first)
        out.append(row[0])
        for (x0, y0), (x1, y1), d in zip(row, row[1:], steps):
            if d > step:
                best = _steps_in(d, mean, sigma, 2)
                if best is None:
                    return None
                for i in range(1, best):
                    unseen.add(len(out))
                    out.append((x0 + (x1 - x0) * i / best, y0 + (y1 - y0) * i / best))
            out.append((x1, y1))
    if len(unseen) > min(UNSEEN_CARDS_MAX, len(out) // 3):
        return None
    return out, unseen


def _steps_in(d: float, mean: float, sigma: float, least: int, start_sigma: float = 0.0) -> int | None:
    """How many of a row's steps (``mean``, spread ``sigma`` each) a distance ``d`` is, at least
    ``least``: the one count within ``UNSEEN_FIT_Z`` standard deviations with every other
    ``UNSEEN_OTHER_Z`` or more away, else None. ``start_sigma``: the spread of where ``d`` starts
    (another row's first card, not this row's)."""
    z = {m: abs(d - m * mean) / math.sqrt(m * sigma ** 2 + start_sigma ** 2)
         for m in range(least, int(d / (MIN_STEP_MM * PX_PER_MM)) + 2)}
    if not z:
        return None
    best = min(z, key=lambda m: z[m])
    if z[best] > UNSEEN_FIT_Z or any(v < UNSEEN_OTHER_Z for m, v in z.items() if m != best):
        return None
    return best


def _unseen_first_cards(row: list[tuple[float, float]], begin: float | None, mean: float,
                        sigma: float) -> list[tuple[float, float]] | None:
    """The corners of the cards hidden at a row's left end, counted in the row's own steps from
    ``begin`` (where another row's first card lies: a fan's rows begin within
    ``UNSEEN_START_SIGMA_MM`` of each other), on the row's line; None when no row shows its
    beginning or the count is not clear."""
    if begin is None:
        return None
    x0, y0 = row[0]
    m = _steps_in(x0 - begin, mean, sigma, 1, UNSEEN_START_SIGMA_MM * PX_PER_MM)
    if m is None:
        return None
    xs, ys = np.array([c[0] for c in row]), np.array([c[1] for c in row])
    slope = float(np.polyfit(xs, ys, 1)[0]) if len(row) >= 2 else 0.0
    out = []
    for i in range(m):
        x = begin + (x0 - begin) * i / m
        out.append((x, y0 + slope * (x - x0)))
    return out


def _stray_row_ends(area: np.ndarray, corners: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The corners less each row's last one that is no card's: more than ``MAX_STEP_MM`` past the
    card before it, which shows whole (nothing lies on it), and its colour band names no people
    (``band_people``; every band of 5,530 fanned cards named its own, session 43). Tuning 90987
    (1920x1080, blurred far seat): the last card's big emblem beside the dark mat matched the
    corner pattern 41 mm past its corner (0.69), band chroma 9, and the fan was refused for a gap."""
    out: list[tuple[float, float]] = []
    for row in _rows(corners):
        if len(row) >= 2:
            (x0, y0), (x1, y1) = row[-2], row[-1]
            if (x1 - x0 > MAX_STEP_MM * PX_PER_MM and _whole_card(area, x0, y0)
                    and band_people(_band_lab(_sample_corner(area, x1, y1, 0.0))) is None):
                row = row[:-1]
        out.extend(row)
    return out


def _rows(corners: list[tuple[float, float]]) -> list[list[tuple[float, float]]]:
    """Corners in fan order, grouped by row (rows are ~60 mm apart)."""
    rows: list[list[tuple[float, float]]] = []
    for x, y in corners:
        if rows and abs(y - rows[-1][-1][1]) < 25 * PX_PER_MM:
            rows[-1].append((x, y))
        else:
            rows.append([(x, y)])
    return rows


def _weak_last_cards(area: np.ndarray, corners: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The corners with, after each row whose last card does not show whole, the card lying on it
    when its corner scores ``LAST_CARD_MIN`` or more ``LAST_STEP_MM`` past it and it shows whole."""
    res = cv2.matchTemplate(_colourfulness(area), _corner_template(), cv2.TM_CCOEFF_NORMED, mask=_corner_mask())
    res = np.nan_to_num(res, nan=-1.0, posinf=-1.0, neginf=-1.0)
    out: list[tuple[float, float]] = []
    for row in _rows(corners):
        out.extend(row)
        x, y = row[-1]
        if _whole_card(area, x, y):
            continue
        x0, x1 = int(x + LAST_STEP_MM[0] * PX_PER_MM), int(x + LAST_STEP_MM[1] * PX_PER_MM) + 1
        y0, y1 = int(max(0, y - ROW_TOLERANCE_MM * PX_PER_MM)), int(y + ROW_TOLERANCE_MM * PX_PER_MM) + 1
        window = res[y0:y1, x0:x1]
        if window.size == 0:
            continue
        _, val, _, (wx, wy) = cv2.minMaxLoc(window)
        nx, ny = float(x0 + wx), float(y0 + wy)
        if (val >= LAST_CARD_MIN and float(_band_lab(_sample_corner(area, nx, ny, 0.0))[0]) >= BAND_MIN_L
                and _whole_card(area, nx, ny)):
            out.append((nx, ny))
    return out


def _gap_cards(area: np.ndarray, corners: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The corners, with a card's corner put in each gap of a row wider than ``MAX_STEP_MM`` when
    one scores ``GAP_CARD_MIN`` or more where it leaves steps of ``MIN_STEP_MM`` to ``MAX_STEP_MM``
    on both sides, on the row's line, and its band is a card's (``BAND_MIN_L``)."""
    rows = _rows(corners)
    step = MAX_STEP_MM * PX_PER_MM
    if all(x1 - x0 <= step for row in rows for (x0, _), (x1, _) in zip(row, row[1:])):
        return corners
    res = cv2.matchTemplate(_colourfulness(area), _corner_template(), cv2.TM_CCOEFF_NORMED, mask=_corner_mask())
    res = np.nan_to_num(res, nan=-1.0, posinf=-1.0, neginf=-1.0)
    out: list[tuple[float, float]] = []
    for row in rows:
        out.append(row[0])
        for (x0, y0), (x1, y1) in zip(row, row[1:]):
            if x1 - x0 > step:
                lo = int(np.ceil(max(x0 + MIN_STEP_MM * PX_PER_MM, x1 - step)))
                hi = int(np.floor(min(x0 + step, x1 - MIN_STEP_MM * PX_PER_MM)))
                best: tuple[float, float, float] | None = None
                for x in range(max(lo, 0), min(hi, res.shape[1] - 1) + 1):
                    on_line = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
                    top = int(max(0, on_line - ROW_TOLERANCE_MM * PX_PER_MM))
                    column = res[top:int(on_line + ROW_TOLERANCE_MM * PX_PER_MM) + 1, x]
                    if column.size and (best is None or float(column.max()) > best[0]):
                        best = (float(column.max()), float(x), float(top + int(np.argmax(column))))
                if best is not None and best[0] >= GAP_CARD_MIN \
                        and float(_band_lab(_sample_corner(area, best[1], best[2], 0.0))[0]) >= BAND_MIN_L:
                    out.append((best[1], best[2]))
            out.append((x1, y1))
    return out


def _band_columns(area: np.ndarray, x: float, y: float) -> np.ndarray | None:
    """(5, 3) BGR: the median colour of five narrow columns across the colour band of the card whose
    corner is at (x, y), 4 to 40 mm along it; None where they leave the area."""
    y0, y1 = int(y + 22 * PX_PER_MM), int(y + 36 * PX_PER_MM)
    xs = [int(x + v * PX_PER_MM) for v in (4, 13, 22, 31, 40)]
    if y1 > area.shape[0] or xs[-1] + 3 > area.shape[1]:
        return None
    return np.array([np.median(area[y0:y1, c - 3:c + 3].reshape(-1, 3), axis=0) for c in xs], np.float32)


def _whole_card(area: np.ndarray, x: float, y: float) -> bool:
    """The card whose corner is at (x, y) shows whole: its colour band is one colour across."""
    cols = _band_columns(area, x, y)
    if cols is None:
        return False
    labs = _lab(cols)
    # the band's light circle (the emblem's background) is lighter: compare hue/chroma only
    ab = labs[:, 1:]
    return float(np.abs(ab - ab[0]).max()) < WHOLE_CARD_AB


def _top_shows_whole(area: np.ndarray, x: float, y: float) -> bool:
    """No card lies on the card whose corner is at (x, y), told by its top strip (``TOP_ROWS_MM``
    over ``TOP_SPAN_MM``) when a hand's fingers cross its colour band, where ``_whole_card``
    looks: at least ``TOP_SEEN`` of the strip's 1 mm columns show (not skin-coloured,
    ``WALL_SKIN_CR`` / ``WALL_SKIN_CB`` on the white-balanced area) and no two neighbouring shown
    columns are cream (``TOP_CREAM``), as a card lying on it would put its margin and index there.
    Tuning 91080 (12 MP): two fingers over row 2's last card's band and past its right edge, the
    fan of 15 refused for "the last card of a row is covered"; its panel shows right of its index
    above the fingertip. On 175 cached tuning tables (session 45's scratch ``top2.py``) none of
    6,086 fanned cards with another card on it passed; 718 of 847 rows' last cards did."""
    y0, y1 = (int(round(y + v * PX_PER_MM)) for v in TOP_ROWS_MM)
    u0, u1 = TOP_SPAN_MM
    edges = [int(round(x + (u0 + i) * PX_PER_MM)) for i in range(int(u1 - u0) + 1)]
    if y0 < 0 or edges[0] < 0 or y1 > area.shape[0] or edges[-1] > area.shape[1]:
        return False
    strip = area[y0:y1, edges[0]:edges[-1]]
    ycc = cv2.cvtColor(strip, cv2.COLOR_BGR2YCrCb)
    skin = cv2.inRange(ycc, np.array([SKIN_MIN_Y, WALL_SKIN_CR[0], WALL_SKIN_CB[0]], np.float64),
                       np.array([255, WALL_SKIN_CR[1], WALL_SKIN_CB[1]], np.float64)) > 0
    cream = _colourfulness(area)[y0:y1, edges[0]:edges[-1]] < 0.5
    shown, creamy = [], []
    for a, b in zip(edges, edges[1:]):
        a, b = a - edges[0], b - edges[0]
        col_skin = skin[:, a:b]
        seen = float(col_skin.mean()) <= 0.5
        shown.append(seen)
        creamy.append(seen and float(cream[:, a:b][~col_skin].mean()) > TOP_CREAM)
    if any(c0 and c1 for c0, c1 in zip(creamy, creamy[1:])):
        return False
    return float(np.mean(shown)) >= TOP_SEEN


def _covered_row_ends(area: np.ndarray, corners: list[tuple[float, float]], unseen: set[int], seat: int,
                      masks: tuple[np.ndarray, np.ndarray] | None = None
                      ) -> tuple[list[tuple[float, float]], set[int], list[MaybeCard]] | None:
    """The corners with the cards that must lie past each row's covered last card put in (counted
    unseen, as ``_unseen_gap_cards`` counts a gap's), their places, and the places where one more
    card may lie under the hand (``MaybeCard``); None when the rows' ends cannot be measured.

    A row's last card that shows neither whole nor its top strip (a hand over it), or whose row
    may go on past it (``_row_ends_at_last_card``), may have cards lying on it. Where the row ends
    shows past the hand (``_row_end``: the last cream column before the bare mat): the cards it
    takes to reach it, in the row's own steps (``_steps_in``, the end's spread ``END_SIGMA_MM``),
    are counted. Where the hand covers the end (tuning 91141: an arm over
    both rows' last cards, the mat beyond it): every count whose end lies between the last card
    column and the mat (``UNSEEN_FIT_Z`` spreads) is possible. Of the rows' possible counts only
    those that make a fan's rows (``accolade_fan_rows``) are kept: each row's least of them is
    counted, each place beyond it that some fan fills asked (a row whose end the hand covers holds
    at least what the other row needs: tuning 91309, session 54); the least counts must be a fan
    themselves. ``UNSEEN_CARDS_MAX`` and ``MAYBE_CARDS_MAX`` bound the counts.
    ``masks``: ``_end_masks(area)``, when already made."""
    rows = _rows(corners)
    masks = masks if masks is not None else _end_masks(area)
    width = art.CARD_SIZE_MM[0] * PX_PER_MM
    end_sigma = END_SIGMA_MM * PX_PER_MM
    possible_of: list[list[int]] = []
    step_of: list[float] = []
    past_of: dict[int, list[str]] = {}
    for row in rows:
        x, y = row[-1]
        steps = [x1 - x0 for (x0, _), (x1, _) in zip(row, row[1:]) if x1 - x0 <= MAX_STEP_MM * PX_PER_MM]
        step_of.append(float(np.mean(steps)) if steps else 0.0)
        if _row_ends_at_last_card(area, row, masks):
            possible_of.append([0])
            continue
        if len(steps) < 2:
            return None  # too few steps show to measure the row's
        mean = step_of[-1]
        sigma = max(float(np.std(steps, ddof=1)), UNSEEN_STEP_SIGMA_MM * PX_PER_MM)
        seen, bare = _row_end(area, row, masks)
        if bare - seen <= END_SEEN_MM * PX_PER_MM:
            m = _steps_in(seen - x - width, mean, sigma, 0, end_sigma)
            if m is not None:
                possible_of.append([m])
                continue
            if not SEEN_END_UNCLEAR_ASKED:
                return None
            # the end shows but its steps fit two counts: every count that fits it is possible,
            # as where a hand covers the end (the least counted, the places past it asked)
        possible = [m for m in range(0, int((bare - x) / (MIN_STEP_MM * PX_PER_MM)) + 2)
                    if seen - UNSEEN_FIT_Z * math.sqrt(m * sigma ** 2 + end_sigma ** 2)
                    <= x + m * mean + width
                    <= bare + UNSEEN_FIT_Z * math.sqrt(m * sigma ** 2 + end_sigma ** 2)]
        if PAST_BANDS_SEEN and possible:
            # cards lying past the last found one whose own bands show beside the hand (91965)
            past_of[len(possible_of)] = _cards_past_showing(area, row, mean, max(possible))
        if not possible:
            return None
        possible_of.append(possible)
    # only the counts that make a fan's rows (a row of a fan holds as many cards as the one above
    # it, or one fewer): a row whose end the hand covers holds at least what the other row needs
    # (tuning 91309: row 1's 7th card under the hand, row 2's 7 cards in view)
    fans = [extra for extra in itertools.product(*possible_of)
            if [len(r) + e for r, e in zip(rows, extra)] == accolade_fan_rows(sum(len(r) + e for r, e in zip(rows, extra)))]
    if not fans:
        return None
    counted = [min(f[r] for f in fans) for r in range(len(rows))]
    base = [len(r) + c for r, c in zip(rows, counted)]
    if base != accolade_fan_rows(sum(base)):
        return None
    # the places asked: only those some fan's counts can fill
    fillable = [max(f[r] for f in fans) - counted[r] for r in range(len(rows))]
    total = len(corners) + sum(counted)
    if len(unseen) + sum(counted) > min(UNSEEN_CARDS_MAX, total // 3) or sum(fillable) > MAYBE_CARDS_MAX:
        return None
    out: list[tuple[float, float]] = []
    places: set[int] = set()
    maybe: list[MaybeCard] = []
    i = 0
    for r, row in enumerate(rows):
        for c in row:
            if i in unseen:
                places.add(len(out))
            out.append(c)
            i += 1
        x, y = row[-1]
        slope = float(np.polyfit([c[0] for c in row], [c[1] for c in row], 1)[0]) if len(row) >= 2 else 0.0
        for k in range(1, counted[r] + fillable[r] + 1):
            cx = x + k * step_of[r]
            cy = y + slope * k * step_of[r]
            if k <= counted[r]:
                places.add(len(out))
                out.append((cx, cy))
            else:
                past = past_of.get(r, [])
                maybe.append(MaybeCard(seat, r, len(row) + k, (round(AREA_X[0] + cx / PX_PER_MM, 1),
                                                                round(RECT_Y[0] + cy / PX_PER_MM, 1)),
                                       band_people=past[k - 1] if k <= len(past) else ""))
    return out, places, maybe


def _row_ends_at_last_card(area: np.ndarray, row: list[tuple[float, float]],
                           masks: tuple[np.ndarray, np.ndarray] | None = None) -> bool:
    """No card lies on the row's last found card and none past it: the row's cards' cream lower
    part (``_row_end``) shows no more than ``ROW_ON_MM`` past its right edge, and its colour band
    shows whole (``_whole_card``) or its top strip does (``_top_shows_whole``). A band showing a
    skin's colour (``_band_skin_coloured``: a dwarf's orange, fingers lying over it read as one
    colour across) tells it only where the row's end shows at the card's edge (``END_SEEN_MM``).
    On the tuning tables 90300-91539 (session 51's scratch ``census2.py``: 5,940 rows of 3,714 fans
    whose every corner was found) one row failed this: 90609's, a hand beside its dwarf last card
    over where the row's end would show (now asked, "more 1 1 12"). ``masks``: ``_end_masks(area)``, when already made."""
    x, y = row[-1]
    seen, bare = _row_end(area, row, masks)
    edge = x + art.CARD_SIZE_MM[0] * PX_PER_MM
    if seen - edge > ROW_ON_MM * PX_PER_MM:
        return False
    whole = _whole_card(area, x, y)
    if whole and not _band_skin_coloured(area, x, y):
        return True
    if _top_shows_whole(area, x, y):
        return True
    return whole and bare - seen <= END_SEEN_MM * PX_PER_MM and abs(seen - edge) <= ROW_ON_MM * PX_PER_MM


def _band_skin_coloured(area: np.ndarray, x: float, y: float) -> bool:
    """A column of the colour band of the card whose corner is at (x, y) (``_band_columns``, where
    ``_whole_card`` looks) lies in the skin range (``SKIN_CR``, ``SKIN_CB``, ``SKIN_MIN_Y``): a
    dwarf's orange band, or fingers over a band near their colour."""
    cols = _band_columns(area, x, y)
    if cols is None:
        return False
    ycc = cv2.cvtColor(np.clip(cols, 0, 255).astype(np.uint8)[None], cv2.COLOR_BGR2YCrCb)[0].astype(np.float32)
    skin = ((ycc[:, 0] >= SKIN_MIN_Y) & (ycc[:, 1] >= SKIN_CR[0]) & (ycc[:, 1] <= SKIN_CR[1])
            & (ycc[:, 2] >= SKIN_CB[0]) & (ycc[:, 2] <= SKIN_CB[1]))
    return bool(skin.any())


def _no_row_below(area: np.ndarray) -> bool:
    """No second fan row lies here: where its first card would show its colour band
    (``NO_ROW_BOX_MM``) the mat shows (``NO_ROW_MAT``). A fan of one row read under a hand-sized
    blob is read only then: an arm across the second row would hide all of it."""
    (u0, u1), (v0, v1) = NO_ROW_BOX_MM
    top = FAN_ROWS_Y[1] - CARD_H / 2 - RECT_Y[0]
    x0, x1 = (int(round((FAN_LEFT_X - AREA_X[0] + u) * PX_PER_MM)) for u in (u0, u1))
    y0, y1 = (int(round((top + v) * PX_PER_MM)) for v in (v0, v1))
    box = area[max(y0, 0):y1, max(x0, 0):x1]
    if box.size == 0:
        return False
    cream = _colourfulness(area)[max(y0, 0):y1, max(x0, 0):x1] < 0.5
    blue = cv2.cvtColor(box, cv2.COLOR_BGR2LAB)[..., 2].astype(np.int16) - 128 < END_MAT_B
    return float((blue & ~cream).mean()) >= NO_ROW_MAT


def _end_masks(area: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(cream, mat): which area pixels are cream card stock (``_colourfulness`` under 0.5) and
    which the bare mat (Lab b* under ``END_MAT_B``, not cream), as ``_row_end`` reads them."""
    cream = _colourfulness(area) < 0.5
    blue = cv2.cvtColor(area, cv2.COLOR_BGR2LAB)[..., 2].astype(np.int16) - 128 < END_MAT_B
    return cream, blue & ~cream


def _row_end(area: np.ndarray, row: list[tuple[float, float]],
             masks: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[float, float]:
    """Where a row of the fan ends, seen past its last found corner: (the right side of the last
    1 mm column that shows card before the first bare one, that bare column's left side) in area
    px, along the row's line, on the cream strip below the cards' colour band (``END_ROWS_MM``).
    A column is card when ``END_CREAM_SHARE`` of it is cream card stock (``_colourfulness``), the
    mat when ``END_MAT_SHARE`` of it is the mat's blue, else it tells nothing (a hand, the shadow
    of its fingers); the row ends at ``END_BARE_MM`` mat columns in a row; none: the area's right
    end. ``masks``: ``_end_masks(area)``, when already made."""
    x_last, y_last = row[-1]
    slope = float(np.polyfit([c[0] for c in row], [c[1] for c in row], 1)[0]) if len(row) >= 2 else 0.0
    cream, mat = masks if masks is not None else _end_masks(area)
    seen = x_last
    bare: list[float] = []
    x = x_last + PX_PER_MM
    while x + PX_PER_MM <= area.shape[1]:
        y = y_last + slope * (x - x_last)
        y0 = int(round(y + END_ROWS_MM[0] * PX_PER_MM))
        y1 = min(int(round(y + END_ROWS_MM[1] * PX_PER_MM)), area.shape[0])  # the area ends below the last row
        if y0 < 0 or y1 - y0 < END_LEAST_ROWS_MM * PX_PER_MM:
            break
        cols = slice(int(x), int(x + PX_PER_MM))
        if float(cream[y0:y1, cols].mean()) >= END_CREAM_SHARE:
            seen, bare = x + PX_PER_MM, []
        elif float(mat[y0:y1, cols].mean()) >= END_MAT_SHARE:
            bare.append(x)
            if len(bare) >= END_BARE_MM:
                return seen, bare[0]
        else:
            bare = []  # a hand, its shadow: it tells nothing
        x += PX_PER_MM
    return seen, float(area.shape[1])


def _skin_area_mm2(area: np.ndarray) -> float:
    ycc = cv2.cvtColor(area, cv2.COLOR_BGR2YCrCb)
    skin = cv2.inRange(ycc, np.array([SKIN_MIN_Y, SKIN_CR[0], SKIN_CB[0]]), np.array([255, SKIN_CR[1], SKIN_CB[1]]))
    skin = cv2.morphologyEx(skin, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(skin)
    if n <= 1:
        return 0.0
    return float(stats[1:, cv2.CC_STAT_AREA].max()) / (PX_PER_MM ** 2)


__all__ = ["AccoladeCard", "AccoladeReader", "MaybeCard", "SeatAccolades", "CARD_THICKNESS_MM"]
