"""The generic tracker works for every registered engine, not only Octocube: inference, the
tracked game and the pipeline loop run on Open Season and Octo Dice states too (the scratch copy
used to fail on their first step with a ValueError and a TypeError).

The adapter here is the simplest honest one: the camera "sees" the whole public position (the
state's JSON without its history) and, after a roll, the dice it reads (the chance outcome, as a
dice reader reports it); each legal move, or the roll read, is a candidate."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pytest

from hardware.camera import SyntheticSource
from rules.core import Move, State
from rules.registry import GAME_CLASSES, make_game
from tracker.adapter import Difference, GameAdapter
from tracker.pipeline import DEMO_GATE, Pipeline
from tracker.session import MoveConfirmed, TrackedGame
from tracker.stillness import StillnessGate

CONFIGS = {"octocube": {}, "open_season": {"side": "horn"}, "octo_dice": {}}


def _view(state: State) -> str:
    data = state.to_json()
    data.pop("history")
    return json.dumps(data, sort_keys=True)


Seen = tuple[str, "dict[str, Any] | None"]
"""The whole public position, and the roll the dice reader saw (None when nothing was rolled)."""


def _seen(state: State, move: Move | None) -> Seen:
    rolled = move if move is not None and _was_chance(state, move) else None
    return _view(state), state.game.move_codec.encode(rolled) if rolled is not None else None


def _was_chance(state: State, move: Move) -> bool:
    before = state.copy()
    before.pop()
    return before.is_chance_node()


class WholeViewAdapter(GameAdapter[State, Seen]):
    def expected(self, state: State) -> str:
        return _view(state)

    def differences(self, expected: str, observed: Seen) -> list[Difference]:
        return [] if expected == observed[0] else [Difference("the table differs")]

    def candidate_chains(self, state: State, observed: Seen) -> Iterable[tuple[Move, ...]]:
        if state.is_chance_node():
            return [(state.game.move_codec.decode(observed[1]),)] if observed[1] is not None else []
        return ((m,) for m in state.legal_moves())

    def reveals(self, state: State, observed: Seen) -> list[tuple[Any, Any]]:
        return []

    def diagnose(self, state: State, observed: Seen, differences: Sequence[Difference]) -> str:
        return "no legal move explains the table"


def _played(name: str, seed: int, moves: int) -> tuple[State, State]:
    game = make_game(name, 2, **CONFIGS[name])
    start = game.new_initial_state(seed)
    truth = start.copy()
    rng = random.Random(seed)
    for _ in range(moves):
        move = truth.sample_chance(rng) if truth.is_chance_node() else rng.choice(list(truth.legal_moves()))
        truth.push(move)
    return start, truth


@pytest.mark.parametrize("name", sorted(GAME_CLASSES))
def test_the_tracked_game_follows_every_engine(name: str) -> None:
    assert set(CONFIGS) == set(GAME_CLASSES)  # a new engine gets a line here
    start, truth = _played(name, 3, 12)
    tracked = TrackedGame(start.copy(), WholeViewAdapter())
    replay = start.copy()
    for move in truth.history:
        replay.push(move)
        events = tracked.observe(_seen(replay, move))
        confirmed = [e for e in events if isinstance(e, MoveConfirmed)]
        if len(confirmed) != 1:  # two moves that leave the same position: the players are asked
            assert tracked.pending is not None
            tracked.answer(next(i for i, chain in enumerate(tracked.pending.options) if chain == (move,)))
        elif confirmed[0].move != move:
            assert _view(tracked.state) == _view(replay)  # another move with the same effect
    assert _view(tracked.state) == _view(truth)
    assert tracked.alert is None


class ViewRecogniser:
    name = "whole view"
    needs_calibration = False

    def __init__(self, views: dict[int, Seen]) -> None:
        self.views = views

    def recognise(self, frame: Any) -> Seen:
        return self.views[int(frame.image[0, 0, 0])]


@pytest.mark.parametrize("name", sorted(GAME_CLASSES))
def test_the_pipeline_steps_through_every_engine(name: str) -> None:
    start, truth = _played(name, 5, 4)
    views: dict[int, Seen] = {}
    frames = []
    replay = start.copy()
    for k, move in enumerate([None, *truth.history]):
        if move is not None:
            replay.push(move)
        views[k] = _seen(replay, move)
        image = np.zeros((72, 128, 3), np.uint8)
        image[:, :, :] = k
        image[10:60, 10 + 8 * k:40 + 8 * k] = 200  # each scene looks different to the gate
        frames += [image] * 4
    pipe = Pipeline(SyntheticSource(frames), ViewRecogniser(views), TrackedGame(start.copy(), WholeViewAdapter()),
                    calibrate=False, gate=StillnessGate(DEMO_GATE))
    messages = []
    while (update := pipe.step()) is not None:
        messages.append(update.camera_message)
        assert update.state is not pipe.tracked.state  # a copy of the tracked state, for every engine
    assert all(m == "ok" or m.startswith("the camera stopped") for m in messages), set(messages)
    assert _view(pipe.tracked.state) == _view(truth) or pipe.tracked.pending is not None
