"""Intermediate scoring every third, bonus scoring, tie-break, solo, and the score sheet."""

from __future__ import annotations

import json

import pytest

from rules.core import RulesError
from rules.octo_dice import Action, EndActions, OctoDiceGame, crystal_majority
from tests.rules.octo_dice.helpers import decline_all, give_lab, new_game, play_quietly_to, quiet_turn, roll_turn


def entries(state, player: int, kind: str) -> list[tuple[int, int, str]]:
    return [(e.third, e.points, e.reason) for e in state.ledger if e.player == player and e.kind == kind]


def test_intermediate_scoring_submarines_times_bots_every_third() -> None:
    state = new_game(2)
    sheet = state.sheets[0]
    sheet.subs = 0b00011  # yellow and white submarines
    sheet.bots = (1 << 0) | (1 << 5) | (1 << 1)  # both yellow bots, first white bot
    play_quietly_to(state)
    reason = "yellow submarine x 2 yellow bots = 2; white submarine x 1 white bot = 1"
    assert entries(state, 0, "submarine scoring") == [(0, 3, reason), (1, 3, reason), (2, 3, reason)]
    assert entries(state, 1, "submarine scoring")[0] == (0, 0, "no submarine crossed out")


def test_octopod_penalty_unless_both_caught_in_the_third() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "octopod", "black1": "octopod"})
    state.push(EndActions())
    decline_all(state)
    roll_turn(state, {"white1": "octopod"})
    state.push(EndActions())
    decline_all(state)
    quiet_turn(state)
    quiet_turn(state)  # end of third 1
    assert entries(state, 0, "octopod penalty") == [(0, 0, "both octopods caught: the -2 is crossed out")]
    assert entries(state, 1, "octopod penalty") == [(0, -2, "only 1 of 2 octopods caught: -2")]
    sheet = state.score_sheet(1)["thirds"][0]
    assert sheet["penalty"] == -2 and sheet["octopod_symbols"] == [True, False]
    assert sheet["total"] == -2
    assert state.score_sheet(0)["thirds"][0]["total"] == 1  # octopod bonus 1, no penalty
    assert state.score_sheet(0)["thirds"][1]["total"] is None  # not scored yet


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ([3, 1], [4, 2]),
        ([3, 0], [4, 0]),  # at least 1 crystal needed
        ([3, 3, 1], [3, 3, 0]),  # 4+2 shared, the third place gets nothing
        ([5, 2, 2, 0], [4, 1, 1, 0]),  # 2 shared
        ([2, 2, 2, 2], [2, 2, 2, 2]),  # 6 / 4 = 1.5, rounded up
        ([3, 3, 3], [2, 2, 2]),
        ([4, 1, 1, 1], [4, 1, 1, 1]),  # 2 / 3 rounded up
        ([0, 0], [0, 0]),
    ],
)
def test_crystal_majority(counts: list[int], points: list[int]) -> None:
    assert [p for p, _ in crystal_majority(counts)] == points


def test_crystal_majority_reasons() -> None:
    assert crystal_majority([3, 3, 1]) == [
        (3, "3 crystals, tied 2 ways for most: 6 shared, rounded up to 3 each"),
        (3, "3 crystals, tied 2 ways for most: 6 shared, rounded up to 3 each"),
        (0, "1 crystal, third most: 0"),
    ]
    assert crystal_majority([4, 3, 2, 1]) == [
        (4, "4 crystals, most: 4"),
        (2, "3 crystals, second most: 2"),
        (0, "2 crystals, third most: 0"),
        (0, "1 crystal, fourth most: 0"),
    ]
    assert crystal_majority([3, 0]) == [(4, "3 crystals, most: 4"), (0, "no crystal crossed out: no crystal bonus")]


def test_bonus_scoring_and_final_breakdown() -> None:
    state = new_game(3)
    roll_turn(state, {"white1": "crystal", "black1": "red-2"})
    state.push(Action("white1", "black1", "crystal"))
    state.push(EndActions())
    decline_all(state)
    play_quietly_to(state)
    breakdown = state.score_breakdown()
    assert breakdown.by_category(0)["third 1: crystals"] == 2
    assert breakdown.by_category(0)["bonus: crystals"] == 4
    assert breakdown.by_category(0)["third 2: octopod penalty"] == -2
    assert breakdown.totals() == [2 + 4 - 6, -6, -6] == state.totals()
    assert breakdown.winners == (0,)
    sheet = state.score_sheet(0)
    assert sheet["bonus_scoring"] == {
        "crystals": 4, "labs": 0, "total": 4,
        "lines": [{"points": 4, "kind": "crystal majority", "reason": "1 crystal, most: 4"}],
    }
    assert sheet["final_score"] == 0
    assert sum(t["total"] for t in sheet["thirds"]) + sheet["bonus_scoring"]["total"] == sheet["final_score"]
    json.dumps(sheet)  # JSON-able
    text = breakdown.to_text()
    assert "third 1: crystals" in text and "Winner: Player 1" in text


def test_tie_break_by_submarines_then_shared() -> None:
    state = new_game(2)
    state.sheets[1].subs = 0b1
    play_quietly_to(state)
    breakdown = state.score_breakdown()
    assert breakdown.totals() == [-6, -6]
    assert breakdown.winners == (1,)
    assert breakdown.tie_break == (
        "tied on -6 points; more crossed-out submarines wins (Player 1 0 submarines, Player 2 1 submarine)"
    )
    state = new_game(2)
    play_quietly_to(state)
    assert state.score_breakdown().winners == (0, 1)
    assert state.score_breakdown().tie_break == (
        "tied on -6 points; more crossed-out submarines wins (Player 1 0 submarines, Player 2 0 submarines); "
        "still tied: play again to find the winner"
    )


