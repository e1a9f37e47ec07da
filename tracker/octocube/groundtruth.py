"""Ground-truth "recognisers" for tests and the digital-twin demo: observations built from what
the renderer *knows* it drew (or straight from an engine state), not from pixels.

They stand in for the real recogniser (``vision.octocube``) until it exists, and they let the
tracker be tested on its own. Whatever uses one must say so: a demo run on ground truth measures
the tracker, not the vision. ``doubt`` makes readings randomly less confident (and, with
``misread``, sometimes wrong) so that the confidence weighting is exercised too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.octocube.components import Tile, location_label, parse_location
from rules.octocube.geometry import top_rotation
from rules.octocube.state import OctocubeState, tile_from_label
from vision.render.octocube_scene import final_score_shown
from vision.octocube.observation import BoardReading, CubeReading, OctocubeObservation, StackTopReading

_OTHER_TILES = ("white starfish", "green pearl", "dark blue amphora", "coin", "light blue sextant")


class GroundTruthRecogniser:
    """Reads a rendered frame's ground truth (kept by the synthetic source) into an observation.

    Only what an overhead camera can see is used: stack tops and heights, each cube's place, top
    tile and its rotation, the tiles on each board and the coin piles. A frame with a hand in it
    is reported ``occluded``. ``doubt`` (0..1): share of readings given a lower confidence;
    ``misread``: share of those doubtful readings that are also wrong (a different tile).
    """

    name = "ground truth (renderer's labels, not pixels)"

    needs_calibration = False

    def __init__(self, grid_size: int, num_players: int, *, doubt: float = 0.0, misread: float = 0.0,
                 seed: int = 0, truth_of: Callable[[Any], dict[str, Any] | None] | None = None) -> None:
        self.truth_of = truth_of
        """Where a frame's ground truth is kept (the synthetic source); without it ``recognise``
        takes the ground truth itself (a dict)."""
        self.grid_size = grid_size
        self.num_players = num_players
        self.doubt = doubt
        self.misread = misread
        self._rng = random.Random(seed)

    def recognise(self, frame: Any) -> OctocubeObservation:
        gt = self.truth_of(frame) if self.truth_of is not None else frame
        if not gt:
            raise ValueError("this frame carries no ground truth (the ground-truth recogniser "
                             "only works on rendered frames)")
        obs = OctocubeObservation(occluded=bool(gt.get("hands")))
        stacks: dict[tuple[int, int], dict[str, Any]] = {}
        cubes: dict[int, dict[str, Any]] = {}
        boards: dict[int, list[Tile]] = {s: [] for s in range(self.num_players)}
        coins: dict[int, int] = {s: 0 for s in range(self.num_players)}
        kids = {s: False for s in range(self.num_players)}
        slots: dict[int, list[Tile | None]] = {s: [None] * 16 for s in range(self.num_players)}
        for comp in gt["components"]:
            uid: str = comp["uid"]
            state = comp.get("state", {})
            if uid.startswith("stack "):
                stacks[parse_location(state["location"])] = state
            elif uid.startswith("cube "):
                cubes[int(state["seat"])] = state
            elif uid.startswith("coins "):
                coins[int(state["seat"])] = int(state["stack_height"])
            elif uid.startswith("board ") and state.get("where") == "board":
                tile = tile_from_label(state["top"])
                boards[int(state["seat"])].extend([tile] * int(state["stack_height"]))
                if "slot" in state:
                    slots[int(state["seat"])][int(state["slot"])] = tile
            elif uid.startswith("board ") and state.get("kids"):
                kids[int(state["seat"])] = True
        covered = {parse_location(c["location"]) for c in cubes.values() if c.get("location")}
        for row in range(self.grid_size):
            for col in range(self.grid_size):
                loc = (row, col)
                if loc in covered:
                    obs.tops[loc] = StackTopReading(loc, None, 1.0, covered=True)
                    continue
                st = stacks.get(loc)
                stack_top = tile_from_label(st["top"]) if st else None
                conf, stack_top = self._doubt(stack_top)
                obs.tops[loc] = StackTopReading(loc, stack_top, conf, height=int(st["stack_height"]) if st else 0)
        for seat, st in cubes.items():
            cube_loc = parse_location(st["location"]) if st.get("location") else None
            top = tile_from_label(st["top_face"]) if st.get("top_face") else None
            conf, top = self._doubt(top)
            rotation = st.get("top_rotation") if top is not None else None
            obs.cubes[seat] = CubeReading(seat, cube_loc, top, conf, rotation)
        for seat in range(self.num_players):
            obs.boards[seat] = BoardReading(seat, tuple(sorted(boards[seat])), coins[seat], 1.0,
                                            slots=tuple(slots[seat]) if kids[seat] else None)
        return obs

    def _doubt(self, tile: Tile | None) -> tuple[float, Tile | None]:
        if not self.doubt or self._rng.random() >= self.doubt:
            return 1.0, tile
        if tile is not None and self._rng.random() < self.misread:
            wrong = tile_from_label(self._rng.choice([t for t in _OTHER_TILES if t != tile.label()]))
            return self._rng.uniform(0.15, 0.35), wrong
        return self._rng.uniform(0.4, 0.8), tile


def observation_from_state(state: OctocubeState) -> OctocubeObservation:
    """The observation a perfect camera would report for ``state`` (tests; no rendering).
    Unseen tiles (UNKNOWN) cannot be shown: use a fully known state."""
    obs = OctocubeObservation()
    size = state.grid_size
    final = final_score_shown(state)  # every cube home: the stacks they stood on show
    for row in range(size):
        for col in range(size):
            loc = (row, col)
            if loc in state.occupied and not final:
                obs.tops[loc] = StackTopReading(loc, None, 1.0, covered=True)
            else:
                stack = state.stacks.get(loc)
                obs.tops[loc] = StackTopReading(loc, stack[-1] if stack else None, 1.0,
                                                height=len(stack) if stack else 0)
    for cube in state.cubes:
        top = cube.faces["top"]
        if final:  # home and emptied for the last Score
            obs.cubes[cube.seat] = CubeReading(cube.seat, None, None, 1.0)
            continue
        obs.cubes[cube.seat] = CubeReading(cube.seat, cube.location, top, 1.0,
                                           top_rotation(cube.ups) if top is not None else None)
    for seat, board in enumerate(state.boards):
        tiles, coins = list(board.object_tiles()), board.coins
        if final:
            cube_tiles = [t for t in state.cubes[seat].faces.values() if t is not None]
            tiles += [t for t in cube_tiles if t.kind == "object"]
            coins += sum(1 for t in cube_tiles if t.kind == "coin")
        obs.boards[seat] = BoardReading(seat, tuple(sorted(tiles)), coins, 1.0,
                                        slots=tuple(board.slots) if board.slots else None)
    return obs


__all__ = ["GroundTruthRecogniser", "observation_from_state", "location_label"]
