"""The TableSight tablet app (Kivy): Home, Calibrate, Play, Score, History, Settings.

App state lives in Kivy properties on :class:`TableSightApp` (as in Electrum's Kivy GUI): the
screens' .kv rules bind to them, so a new :class:`ui.app.worker.PlayView` or a language switch
updates every label by itself. The pipeline and the calibration run on worker threads; the UI
thread only polls their mailboxes (``Clock``), copies views into properties and blits the
already-converted frame bytes into a texture.
"""

from __future__ import annotations

import sys
import os
import threading
import time
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock, mainthread
from kivy.graphics.texture import Texture
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.metrics import sp
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager
from kivy.utils import escape_markup

from ui.app.octo_dice_sheet import OctoSheetPanel  # noqa: F401  (registers the kv classes)
from ui.app.settings import TEXT_SIZES, AppSettings, saved_games
from ui.app.worker import GameSetup, Mailbox, PipelineWorker, PlayView, UiEvent, settle_heap
from ui.display import DisplayConfig
from ui.i18n import LANGUAGES, category_name, colour_name, tr
from ui.i18n.option_words import SLOT_JOIN
from ui.i18n.sentences import face_name, translate_label, translate_player, translate_sentence

KV_DIR = Path(__file__).resolve().parent / "kv"
SCREENS = ("home", "calibrate", "play", "score", "history", "settings", "photo", "teach")
SHARED_KV = ("root", "octo_dice_sheet")
ALERT_HOLD_S = 3.0
"""An illegal-move alert stays up at least this long, even when the table is put right at once."""
BACKGROUND_RGBA = (0.1, 0.11, 0.13, 1)
SEAT_RGBA = ((0.86, 0.2, 0.2, 1), (0.95, 0.8, 0.15, 1), (0.2, 0.45, 0.95, 1), (0.6, 0.3, 0.8, 1))
"""Red, yellow, blue, purple (the engine's seat colours)."""


def app_home() -> Path:
    """Settings, profile and game logs live here (``TABLESIGHT_HOME``, else ~/.tablesight)."""
    return Path(os.environ.get("TABLESIGHT_HOME") or Path.home() / ".tablesight")


def _app() -> Any:
    return App.get_running_app()


def _make(kv_class: str, **props: Any) -> Any:
    """A kv dynamic class with its kv-declared properties set (they cannot go to __init__)."""
    widget = getattr(Factory, kv_class)()
    for name, value in props.items():
        setattr(widget, name, value)
    return widget


class HomeScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        _app().bind(saved=self.fill_resume, lang=self.fill_resume)
        self.fill_resume()

    def fill_resume(self, *_args: Any) -> None:
        app = _app()
        box = self.ids.resume_list
        box.clear_widgets()
        for entry in app.saved:
            button = _make("BigButton", text=f"{app.t('home.resume')}: {entry['text']}",
                                       background_color=(0.25, 0.3, 0.4, 1))
            button.bind(on_release=lambda _b, e=entry: app.resume(e))
            box.add_widget(button)


class CalibrateScreen(Screen):
    def on_enter(self, *args: Any) -> None:
        App.get_running_app().start_calibration()

    def on_leave(self, *args: Any) -> None:
        App.get_running_app().stop_calibration()


class PlayScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        app = _app()
        app.bind(scores=self.fill_scores, player_names=self.fill_scores, current_player=self.fill_scores,
                 font_scale=self.fill_scores, lang=self.fill_scores, options=self.fill_options)
        app.bind(lang=self.fill_options)  # the options are the tracker's English: re-translated
        app.bind(option_path=self.fill_options)  # a step of a long question chosen, or Back
        self.fill_scores()

    def fill_scores(self, *_args: Any) -> None:
        """Score rows: updated in place (their kv binds every property); rebuilt only when the
        number of players changes. Rebuilding them on every new score cost ~10 ms of UI time."""
        app = _app()
        box = self.ids.score_rows
        rows = list(reversed(box.children))  # Kivy keeps children newest first
        if len(rows) != len(app.player_names):
            box.clear_widgets()
            rows = [_make("ScoreRow") for _ in app.player_names]
            for row in rows:
                box.add_widget(row)
        for seat, (row, name) in enumerate(zip(rows, app.player_names)):
            points = app.scores[seat] if seat < len(app.scores) else 0
            row.seat, row.name = seat, name
            row.points = app.t("play.points", points=points)
            row.current = seat == app.current_player

    def fill_options(self, *_args: Any) -> None:
        """The answer buttons, one per UI frame: laying out a few long translated sentences at
        once took ~25 ms, and on top of a software buffer swap that froze a frame past 50 ms.
        A tracker question of more than ``DisplayConfig.step_over`` options is asked in steps
        (:meth:`TableSightApp.option_step`): a button per group, then the options of the group
        chosen, with "Back"; a button standing for one option answers it (the whole question's
        index, as when every option is shown)."""
        app = _app()
        box = self.ids.option_buttons
        box.clear_widgets()
        texts = list(app.options)
        self._options_batch = batch = object()  # a newer question stops an older fill
        split = app.options_split(texts)
        step, chosen = app.option_step(split, len(texts))
        if split is None:
            app.question_shared = ""
        elif chosen:
            app.question_shared = app.t("question.step_shared", shared=split.shared, chosen=SLOT_JOIN.join(chosen))
        else:
            app.question_shared = app.t("question.shared", shared=split.shared)
        # what each button does: ("option", whole index, label) or ("group", step index, label) or ("back", -1, "")
        entries: list[tuple[str, int, str]] = []
        if step is None:
            entries = [("option", i, split.differences[i] if split is not None else "") for i in range(len(texts))]
        else:
            if chosen:
                entries.append(("back", -1, ""))
            for k, (label, members) in enumerate(zip(step.labels, step.members)):
                entries.append(("option", members[0], label) if len(members) == 1 else ("group", k, label))

        def add(at: int) -> None:
            if self._options_batch is not batch or at > len(entries):
                return
            if at == len(entries):  # last: "none of these", for the tracker's questions only
                if texts and app.can_reject:
                    none = _make("BigButton", text=app.t("play.none_of_these"), font_size=app.fs(21))
                    none.bind(on_release=lambda _b: app.reject_question())
                    box.add_widget(none)
                return
            kind, i, label = entries[at]
            if kind == "back":
                button = _make("BigButton", text=app.t("question.back"), font_size=app.fs(21))
                button.bind(on_release=lambda _b: app.option_back())
                button.step_kind = "back"
                box.add_widget(button)
            elif kind == "group":
                members = step.members[i] if step is not None else ()
                button = _make("BigButton", markup=True, font_size=app.fs(21),
                               text=app.t("question.group", label=f"[b]{escape_markup(label)}[/b]", n=len(members)))
                button.bind(on_release=lambda _b, k=i: app.option_choose(k))
                button.step_kind, button.difference, button.members = "group", label, tuple(members)
                box.add_widget(button)
            else:
                self._add_option(box, texts, split, i, label, shown=at + 1 - (1 if entries[0][0] == "back" else 0))
            Clock.schedule_once(lambda _dt: add(at + 1), 0)

        add(0)

    def _add_option(self, box: Any, texts: list[str], split: Any, i: int, label: str, shown: int) -> None:
        """The button that answers option ``i`` of the question (numbered ``shown`` on screen)."""
        app = _app()
        if split is None:
            button = _make("BigButton", text=f"{shown}.  {app.say(texts[i])}", font_size=app.fs(21))
        else:
            # what differs first, bold; the whole sentence under it, smaller and grey
            difference = label or app.t("question.nothing_more")
            button = _make("BigButton", markup=True, font_size=app.fs(21),
                           text=f"{shown}.  [b]{escape_markup(difference)}[/b]\n[size={int(app.fs(15))}]"
                                f"[color=c8d2e0]{escape_markup(split.full[i])}[/color][/size]")
            button.difference = label
        button.full_text = texts[i]  # the tracker's English sentence, whichever way it is shown
        button.option, button.step_kind = i, "option"
        button.bind(on_release=lambda _b, i=i: app.answer(i))
        view = app.sheet_view
        if view is not None and len(view.marks) == len(texts):
            # Octo Dice: "Show" draws on the sheet what this choice would cross
            row = _make("OptionRow")
            show = _make("SheetShow", text=app.t("sheet.show"), option=i)
            show.bind(on_release=lambda b, i=i: app.preview_choice(i if b.state == "down" else -1))
            row.add_widget(show)
            row.add_widget(button)
            box.add_widget(row)
        else:
            box.add_widget(button)


class ScoreScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        _app().bind(score_step=self.fill_table, breakdown=self.fill_table, lang=self.fill_table,
                    player_names=self.fill_table, font_scale=self.fill_table)

    def on_pre_enter(self, *args: Any) -> None:
        _app().score_reset()
        self.fill_table()

    def fill_table(self, *_args: Any) -> None:
        app = _app()
        if self.manager is not None and self.manager.current != self.name and _args:
            return  # not on screen: on_pre_enter fills it
        grid = self.ids.score_table
        grid.clear_widgets()
        names = list(app.player_names)
        if app.breakdown is None:
            return
        n = app.breakdown.num_players
        names = (names + [colour_name(s, app.lang) for s in range(n)])[:n]
        grid.cols = 1 + n
        grid.add_widget(_make("ScoreCell", text=app.t("score.category"), bold=True, halign="left"))
        for seat in range(n):
            grid.add_widget(_make("ScoreCell", text=names[seat], bold=True, seat=seat))
        for row in app.score_rows():
            total = row.get("total", False)
            grid.add_widget(_make("ScoreCell", text=row["label"], bold=total, halign="left", total=total))
            for seat, value in enumerate(row["values"]):
                winner = total and app.score_step >= app.score_steps and seat in app.breakdown.winners
                grid.add_widget(_make("ScoreCell", text=str(value), bold=total, total=total, winner=winner))
        self.ids.score_scroll.scroll_y = 0  # the step just revealed and the total are at the bottom


class HistoryScreen(Screen):
    def on_pre_enter(self, *args: Any) -> None:
        _app().history_load()
        self.fill_filters()

    def on_kv_post(self, base_widget: Any) -> None:
        _app().bind(lang=self.fill_filters, player_names=self.fill_filters, history_filter=self.fill_filters)
        _app().bind(provisional_span=self.mark_unsure)

    def mark_unsure(self, *_args: Any) -> None:
        """The provisional moves changed (settled, or made another way): the log read again and
        the rows marked anew, while History is on screen."""
        if self.manager is not None and self.manager.current == self.name:
            _app().history_load()

    def fill_filters(self, *_args: Any) -> None:
        app = _app()
        box = self.ids.filters
        box.clear_widgets()
        for seat in [-1] + list(range(len(app.player_names))):
            text = app.t("history.all") if seat < 0 else app.seat_name(seat)
            button = _make("Choice", text=text, group="history_filter",
                                    state="down" if seat == app.history_filter else "normal")
            button.bind(on_release=lambda _b, s=seat: app.set_history_filter(s))
            box.add_widget(button)


class SettingsScreen(Screen):
    pass


class PhotoScreen(Screen):
    """Score a finished table from one photo: pick a file or take a picture, read it off the UI
    thread, show every player's lines, and let the players count what the photo leaves in doubt."""

    def on_kv_post(self, base_widget: Any) -> None:
        _app().bind(photo_doubts=self.fill_doubts, lang=self.fill_doubts)
        _app().bind(lang=lambda *_args: _app().show_photo_words())  # the scorer's English, re-translated

    def fill_doubts(self, *_args: Any) -> None:
        app = _app()
        box = self.ids.doubt_rows
        box.clear_widgets()
        for d in app.photo_doubts:
            box.add_widget(_make("DoubtRow", key=d["key"], question=app.say(d["question"]), count=d["count"],
                                 low=d["low"], high=d["high"]))


class TeachScreen(Screen):
    """Teach the app the players' own copy of a game: photos of the teach sheet with one of each
    component on it, learned off the UI thread; every face learned is shown, and the faces it
    could not learn are named so that the players photograph them again."""

    def on_kv_post(self, base_widget: Any) -> None:
        _app().bind(teach_faces=self.fill_faces, teach_unsure=self.fill_faces, lang=self.fill_faces)

    def on_enter(self, *args: Any) -> None:
        _app().refresh_taught()

    def fill_faces(self, *_args: Any) -> None:
        from ui.app.frames import to_texture_bytes

        app = _app()
        grid = self.ids.teach_faces
        grid.clear_widgets()
        for label, image in app.teach_faces:
            data, size = to_texture_bytes(image, 96)
            texture = Texture.create(size=size, colorfmt="rgb")
            texture.blit_buffer(data, colorfmt="rgb", bufferfmt="ubyte")
            grid.add_widget(_make("FaceTile", texture=texture, label=label))
        rows = [app.t("teach.again", face=face, why=app.say(why)) for face, why in app.teach_unsure]
        self.ids.teach_unsure.text = "\n".join(rows)


class Root(BoxLayout):
    pass


