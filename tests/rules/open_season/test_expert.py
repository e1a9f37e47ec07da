"""Expert bonus tiles: choosing faces, column activation, each one-shot, permanent and scoring
face, and the in-game wild token."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import pytest

from rules.core import CHANCE, TERMINAL, IllegalMoveError
from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.cards import FACE_DOWN
from rules.open_season.moves import (
    ActivateBonus,
    ChooseBonusFace,
    Draw,
    GiveCard,
    KeepDrawn,
    PickDiscard,
    PlaceCard,
    PlaceWild,
    RandomAccolade,
    ReplaceWallCard,
    ReturnCard,
    ReturnOnTop,
    SearchDeck,
    WildOnAccolade,
)

from tests.rules.open_season.helpers import C, blank, filler_wall, rest_of_turn, settle, wall

TOP = {1: "gnome-crown", 2: "dwarf-tattoo", 3: "elf-dagger", 4: "mage-crown"}


def test_choose_four_faces_of_different_tiles() -> None:
    state = OpenSeasonGame(2, expert=True).new_initial_state()
    assert state.current_player() == 0
    assert {cast(ChooseBonusFace, m).face for m in state.legal_moves()} == set(range(1, 15))
    state.push(ChooseBonusFace(1, 1))
    faces = {cast(ChooseBonusFace, m).face for m in state.legal_moves()}
    assert 1 not in faces and 2 not in faces and 3 in faces  # faces 1 and 2 share a tile
    with pytest.raises(IllegalMoveError):
        state.push(ChooseBonusFace(2, 2))
    state.push(ChooseBonusFace(2, 14))
    state.push(ChooseBonusFace(3, 9))
    state.push(ChooseBonusFace(4, 5))
    assert state.bonus_faces[0] == [1, 14, 9, 5]
    assert state.current_player() == 1


def test_horn_only_faces_are_not_offered_on_the_shield_side() -> None:
    state = OpenSeasonGame(2, side="shield", expert=True).new_initial_state()
    # 12 (majority + 2) too: the Shield side has no majority space, so it would do nothing
    assert {cast(ChooseBonusFace, m).face for m in state.legal_moves()} == set(range(1, 15)) - {7, 8, 12}
    with pytest.raises(IllegalMoveError, match="not possible"):
        state.push(ChooseBonusFace(1, 12))


def expert_turn(faces: dict[int, int], hand: list[str], extra: Mapping[int, object] | None = None,
                side: str = "horn", n: int = 2,
                inn: tuple[str, ...] = ("sorcerer-tattoo", "barbarian-tattoo")) -> OpenSeasonState:
    state = blank(n, side, expert=True)
    state.bonus_faces[0] = [faces.get(c, 0) for c in range(1, 5)]
    # Horn: two more cards (column 3) so the turn is round 7+, past the trophy window.
    cards: dict[int, object] = dict({**TOP, 7: "barbarian-eyepatch", 11: "sorcerer-eyepatch"} if side == "horn"
                 else {1: "gnome-crown", 2: "elf-dagger", 3: "mage-crown"})
    cards.update(extra or {})
    wall(state, 0, cards)
    for p in range(1, n):
        filler_wall(state, p, len(cards))
    state.hand = [C(h) for h in hand]
    state.inn = [C(c) for c in inn]
    return settle(state, rest_of_turn(state, "place"), turns_played=n * len(cards))


def test_one_shot_tile_fires_when_its_column_shows_one_attribute() -> None:
    # Column 4 = spaces 4 and 8; space 4 shows a crown. Face 6: steal a trophy from each player.
    state = expert_turn({4: 6}, ["sorcerer-crown", "barbarian-dagger"])
    state.trophies[1] = 2
    state.supply[0] -= 2
    state.push(PlaceCard("sorcerer-crown", 8))
    assert state.trophies == [1, 1]
    assert state.bonus_state[0][3] == 1  # discarded: never fires again
    assert state.status() == []


def test_tile_does_not_fire_with_a_different_attribute_or_a_face_down_card() -> None:
    state = expert_turn({4: 6}, ["sorcerer-tattoo", "barbarian-dagger"])
    state.trophies[1] = 1
    state.supply[0] -= 1
    state.push(PlaceCard("sorcerer-tattoo", 8))
    assert state.trophies == [0, 1] and state.bonus_state[0][3] == 0
    state = expert_turn({1: 6}, ["elf-crown", "barbarian-dagger"], {5: "dwarf-crown", 9: FACE_DOWN + C("elf-eyepatch")})
    state.push(PlaceCard("elf-crown", 8))
    assert state.bonus_state[0][0] == 0


def test_in_game_wild_token_can_complete_a_column() -> None:
    state = expert_turn({4: 6}, ["sorcerer-tattoo", "barbarian-dagger"])
    state.wilds[0] = 1
    state.supply[1] -= 1
    state.trophies[1] = 1
    state.supply[0] -= 1
    assert PlaceWild(4, "tattoo") in set(state.legal_moves())
    state.push(PlaceCard("sorcerer-tattoo", 8))
    state.push(PlaceWild(4, "tattoo"))  # during the turn: the tile sees two tattoos
    assert state.trophies == [1, 0]
    with pytest.raises(IllegalMoveError):
        state.push(PlaceWild(4, "crown"))


def test_without_expert_the_wild_waits_for_the_end_of_the_game() -> None:
    state = blank(2, "horn")
    filler_wall(state, 0, 11)
    filler_wall(state, 1, 10)
    state.wall[0][6] = C("elf-crown")
    state.wilds[0] = 1
    state.supply[1] -= 1
    state.acc[0][C("mage-dagger")] = 1
    state.hand = [C("gnome-dagger"), C("gnome-crown")]
    settle(state, rest_of_turn(state, "place"), turns_played=21)
    assert all(m.kind == "place" for m in state.legal_moves())
    state.push(next(iter(state.legal_moves())))
    assert state.current_player() == 0  # the final wild placement
    moves = set(state.legal_moves())
    assert PlaceWild(7, "tattoo") in moves
    assert any(m.kind == "wild_on_accolade" and cast(WildOnAccolade, m).card == "mage-dagger" for m in moves)
    state.push(PlaceWild(7, "tattoo"))
    assert state.current_player() == TERMINAL
    attribute = [line for line in state.score_breakdown().lines_for(0) if line.category == "attribute"]
    assert attribute[0].reason.startswith("space 7 shows tattoo")


def test_face_1_opponents_discard_and_you_pick_one() -> None:
    state = expert_turn({4: 1}, ["sorcerer-crown", "barbarian-dagger"], n=3)
    state.stock[1] = [C("elf-earrings")]
    state.acc[2][C("dwarf-eyepatch")] = 2
    state.deck_counts[C("elf-earrings")] -= 1
    state.deck_counts[C("dwarf-eyepatch")] -= 2
    state.deck_size -= 3
    state.push(PlaceCard("sorcerer-crown", 8))
    assert state.current_player() == CHANCE  # player 3 discards a random accolade card
    state.push(RandomAccolade("dwarf-eyepatch"))
    assert set(state.legal_moves()) == {PickDiscard("elf-earrings"), PickDiscard("dwarf-eyepatch")}
    state.push(PickDiscard("elf-earrings"))
    assert state.stock[0][-1] == C("elf-earrings")
    assert state.removed[C("dwarf-eyepatch")] == 1
    assert state.status() == []


def test_face_2_draw_four_keep_two_and_choose_the_return_order() -> None:
    state = expert_turn({4: 2}, ["sorcerer-crown", "barbarian-dagger"])
    state.push(PlaceCard("sorcerer-crown", 8))
    for card in ("elf-crown", "gnome-tattoo", "dwarf-earrings", "barbarian-crown"):
        state.push(Draw(card))
    state.push(KeepDrawn("barbarian-crown"))
    state.push(KeepDrawn("elf-crown"))  # an elf will trigger the peek (space 3)
    assert set(state.legal_moves()) == {ReturnOnTop("gnome-tattoo"), ReturnOnTop("dwarf-earrings")}
    state.push(ReturnOnTop("dwarf-earrings"))
    assert state.deck_top == [C("gnome-tattoo"), C("dwarf-earrings")]
    # the barbarian went first (nothing), then the elf: the peek sees the returned cards
    assert state.stock[0][-2:] == [C("barbarian-crown"), C("elf-crown")]
    assert state.chance_outcomes() == [(Draw("dwarf-earrings"), 1.0)]


def test_face_3_deal_one_card_to_each_player_only_yours_triggers() -> None:
    state = expert_turn({4: 3}, ["sorcerer-crown", "barbarian-dagger"])
    state.push(PlaceCard("sorcerer-crown", 8))
    state.push(Draw("mage-tattoo"))
    state.push(Draw("gnome-tattoo"))
    assert {cast(GiveCard, m).player for m in state.legal_moves()} == {0}
    state.push(GiveCard(0, "mage-tattoo"))  # a mage: triggers the keep (space 4)
    state.push(GiveCard(1, "gnome-tattoo"))  # a gnome would trigger player 1's... nothing
    assert state.stock[1] == [C("gnome-tattoo")]
    assert {m.kind for m in state.legal_moves()} == {"keep_inn_card"}


def test_face_4_swap_a_card_with_the_deck() -> None:
    state = expert_turn({4: 4}, ["sorcerer-crown", "barbarian-dagger"])
    state.acc[0][C("dwarf-eyepatch")] = 1
    state.deck_counts[C("dwarf-eyepatch")] -= 1
    state.deck_size -= 1
    state.push(PlaceCard("sorcerer-crown", 8))
    assert set(state.legal_moves()) == {ReturnCard("stock", "barbarian-dagger"), ReturnCard("accolades", "dwarf-eyepatch")}
    state.push(ReturnCard("accolades", "dwarf-eyepatch"))
    state.push(SearchDeck("elf-crown"))  # elf: triggers the peek
    assert state.deck_top == []  # shuffled
    assert state.deck_counts[C("dwarf-eyepatch")] == 6
    assert state.stock[0][-1] == C("elf-crown")
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 30


def test_face_5_replace_a_wall_card_tokens_stay() -> None:
    state = expert_turn({4: 5}, ["sorcerer-crown", "barbarian-dagger"])
    state.wall_trophies[0][1] = 1
    state.supply[0] -= 1
    state.push(PlaceCard("sorcerer-crown", 8))
    moves = set(state.legal_moves())
    assert ReplaceWallCard("stock", "barbarian-dagger", 2) in moves
    assert ReplaceWallCard("stock", "barbarian-dagger", 1) in moves
    state.push(ReplaceWallCard("stock", "barbarian-dagger", 2))
    assert state.wall[0][1] == C("barbarian-dagger") and state.wall_trophies[0][1] == 1
    assert state.stock[0][-1] == C("dwarf-tattoo")  # the replaced card, atop the stock


def test_several_ready_tiles_resolve_in_the_order_you_choose() -> None:
    # columns 1 (spaces 1-5-9) and 4 (spaces 4-8) complete with crowns at once via the wild
    extra = {5: "dwarf-crown", 9: "elf-crown"}
    state = expert_turn({1: 6, 4: 6}, ["sorcerer-tattoo", "barbarian-dagger"], extra)
    state.wilds[0] = 1
    state.supply[1] -= 1
    state.push(PlaceCard("sorcerer-tattoo", 8))
    state.push(PlaceWild(8, "crown"))
    assert set(state.legal_moves()) == {ActivateBonus(1), ActivateBonus(4)}
    state.push(ActivateBonus(4))
    assert state.bonus_state[0] == [1, 0, 0, 1]


def test_face_14_lets_three_space_columns_activate_with_two_identical() -> None:
    # column 2 (2-6-10) holds face 14: tattoo, tattoo, tattoo -> active for good; then column 1
    # (1-5-9) with crown, crown and a dagger fires its one-shot face 6.
    extra = {6: "elf-tattoo", 10: "mage-tattoo", 5: "dwarf-crown"}
    state = expert_turn({2: 14, 1: 6}, ["barbarian-dagger", "sorcerer-dagger"], extra)
    state.trophies[1] = 1
    state.supply[0] -= 1
    state.push(PlaceCard("barbarian-dagger", 9))
    assert state.bonus_state[0][1] == 2
    assert state.bonus_state[0][0] == 1 and state.trophies == [1, 0]


def scoring_state(faces: dict[int, int], cards: Mapping[int, object], acc: dict[str, int],
                  side: str = "horn") -> OpenSeasonState:
    state = blank(2, side, expert=True)
    state.bonus_faces[0] = [faces.get(c, 0) for c in range(1, 5)]
    wall(state, 0, cards)
    filler_wall(state, 0, 20)
    filler_wall(state, 1, 20)
    for name, count in acc.items():
        state.acc[0][C(name)] += count
    rounds = state.layout.rounds
    return settle(state, [], turns_played=2 * rounds)


# Horn wall with column 4 (4-8) activated by two crowns.
COL4 = {4: "mage-crown", 8: "dwarf-crown"}


def test_face_7_one_point_space_scores_two() -> None:
    state = scoring_state({4: 7}, {**COL4, 9: "elf-dagger"}, {"elf-tattoo": 3})
    assert state.score_breakdown().lines_for(0)[2].points == 6


def test_face_8_negative_spaces_only_minus_one() -> None:
    state = scoring_state({4: 8}, {**COL4, 5: "elf-dagger", 6: "gnome-dagger"}, {"elf-tattoo": 3, "gnome-crown": 2})
    assert state.score_breakdown().by_category(0)["negative spaces"] == -5


def test_faces_9_and_11_count_columns() -> None:
    cards = {**COL4, 1: "gnome-dagger", 5: "elf-tattoo", 9: "sorcerer-earrings",
             2: "elf-crown", 6: "sorcerer-crown", 10: "mage-crown"}
    state = scoring_state({4: 9}, cards, {})
    # columns 1 (all different) only; column 2 all crowns; column 4 two crowns
    assert state.score_breakdown().by_category(0)["bonus tiles"] == 5
    state = scoring_state({4: 11}, cards, {})
    assert state.score_breakdown().by_category(0)["bonus tiles"] == 6


def test_face_10_eight_minus_least_attribute() -> None:
    state = scoring_state({4: 10}, COL4, {"elf-crown": 2, "elf-tattoo": 2, "elf-dagger": 1, "elf-earrings": 3, "elf-eyepatch": 2})
    assert state.score_breakdown().by_category(0)["bonus tiles"] == 7


def test_face_12_adds_two_for_the_majority() -> None:
    state = scoring_state({4: 12}, {**COL4, 11: "elf-dagger"}, {"elf-tattoo": 1})
    state.acc[1][C("elf-crown")] = 2
    state.deck_counts[C("elf-crown")] -= 2
    state.deck_size -= 2
    assert state.score_breakdown().by_category(0)["majority"] == 10
    state.bonus_faces[0][3] = 0
    assert state.score_breakdown().by_category(0)["majority"] == 0


def test_face_13_no_people_more_than_twice() -> None:
    state = scoring_state({4: 13}, COL4, {})
    assert state.score_breakdown().by_category(0)["bonus tiles"] == 12
    state.wall[0][0] = C("mage-tattoo")
    state.wall[0][1] = C("mage-earrings")
    assert state.score_breakdown().by_category(0)["bonus tiles"] == 0


def test_scoring_face_needs_its_column_activated() -> None:
    state = scoring_state({4: 13}, {4: "mage-crown", 8: "dwarf-tattoo"}, {})
    assert state.score_breakdown().by_category(0)["bonus tiles"] == 0
    assert "column not activated" in state.score_breakdown().lines_for(0)[-1].reason


def test_shield_single_space_column_needs_one_face_up_card() -> None:
    # round 5 (space 4 filled too): in rounds 3-4 space 7 would also give a wild token
    state = expert_turn({4: 6}, ["sorcerer-tattoo", "barbarian-dagger"], {4: "dwarf-eyepatch"}, side="shield")
    state.trophies[1] = 1
    state.supply[0] -= 1
    state.push(PlaceCard("sorcerer-tattoo", 7))
    assert state.bonus_state[0][3] == 1
    assert state.trophies[1] == 0
