"""The five main actions: white die (which) + black die (how), at most two per turn."""

from __future__ import annotations

import pytest

from rules.core import IllegalMoveError
from rules.octo_dice import Action, EndActions
from tests.rules.octo_dice.helpers import decline_all, new_game, points_of_last, quiet_turn, roll_turn


def reason_of(state, move) -> str:
    with pytest.raises(IllegalMoveError) as info:
        state.push(move)
    return info.value.reason


def test_crystal_scores_the_black_number_and_has_five_circles() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "crystal", "black1": "red-2", "white2": "crystal", "black2": "red-0"})
    state.push(Action("white1", "black1", "crystal"))
    assert state.sheets[0].crystals == 1 and points_of_last(state) == 2
    assert state.ledger[-1].reason == "crystal 1 of 5 with a 2: 2"
    state.push(Action("white2", "black2", "crystal"))
    assert points_of_last(state) == 0 and state.sheets[0].crystals == 2
    assert state.phase == "bonus"  # two main actions end the main-action phase
    state.sheets[0].crystals = 5
    decline_all(state)
    quiet_turn(state)  # player 2
    roll_turn(state, {"white1": "crystal", "black1": "red-2"})
    assert reason_of(state, Action("white1", "black1", "crystal")) == "all 5 crystal circles are already crossed out"


def test_research_is_crossed_in_colour_order() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "research", "black1": "red-2", "white2": "research", "black2": "yellow-1"})
    assert reason_of(state, Action("white1", "black1", "research")) == (
        "the next research circle is yellow, but the black die gives red"
    )
    state.push(Action("white1", "black2", "research"))
    assert state.sheets[0].research == 1 and points_of_last(state) == 1
    assert reason_of(state, Action("white2", "black1", "research")) == (
        "the next research circle is white, but the black die gives red"
    )
    state.sheets[0].research = 10
    assert reason_of(state, Action("white2", "black1", "research")) == "all research circles are already crossed out"


def test_research_points_follow_the_track() -> None:
    state = new_game(2)
    state.sheets[0].research = 9  # next: green, 6 points (test set-up, not a real position)
    roll_turn(state, {"white1": "research", "black1": "green-1"})
    state.push(Action("white1", "black1", "research"))
    assert points_of_last(state) == 6


def test_lab_needs_the_level_as_number_and_scores_nothing() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "lab", "black1": "yellow-0", "white2": "lab", "black2": "yellow-1"})
    assert reason_of(state, Action("white1", "black2", "lab", column=0)) == (
        "moving down to level 0 in the left column needs a 0 on the black die, not 1"
    )
    assert reason_of(state, Action("white1", "black1", "lab")) == "a lab action needs a column: 0, 1 or 2 (left to right)"
    assert reason_of(state, Action("white1", "black1", "lab", column=3)) == "the column must be 0, 1 or 2 (left to right), not 3"
    assert reason_of(state, Action("white1", "black1", "crystal")) == "white die 1 shows lab, not crystal"
    state.push(Action("white1", "black1", "lab", column=0))
    assert state.sheets[0].lab == [0, -1, -1] and points_of_last(state) == 0
    assert state.ledger[-1].reason == "lab: the left column to level 0 (Flexi-Lab): 0"
    state.push(Action("white2", "black2", "lab", column=0))
    assert state.sheets[0].lab == [1, -1, -1]
    state.sheets[0].lab[0] = 2
    decline_all(state)
    quiet_turn(state)
    roll_turn(state, {"white1": "lab", "black1": "red-2"})
    assert reason_of(state, Action("white1", "black1", "lab", column=0)) == "the left column is already fully expanded"


def test_bot_takes_the_leftmost_free_circle_of_the_colour() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "bot", "black1": "red-2", "white2": "bot", "black2": "red-0"})
    state.push(Action("white1", "black1", "bot"))
    assert state.sheets[0].bot_crossed(2) and points_of_last(state) == 1
    state.push(Action("white2", "black2", "bot"))
    assert state.sheets[0].bot_crossed(7) and points_of_last(state) == 2
    decline_all(state)
    quiet_turn(state)
    roll_turn(state, {"white1": "bot", "black1": "red-2"})
    assert reason_of(state, Action("white1", "black1", "bot")) == "both red bots are already crossed out"


def test_submarine_once_per_colour_without_points() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "submarine", "black1": "blue-0", "white2": "submarine", "black2": "blue-1"})
    state.push(Action("white1", "black1", "submarine"))
    assert state.sheets[0].sub_crossed(3) and points_of_last(state) == 0
    assert reason_of(state, Action("white2", "black2", "submarine")) == "the blue submarine is already crossed out"


def test_dice_rules_for_main_actions() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "octopod", "black1": "octopod", "white2": "crystal", "black2": "red-0"})
    assert reason_of(state, Action("white1", "black2", "crystal")) == "white die 1 shows an octopod, which is no main action"
    assert reason_of(state, Action("white2", "black1", "crystal")) == (
        "black die 1 shows an octopod, which has no colour or number"
    )
    assert reason_of(state, Action("black2", "white2", "crystal")) == (
        "black die 2 is not a white die: the action comes from a white die"
    )
    assert reason_of(state, Action("white2", "black2", "dance")) == (
        "'dance' is not an action; actions are crystal, research, lab, bot, submarine"
    )
    assert reason_of(state, Action("white2", "black2", "crystal", column=1)) == "only a lab action names a column"
    state.push(Action("white2", "black2", "crystal"))
    assert reason_of(state, Action("white2", "black3", "crystal")) == "white die 2 was already used for a main action this turn"


def test_up_to_two_actions_then_octopods_then_bonus() -> None:
    state = new_game(2)
    roll_turn(state, {})
    moves = list(state.legal_moves())
    assert EndActions() in moves
    assert all(m.white in ("white1", "white2", "white3") for m in moves if isinstance(m, Action))
    state.push(EndActions())  # zero main actions is allowed
    assert state.phase == "bonus" and state.current_player() == 1


def test_describe_main_action() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "crystal", "black1": "red-2"})
    assert state.describe_move(Action("white1", "black1", "crystal")) == (
        "Player 1, main action (white die 1 + black die 1): crystal 1 of 5 with a 2: 2 [2 points]"
    )
    assert "illegal" in state.describe_move(Action("white1", "black1", "bot"))


def test_legal_moves_are_exactly_the_legal_ones() -> None:
    state = new_game(3, tiles="A1 B1 C2 D2 E2 F1 G1 H1 I1")
    from tests.rules.octo_dice.helpers import give_lab

    give_lab(state, 0, (0, 0, 1))
    roll_turn(state, {"white1": "research", "white2": "submarine", "white3": "lab",
                      "black1": "yellow-0", "black2": "white-2", "black3": "octopod"})
    legal = set(state.legal_moves())
    assert all(state.is_legal(m) for m in legal)
    # brute force over every field combination: nothing legal is missing
    from rules.octo_dice.components import ACTIONS, COLOURS

    for white in ("white1", "white2", "white3"):
        for black in ("black1", "black2", "black3"):
            for action in ACTIONS:
                for column in (None, 0, 1, 2):
                    for as_colour in (None, *COLOURS):
                        for as_number in (None, 0, 1, 2):
                            move = Action(white, black, action, column, as_colour, as_number)
                            assert state.is_legal(move) == (move in legal), move
