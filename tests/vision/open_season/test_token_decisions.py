"""What the Open Season token reader (vision/open_season/tokens.py) makes of its place scores:
counts, which kind of token, and the doubts a player reads (with the player's number and the
place), decided from synthetic scores so that each rule is checked at its edge. The reader is
built on a real camera geometry (no rendering); only its ``scores`` are replaced."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import numpy as np
import pytest

from rules.open_season.layout import SHIELD_SCORINGS
from vision.open_season.tokens import LIGHT_MIN, SeatTokens, TokenReader
from vision.render.camera import CameraModel

FRAME = np.zeros((720, 1280, 3), np.uint8)
HORN_FACES = list(range(1, 15))
SHIELD_FACES = [1, 2, 3, 4, 5, 6, 9, 10, 11, 13, 14]
"""The shield side's bonus faces: its wall has no space for tiles 7, 8 and 12."""


def _ground_truth() -> dict[str, Any]:
    """A rendered frame's camera, without the frame."""
    camera = CameraModel.looking_at(tilt_deg=10.0, azimuth_deg=0.0, resolution=(1280, 720))
    return {"camera": camera.to_json(), "homography_table_to_image": camera.table_to_image_homography}


def _reader(side: str = "horn", players: int = 2, expert: bool = False) -> TokenReader:
    """Built per test (mutation testing must see the constructor run in every test)."""
    return TokenReader.from_ground_truth(_ground_truth(), side, players, expert)


def test_a_rendered_frames_camera_is_read_with_its_lens_distortion() -> None:
    camera = CameraModel.looking_at(tilt_deg=20.0, azimuth_deg=90.0, resolution=(1280, 720),
                                    dist=(-0.2, 0.05, 0.0, 0.0, 0.0))
    gt = {"camera": camera.to_json(), "homography_table_to_image": camera.table_to_image_homography}
    view = TokenReader.from_ground_truth(gt, "horn", 2, False).view
    corners = np.array([[100.0, 100.0], [-300.0, 250.0], [350.0, -200.0]])
    want = camera.project(np.hstack([corners, np.zeros((3, 1))]))
    assert np.abs(view.project(corners) - want).max() < 0.01


def test_a_pack_given_with_a_rendered_frames_camera_is_checked_too() -> None:
    with pytest.raises(ValueError, match=r"^the pack teaches octo_dice, not open_season$"):
        TokenReader.from_ground_truth(_ground_truth(), "horn", 2, False, pack=SimpleNamespace(game="octo_dice"))


def _read(reader: TokenReader, *, trophies: dict[tuple[int, int], list[float]] | None = None,
          wilds: dict[tuple[int, int], float] | None = None, scorings: dict[tuple[int, int], float] | None = None,
          accolade: dict[int, list[float]] | None = None, personal: dict[int, list[list[float]]] | None = None,
          bonus: dict[tuple[int, int], tuple[float, float, dict[int, float]]] | None = None,
          bare: dict[tuple[int, int], tuple[float, float]] | None = None,
          faces: list[int] = HORN_FACES, light: dict[int, float] | None = None,
          grids: dict[tuple[int, int], list[list[float]]] | None = None) -> dict[int, SeatTokens]:
    """``reader.read`` with every place clearly empty (bare mat) but the ones given: wall
    trophies per (seat, space) place by place, wilds per (seat, space), scorings per (seat,
    slot), accolade wilds per seat, personal rows per seat (trophy, wild, penalty, series
    fits, distance from the mat, grey spread), bonus per (seat, column) as (presence, rim
    ratio, face -> fit) with ``faces`` the faces the columns stand for, bare per (seat, column),
    light per seat (how light its wall cards are; else well lit), grids per (seat, space): the
    card's places in every grid shift (9 x 9; without it, every shift as ``trophies`` gives)."""
    real = reader.scores(FRAME)
    out: dict[str, Any] = {}
    labels = real["trophies"][0]
    slot_values = trophies or {}
    out["trophies"] = (labels, np.array([[slot_values.get((s, n), [0.0] * 9)[i]] for s, n, i in labels]))
    cards = list(dict.fromkeys((s, n) for s, n, _i in labels))
    out["trophy_poses"] = ([(s, n, 0) for s, n in cards],
                           np.array([(grids or {}).get((s, n), [slot_values.get((s, n), [0.0] * 9)] * 9)
                                     for s, n in cards]))
    for name, given in (("wilds", wilds), ("scorings", scorings)):
        labels = real[name][0]
        out[name] = (labels, np.array([[(given or {}).get((s, n if name == "wilds" else i), 0.0)]
                                       for s, n, i in labels]).reshape(-1, 1))
    labels = real["accolade"][0]
    out["accolade"] = (labels, np.array([[(accolade or {}).get(s, [0.0] * 4)[i]] for s, _z, i in labels]))
    labels = real["personal"][0]
    empty = [-0.5, -0.5, -0.5, -0.5, 0.0, 0.0]
    out["personal"] = (labels, np.array([(personal or {}).get(s, [empty] * 8)[i] for s, _z, i in labels]))
    labels = real["bonus"][0]
    rows, bare_rows = [], []
    for s, c, _z in labels:
        present, ratio, fits = (bonus or {}).get((s, c), (0.0, 1.2, {}))
        rows.append([present, ratio] + [fits.get(f, 0.0) for f in faces])
        bare_rows.append(list((bare or {}).get((s, c), (0.0, 0.0))))
    out["bonus"] = (labels, np.array(rows).reshape(len(labels), 2 + len(faces)))
    out["bonus_bare"] = (labels, np.array(bare_rows).reshape(len(labels), 2))
    labels = real["light"][0]
    out["light"] = (labels, np.array([[(light or {}).get(s, 200.0)] for s, _z, _i in labels]))
    cast(Any, reader).scores = lambda image: out  # the reader scores these, whatever the image
    return reader.read(FRAME)


