"""Advanced game: abyss tiles power side up, the nine powers and when they cannot be used."""

from __future__ import annotations

import pytest

from rules.core import IllegalMoveError
from rules.octocube import ChooseAbyss, Decline, OctocubeGame, Pass, Roll, Score, UsePower
from rules.octocube.components import location_label
from rules.octocube.state import POWER_TILES
from tests.rules.octocube.helpers import L, T, face_labels, fresh, hole, put_cube, set_stack


def advanced(power: str, at: str = "B1", cube_at: str = "B2", **faces: str):
    state = fresh(4, mode="advanced")
    state.stacks[L(at)] = [POWER_TILES[power]]
    put_cube(state, 0, cube_at, **faces)
    return state


def powers(state, letter: str) -> list[UsePower]:
    return [m for m in state.legal_moves() if isinstance(m, UsePower) and m.letter == letter]


def test_setup_places_power_tiles() -> None:
    state = OctocubeGame(4, mode="advanced").new_initial_state(2)
    letters = [state.stacks[(2, 2)][0].letter] + [t.letter for t in state.abyss_supply]
    assert sorted(letters) == list("BCDEFGHI")  # decision 11 (revised): the power sides B-I
    state = OctocubeGame(4, mode="advanced", powers="ABCDEFGI").new_initial_state(2)
    letters = [state.stacks[(2, 2)][0].letter] + [t.letter for t in state.abyss_supply]
    assert sorted(letters) == list("ABCDEFGI")
    centres = {OctocubeGame(3, mode="advanced").new_initial_state(s).stacks[(2, 2)][0].letter for s in range(60)}
    assert len(centres) > 4  # a random tile in the middle
    two = OctocubeGame(2, mode="advanced").new_initial_state(0)
    assert len(two.abyss_supply) == 5 and len({t.letter for t in two.abyss_supply}) == 5


def test_using_an_adjacent_power_is_the_whole_turn() -> None:
    state = advanced("A")
    set_stack(state, "C2", "coin", "green pearl")
    moves = powers(state, "A")
    assert {m.direction for m in moves} == {"north", "south", "east", "west"}
    assert all(m.source == L("B1") for m in moves)
    state.push(UsePower("A", L("B1"), direction="east"))
    assert state.cubes[0].location == L("C2") and face_labels(state, 0)["bottom"] == "green pearl"
    assert state.current_player() == 1


def test_power_a_cannot_be_used_without_a_free_neighbour() -> None:
    state = advanced("A")
    put_cube(state, 1, "B1")
    put_cube(state, 2, "A2")
    put_cube(state, 3, "C2")
    hole(state, "B3")
    assert powers(state, "A") == []
    with pytest.raises(IllegalMoveError, match="cannot be used now"):
        state.push(UsePower("A", L("B1"), direction="east"))


def test_power_needs_an_adjacent_tile_with_that_power() -> None:
    state = advanced("B", at="D4", top="coin")
    state.boards[0].tiles = [T("white pearl")]
    assert powers(state, "B") == []
    with pytest.raises(IllegalMoveError, match="not adjacent"):
        state.push(UsePower("B", L("D4"), board_tile="white pearl"))
    with pytest.raises(IllegalMoveError, match="no abyss tile with power C"):
        state.push(UsePower("C", L("D4"), location=L("E5")))


def test_power_b_swaps_cube_top_with_a_board_tile() -> None:
    state = advanced("B", top="white pearl")
    state.boards[0].tiles = [T("green starfish")]
    state.boards[0].coins = 1
    assert {m.board_tile for m in powers(state, "B")} == {"green starfish", "coin"}
    state.push(UsePower("B", L("B1"), board_tile="green starfish"))
    assert face_labels(state, 0)["top"] == "green starfish"
    assert [t.label() for t in state.boards[0].tiles] == ["white pearl"]
    # cannot: empty cube top, or nothing on the board
    assert powers(advanced("B", north="coin"), "B") == []
    assert powers(advanced("B", top="coin"), "B") == []


