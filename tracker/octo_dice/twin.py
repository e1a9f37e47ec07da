"""The digital-twin Octo Dice game behind ``tablesight demo --game octo_dice``: a truth engine plays
a seeded game (random legal choices), the twin lays the dice on the mat as real players would
(rolled dice scatter in the roll area, kept dice go to the set-aside strip), now and then a die
lands cocked and is re-rolled, some steps are preceded by injected illegal changes that the
players then put right, and the players enter their (invisible) choices on the tablet truthfully.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from rules.core import Move
from rules.octo_dice import OctoDiceGame, OctoDiceState, Roll, SetAside
from rules.octo_dice.components import BLACK_DICE, DICE, FACES, die_words, face_words
from tracker.film import Change
from tracker.octo_dice.dice import canonical_roll, canonical_set_aside, kind_of
from tracker.octo_dice.observation import ASIDE_SLOTS, ROLL_AREA
from tracker.twin_truth import moves_correct, truthful_option

SIDES = ("south", "north", "east", "west")
COCKED_SHARE = 0.04
"""Share of rolls in which one die lands cocked (the players re-roll it)."""


@dataclass(frozen=True)
class Placed:
    """One die on the mat as the twin lays it."""

    die: str
    face: str
    x: float
    y: float
    yaw: float
    cocked: bool = False


Layout = dict[str, Placed]


class OctoDiceTwin:
    """The truth side of a demo game: engine, policy, injected illegal changes, scenes."""

    def __init__(self, players: int, seed: int, *, variant: str | None = None, illegal: int = 0,
                 max_turns: int | None = None, cocked_share: float = COCKED_SHARE) -> None:
        self.game = OctoDiceGame(players, variant=variant, tiles="random")
        self._seed = seed
        self.truth: OctoDiceState = self.game.new_initial_state(seed)
        self.rng = random.Random(seed * 7919 + 23)
        self.cocked_share = cocked_share
        self.changes: list[Change] = []
        self.layouts: list[Layout] = [{}]
        """What lies on the mat in each scene (scene 0: nothing yet)."""
        self.roll_scenes: set[int] = set()
        """Scenes that show a roll settled (every die flat): the ones whose reading is scored."""
        self._plan(illegal, max_turns)

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def scenes(self) -> list[Layout]:
        return self.layouts

    def tracker_initial_state(self) -> OctoDiceState:
        """The tracker starts from the same game: the lab tiles lie open on the table."""
        return self.game.new_initial_state(self._seed)

    # ------------------------------------------------------------------ planning
    def _choose(self, state: OctoDiceState) -> Move:
        if state.is_chance_node():
            rolled = state.sample_chance(self.rng)
            assert isinstance(rolled, Roll)
            roll = canonical_roll(state.dice_to_roll(), [(kind_of(d), f) for d, f in rolled.results])
            assert roll is not None
            return roll
        moves = list(state.legal_moves())
        if state.phase == "set_aside":
            move = self.rng.choice(moves)
            assert isinstance(move, SetAside)
            same = canonical_set_aside(state, [(kind_of(d), state.faces[d]) for d in move.dice])
            assert same is not None
            return same
        # players act when they can: an action or bonus action is far likelier than passing
        weights = [0.15 if m.kind in ("end_actions", "decline_bonus") else 1.0 for m in moves]
        return self.rng.choices(moves, weights)[0]

    def _plan(self, illegal: int, max_turns: int | None) -> None:
        state = self.truth
        planned: list[Move] = []
        while not state.is_terminal():
            if max_turns is not None and state.turn >= max_turns and state.phase == "roll":
                break
            move = self._choose(state)
            state.push(move)
            planned.append(move)
        visible = [i for i, m in enumerate(planned) if isinstance(m, (Roll, SetAside))]
        candidates = visible[3:]
        slots = set(self.rng.sample(candidates, min(illegal, len(candidates))))
        while state.history:
            state.pop()
        here: Layout = {}
        for index, move in enumerate(planned):
            seat = state.active_player()
            if index in slots:
                self._inject(state, here, seat)
            if not isinstance(move, (Roll, SetAside)):
                state.push(move)
                continue
            text = state.describe_move(move)
            state.push(move)
            if isinstance(move, Roll):
                here = self._after_roll(state, here, move, seat, text)
            else:
                here = dict(here)
                for die in move.dice:
                    slot = ASIDE_SLOTS[state.set_aside.index(die)]
                    old = here[die]
                    here[die] = Placed(die, old.face, slot[0] + self.rng.uniform(-4, 4),
                                       slot[1] + self.rng.uniform(-4, 4), self.rng.uniform(-10, 10))
                self._add(Change("move", seat, text, len(state.history)), here)

    def _add(self, change: Change, scene: Layout, roll: bool = False) -> None:
        self.changes.append(change)
        self.layouts.append(scene)
        if roll:
            self.roll_scenes.add(len(self.layouts) - 1)

    def _scatter(self, here: Layout, dice: list[str], before: Layout | None = None) -> dict[str, tuple[float, float]]:
        """New places in the roll area for ``dice``: apart from every die that stays and far from
        where each die lay (a tumbling die does not land where it was)."""
        x0, y0, x1, y1 = ROLL_AREA
        stay = [(p.x, p.y) for d, p in here.items() if d not in dice]
        old = [(p.x, p.y) for p in (before if before is not None else here).values()]
        out: dict[str, tuple[float, float]] = {}
        for die in dice:
            for _ in range(400):
                p = (self.rng.uniform(x0 + 25, x1 - 25), self.rng.uniform(y0 + 25, y1 - 25))
                if all(math.dist(p, q) > 30 for q in stay + list(out.values())) and \
                        all(math.dist(p, q) > 15 for q in old):
                    out[die] = p
                    break
            else:
                raise RuntimeError("no room in the roll area")  # 6 dice always fit
        return out

    def _after_roll(self, state: OctoDiceState, here: Layout, move: Roll, seat: int, text: str) -> Layout:
        dice = [d for d, _ in move.results]
        before = here
        if len(dice) == len(DICE):
            here = {}  # all six picked up
        places = self._scatter(here, dice, before)
        after = dict(here)
        for die, face in move.results:
            x, y = places[die]
            after[die] = Placed(die, face, x, y, self.rng.uniform(0, 360))
        if self.rng.random() < self.cocked_share:
            die = self.rng.choice(dice)
            other = self.rng.choice([f for f in FACES[die] if f != after[die].face])
            cocked = dict(after)
            cocked[die] = Placed(die, other, after[die].x, after[die].y, after[die].yaw, cocked=True)
            self._add(Change("move", seat, text + f" ({die_words(die)} lands cocked)", len(state.history)), cocked)
            after = dict(after)
            # not where it lay cocked, nor where it lay before the roll (a tumbling die does
            # not land on its old place: the tracker would rightly call that turned by hand)
            old_places = {**{f"before {d}": p for d, p in before.items()}, **cocked}
            x, y = self._scatter(cocked, [die], old_places)[die]
            after[die] = Placed(die, after[die].face, x, y, self.rng.uniform(0, 360))
            self._add(Change("reroll", seat, f"the players re-roll the cocked {die_words(die)}",
                             len(state.history)), after, roll=True)
            return after
        self._add(Change("move", seat, text, len(state.history)), after, roll=True)
        return after

    # ------------------------------------------------------------------ illegal changes
    def _inject(self, state: OctoDiceState, here: Layout, seat: int) -> None:
        """An illegal change of the mat before the next step, then the mat put back."""
        kinds = ["turned"]
        if state.phase == "roll" and state.set_aside:
            kinds += ["rolled_again", "taken_back"]
        if state.phase in ("roll", "virtual_roll") and len(state.dice_to_roll()) > 2:
            kinds.append("rolled_short")
        if state.phase == "set_aside":
            kinds.append("kept_three")
        self.rng.shuffle(kinds)
        for kind in kinds:
            made = self._illegal(kind, state, here)
            if made is not None:
                text, scene = made
                self._add(Change("illegal", seat, text, len(state.history)), scene)
                self._add(Change("restore", seat, "the players put the dice back", len(state.history)), here)
                return

    def _illegal(self, kind: str, state: OctoDiceState, here: Layout) -> tuple[str, Layout] | None:
        rng = self.rng
        if kind == "turned":
            if not here:
                return None
            die = rng.choice(sorted(here))
            p = here[die]
            face = rng.choice([f for f in FACES[die] if f != p.face])
            scene = dict(here)
            scene[die] = Placed(die, face, p.x, p.y, p.yaw)
            return f"someone turns {die_words(die)} by hand from {face_words(p.face)} to {face_words(face)}", scene
        if kind == "rolled_again":
            back = rng.choice(list(state.set_aside))
            dice = list(state.dice_to_roll()) + [back]
            return "a set-aside die is rolled again with the others", self._rolled(here, dice)
        if kind == "taken_back":
            back = rng.choice(list(state.set_aside))
            (x, y), = self._scatter(here, [back]).values()
            scene = dict(here)
            scene[back] = Placed(back, here[back].face, x, y, here[back].yaw)
            return f"{die_words(back)} is taken back from the set-aside area", scene
        if kind == "rolled_short":
            dice = list(state.dice_to_roll())
            left = [d for d in dice if d in here]
            if not left:
                return None
            stays = rng.choice(left)
            return (f"only {len(dice) - 1} of the {len(dice)} dice are rolled",
                    self._rolled(here, [d for d in dice if d != stays]))
        if kind == "kept_three":
            free = [d for d in DICE if d not in state.set_aside and d in here]
            if len(free) < 3:
                return None
            scene = dict(here)
            for k, die in enumerate(rng.sample(free, 3)):
                slot = ASIDE_SLOTS[min(5, len(state.set_aside) + k)]
                scene[die] = Placed(die, here[die].face, slot[0] + 6 * k, slot[1] + 20, 0.0)
            return "3 dice are set aside instead of 2", scene
        return None

    def _rolled(self, here: Layout, dice: list[str]) -> Layout:
        scene = {d: p for d, p in here.items() if d not in dice}
        places = self._scatter(scene, dice, here)
        for die in dice:
            x, y = places[die]
            scene[die] = Placed(die, self.rng.choice(FACES[die]), x, y, self.rng.uniform(0, 360))
        return scene

    # ------------------------------------------------------------------ the tablet and answers
    def tablet_moves(self, tracked_history: list[Any]) -> list[Move]:
        """What the players enter on the tablet now: when the tracker is in step with the game and
        the next moves are choices the camera cannot see (actions, bonus actions, Super-Level),
        those moves, truthfully; otherwise nothing."""
        truth = self.truth.history
        done = len(tracked_history)
        if done >= len(truth) or list(truth[:done]) != list(tracked_history):
            return []
        out: list[Move] = []
        for move in truth[done:]:
            if isinstance(move, (Roll, SetAside)):
                break
            out.append(move)
        return out

    def tablet_correction(self, tracked_history: list[Any]) -> tuple[int, list[Move]]:
        """The players see a roll (or set-aside) on the tablet that is not what lies on the mat and
        correct it there: (moves to take back, the true moves instead). Only the last few moves,
        and only when the tracker has as many moves as the truth at this point."""
        truth = self.truth.history
        done = len(tracked_history)
        if done > len(truth) or list(truth[:done]) == list(tracked_history):
            return 0, []
        first = next(i for i, (a, b) in enumerate(zip(truth, tracked_history)) if a != b)
        if done - first > 4:
            return 0, []
        return done - first, list(truth[first:done])

    def overrules(self, places: tuple[tuple[float, float], ...], truth: dict[str, Any] | None) -> bool:
        """The players look at the dice the camera called cocked at ``places`` (table mm) in the
        frame whose renderer truth is ``truth``: True when each of them lies flat (they tap "it
        lies flat"), False when one really leans (they re-roll it, as the film already does)."""
        dice = [(float(c["pose"]["x"]), float(c["pose"]["y"]), bool(c.get("state", {}).get("cocked")))
                for c in (truth or {}).get("components", ()) if str(c.get("uid", "")).startswith("die ")]
        if not dice or not places:
            return False
        for x, y in places:
            nearest = min(dice, key=lambda d: math.hypot(d[0] - x, d[1] - y))
            if nearest[2] or math.hypot(nearest[0] - x, nearest[1] - y) > 25.0:
                return False  # a die that really leans (or none there): they re-roll, never overrule
        return True

    def says_misread(self, readings: tuple[Any, ...], truth: dict[str, Any] | None) -> bool:
        """The players look at the dice the tracker calls turned by hand (``readings``: the scene
        memory's, each with the face read and ``turned_from``) in the frame whose renderer truth
        is ``truth``: True ("the camera misread it") only when each of them lies flat and really
        shows the face it showed before; a die really turned by hand is never said misread."""
        dice = [(float(c["pose"]["x"]), float(c["pose"]["y"]), c.get("state", {}))
                for c in (truth or {}).get("components", ()) if str(c.get("uid", "")).startswith("die ")]
        if not dice or not readings:
            return False
        for reading in readings:
            was = getattr(reading, "turned_from", None)
            x, y = float(getattr(reading, "x", math.inf)), float(getattr(reading, "y", math.inf))
            nearest = min(dice, key=lambda d: math.hypot(d[0] - x, d[1] - y))
            state = nearest[2]
            if (was is None or math.hypot(nearest[0] - x, nearest[1] - y) > 25.0 or state.get("cocked")
                    or str(state.get("top_face", "")).replace(" ", "-") != was):
                return False
        return True

    def truthful_answer(self, question: Any, tracked_history: list[Any], upto: int | None = None) -> int | None:
        """The option that really happened, chosen as every game's twin chooses
        (:func:`tracker.twin_truth.truthful_option`: the furthest along the truth)."""
        return truthful_option(self.truth.history, question, tracked_history, upto)

    def moves_correct(self, tracked_history: list[Any]) -> int:
        return moves_correct(self.game.move_codec, self.truth.history, tracked_history)


def black_index(die: str) -> int:
    return BLACK_DICE.index(die) if die in BLACK_DICE else 0