def _row(*kinds: str, length: int = 8) -> list[list[float]]:
    """A personal row: these tokens from the first place (a clear fit), then bare mat."""
    order = ("trophy", "wild", "penalty", "series")
    rows = []
    for kind in kinds:
        row = [-0.5, -0.5, -0.5, -0.5, 0.0, 0.0]
        row[order.index(kind)] = 0.6
        rows.append(row)
    return rows + [[-0.5, -0.5, -0.5, -0.5, 0.0, 0.0] for _ in range(length - len(kinds))]


def test_nothing_on_the_table_reads_as_nothing_without_a_doubt() -> None:
    reads = _read(_reader("shield", 3, True), faces=SHIELD_FACES)
    assert reads == {s: SeatTokens({}, frozenset(), 0, 0, 0, False, frozenset(), {}, 0) for s in (0, 1, 2)}


def test_a_seat_too_dark_to_read_its_tokens_says_so_and_one_just_light_enough_does_not() -> None:
    reads = _read(_reader("horn", 3), light={0: LIGHT_MIN, 1: LIGHT_MIN - 0.5, 2: 3.0})
    assert reads[0].doubts == ()
    assert reads[1].doubts == ("player 2: too dark to read the tokens (the wall cards are 60 grey levels of 255, "
                               "at least 60 needed)",)
    # the darkness comes first, before what the dark places were read as
    reads = _read(_reader("horn", 3), light={2: 3.0}, trophies={(2, 1): [0.9, 0.71] + [0.1] * 7})
    assert reads[2].doubts[0].startswith("player 3: too dark to read the tokens (the wall cards are 3 grey")
    assert reads[2].doubts[1:] == ("player 3: trophies on space 1 (2 or 1)",)


def test_the_light_is_measured_on_the_wall_cards_of_each_seat() -> None:
    from vision.render.open_season_scene import board_pose

    reader = _reader("horn", 2)
    frame = np.full((720, 1280, 3), 30, np.uint8)
    labels, light = reader.scores(frame)["light"]
    assert labels == [(0, 0, 0), (1, 0, 0)] and np.allclose(light[:, 0], 30.0, atol=0.6)
    # seat 0's wall lit, seat 1's dark: each seat's own wall counts
    x, y = reader.view.project(np.array([board_pose("south")[:2]]), 2.4)[0]
    frame[max(0, int(y) - 200):int(y) + 200, max(0, int(x) - 250):int(x) + 250] = 200
    light = reader.scores(frame)["light"][1][:, 0]
    assert abs(light[0] - 200.0) < 0.6 and abs(light[1] - 30.0) < 0.6


def test_wall_trophies_are_counted_per_card_and_a_close_count_names_the_player_and_space() -> None:
    reads = _read(_reader(), trophies={(1, 4): [0.9, 0.9, 0.9] + [0.1] * 6,
                                       (1, 6): [0.9, 0.8, 0.71] + [0.1] * 6,
                                       (0, 2): [0.9] * 9})
    assert reads[0].wall_trophies == {2: 9} and reads[0].doubts == ()
    assert reads[1].wall_trophies == {4: 3, 6: 3}
    # the third place 0.01 above the threshold: 3 or 2 trophies
    assert reads[1].doubts == ("player 2: trophies on space 6 (3 or 2)",)


