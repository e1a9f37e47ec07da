"""A tracked game: the engine state, the event log, and what the players must be told.

Feed it one observation per still scene (:meth:`TrackedGame.observe`); it returns the events a
UI shows: confirmed moves, questions, illegal-move alerts, reveals. Every state change and every
report is logged before it is announced, so a crash loses nothing that was shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic

from rules.core import Move, RulesError, State
from tracker.event_log import EventLog
from tracker.inference import (
    Confirmed,
    GameAdapter,
    IllegalObservation,
    InferenceConfig,
    NoChange,
    Obs,
    Question,
    infer,
)


@dataclass(frozen=True)
class MoveConfirmed:
    player: int
    move: Move
    text: str


@dataclass(frozen=True)
class TilesRevealed:
    location: Any
    value: Any


@dataclass(frozen=True)
class QuestionAsked:
    question: Question


@dataclass(frozen=True)
class IllegalMoveAlert:
    reason: str


@dataclass(frozen=True)
class AlertCleared:
    text: str


TrackerEvent = MoveConfirmed | TilesRevealed | QuestionAsked | IllegalMoveAlert | AlertCleared


class TrackedGame(Generic[Obs]):
    def __init__(
        self,
        state: State,
        adapter: GameAdapter[Obs],
        log: EventLog | None = None,
        config: InferenceConfig | None = None,
    ) -> None:
        self.state = state
        self.adapter = adapter
        self.log = log
        self.config = config or InferenceConfig()
        self.pending: Question | None = None
        self.alert: str | None = None

    # ---- observations
    def observe(self, observed: Obs) -> list[TrackerEvent]:
        """Interpret one still scene. The state only changes through legal, confirmed moves."""
        if self.pending is not None:
            return []  # the players must answer first; the table is read again afterwards
        verdict = infer(self.state, observed, self.adapter, self.config)
        events: list[TrackerEvent] = []
        if isinstance(verdict, NoChange):
            events += self._clear_alert("the table matches the game again")
            events += self._reveal(verdict.reveals)
        elif isinstance(verdict, Confirmed):
            events += self._clear_alert("the move explains the table")
            for move in verdict.moves:
                events.append(self._apply(move))
            events += self._reveal(verdict.reveals)
        elif isinstance(verdict, Question):
            self.pending = verdict
            self._log("question", question=verdict.prompt, options=list(verdict.option_texts))
            events.append(QuestionAsked(verdict))
        elif isinstance(verdict, IllegalObservation):
            if verdict.reason != self.alert:
                self.alert = verdict.reason
                self._log("illegal", reason=verdict.reason,
                          differences=[d.description for d in verdict.differences][:20])
                events.append(IllegalMoveAlert(verdict.reason))
        return events

    # ---- players' input
    def answer(self, option: int) -> list[TrackerEvent]:
        """The players chose option ``option`` of the pending question."""
        if self.pending is None:
            raise RulesError("there is no question to answer")
        if not 0 <= option < len(self.pending.options):
            raise RulesError(f"the question has options 1-{len(self.pending.options)}, not {option + 1}")
        chain = self.pending.options[option]
        self._log("answer", option=option, text=self.pending.option_texts[option])
        self.pending = None
        return [self._apply(move) for move in chain]

    def confirm_correction(self, moves: list[Move]) -> list[TrackerEvent]:
        """The players say what really happened (after an alert); each move is validated."""
        trial = self.state.clone()
        for move in moves:
            trial.push(move)  # raises IllegalMoveError, leaving self.state untouched
        events = self._clear_alert("the players confirmed a correction")
        return events + [self._apply(move) for move in moves]

    def undo(self) -> Move:
        move = self.state.pop()
        self._log("undo", text=f"took back: {self.state.describe_move(move)}")
        self.pending = None
        return move

    # ---- helpers
    def _apply(self, move: Move) -> MoveConfirmed:
        player = self.state.current_player()
        text = self.state.describe_move(move)
        self.state.push(move)  # validated: a bug in an adapter can never corrupt the state
        if self.log is not None:
            self.log.append("move", player=player, move=self.state.game.move_codec.encode(move), text=text)
        return MoveConfirmed(player, move, text)

    def _reveal(self, reveals: tuple[tuple[Any, Any], ...] | list[tuple[Any, Any]]) -> list[TrackerEvent]:
        events: list[TrackerEvent] = []
        for location, value in reveals:
            try:
                self.state.reveal(location, value)
            except RulesError as exc:
                self._log("note", text=f"ignored a reveal at {location!r}: {exc}")
                continue
            if self.log is not None:
                # rich values (an Octocube Tile) are logged by their own JSON form (a label)
                logged = value.to_json() if callable(getattr(value, "to_json", None)) else value
                self.log.reveal(self.state, location, logged)
            events.append(TilesRevealed(location, value))
        return events

    def _clear_alert(self, why: str) -> list[TrackerEvent]:
        if self.alert is None:
            return []
        self.alert = None
        self._log("note", text=f"alert cleared: {why}")
        return [AlertCleared(why)]

    def _log(self, type_: str, **payload: Any) -> None:
        if self.log is not None:
            self.log.append(type_, **payload)
