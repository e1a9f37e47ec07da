"""The scene memory of Octo Dice: where each die lay in the last accepted scene.

A die that tumbled lands somewhere else; a die that lies where it lay but shows another face was
turned by hand, a die that lies where it lay showing the same face was not rolled, and a die in the
roll area where none lay was thrown (even when it shows the face it showed before). Only
comparing with the last accepted scene tells these apart, so the readings are annotated here
(``seen_serial``, ``landed_after``, ``turned_from``) and the adapter judges them."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from rules.octo_dice.components import DICE, face_words
from tracker.octo_dice.observation import ASIDE, ROLL, DieReading, OctoDiceObservation
from tracker.table import Misread

SAME_PLACE_MM = 3.0
"""A die whose centre is this close to where a die of its kind lay has not moved (a tumbling die
lands centimetres away; the reader's position error is about a millimetre)."""


KEPT_MM = 8.0
"""An unread spot this close to where a die lay (and no die read near it) is that die, unmoved:
a spot's centre (top, sides and shadow seen together) lies a few millimetres off the top's."""

OVERLAP_MM = 15.0
"""Two dice (16 mm wide) cannot have their centres closer than this."""

VAGUE_MM = 20.0
"""A die put right on the tablet was misread, and a misread die's box is often off too (15-16 mm
at tilt 34, game 95404): a die of its kind read this close to where it was read is not called
thrown (nor anything else) in the next scene."""

MISPLACED_MM = 20.0
"""In the roll area, a reading with no spot at its place this close to a die still lying where
it lay is that die misread with its box off (:meth:`DiceMemory._without_misplaced`)."""

UNREAD_DIE_MM = 25.0
"""A spot this far from every die read is a die the reader missed (a read die's side and shadow
make spots up to about 20 mm from its reading)."""

SURE = 0.75
"""Both readings of a die must be at least this sure to call a changed face "turned by hand" (a
face the reader hesitates over may read differently in two frames of the same still die)."""
UNSURE = 0.5
"""The confidence a remembered die read against the game's state is given (under ``SURE``)."""


@dataclass(frozen=True)
class SaidFace:
    """The players' word on a die the reader misread where it lies: a ``kind`` die read ``read``
    at (``x``, ``y``) shows ``face``."""

    kind: str
    x: float
    y: float
    read: str
    face: str


class DiceMemory:
    def __init__(self) -> None:
        self._dice: tuple[DieReading, ...]
        self._serial: int
        self._vague: tuple[tuple[str, float, float], ...] = ()
        """(kind, x, y) of the dice a correction on the tablet touched: their place is doubtful."""
        self._strip_read_again = False
        """A set-aside die vanished unseen and the scene was read once more for it (once per
        accepted scene: :meth:`_set_aside_die_unseen`)."""
        self.said: tuple[SaidFace, ...] = ()
        """The players' "the camera misread it" (:meth:`misread_said`): kept while the die lies
        there, across :meth:`forget` (it is a word on the die, not on a scene)."""
        self.forget()

    def annotate(self, observed: Any) -> Any:
        if not isinstance(observed, OctoDiceObservation):
            return observed
        observed = self._as_said(observed)
        if not self._dice:
            return self._unless_a_die_is_unread(observed)
        if any(all(math.hypot(x - r.x, y - r.y) > KEPT_MM for r in self._dice) for x, y in observed.unread_at_edge):
            # something unread at an area's edge where no die lay: fingers reaching in, the
            # scene is not read (a die missed against the edge lay there before: kept below)
            return replace(observed, occluded=True)
        if self._set_aside_die_unseen(observed) or self._whole_roll_with_a_die_unread(observed):
            return replace(observed, occluded=True)
        out = []
        emptied = self._strip_emptied(observed)
        for d in self._without_misplaced(observed):
            if d.kind in ("white", "black") and d.face is not None and not d.cocked:
                near = min(
                    (r for r in self._dice if r.kind == d.kind and r.face is not None and not r.cocked),
                    key=lambda r: math.hypot(r.x - d.x, r.y - d.y), default=None)
                if near is not None and math.hypot(near.x - d.x, near.y - d.y) <= SAME_PLACE_MM:
                    if near.face != d.face:
                        if min(near.confidence, d.confidence) >= SURE and not (emptied and d.area == ASIDE):
                            d = replace(d, turned_from=near.face)
                        elif d.confidence < SURE:  # the new reading is shaky: the old face misread?
                            d = replace(d, unsure_from=near.face)
                    elif near.area == ROLL and d.area == ROLL:
                        d = replace(d, seen_serial=self._serial)
                elif d.area == ROLL and not any(k == d.kind and math.hypot(x - d.x, y - d.y) <= VAGUE_MM
                                                for k, x, y in self._vague):
                    d = replace(d, landed_after=self._serial)
            out.append(d)
        out += self._unread_but_unmoved(observed, out)
        return self._unless_a_die_is_unread(replace(observed, dice=tuple(out)))

    def _unless_a_die_is_unread(self, observed: OctoDiceObservation) -> OctoDiceObservation:
        """The scene, marked not read (``occluded``: read again once it has settled anew) when
        five of the six dice are read (or kept) and something die-sized lies farther than
        ``UNREAD_DIE_MM`` from every one of them: a die lies there that the reader missed (a
        cocked one not seen as such, a dark die on the dark strip). Judging the scene without it
        makes a legal roll or set-aside look illegal ("5 dice lie in the roll area", "set aside
        1 die": games 96800 and 96804); the next reading, or the next scene with the scene
        missed caught up, judges it whole. A die's side and shadow make spots up to about 20 mm
        from its reading, which are not another die. With two or more dice unread the scene is
        judged as before: the reader fails there, and a scene with dice unread may still be
        illegal (96804: 3 dice set aside, 2 of them unread, was flagged only so)."""
        if observed.occluded or not observed.spots:
            return observed
        read = [d for d in observed.dice if d.kind in ("white", "black")]
        if len(read) != len(DICE) - 1:
            return observed  # two or more unread: judged (96804: 2 unread in a strip of 3, illegal)
        if any(all(math.hypot(x - d.x, y - d.y) > UNREAD_DIE_MM for d in observed.dice) for x, y in observed.spots):
            return replace(observed, occluded=True)
        return observed

    def _set_aside_die_unseen(self, observed: OctoDiceObservation) -> bool:
        """True, once per accepted scene, when a die that lay in the set-aside strip is neither
        read nor found as a spot at its place while the other strip dice are still there and the
        mat holds fewer than six dice read: the scene is then read once more (a new still read)
        before the die is called gone. A white octopod in the strip was read in one still and
        not even found as a spot in the next (game 98734, tilt 31: "left the set-aside area", then
        64 false alarms). A die really taken away is still missing in the second reading and is
        flagged then; a strip cleared for a new turn (every die gone) or a die taken back into
        the roll area (six dice read) is judged at once."""
        if self._strip_read_again:
            return False
        strip = [r for r in self._dice if r.area == ASIDE and r.face is not None and not r.cocked]
        if not strip or sum(d.kind in ("white", "black") for d in observed.dice) >= len(DICE):
            return False
        places = [(d.x, d.y) for d in observed.dice] + list(observed.spots)
        gone = [r for r in strip if all(math.hypot(x - r.x, y - r.y) > KEPT_MM for x, y in places)]
        if not gone or len(gone) == len(strip):
            return False
        self._strip_read_again = True
        return True

    def _whole_roll_with_a_die_unread(self, observed: OctoDiceObservation) -> bool:
        """True when five dice are read, all in the roll area, and none of the six dice of the
        last accepted scene lies where it lay (nothing read or found within ``KEPT_MM``): all six
        were thrown (a turn's first roll) and one is unread, its spot merged with a neighbour's
        (game 103002: a cocked white crystal 31 mm from a black die, neither read nor a spot of
        its own; "the black die showing blue 2 was taken back from the set-aside area"). The
        scene is read again until all six are read (the players re-roll a cocked die) or the
        next step catches it up. No illegal change moves all six dice: one left lying, turned or
        kept keeps its place and the scene is judged as ever."""
        read = [d for d in observed.dice if d.kind in ("white", "black")]
        if len(read) != len(DICE) - 1 or any(d.area != ROLL for d in read):
            return False
        lay = [r for r in self._dice if r.kind in ("white", "black")]
        if len(lay) != len(DICE):
            return False
        places = [(d.x, d.y) for d in observed.dice] + list(observed.spots)
        return all(all(math.hypot(x - r.x, y - r.y) > KEPT_MM for x, y in places) for r in lay)

    def _strip_emptied(self, observed: OctoDiceObservation) -> bool:
        """A die that lay in the set-aside strip in the last accepted scene lies there no more
        (nothing read or found at its place): the strip has been cleared since (a new turn picks
        up every die; scenes between were not accepted, e.g. a roll refused), so a die now in the
        strip at an old die's place was put there anew, not turned by hand (game 95419: a die set
        aside in the slot where the last turn's first die lay). A die taken from the strip is
        flagged for that, by the adapter."""
        places = [(d.x, d.y) for d in observed.dice] + list(observed.spots)
        return any(r.area == ASIDE and r.face is not None and not r.cocked
                   and all(math.hypot(x - r.x, y - r.y) > KEPT_MM for x, y in places) for r in self._dice)

    def _without_misplaced(self, observed: OctoDiceObservation) -> list[DieReading]:
        """The readings, less those that are a die still lying where it lay, misread with its box
        off: a reading with nothing die-like at its own place, whose centre is closer than a
        die's width (set-aside strip) or than ``MISPLACED_MM`` (roll area) to where a die lay
        while that die's spot is still found, is that die misread (a box across two dice in the
        strip; in the roll area at a steep camera a box 14-16 mm off along the tilt, game 95404,
        where the die read right the scene before was then called thrown), not another die. The
        die itself is then kept by :meth:`_unread_but_unmoved`."""
        if not observed.spots:
            return list(observed.dice)
        kept = [r for r in self._dice if r.area in (ASIDE, ROLL) and r.face is not None and not r.cocked
                and any(math.hypot(x - r.x, y - r.y) <= KEPT_MM for x, y in observed.spots)]
        out = []
        for d in observed.dice:
            reach = OVERLAP_MM if d.area == ASIDE else MISPLACED_MM if d.area == ROLL else 0.0
            if not any(math.hypot(x - d.x, y - d.y) <= KEPT_MM for x, y in observed.spots) \
                    and any(r.area == d.area and SAME_PLACE_MM < math.hypot(r.x - d.x, r.y - d.y) < reach
                            for r in kept):
                continue
            out.append(d)
        return out

    def _unread_but_unmoved(self, observed: OctoDiceObservation, read: list[DieReading]) -> list[DieReading]:
        """Dice of the last accepted scene that the reader missed this time although a spot lies
        exactly where they lay: one unread die must not make a legal scene look illegal (a steep
        camera, a dark die on the dark strip). A die turned by hand AND unread would be missed.
        With all six dice read there is no die left to keep: a spot at an old place is then a read
        die's side or shadow (game 100904, lamp, tilt 22: a white lab die that landed 22 mm from
        where a crystal lay, its side a spot 5 mm from that place; the crystal, rolled too, was
        kept as a seventh die and "4 dice were rolled and 1 did not move" said)."""
        if sum(d.kind in ("white", "black") for d in read) >= len(DICE):
            return []
        kept: list[DieReading] = []
        for r in self._dice:
            if r.face is None or r.cocked or r.kind not in ("white", "black"):
                continue
            if any(math.hypot(d.x - r.x, d.y - r.y) < 2 * KEPT_MM for d in read):
                continue  # a die is read there (the same or another): nothing to keep
            if any(math.hypot(x - r.x, y - r.y) <= KEPT_MM for x, y in observed.spots):
                kept.append(replace(r, confidence=min(r.confidence, 0.5), remembered=True,
                                    seen_serial=self._serial if r.area == ROLL else None))
        return kept

    def _as_said(self, observed: OctoDiceObservation) -> OctoDiceObservation:
        """The readings, those the players said the reader misreads taking the face they said
        (only the misread face: a die really turned to a third face is judged as ever). A word
        whose place is empty now (the die moved) lapses."""
        if not self.said or observed.occluded:
            return observed
        places = [(d.x, d.y) for d in observed.dice] + list(observed.spots)
        self.said = tuple(s for s in self.said if any(math.hypot(x - s.x, y - s.y) <= KEPT_MM for x, y in places))
        dice = []
        for d in observed.dice:
            said = next((s for s in self.said if s.kind == d.kind and s.read == d.face and not d.cocked
                         and math.hypot(s.x - d.x, s.y - d.y) <= SAME_PLACE_MM), None)
            dice.append(replace(d, face=said.face) if said is not None else d)
        return replace(observed, dice=tuple(dice))

    def misread_offer(self, observed: Any) -> Misread | None:
        """The players may answer "the camera misread it" to the alarm on ``observed`` (annotated)
        when dice in it are called turned by hand: they then say each shows the face it showed."""
        if not isinstance(observed, OctoDiceObservation):
            return None
        turned = tuple(d for d in observed.dice if d.turned_from is not None and d.face is not None)
        if not turned:
            return None
        words = "; ".join(f"the {d.kind} die at ({d.x:.0f}, {d.y:.0f}) mm shows {face_words(d.turned_from or '')}"
                          for d in turned)
        return Misread(words, tuple((d.x, d.y) for d in turned), turned)

    def misread_said(self, misread: Misread) -> None:
        """The players said the dice of ``misread`` (:meth:`misread_offer`) still show the faces
        they showed: the face read there is taken for that one while the die lies there."""
        self.said = self.said + tuple(
            SaidFace(d.kind, d.x, d.y, d.face, d.turned_from) for d in misread.readings
            if isinstance(d, DieReading) and d.face is not None and d.turned_from is not None)

    def remember(self, observed: Any, expected: Any) -> None:
        if isinstance(observed, OctoDiceObservation):
            self._vague = ()
            self._strip_read_again = False
            self._dice = _as_the_game_says(
                [replace(d, seen_serial=None, landed_after=None, turned_from=None, unsure_from=None,
                         remembered=False)
                 for d in observed.dice], expected)
            self._serial = int(getattr(expected, "roll_serial", -1))

    def corrected(self, before: Any, after: Any) -> None:
        """The players put right on the tablet a reading the camera got wrong: ``before`` and
        ``after`` are the adapter's views (``roll``/``aside``: sorted (kind, face) pairs, and
        ``roll_serial``) before and after. The memory keeps every die the correction did not
        touch (a die that did not move is still told from one that tumbled: game 95404, where an
        empty memory let a die turned by hand pass for a roll). The dice the correction touched
        (a remembered die showing a face the correction took away, in its area) are dropped: a
        misread die's place is doubtful too (its box was off by 15 mm in 95404), so a die of their
        kind read within ``VAGUE_MM`` of them is neither called thrown nor compared. When the
        correction changed exactly one face of a kind there, the players' word is kept for that
        die (:class:`SaidFace`): read again with the old face at the same place, it shows the
        new one."""
        if not self._dice:
            return
        dice = list(self._dice)
        drop: set[int] = set()
        said: list[SaidFace] = []
        for area, old, new in ((ROLL, before.roll, after.roll), (ASIDE, before.aside, after.aside)):
            gone = Counter(old) - Counter(new)
            came = Counter(new) - Counter(old)
            for kind in {k for k, _ in gone}:
                gone_faces, came_faces = _faces(gone, kind), _faces(came, kind)
                at = [i for i, d in enumerate(dice) if d.area == area and d.kind == kind and d.face in gone_faces]
                if len(gone_faces) == len(came_faces) == len(at) == 1:
                    d = dice[at[0]]
                    said.append(SaidFace(d.kind, d.x, d.y, d.face or "", came_faces[0]))
                drop.update(at)
        self._vague = self._vague + tuple((d.kind, d.x, d.y) for i, d in enumerate(dice) if i in drop)
        self._dice = tuple(d for i, d in enumerate(dice) if i not in drop)
        self.said = self.said + tuple(said)
        if self._serial == before.roll_serial:
            self._serial = after.roll_serial

    def forget(self) -> None:
        self._strip_read_again = False
        self._vague = ()
        self._dice = ()
        self._serial = -1


def _as_the_game_says(dice: list[DieReading], expected: Any) -> tuple[DieReading, ...]:
    """The dice of an accepted scene as the game's state has them. A scene may be accepted with
    a die misread (the set-aside is known from the dice that left the roll area, whatever the
    strip shows: game 98731, a green 2 set aside read blue 2); remembered as read, the same die
    read right in the next scene was called "turned by hand". Where one die of a kind in an area
    shows a face the state does not have there and the state has one face of that kind there
    that no die shows, that die takes the state's face; where it is not so clear (several such
    dice), the dice read against the state are remembered as unsure (below ``SURE``: never
    compared to call a die turned)."""
    out = list(dice)
    for area, faces in ((ROLL, getattr(expected, "roll", None)), (ASIDE, getattr(expected, "aside", None))):
        if faces is None:
            continue
        at = [i for i, d in enumerate(out) if d.area == area and d.face is not None and not d.cocked]
        read = Counter((out[i].kind, out[i].face or "") for i in at)
        wrong, missing = read - Counter(faces), Counter(faces) - read
        for kind in {k for k, _ in wrong}:
            against = [i for i in at if out[i].kind == kind and (kind, out[i].face or "") in wrong]
            gone, owed = _faces(wrong, kind), _faces(missing, kind)
            if len(against) == len(gone) == len(owed) == 1:
                out[against[0]] = replace(out[against[0]], face=owed[0])
            else:
                for i in against:
                    out[i] = replace(out[i], confidence=min(out[i].confidence, UNSURE))
    return tuple(out)


def _faces(counts: Counter[tuple[str, str]], kind: str) -> list[str]:
    """The faces of ``kind`` dice in a count of (kind, face) pairs, each as often as counted."""
    return [f for (k, f), n in counts.items() if k == kind for _ in range(n)]
