"""Recovery across a stretch of misread scenes (stepping stones, ``InferenceConfig.recovery_stones``).

Fresh taught game 72821 (printing 998211) was lost at change 22: the reader misread scenes 22-25
(no legal position fits them, not even the truth), scene 26 was read right but five moves on
from the tracker's position, and the plain recovery (every scene but the latest may be skipped;
one chain must reach the latest) held no such chain: no "lost track" question was ever asked.
With stepping stones the best-fitting tables of each misread scene go on to the next one, and
the first scene read right again is reached by one short chain per scene.

Each test switches the stones off as its control (``recovery_stones=0``): the old search, which
finds nothing. The whole-game tests corrupt ``STRETCH`` scenes in a row of a twin's game observed
perfectly and check the game against the twin's truth: its moves and final scores.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from rules import registry
from tests.bench_scripts import load_bench
from tests.rules.toy_game import Bank, RaceGame, Roll
from tests.tracker.test_recovery_search import _Camera, scene
from tracker.inference import InferenceConfig, recover
from tracker.session import TrackedGame

OFF = InferenceConfig(recovery_stones=0)
STRETCH = 6
"""Misread scenes in a row in the whole-game tests: the longest stretch the stones are set for
(``InferenceConfig.recovery_stone_scenes``: six and the first scene read right)."""


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_CLASSES, "race", "tests.rules.toy_game:RaceGame")


def _misread(*views: tuple[tuple[int, int], int, float]) -> tuple[Any, ...]:
    """A misread scene: each listed table fits it only over the tolerance (its weight), the others
    not at all (``tests.tracker.test_recovery_search.WRONG``)."""
    return tuple(((scores, token), weight) for scores, token, weight in views)


def test_a_stretch_of_misread_scenes_is_crossed_by_stepping_stones() -> None:
    # Player 1 banks 1, player 2 banks 2, player 1 banks 3, player 2 banks 1: four scenes, the
    # first three misread (the true table fits each at 1.0, over the tolerance 0.6, and better
    # than any other), the last read right. From the start the last scene is four turns on;
    # candidate chains are one turn, catch-up chains two, the first scene's recovery chains two.
    truth = [(1, 0), (1, 2), (4, 2)]
    seen = [_misread((scores, token, 1.0), ((scores[0] + 1, scores[1]), token, 1.5))
            for scores, token in zip(truth, (1, 0, 1))]
    seen.append(scene(((4, 3), 0, 0.0)))
    camera = _Camera(recovery_turns=(2,), passes=())
    assert recover(RaceGame(2).new_initial_state(), seen, camera, OFF) is None
    question = recover(RaceGame(2).new_initial_state(), seen, camera)
    assert question is not None and question.recovery
    # the truth first (its stones fitted each misread scene best); then player 1 banking 2 twice,
    # which leaves the same last table through the second-best stones
    assert question.options == ((Roll(1), Bank(), Roll(2), Bank(), Roll(3), Bank(), Roll(1), Bank()),
                                (Roll(2), Bank(), Roll(2), Bank(), Roll(2), Bank(), Roll(1), Bank()))
    assert question.take_back == (0, 0)


def test_stones_are_the_best_few_tables_of_each_misread_scene() -> None:
    # As above, but at the first misread scene four other tables (one turn or two on) fit better
    # than the truth, none of them on the way to the truth's later scenes: with four stones kept
    # the truth is not among them and not offered (player 1 banking 2 three times is: it reaches
    # the last table through the later scenes' second-best stones); with five it is offered first.
    seen = [_misread(((1, 0), 1, 1.0), ((2, 0), 1, 0.9), ((3, 0), 1, 0.9), ((1, 1), 0, 0.9), ((2, 1), 0, 0.9)),
            _misread(((1, 2), 0, 1.0)), _misread(((4, 2), 1, 1.0)), scene(((4, 3), 0, 0.0))]
    camera = _Camera(recovery_turns=(1, 2), passes=())
    true = (Roll(1), Bank(), Roll(2), Bank(), Roll(3), Bank(), Roll(1), Bank())
    four = recover(RaceGame(2).new_initial_state(), seen, camera, InferenceConfig(recovery_stones=4))
    assert four is not None and true not in four.options
    five = recover(RaceGame(2).new_initial_state(), seen, camera, InferenceConfig(recovery_stones=5))
    assert five is not None and five.options[0] == true


def test_a_scene_still_misread_gives_no_question() -> None:
    # the latest scene must fit within the tolerance: stones never make it fit
    seen = [_misread(((1, 0), 1, 1.0)), _misread(((1, 2), 0, 1.0))]
    assert recover(RaceGame(2).new_initial_state(), seen, _Camera(recovery_turns=(2,), passes=())) is None


def _bench() -> Any:
    return load_bench("demo_accuracy")


def _cube_misplaced(observed: Any) -> Any:
    """The lowest seat's cube on the board read confidently on the free space farthest from it
    (a neighbour's tile taken for the cube, as 72821's Red on C2, but out of any move's reach)."""
    seat = min(s for s, c in observed.cubes.items() if c.location is not None)
    here = observed.cubes[seat].location
    taken = {c.location for c in observed.cubes.values()}
    size = 1 + max(max(loc) for loc in observed.tops)
    far = max(((r, c) for r in range(size) for c in range(size) if (r, c) not in taken),
              key=lambda loc: (max(abs(loc[0] - here[0]), abs(loc[1] - here[1])), loc))
    return replace(observed, cubes={**observed.cubes, seat: replace(observed.cubes[seat], location=far)})


def _octocube_until_the_stretch_ends(first: int, misread: Callable[[Any], Any]) -> tuple[Any, Any, TrackedGame, Any]:
    """A 3-player twin game (observation seed 424201, 100 moves) observed perfectly, scenes
    ``first`` .. ``first + STRETCH - 1`` misread, up to the last of them, by the old search (the
    stones off): (the twin, the truth position there, the tracker, the tally). The on and off runs
    share this replay: while the latest scene is still misread, the stones find nothing either
    (:func:`test_a_scene_still_misread_gives_no_question`)."""
    from tracker.octocube.adapter import OctocubeAdapter
    from tracker.octocube.groundtruth import observation_from_state
    from tracker.octocube.twin import TwinGame

    twin = TwinGame(3, 424201, illegal=0, max_moves=100)
    tracked = TrackedGame(twin.tracker_initial_state(), OctocubeAdapter(), config=OFF)
    truth = twin.game.new_initial_state(424201)
    moves = iter(twin.truth.history)
    tally = _bench()._Tally()
    for index, change in zip(range(first + STRETCH), twin.changes):
        if change.kind == "move":
            truth.push(next(moves))
        observed = observation_from_state(truth)
        if first <= index:
            observed = misread(observed)
        tally.take(tracked.observe(observed), tracked, twin, False, change.truth_moves)
    assert tracked.alert is not None and len(tracked.state.history) == twin.changes[first - 1].truth_moves
    return twin, truth, tracked, tally


def _octocube_go_on(shared: tuple[Any, Any, TrackedGame, Any], first: int, config: InferenceConfig,
                    scenes: int) -> tuple[Any, TrackedGame, dict[str, int]]:
    """From a copy of the shared replay, ``scenes`` scenes read right after the stretch."""
    from tracker.octocube.groundtruth import observation_from_state

    twin, truth, tracked, tally = copy.deepcopy(shared)
    tracked.config = config
    moves = iter(twin.truth.history[len(truth.history):])
    for change in twin.changes[first + STRETCH: first + STRETCH + scenes]:
        if change.kind == "move":
            truth.push(next(moves))
        tally.take(tracked.observe(observation_from_state(truth)), tracked, twin, False, change.truth_moves)
    return truth, tracked, tally.figures()


def test_octocube_follows_the_game_again_after_six_misplaced_cubes() -> None:
    shared = _octocube_until_the_stretch_ends(30, _cube_misplaced)
    truth, tracked, figures = _octocube_go_on(shared, 30, OFF, 1)
    assert figures["recovery_questions"] == 0 and len(tracked.state.history) == 30  # lost at the stretch
    assert tracked.alert is not None
    truth, tracked, figures = _octocube_go_on(shared, 30, InferenceConfig(), 3)
    assert figures["recovery_questions"] >= 1 and figures["questions_rejected"] == 0
    assert tracked.state.history == truth.history and tracked.alert is None
    assert tracked.state.score_breakdown().totals() == truth.score_breakdown().totals()


def _accolades_miscounted(observed: Any) -> Any:
    """The first player's accolade cards read 15 too many, surely (out of any turn's reach)."""
    first = observed.players[0]
    return replace(observed, players={**observed.players, 0: replace(first, accolades=first.accolades + 15)})


OS_FIRST = 40
"""The Open Season test's first misread scene (moves 57-63 in scenes 40-45; 46 is read right)."""


@functools.lru_cache(maxsize=1)
def _open_season_read_right_until(scenes: int) -> tuple[Any, TrackedGame, Any]:
    """The Open Season twin game (3 players, Horn, observation seed 424301, cut at 80 moves) and its
    tracker and tally after its first ``scenes`` scenes observed perfectly, made once per process
    and only read: both Open Season tests start from copies of it (the twin, ~1 s of the ~3.5 s
    replay to the early stretch, and those scenes are the same in both)."""
    from tracker.open_season.adapter import OpenSeasonAdapter
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.open_season.view import observation_from_table

    twin = OpenSeasonTwin(3, 424301, side="horn", expert=False, illegal=0, max_moves=80)
    config = InferenceConfig(recover_after=STRETCH + 1)
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter(), config=config)
    tally = _bench()._Tally()
    for change, table in zip(twin.changes[:scenes], twin.descriptions[1:]):
        tally.take(tracked.observe(observation_from_table(table)), tracked, twin, False, change.truth_moves)
    assert tracked.alert is None and len(tracked.state.history) == twin.changes[scenes - 1].truth_moves
    return twin, tracked, tally


