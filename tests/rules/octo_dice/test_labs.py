"""Every lab tile, both sides: when it applies, what it gives, and its once-per-turn limit."""

from __future__ import annotations

import pytest

from rules.core import IllegalMoveError
from rules.octo_dice import Action, EndActions, SuperLevel
from rules.octo_dice.components import LAB_TILES
from tests.rules.octo_dice.helpers import (
    bonus_lines,
    decline_all,
    give_lab,
    new_game,
    play_quietly_to,
    points_of_last,
    quiet_turn,
    roll_turn,
)

ALL_FIRST = "A1 B1 C1 D1 E1 F1 G1 H1 I1"
ALL_SECOND = "A2 B2 C2 D2 E2 F2 G2 H2 I2"


def reason_of(state, move) -> str:
    with pytest.raises(IllegalMoveError) as info:
        state.push(move)
    return info.value.reason


def test_every_tile_has_two_sides_on_its_level() -> None:
    assert len(LAB_TILES) == 18
    for letter, level in zip("ABCDEFGHI", [0, 0, 0, 1, 1, 1, 2, 2, 2], strict=True):
        assert LAB_TILES[f"{letter}1"].level == LAB_TILES[f"{letter}2"].level == level


def test_abilities_need_the_marker_on_or_below_the_tile() -> None:
    state = new_game(2, tiles=ALL_FIRST)
    give_lab(state, 0, (1, -1, -1))
    assert state.has(0, "A1") and state.has(0, "D1") and not state.has(0, "G1") and not state.has(0, "B1")
    assert state.abilities(1) == frozenset()


def test_a1_flexi_lab_changes_a_yellow_die_once_per_turn() -> None:
    state = new_game(2, tiles=ALL_FIRST)
    give_lab(state, 0, (0, -1, -1))
    roll_turn(state, {"white1": "bot", "black1": "yellow-0", "white2": "crystal", "black2": "yellow-1",
                      "white3": "bot", "black3": "red-1"})
    assert reason_of(state, Action("white3", "black3", "bot", as_colour="blue")) == (
        "Flexi-Lab only changes a yellow black die; black die 3 shows red 1"
    )
    assert reason_of(state, Action("white1", "black1", "bot", as_number=2)) == (
        "a bot action uses the die's colour, so changing its number does nothing"
    )
    assert reason_of(state, Action("white2", "black1", "crystal", as_colour="red")) == (
        "a crystal action uses the die's number, so changing its colour does nothing"
    )
    assert reason_of(state, Action("white1", "black1", "bot", as_colour="yellow")) == (
        "Flexi-Lab would not change anything: the die already shows yellow"
    )
    state.push(Action("white1", "black1", "bot", as_colour="red"))
    assert state.sheets[0].bot_crossed(2)
    assert "Flexi-Lab: yellow read as red" in state.ledger[-1].reason
    assert reason_of(state, Action("white2", "black2", "crystal", as_number=2)) == (
        "Flexi-Lab was already used this turn (once per turn)"
    )
    state.push(EndActions())
    decline_all(state)
    # player 2 has no Flexi-Lab
    roll_turn(state, {"white1": "crystal", "black1": "yellow-0"})
    assert reason_of(state, Action("white1", "black1", "crystal", as_number=2)) == (
        "reading a black die as another colour or number needs Flexi-Lab (A1)"
    )
    state.push(EndActions())
    decline_all(state)
    # next turn: player 1 may use it again
    roll_turn(state, {"white1": "crystal", "black1": "yellow-0"})
    state.push(Action("white1", "black1", "crystal", as_number=2))
    assert points_of_last(state) == 2


def test_a2_octo_plus_adds_one_to_an_octopod_bonus() -> None:
    state = new_game(2, tiles=ALL_SECOND)
    give_lab(state, 0, (0, -1, -1))
    roll_turn(state, {"white1": "octopod", "black1": "octopod"})
    state.push(EndActions())
    assert state.ledger[-1].kind == "octopods" and points_of_last(state) == 2
    assert state.ledger[-1].reason.endswith("bonus 1 +1 Octo-Plus")
    decline_all(state)
    quiet_turn(state)
    roll_turn(state, {"white1": "octopod"})  # one octopod: no bonus, so no Octo-Plus
    state.push(EndActions())
    assert points_of_last(state) == 0


