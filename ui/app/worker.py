"""The pipeline worker: runs :meth:`tracker.pipeline.Pipeline.step` on its own thread.

Why a thread and a mailbox: rendering/recognising a frame takes 30-300 ms, far longer than a UI
frame (16 ms). The worker owns the pipeline and the tracked game, so the game state is only ever
touched by this one thread: the UI sends ``answer`` / ``undo`` / ``stop`` through a queue, and
the worker posts a :class:`PlayView` (everything the Play screen shows, already translated and
with the frame already converted to texture bytes) into a :class:`Mailbox` that the UI polls
from its clock. A slow UI only ever sees the newest view; events are never dropped.

Nothing here imports kivy, so the worker is tested (and benchmarked) without a display.
"""

from __future__ import annotations

import gc
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from rules.core import RulesError
from ui.display import DisplayConfig
from ui.i18n import colour_name, tr

SOURCES = ("demo", "camera", "video")


@dataclass(frozen=True)
class GameSetup:
    """What the Home screen chose."""

    source: str = "demo"
    players: int = 2
    names: tuple[str, ...] = ()
    mode: str = "standard"
    seed: int = 1
    illegal: int = 1
    moves: int = 40
    """Demo: stop the film after this many moves (0 = the whole game)."""
    camera_index: int = 0
    video_path: str = ""
    profile_path: str | None = None
    log_path: str | None = None
    """Where the new game's event log goes (None: no log)."""
    resume_log: str | None = None
    resolution: tuple[int, int] | None = None
    """The demo film's camera; None: the game's own (:attr:`tracker.table.TableGame.demo_resolution`)."""
    demo_frames: tuple[int, int, int, int] = (3, 1, 2, 1)
    """Demo film timing: still, reach, hold, retreat frames per move (few = a short demo)."""
    max_fps: float = 12.0
    """Pace the pipeline (a demo film would otherwise run as fast as it renders)."""
    display_width: int = 800
    """Frames are scaled to this width for the screen: the Play screen shows them about 800 px wide
    (a wider texture only costs upload and sampling time on the UI thread)."""
    first_player: int = 0
    game: str = "octocube"
    pack_path: str | None = None
    """The taught copy of the game (Calibrate -> Teach your copy) the camera's frames are read by;
    None: the built-in art."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The engine's options other than Octocube's ``mode`` (Open Season: ``side``, ``expert``;
    Octo Dice: ``variant``)."""

    def engine_options(self) -> dict[str, Any]:
        """The options the game's engine is built with."""
        if self.game == "octocube":
            return {"mode": self.mode, **self.options}
        return dict(self.options)

    def table_setup(self, resumed: Any = None) -> Any:
        """The tracker's :class:`tracker.table.TableSetup` for this choice (``resumed``: the state
        read back from the log being resumed, whose game and options win)."""
        from tracker.table import TableSetup

        from tracker.registry import table_game

        game = resumed.game.name if resumed is not None else self.game
        # a game without a pixel recogniser yet plays its demo from the twin's labels (said on Play)
        labels = self.source == "demo" and not table_game(game).reads_pixels
        players = resumed.game.num_players if resumed is not None else self.players
        options = dict(resumed.game.options) if resumed is not None else self.engine_options()
        return TableSetup(game=game, players=players, options=options, source=self.source,
                          camera_index=self.camera_index, video_path=self.video_path,
                          profile_path=self.profile_path if self.profile_path and Path(self.profile_path).is_file()
                          else None,
                          first_player=self.first_player, seed=self.seed, illegal=self.illegal, moves=self.moves,
                          resolution=self.resolution or table_game(game).demo_resolution,
                          film_frames=self.demo_frames, recogniser="ground-truth" if labels else "pixels",
                          pack_path=None if labels else self.pack_path)

    def check(self) -> None:
        """Raise ValueError naming the problem (the Home screen shows it)."""
        from rules.core import RulesError
        from tracker.registry import table_game
        from tracker.table import TrackerSetupError

        if self.source not in SOURCES:
            raise ValueError(f"camera source must be one of {', '.join(SOURCES)}, not {self.source!r}")
        if self.source == "video" and not Path(self.video_path).is_file():
            raise ValueError(f"no video file at {self.video_path!r}")
        if self.resume_log is not None:
            return  # the log's own game and options win; reading it checks them
        try:
            table_game(self.game).new_game(self.table_setup())
        except (RulesError, TrackerSetupError) as exc:
            raise ValueError(str(exc)) from None


