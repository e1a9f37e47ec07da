"""The pipeline worker without a display: commands reach the tracked game on the worker thread
only, views and events flow through the mailbox, failures become messages (never a crash)."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace
from typing import Any, cast

import numpy as np
import pytest

from rules.octocube import OctocubeGame
from tracker.pipeline import PipelineStats, PipelineUpdate
from tracker.session import TrackedGame
from tracker.octocube.adapter import OctocubeAdapter
from ui.app.worker import GameSetup, Mailbox, PipelineWorker, UiEvent


class FakePipeline:
    """Frames of a still table; the tracked game records which thread touches it."""

    def __init__(self, frames: int) -> None:
        state = OctocubeGame(2).new_initial_state(1)
        state.push(next(iter(state.legal_moves())))
        self.tracked = TrackedGame(state, OctocubeAdapter())
        self.frames = frames
        self.profile = None
        self.stats = PipelineStats()
        self.threads: set[int] = set()
        self.closed = False
        real_undo = self.tracked.undo

        def undo() -> Any:
            self.threads.add(threading.get_ident())
            return real_undo()

        self.tracked.undo = undo  # type: ignore[method-assign]

    def step(self) -> PipelineUpdate | None:
        self.threads.add(threading.get_ident())
        if self.frames <= 0:
            return None
        self.frames -= 1
        image = np.full((90, 160, 3), 120, np.uint8)
        return PipelineUpdate(1, image, (), (), self.tracked.state, True, "ok", 10.0, {"total": 1.0}, "settled-same")

    def close(self) -> None:
        self.closed = True


def _wait(mailbox: Mailbox, condition: Any, timeout: float = 10.0) -> tuple[Any, list[UiEvent]]:
    events: list[UiEvent] = []
    end = time.monotonic() + timeout
    last = None
    while time.monotonic() < end:
        view, new = mailbox.take()
        events += new
        last = view or last
        if last is not None and condition(last, events):
            return last, events
        time.sleep(0.01)
    raise AssertionError("timed out")


def test_commands_run_on_the_worker_thread_and_views_flow_back() -> None:
    pipe = FakePipeline(frames=5)
    worker = PipelineWorker(GameSetup(max_fps=0, display_width=80), builder=lambda s: (pipe, None, None))
    worker.start()
    view, _ = _wait(worker.mailbox, lambda v, e: v.ended)
    assert view.ready and view.frame_size == (80, 45) and len(view.frame) == 80 * 45 * 3
    assert view.history_len == 1 and "turn" in view.prompt and view.names == ("Red", "Yellow")
    assert not view.camera_ok  # the camera ended
    worker.undo()
    view, events = _wait(worker.mailbox, lambda v, e: v.history_len == 0)
    assert [e.kind for e in events] == ["undo"] and events[0].words("fr").startswith("Coup annulé")
    worker.undo()  # nothing left: a message, not an exception
    _, events = _wait(worker.mailbox, lambda v, e: e)
    assert events[0].key == "play.undo_none"
    worker.stop()
    assert not worker.alive and pipe.closed
    assert pipe.threads == {worker._thread.ident}  # the game was only touched by the worker


def test_a_source_that_cannot_open_becomes_a_message(tmp_path: Any) -> None:
    """Through the worker's real builder: a file that is not a video and a camera that is not
    there each open for real, fail, and come back as one plain message, not a crash."""
    bad = tmp_path / "holiday.mp4"
    bad.write_bytes(b"this is not a video" * 200)
    for setup, message in (
        (GameSetup(source="video", video_path=str(bad)), f"{bad} is not a video OpenCV can read"),
        (GameSetup(source="camera", camera_index=57), "camera 57 could not be opened"),
    ):
        worker = PipelineWorker(setup)
        worker.start()
        view, events = _wait(worker.mailbox, lambda v, e: v.error)
        assert message in view.error and events[0].kind == "error", view.error
        worker.stop()
        assert not worker.alive


def test_a_builder_failure_becomes_a_message() -> None:
    def broken(_setup: GameSetup) -> Any:
        raise ValueError("webcam 3 cannot be opened")

    worker = PipelineWorker(GameSetup(), builder=broken)
    worker.start()
    view, events = _wait(worker.mailbox, lambda v, e: v.error)
    assert view.error == "webcam 3 cannot be opened" and events[0].kind == "error"
    worker.stop()


@pytest.mark.parametrize("setup, message", [
    (GameSetup(players=5), "2-4 players, not 5"),
    (GameSetup(source="kinect"), "camera source must be one of"),
    (GameSetup(source="video", video_path="/no/such.mp4"), "no video file at '/no/such.mp4'"),
])
def test_bad_setups_are_refused_with_the_reason(setup: GameSetup, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        setup.check()


def test_mailbox_keeps_the_newest_view_and_every_event() -> None:
    box = Mailbox()
    box.post(SimpleNamespace(n=1), [UiEvent("move", "a")])  # type: ignore[arg-type]
    box.post(SimpleNamespace(n=2), [UiEvent("move", "b")])  # type: ignore[arg-type]
    view, events = box.take()
    assert cast(Any, view).n == 2 and [e.text for e in events] == ["a", "b"]
    assert box.take() == (None, [])


def test_moves_taken_back_leave_the_screen_and_say_so_in_every_language() -> None:
    from tracker.session import MoveConfirmed, MovesTakenBack

    worker = PipelineWorker(GameSetup(), builder=lambda setup: (None, None, None))  # never started
    no_move: Any = None  # the worker shows the confirmed move's words only
    events = worker._tracker_events([MoveConfirmed(0, no_move, "Red passes"), MoveConfirmed(1, no_move, "Yellow passes")])
    assert worker._last_move == "Yellow passes"
    events += worker._tracker_events([MovesTakenBack(("Yellow passes",))])
    assert (worker._last_mover, worker._last_move) == (0, "Red passes")
    taken = events[-1]
    assert taken.kind == "cleared" and "Yellow passes" in taken.words("en")
    assert taken.words("fr").startswith("Coup repris") and "passes" not in taken.words("fr")
    assert taken.words("nl").startswith("Teruggenomen")


def _octo_dice_solo(twin_enters: bool) -> tuple[PipelineWorker, Any]:
    """A solo Octo Dice turn on the twin's mat (labels read, to keep the test short), in a
    worker whose players either are the twin's (they enter their choices at once) or a real
    table's (the choices wait on screen)."""
    from tracker.build import build_pipeline
    from tracker.table import TableSetup

    built = build_pipeline(TableSetup(game="octo_dice", players=1, options={"variant": "solo", "turns": 1},
                                      source="demo", recogniser="ground-truth", seed=4))
    setup = GameSetup(game="octo_dice", players=1, options={"variant": "solo"}, max_fps=0, display_width=80)
    twin = built.twin if twin_enters else None
    worker = PipelineWorker(setup, builder=lambda s: (built.pipeline, twin, None), niceness=0)
    return worker, built


