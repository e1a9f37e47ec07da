"""Property-based fuzzing (hypothesis) of every way in: the event log reader (and resume), the
state loader of every engine, the calibration profile and config loaders, the move codecs, and
every subcommand of the CLI on damaged files and out-of-range arguments.

Each input must be refused with the loader's own error (from the CLI: one line, a non-zero
exit, no traceback) or accepted with a right result (tests/fuzzing.py says what right means for
each). Bounded for `make test` (about 20 s on one core); ``TABLESIGHT_FUZZ=long`` runs 20 times
as many examples; bench/fuzz.py runs 10,000 and more and prints the tally."""

from __future__ import annotations

import json
import os
import random
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import fuzzing as F

LONG = os.environ.get("TABLESIGHT_FUZZ") == "long"
SCALE = 20 if LONG else 1
FUZZ = settings(max_examples=60 * SCALE, deadline=None, database=None, derandomize=not LONG,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@lru_cache(maxsize=1)
def _log_seed() -> F.LogSeed:
    return F.octocube_log()


@lru_cache(maxsize=1)
def _states() -> list[dict[str, Any]]:
    return F.state_seeds()


@lru_cache(maxsize=1)
def _moves() -> list[tuple[str, dict[str, Any]]]:
    return F.move_seeds()


@lru_cache(maxsize=1)
def _workdir_handle() -> tempfile.TemporaryDirectory[str]:
    """One scratch folder per test process, removed when the process ends (it used to pile up in /tmp)."""
    return tempfile.TemporaryDirectory(prefix="tablesight-fuzz-")


def _workdir() -> Path:
    return Path(_workdir_handle().name)


def _assert_clean(outcome: str, detail: str) -> None:
    assert outcome in (F.Outcome.OK, F.Outcome.REFUSED), f"{outcome}: {detail}"


def test_the_seed_inputs_are_accepted() -> None:
    """The oracles accept the undamaged inputs (so a refusal below is the damage's doing)."""
    seed = _log_seed()
    assert F.check_log(seed.data, seed, _workdir()) == (F.Outcome.OK, "")
    for state in _states():
        assert F.check_state(json.dumps(state).encode()) == (F.Outcome.OK, "")
    assert F.check_profile(json.dumps(F.PROFILE_SEED).encode(), _workdir()) == (F.Outcome.OK, "")
    assert F.check_config(json.dumps(F.CONFIG_SEED).encode(), _workdir()) == (F.Outcome.OK, "")
    for game, move in _moves():
        assert F.check_move(game, move) == (F.Outcome.OK, "")


@FUZZ
@given(rng=st.randoms(use_true_random=False), damages=st.integers(1, 3))
def test_a_damaged_log_replays_an_exact_prefix_or_is_refused(rng: random.Random, damages: int) -> None:
    seed = _log_seed()
    data = seed.data
    for _ in range(damages):
        data = F.mutate_bytes(data, rng, seed.other)
    _assert_clean(*F.check_log(data, seed, _workdir()))


@FUZZ
@given(index=st.integers(0, 3), rng=st.randoms(use_true_random=False), value=json_values, drawn=st.booleans())
def test_a_damaged_state_is_refused_or_consistent(index: int, rng: random.Random, value: Any, drawn: bool) -> None:
    tree = F.mutate_tree(_states()[index], rng, value, use_value=drawn)
    _assert_clean(*F.check_state(F.tree_text(tree, rng)))


@FUZZ
@given(rng=st.randoms(use_true_random=False), value=json_values, drawn=st.booleans(), raw=st.booleans())
def test_a_damaged_profile_is_refused_or_finite(rng: random.Random, value: Any, drawn: bool, raw: bool) -> None:
    if raw:
        text = F.mutate_bytes(json.dumps(F.PROFILE_SEED, indent=1).encode(), rng)
    else:
        text = F.tree_text(F.mutate_tree(F.PROFILE_SEED, rng, value, use_value=drawn), rng)
    _assert_clean(*F.check_profile(text, _workdir()))


@FUZZ
@given(rng=st.randoms(use_true_random=False), value=json_values, drawn=st.booleans())
def test_a_damaged_config_is_refused_or_bounded(rng: random.Random, value: Any, drawn: bool) -> None:
    text = F.tree_text(F.mutate_tree(F.CONFIG_SEED, rng, value, use_value=drawn), rng)
    _assert_clean(*F.check_config(text, _workdir()))


@FUZZ
@given(index=st.integers(0, 10_000), rng=st.randoms(use_true_random=False), value=json_values,
       mode=st.sampled_from(["mutated", "drawn", "text"]))
def test_a_damaged_move_is_refused_or_round_trips(index: int, rng: random.Random, value: Any, mode: str) -> None:
    moves = _moves()
    game, move = moves[index % len(moves)]
    data: Any = F.mutate_tree(move, rng) if mode == "mutated" else value
    if mode == "text":
        data = F.tree_text(F.mutate_tree(move, rng, value, use_value=True), rng).decode()
    _assert_clean(*F.check_move(game, data))


@settings(FUZZ, max_examples=120 * SCALE)
@given(name=st.sampled_from(sorted(F.cli_cases(F.LogSeed(b"", [], [], b"")))), rng=st.randoms(use_true_random=False))
def test_every_subcommand_on_bad_input_says_one_line(name: str, rng: random.Random) -> None:
    case = F.cli_cases(_log_seed())[name]
    _assert_clean(*F.run_cli_case(name, case, rng, _workdir()))
