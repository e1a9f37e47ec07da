"""A recogniser built with a pack another recogniser was built with reads with that one's parts (the
faces' prototypes: ``RecogniserConfig.pack_parts_kept``, kept on the pack), and reads the same to the
bit as one that builds its own (session 84, suite84a: every test reading builds a recogniser, and
building the parts was ~0.25 of a taught still's ~1.15 CPU s).

The still is test_taught_mat_band_at_tile's (72833's change 18, 4 players: the frame the stillness
gate reads; tests/vision/octocube/taught_table.kept_change_still shares it and its default reading
within a process), read once by ``read_taught`` (the parts built), then by a second recogniser with
the parts kept and by one building its own: the two readings' every field (places, tops, scores,
the cubes' readings) equal as pickled bytes, the timings apart."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import numpy as np
import pytest

from tests.vision.octocube.taught_table import kept_change_still, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.pack_reader import FineMatcher
from vision.octocube.recogniser import OctocubeRecogniser

PRINTING, GAME, CHANGE, PLAYERS, GRID, TILT = 998_218, 72_833, 18, 4, 5, 6.7


@pytest.fixture(scope="module")
def still() -> Any:
    game_frame = kept_change_still(PRINTING, GAME, CHANGE, PLAYERS, TILT, "day", settled=1)
    read_taught(game_frame, PLAYERS, grid=GRID)  # the first recogniser with this pack: the parts built
    return game_frame


def _reading(still: Any, config: RecogniserConfig) -> tuple[OctocubeRecogniser, bytes]:
    pack, frame, camera = still
    rec = OctocubeRecogniser(GRID, PLAYERS, camera, pack=pack, config=config)
    obs = rec.recognise(frame.image)
    return rec, pickle.dumps(dataclasses.replace(obs, timings_ms={}))


@pytest.fixture(scope="module")
def built_afresh(still: Any) -> tuple[OctocubeRecogniser, bytes]:
    return _reading(still, RecogniserConfig(pack_parts_kept=False))


def test_a_second_recogniser_reads_with_the_kept_parts_the_same_to_the_bit(
        still: Any, built_afresh: tuple[OctocubeRecogniser, bytes]) -> None:
    rec, kept = _reading(still, RecogniserConfig())
    again = OctocubeRecogniser(GRID, PLAYERS, still[2], pack=still[0])
    for part in ("pack", "_matcher", "_cube_matcher", "_empty_matcher", "_fine", "_letter_matcher", "_tile_on_cube",
                 "_bare_faces", "_letters"):
        assert getattr(again, part) is getattr(rec, part), part
    assert rec._shade is not None and again._shade is not rec._shade  # its per-frame sets its own
    assert again._shade is not None and again._shade.background is rec._shade.background
    assert rec._tile_on_cube, "no tile on a cube's face compared: the lazily built parts were not used"
    fresh = built_afresh[0]
    for part in ("_matcher", "_fine", "_tile_on_cube", "_letters"):
        assert getattr(fresh, part) is not getattr(rec, part), part
    assert kept == built_afresh[1]


def test_a_kept_part_changed_is_read_with(still: Any, built_afresh: tuple[OctocubeRecogniser, bytes],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: the comparison above tells a reading with other parts apart, and the parts are
    the pack's: a fine stage whose faces are each rolled a pixel, put in the pack's place, is the
    one the next recogniser reads with, and its reading differs."""
    rec = OctocubeRecogniser(GRID, PLAYERS, still[2], pack=still[0])
    fine, taught = rec._fine, rec.pack  # the parts are kept on the pack read with (its shades harmonised)
    assert fine is not None and taught is not None
    key = next(k for k, v in taught.derived.items() if v is fine)
    rolled = FineMatcher.__new__(FineMatcher)
    rolled.__dict__.update(fine.__dict__, _blurred={},
                           protos={lb: [np.roll(v, 1, axis=2) for v in views] for lb, views in fine.protos.items()})
    monkeypatch.setitem(taught.derived, key, rolled)
    rec, other = _reading(still, RecogniserConfig())
    assert rec._fine is rolled
    assert other != built_afresh[1]