def test_a_choice_the_camera_cannot_see_waits_on_screen_and_a_tap_enters_it() -> None:
    from ui.i18n import tr

    worker, built = _octo_dice_solo(twin_enters=False)
    worker.start()
    try:
        view, _ = _wait(worker.mailbox, lambda v, e: v.question == tr("play.tablet_choice", "en"), 60)
        state = built.pipeline.tracked.state
        assert view.options and len(view.options) == len(list(state.legal_moves()))
        assert not view.can_reject  # the tablet's own choices: no "none of these"
        assert all(o in {state.describe_move(m) for m in state.legal_moves()} for o in view.options)
        before = view.history_len
        chosen = view.options[0]
        worker.answer(0)
        view, events = _wait(worker.mailbox, lambda v, e: any(x.kind == "move" for x in e), 30)
        assert [x.text for x in events if x.kind == "move"][0] == chosen
        assert view.history_len >= before + 1  # the view posted with the move
        worker.answer(99)  # no such choice: a message, the game untouched
        view, events = _wait(worker.mailbox, lambda v, e: any(x.kind == "error" for x in e), 10)
        assert any("choices 1-" in x.text for x in events if x.kind == "error")
    finally:
        worker.stop()


def test_a_misread_die_set_on_the_tablet_remakes_the_roll_and_its_choices() -> None:
    from ui.i18n import tr

    worker, built = _octo_dice_solo(twin_enters=False)
    worker.start()
    try:
        view, _ = _wait(worker.mailbox, lambda v, e: v.question == tr("play.tablet_choice", "en"), 60)
        fixable = view.sheet.fixable  # the last roll's dice, while the choices wait
        state = built.pipeline.tracked.state
        assert [(c.key, c.value) for c in fixable] == list(state.history[-1].results)
        white = next(c for c in fixable if c.key.startswith("white"))
        face = next(f for f in white.values if f != white.value)
        before = len(state.history)
        worker.put_right(white.key, face)
        view, events = _wait(worker.mailbox, lambda v, e: any(x.key == "play.put_right" for x in e)
                             and v.options and v.sheet.fixable != fixable, 30)
        state = built.pipeline.tracked.state
        assert len(state.history) == before and face in state.history[-1].faces().values()
        assert [x.kind for x in events if x.kind in ("move", "error")] == ["move"]  # the roll, made again
        assert set(view.options) == {state.describe_move(m) for m in state.legal_moves()}
        assert face in [c.value for c in view.sheet.fixable]
        kept = next(d for d in ("white1", "white2", "white3") if d not in {c.key for c in view.sheet.fixable})
        worker.put_right(kept, "lab")  # a die kept from an earlier roll: refused, the game untouched
        view, events = _wait(worker.mailbox, lambda v, e: any(x.kind == "error" for x in e), 10)
        assert [x.text for x in events if x.kind == "error"] == [f"white die {kept[-1]} was not in the last roll"]
        assert len(built.pipeline.tracked.state.history) == before
    finally:
        worker.stop()


