"""Standard-game rules, one test per rule (hand-made positions)."""

from __future__ import annotations

from typing import cast

import pytest

from rules.core import IllegalMoveError
from rules.octocube import Decline, OctocubeGame, Pass, Pivot, Place, Roll, Score
from rules.octocube import data
from rules.octocube.components import COIN, FACES, location_label
from rules.octocube.state import ABYSS_A, PLAIN_ABYSS, OctocubeState
from tests.rules.octocube.helpers import L, T, face_labels, fresh, hole, put_cube, set_stack

# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", ["standard", "kids", "advanced"])
def test_setup_deals_every_tile_once(players: int, mode: str) -> None:
    state = OctocubeGame(players, mode=mode).new_initial_state(seed=11)
    assert state.status() == []
    size = 4 if players == 2 else 5
    assert state.grid_size == size and len(state.stacks) == size * size
    assert len(state.abyss_supply) == {2: 5, 3: 6, 4: 7}[players]
    assert all(c.location is None and not c.tiles() for c in state.cubes)
    dealt = sum(len(s) for s in state.stacks.values()) - (0 if players == 2 else 1)
    assert dealt == 84
    if players > 2:
        centre = state.stacks[(2, 2)]
        assert len(centre) == 1 and centre[0].kind == "abyss" and centre[0].letter is not None
        if mode != "advanced":
            assert centre == [ABYSS_A] and state.abyss_supply == [PLAIN_ABYSS] * len(state.abyss_supply)


def test_setup_is_deterministic_from_the_seed() -> None:
    game = OctocubeGame(4)
    assert game.new_initial_state(3).dumps() == game.new_initial_state(3).dumps()
    assert game.new_initial_state(3).dumps() != game.new_initial_state(4).dumps()
    assert {game.new_initial_state(s).first_player for s in range(40)} == {0, 1, 2, 3}


def test_config_rebuilds_the_game() -> None:
    assert OctocubeGame(4).config() == {"num_players": 4, "mode": "standard"}
    game = OctocubeGame(3, mode="advanced", powers="ABCDEFGI")
    assert OctocubeGame(**game.config()).config() == game.config()
    with pytest.raises(ValueError, match="mode"):
        OctocubeGame(4, mode="expert")
    with pytest.raises(ValueError, match="2-4 players"):
        OctocubeGame(5)
    with pytest.raises(ValueError, match="8 different letters"):
        OctocubeGame(4, mode="advanced", powers="AAB")
    with pytest.raises(ValueError, match="only apply to the advanced"):
        OctocubeGame(4, powers="ABCDEFGH")


# ---------------------------------------------------------------- placing


def test_place_only_on_unoccupied_edge_spaces() -> None:
    state = fresh(4)
    put_cube(state, 1, "A1")
    moves = list(state.legal_moves())
    assert all(isinstance(m, Place) for m in moves)
    edge = {loc for loc in state.game.grid.edge} - {L("A1")}
    assert {cast(Place, m).location for m in moves} == edge
    assert len(moves) == len(edge)  # an empty cube has only one distinct orientation
    with pytest.raises(IllegalMoveError, match="not on the edge"):
        state.push(Place(L("C2")))
    with pytest.raises(IllegalMoveError, match="occupied by Yellow"):
        state.push(Place(L("A1")))
    with pytest.raises(IllegalMoveError, match="must place the cube"):
        state.push(Pass())
    hole(state, "E5")
    with pytest.raises(IllegalMoveError, match="not a space"):
        state.push(Place(L("E5")))


def test_place_picks_up_the_top_tile_and_ends_the_turn() -> None:
    state = fresh(4)
    set_stack(state, "A2", "coin", "green pearl")
    state.push(Place(L("A2")))
    assert state.cubes[0].location == L("A2")
    assert state.cubes[0].faces["bottom"] == T("green pearl")
    assert state.stacks[L("A2")] == [COIN]
    assert state.current_player() == 1


def test_place_with_an_orientation_keeps_tiles_where_they_were_turned() -> None:
    state = fresh(4)
    put_cube(state, 0, None, top="coin")
    moves = list(state.legal_moves())
    assert len(moves) == len(state.game.grid.edge) * 6  # the coin can face any of 6 ways
    set_stack(state, "A2", "green pearl")
    state.push(Place(L("A2"), ("top", "north")))  # the coin face goes down: nothing picked up
    assert face_labels(state, 0)["bottom"] == "coin"
    assert state.stacks[L("A2")] == [T("green pearl")]


def test_equivalent_orientations_are_the_same_legal_move() -> None:
    state = fresh(4)
    assert state.illegal_reason(Place(L("A1"), ("north", "top"))) is None  # empty cube: any way up


# ---------------------------------------------------------------- rolling and the magnet