@dataclass(frozen=True)
class PlayView:
    """One snapshot of the game for the Play screen (immutable: safe to hand across threads)."""

    ready: bool = False
    frame: bytes | None = None
    """RGB bytes, bottom row first (a Kivy texture's order), ``frame_size`` pixels."""
    frame_size: tuple[int, int] = (0, 0)
    table_view: bool = False
    fps: float = 0.0
    camera_ok: bool = True
    camera_message: str = ""
    unknown_copy: bool = False
    """The camera's message is the recogniser saying the components look like no copy it knows:
    Play offers "Teach your copy"."""
    refused: bool = False
    """The camera's message is the recogniser refusing the scene in a way the players may
    overrule (Octo Dice: a die called cocked): Play offers "It lies flat"."""
    misread: bool = False
    """The standing alarm may be the camera's misreading (Octo Dice: a die called turned by hand):
    Play offers "The camera misread it" beside it."""
    ended: bool = False
    prompt: str = ""
    current_player: int = -1
    names: tuple[str, ...] = ()
    last_move: str = ""
    last_mover: int = -1
    alert: str | None = None
    question: str | None = None
    options: tuple[str, ...] = ()
    option_turned: tuple[bool | None, ...] = ()
    """Per option of the tracker's question: :attr:`tracker.inference.Question.option_turned`
    (empty for the tablet's own choices): an unturned placing leads with "not turned"."""
    option_orientation: tuple[tuple[str, str] | None, ...] = ()
    """Per option: :attr:`tracker.inference.Question.option_orientation`."""
    can_reject: bool = False
    """The question is the tracker's (not the tablet's own choices): the players may answer
    "none of these" (the tracker then asks again with the readings widened, or raises its alert)."""
    scores: tuple[int, ...] = ()
    breakdown: Any = None
    over: bool = False
    history_len: int = 0
    log_path: str = ""
    recognised: int = 0
    overlay: tuple[tuple[str, float], ...] = ()
    stage_ms: dict[str, float] = field(default_factory=dict)
    error: str = ""
    sheet: Any = None
    """Octo Dice: :class:`SheetView` (every player's paper sheet, the dice, what each choice
    would cross); None for the other games."""
    provisional: Any = None
    """The moves a seat wait made provisionally (:class:`tracker.session.Provisional`, frozen),
    shown as unsure until settled; None when none waits or ``DisplayConfig.show_provisional`` is off."""


@dataclass(frozen=True)
class SheetView:
    """The drawn score sheets (``ui.app.sheet_model``), rebuilt only when the game changes."""

    sheets: tuple[Any, ...]
    dice: Any
    marks: tuple[Any, ...]
    """Per tablet choice (the buttons, in order): (player, what it would cross)."""
    virtual: bool
    """The 2-player variant with a virtual player."""
    virtual_roll: tuple[tuple[str, str], ...] = ()
    """The virtual player's last roll: (die, face) for its six dice."""
    fixable: tuple[Any, ...] = ()
    """The dice the players may set on the tablet when the camera misread one
    (:class:`tracker.adapter.Correctable`); none while a question waits."""


@dataclass(frozen=True)
class UiEvent:
    kind: str
    """'move', 'seen', 'question', 'alert', 'cleared', 'undo', 'info', 'error'."""
    text: str
    key: str = ""
    """For the app's own sentences: the translation id, so the line follows a language switch."""
    fields: tuple[tuple[str, str], ...] = ()

    def words(self, lang: str) -> str:
        """The line in ``lang``: the app's own sentences from the catalogue, the engine's and the
        tracker's English (``text``, or a ``text`` field such as the move an undo took back)
        through :func:`ui.i18n.sentences.translate_sentence`."""
        from ui.i18n.sentences import translate_sentence

        if self.key:
            fields = {k: translate_sentence(v, lang) if k == "text" else v for k, v in self.fields}
            return tr(self.key, lang, **fields)
        return translate_sentence(self.text, lang)


