"""A take from the inn that ``OpenSeasonAdapter.doubt`` asks about as a question of one option (a
card left the open inn while a slot newly reads hidden: taken, or behind the deck?) waits for the
next still scene where ``OpenSeasonAdapter.doubted_take_waits`` lets it, and is made unasked when
that scene shows the doubted card placed out of the inn (taught game 103070: 6 of its 11
questions were such takes, each the truth); asked where the next scene does not show it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.open_season import OpenSeasonState
from rules.open_season.moves import PlaceCard, TakeFromInn
from tests.tracker.open_season_helpers import played
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_state, observation_from_table
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option


def _game_103070(waits: bool) -> tuple[Any, OpenSeasonState, TrackedGame[OpenSeasonState, Any], list[Any]]:
    """Game 103070 (4 players, Horn, expert), change 17: player 1 takes elf-dagger and gnome-crown
    from the inn, read in the open just before; the pixel reader then read the three cards left
    and 1 slot hidden (the emptied slot, read hidden beside the deck), and kept reading it hidden
    at change 18, where gnome-crown went on space 7 and elf-dagger atop the stock. The tracker
    has seen the scene before the take; returns the twin, the state before the take, the tracked
    game and the two scenes as the camera read them (the take, the placing)."""
    twin = OpenSeasonTwin(4, 103070, side="horn", expert=True, illegal=1)
    assert twin.changes[17].text == "Player 1 takes elf-dagger and gnome-crown from the inn"
    assert twin.changes[18].text.startswith("Player 1 places gnome-crown on space 7")
    state = played(twin, 21)
    before = observation_from_state(state)
    assert before.inn_hidden == 0 and {"elf-dagger", "gnome-crown"} <= set(before.inn)
    assert observation_from_table(twin.descriptions[17]) == before
    take = replace(observation_from_table(twin.descriptions[18]), inn_hidden=1)  # the emptied slot
    assert take.inn == ("mage-eyepatch", "sorcerer-crown", "sorcerer-dagger")  # as the pixels read it
    placed = replace(observation_from_table(twin.descriptions[19]), inn_hidden=1)
    adapter = OpenSeasonAdapter()
    adapter.doubted_take_waits = waits
    tracked = TrackedGame(state.clone(), adapter)
    assert tracked.observe(before) == []
    return twin, state, tracked, [take, placed]


def test_a_doubted_take_waits_and_the_placing_scene_makes_it_unasked() -> None:
    """On: the take waits (nothing said), and the next scene, elf-dagger atop player 1's stock and
    gnome-crown on space 7, makes the take and the placing unasked: the twin's true moves."""
    twin, state, tracked, (take, placed) = _game_103070(waits=True)
    assert tracked.observe(take) == []
    assert tracked.waiting is not None and len(tracked.waiting.options) == 1
    events = tracked.observe(placed)
    assert all(isinstance(e, MoveConfirmed) for e in events), events
    assert tracked.waiting is None and tracked.pending is None and tracked.alert is None
    assert tracked.state.history == twin.truth.history[:23]
    assert isinstance(tracked.state.history[21], TakeFromInn) and isinstance(tracked.state.history[22], PlaceCard)


def test_off_control_asks_the_doubted_take_at_once_as_main_did() -> None:
    """Off (``doubted_take_waits`` False): the take is asked at its own scene, one option, as on
    main (103070's question "Player 1 takes elf-dagger and gnome-crown from the inn", answered 1)."""
    twin, state, tracked, (take, placed) = _game_103070(waits=False)
    events = tracked.observe(take)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert question.option_texts == ("Player 1 takes elf-dagger and gnome-crown from the inn",)
    assert truthful_option(twin.truth.history, question, tracked.state.history) == 0


def test_a_waiting_take_the_next_scene_does_not_show_placed_is_asked_and_flagged_if_refused() -> None:
    """On, but the next scene shows the table put back (both cards in the inn again, as a twin's
    restore would): nothing shows the take, so it is asked then; "none of these" is the alert,
    and the held scene, the table as the game had it, clears it."""
    twin, state, tracked, (take, placed) = _game_103070(waits=True)
    assert tracked.observe(take) == []
    events = tracked.observe(observation_from_state(state))
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    assert len(events[0].question.options) == 1
    events = tracked.reject()
    assert IllegalMoveAlert in [type(e) for e in events]
    assert tracked.state.history == state.history and tracked.alert is None


def test_a_waiting_take_whose_card_does_not_show_placed_is_asked() -> None:
    """On: the next scene is explained by the placing, but gnome-crown, one of the cards the take
    was doubted about, is read doubtfully as gnome-earrings on space 7 (confidence 0.3, within
    the tolerance): no taken card may be missing from view, so the take is asked then; with
    ``doubt_settled`` always true it would be made unasked (the check this test guards)."""
    twin, state, tracked, (take, placed) = _game_103070(waits=True)
    assert tracked.observe(take) == []
    seat = placed.players[0]
    assert seat.wall[7] == "gnome-crown" and seat.stock[-1] == "elf-dagger"
    misread = replace(placed, players={**placed.players, 0: replace(seat, wall={**seat.wall, 7: "gnome-earrings"},
                                                                      confidence={7: 0.3})})
    events = tracked.observe(misread)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    assert events[0].question.option_texts == ("Player 1 takes elf-dagger and gnome-crown from the inn",)
    assert tracked.state.history == state.history


def test_a_waiting_take_is_made_when_the_slot_reads_in_the_open_again() -> None:
    """On: the next scene is the take's own table with the emptied slot read in the open (no slot
    hidden, as before the take): nothing can lie behind the deck, the take is made unasked."""
    twin, state, tracked, (take, placed) = _game_103070(waits=True)
    assert tracked.observe(take) == []
    events = tracked.observe(replace(take, inn_hidden=0))
    assert [type(e) for e in events] == [MoveConfirmed], events
    assert tracked.state.history == twin.truth.history[:22] and tracked.waiting is None