def test_the_demo_players_enter_their_choices_themselves() -> None:
    worker, built = _octo_dice_solo(twin_enters=True)
    worker.start()
    try:
        view, events = _wait(worker.mailbox, lambda v, e: v.ended, 120)
    finally:
        worker.stop()
    truth = built.twin.truth.history
    tracked = built.pipeline.tracked.state.history
    assert len(tracked) > 5 and tracked == truth[:len(tracked)]
    assert any(m.kind not in ("roll", "set_aside") for m in tracked)  # choices entered, not only dice


def test_components_of_an_unknown_printing_make_play_offer_to_teach(tmp_path: Any) -> None:
    """A table drawn in a printing the recogniser was never taught (a random bench-seed art pack):
    the camera's message is the recogniser's "teach me your copy" and the view says so, so that
    Play offers "Teach your copy" (issue 20 item 4) instead of following wrong moves."""
    from tracker.build import build_pipeline
    from tracker.table import TableSetup
    from vision.render.random_art import write_random_pack

    art = tmp_path / "art"
    write_random_pack(950003, art)
    built = build_pipeline(TableSetup(game="octocube", players=2, source="demo", seed=3, moves=2,
                                      art=str(art), resolution=(960, 540)))
    mailbox = Mailbox()
    worker = PipelineWorker(GameSetup(max_fps=0, display_width=80), mailbox,
                            builder=lambda s: (built.pipeline, built.twin, None), niceness=0)
    worker.start()
    try:
        view, _ = _wait(mailbox, lambda v, _e: v.ready and v.unknown_copy, timeout=120)
    finally:
        worker.stop()
    assert "teach me your copy" in view.camera_message
    assert view.history_len == 0  # nothing was tracked from tiles it does not know