def test_b1_flexi_tec_uses_research_as_bot_once_per_turn() -> None:
    state = new_game(2, tiles=ALL_FIRST)
    roll_turn(state, {"white1": "research", "black1": "red-2", "white2": "research", "black2": "red-0"})
    assert reason_of(state, Action("white1", "black1", "bot")) == (
        "white die 1 shows research; using it as a bot needs Flexi-Tec (B1)"
    )
    state.push(EndActions())
    decline_all(state)
    quiet_turn(state)
    give_lab(state, 0, (-1, 0, -1))
    roll_turn(state, {"white1": "research", "black1": "red-2", "white2": "research", "black2": "red-0"})
    state.push(Action("white1", "black1", "bot"))
    assert state.sheets[0].bot_crossed(2) and points_of_last(state) == 1
    assert reason_of(state, Action("white2", "black2", "bot")) == "Flexi-Tec was already used this turn (once per turn)"


def test_b2_plus_tec_c1_sub_plus_d1_crystal_plus_d2_plus_bot() -> None:
    state = new_game(2, tiles="A1 B2 C1 D1 E1 F1 G1 H1 I1")
    give_lab(state, 0, (1, 0, 0))  # A1, D1 (Crystal-Plus), B2 (Plus-Tec), C1 (Sub-Plus)
    roll_turn(state, {"white1": "research", "black1": "yellow-0", "white2": "crystal", "black2": "red-0"})
    state.push(Action("white1", "black1", "research"))
    assert points_of_last(state) == 1 + 1 and state.ledger[-1].reason.endswith("+1 Plus-Tec")
    state.push(Action("white2", "black2", "crystal"))
    assert points_of_last(state) == 0 + 1 and state.ledger[-1].reason.endswith("+1 Crystal-Plus")
    decline_all(state)
    quiet_turn(state)
    roll_turn(state, {"white1": "submarine", "black1": "green-1"})
    state.push(Action("white1", "black1", "submarine"))
    assert points_of_last(state) == 1 and state.ledger[-1].reason.endswith("+1 Sub-Plus")
    state.push(EndActions())
    decline_all(state)
    quiet_turn(state)
    state2 = new_game(2, tiles=ALL_SECOND)
    give_lab(state2, 0, (-1, -1, -1))
    give_lab(state2, 0, (1, -1, -1))  # D2 Plus-Bot in the left column
    roll_turn(state2, {"white1": "bot", "black1": "green-1"})
    state2.push(Action("white1", "black1", "bot"))
    assert points_of_last(state2) == 1 + 1 and state2.ledger[-1].reason.endswith("+1 Plus-Bot")


def test_c2_flexi_sub_is_once_per_turn_and_stops_octo_sub() -> None:
    state = new_game(2, tiles="A1 B1 C2 D1 E1 F1 G1 H1 I1")
    give_lab(state, 0, (-1, -1, 1))  # C2 Flexi-Sub and F1 Octo-Sub
    roll_turn(state, {"white1": "submarine", "black1": "red-2", "white2": "submarine", "black2": "red-0"})
    state.push(Action("white1", "black1", "bot"))
    assert "Flexi-Sub: submarine used as bot" in state.ledger[-1].reason
    assert reason_of(state, Action("white2", "black2", "bot")) == "Flexi-Sub was already used this turn (once per turn)"
    state.push(EndActions())
    # white1 became a bot: only white2's submarine counts for Octo-Sub
    entry = state.ledger[-1]
    assert entry.kind == "octopods" and "Octo-Sub: white die 2's submarine" in entry.reason
    assert state.sheets[0].octopods[0] == 1


def test_c2_flexi_sub_die_is_not_an_octo_sub_octopod() -> None:
    state = new_game(2, tiles="A1 B1 C2 D1 E1 F1 G1 H1 I1")
    give_lab(state, 0, (-1, -1, 1))
    roll_turn(state, {"white1": "submarine", "black1": "red-2"})
    state.push(Action("white1", "black1", "bot"))
    state.push(EndActions())
    assert state.sheets[0].octopods[0] == 0  # no octopod at all this turn
    assert all(e.kind != "octopods" for e in state.ledger)


