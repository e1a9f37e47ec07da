"""The digital-twin Open Season game behind ``tablesight demo --game open_season``: a truth engine
plays a seeded game with random legal moves (a wild token placed as players place it:
:func:`player_move`), the renderer films each still scene, some scenes are
preceded by an injected illegal change that the simulated players then put right, and the
simulated players answer the tracker's questions truthfully.

The truth engine itself runs in hidden mode (``hidden=True``): a card nobody at the table sees
(the deck, a peek's cards) is decided only when it shows (the kept card is named as it goes on
the stock, the card put back when it is drawn). Nobody could tell the difference at the table,
and the truth's history is then exactly what a tracker can know, move for move.

Scenes: the cards of one inn refill are one scene (a hand puts them all out); a move that
changes nothing visible (no trophy this turn, a declined compensation) is filmed together with
the next visible one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.moves import UNSEEN_CARD, Compensate, Draw, PlaceWild, TakeFromInn
from rules.open_season.cards import CARD_NAMES, EMPTY, FACE_DOWN
from tracker.film import Change
from tracker.open_season.adapter import player_name
from tracker.open_season.view import observation_from_table, table_from_state
from vision.render.open_season_scene import SEAT_SIDES, OpenSeasonTable
from tracker.twin_truth import moves_correct, truthful_option
from tracker.two_step import step_option


def player_move(state: OpenSeasonState, rng: random.Random) -> Any:
    """The twin's players' move: a random legal move, but a wild token is placed as players
    place it (session 34, os-photo; before, at random too).

    * At the end of the game (``final_wild``) the player places it on the wall or accolade
      card, and announces the attribute, that scores most for them (ties: the random pick if it
      is one of the best, else the first best). The scorer of a finished table's photo assumes
      the same (a wild token shows no attribute).
    * During an expert game a wild token goes on the wall only to ready a one-shot or permanent
      bonus tile's column there and then (``bonus_columns_a_wild_readies``); the player places it
      whenever it can do so (where and as what scores most for them so far, when there is a
      choice), and otherwise keeps it for the end (a random player placed it at
      random on the first decision it could: nearly always mid-game, its attribute arbitrary).

    The random draw is made as before, so a game without a wild token placed differently plays
    the same moves."""
    moves = list(state.legal_moves())
    pick = rng.choice(moves)
    task = state.tasks[-1]
    if task[0] == "final_wild":
        return _best_for(state, task[1], moves, pick)
    wilds = [m for m in moves if isinstance(m, PlaceWild)]
    if not wilds:
        return pick
    me = state.turn_player
    readying = [m for m in wilds if state.bonus_columns_a_wild_readies(me, m.space, m.attribute)]
    if readying:
        return _best_for(state, me, readying, pick)
    if isinstance(pick, PlaceWild):
        return rng.choice([m for m in moves if not isinstance(m, PlaceWild)])
    return pick


def _best_for(state: OpenSeasonState, player: int, moves: list[Any], pick: Any) -> Any:
    """Of ``moves``, the one after which ``player``'s score is highest (at the end: their final
    score); ties: ``pick`` if it is one of the best, else the first best."""
    totals = []
    for move in moves:
        state.push(move)
        totals.append(state.score_breakdown().total(player))
        state.pop()
    best = max(totals)
    return pick if pick in moves and totals[moves.index(pick)] == best else moves[totals.index(best)]


class OpenSeasonTwin:
    """The truth side of a demo game: the engine, the random policy, the injected illegal
    changes, and the scenes to film (``descriptions``, rendered lazily by :meth:`scenes`)."""

    def __init__(self, players: int, seed: int, *, side: str = "horn", expert: bool = False,
                 illegal: int = 0, max_moves: int | None = None, random_wilds: bool = False) -> None:
        """``random_wilds``: the wild tokens placed at random like every other move, as the twin
        did before session 34 (the scenes older tests were found in); else as players place them
        (:func:`player_move`)."""
        self.random_wilds = random_wilds
        self.game = OpenSeasonGame(players, side=side, expert=expert)
        self.seed = seed
        self.truth: OpenSeasonState = self.game.new_initial_state(seed, hidden=True)
        self.rng = random.Random(seed * 7919 + 29)
        self.changes: list[Change] = []
        self.descriptions: list[OpenSeasonTable] = [table_from_state(self.truth)]
        self._plan(illegal, max_moves)

    def tracker_initial_state(self) -> OpenSeasonState:
        return self.game.new_initial_state(self.seed, hidden=True)

    # ------------------------------------------------------------------ planning
    def _plan(self, illegal: int, max_moves: int | None) -> None:
        state = self.truth
        planned: list[Any] = []
        while not state.is_terminal() and (max_moves is None or len(planned) < max_moves):
            if state.tasks[-1][:2] == ("draw", "inn"):
                planned.extend(self._refill(state))
                continue
            move = (state.sample_chance(self.rng) if state.is_chance_node()
                    else self.rng.choice(list(state.legal_moves())) if self.random_wilds
                    else player_move(state, self.rng))
            state.push(move)
            planned.append(move)
        while state.history:
            state.pop()
        # group the moves into scenes: (moves, seat) per still scene
        groups: list[list[Any]] = []
        seen = observation_from_table(table_from_state(state))
        pending: list[Any] = []
        starts: list[int] = []  # history length before each group
        for move in planned:
            if not pending:
                starts.append(len(state.history))
            pending.append(move)
            refilling = state.tasks and state.tasks[-1][:2] == ("draw", "inn")
            state.push(move)
            more_refill = refilling and state.tasks and state.tasks[-1][:2] == ("draw", "inn")
            view = observation_from_table(table_from_state(state))
            if more_refill or (view == seen and not state.is_terminal()):
                continue  # filmed with what follows
            groups.append(pending)
            pending = []
            seen = view
        if pending:
            groups.append(pending)
        while state.history:
            state.pop()
        # where illegal changes go: before a scene that starts at the player's take or place
        # step, spread over the game, never in the first few scenes
        slots: list[int] = []
        for g, start in enumerate(starts):
            state_task = None
            if g >= 3:
                for move in planned[len(state.history):start]:
                    state.push(move)
                state_task = state.tasks[-1][0] if state.tasks else None
            if state_task in ("take", "place"):
                slots.append(g)
        while state.history:
            state.pop()
        chosen = set(self.rng.sample(slots, min(illegal, len(slots))))
        for g, moves in enumerate(groups):
            if g in chosen:
                self._inject(state)
            seat = state.turn_player
            texts = []
            for move in moves:
                texts.append(state.describe_move(move))
                state.push(move)
            self.changes.append(Change("move", seat, "; ".join(texts), len(state.history)))
            self.descriptions.append(table_from_state(state))

    def _refill(self, state: OpenSeasonState) -> list[Any]:
        """One refill of the inn, its draws in the order of the card names: the inn is a set, so
        the order of its draws is not something the table shows (the tracker names them in the
        same order)."""
        drawn: list[Draw] = []
        while state.tasks and state.tasks[-1][:2] == ("draw", "inn"):
            move = state.sample_chance(self.rng)
            assert isinstance(move, Draw)
            state.push(move)
            drawn.append(move)
        for _ in drawn:
            state.pop()
        drawn.sort(key=lambda m: m.card)
        for move in drawn:
            state.push(move)
        return drawn

    def _inject(self, state: OpenSeasonState) -> None:
        """An illegal change of the table, then the table put back as it was."""
        task = state.tasks[-1][0]
        kinds = ["occupied", "stock", "trophy"] + (["frieze", "face_down"] if task == "place" else ["too_many"])
        self.rng.shuffle(kinds)
        for kind in kinds:
            physical = table_from_state(state)
            text = _make_illegal(state, physical, kind, self.rng)
            if text:
                seat = state.turn_player
                self.changes.append(Change("illegal", seat, text, len(state.history)))
                self.descriptions.append(physical)
                self.changes.append(Change("restore", seat, "the players put the table back", len(state.history)))
                self.descriptions.append(table_from_state(state))
                return

    # ------------------------------------------------------------------ film
    def scenes(self) -> list[Any]:
        from vision.render.open_season_scene import open_season_scene

        return [open_season_scene(d, seed=self.seed) for d in self.descriptions]

    def sides(self) -> list[str]:
        sides = SEAT_SIDES[self.game.num_players]
        return [sides[c.seat] for c in self.changes]

    # ------------------------------------------------------------------ answering
    def truthful_answer(self, question: Any, tracked_history: list[Any], upto: int | None = None) -> int | None:
        return truthful_answer(self.truth.history, question, tracked_history, upto)

    def moves_correct(self, tracked_history: list[Any]) -> int:
        return moves_correct(self.game.move_codec, self.truth.history, as_truth(self.truth.history, tracked_history))

    def as_truth(self, moves: Sequence[Any]) -> list[Any]:
        return as_truth(self.truth.history, moves)


def truthful_answer(truth: Sequence[Any], question: Any, tracked_history: Sequence[Any],
                    upto: int | None = None) -> int | None:
    """As :func:`truthful_option`, an inn refill card the tracker drew unseen (``Draw(UNSEEN_CARD)``,
    behind the deck) standing for the card the truth drew there (:func:`as_truth`). A step of a
    question asked in steps is answered as the whole question."""
    if getattr(question, "whole", None) is not None:
        return step_option(question, truthful_answer(truth, question.whole, tracked_history, upto))
    done = len(tracked_history)
    take_back = tuple(getattr(question, "take_back", ()))
    options = []
    for i, option in enumerate(question.options):
        start = max(0, done - (take_back[i] if i < len(take_back) else 0))
        options.append(tuple(as_truth(truth, [*tracked_history[:start], *option])[start:]))
    if tuple(options) != tuple(question.options):
        question = replace(question, options=tuple(options))
    return truthful_option(truth, question, as_truth(truth, tracked_history), upto)


def as_truth(truth: Sequence[Any], moves: Sequence[Any]) -> list[Any]:
    """A tracker's ``moves`` with each run of inn refill draws made as the ``truth`` made it at
    the same place, where the tracker knew no better: its draws there as many as the truth's, a
    card drawn unseen (``Draw(UNSEEN_CARD)``: a slot behind the deck) standing for any card, and
    each card it named drawn by the truth there or drawn earlier where the tracker drew unseen (the
    twin's inn closes up when a card leaves it, so a card drawn behind the deck comes into view at
    the next take and is then named by that refill's draws instead: the game the same card for
    card). A take that leaves a card unnamed (``UNSEEN_CARD``) is the truth's take where the truth
    took such a card drawn unseen beside the cards it names; the move that names an unseen card
    names the truth's card, or it is a wrong move."""
    out = list(moves)
    owed: Counter[str] = Counter()  # the truth's cards the tracker drew unseen, not named since
    i = 0
    while i < len(out):
        move = out[i]
        if not isinstance(move, Draw):
            real_move = truth[i] if i < len(truth) else None
            if isinstance(move, TakeFromInn) and UNSEEN_CARD in move.cards and isinstance(real_move, TakeFromInn) \
                    and len(real_move.cards) == len(move.cards):
                stands = Counter(real_move.cards) - Counter(c for c in move.cards if c != UNSEEN_CARD)
                if sum(stands.values()) == move.cards.count(UNSEEN_CARD) and not stands - owed:
                    out[i] = real_move
                    owed -= stands
            i += 1
            continue
        # a blind compensation's card drawn onto a stock is no inn refill: named as it is (102850:
        # a card drawn unseen earlier, named since by a reveal, which is no move, stood for it)
        onto_stock = i > 0 and isinstance(out[i - 1], Compensate) and out[i - 1].source == "deck"
        end = i + 1
        while end < len(out) and isinstance(out[end], Draw) and not onto_stock:
            end += 1
        run, real = out[i:end], list(truth[i:end])
        if (len(real) == len(run) and all(isinstance(m, Draw) for m in real) and not onto_stock
                and (owed or any(m.card == UNSEEN_CARD for m in run))):
            named = Counter(m.card for m in run if m.card != UNSEEN_CARD)
            drawn = Counter(m.card for m in real)
            late = named - drawn  # named now, drawn unseen before
            if not late - owed:
                owed = owed - late + (drawn - named)
                out[i:end] = real
        i = end
    return out


