"""Teach TableSight a copy of a game from one or more photos of its teach sheet.

Each photo: find the sheet (``calibration.teach_sheet.locate_sheet``: markers, any turn), cut
every place out at 4 px/mm with a paper margin (``cut_places``), white-balance the cut on that
paper (the game's patches are white-balanced on the play mat: both then show the print's own
colours), find the component inside its outline (players lay it a little off and turned), and
keep it as a view of that face. A place is refused, with the reason, when it is out of the
photo, shows the bare sheet (component missing), or shows the same face as another place (two
identical components: one of them is on the wrong place, the photo cannot tell which). The
faces kept from all photos make the pack (``vision.pack``); a face seen in two photos keeps
both views (the reader takes the better fit).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.pack import Pack, PackError, dominant_colour

CUT_PX_PER_MM = 4.0
MARGIN_MM = 4.0
"""Paper cut around each place: its median colour white-balances the cut, and the component may
lie this far off its place."""
PAPER_BGR = (236.0, 238.0, 240.0)
"""What white-balanced paper reads (neutral, a little below clipping)."""
SHOWS_PRINT = 0.5
"""A card place whose picture correlates this much with the sheet's print of it is empty."""
EMPTY_TEXTURE = 2.0
"""A place whose middle has less fine texture than this many times the paper ring's (95th
percentile of the difference from a blurred copy) and the paper's colour is empty."""
EMPTY_INK_SHARE = 0.05
"""A place whose middle has at least this share of pixels EMPTY_INK_CONTRAST off their
surroundings (a 2 mm blur) holds a component (a white tile's glyph), whatever its texture.
Measured on rendered photos (training printings 1, 2, 11, 16, 23): empty places 0-0.6 %, white
tiles 33-73 %."""
EMPTY_INK_CONTRAST = 25.0
EMPTY_TINT_AB = 5.0
"""A place whose middle's median colour lies at least this far from the paper's in CIELAB a/b
holds a component, however plain: a cream tile with a pale yellow glyph (fresh printing 996101's
white diamond: 9.6-11.7; its glyph stands out of 3-4 % of the middle, under
``EMPTY_INK_SHARE``) was called empty in both photos and never taught. Session 26, rendered
teach photos of training printings (3-16 with 8 places left empty; 16, 23, 30, 36, 37, 46, 48
clean): 205 empty places 0.0-2.7 (a shadow darkens the paper, it does not tint it), pale tiles
4.4-15 (the palest tiles are told by their glyph, as before)."""
PAPER_DISTANCE = 40.0
"""BGR distance from the paper that counts as printed component, not sheet."""
SAME_FACE = 0.975
"""Two places of one photo whose faces correlate at least this much (:func:`_likeness`) show the
same face. Measured on rendered teach photos of random printings 1-4 (training seeds): two
identical components scored 0.974-0.995, the most alike distinct faces (abyss D and G, a pale
and a white pearl) 0.971: a tight margin, see docs/teach.md."""
CARD_REGIONS_MM = ((-12.2, 34.0), (18.4, 19.0))
"""An Open Season card's people emblem and attribute icon: (offset along the card from its
centre, side) in mm, as vision/open_season/cards.py reads them."""
SAME_COLOUR = 25.0
"""Largest difference (any channel, 0-255) between the mean colours of two faces still compared."""
SAME_SHADE = 6.0
"""Two faces whose mean colours lie more than this apart in CIELAB's a/b plane are not the same
face (a white and a pale-blue tile of one glyph correlate like identical tiles). Measured on
rendered photos of training printings 1-6, 15 and 19 (one photo each, 3 duplicates): identical
components 0.0-4.0 apart, white vs light-blue pearl of printing 19 8.0."""
FACE_INSET = 8
"""The whole face's colour is taken without its outer 1/8 each way (the cut's edge may hold paper
or a shadow when the component lies a little off its place)."""
SAME_WHOLE_COLOUR = 40.0
"""Largest difference (any channel) between the whole faces' mean colours of two faces still
compared. Rendered teach photos of training printings: two identical components 6-29 apart (their
backgrounds catch the light differently at two places), one glyph on two backgrounds (printings
11 and 15's amphoras, whose middles are 2-10 apart in a/b) 52-88. The a/b distance of whole faces
does not part them (identical 11-17, distinct from 16.7)."""
SAME_BACKGROUND_AB = 12.0
"""Largest distance (CIELAB a/b) between the whole faces' median colours of two faces still
compared: one glyph printed alike on two backgrounds fills the middle and can leave the whole
faces' means within ``SAME_WHOLE_COLOUR`` (a dark glyph on a white and on a dark-blue tile, a pale
glyph on a white and a pale-blue one), but most of a tile is background, so the median shows it.
The median, not the mean: a neighbour's cube in front of a tile in a tilted photo covers up to a
quarter of it. Rendered teach photos of training printings (session 25): two identical components
0-7 apart (7: one under a cube's shadow and edge), such distinct faces refused before 26-39."""
SAME_RING_AB = 12.0
"""Largest distance (CIELAB a/b) between the median colours of two faces' rings still compared:
the band between the rim ``FACE_INSET`` leaves out and the middle half (``_ring_ab``). A dark glyph
that fills nearly half of the middle drags the whole face's median towards grey: random printing
996995's white and light-blue sextants (a black octagon on cream and on pale blue) lie 9.6 apart
by ``SAME_BACKGROUND_AB``'s median and both were refused in its first teach photo; their rings,
mostly background, lie 32 apart. See docs/teach.md (session 32) for the identical pairs."""
GLYPH_CHECK = True
"""Two faces alike by ``SAME_FACE`` are the same only if their glyphs agree too (``SAME_GLYPH``;
False: ``SAME_FACE`` alone, as before session 26)."""
SAME_GLYPH = 0.75
"""Two faces are the same only if their glyphs' detail (:func:`_prepared` with ``glyph_only``:
each channel's level and the light's gradient taken away) correlates this much, both ways (each
face's centre found in the other). ``SAME_FACE``'s correlation counts the tile's colour, and
one way only: two glyphs of one ink on one background score 0.976 (training printing 33's dark
"?" and "9" on dark blue), a plain blob finds its like inside a larger glyph (printing 70's
plain abyss in abyss-I, 0.98). Session 26, rendered teach photos of training printings with
duplicates (7500000 + 10 x p, 7600000 + 10 x p; printings 1-6, 11, 15, 19, 23, 30-99): 128
identical pairs 0.82-0.99; distinct faces refused before (printings 33 and 70, the used printings
996308, 996310, 996326) 0.51-0.68."""
GLYPH_WHOLE_DROP = 0.1
"""The glyph check (``SAME_GLYPH``) is passed only if each face's middle (its outer 0.3 dropped each
way, as for ``SAME_FACE``) AND each face but its rim (this share dropped each way) are found in the
other: a small glyph printed off the tile's centre lies mostly outside the middle, and what is left
of it there (a dot, a corner of a square) is found in any other blob glyph. Random printing
997636's green and dark-blue diamond (two dots) and sextant (a square and a small diamond), both
up and left of the centre: middles 0.74-0.85, so both faces were refused as identical in one or
both teach photos and never taught (14 of 16 stack tops read wrong after 2 photos); faces but
rims 0.45-0.56. True duplicates (training printings 3, 19, 40, 70): 0.96-0.98 either way. The
middle is still asked too: the plain abyss tile and abyss-I (printing 70) share their deep-water
pattern outside the badge, 0.76 without the rim, 0.53 by the middle."""
GLYPH_BLUR_MM = 1.5
"""The glyph's detail: a face less its blur of this sigma."""
GLYPH_NOISE_BLUR_MM = 0.75
"""... after a blur of this sigma (the print's grain and the photo's noise)."""
SAME_FACE_TURNS = (-8.0, -4.0, 0.0, 4.0, 8.0)
"""Players lay each component a few degrees off its outline."""
OUTLINE_MAX_TURN_DEG = 6.0
"""A card or tile laid on the teach sheet is looked for this far turned from its outline either
way (the twin's teach photos turn them up to 4 degrees, vision/render/teach_photos.py)."""
OUTLINE_TURN_STEPS_DEG = (1.0, 0.25)
"""The turn is searched in whole degrees, then in quarters around the best."""
OUTLINE_MAX_SHIFT_MM = 2.0
"""... and this far off its place each way (the twin's photos: up to 1.5 mm)."""
OUTLINE_EDGE_STRIP_PX = 3
"""A card's or tile's edge: the colour of a strip this wide just inside it against one just outside, one
pixel apart from the edge each (a printed line, a card's blurred rim or shadow, lies between them
and adds nothing: the two strips see it alike)."""
OUTLINE_EDGE_MIN = 8.0
"""The weakest side of a card's or tile's outline must part inside from outside by this much (BGR
distance, a mean along the side's middle three quarters) to be trusted; else the card is cut at
its place (a tile: at ``_locate``'s shift). Rendered teach photos of training printings 1-2:
weakest sides 6-101, 95 % above 13."""
CARD_ALIGN = True
SIBLING_CHECK = True
"""An Open Season card cut along an outline that lies well off where the other faces of its people
(cut from the same photo: they share the frame and the emblem) show their print is cut again near
where they put it (False: as before session 39). Cards of one people lie side by side on the
sheet, their frames one colour: where a card lies against its neighbour the true edge between
them hardly shows, and the free search found a rectangle a frame's width off (its sides on the
frame's inner line and on the neighbour's): other-hand printing 997235's first teach photo cut
barbarian-dagger, dwarf-earrings and dwarf-eyepatch 12-16 px (3-4 mm) off their siblings, the
pack taught from it read a barbarian-dagger as barbarian-eyepatch, surely (docs/teach.md,
session 39)."""
SIBLING_SHIFT_PX = 10
"""A face whose print lies this far (either way, px at ``CUT_PX_PER_MM``) from its siblings' is cut
again. Rendered first teach photos of other-hand printings 997220 and 997235: the three cards cut
off 12-16 px; every other card within 8 (997235: 3), the pose search reaching 8 (2 mm)."""
SIBLING_REACH_PX = 20
"""How far the print is looked for (a wrong cut: a frame's width, 3-4 mm)."""
SIBLING_BLUR_MM = 0.4
"""The faces are compared blurred so (the photo's sharpness varies across the sheet)."""
SIBLING_RECUT_REACH_PX = 3
"""The outline is looked for again this far round where the siblings put it."""
SIBLING_MIN = 3
"""Siblings needed to say where a face's print lies (their median)."""
SIBLING_GAIN = 0.1
"""A card cut again is kept only where it correlates with its siblings as they lie by this much
more than its first cut (``_sibling_likeness``). Cut a frame's width off, a card correlates
0.38-0.60 and cut again 0.80-0.86; right cards of printings whose faces of a people differ in layout
show shifts of 10-14 px up or down, and cut again they gain 0.01-0.03 (fresh printings 997240,
997245, 997247: their print likeness fell, 0.95-0.99 to 0.79-0.90) or lose (997223). Set after
the fresh run of session 39, which made 997240-997247 tuning for it (docs/teach.md)."""
"""Cut each card along its own outline (False: at its place, as before session 21)."""
LAYOUT_CHECK = True
"""An Open Season card whose layout (the edges of its frame and panel, whatever their colours) lies
well off where the other peoples' cards of the photo show theirs is cut again near where they put
it (:func:`_recut_off_layout`, with ``SIBLING_SHIFT_PX``, ``SIBLING_GAIN``; False: as before
session 59). A printing's cards share one layout; where a card's cream panel lies on the cream
sheet its edge there hardly shows, and the outline search may set it on the next card's edge 2 mm
further: fresh printing 997559's first teach photo cut dwarf-dagger 11 px off (with two siblings
cut 7 px alike the sibling check could not see it) and a table's dwarf-daggers read as tattoos
after that photo. Over the 40 teach photos of 997540-997559 it cut two cards again (both 11 px off
their art before, under 5 px after) and no other."""
UNVEIL_CARDS = True
"""An Open Season card whose print a glare veils (the lamp's reflection on glossy cards: every
colour lifted towards white, the darks most) is brought back to the levels of its least veiled
sibling, the face of its people that shows their shared print (frame, panel, emblem) with the most
contrast (:func:`_unveil_cards`; False: kept veiled, as before session 59). Fresh printing 997551's
first teach photo (glare 0.375 over a third of the sheet) taught four of its five dwarves (a dark
green frame) a pale green, 1.2-2.4 times too bright in their darks, and 10 of its dwarf cards on
the bench's tables read as gnomes (dark brown) after that one photo."""
UNVEIL_BLUR_PX = 2.0
"""The faces are compared blurred so (a card cut 1-2 px off its sibling; the photo's noise)."""
UNVEIL_INSET_PX = 16
"""... and without this much of each side (4 mm: the cut's edge, the card's rounded corners)."""
UNVEIL_MIN = 0.08
"""A card is unveiled where its shared print's contrast is this share or more below its
reference's (``1 - s``, :func:`_veil_fit`). Rendered first and second teach photos of printings
997540-997559 (session 59): the cards under a glare 0.09-0.32 (997551's dwarves 0.20-0.32), the
most veiled one left 0.066 (997551's sorcerer-tattoo); in the 30 photos without glare 40 of 720
cards lie 0.08-0.20 below their reference, but dimmed, not lifted (``UNVEIL_WHITE``)."""
UNVEIL_WHITE = (180.0, 330.0)
"""... and only where what lifts it is a veil towards white: the lift per share of contrast lost
(``o / (1 - s)``, each channel) lies within these. The glared cards of 997540-997559: 189-310; the
dimmed ones of the glare-free photos at most 73 (a shadow or the light's fall across the sheet
scales the print, it lifts nothing)."""
UNVEIL_WHITE_RAW = True
"""The upper end of ``UNVEIL_WHITE`` is judged in the photo's own levels: the white a card is lifted
towards divided by the white balance its face was given (False: as balanced, before session 76).
A glare lifts towards the sensor's white, which the balance multiplies by the photo's gain:
printing 998188's first teach photo is dim (its gnomes' places balanced up 1.05-1.43 times per
channel) and four of its five gnomes lay under a glare, lifted towards 323-458 as balanced (veil
0.09-0.25), all left veiled, and six gnome cards on bench tables 642200-642202 read gnome-eyepatch
(the one gnome out of the glare) after that one photo; in the photo's levels three of them lie at
260-309 (unveiled), gnome-crown at 321-371 (the least veiled, 0.087: left). The 18 cards unveiled
in 997540-997559's teach photos (balance 1.03-1.63) keep their 130-280 there (session 59's set)."""
TILE_ALIGN = True
"""Cut each Octocube tile along its own outline (False: the shift of most printed pixels,
``_locate``, as before session 22)."""
RELIGHT_SHADOWS = True
"""A tile whose paper ring shows a shadow across it (``SHADOW_DARKER``) is relit by the light the
ring shows round it (:func:`_ring_shading`; False: one white balance per tile, as before session
33). The cubes stand on the teach sheet next to a row of tiles: under a low lamp their shadows
cross those tiles (fresh random printing 997305's first photo: the lower third of every green
tile, its paper 0.56-0.62 as bright as the lit paper in every channel), and a face taught so is
a darker, greyer tile than any on the table (its green tops read as light blue after 1 photo)."""
SHADOW_DARKER = 0.72
"""The ring counts as shadowed where its lit paper (:func:`_ring_shading`) falls below this share
of its brightest (mean over the channels). The twin's shadows darken by 16-48 % (0.84-0.52); a
dark tile blurred into its ring by defocus, or a cube's shadow just grazing the ring, reads
0.76-0.81 (random printing 997300's photos): left as before."""
SHADOW_NEUTRAL = 0.12
"""... and only where every channel darkens alike (largest less smallest ratio, at most this): a
shadow dims the paper's own colour; a coloured thing in the ring (a cube's side leaning into
view, a neighbour's tile) does not count."""
SHADOW_RING_PERCENTILE = 75.0
"""Across the ring's width each channel's this percentile: a printed line or the tile's own thin
shadow along its edge do not darken the ring's paper; a cube's shadow covers it all."""
SHADOW_CLOSING_PX = 13
"""The ring's paper is read through a grey closing this wide (px at ``CUT_PX_PER_MM``): the sheet
prints each place's name in 1.5 mm letters along its lower side and a thin outline round it."""
SHADOW_MIN_LIGHT = 0.25
"""The relit light is never taken below this share of the lit paper (no dividing by ~0)."""
PAPER_FIELD = True
"""Cards (no paper ring of their own: they lie 1-2 mm apart) are white-balanced on the sheet's
blank border band fitted as a plane over the sheet (``_paper_field``), not on one median for the
whole photo (False: the median, as before session 38). A light to one side lights an A3 sheet
unevenly: printing 997222's first teach photo (session 37's fresh set) showed the border's paper
at 111-232 (median 157) from one corner to the other, the cards on its bright side were taught 1.4
times too bright (their parchment clipped white, their peoples' colours washed out) and 17 of 278
cards on tables read wrong after that one photo, 15 as another people's face of their attribute
(docs/teach.md, session 38; now 0 of them)."""
PAPER_FIELD_MIN_SPAN_MM = 60.0
"""The border band's paper in view must span at least this much of the sheet each way for a plane
to be fitted (a photo of one edge: the median, as before)."""
PAPER_FIELD_CLIP = (0.5, 2.0)
"""The field's paper is kept within these shares of the band's median (no extrapolation runs wild
across a sheet seen in part)."""
HIDE_CUBES = True
"""A tile's pixels that a cube standing on the sheet hides (the four cubes stand on the last row,
next to the green tiles; in a tilted photo taken from beyond them each leans over the tile behind
it) are painted over before the face is kept (:func:`_paint_over_hidden`), and the tile is placed
in its cut on the pixels in view (False: the cube's side was taught as part of the tile, as before
session 58). Fresh random printing 997545's first teach photo showed a cube's side over the lower
third of four of its five green tiles, and after that one photo 11 of its tops on tables were read
wrong (green starfish, sextant, pearl -> the one clean face, the green diamond)."""
HIDE_CUBES_MARGIN_MM = 2.5
"""A cube's hull is its place's square grown by this much (a cube laid up to 1.5 mm off its place
and a few degrees turned, the edge's blur), up from the sheet to its top."""
HIDE_CUBES_INPAINT_PX = 5
"""The painted pixels are filled from the face's pixels in view up to this far round them
(``cv2.inpaint``, Telea; with ``HIDE_CUBES_FILL_BACKGROUND`` off), or from another photo's view of
the face where that one shows them (:func:`_fill_from_other_views`)."""
HIDE_CUBES_FILL_BACKGROUND = True
"""The hidden pixels no other view shows take the face's background colour (the colour most of its
pixels in view share) after their mask is grown by ``HIDE_CUBES_EDGE_MM`` (False: Telea from the
pixels in view round the mask as it is, as before session 68). A cube hides a band along the tile's
edge, where a tile holds its background: Telea drew a 5-8 mm band of dark streaks down from the
cube's blurred edge and contact shadow instead. Random printing 997940's first teach photo: the
yellow cube hid the green amphora's lower fifth, and the pack taught from that photo read the
amphora as the green diamond or pearl on 4 of its 5 bench tables (565600-565604, full view,
0.39-0.55); the diamond, beside no cube, was taught clean. Filled with the background alone, 2 of
them; grown and filled, none (Telea on the grown mask: 2)."""
HIDE_CUBES_EDGE_MM = 1.0
"""How far the hidden mask is grown within the face before the fill: the cube's blurred edge and
the dark seam of its shadow along it lie just outside the hull (997940's green amphora: a dark line
across the face over the fill)."""
HIDDEN_ASK_AGAIN = 0.1
"""A face whose every view had at least this share of its compared inner square (``INNER_MM`` of
the reader, 26 of 34 mm) hidden by a cube is named to photograph again (:attr:`TeachResult.
partly_hidden`): it was learned, but part of it is a guess. 997940's green amphora, first photo:
0.16 (grown by ``HIDE_CUBES_EDGE_MM``)."""
HIDDEN_INNER_MM = 26.0
"""The square of a tile the reader compares (``vision.octocube.pack_reader.INNER_MM``)."""
LEARNED_KINDS: dict[str, tuple[str, ...]] = {"octocube": ("tile", "cube"), "open_season": ("card",)}
"""The places a pack keeps per game (an Octocube cube's place shows its bare top face)."""


