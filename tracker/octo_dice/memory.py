"""The scene memory of Octo Dice: where each die lay in the last accepted scene.

A die that tumbled lands somewhere else; a die that lies where it lay but shows another face was
turned by hand, a die that lies where it lay showing the same face was not rolled, and a die in the
roll area where none lay was thrown (even when it shows the face it showed before). Only
comparing with the last accepted scene tells these apart, so the readings are annotated here
(``seen_serial``, ``landed_after``, ``turned_from``) and the adapter judges them."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from tracker.octo_dice.observation import ROLL, DieReading, OctoDiceObservation

SAME_PLACE_MM = 3.0
"""A die whose centre is this close to where a die of its kind lay has not moved (a tumbling die
lands centimetres away; the reader's position error is about a millimetre)."""


SURE = 0.75
"""Both readings of a die must be at least this sure to call a changed face "turned by hand" (a
face the reader hesitates over may read differently in two frames of the same still die)."""


class DiceMemory:
    def __init__(self) -> None:
        self._dice: tuple[DieReading, ...]
        self._serial: int
        self.forget()

    def annotate(self, observed: Any) -> Any:
        if not isinstance(observed, OctoDiceObservation) or not self._dice:
            return observed
        out = []
        for d in observed.dice:
            if d.kind in ("white", "black") and d.face is not None and not d.cocked:
                near = min(
                    (r for r in self._dice if r.kind == d.kind and r.face is not None and not r.cocked),
                    key=lambda r: math.hypot(r.x - d.x, r.y - d.y), default=None)
                if near is not None and math.hypot(near.x - d.x, near.y - d.y) <= SAME_PLACE_MM:
                    if near.face != d.face:
                        if min(near.confidence, d.confidence) >= SURE:
                            d = replace(d, turned_from=near.face)  # else: one of the readings is shaky
                    elif near.area == ROLL and d.area == ROLL:
                        d = replace(d, seen_serial=self._serial)
                elif d.area == ROLL:
                    d = replace(d, landed_after=self._serial)
            out.append(d)
        return replace(observed, dice=tuple(out))

    def remember(self, observed: Any, expected: Any) -> None:
        if isinstance(observed, OctoDiceObservation):
            self._dice = observed.dice  # only each die's kind, face, place, sureness and cocked are read back
            self._serial = int(getattr(expected, "roll_serial", -1))

    def forget(self) -> None:
        self._dice = ()
        self._serial = -1
