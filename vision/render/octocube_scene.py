"""Octocube state -> scene, and a plausible random mid-game position builder.

:func:`octocube_scene` reads any object shaped like the engine's state (duck typing, so it works
before and after the engine lands): ``grid_size``, ``stacks`` {(row, col): [Tile | UNKNOWN,
bottom..top]}, ``holes`` (locations that stopped being spaces), ``cubes[seat]`` with
``location`` ((row, col) or None) and ``faces`` {face: Tile | None}, ``boards[seat]`` (an
iterable of Tiles, or a mapping whose values are Tiles / lists of Tiles), and optionally
``coins[seat]`` (scored coin count). :class:`OctocubeView` is a plain container of exactly that.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.octocube import components as oc
from rules.octocube.components import COIN, Tile, location_label
from vision.render import octocube_layout as lay
from vision.render.scene import Component, Pose, Scene, stable_rng_seed

GAME = "octocube"


@dataclass
class CubeView:
    location: tuple[int, int] | None = None
    faces: dict[str, Tile | None] = field(default_factory=dict)


@dataclass
class OctocubeView:
    """What the camera can know about an Octocube position (a stand-in for the engine state)."""

    num_players: int
    grid_size: int
    stacks: dict[tuple[int, int], list[Any]]
    holes: set[tuple[int, int]] = field(default_factory=set)
    cubes: list[CubeView] = field(default_factory=list)
    boards: list[list[Tile]] = field(default_factory=list)
    coins: list[int] = field(default_factory=list)


def tile_classes() -> list[str]:
    """Every Octocube detection class, in a fixed order (the YOLO class list)."""
    names = [f"tile {c} {o}" for c in oc.BACKGROUND_COLOURS for o in oc.OBJECTS]
    names += ["tile coin", "tile abyss"] + [f"tile abyss {x}" for x in oc.POWER_LETTERS]
    names += [f"cube {c}" for c in oc.PLAYER_COLOURS]
    names += ["board"]
    return names


def _plausible_tile(rng: random.Random) -> Tile:
    if rng.random() < 0.14:
        return COIN
    return Tile("object", colour=rng.choice(oc.BACKGROUND_COLOURS), obj=rng.choice(oc.OBJECTS))


def _board_tiles(board: Any) -> list[Tile]:
    if board is None:
        return []
    if hasattr(board, "object_tiles"):  # the engine's PlayerBoard (kids slots included)
        return [t for t in board.object_tiles() if isinstance(t, Tile)]
    if isinstance(board, Mapping):
        values: Iterable[Any] = board.values()
    elif hasattr(board, "tiles"):
        values = board.tiles
    else:
        values = board
    out: list[Tile] = []
    for v in values:
        if isinstance(v, Tile):
            out.append(v)
        elif isinstance(v, list | tuple):
            out.extend(t for t in v if isinstance(t, Tile))
    return out


def final_score_shown(state: Any) -> bool:
    """True when ``state`` is a finished advanced game: the table then shows the last Score done
    (every cube home and empty, its tiles on its owner's board), the only way a camera learns
    the tiles powers E and G put on a cube's hidden faces. (Standard games end with the cubes where
    they stand: nothing on them is unseen; kids games score the boards only.)"""
    return bool(getattr(state, "over", False)) and getattr(state, "mode", "") == "advanced"


def _kids_slots(board: Any) -> list[Any] | None:
    """The kids board's spaces (``PlayerBoard.slots``: a Tile or None each), or None for the
    standard side."""
    slots = getattr(board, "slots", None)
    if isinstance(slots, list | tuple) and len(slots) == lay.KIDS_SLOTS:
        return list(slots)
    return None


def kids_spaces(state: Any, seat: int) -> tuple[tuple[str | None, str | None], ...]:
    """What each space of ``seat``'s kids board asks for ((colour, object), None = any), from
    the engine's table (one board per seat, rules/octocube/data.py, revised decision 10)."""
    from rules.octocube import data

    return tuple(data.kids_board(seat))


