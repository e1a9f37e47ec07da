"""Where Octocube's components lie on the table, in table mm: THE one place for these numbers.

The renderer places components with it; the recognisers and the tracker read it to turn a
detection's table position back into a grid location, a player's board space or personal area.
Table frame as in calibration/layout.py: the 600 x 600 mm play area, origin top-left, x right,
y down. Seats sit around the grid clockwise seen from above: south (bottom edge, nearest the
usual camera side), west, north, east. Physical sizes are our reconstruction (the box was not
measured); change them here and everything follows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from calibration.layout import PLAY_AREA_MM
from rules.octocube.components import BACKGROUND_COLOURS, OBJECTS, Location

TILE_SIZE_MM = 34.0
TILE_THICKNESS_MM = 2.5
CUBE_SIZE_MM = 40.0
GRID_PITCH_MM = 44.0
"""Centre-to-centre distance of two grid locations (a cube overhangs a tile, not a neighbour)."""
GRID_CENTRE_MM = (PLAY_AREA_MM / 2, PLAY_AREA_MM / 2)

BOARD_SIZE_MM = (200.0, 164.0)
"""Player board (width along the player's left-right, depth towards the player)."""
BOARD_THICKNESS_MM = 2.0
BOARD_CELL_PITCH_MM = 36.0
BOARD_CELLS_ORIGIN_MM = (16.0, 14.0)
"""Top-left of the 5 x 4 cell grid in board-local mm (origin: board's top-left as the player
reads it; columns are OBJECTS, rows are BACKGROUND_COLOURS, the standard side)."""
BOARD_EDGE_GAP_MM = 4.0

PERSONAL_AREA_SIZE_MM = 150.0

SIDES: tuple[str, ...] = ("south", "west", "north", "east")
SEAT_SIDES: dict[int, tuple[str, ...]] = {
    1: ("south",),
    2: ("south", "north"),
    3: ("south", "west", "north"),
    4: ("south", "west", "north", "east"),
}
"""Which side of the table each seat sits at, by player count (2 players sit opposite)."""

_SIDE_YAW = {"south": 0.0, "west": 90.0, "north": 180.0, "east": 270.0}
"""Yaw (clockwise, degrees) that turns a board so that it reads upright for that side's player."""


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)


def seat_side(seat: int, num_players: int) -> str:
    if num_players not in SEAT_SIDES or not 0 <= seat < num_players:
        raise ValueError(f"no seat {seat} in a {num_players}-player game")
    return SEAT_SIDES[num_players][seat]


# --------------------------------------------------------------------------- grid


def grid_centre(loc: Location, grid_size: int) -> tuple[float, float]:
    """Table mm of the centre of grid location (row, col)."""
    row, col = loc
    half = (grid_size - 1) / 2
    return (GRID_CENTRE_MM[0] + (col - half) * GRID_PITCH_MM,
            GRID_CENTRE_MM[1] + (row - half) * GRID_PITCH_MM)


def grid_rect(grid_size: int) -> Rect:
    """The area the grid's tiles cover (centre pitch times size)."""
    half = grid_size * GRID_PITCH_MM / 2
    cx, cy = GRID_CENTRE_MM
    return Rect(cx - half, cy - half, cx + half, cy + half)


def location_at(x: float, y: float, grid_size: int) -> Location | None:
    """The grid location whose cell contains table point (x, y), or None outside the grid."""
    half = (grid_size - 1) / 2
    col = round((x - GRID_CENTRE_MM[0]) / GRID_PITCH_MM + half)
    row = round((y - GRID_CENTRE_MM[1]) / GRID_PITCH_MM + half)
    if 0 <= row < grid_size and 0 <= col < grid_size:
        cx, cy = grid_centre((row, col), grid_size)
        if abs(x - cx) <= GRID_PITCH_MM / 2 and abs(y - cy) <= GRID_PITCH_MM / 2:
            return (row, col)
    return None


# --------------------------------------------------------------------------- boards


def board_pose(side: str) -> tuple[float, float, float]:
    """(x, y, yaw_deg) of the board of the player on ``side``: centred on that edge."""
    w, d = BOARD_SIZE_MM
    g = BOARD_EDGE_GAP_MM
    p = PLAY_AREA_MM
    if side == "south":
        return (p / 2, p - g - d / 2, 0.0)
    if side == "north":
        return (p / 2, g + d / 2, 180.0)
    if side == "west":
        return (g + d / 2, p / 2, 90.0)
    if side == "east":
        return (p - g - d / 2, p / 2, 270.0)
    raise ValueError(f"unknown side {side!r}; expected one of {SIDES}")


def board_local_to_table(side: str, bx: float, by: float) -> tuple[float, float]:
    """Board-local mm (origin top-left of the board as its player reads it) -> table mm."""
    cx, cy, yaw = board_pose(side)
    lx, ly = bx - BOARD_SIZE_MM[0] / 2, by - BOARD_SIZE_MM[1] / 2
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    return (cx + lx * c - ly * s, cy + lx * s + ly * c)


