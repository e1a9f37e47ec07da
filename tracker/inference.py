"""Move inference: which legal move (or chain of moves) explains what the camera now sees?

The tracker never guesses. For every still scene it compares the observation with what the
engine says the table should look like after each candidate chain of legal moves:

* exactly one best chain within tolerance      -> the move is confirmed and applied;
* several chains the camera cannot tell apart  -> a :class:`Question` for the players;
* no chain explains it                         -> an :class:`IllegalObservation` with a plain
  reason; the engine state is left alone until the table is put back or a correction confirmed.

A *game adapter* supplies the game-specific parts: what the camera would see in a state, how an
observation differs from it, which chains to try, and what to reveal.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from rules.core import Move, RulesError, State
from tracker.adapter import Difference, GameAdapter, Obs, St

__all__ = ["Compared", "Confirmed", "Difference", "GameAdapter", "IllegalObservation", "InferenceConfig", "NoChange",
           "Question", "Verdict", "differences_once", "infer", "recover", "scratch_copy", "total_weight"]


@dataclass(frozen=True)
class Confirmed:
    moves: tuple[Move, ...]
    descriptions: tuple[str, ...]
    reveals: tuple[tuple[Any, Any], ...] = ()
    reveals_before: tuple[tuple[Any, Any], ...] = ()
    """Unknowns to fill in before the moves (what made the chain possible)."""
    cut: bool = False
    """The adapter's candidate search stopped at its work bound (:meth:`GameAdapter.search_chains`):
    the chain is the only one found to fit, not surely the only one that fits."""
    catch_up: bool = False
    """The chain is one of the adapter's catch-up (or missed-scene, unseen-round) chains: it runs
    over more than the player to move's turn, as if one scene had been missed."""


@dataclass(frozen=True)
class Question:
    """The camera cannot tell these chains apart; the players choose one."""

    prompt: str
    options: tuple[tuple[Move, ...], ...]
    option_texts: tuple[str, ...]
    reveals_before: tuple[tuple[Any, Any], ...] = ()
    reveals_after: tuple[tuple[tuple[Any, Any], ...], ...] = ()
    """Per option: the unknowns the asking scene shows once that option's moves are made (a stack
    a cube just left). Applied with the answer: the scene is not read again, and a stack top
    left unseen could later be taken by hand without anyone noticing."""
    take_back: tuple[int, ...] = ()
    """Per option: how many of the tracker's last confirmed moves that option first takes back
    (a recovery question, see :func:`recover`); empty means none for every option."""
    recovery: bool = False
    """Asked because the tracker had lost step with the table (:func:`recover`)."""
    reveals_before_each: tuple[tuple[tuple[Any, Any], ...], ...] = ()
    """Per option (after ``reveals_before``): the unknowns that option's moves need and that the
    option itself names (:meth:`GameAdapter.reveal_alternatives`: a tile nobody saw, scored onto
    a board where it looks like the tiles already there); empty means none for every option."""
    widened: bool = False
    """Asked with the scene's readings widened to their near neighbours (:meth:`GameAdapter.widened`),
    after the players rejected its first question or where no legal move explained it: rejected
    too, it is not widened again (the alert follows)."""

    option_costs: tuple[float, ...] = ()
    """Per option: the weight of its differences from the scene asked about (empty where not
    scored: recovery, final and hand-made questions). Options of equal weight explain the scene
    equally well: the camera cannot tell them apart now (``InferenceConfig.next_scene_settles``)."""

    whole: Question | None = None
    """Set on a step of a question asked in steps (:mod:`tracker.two_step`): the whole question."""
    stands_for: tuple[tuple[int, ...], ...] = ()
    """Per option of such a step: the options of ``whole`` it stands for."""

    @property
    def option_turned(self) -> tuple[bool | None, ...]:
        """Per option: whether its moves put a cube down turned (a move's ``turned``: Octocube's
        :class:`~rules.octocube.moves.Place`), None where none of its moves says (no placing).
        Read by a tablet only (``ui.display.DisplayConfig.unturned_words``): an unturned placing
        has no words for its orientation, so its words alone cannot lead with "not turned"."""
        return tuple(None if o is None else bool(o[2]) for o in self._placings())

    @property
    def option_orientation(self) -> tuple[tuple[str, str] | None, ...]:
        """Per option: the (down, north) faces its placing puts the cube down with (the last
        placing of its moves), None where it has none. With :attr:`option_turned`, what a tablet
        leads a turned option with where its words differ from an unturned one's only by the
        whole turn ("east face down, bottom face looks north")."""
        return tuple(None if o is None else (o[0], o[1]) for o in self._placings())

    def _placings(self) -> list[tuple[str, str, bool] | None]:
        out: list[tuple[str, str, bool] | None] = []
        for chain in self.options:
            placed = [move for move in chain if hasattr(move, "turned") and hasattr(move, "orientation")]
            if not placed:
                out.append(None)
                continue
            down, north = getattr(placed[-1], "orientation")
            out.append((str(down), str(north), any(bool(getattr(move, "turned")) for move in placed)))
        return out

    def take_back_count(self, option: int) -> int:
        """Confirmed moves to take back before option ``option``'s moves are made."""
        return self.take_back[option] if option < len(self.take_back) else 0

    def reveals_before_option(self, option: int) -> tuple[tuple[Any, Any], ...]:
        """Unknowns to fill in before option ``option``'s moves are made."""
        each = self.reveals_before_each[option] if option < len(self.reveals_before_each) else ()
        return self.reveals_before + each


@dataclass(frozen=True)
class IllegalObservation:
    reason: str
    differences: tuple[Difference, ...] = ()


@dataclass(frozen=True)
class NoChange:
    """The scene matches the current state (nothing happened, or the table was put back)."""

    reveals: tuple[tuple[Any, Any], ...] = ()


Verdict = Confirmed | Question | IllegalObservation | NoChange

Compared = dict[Hashable, tuple[Any, list[Difference]]]
"""Views already compared with one scene in one search: view key (:meth:`GameAdapter.view_key`)
-> the view (kept alive with its key) and its differences (:func:`differences_once`)."""


