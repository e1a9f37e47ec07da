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
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.octocube.components import Location
from vision.octocube.observation import OctocubeObservation, StackTopReading

MIN_UNHIDDEN_CONFIDENCE = 0.7
"""Both readings (the accepted one and the new one) at least this sure before the discount. On
the still replays of six tuning games (72009, 72100, 72201, 72204, 72211, 72217) every other top
that changed under an unchanged hiding had been read with 0.01-0.33 in the accepted scene (a real
guess) and now with 0.01-0.25; the two tiles taken by hand read 0.96 -> 0.79 (72100, flagged now)
and 0.93 -> 0.30 (72217: trusting 0.30 would not reach the tracker's tolerance, 0.6, either)."""
HIDING_REACH = 2
"""A cube this many spaces away (either axis) or nearer can lean over a top (the recogniser's
hidden shares reach two spaces)."""


def trust_unchanged_hiding(observed: OctocubeObservation, reference_tops: dict[Location, StackTopReading],
                           expected_tops: dict[Location, Any], reference_cubes: frozenset[Location]
                           ) -> OctocubeObservation:
    """``observed`` with the tops described above given their undiscounted confidence (a new
    observation when any is; the recogniser's one is left alone)."""
    cubes_now = {c.location for c in observed.cubes.values() if c.location is not None}
    moved = cubes_now ^ reference_cubes
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
        trusted[loc] = replace(reading, confidence=reading.unhidden_confidence)
    if not trusted:
        return observed
    return replace(observed, tops={**observed.tops, **trusted})
