"""The real app under Xvfb (session 84, tablet84): the Score screen says the scores are unsure
while a seat wait holds a move (``DisplayConfig.score_unsure``); an unturned placing's button
leads with "not turned" (``DisplayConfig.unturned_words``); a 48-option wild-token question is
asked in steps, with "Back" (``DisplayConfig.step_over``).

The scenes are the twins' perfect readings shown to the real tracker by a pipeline stand-in
(tests/ui/test_app_provisional.py's ``_Scenes``, one scene each time the test lets it): observation
bench game 749643 (Red's placing at move 232, made provisionally, settled by Red's roll; Red's
two-way placing at move 112) and Open Season game 103113 (the wild token at change 71, 48 options).
The app's worker, views and screens are the real ones; each switch off is the control (as on
main). The app is left as it starts: Home, English, no game."""

from __future__ import annotations

from typing import Any

from tests.tracker.octocube_helpers import tracked_until, truth_after
from tests.tracker.open_season_helpers import observe_answering
from tests.tracker.test_octocube_seat_settles import ON, PLACED, _twin
from tests.ui.conftest import Driver
from tests.ui.test_app_provisional import _leave, _Scenes
from tests.ui.test_option_steps import TWO_WAYS, _wild_question, _wild_twin
from tracker.octocube.groundtruth import observation_from_state
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.view import observation_from_table
from tracker.session import TrackedGame
from ui.app.worker import GameSetup, Mailbox, PipelineWorker
from ui.display import DisplayConfig


def _start(ui: Driver, tracked: TrackedGame[Any, Any], scenes: list[Any], display: DisplayConfig,
           game: str = "octocube") -> _Scenes:
    app = ui.app
    app.stop_game()
    app._clear_play()  # as start_game does
    pipe = _Scenes(tracked, scenes)
    app.mailbox = Mailbox()
    app.display = display
    app.worker = PipelineWorker(GameSetup(players=2, max_fps=20, display_width=160, game=game), app.mailbox,
                                language=app.lang, builder=lambda s: (pipe, None, None), niceness=0, display=display)
    app.worker.start()
    app.playing = True
    app.go("play")
    ui.until(lambda: app.ready, 30, "the first view")
    return pipe


def _buttons(ui: Driver, count: int) -> list[Any]:
    """The ``count`` buttons above "None of these", once all are laid out (one per frame)."""
    box = ui.widget("play", "option_buttons")
    ui.until(lambda: len(box.children) == count + 1, 30, f"{count} answer buttons")
    return list(reversed(box.children))[:-1]


SO_FAR = "Scores so far (the game is not over)"


def _placing(ui: Driver, display: DisplayConfig) -> tuple[TrackedGame[Any, Any], _Scenes]:
    tracked = tracked_until(_twin(), PLACED)
    tracked.config = ON  # the seat wait: Red's placing made provisionally
    scenes = [observation_from_state(truth_after(_twin(), PLACED + k)) for k in (1, 2, 3)]
    return tracked, _start(ui, tracked, scenes, display)


def test_the_score_screen_says_unsure_until_reds_roll_settles_the_placing(ui: Driver) -> None:
    app = ui.app
    tracked, pipe = _placing(ui, DisplayConfig())
    try:
        title = ui.widget("score", "score_title")
        pipe.next_scene()  # Red's placing, made provisionally
        ui.until(lambda: app.provisional_move, 30, "the provisional placing")
        assert tracked.provisional is not None and tracked.provisional.seat == 0
        ui.tap_nav("score")
        ui.until(lambda: title.text == f"{SO_FAR}  (unsure: waiting for Red's next turn)", 10, "Score's unsure title")
        ui.shot("score_unsure")
        app.set_language("fr")
        ui.until(lambda: title.text.endswith("(incertain : en attente du prochain tour de Rouge)"), 10, "French")
        app.set_language("en")
        ui.tap_nav("play")
        pipe.next_scene()  # Yellow's roll: still unsure
        ui.until(lambda: app.history_len == PLACED + 2, 30, "Yellow's roll")
        assert app.provisional_move
        pipe.next_scene()  # Red's roll settles it
        ui.until(lambda: app.history_len == PLACED + 3 and not app.provisional_move, 60, "the placing settled")
        assert tracked.state.history == _twin().truth.history[:PLACED + 3]
        ui.tap_nav("score")
        ui.until(lambda: title.text == SO_FAR, 10, "Score's title, sure again")
    finally:
        app.set_language("en")
        _leave(app)


def test_off_control_the_score_screen_reads_as_sure(ui: Driver) -> None:
    app = ui.app
    tracked, pipe = _placing(ui, DisplayConfig(score_unsure=False))
    try:
        pipe.next_scene()
        ui.until(lambda: app.provisional_move, 30, "the provisional placing")
        ui.tap_nav("score")
        ui.pump(0.3)
        assert tracked.provisional is not None  # the tracker still waits: only the mark is off
        assert ui.widget("score", "score_title").text == SO_FAR
        assert ui.widget("play", "scores_title").text == "Scores (unsure)"  # Play still says it
    finally:
        _leave(app)


def _two_ways(ui: Driver, display: DisplayConfig) -> tuple[TrackedGame[Any, Any], list[Any]]:
    tracked = tracked_until(_twin(), TWO_WAYS)  # asks at once
    pipe = _start(ui, tracked, [observation_from_state(truth_after(_twin(), TWO_WAYS + 1))], display)
    pipe.next_scene()
    ui.until(lambda: ui.app.question and len(ui.app.options) == 2, 30, "the two-way placing")
    return tracked, _buttons(ui, 2)


