"""Every line of a score sheet, word for word: what a player reads beside each point.

The points are worked out by hand from the rules digest (../shared/rules/open_season.md, "Horn
scoring"), in the comments; the wording is the sheet's own (rules/open_season/scoring.py) and is
pinned here so that a wrong space number, a lost plural or a swapped reason cannot slip through.
"""

from __future__ import annotations

from rules.open_season.cards import ATTRIBUTE_IDS, FACE_DOWN

from tests.rules.open_season.helpers import C, accolades, blank, fd, wall
from tests.rules.open_season.test_expert import COL4, scoring_state
from tests.rules.open_season.test_scoring_rules import done, finished


def sheet(state, p: int) -> list[tuple[str, int, str]]:
    return [(line.category, line.points, line.reason) for line in state.score_breakdown().lines_for(p)]


def three_walls():
    state = blank(3, "horn")
    # Player 1: empty and face-down spaces everywhere that scores, and one +2 space with trophies.
    # fd("elf-crown") is card 0 face down: the wall value FACE_DOWN itself, the edge of the range.
    assert fd("elf-crown") == FACE_DOWN
    wall(state, 0, {6: fd("elf-crown"), 7: fd("elf-crown"), 10: "barbarian-dagger"})
    state.wall_trophies[0][10 - 1] = 2
    accolades(state, 0, {"barbarian-dagger": 1})
    # Player 2: three dwarves in spaces 6-8, a wild token turning the earrings on space 7 into a
    # crown, another turning an accolade eyepatch dwarf into a crown dwarf, trophies on 9 and 11.
    wall(state, 1, {5: "sorcerer-crown", 6: "dwarf-tattoo", 7: "dwarf-earrings", 8: "dwarf-dagger",
                    9: "elf-tattoo", 11: "mage-crown"})
    state.wall_wild[1][7 - 1] = ATTRIBUTE_IDS["crown"]  # crown is attribute 0: the edge case
    state.wall_trophies[1][9 - 1] = 1
    state.wall_trophies[1][11 - 1] = 2
    accolades(state, 1, {"dwarf-crown": 1, "dwarf-eyepatch": 1, "elf-tattoo": 1, "mage-dagger": 1,
                         "gnome-earrings": 1, "barbarian-eyepatch": 1})
    state.acc_wilds[1] = [(C("dwarf-eyepatch"), ATTRIBUTE_IDS["crown"])]
    state.penalty[1] = True
    # Player 3: one crown on the attribute space, one crown in the accolades.
    wall(state, 2, {7: "gnome-crown"})
    accolades(state, 2, {"elf-crown": 1})
    state.penalty[2] = True
    return state


def test_empty_and_face_down_spaces_say_why_they_score_nothing() -> None:
    assert sheet(three_walls(), 0) == [
        ("negative spaces", 0, "space 5 (-2 per card) is empty: nothing lost"),
        ("negative spaces", 0, "space 6 (-3 per card) holds a face-down card (no people): nothing lost"),
        ("positive spaces", 0, "space 9 (+1 per card) is empty: nothing scored"),
        # 1 barbarian card + 2 trophies on the card, each worth one more card: (1 + 2) x 2 = 6
        ("positive spaces", 6, "space 10: 1 barbarian card + 2 trophies x 2"),
        ("majority", 0, "space 11 holds no face-up card: no majority"),
        ("face-down", -10, "2 face-down cards on your wall x -5"),  # 2 x -5
        ("attribute", 0, "space 7 holds no face-up card: no attribute scores"),
        ("attribute series", 0, "0 series of 5 different attributes in your accolades x 4"),
        ("same people", 0, "spaces 6-8 are not three face-up cards of one people"),
        ("penalty", 0, "no penalty tile"),
    ]


def test_wild_tokens_trophies_and_the_same_people_frieze_in_words() -> None:
    assert sheet(three_walls(), 1) == [
        ("negative spaces", 0, "space 5: 0 sorcerer cards in your accolades x -2"),
        # dwarf-crown and dwarf-eyepatch (the wild changes its attribute, not its people): 2 x -3
        ("negative spaces", -6, "space 6: 2 dwarf cards in your accolades x -3"),
        ("positive spaces", 2, "space 9: 1 elf card + 1 trophy x 1"),  # (1 + 1) x 1
        ("positive spaces", 0, "space 10 (+2 per card) is empty: nothing scored"),
        # 1 mage card + 2 trophies on the majority card = 3; players 1 and 3 have no mage: 10
        ("majority", 10, "space 11: 1 mage card + 2 trophies = 3 mage, the single most (next best 0)"),
        ("face-down", 0, "0 face-down cards on your wall x -5"),
        # space 7 reads crown through its wild token; crowns: dwarf-crown + the wild eyepatch = 2
        ("attribute", 4, "space 7 shows crown: 2 accolade cards with crown x 2"),
        # crown 2, tattoo 1, dagger 1, earrings 1, eyepatch 1 (barbarian): 1 series x 4
        ("attribute series", 4, "1 series of 5 different attributes in your accolades x 4"),
        ("same people", 5, "spaces 6-8 are all dwarf cards face up"),
        # least present: tattoo, dagger, earrings and eyepatch once each; the first named is tattoo
        ("penalty", -1, "penalty tile: your least present attribute (tattoo) shows 1 time x -1"),
    ]