class Mailbox:
    """Latest view + every event since the last :meth:`take` (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._view: PlayView | None = None
        self._events: list[UiEvent] = []
        self.posted = 0

    def post(self, view: PlayView | None, events: list[UiEvent] | tuple[UiEvent, ...] = ()) -> None:
        with self._lock:
            if view is not None:
                self._view = view
            self._events.extend(events)
            self.posted += 1

    def take(self) -> tuple[PlayView | None, list[UiEvent]]:
        with self._lock:
            view, events = self._view, self._events
            self._view, self._events = None, []
        return view, events


def player_names(setup_names: tuple[str, ...], players: int, lang: str) -> tuple[str, ...]:
    return tuple((setup_names[s].strip() if s < len(setup_names) and setup_names[s].strip() else
                  colour_name(s, lang)) for s in range(players))


class PipelineWorker:
    """Owns the pipeline; call :meth:`start`, then send commands; :meth:`stop` joins."""

    def __init__(self, setup: GameSetup, mailbox: Mailbox | None = None, *, language: str = "en",
                 table_view: bool = False, builder: Callable[[GameSetup], tuple[Any, Any, Any]] | None = None,
                 niceness: int = 5, act_after_answer: bool = True, display: DisplayConfig | None = None) -> None:
        self.setup = setup
        self.display = display or DisplayConfig()
        """What the views show of the tracker's doubts (a provisional move as unsure)."""
        self._settlements = 0
        """The tracker's seat waits settled unasked that the events already said."""
        self.act_after_answer = act_after_answer
        """Make a tablet action the tracker refused for a waiting question once that question is
        answered (False: the old way, the action dropped and tapped again; the tests' off control)."""
        self._after_answer: tuple[str, Any] | None = None
        """A tablet action taken while a question waited for the next scene
        (``TrackedGame.waiting``): the tracker asked that question first and refused the action;
        ("enter", move) or ("put_right", (key, value)), made once the question is answered."""
        self.niceness = niceness
        self._breakdown: Any = None
        """The last score breakdown that could be counted (shown while the players are asked for
        a tile the final scoring needs)."""
        self.mailbox = mailbox or Mailbox()
        self.language = language
        self.table_view = table_view
        self._builder = builder or build_pipeline
        self._commands: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="tablesight-pipeline", daemon=True)
        self.pipeline: Any = None
        self.twin: Any = None
        self._log: Any = None
        self._last_move = ""
        self._last_mover = -1
        self._ended = False
        self._rectifier: Any = None
        self._rectifier_for: Any = None
        self._last_update: Any = None
        self._moves_shown: list[tuple[int, str]] = []
        self._choices: tuple[Any, ...] = ()
        """Moves the players pick on the tablet now (a choice the camera cannot see), or none."""
        self._overlay: tuple[Any, ...] = ()
        """The last recognised scene's boxes: kept on screen until the next recognition."""
        self._sheet: tuple[Any, SheetView | None] = ((), None)
        """(the game's history and choices it was built for, the sheet view)."""
        self.steps = 0

    # ------------------------------------------------------------------ commands (any thread)
    def start(self) -> None:
        self._thread.start()

    def answer(self, option: int) -> None:
        self._commands.put(("answer", option))

    def undo(self) -> None:
        self._commands.put(("undo", None))

    def reject(self) -> None:
        """The players answer the tracker's question "none of these"."""
        self._commands.put(("reject", None))

    def put_right(self, key: str, value: str) -> None:
        """The players set a reading the camera got wrong (an Octo Dice die's face)."""
        self._commands.put(("put_right", (key, value)))

    def lies_flat(self) -> None:
        """The players say the die the camera called cocked lies flat (:meth:`Pipeline.overrule`)."""
        self._commands.put(("overrule", None))

    def camera_misread(self) -> None:
        """The players say the alarm is the camera's misreading (:meth:`Pipeline.misread`)."""
        self._commands.put(("misread", None))

    def set_language(self, lang: str) -> None:
        self._commands.put(("language", lang))

    def set_table_view(self, on: bool) -> None:
        self._commands.put(("table_view", bool(on)))

    def request_read(self) -> None:
        """The dice tower says a roll has settled: the pipeline reads the first quiet frame
        (thread-safe; before the pipeline is built it is a no-op, the gate reads as usual)."""
        pipeline = self.pipeline
        if pipeline is not None:
            pipeline.request_read()

    def stop(self, timeout: float = 5.0) -> None:
        self._commands.put(("stop", None))
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # ------------------------------------------------------------------ the worker thread
    def _run(self) -> None:
        _yield_to_the_ui(self.niceness)
        try:
            self.pipeline, self.twin, self._log = self._builder(self.setup)
        except Exception as exc:  # a camera that cannot open, a bad log: say so, never crash the UI
            self.mailbox.post(PlayView(ready=False, camera_ok=False, camera_message=str(exc), error=str(exc)),
                              [UiEvent("error", str(exc))])
            return
        settle_heap(collect=False)  # the game, models and (demo) film are built: keep them out of GC scans
        from tracker.registry import table_game

        game = self.pipeline.tracked.state.game.name
        notes = [] if table_game(game).reads_pixels else [
            UiEvent("info", tr("play.labels_only", self.language), "play.labels_only")]
        self.mailbox.post(self._view(None), notes)
        try:
            self._loop()
        finally:
            try:
                self.pipeline.close()
            finally:
                if self._log is not None:
                    self._log.close()

    def _loop(self) -> None:
        period = 1.0 / self.setup.max_fps if self.setup.max_fps > 0 else 0.0
        synthetic = self.twin is not None
        while True:
            t0 = time.perf_counter()
            events: list[UiEvent] = []
            changed = False
            while True:  # every waiting command first
                try:
                    name, arg = self._commands.get_nowait()
                except queue.Empty:
                    break
                if name == "stop":
                    return
                changed = True
                try:
                    events += self._command(name, arg)
                except Exception as exc:  # a bad command must never stop the camera
                    events.append(UiEvent("error", f"{type(exc).__name__}: {exc}"))
            tracked = self.pipeline.tracked
            if not self._ended:
                tablet = self._tablet()
                if tablet:
                    events += tablet
                    changed = True
            # the simulated players of the demo wait for the answer; a real camera keeps filming
            waiting = self._ended or (synthetic and tracked.pending is not None)
            if waiting:
                if changed:
                    self.mailbox.post(self._view(self._last_update), events)
                try:
                    name, arg = self._commands.get(timeout=0.1)
                except queue.Empty:
                    continue
                if name == "stop":
                    return
                self._commands.put((name, arg))  # handled at the top of the loop
                continue
            update = self.pipeline.step()
            self.steps += 1
            if update is None:
                self._ended = True
                self.mailbox.post(self._view(self._last_update), events + [UiEvent("info", tr("play.ended", self.language), "play.ended")])
                continue
            events += self._tracker_events(update.events)
            events += self._tablet()
            if update.recognised:
                self._overlay = tuple(update.overlay)
            if update.image is not None:
                self._last_update = update
            self.mailbox.post(self._view(update), events)
            spare = period - (time.perf_counter() - t0)
            if spare > 0:
                time.sleep(spare)

    def _command(self, name: str, arg: Any) -> list[UiEvent]:
        tracked = self.pipeline.tracked
        if name == "answer" and tracked.pending is None and self._choices:
            try:
                move = self._choices[int(arg)]
            except (ValueError, IndexError):
                return [UiEvent("error", f"there are choices 1-{len(self._choices)}, not {arg}")]
            self._choices = ()
            waited = tracked.waiting is not None
            try:
                return self._tracker_events(tracked.enter([move]))
            except Exception as exc:  # refused by the engine: the state is untouched
                return self._asked_first(("enter", move), exc) if waited else [UiEvent("error", str(exc))]
        if name == "answer":
            try:
                moved = tracked.answer(int(arg))
            except (ValueError, IndexError) as exc:
                return [UiEvent("error", str(exc))]
            return self._tracker_events(moved) + self._act_after_answer()
        if name == "reject":
            self._after_answer = None  # none of these: the alert stands, the players act afresh
            if tracked.pending is None:  # answered meanwhile: nothing to reject
                return []
            return self._tracker_events(tracked.reject())
        if name == "undo":
            self._after_answer = None
            if not tracked.state.history:
                return [UiEvent("info", tr("play.undo_none", self.language), "play.undo_none")]
            try:
                move = tracked.undo()
            except Exception as exc:
                return [UiEvent("error", f"{type(exc).__name__}: {exc}")]
            text = tracked.state.describe_move(move)
            if self._moves_shown:
                self._moves_shown.pop()
            self._last_mover, self._last_move = self._moves_shown[-1] if self._moves_shown else (-1, "")
            return [UiEvent("undo", tr("play.undone", self.language, text=text), "play.undone", (("text", text),))]
        if name == "put_right":
            return self._put_right(*arg)
        if name == "overrule":
            if not self.pipeline.overrule():  # the table moved meanwhile: nothing to overrule
                return []
            return [UiEvent("info", tr("play.lies_flat_done", self.language), "play.lies_flat_done")]
        if name == "misread":
            if not self.pipeline.misread():  # the table moved meanwhile: nothing to answer
                return []
            return [UiEvent("info", tr("play.misread_done", self.language), "play.misread_done")]
        if name == "language":
            self.language = str(arg)
        elif name == "table_view":
            self.table_view = bool(arg)
        return []

    def _put_right(self, key: str, value: str) -> list[UiEvent]:
        """A die set right on the tablet: the moves it changes leave the screen and come back as
        they should have been."""
        tracked = self.pipeline.tracked
        before = list(tracked.state.history)
        waited = tracked.waiting is not None
        try:
            moved = self.pipeline.put_right(key, value)
        except Exception as exc:  # refused (the reason in words): the game is untouched
            return self._asked_first(("put_right", (key, value)), exc) if waited else [UiEvent("error", str(exc))]
        if not moved:
            return []
        after = tracked.state.history
        kept = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after)))
        del self._moves_shown[max(len(self._moves_shown) - (len(before) - kept), 0):]
        self._choices = ()
        return [UiEvent("cleared", tr("play.put_right", self.language), "play.put_right")] + self._tracker_events(moved)

    def _asked_first(self, action: tuple[str, Any], refusal: Exception) -> list[UiEvent]:
        """A tablet action refused while a question waited for the next scene: the tracker asked
        that question now (its moves came first on the table), so the question goes on screen with
        the reason ("answer the question first"), and the action is kept to be made once the
        question is answered. Any other refusal is the error it was."""
        pending = self.pipeline.tracked.pending
        if pending is None:
            return [UiEvent("error", str(refusal))]
        if self.act_after_answer:
            self._after_answer = action
        return [UiEvent("info", str(refusal)), UiEvent("question", pending.prompt)]

    def _act_after_answer(self) -> list[UiEvent]:
        """Once every question is answered: the tablet action the waiting question held up, made
        now on the game as the answer left it (validated again: a choice no longer offered is
        dropped, the tablet shows the choices there are)."""
        tracked = self.pipeline.tracked
        if self._after_answer is None or tracked.pending is not None:
            return []
        (kind, arg), self._after_answer = self._after_answer, None
        if kind == "put_right":
            return self._put_right(*arg)
        if arg not in tracked.adapter.tablet_moves(tracked.state):
            return []
        self._choices = ()
        try:
            return self._tracker_events(tracked.enter([arg]))
        except Exception as exc:
            return [UiEvent("error", str(exc))]

    def _tracker_events(self, tracker_events: Any) -> list[UiEvent]:
        from tracker.session import event_words
        from tracker.session import (AlertCleared, IllegalMoveAlert, MoveConfirmed, MovesTakenBack, QuestionAsked,
                                     TilesRevealed)

        out: list[UiEvent] = []
        for event in tracker_events:
            if isinstance(event, MoveConfirmed):
                self._last_move, self._last_mover = event.text, event.player
                self._moves_shown.append((event.player, event.text))
                out.append(UiEvent("move", event.text))
            elif isinstance(event, TilesRevealed):
                out.append(UiEvent("seen", event_words(event, self.pipeline.tracked.adapter)))
            elif isinstance(event, QuestionAsked):
                out.append(UiEvent("question", event.question.prompt))
            elif isinstance(event, IllegalMoveAlert):
                out.append(UiEvent("alert", event.reason))
            elif isinstance(event, AlertCleared):
                out.append(UiEvent("cleared", event.text))
            elif isinstance(event, MovesTakenBack):
                # the table went back to before the last scene's moves: they leave the screen too
                del self._moves_shown[max(len(self._moves_shown) - len(event.texts), 0):]
                self._last_mover, self._last_move = self._moves_shown[-1] if self._moves_shown else (-1, "")
                text = "; ".join(event.texts)
                out.append(UiEvent("cleared", tr("play.taken_back", self.language, text=text), "play.taken_back",
                                   (("text", text),)))
        return out + self._settled()

    def _settled(self) -> list[UiEvent]:
        """A seat wait settled unasked since the last events (``TrackedGame.settlements``): said
        once, so the players see the unsure move become sure (``DisplayConfig.show_provisional``)."""
        tracked = getattr(self.pipeline, "tracked", None)
        count = int(getattr(tracked, "settlements", 0))
        if count == self._settlements:
            return []
        self._settlements = count
        settled = getattr(tracked, "settled", None)
        if not self.display.show_provisional or settled is None:
            return []
        return [UiEvent("info", tr("play.settled", self.language, text=settled.text), "play.settled",
                        (("text", settled.text),))]

    def _tablet(self) -> list[UiEvent]:
        """A choice the camera cannot see (Octo Dice: which dice make an action): the demo's
        simulated players enter theirs at once; at a real table the choices wait on screen."""
        tracked = self.pipeline.tracked
        if tracked.pending is not None:
            return []
        choices = tracked.adapter.tablet_moves(tracked.state)
        if not choices:
            self._choices = ()
            return []
        entered = getattr(self.twin, "tablet_moves", None)
        moves = entered(list(tracked.state.history)) if callable(entered) else []
        if moves:
            self._choices = ()
            waited = tracked.waiting is not None
            try:
                return self._tracker_events(tracked.enter(list(moves)))
            except Exception as exc:  # a waiting question asked first: the demo's players enter again after it
                if waited and tracked.pending is not None:
                    return [UiEvent("info", str(exc)), UiEvent("question", tracked.pending.prompt)]
                return [UiEvent("error", str(exc))]
        self._choices = tuple(choices)
        return []

    # ------------------------------------------------------------------ views
    def _view(self, update: Any) -> PlayView:
        from ui.i18n.prompts import game_prompt

        tracked = self.pipeline.tracked
        state = tracked.state
        lang = self.language
        names = player_names(self.setup.names, state.game.num_players, lang)
        try:
            breakdown = state.score_breakdown()
            self._breakdown = breakdown
        except RulesError:  # a finished game waiting for a tile nobody saw (its question is open)
            breakdown = self._breakdown
        pending = tracked.pending
        frame, size, table = None, (0, 0), False
        camera_ok, message, fps, stage = True, "", 0.0, {}
        overlay: tuple[tuple[Any, float], ...] = ()
        if update is not None:
            camera_ok, message, fps, stage = update.camera_ok, update.camera_message, update.fps, dict(update.stage_ms)
            overlay = tuple((item.label, float(item.confidence)) for item in self._overlay)
            if update.image is not None:
                frame, size, table = self._frame(update)
        if self._ended:
            camera_ok, message = False, tr("play.ended", lang)
        return PlayView(
            ready=True, frame=frame, frame_size=size, table_view=table, fps=round(fps, 1),
            camera_ok=camera_ok, camera_message=message, ended=self._ended,
            unknown_copy=bool(message) and message == self.pipeline.stats.unknown_copy,
            refused=update is not None and update.refused is not None and getattr(self.pipeline, "refused", None) is not None,
            misread=tracked.alert is not None and getattr(self.pipeline, "misread_offer", None) is not None,
            prompt=game_prompt(state, lang, names), current_player=state.current_player(), names=names,
            last_move=self._last_move, last_mover=self._last_mover, alert=tracked.alert,
            question=(pending.prompt if pending is not None else
                      tr("play.tablet_choice", lang) if self._choices else None),
            options=(tuple(pending.option_texts) if pending is not None else
                     tuple(state.describe_move(m) for m in self._choices)),
            can_reject=pending is not None,
            option_turned=pending.option_turned if pending is not None else (),
            option_orientation=pending.option_orientation if pending is not None else (),
            scores=tuple(breakdown.totals()) if breakdown is not None else (), breakdown=breakdown,
            over=state.is_terminal(),
            history_len=len(state.history), log_path=str(getattr(self._log, "path", "") or ""),
            recognised=self.pipeline.stats.recognised, overlay=overlay, stage_ms=stage,
            sheet=self._sheet_view(state, self._choices if pending is None else (), pending is None),
            provisional=getattr(tracked, "provisional", None) if self.display.show_provisional else None)

    def _sheet_view(self, state: Any, choices: tuple[Any, ...], settable: bool = True) -> SheetView | None:
        """Octo Dice's sheets, built again only after a move, an undo or new choices (the same
        object otherwise, so the UI redraws nothing)."""
        if not callable(getattr(state, "score_sheet", None)):
            return None
        key = (tuple(state.history), choices, settable)
        if self._sheet[1] is not None and self._sheet[0] == key:
            return self._sheet[1]
        from ui.app.sheet_model import choice_marks, dice_model, last_virtual_roll, sheet_models

        try:
            view = SheetView(sheet_models(state), dice_model(state), choice_marks(state, choices),
                             state.game.variant == "virtual", last_virtual_roll(state),
                             self.pipeline.tracked.adapter.correctable(state) if settable else ())
        except Exception:  # a sheet that cannot be drawn must never stop the camera: no sheet
            view = None
        self._sheet = (key, view)
        return view

    def _frame(self, update: Any) -> tuple[bytes, tuple[int, int], bool]:
        """Overlay, optional rectification, resize, RGB, bottom-up: all off the UI thread."""
        from ui.app.frames import draw_recognised, rectifier_for, to_texture_bytes

        highlight = self._last_mover
        image, table = update.image, False
        overlay: tuple[Any, ...] = self._overlay
        if self.table_view:
            profile = self.pipeline.profile
            if profile is not None and profile is not self._rectifier_for:
                self._rectifier, self._rectifier_for = rectifier_for(profile), profile
            if self._rectifier is not None:
                try:
                    image, table = self._rectifier(image), True
                    overlay = _overlay_on_table(overlay, profile, self._rectifier)
                except Exception:
                    image, table, overlay = update.image, False, self._overlay
        image = draw_recognised(image, overlay, highlight)
        data, size = to_texture_bytes(image, self.setup.display_width)
        return data, size, table


