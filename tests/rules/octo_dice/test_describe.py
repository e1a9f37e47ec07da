"""describe_move on any move in any phase: plain words, never an exception (issue 17 item 6).

A prompt, an alert or a log line is written for moves the engine refuses, so the words must
come out for whatever a camera reading or a JSON file produces."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core import Move
from rules.octo_dice import (
    Action,
    BonusAction,
    BonusOctopods,
    DeclineBonus,
    EndActions,
    OctoDiceGame,
    OctoDiceState,
    Roll,
    SetAside,
    SuperLevel,
)
from rules.octo_dice.components import ACTIONS, COLOURS, DICE, FACES
from rules.octo_dice.state import MOVE_PHASES, PHASES
from tests.rules.octo_dice.helpers import give_lab, new_game, roll_turn


def states_in_every_phase() -> dict[str, OctoDiceState]:
    """One position per phase, reached by random play (plus Super-Level, reached by hand)."""
    found: dict[str, OctoDiceState] = {}
    for players, variant in ((2, "virtual"), (3, None), (1, "solo")):
        game = OctoDiceGame(players, variant=variant, tiles="random")
        for seed in range(3):
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            while True:
                found.setdefault(state.phase, state.copy(stack=False))
                if state.is_terminal():
                    break
                state.push(state.sample_chance(rng) if state.is_chance_node()
                           else rng.choice(list(state.legal_moves())))
    state = new_game(2, tiles="A1 B1 C1 D1 E1 F1 G1 H1 I1")
    give_lab(state, 0, (-1, -1, 1))
    state.sheets[0].lab[2] = 2  # I1 Super-Level reached; the ledger does not matter here
    while state.phase != "super_level":
        if state.is_chance_node():
            state.push(state.sample_chance(random.Random(1)))
        else:
            state.push(EndActions() if state.phase == "actions" else next(iter(state.legal_moves())))
    found["super_level"] = state
    return found


STATES = states_in_every_phase()

names = st.sampled_from(DICE) | st.text(max_size=6)
faces = st.sampled_from(sorted({f for fs in FACES.values() for f in fs})) | st.text(max_size=6)
actions = st.sampled_from(ACTIONS) | st.text(max_size=8)
columns = st.none() | st.integers(-3, 5) | st.sampled_from(["1", 1.0, True])
moves: st.SearchStrategy[Move] = st.one_of(
    st.lists(st.tuples(names, faces), max_size=7).map(lambda r: Roll(tuple(r))),
    st.lists(names, max_size=3).map(lambda d: SetAside(tuple(d))),
    st.lists(names, max_size=3).map(lambda d: BonusOctopods(tuple(d))),
    st.builds(Action, names, names, actions, columns,
              st.none() | st.sampled_from(COLOURS) | st.text(max_size=4),
              st.none() | st.integers(-1, 3)),
    st.builds(BonusAction, names, names, actions, columns,
              st.none() | st.sampled_from(COLOURS), st.none() | st.integers(-1, 3)),
    st.builds(SuperLevel, columns),
    st.just(EndActions()),
    st.just(DeclineBonus()),
)


def test_every_phase_is_reached() -> None:
    assert set(STATES) == set(PHASES)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase=st.sampled_from(PHASES), move=moves)
def test_describe_move_never_raises(phase: str, move: Move) -> None:
    state = STATES[phase]
    text = state.describe_move(move)
    assert isinstance(text, str) and text
    reason = state.illegal_reason(move)
    if phase not in MOVE_PHASES[type(move)]:
        assert reason is not None
        assert "not now" in text
    elif reason is not None and not isinstance(move, (EndActions, DeclineBonus)):
        assert "illegal" in text, (text, reason)


def test_the_issue_examples_are_described() -> None:
    bonus = STATES["bonus"]
    assert "illegal, there is no die 'white9'" in bonus.describe_move(BonusOctopods(("white9", "black1")))
    level = STATES["super_level"]
    assert level.describe_move(BonusAction("white1", "black1", "crystal")).endswith(
        "not now (Player 1 is to choose a column for Super-Level)")
    assert level.describe_move(SuperLevel("1")) == (  # type: ignore[arg-type]
        "Player 1, Super-Level on column '1': illegal, the column must be 0, 1 or 2 (left to right), not '1'")


def test_out_of_phase_moves_say_not_now() -> None:
    state = new_game(2)
    assert state.describe_move(EndActions()) == "end the main actions: not now (Player 1 is to roll 6 dice)"
    roll_turn(state, {})
    assert state.describe_move(SetAside(("white1", "black1"))) == (
        "set aside white die 1 and black die 1: not now (Player 1 is to take a main action or end them)")


def test_octo_plus_is_named_in_a_bonus_octopod_action() -> None:
    state = new_game(2, tiles="A2 B1 C1 D1 E1 F1 G1 H1 I1")
    give_lab(state, 1, (0, -1, -1))  # Player 2 reaches A2 Octo-Plus
    roll_turn(state, {"white1": "octopod", "black1": "octopod"})
    state.push(EndActions())
    move = BonusOctopods(("white1", "black1"))
    text = state.describe_move(move)
    state.push(move)
    assert state.ledger[-1].points == 2
    assert text == "Player 2, bonus octopod action (white die 1 + black die 1): 2 octopods, bonus 1 +1 Octo-Plus"
