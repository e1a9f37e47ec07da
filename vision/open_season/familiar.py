"""Do the cards on the table look like a copy the card reader knows?

A printing the reader was never taught (another box's art) is read card by card as the
nearest known face, at random: tracking it would follow wrong moves and raise false alarms.
So each scene is judged first, as Octocube's tiles are (``vision/octocube/recogniser.py``
``_judge_copy``): among the inn and wall places read as a face-up card, the share whose best
template fits well. Too few and the observation says so (``unknown_copy``), and the pipeline
asks the players to teach their copy instead of tracking.

Measured on rendered tables (1280x720, tilt 0-35, the three lightings, 0-160 moves), training
printings only (random art seeds 1-12 and 51-58; docs/teach.md, "Open Season: knowing when
it does not know"):

* built-in art, built-in templates: 388 face reads in 22 scenes, fits 2.47 and up (every
  scene 100 % known at :data:`KNOWN_FIT`); 12 untaught printings: 419 face reads in 22 scenes,
  none at 2.0 or more (every scene 0 % known);
* a taught pack (2 photos): its own printing's face reads fit 6.14 and up at the 5th percentile,
  each scene 80-100 % known at :data:`KNOWN_FIT_PACK`; another printing 0-67 % per scene (12 of
  14 scenes 0 %), the built-in art 0-5 %.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vision.open_season.cards import BACK, EMPTY, HIDDEN

__all__ = ["CopyJudgement", "UNKNOWN_CARDS", "UNKNOWN_CARDS_PACK", "judge_copy"]

KNOWN_FIT = 2.0
"""A face read with the built-in templates fits at least this when the card is the built-in art
(lowest measured 2.47; untaught printings at most 0.34 as a face)."""
KNOWN_FIT_PACK = 5.0
"""The same for a taught pack's whole-card templates (its own printing: 5th percentile 6.14;
another printing: median 1.52)."""
MIN_FAMILIARITY = 0.5
"""Below this share of known face reads the scene's cards are another copy (built-in: every
scene measured 1.0 or 0.0)."""
MIN_FAMILIARITY_PACK = 0.6
"""The same with a taught pack (its own printing: 0.8 and more per scene)."""
MIN_CARDS = 3
"""Fewer face-up cards than this say too little to judge (the first stills of a set-up)."""
INN_EMPTY_UNFIT = -4.4
"""An inn slot read empty that fits the bare inn board worse than this holds a card of another
printing (printing 930003 in ``bench/teach.py --open-season-warn``, seed 739: every inn card read
empty, 24 moves never judged). Training printings: bare slots fit -4.22 and up (built-in art
-3.69 and up), other printings' cards read empty -4.42 and below (median -5.84)."""
# Not for wall spaces: bare ones fit -0.93 and up, other printings' cards read empty there -1.95
# and below, but an arm in a cloth-coloured sleeve over a wall (seed 734) reads its spaces as
# cards on one wall and as ill-fitting bare spaces on the next, which then looked spread.
MIN_INN_CARDS = 3
"""Unfitting inn cards enough on their own (see :func:`_spread`)."""
UNKNOWN_CARDS = "these cards do not look like any copy I know: teach me your copy (tablesight teach)"
UNKNOWN_CARDS_PACK = ("these cards do not look like the copy I was taught: teach me this copy "
                      "(tablesight teach) or give its pack")


@dataclass(frozen=True)
class CopyJudgement:
    """``familiarity``: the share of cards read that fit a known face (None: too few cards to
    judge); ``unknown_copy``: the players' message when the cards look like another copy."""

    familiarity: float | None
    unknown_copy: str | None


def judge_copy(cards: Any, taught: bool) -> CopyJudgement:
    """Judge one scene's :class:`vision.open_season.cards.TableCards` (the inn and the walls)."""
    regions = [("inn", list(cards.inn))] + [(f"wall {seat}", list(wall.values()))
                                            for seat, wall in cards.walls.items()]
    least_fit = KNOWN_FIT_PACK if taught else KNOWN_FIT
    # a taught wall space whose face fits too badly for a card laid there reads empty for the
    # tracker (``CardRead.unfit``: a bare space in a shadow, or another printing's card): judged
    # as the face it read, as before that floor
    faces = [(region, read.fit >= least_fit) for region, reads in regions for read in reads
             if read.card not in (EMPTY, BACK, HIDDEN) or read.unfit]
    # another printing's inn card may look more like the bare inn board than like any face: read
    # empty, but fitting the board far worse than a bare slot does
    faces += [(region, False) for region, reads in regions for read in reads
              if region == "inn" and read.card == EMPTY and read.fit < INN_EMPTY_UNFIT]
    if len(faces) < MIN_CARDS or not _spread([region for region, _ in faces]):
        return CopyJudgement(None, None)
    unfamiliar = [region for region, known in faces if not known]
    familiarity = 1.0 - len(unfamiliar) / len(faces)
    if familiarity >= (MIN_FAMILIARITY_PACK if taught else MIN_FAMILIARITY) or not _spread(unfamiliar):
        return CopyJudgement(round(familiarity, 4), None)
    return CopyJudgement(round(familiarity, 4), UNKNOWN_CARDS_PACK if taught else UNKNOWN_CARDS)


def _spread(regions: list[str]) -> bool:
    """Another printing's cards fit badly wherever they lie; an arm the hand detector missed (a
    sleeve of the cloth's own colour crossing the table's edge, seeds 731 and 734 of
    ``bench/teach.py --open-season-warn``: four empty spaces of one wall read as cards fitting
    -2.5) covers one wall. So a scene is judged only where its face-up cards, and called another
    copy only where its unfitting cards, lie in two regions (the inn, each wall) or are
    :data:`MIN_INN_CARDS` inn cards (the first judged scene of a game: the inn just dealt, the
    walls still empty)."""
    return len(set(regions)) >= 2 or regions.count("inn") >= MIN_INN_CARDS
