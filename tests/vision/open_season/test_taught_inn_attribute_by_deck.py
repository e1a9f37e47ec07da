"""A taught refill card the deck partly hides is told among its people's faces on the pixels in view
(issue 20, session 37, os-tgames).

Fresh taught game 103022 (printing 997222 by another hand; 4 players Horn expert, tilt 2, evening
light) asked "the camera lost track of the game" twice: after refills that laid elf-tattoo and
gnome-tattoo in inn slot 5, which the 66 mm deck partly hides at this camera, the slot read elf-crown
and gnome-crown (unsure, 0.33): the whole card's pixels in view fitted the crown a little better
(4.55 against 4.38), and the second look among a people's faces on the pixels that tell them apart
(which reads the tattoo, 2.33 against 1.72) was taken only for slots in full view. The frames are
the demo film's own (the still scene's second frame, its sensor noise included).
"""

from __future__ import annotations

import pytest

from tests import scale
from tests.vision.open_season.test_taught_empty_inn import _taught
from tests.vision.open_season.test_taught_inn_behind_deck import _film_frame


@pytest.mark.parametrize("frame, change, card, misread", scale.cases([
    (351, 49, "elf-tattoo", "elf-crown"),  # refill elf-dagger, elf-tattoo
    (491, 69, "gnome-tattoo", "gnome-crown"),  # refill dwarf-crown, gnome-tattoo
]))
def test_a_refill_card_the_deck_partly_hides_reads_its_own_attribute(frame: int, change: int, card: str,
                                                                     misread: str,
                                                                     tmp_path_factory: pytest.TempPathFactory) -> None:
    from tracker.film import demo_camera
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.open_season.view import observation_from_table
    from tracker.table import TableSetup

    _, pack = _taught(997222, tmp_path_factory.getbasetemp())
    found, image = _film_frame(997222, tmp_path_factory.getbasetemp(), 103022, 4, "horn", True, 2.0, "evening",
                               frame)
    assert found == change
    truth = observation_from_table(OpenSeasonTwin(4, 103022, side="horn", expert=True, illegal=1)
                                   .descriptions[change + 1])
    assert card in truth.inn and misread not in truth.inn
    camera = demo_camera(TableSetup(game="open_season", players=4, seed=103022, tilt=2.0, resolution=(1280, 720)))
    recogniser = OpenSeasonPixelRecogniser("horn", 4, True, camera=camera, pack=pack)
    observed = recogniser.recognise(image)
    reader = recogniser._cards
    deck = int(round(reader.deck_height(image) / 2.0))
    assert not reader.layout.inn_whole_at[deck][4]  # slot 5: the deck hides part of the card
    # main read slot 5 as the same people's crown: the inn named a card the refill never laid
    assert observed.inn_hidden == 0
    assert sorted(observed.inn) == sorted(truth.inn)
