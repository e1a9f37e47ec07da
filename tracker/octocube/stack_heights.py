"""Stack heights for the Octocube tracker, from two still scenes of the same camera.

A tile taken by hand off a stack whose next tile is identical changes nothing seen from above but
the height of the top, and the pixel recogniser cannot read an absolute height (see
vision/octocube/heights.py). This compares each stack top with the same location in the
*reference*: the last scene the tracker accepted (its state then explained the table, so the
state's stack heights are that scene's heights). Where a top is measurably one or more whole tiles
lower than in the reference, the reading gets ``height = reference height - k``; the adapter's
height comparison then names the hand-taken tile. Everywhere else the height stays None.

False alarms are worse than misses, so a height is only set when everything agrees: the same tile
reads on top in both scenes, no cube stood there in either, no cube arrived at or left a
neighbouring location in between (a 40 mm cube leans over its neighbours in a tilted view and
hides or shades part of their tops: on the digital twin such tops measured shifts up to a whole
tile; where the light moved between the two scenes, no cube stands next to it at all: its
shadow moved with the light, ``StackHeightsConfig.light_moved_guard``), the parallax is large
enough to measure, the correlation peak is high and clearly better
than no shift, the shift is close to a whole number of tiles, and only a few stacks changed at
once (many at once means the camera or the table moved: then nothing is set and the reference is
dropped).

Measured on the 20 bench games (bench/demo_accuracy.py --pixels --max-moves 30): tops with an
unchanged neighbourhood and a peak of at least 0.95 never read more than 0.2 mm (0.31 tile at
0.5 mm per tile or more) lower than in the reference; a taken tile reads 0.8-1.05 tiles lower.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from rules.octocube.components import Location
from tracker.octocube.hidden_tops import EarlierScene, changed_behind_unmoved_cubes, trust_unchanged_hiding
from vision.octocube.observation import BoardReading, CubeReading, OctocubeObservation, StackTopReading


@dataclass(frozen=True)
class StackHeightsConfig:
    enabled: bool = True
    """The switch: False leaves every height None (the pixel recogniser's heights before this)."""
    min_parallax_mm: float = 0.5
    """Image shift per tile below which a location is not measured (low-tilt cameras, locations
    near the point below the camera): sensor noise there is a sizeable part of a tile."""
    min_peak: float = 0.95
    """Lowest normalised cross-correlation at the best shift (the same art, well lit; taken tiles
    scored 0.98-1.0 on the bench, tops partly hidden by a neighbouring cube up to 0.9)."""
    min_gain: float = 0.01
    """How much better the best shift must match than no shift at all (taken tiles: 0.017-0.04;
    a flat correlation curve says the art hardly constrains the shift)."""
    min_lead: float = 0.005
    """How much better the best shift must match than every shift a whole tile or more away from it
    (``HeightChange.a_tile_off``): the art must pin the shift on both sides, not only beat no shift.
    Fresh taught game 72762 (printing 997694, tilt 15.6, evening), change 12: B4's dark blue pearl,
    plain grey in this printing, beside Red's cube, which stood still; the correlation only rose
    along the search range (0.909 at +1.5 tiles, 0.937 at 0, 0.959 at -2.8), so a drop of 3 tiles
    passed the other tests (peak 0.959, 0.021 over no shift, 0.21 off whole) and the players heard
    "a tile left stack B4". Its lead a tile off: 0.003. One-tile drops rendered into the scenes of
    five seen taught games (72700, 72703, 72740, 72753, 72762 in printing 997694; tilts 8.5-19.7),
    the 61 the other tests count: 0.009-0.071 (median 0.027); 367 unchanged tops there: none
    counted by the other tests either."""
    min_tiles: float = 0.7
    """Smallest drop (tiles) counted; a drop counts as the nearest whole number of tiles ..."""
    max_off_whole: float = 0.3
    """... only when it is that close to it."""
    max_changed: int = 2
    """More stacks measured lower at once than this: the camera or the table moved."""
    changed_in_view: bool = True
    """A top that no cube hides, read doubtfully (under hidden_tops.py ``CHANGED_CONFIDENCE``) as
    another tile than the state's, whose whole fingerprint changed since the reference as a hidden
    top's visible part must (hidden_tops.py ``_visibly_changed``) while every cube within reach
    stood as it stood, is sure to have changed too (a ``ChangedTopReading``). Taught game 72740
    (printing 997416, 4 players, tilt 10.3, evening), change 138: the white pearl taken by hand
    off D5 left a dark blue amphora on top, read at 0.54 (this printing's dark blue tiles are dark
    glyphs on dark blue, which the evening light hardly tells apart), under the tolerance (0.6):
    the illegal change passed as nothing. Its fingerprint correlated -0.43 with the accepted
    scene's, a grey residual of 10.2; the other 20 tops in view, unchanged, 0.87-0.998 and
    3.6-4.7 (a dark top's noise correlates least: 0.87-0.92). False: only tops behind a cube are
    judged so (as before)."""
    changed_unseen: bool = True
    """A top the state holds unseen (read too unsure to name so far) is judged so too, in view or
    behind unmoved cubes, however sure its new name (hidden_tops.py ``changed_behind_unmoved_cubes``):
    a sure name there only named the unseen tile. Fresh taught game 72753 (printing 997429, tilt
    19.7, evening), change 193: C4's green diamond, read 0.49 in every scene since change 80 and so
    never named, was taken by hand; the coin under it read 0.94 and was taken as C4's unseen tile
    (no alarm), and the put-back then raised "a tile left stack C4" (a false alarm). False: such
    a top's new sure name is its reveal (as before)."""

    turned_cubes_hide_otherwise: bool = True
    """A top behind a cube is not given its undiscounted confidence back (hidden_tops.py
    ``trust_unchanged_hiding``) where a cube within reach stayed on its space but pivoted or now
    reads another top: the hiding may differ, as where a cube came or left. Fresh taught game 72786
    (printing 998166, tilt 34.7, lamp), change 238: C1, 70 % hidden behind Red's cube on C2, read
    a coin (0.9 undiscounted) as Red pivoted, and the players heard "a tile left stack C1" (the
    game's one false alarm; docs/teach.md, session 74, pivot74). False: only cubes that came or
    left count, as before."""

    count_coins: bool = True
    """Count each coin pile beside a board from the reference scene: where the pile was seen in
    both scenes, its top's shift along the parallax vector (``BoardReading.coins_fingerprint``)
    is a whole number k >= 0 of coins and passes the tests above (``min_peak``, ``min_lead``,
    ``max_off_whole``, and ``min_gain`` where k >= 1), the board reads ``reference coins + k``,
    counted. A pile seen from above shows its top coin only, so the pixel reader cannot tell a
    Score that took a coin onto a pile from one that left it on the cube: fresh taught game 72809
    (printing 998183, 4 players, tilt 31.4, lamp) asked 10 questions more than the renderer's
    labels, all Scores whose options differ only in how many tiles of a kind the scorer already
    held, six of them in coins (docs/teach.md, session 76, q76). Measured there, each pile of the
    scorer before and after its Score: unchanged piles 0.0 coins (peak 0.987-0.993, 0.11 over a
    coin off), a pile one coin taller 1.0 (peak 0.988, 0.12 over no shift); parallax 1.1 mm per
    coin at the piles. False: coins are not counted (as before)."""
    light_moved_guard: bool = True
    """Where the light moved between the reference and this scene, tops next to any cube (standing
    still or not) measure no height: the cube's shadow and shading on its neighbours moved with the
    light, and a top's fingerprint slid with them. Taught game 72821 (printing 998211, 4 players,
    tilt 34.4, evening), change 60: a lighting drift (azimuth 72.2 -> 56.3 degrees, brightness
    0.752 -> 0.807), nothing moved; D2, beside Yellow's cube and diagonal to Red's, measured 2.30
    tiles lower (peak 0.966, 0.031 over no shift, 0.011 over a tile off, 0.2998 off whole) and the
    players heard "a tile left stack D2" (docs/teach.md, session 77, fa77, alarm 1). Its other tops
    next to a cube measured 0.42 and -0.34 tiles, every top with no cube next to it within 0.14. The
    light is seen moved by ``light_moved_spread``. False: only cubes that came or left count (as
    before)."""
    light_moved_spread: float = 0.008
    """The light moved when the grey level of the tops with no cube next to them (in either scene)
    changed unevenly: the median absolute deviation of their log level ratios (now / reference)
    over this. A camera's exposure or a brighter light scales every top alike (a deviation near 0);
    a light that turned shades one side of the table more than the other. Set at twice the
    highest steady value measured: the whole of 72821 (settled stills as the bench's gate read
    them; docs/teach.md, session 78, height78), 99 scene pairs under a steady light 0.0005-0.0040
    (levels up to 3 % up or down together); its 8 drifts 0.0014-0.0136, change 60's 0.0098 and
    change 12's 0.0136 (azimuth +19.4 degrees) over the bar, the other six (azimuth -15.4 to
    +19.4 degrees) under it, their tops next to a cube measured within 0.43 tile. The stack-height
    and hidden-top test scenes: 0-0.0046. A drift under the bar is not seen: only what the other
    tests already stop is stopped there."""
    light_moved_min_tops: int = 5
    """Fewest tops with no cube next to them for the spread to say anything; with fewer the light
    counts as steady (heights measured as before)."""
    coin_search_tiles: tuple[float, float] = (-1.0, 3.0)
    """Shifts tried for a coin pile (coins; negative: lower): a Score adds at most a few coins,
    and a pile never loses one in play, so a pile measured lower is not counted."""


@dataclass(frozen=True)
class _Reference:
    tops: dict[Location, StackTopReading]
    heights: dict[Location, int]
    cubes: frozenset[Location]
    expected_tops: dict[Location, Any]
    cube_readings: dict[int, CubeReading]
    boards: dict[int, BoardReading] = field(default_factory=dict)
    coins: dict[int, int] = field(default_factory=dict)
    """The coins on each seat's board in the state that explained the scene."""


class StackHeights:
    """Keeps the reference scene and annotates new observations with measured heights."""

    def __init__(self, config: StackHeightsConfig | None = None) -> None:
        self.config = config or StackHeightsConfig()
        self._reference: _Reference | None = None
        self._earlier: _Reference | None = None
        """The reference before the last (see ``changed_behind_unmoved_cubes``'s ``earlier``)."""
        self.last_measured: dict[Location, float] = {}
        """Height changes (tiles) measured in the last annotated scene, for diagnostics."""
        self.last_coins: dict[int, float] = {}
        """Coin piles' changes (coins) measured in the last annotated scene, by seat, for diagnostics."""
        self.last_light_spread: float | None = None
        """The light's spread (``StackHeightsConfig.light_moved_spread``) in the last annotated
        scene, for diagnostics (None: too few tops to tell)."""

    def remember(self, observed: Any, expected: Any) -> None:
        """``observed`` was accepted and ``expected`` (the adapter's view of the state that
        explains it) holds its stack heights (tiles per uncovered stack): the reference for the
        next scenes."""
        if not isinstance(observed, OctocubeObservation) or observed.occluded:
            return
        cubes = frozenset(c.location for c in observed.cubes.values() if c.location is not None)
        self._earlier = self._reference
        self._reference = _Reference(dict(observed.tops), dict(expected.heights), cubes, dict(expected.tops),
                                     dict(observed.cubes), dict(observed.boards),
                                     {seat: board.coins for seat, board in expected.boards.items()})

    def forget(self) -> None:
        self._reference = self._earlier = None

    def annotate(self, observed: Any) -> Any:
        """``observed`` with heights set where a whole-tile drop is measured (a new observation;
        the recogniser's one is left alone). Anything else passes through unchanged. Tops behind a
        cube that the reference read right under the same hiding are trusted too, and hidden tops
        whose visible part changed behind unmoved cubes count as sure
        (tracker/octocube/hidden_tops.py), heights measured or not."""
        self.last_measured = {}
        self.last_coins = {}
        self.last_light_spread = None
        ref = self._reference
        if ref is None or not isinstance(observed, OctocubeObservation) or observed.occluded:
            return observed
        observed = trust_unchanged_hiding(observed, ref.tops, ref.expected_tops, ref.cubes, ref.cube_readings,
                                          turned_cubes_hide_otherwise=self.config.turned_cubes_hide_otherwise)
        earlier = self._earlier
        observed = changed_behind_unmoved_cubes(
            observed, ref.tops, ref.expected_tops, ref.cube_readings, ref.heights,
            None if earlier is None else EarlierScene(earlier.tops, earlier.expected_tops, earlier.cube_readings),
            in_view=self.config.changed_in_view, unseen_too=self.config.changed_unseen)
        if not self.config.enabled:
            return observed
        if self.config.count_coins:
            observed = self._count_coins(observed, ref)
        from vision.octocube.heights import height_change

        cfg = self.config
        cubes_now = {c.location for c in observed.cubes.values() if c.location is not None}
        moved_cubes = cubes_now ^ ref.cubes
        shaded = moved_cubes
        if cfg.light_moved_guard:
            self.last_light_spread = light_spread(observed, ref.tops, cubes_now | ref.cubes, cfg.light_moved_min_tops)
            if self.last_light_spread is not None and self.last_light_spread > cfg.light_moved_spread:
                shaded = cubes_now | ref.cubes  # every cube's shadow moved with the light
        lowered: dict[Location, int] = {}
        for loc, reading in observed.tops.items():
            before = ref.tops.get(loc)
            height = ref.heights.get(loc)
            if (before is None or height is None or loc in cubes_now or loc in ref.cubes
                    or reading.covered or before.covered or reading.tile is None
                    or reading.tile != before.tile or reading.fingerprint is None
                    or before.fingerprint is None or reading.parallax_mm is None):
                continue
            if _next_to_any(loc, shaded):
                continue
            vx, vy = reading.parallax_mm
            if (vx * vx + vy * vy) ** 0.5 < cfg.min_parallax_mm:
                continue
            change = height_change(before.fingerprint, reading.fingerprint, reading.parallax_mm)
            self.last_measured[loc] = round(change.tiles, 3)
            drop = -change.tiles
            k = round(drop)
            if (drop >= cfg.min_tiles and abs(drop - k) <= cfg.max_off_whole and k >= 1
                    and change.peak >= cfg.min_peak and change.peak - change.at_zero >= cfg.min_gain
                    and not change.peak - change.a_tile_off < cfg.min_lead):  # nan (no shift a tile off): no test
                lowered[loc] = max(0, height - k)
        if not lowered:
            return observed
        if len(lowered) > cfg.max_changed:
            self.forget()  # the camera or the table moved: old fingerprints no longer line up
            return observed
        tops = dict(observed.tops)
        for loc, h in lowered.items():
            tops[loc] = replace(tops[loc], height=h)
        return replace(observed, tops=tops)

    def _count_coins(self, observed: OctocubeObservation, ref: _Reference) -> OctocubeObservation:
        """``observed`` with each coin pile counted whose growth since ``ref`` is measured cleanly
        (``StackHeightsConfig.count_coins``); the rest left as read (a pile or none)."""
        from vision.octocube.heights import height_change

        cfg = self.config
        counted: dict[int, int] = {}
        grown = 0
        for seat, board in observed.boards.items():
            before, had = ref.boards.get(seat), ref.coins.get(seat, 0)
            if (before is None or had < 1 or board.coins_counted or board.coins < 1  # (``before`` may be counted)
                    or board.coins_fingerprint is None or before.coins_fingerprint is None
                    or board.coins_parallax_mm is None):
                continue
            vx, vy = board.coins_parallax_mm
            if (vx * vx + vy * vy) ** 0.5 < cfg.min_parallax_mm:
                continue
            change = height_change(before.coins_fingerprint, board.coins_fingerprint, board.coins_parallax_mm,
                                   cfg.coin_search_tiles)
            self.last_coins[seat] = round(change.tiles, 3)
            k = round(change.tiles)
            if (k >= 0 and abs(change.tiles - k) <= cfg.max_off_whole and change.peak >= cfg.min_peak
                    and not change.peak - change.a_tile_off < cfg.min_lead  # nan (no shift a coin off): no test
                    and (k == 0 or change.peak - change.at_zero >= cfg.min_gain)):
                counted[seat] = had + k
                grown += k > 0
        if not counted or grown > cfg.max_changed:  # many piles grown at once: the camera or the table moved
            return observed
        boards = dict(observed.boards)
        for seat, coins in counted.items():
            boards[seat] = replace(boards[seat], coins=coins, coins_counted=True)
        return replace(observed, boards=boards)


def _next_to_any(loc: Location, cubes: set[Location] | frozenset[Location]) -> bool:
    """``loc`` is one of ``cubes`` or a neighbour of one (diagonals too): within a cube's lean
    and shadow in a tilted view."""
    return any(abs(loc[0] - c[0]) <= 1 and abs(loc[1] - c[1]) <= 1 for c in cubes)


def light_spread(observed: OctocubeObservation, reference: dict[Location, StackTopReading],
                 cubes: set[Location] | frozenset[Location], min_tops: int) -> float | None:
    """How unevenly the tops with no cube next to them (``cubes``: those of both scenes) changed
    their grey level since ``reference``: the median absolute deviation of the log ratios of their
    fingerprints' mean levels (``StackHeightsConfig.light_moved_spread``); None with fewer than
    ``min_tops`` such tops read as the same tile in both scenes."""
    logs: list[float] = []
    for loc, now in observed.tops.items():
        before = reference.get(loc)
        if (before is None or now.fingerprint is None or before.fingerprint is None or now.covered
                or before.covered or now.tile is None or now.tile != before.tile or _next_to_any(loc, cubes)):
            continue
        level_now, level_before = float(np.mean(now.fingerprint)), float(np.mean(before.fingerprint))
        if level_now > 0 and level_before > 0:
            logs.append(math.log(level_now / level_before))
    if len(logs) < min_tops:
        return None
    middle = float(np.median(logs))
    return float(np.median([abs(x - middle) for x in logs]))
