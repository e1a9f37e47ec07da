"""A question's options, polished (session 84, tablet84; ui/i18n/option_words.py, ui/display.py).

* An unturned placing among turned ones leads with "not turned" (``DisplayConfig.unturned_words``),
  read from the tracker's typed :attr:`tracker.inference.Question.option_turned` /
  :attr:`~tracker.inference.Question.option_orientation`, never from the words. The questions are
  the tracker's own, asked at once at each placing of observation bench game 749643 (perfect
  readings) that leaves an unturned orientation among turned ones; the say logs of Octocube games
  72873/72874 (session 83) asked 5 such questions among their 17 placing questions.
* Open Season game 103113's two wild-token questions (48 and 40 options, every accolade card
  times every other attribute; docs/teach.md, fresh83), rebuilt from the tracker through the
  twin's perfect readings, are asked in steps (``DisplayConfig.step_over``): the card first
  (12 buttons), then the attribute (4); walking the steps to the truth gives the option the
  twin's players answer, and the tracker answered with it makes the truth's move.
* ``tablesight run`` prints a long question a line per group, and ``--json`` carries the groups.
* ``tablesight demo --json`` carries ``"shown"`` as ``run --json`` does (``DisplayConfig.demo_json_shown``).

Each switch off is the control (as on main)."""

from __future__ import annotations

import argparse
import json
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tests.tracker.octocube_helpers import look, tracked_until, truth_after
from tests.tracker.open_season_helpers import observe_answering
from tests.tracker.test_octocube_seat_settles import _twin
from tracker.inference import Question
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_table
from tracker.session import QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option
from ui.display import DisplayConfig, ShownGame
from ui.i18n import tr
from ui.i18n.option_words import OptionDifference, by_difference, option_steps, turn_notes
from ui.i18n.sentences import face_name, translate_sentence

UNTURNED_AMONG_TURNED = (42, 57, 69, 77, 97, 112, 189, 205, 215, 232)
"""Game 749643's truth moves (zero-based) whose placing, asked at once, offers one unturned
orientation among turned ones (found by asking at every placing: 16 placing questions, these 10)."""
TWO_WAYS = 112
"""Red's placing on D1 asked with two options: unturned, or turned east face down and bottom face
north (picking up a dark blue diamond): the two options' words differ only by the whole turn."""
WILD = (71, 72)
"""Game 103113's changes whose scenes ask where a wild token went (48, then 40 options)."""


@lru_cache(maxsize=None)
def _placing_question(move: int) -> Question:
    tracked = tracked_until(_twin(), move)  # asks at once
    asked = [e.question for e in look(truth_after(_twin(), move + 1), tracked, answer=False)
             if isinstance(e, QuestionAsked)]
    assert len(asked) == 1
    return asked[0].whole or asked[0]


def _notes(question: Question, lang: str) -> tuple[str | None, ...]:
    return turn_notes(question.option_turned, question.option_orientation, tr("question.not_turned", lang),
                      lambda d, n: tr("question.turned_to", lang, down=face_name(d, lang), north=face_name(n, lang)))


