"""Which engine die is which on the mat, and the physical layout a position implies.

The three white dice look alike, and so do the black dice showing an octopod; the engine names
every die (``white1`` ... ``black3``) so that moves can say which die does what. Dice that look
alike are interchangeable for the rules, so the camera and the digital twin both name them the
same canonical way: white dice take the faces in face order, a black die showing a colour and
number is the one die that has that face, and black dice showing an octopod take the remaining
names in order. One table therefore has one spelling, and the twin's history is comparable move
for move with the tracker's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.octo_dice import Roll, SetAside
from rules.octo_dice.components import BLACK_DICE, DICE, FACES, OCTOPOD, WHITE_DICE, WHITE_FACES
from rules.octo_dice.state import OctoDiceState
from tracker.octo_dice.observation import ASIDE, ROLL

BLACK_OWNER: dict[str, str] = {face: die for die in BLACK_DICE for face in FACES[die] if face != OCTOPOD}
"""A black die's colour-number face -> the one die that has it (each such face is on one die)."""


def kind_of(die: str) -> str:
    return "white" if die in WHITE_DICE else "black"


def canonical_roll(dice: Sequence[str], readings: Sequence[tuple[str, str]]) -> Roll | None:
    """The roll of ``dice`` that shows ``readings`` ((kind, face) of each die that landed), or
    None when those dice cannot show them (wrong count, a face another die has, unknown face)."""
    whites = [d for d in DICE if d in dice and d in WHITE_DICE]
    blacks = [d for d in DICE if d in dice and d in BLACK_DICE]
    white_faces = [f for k, f in readings if k == "white"]
    black_faces = [f for k, f in readings if k == "black"]
    if len(white_faces) != len(whites) or len(black_faces) != len(blacks) or \
            len(white_faces) + len(black_faces) != len(readings):
        return None
    if any(f not in WHITE_FACES for f in white_faces):
        return None
    results = list(zip(whites, sorted(white_faces, key=WHITE_FACES.index), strict=True))
    free = list(blacks)
    octopods = 0
    for face in black_faces:
        if face == OCTOPOD:
            octopods += 1
            continue
        owner = BLACK_OWNER.get(face)
        if owner is None or owner not in free:
            return None
        free.remove(owner)
        results.append((owner, face))
    results += [(die, OCTOPOD) for die in free[:octopods]]
    return Roll(tuple(results))


def canonical_set_aside(state: OctoDiceState, readings: Sequence[tuple[str, str]]) -> SetAside | None:
    """The set-aside move that puts dice showing ``readings`` aside (the lowest-named free die
    showing each), or None when no free die shows one of them."""
    free = [d for d in DICE if d not in state.set_aside and d in state.faces]
    chosen: list[str] = []
    for kind, face in readings:
        match = next((d for d in free if kind_of(d) == kind and state.faces[d] == face and d not in chosen), None)
        if match is None:
            return None
        chosen.append(match)
    return SetAside(tuple(chosen))


def layout(state: OctoDiceState) -> tuple[dict[str, tuple[str, str]], int]:
    """Where each die lies and what it shows (die -> (area, face)) in ``state``, from its history
    since the last roll of all six dice, and the history index of the last roll (-1: none yet).

    The engine forgets the faces between turns; the table does not: the dice lie as the last
    roll and set-aside left them until someone picks them up and rolls all six."""
    history = state.history
    start = -1
    last_roll = -1
    for i in range(len(history) - 1, -1, -1):
        move = history[i]
        if isinstance(move, Roll):
            if last_roll < 0:
                last_roll = i
            if len(move.results) == len(DICE):
                start = i
                break
    where: dict[str, tuple[str, str]] = {}
    if start < 0:
        return where, last_roll
    for move in history[start:]:
        if isinstance(move, Roll):
            for die, face in move.results:
                where[die] = (ROLL, face)
        elif isinstance(move, SetAside):
            for die in move.dice:
                if die in where:
                    where[die] = (ASIDE, where[die][1])
    return where, last_roll


def numbers_read_again(dice: Sequence[str], readings: Sequence[tuple[str, str]]) -> list[tuple[str, str]] | None:
    """``readings`` with one black colour-number face that no die of ``dice`` can show taken as
    the face of that colour on the one die of ``dice`` left for it, or None when there is no such
    reading, more than one, or no single die left for it. Every black die has one face of each
    colour, so the colour alone names the face once the die is known; the number is a small
    printed digit the reader may get wrong (game 100919, lamp, tilt 31: black2's blue 1 read
    "blue 2", a face of black3 that lay in the set-aside strip, and the legal roll was called
    "do not match any step")."""
    free = [d for d in BLACK_DICE if d in dice]
    impossible: list[int] = []
    for i, (kind, face) in enumerate(readings):
        if kind != "black" or face == OCTOPOD:
            continue
        owner = BLACK_OWNER.get(face)
        if owner in free:
            free.remove(owner)
        else:
            impossible.append(i)
    if len(impossible) != 1:
        return None
    at = impossible[0]
    colour = readings[at][1].split("-")[0]
    faces = [f for die in free for f in FACES[die] if f != OCTOPOD and f.split("-")[0] == colour]
    if len(faces) != 1:
        return None
    return [("black", faces[0]) if i == at else r for i, r in enumerate(readings)]
