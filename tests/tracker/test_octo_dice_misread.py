"""A set-aside die that the reader misreads surely in later scenes, while nothing moved, must not
lose the game (issue 17, game 95403: a black die set aside as red 2 read red 1 at 0.84-0.85).
The scene memory calls it "turned by hand"; the players answer "the camera misread it", the
memory keeps the face they said for that die while it lies there, and the game goes on. A die
really turned by hand is still flagged (the players say nothing then: it shows another face)."""

from __future__ import annotations

import argparse
import math
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from hardware.camera import SyntheticSource
from rules.octo_dice.components import DICE, FACES
from tracker.build import build_pipeline
from tracker.demo_run import run_demo, twin_misread_step
from tracker.film import FilmFrame
from tracker.octo_dice.adapter import OctoDiceAdapter
from tracker.octo_dice.dice import canonical_roll, kind_of
from tracker.octo_dice.groundtruth import GroundTruthRecogniser
from tracker.octo_dice.memory import DiceMemory
from tracker.octo_dice.observation import ASIDE, DieReading, OctoDiceObservation
from tracker.octo_dice.twin import OctoDiceTwin
from tracker.pipeline import DEMO_GATE, Pipeline
from tracker.session import AlertCleared, IllegalMoveAlert, MoveConfirmed, TrackedGame
from tracker.stillness import StillnessGate
from tracker.table import TableSetup
from tests.tracker.octo_dice_reading_faults import FaultyReader


def _other_face(kind: str, face: str) -> str:
    die = next(d for d in DICE if kind_of(d) == kind)
    return next(f for f in FACES[die] if f != face)


class MisreadsOneSetAsideDie(FaultyReader):
    """The ground-truth reader, except that the first black die seen in the set-aside strip is
    read as another face, surely (0.85), in every later scene while it lies where it was first
    seen there (as run 8's models read game 95403's red 2)."""

    def __init__(self, inner: GroundTruthRecogniser) -> None:
        super().__init__(inner)
        self.place: tuple[float, float] | None = None
        self.face = ""
        self.misread = 0

    def read(self, frame: Any) -> OctoDiceObservation:
        observed = self.inner.read(frame)
        dice = []
        for d in observed.dice:
            if d.kind == "black" and d.area == ASIDE and d.face is not None:
                if self.place is None:
                    self.place, self.face = (d.x, d.y), d.face
                elif math.dist(self.place, (d.x, d.y)) < 1.0 and d.face == self.face:
                    self.misread += 1
                    d = replace(d, face=_other_face("black", d.face), confidence=0.85)
            dice.append(d)
        return replace(observed, dice=tuple(dice))


def _demo(seed: int) -> tuple[dict[str, Any], MisreadsOneSetAsideDie]:
    setup = TableSetup(game="octo_dice", players=2, options={"turns": 2}, recogniser="ground-truth", seed=seed,
                       illegal=2, resolution=(320, 180))
    demo = build_pipeline(setup)
    scored = demo.pipeline.recogniser
    misreading = MisreadsOneSetAsideDie(scored.inner)  # type: ignore[attr-defined]
    scored.inner = misreading  # type: ignore[attr-defined]
    return run_demo(demo), misreading


def test_a_set_aside_die_misread_surely_later_does_not_lose_the_game() -> None:
    result, misreading = _demo(90002)
    assert misreading.misread > 0  # the reader did misread it, surely
    assert result["misread_said"] >= 1
    assert result["moves_correct"] == result["moves_total"]
    assert result["illegal_flagged"] == result["illegal_injected"] == 2
    assert result["final_scores_match"] is True


# ---------------------------------------------------------------------- the scene memory alone
def _die(face: str, x: float = 234.0, y: float = 135.0, confidence: float = 0.9) -> DieReading:
    return DieReading("black", face, ASIDE, x, y, confidence)


