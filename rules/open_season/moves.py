"""Open Season moves: one small frozen dataclass per kind of decision or chance outcome.

Cards are named ``"people-attribute"`` (``"elf-crown"``); wall spaces and columns are numbered
from 1 as in the layout tables; players are seats from 0.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from rules.core import UNKNOWN_JSON, Move, MoveCodec

UNSEEN_CARD = UNKNOWN_JSON
"""``Draw(UNSEEN_CARD)``: a tracker's inn refill drawn into a slot the camera cannot see (behind
the deck); the inn holds :data:`rules.core.UNKNOWN` until a move that takes it names it."""


# ---- chance outcomes
@dataclass(frozen=True)
class Draw(Move):
    """Chance: the deck's top card turned out to be ``card`` (:data:`UNSEEN_CARD` in a hidden
    state: drawn into the inn where nobody sees it)."""

    kind: ClassVar[str] = "draw"
    card: str


@dataclass(frozen=True)
class RandomAccolade(Move):
    """Chance: the card taken at random from a player's accolades was ``card``."""

    kind: ClassVar[str] = "random_accolade"
    card: str


# ---- the turn
@dataclass(frozen=True)
class ChooseBonusFace(Move):
    kind: ClassVar[str] = "choose_bonus_face"
    column: int
    face: int


@dataclass(frozen=True)
class TakeFromInn(Move):
    """Step 3: the inn cards taken into the hand (one fewer when a card was kept)."""

    kind: ClassVar[str] = "take"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PlaceCard(Move):
    """Step 4: this hand card goes on this wall space (the other goes atop the stock)."""

    kind: ClassVar[str] = "place"
    card: str
    space: int
    face_down: bool = False


@dataclass(frozen=True)
class Steal(Move):
    kind: ClassVar[str] = "steal"
    victim: int


@dataclass(frozen=True)
class Compensate(Move):
    """The steal's victim takes an inn card (``source="inn"``), the deck's top card
    (``"deck"``) or nothing (``"none"``)."""

    kind: ClassVar[str] = "compensate"
    source: str
    card: str | None = None


@dataclass(frozen=True)
class MoveTrophy(Move):
    kind: ClassVar[str] = "move_trophy"
    from_space: int
    to_space: int


@dataclass(frozen=True)
class KeepPeeked(Move):
    kind: ClassVar[str] = "keep_peeked"
    card: str


@dataclass(frozen=True)
class KeepInnCard(Move):
    kind: ClassVar[str] = "keep_inn_card"
    card: str


@dataclass(frozen=True)
class TakeInnCard(Move):
    """Shield action: an inn card straight atop the stock."""

    kind: ClassVar[str] = "take_inn_card"
    card: str


@dataclass(frozen=True)
class PlaceTrophy(Move):
    kind: ClassVar[str] = "place_trophy"
    space: int


@dataclass(frozen=True)
class SkipTrophy(Move):
    kind: ClassVar[str] = "skip_trophy"


@dataclass(frozen=True)
class ActivateScoring(Move):
    """Shield side: a trophy placed beside one of the four endgame scorings."""

    kind: ClassVar[str] = "activate_scoring"
    scoring: str


@dataclass(frozen=True)
class PlaceWild(Move):
    kind: ClassVar[str] = "place_wild"
    space: int
    attribute: str


@dataclass(frozen=True)
class KeepWild(Move):
    """Expert: end the turn without placing the wild token held (it can go later)."""

    kind: ClassVar[str] = "keep_wild"


@dataclass(frozen=True)
class WildOnAccolade(Move):
    kind: ClassVar[str] = "wild_on_accolade"
    card: str
    attribute: str


# ---- expert bonus tiles
@dataclass(frozen=True)
class ActivateBonus(Move):
    kind: ClassVar[str] = "activate_bonus"
    column: int


@dataclass(frozen=True)
class PickDiscard(Move):
    kind: ClassVar[str] = "pick_discard"
    card: str


@dataclass(frozen=True)
class KeepDrawn(Move):
    kind: ClassVar[str] = "keep_drawn"
    card: str


@dataclass(frozen=True)
class ReturnOnTop(Move):
    kind: ClassVar[str] = "return_on_top"
    card: str


@dataclass(frozen=True)
class GiveCard(Move):
    kind: ClassVar[str] = "give_card"
    player: int
    card: str


@dataclass(frozen=True)
class ReturnCard(Move):
    kind: ClassVar[str] = "return_card"
    source: str
    card: str


@dataclass(frozen=True)
class SearchDeck(Move):
    kind: ClassVar[str] = "search_deck"
    card: str


@dataclass(frozen=True)
class ReplaceWallCard(Move):
    kind: ClassVar[str] = "replace_wall_card"
    source: str
    card: str
    space: int


_FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "int": (int,), "bool": (bool,), "str": (str,), "str | None": (str, type(None)),
    "tuple[str, ...]": (tuple,),
}
_FIELD_WORDS = {"int": "a whole number", "bool": "true or false", "str": "a name",
                "str | None": "a name or nothing", "tuple[str, ...]": "a list of card names"}


def field_error(move: Move) -> str | None:
    """Why a field holds the wrong kind of value, or ``None``. Exact types: ``True`` is not
    space 1 and ``"no"`` is not a face-down flag, although Python would take them as such."""
    for f in fields(move):  # type: ignore[arg-type]
        value = getattr(move, f.name)
        wanted = _FIELD_TYPES.get(str(f.type))
        if wanted is not None and type(value) not in wanted:
            return f"{move.kind} {f.name} must be {_FIELD_WORDS[str(f.type)]}, not {value!r}"
        if isinstance(value, tuple) and not all(type(v) is str for v in value):
            return f"{move.kind} {f.name} must be a list of card names, not {list(value)!r}"
    return None


MOVE_TYPES: tuple[type[Move], ...] = (
    Draw, RandomAccolade, ChooseBonusFace, TakeFromInn, PlaceCard, Steal, Compensate,
    MoveTrophy, KeepPeeked, KeepInnCard, TakeInnCard, PlaceTrophy, SkipTrophy, ActivateScoring,
    PlaceWild, KeepWild, WildOnAccolade, ActivateBonus, PickDiscard, KeepDrawn, ReturnOnTop, GiveCard,
    ReturnCard, SearchDeck, ReplaceWallCard,
)
CODEC = MoveCodec(MOVE_TYPES)

_CACHE: dict[tuple[object, ...], Move] = {}


def cached(cls: type[Move], *args: object) -> Move:
    """One shared instance per distinct move: legal-move generation allocates nothing."""
    key = (cls, *args)
    move = _CACHE.get(key)
    if move is None:
        move = _CACHE[key] = cls(*args)
    return move
