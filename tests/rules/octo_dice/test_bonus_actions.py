"""Opponents' bonus actions: any 2 of the active player's dice, at most twice per third, never
twice on one turn; and the rulebook's example turn."""

from __future__ import annotations

import pytest

from rules.core import IllegalMoveError
from rules.octo_dice import Action, BonusAction, BonusOctopods, DeclineBonus, EndActions, Roll
from rules.octo_dice.components import DICE
from tests.rules.octo_dice.helpers import QUIET, give_lab, new_game, quiet_turn, roll_turn


def reason_of(state, move) -> str:
    with pytest.raises(IllegalMoveError) as info:
        state.push(move)
    return info.value.reason


def test_rulebook_example_turn() -> None:
    """Yellow: lab onto Octo-Plus (0 points, struck box), crystal with a 1 (1 point), 2 octopods
    (both symbols crossed, bonus 1 + 1 Octo-Plus = 2). Red: bonus lab action with a 0 in the
    middle column, 0 points written in the bottom row."""
    state = new_game(2, tiles="A2 B2 C2 E1 D2 F2 I1 H1 G2")
    yellow, red = 0, 1
    roll_turn(state, {"white1": "lab", "white2": "crystal", "white3": "octopod",
                      "black1": "yellow-0", "black2": "yellow-1", "black3": "octopod"})
    state.push(Action("white1", "black1", "lab", column=0))
    state.push(Action("white2", "black2", "crystal"))
    sheet = state.score_sheet(yellow)
    turn = sheet["thirds"][0]["turns"][0]
    assert turn["A"]["kind"] == "lab" and turn["A"]["points"] == 0 and turn["A"]["struck"]
    assert turn["B"]["kind"] == "crystal" and turn["B"]["points"] == 1
    assert turn["octopods"]["points"] == 2
    assert turn["octopods"]["reason"] == (
        "2 octopods: crossed 2 symbols (both caught: the -2 is crossed out), bonus 1 +1 Octo-Plus"
    )
    assert sheet["thirds"][0]["octopod_symbols"] == [True, True]
    assert sheet["thirds"][0]["penalty_box"]["crossed_out"] is True
    assert sheet["lab"]["columns"][0]["marker_level"] == 0
    assert sheet["lab"]["columns"][0]["tiles"][0]["name"] == "Octo-Plus"
    # Red's bonus action: lab with the 0 (the die Yellow used) in the middle column
    assert state.current_player() == red
    move = BonusAction("white1", "black1", "lab", column=1)
    assert state.describe_move(move) == (
        "Player 2, bonus action (white die 1 + black die 1): lab: the middle column to level 0 (Plus-Tec): 0 [0 points]"
    )
    state.push(move)
    red_sheet = state.score_sheet(red)
    assert red_sheet["thirds"][0]["bonus_actions"][0]["points"] == 0
    assert red_sheet["thirds"][0]["bonus_actions"][0]["struck"] is True
    assert red_sheet["lab"]["columns"][1]["marker_level"] == 0
    assert state.totals() == [3, 0]
    assert state.turn == 1 and state.current_player() == -1  # Red's own turn begins


def test_opponents_decide_in_play_order_and_never_on_their_own_turn() -> None:
    state = new_game(4)
    quiet_turn(state)
    roll_turn(state, {})
    state.push(EndActions())
    assert state.queue == (2, 3, 0)
    assert state.current_player() == 2
    state.push(DeclineBonus())
    assert state.current_player() == 3
    assert state.describe_move(DeclineBonus()) == "Player 4 takes no bonus action"


def test_any_two_dice_even_those_the_active_player_used() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "crystal", "black1": "red-2"})
    state.push(Action("white1", "black1", "crystal"))
    state.push(EndActions())
    state.push(BonusAction("white1", "black1", "crystal"))
    assert state.totals() == [2, 2]
    assert state.ledger[-1].row == "bonus actions" and state.ledger[-1].box == "1"


def test_bonus_actions_at_most_twice_per_third() -> None:
    state = new_game(3)  # a third is 6 turns
    taken = 0
    for turn in range(6):
        roll_turn(state, {"white1": "crystal", "black1": "red-2"})
        state.push(EndActions())
        active = turn % 3
        while state.phase == "bonus":
            if state.current_player() == 1:
                assert active != 1
                state.push(BonusAction("white1", "black1", "crystal"))
                taken += 1
            else:
                state.push(DeclineBonus())
        if turn == 3:  # Player 1's turn in round 2: Player 2 already took two
            assert taken == 2
    assert taken == 2 and state.sheets[1].bonus_used == [2, 0, 0]
    # the next third allows two more
    roll_turn(state, {"white1": "crystal", "black1": "red-2"})
    state.push(EndActions())
    assert 1 in state.queue
    state.check_invariants()


def test_a_third_bonus_action_is_refused_even_if_asked() -> None:
    state = new_game(2)
    state.sheets[1].bonus_used[0] = 2
    roll_turn(state, {})
    state.push(EndActions())
    assert state.phase == "roll" and state.turn == 1  # nobody was asked
    assert reason_of(state, DeclineBonus()) == "the dice must be rolled first: Player 2 is to roll 6 dice"


