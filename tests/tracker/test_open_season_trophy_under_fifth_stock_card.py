"""A seat's supply trophy under its stock's fifth card (``tracker.open_season.recogniser.
PERSONAL_UNSURE_UNDER_STOCK_CARDS``). Fresh game 103111 (printing 998298, 3 players, Shield, expert,
tilt 13, lamp), changes 104-106: player 2's bonus face 3 drew three cards and gave barbarian-eyepatch
to player 2's own stock (its fifth card), elf-dagger to player 3's and gnome-crown to player 1's.
The fifth card, teal like the mat, lay over player 2's one supply trophy: the token reader read 0
trophies and did not doubt the row (its second place 1.78 from the mat's colour, ``MAT_FAR`` 1.8),
so the missing trophy weighed 1 at each scene: two false alarms and a recovery question (session
82's first run, say log lines 155-161; docs/teach.md, session 83, ostrace83). Every reading here is
the twin's table as a perfect camera reads it, but player 2's trophies read 0 at those three scenes,
as the game read them, with the row marked unsure where the recogniser's rule marks it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.tracker.open_season_helpers import observe_answering
from tracker.open_season import recogniser
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.recogniser import observation_from_reads
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_table
from tracker.session import IllegalMoveAlert, QuestionAsked, TrackedGame, TrackerEvent
from vision.open_season.cards import AccoladeCount, CardRead, TableCards
from vision.open_season.observation import OpenSeasonObservation

from tests.tracker.test_open_season_copy_behind_kept_first import _truth_at

FIRST, GIVES, LAST = 101, (104, 105, 106), 110
"""From player 1's blind compensation to player 3's placing after the gives (the twin's
``changes`` indices); the three gives, whose scenes read player 2's trophy 0."""
SEAT = 1
"""Player 2."""


@pytest.fixture(scope="module")
def twin() -> OpenSeasonTwin:
    return OpenSeasonTwin(3, 103111, side="shield", expert=True, illegal=1)


def _scene(twin: OpenSeasonTwin, change: int, cards: int) -> OpenSeasonObservation:
    """Change ``change``'s perfect reading; at the gives, player 2's trophy read 0 (as the game),
    the row unsure where the stock reads ``cards`` (the recogniser's rule, 0: off) or more."""
    obs = observation_from_table(twin.descriptions[change + 1])
    if change in GIVES:
        reading = obs.players[SEAT]
        unsure = 0 < cards <= len(reading.stock)
        obs = replace(obs, players={**obs.players, SEAT: replace(reading, trophies=0, personal_unsure=unsure)})
    return obs


def _play(twin: OpenSeasonTwin, cards: int) -> tuple[TrackedGame, list[TrackerEvent], int]:
    tracked = TrackedGame(_truth_at(twin, twin.changes[FIRST - 1].truth_moves), OpenSeasonAdapter())
    events: list[TrackerEvent] = []
    rejected = 0
    for change in range(FIRST, LAST + 1):
        seen, no = observe_answering(twin, tracked, _scene(twin, change, cards))
        events += seen
        rejected += no
    return tracked, events, rejected


def test_the_gives_are_the_game_s(twin: OpenSeasonTwin) -> None:
    """Player 2 holds one supply trophy through the gives, and the first give makes the stock five
    cards long (the scene layout fans the fifth card over the personal row's first places)."""
    for change in GIVES:
        player = twin.descriptions[change + 1].players[SEAT]
        assert player.trophies == 1 and len(player.stock) == 5
    assert len(twin.descriptions[GIVES[0]].players[SEAT].stock) == 4
    assert "gives barbarian-eyepatch to player 2's stock" in twin.changes[GIVES[0]].text


def test_on_the_gives_are_followed_without_an_alert(twin: OpenSeasonTwin) -> None:
    """On (five cards, the default): the trophy read 0 under the fifth card weighs little, the gives
    are followed as the truth's moves, no alert, no question."""
    assert recogniser.PERSONAL_UNSURE_UNDER_STOCK_CARDS == 5
    tracked, events, rejected = _play(twin, recogniser.PERSONAL_UNSURE_UNDER_STOCK_CARDS)
    assert not any(isinstance(e, (IllegalMoveAlert, QuestionAsked)) for e in events), [str(e)[:300] for e in events]
    assert rejected == 0
    assert twin.as_truth(tracked.state.history) == twin.truth.history[:twin.changes[LAST].truth_moves]


def test_off_the_missing_trophy_alarms_as_the_game(twin: OpenSeasonTwin) -> None:
    """The off control, as main: the trophy read 0, sure, is unexplained at each give's scene: three
    alarms and a recovery question the players answer with the truth (as the game), then in step."""
    tracked, events, rejected = _play(twin, 0)
    assert sum(isinstance(e, IllegalMoveAlert) for e in events) == 3, [str(e)[:300] for e in events]
    assert sum(isinstance(e, QuestionAsked) for e in events) == 1 and rejected == 0
    assert twin.as_truth(tracked.state.history) == twin.truth.history[:twin.changes[LAST].truth_moves]


def _table(stock_cards: int) -> TableCards:
    stock = [CardRead(f"stock 0 {i}", "elf-crown", 1.0) for i in range(stock_cards)]
    return TableCards(inn=[], walls={0: {}}, stocks={0: stock},
                      kept={0: CardRead("kept 0", "empty", 1.0)}, accolades={0: AccoladeCount(0, 1.0, 1)})


def _tokens() -> dict[int, Any]:
    from vision.open_season.tokens import SeatTokens

    return {0: SeatTokens(wall_trophies={}, wall_wilds=frozenset(), trophies=0, wilds=0, penalties=0,
                          series=False, scorings=frozenset(), bonus={}, accolade_wilds=0)}


def test_the_recogniser_marks_the_row_under_a_long_stock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five stock cards or more: the personal row unsure though the token reader is sure; four: as
    the token reader says; off (0): never."""
    assert observation_from_reads(_table(5), _tokens(), 1).players[0].personal_unsure
    assert observation_from_reads(_table(6), _tokens(), 1).players[0].personal_unsure
    assert not observation_from_reads(_table(4), _tokens(), 1).players[0].personal_unsure
    monkeypatch.setattr(recogniser, "PERSONAL_UNSURE_UNDER_STOCK_CARDS", 0)
    assert not observation_from_reads(_table(5), _tokens(), 1).players[0].personal_unsure