@dataclass(frozen=True)
class InferenceConfig:
    tolerance: float = 0.6
    """Total difference weight still accepted as a match (absorbs one doubtful reading)."""
    margin: float = 0.5
    """The best chain must beat any differently-looking runner-up by this much weight."""
    max_chains: int = 5000
    """Safety limit on chains tried per observation."""
    catch_up_alternatives: int = 8
    """The adapter's first (likeliest) ``reveal_alternatives`` tried with its catch-up chains: each
    costs a whole catch-up search, tried again at every scene while the game is lost (a kids cube's
    unseen tile may be any of some 30 tiles)."""
    doubtful_reading: float = 0.8
    """A difference weighing less than this comes from a doubtful reading (confidence < 0.8)."""
    doubtful_tolerance: float = 1.2
    """A chain whose differences are all doubtful readings is still accepted up to this total
    weight, but only as a clear winner (see ``clear_margin``)."""
    clear_margin: float = 1.0
    """How much such a chain must beat "nothing happened": one doubtful reading (a tile rotation
    read with a shaky lead, a stack top half hidden by a cube) must not turn a move that explains
    everything else into an illegal-move alert, yet a real illegal change (a tile taken by hand, a
    cube slid two spaces) leaves confident differences that no chain removes. Chains within the
    usual margin of it that look different still make a question."""
    recover_after: int = 2
    """Still scenes in a row that no legal move explains before the tracker looks for the legal
    position that matches the table (:func:`recover`) and asks the players about it. One such
    scene is an illegal-move alert (the table may be put back); a second one means the tracker,
    not the table, is probably out of step."""
    recovery_patience: int = 8
    """Unexplained scenes in a row up to which a recovery that found nothing is tried again at
    each new scene; beyond, only once their number has doubled since the last try. A tracker
    lost that long is many moves behind the table (bench seed 97213: lost at the expert set-up,
    every later scene was a recovery of some 29 searches and 50,000 moves tried, 6-30 s a scene
    and growing: the game never ended), and a recovery explains only the last
    ``recovery_scenes`` scenes, which do not get easier. Counts scenes, not seconds: a lost
    stretch of n scenes makes at most ``recovery_patience`` + log2(n) recoveries."""
    recovery_undo: int = 6
    """How many of the tracker's last confirmed moves a recovery may take back."""
    recovery_scenes: int = 4
    """Unexplained scenes (the latest ones) a recovery explains in turn."""
    recovery_beam: int = 12
    """Positions kept after each of those scenes."""
    recovery_budget: int = 3000
    """Candidate chains (as the adapter returns them, each then scored) one whole recovery may
    search, over all its take-backs, paths and scenes. ``max_tries`` and ``max_chains`` bound one
    search; a recovery is up to ``recovery_undo`` + 1 positions x ``recovery_scenes`` scenes x a
    beam of ``recovery_beam`` paths, each a full search, and the searches from deep take-backs fill
    a gap of several moves with thousands of chains. Measured on Open Season bench seed 97404
    (lost step, every later scene a failing recovery; CPU s of the searches and chains found over
    its first ~5 recoveries, by moves taken back k): k=0 0.4 s / 243 chains, k=2 11 s / 7,107,
    k=4 22 s / 17,672, k=5 54 s / 42,511, k=6 77 s / 59,670 -- some 1.3 ms a chain on these 2
    cores, scoring aside; one failing recovery took 47-149 s and the game never ended. The search
    goes from the fewest moves taken back up; once the budget is spent no new search starts: the
    positions already found at the latest scene are offered, a take-back whose scenes are not all
    searched gives none, and no deeper one is tried. Counts chains, not seconds (the same answer
    on a busy machine), each weighed by the adapter's ``recovery_chain_weight`` (Open Season 3:
    its chains cost some 3 times as much). Octocube's recoveries in tests/tracker/test_recovery.py
    search 345-1,900 chains to find the table one move back, 3,040 two moves back. The moves a
    take-back makes again amended (:meth:`GameAdapter.amended_chains`) are searched first, with a
    budget of their own as large."""
    unseen_round_gain: float = 0.3
    """Where the best chain found fits only by a doubtful reading weighing at least this much, the
    adapter's :meth:`GameAdapter.unseen_round_chains` are tried too, and those that fit better by
    at least this much are offered beside it (never confirmed alone: the reading is doubtful).
    Fresh taught game 72777 (printing 998142, 2 players, tilt 7.1, lamp), moves 145-148: Yellow
    pivoted, Red pivoted its bare cube unseen, Yellow pivoted, Red rolled onto A3; Red's cube top
    was read doubtfully, so "Yellow pivots, then Red rolls" (Red's cube turned wrong) fitted within
    the tolerance, the round was never tried, and the players said none of these twice (2 false
    alarms). Read surely, that chain was confirmed unasked. Below this weight a reading is noise."""
    next_scene_settles: bool = True
    """A question whose options all leave the same table (the camera cannot tell them apart now)
    and that the adapter says the next scene tells apart (:meth:`GameAdapter.question_may_wait`)
    waits for the next still scene instead of being asked: the option under which that scene alone
    is explained is made unasked; if none or several explain it, the question is asked then, and
    that scene is judged after the answer (:class:`tracker.session.TrackedGame`). Taught Open Season
    game 103057 (printing 998170, dim lamp): 20 of its 22 questions were inn takes whose card left
    in slot 3 lay hidden behind the deck, each told apart by the next scene, where the two taken
    cards show on the wall and atop the stock. False: every such question is asked at once."""
    seat_settles: bool = True
    """A question whose options all leave the same table and differ in one move only, whose effect
    only its seat's later turn shows (:meth:`GameAdapter.question_waits_for_seat`: Octocube's cube
    placed bare side up -- which face went down, which looks north -- and a bare cube's unseen
    pivot or pass), waits without asking: the first option is made (provisionally) and the later
    scenes are judged under every remaining option, each dropped when a scene is explained better
    by the inference margin under another; an option that alone explains a scene the provisional
    one does not is made instead (its moves made again on it, logged as undos and moves). Once one
    option is left it stands, unasked (a tracker note); when that seat's next visible turn has been
    judged, or ``seat_wait_scenes`` scenes have passed, or the game ends, the options still left are
    asked. An illegal move during the wait (no option explains the scene) alarms at its own scene,
    as always. Session 81 (ask81): Octocube observations bench seed 749643 asked 598 questions,
    place80 found 37 % of taught games' questions were such placings and 28 % such pivots.
    False (the off control): asked at once, as before. The observation benches hold with it on
    (749643: 598 -> 442 questions; 805552: 534 -> 405; all else equal) and taught game 72853 asks
    22 instead of 27 (ask81). On since session 82 (ask82): the tests about asking at once pass
    ``InferenceConfig(seat_settles=False)``; ``seat_weigh_cheap`` keeps the bench's CPU within
    1.5x of off (docs/teach.md, "Session 82, helper ask82")."""
    seat_wait_turns: int = 1
    """How many of its seat's visible turns (:meth:`GameAdapter.settles_seat_wait`) a seat wait
    (``seat_settles``) stays open while more than one option is left: 1 (the off control, as in
    sessions 81-83) asks the options left once the seat's next visible turn is judged; n > 1 keeps
    waiting over n of its turns (bounded by ``seat_wait_scenes``, ended by the game's end or a scene
    that is a question of its own), each later scene still judged under every option left and the
    wait settled unasked the moment one option is left. The options differ in how a cube lies
    (which face went down, which looks north): equal in everything seen and scored until a later
    roll or placing brings a face up or down, which drops the options it contradicts; the game's
    state is always one of the options, repaired (moves taken back and made again) when a scene
    drops it. Session 84 (ask84): taught games 72873/72874 asked 50 questions, 27 of them placings or
    bare pivots (21 at the end of a seat wait); against the twin's truth a wrong option never changed
    a score, a legality judgement or the prompt before a scene told it, and 6 of those waits a perfect
    reading settles by the seat's second turn. Observations (24 games) 612345 / 318101 / 318102:
    385 -> 350, 411 -> 364, 398 -> 356 questions with 2, every game's moves, illegal flags and false
    alarms equal, CPU alike; 3 turns: 339 on 612345 (not taken) (docs/teach.md, "Session 84, helper
    ask84"). **Built, left at 1 (the lead, session 84):** with 2 the app's demo film (tests/ui/test_app.py,
    ``test_answering_a_question_updates_the_state``) ends with its seat wait still open, so the
    players are never asked and the tablet never shows the question: a wait still open when the camera
    stops is not asked yet. Its one whole taught game (72877, printing 998323) was lost at move 30 (a
    rejected seat-wait question's chain made again; traced to ``TrackedGame.reject``, not to this
    switch). 1: as before."""
    seat_wait_scenes: int = 12
    """Most still scenes a question waits for its seat's next turn (``seat_settles``) before the
    options still left are asked: a lost turn must not leave a question open for ever."""
    seat_weigh_cheap: bool = True
    """How a seat wait (``seat_settles``) weighs a later scene under the options it keeps. An option
    explained under the margin by n moves is kept, so no option explained by more than n is among the
    fewest: (1) where n <= 2, another option none of whose runs of at most n legal moves (with the
    scene's ``prepare`` reveals and each ``reveal_alternatives``) fits within the margin of it is
    dropped unsearched (``TrackedGame._chain_bound``); (2) options, the provisional one too, are
    searched first without the chains over two turns (``infer(deep=False)``), and in full only where
    no option explained the scene by one move at most (those chains make two moves or more);
    (3) until such an option is found, the others are searched in order of their one-move bound;
    (4) the scene's own judgement reuses the provisional option's verdict while the game stands as
    it is. The options kept are those a search of each in full keeps (by that argument; measured:
    observations 749643, 598 -> 442 questions as ask81's, every other figure equal, CPU 1.49x of
    off instead of 2x-4.7x; fresh 912001 565 -> 407, 1.54x; session 82, ask82, docs/teach.md).
    Why: cProfile of observation game 749649 with ``seat_settles`` on: 77 of 97 s in the weighing,
    most of it deep searches of orientations the seat's roll had just ruled out (95, all illegal).
    False: every option the provisional one's explanation does not fit is searched in full and
    the verdict inferred again (ask81's weighing)."""
    recovery_stones: int = 4
    """Stepping stones: where a recovery finds nothing, it searches again over the latest
    ``recovery_stone_scenes`` scenes, and at a scene that no path fits within the tolerance (the
    reader misread it) it carries the ``recovery_stones`` best-fitting positions reached there
    (over the tolerance, each a different table, by their fit to that scene alone, the fewest
    moves first) on to the next scene instead of only the position before it. A stretch of
    misread scenes is then bridged by one short chain per scene, where the plain search needs one
    chain from before the stretch to the first scene read right: fresh game 72821 (printing
    998211), changes 22-25 misread (the truth costs 1.66-2.42 there), scene 26 read right but five
    moves on from the tracker's position, which no chain family holds; no "lost track" question
    was ever asked and the game was lost. Four: from the true position, the true table ranked
    0-4 among the different tables of each of those scenes (ties of fit broken by fewest moves),
    and each stone costs a whole search at the next scene (recover77). 0: off (the plain search)."""
    recovery_stone_scenes: int = 7
    """The latest unexplained scenes the stepping-stone search explains in turn: a stretch of up to
    six misread scenes and the first one read right (``recovery_scenes`` is the plain search's)."""
    recovery_stone_alike: int = 4
    """Most stones kept per table look at a misread scene (``recovery_stones`` counts the looks):
    chains that leave the same table but differ in what the camera cannot see go on together, or
    the true one may be dropped for an alike wrong one. Fresh game 72833 (printing 998218, 4p):
    Yellow's bare cube pivots 90/180/270 or passes at change 17, all alike, then scene 18 is
    misread; keeping one chain per look (1, recover77's rule) carried only "pivot 90" and the
    question at 19 offered one wrong option, with the truth (pivot 270) lost. Four: a pass and
    the three pivots of one cube (stones77). The alike chains ride along with the first of their
    look, searched once (searching each spent ``recovery_stone_budget`` before Octocube observation
    seed 424201's first scene read right: no question), and are offered where they leave the same
    table as it at the latest scene. 1: one chain per look."""
    recovery_stone_undo: int = 1
    """How many of the tracker's last confirmed moves the stepping-stone search may take back (a
    move confirmed from the stretch's first misread scene); each costs a whole search again, and
    while the latest scene is still misread every search fails, at every scene of the stretch
    (72821, 3 unexplained scenes: 0.85 s the plain search, 3.9 s with stones from 0-6 moves back, a
    budget of 12,000)."""
    recovery_stone_budget: int = 20000
    """Candidate chains (weighed like ``recovery_budget``) the stepping-stone search of one
    recovery may search, over all its take-backs: it runs only where the plain search found
    nothing, up to ``recovery_stones`` searches a scene of 100-5,000 chains each (Octocube
    observation seed 424202, five misread scenes: 16,100 chains before the first scene read
    right, ~2 s on the shared 2 cores; 6,000 stopped seed 424201's search at the fourth of six).
    The latest scene may be searched in part (the paths searched first, the best, fit it)."""
    cut_search_stones: bool = True
    """Where the tracker is out of step (unexplained scenes before this one) and the scene is
    explained by a chain that the adapter's candidate search found before it stopped at its work
    bound (:attr:`Confirmed.cut`), the stepping-stone search (``recovery_stones``) over the
    unexplained scenes and this one is tried first, and what it finds is asked as a recovery
    question; the chain is confirmed only where it finds nothing. A cut search finds the first
    chains of its move order: Open Season observation seed 424301, scenes 20-25 misread (player 1's
    accolades 15 too many), scene 26 eight moves on; the walk spent its 20,000 tries on the first
    refill drawing elf-tattoo or mage-tattoo and never tried the true sorcerer-eyepatch; one chain
    (elf-tattoo drawn first, sorcerer-eyepatch in the second refill: the same table, another inn
    order) fitted at cost 0 and was confirmed unasked, a wrong history nobody was told about
    (os78). The stones follow the stretch one scene at a time, each search small and whole.
    False: the chain is confirmed (the old rule)."""
    catch_up_stones: bool = True
    """As ``cut_search_stones``, for a scene after unexplained ones explained by a catch-up chain
    (:attr:`Confirmed.catch_up`): such a chain assumes one scene was missed, but a stretch of
    misread scenes may hide more moves that leave the same table. Octo Dice observation seed
    424201 (3 players), scenes 22-23 with the first set-aside die read as another face: at scene
    24 (read right; truth: roll, set aside two, roll the other two) the catch-up "roll, set aside
    two" with the second roll's faces as the first roll's fitted and was confirmed unasked; the
    turn's actions then fitted no scene and the game was lost (36 moves right; os78). False: the
    catch-up is confirmed (the old rule)."""
    recovery_options: int = 64
    """Most options a recovery question offers (the best-fitting, the fewest moves changed first).
    Generous: options that differ only in what the camera cannot see (which way a pass or pivot
    went, how a cube was turned when placed) multiply over three turns, and the true one must be
    among them (with 8, bench seed 50413 offered none that was true: three rejections, wrong
    scores). Ordinary questions are not capped either."""