def test_a_wall_trophy_place_clearly_past_the_threshold_is_no_doubt() -> None:
    # the nearest place 0.06 above the threshold (0.70) and one below the unsure band (0.40):
    # the second best count is more than twice the doubt band (0.05) behind
    reads = _read(_reader(), trophies={(0, 1): [0.9, 0.76] + [0.1] * 7, (0, 3): [0.9, 0.39] + [0.1] * 7})
    assert reads[0].wall_trophies == {1: 2, 3: 1} and reads[0].doubts == ()
    # 0.04 from it: a doubt either way
    reads = _read(_reader(), trophies={(0, 1): [0.9, 0.74] + [0.1] * 7, (0, 3): [0.9, 0.66] + [0.1] * 7})
    assert reads[0].wall_trophies == {1: 2, 3: 1}
    assert reads[0].doubts == ("player 1: trophies on space 1 (2 or 1)", "player 1: trophies on space 3 (1 or 2)")


def test_a_place_in_the_unsure_band_makes_every_count_it_allows_a_doubt() -> None:
    # three trophies seen weakly (far side at 1280x720): read as none, but 0 to 3 are asked
    reads = _read(_reader(), trophies={(0, 11): [0.69, 0.69, 0.66] + [0.1] * 6,
                                       (1, 9): [0.564] + [0.1] * 8,
                                       (1, 3): [0.40, 0.399] + [0.1] * 7,
                                       (1, 5): [0.399, 0.69] + [0.1] * 7})
    assert reads[0].wall_trophies == {} and reads[0].doubts == ("player 1: trophies on space 11 (0, 1, 2 or 3)",)
    # a first place at 0.564 (development seed 69334: a trophy): 0 or 1; exactly at the band's
    # foot (0.40) may be a trophy, just under it (0.399) is none, and a place after a sure
    # empty one is no count at all
    assert reads[1].wall_trophies == {}
    assert reads[1].doubts == ("player 2: trophies on space 3 (0 or 1)", "player 2: trophies on space 9 (0 or 1)")
    # surely filled from 0.76 on: a first place there and a second in the band: 1 or 2
    reads = _read(_reader(), trophies={(0, 1): [0.76, 0.55] + [0.1] * 7})
    assert reads[0].wall_trophies == {1: 1} and reads[0].doubts == ("player 1: trophies on space 1 (1 or 2)",)


def test_an_empty_card_is_no_entry_and_a_gap_in_the_grid_counts_the_prefix() -> None:
    reads = _read(_reader(), trophies={(0, 5): [0.1] * 9, (1, 2): [0.9, 0.1, 0.9] + [0.1] * 6})
    assert reads[0].wall_trophies == {} and reads[1].wall_trophies == {2: 1}
    assert reads[1].doubts == ()


@pytest.mark.parametrize(("score", "read", "doubted"), [
    (0.9, True, False), (0.78, True, False), (0.74, True, True), (0.72, False, True), (0.70, False, True),
    (0.66, False, False),
    (0.3, False, False)])
def test_a_wall_wild_token_is_read_above_its_threshold_and_doubted_near_it(score: float, read: bool,
                                                                          doubted: bool) -> None:
    reads = _read(_reader(), wilds={(1, 5): score})
    assert reads[1].wall_wilds == (frozenset({5}) if read else frozenset())
    assert reads[1].doubts == (("player 2: a wild token on space 5?",) if doubted else ())
    assert reads[0].wall_wilds == frozenset() and reads[0].doubts == ()


def test_shield_scoring_trophies_are_named_by_their_place_and_doubted_near_the_threshold() -> None:
    reads = _read(_reader("shield", 2), scorings={(0, 0): 0.9, (0, 3): 0.8, (1, 1): 0.45, (1, 2): 0.39,
                                                 (1, 3): 0.36})
    assert reads[0].scorings == {SHIELD_SCORINGS[0], SHIELD_SCORINGS[3]} and reads[0].doubts == ()
    assert reads[1].scorings == {SHIELD_SCORINGS[1]}
    assert reads[1].doubts == (f"player 2: a trophy beside {SHIELD_SCORINGS[1]}?",
                               f"player 2: a trophy beside {SHIELD_SCORINGS[2]}?")
    # the doubted places, read either way, go to the tracker as doubts (scorings_unsure)
    assert reads[1].scorings_unsure == {SHIELD_SCORINGS[1], SHIELD_SCORINGS[2]}
    assert reads[0].scorings_unsure == frozenset()


def test_accolade_wilds_are_counted_and_a_close_count_is_a_doubt() -> None:
    reads = _read(_reader(players=3), accolade={0: [0.9, 0.9, 0.1, 0.1], 2: [0.9, 0.78, 0.1, 0.1]})
    assert [reads[s].accolade_wilds for s in range(3)] == [2, 0, 2]
    assert reads[0].doubts == () and reads[1].doubts == ()
    assert reads[2].doubts == ("player 3: wild tokens on the accolades (2 or 1)",)


