"""An illegal three-card inn take whose third card came from the slot already behind the deck.

On taught game 103057's own scenes (player 1 takes elf-eyepatch and sorcerer-tattoo, as the twin
did, and mage-dagger too, from slot 3, which read hidden before and reads hidden still, now empty),
the take's scene is the legal take's reading card for card (a slot behind the deck reads hidden
whether it holds mage-dagger or nothing), so the take waits (``next_scene_settles``). What the
waiting costs depends on where the third card goes:
- it shows at the placing (atop player 1's stock, or on the wall, read surely or doubtfully): no
  take of two explains that scene, the question is asked then, the players say none of these and
  the alert stands -- the same events and state as the question asked at the take (the off
  control), one scene later;
- it stays out of sight (in the player's hand): the placing scene, too, is the legal take's
  reading, so no rule at these scenes can tell it from the legal take. Off, the players' "none of
  these" raised an alert at the take, which the placing scene cleared by confirming the take of
  two and the placing: the very state the waiting take reaches unasked. What the wait loses there
  is that one alert, held one scene;
- it is laid where a card drawn unseen would lie (bench seed 97418's table: atop the stock after a
  peeking placement, as "keeps the peeked gnome-crown"): session 73's settling made it unasked
  (nothing flagged); ``OpenSeasonAdapter.settling_doubt`` asks it, as the off control does."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.open_season.moves import TakeFromInn
from tests.tracker.test_open_season_next_scene_settles import OFF, ON, _game
from tracker.inference import InferenceConfig
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.session import AlertCleared, IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame
from vision.open_season.observation import OpenSeasonObservation

THIRD = "mage-dagger"


def _third_on_the_stock(scene: OpenSeasonObservation) -> OpenSeasonObservation:
    player = scene.players[0]
    return replace(scene, players={**scene.players, 0: replace(player, stock=player.stock + (THIRD,))})


def _third_on_the_wall(scene: OpenSeasonObservation) -> OpenSeasonObservation:
    player = scene.players[0]
    free = min(s for s in range(1, 13) if s not in player.wall)
    return replace(scene, players={**scene.players, 0: replace(player, wall={**player.wall, free: THIRD})})


def _doubtful_stock_with_the_third(scene: OpenSeasonObservation) -> OpenSeasonObservation:
    """The third card atop the stock, the fan read doubtfully (confidence 0.1, the dim lamp's worst):
    an extra card no take of two explains even when its reading weighs little."""
    shown = _third_on_the_stock(scene)
    player = shown.players[0]
    doubtful = replace(player, stock_confidence=tuple(0.1 for _ in player.stock))
    return replace(shown, players={**shown.players, 0: doubtful})


def _illegal_take_then(place: Any, config: InferenceConfig) -> tuple[Any, TrackedGame[Any, Any], list[Any]]:
    """The take's scene, then the placing scene with the third card where ``place`` puts it; each
    question answered as the players would: none of these (no option takes three cards)."""
    twin, state, (refill, take, placed) = _game()
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter(), config=config)
    tracked.observe(refill)
    events: list[Any] = []
    for scene in (take, place(placed)):
        pending = list(tracked.observe(scene))
        while pending:
            event = pending.pop(0)
            events.append(event)
            if isinstance(event, QuestionAsked):
                # the take's question: every option takes two cards (the twin's legal take among
                # them), none is what happened; later ones (a doubtful scene's widened readings, a
                # recovery) are refused too: the players put nothing else forward
                first = not any(isinstance(e, QuestionAsked) for e in events[:-1])
                assert not first or all(len(o) == 1 and isinstance(o[0], TakeFromInn) and len(o[0].cards) == 2
                                        for o in event.question.options)
                pending = list(tracked.reject()) + pending  # the players took three: none of these
    return twin, tracked, events


@pytest.mark.parametrize("place", [_third_on_the_stock, _third_on_the_wall, _doubtful_stock_with_the_third])
def test_a_third_card_that_shows_at_the_placing_asks_the_waiting_take_and_is_flagged(place: Any) -> None:
    outcomes = []
    for config in (ON, OFF):
        twin, tracked, events = _illegal_take_then(place, config)
        outcomes.append(([type(e) for e in events], tracked.state.history, tracked.alert))
        assert tracked.waiting is None and tracked.pending is None
    (on_events, on_history, on_alert), (off_events, off_history, off_alert) = outcomes
    assert on_events == off_events and on_events[:2] == [QuestionAsked, IllegalMoveAlert]
    assert MoveConfirmed not in on_events
    assert on_history == off_history == twin.truth.history[:5]  # nothing made of the illegal take
    assert on_alert is not None and on_alert == off_alert


def test_a_third_card_kept_out_of_sight_costs_only_the_alert_the_placing_cleared() -> None:
    _twin, on, on_events = _illegal_take_then(lambda scene: scene, ON)
    twin, off, off_events = _illegal_take_then(lambda scene: scene, OFF)
    assert [type(e) for e in on_events] == [MoveConfirmed, MoveConfirmed]
    assert [type(e) for e in off_events] == [QuestionAsked, IllegalMoveAlert, AlertCleared, MoveConfirmed,
                                             MoveConfirmed]
    # the same game after the placing either way: the take of two made, mage-dagger believed behind the deck
    assert on.state.history == off.state.history == twin.truth.history[:7]
    assert on.alert is None and off.alert is None


def _peeking_table(hidden_before: bool = True, third_shown: bool = True) -> tuple[
        Any, OpenSeasonObservation, OpenSeasonObservation, OpenSeasonObservation, str, int]:
    """Bench seed 97418's table (3 players, Shield, random legal play, as
    ``test_open_season_derail.py``'s illegal take) with gnome-crown's inn slot already behind the
    deck: player 1 takes elf-earrings and elf-eyepatch, and gnome-crown from that slot; places
    elf-eyepatch on space 2 (a peek: two cards drawn unseen, one kept atop the stock later) and
    elf-earrings atop the stock; then lays gnome-crown atop the stock too, where a kept peeked
    card would lie. ``hidden_before`` False: gnome-crown read in the scene before (its slot newly
    hidden at the take, the guard's case); ``third_shown`` False: gnome-crown kept in the hand.
    Returns (the state, the scene before, the take's, the placing's, the third card, the mover)."""
    import random

    import tests.tracker.test_open_season_readings as readings
    from rules.open_season import OpenSeasonGame
    from tracker.open_season.view import observation_from_state

    state = OpenSeasonGame(3, side="shield").new_initial_state(418, hidden=True)
    rng = random.Random(418)
    while not (state.tasks and state.tasks[-1][0] == "take" and len(state.inn) >= 4
               and state.kept[state.turn_player] < 0 and state.history):
        state.push(readings._random_move(state, rng))
    shown = observation_from_state(state)
    first, second, third = shown.inn[:3]
    assert (first, second, third) == ("elf-earrings", "elf-eyepatch", "gnome-crown")
    left = tuple(c for c in shown.inn if c not in (first, second, third))
    before = replace(shown, inn=tuple(c for c in shown.inn if c != third), inn_hidden=1) if hidden_before else shown
    legal = state.clone()
    legal.push(TakeFromInn((first, second)))
    take = replace(observation_from_state(legal), inn=left, inn_hidden=1)
    mover = state.turn_player
    placing = next(m for m in legal.legal_moves() if "elf-eyepatch on space 2 (peek)" in legal.describe_move(m))
    legal.push(placing)
    placed = observation_from_state(legal)
    player = placed.players[mover]
    stock = player.stock + (third,) if third_shown else player.stock
    placed = replace(placed, inn=left, inn_hidden=1, players={**placed.players, mover: replace(player, stock=stock)})
    return state, before, take, placed, third, mover


def _peeking_table_events(config: InferenceConfig, doubt: bool = True, hidden_before: bool = True,
                          third_shown: bool = True, wait_newly_hidden: bool = False) -> tuple[
        TrackedGame[Any, Any], list[Any], bool]:
    state, before, take, placed, _third, _mover = _peeking_table(hidden_before, third_shown)
    adapter = OpenSeasonAdapter()
    adapter.doubt_a_named_card_behind_the_deck = doubt
    adapter.wait_when_a_slot_newly_hides = wait_newly_hidden
    tracked = TrackedGame(state.clone(), adapter, config=config)
    assert tracked.observe(before) == []
    events: list[Any] = []
    pending = list(tracked.observe(take))
    waited = tracked.waiting is not None
    for scene in (None, placed):
        if scene is not None:
            pending += list(tracked.observe(scene))
        while pending:
            event = pending.pop(0)
            events.append(event)
            if isinstance(event, QuestionAsked):
                pending = list(tracked.reject()) + pending  # the players took three: none of these
    return tracked, events, waited


def test_a_third_card_laid_where_a_kept_peeked_card_would_lie_is_asked_not_settled() -> None:
    """The waiting take would settle on the take of two, the placing, and "keeps the peeked
    gnome-crown atop the stock" -- the card its option leaves behind the deck. That card may be the
    one behind the deck (``OpenSeasonAdapter.settling_doubt``): asked at the placing, the players say
    none of these, and the events are the question asked at once (off) gives, one scene later. Off
    control (``doubt_a_named_card_behind_the_deck`` False, session 73's settling): made unasked,
    no alert ever."""
    on, on_events, waited = _peeking_table_events(ON, doubt=True)
    off, off_events, _ = _peeking_table_events(OFF, doubt=True)
    assert waited  # the slot was behind the deck already: the take waits
    assert [type(e) for e in on_events] == [type(e) for e in off_events]
    assert [type(e) for e in on_events][:2] == [QuestionAsked, IllegalMoveAlert]
    assert on.state.history == off.state.history
    unasked, unasked_events, _ = _peeking_table_events(ON, doubt=False)
    assert [type(e) for e in unasked_events] == [MoveConfirmed, MoveConfirmed, MoveConfirmed]
    assert "keeps the peeked gnome-crown" in unasked_events[-1].text
    assert unasked.alert is None


def test_the_guard_keeps_a_third_card_kept_in_the_hand_flagged_where_its_slot_newly_hides() -> None:
    """Why ``OpenSeasonAdapter.wait_when_a_slot_newly_hides`` stays off: on 97418's table with
    gnome-crown read in the scene before, the take is asked at once (the guard), the players say
    none of these, and the alert still stands after the peeking placing; with the guard dropped
    the take waits and the placing settles it unasked -- no alert ever."""
    guarded, guarded_events, waited = _peeking_table_events(ON, hidden_before=False, third_shown=False)
    assert not waited and [type(e) for e in guarded_events][:2] == [QuestionAsked, IllegalMoveAlert]
    assert guarded.alert is not None and MoveConfirmed not in [type(e) for e in guarded_events]
    dropped, dropped_events, waited = _peeking_table_events(ON, hidden_before=False, third_shown=False,
                                                            wait_newly_hidden=True)
    assert waited and [type(e) for e in dropped_events] == [MoveConfirmed, MoveConfirmed]
    assert dropped.alert is None