def _num_players(state: Any) -> int:
    n = getattr(state, "num_players", None)
    if isinstance(n, int):
        return n
    game = getattr(state, "game", None)
    if game is not None and isinstance(getattr(game, "num_players", None), int):
        return int(game.num_players)
    return len(state.cubes)


def octocube_scene(state: Any, *, seed: int = 0, table_style: str = "wood",
                   after_last_score: bool | None = None) -> Scene:
    """The scene a camera sees for an Octocube position. Tiles whose identity is UNKNOWN but
    visible (an unseen stack top) get a plausible identity from ``seed`` and the location, and
    the ground truth reports what was drawn (``state.drawn_for_unknown``).
    ``after_last_score``: draw every cube home and empty with its tiles on (coins beside) its
    owner's board; None = only for a finished advanced game (:func:`final_score_shown`)."""
    missing = [a for a in ("grid_size", "stacks", "cubes") if not hasattr(state, a)]
    if missing:
        raise ValueError(f"not an Octocube position: {type(state).__name__} has no "
                         f"{', '.join(missing)}")
    n = _num_players(state)
    if not 1 <= n <= len(oc.PLAYER_COLOURS) or len(state.cubes) < n:
        raise ValueError(f"an Octocube position needs 1-4 players with a cube each, got {n} "
                         f"players and {len(state.cubes)} cubes")
    grid = int(state.grid_size)
    for loc, tiles in state.stacks.items():
        if not (isinstance(loc, tuple) and len(loc) == 2 and all(0 <= v < grid for v in loc)):
            raise ValueError(f"stack location {loc!r} is outside the {grid}x{grid} grid")
        for t in tiles:
            if not isinstance(t, Tile) and repr(t) != "UNKNOWN":
                raise ValueError(f"stack {location_label(loc)} holds {t!r}, not a Tile or UNKNOWN")
    scene = Scene(GAME, table_style=table_style, seed=seed,
                  meta={"num_players": n, "grid_size": grid})
    th = lay.TILE_THICKNESS_MM
    ts = lay.TILE_SIZE_MM
    stack_heights: dict[tuple[int, int], int] = {}
    for loc in sorted(state.stacks):
        tiles = list(state.stacks[loc])
        if not tiles:
            continue
        rng = random.Random(stable_rng_seed(seed, "stack", loc))
        top = tiles[-1]
        guessed = not isinstance(top, Tile)
        if guessed:
            top = _plausible_tile(rng)
        cx, cy = lay.grid_centre(loc, grid)
        pose = Pose(cx + rng.uniform(-1.5, 1.5), cy + rng.uniform(-1.5, 1.5), 0.0,
                    rng.uniform(-4, 4))
        h = len(tiles) * th
        stack_heights[loc] = len(tiles)
        side = ("octocube", "stack_side", len(tiles))
        scene.add(Component(
            f"stack {location_label(loc)}", GAME, f"tile {top.label()}", top.label(), pose,
            (ts, ts, h), {"top": ("octocube", "tile", top.label()), "north": side, "east": side,
                          "south": side, "west": side},
            state={"where": "grid", "location": location_label(loc), "stack_height": len(tiles),
                   "face_up": True, "top": top.label(), "drawn_for_unknown": guessed}))
    for seat in range(n):
        side_name = lay.seat_side(seat, n)
        colour = oc.PLAYER_COLOURS[seat]
        # board
        bx, by, yaw = lay.board_pose(side_name)
        bw, bd = lay.BOARD_SIZE_MM
        boards = getattr(state, "boards", None)
        kids_slots = _kids_slots(boards[seat]) if boards is not None and seat < len(boards) else None
        if kids_slots is None:
            board_art: tuple[Any, ...] = ("octocube", "board", colour)
        else:
            board_art = ("octocube", "kids_board", colour, kids_spaces(state, seat))
        scene.add(Component(
            f"board {seat}", GAME, "board", f"board {colour}", Pose(bx, by, 0.0, yaw),
            (bw, bd, lay.BOARD_THICKNESS_MM), {"top": board_art},
            side_rgb=(30, 50, 70), state={"seat": seat, "side": side_name,
                                          "kids": kids_slots is not None}))
        board_tiles = _board_tiles(boards[seat]) if boards is not None and seat < len(boards) else []
        final = final_score_shown(state) if after_last_score is None else after_last_score
        if final:  # the last Score: every cube's tiles lie on (coins beside) its owner's board
            board_tiles = board_tiles + [t for t in state.cubes[seat].faces.values() if isinstance(t, Tile)]
        if kids_slots is not None:
            for slot, tile in enumerate(kids_slots):
                if not isinstance(tile, Tile):
                    continue
                rng = random.Random(stable_rng_seed(seed, "kids board", seat, slot))
                x, y = lay.kids_slot_centre(side_name, slot)
                label = tile.label()
                edge = ("octocube", "stack_side", 1)
                scene.add(Component(
                    f"board {seat} slot {slot}", GAME, f"tile {label}", label,
                    Pose(x + rng.uniform(-1, 1), y + rng.uniform(-1, 1), lay.BOARD_THICKNESS_MM,
                         yaw + rng.uniform(-5, 5)),
                    (ts, ts, th), {"top": ("octocube", "tile", label), "north": edge,
                                   "east": edge, "south": edge, "west": edge},
                    state={"where": "board", "seat": seat, "slot": slot, "stack_height": 1,
                           "face_up": True, "top": label}))
            board_tiles = [t for t in board_tiles if t.kind != "object"]  # drawn on their spaces
        objects = [t for t in board_tiles if t.kind == "object"]
        coins = sum(1 for t in board_tiles if t.kind == "coin")
        board = boards[seat] if boards is not None and seat < len(boards) else None
        board_coins = getattr(board, "coins", None)
        if isinstance(board_coins, int):
            coins += board_coins  # the engine's PlayerBoard counts coin tiles
        coin_counts = getattr(state, "coins", None)
        if coin_counts is not None and seat < len(coin_counts) and not coins:
            coins = int(coin_counts[seat])
        if not coins and boards is not None and seat < len(boards):
            coins = int(getattr(boards[seat], "coins", 0) or 0)  # the engine's PlayerBoard
        per_cell: dict[tuple[str, str], int] = {}
        for t in objects:
            assert t.colour is not None and t.obj is not None
            key = (t.colour, t.obj)
            per_cell[key] = per_cell.get(key, 0) + 1
        for (bg, obj), count in sorted(per_cell.items()):
            rng = random.Random(stable_rng_seed(seed, "board", seat, bg, obj))
            x, y = lay.board_cell_centre(side_name, bg, obj)
            label = f"{bg} {obj}"
            edge = ("octocube", "stack_side", count)
            scene.add(Component(
                f"board {seat} {label}", GAME, f"tile {label}", label,
                Pose(x + rng.uniform(-1, 1), y + rng.uniform(-1, 1), lay.BOARD_THICKNESS_MM,
                     yaw + rng.uniform(-5, 5)),
                (ts, ts, th * count), {"top": ("octocube", "tile", label), "north": edge,
                                       "east": edge, "south": edge, "west": edge},
                state={"where": "board", "seat": seat, "stack_height": count, "face_up": True,
                       "top": label}))
        if coins:
            rng = random.Random(stable_rng_seed(seed, "coins", seat))
            x, y = lay.coin_pile(side_name)
            edge = ("octocube", "stack_side", coins)
            scene.add(Component(
                f"coins {seat}", GAME, "tile coin", "coin",
                Pose(x + rng.uniform(-3, 3), y + rng.uniform(-3, 3), 0.0, rng.uniform(-20, 20)),
                (ts, ts, th * coins), {"top": ("octocube", "tile", "coin"), "north": edge,
                                       "east": edge, "south": edge, "west": edge},
                state={"where": "personal area", "seat": seat, "stack_height": coins,
                       "face_up": True, "top": "coin"}))
        # cube
        cube = state.cubes[seat]
        loc = getattr(cube, "location", None)
        if final:  # taken home and emptied for the last Score
            cube, loc = CubeView(None, {}), None
        rng = random.Random(stable_rng_seed(seed, "cube", seat, loc))
        if loc is None:
            cx, cy = lay.cube_rest(side_name)
            z = 0.0
        else:
            loc = tuple(loc)
            cx, cy = lay.grid_centre(loc, grid)
            z = stack_heights.get(loc, 0) * th
        faces = dict(getattr(cube, "faces", {}) or {})
        labels: dict[str, str | None] = {}
        guessed_faces = []
        for f, t in faces.items():
            if isinstance(t, Tile):
                labels[f] = t.label()
            elif t is None:
                labels[f] = None
            else:  # UNKNOWN: a tile is stuck there but nobody saw it; draw a plausible one
                labels[f] = _plausible_tile(random.Random(stable_rng_seed(seed, "face", seat, f))).label()
                guessed_faces.append(f)
        sprite_faces: dict[str, tuple[Any, ...]] = {f: ("octocube", "cube_face", colour, labels.get(f))
                        for f in ("top", "north", "east", "south", "west")}
        # the top tile's in-plane rotation (engine cubes track it in ``ups``)
        top_up = (getattr(cube, "ups", None) or {}).get("top")
        top_rotation = {"north": 0, "east": 90, "south": 180, "west": 270}.get(top_up or "", 0)
        if labels.get("top") is not None and top_rotation:
            sprite_faces["top"] = ("octocube", "cube_face", colour, labels["top"], top_rotation)
        cs = lay.CUBE_SIZE_MM
        scene.add(Component(
            f"cube {seat}", GAME, f"cube {colour}", f"cube {colour}",
            Pose(cx + rng.uniform(-1.5, 1.5), cy + rng.uniform(-1.5, 1.5), z, rng.uniform(-3, 3)),
            (cs, cs, cs), sprite_faces,
            state={"seat": seat, "location": location_label(loc) if loc else None,
                   "top_face": labels.get("top"),
                   "top_rotation": top_rotation if labels.get("top") is not None else None,
                   "faces": {f: labels.get(f) for f in oc.FACES},
                   "drawn_for_unknown": guessed_faces}))
    return scene


