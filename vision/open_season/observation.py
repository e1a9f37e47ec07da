"""What an overhead camera reads from an Open Season table, as typed readings.

Cards are named ``people-attribute`` (``"elf-crown"``); a wall card lying face down reads as
``None``. What no camera can see is not here: the cards in a player's hand, the peeked cards, the
deck's order, which attribute a wild token stands for, the identities of the face-down
accolades (only how many there are).
"""

from __future__ import annotations

from dataclasses import dataclass, field

FACE_DOWN_CARD = None
"""A wall card read face down."""


@dataclass
class PlayerReading:
    """One player's wall, personal supply and tokens."""

    wall: dict[int, str | None] = field(default_factory=dict)
    """Wall space number (from 1) -> card name, or None for a face-down card; empty spaces absent."""
    wall_trophies: dict[int, int] = field(default_factory=dict)
    """Wall space number -> trophy tokens on its card (spaces without a trophy absent)."""
    wall_wilds: frozenset[int] = frozenset()
    """Wall spaces whose card carries a wild token."""
    stock: tuple[str, ...] = ()
    """The stock, bottom to top (fanned face up, every card shows)."""
    accolades: int = 0
    """Face-down accolade cards."""
    accolade_wilds: int = 0
    kept: str | None = None
    """The inn card kept for the next turn (face up in the personal supply)."""
    trophies: int = 0
    wilds: int = 0
    penalty: bool = False
    series: bool = False
    scorings: frozenset[str] = frozenset()
    """Shield side: endgame scorings with a trophy beside them."""
    bonus: dict[int, tuple[int, bool]] = field(default_factory=dict)
    """Expert: column (1-4) -> (face number, permanent face activated)."""
    confidence: dict[int, float] = field(default_factory=dict, compare=False)
    """Wall space -> how sure the card reading is (absent: sure)."""
    stock_confidence: tuple[float, ...] = field(default=(), compare=False)
    """Per stock position (bottom to top), how sure its reading is (absent: sure). A lower card of
    the fan shows only its top strip, where two attributes of one people can look alike."""
    accolades_confidence: float = field(default=1.0, compare=False)
    """How sure the accolade count is (1: no other count fits the fan nearly as well; a large
    fan hardly grows with one card more, so its count is often unsure)."""
    bonus_confidence: float = field(default=1.0, compare=False)
    """How sure the bonus tiles' face numbers are (below 1: the seat is too dark for the token
    reader, whose faces there may be wrong with no doubt raised: bench seed 97213)."""
    bonus_unsure: frozenset[int] = field(default=frozenset(), compare=False)
    """Columns whose face number the token reader is not sure of (another face fits nearly as
    well, or the tile is too small in the image to tell numbers apart): seed 97621's faces 3 and
    5 read as 8 and 6 at 0.6 camera pixels per mm, doubted by the reader, taken as sure."""
    bonus_active_unsure: frozenset[int] = field(default=frozenset(), compare=False)
    """Expert: the columns where the token reader doubts whether the tile is activated (its gold
    rim a camera pixel wide: demo 102970's face 14 read not activated in most stills after it was,
    15 false alarms); the activation read there may be wrong either way."""
    bonus_hidden: frozenset[int] = field(default=frozenset(), compare=False)
    """Expert: the columns where a tile seems to lie but no face fits it (a hand over it, bare mat
    taken for a tile): they say nothing of the tile there (``tokens.BONUS_FACE_FIT_MIN``)."""
    wall_wilds_unsure: frozenset[int] = field(default=frozenset(), compare=False)
    """Wall spaces where the token reader doubts whether a wild token lies (seed 97702's space 10,
    read with one now and then at tilt 33 in the evening light)."""
    scorings_unsure: frozenset[str] = field(default=frozenset(), compare=False)
    """Shield: the scorings where the token reader doubts whether a trophy lies (an empty place
    fitting near the line: bench seeds 102003-102005, named in 11 of their 20 false alarms)."""
    personal_unsure: bool = field(default=False, compare=False)
    """The token reader doubts the personal tokens (supply trophies, wilds, penalty and series
    tiles): another reading fits nearly as well, or something lies over them (a long stock's
    last card, a hand). Seed 97643: the one supply trophy read 0 under the stock's fifth card."""


@dataclass
class OpenSeasonObservation:
    inn: tuple[str, ...] = ()
    """The inn's face-up cards, sorted by name (those the camera can read)."""
    inn_hidden: int = 0
    """Inn slots the camera cannot read (the deck stands in front of them): each may hold any card
    or none; the tracker asks which card a refill put there."""
    inn_hidden_slots: tuple[int, ...] | None = field(default=None, compare=False)
    """Which inn slots (from 0, the slot a refill fills first being the inn's length) read hidden,
    where the reader knows (``inn_hidden`` of them); None: not known (a reading without slots, an
    expected view), and the tracker lets a refill draw a card unseen into any hidden slot. Known,
    a refill draws unseen only into the hidden slots it fills, and a slot hidden among the cards the
    inn kept holds one of them (game 103062, change 72: the old sorcerer-crown slid behind the deck
    into slot 3 while the refill drew a second one into slot 5)."""
    players: dict[int, PlayerReading] = field(default_factory=dict)
    discards: tuple[str, ...] = ()
    """Expert face 1: discarded cards waiting to be picked, sorted."""
    discards_seen: bool = field(default=True, compare=False)
    """False when the camera cannot see the discards (the pixel reader, 3-4 players: they lie
    under the west wall board): then they say nothing."""
    occluded: bool = field(default=False, compare=False)
    """A hand is over the table: the reading is not a still scene."""
    familiarity: float | None = field(default=None, compare=False)
    """The share of face-up cards read that fit a face of the copy the reader knows (None: too
    few cards to judge; ``vision/open_season/familiar.py``)."""
    unknown_copy: str | None = field(default=None, compare=False)
    """Set when the cards look like no copy the reader knows (another printing): the pipeline
    shows this message and asks to be taught instead of tracking."""
    refill_due: bool = field(default=False, compare=False)
    """Expected views only (the tracker's, never a camera reading): the game waits for the inn's
    refill."""
    stands_for: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict, compare=False)
    """Tracker only, never a camera reading: (place, card read there) -> the near neighbours that
    card may stand for (other attributes of its people, its attribute on other peoples); places
    are ``"inn"``, ``"stock N"``, ``"wall N"``, ``"kept N"`` (N the seat). Set once the players
    said none of the options built on these readings happened (``OpenSeasonAdapter.widened``)."""
    inn_card_taken: bool = field(default=False, compare=False)
    """Expected views only: the inn's latest change (since its last refill draw) took one of its
    cards (a take, a keep, a compensation from the inn): an inn slot read hidden beyond the inn's
    cards may be the slot that card left."""
