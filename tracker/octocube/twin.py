"""The digital-twin game behind ``tablesight demo``: a truth engine plays a seeded game, the
renderer films it (camera noise, lighting changes, hands), some moves are replaced by injected
illegal changes that the simulated players then put right, and the simulated players answer the
tracker's questions truthfully.

The tracker never sees the truth: it gets frames (and, until the pixel recogniser exists, the
renderer's labels of what is visible in each frame, see ``tracker.octocube.groundtruth``) and keeps its
own hidden-information state. This module only produces the film and keeps the score sheet.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.octocube import OctocubeGame, OctocubeState
from rules.core import RulesError
from rules.octocube.geometry import PERMUTATIONS, rotate, rotate_ups
from rules.octocube.moves import Roll
from tracker.film import Change
from tracker.inference import scratch_copy
from tracker.octocube.adapter import OctocubeAdapter
from tracker.twin_truth import moves_correct, truthful_option
from tracker.two_step import step_option

class TwinGame:
    """The truth side of a demo game: the engine, the policy, the injected illegal changes, and
    the scenes to film."""

    def __init__(self, players: int, seed: int, *, illegal: int = 0, mode: str = "standard",
                 max_moves: int | None = None) -> None:
        self.game = OctocubeGame(players, mode=mode)
        self.seed = seed
        self.truth: OctocubeState = self.game.new_initial_state(seed)
        self.rng = random.Random(seed * 7919 + 17)
        self.adapter = OctocubeAdapter()
        self.max_moves = max_moves
        self.changes: list[Change] = []
        self._invisible_turn_ends: set[int] = set()
        self._unseen_moves: set[int] = set()
        """Move counts after a move the camera cannot see (a pass, a declined extra roll ...)."""
        self.scenes: list[Any] = [self._scene(self.truth)]
        self._plan_game(illegal)

    def tracker_initial_state(self) -> OctocubeState:
        """What the tracker starts from: the same deal, tiles under the stack tops unseen."""
        return self.game.new_initial_state(self.seed, hidden=True)

    # ------------------------------------------------------------------ planning
    def _choose(self, state: OctocubeState, previous_invisible: bool, turn_start: Any) -> tuple[Any, bool]:
        """A random legal move, weighted like real players (who rarely pass). A move the camera
        cannot see is not chosen twice in a row (see docs/pipeline.md, limitations)."""
        moves = list(state.legal_moves())
        scores = sum(1 for m in moves if m.kind == "score")

        def weight(m: Any) -> float:
            if m.kind == "pass":
                return 0.05
            if m.kind == "pivot":
                return 0.15
            if m.kind == "score":
                return 0.4 / max(1, scores)
            return 1.0

        before = turn_start  # what the camera saw when this turn began
        seat = state.current_player()
        for _ in range(30):
            move = self.rng.choices(moves, [weight(m) for m in moves])[0]
            state.push(move)
            ends = state.is_terminal() or state.current_player() != seat
            invisible = ends and self.adapter.expected(state) == before
            if invisible and previous_invisible and len(moves) > 1:
                state.pop()
                continue
            state.pop()
            return move, invisible
        return moves[0], False

    def _plan_game(self, illegal: int) -> None:
        state = self.truth
        planned: list[Any] = []
        previous_invisible = False
        turn_invisible = False
        turn_open = False
        last_unseen = False

        def more() -> bool:
            if state.is_terminal():
                return False
            if self.max_moves is None or len(planned) < self.max_moves:
                return True
            # a shortened game ends after a finished turn the camera can see (an unseen last
            # pass could only be asked about once someone moves again, which never comes)
            return turn_open or previous_invisible or last_unseen

        turn_start = self.adapter.expected(state)
        while more():
            seat = state.current_player()
            move, invisible = self._choose(state, previous_invisible, turn_start)
            seen_before = self.adapter.expected(state)
            state.push(move)
            last_unseen = self.adapter.expected(state) == seen_before
            planned.append(move)
            if last_unseen:
                self._unseen_moves.add(len(planned))
            turn_invisible = invisible
            turn_open = not state.is_terminal() and state.current_player() == seat
            if not turn_open:
                turn_start = self.adapter.expected(state)
            if not turn_open:
                # a turn whose last move the camera could not see (a declined extra roll or
                # power after a visible roll) is noticed only with the next visible move, just
                # like a wholly unseen turn: the next player must not add another unseen turn
                previous_invisible = turn_invisible or last_unseen
                if turn_invisible:
                    self._invisible_turn_ends.add(len(planned))
                turn_invisible = False
        total = len(planned)
        # where illegal changes go: spread over the game, never in the first few moves
        slots = sorted(self.rng.sample(range(3, max(4, total - 2)), min(illegal, max(0, total - 5))))
        while state.history:
            state.pop()
        for index, move in enumerate(planned):
            if slots and index == slots[0]:
                slots.pop(0)
                self._inject(state, index)
            seat = state.current_player()
            text = state.describe_move(move)
            state.push(move)
            self.changes.append(Change("move", seat, text, len(state.history)))
            self.scenes.append(self._scene(state))

    def _scene(self, state: Any) -> Any:
        from vision.render.octocube_scene import octocube_scene

        return octocube_scene(state, seed=self.seed)

    def _inject(self, state: OctocubeState, played: int) -> None:
        """An illegal change of the table, then the table put back as it was."""
        physical = scratch_copy(state)
        seat = state.current_player()
        n = state.num_players
        # out of turn needs n >= 3 (with two players it looks exactly like the other player
        # passing) and a previous turn that visibly ended (after an unseen last move, a declined
        # extra roll or a pass, the roll looks exactly like that player's turn going on)
        visible_end = played not in self._invisible_turn_ends and played not in self._unseen_moves
        kinds = ["two_spaces", "tile", "out_of_turn"] if n >= 3 and visible_end else ["two_spaces", "tile"]
        self.rng.shuffle(kinds)
        for kind in kinds:
            seen_before = self.adapter.expected(physical)
            text = _make_illegal(physical, kind, seat, self.rng)
            if text and self._a_legal_move_shows(state, physical):
                physical = scratch_copy(state)  # no illegal change: a power made it legal
                continue
            if text:
                actor = (seat - 1) % n if kind == "out_of_turn" else seat  # whose hand does it
                seen_after = self.adapter.expected(physical)
                seen_before.heights, seen_after.heights = {}, {}  # a camera without heights
                self.changes.append(Change("illegal", actor, text, played,
                                           needs_heights=seen_after == seen_before))
                self.scenes.append(self._scene(physical))
                self.changes.append(Change("restore", seat, "the players put the table back", played))
                self.scenes.append(self._scene(state))
                return

    def _a_legal_move_shows(self, state: OctocubeState, physical: OctocubeState) -> bool:
        """Whether a legal move of the player to move leaves the table as ``physical`` shows it:
        then the change is no illegal one (advanced bench seed 61620: a cube slid two spaces
        onto a space power C lets it reach; the tracker took it as the power, rightly, and the
        bench counted a missed illegal change and a false alarm)."""
        shown = self.adapter.expected(physical)
        shown.heights = {}
        work = scratch_copy(state)
        for move in work.legal_moves():
            try:
                work.push_unchecked(move)
            except RulesError:
                continue
            view = self.adapter.expected(work)
            work.pop()
            view.heights = {}
            if view == shown:
                return True
        return False

    # ------------------------------------------------------------------ answering
    def truthful_answer(self, question: Any, tracked_history: list[Any], upto: int | None = None) -> int | None:
        if getattr(question, "whole", None) is not None:  # a step: answered as the whole question
            return step_option(question, self.truthful_answer(question.whole, tracked_history, upto))
        if question.options and not any(question.options) and question.reveals_after:
            return self._true_reveal(question)
        option = truthful_option(self.truth.history, question, tracked_history, upto)
        if option is not None and any(getattr(question, "reveals_before_each", ())):
            return self._true_named_option(question, option, len(tracked_history))
        if option is None and not any(getattr(question, "take_back", ())):
            option = self._same_position_option(question, tracked_history, upto)
        return option

    def _true_named_option(self, question: Any, option: int, done: int) -> int | None:
        """Of the options that make the true moves (``option`` one of them), the one whose own
        reveals (a tile nobody saw, see ``Question.reveals_before_each``) name what truly lay
        there when the moves were made; None when none does (the players say none of these)."""
        start = done - question.take_back_count(option)
        truth = self.truth.copy()
        for _ in range(len(truth.history) - start):
            truth.pop()
        for i, chain in enumerate(question.options):
            if chain != question.options[option] or question.take_back_count(i) != question.take_back_count(option):
                continue
            named = question.reveals_before_each[i] if i < len(question.reveals_before_each) else ()
            if all(_truly_in(truth, where) == value for where, value in named):
                return i
        return None

    def _same_position_option(self, question: Any, tracked_history: list[Any], upto: int | None) -> int | None:
        """Players answer by what happened on the table, not by the tracker's words for the past:
        where the tracker's moves reached a position the game really had by other moves (one
        pivot of 270 degrees for "pivot 90, pass, pivot 180": fresh bench game 72303, whose two
        true Score options were then rejected and the game lost), the option that leads on to a
        later true position is the true one; the furthest such, None when none does."""
        full = self.truth.copy()
        for _ in range(len(full.history)):
            full.pop()
        try:
            for move in tracked_history:
                full.push_unchecked(move)
        except Exception:  # the tracker's moves do not replay on the full game: no answer
            return None
        truth = self.truth.copy()
        truth_keys: dict[str, int] = {}
        last = len(self.truth.history) if upto is None else min(upto, len(self.truth.history))
        for j in range(len(self.truth.history), -1, -1):
            if j <= last:
                truth_keys.setdefault(_position_key(truth), j)
            if j:
                truth.pop()
        here = truth_keys.get(_position_key(full))
        if here is None:
            return None  # the tracker is not at a true position: nothing to go on
        best, best_at = None, here
        for i, chain in enumerate(question.options):
            pushed = 0
            try:
                for move in chain:
                    full.push_unchecked(move)
                    pushed += 1
                at = truth_keys.get(_position_key(full))
            except Exception:
                at = None
            for _ in range(pushed):
                full.pop()
            if at is not None and at > best_at:
                best, best_at = i, at
        return best

    def _true_reveal(self, question: Any) -> int | None:
        """The option of a question about tiles nobody saw (the adapter's ``final_question``: each
        option only reveals) that names what really lies there; None when none does."""
        for i, reveals in enumerate(question.reveals_after):
            if reveals and all(self._truly_at(where) == value for where, value in reveals):
                return i
        return None

    def _truly_at(self, where: Any) -> Any:
        return _truly_in(self.truth, where)

    # ------------------------------------------------------------------ results
    def moves_correct(self, tracked_history: list[Any]) -> int:
        return moves_correct(self.game.move_codec, self.truth.history, tracked_history)


def _truly_in(state: OctocubeState, where: Any) -> Any:
    """What lies at ``where`` (a stack's top, or ``("cube", seat, face)``) in ``state``."""
    if isinstance(where, tuple) and len(where) == 3 and where[0] == "cube":
        return state.cubes[where[1]].faces.get(where[2])
    stack = state.stacks.get(where) or []
    return stack[-1] if stack else None


def _position_key(state: OctocubeState) -> str:
    """A position as the table shows it and the game goes on from it: the engine's own members,
    the count of turns taken only as far as it decides whose round it is (a pass nobody saw and a
    pivot made in two goes leave the same table one round later). A cube off the board is the
    same cube whichever way it lies: its next placement may turn it any way (steep advanced
    bench game 72560: Yellow pivoted, then took the cube home; the option without that pivot left
    the same table, yet its faces were named from another side, the players said none of these,
    and the game was lost from move 144)."""
    data = state._state_json()
    data["turns"] = data["turns"] % state.game.num_players
    for cube in data["cubes"]:
        if cube["location"] is None:
            cube["faces"], cube["ups"] = _any_way_up(cube["faces"], cube["ups"])
    return repr(data)


def _any_way_up(faces: dict[str, Any], ups: dict[str, str | None]) -> tuple[dict[str, Any], dict[str, str | None]]:
    """A cube's faces and tile directions turned to the one of its 24 rotations whose words sort
    first: two cubes that differ only by a rotation get the same."""
    return min(((rotate(faces, perm), rotate_ups(ups, perm)) for perm in PERMUTATIONS.values()),
               key=repr)


def _make_illegal(state: OctocubeState, kind: str, seat: int, rng: random.Random) -> str | None:
    """Change ``state`` (a physical copy, not a game position) illegally; say what was done."""
    state.cubes = [c.copy() for c in state.cubes]  # the copy shares its pieces with the game
    from rules.octocube.components import DIRECTIONS, location_label
    from rules.octocube.state import player_name

    if kind == "two_spaces":
        cube = state.cubes[seat]
        if cube.location is None:
            return None
        options = []
        for (dr, dc) in DIRECTIONS.values():
            mid = (cube.location[0] + dr, cube.location[1] + dc)
            far = (cube.location[0] + 2 * dr, cube.location[1] + 2 * dc)
            if far in state.stacks and far not in state.occupied and mid != state.game.centre:
                options.append(far)
        if not options:
            return None
        far = rng.choice(options)
        old = cube.location
        cube = state._own_cube(seat)  # the engine shares Cube objects with undo snapshots
        del state.occupied[old]
        cube.location = far
        state.occupied[far] = seat
        return f"{player_name(seat)} slides the cube two spaces, {location_label(old)} to {location_label(far)}"
    if kind == "tile":
        options = [loc for loc, st in state.stacks.items()
                   if loc not in state.occupied and len(st) >= 2 and st[-1].collectible]
        if not options:
            return None
        loc = rng.choice(sorted(options))
        state.stacks[loc] = state.stacks[loc][:-1]
        return f"someone takes the top tile of stack {location_label(loc)} by hand"
    if kind == "out_of_turn":
        other = (seat - 1) % state.num_players
        cube = state.cubes[other]
        if cube.location is None:
            return None
        saved = state.player, state.follow_up
        state.player, state.follow_up = other, None
        rolls = [m for m in state.legal_moves() if isinstance(m, Roll)]
        if not rolls:
            state.player, state.follow_up = saved
            return None
        state.push_unchecked(rng.choice(rolls))
        state.player, state.follow_up = saved
        return f"{player_name(other)} rolls out of turn (it is {player_name(seat)}'s turn)"
    return None


def sides_for(changes: list[Change], players: int) -> list[str]:
    from vision.render import octocube_layout as lay

    return [lay.seat_side(c.seat, players) for c in changes]
