"""Taught stills read with the sloped fit's batched correlation off and on
(``RecogniserConfig.pack_fine_batched_correlation``, session 80): a speed switch, not to the bit (the
matrix product sums in float32 in another order than ``cv2.matchTemplate``'s DFT). The readings must
keep every label, place, turn and count (the observations' text with each number taken out is
EQUAL) and each number within ``--tolerance``; the CPU per still says what the batching saves. Each
still is read off then on by a fresh recogniser; the stills are bench/octocube_fine_shared.py's
(printing:game:change:players:tilt:lighting, the stillness gate's frame).

    nice -n 19 python bench/octocube_fine_batched.py --art /tmp/fine_batched_art

``--switch``: another speed switch of ``RecogniserConfig`` read off then on the same way (session 81:
``--switch pack_fine_fits_per_region``, the fine stage's fits of every face at a region at once).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# one thread each, as the tests run (tests/conftest.py): BLAS's pool only spins against other work
for _name in ("OPENCV_FOR_THREADS_NUM", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?|-?\d+e[-+]?\d+")
"""A float in an observation's text (ints, the places and counts, stay in the skeleton)."""


def skeleton_and_numbers(obs: Any) -> tuple[str, list[float]]:
    """(``obs``'s text with every float replaced by #, those floats in order)."""
    text = repr(dataclasses.replace(obs, timings_ms={}))
    return NUMBER.sub("#", text), [float(x) for x in NUMBER.findall(text)]


def _read(game_frame: tuple[Any, Any, Any], players: int, batched: bool,
          switch: str = "pack_fine_batched_correlation") -> tuple[Any, float]:
    from vision.octocube.config import RecogniserConfig
    from vision.octocube.recogniser import OctocubeRecogniser

    pack, frame, camera = game_frame
    switched: dict[str, Any] = {switch: batched}
    rec = OctocubeRecogniser(4 if players == 2 else 5, players, camera, pack=pack,
                             config=RecogniserConfig(**switched))
    import vision.octocube.pack_reader as pack_reader

    real, calls = pack_reader.cv2.matchTemplate, [0]

    def counted(*a: Any) -> Any:
        calls[0] += 1
        return real(*a)

    setattr(pack_reader.cv2, "matchTemplate", counted)
    try:
        start = time.process_time()
        obs = rec.recognise(frame.image)
        spent = time.process_time() - start
    finally:
        setattr(pack_reader.cv2, "matchTemplate", real)
    print(f"  {switch} {batched}: {calls[0]} matchTemplate calls, {spent:.2f} CPU s", flush=True)
    return obs, spent


def main() -> int:
    from bench.octocube_fine_shared import STILLS
    from tests.vision.octocube.taught_table import taught_change_still

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--art", type=Path, default=Path("/tmp/fine_batched_art"), help="printings' folders")
    parser.add_argument("--tolerance", type=float, default=1e-4, help="largest difference of a number")
    parser.add_argument("--switch", default="pack_fine_batched_correlation",
                        help="the RecogniserConfig speed switch read off then on")
    parser.add_argument("stills", nargs="*", default=STILLS)
    args = parser.parse_args()
    cpu: dict[bool, list[float]] = {False: [], True: []}
    different = 0
    for spec in args.stills:
        printing, game, change, players, tilt, light = spec.split(":")
        game_frame = taught_change_still(int(printing), args.art / printing, int(game), int(change), int(players),
                                         float(tilt), light, settled=1)
        kept = {}
        for batched in (False, True):
            obs, spent = _read(game_frame, int(players), batched, args.switch)
            kept[batched] = skeleton_and_numbers(obs)
            cpu[batched].append(spent)
        (text_off, nums_off), (text_on, nums_on) = kept[False], kept[True]
        same = text_off == text_on and len(nums_off) == len(nums_on)
        apart = max((abs(a - b) for a, b in zip(nums_off, nums_on)), default=0.0) if same else float("inf")
        ok = same and apart <= args.tolerance
        different += not ok
        print(f"{spec}: {'SAME LABELS' if same else 'DIFFERENT'}, numbers at most {apart:.2g} apart "
              f"({'ok' if ok else 'NOT ok'}); CPU off {cpu[False][-1]:.2f} s, on {cpu[True][-1]:.2f} s", flush=True)
    off, on = statistics.mean(cpu[False]), statistics.mean(cpu[True])
    print(f"{len(args.stills)} stills, {different} not ok; mean CPU per still: off {off:.2f} s, on {on:.2f} s "
          f"({100 * (1 - on / off):.1f} % less)")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