# --------------------------------------------------------------------------- random positions


def _deal(num_players: int, rng: random.Random) -> tuple[int, dict[tuple[int, int], list[Any]]]:
    """The reconstructed setup (see /work/shared/rules/octocube.md, decision 1)."""
    split = {  # colour -> (diamond, pearl, sextant, amphora, starfish)
        "white": (3, 3, 3, 4, 5), "light blue": (2, 3, 4, 5, 4),
        "dark blue": (2, 3, 4, 4, 5), "green": (2, 3, 4, 4, 5),
    }
    order = ("diamond", "pearl", "sextant", "amphora", "starfish")
    bag = [Tile("object", colour=c, obj=o) for c, counts in split.items()
           for o, k in zip(order, counts, strict=True) for _ in range(k)]
    bag += [COIN] * 12
    rng.shuffle(bag)
    stacks: dict[tuple[int, int], list[Any]] = {}
    if num_players <= 2:
        size = 4
        for r in range(4):
            for c in range(4):
                inner = 1 <= r <= 2 and 1 <= c <= 2
                stacks[(r, c)] = [bag.pop() for _ in range(6 if inner else 5)]
    else:
        size = 5
        for r in range(5):
            for c in range(5):
                if (r, c) == (2, 2):
                    stacks[(r, c)] = [Tile("abyss", letter="A")]
                    continue
                ring = r in (0, 4) or c in (0, 4)
                orth = abs(r - 2) + abs(c - 2) == 1
                k = 3 if ring else (4 if orth else 5)
                stacks[(r, c)] = [bag.pop() for _ in range(k)]
    return size, stacks


