"""Which patches the recogniser samples for a game, and the classifiers' class lists.

Every patch is ``PATCH_MM`` square at ``PATCH_PX_PER_MM``; the windows are larger than a tile
(34 mm) because the exact height of a stack top or cube top is not known in advance (1-6 tiles,
a cube on a stack): the classifiers were trained to read the thing at the window's centre
wherever it lies within the window.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rules.octocube.components import (BACKGROUND_COLOURS, OBJECTS, PLAYER_COLOURS, POWER_LETTERS,
                                       Location, Tile, location_label)
from vision.octocube.geometry import PatchSpec
from vision.render import octocube_layout as lay

PATCH_MM = 52.0
PATCH_PX_PER_MM = 1.0
STACK_PLANE_MM = 3.5 * lay.TILE_THICKNESS_MM
"""A stack of 1..6 tiles has its top 2.5..15 mm up; sample the middle plane."""
CUBE_ON_GRID_PLANE_MM = lay.CUBE_SIZE_MM + STACK_PLANE_MM
CUBE_AT_REST_PLANE_MM = lay.CUBE_SIZE_MM
BOARD_PLANE_MM = lay.BOARD_THICKNESS_MM + 1.5 * lay.TILE_THICKNESS_MM
COIN_PLANE_MM = 3.0 * lay.TILE_THICKNESS_MM

TILE_LABELS: tuple[str, ...] = tuple(
    [f"{c} {o}" for c in BACKGROUND_COLOURS for o in OBJECTS] + ["coin", "abyss"]
    + [f"abyss {x}" for x in POWER_LETTERS])
EMPTY = "empty"
"""Nothing lies there (a hole in the grid, an empty board space, no coin pile)."""
CUBE = "cube"
"""A cube stands on this grid location: the stack top is hidden."""
BARE = "bare"
"""A cube face without a tile: the metal plate."""
TURNED = "turned"
"""A tile that does not lie upright in the window (only cube tops are read in four turns)."""
TOP_CLASSES: tuple[str, ...] = TILE_LABELS + (EMPTY, CUBE, BARE, TURNED)
NO_CUBE = "none"
CUBE_CLASSES: tuple[str, ...] = (NO_CUBE,) + PLAYER_COLOURS


def tile_of(label: str) -> Tile | None:
    """The Tile a TOP_CLASSES label names, None for the non-tile classes."""
    return Tile.from_json(label) if label in TILE_LABELS else None


@dataclass(frozen=True)
class PatchLayout:
    """All patches of one game set-up, grouped by what reads them."""

    grid_size: int
    num_players: int
    stacks: tuple[PatchSpec, ...]
    stack_locations: tuple[Location, ...]
    cubes: tuple[PatchSpec, ...]
    """Cube-height windows: one per grid location (same order), then one rest spot per seat."""
    boards: tuple[PatchSpec, ...]
    board_cells: tuple[tuple[int, str, str], ...]
    """(seat, colour, object) of each board patch (kids side: (seat, "slot", index))."""
    coins: tuple[PatchSpec, ...]
    """One per seat: the coin pile in the personal area."""

    @property
    def all_specs(self) -> list[PatchSpec]:
        return [*self.stacks, *self.cubes, *self.boards, *self.coins]


def patch_layout(grid_size: int, num_players: int, kids: bool = False) -> PatchLayout:
    """``kids``: the boards lie kids side up (16 spaces, ``lay.kids_slot_centre``)."""
    if grid_size < 1 or grid_size > 9:
        raise ValueError(f"grid size {grid_size} is not 1-9")
    if num_players not in lay.SEAT_SIDES:
        raise ValueError(f"Octocube is for 1-4 players, not {num_players}")
    locs = tuple((r, c) for r in range(grid_size) for c in range(grid_size))
    stacks = tuple(PatchSpec(f"stack {location_label(l)}", lay.grid_centre(l, grid_size),
                             STACK_PLANE_MM, PATCH_MM) for l in locs)
    cubes = [PatchSpec(f"cube@{location_label(l)}", lay.grid_centre(l, grid_size),
                       CUBE_ON_GRID_PLANE_MM, PATCH_MM) for l in locs]
    boards: list[PatchSpec] = []
    cells: list[tuple[int, str, str]] = []
    coins: list[PatchSpec] = []
    for seat in range(num_players):
        side = lay.seat_side(seat, num_players)
        cubes.append(PatchSpec(f"cube@rest {seat}", lay.cube_rest(side), CUBE_AT_REST_PLANE_MM, PATCH_MM))
        if kids:
            for slot in range(lay.KIDS_SLOTS):
                boards.append(PatchSpec(f"board {seat} slot {slot}", lay.kids_slot_centre(side, slot),
                                        BOARD_PLANE_MM, PATCH_MM, lay.side_yaw(side)))
                cells.append((seat, "slot", str(slot)))
        for colour in BACKGROUND_COLOURS if not kids else ():
            for obj in OBJECTS:
                boards.append(PatchSpec(f"board {seat} {colour} {obj}",
                                        lay.board_cell_centre(side, colour, obj), BOARD_PLANE_MM,
                                        PATCH_MM, lay.side_yaw(side)))
                cells.append((seat, colour, obj))
        coins.append(PatchSpec(f"coins {seat}", lay.coin_pile(side), COIN_PLANE_MM, PATCH_MM))
    return PatchLayout(grid_size, num_players, stacks, locs, tuple(cubes), tuple(boards),
                       tuple(cells), tuple(coins))


def mat_probes_by_side(num_players: int) -> list[list[tuple[float, float]]]:
    """Table points where only the play mat lies: the strips between the boards and the grid
    (north, south, west, east). Their colour gives the frame's white balance and exposure, and a
    strip that stops looking like the mat is covered by something (see occlusion.py)."""
    gap = lay.BOARD_EDGE_GAP_MM + lay.BOARD_SIZE_MM[1] + 8.0
    p = lay.PLAY_AREA_MM
    ts = [float(t) for t in range(175, 430, 12)]
    return [[(t, gap) for t in ts], [(t, p - gap) for t in ts], [(gap, t) for t in ts],
            [(p - gap, t) for t in ts]]


def board_tile_areas(num_players: int) -> list[np.ndarray]:
    """Per player board, the outline (table mm, 4 corners) of the area its tiles lie in: its
    cells (either side up: the kids side's spaces lie within them) and 1 mm round them, not the
    board's rim beyond. A blob wholly inside is tiles, not a hand (occlusion.py)."""
    ox, oy = lay.BOARD_CELLS_ORIGIN_MM
    x0, y0 = ox - 1.0, oy - 1.0
    x1, y1 = ox + len(OBJECTS) * lay.BOARD_CELL_PITCH_MM + 1.0, oy + len(BACKGROUND_COLOURS) * lay.BOARD_CELL_PITCH_MM + 1.0
    return [np.array([lay.board_local_to_table(lay.seat_side(seat, num_players), x, y)
                      for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))])
            for seat in range(num_players)]


def mat_sample_points(num_players: int) -> list[tuple[float, float]]:
    return [pt for side in mat_probes_by_side(num_players) for pt in side]