def _open_season_until_the_stretch_ends(first: int = OS_FIRST) -> tuple[Any, TrackedGame, Any]:
    """The Open Season twin game (3 players, Horn, observation seed 424301, cut at 80 moves)
    observed perfectly up to the last of ``STRETCH`` miscounted scenes from ``first`` on:
    (the twin, its tracker, the tally). ``recover_after`` is ``STRETCH + 1``: no recovery is tried
    while the latest scene is still misread (every one finds nothing, with stones or without:
    :func:`test_a_scene_still_misread_gives_no_question`; ~55 s a run of the 234 s this test
    took when it replayed the whole game twice), so both runs share this replay and differ only
    from the first scene read right on. The scenes before ``OS_EARLY`` (read right in both tests)
    come from a copy of :func:`_open_season_read_right_until`."""
    from tracker.open_season.view import observation_from_table

    twin, read_right, read_right_tally = _open_season_read_right_until(OS_EARLY)
    assert OS_EARLY <= first
    tracked, tally = copy.deepcopy((read_right, read_right_tally))
    for index in range(OS_EARLY, first + STRETCH):
        change, table = twin.changes[index], twin.descriptions[index + 1]
        observed = observation_from_table(table)
        if first <= index:
            observed = _accolades_miscounted(observed)
        tally.take(tracked.observe(observed), tracked, twin, False, change.truth_moves)
    assert tracked.alert is not None and len(tracked.state.history) < twin.changes[first].truth_moves
    return twin, tracked, tally


