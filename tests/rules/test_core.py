"""The rules core, exercised through a toy dice race."""

from __future__ import annotations

import json
import random

import pytest

from rules import registry
from rules.core import (
    CHANCE,
    UNKNOWN,
    IllegalMoveError,
    InvalidMoveError,
    RevealError,
    RulesError,
    StateFormatError,
    load_state,
    random_playout,
)
from tests.rules.toy_game import Bank, Pass, RaceGame, Roll


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_CLASSES, "race", "tests.rules.toy_game:RaceGame")


def test_chance_node_then_player_choice() -> None:
    state = RaceGame(2).new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.push(Roll(4))
    assert state.current_player() == 0
    assert set(state.legal_moves()) == {Bank(), Pass()}


def test_push_rejects_with_exact_reason() -> None:
    state = RaceGame(2).new_initial_state()
    with pytest.raises(IllegalMoveError) as info:
        state.push(Bank())
    assert info.value.reason == "roll the die first"
    assert state.history == []  # nothing changed
    with pytest.raises(IllegalMoveError, match="cannot show 7"):
        state.push(Roll(7))


def test_pop_restores_exactly() -> None:
    state = RaceGame(3).new_initial_state()
    state.push(Roll(5))
    before = state.dumps()
    state.push(Bank())
    assert state.scores[0] == 5
    assert state.pop() == Bank()
    assert state.dumps() == before


def test_json_round_trip_and_bad_input() -> None:
    state = RaceGame(2).new_initial_state()
    random_playout_moves = [Roll(3), Bank(), Roll(6), Pass()]
    for m in random_playout_moves:
        state.push(m)
    text = state.dumps()
    again = load_state(text)
    assert again.dumps() == text
    assert again.history == random_playout_moves
    with pytest.raises(StateFormatError, match="not valid JSON"):
        load_state("{nope")
    bad = json.loads(text)
    bad["version"] = 99
    with pytest.raises(StateFormatError, match="version 99"):
        load_state(bad)
    bad = json.loads(text)
    bad["state"]["scores"] = [1]
    with pytest.raises(StateFormatError, match="bad scores"):
        load_state(bad)
    bad = json.loads(text)
    bad["state"]["scores"] = [-3, 0]
    with pytest.raises(StateFormatError, match="negative score"):
        load_state(bad)


def test_move_codec_errors_name_the_problem() -> None:
    codec = RaceGame.move_codec
    assert codec.decode({"type": "roll", "value": 2}) == Roll(2)
    with pytest.raises(InvalidMoveError, match="unknown move type 'jump'"):
        codec.decode({"type": "jump"})
    with pytest.raises(InvalidMoveError, match="lacks field"):
        codec.decode({"type": "roll"})
    with pytest.raises(InvalidMoveError, match="unknown field"):
        codec.decode({"type": "bank", "extra": 1})


def test_unknown_and_reveal() -> None:
    state = RaceGame(2).new_initial_state()
    assert state.bonus is UNKNOWN and state.unknowns() == ["bonus"]
    state.reveal("bonus", 7)
    assert state.unknowns() == []
    with pytest.raises(RevealError):
        state.reveal("bonus", 8)


def test_random_playouts_end_and_scores_add_up() -> None:
    for seed in range(200):
        state = RaceGame(3).new_initial_state()
        result = random_playout(state, random.Random(seed), check_invariants=True)
        breakdown = state.score_breakdown()
        assert max(result.scores) >= 10
        assert breakdown.totals() == state.scores
        assert breakdown.winners


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        registry.make_game("chess", 2)


def test_copy_with_and_without_undo_records() -> None:
    state = RaceGame(2).new_initial_state()
    for move in (Roll(3), Bank(), Roll(5)):
        state.push(move)
    text = state.dumps()
    full, cheap, last = state.copy(), state.copy(stack=False), state.copy(stack=1)
    assert full.undo_depth() == 3 and cheap.undo_depth() == 0 and last.undo_depth() == 1
    assert full.history == cheap.history == state.history
    assert full.pop() == Roll(5) and full.pop() == Bank()
    with pytest.raises(RulesError, match="no move to undo"):
        cheap.pop()
    assert last.pop() == Roll(5)
    with pytest.raises(RulesError, match="no move to undo"):
        last.pop()
    assert state.dumps() == text and cheap.dumps() == text
    state.pop()
    full_text = full.dumps()
    state.push(Roll(2))
    assert full.dumps() == full_text
    assert state.clone().dumps() == state.dumps()


def test_pop_on_a_loaded_state_raises_and_changes_nothing() -> None:
    state = RaceGame(2).new_initial_state()
    state.push(Roll(4))
    loaded = load_state(state.dumps())
    with pytest.raises(RulesError, match="played before this state was loaded"):
        loaded.pop()
    assert loaded.history == [Roll(4)] and loaded.dumps() == state.dumps()
