"""CPU of reading taught Octocube frames, and the readings themselves (docs/testing.md, session 75):
ten of the cube-top bench's tables (printings 998110, 998113, 998117, 1280x720) and two stills of
whole taught game 72730 (printing 997406, changes 48 and 50: a fine-stage-heavy frame each, the
tests' dark-tile file), each read once by ``OctocubeRecogniser`` with the pack taught from the
printing's two teach photos. Prints each frame's reading CPU; with ``--out FILE`` writes one line
per frame (the observation's ``repr`` without its timings) to compare two commits' readings.

Run: ``OPENCV_FOR_THREADS_NUM=1 .venv/bin/python bench/taught_read_cpu.py --out /tmp/a.txt``
(copied into a ``git archive`` of another commit it measures that code), then ``cmp`` the files.
Session 75: main 2d9bdbd1 23.5 CPU s for the 12 frames, the branch 14.6 s, the readings identical.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TABLES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (998110, (571000, 571001, 571002, 571003)), (998113, (571300, 571301, 571302)),
    (998117, (571700, 571701, 571702)))
"""(printing, bench tables drawn in it): seeds the cube-top bench already uses (no fresh seed)."""
GAME_STILLS = (48, 50)
"""Changes of taught game 72730 (printing 997406, 3 players, tilt 3.1, lamp) read at their first still frame."""


def frames() -> list[tuple[str, int, int, Any, Any, Any]]:
    """(name, grid, players, camera, pack, image) of every frame read."""
    from tests.vision.octocube.taught_table import taught_game_still, taught_table

    out = []
    for printing, tables in TABLES:
        for table in tables:
            pack, frame = taught_table(printing, table)
            out.append((f"{printing}/{table}", frame.grid_size, frame.num_players, frame.camera, pack, frame.image))
    art = Path(tempfile.mkdtemp(prefix="taught-read-art-")) / "997406"
    for change in GAME_STILLS:
        pack, frame, camera = taught_game_still(997406, art, 72730, 7 * (change + 1), 3, 3.1, "lamp")
        out.append((f"72730/{change}", 5, 3, camera, pack, frame.image))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write each frame's reading here")
    args = parser.parse_args()
    os.environ.setdefault("TABLESIGHT_TEST_SHARED", tempfile.mkdtemp(prefix="taught-read-"))
    from vision.octocube.recogniser import OctocubeRecogniser

    lines, total = [], 0.0
    scenes = frames()
    for name, grid, players, camera, pack, image in scenes:
        start = time.process_time()
        obs = OctocubeRecogniser(grid, players, camera, pack=pack).recognise(image)
        cpu = time.process_time() - start
        total += cpu
        lines.append(f"{name} {dataclasses.replace(obs, timings_ms={})!r}\n")
        print(f"{name:16s} {cpu:6.2f} CPU s", flush=True)
    print(f"reading: {total:.2f} CPU s over {len(scenes)} frames")
    if args.out is not None:
        args.out.write_text("".join(lines))


if __name__ == "__main__":
    main()
