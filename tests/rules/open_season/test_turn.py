"""Setup, the turn's steps, the placement rule and the round effects of the spaces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import pytest

from rules.core import CHANCE, IllegalMoveError
from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.cards import DECK_SIZE, EMPTY, FACE_DOWN
from rules.open_season.moves import Draw, PlaceCard, TakeFromInn

from tests.rules.open_season.helpers import C, blank, fd, filler_wall, rest_of_turn, settle, wall


def deal_inn(state, *names: str) -> None:
    for name in names:
        state.push(Draw(name))


def downs(spaces: tuple[int, ...]) -> dict[int, object]:
    """Distinct face-down cards on these spaces (earlier rounds)."""
    return {s: FACE_DOWN + (7 * i + 3) % 30 for i, s in enumerate(spaces)}


def test_setup_is_a_shuffled_deck_of_180_and_an_inn_of_5() -> None:
    state = OpenSeasonGame(3).new_initial_state(seed=1)
    assert state.deck_size == DECK_SIZE == 180
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30 and all(abs(p - 1 / 30) < 1e-12 for _, p in outcomes)
    deal_inn(state, "elf-crown", "elf-crown", "mage-tattoo", "gnome-dagger", "dwarf-eyepatch")
    assert state.current_player() == 0 and len(state.inn) == 5 and state.deck_size == 175
    # drawn identities become less likely: 4 elf-crowns are left among 175 cards
    state.push(TakeFromInn(("elf-crown", "mage-tattoo")))
    state.push(PlaceCard("mage-tattoo", 9))
    probs = {cast(Draw, m).card: p for m, p in state.chance_outcomes()}
    assert probs["elf-crown"] == pytest.approx(4 / 175)
    assert probs["barbarian-crown"] == pytest.approx(6 / 175)
    assert state.status() == []


def test_take_two_then_place_one_and_stock_the_other() -> None:
    state = OpenSeasonGame(2).new_initial_state()
    deal_inn(state, "elf-crown", "mage-tattoo", "gnome-dagger", "dwarf-eyepatch", "elf-dagger")
    with pytest.raises(IllegalMoveError, match="take exactly 2 card"):
        state.push(TakeFromInn(("elf-crown",)))
    with pytest.raises(IllegalMoveError, match="the inn has no barbarian-crown"):
        state.push(TakeFromInn(("elf-crown", "barbarian-crown")))
    state.push(TakeFromInn(("elf-crown", "mage-tattoo")))
    assert sorted(state.hand) == sorted([C("elf-crown"), C("mage-tattoo")])
    state.push(PlaceCard("mage-tattoo", 9))
    assert state.wall[0][8] == C("mage-tattoo")
    assert state.stock[0] == [C("elf-crown")]
    # no top-row card yet, so nothing triggers; player 1's turn starts with refilling the inn
    assert state.turn_player == 1 and state.current_player() == CHANCE
    deal_inn(state, "sorcerer-crown", "sorcerer-crown")
    assert state.current_player() == 1
    # step 2 of player 0's NEXT turn moves the stock into the accolades, not before
    assert state.acc[0][C("elf-crown")] == 0


def test_stock_moves_to_accolades_at_the_start_of_the_own_turn() -> None:
    state = OpenSeasonGame(2).new_initial_state()
    deal_inn(state, "elf-crown", "mage-tattoo", "gnome-dagger", "dwarf-eyepatch", "elf-dagger")
    state.push(TakeFromInn(("elf-crown", "mage-tattoo")))
    state.push(PlaceCard("mage-tattoo", 9))
    deal_inn(state, "sorcerer-crown", "sorcerer-crown")
    state.push(TakeFromInn(("gnome-dagger", "dwarf-eyepatch")))
    state.push(PlaceCard("gnome-dagger", 9))
    assert state.turn_player == 0 and state.stock[0] == []
    assert state.acc[0][C("elf-crown")] == 1


def placing_state(hand: list[str], cards: Mapping[int, object], side: str = "horn") -> OpenSeasonState:
    state = blank(2, side)
    wall(state, 0, cards)
    n_cards = len(cards)
    filler_wall(state, 1, n_cards)
    state.hand = [C(h) for h in hand]
    return settle(state, rest_of_turn(state, "place"), turns_played=2 * n_cards)


def test_frieze_forbids_a_repeated_people_with_the_reason() -> None:
    state = placing_state(["elf-crown", "mage-tattoo"], {1: "elf-dagger"})
    with pytest.raises(IllegalMoveError) as info:
        state.push(PlaceCard("elf-crown", 2))
    assert info.value.reason == "space 2 shares a frieze with space 1, which already shows an elf"
    state.push(PlaceCard("elf-crown", 5))  # another frieze: fine
    assert state.status() == []


def test_face_down_refused_while_a_card_fits_face_up() -> None:
    state = placing_state(["elf-crown", "mage-tattoo"], {1: "elf-dagger"})
    with pytest.raises(IllegalMoveError, match="only when neither hand card fits"):
        state.push(PlaceCard("elf-crown", 2, face_down=True))
    assert all(not cast(PlaceCard, m).face_down for m in state.legal_moves())


def test_forced_face_down_when_neither_card_fits() -> None:
    # Round 10 of the rulebook's example: only spaces in the top row are left and they need
    # different peoples; the hand holds an elf and a mage, both already in that row.
    cards = {1: "elf-dagger", 2: "mage-crown", 5: "gnome-crown", 6: "dwarf-crown",
             7: "sorcerer-crown", 8: "barbarian-crown", 9: "gnome-dagger", 10: "dwarf-dagger",
             11: "barbarian-dagger"}
    state = placing_state(["elf-crown", "mage-tattoo"], cards)
    moves = [cast(PlaceCard, m) for m in state.legal_moves()]
    assert moves and all(m.face_down for m in moves)
    assert {m.space for m in moves} == {3, 4}
    state.push(PlaceCard("mage-tattoo", 4, face_down=True))
    assert state.wall[0][3] == FACE_DOWN + C("mage-tattoo")
    assert state.stock[0] == [C("elf-crown")]


def test_face_down_cards_have_no_people_for_the_frieze() -> None:
    state = placing_state(["elf-crown", "mage-tattoo"], {1: fd("elf-dagger")})
    state.push(PlaceCard("elf-crown", 2))
    assert state.wall[0][1] == C("elf-crown")


@pytest.mark.parametrize("rnd, expected", [(1, True), (4, True), (5, False)])
def test_attribute_series_tile_only_in_rounds_1_to_4(rnd: int, expected: bool) -> None:
    before = downs((1, 2, 3, 4, 6, 7, 8)[: rnd - 1])
    state = placing_state(["elf-crown", "mage-tattoo"], before)
    state.push(PlaceCard("elf-crown", 5))
    assert state.series_tile[0] is expected


@pytest.mark.parametrize(
    "rnd, trophies, wilds", [(1, 2, 0), (2, 2, 0), (3, 0, 1), (4, 0, 1), (5, 1, 0), (6, 1, 0), (7, 0, 0)]
)
def test_trophy_window_by_round(rnd: int, trophies: int, wilds: int) -> None:
    before = downs((1, 2, 3, 4, 5, 6, 7)[: rnd - 1])
    state = placing_state(["elf-crown", "mage-tattoo"], before)
    state.push(PlaceCard("elf-crown", 8))
    assert (state.trophies[0], state.wilds[0]) == (trophies, wilds)


@pytest.mark.parametrize("rnd, rewarded", [(3, True), (6, True), (7, False)])
def test_bottom_row_completed_by_round_6(rnd: int, rewarded: bool) -> None:
    before: dict[int, object] = {9: "gnome-crown", 10: "dwarf-crown"}
    before.update(downs((1, 2, 3, 4)[: rnd - 3]))
    state = placing_state(["elf-crown", "mage-tattoo"], before)
    state.push(PlaceCard("elf-crown", 11))
    assert state.penalty[0] is rewarded
    assert state.trophies[0] == (4 if rewarded else 0)


@pytest.mark.parametrize("rnd, trophy", [(5, False), (6, True), (9, True)])
def test_shield_trophy_spaces_in_rounds_6_to_9(rnd: int, trophy: bool) -> None:
    before = downs((1, 2, 3, 4, 5, 6, 8, 9)[: rnd - 1])
    state = placing_state(["elf-crown", "mage-tattoo"], before, side="shield")
    state.push(PlaceCard("elf-crown", 7))
    if trophy:
        # the trophy must go beside an endgame scoring at the end of the turn
        assert {m.kind for m in state.legal_moves()} == {"activate_scoring"}
    else:
        assert state.trophies[0] == 0 and state.current_player() == CHANCE


def test_space_effects_also_apply_to_a_face_down_card() -> None:
    state = placing_state(["elf-crown", "mage-tattoo"], {})
    state.hand = [C("elf-crown"), C("mage-tattoo")]
    state.push(PlaceCard("elf-crown", 8))
    assert state.trophies[0] == 2
    assert state.wall[0][7] != EMPTY


@pytest.mark.parametrize("rnd, space, wild", [(2, 7, False), (3, 7, True), (4, 8, True), (4, 9, True), (5, 7, False), (3, 5, False)])
def test_shield_wild_token_in_rounds_3_and_4(rnd: int, space: int, wild: bool) -> None:
    """Revised decision: the Shield side has a wild source too (rounds 3-4, row 3 or column 4)."""
    before = downs(tuple(s for s in (1, 2, 3, 4, 6) if s != space)[: rnd - 1])
    state = placing_state(["elf-crown", "mage-tattoo"], before, side="shield")
    state.push(PlaceCard("elf-crown", space))
    assert state.wilds[0] == (1 if wild else 0)
    assert state.status() == []


def test_shield_wild_token_only_once_a_game() -> None:
    state = placing_state(["elf-crown", "mage-tattoo"], {1: "gnome-crown", 2: "dwarf-crown", 7: "sorcerer-crown"}, side="shield")
    assert state.wilds[0] == 0  # nothing given by the hand-made wall; hand one out as if won
    state.wilds[0] = 1
    state.supply[1] -= 1
    state.push(PlaceCard("elf-crown", 8))  # round 4 on row 3, but a wild was already had
    assert state.wilds[0] == 1 and state.supply[1] == 3


def test_shield_wild_token_changes_the_attribute_scorings() -> None:
    from tests.rules.open_season.helpers import accolades

    state = blank(2, "shield")
    wall(state, 0, {5: "elf-crown"})
    accolades(state, 0, {"gnome-tattoo": 3})
    filler_wall(state, 0, 9)
    filler_wall(state, 1, 9)
    state.acc_wilds[0] = [(C("gnome-tattoo"), 0)]  # one gnome-tattoo now counts as a crown
    state.supply[1] -= 1
    settle(state, [], turns_played=18)
    assert state.score_breakdown().by_category(0)["attribute"] == 2


@pytest.mark.parametrize(
    "move, reason",
    [
        (PlaceCard("elf-crown", True), "place space must be a whole number, not True"),
        (PlaceCard("elf-crown", 5, "yes"), "place face_down must be true or false, not 'yes'"),  # type: ignore[arg-type]
        (PlaceCard("elf-crown", 5, 1), "place face_down must be true or false, not 1"),  # type: ignore[arg-type]
        (PlaceCard("elf-crown", 5.0), "place space must be a whole number, not 5.0"),  # type: ignore[arg-type]
    ],
)
def test_bool_and_str_are_not_spaces_or_flags(move: PlaceCard, reason: str) -> None:
    state = placing_state(["elf-crown", "mage-tattoo"], {})
    with pytest.raises(IllegalMoveError) as info:
        state.push(move)
    assert info.value.reason == reason
    assert state.wall[0] == [EMPTY] * 11


def test_bool_is_not_a_seat() -> None:
    from rules.open_season.moves import Steal

    state = placing_state(["elf-crown", "mage-tattoo"], {})
    with pytest.raises(IllegalMoveError) as info:
        state.push(Steal(True))
    assert info.value.reason == "steal victim must be a whole number, not True"
