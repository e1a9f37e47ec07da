"""A taught printing's covered stock card is named within the people its strip's colour shows
(``cards.TAUGHT_STRIP_PEOPLE_BY_COLOUR``; issue 20, session 80, osread80).

Session 79's fresh game 103083 (printing 998252, 2 players Shield expert, tilt 33, day) was lost
at move 46: at twin change 34 player 2 keeps the drawn barbarian-earrings and elf-tattoo, and the
stock goes (elf-tattoo) -> (elf-tattoo, barbarian-earrings, elf-tattoo). Player 2 sits across the
table: each lower card's 17 mm strip is ~8 pixels tall, blurred flat. The strip score compares each
channel normalised on its own, so the people's colour is only its mean-colour term; the flat
maroon strip's noise correlated better with the pink dwarf's frame lines (+1.2) than the colour
told against it (-0.3), and the covered elf-tattoo read dwarf-earrings at every later scene. The
keep question was built on that misread, its options all wrong, and the game never recovered.
The frames are the demo film's own (the still scene's second frame, its sensor noise included),
those the pipeline read in the game (recorded: /tmp/lead79/rec103083.pkl's scenes 37 and 40).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.open_season.film_still import TaughtFilm

PRINTING, GAME, PLAYERS, SIDE, EXPERT, TILT, LIGHT = 998252, 103083, 2, "shield", True, 33.0, "day"
KEEPS = 34
"""The twin's change "Player 2 keeps the drawn barbarian-earrings; Player 2 keeps the drawn elf-tattoo"."""


FILM = TaughtFilm(printing=PRINTING, game=GAME, players=PLAYERS, side=SIDE, expert=EXPERT, tilt=TILT, light=LIGHT)
_printing, _twin, _film_still = FILM.art_and_pack, FILM.twin, FILM.still


def _observed(change: int, monkeypatch: pytest.MonkeyPatch, on: bool) -> Any:
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser
    from vision.open_season import cards

    monkeypatch.setattr(cards, "TAUGHT_STRIP_PEOPLE_BY_COLOUR", on)
    _, pack = _printing()
    camera, image = _film_still(change)
    return OpenSeasonPixelRecogniser(SIDE, PLAYERS, EXPERT, camera=camera, pack=pack).recognise(image)


def _people(stock: tuple[str, ...]) -> list[str]:
    return [card.split("-")[0] for card in stock]


@pytest.mark.parametrize("change", [KEEPS, KEEPS + 1])
def test_the_covered_stock_cards_read_their_own_people(change: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from tracker.open_season.view import observation_from_table

    truth = observation_from_table(_twin().descriptions[change + 1]).players[1].stock
    assert truth == ("elf-tattoo", "barbarian-earrings", "elf-tattoo")
    read = _observed(change, monkeypatch, on=True).players[1].stock
    assert _people(read) == _people(truth)  # the strips show no attribute: people only
    assert read[-1] == truth[-1]  # the top card, read whole


@pytest.mark.parametrize("change", [KEEPS, KEEPS + 1])
def test_off_the_covered_elf_tattoo_reads_dwarf_as_in_the_lost_game(change: int,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    read = _observed(change, monkeypatch, on=False).players[1].stock
    # the recorded game read (dwarf-earrings, barbarian-crown | barbarian-earrings, elf-tattoo)
    assert read[0] == "dwarf-earrings" and read[1].startswith("barbarian-") and read[2] == "elf-tattoo"


def _keep_scene(monkeypatch: pytest.MonkeyPatch, on: bool) -> tuple[Any, list[Any]]:
    """The tracker at the state before the keeps (the twin's true moves), shown the pixels' reading
    of the scene before them and then of the scene after: (the tracker, the second scene's events)."""
    from tracker.open_season.adapter import OpenSeasonAdapter
    from tracker.session import TrackedGame

    from tests.tracker.open_season_helpers import played

    twin = _twin()
    state = played(twin, twin.changes[KEEPS - 1].truth_moves)
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    tracked.observe(_observed(KEEPS - 1, monkeypatch, on))
    return tracked, tracked.observe(_observed(KEEPS, monkeypatch, on))


def test_the_keeps_are_asked_with_the_truth_among_the_first_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept barbarian-earrings shows only its strip (people, no attribute): asked about, every
    barbarian attribute offered at once (tests/tracker/test_open_season_strip_keep.py's rule); the
    players' true answer gives the twin's history and no alert."""
    from tests.tracker.open_season_helpers import answer_truly
    from tracker.session import QuestionAsked

    tracked, events = _keep_scene(monkeypatch, on=True)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert not question.widened
    twin = _twin()
    answer_truly(twin, tracked, question)
    assert tracked.state.history == twin.truth.history[:twin.changes[KEEPS].truth_moves]
    assert tracked.alert is None


def test_off_the_keeps_are_asked_without_the_truth_as_in_the_lost_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off: the first question keeps a dwarf-earrings first (say line 61 of the lost game): no
    option is the truth, the players answer "none of these"."""
    from tracker.session import QuestionAsked
    from tracker.twin_truth import truthful_option

    tracked, events = _keep_scene(monkeypatch, on=False)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert any("dwarf-earrings" in text for text in question.option_texts)
    assert truthful_option(_twin().truth.history, question, tracked.state.history) is None
