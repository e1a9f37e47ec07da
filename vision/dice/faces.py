"""The vocabulary of faces the dice reader can report, and how each one is written in JSON.

One flat list of classifier classes (``CLASSES``): six d6 faces, six Octo Dice white action
symbols, fifteen Octo Dice black colour+number faces and the black octopod. The order is a
contract with the trained classifier (models/dice_classifier.onnx) and must not change without
retraining. Black-die colours and numbers follow /work/shared/rules/octo_dice.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["d6", "octo-white", "octo-black"]

WHITE_SYMBOLS: tuple[str, ...] = ("crystal", "research", "lab", "bot", "submarine", "octopod")
BLACK_COLOURS: tuple[str, ...] = ("yellow", "white", "red", "blue", "green")
BLACK_NUMBERS: tuple[int, ...] = (0, 1, 2)


@dataclass(frozen=True)
class FaceClass:
    """One classifier class: which kind of die and what its top face shows."""

    name: str
    kind: Kind
    face: Any  # int (d6), symbol name (octo-white), {"colour", "number"} or "octopod" (octo-black)


def _build_classes() -> tuple[FaceClass, ...]:
    classes: list[FaceClass] = [FaceClass(f"d6-{n}", "d6", n) for n in range(1, 7)]
    classes += [FaceClass(f"white-{s}", "octo-white", s) for s in WHITE_SYMBOLS]
    classes += [
        FaceClass(f"black-{c}-{n}", "octo-black", {"colour": c, "number": n})
        for c in BLACK_COLOURS
        for n in BLACK_NUMBERS
    ]
    classes.append(FaceClass("black-octopod", "octo-black", "octopod"))
    return tuple(classes)


CLASSES: tuple[FaceClass, ...] = _build_classes()
CLASS_INDEX: dict[str, int] = {c.name: i for i, c in enumerate(CLASSES)}
D6_CLASSES = tuple(range(0, 6))
WHITE_CLASSES = tuple(range(6, 12))
BLACK_CLASSES = tuple(range(12, len(CLASSES)))


COCKED = "cocked"
"""The classifier's class for a die leaning on another die or a wall, no face up (a newer model
has it; players re-roll such a die, so it is reported, never read)."""
NOT_A_DIE = "none"

KIND_FAMILIES: dict[str, tuple[Kind, ...]] = {
    "d6": ("d6",),
    "octo": ("octo-white", "octo-black"),
    "all": ("d6", "octo-white", "octo-black"),
}
"""What ``tablesight dice --kinds`` accepts: the dice a game puts on the table."""


def class_of(kind: Kind, face: Any) -> int:
    """Index of the class that shows ``face`` on a die of ``kind`` (inverse of CLASSES)."""
    for i, c in enumerate(CLASSES):
        if c.kind == kind and c.face == face:
            return i
    raise ValueError(f"no {kind} face {face!r}")
