"""A finished Octocube game whose last Score needs a tile on a cube that the camera never saw.

Fresh bench games 72302 and 72304 (tilt 25-32, evening light): every move was followed, yet the
tracked game could count no score ("the final Score needs the tile on the bottom face of Yellow's
cube"): a tile picked up while its stack top was hidden, and the boards at the end could not tell
it. The app's Play screen and `tablesight run` then failed on the score. Now the tracker asks the
players which tile it is (or reveals it when only one copy is unaccounted for)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.core import UNKNOWN, load_state
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.twin import TwinGame
from tracker.session import QuestionAsked, TilesRevealed, TrackedGame


def _finished_with_unseen(twin: TwinGame, count: int) -> tuple[Any, list[tuple[int, str]]]:
    """The twin's finished game as the tracker would hold it, with ``count`` tiles on the cubes
    unseen (their faces "?" in the position's JSON)."""
    faces = [(c.seat, f) for c in twin.truth.cubes for f, t in c.faces.items() if t is not None][:count]
    assert len(faces) == count
    data = twin.truth.to_json()
    for seat, face in faces:
        data["state"]["cubes"][seat]["faces"][face] = "?"
    return load_state(data), faces


def test_the_one_copy_nobody_accounts_for_is_revealed_without_a_question() -> None:
    twin = TwinGame(2, 61000, illegal=0)
    state, [(seat, face)] = _finished_with_unseen(twin, 1)
    assert state.is_terminal() and state.cubes[seat].faces[face] is UNKNOWN
    tracked = TrackedGame(state, OctocubeAdapter())
    events = tracked.finish()
    assert [type(e) for e in events] == [TilesRevealed] and tracked.pending is None
    assert tracked.state.score_breakdown().totals() == twin.truth.score_breakdown().totals()


def test_the_players_are_asked_which_tile_and_their_answer_counts() -> None:
    twin = next(t for t in (TwinGame(2, s, illegal=0) for s in range(61000, 61020))
                if len({x for c in t.truth.cubes for x in c.faces.values() if x is not None}) >= 2)
    state, faces = _finished_with_unseen(twin, 2)
    tracked = TrackedGame(state, OctocubeAdapter())
    pending = list(tracked.finish())
    asked = 0
    while pending:
        event = pending.pop(0)
        if isinstance(event, QuestionAsked):
            asked += 1
            question = event.question
            assert "The game is over: which tile is on the" in question.prompt
            assert len(question.options) >= 2 and not any(question.options)
            answer = twin.truthful_answer(question, tracked.state.history)
            assert answer is not None
            pending = list(tracked.answer(answer)) + pending
    assert asked >= 1 and tracked.pending is None
    assert all(tracked.state.cubes[s].faces[f] is not UNKNOWN for s, f in faces)
    assert tracked.state.score_breakdown().totals() == twin.truth.score_breakdown().totals()


def write_unseen_tile_log(path: Path) -> Path:
    """Such a finished game (two tiles on the cubes unseen) written as the tracker writes its log:
    what `tablesight run --resume` and the app's History resume (tests/ui)."""
    from tracker.event_log import EventLog

    state, _ = _finished_with_unseen(TwinGame(2, 61000, illegal=0), 2)
    path.parent.mkdir(parents=True, exist_ok=True)
    with EventLog.create(path, state, players=["Ann", "Bob"], fsync=False, source="demo", seed=11):
        pass
    return path
