"""Open Season card identities: 6 peoples x 5 attributes, 6 copies of each identity.

A card identity is an int ``people * 5 + attribute`` inside the engine (cheap to count and
compare) and a name such as ``"elf-crown"`` in moves and JSON (readable by people and trackers).
Copies of one identity are indistinguishable, so a draw's outcome is an identity, not a copy.
"""

from __future__ import annotations

PEOPLES: tuple[str, ...] = ("elf", "mage", "sorcerer", "dwarf", "gnome", "barbarian")
ATTRIBUTES: tuple[str, ...] = ("crown", "tattoo", "dagger", "earrings", "eyepatch")
NUM_ATTRIBUTES = len(ATTRIBUTES)
NUM_IDENTITIES = len(PEOPLES) * NUM_ATTRIBUTES
COPIES = 6
"""Decision (shared/rules/open_season.md): 6 cards of each attribute for each people."""
DECK_SIZE = NUM_IDENTITIES * COPIES
INN_SIZE = 5

CARD_NAMES: tuple[str, ...] = tuple(f"{p}-{a}" for p in PEOPLES for a in ATTRIBUTES)
CARD_IDS: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}
ATTRIBUTE_IDS: dict[str, int] = {name: i for i, name in enumerate(ATTRIBUTES)}
PEOPLE_IDS: dict[str, int] = {name: i for i, name in enumerate(PEOPLES)}

EMPTY = -1
"""A wall space without a card."""
FACE_DOWN = NUM_IDENTITIES
"""Wall value offset: ``FACE_DOWN + identity`` is that card lying face down (no people, no
attribute for any rule; the identity is kept only so every card stays accounted for)."""


def card_id(people: str, attribute: str) -> int:
    return PEOPLE_IDS[people] * NUM_ATTRIBUTES + ATTRIBUTE_IDS[attribute]


def people_of(card: int) -> int:
    return card // NUM_ATTRIBUTES


def attribute_of(card: int) -> int:
    return card % NUM_ATTRIBUTES


def card_name(card: int) -> str:
    return CARD_NAMES[card]
