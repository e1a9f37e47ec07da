"""Shared set-up of the Open Season tracker tests."""

from __future__ import annotations

from typing import Any

from rules.open_season import OpenSeasonState
from tracker.open_season.twin import OpenSeasonTwin
from tracker.inference import Question
from tracker.session import QuestionAsked, TrackedGame
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
