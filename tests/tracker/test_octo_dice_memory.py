"""Octo Dice's scene memory: a die that lies where a die of its kind lay is the same die (not
rolled, or turned by hand when it shows another face and both readings are sure); one in the roll
area where none lay was thrown. These annotations are what the adapter's alerts rest on, so each
edge (the 3 mm of "the same place", the 0.75 of "sure") is checked on both sides."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tracker.octo_dice.memory import KEPT_MM, SAME_PLACE_MM, SURE, DiceMemory
from tracker.octo_dice.observation import ASIDE, ROLL, DieReading, OctoDiceObservation


@dataclass(frozen=True)
class _Expected:
    roll_serial: int


def die(x: float, y: float, face: str | None = "lab", kind: str = "white", area: str = ROLL,
        confidence: float = 1.0, cocked: bool = False) -> DieReading:
    return DieReading(kind, face, area, x, y, confidence, cocked)


def scene(*dice: DieReading) -> OctoDiceObservation:
    return OctoDiceObservation(dice=dice)


def remembered(*dice: DieReading, serial: int = 5) -> DiceMemory:
    memory = DiceMemory()
    memory.remember(scene(*dice), _Expected(serial))
    return memory


def test_the_edges_are_the_documented_ones() -> None:
    assert (SAME_PLACE_MM, SURE) == (3.0, 0.75)


def test_nothing_is_annotated_before_a_scene_is_remembered_or_after_forgetting() -> None:
    observed = scene(die(300, 300))
    assert DiceMemory().annotate(observed) is observed
    memory = remembered(die(300, 300))
    memory.forget()
    assert memory.annotate(observed) is observed
    assert remembered(die(300, 300)).annotate("not a scene") == "not a scene"


def test_a_die_where_it_lay_showing_the_same_face_was_not_rolled() -> None:
    memory = remembered(die(300, 300), serial=7)
    (same,) = memory.annotate(scene(die(300 + SAME_PLACE_MM, 300))).dice
    assert (same.seen_serial, same.landed_after, same.turned_from) == (7, None, None)
    (diagonal,) = memory.annotate(scene(die(302, 302))).dice  # 2.83 mm away
    assert diagonal.seen_serial == 7


def test_a_die_just_beyond_the_same_place_in_the_roll_area_was_thrown() -> None:
    memory = remembered(die(300, 300), serial=7)
    (moved,) = memory.annotate(scene(die(300, 300 + SAME_PLACE_MM + 0.01))).dice
    assert (moved.seen_serial, moved.landed_after, moved.turned_from) == (None, 7, None)
    (landed,) = memory.annotate(scene(die(300, 300, face="octopod", kind="black"))).dice
    assert landed.landed_after == 7  # no black die lay there: thrown, whatever white die lay there


def test_set_aside_dice_are_neither_thrown_nor_unrolled() -> None:
    memory = remembered(die(200, 135, area=ASIDE), serial=3)
    assert memory.annotate(scene(die(200, 135, area=ASIDE))).dice == (die(200, 135, area=ASIDE),)
    assert memory.annotate(scene(die(260, 135, area=ASIDE))).dice == (die(260, 135, area=ASIDE),)
    # a die now in the roll area where a set-aside die lay was not "not rolled"
    memory = remembered(die(300, 300, area=ASIDE), serial=3)
    assert memory.annotate(scene(die(300, 300))).dice == (die(300, 300),)


def test_a_die_turned_by_hand_needs_both_readings_sure() -> None:
    memory = remembered(die(300, 300, face="lab", confidence=SURE))
    (turned,) = memory.annotate(scene(die(300, 301, face="sub", confidence=SURE))).dice
    assert (turned.turned_from, turned.seen_serial, turned.landed_after) == ("lab", None, None)
    shaky_now = memory.annotate(scene(die(300, 301, face="sub", confidence=0.74))).dice
    assert shaky_now == (replace(die(300, 301, face="sub", confidence=0.74), unsure_from="lab"),)
    shaky_before = remembered(die(300, 300, face="lab", confidence=0.74))
    assert shaky_before.annotate(scene(die(300, 301, face="sub"))).dice == (die(300, 301, face="sub"),)
    # turned in the set-aside strip is still turned
    aside = remembered(die(200, 135, area=ASIDE, face="lab"))
    assert aside.annotate(scene(die(200, 135, area=ASIDE, face="sub"))).dice[0].turned_from == "lab"


def test_the_nearest_die_of_the_same_kind_is_the_one_compared() -> None:
    memory = remembered(die(300, 300, face="lab"), die(304, 300, face="sub"), die(301, 300, face="red-2", kind="black"))
    (d,) = memory.annotate(scene(die(303, 300, face="sub"))).dice
    assert (d.seen_serial, d.turned_from) == (5, None)
    (d,) = memory.annotate(scene(die(301, 300, face="sub"))).dice
    assert d.turned_from == "lab"
    # nearest on the mat, not nearest along one edge: the die 2 mm away, not the one in line 10 cm off
    memory = remembered(die(300, 400, face="lab"), die(302, 300, face="sub"))
    (d,) = memory.annotate(scene(die(300, 300, face="sub"))).dice
    assert (d.seen_serial, d.landed_after, d.turned_from) == (5, None, None)


def test_unreadable_cocked_and_foreign_dice_are_never_matched() -> None:
    memory = remembered(die(300, 300, face=None), die(320, 300, cocked=True), die(340, 300, kind="other", face=None))
    for d in (die(300, 300), die(320, 300), die(340, 300)):
        assert memory.annotate(scene(d)).dice[0].landed_after == 5, d  # nothing readable lay there
    memory = remembered(die(300, 300))
    for d in (die(300, 300, face=None), die(300, 300, cocked=True), die(300, 300, kind="other")):
        assert memory.annotate(scene(d)).dice == (d,)


def test_remembering_a_scene_takes_its_dice_and_the_serial_it_showed() -> None:
    memory = remembered(die(300, 300), serial=2)
    now = scene(die(300, 300), die(400, 400))
    annotated = memory.annotate(now)
    assert [(d.seen_serial, d.landed_after) for d in annotated.dice] == [(2, None), (None, 2)]
    memory.remember(annotated, _Expected(3))
    assert [(d.seen_serial, d.landed_after) for d in memory.annotate(now).dice] == [(3, None), (3, None)]
    memory.remember(annotated, object())  # a view without a roll serial
    assert [d.seen_serial for d in memory.annotate(now).dice] == [-1, -1]
    memory.remember("not a scene", _Expected(9))  # ignored: the last scene stays
    assert [d.seen_serial for d in memory.annotate(now).dice] == [-1, -1]


def test_something_unread_at_an_areas_edge_where_no_die_lay_is_fingers_and_hides_the_scene() -> None:
    """The recogniser names spots at an area's edge where it read no die: where a die lay in the
    last accepted scene (within 8 mm) it is that die, missed (kept, the scene is read); where none
    lay it is fingers reaching in (the scene is not read)."""
    from tracker.octo_dice.memory import KEPT_MM

    assert KEPT_MM == 8.0
    memory = remembered(die(200.0, 110.0, "bot", area=ASIDE), die(300.0, 300.0))
    fingers = OctoDiceObservation(dice=(die(300.0, 300.0),), spots=((300.0, 300.0), (260.0, 104.0)),
                                  unread_at_edge=((260.0, 104.0),))
    assert memory.annotate(fingers).occluded
    missed = OctoDiceObservation(dice=(die(300.0, 300.0),), spots=((300.0, 300.0), (207.9, 110.0)),
                                 unread_at_edge=((207.9, 110.0),))
    seen = memory.annotate(missed)
    assert not seen.occluded
    assert [(d.face, d.remembered) for d in seen.dice if d.area == ASIDE] == [("bot", True)]
    beyond = OctoDiceObservation(dice=(die(300.0, 300.0),), spots=((300.0, 300.0), (208.1, 110.0)),
                                 unread_at_edge=((208.1, 110.0),))
    assert memory.annotate(beyond).occluded
    # exactly 8 mm away is still that die; 8.5 mm away straight along y is not
    at_limit = OctoDiceObservation(dice=(die(300.0, 300.0),), spots=((300.0, 300.0), (208.0, 110.0)),
                                   unread_at_edge=((208.0, 110.0),))
    assert not memory.annotate(at_limit).occluded
    along_y = OctoDiceObservation(dice=(die(300.0, 300.0),), spots=((300.0, 300.0), (200.0, 118.5)),
                                  unread_at_edge=((200.0, 118.5),))
    assert memory.annotate(along_y).occluded
    # before any scene is remembered there is nothing to tell a missed die from fingers: read it
    # (when the six dice are read; with fewer, the spot may be the die missed: see below)
    six = tuple(die(180.0 + 40 * k, 300.0) for k in range(6))
    all_read = OctoDiceObservation(dice=six, spots=tuple((d.x, d.y) for d in six) + ((260.0, 104.0),),
                                   unread_at_edge=((260.0, 104.0),))
    assert not DiceMemory().annotate(all_read).occluded


def test_a_scene_with_a_die_unread_is_read_again_not_judged() -> None:
    """Games 96800/96804: the reader missed one die of a roll (a spot far from every die read) and
    the roll looked illegal ("5 dice lie in the roll area"). Five of six dice read and a spot
    farther than 25 mm from every one of them: the scene is not read (read again once settled),
    with or without a remembered scene. A spot within 25 mm of a die read is its side or shadow."""
    from tracker.octo_dice.memory import UNREAD_DIE_MM

    five = tuple(die(180.0 + 50 * k, 300.0) for k in range(5))
    spots = tuple((d.x, d.y) for d in five)

    def occluded(memory: DiceMemory, extra: tuple[tuple[float, float], ...], dice: tuple[DieReading, ...] = five) -> bool:
        return bool(memory.annotate(OctoDiceObservation(dice=dice, spots=spots + extra)).occluded)

    for memory in (DiceMemory(), remembered(die(300.0, 450.0))):
        assert occluded(memory, ((200.0, 450.0),))  # a die there, unread
        assert not occluded(memory, ((180.0, 300.0 + UNREAD_DIE_MM),))  # a read die's shadow
        assert occluded(memory, ((180.0, 300.0 + UNREAD_DIE_MM + 0.1),))
        assert not occluded(memory, ())  # five dice and nothing else: judged (a die missing is an alert)
        sixth = die(200.0, 450.0)
        assert not occluded(memory, ((200.0, 450.0), (400.0, 120.0)), five + (sixth,))  # all six read
        # two unread (96804: 3 dice set aside, 2 unread): judged, it may be illegal
        assert not occluded(memory, ((200.0, 450.0), (400.0, 120.0)), five[:4])
    assert not DiceMemory().annotate(OctoDiceObservation(dice=five)).occluded  # no spots (ground truth)


def test_a_die_the_reader_missed_where_a_spot_still_lies_is_kept_as_remembered() -> None:
    """One unread die must not make a legal scene look illegal: a die of the last accepted scene
    with a spot within 8 mm of where it lay, and no die read within 16 mm, is kept, less sure
    (at most 0.5), marked remembered; in the roll area it was not rolled (seen in this roll)."""
    from tracker.octo_dice.memory import KEPT_MM

    memory = remembered(die(300, 300, face="lab", confidence=0.9), die(200, 110, face="bot", area=ASIDE,
                                                                      confidence=0.3), serial=4)
    kept = memory.annotate(OctoDiceObservation(dice=(), spots=((300 + KEPT_MM, 300), (200, 110 - KEPT_MM)))).dice
    assert [(d.face, d.area, d.confidence, d.remembered, d.seen_serial, d.landed_after) for d in kept] == [
        ("lab", ROLL, 0.5, True, 4, None), ("bot", ASIDE, 0.3, True, None, None)]
    # a spot just beyond 8 mm is something else: nothing is kept
    assert memory.annotate(OctoDiceObservation(dice=(), spots=((300 + KEPT_MM + 0.01, 300),))).dice == ()
    # a die read closer than two spot radii (16 mm) stands there: nothing is added
    near = die(300 + 2 * KEPT_MM - 0.01, 300, face="sub")
    (only,) = memory.annotate(OctoDiceObservation(dice=(near,), spots=((300, 300), (near.x, near.y)))).dice
    assert only.face == "sub" and not only.remembered
    far = die(300 + 2 * KEPT_MM, 300, face="sub")
    both = memory.annotate(OctoDiceObservation(dice=(far,), spots=((300, 300), (far.x, far.y)))).dice
    assert [(d.face, d.remembered) for d in both] == [("sub", False), ("lab", True)]


def test_only_readable_flat_dice_of_the_game_are_kept_when_missed() -> None:
    memory = remembered(die(300, 300, face=None), die(340, 300, cocked=True), die(380, 300, kind="other"))
    spots = ((300, 300), (340, 300), (380, 300))
    assert memory.annotate(OctoDiceObservation(dice=(), spots=spots)).dice == ()
    black = remembered(die(300, 300, face="red-2", kind="black"))
    assert [d.face for d in black.annotate(OctoDiceObservation(dice=(), spots=((300, 300),))).dice] == ["red-2"]


def test_a_box_across_two_set_aside_dice_is_that_die_misread_not_another_die() -> None:
    """A reading in the strip between 3 and 15 mm from a set-aside die whose spot is still found,
    with no spot of its own within 8 mm, is dropped (two 16 mm dice cannot lie that close) and the
    set-aside die is kept."""
    from tracker.octo_dice.memory import OVERLAP_MM

    memory = remembered(die(200, 110, face="bot", area=ASIDE))
    spot = ((194.0, 110.0),)  # the die's spot, 6 mm off its top's centre

    def read(x: float, spots: tuple[tuple[float, float], ...] = spot, area: str = ASIDE) -> list[tuple[str | None, bool]]:
        observed = OctoDiceObservation(dice=(die(x, 110, face="lab", area=area),), spots=spots)
        return [(d.face, d.remembered) for d in memory.annotate(observed).dice]

    assert read(200 + SAME_PLACE_MM + 0.01) == [("bot", True)]  # the misread box, dropped
    assert read(200 + OVERLAP_MM - 0.01) == [("bot", True)]
    assert read(200 + SAME_PLACE_MM) == [("lab", False)]  # the same place: the die itself, turned
    assert read(200 + OVERLAP_MM) == [("lab", False)]  # a die beside it (closer than 16 mm: nothing kept)
    assert read(210, spots=spot + ((210.0, 110.0),)) == [("lab", False)]  # a spot of its own: a die
    assert read(210, area=ROLL) == [("lab", False)]  # only the strip is checked
    assert read(210, spots=((200.0, 160.0),)) == [("lab", False)]  # the set-aside die's spot is gone
    assert read(210, spots=()) == [("lab", False)]  # no spots at all: nothing to judge by


def test_only_readable_flat_set_aside_dice_make_a_neighbouring_reading_a_misread() -> None:
    spots = ((194.0, 110.0),)
    for lying in (die(200, 110, face=None, area=ASIDE), die(200, 110, area=ASIDE, cocked=True), die(200, 110)):
        memory = remembered(lying)
        observed = OctoDiceObservation(dice=(die(210, 110, face="lab", area=ASIDE),), spots=spots)
        assert [d.face for d in memory.annotate(observed).dice][:1] == ["lab"], lying


def test_remembering_clears_the_annotations_of_the_scene_it_keeps() -> None:
    """The memory keeps where dice lay, not what was concluded about them last time."""
    memory = DiceMemory()
    annotated = DieReading("white", "lab", ROLL, 300, 300, 1.0, False, seen_serial=1, landed_after=2,
                           turned_from="sub", remembered=True)
    memory.remember(scene(annotated), _Expected(6))
    (kept,) = memory.annotate(OctoDiceObservation(dice=(), spots=((300, 300),))).dice
    assert (kept.seen_serial, kept.landed_after, kept.turned_from, kept.remembered) == (6, None, None, True)
    (same,) = memory.annotate(scene(die(300, 300))).dice
    assert (same.seen_serial, same.landed_after, same.turned_from, same.remembered) == (6, None, None, False)


def test_the_misread_box_rule_measures_distances_on_the_mat_and_its_edges_hold_along_y() -> None:
    """The same rule with the dice in a line along y: every distance is the mat distance (not one
    coordinate), and a spot exactly 8 mm away still counts."""
    from tracker.octo_dice.memory import KEPT_MM

    memory = remembered(die(200, 110, face="bot", area=ASIDE))

    def read(y: float, spots: tuple[tuple[float, float], ...]) -> list[tuple[str | None, bool]]:
        observed = OctoDiceObservation(dice=(die(200, y, face="lab", area=ASIDE),), spots=spots)
        return [(d.face, d.remembered) for d in memory.annotate(observed).dice]

    assert read(120, ((200.0, 110.0 - KEPT_MM),)) == [("bot", True)]  # the die's spot at exactly 8 mm
    assert read(120, ((200.0, 110.0 - KEPT_MM - 0.01),)) == [("lab", False)]  # its spot is gone
    assert read(120, ((200.0, 110.0), (200.0, 120.0 + KEPT_MM))) == [("lab", False)]  # its own spot, 8 mm off
    assert read(120, ((200.0, 110.0), (200.0, 120.0 + KEPT_MM + 0.01))) == [("bot", True)]
    assert read(110 + SAME_PLACE_MM, ((200.0, 104.0),)) == [("lab", False)]  # 3 mm along y: the same place
    # a spot 50 mm off in x, level with the set-aside die, is not that die's spot
    assert read(120, ((250.0, 110.0),)) == [("lab", False)]


def test_each_missed_die_is_judged_on_its_own() -> None:
    """An unreadable remembered die, or one with a die read beside it, does not stop the others
    from being kept; distances are on the mat, not along one axis."""
    memory = remembered(die(300, 300, face=None), die(340, 300, face="lab"), die(400, 300, face="sub"),
                        serial=2)
    spots = ((340.0, 300.0), (400.0, 300.0))
    kept = memory.annotate(OctoDiceObservation(dice=(die(340, 305, face="bot"),), spots=spots)).dice
    assert [(d.face, d.remembered) for d in kept] == [("bot", False), ("sub", True)]
    # a die read 30 mm away in y (in line in x) does not stand where the missed die lay
    kept = memory.annotate(OctoDiceObservation(dice=(die(340, 330, face="bot"),), spots=spots)).dice
    assert [(d.face, d.remembered) for d in kept] == [("bot", False), ("lab", True), ("sub", True)]


def test_a_misread_box_off_a_die_lying_in_the_roll_area_is_that_die() -> None:
    """Game 95404 (tilt 34): a die lying where the last scene saw it, misread with its box 14-16 mm
    off along the tilt, was called thrown. A roll-area reading with no spot of its own within
    8 mm, between 3 and 20 mm from a die that lay there whose spot is still found, is dropped and
    the die is kept (not rolled); with a spot of its own, or farther, it is another die."""
    from tracker.octo_dice.memory import MISPLACED_MM

    memory = remembered(die(400, 412, face="lab", kind="black"), serial=9)
    spot = ((400.0, 412.0),)

    def read(y: float, spots: tuple[tuple[float, float], ...] = spot) -> list[tuple[str | None, bool, int | None]]:
        observed = OctoDiceObservation(dice=(die(400, y, face="octopod", kind="black"),), spots=spots)
        return [(d.face, d.remembered, d.seen_serial) for d in memory.annotate(observed).dice]

    assert read(398) == [("lab", True, 9)]  # 14 mm off: that die, misread
    assert read(412 - MISPLACED_MM + 0.01) == [("lab", True, 9)]
    assert read(412 - MISPLACED_MM)[0] == ("octopod", False, None)  # far enough to be another die (both kept)
    assert read(398, spots=spot + ((400.0, 398.0),)) == [("octopod", False, None)]  # a spot of its own: a die
    assert read(398, spots=((300.0, 300.0),)) == [("octopod", False, None)]  # the die's spot is gone


@dataclass(frozen=True)
class _View:
    roll_serial: int
    roll: tuple[tuple[str, str], ...]
    aside: tuple[tuple[str, str], ...]


def test_a_die_misread_in_an_accepted_scene_is_remembered_as_the_game_has_it() -> None:
    """Game 98731: a green 2 set aside was read blue 2 in the scene that showed the set-aside (the
    set-aside was known from the roll area); remembered as read, the same die read right in the
    next scene was called turned by hand. Remembered as the game has it, it is not; a die really
    turned to a third face still is."""
    memory = DiceMemory()
    memory.remember(scene(die(193, 135, face="lab", area=ASIDE), die(231, 133, face="blue-2", kind="black", area=ASIDE),
                          die(300, 300, face="bot")),
                    _View(4, roll=(("white", "bot"),), aside=(("black", "green-2"), ("white", "lab"))))
    read_right = memory.annotate(scene(die(193, 135, face="lab", area=ASIDE),
                                       die(231, 133, face="green-2", kind="black", area=ASIDE)))
    assert [d.turned_from for d in read_right.dice] == [None, None]
    turned = memory.annotate(scene(die(193, 135, face="lab", area=ASIDE),
                                   die(231, 133, face="red-0", kind="black", area=ASIDE)))
    assert [d.turned_from for d in turned.dice] == [None, "green-2"]


def test_dice_read_against_the_game_where_it_is_unclear_are_remembered_unsure() -> None:
    """Two black dice in the strip read against the state (which is which cannot be told): both
    are remembered below SURE, so neither is called turned by hand on the next reading."""
    memory = DiceMemory()
    memory.remember(scene(die(190, 135, face="blue-2", kind="black", area=ASIDE),
                          die(231, 135, face="red-1", kind="black", area=ASIDE)),
                    _View(4, roll=(), aside=(("black", "green-2"), ("black", "yellow-0"))))
    again = memory.annotate(scene(die(190, 135, face="green-2", kind="black", area=ASIDE),
                                  die(231, 135, face="yellow-0", kind="black", area=ASIDE)))
    assert [d.turned_from for d in again.dice] == [None, None]


def test_a_set_aside_die_vanished_unseen_is_read_once_more_before_it_is_called_gone() -> None:
    strip = (die(150, 40, area=ASIDE), die(190, 40, face="octopod", kind="black", area=ASIDE))
    rolled = (die(300, 300), die(340, 300), die(380, 300), die(420, 300, kind="black"))
    memory = remembered(*strip, *rolled)
    # the white die of the strip is neither read nor a spot, and only five dice are read
    missing = scene(strip[1], *rolled)
    assert memory.annotate(missing).occluded
    # the second reading of the same scene is judged: a die really taken away is flagged then
    second = memory.annotate(missing)
    assert not second.occluded and len(second.dice) == 5
    # remembering an accepted scene allows one more read again
    memory.remember(scene(*strip, *rolled), _Expected(6))
    assert memory.annotate(missing).occluded


def test_a_cleared_strip_or_six_dice_read_is_judged_at_once() -> None:
    strip = (die(150, 40, area=ASIDE), die(190, 40, face="octopod", kind="black", area=ASIDE))
    rolled = (die(300, 300), die(340, 300), die(380, 300), die(420, 300, kind="black"))
    # a new turn: every die picked up from the strip and thrown
    thrown = tuple(die(250 + 40 * i, 200) for i in range(6))
    assert not remembered(*strip, *rolled).annotate(scene(*thrown)).occluded
    # the white die taken back into the roll area: six dice read, judged (and flagged) at once
    back = scene(strip[1], *rolled, die(460, 300))
    assert not remembered(*strip, *rolled).annotate(back).occluded
    # a spot where the die lay: it is there, unread (kept by the memory), no second read needed
    spotted = OctoDiceObservation(dice=(strip[1], *rolled), spots=((151.0, 41.0),))
    assert not remembered(*strip, *rolled).annotate(spotted).occluded


def test_no_die_is_kept_unread_when_all_six_are_read() -> None:
    """Game 100904 (lamp, tilt 22): the four roll-area dice were all rolled; the white lab die
    landed 22 mm from where the crystal lay and its side made a spot 5 mm from that place. With six
    dice read the crystal cannot still lie there unread: keeping it made a seventh die and the
    alert "4 dice were rolled and 1 did not move". With five read, it is kept as ever."""
    memory = remembered(die(274, 248, face="lab"), die(209, 280, face="crystal"),
                        die(398, 388, face="octopod", kind="black"), die(219, 360, face="blue-1", kind="black"),
                        die(187, 136, face="octopod", area=ASIDE),
                        die(238, 138, face="red-2", kind="black", area=ASIDE), serial=121)
    rolled = (die(196, 262, face="lab"), die(395, 457, face="research"),
              die(230, 398, face="green-0", kind="black"), die(359, 263, face="white-2", kind="black"))
    aside = (die(187, 136, face="octopod", area=ASIDE), die(238, 138, face="red-2", kind="black", area=ASIDE))
    spots = ((187.0, 135.0), (238.0, 138.0), (196.0, 260.0), (358.0, 265.0), (204.0, 278.0),
             (229.0, 398.0), (396.0, 456.0))
    six = memory.annotate(OctoDiceObservation(dice=rolled + aside, spots=spots))
    assert len(six.dice) == 6 and not any(d.remembered or d.seen_serial is not None for d in six.dice)
    assert [d.landed_after for d in six.dice if d.area == ROLL] == [121] * 4
    five = memory.annotate(OctoDiceObservation(dice=rolled[:3] + aside, spots=spots))
    (kept,) = [d for d in five.dice if d.remembered]
    assert (kept.face, kept.x, kept.y, kept.seen_serial) == ("crystal", 209, 280, 121)


def test_a_shaky_new_reading_where_a_die_lay_names_the_face_it_showed() -> None:
    """Game 103005: a white crystal put back where it lay read "octopod" at 0.67: the adapter
    weighs it as that die misread only if the memory says what it showed there."""
    memory = remembered(die(279, 362, face="crystal", confidence=0.67))
    (shaky,) = memory.annotate(scene(die(279, 362, face="octopod", confidence=0.67))).dice
    assert (shaky.unsure_from, shaky.turned_from, shaky.seen_serial) == ("crystal", None, None)
    (sure,) = memory.annotate(scene(die(279, 362, face="octopod", confidence=SURE))).dice
    assert sure.unsure_from is None  # the old reading shaky, the new one sure: neither annotation
    (moved,) = memory.annotate(scene(die(279, 362 + SAME_PLACE_MM + 0.01, face="octopod", confidence=0.67))).dice
    assert (moved.unsure_from, moved.landed_after) == (None, 5)


def _six_laid() -> DiceMemory:
    return remembered(die(200, 130, area=ASIDE), die(240, 130, area=ASIDE, kind="black", face="red-0"),
                      die(280, 130, area=ASIDE), die(320, 130, area=ASIDE, kind="black", face="blue-2"),
                      die(300, 300), die(350, 350, kind="black", face="green-0"))


def test_a_whole_roll_with_one_die_unread_is_read_again() -> None:
    """Game 103002: a turn's first roll, a cocked crystal neither read nor a spot of its own."""
    thrown = [die(190 + 50 * k, 380, kind=("white", "black")[k % 2], face=("lab", "red-2")[k % 2])
              for k in range(5)]
    assert _six_laid().annotate(scene(*thrown)).occluded
    # one die still where it lay (read, or a spot there): not a whole roll, judged as ever
    assert not _six_laid().annotate(scene(*thrown[:4], die(300, 300))).occluded
    spotted = OctoDiceObservation(dice=tuple(thrown), spots=((350 + KEPT_MM, 350),))
    assert not _six_laid().annotate(spotted).occluded
    # six read, or a die in the strip: judged
    assert not _six_laid().annotate(scene(*thrown, die(450, 450))).occluded
    assert not _six_laid().annotate(scene(*thrown[:4], die(400, 130, area=ASIDE))).occluded