def test_a_place_exactly_on_the_threshold_is_not_filled_and_the_higher_count_is_the_doubt() -> None:
    # a place holds its token above the threshold (accolade wilds: 0.75); on it, counts 2 and 3
    # agree equally well: the lower count is read, the other named
    seat = _read(_reader(), accolade={1: [0.9, 0.9, 0.75, 0.1]})[1]
    assert seat.accolade_wilds == 2
    assert seat.doubts == ("player 2: wild tokens on the accolades (2 or 3)",)


def test_personal_tokens_are_read_in_kind_order() -> None:
    reads = _read(_reader(), personal={0: _row("trophy", "trophy", "wild", "penalty", "series"),
                                       1: _row("wild", "penalty", "penalty")})
    got = [(r.trophies, r.wilds, r.penalties, r.series, r.doubts) for r in (reads[0], reads[1])]
    assert got == [(2, 1, 1, True, ()), (0, 1, 2, False, ())]


def test_a_token_fitting_two_kinds_almost_equally_is_a_doubt_saying_the_other_reading() -> None:
    row = _row("trophy", "trophy", "trophy", "penalty")
    row[2][1] = 0.57  # the third token fits a wild almost as well as a trophy (0.6)
    seat = _read(_reader(), personal={1: row})[1]
    assert (seat.trophies, seat.wilds, seat.penalties, seat.series) == (3, 0, 1, False)
    assert seat.doubts == ("player 2: personal tokens (perhaps 2 trophy, 1 wild, 1 penalty)",)
    assert seat.personal_unsure and not _read(_reader(), personal={1: _row("trophy")})[1].personal_unsure


def test_a_lone_weak_token_is_a_doubt_perhaps_none() -> None:
    row = _row()
    row[0][0] = 0.25  # just above the threshold (0.22)
    seat = _read(_reader(), personal={0: row})[0]
    assert seat.trophies == 1
    assert seat.doubts == ("player 1: personal tokens (perhaps none)",)


def test_a_clear_but_weak_token_or_no_mat_after_the_tokens_means_something_lies_over_them() -> None:
    hidden = "player 1: something lies over the personal tokens"
    weak = _row("trophy", "trophy", "trophy")
    weak[1][0] = 0.25  # a token between two clear ones fitting weakly (below 0.26)
    assert _read(_reader(), personal={0: weak})[0].doubts == (hidden,)
    assert _read(_reader(), personal={0: weak})[0].personal_unsure  # the tracker weighs it as unsure
    weak[1][0] = 0.26  # exactly the sure level: sure
    assert _read(_reader(), personal={0: weak})[0].doubts == ()
    assert not _read(_reader(), personal={0: weak})[0].personal_unsure
    # (exactly on the limits, 1.8 and 1.2, is still the mat)
    for column, value, doubted in ((4, 1.9, True), (4, 1.8, False), (4, 1.7, False), (5, 1.3, True), (5, 1.2, False),
                                   (5, 1.1, False)):
        row = _row("trophy", "wild")
        row[3][column] = value  # the second place after the tokens: far from the mat, or mottled
        seat = _read(_reader(), personal={0: row})[0]
        assert (seat.trophies, seat.wilds) == (1, 1)
        assert seat.doubts == ((hidden,) if doubted else ()), (column, value)
    # the 7th and 8th places are not checked (the kept card may lie there)
    row = _row("trophy")
    row[6][4] = row[7][5] = 5.0
    assert _read(_reader(), personal={0: row})[0].doubts == ()
    row[5][4] = 5.0
    assert _read(_reader(), personal={0: row})[0].doubts == (hidden,)


def test_a_full_row_of_tokens_is_read_to_its_last_place() -> None:
    seat = _read(_reader(), personal={0: _row(*["trophy"] * 8)})[0]
    assert (seat.trophies, seat.doubts) == (8, ())
    seat = _read(_reader(), personal={0: _row("trophy", "wild", "wild", "wild", "wild", "penalty", "penalty",
                                              "series")})[0]
    assert (seat.trophies, seat.wilds, seat.penalties, seat.series, seat.doubts) == (1, 4, 2, True, ())


