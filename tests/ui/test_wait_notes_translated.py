"""The tracker's notes on a question that waits (``tracker/session.py``: for the seat's next turn,
``InferenceConfig.seat_settles``, or for the next scene) in French and Dutch, each option of the
list translated move by move. Texts as the tracker writes them (the options of game 749643's
waits, seen in session 82's fresh-clone run); the random-game corpus of test_sentences.py meets
only some of these notes."""

from __future__ import annotations

import pytest

from tests.ui.test_sentences import ENGLISH_LEFT
from ui.i18n.sentences import is_translated, translate_sentence

PIVOT = "Red pivots the cube 90 degrees clockwise on C4"
SCORE = "Yellow scores from D1: collects a green starfish, leaving 1 on the cube"
ROLL = "Red rolls south from A4 to A5; A4 is emptied and gets an abyss tile"
NOTES = [
    f"waiting for Red's next turn to tell which: {PIVOT}; then {SCORE}; Red passes; then {SCORE}",
    "Blue's turns since do not tell which: asked now",
    "the question waiting for a later turn is dropped: its move was taken back",
    "the question waiting for a later turn is dropped: the players act on the tablet",
    f"a later scene shows which: {PIVOT}; then {SCORE}",
    f"a later scene shows that Red passes is not what happened: {ROLL}",
    f"waiting for the next scene to tell which: Red passes; {ROLL}",
    f"the next scene shows which: {ROLL}",
    f"the next scene does not show that {PIVOT}: asked",
]


@pytest.mark.parametrize("lang", ["fr", "nl"])
@pytest.mark.parametrize("note", NOTES)
def test_a_waiting_question_note_is_translated_whole(note: str, lang: str) -> None:
    assert is_translated(note, lang)
    out = translate_sentence(note, lang)
    assert out != note and not ENGLISH_LEFT.findall(out), out


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_an_option_no_shape_explains_leaves_the_note_in_english(lang: str) -> None:
    """Control: one option the engine never writes makes the whole note stay English (never half
    a translation)."""
    note = f"waiting for Red's next turn to tell which: {PIVOT}; Red juggles the cube"
    assert not is_translated(note, lang)
    assert translate_sentence(note, lang) == note
