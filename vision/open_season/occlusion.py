"""Is a hand (or an arm, a sleeve) over the Open Season table?

Octocube looks for skin-coloured blobs over its play area; an Open Season table is full of
skin-like colours (the brown wall boards and inn, the dwarf's orange cards), so that cannot work
here. Every arm that reaches the table crosses its edge instead: a ring of probes just outside the
play area (the bare table, between the corner cards) is compared with the median colour of the
probes around it, and half of any 8 probes in a row that look like something else (a forearm is
60 mm wide or more; spread fingers cover every other probe) mean a hand over the table.

On a wood or plain table skin and many sleeves look like the table around them, so a detector
that remembers (the recogniser's, one per session) also compares each probe with the same probe
on the bare table: the median of the last frames it called bare. A sleeve of the table's own
colour and brightness is still not seen; the stillness gate holds the reading while the arm
moves.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration import layout as cal_layout
from vision.octocube.geometry import TableView

RING_MM = (14.0, 28.0)
"""Distances of the two probe lines outside the play area's edge (the bonus tiles come within
11 mm of the edge inside)."""
SPAN_ALONG_MM = (6.0, 594.0)
"""Where along each side the probes go; those on a corner card (``calibration.layout``, with
``CARD_CLEARANCE_MM`` around it) are left out."""
CARD_CLEARANCE_MM = 10.0
STEP_MM = 8.0
FOREIGN_CHROMA = 0.12
"""A probe whose colour share (r, g, b over their sum) differs this much from the table's around
it is not the table (skin and coloured sleeves differ by 0.2 or more from the green cloth; a
lamp's hot spot near a corner by 0.1)."""
DARKER, BRIGHTER = 0.55, 1.8
"""... nor one this much darker or brighter (a light sleeve, a dark one)."""
FLANK_GAP, FLANK_PROBES = 12, 12
"""The table's colour around a probe is the median of the ``FLANK_PROBES`` probes (96 mm) on each
side of it beyond a gap of ``FLANK_GAP`` (96 mm): an arm's own probes never make its reference.
A plain window of 25 probes around each probe took it from an arm that covered more than half of
it (a sleeve, slanting over the edge or at a line's end: seed 102710 at tilt 34, three false
alarms from arms read as wall cards; bench/open_season_hands.py seeds 7000-7399: 16 of 144 arms
missed)."""
SLEEVE_CHROMA, SLEEVE_PROBES, SLEEVE_MIN = 0.07, 12, 10
"""A sleeve of nearly the cloth's own colour (dark green on green: 0.10-0.12 over 14 probes in
seed 102710's set-up, the cloth itself 0.03 or less) shows as a faint colour change over a
forearm's width: ``SLEEVE_MIN`` of any ``SLEEVE_PROBES`` (96 mm) in a row past ``SLEEVE_CHROMA``."""
SLEEVE_END_MIN = 8
"""... and at a line's end (a corner card with its clearance, the span's end, the frame's edge:
no probe beyond it) ``SLEEVE_END_MIN`` of the last ``SLEEVE_PROBES - (SLEEVE_MIN - SLEEVE_END_MIN)``
probes do: an arm crossing beside a corner card shows only its part in front of the card, and a
forearm is 60 mm (8 probes) or more; 7 (a token, a card's edge) are still no hand. (The 4 of 8 rule
counts ends so already: 4 foreign probes at the very end are a hand.) Taught game 103049 (printing
997681, 4 players, tilt 11, evening): the arm that put player 1's wild token on their accolades
crossed the edge beside a corner card, its green sleeve 0.09-0.11 off the cloth over the line's
last 9 probes, so the still with the arm over player 1's wall was read: 4 wall cards read as
bare spaces, a false alarm."""
LIT_PALER = 0.035
"""A lamp's glare adds the light's own colour to the cloth: a probe brighter than its flanks in
every channel whose colour share lies this much nearer grey than theirs (``_saturation``) is the
cloth lit, not a sleeve, and counts neither for the sleeve rule nor past ``BRIGHTER`` (seed 102603,
tilt 21, lamp: at the light's first drift the lamp turned from 300 to 310 degrees and its glare
lay on the top edge, colour shares 0.07-0.10 off the cloth's over 12 probes, 1.8 times its
brightness at the centre, 0.06-0.08 nearer grey: every frame of the next changes was called
covered and the tracker was lost from scene 14). Only on a table skin could not hide in (the
green cloth: ``SKIN_LIKE_CHROMA``): skin is brighter and paler than a brown wood too. Skin and
sleeves not of the cloth's colour still differ past ``FOREIGN_CHROMA``."""
WINDOW, MIN_FOREIGN = 8, 4
"""Foreign probes among any ``WINDOW`` in a row that make a hand (a forearm is 60 mm wide or more,
8 probes; spread fingers cover every other one)."""

REMEMBER_READINGS, MIN_READINGS, STALE_READINGS = 9, 3, 6
"""The bare reference: each probe's median over the last ``REMEMBER_READINGS`` frames called
bare, used once there are ``MIN_READINGS`` (an arm missed in one of them is outvoted; one seen is
never taken in). ``STALE_READINGS`` frames in a row called covered replace it: the table itself
changed, and a stale reference must not hide the table for good."""
BARE_CHROMA, BARE_DARKER, BARE_BRIGHTER = 0.04, 0.8, 1.25
"""Against the bare reference: a probe whose colour share differs this much from the bare
table's at the same place, or this much darker or brighter (after the light's change along the
line: each probe's flanks' gain over the bare table), is foreign; ``MIN_FOREIGN`` of any
``WINDOW`` in a row make a hand, as against the flanks. An arm's shadow counts (0.6-0.8 of the
bare table's brightness next to the arm)."""
SKIN_RGB: tuple[tuple[int, int, int], ...] = (
    (241, 194, 160), (236, 188, 150), (224, 172, 130), (198, 134, 96), (160, 104, 70), (112, 72, 48),
)
"""Skin tones, light to dark (the hands the renderer draws, ``vision.render.hands.SKIN_TONES``)."""
SKIN_LIKE_CHROMA = 0.14
"""The bare reference is used only on a table whose colour share (the bare ring's median, as lit)
lies within this of some skin tone's: elsewhere the flanks see every skin (``FOREIGN_CHROMA``)
and every sleeve not of the table's own colour (the sleeve rule), and the reference only calls
bare frames covered after a lamp is turned (seed 102601, tilt 14, lamp: at the light's first
drift, change 12, its glare moved along the left edge, 1.3-1.45 times the bare table's
brightness; the frames of the next changes were called covered until ``STALE_READINGS`` made a
new reference, the tracker got 5 changes in one scene and was lost from the set-up on). Renders
of tuning seed 7001 at tilts 5 and 30 in the three lights: wood 0.016-0.105 (0.105 under the
lamp), plain 0.009-0.076, the green cloth 0.168-0.225."""

CARD_PROBES_AGAINST_BARE = True
"""Also probe the ring where it runs over a corner card or its clearance (left out of the lines:
the card is no cloth, so no flanks tell it) and compare those probes with the same places on
the bare table (the remembered reference, on every table colour, as ``_crossed_against_bare``
with the light's gain taken from the same line's cloth probes nearest the card): ``MIN_FOREIGN``
of any ``WINDOW`` in a row make a hand. The two long cards (markers 0 and 2) lie along 97 mm of
the left and right edges, more than a forearm's width without a probe. Fresh taught games 103091
(printing 998267, 4 players, tilt 17, evening) and 103087 (998260, 3 players, tilt 25, lamp):
an arm held still over card 2's (card 0's) inner end while its hand gave a card to the mover's
own stock (took one from player 2's) was not seen; the gate settled on the hand's two still
frames, the bonus tiles and the stock under the hand read bare, and the tracker raised a false
alarm (2 in 103091, 1 in 103087; both cleared on the next scene). Off: the lines' probes only.
On since session 81 (lead): 103091 rerun 210/210, 0 false alarms (2 off); hands bench seeds 7000-7079
27/27 arms (26 off), 7100-7179 lamp turned 29/29, arms aimed at the long cards 11/11 (8 off), no bare
table called covered (0/80); 103087's frames: the hand frame 838 covered, the stills before it bare."""


@dataclass(frozen=True)
class HandReport:
    occluded: bool
    reason: str = ""


class HandDetector:
    """``remember``: keep the ring of the frames called bare (one detector per session and
    calibration: the recogniser's) and compare each frame with their per-probe median too, the
    bare table around the play area: on a wood or plain table skin and sleeves look like the
    table, and only the same place's own colour tells them."""

    def __init__(self, view: TableView, *, remember: bool = False) -> None:
        self._remember = remember
        self._bare: list[list[np.ndarray]] = []
        self._covered: list[list[np.ndarray]] = []
        self._reference: list[np.ndarray] | None = None
        self._skin_like = False
        p = cal_layout.PLAY_AREA_MM
        along = np.arange(*SPAN_ALONG_MM, STEP_MM)
        edge = {"top": lambda d: (along, -d), "bottom": lambda d: (along, p + d),
                "left": lambda d: (-d, along), "right": lambda d: (p + d, along)}
        c = CARD_CLEARANCE_MM
        cards = [(x0 - c, y0 - c, x1 + c, y1 + c) for x0, y0, x1, y1 in (card.rect_mm for card in cal_layout.CORNER_CARDS)]
        self._lines: list[tuple[str, np.ndarray]] = []
        self._card_lines: list[tuple[str, np.ndarray, int, np.ndarray]] = []
        """(side, the probes on a corner card or its clearance, the index in ``_lines`` of the
        line they belong to, that line's ``FLANK_PROBES`` probes nearest them in the image: the
        light's gain): ``CARD_PROBES_AGAINST_BARE``."""
        for side, at in edge.items():
            for d in RING_MM:
                pts = np.column_stack(np.broadcast_arrays(*at(d)))
                free = np.array([not any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in cards)
                                 for x, y in pts])
                px = np.round(view.project(pts[free])).astype(np.int32)
                # probes off the frame are not read; a line mostly off it says nothing
                inside = (px >= 0).all(axis=1) & (px < view.image_size).all(axis=1)
                if inside.sum() >= WINDOW:
                    self._lines.append((side, px[inside]))
                    if not CARD_PROBES_AGAINST_BARE:
                        continue
                    # each run of probes a card left out (one at each end of a line at most)
                    left_out = np.flatnonzero(~free)
                    for run in np.split(left_out, np.flatnonzero(np.diff(left_out) > 1) + 1):
                        if len(run) < MIN_FOREIGN:
                            continue
                        on_card = np.round(view.project(pts[run])).astype(np.int32)
                        seen = (on_card >= 0).all(axis=1) & (on_card < view.image_size).all(axis=1)
                        if int(seen.sum()) >= MIN_FOREIGN:
                            line = px[inside].astype(np.float64)
                            apart = np.linalg.norm(line - on_card[seen].mean(axis=0), axis=1)
                            self._card_lines.append((side, on_card[seen], len(self._lines) - 1,
                                                     np.argsort(apart)[:FLANK_PROBES]))

    def check(self, image: np.ndarray) -> HandReport:
        smooth = cv2.blur(image, (5, 5))
        ring = [smooth[pts[:, 1], pts[:, 0]].astype(np.float32) for _, pts in self._lines]
        if not self._card_lines:
            return self.judge(ring)
        cards = [smooth[pts[:, 1], pts[:, 0]].astype(np.float32) for _, pts, _, _ in self._card_lines]
        return self.judge([*ring, *cards], lines=len(ring))

    def judge(self, ring: list[np.ndarray], lines: int | None = None) -> HandReport:
        """The report for one frame's ring (per line, its probes' N x 3 colours, 5 x 5 blurred),
        remembered when the detector remembers. ``lines``: how many of ``ring``'s entries are the
        lines; those after them are ``_card_lines``' probes (``CARD_PROBES_AGAINST_BARE``)."""
        report = HandReport(False)
        n = len(ring) if lines is None else lines
        reference = self._reference if self._reference is not None and len(self._reference) == len(ring) else None
        bares: list[np.ndarray | None] = list(reference[:n]) if reference is not None and self._skin_like \
            else [None] * n
        for (side, _), vals, bare in zip(self._lines, ring[:n], bares, strict=True):
            if _crossed_against_flanks(vals) or (bare is not None and _crossed_against_bare(vals, bare)):
                report = HandReport(True, f"something crosses the table's {side} edge (a hand or an arm?)")
                break
        if not report.occluded and reference is not None:
            for (side, _, line, near), vals, bare in zip(self._card_lines, ring[n:], reference[n:], strict=True):
                if _card_crossed(vals, bare, ring[line][near], reference[line][near]):
                    report = HandReport(True, f"something crosses the table's {side} edge over a corner card "
                                              "(a hand or an arm?)")
                    break
        if self._remember:
            self._remember_ring(ring, report.occluded)
        return report

    def _remember_ring(self, ring: list[np.ndarray], covered: bool) -> None:
        """Keep the ring of a frame called bare; after ``STALE_READINGS`` frames in a row called
        covered the table around the play area has changed (a lamp moved, a cup put down): those
        frames become the bare reference."""
        if covered:
            self._covered.append(ring)
            if len(self._covered) < STALE_READINGS:
                return
            self._bare, self._covered = self._covered, []
        else:
            self._bare = [*self._bare, ring][-REMEMBER_READINGS:]
            self._covered = []
        self._reference = None if len(self._bare) < MIN_READINGS else [
            np.median(np.stack([r[i] for r in self._bare]), axis=0) for i in range(len(ring))]
        if self._reference is not None:
            cloth = self._reference[:len(self._lines)]  # (not the corner cards' probes)
            self._skin_like = skin_distance(np.median(np.concatenate(cloth), axis=0)) < SKIN_LIKE_CHROMA