class TeachError(ValueError):
    """Nothing could be learned at all; the message says why in one line."""


@dataclass(frozen=True)
class PhotoReport:
    name: str
    used: bool
    note: str = ""
    """Why the photo could not be used, or what was special about it (the sheet upside down)."""


@dataclass(frozen=True)
class TeachResult:
    pack: Pack
    learned: dict[str, int]
    """Face -> in how many photos it was learned."""
    refused: list[tuple[str, str, str]] = field(default_factory=list)
    """(photo, place, why) for every place that could not be used."""
    photos: list[PhotoReport] = field(default_factory=list)
    missing: tuple[str, ...] = ()
    """Faces of the sheet learned from no photo."""
    partly_hidden: tuple[str, ...] = ()
    """Faces learned only from views where a cube stood in front of part of them
    (``HIDDEN_ASK_AGAIN``): a photo from another side would teach them whole."""


def _paper_gains(cut: np.ndarray, margin_px: int, hidden: np.ndarray | None = None) -> np.ndarray:
    """Per-channel gains that bring the paper ring around the place to ``PAPER_BGR`` (its pixels
    that ``hidden`` marks, behind a cube, left out while a quarter of the ring is in view)."""
    def ring_of(img: np.ndarray) -> np.ndarray:
        m = margin_px
        return np.concatenate([img[:m].reshape(-1, *img.shape[2:]), img[-m:].reshape(-1, *img.shape[2:]),
                               img[:, :m].reshape(-1, *img.shape[2:]), img[:, -m:].reshape(-1, *img.shape[2:])])

    ring = ring_of(cut).astype(np.float32)
    if hidden is not None:
        shown = ~ring_of(hidden)
        if shown.mean() >= 0.25:
            ring = ring[shown]
    paper = np.median(ring, axis=0)
    return np.asarray(PAPER_BGR, np.float32) / np.maximum(paper, 1.0)


