"""Random playouts of any game, with invariant checks: the engine behind ``tablesight simulate``."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from rules.core import Game, InvariantError, random_playout


@dataclass
class SimulationReport:
    game: str
    config: dict[str, Any]
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)
    wins_by_seat: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        finished = max(self.games - self.errors, 1)
        return {
            "game": self.game,
            "config": self.config,
            "games": self.games,
            "moves": self.moves,
            "seconds": round(self.seconds, 4),
            "moves_per_s": round(self.moves / self.seconds, 1) if self.seconds else 0.0,
            "mean_moves_per_game": round(self.moves / finished, 2),
            "mean_score_by_seat": [round(s / finished, 3) for s in self.score_sums],
            "win_share_by_seat": [round(w / finished, 4) for w in self.wins_by_seat],
            "errors": self.errors,
            "error_messages": self.error_messages[:10],
        }


def simulate(
    game: Game[Any],
    games: int,
    seed: int,
    *,
    check_invariants: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` random games; game ``i`` uses setup seed ``seed + i``. Never raises on a
    broken game: it is counted in ``errors`` with its message."""
    report = SimulationReport(game=game.name, config=game.config())
    report.score_sums = [0] * game.num_players
    report.wins_by_seat = [0.0] * game.num_players
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        try:
            state = game.new_initial_state(seed=seed + i)
            result = random_playout(state, rng, check_invariants=check_invariants)
            breakdown = state.score_breakdown()
            for seat, score in enumerate(breakdown.totals()):
                report.score_sums[seat] += score
            for w in breakdown.winners:
                report.wins_by_seat[w] += 1 / len(breakdown.winners)
            report.moves += result.moves
        except (InvariantError, Exception) as exc:  # noqa: BLE001 - counted, not hidden
            report.errors += 1
            report.error_messages.append(f"game {i} (seed {seed + i}): {type(exc).__name__}: {exc}")
        report.games += 1
        if progress is not None:
            progress(i + 1, games)
    report.seconds = time.perf_counter() - start
    return report