def test_bonus_tiles_face_and_activation_and_what_hides_an_empty_column() -> None:
    reads = _read(_reader(expert=True), bonus={(0, 1): (0.5, 0.8, {3: 0.9}), (0, 2): (0.32, 1.1, {10: 0.9}),
                                               (0, 3): (0.31, 1.1, {5: 0.9}), (1, 4): (0.6, 1.1, {14: 0.9})},
                  bare={(0, 4): (0.9, 0.0), (1, 1): (0.0, 0.5), (1, 2): (0.7, 0.3), (1, 3): (0.8, 0.4)})
    assert reads[0].bonus == {1: (3, True), 2: (10, False)}
    assert reads[1].bonus == {4: (14, False)}
    assert reads[0].doubts == ("player 1: something lies over bonus column 4",)
    # column 3 of player 2 exactly at both limits (0.8, 0.4): still bare mat
    assert reads[1].doubts == ("player 2: something lies over bonus column 1",)


@pytest.mark.parametrize(("ratio", "active", "doubted"), [
    (0.80, True, False), (0.86, True, False), (0.88, True, True), (0.97, False, True), (1.02, False, True),
    (1.04, False, False)])
def test_an_activated_tile_has_a_gold_rim_and_a_rim_near_the_line_is_a_doubt(ratio: float, active: bool,
                                                                           doubted: bool) -> None:
    seat = _read(_reader(expert=True), bonus={(1, 2): (0.5, ratio, {6: 0.9})})[1]
    assert seat.bonus == {2: (6, active)}
    assert seat.doubts == (("player 2: is the bonus tile in column 2 activated?",) if doubted else ())


@pytest.mark.parametrize(("ratio", "active", "doubted"), [
    (0.86, True, False), (0.88, True, True), (0.962, False, True), (0.979, False, True), (1.02, False, True),
    (1.04, False, False)])
def test_a_doubted_activation_goes_to_the_tracker_with_its_column(ratio: float, active: bool,
                                                                  doubted: bool) -> None:
    """Demo 102970 (tilt 34, lamp): an activated face 14 seen at 0.61 px per mm, its rim read
    0.962-0.979, not activated; the doubt said so in words only, the tracker took the reading as
    sure (15 false alarms). The doubted column goes to it (``bonus_active_unsure``)."""
    reads = _read(_reader(expert=True), bonus={(1, 2): (0.5, ratio, {6: 0.9}), (1, 3): (0.5, 1.2, {9: 0.9}),
                                               (0, 1): (0.5, 0.8, {3: 0.9})})
    assert reads[1].bonus == {2: (6, active), 3: (9, False)}
    assert reads[1].bonus_active_unsure == (frozenset({2}) if doubted else frozenset())
    assert reads[0].bonus == {1: (3, True)} and reads[0].bonus_active_unsure == frozenset()


def test_the_four_faces_come_from_four_different_tiles() -> None:
    # column 2 fits face 4 best, but face 3 (the same tile's other side) is in column 1
    seat = _read(_reader(expert=True), bonus={(0, 1): (0.5, 1.1, {3: 0.9, 9: 0.2}),
                                              (0, 2): (0.5, 1.1, {4: 0.95, 6: 0.9, 11: 0.3})})[0]
    assert seat.bonus == {1: (3, False), 2: (6, False)} and seat.doubts == ()


def test_a_face_fitting_almost_as_well_as_another_is_a_doubt_naming_both() -> None:
    seat = _read(_reader(expert=True), bonus={(1, 3): (0.5, 1.1, {11: 0.9, 5: 0.871, 1: 0.5}),
                                              (1, 1): (0.5, 1.1, {2: 0.9, 13: 0.8})})[1]
    assert seat.bonus == {1: (2, False), 3: (11, False)}
    assert seat.doubts == ("player 2: bonus tile in column 3 (11 or 5)",)
    seat = _read(_reader(expert=True), bonus={(1, 3): (0.5, 1.1, {11: 0.9, 5: 0.869, 1: 0.5})})[1]
    assert seat.bonus == {3: (11, False)} and seat.doubts == ()
    # two others within the band (0.03): both named, the closer first
    seat = _read(_reader(expert=True), bonus={(1, 3): (0.5, 1.1, {11: 0.9, 5: 0.88, 1: 0.89})})[1]
    assert seat.doubts == ("player 2: bonus tile in column 3 (11, 1 or 5)",)


def test_with_no_four_different_tiles_among_the_best_faces_each_column_keeps_its_own_best_unsure() -> None:
    # the reading cannot be right (four tiles of a player differ): every column is a doubt, named
    # with its own next faces, never a sure face (seeds 60014, 60057 read a face so, no doubt)
    fits = {1: 0.9, 2: 0.8, 3: 0.7}  # tiles 1, 1 and 2 only: four columns cannot all differ
    seat = _read(_reader(expert=True), bonus={(0, c): (0.5, 1.1, dict(fits)) for c in (1, 2, 3, 4)})[0]
    assert seat.bonus == {c: (1, False) for c in (1, 2, 3, 4)}
    assert seat.doubts == tuple(f"player 1: bonus tile in column {c} (1, 2 or 3)" for c in (1, 2, 3, 4))
    assert seat.bonus_unsure == {1, 2, 3, 4}


