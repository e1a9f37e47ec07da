"""The Open Season twin's players place a wild token as players do (session 34, os-photo): at the
end of the game where it scores most for them (a random player announced a random attribute, and
the photo scorer's default, the best one, was wrong on 35 of 41 tokens asked), and during an
expert game only to complete a bonus tile's column."""

from __future__ import annotations

from rules.open_season.moves import PlaceWild, WildOnAccolade
from tracker.open_season.twin import OpenSeasonTwin

# finished tables of the photo bench's tuning seeds: (players, seed, side, expert)
PLAIN = [(2, 90354, "horn"), (2, 90366, "horn"), (2, 90386, "horn"), (3, 90362, "shield"),
         (4, 90360, "shield"), (2, 90372, "shield")]
EXPERT = [(4, 90352, "horn"), (4, 90374, "shield"), (2, 90395, "shield"), (3, 90389, "shield")]


def test_a_wild_token_placed_at_the_end_scores_the_most_its_player_could_score() -> None:
    placed = 0
    for players, seed, side in PLAIN:
        truth = OpenSeasonTwin(players, seed, side=side).truth
        history = list(truth.history)
        final = [i for i, m in enumerate(history) if isinstance(m, (PlaceWild, WildOnAccolade))]
        for i in reversed(range(len(history))):
            truth.pop()
            if i not in final:
                continue
            owner = truth.tasks[-1][1]
            assert truth.tasks[-1][0] == "final_wild"
            best = []
            for move in truth.legal_moves():
                truth.push(move)
                best.append(truth.score_breakdown().total(owner))
                truth.pop()
            truth.push(history[i])
            assert truth.score_breakdown().total(owner) == max(best), (seed, history[i])
            truth.pop()
            placed += 1
    assert placed >= len(PLAIN)


def test_a_wild_token_placed_during_an_expert_game_completes_a_bonus_column() -> None:
    during = 0
    for players, seed, side in EXPERT:
        truth = OpenSeasonTwin(players, seed, side=side, expert=True).truth
        history = list(truth.history)
        while truth.history:
            truth.pop()
        for move in history:
            if isinstance(move, PlaceWild) and truth.tasks[-1][0] != "final_wild":
                assert truth.bonus_columns_a_wild_readies(truth.turn_player, move.space, move.attribute), (seed, move)
                during += 1
            truth.push(move)
    assert during >= 2
