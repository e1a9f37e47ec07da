"""Triggered actions, chains, the once-per-turn limit, the steal and its compensation, keeping an
inn card, peeking, trophies on the wall, and the Shield's take-from-the-inn action."""

from __future__ import annotations

import pytest

from rules.core import CHANCE, TERMINAL, IllegalMoveError
from rules.open_season.cards import CARD_NAMES, FACE_DOWN
from rules.open_season.moves import (
    Compensate,
    Draw,
    KeepInnCard,
    KeepPeeked,
    MoveTrophy,
    PlaceCard,
    PlaceTrophy,
    RandomAccolade,
    SkipTrophy,
    Steal,
    TakeFromInn,
    TakeInnCard,
)

from tests.rules.open_season.helpers import C, blank, filler_wall, rest_of_turn, settle, wall

# Top row used below (Horn): 1 steal = gnome, 2 move trophy = dwarf, 3 peek = elf, 4 keep = mage.
TOP_ROW = {1: "gnome-crown", 2: "dwarf-crown", 3: "elf-crown", 4: "mage-crown"}


def turn_state(hand: list[str], *, side: str = "horn", top=TOP_ROW, inn=("sorcerer-tattoo", "barbarian-tattoo", "sorcerer-earrings"), n: int = 2):
    """Player 0 about to place one of ``hand``; 4 rounds played by everyone."""
    state = blank(n, side)
    wall(state, 0, top)
    for p in range(1, n):
        filler_wall(state, p, len(top))
    state.inn = [C(c) for c in inn]
    state.hand = [C(h) for h in hand]
    return state


def go(state, n_rounds: int | None = None):
    rounds = sum(1 for v in state.wall[0] if v != -1)
    return settle(state, rest_of_turn(state, "place"), turns_played=state.game.num_players * rounds)


def test_stock_card_matching_the_top_row_triggers_that_space() -> None:
    state = turn_state(["sorcerer-crown", "mage-tattoo"])
    state.acc[1][C("barbarian-dagger")] = 1
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    # mage on the stock matches space 4 (keep an inn card)
    assert {m.kind for m in state.legal_moves()} == {"keep_inn_card"}
    state.push(KeepInnCard("barbarian-tattoo"))
    assert state.kept[0] == C("barbarian-tattoo")
    assert C("barbarian-tattoo") not in state.inn


def test_no_trigger_when_the_people_is_not_in_the_top_row() -> None:
    state = go(turn_state(["sorcerer-crown", "barbarian-tattoo"], inn=("elf-dagger",)))
    state.push(PlaceCard("sorcerer-crown", 5))
    assert state.current_player() == CHANCE  # straight to the next turn's inn refill
    assert state.turn_player == 1


def test_face_down_top_row_card_never_triggers() -> None:
    top: dict[int, object] = dict(TOP_ROW)
    top[4] = FACE_DOWN + C("mage-crown")
    state = go(turn_state(["sorcerer-crown", "mage-tattoo"], top=top))
    state.push(PlaceCard("sorcerer-crown", 5))
    assert state.turn_player == 1


def test_kept_card_means_taking_one_inn_card_next_turn() -> None:
    state = turn_state(["sorcerer-crown", "mage-tattoo"])
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    state.push(KeepInnCard("barbarian-tattoo"))
    # player 1's turn
    while state.current_player() == CHANCE:
        state.push(state.chance_outcomes()[0][0])
    state.push(next(iter(state.legal_moves())))
    state.push(next(iter(state.legal_moves())))
    while state.current_player() != 0 or state.turn_player != 0:
        move = state.chance_outcomes()[0][0] if state.current_player() == CHANCE else next(iter(state.legal_moves()))
        state.push(move)
    with pytest.raises(IllegalMoveError, match=r"take exactly 1 card\(s\) from the inn \(you kept a card last turn\)"):
        state.push(TakeFromInn(tuple(CARD_NAMES[c] for c in state.inn[:2])))
    take = next(iter(state.legal_moves()))
    assert len(take.cards) == 1
    state.push(take)
    assert C("barbarian-tattoo") in state.hand and len(state.hand) == 2 and state.kept[0] == -1


def test_steal_takes_the_top_of_the_stock_and_the_victim_may_compensate() -> None:
    state = turn_state(["sorcerer-crown", "gnome-tattoo"])
    state.stock[1] = [C("dwarf-dagger"), C("barbarian-earrings")]
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    assert list(state.legal_moves()) == [Steal(1)]
    with pytest.raises(IllegalMoveError, match="not an opponent"):
        state.push(Steal(0))
    state.push(Steal(1))
    assert state.current_player() == 1  # the victim decides first
    options = set(state.legal_moves())
    assert Compensate("none") in options and Compensate("deck") in options
    assert Compensate("inn", "sorcerer-tattoo") in options
    state.push(Compensate("inn", "sorcerer-tattoo"))
    # the stolen barbarian lands on the thief's stock; barbarians trigger nothing here
    assert state.stock[0][-1] == C("barbarian-earrings")
    assert state.turn_player == 1
    # the victim's stock (with the compensation card on it) went to their accolades as
    # their turn began
    assert state.acc[1][C("dwarf-dagger")] == 1 and state.acc[1][C("sorcerer-tattoo")] == 1
    assert state.acc[1][C("barbarian-earrings")] == 0


