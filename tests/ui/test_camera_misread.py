"""The app's "The camera misread it" (issue 17, game 95403): a die called turned by hand that
did not change is answered beside the camera's message, the button goes to the same
Pipeline.misread as ``run`` and the demo's players, and the alarm clears. The worker with a real
pipeline (a scripted reader that misreads a set-aside die), no display; the strings in EN/FR/NL."""

from __future__ import annotations

import time
from typing import Any, cast

import pytest

from tests.tracker.test_octo_dice_misread import misread_pipeline
from ui.app.worker import GameSetup, PipelineWorker
from ui.i18n import tr


def test_the_play_screen_offers_the_camera_misread_it_and_the_alarm_clears() -> None:
    pipe = misread_pipeline(frames_each=150)
    worker = PipelineWorker(GameSetup(max_fps=40, display_width=80), builder=cast(Any, lambda s: (pipe, None, None)))
    worker.start()
    try:
        offered: Any = None
        events: list[Any] = []
        said = False
        end = time.monotonic() + 20
        while time.monotonic() < end and not any(e.kind == "info" for e in events):
            view, new = worker.mailbox.take()
            events += new
            if view is not None and view.misread and not said:
                offered, said = view, True
                assert view.alert is not None and "turned by hand" in view.alert
                worker.camera_misread()
            time.sleep(0.01)
    finally:
        worker.stop()
    assert offered is not None, "the answer was never offered"
    assert [e.key for e in events if e.kind == "info"] == ["play.misread_done"]
    assert pipe.tracked.alert is None and pipe.stats.misread_said == 1


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_the_strings_are_in_every_language(lang: str) -> None:
    from ui.i18n.sentences import translate_sentence

    assert tr("play.misread", lang) and tr("play.misread_done", lang)
    note = ("the players say the camera misread it: the black die at (190, 135) mm shows red 2; the white die at "
            "(234, 135) mm shows lab")
    assert (translate_sentence(note, lang) == note) == (lang == "en")