def rolled(direction: str, **faces: str) -> OctocubeState:
    state = fresh(4)
    put_cube(state, 0, "B2", **faces)
    set_stack(state, "B1", "white pearl")
    set_stack(state, "C2", "green starfish", "coin")
    state.push(Roll(direction))
    return state


def test_roll_moves_the_cube_and_turns_it() -> None:
    state = rolled("east", top="white diamond", north="green amphora")
    assert state.cubes[0].location == L("C2")
    faces = face_labels(state, 0)
    assert faces["east"] == "white diamond"  # top -> east when rolling east
    assert faces["north"] == "green amphora"  # north stays north
    assert faces["bottom"] == "coin"  # the empty east face came down and took the top tile
    assert state.stacks[L("C2")] == [T("green starfish")]
    assert state.current_player() == 1


def test_pick_up_only_onto_an_empty_bottom_face() -> None:
    state = rolled("east", east="white diamond")  # the east face (full) comes down
    assert face_labels(state, 0)["bottom"] == "white diamond"
    assert state.stacks[L("C2")] == [T("green starfish"), COIN]  # nothing taken


def test_no_pick_up_from_an_abyss_tile() -> None:
    state = fresh(4)
    put_cube(state, 0, "B2")
    state.stacks[L("C2")] = [PLAIN_ABYSS]
    state.push(Roll("east"))
    assert state.cubes[0].tiles() == []
    assert state.stacks[L("C2")] == [PLAIN_ABYSS]


def test_blocked_rolls() -> None:
    state = fresh(4)
    put_cube(state, 0, "A1")
    put_cube(state, 1, "B1")
    hole(state, "A2")
    assert not [m for m in state.legal_moves() if isinstance(m, Roll)]
    with pytest.raises(IllegalMoveError, match="occupied by Yellow"):
        state.push(Roll("east"))
    with pytest.raises(IllegalMoveError, match="no longer a space"):
        state.push(Roll("south"))
    with pytest.raises(IllegalMoveError, match="off the play area"):
        state.push(Roll("north"))
    assert {type(m) for m in state.legal_moves()} == {Pivot, Score, Pass}


def test_pivot_keeps_the_space_top_and_bottom() -> None:
    state = fresh(4)
    put_cube(state, 0, "B2", top="coin", bottom="white pearl", north="green pearl")
    state.push(Pivot(90))
    faces = face_labels(state, 0)
    assert state.cubes[0].location == L("B2")
    assert (faces["top"], faces["bottom"], faces["east"]) == ("coin", "white pearl", "green pearl")


# ---------------------------------------------------------------- abyss tiles


def test_emptied_stack_gets_an_abyss_tile_when_the_cube_leaves() -> None:
    state = fresh(4)
    set_stack(state, "A2", "white pearl")
    state.push(Place(L("A2")))
    assert state.stacks[L("A2")] == []  # the tile rides on the cube; the cube still covers the space
    state.player = 0
    supply = len(state.abyss_supply)
    state.push(Roll("east"))
    assert state.stacks[L("A2")] == [PLAIN_ABYSS]
    assert len(state.abyss_supply) == supply - 1
    assert not state.end_triggered


def test_supply_exhaustion_triggers_the_end_then_spaces_disappear() -> None:
    state = fresh(4)
    state.abyss_supply = state.abyss_supply[:1]
    put_cube(state, 0, "A2")
    state.stacks[L("A2")] = []
    state.push(Score())
    assert state.stacks[L("A2")] == [PLAIN_ABYSS] and state.abyss_supply == []
    assert state.end_triggered
    # the next emptied stack stops being a space
    put_cube(state, 1, "E2")
    state.stacks[L("E2")] = []
    state.push(Score())
    assert L("E2") in state.holes and L("E2") not in state.stacks
    put_cube(state, 2, "D2")
    with pytest.raises(IllegalMoveError, match="no longer a space"):
        state.push(Roll("east"))


def test_abyss_a_grants_an_optional_extra_roll() -> None:
    state = fresh(4)
    put_cube(state, 0, "C2")
    state.push(Roll("south"))  # onto the centre, abyss tile A
    assert state.current_player() == 0 and state.phase() == "follow_up"
    moves = list(state.legal_moves())
    assert Decline() in moves and Roll("south") in moves and Roll("north") in moves
    assert not any(isinstance(m, (Score, Pivot, Pass)) for m in moves)
    with pytest.raises(IllegalMoveError, match="follow-up"):
        state.push(Pass())
    state.push(Roll("east"))
    assert state.cubes[0].location == L("D3") and state.current_player() == 1
    # declining ends the turn too
    state = fresh(4)
    put_cube(state, 0, "C2")
    state.push(Roll("south"))
    state.push(Decline())
    assert state.cubes[0].location == L("C3") and state.current_player() == 1


