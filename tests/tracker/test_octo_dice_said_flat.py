"""A die the classifier calls cocked where the players said one lies flat is read by the face the
classifier finds likeliest after "cocked"; when that face is nearly improbable (a ranking of
1e-6 values, read with two quarter turns among six dice), the box is read again alone, with every
turn, and that reading is used (game 98811: "black white 0" at 1.5e-6 for a flat white
submarine; alone, a white face). The reader's two stages are replaced by fixed answers here."""

from __future__ import annotations

import numpy as np

from tracker.octo_dice.observation import ROLL_AREA
from tracker.octo_dice.recogniser import OCTO_KINDS, SAID_FLAT_ALONE_BELOW, DicePixelRecogniser
from vision.dice.faces import CLASSES
from vision.dice.reader import DiceResult, DieReading

WHITE_LAB = next(c for c in CLASSES if c.kind == "octo-white" and c.face == "lab")
BLACK_FACE = next(c for c in CLASSES if c.kind == "octo-black" and c.face != "octopod")


def _read_said_flat(first_prob: float) -> tuple[list[int], object]:
    calls: list[int] = []

    class Reader:
        def detect(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            c = image.shape[0] / 2
            return np.array([[c - 24, c - 24, c + 24, c + 24]], np.float32), np.array([0.81], np.float32)

        def read_boxes(self, image: np.ndarray, boxes: np.ndarray, scores: np.ndarray,
                       kinds: object = None) -> DiceResult:
            assert kinds == OCTO_KINDS
            calls.append(len(boxes))
            box = tuple(float(v) for v in boxes[0])
            if len(calls) == 1:  # among the others: cocked, its face after that nearly improbable
                return DiceResult([DieReading(box, None, 0.9, 0.81, 0.996, cocked=True,  # type: ignore[arg-type]
                                              flat_face=BLACK_FACE, flat_prob=first_prob)])
            return DiceResult([DieReading(box, None, 0.9, 0.81, 0.99, cocked=True,  # type: ignore[arg-type]
                                          flat_face=WHITE_LAB, flat_prob=0.0004)])

    rec = DicePixelRecogniser(camera=None)
    rec._reader = Reader()
    x, y = (ROLL_AREA[0] + ROLL_AREA[2]) / 2, (ROLL_AREA[1] + ROLL_AREA[3]) / 2
    rec.candidates = lambda image: [(x, y)]  # type: ignore[method-assign]
    rec._view = lambda image, window, px_per_mm, height=16.0: np.full((192, 192, 3), 30, np.uint8)  # type: ignore[method-assign]
    rec.overrule(((x, y),))
    observed = rec.read(np.zeros((10, 10, 3), np.uint8))
    (die,) = observed.dice
    return calls, die


def test_a_said_flat_die_with_an_improbable_face_is_read_again_alone() -> None:
    calls, die = _read_said_flat(1.5e-6)
    assert calls == [1, 1]
    assert (die.kind, die.face, die.cocked) == ("white", "lab", False)  # type: ignore[attr-defined]
    assert die.confidence == np.sqrt(0.81 * 0.0004).astype(float)  # type: ignore[attr-defined]


def test_a_said_flat_die_with_a_likely_face_keeps_it() -> None:
    calls, die = _read_said_flat(SAID_FLAT_ALONE_BELOW)
    assert calls == [1]
    assert (die.kind, die.cocked) == ("black", False)  # type: ignore[attr-defined]