def test_the_memory_keeps_the_said_face_while_the_die_lies_there() -> None:
    memory = DiceMemory()
    memory.remember(OctoDiceObservation((_die("red-2"),)), None)
    misread = memory.annotate(OctoDiceObservation((_die("red-1", 234.6),)))
    assert misread.dice[0].turned_from == "red-2"  # both readings sure: "turned by hand"
    offer = memory.misread_offer(misread)
    assert offer is not None and "shows red 2" in offer.words and "black die at (235, 135) mm" in offer.words
    memory.misread_said(offer)
    again = memory.annotate(OctoDiceObservation((_die("red-1", 233.8),)))
    assert again.dice[0].face == "red-2" and again.dice[0].turned_from is None  # the players' word
    assert memory.misread_offer(again) is None
    turned = memory.annotate(OctoDiceObservation((_die("blue-3", 234.2),)))
    assert turned.dice[0].turned_from == "red-2"  # really turned to a third face: judged as ever
    memory.forget()  # a correction on the tablet: the word on the die stays
    assert memory.annotate(OctoDiceObservation((_die("red-1"),))).dice[0].face == "red-2"


def test_the_said_face_lapses_once_the_die_has_moved() -> None:
    memory = DiceMemory()
    memory.remember(OctoDiceObservation((_die("red-2"),)), None)
    offer = memory.misread_offer(memory.annotate(OctoDiceObservation((_die("red-1"),))))
    assert offer is not None
    memory.misread_said(offer)
    moved = memory.annotate(OctoDiceObservation((_die("red-1", 300.0, 400.0),)))  # re-rolled
    assert moved.dice[0].face == "red-1"
    back = memory.annotate(OctoDiceObservation((_die("red-1"),)))  # a die there again: judged afresh
    assert back.dice[0].face == "red-1" and memory.said == ()


def test_the_simulated_players_say_misread_only_when_the_die_shows_its_face() -> None:
    twin = OctoDiceTwin(2, 11, max_turns=1)
    reading = replace(_die("red-1"), turned_from="red-2")

    def truth(face: str, cocked: bool = False) -> dict[str, Any]:
        return {"components": [
            {"uid": "die 3", "state": {"kind": "black", "top_face": face, "cocked": cocked},
             "pose": {"x": 235.0, "y": 136.0}},
            {"uid": "die 0", "state": {"kind": "white", "top_face": "lab"}, "pose": {"x": 300.0, "y": 300.0}}]}

    assert twin.says_misread((reading,), truth("red 2"))  # it still shows red 2: the camera misread it
    assert not twin.says_misread((reading,), truth("red 1"))  # really turned: flagged, never excused
    assert not twin.says_misread((reading,), truth("blue 3"))
    assert not twin.says_misread((reading,), truth("red 2", cocked=True))
    assert not twin.says_misread((reading,), None)


# ---------------------------------------------------------------------- through the pipeline
def _still_pipeline(scenes: list[list[DieReading]], frames_each: int = 4) -> Pipeline:
    """A pipeline whose reader returns ``scenes`` in turn (each for ``frames_each`` still frames;
    the frame's pixels change between scenes so that the gate sees a move)."""
    frames: list[FilmFrame] = []
    for k, dice in enumerate(scenes):
        image = np.full((90, 160, 3), 40 + 60 * k, np.uint8)
        frames += [FilmFrame(image, {"dice": dice}, (len(frames) + i) / 10) for i in range(frames_each)]
    source = SyntheticSource(frames)

    class Reader:
        name = "scripted"
        needs_calibration = False

        def recognise(self, frame: Any) -> OctoDiceObservation:
            return OctoDiceObservation(tuple((source.truth_of(frame) or {})["dice"]))

    state = OctoDiceTwin(2, 11, max_turns=1).tracker_initial_state()
    return Pipeline(source, Reader(), TrackedGame(state, OctoDiceAdapter()), calibrate=False,
                    gate=StillnessGate(DEMO_GATE), memory=DiceMemory())