def skin_distance(bgr: np.ndarray) -> float:
    """How far a frame colour's share (r, g, b over their sum, largest channel) lies from the
    nearest skin tone's."""
    colour = np.asarray(bgr, dtype=np.float64)[::-1]
    share = colour / max(float(colour.sum()), 1e-9)
    skins = np.asarray(SKIN_RGB, dtype=np.float64)
    skins = skins / skins.sum(axis=1, keepdims=True)
    return float(np.abs(skins - share).max(axis=1).min())


def _crossed_against_flanks(vals: np.ndarray) -> bool:
    """Half of any 8 probes in a row unlike the table's colour on both sides of them, or a faint
    change over a forearm's width (a sleeve of nearly the cloth's colour)."""
    local = _flank_medians(vals)
    # colour (chromaticity) and brightness apart: a lamp's fall-off changes the cloth's
    # brightness, not its hue; an arm or a sleeve changes one or both
    chroma, ratio = _unlike(vals, local)
    lit = _lit(vals, local) if skin_distance(np.median(vals, axis=0)) >= SKIN_LIKE_CHROMA \
        else np.zeros(len(vals), dtype=bool)
    foreign = (chroma > FOREIGN_CHROMA) | (ratio < DARKER) | ((ratio > BRIGHTER) & ~lit)
    # fingers spread over the edge leave the cloth between them: half of any 8 probes
    faint = (chroma > SLEEVE_CHROMA) & ~lit
    return bool(np.convolve(foreign, np.ones(WINDOW)).max() >= MIN_FOREIGN
                or np.convolve(_unseen_ends_faint(faint), np.ones(SLEEVE_PROBES)).max() >= SLEEVE_MIN)


