"""Conformance of every registered game, in the style of OpenSpiel's ``random_sim_test``.

For every game in ``rules.registry`` and every mode / side / variant / player count, a few random
playouts check at random points what every engine promises:

* ``check_invariants`` holds after every move, and the game ends;
* every listed move is accepted (``illegal_reason`` is None);
* push then pop restores the exact JSON, and popping several moves then pushing them again
  gives the same position;
* ``copy()`` and ``copy(stack=False)`` are independent of the original in both directions
  (push, pop and reveal on one never change the other), and pop on a ``copy(stack=False)``
  raises ``RulesError`` and changes nothing;
* ``load_state(state.dumps())`` gives the same ``dumps()``;
* replaying the moves through the tracker's event log rebuilds the same final state.

Bounded so that the whole file runs in well under a minute on one core.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from rules.core import RulesError, State, load_state
from rules.registry import GAME_CLASSES, make_game
from tests import scale
from tracker.event_log import EventLog, replay

CONFIGS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "octocube": [
        (players, {"mode": mode})
        for mode in ("standard", "kids", "advanced")
        for players in (2, 3, 4)
    ],
    "open_season": [
        (players, {"side": side, "expert": expert})
        for side in ("horn", "shield")
        for expert in (False, True)
        for players in (2, 3, 4)
    ],
    "octo_dice": [
        (1, {"variant": "solo"}),
        (2, {"variant": "virtual"}),
        (2, {}),
        (3, {}),
        (4, {}),
    ],
}
CASES = [
    pytest.param(name, players, options, id=f"{name}-{players}p-" + "-".join(f"{v}" for v in options.values()))
    for name, configs in CONFIGS.items()
    for players, options in configs
]
GAMES_PER_CONFIG = 2
"""Seeded games per configuration in the full sweep (``TABLESIGHT_FUZZ=long``); `make test` plays
the first (``tests/scale.py``): every game and configuration still goes through every check."""
MAX_MOVES = 20_000
CHECK_EVERY = 12
"""A random point about once in this many moves gets the expensive checks."""


def test_every_registered_game_is_covered() -> None:
    assert set(CONFIGS) == set(GAME_CLASSES)


def _random_move(state: State, rng: random.Random) -> Any:
    if state.is_chance_node():
        return state.sample_chance(rng)
    return rng.choice(list(state.legal_moves()))


def _play(state: State, rng: random.Random, moves: int) -> list[Any]:
    played = []
    for _ in range(moves):
        if state.is_terminal():
            break
        move = _random_move(state, rng)
        state.push(move)
        played.append(move)
    return played


def _check_listed_moves_are_legal(state: State, rng: random.Random, moves: list[Any]) -> None:
    if state.is_terminal():
        assert moves == []
        return
    assert moves, "a state that is not terminal lists no move"
    for move in rng.sample(moves, min(4, len(moves))):
        assert state.illegal_reason(move) is None, f"listed move {move} refused: {state.illegal_reason(move)}"


def _check_push_pop(state: State, rng: random.Random, moves: list[Any]) -> None:
    if state.is_terminal():
        return
    before = state.dumps()
    depth = state.undo_depth()
    for move in rng.sample(moves, min(3, len(moves))):
        state.push(move)
        assert state.undo_depth() == depth + 1
        assert state.pop() == move
        assert state.dumps() == before, f"push {move} then pop changed the state"
    assert state.undo_depth() == depth


def _check_copies(state: State, rng: random.Random) -> None:
    before = state.dumps()
    full = state.copy()
    cheap = state.copy(stack=False)
    assert full.dumps() == cheap.dumps() == before
    assert full.history == state.history and full.history is not state.history
    assert cheap.history == state.history and cheap.undo_depth() == 0
    assert full.undo_depth() == state.undo_depth()
    # pop on a copy without undo records: a clean RulesError, nothing changes
    with pytest.raises(RulesError, match="no move to undo"):
        cheap.pop()
    assert cheap.dumps() == before
    # moves and undo on the copies never reach the original
    _play(cheap, rng, 4)
    pushed = _play(full, rng, 3)
    for _ in range(min(full.undo_depth(), len(pushed) + 3)):
        full.pop()
    _play(full, rng, 3)
    assert state.dumps() == before, "playing on a copy changed the original"
    # ... and moves and undo on the original never reach the copies
    full_text, cheap_text = full.dumps(), cheap.dumps()
    pushed = _play(state, rng, 2)
    for _ in range(min(state.undo_depth(), len(pushed) + 2)):
        state.pop()
    assert full.dumps() == full_text and cheap.dumps() == cheap_text, "the original changed a copy"
    for _ in range(full.undo_depth()):
        full.pop()  # every shared undo record still restores a consistent position
        full.check_invariants()
    # put the original back where it was for the rest of the playout
    _play_back(state, before)


def _play_back(state: State, text: str) -> None:
    """The original popped some of its own moves: bring it back to ``text``'s position."""
    loaded = load_state(text)
    for move in loaded.history[len(state.history):]:
        state.push(move)
    assert state.dumps() == text


