"""A die the camera misread, set right on the tablet: which dice may be set, the roll made again as
it should have been (the same dice kept), and a plain refusal, the game untouched, when it
cannot be."""

from __future__ import annotations

import re

import pytest

from rules.core import RulesError
from rules.octo_dice import Action, Roll, SetAside
from rules.octo_dice.components import WHITE_FACES
from tests.rules.octo_dice.helpers import DICE, QUIET, new_game
from tracker.adapter import Correctable
from tracker.octo_dice.adapter import OctoDiceAdapter
from tracker.octo_dice.corrections import BLACK_FACES, correctable_dice, corrected_moves
from tracker.session import TrackedGame


def rolled(**faces: str) -> TrackedGame:
    state = new_game(2)
    state.push(Roll(tuple((d, faces.get(d, QUIET[d])) for d in DICE)))
    return TrackedGame(state, OctoDiceAdapter())


def test_the_dice_of_the_last_roll_may_be_set_until_an_action_is_entered() -> None:
    assert correctable_dice(new_game(2)) == ()
    game = rolled()
    assert correctable_dice(game.state) == tuple(
        Correctable(d, QUIET[d], WHITE_FACES if d.startswith("white") else BLACK_FACES) for d in DICE)
    assert len(BLACK_FACES) == 16 and BLACK_FACES[-1] == "octopod" and "red-2" in BLACK_FACES
    game.state.push(SetAside(("white1", "black1")))
    assert [c.key for c in OctoDiceAdapter().correctable(game.state)] == list(DICE)  # kept: still that roll
    game.state.push(Roll((("white2", "lab"), ("white3", "bot"), ("black2", "red-0"), ("black3", "blue-2"))))
    assert [(c.key, c.value) for c in correctable_dice(game.state)] == [
        ("white2", "lab"), ("white3", "bot"), ("black2", "red-0"), ("black3", "blue-2")]
    game.state.push(SetAside(("white2", "black2")))
    game.state.push(Roll((("white3", "crystal"), ("black3", "blue-2"))))
    assert [c.key for c in correctable_dice(game.state)] == ["white3", "black3"]
    choice = next(m for m in game.state.legal_moves() if isinstance(m, Action))
    game.state.push(choice)
    assert correctable_dice(game.state) == ()  # an action chose its dice by what the tablet showed
    with pytest.raises(RulesError, match="^no roll to correct: only the last roll can be set, before an action"):
        corrected_moves(game.state, "white3", "lab")


def test_a_white_die_set_right_remakes_the_roll_in_the_engines_order() -> None:
    game = rolled()  # white1 crystal, white2 research, white3 lab
    events = game.put_right("white2", "submarine")
    roll = game.state.history[-1]
    assert len(game.state.history) == 1 and isinstance(roll, Roll)
    # the white dice are named in face order whatever die was set
    assert roll.faces() == {**QUIET, "white2": "lab", "white3": "submarine"}
    assert events and all(e.__class__.__name__ == "MoveConfirmed" for e in events)
    assert game.put_right("white3", "submarine") == [] and game.state.history[-1] == roll  # already so
    assert corrected_moves(game.state, "white3", "submarine") == (0, [])  # nothing to take back


def test_a_kept_die_set_right_stays_kept_with_its_new_face() -> None:
    game = rolled()
    game.state.push(SetAside(("white1", "black1")))  # crystal and white-1 kept
    undo, moves = corrected_moves(game.state, "white1", "octopod")
    assert undo == 2 and len(moves) == 2
    game.put_right("white1", "octopod")
    state = game.state
    assert len(state.history) == 2 and isinstance(state.history[-1], SetAside)
    assert sorted(state.faces[d] for d in state.set_aside) == ["octopod", "white-1"]
    assert sorted(state.faces[d] for d in DICE if d not in state.set_aside) == sorted(
        ["research", "lab", "red-0", "blue-2"])
    game.put_right("black1", "yellow-0")  # a black die: its face says which die it is
    assert sorted(state.faces[d] for d in state.set_aside) == ["octopod", "yellow-0"]


def test_a_black_face_another_die_of_the_roll_has_is_refused_untouched() -> None:
    game = rolled()  # black1 white-1, black2 red-0, black3 blue-2
    before = list(game.state.history)
    # red-2 is on black die 1, which this roll says shows white-1
    with pytest.raises(RulesError, match="^red 2 is on another black die of this roll: set that die first$"):
        game.put_right("black2", "red-2")
    assert game.state.history == before
    game.put_right("black2", "octopod")  # any black die may show an octopod
    assert game.state.history[-1].faces()["black2"] == "octopod"


@pytest.mark.parametrize(("die", "face", "reason"), [
    ("black4", "octopod", "'black4' was not in the last roll"),
    ("white2", "red-2", "a white die has no face 'red-2'"),
    ("black2", "lab", "a black die has no face 'lab'"),
])
def test_a_die_or_face_that_cannot_be_is_named(die: str, face: str, reason: str) -> None:
    game = rolled()
    game.state.push(SetAside(("white1", "black1")))
    game.state.push(Roll((("white2", "lab"), ("white3", "bot"), ("black2", "red-0"), ("black3", "blue-2"))))
    before = list(game.state.history)
    with pytest.raises(RulesError, match="^" + re.escape(reason) + "$"):
        game.put_right(die, face)
    assert game.state.history == before
    with pytest.raises(RulesError, match="^white die 1 was not in the last roll$"):
        game.put_right("white1", "lab")  # kept from the first roll: not in the last one


def test_a_pending_question_comes_first() -> None:
    game = rolled()
    game.pending = object()  # type: ignore[assignment]
    with pytest.raises(RulesError, match="^answer the question first$"):
        game.put_right("white1", "lab")


def test_games_without_settable_readings_say_so() -> None:
    from rules.octocube import OctocubeGame
    from tracker.octocube.adapter import OctocubeAdapter

    state = OctocubeGame(2).new_initial_state(seed=1)
    adapter = OctocubeAdapter()
    assert adapter.correctable(state) == ()
    with pytest.raises(RulesError, match="^nothing the camera read can be set on the tablet in this game$"):
        TrackedGame(state, adapter).put_right("a1", "x")


def test_the_pipeline_forgets_the_misread_scene_once_a_die_is_set() -> None:
    """The scene memory remembers the misread roll: after a correction it must not compare the
    next scene with it (the app and ``run`` both go through ``Pipeline.put_right``)."""
    from hardware.camera import SyntheticSource
    from tracker.pipeline import Pipeline

    class Memory:
        forgot = 0

        def forget(self) -> None:
            self.forgot += 1

    memory = Memory()
    game = rolled()
    pipe = Pipeline(SyntheticSource([]), object(), game, calibrate=False, memory=memory)  # type: ignore[arg-type]
    assert pipe.put_right("white1", "crystal") == [] and memory.forgot == 0  # already so: nothing to forget
    with pytest.raises(RulesError):
        pipe.put_right("white1", "red-2")
    assert memory.forgot == 0
    assert pipe.put_right("white1", "octopod") and memory.forgot == 1
    assert "octopod" in game.state.history[-1].faces().values()
