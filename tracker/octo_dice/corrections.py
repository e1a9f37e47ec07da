"""Putting right a die the camera misread, on the tablet.

The players see the roll on the tablet; when a die shows another face on the mat than the one
listed, they set the face there. The last roll is taken back with the set-asides that followed it
and made again as it should have been (the same dice kept), as the players' word. Only the last
roll, and only while nothing but set-asides followed it: once an action is entered the players
undo it first (an action chose its dice by what the tablet showed)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Move, RulesError
from rules.octo_dice import Roll, SetAside
from rules.octo_dice.components import BLACK_DICE, FACES, OCTOPOD, WHITE_FACES, die_words, face_words
from rules.octo_dice.state import OctoDiceState
from tracker.adapter import Correctable
from tracker.octo_dice.dice import canonical_roll, canonical_set_aside, kind_of

BLACK_FACES: tuple[str, ...] = tuple(f for die in BLACK_DICE for f in FACES[die] if f != OCTOPOD) + (OCTOPOD,)
"""What a black die may be set to: any black face (which black die it is follows from the face)."""


def _last_roll(history: Sequence[Move]) -> int | None:
    """The index of the last roll, when nothing but set-asides followed it."""
    for i in range(len(history) - 1, -1, -1):
        move = history[i]
        if isinstance(move, Roll):
            return i
        if not isinstance(move, SetAside):
            return None
    return None


def correctable_dice(state: OctoDiceState) -> tuple[Correctable, ...]:
    """The dice of the last roll the players may still set on the tablet, in the roll's order."""
    at = _last_roll(state.history)
    if at is None:
        return ()
    roll = state.history[at]
    assert isinstance(roll, Roll)
    return tuple(Correctable(die, face, WHITE_FACES if kind_of(die) == "white" else BLACK_FACES)
                 for die, face in roll.results)


def corrected_moves(state: OctoDiceState, die: str, face: str) -> tuple[int, list[Move]]:
    """(how many moves to take back, the moves to make instead) when ``die`` of the last roll
    really shows ``face``. Raises :class:`RulesError` with the reason when it cannot be, leaving
    ``state`` untouched."""
    at = _last_roll(state.history)
    if at is None:
        raise RulesError("no roll to correct: only the last roll can be set, before an action is entered")
    roll = state.history[at]
    assert isinstance(roll, Roll)
    faces = roll.faces()
    if die not in faces:
        raise RulesError(f"{die_words(die)} was not in the last roll")
    allowed = WHITE_FACES if kind_of(die) == "white" else BLACK_FACES
    if face not in allowed:
        raise RulesError(f"a {kind_of(die)} die has no face {face!r}")
    if faces[die] == face:
        return 0, []
    shown = {d: (kind_of(d), face if d == die else f) for d, f in roll.results}
    new_roll = canonical_roll(list(faces), list(shown.values()))
    if new_roll is None:
        raise RulesError(f"{face_words(face)} is on another black die of this roll: set that die first")
    work = state.clone()
    later = state.history[at + 1:]
    for _ in range(len(later) + 1):
        work.pop()
    work.push(new_roll)
    moves: list[Move] = [new_roll]
    for move in later:  # the same dice kept, named as the corrected roll names them
        assert isinstance(move, SetAside)
        kept = canonical_set_aside(work, [shown[d] for d in move.dice])
        assert kept is not None  # the corrected roll shows every reading it was made from
        work.push(kept)
        moves.append(kept)
    return len(later) + 1, moves