def _open_season_go_on(shared: tuple[Any, TrackedGame, Any], first: int, config: InferenceConfig,
                       scenes: int) -> tuple[TrackedGame, dict[str, int], int]:
    """From a copy of the shared replay (:func:`_open_season_until_the_stretch_ends`), ``scenes``
    scenes read right after the stretch: (the tracker, the tally's figures, the true moves then)."""
    from tracker.open_season.view import observation_from_table

    twin, lost, lost_tally = shared
    tracked, tally = copy.deepcopy((lost, lost_tally))
    tracked.config = replace(config, recover_after=STRETCH + 1)
    for index in range(first + STRETCH, first + STRETCH + scenes):
        change = twin.changes[index]
        tally.take(tracked.observe(observation_from_table(twin.descriptions[index + 1])), tracked, twin, False,
                   change.truth_moves)
    return tracked, tally.figures(), change.truth_moves


def test_open_season_follows_the_game_again_after_six_miscounted_scenes() -> None:
    shared = _open_season_until_the_stretch_ends()
    twin = shared[0]

    def go_on(config: InferenceConfig, scenes: int) -> tuple[TrackedGame, dict[str, int], int]:
        return _open_season_go_on(shared, OS_FIRST, config, scenes)

    # off: the first scene read right is five moves on; the plain search finds nothing
    tracked, figures, _ = go_on(OFF, 1)
    assert figures["recovery_questions"] == 0 and tracked.alert is not None
    assert len(tracked.state.history) < twin.changes[OS_FIRST].truth_moves
    # on: asked there, answered truthfully, in step with the twin from then on
    tracked, figures, done = go_on(InferenceConfig(), 2)
    assert figures["recovery_questions"] == 1 and figures["questions_rejected"] == 0 and tracked.alert is None
    assert list(tracked.state.history) == list(twin.truth.history[:done])


