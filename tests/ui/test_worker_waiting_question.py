"""A question waiting for the next scene (``TrackedGame.waiting``, ``InferenceConfig.next_scene_settles``)
in the app's pipeline worker: when the players act on the tablet meanwhile, the question goes on
the Play screen first ("answer the question first"), and once it is answered the action is made
on the game as the answer left it; when the camera stops, the update that says so carries it.

No shipped game has both yet (Open Season's inn takes wait but it has no tablet actions; Octo
Dice has tablet actions but never waits), so the tablet case holds an Octo Dice set-aside
question by hand, as ``test_worker.py`` holds a pending question by hand; the Open Season case is
103057's own waiting take through the real pipeline. Every outcome is checked against the
twin's game. ``PipelineWorker(act_after_answer=False)`` is the off control (the action dropped)."""

from __future__ import annotations

from typing import Any

import numpy as np

from rules.octo_dice import Roll, SetAside
from tests.ui.test_worker import _wait
from tracker.inference import Question
from tracker.octo_dice.adapter import OctoDiceAdapter
from tracker.octo_dice.twin import OctoDiceTwin
from tracker.pipeline import PipelineStats, PipelineUpdate
from tracker.session import TrackedGame
from tracker.twin_truth import truthful_option
from ui.app.worker import GameSetup, PipelineWorker


class _StillTable:
    """A pipeline stand-in: the same still table every frame (no scene to settle anything), the
    tablet's corrections sent to the tracked game as :meth:`tracker.pipeline.Pipeline.put_right` does."""

    def __init__(self, tracked: TrackedGame[Any, Any]) -> None:
        self.tracked = tracked
        self.profile = None
        self.stats = PipelineStats()

    def step(self) -> PipelineUpdate:
        image = np.full((90, 160, 3), 120, np.uint8)
        return PipelineUpdate(1, image, (), (), self.tracked.state, True, "ok", 10.0, {"total": 1.0}, "settled-same")

    def put_right(self, key: str, value: str) -> list[Any]:
        return self.tracked.put_right(key, value)

    def close(self) -> None:
        pass


def _misread_roll_and_a_waiting_set_aside() -> tuple[OctoDiceTwin, TrackedGame[Any, Any]]:
    """Solo Octo Dice seed 4: the first roll with white3 (lab) misread as submarine, and the set-aside
    after it waiting: white1 and black3 (the twin's) or white1 and black2."""
    twin = OctoDiceTwin(1, 4, variant="solo", max_turns=1)
    roll, kept = twin.truth.history[:2]
    assert isinstance(roll, Roll) and isinstance(kept, SetAside) and kept.dice == ("white1", "black3")
    assert dict(roll.results)["white3"] == "lab"
    state = twin.tracker_initial_state()
    misread = Roll(tuple((die, "submarine" if die == "white3" else face) for die, face in roll.results))
    state.push(misread)
    tracked = TrackedGame(state, OctoDiceAdapter())
    options = ((kept,), (SetAside(("white1", "black2")),))
    tracked.waiting = Question("Which dice did player 1 set aside?", options,
                               tuple(state.describe_move(o[0]) for o in options), option_costs=(0.0, 0.0))
    return twin, tracked


def _set_a_die_right_while_the_question_waits(act_after_answer: bool) -> tuple[OctoDiceTwin, TrackedGame[Any, Any],
                                                                                list[Any]]:
    twin, tracked = _misread_roll_and_a_waiting_set_aside()
    worker = PipelineWorker(GameSetup(game="octo_dice", players=1, max_fps=0, display_width=80),
                            builder=lambda s: (_StillTable(tracked), None, None), niceness=0,
                            act_after_answer=act_after_answer)
    worker.start()
    seen: list[Any] = []
    try:
        view, events = _wait(worker.mailbox, lambda v, e: v.ready)
        assert view.question is None  # a waiting question is not on screen
        worker.put_right("white3", "lab")  # the players set the misread die on the tablet
        view, events = _wait(worker.mailbox, lambda v, e: v.question is not None)
        seen += events
        assert view.question == "Which dice did player 1 set aside?" and view.can_reject
        question = tracked.pending
        assert question is not None and tracked.waiting is None
        option = truthful_option(twin.truth.history, question, tracked.state.history)
        assert option == 0
        worker.answer(option)
        view, events = _wait(worker.mailbox, lambda v, e: v.question is None and any(x.kind == "move" for x in e))
        seen += events
        worker.stop()
        _, events = worker.mailbox.take()
        seen += events
    finally:
        worker.stop()
    return twin, tracked, seen


