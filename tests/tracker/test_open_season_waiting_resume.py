"""A session killed while an inn take waits for the next scene (``TrackedGame.waiting``: taught game
103057's first take, mage-dagger behind the deck) and resumed from its event log loses nothing: the
log holds the moves before the take and the waiting note, never the take, so the resumed session
judges the table afresh. Still showing the take, the table is asked about at once (a resumed
session knows no scene before it, so no question may wait); already showing the placing, the take
and the placing are made unasked. Either way the game is the twin's, as with the setting off
(``next_scene_settles=False``: the question was asked, unanswered, before the kill)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tracker.test_open_season_next_scene_settles import OFF, ON, _answer_truthfully, _game
from tracker.event_log import EventLog, replay
from tracker.inference import InferenceConfig
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.session import MoveConfirmed, QuestionAsked, TrackedGame


def _killed_on_the_take(path: Path, config: InferenceConfig) -> tuple[Any, TrackedGame[Any, Any]]:
    """103057 logged from its start: the first five moves, the refill's scene, the take's scene;
    then the session dies (its log closed as a kill leaves it)."""
    twin, _state, (refill, take, _placed) = _game()
    log = EventLog.create(path, twin.tracker_initial_state(), fsync=False)
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter(), log, config=config)
    tracked.enter(list(twin.truth.history[:5]))
    tracked.observe(refill)
    tracked.observe(take)
    log.close()
    return twin, tracked


def _resumed(path: Path, config: InferenceConfig) -> TrackedGame[Any, Any]:
    result = replay(path)
    assert result.damaged_line is None, result.damage
    return TrackedGame(result.state, OpenSeasonAdapter(), EventLog(path, fsync=False), config=config)


@pytest.mark.parametrize("first", ["take", "placed"])
def test_a_session_killed_while_a_take_waits_resumes_with_nothing_lost(tmp_path: Path, first: str) -> None:
    outcomes = []
    for config in (ON, OFF):
        path = tmp_path / f"{config.next_scene_settles}-{first}.jsonl"
        twin, before = _killed_on_the_take(path, config)
        if config is ON:
            assert before.waiting is not None and before.pending is None
            assert replay(path).events[-1]["type"] == "note"  # "waiting for the next scene to tell which"
        else:
            assert before.pending is not None and replay(path).events[-1]["type"] == "question"
        _twin, _state, (_refill, take, placed) = _game()
        tracked = _resumed(path, config)
        assert tracked.state.history == twin.truth.history[:5]  # the take is not in the log
        events = _answer_truthfully(tracked, twin, tracked.observe(take if first == "take" else placed))
        if first == "take":
            events += _answer_truthfully(tracked, twin, tracked.observe(placed))
        assert tracked.waiting is None and tracked.pending is None and tracked.alert is None
        assert tracked.state.history == twin.truth.history[:7]
        tracked.log.close()  # type: ignore[union-attr]
        assert replay(path).state.history == twin.truth.history[:7]  # the resumed log reads back whole
        outcomes.append([type(e) for e in events])
    on, off = outcomes
    assert on == off == ([QuestionAsked, MoveConfirmed, MoveConfirmed] if first == "take"
                         else [MoveConfirmed, MoveConfirmed])
