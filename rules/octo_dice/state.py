"""The Octo Dice position: the turn's dice, every player's sheet, and the ledger of points.

Turn flow (``phase``):

``roll`` (chance: 6 dice) -> ``set_aside`` (keep 2) -> ``roll`` (the other 4) -> ``set_aside``
(keep 2) -> ``roll`` (the last 2, kept automatically) -> ``actions`` (up to 2 main actions, then
the octopods are counted automatically, always with the most octopods the lab allows) ->
``bonus`` (each eligible opponent in play order: one bonus action or none) -> in the 2-player
virtual variant ``virtual_roll`` (chance: the virtual player's 6 dice) and ``bonus`` again for
both players -> next turn. Intermediate scoring runs after every third; after the last one,
``super_level`` (players on Super-Level pick a column), then the bonus scoring, then ``over``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from rules.core import (
    CHANCE,
    TERMINAL,
    IllegalMoveError,
    Move,
    ScoreBreakdown,
    State,
    UndoRecord,
)
from rules.octo_dice.components import (
    ACTIONS,
    BLACK_DICE,
    BLACK_FACE_VALUE,
    BONUS_ACTIONS_PER_THIRD,
    BOT_TRACK,
    COLOURS,
    CRYSTAL_CIRCLES,
    DICE,
    DIE_ORDER,
    FACES,
    LAB_COLUMNS,
    LAB_TILES,
    MAIN_ACTIONS_PER_TURN,
    NUMBER_ACTIONS,
    OCTOPOD,
    OCTOPOD_BONUS,
    OCTOPOD_SYMBOLS_PER_THIRD,
    RESEARCH_TRACK,
    SUBMARINES,
    THIRDS,
    WHITE_DICE,
    Layout,
    die_words,
    face_words,
)
from rules.octo_dice.moves import (
    Action,
    BonusAction,
    BonusOctopods,
    DeclineBonus,
    EndActions,
    Roll,
    SetAside,
    SuperLevel,
)
from rules.octo_dice import scoring
from rules.octo_dice.scoring import CATEGORY_OF_KIND as CATEGORY_OF_KIND  # re-exported: the app reads it here
from rules.octo_dice.scoring import crystal_majority as crystal_majority  # re-exported (package API)
from rules.octo_dice.scoring import plural
from rules.octo_dice.sheet import BONUS_THIRD, LedgerEntry, Sheet

if TYPE_CHECKING:
    from rules.octo_dice.game import OctoDiceGame

ROLL = "roll"
SET_ASIDE = "set_aside"
ACTIONS_PHASE = "actions"
BONUS = "bonus"
VIRTUAL_ROLL = "virtual_roll"
SUPER_LEVEL = "super_level"
OVER = "over"
PHASES = (ROLL, SET_ASIDE, ACTIONS_PHASE, BONUS, VIRTUAL_ROLL, SUPER_LEVEL, OVER)

COLUMN_WORDS = ("left", "middle", "right")
MOVE_PHASES: dict[type[Move], tuple[str, ...]] = {
    Roll: (ROLL, VIRTUAL_ROLL),
    SetAside: (SET_ASIDE,),
    Action: (ACTIONS_PHASE,),
    EndActions: (ACTIONS_PHASE,),
    BonusAction: (BONUS,),
    BonusOctopods: (BONUS,),
    DeclineBonus: (BONUS,),
    SuperLevel: (SUPER_LEVEL,),
}
"""The phase(s) in which each kind of move can be made."""
ACTION_PLUS_TILE = {"crystal": "D1", "research": "B2", "lab": "E1", "bot": "D2", "submarine": "C1"}
"""The '+1 point for each X action' tile of each action."""


@dataclass(frozen=True)
class Plan:
    """A checked main or bonus action: what it crosses and what it scores."""

    action: str
    colour: str
    number: int
    index: int
    """Circle index (research, bot, submarine) or lab column; -1 for crystals."""
    points: int
    text: str
    abilities: frozenset[str]
    flexi_sub_die: str | None


def column_words(column: object) -> str:
    if isinstance(column, int) and not isinstance(column, bool) and 0 <= column < LAB_COLUMNS:
        return f"the {COLUMN_WORDS[column]} column"
    return f"column {column!r}"


@dataclass(frozen=True, slots=True)
class OctoDiceUndo(UndoRecord):
    """Everything a move can change. ``sheets`` are the record's own copies (sheets are changed
    in place) and are copied again on restore; the ledger only grows, so its length is enough."""

    turn: int
    phase: str
    virtual_turn: bool
    rolls_done: int
    faces: dict[str, str]
    set_aside: tuple[str, ...]
    used: tuple[str, ...]
    flexi_sub_die: str | None
    actions_taken: int
    queue: tuple[int, ...]
    thirds_scored: int
    sheets: tuple[Sheet, ...]
    ledger_length: int


class OctoDiceState(State):
    game: OctoDiceGame

    def __init__(self, game: OctoDiceGame, layout: Layout) -> None:
        super().__init__(game)
        self.layout: Layout = layout
        self.turn = 0
        """Index of the current turn over the whole game (solo 0-8, else 0 to 6 * players - 1)."""
        self.phase = ROLL
        self.virtual_turn = False
        """True while the virtual player's dice (2-player variant) are rolled and used."""
        self.rolls_done = 0
        self.faces: dict[str, str] = {}
        """Die -> face shown, for the dice rolled on this turn."""
        self.set_aside: tuple[str, ...] = ()
        self.used: tuple[str, ...] = ()
        """Dice used by the active player's main actions this turn (white, black, white, black)."""
        self.flexi_sub_die: str | None = None
        """The submarine die turned into a bot by Flexi-Sub this turn (no longer a submarine for Octo-Sub)."""
        self.actions_taken = 0
        self.queue: tuple[int, ...] = ()
        """Players still to decide, in order: on a bonus action (``bonus``) or a column (``super_level``)."""
        self.thirds_scored = 0
        self.sheets = [Sheet() for _ in range(game.num_players)]
        self.ledger: list[LedgerEntry] = []
        self._ability_cache: dict[tuple[int, int, int], frozenset[str]] = {}
        """Marker levels -> reachable tiles; a pure function of the layout, so never undone."""

    # ------------------------------------------------------------------ game geometry
    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def solo(self) -> bool:
        return self.game.variant == "solo"

    @property
    def turns_per_third(self) -> int:
        return self.game.turns_per_third

    @property
    def total_turns(self) -> int:
        return self.game.turns_per_third * THIRDS

    def active_player(self) -> int:
        """The seat whose turn it is (after it, during the virtual player's roll)."""
        return min(self.turn, self.total_turns - 1) % self.num_players

    def third(self) -> int:
        """The current third (0-2)."""
        return min(self.turn, self.total_turns - 1) // self.turns_per_third

    def slot(self) -> int:
        """The active player's turn within the third (0-1, solo 0-2)."""
        return (min(self.turn, self.total_turns - 1) % self.turns_per_third) // self.num_players

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def tile_at(self, level: int, column: int) -> str:
        return self.layout[level][column]

    def has(self, player: int, code: str) -> bool:
        """Whether the player's marker has reached the tile ``code`` (its ability is usable)."""
        return code in self.abilities(player)

    def abilities(self, player: int) -> frozenset[str]:
        """The tiles (codes) whose abilities the player can use: those at or above a marker."""
        lab = self.sheets[player].lab
        key = (lab[0], lab[1], lab[2])
        found = self._ability_cache.get(key)
        if found is None:
            found = frozenset(
                self.layout[level][column] for column in range(LAB_COLUMNS) for level in range(lab[column] + 1)
            )
            self._ability_cache[key] = found
        return found

    def can_use(self, player: int, code: str) -> bool:
        """``has`` and, for a once-per-turn ability, not yet used this turn."""
        return self.has(player, code) and code not in self.sheets[player].used_abilities

    # ------------------------------------------------------------------ who moves
    def current_player(self) -> int:
        phase = self.phase
        if phase == ROLL or phase == VIRTUAL_ROLL:
            return CHANCE
        if phase == SET_ASIDE or phase == ACTIONS_PHASE:
            return self.turn % self.num_players
        if phase == BONUS or phase == SUPER_LEVEL:
            return self.queue[0]
        return TERMINAL

    def waiting_for(self) -> str:
        """What the game waits for, in plain words (for prompts and error messages)."""
        phase = self.phase
        if phase == ROLL:
            n = len(self.dice_to_roll())
            return f"{self.player_name(self.active_player())} is to roll {n} dice"
        if phase == VIRTUAL_ROLL:
            return "the virtual player's 6 dice are to be rolled"
        if phase == SET_ASIDE:
            return f"{self.player_name(self.active_player())} is to set aside 2 dice"
        if phase == ACTIONS_PHASE:
            return f"{self.player_name(self.active_player())} is to take a main action or end them"
        if phase == BONUS:
            return f"{self.player_name(self.queue[0])} is to take a bonus action or decline"
        if phase == SUPER_LEVEL:
            return f"{self.player_name(self.queue[0])} is to choose a column for Super-Level"
        return "the game is over"

    def dice_to_roll(self) -> tuple[str, ...]:
        if self.phase == VIRTUAL_ROLL:
            return DICE
        return tuple(d for d in DICE if d not in self.set_aside)

    def bonus_dice(self) -> tuple[str, ...]:
        """The dice an opponent may pick from: all six of the active (or virtual) player."""
        return DICE

    # ------------------------------------------------------------------ dice and chance
    def _check_roll(self, move: Roll) -> str | None:
        if self.phase not in (ROLL, VIRTUAL_ROLL):
            return f"no dice are to be rolled now: {self.waiting_for()}"
        named: set[str] = set()
        for die, face in move.results:
            if die not in DIE_ORDER:
                return f"there is no die {die!r}; the dice are {', '.join(DICE)}"
            if die in named:
                return f"{die_words(die)} is named twice in one roll"
            named.add(die)
            if die in self.set_aside and self.phase == ROLL:
                return (f"{die_words(die)} was set aside (showing {face_words(self.faces[die])}) "
                        "and may not be rolled again this turn")
            if face not in FACES[die]:
                return f"{die_words(die)} has no face {face!r}; its faces are {', '.join(FACES[die])}"
        missing = [d for d in self.dice_to_roll() if d not in named]
        if missing:
            return "these dice must be rolled too: " + ", ".join(die_words(d) for d in missing)
        return None

    def roll_from_reading(self, reading: Mapping[str, str]) -> Roll:
        """The roll that explains a camera reading of all visible dice (die -> face).

        Set-aside dice may be in the reading; if one shows another face than when it was set
        aside, it was rolled again, which the rules forbid: :class:`IllegalMoveError` says so."""
        results = []
        for die, face in reading.items():
            if self.phase == ROLL and die in self.set_aside:
                if face != self.faces.get(die):
                    move = Roll(tuple((d, f) for d, f in reading.items()))
                    raise IllegalMoveError(
                        move,
                        f"{die_words(die)} was set aside showing {face_words(self.faces[die])} "
                        f"but now shows {face_words(face)}: it was rolled again after being set aside",
                    )
                continue
            results.append((die, face))
        return Roll(tuple(results))

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if not self.is_chance_node():
            return []
        outcomes = list(self._legal_moves())
        p = 1.0 / len(outcomes)
        return [(m, p) for m in outcomes]

    def sample_chance(self, rng: random.Random) -> Move:
        """Each die lands on each of its faces with probability 1/6 (cheaper than listing 6^6)."""
        if not self.is_chance_node():
            return super().sample_chance(rng)
        return Roll(tuple((d, rng.choice(FACES[d])) for d in self.dice_to_roll()))

    # ------------------------------------------------------------------ legal moves
    def _legal_moves(self) -> Iterator[Move]:
        phase = self.phase
        if phase == ROLL or phase == VIRTUAL_ROLL:
            dice = self.dice_to_roll()  # in die order: each roll is as Roll() would keep it
            for faces in itertools.product(*(FACES[d] for d in dice)):
                yield Roll.unchecked(tuple(zip(dice, faces)))
        elif phase == SET_ASIDE:
            free = [d for d in DICE if d not in self.set_aside]
            for pair in itertools.combinations(free, 2):
                yield SetAside(pair)
        elif phase == ACTIONS_PHASE:
            player = self.current_player()
            free = [d for d in self.set_aside if d not in self.used]
            yield from self._action_moves(player, free, Action)
            yield EndActions()
        elif phase == BONUS:
            player = self.queue[0]
            yield from self._action_moves(player, list(DICE), BonusAction)
            for pair in itertools.combinations(DICE, 2):
                if self._octopod_count(player, pair, pair, None)[0] > 0:
                    yield BonusOctopods(pair)
            yield DeclineBonus()
        elif phase == SUPER_LEVEL:
            lab = self.sheets[self.queue[0]].lab
            for column in range(LAB_COLUMNS):
                if lab[column] < 2:
                    yield SuperLevel(column)

    def _action_moves(self, player: int, free: list[str], move_type: type[Action]) -> Iterator[Action]:
        faces = self.faces
        whites = [d for d in free if d in WHITE_DICE and faces[d] != OCTOPOD]
        blacks = [d for d in free if d in BLACK_DICE and faces[d] != OCTOPOD]
        if not whites or not blacks:
            return
        flexi_lab = self.can_use(player, "A1")
        flexi_level = self.has(player, "E2")
        actions_of = {"research": ["research"], "submarine": ["submarine"]}
        if self.can_use(player, "B1"):
            actions_of["research"] = ["research", "bot"]
        if self.can_use(player, "C2"):
            actions_of["submarine"] = ["submarine", "bot"]
        for w in whites:
            face = faces[w]
            for action in actions_of.get(face, [face]):
                for b in blacks:
                    colour, number = BLACK_FACE_VALUE[faces[b]]
                    reads: list[tuple[str | None, int | None]] = [(None, None)]
                    if flexi_lab and colour == "yellow":
                        if action in NUMBER_ACTIONS:
                            if not (action == "lab" and flexi_level):
                                reads += [(None, k) for k in range(3) if k != number]
                        else:
                            reads += [(c, None) for c in COLOURS if c != "yellow"]
                    columns = range(LAB_COLUMNS) if action == "lab" else (None,)
                    for as_colour, as_number in reads:
                        for column in columns:
                            move = move_type(w, b, action, column, as_colour, as_number)
                            if isinstance(self._plan(player, move, free, words=False), Plan):
                                yield move

    # ------------------------------------------------------------------ checking
    def _check(self, move: Move) -> str | None:
        kind = type(move)
        phase = self.phase
        if kind is Roll:
            return self._check_roll(move)  # type: ignore[arg-type]
        if phase in (ROLL, VIRTUAL_ROLL):
            return f"the dice must be rolled first: {self.waiting_for()}"
        if kind is SetAside:
            if phase != SET_ASIDE:
                return f"no dice are to be set aside now: {self.waiting_for()}"
            return self._check_set_aside(move)  # type: ignore[arg-type]
        if kind is Action or kind is EndActions:
            if phase != ACTIONS_PHASE:
                return f"no main action can be taken now: {self.waiting_for()}"
            if kind is EndActions:
                return None
            free = [d for d in self.set_aside if d not in self.used]
            plan = self._plan(self.current_player(), move, free, words=False)  # type: ignore[arg-type]
            return plan if isinstance(plan, str) else None
        if kind in (BonusAction, BonusOctopods, DeclineBonus):
            if phase != BONUS:
                return f"no bonus action can be taken now: {self.waiting_for()}"
            if kind is DeclineBonus:
                return None
            player = self.queue[0]
            if kind is BonusOctopods:
                return self._check_bonus_octopods(player, move)  # type: ignore[arg-type]
            plan = self._plan(player, move, list(DICE), words=False)  # type: ignore[arg-type]
            return plan if isinstance(plan, str) else None
        if kind is SuperLevel:
            if phase != SUPER_LEVEL:
                return f"Super-Level is used only just before the bonus scoring: {self.waiting_for()}"
            column = move.column  # type: ignore[attr-defined]
            if not isinstance(column, int) or isinstance(column, bool) or not 0 <= column < LAB_COLUMNS:
                return f"the column must be 0, 1 or 2 (left to right), not {column!r}"
            if self.sheets[self.queue[0]].lab[column] == 2:
                return f"{column_words(column)} already reaches level 2"
            return None
        return f"{kind.__name__} is not an Octo Dice move"

    def _check_set_aside(self, move: SetAside) -> str | None:
        if len(move.dice) != 2:
            return f"set aside exactly 2 dice, not {len(move.dice)}"
        if move.dice[0] == move.dice[1]:
            return f"{die_words(move.dice[0])} is named twice"
        for die in move.dice:
            if die not in DIE_ORDER:
                return f"there is no die {die!r}; the dice are {', '.join(DICE)}"
            if die in self.set_aside:
                return f"{die_words(die)} is already set aside"
        return None

    def _check_bonus_octopods(self, player: int, move: BonusOctopods) -> str | None:
        if len(move.dice) != 2:
            return f"a bonus action uses exactly 2 dice, not {len(move.dice)}"
        for die in move.dice:
            if die not in DIE_ORDER:
                return f"there is no die {die!r}; the dice are {', '.join(DICE)}"
        if move.dice[0] == move.dice[1]:
            return f"{die_words(move.dice[0])} is named twice"
        if self._octopod_count(player, move.dice, move.dice, None)[0] == 0:
            return "neither die shows an octopod (nor can the lab turn one into an octopod)"
        return None

    def _plan(self, player: int, move: Action, free: list[str], words: bool = True) -> Plan | str:
        """Check a main or bonus action; return its :class:`Plan` or why it is illegal.

        ``words=False`` skips writing the plan's text (move generation only needs legality)."""
        faces = self.faces
        sheet = self.sheets[player]
        reached = self.abilities(player)
        white, black, action = move.white, move.black, move.action
        if white not in DIE_ORDER:
            return f"there is no die {white!r}; the white dice are {', '.join(WHITE_DICE)}"
        if white not in WHITE_DICE:
            return f"{die_words(white)} is not a white die: the action comes from a white die"
        if black not in DIE_ORDER:
            return f"there is no die {black!r}; the black dice are {', '.join(BLACK_DICE)}"
        if black not in BLACK_DICE:
            return f"{die_words(black)} is not a black die: colour and number come from a black die"
        for die in (white, black):
            if die not in free:
                if die in self.used:
                    return f"{die_words(die)} was already used for a main action this turn"
                return f"{die_words(die)} is not available for an action"
        white_face = faces[white]
        if white_face == OCTOPOD:
            return f"{die_words(white)} shows an octopod, which is no main action"
        if action not in ACTIONS:
            return f"{action!r} is not an action; actions are {', '.join(ACTIONS)}"
        abilities: set[str] = set()
        notes: list[str] = []
        flexi_sub_die = None
        if action != white_face:
            if white_face == "research" and action == "bot":
                if "B1" not in reached:
                    return f"{die_words(white)} shows research; using it as a bot needs Flexi-Tec (B1)"
                if "B1" in sheet.used_abilities:
                    return "Flexi-Tec was already used this turn (once per turn)"
                abilities.add("B1")
                notes.append("Flexi-Tec: research used as bot")
            elif white_face == "submarine" and action == "bot":
                if "C2" not in reached:
                    return f"{die_words(white)} shows submarine; using it as a bot needs Flexi-Sub (C2)"
                if "C2" in sheet.used_abilities:
                    return "Flexi-Sub was already used this turn (once per turn)"
                abilities.add("C2")
                flexi_sub_die = white
                notes.append("Flexi-Sub: submarine used as bot")
            else:
                return f"{die_words(white)} shows {white_face}, not {action}"
        black_face = faces[black]
        if black_face == OCTOPOD:
            return f"{die_words(black)} shows an octopod, which has no colour or number"
        colour, number = BLACK_FACE_VALUE[black_face]
        uses_number = action in NUMBER_ACTIONS
        if move.as_colour is not None or move.as_number is not None:
            if move.as_colour is not None and move.as_number is not None:
                return "Flexi-Lab changes the colour or the number, not both"
            if "A1" not in reached:
                return "reading a black die as another colour or number needs Flexi-Lab (A1)"
            if "A1" in sheet.used_abilities:
                return "Flexi-Lab was already used this turn (once per turn)"
            if colour != "yellow":
                return f"Flexi-Lab only changes a yellow black die; {die_words(black)} shows {face_words(black_face)}"
            if move.as_colour is not None:
                if move.as_colour not in COLOURS:
                    return f"{move.as_colour!r} is not a colour; colours are {', '.join(COLOURS)}"
                if move.as_colour == colour:
                    return "Flexi-Lab would not change anything: the die already shows yellow"
                if uses_number:
                    return f"a {action} action uses the die's number, so changing its colour does nothing"
                notes.append(f"Flexi-Lab: yellow read as {move.as_colour}")
                colour = move.as_colour
            else:
                n = move.as_number
                if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 2:
                    return f"Flexi-Lab can change the number to 0, 1 or 2, not {n!r}"
                if n == number:
                    return f"Flexi-Lab would not change anything: the die already shows {number}"
                if not uses_number:
                    return f"a {action} action uses the die's colour, so changing its number does nothing"
                if action == "lab" and "E2" in reached:
                    return "with Flexi-Level the number does not matter for a lab expansion"
                notes.append(f"Flexi-Lab: {number} read as {n}")
                number = n
            abilities.add("A1")
        if move.column is not None and action != "lab":
            return "only a lab action names a column"
        plus = ""
        plus_tile = ACTION_PLUS_TILE[action]
        bonus_point = 1 if plus_tile in reached else 0
        if bonus_point:
            plus = f" +1 {LAB_TILES[plus_tile].name}"
        if action == "crystal":
            if sheet.crystals >= CRYSTAL_CIRCLES:
                return "all 5 crystal circles are already crossed out"
            index, points = -1, number
            text = f"crystal {sheet.crystals + 1} of {CRYSTAL_CIRCLES} with a {number}: {number}{plus}" if words else ""
        elif action == "research":
            index = sheet.research
            if index >= len(RESEARCH_TRACK):
                return "all research circles are already crossed out"
            need, points = RESEARCH_TRACK[index]
            if colour != need:
                return f"the next research circle is {need}, but the black die gives {colour}"
            text = f"research circle {index + 1} ({colour}): {points}{plus}" if words else ""
        elif action == "bot":
            index = -1
            for i, (c, _) in enumerate(BOT_TRACK):
                if c == colour and not sheet.bot_crossed(i):
                    index = i
                    break
            if index < 0:
                return f"both {colour} bots are already crossed out"
            points = BOT_TRACK[index][1]
            text = f"{colour} bot (circle {index + 1}): {points}{plus}" if words else ""
        elif action == "submarine":
            index = SUBMARINES.index(colour)
            if sheet.sub_crossed(index):
                return f"the {colour} submarine is already crossed out"
            points = 0
            text = f"{colour} submarine: 0{plus}" if words else ""
        else:  # lab
            column = move.column
            if column is None:
                return "a lab action needs a column: 0, 1 or 2 (left to right)"
            if not isinstance(column, int) or isinstance(column, bool) or not 0 <= column < LAB_COLUMNS:
                return f"the column must be 0, 1 or 2 (left to right), not {column!r}"
            level = sheet.lab[column] + 1
            if level > 2:
                return f"{column_words(column)} is already fully expanded"
            if "E2" in reached:
                notes.append("Flexi-Level: any number")
            elif number != level:
                return (f"moving down to level {level} in {column_words(column)} needs a {level} "
                        f"on the black die, not {number}")
            index, points = column, 0
            tile = LAB_TILES[self.layout[level][column]]
            text = f"lab: {column_words(column)} to level {level} ({tile.name}): 0{plus}" if words else ""
        if notes and words:
            text += " (" + "; ".join(notes) + ")"
        return Plan(action, colour, number, index, points + bonus_point, text, frozenset(abilities), flexi_sub_die)

    # ------------------------------------------------------------------ octopods
    def _octopod_count(
        self, player: int, dice: tuple[str, ...] | list[str], unused_whites: tuple[str, ...] | list[str],
        flexi_sub_die: str | None,
    ) -> tuple[int, list[str], frozenset[str]]:
        """Octopods among ``dice``, plus Octo-Sub and Octo-Catch when the player has them.

        Using more octopods never costs anything, so the lab abilities are always applied.
        Returns (count, plain-words notes, once-per-turn abilities used)."""
        faces = self.faces
        counted = [d for d in dice if faces[d] == OCTOPOD]
        notes: list[str] = []
        used: set[str] = set()
        reached = self.abilities(player)
        spent = self.sheets[player].used_abilities
        if "F1" in reached and "F1" not in spent:
            for d in dice:
                if d in WHITE_DICE and faces[d] == "submarine" and d != flexi_sub_die:
                    counted.append(d)
                    used.add("F1")
                    notes.append(f"Octo-Sub: {die_words(d)}'s submarine")
                    break
        if "F2" in reached and "F2" not in spent:
            for d in dice:
                if d in WHITE_DICE and d in unused_whites and d not in counted:
                    counted.append(d)
                    used.add("F2")
                    notes.append(f"Octo-Catch: unused {die_words(d)}")
                    break
        return len(counted), notes, frozenset(used)

    def _catch_octopods(self, player: int, count: int, notes: list[str], row: str, box: str) -> None:
        sheet = self.sheets[player]
        third = self.third()
        crossed = min(count, OCTOPOD_SYMBOLS_PER_THIRD - sheet.octopods[third])
        sheet.octopods[third] += crossed
        bonus = OCTOPOD_BONUS.get(count, 0)
        plus = 1 if bonus and self.has(player, "A2") else 0
        reason = f"{plural(count, 'octopod')}: crossed {plural(crossed, 'symbol')}"
        if sheet.octopods[third] == OCTOPOD_SYMBOLS_PER_THIRD and crossed:
            reason += " (both caught: the -2 is crossed out)"
        reason += f", bonus {bonus}" if bonus else ", no bonus"
        if plus:
            reason += " +1 Octo-Plus"
        if notes:
            reason += " (" + "; ".join(notes) + ")"
        self.ledger.append(LedgerEntry(player, third, row, box, "octopods", bonus + plus, reason))

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        kind = type(move)
        if kind is Roll:
            self._apply_roll(move)  # type: ignore[arg-type]
        elif kind is SetAside:
            self.set_aside = self.set_aside + move.dice  # type: ignore[attr-defined]
            self.phase = ROLL
        elif kind is Action:
            player = self.current_player()
            free = [d for d in self.set_aside if d not in self.used]
            plan = self._plan(player, move, free)  # type: ignore[arg-type]
            assert isinstance(plan, Plan), plan
            box = "A" if self.actions_taken == 0 else "B"
            self._carry_out(player, plan, f"turn {self.slot() + 1}", box)
            self.used = self.used + (move.white, move.black)  # type: ignore[attr-defined]
            if plan.flexi_sub_die is not None:
                self.flexi_sub_die = plan.flexi_sub_die
            self.actions_taken += 1
            if self.actions_taken >= MAIN_ACTIONS_PER_TURN:
                self._end_actions()
        elif kind is EndActions:
            self._end_actions()
        elif kind is BonusAction:
            player = self.queue[0]
            plan = self._plan(player, move, list(DICE))  # type: ignore[arg-type]
            assert isinstance(plan, Plan), plan
            self._carry_out(player, plan, "bonus actions", self._bonus_box(player))
            self._bonus_taken(player)
        elif kind is BonusOctopods:
            player = self.queue[0]
            dice = move.dice  # type: ignore[attr-defined]
            count, notes, used = self._octopod_count(player, dice, dice, None)
            sheet = self.sheets[player]
            sheet.used_abilities = sheet.used_abilities | used
            self._catch_octopods(player, count, notes, "bonus actions", self._bonus_box(player))
            self._bonus_taken(player)
        elif kind is DeclineBonus:
            self._next_in_queue()
        elif kind is SuperLevel:
            player = self.queue[0]
            column = move.column  # type: ignore[attr-defined]
            sheet = self.sheets[player]
            sheet.lab[column] = 2
            tile = LAB_TILES[self.layout[2][column]]
            self.ledger.append(LedgerEntry(
                player, BONUS_THIRD, "bonus scoring", "super-level", "super-level", 0,
                f"Super-Level: marker jumps to level 2 in {column_words(column)} ({tile.name})",
            ))
            self.queue = self.queue[1:]
            if not self.queue:
                self._bonus_scoring()
        else:  # pragma: no cover - _check rejects it
            raise TypeError(f"not an Octo Dice move: {move!r}")

    def _apply_roll(self, move: Roll) -> None:
        faces = dict(self.faces) if self.phase == ROLL else {}
        faces.update(move.results)
        self.faces = faces
        if self.phase == VIRTUAL_ROLL:
            self._start_bonus(self._virtual_bonus_order())
            return
        self.rolls_done += 1
        if self.rolls_done == 3:
            self.set_aside = self.set_aside + tuple(d for d in DICE if d not in self.set_aside)
            self.phase = ACTIONS_PHASE
        else:
            self.phase = SET_ASIDE

    def _carry_out(self, player: int, plan: Plan, row: str, box: str) -> None:
        sheet = self.sheets[player]
        action = plan.action
        if action == "crystal":
            sheet.crystals += 1
        elif action == "research":
            sheet.research += 1
        elif action == "bot":
            sheet.bots |= 1 << plan.index
        elif action == "submarine":
            sheet.subs |= 1 << plan.index
        else:
            sheet.lab[plan.index] += 1
        if plan.abilities:
            sheet.used_abilities = sheet.used_abilities | plan.abilities
        self.ledger.append(LedgerEntry(player, self.third(), row, box, action, plan.points, plan.text))

    def _bonus_box(self, player: int) -> str:
        return str(self.sheets[player].bonus_used[self.third()] + 1)

    def _bonus_taken(self, player: int) -> None:
        self.sheets[player].bonus_used[self.third()] += 1
        self._next_in_queue()

    def _next_in_queue(self) -> None:
        self.queue = self.queue[1:]
        if not self.queue:
            self._after_bonus()

    def _end_actions(self) -> None:
        player = self.active_player()
        unused_whites = [d for d in WHITE_DICE if d not in self.used]
        count, notes, used = self._octopod_count(player, DICE, unused_whites, self.flexi_sub_die)
        if count:
            sheet = self.sheets[player]
            sheet.used_abilities = sheet.used_abilities | used
            self._catch_octopods(player, count, notes, f"turn {self.slot() + 1}", "octopods")
        active = self.active_player()
        n = self.num_players
        self._start_bonus(tuple((active + k) % n for k in range(1, n)))

    def _virtual_bonus_order(self) -> tuple[int, ...]:
        active = self.active_player()
        n = self.num_players
        return tuple((active + k) % n for k in range(1, n + 1))

    def _start_bonus(self, order: tuple[int, ...]) -> None:
        third = self.third()
        self.queue = tuple(p for p in order if self.sheets[p].bonus_used[third] < BONUS_ACTIONS_PER_THIRD)
        if self.solo or not self.queue:
            self.queue = ()
            self._after_bonus()
        else:
            self.phase = BONUS

    def _after_bonus(self) -> None:
        if self.game.variant == "virtual" and not self.virtual_turn:
            self.virtual_turn = True
            self.phase = VIRTUAL_ROLL
            self.faces = {}
            self._new_turn_for_abilities()
            return
        self._finish_turn()

    def _new_turn_for_abilities(self) -> None:
        for sheet in self.sheets:
            sheet.used_abilities = frozenset()

    def _finish_turn(self) -> None:
        if (self.turn + 1) % self.turns_per_third == 0:
            self._intermediate_scoring(self.third())
        self.turn += 1
        if self.turn >= self.total_turns:
            self.faces = {}
            self.set_aside = self.used = ()
            self.flexi_sub_die = None
            self.actions_taken = 0
            self.rolls_done = 0
            self.virtual_turn = False
            self._new_turn_for_abilities()
            self.queue = tuple(
                p for p in range(self.num_players)
                if self.has(p, "I1") and min(self.sheets[p].lab) < 2
            )
            if self.queue:
                self.phase = SUPER_LEVEL
            else:
                self._bonus_scoring()
            return
        self.phase = ROLL
        self.virtual_turn = False
        self.rolls_done = 0
        self.faces = {}
        self.set_aside = self.used = ()
        self.flexi_sub_die = None
        self.actions_taken = 0
        self.queue = ()
        self._new_turn_for_abilities()

    # ------------------------------------------------------------------ scoring
    def _intermediate_scoring(self, third: int) -> None:
        self.ledger.extend(scoring.intermediate_scoring(self.sheets, third))
        self.thirds_scored = third + 1

    def _bonus_scoring(self) -> None:
        self.phase = OVER
        self.queue = ()
        self.ledger.extend(scoring.bonus_scoring(self.sheets, self.layout, self.solo))

    def _level2_points(self, player: int, code: str) -> tuple[int, str]:
        """What the level-2 tile ``code`` scores for ``player`` (``serialize`` checks the ledger with it)."""
        return scoring.level2_points(self.sheets[player], self.layout, code)

    def score_breakdown(self) -> ScoreBreakdown:
        return scoring.score_breakdown(self.ledger, self.sheets, self.phase == OVER)

    @staticmethod
    def _category(entry: LedgerEntry) -> str:
        return scoring.category(entry)

    def totals(self) -> list[int]:
        return scoring.totals(self.ledger, self.num_players)

    def returns(self) -> list[int]:
        return self.totals()

    # ------------------------------------------------------------------ words
    def describe_move(self, move: Move) -> str:
        """The move in plain words; never raises, whatever the move (a prompt or a log line must
        be writable for a move the engine refuses). A move of another phase says "not now"."""
        kind = type(move)
        phases = MOVE_PHASES.get(kind)
        if phases is None:
            return f"{move!r}: not an Octo Dice move"
        if self.phase not in phases:
            return f"{self._plain_words(move)}: not now ({self.waiting_for()})"
        if kind is Roll:
            assert isinstance(move, Roll)
            who = "virtual player's roll" if self.phase == VIRTUAL_ROLL else "roll"
            shown = ", ".join(f"{die_words(d)} {face_words(f)}" for d, f in move.results)
            reason = self._check_roll(move)
            return f"{who}: {shown}" + (f": illegal, {reason}" if reason else "")
        player = self.current_player()
        name = self.player_name(player)
        if kind is SetAside:
            assert isinstance(move, SetAside)
            dice = " and ".join(f"{die_words(d)} ({face_words(self.faces.get(d, '?'))})" for d in move.dice)
            reason = self._check_set_aside(move)
            return f"{name} sets aside {dice}" + (f": illegal, {reason}" if reason else "")
        if kind is EndActions:
            return f"{name} ends the main actions"
        if kind is DeclineBonus:
            return f"{name} takes no bonus action"
        if kind is SuperLevel:
            assert isinstance(move, SuperLevel)
            reason = self._check(move)
            if reason:
                return f"{name}, Super-Level on {column_words(move.column)}: illegal, {reason}"
            return f"{name} uses Super-Level on {column_words(move.column)}"
        if kind is Action or kind is BonusAction:
            assert isinstance(move, Action)
            free = list(DICE) if kind is BonusAction else [d for d in self.set_aside if d not in self.used]
            plan = self._plan(player, move, free)
            label = "bonus action" if kind is BonusAction else "main action"
            dice = f"{die_words(move.white)} + {die_words(move.black)}"
            if isinstance(plan, Plan):
                return f"{name}, {label} ({dice}): {plan.text} [{plural(plan.points, 'point')}]"
            return f"{name}, {label} {move.action} ({dice}): illegal, {plan}"
        assert isinstance(move, BonusOctopods)
        dice = " + ".join(die_words(d) for d in move.dice)
        reason = self._check_bonus_octopods(player, move)
        if reason:
            return f"{name}, bonus octopod action ({dice}): illegal, {reason}"
        count, notes, _ = self._octopod_count(player, move.dice, move.dice, None)
        bonus = OCTOPOD_BONUS.get(count, 0)
        plus = " +1 Octo-Plus" if bonus and self.has(player, "A2") else ""
        extra = f" ({'; '.join(notes)})" if notes else ""
        return f"{name}, bonus octopod action ({dice}): {plural(count, 'octopod')}, bonus {bonus}{plus}{extra}"

    @staticmethod
    def _plain_words(move: Move) -> str:
        """The move without the position: what it would do, for a move of another phase."""
        if isinstance(move, Roll):
            return "roll: " + ", ".join(f"{die_words(d)} {face_words(f)}" for d, f in move.results)
        if isinstance(move, SetAside):
            return "set aside " + " and ".join(die_words(d) for d in move.dice)
        if isinstance(move, Action):
            label = "bonus action" if isinstance(move, BonusAction) else "main action"
            return f"{label} {move.action} ({die_words(move.white)} + {die_words(move.black)})"
        if isinstance(move, BonusOctopods):
            return "bonus octopod action (" + " + ".join(die_words(d) for d in move.dice) + ")"
        if isinstance(move, SuperLevel):
            return f"Super-Level on {column_words(move.column)}"
        if isinstance(move, EndActions):
            return "end the main actions"
        return "no bonus action"

    def __str__(self) -> str:
        return f"<octo_dice turn {self.turn + 1}/{self.total_turns}, {self.waiting_for()}>"

    # ------------------------------------------------------------------ undo (cheap snapshot)
    def _snapshot(self) -> OctoDiceUndo:
        return OctoDiceUndo(
            self.turn, self.phase, self.virtual_turn, self.rolls_done, self.faces, self.set_aside,
            self.used, self.flexi_sub_die, self.actions_taken, self.queue, self.thirds_scored,
            tuple([s.copy() for s in self.sheets]), len(self.ledger),
        )

    def _restore(self, record: UndoRecord) -> None:
        assert isinstance(record, OctoDiceUndo)
        self.turn = record.turn
        self.phase = record.phase
        self.virtual_turn = record.virtual_turn
        self.rolls_done = record.rolls_done
        self.faces = record.faces  # replaced by moves, never changed in place
        self.set_aside = record.set_aside
        self.used = record.used
        self.flexi_sub_die = record.flexi_sub_die
        self.actions_taken = record.actions_taken
        self.queue = record.queue
        self.thirds_scored = record.thirds_scored
        self.sheets = [s.copy() for s in record.sheets]  # changed in place by later moves
        del self.ledger[record.ledger_length:]

    def _copy_position(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.faces = dict(self.faces)
        other.sheets = [s.copy() for s in self.sheets]
        other.ledger = list(self.ledger)
        return other

    # ------------------------------------------------------------------ JSON, sheet, status
    def _state_json(self) -> dict[str, Any]:
        from rules.octo_dice.serialize import state_to_json

        return state_to_json(self)

    def score_sheet(self, player: int) -> dict[str, Any]:
        """Everything on ``player``'s paper sheet, as JSON-able data a UI can draw."""
        from rules.octo_dice.view import score_sheet

        return score_sheet(self, player)

    def status(self) -> list[str]:
        from rules.octo_dice.serialize import state_problems

        return state_problems(self)

