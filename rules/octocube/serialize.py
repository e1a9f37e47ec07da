"""Octocube positions as JSON (the ``"state"`` member of ``State.to_json``) and back.

Locations are written as labels ("C3"), tiles by name ("green pearl", "coin", "abyss B"),
unseen tiles as "?". Reading checks the shape of everything and raises
:class:`~rules.core.StateFormatError` naming the first problem; whether the position makes
sense as a game (tile counts, cube overlaps ...) is :meth:`OctocubeState.status`'s job.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core import UNKNOWN, UNKNOWN_JSON, StateFormatError, require
from rules.safe_json import shown
from rules.octocube import data
from rules.octocube.components import FACES, Location, location_label, parse_location

from rules.octocube.pieces import NO_UPS, Cube, PlayerBoard, tile_from_label

if TYPE_CHECKING:
    from rules.octocube.state import OctocubeGame, OctocubeState

STATE_KEYS = (
    "mode", "grid_size", "first_player", "player", "turns", "stacks", "holes", "cubes", "boards",
    "abyss_supply", "end_triggered", "over", "follow_up", "pending_abyss",
    "must_retrieve", "hand", "leftover_target", "set_aside",
)
LEGACY_KEYS = ("stalled", "last_progress_turn")
"""Written by builds with the kids stall rule (removed, decision 10): read and ignored."""


def _tile_out(tile: Any) -> Any:
    if tile is None:
        return None
    if tile is UNKNOWN:
        return UNKNOWN_JSON
    return tile.label()


def state_to_json(state: OctocubeState) -> dict[str, Any]:
    return {
        "mode": state.mode,
        "grid_size": state.grid_size,
        "first_player": state.first_player,
        "player": state.player,
        "turns": state.turns,
        "stacks": {
            location_label(loc): [_tile_out(t) for t in stack]
            for loc, stack in sorted(state.stacks.items())
        },
        "holes": sorted(location_label(loc) for loc in state.holes),
        "cubes": [
            {
                "location": None if c.location is None else location_label(c.location),
                "faces": {f: _tile_out(c.faces[f]) for f in FACES},
                # where each tile's printed top points (the camera sees the top tile's rotation)
                "ups": {f: c.ups.get(f) if c.faces[f] is not None else None for f in FACES},
            }
            for c in state.cubes
        ],
        "boards": [
            {
                "tiles": sorted(t.label() for t in b.tiles),
                "coins": b.coins,
                "tokens": b.tokens,
                "series": [[obj, count] for obj, count in b.series],
                "slots": [_tile_out(t) for t in b.slots],
            }
            for b in state.boards
        ],
        "abyss_supply": [t.label() for t in state.abyss_supply],
        "end_triggered": state.end_triggered,
        "over": state.over,
        "follow_up": state.follow_up,
        "pending_abyss": [location_label(loc) for loc in state.pending_abyss],
        "must_retrieve": state.must_retrieve,
        "hand": [t.label() for t in state.hand],
        "leftover_target": None if state.leftover_target is None else location_label(state.leftover_target),
        "set_aside": [t.label() for t in state.set_aside],
    }


# ---------------------------------------------------------------------------- reading


def _tile_in(value: Any, where: str, allow_unknown: bool = True) -> Any:

    if value == UNKNOWN_JSON and allow_unknown:
        return UNKNOWN
    require(isinstance(value, str), f"{where}: a tile must be a name such as 'green pearl', got {value!r}")
    try:
        return tile_from_label(value)
    except (ValueError, KeyError):
        raise StateFormatError(f"{where}: {value!r} is not an Octocube tile") from None


def _loc_in(value: Any, where: str, size: int) -> Location:
    require(isinstance(value, str), f"{where}: a location must be a label such as 'C3', got {value!r}")
    try:
        loc = parse_location(value)
    except ValueError as exc:
        raise StateFormatError(f"{where}: {exc}") from None
    require(0 <= loc[0] < size and 0 <= loc[1] < size, f"{where}: {value} is outside the {size}x{size} play area")
    return loc


MAX_TURNS = 100_000
"""No Octocube game lasts this many turns (a game is well under 200): a bigger count is not a
position, whatever the rest says."""


def _int_in(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    require(isinstance(value, int) and not isinstance(value, bool), f"{where} must be an integer, got {shown(value)}")
    require(value >= low and (high is None or value <= high), f"{where} is out of range: {shown(value)}")
    return int(value)


def _bool_in(value: Any, where: str) -> bool:
    require(isinstance(value, bool), f"{where} must be true or false, got {value!r}")
    return bool(value)


def _list_in(value: Any, where: str) -> list[Any]:
    require(isinstance(value, list), f"{where} must be a list, got {type(value).__name__}")
    return value


def state_from_json(game: OctocubeGame, raw: Mapping[str, Any]) -> OctocubeState:
    from rules.octocube.state import OctocubeState

    require(isinstance(raw, Mapping), "octocube state must be a JSON object")
    missing = [k for k in STATE_KEYS if k not in raw]
    require(not missing, f"octocube state lacks {', '.join(missing)}")
    extra = sorted(set(raw) - set(STATE_KEYS) - set(LEGACY_KEYS))
    require(not extra, f"octocube state has unknown member(s) {', '.join(extra)}")
    n = game.num_players
    size = game.grid_size
    require(raw["mode"] == game.mode, f"state mode {raw['mode']!r} does not match the game's {game.mode!r}")
    require(raw["grid_size"] == size, f"grid_size {raw['grid_size']!r} does not match {n} players ({size})")
    state = OctocubeState(game)
    state.first_player = _int_in(raw["first_player"], "first_player", 0, n - 1)
    state.player = _int_in(raw["player"], "player", 0, n - 1)
    state.turns = _int_in(raw["turns"], "turns", 0, MAX_TURNS)
    if "last_progress_turn" in raw:
        _int_in(raw["last_progress_turn"], "last_progress_turn")

    stacks_raw = raw["stacks"]
    require(isinstance(stacks_raw, Mapping), "stacks must be an object of location: [tiles]")
    stacks: dict[Location, list[Any]] = {}
    for label, tiles in stacks_raw.items():
        loc = _loc_in(label, "stacks", size)
        require(loc not in stacks, f"stacks lists {label} twice")
        stacks[loc] = [_tile_in(t, f"stack {label}") for t in _list_in(tiles, f"stack {label}")]
    state.stacks = stacks
    state.holes = frozenset(_loc_in(x, "holes", size) for x in _list_in(raw["holes"], "holes"))

    cubes_raw = _list_in(raw["cubes"], "cubes")
    require(len(cubes_raw) == n, f"cubes must list {n} cubes, got {len(cubes_raw)}")
    cubes: list[Cube] = []
    for seat, c in enumerate(cubes_raw):
        # "ups" (tile rotations) was added later: files written before it still load
        require(isinstance(c, Mapping) and {"location", "faces"} <= set(c) <= {"location", "faces", "ups"},
                f"cube {seat} must be an object with location, faces and ups")
        location = None if c["location"] is None else _loc_in(c["location"], f"cube {seat} location", size)
        faces_raw = c["faces"]
        require(isinstance(faces_raw, Mapping) and set(faces_raw) == set(FACES),
                f"cube {seat} faces must name exactly {', '.join(FACES)}")
        faces = {f: _tile_in(faces_raw[f], f"cube {seat} {f} face") if faces_raw[f] is not None else None
                 for f in FACES}
        ups: dict[str, str | None] = dict(NO_UPS)
        ups_raw = c.get("ups")
        if ups_raw is not None:
            require(isinstance(ups_raw, Mapping) and set(ups_raw) <= set(FACES),
                    f"cube {seat} ups must map faces ({', '.join(FACES)}) to directions")
            for f, up in ups_raw.items():
                require(up is None or up in FACES,
                        f"cube {seat} {f} up must be null or one of {', '.join(FACES)}, got {up!r}")
                ups[f] = up if faces[f] is not None else None
        cubes.append(Cube(seat, location, faces, ups))
    state.cubes = cubes
    state.occupied = {c.location: c.seat for c in cubes if c.location is not None}

    boards_raw = _list_in(raw["boards"], "boards")
    require(len(boards_raw) == n, f"boards must list {n} boards, got {len(boards_raw)}")
    boards: list[PlayerBoard] = []
    for seat, b in enumerate(boards_raw):
        where = f"board {seat}"
        require(isinstance(b, Mapping) and set(b) == {"tiles", "coins", "tokens", "series", "slots"},
                f"{where} must be an object with tiles, coins, tokens, series and slots")
        tiles = [_tile_in(t, where, allow_unknown=False) for t in _list_in(b["tiles"], f"{where} tiles")]
        series: list[tuple[str, int]] = []
        for item in _list_in(b["series"], f"{where} series"):
            require(isinstance(item, list) and len(item) == 2 and item[0] in data.OBJECT_TOTALS,
                    f"{where} series entries must be [object, count], got {item!r}")
            series.append((item[0], _int_in(item[1], f"{where} series count", 1, 6)))
        slots = [None if t is None else _tile_in(t, f"{where} slots", allow_unknown=False)
                 for t in _list_in(b["slots"], f"{where} slots")]
        boards.append(PlayerBoard(tiles, _int_in(b["coins"], f"{where} coins"),
                                  _int_in(b["tokens"], f"{where} tokens"), series, slots))
    state.boards = boards

    state.abyss_supply = [_tile_in(t, "abyss_supply", allow_unknown=False)
                          for t in _list_in(raw["abyss_supply"], "abyss_supply")]
    state.end_triggered = _bool_in(raw["end_triggered"], "end_triggered")
    state.over = _bool_in(raw["over"], "over")
    if "stalled" in raw:
        require(not _bool_in(raw["stalled"], "stalled"),
                "this kids game ended by the old 60-round stall rule, which was removed (decision 10): "
                "a kids game ends only when a board is full")
    follow_up = raw["follow_up"]
    require(follow_up is None or follow_up == "roll" or follow_up in data.ALL_POWERS,
            f"follow_up must be null, 'roll' or a power letter, got {follow_up!r}")
    state.follow_up = follow_up
    state.pending_abyss = tuple(_loc_in(x, "pending_abyss", size) for x in _list_in(raw["pending_abyss"], "pending_abyss"))
    state.must_retrieve = _bool_in(raw["must_retrieve"], "must_retrieve")
    state.hand = tuple(_tile_in(t, "hand", allow_unknown=False) for t in _list_in(raw["hand"], "hand"))
    target = raw["leftover_target"]
    state.leftover_target = None if target is None else _loc_in(target, "leftover_target", size)
    state.set_aside = tuple(_tile_in(t, "set_aside", allow_unknown=False) for t in _list_in(raw["set_aside"], "set_aside"))
    return state
