"""Octocube moves and positions in plain words (prompts, logs, golden playthrough files)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import UNKNOWN, Move
from rules.octocube import data
from rules.octocube.components import FACES, location_label
from rules.octocube.geometry import IDENTITY, PERMUTATIONS, ROLL_PERMUTATION, rotate

from rules.octocube.pieces import is_abyss, player_name, tile_from_label, tile_words
if TYPE_CHECKING:
    from rules.octocube.state import OctocubeState

POWER_WORDS: dict[str, str] = {
    "A": "perform the Roll action",
    "B": "swap the cube's top tile with a board tile",
    "C": "move the cube to any unoccupied space",
    "D": "take a visible tile onto the cube's top face",
    "E": "reorient the cube",
    "F": "swap an adjacent visible tile with a board tile",
    "G": "swap places with an opponent's cube",
    "H": "swap two unoccupied stacks",
    "I": "swap top tiles with an opponent's cube",
}


def _pickup(state: OctocubeState, loc: tuple[int, int], bottom: object) -> str:

    if bottom is not None:
        return ""
    stack = state.stacks.get(loc) or []
    if stack and not is_abyss(stack[-1]):
        return f" and picks up {tile_words(stack[-1])}"
    return ""


def _leaving(state: OctocubeState, loc: tuple[int, int] | None) -> str:
    if loc is None or state.stacks.get(loc):
        return ""
    if not state.abyss_supply:
        return f"; {location_label(loc)} is emptied and stops being a space"
    return f"; {location_label(loc)} is emptied and gets an abyss tile"


def _orientation_words(orientation: tuple[str, str] | None) -> str:
    if orientation is None or orientation == IDENTITY:
        return ""
    down, north = orientation
    return f" turned so that its {down} face is down and its {north} face looks north"


def describe_move(state: OctocubeState, move: Move) -> str:  # noqa: C901 - one branch per kind

    who = player_name(state.player)
    cube = state.cubes[state.player]
    loc = cube.location
    here = location_label(loc) if loc else "the personal area"
    kind = move.kind
    if kind == "place":
        faces = rotate(cube.faces, PERMUTATIONS[move.orientation])  # type: ignore[attr-defined]
        return (
            f"{who} places the cube on {location_label(move.location)}"  # type: ignore[attr-defined]
            f"{_orientation_words(move.orientation)}"  # type: ignore[attr-defined]
            f"{_pickup(state, move.location, faces['bottom'])}"  # type: ignore[attr-defined]
        )
    if kind == "roll":
        if loc is None:
            return f"{who} rolls {move.direction} (but the cube is not in the play area)"  # type: ignore[attr-defined]
        target = state.game.grid.target.get((loc, move.direction))  # type: ignore[attr-defined]
        if target is None:
            return f"{who} rolls {move.direction} off the play area from {here}"  # type: ignore[attr-defined]
        orientation = move.orientation  # type: ignore[attr-defined]
        perm = ROLL_PERMUTATION[move.direction] if orientation is None else PERMUTATIONS[orientation]  # type: ignore[attr-defined]
        faces = rotate(cube.faces, perm)
        extra = "an extra roll: " if state.follow_up == "roll" else ""
        return (
            f"{who} {extra}rolls {move.direction} from {here} to {location_label(target)}"  # type: ignore[attr-defined]
            f"{_orientation_words(orientation)}{_pickup(state, target, faces['bottom'])}"
            f"{_leaving(state, loc)}"
        )
    if kind == "pivot":
        return f"{who} pivots the cube {move.degrees} degrees clockwise on {here}"  # type: ignore[attr-defined]
    if kind == "score":
        taken = [cube.faces[f] for f in move.faces if cube.faces[f] is not None]  # type: ignore[attr-defined]
        if not taken:
            return f"{who} scores: takes the cube home from {here} without collecting a tile{_leaving(state, loc)}"
        kept = sum(1 for f in FACES if cube.faces[f] is not None) - len(taken)
        words = ", ".join(tile_words(t) for t in taken)
        rest = f", leaving {kept} on the cube" if kept else ""
        return f"{who} scores from {here}: collects {words}{rest}{_leaving(state, loc)}"
    if kind == "pass":
        if state.hand:
            return f"{who} sets the leftover tiles aside: there is no abyss tile or free stack for them"
        return f"{who} passes"
    if kind == "decline":
        what = "the extra roll" if state.follow_up == "roll" else f"power {state.follow_up}"
        return f"{who} declines {what}"
    if kind == "choose_abyss":
        spot = location_label(state.pending_abyss[0]) if state.pending_abyss else "?"
        return f"{who} puts abyss tile {move.letter} on {spot}"  # type: ignore[attr-defined]
    if kind == "use_power":
        return _power_words(state, move, who)
    if kind == "retrieve":
        n = len(cube.tiles())
        return f"{who} retrieves the cube from {here} with {n} tile{'s' if n != 1 else ''}{_leaving(state, loc)}"
    if kind == "place_on_board":
        slot = move.slot  # type: ignore[attr-defined]
        spaces = data.kids_board(state.player) if 0 <= state.player < len(data.KIDS_BOARDS) else ()
        space = spaces[slot] if 0 <= slot < len(spaces) else None
        where = data.kids_space_label(space) if space else f"space {slot}"
        try:
            tile = tile_words(tile_from_label(move.tile))  # type: ignore[attr-defined]
        except (ValueError, KeyError):
            tile = repr(move.tile)  # type: ignore[attr-defined]
        return f"{who} puts {tile} on the {where}"
    if kind == "leftover_target":
        target = move.location  # type: ignore[attr-defined]
        stack = state.stacks.get(target) or []
        how = "replacing its abyss tile" if stack and is_abyss(stack[-1]) else "on top of that stack"
        return f"{who} puts the leftover tiles on {location_label(target)}, {how}"
    if kind == "leftover_tile":
        try:
            tile = tile_words(tile_from_label(move.tile))  # type: ignore[attr-defined]
        except (ValueError, KeyError):
            tile = repr(move.tile)  # type: ignore[attr-defined]
        spot = location_label(state.leftover_target) if state.leftover_target else "?"
        return f"{who} adds {tile} to the leftover stack on {spot}"
    return f"{who}: {move}"


def score_faces_words(faces: tuple[str, ...]) -> str:
    """Which faces a Score collects, for a question whose options otherwise read alike (two faces
    holding the same tile): 'from the top and west faces'."""
    if not faces:
        return "from no face"
    if len(faces) == 1:
        return f"from the {faces[0]} face"
    return f"from the {', '.join(faces[:-1])} and {faces[-1]} faces"


def _power_words(state: OctocubeState, move: Move, who: str) -> str:

    m = move
    cube = state.cubes[state.player]
    head = f"{who} uses power {m.letter} of {location_label(m.source)} ({POWER_WORDS[m.letter]})"  # type: ignore[attr-defined]
    letter = m.letter  # type: ignore[attr-defined]
    if letter == "A" and m.direction and cube.location:  # type: ignore[attr-defined]
        target = state.game.grid.target.get((cube.location, m.direction))  # type: ignore[attr-defined]
        if target:
            faces = rotate(cube.faces, ROLL_PERMUTATION[m.direction])  # type: ignore[attr-defined]
            return f"{head}: rolls {m.direction} to {location_label(target)}{_pickup(state, target, faces['bottom'])}"  # type: ignore[attr-defined]
    if letter == "B":
        return f"{head}: gives {tile_words(cube.faces['top'])} for a {m.board_tile} from the board"  # type: ignore[attr-defined]
    if letter == "C" and m.location:  # type: ignore[attr-defined]
        return f"{head}: moves to {location_label(m.location)}{_pickup(state, m.location, cube.faces['bottom'])}"  # type: ignore[attr-defined]
    if letter == "D" and m.location:  # type: ignore[attr-defined]
        stack = state.stacks.get(m.location) or [UNKNOWN]  # type: ignore[attr-defined]
        return f"{head}: takes {tile_words(stack[-1])} from {location_label(m.location)}"  # type: ignore[attr-defined]
    if letter == "E":
        return f"{head}:{_orientation_words(m.orientation) or ' unchanged'}"  # type: ignore[attr-defined]
    if letter == "F" and m.location:  # type: ignore[attr-defined]
        stack = state.stacks.get(m.location) or [UNKNOWN]  # type: ignore[attr-defined]
        return f"{head}: takes {tile_words(stack[-1])} from {location_label(m.location)} for a {m.board_tile} from the board"  # type: ignore[attr-defined]
    if letter in ("G", "I") and m.seat is not None and 0 <= m.seat < len(state.cubes):  # type: ignore[attr-defined]
        return f"{head} with {player_name(m.seat)}"  # type: ignore[attr-defined]
    if letter == "H" and m.location and m.other:  # type: ignore[attr-defined]
        return f"{head}: {location_label(m.location)} and {location_label(m.other)}"  # type: ignore[attr-defined]
    return head


def short_tile(tile: object) -> str:
    if tile is None:
        return "."
    if tile is UNKNOWN:
        return "?"
    if tile.kind == "coin":  # type: ignore[attr-defined]
        return "$"
    if tile.kind == "abyss":  # type: ignore[attr-defined]
        return "@" + (tile.letter or "")  # type: ignore[attr-defined]
    colour = {"white": "w", "light blue": "l", "dark blue": "d", "green": "g"}[tile.colour]  # type: ignore[attr-defined]
    return colour + tile.obj[:2]  # type: ignore[attr-defined]


def render_text(state: OctocubeState) -> str:
    """A small text picture: each space as height:top tile, cubes as [seat]."""

    size = state.grid_size
    lines = ["    " + "".join(f"{chr(65 + c):^9}" for c in range(size))]
    for r in range(size):
        cells = []
        for c in range(size):
            loc = (r, c)
            if loc in state.holes:
                cells.append(f"{'--':^9}")
                continue
            stack = state.stacks[loc]
            top = short_tile(stack[-1]) if stack else "."
            mark = f"[{state.occupied[loc] + 1}]" if loc in state.occupied else ""
            cells.append(f"{f'{len(stack)}:{top}{mark}':^9}")
        lines.append(f"{r + 1:>3} " + "".join(cells))
    for cube in state.cubes:
        where = location_label(cube.location) if cube.location else "home"
        faces = " ".join(f"{f[0]}={short_tile(cube.faces[f])}" for f in FACES)
        board = state.boards[cube.seat]
        have = f"{board.filled()}/16 spaces" if state.mode == "kids" else f"{len(board.tiles)} tiles, {board.tokens} VP"
        lines.append(f"[{cube.seat + 1}] {player_name(cube.seat):<7} {where:<5} {faces}  | {have}, {board.coins} coins")
    lines.append(f"abyss supply: {' '.join(short_tile(t) for t in state.abyss_supply) or 'empty'}")
    return "\n".join(lines)