def test_bonus_octopods() -> None:
    state = new_game(2)
    roll_turn(state, {"white3": "octopod", "black3": "octopod"})
    state.push(EndActions())
    assert reason_of(state, BonusOctopods(("white1", "black1"))) == (
        "neither die shows an octopod (nor can the lab turn one into an octopod)"
    )
    assert reason_of(state, BonusOctopods(("white1",))) == "a bonus action uses exactly 2 dice, not 1"
    assert BonusOctopods(("white3", "black3")) in list(state.legal_moves())
    state.push(BonusOctopods(("black3", "white3")))
    entry = state.ledger[-1]
    assert (entry.player, entry.row, entry.points) == (1, "bonus actions", 1)
    assert state.sheets[1].octopods[0] == 2


def test_bonus_octopods_with_octo_catch_and_octo_sub() -> None:
    state = new_game(2, tiles="A1 B1 C1 D1 E1 F2 G1 H1 I1")
    give_lab(state, 1, (-1, -1, 1))  # F2 Octo-Catch
    roll_turn(state, {"black3": "octopod"})
    state.push(EndActions())
    state.push(BonusOctopods(("white1", "black3")))  # octopod + a white die caught = 2
    assert state.ledger[-1].points == 1 and "Octo-Catch" in state.ledger[-1].reason
    state = new_game(2, tiles="A1 B1 C1 D1 E1 F1 G1 H1 I1")
    give_lab(state, 1, (-1, -1, 1))  # F1 Octo-Sub
    roll_turn(state, {"white1": "submarine", "white2": "submarine"})
    state.push(EndActions())
    state.push(BonusOctopods(("white1", "white2")))  # two submarines, Octo-Sub once: 1 octopod
    assert state.ledger[-1].reason.startswith("1 octopod: crossed 1 symbol")


def test_bonus_actions_use_the_opponents_lab_abilities() -> None:
    state = new_game(2, tiles="A1 B2 C1 D1 E1 F1 G1 H1 I1")
    give_lab(state, 1, (-1, 0, -1))  # Plus-Tec for Player 2
    roll_turn(state, {"white2": "research", "black1": "yellow-0"})
    state.push(EndActions())
    state.push(BonusAction("white2", "black1", "research"))
    assert state.ledger[-1].points == 2 and state.ledger[-1].reason.endswith("+1 Plus-Tec")


def test_bonus_action_checks_like_a_main_action() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "crystal", "black1": "octopod"})
    state.push(EndActions())
    assert reason_of(state, BonusAction("white1", "black1", "crystal")) == (
        "black die 1 shows an octopod, which has no colour or number"
    )
    assert reason_of(state, Action("white1", "black2", "crystal")) == (
        "no main action can be taken now: Player 2 is to take a bonus action or decline"
    )


def test_virtual_player_dice_after_each_turn() -> None:
    state = new_game(2, variant="virtual")
    roll_turn(state, {})
    state.push(EndActions())
    state.push(DeclineBonus())  # Player 2 on Player 1's dice
    assert state.phase == "virtual_roll" and state.dice_to_roll() == DICE
    roll = Roll(tuple((d, {**QUIET, "white1": "bot", "black1": "red-2"}[d]) for d in DICE))
    assert state.describe_move(roll).startswith("virtual player's roll: white die 1 bot")
    state.push(roll)
    assert state.queue == (1, 0)  # both players, the next one first
    state.push(BonusAction("white1", "black1", "bot"))
    state.push(BonusAction("white1", "black1", "bot"))
    assert state.totals() == [1, 1]
    assert state.turn == 1 and state.phase == "roll"
    quiet_turn(state)
    # third 1 is over after 4 turns; each player used 1 of 2 bonus actions
    assert [s.bonus_used[0] for s in state.sheets] == [1, 1]
    state.check_invariants()


def test_virtual_dice_count_towards_the_limit() -> None:
    state = new_game(2, variant="virtual")
    roll_turn(state, {"white1": "crystal", "black1": "red-2"})
    state.push(EndActions())
    state.push(BonusAction("white1", "black1", "crystal"))  # Player 2, on Player 1's dice
    state.push(Roll(tuple((d, {**QUIET, "white1": "crystal", "black1": "red-2"}[d]) for d in DICE)))
    state.push(BonusAction("white1", "black1", "crystal"))  # Player 2 again, on the virtual dice
    assert state.queue == (0,)
    state.push(DeclineBonus())
    roll_turn(state, {})
    state.push(EndActions())
    assert state.queue == (0,)  # Player 1 on Player 2's dice
    state.push(DeclineBonus())
    assert state.phase == "virtual_roll"
    state.push(Roll(tuple((d, QUIET[d]) for d in DICE)))
    assert state.queue == (0,)  # Player 2 has used both bonus actions of this third


def test_solo_has_no_bonus_actions() -> None:
    state = new_game(1, variant="solo")
    roll_turn(state, {})
    state.push(EndActions())
    assert state.phase == "roll" and state.turn == 1