@dataclass
class _Scored:
    chain: tuple[Move, ...]
    cost: float
    differences: list[Difference] = field(default_factory=list)
    view: Any = None
    reveals: tuple[tuple[Any, Any], ...] = ()
    """Unknowns filled in for this chain alone (one of the adapter's ``reveal_alternatives``)."""


def infer(
    state: St,
    observed: Obs,
    adapter: GameAdapter[St, Obs],
    config: InferenceConfig | None = None,
    previous: Obs | None = None,
    exclude: Collection[tuple[Move, ...]] = (),
    deep: bool = True,
) -> Verdict:
    """Decide what ``observed`` means for ``state`` (``state`` itself is not changed);
    ``previous``: the last still scene the game explained, for :meth:`GameAdapter.doubt`;
    ``exclude``: chains the players already said did not happen (never offered, never the best);
    ``deep`` False: where no chain of the player to move explains the scene, the chains over two
    turns or more (catch-up, missed-scene, unseen-round) are not tried and the verdict is an
    :class:`IllegalObservation` with no reason (for a caller that would drop any such chain: a seat
    wait's option beside one explained by one move, ``InferenceConfig.seat_options_shallow``)."""
    config = config or InferenceConfig()
    here = adapter.expected(state)
    here_diffs = adapter.differences(here, observed)
    # what changed since the last explained scene where the state names nothing (a cube top
    # nobody named, read as a coin then and a starfish now): a move, not a name for it
    if previous is not None:
        here_diffs += adapter.unseen_changes(state, previous, observed)
    here_cost = total_weight(here_diffs)
    if here_cost <= config.tolerance and here_cost < config.margin:
        return NoChange(tuple(adapter.reveals(state, observed)))
    # A doubtful difference (within the tolerance) may still be a real move that a better chain
    # explains outright (a pivot read with a shaky cube confidence): such a chain wins when it
    # beats "nothing happened" by the margin; otherwise the scene counts as unchanged.
    trial = scratch_copy(state)  # one copy; each chain is pushed and popped again (cheap undo)
    # Unknowns the observation settles before any move can be tried (a tile nobody saw on a
    # cube's hidden face that now lies on the board); applied to the real state only with the
    # chain they made possible.
    before: tuple[tuple[Any, Any], ...] = tuple(adapter.prepare(state, observed))
    applied = []
    for location, value in before:
        try:
            trial.reveal(location, value)
            applied.append((location, value))
        except RulesError:
            pass
    before = tuple(applied)
    base = trial if before else state
    compared: Compared = {}  # the views already compared with ``observed`` in this call
    search = adapter.search_chains(base, observed)
    scored = _score(trial, search.chains, adapter, observed, config.max_chains, previous, compared)
    cut = search.cut
    catch_up = False
    scored += _score_alternatives(trial, adapter, observed, config.max_chains, {s.chain for s in scored},
                                  adapter.candidate_chains, compared=compared)
    if exclude:
        scored = [s for s in scored if s.chain not in exclude]
    # rounded as the costs are: a move that removes exactly the margin's weight (a slot read hidden
    # behind the deck, 0.5, beside a doubtful wall card, 0.1, on both views) beats "nothing
    # happened" (0.6 - 0.5 is 0.09999999999999998 in floating point, under the chain's 0.1: bench
    # seed 102618, a refill into that slot never followed, an alarm when the card was taken)
    if here_cost <= config.tolerance and not any(s.cost <= round(here_cost - config.margin, 9) for s in scored):
        return NoChange(tuple(adapter.reveals(state, observed)))
    tolerance = _accepted_cost(scored, here_cost, config)
    if tolerance is None and not deep:
        return IllegalObservation("", tuple(here_diffs))
    if tolerance is None:
        # No chain of the player to move explains the scene. A scene may have been missed (a
        # hand hid the table while two players moved, or the last scene raised an alert): try
        # the chains that run over the next player's turn too, if the adapter offers them.
        # Only a plain fit counts here (no doubtful winner): four moves squeezed into two turns
        # can look almost right.
        more = _score(trial, [*adapter.catch_up_chains(base, observed), *adapter.missed_scene_chains(base, observed)],
                      adapter, observed, config.max_chains, previous, compared)
        more += _score_alternatives(trial, adapter, observed, config.max_chains, {s.chain for s in more},
                                    adapter.catch_up_chains, config.catch_up_alternatives, compared)
        if exclude:
            more = [s for s in more if s.chain not in exclude]
        if not more or min(s.cost for s in more) > config.tolerance:
            # a whole round nobody saw between the two turns that show (a pivot of a bare cube, then
            # a pass): tried only when the shorter ways fail, as it fits wherever they fit
            late = _score(trial, list(adapter.unseen_round_chains(base, observed)), adapter, observed,
                          config.max_chains, previous, compared)
            if exclude:
                late = [s for s in late if s.chain not in exclude]
            if late and min(s.cost for s in late) <= config.tolerance:
                more = late
        if more and min(s.cost for s in more) <= config.tolerance:
            scored = more
            tolerance = config.tolerance
            catch_up = True
    if tolerance is None:
        return IllegalObservation(adapter.diagnose(state, observed, here_diffs), tuple(here_diffs))
    kept_beside = _beside_an_unseen_round(trial, base, scored, tolerance, adapter, observed, config, previous, exclude,
                                          compared)
    if kept_beside is not None:
        scored = scored + [s for s in kept_beside[1] if s.chain not in {k.chain for k in scored}]
    best = min(scored, key=lambda s: s.cost)
    best_cost = best.cost
    # Chains within the margin of the best: the same view means the camera cannot tell them
    # apart (ask); a different view means the reading is too doubtful to choose (also ask).
    close = [
        s
        for s in scored
        if (s.cost <= tolerance or _doubtfully_worse(s, best, config))
        and (s.cost == best_cost or s.cost < round(best_cost + config.margin, 9))
    ]
    # A chain and its longer extensions that look the same are one choice: keep the shortest.
    # The same chain naming another unknown is another choice (kids seed 61642: a Retrieve whose
    # unseen face was a light blue amphora or a white amphora, both left over unseen).
    close.sort(key=lambda s: (s.cost, len(s.chain)))
    distinct: list[_Scored] = []
    for s in close:
        if any(_is_prefix(d.chain, s.chain) and d.view == s.view and d.reveals == s.reveals for d in distinct):
            continue
        distinct.append(s)
    if kept_beside is not None and not any(s.chain == kept_beside[0].chain for s in distinct):
        distinct.append(kept_beside[0])  # the doubtful reading's own explanation stays an option
    if len(distinct) == 1 and not adapter.doubt(with_reveals(trial, distinct[0].reveals), distinct[0].chain,
                                                 observed, previous) \
            and not (distinct[0].reveals and adapter.doubt_named(trial, distinct[0].reveals)):
        best = distinct[0]
        work = with_reveals(trial, best.reveals)
        with pushed(work, best.chain):
            after = tuple(adapter.reveals(work, observed))
        texts = []
        for move in best.chain:
            texts.append(work.describe_move(move))
            work.push_unchecked(move)
        return Confirmed(best.chain, tuple(texts), after, before + best.reveals, cut=cut,
                         catch_up=catch_up)
    option_texts = _distinct_texts(trial, [s.chain for s in distinct], [s.reveals for s in distinct], adapter)
    after_each = []
    for s in distinct:
        with pushed(with_reveals(trial, s.reveals), s.chain) as work:
            after_each.append(tuple(adapter.reveals(work, observed)))
    who = acting_player_words(state, distinct[0].chain, adapter)
    return Question(
        prompt=f"The camera cannot tell what {who} did. Which was it?",
        options=tuple(s.chain for s in distinct),
        option_texts=option_texts,
        reveals_before=before,
        reveals_after=tuple(after_each),
        reveals_before_each=tuple(s.reveals for s in distinct) if any(s.reveals for s in distinct) else (),
        option_costs=tuple(s.cost for s in distinct),
    )