def _cube_hulls(location: object, sheet: object, margin_mm: float = HIDE_CUBES_MARGIN_MM) -> list[np.ndarray]:
    """Each cube place's cube as the photo shows it: the convex hull (image px, (N, 1, 2) float32)
    of its place's square grown by ``margin_mm``, on the sheet and at the cube's top, as the
    recogniser outlines a cube on the table (``OctocubeRecogniser._cube_hull``)."""
    hulls = []
    for place in sheet.places:  # type: ignore[attr-defined]
        if place.kind != "cube":
            continue
        (cx, cy), (w, h) = place.centre_mm, place.component_mm
        hw, hh = w / 2 + margin_mm, h / 2 + margin_mm
        square = np.array([[cx - hw, cy - hh], [cx + hw, cy - hh], [cx + hw, cy + hh], [cx - hw, cy + hh]])
        pts = np.vstack([location.to_image(square, 0.0),  # type: ignore[attr-defined]
                         location.to_image(square, place.height_mm)])  # type: ignore[attr-defined]
        hulls.append(cv2.convexHull(pts.astype(np.float32)))
    return hulls


def _hidden_by_cubes(image_shape: tuple[int, ...], hulls: list[np.ndarray]) -> np.ndarray | None:
    """(H, W) uint8, 255 where a cube (:func:`_cube_hulls`) stands in front of whatever lies on
    the sheet there; None where the hulls cover none of the photo."""
    mask = np.zeros(image_shape[:2], np.uint8)
    for hull in hulls:
        cv2.fillConvexPoly(mask, np.round(hull.reshape(-1, 2) * 16).astype(np.int32), 255, cv2.LINE_8, 4)
    return mask if mask.any() else None


def _paint_over_hidden(face: np.ndarray, hidden: np.ndarray) -> np.ndarray:
    """``face`` with its ``hidden`` pixels (a cube's side in front of them) painted from the
    pixels in view round them (``cv2.inpaint``, Telea, ``HIDE_CUBES_INPAINT_PX``): the tile's
    background and its glyph's strokes carried on, not a cube's colour."""
    mask = hidden.astype(np.uint8) * 255
    if not mask.any():
        return face
    if mask.all():
        return face
    if HIDE_CUBES_FILL_BACKGROUND:
        # a cube hides a band along the tile's edge, which holds the tile's background
        out = face.copy()
        out[hidden] = np.clip(np.round(dominant_colour(face[~hidden])), 0, 255).astype(face.dtype)
        return out
    return cv2.inpaint(np.ascontiguousarray(face), mask, HIDE_CUBES_INPAINT_PX, cv2.INPAINT_TELEA)


def _grown_hidden(hidden: np.ndarray) -> np.ndarray:
    """``hidden`` grown by ``HIDE_CUBES_EDGE_MM`` (the cube's blurred edge and its shadow's seam),
    when the background fill is on."""
    if not HIDE_CUBES_FILL_BACKGROUND or not hidden.any():
        return hidden
    k = 2 * int(round(HIDE_CUBES_EDGE_MM * CUT_PX_PER_MM)) + 1
    return cv2.dilate(hidden.astype(np.uint8), np.ones((k, k), np.uint8)) > 0


def _inner_hidden_share(hidden: np.ndarray, component_mm: tuple[float, float]) -> float:
    """The share of a face's compared inner square (``HIDDEN_INNER_MM``) that ``hidden`` covers."""
    h, w = hidden.shape[:2]
    bx = int(round((1.0 - min(1.0, HIDDEN_INNER_MM / component_mm[0])) / 2 * w))
    by = int(round((1.0 - min(1.0, HIDDEN_INNER_MM / component_mm[1])) / 2 * h))
    inner = hidden[by:h - by, bx:w - bx]
    return float(inner.mean()) if inner.size else 0.0


def _fill_from_other_views(views: list[np.ndarray], hidden: list[np.ndarray | None]) -> list[np.ndarray]:
    """A face's views (one per photo, painted over where a cube hid them: ``hidden``) with every
    painted pixel another view shows taken from that view instead, brought to this view's colours
    (per channel, the ratio of the two views' medians over the pixels both show). Each view is cut
    along the tile's own outline, so the views lie on one another."""
    out = list(views)
    for i, (view, mask) in enumerate(zip(views, hidden, strict=True)):
        if mask is None or not mask.any():
            continue
        left = mask.copy()
        filled = view.astype(np.float32)
        for j, (other, other_mask) in enumerate(zip(views, hidden, strict=True)):
            if j == i or other.shape != view.shape:
                continue
            other_shows = np.ones(mask.shape, bool) if other_mask is None else ~other_mask
            both = ~mask & other_shows
            take = left & other_shows
            if not take.any() or both.sum() < 0.25 * mask.size:
                continue
            gain = (np.median(view[both].astype(np.float32), axis=0)
                    / np.maximum(np.median(other[both].astype(np.float32), axis=0), 1.0))
            filled[take] = other[take].astype(np.float32) * gain
            left &= ~take
        out[i] = np.clip(filled, 0, 255).astype(np.uint8)
        if left.any() and (left != mask).any():
            out[i] = _paint_over_hidden(out[i], left)
    return out


def _running_median(x: np.ndarray, k: int) -> np.ndarray:
    """(N, C) -> the median of each window of ``k`` (odd) along N, edges repeated."""
    half = k // 2
    padded = np.pad(x, ((half, half), (0, 0)), mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(padded, k, axis=0)  # N, C, k
    return np.asarray(np.median(windows, axis=2), np.float32)


def _fill_side(ratio: np.ndarray, known: np.ndarray) -> np.ndarray | None:
    """A ring side's light (N, 3) with its positions not ``known`` (behind a cube) drawn straight
    between the known ones round them (the nearest known one past either end); None when none is
    known."""
    if known.all():
        return ratio
    if not known.any():
        return None
    at, where = np.arange(len(ratio)), np.flatnonzero(known)
    return np.stack([np.interp(at, where, ratio[where, ch]) for ch in range(ratio.shape[1])], axis=1)


def _ring_shading(cut: np.ndarray, ring: int, hidden: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """A tile's cut (its place and paper margin) under a shadow that crosses it: (the light at
    every pixel as a share of the lit paper's, (H, W, 3) in 0-1 per channel; the lit paper's
    colour, (3,)), or None when the ring's paper shows no shadow (``SHADOW_DARKER``). The paper
    along each of the ring's four sides (``SHADOW_RING_PERCENTILE`` across its width, a running
    median along it) is taken as the light there, and the four sides are interpolated across
    the cut (a Coons patch: a straight shadow edge across the tile is drawn between where it
    crosses the sides). Where the ring's colour darkens unevenly over the channels
    (``SHADOW_NEUTRAL``) it is no shadow and counts as lit. ``hidden`` (the cut's pixels a cube
    stands in front of): the ring's light there is not read (a cube's grey plate is no shadow)
    but drawn between the paper in view on either side of it; a side hidden whole, between the
    ends of its neighbours."""
    h, w = cut.shape[:2]
    k = 2 * ring + 1
    # a grey closing: the dark strokes of the place's printed label and outline go, a shadow
    # (wider than the kernel) stays
    kernel = np.ones((SHADOW_CLOSING_PX, SHADOW_CLOSING_PX), np.uint8)
    c = cv2.morphologyEx(np.ascontiguousarray(cut), cv2.MORPH_CLOSE, kernel).astype(np.float32)
    top = _running_median(np.percentile(c[:ring], SHADOW_RING_PERCENTILE, axis=0), k)
    bottom = _running_median(np.percentile(c[-ring:], SHADOW_RING_PERCENTILE, axis=0), k)
    left = _running_median(np.percentile(c[:, :ring], SHADOW_RING_PERCENTILE, axis=1), k)
    right = _running_median(np.percentile(c[:, -ring:], SHADOW_RING_PERCENTILE, axis=1), k)
    known: list[np.ndarray] = [np.ones(w, bool), np.ones(w, bool), np.ones(h, bool), np.ones(h, bool)]
    if hidden is not None:
        # the closing and the running median carry a cube's colour this far along the ring
        grown = cv2.dilate(hidden.astype(np.uint8), np.ones((SHADOW_CLOSING_PX + k,) * 2, np.uint8)) > 0
        known = [np.asarray(~grown[:ring].any(axis=0)), np.asarray(~grown[-ring:].any(axis=0)),
                 np.asarray(~grown[:, :ring].any(axis=1)), np.asarray(~grown[:, -ring:].any(axis=1))]
    every = np.concatenate([side[ok] for side, ok in zip((top, bottom, left, right), known, strict=True)])
    if not len(every):
        return None
    lit = np.percentile(every, 90, axis=0).astype(np.float32)
    ratios: list[np.ndarray | None] = []
    for side, ok in zip((top, bottom, left, right), known, strict=True):
        ratio = np.clip(side / np.maximum(lit, 1.0), 0.0, 1.0)
        uneven = ratio.max(axis=1) - ratio.min(axis=1) > SHADOW_NEUTRAL
        ratio[uneven] = 1.0
        ratios.append(_fill_side(ratio, ok))
    # a side hidden whole: drawn between its neighbours' ends (lit where they are hidden too)
    ends = {0: (2, 3, 0), 1: (2, 3, -1), 2: (0, 1, 0), 3: (0, 1, -1)}
    sides = []
    for i, ratio in enumerate(ratios):
        if ratio is None:
            a, b, end = ends[i]
            n = w if i < 2 else h
            side_a, side_b = ratios[a], ratios[b]
            first = side_a[end] if side_a is not None else np.ones(3, np.float32)
            last = side_b[end] if side_b is not None else np.ones(3, np.float32)
            t = np.linspace(0.0, 1.0, n, dtype=np.float32)[:, None]
            ratio = (1 - t) * first[None] + t * last[None]
        sides.append(ratio)
    top_r, bottom_r, left_r, right_r = sides
    if float(np.concatenate(sides).mean(axis=1).min()) >= SHADOW_DARKER:
        return None
    u = np.linspace(0.0, 1.0, w, dtype=np.float32)[None, :, None]
    v = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None, None]
    corners = [(top_r[0] + left_r[0]) / 2, (top_r[-1] + right_r[0]) / 2,
               (bottom_r[0] + left_r[-1]) / 2, (bottom_r[-1] + right_r[-1]) / 2]
    light = ((1 - v) * top_r[None] + v * bottom_r[None] + (1 - u) * left_r[:, None] + u * right_r[:, None]
             - ((1 - u) * (1 - v) * corners[0] + u * (1 - v) * corners[1]
                + (1 - u) * v * corners[2] + u * v * corners[3]))
    return np.clip(light, SHADOW_MIN_LIGHT, 1.0).astype(np.float32), lit


def _locate_at(cut: np.ndarray, size_px: tuple[int, int], margin_px: int,
               hidden: np.ndarray | None = None) -> tuple[int, int]:
    """(x, y): the offset (within the margin) of the component's rectangle in a balanced cut whose
    box holds the most printed pixels; pixels ``hidden`` marks (a cube in front) count as not
    printed (a cube's side is no part of the tile, and drew the box onto it)."""
    h, w = size_px[1], size_px[0]
    diff = np.linalg.norm(cut.astype(np.float32) - np.asarray(PAPER_BGR, np.float32), axis=2)
    grey = cv2.cvtColor(cut, cv2.COLOR_BGR2GRAY).astype(np.float32)
    edges = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))
    printed = ((diff > PAPER_DISTANCE) | (edges > 4 * PAPER_DISTANCE)).astype(np.float32)
    if hidden is not None:
        printed[hidden] = 0.0
    sums = cv2.integral(printed)
    # every offset's box at once (the first best in row order, as a scan row by row finds it)
    ny, nx = cut.shape[0] - h + 1, cut.shape[1] - w + 1
    x, y = margin_px, margin_px
    if ny > 0 and nx > 0:
        held = sums[h:h + ny, w:w + nx] - sums[:ny, w:w + nx] - sums[h:h + ny, :nx] + sums[:ny, :nx]
        # prefer the centre when several offsets hold the same (a uniformly printed tile)
        held = held - 1e-3 * (np.abs(np.arange(nx)[None, :] - margin_px) + np.abs(np.arange(ny)[:, None] - margin_px))
        best = int(np.argmax(held))
        if held.flat[best] > -1.0:
            y, x = divmod(best, nx)
    return x, y


