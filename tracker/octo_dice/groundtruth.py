"""The ground-truth "recogniser" of Octo Dice: the renderer's labels of each die, not pixels.

It measures the tracker alone (a demo run on it says so in its ``recogniser`` name). A cocked
die is reported the way a real reader reports it: the scene is not read (``CockedDieError``,
which the pipeline shows as a plain message) until the players re-roll it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracker.octo_dice.observation import DieReading, OctoDiceObservation, area_of


class CockedDieError(ValueError):
    """A die leans on the tray wall or on another die: its face is not read."""


def engine_face(art_face: str) -> str:
    """The renderer's ``red 2`` -> the engine's ``red-2`` (white faces are the same)."""
    return art_face.replace(" ", "-")


def observation_from_truth(gt: dict[str, Any]) -> OctoDiceObservation:
    """Every die the renderer drew, as a perfect reader would report it (cocked dice included)."""
    if gt.get("hands"):
        return OctoDiceObservation(occluded=True)
    dice = []
    for comp in gt.get("components", ()):
        state = comp.get("state", {})
        if not comp.get("uid", "").startswith("die ") or "top_face" not in state:
            continue
        if comp.get("visible_fraction", 1.0) < 0.3:
            continue
        pose = comp["pose"]
        kind = state["kind"] if state["kind"] in ("white", "black") else "other"
        cocked = bool(state.get("cocked"))
        face = None if cocked or kind == "other" else engine_face(state["top_face"])
        dice.append(DieReading(kind, face, area_of(pose["x"], pose["y"]), float(pose["x"]), float(pose["y"]),
                               1.0, cocked))
    return OctoDiceObservation(tuple(dice))


def refuse_cocked(observed: OctoDiceObservation) -> OctoDiceObservation:
    cocked = [d for d in observed.dice if d.cocked]
    if cocked:
        where = ", ".join(f"a {d.kind} die at ({d.x:.0f}, {d.y:.0f}) mm" for d in cocked)
        raise CockedDieError(f"{where} is cocked (leaning, no face up): re-roll it; the roll is read "
                             "once every die lies flat")
    return observed


class GroundTruthRecogniser:
    name = "ground truth (renderer's labels, not pixels)"
    needs_calibration = False

    def __init__(self, truth_of: Callable[[Any], dict[str, Any] | None] | None = None) -> None:
        self.truth_of = truth_of

    def read(self, frame: Any) -> OctoDiceObservation:
        """Every die, cocked ones included (for scoring the reading)."""
        gt = self.truth_of(frame) if self.truth_of is not None else frame
        if not gt:
            raise ValueError("this frame carries no ground truth (the ground-truth recogniser only "
                             "works on rendered frames)")
        return observation_from_truth(gt)

    def recognise(self, frame: Any) -> OctoDiceObservation:
        return refuse_cocked(self.read(frame))