def _overlay_on_table(overlay: tuple[Any, ...], profile: Any, rectifier: Any) -> tuple[Any, ...]:
    """The recognised boxes moved from camera pixels to the rectified view (image -> table mm ->
    rectified px); none when the profile undistorts (the boxes would need undistorting first)."""
    from types import SimpleNamespace

    if getattr(profile, "intrinsics", None) is not None:
        return ()
    geometry = profile.table
    return tuple(SimpleNamespace(label=item.label, confidence=item.confidence,
                                 polygon=rectifier.table_mm_to_px(geometry.image_to_mm(np.asarray(item.polygon, float))))
                 for item in overlay)


def settle_heap(*, collect: bool = True) -> None:
    """Move every object alive now out of the garbage collector's reach (``gc.freeze``).

    A full collection stops every thread while it walks all objects; with Kivy, the engine, the
    models and a demo film loaded that walk took 150 ms, a frozen UI frame. Objects built once
    and kept (widgets, the game, the recogniser) never become garbage, so they need no walking.
    ``collect`` first frees what is already garbage (at start-up, before the first frame; not
    while the UI is drawing, since it is the very pause this avoids)."""
    if collect:
        gc.collect()
    gc.freeze()


def _yield_to_the_ui(niceness: int) -> None:
    """Lower this thread's CPU priority (Linux/Android: a thread has its own nice value) and keep
    OpenCV to one thread, so that on a 2-core tablet the UI thread and the GL renderer always
    find a free core. Best effort: nothing happens where the OS does not allow it."""
    import os

    try:
        import cv2

        cv2.setNumThreads(1)
    except Exception:
        pass
    if niceness <= 0 or not hasattr(os, "setpriority"):
        return
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + niceness))
    except (OSError, AttributeError):
        pass


# ====================================================================== building the pipeline


def build_pipeline(setup: GameSetup) -> tuple[Any, Any, Any]:
    """(pipeline, twin or None, event log or None) for ``setup``; runs on the worker thread.
    The pipeline itself comes from :func:`tracker.build.build_pipeline`, as for the CLI."""
    from tracker.build import build_pipeline as build_tracker_pipeline
    from tracker.event_log import EventLog, replay

    setup.check()
    resumed = replay(setup.resume_log) if setup.resume_log else None
    built = build_tracker_pipeline(setup.table_setup(resumed.state if resumed is not None else None),
                                   resume=resumed.state if resumed is not None else None)
    pipe = built.pipeline
    log = None
    if setup.resume_log:
        log = EventLog(setup.resume_log, fsync=True)
    elif setup.log_path:
        log = EventLog.create(setup.log_path, pipe.tracked.state, players=list(setup.names[:setup.players]),
                              fsync=False, source=setup.source, seed=setup.seed if setup.source == "demo" else None,
                              illegal=setup.illegal if setup.source == "demo" else None)
    pipe.tracked.log = log
    return pipe, built.twin, log
