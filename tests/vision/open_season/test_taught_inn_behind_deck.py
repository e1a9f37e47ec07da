"""A refill card laid in the inn slot behind the deck reads hidden on a taught printing, not empty
(issue 20, session 31, os-refill).

Taught game 102990 (printing 997182 by another hand, 2 players Horn expert, tilt 30, day light) and
102985 (printing 997177, 3 players Shield, tilt 31, lamp) raised 17 false alarms between
them at refills: the inn read one card short with no slot hidden ("no legal move explains the table:
the inn shows X, not expected there"). At this camera the deck (66 mm) hides both patches of inn
slot 5's card, so the whole-card scores on the pixels in view compare nothing (every pose takes
``MASKED_UNSEEN`` off per patch): the bare board "won" by the patches' mean colours alone, read
empty and sure; the card's top strip showed (best face over ``INN_HIDDEN_SCORE``), and a strip seen
kept that read. The frame is the demo film's own (``tracker.film.film``: the still scene's third
frame, its sensor noise included), the one the pipeline read in the game.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests import scale
from tests.vision.open_season.test_taught_empty_inn import _taught


@functools.cache
def _film_frame(printing: int, folder: Path, seed: int, players: int, side: str, expert: bool, tilt: float,
                light: str, index: int) -> tuple[int, Any]:
    """Frame ``index`` of the demo film of game ``seed`` (a still scene's frame), as
    ``tracker.film.film`` draws it: the scene after its change rendered once, then fresh sensor
    noise per further frame, the noise drawn in order from one stream for the whole film."""
    from tracker.film import demo_camera, drifting_lightings, film_timing
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.table import TableSetup
    from vision.render.art_pack import with_art
    from vision.render.renderer import Renderer, RenderOptions

    art, _ = _taught(printing, folder)
    setup = TableSetup(game="open_season", players=players, seed=seed, tilt=tilt, resolution=(1280, 720),
                       lighting=light, options={"side": side, "expert": expert}, illegal=1, moves=0, source="demo")
    twin = OpenSeasonTwin(players, seed, side=side, expert=expert, illegal=1)
    timing = film_timing(setup)
    per = timing.reach_frames + timing.hold_frames + timing.retreat_frames + timing.still_frames
    change = (index - timing.still_frames) // per
    first = timing.still_frames + change * per + timing.reach_frames + timing.hold_frames + timing.retreat_frames
    assert 0 < index - first < timing.still_frames  # a still frame with noise of its own
    options = RenderOptions(lighting=drifting_lightings(light, len(twin.changes), seed)[change], hands=(),
                            table_seed=seed % 997)
    image = Renderer().render(with_art(twin.scenes()[change + 1], art), demo_camera(setup), options,
                              seed=seed * 100_003 + first).image
    noise = np.random.default_rng(seed)
    for _ in range((change + 1) * (timing.still_frames - 1) + index - first - 1):  # the stills before
        noise.normal(0.0, 2.0, image.shape[:2] + (1,))
    sensor = noise.normal(0.0, 2.0, image.shape[:2] + (1,)).astype(np.int16)
    return change, np.clip(image.astype(np.int16) + sensor, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("printing, game, players, side, expert, tilt, light, frame, change", scale.cases([
    (997182, 102990, 2, "horn", True, 30.0, "day", 422, 59),  # refill barbarian-earrings, gnome-eyepatch, sorcerer-crown
    (997177, 102985, 3, "shield", False, 31.0, "lamp", 457, 64),  # sorcerer-eyepatch behind the 60 mm deck
]))
def test_a_refill_card_behind_the_deck_reads_hidden_not_empty(printing: int, game: int, players: int, side: str,
                                                              expert: bool, tilt: float, light: str, frame: int,
                                                              change: int,
                                                              tmp_path_factory: pytest.TempPathFactory) -> None:
    from tracker.film import demo_camera
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.open_season.view import _name, observation_from_table
    from tracker.table import TableSetup

    _, pack = _taught(printing, tmp_path_factory.getbasetemp())
    found, image = _film_frame(printing, tmp_path_factory.getbasetemp(), game, players, side, expert, tilt, light,
                               frame)
    assert found == change
    table = OpenSeasonTwin(players, game, side=side, expert=expert, illegal=1).descriptions[change + 1]
    truth = observation_from_table(table)
    assert len(truth.inn) == 5  # the refill filled every slot, slot 5 behind the deck too
    camera = demo_camera(TableSetup(game="open_season", players=players, seed=game, tilt=tilt, resolution=(1280, 720)))
    observed = OpenSeasonPixelRecogniser(side, players, expert, camera=camera, pack=pack).recognise(image)
    assert not observed.occluded
    # main read 4 cards and no slot hidden: the inn one card short, an alarm
    assert observed.inn_hidden == 1
    assert len(observed.inn) == 4 and set(observed.inn) <= set(truth.inn)
    # the slot read hidden is named (session 76): the twin's card there is the one not read
    assert observed.inn_hidden_slots is not None and len(observed.inn_hidden_slots) == 1
    hidden = observed.inn_hidden_slots[0]
    assert Counter(truth.inn) - Counter(observed.inn) == Counter([_name(table.inn[hidden])])


def test_a_slot_whose_patches_the_deck_hides_is_read_by_its_strip(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The reader's step itself, on the same frame: slot 5's whole-card scores on the pixels in view
    compared neither patch (all under ``TAUGHT_INN_UNSEEN_SCORE``) while its strip shows a face."""
    from tracker.film import demo_camera
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser
    from tracker.table import TableSetup
    from vision.open_season import cards

    _, pack = _taught(997182, tmp_path_factory.getbasetemp())
    _, image = _film_frame(997182, tmp_path_factory.getbasetemp(), 102990, 2, "horn", True, 30.0, "day", 422)
    camera = demo_camera(TableSetup(game="open_season", players=2, seed=102990, tilt=30.0, resolution=(1280, 720)))
    recogniser = OpenSeasonPixelRecogniser("horn", 2, True, camera=camera, pack=pack)
    recogniser.recognise(image)
    reader = recogniser._cards
    deck = int(round(reader.deck_height(image) / 2.0))
    assert not reader.layout.inn_mostly_seen_at[deck][4]
    masked = reader._deck_masked_scores(image, np.array([4]), float(reader.layout.deck_heights[deck]))[0]
    assert masked.max() < cards.TAUGHT_INN_UNSEEN_SCORE
    strip = reader._scores(image, "inn strip", reader._strip)[4]
    faces = np.array([kind == "face" for kind in reader._strip.kinds])
    assert strip[faces].max() >= cards.INN_HIDDEN_SCORE > strip[~faces].max()
    assert reader._read_inn(image)[4].card == cards.HIDDEN