def _beside_an_unseen_round(trial: St, base: St, scored: list[_Scored], tolerance: float,
                            adapter: GameAdapter[St, Obs], observed: Obs, config: InferenceConfig,
                            previous: Obs | None, exclude: Collection[tuple[Move, ...]],
                            compared: Compared | None = None) -> tuple[_Scored, list[_Scored]] | None:
    """Where the best of ``scored`` fits only by a doubtful reading (``config.unseen_round_gain``):
    that best chain and the adapter's unseen-round chains that fit better by the gain (within
    ``tolerance``), to be offered together; None where there are none (or ``scored`` already
    holds such rounds). A doubtful misread must not hide a round that explains the whole scene."""
    short = min(scored, key=lambda s: s.cost)
    if short.cost < config.unseen_round_gain:
        return None
    late = _score(trial, list(adapter.unseen_round_chains(base, observed)), adapter, observed,
                  config.max_chains, previous, compared)
    known = {s.chain for s in scored}
    if any(s.chain in known for s in late):
        return None  # the scene is already explained by these rounds
    late = [s for s in late if s.chain not in exclude and s.cost <= tolerance]
    if not any(s.cost <= round(short.cost - config.unseen_round_gain, 9) for s in late):
        return None
    return short, late


@dataclass
class _Path:
    chain: tuple[Move, ...]
    skipped: int = 0
    cost: float = 0.0
    start: int = 0
    """Which of the search's starts the path goes on from."""
    marks: tuple[int | None, ...] = ()
    """The chain's length when each scene searched so far was fitted (None: skipped)."""
    stones: int = 0
    """Scenes the path crossed by a stepping stone (a fit over the tolerance, see
    ``InferenceConfig.recovery_stones``)."""
    alike: tuple[tuple[Move, ...], ...] = ()
    """Other whole chains that left the same table at each stone (``recovery_stone_alike``): not
    searched on their own, each goes on with this path's later moves and is offered where that
    leaves the table this path leaves."""