def test_no_extra_roll_offered_when_the_cube_cannot_roll_on() -> None:
    state = fresh(4)
    put_cube(state, 0, "C2")
    put_cube(state, 1, "B3")
    put_cube(state, 2, "D3")
    put_cube(state, 3, "C4")
    state.abyss_supply, state.end_triggered = [], True
    state.stacks[L("C2")] = []  # C2 empties for good behind the cube: no way back either
    state.push(Roll("south"))
    assert L("C2") in state.holes
    assert state.current_player() == 1  # nothing to decide: the turn simply ends


def test_two_players_have_no_abyss_a() -> None:
    state = fresh(2)
    assert all(not (st and st[0].kind == "abyss") for st in state.stacks.values())


# ---------------------------------------------------------------- scoring during the game


@pytest.mark.parametrize(("count", "points"), [(1, 0), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15)])
def test_series_table(count: int, points: int) -> None:
    state = fresh(4)
    faces = dict(zip(FACES[:count], ["white starfish"] * count, strict=True))
    put_cube(state, 0, "B2", **faces)
    state.push(Score(tuple(FACES[:count])))
    board = state.boards[0]
    assert board.tokens == points and len(board.tiles) == count
    assert state.cubes[0].location is None


def test_score_groups_by_object_whatever_the_colour_and_keeps_the_rest() -> None:
    state = fresh(4)
    put_cube(state, 0, "B2", top="white starfish", north="green starfish", south="dark blue starfish",
             east="coin", west="white amphora", bottom="green pearl")
    state.push(Score(("top", "north", "south", "east", "west")))
    board = state.boards[0]
    assert board.tokens == 4  # 3 starfish: 4; 1 amphora: 0
    assert board.coins == 1
    assert sorted(t.label() for t in board.tiles) == [
        "dark blue starfish", "green starfish", "white amphora", "white starfish"]
    assert face_labels(state, 0)["bottom"] == "green pearl"  # left on the cube, as chosen
    breakdown = state.score_breakdown()
    assert "3 starfish in one Score: 4 points" in [l.reason for l in breakdown.lines_for(0)]


def test_score_faces_must_hold_tiles_and_face_order_does_not_matter() -> None:
    state = fresh(4)
    put_cube(state, 0, "B2", top="coin", north="white pearl")
    assert Score(("north", "top")) == Score(("top", "north"))
    with pytest.raises(IllegalMoveError, match="south face of the cube holds no tile"):
        state.push(Score(("south",)))
    assert len(list(m for m in state.legal_moves() if isinstance(m, Score))) == 4


# ---------------------------------------------------------------- end of the game


def test_end_trigger_finishes_the_round_with_equal_turns() -> None:
    state = fresh(3, first=1)
    state.abyss_supply = state.abyss_supply[:1]
    put_cube(state, 1, "A2", top="white pearl", north="green pearl")
    state.stacks[L("A2")] = []
    state.push(Roll("east"))  # seat 1 places the last abyss tile: the end is triggered
    assert state.end_triggered and not state.is_terminal()
    assert state.current_player() == 2
    state.push(Place(L("E5")))
    assert state.current_player() == 0 and not state.is_terminal()
    state.push(Place(L("E1")))
    assert state.is_terminal()
    assert state.turns_taken() == [1, 1, 1]
    # the last Score of every cube: Yellow's two pearls make a series of 2
    breakdown = state.score_breakdown()
    assert "final Score: 2 pearls in one Score: 2 points" in [l.reason for l in breakdown.lines_for(1)]
    assert breakdown.winners


def test_end_triggered_by_the_last_player_of_a_round_ends_at_once() -> None:
    state = fresh(2, first=0)
    state.player = 1
    state.abyss_supply = state.abyss_supply[:1]
    put_cube(state, 1, "A2")
    state.stacks[L("A2")] = []
    state.push(Score())
    assert state.is_terminal() and list(state.legal_moves()) == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        state.push(Pass())


def test_forced_pass_when_no_edge_space_is_free() -> None:
    state = fresh(2)
    for label, _ in [(location_label(x), x) for x in state.game.grid.edge]:
        hole(state, label)
    assert list(state.legal_moves()) == [Pass()]
    state.push(Pass())
    assert state.current_player() == 1


def test_describe_move_in_plain_words() -> None:
    state = fresh(4)
    put_cube(state, 0, "B2")
    set_stack(state, "C2", "coin", "green pearl")
    assert state.describe_move(Roll("east")) == "Red rolls east from B2 to C2 and picks up a green pearl"
    put_cube(state, 0, "B2", top="white starfish")
    assert state.describe_move(Score(("top",))) == "Red scores from B2: collects a white starfish"
    assert state.describe_move(Pivot(180)) == "Red pivots the cube 180 degrees clockwise on B2"
    assert data.SERIES_POINTS[3] == 4
