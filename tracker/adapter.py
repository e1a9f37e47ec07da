"""The game-specific half of move inference, as one abstract base class.

:func:`tracker.inference.infer` is generic: it asks an adapter what the camera should see in a
position, how a reading differs from that, which chains of legal moves are worth trying and what
the reading reveals. Each game's package (``tracker/octocube`` ...) implements the five abstract
methods; the others have documented defaults that a game overrides only when it needs them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rules.core import Move, RulesError, State

if TYPE_CHECKING:
    from tracker.inference import Question

St = TypeVar("St", bound=State)
"""The game's engine state type (an adapter reads its game's own state)."""
Obs = TypeVar("Obs")
"""The game's observation type (what its recogniser reads from a still scene)."""


@dataclass(frozen=True)
class ChainSearch:
    """What :meth:`GameAdapter.search_chains` found: the candidate chains and whether the search
    stopped at the adapter's own work bound before it had tried every move it would have followed
    (a chain found there may be the only one found but not the only one that fits:
    ``InferenceConfig.cut_search_stones``). Returned with the chains, not kept on the adapter: a
    flag set by the last search and read afterwards (session 78) was right only while nothing
    searched in between."""

    chains: Iterable[tuple[Move, ...]]
    cut: bool = False


@dataclass(frozen=True)
class Difference:
    """One way an observation disagrees with an expected view, with how much it counts (a
    confident reading counts fully, a doubtful one less)."""

    description: str
    weight: float = 1.0


@dataclass(frozen=True)
class Correctable:
    """A reading the players may put right on the tablet (an Octo Dice die the camera misread):
    what it is (``key``), what the game took it for (``value``) and what it may be set to."""

    key: str
    value: str
    values: tuple[str, ...]


