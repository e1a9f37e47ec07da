"""A tiny dice race used to test the rules core without any real game's complexity.

Players alternate: roll a d6 (a chance node), then either bank the roll or pass it away.
First to 10 banked points wins. A hidden "bonus" value is UNKNOWN until revealed."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core import (
    CHANCE,
    TERMINAL,
    UNKNOWN,
    Game,
    Move,
    MoveCodec,
    RevealError,
    ScoreBreakdown,
    ScoreLine,
    State,
    require,
)


@dataclass(frozen=True)
class Roll(Move):
    kind: ClassVar[str] = "roll"
    value: int


@dataclass(frozen=True)
class Bank(Move):
    kind: ClassVar[str] = "bank"


@dataclass(frozen=True)
class Pass(Move):
    kind: ClassVar[str] = "pass"


class RaceState(State):
    def __init__(self, game: "RaceGame") -> None:
        super().__init__(game)
        self.scores = [0] * game.num_players
        self.player = 0
        self.pending: int | None = None
        self.bonus: Any = UNKNOWN

    def current_player(self) -> int:
        if max(self.scores) >= 10:
            return TERMINAL
        return CHANCE if self.pending is None else self.player

    def _legal_moves(self) -> Iterator[Move]:
        if self.pending is None:
            for v in range(1, 7):
                yield Roll(v)
        else:
            yield Bank()
            yield Pass()

    def _check(self, move: Move) -> str | None:
        if isinstance(move, Roll):
            if self.pending is not None:
                return "the die has already been rolled"
            if not 1 <= move.value <= 6:
                return f"a d6 cannot show {move.value}"
            return None
        if self.pending is None:
            return "roll the die first"
        return None

    def _apply(self, move: Move) -> None:
        if isinstance(move, Roll):
            self.pending = move.value
            return
        if isinstance(move, Bank):
            self.scores[self.player] += self.pending or 0
        self.pending = None
        self.player = (self.player + 1) % self.game.num_players

    def unknowns(self) -> list[Any]:
        return ["bonus"] if self.bonus is UNKNOWN else []

    def reveal(self, location: Any, value: Any) -> None:
        if location != "bonus" or self.bonus is not UNKNOWN:
            raise RevealError(f"nothing unknown at {location!r}")
        self.bonus = value

    def score_breakdown(self) -> ScoreBreakdown:
        lines = tuple(
            ScoreLine(p, "banked", s, f"banked {s}") for p, s in enumerate(self.scores)
        )
        best = max(self.scores)
        winners = tuple(p for p, s in enumerate(self.scores) if s == best)
        return ScoreBreakdown(self.game.num_players, lines, winners if self.is_terminal() else ())

    def status(self) -> list[str]:
        return [f"seat {p} has a negative score" for p, s in enumerate(self.scores) if s < 0]

    def _state_json(self) -> dict[str, Any]:
        return {"scores": self.scores, "player": self.player, "pending": self.pending}


class RaceGame(Game[RaceState]):
    name = "race"
    min_players = 2
    max_players = 4
    move_codec = MoveCodec([Roll, Bank, Pass])

    def new_initial_state(self, seed: int | None = None) -> RaceState:
        return RaceState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> RaceState:
        state = RaceState(self)
        scores = data["scores"]
        require(isinstance(scores, list) and len(scores) == self.num_players, "bad scores")
        state.scores = [int(s) for s in scores]
        state.player = int(data["player"])
        state.pending = data["pending"]
        return state
