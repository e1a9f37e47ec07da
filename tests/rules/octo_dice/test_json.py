"""Reading states back: exact round trips, and a clear StateFormatError for every kind of bad input."""

from __future__ import annotations

import copy
import json
import random

import pytest

from rules.core import StateFormatError, load_state, random_playout
from rules.octo_dice import OctoDiceGame, OctoDiceState
from tests.rules.octo_dice.helpers import new_game, roll_turn


def mid_game() -> dict:
    state = OctoDiceGame(3, tiles="random").new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(70):
        move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves()))
        state.push(move)
    return state.to_json()


def test_round_trip_mid_game_and_finished() -> None:
    data = mid_game()
    again = load_state(json.dumps(data))
    assert again.to_json() == data
    assert isinstance(again, OctoDiceState)
    assert again.layout == tuple(tuple(r) for r in data["state"]["layout"])
    state = OctoDiceGame(2, variant="virtual").new_initial_state(seed=1)
    random_playout(state, random.Random(1))
    assert load_state(state.dumps()).dumps() == state.dumps()
    assert load_state(state.dumps()).score_breakdown() == state.score_breakdown()


def broken(change) -> dict:
    data = copy.deepcopy(mid_game())
    change(data["state"])
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.pop("ledger"), r"lacks member\(s\) \['ledger'\]"),
        (lambda s: s.update(extra=1), r"unknown member\(s\) \['extra'\]"),
        (lambda s: s.update(phase="lunch"), "phase must be one of"),
        (lambda s: s.update(turn="3"), "turn must be an integer, got '3'"),
        (lambda s: s.update(turn=99), "turn must be 0..18, got 99"),
        (lambda s: s.update(layout="A1 B1"), "layout: lab tiles must be 9 codes"),
        (lambda s: s["faces"].update(white1="pizza"), "faces: white1 has no face 'pizza'"),
        (lambda s: s["faces"].update(red7="lab"), "faces names 'red7', which is not a die"),
        (lambda s: s.update(set_aside=["white1", "white1"]), "set_aside names a die twice"),
        (lambda s: s["players"].pop(), "players must have 3 entries, got 2"),
        (lambda s: s["players"][1].update(crystals=9), r"players\[1\].crystals must be 0..5, got 9"),
        (lambda s: s["players"][0].update(bots=[True]), r"players\[0\].bots must have 10 entries"),
        (lambda s: s["players"][0].update(lab=[0, 0, 3]), r"players\[0\].lab\[2\] must be -1..2, got 3"),
        (lambda s: s["players"][2].update(abilities_used_this_turn=["G1"]), "not a once-per-turn lab tile"),
        (lambda s: s["ledger"].append({"player": 0}), r"ledger\[\d+\] must have exactly the members"),
        (lambda s: s["ledger"][0].update(points="many"), r"ledger\[0\].points must be an integer"),
        (lambda s: s["ledger"][0].update(kind="magic"), r"ledger\[0\].kind 'magic' is unknown"),
        (lambda s: s["queue"].append(7), "queue entry must be 0..2, got 7"),
    ],
)
def test_malformed_state_is_refused_with_the_reason(change, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        load_state(broken(change))


def test_inconsistent_state_is_refused_by_status() -> None:
    def more_crystals(s: dict) -> None:
        s["players"][0]["crystals"] += 1

    with pytest.raises(StateFormatError, match="inconsistent state: Player 1: .* crystals crossed but"):
        load_state(broken(more_crystals))

    def second_bot_only(s: dict) -> None:
        s["players"][1]["bots"] = [False] * 5 + [True] + [False] * 4
        s["ledger"].append({"player": 1, "third": 0, "row": "turn 1", "box": "A", "kind": "bot",
                            "points": 2, "reason": "forged"})

    with pytest.raises(StateFormatError, match="the second yellow bot is crossed but not the first"):
        load_state(broken(second_bot_only))


def test_layout_must_match_a_fixed_game_layout() -> None:
    state = new_game(2, tiles="A2 B1 C1 D1 E1 F1 G1 H1 I1")
    roll_turn(state, {})
    data = state.to_json()
    data["state"]["layout"] = [["A1", "B1", "C1"], ["D1", "E1", "F1"], ["G1", "H1", "I1"]]
    with pytest.raises(StateFormatError, match="differs from the game's tiles"):
        load_state(data)


def test_status_flags_impossible_positions() -> None:
    state = new_game(2)
    roll_turn(state, {})
    assert state.status() == []
    state.sheets[1].bonus_used[2] = 1
    assert "Player 2: entries in third 3, which has not started" in state.status()
    state.sheets[1].bonus_used[2] = 0
    state.set_aside = state.set_aside[:4]
    assert "4 dice set aside, expected 6 in phase actions" in state.status()


def test_clone_is_independent_even_through_undo() -> None:
    state = OctoDiceGame(2, tiles="random").new_initial_state(seed=2)
    rng = random.Random(2)
    for _ in range(40):
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    text = state.dumps()
    other = state.clone()
    for _ in range(10):
        other.pop()
    while not other.is_terminal():
        other.push(other.sample_chance(rng) if other.is_chance_node() else rng.choice(list(other.legal_moves())))
    assert state.dumps() == text
    for _ in range(10):
        state.pop()
    state.check_invariants()


def finished() -> dict:
    state = OctoDiceGame(3, tiles="random").new_initial_state(seed=11)
    random_playout(state, random.Random(11))
    return state.to_json()


def edited(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data["state"])
    return data


def set_points(kind: str, points: int):
    def change(s: dict) -> None:
        for e in s["ledger"]:
            if e["kind"] == kind:
                e["points"] = points
    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (set_points("crystal", 99), r"crystal\): 99 points, but the dice and tiles allow only 0, 1, 2"),
        (set_points("research", 99), r"research\): 99 points, but the dice and tiles allow only 1"),
        (set_points("octopods", 4), r"octopods\): 4 points, but the dice and tiles allow only 0, 1, 3, 5, 7, 10"),
        (set_points("octopod penalty", 0), r"octopod penalty\): 0 points, but the dice and tiles allow only -2"),
        (set_points("crystal majority", 4), "crystal majority points .4., but the crystals crossed give"),
        (set_points("submarine scoring", 9), r"submarine scoring\): 9 points"),
    ],
)
def test_ledger_points_are_checked_against_dice_and_tiles(change, message: str) -> None:
    data = finished()
    with pytest.raises(StateFormatError, match=message):
        load_state(edited(data, change))