def _split(question: Question, lang: str, notes: bool = True, phrases: bool = True) -> OptionDifference:
    texts = [translate_sentence(t, lang) for t in question.option_texts]
    split = by_difference(texts, notes=_notes(question, lang) if notes else (), phrases=phrases)
    assert split is not None
    return split


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_an_unturned_placing_among_turned_ones_leads_with_not_turned(lang: str) -> None:
    not_turned = tr("question.not_turned", lang)
    for move in UNTURNED_AMONG_TURNED:
        question = _placing_question(move)
        assert question.option_turned.count(False) == 1 and question.option_turned.count(True) >= 1
        split = _split(question, lang)
        unturned = question.option_turned.index(False)
        assert split.differences[unturned] == not_turned, (move, split.differences)
        assert len(set(split.differences)) == len(split.differences)  # still tells every option apart
        truth = _twin().truth.history[move]
        index = question.options.index((truth,))
        assert (split.differences[index] == not_turned) == (not truth.turned)  # the truth's option, as the twin placed it
        if len(question.options) > 2:  # the turned ones keep their faces ("east · south")
            assert all(len(d.split()) <= 3 for k, d in enumerate(split.differences) if k != unturned), split.differences


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_two_options_alike_but_the_turn_lead_with_it(lang: str) -> None:
    question = _placing_question(TWO_WAYS)
    assert question.option_turned == (False, True) and question.option_orientation[1] == ("east", "bottom")
    split = _split(question, lang)
    assert split.differences == (tr("question.not_turned", lang),
                                 tr("question.turned_to", lang, down=face_name("east", lang),
                                    north=face_name("bottom", lang)))
    if lang == "en":
        assert split.differences == ("not turned", "east face down, bottom face looks north")
    assert "(," not in split.shared and ", (" not in split.shared  # FR/NL's comma before the turn stays out


def test_off_control_the_unturned_placing_leads_with_its_pick_up() -> None:
    """``unturned_words=False`` (and no notes): the unturned option leads with the words it has
    that others lack, a pick-up half the options share (as session 83 showed it)."""
    question = _placing_question(232)
    split = _split(question, "en", notes=False)
    assert split.differences[question.option_turned.index(False)] == "and picks up a dark blue sextant"
    shown = ShownGame(tracked_until(_twin(), 0), DisplayConfig(unturned_words=False))
    off = shown.question_split(question.option_texts, question)
    assert off is not None and off.differences == split.differences
    on = ShownGame(tracked_until(_twin(), 0)).question_split(question.option_texts, question)
    assert on is not None and on.differences[question.option_turned.index(False)] == "not turned"
    assert _split(_placing_question(TWO_WAYS), "en", notes=False).differences[0] == ""  # "(just that)"


# --------------------------------------------------------------------------- Open Season wild tokens
@lru_cache(maxsize=1)
def _wild_twin() -> OpenSeasonTwin:
    return OpenSeasonTwin(2, 103113, side="shield", illegal=1)


@lru_cache(maxsize=None)
def _wild_question(change: int) -> tuple[Question, int, tuple[Any, ...]]:
    """The question the tracker asks at ``change`` of game 103113 (perfect readings, the players
    answering truthfully before it), the option the twin's players answer, and the history then."""
    twin = _wild_twin()
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter())
    for i in range(change):
        observe_answering(twin, tracked, observation_from_table(twin.descriptions[i + 1]))
    asked = [e.question for e in tracked.observe(observation_from_table(twin.descriptions[change + 1]))
             if isinstance(e, QuestionAsked)]
    assert len(asked) == 1 and asked[0].whole is None
    option = truthful_option(twin.truth.history, asked[0], tracked.state.history)
    assert option is not None
    return asked[0], option, tuple(tracked.state.history)


def _walk(split: OptionDifference, option: int, most: int) -> tuple[list[int], list[str], list[int]]:
    """The buttons the players press to reach ``option`` (each step's button holding it), their
    labels, and each step's button count."""
    members: tuple[int, ...] = tuple(range(len(split.full)))
    asked: list[int] = []
    pressed, labels, counts = [], [], []
    while True:
        step = option_steps(split, members, most, asked)
        k = next(k for k, group in enumerate(step.members) if option in group)
        pressed.append(k)
        labels.append(step.labels[k])
        counts.append(len(step.members))
        if len(step.members[k]) == 1:
            assert step.members[k] == (option,)
            return pressed, labels, counts
        members, asked = step.members[k], asked + [step.slot]


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
@pytest.mark.parametrize("change,options,cards", [(71, 48, 12), (72, 40, 10)])
def test_a_wild_token_question_is_asked_card_first_then_attribute(change: int, options: int, cards: int,
                                                                  lang: str) -> None:
    question, truth, _history = _wild_question(change)
    assert len(question.options) == options and "wild token on an accolade" in question.option_texts[0]
    split = _split(question, lang)
    most = DisplayConfig().step_over
    first = option_steps(split, range(options), most)
    assert len(first.members) == cards and all(len(g) == 4 for g in first.members)  # every other attribute
    assert [i for g in first.members for i in g] == list(range(options))  # each option in one group
    english = option_steps(_split(question, "en"), range(options), most)
    assert first.members == english.members  # the same groups in every language
    for k, group in enumerate(first.members):  # a group's label is its card, in the options' own words
        assert all(first.labels[k] in split.full[i] for i in group)
    pressed, labels, counts = _walk(split, truth, most)
    assert len(pressed) == 2 and counts == [cards, 4] and max(counts) <= most
    truth_text = split.full[truth]
    assert all(label in truth_text for label in labels)


