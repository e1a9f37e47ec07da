"""The Open Season token reader (vision/open_season/tokens.py) on rendered tables: every count of
every seat read exactly, and bad input answered with one clear error or empty readings."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tracker.open_season.twin import OpenSeasonTwin
from vision.open_season.tokens import SeatTokens, TokenReader
from vision.render.camera import CameraModel
from vision.render.effects import Lighting
from vision.render.hands import Hand
from vision.render.open_season_scene import open_season_scene, personal_area_origin
from vision.render.renderer import Renderer, RenderOptions

LAMP = Lighting(azimuth_deg=300.0, elevation_deg=45.0, colour_temperature_k=3000.0, brightness=0.9,
                ambient=0.45, shadow_strength=0.55, falloff=0.22, glare_strength=0.25)


def _render(players: int, seed: int, side: str, expert: bool, tilt: float, azimuth: float,
            lighting: Lighting | None = None):
    twin = OpenSeasonTwin(players, seed, side=side, expert=expert, max_moves=80)
    table = twin.descriptions[-1]
    camera = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=azimuth, resolution=(1280, 720))
    return table, camera


def _shoot(table, camera, seed: int, lighting: Lighting | None = None):
    options = RenderOptions(lighting=lighting) if lighting else RenderOptions()
    return Renderer().render(open_season_scene(table, seed=seed), camera, options, seed=seed)


def _faces_up(player) -> list[int]:
    return sorted(s for s, c in player.wall.items() if c is not None)


def test_reads_every_token_of_a_horn_table_under_the_lamp() -> None:
    table, camera = _render(3, 97500, "horn", False, 28.0, 90.0)
    a, b, c = table.players
    up = _faces_up(a)
    a.wall_trophies, a.wall_wilds = {up[0]: 3, up[1]: 1}, [up[2]]
    a.trophies, a.wilds, a.penalties, a.series = 2, 1, 1, True
    b.wall_trophies = {_faces_up(b)[0]: 5}
    b.trophies, b.wilds, b.penalties, b.series = 0, 0, 1, True
    c.trophies, c.wilds, c.penalties, c.series = 4, 0, 0, False
    c.accolades = max(c.accolades, 3)
    c.accolade_wilds = 2
    out = _shoot(table, camera, 3, LAMP)
    reads = TokenReader.from_ground_truth(out.ground_truth, "horn", 3, False).read(out.image)
    assert sorted(reads) == [0, 1, 2]
    for seat, player in enumerate(table.players):
        got = reads[seat]
        assert got.wall_trophies == {s: n for s, n in player.wall_trophies.items() if n}, seat
        assert got.wall_wilds == frozenset(player.wall_wilds), seat
        assert (got.trophies, got.wilds, got.penalties, got.series) == (
            player.trophies, player.wilds, player.penalties, player.series), seat
        assert got.accolade_wilds == player.accolade_wilds, seat
        # a doubt only on a bare wall cell (mid-game: no card there yet; the board's grain can
        # look a little like a trophy at the best of the card's shifts, 0.41 on space 2 here)
        assert got.scorings == frozenset(), seat
        for doubt in got.doubts:
            m = re.fullmatch(rf"player {seat + 1}: trophies on space (\d+) \(0 or 1\)", doubt)
            assert m and int(m.group(1)) not in player.wall, (seat, got.doubts)


def test_crowded_wall_cards_seen_at_a_steep_tilt_read_without_a_doubt() -> None:
    # the trophies on a card overlap (9 mm apart, 12 mm wide): each place is compared only where
    # no neighbour nearer the camera can hide it, which at 35 degrees depends on the side
    table, camera = _render(2, 97505, "horn", False, 35.0, 270.0)
    a, b = table.players
    ua, ub = _faces_up(a), _faces_up(b)
    a.wall_trophies = {ua[0]: 9, ua[1]: 5, ua[2]: 7}
    b.wall_trophies = {ub[0]: 6, ub[1]: 4, ub[2]: 8}
    out = _shoot(table, camera, 11)
    reads = TokenReader.from_ground_truth(out.ground_truth, "horn", 2, False).read(out.image)
    assert [(reads[s].wall_trophies, reads[s].doubts) for s in (0, 1)] == [
        ({ua[0]: 9, ua[1]: 5, ua[2]: 7}, ()), ({ub[0]: 6, ub[1]: 4, ub[2]: 8}, ())]


def test_reads_the_shield_scoring_trophies_by_their_place() -> None:
    table, camera = _render(2, 97501, "shield", False, 12.0, 180.0)
    table.players[0].scorings = ["people_series", "attribute_choice"]
    table.players[1].scorings = ["eighteen_cards"]
    table.players[1].trophies = 1
    out = _shoot(table, camera, 5)
    reads = TokenReader.from_ground_truth(out.ground_truth, "shield", 2, False).read(out.image)
    assert reads[0].scorings == {"people_series", "attribute_choice"}
    assert reads[1].scorings == {"eighteen_cards"}
    assert reads[1].trophies == 1 and reads[0].trophies == table.players[0].trophies


def test_reads_the_expert_bonus_tiles_face_and_rim() -> None:
    table, camera = _render(4, 97503, "horn", True, 18.0, 270.0)
    faces = ({1: (3, False), 2: (8, True), 3: (11, False), 4: (14, True)},
             {1: (1, True), 2: (6, False), 3: (9, False)},
             {2: (12, False), 4: (5, True)},
             {1: (10, False), 2: (2, False), 3: (13, True), 4: (7, False)})
    for player, bonus in zip(table.players, faces):
        player.bonus = dict(bonus)
    out = _shoot(table, camera, 7)
    reads = TokenReader.from_ground_truth(out.ground_truth, "horn", 4, True).read(out.image)
    # the face numbers are 4-6 camera pixels tall: about one tile in 20-30 is misread (see the
    # bench), and a misread face must come with a doubt; the columns and the rims are all right
    wrong = 0
    for seat, want in enumerate(faces):
        got = reads[seat].bonus
        assert sorted(got) == sorted(want), seat
        assert {c: a for c, (_f, a) in got.items()} == {c: a for c, (_f, a) in want.items()}, seat
        for column, (face, _active) in want.items():
            if got[column][0] != face:
                wrong += 1
                assert any(f"column {column}" in d for d in reads[seat].doubts), (seat, column, reads[seat].doubts)
    assert wrong <= 1, [reads[s].bonus for s in range(4)]
    # the empty columns are bare mat and every rim is clear of the line: the only doubts are faces
    for seat in range(4):
        for doubt in reads[seat].doubts:
            assert re.fullmatch(rf"player {seat + 1}: bonus tile in column \d \((\d+, )*\d+ or \d+\)", doubt), doubt
    # without expert tiles nothing is read there
    plain = TokenReader.from_ground_truth(out.ground_truth, "horn", 4, False).read(out.image)
    assert all(plain[s].bonus == {} for s in range(4))


def test_eight_bonus_faces_seen_from_the_north_read_right() -> None:
    # the face templates are the renderer's sprite warped into this camera: a one-sprite-pixel
    # slip of that warp misread a face here (faces 5 and 8, 12 and 13 differ by a few pixels)
    want = ({1: (5, False), 2: (8, False), 3: (12, False), 4: (14, False)},
            {1: (13, True), 2: (4, False), 3: (10, False), 4: (2, True)})
    table, camera = _render(2, 97506, "horn", True, 20.0, 180.0)
    for player, bonus in zip(table.players, want):
        player.bonus = dict(bonus)
    out = _shoot(table, camera, 13)
    reads = TokenReader.from_ground_truth(out.ground_truth, "horn", 2, True).read(out.image)
    assert [reads[s].bonus for s in (0, 1)] == list(want)


def test_a_finished_tables_photo_reads_the_bonus_faces_with_its_own_blur() -> None:
    # a camera's blur differs from photo to photo: the same eight faces blurred 1.2 camera pixels
    # more than the render read player 1's faces 5 and 14 as 2 and 10 with the one template blur
    # of 0.6 px; a finished table's reader (``tablesight score``) tries several and reads with the
    # one that fits the photo's tiles best (the tracker's keeps its one blur)
    import cv2

    from vision.open_season.token_sampling import BONUS_PHOTO_BLURS_PX, TokenSampler
    from vision.open_season.tokens import BONUS_PRESENT

    want = {1: (5, False), 2: (8, False), 3: (12, False), 4: (14, False)}
    table, camera = _render(2, 97506, "horn", True, 20.0, 180.0)
    table.players[0].bonus = dict(want)
    table.players[1].bonus = {1: (13, True), 2: (4, False), 3: (10, False), 4: (2, True)}
    out = _shoot(table, camera, 13)
    view = TokenReader.from_ground_truth(out.ground_truth, "horn", 2, True).view
    blurred = cv2.GaussianBlur(out.image, (0, 0), 1.2)
    sampler = TokenSampler(view, "horn", 2, True, BONUS_PHOTO_BLURS_PX, BONUS_PRESENT)
    sampler.scores(out.image)
    sharp = sampler.bonus_blur
    sampler.scores(blurred)
    assert sampler.bonus_blur >= 1.2 > sharp
    assert TokenReader(view, "horn", 2, True, finished=True).read(blurred)[0].bonus == want


def test_a_hand_over_the_personal_tokens_is_a_doubt_not_a_miscount() -> None:
    table, camera = _render(2, 97504, "horn", False, 10.0, 0.0)
    player = table.players[0]
    player.trophies, player.wilds, player.penalties, player.series = 3, 1, 1, False
    px, py, yaw = personal_area_origin("south")
    target = (px - 40.0, py + 58.0)  # over the first tokens of the row
    hand = Hand.reaching(target, "south", random.Random(4), progress=1.0)
    out = Renderer().render(open_season_scene(table, seed=2), camera,
                            RenderOptions(hands=(hand,)), seed=2)
    seat = TokenReader.from_ground_truth(out.ground_truth, "horn", 2, False).read(out.image)[0]
    hidden = [c for c in out.ground_truth["components"]
              if c["state"].get("where") == "personal area" and c["state"].get("seat") == 0
              and c["visible_fraction"] < 0.5]
    assert hidden, "the hand should hide a token for this test to mean anything"
    assert (seat.trophies, seat.wilds, seat.penalties) != (3, 1, 1) or seat.doubts
    assert any("personal tokens" in d for d in seat.doubts), seat
    assert seat.personal_unsure, seat


def test_a_frame_too_dark_to_read_the_tokens_says_so_for_every_seat() -> None:
    """Found before: the horn table at a twenty-fifth of its light (10 grey levels at most) read
    player 3's four personal trophies as none, with no doubt."""
    table, camera = _render(3, 97500, "horn", False, 28.0, 90.0)
    table.players[2].trophies = 4
    out = _shoot(table, camera, 3, LAMP)
    reader = TokenReader.from_ground_truth(out.ground_truth, "horn", 3, False)
    lit = reader.read(out.image)
    assert not [d for t in lit.values() for d in t.doubts if "too dark" in d]
    assert not any(t.dark for t in lit.values())
    reads = reader.read(out.image // 25)
    for seat, t in reads.items():
        assert t.doubts and t.doubts[0].startswith(f"player {seat + 1}: too dark to read the tokens"), t.doubts
        assert t.dark  # the tracker weighs such a seat's bonus faces as doubtful (bench seed 97213)


def test_bad_input_is_one_clear_error_and_a_blank_frame_reads_empty() -> None:
    table, camera = _render(2, 97502, "horn", False, 0.0, 0.0)
    out = _shoot(table, camera, 1)
    reader = TokenReader.from_ground_truth(out.ground_truth, "horn", 2, False)
    with pytest.raises(ValueError, match=r"^the image is 640x360, but the camera was calibrated at 1280x720$"):
        reader.read(np.zeros((360, 640, 3), np.uint8))
    with pytest.raises(ValueError, match=r"^expected a BGR colour image \(height x width x 3\), got \(720, 1280\)$"):
        reader.read(np.zeros((720, 1280), np.uint8))
    with pytest.raises(ValueError, match=r"^expected an 8-bit BGR image \(uint8\), got float64$"):
        reader.read(np.zeros((720, 1280, 3), np.float64))
    with pytest.raises(ValueError, match=r"^expected a BGR colour image \(height x width x 3\), got list$"):
        reader.read([[0, 0, 0]])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^expected a BGR colour image \(height x width x 3\), got \(720, 1280, 4\)$"):
        reader.read(np.zeros((720, 1280, 4), np.uint8))
    # a black frame reads no token, and says for each seat that it is too dark to read any
    dark = tuple(f"player {s + 1}: too dark to read the tokens (the wall cards are 0 grey levels of 255, "
                 "at least 60 needed)" for s in (0, 1))
    blank = reader.read(np.zeros((720, 1280, 3), np.uint8))
    assert blank == {s: SeatTokens({}, frozenset(), 0, 0, 0, False, frozenset(), {}, 0, (dark[s],), dark=True) for s in (0, 1)}
    # the same with the expert tiles: a black bonus place is no tile and nothing hides one
    expert = TokenReader.from_ground_truth(out.ground_truth, "horn", 2, True)
    assert expert.read(np.zeros((720, 1280, 3), np.uint8)) == blank
    with pytest.raises(ValueError, match=r"^Open Season is for 2-4 players, not 5$"):
        TokenReader(reader.view, "horn", 5, False)
    with pytest.raises(ValueError, match=r"^unknown wall side 'round'; expected 'horn' or 'shield'$"):
        TokenReader(reader.view, "round", 2, False)
    # a taught pack: another game's is refused; an Open Season one (card faces only: the teach
    # sheet has no token faces) is accepted and the built-in token art still reads
    with pytest.raises(ValueError, match=r"^the pack teaches octocube, not open_season$"):
        TokenReader(reader.view, "horn", 2, False, pack=SimpleNamespace(game="octocube"))
    taught = TokenReader(reader.view, "horn", 2, False, pack=SimpleNamespace(game="open_season", faces={}))
    assert taught.read(out.image) == reader.read(out.image)


def test_bonus_faces_too_small_to_read_are_doubted_never_read_wrong_and_sure() -> None:
    """97621's set-up as the pixel demo filmed it (3 players, tilt 30.3 from the east, the lamp):
    player 1's tiles at 0.6 camera pixels per mm, faces 3 and 5 read as 8 and 6 (and 11 as 10)
    surely, and the game was lost from the set-up. Each face is now read right or doubted."""
    from tracker.film import LIGHTINGS

    seed = 97621
    twin = OpenSeasonTwin(3, seed, side="horn", expert=True, max_moves=20)
    scene = next(i for i, d in enumerate(twin.descriptions) if all(len(p.bonus) == 4 for p in d.players))
    table = twin.descriptions[scene]
    assert table.players[0].bonus[1][0] == 3 and table.players[0].bonus[2][0] == 5
    camera = CameraModel.looking_at(tilt_deg=30.3, azimuth_deg=90.0, resolution=(1280, 720))
    out = Renderer().render(open_season_scene(table, seed=seed), camera,
                            RenderOptions(lighting=Lighting(**LIGHTINGS["lamp"]), table_seed=seed % 997),
                            seed=seed * 100_003 + scene)
    reads = TokenReader.from_ground_truth(out.ground_truth, "horn", 3, True).read(out.image)
    sure_right = 0
    for seat, player in enumerate(table.players):
        got = reads[seat]
        assert sorted(got.bonus) == sorted(player.bonus), seat
        for column, (face, _lit) in player.bonus.items():
            if column in got.bonus_unsure:
                assert any(f"bonus tile in column {column} (" in d for d in got.doubts), (seat, column)
            else:
                assert got.bonus[column][0] == face, (seat, column, got.bonus, got.doubts)
                sure_right += 1
    assert {1, 2} <= reads[0].bonus_unsure  # the faces the game was lost on
    assert sure_right >= 2, reads  # the near seat's large tiles are still read surely


def test_each_bonus_face_is_warped_once_for_every_blur_a_photo_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    # a finished table's photo tries five template blurs (BONUS_PHOTO_BLURS_PX); each face was
    # warped into the image again for each (~0.1 s of a 4-player expert photo's ~2.5 s CPU,
    # session 41): now once, the five blurs taken from the one warp -- the same templates as a
    # sampler of that blur alone
    import cv2

    from vision.open_season import token_sampling
    from vision.open_season.token_sampling import BONUS_PHOTO_BLURS_PX, TokenSampler
    from vision.open_season.tokens import BONUS_PRESENT

    table, camera = _render(2, 97506, "horn", True, 20.0, 180.0)
    out = _shoot(table, camera, 13)
    view = TokenReader.from_ground_truth(out.ground_truth, "horn", 2, True).view
    warps: list[int] = []
    warp = cv2.warpPerspective

    def counted(*args: Any, **kwargs: Any) -> Any:
        warps.append(1)
        return warp(*args, **kwargs)

    monkeypatch.setattr(token_sampling.cv2, "warpPerspective", counted)
    sampler = TokenSampler(view, "horn", 2, True, BONUS_PHOTO_BLURS_PX, BONUS_PRESENT)
    places = 2 * 4  # two seats, four columns
    assert len(warps) == places * len(sampler.bonus_faces)
    monkeypatch.undo()
    assert len(sampler._bonus_face_ts) == len(BONUS_PHOTO_BLURS_PX)
    for blur, templates in zip(BONUS_PHOTO_BLURS_PX, sampler._bonus_face_ts):
        alone = TokenSampler(view, "horn", 2, True, (blur,))
        np.testing.assert_array_equal(templates, alone._bonus_face_ts[0])


def test_each_bonus_pose_is_compared_with_its_own_places_faces_as_the_repeated_templates_did() -> None:
    """The bonus faces were compared by repeating each place's templates once per pose (an
    einsum over a copy ~k times larger); each pose now meets its own place's faces once."""
    import numpy as np

    from vision.open_season.token_sampling import _faces_per_pose

    rng = np.random.default_rng(3)
    places, poses, faces, pixels = 6, 9, 14, 300
    patches = rng.standard_normal((places * poses, pixels)).astype(np.float32)
    templates = rng.standard_normal((places, faces, pixels)).astype(np.float32)
    reference = np.einsum("np,nfp->nf", patches, np.repeat(templates, poses, axis=0))
    got = _faces_per_pose(patches, templates)
    assert got.shape == (places * poses, faces) and got.dtype == np.float32
    np.testing.assert_allclose(got, reference, rtol=1e-5, atol=1e-4)
    assert np.array_equal(np.argmax(got, axis=1), np.argmax(reference, axis=1))