class GameAdapter(ABC, Generic[St, Obs]):
    """What inference needs to know about one game: ``GameAdapter[St, Obs]`` reads states of type
    ``St`` (the game's own :class:`rules.core.State` subclass) and observations of type ``Obs``."""

    recovery_chain_weight: float = 1.0
    """What one candidate chain (found, then scored) counts for in a recovery's chain budget
    (``InferenceConfig.recovery_budget``), for games whose chains cost more than most to find and
    score (long chains, a large view compared for each)."""
    amended_alike_searched_once: bool = False
    """Whether :meth:`amended_chains` that leave the same table differ only in what the camera
    cannot see (and in the kind of move), so that a recovery searches the scenes after one of each
    kind and checks the others along the paths it found (Octocube: the turns nobody saw before a
    move given back to the next player); False: each is searched (an Open Season refill card
    named otherwise may lie hidden behind the deck, the same table, yet another game)."""

    # ---- required
    @abstractmethod
    def expected(self, state: St) -> Any:
        """What the camera should see in ``state`` (unknowns may match anything); compared with
        ``==`` so that chains that look the same are recognised as one choice."""

    @abstractmethod
    def differences(self, expected: Any, observed: Obs) -> list[Difference]:
        """How ``observed`` differs from ``expected``; empty when they agree."""

    @abstractmethod
    def candidate_chains(self, state: St, observed: Obs) -> Iterable[tuple[Move, ...]]:
        """Chains of legal moves of the player to move worth trying, shortest first (the adapter
        may prune with the observation, e.g. only the moves of the piece that moved)."""

    @abstractmethod
    def reveals(self, state: St, observed: Obs) -> list[tuple[Any, Any]]:
        """(location, value) of unknowns in ``state`` that the observation now shows."""

    @abstractmethod
    def diagnose(self, state: St, observed: Obs, differences: Sequence[Difference]) -> str:
        """A plain-words reason why no legal move explains the observation."""

    # ---- optional, with defaults
    def view_key(self, view: Any) -> Hashable | None:
        """A hashable key of ``view`` (one :meth:`expected` gave) such that two views with the same
        key have the same :meth:`differences` from any observation, in the same order: a search
        then compares each such view with the scene once (many chains leave the same table: an
        Octocube Place in each orientation showing the same top, a pass before the visible move).
        The key may name the view's objects by identity: the search keeps the view alive as long
        as its key. None (the default): every view is compared."""
        return None

    def prepare(self, state: St, observed: Obs) -> list[tuple[Any, Any]]:
        """Unknowns the observation settles before any move can be tried (a tile nobody had seen
        that a move just uncovered). Default: none."""
        return []

    def unseen_changes(self, state: St, previous: Obs | None, observed: Obs,
                       chain: tuple[Move, ...] = ()) -> list[Difference]:
        """What changed between ``previous`` (the last still scene the game explained) and
        ``observed`` that ``state`` (the explained position with ``chain`` made on it) has
        nothing to compare with: a thing nobody has named yet, read as one thing then and as
        another now, which ``chain`` leaves where it was. Only a move explains that, so
        :func:`tracker.inference.infer` counts these against "nothing happened" and against each
        chain that leaves them standing. Default: none."""
        return []

    def reveal_alternatives(self, state: St, observed: Obs) -> list[tuple[tuple[Any, Any], ...]]:
        """Unknowns the observation may settle in more than one way (a tile nobody saw, taken home
        by a cube onto a board read as piles, may be any kind already lying there): each
        alternative is a set of reveals that makes some chains possible. :func:`tracker.inference.infer`
        tries the chains each one makes possible, and a chain that wins carries its reveals (a
        question asks which, with each option its own). Default: none."""
        return []

    def doubt_named(self, state: St, reveals: tuple[tuple[Any, Any], ...]) -> str:
        """Why unknowns that one of :meth:`reveal_alternatives` named (``reveals``) cannot be taken
        on the camera's word when their chain is the only one left (the right value may be one no
        alternative offered): non-empty asks the players to confirm it, as :meth:`doubt` does.
        Default: never in doubt."""
        return ""

    def search_chains(self, state: St, observed: Obs) -> ChainSearch:
        """:meth:`candidate_chains` with whether that search was cut at the adapter's work bound
        (:class:`ChainSearch`). Default: the candidate chains (as lazy as the adapter made them),
        never cut."""
        return ChainSearch(self.candidate_chains(state, observed))

    def catch_up_chains(self, state: St, observed: Obs) -> Iterable[tuple[Move, ...]]:
        """Chains that run over the next player's turn too, tried when no chain of the player to
        move explains a scene (a scene was missed). Default: none."""
        return ()

    def missed_scene_chains(self, state: St, observed: Obs) -> Iterable[tuple[Move, ...]]:
        """Chains tried beside the catch-up chains where a scene is being explained (never in a
        recovery): ways over more turns to reach the same table. Default: none."""
        return ()

    def unseen_round_chains(self, state: St, observed: Obs) -> Iterable[tuple[Move, ...]]:
        """Chains tried last where a scene is being explained (never in a recovery), only when no
        catch-up or missed-scene chain fits: ways that hold a whole round nobody could see.
        Default: none."""
        return ()

    def recovery_chains(self, state: St, observed: Obs) -> Iterable[tuple[Move, ...]]:
        """Longer chains tried when several scenes in a row could not be explained, to find the
        legal position that matches the table again. Default: the catch-up chains."""
        return self.catch_up_chains(state, observed)

    def amended_chains(self, state: St, undone: tuple[Move, ...], observed: Obs) -> Iterable[tuple[Move, ...]]:
        """Legal chains that make the moves a recovery takes back (``undone``, made from
        ``state``) again with their first move amended to what ``observed`` shows: a move
        confirmed from a misread that later scenes contradict (seed 102302: a refill card read
        with another attribute in the two scenes after its draw and read right only afterwards,
        when more moves had been confirmed on top of it). :func:`tracker.inference.recover`
        searches them before its plain take-backs. Default: none."""
        return ()

    def doubt(self, state: St, chain: tuple[Move, ...], observed: Obs, previous: Obs | None) -> str:
        """Why the camera cannot vouch for ``chain`` although it is the only legal explanation of
        ``observed`` (``previous``: the last still scene the game explained, None when unknown):
        something that showed there now shows nowhere, and what the camera cannot see may hide
        it. Non-empty: the players are asked to confirm the chain (a question of one option;
        "none of these" is an illegal-move alert) instead of its being confirmed unasked.
        Default: never in doubt."""
        return ""

    def widened(self, state: St, observed: Obs) -> Obs | None:
        """``observed`` with the readings that ``state`` does not expect (the cards that newly
        show) standing also for their near neighbours (what the reader confuses them with), each
        such stand-in weighing as a doubtful reading; None (the default) when there is nothing to
        widen. Asked for once when the players say none of a question's options happened: a
        reading the camera was sure of but wrong (taught Open Season seed 102967: a kept
        mage-eyepatch read as a dagger) had left the true move out of every option, and without
        a second look the game was lost. Its options are asked about, never confirmed unasked."""
        return None

    def final_question(self, state: St) -> "Question | None":
        """A finished game whose scores cannot be counted yet (a tile the final scoring needs that
        the camera never saw): what to ask the players, as a question whose options are empty
        chains, each with the reveals it stands for. None (the default): nothing to ask."""
        return None

    def question_may_wait(self, state: St, question: "Question", observed: Obs, previous: Obs | None) -> bool:
        """Whether ``question`` about ``observed`` (a scene of ``state``; its options explain it
        alike; ``previous``: the last still scene the game explained, None when unknown) may wait
        for the next still scene, because that scene shows what the options differ in (Open
        Season: which inn cards went into the hand shows once they are placed) and the scene
        itself cannot be an illegal change the players would have said none of the options to.
        The tracker then makes the one option that explains the next scene, or asks
        (``InferenceConfig.next_scene_settles``). Default: never (asked at once)."""
        return False

    def question_waits_for_seat(self, state: St, question: "Question") -> int | None:
        """Where ``question`` (about a scene of ``state``; its options explain it alike and leave the
        same table) may wait for the acting seat's next visible turn (``InferenceConfig.seat_settles``):
        the index of the one move at which its options differ (each option the same moves but
        that one: which way a cube placed bare side up was turned, how a bare cube pivoted), a
        move whose effect only that seat's later turn shows. None (the default): not such a
        question (asked at once, or waiting one scene through :meth:`question_may_wait`)."""
        return None

    def settles_seat_wait(self, state: St, move: Move) -> bool:
        """Whether ``move``, made by the seat a question waits on (:meth:`question_waits_for_seat`),
        is the visible turn that ends the wait (state: the game before it). Default: any move."""
        return True

    def doubt_settled(self, state: St, option: tuple[Move, ...], scene: Obs, previous: Obs | None,
                      chain: tuple[Move, ...], observed: Obs) -> bool:
        """Whether the next still scene ``observed`` settles a question of one option that waited
        (a chain :meth:`doubt` asked about, which :meth:`question_may_wait` let wait): ``state`` is
        the game before ``option``, ``scene`` the scene asked about, ``previous`` the last scene
        explained before it, ``chain`` the moves that explain ``observed`` once ``option`` is made.
        True makes the option unasked; False asks it (Open Season: the card the take was doubted
        about shows placed out of the inn). Default: never (asked)."""
        return False

    def settling_doubt(self, state: St, chain: tuple[Move, ...], observed: Obs) -> str:
        """Why the next still scene must not settle a waiting question unasked although one option
        explains it best: ``state`` is the game with that option made, ``chain`` the moves that then
        explain ``observed``. Non-empty where those moves may stand for what the option leaves
        unseen (Open Season: a card named as drawn from the deck, the same as the one the option
        leaves behind the deck, may be that very card, taken with the two by an illegal take); the
        question is then asked. Default: nothing against it."""
        return ""

    def same_scene(self, first: Obs, second: Obs) -> bool:
        """Whether two readings show the same table (reading confidences aside). An unexplained
        scene seen again is not new evidence that the tracker is out of step (the players have not
        put the table back yet): recovery waits for the table to change. Default: ``==``."""
        return first == second

    def tablet_moves(self, state: St) -> list[Move]:
        """The moves the players choose from on the tablet now: choices no camera can see
        (Octo Dice's actions and bonus actions), entered with :meth:`tracker.session.TrackedGame.enter`.
        Empty (the default) when the next move shows on the table."""
        return []

    def correctable(self, state: St) -> tuple[Correctable, ...]:
        """Readings the players may set on the tablet now, with :meth:`correction`. Default: none."""
        return ()

    def correction(self, state: St, key: str, value: str) -> tuple[int, list[Move]]:
        """(moves to take back, the moves to make instead) when the reading ``key`` really is
        ``value``; raises :class:`rules.core.RulesError` with the reason when it cannot be."""
        raise RulesError("nothing the camera read can be set on the tablet in this game")

    def player_name(self, seat: int) -> str:
        """How the players are named in questions and alerts."""
        return f"player {seat + 1}"

    def location_words(self, location: Any) -> str:
        """A location of :meth:`reveals` in plain words (event lines)."""
        return str(location)

    def value_words(self, value: Any) -> str:
        """A revealed value in plain words (event lines)."""
        return str(value)