def test_power_c_moves_the_cube_anywhere_free_keeping_its_orientation() -> None:
    state = advanced("C", top="coin", bottom="white pearl")
    put_cube(state, 1, "E5")
    targets = {m.location for m in powers(state, "C")}
    assert targets == set(state.stacks) - {L("B2"), L("E5")}
    set_stack(state, "D4", "green pearl")
    state.push(UsePower("C", L("B1"), location=L("D4")))
    assert state.cubes[0].location == L("D4")
    assert face_labels(state, 0)["top"] == "coin" and face_labels(state, 0)["bottom"] == "white pearl"
    assert state.stacks[L("D4")] == [T("green pearl")]  # full bottom: nothing picked up


def test_power_c_cannot_be_used_without_a_free_space() -> None:
    state = advanced("C")
    put_cube(state, 1, "B1")
    for loc in list(state.stacks):
        if loc not in (L("B1"), L("B2")):
            hole(state, location_label(loc))
    assert powers(state, "C") == []


def test_power_d_takes_a_visible_tile_onto_the_empty_top() -> None:
    state = advanced("D")
    set_stack(state, "E5", "coin", "white diamond")
    put_cube(state, 1, "A1")
    choices = {m.location for m in powers(state, "D")}
    assert L("E5") in choices and L("A1") not in choices and L("B1") not in choices  # no abyss, no covered tile
    state.push(UsePower("D", L("B1"), location=L("E5")))
    assert face_labels(state, 0)["top"] == "white diamond" and state.stacks[L("E5")] == [T("coin")]
    assert powers(advanced("D", top="coin"), "D") == []


def test_power_d_emptying_a_stack_asks_for_an_abyss_tile() -> None:
    state = advanced("D")
    set_stack(state, "E5", "coin")
    state.push(UsePower("D", L("B1"), location=L("E5")))
    assert state.phase() == "choose_abyss" and state.current_player() == 0
    letters = sorted({t.letter for t in state.abyss_supply})
    assert [m.letter for m in state.legal_moves()] == letters
    with pytest.raises(IllegalMoveError, match="choose which abyss tile"):
        state.push(Pass())
    state.push(ChooseAbyss(letters[0]))
    assert state.stacks[L("E5")] == [POWER_TILES[letters[0]]]
    assert letters[0] not in {t.letter for t in state.abyss_supply}
    assert state.current_player() == 1


def test_power_e_reorients_and_an_empty_bottom_then_picks_up() -> None:
    state = advanced("E", bottom="coin")
    set_stack(state, "B2", "white pearl", "green pearl")
    moves = powers(state, "E")
    assert len(moves) == 5  # the coin can go to any of the other five faces
    state.push(UsePower("E", L("B1"), orientation=("top", "north")))
    faces = face_labels(state, 0)
    assert faces["top"] == "coin" and faces["bottom"] == "green pearl"
    assert state.cubes[0].location == L("B2")
    assert powers(advanced("E"), "E") == []  # an empty cube looks the same every way


def test_power_f_swaps_an_adjacent_tile_with_a_board_tile() -> None:
    state = advanced("F")
    set_stack(state, "C2", "coin", "green pearl")
    set_stack(state, "E5", "white diamond")
    state.boards[0].tiles = [T("white starfish")]
    moves = powers(state, "F")
    assert L("C2") in {m.location for m in moves} and L("E5") not in {m.location for m in moves}
    state.push(UsePower("F", L("B1"), location=L("C2"), board_tile="white starfish"))
    assert state.stacks[L("C2")] == [T("coin"), T("white starfish")]
    assert [t.label() for t in state.boards[0].tiles] == ["green pearl"]
    assert powers(advanced("F"), "F") == []  # nothing on the board


