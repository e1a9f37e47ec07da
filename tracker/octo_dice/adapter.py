"""The Octo Dice half of move inference: the dice on the mat against the roll procedure.

What the camera can know: each die's kind, face and area (roll area or set-aside strip), and
(through :class:`tracker.octo_dice.memory.DiceMemory`) whether a die has moved since the last
accepted scene. What it cannot know: which white + black pair a player uses for an action, the
bonus actions, Super-Level -- those are entered on the tablet (``TrackedGame.enter``); the
candidate chains here are only the rolls and set-asides the rulebook allows: roll 6, keep 2,
roll 4, keep 2, roll 2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from dataclasses import dataclass

from rules.core import Move
from rules.octo_dice import OctoDiceState
from rules.octo_dice.components import face_words
from rules.octo_dice.state import ACTIONS_PHASE, BONUS, ROLL, SET_ASIDE, SUPER_LEVEL, VIRTUAL_ROLL
from tracker.adapter import Correctable, Difference, GameAdapter
from tracker.inference import scratch_copy
from tracker.octo_dice.corrections import correctable_dice, corrected_moves
from tracker.octo_dice.dice import canonical_roll, canonical_set_aside, kind_of, layout, numbers_read_again
from tracker.octo_dice.observation import ASIDE, OFF, DieReading, OctoDiceObservation
from tracker.octo_dice.observation import ROLL as ROLL_AREA

Seen = tuple[tuple[str, str], ...]
"""Sorted (kind, face) pairs: what lies in one area."""


@dataclass(frozen=True)
class DiceView:
    roll: Seen
    aside: Seen
    roll_serial: int
    """History index of the roll the roll area shows (-1: none): a die the memory saw lying still
    since an older roll was not rolled this time."""


def _words(kind: str, face: str) -> str:
    return f"the {kind} die showing {face_words(face)}"


MISREAD_WEIGHT = 0.5
"""Weight of each half of a face misread in the set-aside strip (lacks one, shows another)."""


NUMBER_MISREAD_WEIGHT = 0.25
"""Weight of each half of a black die in the roll area read with the colour the game has there
and another number (lacks one, shows the other): every black die has one face of each colour, so
that die is the same one with its small printed number misread (game 100919: blue 1 read "blue 2"
at 0.69). Both halves together stay within the tolerance of one doubtful reading."""

STILL_MISREAD_WEIGHT = 0.25
"""Weight of each half of a die read unsure, where it lay, with another face than it showed
there (``DieReading.unsure_from``), when the area lacks that very face: the same still die
misread (game 103005: a white crystal put back in place read "octopod" at 0.67). Both halves
together stay within the tolerance of one doubtful reading; a sure reading there is judged as
turned by hand (tracker/octo_dice/memory.py ``SURE``)."""

NUMBER_DOUBT = 0.8
"""Only a reading less sure than this is taken for a number misread (``NUMBER_MISREAD_WEIGHT``)."""


def _weight(confidence: float) -> float:
    return max(0.1, min(1.0, float(confidence)))


def _flat(readings: Iterable[DieReading]) -> list[DieReading]:
    return [d for d in readings if d.kind in ("white", "black") and not d.cocked and d.face is not None]


class OctoDiceAdapter(GameAdapter[OctoDiceState, OctoDiceObservation]):
    """:class:`tracker.adapter.GameAdapter` for Octo Dice (every variant)."""

    def expected(self, state: OctoDiceState) -> DiceView:
        where, serial = layout(state)
        roll = tuple(sorted((kind_of(d), f) for d, (a, f) in where.items() if a == ROLL_AREA))
        aside = tuple(sorted((kind_of(d), f) for d, (a, f) in where.items() if a == ASIDE))
        return DiceView(roll, aside, serial)

    # ------------------------------------------------------------------ differences
    def differences(self, expected: DiceView, observed: OctoDiceObservation) -> list[Difference]:
        diffs: list[Difference] = []
        for d in observed.dice:
            w = _weight(d.confidence)
            if d.kind == "other":
                diffs.append(Difference(f"a die of another game lies on the mat at {_at(d)}", w))
            elif d.cocked:
                diffs.append(Difference(f"a {d.kind} die is cocked at {_at(d)}: re-roll it", 1.0))
            elif d.area == OFF:
                diffs.append(Difference(f"a {d.kind} die lies off the mat at {_at(d)}", w))
            elif d.turned_from is not None and d.face is not None:
                diffs.append(Difference(
                    f"{_words(d.kind, d.face)} at {_at(d)} showed {face_words(d.turned_from)} there and did not "
                    "tumble: it was turned by hand", w))
            elif d.area == ROLL_AREA and d.seen_serial is not None and d.seen_serial != expected.roll_serial \
                    and d.face is not None:
                # where it lay, showing what it showed: a fact of its place, however unsure its face
                diffs.append(Difference(f"{_words(d.kind, d.face)} at {_at(d)} did not move: it was not rolled",
                                        w if d.remembered else 1.0))
            elif d.area == ROLL_AREA and d.landed_after is not None and d.landed_after == expected.roll_serial \
                    and d.face is not None:
                diffs.append(Difference(f"{_words(d.kind, d.face)} landed at {_at(d)}: it was thrown", w))
        for area, want in ((ROLL_AREA, expected.roll), (ASIDE, expected.aside)):
            # a die read unsure where another face lay is matched last: if its face is expected
            # twice, the sure reading takes the expected one and this one pairs with the lack
            seen = sorted(_flat(observed.in_area(area)), key=lambda d: d.unsure_from is not None)
            missing, extra = _compare(want, seen)
            name = "roll area" if area == ROLL_AREA else "set-aside area"
            # as many dice in the strip as there should be, but some faces differ: a set-aside die
            # cannot change legally and one turned by hand is caught above (same place, both
            # readings sure), so this is a die of the strip misread: a doubtful difference
            misread = area == ASIDE and len(missing) == len(extra)
            if area == ROLL_AREA:
                for kind, face, d in _numbers_misread(missing, extra):
                    missing.remove((kind, face))
                    extra.remove(d)
                    diffs.append(Difference(f"{_words(d.kind, d.face or '?')} at {_at(d)} may be "
                                            f"{face_words(face)} with its number misread", 2 * NUMBER_MISREAD_WEIGHT))
            for kind, face, d in _still_misread(missing, extra):
                missing.remove((kind, face))
                extra.remove(d)
                diffs.append(Difference(f"{_words(d.kind, d.face or '?')} at {_at(d)} may be "
                                        f"{face_words(face)}, as it lay there, misread", 2 * STILL_MISREAD_WEIGHT))
            for kind, face in missing:
                diffs.append(Difference(f"the {name} lacks {_words(kind, face)}", MISREAD_WEIGHT if misread else 1.0))
            for d in extra:
                diffs.append(Difference(f"the {name} shows {_words(d.kind, d.face or '?')} too",
                                        min(MISREAD_WEIGHT, _weight(d.confidence)) if misread
                                        else _weight(d.confidence)))
        return diffs

    # ------------------------------------------------------------------ chains
    def candidate_chains(self, state: OctoDiceState, observed: OctoDiceObservation) -> Iterable[tuple[Move, ...]]:
        phase = state.phase
        if phase in (ROLL, VIRTUAL_ROLL):
            roll = self._roll_for(state, observed)
            return [(roll,)] if roll is not None else []
        if phase == SET_ASIDE:
            chains: list[tuple[Move, ...]] = []
            for keep in dict.fromkeys(k for k in (self._set_aside_for(state, observed),
                                                  self._set_aside_by_roll_area(state, observed))
                                      if k is not None and state.is_legal(k)):
                chains.append((keep,))
                work = scratch_copy(state)
                work.push_unchecked(keep)
                roll = self._roll_for(work, observed)
                if roll is not None:
                    chains.append((keep, roll))
            return chains
        return []  # actions, bonus actions, Super-Level: entered on the tablet, never seen

    def tablet_moves(self, state: OctoDiceState) -> list[Move]:
        """Actions, bonus actions and Super-Level: the camera sees no choice of dice, the players
        tap it."""
        if state.is_terminal() or state.is_chance_node() or state.phase in (ROLL, VIRTUAL_ROLL, SET_ASIDE):
            return []
        return list(state.legal_moves())

    def correctable(self, state: OctoDiceState) -> tuple[Correctable, ...]:
        """The dice of the last roll (tracker/octo_dice/corrections.py)."""
        return correctable_dice(state)

    def correction(self, state: OctoDiceState, key: str, value: str) -> tuple[int, list[Move]]:
        return corrected_moves(state, key, value)

    def catch_up_chains(self, state: OctoDiceState, observed: OctoDiceObservation) -> Iterable[tuple[Move, ...]]:
        """A scene missed (a hand, a die that could not be read): the roll and the 2 dice then set
        aside, seen together. The rolled dice are those in the roll area and the 2 new in the strip.
        Missed while the game waited for a set-aside: 4 new dice in the strip, the 2 kept first
        (still showing the faces of the roll the tracker saw), the roll of the rest, the 2 kept
        from it."""
        if state.phase == SET_ASIDE:
            return self._catch_up_from_set_aside(state, observed)
        if state.phase != ROLL or state.rolls_done >= 2:
            return []
        have = Counter((kind_of(d), state.faces[d]) for d in state.set_aside)
        aside = [(d.kind, d.face or "") for d in _flat(observed.in_area(ASIDE))]
        if any(Counter(aside)[k] < n for k, n in have.items()):
            return []
        new = list((Counter(aside) - have).elements())
        if len(new) != 2:
            return []
        readings = [(d.kind, d.face) for d in _flat(observed.in_area(ROLL_AREA)) if d.face is not None] + new
        roll = canonical_roll(state.dice_to_roll(), readings)
        if roll is None or not state.is_legal(roll):
            return []
        work = scratch_copy(state)
        work.push_unchecked(roll)
        keep = canonical_set_aside(work, new)
        if keep is None or not work.is_legal(keep):
            return []
        return [(roll, keep)]

    def _catch_up_from_set_aside(self, state: OctoDiceState,
                                 observed: OctoDiceObservation) -> list[tuple[Move, ...]]:
        if state.set_aside:  # 4 new dice in the strip only fit the first set-aside of a turn
            return []
        new = [(d.kind, d.face or "") for d in _flat(observed.in_area(ASIDE))]
        if len(new) != 4:
            return []
        chains: dict[tuple[Move, ...], None] = {}
        for first in combinations(new, 2):
            keep = canonical_set_aside(state, first)
            if keep is None or not state.is_legal(keep):
                continue
            work = scratch_copy(state)
            work.push_unchecked(keep)
            for chain in self.catch_up_chains(work, observed):
                chains[(keep, *chain)] = None
        return list(chains)

    def _roll_for(self, state: OctoDiceState, observed: OctoDiceObservation) -> Move | None:
        dice = state.dice_to_roll()
        readings = [(d.kind, d.face) for d in _flat(observed.in_area(ROLL_AREA)) if d.face is not None]
        roll = canonical_roll(dice, readings)
        if roll is None:
            again = numbers_read_again(dice, readings)  # a black die's number misread
            roll = canonical_roll(dice, again) if again is not None else None
        if roll is None or not state.is_legal(roll):
            return None
        return roll

    def _set_aside_for(self, state: OctoDiceState, observed: OctoDiceObservation) -> Move | None:
        have = Counter((kind_of(d), state.faces[d]) for d in state.set_aside)
        seen = Counter((d.kind, d.face or "") for d in _flat(observed.in_area(ASIDE)))
        if any(seen[k] < n for k, n in have.items()):
            return None  # a set-aside die left the strip
        new = list((seen - have).elements())
        if len(new) != 2:
            return None
        return canonical_set_aside(state, new)

    def _set_aside_by_roll_area(self, state: OctoDiceState, observed: OctoDiceObservation) -> Move | None:
        """The 2 dice that left the roll area, when it shows the others as rolled: the set-aside
        is then known even if a die in the strip is misread (its face is a doubtful difference),
        which the strip alone cannot tell."""
        free = [d for d in state.faces if d not in state.set_aside]
        seen = Counter((d.kind, d.face or "") for d in _flat(observed.in_area(ROLL_AREA)))
        left = Counter((kind_of(d), state.faces[d]) for d in free) - seen
        if len(observed.in_area(ROLL_AREA)) != len(free) - 2 or sum(left.values()) != 2:
            return None
        return canonical_set_aside(state, list(left.elements()))

    def reveals(self, state: OctoDiceState, observed: OctoDiceObservation) -> list[tuple[object, object]]:
        return []

    def same_scene(self, first: OctoDiceObservation, second: OctoDiceObservation) -> bool:
        def key(o: OctoDiceObservation) -> list[tuple[str, str, str, int, int]]:
            return sorted((d.kind, d.face or "", d.area, round(d.x / 6), round(d.y / 6)) for d in o.dice)

        return key(first) == key(second)

    def player_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    # ------------------------------------------------------------------ words
    def diagnose(self, state: OctoDiceState, observed: OctoDiceObservation, differences: Sequence[Difference]) -> str:
        """The plain reason no step of the roll procedure explains the mat."""
        if not observed.dice:
            return "no dice on the mat"
        for d in observed.dice:
            if d.kind == "other":
                return f"a die of another game lies on the mat at {_at(d)}: only the six Octo Dice are read"
        for d in observed.dice:
            if d.kind in ("white", "black") and d.area == OFF and not d.cocked:
                return f"a {d.kind} die lies off the mat at {_at(d)}: put it in the roll area or the set-aside area"
        for d in observed.dice:
            if d.turned_from is not None and d.face is not None:
                return (f"{_words(d.kind, d.face)} was turned by hand: it showed {face_words(d.turned_from)} "
                        "at the same place and did not tumble")
        here = self.expected(state)
        aside_seen = _flat(observed.in_area(ASIDE))
        roll_seen = _flat(observed.in_area(ROLL_AREA))
        left_aside, _ = _compare(here.aside, aside_seen)
        phase = state.phase
        who = self.player_name(state.active_player())
        # at a turn's first roll the last turn's strip is picked up with the rest: no set-aside die
        if left_aside and phase in (ROLL, SET_ASIDE) and state.set_aside:
            kind, face = left_aside[0]
            missing_roll, _ = _compare(here.roll, roll_seen)
            back_in_roll = any((d.kind, d.face) == (kind, face) for d in roll_seen)
            if phase == ROLL and missing_roll and len(roll_seen) > len(state.dice_to_roll()):
                return (f"{_words(kind, face)} was set aside and has been rolled again: set-aside dice stay "
                        "where they are until the end of the turn")
            if back_in_roll:
                return (f"{_words(kind, face)} was taken back from the set-aside area: set-aside dice "
                        "stay there until the end of the turn")
            return f"{_words(kind, face)} left the set-aside area: set-aside dice stay there until the end of the turn"
        stale = [d for d in roll_seen if d.seen_serial is not None and d.seen_serial == here.roll_serial]
        if phase == SET_ASIDE:
            _, new_aside = _compare(here.aside, aside_seen)
            if new_aside and len(new_aside) != 2:
                return f"{who} set aside {len(new_aside)} dice: keep exactly 2 after each roll"
            if not new_aside and roll_seen and _compare(here.roll, roll_seen) != ([], []):
                return f"the dice were rolled again before 2 were set aside: {who} keeps 2 dice, then rolls the rest"
        if phase in (ROLL, VIRTUAL_ROLL):
            to_roll = len(state.dice_to_roll())
            moved = [d for d in roll_seen if d not in stale]
            if stale and moved:
                return (f"{len(moved)} dice were rolled and {len(stale)} did not move: roll all {to_roll} dice "
                        "that are not set aside")
            if len(roll_seen) != to_roll and roll_seen:
                return f"{len(roll_seen)} dice lie in the roll area: roll the {to_roll} dice that are not set aside"
        if phase in (ACTIONS_PHASE, BONUS, SUPER_LEVEL):
            return (f"the dice moved, but the game waits for a choice on the tablet: {state.waiting_for()}")
        named = [d.description for d in sorted(differences, key=lambda d: -d.weight)[:3]]
        return "the dice do not match any step of the roll procedure: " + "; ".join(named)


def _numbers_misread(missing: list[tuple[str, str]],
                     extra: list[DieReading]) -> list[tuple[str, str, DieReading]]:
    """Pairs (kind, face expected, reading) of a black face the area lacks and an unsure black
    reading there of the same colour with another number (``NUMBER_MISREAD_WEIGHT``)."""
    pairs: list[tuple[str, str, DieReading]] = []
    left = list(missing)
    for d in extra:
        if d.kind != "black" or d.face is None or "-" not in d.face or d.confidence >= NUMBER_DOUBT:
            continue
        colour = d.face.split("-")[0]
        same = next(((k, f) for k, f in left if k == "black" and "-" in f and f.split("-")[0] == colour
                     and f != d.face), None)
        if same is not None:
            left.remove(same)
            pairs.append((same[0], same[1], d))
    return pairs


def _still_misread(missing: list[tuple[str, str]],
                   extra: list[DieReading]) -> list[tuple[str, str, DieReading]]:
    """Pairs (kind, face expected, reading) of a face the area lacks and a reading there that the
    scene memory saw showing that face at the same place (``STILL_MISREAD_WEIGHT``)."""
    pairs: list[tuple[str, str, DieReading]] = []
    left = list(missing)
    for d in extra:
        if d.unsure_from is not None and (d.kind, d.unsure_from) in left:
            left.remove((d.kind, d.unsure_from))
            pairs.append((d.kind, d.unsure_from, d))
    return pairs


def _at(d: DieReading) -> str:
    return f"({d.x:.0f}, {d.y:.0f}) mm"


def _compare(want: Seen, seen: list[DieReading]) -> tuple[list[tuple[str, str]], list[DieReading]]:
    """(expected dice not seen, readings not expected)."""
    left = Counter(want)
    extra: list[DieReading] = []
    for d in seen:
        key = (d.kind, d.face or "")
        if left[key] > 0:
            left[key] -= 1
        else:
            extra.append(d)
    return list(left.elements()), extra
