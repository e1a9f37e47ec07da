"""One Open Season position and the turn machine that moves it on.

The turn is a stack of small tasks (LIFO, so a chain of triggered actions simply pushes more
work on top). Automatic tasks run inside :meth:`OpenSeasonState._advance`; the state stops at a
task that needs a decision (a player) or a chance outcome (a draw, a random accolade card).
Cards are identities 0..29 internally; moves name them (``"elf-crown"``).

Hidden information: the deck is a multiset of identities nobody has seen (``deck_counts``) plus
an ordered pile of cards put back on top (``deck_top``). With ``hidden=True`` (a tracker), cards
drawn where the camera cannot see them (peeks, expert draws, and an inn refill drawn into a slot
behind the deck: ``Draw(UNSEEN_CARD)``) are :data:`UNKNOWN` until the move that puts one face up
or takes it from the inn names it, or :meth:`reveal` fills it in; legal moves then range over
every identity still unseen, never over the unknown itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from rules.core import (
    CHANCE,
    TERMINAL,
    UNKNOWN,
    Move,
    RevealError,
    ScoreBreakdown,
    State,
    UndoRecord,
)
from rules.open_season.bonus import FACES, NUM_COLUMNS, ONE_SHOT, PERMANENT
from rules.open_season.cards import (
    ATTRIBUTE_IDS,
    ATTRIBUTES,
    CARD_IDS,
    CARD_NAMES,
    COPIES,
    DECK_SIZE,
    EMPTY,
    FACE_DOWN,
    INN_SIZE,
    NUM_IDENTITIES,
    PEOPLES,
)
from rules.open_season.layout import (
    KEEP,
    MOVE_TROPHY,
    PEEK,
    SHIELD_SCORINGS,
    STEAL,
    TAKE_INN,
    Layout,
)
from rules.open_season.moves import (
    UNSEEN_CARD,
    ActivateBonus,
    ActivateScoring,
    ChooseBonusFace,
    Compensate,
    Draw,
    GiveCard,
    KeepDrawn,
    KeepInnCard,
    KeepPeeked,
    KeepWild,
    MoveTrophy,
    PickDiscard,
    PlaceCard,
    PlaceTrophy,
    PlaceWild,
    RandomAccolade,
    ReplaceWallCard,
    ReturnCard,
    ReturnOnTop,
    SearchDeck,
    SkipTrophy,
    Steal,
    TakeFromInn,
    TakeInnCard,
    WildOnAccolade,
    cached,
    field_error,
)

if TYPE_CHECKING:
    from rules.open_season.game import OpenSeasonGame

TROPHY_SUPPLY = 24
WILD_SUPPLY = 4
PENALTY_SUPPLY = 4
SERIES_TILE_SUPPLY = 4
SUPPLY_NAMES = ("trophy", "wild", "penalty", "series_tile")

CHANCE_TASKS = frozenset({"draw", "random_acc"})
DECISION_TASKS = frozenset(
    {
        "choose_face", "take", "place", "steal", "compensate", "move_trophy", "peek_keep", "keep",
        "take_inn", "trophy", "shield_place", "final_wild", "bonus_choice", "pick_discard",
        "keep_drawn", "return_top", "give", "return_card", "search_deck", "replace",
        "wild_window",
    }
)
OTHER_OWNER_TASKS = frozenset({"compensate", "final_wild", "choose_face"})
AUTO_TASKS = frozenset(
    {
        "start_turn", "refill", "resolve", "action", "to_stock", "trophy_check", "bonus_step",
        "shield_trophy", "end_turn", "final", "draw_unseen", "discard_from",
        "pick_discard_check", "keep_drawn_check", "draw4_place", "give_check", "search_check",
        "face", "wild_check",
    }
)
ALL_TASKS = CHANCE_TASKS | DECISION_TASKS | AUTO_TASKS

# What a decision task asks for, for "illegal move" reasons.
TASK_WORDS = {
    "choose_face": "choose a bonus tile face",
    "take": "take cards from the inn",
    "place": "place a card on the wall",
    "steal": "choose whom to steal from",
    "compensate": "take a compensation card or decline",
    "move_trophy": "move a trophy to the bottom row",
    "peek_keep": "keep one of the peeked cards",
    "keep": "keep an inn card for the next turn",
    "take_inn": "take an inn card to the stock",
    "trophy": "place a trophy or skip",
    "shield_place": "place a trophy beside an endgame scoring",
    "final_wild": "place the wild token",
    "bonus_choice": "choose which bonus tile to resolve first",
    "pick_discard": "pick one of the discarded cards",
    "keep_drawn": "keep one of the drawn cards",
    "return_top": "choose which card goes back on top of the deck",
    "give": "give a drawn card to a player",
    "return_card": "put a card of the stock or accolades on the deck",
    "search_deck": "choose a card from the deck",
    "replace": "replace a wall card",
    "wild_window": "place the wild token or keep it",
    "draw": "a card to be drawn from the deck",
    "random_acc": "a random card to be taken from the accolades",
}

MOVE_TASK = {
    Draw: "draw", RandomAccolade: "random_acc", ChooseBonusFace: "choose_face",
    TakeFromInn: "take", PlaceCard: "place", Steal: "steal", Compensate: "compensate",
    MoveTrophy: "move_trophy", KeepPeeked: "peek_keep", KeepInnCard: "keep",
    TakeInnCard: "take_inn", PlaceTrophy: "trophy", SkipTrophy: "trophy",
    ActivateScoring: "shield_place", WildOnAccolade: "final_wild", ActivateBonus: "bonus_choice",
    PickDiscard: "pick_discard", KeepDrawn: "keep_drawn", ReturnOnTop: "return_top",
    GiveCard: "give", ReturnCard: "return_card", SearchDeck: "search_deck",
    ReplaceWallCard: "replace", KeepWild: "wild_window",
}

Task = tuple[Any, ...]
_TAKE_MOVES: dict[tuple[int, ...], Move] = {}
_PLACE_MOVES: dict[tuple[int, int, bool], Move] = {}
"""Move instances by internal key, shared by every state: generating moves allocates nothing."""


@dataclass(frozen=True, slots=True)
class OpenSeasonUndo(UndoRecord):
    """Everything a move can change. The lists are the record's own copies of the outer
    per-player lists (rows are copy-on-write, see :meth:`OpenSeasonState._cow`); restoring
    copies them again, so the record itself never changes."""

    deck_counts: list[int]
    deck_top: list[Any]
    deck_size: int
    inn: list[int]
    stock: list[list[int]]
    acc: list[list[int]]
    wall: list[list[int]]
    wall_trophies: list[list[int]]
    wall_wild: list[list[int]]
    acc_wilds: list[list[tuple[int, int]]]
    trophies: list[int]
    wilds: list[int]
    penalty: list[bool]
    series_tile: list[bool]
    kept: list[int]
    shield_active: list[int]
    bonus_faces: list[list[int]]
    bonus_state: list[list[int]]
    removed: list[int]
    supply: list[int]
    hand: list[int]
    drawn: list[Any]
    chosen: list[int]
    discards: list[int]
    turn_player: int
    turns_played: int
    triggered: int
    trophy_used: bool
    placed: bool
    ended_early: bool
    tasks: list[Task]
    cp: int


_OWN_LISTS: tuple[str, ...] = (
    "deck_counts", "deck_top", "inn", "stock", "acc", "wall", "wall_trophies", "wall_wild",
    "acc_wilds", "trophies", "wilds", "penalty", "series_tile", "kept", "shield_active",
    "bonus_faces", "bonus_state", "removed", "supply", "hand", "drawn", "chosen", "discards",
    "tasks",
)
"""The list attributes a move changes in place: every copy of a position needs its own."""


@dataclass(frozen=True, slots=True)
class OpenSeasonDrawUndo(UndoRecord):
    """The light record of the commonest move, an inn refill draw, which touches nothing but
    the deck, the inn and the task stack."""

    deck_counts: list[int]
    deck_top: list[Any]
    deck_size: int
    inn: list[int]
    tasks: list[Task]
    cp: int


class OpenSeasonState(State):
    """A position of Open Season (2-4 players, Horn or Shield side, optional expert tiles)."""

    game: OpenSeasonGame

    def __init__(self, game: OpenSeasonGame, hidden: bool = False) -> None:
        super().__init__(game)
        n = game.num_players
        layout = game.layout
        self.layout: Layout = layout
        self.hidden = hidden
        self.expert: bool = game.expert
        self.deck_counts: list[int] = [COPIES] * NUM_IDENTITIES
        self.deck_top: list[Any] = []
        self.deck_size = DECK_SIZE
        self.inn: list[Any] = []
        self.stock: list[list[int]] = [[] for _ in range(n)]
        self.acc: list[list[int]] = [[0] * NUM_IDENTITIES for _ in range(n)]
        self.wall: list[list[int]] = [[EMPTY] * layout.num_spaces for _ in range(n)]
        self.wall_trophies: list[list[int]] = [[0] * layout.num_spaces for _ in range(n)]
        self.wall_wild: list[list[int]] = [[-1] * layout.num_spaces for _ in range(n)]
        self.acc_wilds: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.trophies: list[int] = [0] * n
        self.wilds: list[int] = [0] * n
        self.penalty: list[bool] = [False] * n
        self.series_tile: list[bool] = [False] * n
        self.kept: list[int] = [-1] * n
        self.shield_active: list[int] = [0] * n
        self.bonus_faces: list[list[int]] = [[0] * NUM_COLUMNS for _ in range(n)]
        self.bonus_state: list[list[int]] = [[0] * NUM_COLUMNS for _ in range(n)]
        self.removed: list[int] = [0] * NUM_IDENTITIES
        self.supply: list[int] = [TROPHY_SUPPLY, WILD_SUPPLY, PENALTY_SUPPLY, SERIES_TILE_SUPPLY]
        self.hand: list[Any] = []
        self.drawn: list[Any] = []
        self.chosen: list[int] = []
        self.discards: list[int] = []
        self.turn_player = 0
        self.turns_played = 0
        self.triggered = 0
        self.trophy_used = False
        self.placed = False
        self.ended_early = False
        self.tasks: list[Task] = []
        self._cp = TERMINAL

    def _start(self) -> None:
        """Queue the setup (expert face choices) and the first turn, then run to a decision."""
        self.tasks = [("start_turn",)]
        if self.expert:
            for p in reversed(range(self.game.num_players)):
                for col in reversed(range(NUM_COLUMNS)):
                    self.tasks.append(("choose_face", p, col))
        self._advance()

    # ------------------------------------------------------------------ undo
    @staticmethod
    def _cow(rows: list[list[Any]], p: int) -> list[Any]:
        """Copy-on-write: a player's row is never changed in place but replaced by a changed
        copy, so an undo snapshot only has to copy the outer per-player lists."""
        row = rows[p][:]
        rows[p] = row
        return row

    def _snapshot(self) -> OpenSeasonUndo:
        return OpenSeasonUndo(
            self.deck_counts[:], self.deck_top[:], self.deck_size, self.inn[:],
            self.stock[:], self.acc[:], self.wall[:],
            self.wall_trophies[:], self.wall_wild[:],
            self.acc_wilds[:], self.trophies[:], self.wilds[:], self.penalty[:],
            self.series_tile[:], self.kept[:], self.shield_active[:],
            self.bonus_faces[:], self.bonus_state[:], self.removed[:],
            self.supply[:], self.hand[:], self.drawn[:], self.chosen[:], self.discards[:],
            self.turn_player, self.turns_played, self.triggered, self.trophy_used, self.placed,
            self.ended_early, self.tasks[:], self._cp,
        )

    def push_unchecked(self, move: Move) -> None:
        """As :meth:`State.push_unchecked`, with a small undo record for the commonest move, an
        inn refill draw, which touches nothing but the deck, the inn and the task stack."""
        task = self.tasks[-1] if self.tasks else ("",)
        record: UndoRecord
        if task[0] == "draw" and task[1] == "inn":
            record = OpenSeasonDrawUndo(
                self.deck_counts[:], self.deck_top[:], self.deck_size, self.inn[:], self.tasks[:], self._cp
            )
        else:
            record = self._snapshot()
        self._undo.append(record)
        self._apply(move)
        self.history.append(move)

    def _restore(self, record: UndoRecord) -> None:
        # later moves change these lists in place: the state gets copies, the record stays as is
        if isinstance(record, OpenSeasonDrawUndo):
            self.deck_counts = record.deck_counts[:]
            self.deck_top = record.deck_top[:]
            self.deck_size = record.deck_size
            self.inn = record.inn[:]
            self.tasks = record.tasks[:]
            self._cp = record.cp
            return
        assert isinstance(record, OpenSeasonUndo)
        self.deck_counts = record.deck_counts[:]
        self.deck_top = record.deck_top[:]
        self.deck_size = record.deck_size
        self.inn = record.inn[:]
        self.stock = record.stock[:]
        self.acc = record.acc[:]
        self.wall = record.wall[:]
        self.wall_trophies = record.wall_trophies[:]
        self.wall_wild = record.wall_wild[:]
        self.acc_wilds = record.acc_wilds[:]
        self.trophies = record.trophies[:]
        self.wilds = record.wilds[:]
        self.penalty = record.penalty[:]
        self.series_tile = record.series_tile[:]
        self.kept = record.kept[:]
        self.shield_active = record.shield_active[:]
        self.bonus_faces = record.bonus_faces[:]
        self.bonus_state = record.bonus_state[:]
        self.removed = record.removed[:]
        self.supply = record.supply[:]
        self.hand = record.hand[:]
        self.drawn = record.drawn[:]
        self.chosen = record.chosen[:]
        self.discards = record.discards[:]
        self.turn_player = record.turn_player
        self.turns_played = record.turns_played
        self.triggered = record.triggered
        self.trophy_used = record.trophy_used
        self.placed = record.placed
        self.ended_early = record.ended_early
        self.tasks = record.tasks[:]
        self._cp = record.cp

    def _copy_position(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        attrs = other.__dict__
        attrs.update(self.__dict__)
        for name in _OWN_LISTS:  # private outer lists; rows are copy-on-write
            attrs[name] = attrs[name][:]
        return other

    # ------------------------------------------------------------------ who moves
    def current_player(self) -> int:
        return self._cp

    def is_terminal(self) -> bool:
        return self._cp == TERMINAL

    def is_chance_node(self) -> bool:
        return self._cp == CHANCE

    @property
    def round(self) -> int:
        """The round being played (1-based); once over, the number of rounds."""
        n = self.game.num_players
        return min(self.turns_played // n + 1, self.layout.rounds)

    def cards_on_wall(self, player: int) -> int:
        return sum(1 for v in self.wall[player] if v != EMPTY)

    def _owner(self, task: Task) -> int:
        name = task[0]
        if name in CHANCE_TASKS:
            return CHANCE
        if name in OTHER_OWNER_TASKS:
            return int(task[1])
        return self.turn_player

    # ------------------------------------------------------------------ the task machine
    def _push(self, *tasks: Task) -> None:
        """Queue tasks to run in the given order (first given runs first)."""
        self.tasks.extend(reversed(tasks))

    def _advance(self) -> None:
        tasks = self.tasks
        while tasks:
            task = tasks[-1]
            name = task[0]
            if name in AUTO_TASKS:
                tasks.pop()
                getattr(self, "_auto_" + name)(task)
                continue
            if name == "take" and not self.inn and self.kept[self.turn_player] < 0:
                # Decision: the deck and inn ran dry, so nobody can place a card: the game
                # ends here and is scored as it stands.
                self.ended_early = True
                tasks.clear()
                tasks.append(("final",))
                continue
            self._cp = self._owner(task)
            return
        self._cp = TERMINAL

    # ---- automatic tasks
    def _auto_start_turn(self, task: Task) -> None:
        p = self.turn_player
        self.triggered = 0
        self.trophy_used = False
        self.placed = False
        acc = self._cow(self.acc, p)
        for card in self.stock[p]:
            acc[card] += 1
        self.stock[p] = []
        steps: list[Task] = [("refill",), ("take",), ("place",)]
        if self.layout.trophy_spaces:
            steps.append(("trophy_check",))
        if self.expert:
            steps.append(("wild_check",))
            steps.append(("bonus_step",))
        if self.layout.shield_trophy is not None:
            steps.append(("shield_trophy",))
        steps.append(("end_turn",))
        self._push(*steps)

    def _auto_refill(self, task: Task) -> None:
        if len(self.inn) < INN_SIZE and self.deck_size > 0:
            self._push(("draw", "inn"), ("refill",))

    def _auto_resolve(self, task: Task) -> None:
        p = self.turn_player
        stock = self.stock[p]
        if not stock:
            return
        people = stock[-1] // 5
        wall = self.wall[p]
        for space, action in self.layout.actions.items():
            v = wall[space]
            if 0 <= v < FACE_DOWN and v // 5 == people:
                bit = self.layout.action_bits[action]
                if not self.triggered & bit:
                    self.triggered |= bit
                    self._push(("action", action))
                return

    def _auto_action(self, task: Task) -> None:
        action = task[1]
        p = self.turn_player
        if action == STEAL:
            if self._steal_victims():
                self._push(("steal",))
        elif action == MOVE_TROPHY:
            if self._trophy_moves():
                self._push(("move_trophy",))
        elif action == PEEK:
            k = min(2, self.deck_size)
            if k:
                self._push(*([self._draw_task("drawn")] * k), ("peek_keep",))
        elif action in (KEEP, TAKE_INN):
            if self.inn:
                self._push(("keep",) if action == KEEP else ("take_inn",))
        else:  # pragma: no cover - the layout tables only name known actions
            raise AssertionError(f"unknown action {action!r} for player {p}")

    def _draw_task(self, dest: str) -> Task:
        """Cards drawn where nobody but the player sees them are not chance nodes for a tracker."""
        return ("draw_unseen",) if self.hidden else ("draw", dest)

    def _auto_draw_unseen(self, task: Task) -> None:
        card: Any = UNKNOWN
        if self.deck_top:
            card = self.deck_top.pop()
        self.deck_size -= 1
        self.drawn.append(card)

    def _auto_to_stock(self, task: Task) -> None:
        self._cow(self.stock, self.turn_player).append(task[1])
        self._push(("resolve",))

    def _auto_trophy_check(self, task: Task) -> None:
        p = self.turn_player
        if self.trophies[p] > 0 and not self.trophy_used and self._trophy_targets(p):
            self._push(("trophy",))

    def _auto_wild_check(self, task: Task) -> None:
        """Expert: a wild token may go on the wall at any point of the turn, so the turn offers
        it once more before the bonus tiles are checked."""
        p = self.turn_player
        if self.wilds[p] > 0 and self._wild_wall_moves(p):
            self._push(("wild_window",))

    def _auto_shield_trophy(self, task: Task) -> None:
        p = self.turn_player
        if self.trophies[p] <= 0:
            return
        if self.shield_active[p] == (1 << len(SHIELD_SCORINGS)) - 1:
            # Decision: a trophy with no scoring left to activate goes back to the supply.
            self.supply[0] += self.trophies[p]
            self.trophies[p] = 0
            return
        self._push(("shield_place",), ("shield_trophy",))

    def _auto_bonus_step(self, task: Task) -> None:
        p = self.turn_player
        ready = self._ready_bonus_columns(p)
        if not ready:
            return
        if len(ready) == 1:
            self._push(*self._activate_bonus(p, ready[0]), ("bonus_step",))
        else:
            self._push(("bonus_choice",), ("bonus_step",))

    def _auto_end_turn(self, task: Task) -> None:
        n = self.game.num_players
        self.turns_played += 1
        self.hand = []
        self.placed = False
        if self.turns_played >= n * self.layout.rounds:
            self._push(("final",))
        else:
            self.turn_player = self.turns_played % n
            self._push(("start_turn",))

    def _auto_final(self, task: Task) -> None:
        for p in range(self.game.num_players):
            acc = self._cow(self.acc, p)
            for card in self.stock[p]:
                acc[card] += 1
            self.stock[p] = []
            if self.kept[p] >= 0:
                acc[self.kept[p]] += 1
                self.kept[p] = -1
        self.hand = []
        # Wild tokens still held go on a wall or accolade card now, in seat order.
        self._push(*[("final_wild", p) for p in range(self.game.num_players) if self.wilds[p] > 0])

    # ---- expert automatic tasks
    def _activate_bonus(self, p: int, column: int) -> list[Task]:
        face = FACES[self.bonus_faces[p][column]]
        if face.kind == PERMANENT:
            self._cow(self.bonus_state, p)[column] = 2
            return []
        self._cow(self.bonus_state, p)[column] = 1  # fired and discarded
        return [("face", face.number)]

    def _auto_face(self, task: Task) -> None:
        number = task[1]
        p = self.turn_player
        n = self.game.num_players
        if number == 1:
            opponents = [(p + i) % n for i in range(1, n)]
            self._push(*[("discard_from", o) for o in opponents], ("pick_discard_check",))
        elif number == 2:
            k = min(4, self.deck_size)
            self._push(*([self._draw_task("drawn")] * k), ("keep_drawn_check",))
        elif number == 3:
            k = min(n, self.deck_size)
            self._push(*([self._draw_task("drawn")] * k), ("give_check", 0))
        elif number == 4:
            if self.stock[p] or any(self.acc[p]):
                self._push(("return_card",), ("search_check",))
            else:
                self._push(("search_check",))
        elif number == 5:
            if self._replace_options(p):
                self._push(("replace",))
        elif number == 6:
            for o in range(n):
                if o != p and self._take_trophy_from(o):
                    self.trophies[p] += 1
        else:  # pragma: no cover - only one-shot faces are queued
            raise AssertionError(f"face {number} is not a one-shot face")

    def _take_trophy_from(self, o: int) -> bool:
        """Face 6: one trophy from the supply, else the wall (first space holding one; on the
        Shield side, the first activated scoring). Decision: the thief does not choose which."""
        if self.trophies[o] > 0:
            self.trophies[o] -= 1
            return True
        for space, count in enumerate(self.wall_trophies[o]):
            if count:
                self._cow(self.wall_trophies, o)[space] -= 1
                return True
        active = self.shield_active[o]
        if active:
            self.shield_active[o] = active & (active - 1)  # the lowest activated scoring
            return True
        return False

    def _auto_discard_from(self, task: Task) -> None:
        o = task[1]
        if self.stock[o]:
            self.discards.append(self._cow(self.stock, o).pop())
        elif any(self.acc[o]):
            self._push(("random_acc", o, "discard"))

    def _auto_pick_discard_check(self, task: Task) -> None:
        if self.discards:
            self._push(("pick_discard",))

    def _auto_keep_drawn_check(self, task: Task) -> None:
        if self.drawn and len(self.chosen) < 2:
            self._push(("keep_drawn",), ("keep_drawn_check",))
            return
        rest = self.drawn
        if len(rest) == 2 and UNKNOWN not in rest and rest[0] != rest[1]:
            self._push(("return_top",), ("draw4_place",))
        else:
            self._return_drawn(None)
            self._push(("draw4_place",))

    def _return_drawn(self, on_top: int | None) -> None:
        """The drawn cards go back atop the deck; ``on_top`` (if given) ends up on top."""
        rest = list(self.drawn)
        if on_top is not None:
            rest.remove(on_top)
            rest.append(on_top)
        else:
            rest.reverse()  # the first card drawn goes back on top, as it came
        self.deck_top.extend(rest)
        self.deck_size += len(rest)
        self.drawn = []

    def _auto_draw4_place(self, task: Task) -> None:
        kept = self.chosen
        self.chosen = []
        self._push(*[("to_stock", card) for card in kept])

    def _auto_give_check(self, task: Task) -> None:
        i = task[1]
        if self.drawn:
            recipient = (self.turn_player + i) % self.game.num_players
            self._push(("give", recipient), ("give_check", i + 1))
        elif i > 0:
            self._push(("resolve",))

    def _auto_search_check(self, task: Task) -> None:
        if self.deck_size > 0:
            self._push(("search_deck",))

    # ------------------------------------------------------------------ legal moves
    def _legal_moves(self) -> Iterator[Move]:
        return iter(self._legal_list())

    def _legal_list(self) -> list[Move]:
        task = self.tasks[-1]
        name = task[0]
        moves = getattr(self, "_moves_" + name)(task)
        if (
            self.expert
            and name in DECISION_TASKS
            and name not in OTHER_OWNER_TASKS
            and self.wilds[self.turn_player] > 0
        ):
            moves = moves + self._wild_wall_moves(self.turn_player)
        return moves

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self._cp != CHANCE:
            return []
        task = self.tasks[-1]
        if task[0] == "draw":
            if self.deck_top and self.deck_top[-1] is not UNKNOWN:
                return [(cached(Draw, CARD_NAMES[self.deck_top[-1]]), 1.0)]
            counts = self.deck_counts
            total = sum(counts)
            return [(cached(Draw, CARD_NAMES[t]), c / total) for t, c in enumerate(counts) if c]
        counts = self.acc[task[1]]
        total = sum(counts)
        return [(cached(RandomAccolade, CARD_NAMES[t]), c / total) for t, c in enumerate(counts) if c]

    def sample_chance(self, rng: Any) -> Move:
        """Sample a chance outcome without building the whole outcome list (playout speed)."""
        task = self.tasks[-1]
        if task[0] == "draw":
            if self.deck_top and self.deck_top[-1] is not UNKNOWN:
                return cached(Draw, CARD_NAMES[self.deck_top[-1]])
            counts = self.deck_counts
            cls: type[Move] = Draw
        elif task[0] == "random_acc":
            counts = self.acc[task[1]]
            cls = RandomAccolade
        else:
            return super().sample_chance(rng)
        r = rng.random() * sum(counts)
        last = 0
        for t, c in enumerate(counts):
            if c:
                last = t
                r -= c
                if r < 0:
                    break
        return cached(cls, CARD_NAMES[last])

    def _moves_draw(self, task: Task) -> list[Move]:
        moves = [m for m, _ in self.chance_outcomes()]
        if self._unseen_draw_allowed(task):
            moves.append(cached(Draw, UNSEEN_CARD))
        return moves

    def _moves_random_acc(self, task: Task) -> list[Move]:
        return [m for m, _ in self.chance_outcomes()]

    def _unseen_draw_allowed(self, task: Task) -> bool:
        """A tracker's inn refill may go where the camera cannot see it (``Draw(UNSEEN_CARD)``),
        unless the deck's top card is known (put back face up by a peek): it is a legal outcome,
        never a sampled one (:meth:`chance_outcomes` is the deck's true odds)."""
        return self.hidden and task[1] == "inn" and not (self.deck_top and self.deck_top[-1] is not UNKNOWN)

    def _moves_choose_face(self, task: Task) -> list[Move]:
        p, col = task[1], task[2]
        return [cached(ChooseBonusFace, col + 1, f) for f in self._face_choices(p)]

    def _face_choices(self, p: int) -> list[int]:
        used = {FACES[f].tile for f in self.bonus_faces[p] if f}
        horn = self.layout.side == "horn"
        return [
            number
            for number, face in FACES.items()
            if face.tile not in used and (horn or not face.horn_only)
        ]

    def _inn_choices(self) -> list[int]:
        """Identities a player may take from the inn (any unseen one for an UNKNOWN inn card)."""
        known = {c for c in self.inn if c is not UNKNOWN}
        if UNKNOWN in self.inn:
            known.update(t for t, c in enumerate(self.deck_counts) if c)
        return sorted(known)

    def _inn_has(self, cards: list[int], unnamed: int = 0) -> bool:
        """Whether the inn can give all of ``cards`` (an UNKNOWN stands for any identity still
        unseen, each copy counted once) and ``unnamed`` UNKNOWN cards besides."""
        inn = list(self.inn)
        unseen = list(self.deck_counts)
        for c in cards:
            if c in inn:
                inn.remove(c)
            elif UNKNOWN in inn and unseen[c] > 0:
                inn.remove(UNKNOWN)
                unseen[c] -= 1
            else:
                return False
        return inn.count(UNKNOWN) >= unnamed

    def _take_from_inn(self, card: int) -> None:
        """Removes ``card`` from the inn: the card itself, else an UNKNOWN the move has just named."""
        if card in self.inn:
            self.inn.remove(card)
        else:
            self.inn.remove(UNKNOWN)
            self.deck_counts[card] -= 1

    def _take_choices(self) -> list[tuple[int, ...]]:
        p = self.turn_player
        need = 1 if self.kept[p] >= 0 else 2
        k = min(need, len(self.inn))
        if k == 0:
            return [()]
        if k == 1:
            return [(c,) for c in self._inn_choices()]
        if UNKNOWN in self.inn:
            choices = self._inn_choices()
            return [
                (a, b) for i, a in enumerate(choices) for b in choices[i:] if self._inn_has([a, b])
            ]
        inn = sorted(self.inn)
        pairs: list[tuple[int, ...]] = []
        seen = set()
        for i in range(len(inn)):
            for j in range(i + 1, len(inn)):
                pair = (inn[i], inn[j])
                if pair not in seen:
                    seen.add(pair)
                    pairs.append(pair)
        return pairs

    def _moves_take(self, task: Task) -> list[Move]:
        moves = []
        for cs in self._take_choices():
            move = _TAKE_MOVES.get(cs)
            if move is None:
                move = _TAKE_MOVES[cs] = TakeFromInn(tuple(CARD_NAMES[c] for c in cs))
            moves.append(move)
        return moves + self._unseen_takes()

    def _unseen_takes(self) -> list[Move]:
        """A tracker's takes of an inn card drawn behind the deck without naming it (``UNSEEN_CARD``:
        nobody sees the hand); the placement names it, or :meth:`reveal` once the table shows it."""
        unseen = self.inn.count(UNKNOWN)
        if not unseen:
            return []
        need = min(1 if self.kept[self.turn_player] >= 0 else 2, len(self.inn))
        known = sorted({c for c in self.inn if c is not UNKNOWN})
        if need == 1:
            return [cached(TakeFromInn, (UNSEEN_CARD,))]
        # one unnamed card at most: the placement names one hand card, the stock's needs its name
        return [cached(TakeFromInn, (CARD_NAMES[c], UNSEEN_CARD)) for c in known]

    def _placements(self) -> list[tuple[int, int, bool]]:
        if UNKNOWN not in self.hand:
            return self._placements_of(self.hand)
        # a hand card taken unnamed from behind the deck: the placement names it (any card still
        # unseen); the card whose identity the stock's action needs must not stay unknown
        known = [c for c in self.hand if c is not UNKNOWN]
        result: list[tuple[int, int, bool]] = []
        for card, c in enumerate(self.deck_counts):
            if c:
                result.extend(key for key in self._placements_of([*known, card]) if key[0] == card)
        return result

    def _placements_of(self, hand: list[Any]) -> list[tuple[int, int, bool]]:
        p = self.turn_player
        wall = self.wall[p]
        neighbours = self.layout.frieze_neighbours
        empties = [s for s, v in enumerate(wall) if v == EMPTY]
        cards = sorted(set(hand))
        result = []
        for card in cards:
            people = card // 5
            for s in empties:
                for o in neighbours[s]:
                    v = wall[o]
                    if 0 <= v < FACE_DOWN and v // 5 == people:
                        break
                else:
                    result.append((card, s, False))
        if result:
            return result
        return [(card, s, True) for card in cards for s in empties]

    def _moves_place(self, task: Task) -> list[Move]:
        moves = []
        for key in self._placements():
            move = _PLACE_MOVES.get(key)
            if move is None:
                card, s, face_down = key
                move = _PLACE_MOVES[key] = PlaceCard(CARD_NAMES[card], s + 1, face_down)
            moves.append(move)
        return moves

    def _steal_victims(self) -> list[int]:
        p = self.turn_player
        return [
            o for o in range(self.game.num_players) if o != p and (self.stock[o] or any(self.acc[o]))
        ]

    def _moves_steal(self, task: Task) -> list[Move]:
        return [cached(Steal, o) for o in self._steal_victims()]

    def _moves_compensate(self, task: Task) -> list[Move]:
        moves = [cached(Compensate, "none", None)]
        if self.deck_size > 0:
            moves.append(cached(Compensate, "deck", None))
        moves.extend(cached(Compensate, "inn", CARD_NAMES[c]) for c in self._inn_choices())
        return moves

    def _trophy_moves(self) -> list[tuple[int, int]]:
        p = self.turn_player
        wall = self.wall[p]
        sources = [s for s, c in enumerate(self.wall_trophies[p]) if c]
        targets = [s for s in range(self.layout.num_spaces) if self.layout.rows[s] == 3 and wall[s] != EMPTY]
        return [(a, b) for a in sources for b in targets if a != b]

    def _moves_move_trophy(self, task: Task) -> list[Move]:
        return [cached(MoveTrophy, a + 1, b + 1) for a, b in self._trophy_moves()]

    def _choices_drawn(self) -> list[int]:
        """Identities the player may pick among the drawn cards (any unseen one for an UNKNOWN)."""
        known = {c for c in self.drawn if c is not UNKNOWN}
        if UNKNOWN in self.drawn:
            known.update(t for t, c in enumerate(self.deck_counts) if c)
        return sorted(known)

    def _moves_peek_keep(self, task: Task) -> list[Move]:
        return [cached(KeepPeeked, CARD_NAMES[c]) for c in self._choices_drawn()]

    def _moves_keep(self, task: Task) -> list[Move]:
        return [cached(KeepInnCard, CARD_NAMES[c]) for c in self._inn_choices()]

    def _moves_take_inn(self, task: Task) -> list[Move]:
        return [cached(TakeInnCard, CARD_NAMES[c]) for c in self._inn_choices()]

    def _trophy_targets(self, p: int) -> list[int]:
        """Face-up cards of the top and bottom rows, except a top-row card whose action was
        already triggered this turn (decision: such a trophy is refused, not wasted)."""
        wall = self.wall[p]
        return [
            s for s in self.layout.trophy_spaces
            if 0 <= wall[s] < FACE_DOWN and not self._action_done(s)
        ]

    def _action_done(self, s: int) -> bool:
        action = self.layout.actions.get(s)
        return action is not None and bool(self.triggered & self.layout.action_bits[action])

    def _moves_trophy(self, task: Task) -> list[Move]:
        moves: list[Move] = [cached(PlaceTrophy, s + 1) for s in self._trophy_targets(self.turn_player)]
        moves.append(cached(SkipTrophy))
        return moves

    def _moves_shield_place(self, task: Task) -> list[Move]:
        active = self.shield_active[self.turn_player]
        return [
            cached(ActivateScoring, name)
            for i, name in enumerate(SHIELD_SCORINGS)
            if not active & (1 << i)
        ]

    def _wild_wall_moves(self, p: int) -> list[Move]:
        wall = self.wall[p]
        wild = self.wall_wild[p]
        moves: list[Move] = []
        for s, v in enumerate(wall):
            if 0 <= v < FACE_DOWN and wild[s] < 0:
                printed = v % 5
                moves.extend(
                    cached(PlaceWild, s + 1, ATTRIBUTES[a]) for a in range(5) if a != printed
                )
        return moves

    def _wild_accolade_choices(self, p: int) -> list[int]:
        used: dict[int, int] = {}
        for card, _ in self.acc_wilds[p]:
            used[card] = used.get(card, 0) + 1
        return [t for t, c in enumerate(self.acc[p]) if c > used.get(t, 0)]

    def _moves_wild_window(self, task: Task) -> list[Move]:
        return [cached(KeepWild)]  # the wild placements are added for every own decision

    def _moves_final_wild(self, task: Task) -> list[Move]:
        p = task[1]
        moves = self._wild_wall_moves(p)
        for t in self._wild_accolade_choices(p):
            printed = t % 5
            moves.extend(
                cached(WildOnAccolade, CARD_NAMES[t], ATTRIBUTES[a]) for a in range(5) if a != printed
            )
        return moves

    # ---- expert decisions
    def _ready_bonus_columns(self, p: int) -> list[int]:
        faces = self.bonus_faces[p]
        state = self.bonus_state[p]
        return [
            col
            for col in range(NUM_COLUMNS)
            if faces[col]
            and state[col] == 0
            and FACES[faces[col]].kind in (ONE_SHOT, PERMANENT)
            and self.column_active(p, col)
        ]

    def _moves_bonus_choice(self, task: Task) -> list[Move]:
        return [cached(ActivateBonus, c + 1) for c in self._ready_bonus_columns(self.turn_player)]

    def _moves_pick_discard(self, task: Task) -> list[Move]:
        return [cached(PickDiscard, CARD_NAMES[c]) for c in sorted(set(self.discards))]

    def _moves_keep_drawn(self, task: Task) -> list[Move]:
        return [cached(KeepDrawn, CARD_NAMES[c]) for c in self._choices_drawn()]

    def _moves_return_top(self, task: Task) -> list[Move]:
        return [cached(ReturnOnTop, CARD_NAMES[c]) for c in sorted(set(self.drawn))]

    def _moves_give(self, task: Task) -> list[Move]:
        return [cached(GiveCard, task[1], CARD_NAMES[c]) for c in self._choices_drawn()]

    def _own_cards(self, p: int) -> list[tuple[str, int]]:
        """(source, identity) pairs a player may take from their stock or accolades."""
        pairs = [("stock", c) for c in sorted(set(self.stock[p]))]
        pairs.extend(("accolades", t) for t, c in enumerate(self.acc[p]) if c)
        return pairs

    def _moves_return_card(self, task: Task) -> list[Move]:
        return [cached(ReturnCard, src, CARD_NAMES[c]) for src, c in self._own_cards(self.turn_player)]

    def _search_choices(self) -> list[int]:
        known = {c for c in self.deck_top if c is not UNKNOWN}
        known.update(t for t, c in enumerate(self.deck_counts) if c)
        return sorted(known)

    def _moves_search_deck(self, task: Task) -> list[Move]:
        return [cached(SearchDeck, CARD_NAMES[c]) for c in self._search_choices()]

    def _replace_options(self, p: int) -> list[tuple[str, int, int]]:
        wall = self.wall[p]
        neighbours = self.layout.frieze_neighbours
        options = []
        for src, card in self._own_cards(p):
            people = card // 5
            for s, v in enumerate(wall):
                if v == EMPTY or v == card:
                    continue
                for o in neighbours[s]:
                    w = wall[o]
                    if 0 <= w < FACE_DOWN and w // 5 == people:
                        break
                else:
                    options.append((src, card, s))
        return options

    def _moves_replace(self, task: Task) -> list[Move]:
        return [
            cached(ReplaceWallCard, src, CARD_NAMES[c], s + 1)
            for src, c, s in self._replace_options(self.turn_player)
        ]

    # ------------------------------------------------------------------ validation
    def _check(self, move: Move) -> str | None:
        wrong = field_error(move)
        if wrong is not None:
            return wrong
        task = self.tasks[-1]
        name = task[0]
        who = self._owner(task)
        if isinstance(move, PlaceWild) and name != "final_wild":
            if not self.expert:
                return "without the expert tiles, wild tokens are placed at the end of the game"
            if name not in DECISION_TASKS or name in OTHER_OWNER_TASKS:
                return f"a wild token is placed during your own turn, but now is {TASK_WORDS[name]}"
            if self.wilds[self.turn_player] <= 0:
                return f"player {self.turn_player} has no wild token to place"
            return self._check_wild_wall(self.turn_player, move)
        expected = "final_wild" if isinstance(move, PlaceWild) else MOVE_TASK.get(type(move))
        if expected != name:
            waiting = TASK_WORDS[name] if who == CHANCE else f"player {who} to {TASK_WORDS[name]}"
            return f"{type(move).__name__} does not fit here: waiting for {waiting}"
        checker = getattr(self, "_check_" + name, None)
        if checker is not None:
            return checker(task, move)
        if move not in self._legal_list():
            return self._not_offered(move, name)
        return None

    def _not_offered(self, move: Move, name: str) -> str:
        options = ", ".join(self.describe_move(m) for m in self._legal_list()[:8])
        return f"{self.describe_move(move)} is not possible when asked to {TASK_WORDS[name]} (possible: {options})"

    @staticmethod
    def _card(name: Any) -> int | None:
        return CARD_IDS.get(name) if isinstance(name, str) else None

    def _check_draw(self, task: Task, move: Move) -> str | None:
        assert isinstance(move, Draw)
        if move.card == UNSEEN_CARD:
            if self._unseen_draw_allowed(task):
                return None
            if not self.hidden or task[1] != "inn":
                return "only a tracker's inn refill may draw a card nobody sees"
            return f"the deck's top card is known to be {CARD_NAMES[self.deck_top[-1]]}"
        card = self._card(move.card)
        if card is None:
            return f"{move.card!r} is not an Open Season card"
        if self.deck_top and self.deck_top[-1] is not UNKNOWN:
            top = self.deck_top[-1]
            if card != top:
                return f"the deck's top card is known to be {CARD_NAMES[top]}, not {move.card}"
            return None
        if not self.deck_counts[card]:
            return f"no {move.card} card can still be in the deck (all {COPIES} are accounted for)"
        return None

    def _check_random_acc(self, task: Task, move: Move) -> str | None:
        assert isinstance(move, RandomAccolade)
        card = self._card(move.card)
        if card is None:
            return f"{move.card!r} is not an Open Season card"
        if not self.acc[task[1]][card]:
            return f"player {task[1]} has no {move.card} in their accolades"
        return None

    def _check_take(self, task: Task, move: Move) -> str | None:
        assert isinstance(move, TakeFromInn)
        unseen = sum(1 for c in move.cards if c == UNSEEN_CARD)
        named = [self._card(c) for c in move.cards if c != UNSEEN_CARD]
        cards = [c for c in named if c is not None]
        if len(cards) != len(named):
            return f"{move.cards} names something that is not an Open Season card"
        p = self.turn_player
        need = min(1 if self.kept[p] >= 0 else 2, len(self.inn))
        if len(cards) + unseen != need:
            kept = " (you kept a card last turn)" if self.kept[p] >= 0 else ""
            return f"take exactly {need} card(s) from the inn{kept}, not {len(cards) + unseen}"
        for i in range(len(cards)):
            if not self._inn_has(cards[: i + 1]):
                return f"the inn has no {CARD_NAMES[cards[i]]} left (inn: {self._names(self.inn)})"
        if unseen > 1 or (unseen and need > 1 and not cards):
            return "one card at most is taken unnamed: the placement names it"
        if unseen and not self._inn_has(cards, unseen):
            return "only a card drawn where the camera could not see it is taken unnamed"
        return None

    def _check_place(self, task: Task, move: Move) -> str | None:
        assert isinstance(move, PlaceCard)
        card = self._card(move.card)
        if card is None or (card not in self.hand and not (UNKNOWN in self.hand and self.deck_counts[card])):
            return f"{move.card} is not in your hand (hand: {self._names(self.hand)})"
        if not isinstance(move.space, int) or not 1 <= move.space <= self.layout.num_spaces:
            return f"space {move.space} does not exist (spaces 1-{self.layout.num_spaces})"
        s = move.space - 1
        if self.wall[self.turn_player][s] != EMPTY:
            return f"space {move.space} already holds a card"
        options = self._placements()
        if (card, s, bool(move.face_down)) in options:
            return None
        if move.face_down:
            return "a card may go face down only when neither hand card fits face up anywhere"
        wall = self.wall[self.turn_player]
        for o in self.layout.frieze_neighbours[s]:
            v = wall[o]
            if 0 <= v < FACE_DOWN and v // 5 == card // 5:
                people = PEOPLES[card // 5]
                article = "an" if people[0] in "aeiou" else "a"
                return (
                    f"space {move.space} shares a frieze with space {o + 1}, which already "
                    f"shows {article} {people}"
                )
        return self._not_offered(move, "place")  # pragma: no cover - defensive

    def _check_steal(self, task: Task, move: Move) -> str | None:
        assert isinstance(move, Steal)
        v = move.victim
        if not isinstance(v, int) or not 0 <= v < self.game.num_players or v == self.turn_player:
            return f"player {v} is not an opponent"
        if v not in self._steal_victims():
            return f"player {v} has no card in stock or accolades to steal"
        return None

    def _check_compensate(self, task: Task, move: Move) -> str | None:
        assert isinstance(move, Compensate)
        if move.source == "none":
            return None if move.card is None else "declining takes no card"
        if move.source == "deck":
            if move.card is not None:
                return "the deck's top card is taken blindly: name no card"
            return None if self.deck_size > 0 else "the deck is empty"
        if move.source == "inn":
            card = self._card(move.card)
            if card is None or not self._inn_has([card]):
                return f"the inn has no {move.card} (inn: {self._names(self.inn)})"
            return None
        return f"compensation comes from 'inn', 'deck' or 'none', not {move.source!r}"

    def _check_wild_wall(self, p: int, move: PlaceWild) -> str | None:
        if not isinstance(move.space, int) or not 1 <= move.space <= self.layout.num_spaces:
            return f"space {move.space} does not exist"
        s = move.space - 1
        v = self.wall[p][s]
        if not 0 <= v < FACE_DOWN:
            return f"space {move.space} holds no face-up card (a wild token changes a printed attribute)"
        if self.wall_wild[p][s] >= 0:
            return f"the card on space {move.space} already has a wild token"
        a = ATTRIBUTE_IDS.get(move.attribute) if isinstance(move.attribute, str) else None
        if a is None:
            return f"{move.attribute!r} is not an attribute ({', '.join(ATTRIBUTES)})"
        if a == v % 5:
            return f"the card on space {move.space} already shows {move.attribute}"
        return None

    def _check_final_wild(self, task: Task, move: Move) -> str | None:
        p = task[1]
        if isinstance(move, PlaceWild):
            return self._check_wild_wall(p, move)
        assert isinstance(move, WildOnAccolade)
        card = self._card(move.card)
        if card is None or card not in self._wild_accolade_choices(p):
            return f"player {p} has no {move.card} without a wild token in their accolades"
        a = ATTRIBUTE_IDS.get(move.attribute) if isinstance(move.attribute, str) else None
        if a is None:
            return f"{move.attribute!r} is not an attribute ({', '.join(ATTRIBUTES)})"
        if a == card % 5:
            return f"{move.card} already shows {move.attribute}"
        return None

    def _check_trophy(self, task: Task, move: Move) -> str | None:
        if isinstance(move, SkipTrophy):
            return None
        assert isinstance(move, PlaceTrophy)
        if not isinstance(move.space, int) or not 1 <= move.space <= self.layout.num_spaces:
            return f"space {move.space} does not exist"
        s = move.space - 1
        if s not in self.layout.trophy_spaces:
            return f"a trophy goes on a card of the top or bottom row, not space {move.space}"
        v = self.wall[self.turn_player][s]
        if v == EMPTY:
            return f"space {move.space} has no card to put the trophy on"
        if v >= FACE_DOWN:
            return f"the card on space {move.space} lies face down: a trophy goes on a face-up card"
        if self._action_done(s):
            action = self.layout.actions[s].replace("_", " ")
            return (
                f"the {action} action of space {move.space} was already triggered this turn: "
                "a trophy goes on a card whose action has not been triggered"
            )
        return None

    # ------------------------------------------------------------------ applying moves
    def _apply(self, move: Move) -> None:
        if isinstance(move, PlaceWild):
            owner = self.tasks[-1][1] if self.tasks[-1][0] == "final_wild" else self.turn_player
            self.wilds[owner] -= 1
            self._cow(self.wall_wild, owner)[move.space - 1] = ATTRIBUTE_IDS[move.attribute]
            if self.tasks[-1][0] == "final_wild":
                self.tasks.pop()
                if self.wilds[owner] > 0:
                    self._push(("final_wild", owner))
            elif self.tasks[-1][0] == "wild_window" and self.wilds[owner] == 0:
                self.tasks.pop()
            self._advance()
            return
        task = self.tasks.pop()
        getattr(self, "_apply_" + type(move).kind)(task, move)
        self._advance()

    def _apply_draw(self, task: Task, move: Draw) -> None:
        if move.card == UNSEEN_CARD:  # a tracker's refill behind the deck (``_unseen_draw_allowed``)
            self.inn.append(self.deck_top.pop() if self.deck_top else UNKNOWN)
            self.deck_size -= 1
            return
        card = CARD_IDS[move.card]
        if self.deck_top:
            top = self.deck_top.pop()
            if top is UNKNOWN:
                self.deck_counts[card] -= 1
        else:
            self.deck_counts[card] -= 1
        self.deck_size -= 1
        dest = task[1]
        if dest == "inn":
            self.inn.append(card)
        elif dest == "stock":
            self._cow(self.stock, task[2]).append(card)
        else:
            self.drawn.append(card)

    def _apply_random_accolade(self, task: Task, move: RandomAccolade) -> None:
        card = CARD_IDS[move.card]
        victim, purpose = task[1], task[2]
        self._cow(self.acc, victim)[card] -= 1
        if purpose == "steal":
            self._push(("compensate", victim), ("to_stock", card))
        else:
            self.discards.append(card)

    def _apply_choose_bonus_face(self, task: Task, move: ChooseBonusFace) -> None:
        self._cow(self.bonus_faces, task[1])[task[2]] = move.face

    def _apply_take(self, task: Task, move: TakeFromInn) -> None:
        p = self.turn_player
        hand: list[Any] = []
        for name in sorted(move.cards, key=lambda c: c == UNSEEN_CARD):  # the named ones first
            if name == UNSEEN_CARD:
                self.inn.remove(UNKNOWN)
                hand.append(UNKNOWN)
                continue
            card = CARD_IDS[name]
            self._take_from_inn(card)
            hand.append(card)
        if self.kept[p] >= 0:
            hand.append(self.kept[p])
            self.kept[p] = -1
        self.hand = hand

    def _apply_place(self, task: Task, move: PlaceCard) -> None:
        p = self.turn_player
        card = CARD_IDS[move.card]
        s = move.space - 1
        if UNKNOWN in self.hand:  # the card taken unnamed from behind the deck, named now
            self.hand.remove(UNKNOWN)
            self.deck_counts[card] -= 1
        else:
            self.hand.remove(card)
        self._cow(self.wall, p)[s] = FACE_DOWN + card if move.face_down else card
        self.placed = True
        self._space_effects(p, s)
        if self.hand:
            self._cow(self.stock, p).append(self.hand.pop())
            self._push(("resolve",))

    def _gain(self, p: int, token: str, count: int) -> None:
        index = SUPPLY_NAMES.index(token)
        got = min(count, self.supply[index])
        self.supply[index] -= got
        if token == "trophy":
            self.trophies[p] += got
        elif token == "wild":
            self.wilds[p] += got
        elif token == "penalty":
            self.penalty[p] = self.penalty[p] or got > 0
        else:
            self.series_tile[p] = self.series_tile[p] or got > 0

    def _space_effects(self, p: int, s: int) -> None:
        """Effects printed on a space; they depend on the round (= cards now on the wall) and
        apply whether the card lies face up or face down (decision)."""
        layout = self.layout
        wall = self.wall[p]
        rnd = sum(1 for v in wall if v != EMPTY)
        tile = layout.series_tile
        if tile is not None and s == tile[0] and rnd <= tile[1] and not self.series_tile[p]:
            self._gain(p, "series_tile", 1)
        window = layout.trophy_window
        if window is not None and s == window[0] and rnd in window[1]:
            token, count = window[1][rnd]
            self._gain(p, token, count)
        bonus = layout.row_bonus
        if bonus is not None and s in bonus[0] and rnd <= bonus[1]:
            if all(wall[o] != EMPTY for o in bonus[0]):
                self._gain(p, "trophy", bonus[2])
                if bonus[3]:
                    self._gain(p, "penalty", bonus[3])
        shield = layout.shield_trophy
        if shield is not None and s in shield[0] and shield[1] <= rnd <= shield[2]:
            self._gain(p, "trophy", 1)
        wild = layout.shield_wild
        if wild is not None and s in wild[0] and wild[1] <= rnd <= wild[2] and not self._had_wild(p):
            self._gain(p, "wild", 1)

    def _had_wild(self, p: int) -> bool:
        """Shield side (revised decision): one wild token per player per game, so a player who
        holds or has placed one gets no second."""
        placed = sum(1 for a in self.wall_wild[p] if a >= 0) + len(self.acc_wilds[p])
        return self.wilds[p] + placed > 0

    def _apply_steal(self, task: Task, move: Steal) -> None:
        v = move.victim
        if self.stock[v]:
            card = self._cow(self.stock, v).pop()
            self._push(("compensate", v), ("to_stock", card))
        else:
            self._push(("random_acc", v, "steal"))

    def _apply_compensate(self, task: Task, move: Compensate) -> None:
        v = task[1]
        if move.source == "inn":
            card = CARD_IDS[move.card]  # type: ignore[index]
            self._take_from_inn(card)
            self._cow(self.stock, v).append(card)
        elif move.source == "deck":
            self._push(("draw", "stock", v))

    def _apply_move_trophy(self, task: Task, move: MoveTrophy) -> None:
        p = self.turn_player
        trophies = self._cow(self.wall_trophies, p)
        trophies[move.from_space - 1] -= 1
        trophies[move.to_space - 1] += 1

    def _take_drawn(self, card: int) -> None:
        if card in self.drawn:
            self.drawn.remove(card)
        else:  # an UNKNOWN the move has just named
            self.drawn.remove(UNKNOWN)
            self.deck_counts[card] -= 1

    def _apply_keep_peeked(self, task: Task, move: KeepPeeked) -> None:
        card = CARD_IDS[move.card]
        self._take_drawn(card)
        self._return_drawn(None)
        self._push(("to_stock", card))

    def _apply_keep_inn_card(self, task: Task, move: KeepInnCard) -> None:
        card = CARD_IDS[move.card]
        self._take_from_inn(card)
        self.kept[self.turn_player] = card

    def _apply_take_inn_card(self, task: Task, move: TakeInnCard) -> None:
        card = CARD_IDS[move.card]
        self._take_from_inn(card)
        self._push(("to_stock", card))

    def _apply_place_trophy(self, task: Task, move: PlaceTrophy) -> None:
        p = self.turn_player
        s = move.space - 1
        self.trophies[p] -= 1
        self._cow(self.wall_trophies, p)[s] += 1
        self.trophy_used = True
        action = self.layout.actions.get(s)
        if action is not None:
            bit = self.layout.action_bits[action]
            if not self.triggered & bit:
                self.triggered |= bit
                self._push(("action", action))

    def _apply_keep_wild(self, task: Task, move: KeepWild) -> None:
        pass

    def _apply_skip_trophy(self, task: Task, move: SkipTrophy) -> None:
        self.trophy_used = True

    def _apply_activate_scoring(self, task: Task, move: ActivateScoring) -> None:
        p = self.turn_player
        self.trophies[p] -= 1
        self.shield_active[p] |= 1 << SHIELD_SCORINGS.index(move.scoring)

    def _apply_wild_on_accolade(self, task: Task, move: WildOnAccolade) -> None:
        p = task[1]
        self.wilds[p] -= 1
        self._cow(self.acc_wilds, p).append((CARD_IDS[move.card], ATTRIBUTE_IDS[move.attribute]))
        if self.wilds[p] > 0:
            self._push(("final_wild", p))

    def _apply_activate_bonus(self, task: Task, move: ActivateBonus) -> None:
        self._push(*self._activate_bonus(self.turn_player, move.column - 1))

    def _apply_pick_discard(self, task: Task, move: PickDiscard) -> None:
        card = CARD_IDS[move.card]
        self.discards.remove(card)
        for other in self.discards:
            self.removed[other] += 1
        self.discards = []
        self._push(("to_stock", card))

    def _apply_keep_drawn(self, task: Task, move: KeepDrawn) -> None:
        card = CARD_IDS[move.card]
        self._take_drawn(card)
        self.chosen.append(card)

    def _apply_return_on_top(self, task: Task, move: ReturnOnTop) -> None:
        self._return_drawn(CARD_IDS[move.card])

    def _apply_give_card(self, task: Task, move: GiveCard) -> None:
        card = CARD_IDS[move.card]
        self._take_drawn(card)
        self._cow(self.stock, task[1]).append(card)

    def _apply_return_card(self, task: Task, move: ReturnCard) -> None:
        p = self.turn_player
        card = CARD_IDS[move.card]
        self._remove_own(p, move.source, card)
        self.deck_top.append(card)
        self.deck_size += 1

    def _remove_own(self, p: int, source: str, card: int) -> None:
        if source == "stock":
            stock = self._cow(self.stock, p)
            del stock[len(stock) - 1 - stock[::-1].index(card)]  # the topmost copy
        else:
            self._cow(self.acc, p)[card] -= 1

    def _apply_search_deck(self, task: Task, move: SearchDeck) -> None:
        card = CARD_IDS[move.card]
        if card in self.deck_top:
            self.deck_top.remove(card)
        else:
            self.deck_counts[card] -= 1
        self.deck_size -= 1
        # shuffle: every card put back on top joins the unordered deck again
        for c in self.deck_top:
            if c is not UNKNOWN:
                self.deck_counts[c] += 1
        self.deck_top = []
        self._push(("to_stock", card))

    def _apply_replace_wall_card(self, task: Task, move: ReplaceWallCard) -> None:
        p = self.turn_player
        card = CARD_IDS[move.card]
        s = move.space - 1
        self._remove_own(p, move.source, card)
        old = self.wall[p][s]
        self._cow(self.wall, p)[s] = card
        self._push(("to_stock", old - FACE_DOWN if old >= FACE_DOWN else old))

    # ------------------------------------------------------------------ expert columns
    def bonus_columns_a_wild_readies(self, p: int, space: int, attribute: str) -> list[int]:
        """The columns (from 0) whose one-shot or permanent bonus tile a wild token on
        ``space`` (from 1) giving ``attribute`` would make ready to activate that are not ready
        without it: why a player places a wild token during an expert game. A question only:
        the position is left as it was."""
        before = set(self._ready_bonus_columns(p))
        wild = self.wall_wild[p]
        trial = list(wild)
        trial[space - 1] = ATTRIBUTE_IDS[attribute]
        self.wall_wild[p] = trial
        try:
            after = self._ready_bonus_columns(p)
        finally:
            self.wall_wild[p] = wild
        return [c for c in after if c not in before]

    def column_active(self, p: int, column: int) -> bool:
        """A bonus tile's column is complete with one visible, identical attribute (or, with
        face 14 active, a 3-space column holds at least two identical visible attributes)."""
        spaces = self.layout.columns[column]
        wall = self.wall[p]
        wild = self.wall_wild[p]
        attrs: list[int | None] = []
        for s in spaces:
            v = wall[s]
            if v == EMPTY:
                return False
            if v >= FACE_DOWN:
                attrs.append(None)
            else:
                attrs.append(wild[s] if wild[s] >= 0 else v % 5)
        if len(spaces) == 1:
            return attrs[0] is not None
        if len(spaces) == 3 and self._permanent_active(p, 14):
            visible = [a for a in attrs if a is not None]
            return len(visible) != len(set(visible))
        return None not in attrs and len(set(attrs)) == 1

    def _permanent_active(self, p: int, number: int) -> bool:
        return any(
            f == number and st == 2 for f, st in zip(self.bonus_faces[p], self.bonus_state[p])
        )

    # ------------------------------------------------------------------ hidden information
    def unknowns(self) -> list[Any]:
        found: list[Any] = []
        for i, c in enumerate(reversed(self.deck_top)):
            if c is UNKNOWN:
                found.append(("deck", i))
        for i, c in enumerate(self.drawn):
            if c is UNKNOWN:
                found.append(("drawn", i))
        for i, c in enumerate(self.inn):
            if c is UNKNOWN:
                found.append(("inn", i))
        for i, c in enumerate(self.hand):
            if c is UNKNOWN:
                found.append(("hand", i))
        return found

    def reveal(self, location: Any, value: Any) -> None:
        """Fill in an unseen card: ``("deck", i)`` is the i-th card from the top among those put
        back on the deck, ``("drawn", i)`` a card drawn by a peek or an expert tile, ``("inn", i)``
        the inn's i-th card, drawn behind the deck, ``("hand", i)`` the hand's, taken from there."""
        if not (isinstance(location, tuple | list) and len(location) == 2):
            raise RevealError(f"a location is ('deck', i), ('drawn', i), ('inn', i) or ('hand', i), not {location!r}")
        where, index = location
        if where == "deck":
            pile = self.deck_top
            pos = len(pile) - 1 - index if isinstance(index, int) else -1
        elif where in ("drawn", "inn", "hand"):
            pile = {"drawn": self.drawn, "inn": self.inn, "hand": self.hand}[where]
            pos = index if isinstance(index, int) else -1
        else:
            raise RevealError(f"unknown location {where!r}; expected 'deck', 'drawn', 'inn' or 'hand'")
        if not 0 <= pos < len(pile) or pile[pos] is not UNKNOWN:
            raise RevealError(f"nothing unknown at {tuple(location)!r}")
        card = self._card(value)
        if card is None:
            raise RevealError(f"{value!r} is not an Open Season card")
        if not self.deck_counts[card]:
            raise RevealError(f"{value} cannot be unseen: all {COPIES} are accounted for")
        pile[pos] = card
        self.deck_counts[card] -= 1

    # ------------------------------------------------------------------ scoring and checks
    def score_breakdown(self) -> ScoreBreakdown:
        from rules.open_season.scoring import score

        return score(self)

    def card_locations(self) -> list[int]:
        """How many copies of each identity the state accounts for (6 each when consistent;
        cards nobody has seen count through ``deck_counts``)."""
        counts = list(self.deck_counts)
        pools: list[Any] = [self.deck_top, self.inn, self.hand, self.drawn, self.chosen, self.discards]
        pools.extend(self.stock)
        for pool in pools:
            for c in pool:
                if c is not UNKNOWN:
                    counts[c] += 1
        for p in range(self.game.num_players):
            for t, c in enumerate(self.acc[p]):
                counts[t] += c
            for v in self.wall[p]:
                if v != EMPTY:
                    counts[v % FACE_DOWN] += 1
            if self.kept[p] >= 0:
                counts[self.kept[p]] += 1
        for t, c in enumerate(self.removed):
            counts[t] += c
        for task in self.tasks:
            if task[0] == "to_stock":
                counts[task[1]] += 1
        return counts

    def status(self) -> list[str]:
        problems: list[str] = []
        n = self.game.num_players
        layout = self.layout
        counts = self.card_locations()
        for t, c in enumerate(counts):
            if c != COPIES:
                problems.append(f"{CARD_NAMES[t]} is accounted for {c} times, not {COPIES}")
        if any(c < 0 for c in self.deck_counts):
            problems.append("a deck count is negative")
        unknown_out = sum(1 for pool in (self.drawn, self.inn, self.hand) for c in pool if c is UNKNOWN)
        unknown_top = sum(1 for c in self.deck_top if c is UNKNOWN)
        unpinned = self.deck_size - len(self.deck_top)
        if unpinned < 0 or sum(self.deck_counts) != unpinned + unknown_top + unknown_out:
            problems.append(
                f"deck of {self.deck_size} cards does not match its {sum(self.deck_counts)} unseen "
                f"identities and {len(self.deck_top)} cards put back on top"
            )
        if not self.hidden and (unknown_out or unknown_top):
            problems.append("a full-information state holds unknown cards")
        if len(self.inn) > INN_SIZE:
            problems.append(f"the inn holds {len(self.inn)} cards, more than {INN_SIZE}")
        for p in range(n):
            wall = self.wall[p]
            for frieze in layout.friezes:
                peoples = [wall[s] // 5 for s in frieze if 0 <= wall[s] < FACE_DOWN]
                if len(peoples) != len(set(peoples)):
                    problems.append(
                        f"player {p}: the frieze of spaces {[s + 1 for s in frieze]} repeats a people"
                    )
            on_wall = sum(1 for v in wall if v != EMPTY)
            done = self.turns_played // n + (1 if p < self.turns_played % n else 0)
            expected = done + (1 if p == self.turn_player and self.placed else 0)
            if self.is_terminal() and not self.ended_early:
                expected = layout.rounds
            if on_wall != expected and not self.ended_early:
                problems.append(f"player {p} has {on_wall} wall cards but played {expected} rounds")
            for s, v in enumerate(wall):
                if v == EMPTY and (self.wall_trophies[p][s] or self.wall_wild[p][s] >= 0):
                    problems.append(f"player {p}: a token lies on empty space {s + 1}")
            if min(self.trophies[p], self.wilds[p], min(self.wall_trophies[p])) < 0:
                problems.append(f"player {p} holds a negative number of tokens")
            if self.is_terminal() and (self.stock[p] or self.kept[p] >= 0):
                problems.append(f"player {p} still has a stock or a kept card after the game")
        trophies = (
            self.supply[0] + sum(self.trophies) + sum(map(sum, self.wall_trophies))
            + sum(bin(a).count("1") for a in self.shield_active)
        )
        if trophies != TROPHY_SUPPLY:
            problems.append(f"{trophies} trophy tokens are accounted for, not {TROPHY_SUPPLY}")
        wilds = (
            self.supply[1] + sum(self.wilds) + sum(1 for w in self.wall_wild for a in w if a >= 0)
            + sum(map(len, self.acc_wilds))
        )
        if wilds != WILD_SUPPLY:
            problems.append(f"{wilds} wild tokens are accounted for, not {WILD_SUPPLY}")
        if self.supply[2] + sum(self.penalty) != PENALTY_SUPPLY:
            problems.append("penalty tiles are not all accounted for")
        if self.supply[3] + sum(self.series_tile) != SERIES_TILE_SUPPLY:
            problems.append("attribute series tiles are not all accounted for")
        if self.tasks and self.tasks[-1][0] in AUTO_TASKS:
            problems.append(f"the state stopped on an automatic step {self.tasks[-1][0]!r}")
        return problems

    # ------------------------------------------------------------------ words and JSON
    @staticmethod
    def _names(cards: list[Any]) -> str:
        return ", ".join("unseen card" if c is UNKNOWN else CARD_NAMES[c] for c in cards) or "nothing"

    def describe_move(self, move: Move) -> str:
        from rules.open_season.words import describe_move

        return describe_move(self, move)

    def _state_json(self) -> dict[str, Any]:
        from rules.open_season.serialize import state_to_json

        return state_to_json(self)
