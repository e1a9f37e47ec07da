"""Recovery's search (:func:`tracker.inference.recover`) on the toy race, seen by a scripted camera.

Each scene says which views of the table (banked scores, the seat the turn token is at) it could
be showing and how doubtful each reading would be, so that the competing fits are exact: which
recovery options are offered, in which order, which positions the search starts from (the moves
an automatic take-back removed), which paths survive between unexplained scenes. The whole-game
recoveries are in test_recovery.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from rules import registry
from rules.core import Move, RulesError, State
from tests.rules.toy_game import Bank, Pass, RaceGame, Roll
from tracker.adapter import Difference, GameAdapter
from tracker.inference import InferenceConfig, recover

View = tuple[tuple[int, ...], int]
Scene = tuple[tuple[View, float], ...]
WRONG = 2.0
"""Weight of a view the scene does not show: beyond every tolerance."""


def scene(*readings: tuple[tuple[int, int], int, float]) -> Scene:
    """A still scene: (scores, token seat, doubt) for each view it could be showing."""
    return tuple(((scores, token), doubt) for scores, token, doubt in readings)


HAND = scene()
"""A hand over the table: nothing fits."""


class _Camera(GameAdapter[Any, Any]):
    """Sees the banked scores and the turn token (never the die), as each scene scripts it.

    Candidate chains: the rest of the turn under way, or one whole turn; catch-up chains: two
    turns; the recovery chains of a first unexplained scene: ``recovery_turns`` turns. Rolls of
    1-3 only, and a pass after each roll in ``passes`` (which roll was passed no camera tells), to
    keep the search small."""

    def __init__(self, recovery_turns: tuple[int, ...] = (2, 3), passes: tuple[int, ...] = (1,)) -> None:
        self.recovery_turns = recovery_turns
        self.passes = passes

    def expected(self, state: State) -> View:
        return tuple(state.scores), state.player  # type: ignore[attr-defined]

    def differences(self, expected: View, observed: Scene) -> list[Difference]:
        doubt = dict(observed).get(expected)
        if doubt is None:
            return [Difference(f"the table is not {expected}", WRONG)]
        return [Difference(f"{expected}, doubtfully", doubt)] if doubt else []

    def _turn(self) -> list[tuple[Move, ...]]:
        turns: list[tuple[Move, ...]] = [(Roll(v), Bank()) for v in (1, 2, 3)]
        return turns + [(Roll(v), Pass()) for v in self.passes]

    def _turns(self, state: State, count: int) -> list[tuple[Move, ...]]:
        if state.pending is None:  # type: ignore[attr-defined]
            chains = self._turn()
        else:
            chains = [(Bank(),), (Pass(),)] if self.passes else [(Bank(),)]
        for _ in range(count - 1):
            chains = [c + t for c in chains for t in self._turn()]
        return chains

    def candidate_chains(self, state: State, observed: Scene) -> Iterable[tuple[Move, ...]]:
        return self._turns(state, 1)

    def catch_up_chains(self, state: State, observed: Scene) -> Iterable[tuple[Move, ...]]:
        return self._turns(state, 2)

    def recovery_chains(self, state: State, observed: Scene) -> Iterable[tuple[Move, ...]]:
        return [c for n in self.recovery_turns for c in self._turns(state, n)]

    def reveals(self, state: State, observed: Scene) -> list[tuple[Any, Any]]:
        return []

    def diagnose(self, state: State, observed: Scene, differences: Sequence[Difference]) -> str:
        return "unexplained"


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_CLASSES, "race", "tests.rules.toy_game:RaceGame")


def _game(*moves: Move) -> State:
    state = RaceGame(2).new_initial_state()
    for move in moves:
        state.push(move)
    return state


def test_moves_an_automatic_take_back_removed_are_made_again_with_the_turn_that_followed() -> None:
    # Player 1 banked 2; the tracker then took back player 2's bank of 3 and player 1's bank of 1
    # (the table seemed to go back), but they were real, and player 2 has since banked 2 more:
    # four turns on from the tracker's position, more than any chain it tries; from the moves
    # taken back, one turn.
    state = _game(Roll(2), Bank())
    redo = (Roll(3), Bank(), Roll(1), Bank())
    seen = [scene(((3, 5), 0, 0.0))]
    question = recover(state, seen, _Camera(recovery_turns=(2,)), redo=redo)
    assert question is not None
    assert question.options == (redo + (Roll(2), Bank()),) and question.take_back == (0,)
    assert question.option_texts == (
        "Roll(value=3); then Bank(); then Roll(value=1); then Bank(); then Roll(value=2); then Bank()",)
    assert recover(state, seen, _Camera(recovery_turns=(2,))) is None  # without them: nothing found


def test_moves_taken_back_are_made_again_from_the_trackers_position_only() -> None:
    # Player 2 rolled 3; the tracker took back their pass. The table shows the pass. Searched
    # thoroughly (from the positions before the last moves too): the pass made again, or taking
    # back the roll and passing after another. The pass is never made from an earlier position
    # (it was taken back from this one: elsewhere it is no move of the game).
    state = _game(Roll(2), Bank(), Roll(3))
    question = recover(state, [scene(((2, 0), 0, 0.0))], _Camera(), redo=(Pass(),), thorough=True)
    assert question is not None
    assert question.options == ((Pass(),), (Roll(1), Pass()))
    assert question.take_back == (0, 1)
    assert question.option_texts == ("Pass()", "take back Roll(value=3); then Roll(value=1); then Pass()")


class _NeedsTheBonus(Move):
    """A move that needs the race's unknown bonus: it cannot be made before the bonus is seen."""

    kind = "needs_bonus"


