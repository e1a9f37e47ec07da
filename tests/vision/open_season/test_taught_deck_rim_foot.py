"""A taught deck's rim read at its foot gives way to its top (``cards.TAUGHT_DECK_RIM_FOOT_MM``;
issue 20, session 84, fresh84).

Session 84's fresh game 103119 (printing 998319, 2 players, Shield expert, tilt 33, day): the
printing's card back is a light beige, and under the day's light the deck's own cream side reads
as back at the deck's foot against the inn board, so the rim's contrast (``_taught_deck_rim``)
peaks twice: at 0 mm (0.56-0.60) and at the deck's top, 54-58 mm (0.54-0.60). Where the foot led,
the deck read 0 mm tall, inn slot 3 (behind the deck) was read whole, half of it the deck, as
another attribute of its people -- mage-dagger as mage-earrings (twin change 27), dwarf-tattoo as
dwarf-crown (30), elf-earrings as elf-crown (48) -- and the inn keeps no confidence: 13 false
alarms and a lost move (the say log's "seen: the inn card drawn behind the deck shows elf-crown").
The frames are the demo film's own (the still scene's second frame, its sensor noise included);
the game's recorded frames 40-43 and 62 read the same.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

PRINTING, GAME, PLAYERS, SIDE, EXPERT, TILT, LIGHT = 998319, 103119, 2, "shield", True, 33.0, "day"
CHANGES = (30, 31, 48)
"""Twin changes whose still the film draws with the deck read 0 mm tall and slot 3 as a wrong face
(main): "Player 1 takes mage-tattoo and gnome-eyepatch from the inn" and "Player 1 places
gnome-eyepatch on space 5" (slot 3: dwarf-tattoo, read dwarf-crown), "Player 2 replaces the card on
space 5 with dwarf-tattoo from the accolades" (elf-earrings, read elf-crown). Change 27's first
still reads 58 mm (the game's frame 36, mage-dagger read mage-earrings, was a later still frame)."""
RIM_TOLERANCE_MM = 3.0
"""Within a card count's rounding and a height step (2 mm) of the twin's deck (as test_taught_deck_rim)."""


@functools.cache
def _printing() -> tuple[Any, Any]:
    """The bench's printing 998319 and its pack taught from the bench's two teach photos."""
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer

    from tests.vision.teach_photos import taught_pack

    art = random_pack(PRINTING)
    return art, taught_pack("open_season", art, PRINTING, "random", Renderer())


@functools.cache
def _twin() -> Any:
    from tracker.open_season.twin import OpenSeasonTwin

    return OpenSeasonTwin(PLAYERS, GAME, side=SIDE, expert=EXPERT, illegal=1)


@functools.cache
def _film_still(change: int) -> tuple[Any, np.ndarray]:
    from tests.vision.open_season.film_still import film_still

    return film_still(players=PLAYERS, game=GAME, side=SIDE, expert=EXPERT, tilt=TILT, light=LIGHT, twin=_twin(),
                      art=_printing()[0], change=change)


def _reader(camera: Any) -> Any:
    from tracker.open_season.recogniser import _view_of
    from vision.open_season.cards import CardReader

    return CardReader(_view_of(camera, (1280, 720)), SIDE, PLAYERS, _printing()[1], expert=EXPERT)


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("on", [True, False])
def test_the_deck_is_read_at_its_top_not_its_foot(change: int, on: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """On: within 3 mm of the twin's deck (about 52-58 mm). Off: 0 mm, as the game read it."""
    from vision.open_season import cards
    from vision.render.open_season_scene import CARD_THICKNESS_MM

    monkeypatch.setattr(cards, "TAUGHT_DECK_RIM_FOOT_MM", 4.0 if on else 0.0)
    camera, image = _film_still(change)
    truth = _twin().descriptions[change + 1].deck * CARD_THICKNESS_MM
    assert truth > 40.0, truth
    deck = _reader(camera).deck_height(image)
    if on:
        assert abs(deck - truth) <= RIM_TOLERANCE_MM, (deck, truth)
    else:
        assert deck == 0.0, (deck, truth)


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("on", [True, False])
def test_slot_3_behind_the_deck_is_not_read_as_another_face(change: int, on: bool,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """On: every inn slot reads the twin's card, or hidden (slot 3, behind the deck: a question at
    most). Off: slot 3 reads another attribute of its card's people, as the game read it."""
    from vision.open_season import cards

    monkeypatch.setattr(cards, "TAUGHT_DECK_RIM_FOOT_MM", 4.0 if on else 0.0)
    camera, image = _film_still(change)
    inn = _twin().descriptions[change + 1].inn
    truth = ["-".join(card) if card is not None else cards.EMPTY for card in inn]
    truth += [cards.EMPTY] * (5 - len(truth))
    reads = [read.card for read in _reader(camera)._read_inn(image)]
    slot3 = truth[2]
    assert slot3 != cards.EMPTY, truth
    if on:
        assert all(read in (want, cards.HIDDEN) for read, want in zip(reads, truth)), (reads, truth)
        assert reads[2] == cards.HIDDEN, (reads, truth)
    else:
        assert reads[2] not in (slot3, cards.HIDDEN, cards.EMPTY), (reads, truth)
        assert reads[2].split("-")[0] == slot3.split("-")[0], (reads, truth)  # its people, another attribute
