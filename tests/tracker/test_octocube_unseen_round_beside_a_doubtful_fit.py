"""A whole unseen round offered beside a chain that fits only by a doubtful reading
(tracker/inference.py ``InferenceConfig.unseen_round_gain``).

Fresh taught game 72777 (printing 998142, 2 players, tilt 7.1, lamp), moves 145-148: Yellow
pivots, Red pivots its bare cube unseen on A2, Yellow pivots, Red rolls south onto A3 and picks up
a light blue starfish. Through the pixels Red's cube top was read doubtfully, so "Yellow pivots,
then Red rolls south" (no pickup, Red's cube turned wrong) fitted within the tolerance and the
unseen round (tried only when nothing shorter fits) was not offered: the players said none of
these twice (2 false alarms) before a later question held it. Here the perfect observation after
move 148 with Red's cube read at the film's doubtful confidences."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.octocube.moves import Pass
from tests.tracker.octocube_helpers import answer_truthfully, truth_after, tracked_until
from tracker.inference import InferenceConfig
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked

GAME, PLAYERS, BEFORE, ROLLED, ROLLED_BACK = 72_777, 2, 144, 148, 150
RED, YELLOW = 0, 1


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    return TwinGame(PLAYERS, GAME, illegal=1)


def _read(twin: TwinGame, red: float, yellow: float) -> Any:
    """The scene after the round, Red's and Yellow's cubes read at these confidences."""
    seen = observation_from_state(truth_after(twin, ROLLED))
    cubes = dict(seen.cubes)
    cubes[RED] = replace(cubes[RED], confidence=red)
    cubes[YELLOW] = replace(cubes[YELLOW], confidence=yellow)
    return replace(seen, cubes=cubes)


def _options(events: list[Any]) -> list[tuple[Any, ...]]:
    questions = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert len(questions) == 1, events
    whole = questions[0].whole if questions[0].whole is not None else questions[0]
    return [o for i, o in enumerate(whole.options) if whole.take_back_count(i) == 0]


@pytest.mark.parametrize("red, yellow", [(0.45, 0.3), (0.55, 1.0)])
def test_the_round_is_offered_first_and_the_game_followed(twin: TwinGame, red: float, yellow: float) -> None:
    tracked = tracked_until(twin, BEFORE)
    events = list(tracked.observe(_read(twin, red, yellow)))
    assert not any(isinstance(e, MoveConfirmed) for e in events), events  # never the doubtful fit unasked
    options = _options(events)
    red_pivot = twin.truth.history[BEFORE + 1]
    assert len(options[0]) == 4 and options[0][1] == red_pivot and isinstance(options[0][2], Pass), options[0]
    assert any(len(o) == 2 for o in options), options  # the doubtful reading's own chain is still offered
    truth = truth_after(twin, ROLLED)
    answer_truthfully(truth, tracked, events)
    assert tracked.state.cubes[RED].faces == truth.cubes[RED].faces  # Red's cube turned as it really is
    later = list(tracked.observe(observation_from_state(truth_after(twin, ROLLED_BACK))))
    assert not any(isinstance(e, IllegalMoveAlert) for e in later), later


def test_off_the_round_is_not_offered(twin: TwinGame) -> None:
    tracked = tracked_until(twin, BEFORE)
    tracked.config = InferenceConfig(unseen_round_gain=float("inf"))
    options = _options(list(tracked.observe(_read(twin, 0.45, 0.3))))
    assert all(len(o) == 2 for o in options), options
