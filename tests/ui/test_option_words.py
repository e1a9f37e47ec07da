"""A question's options by what differs first (``DisplayConfig.options_by_difference``,
ui/i18n/option_words.py), on real questions the tracker asks in observation bench game 749643
(tests/tracker/test_octocube_seat_settles.py): Red's bare-side-up placing at truth move 232 asked
at once (16 orientations, each a 20-word sentence alike but for two words), and the options left
at Red's next turn after the placing at move 196 (each the placing and the turns since). Each
option's difference must be short, tell it apart, and give back its whole sentence when put into
the shared words; in French and Dutch too. The off control shows the whole sentences (as main)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import look, tracked_until, truth_after
from tests.tracker.test_octocube_seat_settles import ASKED, ON, PLACED, _twin
from tracker.octocube.groundtruth import observation_from_state
from tracker.session import QuestionAsked
from ui.display import DisplayConfig, ShownGame
from ui.i18n.option_words import GAP, SLOT_JOIN, by_difference
from ui.i18n.sentences import translate_sentence


def _whole(events: list[Any]) -> Any:
    asked = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert len(asked) == 1
    return asked[0].whole if asked[0].whole is not None else asked[0]


def _placing_asked_at_once() -> Any:
    """The question the tracker asks at Red's placing with the seat wait off (as before session 82)."""
    tracked = tracked_until(_twin(), PLACED)
    return _whole(look(truth_after(_twin(), PLACED + 1), tracked, answer=False))


def _asked_at_reds_turn() -> Any:
    """The options the seat wait asks at Red's roll after its placing at move 196."""
    twin = _twin()
    tracked = tracked_until(twin, ASKED)
    tracked.config = ON
    for k in (1, 2):
        look(truth_after(twin, ASKED + k), tracked)
    return _whole(list(tracked.observe(observation_from_state(truth_after(twin, ASKED + 3)))))


def _words(text: str) -> list[str]:
    return [w.strip(",;:()") for w in text.replace(SLOT_JOIN, " ").split() if w.strip(",;:()")]


def _in_order(part: list[str], whole: list[str]) -> bool:
    left = iter(whole)
    return all(word in left for word in part)


def _check(texts: tuple[str, ...]) -> Any:
    """The split of ``texts``: one difference per option, no two alike, each made of the option's
    own words in its order; the shared words (gaps and brackets aside) each in some option."""
    split = by_difference(texts)
    assert split is not None and split.full == tuple(texts)
    assert len(split.differences) == len(texts) == len(set(split.differences))
    for text, difference in zip(texts, split.differences):
        assert _in_order(_words(difference), _words(text)), (difference, text)
    assert _in_order([w for w in _words(split.shared) if w != GAP], max((_words(t) for t in texts), key=len))
    return split


def test_a_placing_asked_at_once_leads_with_the_faces() -> None:
    question = _placing_asked_at_once()
    texts = question.option_texts
    assert len(texts) > 8 and min(len(t.split()) for t in texts) >= 6
    split = _check(texts)
    assert split.shared.startswith("Red places the cube on D1") and GAP in split.shared
    # "east · south": scannable; only the placing with no turn named shows what it has (a tile picked up)
    assert sum(len(d.split()) > 3 for d in split.differences) <= 1
    assert "(and picks up a dark blue sextant)" in split.shared  # what only some options have
    truth = _twin().truth.history[PLACED]
    true_option = question.options.index((truth,))
    down, north = truth.orientation
    assert split.differences[true_option] == f"{down}{SLOT_JOIN}{north}"


def test_the_options_left_at_reds_turn_lead_with_what_differs() -> None:
    question = _asked_at_reds_turn()
    texts = question.option_texts
    assert 1 < len(texts) and all("; then " in t for t in texts)  # the placing and the turns since
    split = _check(texts)
    assert split.shared.startswith("Red places the cube on A2") and split.shared.count(GAP) == 1
    assert all(len(d.split()) == 1 for d in split.differences)  # the face looking north: one word each


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_the_translated_options_split_too(lang: str) -> None:
    texts = tuple(translate_sentence(t, lang) for t in _placing_asked_at_once().option_texts)
    assert all(t != e for t, e in zip(texts, _placing_asked_at_once().option_texts))
    split = _check(texts)
    assert "D1" in split.shared and not split.shared.startswith("Red places")
    assert sum(len(d.split()) > 3 for d in split.differences) <= 1


def test_run_prints_the_shared_words_once_then_each_difference() -> None:
    question = _placing_asked_at_once()
    # every option at once (16 > ``step_over``: tests/ui/test_option_steps.py prints it grouped)
    shown = ShownGame(tracked_until(_twin(), 0), DisplayConfig(step_over=0))
    lines = shown.question_lines(question)
    split = shown.question_split(question.option_texts, question)  # the unturned one: "not turned"
    assert split is not None and "not turned" in split.differences
    assert lines[0] == f"  which: {split.shared}"
    assert lines[1:] == [f"  {i}) {d or '(just that)'}" for i, d in enumerate(split.differences, 1)]


def test_off_control_the_whole_sentences_as_before() -> None:
    """``options_by_difference=False``: nothing but the whole sentences (as on main)."""
    question = _placing_asked_at_once()
    shown = ShownGame(tracked_until(_twin(), 0), DisplayConfig(options_by_difference=False))
    assert shown.question_lines(question) == []
    assert shown.question_split(question.option_texts) is None


def test_options_that_share_too_little_or_would_read_alike_are_shown_whole() -> None:
    assert by_difference(["Red passes", "Red rolls south from A4 to A5"]) is None  # 1 word shared
    assert by_difference(["only one option here"]) is None
    # the same words in another order: no difference tells them apart
    assert by_difference(["Red places the cube on D1 a b", "Red places the cube on D1 b a"]) is None
    pivot = by_difference(["Red pivots the cube 90 degrees clockwise on C4", "Red pivots the cube 180 degrees clockwise on C4"])
    assert pivot is not None and pivot.differences == ("90", "180")
    assert pivot.shared == f"Red pivots the cube {GAP} degrees clockwise on C4"