def _unseen_ends_faint(faint: np.ndarray) -> np.ndarray:
    """The line's faint probes with ``SLEEVE_MIN - SLEEVE_END_MIN`` unseen places beyond each end
    counted as faint: a sleeve at a line's end may go on where no probe is (``SLEEVE_END_MIN``)."""
    unseen = np.ones(SLEEVE_MIN - SLEEVE_END_MIN, dtype=bool)
    return np.concatenate([unseen, np.asarray(faint, dtype=bool), unseen])


def _lit(vals: np.ndarray, local: np.ndarray) -> np.ndarray:
    """Per probe: brighter than its flanks in every channel and paler (``LIT_PALER``), as light
    added to the cloth makes it (a lamp's glare); a sleeve replaces the cloth's colour."""
    return np.asarray((vals > local).all(axis=1) & (_saturation(local) - _saturation(vals) >= LIT_PALER))


def _saturation(vals: np.ndarray) -> np.ndarray:
    """Per probe: how far its colour share lies from grey (largest channel)."""
    return np.asarray(np.abs(vals / (vals.sum(axis=1) + 1.0)[:, None] - 1.0 / 3.0).max(axis=1))


def _crossed_against_bare(vals: np.ndarray, bare: np.ndarray) -> bool:
    """Probes unlike the bare table at the same place, once the light's change along the line
    (each probe's flanks' gain over the bare table) is allowed for: the wood's grain and a plain
    table's mottle are in the reference, so skin of the wood's own colour still shows."""
    gain = _flank_medians((vals + 1.0) / (bare + 1.0))
    chroma, ratio = _unlike(vals, (bare + 1.0) * gain - 1.0)
    foreign = (chroma > BARE_CHROMA) | (ratio < BARE_DARKER) | (ratio > BARE_BRIGHTER)
    return bool(np.convolve(foreign, np.ones(WINDOW)).max() >= MIN_FOREIGN)