def test_a_die_set_on_the_tablet_while_a_question_waits_shows_the_question_then_is_made() -> None:
    twin, tracked, events = _set_a_die_right_while_the_question_waits(act_after_answer=True)
    kinds = [(e.kind, e.text) for e in events if e.kind in ("info", "question", "error")]
    assert kinds[:2] == [("info", "answer the question first"), ("question", "Which dice did player 1 set aside?")]
    assert not [e for e in events if e.kind == "error"]
    # the set-aside answered, then the roll made again with the die as set: the twin's game
    assert tracked.state.history == twin.truth.history[:2]
    assert any(e.key == "play.put_right" for e in events)


def test_off_the_action_held_up_by_the_question_is_dropped() -> None:
    """The off control: the question is shown and answered, but the die set on the tablet is lost
    (the old worker: the players had to set it again); the game keeps the misread face."""
    twin, tracked, events = _set_a_die_right_while_the_question_waits(act_after_answer=False)
    assert [e.kind for e in events if e.kind == "question"] == ["question"]
    assert len(tracked.state.history) == 2 and tracked.state.history[1] == twin.truth.history[1]
    assert tracked.state.history[0] != twin.truth.history[0]
    assert dict(tracked.state.history[0].results)["white3"] == "submarine"


def test_open_season_a_take_still_waiting_when_the_camera_stops_is_shown_and_answered() -> None:
    """103057's take (mage-dagger behind the deck: three takes fit alike) waits through the real
    pipeline; the camera stops on its scene: the worker shows the question the last update carries,
    and the answer makes the twin's take."""
    from hardware.camera import SyntheticSource
    from tests.tracker.test_open_season_next_scene_settles import ON, _frames, _game, _SceneRecogniser
    from tracker.open_season.adapter import OpenSeasonAdapter
    from tracker.pipeline import DEMO_GATE, Pipeline
    from tracker.stillness import StillnessGate

    twin, state, (refill, take, _placed) = _game()
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter(), config=ON)
    pipe = Pipeline(SyntheticSource(_frames(2, 5)), _SceneRecogniser([refill, take], 5), tracked,
                    calibrate=False, gate=StillnessGate(DEMO_GATE))
    worker = PipelineWorker(GameSetup(game="open_season", players=3, max_fps=0, display_width=80),
                            builder=lambda s: (pipe, None, None), niceness=0)
    worker.start()
    try:
        view, events = _wait(worker.mailbox, lambda v, e: v.question is not None, 60)
        assert [e.kind for e in events if e.kind in ("question", "move", "error")] == ["question"]
        assert len(view.options) == 3 and tracked.state.history == twin.truth.history[:5]
        question = tracked.pending
        assert question is not None
        option = truthful_option(twin.truth.history, question, tracked.state.history)
        assert option is not None
        worker.answer(option)
        view, events = _wait(worker.mailbox, lambda v, e: v.question is None and any(x.kind == "move" for x in e))
        assert not [e for e in events if e.kind == "error"]
    finally:
        worker.stop()
    assert tracked.state.history == twin.truth.history[:6]


def test_a_choice_tapped_while_a_question_waits_is_entered_after_the_answer() -> None:
    """The twin's solo seed 4 at its first two actions (tablet choices), the first held waiting by
    hand against another action: the player taps the second action; the question comes first,
    the answer makes the first, then the tapped one is entered: the twin's game. Off control: the
    tap is dropped (the choices come back on screen, nothing entered)."""
    for act_after_answer in (True, False):
        twin = OctoDiceTwin(1, 4, variant="solo", max_turns=1)
        truth = twin.truth.history
        state = twin.tracker_initial_state()
        adapter = OctoDiceAdapter()
        while not adapter.tablet_moves(state):  # the twin's rolls and set-asides, to its first action
            state.push(truth[len(state.history)])
        done = len(state.history)
        tracked = TrackedGame(state, adapter)
        other = next(m for m in adapter.tablet_moves(state) if m not in (truth[done], truth[done + 1]))
        options = ((truth[done],), (other,))
        tracked.waiting = Question("Which did player 1 do?", options,
                                   tuple(state.describe_move(o[0]) for o in options), option_costs=(0.0, 0.0))
        worker = PipelineWorker(GameSetup(game="octo_dice", players=1, max_fps=0, display_width=80),
                                builder=lambda s: (_StillTable(tracked), None, None), niceness=0,
                                act_after_answer=act_after_answer)
        worker.start()
        try:
            view, _ = _wait(worker.mailbox, lambda v, e: v.options)  # the tablet's choices, the question waiting
            tapped = view.options.index(state.describe_move(truth[done + 1]))
            worker.answer(tapped)
            view, events = _wait(worker.mailbox, lambda v, e: v.question == "Which did player 1 do?")
            assert [e.kind for e in events if e.kind in ("info", "question", "error")] == ["info", "question"]
            worker.answer(0)
            view, events = _wait(worker.mailbox, lambda v, e: v.question != "Which did player 1 do?" and any(
                x.kind == "move" for x in e))
        finally:
            worker.stop()
        entered = done + 2 if act_after_answer else done + 1
        assert tracked.state.history == truth[:entered]
