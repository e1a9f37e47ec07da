"""After the players answer "none of these", the Open Season tracker asks once more with the
scene's new card readings widened to their near neighbours (taught seed 102967, printing 997159:
player 1 kept mage-eyepatch and sorcerer-earrings by expert face 2; the fan's lower cards read
sorcerer-dagger and mage-dagger, every option kept a dagger, the players rejected them and the
game was lost, 19/156 moves). The scene is the camera's reading of that game, replayed through
:class:`tracker.session.TrackedGame`."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from rules.open_season import OpenSeasonState
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_table
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option
from vision.open_season.observation import OpenSeasonObservation


def _kept_eyepatch(kept: float = 0.1) -> tuple[OpenSeasonTwin, OpenSeasonState, OpenSeasonObservation, int]:
    """(the twin, the tracker's state before the keep, the scene as the taught reader read it,
    the truth's history length after the keep). ``kept``: how sure the kept mage-eyepatch's strip
    read as mage-dagger is. The taught reader reads a fan's lower card at 0 (its strip shows the
    people only), and since session 69 (``adapter._strip_named``) such a strip names every
    attribute of its people in the first question (``test_open_season_strip_keep.py``); a doubtful
    read that still claims its attribute (0.1, as the built-in art's strips are read) is
    widened only after "none of these", as this game's read was."""
    twin = OpenSeasonTwin(3, 102967, side="shield", expert=True, random_wilds=True)
    index = next(i for i, c in enumerate(twin.changes) if c.text.startswith("Player 1 keeps the drawn mage-eyepatch"))
    before, after = (twin.changes[index - 1].truth_moves, twin.changes[index].truth_moves)
    state = twin.tracker_initial_state()
    for move in twin.truth.history[:before]:
        state.push(move)
    scene = observation_from_table(twin.descriptions[index + 1])
    fan = scene.players[0]
    assert fan.stock == ("sorcerer-crown", "mage-eyepatch", "sorcerer-earrings")
    # what the taught reader read (the two lower cards by their strips, not sure of either)
    scene.players[0] = replace(fan, stock=("sorcerer-dagger", "mage-dagger", "sorcerer-earrings"),
                               stock_confidence=(0.0, kept, 1.0))
    return twin, state, scene, after


def test_a_rejected_question_is_asked_again_with_the_misread_card_widened() -> None:
    twin, state, scene, after = _kept_eyepatch()
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(scene)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked)
    first = events[0].question
    assert not any("mage-eyepatch" in text for text in first.option_texts)
    assert truthful_option(twin.truth.history, first, tracked.state.history) is None
    events = tracked.reject()  # none of these
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    second = events[0].question
    assert second.widened and second.prompt == "The camera may have misread something. Which of these did player 1 do?"
    assert not set(second.options) & set(first.options)  # the rejected options are not offered again
    option = truthful_option(twin.truth.history, second, tracked.state.history)
    assert option is not None
    assert second.option_texts[option] == ("Player 1 keeps the drawn mage-eyepatch; "
                                           "then Player 1 keeps the drawn sorcerer-earrings")
    assert len(second.options) <= 16  # the doubtful strips' neighbours only, in the order the fan shows
    tracked.answer(option)
    assert tracked.state.history == twin.truth.history[:after]
    assert tracked.alert is None


def test_a_rejected_widened_question_raises_the_alert() -> None:
    """The players reject the widened options too (an illegal change): the alert, as before."""
    _, state, scene, _ = _kept_eyepatch()
    tracked = TrackedGame(state, OpenSeasonAdapter())
    tracked.observe(scene)
    tracked.reject()
    events = tracked.reject()
    assert any(isinstance(e, IllegalMoveAlert) for e in events)
    assert not any(isinstance(e, QuestionAsked) and e.question.widened for e in events)


