"""What the Octo Dice adapter says about each kind of die reading, word for word and with its
weight, on hand-built views: a die of another game, a cocked die, a die off the mat, a die turned
by hand, a die that lay still through a roll or was thrown after one, dice missing or extra in
each area; and when two scenes are the same table."""

from __future__ import annotations

from tracker.adapter import Difference
from tracker.octo_dice.adapter import DiceView, OctoDiceAdapter
from tracker.octo_dice.observation import ASIDE, OFF, ROLL, DieReading, OctoDiceObservation

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
    assert diffs(view, die(seen_serial=2, confidence=0.8)) == [
        Difference("the white die showing lab at (300, 251) mm did not move: it was not rolled", 0.8)]
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
