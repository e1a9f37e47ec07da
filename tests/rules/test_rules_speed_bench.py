"""bench/rules_speed.py counts a random playout that never ends as stalled instead of crashing:
random 4-player kids game 216 never fills a board (the rules decision asks 99 % of random kids games
to end, not all), and the bench died on it with "game did not end within 100000 moves"."""

from __future__ import annotations

from tests.bench_scripts import load_bench


def test_a_kids_game_that_never_ends_is_counted_stalled() -> None:
    bench = load_bench("rules_speed")
    games, moves, _, stalled = bench.measure("octocube", 4, {"mode": "kids"}, 0.0, first_seed=216)
    assert (games, stalled) == (1, 1) and moves == bench.STALL_MOVES


def test_a_game_that_ends_is_not_stalled() -> None:
    bench = load_bench("rules_speed")
    games, moves, _, stalled = bench.measure("octocube", 4, {"mode": "kids"}, 0.0, first_seed=215)
    assert (games, stalled) == (1, 0) and 0 < moves < bench.STALL_MOVES
