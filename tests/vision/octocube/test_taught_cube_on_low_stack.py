"""A cube on a five-tile stack shows its own top, and the taught reader reads it (issue 20).

Session 65's two cube tops still wrong after 2 photos on fresh sets were not misread: the
renderer painted the stack under the cube over the cube's top (``paint_order``: the cube moved
with the tall things its picture overlaps to a tall stack's earlier place, its 12.5 mm stack,
not tall, kept its later one). The reader read what the picture showed. Painted as a camera sees
it, the tops read right: printing 997814 / table 551400, Red's coin on A2 (it read as A2's dark
blue sextant); printing 997795 / table 549503, Yellow's bare cube on D3 (it read as a green
pearl). Real path: the printing drawn by the twin, taught from two rendered teach photos."""

from __future__ import annotations

import pytest

from tests.vision.octocube.taught_table import read_cube_tops, taught_table


@pytest.mark.parametrize("printing, table, seat, top", [(997_814, 551_400, 0, "coin"),
                                                        (997_795, 549_503, 1, "bare")])
def test_a_cube_on_a_five_tile_stack_is_read_by_its_own_top(printing: int, table: int, seat: int,
                                                            top: str) -> None:
    scene = taught_table(printing, table, photos=2)
    comps = {c["uid"]: c for c in scene[1].ground_truth["components"]}
    assert comps[f"cube {seat}"]["visible_fraction"] > 0.95  # the picture shows the cube's top
    got, want, _ = read_cube_tops(scene)
    assert want[seat] == top and got == want
