"""Thousands of random games: invariants after every move, JSON round trips and undo at random
points, refused moves that change nothing, and scores that add up on every sheet."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from rules.core import IllegalMoveError, InvalidMoveError, Move, load_state, random_playout
from rules.octo_dice import (
    DICE,
    Action,
    BonusAction,
    BonusOctopods,
    OctoDiceGame,
    SetAside,
    SuperLevel,
)
from rules.octo_dice.components import ACTIONS, COLOURS
from tests import scale

CONFIGS = [(1, "solo"), (2, "virtual"), (2, None), (3, None), (4, None)]


def check_final(state) -> None:
    breakdown = state.score_breakdown()
    assert breakdown.totals() == state.returns()
    assert breakdown.winners
    for p in range(state.num_players):
        sheet = state.score_sheet(p)
        thirds = sum(t["total"] for t in sheet["thirds"])
        assert thirds + sheet["bonus_scoring"]["total"] == sheet["final_score"] == breakdown.total(p)
        assert all(c.startswith(("third ", "bonus: ")) for c in breakdown.by_category(p))


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_random_games_with_invariants_after_every_move(players: int, variant: str | None) -> None:
    game = OctoDiceGame(players, variant=variant, tiles="random")
    for seed in range(scale.games(60)):
        state = game.new_initial_state(seed=seed)
        random_playout(state, random.Random(seed), check_invariants=True)
        check_final(state)


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_many_random_games_end_with_consistent_scores(players: int, variant: str | None) -> None:
    game = OctoDiceGame(players, variant=variant, tiles="random")
    games = scale.games({1: 500, 2: 300, 3: 250, 4: 200}[players])
    totals = [0] * players
    for seed in range(1000, 1000 + games):
        state = game.new_initial_state(seed=seed)
        result = random_playout(state, random.Random(seed))
        state.check_invariants()
        assert state.totals() == result.scores
        for p, score in enumerate(result.scores):
            totals[p] += score
    means = [t / games for t in totals]
    # random play scores something but nowhere near a perfect sheet; no seat is favoured much
    assert all(0 < m < 60 for m in means), means
    assert max(means) - min(means) < 3, means


def fingerprint(state) -> tuple[str, int]:
    """The position as JSON plus the history length (cheaper than ``dumps`` with the history)."""
    return json.dumps(state._state_json(), sort_keys=True), len(state.history)


def random_move(rng: random.Random) -> Move:
    """Any move, legal or not, with plausible and implausible fields."""
    dice = [*DICE, "white4", "blue1"]
    kind = rng.randrange(5)
    if kind == 0:
        return SetAside(tuple(rng.sample(dice, rng.choice([1, 2, 2, 3]))))
    if kind == 1:
        return BonusOctopods(tuple(rng.sample(dice, rng.choice([1, 2, 2]))))
    if kind == 2:
        return SuperLevel(rng.choice([0, 1, 2, 3, -1]))
    cls = Action if kind == 3 else BonusAction
    return cls(
        rng.choice(dice), rng.choice(dice), rng.choice([*ACTIONS, "octopod", "dance"]),
        rng.choice([None, None, 0, 1, 2, 3]),
        rng.choice([None] * 6 + list(COLOURS) + ["pink"]),
        rng.choice([None] * 6 + [0, 1, 2, 7]),
    )


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_json_round_trip_undo_and_refused_moves_at_random_points(players: int, variant: str | None) -> None:
    game = OctoDiceGame(players, variant=variant, tiles="random")
    for seed in range(scale.games(40)):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            roll = rng.random()
            before = fingerprint(state) if roll < 0.3 or roll > 0.93 else None
            if roll < 0.04:  # JSON round trip: same position, same legal moves
                text = state.dumps()
                again = load_state(json.loads(text))
                assert again.dumps() == text
                assert list(itertools.islice(again.legal_moves(), 50)) == list(itertools.islice(state.legal_moves(), 50))
            if roll < 0.3:  # a random move: refused with a reason and no change, or legal
                move = random_move(rng)
                reason = state.illegal_reason(move)
                if reason is None:
                    state.push(move)
                    state.pop()
                else:
                    with pytest.raises(IllegalMoveError) as info:
                        state.push(move)
                    assert info.value.reason == reason and reason
                assert fingerprint(state) == before
            if state.is_chance_node():
                move = state.sample_chance(rng)
            else:
                legal = list(state.legal_moves())
                move = rng.choice(legal)
                assert state.is_legal(move)
                assert state.describe_move(move)
            state.push(move)
            if roll > 0.93:  # undo one or several moves and redo them
                depth = rng.randint(1, min(5, len(state.history)))
                redo = [state.pop() for _ in range(depth)][::-1]
                if depth == 1:
                    assert fingerprint(state) == before
                for m in redo:
                    state.push(m)
        check_final(state)
        assert load_state(state.dumps()).dumps() == state.dumps()


def test_moves_round_trip_through_the_codec() -> None:
    game = OctoDiceGame(4, tiles="random")
    state = game.new_initial_state(seed=3)
    random_playout(state, random.Random(3))
    for move in state.history:
        assert game.move_codec.decode(json.dumps(move.to_json())) == move
    with pytest.raises(InvalidMoveError, match="white must be a string"):
        game.move_codec.decode({"type": "action", "white": 1, "black": "black1", "action": "bot"})
