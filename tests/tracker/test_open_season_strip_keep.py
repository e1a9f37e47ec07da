"""A blind keep whose card shows only as a fan's strip (a taught printing: the people shows, the
attribute does not, read at confidence 0) is asked about with every attribute of that people among
the first options (taught game 103055, printing 998140: player 2 kept elf-crown then dwarf-crown by
expert face 2; the elf-crown's strip read elf-earrings and the mage-tattoo under it, read whole
before, mage-earrings; every option of the first question kept an earrings card, the players
answered "none of these", and only the widened question offered the keep). The scene is the
taught reader's reading of that game's still, replayed through :class:`tracker.session.TrackedGame`."""

from __future__ import annotations

from dataclasses import replace

from rules.open_season import OpenSeasonState
from tests.tracker.open_season_helpers import answer_truly
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_table
from tracker.session import QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option
from vision.open_season.observation import OpenSeasonObservation


def _kept_elf_crown() -> tuple[OpenSeasonTwin, OpenSeasonState, OpenSeasonObservation, int]:
    """(the twin, the tracker's state before the keep, the keep's scene as the taught reader read
    it, the truth's history length after the keep)."""
    twin = OpenSeasonTwin(4, 103055, side="shield", expert=True, illegal=1)
    index = next(i for i, c in enumerate(twin.changes) if c.text.startswith("Player 2 keeps the drawn elf-crown"))
    before, after = twin.changes[index - 1].truth_moves, twin.changes[index].truth_moves
    state = twin.tracker_initial_state()
    for move in twin.truth.history[:before]:
        state.push(move)
    scene = observation_from_table(twin.descriptions[index + 1])
    fan = scene.players[1]
    assert fan.stock == ("mage-tattoo", "elf-crown", "dwarf-crown")
    # what the taught reader read on the game's still (the two lower cards by their strips)
    scene.players[1] = replace(fan, stock=("mage-earrings", "elf-earrings", "dwarf-crown"),
                               stock_confidence=(0.0, 0.0, 0.75))
    return twin, state, scene, after


def test_a_kept_card_read_by_its_strip_is_offered_with_every_attribute_of_its_people() -> None:
    twin, state, scene, after = _kept_elf_crown()
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(scene)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert not question.widened  # the first question, not the one after "none of these"
    answer_truly(twin, tracked, question)
    assert tracked.state.history == twin.truth.history[:after]
    assert tracked.alert is None


def test_the_card_under_the_kept_ones_is_not_taken_for_a_new_one() -> None:
    """The mage-tattoo that lay on the stock before, read by its strip as another mage card once
    the kept cards lay on it, names no kept card."""
    _, state, scene, _ = _kept_elf_crown()
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(scene)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    texts = " ".join(events[0].question.option_texts)
    assert "keeps the drawn mage-" not in texts, texts


def test_the_keep_of_taught_game_102967_is_among_the_first_options() -> None:
    """Taught game 102967 (printing 997159): player 1's kept mage-eyepatch read mage-dagger by its
    strip (confidence 0); the first question named only daggers and was rejected. Now it is offered
    at once."""
    from tests.tracker.test_open_season_widen import _kept_eyepatch

    twin, state, scene, after = _kept_eyepatch(kept=0.0)
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(scene)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert not question.widened and any("mage-eyepatch" in text for text in question.option_texts)
    option = truthful_option(twin.truth.history, question, tracked.state.history)
    assert option is not None
    tracked.answer(option)
    assert tracked.state.history == twin.truth.history[:after]


def test_the_keep_of_taught_game_103054_is_among_the_first_options() -> None:
    """Taught game 103054 (printing 997975, change 69): player 1 kept elf-dagger then dwarf-tattoo;
    the elf-dagger's strip read elf-eyepatch, the gnome-eyepatch under it dwarf-eyepatch and player
    2's unchanged mage-dagger dwarf-eyepatch (all at 0, the taught reader's reads on the game's
    still). The first question lacked the keep ("none of these"); now it is offered, and no card of
    the misread peoples below the kept cards is offered as kept beyond the one read."""
    twin = OpenSeasonTwin(3, 103054, side="horn", expert=True, illegal=1)
    index = next(i for i, c in enumerate(twin.changes) if c.text.startswith("Player 1 keeps the drawn elf-dagger"))
    before, after = twin.changes[index - 1].truth_moves, twin.changes[index].truth_moves
    state = twin.tracker_initial_state()
    for move in twin.truth.history[:before]:
        state.push(move)
    scene = observation_from_table(twin.descriptions[index + 1])
    assert scene.players[0].stock == ("gnome-eyepatch", "elf-dagger", "dwarf-tattoo")
    assert scene.players[1].stock == ("mage-dagger", "gnome-tattoo")
    scene.players[0] = replace(scene.players[0], stock=("dwarf-eyepatch", "elf-eyepatch", "dwarf-tattoo"),
                               stock_confidence=(0.0, 0.0, 1.0))
    scene.players[1] = replace(scene.players[1], stock=("dwarf-eyepatch", "gnome-tattoo"), stock_confidence=(0.0, 1.0))
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(scene)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert not question.widened
    assert not any(f"keeps the drawn dwarf-{a}; then" in text for a in ("crown", "dagger", "earrings")
                   for text in question.option_texts), question.option_texts
    option = truthful_option(twin.truth.history, question, tracked.state.history)
    assert option is not None, question.option_texts
    tracked.answer(option)
    assert tracked.state.history == twin.truth.history[:after]
