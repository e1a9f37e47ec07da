"""A move the tracker made provisionally (a seat wait, ``InferenceConfig.seat_settles``) is shown
as unsure until a later scene settles it (``DisplayConfig.show_provisional``, ui/display.py).

The scenes are observation bench game 749643's (2 players, perfect readings; the stretch of
tests/tracker/test_octocube_seat_settles.py): at truth move 232 Red places its cube bare side up
on D1 (16 orientations leave that table), Yellow rolls, then Red's roll shows which. The tracker's
typed state (:attr:`TrackedGame.provisional`, :attr:`TrackedGame.settled`) is checked against the
twin's truth, then ``tablesight run``'s real loop (``ui.commands.run._loop``) prints it and
carries it in ``--json``; ``show_provisional=False`` is the off control (no mark, as on main)."""

from __future__ import annotations

import argparse
import json
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tests.tracker.octocube_helpers import look, tracked_until, truth_after
from tests.tracker.test_octocube_seat_settles import ON, PLACED, _twin
from tracker.octocube.groundtruth import observation_from_state
from tracker.session import QuestionAsked, TrackedGame
from ui.display import DisplayConfig, ShownGame


def _placed() -> TrackedGame:
    """The tracker in step with the truth before Red's placing, judging with the seat wait on."""
    tracked = tracked_until(_twin(), PLACED)
    tracked.config = ON
    return tracked


def test_the_placing_is_provisional_until_reds_roll_settles_it() -> None:
    twin = _twin()
    tracked = _placed()
    assert tracked.provisional is None
    events = look(truth_after(twin, PLACED + 1), tracked)
    assert not any(isinstance(e, QuestionAsked) for e in events)
    unsure = tracked.provisional
    assert unsure is not None
    assert (unsure.first, unsure.count, unsure.seat, unsure.seat_name) == (PLACED, 1, 0, "Red")
    assert unsure.covers(PLACED) and not unsure.covers(PLACED + 1) and not unsure.covers(PLACED - 1)
    assert unsure.options > 2  # the orientations the table leaves open
    made = tracked.state.history[PLACED]
    assert made.location == twin.truth.history[PLACED].location  # the place is sure, the way it faces is not
    assert unsure.text.startswith("Red places the cube on D1")
    look(truth_after(twin, PLACED + 2), tracked)  # Yellow's roll settles nothing
    assert tracked.provisional is not None and tracked.provisional.first == PLACED
    assert tracked.settlements == 0
    look(truth_after(twin, PLACED + 3), tracked)  # Red's roll shows a side face: settled unasked
    assert tracked.provisional is None and tracked.settlements == 1
    settled = tracked.settled
    assert settled is not None and settled.first == PLACED and settled.options == 1
    assert tracked.state.history == twin.truth.history[:PLACED + 3]
    truth_place = truth_after(twin, PLACED).describe_move(twin.truth.history[PLACED])
    assert settled.text == truth_place


def _scenes_pipe(tracked: TrackedGame, scenes: list[Any]) -> Any:
    """A pipeline stand-in that shows ``scenes`` (still tables), one per step, to the real tracker."""
    left = iter(scenes)

    def step() -> Any:
        scene = next(left, None)
        if scene is None:
            return None
        return SimpleNamespace(frame_index=0, image=np.zeros((4, 4, 3), np.uint8), camera_message="ok",
                               events=tuple(tracked.observe(scene)), refused=None, misread=None)

    return SimpleNamespace(tracked=tracked, step=step, refused=None, misread_offer=None,
                           stats=SimpleNamespace(recognised=len(scenes)), calibration_message="", source=None)


def _run_loop(display: DisplayConfig, json_out: bool, monkeypatch: pytest.MonkeyPatch,
              capsys: pytest.CaptureFixture[str]) -> str:
    from ui.commands import run as run_command

    twin = _twin()
    tracked = _placed()
    scenes = [observation_from_state(truth_after(twin, PLACED + k)) for k in (1, 2, 3)]
    built = SimpleNamespace(pipeline=_scenes_pipe(tracked, scenes), twin=None, truth_of=None,
                            table=SimpleNamespace(prompt=lambda state: "play"))
    monkeypatch.setattr(run_command, "DISPLAY", display)
    assert run_command._loop(built, argparse.Namespace(answer="none", json=json_out, max_frames=0)) == 0
    assert tracked.state.history == twin.truth.history[:PLACED + 3]  # what is shown never changes the game
    return capsys.readouterr().out