def test_e1_plus_lab_counts_from_the_next_lab_action() -> None:
    state = new_game(2, tiles=ALL_FIRST)
    give_lab(state, 0, (-1, 0, -1))
    roll_turn(state, {"white1": "lab", "black1": "white-1", "white2": "lab", "black2": "red-0"})
    state.push(Action("white1", "black1", "lab", column=1))  # reaches E1 Plus-Lab
    assert points_of_last(state) == 0
    state.push(Action("white2", "black2", "lab", column=0))
    assert points_of_last(state) == 1 and state.ledger[-1].reason.endswith("+1 Plus-Lab")


def test_e2_flexi_level_ignores_the_number() -> None:
    state = new_game(2, tiles="A1 B1 C1 D1 E2 F1 G1 H1 I1")
    give_lab(state, 0, (0, 1, -1))  # A1 Flexi-Lab, B1, E2 Flexi-Level
    roll_turn(state, {"white1": "lab", "black1": "red-2", "white2": "lab", "black2": "yellow-1"})
    state.push(Action("white1", "black1", "lab", column=2))  # level 0 with a 2
    assert state.sheets[0].lab[2] == 0 and "Flexi-Level: any number" in state.ledger[-1].reason
    assert reason_of(state, Action("white2", "black2", "lab", column=0, as_number=0)) == (
        "with Flexi-Level the number does not matter for a lab expansion"
    )


def test_f1_octo_sub_counts_a_submarine_once_per_turn_even_if_used() -> None:
    state = new_game(2, tiles=ALL_FIRST)
    give_lab(state, 0, (-1, -1, 1))  # C1, F1 Octo-Sub
    roll_turn(state, {"white1": "submarine", "black1": "red-2", "white2": "submarine", "white3": "octopod"})
    state.push(Action("white1", "black1", "submarine"))
    state.push(EndActions())
    entry = state.ledger[-1]
    # white3's octopod + one submarine (not both: once per turn) = 2 octopods, bonus 1
    assert entry.points == 1 and entry.reason.startswith("2 octopods: crossed 2 symbols")
    assert state.sheets[0].used_abilities == frozenset({"F1"})


def test_f2_octo_catch_counts_one_unused_white_die() -> None:
    state = new_game(2, tiles=ALL_SECOND)
    give_lab(state, 0, (-1, -1, 1))  # C2, F2 Octo-Catch
    roll_turn(state, {"white1": "octopod", "white2": "crystal", "black2": "red-0", "white3": "research"})
    state.push(Action("white2", "black2", "crystal"))
    state.push(EndActions())
    entry = state.ledger[-1]
    assert entry.points == 1 and "Octo-Catch: unused white die 3" in entry.reason
    decline_all(state)
    quiet_turn(state)
    roll_turn(state, {"white1": "octopod", "white2": "crystal", "black2": "red-0", "white3": "research",
                      "black3": "yellow-2"})
    state.push(Action("white2", "black2", "crystal"))
    state.push(Action("white3", "black3", "research"))  # every non-octopod white die used
    # one octopod (this third's symbols are already crossed): no Octo-Catch die is left
    assert state.ledger[-1].reason == "1 octopod: crossed 0 symbols, no bonus"


def end_scores(tiles: str, levels: tuple[int, int, int], **sheet: object) -> list[tuple[int, str]]:
    state = new_game(2, tiles=tiles)
    give_lab(state, 0, levels)
    for name, value in sheet.items():
        setattr(state.sheets[0], name, value)
    play_quietly_to(state)
    return [line for line in bonus_lines(state, 0) if "crystal" not in line[1]]


def test_g1_super_lab_v_counts_complete_columns() -> None:
    assert end_scores("A1 B1 C1 D1 E1 F1 G1 H1 I1", (2, 2, -1)) == [
        (5, "Super-Lab V: 2 completely expanded columns"),
        (0, "Super-Octo: 0 crossed-out octopod penalties"),
    ]


def test_g2_super_lab_h_counts_complete_rows() -> None:
    assert end_scores("A1 B1 C1 D1 E1 F1 G2 H1 I2", (2, 1, 0))[0] == (4, "Super-Lab H: 1 completely expanded row")
    assert end_scores("A1 B1 C1 D1 E1 F1 G2 H1 I2", (2, 1, 1))[0] == (6, "Super-Lab H: 2 completely expanded rows")


def test_h1_super_octo_and_h2_super_sub() -> None:
    assert end_scores("A1 B1 C1 D1 E1 F1 H1 G1 I1", (2, -1, -1), octopods=[2, 2, 0]) == [
        (2, "Super-Octo: 2 crossed-out octopod penalties"),
    ]
    assert end_scores("A1 B1 C1 D1 E1 F1 H2 G1 I1", (2, -1, -1), subs=0b10101) == [
        (3, "Super-Sub: 3 crossed-out submarines"),
    ]


