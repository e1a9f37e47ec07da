"""A tracked game: the engine state, the event log, and what the players must be told.

Feed it one observation per still scene (:meth:`TrackedGame.observe`); it returns the events a
UI shows: confirmed moves, questions, illegal-move alerts, reveals. Every state change and every
report is logged before it is announced, so a crash loses nothing that was shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from collections.abc import Callable
from typing import Any, Generic

from rules.core import Move, RulesError
from tracker.event_log import EventLog
from tracker.adapter import GameAdapter
from tracker.inference import (
    Confirmed,
    IllegalObservation,
    InferenceConfig,
    NoChange,
    Obs,
    Question,
    St,
    Verdict,
    _chain_text,
    acting_player_words,
    infer,
    recover,
    scratch_copy,
    total_weight,
    with_reveals,
)
from tracker.two_step import TwoStepQuestion, split_question, step_option


@dataclass(frozen=True)
class MoveConfirmed:
    player: int
    move: Move
    text: str


@dataclass(frozen=True)
class TilesRevealed:
    location: Any
    value: Any


@dataclass(frozen=True)
class QuestionAsked:
    question: Question


@dataclass(frozen=True)
class IllegalMoveAlert:
    reason: str


@dataclass(frozen=True)
class AlertCleared:
    text: str


@dataclass(frozen=True)
class MovesTakenBack:
    """The table went back to how it was before the moves just confirmed: the players took them
    back (or what looked like a legal move was an illegal change that has been put right)."""

    texts: tuple[str, ...]


@dataclass
class SeatWait:
    """A question that waits for its seat's next visible turn (``InferenceConfig.seat_settles``):
    ``current`` of its options is made (provisionally); ``options`` are those still left."""

    question: Question
    options: list[int]
    current: int
    mark: int
    """History length before the question's moves."""
    seat: int
    later: dict[int, tuple[Move, ...]] = field(default_factory=dict)
    """Per option not made: the moves that explained each later scene under it (the made
    option's are the game's history since)."""
    scenes: int = 0
    seat_moved: bool = False
    seat_turns: int = 0
    """The seat's visible turns judged since the wait began (``InferenceConfig.seat_wait_turns``)."""
    started: bool = True
    """Set while the scene that started the wait is judged (its own moves are no later turn)."""
    revealed: list[tuple[int, Any, Any]] = field(default_factory=list)
    """What the scenes since showed (a stack top a cube left), by the moves made since ``mark``
    then: made again after as many moves where the moves are taken back and made again (a
    take-back forgets them: seed 749665's Red then picked up "an unseen tile" and the game was
    lost)."""


@dataclass(frozen=True)
class Provisional:
    """The moves a seat wait made provisionally (``InferenceConfig.seat_settles``): what a tablet
    shows as unsure until a later scene settles it (:attr:`TrackedGame.provisional`)."""

    first: int
    """Index in the game's history of the first move made provisionally."""
    count: int
    """How many moves from ``first`` are the provisional option's (the moves after them are later
    scenes' moves, explained on top of it)."""
    seat: int
    """The seat whose next visible turn settles it (or asks the options still left)."""
    seat_name: str
    """That seat in the tracker's words ("Red"), for the English lines of the CLI and the log."""
    text: str
    """The provisional option in words (the engine's English, its moves joined by "; then ")."""
    options: int
    """How many options are still open, the one made included."""

    def covers(self, index: int) -> bool:
        """Whether history index ``index`` is one of the provisional moves."""
        return self.first <= index < self.first + self.count


TrackerEvent = MoveConfirmed | TilesRevealed | QuestionAsked | IllegalMoveAlert | AlertCleared | MovesTakenBack


def event_words(event: Any, adapter: GameAdapter[Any, Any]) -> str:
    """One tracker event as a line of plain words (the game's adapter names places and things)."""
    if isinstance(event, MoveConfirmed):
        return f"move: {event.text}"
    if isinstance(event, TilesRevealed):
        return f"seen: {adapter.location_words(event.location)} shows {adapter.value_words(event.value)}"
    if isinstance(event, QuestionAsked):
        opts = "; ".join(f"{i + 1}) {t}" for i, t in enumerate(event.question.option_texts))
        return f"question: {event.question.prompt} {opts}"
    if isinstance(event, IllegalMoveAlert):
        return f"ILLEGAL: {event.reason}"
    if isinstance(event, AlertCleared):
        return f"alert cleared: {event.text}"
    if isinstance(event, MovesTakenBack):
        return "taken back (the table is as it was before): " + "; ".join(event.texts)
    return str(event)


SEAT_BOUND_MOVES = 2
"""Longest runs of moves :meth:`TrackedGame._chain_bound` tries (every legal run: more would cost
more than the searches it spares)."""


