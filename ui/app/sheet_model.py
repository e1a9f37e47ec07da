"""What the Octo Dice score sheet shows, as plain data the Kivy widget draws (no kivy here).

Why a model between the engine and the canvas: the worker thread builds it (the game state is
only ever touched there) and hands it to the UI as immutable data; tests check it, and the
widget's drawing, against the engine. Everything comes from the public state:
``OctoDiceState.score_sheet`` (circles, boxes, thirds, bonus scoring: the engine's own view of
the paper), ``layout``/``faces``/``set_aside``/``used``/``virtual_turn`` (lab tiles, the dice)
and, for what a tablet choice would cross, a copy of the state with the move pushed on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.octo_dice.components import DICE, WHITE_DICE
from rules.octo_dice.state import CATEGORY_OF_KIND

BONUS_THIRD = 3
"""``Box.third`` of the bonus-scoring boxes (as the engine's ledger)."""

Mark = tuple[Any, ...]
"""One thing a choice would change on a sheet: ``("circle", track, index)``,
``("lab", column, level)``, ``("octopod", third, index)`` or ``("box", third, row, box)``."""


@dataclass(frozen=True)
class Circle:
    track: str
    """crystal, research, bot or submarine."""
    index: int
    colour: str
    """One of the five sheet colours; empty for crystals (any circle, any order)."""
    points: int | None
    crossed: bool
    next: bool = False
    """Research: the next circle to cross (they are crossed in order)."""


@dataclass(frozen=True)
class LabCell:
    column: int
    level: int
    code: str
    name: str
    reached: bool


@dataclass(frozen=True)
class Box:
    """A box of the scoring part; ``points`` None = still empty."""

    third: int
    row: str
    """``turn 1``-``turn 3``, ``bonus actions``, ``intermediate``, ``bonus scoring``, ``final``."""
    box: str
    points: int | None
    categories: tuple[str, ...] = ()
    """The Score screen's categories that must be shown before this box is (step by step)."""
    struck: bool = False
    """0 points: struck through, as on paper."""


@dataclass(frozen=True)
class SheetModel:
    player: int
    solo: bool
    slots: int
    """Turns per player in a third (2, solo 3)."""
    circles: tuple[Circle, ...]
    lab: tuple[LabCell, ...]
    markers: tuple[int, int, int]
    """Marker level per lab column (-1: above the tiles)."""
    octopods: tuple[tuple[bool, bool], ...]
    """Per third: the two octopod symbols, crossed or not."""
    penalty_crossed: tuple[bool, ...]
    """Per third: the -2 crossed out (both octopods caught)."""
    boxes: tuple[Box, ...]
    running_total: int
    final: int | None

    def crossed(self, track: str | None = None) -> int:
        return sum(1 for c in self.circles if c.crossed and (track is None or c.track == track))

    def box(self, third: int, row: str, box: str) -> Box | None:
        return next((b for b in self.boxes if (b.third, b.row, b.box) == (third, row, box)), None)


@dataclass(frozen=True)
class DiceModel:
    """The six dice of the current roll (or the virtual player's)."""

    faces: tuple[tuple[str, str, str], ...]
    """(die, face, where): where is ``rolled``, ``aside`` or ``used``."""
    virtual: bool


def _category(third: int, row: str, kind: str) -> str:
    """The score breakdown's category of a ledger entry (as ``OctoDiceState._category``)."""
    if third == BONUS_THIRD:
        return "bonus: " + CATEGORY_OF_KIND[kind]
    if row == "bonus actions":
        return f"third {third + 1}: bonus actions"
    return f"third {third + 1}: {CATEGORY_OF_KIND[kind]}"


def _written(third: int, row: str, box: str, entry: dict[str, Any] | None) -> Box:
    if entry is None:
        return Box(third, row, box, None)
    return Box(third, row, box, int(entry["points"]), (_category(third, row, entry["kind"]),),
               bool(entry.get("struck")))


def sheet_model(state: Any, player: int) -> SheetModel:
    """One player's sheet from ``state.score_sheet(player)`` and the lab layout."""
    data = state.score_sheet(player)
    circles: list[Circle] = []
    for track in ("crystal", "research", "bot", "submarine"):
        for i, c in enumerate(data["actions"][track]["circles"]):
            circles.append(Circle(track, i, c.get("colour", ""), c.get("points"), bool(c["crossed"]),
                                  bool(c.get("next"))))
    lab = tuple(LabCell(col, t["level"], t["code"], t["name"], bool(t["reached"]))
                for col, column in enumerate(data["lab"]["columns"]) for t in column["tiles"])
    markers = tuple(int(c["marker_level"]) for c in data["lab"]["columns"])
    boxes: list[Box] = []
    for t, third in enumerate(data["thirds"]):
        cats: list[str] = []
        for slot, turn in enumerate(third["turns"]):
            for name in ("A", "B", "octopods"):
                b = _written(t, f"turn {slot + 1}", name, turn[name])
                boxes.append(b)
                cats += b.categories
        if third["bonus_actions"] is not None:
            for k, entry in enumerate(third["bonus_actions"]):
                b = _written(t, "bonus actions", str(k + 1), entry)
                boxes.append(b)
                cats += b.categories
        subs, penalty = third["submarine_points"], third["penalty"]
        sub_cats = (f"third {t + 1}: submarine scoring",)
        boxes.append(Box(t, "intermediate", "submarines", subs, sub_cats if subs is not None else (),
                         subs == 0))
        pen_cats = (f"third {t + 1}: octopod penalty",)
        boxes.append(Box(t, "intermediate", "penalty", penalty, pen_cats if penalty is not None else (),
                         penalty == 0))
        cats += list(sub_cats) + list(pen_cats) if subs is not None else []
        total = third["total"]
        boxes.append(Box(t, "intermediate", "total", total, tuple(dict.fromkeys(cats)) if total is not None else ()))
    bonus = data["bonus_scoring"]
    bonus_cats: list[str] = []
    for name, kind in (("crystals", "crystal majority"), ("labs", "level-2 labs")):
        value = bonus[name]
        cat = _category(BONUS_THIRD, "bonus scoring", kind)
        has_lines = any(line["kind"] == kind for line in bonus["lines"])
        boxes.append(Box(BONUS_THIRD, "bonus scoring", name, value, (cat,) if has_lines else (), value == 0))
        if has_lines:
            bonus_cats.append(cat)
    boxes.append(Box(BONUS_THIRD, "bonus scoring", "total", bonus["total"], tuple(bonus_cats)))
    every = tuple(dict.fromkeys(c for b in boxes for c in b.categories))
    # a box with nothing of its own to wait for (0 for labs without a level-2 tile) comes last
    boxes = [Box(b.third, b.row, b.box, b.points, every, b.struck) if b.points is not None and not b.categories
             else b for b in boxes]
    boxes.append(Box(BONUS_THIRD, "final", "final", data["final_score"], every))
    return SheetModel(
        player=player, solo=bool(state.solo), slots=len(data["thirds"][0]["turns"]), circles=tuple(circles),
        lab=lab, markers=(markers[0], markers[1], markers[2]),
        octopods=tuple((bool(t["octopod_symbols"][0]), bool(t["octopod_symbols"][1])) for t in data["thirds"]),
        penalty_crossed=tuple(bool(t["penalty_box"]["crossed_out"]) for t in data["thirds"]),
        boxes=tuple(boxes), running_total=int(data["running_total"]), final=data["final_score"])


def sheet_models(state: Any) -> tuple[SheetModel, ...]:
    return tuple(sheet_model(state, p) for p in range(state.num_players))


def dice_model(state: Any) -> DiceModel | None:
    """The dice on the table now (none between turns)."""
    faces = state.faces
    if not faces:
        return None
    out = []
    for die in DICE:
        if die not in faces:
            continue
        where = "used" if die in state.used else ("aside" if die in state.set_aside else "rolled")
        out.append((die, faces[die], where))
    return DiceModel(tuple(out), bool(state.virtual_turn))


def last_virtual_roll(state: Any) -> tuple[tuple[str, str], ...]:
    """The virtual player's last roll (2-player variant), read from the history: it is the roll
    of all six dice that is not followed by a set-aside (a turn's first roll always is)."""
    if state.game.variant != "virtual":
        return ()
    history = state.history
    for i in range(len(history) - 1, -1, -1):
        move = history[i]
        if move.kind == "roll" and len(move.results) == len(DICE):
            following = history[i + 1] if i + 1 < len(history) else None
            if following is None or following.kind != "set_aside":
                return tuple(move.results)
    return ()


def _sheet_marks(before: Any, after: Any, third: int) -> set[Mark]:
    """What changed between two engine sheets (``rules.octo_dice.sheet.Sheet``)."""
    marks: set[Mark] = set()
    for i in range(before.crystals, after.crystals):
        marks.add(("circle", "crystal", i))
    for i in range(before.research, after.research):
        marks.add(("circle", "research", i))
    for i in range(10):
        if after.bots >> i & 1 and not before.bots >> i & 1:
            marks.add(("circle", "bot", i))
    for i in range(5):
        if after.subs >> i & 1 and not before.subs >> i & 1:
            marks.add(("circle", "submarine", i))
    for column, (old, new) in enumerate(zip(before.lab, after.lab)):
        for level in range(old + 1, new + 1):
            marks.add(("lab", column, level))
    for t, (old, new) in enumerate(zip(before.octopods, after.octopods)):
        for i in range(old, new):
            marks.add(("octopod", t, i))
    return marks


def choice_marks(state: Any, moves: Any) -> tuple[tuple[int, frozenset[Mark]], ...]:
    """For each tablet choice: (player, what it would cross or write on that player's sheet).

    Computed by pushing the move on a copy of the state (the engine's own rules decide), so a
    Flexi ability or the octopods counted when the actions end are included."""
    out: list[tuple[int, frozenset[Mark]]] = []
    for move in moves:
        player = state.current_player()
        work = state.copy()
        before = work.sheets[player].copy() if 0 <= player < state.num_players else None
        ledger = len(work.ledger)
        try:
            work.push(move)
        except Exception:  # a choice the engine refuses: nothing to show
            out.append((player, frozenset()))
            continue
        marks: set[Mark] = set()
        if before is not None:
            marks = _sheet_marks(before, work.sheets[player], state.third())
        for entry in work.ledger[ledger:]:
            if entry.player == player and entry.row.startswith(("turn", "bonus actions")):
                marks.add(("box", entry.third, entry.row, entry.box))
        out.append((player, frozenset(marks)))
    return tuple(out)


def white_die(die: str) -> bool:
    return die in WHITE_DICE