def test_a_tile_too_small_in_the_image_is_read_but_never_sure() -> None:
    """97621 (tilt 30, lamp): player 1's tiles at 0.6 camera pixels per mm, faces 3 and 5 read as
    8 and 6. Below ``BONUS_LEGIBLE_PX_PER_MM`` a face is a doubt whatever its lead."""
    from vision.open_season.tokens import BONUS_LEGIBLE_PX_PER_MM

    reader = _reader(expert=True)
    assert min(reader._sampler.bonus_px_per_mm.values()) > BONUS_LEGIBLE_PX_PER_MM  # tilt 10: all legible
    clear = {(1, 2): (0.5, 1.1, {5: 0.9, 8: 0.6, 6: 0.5})}
    seat = _read(reader, bonus=clear)[1]
    assert seat.bonus == {2: (5, False)} and seat.doubts == () and seat.bonus_unsure == frozenset()
    reader._sampler.bonus_px_per_mm[(1, 2)] = BONUS_LEGIBLE_PX_PER_MM - 0.01
    seat = _read(reader, bonus=clear)[1]
    assert seat.bonus == {2: (5, False)}
    assert seat.doubts == ("player 2: bonus tile in column 2 (5, 8 or 6)",) and seat.bonus_unsure == {2}


def test_the_shield_side_has_no_bonus_faces_7_8_and_12() -> None:
    seat = _read(_reader("shield", 2, True), faces=SHIELD_FACES,
                 bonus={(0, 1): (0.5, 1.1, {9: 0.9}), (0, 2): (0.5, 1.1, {14: 0.9}), (0, 3): (0.5, 1.1, {6: 0.9})})[0]
    assert seat.bonus == {1: (9, False), 2: (14, False), 3: (6, False)}


def test_on_a_finished_table_a_gold_rimmed_tile_holds_the_permanent_face_whatever_its_digits_fit() -> None:
    """Tuning table 90425 (1920x1080, the digits 5 camera pixels tall): player 2's activated face 14
    fitted 10 a little better (0.964 against 0.956), and the total used face 10. Only face 14 stays
    activated on the table (a one-shot face fires and leaves it, a scoring face is never activated):
    a finished table's reader (``tablesight score``) reads a surely gold rim as face 14, not asked,
    and no other column then holds tile 7's other face, 13. The tracker's reader keeps the digits'
    reading (its set-ups show no rims)."""
    bonus = {(0, 1): (0.9, 0.80, {10: 0.964, 14: 0.956, 13: 0.93}),
             (0, 2): (0.9, 1.10, {13: 0.95, 11: 0.94, 10: 0.90})}
    tracker = _read(_reader(expert=True), bonus=bonus)[0]
    assert tracker.bonus == {1: (10, True), 2: (13, False)}
    view = _reader(expert=True).view
    finished = _read(TokenReader(view, "horn", 2, True, finished=True), bonus=bonus)[0]
    assert finished.bonus == {1: (14, True), 2: (11, False)}
    assert not any("bonus tile in column 1 (" in d for d in finished.doubts), finished.doubts
    # a rim near the line is no proof: the digits' reading stays
    near = {(0, 1): (0.9, 0.90, {10: 0.964, 14: 0.956, 13: 0.93}), (0, 2): bonus[(0, 2)]}
    assert _read(TokenReader(view, "horn", 2, True, finished=True), bonus=near)[0].bonus[1][0] == 10