def table_to_board_local(side: str, x: float, y: float) -> tuple[float, float]:
    cx, cy, yaw = board_pose(side)
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    dx, dy = x - cx, y - cy
    lx, ly = dx * c + dy * s, -dx * s + dy * c
    return (lx + BOARD_SIZE_MM[0] / 2, ly + BOARD_SIZE_MM[1] / 2)


def board_cell_local(colour: str, obj: str) -> tuple[float, float]:
    """Board-local centre of the space for (background colour, object), standard side."""
    col = OBJECTS.index(obj)
    row = BACKGROUND_COLOURS.index(colour)
    ox, oy = BOARD_CELLS_ORIGIN_MM
    return (ox + (col + 0.5) * BOARD_CELL_PITCH_MM, oy + (row + 0.5) * BOARD_CELL_PITCH_MM)


def board_cell_centre(side: str, colour: str, obj: str) -> tuple[float, float]:
    return board_local_to_table(side, *board_cell_local(colour, obj))


def board_cell_at(side: str, x: float, y: float) -> tuple[str, str] | None:
    """(colour, object) of the board space under table point (x, y), or None."""
    bx, by = table_to_board_local(side, x, y)
    ox, oy = BOARD_CELLS_ORIGIN_MM
    col = math.floor((bx - ox) / BOARD_CELL_PITCH_MM)
    row = math.floor((by - oy) / BOARD_CELL_PITCH_MM)
    if 0 <= col < len(OBJECTS) and 0 <= row < len(BACKGROUND_COLOURS):
        return (BACKGROUND_COLOURS[row], OBJECTS[col])
    return None


KIDS_SLOTS = 16
KIDS_SLOT_COLUMNS = 4
KIDS_SLOTS_ORIGIN_MM = ((BOARD_SIZE_MM[0] - KIDS_SLOT_COLUMNS * BOARD_CELL_PITCH_MM) / 2, BOARD_CELLS_ORIGIN_MM[1])
"""Kids side of the board: 16 spaces in a 4 x 4 grid (same pitch as the standard side), space
``i`` at row ``i // 4``, column ``i % 4`` as its player reads the board; the space's index is the
engine's slot index (``PlayerBoard.slots``)."""


def kids_slot_local(slot: int) -> tuple[float, float]:
    """Board-local centre of kids space ``slot`` (0-15)."""
    if not 0 <= slot < KIDS_SLOTS:
        raise ValueError(f"the kids board has spaces 0-{KIDS_SLOTS - 1}, not {slot}")
    row, col = divmod(slot, KIDS_SLOT_COLUMNS)
    ox, oy = KIDS_SLOTS_ORIGIN_MM
    return (ox + (col + 0.5) * BOARD_CELL_PITCH_MM, oy + (row + 0.5) * BOARD_CELL_PITCH_MM)


def kids_slot_centre(side: str, slot: int) -> tuple[float, float]:
    return board_local_to_table(side, *kids_slot_local(slot))


# --------------------------------------------------------------------------- personal areas


def personal_area(side: str) -> Rect:
    """The corner to the right of the player on ``side``: their cube waits there off the grid,
    and their scored coin tiles pile up there."""
    a = PERSONAL_AREA_SIZE_MM
    p = PLAY_AREA_MM
    g = BOARD_EDGE_GAP_MM
    corners = {
        "south": Rect(p - g - a, p - g - a, p - g, p - g),
        "west": Rect(g, p - g - a, g + a, p - g),
        "north": Rect(g, g, g + a, g + a),
        "east": Rect(p - g - a, g, p - g, g + a),
    }
    if side not in corners:
        raise ValueError(f"unknown side {side!r}; expected one of {SIDES}")
    return corners[side]


def token_area(side: str) -> Rect:
    """Where a player's victory-point tokens lie at the end: their personal area (around the
    cube at rest and the coin pile), kept a little inside the play area's edge."""
    area = personal_area(side)
    p = PLAY_AREA_MM
    return Rect(max(area.x0, 6.0), max(area.y0, 6.0), min(area.x1, p - 6.0), min(area.y1, p - 6.0))


def cube_rest(side: str) -> tuple[float, float]:
    """Where a cube that is not on the grid stands in its owner's personal area."""
    r = personal_area(side)
    cx, cy = r.centre
    # towards the play area's centre, leaving the outer half for the coin pile
    return (cx + (0.18 * (300 - cx)), cy + (0.18 * (300 - cy)))


def coin_pile(side: str) -> tuple[float, float]:
    r = personal_area(side)
    cx, cy = r.centre
    return (cx - (0.3 * (300 - cx)), cy - (0.3 * (300 - cy)))


def side_yaw(side: str) -> float:
    return _SIDE_YAW[side]
