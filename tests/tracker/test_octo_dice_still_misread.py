"""A die that lies where it lay, read unsure with another face, must not make a legal scene an
alarm (issue 17, game 103005: after the players put the dice back, a white crystal in the roll
area that had not moved read "octopod" at 0.67; "1 dice were rolled and 1 did not move", then a
question and a false alarm). The scene memory names the face the die showed there
(``unsure_from``) and the adapter weighs the pair as one doubtful reading. Illegal changes,
a die turned by hand among them, are still all flagged."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from rules.octo_dice.components import WHITE_FACES
from tracker.octo_dice.groundtruth import GroundTruthRecogniser
from tracker.octo_dice.observation import ROLL, DieReading, OctoDiceObservation
from tests.tracker.octo_dice_reading_faults import FaultyReader, assert_game_followed, run_with_faulty_reader

STILL_MM = 1.0


def _another_face(face: str) -> str:
    """The next face of a white die (``crystal`` -> the one after it)."""
    return WHITE_FACES[(WHITE_FACES.index(face) + 1) % len(WHITE_FACES)]


class MisreadsStillWhiteDice(FaultyReader):
    """The ground-truth reader, except that a white die in the roll area lying exactly where it
    was read before, showing the same face, is read with another face, unsure (0.67): 103005's
(one die per scene: two such are two doubtful readings, beyond the tolerance)."""

    def __init__(self, inner: GroundTruthRecogniser) -> None:
        super().__init__(inner)
        self.misread = 0
        self._last: tuple[tuple[float, float, str | None], ...] = ()

    def read(self, frame: Any) -> OctoDiceObservation:
        observed = self.inner.read(frame)
        if not observed.dice:
            return observed
        dice: list[DieReading] = []
        for d in observed.dice:
            still = any(math.hypot(x - d.x, y - d.y) <= STILL_MM and f == d.face for x, y, f in self._last)
            if still and d.kind == "white" and d.area == ROLL and d.face is not None and not d.cocked \
                    and len(dice) == len([e for e in dice if e.confidence == 1.0]):  # one per scene
                self.misread += 1
                d = replace(d, face=_another_face(d.face), confidence=0.67)
            dice.append(d)
        self._last = tuple((d.x, d.y, d.face) for d in observed.dice)
        return replace(observed, dice=tuple(dice))


def test_a_still_die_misread_unsure_does_not_make_an_alarm() -> None:
    misreading, result = run_with_faulty_reader(MisreadsStillWhiteDice)
    assert misreading.misread > 0
    assert_game_followed(result)