def _check_json(state: State) -> None:
    text = state.dumps()
    again = load_state(text)
    assert again.dumps() == text, "JSON round trip changed the state"
    with pytest.raises(RulesError, match="no move to undo"):
        again.pop()  # history is kept, undo records are not
    assert again.dumps() == text
    if not again.is_terminal():
        move = _random_move(again, random.Random(len(text)))
        again.push(move)
        assert again.pop() == move and again.dumps() == text


def _check_undo_redo(state: State, mark: tuple[int, str]) -> None:
    """Pop back to an earlier checked point, compare, then push the same moves again."""
    length, text = mark
    steps = len(state.history) - length
    if not 0 < steps <= state.undo_depth():
        return
    now = state.dumps()
    popped = [state.pop() for _ in range(steps)][::-1]
    assert state.dumps() == text, f"popping {steps} moves did not restore the earlier position"
    for move in popped:
        state.push(move)
    assert state.dumps() == now


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_random_simulation(name: str, players: int, options: dict[str, Any], tmp_path: Path) -> None:
    game = make_game(name, players, **options)
    for g in range(scale.games(GAMES_PER_CONFIG)):
        seed = 1000 * g + players
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        state.check_invariants()
        path = tmp_path / f"game{g}.jsonl"
        log = EventLog.create(path, state, fsync=False)
        mark: tuple[int, str] | None = None
        moves = 0
        while not state.is_terminal():
            assert moves < MAX_MOVES, f"{game} seed {seed} did not end within {MAX_MOVES} moves"
            if rng.randrange(CHECK_EVERY) == 0:
                moves_here = list(state.legal_moves())
                _check_listed_moves_are_legal(state, rng, moves_here)
                _check_push_pop(state, rng, moves_here)
                _check_json(state)
                if mark is not None:
                    _check_undo_redo(state, mark)
                _check_copies(state, rng)
                mark = (len(state.history), state.dumps())
            move = _random_move(state, rng)
            log.move(state, move)
            state.push(move)
            state.check_invariants()
            moves += 1
        log.close()
        _check_json(state)
        assert list(state.legal_moves()) == []
        rebuilt = replay(path)
        assert rebuilt.problems == []
        assert rebuilt.state.dumps() == state.dumps(), "event-log replay rebuilt another state"


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_pop_with_nothing_to_undo_raises_and_changes_nothing(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = make_game(name, players, **options)
    fresh = game.new_initial_state(seed=7)
    before = fresh.dumps()
    with pytest.raises(RulesError, match="no move to undo"):
        fresh.pop()
    assert fresh.dumps() == before and fresh.history == []
    _play(fresh, random.Random(7), 5)
    loaded = load_state(fresh.dumps())
    text = loaded.dumps()
    assert len(loaded.history) == len(fresh.history) > 0 and loaded.undo_depth() == 0
    with pytest.raises(RulesError, match="no move to undo"):
        loaded.pop()
    assert loaded.dumps() == text and loaded.history == fresh.history
    # every move pushed here can be taken back, and then it is the loaded state's turn again
    if not loaded.is_terminal():
        _play(loaded, random.Random(8), 2)
        while loaded.undo_depth():
            loaded.pop()
        assert loaded.dumps() == text
        with pytest.raises(RulesError, match="no move to undo"):
            loaded.pop()
