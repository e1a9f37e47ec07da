"""Labels for every patch of a rendered frame, read from the renderer's exact ground truth.

Used to build training sets and by the benchmark and tests to score readings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.octocube.components import PLAYER_COLOURS, Location, Tile, parse_location
from vision.octocube.layout import BARE, CUBE, EMPTY, NO_CUBE, PatchLayout


@dataclass
class SceneTruth:
    """What a perfect recogniser reports for one rendered frame."""

    tops: dict[Location, str] = field(default_factory=dict)
    """Every grid location: a tile label, EMPTY or CUBE."""
    top_visibility: dict[Location, float] = field(default_factory=dict)
    cube_location: dict[int, Location | None] = field(default_factory=dict)
    cube_top: dict[int, str] = field(default_factory=dict)
    """Tile label or BARE."""
    cube_rotation: dict[int, int | None] = field(default_factory=dict)
    cube_visibility: dict[int, float] = field(default_factory=dict)
    board_tiles: dict[int, list[Tile]] = field(default_factory=dict)
    coins: dict[int, int] = field(default_factory=dict)


def scene_truth(gt: dict[str, Any], grid_size: int, num_players: int) -> SceneTruth:
    truth = SceneTruth()
    for r in range(grid_size):
        for c in range(grid_size):
            truth.tops[(r, c)] = EMPTY
            truth.top_visibility[(r, c)] = 1.0
    for seat in range(num_players):
        truth.board_tiles[seat] = []
        truth.coins[seat] = 0
    for comp in gt["components"]:
        uid: str = comp["uid"]
        st = comp["state"]
        if uid.startswith("stack "):
            loc = parse_location(st["location"])
            truth.tops[loc] = st["top"]
            truth.top_visibility[loc] = float(comp["visible_fraction"])
        elif uid.startswith("cube "):
            seat = int(uid.split()[1])
            truth.cube_location[seat] = parse_location(st["location"]) if st["location"] else None
            truth.cube_top[seat] = st["top_face"] or BARE
            truth.cube_rotation[seat] = st.get("top_rotation") if st["top_face"] else None
            truth.cube_visibility[seat] = float(comp["visible_fraction"])
        elif uid.startswith("board ") and st.get("where") == "board":
            seat = int(st["seat"])
            truth.board_tiles[seat] += [Tile.from_json(st["top"])] * int(st["stack_height"])
        elif uid.startswith("coins "):
            truth.coins[int(st["seat"])] = int(st["stack_height"])
    for cube_at in truth.cube_location.values():
        if cube_at is not None:
            truth.tops[cube_at] = CUBE
    return truth


def patch_labels(truth: SceneTruth, layout: PatchLayout) -> dict[str, list[str]]:
    """The class of every patch, layer by layer (same order as the layout's specs). The cube top
    labels are for the cube-layer windows where a cube stands (others get '' = unused)."""
    stacks = [truth.tops[loc] for loc in layout.stack_locations]
    cube_colour = []
    cube_tops = []
    where = {loc: seat for seat, loc in truth.cube_location.items() if loc is not None}
    for loc in layout.stack_locations:
        seat = where.get(loc)
        cube_colour.append(NO_CUBE if seat is None else PLAYER_COLOURS[seat])
        cube_tops.append("" if seat is None else truth.cube_top[seat])
    for seat in range(layout.num_players):
        at_rest = seat in truth.cube_location and truth.cube_location[seat] is None
        cube_colour.append(PLAYER_COLOURS[seat] if at_rest else NO_CUBE)
        cube_tops.append(truth.cube_top[seat] if at_rest else "")
    boards = []
    for seat, colour, obj in layout.board_cells:
        label = f"{colour} {obj}"
        boards.append(label if any(t.label() == label for t in truth.board_tiles[seat]) else EMPTY)
    coins = ["coin" if truth.coins[seat] else EMPTY for seat in range(layout.num_players)]
    return {"stacks": stacks, "cube_colour": cube_colour, "cube_tops": cube_tops,
            "boards": boards, "coins": coins}
