"""The real app under Xvfb: a move the tracker made provisionally is shown unsure on Play and
History until a later scene settles it (``DisplayConfig.show_provisional``), and a question's
options lead with what differs (``DisplayConfig.options_by_difference``).

The scenes are observation bench game 749643's (tests/tracker/test_octocube_seat_settles.py): at
truth move 232 Red places its cube bare side up on D1 (16 orientations leave that table), Yellow
rolls, Red's roll settles it. A pipeline stand-in shows the real tracker one scene each time the
test lets it (so nothing is missed between two UI frames); the app's worker, views and screens
are the real ones. Each setting off is the control (as on main). Runs on the app the other app
tests share (one Kivy window per process); it leaves it as it starts: Home, English, no game."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np

from tests.tracker.octocube_helpers import tracked_until, truth_after
from tests.tracker.test_octocube_seat_settles import ON, PLACED, _twin
from tests.ui.conftest import Driver
from tracker.event_log import EventLog
from tracker.octocube.groundtruth import observation_from_state
from tracker.pipeline import PipelineStats, PipelineUpdate
from tracker.session import TrackedGame
from ui.display import DisplayConfig
from ui.i18n.sentences import translate_sentence
from ui.app.worker import GameSetup, Mailbox, PipelineWorker


class _Scenes:
    """A pipeline stand-in: the same still frame every step; the next of ``scenes`` is shown to the
    tracker once :meth:`next_scene` lets it (its events go out in that step's update)."""

    def __init__(self, tracked: TrackedGame[Any, Any], scenes: list[Any]) -> None:
        self.tracked = tracked
        self.scenes = list(scenes)
        self.profile = None
        self.stats = PipelineStats()
        self._go = threading.Event()
        self.shown = 0

    def next_scene(self) -> None:
        self._go.set()

    def step(self) -> PipelineUpdate:
        events: tuple[Any, ...] = ()
        if self._go.is_set() and self.scenes:
            self._go.clear()
            events = tuple(self.tracked.observe(self.scenes.pop(0)))
            self.shown += 1
        image = np.full((90, 160, 3), 120, np.uint8)
        return PipelineUpdate(1, image, (), events, self.tracked.state, True, "ok", 10.0, {"total": 1.0},
                              "settled-same")

    def close(self) -> None:
        pass


def _start(ui: Driver, tracked: TrackedGame[Any, Any], display: DisplayConfig, log: Any = None) -> _Scenes:
    app = ui.app
    app.stop_game()
    app._clear_play()  # as start_game does
    twin = _twin()
    pipe = _Scenes(tracked, [observation_from_state(truth_after(twin, PLACED + k)) for k in (1, 2, 3)])
    app.mailbox = Mailbox()
    app.display = display
    app.worker = PipelineWorker(GameSetup(players=2, max_fps=20, display_width=160), app.mailbox, language=app.lang,
                                builder=lambda s: (pipe, None, log), niceness=0, display=display)
    app.worker.start()
    app.playing = True
    app.log_path = str(getattr(log, "path", "") or "")
    app.go("play")
    ui.until(lambda: app.ready, 30, "the first view")
    return pipe


def _leave(app: Any) -> None:
    """The app as it starts (whichever app test file runs next in this process): no game, an empty
    Play, the default display, Home."""
    app.stop_game()
    app._clear_play()
    app.display = DisplayConfig()
    app.go("home")


def _logged(tracked: TrackedGame[Any, Any], path: Path) -> EventLog:
    """An event log of the game so far (its moves; what the tracker logs from here is added by it)."""
    log = EventLog.create(path, _twin().tracker_initial_state(), fsync=False)
    codec = tracked.state.game.move_codec
    for move in tracked.state.history:
        log.append("move", player=None, move=codec.encode(move), text=str(move))
    tracked.log = log
    return log


def _placing_text() -> str:
    return truth_after(_twin(), PLACED).describe_move(_twin().truth.history[PLACED])


def test_the_placing_is_unsure_on_play_and_history_until_reds_roll(ui: Driver, tmp_path: Path) -> None:
    app = ui.app
    tracked = tracked_until(_twin(), PLACED)
    tracked.config = ON
    pipe = _start(ui, tracked, DisplayConfig(), _logged(tracked, tmp_path / "game.jsonl"))
    try:
        unsure = ui.widget("play", "unsure")
        assert unsure.text == "" and ui.widget("play", "scores_title").text == "Scores"
        pipe.next_scene()  # Red's placing: made provisionally
        ui.until(lambda: unsure.text, 30, "the unsure line")
        assert tracked.provisional is not None
        made = tracked.provisional.text
        assert made.startswith("Red places the cube on D1")
        assert unsure.text == f"Unsure, waiting for Red's next turn: {made}" and unsure.italic
        last = ui.widget("play", "last_move")
        assert last.text == f"{made}  (unsure: waiting for Red's next turn)" and last.italic
        assert ui.widget("play", "scores_title").text == "Scores (unsure)"
        ui.shot("play_unsure")
        app.set_language("fr")
        ui.until(lambda: unsure.text.startswith("Incertain, en attente du prochain tour de "), 10, "French")
        assert unsure.text.endswith(translate_sentence(made, "fr")) and translate_sentence(made, "fr") != made
        app.set_language("en")
        ui.until(lambda: unsure.text.startswith("Unsure, waiting for Red's"), 10, "English again (names too)")
        ui.tap_nav("history")
        ui.until(lambda: any(r.get("unsure") for r in app.history_rows), 10, "History's unsure row")
        marked = [r["text"] for r in app.history_rows if r.get("unsure")]
        assert len(marked) == 1 and made in marked[0] and marked[0].endswith("(unsure: waiting for Red's next turn)")
        ui.shot("history_unsure")
        ui.tap_nav("play")
        pipe.next_scene()  # Yellow's roll: still unsure, but the last move is sure
        ui.until(lambda: app.history_len == PLACED + 2, 30, "Yellow's roll")
        assert unsure.text and not last.italic and "unsure" not in last.text
        pipe.next_scene()  # Red's roll shows which way the cube was placed
        ui.until(lambda: app.history_len == PLACED + 3 and not unsure.text, 30, "the placing settled")
        assert ui.widget("play", "scores_title").text == "Scores"
        assert tracked.state.history == _twin().truth.history[:PLACED + 3]
        ui.until(lambda: any(e.key == "play.settled" for e in app.recent), 10, "the settled line")
        settled = next(e for e in app.recent if e.key == "play.settled")
        assert app.event_line(settled) == f"Settled: {_placing_text()}"
        ui.tap_nav("history")
        ui.until(lambda: app.history_rows, 10, "History's rows")
        assert not any(r.get("unsure") for r in app.history_rows)
        assert any(_placing_text() in r["text"] for r in app.history_rows)
    finally:
        app.set_language("en")
        _leave(app)
        app.log_path = ""


def test_off_control_the_provisional_placing_reads_as_sure(ui: Driver) -> None:
    app = ui.app
    tracked = tracked_until(_twin(), PLACED)
    tracked.config = ON
    pipe = _start(ui, tracked, DisplayConfig(show_provisional=False))
    try:
        pipe.next_scene()
        ui.until(lambda: app.history_len == PLACED + 1, 30, "Red's placing")
        ui.pump(0.3)
        assert tracked.provisional is not None  # the tracker still waits: only the mark is off
        assert ui.widget("play", "unsure").text == "" and not ui.widget("play", "last_move").italic
        assert ui.widget("play", "scores_title").text == "Scores"
    finally:
        _leave(app)


def _option_buttons(ui: Driver, count: int) -> list[Any]:
    box = ui.widget("play", "option_buttons")
    ui.until(lambda: len(box.children) == count + 1, 30, "the answer buttons (one per frame)")
    return list(reversed(box.children))[:-1]


def test_the_placings_options_lead_with_the_faces(ui: Driver) -> None:
    """Asked at once (the seat wait off in the tracker): 16 options, each button "east · south"
    first, its whole sentence under it; the shared words once above them. A tap on the truth's
    button makes the truth's placing."""
    app = ui.app
    tracked = tracked_until(_twin(), PLACED)  # asks at once
    # every option at once (16 > ``step_over``: tests/ui/test_app_steps.py asks it in steps)
    pipe = _start(ui, tracked, DisplayConfig(step_over=0))
    try:
        pipe.next_scene()
        ui.until(lambda: app.question and app.options, 30, "the placing's question")
        texts = list(app.options)
        split = app.options_split(texts)  # the unturned option leads with "not turned" (test_option_steps.py)
        assert split is not None and len(texts) > 8
        buttons = _option_buttons(ui, len(texts))
        assert [b.full_text for b in buttons] == texts
        assert [b.difference for b in buttons] == list(split.differences)
        for i, button in enumerate(buttons):
            assert button.text.startswith(f"{i + 1}.  [b]{split.differences[i] or '(just that)'}[/b]\n")
            assert texts[i] in button.text  # the whole sentence kept under it
        assert ui.widget("play", "question_shared").text == f"{split.shared}: which one?"
        ui.shot("play_options_by_difference")
        truth = _twin().truth.history[PLACED]
        pending = tracked.pending
        assert pending is not None and pending.whole is None  # one move: asked whole
        ui.tap(buttons[pending.options.index((truth,))])
        ui.until(lambda: not app.question and app.history_len == PLACED + 1, 30, "the answer")
        assert tracked.state.history == _twin().truth.history[:PLACED + 1]
    finally:
        _leave(app)


def test_off_control_the_placings_options_are_whole_sentences(ui: Driver) -> None:
    app = ui.app
    tracked = tracked_until(_twin(), PLACED)
    pipe = _start(ui, tracked, DisplayConfig(options_by_difference=False))
    try:
        pipe.next_scene()
        ui.until(lambda: app.question and app.options, 30, "the placing's question")
        buttons = _option_buttons(ui, len(app.options))
        assert [b.text for b in buttons] == [f"{i + 1}.  {t}" for i, t in enumerate(app.options)]
        assert ui.widget("play", "question_shared").text == ""
    finally:
        _leave(app)