def test_the_unturned_placings_button_says_not_turned(ui: Driver) -> None:
    app = ui.app
    try:
        tracked, buttons = _two_ways(ui, DisplayConfig())
        assert [b.difference for b in buttons] == ["not turned", "east face down, bottom face looks north"]
        assert buttons[0].text.startswith("1.  [b]not turned[/b]\n")
        ui.shot("play_not_turned")
        truth = _twin().truth.history[TWO_WAYS]
        assert not truth.turned  # the twin placed it unturned
        ui.tap(buttons[0])
        ui.until(lambda: not app.question and app.history_len == TWO_WAYS + 1, 30, "the answer")
        assert tracked.state.history == _twin().truth.history[:TWO_WAYS + 1]
    finally:
        _leave(app)


def test_off_control_the_unturned_placings_button_says_just_that(ui: Driver) -> None:
    app = ui.app
    try:
        _tracked, buttons = _two_ways(ui, DisplayConfig(unturned_words=False))
        assert buttons[0].difference == "" and buttons[0].text.startswith("1.  [b](just that)[/b]\n")
        assert buttons[1].difference.startswith("turned so that its east face is down")
    finally:
        _leave(app)


def _wild(ui: Driver, display: DisplayConfig) -> tuple[TrackedGame[Any, Any], _Scenes, int]:
    """Open Season game 103113 up to the wild token of change 71 (48 options)."""
    twin = _wild_twin()
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter())
    for i in range(71):
        observe_answering(twin, tracked, observation_from_table(twin.descriptions[i + 1]))
    _question, truth, _history = _wild_question(71)
    pipe = _start(ui, tracked, [observation_from_table(twin.descriptions[72])], display, game="open_season")
    pipe.next_scene()
    ui.until(lambda: ui.app.question and len(ui.app.options) == 48, 30, "the wild token's question")
    return tracked, pipe, truth


def test_a_wild_token_question_is_asked_card_first_then_attribute_with_a_way_back(ui: Driver) -> None:
    app = ui.app
    try:
        tracked, _pipe, truth = _wild(ui, DisplayConfig())
        before = len(tracked.state.history)
        groups = _buttons(ui, 12)  # a button per accolade card, not 48
        assert all(b.step_kind == "group" and len(b.members) == 4 for b in groups)
        assert sorted(i for b in groups for i in b.members) == list(range(48))
        shared = ui.widget("play", "question_shared")
        assert shared.text.endswith("…, making it …: which one?")
        ui.shot("play_wild_token_cards")
        card = next(b for b in groups if truth in b.members)
        ui.tap(card)
        step = _buttons(ui, 5)  # Back, then the card's four attributes
        assert step[0].step_kind == "back" and [b.option for b in step[1:]] == list(card.members)
        assert shared.text.endswith(f": {card.difference}; which one?")
        ui.shot("play_wild_token_attributes")
        ui.tap(step[0])  # Back: the cards again, nothing answered
        groups = _buttons(ui, 12)
        assert app.question and len(tracked.state.history) == before
        ui.tap(next(b for b in groups if truth in b.members))
        step = _buttons(ui, 5)
        ui.tap(next(b for b in step[1:] if b.option == truth))
        twin = _wild_twin()
        ui.until(lambda: not app.question and app.history_len > before, 30, "the answer")
        assert tracked.state.history == twin.truth.history[:len(tracked.state.history)]
        assert len(tracked.state.history) > before  # the truth's wild token, as the twin's players answer
    finally:
        _leave(app)


def test_off_control_a_wild_token_question_shows_48_buttons(ui: Driver) -> None:
    app = ui.app
    try:
        _tracked, _pipe, _truth = _wild(ui, DisplayConfig(step_over=0))
        buttons = _buttons(ui, 48)
        assert [b.option for b in buttons] == list(range(48))
    finally:
        _leave(app)


def test_the_sixteen_way_placing_is_asked_down_face_first(ui: Driver) -> None:
    """Red's placing at move 232 asked at once (16 orientations, over ``step_over``): first which
    face is down ("not turned" alone, then a button per face), then which looks north; the
    truth's two taps make the truth's placing."""
    app = ui.app
    tracked = tracked_until(_twin(), PLACED)  # asks at once
    pipe = _start(ui, tracked, [observation_from_state(truth_after(_twin(), PLACED + 1))], DisplayConfig())
    try:
        pipe.next_scene()
        ui.until(lambda: app.question and len(app.options) == 16, 30, "the placing's question")
        first = _buttons(ui, 5)
        assert first[0].step_kind == "option" and first[0].difference == "not turned"
        assert [b.difference for b in first[1:]] == ["top", "bottom", "south", "east"]
        assert all(b.step_kind == "group" for b in first[1:])
        down, north = _twin().truth.history[PLACED].orientation
        ui.tap(next(b for b in first[1:] if b.difference == down))
        second = _buttons(ui, 5)  # Back and the four faces that may look north
        assert second[0].step_kind == "back"
        ui.shot("play_placing_north_step")
        ui.tap(next(b for b in second[1:] if b.difference == north))
        ui.until(lambda: not app.question and app.history_len == PLACED + 1, 30, "the answer")
        assert tracked.state.history == _twin().truth.history[:PLACED + 1]
    finally:
        _leave(app)
