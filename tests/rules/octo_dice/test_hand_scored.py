"""The solo golden game (tests/golden/octo_dice_solo.txt, seed 7) scored BY HAND from the
rulebook, independently of the engine's score sheet.

Source: ../shared/seeds/octo-dice-rules-en.txt (main actions, octopod actions, Intermediate
Scoring, Bonus Scoring, solo rules) and the score-sheet decisions in ../shared/rules/octo_dice.md
(bot row yellow, white, red, blue, green, yellow, ... worth 1,1,1,1,1,2,2,2,2,2; research
circles in colour order worth 1,1,2,2,...; octopod bonus 2 -> 1). The facts used are the
golden's own record of the dice each turn kept (the six set-aside dice) and the actions taken.
The numbers were derived first and then compared with the engine (they agree).

Solo: 9 turns, an Intermediate Scoring after turns 3, 6 and 9, no crystal bonus.
Octopods: each octopod among the turn's six dice crosses one of the third's two octopod symbols;
both crossed -> the third's -2 is crossed out, otherwise -2 at the Intermediate Scoring; two or
more octopods in one turn score a bonus (2 -> 1 point).
Submarines: at each Intermediate Scoring, each crossed submarine scores 1 per crossed bot of
its colour (cumulative: the bots crossed so far).

Third 1 (turns 1-3)
  turn 1  dice: octopod, yellow 2, submarine, crystal, submarine, white 2 -> 1 octopod (1 of 2)
          submarine + yellow 2: yellow submarine crossed, 0 points
          crystal + white 2: crystal with a 2 -> 2 points
  turn 2  dice: bot, white 1, yellow 1, white 0, octopod, submarine -> 1 octopod (2 of 2: -2 crossed out)
          bot + white 1: the leftmost white bot is circle 2 -> 1 point
  turn 3  dice: research, green 1, research, green 0, submarine, octopod -> 1 octopod (no symbol left)
          submarine + green 1: green submarine crossed, 0 points (research needs yellow first)
  scoring: yellow submarine x 0 yellow bots = 0, green submarine x 0 green bots = 0; no -2
  third 1 = 2 (crystal) + 1 (bot) + 0 (submarines) = 3
Third 2 (turns 4-6)
  turn 4  dice: submarine, yellow 2, crystal, yellow 1, research, blue 0 -> 0 octopods
          research + yellow 1: research circle 1 is yellow -> 1 point
  turn 5  dice: lab, red 0, octopod, yellow 2, lab, green 1 -> 1 octopod (1 of 2)
          lab + red 0: the left column's marker moves onto its level 0 tile (Flexi-Sub), 0 points
  turn 6  dice: bot, yellow 2, research, red 2, bot, yellow 1 -> 0 octopods
          bot + yellow 1: leftmost yellow bot, circle 1 -> 1 point
          bot + yellow 2: next yellow bot, circle 6 -> 2 points
  scoring: yellow submarine x 2 yellow bots = 2, green submarine x 0 = 0;
           only 1 of 2 octopods -> -2
  third 2 = 1 (research) + 1 + 2 (bots) + 2 (submarines) - 2 (octopods) = 4   (running total 7)
Third 3 (turns 7-9)
  turn 7  dice: lab, red 2, bot, submarine, red 0, blue 2 -> 0 octopods; no action taken
  turn 8  dice: crystal, octopod, blue 0, red 1, bot, octopod -> 2 octopods: both symbols, -2
          crossed out, bonus 1 point (2 octopods in one turn)
          bot + blue 0: leftmost blue bot, circle 4 -> 1 point
          crystal + red 1: crystal with a 1 -> 1 point
  turn 9  dice: bot, lab, research, white 2, blue 0, blue 2 -> 0 octopods; no action taken
  scoring: yellow submarine x 2 yellow bots = 2, green submarine x 0 = 0; no -2
  third 3 = 1 (bot) + 1 (crystal) + 1 (octopod bonus) + 2 (submarines) = 5   (running total 12)
Bonus scoring: no crystal bonus in the solo game; no marker on a level 2 lab tile -> 0
Final score: 3 + 4 + 5 + 0 = 12
"""

from __future__ import annotations

import random

from rules.octo_dice import OctoDiceGame
from rules.octo_dice.state import OctoDiceState
from tests.golden_files import GOLDEN_DIR

HAND_THIRDS = (3, 4, 5)
HAND_FINAL = 12
# per third, points by kind of line (hand derivation above)
HAND_PARTS = {
    1: {"crystals": 2, "bots": 1, "submarine scoring": 0, "octopod penalty": 0},
    2: {"research": 1, "bots": 3, "submarine scoring": 2, "octopod penalty": -2},
    3: {"crystals": 1, "bots": 1, "octopod bonus": 1, "submarine scoring": 2, "octopod penalty": 0},
}


def golden_game() -> OctoDiceState:
    """The game of tests/golden/octo_dice_solo.txt (same seed and random choices), to its end."""
    game = OctoDiceGame(1, variant="solo", tiles="random")
    state = game.new_initial_state(seed=7)
    rng = random.Random(7)
    while not state.is_terminal():
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    return state


def test_the_golden_game_is_the_one_scored_by_hand() -> None:
    text = (GOLDEN_DIR / "octo_dice_solo.txt").read_text(encoding="utf-8")
    assert "# lab tiles: C2 A1 B1 / E2 D1 F1 / H2 I2 G1" in text
    assert "  54 [turn 8] Player 1, main action (white die 1 + black die 1): blue bot (circle 4)" in text


def test_engine_matches_the_hand_derived_score_sheet() -> None:
    sheet = golden_game().score_breakdown()
    assert sheet.total(0) == HAND_FINAL
    by_third = {k: 0 for k in (1, 2, 3)}
    parts: dict[int, dict[str, int]] = {k: {} for k in (1, 2, 3)}
    for line in sheet.lines_for(0):
        third, _, kind = line.category.partition(": ")
        assert third.startswith("third "), line  # no bonus-scoring line in this solo game
        k = int(third.split()[1])
        by_third[k] += line.points
        parts[k][kind] = parts[k].get(kind, 0) + line.points
    assert tuple(by_third[k] for k in (1, 2, 3)) == HAND_THIRDS
    for k, expected in HAND_PARTS.items():
        got = {kind: points for kind, points in parts[k].items() if points or kind in expected}
        assert got == expected, f"third {k}: {parts[k]}"
