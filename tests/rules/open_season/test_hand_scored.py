"""The Horn golden game (tests/golden/open_season_horn.txt, 3 players, seed 2026) scored BY HAND
from the rulebook, independently of rules/open_season/scoring.py.

Source: ../shared/seeds/open-season-rules-en.txt, "End of the game" and the Horn side's scoring
(spaces 5 and 6: -2 / -3 per accolade card of the people shown there; 9 and 10: +1 / +2 per
card of that people, a Trophy on the space counting as one more card; 11: 10 points for the
single most cards of that people among all players, a Trophy on it counting as a card, nobody
scores on a tie; -5 per face-down wall card; space 7: +2 per accolade card with the attribute
shown there; +4 per series of 5 different attributes in the accolades, 7 with the Attribute
Series tile; +5 when spaces 6-8 show one people; the penalty tile's -1 per attribute of the least
present type). The inputs are the final position of the golden game (walls, accolades, Trophy
tokens, tiles; no Wild or Penalty token was taken), listed below; the arithmetic was done by
hand first and then compared with the engine (it agrees).

Player 1  wall: 5 elf-dagger, 6 gnome-eyepatch, 7 barbarian-earrings, 8 dwarf-earrings,
          9 dwarf-crown, 10 gnome-earrings, 11 barbarian-tattoo; no trophy, no tile
  accolades (13): barbarian 2 (dagger, eyepatch), dwarf 5 (crown, 3 eyepatch, tattoo),
          elf 3 (dagger, earrings, eyepatch), gnome 1 (earrings), mage 1 (tattoo), sorcerer 1 (dagger)
  5  elves 3 x -2 = -6          6  gnomes 1 x -3 = -3
  9  dwarves 5 x 1 = +5         10 gnomes 1 x 2 = +2
  11 barbarians: P1 2, P2 3, P3 3 -> not the single most: 0
  face-down: none: 0
  7  earrings: elf, gnome = 2 cards x 2 = +4
  series: crown 1, tattoo 2, dagger 3, earrings 2, eyepatch 5 -> 1 series x 4 = +4
  6-8 gnome, barbarian, dwarf: not one people: 0;  penalty: none: 0
  total -6 - 3 + 5 + 2 + 0 + 0 + 4 + 4 + 0 + 0 = 6
Player 2  wall: 5 barbarian-earrings, 6 elf-earrings, 7 barbarian-crown, 8 dwarf-tattoo,
          9 dwarf-dagger, 10 barbarian-earrings, 11 sorcerer-eyepatch; no trophy, no tile
  accolades (16): barbarian 3 (dagger, 2 tattoo), dwarf 3 (dagger, 2 earrings), elf 4 (2 crown,
          2 dagger), gnome 1 (crown), mage 2 (crown, earrings), sorcerer 3 (crown, dagger, earrings)
  5  barbarians 3 x -2 = -6     6  elves 4 x -3 = -12
  9  dwarves 3 x 1 = +3         10 barbarians 3 x 2 = +6
  11 sorcerers: P2 3, P1 1, P3 2 -> the single most: +10
  7  crowns: elf 2, gnome, mage, sorcerer = 5 cards x 2 = +10
  series: crown 5, tattoo 2, dagger 5, earrings 4, eyepatch 0 -> 0 series: 0
  6-8 elf, barbarian, dwarf: 0;  face-down 0;  penalty 0
  total -6 - 12 + 3 + 6 + 10 + 10 = 11
Player 3  wall: 1 gnome-tattoo (a Trophy: no scoring on the top row), 5 sorcerer-dagger,
          6 elf-earrings, 7 sorcerer-tattoo, 8 gnome-earrings, 9 elf-dagger, 10 barbarian-dagger,
          11 gnome-dagger with a Trophy; the Attribute Series tile
  accolades (15): barbarian 3 (dagger, 2 eyepatch), dwarf 2 (crown, eyepatch), elf 1 (eyepatch),
          gnome 3 (2 dagger, tattoo), mage 4 (dagger, 2 earrings, tattoo), sorcerer 2 (crown, dagger)
  5  sorcerers 2 x -2 = -4      6  elves 1 x -3 = -3
  9  elves 1 x 1 = +1           10 barbarians 3 x 2 = +6
  11 gnomes 3 + 1 Trophy = 4; P1 1, P2 1 -> the single most: +10
  7  tattoos: gnome, mage = 2 cards x 2 = +4
  series: crown 2, tattoo 2, dagger 5, earrings 2, eyepatch 4 -> 2 series x 7 (tile) = +14
  6-8 elf, sorcerer, gnome: 0;  face-down 0;  penalty 0
  total -4 - 3 + 1 + 6 + 10 + 4 + 14 = 28
Winner: Player 3 (28), no tie.
"""

from __future__ import annotations

import random

from rules.core import CHANCE
from rules.open_season import OpenSeasonGame
from rules.open_season.cards import CARD_NAMES
from rules.open_season.state import OpenSeasonState
from tests.golden_files import GOLDEN_DIR

CATEGORIES = ("negative spaces", "positive spaces", "majority", "face-down", "attribute",
              "attribute series", "same people", "penalty")
HAND_SHEET = {
    0: (-6 - 3, 5 + 2, 0, 0, 4, 4, 0, 0),
    1: (-6 - 12, 3 + 6, 10, 0, 10, 0, 0, 0),
    2: (-4 - 3, 1 + 6, 10, 0, 4, 14, 0, 0),
}
HAND_TOTALS = (6, 11, 28)


def golden_game() -> OpenSeasonState:
    """The game of tests/golden/open_season_horn.txt (same seed, same random choices), to its end."""
    state = OpenSeasonGame(3, side="horn", expert=False).new_initial_state(2026)
    rng = random.Random(2026)
    while not state.is_terminal():
        who = state.current_player()
        state.push(state.sample_chance(rng) if who == CHANCE else rng.choice(list(state.legal_moves())))
    return state


def test_the_position_scored_by_hand_is_the_golden_games_end() -> None:
    state = golden_game()
    text = (GOLDEN_DIR / "open_season_horn.txt").read_text(encoding="utf-8")
    assert "random moves with seed 2026" in text
    assert " 177 r11 P3     Player 3 moves a trophy from space 10 (+2 per card) to space 11 (majority)" in text
    # the inputs of the hand derivation above
    assert [CARD_NAMES[c] for c in state.wall[2][4:11]] == [
        "sorcerer-dagger", "elf-earrings", "sorcerer-tattoo", "gnome-earrings", "elf-dagger",
        "barbarian-dagger", "gnome-dagger"]
    assert state.wall_trophies[2][10] == 1 and state.series_tile == [False, False, True]
    assert state.penalty == [False] * 3 and state.acc_wilds == [[], [], []]
    assert [sum(a) for a in state.acc] == [13, 16, 15]


def test_engine_matches_the_hand_derived_score_sheet() -> None:
    sheet = golden_game().score_breakdown()
    for seat, expected in HAND_SHEET.items():
        got = sheet.by_category(seat)
        assert tuple(got.get(c, 0) for c in CATEGORIES) == expected, f"player {seat + 1}: {got}"
        assert sheet.total(seat) == HAND_TOTALS[seat] == sum(expected)
    assert sheet.winners == (2,)
