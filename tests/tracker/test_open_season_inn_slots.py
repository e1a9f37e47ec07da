"""Which inn slots the camera reads hidden (``OpenSeasonObservation.inn_hidden_slots``,
``OpenSeasonAdapter.inn_slots_known``). Game 103062 (printing 998184, 2 players, Horn, expert, tilt
30), change 72: a take had left three cards and the old sorcerer-crown slid into slot 3, behind the
deck; the refill drew barbarian-earrings and a second sorcerer-crown into slots 4 and 5, both in
view. By the count of hidden slots alone the second sorcerer-crown was "drawn unseen" (the open inn
shows one sorcerer-crown, the tracker's inn holds one), the tracker kept an UNKNOWN where the known
card lay, and two questions followed (docs/teach.md, session 74, osfresh74 and deck74). Every
reading here is the twin's table as a perfect camera reads it, with the slots the deck hides read
hidden."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import UNKNOWN
from rules.open_season.moves import UNSEEN_CARD, Draw
from rules.open_season.state import OpenSeasonState
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import _name, observation_from_table
from tracker.session import MoveConfirmed, QuestionAsked, TrackedGame, TrackerEvent
from vision.open_season.observation import OpenSeasonObservation
from vision.render.open_season_scene import OpenSeasonTable

CHANGE = 72
"""103062's refill with the old sorcerer-crown in slot 3 (the twin's ``changes`` index)."""


def _hidden(table: OpenSeasonTable, slots: tuple[int, ...], known: bool = True) -> OpenSeasonObservation:
    """A perfect reading of ``table`` where the deck hides the inn ``slots`` (from 0), which the
    reading names where ``known`` (else only their count, as before)."""
    obs = observation_from_table(table)
    inn = list(obs.inn)
    for slot in slots:
        if slot < len(table.inn):
            inn.remove(_name(table.inn[slot]))
    return replace(obs, inn=tuple(sorted(inn)), inn_hidden=len(slots),
                   inn_hidden_slots=slots if known else None)


@pytest.fixture(scope="module")
def twin() -> OpenSeasonTwin:
    return OpenSeasonTwin(2, 103062, side="horn", expert=True, illegal=1)


def _truth_at(twin: OpenSeasonTwin, moves: int) -> OpenSeasonState:
    """The twin's truth after its first ``moves`` moves (the tracker in step until then)."""
    state = twin.truth.clone()
    while len(state.history) > moves:
        state.pop()
    return state


def _refill_scene(twin: OpenSeasonTwin, adapter: OpenSeasonAdapter) -> tuple[OpenSeasonState, list[TrackerEvent]]:
    """The tracker in step before change 72, then the change's scene with slot 3 hidden."""
    before = twin.changes[CHANGE - 1].truth_moves
    tracked = TrackedGame(_truth_at(twin, before), adapter)
    table = twin.descriptions[CHANGE + 1]
    assert [_name(c) for c in table.inn][2:] == ["sorcerer-crown", "barbarian-earrings", "sorcerer-crown"]
    events = list(tracked.observe(_hidden(table, (2,))))
    return tracked.state, events


def test_a_kept_card_behind_the_deck_leaves_the_refill_drawn_in_view(twin: OpenSeasonTwin) -> None:
    """Slot 3 known hidden: the refill fills slots 4 and 5, both in view, so it draws nothing unseen;
    the hidden slot holds the inn's own sorcerer-crown. The truth's two draws, no UNKNOWN, no
    question. Off (``inn_slots_known`` False): the old count rule, sorcerer-crown drawn unseen."""
    state, events = _refill_scene(twin, OpenSeasonAdapter())
    truth = _truth_at(twin, twin.changes[CHANGE].truth_moves)
    assert not any(isinstance(e, QuestionAsked) for e in events), [str(e)[:300] for e in events]
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == truth.history[len(state.history) - 2:]
    assert state.history == truth.history
    assert state.inn == truth.inn and UNKNOWN not in state.inn


def test_off_the_count_rule_draws_the_second_copy_unseen(twin: OpenSeasonTwin) -> None:
    """The off control: the same scene with ``inn_slots_known`` off is followed as main followed it
    in the game (say log lines 105-106): sorcerer-crown drawn unseen, an UNKNOWN in the inn where
    the truth has it, unasked."""
    adapter = OpenSeasonAdapter()
    adapter.inn_slots_known = False
    state, events = _refill_scene(twin, adapter)
    truth = _truth_at(twin, twin.changes[CHANGE].truth_moves)
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [Draw(UNSEEN_CARD), Draw("barbarian-earrings")]
    assert UNKNOWN in state.inn and state.history != truth.history


def test_a_card_drawn_into_a_hidden_slot_the_refill_fills_is_still_drawn_unseen(twin: OpenSeasonTwin) -> None:
    """The same refill with slot 4 hidden instead (index 3, a slot the refill fills): its card,
    barbarian-earrings, is drawn unseen, the second sorcerer-crown in view, and no question."""
    before = twin.changes[CHANGE - 1].truth_moves
    tracked = TrackedGame(_truth_at(twin, before), OpenSeasonAdapter())
    events = list(tracked.observe(_hidden(twin.descriptions[CHANGE + 1], (3,))))
    assert not any(isinstance(e, QuestionAsked) for e in events), [str(e)[:300] for e in events]
    drawn = [e.move for e in events if isinstance(e, MoveConfirmed)]
    assert sorted(drawn, key=str) == sorted([Draw(UNSEEN_CARD), Draw("sorcerer-crown")], key=str)
    assert tracked.state.inn.count(UNKNOWN) == 1


def test_without_slots_the_reading_keeps_the_count_rule(twin: OpenSeasonTwin) -> None:
    """A reading that names no slots (an old log, another reader: ``inn_hidden_slots`` None) is
    followed as before, whatever the switch: the second sorcerer-crown drawn unseen."""
    before = twin.changes[CHANGE - 1].truth_moves
    tracked = TrackedGame(_truth_at(twin, before), OpenSeasonAdapter())
    events = list(tracked.observe(_hidden(twin.descriptions[CHANGE + 1], (2,), known=False)))
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [Draw(UNSEEN_CARD), Draw("barbarian-earrings")]
    assert UNKNOWN in tracked.state.inn


def test_refills_into_a_known_hidden_slot_5_are_followed_without_a_question() -> None:
    """tests/tracker/test_open_season_unseen_inn.py's first test (bench game 102865, 4 players,
    Shield, expert, first 50 moves) with the reading naming slot 5 (index 4) as the hidden one:
    every refill that reaches slot 5 draws its card unseen there, and the game is followed as the
    truth's moves, unasked."""
    twin = OpenSeasonTwin(4, 102865, side="shield", expert=True, illegal=0, max_moves=50)
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter())
    for table in twin.descriptions[1:]:
        events = list(tracked.observe(_hidden(table, (4,))))
        assert not any(isinstance(e, QuestionAsked) for e in events), [str(e)[:300] for e in events]
        assert tracked.state.status() == []
    history = tracked.state.history
    assert Draw(UNSEEN_CARD) in history
    assert twin.as_truth(history) == list(twin.truth.history)
