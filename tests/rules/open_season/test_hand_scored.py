"""The Horn golden game (tests/golden/open_season_horn.txt, 3 players, seed 2026) scored BY HAND
from the rulebook, independently of rules/open_season/scoring.py.

Source: ../shared/seeds/open-season-rules-en.txt, "End of the game" and the Horn side's scoring
(spaces 5 and 6: -2 / -3 per accolade card of the people shown there; 9 and 10: +1 / +2 per
card of that people; 11: 10 points for the single most cards of that people among all players,
nobody scores on a tie; a Trophy on a bottom-row card counts as one more accolade card of that
card's people in EVERY scoring of that people, the -2/-3 spaces included (revised decision in
../shared/rules/open_season.md); -5 per face-down wall card; space 7: +2 per accolade card with
the attribute shown there; +4 per series of 5 different attributes in the accolades, 7 with the
Attribute Series tile; +5 when spaces 6-8 show one people; the penalty tile's -1 per attribute of
the least present type). The inputs are the final position of the golden game (walls, accolades,
Trophy tokens, tiles; no Wild or Penalty token was taken), listed below; the arithmetic was done
by hand first and then compared with the engine (it agrees).

Redone by hand after the rules corrections of issue 16: refusing a trophy on a top-row card
whose action already ran shortened a list of legal moves at move 77, so the seeded random game
(and its end) changed from there; this game also exercises the trophy-in-negative-space rule
(players 1 and 3, space 6), which the engine used to leave out (it would have said 6 and 3).

Player 1  wall: 5 elf-dagger, 6 barbarian-dagger, 7 barbarian-dagger, 8 sorcerer-earrings,
          9 dwarf-crown, 10 elf-crown, 11 barbarian-tattoo with a Trophy; no tile
  accolades (14): elf 3 (crown, tattoo, earrings), mage 4 (3 crown, tattoo), sorcerer 2 (2 dagger),
          dwarf 2 (crown, tattoo), gnome 1 (earrings), barbarian 2 (dagger, eyepatch)
  5  elves 3 x -2 = -6          6  barbarians 2 + 1 Trophy (space 11) = 3 x -3 = -9
  9  dwarves 2 x 1 = +2         10 elves 3 x 2 = +6
  11 barbarians: P1 2 + 1 Trophy = 3, P2 4, P3 1 + 1 Trophy = 2 -> not the single most: 0
  face-down: none: 0
  7  dagger: sorcerer 2, barbarian 1 = 3 cards x 2 = +6
  series: crown 5, tattoo 3, dagger 3, earrings 2, eyepatch 1 -> 1 series x 4 = +4
  6-8 barbarian, barbarian, sorcerer: not one people: 0;  penalty: none: 0
  total -6 - 9 + 2 + 6 + 0 + 0 + 6 + 4 + 0 + 0 = 3
Player 2  wall: 5 barbarian-earrings, 6 elf-earrings, 7 barbarian-crown, 8 dwarf-tattoo,
          9 mage-tattoo, 10 barbarian-eyepatch, 11 sorcerer-eyepatch; no trophy, no tile
  accolades (15): elf 4 (tattoo, 2 dagger, eyepatch), mage 2 (dagger, earrings), dwarf 4
          (2 dagger, earrings, eyepatch), gnome 1 (crown), barbarian 4 (tattoo, dagger, earrings,
          eyepatch), sorcerer 0
  5  barbarians 4 x -2 = -8     6  elves 4 x -3 = -12
  9  mages 2 x 1 = +2           10 barbarians 4 x 2 = +8
  11 sorcerers: P2 0, P1 2, P3 4 -> 0
  7  crown: gnome 1 = 1 card x 2 = +2
  series: crown 1, tattoo 2, dagger 6, earrings 3, eyepatch 3 -> 1 series x 4 = +4
  6-8 elf, barbarian, dwarf: 0;  face-down 0;  penalty 0
  total -8 - 12 + 2 + 8 + 0 + 2 + 4 = -4
Player 3  wall: 1 gnome-tattoo, 5 sorcerer-dagger, 6 barbarian-tattoo, 7 elf-eyepatch,
          8 gnome-earrings, 9 elf-dagger, 10 barbarian-tattoo with a Trophy, 11 gnome-earrings
          with a Trophy; the Attribute Series tile
  accolades (15): mage 5 (2 dagger, 3 earrings), sorcerer 4 (crown, tattoo, dagger, earrings),
          dwarf 2 (2 crown), gnome 3 (crown, tattoo, dagger), barbarian 1 (dagger), elf 0
  5  sorcerers 4 x -2 = -8      6  barbarians 1 + 1 Trophy (space 10) = 2 x -3 = -6
  9  elves 0 x 1 = 0            10 barbarians 1 + 1 Trophy = 2 x 2 = +4
  11 gnomes 3 + 1 Trophy = 4; P1 1, P2 1 -> the single most: +10
  7  eyepatch: none in the accolades: 0
  series: crown 4, tattoo 2, dagger 5, earrings 4, eyepatch 0 -> 0 series: 0 (tile or not)
  6-8 barbarian, elf, gnome: 0;  face-down 0;  penalty 0
  total -8 - 6 + 0 + 4 + 10 + 0 + 0 = 0
Winner: Player 1 (3), no tie.
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
    0: (-6 - 9, 2 + 6, 0, 0, 6, 4, 0, 0),
    1: (-8 - 12, 2 + 8, 0, 0, 2, 4, 0, 0),
    2: (-8 - 6, 0 + 4, 10, 0, 0, 0, 0, 0),
}
HAND_TOTALS = (3, -4, 0)


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
    assert " 129 r8  P3     Player 3 moves a trophy from space 1 (steal) to space 11 (majority)" in text
    # the inputs of the hand derivation above
    assert [CARD_NAMES[c] for c in state.wall[0][4:11]] == [
        "elf-dagger", "barbarian-dagger", "barbarian-dagger", "sorcerer-earrings", "dwarf-crown",
        "elf-crown", "barbarian-tattoo"]
    assert [CARD_NAMES[c] for c in state.wall[2][4:11]] == [
        "sorcerer-dagger", "barbarian-tattoo", "elf-eyepatch", "gnome-earrings", "elf-dagger",
        "barbarian-tattoo", "gnome-earrings"]
    assert [t[8:] for t in state.wall_trophies] == [[0, 0, 1], [0, 0, 0], [0, 1, 1]]
    assert state.series_tile == [False, False, True]
    assert state.penalty == [False] * 3 and state.acc_wilds == [[], [], []]
    assert [sum(a) for a in state.acc] == [14, 15, 15]


def test_engine_matches_the_hand_derived_score_sheet() -> None:
    sheet = golden_game().score_breakdown()
    for seat, expected in HAND_SHEET.items():
        got = sheet.by_category(seat)
        assert tuple(got.get(c, 0) for c in CATEGORIES) == expected, f"player {seat + 1}: {got}"
        assert sheet.total(seat) == HAND_TOTALS[seat] == sum(expected)
    assert sheet.winners == (0,)
