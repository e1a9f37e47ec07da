"""Shared set-up of the Open Season tracker tests."""

from __future__ import annotations

from typing import Any

from rules.open_season import OpenSeasonState
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_table
from tracker.inference import Question
from tracker.session import IllegalMoveAlert, QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option


def played(twin: OpenSeasonTwin, moves: int) -> OpenSeasonState:
    """The tracker's state after the first ``moves`` moves of the twin's game (its scene after
    change ``i`` is ``twin.descriptions[i + 1]``)."""
    state: OpenSeasonState = twin.tracker_initial_state()
    for move in twin.truth.history[:moves]:
        state.push(move)
    return state


def answer_truly(twin: OpenSeasonTwin, tracked: TrackedGame, question: Question) -> None:
    """Answer ``question`` as the twin's players would (its option that is the truth, which must
    be offered), then each follow-up of a question asked in two steps the same way."""
    option = truthful_option(twin.truth.history, question, tracked.state.history)
    assert option is not None, question.option_texts
    tracked.answer(option)
    while tracked.pending is not None:
        follow = truthful_option(twin.truth.history, tracked.pending, tracked.state.history)
        assert follow is not None, tracked.pending.option_texts
        tracked.answer(follow)


def observe_answering(twin: OpenSeasonTwin, tracked: TrackedGame, scene: Any) -> tuple[list[Any], int]:
    """The events of ``tracked`` observing ``scene``, each question answered as the twin's players
    would (``twin.truthful_answer``; "none of these" where no option is the truth), in the order the
    tracker raised them; and how many questions were so rejected."""
    events: list[Any] = []
    rejected = 0
    pending = list(tracked.observe(scene))
    while pending:
        event = pending.pop(0)
        events.append(event)
        if isinstance(event, QuestionAsked):
            option = twin.truthful_answer(event.question, tracked.state.history)
            rejected += option is None
            pending = list(tracked.reject() if option is None else tracked.answer(option)) + pending
    return events, rejected


def follow_soundly(twin: OpenSeasonTwin, tracked: TrackedGame) -> TrackedGame:
    """``tracked`` on perfect observations of each of ``twin``'s filmed scenes, the players answering
    truthfully (:func:`observe_answering`); every question must offer the truth, the history must end
    as the twin's and every illegal change of the twin be flagged (a sound game)."""
    flagged = illegal = 0
    for change, table in zip(twin.changes, twin.descriptions[1:], strict=True):
        events, rejected = observe_answering(twin, tracked, observation_from_table(table))
        assert rejected == 0, f"a question at change {change} did not offer the truth"
        illegal += change.kind == "illegal"
        flagged += change.kind == "illegal" and any(isinstance(e, IllegalMoveAlert) for e in events)
    assert list(tracked.state.history) == list(twin.truth.history) and flagged == illegal > 0
    return tracked