def test_every_entry_99_points_is_refused() -> None:
    with pytest.raises(StateFormatError, match="99 points, but the dice and tiles allow only"):
        load_state(edited(finished(), lambda s: [e.update(points=99) for e in s["ledger"]]))


def test_octopod_symbols_need_ledger_entries() -> None:
    state = new_game(2)
    roll_turn(state, {})
    data = state.to_json()
    data["state"]["players"][0]["octopods"] = [2, 0, 0]
    with pytest.raises(StateFormatError, match="2 octopod symbols crossed in third 1 but octopod actions "
                                               "written there catch at most 0"):
        load_state(data)


def test_entries_in_turns_not_played_are_refused() -> None:
    state = new_game(3)
    roll_turn(state, {"white1": "crystal", "black1": "red-2"})
    data = state.to_json()
    data["state"]["players"][2]["crystals"] = 1
    data["state"]["ledger"].append({"player": 2, "third": 0, "row": "turn 2", "box": "A", "kind": "crystal",
                                    "points": 2, "reason": "forged"})
    with pytest.raises(StateFormatError, match=r"written in turn 2 of third 1, a turn not played yet "
                                               r"\(turn 6, now turn 1\)"):
        load_state(data)
    data["state"]["ledger"][-1]["row"] = "turn 7"
    with pytest.raises(StateFormatError, match="row 'turn 7' is not on the sheet"):
        load_state(data)


def test_intermediate_scoring_must_be_written_once_per_third() -> None:
    data = finished()
    with pytest.raises(StateFormatError, match="2 submarine scoring entries for third 1, expected 1"):
        load_state(edited(data, lambda s: s["ledger"].append(
            next(dict(e) for e in s["ledger"] if e["kind"] == "submarine scoring"))))
