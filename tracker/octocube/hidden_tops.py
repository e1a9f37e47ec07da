"""Stack tops behind a cube, trusted where the same hiding let an accepted scene read them right.

Under a steep tilt a cube leans over the stack behind it, and the pixel recogniser discounts that
top's reading by the share it estimates hidden (a guess, 0.05, from 45 %). The estimate assumes
middling stacks, so a tall stack behind a cube on a low one is often read right all the same, and
a tile taken off it by hand counted a tenth: bench seed 72100 (2 players, tilt 28.2, day), a coin
taken off D3 behind Yellow's cube on D2, read "green starfish" with 0.79 but reported with 0.05,
was never flagged.

Between two scenes with the same cubes around a top (none arrived or left within two spaces, so
the hiding is the same), a top that the last accepted scene read as its state said, confidently
before the discount, and that now reads another tile as confidently, gets its undiscounted
confidence back. Everything else keeps the recogniser's confidence.

A top hidden further (from 45 %) is not read at all: the recogniser reports a guess (0.05), and a
half-hidden top reads poorly even undiscounted, so a tile taken off it by hand went unseen (bench
seeds 72441, change 201: C3 behind Yellow's cube at tilt 29.1, read 0.008 -> 0.05 (0.12 undiscounted);
72463, change 125: A4 behind Yellow's cube at tilt 21.3, 0.51 -> 0.16 (0.76 -> 0.24)). Its visible
part still shows the change plainly. :func:`changed_behind_unmoved_cubes` compares the visible part
of the top's fingerprint (``StackTopReading.fingerprint_seen``) with the accepted scene's, where
every cube near it stands where it stood and reads the same top tile turned the same way (a cube
pivoting in place changes pixels along its outline); where the visible part changed beyond
anything an unchanged top does and the reading names another tile than the state's, the reading
counts as sure: the tracker then finds no legal move for it and raises the alarm. Sure that the
state's tile is no longer on top, that is, not of which tile is (:class:`ChangedTopReading`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

import numpy as np

from rules.core import UNKNOWN
from rules.octocube.components import Location, Tile
from vision.octocube.observation import CubeReading, OctocubeObservation, StackTopReading

MIN_UNHIDDEN_CONFIDENCE = 0.7
"""Both readings (the accepted one and the new one) at least this sure before the discount. On
the still replays of six tuning games (72009, 72100, 72201, 72204, 72211, 72217) every other top
that changed under an unchanged hiding had been read with 0.01-0.33 in the accepted scene (a real
guess) and now with 0.01-0.25; the two tiles taken by hand read 0.96 -> 0.79 (72100, flagged now)
and 0.93 -> 0.30 (72217: trusting 0.30 would not reach the tracker's tolerance, 0.6, either)."""
MAX_SAME_CORRELATION = 0.75
"""Highest correlation of the visible part (vision/octocube/heights.py ``visible_change``) counted
as a changed top ..."""
MIN_CHANGE_GREY = 7.0
"""... and the least grey-level difference (RMS) that the light's drift does not explain: a
low-contrast top correlates poorly on camera noise alone. Still replays of tuning games 72438-72441
and 72463 (tilts 21-34, the three lightings), 317 pairs of consecutive scenes where a hidden top
did not change behind unmoved cubes: correlation 0.80-1.0, and where under 0.9 a residual of
2.9-5.6; the tiles taken by hand: 0.71 / 16.9 (72441), 0.08 / 23.2 (72463) and 0.68 / 8.0 (steep
advanced 72570, A4 behind Red's cube at tilt 33.2: missed at 10.0, then flagged only at the
put-back, as a false alarm)."""
STRONG_CHANGE_CORRELATION = 0.9
"""A correlation under this counts as a changed top too where the grey difference is at least
``STRONG_CHANGE_GREY``: far beyond the unchanged pairs above (under 0.9, a residual of 2.9-5.6).
Steep advanced bench seed 72574 (tilt 31.0, evening): the light blue diamond taken off E1 behind
Blue's cube on D1, 0.79 / 43.4, never flagged."""
STRONG_CHANGE_GREY = 15.0
MIN_VISIBLE_SHARE = 0.25
"""Least share of the top's window in view in both scenes (72441's C3: 0.49; 72463's A4: 0.63)."""
CHANGED_CONFIDENCE = 0.9
"""The confidence such a reading gets: a confident difference, which no legal move explains (no
cube came or left near the stack)."""


@dataclass(frozen=True)
class ChangedTopReading(StackTopReading):
    """A hidden top read as sure (``CHANGED_CONFIDENCE``) because its visible part changed behind
    unmoved cubes: sure that ``was`` (the accepted state's tile) left the top, not of the tile it
    names, which was read with ``named_confidence`` (the recogniser's, discounted for the hiding).
    A legal move can change such a top with no cube moving near it (an advanced power H swapping
    two stacks), and its chain expects another tile there: against it the reading counts with
    ``named_confidence`` (tracker/octocube/adapter.py). Advanced bench seed 61660 (tilt 34.5,
    day): Red's power H swapped B2, hidden behind Yellow's cube, with A4; B2's new top (abyss tile
    H) was read as the light blue sextant on top of Yellow's cube beside it, at 0.05, made sure
    here; the true swap then cost 1.0, no legal move explained three scenes while two more swaps
    were made, no recovery bridged the four moves, and the game was lost from move 151
    (151/356 moves)."""

    was: Any = field(default=None, compare=False)
    named_confidence: float = field(default=0.0, compare=False)
    was_height: int | None = field(default=None, compare=False)
    """How many tiles the accepted state's stack held there (None: not known). A power H may swap
    in a stack whose top is alike (advanced bench seed 72549, tilt 34.4: Red swapped D4, behind
    Purple's cube, with E5, both topped by a green amphora; the visible part changed with the
    stack's height, the reading counted as sure against the swap that expected a green amphora,
    the swap cost 0.9, and the game was lost from move 192): a chain that leaves another stack
    there is judged by the name's confidence too."""


@dataclass(frozen=True)
class SteadyTopReading(StackTopReading):
    """A hidden top, read too unsure to name, whose visible part looks as it did in the accepted
    scene behind unmoved cubes: the state's tile (``was``) surely still lies there, whatever the
    name read. A chain that puts another tile there is contradicted (tracker/octocube/adapter.py).
    Steep advanced bench seed 72574 (tilt 31.0, evening): a tile taken off E1 behind Blue's cube
    read as Red's power H swapping E1 with C4, C4 itself hidden and read at 0.05 though its visible
    part had not changed (correlation 0.97): the change was never flagged. Only a tile that would
    look otherwise in grey (:func:`alike_in_grey`) is contradicted."""

    was: Any = field(default=None, compare=False)
    in_view: bool = field(default=False, compare=False)
    """No cube hides any of it (``STEADY_IN_VIEW_BELOW``): its name, doubtful as it is, still
    tells between two tiles alike in grey, which the steady pixels cannot."""


def alike_in_grey(one: Tile, other: Tile) -> bool:
    """Two tiles whose grey fingerprints may look the same: one object in two colours, two abyss
    tiles (a letter apart), two coins. A steady visible part tells nothing between them (steep
    advanced bench seed 72579: Yellow's power H swapped abyss tiles G and E, one of them hidden
    and steady; refused, the game was lost from move 155)."""
    return one.kind == other.kind and (one.kind != "object" or one.obj == other.obj)


STEADY_CORRELATION = 0.95
"""A hidden top's visible part correlating at least this well with the accepted scene's ..."""
STEADY_GREY = 6.0
"""... with a grey difference (RMS) of at most this (unchanged pairs: 2.9-5.6 where the
correlation is under 0.9) looks as it did; read under ``STEADY_BELOW``, it becomes a
:class:`SteadyTopReading`."""
STEADY_BELOW = 0.5
STEADY_IN_VIEW_BELOW = 0.8
"""A top no cube hides, read this doubtfully (under the inference's ``doubtful_reading``) as a tile
other than the state's, whose whole fingerprint looks as it did in the accepted scene (the same
``STEADY_CORRELATION`` and ``STEADY_GREY``, cubes within reach unchanged), is steady too: taught
fresh printing 997377, game 72701 (tilt 4.6, lamp), E3's light blue starfish read by turns as the
starfish (0.49-0.51) and as the light blue pearl (0.53-0.79) over eight scenes in which its
pixels did not change (correlation 0.974-0.982, grey difference 4.8-5.5); at a Yellow pivot of a
bare cube, which changes nothing in view, the pearl at 0.625 was over the tolerance (0.6) and the
players heard that "a tile left stack E3" (the game's first false alarm, at move 11). A reading
this sure or surer is no guess: a confident misread is still an alarm."""


HIDING_REACH = 2
"""A cube this many spaces away (either axis) or nearer can lean over a top (the recogniser's
hidden shares reach two spaces)."""


def trust_unchanged_hiding(observed: OctocubeObservation, reference_tops: dict[Location, StackTopReading],
                           expected_tops: dict[Location, Any], reference_cubes: frozenset[Location],
                           reference_readings: dict[int, CubeReading] | None = None,
                           turned_cubes_hide_otherwise: bool = True) -> OctocubeObservation:
    """``observed`` with the tops described above given their undiscounted confidence (a new
    observation when any is; the recogniser's one is left alone). ``reference_readings``: the
    accepted scene's cubes; given, a top whose visible part can be compared with the accepted
    scene's and did not change (:func:`_visibly_changed` False) keeps the recogniser's guess: the
    sliver in view shows the same tile, and the new name is a misread of it. Taught game 72709
    (random printing 997385, tilt 33.5, day), change 54: E5, 74 % hidden behind Red's cube on E4,
    read dark blue amphora (undiscounted 1.0) in the accepted scene and light blue amphora (1.0)
    while Blue pivoted on C1, its visible part unchanged (grey difference 3.0, the unchanged pairs'
    2.9-5.6); trusted, it was the alarm "a tile left stack E5 with no cube on it". A top changed to
    the same glyph in another shade looks the same in grey (a gain): such a change is not trusted
    either, as it would not be without the hiding's undiscounting. ``turned_cubes_hide_otherwise``
    (with ``reference_readings``): a cube that stayed on its space but reads another top or turn
    (a pivot) counts as one that came or left: the hiding may differ (see
    :func:`_turned_in_place`). False: only cubes that came or left, as before."""
    cubes_now = {c.location for c in observed.cubes.values() if c.location is not None}
    moved = cubes_now ^ reference_cubes
    if turned_cubes_hide_otherwise and reference_readings is not None:
        moved |= _turned_in_place(reference_readings, observed.cubes)
    trusted: dict[Location, StackTopReading] = {}
    for loc, reading in observed.tops.items():
        before = reference_tops.get(loc)
        if (before is None or reading.covered or before.covered or reading.unhidden_confidence is None
                or before.unhidden_confidence is None or reading.tile == before.tile
                or before.tile is None or expected_tops.get(loc) != before.tile
                or min(reading.unhidden_confidence, before.unhidden_confidence) < MIN_UNHIDDEN_CONFIDENCE):
            continue
        if any(max(abs(loc[0] - c[0]), abs(loc[1] - c[1])) <= HIDING_REACH for c in moved):
            continue
        if reference_readings is not None and _visibly_changed(
                loc, reading, before, _looks(reference_readings), _looks(observed.cubes)) is False:
            continue
        trusted[loc] = replace(reading, confidence=reading.unhidden_confidence)
    if not trusted:
        return observed
    return replace(observed, tops={**observed.tops, **trusted})


def _turned_in_place(before: dict[int, CubeReading], now: dict[int, CubeReading]) -> set[Location]:
    """Spaces of cubes that stand where they stood but read another top tile or turn. A cube
    pivoting in front of a hidden top changes what the top's window shows beside it (its own top
    leans over the window under a steep tilt), as one that came or left does, and the top may then
    read another tile as surely without any change: fresh taught game 72786 (printing 998166,
    2 players, tilt 34.7, lamp), change 238: Red pivoted its dark blue starfish 180 degrees on C2,
    and C1 behind it (70 % hidden), read light blue amphora (0.9 before the discount) in the
    accepted scene, read a coin (0.9 before the discount, 0.05 after) while its visible part had
    not changed (correlation 0.90, grey difference 4.5; 22 % in view, too little to compare);
    trusted, it was the alarm "a tile left stack C1 with no cube on it" (a false alarm)."""
    looks_now = _looks(now)
    return {look[0] for seat, look in _looks(before).items()
            if look[0] is not None and seat in looks_now and looks_now[seat][0] == look[0] and looks_now[seat] != look}


def _near(loc: Location, other: Location | None) -> bool:
    return other is not None and max(abs(loc[0] - other[0]), abs(loc[1] - other[1])) <= HIDING_REACH


def changed_behind_unmoved_cubes(observed: OctocubeObservation, reference_tops: dict[Location, StackTopReading],
                                 expected_tops: dict[Location, Any], reference_cubes: dict[int, CubeReading],
                                 expected_heights: dict[Location, int] | None = None,
                                 earlier: EarlierScene | None = None, in_view: bool = False,
                                 unseen_too: bool = False) -> OctocubeObservation:
    """``observed`` with the tops described in the module's docstring read as sure
    (``CHANGED_CONFIDENCE``): hidden tops whose visible part changed while every cube near them
    stayed as it was, reading another tile than ``expected_tops`` (the accepted state's). A new
    observation when any is; the recogniser's one is left alone. ``earlier``: the accepted scene
    before the reference; a top that looks as it did there, with the same tile expected and the
    same cubes around it, has not changed either (the reference itself may be a scene where a
    tile was taken unseen and is now put back: bench seed 72570, a false alarm at the put-back).
    ``in_view``: a top no cube hides is judged so too, by its whole fingerprint
    (tracker/octocube/stack_heights.py ``StackHeightsConfig.changed_in_view``). ``unseen_too``: a top
    the state holds unseen (UNKNOWN: read too unsure to name so far) is judged so too, however sure
    its new name: there a sure name would only name the unseen tile, and a tile taken off it by
    hand would pass unflagged (``StackHeightsConfig.changed_unseen``)."""
    looks_now = _looks(observed.cubes)
    sure: dict[Location, StackTopReading] = {}
    for loc, reading in observed.tops.items():
        want = expected_tops.get(loc)
        whole = reading.fingerprint_seen is None
        if (isinstance(want, Tile) and not reading.covered
                and reading.confidence < (STEADY_IN_VIEW_BELOW if whole else STEADY_BELOW)
                and _visibly_steady(loc, reading, reference_tops.get(loc), _looks(reference_cubes), looks_now)):
            sure[loc] = SteadyTopReading(**{f.name: getattr(reading, f.name) for f in fields(StackTopReading)},
                                         was=want, in_view=whole)
            continue
        unseen = want is UNKNOWN and unseen_too
        if (not (isinstance(want, Tile) or unseen) or reading.covered or reading.tile is None or reading.tile == want
                or (reading.confidence >= CHANGED_CONFIDENCE and not unseen) or reading.fingerprint is None
                or (whole and not in_view)):
            continue
        if _visibly_changed(loc, reading, reference_tops.get(loc), _looks(reference_cubes), looks_now,
                            whole_in_view=whole) is not True:
            continue
        if earlier is not None and earlier.expected_tops.get(loc) == want and _visibly_changed(
                loc, reading, earlier.tops.get(loc), _looks(earlier.cubes), looks_now, whole_in_view=whole) is False:
            continue
        sure[loc] = ChangedTopReading(**{f.name: getattr(reading, f.name) for f in fields(StackTopReading)
                                         if f.name != "confidence"},
                                      confidence=CHANGED_CONFIDENCE, was=want, named_confidence=reading.confidence,
                                      was_height=(expected_heights or {}).get(loc))
    if not sure:
        return observed
    return replace(observed, tops={**observed.tops, **sure})


@dataclass(frozen=True)
class EarlierScene:
    """An accepted scene before the reference: its tops, the tops its state expected, its cubes."""

    tops: dict[Location, StackTopReading]
    expected_tops: dict[Location, Any]
    cubes: dict[int, CubeReading]


def _looks(cubes: dict[int, CubeReading]) -> dict[int, tuple[Any, Any, Any]]:
    return {seat: (c.location, c.top, c.rotation) for seat, c in cubes.items()}


def _visibly_changed(loc: Location, reading: StackTopReading, before: StackTopReading | None,
                     looks_before: dict[int, tuple[Any, Any, Any]], looks_now: dict[int, tuple[Any, Any, Any]],
                     whole_in_view: bool = False) -> bool | None:
    """Whether the visible part of ``loc``'s top changed since ``before`` (None: they cannot be
    compared: no fingerprint, covered, or a cube near it came, left, turned or pivoted, so the
    hiding may differ). ``whole_in_view``: see :func:`_visible_change`."""
    change = _visible_change(loc, reading, before, looks_before, looks_now, whole_in_view=whole_in_view)
    if change is None:
        return None
    return bool((change.correlation <= MAX_SAME_CORRELATION and change.residual >= MIN_CHANGE_GREY)
                or (change.correlation < STRONG_CHANGE_CORRELATION and change.residual >= STRONG_CHANGE_GREY))


def _visibly_steady(loc: Location, reading: StackTopReading, before: StackTopReading | None,
                    looks_before: dict[int, tuple[Any, Any, Any]], looks_now: dict[int, tuple[Any, Any, Any]]) -> bool:
    """Whether ``loc``'s visible part looks as it did in ``before`` (see :class:`SteadyTopReading`)."""
    change = _visible_change(loc, reading, before, looks_before, looks_now, whole_in_view=True)
    return change is not None and change.correlation >= STEADY_CORRELATION and change.residual <= STEADY_GREY


def _visible_change(loc: Location, reading: StackTopReading, before: StackTopReading | None,
                    looks_before: dict[int, tuple[Any, Any, Any]], looks_now: dict[int, tuple[Any, Any, Any]],
                    whole_in_view: bool = False) -> Any:
    """The visible part's change since ``before`` (vision/octocube/heights.py ``visible_change``),
    None where it cannot be compared: no fingerprint, covered, too little in view, or a cube near
    it came, left, turned or pivoted (the hiding may differ). ``whole_in_view``: a top that no cube
    hid in either scene is compared whole (else it is not compared)."""
    from vision.octocube.heights import visible_change

    if before is None or before.covered or before.fingerprint is None or reading.fingerprint is None:
        return None
    seen_before, seen_now = before.fingerprint_seen, reading.fingerprint_seen
    if seen_before is None and seen_now is None and whole_in_view:
        seen_before = seen_now = np.full(reading.fingerprint.shape, 255, np.uint8)
    if seen_before is None or seen_now is None:
        return None
    seats = {s for s, look in looks_before.items() if _near(loc, look[0])}
    seats |= {s for s, look in looks_now.items() if _near(loc, look[0])}
    if any(looks_before.get(s) != looks_now.get(s) for s in seats):
        return None
    change = visible_change(before.fingerprint, reading.fingerprint, seen_before, seen_now)
    return None if change.share < MIN_VISIBLE_SHARE else change
