"""Taught stills read with the fine stage's exact sharing off and on (``FineMatcher.share_exact``,
session 78): the observations must be EQUAL (every field but the timings, floats exactly), and the
CPU per still says what the sharing saves. Each still is read off, on, off, on by a fresh
recogniser (alternating, so that both see the same load); the stills are those of the taught
tests (printing:game:change:players:tilt:lighting, the stillness gate's frame).

    nice -n 19 python bench/octocube_fine_shared.py --art /tmp/fine_shared_art
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

STILLS = [
    "998183:72809:105:4:31.4:lamp", "998183:72809:107:4:31.4:lamp", "998183:72809:115:4:31.4:lamp",
    "998166:72786:237:2:34.7:lamp", "997381:72705:262:2:10.1:lamp", "998141:72776:143:4:6.1:evening",
    "998178:72814:141:3:35.0:evening", "998100:72775:125:3:6.6:lamp",
]
"""The coin pile's three heaviest stills (tests/tracker/test_octocube_coin_pile_counted.py) and the
stills of five taught tests: 2, 3 and 4 players, tilts 6-35, lamp and evening."""


def _read(game_frame: tuple[Any, Any, Any], players: int, share: bool) -> tuple[Any, float]:
    from vision.octocube.recogniser import OctocubeRecogniser

    pack, frame, camera = game_frame
    from vision.octocube.config import RecogniserConfig

    # its own fine stage (not the pack's kept one, ``pack_parts_kept``): the switch is set on it
    rec = OctocubeRecogniser(4 if players == 2 else 5, players, camera, pack=pack,
                             config=RecogniserConfig(pack_parts_kept=False))
    assert rec._fine is not None
    rec._fine.share_exact = share
    start = time.process_time()
    obs = rec.recognise(frame.image)
    return dataclasses.replace(obs, timings_ms={}), time.process_time() - start


def main() -> int:
    from tests.vision.octocube.taught_table import taught_change_still

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--art", type=Path, default=Path("/tmp/fine_shared_art"), help="printings' folders")
    parser.add_argument("stills", nargs="*", default=STILLS)
    args = parser.parse_args()
    cpu: dict[bool, list[float]] = {False: [], True: []}
    unequal = 0
    for spec in args.stills:
        printing, game, change, players, tilt, light = spec.split(":")
        game_frame = taught_change_still(int(printing), args.art / printing, int(game), int(change), int(players),
                                         float(tilt), light, settled=1)
        kept: dict[bool, Any] = {}
        times: dict[bool, list[float]] = {False: [], True: []}
        for share in (False, True, False, True):
            obs, spent = _read(game_frame, int(players), share)
            assert share not in kept or kept[share] == obs, "a reading differs from itself"
            kept[share] = obs
            times[share].append(spent)
        same = kept[False] == kept[True] and repr(kept[False]) == repr(kept[True])
        unequal += not same
        for share in (False, True):
            cpu[share].append(min(times[share]))
        print(f"{spec}: {'EQUAL' if same else 'DIFFERENT'}  CPU off {min(times[False]):.2f} s, "
              f"on {min(times[True]):.2f} s", flush=True)
    off, on = statistics.mean(cpu[False]), statistics.mean(cpu[True])
    print(f"{len(args.stills)} stills, {unequal} different; mean CPU per still (best of 2): off {off:.2f} s, "
          f"on {on:.2f} s ({100 * (1 - on / off):.1f} % less)")
    return 1 if unequal else 0


if __name__ == "__main__":
    sys.exit(main())
