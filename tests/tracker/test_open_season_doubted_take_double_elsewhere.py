"""A doubted take of one option (a card left the open inn while a slot newly reads hidden) waits a
scene even where the taken card's double shows on ANOTHER player's wall or stock: only the
taker's own places can hide a card laid on its double (``OpenSeasonAdapter.
doubt_double_only_at_the_taker``; issue 20, session 81, ostrace81).

Session 80's fresh game 103086 (printing 998259, 2 players, Horn expert, tilt 18, day) asked two
inn takes of one option at once (say lines 50 and 80, both the truth): player 2's take of
gnome-earrings and barbarian-crown while barbarian-crown lay on player 1's space 9, and player 1's
take of dwarf-dagger and dwarf-earrings while dwarf-earrings lay atop player 2's stock. The
scenes are the twin's, with the emptied inn slot read hidden as the camera read it beside the deck.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.tracker.open_season_helpers import played
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_state, observation_from_table
from tracker.session import MoveConfirmed, QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option

TAKES = {32: (43, "Player 2 takes gnome-earrings and barbarian-crown from the inn", 0, "barbarian-crown"),
         52: (68, "Player 1 takes dwarf-dagger and dwarf-earrings from the inn", 1, "dwarf-earrings")}
"""Twin change -> (moves before it, its text, the other seat, the taken card's double there)."""


def _game(change: int, on: bool) -> tuple[Any, TrackedGame[Any, Any], list[Any]]:
    """The twin, the tracked game having seen the scene before the take, and the take's and the
    placing's scenes (the emptied slot read hidden)."""
    moves, text, other, double = TAKES[change]
    twin = OpenSeasonTwin(2, 103086, side="horn", expert=True, illegal=1)
    assert twin.changes[change].text == text
    state = played(twin, moves)
    before = observation_from_state(state)
    assert before == observation_from_table(twin.descriptions[change]) and before.inn_hidden == 0
    take = replace(observation_from_table(twin.descriptions[change + 1]), inn_hidden=1)
    pl = take.players[other]
    assert double in [*pl.wall.values(), *pl.stock]  # the double lies with the other player
    placed = replace(observation_from_table(twin.descriptions[change + 2]), inn_hidden=1)
    adapter = OpenSeasonAdapter()
    adapter.doubt_double_only_at_the_taker = on
    tracked = TrackedGame(state.clone(), adapter)
    assert tracked.observe(before) == []
    return twin, tracked, [take, placed]


@pytest.mark.parametrize("change", sorted(TAKES))
def test_the_take_waits_and_the_placing_makes_it_unasked(change: int) -> None:
    twin, tracked, (take, placed) = _game(change, on=True)
    assert tracked.observe(take) == []
    assert tracked.waiting is not None and len(tracked.waiting.options) == 1
    events = tracked.observe(placed)
    assert events and all(isinstance(e, MoveConfirmed) for e in events), events
    assert tracked.waiting is None and tracked.pending is None and tracked.alert is None
    moves = TAKES[change][0]
    assert tracked.state.history == twin.truth.history[:len(tracked.state.history)]
    assert len(tracked.state.history) > moves + 1  # the take and the placing


@pytest.mark.parametrize("change", sorted(TAKES))
def test_off_control_asks_the_take_at_once_as_the_game_did(change: int) -> None:
    twin, tracked, (take, placed) = _game(change, on=False)
    events = tracked.observe(take)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert question.option_texts == (TAKES[change][1],)
    assert truthful_option(twin.truth.history, question, tracked.state.history) == 0
