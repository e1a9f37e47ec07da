"""The say lines of a demo game (bench/teach.py's ``--octocube-say`` / ``--open-season-say`` logs,
bench/demo_accuracy.py's ``--say-dir``) carry the tracker's notes: why a question waited for the next
scene and how that scene settled it. Before, a reader of a say log saw a move made unasked with no
word of the wait (session 79's helpers counted the notes from a wrapper around ``TrackedGame._log``).

The real path: :func:`tracker.demo_run.run_demo` over a pipeline (stillness gate, recogniser, tracker)
on taught game 103057's first inn take (tests/tracker/test_open_season_next_scene_settles.py): the take
cannot be told from its scene (a card behind the deck), waits, and the placing's scene shows which.
"""

from __future__ import annotations

from typing import Any

from hardware.camera import SyntheticSource
from tracker.build import BuiltPipeline
from tracker.demo_run import NOTE_PREFIX, run_demo
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.pipeline import DEMO_GATE, Pipeline
from tracker.session import TrackedGame
from tracker.stillness import StillnessGate
from tests.tracker.test_open_season_next_scene_settles import ON, _frames, _game, _SceneRecogniser

PER_SCENE = 5


class _Played:
    """103057's twin with its truth cut where the three scenes end (7 moves): the film ends there."""

    def __init__(self, twin: Any, state: Any) -> None:
        self._twin = twin
        self.truth = state.clone()
        for move in twin.truth.history[len(state.history): 7]:
            self.truth.push(move)
        self.changes = twin.changes

    def __getattr__(self, name: str) -> Any:
        return getattr(self._twin, name)


def _said(notes: bool) -> tuple[list[str], Any, Any]:
    twin, state, scenes = _game()
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter(), config=ON)
    pipe = Pipeline(SyntheticSource(_frames(len(scenes), PER_SCENE)), _SceneRecogniser(scenes, PER_SCENE), tracked,
                    calibrate=False, gate=StillnessGate(DEMO_GATE))
    played = _Played(twin, state)
    demo = BuiltPipeline(pipe, None, played, "scenes",  # type: ignore[arg-type]
                         lambda i: {"change_index": 1 + i // PER_SCENE})
    lines: list[str] = []
    result = run_demo(demo, lines.append, notes=notes)
    return lines, result, tracked


def test_the_say_lines_tell_why_the_take_was_made_unasked() -> None:
    lines, result, tracked = _said(notes=True)
    take = "Player 1 takes elf-eyepatch and sorcerer-tattoo from the inn"
    assert result["questions_asked"] == 0 and result["false_alarms"] == 0
    assert result["moves_correct"] == 7 == result["moves_tracked"]
    noted = [line for line in lines if line.startswith(NOTE_PREFIX)]
    assert len(noted) == 2, lines
    assert noted[0].startswith("note: waiting for the next scene to tell which: ")
    assert noted[1].startswith("note: the next scene shows which: ")
    assert not any(line.startswith("question:") for line in lines)
    # the note comes before the move it explains, and names it
    made = next(i for i, line in enumerate(lines) if line.startswith("move: ") and take in line)
    assert lines.index(noted[1]) < made and take in noted[1], lines
    assert tracked.on_note is None  # the demo's hook is gone once the film ends


def test_off_the_say_lines_have_no_notes_as_before() -> None:
    lines, result, _ = _said(notes=False)
    assert result["moves_correct"] == 7
    assert any(line.startswith("move: ") for line in lines)
    assert not any(line.startswith(NOTE_PREFIX) for line in lines), lines