def test_off_control_french_wild_token_options_aligned_word_by_word() -> None:
    """``phrase_columns=False``: the French 40-option question's cards of two words ("Gnome
    (boucles d'oreilles)") fall out of step with those of one; its shared words fill with bracketed
    cards and its first step no longer groups the options by card (as session 83 aligned them)."""
    question, _truth, _history = _wild_question(WILD[1])
    on = _split(question, "fr")
    assert on.shared == "Joueur 2 pose un jeton joker sur une distinction la carte …, qui devient …"
    off = _split(question, "fr", phrases=False)
    assert "(Barbare" in off.shared and off.shared != on.shared
    first = option_steps(off, range(40), DisplayConfig().step_over)
    assert [len(g) for g in first.members] != [4] * 10


def test_walking_the_steps_answers_the_tracker_with_the_truths_move() -> None:
    """The steps end on an option index of the whole question; the tracker answered with it makes
    the twin's move (what is shown never changes what is answered)."""
    for change in WILD:
        question, truth, history = _wild_question(change)
        split = _split(question, "en")
        pressed, _labels, _counts = _walk(split, truth, DisplayConfig().step_over)
        members: tuple[int, ...] = tuple(range(len(question.options)))
        asked: list[int] = []
        for k in pressed:  # the path the app keeps (``option_path``) leads to one option
            step = option_steps(split, members, DisplayConfig().step_over, asked)
            members, asked = step.members[k], asked + [step.slot]
        assert members == (truth,)
        assert question.options[truth] == tuple(_wild_twin().truth.history[len(history):len(history) + len(question.options[truth])])


def _wild_pipe(tracked: TrackedGame, changes: range) -> Any:
    """A pipeline stand-in showing the twin's perfect scenes of ``changes``, one per step (the
    frame index is the change, for ``truth_of``)."""
    left = iter(changes)
    twin = _wild_twin()

    def step() -> Any:
        change = next(left, None)
        if change is None:
            return None
        scene = observation_from_table(twin.descriptions[change + 1])
        return SimpleNamespace(frame_index=change, image=np.zeros((4, 4, 3), np.uint8), camera_message="ok",
                               events=tuple(tracked.observe(scene)), refused=None, misread=None)

    return SimpleNamespace(tracked=tracked, step=step, refused=None, misread_offer=None,
                           stats=SimpleNamespace(recognised=len(changes)), calibration_message="", source=None)


def _run_wild(display: DisplayConfig, json_out: bool, monkeypatch: pytest.MonkeyPatch,
              capsys: pytest.CaptureFixture[str]) -> str:
    """``tablesight run``'s real loop over game 103113's scenes from change 69 to its end (the
    twin's players answering the two wild-token questions truthfully)."""
    from ui.commands import run as run_command

    twin = _wild_twin()
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter())
    for i in range(69):
        observe_answering(twin, tracked, observation_from_table(twin.descriptions[i + 1]))
    built = SimpleNamespace(pipeline=_wild_pipe(tracked, range(69, len(twin.changes))), twin=twin,
                            truth_of=lambda frame: {"change_index": frame},
                            table=SimpleNamespace(prompt=lambda state: "play"))
    monkeypatch.setattr(run_command, "DISPLAY", display)
    assert run_command._loop(built, argparse.Namespace(answer="none", json=json_out, max_frames=0)) == 0
    assert tracked.state.history == twin.truth.history  # the questions answered as before
    return capsys.readouterr().out


