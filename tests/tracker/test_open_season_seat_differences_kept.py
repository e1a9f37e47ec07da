"""A seat's differences kept for one chain search (``OpenSeasonAdapter.seat_differences_per_search``):
within a search the scene does not change and most positions tried change one seat, so the other
seats' expected readings repeat. Kept, each is made once per distinct expected reading of the seat:
every difference the search's steps get (words, weights, order) is the one made afresh, on every
position the searches of a whole twin game visit (3 players, Shield, expert: bonus faces, wall
wilds, scoring trophies, face-down wall cards), and the game is followed as the twin played it.
Session 84, suite84b: a speed switch (the differences were a quarter of the stepping-stones test's
profile)."""

from __future__ import annotations

from typing import Any

import pytest

from tracker.adapter import Difference
from tracker.open_season import adapter as adapter_module
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.session import TrackedGame
from vision.open_season.observation import OpenSeasonObservation, PlayerReading

from tests.tracker.open_season_helpers import follow_soundly

GAME = (3, "shield", True, 90011)
"""test_open_season_expected_direct.py's second game (3 illegal changes, questions answered)."""


class _BothWays(OpenSeasonAdapter):
    """The adapter whose every comparison inside a chain search is made with the seat's kept
    differences and afresh: ``unequal`` counts those that differ (``==`` or ``repr``)."""

    def __init__(self) -> None:
        self.compared = 0
        self.unequal = 0
        self.made = {"kept": 0, "afresh": 0}
        self._way = "kept"

    def _player_differences(self, seat: int, want: PlayerReading, got: PlayerReading,
                            stands_for: Any = None) -> list[Difference]:
        self.made[self._way] += 1
        return super()._player_differences(seat, want, got, stands_for)

    def differences(self, expected: OpenSeasonObservation, observed: OpenSeasonObservation) -> list[Difference]:
        kept = super().differences(expected, observed)
        if self._seat_memo_for is not observed:
            return kept
        memo, self._seat_memo_for, self._way = self._seat_memo_for, None, "afresh"
        try:
            afresh = super().differences(expected, observed)
        finally:
            self._seat_memo_for, self._way = memo, "kept"
        self.compared += 1
        self.unequal += kept != afresh or repr(kept) != repr(afresh)
        return afresh


def _follow(players: int, side: str, expert: bool, seed: int, adapter: OpenSeasonAdapter,
            max_moves: int | None = None) -> TrackedGame:
    """The tracker on perfect observations of each filmed scene, the players answering truthfully
    (test_open_season_expected_direct.py's ``_follow``)."""
    twin = OpenSeasonTwin(players, seed, side=side, expert=expert, illegal=3, max_moves=max_moves)
    return follow_soundly(twin, TrackedGame(twin.tracker_initial_state(), adapter))


def test_the_kept_differences_are_the_ones_made_afresh_on_every_position_searched() -> None:
    assert OpenSeasonAdapter.seat_differences_per_search  # on by default
    adapter = _BothWays()
    _follow(*GAME, adapter)
    assert adapter.compared > 2000 and adapter.unequal == 0, (adapter.compared, adapter.unequal)
    # the seats' expected readings repeat: kept, a fraction of them is made (measured: 975 of 7,082)
    assert adapter.made["kept"] * 2 < adapter.made["afresh"], adapter.made


def test_off_every_position_makes_its_seats_differences() -> None:
    """Off, no search keeps anything (every comparison is made afresh): the same game followed the same."""
    adapter = _BothWays()
    adapter.seat_differences_per_search = False
    tracked = _follow(*GAME, adapter, max_moves=40)
    assert adapter.compared == 0 and adapter.made["kept"] > 500  # "kept" counts every call here
    on = _follow(*GAME, OpenSeasonAdapter(), max_moves=40)
    assert list(on.state.history) == list(tracked.state.history)


def test_control_differences_kept_without_the_stock_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept under a key that leaves out the seat's stock, a position whose stock alone differs
    gets another position's differences: told apart in the game's first 40 moves."""
    real = adapter_module._compared_fields

    def without_stock(reading: PlayerReading) -> tuple[Any, ...]:
        fields = real(reading)
        return fields[:3] + fields[4:]

    monkeypatch.setattr(adapter_module, "_compared_fields", without_stock)
    adapter = _BothWays()
    try:
        _follow(*GAME, adapter, max_moves=40)
    except AssertionError:
        pass  # the game may go astray too: only the comparisons are counted
    assert adapter.unequal > 0