def test_no_winner_is_named_before_the_game_is_over() -> None:
    state = new_game(2)
    roll_turn(state, {"white1": "crystal", "black1": "red-2"})
    state.push(Action("white1", "black1", "crystal"))
    breakdown = state.score_breakdown()
    assert breakdown.totals() == [2, 0]
    assert breakdown.winners == () and breakdown.tie_break == ""
    assert breakdown.to_json()["winners"] == [] and "Winner" not in breakdown.to_text()


def test_scoring_entries_are_saved_in_the_scoring_boxes_of_the_sheet() -> None:
    """The saved game (JSON ledger) says where each scoring is written on the paper sheet: the
    submarine and -2 boxes of each third's Intermediate Scoring, the crystal and lab lines of the
    bonus box (rulebook pp. 10-11)."""
    state = new_game(2, tiles="A1 B1 C1 D1 E1 F1 G1 H1 I1")
    give_lab(state, 1, (2, -1, -1))
    play_quietly_to(state)
    ledger = state.to_json()["state"]["ledger"]
    where = {(e["third"], e["row"], e["box"], e["kind"]) for e in ledger if e["player"] == 1 and e["kind"] != "lab"}
    assert where == {
        *((t, "intermediate scoring", "submarines", "submarine scoring") for t in range(3)),
        *((t, "intermediate scoring", "penalty", "octopod penalty") for t in range(3)),
        (3, "bonus scoring", "crystals", "crystal majority"),
        (3, "bonus scoring", "labs", "level-2 labs"),
    }


def test_solo_nine_turns_scoring_every_three_no_crystal_bonus() -> None:
    state = new_game(1, variant="solo")
    assert state.total_turns == 9
    for turn in range(9):
        assert state.turn == turn and state.third() == turn // 3
        roll_turn(state, {"white1": "crystal", "black1": "red-2"})
        state.push(Action("white1", "black1", "crystal") if turn < 5 else EndActions())
        if state.phase == "actions":
            state.push(EndActions())
        assert state.thirds_scored == (turn + 1) // 3
    assert state.is_terminal()
    sheet = state.score_sheet(0)
    assert [t["row"] for t in sheet["thirds"][0]["turns"]] == ["turns", "turns", "bottom"]
    assert sheet["thirds"][0]["bonus_actions"] is None
    assert sheet["thirds"][0]["turns"][2]["A"]["points"] == 2  # turn 3 is written in the bottom row
    assert sheet["bonus_scoring"]["crystals"] is None
    assert all(e.kind != "crystal majority" for e in state.ledger)
    assert state.totals() == [5 * 2 - 6]
    assert state.score_breakdown().winners == (0,)


def test_score_sheet_lists_every_circle_and_box() -> None:
    state = new_game(4)
    sheet = state.score_sheet(2)
    assert len(sheet["actions"]["crystal"]["circles"]) == 5
    research = sheet["actions"]["research"]["circles"]
    assert [c["colour"] for c in research[:5]] == ["yellow", "white", "red", "blue", "green"]
    assert [c["points"] for c in research] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]
    assert research[0]["next"] is True
    assert [c["points"] for c in sheet["actions"]["bot"]["circles"]] == [1] * 5 + [2] * 5
    assert len(sheet["actions"]["submarine"]["circles"]) == 5
    assert [[t["code"] for t in col["tiles"]] for col in sheet["lab"]["columns"]] == [
        ["A1", "D1", "G1"], ["B1", "E1", "H1"], ["C1", "F1", "I1"]
    ]
    assert len(sheet["thirds"]) == 3 and len(sheet["thirds"][0]["turns"]) == 2
    assert sheet["thirds"][0]["turns"][0] == {"row": "turns", "A": None, "B": None, "octopods": None}
    assert sheet["thirds"][0]["bonus_actions"] == [None, None]
    assert sheet["final_score"] is None
    with pytest.raises(ValueError, match="no player 4"):
        state.score_sheet(4)


def test_game_options_are_checked() -> None:
    with pytest.raises(RulesError, match="solo game is for 1 player, not 2"):
        OctoDiceGame(2, variant="solo")
    with pytest.raises(RulesError, match="virtual-player variant is for 2 players, not 3"):
        OctoDiceGame(3, variant="virtual")
    with pytest.raises(RulesError, match="use variant 'solo'"):
        OctoDiceGame(1)
    with pytest.raises(RulesError, match="unknown Octo Dice variant 'coop'"):
        OctoDiceGame(2, variant="coop")
    with pytest.raises(RulesError, match="is for 1-4 players, not 5"):
        OctoDiceGame(5)
    with pytest.raises(RulesError, match="D1 is a level-1 tile but is placed on level 0"):
        OctoDiceGame(2, tiles="D1 B1 C1 A1 E1 F1 G1 H1 I1")
    with pytest.raises(RulesError, match="each tile lies on the table once"):
        OctoDiceGame(2, tiles="A1 A2 C1 D1 E1 F1 G1 H1 I1")
    game = OctoDiceGame(2, tiles=["a2", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"])
    assert game.config() == {"num_players": 2, "tiles": "A2 B1 C1 / D1 E1 F1 / G1 H1 I1"}
    random_game = OctoDiceGame(3, tiles="random")
    layouts = {random_game.new_initial_state(seed=s).layout for s in range(20)}
    assert len(layouts) > 10
    assert random_game.new_initial_state(seed=4).layout == random_game.new_initial_state(seed=4).layout
