"""CPU of entering the taught tests' films late: every settled entry of the suite's taught-still
tests (``taught_change_still(..., settled=...)``, in collection order, one process, the runs' shared
folder fresh), the taught pack stubbed out so that only the film's prefix, the twin, the printing
written and the wanted frame count (docs/testing.md, session 73).

Run: ``.venv/bin/python bench/taught_still_prefix.py`` (copied into a ``git archive`` of an older
commit it measures that code). Session 73: main 5756f72 157.2 s, the branch 68.3 s.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ENTRIES: list[tuple[str, int, int, tuple[int, ...], int, float, str, int]] = [
    # (test file, printing, game, changes, players, tilt, lighting, settled)
    ("tracker/test_octocube_height_of_a_plain_top", 997694, 72762, (11, 12), 2, 15.6, "evening", 2),
    ("tracker/test_octocube_top_in_view_changed", 997416, 72740, (137, 138), 4, 10.3, "evening", 1),
    ("tracker/test_octocube_unseen_top_taken", 997429, 72753, (192, 193), 2, 19.7, "evening", 1),
    ("tracker/test_octocube_unseen_turn_before_missed_scene", 997976, 72774, (3, 5), 2, 21.9, "day", 1),
    ("octocube/test_occlusion_found_cubes", 997976, 72774, (4,), 2, 21.9, "day", 1),
    ("octocube/test_occlusion_found_cubes", 997976, 72774, (144,), 2, 21.9, "day", 1),
    ("octocube/test_taught_bare_near_face_leans_in", 998166, 72786, (237,), 2, 34.7, "lamp", 1),
    ("octocube/test_taught_board_confidence", 998141, 72776, (143,), 4, 6.1, "evening", 1),
    ("octocube/test_taught_centred_tile_mat_round", 998171, 72787, (51,), 3, 0.7, "evening", 1),
    ("octocube/test_taught_cube_bare_behind", 997424, 72748, (2,), 3, 9.1, "lamp", 1),
    ("octocube/test_taught_cube_behind_rim_in_front", 997381, 72705, (262,), 2, 10.1, "lamp", 1),
    ("octocube/test_taught_cube_colour_swap_rings", 997976, 72774, (196, 123), 2, 21.9, "day", 1),
    ("octocube/test_taught_cube_near_face_tile", 997974, 72773, (28, 45), 4, 32.8, "lamp", 1),
    ("octocube/test_taught_cube_off_its_place", 998100, 72775, (125,), 3, 6.6, "lamp", 1),
    ("octocube/test_taught_cube_own_face_leans_in", 997707, 72764, (126,), 4, 32.3, "lamp", 2),
    ("octocube/test_taught_cube_pick_other_face", 997413, 72737, (124,), 4, 5.5, "lamp", 1),
    ("octocube/test_taught_cube_top_half_turn_pair", 998166, 72786, (247, 249), 2, 34.7, "lamp", 1),
    ("octocube/test_taught_cube_top_no_turn", 997300, 72740, (85,), 4, 10.3, "evening", 1),
    ("octocube/test_taught_cube_top_turn_axis", 998165, 72783, (37, 38), 2, 0.2, "day", 1),
    ("octocube/test_taught_cube_top_turn_stands_out", 997706, 72763, (100, 101), 3, 29.3, "day", 1),
    ("octocube/test_taught_lost_seat_own_hue", 998160, 72779, (131,), 4, 25.3, "day", 1),
    ("octocube/test_taught_overhead_cube_behind", 998171, 72787, (145,), 3, 0.7, "evening", 1),
    ("octocube/test_taught_rim_far_band", 997413, 72737, (43,), 4, 5.5, "lamp", 1),
    ("octocube/test_taught_rim_found_rival_other_hue", 997381, 72705, (37,), 2, 10.1, "lamp", 1),
    ("octocube/test_taught_stack_top_shared_places", 997416, 72740, (20,), 4, 10.3, "evening", 1),
    ("octocube/test_taught_topped_cube_centred", 997881, 72770, (140,), 4, 13.6, "day", 1),
    ("octocube/test_taught_topped_cube_tiled_near_face", 998175, 72790, (33, 36, 37), 3, 34.9, "day", 1),
]


def main() -> None:
    os.environ["TABLESIGHT_TEST_SHARED"] = tempfile.mkdtemp()  # tests/vision/teach_photos.py's folder
    from tests.vision.octocube import taught_table

    def no_pack(*_args: Any, **_kwargs: Any) -> None:
        return None

    taught_table.taught_pack = no_pack
    total = 0.0
    for name, printing, game, changes, players, tilt, light, settled in ENTRIES:
        art = Path(tempfile.mkdtemp()) / str(printing)
        start = time.process_time()
        for change in changes:
            taught_table.taught_change_still(printing, art, game, change, players, tilt, light, settled=settled)
        spent = time.process_time() - start
        total += spent
        print(f"{spent:6.2f} s  {name} {changes}", flush=True)
    print(f"total {total:.1f} s of CPU")


if __name__ == "__main__":
    main()
