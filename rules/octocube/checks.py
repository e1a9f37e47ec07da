"""What is inconsistent in an Octocube position (for states read from outside, and as the
invariants the random-simulation tests check after every move)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import UNKNOWN
from rules.octocube import data
from rules.octocube.components import FACES, Tile, location_label

from rules.octocube.pieces import is_abyss, player_name
if TYPE_CHECKING:
    from rules.octocube.state import OctocubeState


def status(state: OctocubeState) -> list[str]:
    problems: list[str] = []
    game = state.game
    n = game.num_players
    if state.mode != game.mode:
        problems.append(f"mode {state.mode!r} differs from the game's {game.mode!r}")
    if state.grid_size != game.grid_size:
        problems.append(f"grid size {state.grid_size} is wrong for {n} players")
    if not 0 <= state.player < n or not 0 <= state.first_player < n:
        problems.append("player or first player is not a seat")
    problems += _play_area(state)
    problems += _cubes(state)
    problems += _boards(state)
    problems += _tiles(state)
    problems += _abyss(state)
    problems += _progress(state)
    return problems


def _play_area(state: OctocubeState) -> list[str]:
    problems: list[str] = []
    stacks, holes = state.stacks, state.holes
    for loc in state.game.grid.locations:
        if (loc in stacks) == (loc in holes):
            problems.append(f"{location_label(loc)} must be either a stack or a hole")
    if len(stacks) + len(holes) != len(state.game.grid.locations):
        problems.append("stacks or holes name locations outside the play area")
    waiting = set(state.pending_abyss) | ({state.leftover_target} if state.leftover_target else set())
    for loc, stack in state.stacks.items():
        if not stack:
            if loc not in state.occupied and loc not in waiting:
                problems.append(f"the stack at {location_label(loc)} is empty but nothing waits to fill it")
        elif len(stack) > 1:
            for tile in stack:
                if tile is not UNKNOWN and getattr(tile, "kind", None) == "abyss":
                    problems.append(f"the abyss tile at {location_label(loc)} is not alone on its space")
        elif stack[0] is not UNKNOWN and not isinstance(stack[0], Tile):
            problems.append(f"the stack at {location_label(loc)} holds {stack[0]!r}, not a tile")
    for loc in state.pending_abyss:
        if state.stacks.get(loc) != []:
            problems.append(f"{location_label(loc)} waits for an abyss tile but is not empty")
    if state.mode != "kids" and state.holes and state.abyss_supply:
        problems.append("a location stopped being a space while abyss tiles remain in the supply")
    return problems


def _cubes(state: OctocubeState) -> list[str]:

    problems: list[str] = []
    seen: dict[Any, int] = {}
    for seat, cube in enumerate(state.cubes):
        who = player_name(seat)
        if cube.seat != seat:
            problems.append(f"cube {seat} claims seat {cube.seat}")
        if set(cube.faces) != set(FACES):
            problems.append(f"{who}'s cube faces are {sorted(cube.faces)}, not the six faces")
            continue
        for face, tile in cube.faces.items():
            if id(tile) in _FACE_OK:
                continue
            if not isinstance(tile, Tile) or not tile.collectible:
                problems.append(f"{who}'s {face} face holds {tile!r}: only object or coin tiles stick")
        loc = cube.location
        if loc is None:
            continue
        if loc not in state.stacks:
            problems.append(f"{who}'s cube is at {location_label(loc)}, which is not a space")
        if loc in seen:
            problems.append(f"{who}'s and {player_name(seen[loc])}'s cubes share {location_label(loc)}")
        seen[loc] = seat
    occupied = {c.location: c.seat for c in state.cubes if c.location is not None}
    if occupied != state.occupied:
        problems.append("the occupancy map disagrees with the cubes' locations")
    if state.mode == "kids":
        for cube in state.cubes:
            if cube.location is None and cube.tiles():
                problems.append(f"{player_name(cube.seat)}'s retrieved kids cube still holds tiles")
    return problems


def _boards(state: OctocubeState) -> list[str]:

    problems: list[str] = []
    kids = state.mode == "kids"
    for seat, board in enumerate(state.boards):
        who = player_name(seat)
        if board.coins < 0:
            problems.append(f"{who} has a negative number of coins")
        if not set(map(id, board.tiles)) <= _OBJECT_IDS and any(
            not isinstance(t, Tile) or t.kind != "object" for t in board.tiles
        ):
            problems.append(f"{who}'s board holds something other than object tiles")
        expected = sum(data.SERIES_POINTS[c] for _, c in board.series)
        if board.tokens != expected:
            problems.append(f"{who} holds {board.tokens} VP in tokens but the series scored give {expected}")
        if kids:
            if len(board.slots) != data.KIDS_BOARD_SIZE:
                problems.append(f"{who}'s kids board has {len(board.slots)} spaces, not {data.KIDS_BOARD_SIZE}")
                continue
            if board.tiles or board.series or board.tokens:
                problems.append(f"{who} holds standard-board tiles or tokens in the kids game")
            for slot, tile in enumerate(board.slots):
                if tile is not None and not _fits(seat, slot, tile):
                    space = data.kids_board(seat)[slot]
                    problems.append(f"{who}'s {data.kids_space_label(space)} holds {tile!r}, which does not fit")
        elif board.slots:
            problems.append(f"{who} has kids board spaces in the {state.mode} game")
        # powers B and F trade board tiles after they scored, so only the standard game can
        # insist that the board holds exactly the tiles its series counted
        if state.mode == "standard" and sum(c for _, c in board.series) != len(board.tiles):
            problems.append(f"{who}'s board holds {len(board.tiles)} tiles but its series counted "
                            f"{sum(c for _, c in board.series)}")
    return problems


_OBJECT_IDS = frozenset(id(t) for t in data.OBJECT_TILES.values())
_FACE_OK = frozenset(id(t) for t in (None, UNKNOWN, *data.TILE_COUNTS))
_FITS: dict[tuple[int, int, int], bool] = {
    (seat, slot, id(tile)): data.kids_space_accepts(space, tile)
    for seat, board in enumerate(data.KIDS_BOARDS)
    for slot, space in enumerate(board)
    for tile in data.OBJECT_TILES.values()
}


def _fits(seat: int, slot: int, tile: Any) -> bool:
    fits = _FITS.get((seat, slot, id(tile)))
    if fits is None:  # not a canonical tile: check it the slow way
        return isinstance(tile, Tile) and data.kids_space_accepts(data.kids_board(seat)[slot], tile)
    return fits


def _tiles(state: OctocubeState) -> list[str]:
    problems: list[str] = []
    vector, unknown, others = state.tile_vector()
    for tile, n in others:
        problems.append(f"{n} x {tile!r} found: not an object or coin tile of the game")
    total = sum(vector) + unknown + sum(n for _, n in others)
    for (tile, limit), count in zip(data.TILE_COUNTS.items(), vector, strict=True):
        if count > limit or (not unknown and count != limit):
            problems.append(f"{count} {tile.label()} tiles found, the game has {limit}")
    if total != data.COLLECTIBLE_TILE_TOTAL:
        problems.append(f"{total} object and coin tiles found, the game has {data.COLLECTIBLE_TILE_TOTAL}")
    return problems


def _abyss(state: OctocubeState) -> list[str]:
    problems: list[str] = []
    game = state.game
    placed = [st[0] for st in state.stacks.values() if len(st) == 1 and is_abyss(st[0])]
    everywhere = placed + list(state.abyss_supply)
    if any(not is_abyss(t) for t in state.abyss_supply):
        problems.append("the abyss supply holds a tile that is not an abyss tile")
    if len(everywhere) != game.abyss_tile_total():
        problems.append(f"{len(everywhere)} abyss tiles in play and supply, the game uses {game.abyss_tile_total()}")
    letters = [t.letter for t in everywhere if is_abyss(t)]
    if state.mode == "advanced":
        if None in letters:
            problems.append("the advanced game places abyss tiles power side up, one has no power")
        named = [x for x in letters if x is not None]
        if len(set(named)) != len(named):
            problems.append("two abyss tiles show the same power")
        if not set(named) <= set(game.power_letters()):
            problems.append(f"an abyss tile shows a power outside {''.join(game.power_letters())}")
    else:
        wrong = [x for x in letters if x not in (None, data.EXTRA_ROLL_LETTER)]
        if wrong or letters.count(data.EXTRA_ROLL_LETTER) != (1 if game.centre is not None else 0):
            problems.append("only abyss tile A (3-4 players) shows a letter outside the advanced game")
    return problems


def _progress(state: OctocubeState) -> list[str]:
    problems: list[str] = []
    if state.mode != "kids" and state.end_triggered != (not state.abyss_supply):
        problems.append("the end is triggered exactly when the abyss supply runs out")
    if state.over and not state.end_triggered:
        problems.append("the game is over but its end was never triggered")
    if state.over and len(set(state.turns_taken())) != 1:
        problems.append(f"the game ended with unequal turns {state.turns_taken()}")
    if state.hand and state.mode != "kids":
        problems.append("retrieved tiles wait outside the kids game")
    if state.follow_up is not None and state.cubes[state.player].location is None:
        problems.append("a follow-up is open but the cube is not in the play area")
    problems += _decisions(state)
    return problems


def _decisions(state: OctocubeState) -> list[str]:
    """The open decisions (must retrieve, follow-up, abyss choice, kids hand) must be ones the
    rules can leave open in this mode: otherwise the state would list moves push refuses."""
    problems: list[str] = []
    mode = state.mode
    who = player_name(state.player)
    cube = state.cubes[state.player] if 0 <= state.player < len(state.cubes) else None
    if state.must_retrieve:
        if mode != "kids":
            problems.append(f"must_retrieve is set in the {mode} game: only a full kids cube must be retrieved")
        elif cube is None or cube.location is None or not cube.is_full():
            problems.append(f"{who} must retrieve, but {who}'s cube is not full in the play area")
    if mode == "kids" and not state.over:
        for other in state.cubes:
            if other.location is not None and other.is_full() and not (
                other.seat == state.player and state.must_retrieve
            ):
                problems.append(f"{player_name(other.seat)}'s kids cube is full in the play area but is not being retrieved")
    if state.pending_abyss and mode != "advanced":
        problems.append(f"an abyss tile choice is pending in the {mode} game (only the advanced game chooses)")
    if state.leftover_target is not None and not state.hand:
        problems.append("a leftover stack target is chosen but no retrieved tile waits")
    if state.over and (state.must_retrieve or state.pending_abyss or state.hand or state.follow_up):
        problems.append("the game is over but a decision is still open")
    follow_up = state.follow_up
    if follow_up is not None and cube is not None and cube.location is not None:
        here = state._power_at(cube.location)
        if follow_up == "roll":
            if mode == "advanced" or here != data.EXTRA_ROLL_LETTER:
                problems.append(f"an extra roll is open but {who}'s cube is not on abyss tile A outside the advanced game")
        elif mode != "advanced" or here != follow_up:
            problems.append(f"power {follow_up} is open but {who}'s cube is not on that power tile in the advanced game")
    return problems
