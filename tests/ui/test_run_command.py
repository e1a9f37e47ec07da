"""``tablesight run`` end to end through its real code (the command's own ``main``:
tests/cli_inprocess.py): on a video file written by ``tablesight demo --video-out`` and on a
webcam (a recorded device stream standing in for ``cv2.VideoCapture(0)``: no camera on CI). The moves, the alert and the final
scores must be the digital twin's; the event log it writes replays to the same game."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.cli_inprocess import run_cli


def _run_json(out: str) -> dict[str, Any]:
    lines = [line for line in out.strip().splitlines() if line.startswith("{")]
    assert lines, f"no JSON line in {out!r}"
    return json.loads(lines[-1])


def test_run_on_a_demo_film_reaches_the_demos_final_scores(demo_film: dict[str, Any], tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    done = run_cli("run", "--game", "octocube", "--players", "2", "--first-player", str(demo_film["first_player"]),
                   "--video", str(demo_film["path"]), "--json", "--answer", "likeliest", "--log", str(log))
    assert done.returncode == 0, done.stderr
    result = _run_json(done.stdout)
    assert {"moves", "questions", "alerts", "final_scores", "frames", "frames_per_s"} <= set(result)
    assert result["moves"] == demo_film["moves_total"]
    assert result["final_scores"] == demo_film["truth_scores"]
    assert result["frames"] == demo_film["frames"]
    assert result["alerts"] == 1  # the injected illegal change, and nothing else
    assert "the camera has ended" in done.stderr
    replayed = run_cli("replay", str(log), "--json")
    assert replayed.returncode == 0, replayed.stderr
    game = json.loads(replayed.stdout)
    assert game["moves"] == demo_film["moves_total"]
    assert game["scores"]["totals"] == demo_film["truth_scores"]


def test_run_on_a_webcam_follows_the_game(webcam: dict[str, Any], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from ui.cli import main

    status = main(["run", "--game", "octocube", "--players", "2", "--first-player", str(webcam["first_player"]),
                   "--camera", "0", "--json", "--answer", "likeliest", "--log", str(tmp_path / "cam.jsonl")])
    out = capsys.readouterr()
    assert status == 0, out.err
    assert webcam["opened"] == [0]  # the device the player named
    result = _run_json(out.out)
    assert result["moves"] == webcam["moves_total"]
    assert result["final_scores"] == webcam["truth_scores"]
    assert "camera: the camera stopped delivering" in out.err  # the unplugged camera is reported


def test_run_refuses_what_it_cannot_do_in_one_line(tmp_path: Path) -> None:
    cases = [
        (["run", "--players", "2", "--video", str(tmp_path / "missing.avi")], "does not exist"),
        (["run", "--players", "5", "--demo"], "2-4 players"),
        (["run", "--players", "2", "--camera", "-1"], "camera index"),
        (["run", "--players", "2", "--demo", "--moves", "-5"], "must not be negative"),
        (["run", "--video", str(tmp_path / "x.avi")], "how many players"),
    ]
    for argv, words in cases:
        done = run_cli(*argv)
        assert done.returncode == 2, (argv, done.stdout, done.stderr)
        assert words in done.stderr and "Traceback" not in done.stderr, (argv, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli("run", *args, stdin=stdin)


def test_run_demo_of_open_season_takes_its_side_and_expert_tiles(tmp_path: Path) -> None:
    """``run --game open_season --side shield --expert``: the game logged is that variant (the
    log's header carries the engine options) and the twin's moves are followed without alarms."""
    log = tmp_path / "os.jsonl"
    done = _run("--game", "open_season", "--demo", "--players", "3", "--side", "shield", "--expert",
                "--moves", "6", "--json", "--log", str(log))
    assert done.returncode == 0, done.stderr
    result = _run_json(done.stdout)
    assert result["game"] == "open_season" and result["moves_confirmed"] == 6 == result["moves"]
    assert result["alerts"] == 0
    header = json.loads(log.read_text().splitlines()[0])
    assert '"side": "shield"' in json.dumps(header) and '"expert": true' in json.dumps(header)


def test_run_demo_of_octo_dice_enters_the_players_tablet_choices(tmp_path: Path) -> None:
    """Octo Dice's actions are chosen on the tablet, not seen: ``run --demo`` has the twin's
    players enter them, so the game goes past the first turn (before, it stalled after one roll
    with dozens of alarms)."""
    done = _run("--game", "octo_dice", "--demo", "--players", "2", "--variant", "virtual", "--max-frames", "60",
                "--log", str(tmp_path / "od.jsonl"))
    assert done.returncode == 0, done.stderr
    tablet = [line for line in done.stdout.splitlines() if line.startswith("tablet: move:")]
    assert len(tablet) >= 3, done.stdout
    assert any("virtual player's roll" in line for line in done.stdout.splitlines())
    assert "Player 2" in done.stdout


def test_run_on_an_octo_dice_film_reads_the_demos_rolls(tmp_path: Path) -> None:
    """A user films an Octo Dice turn (``demo --game octo_dice --video-out``: before, the option
    was silently ignored for this game and no film was written) and follows it with the ``run``
    line the demo prints, typing the choices the camera cannot see: every roll and set-aside
    the pixels read from the film is the twin's, in order, and the typed choice is entered."""
    film = tmp_path / "dice.avi"
    demo = run_cli("demo", "--game", "octo_dice", "--players", "1", "--variant", "solo", "--seed", "5", "--illegal",
                   "0", "--turns", "1", "--headless", "--video-out", str(film))
    assert demo.returncode == 0, demo.stderr
    assert film.stat().st_size > 0
    follow = next(line for line in demo.stdout.splitlines() if line.startswith("film written to"))
    assert f"tablesight run --game octo_dice --players 1 --variant solo --first-player 0 --video {film}" in follow

    def dice_moves(out: str) -> list[str]:
        return [line for line in out.splitlines() if line.startswith("move:") and ("roll:" in line or "sets aside" in line)]

    truth = dice_moves(demo.stdout)
    assert len(truth) == 5  # roll 6, keep 2, roll 4, keep 2, roll 2
    done = run_cli("run", "--game", "octo_dice", "--players", "1", "--variant", "solo", "--video", str(film),
                   "--log", str(tmp_path / "od.jsonl"), stdin="1\n1\n1\n")
    assert done.returncode == 0, done.stderr
    assert dice_moves(done.stdout) == truth
    assert "the camera cannot see this choice: type what was played" in done.stdout
    assert any(line.startswith("choice 1-") and "tablet: move: Player 1, main action" in line
               for line in done.stdout.splitlines())


def test_run_refuses_a_variant_that_does_not_fit_the_players() -> None:
    done = _run("--game", "octo_dice", "--demo", "--players", "3", "--variant", "solo")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == "tablesight run: error: the solo game is for 1 player, not 3"


def test_a_live_game_types_the_choices_the_camera_cannot_see(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``run`` on a camera (no twin): when Octo Dice waits for an action, the legal choices are
    listed and the typed number is entered (a wrong entry is asked again); unattended runs say
    once that the game waits and enter nothing."""
    import argparse

    from rules.octo_dice import OctoDiceGame
    from rules.octo_dice.moves import Roll
    from tracker.octo_dice.adapter import OctoDiceAdapter
    from tracker.session import TrackedGame
    from ui.commands.run import _tablet

    state = OctoDiceGame(1, variant="solo").new_initial_state(4)
    while not OctoDiceAdapter().tablet_moves(state):  # play rolls and set-asides to the first choice
        state.push(state.chance_outcomes()[0][0] if state.is_chance_node() else next(iter(state.legal_moves())))
    tracked = TrackedGame(state, OctoDiceAdapter())
    choices = tracked.adapter.tablet_moves(tracked.state)
    second = tracked.state.describe_move(choices[1])
    before = len(tracked.state.history)

    quiet = argparse.Namespace(answer="none", json=False)
    assert _tablet(None, tracked, None, quiet) == [] and _tablet(None, tracked, None, quiet) == []
    assert capsys.readouterr().out.count("waits for a choice the camera cannot see") == 1
    assert len(tracked.state.history) == before

    typed = iter(["99", "2"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    events = _tablet(None, tracked, None, argparse.Namespace(answer="ask", json=False))
    out = capsys.readouterr().out
    assert "the camera cannot see this choice" in out and f"  2: {second}\n" in out
    assert f"type a number from 1 to {len(choices)}" in out
    assert events and tracked.state.history[before] == choices[1]

    # a die the camera misread is set at the same prompt; a refused one says why and asks again
    state = tracked.state
    while state.history[-1].kind != "roll":
        tracked.undo()
    at = len(state.history)
    roll = state.history[-1]
    assert isinstance(roll, Roll)
    die, shown = roll.results[0]  # this game's last roll: two black dice
    face = next(f for f in ("octopod", "lab") if f != shown)  # any die may show an octopod
    typed = iter(["set black9 octopod", f"set {die} {face}"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    events = _tablet(None, tracked, None, argparse.Namespace(answer="ask", json=False))
    out = capsys.readouterr().out
    assert "a die misread? type: set DIE FACE (the last roll: " in out
    assert "'black9' was not in the last roll\n" in out
    again = state.history[-1]
    assert isinstance(again, Roll)
    assert "tablet correction: move: roll: " in out and face in again.faces().values()
    assert events and len(state.history) == at  # the roll made again, nothing else


def test_run_on_a_finished_game_waiting_for_an_unseen_tile_says_the_scores_are_not_counted(
        demo_film: dict[str, Any], tmp_path: Path) -> None:
    """A resumed finished game whose last Score needs a tile the camera never saw, the question
    left unanswered (``--answer none``): the run ends normally and says why there is no score,
    rather than stopping on the engine's error (ui/commands/run.py)."""
    from tests.tracker.test_octocube_final_question import write_unseen_tile_log

    log = write_unseen_tile_log(tmp_path / "unseen.jsonl")
    base = ["run", "--game", "octocube", "--resume", str(log), "--video", str(demo_film["path"]), "--answer", "none"]
    done = run_cli(*base, "--json")
    assert done.returncode == 0, done.stderr
    result = _run_json(done.stdout)
    assert result["game_over"] and result["final_scores"] is None and result["questions"] >= 1
    assert "needs the tile on the" in result["scores_not_counted"]
    words = run_cli(*base)
    assert words.returncode == 0, words.stderr
    assert "the scores cannot be counted yet: the final Score needs the tile on the" in words.stdout


def test_a_live_game_answers_a_question_in_two_steps_on_the_terminal(monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """``run`` on a camera (no twin) through its real loop: a question whose options differ only
    in a tile nobody saw (tracker/two_step.py) is printed as its first step; the typed number
    prints the follow-up (which tile), a number out of range is asked again, and the second
    answer makes the move the players made."""
    import argparse
    from types import SimpleNamespace

    import numpy as np

    from tests.tracker.test_two_step_question import _score_of_an_unseen_tile
    from tracker.session import QuestionAsked
    from tracker.two_step import FOLLOW_UP_PROMPT
    from ui.commands.run import _loop

    truth, tracked, seat, first = _score_of_an_unseen_tile()
    collected = first.option_texts.index("Red scores from A1: collects an unseen tile")
    updates = iter([SimpleNamespace(frame_index=0, image=np.zeros((4, 4, 3), np.uint8), camera_message="ok",
                                    events=(QuestionAsked(first),), refused=None, misread=None)])
    pipe = SimpleNamespace(tracked=tracked, step=lambda: next(updates, None), refused=None, misread_offer=None,
                           stats=SimpleNamespace(recognised=1), calibration_message="", source=None)
    built = SimpleNamespace(pipeline=pipe, twin=None, truth_of=None,
                            table=SimpleNamespace(prompt=lambda state: "Red: play"))
    typed: list[str] = []

    def type_answer(prompt: str) -> str:
        question = tracked.pending
        assert question is not None
        if question.prompt != FOLLOW_UP_PROMPT:
            typed.append(str(collected + 1))
        elif not typed[1:]:
            typed.append(str(len(question.options) + 1))  # out of range: asked again
        else:
            typed.append(str(question.option_texts.index("Red scores from A1: collects a light blue pearl") + 1))
        return typed[-1]

    monkeypatch.setattr("builtins.input", type_answer)
    assert _loop(built, argparse.Namespace(answer="ask", json=False, max_frames=0)) == 0
    out = capsys.readouterr().out
    assert "question: " + first.prompt in out and "collects an unseen tile" in out
    assert f"question: {FOLLOW_UP_PROMPT} " in out and "collects a light blue pearl" in out
    assert "type a number from 1 to 3" in out  # the follow-up's three kinds
    assert len(typed) == 3
    assert tracked.pending is None
    assert tracked.state.boards[seat].tiles == truth.boards[seat].tiles
    assert tracked.state.cubes[seat].faces == truth.cubes[seat].faces


def test_a_live_game_asks_a_waiting_question_before_the_choice_the_camera_cannot_see(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``run --answer ask`` at a choice no camera sees while a question waits for the next scene
    (``TrackedGame.waiting``, held here by hand on the twin's solo Octo Dice seed 4: no shipped game
    has both yet): the question is asked first -- the typed choice would otherwise be refused
    ("answer the question first") and end ``run`` with a traceback -- and once it is answered the
    next choices are typed as usual; the game is the twin's."""
    import argparse

    from tracker.inference import Question
    from tracker.octo_dice.adapter import OctoDiceAdapter
    from tracker.octo_dice.twin import OctoDiceTwin
    from tracker.session import MoveConfirmed, QuestionAsked, TrackedGame
    from ui.commands.run import _tablet

    twin = OctoDiceTwin(1, 4, variant="solo", max_turns=1)
    truth = twin.truth.history
    state = twin.tracker_initial_state()
    while not OctoDiceAdapter().tablet_moves(state):  # the twin's rolls and set-asides, to its first action
        state.push(truth[len(state.history)])
    done = len(state.history)
    tracked = TrackedGame(state, OctoDiceAdapter())
    other = next(m for m in tracked.adapter.tablet_moves(state) if m != truth[done])
    options = ((truth[done],), (other,))
    tracked.waiting = Question("Which did player 1 do?", options, tuple(state.describe_move(o[0]) for o in options),
                               option_costs=(0.0, 0.0))

    def no_typing(prompt: str) -> str:
        raise AssertionError("a choice was asked for before the waiting question")

    monkeypatch.setattr("builtins.input", no_typing)
    events = _tablet(None, tracked, None, argparse.Namespace(answer="ask", json=False))
    assert [type(e) for e in events] == [QuestionAsked] and tracked.pending is not None
    assert "answer it first" in capsys.readouterr().out
    assert [type(e) for e in tracked.answer(0)] == [MoveConfirmed]  # the twin's action
    choices = tracked.adapter.tablet_moves(tracked.state)
    typed = iter([str(choices.index(truth[done + 1]) + 1)])
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    events = _tablet(None, tracked, None, argparse.Namespace(answer="ask", json=False))
    assert [type(e) for e in events] == [MoveConfirmed]
    assert tracked.state.history == truth[:done + 2]
