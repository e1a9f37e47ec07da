"""The Open Season pixel recogniser: a calibrated frame -> :class:`OpenSeasonObservation`.

Cards come from ``vision.open_season.cards.CardReader`` (walls, inn, stocks, kept cards, expert
discards, accolade counts), tokens and tiles from ``vision.open_season.tokens.TokenReader``. Both
are built on the first frame from the table geometry: the twin's exact camera model, or the
pipeline's calibration profile. A hand crossing the table's edge (``vision.open_season.occlusion``)
makes the frame ``occluded`` and nothing else is read. Cards that look like another printing
(``vision.open_season.familiar``) make it ``unknown_copy``: the pipeline asks to be taught.

What the readers are unsure of goes into the observation as weights, never as a guess taken for
sure: a wall card's confidence (``PlayerReading.confidence``), and an accolade count that another
count fits nearly as well (``PlayerReading.accolades_confidence`` < 1: the adapter then gives its
difference little weight, see ``tracker/open_season/adapter.py``), the bonus columns whose
face the token reader doubts (``PlayerReading.bonus_unsure``: every face is tried there, asked)
or whose activation it doubts (``bonus_active_unsure``: its difference weighs little),
and a personal row, a wall space's wild token or a Shield scoring's trophy it doubts
(``PlayerReading.personal_unsure``, ``wall_wilds_unsure``, ``scorings_unsure``: their differences
weigh little).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from vision.open_season.observation import OpenSeasonObservation, PlayerReading


def _view_of(source: Any, image_size: tuple[int, int]) -> Any:
    """A ``TableView`` from the twin's camera model or a calibration profile."""
    from vision.octocube.recogniser import _view_from

    view, _ = _view_from(source, None, image_size)
    return view


class OpenSeasonPixelRecogniser:
    name = "vision.open_season (pixels: card templates, token reader)"
    needs_calibration = True

    def __init__(self, side: str, num_players: int, expert: bool, *, camera: Any = None,
                 profile_of: Callable[[], Any] | None = None, pack: Any = None) -> None:
        self.side = side
        self.num_players = num_players
        self.expert = expert
        self.pack = pack
        self._camera = camera
        self._profile_of = profile_of
        self.needs_calibration = camera is None
        self._size: tuple[int, int] | None = None
        self._cards: Any = None
        self._tokens: Any = None
        self._hands: Any = None
        self._profile: Any = None
        if pack is not None:
            self.name = "vision.open_season (pixels, taught pack)"

    def _build(self, image_size: tuple[int, int], profile: Any) -> None:
        from vision.open_season.cards import CardReader
        from vision.open_season.occlusion import HandDetector
        from vision.open_season.tokens import TABLE_SCORING_LINE, TokenReader

        source = self._camera if self._camera is not None else profile
        if source is None:
            raise ValueError("the table is not calibrated yet")
        view = _view_of(source, image_size)
        self._cards = CardReader(view, self.side, self.num_players, self.pack, expert=self.expert, remember=True)
        self._tokens = TokenReader(view, self.side, self.num_players, self.expert, pack=self.pack,
                                   scoring_line=TABLE_SCORING_LINE)
        # one detector per session and calibration: it keeps the bare ring of the scenes it read
        self._hands = HandDetector(view, remember=True)
        self._size = image_size
        self._profile = profile

    def recognise(self, frame: Any) -> OpenSeasonObservation:
        from vision.open_season.familiar import judge_copy

        image = np.asarray(getattr(frame, "image", frame))
        if image.ndim != 3 or image.shape[2] != 3:
            raise ValueError(f"expected a colour frame, not an array of shape {image.shape}")
        size = (int(image.shape[1]), int(image.shape[0]))
        profile = None if self._camera is not None or self._profile_of is None else self._profile_of()
        # built on the first frame; a new frame size or a new calibration (the camera was moved
        # and recalibrated) rebuilds the readers
        if self._cards is None or size != self._size or profile is not self._profile:
            self._build(size, profile)
        if self._hands.check(image).occluded:
            return OpenSeasonObservation(occluded=True)
        tokens = self._tokens.read(image)
        trophies = {seat: set(t.wall_trophies) for seat, t in tokens.items()}
        cards = self._cards.read_table(image, trophies, {seat: dict(t.wall_trophies) for seat, t in tokens.items()})
        observed = observation_from_reads(cards, tokens, self.num_players)
        # cards of a printing the reader does not know would be read as the nearest known faces:
        # say so (the pipeline asks to be taught) rather than track them
        judged = judge_copy(cards, taught=self.pack is not None)
        observed.familiarity, observed.unknown_copy = judged.familiarity, judged.unknown_copy
        return observed


