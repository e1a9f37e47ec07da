"""Octopod bookkeeping: symbols per third, the -2, and the bonus for several octopods at once."""

from __future__ import annotations

import pytest

from rules.octo_dice import BonusOctopods, EndActions
from rules.octo_dice.components import OCTOPOD_BONUS
from tests.rules.octo_dice.helpers import decline_all, new_game, quiet_turn, roll_turn

ALL_OCTOPODS = {d: "octopod" for d in ("white1", "white2", "white3", "black1", "black2", "black3")}


def octopod_turn(state, count: int) -> None:
    dice = list(ALL_OCTOPODS)[:count]
    roll_turn(state, {d: "octopod" for d in dice})
    state.push(EndActions())


def test_rulebook_example_three_octopods() -> None:
    """'On your turn, you roll 3 octopods. You can cross out both octopods on your scoring sheet,
    as well as the negative points. You also receive 3 bonus points.'"""
    state = new_game(2)
    octopod_turn(state, 3)
    entry = state.ledger[-1]
    assert (entry.kind, entry.points) == ("octopods", 3)
    assert state.sheets[0].octopods == [2, 0, 0]
    assert state.score_sheet(0)["thirds"][0]["penalty_box"]["crossed_out"] is True


@pytest.mark.parametrize(("count", "bonus"), [(1, 0), (2, 1), (3, 3), (4, 5), (5, 7), (6, 10)])
def test_octopod_bonus_table(count: int, bonus: int) -> None:
    state = new_game(2)
    octopod_turn(state, count)
    assert state.ledger[-1].points == bonus == OCTOPOD_BONUS.get(count, 0)


def test_no_octopod_writes_nothing() -> None:
    state = new_game(2)
    roll_turn(state, {})
    state.push(EndActions())
    assert state.ledger == [] and state.sheets[0].octopods == [0, 0, 0]
    assert state.score_sheet(0)["thirds"][0]["turns"][0]["octopods"] is None


def test_symbols_belong_to_the_current_third() -> None:
    state = new_game(2)  # a third is 4 turns
    octopod_turn(state, 1)  # Player 1, third 1: 1 of 2
    decline_all(state)
    quiet_turn(state)
    octopod_turn(state, 2)  # Player 1 again, third 1: the second symbol, bonus 1
    assert state.ledger[-1].reason.startswith("2 octopods: crossed 1 symbol (both caught")
    decline_all(state)
    quiet_turn(state)  # end of third 1
    assert state.sheets[0].octopods == [2, 0, 0] and state.sheets[1].octopods == [0, 0, 0]
    octopod_turn(state, 1)  # third 2 starts from zero again
    assert state.sheets[0].octopods == [2, 1, 0]
    decline_all(state)
    quiet_turn(state)
    quiet_turn(state)
    quiet_turn(state)
    penalties = [(e.third, e.points) for e in state.ledger if e.player == 0 and e.kind == "octopod penalty"]
    assert penalties == [(0, 0), (1, -2)]


def test_bonus_octopods_fill_the_actors_current_third() -> None:
    state = new_game(2)
    quiet_turn(state)
    quiet_turn(state)
    quiet_turn(state)
    quiet_turn(state)  # third 2 begins
    octopod_turn(state, 2)
    state.push(BonusOctopods(("white1", "white2")))
    assert state.sheets[1].octopods == [0, 2, 0]
    entry = state.ledger[-1]
    assert (entry.player, entry.third, entry.row, entry.points) == (1, 1, "bonus actions", 1)
