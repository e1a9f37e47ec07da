"""A taught printing's fan top is its best fitting place, not the last that fits well
(``cards.TAUGHT_FAN_TOP_BEST_FIT``; issue 20, session 83, fresh83).

Session 83's fresh game 103114 (printing 998311, 3 players Horn expert, tilt 34, lamp): at twin
change 35 player 2 places barbarian-dagger on space 8 and lays elf-crown atop its empty stock. The
stock's place 0 read elf-crown whole (fit 6.69), and place 1 -- the card's lower part and 17 mm of
mat -- fit dwarf-tattoo at 3.53, over ``TAUGHT_FAN_TOP_FIT`` (3.5). As the last well-fitting place
it was taken for the top, so the stock read (elf-eyepatch by its strip, dwarf-tattoo): a card too
many, and the game's one false alarm (say line 58, after a recovery question answered "none of
these"). The frames are the demo film's own (the still scene's second frame, its sensor noise
included), as the pipeline read them (recorded frames 51-57 read the same).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.open_season.film_still import TaughtFilm

PRINTING, GAME, PLAYERS, SIDE, EXPERT, TILT, LIGHT = 998311, 103114, 3, "horn", True, 34.0, "lamp"
PLACES = 35
"""The twin's change "Player 2 places barbarian-dagger on space 8 (trophy window); the other card
goes atop the stock" (the stock was empty); 36: "Player 2 keeps the wild token for later"."""


FILM = TaughtFilm(printing=PRINTING, game=GAME, players=PLAYERS, side=SIDE, expert=EXPERT, tilt=TILT, light=LIGHT)
_printing, _twin, _film_still = FILM.art_and_pack, FILM.twin, FILM.still


def _observed(change: int, monkeypatch: pytest.MonkeyPatch, on: bool) -> Any:
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser
    from vision.open_season import cards

    monkeypatch.setattr(cards, "TAUGHT_FAN_TOP_BEST_FIT", on)
    camera, image = _film_still(change)
    return OpenSeasonPixelRecogniser(SIDE, PLAYERS, EXPERT, camera=camera, pack=_printing()[1]).recognise(image)


def _truth(change: int) -> Any:
    from tracker.open_season.view import observation_from_table

    return observation_from_table(_twin().descriptions[change + 1])


@pytest.mark.parametrize("change", [PLACES, PLACES + 1])
def test_the_one_stock_card_reads_as_the_twins_stock(change: int, monkeypatch: pytest.MonkeyPatch) -> None:
    truth = _truth(change)
    assert truth.players[1].stock == ("elf-crown",)
    read = _observed(change, monkeypatch, on=True)
    assert read.players[1].stock == truth.players[1].stock
    assert read.players[1].stock_confidence[-1] > 0.5  # read whole and sure, as a top card is
    for seat in (0, 2):  # the other stocks as the twin has them
        assert read.players[seat].stock == truth.players[seat].stock


def test_off_the_last_well_fitting_place_is_taken_for_the_top_as_in_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off control: a card too many, the real one read by its strip (the recorded game's reading)."""
    read = _observed(PLACES, monkeypatch, on=False)
    assert read.players[1].stock == ("elf-eyepatch", "dwarf-tattoo")
    assert _truth(PLACES).players[1].stock == ("elf-crown",)
