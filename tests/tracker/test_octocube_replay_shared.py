"""``tests.tracker.octocube_helpers.tracked_until`` keeps the trackers it made per process and starts
a later call from a copy of the longest kept one whose moves begin its own (session 81: the
Octocube tracker tests replayed the same twin games to the same moves again and again). A tracker
made that way must be the one a fresh replay makes: the same history, the same expected table, the
same events at the next scenes. Control: a kept tracker handed back for more moves than it followed
(the moves after it not replayed) is told apart by the same comparison."""

from __future__ import annotations

from typing import Any

import pytest

import tests.tracker.octocube_helpers as helpers
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import TrackedGame

SEED, PLAYERS = 1001, 3
EARLY, LATE = 40, 75


@pytest.fixture()
def twin() -> TwinGame:
    return TwinGame(PLAYERS, SEED)


def _fresh(twin: TwinGame, moves: int, monkeypatch: pytest.MonkeyPatch) -> TrackedGame:
    """A replay from the first move (nothing kept before it, nothing kept after)."""
    with monkeypatch.context() as patch:
        patch.setattr(helpers, "_REPLAYS", {})
        return tracked_until(twin, moves)


def _next_scenes(twin: TwinGame, tracked: TrackedGame, moves: int, more: int = 6) -> list[str]:
    """The events of the next ``more`` moves' scenes (perfect, answered truthfully), as text, and
    the expected table after each."""
    truth = truth_after(twin, moves)
    out = []
    for move in twin.truth.history[moves:moves + more]:
        truth.push(move)
        events = list(tracked.observe(observation_from_state(truth)))
        answer_truthfully(truth, tracked, events)
        out += [repr(events), repr(tracked.adapter.expected(tracked.state))]
    return out


def _same(a: TrackedGame, b: TrackedGame, twin: TwinGame, moves: int) -> bool:
    return (list(a.state.history) == list(b.state.history)
            and repr(a.adapter.expected(a.state)) == repr(b.adapter.expected(b.state))
            and _next_scenes(twin, a, moves) == _next_scenes(twin, b, moves))


def test_a_replay_from_a_kept_tracker_is_a_fresh_replay(twin: TwinGame, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(helpers, "_REPLAYS", {})
    early = tracked_until(twin, EARLY)
    assert len(early.state.history) == EARLY
    kept = next(iter(helpers._REPLAYS.values()))
    assert [len(h) for h, _ in kept] == [EARLY]
    # the same game made by another twin object: started from the kept tracker, not replayed again
    late = tracked_until(TwinGame(PLAYERS, SEED), LATE)
    assert [len(h) for h, _ in kept] == [EARLY, LATE]
    assert _same(late, _fresh(twin, LATE, monkeypatch), twin, LATE)
    # handed back again: a copy, untouched by what the tests did with the ones before
    again = tracked_until(twin, EARLY)
    assert again is not early and _same(again, _fresh(twin, EARLY, monkeypatch), twin, EARLY)
    assert len(kept) == 2


def test_control_a_kept_tracker_short_of_the_moves_is_told_apart(twin: TwinGame,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(helpers, "_REPLAYS", {})
    short = tracked_until(twin, EARLY)
    # wrong: the tracker EARLY moves on handed back as LATE's (no moves replayed after it)
    assert not _same(short, _fresh(twin, LATE, monkeypatch), twin, LATE)


def test_another_game_is_not_started_from_a_kept_tracker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(helpers, "_REPLAYS", {})
    tracked_until(TwinGame(PLAYERS, SEED), EARLY)
    other: Any = TwinGame(PLAYERS, SEED + 1)
    tracked = tracked_until(other, EARLY)
    assert len(helpers._REPLAYS) == 2
    assert list(tracked.state.history) == list(other.truth.history[:EARLY])