def recover(
    state: St,
    scenes: list[Obs],
    adapter: GameAdapter[St, Obs],
    config: InferenceConfig | None = None,
    *,
    redo: tuple[Move, ...] = (),
    exclude: Iterable[tuple[int, tuple[Move, ...]]] = (),
    thorough: bool = False,
    amended_only: bool = False,
    stones_only: bool = False,
) -> Question | None:
    """The legal positions that match the table again after ``scenes`` (still scenes in a row that
    no legal move explained, the latest last), as a question for the players; None when none is
    found within the search.

    Tried from the tracker's position and from each of the positions before its last
    ``config.recovery_undo`` confirmed moves (the tracker may have confirmed or taken back a move
    that was not what happened), each with ``redo`` (moves an automatic take-back removed) as
    well as nothing as a start: the chains that explain the unexplained scenes one after the
    other (the candidate chains of each scene, the adapter's longer :meth:`GameAdapter.recovery_chains`
    for the first one, its catch-up chains for the later ones; a scene may be skipped when the
    table was wrong then, but the latest one must fit plainly). ``exclude``: options the players
    already rejected, as (moves taken back, moves) pairs. The tracker's own position is searched
    first; the positions before its last moves only when nothing fits from there, or when
    ``thorough`` (the players rejected the options found first): each of them costs as much
    again. ``amended_only``: only the moves taken back made again with their first one amended
    (a misread the adapter can name), as tried at the first unexplained scene. ``stones_only``:
    only the stepping-stone search (``InferenceConfig.cut_search_stones``)."""
    config = config or InferenceConfig()
    if not scenes:
        return None
    excluded = set(exclude)
    observed = scenes[-1]
    found: list[tuple[float, int, tuple[Move, ...], Any]] = []
    base = state.clone()
    history = list(state.history)
    spent = 0.0  # candidate chains searched so far, weighed (``config.recovery_budget``)
    depth = min(config.recovery_undo, len(history))
    # first the moves taken back made again with their first one amended (a move confirmed from
    # a misread): few paths, searched before the budget goes on the deep take-backs' thousands
    plans: list[tuple[int, Any, list[_Path]]] = []
    trial = state.clone()
    for k in range(1, 1 if stones_only else depth + 1):
        trial.pop()
        taken = tuple(history[len(history) - k:])
        amended = [_Path(c, start=i) for i, c in enumerate(
            c for c in adapter.amended_chains(trial, taken, observed) if c[:1] != taken[:1])]
        if amended:
            plans.append((k, trial.clone(), amended))
    if stones_only:
        plans = []
    elif not amended_only:
        plans += [(k, None, []) for k in range(depth + 1)]
    plain = False
    for k, amended_base, amended_starts in plans:
        if amended_base is None and not plain:
            # the moves made again have their own budget: their few starts (61588: seven turns
            # nobody saw before a swap given back to the next player) must not leave the plain
            # take-backs none, nor be cut short by them
            plain, spent = True, 0.0
        if spent >= config.recovery_budget:
            if amended_base is not None:
                continue
            break  # the budget is spent: no deeper take-back
        if amended_base is not None:
            work = scratch_copy(amended_base)
            starts = _representatives(work, amended_starts, adapter)
        else:
            if k == 1 and any(f[1] == 0 for f in found) and not thorough:
                break  # the tracker's own position explains the table: take nothing back
            if k:
                base.pop()
            work = scratch_copy(base)
            starts = [_Path(())]
            if k == 0 and redo:
                starts.append(_Path(tuple(redo), start=1))
        paths = starts
        complete = True  # every scene of this take-back searched (the budget lasted)
        for index, scene in enumerate(scenes[-config.recovery_scenes:]):
            last = index == len(scenes[-config.recovery_scenes:]) - 1
            fitted: dict[tuple[Move, ...], _Path] = {}
            # a start made again amended is itself the explanation of what was missed: the next
            # player's turn is tried from every path first, two turns only where no path fits
            # that way (each of its starts would otherwise spend hundreds of chains: 61714)
            for phase in ("plain",) if amended_base is None else ("next turn", "two turns"):
                for path in paths:
                    if spent >= config.recovery_budget:
                        # the paths searched at the latest scene fit it: still offered
                        complete = last
                        break
                    pushed = _push_all(work, path.chain)
                    if pushed == len(path.chain):
                        if phase == "plain":
                            chains = [*adapter.candidate_chains(work, scene),
                                      *(adapter.recovery_chains(work, scene) if index == 0
                                        else adapter.catch_up_chains(work, scene))]
                        elif phase == "next turn":
                            chains = list(adapter.candidate_chains(work, scene))
                        else:
                            chains = list(adapter.catch_up_chains(work, scene))
                        spent += len(chains) * adapter.recovery_chain_weight
                        here = total_weight(adapter.differences(adapter.expected(work), scene))
                        fits: list[tuple[float, tuple[Move, ...]]] = [(here, ())] if here <= config.tolerance else []
                        fits += [(s.cost, s.chain) for s in _score(work, chains, adapter, scene, config.max_chains)
                                 if s.cost <= config.tolerance]
                        for cost, chain in fits:
                            # the paths come best first (fewest scenes skipped): the first to reach
                            # a chain keeps it (its cost is the same whichever path reached it)
                            whole = path.chain + chain
                            if whole not in fitted:
                                fitted[whole] = _Path(whole, path.skipped, cost, path.start,
                                                      path.marks + (len(whole),))
                    for _ in range(pushed):
                        work.pop()
                if fitted or not complete:
                    break
            if not last:  # the table may have been wrong in this scene (put back since)
                for path in paths:
                    if path.chain not in fitted:
                        fitted[path.chain] = _Path(path.chain, path.skipped + 1, path.cost, path.start,
                                                   path.marks + (None,))
            paths = sorted(fitted.values(), key=lambda p: (p.skipped, p.cost, len(p.chain)))
            if not last:
                paths = _beam(paths, config.recovery_beam, len(starts))
            if not complete:
                break
        if not complete:
            if amended_base is not None:
                continue
            break  # an earlier scene not searched whole: what fits the later ones is unknown
        if amended_base is not None and len(starts) < len(amended_starts):
            paths = paths + _substituted(work, paths, starts, amended_starts,
                                         scenes[-config.recovery_scenes:], adapter, config)
        for path in paths:
            result = tuple(history[: len(history) - k]) + path.chain
            if k and path.chain[:1] == tuple(history[len(history) - k: len(history) - k + 1]):
                continue  # taking back a move and making it again: the same as taking back fewer
            if (k, path.chain) in excluded or result == tuple(history):
                continue
            # each result is new: the chains of one ``k`` differ, and the same result from a larger
            # ``k`` would make the taken-back move again (skipped above)
            pushed = _push_all(work, path.chain)
            view = adapter.expected(work)
            for _ in range(pushed):
                work.pop()
            found.append((path.cost, k, path.chain, view))
    if not found and not amended_only and config.recovery_stones > 0 and len(scenes) >= 2:
        found = _stepping_stones(state, scenes, adapter, config, redo, excluded)
    if not found:
        return None
    # the best fit first; then the fewest moves changed (taken back and made), the fewest taken back
    ranked = sorted(found, key=lambda f: (round(f[0], 3), f[1] + len(f[2]), f[1]))
    # a chain and its longer extensions that look the same (an unseen last move) are one choice
    kept: list[tuple[float, int, tuple[Move, ...], Any]] = []
    for item in ranked:
        if any(k == item[1] and v == item[3] and _is_prefix(c, item[2]) for _, k, c, v in kept):
            continue
        kept.append(item)
    kept = kept[: config.recovery_options]
    texts, reveals_after = [], []
    for _, k, chain, _ in kept:
        trial = state.clone()
        undone = [trial.pop() for _ in range(k)]
        words = []
        if undone:
            words.append("take back " + "; ".join(
                _describe_before(trial, list(reversed(undone)))))
        if chain:
            words.append(_chain_text(trial, chain))
        texts.append("; then ".join(words))  # never empty: the tracker's own history is no option
        work = scratch_copy(trial)
        _push_all(work, chain)
        reveals_after.append(tuple(adapter.reveals(work, observed)))
    return Question(
        prompt="The camera lost track of the game. Which of these is what happened?",
        options=tuple(c for _, _, c, _ in kept),
        option_texts=tuple(texts),
        reveals_after=tuple(reveals_after),
        take_back=tuple(k for _, k, _, _ in kept),
        recovery=True,
    )