def test_steal_from_empty_stock_takes_a_random_accolade_card() -> None:
    state = turn_state(["sorcerer-crown", "gnome-tattoo"])
    state.acc[1][C("mage-dagger")] = 3
    state.acc[1][C("elf-dagger")] = 1
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    state.push(Steal(1))
    assert state.current_player() == CHANCE
    outcomes = {m.card: p for m, p in state.chance_outcomes()}
    assert outcomes == {"mage-dagger": 0.75, "elf-dagger": 0.25}
    with pytest.raises(IllegalMoveError, match="has no gnome-crown in their accolades"):
        state.push(RandomAccolade("gnome-crown"))
    state.push(RandomAccolade("mage-dagger"))
    state.push(Compensate("deck"))
    assert state.current_player() == CHANCE  # the blind draw for the victim
    state.push(Draw("elf-earrings"))
    assert state.stock[1] == [C("elf-earrings")]  # victim's card triggers nothing
    # the stolen mage triggers space 4 (keep) for the thief: a chain
    assert {m.kind for m in state.legal_moves()} == {"keep_inn_card"}


def test_steal_fizzles_when_no_opponent_has_a_card() -> None:
    state = go(turn_state(["sorcerer-crown", "gnome-tattoo"]))
    state.push(PlaceCard("sorcerer-crown", 5))
    assert state.turn_player == 1


def test_each_action_only_once_per_turn() -> None:
    state = turn_state(["sorcerer-crown", "gnome-tattoo"])
    state.stock[1] = [C("gnome-dagger")]  # stealing a gnome would trigger the steal again
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    state.push(Steal(1))
    state.push(Compensate("none"))
    assert state.stock[0] == [C("gnome-tattoo"), C("gnome-dagger")]
    assert state.turn_player == 1  # no second steal


def test_rulebook_chain_peek_then_steal_then_keep() -> None:
    # The rulebook's example: an elf on the stock triggers the peek; the kept gnome triggers
    # the steal; the stolen random mage triggers the keep. Three cards added in one turn.
    state = turn_state(["sorcerer-crown", "elf-tattoo"])
    state.acc[1][C("mage-eyepatch")] = 2
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    assert state.current_player() == CHANCE
    state.push(Draw("gnome-earrings"))
    state.push(Draw("barbarian-crown"))
    assert set(state.legal_moves()) == {KeepPeeked("gnome-earrings"), KeepPeeked("barbarian-crown")}
    state.push(KeepPeeked("gnome-earrings"))
    assert state.deck_top == [C("barbarian-crown")]  # the other card went back on top
    state.push(Steal(1))
    state.push(RandomAccolade("mage-eyepatch"))
    state.push(Compensate("none"))
    state.push(KeepInnCard("sorcerer-earrings"))
    assert state.stock[0] == [C("elf-tattoo"), C("gnome-earrings"), C("mage-eyepatch")]
    assert state.kept[0] == C("sorcerer-earrings")
    # the card put back is the next card drawn, for sure
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(Draw("barbarian-crown"), 1.0)]
    with pytest.raises(IllegalMoveError, match="known to be barbarian-crown"):
        state.push(Draw("elf-crown"))
    assert state.status() == []


def test_move_trophy_goes_to_a_bottom_row_card() -> None:
    state = turn_state(["sorcerer-crown", "dwarf-tattoo"])
    wall(state, 0, {9: "barbarian-dagger", 10: "elf-dagger"})
    state.wall_trophies[0][0] = 1
    state.supply[0] -= 1
    filler_wall(state, 1, 2)
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    assert set(state.legal_moves()) == {MoveTrophy(1, 9), MoveTrophy(1, 10)}
    state.push(MoveTrophy(1, 10))
    assert state.wall_trophies[0][9] == 1 and state.wall_trophies[0][0] == 0


def test_trophy_on_top_row_triggers_its_action_once() -> None:
    state = turn_state(["sorcerer-crown", "barbarian-tattoo"])
    state.trophies[0] = 2
    state.supply[0] -= 2
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    moves = set(state.legal_moves())
    assert SkipTrophy() in moves and PlaceTrophy(4) in moves
    assert PlaceTrophy(6) not in moves  # middle row: no
    with pytest.raises(IllegalMoveError, match="top or bottom row"):
        state.push(PlaceTrophy(7))
    state.push(PlaceTrophy(4))  # triggers "keep"
    assert {m.kind for m in state.legal_moves()} == {"keep_inn_card"}
    state.push(KeepInnCard("sorcerer-tattoo"))
    assert state.turn_player == 1  # only one trophy per turn, although one is left
    assert state.trophies[0] == 1 and state.wall_trophies[0][3] == 1


