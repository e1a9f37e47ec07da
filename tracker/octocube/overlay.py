"""What the Octocube recogniser saw, as boxes on the camera image (stack tops and cubes)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tracker.table import OverlayItem


def octocube_overlay(observed: Any, profile: Any) -> list[OverlayItem]:
    """Boxes (image px) for what was recognised: stack tops and cubes, through the table
    homography; empty when the table is not calibrated."""
    if profile is None or getattr(profile, "table", None) is None:
        return []
    from rules.octocube.components import PLAYER_COLOURS, location_label
    from vision.render import octocube_layout as lay

    geometry = profile.table
    intr = getattr(profile, "intrinsics", None)
    grid = max((loc[0] for loc in observed.tops), default=-1) + 1
    half = lay.TILE_SIZE_MM / 2
    items: list[OverlayItem] = []

    def square(cx: float, cy: float, h: float) -> np.ndarray:
        pts = np.array([(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)], float)
        px = geometry.mm_to_image(pts)
        return intr.distort_points(px) if intr is not None else px

    for loc, reading in observed.tops.items():
        if reading.covered:
            continue
        cx, cy = lay.grid_centre(loc, grid)
        label = f"{location_label(loc)}: {reading.tile.label() if reading.tile else 'empty'}"
        items.append(OverlayItem(label, square(cx, cy, half), reading.confidence))
    for seat, cube in observed.cubes.items():
        if cube.location is not None:
            cx, cy = lay.grid_centre(cube.location, grid)
        else:
            cx, cy = lay.cube_rest(lay.seat_side(seat, len(observed.boards) or 4))
        top = cube.top.label() if cube.top else "bare"
        rot = f" {cube.rotation} deg" if cube.rotation else ""
        items.append(OverlayItem(f"{PLAYER_COLOURS[seat]} cube: {top}{rot}",
                                 square(cx, cy, lay.CUBE_SIZE_MM / 2), cube.confidence))
    return items