def _stepping_stones(state: St, scenes: list[Obs], adapter: GameAdapter[St, Obs], config: InferenceConfig,
                     redo: tuple[Move, ...], excluded: set[tuple[int, tuple[Move, ...]]],
                     ) -> list[tuple[float, int, tuple[Move, ...], Any]]:
    """The positions that fit the latest scene, reached across scenes that no path fitted (a
    stretch the reader misread) by stepping stones: the ``config.recovery_stones`` best-fitting
    different tables of such a scene, over the tolerance, go on to the next scene (see
    ``InferenceConfig.recovery_stones``). Searched like :func:`recover`'s plain take-backs (the
    fewest moves taken back first, the first scene with the longer recovery chains), over the
    latest ``config.recovery_stone_scenes`` scenes, within ``config.recovery_stone_budget``;
    only paths that crossed at least one stone are kept (the others are the plain search's).
    Returns :func:`recover`'s (cost, moves taken back, chain, view) entries."""
    window = scenes[-max(config.recovery_scenes, config.recovery_stone_scenes):]
    history = tuple(state.history)
    found: list[tuple[float, int, tuple[Move, ...], Any]] = []
    spent = 0.0
    base = state.clone()
    for k in range(min(config.recovery_stone_undo, len(history)) + 1):
        if k:
            base.pop()
        work = scratch_copy(base)
        paths = [_Path(())] + ([_Path(tuple(redo), start=1)] if k == 0 and redo else [])
        for index, scene in enumerate(window):
            last = index == len(window) - 1
            fitted: list[tuple[float, int, _Path, Any]] = []
            stones: list[tuple[float, int, _Path, Any]] = []
            for path in paths:
                if spent >= config.recovery_stone_budget:
                    break  # the paths searched at the latest scene fit it: still offered
                pushed = _push_all(work, path.chain)
                if pushed == len(path.chain):
                    chains = [*adapter.candidate_chains(work, scene),
                              *(adapter.recovery_chains(work, scene) if index == 0
                                else adapter.catch_up_chains(work, scene))]
                    spent += len(chains) * adapter.recovery_chain_weight
                    here = _Scored((), total_weight(adapter.differences(adapter.expected(work), scene)),
                                   view=adapter.expected(work))
                    for scored in [here, *_score(work, chains, adapter, scene, config.max_chains)]:
                        whole = path.chain + scored.chain
                        alike = tuple(other + scored.chain for other in path.alike)
                        if scored.cost <= config.tolerance:
                            fitted.append((scored.cost, len(scored.chain), _Path(
                                whole, path.skipped, scored.cost, path.start, path.marks + (len(whole),),
                                path.stones, alike), scored.view))
                        elif not last:
                            stones.append((scored.cost, len(scored.chain), _Path(
                                whole, path.skipped + 1, path.cost, path.start, path.marks + (None,),
                                path.stones + 1, alike), scored.view))
                for _ in range(pushed):
                    work.pop()
            if spent >= config.recovery_stone_budget and not last:
                return found  # an earlier scene not searched whole: no deeper take-back either
            paths = _next_paths(fitted, stones, last, config)
            if not paths:
                break
        for path in paths:
            view = None
            for chain in (path.chain, *path.alike):
                result = history[: len(history) - k] + chain
                if not path.stones or (k, chain) in excluded or result == history:
                    continue
                if k and chain[:1] == history[len(history) - k: len(history) - k + 1]:
                    continue  # taking back a move and making it again: the same as taking back fewer
                # an alike chain carries moves found after another chain: they may be illegal after it
                # (a cube scored home that the alike chain left elsewhere), so they are checked
                pushed = _push_all(work, chain, checked=chain is not path.chain)
                left = adapter.expected(work) if pushed == len(chain) else None
                for _ in range(pushed):
                    work.pop()
                if chain is path.chain:
                    view = left
                elif left is None or (view is not None and left != view):
                    continue  # an alike chain that the later moves tell apart (or make illegal)
                found.append((path.cost, k, chain, left))
        if found or spent >= config.recovery_stone_budget:
            break  # the fewest moves taken back that explain the table, or the budget is spent
    return found


def _next_paths(fitted: list[tuple[float, int, _Path, Any]], stones: list[tuple[float, int, _Path, Any]],
                last: bool, config: InferenceConfig) -> list[_Path]:
    """The paths a stepping-stone search goes on with after one scene: at the latest scene every
    path that fits it; before it, the ``config.recovery_stones`` best-fitting different tables
    reached, the fewest moves first, of those that fit the scene or, where none does, of the
    stones. Each carries up to ``config.recovery_stone_alike`` - 1 other chains that left the same
    table (:attr:`_Path.alike`: they differ unseen; searched once, through the first). Paths that
    missed a scene read right are dropped: each would cost a whole search at every later scene
    (72821's scenes after the stretch: 1,000-3,000 chains each)."""
    if last:
        return [path for _, _, path, _ in fitted]
    kept: list[_Path] = []
    views: list[Any] = []
    for _, _, path, view in sorted(fitted or stones, key=lambda s: (round(s[0], 9), s[1])):
        seen = next((i for i, other in enumerate(views) if view == other), None)
        if seen is not None:
            first = kept[seen]
            room = max(0, config.recovery_stone_alike - 1 - len(first.alike))
            kept[seen] = replace(first, alike=first.alike + ((path.chain,) + path.alike)[:room])
        elif len(kept) < config.recovery_stones:
            views.append(view)
            kept.append(path)
    return kept


