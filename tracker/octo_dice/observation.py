"""What the camera reads on the Octo Dice mat, and the mat itself.

The mat (``tablesight markers --mat octo_dice``: one A3 sheet) lies centred between the four
corner cards, in table mm (the play area is 0-600 both ways): a set-aside strip along its top
edge and a roll area below it. Every
reading is a die's kind (``white`` action die, ``black`` colour/number die, ``other``: a die of
another game), its face (the engine's label, ``red-2``; None when it cannot be read), where it
lies, how sure the reader is, and whether it is cocked (leaning on the tray wall or another die:
reported, never read as a face).
"""

from __future__ import annotations

from dataclasses import dataclass

MAT_SHEET = (151.5, 90.0, 448.5, 510.0)
"""x0, y0, x1, y1 (table mm) of the printed A3 sheet (297 x 420 mm, portrait)."""
ASIDE_AREA = (161.0, 100.0, 439.0, 170.0)
"""x0, y0, x1, y1 (table mm) of the set-aside strip."""
ROLL_AREA = (161.0, 200.0, 439.0, 500.0)
"""x0, y0, x1, y1 (table mm) of the roll area (the tray)."""
ASIDE_RGB = (96, 104, 132)
ROLL_RGB = (96, 124, 104)
"""The printed colours of the two areas: the reader balances its colours on them."""
ASIDE_SLOTS = tuple((190.0 + 44.0 * i, 135.0) for i in range(6))
"""Where the twin's players put set-aside dice, left to right."""

ROLL = "roll"
ASIDE = "aside"
OFF = "off"


def area_of(x: float, y: float) -> str:
    """``roll``, ``aside`` or ``off`` (anywhere else: off the mat)."""
    for name, (x0, y0, x1, y1) in ((ASIDE, ASIDE_AREA), (ROLL, ROLL_AREA)):
        if x0 <= x <= x1 and y0 <= y <= y1:
            return name
    return OFF


@dataclass(frozen=True)
class DieReading:
    kind: str
    """``white``, ``black`` or ``other`` (a die of another game)."""
    face: str | None
    """The engine's face label (``lab``, ``red-2``, ``octopod``); None when cocked or unreadable."""
    area: str
    x: float
    y: float
    confidence: float = 1.0
    cocked: bool = False
    seen_serial: int | None = None
    """Set by the scene memory: the die lay here showing this face in the last accepted scene,
    which showed the roll of that serial (it has not tumbled since)."""
    landed_after: int | None = None
    """Set by the scene memory: the die lies in the roll area where no die of its kind lay in the
    last accepted scene (which showed the roll of this serial): it has been thrown since."""
    turned_from: str | None = None
    """Set by the scene memory: the die lies where it lay but shows another face (turned by hand)."""
    unsure_from: str | None = None
    """Set by the scene memory: the die lies where it lay, read unsure with another face than it
    showed there (not sure enough to call it turned by hand): most likely the same face misread."""
    remembered: bool = False
    """Set by the scene memory: not read in this scene, but something die-sized lies exactly where
    this die lay in the last accepted scene, so it is taken to lie there still."""

    def words(self) -> str:
        face = self.face.replace("-", " ") if self.face else "an unreadable face"
        kind = "die of another game" if self.kind == "other" else f"{self.kind} die"
        return f"a {kind} showing {face}" if self.kind != "other" else f"a {kind}"


@dataclass(frozen=True)
class OctoDiceObservation:
    dice: tuple[DieReading, ...] = ()
    occluded: bool = False
    """A hand over the mat: the pipeline waits for it to go."""
    spots: tuple[tuple[float, float], ...] = ()
    """Where the pixel recogniser found something die-sized on the mat (table mm), read or not:
    the scene memory keeps an unread die that has not moved."""
    unread_at_edge: tuple[tuple[float, float], ...] = ()
    """Spots touching an area's edge with no die read there: fingers reaching in to set a die
    aside, or a die the reader missed against the edge. The scene memory tells them apart (a
    die lay there in the last accepted scene, or nothing did)."""

    def in_area(self, area: str) -> list[DieReading]:
        return [d for d in self.dice if d.area == area]