class _BonusRaceState(type(_game())):  # type: ignore[misc]
    def _apply(self, move: Move) -> None:
        if isinstance(move, _NeedsTheBonus):
            raise RulesError("needs the bonus nobody has seen")
        super()._apply(move)


def test_moves_taken_back_that_cannot_be_made_again_are_no_start() -> None:
    state = _BonusRaceState(RaceGame(2))
    seen = [scene(((1, 0), 1, 0.0))]
    question = recover(state, seen, _Camera(passes=()), redo=(_NeedsTheBonus(), Roll(2)))
    assert question is not None and question.options == ((Roll(1), Bank()),)


def test_the_longer_recovery_chains_are_tried_for_the_first_unexplained_scene_only() -> None:
    # Three turns go by before the first unexplained scene (a recovery chain explains them);
    # the next scene follows it by two turns (a catch-up chain) or by three (no chain tried there).
    first = scene(((4, 2), 1, 0.0))
    two_later = scene(((5, 3), 1, 0.0))
    three_later = scene(((5, 4), 0, 0.0))
    assert recover(_game(), [first, two_later], _Camera(passes=())) is not None
    assert recover(_game(), [first, three_later], _Camera(passes=())) is None


def test_a_recovery_fit_at_exactly_the_tolerance_counts() -> None:
    tolerance = InferenceConfig().tolerance
    # the table as it was before the bank (and at the start), read with a doubt of the tolerance
    state = _game(Roll(2), Bank())
    question = recover(state, [scene(((0, 0), 0, tolerance))], _Camera(passes=()))
    assert question is not None
    assert (question.options, question.take_back) == (((), ()), (1, 2))
    assert question.option_texts == ("take back Bank()", "take back Roll(value=2); Bank()")
    # player 2 banked 1, read with a doubt of the tolerance
    question = recover(state, [scene(((2, 1), 0, tolerance))], _Camera(passes=()))
    assert question is not None and (question.options, question.take_back) == (((Roll(1), Bank()),), (0,))


def test_the_paths_that_skipped_fewest_scenes_survive_between_scenes() -> None:
    # Each player banked 1 (a scene two turns on), then a hand over the table, then player 1
    # banked 2. Only one path kept between scenes: the one that explained the first scene, not
    # the one that skipped it (from where the last scene is three turns on: too far).
    narrow = InferenceConfig(recovery_beam=1)
    seen = [scene(((1, 1), 0, 0.0)), HAND, scene(((3, 1), 1, 0.0))]
    question = recover(_game(), seen, _Camera(passes=()), narrow)
    assert question is not None
    assert question.options == ((Roll(1), Bank(), Roll(1), Bank(), Roll(2), Bank()),)


def test_a_path_that_skipped_a_scene_keeps_the_cost_of_its_last_fit() -> None:
    # The first scene reads surely as "each player banked 1" (path Y), doubtfully (0.3) as
    # "player 1 banked 3" (path X). The second scene fits only X then player 2 banking 1; the last
    # only Y then player 1 banking 2. Two paths kept between scenes: after the second scene, the
    # one that fitted it and, of the two that skipped it, Y (its fit was the sure one), not the
    # shorter X.
    beam_of_two = InferenceConfig(recovery_beam=2)
    seen = [scene(((1, 1), 0, 0.0), ((3, 0), 1, 0.3)), scene(((3, 1), 0, 0.0)), scene(((3, 1), 1, 0.0))]
    question = recover(_game(), seen, _Camera(passes=()), beam_of_two)
    assert question is not None
    assert question.options == ((Roll(1), Bank(), Roll(1), Bank(), Roll(2), Bank()),)


def test_every_fit_of_the_latest_scene_is_offered_whatever_the_beam() -> None:
    question = recover(_game(), [scene(((1, 0), 1, 0.0), ((2, 0), 1, 0.1))], _Camera(passes=()),
                       InferenceConfig(recovery_beam=1))
    assert question is not None and question.options == ((Roll(1), Bank()), (Roll(2), Bank()))


def test_options_come_best_fit_first_then_fewest_moves_changed() -> None:
    # Player 1 banked 2 (a doubt of 0.25) or each player banked (sure): the sure fit first,
    # though it has more moves.
    question = recover(_game(), [scene(((2, 0), 1, 0.25), ((1, 2), 0, 0.0))], _Camera(passes=()))
    assert question is not None
    assert question.options == ((Roll(1), Bank(), Roll(2), Bank()), (Roll(2), Bank()))
    # fits within a thousandth are equally good: the fewest moves changed first
    question = recover(_game(), [scene(((2, 0), 1, 0.3004), ((1, 2), 0, 0.3))], _Camera(passes=()))
    assert question is not None
    assert question.options == ((Roll(2), Bank()), (Roll(1), Bank(), Roll(2), Bank()))


