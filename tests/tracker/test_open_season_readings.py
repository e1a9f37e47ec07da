"""What the Open Season adapter says differs between the table it expects and a reading, word for
word and with its weight, on small hand-built views: the inn, the discards, every part of a
player's area (wall cards face up and down, trophies and wild tokens on the wall, the stock, the
accolades, the kept card, the personal tokens, the tiles). The words are what the players read in
an alert, the weights decide between moves."""

from __future__ import annotations

from dataclasses import replace

from tracker.adapter import Difference
from tracker.open_season.adapter import OpenSeasonAdapter, player_name
from vision.open_season.observation import OpenSeasonObservation, PlayerReading

ADAPTER = OpenSeasonAdapter()


def diffs(expected: OpenSeasonObservation, observed: OpenSeasonObservation) -> list[Difference]:
    return ADAPTER.differences(expected, observed)


def one_player(reading: PlayerReading, seat: int = 0) -> OpenSeasonObservation:
    return OpenSeasonObservation(players={seat: reading})


def test_players_are_named_from_one_and_nobody_is_the_players() -> None:
    assert [player_name(s) for s in (0, 1, 3)] == ["player 1", "player 2", "player 4"]
    assert player_name(-1) == "the players" and ADAPTER.player_name(2) == "player 3"


def test_the_inn_and_the_discards_compared_as_sets_of_cards() -> None:
    want = OpenSeasonObservation(inn=("elf-crown", "mage-tattoo", "dwarf-dagger"), discards=("gnome-crown",))
    assert diffs(want, replace(want, inn=("dwarf-dagger", "elf-crown", "mage-tattoo"))) == []
    got = replace(want, inn=("elf-crown", "barbarian-crown", "barbarian-crown"),
                  discards=("gnome-crown", "elf-tattoo"))
    assert diffs(want, got) == [
        Difference("the inn shows barbarian-crown, not expected there", 1.0),
        Difference("the inn shows barbarian-crown, not expected there", 1.0),
        Difference("the inn lacks dwarf-dagger", 1.0),
        Difference("the inn lacks mage-tattoo", 1.0),
        Difference("the discards show elf-tattoo too", 1.0),
    ]
    assert diffs(want, replace(want, discards=())) == [Difference("the discards lack gnome-crown", 1.0)]


def test_a_player_area_not_read_counts_little() -> None:
    want = OpenSeasonObservation(players={0: PlayerReading(), 1: PlayerReading()})
    assert diffs(want, OpenSeasonObservation(players={0: PlayerReading()})) == [
        Difference("player 2's area was not read", 0.3)]
    # a reading of a player the game does not have is not compared
    assert diffs(one_player(PlayerReading()), OpenSeasonObservation(players={0: PlayerReading(), 5: PlayerReading(stock=("elf-crown",))})) == []


def test_wall_spaces_name_the_cards_face_down_cards_and_empty_spaces_weighted_by_the_reading() -> None:
    want = one_player(PlayerReading(wall={1: "elf-crown", 2: None, 3: "mage-dagger"}))
    got = one_player(PlayerReading(wall={1: "elf-tattoo", 2: "dwarf-crown", 4: None},
                                   confidence={1: 0.6, 2: 0.05, 4: 1.5}))
    assert diffs(want, got) == [
        Difference("player 1's space 1 shows elf-tattoo, expected elf-crown", 0.6),
        Difference("player 1's space 2 shows dwarf-crown, expected a face-down card", 0.1),
        Difference("player 1's space 3 shows nothing, expected mage-dagger", 1.0),
        Difference("player 1's space 4 shows a face-down card, expected nothing", 1.0),
    ]


def test_trophies_and_wild_tokens_on_the_wall() -> None:
    want = one_player(PlayerReading(wall_trophies={2: 1, 9: 2}, wall_wilds=frozenset({4})))
    got = one_player(PlayerReading(wall_trophies={2: 1, 10: 1}, wall_wilds=frozenset({5})))
    assert diffs(want, got) == [
        Difference("player 1's space 9 holds 0 trophies, expected 2", 1.0),
        Difference("player 1's space 10 holds 1 trophies, expected 0", 1.0),
        Difference("player 1's space 4 lacks a wild token", 1.0),
        Difference("player 1's space 5 holds a wild token", 1.0),
    ]


def test_the_stock_is_a_fan_in_order() -> None:
    want = one_player(PlayerReading(stock=("elf-crown", "mage-tattoo")))
    assert diffs(want, one_player(PlayerReading(stock=("mage-tattoo", "elf-crown")))) == [
        Difference("player 1's stock is in another order", 1.0)]
    assert diffs(want, one_player(PlayerReading(stock=("elf-crown", "gnome-dagger", "gnome-dagger")))) == [
        Difference("player 1's stock shows gnome-dagger too", 1.0),
        Difference("player 1's stock shows gnome-dagger too", 1.0),
        Difference("player 1's stock lacks mage-tattoo", 1.0),
    ]


def test_accolades_kept_card_tokens_and_tiles_each_named() -> None:
    want = one_player(PlayerReading(accolades=2, accolade_wilds=1, kept="elf-crown", trophies=3, wilds=1,
                                    penalty=True, series=False, scorings=frozenset({"majority_elf"}),
                                    bonus={1: (11, True), 3: (12, False)}), seat=2)
    got = one_player(PlayerReading(accolades=3, accolade_wilds=0, kept=None, trophies=2, wilds=2,
                                   penalty=False, series=True, scorings=frozenset({"same_people"}),
                                   bonus={1: (11, True), 3: (12, True), 4: (13, False)}), seat=2)
    assert diffs(want, got) == [
        Difference("player 3 has 3 accolade cards, expected 2", 1.0),
        Difference("player 3 has 0 wild tokens on accolades, expected 1", 1.0),
        Difference("player 3's kept card is none, expected elf-crown", 1.0),
        Difference("player 3 holds 2 trophies, expected 3", 1.0),
        Difference("player 3 holds 2 wild, expected 1", 1.0),
        Difference("player 3's penalty tile is missing", 1.0),
        Difference("player 3's attribute series tile appeared", 1.0),
        Difference("player 3's scoring majority elf lacks a trophy", 1.0),
        Difference("player 3's scoring same people has a trophy", 1.0),
        Difference("player 3's bonus tile on column 3 reads (12, True), expected (12, False)", 1.0),
        Difference("player 3's bonus tile on column 4 reads (13, False), expected None", 1.0),
    ]
    back = diffs(got, want)
    assert Difference("player 3's kept card is elf-crown, expected none", 1.0) in back
    assert Difference("player 3's penalty tile appeared", 1.0) in back
    assert Difference("player 3's attribute series tile is missing", 1.0) in back


def test_an_equal_reading_has_no_difference_whatever_its_confidences() -> None:
    reading = PlayerReading(wall={1: "elf-crown"}, stock=("mage-tattoo",), trophies=1)
    assert diffs(one_player(reading), one_player(replace(reading, confidence={1: 0.2}))) == []
    assert ADAPTER.same_scene(one_player(reading), one_player(replace(reading, confidence={1: 0.2})))
    assert not ADAPTER.same_scene(one_player(reading), one_player(replace(reading, trophies=2)))
