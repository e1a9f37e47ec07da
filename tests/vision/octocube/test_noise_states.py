"""The committed noise-generator states of the taught films (tests/vision/octocube/noise_states.py)
are the generator's own: a taught still entered from one of them is the whole film's frame to the
bit (test_taught_still_seek.py checks the entry itself against films drawn whole)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.octocube import noise_states
from tests.vision.octocube.noise_states import EVERY, SHAPE, committed, decode, encode, states_for
from tests.vision.octocube.taught_table import SharedNoiseCheckpoints


def test_every_taught_game_of_the_tests_has_its_states_committed() -> None:
    """A taught test on a game without states still passes, but draws its noise itself (seconds
    per entry); refresh with ``python -m tests.vision.octocube.noise_states``."""
    missing = [seed for seed in noise_states.taught_game_seeds() if not committed(seed, SHAPE)]
    assert not missing, f"no committed noise states for games {missing}: run python -m tests.vision.octocube.noise_states"


@pytest.mark.parametrize("seed", [72483, 72869])
def test_the_first_committed_state_is_the_generators_after_its_first_frames(seed: int) -> None:
    assert states_for(seed, EVERY) == {EVERY: encode(committed(seed, SHAPE)[EVERY])}


def test_a_late_committed_state_follows_from_the_one_before() -> None:
    seed = 72740
    kept = committed(seed, SHAPE)
    late = max(kept)
    assert late >= 10 * EVERY  # a late entry, as the 4-player game's change 137
    assert states_for(seed, late, (late - EVERY, kept[late - EVERY])) == {late: encode(kept[late])}


def test_a_wrong_committed_state_would_be_caught() -> None:
    """Control: a state one frame short of the committed one, or another seed's, is told apart."""
    seed = 72740
    kept = committed(seed, SHAPE)
    late = max(kept)
    rng = np.random.default_rng(seed)
    rng.bit_generator.state = kept[late - EVERY]
    for _ in range(EVERY - 1):
        rng.standard_normal(SHAPE[0] * SHAPE[1])
    assert encode(rng.bit_generator.state) != encode(kept[late])
    rng.standard_normal(SHAPE[0] * SHAPE[1])
    assert encode(rng.bit_generator.state) == encode(kept[late])
    assert states_for(seed + 1, EVERY) != {EVERY: encode(kept[EVERY])}


def test_the_tests_checkpoints_start_from_the_committed_states() -> None:
    kept = SharedNoiseCheckpoints(None)
    nearest = kept.nearest(72740, SHAPE, 2 * 138)
    assert nearest is not None and nearest[0] > 2 * 138 - EVERY
    assert nearest[1] == committed(72740, SHAPE)[nearest[0]]
    assert kept.nearest(72740, (480, 640), 2 * 138) is None  # other sizes: none committed


def test_states_are_encoded_both_ways() -> None:
    state = np.random.default_rng(5).bit_generator.state
    assert decode(encode(state)) == state
    with pytest.raises(ValueError, match="not a PCG64 state"):
        encode({"bit_generator": "MT19937", "state": {}})