def _card_crossed(vals: np.ndarray, bare: np.ndarray, cloth: np.ndarray, cloth_bare: np.ndarray) -> bool:
    """``CARD_PROBES_AGAINST_BARE``: probes over a corner card unlike the same places on the bare
    table, once the light's change is allowed for: per channel, the median gain over the bare
    table of ``cloth`` (the same line's cloth probes nearest the card; ``cloth_bare``, theirs on
    the bare table). ``MIN_FOREIGN`` of any ``WINDOW`` in a row make a hand."""
    gain = np.median((cloth + 1.0) / (cloth_bare + 1.0), axis=0)
    chroma, ratio = _unlike(vals, (bare + 1.0) * gain - 1.0)
    foreign = (chroma > BARE_CHROMA) | (ratio < BARE_DARKER) | (ratio > BARE_BRIGHTER)
    return bool(np.convolve(foreign, np.ones(WINDOW)).max() >= MIN_FOREIGN)


def _unlike(vals: np.ndarray, ref: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per probe: how far its colour share lies from the reference's (largest channel), and its
    brightness over the reference's."""
    level, ref_level = vals.sum(axis=1) + 1.0, ref.sum(axis=1) + 1.0
    chroma = np.abs(vals / level[:, None] - ref / ref_level[:, None]).max(axis=1)
    return chroma, level / ref_level


def _flank_medians(vals: np.ndarray) -> np.ndarray:
    """Per probe of a line (N x 3 colours), the median colour of the probes on both sides of it
    beyond ``FLANK_GAP`` (a lamp's fall-off darkens a corner, so the table's colour is taken
    nearby); beyond a line's ends the line's overall median stands in (an arm at an end)."""
    reach = FLANK_GAP + FLANK_PROBES
    middle = np.median(vals, axis=0)
    padded = np.concatenate([np.tile(middle, (reach, 1)), vals, np.tile(middle, (reach, 1))])
    windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * reach + 1, axis=0)  # N x 3 x window
    flanks = np.concatenate([windows[:, :, :FLANK_PROBES], windows[:, :, -FLANK_PROBES:]], axis=2)
    return np.asarray(np.median(flanks, axis=2))
