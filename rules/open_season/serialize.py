"""Open Season positions to and from JSON, with a clear error for every malformed field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core import TERMINAL, UNKNOWN, require
from rules.open_season.bonus import FACES, NUM_COLUMNS, ONE_SHOT
from rules.open_season.cards import (
    ATTRIBUTE_IDS,
    ATTRIBUTES,
    CARD_IDS,
    CARD_NAMES,
    COPIES,
    DECK_SIZE,
    EMPTY,
    FACE_DOWN,
    NUM_IDENTITIES,
)
from rules.open_season.layout import KEEP, MOVE_TROPHY, PEEK, SHIELD_SCORINGS, STEAL, TAKE_INN
from rules.open_season.state import (
    ALL_TASKS,
    AUTO_TASKS,
    SUPPLY_NAMES,
    TROPHY_SUPPLY,
    WILD_SUPPLY,
    OpenSeasonState,
    Task,
)

if TYPE_CHECKING:
    from rules.open_season.game import OpenSeasonGame


def state_to_json(state: OpenSeasonState) -> dict[str, Any]:
    """A position's own members, cards by name and UNKNOWN as \"?\"; lists are copies."""
    def card(c: Any) -> Any:
        return "?" if c is UNKNOWN else CARD_NAMES[c]

    def counts(cs: list[int]) -> dict[str, int]:
        return {CARD_NAMES[t]: c for t, c in enumerate(cs) if c}

    def wall_entry(v: int) -> Any:
        if v == EMPTY:
            return None
        if v >= FACE_DOWN:
            return {"card": CARD_NAMES[v - FACE_DOWN], "face_down": True}
        return {"card": CARD_NAMES[v], "face_down": False}

    def task_json(task: Task) -> list[Any]:
        if task[0] == "to_stock":
            return ["to_stock", CARD_NAMES[task[1]]]
        return list(task)

    n = state.game.num_players
    return {
        "hidden": state.hidden,
        "deck_unseen": counts(state.deck_counts),
        "deck_top": [card(c) for c in state.deck_top],
        "deck_size": state.deck_size,
        "inn": [card(c) for c in state.inn],
        "players": [
            {
                "stock": [card(c) for c in state.stock[p]],
                "accolades": counts(state.acc[p]),
                "wall": [wall_entry(v) for v in state.wall[p]],
                "wall_trophies": list(state.wall_trophies[p]),
                "wall_wild": [None if a < 0 else ATTRIBUTES[a] for a in state.wall_wild[p]],
                "accolade_wilds": [[CARD_NAMES[t], ATTRIBUTES[a]] for t, a in state.acc_wilds[p]],
                "trophies": state.trophies[p],
                "wilds": state.wilds[p],
                "penalty": state.penalty[p],
                "series_tile": state.series_tile[p],
                "kept": None if state.kept[p] < 0 else CARD_NAMES[state.kept[p]],
                "shield_scorings": [
                    name for i, name in enumerate(SHIELD_SCORINGS) if state.shield_active[p] >> i & 1
                ],
                "bonus_faces": list(state.bonus_faces[p]),
                "bonus_state": list(state.bonus_state[p]),
            }
            for p in range(n)
        ],
        "removed": counts(state.removed),
        "supply": dict(zip(SUPPLY_NAMES, state.supply)),
        "hand": [card(c) for c in state.hand],
        "drawn": [card(c) for c in state.drawn],
        "chosen": [card(c) for c in state.chosen],
        "discards": [card(c) for c in state.discards],
        "turn_player": state.turn_player,
        "turns_played": state.turns_played,
        "triggered": [a for a, bit in state.layout.action_bits.items() if state.triggered & bit],
        "trophy_used": state.trophy_used,
        "placed": state.placed,
        "ended_early": state.ended_early,
        "tasks": [task_json(t) for t in state.tasks],
    }


def _card_in(value: Any, what: str, *, unknown_ok: bool = False) -> Any:
    if unknown_ok and value == "?":
        return UNKNOWN
    require(isinstance(value, str) and value in CARD_IDS, f"{what}: {value!r} is not an Open Season card")
    return CARD_IDS[value]


def _cards_in(value: Any, what: str, *, unknown_ok: bool = False) -> list[Any]:
    require(isinstance(value, list), f"{what} must be a list of card names")
    return [_card_in(v, what, unknown_ok=unknown_ok) for v in value]


