"""A wild token's attribute on a finished Open Season table (session 34, os-photo): the photo shows
no attribute, so the scorer assumes what a player announces -- the attribute that scores most for
them at the end, or, for a wall token of an expert game that completed a bonus tile's column (the
tile fired or activated), the attribute that completed it."""

from __future__ import annotations

from vision.open_season.score_photo import SeatReading, _picks, _score, _wild_choice

# Shield side: column 2 is spaces 2, 5 and 9; space 5 scores 2 per accolade card of its attribute
WALL = {1: "elf-crown", 2: "elf-tattoo", 3: "dwarf-eyepatch", 4: "mage-crown", 5: "dwarf-dagger",
        6: "gnome-earrings", 7: "sorcerer-crown", 8: "barbarian-dagger", 9: "gnome-tattoo"}
ACCOLADES = ["elf-crown", "dwarf-crown", "gnome-crown", "mage-crown", "sorcerer-crown", "elf-tattoo"]


def _seats(bonus: dict[int, tuple[int, bool]]) -> list[SeatReading]:
    me = SeatReading(wall=dict(WALL), wall_wilds=[5], accolades=list(ACCOLADES), bonus=bonus)
    other = SeatReading(wall={s: c.replace("elf", "mage") for s, c in WALL.items()}, accolades=["elf-dagger"],
                        bonus={1: (9, False), 2: (3, False), 3: (13, False), 4: (11, False)})
    return [me, other]


def _totals_by_option(seats: list[SeatReading]) -> dict[str, int]:
    choice = _wild_choice(0, 5)
    return {a: _score(seats, "shield", True, [choice], {"wild 1 5": k + 1})[1][0]
            for k, a in enumerate(choice.options)}


def test_a_wall_wild_token_that_completed_a_fired_bonus_column_gave_the_columns_attribute() -> None:
    """Column 2 (elf-tattoo, dwarf-dagger with the token, gnome-tattoo) holds no tile any more: a
    one-shot face fired there, which needs the column's cards alike -- tattoo, which only the token
    on the dagger can have given. Crown scores more for the player at the end (five crowns among
    the accolades on the attribute space), but a player places a token during the game only to
    complete a column, and it stays as announced then."""
    seats = _seats({1: (9, False), 3: (13, False), 4: (11, False)})  # column 2's tile is gone
    by_option = _totals_by_option(seats)
    assert max(by_option, key=lambda a: by_option[a]) == "crown" and by_option["crown"] > by_option["tattoo"]
    choice = _wild_choice(0, 5)
    assert choice.options[_picks(seats, "shield", True, [choice], {})["wild 1 5"]] == "tattoo"
    assert _score(seats, "shield", True, [choice], {})[1][0] == by_option["tattoo"]


def test_a_wall_wild_token_under_an_unfired_tile_or_in_a_plain_game_scores_most_for_its_player() -> None:
    """The same wall with column 2's tile still lying there (nothing fired), or without the expert
    tiles: the token was placed at the end, as the attribute best for its player (crown), never as
    its card's own printed attribute (no change: the rules ask for another)."""
    choice = _wild_choice(0, 5)
    seats = _seats({1: (9, False), 2: (3, False), 3: (13, False), 4: (11, False)})
    assert choice.options[_picks(seats, "shield", True, [choice], {})["wild 1 5"]] == "crown"
    assert choice.options[_picks(_seats({}), "shield", False, [choice], {})["wild 1 5"]] == "crown"


def test_a_wild_token_never_defaults_to_its_cards_printed_attribute() -> None:
    """Every change of the dagger on space 5 scores less for the player than the dagger itself
    (three daggers among the accolades, nothing else the attribute space could count): the
    token, which must change the attribute, gives the best of the others, not dagger."""
    seats = _seats({})
    seats[0].accolades = ["elf-dagger", "mage-dagger", "gnome-dagger", "elf-crown"]
    by_option = _totals_by_option(seats)
    assert max(by_option, key=lambda a: by_option[a]) == "dagger"
    choice = _wild_choice(0, 5)
    picked = choice.options[_picks(seats, "shield", False, [choice], {})["wild 1 5"]]
    assert picked != "dagger" and by_option[picked] == max(v for a, v in by_option.items() if a != "dagger")
