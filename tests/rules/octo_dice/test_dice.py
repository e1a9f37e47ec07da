"""The roll procedure as chance events: 6 dice, keep 2, roll 4, keep 2, roll 2."""

from __future__ import annotations

import random

import pytest

from rules.core import CHANCE, IllegalMoveError, InvalidMoveError
from rules.octo_dice import DICE, EndActions, OctoDiceGame, Roll, SetAside
from rules.octo_dice.components import FACES
from tests.rules.octo_dice.helpers import QUIET, new_game


def first_roll(state, **faces: str) -> None:
    state.push(Roll(tuple((d, {**QUIET, **faces}[d]) for d in DICE)))


def test_a_turn_starts_with_a_chance_node_for_all_six_dice() -> None:
    state = new_game(3)
    assert state.current_player() == CHANCE
    assert state.dice_to_roll() == DICE
    move = state.sample_chance(random.Random(1))
    assert isinstance(move, Roll) and [d for d, _ in move.results] == list(DICE)
    assert all(face in FACES[d] for d, face in move.results)


def test_roll_keep_roll_keep_roll() -> None:
    state = new_game(2)
    first_roll(state)
    assert state.phase == "set_aside" and state.current_player() == 0
    assert len(list(state.legal_moves())) == 15  # any 2 of 6
    state.push(SetAside(("black3", "white1")))
    assert state.set_aside == ("white1", "black3")  # canonical order
    assert state.dice_to_roll() == ("white2", "white3", "black1", "black2")
    state.push(Roll(tuple((d, QUIET[d]) for d in state.dice_to_roll())))
    assert len(list(state.legal_moves())) == 6  # any 2 of 4
    state.push(SetAside(("white2", "black1")))
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.push(Roll((("white3", "bot"), ("black2", "green-2"))))
    assert state.phase == "actions"
    assert set(state.set_aside) == set(DICE)  # the last 2 are kept automatically
    assert state.faces["white3"] == "bot" and state.faces["black2"] == "green-2"


def test_the_listed_throws_are_the_rolls_a_reading_of_them_makes() -> None:
    """The engine lists a throw's outcomes without the checks a roll from outside gets: each must
    still be the very roll (same dice order, equal, same hash) that the checked constructor
    makes, at every stage of a turn's throws."""
    state = new_game(2)
    stages = []
    for keep in (("black3", "white1"), ("white2", "black1")):
        stages.append(state.copy())
        state.push(Roll(tuple((d, QUIET[d]) for d in state.dice_to_roll())))
        state.push(SetAside(keep))
    stages.append(state.copy())
    for stage in stages:
        listed = list(stage.legal_moves())
        assert len(listed) == 6 ** len(stage.dice_to_roll())
        for move in listed[:: max(1, len(listed) // 500)]:
            assert isinstance(move, Roll)
            checked = Roll(tuple(reversed(move.results)))  # read in any order, kept in die order
            assert move == checked and hash(move) == hash(checked) and move.results == checked.results
            assert stage.illegal_reason(move) is None


def test_a_set_aside_die_may_not_be_rolled_again() -> None:
    state = new_game(2)
    first_roll(state)
    state.push(SetAside(("white1", "black2")))
    cheat = Roll(tuple((d, QUIET[d]) for d in ("white1", "white2", "white3", "black1", "black3")))
    with pytest.raises(IllegalMoveError) as info:
        state.push(cheat)
    assert info.value.reason == (
        "white die 1 was set aside (showing crystal) and may not be rolled again this turn"
    )


def test_camera_reading_flags_a_reroll_of_a_set_aside_die() -> None:
    state = new_game(2)
    first_roll(state)
    state.push(SetAside(("white1", "black2")))
    reading = {**QUIET, "white2": "bot", "black1": "octopod"}
    roll = state.roll_from_reading(reading)  # set-aside dice unchanged: fine
    assert [d for d, _ in roll.results] == ["white2", "white3", "black1", "black3"]
    state.push(roll)
    assert state.faces["white2"] == "bot"
    state.push(SetAside(("white2", "white3")))
    changed = {**state.faces, "black2": "green-2"}
    with pytest.raises(IllegalMoveError, match="black die 2 was set aside showing red 0 but now shows green 2"):
        state.roll_from_reading(changed)


def test_bad_rolls_have_exact_reasons() -> None:
    state = new_game(2)
    cases = {
        Roll((("white1", "crystal"),)): "these dice must be rolled too: white die 2, white die 3, black die 1, black die 2, black die 3",
        Roll(tuple((d, "crystal") for d in DICE)): "black die 1 has no face 'crystal'",
        Roll(tuple((d, QUIET[d]) for d in DICE) + (("green9", "lab"),)): "there is no die 'green9'",
        Roll(tuple((d, QUIET[d]) for d in DICE) + (("white1", "lab"),)): "white die 1 is named twice in one roll",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalMoveError) as info:
            state.push(move)
        assert info.value.reason.startswith(reason)
    with pytest.raises(IllegalMoveError, match="the dice must be rolled first"):
        state.push(EndActions())
    first_roll(state)
    with pytest.raises(IllegalMoveError, match="no dice are to be rolled now"):
        state.push(Roll(tuple((d, QUIET[d]) for d in DICE)))
    with pytest.raises(IllegalMoveError, match="set aside exactly 2 dice, not 3"):
        state.push(SetAside(("white1", "white2", "white3")))
    state.push(SetAside(("white1", "white2")))
    state.push(Roll(tuple((d, QUIET[d]) for d in state.dice_to_roll())))
    with pytest.raises(IllegalMoveError, match="white die 2 is already set aside"):
        state.push(SetAside(("white2", "black1")))
    assert len(state.history) == 3  # nothing changed by the refused moves


def test_roll_json_and_malformed_moves() -> None:
    codec = OctoDiceGame(2).move_codec
    move = Roll((("black1", "red-2"), ("white1", "lab")))
    assert move.results[0] == ("white1", "lab")  # canonical die order
    assert codec.decode(move.to_json()) == move
    with pytest.raises(InvalidMoveError, match="die, face"):
        codec.decode({"type": "roll", "results": [["white1"]]})
    with pytest.raises(InvalidMoveError, match="die names"):
        codec.decode({"type": "set_aside", "dice": [1, 2]})


def test_describe_a_roll_in_plain_words() -> None:
    state = new_game(2)
    move = Roll(tuple((d, QUIET[d]) for d in DICE))
    assert state.describe_move(move) == (
        "roll: white die 1 crystal, white die 2 research, white die 3 lab, "
        "black die 1 white 1, black die 2 red 0, black die 3 blue 2"
    )
    state.push(move)
    assert state.describe_move(SetAside(("white1", "black2"))) == (
        "Player 1 sets aside white die 1 (crystal) and black die 2 (red 0)"
    )