def misread_pipeline(frames_each: int = 4) -> Pipeline:
    """The first roll, 2 dice set aside, then the same mat with the set-aside black die read
    surely as another face: "turned by hand" while nothing moved."""
    state = OctoDiceTwin(2, 11, max_turns=1).tracker_initial_state()
    places = [(200.0, 250.0), (300.0, 250.0), (400.0, 250.0), (200.0, 400.0), (300.0, 400.0), (400.0, 400.0)]
    faces = [FACES[d][0] for d in DICE]
    roll = [DieReading(kind_of(d), f, "roll", x, y, 0.95) for d, f, (x, y) in zip(DICE, faces, places, strict=True)]
    roll_move = canonical_roll(DICE, [(d.kind, str(d.face)) for d in roll])
    assert roll_move is not None and state.is_legal(roll_move)
    black = next(d for d in roll if d.kind == "black")
    white = next(d for d in roll if d.kind == "white")
    kept = [replace(black, area=ASIDE, x=190.0, y=135.0), replace(white, area=ASIDE, x=234.0, y=135.0)]
    rest = [d for d in roll if d is not black and d is not white]
    misread = [replace(kept[0], face=_other_face("black", str(black.face)), confidence=0.85), kept[1]]
    return _still_pipeline([roll, kept + rest, misread + rest], frames_each)


def until_offered(pipe: Pipeline) -> tuple[Any, list[Any]]:
    events: list[Any] = []
    update: Any = None
    while pipe.misread_offer is None:
        update = pipe.step()
        assert update is not None
        events += update.events
    return update, events


def test_the_pipeline_offers_the_answer_and_the_alarm_clears() -> None:
    pipe = misread_pipeline()
    update, events = until_offered(pipe)
    assert [type(e) for e in events if isinstance(e, MoveConfirmed)] == [MoveConfirmed, MoveConfirmed]
    alerts = [e for e in events if isinstance(e, IllegalMoveAlert)]
    assert alerts and "turned by hand" in alerts[-1].reason
    assert update.misread is not None and "black die at (190, 135) mm shows " in update.misread
    assert pipe.misread() and not pipe.misread()  # one answer per alarm
    update = pipe.step()
    assert update is not None
    assert any(isinstance(e, AlertCleared) for e in update.events) and pipe.tracked.alert is None
    assert pipe.stats.misread_said == 1
    assert twin_misread_step(None, pipe, None) is False  # nothing stands: nothing said


@pytest.mark.parametrize("typed, said", [("misread", True), ("", False)])
def test_run_asks_the_players_at_a_live_table(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                              typed: str, said: bool) -> None:
    """``tablesight run`` (no twin): the possible misreading is printed and the answer typed;
    'misread' clears the alarm, Enter leaves it standing and is not asked again."""
    from ui.commands.run import _misread

    pipe = misread_pipeline()
    update, _ = until_offered(pipe)
    built = SimpleNamespace(pipeline=pipe, twin=None, truth_of=None)
    args = argparse.Namespace(answer="ask", json=False)
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return typed

    monkeypatch.setattr("builtins.input", answer)
    assert _misread(built, update, args) is said
    assert "the camera misread it: the black die at (190, 135) mm shows" in capsys.readouterr().out
    assert len(asked) == 1 and "'misread'" in asked[0]
    later = pipe.step()
    assert later is not None
    assert (pipe.tracked.alert is None) is said
    if not said:
        assert not _misread(built, update, args) and len(asked) == 1  # asked once per alarm
    unattended = argparse.Namespace(answer="none", json=False)
    assert not _misread(built, update, unattended)


def test_a_die_put_anew_in_the_strip_where_the_last_turn_left_one_is_not_turned_by_hand() -> None:
    """Game 95419: the roll of a new turn was never read (a die called cocked), so the memory still
    held the last turn's four set-aside dice; the new turn's first die set aside lay within 3 mm of
    where the last turn's first lay, another face up: "turned by hand", and the game derailed.
    The strip had been emptied (the other old dice are gone): a die there now was put anew."""
    memory = DiceMemory()
    slots = [(190.0, 135.0), (234.0, 135.0), (278.0, 135.0), (322.0, 135.0)]
    old = tuple(_die(f, x, y) for f, (x, y) in zip(("red-2", "green-2", "blue-2", "red-1"), slots, strict=True))
    memory.remember(OctoDiceObservation(old), None)
    new_turn = memory.annotate(OctoDiceObservation((_die("yellow-0", 191.0, 136.0), _die("octopod", 234.5, 135.0))))
    assert all(d.turned_from is None for d in new_turn.dice)
    still = memory.annotate(OctoDiceObservation((_die("yellow-0", 191.0, 136.0),) + old[1:]))
    assert still.dice[0].turned_from == "red-2"  # the others lie where they lay: turned by hand