OS_EARLY = 20
"""A stretch earlier in the same game: scenes 20-25 miscounted, scene 26 read right eight moves on
(moves 31-38: a refill of one card, player 1's take and placement, a refill of two, player 2's)."""


def test_open_season_a_cut_search_after_a_miscounted_stretch_is_asked_not_confirmed() -> None:
    # At scene 26 the candidate search stops at its work bound (``OpenSeasonAdapter.max_tries``)
    # with one chain that fits at cost 0: elf-tattoo drawn in the first refill, sorcerer-eyepatch in
    # the second, where the truth drew them the other way round (the same table, another inn
    # order and history). The stones walk the stretch a scene at a time and find the truth.
    shared = _open_season_until_the_stretch_ends(OS_EARLY)
    twin = shared[0]
    # off: confirmed unasked -- as many moves as the truth, another history, nobody told
    tracked, figures, done = _open_season_go_on(shared, OS_EARLY, replace(InferenceConfig(), cut_search_stones=False),
                                                1)
    assert figures["questions_asked"] == 0 and tracked.alert is None
    assert len(tracked.state.history) == done and list(tracked.state.history) != list(twin.truth.history[:done])
    # on: a recovery question, answered truthfully; in step with the twin to the end of the game
    left = len(twin.changes) - OS_EARLY - STRETCH
    tracked, figures, done = _open_season_go_on(shared, OS_EARLY, InferenceConfig(), left)
    assert figures["recovery_questions"] == 1 and figures["questions_rejected"] == 0 and tracked.alert is None
    assert list(tracked.state.history) == list(twin.truth.history) and done == len(twin.truth.history)
    assert tracked.state.score_breakdown().totals() == twin.truth.score_breakdown().totals()


OD_FIRST, OD_STRETCH = 22, 2
"""Octo Dice: scenes 22-23 misread, scene 24 read right three moves on (roll, set two aside, roll
the other two). A turn's actions are entered on the tablet, never seen, so no recovery crosses
them: a stretch that the stones can bridge lies within one turn's rolls."""


def _aside_die_misread(observed: Any) -> Any:
    """The first set-aside die with a face read as another face of its kind, surely."""
    from tests.tracker.test_octo_dice_misread import _other_face
    from tracker.octo_dice.observation import ASIDE

    dice = list(observed.dice)
    for i, die in enumerate(dice):
        if die.area == ASIDE and die.face is not None:
            dice[i] = replace(die, face=_other_face(die.kind, die.face))
            break
    return replace(observed, dice=tuple(dice))


