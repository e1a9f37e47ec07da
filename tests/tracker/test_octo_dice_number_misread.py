"""A black die in the roll area read with the right colour and a wrong number, unsure, must not
make a legal roll an alarm (issue 17, game 100919: black2's blue 1 read "blue 2" at 0.69, a face
of black3 lying in the set-aside strip; "the dice do not match any step of the roll procedure").
Every black die has one face of each colour, so the colour names the face once the die is known:
the roll is taken with that face and the misread number stays a doubtful difference. Illegal
changes are still all flagged."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.octo_dice.components import BLACK_DICE, FACES, OCTOPOD
from tracker.octo_dice.dice import numbers_read_again
from tracker.octo_dice.groundtruth import GroundTruthRecogniser
from tracker.octo_dice.observation import ROLL, OctoDiceObservation
from tests.tracker.octo_dice_reading_faults import FaultyReader, assert_game_followed, run_with_faulty_reader


def _other_number(face: str) -> str:
    """The same colour's face on the next black die (``blue-1`` -> ``blue-2``)."""
    colour = face.split("-")[0]
    faces = [f for die in BLACK_DICE for f in FACES[die] if f.split("-")[0] == colour]
    return faces[(faces.index(face) + 1) % len(faces)]


class MisreadsBlackNumbers(FaultyReader):
    """The ground-truth reader, except that the black die left alone in the roll area (the other
    two set aside), when it shows a colour, is read with another number of that colour, unsure
    (0.69), in every scene: as 100919's."""

    def __init__(self, inner: GroundTruthRecogniser) -> None:
        super().__init__(inner)
        self.misread = 0

    def read(self, frame: Any) -> OctoDiceObservation:
        observed = self.inner.read(frame)
        dice = []
        alone = sum(d.kind == "black" and d.area == ROLL for d in observed.dice) == 1
        for d in observed.dice:
            if alone and d.kind == "black" and d.area == ROLL and d.face not in (None, OCTOPOD) and not d.cocked:
                self.misread += 1
                d = replace(d, face=_other_number(str(d.face)), confidence=0.69)
            dice.append(d)
        return replace(observed, dice=tuple(dice))


def test_numbers_read_again_takes_the_colour_on_the_die_left() -> None:
    # black2 is rolled with two white dice; "blue-2" is black3's face: black2's blue is blue-1
    assert numbers_read_again(["white1", "white2", "black2"],
                              [("white", "lab"), ("white", "bot"), ("black", "blue-2")]) == \
        [("white", "lab"), ("white", "bot"), ("black", "blue-1")]
    assert numbers_read_again(["black2"], [("black", "blue-1")]) is None  # nothing misread
    assert numbers_read_again(["black2"], [("black", OCTOPOD)]) is None
    # blue-0 is black1's (not rolled); black2 and black3 both have a blue: which cannot be told
    assert numbers_read_again(["black2", "black3"], [("black", "blue-0"), ("black", OCTOPOD)]) is None


def test_a_black_number_misread_in_the_roll_area_does_not_lose_the_game() -> None:
    misreading, result = run_with_faulty_reader(MisreadsBlackNumbers)
    assert misreading.misread > 0
    assert_game_followed(result)
