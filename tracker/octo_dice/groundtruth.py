"""The ground-truth "recogniser" of Octo Dice: the renderer's labels of each die, not pixels.

It measures the tracker alone (a demo run on it says so in its ``recogniser`` name). A cocked
die is reported the way a real reader reports it: the scene is not read (``CockedDieError``,
which the pipeline shows as a plain message) until the players re-roll it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracker.octo_dice.observation import DieReading, OctoDiceObservation, area_of
from tracker.table import RefusedScene

FLAT_SAID_MM = 12.0
"""A die read within this distance of a place the players said lies flat is that die, unmoved
(a reported place is the outline's centre, a few mm off the top face's; a tumbling die lands
centimetres away)."""


class CockedDieError(RefusedScene):
    """A die leans on the tray wall or on another die: its face is not read (``places``: where,
    table mm; the players may answer that it lies flat, see :class:`FlatSaid`)."""


def engine_face(art_face: str) -> str:
    """The renderer's ``red 2`` -> the engine's ``red-2`` (white faces are the same)."""
    return art_face.replace(" ", "-")


def observation_from_truth(gt: dict[str, Any], flat_at: FlatSaid | None = None) -> OctoDiceObservation:
    """Every die the renderer drew, as a perfect reader would report it (cocked dice included;
    one where ``flat_at`` covers it is read by its top face, as the players asked)."""
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
        if cocked and flat_at is not None and flat_at.covers(float(pose["x"]), float(pose["y"])):
            cocked = False
        face = None if cocked or kind == "other" else engine_face(state["top_face"])
        dice.append(DieReading(kind, face, area_of(pose["x"], pose["y"]), float(pose["x"]), float(pose["y"]),
                               1.0, cocked))
    return OctoDiceObservation(tuple(dice))


def refuse_cocked(observed: OctoDiceObservation) -> OctoDiceObservation:
    cocked = [d for d in observed.dice if d.cocked]
    if cocked:
        where = ", ".join(f"a {d.kind} die at ({d.x:.0f}, {d.y:.0f}) mm" for d in cocked)
        raise CockedDieError(f"{where} is cocked (leaning, no face up): re-roll it; the roll is read "
                             "once every die lies flat", tuple((d.x, d.y) for d in cocked))
    return observed


class FlatSaid:
    """The places where the players said a die called cocked lies flat: a die read there is read
    by its top face, for as long as a die is read there (once it has moved, the word lapses: a
    re-rolled die is judged afresh). One per recogniser, never shared."""

    def __init__(self) -> None:
        self.places: tuple[tuple[float, float], ...] = ()

    def add(self, places: tuple[tuple[float, float], ...]) -> None:
        self.places = self.places + tuple((float(x), float(y)) for x, y in places)

    def covers(self, x: float, y: float) -> bool:
        return any((x - px) ** 2 + (y - py) ** 2 <= FLAT_SAID_MM ** 2 for px, py in self.places)

    def keep_where_read(self, dice: tuple[DieReading, ...] | list[DieReading]) -> None:
        """Forget the places where no die lies any more (it moved: re-rolled, set aside)."""
        self.places = tuple(p for p in self.places
                            if any((d.x - p[0]) ** 2 + (d.y - p[1]) ** 2 <= FLAT_SAID_MM ** 2 for d in dice))


class GroundTruthRecogniser:
    name = "ground truth (renderer's labels, not pixels)"
    needs_calibration = False

    def __init__(self, truth_of: Callable[[Any], dict[str, Any] | None] | None = None) -> None:
        self.truth_of = truth_of
        self.flat_said = FlatSaid()

    def read(self, frame: Any) -> OctoDiceObservation:
        """Every die, cocked ones included (for scoring the reading); a cocked die where the
        players said one lies flat is read by the face the renderer put on top."""
        gt = self.truth_of(frame) if self.truth_of is not None else frame
        if not gt:
            raise ValueError("this frame carries no ground truth (the ground-truth recogniser only "
                             "works on rendered frames)")
        observed = observation_from_truth(gt, flat_at=self.flat_said)
        if not observed.occluded:
            self.flat_said.keep_where_read(observed.dice)
        return observed

    def overrule(self, places: tuple[tuple[float, float], ...]) -> None:
        """The players said the dice called cocked at ``places`` lie flat."""
        self.flat_said.add(places)

    def recognise(self, frame: Any) -> OctoDiceObservation:
        return refuse_cocked(self.read(frame))