def test_run_prints_a_wild_token_question_a_line_per_card(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = _run_wild(DisplayConfig(), False, monkeypatch, capsys).splitlines()
    whiches = [i for i, line in enumerate(out) if line.startswith("  which: ")]
    assert len(whiches) == 2
    first = out[whiches[0] + 1: whiches[0] + 13]
    question, _truth, _history = _wild_question(WILD[0])
    split = _split(question, "en")
    step = option_steps(split, range(48), DisplayConfig().step_over)
    for line, label, group in zip(first, step.labels, step.members):
        numbers = [int(part.split(")")[0]) for part in line.split(": ", 1)[1].split("  ")]
        assert line.startswith(f"  {label}: ") and numbers == [i + 1 for i in group]
    assert first[0] == "  elf-eyepatch: 1) crown  2) tattoo  3) dagger  4) earrings"
    assert not out[whiches[0] + 13].startswith("  ")  # 12 lines, not 48
    result = json.loads(_run_wild(DisplayConfig(), True, monkeypatch, capsys).strip().splitlines()[-1])
    asked = [e for e in result["shown"] if e["kind"] == "question"]
    assert [len(e["options"]) for e in asked] == [48, 40]
    assert [len(e["groups"]) for e in asked] == [12, 10]
    assert asked[0]["groups"][0] == {"label": "elf-eyepatch", "options": [0, 1, 2, 3]}


def test_off_control_run_prints_every_option_of_a_wild_token_question(monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``step_over=0``: 48 lines, one per option (as on main)."""
    out = _run_wild(DisplayConfig(step_over=0), False, monkeypatch, capsys).splitlines()
    which = next(i for i, line in enumerate(out) if line.startswith("  which: "))
    assert [line.split(")")[0].strip() for line in out[which + 1: which + 49]] == [str(k) for k in range(1, 49)]
    result = json.loads(_run_wild(DisplayConfig(step_over=0), True, monkeypatch, capsys).strip().splitlines()[-1])
    assert not any("groups" in e for e in result["shown"])


# --------------------------------------------------------------------------- demo --json
def _demo_json() -> dict[str, Any]:
    from tests.cli_inprocess import run_cli

    done = run_cli("demo", "--game", "octocube", "--players", "2", "--seed", "3", "--illegal", "1", "--moves", "8",
                   "--headless", "--json")
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_demo_json_shows_the_pivot_unsure_then_settled_as_run_json_does() -> None:
    """Demo seed 3 (8 moves): Yellow's pivot after the put-back is made provisionally, then
    settled by Yellow's roll (tests/ui/test_provisional_moves.py prints it); ``--json`` now says so."""
    result = _demo_json()
    assert result["moves_correct"] == 8 and result["moves_total"] == 8
    shown = result["shown"]
    unsure = [e for e in shown if e["kind"] == "move" and e["provisional"]]
    # the pivot, and the move made under it before Yellow's roll (the wait's span), shown unsure
    assert unsure[0]["text"].startswith("Yellow pivots the cube") and unsure[0]["player"] == 1
    settled = [e for e in shown if e["kind"] == "settled"]
    assert len(settled) == 1 and settled[0]["text"].startswith("Yellow pivots the cube") and settled[0]["player"] == 1
    assert all(shown.index(e) < shown.index(settled[0]) for e in unsure)
    assert any(e["kind"] == "alert" for e in shown)  # the injected illegal change, flagged
    assert result["provisional"] is None


def test_off_control_demo_json_has_figures_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.commands import demo as demo_command

    monkeypatch.setattr(demo_command, "DISPLAY", DisplayConfig(demo_json_shown=False))
    result = _demo_json()
    assert "shown" not in result and "provisional" not in result and result["moves_correct"] == 8
