"""Scoring rules beyond the rulebook example: the Shield's trophy scorings, the same-people
frieze, majorities against opponents' trophies, and the tie-breaks."""

from __future__ import annotations

from rules.open_season.layout import SHIELD_SCORINGS

from tests.rules.open_season.helpers import C, accolades, blank, filler_wall, settle, wall


def finished(side: str = "horn", n: int = 2):
    return blank(n, side)


def done(state):
    for p in range(state.game.num_players):
        filler_wall(state, p, state.layout.num_spaces)
    return settle(state, [], turns_played=state.game.num_players * state.layout.rounds)


def activate(state, p: int, *names: str) -> None:
    for name in names:
        state.shield_active[p] |= 1 << SHIELD_SCORINGS.index(name)
        state.supply[0] -= 1


def test_shield_trophy_scorings() -> None:
    state = finished("shield")
    # five crowns on the wall, accolades: 18 cards with all 5 attributes among the elves
    wall(state, 0, {1: "gnome-crown", 2: "elf-crown", 3: "mage-crown", 4: "dwarf-crown", 5: "sorcerer-crown"})
    accolades(state, 0, {"elf-crown": 1, "elf-tattoo": 1, "elf-dagger": 1, "elf-earrings": 1,
                         "elf-eyepatch": 1, "barbarian-crown": 6, "barbarian-tattoo": 6, "gnome-tattoo": 1})
    activate(state, 0, *SHIELD_SCORINGS)
    done(state)
    lines = [line for line in state.score_breakdown().lines_for(0) if line.category == "trophy scorings"]
    assert [line.points for line in lines] == [7, 7, 7, 8]
    assert lines[0].reason == "18 accolade cards (at least 18)"
    assert lines[1].reason == "the elf cards of your accolades show all 5 attributes"
    assert lines[2].reason == "5 wall cards show crown (at least 5 identical)"
    assert lines[3].reason == "8 accolade cards with tattoo (your best attribute) x 1"


def test_shield_scorings_need_a_trophy_and_can_miss() -> None:
    state = finished("shield")
    accolades(state, 0, {"elf-crown": 2, "barbarian-tattoo": 3})
    activate(state, 0, "eighteen_cards", "people_series")
    done(state)
    lines = [line for line in state.score_breakdown().lines_for(0) if line.category == "trophy scorings"]
    assert [line.points for line in lines] == [0, 0, 0, 0]
    assert "not activated by a trophy" in lines[2].reason and "fewer than 18" in lines[0].reason


def test_same_people_frieze_scores_five() -> None:
    state = finished()
    wall(state, 0, {6: "dwarf-crown", 7: "dwarf-tattoo", 8: "dwarf-dagger"})
    done(state)
    assert state.score_breakdown().by_category(0)["same people"] == 5


def test_majority_counts_the_opponents_bottom_row_trophies() -> None:
    state = finished()
    wall(state, 0, {11: "mage-crown"})
    wall(state, 1, {9: "mage-tattoo"})
    accolades(state, 0, {"mage-dagger": 3})
    accolades(state, 1, {"mage-earrings": 2})
    state.wall_trophies[1][8] = 1
    state.supply[0] -= 1
    done(state)
    assert state.score_breakdown().by_category(0)["majority"] == 0  # 3 against 2 + 1 trophy


def test_tie_goes_to_fewest_accolade_cards_else_shared() -> None:
    state = finished()
    wall(state, 0, {9: "elf-crown"})
    wall(state, 1, {9: "mage-crown"})
    accolades(state, 0, {"elf-tattoo": 2, "gnome-crown": 1})
    accolades(state, 1, {"mage-tattoo": 2})
    done(state)
    breakdown = state.score_breakdown()
    assert breakdown.totals()[0] == breakdown.totals()[1]
    assert breakdown.winners == (1,)
    assert "player 2 wins with the fewest accolade cards (2)" in breakdown.tie_break
    state.acc[0][C("gnome-crown")] = 0  # now 2 accolade cards each: the victory is shared
    shared = state.score_breakdown()
    assert shared.totals()[0] == shared.totals()[1]
    assert shared.winners == (0, 1) and "share the victory" in shared.tie_break


def test_bottom_row_trophy_counts_in_the_negative_spaces_too() -> None:
    """Revised decision: a trophy on a bottom-row card is one more accolade card of that people
    in EVERY scoring of that people, your own -2/-3 spaces included (it used to be left out)."""
    state = finished()
    wall(state, 0, {5: "elf-crown", 9: "elf-tattoo", 10: "mage-dagger"})
    accolades(state, 0, {"elf-dagger": 2})
    state.wall_trophies[0][8] = 1  # on the elf of space 9
    state.supply[0] -= 1
    done(state)
    lines = {(line.category, line.reason.split(":")[0]): line for line in state.score_breakdown().lines_for(0)}
    negative = lines[("negative spaces", "space 5")]
    assert negative.points == -6
    assert negative.reason == "space 5: 2 elf cards + 1 trophy in your accolades x -2"
    assert lines[("positive spaces", "space 9")].points == 3


def test_trophy_on_a_face_down_bottom_card_counts_for_no_people() -> None:
    state = finished()
    wall(state, 0, {5: "elf-crown", 9: C("elf-tattoo") + 30})
    accolades(state, 0, {"elf-dagger": 2})
    state.wall_trophies[0][8] = 1
    state.supply[0] -= 1
    done(state)
    assert state.score_breakdown().by_category(0)["negative spaces"] == -4
