"""The inn slots the deck hides, remembered from the last accepted scene
(:class:`tracker.open_season.memory.InnMemory`): bench seed 97418 (tilt 29.2), where a steal's
compensation taken from the inn was twice confirmed as a blind draw of the same card from the deck
(the card no longer showing was taken to lie behind the deck), and nine alarms followed."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.moves import Compensate
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.memory import InnMemory
from tracker.open_season.view import observation_from_state
from tracker.session import MoveConfirmed, QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option
from vision.open_season.observation import OpenSeasonObservation


def _compensation_from_the_inn(seed: int) -> tuple[OpenSeasonState, OpenSeasonState]:
    """(a position where a steal's victim picks a compensation, the same once the victim took a
    card from the inn), from a seeded random game."""
    game = OpenSeasonGame(2, side="horn")
    rng = random.Random(seed)
    state = game.new_initial_state(seed, hidden=True)
    while not (state.tasks and state.tasks[-1][0] == "compensate" and state.inn):
        assert not state.is_terminal()
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    truth = state.clone()
    truth.push(next(m for m in truth.legal_moves() if isinstance(m, Compensate) and m.source == "inn"))
    return state, truth


def _with_hidden_slot(obs: OpenSeasonObservation, hidden: int) -> OpenSeasonObservation:
    return replace(obs, inn_hidden=hidden)


def test_a_card_taken_from_a_visible_inn_slot_is_not_taken_to_lie_behind_the_deck() -> None:
    """An empty slot behind the deck reads hidden in both scenes; the compensation's card showed
    in a visible slot and is gone: it left the inn (a blind draw of the same card onto the stock,
    the inn card still lying behind the deck, was confirmed instead)."""
    state, truth = _compensation_from_the_inn(3)
    memory = InnMemory()
    adapter = OpenSeasonAdapter()
    memory.remember(_with_hidden_slot(observation_from_state(state), 1), adapter.expected(state))
    seen = memory.annotate(_with_hidden_slot(observation_from_state(truth), 1))
    tracked = TrackedGame(state.clone(), adapter)
    events = tracked.observe(seen)
    confirmed = [e.move for e in events if isinstance(e, MoveConfirmed)]
    assert confirmed == [truth.history[-1]], events


def test_a_card_whose_emptied_slot_reads_hidden_is_asked_about() -> None:
    """The compensation's slot lies where the deck may hide it: with the card it read as the card,
    emptied it reads hidden. The card may lie there unread or have been taken: the players are
    asked, and the take is among the options."""
    state, truth = _compensation_from_the_inn(3)
    memory = InnMemory()
    adapter = OpenSeasonAdapter()
    memory.remember(observation_from_state(state), adapter.expected(state))
    seen = memory.annotate(_with_hidden_slot(observation_from_state(truth), 1))
    tracked = TrackedGame(state.clone(), adapter)
    events = tracked.observe(seen)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    answer = truthful_option(truth.history, events[0].question, state.history)
    assert answer is not None
    tracked.answer(answer)
    assert tracked.state.history == truth.history


def test_the_memory_keeps_only_the_inn_cards_the_game_agrees_with() -> None:
    """A card misread in the accepted scene is no reference: its slot may hold anything."""
    state, _ = _compensation_from_the_inn(3)
    obs = observation_from_state(state)
    misread = replace(obs, inn=tuple(sorted(obs.inn[1:] + ("no-such-card",))))
    memory = InnMemory()
    memory.remember(misread, OpenSeasonAdapter().expected(state))
    assert sorted(memory.annotate(replace(obs, inn=())).inn_left) == sorted(obs.inn[1:])
