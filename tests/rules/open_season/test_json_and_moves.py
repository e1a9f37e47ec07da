"""JSON round trips and malformed input, move validation reasons and plain-words descriptions."""

from __future__ import annotations

import copy
import json

from typing import Any

import pytest

from rules.core import IllegalMoveError, InvalidMoveError, StateFormatError, load_state
from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.moves import CODEC, Compensate, Draw, PlaceCard, Steal, TakeFromInn
from rules.registry import make_game


def started(n: int = 2, **options: Any) -> OpenSeasonState:
    state = OpenSeasonGame(n, **options).new_initial_state()
    for card in ("elf-crown", "mage-tattoo", "gnome-dagger", "dwarf-eyepatch", "elf-dagger"):
        state.push(Draw(card))
    return state


def test_registry_builds_the_game_by_name() -> None:
    game = make_game("open_season", 3, side="shield", expert=True)
    assert game.config() == {"num_players": 3, "side": "shield", "expert": True}
    with pytest.raises(ValueError, match="side must be one of horn, shield"):
        make_game("open_season", 2, side="sword")
    with pytest.raises(ValueError, match="2-4 players"):
        make_game("open_season", 5)


def test_round_trip_keeps_everything() -> None:
    state = started(3, side="shield", expert=False)
    state.push(TakeFromInn(("elf-crown", "mage-tattoo")))
    loaded = load_state(state.dumps())
    assert loaded._state_json() == state._state_json()
    assert loaded.history == state.history
    assert list(loaded.legal_moves()) == list(state.legal_moves())
    assert loaded.game.config() == state.game.config()


def bad(state, mutate) -> str:
    data = json.loads(state.dumps())
    mutate(data)
    with pytest.raises(StateFormatError) as info:
        load_state(json.dumps(data))
    return str(info.value)


def test_malformed_states_are_refused_with_a_clear_reason() -> None:
    state = started()
    assert "not valid JSON" in str(pytest.raises(StateFormatError, load_state, "{oops").value)

    def set_(path, value):
        def mutate(data):
            node = data
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        return mutate

    assert "inn: 'troll-crown' is not an Open Season card" in bad(state, set_(["state", "inn", 0], "troll-crown"))
    assert "wall must list 11 spaces" in bad(state, set_(["state", "players", 0, "wall"], []))
    assert "deck_size must be an integer" in bad(state, set_(["state", "deck_size"], "many"))
    assert "bad task" in bad(state, set_(["state", "tasks", 0], ["teleport"]))
    assert "players must list 2 players" in bad(state, set_(["state", "players"], []))
    assert "lacks the member 'state'" in bad(state, lambda d: d.pop("state"))
    assert "bad game config" in bad(state, set_(["config", "side"], "sword"))
    assert "KeyError" in bad(state, lambda d: d["state"].pop("inn"))
    # well formed but impossible: a sixth elf-crown appears out of nowhere
    message = bad(state, set_(["state", "players", 1, "accolades"], {"elf-crown": 5}))
    assert "inconsistent state" in message and "elf-crown is accounted for" in message
    message = bad(state, set_(["state", "supply", "trophy"], 3))
    assert "trophy tokens are accounted for" in message


def test_moves_round_trip_through_json_and_bad_moves_are_named() -> None:
    move = PlaceCard("elf-crown", 3, True)
    assert CODEC.decode(json.dumps(CODEC.encode(move))) == move
    assert CODEC.decode({"type": "take", "cards": ["elf-crown", "mage-tattoo"]}) == TakeFromInn(("elf-crown", "mage-tattoo"))
    with pytest.raises(InvalidMoveError, match="unknown move type 'fly'"):
        CODEC.decode({"type": "fly"})
    with pytest.raises(InvalidMoveError, match="lacks field"):
        CODEC.decode({"type": "steal"})


def test_push_names_why_a_move_does_not_fit() -> None:
    state = OpenSeasonGame(2).new_initial_state()
    with pytest.raises(IllegalMoveError) as info:
        state.push(TakeFromInn(("elf-crown", "mage-tattoo")))
    assert info.value.reason == "TakeFromInn does not fit here: waiting for a card to be drawn from the deck"
    with pytest.raises(IllegalMoveError, match="'troll-crown' is not an Open Season card"):
        state.push(Draw("troll-crown"))
    state = started()
    with pytest.raises(IllegalMoveError, match="waiting for player 0 to take cards from the inn"):
        state.push(Steal(1))
    state.push(TakeFromInn(("elf-crown", "mage-tattoo")))
    with pytest.raises(IllegalMoveError, match=r"gnome-dagger is not in your hand \(hand: elf-crown, mage-tattoo\)"):
        state.push(PlaceCard("gnome-dagger", 1))
    with pytest.raises(IllegalMoveError, match="space 12 does not exist"):
        state.push(PlaceCard("elf-crown", 12))
    with pytest.raises(IllegalMoveError, match="waiting for player 0 to place a card on the wall"):
        state.push(Compensate("none"))
    before = copy.deepcopy(state._state_json())
    assert state._state_json() == before  # refused moves changed nothing


def test_moves_read_as_plain_words() -> None:
    state = started()
    assert state.describe_move(TakeFromInn(("elf-crown", "mage-tattoo"))) == "Player 1 takes elf-crown and mage-tattoo from the inn"
    state.push(TakeFromInn(("elf-crown", "mage-tattoo")))
    assert state.describe_move(PlaceCard("elf-crown", 3)) == (
        "Player 1 places elf-crown on space 3 (peek); the other card goes atop the stock"
    )
    assert "face down" in state.describe_move(PlaceCard("elf-crown", 3, True))
    words = [state.describe_move(m) for m in state.legal_moves()]
    assert all(w.startswith("Player 1 places") for w in words)