def _representatives(state: St, starts: list[_Path], adapter: GameAdapter[St, Obs]) -> list[_Path]:
    """The starts a recovery searches from: where the adapter's amended chains that leave the
    same table differ only in a turn nobody saw (:attr:`GameAdapter.amended_alike_searched_once`:
    Octocube's pass, pivots, swaps of alike stacks before moves given back to the next player),
    the first of each kind of move, the others following the paths found from them
    (:func:`_substituted`); else every start."""
    if not adapter.amended_alike_searched_once:
        return starts
    kept: list[_Path] = []
    seen: set[tuple[Any, str]] = set()
    for path in starts:
        pushed = _push_all(state, path.chain)
        view = adapter.expected(state) if pushed == len(path.chain) else None
        for _ in range(pushed):
            state.pop()
        key = (repr(view), type(path.chain[0]).__name__ if path.chain else "")
        if view is None or key not in seen:
            seen.add(key)
            kept.append(path)
    return kept


def _substituted(state: St, paths: list[_Path], searched: list[_Path], starts: list[_Path], scenes: list[Obs],
                 adapter: GameAdapter[St, Obs], config: InferenceConfig) -> list[_Path]:
    """The paths found from the starts ``searched``, each made again from every start not
    searched (``starts``: all of them), kept where it fits every scene it fitted as well: a turn
    nobody saw may be any of them (advanced bench seed 61714: Blue swapped two alike stacks,
    one of 13 such turns; searching each start for the next two scenes cost some 3,400 chains,
    over the budget, and no option was true). Only pushes and comparisons, no search."""
    done = {path.chain for path in searched}
    leads = {path.start: path.chain for path in searched}
    out: list[_Path] = []
    for path in paths:
        lead = leads.get(path.start)
        if lead is None or path.chain[: len(lead)] != lead:
            continue
        rest = path.chain[len(lead):]
        for start in starts:
            if start.chain in done:
                continue
            chain = start.chain + rest
            shift = len(start.chain) - len(lead)
            pushed = _push_all(state, chain)
            cost = path.cost
            fits = pushed == len(chain)
            if fits:
                for _ in range(pushed):
                    state.pop()
                pushed = 0
                for scene, mark in zip(scenes, path.marks):
                    if mark is None:
                        continue
                    while pushed < mark + shift:
                        state.push_unchecked(chain[pushed])
                        pushed += 1
                    cost = total_weight(adapter.differences(adapter.expected(state), scene))
                    if cost > config.tolerance:
                        fits = False
                        break
            for _ in range(pushed):
                state.pop()
            if fits:
                out.append(_Path(chain, path.skipped, cost, start.start,
                                 tuple(None if m is None else m + shift for m in path.marks)))
    return out


