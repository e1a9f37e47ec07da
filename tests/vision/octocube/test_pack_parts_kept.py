"""A recogniser built with a pack another recogniser was built with reads with that one's parts (the
faces' prototypes: ``RecogniserConfig.pack_parts_kept``, kept on the pack), its coarse matchers give a
kept copy of a scoring asked before (``pack_scores_kept``), and it reads the same to the bit as one
that builds its own and scores everything afresh (session 84, suite84a: every test reading builds a
recogniser, and building the parts was ~0.25 of a taught still's ~1.15 CPU s; a reading asks a
matcher the same more than once, and a rule's off reading asks most of the default one's again).

The still is test_taught_mat_band_at_tile's (72833's change 18, 4 players: the frame the stillness
gate reads; tests/vision/octocube/taught_table.kept_change_still shares it and its default reading
within a process), read once by ``read_taught`` (the parts built), then by a second recogniser with
the parts kept and by one building its own: the two readings' every field (places, tops, scores,
the cubes' readings) equal as pickled bytes, the timings apart."""

from __future__ import annotations

import dataclasses
import pickle
from collections import OrderedDict
from typing import Any

import numpy as np
import pytest

from tests.vision.octocube.taught_table import kept_change_still, printing_pack, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.pack_reader import FineMatcher, TileMatcher
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
    return _reading(still, RecogniserConfig(pack_parts_kept=False, pack_scores_kept=0))


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
    assert rec._matcher._kept and rec._cube_matcher is not None and rec._cube_matcher._kept
    assert not fresh._matcher._kept
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


def test_a_kept_scoring_changed_is_read_with(still: Any, built_afresh: tuple[OctocubeRecogniser, bytes],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The control of the kept scorings: the tiles matcher's kept results, each window's scores
    reversed over the labels, are what the next reading gets, and it differs."""
    matcher = OctocubeRecogniser(GRID, PLAYERS, still[2], pack=still[0])._matcher
    assert matcher._kept
    changed = OrderedDict((key, dataclasses.replace(ts, scores=ts.scores[:, ::-1].copy()))
                          for key, ts in matcher._kept.items())
    monkeypatch.setattr(matcher, "_kept", changed)
    assert _reading(still, RecogniserConfig())[1] != built_afresh[1]


def test_a_kept_scoring_is_handed_out_as_a_copy() -> None:
    """Asked the same twice, a matcher keeping scorings gives equal arrays it does not share: a caller
    changing its copy changes nothing the next caller gets; other windows are scored afresh."""
    matcher = TileMatcher(printing_pack(PRINTING), kept_scores=2)
    rng = np.random.default_rng(84)
    windows = rng.integers(0, 255, (3, 41, 41, 3), dtype=np.uint8)
    first = matcher.scores(windows, turns=(0, 1, 2, 3))
    first.scores[:] = 0
    second = matcher.scores(windows.copy(), turns=(0, 1, 2, 3))
    plain = TileMatcher(printing_pack(PRINTING)).scores(windows, turns=(0, 1, 2, 3))
    assert np.array_equal(second.scores, plain.scores) and np.array_equal(second.turns, plain.turns)
    assert second.offsets is not None and plain.offsets is not None
    assert np.array_equal(second.offsets, plain.offsets)
    assert len(matcher._kept) == 1
    other = matcher.scores(windows[::-1].copy(), turns=(0, 1, 2, 3))
    assert len(matcher._kept) == 2 and not np.array_equal(other.scores, second.scores)
    assert np.array_equal(matcher.scores(windows, turns=(0,)).scores,
                          TileMatcher(printing_pack(PRINTING)).scores(windows, turns=(0,)).scores)
    assert len(matcher._kept) == 2  # the latest two kept
