"""The taught films' sensor-noise generator states, committed: a test entering a late still of a
taught game (:func:`tests.vision.octocube.taught_table.taught_game_still`) starts its noise from the
nearest state kept here instead of drawing the noise of every earlier still frame.

Why: drawing it is a 1280x720 normal draw per earlier still frame (two per change: ~4 s of CPU
for change 137); the run's shared folder keeps what one process drew for the others, but every
game seed was still drawn once per run: ~55 game seeds, the largest single cost of the
taught-still files after reading (session 83, `make test` over 15 minutes). The states are the
generator's own (``numpy.random.default_rng(game).bit_generator.state`` after n frames'
``standard_normal``), independent of the film's pictures, so they serve every test of that game;
tests/vision/octocube/test_noise_states.py draws a sample of them again.

Refresh after adding taught tests on new games (the states are appended, old ones kept)::

    .venv/bin/python -m tests.vision.octocube.noise_states            # every game seed the taught tests name
    .venv/bin/python -m tests.vision.octocube.noise_states 72872 72873 # only these
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

STATES_FILE = Path(__file__).with_name("noise_states.json")
SHAPE = (720, 1280)
"""The taught films' frame size (taught_game_still renders 1280x720)."""
EVERY = 16
"""A state every this many frames' noise: an entry draws at most EVERY - 1 frames (~0.2 s)."""
DRAWS_PER_CHANGE = 2
"""Noisy still frames per still scene of a taught film (3 still frames, the first without noise)."""
_TESTS = Path(__file__).resolve().parents[2]
_STILL_CALLS = ("taught_change_still", "kept_change_still", "taught_game_still", "taught_game_frame")


def encode(state: Mapping[str, Any]) -> list[str]:
    """A PCG64 state as four hex strings (state, increment, has_uint32, uinteger)."""
    if state.get("bit_generator") != "PCG64":
        raise ValueError(f"not a PCG64 state: {state.get('bit_generator')!r}")
    inner = state["state"]
    return [hex(inner["state"]), hex(inner["inc"]), hex(state["has_uint32"]), hex(state["uinteger"])]


def decode(fields: Sequence[str]) -> dict[str, Any]:
    """:func:`encode`'s inverse: the state ``bit_generator.state`` accepts."""
    state, inc, has_uint32, uinteger = (int(f, 16) for f in fields)
    return {"bit_generator": "PCG64", "state": {"state": state, "inc": inc}, "has_uint32": has_uint32,
            "uinteger": uinteger}


@functools.lru_cache(maxsize=1)
def _file() -> dict[str, Any]:
    if not STATES_FILE.is_file():
        return {"states": {}}
    data = json.loads(STATES_FILE.read_text())
    if tuple(data.get("shape", ())) != SHAPE:
        raise ValueError(f"{STATES_FILE.name}: states for frames {data.get('shape')}, not {SHAPE}")
    return data


def committed(seed: int, shape: tuple[int, int]) -> dict[int, dict[str, Any]]:
    """{frames drawn: the generator's state after them} kept for film seed ``seed`` at ``shape``."""
    if tuple(shape) != SHAPE:
        return {}
    kept = _file()["states"].get(str(seed), {})
    return {int(n): decode(fields) for n, fields in kept.items()}


def draws_for_game(seed: int) -> int:
    """The noisy still frames a taught film of game ``seed`` draws in all (its bench player count,
    2 + seed % 3: the taught tests enter the bench's games)."""
    from tests.vision.octocube.taught_table import _standard_twin

    return DRAWS_PER_CHANGE * (len(_standard_twin(2 + seed % 3, seed).changes) + 1)


def states_for(seed: int, draws: int, start: tuple[int, dict[str, Any]] | None = None) -> dict[int, list[str]]:
    """The encoded states every :data:`EVERY` frames up to ``draws`` for film seed ``seed`` (from
    ``start``, a kept (n, state), when given)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    drawn = 0
    if start is not None:
        drawn, rng.bit_generator.state = start[0], start[1]
    scratch = np.empty(SHAPE[0] * SHAPE[1])
    out: dict[int, list[str]] = {}
    while drawn < draws:
        rng.standard_normal(out=scratch)
        drawn += 1
        if drawn % EVERY == 0:
            out[drawn] = encode(rng.bit_generator.state)
    return out


def taught_game_seeds() -> list[int]:
    """The game seeds (72xxx) named in test files that enter taught films."""
    seeds: set[int] = set()
    for path in _TESTS.rglob("test_*.py"):
        text = path.read_text()
        if any(call in text for call in _STILL_CALLS):
            seeds.update(int(s) for s in re.findall(r"\b(7[0-9]{4})\b", text))
    return sorted(seeds)


def refresh(seeds: Sequence[int], say: Any = print) -> None:
    """Adds the states of ``seeds`` up to each game's end to :data:`STATES_FILE` (kept ones stay)."""
    data = dict(_file())
    states: dict[str, dict[str, list[str]]] = {k: dict(v) for k, v in data.get("states", {}).items()}
    for i, seed in enumerate(seeds, 1):
        draws = draws_for_game(seed)
        kept = committed(seed, SHAPE)
        top = max((n for n in kept if n <= draws), default=None)
        new = states_for(seed, draws, None if top is None else (top, kept[top]))
        states.setdefault(str(seed), {}).update({str(n): f for n, f in new.items()})
        say(f"[{i}/{len(seeds)}] game {seed}: {draws} noisy frames, {len(new)} new states")
    out = {"about": "Taught films' noise-generator states (tests/vision/octocube/noise_states.py)",
           "shape": list(SHAPE), "every": EVERY,
           "states": {k: dict(sorted(v.items(), key=lambda kv: int(kv[0]))) for k, v in sorted(states.items())}}
    STATES_FILE.write_text(json.dumps(out, indent=0, separators=(",", ":")) + "\n")
    _file.cache_clear()


def main(argv: Sequence[str]) -> int:
    try:
        seeds = [int(a) for a in argv] or taught_game_seeds()
    except ValueError as exc:
        print(f"noise_states: game seeds are whole numbers ({exc})", file=sys.stderr)
        return 2
    refresh(seeds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
