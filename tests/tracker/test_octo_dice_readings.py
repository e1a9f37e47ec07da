"""What the Octo Dice adapter says about each kind of die reading, word for word and with its
weight, on hand-built views: a die of another game, a cocked die, a die off the mat, a die turned
by hand, a die that lay still through a roll or was thrown after one, dice missing or extra in
each area; and when two scenes are the same table."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Move
from rules.octo_dice import OctoDiceState
from tracker.adapter import Difference
from tracker.octo_dice.adapter import DiceView, OctoDiceAdapter
from tracker.octo_dice.dice import canonical_roll, canonical_set_aside
from tracker.octo_dice.observation import ASIDE, OFF, ROLL, DieReading, OctoDiceObservation
from tracker.octo_dice.twin import OctoDiceTwin

ADAPTER = OctoDiceAdapter()
EMPTY = DiceView((), (), 4)


def die(face: str | None = "lab", kind: str = "white", area: str = ROLL, x: float = 300.4, y: float = 250.6,
        confidence: float = 1.0, **kw: object) -> DieReading:
    return DieReading(kind, face, area, x, y, confidence, **kw)  # type: ignore[arg-type]


def diffs(view: DiceView, *dice: DieReading) -> list[Difference]:
    return ADAPTER.differences(view, OctoDiceObservation(dice=dice))


def test_a_die_of_another_game_a_cocked_die_and_a_die_off_the_mat() -> None:
    assert diffs(EMPTY, die(None, kind="other", confidence=0.6)) == [
        Difference("a die of another game lies on the mat at (300, 251) mm", 0.6)]
    assert diffs(EMPTY, die(None, kind="black", confidence=0.3, cocked=True)) == [
        Difference("a black die is cocked at (300, 251) mm: re-roll it", 1.0)]
    assert diffs(EMPTY, die("lab", area=OFF, x=40, y=20, confidence=0.05)) == [
        Difference("a white die lies off the mat at (40, 20) mm", 0.1)]


def test_a_die_turned_by_hand_is_named_with_both_faces() -> None:
    view = DiceView((("black", "red-2"),), (), 4)
    assert diffs(view, die("red-2", kind="black", turned_from="blue-0", confidence=0.9)) == [
        Difference("the black die showing red 2 at (300, 251) mm showed blue 0 there and did not tumble: "
                   "it was turned by hand", 0.9)]


def test_a_die_that_lay_still_since_an_older_roll_was_not_rolled() -> None:
    view = DiceView((("white", "lab"),), (), 4)
    assert diffs(view, die(seen_serial=2, confidence=0.6)) == [  # its place says it, however unsure its face
        Difference("the white die showing lab at (300, 251) mm did not move: it was not rolled", 1.0)]
    assert diffs(view, die(seen_serial=2, confidence=0.5, remembered=True)) == [  # kept unread: a doubt
        Difference("the white die showing lab at (300, 251) mm did not move: it was not rolled", 0.5)]
    assert diffs(view, die(seen_serial=4)) == []  # still since the roll the view shows: fine
    assert diffs(DiceView((), (("white", "lab"),), 4), die(area=ASIDE, seen_serial=2)) == []  # set aside: stays


def test_a_die_thrown_after_the_roll_the_view_shows_is_named() -> None:
    view = DiceView((("white", "lab"),), (), 4)
    assert diffs(view, die(landed_after=4, confidence=0.7)) == [
        Difference("the white die showing lab landed at (300, 251) mm: it was thrown", 0.7)]
    assert diffs(view, die(landed_after=3)) == []  # thrown before that roll: it is that roll
    assert diffs(DiceView((), (("white", "lab"),), 4), die(area=ASIDE, landed_after=4)) == []


def test_dice_missing_from_or_extra_in_each_area() -> None:
    view = DiceView((("black", "octopod"), ("white", "lab")), (("white", "bot"),), 4)
    got = [die("lab"), die("research", confidence=0.4), die("bot", area=ASIDE), die("red-2", kind="black", area=ASIDE)]
    assert diffs(view, *got) == [
        Difference("the roll area lacks the black die showing octopod", 1.0),
        Difference("the roll area shows the white die showing research too", 0.4),
        Difference("the set-aside area shows the black die showing red 2 too", 1.0),
    ]
    assert diffs(view) == [
        Difference("the roll area lacks the black die showing octopod", 1.0),
        Difference("the roll area lacks the white die showing lab", 1.0),
        Difference("the set-aside area lacks the white die showing bot", 1.0),
    ]


def test_unreadable_and_cocked_dice_are_not_counted_in_an_area() -> None:
    view = DiceView((("white", "lab"),), (), 4)
    assert diffs(view, die("lab"), die(None)) == []
    assert diffs(view, die(None)) == [Difference("the roll area lacks the white die showing lab", 1.0)]
    assert diffs(view, die("lab"), die("bot", cocked=True)) == [
        Difference("a white die is cocked at (300, 251) mm: re-roll it", 1.0)]


def test_the_same_scene_is_the_same_dice_within_a_few_millimetres() -> None:
    def scene(*dice: DieReading) -> OctoDiceObservation:
        return OctoDiceObservation(dice=dice)

    first = scene(die("lab", x=300.0, y=250.0), die("red-2", kind="black", area=ASIDE, x=200.0, y=135.0))
    assert ADAPTER.same_scene(first, scene(die("red-2", kind="black", area=ASIDE, x=200.0, y=135.0),
                                           die("lab", x=302.0, y=251.0, confidence=0.3)))
    for changed in (die("bot", x=300.0, y=250.0), die("lab", x=310.0, y=250.0), die("lab", x=300.0, y=258.0),
                    die("lab", kind="black", x=300.0, y=250.0), die("lab", area=ASIDE, x=300.0, y=250.0),
                    die(None, x=300.0, y=250.0)):
        assert not ADAPTER.same_scene(first, scene(changed, first.dice[1])), changed
    assert not ADAPTER.same_scene(first, scene(first.dice[0]))


def test_players_are_numbered_from_one() -> None:
    assert [ADAPTER.player_name(s) for s in range(3)] == ["Player 1", "Player 2", "Player 3"]


def test_dice_a_few_millimetres_apart_are_the_same_scene_across_a_wider_grid() -> None:
    # the reader's jitter of 2 mm: same 6 mm cell (a 7 mm grid would split these)
    a = OctoDiceObservation(dice=(die("lab", x=304.0, y=262.0),))
    b = OctoDiceObservation(dice=(die("lab", x=306.0, y=264.0),))
    assert ADAPTER.same_scene(a, b)


# ---------------------------------------------------------------- diagnosis
FIRST = [("white", "lab"), ("white", "crystal"), ("white", "bot"), ("black", "octopod"), ("black", "red-0"),
         ("black", "octopod")]


def _push(state: OctoDiceState, move: Move | None) -> None:
    """Play ``move``, which the test builds to be legal (a canonical roll or set-aside)."""
    assert move is not None
    state.push(move)


def _after(*steps: str) -> OctoDiceState:
    """A 2-player game after the first roll (FIRST), then "keep" (lab and crystal set aside),
    "roll" (4 dice: research, bot, octopod, octopod), "keep2" (research and an octopod), "roll2"."""
    state = OctoDiceTwin(2, 1, max_turns=1).tracker_initial_state()
    _push(state, canonical_roll(state.dice_to_roll(), FIRST))
    for step in steps:
        if step == "keep":
            _push(state, canonical_set_aside(state, [("white", "lab"), ("white", "crystal")]))
        elif step == "roll":
            _push(state, canonical_roll(state.dice_to_roll(), [("white", "research"), ("black", "octopod"),
                                                              ("black", "octopod"), ("black", "octopod")]))
        elif step == "keep2":
            _push(state, canonical_set_aside(state, [("white", "research"), ("black", "octopod")]))
        elif step == "roll2":
            _push(state, canonical_roll(state.dice_to_roll(), [("black", "octopod"), ("black", "octopod")]))
    return state


def _diagnose(state: OctoDiceState, *dice: DieReading, differences: tuple[Difference, ...] = ()) -> str:
    return ADAPTER.diagnose(state, OctoDiceObservation(dice=dice), differences)


def _as_expected(state: OctoDiceState) -> list[DieReading]:
    view = ADAPTER.expected(state)
    return ([die(f, kind=k, x=180.0 + 40 * i, y=300.0) for i, (k, f) in enumerate(view.roll)]
            + [die(f, kind=k, area=ASIDE, x=190.0 + 44 * i, y=135.0) for i, (k, f) in enumerate(view.aside)])


def test_the_first_thing_wrong_with_the_dice_themselves_is_said_first() -> None:
    state = _after()
    assert _diagnose(state) == "no dice on the mat"
    assert _diagnose(state, die("lab", area=OFF, x=20, y=580), die(None, kind="other", x=300, y=300)) == \
        "a die of another game lies on the mat at (300, 300) mm: only the six Octo Dice are read"
    assert _diagnose(state, die("bot", turned_from="lab"), die("lab", kind="black", area=OFF, x=20, y=580)) == \
        "a black die lies off the mat at (20, 580) mm: put it in the roll area or the set-aside area"
    assert _diagnose(state, die("bot", turned_from="lab")) == \
        "the white die showing bot was turned by hand: it showed lab at the same place and did not tumble"
    # a cocked die off the mat is reported as cocked by the differences, not as off the mat
    cocked = die(None, area=OFF, cocked=True, x=20, y=580)
    assert _diagnose(state, cocked, differences=(Difference("cocked", 1.0),)) == \
        "the dice do not match any step of the roll procedure: cocked"


def test_keeping_other_than_two_dice_or_rolling_before_keeping() -> None:
    state = _after()
    dice = _as_expected(state)
    three_aside = [replace(d, area=ASIDE) if i < 3 else d for i, d in enumerate(dice)]
    assert _diagnose(state, *three_aside) == "Player 1 set aside 3 dice: keep exactly 2 after each roll"
    one_aside = [replace(d, area=ASIDE) if i < 1 else d for i, d in enumerate(dice)]
    assert _diagnose(state, *one_aside) == "Player 1 set aside 1 dice: keep exactly 2 after each roll"
    rolled_again = [replace(d, face="submarine") if d.face == "bot" else d for d in dice]
    assert _diagnose(state, *rolled_again) == ("the dice were rolled again before 2 were set aside: Player 1 keeps "
                                               "2 dice, then rolls the rest")
    assert _diagnose(state, *dice, differences=(Difference("x", 0.2),)) == \
        "the dice do not match any step of the roll procedure: x"


def test_a_set_aside_die_taken_back_rolled_again_or_gone() -> None:
    state = _after("keep")
    dice = _as_expected(state)
    lab = next(d for d in dice if d.area == ASIDE and d.face == "lab")
    others = [d for d in dice if d is not lab]
    assert _diagnose(state, *others, replace(lab, area=ROLL, y=400.0)) == (
        "the white die showing lab was taken back from the set-aside area: set-aside dice stay there until the "
        "end of the turn")
    assert _diagnose(state, *others) == (
        "the white die showing lab left the set-aside area: set-aside dice stay there until the end of the turn")
    rolled = [replace(d, face="submarine") if d.area == ROLL and d.kind == "white" else d for d in others]
    assert _diagnose(state, *rolled, replace(lab, area=ROLL, face="research", y=400.0)) == (
        "the white die showing lab was set aside and has been rolled again: set-aside dice stay where they are "
        "until the end of the turn")


def test_rolling_some_of_the_dice_or_the_wrong_number() -> None:
    state = _after("keep")
    view = ADAPTER.expected(state)
    roll = [d for d in _as_expected(state) if d.area == ROLL]
    aside = [d for d in _as_expected(state) if d.area == ASIDE]
    assert len(roll) == 4 and view.roll_serial == 0
    still = [replace(d, seen_serial=0) if i < 2 else replace(d, landed_after=0) for i, d in enumerate(roll)]
    assert _diagnose(state, *aside, *still) == \
        "2 dice were rolled and 2 did not move: roll all 4 dice that are not set aside"
    assert _diagnose(state, *aside, *roll[:3]) == "3 dice lie in the roll area: roll the 4 dice that are not set aside"
    assert _diagnose(state, *aside, *roll, die("lab", x=400, y=450)) == \
        "5 dice lie in the roll area: roll the 4 dice that are not set aside"


def test_after_the_third_roll_the_game_waits_for_the_tablet() -> None:
    state = _after("keep", "roll", "keep2", "roll2")
    assert state.phase == "actions"
    assert _diagnose(state, *_as_expected(state)[1:]) == (
        f"the dice moved, but the game waits for a choice on the tablet: {state.waiting_for()}")


def test_with_no_reason_the_three_heaviest_differences_are_said() -> None:
    state = _after()
    found = (Difference("a", 0.2), Difference("b", 0.9), Difference("c", 0.5), Difference("d", 0.7))
    assert _diagnose(state, *_as_expected(state), differences=found) == \
        "the dice do not match any step of the roll procedure: b; d; c"


# ---------------------------------------------------------------- which die is which
def test_white_dice_take_the_faces_in_face_order_not_alphabetical() -> None:
    roll = canonical_roll(("white1", "white2", "white3"), [("white", "lab"), ("white", "bot"), ("white", "crystal")])
    assert roll is not None and roll.results == (("white1", "crystal"), ("white2", "lab"), ("white3", "bot"))


def test_a_roll_with_a_reading_of_another_kind_is_no_roll() -> None:
    assert canonical_roll(("white1",), [("white", "lab"), ("other", "4")]) is None
    assert canonical_roll(("white1",), [("white", "lab")]) is not None


def test_a_set_aside_of_a_face_no_free_die_shows_is_none() -> None:
    state = _after()
    assert canonical_set_aside(state, [("white", "submarine")]) is None
    assert canonical_set_aside(state, [("white", "lab"), ("white", "lab")]) is None  # only one die shows lab
    assert canonical_set_aside(state, [("black", "octopod"), ("black", "octopod")]) is not None


def test_before_any_roll_the_view_shows_no_dice_and_no_roll() -> None:
    state = OctoDiceTwin(2, 1, max_turns=1).tracker_initial_state()
    assert ADAPTER.expected(state) == DiceView((), (), -1)
    _push(state, canonical_roll(state.dice_to_roll(), FIRST))
    view = ADAPTER.expected(state)
    assert view.roll_serial == 0 and view.aside == () and len(view.roll) == 6


def test_a_reading_surer_than_sure_still_counts_once() -> None:
    assert diffs(EMPTY, die("lab", area=OFF, x=40, y=20, confidence=1.7)) == [
        Difference("a white die lies off the mat at (40, 20) mm", 1.0)]


def test_only_choices_the_camera_cannot_see_go_to_the_tablet() -> None:
    assert ADAPTER.tablet_moves(_after()) == []  # setting aside: seen
    assert ADAPTER.tablet_moves(_after("keep")) == []  # rolling: seen
    actions = _after("keep", "roll", "keep2", "roll2")
    assert actions.phase == "actions"
    moves = ADAPTER.tablet_moves(actions)
    assert moves and moves == list(actions.legal_moves())


def test_keeping_two_dice_and_rolling_the_rest_may_be_seen_in_one_scene() -> None:
    state = _after()
    keep = canonical_set_aside(state, [("white", "lab"), ("white", "crystal")])
    dice = _as_expected(state)
    kept = [replace(d, area=ASIDE, y=135.0) if d.face in ("lab", "crystal") else d for d in dice]
    still = list(ADAPTER.candidate_chains(state, OctoDiceObservation(dice=tuple(kept))))
    assert [c[0] for c in still] == [keep, keep] and len(still[1]) == 2  # the rest may lie as they lay
    rolled = [replace(d, face="submarine") if d.area == ROLL and d.kind == "white" else d for d in kept]
    chains = ADAPTER.candidate_chains(state, OctoDiceObservation(dice=tuple(rolled)))
    after = _after("keep")
    assert chains == [(keep,), (keep, canonical_roll(after.dice_to_roll(), [
        ("white", "submarine"), ("black", "octopod"), ("black", "red-0"), ("black", "octopod")]))]


def test_a_set_aside_die_rolled_with_one_free_die_missing_left_the_area() -> None:
    state = _after("keep")
    dice = _as_expected(state)
    lab = next(d for d in dice if d.area == ASIDE and d.face == "lab")
    free = [d for d in dice if d.area == ROLL]
    aside = [d for d in dice if d.area == ASIDE and d is not lab]
    # four dice in the roll area (one free die gone, the lab die among them showing research)
    assert _diagnose(state, *aside, *free[1:], replace(lab, area=ROLL, face="research", y=400.0)) == (
        "the white die showing lab left the set-aside area: set-aside dice stay there until the end of the turn")


def test_some_dice_not_rolled_are_counted_both_ways() -> None:
    state = _after("keep")
    roll = [d for d in _as_expected(state) if d.area == ROLL]
    aside = [d for d in _as_expected(state) if d.area == ASIDE]
    three_still = [replace(d, seen_serial=0) if i else replace(d, landed_after=0) for i, d in enumerate(roll)]
    assert _diagnose(state, *aside, *three_still) == \
        "1 dice were rolled and 3 did not move: roll all 4 dice that are not set aside"
    # a die still since another roll than the one shown is not "not rolled" here
    older = [replace(d, seen_serial=7) if i == 0 else d for i, d in enumerate(roll)]
    assert _diagnose(state, *aside, *older, differences=(Difference("x", 1.0),)) == \
        "the dice do not match any step of the roll procedure: x"
    # the right number of dice, nothing stale: no count to complain about
    assert _diagnose(state, *aside, *roll, differences=(Difference("y", 1.0),)) == \
        "the dice do not match any step of the roll procedure: y"


def test_setting_aside_after_the_second_roll_counts_only_the_new_dice() -> None:
    state = _after("keep", "roll")
    assert state.phase == "set_aside"
    dice = _as_expected(state)
    one_more = [replace(d, area=ASIDE, y=135.0) if d.face == "research" else d for d in dice]
    assert _diagnose(state, *one_more) == "Player 1 set aside 1 dice: keep exactly 2 after each roll"


def test_a_die_set_aside_and_misread_in_the_strip_is_still_the_set_aside_the_roll_area_tells() -> None:
    """The white lab die is set aside with the white crystal one, but the strip reads it as a
    submarine: the strip alone names no die (no free die shows submarine); the roll area, which
    shows the other four as they lay, tells which two left it. The misread face stays a doubtful
    difference for the inference to weigh."""
    state = _after()
    keep = canonical_set_aside(state, [("white", "lab"), ("white", "crystal")])
    dice = _as_expected(state)
    kept = [replace(d, area=ASIDE, y=135.0) if d.face in ("lab", "crystal") else d for d in dice]
    misread = [replace(d, face="submarine") if d.area == ASIDE and d.face == "lab" else d for d in kept]
    chains = list(ADAPTER.candidate_chains(state, OctoDiceObservation(dice=tuple(misread))))
    assert chains and [c[0] for c in chains] == [keep] * len(chains)
    # read right, the strip and the roll area agree: one set-aside, not two
    assert [c[0] for c in ADAPTER.candidate_chains(state, OctoDiceObservation(dice=tuple(kept)))] == [keep, keep]
    # the roll area short of a die as well: it cannot tell which two left
    fewer = [d for d in misread if d.area == ASIDE] + [d for d in misread if d.area == ROLL][1:]
    assert ADAPTER.candidate_chains(state, OctoDiceObservation(dice=tuple(fewer))) == []