def test_run_prints_the_placing_as_unsure_then_settled(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = _run_loop(DisplayConfig(), False, monkeypatch, capsys).splitlines()
    place = next(i for i, line in enumerate(out) if line.startswith("move: Red places the cube on D1"))
    unsure = next(i for i, line in enumerate(out) if line.startswith("unsure: "))
    assert unsure == place + 1
    assert out[unsure].startswith("unsure: " + out[place].removeprefix("move: "))
    assert "(waiting for Red's next turn;" in out[unsure]
    settled = [line for line in out if line.startswith("settled: ")]
    truth_place = truth_after(_twin(), PLACED).describe_move(_twin().truth.history[PLACED])
    assert settled == ["settled: " + truth_place]
    assert out.index(settled[0]) > unsure


def test_run_json_carries_provisional_true_on_the_placing(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    result = json.loads(_run_loop(DisplayConfig(), True, monkeypatch, capsys).strip().splitlines()[-1])
    moves = [e for e in result["shown"] if e["kind"] == "move"]
    # the placing shown unsure; the moves after it (and the placing made again the true way, where
    # Red's roll took the first option back) sure
    assert [e["provisional"] for e in moves] == [True] + [False] * (len(moves) - 1)
    assert moves[0]["player"] == 0 and moves[0]["text"].startswith("Red places the cube on D1")
    assert [e["kind"] for e in result["shown"]][-1] == "settled"
    assert result["shown"][-1]["text"] == truth_after(_twin(), PLACED).describe_move(_twin().truth.history[PLACED])
    assert result["provisional"] is None  # settled by the end


def test_off_control_run_shows_the_placing_as_sure(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """``show_provisional=False``: the provisional placing reads as certain (as on main)."""
    out = _run_loop(DisplayConfig(show_provisional=False), False, monkeypatch, capsys)
    assert "move: Red places the cube on D1" in out
    assert "unsure: " not in out and "settled: " not in out
    result = json.loads(_run_loop(DisplayConfig(show_provisional=False), True, monkeypatch, capsys)
                        .strip().splitlines()[-1])
    assert not any(e.get("provisional") for e in result["shown"])
    assert not any(e["kind"] == "settled" for e in result["shown"])


def test_shown_game_marks_the_move_at_the_provisional_index_once() -> None:
    """ShownGame follows the tracker's typed state, not its words: the entry of the move at the
    provisional index is the one marked, and the unsure line is said once."""
    twin = _twin()
    tracked = _placed()
    shown = ShownGame(tracked)
    for event in look(truth_after(twin, PLACED + 1), tracked):
        shown.event(event)
    lines = shown.scene_done()
    assert len(lines) == 1 and lines[0].startswith("unsure: Red places the cube on D1")
    assert shown.scene_done() == []  # said once
    unsure = tracked.provisional
    assert unsure is not None
    assert shown.provisional_now() == {"first": PLACED, "count": 1, "player": 0, "text": unsure.text,
                                       "options": unsure.options}
    assert [e["provisional"] for e in shown.entries if e["kind"] == "move"] == [True]


def test_demo_prints_a_pivot_unsure_until_yellows_next_turn_settles_it() -> None:
    """``tablesight demo`` through the pixels (seed 3, 8 moves: Yellow's pivot after the put-back
    is made 90 degrees provisionally, then 270 once Yellow's roll shows it; the demo's truth has
    every move right): the unsure line follows the scene that made it, the settled line names the
    pivot the game kept."""
    from tests.cli_inprocess import run_cli

    done = run_cli("demo", "--game", "octocube", "--players", "2", "--seed", "3", "--illegal", "1", "--moves", "8",
                   "--headless")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "moves followed: 8/8; illegal flagged: 1/1; false alarms: 0; questions: 0" in lines
    unsure = [i for i, line in enumerate(lines) if line.startswith("unsure: Yellow pivots the cube")]
    settled = [i for i, line in enumerate(lines) if line.startswith("settled: Yellow pivots the cube")]
    assert len(unsure) == 1 and len(settled) == 1 and unsure[0] < settled[0]
    assert "(waiting for Yellow's next turn;" in lines[unsure[0]]
    kept = lines[settled[0]].removeprefix("settled: ").split("; then ")[0]
    assert f"move: {kept}" in lines[unsure[0]:settled[0]]  # the pivot the game kept, made before it settled
