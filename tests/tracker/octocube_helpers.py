"""Shared helpers for the Octocube tracker tests: a truth game and a tracker watching it through
perfect observations (no rendering)."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import numpy as np

from rules.octocube import OctocubeGame, OctocubeState
from rules.octocube.components import Tile
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.adapter import OctocubeAdapter
from tracker.inference import InferenceConfig
from tracker.session import IllegalMoveAlert, QuestionAsked, TrackedGame
from tracker.two_step import step_option
from vision.octocube.observation import OctocubeObservation


ASK_AT_ONCE = InferenceConfig(seat_settles=False)
"""The helpers' trackers ask a placing's or a bare pivot's question at once, as the tests written
before session 81 expect (in step with the truth after every scene); the wait for the seat's next
turn (``seat_settles``) makes a provisional option that a later scene may take back
(tests/tracker/test_octocube_seat_settles.py)."""


def pair(players: int = 3, seed: int = 1, log: Any = None) -> tuple[OctocubeState, TrackedGame]:
    game = OctocubeGame(players)
    truth = game.new_initial_state(seed)
    tracked = TrackedGame(game.new_initial_state(seed, hidden=True), OctocubeAdapter(), log, config=ASK_AT_ONCE)
    return truth, tracked


def answer_truthfully(truth: OctocubeState, tracked: TrackedGame, events: list[Any]) -> list[Any]:
    """Answer every question among ``events`` with what really happened (the longest option
    that matches the truth's history; the first when none does), step by step where it is asked
    in steps (:mod:`tracker.two_step`); the answers' events."""
    out: list[Any] = []
    for event in events:
        if not isinstance(event, QuestionAsked) or tracked.pending is None:
            continue  # (a step already answered here)
        question = event.question
        while True:
            whole = question.whole if question.whole is not None else question
            option = step_option(question, _true_option(truth, tracked, whole))
            answered = tracked.answer(option if option is not None else 0)
            out += answered
            steps = [e.question for e in answered if isinstance(e, QuestionAsked) and e.question.whole is not None]
            if not steps:
                break
            question = steps[-1]
    return out


def _true_option(truth: OctocubeState, tracked: TrackedGame, question: Any) -> int:
    done = len(tracked.state.history)
    best, best_key = 0, None
    for i, option in enumerate(question.options):
        start = done - question.take_back_count(i)
        if tuple(truth.history[start: start + len(option)]) != option:
            continue
        if start < done and list(tracked.state.history[:start]) != list(truth.history[:start]):
            continue  # what it keeps did not all happen
        key = (start + len(option), -(done - start))  # furthest along, least taken back
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def look(truth: OctocubeState, tracked: TrackedGame, answer: bool = True) -> list[Any]:
    """The tracker looks at the truth; questions are answered with what really happened."""
    events = tracked.observe(observation_from_state(truth))
    return list(events) + (answer_truthfully(truth, tracked, events) if answer else [])


def find_move(state: OctocubeState, kind: str, **fields: Any) -> Any:
    for move in state.legal_moves():
        if move.kind == kind and all(getattr(move, k) == v for k, v in fields.items()):
            return move
    raise AssertionError(f"no legal {kind} {fields} in {[m for m in state.legal_moves()]}")


def truth_after(twin: Any, moves: int) -> OctocubeState:
    """The twin's true game after its first ``moves`` moves."""
    truth = twin.game.new_initial_state(twin.seed)
    for move in twin.truth.history[:moves]:
        truth.push(move)
    return truth


def three_turn_scene(twin: Any, at: int) -> tuple[tuple[Any, ...], OctocubeState, Any]:
    """The twin's three turns from move ``at`` seen as one still scene: those moves, the true
    state before them, and the perfect observation after them (for a test to blur as read)."""
    return tuple(twin.truth.history[at: at + 3]), truth_after(twin, at), observation_from_state(truth_after(twin, at + 3))


_REPLAYS: dict[tuple[Any, ...], list[tuple[list[Any], TrackedGame]]] = {}
"""Per twin game (its class, its game's config, its seed): the trackers :func:`tracked_until` made
in this process, each with the moves it followed (kept unobserved; callers get copies)."""


def tracked_until(twin: Any, moves: int) -> TrackedGame:
    """A tracker that followed the first ``moves`` moves of ``twin``'s game through perfect
    observations (questions answered truthfully), in step with it (questions asked at once:
    :data:`ASK_AT_ONCE`).

    The replay is a function of the game, its seed and the moves (perfect observations, truthful
    answers, one tracker config): each process keeps the trackers it made, and a call starts
    from a copy of the longest kept one whose moves begin its own, following only the moves after
    them (the same scenes observed in the same order: the same tracker, as a test that copies a
    tracker part-way and goes on). 67 calls in 48 test files, many the same game to the same move
    (session 81: the coin-pile test replayed 72809 six times to three moves)."""
    history = list(twin.truth.history[:moves])
    key = (type(twin).__module__, type(twin).__qualname__, type(twin.game).__qualname__,
           tuple(sorted(twin.game.config().items())), twin.seed)
    kept = _REPLAYS.setdefault(key, [])
    start = max((k for k in kept if len(k[0]) <= len(history) and k[0] == history[:len(k[0])]),
                key=lambda k: len(k[0]), default=None)
    truth = twin.game.new_initial_state(twin.seed)
    if start is None:
        tracked = TrackedGame(twin.tracker_initial_state(), OctocubeAdapter(), config=ASK_AT_ONCE)
    else:
        tracked = copy.deepcopy(start[1])
        for move in history[:len(start[0])]:
            truth.push(move)
    for move in history[len(truth.history):]:
        truth.push(move)
        answer_truthfully(truth, tracked, list(tracked.observe(observation_from_state(truth))))
    assert tracked.state.history == truth.history
    if start is None or len(start[0]) < len(history):
        kept.append((history, copy.deepcopy(tracked)))
    return tracked


def asked_then_followed(tracked: TrackedGame, observed: Any, truth: OctocubeState) -> list[Any]:
    """``observed`` raises no alarm but a question; answered with what really happened, the tracker
    is in step with ``truth``. The scene's events."""
    events = list(tracked.observe(observed))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    assert any(isinstance(e, QuestionAsked) for e in events), events
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    return events


def top_far_from_cubes(seen: OctocubeObservation) -> Any:
    """The first stack (by place) topped by an object tile with no cube within two spaces: a top
    the stack-height and hidden-top checks judge on its own, in view."""
    cubes = [c.location for c in seen.cubes.values() if c.location is not None]
    return next(loc for loc, r in sorted(seen.tops.items()) if isinstance(r.tile, Tile) and r.tile.kind == "object"
                and all(max(abs(loc[0] - c[0]), abs(loc[1] - c[1])) > 2 for c in cubes))


def with_top_read(seen: OctocubeObservation, loc: Any, tile: Tile, confidence: float,
                  fingerprint: np.ndarray) -> OctocubeObservation:
    """``seen`` with the top at ``loc`` read as ``tile`` at ``confidence``, showing ``fingerprint``
    (seen nearly straight down)."""
    top = replace(seen.tops[loc], tile=tile, confidence=confidence, fingerprint=fingerprint,
                  fingerprint_seen=None, parallax_mm=(0.0, 0.3))
    return replace(seen, tops={**seen.tops, loc: top})