def random_octocube_view(num_players: int = 4, seed: int = 0, *, progress: float = 0.5) -> OctocubeView:
    """A plausible position ``progress`` of the way through a game: stacks dealt, some tiles
    taken (scored onto boards, coins to the personal area), abyss tiles on emptied stacks,
    cubes on the grid carrying tiles on some faces, tiles under the tops UNKNOWN."""
    from rules.core import UNKNOWN

    if not 1 <= num_players <= 4:
        raise ValueError(f"Octocube is for 2-4 players, not {num_players}")
    rng = random.Random(stable_rng_seed("octocube-view", num_players, seed))
    size, stacks = _deal(max(2, num_players), rng)
    taken: list[Tile] = []
    letters = list("BCDEFGH")
    rng.shuffle(letters)
    for loc in list(stacks):
        if stacks[loc][-1].kind == "abyss":
            continue
        for _ in range(int(rng.random() * progress * len(stacks[loc]) * 1.4)):
            if not stacks[loc]:
                break
            taken.append(stacks[loc].pop())
        if not stacks[loc]:
            stacks[loc] = [Tile("abyss", letter=letters.pop() if letters else None)]
    # tiles under the top are unseen
    for loc, tiles in stacks.items():
        stacks[loc] = [UNKNOWN] * (len(tiles) - 1) + [tiles[-1]]
    free = [loc for loc, t in stacks.items() if t[-1].kind != "abyss"]
    rng.shuffle(free)
    cubes = []
    for seat in range(num_players):
        faces: dict[str, Tile | None] = {f: None for f in oc.FACES}
        for f in oc.FACES:
            if taken and rng.random() < 0.35 * (0.5 + progress):
                faces[f] = taken.pop()
        on_grid = rng.random() < 0.85 and free
        cubes.append(CubeView(location=free.pop() if on_grid else None, faces=faces))
    boards: list[list[Tile]] = [[] for _ in range(num_players)]
    coins = [0] * num_players
    for i, t in enumerate(taken):
        seat = i % num_players
        if t.kind == "coin":
            coins[seat] += 1
        else:
            boards[seat].append(t)
    return OctocubeView(num_players, size, stacks, set(), cubes, boards, coins)


