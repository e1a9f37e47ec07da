"""Reading Open Season cards from the pixels: the wall spaces, the inn slots, each stock (fanned
face up), the kept card, the expert discards, and how many face-down accolade cards lie fanned in
each personal area.

The table layout is fixed (``vision.render.open_season_scene``): every place lies at a known spot.
A whole card (wall, inn, kept, a stock's top) is sampled through the table geometry as two square
patches in the card's own frame (the people emblem and the attribute icon of the built-in art; a
taught printing, which lays its cards out as it likes, by its upper and lower half, i.e. the
whole card: ``card_sampling.WHOLE_CARD_PATCHES``); a card of a fan
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
from dataclasses import dataclass, field, replace
from typing import Any, Callable, cast

import cv2
import numpy as np

from vision.octocube.geometry import TableView
from vision.open_season.card_sampling import (
    WALL_INDEX,
    WALL_TURNED_INDEX,
    index_templates,
    BACK,
    FLAT_SPREAD,
    INN_SLOTS,
    BUILT_IN_PATCHES,
    CENTRE_POSE,
    EMPTY,
    JITTER,
    MAX_DISCARDS,
    MAT_BGR,
    MAX_STOCK,
    WHOLE_CARD_PATCHES,
    card_layout,
    Templates,
    build_strip_templates,
    build_templates,
    card_templates,
    strip_templates,
    trophy_free_pixels,
)
from vision.render import open_season_art as art

ATTRIBUTE_ORDER = art.ATTRIBUTES
from vision.render.open_season_scene import SEAT_SIDES, board_pose

__all__ = ["BACK", "EMPTY", "HIDDEN", "AccoladeCount", "CardRead", "CardReader", "TableCards", "choose", "score_poses"]

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
BACK_MIN_SCORE = 2.5
"""A card back's score below which it is not one: real backs scored 4.7-5.7 on tuning tables
95080-95085, empty spaces at most 0.1, and an empty space in the deck's evening shadow 0.76."""
DECK_RED_SHARE = 0.55
"""The deck's top (a card back, red share 0.65) against the inn board beside it (0.48)."""
ACCOLADE_SURE_LEAD = 0.01
"""The best count's outline must beat the next count's by this much (share of the window's
pixels that agree) to be sure. Tuning tables 95010-95024 (45 fans): every count read right led by
0.0046 or more (counts 1-9 by 0.011 or more, but for one 8 and one 10), every wrong one (10 to 15
cards) by 0.0038 or less."""
TAUGHT_ACCOLADE_SURE_SHARE = 0.35
"""A taught printing: a fan's count is sure only when it leads the next count by this share of the
pixels where their outlines differ (a fan laid tidily, its next card almost on the last, differs
from one card less by a 4 % strip). Stills of 6 taught tables (printings 930000-960000, every
third scene, 275 fans): the 12 counts read wrong led by 0.26 of that strip or less; one of them, a
fan of 2 read 1 on table 102700, led by the 0.01 that made it sure (the filmed game was lost on
it). Right counts that were sure led by 0.27 or more (2 of them now unsure: 0.05 weight to the
tracker)."""
TAUGHT_FAN_MISS_WEIGHT = 0.5
"""A taught printing: a pixel that a count's outline calls card back but that does not show the
back counts this much against the count (a back pixel outside the outline: 1). So the strip one
card more adds counts as that card when a third of it shows the back, not half. Stills of 7
taught tables (printings 930000-970000, every fourth scene, 176 fans; docs/teach.md, session
20): where the card lies, its strip showed the back on 35-99 % of its
pixels (printing 960000's back, red with light dots that are not among its main colours and a
4 % strip all edge: 35-55 %, so its fans of 2 and 3 read one fewer, 21 of 176 counts wrong, one
of them surely in the filmed game 102700); where it does not, 0-37 % (95 % under 25 %). Weights
0.45-0.55 read all but 0-3 of the 176 right, 0.5: 1 (unsure); 0.7: 9, 0.25: 14."""
INN_HIDDEN_SCORE = 1.5
"""An inn slot the deck may hide read by its top strip alone: below this best strip score the
strip is not there to read either (the deck stands in front of it) and the slot is reported
``HIDDEN``, never guessed. A seen strip scored 2.8-3.8 on seed 97010 (tilt 22, lamp), the slot
behind the 64 mm deck -0.3 to 0.15 (and read as another people's card)."""
INN_EMPTY_LEAD = 2.0
"""...unless the bare inn board is the strip's best by this much over every face: an empty slot
behind the 62 mm deck (test table 96500, tilt 20) read -1.34 as bare board, -4.27 as the best
face; the cards hidden there read as faces (about 0.1) with the bare board further down."""
INN_UNSURE_LEAD = 0.2
"""...and a card read there by a lead under this is reported ``HIDDEN`` too: with the deck a little
lower, part of the strip shows and reads as a face of the same attribute (the tables of seed
97201, tilt 16.5, lamp, rendered once each: gnome-earrings read as dwarf-earrings, lead 0.10 and
0.11, strip 1.9-2.0, above INN_HIDDEN_SCORE); the slot's right reads there led by 0.03-0.53 (a
right one called hidden costs a question at most, a wrong one an alarm)."""
INN_BAND_IN_VIEW = 0.25
"""...and so is a card read there where the deck may hide more than the rest of this share of the
strip's band (the people's colour, beside the corner index; ``CardReader.band_in_view``): the
index still shows the attribute, but the people is read on the deck's red and gold edge, which
looks like the dwarves' brown (seeds 102615 and 102619, tilt 22-28, day light, the deck 42-48 mm
tall: slot 5's sorcerer cards read dwarf-earrings, -crown, -eyepatch, -tattoo at leads 0.29-0.57,
strip 1.7-2.6; every one a false alarm when the card was taken, 6 in the two games)."""
TAUGHT_INN_NO_CARD_FIT = 1.0
"""A taught printing: an inn slot that the deck may partly hide, most of it seen, whose whole card
fits no face this well holds none (stills of printings 930000/930001, slot 5, 6 mm under the
deck's edge: empty -1.2 to -0.3, a card 3.8 and up; the built-in test, the bare board beating
every face's strip by ``INN_EMPTY_LEAD``, called all 32 empty slots hidden: a card "behind the
deck" at every turn, and a take from the inn read as a blind draw, table 102400). The same holds
for a slot in full view (session 29, os-frame): printing 997155's (another hand, frame layout)
plain mage-dagger fitted the bare board in the deck's shadow at an expert set-up (the inn still
empty) at -0.23 to -0.37, above the board's own template, and game 102963 was lost from its first
move. Stills of tuning frame printings 997101 and 997105 (tables 102920-102922, 102960-102968,
102999, 7 scenes each; slots in full view): 314 cards fitted 5.86 and up, 310 empty slots -0.50
and below. A slot the deck may partly hide is judged by the better of the whole slot's fit and the
fit on the pixels the deck leaves in view (session 57: a mage-dagger under a 66 mm deck, game 103044
on printing 998000 of another hand, fitted 0.94 whole and 6.66 in view, and was read empty, surely;
empty slots there: -0.89 to -0.95 whole, -1.42 to -2.78 in view)."""
TAUGHT_ATTRIBUTE_IN_VIEW = 0.5
"""A taught printing: an inn slot the deck may partly hide is compared with the faces on the pixels
it leaves in view (:func:`masked_scores`), and called ``HIDDEN`` where less than this share of what
tells the read people's faces apart shows (``CardReader.attribute_in_view``). Stills of tables
102400/102401 (printings 930000/930001) and 102500/102501 (printing 950000), 636 inn cards: every
wrong read was another attribute of the same people, 47 (some sure) before, 9 after, 13 -> 44 slots
hidden; the wrong ones with the icon behind the deck had 0.05 of it in view, right ones 0.89 up
(and 13 lucky right ones at 0.12-0.13, now hidden: a question at most)."""
TAUGHT_ATTRIBUTE_IN_VIEW_FLOOR = 0.25
"""... yet where at least this share shows, the slot is read after all if the pixels in view tell its
face from the next of its people by ``TAUGHT_ATTRIBUTE_TOLD_LEAD`` (``_same_people_second_look``),
its confidence that lead. Game 103057 (printing 998170, tilt 31, lamp): a 58 mm deck, read 60-66 mm
under the dim lamp, left 0.35-0.40 of slot 3's mage telling pixels in view at 58-60 mm, and every
still called the slot hidden (27 questions; the built-in art reads it by its top strip's corner
index, all of which shows: 9). On those pixels the mage-tattoo there led the next mage face by
0.64-0.85 at 58 mm, 0.13-0.16 at 60 and 0.00-0.03 at 62 in the six stills of changes 13-18."""
TAUGHT_ATTRIBUTE_TOLD_LEAD = 0.3
"""... (correlation units of :meth:`CardReader._attribute_scores`, a weighted sum over both patches)."""
TAUGHT_SAME_PEOPLE_LEAD = 0.5
"""A taught printing: an inn card in full view that leads another face of its people by less than
this (whole-card scores; ``choose`` is unsure below 0.5) is told among that people's faces by the
pixels that tell them apart (``CardReader._same_people_second_look``)."""
TAUGHT_PEOPLE_LEAD = 0.5
"""A taught printing: a whole card (wall, inn, kept card, a fan's top) whose read leads a face of
the same attribute but another people by less than this (whole-card scores; ``choose`` is unsure
below 0.5) is told among those peoples by colour, on the pixels that tell the taught peoples apart
(``CardReader._people_second_look``)."""
PEOPLE_LOOK = True
"""Take that second look (False: the whole-card scores alone, as before session 27)."""
TAUGHT_LOOK_AROUND_TROPHIES = True
"""A taught printing: a wall card told among its people's faces by :meth:`CardReader.read`
(``TAUGHT_WHOLE_SAME_PEOPLE_LOOK``) is compared on the pixels the trophy tokens the token reader
counts on it leave in view (``card_sampling.trophy_free_pixels``, the tokens at their places), as
the built-in art's finished walls are (``TROPHY_ATTRIBUTE_AROUND``): over the tokens, their dark
discs on the icon look like another face's dark shape (printing 997573, table 96102, wall 2 9: a
barbarian-tattoo under two trophies fitted barbarian-dagger 1.95 against 1.57; around them the
tattoo 2.95 against 2.42). Only where they leave ``TROPHY_AROUND_MIN_SHARE`` of the lower patch in
view. False: every pixel compared, as before."""
TAUGHT_WHOLE_SAME_PEOPLE_LOOK = True
"""A taught printing: a whole card on a wall, the mat (kept card, a fan's top) or read by
:meth:`CardReader.read` in an inn slot whose read leads another face of its people by less than
``TAUGHT_SAME_PEOPLE_LEAD`` is told among that people's faces by the pixels that tell them apart
(``CardReader._whole_same_people_look``), as the tracker's inn slots are since session 37 (False:
the whole-card scores alone, as before session 56). The whole card's score is mostly the people's
frame, band and emblem, alike on all five faces, and a face taught from one photo is cut a little
askew or its glyph seen blurred: printing 997537's dwarf-eyepatch (a scrawled glyph) fitted the
taught dwarf-tattoo (another scrawl) 6.17-6.63 against its own 6.02-6.53 on four wall cards of
tables 96700-96701, and its earrings the dagger 6.62 against 6.56 (96702); on the pixels that tell
the dwarves' faces apart the eyepatch led 2.83-2.93 against 1.44-1.45, the earrings 2.69 against
2.44 (session 56's scratch ``trace2.py``)."""
WALL_PEOPLE_LEAD = 0.5
"""The built-in art, a finished table's walls (:meth:`CardReader.read_walls`): a wall card whose
read leads a face of its attribute but another people by less than this (whole-card scores) is
told among those peoples by colour too (:meth:`CardReader._people_distances`, as a taught
printing's cards are). A warm lamp leaves the barbarians' teal near the elves' green even with
the light divided out (session 38). Tuning walls (main's reads; 1920x1080 90640-90729, 12 MP
90730-90749, 1280x720 90610-90639; 3,552 wall cards): of the 397 not under a hand nor tokens that
had such a rival, the colours named the true people every time (7 of them against the whole
card's read, 90652's barbarian-dagger read elf-dagger among them), the next people lying 1.38-5.1
times further; under hands they would set one default right and none wrong. 376 of the 397 were
barbarian against elf or mage: other pairs are little tried."""
WALL_SKIN_SHARE = 0.4
"""The built-in art, a finished table's walls: a wall card read as a face whose patch (the
emblem's or the attribute icon's) is skin-coloured (``WALL_SKIN_CR``, ``WALL_SKIN_CB``) on more
than this share of its pixels where the face's own art is not (``ART_SKIN_GROW_PX``), once the
card's own cream is balanced to the art's, lies partly under a hand: not sure (confidence 0,
asked, the read first). Tuning 90941 (12 MP): a fingertip over player 2's space 10's icon (15 %
of the card) read barbarian-dagger surely, truth barbarian-earrings: 0.68 of the icon's patch.
Tuning 90611, 90648, 90681, 90686, 90694, 90696, 90941 (three lightings): faces with no hand over
them 0.17 at most (session 44's scratch ``skin2.py``)."""
WALL_SKIN_FIT = 4.0
"""Only faces fitting less than this (``CardRead.fit``) are measured: a hand over part of a card
lowers its fit. On the 74 tuning tables every face over ``WALL_SKIN_SHARE`` fitted 3.03 or less,
and 79 % of faces fit 4 or better: the test costs a fifth of its 13-48 ms a photo (2-4 players,
1920x1080-12 MP) on every photo."""
WALL_SKIN_CR = (148.0, 178.0)
WALL_SKIN_CB = (78.0, 110.0)
"""YCrCb range of a hand's skin on a card balanced to the art's cream: the skin tones the renderer
draws lie at Cr 150-163, Cb 98-109 under white light, the cream card stock at Cr 134, Cb 115 (the
looser range of ``vision/octocube/config.py``, Cr from 136, held the cream of a warm-lit card: up
to 0.6 of a patch with no hand over it)."""
SKIN_MIN_Y = 45.0
ART_SKIN_GROW_PX = 2
"""The art's skin-coloured pixels grown by this many patch pixels (1.6 mm) each way: the card lies
up to a pose step off its nominal place."""
TROPHY_ATTRIBUTE_AROUND = True
"""A finished table's wall card with trophy tokens counted on it (:meth:`CardReader.read_walls`):
its whole reading's attribute is the one whose icon fits best on the pixels the tokens leave in
view (:meth:`CardReader._attributes_around_trophies`), not over the tokens; False: the whole card
compared over them, as before session 52."""
TROPHY_AROUND_MIN_SHARE = 0.5
"""... only where the trophies leave at least this share of the icon's patch in view (on the card's
place, ``card_sampling.trophy_free_pixels``): one token 0.90, two 0.56, three 0.28, four 0.23. On
the tuning walls (91390-91639, 250 face cards under trophies, session 52's scratch
``tokcensus.py``) the attribute read around one or two tokens was right 238 times of 238 (the
miscounted 91603 aside: the most counted, ``score_photo._trophies_at_most``); around three or four,
3 of 12 were wrong: two crowns the crown rule overrules, and 91455's elf-dagger under four tokens
read elf-tattoo, a default set wrong that the strip had right (91473's default was set right)."""
MASKED_MIN_SHARE = 0.25
"""A patch less than this share of which the deck leaves in view is not compared at all."""
MASKED_UNSEEN = 1e3
"""What :func:`masked_scores` takes off a pose's score for each patch it cannot compare (less than
``MASKED_MIN_SHARE`` in view): a score under ``-2 * MASKED_UNSEEN`` plus any real fit compared
neither patch."""
TAUGHT_INN_UNSEEN_SCORE = -1.5 * MASKED_UNSEEN
"""A taught printing: an inn slot whose best whole-card score on the pixels the deck leaves in view
is under this compared neither patch at any pose (both lie behind the deck). Its read, the bare
board by the patches' mean colours alone, says nothing of whether a card lies there, so a slot read
empty so is judged by its top strip alone, as the built-in art's hidden slots are. Games 102990
(printing 997182, tilt 30, the deck 66 mm tall) and 102985 (997177, tilt 31, 60 mm): after refills
that laid a card in slot 5, behind the deck, the board "won" (-2000.8 against the best face's
-2003.1 and -2003.6: "empty", sure) while the card's strip showed over ``INN_HIDDEN_SCORE`` (1.58,
1.79; the bare board's strip -1.61, -1.40), and a strip seen kept the read: the inn one card short,
no slot hidden, "no legal move explains the table: the inn shows X, not expected there" (every one
of the two games' 17 false alarms; docs/teach.md, session 31). The empty slot's strip read under
``INN_HIDDEN_SCORE`` and the slot hidden, as it still does."""
COVERED_FIT = 1.0
"""A wall card whose best whole-card template fits it worse than this lies under something (a
hand): ``score_photo.HIDDEN_FIT``, where the score asks which card lies there, any face."""
COVERED_PEOPLE_LEAD = 0.5
"""A covered wall card read on what no hand covers names its people when its best face leads the
best face of any other people by this much (``CardRead.covered_lead``); under it the whole card's
read stays. On 65 covered wall cards of 28 tuning tables (of 51 with a hand among 90400-90560 and
90700-91239, 1920x1080; session 47, scratch ``/tmp/os-photo13/parse2.py``): a lead of 0.5 or more
20 cards, every one of the people so read (the whole card's read: 19; 90745's space 6 gnome for
sorcerer); under 0.5 45 cards, the people right 16 times so read, 13 times by the whole card
(0.40-0.49: 1 of 4)."""
COVERED_COLOURS_PEOPLE = True
"""A covered wall card (``COVERED_FIT``) whose people the art on the pixels no hand covers does not
tell apart (``COVERED_PEOPLE_LEAD``) is of the people its emblem patch's colours name there
(``CardReader._covered_colours``; ``CardRead.covered_people``): the score weighs that people as
seen, its attributes alike (``score_photo.COVERED_SEEN_PEOPLE``). Session 55's scratch
``wallcol.py`` on the 50 tuning tables with a covered wall card of session 53's census (1920x1080,
90351-91724) and 91944, 91961 (1,643 wall cards): of 1,441 face cards in view 1,200 named, every
one right; of 173 covered face cards 95 named, every one right (one covered mage card's tan hand
in a warm lamp's light voted dwarf: the dwarves are never named); a card face down is red like a
gnome (of 29, 5 named gnome or sorcerer, 1 of them covered: 91289 space 10, whose default was a
face before too). Tuning 91961: a hand over player 1's spaces 3 and 7 (sorcerers) left purple
between the fingers; read 'empty' and asked with every face, their default elf-crown. False: as
before."""
COVERED_COLOURS_SHARE = 0.025
"""...from this share of the emblem patch voting for one people (44 of its 1,764 pixels; on the
census the most a covered face card's patch gave a wrong people with the votes agreeing was 25
pixels, the sorcerer card under 91961's fingers 49 for the right one)..."""
COVERED_COLOURS_AGREE = 0.9
"""...and this share of the patch's votes."""
COVERED_INDEX_ATTRIBUTE = True
"""A covered wall card (``COVERED_FIT``) whose corner index (top-left, or the turned one bottom-right)
shows beside the hand is of the attribute that index's icon names (``CardReader._covered_indices``,
:func:`read_indices`; ``CardRead.covered_attribute``): the score weighs that attribute
``score_photo.COVERED_SEEN_ATTRIBUTE``, still asked with every face. Session 56's census (scratch
``/tmp/os-photo24/cfast.py``, ``cfana.py``): the 184 cached tuning tables with a hand (90306-91839,
the bench's JPEG bytes at 1920x1080) hold 183 covered wall cards (4 face down: none read an index);
an index's icon half showed on 81 face cards, and of those whose attribute led by
``COVERED_INDEX_LEAD`` **43 of 43 named the true attribute** (the art read on what the hand leaves
had it on 24); the wrong reads led by 0.19 at most (91381's elf-eyepatch read crown). Tuning 91141
(dim evening, a dark hand over six of player 2's spaces): space 3's index names its eyepatch, its
default was mage-crown, and the table is now exact from the photo alone. The index's initial names
the people right less often (25 of 43): it serves only where nothing else named one. False: as
before."""
INDEX_CREAM_LEAST = 0.55
"""A pixel of a covered card's index square shows the card's cream where its brightest channel is
at least this share of the table's card cream (the brightest tenth of the wall cards in view: a
square the hand fills has no cream of its own, and balanced by its own brightest a hand looks like
cream; the skin test as ``_covered_by_what_shows`` applies it, each patch balanced by its own
brightest, found no skin on the covered cards of tuning 90833 and 90365, dark hands in a dim
evening)..."""
INDEX_CREAM_NEUTRAL = 0.85
"""... and its dimmest channel at least this share of its brightest (cream is grey against the
table's cream; a pale hand's blue is 0.66 of its red there, a dark hand's 0.44)."""
INDEX_ICON_SHOWN = 0.5
"""An index is read where its icon half (the lower half of the square around it,
``card_sampling.WALL_INDEX``) shows, cream or inside it, on this share of its pixels (a whole index
box and the card's margin beside it: 0.6-0.7)..."""
COVERED_INDEX_LEAD = 0.25
"""... and where its best attribute (the best face's correlation on the icon half's pixels in view,
``masked_icon_scores``) leads the next attribute by this much: on the census above 43 of 43 right
from 0.25, 47 of 47 from 0.2, the highest wrong lead 0.19 (0.25 keeps a margin over it; tuning
91141's space 2, gnome-dagger, leads by 0.24 and stays a guess)."""
HIDDEN = "hidden"
"""What an inn slot behind the deck reads: nobody can say from this camera which card lies there."""
WALL_CARD_MIN_FIT = 1.0
"""A wall space read as a card whose best template fits it worse than this, while one of its two
patches shows the space's bare board (``WALL_BARE_FIRST``, ``WALL_BARE_SECOND``), holds no card laid
on it: something lies across part of the space (``CardReader._across_the_space``). Stills of tuning
games 102787, 102790-102799 and 102821 (222 stills, 7,358 wall spaces; os-discard): every face card
on its space fitted 1.65 or better (1.39 under two trophies, read whole; score_photo's tables 1.75,
``HIDDEN_FIT``); the only card reads under 1 were the expert discards laid beside the west wall
board, the last one crossways over the corner of its empty space 1, read as gnome-crown or
sorcerer-crown at -1.59 to -0.66 (a false alarm in each of 102787, 102797, 102821)."""
WALL_BARE_FIRST = 0.0
"""The first patch (the emblem's) shows the bare space where the best empty-space template fits it
alone (its best pose) this well: on those stills bare spaces 99 % above -0.17 (lowest -0.86, lamp
and evening light), face cards on their space -0.20 and below, the discards crossing space 1 -1.77
to -2.63 (that patch lies under them)."""
WALL_BARE_SECOND = -1.2
"""... and the second (the icon's) this well: bare spaces 99 % above -1.07 (lowest -1.42), face
cards on their space -1.71 and below, the icon's end of space 1 beside the crossing discard -0.81
to -0.37."""
TAUGHT_WALL_NO_CARD_FIT = 1.0
"""A taught printing: a wall space read whole as a face that fits it worse than this holds no card
laid on it, and reads ``EMPTY`` for the tracker (the built-in art's test,
:meth:`CardReader._across_the_space`, compares the built-in board templates); the face it read is
kept in ``CardRead.unfit`` for the copy's judgement. Game 102974 (printing 997162, another hand,
side band; sessions 29-30): at the expert set-up player 4's bare space 1, in the deck's evening
shadow, read mage-dagger at -0.33 (the bare board's template -2.03) and the game was lost from its
first scene ("a card appeared on player 4's wall out of turn"). Stills of tuning printings
997100-997103 (tables 102920-102922, 102960-102968, 102974; scenes 0, 15, 40, 80; 61 stills): 262
face cards on their space read whole fitted 5.93 and up (6.16 and up under a wild token); of 1,711
bare spaces none fitted a face better than 0.20, and the only face to beat the bare board was the
same shadowed space of table 102974 on printing 997102 (0.19-0.20 against -0.58/-0.36), now read
empty. The bare board's own template does not tell a phantom from another printing's card (the
phantom -2.03; the built-in art's cards read by 997162's pack -1.76 to -2.73), hence the face kept
for :mod:`vision.open_season.familiar`."""
BACK_RED_SHARE = 0.42
"""A pixel whose red share r/(r+g+b) passes this is a card back's red or gold, not the mat or a
cream card face (the back is 0.65, its gold 0.47, the mat 0.21, a card's cream 0.35)."""