def test_only_what_newly_shows_is_widened() -> None:
    from tracker.open_season.adapter import near_neighbours

    adapter = OpenSeasonAdapter()
    twin, state, scene, _ = _kept_eyepatch()
    assert adapter.widened(state, adapter.expected(state)) is None  # nothing new on the table
    widened = adapter.widened(state, scene)
    assert widened is not None and widened == scene  # the readings themselves are unchanged
    # the two doubtful strips stand for their neighbours; the sure top card (read right) does not
    assert set(widened.stands_for) == {("stock 0", "sorcerer-dagger"), ("stock 0", "mage-dagger")}
    assert "mage-eyepatch" in widened.stands_for[("stock 0", "mage-dagger")]
    assert near_neighbours("mage-dagger") == {"mage-crown", "mage-tattoo", "mage-earrings", "mage-eyepatch",
                                              "elf-dagger", "sorcerer-dagger", "dwarf-dagger", "gnome-dagger",
                                              "barbarian-dagger"}


def _picked_tattoo(lower: str = "elf-tattoo") -> tuple[OpenSeasonTwin, OpenSeasonState, OpenSeasonObservation, int]:
    """Later in 102967 (move 92): player 2 picked the discarded dwarf-tattoo (expert face 1) atop a
    dwarf-tattoo and activated 'eighteen cards' in one scene; the fan's lower card read dwarf-dagger
    (not sure: confidence 0). (the twin, the state before the pick, the scene as read, the history
    after.) ``lower``: the lower card's read. A strip of the expected card's people (dwarf-dagger, as
    read) is no difference since session 30 (os-derail: ``adapter.STRIP_ATTRIBUTE_WEIGHT``) and the
    scene is followed unasked; the widening is shown with a strip of another people (elf-tattoo)."""
    twin = OpenSeasonTwin(3, 102967, side="shield", expert=True, random_wilds=True)
    index = next(i for i, c in enumerate(twin.changes) if c.text.startswith("Player 2 picks the discarded dwarf-tattoo"))
    assert twin.changes[index + 1].text == "Player 2 activates the endgame scoring 'eighteen cards' with a trophy"
    before, after = twin.changes[index - 1].truth_moves, twin.changes[index + 1].truth_moves
    state = twin.tracker_initial_state()
    for move in twin.truth.history[:before]:
        state.push(move)
    scene = observation_from_table(twin.descriptions[index + 2])  # the pick's own scene was missed
    fan = scene.players[1]
    assert fan.stock == ("dwarf-tattoo", "dwarf-tattoo")
    scene.players[1] = replace(fan, stock=(lower, "dwarf-tattoo"), stock_confidence=(0.0, 1.0))
    scene.discards_seen = False  # 3 players: the discards lie under the west wall board
    return twin, state, scene, after


def test_a_scene_no_legal_move_explains_is_asked_about_widened_before_any_alarm() -> None:
    """A pick is named only as the camera shows it: no legal move explained the scene and every
    later scene was an alarm (91/156 moves). Widened at once, the true moves are offered."""
    twin, state, scene, after = _picked_tattoo()
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(scene)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert question.widened
    option = truthful_option(twin.truth.history, question, tracked.state.history)
    assert option is not None
    tracked.answer(option)
    assert tracked.state.history == twin.truth.history[:after]
    assert tracked.alert is None


def test_a_strip_of_the_picked_cards_people_is_followed_unasked() -> None:
    """The lower card as read (dwarf-dagger, confidence 0: the strip shows the people only): the
    pick and the activation are followed without a question."""
    twin, state, scene, after = _picked_tattoo("dwarf-dagger")
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(scene)
    assert events and all(isinstance(e, MoveConfirmed) for e in events), events
    assert tracked.state.history == twin.truth.history[:after]


def test_a_rejected_widened_question_on_an_unexplained_scene_raises_its_alarm_once() -> None:
    """Rejected (an illegal change looks like a misread to the camera alone), the widened question
    gives way to the alarm that names what is wrong, and the same table is not asked about again."""
    _, state, scene, _ = _picked_tattoo()
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(scene)
    assert isinstance(events[0], QuestionAsked) and events[0].question.widened
    events = tracked.reject()
    assert [type(e) for e in events] == [IllegalMoveAlert]
    assert cast(IllegalMoveAlert, events[0]).reason.startswith("no legal move explains the table")
    assert tracked.observe(scene) == []  # the same table: neither asked again nor a new alarm
