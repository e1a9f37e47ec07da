"""The real app under Xvfb: a question waiting for the next scene (``TrackedGame.waiting``) when the
players set a misread die on the tablet. Play shows the question with its answer buttons and
says "answer the question first" (not an error); a tap on the twin's answer makes the set-aside,
then the die set on the tablet remakes the roll: the game is the twin's.

The game is Octo Dice's solo seed 4 held by hand (no shipped game has a waiting question and a
tablet action yet; tests/ui/test_worker_waiting_question.py says why and has the off control).
Runs after the other app tests on the same app (one Kivy window per process)."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import Driver
from tests.ui.test_worker_waiting_question import _misread_roll_and_a_waiting_set_aside, _StillTable
from tracker.twin_truth import truthful_option
from ui.app.worker import GameSetup, Mailbox, PipelineWorker


def test_a_die_set_while_a_question_waits_shows_the_question_and_is_made_after_the_answer(ui: Driver) -> None:
    app = ui.app
    app.stop_game()
    twin, tracked = _misread_roll_and_a_waiting_set_aside()
    app.mailbox = Mailbox()
    app.worker = PipelineWorker(GameSetup(game="octo_dice", players=1, options={"variant": "solo"}, max_fps=10,
                                          display_width=160), app.mailbox, language=app.lang,
                                builder=lambda s: (_StillTable(tracked), None, None), niceness=0)
    app.worker.start()
    app.playing = True
    app.go("play")
    try:
        ui.until(lambda: app.ready, 30, "the first view")
        assert not app.question  # waiting, not asked
        app.put_right("white3", "lab")  # as the sheet panel's spinner sends it (test_app_games.py)
        ui.until(lambda: app.question and app.options, 30, "the waiting question on Play")
        assert app.question == "Which dice did player 1 set aside?"
        assert any(e.kind == "info" and e.text == "answer the question first" for e in app.recent)
        assert not any(e.kind == "error" for e in app.recent)
        question = tracked.pending
        assert question is not None
        option = truthful_option(twin.truth.history, question, tracked.state.history)
        assert option is not None
        def answer_buttons() -> list[Any]:
            return [b for b in ui.widget("play", "option_buttons").children
                    if getattr(b, "text", "").startswith(f"{option + 1}.")]

        buttons = ui.until(answer_buttons, 10, "the answer buttons (filled one per frame)")
        ui.shot("play_waiting_question")
        ui.tap(buttons[0])
        ui.until(lambda: not app.question and any(e.key == "play.put_right" for e in app.recent), 30,
                 "the answer, then the die set on the tablet")
        assert tracked.state.history == twin.truth.history[:2]
        assert not any(e.kind == "error" for e in app.recent)
    finally:
        app.stop_game()
