"""One player's score sheet: crossed circles, lab markers and per-third counters.

Points are not stored here: every point is an entry of the state's ledger (see
:class:`LedgerEntry`), so the score sheet's boxes, the third totals and the score breakdown are
all read from one source and cannot disagree.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.octo_dice.components import BOT_TRACK, LAB_COLUMNS, SUBMARINES, THIRDS


class LedgerEntry(NamedTuple):
    """One written box of a score sheet.

    ``third`` is 0-2 for a third and 3 for the bonus scoring; ``row`` says where on the sheet
    (``turn 1``/``turn 2``/``turn 3``, ``bonus actions``, ``intermediate scoring``,
    ``bonus scoring``); ``box`` which box of that row; ``kind`` what earned it (an action name,
    ``octopods``, ``submarine scoring``, ``octopod penalty``, ``crystal majority``,
    ``level-2 labs``, ``super-level``)."""

    player: int
    third: int
    row: str
    box: str
    kind: str
    points: int
    reason: str


BONUS_THIRD = THIRDS
"""``LedgerEntry.third`` of the bonus-scoring entries."""


class Sheet:
    """What is crossed on one player's sheet; cheap to copy (undo takes a copy per move)."""

    __slots__ = ("crystals", "research", "bots", "subs", "lab", "octopods", "bonus_used", "used_abilities")

    def __init__(self) -> None:
        self.crystals = 0
        """Crossed crystal circles (the order on paper does not matter)."""
        self.research = 0
        """Crossed research circles; they are crossed in order, so this is also the next index."""
        self.bots = 0
        """Bit i set = bot circle i of ``BOT_TRACK`` crossed."""
        self.subs = 0
        """Bit i set = submarine of colour ``SUBMARINES[i]`` crossed."""
        self.lab = [-1] * LAB_COLUMNS
        """Marker level per column: -1 above the tiles, else the level of the tile it stands on."""
        self.octopods = [0] * THIRDS
        """Octopod symbols crossed per third (0-2); 2 also crosses out the -2."""
        self.bonus_used = [0] * THIRDS
        """Opponents' bonus actions taken per third (0-2)."""
        self.used_abilities: frozenset[str] = frozenset()
        """Once-per-turn lab abilities (tile codes) already used this turn."""

    def copy(self) -> Sheet:
        other = Sheet.__new__(Sheet)
        other.crystals = self.crystals
        other.research = self.research
        other.bots = self.bots
        other.subs = self.subs
        other.lab = self.lab[:]
        other.octopods = self.octopods[:]
        other.bonus_used = self.bonus_used[:]
        other.used_abilities = self.used_abilities
        return other

    # ---- derived
    def bot_crossed(self, index: int) -> bool:
        return bool(self.bots >> index & 1)

    def sub_crossed(self, index: int) -> bool:
        return bool(self.subs >> index & 1)

    def bots_of_colour(self, colour: str) -> int:
        return sum(1 for i, (c, _) in enumerate(BOT_TRACK) if c == colour and self.bot_crossed(i))

    def submarine_count(self) -> int:
        return bin(self.subs).count("1")

    def crossed_penalties(self) -> int:
        """Thirds whose -2 is crossed out (both octopods caught)."""
        return sum(1 for n in self.octopods if n >= 2)

    def to_json(self) -> dict[str, Any]:
        return {
            "crystals": self.crystals,
            "research": self.research,
            "bots": [self.bot_crossed(i) for i in range(len(BOT_TRACK))],
            "submarines": [self.sub_crossed(i) for i in range(len(SUBMARINES))],
            "lab": list(self.lab),
            "octopods": list(self.octopods),
            "bonus_actions": list(self.bonus_used),
            "abilities_used_this_turn": sorted(self.used_abilities),
        }