PERSONAL_UNSURE_UNDER_STOCK_CARDS = 5
"""A seat whose stock reads this many cards or more has its personal row (supply trophies, wilds,
penalty and series tiles) marked unsure (``PlayerReading.personal_unsure``: their differences weigh
little), whatever the token reader says: the stock fans towards the row (the scene's card i at
y = -40 + 17 i mm, the tokens at y = 58 mm: the fifth card reaches over the row's first places),
and a card whose colour lies near the mat's is not seen there as "something over the row".
Fresh game 103111 (printing 998298, 3 players, Shield expert, tilt 13, lamp), scenes 107-109:
player 2's fifth card, the teal barbarian-eyepatch given by bonus face 3, lay over the one supply
trophy; the row read 0 trophies, sure (its second place's colour 1.78 from the mat, ``MAT_FAR`` 1.8), and
weighed 1: two false alarms and a recovery question (session 83, ostrace83). Seed 97643's fifth
card was seen by the token reader. 0: off (the token reader's doubt alone, as before)."""


def observation_from_reads(cards: Any, tokens: dict[int, Any], num_players: int) -> OpenSeasonObservation:
    """A :class:`vision.open_season.cards.TableCards` and the token reader's seats -> observation."""
    from vision.open_season.cards import BACK, EMPTY, HIDDEN

    players = {}
    for seat in range(num_players):
        wall: dict[int, str | None] = {}
        confidence: dict[int, float] = {}
        for number, read in cards.walls[seat].items():
            if read.card != EMPTY:
                wall[number] = None if read.card == BACK else read.card
            if read.confidence < 1.0:
                confidence[number] = read.confidence
        kept = cards.kept[seat].card
        accolades = cards.accolades[seat]
        t = tokens.get(seat)
        # a wild token lies only on a wall card: one read where the card reader sees none is a
        # doubt, not a token (seed 102401, printing 930001: player 1's empty space 3 read as
        # holding a wild in 7 of 12 stills, 6 false alarms)
        read_wilds = frozenset(t.wall_wilds) if t else frozenset()
        wall_wilds = frozenset(s for s in read_wilds if s in wall)
        wilds_unsure = (frozenset(getattr(t, "wall_wilds_unsure", frozenset())) if t else frozenset()) \
            | (read_wilds - wall_wilds)
        players[seat] = PlayerReading(
            wall=wall,
            wall_trophies=dict(sorted(t.wall_trophies.items())) if t else {},
            wall_wilds=wall_wilds,
            stock=tuple(r.card for r in cards.stocks[seat]),
            accolades=accolades.count,
            accolade_wilds=t.accolade_wilds if t else 0,
            kept=None if kept == EMPTY else kept,
            trophies=t.trophies if t else 0,
            wilds=t.wilds if t else 0,
            penalty=bool(t.penalties) if t else False,
            series=bool(t.series) if t else False,
            scorings=frozenset(t.scorings) if t else frozenset(),
            bonus=dict(sorted(t.bonus.items())) if t else {},
            confidence=confidence,
            stock_confidence=tuple(r.confidence for r in cards.stocks[seat]),
            accolades_confidence=accolades.confidence,
            # the token reader measures the light on the seat's wall cards: an empty wall (the
            # set-up) shows only the dark mat there, which says nothing of the light
            bonus_confidence=0.0 if t is not None and getattr(t, "dark", False) and wall else 1.0,
            bonus_unsure=frozenset(getattr(t, "bonus_unsure", frozenset())) if t else frozenset(),
            bonus_hidden=frozenset(getattr(t, "bonus_hidden", frozenset())) if t else frozenset(),
            bonus_active_unsure=frozenset(getattr(t, "bonus_active_unsure", frozenset())) if t else frozenset(),
            personal_unsure=(bool(getattr(t, "personal_unsure", False)) if t else False) or (
                0 < PERSONAL_UNSURE_UNDER_STOCK_CARDS <= len(cards.stocks[seat])),
            wall_wilds_unsure=wilds_unsure,
            scorings_unsure=frozenset(getattr(t, "scorings_unsure", frozenset())) if t else frozenset(),
        )
    return OpenSeasonObservation(
        inn=tuple(sorted(r.card for r in cards.inn if r.card not in (EMPTY, HIDDEN))),
        inn_hidden=sum(r.card == HIDDEN for r in cards.inn),
        inn_hidden_slots=tuple(slot for slot, r in enumerate(cards.inn) if r.card == HIDDEN),
        players=players,
        discards=tuple(sorted(r.card for r in cards.discards)),
        discards_seen=cards.discards_seen,
    )