@dataclass(frozen=True)
class CardRead:
    """One place read: ``card`` is ``people-attribute``, ``"back"`` (face down) or ``"empty"``."""

    place: str
    card: str
    confidence: float
    fit: float = field(default=math.inf, compare=False)
    """How well the best template fits at all (its score; for a wall card read by its top strip,
    the whole card's best score): an unoccluded wall card scores 1.7-6, one half under a hand
    under 1 (``vision/open_season/score_photo.py`` ``HIDDEN_FIT``)."""
    whole: str = field(default="", compare=False)
    """A wall card read by its top strip (tokens on it): what the whole card read as ("" else)."""
    unfit: str = field(default="", compare=False)
    """A taught printing's place read ``EMPTY`` because the face it read best fits it worse than
    a card laid there does (a wall space: ``TAUGHT_WALL_NO_CARD_FIT``; a kept card:
    ``TAUGHT_KEPT_MIN_FIT``): that face ("" else), with ``fit`` its score. The copy is judged on
    it as the face it read (``vision/open_season/familiar.py``): another printing's cards fit a
    taught pack as badly, and are no bare spaces."""
    second: str = field(default="", compare=False)
    """The runner-up :func:`choose` measured ``confidence`` against: the best template of another
    name ("" where there is none). The photo scorer asks a wall card whose runner-up is the same
    attribute of another people more surely (``score_photo.WALL_PEOPLE_SURE``)."""
    people_look: float = field(default=0.0, compare=False)
    """A wall card of the built-in art told among the peoples of its attribute by colour
    (:meth:`CardReader.read_walls`): how much further (a ratio) the next people's colours lie
    from the card than the chosen people's do; 0 where no such look was taken."""
    skin: float = field(default=0.0, compare=False)
    """A wall card of the built-in art read as a face (:meth:`CardReader.read_walls`): the share of
    a patch skin-coloured where the face's art is not (``WALL_SKIN_SHARE``); 0 where not measured."""
    colours_name: str = field(default="", compare=False)
    """A wall card of the built-in art whose colours name another people than the whole card read
    (:meth:`CardReader._wall_people_look`): that people's face of the read's attribute ("" else)."""
    covered_lead: float = field(default=0.0, compare=False)
    """A covered wall card of the built-in art (``COVERED_FIT``) read on what no hand covers
    (:meth:`CardReader._covered_by_what_shows`): how far its best face leads the best face of
    another people there; 0 where not measured."""
    covered_attribute: str = field(default="", compare=False)
    """A covered wall card whose corner index shows beside the hand (``COVERED_INDEX_ATTRIBUTE``):
    the attribute its icon names ("" else)."""
    covered_people: str = field(default="", compare=False)
    """A covered wall card whose people no face's art told apart (``covered_lead`` 0) but whose
    colours on the pixels no hand covers name one (``COVERED_COLOURS_PEOPLE``): that people (its
    ``card`` then that people's face the masked art fits best; the attribute not seen); "" else."""


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


def score_poses(t: Templates, first: np.ndarray, second: np.ndarray, colours: np.ndarray,
                colour_weight: float, poses: int) -> np.ndarray:
    """(places, templates) scores: for each place the best of its ``poses`` consecutive samples
    (normalised first and second patches, their mean colours), one matrix product for all."""
    s = first @ t.first.T + ATTRIBUTE_WEIGHT * (second @ t.second.T)
    weights = np.array([colour_weight] * 3 + [CONTRAST_WEIGHT] * 3)
    s -= (np.abs(colours[:, None, :] - t.colours[None, :, :]) * np.tile(weights, 2)).sum(axis=2)
    return s.reshape(-1, poses, s.shape[1]).max(axis=1)


def patch_scores(t: Templates, first: np.ndarray, second: np.ndarray, colours: np.ndarray,
                 colour_weight: float, poses: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`score_poses`'s two terms apart: (places, templates) each, how well every template
    fits the first patch alone and the second alone, each at its own best of the ``poses``."""
    weights = np.array([colour_weight] * 3 + [CONTRAST_WEIGHT] * 3)
    out = []
    for patches, tmpl, factor, at in ((first, t.first, 1.0, 0), (second, t.second, ATTRIBUTE_WEIGHT, 6)):
        s = factor * (patches @ tmpl.T)
        s -= (np.abs(colours[:, None, at:at + 6] - t.colours[None, :, at:at + 6]) * weights).sum(axis=2)
        out.append(s.reshape(-1, poses, s.shape[1]).max(axis=1))
    return out[0], out[1]


def masked_scores(t: Templates, first: np.ndarray, second: np.ndarray, free_first: np.ndarray,
                  free_second: np.ndarray, colour_weight: float, poses: int) -> np.ndarray:
    """:func:`score_poses` on the pixels in view only: (places, templates), each place the best of
    its ``poses`` rows. ``first``/``second``: blurred, unscaled patches (rows, pixels, 3);
    ``free_*``: (rows, pixels) the pixels in view. Sample and templates are centred and scaled per
    channel over the same pixels, so a patch half behind the deck is compared on its other half
    (the templates are affine per channel in the raw art, so that is exact)."""
    weights = np.array([colour_weight] * 3 + [CONTRAST_WEIGHT] * 3)
    s = np.zeros((len(first), len(t.names)))
    for patches, free, tmpl, factor, at in ((first, free_first, t.first, 1.0, 0),
                                            (second, free_second, t.second, ATTRIBUTE_WEIGHT, 6)):
        n = patches.shape[1]
        seen = free.astype(np.float32)
        m = np.maximum(seen.sum(axis=1), 1.0)  # (rows,)
        mean = np.einsum("rn,rnc->rc", seen, patches) / m[:, None]
        centred = (patches - mean[:, None, :]) * seen[:, :, None]
        spread = np.sqrt(np.einsum("rnc,rnc->rc", centred, centred))
        flat = FLAT_SPREAD * np.sqrt(m / n)[:, None]
        centred *= np.where(spread > flat, 1.0 / np.maximum(spread, flat), 0.0)[:, None, :]
        by_pixel = tmpl.reshape(len(tmpl), n, 3)
        for c in range(3):
            q = by_pixel[:, :, c]  # (templates, pixels)
            sums, squares = seen @ q.T, seen @ (q * q).T  # (rows, templates)
            norm = np.sqrt(np.maximum(squares - sums * sums / m[:, None], 0.0))
            # the sample is centred over the pixels in view, so the template's mean there drops out
            s += factor * (centred[:, :, c] @ q.T) * np.where(norm > 1e-6, 1.0 / np.maximum(norm, 1e-6), 0.0)
        features = np.concatenate([mean / 255.0, spread / np.sqrt(m)[:, None] / np.maximum(mean, 1.0)], axis=1)
        s -= (np.abs(features[:, None, :] - t.colours[None, :, at:at + 6]) * weights).sum(axis=2)
        s[m < MASKED_MIN_SHARE * n] -= MASKED_UNSEEN  # too little of the patch in view: this pose says nothing
    return s.reshape(-1, poses, s.shape[1]).max(axis=1)


def masked_icon_scores(t: Templates, second: np.ndarray, free: np.ndarray, poses: int) -> np.ndarray:
    """(places, templates): how well each template's second patch (the icon's) correlates with the
    sampled one on the pixels in view only (normalised per channel over those pixels, the three
    channels summed), each place the best of its ``poses`` rows; -inf where less than
    ``MASKED_MIN_SHARE`` of the patch is in view at every pose. ``second``: blurred, unscaled
    patches (rows, pixels, 3); ``free``: (rows, pixels). No colour term: the patch's mean over part
    of it is not the template's over all of it."""
    n = second.shape[1]
    seen = free.astype(np.float32)
    m = np.maximum(seen.sum(axis=1), 1.0)
    mean = np.einsum("rn,rnc->rc", seen, second) / m[:, None]
    centred = (second - mean[:, None, :]) * seen[:, :, None]
    spread = np.sqrt(np.einsum("rnc,rnc->rc", centred, centred))
    flat = FLAT_SPREAD * np.sqrt(m / n)[:, None]
    centred *= np.where(spread > flat, 1.0 / np.maximum(spread, flat), 0.0)[:, None, :]
    by_pixel = t.second.reshape(len(t.second), n, 3)
    s = np.zeros((len(second), len(t.names)))
    for c in range(3):
        q = by_pixel[:, :, c]
        sums, squares = seen @ q.T, seen @ (q * q).T
        norm = np.sqrt(np.maximum(squares - sums * sums / m[:, None], 0.0))
        s += (centred[:, :, c] @ q.T) * np.where(norm > 1e-6, 1.0 / np.maximum(norm, 1e-6), 0.0)
    s[m < MASKED_MIN_SHARE * n] = -np.inf
    return np.asarray(s.reshape(-1, poses, s.shape[1]).max(axis=1))