def test_power_f_needs_a_collectible_adjacent_tile() -> None:
    state = advanced("F")
    state.boards[0].tiles = [T("white starfish")]
    for where in ("A2", "C2", "B3"):
        put_cube(state, {"A2": 1, "C2": 2, "B3": 3}[where], where)
    assert powers(state, "F") == []  # B1 is the abyss tile itself; the rest are covered


def test_power_g_swaps_places_with_an_opponent_keeping_orientations() -> None:
    state = advanced("G", top="coin", bottom="white pearl")
    put_cube(state, 2, "D4", north="green pearl", bottom="white amphora")
    assert {m.seat for m in powers(state, "G")} == {2}
    state.push(UsePower("G", L("B1"), seat=2))
    assert state.cubes[0].location == L("D4") and state.cubes[2].location == L("B2")
    assert face_labels(state, 0)["top"] == "coin" and face_labels(state, 2)["north"] == "green pearl"
    assert powers(advanced("G"), "G") == []  # no opponent cube in the play area


def test_power_h_swaps_two_unoccupied_stacks() -> None:
    state = advanced("H")
    set_stack(state, "C2", "coin")
    set_stack(state, "D4", "white pearl", "green pearl")
    moves = powers(state, "H")
    free = [loc for loc in state.stacks if loc not in state.occupied]
    assert len(moves) == len(free) * (len(free) - 1) // 2
    state.push(UsePower("H", L("B1"), location=L("C2"), other=L("D4")))
    assert state.stacks[L("C2")] == [T("white pearl"), T("green pearl")] and state.stacks[L("D4")] == [T("coin")]


def test_power_i_swaps_top_tiles_with_an_opponent() -> None:
    state = advanced("I", top="coin")
    put_cube(state, 1, "D4", top="white diamond")
    put_cube(state, 2, "E5")
    assert {m.seat for m in powers(state, "I")} == {1}
    state.push(UsePower("I", L("B1"), seat=1))
    assert face_labels(state, 0)["top"] == "white diamond" and face_labels(state, 1)["top"] == "coin"
    lonely = advanced("I")
    put_cube(lonely, 1, "D4", top="white diamond")
    assert powers(lonely, "I") == []  # our own top is empty


def test_rolling_onto_a_power_tile_grants_it_as_an_optional_follow_up() -> None:
    state = advanced("C", at="C2")
    state.push(Roll("east"))
    assert state.phase() == "follow_up" and state.current_player() == 0
    moves = list(state.legal_moves())
    assert Decline() in moves and all(isinstance(m, (UsePower, Decline)) for m in moves)
    assert all(m.source == L("C2") for m in moves if isinstance(m, UsePower))
    with pytest.raises(IllegalMoveError):
        state.push(Score())
    state.push(UsePower("C", L("C2"), location=L("E5")))
    assert state.cubes[0].location == L("E5") and state.current_player() == 1
    state = advanced("C", at="C2")
    state.push(Roll("east"))
    state.push(Decline())
    assert state.cubes[0].location == L("C2") and state.current_player() == 1


def test_a_power_that_cannot_be_used_is_not_offered_after_the_roll() -> None:
    state = advanced("B", at="C2")  # empty top: B cannot be used
    state.push(Roll("east"))
    assert state.current_player() == 1


def test_power_a_follow_up_can_chain_into_another_power_tile() -> None:
    state = advanced("A", at="C2")
    state.stacks[L("D2")] = [POWER_TILES["E"]]
    put_cube(state, 0, "B2", top="coin")
    state.push(Roll("east"))
    state.push(UsePower("A", L("C2"), direction="east"))
    assert state.cubes[0].location == L("D2") and state.follow_up == "E"


def test_power_g_refused_when_a_cube_would_land_on_a_vanishing_space() -> None:
    state = advanced("G")
    put_cube(state, 2, "D4")
    state.stacks[L("B2")] = []  # Red's cube took the last tile here
    state.abyss_supply = []
    state.end_triggered = True
    assert powers(state, "G") == []  # B2 stops being a space when Red leaves: no swap