def test_a_finished_game_asking_for_a_tile_nobody_saw_shows_the_question_not_an_error() -> None:
    """The last Score needs a tile on a cube that the camera never saw: the tracker asks for it
    (tracker/octocube/adapter.py ``final_question``). The worker's view counted the scores on every
    update and would stop on the uncountable game; it shows the question and the last scores it
    could count, and the answer's scores once the players say which tile."""
    from rules.core import load_state
    from rules.octocube import OctocubeState
    from tracker.octocube.twin import TwinGame
    from tracker.session import QuestionAsked

    twin = TwinGame(2, 61000, illegal=0)
    seen = [(c.seat, f) for c in twin.truth.cubes for f, t in c.faces.items() if t is not None][:2]
    data = twin.truth.to_json()
    for seat, face in seen:
        data["state"]["cubes"][seat]["faces"][face] = "?"
    pipe = FakePipeline(frames=3)
    state = load_state(data)
    assert isinstance(state, OctocubeState)
    pipe.tracked = TrackedGame(state, OctocubeAdapter())
    asked = [e for e in pipe.tracked.finish() if isinstance(e, QuestionAsked)]
    assert asked and pipe.tracked.pending is not None
    worker = PipelineWorker(GameSetup(max_fps=0, display_width=80), builder=lambda s: (pipe, None, None))
    worker.start()
    view, events = _wait(worker.mailbox, lambda v, e: v.ended)
    assert view.error == "" and not [e for e in events if e.kind == "error"]
    assert view.over and view.question is not None and "which tile is on the" in view.question
    for _ in range(len(seen)):  # one question per unseen tile (or none for the last copy left)
        if view.question is None:
            break
        question = pipe.tracked.pending
        assert question is not None
        answer = twin.truthful_answer(question, pipe.tracked.state.history)
        assert answer is not None
        asked_before = view.question
        worker.answer(answer)
        view, events = _wait(worker.mailbox, lambda v, e: v.question != asked_before or e)
        assert not [e for e in events if e.kind == "error"]
    assert view.question is None and pipe.tracked.pending is None
    assert list(view.scores) == twin.truth.score_breakdown().totals()
    worker.stop()


def test_none_of_these_reaches_the_tracker_and_raises_its_alert() -> None:
    """Play's "None of these" button: the worker's reject command answers the tracker's question
    (logged "none of these"), the question leaves the screen and the tracker's alert takes its
    place; a second reject with nothing pending is no error."""
    from tracker.inference import Question

    pipe = FakePipeline(frames=400)
    state = pipe.tracked.state
    move = next(iter(state.legal_moves()))
    pipe.tracked.pending = Question("The camera cannot tell what Yellow did. Which was it?", ((move,),),
                                    (state.describe_move(move),))
    worker = PipelineWorker(GameSetup(max_fps=0, display_width=80), builder=lambda s: (pipe, None, None))
    worker.start()
    try:
        view, _ = _wait(worker.mailbox, lambda v, e: v.question is not None)
        assert view.can_reject and view.options == (state.describe_move(move),)
        worker.reject()
        view, events = _wait(worker.mailbox, lambda v, e: v.question is None)
        assert pipe.tracked.pending is None and view.history_len == 1  # nothing applied
        assert view.alert and "none of the camera's options" in view.alert and not view.can_reject
        assert not [e for e in events if e.kind == "error"]
        worker.reject()  # nothing pending any more: ignored, not an error
        view, events = _wait(worker.mailbox, lambda v, e: True)
        assert not [e for e in events if e.kind == "error"]
    finally:
        worker.stop()


def test_a_question_in_two_steps_is_answered_step_by_step_on_play() -> None:
    """Play's question whose options differ only in a tile nobody saw (tracker/two_step.py): the
    first answer shows the follow-up (which tile) on the screen, the second makes the move."""
    from tests.tracker.test_two_step_question import _score_of_an_unseen_tile
    from tracker.two_step import FOLLOW_UP_PROMPT

    truth, tracked, seat, first = _score_of_an_unseen_tile()
    pipe = FakePipeline(frames=400)
    pipe.tracked = tracked
    worker = PipelineWorker(GameSetup(max_fps=0, display_width=80), builder=lambda s: (pipe, None, None))
    worker.start()
    try:
        view, _ = _wait(worker.mailbox, lambda v, e: v.question is not None)
        assert view.options == first.option_texts and len(view.options) == 2
        worker.answer(1)  # "Red scores from A1: collects an unseen tile"
        view, events = _wait(worker.mailbox, lambda v, e: v.question == FOLLOW_UP_PROMPT)
        assert view.can_reject and len(view.options) == 3
        assert not [e for e in events if e.kind == "error"]
        worker.answer(view.options.index("Red scores from A1: collects a light blue pearl"))
        view, events = _wait(worker.mailbox, lambda v, e: v.question is None)
        assert not [e for e in events if e.kind == "error"]
        assert tracked.state.boards[seat].tiles == truth.boards[seat].tiles
        assert tracked.state.cubes[seat].faces == truth.cubes[seat].faces
    finally:
        worker.stop()