def _counts_in(value: Any, what: str) -> list[int]:
    require(isinstance(value, Mapping), f"{what} must be an object of card name -> count")
    counts = [0] * NUM_IDENTITIES
    for name, c in value.items():
        t = _card_in(name, what)
        require(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= COPIES, f"{what}: bad count {c!r} for {name}")
        counts[t] = c
    return counts


def _int_in(value: Any, what: str, low: int, high: int) -> int:
    require(
        isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
        f"{what} must be an integer from {low} to {high}, not {value!r}",
    )
    return value


def _bool_in(value: Any, what: str) -> bool:
    require(isinstance(value, bool), f"{what} must be true or false, not {value!r}")
    return value


def state_from_json(game: OpenSeasonGame, data: Mapping[str, Any]) -> OpenSeasonState:
    """Rebuild a state from :meth:`OpenSeasonState._state_json`; every field is checked and a
    bad one raises :class:`StateFormatError` naming it."""
    require(isinstance(data, Mapping), "state must be an object")
    n = game.num_players
    layout = game.layout
    state = OpenSeasonState(game, _bool_in(data.get("hidden", False), "hidden"))
    unknown = state.hidden
    state.deck_counts = _counts_in(data["deck_unseen"], "deck_unseen")
    state.deck_top = _cards_in(data["deck_top"], "deck_top", unknown_ok=unknown)
    state.deck_size = _int_in(data["deck_size"], "deck_size", 0, DECK_SIZE)
    state.inn = _cards_in(data["inn"], "inn", unknown_ok=unknown)
    players = data["players"]
    require(isinstance(players, list) and len(players) == n, f"players must list {n} players")
    for p, pl in enumerate(players):
        what = f"players[{p}]"
        require(isinstance(pl, Mapping), f"{what} must be an object")
        state.stock[p] = _cards_in(pl["stock"], f"{what}.stock")
        state.acc[p] = _counts_in(pl["accolades"], f"{what}.accolades")
        wall = pl["wall"]
        require(isinstance(wall, list) and len(wall) == layout.num_spaces, f"{what}.wall must list {layout.num_spaces} spaces")
        for s, entry in enumerate(wall):
            if entry is None:
                state.wall[p][s] = EMPTY
                continue
            require(isinstance(entry, Mapping), f"{what}.wall[{s}] must be null or an object")
            c = _card_in(entry.get("card"), f"{what}.wall[{s}]")
            state.wall[p][s] = c + FACE_DOWN if _bool_in(entry.get("face_down"), f"{what}.wall[{s}].face_down") else c
        trophies = pl["wall_trophies"]
        require(isinstance(trophies, list) and len(trophies) == layout.num_spaces, f"{what}.wall_trophies must list {layout.num_spaces} counts")
        state.wall_trophies[p] = [_int_in(t, f"{what}.wall_trophies", 0, TROPHY_SUPPLY) for t in trophies]
        wilds = pl["wall_wild"]
        require(isinstance(wilds, list) and len(wilds) == layout.num_spaces, f"{what}.wall_wild must list {layout.num_spaces} entries")
        for s, a in enumerate(wilds):
            require(a is None or a in ATTRIBUTE_IDS, f"{what}.wall_wild[{s}]: {a!r} is not an attribute")
            state.wall_wild[p][s] = -1 if a is None else ATTRIBUTE_IDS[a]
        acc_wilds = pl["accolade_wilds"]
        require(isinstance(acc_wilds, list), f"{what}.accolade_wilds must be a list")
        for entry in acc_wilds:
            require(isinstance(entry, list) and len(entry) == 2 and entry[1] in ATTRIBUTE_IDS, f"{what}.accolade_wilds: bad entry {entry!r}")
            state.acc_wilds[p].append((_card_in(entry[0], f"{what}.accolade_wilds"), ATTRIBUTE_IDS[entry[1]]))
        state.trophies[p] = _int_in(pl["trophies"], f"{what}.trophies", 0, TROPHY_SUPPLY)
        state.wilds[p] = _int_in(pl["wilds"], f"{what}.wilds", 0, WILD_SUPPLY)
        state.penalty[p] = _bool_in(pl["penalty"], f"{what}.penalty")
        state.series_tile[p] = _bool_in(pl["series_tile"], f"{what}.series_tile")
        kept = pl["kept"]
        state.kept[p] = -1 if kept is None else _card_in(kept, f"{what}.kept")
        scorings = pl["shield_scorings"]
        require(isinstance(scorings, list) and all(s in SHIELD_SCORINGS for s in scorings), f"{what}.shield_scorings must list names from {SHIELD_SCORINGS}")
        state.shield_active[p] = sum(1 << SHIELD_SCORINGS.index(s) for s in set(scorings))
        faces = pl["bonus_faces"]
        require(isinstance(faces, list) and len(faces) == NUM_COLUMNS, f"{what}.bonus_faces must list {NUM_COLUMNS} faces")
        state.bonus_faces[p] = [_int_in(f, f"{what}.bonus_faces", 0, len(FACES)) for f in faces]
        bstate = pl["bonus_state"]
        require(isinstance(bstate, list) and len(bstate) == NUM_COLUMNS, f"{what}.bonus_state must list {NUM_COLUMNS} states")
        state.bonus_state[p] = [_int_in(b, f"{what}.bonus_state", 0, 2) for b in bstate]
    state.removed = _counts_in(data["removed"], "removed")
    supply = data["supply"]
    require(isinstance(supply, Mapping) and set(supply) == set(SUPPLY_NAMES), f"supply must name {SUPPLY_NAMES}")
    state.supply = [_int_in(supply[k], f"supply.{k}", 0, TROPHY_SUPPLY) for k in SUPPLY_NAMES]
    state.hand = _cards_in(data["hand"], "hand", unknown_ok=unknown)
    state.drawn = _cards_in(data["drawn"], "drawn", unknown_ok=unknown)
    state.chosen = _cards_in(data["chosen"], "chosen")
    state.discards = _cards_in(data["discards"], "discards")
    state.turn_player = _int_in(data["turn_player"], "turn_player", 0, n - 1)
    state.turns_played = _int_in(data["turns_played"], "turns_played", 0, n * layout.rounds)
    triggered = data["triggered"]
    require(isinstance(triggered, list) and all(a in layout.action_bits for a in triggered), "triggered must list action names")
    state.triggered = sum(layout.action_bits[a] for a in set(triggered))
    state.trophy_used = _bool_in(data["trophy_used"], "trophy_used")
    state.placed = _bool_in(data["placed"], "placed")
    state.ended_early = _bool_in(data["ended_early"], "ended_early")
    tasks = data["tasks"]
    require(isinstance(tasks, list), "tasks must be a list")
    state.tasks = [_task_in(t, n) for t in tasks]
    require(not state.tasks or state.tasks[-1][0] not in AUTO_TASKS, "the last task must wait for a move")
    state._cp = state._owner(state.tasks[-1]) if state.tasks else TERMINAL
    return state