def _make_illegal(state: OpenSeasonState, table: OpenSeasonTable, kind: str, rng: random.Random) -> str | None:
    """Change ``table`` (the physical table, not the game) illegally; say what was done."""
    seat = state.turn_player
    me = table.players[seat]
    who = player_name(seat)
    wall = state.wall[seat]
    if kind == "occupied":
        full = [s + 1 for s, v in enumerate(wall) if v != EMPTY]
        if not full or not table.inn:
            return None
        space = rng.choice(full)
        card = table.inn.pop(rng.randrange(len(table.inn)))
        me.wall[space] = card
        return f"{who} puts {card[0]}-{card[1]} from the inn on space {space}, which already holds a card"
    if kind == "too_many":
        need = 1 if state.kept[seat] >= 0 else 2
        if len(table.inn) < need + 1:
            return None
        for _ in range(need + 1):
            table.inn.pop(rng.randrange(len(table.inn)))
        return f"{who} takes {need + 1} cards from the inn ({need} allowed)"
    if kind == "stock":
        others = [o for o, pl in enumerate(table.players) if o != seat and pl.stock]
        if not others:
            return None
        other = rng.choice(others)
        me.stock.append(table.players[other].stock.pop())
        return f"{who} takes the top card of {player_name(other)}'s stock without a steal"
    if kind == "trophy":
        middle = [s + 1 for s, v in enumerate(wall) if v != EMPTY and state.layout.rows[s] == 2]
        if not middle:
            return None
        space = rng.choice(middle)
        if me.trophies:
            me.trophies -= 1
        me.wall_trophies[space] = me.wall_trophies.get(space, 0) + 1
        return f"{who} puts a trophy on space {space}, a space that takes none"
    hand = sorted(set(state.hand))
    empties = [s for s, v in enumerate(wall) if v == EMPTY]
    if kind == "frieze":
        clashes: list[tuple[int, int, int]] = []
        for held in hand:
            for s in empties:
                for o in state.layout.frieze_neighbours[s]:
                    v = wall[o]
                    if 0 <= v < FACE_DOWN and v // 5 == held // 5:
                        clashes.append((held, s, o))
        if not clashes:
            return None
        identity, s, o = rng.choice(clashes)
        name = CARD_NAMES[identity]
        people, attribute = name.split("-")
        me.wall[s + 1] = (people, attribute)
        return (f"{who} places {name} on space {s + 1}, although space {o + 1} of its frieze already "
                f"shows {'an' if people[0] in 'aeiou' else 'a'} {people}")
    if kind == "face_down":
        if not empties or not any(not down for _, _, down in state._placements()):
            return None
        s = rng.choice(empties)
        me.wall[s + 1] = None
        return f"{who} places a card face down on space {s + 1} although a card could go face up"
    return None


__all__ = ["OpenSeasonTwin"]
