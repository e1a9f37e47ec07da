"""The rulebook's complete scoring example (page 8), rebuilt card by card."""

from __future__ import annotations

from rules.core import TERMINAL
from rules.open_season import OpenSeasonState
from rules.open_season.cards import ATTRIBUTE_IDS

from tests.rules.open_season.helpers import C, accolades, blank, fd, settle, wall


def example_state() -> OpenSeasonState:
    state = blank(2, "horn")
    # Top row: four different peoples, one trophy used on it during the game.
    wall(state, 0, {1: "gnome-dagger", 2: "elf-tattoo", 3: "mage-earrings", 4: "barbarian-crown"})
    # Middle row: the sole sorcerer on the -2 space, a face-down card on the -3 space, the
    # crowned dwarf on the attribute space and a dwarf on the last space.
    wall(state, 0, {5: "sorcerer-crown", 6: fd("elf-crown"), 7: "dwarf-crown", 8: "dwarf-tattoo"})
    # Bottom row (completed by round 6): elf +1, barbarian +2, mage majority.
    wall(state, 0, {9: "elf-eyepatch", 10: "barbarian-dagger", 11: "mage-crown"})
    state.wall_trophies[0][1 - 1] = 1   # the trophy that triggered an action
    state.wall_trophies[0][10 - 1] = 1  # counts as a fifth barbarian
    state.wall_trophies[0][11 - 1] = 1  # counts as a fourth mage
    state.trophies[0] = 1               # the one never used
    state.penalty[0] = True
    state.series_tile[0] = True
    # 14 accolade cards: 1 sorcerer, 2 elves, 4 barbarians, 3 mages, 1 dwarf, 3 gnomes;
    # 7 crowns before the wild token turns the dwarf's crown into an eyepatch.
    accolades(state, 0, {
        "sorcerer-crown": 1,
        "elf-crown": 1, "elf-tattoo": 1,
        "barbarian-crown": 2, "barbarian-earrings": 1, "barbarian-dagger": 1,
        "mage-crown": 2, "mage-eyepatch": 1,
        "dwarf-crown": 1,
        "gnome-tattoo": 1, "gnome-earrings": 1, "gnome-dagger": 1,
    })
    state.acc_wilds[0] = [(C("dwarf-crown"), ATTRIBUTE_IDS["eyepatch"])]
    # The other player also has 4 mages, so nobody scores the majority.
    wall(state, 1, {1: "elf-crown", 2: "gnome-crown", 3: "dwarf-crown", 4: "sorcerer-crown",
                    5: "elf-dagger", 6: "gnome-dagger", 7: "elf-earrings", 8: "gnome-earrings",
                    9: "sorcerer-dagger", 10: "gnome-tattoo", 11: "dwarf-dagger"})
    accolades(state, 1, {"mage-tattoo": 2, "mage-dagger": 2})
    state.supply = [24 - 4, 4 - 1, 4 - 1, 4 - 1]
    return settle(state, [], turns_played=22)


def test_example_subtotals_and_total() -> None:
    state = example_state()
    assert state.current_player() == TERMINAL
    assert state.status() == []
    breakdown = state.score_breakdown()
    subtotals = list(breakdown.by_category(0).values())
    assert subtotals == [-2, 12, 0, -5, 12, 14, 0, -2]
    assert breakdown.total(0) == 29
    assert breakdown.categories() == [
        "negative spaces", "positive spaces", "majority", "face-down", "attribute",
        "attribute series", "same people", "penalty",
    ]


def test_example_reasons_read_like_the_rulebook() -> None:
    text = "\n".join(line.reason for line in example_state().score_breakdown().lines_for(0))
    assert "1 sorcerer card in your accolades x -2" in text
    assert "2 elf cards x 1" in text
    assert "4 barbarian cards + 1 trophy x 2" in text
    assert "3 mage cards + 1 trophy = 4 mage, but another player also has 4: nobody scores" in text
    assert "1 face-down card on your wall x -5" in text
    assert "shows crown: 6 accolade cards with crown x 2" in text
    assert "2 series of 5 different attributes in your accolades x 7 (Attribute Series tile)" in text
    assert "spaces 6-8 are not three face-up cards of one people" in text
    assert "least present attribute (tattoo) shows 2 times x -1" in text


def test_without_the_wild_token_the_series_and_attribute_change() -> None:
    state = example_state()
    state.acc_wilds[0] = []
    state.wilds[0] = 0
    state.supply[1] += 1
    by_cat = state.score_breakdown().by_category(0)
    assert by_cat["attribute"] == 14        # the dwarf's crown counts again: 7 crowns
    assert by_cat["attribute series"] == 7  # eyepatches drop to 1: a single series
    assert by_cat["penalty"] == -1


def test_majority_scores_when_alone_on_top() -> None:
    state = example_state()
    state.acc[1][C("mage-tattoo")] -= 1  # the rival drops to 3 mages
    state.deck_counts[C("mage-tattoo")] += 1
    state.deck_size += 1
    assert state.status() == []
    assert state.score_breakdown().by_category(0)["majority"] == 10