def test_trophy_on_an_already_triggered_action_is_refused() -> None:
    """Revised decision: a trophy may only go on a top-row card whose action was not triggered
    this turn (the engine used to take it and trigger nothing)."""
    state = turn_state(["sorcerer-crown", "mage-tattoo"])
    state.trophies[0] = 1
    state.supply[0] -= 1
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    state.push(KeepInnCard("sorcerer-tattoo"))  # the mage in stock triggered space 4 (keep)
    assert PlaceTrophy(4) not in set(state.legal_moves())
    assert PlaceTrophy(1) in set(state.legal_moves())
    with pytest.raises(IllegalMoveError) as info:
        state.push(PlaceTrophy(4))
    assert info.value.reason == (
        "the keep action of space 4 was already triggered this turn: a trophy goes on a card "
        "whose action has not been triggered"
    )
    assert state.trophies[0] == 1 and state.turn_player == 0


def test_trophy_goes_on_a_face_up_card_only() -> None:
    top: dict[int, object] = dict(TOP_ROW)
    top[1] = FACE_DOWN + C("gnome-crown")
    state = turn_state(["sorcerer-crown", "barbarian-tattoo"], top=top)
    state.trophies[0] = 1
    state.supply[0] -= 1
    go(state)
    state.push(PlaceCard("sorcerer-crown", 5))
    assert PlaceTrophy(1) not in set(state.legal_moves())
    with pytest.raises(IllegalMoveError) as info:
        state.push(PlaceTrophy(1))
    assert info.value.reason == "the card on space 1 lies face down: a trophy goes on a face-up card"


def test_shield_take_an_inn_card_to_the_stock_can_chain() -> None:
    # Shield top row: 1 steal, 2 peek, 3 take an inn card.
    top = {1: "gnome-crown", 2: "elf-crown", 3: "mage-crown"}
    state = turn_state(["sorcerer-crown", "mage-tattoo"], side="shield", top=top,
                       inn=("gnome-dagger", "barbarian-tattoo"))
    state.stock[1] = [C("dwarf-eyepatch")]
    go(state)
    state.push(PlaceCard("sorcerer-crown", 4))
    assert set(state.legal_moves()) == {TakeInnCard("gnome-dagger"), TakeInnCard("barbarian-tattoo")}
    state.push(TakeInnCard("gnome-dagger"))  # a gnome: triggers the steal
    assert list(state.legal_moves()) == [Steal(1)]


def test_game_ends_after_the_last_round_with_stocks_in_accolades() -> None:
    state = blank(2, "shield")
    filler_wall(state, 0, 9)
    filler_wall(state, 1, 8)
    state.wall[1][0] = -1
    state.wall[1][8] = FACE_DOWN + C("dwarf-dagger")
    state.hand = [C("elf-crown"), C("mage-crown")]
    state.kept[1] = C("gnome-dagger")
    settle(state, rest_of_turn(state, "place"), turns_played=17)
    assert state.turn_player == 1
    state.push(PlaceCard("elf-crown", 1))
    assert state.current_player() == TERMINAL
    assert state.acc[1][C("gnome-dagger")] == 1 and state.kept[1] == -1
    assert sum(state.acc[1]) == 2 and state.stock[1] == []
    assert state.status() == []


def test_running_out_of_cards_shortens_the_hand_then_ends_the_game() -> None:
    # Decision for a case the rulebook never meets: with the deck empty the inn is not refilled;
    # a lone inn card is placed without a stock card; with no card at all the game ends.
    state = blank(2, "horn")
    filler_wall(state, 0, 3)
    filler_wall(state, 1, 3)
    state.inn = [C("elf-crown")]
    settle(state, rest_of_turn(state, "refill"), turns_played=6)
    # empty the deck: every other card sits in player 1's accolades
    for t, c in enumerate(state.deck_counts):
        state.acc[1][t] += c
        state.deck_counts[t] = 0
    state.deck_size = 0
    settle(state, rest_of_turn(state, "refill"), turns_played=6)
    assert list(state.legal_moves()) == [TakeFromInn(("elf-crown",))]
    state.push(TakeFromInn(("elf-crown",)))
    state.push(PlaceCard("elf-crown", 9))
    assert state.stock[0] == []
    assert state.current_player() == TERMINAL and state.ended_early
    assert state.status() == []
    assert state.score_breakdown().winners