_ROLL = {  # face that ends up at each position after rolling one step in a direction
    "north": {"bottom": "north", "south": "bottom", "top": "south", "north": "top"},
    "south": {"bottom": "south", "north": "bottom", "top": "north", "south": "top"},
    "east": {"bottom": "east", "west": "bottom", "top": "west", "east": "top"},
    "west": {"bottom": "west", "east": "bottom", "top": "east", "west": "top"},
}
"""new_position -> old_position (decision 5: rolling north sends north -> bottom, ...)."""


def demo_views(num_players: int = 4, seed: int = 0, moves: int = 6
               ) -> tuple[list[OctocubeView], list[int]]:
    """A short plausible game without the engine: each move rolls one cube a step onto a
    neighbouring stack (it picks up the top tile with its bottom face, decision 4; the next
    tile is revealed; an emptied stack gets an abyss tile). For demos and sequence tests."""
    import copy

    rng = random.Random(stable_rng_seed("demo", num_players, seed))
    view = random_octocube_view(num_players, seed, progress=0.3)
    views = [copy.deepcopy(view)]
    movers: list[int] = []
    seat = 0
    for _ in range(moves * 10):
        if len(movers) >= moves:
            break
        cube = view.cubes[seat]
        if cube.location is None:
            free = [loc for loc, t in view.stacks.items() if t and isinstance(t[-1], Tile)
                    and t[-1].kind != "abyss" and all(c.location != loc for c in view.cubes)]
            if not free:
                break
            cube.location = rng.choice(free)
        else:
            options = []
            for direction, (dr, dc) in oc.DIRECTIONS.items():
                loc = (cube.location[0] + dr, cube.location[1] + dc)
                if loc in view.stacks and view.stacks[loc] and all(c.location != loc for c in view.cubes):
                    options.append((direction, loc))
            if not options:
                seat = (seat + 1) % num_players
                continue
            direction, loc = rng.choice(options)
            old = dict(cube.faces)
            cube.faces = {f: old.get(_ROLL[direction].get(f, f)) for f in oc.FACES}
            cube.location = loc
        stack = view.stacks[cube.location]
        top = stack[-1]
        if cube.faces.get("bottom") is None and isinstance(top, Tile) and top.kind != "abyss":
            cube.faces["bottom"] = stack.pop()
            if stack:
                stack[-1] = _plausible_tile(rng)  # the camera sees the next tile now
            else:
                stack.append(Tile("abyss"))
        movers.append(seat)
        views.append(copy.deepcopy(view))
        seat = (seat + 1) % num_players
    return views, movers