class TableSightApp(App):
    title = "TableSight"
    # --- settings
    lang = StringProperty("en")
    font_scale = NumericProperty(1.0)
    text_size = StringProperty("normal")
    camera_index = NumericProperty(0)
    video_path = StringProperty("")
    dice_port = StringProperty("")
    tower_test = StringProperty("")
    """Settings: the answer of the last Test / Find (docs/tower.md)."""
    # --- the dice tower during play (hardware/tower; empty text when no port is set)
    tower_text = StringProperty("")
    tower_ready = BooleanProperty(False)
    tower_trouble = BooleanProperty(False)
    """Jammed, lost or absent: the state line turns orange."""
    # --- game setup (Home)
    game = StringProperty("octocube")
    players = NumericProperty(2)
    names = ListProperty(["", "", "", ""])
    mode = StringProperty("standard")
    """Octocube's mode."""
    side = StringProperty("horn")
    """Open Season's wall side (horn or shield)."""
    expert = BooleanProperty(False)
    """Open Season's expert bonus tiles."""
    virtual_player = BooleanProperty(False)
    """Octo Dice for 2: the variant with a virtual player (1 player is always the solo game)."""
    source = StringProperty("demo")
    first_player = NumericProperty(0)
    """The seat that starts a live game (the camera cannot tell; the demo deals its own)."""
    seed = NumericProperty(1)
    illegal = NumericProperty(1)
    demo_moves = NumericProperty(40)
    saved = ListProperty([])
    home_message = StringProperty("")
    # --- play (from the worker's PlayView)
    playing = BooleanProperty(False)
    ready = BooleanProperty(False)
    frame_texture = ObjectProperty(None, allownone=True)
    table_view = BooleanProperty(False)
    fps = NumericProperty(0.0)
    ui_fps = NumericProperty(0.0)
    camera_ok = BooleanProperty(True)
    camera_message = StringProperty("")
    unknown_copy = BooleanProperty(False)
    """The camera does not know these components: Play shows "Teach your copy"."""
    refused = BooleanProperty(False)
    """The camera refuses the scene in a way the players may overrule (a die called cocked):
    Play shows "It lies flat" beside the message."""
    misread = BooleanProperty(False)
    """The alarm may be the camera's misreading (a die called turned by hand that the players see
    unchanged): Play shows "The camera misread it" beside it."""
    ended = BooleanProperty(False)
    prompt = StringProperty("")
    current_player = NumericProperty(-1)
    player_names = ListProperty([])
    last_move = StringProperty("")
    last_mover = NumericProperty(-1)
    alert = StringProperty("")
    question = StringProperty("")
    can_reject = BooleanProperty(False)
    """The question on screen is the tracker's: Play offers "None of these" under its options."""
    options = ListProperty([])
    option_turned = ListProperty([])
    """Per option of the tracker's question: whether it puts a cube down turned (typed, from
    :attr:`tracker.inference.Question.option_turned`; None: no placing)."""
    option_orientation = ListProperty([])
    """Per option: the (down, north) faces of its placing (:attr:`tracker.inference.Question.option_orientation`)."""
    option_path = ListProperty([])
    """A question asked in steps (``DisplayConfig.step_over``): the button chosen at each step so
    far (empty: the first step)."""
    question_shared = StringProperty("")
    """The words every option of the question on screen shares, shown once above them
    (``DisplayConfig.options_by_difference``); empty when the options are shown whole."""
    provisional_move = StringProperty("")
    """The move a seat wait made provisionally (the tracker's English), shown as unsure until a
    later scene settles it (``DisplayConfig.show_provisional``); empty when none."""
    provisional_seat = NumericProperty(-1)
    """The seat whose next turn settles :attr:`provisional_move`."""
    provisional_span = ListProperty([])
    """[first history index, count] of the provisional moves (History marks their rows); empty when none."""
    last_move_unsure = BooleanProperty(False)
    """The last move shown is one of the provisional moves."""
    scores = ListProperty([])
    history_len = NumericProperty(0)
    over = BooleanProperty(False)
    status = StringProperty("")
    recognised_text = StringProperty("")
    recent = ListProperty([])
    log_path = StringProperty("")
    breakdown = ObjectProperty(None, allownone=True)
    sheet_view = ObjectProperty(None, allownone=True)
    """Octo Dice: every player's drawn score sheet (:class:`ui.app.worker.SheetView`)."""
    sheet_shown = BooleanProperty(True)
    """Play: the score sheet (True) or the camera (False) on the left, when there is a sheet."""
    sheet_preview = NumericProperty(-1)
    """The tablet choice whose crosses the sheet shows (-1: none)."""
    # --- score screen
    score_step = NumericProperty(0)
    score_steps = NumericProperty(0)
    # --- history screen
    history_rows = ListProperty([])
    history_filter = NumericProperty(-1)
    history_count = NumericProperty(0)
    replay_index = NumericProperty(0)
    replay_text = StringProperty("")
    replay_sheet = ObjectProperty(None, allownone=True)
    """Octo Dice: the sheets at the replayed event (a :class:`ui.app.worker.SheetView`)."""
    # --- photo screen (score a finished table from one photo)
    photo_path = StringProperty("")
    photo_game = StringProperty("octocube")
    """The game the Photo screen scores (the games with a photo scorer: Octocube, Open Season)."""
    photo_status = StringProperty("")
    photo_failed = BooleanProperty(False)
    photo_busy = BooleanProperty(False)
    photo_text = StringProperty("")
    photo_doubts = ListProperty([])
    """One dict per doubt that moves a total: key, question, count (read or tapped), low, high."""
    # --- teach screen (Calibrate -> Teach your copy)
    teach_game = StringProperty("octocube")
    teach_photos = ListProperty([])
    """Paths of the teach-sheet photos chosen or taken (1-4)."""
    teach_status = StringProperty("")
    teach_busy = BooleanProperty(False)
    teach_failed = BooleanProperty(False)
    teach_faces = ListProperty([])
    """(label, BGR image) of every face the last teaching learned (shown as a grid)."""
    teach_unsure = ListProperty([])
    """(face, why) of the faces to photograph again."""
    teach_taught = StringProperty("")
    """What the app knows of the chosen game's copy (taught or not)."""
    # --- calibrate screen
    calib_texture = ObjectProperty(None, allownone=True)
    rectified_texture = ObjectProperty(None, allownone=True)
    calib_found = StringProperty("")
    calib_missing = StringProperty("")
    calib_result = StringProperty("")
    calib_message = StringProperty("")

    worker_niceness = 5
    display = DisplayConfig()
    """What Play and History show of the tracker's doubts (unsure moves, options by difference)."""
    """How much the pipeline thread lowers its CPU priority below the UI's (0 = same)."""

    def __init__(self, *, home: Path | None = None, start_demo: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.home = Path(home) if home is not None else app_home()
        self.start_demo = start_demo
        self.worker: PipelineWorker | None = None
        self.mailbox = Mailbox()
        self.calib_worker: Any = None
        self.calib_mailbox = Mailbox()
        self.last_view: PlayView | None = None
        self._history_events: list[dict[str, Any]] = []
        self._replay_token = 0
        self._frame_times: list[float] = []
        self._alert_since = 0.0
        self._alert_live = False
        self._calib_shown: tuple[str, str] = ("", "")
        self.settings_note = ""
        self.game_setup: GameSetup | None = None
        self.photo_result: Any = None
        """The last :class:`vision.photo_score.PhotoScore` the Photo screen showed."""
        self.photo_chooser: Any = None
        self._photo_token = 0
        self._photo_kept: Any = None
        """The reading of the photo last scored (``photo_worker.KeptReading``): "score again" with
        the counts tapped re-scores it, the photo not read again."""
        self._photo_status_words: tuple[str, str, dict[str, Any]] = ("t", "", {})
        """What the Photo screen's status line says, kept in English (a language switch re-says it):
        ("t", key, fields) for the app's own words, ("say", reason, {}) for a refusal."""
        self.tower: Any = None
        """The dice tower's client while a game runs with a tower port set."""
        self._tower_status: Any = None
        self._tower_generation = 0

    # ------------------------------------------------------------------ words and sizes
    def t(self, key: str, *_bindings: Any, **fields: Any) -> str:
        """Translated text; kv passes ``app.lang`` as an extra argument so the rule re-runs on a
        language switch."""
        return tr(key, self.lang, **fields)

    def say(self, text: str, *_bindings: Any) -> str:
        """An English sentence from the engine or the tracker (move, reason, question, option,
        score reason, tie-break) in the current language. The app keeps the English original and
        translates on display, so a language switch re-translates what is on screen."""
        return translate_sentence(text, self.lang)

    def fs(self, size: float, *_bindings: Any) -> float:
        return sp(size) * self.font_scale

    def seat_rgba(self, seat: int) -> tuple[float, float, float, float]:
        return SEAT_RGBA[seat] if 0 <= seat < len(SEAT_RGBA) else (0.5, 0.5, 0.5, 1)

    def seat_name(self, seat: int, *_bindings: Any) -> str:
        if 0 <= seat < len(self.player_names):
            return self.player_names[seat]
        name = self.names[seat].strip() if 0 <= seat < len(self.names) else ""
        return name or colour_name(seat, self.lang)

    def category(self, name: str, *_bindings: Any) -> str:
        return category_name(name, self.lang)

    # ------------------------------------------------------------------ life cycle
    def build(self) -> Any:
        # the pipeline worker runs Python code too: hand the interpreter lock back to the UI
        # thread every millisecond instead of every 5 (a UI frame waited up to 5 ms per hand-over)
        sys.setswitchinterval(0.001)
        for name in SHARED_KV + SCREENS:
            Builder.load_file(str(KV_DIR / f"{name}.kv"))
        # the app's background is the window's clear colour: a full-window rectangle drawn over
        # it would cost a second fill of every pixel per redraw on a software renderer
        from kivy.core.window import Window

        Window.clearcolor = BACKGROUND_RGBA
        settings, note = AppSettings.load(self.home / "settings.json")
        self.settings_note = note
        self.apply_settings(settings)
        root = Root()
        manager: ScreenManager = root.ids.screens
        manager.transition = NoTransition()
        for cls, name in ((HomeScreen, "home"), (CalibrateScreen, "calibrate"), (PlayScreen, "play"),
                          (ScoreScreen, "score"), (HistoryScreen, "history"), (SettingsScreen, "settings"), (PhotoScreen, "photo"),
                          (TeachScreen, "teach")):
            manager.add_widget(cls(name=name))
        self.refresh_saved()
        Clock.schedule_interval(self._poll, 1 / 30)
        Clock.schedule_interval(self._count_frame, 0)
        if self.start_demo:
            Clock.schedule_once(lambda dt: self.start_game(), 0.5)
        Clock.schedule_once(lambda dt: settle_heap(), 0)  # once the screens exist, before play
        return root

    def on_stop(self) -> None:
        self.stop_game()
        self.stop_calibration()

    @property
    def manager(self) -> ScreenManager:
        return self.root.ids.screens

    def go(self, name: str) -> None:
        if name not in SCREENS:
            raise ValueError(f"no screen {name!r}")
        self.manager.current = name

    # ------------------------------------------------------------------ settings
    def apply_settings(self, s: AppSettings) -> None:
        self.lang, self.text_size = s.language, s.text_size
        self.font_scale = TEXT_SIZES[s.text_size]
        self.camera_index, self.video_path, self.dice_port = s.camera_index, s.video_path, s.dice_port

    def current_settings(self) -> AppSettings:
        return AppSettings(self.lang, self.text_size, int(self.camera_index), self.video_path, self.dice_port)

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self.lang = lang
        if self.worker is not None:
            self.worker.set_language(lang)
        self._relabel()

    def set_text_size(self, size: str) -> None:
        self.text_size = size
        self.font_scale = TEXT_SIZES[size]

    def save_settings(self, camera_text: str = "", video: str | None = None, port: str | None = None) -> str:
        try:
            if camera_text.strip():
                self.camera_index = int(camera_text)
            if video is not None:
                self.video_path = video.strip()
            if port is not None:
                self.dice_port = port.strip()
            self.current_settings().save(self.home / "settings.json")
        except (ValueError, OSError) as exc:
            self.status = str(exc)
            return self.status
        self.status = self.t("settings.saved")
        return self.status

    def _relabel(self) -> None:
        """Texts the app builds itself (not bound in kv) follow the language too."""
        defaults = [{colour_name(s, lang) for lang in LANGUAGES} for s in range(len(self.player_names))]
        # a colour stands in for a missing name: it follows the language; a real name stays
        self.player_names = [self.seat_name_default(s) if name in defaults[s] or not name else name
                             for s, name in enumerate(self.player_names)]
        self.history_render()
        self.refresh_saved()
        if self.tower_text:
            self.tower_text = self._tower_words()

    def seat_name_default(self, seat: int) -> str:
        name = self.names[seat].strip() if seat < len(self.names) else ""
        return name or colour_name(seat, self.lang)

    # ------------------------------------------------------------------ home
    def refresh_saved(self) -> None:
        games = saved_games(self.home / "logs") if (self.home / "logs").is_dir() else []
        self.saved = [dict(g, text=self.t("home.resume_entry", name=g["name"], players=g["players"], moves=g["moves"]))
                      for g in games[:6]]

    def game_ready(self, name: str) -> bool:
        """Whether ``name`` can be followed at the table (the Home screen greys out the others)."""
        from tracker.registry import tracked_games

        return name in tracked_games()

    def choose_game(self, name: str) -> None:
        """Home: a game chosen; the player count moves into its range."""
        from rules.registry import game_class

        self.game = name
        cls = game_class(name)
        self.players = min(max(int(self.players), cls.min_players), cls.max_players)

    def game_options(self) -> dict[str, Any]:
        """The engine options the Home screen chose for the current game (Octocube's mode goes
        separately, as :class:`ui.app.worker.GameSetup` keeps it)."""
        if self.game == "open_season":
            return {"side": self.side, "expert": bool(self.expert)}
        if self.game == "octo_dice":
            if int(self.players) == 1:
                return {"variant": "solo"}
            if int(self.players) == 2 and self.virtual_player:
                return {"variant": "virtual"}
            return {}
        return {}

    def set_name(self, seat: int, text: str) -> None:
        names = list(self.names)
        names[seat] = text
        self.names = names

    def start_game(self, resume_log: str | None = None, resume_info: dict[str, Any] | None = None) -> None:
        self.stop_game()
        logs = self.home / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        info = resume_info or {}
        source = info.get("source", self.source) if resume_log else self.source
        setup = GameSetup(
            source=source if source in ("demo", "camera", "video") else "camera",
            players=int(info.get("players") or self.players), names=tuple(self.names),
            mode=self.mode, game=self.game, options=self.game_options(),
            seed=int(info.get("seed") or self.seed) if resume_log else int(self.seed),
            illegal=int(info.get("illegal") or 0) if resume_log else int(self.illegal),
            moves=int(self.demo_moves), camera_index=int(self.camera_index), video_path=self.video_path,
            profile_path=str(self.home / "profile.json"),
            log_path=None if resume_log else str(logs / time.strftime(f"{self.game}-%Y%m%d-%H%M%S.jsonl")),
            resume_log=resume_log,
            first_player=int(self.first_player) if int(self.first_player) < int(self.players) else 0,
            pack_path=self.taught_pack(self.game, source))
        if setup.log_path and Path(setup.log_path).exists():
            setup = GameSetup(**{**setup.__dict__, "log_path": setup.log_path.replace(".jsonl", f"-{time.time_ns() % 10**6}.jsonl")})
        try:
            setup.check()
        except ValueError as exc:
            self.home_message = str(exc)
            return
        self.home_message = ""
        self.game_setup = setup
        self._clear_play()
        self.player_names = [self.seat_name_default(s) for s in range(setup.players)]
        self.mailbox = Mailbox()
        self.worker = PipelineWorker(setup, self.mailbox, language=self.lang, table_view=self.table_view,
                                     niceness=self.worker_niceness, display=self.display)
        self.worker.start()
        self.playing = True
        self.log_path = setup.resume_log or setup.log_path or ""
        self.start_tower()
        self.go("play")

    def resume(self, entry: dict[str, Any]) -> None:
        from tracker.event_log import EventLogError, replay

        try:
            result = replay(entry["path"])
        except EventLogError as exc:
            self.home_message = str(exc)
            return
        if result.state.is_terminal() and _countable(result.state):  # nothing left to play: show how it ended
            self.stop_game()
            self._clear_play()
            self.log_path = entry["path"]
            n = result.state.game.num_players
            names = list(result.players) + [""] * n
            self.player_names = [names[s] or colour_name(s, self.lang) for s in range(n)]
            self.breakdown = result.state.score_breakdown()
            self.sheet_view = finished_sheet_view(result.state)
            self.scores = self.breakdown.totals()
            self.over = True
            self.go("score")
            return
        self.start_game(entry["path"], entry)

    def _clear_play(self) -> None:
        self.ready = False
        self.frame_texture = None
        self.prompt = ""
        self.alert = self.question = self.last_move = self.status = ""
        self.options, self.scores, self.recent = [], [], []
        self.breakdown, self.over, self.ended, self.history_len = None, False, False, 0
        self.sheet_view, self.sheet_preview = None, -1
        self.camera_ok, self.camera_message, self.fps = True, "", 0.0
        self.question_shared, self.provisional_move, self.provisional_seat = "", "", -1
        self.provisional_span, self.last_move_unsure = [], False
        self.option_turned, self.option_orientation, self.option_path = [], [], []

    def stop_game(self) -> None:
        if self.worker is not None:
            self.worker.stop()
            self.worker = None
        self.playing = False
        self.stop_tower()

    # ------------------------------------------------------------------ score a photo
    def open_photo(self) -> None:
        """Home -> Photo: the game chosen on Home when it has a photo scorer."""
        if self.game in ("octocube", "open_season"):
            self.photo_game = self.game
        self.go("photo")

    def choose_photo(self) -> None:
        """A file chooser (PNG/JPEG) in a popup; the chosen file goes into the path field."""
        def put(path: str) -> None:
            self.photo_path = path

        self._choose_file(Path(self.photo_path).parent if self.photo_path else None, put)

    def _choose_file(self, start: Path | None, on_pick: Any) -> None:
        """A PNG/JPEG file chooser in a popup (``self.photo_chooser`` while open)."""
        from kivy.uix.button import Button
        from kivy.uix.filechooser import FileChooserListView
        from kivy.uix.popup import Popup

        where = start if start is not None and start.is_dir() else Path.home()
        chooser = FileChooserListView(path=str(where), filters=["*.png", "*.jpg", "*.jpeg", "*.PNG", "*.JPG", "*.JPEG"])
        box = BoxLayout(orientation="vertical", spacing=8)
        buttons = BoxLayout(size_hint_y=None, height=sp(52), spacing=8)
        popup = Popup(title=self.t("photo.choose"), content=box, size_hint=(0.9, 0.9))

        def pick(*_a: Any) -> None:
            if chooser.selection:
                on_pick(chooser.selection[0])
                popup.dismiss()

        open_button = Button(text=self.t("photo.open"))
        open_button.bind(on_release=pick)
        cancel = Button(text=self.t("photo.cancel"))
        cancel.bind(on_release=lambda *_a: popup.dismiss())
        chooser.bind(on_submit=lambda *_a: pick())
        buttons.add_widget(cancel)
        buttons.add_widget(open_button)
        box.add_widget(chooser)
        box.add_widget(buttons)
        self.photo_chooser = popup
        popup.open()

    def take_photo(self) -> None:
        """One frame from the camera set in Settings, saved beside the logs, then scored."""
        from ui.app.photo_worker import PhotoError, take_photo

        self.photo_busy, self.photo_failed = True, False
        self._set_photo_status("t", "photo.taking", index=int(self.camera_index))
        index, folder = int(self.camera_index), self.home / "photos"

        def work() -> None:
            try:
                path = take_photo(index, folder)
            except PhotoError as exc:
                self._photo_failed(str(exc))
                return
            self._photo_taken(str(path))

        threading.Thread(target=work, daemon=True, name="tablesight-photo").start()

    @mainthread
    def _photo_taken(self, path: str) -> None:
        self.photo_path = path
        self.photo_busy = False
        self.score_photo()

    def score_photo(self, keep_answers: bool = False) -> None:
        """Read the photo on a helper thread (about 2 s); the answers tapped so far count when
        scoring again, from the photo's kept reading (a fraction of a second) when the photo and
        the settings are the ones it was read with."""
        from ui.app.photo_worker import PhotoError, PhotoJob, score_job

        answers = {d["key"]: int(d["count"]) for d in self.photo_doubts if d.get("tapped")} if keep_answers else {}
        options = {"side": self.side, "expert": bool(self.expert)} if self.photo_game == "open_season" else {}
        job = PhotoJob(self.photo_path.strip(), self.photo_game, int(self.players),
                       "advanced" if self.mode == "advanced" else "standard",
                       str(self.home / "profile.json"), answers, options)
        self.photo_busy, self.photo_failed = True, False
        self._set_photo_status("t", "photo.working")
        self._photo_token = token = self._photo_token + 1
        t0 = time.perf_counter()
        kept = self._photo_kept if keep_answers else None

        def work() -> None:
            try:
                result, reading = score_job(job, kept)
            except PhotoError as exc:
                self._photo_failed(str(exc), token)
                return
            except Exception as exc:  # never a crash of the UI: the reason on screen
                self._photo_failed(f"{type(exc).__name__}: {exc}", token)
                return
            self._photo_scored(result, answers, time.perf_counter() - t0, token, reading)

        threading.Thread(target=work, daemon=True, name="tablesight-photo").start()

    @mainthread
    def _photo_failed(self, reason: str, token: int | None = None) -> None:
        if token is not None and token != self._photo_token:
            return
        self.photo_busy, self.photo_failed = False, True
        self._set_photo_status("say", reason)

    @mainthread
    def _photo_scored(self, result: Any, answers: dict[str, int], seconds: float, token: int,
                      kept: Any = None) -> None:
        if token != self._photo_token:
            return
        self.photo_result = result
        self._photo_kept = kept
        self.photo_doubts = [{"key": d.key, "question": d.question, "low": int(d.low), "high": int(d.high),
                              "count": int(answers.get(d.key, d.read)), "tapped": d.key in answers}
                             for d in result.doubts if d.low != d.high and (d.score_range or d.key in answers)]
        self.photo_busy, self.photo_failed = False, False
        self._set_photo_status("t", "photo.done", seconds=f"{seconds:.1f}")
        self.show_photo_words()

    def _set_photo_status(self, kind: str, text: str, **fields: Any) -> None:
        self._photo_status_words = (kind, text, fields)
        self.photo_status = self.say(text) if kind == "say" else self.t(text, **fields)

    def photo_name(self, name: str, *_bindings: Any) -> str:
        """A player as the photo scorer names them ('red', 'player 2'), in the app's language."""
        return translate_player(name, self.lang)

    def show_photo_words(self) -> None:
        """The last photo's breakdown, winner, notes and status line in the current language (the
        scorer speaks English: its words are translated here, and again on a language switch)."""
        from ui.app.photo_worker import result_words

        kind, words, fields = self._photo_status_words
        if words:
            self.photo_status = self.say(words) if kind == "say" else self.t(words, **fields)
        result = self.photo_result
        if result is None:
            return
        names = [self.names[s].strip() if s < len(self.names) else "" for s in range(len(result.players))]
        text = result_words(result, names, self.say, self.category, self.photo_name)
        if result.winner:
            text += "\n\n[b]" + self.t("photo.winner", names=", ".join(self.photo_name(c) for c in result.winner)) + "[/b]"
            if result.tie_break:
                text += "\n" + self.say(result.tie_break)
        # the calibration's notes, a photo too coarse for the icons, and what the photo shows but
        # nothing can count (a hand over an area, a space read as no board space holds one), as
        # the CLI says them
        for note in list(result.notes) + [d.question for d in result.doubts if d.low == d.high]:
            text += "\n\n" + self.say(note)
        self.photo_text = text

    def photo_count(self, key: str, delta: int) -> None:
        """The players counted a doubtful pile or stack themselves (- / +)."""
        doubts = []
        for d in self.photo_doubts:
            if d["key"] == key:
                d = dict(d, count=min(max(int(d["count"]) + delta, d["low"]), d["high"]), tapped=True)
            doubts.append(d)
        self.photo_doubts = doubts

    # ------------------------------------------------------------------ teach your copy
    def taught_pack(self, game: str, source: str) -> str | None:
        """The taught copy a game started from Home reads its camera frames by (the demo draws
        the built-in art, so it never uses one)."""
        from ui.app.teach_worker import pack_file, taught_summary

        if source == "demo" or taught_summary(self.home, game) is None:
            return None
        return str(pack_file(self.home, game))

    def open_teach(self) -> None:
        self.teach_game = self.game if self.game in ("octocube", "open_season") else "octocube"
        self.go("teach")

    def refresh_taught(self) -> None:
        from ui.app.teach_worker import taught_summary

        known = taught_summary(self.home, self.teach_game)
        self.teach_taught = (self.t("teach.taught", faces=known[0]) if known is not None
                             else self.t("teach.not_taught"))

    def set_teach_game(self, game: str) -> None:
        if game != self.teach_game:
            self.teach_game = game
            self.teach_photos, self.teach_faces, self.teach_unsure = [], [], []
            self.teach_status, self.teach_failed = "", False
        self.refresh_taught()

    def teach_choose_photo(self) -> None:
        """A file chooser: the chosen photo joins the teach photos."""
        def add(path: str) -> None:
            if path not in self.teach_photos:
                self.teach_photos = (list(self.teach_photos) + [path])[-4:]

        self._choose_file(Path(self.teach_photos[-1]).parent if self.teach_photos else None, add)

    def teach_take_photo(self) -> None:
        """One picture of the sheet from the camera set in Settings, saved beside the logs."""
        from ui.app.photo_worker import PhotoError, take_photo

        self.teach_busy, self.teach_failed = True, False
        self.teach_status = self.t("photo.taking", index=int(self.camera_index))
        index, folder = int(self.camera_index), self.home / "teach"

        def work() -> None:
            try:
                path = take_photo(index, folder)
            except PhotoError as exc:
                self._teach_failed(str(exc))
                return
            self._teach_photo_taken(str(path))

        threading.Thread(target=work, daemon=True, name="tablesight-teach-photo").start()

    @mainthread
    def _teach_photo_taken(self, path: str) -> None:
        self.teach_busy = False
        self.teach_status = ""
        self.teach_photos = (list(self.teach_photos) + [path])[-4:]

    def teach_clear(self) -> None:
        self.teach_photos, self.teach_faces, self.teach_unsure = [], [], []
        self.teach_status, self.teach_failed = "", False

    def teach_save_sheet(self) -> None:
        from ui.app.teach_worker import TeachJobError, save_teach_sheet

        try:
            path = save_teach_sheet(self.teach_game, self.home)
        except TeachJobError as exc:
            self._teach_failed(str(exc))
            return
        self.teach_failed = False
        self.teach_status = self.t("teach.sheet_saved", path=str(path))

    def run_teach(self) -> None:
        """Learn the faces off the UI thread (seconds); the pack is saved for the games to use."""
        from ui.app.teach_worker import TeachJobError, teach_photos

        game, paths, home = self.teach_game, list(self.teach_photos), self.home
        self.teach_busy, self.teach_failed = True, False
        self.teach_status = self.t("teach.working", n=len(paths))

        def work() -> None:
            try:
                outcome = teach_photos(game, paths, home)
            except TeachJobError as exc:
                self._teach_failed(str(exc))
                return
            except Exception as exc:  # never a crash of the UI: the reason on screen
                self._teach_failed(f"{type(exc).__name__}: {exc}")
                return
            self._teach_done(outcome)

        threading.Thread(target=work, daemon=True, name="tablesight-teach").start()

    @mainthread
    def _teach_failed(self, reason: str) -> None:
        self.teach_busy, self.teach_failed = False, True
        self.teach_status = self.say(reason)

    @mainthread
    def _teach_done(self, outcome: Any) -> None:
        self.teach_busy, self.teach_failed = False, False
        self.teach_faces = list(outcome.faces)
        self.teach_unsure = list(outcome.unsure)
        notes = "".join("\n" + self.say(n) for n in outcome.photo_notes)
        self.teach_status = self.t("teach.done", faces=len(outcome.faces), seconds=f"{outcome.seconds:.1f}") + notes
        self.refresh_taught()

    def forget_pack(self) -> None:
        from ui.app.teach_worker import pack_file

        path = pack_file(self.home, self.teach_game)
        if path.is_file():
            path.unlink()
        self.teach_faces, self.teach_unsure = [], []
        self.refresh_taught()

    # ------------------------------------------------------------------ the dice tower
    # The client reads on its own thread; its events come to the UI thread through the Clock.
    # A tower that is absent or fails says so in one line and the game goes on from the camera.
    def start_tower(self) -> None:
        from hardware.tower.status import TowerStatus

        self.stop_tower()
        port = self.dice_port.strip()
        self.tower_ready = False
        self.tower_text = self.t("tower.connecting") if port else ""
        if not port:
            return
        self._tower_status = TowerStatus()
        self._tower_generation += 1
        generation = self._tower_generation

        def connect() -> None:
            from hardware.tower.client import TowerClient, TowerError

            client = TowerClient(port, on_event=lambda e: Clock.schedule_once(lambda _dt: self._tower_event(e, generation)))
            try:
                client.connect()
            except TowerError as exc:
                reason = str(exc)
                Clock.schedule_once(lambda _dt: self._tower_failed(reason, generation))
                return
            if generation != self._tower_generation:  # the game ended while it connected
                client.close()
                return
            self.tower = client

        threading.Thread(target=connect, name="tower-connect", daemon=True).start()

    def stop_tower(self) -> None:
        self._tower_generation += 1
        client, self.tower = self.tower, None
        if client is not None:
            threading.Thread(target=client.close, daemon=True).start()  # never block the UI
        self.tower_ready = self.tower_trouble = False
        self.tower_text = ""

    def _tower_event(self, event: Any, generation: int) -> None:
        from hardware.tower.protocol import RollSettled

        if generation != self._tower_generation:
            return
        if isinstance(event.what, RollSettled) and self.worker is not None:
            self.worker.request_read()  # read the tray now rather than after the gate's count
        self._tower_status.update(event)
        self.tower_text = self._tower_words()
        self.tower_ready = self._tower_status.state not in ("absent", "lost")
        self.tower_trouble = self._tower_status.state in ("jammed", "lost")

    def _tower_failed(self, reason: str, generation: int) -> None:
        if generation == self._tower_generation:
            self.tower_text = self.t("tower.failed", reason=reason)
            self.tower_trouble = True

    def _tower_words(self) -> str:
        s = self._tower_status
        if s is None or s.state == "absent":
            return self.tower_text
        key = {"idle": "tower.ready", "rolling": "tower.rolling", "gate open": "tower.gate",
               "jammed": "tower.jammed", "lost": "tower.lost"}.get(s.state, "tower.ready")
        return self.t(key, dice=s.dice)

    def release_tower(self) -> None:
        """The Play screen's button: open the tower's gate (an automatic roll)."""
        client = self.tower
        if client is None:
            return

        def release() -> None:
            from hardware.tower.client import TowerError

            try:
                client.release(600)
            except TowerError as exc:
                message = str(exc)
                Clock.schedule_once(lambda _dt: setattr(self, "status", message))

        threading.Thread(target=release, name="tower-release", daemon=True).start()

    def test_tower(self, port_text: str) -> None:
        """Settings: ping the tower on that port ("tower v1.0 answered in 4 ms ...")."""
        port = port_text.strip()
        if not port:
            self.tower_test = self.t("settings.tower_none")
            return
        self.tower_test = self.t("settings.tower_testing")

        def check() -> None:
            from hardware.tower.status import check_port

            _ok, sentence = check_port(port)
            Clock.schedule_once(lambda _dt: setattr(self, "tower_test", sentence))

        threading.Thread(target=check, name="tower-test", daemon=True).start()

    def find_tower_port(self, field: Any) -> None:
        """Settings: the first serial port that answers as a tower goes into the port field."""
        self.tower_test = self.t("settings.tower_testing")

        def find() -> None:
            from hardware.tower.client import find_tower

            found = find_tower()

            def show(_dt: float) -> None:
                if found is None:
                    self.tower_test = self.t("settings.tower_none")
                else:
                    field.text = found[0]
                    self.tower_test = f"{found[0]}: tower v{found[1].firmware}"
            Clock.schedule_once(show)

        threading.Thread(target=find, name="tower-find", daemon=True).start()

    # ------------------------------------------------------------------ play: players' input
    def answer(self, option: int) -> None:
        if self.worker is not None and self.question:
            self._clear_question()
            self.worker.answer(option)

    def reject_question(self) -> None:
        """The players say none of the options happened."""
        if self.worker is not None and self.question and self.can_reject:
            self._clear_question()
            self.worker.reject()

    def _clear_question(self) -> None:
        """The buttons go at once; the worker's next view confirms."""
        self.question = ""
        self.option_path = []
        self.options = []
        self.can_reject = False
        self.sheet_preview = -1

    def undo(self) -> None:
        if self.worker is not None:
            self.worker.undo()

    def put_right(self, key: str, value: str) -> None:
        """A die the camera misread, set on the sheet panel (Octo Dice)."""
        if self.worker is not None:
            self.worker.put_right(key, value)

    def lies_flat(self) -> None:
        """The die the camera called cocked lies flat: read it (the pipeline holds the logic)."""
        if self.worker is not None and self.refused:
            self.refused = False  # the button goes at once; the worker's next view confirms
            self.worker.lies_flat()

    def camera_misread(self) -> None:
        """The die called turned by hand still shows its face: the camera misread it (the pipeline
        holds the logic)."""
        if self.worker is not None and self.misread:
            self.misread = False  # the button goes at once; the worker's next view confirms
            self.worker.camera_misread()

    def toggle_sheet(self) -> None:
        self.sheet_shown = not self.sheet_shown

    def preview_choice(self, option: int) -> None:
        """Octo Dice: draw on the sheet what choice ``option`` would cross (-1: nothing)."""
        self.sheet_preview = option
        if option >= 0:
            self.sheet_shown = True

    def toggle_view(self) -> None:
        self.table_view = not self.table_view
        if self.worker is not None:
            self.worker.set_table_view(self.table_view)

    # ------------------------------------------------------------------ polling the worker
    def _count_frame(self, dt: float) -> None:
        now = time.perf_counter()
        self._frame_times.append(now)
        if len(self._frame_times) > 60:
            del self._frame_times[0]
        if len(self._frame_times) > 1:
            span = self._frame_times[-1] - self._frame_times[0]
            self.ui_fps = round((len(self._frame_times) - 1) / span, 1) if span > 0 else 0.0

    def _poll(self, dt: float) -> None:
        view, events = self.mailbox.take()
        if view is not None:
            self._show(view)
        for event in events:
            self._event(event)
        if self.calib_worker is not None:
            cview, _ = self.calib_mailbox.take()
            if cview is not None:
                self._show_calibration(cview)

    def _expire_alert(self, _dt: float) -> None:
        """Clear an alert the tracker has already cleared, once it has been up long enough."""
        if self.alert and not self._alert_live and time.monotonic() - self._alert_since >= ALERT_HOLD_S:
            self.alert = ""

    def _show(self, view: PlayView) -> None:
        self.last_view = view
        if view.error:
            self.ready = False
            self.camera_ok = False
            self.camera_message = view.error
            self.prompt = view.error
            return
        self.ready = view.ready
        if view.frame is not None:
            self.frame_texture = self._blit(self.frame_texture, view.frame, view.frame_size)
        self.fps = view.fps
        self.camera_ok, self.camera_message, self.ended = view.camera_ok, view.camera_message, view.ended
        self.unknown_copy = view.unknown_copy
        self.refused = view.refused
        self.misread = view.misread
        self.prompt = view.prompt
        self.current_player = view.current_player
        if list(view.names) != list(self.player_names):
            self.player_names = list(view.names)
        self.last_move, self.last_mover = view.last_move, view.last_mover
        now = time.monotonic()
        if view.alert:
            self.alert, self._alert_since = view.alert, now
            self._alert_live = True
        elif self.alert:
            self._alert_live = False
            if now - self._alert_since >= ALERT_HOLD_S:
                self.alert = ""  # held a moment after the table is put right, so everyone sees it
            else:  # no further view may come (the film ended): clear it on time anyway
                Clock.schedule_once(self._expire_alert, ALERT_HOLD_S - (now - self._alert_since) + 0.05)
        if view.overlay:
            mean = sum(c for _, c in view.overlay) / len(view.overlay)
            self.recognised_text = self.t("play.recognised", n=len(view.overlay), confidence=f"{mean:.0%}")
        else:
            self.recognised_text = ""
        self.question = view.question or ""
        self.can_reject = bool(view.can_reject)
        if view.sheet is not self.sheet_view:
            self.sheet_view = view.sheet
        if list(view.options) != list(self.options):
            self.sheet_preview = -1
            self.option_turned, self.option_orientation = list(view.option_turned), list(view.option_orientation)
            self.option_path = []
            self.options = list(view.options)
        if list(view.scores) != list(self.scores):
            self.scores = list(view.scores)
        if view.breakdown != self.breakdown:  # a new object every view: only a real change redraws
            self.breakdown = view.breakdown
        self.over = view.over
        self.history_len = view.history_len
        self._show_provisional(view)

    def _show_provisional(self, view: PlayView) -> None:
        """The moves a seat wait made provisionally, as unsure (Play's line, the last move, the
        scores' title; History's rows), until the view says none waits."""
        unsure = view.provisional
        if unsure is None:
            self.provisional_move, self.provisional_seat, self.last_move_unsure = "", -1, False
            if list(self.provisional_span):
                self.provisional_span = []
            return
        self.provisional_move, self.provisional_seat = unsure.text, unsure.seat
        self.last_move_unsure = unsure.covers(view.history_len - 1)
        if list(self.provisional_span) != [unsure.first, unsure.count]:
            self.provisional_span = [unsure.first, unsure.count]

    def options_split(self, texts: list[str], *_bindings: Any) -> Any:
        """The tracker's question's options (English) by what they differ in, in the app's
        language (:func:`ui.i18n.option_words.by_difference` on the translated sentences); None
        where they are shown whole (the setting off, the tablet's own choices, too little shared)."""
        from ui.i18n.option_words import by_difference

        if not self.display.options_by_difference or not self.can_reject:
            return None
        notes: tuple[str | None, ...] = ()
        if self.display.unturned_words and len(self.option_turned) == len(texts):
            from ui.i18n.option_words import turn_notes

            def turned_to(down: str, north: str) -> str:
                return self.t("question.turned_to", down=face_name(down, self.lang), north=face_name(north, self.lang))

            notes = turn_notes(list(self.option_turned), list(self.option_orientation), self.t("question.not_turned"),
                               turned_to)
        return by_difference([self.say(text) for text in texts], notes=notes, phrases=self.display.phrase_columns)

    def option_step(self, split: Any, count: int) -> tuple[Any, list[str]]:
        """The step of the question on screen to show (:func:`ui.i18n.option_words.option_steps`,
        following :attr:`option_path`) and the labels chosen at the steps before; (None, []) where
        every option is shown at once (``DisplayConfig.step_over`` 0 or not exceeded, or no split)."""
        from ui.i18n.option_words import option_steps

        most = int(self.display.step_over)
        if split is None or most <= 0 or count <= most:
            return None, []
        members: tuple[int, ...] = tuple(range(count))
        asked: list[int] = []
        chosen: list[str] = []
        for k in list(self.option_path):
            step = option_steps(split, members, most, asked)
            if not 0 <= k < len(step.members) or len(step.members[k]) < 2:
                break  # a stale path (the question changed under it): this step is shown
            chosen.append(step.labels[k])
            members, asked = step.members[k], asked + [step.slot]
        return option_steps(split, members, most, asked), chosen

    def option_choose(self, group: int) -> None:
        """A question asked in steps: the players chose button ``group`` (several options): its options next."""
        self.option_path = list(self.option_path) + [group]

    def option_back(self) -> None:
        """A question asked in steps: back to the step before."""
        self.option_path = list(self.option_path)[:-1]

    def score_title(self, *_bindings: Any) -> str:
        """The Score screen's title: final or so far, and unsure while a seat wait holds a move
        (``DisplayConfig.score_unsure``), with whose next turn settles it."""
        title = self.t("score.final" if self.over else "score.so_far")
        if self.provisional_move and self.display.score_unsure:
            who = self.seat_name(int(self.provisional_seat))
            return self.t("score.unsure_title", title=title, mark=self.t("play.unsure_mark", who=who))
        return title

    def unsure_line(self, *_bindings: Any) -> str:
        """Play's line for the provisional move ("Unsure, waiting for Red's next turn: ...")."""
        if not self.provisional_move:
            return ""
        return self.t("play.unsure", who=self.seat_name(int(self.provisional_seat)), text=self.say(self.provisional_move))

    def _blit(self, texture: Texture | None, data: bytes, size: tuple[int, int]) -> Texture:
        if texture is None or tuple(texture.size) != tuple(size):
            texture = Texture.create(size=size, colorfmt="rgb")
        texture.blit_buffer(data, colorfmt="rgb", bufferfmt="ubyte")
        if self.root is not None:
            self.root.canvas.ask_update()  # new pixels in the same texture: redraw
        return texture

    def _event(self, event: UiEvent) -> None:
        self.status = self.event_line(event)
        self.recent = (list(self.recent) + [event])[-4:]

    def event_line(self, event: UiEvent, *_bindings: Any) -> str:
        prefix = "! " if event.kind in ("alert", "error") else ("? " if event.kind == "question" else "")
        return prefix + event.words(self.lang)

    # ------------------------------------------------------------------ calibration
    def start_calibration(self) -> None:
        from ui.app.calibrate_worker import CalibrationWorker

        self.stop_calibration()
        self.calib_found = self.calib_missing = self.calib_result = ""
        self._calib_shown = ("", "")
        self.calib_message = self.t("calib.working")
        self.calib_texture = self.rectified_texture = None
        setup = GameSetup(source=self.source, players=int(self.players), seed=int(self.seed),
                          camera_index=int(self.camera_index), video_path=self.video_path)
        self.calib_mailbox = Mailbox()
        self.calib_worker = CalibrationWorker(setup, self.calib_mailbox)
        self.calib_worker.start()

    def stop_calibration(self) -> None:
        if self.calib_worker is not None:
            self.calib_worker.stop()
            self.calib_worker = None

    def find_table(self) -> None:
        if self.calib_worker is not None:
            self.calib_message = self.t("calib.working")
            self.calib_worker.find_table()

    def save_profile(self) -> None:
        from calibration.errors import CalibrationError
        from calibration.profile import save_profile
        from ui.app.calibrate_worker import profile_from

        cal = getattr(self.calib_worker, "calibration", None)
        if cal is None:
            self.calib_message = self.t("calib.nothing_to_save")
            return
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            path = save_profile(profile_from(cal, getattr(self.calib_worker, "lens", None)), self.home / "profile.json")
        except CalibrationError as exc:
            self.calib_message = str(exc)
            return
        self.calib_message = self.t("calib.saved", path=str(path))

    def _show_calibration(self, view: Any) -> None:
        if view.frame is not None:
            self.calib_texture = self._blit(self.calib_texture, view.frame, view.frame_size)
        if view.rectified is not None:
            self.rectified_texture = self._blit(self.rectified_texture, view.rectified, view.rectified_size)
        elif view.result == "failed":
            self.rectified_texture = None
        self.calib_found = ", ".join(map(str, view.found))
        self.calib_missing = ", ".join(view.missing)
        if not view.camera_ok:
            self.calib_message = view.message
        fresh = (view.result, view.detail) != self._calib_shown  # the preview repeats the last result
        self._calib_shown = (view.result, view.detail)
        if not fresh:
            return
        if view.result == "ok":
            markers, rms, k1 = (view.detail.split("|") + [""])[:3]
            self.calib_result = "ok"
            self.calib_message = self.t("calib.ok", markers=markers, rms=rms) + (
                " " + self.t("calib.lens", k1=k1) if k1 else "")
        elif view.result == "failed":
            self.calib_result = "failed"
            self.calib_message = self.t("calib.failed", why=view.detail)

    # ------------------------------------------------------------------ score
    def score_reset(self) -> None:
        cats = self.breakdown.categories() if self.breakdown is not None else []
        self.score_steps = len(cats)
        self.score_step = 0

    def sheet_reveal(self, *_bindings: Any) -> frozenset[str] | None:
        """The Score screen's sheet shows the boxes of the categories revealed so far."""
        b = self.breakdown
        return frozenset(b.categories()[: int(self.score_step)]) if b is not None else None

    def score_next(self) -> None:
        self.score_step = min(self.score_steps, self.score_step + 1)

    def score_all(self) -> None:
        self.score_step = self.score_steps

    def score_rows(self, *_bindings: Any) -> list[dict[str, Any]]:
        """One row per category shown so far (per-player points), then the running total."""
        b = self.breakdown
        if b is None:
            return []
        cats = b.categories()[: self.score_step]
        rows: list[dict[str, Any]] = []
        for cat in cats:
            rows.append({"label": self.category(cat), "values": [b.by_category(p)[cat] for p in range(b.num_players)]})
        totals = [sum(r["values"][p] for r in rows) for p in range(b.num_players)]
        rows.append({"label": self.t("score.total"), "values": totals, "total": True})
        return rows

    def score_lines(self, *_bindings: Any) -> str:
        b = self.breakdown
        if b is None:
            return ""
        cats = set(b.categories()[: self.score_step])
        out = []
        for line in b.lines:
            if line.category in cats:
                out.append(f"{self.seat_name(line.player)}  {line.points:+d}  {self.category(line.category)}: "
                           f"{self.say(line.reason)}")
        return "\n".join(out)

    def score_verdict(self, *_bindings: Any) -> str:
        b = self.breakdown
        if b is None:
            return self.t("score.empty")
        if not b.lines and not self.over:
            return self.t("score.empty")
        if self.score_step < self.score_steps:
            cat = b.categories()[self.score_step - 1] if self.score_step else ""
            return self.t("score.step", k=self.score_step, n=self.score_steps, category=self.category(cat)) if cat else ""
        winners = ", ".join(self.seat_name(w) for w in b.winners)
        parts = []
        if winners:
            parts.append(self.t("score.winners" if len(b.winners) > 1 else "score.winner", names=winners))
        parts.append(self.t("score.tie_break", text=self.say(b.tie_break)) if b.tie_break else self.t("score.no_tie"))
        return "\n".join(parts)

    # ------------------------------------------------------------------ history
    def history_load(self) -> None:
        from tracker.event_log import read_events

        self._history_events = []
        if self.log_path and Path(self.log_path).is_file():
            try:
                self._history_events = read_events(self.log_path).events
            except ValueError as exc:
                self.status = str(exc)
        self.history_count = max(0, len(self._history_events) - 1)
        self.replay_index = self.history_count
        self.history_render()
        self.replay(self.replay_index)

    def set_history_filter(self, seat: int) -> None:
        self.history_filter = seat
        self.history_render()

    def history_render(self) -> None:
        rows = []
        seat = int(self.history_filter)
        name = self.seat_name(seat) if seat >= 0 else ""
        english = colour_name(seat, "en") if seat >= 0 else ""
        unsure = self._unsure_lines()
        for event in self._history_events[1:]:
            kind = str(event.get("type"))
            text = str(event.get("text") or event.get("reason") or event.get("question") or "")
            if kind == "reveal":
                text = _reveal_words(event.get("location"), event.get("value"), self.lang)
            if seat >= 0 and event.get("player") != seat and not (english and english in text) and not (name and name in text):
                continue
            text = self.say(text)  # the log keeps the tracker's English; shown in the app's language
            # every line carries the seat to move (the log's own checks); a row is a player's
            # only for the moves they made and took back
            player = event.get("player") if kind in ("move", "undo") else None
            marked = id(event) in unsure
            if marked:
                text += "  " + self.t("play.unsure_mark", who=self.seat_name(int(self.provisional_seat)))
            rows.append({"text": f"{event.get('seq', '?'):>4}  {self.t('event.' + kind)}: {text}",
                         "seat": int(player) if isinstance(player, int) else -1, "unsure": marked})
        self.history_rows = rows

    def _unsure_lines(self) -> set[int]:
        """The ``id`` of the log's move lines that made the moves the running game holds
        provisionally (:attr:`provisional_span`, the tracker's :class:`tracker.session.Provisional`):
        each move line makes the history's next move, each undo line takes the last one back; the
        last line to make each provisional index is marked."""
        span = list(self.provisional_span)
        if not span or self.worker is None or not self.log_path:
            return set()
        first, count = int(span[0]), int(span[1])
        events = self._history_events
        depth = 0  # a log's moves make the history from none (tracker.event_log.replay)
        made: dict[int, int] = {}
        for event in events[1:]:
            kind = event.get("type")
            if kind == "move":
                made[depth] = id(event)
                depth += 1
            elif kind == "undo":
                depth = max(0, depth - 1)
                made.pop(depth, None)
        return {made[k] for k in range(first, first + count) if k in made}

    def replay(self, k: float) -> None:
        """Rebuild the game at event ``k`` on a helper thread (a long game takes longer than a
        UI frame), then show it."""
        k = int(k)
        self.replay_index = k
        events = list(self._history_events)
        self._replay_token += 1
        token = self._replay_token
        if not events:
            self.replay_text = self.t("history.no_log")
            self.replay_sheet = None
            return

        def work() -> None:
            from rules.core import RulesError, load_state
            from tracker.event_log import apply_event

            try:
                state = load_state(events[0]["initial_state"])
                state.history = []
                stopped = ""
                for number, event in enumerate(events[1: k + 1], start=2):
                    try:
                        apply_event(state, event)
                    except (RulesError, KeyError, TypeError, ValueError) as exc:
                        # the game as it stood before the first line that does not apply, never
                        # a mix of the lines before and after it
                        stopped = self.t("history.stopped", line=number, reason=str(exc)[:200])
                        break
                text = self._replay_words(state) + (f"\n\n{stopped}" if stopped else "")
                sheet = finished_sheet_view(state)  # this thread's own copy of the game
            except Exception as exc:  # a damaged log: say so
                text, sheet = f"{type(exc).__name__}: {exc}", None
            self._replay_done(token, text, sheet)

        threading.Thread(target=work, daemon=True, name="tablesight-replay").start()

    def _replay_words(self, state: Any) -> str:
        b = state.score_breakdown()
        scores = "   ".join(f"{self.seat_name(p)} {b.total(p)}" for p in range(b.num_players))
        return f"{self.t('history.moves', n=len(state.history))}   {scores}\n\n{state}"

    @mainthread
    def _replay_done(self, token: int, text: str, sheet: Any = None) -> None:
        if token == self._replay_token:
            self.replay_text = text
            self.replay_sheet = sheet


def finished_sheet_view(state: Any) -> Any:
    """The sheets of a game read back from its log (None for a game without a score sheet)."""
    if not callable(getattr(state, "score_sheet", None)):
        return None
    from ui.app.sheet_model import dice_model, last_virtual_roll, sheet_models
    from ui.app.worker import SheetView

    return SheetView(sheet_models(state), dice_model(state), (), state.game.variant == "virtual",
                     last_virtual_roll(state))


def _reveal_words(location: Any, value: Any, lang: str = "en") -> str:
    from rules.octocube.components import location_label

    where = location_label(tuple(location)) if isinstance(location, list) and len(location) == 2 else str(location)
    if isinstance(value, dict):
        if value.get("kind") == "coin":
            what = "coin"
        elif value.get("kind") == "abyss":
            what = f"abyss {value.get('letter') or ''}".strip()
        else:
            what = " ".join(str(value[k]) for k in ("colour", "obj") if value.get(k))
    else:
        what = str(value)
    return f"{where}: {translate_label(what, lang)}"


def run_app(home: Path | None = None, start_demo: bool = False, size: tuple[int, int] = (1280, 800)) -> None:
    from kivy.core.window import Window

    Window.size = size
    TableSightApp(home=home, start_demo=start_demo).run()


def _countable(state: Any) -> bool:
    """Whether a finished game's scores can be counted (a game waiting for a tile nobody saw is
    resumed instead, where the tracker asks for it)."""
    from rules.core import RulesError

    try:
        state.score_breakdown()
    except RulesError:
        return False
    return True
