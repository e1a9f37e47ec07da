"""What the Open Season tracker keeps of the last scene it accepted: the cards it saw in visible
inn slots (:class:`InnMemory`, the game's :class:`tracker.table.SceneMemory`).

The deck stands beside the inn and hides a slot or two from a tilted camera; such a slot reads
``inn_hidden`` and may hold any card the game put in the inn. A card once seen in a visible slot
cannot move behind the deck: when it no longer shows, it left the inn. Without this, a card taken
from a visible slot (a steal's compensation) looked as if it still lay behind the deck, and a
blind draw of the same card onto the stock explained the scene better than the take itself
(bench seed 97418: confirmed twice without a question, nine alarms followed). And a card the
tracker's view had behind the deck may be taken from there unseen: the slot then reads as it did,
hidden, and "a card lies behind the deck where the inn should have none" is no sure sign that the
take did not happen (the second time on 97418 the card lay behind the deck).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from vision.open_season.observation import OpenSeasonObservation


class InnMemory:
    """Remembers the inn cards of the last accepted scene that the tracker's view agreed with, and
    how many cards that view had behind the deck."""

    def __init__(self) -> None:
        self._inn: Counter[str] = Counter()
        self._hidden = 0
        self._behind = 0

    def annotate(self, observed: Any) -> Any:
        """``observed`` with ``inn_left`` (remembered cards no visible slot shows any more) and
        ``inn_behind`` (hidden slots that may have been emptied unseen). Where more slots read
        hidden than then, a card that no longer shows may lie in one of them (a slot the deck may
        hide reads hidden where its card reads unsurely) or have left it (an emptied slot there
        reads hidden too: seed 97418): nothing is sure gone, and each new hidden slot may have
        been emptied."""
        if not isinstance(observed, OpenSeasonObservation) or observed.occluded:
            return observed
        left = self._inn - Counter(observed.inn)
        new_hidden = max(0, observed.inn_hidden - self._hidden)
        behind = min(observed.inn_hidden, min(self._behind, observed.inn_hidden) + min(new_hidden, sum(left.values())))
        gone = () if new_hidden else tuple(sorted(left.elements()))
        if not gone and not behind:
            return observed
        return replace(observed, inn_left=gone, inn_behind=behind)

    def remember(self, observed: Any, expected: Any) -> None:
        if not isinstance(observed, OpenSeasonObservation) or not isinstance(expected, OpenSeasonObservation):
            return
        # only the cards the game agrees lie in the inn: a misread card is no reference
        self._inn = Counter(observed.inn) & Counter(expected.inn)
        self._hidden = observed.inn_hidden
        self._behind = min(observed.inn_hidden, len(expected.inn) - sum(self._inn.values()))

    def forget(self) -> None:
        self._inn = Counter()
        self._hidden = 0
        self._behind = 0


__all__ = ["InnMemory"]