def _locate(cut: np.ndarray, size_px: tuple[int, int], margin_px: int, inset: int = 6,
            hidden: np.ndarray | None = None) -> tuple[np.ndarray, bool]:
    """The component's rectangle in a balanced cut (:func:`_locate_at`, ``hidden``: pixels a cube
    hides). Returns the crop and whether the place is empty: its middle is as plain as the paper
    around it and of the paper's colour."""
    h, w = size_px[1], size_px[0]
    x, y = _locate_at(cut, size_px, margin_px, hidden)
    diff = np.linalg.norm(cut.astype(np.float32) - np.asarray(PAPER_BGR, np.float32), axis=2)
    # empty: the middle of the place (the nominal box less 1/``inset`` each way) has the paper's
    # colour and no more fine texture than the paper ring (lamp gradients and grain aside)
    # fine texture in colour, not grey: a pale tile's glyph may be printed in an ink of the
    # tile's own lightness (a yellow star on white), which grey does not show
    colour = cut.astype(np.float32)
    fine = np.linalg.norm(colour - cv2.GaussianBlur(colour, (0, 0), 4.0), axis=2)
    m0, m1 = margin_px + h // inset, margin_px + h - h // inset
    n0, n1 = margin_px + w // inset, margin_px + w - w // inset
    ring = np.concatenate([fine[:margin_px // 2].ravel(), fine[-(margin_px // 2):].ravel()])
    plain = float(np.percentile(fine[m0:m1, n0:n1], 95)) < EMPTY_TEXTURE * float(np.percentile(ring, 95)) + 2.0
    pale = float(np.median(diff[m0:m1, n0:n1])) < PAPER_DISTANCE
    # a pale tile with a glyph: the glyph's edges stand out from their surroundings (the texture
    # test alone can miss them: the printed outline in the paper ring sets its bar; the colour's
    # distance from paper cannot tell: a shadow across an empty place is as far)
    local = np.linalg.norm(colour - cv2.GaussianBlur(colour, (0, 0), 2.0 * CUT_PX_PER_MM), axis=2)
    inked = float(np.mean(local[m0:m1, n0:n1] > EMPTY_INK_CONTRAST)) >= EMPTY_INK_SHARE
    # a tinted tile (cream, pale grey-green) with a glyph of its own lightness: only its hue
    # tells it from the paper the cut was balanced on
    return cut[y:y + h, x:x + w].copy(), plain and pale and not inked and not _tinted(cut[m0:m1, n0:n1])


def _tinted(middle: np.ndarray) -> bool:
    """The middle of a balanced cut is not the paper's hue: its median colour lies
    ``EMPTY_TINT_AB`` or more from ``PAPER_BGR`` in CIELAB a/b."""
    lab = cv2.cvtColor(np.ascontiguousarray(middle).astype(np.float32) / 255.0, cv2.COLOR_BGR2LAB).reshape(-1, 3)
    paper = cv2.cvtColor(np.asarray([[PAPER_BGR]], np.float32) / 255.0, cv2.COLOR_BGR2LAB)[0, 0]
    return float(np.linalg.norm(np.median(lab[:, 1:], axis=0) - paper[1:])) >= EMPTY_TINT_AB


def _edge_maps(cut: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How much each pixel's column (left-right) and row (up-down) boundary parts the colour
    just before it from just after it: ``OUTLINE_EDGE_STRIP_PX`` wide strips, one pixel off."""
    h, w = cut.shape[:2]
    gap, strip = 1, OUTLINE_EDGE_STRIP_PX
    # mean of x .. x + strip - 1 (resp. y ..)
    across = cv2.blur(cut, (strip, 1), anchor=(0, 0), borderType=cv2.BORDER_REPLICATE)
    down = cv2.blur(cut, (1, strip), anchor=(0, 0), borderType=cv2.BORDER_REPLICATE)
    cols, rows = np.zeros((h, w), np.float32), np.zeros((h, w), np.float32)
    xs, ys = np.arange(gap + strip, w - gap - strip), np.arange(gap + strip, h - gap - strip)
    cols[:, xs] = np.linalg.norm(across[:, xs + gap] - across[:, xs - gap - strip], axis=2)
    rows[ys, :] = np.linalg.norm(down[ys + gap, :] - down[ys - gap - strip, :], axis=2)
    return cols, rows


def _outline_fits(edges: tuple[np.ndarray, np.ndarray], turn: float, size_px: tuple[int, int], margin_px: int,
                  shifts: np.ndarray | tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """For the component's rectangle turned by ``turn`` degrees in the cut and shifted by every
    (dy, dx) in ``shifts`` x ``shifts`` (or ``shifts`` = (x shifts, y shifts)) from its place: how well its four sides lie on edges (the
    log of their product)
    (``edges``: :func:`_edge_maps` of the cut; a few degrees do not change them, so they are
    turned rather than made again) and the weakest side's strength (each side a mean along its
    middle three quarters)."""
    h, w = edges[0].shape
    turn_matrix = cv2.getRotationMatrix2D((w / 2, h / 2), turn, 1.0)
    cols, rows = (cv2.warpAffine(e, turn_matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
                  for e in edges)
    cw, ch = size_px
    shifts_x, shifts_y = shifts if isinstance(shifts, tuple) else (shifts, shifts)
    nx, ny = len(shifts_x), len(shifts_y)
    # running sums down only the columns a left or right side may lie on, and along only the
    # rows of a top or bottom side (each column's or row's sums are the same numbers as over the
    # whole map; summing it all was most of finding a card's outline)
    side_cols = np.concatenate([margin_px + shifts_x, margin_px + shifts_x + cw])
    side_rows = np.concatenate([margin_px + shifts_y, margin_px + shifts_y + ch])
    down = np.vstack([np.zeros((1, 2 * nx), np.float32), np.cumsum(cols[:, side_cols], axis=0)])
    across = np.hstack([np.zeros((2 * ny, 1), np.float32), np.cumsum(rows[side_rows, :], axis=1)])
    x0, y0 = margin_px + shifts_x[None, :], margin_px + shifts_y[:, None]
    jx, jy = np.arange(nx)[None, :], np.arange(ny)[:, None]  # a side's column in down, row in across
    iy, ix = ch // 8, cw // 8
    left = (down[y0 + ch - iy, jx] - down[y0 + iy, jx]) / (ch - 2 * iy)
    right = (down[y0 + ch - iy, jx + nx] - down[y0 + iy, jx + nx]) / (ch - 2 * iy)
    top = (across[jy, x0 + cw - ix] - across[jy, x0 + ix]) / (cw - 2 * ix)
    bottom = (across[jy + ny, x0 + cw - ix] - across[jy + ny, x0 + ix]) / (cw - 2 * ix)
    sides = np.stack([left, right, top, bottom])
    # the product of the sides, not their sum: a neighbour's strong edge 2 mm off (a dark card
    # below a pale card's bottom, which parts little from the paper) must not outweigh the
    # other three (training printings 1-3: the sum cut 9 of 186 views worse, the product 3)
    return np.log(np.maximum(sides, 1.0)).sum(axis=0), sides.min(axis=0)


def _outline_pose(cut: np.ndarray, size_px: tuple[int, int], margin_px: int) -> tuple[float, int, int] | None:
    """Where a card or tile lies in its place's cut (its place plus ``margin_px`` each way): the
    turn (degrees, as ``cv2.getRotationMatrix2D`` turns the cut about its centre to set it
    straight) and the shift (px, in the turned cut) of the component-sized rectangle whose sides
    part inside from outside the most. None when its weakest side is too faint to trust
    (``OUTLINE_EDGE_MIN``)."""
    edges = _edge_maps(cut.astype(np.float32))
    limit = int(min(round(OUTLINE_MAX_SHIFT_MM * CUT_PX_PER_MM), margin_px - OUTLINE_EDGE_STRIP_PX - 2))
    shifts = np.arange(-limit, limit + 1)
    best = (-1.0, 0.0, 0.0, 0, 0)
    coarse, fine = OUTLINE_TURN_STEPS_DEG
    turns = list(np.arange(-OUTLINE_MAX_TURN_DEG, OUTLINE_MAX_TURN_DEG + 1e-6, coarse))
    for stage in range(2):
        for turn in turns:
            total, weakest = _outline_fits(edges, float(turn), size_px, margin_px, shifts)
            # a little for lying near its place: of two equal fits, the nearer
            total = total - 1e-3 * (np.abs(shifts[None, :]) + np.abs(shifts[:, None]))
            k = np.unravel_index(int(np.argmax(total)), total.shape)
            if total[k] > best[0]:
                best = (float(total[k]), float(weakest[k]), float(turn), int(shifts[k[1]]), int(shifts[k[0]]))
        centre = best[2]
        turns = [centre + d for d in np.arange(-coarse / 2, coarse / 2 + 1e-6, fine) if d != 0.0]
    _, weakest_side, turn, dx, dy = best
    if weakest_side < OUTLINE_EDGE_MIN:
        return None
    return turn, dx, dy


def _outline_pose_near(cut: np.ndarray, size_px: tuple[int, int], margin_px: int,
                       near: tuple[int, int]) -> tuple[float, int, int] | None:
    """The turn and shift (as :func:`_outline_pose`) of the rectangle whose sides part inside from
    outside the most within ``SIBLING_RECUT_REACH_PX`` of the shift ``near`` (dx, dy), clipped to
    the cut; no weakest side is asked for (the siblings placed it: its sides may touch a
    neighbour of the same frame, the very case that misled the free search). None where that
    lies beyond what the cut holds."""
    limit = margin_px - OUTLINE_EDGE_STRIP_PX - 2
    xs, ys = (np.arange(max(-limit, c - SIBLING_RECUT_REACH_PX), min(limit, c + SIBLING_RECUT_REACH_PX) + 1)
              for c in near)
    if not len(xs) or not len(ys):
        return None
    edges = _edge_maps(cut.astype(np.float32))
    best = (-np.inf, 0.0, 0, 0)
    for turn in np.arange(-OUTLINE_MAX_TURN_DEG, OUTLINE_MAX_TURN_DEG + 1e-6, OUTLINE_TURN_STEPS_DEG[1]):
        total, _ = _outline_fits(edges, float(turn), size_px, margin_px, (xs, ys))
        k = np.unravel_index(int(np.argmax(total)), total.shape)
        if total[k] > best[0]:
            best = (float(total[k]), float(turn), int(xs[k[1]]), int(ys[k[0]]))
    return best[1], best[2], best[3]


def _median(images: list[np.ndarray]) -> np.ndarray:
    """Pixel by pixel median of same-sized float images, as ``np.median(..., axis=0)`` gives it.
    Four (a people's other faces, every sibling reference): the middle two of each pixel by
    elementwise min and max, summed and halved as the median does (``np.median`` along the
    stacked axis was nine tenths of teaching an Open Season printing's siblings, 13 ms a face)."""
    if len(images) != 4:
        return np.asarray(np.median(np.stack(images), axis=0))
    a, b, c, d = images
    low, high = np.maximum(np.minimum(a, b), np.minimum(c, d)), np.minimum(np.maximum(a, b), np.maximum(c, d))
    return np.asarray((low + high) / 2)


def _sibling_shift(face: np.ndarray, siblings: list[np.ndarray]) -> tuple[int, int]:
    """(dx, dy) px: how far ``face``'s print lies from where its siblings' (the other faces of its
    people, which share its frame and emblem) lies, by normalised correlation of the blurred face
    with the middle of their median, within ``SIBLING_REACH_PX``."""
    blur = SIBLING_BLUR_MM * CUT_PX_PER_MM
    ref = _median([s.astype(np.float32) for s in siblings])
    return _shift_of_middle(cv2.GaussianBlur(face.astype(np.float32), (0, 0), blur),
                            cv2.GaussianBlur(ref, (0, 0), blur))


def _shift_of_middle(a: np.ndarray, reference: np.ndarray) -> tuple[int, int]:
    """(dx, dy) px: where ``reference``'s middle (``SIBLING_REACH_PX`` in) fits ``a`` best, by
    normalised correlation, from where it lies."""
    reach = SIBLING_REACH_PX
    h, w = a.shape[:2]
    res = cv2.matchTemplate(a, reference[reach:h - reach, reach:w - reach], cv2.TM_CCOEFF_NORMED)
    _, _, _, (x, y) = cv2.minMaxLoc(np.nan_to_num(res, nan=-1.0))
    return x - reach, y - reach


def _likeness_of_middle(a: np.ndarray, reference: np.ndarray) -> float:
    """Normalised correlation of ``a`` with ``reference`` as they lie (no shift), over the middle
    (``SIBLING_REACH_PX`` in), each channel's mean taken off."""
    reach = SIBLING_REACH_PX
    h, w = a.shape[:2]
    a, b = a[reach:h - reach, reach:w - reach], reference[reach:h - reach, reach:w - reach]
    a, b = a - a.mean(axis=(0, 1)), b - b.mean(axis=(0, 1))
    return float((a * b).sum() / max(float(np.sqrt((a * a).sum() * (b * b).sum())), 1e-9))


def _face_in_cut(place: object, pose: tuple[float, int, int]) -> tuple[np.ndarray, tuple[int, int]]:
    """The component at ``pose`` (:func:`_outline_pose`): the 3x3 map from its straight face's
    pixels to its place's cut's pixels, and the face's size (w, h) in px."""
    (w, h) = place.component_mm  # type: ignore[attr-defined]
    cut_w, cut_h = w + 2 * MARGIN_MM, h + 2 * MARGIN_MM
    out_w, out_h = int(round(w * CUT_PX_PER_MM)), int(round(h * CUT_PX_PER_MM))
    size_w, size_h = int(round(cut_w * CUT_PX_PER_MM)), int(round(cut_h * CUT_PX_PER_MM))
    margin_px = int(round(MARGIN_MM * CUT_PX_PER_MM))
    turn, dx, dy = pose
    # face px -> turned cut px -> cut px
    shift = np.array([[1, 0, margin_px + dx], [0, 1, margin_px + dy], [0, 0, 1]], np.float64)
    unturn = np.vstack([cv2.invertAffineTransform(cv2.getRotationMatrix2D((size_w / 2, size_h / 2), turn, 1.0)),
                        [0.0, 0.0, 1.0]])
    return unturn @ shift, (out_w, out_h)


def _cut_straight(image: np.ndarray, location: object, place: object, pose: tuple[float, int, int]) -> np.ndarray:
    """The component at ``pose`` (:func:`_outline_pose`, in its place's cut) cut straight from the photo
    at ``CUT_PX_PER_MM`` (one resampling, as the places are cut)."""
    (cx, cy), (w, h) = place.centre_mm, place.component_mm  # type: ignore[attr-defined]
    cut_w, cut_h = w + 2 * MARGIN_MM, h + 2 * MARGIN_MM
    in_cut, size = _face_in_cut(place, pose)
    # cut px -> sheet mm (as calibration.teach_sheet.cut_places) -> image px
    to_mm = np.array([[1 / CUT_PX_PER_MM, 0, cx - cut_w / 2 + 0.5 / CUT_PX_PER_MM],
                      [0, 1 / CUT_PX_PER_MM, cy - cut_h / 2 + 0.5 / CUT_PX_PER_MM], [0, 0, 1]])
    m = location.plane_to_image(place.height_mm) @ to_mm @ in_cut  # type: ignore[attr-defined]
    return cv2.warpPerspective(image, m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def _sheet_gains(image: np.ndarray, location: object) -> np.ndarray:
    """Gains that bring the sheet's blank border band (5 mm in from its edge, markers aside: a
    median) to ``PAPER_BGR``."""
    _, vals = _border_band(image, location)
    if not len(vals):
        return np.ones(3, np.float32)
    return np.asarray(PAPER_BGR, np.float32) / np.maximum(np.median(vals, axis=0), 1.0)


def _border_band(image: np.ndarray, location: object) -> tuple[np.ndarray, np.ndarray]:
    """The sheet's blank border band (5 mm in from its edge, every 4 mm, the corners' markers
    left out) in view: its points (N, 2) in sheet mm and their colours (N, 3), 3 px blurred."""
    sheet = location.sheet  # type: ignore[attr-defined]
    w, h = sheet.size_mm
    xs, ys = np.arange(10.0, w - 10.0, 4.0), np.arange(10.0, h - 10.0, 4.0)
    band = np.vstack([np.column_stack([xs, np.full_like(xs, 5.0)]), np.column_stack([xs, np.full_like(xs, h - 5.0)]),
                      np.column_stack([np.full_like(ys, 5.0), ys]), np.column_stack([np.full_like(ys, w - 5.0), ys])])
    px = np.round(location.to_image(band)).astype(int)  # type: ignore[attr-defined]
    ok = (px[:, 0] >= 0) & (px[:, 1] >= 0) & (px[:, 0] < image.shape[1]) & (px[:, 1] < image.shape[0])
    vals = cv2.blur(image, (3, 3))[px[ok, 1], px[ok, 0]].astype(np.float32)
    return band[ok], vals


def _paper_field(image: np.ndarray, location: object) -> np.ndarray | None:
    """(3, 3): per channel, the sheet's paper as a plane over the sheet (``c0 + c1 x + c2 y``, x
    and y in mm), fitted to the blank border band with what is not paper (a marker, the printed
    title, a shadow's edge) dropped in turn; None where the band in view does not span
    ``PAPER_FIELD_MIN_SPAN_MM`` each way."""
    points, vals = _border_band(image, location)
    if len(points) < 8 or np.ptp(points[:, 0]) < PAPER_FIELD_MIN_SPAN_MM \
            or np.ptp(points[:, 1]) < PAPER_FIELD_MIN_SPAN_MM:
        return None
    design = np.column_stack([np.ones(len(points)), points])
    keep = np.ones(len(points), bool)
    coef = np.zeros((3, 3))
    for _ in range(4):
        if keep.sum() < 8 or np.ptp(points[keep, 0]) < PAPER_FIELD_MIN_SPAN_MM \
                or np.ptp(points[keep, 1]) < PAPER_FIELD_MIN_SPAN_MM:
            return None
        coef = np.linalg.lstsq(design[keep], vals[keep], rcond=None)[0].T  # (3 channels, 3)
        off = (vals - design @ coef.T).mean(axis=1)
        spread = 1.4826 * float(np.median(np.abs(off[keep] - np.median(off[keep]))))
        keep = np.abs(off - np.median(off[keep])) <= max(3.0 * spread, 4.0)
    return coef


def _field_gains(field: np.ndarray, median: np.ndarray, centre_mm: tuple[float, float],
                 size_px: tuple[int, int]) -> np.ndarray:
    """(h, w, 3) gains bringing the paper ``field`` (:func:`_paper_field`) to ``PAPER_BGR`` over an
    axis-aligned window of ``size_px`` at ``CUT_PX_PER_MM`` centred on ``centre_mm`` (a place's cut
    or its face: the field is smooth, a few mm of the card's pose do not matter); the field kept
    within ``PAPER_FIELD_CLIP`` of the band's ``median``."""
    w, h = size_px
    xs = centre_mm[0] + (np.arange(w) + 0.5 - w / 2) / CUT_PX_PER_MM
    ys = centre_mm[1] + (np.arange(h) + 0.5 - h / 2) / CUT_PX_PER_MM
    paper = field[None, None, :, 0] + field[None, None, :, 1] * xs[None, :, None] + field[None, None, :, 2] * ys[:, None, None]
    paper = np.clip(paper, median * PAPER_FIELD_CLIP[0], median * PAPER_FIELD_CLIP[1])
    return (np.asarray(PAPER_BGR, np.float32) / np.maximum(paper, 1.0)).astype(np.float32)


def _printed_place(sheet: object, place: object) -> np.ndarray:
    """What the sheet prints inside a place's component rectangle (BGR, ``CUT_PX_PER_MM``)."""
    page = _page(sheet)
    (cx, cy), (w, h) = place.centre_mm, place.component_mm  # type: ignore[attr-defined]
    x0, y0 = int(round((cx - w / 2) * CUT_PX_PER_MM)), int(round((cy - h / 2) * CUT_PX_PER_MM))
    return page[y0:y0 + int(round(h * CUT_PX_PER_MM)), x0:x0 + int(round(w * CUT_PX_PER_MM))]


def _page(sheet: object) -> np.ndarray:
    return _page_of(sheet.game)  # type: ignore[attr-defined]


@lru_cache(maxsize=2)
def _page_of(game: str) -> np.ndarray:
    """The whole sheet as printed, BGR at ``CUT_PX_PER_MM`` (drawn once per game)."""
    from calibration.teach_print import draw_sheet
    from calibration.teach_sheet import sheet_layout

    page = cv2.cvtColor(draw_sheet(sheet_layout(game), CUT_PX_PER_MM), cv2.COLOR_RGB2BGR)
    page.setflags(write=False)
    return page


def _shows_print(face: np.ndarray, sheet: object, place: object) -> bool:
    """The place shows the sheet's own print (its label): no component lies on it."""
    printed = _printed_place(sheet, place).astype(np.float32)
    if printed.shape != face.shape:
        return False
    a = cv2.GaussianBlur(face.astype(np.float32), (0, 0), 2.0)
    b = cv2.GaussianBlur(printed, (0, 0), 2.0)
    a, b = a - a.mean(), b - b.mean()
    ncc = float((a * b).sum() / (np.linalg.norm(a) * np.linalg.norm(b) + 1e-6))
    return ncc >= SHOWS_PRINT


def _prepared(face: np.ndarray, glyph_only: bool = False) -> np.ndarray:
    """A face at 2 px/mm, lightly blurred, float32; ``glyph_only``: less a ``GLYPH_BLUR_MM`` blur
    of itself (each channel's level and the light's gradient gone: the glyph's strokes remain)."""
    h, w = face.shape[:2]
    small = cv2.resize(face, (max(8, w // 2), max(8, h // 2)), interpolation=cv2.INTER_AREA).astype(np.float32)
    if not glyph_only:
        return cv2.GaussianBlur(small, (0, 0), 0.8)
    smooth = cv2.GaussianBlur(small, (0, 0), GLYPH_NOISE_BLUR_MM * CUT_PX_PER_MM / 2)
    return np.asarray(smooth - cv2.GaussianBlur(smooth, (0, 0), GLYPH_BLUR_MM * CUT_PX_PER_MM / 2), np.float32)


def _best_ncc(image: np.ndarray, template: np.ndarray) -> float:
    """The best normalised correlation of ``template`` over ``image`` (both 3-channel), the mean
    taken over all channels at once (the face's colour counts, not only its pattern)."""
    t = template - template.mean()
    t /= float(np.linalg.norm(t)) + 1e-6
    num = cv2.matchTemplate(image, t.astype(np.float32), cv2.TM_CCORR)
    k, d = t.shape[0], t.size
    ones = np.ones((k, t.shape[1]), np.float32)
    s = cv2.filter2D(image.sum(axis=2), -1, ones, anchor=(0, 0), borderType=cv2.BORDER_CONSTANT)
    q = cv2.filter2D((image * image).sum(axis=2), -1, ones, anchor=(0, 0), borderType=cv2.BORDER_CONSTANT)
    s, q = s[:num.shape[0], :num.shape[1]], q[:num.shape[0], :num.shape[1]]
    return float((num / np.sqrt(np.maximum(q - s * s / d, 1e-6))).max())


def _likeness(a: np.ndarray, b: np.ndarray, glyph_only: bool = False, drop: float = 0.3) -> float:
    """How much ``a`` looks like part of ``b``: the centre of ``a`` (its outer ``drop`` share, 30 %,
    dropped each way), turned by up to 8 degrees, at its best place in ``b``. ``glyph_only``: both faces less
    a ``GLYPH_BLUR_MM`` blur of themselves first (see ``SAME_GLYPH``)."""
    pa, pb = _prepared(a, glyph_only), _prepared(b, glyph_only)
    h, w = pa.shape[:2]
    m = int(h * drop)
    best = -1.0
    for angle in SAME_FACE_TURNS:
        turn = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        turned = cv2.warpAffine(pa, turn, (w, h), borderMode=cv2.BORDER_REPLICATE)
        best = max(best, _best_ncc(pb, np.ascontiguousarray(turned[m:h - m, m:w - m])))
    return best


def _alike(a: np.ndarray, b: np.ndarray) -> bool:
    """Two faces look the same (``SAME_FACE``) and so do their glyphs, each found in the other
    (``SAME_GLYPH``)."""
    if _likeness(a, b) < SAME_FACE:
        return False
    if not GLYPH_CHECK:
        return True
    return min(_likeness(x, y, glyph_only=True, drop=d) for x, y in ((a, b), (b, a))
               for d in (0.3, GLYPH_WHOLE_DROP)) >= SAME_GLYPH


def _mean_colour(face: np.ndarray, inset: int = 4) -> np.ndarray:
    """Mean BGR of ``face`` without its outer 1/``inset`` on each side (4: the middle half)."""
    h, w = face.shape[:2]
    return face[h // inset:h - h // inset, w // inset:w - w // inset].reshape(-1, 3).astype(np.float32).mean(axis=0)


def _shade_apart(a: np.ndarray, b: np.ndarray) -> float:
    """Distance of two mean BGR colours in CIELAB's a/b plane (hue and saturation, not level)."""
    lab = cv2.cvtColor(np.clip(np.stack([a, b]) / 255.0, 0, 1).astype(np.float32)[None], cv2.COLOR_BGR2LAB)[0]
    return float(np.linalg.norm(lab[0, 1:] - lab[1, 1:]))


def _median_ab(face: np.ndarray, inset: int = FACE_INSET) -> np.ndarray:
    """CIELAB (a, b) of ``face``'s median colour without its outer 1/``inset`` on each side: its
    background's hue wherever the background is most of the face."""
    h, w = face.shape[:2]
    middle = np.ascontiguousarray(face[h // inset:h - h // inset, w // inset:w - w // inset])
    lab = cv2.cvtColor(middle.astype(np.float32) / 255.0, cv2.COLOR_BGR2LAB).reshape(-1, 3)
    return np.median(lab[:, 1:], axis=0)


def _ring_ab(face: np.ndarray, inset: int = FACE_INSET) -> np.ndarray:
    """CIELAB (a, b) median of ``face``'s ring: without its outer 1/``inset`` and without its middle
    half (the glyph lies mostly there), so the background's hue even where the glyph is large."""
    h, w = face.shape[:2]
    lab = cv2.cvtColor(np.ascontiguousarray(face[h // inset:h - h // inset, w // inset:w - w // inset]).astype(np.float32)
                       / 255.0, cv2.COLOR_BGR2LAB)
    dy, dx = h // 4 - h // inset, w // 4 - w // inset
    ring = np.ones(lab.shape[:2], bool)
    ring[dy:lab.shape[0] - dy, dx:lab.shape[1] - dx] = False
    return np.median(lab[ring][:, 1:], axis=0)


def _regions(face: np.ndarray, game: str) -> list[np.ndarray]:
    """The parts of a face that tell it from the others: a whole tile; a card's people emblem
    and its attribute icon apart (cards of one people share most of their face)."""
    if game != "open_season":
        return [face]
    h, w = face.shape[:2]
    out = []
    for offset_mm, size_mm in CARD_REGIONS_MM:
        cy = int(round(h / 2 + offset_mm * CUT_PX_PER_MM))
        half = int(round(size_mm * CUT_PX_PER_MM / 2))
        out.append(face[max(0, cy - half):cy + half, max(0, w // 2 - half):w // 2 + half])
    return out


def _same_faces(faces: dict[str, np.ndarray], game: str = "octocube") -> dict[str, str]:
    """Places whose faces look the same as another place's: place -> the other place. Only faces
    of about the same mean colour are compared (two identical components always are), and two
    lettered abyss tiles are not: they differ only by a letter a few mm tall, and the most
    alike of them score like identical tiles (measured 0.98); nor are two cubes' bare faces
    (the same metal plate in another coloured rim)."""
    names = sorted(faces)
    # the middle (where the glyph is) and the whole face but its rim (the background too): a
    # large dark glyph printed alike on a white, a pale-blue and a green tile fills the middle,
    # and only the background tells them apart (training printings 11 and 15 lost 2-4 faces)
    # and the whole face's median hue: a glyph as large as the middle may leave even the whole
    # faces' means alike (training printings 31 and 32 lost a white and a dark-blue or pale-blue
    # face of one glyph); most of a tile is its background, which the median shows
    # and the ring's median hue: a dark glyph nearly half the middle drags the whole face's median
    # to grey (random printing 996995's sextants on cream and on pale blue)
    colours = {n: (_mean_colour(faces[n]), _mean_colour(faces[n], FACE_INSET), _median_ab(faces[n])) for n in names}
    rings = {n: _ring_ab(faces[n]) for n in names}
    same: dict[str, str] = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if (a.startswith("abyss-") and b.startswith("abyss-")) or (a.startswith("cube-") and b.startswith("cube-")):
                continue
            (ma, wa, ha), (mb, wb, hb) = colours[a], colours[b]
            if float(np.abs(ma - mb).max()) > SAME_COLOUR or _shade_apart(ma, mb) > SAME_SHADE:
                continue
            if float(np.abs(wa - wb).max()) > SAME_WHOLE_COLOUR:
                continue
            if float(np.linalg.norm(ha - hb)) > SAME_BACKGROUND_AB:
                continue
            if float(np.linalg.norm(rings[a] - rings[b])) > SAME_RING_AB:
                continue
            if faces[a].shape == faces[b].shape and all(
                    _alike(ra, rb)
                    for ra, rb in zip(_regions(faces[a], game), _regions(faces[b], game))):
                same.setdefault(a, b)
                same.setdefault(b, a)
    return same


def _upside_down(location: object) -> bool:
    """The sheet's printed top lies at the bottom of the photo."""
    sheet = location.sheet  # type: ignore[attr-defined]
    w, h = sheet.size_mm
    top, bottom = location.to_image(np.array([[w / 2, 0.0], [w / 2, h]]))  # type: ignore[attr-defined]
    dx, dy = top - bottom
    return bool(dy > abs(dx))


def _sibling_likeness(face: np.ndarray, siblings: list[np.ndarray]) -> float:
    """Normalised correlation of ``face`` with its siblings' median as they lie (no shift), both
    blurred as :func:`_sibling_shift` compares them, over the middle (``SIBLING_REACH_PX`` in)."""
    blur = SIBLING_BLUR_MM * CUT_PX_PER_MM
    ref = np.median(np.stack([s.astype(np.float32) for s in siblings]), axis=0)
    return _likeness_of_middle(cv2.GaussianBlur(face.astype(np.float32), (0, 0), blur),
                               cv2.GaussianBlur(ref, (0, 0), blur))


def _card_face(image: np.ndarray, location: object, place: object, pose: tuple[float, int, int],
               field: np.ndarray | None, band_paper: np.ndarray, gains: Any) -> np.ndarray:
    """A card cut straight at ``pose`` (:func:`_cut_straight`), white-balanced on the paper field
    at its window (``field``; None: ``gains``, the photo's)."""
    straight = _cut_straight(image, location, place, pose)
    if field is not None:  # the face's own window (its pose: a few mm, the field is smooth)
        gains = _field_gains(field, band_paper, place.centre_mm,  # type: ignore[attr-defined]
                             (straight.shape[1], straight.shape[0]))
    return np.clip(straight.astype(np.float32) * gains, 0, 255).astype(np.uint8)


def _recut_off_siblings(image: np.ndarray, location: object, wanted: dict[str, Any], faces: dict[str, np.ndarray],
                        card_cuts: dict[str, tuple[np.ndarray, tuple[int, int], tuple[float, int, int] | None, Any]],
                        field: np.ndarray | None, band_paper: np.ndarray, margin_px: int) -> dict[str, np.ndarray]:
    """Card faces cut again (``SIBLING_CHECK``): each card whose print lies ``SIBLING_SHIFT_PX`` or
    more from where the other faces of its people (``people-attribute`` names, at least
    ``SIBLING_MIN`` of them) show theirs, cut along the outline found near where they put it, when
    that makes it look clearly more like them where they lie (:func:`_sibling_likeness`,
    ``SIBLING_GAIN``). Place name ->
    the new face. Other-hand printing 997235 (first photo): the three cards cut a frame's width off
    correlated 0.46-0.60 with their siblings, cut again 0.80-0.84 (every card cut right: 0.81-0.88);
    997223: three right cards of a people whose faces differ in layout showed shifts of 10-14 px,
    and elf-dagger, cut again, fell from 0.84 to 0.75: kept as it was."""
    out: dict[str, np.ndarray] = {}
    peoples = sorted({n.split("-")[0] for n in card_cuts if "-" in n})
    for people in peoples:
        group = [n for n in card_cuts if n.split("-")[0] == people and n in faces]
        for place_name in group:
            siblings = [faces[n] for n in group if n != place_name and faces[n].shape == faces[place_name].shape]
            if len(siblings) < SIBLING_MIN:
                continue
            # kept where it looks more like its siblings as they lie (a printing whose faces of a
            # people differ in layout shows a shift that no better cut explains: 997223)
            face = _cut_again_if_better(image, location, wanted, faces, card_cuts, field, band_paper, margin_px,
                                        place_name, _sibling_shift(faces[place_name], siblings),
                                        lambda f: _sibling_likeness(f, siblings))
            if face is not None:
                out[place_name] = face
    return out


def _cut_again_if_better(image: np.ndarray, location: object, wanted: dict[str, Any], faces: dict[str, np.ndarray],
                         card_cuts: dict[str, tuple[np.ndarray, tuple[int, int], tuple[float, int, int] | None, Any]],
                         field: np.ndarray | None, band_paper: np.ndarray, margin_px: int, place_name: str,
                         shift: tuple[int, int], likeness: Callable[[np.ndarray], float]) -> np.ndarray | None:
    """The sibling and layout checks' second cut: where ``shift`` (px) reaches ``SIBLING_SHIFT_PX``,
    the card at ``place_name`` cut again along the outline found near its pose so moved, returned
    when ``likeness`` finds it ``SIBLING_GAIN`` better than its first cut (None otherwise)."""
    if max(abs(shift[0]), abs(shift[1])) < SIBLING_SHIFT_PX:
        return None
    balanced, size, pose, gains = card_cuts[place_name]
    dx, dy = (pose[1], pose[2]) if pose is not None else (0, 0)
    again = _outline_pose_near(balanced, size, margin_px, (dx + shift[0], dy + shift[1]))
    if again is None:
        return None
    face = _card_face(image, location, wanted[place_name], again, field, band_paper, gains)
    return face if likeness(face) >= likeness(faces[place_name]) + SIBLING_GAIN else None


def _layout_map(face: np.ndarray) -> np.ndarray:
    """A card's layout, whatever its colours: the gradient's size of its grey, blurred
    ``SIBLING_BLUR_MM``, over its mean (a frame's edges, a panel's, the split between them)."""
    grey = cv2.GaussianBlur(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY).astype(np.float32), (0, 0),
                            SIBLING_BLUR_MM * CUT_PX_PER_MM)
    mag = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))
    return np.asarray(mag / max(float(mag.mean()), 1e-6), np.float32)


def _layout_likeness(face: np.ndarray, reference: np.ndarray) -> float:
    """Normalised correlation of a card's :func:`_layout_map` with ``reference`` (a layout map) as
    they lie, over the middle (``SIBLING_REACH_PX`` in)."""
    return _likeness_of_middle(_layout_map(face), reference)


def _recut_off_layout(image: np.ndarray, location: object, wanted: dict[str, Any], faces: dict[str, np.ndarray],
                      card_cuts: dict[str, tuple[np.ndarray, tuple[int, int], tuple[float, int, int] | None, Any]],
                      field: np.ndarray | None, band_paper: np.ndarray, margin_px: int) -> dict[str, np.ndarray]:
    """As :func:`_recut_off_siblings`, by every card of the photo: a card whose layout
    (:func:`_layout_map`) lies ``SIBLING_SHIFT_PX`` or more from the median layout of all its
    photo's cards of other peoples is cut again near where that puts it, kept where its layout
    then fits that median clearly better (``SIBLING_GAIN``)."""
    out: dict[str, np.ndarray] = {}
    names = [n for n in card_cuts if "-" in n and n in faces]
    if len(names) < 2 * SIBLING_MIN:
        return out
    maps = {n: _layout_map(faces[n]) for n in names}
    medians: dict[tuple[str, tuple[int, ...]], np.ndarray] = {}
    """Per (people, layout size): the other peoples' median layout (one people's cards share it)."""
    for place_name in names:
        people = place_name.split("-")[0]
        others = [maps[n] for n in names if n.split("-")[0] != people and maps[n].shape == maps[place_name].shape]
        if len(others) < 2 * SIBLING_MIN:
            continue
        key = (people, maps[place_name].shape)
        if key not in medians:
            medians[key] = np.asarray(np.median(np.stack(others), axis=0), np.float32)
        ref = medians[key]
        face = _cut_again_if_better(image, location, wanted, faces, card_cuts, field, band_paper, margin_px,
                                    place_name, _shift_of_middle(maps[place_name], ref),
                                    lambda f: _layout_likeness(f, ref))
        if face is not None:
            out[place_name] = face
    return out


def _veil_fit(face: np.ndarray, reference: np.ndarray) -> tuple[float, np.ndarray]:
    """``face ~ s * reference + o`` (one slope ``s`` for every channel, an offset ``o`` per
    channel) over both faces' shared print, on the blurred faces without their edges
    (``UNVEIL_BLUR_PX``, ``UNVEIL_INSET_PX``): ``s`` the ratio of their contrasts (each channel
    centred), ``o`` from their means; the pixels that fit worst (the attribute's icon and index,
    where siblings differ) dropped twice. A veil of share ``a`` towards white ``W`` gives
    ``s = 1 - a``, ``o = a * W``."""
    return _veil_fit_of(_veil_pixels(face), _veil_pixels(reference))


def _veil_pixels(face: np.ndarray) -> np.ndarray:
    """A face as :func:`_veil_fit` compares it: blurred, without its edges, one row per pixel
    (made once per face by :func:`_unveil_cards`, which fits each face against two others)."""
    k = UNVEIL_INSET_PX
    return cv2.GaussianBlur(face.astype(np.float32), (0, 0), UNVEIL_BLUR_PX)[k:-k, k:-k].reshape(-1, 3)


def _veil_fit_of(b: np.ndarray, r: np.ndarray) -> tuple[float, np.ndarray]:
    """:func:`_veil_fit` of two faces' pixels (:func:`_veil_pixels`)."""
    keep = np.ones(len(b), bool)
    slope, offset = 1.0, np.zeros(3, np.float32)
    for _ in range(3):
        rk, bk = r[keep].astype(np.float64), b[keep].astype(np.float64)
        r_mean, b_mean = rk.mean(axis=0), bk.mean(axis=0)
        # centred per channel, the offsets drop out: the slope is the ratio of the two contrasts
        # (a regression's slope would fall with any misfit -- a card cut a pixel off, the noise --
        # and read as a veil; a veil lowers the contrast itself)
        rc, bc = rk - r_mean, bk - b_mean
        slope = float(np.sqrt((bc * bc).sum() / max(float((rc * rc).sum()), 1e-6)))
        offset = (b_mean - slope * r_mean).astype(np.float32)
        off = np.abs(b - (slope * r + offset)).max(axis=1)
        keep = off <= max(3.0 * float(np.median(off[keep], overwrite_input=True)), 4.0)  # a copy: the same median
        if keep.sum() < 0.25 * len(b):
            break
    return slope, offset


def _lifted_to_white(white: np.ndarray, gains: np.ndarray | None) -> bool:
    """Whether a face's lift per share of contrast lost (``white``, (3,), as balanced) is a veil
    towards white: each channel at least ``UNVEIL_WHITE[0]`` as balanced (a shadow lifts nothing)
    and at most ``UNVEIL_WHITE[1]``, as balanced or, with ``gains`` (the face's white balance) and
    ``UNVEIL_WHITE_RAW``, in the photo's own levels (``white / gains``): a glare lifts towards the
    sensor's white, which a dim photo's balance multiplies far past 330."""
    if float(white.min()) < UNVEIL_WHITE[0]:
        return False
    top = white if gains is None or not UNVEIL_WHITE_RAW else white / np.maximum(gains, 1e-6)
    return float(top.max()) <= UNVEIL_WHITE[1]


def _unveil_cards(faces: dict[str, np.ndarray], names: Sequence[str],
                  gains: dict[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Card faces of one photo with a glare's veil taken off (``UNVEIL_CARDS``): per people (the
    ``people-attribute`` names among ``names``, at least ``SIBLING_MIN`` + 1 of one size), the face
    whose shared print shows the most contrast against their median is the reference; each other
    face veiled against it (:func:`_veil_fit`: its contrast ``UNVEIL_MIN`` or more lower, lifted
    towards white, :func:`_lifted_to_white`) is brought to its levels. ``gains``: place name -> the
    white balance (3,) its face was given (None: the white is judged as balanced, as before
    session 76). Place name -> the new face."""
    out: dict[str, np.ndarray] = {}
    peoples = sorted({n.split("-")[0] for n in names if "-" in n})
    for people in peoples:
        group = [n for n in names if n.split("-")[0] == people and n in faces]
        shapes = [faces[n].shape for n in group]
        group = [n for n in group if shapes.count(faces[n].shape) == max(shapes.count(s) for s in shapes)]
        if len(group) <= SIBLING_MIN:
            continue
        median = _median([faces[n].astype(np.float32) for n in group]) if len(group) == 4 else \
            np.median(np.stack([faces[n].astype(np.float32) for n in group]), axis=0)
        pixels = {n: _veil_pixels(faces[n]) for n in group}  # each face blurred once, not once a fit
        median_pixels = _veil_pixels(median)
        reference = max(group, key=lambda n: _veil_fit_of(pixels[n], median_pixels)[0])
        for name in group:
            if name == reference:
                continue
            slope, offset = _veil_fit_of(pixels[name], pixels[reference])
            veil = 1.0 - slope
            if veil < UNVEIL_MIN or slope <= 0.2:
                continue
            if not _lifted_to_white(offset / veil, None if gains is None else gains.get(name)):
                continue
            out[name] = np.clip((faces[name].astype(np.float32) - offset) / slope, 0, 255).astype(np.uint8)
    return out


def teach(game: str, photos: Sequence[tuple[str, np.ndarray]], name: str = "") -> TeachResult:
    """Learn ``game``'s faces from ``photos`` ((name, BGR image) each). Raises :class:`TeachError`
    when no photo shows the sheet or no face could be learned."""
    from calibration.teach_sheet import cut_places, locate_sheet, places_out_of_view, sheet_layout

    if game not in LEARNED_KINDS:
        raise TeachError(f"there is no teach sheet for {game!r}: use one of {', '.join(LEARNED_KINDS)}")
    sheet = sheet_layout(game)
    wanted = {p.name: p for p in sheet.places if p.kind in LEARNED_KINDS[game]}
    views: dict[str, list[np.ndarray]] = {n: [] for n in wanted}
    hidden_in: dict[str, list[np.ndarray | None]] = {n: [] for n in wanted}
    """Per view: its pixels a cube hid (painted over), or None."""
    refused: list[tuple[str, str, str]] = []
    reports: list[PhotoReport] = []
    margin_px = int(round(MARGIN_MM * CUT_PX_PER_MM))
    for photo_name, image in photos:
        try:
            location = locate_sheet(image, game)
        except ValueError as exc:
            reports.append(PhotoReport(photo_name, False, str(exc)))
            continue
        note = "the sheet lies upside down: read it turned round" if _upside_down(location) else ""
        for marker_id in location.markers_set_aside:
            marker = location.sheet.marker(marker_id)
            note = "; ".join(filter(None, [note, f"marker {marker_id} ({marker.name}) left out: the other markers "
                                           f"disagree with it (a cube beside it hides a corner, or a crease)"]))
        height, width = image.shape[:2]
        out = set(places_out_of_view((width, height), location, MARGIN_MM))
        cuts = cut_places(image, location, CUT_PX_PER_MM, MARGIN_MM)
        faces: dict[str, np.ndarray] = {}
        card_cuts: dict[str, tuple[np.ndarray, tuple[int, int], tuple[float, int, int] | None, Any]] = {}
        ring = max(2, margin_px // 2)
        flat = [p for n, p in wanted.items() if p.kind == "tile" and n in cuts]
        photo_gains = (np.median([_paper_gains(cuts[p.name], ring) for p in flat], axis=0) if flat
                       else _sheet_gains(image, location))
        # cards: the paper as it runs across the sheet (a lamp to one side), where it can be fitted
        field = _paper_field(image, location) if PAPER_FIELD and any(
            p.kind == "card" for p in wanted.values()) else None
        band_paper = np.asarray(PAPER_BGR, np.float32) / photo_gains
        # where the cubes standing on the sheet hide what lies behind them
        hidden_image = _hidden_by_cubes(image.shape, _cube_hulls(location, sheet)) if HIDE_CUBES and any(
            p.kind == "cube" for p in sheet.places) else None
        hidden_cuts = ({} if hidden_image is None
                       else {n: m > 0 for n, m in cut_places(hidden_image, location, CUT_PX_PER_MM, MARGIN_MM).items()})
        face_hidden: dict[str, np.ndarray] = {}
        for place_name, place in wanted.items():
            if place_name in out or place_name not in cuts:
                refused.append((photo_name, place_name, "not in the photo (the sheet is half in view)"))
                continue
            cut = cuts[place_name]
            hidden = hidden_cuts.get(place_name) if place.kind == "tile" else None
            if hidden is not None and not hidden.any():
                hidden = None
            # a flat face: the paper right around it; a cube's top (cut at its height, no paper
            # around it): the paper of the whole photo
            gains = photo_gains if place.kind == "cube" else _paper_gains(cut, ring, hidden)
            shading = _ring_shading(cut, ring, hidden) if place.kind == "tile" and RELIGHT_SHADOWS else None
            light: np.ndarray | float = 1.0
            if shading is not None:
                # a shadow across the place: balanced on the lit paper, relit where it falls
                light, lit = shading
                gains = np.asarray(PAPER_BGR, np.float32) / np.maximum(lit, 1.0)
            balanced = np.clip(cut.astype(np.float32) * gains / light, 0, 255).astype(np.uint8)
            size = (int(round(place.component_mm[0] * CUT_PX_PER_MM)), int(round(place.component_mm[1] * CUT_PX_PER_MM)))
            face, empty = _locate(balanced, size, margin_px, hidden=hidden)
            if hidden is not None:
                x, y = _locate_at(balanced, size, margin_px, hidden)
                face_hidden[place_name] = hidden[y:y + size[1], x:x + size[0]]
            if place.kind == "tile" and not empty and TILE_ALIGN:
                # a tile laid askew is cut along its own outline, as a card is (found by a shift
                # alone, a tile turned 4 degrees was taught with a wedge of paper along two sides)
                pose = _outline_pose(balanced, size, margin_px)
                if pose is not None:
                    straight = _cut_straight(image, location, place, pose).astype(np.float32) * gains
                    if shading is not None:
                        in_cut, face_size = _face_in_cut(place, pose)
                        straight /= cv2.warpPerspective(shading[0], in_cut, face_size,
                                                        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                                        borderMode=cv2.BORDER_REPLICATE)
                    face = np.clip(straight, 0, 255).astype(np.uint8)
                    if hidden is not None and hidden_image is not None:
                        face_hidden[place_name] = _cut_straight(hidden_image, location, place, pose) > 0
            if place_name in face_hidden:
                # a cube stands in front of part of the tile: its side is no part of the face
                face_hidden[place_name] = _grown_hidden(face_hidden[place_name])
                face = _paint_over_hidden(face, face_hidden[place_name])
            if place.kind == "card":
                # cards lie 1-2 mm apart: the cut's ring is the neighbours, not paper; an empty
                # card place shows its own printed label (labels lie inside the outline)
                gains = photo_gains if field is None else _field_gains(
                    field, band_paper, place.centre_mm, (cut.shape[1], cut.shape[0]))
                balanced = np.clip(cut.astype(np.float32) * gains, 0, 255).astype(np.uint8)
                face = balanced[margin_px:margin_px + size[1], margin_px:margin_px + size[0]].copy()
                empty = _shows_print(face, sheet, place)
                # a card laid askew is cut along its own outline (cut at its place, one of its
                # views was askew: a taught inn card misread, docs/teach.md session 21)
                pose = None if empty or not CARD_ALIGN else _outline_pose(balanced, size, margin_px)
                if pose is not None:
                    face = _card_face(image, location, place, pose, field, band_paper, gains)
                if not empty:
                    card_cuts[place_name] = (balanced, size, pose, gains)
            if empty and place.kind != "cube":
                refused.append((photo_name, place_name, "the place is empty (component missing)"))
                continue
            faces[place_name] = face
        if SIBLING_CHECK and CARD_ALIGN:
            for place_name, face in _recut_off_siblings(image, location, wanted, faces, card_cuts, field,
                                                        band_paper, margin_px).items():
                faces[place_name] = face
        if LAYOUT_CHECK and CARD_ALIGN:
            for place_name, face in _recut_off_layout(image, location, wanted, faces, card_cuts, field,
                                                      band_paper, margin_px).items():
                faces[place_name] = face
        if UNVEIL_CARDS:
            # a glare over part of the sheet: its cards' print lifted towards white
            card_gains = {n: np.median(np.reshape(c[3], (-1, 3)), axis=0) for n, c in card_cuts.items()}
            for place_name, face in _unveil_cards(faces, sorted(card_cuts), card_gains).items():
                faces[place_name] = face
        # two identical cards are not looked for: a random printing's cards of one people differ
        # by an icon that the alike-measure does not weigh enough (false refusals, docs/teach.md)
        same = _same_faces(faces, game) if game == "octocube" else {}
        for place_name, other in sorted(same.items()):
            refused.append((photo_name, place_name, f"looks the same as {other} (two identical "
                            f"components: one is on the wrong place)"))
            faces.pop(place_name, None)
        for place_name, face in faces.items():
            views[place_name].append(face)
            hidden_in[place_name].append(face_hidden.get(place_name))
        reports.append(PhotoReport(photo_name, True, note))
    for place_name, place_views in views.items():
        if len(place_views) > 1 and any(m is not None for m in hidden_in[place_name]):
            views[place_name] = _fill_from_other_views(place_views, hidden_in[place_name])
    if not any(r.used for r in reports):
        raise TeachError("no photo shows the teach sheet: " + "; ".join(f"{r.name}: {r.note}" for r in reports))
    learned = {n: v for n, v in views.items() if v}
    if not learned:
        raise TeachError("no face could be learned: every place was refused (see the reasons above)")
    faces_out = {n: np.stack(v) for n, v in learned.items()}
    sizes = {n: wanted[n].component_mm for n in learned}
    skipped = {f"{photo}: {place}": why for photo, place, why in refused}
    try:
        pack = Pack(game, faces_out, sizes, tuple(r.name for r in reports if r.used), skipped, name)
    except PackError as exc:
        raise TeachError(str(exc)) from None
    missing = tuple(n for n in wanted if n not in learned)
    partly_hidden = tuple(n for n in learned if all(
        m is not None and _inner_hidden_share(m, wanted[n].component_mm) >= HIDDEN_ASK_AGAIN
        for m in hidden_in[n]))
    return TeachResult(pack, {n: len(v) for n, v in learned.items()}, refused, reports, missing, partly_hidden)