def test_i1_super_level_moves_a_marker_just_before_the_bonus_scoring() -> None:
    state = new_game(2, tiles="A1 B1 C1 D1 E1 F1 G1 H1 I1")
    give_lab(state, 0, (-1, -1, 2))
    play_quietly_to(state, "super_level")
    assert state.phase == "super_level" and state.current_player() == 0
    assert list(state.legal_moves()) == [SuperLevel(0), SuperLevel(1)]
    assert reason_of(state, SuperLevel(2)) == "the right column already reaches level 2"
    assert state.describe_move(SuperLevel(0)) == "Player 1 uses Super-Level on the left column"
    state.push(SuperLevel(0))
    assert state.is_terminal() and state.sheets[0].lab == [2, -1, 2]
    # rulebook p. 15: Super-Level only moves a marker; the tile itself scores nothing
    assert bonus_lines(state, 0) == [
        (0, "Super-Level: marker jumps to level 2 in the left column (Super-Lab V)"),
        (0, "no crystal crossed out: no crystal bonus"),
        (5, "Super-Lab V: 2 completely expanded columns"),
        (0, "Super-Level: no points of its own (it moves a marker before this scoring)"),
    ]
    state.pop()
    assert state.phase == "super_level" and state.sheets[0].lab == [-1, -1, 2]


def test_i2_super_copy_uses_the_best_other_level_2_ability() -> None:
    # not on Super-Sub itself: copy the better of Super-Lab V (1 column -> 3) and Super-Sub (5 subs -> 5)
    assert end_scores("A1 B1 C1 D1 E1 F1 G1 H2 I2", (-1, -1, 2), subs=0b11111) == [
        (5, "Super-Copy uses Super-Sub: 5 crossed-out submarines"),
    ]
    # on Super-Sub too: it is used again
    assert end_scores("A1 B1 C1 D1 E1 F1 G2 H2 I2", (-1, 2, 2), subs=0b11111) == [
        (5, "Super-Sub: 5 crossed-out submarines"),
        (5, "Super-Copy uses Super-Sub: 5 crossed-out submarines again"),
    ]
    # Super-Lab V with 3 columns (7) beats Super-Sub (0)
    assert end_scores("A1 B1 C1 D1 E1 F1 G1 H2 I2", (2, 2, 2))[-1] == (
        7, "Super-Copy uses Super-Lab V: 3 completely expanded columns again"
    )


def test_i2_super_copy_with_nothing_worth_copying_scores_nothing() -> None:
    # Super-Lab H: no row complete (two markers above the tiles); Super-Octo: no -2 crossed out
    assert end_scores("A1 B1 C1 D1 E1 F1 G2 H1 I2", (-1, -1, 2)) == [(0, "Super-Copy: nothing to copy")]


def test_i2_super_copy_copies_a_tile_worth_a_single_point() -> None:
    assert end_scores("A1 B1 C1 D1 E1 F1 G2 H1 I2", (-1, -1, 2), octopods=[2, 0, 0]) == [
        (1, "Super-Copy uses Super-Octo: 1 crossed-out octopod penalty"),
    ]


def test_i2_super_copy_in_the_left_column_looks_at_every_other_column() -> None:
    # Super-Sub (2 submarines -> 2) in the middle, Super-Lab V (1 complete column -> 3) on the right;
    # the marker on the right is not on Super-Lab V, so it is not used "again"
    assert end_scores("A1 B1 C1 D1 E1 F1 I2 H2 G1", (2, -1, -1), subs=0b11) == [
        (3, "Super-Copy uses Super-Lab V: 1 completely expanded column"),
    ]


def test_once_per_turn_abilities_reset_each_turn() -> None:
    state = new_game(2, tiles=ALL_FIRST)
    give_lab(state, 1, (-1, 0, -1))  # player 2 has Flexi-Tec
    quiet_turn(state)
    roll_turn(state, {"white1": "research", "black1": "red-2", "white2": "research", "black2": "blue-1"})
    state.push(Action("white1", "black1", "bot"))
    assert state.sheets[1].used_abilities == frozenset({"B1"})
    state.push(EndActions())
    decline_all(state)
    assert state.sheets[1].used_abilities == frozenset()