def test_an_option_and_its_extensions_that_look_the_same_are_one_choice() -> None:
    # Player 1 banked 1 (sure), or then player 2 banked 1 too (a doubt of 0.1). The bank followed
    # by two passes looks like the bank alone: one choice with it. Offered: the bank; both players
    # passing and then player 1 banking (another chain that looks the same, not an extension);
    # the bank and player 2's bank (an extension that looks different).
    seen = [scene(((1, 0), 1, 0.0), ((1, 1), 0, 0.1))]
    question = recover(_game(), seen, _Camera())
    assert question is not None
    bank = (Roll(1), Bank())
    passed = (Roll(1), Pass())
    assert question.options == (bank, passed + passed + bank, bank + bank)
    assert question.take_back == (0, 0, 0)


def test_a_scene_the_trackers_position_explains_offers_only_the_moves_that_explain_it_too() -> None:
    # player 1 banked 2 and the table shows it (or, doubtfully, player 2 banked 1 since):
    # "nothing changed" is no option, the bank is
    state = _game(Roll(2), Bank())
    question = recover(state, [scene(((2, 0), 1, 0.0), ((2, 1), 0, 0.1))], _Camera(passes=()))
    assert question is not None and question.options == ((Roll(1), Bank()),)


def test_taking_back_a_move_and_making_it_again_is_offered_as_taking_back_fewer() -> None:
    # Player 1 banked 1; the table shows that they passed instead. Taking back the bank and
    # passing; or taking back the roll too and passing after a roll of 2. Taking back the roll and
    # passing after a roll of 1 is the first option again: not offered twice.
    state = _game(Roll(1), Bank())
    question = recover(state, [scene(((0, 0), 1, 0.0))], _Camera(passes=(1, 2)))
    assert question is not None
    assert (question.options, question.take_back) == (((Pass(),), (Roll(2), Pass())), (1, 2))
    assert question.option_texts == ("take back Bank(); then Pass()",
                                     "take back Roll(value=1); Bank(); then Roll(value=2); then Pass()")


class _Flood(_Camera):
    """The scripted camera, whose every search also returns ``flood`` chains that never fit (a
    gap of several moves that thousands of chains fill); counts the chains it returned."""

    def __init__(self, flood: int) -> None:
        super().__init__(passes=())
        self.flood = flood
        self.returned = 0
        self.searches = 0

    def _flooded(self, chains: list[tuple[Move, ...]]) -> list[tuple[Move, ...]]:
        out = chains + [(Roll(3), Bank(), Roll(3), Bank())] * self.flood
        self.returned += len(out)
        self.searches += 1
        return out

    def candidate_chains(self, state: State, observed: Scene) -> Iterable[tuple[Move, ...]]:
        return self._flooded(list(self._turns(state, 1)))

    def recovery_chains(self, state: State, observed: Scene) -> Iterable[tuple[Move, ...]]:
        return self._flooded([])


def test_a_recovery_stops_searching_deeper_take_backs_once_its_chain_budget_is_spent() -> None:
    # Player 1 banked 2, player 2 rolled 1 and banked; the table shows player 2's bank undone
    # (the scores 2-0, player 2's turn): taking back the bank fits (k=1), and so does taking back
    # the whole turn (k=2). Every search returns 1,000 more chains that fit nothing.
    state = _game(Roll(2), Bank(), Roll(1), Bank())
    seen = [scene(((2, 0), 1, 0.0))]
    unbounded = _Flood(1000)
    everything = recover(state, seen, unbounded, InferenceConfig(recovery_budget=10**9))
    assert everything is not None and everything.take_back == (1, 2)
    assert unbounded.searches == 2 * 5  # each of the 5 positions (k = 0..4): two searches
    bounded = _Flood(1000)
    question = recover(state, seen, bounded, InferenceConfig(recovery_budget=3000))
    # k=0 (2,003 chains) and k=1 (2,001 more: past 3,000): no deeper take-back searched
    assert bounded.searches == 2 * 2 and bounded.returned == 2003 + 2001
    assert question is not None
    assert (question.options, question.take_back, question.option_texts) == (
        ((),), (1,), ("take back Bank()",))


def test_a_games_dearer_chains_count_for_more_in_the_recovery_budget() -> None:
    # as above, each chain weighing 2: the tracker's own position (2,003 chains, 4,006) spends
    # the budget of 3,000, and no take-back is searched
    state = _game(Roll(2), Bank(), Roll(1), Bank())
    dear = _Flood(1000)
    dear.recovery_chain_weight = 2.0
    assert recover(state, [scene(((2, 0), 1, 0.0))], dear, InferenceConfig(recovery_budget=3000)) is None
    assert dear.searches == 2 and dear.returned == 2003