def _octo_dice_play(shared: dict[str, Any], scenes: range, misread: range) -> None:
    """Observe the twin's layouts of ``scenes`` (each read perfectly, cocked dice refused, those
    of ``misread`` misread), through the scene memory, the choices entered on the tablet (as
    ``bench/demo_accuracy.py``'s Octo Dice observations)."""
    from tracker.octo_dice.observation import DieReading, OctoDiceObservation, area_of

    twin, tracked, memory, tally = shared["twin"], shared["tracked"], shared["memory"], shared["tally"]
    for index in scenes:
        change, layout = twin.changes[index], twin.layouts[index + 1]
        observed = OctoDiceObservation(tuple(
            DieReading(p.die[:5], None if p.cocked else p.face, area_of(p.x, p.y), p.x, p.y, 1.0, p.cocked)
            for p in layout.values()))
        if any(d.cocked for d in observed.dice):
            continue
        if index in misread:
            observed = _aside_die_misread(observed)
        observed = memory.annotate(observed)
        events = list(tracked.observe(observed))
        if tracked.alert is None and tracked.pending is None:
            memory.remember(observed, tracked.adapter.expected(tracked.state))
        tally.take(events, tracked, twin, False, change.truth_moves)
        entered = twin.tablet_moves(tracked.state.history)
        if entered and tracked.pending is None:
            tracked.enter(entered)


def test_octo_dice_a_catch_up_after_misread_scenes_is_checked_by_the_stones() -> None:
    from tracker.octo_dice.adapter import OctoDiceAdapter
    from tracker.octo_dice.memory import DiceMemory
    from tracker.octo_dice.twin import OctoDiceTwin

    twin = OctoDiceTwin(3, 424201, illegal=0)
    misread = range(OD_FIRST, OD_FIRST + OD_STRETCH)
    shared = {"twin": twin, "tracked": TrackedGame(twin.tracker_initial_state(), OctoDiceAdapter()),
              "memory": DiceMemory(), "tally": _bench()._Tally()}
    _octo_dice_play(shared, range(OD_FIRST + OD_STRETCH), misread)
    lost = shared["tracked"]
    assert lost.alert is not None and len(lost.state.history) < twin.changes[OD_FIRST].truth_moves
    right = twin.changes[OD_FIRST + OD_STRETCH].truth_moves

    def go_on(config: InferenceConfig, scenes: int) -> tuple[TrackedGame, dict[str, int]]:
        run = copy.deepcopy(shared)
        run["tracked"].config = config
        start = OD_FIRST + OD_STRETCH
        _octo_dice_play(run, range(start, min(start + scenes, len(twin.changes))), misread)
        return run["tracked"], run["tally"].figures()

    # off: the catch-up "roll, set two aside" (the second roll's faces taken for the first's) is
    # confirmed unasked at the first scene read right: a move short, another roll; then lost
    tracked, figures = go_on(InferenceConfig(catch_up_stones=False), 1)
    assert figures["recovery_questions"] == 0 and tracked.alert is None
    assert len(tracked.state.history) == right - 1
    assert list(tracked.state.history) != list(twin.truth.history[:right - 1])
    tracked, figures = go_on(InferenceConfig(catch_up_stones=False), len(twin.changes))
    assert twin.moves_correct(tracked.state.history) < len(twin.truth.history)
    # on: a recovery question there, answered truthfully; in step to the end, the twin's scores
    tracked, figures = go_on(InferenceConfig(), len(twin.changes))
    assert figures["recovery_questions"] == 1 and figures["questions_rejected"] == 0 and tracked.alert is None
    assert list(tracked.state.history) == list(twin.truth.history)
    assert tracked.state.totals() == twin.truth.totals()