def test_a_weak_token_on_a_place_that_is_not_the_bare_mat_is_read_not_taken_for_an_empty_place() -> None:
    """Tuning 91076 (1920x1080, warm lamp, no hand): player 1's Attribute Series tile fit 0.19,
    under the line (0.22), but its place's colour lay 2.63 from the mat (empty places 1.28 at
    most): read as none, 6 points off. Something lies there: the tile is read (still a doubt);
    the same fit on a place that shows the mat stays none, and a place that is not the mat but
    fits no token (a hand) stays empty."""
    row = [[-0.92, -0.52, -1.18, 0.19, 2.63, 0.11], [-0.34, -0.52, -0.96, -1.76, 0.49, 0.43],
           [-0.48, -0.44, -0.8, -1.43, 0.52, 0.05], [-0.55, -0.49, -0.94, -1.59, 0.58, 0.04],
           [-0.46, -0.48, -1.04, -1.87, 0.2, 0.06], [-0.72, -0.46, -1.02, -2.16, 0.4, 0.07],
           [-0.91, -0.41, -1.18, -2.48, 1.01, 0.06], [-1.13, -0.49, -1.32, -2.51, 1.43, 0.05]]
    seat = _read(_reader(), personal={0: row})[0]
    assert (seat.trophies, seat.wilds, seat.penalties, seat.series) == (0, 0, 0, True)  # main: False
    assert seat.doubts == ("player 1: personal tokens (perhaps none)",)
    bare = [list(r) for r in row]
    bare[0][4] = 1.0  # the place shows the mat
    seat = _read(_reader(), personal={0: bare})[0]
    assert not seat.series and seat.doubts == ("player 1: personal tokens (perhaps 1 series)",)
    hand = _row()
    hand[0] = [-0.2, -0.4, -0.3, -0.1, 3.5, 0.3]  # skin over the first place: no token fits
    seat = _read(_reader(), personal={0: hand})[0]
    assert (seat.trophies, seat.wilds, seat.penalties, seat.series) == (0, 0, 0, False)
    assert seat.doubts == ("player 1: something lies over the personal tokens",)


def test_a_finished_tables_first_trophy_place_fitting_under_the_line_but_far_over_an_empty_one_is_read_filled() -> None:
    """Tuning 91376 (1920x1080, warm lamp, no hand, session 49): the one trophy on player 2's
    space 9 and on player 3's space 10 fitted 0.675 and 0.698, under the 0.70 line, and were
    asked with the default 0 (two totals off by 5 and 8 from the photo alone); an empty first
    place fits <= 0.488 on 164 tuning tables. On a finished table's photo the first place has
    its own line (``TROPHY_FIRST_LINE``, 0.55): the default is 1, the count still asked; later
    places and the tracker's frames keep 0.70."""
    from vision.open_season.tokens import TROPHY_FIRST_LINE, WALL_THRESHOLD

    assert TROPHY_FIRST_LINE == 0.55 and WALL_THRESHOLD["trophies"] == 0.70
    places = {(1, 9): [0.675, -0.187, -0.145, -0.305, -0.037, 0.015, 0.333, 0.209, 0.178],
              (0, 10): [0.698, 0.371, 0.534, -0.334, -0.157, -0.152, 0.331, 0.305, 0.242],
              (0, 4): [0.50] + [0.1] * 8,  # in the unsure band, under the first line: 0, asked
              (0, 11): [0.60, 0.66] + [0.1] * 7,  # the second place keeps 0.70: 1, asked
              (1, 2): [0.39] + [0.1] * 8}  # under the unsure band (0.40): nothing, no doubt
    finished = _reader()
    finished.finished = True
    cast(Any, finished).places_off = lambda image, sc: {}
    reads = _read(finished, trophies=places)
    assert reads[0].wall_trophies == {10: 1, 11: 1} and reads[1].wall_trophies == {9: 1}
    assert reads[0].doubts == ("player 1: trophies on space 4 (0 or 1)", "player 1: trophies on space 10 (1 or 0)",
                               "player 1: trophies on space 11 (1, 0 or 2)")
    assert reads[1].doubts == ("player 2: trophies on space 9 (1 or 0)",)
    # the tracker's frames: the first place keeps the 0.70 line
    reads = _read(_reader(), trophies=places)
    assert reads[0].wall_trophies == {} and reads[1].wall_trophies == {}