_TASK_ARITY = {
    "draw": (1, 2), "random_acc": (2, 2), "choose_face": (2, 2), "compensate": (1, 1),
    "final_wild": (1, 1), "give": (1, 1), "action": (1, 1), "to_stock": (1, 1),
    "discard_from": (1, 1), "give_check": (1, 1), "face": (1, 1),
}


def _task_in(value: Any, n: int) -> Task:
    require(isinstance(value, list) and bool(value) and value[0] in ALL_TASKS, f"bad task {value!r}")
    name = value[0]
    low, high = _TASK_ARITY.get(name, (0, 0))
    require(low <= len(value) - 1 <= high, f"task {name!r} has {len(value) - 1} arguments")
    args = value[1:]
    if name == "to_stock":
        return ("to_stock", _card_in(args[0], "task to_stock"))
    if name == "draw":
        require(args[0] in ("inn", "stock", "drawn"), f"task draw: bad destination {args[0]!r}")
        if args[0] == "stock":
            require(len(args) == 2, "task draw to a stock names the player")
            _int_in(args[1], "task draw player", 0, n - 1)
    elif name == "random_acc":
        _int_in(args[0], "task random_acc player", 0, n - 1)
        require(args[1] in ("steal", "discard"), f"task random_acc: bad purpose {args[1]!r}")
    elif name == "choose_face":
        _int_in(args[0], "task choose_face player", 0, n - 1)
        _int_in(args[1], "task choose_face column", 0, NUM_COLUMNS - 1)
    elif name in ("compensate", "final_wild", "give", "discard_from"):
        _int_in(args[0], f"task {name} player", 0, n - 1)
    elif name == "action":
        require(args[0] in (STEAL, MOVE_TROPHY, PEEK, KEEP, TAKE_INN), f"task action: bad action {args[0]!r}")
    elif name == "give_check":
        _int_in(args[0], "task give_check", 0, n)
    elif name == "face":
        require(args[0] in FACES and FACES[args[0]].kind == ONE_SHOT, f"task face: bad face {args[0]!r}")
    return (name, *args)
