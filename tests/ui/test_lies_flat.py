"""The app's "It lies flat" (issue 17): a die called cocked is offered beside the camera's message,
the button goes to the same Pipeline.overrule as ``run`` and the demo's players, and the roll is
read. The worker with a real pipeline (ground-truth recogniser told a flat die is cocked), no
display; the strings in EN/FR/NL."""

from __future__ import annotations

import time

import pytest

from tests.tracker.test_octo_dice_flat import CALLED_COCKED, _truth_pipeline
from ui.app.worker import GameSetup, PipelineWorker, UiEvent
from ui.i18n import tr


def test_the_play_screen_offers_it_lies_flat_and_the_roll_is_read() -> None:
    pipe, roll = _truth_pipeline(CALLED_COCKED, frames=400)
    worker = PipelineWorker(GameSetup(max_fps=40, display_width=80), builder=lambda s: (pipe, None, None))
    worker.start()
    try:
        events: list[UiEvent] = []
        refused, said = None, False
        end = time.monotonic() + 20
        while time.monotonic() < end and not any(e.kind == "move" for e in events):
            view, new = worker.mailbox.take()
            events += new
            if view is not None and view.refused and not said:
                refused, said = view, True
                assert "is cocked" in view.camera_message and view.camera_ok
                worker.lies_flat()
            time.sleep(0.01)
    finally:
        worker.stop()
    assert refused is not None, "the refusal was never offered"
    assert [e.key for e in events if e.kind == "info"] == ["play.lies_flat_done"]
    assert len([e for e in events if e.kind == "move"]) == 1
    assert pipe.tracked.state.history == [roll]


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_the_strings_are_in_every_language(lang: str) -> None:
    from ui.i18n.sentences import translate_sentence

    assert tr("play.lies_flat", lang) and tr("play.lies_flat_done", lang)
    message = ("the scene could not be read: a black die at (300, 400) mm is cocked (leaning, no face up): re-roll "
               "it; the roll is read once every die lies flat")
    translated = translate_sentence(message, lang)
    assert (translated == message) == (lang == "en")