def _skin_mask(bgr: np.ndarray) -> np.ndarray:
    """(N,) bool: which of these BGR colours (N, 3) lie in a hand's skin range."""
    ycc = cv2.cvtColor(np.clip(bgr, 0, 255).astype(np.uint8).reshape(1, -1, 3), cv2.COLOR_BGR2YCrCb)
    y, cr, cb = (ycc.reshape(-1, 3)[:, c].astype(np.float32) for c in range(3))
    return np.asarray((y >= SKIN_MIN_Y) & (cr >= WALL_SKIN_CR[0]) & (cr <= WALL_SKIN_CR[1])
                      & (cb >= WALL_SKIN_CB[0]) & (cb <= WALL_SKIN_CB[1]))


def read_indices(patches: np.ndarray, table_cream: np.ndarray, light: np.ndarray, poses: int
                 ) -> list[tuple[str, str, float]]:
    """Per card, what its corner index names (people, attribute) and how far that attribute leads
    the next (0.0, and "" for both, where the index's icon half shows on less than
    ``INDEX_ICON_SHOWN``). ``patches``: ``poses`` rows per card of the blurred, unscaled square
    around the index (``card_sampling.INDEX_CENTRE``, ``index_templates``' size), (rows, pixels, 3);
    ``table_cream``: the card cream's colour in this photo; ``light``: the table's light
    (:meth:`CardReader.table_light`). Compared on the pixels that show the index's cream box or
    lie inside it (``_cream_and_inside``: a hand of any skin, in any light, is neither): the lower
    half (the icon) with every face's (``masked_icon_scores``), an attribute's score its best
    face's; the upper half (the initial) names the people ("" where it does not show)."""
    t = index_templates()
    side = int(round(math.sqrt(t.second.shape[1] // 3)))
    upper = np.zeros((side, side), bool)
    upper[: side // 2] = True
    attributes = np.array([n.split("-")[1] for n in t.names])
    peoples = np.array([n.split("-")[0] for n in t.names])
    square = patches.reshape(-1, side, side, 3)
    cards = len(square) // poses
    free = np.stack([_cream_and_inside(p / np.maximum(table_cream, 1e-6)) for p in square])
    halves = {}
    for upper_half in (False, True):
        region = upper if upper_half else ~upper
        n = int(region.sum())
        part = Templates(t.names, t.kinds, t.first,
                         t.second.reshape(len(t.names), side, side, 3)[:, region].reshape(len(t.names), n * 3), t.colours)
        halves[upper_half] = masked_icon_scores(part, square[:, region] / light, free[:, region], poses)
    icon, initial = halves[False], halves[True]
    shown = free[:, ~upper].reshape(cards, poses, -1).mean(axis=2).max(axis=1)
    out = []
    for k in range(cards):
        if shown[k] < INDEX_ICON_SHOWN or not np.isfinite(icon[k].max()):
            out.append(("", "", 0.0))
            continue
        by_attribute = {a: float(icon[k][attributes == a].max()) for a in ATTRIBUTE_ORDER}
        best, runner_up = sorted(by_attribute, key=lambda a: -by_attribute[a])[:2]
        people = str(peoples[int(np.argmax(initial[k]))]) if np.isfinite(initial[k].max()) else ""
        out.append((people, best, by_attribute[best] - by_attribute[runner_up]))
    return out


def _cream_and_inside(relative: np.ndarray) -> np.ndarray:
    """(side, side) bool: which pixels of a patch (side, side, 3; each channel over the table's card
    cream) show a card's cream (``INDEX_CREAM_LEAST`` as bright, ``INDEX_CREAM_NEUTRAL`` as grey
    as the cream) or lie inside it (cut off from the patch's edge by cream: a corner index's
    initial and icon)."""
    top, low = relative.max(axis=2), relative.min(axis=2)
    cream = (top >= INDEX_CREAM_LEAST) & (low >= INDEX_CREAM_NEUTRAL * top)
    other = np.pad((~cream).astype(np.uint8), 1, constant_values=1)
    fill = np.zeros((other.shape[0] + 2, other.shape[1] + 2), np.uint8)
    cv2.floodFill(other, fill, (0, 0), 2)  # every non-cream pixel the edge reaches
    return np.asarray(other[1:-1, 1:-1] != 2)


def _brightest(bgr: np.ndarray) -> np.ndarray:
    """(K, 3) the mean colour of the brightest tenth of each of K sets of colours (K, N, 3): a
    card's cream."""
    grey = bgr.mean(axis=2)
    top = (grey >= np.percentile(grey, 90, axis=1, keepdims=True))[:, :, None]
    return np.asarray((bgr * top).sum(axis=1) / np.maximum(top.sum(axis=1), 1))


def _art_skin_grown(art_raw: np.ndarray, split: int) -> np.ndarray:
    """(pixels,) bool: where one face's raw template (two patches, pixels ``:split`` and
    ``split:``) is skin-coloured, grown by ``ART_SKIN_GROW_PX`` each way in its patch."""
    art_skin = _skin_mask(art_raw)
    grow = np.ones((2 * ART_SKIN_GROW_PX + 1,) * 2, np.uint8)
    parts = []
    for lo, hi in ((0, split), (split, len(art_raw))):
        side = int(round(math.sqrt(hi - lo)))
        parts.append(cv2.dilate(art_skin[lo:hi].reshape(side, side).astype(np.uint8), grow).ravel() > 0)
    return np.concatenate(parts)


def _skin_shares(samples: np.ndarray, arts: np.ndarray, owns: np.ndarray, split: int) -> np.ndarray:
    """(K,) for K cards (photo ``samples`` and their read faces' raw templates ``arts``, (K, pixels,
    3); ``owns`` the faces' grown skin-coloured pixels, ``_art_skin_grown``): the larger share,
    over the two patches, of pixels skin-coloured in the photo where the art's are not, once each
    photo's brightest tenth (the cream) is balanced to its art's."""
    balanced = samples * (_brightest(arts) / np.maximum(_brightest(samples), 1e-6))[:, None, :]
    hit = _skin_mask(balanced.reshape(-1, 3)).reshape(samples.shape[:2]) & ~owns
    return np.asarray(np.maximum(hit[:, :split].mean(axis=1), hit[:, split:].mean(axis=1)))


def _skin_over_art(sample: np.ndarray, art_raw: np.ndarray, split: int) -> float:
    """One card's ``_skin_shares`` (``sample`` and ``art_raw``: (pixels, 3)): a hand's share."""
    return float(_skin_shares(sample[None], art_raw[None], _art_skin_grown(art_raw, split)[None], split)[0])


def fan_count(outlines: np.ndarray, back: np.ndarray, taught: bool = False) -> AccoladeCount:
    """The accolade count whose fan outline (``outlines``: counts x pixels read) agrees best with
    the pixels seen as card back; sure when it leads the next count by ``ACCOLADE_SURE_LEAD`` and,
    for a taught printing, by ``TAUGHT_ACCOLADE_SURE_SHARE`` of the most it could lead by where the
    two outlines differ (a taught printing weighs a pixel its outline calls back but that does not
    show the back ``TAUGHT_FAN_MISS_WEIGHT``)."""
    if not taught:
        agree = (outlines == back[None, :]).mean(axis=1)
        order = np.argsort(-agree)
        lead = float(agree[order[0]] - agree[order[1]])
        return AccoladeCount(int(order[0]), float(min(1.0, lead / ACCOLADE_SURE_LEAD)), int(order[1]))
    # a taught back's strip beyond the last card shows less of the back than the built-in red
    # (its pattern, the edge's blur): a miss weighs less than a back pixel outside the outline
    miss = TAUGHT_FAN_MISS_WEIGHT
    agree = 1.0 - ((outlines & ~back[None, :]).mean(axis=1) * miss + (~outlines & back[None, :]).mean(axis=1))
    order = np.argsort(-agree)
    lead = float(agree[order[0]] - agree[order[1]])
    # the most the best count could lead by: every pixel only it calls back shows the back, none
    # that only the next count calls back does
    best, next_ = outlines[order[0]], outlines[order[1]]
    disputed = float((best & ~next_).mean() + miss * (next_ & ~best).mean())
    sure = min(lead / ACCOLADE_SURE_LEAD, lead / max(TAUGHT_ACCOLADE_SURE_SHARE * disputed, 1e-9))
    return AccoladeCount(int(order[0]), float(min(1.0, sure)), int(order[1]))


def choose(names: list[str], scores: np.ndarray, place: str) -> CardRead:
    """The best template's name; the confidence is its lead over the best template of ANOTHER
    name (a taught face has one per photo, an empty space one per printed number)."""
    order = np.argsort(-scores)
    best = scores[order[0]]
    runner = next((j for j in order[1:] if names[j] != names[order[0]] and np.isfinite(scores[j])), None)
    confidence = 1.0 if runner is None else float(max(0.0, min(1.0, (best - scores[runner]) * 2.0)))
    return CardRead(place, names[order[0]], confidence, float(best), second="" if runner is None else names[runner])



CHANGE_LEVEL = 8.0
"""A place is read again when its centre patches differ from those it was last read on by this
much (mean absolute difference, 0-255): a card laid, taken or turned changes it by 30 or more;
the camera's noise and the room's light drifting by a few levels."""


def _same_attribute_rivals(names: list[str], kinds: list[str], scores: np.ndarray, card: str,
                           lead: float) -> list[str]:
    """The faces of ``card``'s attribute (its own and other peoples') scoring within ``lead`` of
    the best score: the people its colours must tell apart."""
    attribute = card.split("-", 1)[1]
    best = float(scores.max())
    return sorted({n for n, kind, v in zip(names, kinds, scores, strict=False) if kind == "face"
                   and n.split("-", 1)[1] == attribute and v > best - lead})


def _block_change(delta: np.ndarray, side: int) -> np.ndarray:
    """(P,) the largest mean absolute difference over any 4x4-pixel block of each patch: a small
    icon that changed (two cards of one people, the rest hidden by the deck) shows; the camera's
    noise, averaged over a block, does not."""
    b = side // 4 * 4
    d = delta.reshape(len(delta), side, side, 3).mean(axis=3)[:, :b, :b]
    return d.reshape(len(d), b // 4, 4, b // 4, 4).mean(axis=(2, 4)).max(axis=(1, 2))



class CardReader:
    """Reads every card place of one table layout (walls, inn, stocks, kept cards, discards) and
    the accolade fans."""

    def __init__(self, view: TableView, side: str, num_players: int, pack: Any = None,
                 *, expert: bool = True, remember: bool = False, walls_only: bool = False) -> None:
        """``pack``: a taught copy (``vision.pack.Pack`` of open_season) whose card faces replace
        the built-in card art. ``expert``: read the expert discards too. ``remember``: the frames
        are stills of one table in order (the tracker's): a place whose pixels did not change
        since it was last read keeps that reading. ``walls_only``: only :meth:`read_walls` is
        used (a finished table's score): the other places are not laid out."""
        if pack is not None and pack.game != "open_season":
            raise ValueError(f"the pack teaches {pack.game}, not open_season")
        self.patches = BUILT_IN_PATCHES if pack is None else WHOLE_CARD_PATCHES
        """The two square patches a whole card is read by: where the built-in art puts the emblem
        and the icon, or (a taught printing, laid out as it likes) the whole card."""
        # a taught pack's templates are cut once per pack, as the built-in art's are once per run
        patches = self.patches
        self._templates = (card_templates(side) if pack is None else
                           pack.derive(("card templates", side, patches), lambda: build_templates(side, pack, patches)))
        self._strip = (strip_templates() if pack is None else
                       pack.derive(("strip templates", False), lambda: build_strip_templates(pack)))
        self._turned = (strip_templates(True) if pack is None else
                        pack.derive(("strip templates", True), lambda: build_strip_templates(pack, True)))
        self.colour_weight = COLOUR_WEIGHT if pack is None else PACK_COLOUR_WEIGHT
        self.view = view
        self.side = side
        self.num_players = num_players
        self.remember = remember
        self._memory: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.expert = expert
        self.discards_visible = expert and "west" not in SEAT_SIDES[num_players]
        """The expert discards lie beside the inn, under the west player's wall board when there
        is one (the twin's layout): only a 2-player table shows them."""
        self.layout = card_layout(view, side, num_players, self.discards_visible, self.patches, walls_only=walls_only)
        self.taught = pack is not None
        self._back_bgr = _taught_back(pack)
        """A taught printing's card back (its main colours on the sheet's white-balanced paper):
        its fanned accolades are told from the mat by them, not by the built-in back's red."""
        self._attribute_weights: dict[str, tuple[np.ndarray, np.ndarray]] | None = None
        self._people_weights: tuple[np.ndarray, np.ndarray] | None = None
        """A taught printing: per pixel of a whole card, how much it tells the peoples apart, and
        the pixels they share (:meth:`_people_pixels`)."""
        self._raw: np.ndarray | None = None
        """A taught printing: the whole-card templates as the art shows them (:meth:`_raw_templates`)."""
        self._art_skin_masks: dict[int, np.ndarray] = {}
        """Template -> where its art is skin-coloured, grown (:meth:`_art_skin`)."""
        self._same_people_memory: dict[tuple[str, int], tuple[np.ndarray, str]] = {}
        """Remembering: the same per layer and place for :meth:`_whole_same_people_look`."""
        self._people_memory: dict[tuple[str, int], tuple[np.ndarray, str]] = {}
        """Remembering: per layer and place, the whole-card scores a second look was taken on and
        the face it chose (a place not scored again keeps it: the look samples every pose)."""
        self._light: tuple[np.ndarray | None, np.ndarray] = (None, np.ones(3))
        self._trophies: tuple[np.ndarray | None, dict[int, dict[int, int]]] = (None, {})
        """The last frame :meth:`_wall_trophies` read and its trophies: seat -> space -> count."""
        self._token_reader: Any = None
        """The last frame :meth:`table_light` measured and its light (every layer of a frame uses one)."""
        self._fan_memory: dict[tuple[str, str, tuple[int, ...]], tuple[np.ndarray, CardRead, CardRead | None]] = {}
        """Remembering: a place read beside an accolade fan (``_beside_fan``), per layer, place and
        fan counts: its centre patches then and what it read as (and as its best face)."""

    def table_light(self, image: np.ndarray) -> np.ndarray:
        """(3,) BGR: the colour of the table's light, green 1, from the mat's colour as the seats'
        accolade windows show it against its own (``MAT_BGR``); a patch's mean colours are divided
        by it before they are compared with the art's (ones where no window is laid out). A warm
        lamp (3000 K) shows the mat at 0.65 / 1 / 1.37 and barbarian's teal emblem nearer elf's
        green than its own: a stock's barbarian-tattoo in the lamp's glare read elf-tattoo (table
        102618, scene 152), every barbarian wall card only 0.35-0.58 sure. Day light: 1.05 / 1 /
        0.92."""
        if self._light[0] is image:
            return self._light[1]
        seen = []
        for seat, (_, read, outlines) in enumerate(self.layout.accolade_masks):
            seen.append(_mat_seen(self.layout.accolade_window(image, seat), outlines[-1] | ~read))
        light = np.ones(3)
        if seen:
            gains = (np.median(np.array(seen), axis=0) + 1.0) / (np.asarray(MAT_BGR, np.float64) + 1.0)
            light = np.clip(gains / max(float(gains[1]), 1e-6), LIGHT_CLIP[0], LIGHT_CLIP[1])
        self._light = (image, light)
        return light

    def assume_light(self, image: np.ndarray, light: np.ndarray) -> None:
        """The table's light for ``image``, measured by another reader (a finished table's walls
        alone have no bare mat to measure it on: the photo scorer measures it on the accolades'
        card stock), clipped as :meth:`table_light` clips its own."""
        self._light = (image, np.clip(np.asarray(light, np.float64), LIGHT_CLIP[0], LIGHT_CLIP[1]))

    def deck_height(self, image: np.ndarray) -> float:
        """How tall the deck stands (mm): the height at which its top's probes are most the red of
        a card back (lower they fall on its cream side, higher on the inn or the mat beside it)."""
        if self._back_bgr is not None:
            return self._taught_deck_height(image, self._back_bgr)
        shares = np.array([np.median(px[:, 2] / (px.sum(axis=1) + 1.0)) for px in self.layout.deck_top_pixels(image)])
        top = shares.max()
        if top <= DECK_RED_SHARE:
            return 0.0
        # seen from above, the top reads red over a range of heights: the tallest of them (safe)
        return float(self.layout.deck_heights[shares >= top - 0.02].max())

    def _taught_deck_height(self, image: np.ndarray, back_bgr: np.ndarray) -> float:
        """A taught printing's deck: the tallest height at which most of its top's probes show
        the taught back (the light taken from the first seat's bare mat)."""
        _, read, outlines = self.layout.accolade_masks[0]
        mat = _mat_seen(self.layout.accolade_window(image, 0), outlines[-1] | ~read)
        shares = np.array([_deck_back(px, mat, back_bgr).mean() for px in self.layout.deck_top_pixels(image)])
        if TAUGHT_DECK_SMOOTH_PX > 1:
            # a dim light leaves each probe's colour to the sensor's noise: the same probes read
            # on the frame smoothed too, each height keeping the better share (TAUGHT_DECK_SMOOTH_PX)
            smooth = cv2.blur(image, (TAUGHT_DECK_SMOOTH_PX, TAUGHT_DECK_SMOOTH_PX))
            shares = np.maximum(shares, [_deck_back(px, mat, back_bgr).mean()
                                         for px in self.layout.deck_top_pixels(smooth)])
        top = shares.max()
        if top <= TAUGHT_DECK_BACK_SHARE:
            return 0.0
        if TAUGHT_DECK_BY_RIM:
            rim = self._taught_deck_rim(image, mat, back_bgr)
            if rim is not None:
                return rim
        # seen from above, the top shows over a range of heights: the tallest of them (safe)
        return float(self.layout.deck_heights[shares >= top * TAUGHT_DECK_NEAR_TOP].max())

    def _taught_deck_rim(self, image: np.ndarray, mat: np.ndarray, back_bgr: np.ndarray) -> float | None:
        """The height at which the deck top's rim shows the back inside its edges and not outside
        them the most (``TAUGHT_DECK_BY_RIM``); None where no height tells them apart by
        ``TAUGHT_DECK_RIM_MIN_CONTRAST``. Each side's share is counted on the frame as it is and
        smoothed (``TAUGHT_DECK_SMOOTH_PX``), the better one kept."""
        frames = [image] if TAUGHT_DECK_SMOOTH_PX <= 1 else [
            image, cv2.blur(image, (TAUGHT_DECK_SMOOTH_PX, TAUGHT_DECK_SMOOTH_PX))]
        inside = np.zeros(len(self.layout.deck_heights))
        outside = np.zeros(len(self.layout.deck_heights))
        for frame in frames:
            for k, (px_in, px_out) in enumerate(self.layout.deck_rim_pixels(frame)):
                inside[k] = max(inside[k], float(_deck_back(px_in, mat, back_bgr).mean()))
                outside[k] = max(outside[k], float(_deck_back(px_out, mat, back_bgr).mean()))
        contrast = inside - outside
        best = float(contrast.max())
        if best < TAUGHT_DECK_RIM_MIN_CONTRAST:
            return None
        height = float(self.layout.deck_heights[contrast >= best].max())  # a tie: the taller (safe)
        if TAUGHT_DECK_RIM_FOOT_MM > 0 and height <= TAUGHT_DECK_RIM_FOOT_MM:
            # the deck's foot: its side, light like the back, against the board (TAUGHT_DECK_RIM_FOOT_MM)
            above = self.layout.deck_heights > TAUGHT_DECK_RIM_FOOT_MM
            taller = float(contrast[above].max(initial=-np.inf))
            if taller >= max(best - TAUGHT_DECK_RIM_FOOT_MARGIN, TAUGHT_DECK_RIM_MIN_CONTRAST):
                return float(self.layout.deck_heights[above & (contrast >= taller)].max())
        return height

    @classmethod
    def from_ground_truth(cls, gt: dict[str, Any], side: str, num_players: int, pack: Any = None,
                          *, expert: bool = True, remember: bool = False, walls_only: bool = False) -> CardReader:
        """The geometry of a rendered frame (its exact camera): for benches and tests."""
        cam = gt["camera"]
        view = TableView(np.asarray(gt["homography_table_to_image"]), (int(cam["width"]), int(cam["height"])),
                         np.asarray(cam["K"]), np.asarray(cam["dist"]))
        return cls(view, side, num_players, pack, expert=expert, remember=remember, walls_only=walls_only)

    # ------------------------------------------------------------------ reading
    def _scores(self, image: np.ndarray, name: str, t: Templates, only: np.ndarray | None = None) -> np.ndarray:
        """(places, templates) scores of one layer. With ``remember``, only the places whose
        centre patch changed since they were last read are scored again; ``only`` (not
        remembering): the places scored, the other rows left at 0."""
        layer = self.layout.layers[name]
        todo = np.arange(len(layer.places)) if only is None or self.remember else only
        memory = self._memory.get(name)  # filled only when remembering
        if self.remember:  # both patches: two cards of one people differ in the icon only
            first, second = self.layout.centre_patches(image, name, todo)
            centre = np.concatenate([first, second], axis=1)
            if memory is not None:
                delta = np.abs(centre - memory[0])
                split = first.shape[1]
                todo = np.flatnonzero(np.maximum(_block_change(delta[:, :split], layer.first_maps[2]),
                                                 _block_change(delta[:, split:], layer.second_maps[2]))
                                      > CHANGE_LEVEL)
        # the memory's own arrays are updated in place: a place keeps the scores and the patch it
        # was last read on
        scores = memory[1] if memory is not None else np.zeros((len(layer.places), len(t.names)))
        if len(todo):
            na, nb, features = self.layout.pose_patches(image, name, todo)
            light = self.table_light(image)
            features[:, 0:3] /= light  # the mean colours as white light would show them
            features[:, 6:9] /= light
            fresh = score_poses(t, na, nb, features, self.colour_weight, len(JITTER))
            fresh[:, ~np.array([kind in layer.kinds for kind in t.kinds])] = -np.inf
            scores[todo] = fresh
        if self.remember:
            reference = memory[0] if memory is not None else centre
            reference[todo] = centre[todo]
            self._memory[name] = (reference, scores)
        return scores

    def _read_layer(self, image: np.ndarray, name: str, only: np.ndarray | None = None) -> list[CardRead]:
        """Every place of the layer read (``only``: these places' indices, in that order)."""
        t, scores, places = self._layer_scores(image, name, only)
        reads = [choose(t.names, scores[i], place) for i, place in enumerate(places)]
        if self.taught and t is self._templates:
            layer = self.layout.layers[name]
            index = np.arange(len(layer.places)) if only is None else np.asarray(only)
            reads = self._people_second_look(image, name, reads, scores, index)
            if TAUGHT_WHOLE_SAME_PEOPLE_LOOK:
                reads = self._whole_same_people_look(image, name, reads, scores, index)
        return reads

    def _layer_scores(self, image: np.ndarray, name: str, only: np.ndarray | None = None
                      ) -> tuple[Templates, np.ndarray, list[str]]:
        layer = self.layout.layers[name]
        t = self._turned if name == "turned" else self._strip if name.endswith("strip") else self._templates
        scores = self._scores(image, name, t) if only is None else self._scores(image, name, t, only)[only]
        backs = np.array([k == "back" for k in t.kinds])
        if backs.any():  # a back that fits this badly is a shadow (the deck's, at evening light)
            weak = scores[:, backs].max(axis=1) < BACK_MIN_SCORE
            if weak.any():
                scores = scores.copy()
                scores[np.ix_(weak, backs)] = -np.inf
        places = layer.places if only is None else [layer.places[i] for i in only]
        return t, scores, places

    def _strip_reads(self, image: np.ndarray) -> tuple[dict[str, CardRead], dict[str, CardRead] | None]:
        """The fans' strips read, and (a taught printing) each read as its best face too."""
        if not self.taught:
            return {r.place: r for r in self._read_layer(image, "strip")}, None
        t, scores, places = self._layer_scores(image, "strip")
        reads = {place: choose(t.names, scores[i], place) for i, place in enumerate(places)}
        faces = scores.copy()
        faces[:, np.array([k != "face" for k in t.kinds])] = -np.inf
        if TAUGHT_STRIP_PEOPLE_BY_COLOUR:
            faces = self._strip_people_by_colour(image, faces, places)
        return reads, {place: choose(t.names, faces[i], place) for i, place in enumerate(places)}

    def _strip_people_by_colour(self, image: np.ndarray, faces: np.ndarray, places: list[str]) -> np.ndarray:
        """A taught printing's fan strips (stocks, discards): ``faces`` (places, strip templates),
        the strip scores with every other kind than a face at -inf. Each strip keeps only the faces
        of the people whose best strip score less ``TAUGHT_STRIP_PEOPLE_COLOUR_WEIGHT`` times its
        mean-colour distance (both patches' mean B, G, R after the table's light, summed absolute
        differences, the best of that people's taught views) is the highest."""
        t = self._strip
        rows = np.array([i for i, place in enumerate(places) if place.startswith(("stock ", "discard "))
                         and np.isfinite(faces[i]).any()], int)
        if not len(rows):
            return faces
        _, _, features = self.layout.pose_patches(image, "strip", rows)
        centre = np.arange(len(rows)) * len(JITTER) + CENTRE_POSE
        light = self.table_light(image)
        colours = np.concatenate([features[centre, 0:3] / light, features[centre, 6:9] / light], axis=1)
        face = np.array([k == "face" for k in t.kinds])
        people = np.array([n.split("-")[0] if face[j] else "" for j, n in enumerate(t.names)])
        taught = np.concatenate([t.colours[:, 0:3], t.colours[:, 6:9]], axis=1)
        distance = np.abs(colours[:, None, :] - taught[None, :, :]).sum(axis=2)  # (rows, templates)
        out = faces.copy()
        for k, i in enumerate(rows):
            fit = {p: float(faces[i][face & (people == p)].max())
                   - TAUGHT_STRIP_PEOPLE_COLOUR_WEIGHT * float(distance[k][face & (people == p)].min())
                   for p in sorted(set(people[face]))}
            out[i, people != max(fit, key=lambda p: fit[p])] = -np.inf
        return out

    def read_walls(self, image: np.ndarray, tokens_on: dict[int, set[int]] | None = None,
                   trophies: dict[int, dict[int, int]] | None = None) -> dict[int, dict[int, CardRead]]:
        """Seat -> space -> the wall card, as :meth:`read_table` reads the walls (a card with
        trophy tokens on it by its top strip), the other places not read: all a finished table's
        score needs (the inn, stocks, discards and fans took half the card reader's time). A card
        that fits badly stays as read (``CardRead.fit``: the score asks about a covered space,
        ``score_photo.HIDDEN_FIT``), not read empty as :meth:`_across_the_space` reads it.
        ``trophies``: seat -> space -> the trophy tokens counted on it; such a card's whole
        reading takes its attribute from the icon's pixels the tokens leave in view
        (:meth:`_attributes_around_trophies`, ``TROPHY_ATTRIBUTE_AROUND``)."""
        whole = self.layout.layers["whole"].places
        walls = np.array([i for i, place in enumerate(whole) if place.startswith("wall ")], int)
        if trophies is not None:  # counted already: a taught card's look is taken around them
            self._trophies = (image, trophies)
        if self.taught or not PEOPLE_LOOK:
            read = {r.place: r for r in self._read_layer(image, "whole", walls)}
        else:
            read = {r.place: r for r in self._wall_people_look(image, walls)}
        strip = self.layout.layers["wall strip"].places
        on = np.array([i for i, place in enumerate(strip) if place.startswith("wall ")
                       and int(place.split()[2]) in (tokens_on or {}).get(int(place.split()[1]), set())], int)
        around = (self._attributes_around_trophies(image, on, read, trophies)
                  if len(on) and trophies and not self.taught and TROPHY_ATTRIBUTE_AROUND else {})
        for r in self._read_layer(image, "wall strip", on) if len(on) else []:
            read[r.place] = self._under_tokens(r, read[r.place], around.get(r.place))
        if not self.taught:
            self._hand_over_faces(image, walls, read, {strip[i] for i in on})
            self._covered_by_what_shows(image, walls, read, {strip[i] for i in on})
            if COVERED_INDEX_ATTRIBUTE and WALL_TURNED_INDEX in self.layout.layers:
                self._covered_indices(image, walls, read, {strip[i] for i in on})
        return {seat: {n: read[f"wall {seat} {n}"] for n in range(1, len(art.WALL_SPACES[self.side]) + 1)}
                for seat in range(self.num_players)}

    def _hand_over_faces(self, image: np.ndarray, walls: np.ndarray, read: dict[str, CardRead],
                         skip: set[str]) -> None:
        """Each face read with some confidence and fitting less than ``WALL_SKIN_FIT`` (places
        ``walls`` of the whole layer, not those in ``skip``: read by their strip) whose patches show skin where its art shows none
        (``WALL_SKIN_SHARE``) made unsure in ``read``, its ``skin`` share kept."""
        layer = self.layout.layers["whole"]
        names = self._templates.names
        todo = [i for i in walls if layer.places[i] not in skip and read[layer.places[i]].confidence > 0
                and read[layer.places[i]].fit < WALL_SKIN_FIT
                and "-" in read[layer.places[i]].card and read[layer.places[i]].card in names]
        if not todo:
            return
        first, second = self.layout.raw_centre_patches(image, "whole", np.array(todo, int))
        samples = np.concatenate([first, second], axis=1)  # (cards, pixels, 3)
        raw = self._raw_templates()
        split = first.shape[1]
        views = {name: [j for j, n in enumerate(names) if n == name] for name in {read[layer.places[i]].card for i in todo}}
        shares = np.full(len(todo), np.inf)
        for view in range(max(len(v) for v in views.values())):  # a face's best view counts
            js = np.array([views[read[layer.places[i]].card][min(view, len(views[read[layer.places[i]].card]) - 1)]
                           for i in todo])
            owns = np.stack([self._art_skin(int(j), split) for j in js])
            shares = np.minimum(shares, _skin_shares(samples, raw[js], owns, split))
        for k, i in enumerate(todo):
            place = layer.places[i]
            read[place] = replace(read[place], skin=float(shares[k]))
            if shares[k] > WALL_SKIN_SHARE:
                read[place] = replace(read[place], confidence=0.0)

    def _covered_by_what_shows(self, image: np.ndarray, walls: np.ndarray, read: dict[str, CardRead],
                               skip: set[str]) -> None:
        """Each wall card fitting less than ``COVERED_FIT`` (something covers it: the score asks
        which card lies there, its read only the default) read again on the pixels no hand covers:
        the whole-card templates compared where the photo is not skin-coloured (``masked_scores``;
        the skin found as ``_skin_shares`` finds it, the cream balanced to the art's, grown by
        ``ART_SKIN_GROW_PX``). Its read becomes the best face there, ``fit`` unchanged (still
        covered, still asked); nothing is read where less than ``MASKED_MIN_SHARE`` of both patches
        shows. Tuning 90745: a hand over player 1's spaces 3, 6 and 7 left the emblems' colours in
        view (mage blue, sorcerer purple), yet the whole card read elf-tattoo, gnome-eyepatch and
        elf-crown -- the hand's skin compared as art."""
        layer = self.layout.layers["whole"]
        t = self._templates
        todo = np.array([i for i in walls if layer.places[i] not in skip and read[layer.places[i]].fit < COVERED_FIT],
                        int)
        if not len(todo):
            return
        first, second = self.layout.raw_pose_patches(image, "whole", todo)
        raw = self._raw_templates()
        faces = np.array([k == "face" for k in t.kinds])
        cream = _brightest(raw[faces]).mean(axis=0)  # the art's cream
        split = first.shape[1]
        both = np.concatenate([first, second], axis=1)  # (rows, pixels, 3)
        balanced = both * (cream / np.maximum(_brightest(both), 1e-6))[:, None, :]
        skin = _skin_mask(balanced.reshape(-1, 3)).reshape(both.shape[:2])
        grow = np.ones((2 * ART_SKIN_GROW_PX + 1,) * 2, np.uint8)
        free = np.empty_like(skin)
        for lo, hi in ((0, split), (split, both.shape[1])):
            side = int(round(math.sqrt(hi - lo)))
            for r in range(len(skin)):
                grown = cv2.dilate(skin[r, lo:hi].reshape(side, side).astype(np.uint8), grow).ravel() > 0
                free[r, lo:hi] = ~grown
        light = self.table_light(image)
        scores = masked_scores(t, first / light, second / light, free[:, :split], free[:, split:],
                               self.colour_weight, len(JITTER))
        scores[:, ~faces] = -np.inf
        peoples = np.array([n.split("-")[0] if "-" in n else "" for n in t.names])
        # every wall card's patch sampled, the covered ones' colours kept (a column of patches is
        # blurred whole: each patch's edge sees its neighbour's, as on the census)
        named_of = dict(zip(walls.tolist(), self._covered_colours(image, walls))) if COVERED_COLOURS_PEOPLE else {}
        colours = [named_of.get(int(i)) for i in todo]
        for k, i in enumerate(todo):
            place = layer.places[i]
            seen = scores[k].max() >= -MASKED_UNSEEN  # else neither patch shows enough of the art
            best = int(np.argmax(scores[k]))
            lead = float(scores[k][best] - scores[k][faces & (peoples != peoples[best])].max()) if seen else 0.0
            if lead < COVERED_PEOPLE_LEAD:
                # the art does not tell the people apart: its colours may (the attribute unseen)
                named = colours[k]
                if named is not None:
                    own = np.where(faces & (peoples == named), scores[k], -np.inf)
                    pick = int(np.argmax(own)) if np.isfinite(own).any() else \
                        int(np.flatnonzero(faces & (peoples == named))[0])
                    read[place] = replace(read[place], card=t.names[pick], covered_people=named)
                continue  # else the read stays (as poor a guess either way)
            read[place] = replace(read[place], card=t.names[best], covered_lead=lead)

    def _covered_indices(self, image: np.ndarray, walls: np.ndarray, read: dict[str, CardRead],
                         skip: set[str]) -> None:
        """Each covered wall card (``COVERED_FIT``; places ``walls`` of the whole layer, not those in
        ``skip``: read by their strip) whose corner index names its attribute beside the hand
        (:meth:`_index_reads`, ``COVERED_INDEX_LEAD``): that attribute is the card's
        (``CardRead.covered_attribute``), the read its people's face of it (the people as read;
        where the read named none, the index's initial's)."""
        layer = self.layout.layers["whole"]
        todo = np.array([i for i in walls if layer.places[i] not in skip and read[layer.places[i]].fit < COVERED_FIT],
                        int)
        if not len(todo):
            return
        in_view = np.array([i for i in walls if read[layer.places[i]].fit >= COVERED_FIT], int)
        for i, (people, attribute, lead) in zip(todo, self._index_reads(image, todo, in_view if len(in_view) else walls)):
            place = layer.places[int(i)]
            card = read[place].card
            people = card.split("-")[0] if "-" in card else people
            if lead < COVERED_INDEX_LEAD or not people:
                continue
            read[place] = replace(read[place], card=f"{people}-{attribute}", covered_attribute=attribute)

    def _index_reads(self, image: np.ndarray, todo: np.ndarray, in_view: np.ndarray
                     ) -> list[tuple[str, str, float]]:
        """Per wall card (places ``todo`` of the whole layer): the people and attribute its corner
        indices name and how far that attribute leads the next (:func:`read_indices`; 0: no index
        shows), each end's index (``card_sampling.WALL_INDEX``, ``WALL_TURNED_INDEX``) read against
        the cream of the wall cards ``in_view``; of two ends the larger lead counts."""
        first, second = self.layout.raw_centre_patches(image, "whole", in_view)
        table_cream = _brightest(np.concatenate([first, second], axis=1).reshape(1, -1, 3))[0]
        light = self.table_light(image)
        out = [("", "", 0.0)] * len(todo)
        for name in (WALL_INDEX, WALL_TURNED_INDEX):
            _, patches = self.layout.raw_pose_patches(image, name, todo)
            for k, read in enumerate(read_indices(patches, table_cream, light, len(JITTER))):
                if read[2] > out[k][2]:
                    out[k] = read
        return out

    def _covered_colours(self, image: np.ndarray, todo: np.ndarray) -> list[str | None]:
        """Per wall card (places ``todo`` of the whole layer), the people its emblem patch's
        colours name on the pixels no hand covers (``COVERED_COLOURS_PEOPLE``), or None: the patch at
        its nominal pose, balanced to the art's cream (the brightest of both patches); the skin
        (``_skin_mask``, grown by ``ART_SKIN_GROW_PX``) left out; each other pixel votes for the people whose band hue and
        chroma it has (``accolades.BAND_HUE_DEG``); a people is named from
        ``COVERED_COLOURS_SHARE`` of the patch voting for it and ``COVERED_COLOURS_AGREE`` of the
        votes. Never the dwarves: their orange lies in a hand's range (a tan hand in a warm lamp's
        light voted dwarf on tuning 90648's covered mage card)."""
        from vision.open_season.accolades import BAND_HUE_DEG

        first, second = self.layout.raw_centre_patches(image, "whole", todo)
        raw = self._raw_templates()
        faces = np.array([k == "face" for k in self._templates.kinds])
        cream = _brightest(raw[faces]).mean(axis=0)
        # balanced by the card's cream over both patches, as ``_covered_by_what_shows`` balances them
        balanced = first * (cream / np.maximum(_brightest(np.concatenate([first, second], axis=1)), 1e-6))[:, None, :]
        side = int(round(math.sqrt(first.shape[1])))
        grow = np.ones((2 * ART_SKIN_GROW_PX + 1,) * 2, np.uint8)
        out: list[str | None] = []
        for k in range(len(todo)):
            skin = _skin_mask(balanced[k]).reshape(side, side).astype(np.uint8)
            free = cv2.dilate(skin, grow).ravel() == 0
            lab = cv2.cvtColor(np.clip(balanced[k], 0, 255).astype(np.uint8)[None], cv2.COLOR_BGR2LAB)[0]
            a, b = lab[:, 1].astype(np.float32) - 128.0, lab[:, 2].astype(np.float32) - 128.0
            chroma = np.hypot(a, b)
            hue = np.degrees(np.arctan2(b, a)) % 360.0
            votes = {p: int(((hue >= lo) & (hue <= hi) & (chroma >= least) & free).sum())
                     for p, (lo, hi, least) in BAND_HUE_DEG.items()}
            best = max(votes, key=lambda p: votes[p])
            named = (best != "dwarf" and votes[best] >= COVERED_COLOURS_SHARE * len(free)
                     and votes[best] >= COVERED_COLOURS_AGREE * sum(votes.values()))
            out.append(best if named else None)
        return out

    def _art_skin(self, j: int, split: int) -> np.ndarray:
        """(pixels,) bool: where template ``j``'s art is skin-coloured, grown (``_art_skin_grown``;
        kept: the art does not change)."""
        if j not in self._art_skin_masks:
            self._art_skin_masks[j] = _art_skin_grown(self._raw_templates()[j], split)
        return self._art_skin_masks[j]

    def _wall_people_look(self, image: np.ndarray, walls: np.ndarray) -> list[CardRead]:
        """The built-in art's wall cards (places ``walls`` of the whole layer) read, each that leads
        a face of its attribute on another people by less than ``WALL_PEOPLE_LEAD`` named by the
        people whose colours fit it best among those: the read's ``people_look`` is the ratio of
        the next distance to the best. Where the colours name another people the card is not sure
        (confidence 0, asked), the read still its default and the colours' face its ``second``: on
        the tuning walls every such face was the truth (7, all barbarian for elf), yet it set no
        table right, and fresh 12 MP 90807 (session 39's after-run) was off from the photo alone
        for a sorcerer-crown it named gnome-crown -- a pair the tuning walls hardly showed."""
        t, scores, places = self._layer_scores(image, "whole", walls)
        out = []
        for k, place in enumerate(places):
            read = choose(t.names, scores[k], place)
            if read.card in (EMPTY, BACK, HIDDEN) or "-" not in read.card:
                out.append(read)
                continue
            rivals = _same_attribute_rivals(t.names, t.kinds, scores[k], read.card, WALL_PEOPLE_LEAD)
            if len(rivals) < 2:
                out.append(read)
                continue
            distances = self._people_distances(image, "whole", int(walls[k]), rivals)
            ranked = sorted(distances, key=lambda face: distances[face])
            ratio = distances[ranked[1]] / max(distances[ranked[0]], 1e-9)
            if ranked[0] == read.card:
                out.append(replace(read, people_look=float(ratio)))
            else:  # the colours and the whole card disagree: not sure, the read stays the default
                out.append(replace(read, confidence=0.0, second=ranked[0], colours_name=ranked[0]))
        return out

    def _under_tokens(self, strip: CardRead, whole: CardRead, around: str | None = None) -> CardRead:
        """A wall card with tokens over its middle, read by its top strip; a taught printing's
        strip may not show the attribute (102400, printing 930000: a barbarian-crown under a
        trophy read barbarian-tattoo at every scene, a wrong card to the tracker for 20 moves), so
        its reading is at most ``TAUGHT_WALL_STRIP_CONFIDENCE`` sure. ``around``: the whole card
        read with its attribute compared around the tokens (:meth:`_attributes_around_trophies`),
        its ``whole`` in place of the whole card's own read."""
        read = replace(strip, fit=whole.fit, whole=whole.card if around is None else around)
        return replace(read, confidence=min(read.confidence, TAUGHT_WALL_STRIP_CONFIDENCE)) if self.taught else read

    def _attributes_around_trophies(self, image: np.ndarray, places: np.ndarray, read: dict[str, CardRead],
                                    trophies: dict[int, dict[int, int]]) -> dict[str, str]:
        """Place -> the whole card read with its attribute told by the icon's pixels that the
        trophy tokens counted on it leave in view: the people the whole card read, the attribute
        of that people whose art correlates best with the icon's patch there
        (``masked_icon_scores``; the tokens at their places, ``card_sampling.trophy_free_pixels``).
        ``places``: wall places (of the whole layer) with tokens on them; those with no trophy
        counted, so many that less than ``TROPHY_AROUND_MIN_SHARE`` of the icon shows, or read as
        no face are left out (their whole card read over the tokens, as before).
        Compared whole, the tokens' dark discs over the icon look like an eyepatch or a crown's
        dark shape (tuning 91503 and 91558: two trophies over an earrings icon read eyepatch, the
        strip's earrings right)."""
        layer = self.layout.layers["whole"]
        t = self._templates
        todo = []
        for i in places:
            place = layer.places[int(i)]
            _, seat_word, space_word = place.split()
            count = trophies.get(int(seat_word), {}).get(int(space_word), 0)
            in_view = float(trophy_free_pixels(0.0, count, self.patches[1])[CENTRE_POSE].mean())
            if count > 0 and in_view >= TROPHY_AROUND_MIN_SHARE and "-" in read[place].card \
                    and read[place].card in t.names:
                todo.append((int(i), place, int(seat_word), count))
        if not todo:
            return {}
        _first, second = self.layout.raw_pose_patches(image, "whole", np.array([i for i, *_ in todo], int))
        free = np.concatenate([trophy_free_pixels(board_pose(SEAT_SIDES[self.num_players][seat])[2], count,
                                                  self.patches[1])
                               for _i, _place, seat, count in todo])
        scores = masked_icon_scores(t, second / self.table_light(image), free, len(JITTER))
        out = {}
        for k, (_i, place, _seat, _count) in enumerate(todo):
            people = read[place].card.split("-")[0]
            faces = [j for j, name in enumerate(t.names) if t.kinds[j] == "face" and name.split("-")[0] == people]
            best = max(faces, key=lambda j: scores[k, j])
            if np.isfinite(scores[k, best]):
                out[place] = t.names[best]
        return out

    def _read_inn(self, image: np.ndarray) -> list[CardRead]:
        """Each inn slot: the best name's whole-card score plus its top-strip score (the strip's
        alone where the deck may hide the whole card's patches; a taught printing: the whole card's
        on the pixels the deck leaves in view)."""
        whole = self._scores(image, "inn", self._templates)
        strip = self._scores(image, "inn strip", self._strip)
        names = sorted(set(self._templates.names) - {BACK})
        total = np.zeros((len(whole), len(names)))
        deck = int(round(self.deck_height(image) / 2.0))
        whole_seen = self.layout.inn_whole_at[deck]
        unmasked = whole
        if self.taught and not whole_seen.all():
            # compared on what the deck leaves in view (the remembered scores stay as they are)
            whole = whole.copy()
            whole[~whole_seen] = self._deck_masked_scores(image, np.flatnonzero(~whole_seen),
                                                          float(self.layout.deck_heights[deck]))
        # a taught printing lays its card out as it likes: its top strip may not show the attribute
        # at all (added where the deck may hide the card, the strip read 16 of 636 inn cards of
        # printings 930000/930001/950000 as another attribute; the pixels in view alone 2)
        strip_use: Any = not self.taught
        whole_use: Any = True if self.taught else whole_seen
        for t, scores, use in ((self._templates, whole, whole_use), (self._strip, strip, strip_use)):
            for j, name in enumerate(names):
                columns = [i for i, n in enumerate(t.names) if n == name]
                total[:, j] += np.where(use, scores[:, columns].max(axis=1), 0.0)  # every name has a template
        reads = [choose(names, total[i], place) for i, place in enumerate(self.layout.layers["inn"].places)]
        if self.taught:
            seen = np.flatnonzero(whole_seen)  # the deck hides none of these slots' pixels
            told = self._people_second_look(image, "inn", [reads[i] for i in seen], whole[seen], seen)
            for slot, told_read in zip(seen, told):
                reads[int(slot)] = told_read
            reads, read_in_part = self._same_people_second_look(image, reads, total, names, whole_seen,
                                                                float(self.layout.deck_heights[deck]))
        else:
            read_in_part = set()
        use = self.layout.inn_whole_at[deck]
        faces = np.array([k == "face" for k in self._strip.kinds])
        whole_faces = np.array([k == "face" for k in self._templates.kinds])
        bare_board = np.array([k == "inn" for k in self._templates.kinds])
        for i, read in enumerate(reads):
            if self.taught and (use[i] or self.layout.inn_mostly_seen_at[deck][i]) \
                    and max(unmasked[i][whole_faces].max(),
                            whole[i][whole_faces].max()) < TAUGHT_INN_NO_CARD_FIT:
                # a taught printing's bare board cannot beat its blank strips as the built-in
                # test asks, nor is it sure to beat every face in full view (a frame printing's
                # plain face against the board in the deck's shadow, TAUGHT_INN_NO_CARD_FIT):
                # where the slot shows and no face fits it at all, none lies. A slot the deck may
                # partly hide is also compared on the pixels the deck leaves in view: the deck's
                # own pixels pulled a card's whole score under the bar (TAUGHT_INN_NO_CARD_FIT)
                reads[i] = CardRead(read.place, EMPTY, 1.0, float(unmasked[i][bare_board].max()))
                continue
            if use[i]:
                continue
            if self.taught and i not in read_in_part and read.card not in (EMPTY, HIDDEN) and self.attribute_in_view(
                    i, read.card, float(self.layout.deck_heights[deck])) < TAUGHT_ATTRIBUTE_IN_VIEW:
                # what tells this people's faces apart lies behind the deck: no face can be read
                reads[i] = CardRead(read.place, HIDDEN, 0.0)
                continue
            # a taught "empty" from scores that compared no patch (TAUGHT_INN_UNSEEN_SCORE) is
            # no reading: the strip alone says whether a card lies there
            unseen = self.taught and read.card == EMPTY and total[i].max() < TAUGHT_INN_UNSEEN_SCORE
            if not unseen and strip[i][np.isfinite(strip[i])].max() >= INN_HIDDEN_SCORE:
                # a taught printing's read comes from the pixels in view, its strip may not show the
                # people at all: the band is the built-in art's
                if read.card != EMPTY and (read.confidence < INN_UNSURE_LEAD or not self.taught and self.band_in_view(
                        i, float(self.layout.deck_heights[deck])) < INN_BAND_IN_VIEW):
                    reads[i] = CardRead(read.place, HIDDEN, 0.0)
                continue
            bare = strip[i][~faces].max(initial=-np.inf)
            if bare < strip[i][faces].max() + INN_EMPTY_LEAD:
                reads[i] = CardRead(read.place, HIDDEN, 0.0)
        return reads

    def _same_people_second_look(self, image: np.ndarray, reads: list[CardRead], total: np.ndarray,
                                 names: list[str], whole_seen: np.ndarray, deck: float
                                 ) -> tuple[list[CardRead], set[int]]:
        """A taught printing: an inn card in full view whose runner-up is another face of the same
        people by a lead under ``TAUGHT_SAME_PEOPLE_LEAD`` is told among that people's faces on
        the pixels that tell them apart (:meth:`_attribute_pixels`). The whole card's score is
        mostly the people's frame and emblem, alike on all five, and a teach photo taken at a
        slant gives each face a view cut a little askew: printing 930000's barbarian-tattoo (an
        X) fitted its own views 6.19-6.20 and barbarian-crown's slanted view (a 9) 6.36 (table
        102400, slot 3, six stills; the game lost). A slot the deck (``deck`` mm tall) may partly
        hide is told so too, on the pixels it leaves in view, where at least
        ``TAUGHT_ATTRIBUTE_IN_VIEW`` of what tells the people's faces apart shows (less: the slot
        is called hidden afterwards): printing 997222's elf-tattoo in slot 5, by the deck at tilt 2,
        read elf-crown on the whole card's pixels in view (4.55 against 4.38), elf-tattoo on the
        pixels that tell elves apart (2.33 against 1.72; game 103022, session 37). A slot with less
        than that but at least ``TAUGHT_ATTRIBUTE_IN_VIEW_FLOOR`` in view is told so too, and kept
        (its index among the second value, its confidence the lead) where the face leads by
        ``TAUGHT_ATTRIBUTE_TOLD_LEAD``."""
        out = list(reads)
        told: set[int] = set()
        for i, read in enumerate(reads):
            if read.card in (EMPTY, BACK, HIDDEN) or read.confidence >= 1.0:
                continue
            in_view = 1.0 if whole_seen[i] else self.attribute_in_view(i, read.card, deck)
            if in_view < TAUGHT_ATTRIBUTE_IN_VIEW_FLOOR:
                continue
            if in_view < TAUGHT_ATTRIBUTE_IN_VIEW:
                people = read.card.split("-")[0]
                scores = self._attribute_scores(image, i, people, deck)
                ranked = sorted(scores.values(), reverse=True)
                lead = ranked[0] - ranked[1] if len(ranked) > 1 else 0.0
                if lead >= TAUGHT_ATTRIBUTE_TOLD_LEAD:
                    out[i] = replace(read, card=max(scores, key=lambda face: scores[face]), confidence=min(1.0, lead))
                    told.add(i)
                continue
            people = read.card.split("-")[0]
            rivals = [j for j in np.argsort(-total[i]) if names[j] != read.card]
            if not rivals or names[rivals[0]].split("-")[0] != people \
                    or total[i][names.index(read.card)] - total[i][rivals[0]] >= TAUGHT_SAME_PEOPLE_LEAD:
                continue
            scores = self._attribute_scores(image, i, people, None if whole_seen[i] else deck)
            best = max(scores, key=lambda face: scores[face])
            if best != read.card:
                out[i] = replace(read, card=best)
        return out, told

    def _people_second_look(self, image: np.ndarray, name: str, reads: list[CardRead], scores: np.ndarray,
                            index: np.ndarray) -> list[CardRead]:
        """A taught printing: each whole card read (``reads``, of places ``index`` of layer ``name``,
        ``scores`` its whole-card scores) that leads a face of its attribute but of another people
        by less than ``TAUGHT_PEOPLE_LEAD`` is named by the people among those whose colours fit it
        best (:meth:`_people_distances`). The whole-card score compares each channel normalised
        on its own, which keeps the shapes but drops most of a colour band's hue; its mean-colour
        term compares the card with the sheet's white balance, not the table's light, and the
        people's colour is a third of it: a side band's gnome (mauve) read as sorcerer (purple),
        35 Lab apart (printing 997102, docs/teach.md session 27)."""
        if not PEOPLE_LOOK:
            return reads
        t = self._templates
        out = list(reads)
        for k, read in enumerate(reads):
            if read.card in (EMPTY, BACK, HIDDEN) or "-" not in read.card:
                continue
            rivals = _same_attribute_rivals(t.names, t.kinds, scores[k], read.card, TAUGHT_PEOPLE_LEAD)
            if len(rivals) < 2:
                continue
            def nearest(place: int = int(index[k]), rivals: list[str] = rivals) -> str:
                distances = self._people_distances(image, name, place, rivals)
                return min(distances, key=lambda face: distances[face])

            pick = self._remembered_pick(self._people_memory, (name, int(index[k])), scores[k], nearest)
            if pick != read.card:
                out[k] = replace(read, card=pick)
        return out

    def _remembered_pick(self, memory: dict[tuple[str, int], tuple[np.ndarray, str]], key: tuple[str, int],
                         scores: np.ndarray, pick: Callable[[], str]) -> str:
        """``pick()`` for the place ``key`` whose whole-card scores are ``scores``; a reader that
        remembers stills keeps it in ``memory`` and gives it again while the place's scores are the
        same (the place was not scored again: its pixels did not change)."""
        known = memory.get(key) if self.remember else None
        if known is not None and np.array_equal(known[0], scores):
            return known[1]
        picked = pick()
        if self.remember:
            memory[key] = (scores.copy(), picked)
        return picked

    def _whole_same_people_look(self, image: np.ndarray, name: str, reads: list[CardRead], scores: np.ndarray,
                                index: np.ndarray) -> list[CardRead]:
        """A taught printing: each whole card read (``reads``, of places ``index`` of layer ``name``,
        ``scores`` its whole-card scores) whose best face of another name is a face of the same
        people scoring within ``TAUGHT_SAME_PEOPLE_LEAD`` of the read's is named by the face of
        that people that fits best on the pixels that tell its faces apart
        (:meth:`_attribute_scores`; ``TAUGHT_WHOLE_SAME_PEOPLE_LOOK``). The read keeps its
        confidence (under 1: the whole card's lead is under ``TAUGHT_SAME_PEOPLE_LEAD``)."""
        t = self._templates
        names = sorted({n for n, k in zip(t.names, t.kinds) if k == "face"})
        columns = [[j for j, n in enumerate(t.names) if n == face] for face in names]
        out = list(reads)
        for k, read in enumerate(reads):
            if read.card not in names:
                continue
            best = np.array([scores[k][c].max() for c in columns])
            own = best[names.index(read.card)]
            best[names.index(read.card)] = -np.inf
            rival = int(np.argmax(best))
            people = read.card.split("-")[0]
            if not np.isfinite(best[rival]) or names[rival].split("-")[0] != people \
                    or own - best[rival] >= TAUGHT_SAME_PEOPLE_LEAD:
                continue
            def fittest(place: int = int(index[k]), people: str = people) -> str:
                fits = self._attribute_scores(image, place, people, layer=name,
                                              around=self._trophies_over(image, name, place))
                return max(fits, key=lambda face: fits[face])

            pick = self._remembered_pick(self._same_people_memory, (name, int(index[k])), scores[k], fittest)
            if pick != read.card:
                out[k] = replace(read, card=pick)
        return out

    def _trophies_over(self, image: np.ndarray, name: str, place: int) -> tuple[float, int] | None:
        """A wall card of the whole layer (place ``place`` of layer ``name``) with trophy tokens on
        it (``TAUGHT_LOOK_AROUND_TROPHIES``): its wall's yaw and the trophies counted on it, where
        they leave at least ``TROPHY_AROUND_MIN_SHARE`` of the lower patch in view; None else."""
        label = self.layout.layers[name].places[place]
        if not TAUGHT_LOOK_AROUND_TROPHIES or name != "whole" or not label.startswith("wall "):
            return None
        seat, space = (int(v) for v in label.split()[1:])
        count = self._wall_trophies(image).get(seat, {}).get(space, 0)
        in_view = float(trophy_free_pixels(0.0, count, self.patches[1])[CENTRE_POSE].mean())
        if count == 0 or in_view < TROPHY_AROUND_MIN_SHARE:
            return None
        return board_pose(SEAT_SIDES[self.num_players][seat])[2], count

    def _wall_trophies(self, image: np.ndarray) -> dict[int, dict[int, int]]:
        """Seat -> wall space -> the trophy tokens the token reader counts on its card in this
        frame (read once per frame, only when a card asks)."""
        if self._trophies[0] is not image:
            from vision.open_season.tokens import TokenReader

            if self._token_reader is None:
                self._token_reader = TokenReader(self.view, self.side, self.num_players, self.expert)
            seats = self._token_reader.read(image)
            self._trophies = (image, {seat: dict(tokens.wall_trophies) for seat, tokens in seats.items()})
        return self._trophies[1]

    def _people_distances(self, image: np.ndarray, name: str, place: int, faces: list[str]) -> dict[str, float]:
        """Face -> how far place ``place`` of layer ``name`` lies from each taught view of the face
        in colour (the best over poses and views): the mean BGR distance over the pixels, each
        weighed by how much it tells the taught peoples apart (:meth:`_people_pixels`), after the
        table's light and one brightness gain taken on the pixels the peoples share."""
        weights, shared = self._people_pixels()
        first, second = self.layout.raw_pose_patches(image, name, np.array([place]))
        sample = np.concatenate([first, second], axis=1) / self.table_light(image)  # (poses, pixels, 3)
        raw = self._raw_templates()
        lit = sample[:, shared].sum(axis=(1, 2))  # (poses,)
        out: dict[str, float] = {}
        for j, face in enumerate(self._templates.names):
            if face not in faces or self._templates.kinds[j] != "face":
                continue
            gain = float(raw[j][shared].sum()) / np.maximum(lit, 1e-6)  # (poses,)
            apart = np.linalg.norm(sample * gain[:, None, None] - raw[j][None], axis=2)  # (poses, pixels)
            distance = float((apart @ weights).min())
            out[face] = min(out.get(face, np.inf), distance)
        return out

    def _raw_templates(self) -> np.ndarray:
        """(templates, pixels, 3): the whole-card templates' two patches side by side as the art
        shows them (BGR 0-255, blurred as the samples are), undoing :func:`norm_patch`'s scaling
        from the mean colour and relative contrast the templates keep (a flat channel: its mean)."""
        if self._raw is None:
            t = self._templates
            parts = []
            for tmpl, at in ((t.first, 0), (t.second, 6)):
                shaped = tmpl.reshape(len(tmpl), -1, 3)
                mean = t.colours[:, at:at + 3] * 255.0
                spread = t.colours[:, at + 3:at + 6] * np.maximum(mean, 1.0) * np.sqrt(shaped.shape[1])
                parts.append(shaped * spread[:, None, :] + mean[:, None, :])
            self._raw = np.concatenate(parts, axis=1)
        return self._raw

    def _people_pixels(self) -> tuple[np.ndarray, np.ndarray]:
        """A taught printing: how much each pixel of the whole card's two patches tells the taught
        peoples apart, summing to 1 (the spread of the peoples' mean raw templates, each over its
        faces and views, summed over channels: a side band, a frame, an emblem), and the pixels
        that tell them apart least (below the median: the parchment and the attribute's icon,
        where the brightness gain is taken)."""
        if self._people_weights is None:
            t = self._templates
            raw = self._raw_templates()
            peoples = sorted({n.split("-")[0] for n, k in zip(t.names, t.kinds) if k == "face"})
            means = np.stack([raw[[j for j, (n, k) in enumerate(zip(t.names, t.kinds))
                                   if k == "face" and n.split("-")[0] == p]].mean(axis=0) for p in peoples])
            spread = means.var(axis=0).sum(axis=1)  # (pixels,)
            self._people_weights = (spread / max(float(spread.sum()), 1e-9), spread <= np.median(spread))
        return self._people_weights

    def _attribute_scores(self, image: np.ndarray, slot: int, people: str, deck: float | None = None,
                          layer: str = "inn", around: tuple[float, int] | None = None) -> dict[str, float]:
        """Face -> how well place ``slot`` of ``layer`` (an inn slot, else a whole card's place)
        fits each taught view of ``people``'s faces (the
        best over poses and views), correlated per channel with each pixel weighed by how much
        it tells that people's faces apart, the two patches by their share of that; with ``deck``
        (its height, mm; inn slots), on the pixels a deck that tall leaves in view at each pose only;
        with ``around`` (a wall's yaw and the trophy tokens on the card), on the pixels they leave
        in view."""
        t = self._templates
        first, second = self.layout.raw_pose_patches(image, layer, np.array([slot]))
        weights = tuple(np.broadcast_to(w[None, :], (len(first), len(w))) for w in self._attribute_pixels()[people])
        if deck is not None:
            free = self.layout.deck_free_pixels(layer, np.array([slot]), deck)
            weights = tuple(w * f for w, f in zip(weights, free))
        if around is not None:
            weights = tuple(w * trophy_free_pixels(around[0], around[1], patch)
                            for w, patch in zip(weights, self.patches))
        shares = np.stack([w.sum(axis=1) for w in weights])  # (2, poses)
        shares = shares / np.maximum(shares.sum(axis=0, keepdims=True), 1e-9)
        faces = [j for j, name in enumerate(t.names) if t.kinds[j] == "face" and name.split("-")[0] == people]
        total = np.zeros((len(first), len(faces)))
        for patches, tmpl, w, share in ((first, t.first, weights[0], shares[0]),
                                        (second, t.second, weights[1], shares[1])):
            # every view of the people's faces at once: the weighted correlation per channel, the
            # sample centred over its weights (so the template's weighted mean drops out of the
            # product) and each template's weighted spread from its sums
            ww = np.asarray(w / np.maximum(w.sum(axis=1, keepdims=True), 1e-9), np.float64)  # (poses, pixels)
            x = np.asarray(patches, np.float64)
            x = x - np.matmul(ww[:, None, :], x)  # (poses, pixels, 3), centred per pose
            xx = np.matmul(ww[:, None, :], x * x)[:, 0, :]  # (poses, 3)
            q = np.asarray(tmpl[faces], np.float64).reshape(len(faces), -1, 3)  # (faces, pixels, 3)
            for c in range(3):
                qc = q[:, :, c]
                num = (ww * x[:, :, c]) @ qc.T  # (poses, faces)
                mean = ww @ qc.T
                qq = np.maximum(ww @ (qc * qc).T - mean * mean, 0.0)
                den = np.sqrt(xx[:, c][:, None] * qq)
                total += share[:, None] * np.where(den > 1e-9, num / np.maximum(den, 1e-9), 0.0)
        out: dict[str, float] = {}
        for k, j in enumerate(faces):
            out[t.names[j]] = max(out.get(t.names[j], -np.inf), float(total[:, k].max()))
        return out

    def _attribute_pixels(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """A taught printing, per people: how much each pixel of the first and second patch tells
        its faces apart (the spread of the faces' mean templates there, summed over channels)."""
        if self._attribute_weights is None:
            t = self._templates
            out = {}
            for people in sorted({n.split("-")[0] for n, k in zip(t.names, t.kinds) if k == "face"}):
                faces = sorted({n for n, k in zip(t.names, t.kinds) if k == "face" and n.split("-")[0] == people})
                pair = []
                for tmpl in (t.first, t.second):
                    means = np.stack([tmpl[[i for i, n in enumerate(t.names) if n == f]].mean(axis=0) for f in faces])
                    pair.append(means.reshape(len(faces), -1, 3).var(axis=0).sum(axis=1))
                out[people] = (pair[0], ATTRIBUTE_WEIGHT * pair[1])
            self._attribute_weights = out
        return self._attribute_weights

    def attribute_in_view(self, slot: int, card: str, height: float) -> float:
        """A taught printing: the share of what tells ``card``'s people's faces apart that a deck
        ``height`` mm tall leaves in view at inn slot ``slot`` (index), at the slot's centre pose."""
        weights = self._attribute_pixels().get(card.split("-")[0])
        if weights is None:
            return 1.0
        free_first, free_second = self.layout.deck_free_pixels("inn", np.arange(len(INN_SLOTS)), height)
        poses = len(JITTER)
        first, second = free_first[slot * poses + CENTRE_POSE], free_second[slot * poses + CENTRE_POSE]
        total = float(weights[0].sum() + weights[1].sum())
        return float((weights[0] * first).sum() + (weights[1] * second).sum()) / total if total > 0 else 1.0

    def band_in_view(self, slot: int, height: float) -> float:
        """The share of inn slot ``slot``'s (index) top-strip band, the people's colour, that a
        deck ``height`` mm tall leaves in view, at the slot's centre pose."""
        band, _ = self.layout.deck_free_pixels("inn strip", np.arange(len(INN_SLOTS)), height)
        return float(band[slot * len(JITTER) + CENTRE_POSE].mean())

    def _deck_masked_scores(self, image: np.ndarray, slots: np.ndarray, height: float) -> np.ndarray:
        """(slots, templates) whole-card scores of these inn slots on what the deck leaves in view."""
        first, second = self.layout.raw_pose_patches(image, "inn", slots)
        first, second = first / self.table_light(image), second / self.table_light(image)
        free_first, free_second = self.layout.deck_free_pixels("inn", slots, height)
        scores = masked_scores(self._templates, first, second, free_first, free_second, self.colour_weight,
                               len(JITTER))
        kinds = self.layout.layers["inn"].kinds
        scores[:, ~np.array([kind in kinds for kind in self._templates.kinds])] = -np.inf
        return scores

    def read(self, image: np.ndarray) -> list[CardRead]:
        """Every wall space, inn slot, kept card, stock position and discard position, read as a
        whole card (a fan's lower cards are read by :meth:`read_table`)."""
        return self._read_layer(image, "whole") + self._read_layer(image, "inn") + self._read_layer(image, "on mat")

    def read_table(self, image: np.ndarray, tokens_on: dict[int, set[int]] | None = None,
                   trophies: dict[int, dict[int, int]] | None = None) -> TableCards:
        """Everything: a fan (stock, discards) holds the cards whose top strip shows, up to the
        first position without one; its top card is read whole when that reads a card (a taught
        printing's fan: :meth:`_taught_fan`).
        ``tokens_on``: seat -> wall spaces with trophy tokens on their card (the token reader's),
        read by their top strip (the tokens lie over the icon). A card lying across part of a wall
        space, not on it, is no card of that space (:meth:`_across_the_space`).
        ``trophies``: seat -> wall space -> the trophy tokens counted on it (the token reader's):
        a taught card's look among its people's faces is taken around them
        (``TAUGHT_LOOK_AROUND_TROPHIES``) without reading the tokens again."""
        if trophies is not None:
            self._trophies = (image, trophies)
        whole = {r.place: r for r in self.read(image)}
        if tokens_on and any(tokens_on.values()):
            for r in self._read_layer(image, "wall strip"):
                seat, number = (int(v) for v in r.place.split()[1:])
                if number in tokens_on.get(seat, set()):
                    whole[r.place] = self._under_tokens(r, whole[r.place])
        whole.update(self._taught_bare_spaces(whole) if self.taught else self._across_the_space(image, whole))
        strips, strip_faces = self._strip_reads(image)
        out = TableCards()
        out.accolades = self.read_accolades(image)
        for seat, fan in out.accolades.items():
            # the accolade fan may lie over the seat's stock or kept card: those are compared on
            # the pixels it leaves in view (its red backs would count as the card's colour)
            counts = tuple(sorted({fan.count, fan.second}))
            stock = [f"stock {seat} {i}" for i in range(MAX_STOCK)]
            self._beside_fan(image, "on mat", [f"kept {seat}", *stock], seat, counts, whole)
            self._beside_fan(image, "strip", stock, seat, counts, strips, strip_faces)
        for seat in range(self.num_players):
            out.walls[seat] = {n: whole[f"wall {seat} {n}"] for n in range(1, len(art.WALL_SPACES[self.side]) + 1)}
            out.kept[seat] = self._kept(whole[f"kept {seat}"])
            out.stocks[seat] = self._fan(whole, strips, [f"stock {seat} {i}" for i in range(MAX_STOCK)], strip_faces)
        out.inn = self._read_inn(image)
        out.discards_seen = self.discards_visible
        if self.discards_visible:
            turned = {r.place: r for r in self._read_layer(image, "turned")}
            places = [f"discard {i}" for i in range(MAX_DISCARDS)]
            upwards = self._fan(whole, strips, places, strip_faces)
            # the first card on top: it shows whole, each next one its bottom strip
            first = whole[places[0]]
            # a taught printing's bare mat may read as a face that fits it badly (table 102722,
            # printing 980002: the empty discards read gnome-earrings in the first scene, fit
            # about -1.4, and the game never started): the first card must fit as a fan's top does
            bare = first.card == EMPTY or (self.taught and (first.card == BACK or first.fit < TAUGHT_FAN_TOP_FIT))
            downwards = [] if bare else [first]  # never a back on the mat
            for place in places[1:] if downwards else []:
                if turned[place].card == EMPTY:
                    break
                downwards.append(turned[place])
            out.discards = downwards if len(downwards) > len(upwards) else upwards
        return out

    def _across_the_space(self, image: np.ndarray, whole: dict[str, CardRead]) -> dict[str, CardRead]:
        """The wall spaces read as a card that fits no card laid there (``WALL_CARD_MIN_FIT``) while
        one of their two patches shows the space's bare board: read ``EMPTY``. A card lies across
        part of the space, not on it (a card laid aside beside the board, over its corner: the
        expert discards beside the west wall board); a card laid on its space covers both patches.
        The built-in art only (the limits are its templates')."""
        layer = self.layout.layers["whole"]
        suspects = [i for i, place in enumerate(layer.places) if place.startswith("wall ")
                    and whole[place].card != EMPTY and whole[place].fit < WALL_CARD_MIN_FIT
                    and not whole[place].whole]  # read by its strip: tokens lie on a card there
        if not suspects:
            return {}
        index = np.array(suspects)
        first, second, features = self.layout.pose_patches(image, "whole", index)
        light = self.table_light(image)
        features[:, 0:3] /= light  # as _scores compares them
        features[:, 6:9] /= light
        a, b = patch_scores(self._templates, first, second, features, self.colour_weight, len(JITTER))
        board = np.array([kind == "board" for kind in self._templates.kinds])
        bare = (a[:, board].max(axis=1) >= WALL_BARE_FIRST) | (b[:, board].max(axis=1) >= WALL_BARE_SECOND)
        return {layer.places[i]: CardRead(layer.places[i], EMPTY, 1.0, whole[layer.places[i]].fit)
                for k, i in enumerate(suspects) if bare[k]}

    def _kept(self, read: CardRead) -> CardRead:
        """A seat's kept card as read; a taught printing's reads ``EMPTY`` (the face kept in
        ``CardRead.unfit``) where it fits its face worse than ``TAUGHT_KEPT_MIN_FIT``."""
        if self.taught and read.card not in (EMPTY, BACK) and read.fit < TAUGHT_KEPT_MIN_FIT:
            return CardRead(read.place, EMPTY, 1.0, read.fit, unfit=read.card)
        return read

    @staticmethod
    def _taught_bare_spaces(whole: dict[str, CardRead]) -> dict[str, CardRead]:
        """A taught printing: the wall spaces read whole (not by the strip beside tokens) as a face
        that fits below ``TAUGHT_WALL_NO_CARD_FIT``: read ``EMPTY``, the face kept in
        ``CardRead.unfit``. A plain face may fit a bare space in a shadow better than the bare
        board's template does, and a phantom wall card at the set-up loses the whole game (102974);
        another printing's card fits as badly, but the copy is judged on what the space read as."""
        return {place: CardRead(place, EMPTY, 1.0, read.fit, unfit=read.card) for place, read in whole.items()
                if place.startswith("wall ") and read.card not in (EMPTY, BACK) and not read.whole
                and read.fit < TAUGHT_WALL_NO_CARD_FIT}

    def _beside_fan(self, image: np.ndarray, name: str, places: list[str], seat: int, counts: tuple[int, ...],
                    reads: dict[str, CardRead], faces: dict[str, CardRead] | None = None) -> None:
        """Reads again, in ``reads`` (and ``faces``: as its best face), each of these places of a
        layer over which ``seat``'s accolade fan of any of ``counts`` cards may lie (more than
        ``FAN_OVER_SHARE`` of a patch at the nominal pose), on the pixels the fan leaves in view."""
        layer = self.layout.layers[name]
        index = np.array([layer.places.index(place) for place in places])
        free_first, free_second = self.layout.fan_free_pixels(name, index, seat, counts)
        centre = np.arange(len(index)) * len(JITTER) + CENTRE_POSE
        covered = np.maximum(1.0 - free_first[centre].mean(axis=1), 1.0 - free_second[centre].mean(axis=1))
        under = index[covered > FAN_OVER_SHARE]
        if not len(under):
            return
        centres: dict[int, np.ndarray] = {}
        if self.remember:  # a place whose pixels did not change keeps its reading (as _scores does)
            first, second = self.layout.centre_patches(image, name, under)
            split = first.shape[1]
            todo = []
            for k, i in enumerate(under):
                centres[int(i)] = np.concatenate([first[k], second[k]])
                known = self._fan_memory.get((name, layer.places[i], counts))
                if known is not None:
                    delta = np.abs(centres[int(i)] - known[0])[None]
                    if max(_block_change(delta[:, :split], layer.first_maps[2])[0],
                           _block_change(delta[:, split:], layer.second_maps[2])[0]) <= CHANGE_LEVEL:
                        reads[layer.places[i]] = known[1]
                        if faces is not None and known[2] is not None:
                            faces[layer.places[i]] = known[2]
                        continue
                todo.append(int(i))
            under = np.array(todo, dtype=int)
            if not len(under):
                return
        t = self._strip if name.endswith("strip") else self._templates
        free_first, free_second = self.layout.fan_free_pixels(name, under, seat, counts)
        first, second = self.layout.raw_pose_patches(image, name, under)
        first, second = first / self.table_light(image), second / self.table_light(image)
        scores = masked_scores(t, first, second, free_first, free_second, self.colour_weight, len(JITTER))
        scores[:, ~np.array([kind in layer.kinds for kind in t.kinds])] = -np.inf
        for k, i in enumerate(under):
            place = layer.places[i]
            reads[place] = choose(t.names, scores[k], place)
            face = None
            if faces is not None:
                only_faces = np.where(np.array([kind == "face" for kind in t.kinds]), scores[k], -np.inf)
                face = faces[place] = choose(t.names, only_faces, place)
            if self.remember:
                self._fan_memory[(name, place, counts)] = (centres[int(i)], reads[place], face)

    def _fan(self, whole: dict[str, CardRead], strips: dict[str, CardRead], places: list[str],
             faces: dict[str, CardRead] | None = None) -> list[CardRead]:
        """A fan's cards, bottom to top. ``faces``: each place's strip read as its best face (a
        taught printing's fan is read by :meth:`_taught_fan`)."""
        if self.taught and faces is not None:
            return self._taught_fan(whole, faces, places)
        cards: list[CardRead] = []
        for place in places:
            if strips[place].card == EMPTY:
                break
            cards.append(strips[place])
        if cards and whole[cards[-1].place].card != EMPTY:  # never a back on the mat
            cards[-1] = whole[cards[-1].place]  # the top card shows whole
        return cards

    def _taught_fan(self, whole: dict[str, CardRead], faces: dict[str, CardRead], places: list[str]) -> list[CardRead]:
        """A taught printing's fan ends at its top card, the only one that shows whole: the last
        place whose whole card fits a taught face well. Below it each place holds a card, read by
        its top strip, which a random layout may leave blank or alike between the attributes of
        one people: such a card counts, named by its strip's best face, at most
        ``TAUGHT_FAN_STRIP_CONFIDENCE`` sure."""
        tops = [i for i, place in enumerate(places)
                if whole[place].card not in (EMPTY, BACK) and whole[place].fit >= TAUGHT_FAN_TOP_FIT]
        if not tops:
            return []
        top = tops[-1]
        if TAUGHT_FAN_TOP_BEST_FIT:  # a place past the top may fit a face on the top's lower part
            top = max(tops, key=lambda i: (whole[places[i]].fit, i))
        lower = [replace(faces[place], confidence=min(faces[place].confidence, TAUGHT_FAN_STRIP_CONFIDENCE))
                 for place in places[:top]]
        return lower + [whole[places[top]]]

    def read_accolades(self, image: np.ndarray) -> dict[int, AccoladeCount]:
        """Seat -> the accolade count whose fan outline agrees best with the card-back pixels."""
        out = {}
        for seat, (_, read, outlines) in enumerate(self.layout.accolade_masks):
            win = self.layout.accolade_window(image, seat)
            if self._back_bgr is None:
                red = win[:, :, 2] / (win.sum(axis=2) + 1.0)
                back = (red > BACK_RED_SHARE).ravel()[read]
            else:
                back = _back_pixels(win, outlines[-1] | ~read, self._back_bgr).ravel()[read]
            out[seat] = fan_count(outlines[:, read], back, taught=self._back_bgr is not None)
        return out


LIGHT_CLIP = (0.5, 2.0)
"""The table's light is taken to shift a channel against green by at most this (a 2900 K lamp: 0.65
and 1.4 on the mat): a mat of another colour than the scene's cannot turn the faces' colours further."""
FAN_OVER_SHARE = 0.02
"""A stock or kept card whose patch (at its nominal pose) a seat's accolade fan may cover by more
than this share is compared with the faces on the pixels the fan leaves in view
(``CardReader._beside_fan``)."""
TAUGHT_FAN_TOP_FIT = 3.5
"""A taught printing: a fan's top card fits a taught face at least this well, read whole (on
stills of printings 930000 and 930001, 18 tables: top cards 5.9-7.0; a lower card, mostly under
the next, -1.4 to 1.0; a place past the top, bare mat or the top card's lower part, 0.9 at most).
The strips miscounted the fans: an empty stock read as 4-7 cards fitting -0.7 to 0.7, a stock
of 2 whose lower strip read as the bare mat as none."""
TAUGHT_FAN_TOP_BEST_FIT = True
"""A taught printing: of the fan's places whose whole card fits ``TAUGHT_FAN_TOP_FIT``, the top is
the best fitting one, not the last (``CardReader._taught_fan``; False: the last, as before session
83). A card under the next shows only its strip and fits -1.4 to 1.0, so two places that both fit
well cannot both hold a card that shows whole: the one past the better fit is the top card's lower
part and the mat beyond. Game 103114 (printing 998311, 3 players Horn expert, tilt 34, lamp;
session 83, fresh83): player 2's one stock card elf-crown fit 6.69 at place 0 and place 1 (its
lower part and 17 mm of mat) fit dwarf-tattoo at 3.53, so the stock read (elf-eyepatch by its
strip, dwarf-tattoo) in 7 scenes (twin changes 35-41) and the tracker raised a false alarm
(tests/vision/open_season/test_taught_fan_top_best_fit.py)."""
TAUGHT_KEPT_MIN_FIT = TAUGHT_FAN_TOP_FIT
"""A taught printing: a kept card, one card lying whole on the mat as a fan's top does, fits a
taught face at least this well, else the place reads ``EMPTY`` (``CardReader._kept``). Game 102974
(printing 997162; session 30, os-wall): the demo's frame 82 shows player 3's hand at its bonus
tile, the arm (a sleeve of the cloth's green, which the hand detector does not see) over player 4's
kept place and the hand beside player 3's: they read barbarian-dagger at 3.03 and barbarian-earrings at 2.42,
and the scene was a false alarm ("player 3's kept card is barbarian-dagger, expected none").
Stills of tuning printings 997100-997102 and 997162 (horn tables 102920, 102922, 102960, 102962,
102964, 102966, 102968, 102974; 40 stills, 49 kept cards, up to 13 accolades fanned beside them):
kept cards 6.28 and up; bare kept places on 61 tuning stills: best face -1.0 and below."""
TAUGHT_FAN_STRIP_CONFIDENCE = 0.0
"""... and a lower card of its fan, read by its top strip, is reported not sure at all of its face
(the tracker weighed each of its differences its floor, 0.1; since session 30 one of the expected
card's people weighs nothing, ``tracker.open_season.adapter.STRIP_ATTRIBUTE_WEIGHT``): on those stills 12 of 14 lower cards
were read with the right people and a wrong attribute, 7 of them by a lead of 0.3 or more (the
strip shows the attribute only as a corner index of 4-5 pixels at 1280x720, or not at all; printing
995101 only as an icon of 3-4 pixels under the people's letter). At 0.2 (until session 23) table
102741's two false alarms were both a lower stock card read with another attribute of its people
("shows gnome-crown too" + "lacks gnome-dagger": 0.4 with an inn card not yet seen); replayed with
these cards at 0: no false alarm, the same 83/83 moves and questions (docs/open_season.md, session
23, os-stock)."""
TAUGHT_STRIP_PEOPLE_BY_COLOUR = True
"""A taught printing: a fan's strip (a stock's or the discards' lower card, read by its best face)
is named within the people whose best strip score less ``TAUGHT_STRIP_PEOPLE_COLOUR_WEIGHT`` times
its mean-colour distance is highest (``CardReader._strip_people_by_colour``; False: the strip
scores alone, as before session 80). The strip score compares each channel normalised on its own,
so the people's colour is only its mean-colour term (weight ``colour_weight``, 0.5): on a far
seat's stock the 17 mm strip is ~8 px tall, blurred flat, and its normalised noise correlated
better with another people's frame lines. Game 103083 (printing 998252, 2 players Shield expert,
tilt 33, day; session 79's one lost game): player 2's covered elf-tattoo (maroon; mean colours 0.10
from elf's, 1.3 from dwarf's) read dwarf-earrings (strip score +1.2 by the pattern, -0.3 by the
colour against elf) at every scene after change 34; the keep question offered only wrong options
and the game was lost at move 46. Measured on 6 games' stills (printings 998240/241/244/250/251/252,
8 scenes each, 61 lower stock cards): people wrong off 5, on 0 (weight 0.75 or 1.25: 1); held
out, 4 more games: docs/teach.md, session 80, osread80. Under the lamp the margin is small
(103075: 0.07)."""
TAUGHT_STRIP_PEOPLE_COLOUR_WEIGHT = 1.0
"""... the weight of that colour distance (summed absolute differences of both patches' mean B, G,
R after the table's light, 0-1 each, the best of the people's taught views) against the strip
score (whose own mean-colour term weighs 0.5: this triples it for the people alone)."""
TAUGHT_WALL_STRIP_CONFIDENCE = 0.0
"""... and so is a wall card under trophy tokens, read by its strip: on table 102740 (printing
995100) three of player 2's cards under trophies read another face at 0.2 from scenes 60, 82 and
99 to the game's end at 146 (elf-dagger as elf-eyepatch, barbarian-tattoo as barbarian-dagger, sorcerer-tattoo as
elf-eyepatch), 0.6 on every chain, and all three false alarms of the game were scenes whose move
left a few doubts more (replayed with these cards at 0, the tracker's floor of 0.1 each: one left).
The tracker knows the card from its move; the strip only says a card lies there (since session 30 a
misread of its people's attribute weighs nothing there: ``adapter.STRIP_ATTRIBUTE_WEIGHT``)."""
BACK_PALETTE = 3
"""Colours kept of a taught back (k-means on its pixels, ``_back_palette``) ..."""
BACK_MIN_SHARE = 0.1
"""... each covering at least this share of it."""
BACK_PALETTE_ATTEMPTS = 4
"""``_back_palette``: k-means++ starts tried, the tightest clustering kept. Their picks come from a
generator of the function's own, seeded ``BACK_PALETTE_SEED``, so one back always gives one palette.
Until session 72 OpenCV's ``cv2.kmeans`` (2 starts, stopped at 20 steps or a centre move under 1)
drew them from OpenCV's shared generator: each reader's palette hung on what had drawn from it
before (998170's main colour 44.1/106.2/26.2 or 44.3/106.3/26.4), and one dim-lamp still of game
103057 read the deck 60, 62 or 64 mm. Backs of 13 seen printings (930000-998170): of 8 seeded starts
each, all 8 reached the tightest clustering but on 930000 (5; the others 11 % looser) and 998163
(7), so 4 suffice; the result is as tight as or tighter than each of OpenCV's 20 runs (seeds 0-19)
on every back (one of those on 930000 fell into the looser clustering, another palette). One palette
changes size: 930001's frame covers 0.099 of its back (OpenCV: 0.098-0.100, kept by some readers,
not by others); it is now never kept."""
BACK_PALETTE_SEED = 0
"""... (any fixed value: what matters is that it never changes between readers)."""
BACK_PALETTE_MAX_STEPS = 100
"""... each start refined until no colour changes cluster (13 backs: 6-46 steps), at most this many."""
DECK_SIDE_BGR = (212, 230, 236)
"""The cards' edges (cream), the deck's side where its top is not (``open_season_scene``)."""
TAUGHT_DECK_BY_RIM = True
"""A taught deck's height read where its top's rim shows the back just inside the top's edges and
not just outside them (``card_sampling.DECK_RIM_MM``), rather than as the tallest height at which
most of the inner top probes show the back (``TAUGHT_DECK_NEAR_TOP``, the rule when off). The inner
probes lie 8 mm inside the edges and 16 mm of height moves them only ~9 mm at tilt 30, so the share
stays high well above the true top: game 103062 (printing 998184, tilt 30, day) read 66 mm on
decks of 57.0 / 49.7 / 45.1 mm, and inn slot 3 behind the deck (0.06 of it in view at 66 mm, 0.42
at 49.7) was called hidden: 6 more questions than the built-in art. The rim reads 56 / 48-50 /
46 mm there, and 56-60 mm on game 103057's dim-lamp decks of 57.7-58.4 mm (printing 998170)."""
TAUGHT_DECK_RIM_MIN_CONTRAST = 0.25
"""... where the best height's rim contrast (inside share less outside share) reaches this; else
the old rule. Set on 103062's day stills (best 0.61-0.96) and 103057's dim-lamp ones (0.40-0.46)."""
TAUGHT_DECK_RIM_FOOT_MM = 4.0
"""A taught deck's rim read at this height or under (the deck's foot) gives way to a taller height
whose rim contrast comes within ``TAUGHT_DECK_RIM_FOOT_MARGIN`` of it (the tallest of those at that
height's contrast; 0: off, the foot's best stands, as before session 84). A deck is there (its top's
probes show the back, ``TAUGHT_DECK_BACK_SHARE``), yet where the back is light, near the cards'
cream edges under the day's light, the deck's own side reads as back at its foot, against the inn
board outside: a second peak at 0 mm, as high as the top's. Fresh game 103119 (printing 998319, 2
players, Shield expert, tilt 33, day; session 84, fresh84): the rim's contrast was 0.56-0.60 at 0 mm
and 0.54-0.60 at 54-58 mm on a 58 mm deck; where the foot led by 0.02-0.04 the deck read 0 mm, inn
slot 3 was read whole, half of it the deck, as another attribute of its people (mage-dagger as
mage-earrings, dwarf-tattoo as dwarf-crown, elf-earrings as elf-crown, confidence 0.11-0.22 but the
inn keeps no confidence): 13 false alarms and a lost move. A true deck of a few cards (4 mm or
under) has no second peak: above it the rim lies on the board and the mat."""
TAUGHT_DECK_RIM_FOOT_MARGIN = 0.1
"""... (rim contrast, the inside share less the outside share: the foot led the top by 0.04 at most)."""
TAUGHT_DECK_NEAR_TOP = 0.8
"""... the tallest height whose share is this much of the best one's (a printed back's pattern
has colours of its own: 0.6-0.76 of the probes on the deck of printing 930001 in the evening)."""
DECK_LIGHT_TOLERANCE = 0.7
"""... and its brightness within this (natural log of the ratio) of the back's under that light."""
TAUGHT_DECK_BACK_SHARE = 0.5
"""A taught printing's deck stands where at least this share of its top's probes show the back."""
TAUGHT_DECK_SMOOTH_PX = 5
"""... counted on the frame as it is and on the frame smoothed over this many pixels square, the
better share at each height (1: the frame as it is only). Under a dim lamp the probes' colours are
the sensor's noise as much as the back's: printing 998170's dark green back (game 103057, Shield,
tilt 31, lamp; the mat read 35-35-32 of its 90-60-40) showed on 0.42-0.51 of the deck's
top probes (a 165-card deck, 58 mm), so the deck read 0 mm in four of six stills, the inn slot it hides as seen, and the
mage-tattoo there mage-dagger (0.11) in the scene the players put back (a false alarm). Smoothed:
0.60-0.64 in all six, the deck 60-66 mm; a still with a hand over the table 0.36 either way."""
TAUGHT_BACK_TOLERANCE = 0.06
"""A pixel of a taught back's fan lies within this chromaticity distance (largest of the three
shares) of the back's colour as the table's light shows it."""
TAUGHT_BACK_DARK_TOLERANCE = False
"""A taught back's pixel may lie up to ``TAUGHT_BACK_DARK_LEVELS`` / (its B + G + R + 1) from the
back's colour in chromaticity (at most ``TAUGHT_BACK_DARK_MOST``), where that is more than
``TAUGHT_BACK_TOLERANCE`` (still only where it lies nearer the back than the mat): a chromaticity is
a ratio, and a dark pixel's is noisy (the camera's noise, 2 levels a channel, moves a pixel of sum
70 by ~0.03). Game 103081 (printing 998250, a dark green back, 3 players, tilt 19, lamp: the back's
pixels sum 64-75): only 41-47 % of a fan's first card fell within 0.06 though 91 % lay nearer the
back than the mat (0 % of the mat), each further card's strip 17-33 %, under the third that
``TAUGHT_FAN_MISS_WEIGHT`` asks: the fans of 6, 5, 6 read 5, 4, 4 (change 66) and 4, 4, 4 (change
67), unsure, and the tracker alarmed "player 1 has 4 accolade cards, expected 6". On: 6, 5, 6.
OFF by default (session 81, ostrace81): on 240 fans of 10 games' stills (docs/teach.md) the wrong
counts fall 72 -> 29 (all unsure either way), but large fans read far too many (10-15 cards read
13-30, 6 -> 15 overcounts on the tuning games): with the back seen whole, a rendered fan of 12
shows the back on 40-100 % of the strips the outlines of 13-30 cards add (they fold into the fan's
own area), so the count model, not the back test, fails there; off, the weaker back test stopped
short of them by chance. The tracker weighs any unsure count alike (``UNSURE_ACCOLADES_WEIGHT``)."""
TAUGHT_BACK_DARK_LEVELS = 12.0
"""``TAUGHT_BACK_DARK_TOLERANCE``'s levels: 12 widens the tolerance below a pixel sum of 199."""
TAUGHT_BACK_DARK_MOST = 0.12
"""The most ``TAUGHT_BACK_DARK_TOLERANCE`` widens the tolerance to (a pixel sum of 99 or less):
unbounded, the lamp's dark shadows beside a large fan passed for back (fans of 10-13 read 13-30)."""


def _taught_back(pack: Any) -> np.ndarray | None:
    """(K, 3) the main colours (BGR) of a taught pack's card back, or None (built-in art, or no
    back taught): a printed back has a frame and a pattern, so one median colour misses part of
    it (a fan of 7 read as 6)."""
    if pack is None or "back" not in pack.faces:
        return None
    return cast(np.ndarray, pack.derive(("back palette", BACK_PALETTE, BACK_MIN_SHARE),
                                        lambda: _back_palette(np.asarray(pack.faces["back"]))))


def _back_palette(back: np.ndarray, k: int = BACK_PALETTE) -> np.ndarray:
    """(K', 3) float32: the main colours of a back's pixels (uint8, any shape ending in 3), those of
    its ``k`` k-means clusters that cover at least ``BACK_MIN_SHARE``. The same pixels always give
    the same colours, whatever else the process drew at random (``BACK_PALETTE_ATTEMPTS``). Each
    distinct colour is clustered once, weighted by its pixels (the same clusters, a few times faster)."""
    code = back.reshape(-1, 3).astype(np.int32) @ np.array([65536, 256, 1], np.int32)
    codes, counts = np.unique(code, return_counts=True)
    colours = np.stack([codes // 65536, codes // 256 % 256, codes % 256], axis=1).astype(np.float64)
    weights = counts.astype(np.float64)
    k = min(k, len(colours))
    rng = np.random.default_rng(BACK_PALETTE_SEED)
    best: tuple[float, np.ndarray, np.ndarray] | None = None
    for _ in range(BACK_PALETTE_ATTEMPTS):
        centres, labels = _lloyd(colours, weights, _kmeans_pp_start(colours, weights, k, rng))
        spread = float((weights * ((colours - centres[labels]) ** 2).sum(axis=1)).sum())
        if best is None or spread < best[0]:
            best = (spread, centres, labels)
    assert best is not None
    share = np.bincount(best[2], weights=weights, minlength=k) / weights.sum()
    return np.asarray(best[1][share >= BACK_MIN_SHARE], dtype=np.float32)


def _kmeans_pp_start(colours: np.ndarray, weights: np.ndarray, k: int, rng: np.random.Generator) -> np.ndarray:
    """(k, 3) k-means++ starting centres: the first a pixel drawn at random, each next one with
    odds growing with its squared distance from the centres already picked (a back's frame and
    pattern, far from its ground, get a centre of their own)."""
    picks = [int(rng.choice(len(colours), p=weights / weights.sum()))]
    nearest = ((colours - colours[picks[0]]) ** 2).sum(axis=1)
    for _ in range(k - 1):
        odds = weights * nearest
        pick = int(rng.choice(len(colours), p=odds / odds.sum())) if odds.sum() > 0 else picks[-1]
        picks.append(pick)
        nearest = np.minimum(nearest, ((colours - colours[pick]) ** 2).sum(axis=1))
    return colours[picks].copy()


def _lloyd(colours: np.ndarray, weights: np.ndarray, centres: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(centres, labels): ``centres`` refined by Lloyd's steps on the weighted colours until none
    changes cluster (at most ``BACK_PALETTE_MAX_STEPS``); a centre left with none stays put."""
    centres = centres.copy()
    labels = np.full(len(colours), -1)
    for _ in range(BACK_PALETTE_MAX_STEPS):
        nearest = np.stack([np.einsum("ij,ij->i", colours - c, colours - c) for c in centres], axis=1).argmin(axis=1)
        if np.array_equal(nearest, labels):
            break
        labels = nearest
        mass = np.bincount(labels, weights=weights, minlength=len(centres))
        sums = np.stack([np.bincount(labels, weights=weights * colours[:, c], minlength=len(centres))
                         for c in range(3)], axis=1)
        filled = mass > 0
        centres[filled] = sums[filled] / mass[filled, None]
    return centres, labels


def _chroma(bgr: np.ndarray) -> np.ndarray:
    return bgr / (bgr.sum(axis=-1, keepdims=True) + 1.0)


def _back_pixels(win: np.ndarray, not_mat: np.ndarray, back_bgr: np.ndarray) -> np.ndarray:
    """(H, W) bool: the window's pixels that show a taught card back. The table's light is taken
    from the mat (``not_mat`` False: the window's pixels outside the widest fan's outline and the
    stock's and kept card's places, against the mat's own colour, ``MAT_BGR``): the back's colour is seen through the same gains. A pixel is back
    when it lies nearer one of the back's colours than the mat's, and near that colour.
    Taught printing 930000 (2 photos), table 102400 at tilt 22: the built-in red test read
    every fan as 0 cards (the back is green), 6/5/6 in truth."""
    return _is_back(win, _mat_seen(win, not_mat), back_bgr)


def _mat_seen(win: np.ndarray, not_mat: np.ndarray) -> np.ndarray:
    """(3,) the mat's colour as the window shows it (its pixels where ``not_mat`` is False)."""
    from vision.open_season.card_sampling import MAT_BGR

    outside = ~not_mat.reshape(win.shape[:2])
    return np.median(win[outside], axis=0) if outside.any() else np.asarray(MAT_BGR, np.float32)


def _deck_back(pixels: np.ndarray, mat_seen: np.ndarray, back_bgr: np.ndarray) -> np.ndarray:
    """(N,) bool: ``pixels`` (N, 3) that show a taught back on the deck's top: nearer the back's
    colours (seen through the mat's light) than the mat's, the cream card edges' (the deck's side,
    where its top is not) and the inn board's, by colour and brightness together (a dark grey back,
    printing 4, has the cream's chromaticity)."""
    from vision.open_season.card_sampling import INN_BOARD_BGR, MAT_BGR

    gains = (mat_seen + 1.0) / (np.asarray(MAT_BGR, np.float32) + 1.0)

    def distance(colours: np.ndarray) -> np.ndarray:  # (N, K): 1 at the tolerance
        chroma = np.abs(_chroma(pixels)[:, None, :] - _chroma(colours)[None]).max(axis=2)
        light = np.abs(np.log((pixels.sum(axis=1)[:, None] + 3.0) / (colours.sum(axis=1)[None] + 3.0)))
        return np.asarray(np.maximum(chroma / TAUGHT_BACK_TOLERANCE, light / DECK_LIGHT_TOLERANCE))

    to_back = distance(back_bgr * gains).min(axis=1)
    others = np.asarray([MAT_BGR, DECK_SIDE_BGR, INN_BOARD_BGR], np.float32) * gains
    return np.asarray((to_back < 1.0) & (to_back < distance(others).min(axis=1)))


def _is_back(pixels: np.ndarray, mat_seen: np.ndarray, back_bgr: np.ndarray) -> np.ndarray:
    """(...) bool: ``pixels`` (..., 3) nearer one of a taught back's colours, seen through the
    light that turns the mat's own colour into ``mat_seen``, than the mat's, and near it."""
    from vision.open_season.card_sampling import MAT_BGR

    gains = (mat_seen + 1.0) / (np.asarray(MAT_BGR, np.float32) + 1.0)
    pixel = _chroma(pixels)
    seen = _chroma(back_bgr * gains)  # (K, 3): the back's colours under the table's light
    to_back = np.abs(pixel[..., None, :] - seen).max(axis=-1).min(axis=-1)
    to_mat = np.abs(pixel - _chroma(mat_seen)).max(axis=-1)
    tolerance: Any = TAUGHT_BACK_TOLERANCE
    if TAUGHT_BACK_DARK_TOLERANCE:  # a dark pixel's chromaticity is noisier: the tolerance widens
        tolerance = np.clip(TAUGHT_BACK_DARK_LEVELS / (pixels.sum(axis=-1) + 1.0), TAUGHT_BACK_TOLERANCE,
                            TAUGHT_BACK_DARK_MOST)
    return np.asarray((to_back < to_mat) & (to_back < tolerance))

