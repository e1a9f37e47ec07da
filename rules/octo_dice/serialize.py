"""Octo Dice state <-> JSON, and the consistency checks behind ``status()``.

Reading is strict: every member is type- and range-checked and a bad one raises
:class:`StateFormatError` naming it; ``rules.core.load_state`` then runs ``status()`` so that a
well-typed but impossible position (a crossed crystal nobody scored) is refused as well.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rules.core import StateFormatError, require
from rules.octo_dice.components import (
    BONUS_ACTIONS_PER_THIRD,
    BOT_TRACK,
    CRYSTAL_CIRCLES,
    DICE,
    DIE_ORDER,
    FACES,
    LAB_COLUMNS,
    LAB_TILES,
    MAIN_ACTIONS_PER_TURN,
    OCTOPOD_BONUS,
    OCTOPOD_PENALTY,
    OCTOPOD_SYMBOLS_PER_THIRD,
    RESEARCH_TRACK,
    ROUNDS_PER_THIRD,
    SOLO_TURNS_PER_THIRD,
    SUBMARINES,
    THIRDS,
    layout_text,
    parse_layout,
)
from rules.octo_dice.sheet import BONUS_THIRD, LedgerEntry, Sheet
from rules.octo_dice.state import (
    ACTION_PLUS_TILE,
    ACTIONS_PHASE,
    BONUS,
    CATEGORY_OF_KIND,
    OVER,
    PHASES,
    ROLL,
    SET_ASIDE,
    SUPER_LEVEL,
    VIRTUAL_ROLL,
    OctoDiceState,
    crystal_majority,
    plural,
)

if TYPE_CHECKING:
    from rules.octo_dice.game import OctoDiceGame

LEDGER_FIELDS = LedgerEntry._fields


def state_to_json(state: OctoDiceState) -> dict[str, Any]:
    return {
        "layout": [list(row) for row in state.layout],
        "turn": state.turn,
        "phase": state.phase,
        "virtual_turn": state.virtual_turn,
        "rolls_done": state.rolls_done,
        "faces": {d: state.faces[d] for d in DICE if d in state.faces},
        "set_aside": list(state.set_aside),
        "used": list(state.used),
        "flexi_sub_die": state.flexi_sub_die,
        "actions_taken": state.actions_taken,
        "queue": list(state.queue),
        "thirds_scored": state.thirds_scored,
        "players": [sheet.to_json() for sheet in state.sheets],
        "ledger": [dict(zip(LEDGER_FIELDS, entry)) for entry in state.ledger],
    }


def _int(value: Any, name: str, low: int, high: int) -> int:
    require(isinstance(value, int) and not isinstance(value, bool), f"{name} must be an integer, got {value!r}")
    require(low <= value <= high, f"{name} must be {low}..{high}, got {value}")
    return int(value)


def _bool(value: Any, name: str) -> bool:
    require(isinstance(value, bool), f"{name} must be true or false, got {value!r}")
    return bool(value)


def _list(value: Any, name: str, length: int | None = None) -> list[Any]:
    require(isinstance(value, list), f"{name} must be a list, got {type(value).__name__}")
    if length is not None:
        require(len(value) == length, f"{name} must have {length} entries, got {len(value)}")
    return value


def _dice(value: Any, name: str) -> tuple[str, ...]:
    dice = _list(value, name)
    for d in dice:
        require(d in DIE_ORDER, f"{name} names {d!r}, which is not a die ({', '.join(DICE)})")
    require(len(set(dice)) == len(dice), f"{name} names a die twice")
    return tuple(dice)


def state_from_json(game: OctoDiceGame, data: Mapping[str, Any]) -> OctoDiceState:
    require(isinstance(data, Mapping), "octo_dice state must be a JSON object")
    known = {
        "layout", "turn", "phase", "virtual_turn", "rolls_done", "faces", "set_aside", "used",
        "flexi_sub_die", "actions_taken", "queue", "thirds_scored", "players", "ledger",
    }
    missing = sorted(known - set(data))
    require(not missing, f"octo_dice state lacks member(s) {missing}")
    extra = sorted(set(data) - known)
    require(not extra, f"octo_dice state has unknown member(s) {extra}")
    try:
        layout = parse_layout(data["layout"])
    except ValueError as exc:
        raise StateFormatError(f"layout: {exc}") from None
    if game.fixed_layout is not None:
        require(layout == game.fixed_layout,
                f"layout {layout_text(layout)} differs from the game's tiles {layout_text(game.fixed_layout)}")
    state = OctoDiceState(game, layout)
    n = game.num_players
    state.turn = _int(data["turn"], "turn", 0, state.total_turns)
    phase = data["phase"]
    require(phase in PHASES, f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    state.phase = phase
    state.virtual_turn = _bool(data["virtual_turn"], "virtual_turn")
    state.rolls_done = _int(data["rolls_done"], "rolls_done", 0, 3)
    faces = data["faces"]
    require(isinstance(faces, Mapping), "faces must be an object die -> face")
    for die, face in faces.items():
        require(die in DIE_ORDER, f"faces names {die!r}, which is not a die ({', '.join(DICE)})")
        require(face in FACES[die], f"faces: {die} has no face {face!r} (faces: {', '.join(FACES[die])})")
    state.faces = {d: faces[d] for d in DICE if d in faces}
    state.set_aside = _dice(data["set_aside"], "set_aside")
    state.used = _dice(data["used"], "used")
    flexi = data["flexi_sub_die"]
    require(flexi is None or flexi in DIE_ORDER, f"flexi_sub_die must be a die or null, got {flexi!r}")
    state.flexi_sub_die = flexi
    state.actions_taken = _int(data["actions_taken"], "actions_taken", 0, MAIN_ACTIONS_PER_TURN)
    queue = _list(data["queue"], "queue")
    state.queue = tuple(_int(p, "queue entry", 0, n - 1) for p in queue)
    state.thirds_scored = _int(data["thirds_scored"], "thirds_scored", 0, THIRDS)
    players = _list(data["players"], "players", n)
    state.sheets = [_sheet(p, i) for i, p in enumerate(players)]
    ledger = _list(data["ledger"], "ledger")
    state.ledger = [_entry(e, i, n) for i, e in enumerate(ledger)]
    return state


def _sheet(data: Any, index: int) -> Sheet:
    where = f"players[{index}]"
    require(isinstance(data, Mapping), f"{where} must be an object")
    keys = {"crystals", "research", "bots", "submarines", "lab", "octopods", "bonus_actions", "abilities_used_this_turn"}
    missing = sorted(keys - set(data))
    require(not missing, f"{where} lacks member(s) {missing}")
    extra = sorted(set(data) - keys)
    require(not extra, f"{where} has unknown member(s) {extra}")
    sheet = Sheet()
    sheet.crystals = _int(data["crystals"], f"{where}.crystals", 0, CRYSTAL_CIRCLES)
    sheet.research = _int(data["research"], f"{where}.research", 0, len(RESEARCH_TRACK))
    bots = _list(data["bots"], f"{where}.bots", len(BOT_TRACK))
    sheet.bots = sum(1 << i for i, b in enumerate(bots) if _bool(b, f"{where}.bots[{i}]"))
    subs = _list(data["submarines"], f"{where}.submarines", len(SUBMARINES))
    sheet.subs = sum(1 << i for i, b in enumerate(subs) if _bool(b, f"{where}.submarines[{i}]"))
    lab = _list(data["lab"], f"{where}.lab", LAB_COLUMNS)
    sheet.lab = [_int(v, f"{where}.lab[{i}]", -1, 2) for i, v in enumerate(lab)]
    octopods = _list(data["octopods"], f"{where}.octopods", THIRDS)
    sheet.octopods = [_int(v, f"{where}.octopods[{i}]", 0, OCTOPOD_SYMBOLS_PER_THIRD) for i, v in enumerate(octopods)]
    bonus = _list(data["bonus_actions"], f"{where}.bonus_actions", THIRDS)
    sheet.bonus_used = [_int(v, f"{where}.bonus_actions[{i}]", 0, BONUS_ACTIONS_PER_THIRD) for i, v in enumerate(bonus)]
    used = _list(data["abilities_used_this_turn"], f"{where}.abilities_used_this_turn")
    for code in used:
        require(code in LAB_TILES and LAB_TILES[code].once_per_turn,
                f"{where}.abilities_used_this_turn: {code!r} is not a once-per-turn lab tile")
    sheet.used_abilities = frozenset(used)
    return sheet


def _entry(data: Any, index: int, num_players: int) -> LedgerEntry:
    where = f"ledger[{index}]"
    require(isinstance(data, Mapping), f"{where} must be an object")
    require(set(data) == set(LEDGER_FIELDS), f"{where} must have exactly the members {list(LEDGER_FIELDS)}")
    player = _int(data["player"], f"{where}.player", 0, num_players - 1)
    third = _int(data["third"], f"{where}.third", 0, BONUS_THIRD)
    for key in ("row", "box", "kind", "reason"):
        require(isinstance(data[key], str), f"{where}.{key} must be a string")
    require(data["kind"] in CATEGORY_OF_KIND, f"{where}.kind {data['kind']!r} is unknown")
    points = _int(data["points"], f"{where}.points", -2, 99)
    return LedgerEntry(player, third, data["row"], data["box"], data["kind"], points, data["reason"])


# --------------------------------------------------------------------------- status


def state_problems(state: OctoDiceState) -> list[str]:
    """Everything inconsistent in a position (empty when it could arise in a real game)."""
    problems: list[str] = []
    add = problems.append
    n = state.num_players
    phase = state.phase
    total = state.total_turns
    if phase == OVER or phase == SUPER_LEVEL:
        if state.turn != total:
            add(f"phase {phase} but turn {state.turn} of {total}")
    elif not 0 <= state.turn < total:
        add(f"turn {state.turn} is outside the game (0..{total - 1})")
    expected_scored = min(state.turn // state.turns_per_third, THIRDS)
    if state.thirds_scored != expected_scored:
        add(f"{state.thirds_scored} intermediate scorings done, but turn {state.turn} implies {expected_scored}")
    if state.virtual_turn and state.game.variant != "virtual":
        add("a virtual-player turn in a game without the virtual player")
    if state.virtual_turn and phase not in (VIRTUAL_ROLL, BONUS):
        add(f"virtual-player turn in phase {phase}")
    if phase == VIRTUAL_ROLL and not state.virtual_turn:
        add("virtual roll outside a virtual-player turn")
    # dice of the active turn
    rolled = set(state.faces)
    set_aside = set(state.set_aside)
    if phase in (ROLL, SET_ASIDE, ACTIONS_PHASE) or (phase == BONUS and not state.virtual_turn):
        expected_rolled = {0: 0, 1: 6, 2: 6, 3: 6}[state.rolls_done]
        if len(rolled) != expected_rolled:
            add(f"{len(rolled)} dice show a face after {state.rolls_done} roll(s)")
        aside_now = {ROLL: 2 * state.rolls_done, SET_ASIDE: 2 * (state.rolls_done - 1)}.get(phase, 6)
        if phase in (ROLL, SET_ASIDE) and state.rolls_done == 3:
            add(f"phase {phase} after the third roll")
        if phase == SET_ASIDE and state.rolls_done == 0:
            add("setting dice aside before any roll")
        if len(set_aside) != aside_now:
            add(f"{len(set_aside)} dice set aside, expected {aside_now} in phase {phase}")
        if not set_aside <= rolled:
            add("a die is set aside without having been rolled")
    elif phase == VIRTUAL_ROLL:
        if rolled:
            add("dice show faces before the virtual player's roll")
    elif phase == BONUS and state.virtual_turn:
        if len(rolled) != 6:
            add("the virtual player's roll must show all 6 dice")
    if not set(state.used) <= set_aside:
        add("a die used for a main action was never set aside")
    if len(state.used) != 2 * state.actions_taken:
        add(f"{len(state.used)} dice used for {state.actions_taken} main action(s)")
    if phase in (ROLL, SET_ASIDE) and state.actions_taken:
        add(f"main actions recorded before the dice are all rolled (phase {phase})")
    if state.flexi_sub_die is not None and state.flexi_sub_die not in state.used:
        add("the Flexi-Sub die was not used for a main action")
    # who decides
    if phase in (BONUS, SUPER_LEVEL):
        if not state.queue:
            add(f"phase {phase} with nobody to decide")
        if len(set(state.queue)) != len(state.queue):
            add("a player is queued twice")
    elif state.queue:
        add(f"players queued in phase {phase}")
    if phase == BONUS:
        third = state.third()
        active = state.active_player()
        for p in state.queue:
            if p == active and not state.virtual_turn:
                add(f"{state.player_name(p)} may not take a bonus action on their own turn")
            if state.sheets[p].bonus_used[third] >= BONUS_ACTIONS_PER_THIRD:
                add(f"{state.player_name(p)} is offered a third bonus action in third {third + 1}")
        if state.solo:
            add("bonus actions in the solo game")
    if phase == SUPER_LEVEL:
        for p in state.queue:
            if not state.has(p, "I1"):
                add(f"{state.player_name(p)} is asked for Super-Level without reaching it")
    # sheets against the ledger
    per_player: list[dict[str, int]] = [dict() for _ in range(n)]
    bonus_rows = [[0] * THIRDS for _ in range(n)]
    for e in state.ledger:
        counts = per_player[e.player]
        counts[e.kind] = counts.get(e.kind, 0) + 1
        if e.row == "bonus actions" and e.third < THIRDS:
            bonus_rows[e.player][e.third] += 1
        if e.third == BONUS_THIRD and phase != OVER and e.kind != "super-level":
            add(f"bonus-scoring points for {state.player_name(e.player)} before the game is over")
        if e.third < THIRDS and e.third > state.third():
            add(f"points in third {e.third + 1} during third {state.third() + 1}")
    for p, sheet in enumerate(state.sheets):
        who = state.player_name(p)
        counts = per_player[p]
        if counts.get("crystal", 0) != sheet.crystals:
            add(f"{who}: {sheet.crystals} crystals crossed but {counts.get('crystal', 0)} crystal actions scored")
        if counts.get("research", 0) != sheet.research:
            add(f"{who}: {sheet.research} research circles crossed but {counts.get('research', 0)} scored")
        if counts.get("bot", 0) != bin(sheet.bots).count("1"):
            add(f"{who}: {bin(sheet.bots).count('1')} bots crossed but {counts.get('bot', 0)} scored")
        if counts.get("submarine", 0) != sheet.submarine_count():
            add(f"{who}: {sheet.submarine_count()} submarines crossed but {counts.get('submarine', 0)} scored")
        lab_steps = sum(level + 1 for level in sheet.lab)
        if counts.get("super-level", 0) == 0 and counts.get("lab", 0) != lab_steps:
            add(f"{who}: lab markers moved {lab_steps} steps but {counts.get('lab', 0)} lab actions scored")
        if counts.get("super-level", 0) > 1:
            add(f"{who}: Super-Level used more than once")
        for i, colour in enumerate(("yellow", "white", "red", "blue", "green")):
            # bots of a colour are crossed left to right
            first, second = i, i + 5
            if sheet.bot_crossed(second) and not sheet.bot_crossed(first):
                add(f"{who}: the second {colour} bot is crossed but not the first")
        for third in range(THIRDS):
            if sheet.bonus_used[third] != bonus_rows[p][third]:
                add(f"{who}: {sheet.bonus_used[third]} bonus actions counted in third {third + 1} "
                    f"but {bonus_rows[p][third]} written")
            if third > state.third() and (sheet.octopods[third] or sheet.bonus_used[third]):
                add(f"{who}: entries in third {third + 1}, which has not started")
        if state.solo and any(sheet.bonus_used):
            add(f"{who}: bonus actions in the solo game")
        _octopod_problems(state, p, add)
        for code in sheet.used_abilities:
            if not state.has(p, code):
                add(f"{who}: used {LAB_TILES[code].name} without reaching it")
    _ledger_problems(state, add)
    return problems


OCTOPOD_POINTS = frozenset(OCTOPOD_BONUS.values()) | {0}
SLOTS_PER_THIRD = {True: SOLO_TURNS_PER_THIRD, False: ROUNDS_PER_THIRD}
TURN_BOXES = {"A", "B", "octopods"}


def _octopod_problems(state: OctoDiceState, player: int, add: Callable[[str], None]) -> None:
    """Octopod symbols crossed on the sheet must have been caught by written octopod actions:
    each catch crosses at most 2 symbols, and one that scored nothing (a single octopod) 1."""
    who = state.player_name(player)
    sheet = state.sheets[player]
    for third in range(THIRDS):
        entries = [e for e in state.ledger if e.player == player and e.third == third and e.kind == "octopods"]
        most = sum(2 if e.points > 0 else 1 for e in entries)
        crossed = sheet.octopods[third]
        if crossed > most:
            add(f"{who}: {plural(crossed, 'octopod symbol')} crossed in third {third + 1} "
                f"but octopod actions written there catch at most {most}")
        elif entries and crossed == 0:
            add(f"{who}: octopods caught in third {third + 1} but no octopod symbol crossed")
        elif any(e.points > 0 for e in entries) and crossed < OCTOPOD_SYMBOLS_PER_THIRD:
            add(f"{who}: 2 or more octopods caught in third {third + 1} but only {crossed} symbol crossed")


def _ledger_problems(state: OctoDiceState, add: Callable[[str], None]) -> None:
    """Every written box against what the dice and the lab tiles can score, and every turn row
    against the turns played so far."""
    n = state.num_players
    slots = SLOTS_PER_THIRD[state.solo]
    research_seen = [0] * n
    turn_rows: dict[tuple[int, int, str], list[str]] = {}
    scorings: dict[tuple[int, int, str], int] = {}
    level2: list[list[int]] = [[] for _ in range(n)]
    majority: list[list[int]] = [[] for _ in range(n)]
    for i, e in enumerate(state.ledger):
        who = f"ledger[{i}] ({state.player_name(e.player)}, {e.kind})"
        has = state.abilities(e.player)
        plus = 1 if ACTION_PLUS_TILE.get(e.kind) in has else 0
        if e.kind == "crystal":
            allowed: set[int] | range = range(0, 3 + plus)
        elif e.kind == "research":
            k = research_seen[e.player]
            research_seen[e.player] += 1
            base = RESEARCH_TRACK[k][1] if k < len(RESEARCH_TRACK) else -99
            allowed = {base, base + plus}
        elif e.kind == "bot":
            allowed = {p + q for p in {pts for _, pts in BOT_TRACK} for q in range(plus + 1)}
        elif e.kind in ("submarine", "lab"):
            allowed = set(range(plus + 1))
        elif e.kind == "octopods":
            allowed = set(OCTOPOD_POINTS)
            if "A2" in has:
                allowed |= {b + 1 for b in OCTOPOD_POINTS if b}
        elif e.kind == "submarine scoring":
            sheet = state.sheets[e.player]
            most = sum(sheet.bots_of_colour(c) for j, c in enumerate(SUBMARINES) if sheet.sub_crossed(j))
            allowed = range(0, most + 1)
        elif e.kind == "octopod penalty":
            caught = state.sheets[e.player].octopods[e.third] if e.third < THIRDS else 0
            allowed = {0 if caught >= OCTOPOD_SYMBOLS_PER_THIRD else OCTOPOD_PENALTY}
        elif e.kind == "level-2 labs":
            level2[e.player].append(e.points)
            continue
        elif e.kind == "crystal majority":
            majority[e.player].append(e.points)
            continue
        else:  # super-level
            allowed = {0}
        if e.points not in allowed:
            add(f"{who}: {e.points} points, but the dice and tiles allow only "
                f"{', '.join(str(v) for v in sorted(allowed))}")
        if e.row.startswith("turn "):
            slot = e.row[5:]
            if not slot.isdigit() or not 1 <= int(slot) <= slots or e.third >= THIRDS:
                add(f"{who}: row {e.row!r} is not on the sheet")
                continue
            if e.box not in TURN_BOXES:
                add(f"{who}: box {e.box!r} of {e.row} is not on the sheet")
            turn = e.third * state.turns_per_third + (int(slot) - 1) * n + e.player
            if turn > state.turn or (turn == state.turn and state.phase in (ROLL, SET_ASIDE)):
                add(f"{who}: written in {e.row} of third {e.third + 1}, a turn not played yet "
                    f"(turn {turn + 1}, now turn {state.turn + 1})")
            turn_rows.setdefault((e.player, e.third, e.row), []).append(e.box)
        elif e.kind in ("submarine scoring", "octopod penalty"):
            key = (e.player, e.third, e.kind)
            scorings[key] = scorings.get(key, 0) + 1
    for (player, third, row), boxes in turn_rows.items():
        if len(boxes) != len(set(boxes)):
            add(f"{state.player_name(player)}: a box of {row} in third {third + 1} is written twice")
    for player in range(n):
        who = state.player_name(player)
        for third in range(THIRDS):
            for kind in ("submarine scoring", "octopod penalty"):
                count = scorings.get((player, third, kind), 0)
                expected = 1 if third < state.thirds_scored else 0
                if count != expected:
                    add(f"{who}: {count} {kind} entries for third {third + 1}, expected {expected}")
    if state.phase == OVER:
        crystals = [s.crystals for s in state.sheets]
        want_majority = [[pts] for pts, _ in crystal_majority(crystals)] if not state.solo else [[] for _ in range(n)]
        for player in range(n):
            want_level2 = sorted(
                state._level2_points(player, state.layout[2][c])[0]
                for c in range(LAB_COLUMNS) if state.sheets[player].lab[c] == 2
            )
            if sorted(level2[player]) != want_level2:
                add(f"{state.player_name(player)}: level-2 lab points {sorted(level2[player])}, "
                    f"but the sheet's labs give {want_level2}")
            if majority[player] != want_majority[player]:
                add(f"{state.player_name(player)}: crystal majority points {majority[player]}, "
                    f"but the crystals crossed give {want_majority[player]}")