def _beam(paths: list[_Path], width: int, starts: int) -> list[_Path]:
    """The best ``width`` of ``paths`` (best first) to go on with; from several starts (moves
    made again after each of the turns nobody saw, 61588), the best of each start alike, at least
    two each: their fits tie, and the first start's longer variants would fill the beam."""
    if starts <= 2:
        return paths[:width]
    each = max(2, width // starts)
    taken: dict[int, int] = {}
    kept = []
    for path in paths:
        if taken.get(path.start, 0) < each:
            taken[path.start] = taken.get(path.start, 0) + 1
            kept.append(path)
    return kept


def total_weight(differences: Iterable[Difference]) -> float:
    """The summed weight of ``differences``, rounded to 9 places: sums of fractional weights are
    compared with the tolerance and margins, and 0.5 + 0.05 + 0.05 is 0.6000000000000001 in
    floating point (bench seed 97218: a take with a slot read hidden behind the deck and two
    unsure accolade counts, exactly at the tolerance, was refused: a false alarm)."""
    return round(sum(d.weight for d in differences), 9)


def _push_all(state: State, chain: tuple[Move, ...], checked: bool = False) -> int:
    """Push ``chain`` (unchecked, or ``checked`` against the rules); how many moves went on (a move
    needing an unseen tile, or with ``checked`` an illegal one, stops it)."""
    pushed = 0
    for move in chain:
        try:
            if checked:
                state.push(move)
            else:
                state.push_unchecked(move)
        except RulesError:
            break
        pushed += 1
    return pushed


def _describe_before(state: State, moves: list[Move]) -> list[str]:
    """The words of ``moves`` as made from ``state`` (which is left as it was)."""
    trial = scratch_copy(state)
    texts = []
    for move in moves:
        texts.append(trial.describe_move(move))
        trial.push_unchecked(move)
    return texts


def _score(trial: St, chains: Iterable[tuple[Move, ...]], adapter: GameAdapter[St, Obs], observed: Obs,
           max_chains: int, previous: Obs | None = None, compared: Compared | None = None) -> list[_Scored]:
    """Each chain pushed on ``trial`` (and popped again), its view compared with ``observed``
    (and, given ``previous``, what still changed unseen after it: ``GameAdapter.unseen_changes``).
    The moves a chain shares with the chain before it stay made (chains come a turn's prefixes
    first, so most share all but their last move), and a view that looks as one already compared
    (:meth:`GameAdapter.view_key`) takes its differences: the same scores as pushing each chain
    from ``trial`` and comparing every view, in a fraction of the time (the sentence corpus and
    every tracking test spend most of their time here). ``compared``: the views compared with
    ``observed`` already (shared by the searches of one scene; filled in here)."""
    scored: list[_Scored] = []
    made: list[Move] = []  # the moves now pushed on ``trial``
    if compared is None:
        compared = {}
    # taken before any move is made: a lazy iterable may read ``trial`` (as ``base``), which it
    # found at its start position between chains when each chain was popped whole (one past the
    # limit is taken, as before)
    for count, chain in enumerate(list(islice(chains, max_chains + 1))):
        if count >= max_chains:
            break
        shared = _shared_prefix(made, chain)
        while len(made) > shared:
            trial.pop()
            made.pop()
        try:
            for move in chain[shared:]:
                trial.push_unchecked(move)
                made.append(move)
        except RulesError:
            # needs something nobody has seen yet: cannot be this chain; every move popped, as
            # before moves were shared (a game whose failed push leaves its undo record behind
            # pops as it did then)
            for _ in made:
                trial.pop()
            made.clear()
            continue
        if chain:
            view = adapter.expected(trial)
            diffs = differences_once(adapter, view, observed, compared)
            if previous is not None:
                diffs += adapter.unseen_changes(trial, previous, observed, chain)
            scored.append(_Scored(chain, total_weight(diffs), diffs, view))
    for _ in made:
        trial.pop()
    return scored


def _shared_prefix(made: Sequence[Move], chain: tuple[Move, ...]) -> int:
    """How many first moves of ``chain`` are the moves ``made``, in order."""
    shared = 0
    for done, move in zip(made, chain):
        if done is not move and done != move:
            break
        shared += 1
    return shared


def differences_once(adapter: GameAdapter[St, Obs], view: Any, observed: Obs, compared: Compared) -> list[Difference]:
    """``adapter.differences(view, observed)``, taken from ``compared`` (filled in here: one dict
    per search of one scene) where a view with the same key was compared already; always a list
    of the caller's own."""
    key = adapter.view_key(view)
    if key is None:
        return adapter.differences(view, observed)
    known = compared.get(key)
    if known is None:
        known = compared[key] = (view, adapter.differences(view, observed))
    return list(known[1])


def with_reveals(state: St, reveals: tuple[tuple[Any, Any], ...]) -> St:
    """``state`` itself when there is nothing to reveal, else a scratch copy with ``reveals``
    filled in (each of them was filled in once already, so none raises)."""
    if not reveals:
        return state
    work = scratch_copy(state)
    for location, value in reveals:
        work.reveal(location, value)
    return work


def _score_alternatives(trial: St, adapter: GameAdapter[St, Obs], observed: Obs, max_chains: int,
                        known: set[tuple[Move, ...]],
                        chains_of: Callable[[St, Obs], Iterable[tuple[Move, ...]]],
                        limit: int | None = None, compared: Compared | None = None) -> list[_Scored]:
    """The chains (``chains_of``: the adapter's candidate or catch-up chains) that only one of the
    adapter's ``reveal_alternatives`` makes possible (those not among ``known``, the chains
    already scored without it), each scored on ``trial`` with that alternative filled in and
    carrying it: a Score of a tile nobody saw becomes a choice, where it could not be formed at
    all (bench seed 72424: the only chain left kept the tile on the cube, and the game derailed
    ten moves later)."""
    out: list[_Scored] = []
    for reveals in adapter.reveal_alternatives(trial, observed)[:limit]:
        try:
            work = with_reveals(trial, tuple(reveals))
        except RulesError:
            continue  # all copies of that tile are accounted for
        chains = [chain for chain in chains_of(work, observed) if chain not in known]
        for scored in _score(work, chains, adapter, observed, max_chains, compared=compared):
            scored.reveals = tuple(reveals)
            out.append(scored)
    return out


def _doubtfully_worse(runner_up: _Scored, best: _Scored, config: InferenceConfig) -> bool:
    """Whether ``runner_up`` (within the margin of ``best``, past the tolerance) is worse than the
    best chain only by doubtful readings, the rest being differences both share: a misread
    elsewhere on the table (weighing on every chain alike) must not push the true chain past the
    tolerance while a look-alike stays within it, and the look-alike be confirmed unasked (Open
    Season seed 102500: a compensation from an inn slot behind the deck, 0.25 for the slot it
    emptied reading hidden, against a blind deck card of the same name, 0; a stock misread, 0.4,
    on both: 0.65 against 0.4, the deck card confirmed and the game lost)."""
    if runner_up.cost > config.doubtful_tolerance:
        return False
    shared = list(best.differences)
    for difference in runner_up.differences:
        if difference in shared:
            shared.remove(difference)
        elif difference.weight >= config.doubtful_reading:
            return False
    return True


def _accepted_cost(scored: list[_Scored], here_cost: float, config: InferenceConfig) -> float | None:
    """The tolerance the best chain passes: the normal one, or (a clear winner whose every
    difference is a doubtful reading) its own cost; None when no chain explains the scene."""
    if not scored:
        return None
    best = min(scored, key=lambda s: s.cost)
    if best.cost <= config.tolerance:
        return config.tolerance
    if best.cost > config.doubtful_tolerance or any(d.weight >= config.doubtful_reading for d in best.differences):
        return None
    if here_cost < round(best.cost + config.clear_margin, 9):
        return None
    return best.cost  # chains as good as it that look different make a question, as usual


def acting_player_words(state: St, chain: tuple[Move, ...], adapter: GameAdapter[St, Any]) -> str:
    """Who made ``chain``, as the adapter names players: the first seat to move in it (a turn
    that starts with a chance outcome, a die roll, has no seat of its own); "the players" when
    nobody does."""
    work = scratch_copy(state)
    try:
        for move in chain:
            seat = work.current_player()
            if seat >= 0:
                return adapter.player_name(seat)
            work.push_unchecked(move)
        seat = work.current_player()
    except RulesError:
        return "the players"
    return adapter.player_name(seat) if seat >= 0 else "the players"


def scratch_copy(state: St) -> St:
    """A copy of ``state`` to push and pop trial moves on: the position and its history, without
    the undo records of the moves already made (never popped here)."""
    return state.copy(stack=False)


@contextmanager
def pushed(state: St, chain: Iterable[Move]) -> Iterator[St]:
    """``state`` with ``chain`` pushed unchecked, for trying what a chain would leave; every move
    pushed is popped again on leaving (also where a move raises :class:`RulesError`, which then
    goes on to the caller)."""
    count = 0
    try:
        for move in chain:
            state.push_unchecked(move)
            count += 1
        yield state
    finally:
        for _ in range(count):
            state.pop()


def _is_prefix(short: tuple[Move, ...], long: tuple[Move, ...]) -> bool:
    return len(short) <= len(long) and long[: len(short)] == short


def _distinct_texts(state: State, chains: list[tuple[Move, ...]],
                    reveals: list[tuple[tuple[Any, Any], ...]] | None = None,
                    adapter: GameAdapter[Any, Any] | None = None) -> tuple[str, ...]:
    """Plain words for each option (made with that option's own ``reveals`` filled in, so that a
    tile it names is named); options that read the same get, in brackets, what tells them apart
    in the game's own words: the moves where they differ (``State.move_detail``: e.g. which faces
    a Score took when two faces hold the same tile), else the unknowns each names (``adapter``'s
    words: "the north face of Red's cube shows a coin", a Retrieve not naming its tiles)."""
    starts = [with_reveals(state, reveals[i]) if reveals else state for i in range(len(chains))]
    plain = [_chain_text(starts[i], chain) for i, chain in enumerate(chains)]
    texts = list(plain)
    for i, text in enumerate(plain):
        alike = [j for j, other in enumerate(plain) if other == text]
        if len(alike) < 2:
            continue
        trial = scratch_copy(starts[i])
        details = []
        for k, move in enumerate(chains[i]):
            if any(len(chains[j]) <= k or chains[j][k] != move for j in alike):
                details.append(trial.move_detail(move))
            trial.push_unchecked(move)
        if not details and reveals and adapter is not None:  # the same moves: told by what each names
            details = [f"{adapter.location_words(where)} shows {adapter.value_words(value)}"
                       for where, value in reveals[i]]
        if not details:  # cannot happen for distinct chains of distinct words; never an empty "()"
            details = [trial.move_detail(move) for move in chains[i]]
        texts[i] = f"{text} ({'; '.join(details)})"
    for i, text in enumerate(plain):  # an option that names an unknown its words do not show
        if texts[i] == text and reveals and reveals[i] and adapter is not None:
            unsaid = [f"{adapter.location_words(where)} shows {adapter.value_words(value)}"
                      for where, value in reveals[i] if adapter.value_words(value) not in text]
            if unsaid:
                texts[i] = f"{text} ({'; '.join(unsaid)})"
    return tuple(texts)


def _chain_text(state: State, chain: tuple[Move, ...]) -> str:
    trial = scratch_copy(state)
    parts = []
    for move in chain:
        parts.append(trial.describe_move(move))
        trial.push_unchecked(move)
    return "; then ".join(parts)
