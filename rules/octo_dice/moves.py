"""Octo Dice moves: small frozen dataclasses, one per kind, all JSON round-trippable.

Who makes a move is never a field: it is the state's ``current_player()`` (``CHANCE`` for rolls).
Dice are named by identity (``white1`` ... ``black3``) so that a camera reading can say which
die shows what; tuples of dice are kept in a canonical order so one event has one spelling.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core import Move, MoveCodec
from rules.octo_dice.components import DIE_ORDER


def _die_key(die: object) -> tuple[int, str]:
    return (DIE_ORDER.get(die, len(DIE_ORDER)) if isinstance(die, str) else len(DIE_ORDER), str(die))


def _canonical(dice: tuple[str, ...]) -> tuple[str, ...]:
    """Dice in the fixed order white1..black3 (unknown names last, kept for error messages)."""
    order = DIE_ORDER
    previous = -1
    for die in dice:
        rank = order.get(die, -1)
        if rank <= previous:
            return tuple(sorted(dice, key=_die_key))
        previous = rank
    return dice


def _require_names(values: tuple[object, ...], what: str) -> None:
    if not isinstance(values, tuple) or not all(isinstance(v, str) for v in values):
        raise TypeError(f"{what} must be a list of die names like 'white1'")


@dataclass(frozen=True)
class Roll(Move):
    """A chance event: the dice that were thrown and the face each one shows.

    ``results`` pairs die and face, e.g. ``(("white1", "lab"), ("black2", "red-0"))``."""

    kind: ClassVar[str] = "roll"
    results: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        if not isinstance(self.results, tuple) or not all(
            isinstance(r, tuple) and len(r) == 2 and all(isinstance(x, str) for x in r)
            for r in self.results
        ):
            raise TypeError("roll results must be [die, face] pairs of strings")
        dice = tuple(r[0] for r in self.results)
        if _canonical(dice) is not dice:
            object.__setattr__(self, "results", tuple(sorted(self.results, key=lambda r: _die_key(r[0]))))

    @classmethod
    def unchecked(cls, results: tuple[tuple[str, str], ...]) -> Roll:
        """A roll the engine builds from its own dice, in die order, and their faces: the checks
        of a roll read from outside skipped (listing a throw's 6^6 outcomes spent most of its
        time in them)."""
        roll = object.__new__(cls)
        object.__setattr__(roll, "results", results)
        return roll

    def faces(self) -> dict[str, str]:
        return dict(self.results)


@dataclass(frozen=True)
class SetAside(Move):
    """The active player keeps two of the dice just rolled (they may not be rolled again)."""

    kind: ClassVar[str] = "set_aside"
    dice: tuple[str, ...]

    def __post_init__(self) -> None:
        _require_names(self.dice, "set-aside dice")
        object.__setattr__(self, "dice", _canonical(self.dice))


@dataclass(frozen=True)
class Action(Move):
    """A main action of the active player: a white die (which action) + a black die (how).

    ``action`` may differ from the white die's symbol only through Flexi-Tec (research used as
    bot) or Flexi-Sub (submarine used as bot). ``as_colour``/``as_number`` are set only when
    Flexi-Lab reads a yellow black die as another colour or number. ``column`` (0-2) is the lab
    column of a lab action."""

    kind: ClassVar[str] = "action"
    white: str
    black: str
    action: str
    column: int | None = None
    as_colour: str | None = None
    as_number: int | None = None

    def __post_init__(self) -> None:
        for name in ("white", "black", "action"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(f"{name} must be a string, got {getattr(self, name)!r}")
        if self.as_colour is not None and not isinstance(self.as_colour, str):
            raise TypeError(f"as_colour must be a colour name, got {self.as_colour!r}")


@dataclass(frozen=True)
class EndActions(Move):
    """The active player takes no (further) main action this turn; octopods are then counted."""

    kind: ClassVar[str] = "end_actions"


@dataclass(frozen=True)
class BonusAction(Action):
    """An opponent's bonus action: a main action with 2 of the active (or virtual) player's dice."""

    kind: ClassVar[str] = "bonus_action"


@dataclass(frozen=True)
class BonusOctopods(Move):
    """An opponent's bonus action: an octopod action with 2 of the active player's dice."""

    kind: ClassVar[str] = "bonus_octopods"
    dice: tuple[str, ...]

    def __post_init__(self) -> None:
        _require_names(self.dice, "bonus octopod dice")
        object.__setattr__(self, "dice", _canonical(self.dice))


@dataclass(frozen=True)
class DeclineBonus(Move):
    """The opponent to decide takes no bonus action on this turn."""

    kind: ClassVar[str] = "decline_bonus"


@dataclass(frozen=True)
class SuperLevel(Move):
    """Super-Level (I1), just before the bonus scoring: a marker jumps to level 2 of ``column``."""

    kind: ClassVar[str] = "super_level"
    column: int


MOVE_TYPES: tuple[type[Move], ...] = (
    Roll, SetAside, Action, EndActions, BonusAction, BonusOctopods, DeclineBonus, SuperLevel,
)
MOVE_CODEC = MoveCodec(MOVE_TYPES)