def test_a_single_card_reads_in_the_singular() -> None:
    lines = sheet(three_walls(), 2)
    assert ("attribute", 2, "space 7 shows crown: 1 accolade card with crown x 2") in lines
    # no tattoo at all: -1 x 0
    assert ("penalty", 0, "penalty tile: your least present attribute (tattoo) shows 0 times x -1") in lines
    assert sum(points for _, points, _ in lines) == 2


def test_totals_of_the_three_walls() -> None:
    # player 1: 6 - 10 = -4; player 2: -6 + 2 + 10 + 4 + 4 + 5 - 1 = 18; player 3: 2
    assert three_walls().score_breakdown().totals() == [-4, 18, 2]


def tie_of_three():
    state = finished(n=3)
    wall(state, 0, {9: "elf-crown"})
    wall(state, 2, {9: "mage-crown"})
    accolades(state, 0, {"elf-tattoo": 2, "gnome-crown": 1})
    accolades(state, 2, {"mage-tattoo": 2})
    return done(state)


def test_tie_break_sentences_name_the_right_players() -> None:
    # players 1 and 3: 10 face-down cards (-50) and 2 cards of the people on space 9 (+2) = -48;
    # player 2: 11 face-down cards = -55
    state = tie_of_three()
    b = state.score_breakdown()
    assert b.totals() == [-48, -55, -48]
    assert b.winners == (2,)
    assert b.tie_break == "player 1, player 3 tie on -48 points; player 3 wins with the fewest accolade cards (2)"
    state.acc[0][C("gnome-crown")] = 0  # 2 accolade cards each now
    shared = state.score_breakdown()
    assert shared.winners == (0, 2)
    assert shared.tie_break == ("player 1, player 3 tie on -48 points; player 1, player 3 also tie on the "
                                "fewest accolade cards (2) and share the victory")


MAJORITY_FACE = "column 4 face 12 (add 2 to your card count for the majority space)"


def test_majority_bonus_face_says_where_its_points_went() -> None:
    state = scoring_state({4: 12}, {**COL4, 11: "elf-dagger"}, {"elf-tattoo": 1})
    lines = sheet(state, 0)
    # 1 elf card + 2 from the bonus tile = 3 elves, nobody else has any: the majority's 10 points
    assert ("majority", 10, "space 11: 1 elf card + 2 (bonus tile) = 3 elf, the single most (next best 0)") in lines
    assert lines[-1] == ("bonus tiles", 0, f"{MAJORITY_FACE}: applied above")


def test_majority_bonus_face_on_the_shield_side_has_no_effect() -> None:
    state = scoring_state({4: 12}, {7: "elf-crown"}, {}, side="shield")  # column 4 is space 7 alone
    assert sheet(state, 0)[-1] == ("bonus tiles", 0, f"{MAJORITY_FACE}: this side has no majority space: no effect")


def test_identical_columns_face_in_words() -> None:
    cards = {**COL4, 1: "gnome-dagger", 5: "elf-tattoo", 9: "sorcerer-earrings",
             2: "elf-crown", 6: "sorcerer-crown", 10: "mage-crown"}
    state = scoring_state({4: 11}, cards, {})
    # column 2 (crown, crown, crown) and column 4 (crown, crown); column 1 differs: 2 x 3
    assert sheet(state, 0)[-1] == (
        "bonus tiles", 6,
        "column 4 face 11 (3 per column of at least 2 cards whose attributes are all identical): "
        "2 column(s) with identical attributes x 3")


def test_peoples_at_most_twice_face_allows_exactly_two() -> None:
    face = "column 4 face 13 (12 if no people shows more than twice on your wall)"
    state = scoring_state({4: 13}, COL4, {})
    state.wall[0][0] = C("mage-tattoo")  # mages on spaces 1 and 4: twice is allowed
    assert sheet(state, 0)[-1] == ("bonus tiles", 12, f"{face}: no people more than twice on the wall")
    state.wall[0][1] = C("mage-earrings")  # a third mage
    assert sheet(state, 0)[-1] == ("bonus tiles", 0, f"{face}: a people shows 3 times on the wall")


def test_rulebook_example_majority_tie_names_its_space() -> None:
    from tests.rules.open_season.test_scoring_example import example_state

    # page 8: 3 mage cards + the trophy on space 11 = 4 mages; the other player also has 4
    assert ("majority", 0, "space 11: 3 mage cards + 1 trophy = 4 mage, but another player also has 4: nobody scores") \
        in sheet(example_state(), 0)


def test_softened_negative_spaces_say_why_they_cost_only_one() -> None:
    state = scoring_state({4: 8}, {**COL4, 5: "elf-dagger", 6: "gnome-dagger"}, {"elf-tattoo": 3, "gnome-crown": 2})
    # face 8: each negative space costs -1 per card instead of -2 / -3: 3 elves -3, 2 gnomes -2
    assert sheet(state, 0)[:2] == [
        ("negative spaces", -3, "space 5: 3 elf cards in your accolades x -1 (bonus tile: only -1)"),
        ("negative spaces", -2, "space 6: 2 gnome cards in your accolades x -1 (bonus tile: only -1)"),
    ]