def test_a_second_trophy_the_first_places_grid_misses_is_the_default_where_both_places_fit_best() -> None:
    """Tuning 91422 (1920x1080, warm lamp, tilt 32, session 50): the two trophies on player 1's
    space 11 fitted 0.745 and 0.666 at the grid shift where the first place fits best (the second
    trophy, nearer the camera, is drawn over a sixth of the first), 0.716 and 0.759 at the shift
    where both fit best: asked "1, 0 or 2" with the default 1. On a finished table's photo the
    grid is placed again on the longer prefix (``TROPHY_GRID_ON_PREFIX``): the default 2, every
    count still asked. A card whose second place fits no better anywhere keeps its count; the
    tracker's frames keep the first place's shift."""
    from vision.open_season.tokens import TROPHY_GRID_ON_PREFIX

    assert TROPHY_GRID_ON_PREFIX
    rest = [-0.197, -0.062, 0.295, 0.172, 0.23]
    shifts = [[0.487, 0.663, 0.009, -0.333], [0.558, 0.643, 0.075, -0.311], [0.480, 0.512, 0.142, -0.317],
              [0.716, 0.759, 0.013, -0.333], [0.708, 0.690, 0.067, -0.317], [0.542, 0.526, 0.117, -0.321],
              [0.745, 0.666, 0.035, -0.320], [0.659, 0.586, 0.077, -0.307], [0.482, 0.447, 0.105, -0.309]]
    grid = [row + rest for row in shifts]
    lone = [0.80, 0.55] + [0.1] * 7  # one trophy, the empty second place in the unsure band
    lone_grid = [[0.80 - 0.02 * k, 0.55 + 0.01 * k] + [0.1] * 7 for k in range(9)]  # never over 0.63
    places = {(0, 11): grid[6], (1, 4): lone}
    finished = _reader()
    finished.finished = True
    cast(Any, finished).places_off = lambda image, sc: {}
    reads = _read(finished, trophies=places, grids={(0, 11): grid, (1, 4): lone_grid})
    assert reads[0].wall_trophies == {11: 2}  # main: {11: 1}
    assert reads[0].doubts == ("player 1: trophies on space 11 (2, 0 or 1)",)
    assert reads[1].wall_trophies == {4: 1}
    assert reads[1].doubts == ("player 2: trophies on space 4 (1 or 2)",)
    # the tracker's frames: the first place's shift alone, as before
    reads = _read(_reader(), trophies=places, grids={(0, 11): grid, (1, 4): lone_grid})
    assert reads[0].wall_trophies == {11: 1}



def test_a_scoring_place_in_doubt_defaults_by_the_photos_own_sure_places() -> None:
    from vision.open_season.tokens import _scorings_by_photo

    # the photo's trophies fit high: 0.434 lies nearer its empty places (fresh 91685)
    assert _scorings_by_photo(np.array([0.81, 0.75, 0.434, 0.05, 0.33, 0.2]), 0.42) == \
        [True, True, False, False, False, False]
    # the photo's trophies fit low: 0.408 lies nearer them (1280x720 tuning 77040)
    assert _scorings_by_photo(np.array([0.57, 0.60, 0.408, 0.05, 0.04]), 0.42) == [True, True, True, False, False]
    # outside the doubt the line decides; with no sure place of one kind, None (the line alone)
    assert _scorings_by_photo(np.array([0.60, 0.36, 0.05]), 0.42) == [True, False, False]
    assert _scorings_by_photo(np.array([0.43, 0.05]), 0.42) is None


def test_a_finished_tables_faceless_bonus_place_that_fits_weakly_and_looks_like_the_mat_is_marked_bare_look() -> None:
    """Fresh 91697 (session 52): an empty column fitted the blank tile 0.352 (over
    ``BONUS_PRESENT``), no face over 0.23, its colour 0.21 from the mat (spread 0.14): read as a
    tile that no face fits. On a finished table such a place is ``bonus_bare_look`` (the scorer
    defaults its question to "no tile"); not where the place is skin-coloured (a hand over a tile),
    not where the blank tile fits as tiles do (fingers over the digits), not a tile whose face fits,
    and never for the tracker (its set-ups keep ``bonus_hidden`` alone)."""
    from vision.open_season.tokens import BONUS_BARE_FAR, BONUS_BARE_LOOK_FIT, BONUS_BARE_SPREAD

    bonus = {(0, 1): (0.352, 1.1, {12: 0.226}), (0, 2): (0.352, 1.1, {10: 0.2}),
             (0, 3): (BONUS_BARE_LOOK_FIT, 1.1, {5: 0.7}), (0, 4): (0.40, 1.1, {9: 0.97}),
             (1, 1): (0.40, 1.1, {3: 0.5}), (1, 2): (0.40, 1.1, {4: 0.5})}
    bare = {(0, 1): (0.21, 0.14), (0, 2): (3.5, 0.5), (0, 3): (0.2, 0.1), (0, 4): (0.2, 0.1),
            (1, 1): (BONUS_BARE_FAR, BONUS_BARE_SPREAD), (1, 2): (BONUS_BARE_FAR + 0.01, 0.1)}
    view = _reader(expert=True).view
    finished = _read(TokenReader(view, "horn", 2, True, finished=True), bonus=bonus, bare=bare)
    assert finished[0].bonus_hidden == {1, 2, 3} and finished[1].bonus_hidden == {1, 2}
    assert finished[0].bonus_bare_look == {1}  # main: AttributeError, no such field
    assert finished[1].bonus_bare_look == {1}  # exactly at both mat limits: still the mat
    assert any(d.startswith("player 1: bonus tile in column 1 (") for d in finished[0].doubts)  # still asked
    tracker = _read(_reader(expert=True), bonus=bonus, bare=bare)
    assert tracker[0].bonus_hidden == {1, 2, 3} and tracker[0].bonus_bare_look == frozenset()