class TrackedGame(Generic[St, Obs]):
    log_remade_reveals = True
    """Log what a seat wait's scenes showed when it is shown again after its moves were taken back
    and made again (:meth:`_remake`): the take-back (an undo line) forgets it, so a game replayed
    from its log after a crash lacked it (session 82, ask82: tests/tracker/test_resume.py with
    ``seat_settles`` on, a light blue sextant seen atop E4 was "?" in the replay). False: not
    logged again, as in session 81."""

    def __init__(
        self,
        state: St,
        adapter: GameAdapter[St, Obs],
        log: EventLog | None = None,
        config: InferenceConfig | None = None,
    ) -> None:
        self.state = state
        self.adapter = adapter
        self.log = log
        self.on_note: Callable[[str], None] | None = None
        """Hears the text of each note the tracker logs (why it waited, asked or made a move
        unasked: "waiting for the next scene to tell which", "the next scene shows which", ...),
        log or no log; :func:`tracker.demo_run.run_demo` writes them to its ``say`` lines."""
        self.config = config or InferenceConfig()
        self.pending: Question | None = None
        self.alert: str | None = None
        self._two_step: TwoStepQuestion | None = None
        """The step ``pending`` is (:mod:`tracker.two_step`; its ``whole`` the question asked),
        else None."""
        self._scene_mark = len(state.history)
        """History length when the last still scene was read (moves since then are its moves)."""
        self._unexplained: list[Obs] = []
        """Still scenes in a row that no legal move explained (since the last scene that fitted)."""
        self._taken_back: tuple[Move, ...] = ()
        """Moves the last automatic take-back removed (a recovery may make them again)."""
        self._rejected: set[tuple[int, tuple[Move, ...]]] = set()
        """Recovery options the players said did not happen (not offered again)."""
        self._asked_at = 0
        """Unexplained scenes when a recovery was last tried (tried again only on a new one)."""
        self._asked_scene: Obs | None = None
        """The scene the pending move question (not a recovery's) is about."""
        self._widened_for: Obs | None = None
        """The last scene asked about with its readings widened (not widened again while the
        table stays as it is)."""
        self._widened_reason = ""
        """Why no legal move explained the scene a pending widened question is about (the alert
        raised if the players reject it too); empty when it follows a rejected question."""
        self._fitted: Obs | None = None
        """The last still scene the game explained (confirmed, unchanged or answered): what the
        adapter compares a scene with to doubt a chain (:meth:`GameAdapter.doubt`)."""
        self.waiting: Question | None = None
        """A question not asked yet: its options leave the same table and the next still scene
        may tell them apart (``InferenceConfig.next_scene_settles``); asked if it does not, or
        when the camera stops (:meth:`ask_waiting`)."""
        self._waiting_scene: Obs | None = None
        """The scene :attr:`waiting` is about."""
        self._held: Obs | None = None
        """The scene that did not settle :attr:`waiting` (which was then asked): judged once the
        players have answered, as it would have been had the question been asked at once."""
        self.seat_wait: SeatWait | None = None
        """A question waiting for its seat's next turn (``InferenceConfig.seat_settles``), its
        first option made provisionally; None when none waits."""
        self._seat_revealed: list[tuple[int, Any, Any]] = []
        """The reveals of the seat wait whose question is asked (:attr:`SeatWait.revealed`)."""
        self._remaking = False
        """Set while moves taken back are made again (their reveals are not recorded twice)."""
        self._first_verdict: tuple[tuple[Move, ...], Obs, Obs | None, Verdict] | None = None
        """The provisional option's verdict on the scene a seat wait just weighed and kept it for
        (the history, the scene, the fitted scene, the verdict): :meth:`_judge` reuses it."""
        self._seat_default: tuple[Move, ...] | None = None
        """While a seat wait's question is asked (the moves since its scene taken back): the moves
        the game held, made again if the players say none of these."""
        self.settled: Provisional | None = None
        """The option the last seat wait settled on unasked (a later scene left it alone), as it
        stood then; :attr:`settlements` counts them (a tablet says "settled" once per count)."""
        self.settlements = 0

    @property
    def provisional(self) -> Provisional | None:
        """The moves a seat wait made provisionally, while it waits and the game still holds them
        where they were made; None otherwise. Read-only (it changes nothing, logs nothing): the
        app and the CLI show these moves, and the scores, as unsure until it is None again."""
        wait = self.seat_wait
        if wait is None:
            return None
        chain = wait.question.options[wait.current]
        if tuple(self.state.history[wait.mark: wait.mark + len(chain)]) != tuple(chain):
            return None  # taken back (the wait is dropped at the next scene)
        return self._provisional_of(wait)

    def _provisional_of(self, wait: SeatWait) -> Provisional:
        return Provisional(wait.mark, len(wait.question.options[wait.current]), wait.seat,
                           self.adapter.player_name(wait.seat), wait.question.option_texts[wait.current],
                           len(wait.options))

    # ---- observations
    def observe(self, observed: Obs) -> list[TrackerEvent]:
        """Interpret one still scene. The state only changes through legal, confirmed moves."""
        if self.pending is not None:
            return []  # the players must answer first; the table is read again afterwards
        events: list[TrackerEvent] = []
        if self.seat_wait is not None:
            events += self._weigh_seat_options(observed)
            if self.pending is not None:
                return events  # the waiting question asked first; this scene judged after its answer
        if self.waiting is not None:
            if self._waiting_scene is not None and self.adapter.same_scene(self._waiting_scene, observed):
                return events  # the same table read again: still nothing to tell the options apart
            settled = self._settle_waiting(observed)
            if settled is None:
                return events + [self._ask_waiting_now(held=observed)]
            events += settled
        judged = self._judge(observed)
        events += judged
        if self.seat_wait is not None:
            events += self._seat_scene_done(judged)
        return events

    def _judge(self, observed: Obs) -> list[TrackerEvent]:
        """Interpret one still scene (no question pending or waiting)."""
        just_made = len(self.state.history) - self._scene_mark
        self._scene_mark = len(self.state.history)
        verdict = self._reused_verdict(observed)
        if verdict is None:
            verdict = infer(self.state, observed, self.adapter, self.config, self._fitted)
        events: list[TrackerEvent] = []
        if isinstance(verdict, Confirmed) and self._unexplained and (
                (verdict.cut and self.config.cut_search_stones) or (verdict.catch_up and self.config.catch_up_stones)):
            stones = self._stones_before_a_cut_catch_up(observed, verdict.moves)
            if stones is not None:
                self._asked_scene = None
                return [stones]
        if isinstance(verdict, NoChange | Confirmed):
            self._in_step()
            self._fitted = observed
        # a question's scene is explained only once the players pick an option: "none of these"
        # makes it one more unexplained scene (:meth:`reject`)
        self._asked_scene = observed if isinstance(verdict, Question) else None
        if isinstance(verdict, NoChange):
            events += self._clear_alert("the table matches the game again")
            events += self._reveal(verdict.reveals)
        elif isinstance(verdict, Confirmed):
            events += self._clear_alert("the move explains the table")
            events += self._reveal(verdict.reveals_before)
            for move in verdict.moves:
                events.append(self._apply(move))
            events += self._reveal(verdict.reveals)
        elif isinstance(verdict, Question):
            if self._may_wait(verdict, observed):
                self._wait(verdict, observed)
            elif self._may_wait_for_seat(verdict):
                events += self._start_seat_wait(verdict, observed)
            else:
                events.append(self._ask(verdict))
        elif isinstance(verdict, IllegalObservation):
            reason = verdict.reason
            taken_back = self._take_back(observed, just_made)
            if not taken_back:
                self._note_unexplained(observed)
                if len(self._unexplained) >= max(self.config.recover_after, self._retry_at()):
                    question = self._recover()
                    if question is not None:
                        return events + [question]
                elif len(self._unexplained) == 1:
                    # a move confirmed from a misread that this scene shows right (a refill card
                    # read as another in the scene of its draw, then taken: "3 cards left the inn")
                    # is asked about at once, not alarmed about first (Open Season seed 102766:
                    # 5 such false alarms in one game); an illegal change leaves nothing to amend
                    question = self._recover(amended_only=True)
                    if question is not None:
                        return events + [question]
                    # a reading the camera was sure of may be the misread that leaves every legal
                    # move out (taught seed 102967, move 92: a picked discard, dwarf-tattoo, read
                    # dwarf-dagger atop the stock; no pick of a dwarf-dagger was legal): asked
                    # with the new readings widened before any alarm; rejected, the alarm follows
                    question = None if self._widened_for is not None and self.adapter.same_scene(
                        self._widened_for, observed) else self._widened_question(observed, reason)
                    if question is not None:
                        return events + [question]
            if taken_back:
                # Still an alert: the camera cannot tell a take-back from an illegal change that
                # undoes the move (the same cube rolled back out of turn); but the state now
                # matches the table, so the game goes on in step whatever the players do next.
                events += taken_back
                texts = taken_back[0].texts
                reason = ("the table went back to how it was before " + "; ".join(texts)
                          + (": that move is taken back" if len(texts) == 1 else ": those moves are taken back"))
            if reason != self.alert:
                self.alert = reason
                self._log("illegal", reason=reason,
                          differences=[d.description for d in verdict.differences][:20])
                events.append(IllegalMoveAlert(reason))
        return events + self._ask_final()

    def _reused_verdict(self, observed: Obs) -> Verdict | None:
        """The verdict a seat wait's weighing inferred for ``observed`` on the game as it stands
        (``InferenceConfig.seat_weigh_cheap``), if the game, the scene and the last fitted scene
        are still those it was inferred on; None otherwise (inferred again)."""
        kept, self._first_verdict = self._first_verdict, None
        if kept is None:
            return None
        history, scene, fitted, verdict = kept
        if scene is not observed or fitted is not self._fitted or history != tuple(self.state.history):
            return None
        return verdict

    # ---- a question that waits for the next scene
    def _may_wait(self, question: Question, observed: Obs) -> bool:
        """Whether ``question`` may wait for the next still scene: the setting is on, it is a plain
        question (no recovery, no widened readings, not asked in steps) of several options that
        all explain the scene equally well (the same weight of differences: the camera cannot
        tell them apart, not a doubtful reading that one explains better), and the adapter says
        the next scene tells them apart. A question of one option (a chain the adapter doubts,
        :meth:`GameAdapter.doubt`) waits only where the adapter lets it, and the next scene settles
        it only through :meth:`GameAdapter.doubt_settled`."""
        if not self.config.next_scene_settles or question.recovery or question.widened \
                or any(question.take_back) or question.whole is not None or not question.options:
            return False
        costs = {round(cost, 9) for cost in question.option_costs}
        if len(costs) != 1 or len(question.option_costs) != len(question.options):
            return False
        return self.adapter.question_may_wait(self.state, question, observed, self._fitted)

    # ---- a question that waits for its seat's next turn
    def _may_wait_for_seat(self, question: Question) -> bool:
        """Whether ``question`` may wait for its seat's next turn (``InferenceConfig.seat_settles``):
        a plain question of several options that explain the scene alike, none waiting already,
        and the adapter names the one move its options differ in
        (:meth:`GameAdapter.question_waits_for_seat`)."""
        if not self.config.seat_settles or self.seat_wait is not None or question.recovery or question.widened \
                or any(question.take_back) or question.whole is not None or len(question.options) < 2 \
                or any(question.reveals_before_each):
            return False
        costs = {round(cost, 9) for cost in question.option_costs}
        if len(costs) != 1 or len(question.option_costs) != len(question.options):
            return False
        if len({tuple(after) for after in question.reveals_after}) > 1:
            return False
        return self.adapter.question_waits_for_seat(self.state, question) is not None

    def _start_seat_wait(self, question: Question, observed: Obs) -> list[TrackerEvent]:
        """Make ``question``'s first option (provisionally, as if answered) and keep the others to
        judge the later scenes under (:meth:`_weigh_seat_options`)."""
        index = self.adapter.question_waits_for_seat(self.state, question)
        assert index is not None
        work = self.state.clone()
        for move in question.options[0][:index]:
            work.push(move)
        seat = work.current_player()
        self.seat_wait = SeatWait(question, list(range(len(question.options))), 0, len(self.state.history), seat)
        self._log("note", text=f"waiting for {self.adapter.player_name(seat)}'s next turn to tell which: "
                  + "; ".join(question.option_texts))
        events = self._make_option(question, 0)
        self._in_step()
        self._fitted = observed
        return events

    def _make_option(self, question: Question, option: int) -> list[TrackerEvent]:
        """Option ``option`` of ``question`` made, its reveals included (as an answer makes it)."""
        after = question.reveals_after[option] if option < len(question.reveals_after) else ()
        events = self._reveal(question.reveals_before_option(option))
        events += [self._apply(move) for move in question.options[option]]
        return events + self._reveal(after)

    def _seat_wait_holds(self) -> bool:
        """Whether the game still holds the waiting question's provisional option where it was
        made (an undo or a recovery answer may have taken it back); the wait is dropped if not."""
        wait = self.seat_wait
        if wait is None:
            return False
        chain = wait.question.options[wait.current]
        if tuple(self.state.history[wait.mark: wait.mark + len(chain)]) == tuple(chain):
            return True
        self._log("note", text="the question waiting for a later turn is dropped: its move was taken back")
        self.seat_wait = None
        return False

    def _later(self, option: int) -> tuple[Move, ...]:
        """The moves since the waiting question's scene under option ``option``."""
        wait = self.seat_wait
        assert wait is not None
        if option == wait.current:
            return tuple(self.state.history[wait.mark + len(wait.question.options[wait.current]):])
        return wait.later.get(option, ())

    def _seat_state(self, option: int) -> St | None:
        """The game as it would stand had option ``option`` of the waiting question been made,
        with the moves since that explained each scene under it; None where they cannot be made."""
        wait = self.seat_wait
        assert wait is not None
        if option == wait.current:
            return self.state
        question = wait.question
        work = self.state.clone()
        try:
            for _ in range(len(self.state.history) - wait.mark):
                work.pop()
            for location, value in question.reveals_before_option(option):
                try:
                    work.reveal(location, value)
                except RulesError:
                    pass
            chain = question.options[option] + self._later(option)
            for k in range(len(chain) + 1):
                for at, location, value in wait.revealed:
                    if at == k:
                        try:
                            work.reveal(location, value)
                        except RulesError:
                            pass
                if k < len(chain):
                    work.push(chain[k])
        except RulesError:
            return None
        return work

    def _weigh_seat_options(self, observed: Obs) -> list[TrackerEvent]:
        """A still scene during a seat wait, judged under each option still left: those explained
        worse by the inference margin than the best (or not at all), or by more moves than the
        fewest, are dropped; where the provisional option is dropped, the first left is made
        instead. A scene no option explains drops none (an illegal move: alarmed as the game
        stands)."""
        if not self._seat_wait_holds():
            return []
        wait = self.seat_wait
        assert wait is not None
        wait.started = False
        costs: dict[int, float] = {}
        moves: dict[int, tuple[Move, ...]] = {}
        asked: set[int] = set()
        # the provisional option first; the others try its explanation first (most scenes are the
        # other players' turns, alike under every option) and are searched only where it fits
        # them worse (a full search per option and scene made the bench 20 times slower)
        cheap = self.config.seat_weigh_cheap
        margin = self.config.margin
        first = infer(self.state, observed, self.adapter, self.config, self._fitted, deep=not cheap)
        plain_illegal = cheap and isinstance(first, IllegalObservation)  # searched in full only if needed
        first_full = not plain_illegal  # (a search without the deeper chains that found one is as full)
        shared = None if plain_illegal else self._explained(self.state, observed, self._fitted, first)
        revealed = first.reveals_before if isinstance(first, Confirmed) else ()
        # An option explained under the margin by n moves is kept, and then no option explained by
        # more moves is among the fewest: another option is dropped unsearched where none of its runs
        # of at most n moves (n <= 2) comes within the margin of it, or, where n <= 1, where no chain
        # of the player to move explains it (the chains over two turns are not tried). The same
        # options are kept as by searching each in full (``InferenceConfig.seat_weigh_cheap``).
        anchors: list[tuple[int, float]] = []  # (moves, cost) of each option's explanation under the margin
        bounds: dict[tuple[int, int], float] = {}

        def note(option: int, verdict: Verdict, explained: tuple[float, tuple[Move, ...]] | None) -> None:
            if explained is None:
                return
            costs[option], moves[option] = explained[0], tuple(explained[1])
            if isinstance(verdict, Question) and len(verdict.options) > 1:
                asked.add(option)
            if explained[0] < margin:
                anchors.append((len(explained[1]), explained[0]))

        def bound(option: int, work: St, longest: int) -> float:
            if (option, longest) not in bounds:
                bounds[option, longest] = self._chain_bound(work, observed, longest)
            return bounds[option, longest]

        def dropped(option: int, work: St, searched: bool) -> bool:
            """Whether ``option`` cannot be kept, by an option already explained under the margin
            (kept, so the fewest moves are at most its): none of its chains of as many moves fits
            within the margin of it, or (``searched``: no chain of the player to move explains it)
            that option made one move at most and only chains over two turns are left."""
            if not cheap or not anchors:
                return False
            longest, cost = min(anchors)
            if searched and longest <= 1:
                return True
            return longest <= SEAT_BOUND_MOVES and bound(option, work, longest) >= round(cost + margin, 9)

        states: list[tuple[int, St]] = []
        for option in wait.options:
            work = self._seat_state(option)
            if work is None:
                continue
            if option == wait.current:
                if plain_illegal:
                    states.append((option, work))
                else:
                    note(option, first, shared)
                continue
            cost = None if shared is None else self._cost_after(work, revealed, shared[1], observed)
            if shared is not None and cost is not None and cost <= shared[0] + 1e-9:
                note(option, first, (cost, shared[1]))
            else:
                states.append((option, work))
        if cheap and not anchors and len(states) > 1:
            # the likeliest first: one explained under the margin spares the searches of others
            states.sort(key=lambda item: bound(item[0], item[1], 1))
        deeper: list[tuple[int, St]] = []  # searched without the chains over two turns: none found
        for option, work in states:
            if dropped(option, work, False):
                continue
            verdict = first if option == wait.current else \
                infer(work, observed, self.adapter, self.config, self._fitted, deep=not cheap)
            if cheap and isinstance(verdict, IllegalObservation):
                deeper.append((option, work))
                continue
            note(option, verdict, self._explained(work, observed, self._fitted, verdict))
        for option, work in deeper:
            if dropped(option, work, True):
                continue
            verdict = infer(work, observed, self.adapter, self.config, self._fitted)
            if option == wait.current:
                first, first_full = verdict, True  # searched in full: the scene's judgement may reuse it
            note(option, verdict, self._explained(work, observed, self._fitted, verdict))
        if not costs:
            if cheap and first_full:  # nothing changed: the scene's judgement reuses the verdict
                self._first_verdict = (tuple(self.state.history), observed, self._fitted, first)
            return []
        best = min(costs.values())
        kept = [o for o in wait.options if o in costs and costs[o] < round(best + self.config.margin, 9)]
        # of those, the ones explained by the fewest moves: an option that needs an unseen round
        # where another needs one plain turn is not what happened (observation seed 749643: the
        # provisional pivot 90 explained Red's roll as "pivots 90 more; Yellow passes; rolls")
        fewest = min(len(moves[o]) for o in kept)
        wait.options = [o for o in kept if len(moves[o]) == fewest]
        if len(wait.options) > 1 and asked & set(wait.options):
            # the scene is a question of its own under an option left (a bare cube's pivot after
            # its unseen placing): the hypotheses would branch, and alike pairs (placed one way
            # and pivoted 90, or another way and pivoted 180) would never be told apart; the
            # waiting question is asked first, the scene judged once it is answered
            self._held = observed
            return self._ask_seat_wait()
        target = wait.options[0]
        before = self._later(target)
        for option in wait.options:
            if option != wait.current:
                wait.later[option] = self._later(option) + moves[option]
        if wait.current in wait.options:
            if cheap and first_full:  # the game stands as it is: the scene's judgement reuses the verdict
                self._first_verdict = (tuple(self.state.history), observed, self._fitted, first)
            return []
        wait.later[target] = before  # this scene is judged on the game once it is made
        return self._switch_seat_option(target)

    def _chain_bound(self, work: St, observed: Obs, longest: int) -> float:
        """The least weight of ``observed``'s differences from ``work`` after any run of at most
        ``longest`` legal moves, with no unknown filled in, with those the scene settles
        (:meth:`GameAdapter.prepare`), and with each of the adapter's ``reveal_alternatives`` too:
        no explanation of the scene by as many moves at most fits it better (:meth:`_explained`
        weighs as :func:`infer` scores, with such reveals), so an option whose bound is the margin
        worse than another's explanation by as many moves is never kept
        (``InferenceConfig.seat_weigh_cheap``)."""
        adapter = self.adapter
        starts = [work]
        prepared = scratch_copy(work)
        for location, value in adapter.prepare(work, observed):
            try:
                prepared.reveal(location, value)
            except RulesError:
                pass
        starts.append(prepared)
        for reveals in adapter.reveal_alternatives(prepared, observed):
            alternative = scratch_copy(prepared)
            try:
                for location, value in reveals:
                    alternative.reveal(location, value)
            except RulesError:
                continue
            starts.append(alternative)
        best = float("inf")

        def walk(start: St, chain: tuple[Move, ...]) -> None:
            nonlocal best
            differences = adapter.differences(adapter.expected(start), observed)
            differences += adapter.unseen_changes(start, self._fitted, observed, chain)
            best = min(best, total_weight(differences))
            if len(chain) >= longest or start.is_terminal():
                return
            for move in start.legal_moves():
                try:
                    start.push_unchecked(move)
                except RulesError:
                    continue
                try:
                    walk(start, chain + (move,))
                finally:
                    start.pop()

        for start in starts:
            walk(start, ())
        return best

    def _cost_after(self, work: St, before: tuple[tuple[Any, Any], ...], moves: tuple[Move, ...],
                    observed: Obs) -> float | None:
        """The weight of ``observed``'s differences from ``work`` with ``moves`` made (``before``
        revealed first); None where they cannot be made."""
        after = work.clone()
        try:
            for location, value in before:
                try:
                    after.reveal(location, value)
                except RulesError:
                    pass
            for move in moves:
                after.push(move)
        except RulesError:
            return None
        differences = self.adapter.differences(self.adapter.expected(after), observed)
        differences += self.adapter.unseen_changes(after, self._fitted, observed, moves)
        return total_weight(differences)

    def _switch_seat_option(self, option: int) -> list[TrackerEvent]:
        """The provisional option of the waiting question does not explain a later scene that
        ``option`` does: the moves since the question's scene are taken back (logged as undos) and
        ``option`` made with the moves that explained the scenes since under it, but this one's
        (judged next, as any scene)."""
        wait = self.seat_wait
        assert wait is not None
        question = wait.question
        old = question.option_texts[wait.current]
        later = wait.later.pop(option, ())
        texts = self._take_back_to(wait.mark)
        self._log("note", text=f"a later scene shows that {old} is not what happened: "
                  f"{question.option_texts[option]}")
        wait.current = option
        events: list[TrackerEvent] = [MovesTakenBack(texts)]
        events += self._remake(question.options[option] + later, wait.revealed)
        self._scene_mark = len(self.state.history)
        return events

    def _remake(self, chain: tuple[Move, ...], revealed: list[tuple[int, Any, Any]]) -> list[TrackerEvent]:
        """``chain`` made (after moves were taken back), what the scenes showed re-revealed after
        as many moves as when they showed it (quietly where it no longer applies)."""
        events: list[TrackerEvent] = []
        self._remaking = True
        try:
            for k in range(len(chain) + 1):
                for at, location, value in revealed:
                    if at == k:
                        try:
                            self.state.reveal(location, value)
                        except RulesError:
                            continue
                        if self.log_remade_reveals and self.log is not None:
                            logged = value.to_json() if callable(getattr(value, "to_json", None)) else value
                            self.log.reveal(self.state, location, logged)
                if k < len(chain):
                    events.append(self._apply(chain[k]))
        finally:
            self._remaking = False
        return events

    def _take_back_to(self, mark: int) -> tuple[str, ...]:
        """Take the moves since history length ``mark`` back (logged as undos): their words."""
        texts = []
        while len(self.state.history) > mark:
            move = self.state.pop()
            self._log("undo", text=f"took back: {self.state.describe_move(move)}")
            texts.append(self.state.describe_move(move))
        return tuple(reversed(texts))

    def _seat_scene_done(self, judged: list[TrackerEvent]) -> list[TrackerEvent]:
        """After a scene judged during a seat wait: one option left stands unasked (a note); the
        seat's next visible turn judged (or ``seat_wait_scenes`` scenes, or the game's end), the
        options still left are asked."""
        if not self._seat_wait_holds():
            return []
        wait = self.seat_wait
        assert wait is not None
        if wait.started:
            return []  # the scene of the question itself
        if len(wait.options) == 1:
            self._log("note", text=f"a later scene shows which: {wait.question.option_texts[wait.current]}")
            self.settled = self._provisional_of(wait)
            self.settlements += 1
            self.seat_wait = None
            return []
        wait.scenes += 1
        if any(isinstance(e, MoveConfirmed) and e.player == wait.seat and self.adapter.settles_seat_wait(self.state, e.move)
               for e in judged):
            wait.seat_turns += 1
        wait.seat_moved = wait.seat_moved or wait.seat_turns >= max(1, self.config.seat_wait_turns)
        if self.pending is not None:
            return []  # that question first; asked at a later scene
        if wait.seat_moved or wait.scenes >= self.config.seat_wait_scenes or self.state.is_terminal():
            return self._ask_seat_wait()
        return []

    def _ask_seat_wait(self) -> list[TrackerEvent]:
        """Ask the waiting question's options still left, each with the moves since under it: the
        moves since its scene are taken back while it is asked (made again, as the answer says)."""
        wait = self.seat_wait
        assert wait is not None
        question = wait.question
        keep = wait.options
        chains = tuple(question.options[o] + self._later(o) for o in keep)
        self._seat_default = question.options[wait.current] + self._later(wait.current)  # the game as it stands
        self._seat_revealed = list(wait.revealed)
        self.seat_wait = None
        texts = self._take_back_to(wait.mark)
        base = with_reveals(self.state, question.reveals_before)
        words = tuple(_chain_text(base, chain) for chain in chains)
        self._log("note", text=f"{self.adapter.player_name(wait.seat)}'s turns since do not tell which: asked now")
        asked = replace(question, options=chains, option_texts=words,
                        reveals_after=tuple(question.reveals_after[o] for o in keep if o < len(question.reveals_after)),
                        option_costs=tuple(question.option_costs[o] for o in keep))
        self._asked_scene = None
        self._scene_mark = len(self.state.history)
        return [MovesTakenBack(texts), self._ask(asked)]

    def _after_option(self, question: Question, option: int) -> St | None:
        """A copy of the state with option ``option`` of ``question`` made (its reveals included);
        None where it cannot be made."""
        work = self.state.clone()
        try:
            for location, value in question.reveals_before_option(option):
                work.reveal(location, value)
            for move in question.options[option]:
                work.push(move)
            after = question.reveals_after[option] if option < len(question.reveals_after) else ()
            for location, value in after:
                work.reveal(location, value)
        except RulesError:
            return None
        return work

    def _wait(self, question: Question, observed: Obs) -> None:
        """Keep ``question`` (about ``observed``) for the next still scene (logged, not asked)."""
        self.waiting, self._waiting_scene, self._asked_scene = question, observed, None
        self._log("note", text="waiting for the next scene to tell which: " + "; ".join(question.option_texts))

    def _settle_waiting(self, observed: Obs) -> list[TrackerEvent] | None:
        """The next still scene after a waiting question: each option is made on a copy and the
        scene judged from there. Where one option explains it (unchanged, confirmed or asked
        about; not illegal) better by the inference margin than every other (as one chain must
        beat any other to be confirmed unasked), that option is made, as the players' answer
        would have made it, and the waiting question is gone. None where no option or several
        explain it alike (the question must be asked)."""
        question, scene = self.waiting, self._waiting_scene
        assert question is not None
        fits: list[tuple[float, int, tuple[Move, ...], St]] = []
        for option in range(len(question.options)):
            work = self._after_option(question, option)
            if work is None:
                continue
            explained = self._explained(work, observed, scene)
            if explained is not None:
                fits.append((explained[0], option, explained[1], work))
        fits.sort(key=lambda fit: fit[:2])
        # No option explains the next scene (nor does the table put back as it was before the
        # waiting scene: a take undone, or an illegal change that looked like one, put right):
        # the question is asked then, as it would have been at its own scene, so that the
        # players' answer -- or "none of these" and the alert -- and the put-back are judged as
        # without the wait (bench game 102786: an illegal three-card take, one card from behind
        # the deck, put back, went unflagged while such a question was dropped).
        if not fits or (len(fits) > 1 and fits[1][0] < round(fits[0][0] + self.config.margin, 9)):
            return None
        option = fits[0][1]
        if len(question.options) == 1 and (scene is None or not self.adapter.doubt_settled(
                self.state, question.options[0], scene, self._fitted, fits[0][2], observed)):
            self._log("note", text=f"the next scene does not show that {question.option_texts[0]}: asked")
            return None
        doubt = self.adapter.settling_doubt(fits[0][3], fits[0][2], observed)
        if doubt:
            self._log("note", text=f"the next scene fits {question.option_texts[option]}, but {doubt}")
            return None
        self.waiting = self._waiting_scene = None
        self._log("note", text=f"the next scene shows which: {question.option_texts[option]}")
        after = question.reveals_after[option] if option < len(question.reveals_after) else ()
        events = self._reveal(question.reveals_before_option(option))
        events += [self._apply(move) for move in question.options[option]]
        events += self._reveal(after)
        self._in_step()
        self._fitted = scene
        return events

    def _explained(self, work: St, observed: Obs, previous: Obs | None,
                   verdict: Verdict | None = None) -> tuple[float, tuple[Move, ...]] | None:
        """How well ``observed`` is explained from ``work``: the weight of the differences left by
        the best explanation (nothing happened, the chain confirmed, the best option asked about)
        and that explanation's moves; None where nothing explains it. ``verdict``: infer's, where
        already known."""
        if verdict is None:
            verdict = infer(work, observed, self.adapter, self.config, previous)
        if isinstance(verdict, IllegalObservation):
            return None
        if isinstance(verdict, Question):
            if not verdict.option_costs:
                return 0.0, ()
            best = min(range(len(verdict.option_costs)), key=lambda i: verdict.option_costs[i])
            return verdict.option_costs[best], tuple(verdict.options[best])
        after = work.clone()
        moves: tuple[Move, ...] = ()
        try:
            if isinstance(verdict, Confirmed):
                for location, value in verdict.reveals_before:
                    after.reveal(location, value)
                moves = verdict.moves
                for move in moves:
                    after.push(move)
        except RulesError:
            return None
        differences = self.adapter.differences(self.adapter.expected(after), observed)
        differences += self.adapter.unseen_changes(after, previous, observed, moves)
        return total_weight(differences), moves

    def _ask_waiting_now(self, held: Obs | None) -> QuestionAsked:
        """Ask the waiting question now; ``held``: the scene that did not settle it, judged once
        the players have answered."""
        question, scene = self.waiting, self._waiting_scene
        assert question is not None
        self.waiting = self._waiting_scene = None
        self._asked_scene, self._held = scene, held
        self._log("note", text="the next scene does not tell which: asked now" if held is not None
                  else "asked now: no next scene to tell which")
        return self._ask(question)

    def ask_waiting(self) -> list[TrackerEvent]:
        """Ask the waiting question, if any, now (the camera stopped, the game ends, or the players
        act on the tablet): nothing is lost for want of a next scene."""
        if self.pending is None and self.seat_wait is not None and self._seat_wait_holds():
            return self._ask_seat_wait()
        if self.waiting is None or self.pending is not None:
            return []
        return [self._ask_waiting_now(held=None)]

    def _judge_held(self) -> list[TrackerEvent]:
        """Once every question is answered: the scene held back while the waiting question was
        asked, judged now (a scene is never skipped)."""
        if self.pending is not None or self._held is None:
            return []
        held, self._held = self._held, None
        return self.observe(held)

    # ---- recovery
    def _note_unexplained(self, observed: Obs) -> None:
        """One more still scene that no legal move explained."""
        if self._unexplained and self.adapter.same_scene(self._unexplained[-1], observed):
            self._unexplained[-1] = observed  # the same table again: not new evidence
        else:
            self._unexplained.append(observed)

    def _recover(self, amended_only: bool = False) -> QuestionAsked | None:
        """Several still scenes in a row that no legal move explains: the table is probably right
        and the tracker out of step (a missed turn, a take-back that was not one, a move confirmed
        wrongly). Look for the legal positions that match the table and ask the players which
        one is where the game stands (:func:`tracker.inference.recover`). None when none is found
        (the alert stands; the next scene tries again with more to go on). ``amended_only``: the
        first unexplained scene's look at a move confirmed from a misread only (no note if none)."""
        if not amended_only:
            self._asked_at = len(self._unexplained)
        question = recover(self.state, self._unexplained, self.adapter, self.config,
                           redo=self._taken_back, exclude=self._rejected, thorough=bool(self._rejected),
                           amended_only=amended_only)
        if question is None:
            if amended_only:
                return None
            self._log("note", text=f"lost step with the table for {len(self._unexplained)} scenes; "
                      "no legal position found that matches it yet")
            return None
        return self._ask(question, recovery=True, take_back=list(question.take_back))

    def _stones_before_a_cut_catch_up(self, observed: Obs, chain: tuple[Move, ...]) -> QuestionAsked | None:
        """The scene after unexplained ones is explained by a chain from a search cut at the
        adapter's work bound or by a catch-up chain (``InferenceConfig.cut_search_stones``,
        ``catch_up_stones``): the positions the stepping
        stones reach across those scenes and this one, asked as a recovery question; None where
        they reach none, or only ``chain`` itself (the chain is confirmed then: a single missed
        scene caught up, tests/tracker/test_octo_dice_table.py, asks nothing)."""
        question = recover(self.state, [*self._unexplained, observed], self.adapter, self.config,
                           redo=self._taken_back, exclude=self._rejected, stones_only=True)
        if question is None or (question.options == (chain,) and not any(question.take_back)):
            return None
        self._note_unexplained(observed)  # explained only once the players answer
        self._asked_at = len(self._unexplained)
        return self._ask(question, recovery=True, take_back=list(question.take_back))

    def _retry_at(self) -> int:
        """Unexplained scenes at which a recovery is tried (again): at each new scene up to
        ``recovery_patience``, then each time their number doubles (see that setting)."""
        asked = self._asked_at
        return asked + 1 if asked < self.config.recovery_patience else 2 * asked

    def _in_step(self) -> None:
        """A scene fitted the game: nothing left to recover."""
        self._unexplained = []
        self._rejected = set()
        self._taken_back = ()
        self._asked_at = 0
        self._widened_for = None

    # ---- players' input
    def answer_whole(self, option: int) -> list[TrackerEvent]:
        """Option ``option`` of the whole pending question, whether it is asked whole or in steps
        (:mod:`tracker.two_step`: each step is answered in turn with the option standing for it)."""
        if self.pending is None:
            raise RulesError("there is no question to answer")
        whole = self._two_step.whole if self._two_step is not None else self.pending
        events: list[TrackerEvent] = []
        while self._two_step is not None and self._two_step.whole is whole:
            step = step_option(self.pending, option)
            if step is None:
                raise RulesError(f"the question has options 1-{len(whole.options)}, not {option + 1}")
            events += self.answer(step)
        return events if self.pending is not whole else events + self.answer(option)

    def answer(self, option: int) -> list[TrackerEvent]:
        """The players chose option ``option`` of the pending question (a recovery question's
        option may first take back some of the tracker's moves: logged as undos)."""
        if self.pending is None:
            raise RulesError("there is no question to answer")
        if not 0 <= option < len(self.pending.options):
            raise RulesError(f"the question has options 1-{len(self.pending.options)}, not {option + 1}")
        if self._two_step is not None:
            two_step = self._two_step
            if len(two_step.groups[option]) > 1:
                # a step: what was done; the next one narrows it down (what the camera did not see)
                self._log("answer", option=option, text=self.pending.option_texts[option])
                self._two_step = two_step.next_step(option)
                follow_up = self._two_step.first
                self.pending = follow_up
                self._log("question", question=follow_up.prompt, options=list(follow_up.option_texts))
                return [QuestionAsked(follow_up)]
            option = two_step.groups[option][0]  # the whole question's option
            self._end_two_step()
        question = self.pending
        chain = question.options[option]
        self._widened_reason = ""
        self._log("answer", option=option, text=question.option_texts[option])
        before = question.reveals_before_option(option)
        after = question.reveals_after[option] if option < len(question.reveals_after) else ()
        self.pending = None
        events: list[TrackerEvent] = []
        count = question.take_back_count(option)
        if count:
            texts = []
            for _ in range(count):
                move = self.state.pop()
                self._log("undo", text=f"took back: {self.state.describe_move(move)}")
                texts.append(self.state.describe_move(move))
            events.append(MovesTakenBack(tuple(reversed(texts))))
        if self._seat_default is not None:  # a seat wait's question: its chain made with what the scenes showed
            events += self._remake(chain, self._seat_revealed)
        else:
            events += self._reveal(before)
            events += [self._apply(move) for move in chain]
            events += self._reveal(after)
        self._seat_default = None
        if not question.recovery and self._asked_scene is not None:
            self._in_step()  # the players said what explains the scene
            self._fitted = self._asked_scene
        self._asked_scene = None
        if question.recovery:
            # the players said where the game stands: in step again, and never taken back by itself
            self._in_step()
            self._fitted = None  # which scene shows that position is not known here
            self._scene_mark = len(self.state.history)
            events += self._clear_alert("the players said where the game stands")
        events += self._ask_final()
        return events + self._judge_held()

    def finish(self, max_moves: int = 8) -> list[TrackerEvent]:
        """The players say the game is over. Moves the camera cannot see (a last pass or pivot)
        may still be missing: the chains that end the game without changing the view are applied
        when there is one, asked about when there are several."""
        if self.pending is not None:
            return []
        if self.waiting is not None or self.seat_wait is not None:
            asked = self.ask_waiting()  # its answer first: the game may end with it
            if asked:
                return asked
        if self.state.is_terminal():
            return self._ask_final()
        from tracker.inference import scratch_copy

        here = self.adapter.expected(self.state)
        work = scratch_copy(self.state)
        endings: list[tuple[Move, ...]] = []

        def walk(chain: tuple[Move, ...]) -> None:
            if len(chain) >= max_moves or len(endings) > 50:
                return
            for move in list(work.legal_moves()):
                try:
                    work.push_unchecked(move)
                except RulesError:
                    continue
                if self.adapter.expected(work) == here:
                    if work.is_terminal():
                        endings.append(chain + (move,))
                    else:
                        walk(chain + (move,))
                work.pop()

        walk(())
        if not endings:
            self._log("note", text="the players ended the game, but no unseen move ends it")
            return []
        if len(endings) == 1:
            return [self._apply(move) for move in endings[0]] + self._ask_final()
        texts = tuple(_chain_text(self.state, chain) for chain in endings)
        who = acting_player_words(self.state, endings[0], self.adapter)
        self.pending = Question(f"The game is over: what did {who} do last?", tuple(endings), texts)
        self._log("question", question=self.pending.prompt, options=list(texts))
        return [QuestionAsked(self.pending)]

    def _ask_final(self) -> list[TrackerEvent]:
        """The game just ended with something its scores need that nobody saw (a tile under a
        cube): ask the players (:meth:`GameAdapter.final_question`), one thing at a time."""
        events: list[TrackerEvent] = []
        for _ in range(64):  # one unseen thing at a time; each answer reveals one
            if self.pending is not None or not self.state.is_terminal():
                return events
            question = self.adapter.final_question(self.state)
            if question is None:
                return events
            if len(question.options) > 1:
                self.pending = question
                self._log("question", question=question.prompt, options=list(question.option_texts))
                return events + [QuestionAsked(question)]
            revealed = self._reveal(question.reveals_after[0] if question.reveals_after else ())
            if not revealed:  # nothing it could settle: ask nothing more
                return events
            events += revealed  # the only possible answer (the one copy nobody accounts for)
        return events

    def reject(self) -> list[TrackerEvent]:
        """The players say none of the pending question's options is what happened: nothing is
        applied, and the table must be put back (an illegal-move alert until it is)."""
        if self.pending is None:
            raise RulesError("there is no question to answer")
        self._end_two_step()  # none of the follow-up's options either: the whole question is refused
        self._log("answer", option=None, text="none of these")
        if self._seat_default is not None:  # a seat wait's question: the game as it stood before it
            self._remake(self._seat_default, self._seat_revealed)
            self._seat_default = None
            self._scene_mark = len(self.state.history)
        recovery = self.pending.recovery
        widened_before = self.pending.widened
        # not offered again; the next scene that changes the table is tried once more
        self._rejected.update(zip((self.pending.take_back_count(i) for i in range(len(self.pending.options))),
                                  self.pending.options))
        asked, self._asked_scene = self._asked_scene, None
        self.pending = None
        if not recovery and not widened_before and asked is not None:
            second = self._widened_question(asked)
            if second is not None:
                return [second]
        # a widened question on a scene no legal move explained: rejected, the diagnosis is the alert
        diagnosis, self._widened_reason = (self._widened_reason if widened_before else ""), ""
        self.alert = diagnosis or (
            "the players say none of the camera's options is where the game stands: put the table "
            "back as it was, undo, or confirm what happened" if recovery else
            "the players say none of the camera's options happened: put the table back as it was")
        self._log("illegal", reason=self.alert, differences=[])
        events: list[TrackerEvent] = [IllegalMoveAlert(self.alert)]
        if not recovery and asked is not None:
            # no option explains the scene: one more unexplained scene, and where it follows
            # another one, a recovery at once, which leaves these options out and looks further
            # back (bench seed 97612: a misread refill was confirmed; the later scenes alternated
            # between a question the players rejected and an alert, the count of unexplained
            # scenes went back to nothing at each question, and no recovery ever saw the two
            # scenes that showed the misread; the game was lost from move 19)
            self._note_unexplained(asked)
            if len(self._unexplained) >= max(self.config.recover_after, self._retry_at()):
                question = self._recover()
                if question is not None:
                    events.append(question)
            elif len(self._unexplained) == 1:
                # the moves the last scenes confirmed, made again amended, at once: a visible
                # swap taken as the mover's own after the mover's unseen turn is given back to
                # the next player before another scene is asked about and rejected (advanced
                # 61804: two rejected questions, two false alarms, before each such recovery)
                question = self._recover(amended_only=True)
                if question is not None:
                    events.append(question)
        return events + self._judge_held()

    def _widened_question(self, asked: Obs, reason: str = "") -> QuestionAsked | None:
        """The players rejected every option for the scene ``asked`` (or, ``reason`` given, no
        legal move explained it): ask once more with the scene's unexpected readings widened to
        their near neighbours (:meth:`GameAdapter.widened`), the rejected options left out, before
        any alert. A misread (taught Open Season seed 102967: a kept mage-eyepatch read as a
        dagger, every option named a dagger) otherwise loses the game: the true move is never
        offered again. None when widening finds nothing."""
        widened = self.adapter.widened(self.state, asked)
        if widened is None:
            return None
        rejected = {chain for count, chain in self._rejected if count == 0}
        verdict = infer(self.state, widened, self.adapter, self.config, self._fitted, exclude=rejected)
        if isinstance(verdict, Confirmed):
            # the players said the camera's reading was wrong: a widened reading is never taken unasked
            question = Question("", (verdict.moves,), (_chain_text(self.state, verdict.moves),),
                                verdict.reveals_before, (verdict.reveals,))
        elif isinstance(verdict, Question):
            question = verdict
        else:
            return None
        who = acting_player_words(self.state, question.options[0], self.adapter)
        question = replace(question, prompt=f"The camera may have misread something. Which of these did {who} do?",
                           widened=True)
        self._asked_scene = asked  # answered, the scene is explained; rejected, it is unexplained
        self._widened_reason = reason
        self._widened_for = asked
        return self._ask(question, widened=True)

    def confirm_correction(self, moves: list[Move]) -> list[TrackerEvent]:
        """The players say what really happened (after an alert); each move is validated."""
        self._answer_waiting_first()
        trial = self.state.clone()
        for move in moves:
            trial.push(move)  # raises IllegalMoveError, leaving self.state untouched
        events = self._clear_alert("the players confirmed a correction")
        self._in_step()
        events += [self._apply(move) for move in moves]
        self._scene_mark = len(self.state.history)  # the players' word: never taken back by itself
        return events

    def put_right(self, key: str, value: str) -> list[TrackerEvent]:
        """The players set a reading the camera got wrong (:meth:`GameAdapter.correctable`): the
        moves it changes are taken back and made again as they should have been, as their word.
        Raises :class:`RulesError` with the reason, the game untouched, when it cannot be."""
        self._answer_waiting_first()
        if self.pending is not None:
            raise RulesError("answer the question first")
        undo, moves = self.adapter.correction(self.state, key, value)
        if not moves:
            return []
        for _ in range(undo):
            self.undo()
        return self.confirm_correction(moves)

    def enter(self, moves: list[Move]) -> list[TrackerEvent]:
        """Moves the players enter on the tablet: choices no camera can see (which Octo Dice dice
        make an action, a bonus action). Validated like any move (IllegalMoveError leaves the
        state untouched) and, being the players' word, never taken back by a later scene."""
        self._answer_waiting_first()
        trial = self.state.clone()
        for move in moves:
            trial.push(move)
        events: list[TrackerEvent] = [self._apply(move) for move in moves]
        self._scene_mark = len(self.state.history)
        return events

    def note(self, text: str) -> None:
        """A players' word that makes no move (an Octo Dice die called cocked that lies flat):
        logged, so the event log tells why the next scene was read as it was."""
        self._log("note", text=text)

    def _answer_waiting_first(self) -> None:
        """The players act on the tablet while a question waits for the next scene: its moves come
        first, so it is asked now (pending) and the action refused until it is answered."""
        if self.seat_wait is not None:  # the players' word from here: the provisional option stands
            self._log("note", text="the question waiting for a later turn is dropped: the players act on the tablet")
            self.seat_wait = None
        if self.waiting is not None:
            self.ask_waiting()
            raise RulesError("answer the question first")

    def undo(self) -> Move:
        if self.waiting is not None:  # the players take back moves: the waiting scene is judged afresh
            self._log("note", text="undo: the question waiting for the next scene is dropped")
            self.waiting = self._waiting_scene = None
        self._held = None
        self._seat_default = None
        move = self.state.pop()
        self._log("undo", text=f"took back: {self.state.describe_move(move)}")
        self._end_two_step()
        self.pending = None
        self._scene_mark = min(self._scene_mark, len(self.state.history))
        self._unexplained = []  # the players changed the game: judge the next scene afresh
        self._asked_at = 0
        return move

    # ---- helpers
    def _ask(self, question: Question, **logged: Any) -> QuestionAsked:
        """Put ``question`` to the players (logged), in steps where its options differ only in what
        the camera did not see, or are too many to read at once (:func:`tracker.two_step.split_question`)."""
        two_step = split_question(self.state, question)
        shown = question if two_step is None else two_step.first
        self._two_step = two_step
        self.pending = shown
        self._log("question", question=shown.prompt, options=list(shown.option_texts), **logged)
        return QuestionAsked(shown)

    def _end_two_step(self) -> None:
        """The pending step's whole question becomes the pending one again (to be answered or
        refused as a whole)."""
        if self._two_step is not None:
            self.pending = self._two_step.whole
        self._two_step = None

    def _take_back(self, observed: Obs, just_made: int) -> list[MovesTakenBack]:
        """When no legal move explains the scene but the table looks exactly as it did before
        the moves the previous scene confirmed, those moves were taken back: undo them (logged),
        so that the alert this raises can clear and later moves are not all illegal. Only the
        moves of the one previous scene qualify, so an older position is never restored. Where
        taking back fewer of them fits as well (the first a pass nobody sees), all of them are:
        the table is as it was before that scene (steep advanced bench seed 72572: a tile taken
        by hand was read as "Red passes, then Yellow swaps two stacks"; at the put-back only the
        swap was taken back, Red's pass stayed, and Red's next move was alarmed as out of turn
        until the game was lost)."""
        if just_made <= 0 or len(self.state.history) < just_made:
            return []
        trial = self.state.clone()
        best: tuple[float, int] | None = None
        for count in range(1, just_made + 1):
            trial.pop()
            cost = total_weight(self.adapter.differences(self.adapter.expected(trial), observed))
            if cost <= self.config.tolerance and cost < self.config.margin \
                    and (best is None or cost <= best[0]):
                best = (cost, count)
        if best is None:
            return []
        texts = []
        undone = []
        for _ in range(best[1]):
            move = self.undo()
            undone.append(move)
            texts.append(self.state.describe_move(move))
        self._scene_mark = len(self.state.history)
        self._taken_back = tuple(reversed(undone))  # to make again if it was no take-back
        return [MovesTakenBack(tuple(reversed(texts)))]

    def _apply(self, move: Move) -> MoveConfirmed:
        player = self.state.current_player()
        text = self.state.describe_move(move)
        self.state.push(move)  # validated: a bug in an adapter can never corrupt the state
        if self.log is not None:
            self.log.append("move", player=player, move=self.state.game.move_codec.encode(move), text=text)
        return MoveConfirmed(player, move, text)

    def _reveal(self, reveals: tuple[tuple[Any, Any], ...] | list[tuple[Any, Any]]) -> list[TrackerEvent]:
        events: list[TrackerEvent] = []
        for location, value in reveals:
            try:
                self.state.reveal(location, value)
            except RulesError as exc:
                self._log("note", text=f"ignored a reveal at {location!r}: {exc}")
                continue
            if self.seat_wait is not None and not self._remaking:
                self.seat_wait.revealed.append((len(self.state.history) - self.seat_wait.mark, location, value))
            if self.log is not None:
                # rich values (an Octocube Tile) are logged by their own JSON form (a label)
                logged = value.to_json() if callable(getattr(value, "to_json", None)) else value
                self.log.reveal(self.state, location, logged)
            events.append(TilesRevealed(location, value))
        return events

    def _clear_alert(self, why: str) -> list[TrackerEvent]:
        if self.alert is None:
            return []
        self.alert = None
        self._log("note", text=f"alert cleared: {why}")
        return [AlertCleared(why)]

    def _log(self, type_: str, **payload: Any) -> None:
        """Log an event with the acting player: the seat to move once it happened (after an
        undo, the seat whose move was taken back); replay checks it against the engine."""
        if type_ == "note" and self.on_note is not None:
            self.on_note(str(payload.get("text", "")))
        if self.log is not None:
            payload.setdefault("player", self.state.current_player())
            self.log.append(type_, **payload)
