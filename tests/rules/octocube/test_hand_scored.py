"""The standard golden game (tests/golden/octocube_standard.txt, 4 players, seed 7) scored BY
HAND from the rulebook, independently of rules/octocube/scoring.py.

Source: ../shared/seeds/octocube-rules-en.txt ("Score" and "Final Scoring") and the decisions in
../shared/rules/octocube.md (9: at the end every cube makes one last Score of all its tiles).
The facts used are the game's own record, read from the golden file: each "X scores from ..:
collects ..." line (tiles taken in one Score action) and the cubes' faces in the final position
(the last Score). No number below was copied from the engine's score sheet; the derivation was
done first and then compared (they agree).

Rulebook tables:
  series of one object type in one Score: 1 -> 0, 2 -> 2, 3 -> 4, 4 -> 7, 5 -> 10, 6 -> 15
  coin tile: 3 points at the end
  each background colour: most 5, second 2
  each object, first / second: starfish 3/0, amphora 4/1, sextant 5/2, pearl 6/3, diamond 7/4
  ties: all tied players take the place; a tie for first awards no second place

Seats: 0 Red, 1 Yellow, 2 Blue, 3 Purple. Colours: w white, lb light blue, db dark blue, g green.
"""

from __future__ import annotations

import random

from rules.octocube import OctocubeGame
from rules.octocube.state import OctocubeState
from tests.golden_files import GOLDEN_DIR

# --- What each player collected (golden lines), and the series points of each Score ---------
# Red:    12. w amphora (1 amphora: 0)          28. w pearl (0)
#         56. w sextant, w sextant (2 sextants in one Score: 2)
#         92. db amphora, coin (0)             100. w pearl (0)     112. coin, g sextant (0)
#         final position: Red's cube is empty (no last Score tiles)
#   objects: amphora w,db = 2; pearl w,w = 2; sextant w,w,g = 3               -> 7 objects
#   colours: w = amphora+pearl+pearl+sextant+sextant = 5; db = 1; g = 1; lb = 0
#   series = 2; coins = 2 -> 2 x 3 = 6
# Yellow: 17. nothing   25. lb starfish (0)   33. db amphora (0)   41. lb pearl (0)
#         61. g amphora, db starfish, w amphora (2 amphorae: 2; 1 starfish: 0)
#         77. db sextant, w sextant (2 sextants: 2)   85. nothing   97. w pearl, coin (0)
#        113. lb amphora (0)
#         final Score (cube B2: bottom lb pearl, west db amphora): 1 pearl 0, 1 amphora 0
#   objects: starfish lb,db = 2; amphora db,g,w,lb,db(final) = 5;
#            pearl lb,w,lb(final) = 3; sextant db,w = 2                         -> 12 objects
#   colours: w = amphora+sextant+pearl = 3; lb = starfish+pearl+amphora+pearl = 4;
#            db = amphora+starfish+sextant+amphora = 4; g = amphora = 1
#   series = 2 + 2 = 4; coins = 1 -> 3
# Blue:   10. db amphora, db sextant (1 + 1: 0)   22. w diamond (0)
#         30. db pearl, lb amphora (0)   54. db diamond (0)   62. coin   90. lb diamond (0)
#         98. nothing   106. g starfish (0)   122. g starfish (0)
#         final Score (cube at home: bottom coin): 1 coin
#   objects: amphora db,lb = 2; sextant db = 1; diamond w,db,lb = 3; pearl db = 1;
#            starfish g,g = 2 (two different Scores: no series)                 -> 9 objects
#   colours: w = diamond = 1; lb = amphora+diamond = 2; db = amphora+sextant+pearl+diamond = 4;
#            g = starfish+starfish = 2
#   series = 0; coins = 1 + 1 (final) = 2 -> 6
# Purple: 27. nothing   43. coin, coin, db sextant (0)   63. coin   79. w amphora (0)
#         95. w starfish, g amphora (0)   111. nothing   119. g diamond (0)
#         final Score (cube C1: south g starfish): 1 starfish 0
#   objects: sextant db = 1; amphora w,g = 2; starfish w,g(final) = 2; diamond g = 1  -> 6
#   colours: w = amphora+starfish = 2; db = sextant = 1; g = amphora+diamond+starfish = 3; lb = 0
#   series = 0; coins = 3 -> 9
#
# --- Majorities (counts Red / Yellow / Blue / Purple) ------------------------------------------
# white       5 / 3 / 1 / 2  -> Red first 5, Yellow second 2
# light blue  0 / 4 / 2 / 0  -> Yellow first 5, Blue second 2
# dark blue   1 / 4 / 4 / 1  -> Yellow and Blue tie first: 5 each, no second place
# green       1 / 1 / 2 / 3  -> Purple first 5, Blue second 2
# starfish    0 / 2 / 2 / 2  -> Yellow, Blue, Purple tie first: 3 each (no second)
# amphora     2 / 5 / 2 / 2  -> Yellow first 4; Red, Blue, Purple tie second: 1 each
# sextant     3 / 2 / 1 / 1  -> Red first 5, Yellow second 2
# pearl       2 / 3 / 1 / 0  -> Yellow first 6, Red second 3
# diamond     0 / 0 / 3 / 1  -> Blue first 7, Purple second 4
#
# --- Totals ----------------------------------------------------------------------------------
# Red     series 2 + coins 6 + colours 5 (white)                    + objects 1+5+3 = 9   -> 22
# Yellow  series 4 + coins 3 + colours 2+5+5 = 12 (w, lb, db)       + objects 3+4+2+6 = 15 -> 34
# Blue    series 0 + coins 6 + colours 2+5+2 = 9 (lb, db, g)        + objects 3+1+7 = 11  -> 26
# Purple  series 0 + coins 9 + colours 5 (green)                    + objects 3+1+4 = 8   -> 22
# Winner: Yellow, alone on 34 (no tie-break).
HAND_SHEET = {
    # seat: (series, coins, colours, objects, total)
    0: (2, 6, 5, 9, 22),
    1: (4, 3, 12, 15, 34),
    2: (0, 6, 9, 11, 26),
    3: (0, 9, 5, 8, 22),
}
HAND_WINNERS = (1,)


def golden_game() -> OctocubeState:
    """The game of tests/golden/octocube_standard.txt (same seed, same random move choice as
    rules/octocube/playthrough.py), played to its end."""
    state = OctocubeGame(4, mode="standard").new_initial_state(7)
    rng = random.Random(7)
    while not state.is_terminal():
        state.push(rng.choice(list(state.legal_moves())))
    return state


def test_the_golden_game_is_the_one_scored_by_hand() -> None:
    text = (GOLDEN_DIR / "octocube_standard.txt").read_text(encoding="utf-8")
    assert "Octocube, 4 players, standard game, seed 7" in text
    assert " 112. Red scores from B2: collects a coin, a green sextant" in text
    assert "[2] Yellow  B2    t=. b=lpe n=. s=. e=. w=dam" in text  # the last Score's tiles


def test_engine_matches_the_hand_derived_score_sheet() -> None:
    sheet = golden_game().score_breakdown()
    for seat, (series, coins, colours, objects, total) in HAND_SHEET.items():
        got = sheet.by_category(seat)
        assert (got.get("series", 0), got.get("coins", 0), got.get("colours", 0), got.get("objects", 0)) == (
            series, coins, colours, objects), f"seat {seat}: {sheet.lines_for(seat)}"
        assert sheet.total(seat) == total
        assert set(got) <= {"series", "coins", "colours", "objects"}
    assert sheet.winners == HAND_WINNERS and sheet.tie_break == ""
