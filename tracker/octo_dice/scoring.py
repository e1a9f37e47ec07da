"""Reading accuracy of a demo run: every scene the recogniser reads is compared with the
renderer's truth of that frame (demo and bench only: a live camera has no truth).

Figures (``figures()``, merged into ``tablesight demo --json``): ``rolls_total`` (settled rolls
in the film), ``rolls_read`` and ``rolls_read_right`` (read with every die right), ``dice_total``
and ``dice_read_right`` (single dice over every scene read), ``cocked_total`` and
``cocked_found`` (cocked dice reported as cocked, never read as a face), ``cocked_overruled``
(dice called cocked that the players said lie flat)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tracker.octo_dice.groundtruth import observation_from_truth, refuse_cocked
from tracker.octo_dice.observation import DieReading, OctoDiceObservation

MATCH_MM = 8.0
"""A reading this close to a die of the truth reads that die."""


class ScoredRecogniser:
    needs_calibration = False

    def __init__(self, inner: Any, truth_of: Callable[[Any], dict[str, Any] | None] | None = None) -> None:
        self.inner = inner
        self.truth_of = truth_of
        self.name = str(getattr(inner, "name", type(inner).__name__))
        self.needs_calibration = bool(getattr(inner, "needs_calibration", False))
        self._scenes: set[int] = set()
        self._rolls_total = 0
        self.rolls_read = 0
        self.rolls_read_right = 0
        self.dice_total = 0
        self.dice_read_right = 0
        self.cocked_total = 0
        self.cocked_found = 0
        self.cocked_overruled = 0
        """Dice called cocked that the players said lie flat (read by their face after that)."""

    def overrule(self, places: tuple[tuple[float, float], ...]) -> None:
        """The players said the dice called cocked at ``places`` lie flat (the inner reader reads
        them; the scene already scored keeps its score)."""
        overrule = getattr(self.inner, "overrule", None)
        if callable(overrule):
            self.cocked_overruled += len(places)
            overrule(places)

    def attach_truth(self, truth_of: Callable[[Any], dict[str, Any] | None]) -> None:
        """The demo's synthetic source: from now on each reading is scored against the truth."""
        self.truth_of = truth_of

    def recognise(self, frame: Any) -> OctoDiceObservation:
        observed: OctoDiceObservation = self.inner.read(frame)
        gt = self.truth_of(frame) if self.truth_of is not None else None
        # only a scene at rest is scored (a read ahead may catch the dice in the air)
        if gt and not observed.occluded and not gt.get("hands") and gt.get("phase", "still") == "still":
            self._score(observed, gt)
        return refuse_cocked(observed)

    def _score(self, observed: OctoDiceObservation, gt: dict[str, Any]) -> None:
        meta = gt.get("scene_meta", {})
        self._rolls_total = int(meta.get("rolls_in_film", self._rolls_total))
        scene = int(meta.get("scene_index", -1))
        if scene in self._scenes:
            return  # each still scene scored once (the first time it is read)
        self._scenes.add(scene)
        truth = observation_from_truth(gt)
        right = 0
        flat = [d for d in truth.dice if not d.cocked]
        for d in flat:
            got = _nearest(observed.dice, d)
            if got is not None and not got.cocked and (got.kind, got.face, got.area) == (d.kind, d.face, d.area):
                right += 1
        for d in truth.dice:
            if d.cocked:
                self.cocked_total += 1
                got = _nearest(observed.dice, d)
                if got is not None and got.cocked:
                    self.cocked_found += 1
        self.dice_total += len(flat)
        self.dice_read_right += right
        if meta.get("roll_scene"):
            self.rolls_read += 1
            extra = len(observed.dice) - len(truth.dice)
            if right == len(flat) and extra == 0:
                self.rolls_read_right += 1

    def figures(self) -> dict[str, int]:
        return {"rolls_total": self._rolls_total, "rolls_read": self.rolls_read,
                "rolls_read_right": self.rolls_read_right, "dice_total": self.dice_total,
                "dice_read_right": self.dice_read_right, "cocked_total": self.cocked_total,
                "cocked_found": self.cocked_found, "cocked_overruled": self.cocked_overruled}


def _nearest(readings: tuple[DieReading, ...], die: DieReading) -> DieReading | None:
    best = min(readings, key=lambda r: math.hypot(r.x - die.x, r.y - die.y), default=None)
    if best is None or math.hypot(best.x - die.x, best.y - die.y) > MATCH_MM:
        return None
    return best
