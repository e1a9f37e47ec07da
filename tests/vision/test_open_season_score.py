"""``tablesight score PHOTO --game open_season``: finished tables rendered by ``render open_season
--end`` (the truth in each ground truth's ``end``), read back card by card, scored by the engine;
and the photos it must refuse with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from tests.images import read_image
from tests.cli_inprocess import run_cli

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, dict[str, Any]]]:
    """Two finished 2-player tables at 1920x1080 (seeds never used to tune the reader)."""
    out = tmp_path_factory.mktemp("os_end")
    res = _cli("render", "open_season", "--end", "--seed", "88001", "--count", "2", "--players", "2",
               "--width", "1920", "--height", "1080", "--out", str(out))
    assert res.returncode == 0, res.stderr
    found = []
    for gt_path in sorted((out / "gt").glob("*.json")):
        gt = json.loads(gt_path.read_text())
        found.append((out / gt["image"], gt))
    return found


def _args(image: Path, end: dict[str, Any], *extra: str) -> list[str]:
    return ["score", str(image), "--game", "open_season", "--players", str(end["num_players"]),
            "--side", end["side"], *(["--expert"] if end["expert"] else []), *extra]


def test_the_fans_are_read_card_by_card_and_an_unsure_card_is_never_a_silent_guess(
        tables: list[tuple[Path, dict[str, Any]]]) -> None:
    from vision.open_season.accolades import AccoladeReader

    sure = total = 0
    for image_path, gt in tables:
        end = gt["end"]
        image = read_image(image_path)
        fans = AccoladeReader.from_ground_truth(gt, end["num_players"]).read(image)
        for player in end["players"]:
            fan = fans[player["seat"]]
            assert not fan.problem
            assert len(fan.cards) == len(player["accolades"])
            for card, truth in zip(fan.cards, player["accolades"]):
                total += 1
                if card.sure:
                    sure += 1
                    assert card.card == truth
                else:
                    assert card.alternatives or card.card  # named, with what else it could be
    assert total >= 10 and sure >= 0.9 * total


def test_score_prints_the_engines_breakdown_and_the_doubts_with_the_totals_they_move(
        tables: list[tuple[Path, dict[str, Any]]]) -> None:
    for n, (image, gt) in enumerate(tables):
        end = gt["end"]
        res = _cli(*_args(image, end, "--json"))
        assert res.returncode == 0, res.stderr
        out = json.loads(res.stdout)
        assert [p["seat"] for p in out["players"]] == list(range(end["num_players"]))
        moved = {who for d in out["doubts"] for who in d["score_range"]}
        for p, truth in zip(out["players"], end["players"]):
            assert p["total"] == sum(line["points"] for line in p["lines"])
            assert [line["category"] for line in p["lines"]] == [line["category"] for line in truth["lines"]]
            lo, hi = p["range"]
            assert lo <= truth["total"] <= hi or f"player {p['seat'] + 1}" in moved
            if f"player {p['seat'] + 1}" not in moved:
                assert p["total"] == truth["total"], (p, truth)
        assert out["winner"] and all(w.startswith("player ") for w in out["winner"])
        # 1920x1080: the accolades are sharp enough, no note asks for a sharper photo
        assert not any("camera pixels per mm" in note for note in out["notes"]), out["notes"]
        if n == 0:  # the words, for the first table: the same printer prints the second (~1 CPU s a read)
            words = _cli(*_args(image, end))
            assert words.returncode == 0, words.stderr
            assert "Player 1:" in words.stdout and "Winner:" in words.stdout
        # an answer settles a doubt: the totals become the ones that option gives
        moving = [d for d in out["doubts"] if d["score_range"]]
        if moving:
            d = moving[0]
            options = out["reading"]["options"][d["key"]]
            pick = next(k for k in range(1, len(options) + 1) if k != d["read"])
            again = _cli(*_args(image, end, "--json", "--answer", f"{d['key']}={pick}"))
            assert again.returncode == 0, again.stderr
            answered = json.loads(again.stdout)
            assert d["key"] not in {x["key"] for x in answered["doubts"] if x["score_range"]}
            for who, (lo, hi) in d["score_range"].items():
                seat = int(who.split()[1]) - 1
                assert lo <= answered["players"][seat]["total"] <= hi


def test_bad_photos_get_one_line_and_no_score(tables: list[tuple[Path, dict[str, Any]]],
                                              tmp_path: Path) -> None:
    image, gt = tables[0]
    end = gt["end"]

    def refused(args: list[str], *words: str) -> None:
        res = _cli(*args)
        assert res.returncode == 2, (res.stdout, res.stderr)
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("tablesight score: error:"), lines
        assert all(w in lines[0] for w in words), lines[0]
        assert res.stdout == ""

    # no side given; the other side than the one played; a player too many
    refused(["score", str(image), "--game", "open_season", "--players", "2"], "--side horn or --side shield")
    other = "shield" if end["side"] == "horn" else "horn"
    refused([*_args(image, end)[:7], other], "side")
    refused(_args(image, {**end, "num_players": 3}), "player 2's wall", "3-player table")
    # not a table: a flat picture; a photo with its corner markers cut away
    flat = tmp_path / "flat.png"
    cv2.imwrite(str(flat), np.full((720, 1280, 3), 128, np.uint8))
    refused(_args(flat, end), "no table")
    photo = read_image(image)
    h_img = np.asarray(gt["homography_table_to_image"])

    def to_px(points: list[tuple[float, float]]) -> np.ndarray:
        pts = np.hstack([np.asarray(points, np.float64), np.ones((len(points), 1))]) @ h_img.T
        return (pts[:, :2] / pts[:, 2:3]).astype(np.int32)

    no_markers = photo.copy()
    for corner in ((0, 0), (600, 0), (600, 600), (0, 600)):
        cx, cy = to_px([corner])[0]
        cv2.circle(no_markers, (int(cx), int(cy)), 130, (30, 30, 30), -1)
    path = tmp_path / "no_markers.jpg"
    cv2.imwrite(str(path), no_markers)
    refused(_args(path, end), "markers")
    # cards piled so that some cannot be seen: the middle of player 1's fan covered
    covered = photo.copy()
    from vision.render.open_season_scene import FAN_ROWS_Y, personal_area_origin

    ox, oy, _ = personal_area_origin("south")
    top = FAN_ROWS_Y[0] - 34
    cv2.fillPoly(covered, [to_px([(ox - 60, oy + top - 3), (ox - 20, oy + top - 3),
                                  (ox - 20, oy + top + 40), (ox - 60, oy + top + 40)])], (88, 58, 36))
    path = tmp_path / "covered.jpg"
    cv2.imwrite(str(path), covered)
    refused(_args(path, end), "player 1's accolades")


@pytest.fixture(scope="module")
def table_88002(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A finished 2-player Horn table whose player 1 has one trophy on space 9, at a wall's
    far corner, where the markers' homography alone was 2.8 px off (the lens bends it)."""
    out = tmp_path_factory.mktemp("os_88002")
    res = _cli("render", "open_season", "--end", "--seed", "88002", "--count", "1", "--players", "2",
               "--width", "1920", "--height", "1080", "--out", str(out))
    assert res.returncode == 0, res.stderr
    gt = json.loads(next((out / "gt").glob("*.json")).read_text())
    return out / gt["image"], gt


def test_a_wall_trophy_beyond_the_markers_is_read_where_the_lens_puts_it(
        table_88002: tuple[Path, dict[str, Any]]) -> None:
    """Seed 88002 printed player 1's total as 6, sure, truth 7: the trophy on space 9 was
    sampled 2.8 px off (barrel distortion outside the markers' square) and scored 0.09."""
    image, gt = table_88002
    end = gt["end"]
    assert end["players"][0]["wall_trophies"] == {"9": 1}
    res = _cli(*_args(image, end, "--json"))
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["reading"]["seats"][0]["wall_trophies"] == {"9": 1}
    for p, truth in zip(out["players"], end["players"]):
        lo, hi = p["range"]
        assert p["total"] == truth["total"] or lo <= truth["total"] <= hi, (p, truth["total"])


def test_the_lens_is_measured_on_the_walls(table_88002: tuple[Path, dict[str, Any]]) -> None:
    """k1 from the walls' cards: the corrected camera puts the wall boards' corners within a
    pixel of where the rendered camera (k1 -0.07 at its own focal length) puts them."""
    from dataclasses import replace

    from calibration.config import DEFAULT_CONFIG
    from calibration.intrinsics import Intrinsics
    from calibration.table import detect_markers, fit_table_geometry
    from vision.octocube.geometry import TableView
    from vision.photo_calibration import MARKER_RESIDUAL_PX
    from vision.open_season.lens import fit_lens
    from vision.render import open_season_art as art
    from vision.render.open_season_scene import SEAT_SIDES, board_pose

    image_path, gt = table_88002
    image = read_image(image_path)
    size = (image.shape[1], image.shape[0])
    config = replace(DEFAULT_CONFIG, max_marker_residual_px=MARKER_RESIDUAL_PX)
    scan = detect_markers(image)
    lens = fit_lens(image, scan, config, 2, "horn")
    cam = gt["camera"]
    truth = TableView(np.asarray(gt["homography_table_to_image"]), size, np.asarray(cam["K"]), np.asarray(cam["dist"]))
    geometry, _ = fit_table_geometry(scan, size, Intrinsics(lens.camera_matrix(size), lens.dist(), size), config)
    fitted = TableView(geometry.table_to_image, size, lens.camera_matrix(size), lens.dist())
    pinhole = TableView(fit_table_geometry(scan, size, None, config)[0].table_to_image, size)
    bw, bd = art.WALL_BOARD_SIZE_MM
    corners = []
    for where in SEAT_SIDES[2]:
        bx, by, yaw = board_pose(where)
        c, s = np.cos(np.radians(yaw)), np.sin(np.radians(yaw))
        corners += [(bx + x * c - y * s, by + x * s + y * c) for x in (-bw / 2, bw / 2) for y in (-bd / 2, bd / 2)]
    pts = np.asarray(corners)
    off = np.linalg.norm(fitted.project(pts, 2.4) - truth.project(pts, 2.4), axis=1).max()
    before = np.linalg.norm(pinhole.project(pts, 2.4) - truth.project(pts, 2.4), axis=1).max()
    assert before > 2.5 and off < 1.0, (before, off)
    assert lens.score > lens.score_pinhole


def test_a_photo_too_dark_to_read_the_tokens_is_refused_in_one_line(
        table_88002: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """A fifth of the light: the tokens' contrast is lost in the grey levels (read as none,
    silently, before); a twenty-fifth: the whole photo is too dark (was "no table in view")."""
    image, gt = table_88002
    photo = read_image(image)
    for k, words in ((5, "too dark to read the tokens (the lightest wall's cards are"), (25, "too dark to read the table")):
        path = tmp_path / f"dark{k}.png"
        cv2.imwrite(str(path), photo // k)
        res = _cli(*_args(path, gt["end"]))
        assert res.returncode == 2, (res.stdout, res.stderr)
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0] and "light the table" in lines[0], lines
        assert res.stdout == ""


def test_an_accolade_card_that_may_carry_a_wild_token_is_asked_not_read_as_none() -> None:
    """Development seed 69345: a wild token on the first card of a fan showed 0.144 of colour in
    its window (the line is 0.35): read as none and the total printed 2 short, sure. From 0.08
    up to the line the card is asked: none, or what the token gives."""
    from types import SimpleNamespace

    from vision.open_season.accolades import WILD_SHARE, WILD_UNSURE, AccoladeCard, SeatAccolades
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import _score, read_table
    from vision.open_season.tokens import SeatTokens

    assert (WILD_UNSURE, WILD_SHARE) == (0.08, 0.35)
    walls = ["elf-crown", "dwarf-tattoo", "gnome-dagger", "mage-earrings", "sorcerer-eyepatch", "elf-tattoo",
             "dwarf-crown", "gnome-tattoo", "mage-dagger", "barbarian-crown", "sorcerer-crown"]
    cards = SimpleNamespace(read=lambda img: [CardRead(f"wall {seat} {i + 1}", c, 1.0)
                                              for seat in (0, 1) for i, c in enumerate(walls)])
    fan = ("elf-earrings", "mage-tattoo", "gnome-crown", "dwarf-dagger", "mage-eyepatch")
    fans = {seat: SeatAccolades(seat, tuple(AccoladeCard(seat, i, c, 1.0, True, wild=False,
                                                         wild_unsure=(seat == 1 and i == 0))
                                            for i, c in enumerate(fan))) for seat in (0, 1)}
    accolades = SimpleNamespace(read=lambda img: fans)
    tokens = SimpleNamespace(read=lambda img: {s: SeatTokens({}, frozenset(), 0, 0, 0, False, frozenset(), {}, 0)
                                               for s in (0, 1)})
    seats, choices, notes, unsure = read_table(np.zeros((4, 4, 3), np.uint8), (cards, accolades, tokens), 2, "horn")
    assert [c.key for c in choices] == ["accolade wild 2 1"] and not notes and not unsure
    choice = choices[0]
    # every attribute, the card's own too (os-photo5, 80036: the card itself may be answered as another)
    assert choice.options == ("no wild token", "elf-earrings as crown", "elf-earrings as tattoo",
                              "elf-earrings as dagger", "elf-earrings as earrings", "elf-earrings as eyepatch")
    assert choice.default == 0 and "card 1 of player 2's accolades (elf-earrings)" in choice.question
    # read as none until answered; a wild giving tattoo turns the fan's one earrings card into a
    # second tattoo: its series of five attributes is gone (-4 on the Horn side)
    _, none, _, _ = _score(seats, "horn", False, choices, {})
    _, tattoo, _, _ = _score(seats, "horn", False, choices, {"accolade wild 2 1": 3})
    assert none[0] == tattoo[0] and none[1] - tattoo[1] == 4


def _jpeg(image: np.ndarray) -> np.ndarray:
    """The photo as a camera writes it (JPEG 95), as the bench reads it."""
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    photo = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    assert ok and photo is not None
    return np.asarray(photo)


def test_a_hand_over_a_wall_is_named_card_by_card_not_refused_nor_read() -> None:
    """Tuning seed 76017 (3 players, Shield, 1920x1080): a hand lies over player 2's wall. It was
    refused ("player 2's wall shows 5 cards"); a card half under a hand elsewhere was read as some
    card, sure (development seed 69327). Every space the hand mostly covers is now asked -- any
    face or face down, the truth among them -- and every total's printed range holds the truth."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render import open_season_art as art
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.open_season_scene import SEAT_SIDES, board_pose, rotate_mm
    from vision.render.renderer import OCCLUDER_ID, Renderer
    from vision.octocube.geometry import TableView

    res = render_one(DatasetSettings(game="open_season", seed=76017, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    gt, end = res.ground_truth, res.ground_truth["end"]
    assert gt["hands"] and end["num_players"] == 3 and end["side"] == "shield"
    photo = _jpeg(res.image)
    # which of player 2's wall cards the hand covers (more than half of the card), from the id map
    cam = gt["camera"]
    view = TableView(np.asarray(gt["homography_table_to_image"]), (int(cam["width"]), int(cam["height"])),
                     np.asarray(cam["K"]), np.asarray(cam["dist"]))
    bx, by, yaw = board_pose(SEAT_SIDES[3][1])
    bw, bd = art.WALL_BOARD_SIZE_MM
    cw, ch = art.CARD_SIZE_MM
    covered = []
    for space in range(1, 10):
        lx, ly = art.wall_space_local("shield", space)
        corners = [rotate_mm(yaw, lx - bw / 2 + dx, ly - bd / 2 + dy)
                   for dx, dy in ((-cw / 2, -ch / 2), (cw / 2, -ch / 2), (cw / 2, ch / 2), (-cw / 2, ch / 2))]
        px = view.project(np.array([(bx + x, by + y) for x, y in corners]), 2.4).astype(np.int32)
        mask = np.zeros(res.id_map.shape, np.uint8)
        cv2.fillPoly(mask, [px], 1)
        if (res.id_map[mask > 0] == OCCLUDER_ID).mean() > 0.5:
            covered.append(space)
    assert len(covered) >= 3, covered
    out = score_photo(photo, ScoreRequest(3, options={"side": "shield", "expert": end["expert"]}))
    options = out.reading["options"]
    for space in covered:
        key = f"wall 2 {space}"
        truth = end["players"][1]["wall"][str(space)]
        assert key in options and ("face down" if truth is None else truth) in options[key], (key, options.get(key))
    for p, truth in zip(out.players, end["scores"]):
        lo, hi = p.total_range or (p.total, p.total)
        assert lo <= truth <= hi, (p.seat, p.total, p.total_range, truth)


def test_a_fanned_card_is_sure_only_when_the_classifier_and_the_art_agree() -> None:
    """Tuning seed 76016 (2 players, Shield, 1280x720, dim evening): the classifiers read player
    1's gnome-eyepatch as gnome-earrings and mage-eyepatch as mage-dagger at probability 0.9999+
    (the icon is ~7 blurred pixels); the art's icon disagreed on both. Every card the score
    prints without asking is now right, and the truth is among each asked card's options."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=76016, count=1, end=True,
                                     resolution=(1280, 720)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["lighting"] == "dim evening" and end["num_players"] == 2
    out = score_photo(_jpeg(res.image),
                      ScoreRequest(2, options={"side": end["side"], "expert": end["expert"]}))
    options = out.reading["options"]
    for seat, truth in zip(out.reading["seats"], end["players"]):
        assert len(seat["accolades"]) == len(truth["accolades"])
        for k, (read, card) in enumerate(zip(seat["accolades"], truth["accolades"])):
            key = f"accolade {truth['seat'] + 1} {k + 1}"
            assert card in options[key] if key in options else read == card, (key, read, card)


def test_the_art_overrules_a_sure_fanned_card_only_when_it_clearly_disagrees() -> None:
    """Tuning seed 69300 (1280x720, daylight): the art's icon leans slightly away from the tattoo;
    several cards the classifiers read right and surely match another attribute's art a little
    better (by under ART_VETO_MARGIN). Those stay sure now (before 2026-11-28 each was asked),
    and every card read surely is right."""
    from vision.open_season import accolades as acc
    from vision.render import open_season_art as art
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=69300, count=1, end=True,
                                     resolution=(1280, 720)), 0, Renderer())
    image, gt = _jpeg(res.image), res.ground_truth
    reader = acc.AccoladeReader.from_ground_truth(gt, gt["end"]["num_players"])
    fans = reader.read(image)
    slight = 0
    for player in gt["end"]["players"]:
        seat = player["seat"]
        fan = fans[seat]
        assert not fan.problem and len(fan.cards) == len(player["accolades"])
        area = acc._white_balanced(reader.rectified(image, seat))
        soft = cv2.GaussianBlur(area, (0, 0), acc.BLUR_PX)
        for card, truth, (x, y) in zip(fan.cards, player["accolades"], acc._find_corners(area)):
            if not card.sure:
                continue
            assert card.card == truth, (seat, card.position, card.card, truth)
            people, attribute = truth.split("-")
            scores = acc._art_icon_scores(soft, x, y, people)
            gap = float(np.delete(scores, art.ATTRIBUTES.index(attribute)).max()
                        - scores[art.ATTRIBUTES.index(attribute)])
            assert not acc.art_disagrees(scores, art.ATTRIBUTES.index(attribute))
            slight += 0.0 < gap <= acc.ART_VETO_MARGIN
    assert slight >= 3  # sure now; the art's first pick was another attribute


def test_a_wall_card_read_by_its_strip_is_asked_when_its_emblem_shows_another_people() -> None:
    """Tuning seed 76028 (3 players, Horn, 1280x720): player 1's space 11 holds a barbarian-earrings
    with a trophy on it. A card under tokens is read by its top strip, which read elf-earrings
    (the elves' green and the barbarians' teal alike in that light) and printed it as sure; the
    whole card's emblem read barbarian. A strip and an emblem that disagree on the people: asked."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=76028, count=1, end=True,
                                     resolution=(1280, 720), random_wilds=True), 0, Renderer())
    end = res.ground_truth["end"]
    truth = end["players"][0]
    assert truth["wall"]["11"] == "barbarian-earrings" and truth["wall_trophies"].get("11")
    out = score_photo(_jpeg(res.image),
                      ScoreRequest(3, options={"side": end["side"], "expert": end["expert"]}))
    options = out.reading["options"]
    read = out.reading["seats"][0]["wall"]["11"]
    assert read == "barbarian-earrings" or "barbarian-earrings" in options.get("wall 1 11", []), (read, options.get("wall 1 11"))


def test_a_shield_scoring_trophy_is_read_at_its_best_shift_or_asked_never_missed_silently() -> None:
    """Seed 78044 (4 players, Shield, 1280x720, warm lamp): player 4's trophy beside 'attribute
    choice' scored 0.437 and player 3's beside 'wall identical' 0.404 at their one place (the line
    was 0.55): both read absent with no doubt, player 4 printed 3, truth 8, even with every
    question answered. Each place is now read at its best shift within 1 mm (line 0.42): every
    seat's scoring trophies are read as they lie or asked, every total's range holds the truth,
    and answered truthfully the scorings are the truth's."""
    from vision.open_season.score_photo import read_photo
    from vision.photo_score import ScoreRequest, score_reading
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=78044, count=1, end=True,
                                     resolution=(1280, 720)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["side"] == "shield" and end["num_players"] == 4
    assert "attribute_choice" in end["players"][3]["scorings"]
    photo = _jpeg(res.image)
    request = ScoreRequest(4, options={"side": "shield", "expert": end["expert"]})
    reading = read_photo(photo, request)  # read once: the answers below re-score it
    out = score_reading(reading, {})
    assert "attribute_choice" in out.reading["seats"][3]["scorings"]  # sure: no question about it
    asked = {d.key for d in out.doubts}
    assert "scoring 4 attribute_choice" not in asked
    answers: dict[str, int] = {}
    for seat, truth in enumerate(end["players"]):
        read = set(out.reading["seats"][seat]["scorings"])
        for name in read ^ set(truth["scorings"]):
            key = f"scoring {seat + 1} {name}"
            assert key in asked, (key, read, truth["scorings"])
        for d in out.doubts:
            if d.key.startswith(f"scoring {seat + 1} "):
                name = d.key.split()[2]
                options = out.reading["options"][d.key]
                answers[d.key] = options.index("yes" if name in truth["scorings"] else "no") + 1
    for p, truth in zip(out.players, end["scores"]):
        lo, hi = p.total_range or (p.total, p.total)
        assert lo <= truth <= hi, (p.seat, p.total, p.total_range, truth)
    # answered truthfully, every seat's scorings are the truth's
    answered = score_reading(reading, answers)
    for seat, truth in enumerate(end["players"]):
        assert set(answered.reading["seats"][seat]["scorings"]) == set(truth["scorings"]), seat


def test_the_wild_tokens_best_attributes_are_chosen_once_per_seat_reading_and_score_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """os-photo6: scoring each option of each question re-chose every wild token's attribute
    (~11 engine scorings an option). A wild token moves only its owner's lines, so its choice is
    kept per seat reading: every option's totals and the defaults are the same as choosing afresh,
    with far fewer positions scored."""
    from types import SimpleNamespace

    from rules.open_season.state import OpenSeasonState
    from vision.open_season.accolades import AccoladeCard, SeatAccolades
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import WildCache, _default, _score, read_table
    from vision.open_season.tokens import SeatTokens

    walls = ["elf-crown", "dwarf-tattoo", "gnome-dagger", "mage-earrings", "sorcerer-eyepatch", "elf-tattoo",
             "dwarf-crown", "gnome-tattoo", "mage-dagger", "barbarian-crown", "sorcerer-crown"]
    # space 2 unsure on both walls (a question with 11 options each), a wild token on space 6 of both
    cards = SimpleNamespace(read=lambda img: [CardRead(f"wall {seat} {i + 1}", c, 0.1 if i == 1 else 1.0)
                                              for seat in (0, 1) for i, c in enumerate(walls)])
    fan = ("elf-earrings", "mage-tattoo", "gnome-crown", "dwarf-dagger", "mage-eyepatch", "elf-crown")
    fans = {seat: SeatAccolades(seat, tuple(AccoladeCard(seat, i, c, 1.0, i != 3) for i, c in enumerate(fan)))
            for seat in (0, 1)}
    tokens = SimpleNamespace(read=lambda img: {s: SeatTokens({}, frozenset({6}), 0, 1, 0, False, frozenset(), {}, 0)
                                               for s in (0, 1)})
    seats, choices, _, _ = read_table(np.zeros((4, 4, 3), np.uint8),
                                      (cards, SimpleNamespace(read=lambda img: fans), tokens), 2, "horn")
    keys = [c.key for c in choices]
    assert {"wild 1 6", "wild 2 6", "wall 1 2", "wall 2 2", "accolade 1 4", "accolade 2 4"} <= set(keys)
    scored = {"n": 0}
    breakdown = OpenSeasonState.score_breakdown

    def counted(self: OpenSeasonState) -> object:
        scored["n"] += 1
        return breakdown(self)
    monkeypatch.setattr(OpenSeasonState, "score_breakdown", counted)

    def every_option(cache: WildCache | None) -> tuple[list[object], int]:
        scored["n"] = 0
        out: list[object] = [_score(seats, "horn", False, choices, {}, cache)]
        out += [_default(ch, seats, side="horn", expert=False, choices=choices, answers={}, cache=cache)
                for ch in choices]
        out += [_score(seats, "horn", False, choices, {ch.key: k + 1}, cache)
                for ch in choices for k in range(len(ch.options))]
        return out, scored["n"]
    afresh, afresh_scored = every_option(None)
    kept, kept_scored = every_option({})
    assert kept == afresh
    # an option of a question on one seat leaves the other seat's wild token as chosen (here 193
    # positions scored against 443)
    assert kept_scored * 2 < afresh_scored


def test_the_walls_read_alone_are_the_walls_the_whole_table_reading_gives(
        tables: list[tuple[Path, dict[str, Any]]], monkeypatch: pytest.MonkeyPatch) -> None:
    """os-photo6: the scorer lays out and reads only the walls (``CardReader.read_walls``,
    ``walls_only``), not the inn, stocks, discards and fans a finished table's score does not
    use: every wall card, the ones with trophy tokens read by their top strip, is what
    ``read_table`` reads."""
    from vision.open_season.card_sampling import WALL_INDEX, WALL_TURNED_INDEX
    from vision.open_season.cards import CardReader
    from vision.open_season.score_photo import _same_attribute_other_people

    for image_path, gt in tables:
        end = gt["end"]
        image = read_image(image_path)
        reader = CardReader.from_ground_truth(gt, end["side"], end["num_players"])
        # the walls alone take no light from the mat (no accolade windows laid out; a finished
        # table's turned-up accolades may cover the mat there): the tracker's reader is compared
        # under the same white light (session 23, os-stock)
        monkeypatch.setattr(reader, "table_light", lambda image: np.ones(3))
        walls_alone = CardReader.from_ground_truth(gt, end["side"], end["num_players"], walls_only=True)
        # the walls' layers, and their cards' corner indices (a covered card's, session 56)
        assert set(walls_alone.layout.layers) == {"whole", "wall strip", WALL_INDEX, WALL_TURNED_INDEX}
        # the spaces with trophy tokens, and a few more read by their top strip as if they had some
        tokens_on = {p["seat"]: {int(s) for s, k in p["wall_trophies"].items() if k} | {2, 9} for p in end["players"]}
        for on in (tokens_on, {}):
            whole = reader.read_table(image, on).walls
            walls = reader.read_walls(image, on)
            assert walls_alone.read_walls(image, on) == walls  # laid out alone: the same places, the same pixels
            # the same cards; the scores alike to the float (fewer rows in one matrix product: the
            # last bits may differ, 1e-6 at most seen)
            assert walls.keys() == whole.keys() and all(walls[s].keys() == whole[s].keys() for s in whole)
            for s in whole:
                for n, r in whole[s].items():
                    got = walls[s][n]
                    assert (got.place, got.card, got.whole) == (r.place, r.card, r.whole)
                    # session 39: the walls alone take a colour look at a card against another
                    # people's face of its attribute; where the colours name another people it
                    # is not sure (confidence 0), the card as read
                    looked_away = got.confidence == 0.0 and _same_attribute_other_people(got.card, got.second)
                    assert looked_away or got.confidence == pytest.approx(r.confidence, abs=1e-5)
                    assert got.fit == pytest.approx(r.fit, abs=1e-5)


def test_a_wall_card_under_trophies_takes_its_people_from_the_emblem_and_is_asked() -> None:
    """Seed 89510 (2 players, Horn, 1280x720, warm lamp): three barbarian cards with a trophy on
    them are read by their top strips as elves (the lamp turns the barbarians' teal band green),
    the whole cards' emblems read barbarian. Before, the strip's elf was the default (every total
    that depended on it wrong from the photo alone); now the emblem's people is, and the card is
    still asked, with the strip's reading among the options."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=89510, count=1, end=True,
                                     resolution=(1280, 720)), 0, Renderer())
    end = res.ground_truth["end"]
    out = score_photo(_jpeg(res.image), ScoreRequest(end["num_players"],
                                                     options={"side": end["side"], "expert": end["expert"]}))
    options = out.reading["options"]
    for seat, space in ((0, "1"), (0, "10"), (1, "11")):
        truth = end["players"][seat]["wall"][space]
        assert truth.startswith("barbarian-") and end["players"][seat]["wall_trophies"].get(space)
        key = f"wall {seat + 1} {space}"
        assert out.reading["seats"][seat]["wall"][space] == truth, (key, out.reading["seats"][seat]["wall"][space])
        assert key in options and options[key][0] == truth
        assert any(o.startswith("elf-") for o in options[key])  # what the strip read stays offered
    # 1280x720: the icons are a few pixels, and the scorer says a sharper photo asks less
    assert any("camera pixels per mm" in note and "1920x1080" in note for note in out.notes), out.notes


@pytest.mark.parametrize("strip, confidence, whole, expected", [
    ("elf-earrings", 0.16, "barbarian-earrings", ("barbarian-earrings", 0.0)),  # the people: the emblem's
    ("elf-earrings", 0.82, "elf-crown", ("elf-earrings", 0.82)),  # a crown under tokens: the strip's
    ("sorcerer-earrings", 0.05, "sorcerer-eyepatch", ("sorcerer-eyepatch", 0.0)),  # other attributes: the whole's
    ("elf-earrings", 0.02, "barbarian-crown", ("barbarian-earrings", 0.0)),
    ("dwarf-tattoo", 0.9, "dwarf-tattoo", ("dwarf-tattoo", 0.9)),
])
def test_a_card_read_by_strip_and_whole_takes_the_emblems_people_and_is_sure_only_when_they_agree(
        strip: str, confidence: float, whole: str, expected: tuple[str, float]) -> None:
    from vision.open_season.score_photo import strip_and_whole

    assert strip_and_whole(strip, confidence, whole) == expected


def test_the_walls_are_read_in_the_light_the_accolades_card_stock_shows() -> None:
    """Tuning seed 88121 (1920x1080, warm lamp): player 1's space 6 holds a barbarian-crown. The
    finished table's wall reader has no bare mat to measure the light on and compared the card's
    colours as if the light were white: the lamp made the barbarians' teal look elf green and the
    card was printed as a sure elf-crown. The light is now measured on the fanned accolades' card
    stock (warm: red above, blue below green) and divided out."""
    from vision.open_season.accolades import AccoladeReader
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=88121, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["lighting"] == "warm lamp" and end["players"][0]["wall"]["6"] == "barbarian-crown"
    photo = _jpeg(res.image)
    light = AccoladeReader.from_ground_truth(res.ground_truth, end["num_players"]).card_stock_light(photo)
    assert light[2] > 1.15 and light[0] < 0.85, light  # a warm lamp
    out = score_photo(photo, ScoreRequest(end["num_players"], options={"side": end["side"], "expert": end["expert"]}))
    doubted = {d.key for d in out.doubts}
    for p, seat in zip(end["players"], out.reading["seats"]):
        for space, truth in p["wall"].items():
            assert seat["wall"].get(space) == truth or f"wall {p['seat'] + 1} {space}" in doubted, (p["seat"], space)


def test_a_phone_photo_whose_lens_bends_the_markers_is_scored_through_the_lens_it_measures() -> None:
    """Fresh 12-megapixel table 89815 (4:3, k1 -0.12, tilt 25): through a pinhole fit the markers
    lie 12 px off (5 px allowed), and the photo was refused before the lens was measured. The lens
    is now measured first and the markers checked through it; the focal length is measured with it
    (the markers' homography implied 1281 px against the camera's 1220 at the working size, which
    left player 1's three wall trophies unread). Every total is exact."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=89815, count=1, end=True,
                                     resolution=(4000, 3000)), 0, Renderer())
    end = res.ground_truth["end"]
    out = score_photo(_jpeg(res.image), ScoreRequest(end["num_players"],
                                                     options={"side": end["side"], "expert": end["expert"]}))
    assert out.reading["seats"][0]["wall_trophies"] == end["players"][0]["wall_trophies"]
    assert [p.total for p in out.players] == end["scores"]


def test_a_card_beside_a_covered_space_that_fits_poorly_is_asked() -> None:
    """Table 89866 (1920x1080, daylight): an arm lies over player 2's spaces 5, 6 and 9 (asked);
    space 10 beside them, partly under the same arm, was read elf-dagger surely (fit 1.95), truth
    mage-dagger: a total printed wrong that no answer could set right. A card touching a covered
    space and fitting under ``BESIDE_HIDDEN_FIT`` is now asked, the card read first, and the
    truthful answers give every total."""
    import sys

    from vision.open_season.score_photo import read_photo
    from vision.photo_score import ScoreRequest, score_reading
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=89866, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["players"][1]["wall"]["10"] == "mage-dagger"
    photo = _jpeg(res.image)
    request = ScoreRequest(end["num_players"], options={"side": end["side"], "expert": end["expert"]})
    reading = read_photo(photo, request)  # read once: the answers below re-score it
    out = score_reading(reading, {})
    asked = {d.key: d for d in out.doubts}
    assert "wall 2 10" in asked and out.reading["options"]["wall 2 10"][0] == "elf-dagger"
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from score_photo_open_season import truthful_answers
    finally:
        sys.path.remove(str(ROOT / "bench"))
    answered = score_reading(reading, truthful_answers(out, end))
    assert [p.total for p in answered.players] == end["scores"]


def test_a_tilted_1920x1080_photo_is_not_told_to_be_taken_at_1920x1080() -> None:
    """89856 (1920x1080, tilt 30): the accolades' foreshortened axis measured 0.8 camera px/mm,
    under the note's line, and the scorer asked for "a photo with more pixels (1920x1080 or a
    phone's camera)". The note now goes by the sharper axis, which tells 1280x720 seats
    (0.64-0.94) from 1920x1080 ones (1.00-1.49)."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=89856, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert res.ground_truth["camera"]["tilt_deg"] > 29
    out = score_photo(_jpeg(res.image), ScoreRequest(end["num_players"],
                                                     options={"side": end["side"], "expert": end["expert"]}))
    assert not any("camera pixels per mm" in note for note in out.notes), out.notes


def test_a_face_down_wall_card_under_a_trophy_is_face_down_by_default_and_asked() -> None:
    """Tuning seed 90413 (3 players, Horn, 1920x1080, dim evening): player 3's space 11 holds a
    card face down with a trophy on it. A card under tokens is read by its top strip, whose
    templates are faces only: it read gnome-crown, the whole card a back. The strip's face was the
    default (player 3 scored 36, truth 19, from the photo alone). The whole card's back is now the
    default -- still asked, the strip's face among the options -- and every total is exact."""
    from vision.open_season.score_photo import FACE_DOWN_OPTION, score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90413, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["players"][2]["wall"]["11"] is None and end["players"][2]["wall_trophies"].get("11")
    out = score_photo(_jpeg(res.image), ScoreRequest(end["num_players"],
                                                     options={"side": end["side"], "expert": end["expert"]}))
    assert out.reading["seats"][2]["wall"]["11"] is None
    options = out.reading["options"]["wall 3 11"]
    assert options[0] == FACE_DOWN_OPTION and "gnome-crown" in options  # a doubt it stays
    asked = {d.key: d for d in out.doubts}["wall 3 11"]
    assert asked.score_range["player 3"][0] < asked.score_range["player 3"][1]  # it moves the total
    assert [p.total for p in out.players] == end["scores"]


def test_a_gold_rimmed_bonus_tile_is_scored_as_the_permanent_face() -> None:
    """Tuning seed 90425 (3 players, Horn, expert, 1920x1080, daylight): player 2's column 3 holds
    face 14, activated (its gold rim read 0.80, surely). Its digits, 5 camera pixels tall, fitted
    face 10 a little better, and player 2 scored 9 for 7 from the photo alone. A gold rim is face 14
    on a finished table: read so, not asked, and every total is exact."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90425, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["players"][1]["bonus"]["3"] == [14, True]
    out = score_photo(_jpeg(res.image), ScoreRequest(end["num_players"],
                                                     options={"side": end["side"], "expert": end["expert"]}))
    assert out.reading["seats"][1]["bonus"]["3"] == [14, True]
    assert "bonus 2 3" not in out.reading["options"]
    assert [p.total for p in out.players] == end["scores"]


def test_bonus_faces_are_read_with_the_photos_own_blur() -> None:
    """Tuning seed 90423 (1920x1080, expert, dim evening; the renderer blurred it 1.2 camera pixels):
    the bonus digits, 4-6 pixels tall, were matched with templates blurred 0.6 pixels, and a
    sharp 1 or 3 fits a blurred one less than a round 0 does: a face 13 read 10 and the table was
    off from the photo alone. The faces are now read with the blur that fits the photo's tiles
    best: every tile reads its true face and every total is exact."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90423, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["expert"] and res.ground_truth["sensor"]["blur_sigma_px"] > 1.0
    out = score_photo(_jpeg(res.image), ScoreRequest(end["num_players"],
                                                     options={"side": end["side"], "expert": end["expert"]}))
    for truth, seat in zip(end["players"], out.reading["seats"]):
        assert seat["bonus"] == truth["bonus"]
    assert [p.total for p in out.players] == end["scores"]


def test_bonus_faces_are_compared_at_the_pose_their_blank_tile_fits_best() -> None:
    """Tuning seed 90764 (2 players, Shield, expert, 1920x1080, daylight): the digits are 4-7
    camera pixels tall, and each face was compared at its own best of 25 poses half a pixel
    apart: a wrong digit found a pose where it fitted as well as the right one (every face within
    0.01). Player 1's face 3 read 1, its 13 and player 2's 13 read 11 (asked, the defaults
    wrong): player 1 scored 1 for -2 from the photo alone. Every face is now compared at the pose
    where the blank tile fits best: every tile reads its true face and every total is exact."""
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90764, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["expert"] and not res.ground_truth["hands"]
    assert end["players"][0]["bonus"]["2"] == [3, False] and end["players"][1]["bonus"]["1"] == [13, False]
    _assert_bonus_faces_and_totals_exact(res.image, end)


@pytest.fixture(scope="module")
def truth_90764_720() -> dict[str, Any]:
    """Tuning table 90764 drawn at 1280x720, its ground truth (the camera the two tests below
    build a view from): drawn once for both (it was drawn by each, ~1 s)."""
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    return render_one(DatasetSettings(game="open_season", seed=90764, count=1, end=True,
                                      resolution=(1280, 720)), 0, Renderer()).ground_truth


def test_the_trackers_bonus_faces_keep_each_faces_own_best_pose(truth_90764_720: dict[str, Any]) -> None:
    """Only a finished table's photo compares the faces at the blank tile's pose: the tracker's
    frames (set-ups tuned on each face's own best pose) are read as before."""
    from vision.open_season.tokens import TokenReader
    from vision.octocube.geometry import TableView

    cam = truth_90764_720["camera"]
    view = TableView(np.asarray(truth_90764_720["homography_table_to_image"]),
                     (int(cam["width"]), int(cam["height"])), np.asarray(cam["K"]), np.asarray(cam["dist"]))
    assert TokenReader(view, "shield", 2, True, finished=True)._sampler.bonus_at_tile_pose
    assert not TokenReader(view, "shield", 2, True)._sampler.bonus_at_tile_pose


def test_bonus_faces_are_read_at_poses_finer_than_the_calibrations_error() -> None:
    """Tuning seed 91440 (3 players, Horn, expert, 1920x1080, warm lamp): through the scorer's own
    calibration (markers, the lens measured on the walls, the photo undistorted) player 3's
    tiles lie 0.25 camera pixels off where the view puts them, at 0.85 px/mm; sampled at poses
    half a mm apart, its four tiles fitted their true faces 0.968-0.974 (0.975-0.987 through the
    renderer's own camera) and column 4's 13 read 11 (0.9733 against 0.9730): asked, the default
    wrong, the table off from the photo alone. A photo's bonus places are now sampled a quarter
    of a mm apart: 13 is read and every total is exact."""
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=91440, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["expert"] and not res.ground_truth["hands"]
    assert end["players"][2]["bonus"]["4"] == [13, False]
    _assert_bonus_faces_and_totals_exact(res.image, end)


def test_only_a_photos_bonus_places_are_sampled_at_quarter_mm_poses(truth_90764_720: dict[str, Any]) -> None:
    """The finer poses are a finished table's photo's (one still, its calibration a fraction of a
    pixel off); the tracker's frames keep the half-mm poses its set-ups were tuned with. Either
    way each place holds its nominal pose and the faces are the same whichever poses are tried."""
    from vision.open_season import token_sampling as ts
    from vision.open_season.tokens import TokenReader
    from vision.octocube.geometry import TableView

    cam = truth_90764_720["camera"]
    view = TableView(np.asarray(truth_90764_720["homography_table_to_image"]),
                     (int(cam["width"]), int(cam["height"])), np.asarray(cam["K"]), np.asarray(cam["dist"]))
    photo = TokenReader(view, "shield", 2, True, finished=True)._sampler
    tracker = TokenReader(view, "shield", 2, True)._sampler
    assert photo._bonus_jitter == ts.BONUS_PHOTO_JITTER and tracker._bonus_jitter == ts.BONUS_JITTER
    steps = sorted({x for x, _y, _yaw in ts.BONUS_PHOTO_JITTER})
    assert max(b - a for a, b in zip(steps, steps[1:])) <= 0.25
    assert steps[0] <= min(x for x, _y, _yaw in ts.BONUS_JITTER) and steps[-1] >= max(x for x, _y, _yaw in ts.BONUS_JITTER)
    # the faces x poses products in chunks give what one product gives
    rng = np.random.default_rng(0)
    patches = rng.standard_normal((3 * 81, 40)).astype(np.float32)
    faces = rng.standard_normal((3, 14, 40)).astype(np.float32)
    whole = np.matmul(patches.reshape(3, 81, 40), faces.transpose(0, 2, 1)).reshape(3 * 81, 14)
    assert np.allclose(ts._faces_per_pose(patches, faces), whole, atol=1e-4)
    with pytest.raises(ValueError, match="nominal"):
        ts.TokenSampler(view, "shield", 2, True, bonus_jitter=((0.5, 0.0, 0.0),))


@pytest.fixture(scope="module")
def table_90592() -> tuple[np.ndarray, dict[str, Any]]:
    """Tuning seed 90592 (3 players, Horn, expert, warm lamp, vignetting 0.29; the lens k1 -0.116
    and k2 +0.041), rendered at 1920x1440: the 12 MP photo's table at the size the scorer reads it
    (``WORK_WIDTH``), the same camera and the same failure on main."""
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90592, count=1, end=True,
                                     resolution=(1920, 1440)), 0, Renderer())
    return _jpeg(res.image), res.ground_truth


@pytest.fixture(scope="module")
def scored_90592(table_90592: tuple[np.ndarray, dict[str, Any]]) -> Any:
    """Table 90592 scored as the suite scores (every read in this process, ``FORK_ENV`` 0): read
    once for the two tests that score it unchanged (focal length; forked or not), ~2-3 CPU s."""
    from vision.forked import FORK_ENV
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest

    photo, gt = table_90592
    end = gt["end"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(FORK_ENV, "0")
        return score_photo(photo, ScoreRequest(end["num_players"],
                                                options={"side": end["side"], "expert": end["expert"]}))


def _assert_bonus_faces_and_totals_exact(image: np.ndarray, end: dict[str, Any]) -> None:
    """The finished table's photo (``image``, saved as a camera's JPEG) scored: every seat's bonus
    tiles read as they lie, every total exact, no total printed as sure and wrong."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest

    out = score_photo(_jpeg(image), ScoreRequest(end["num_players"],
                                                 options={"side": end["side"], "expert": end["expert"]}))
    for truth, seat in zip(end["players"], out.reading["seats"]):
        assert seat["bonus"] == truth["bonus"], (truth["seat"], seat["bonus"], truth["bonus"])
    assert [p.total for p in out.players] == end["scores"]
    assert not _sure_and_wrong(out, end)


def _sure_and_wrong(out: Any, end: dict[str, Any]) -> list[int]:
    """Players whose total is wrong with no doubt naming them (the bench's hidden error)."""
    wrong = []
    for p, truth in zip(out.players, end["scores"]):
        named = p.total_range is not None or any(
            f"player {p.seat + 1}" in d.question for d in out.doubts if d.key.startswith("note "))
        if p.total != truth and not named:
            wrong.append(p.seat)
    return wrong


def test_token_places_are_sampled_through_the_focal_length_the_markers_imply(
        table_90592: tuple[np.ndarray, dict[str, Any]], scored_90592: Any) -> None:
    """The lens measured on the walls (k1) was taken at the focal length the bent markers' pinhole
    fit implied, 3 % longer than the camera's; the table view built from the undistorted markers'
    homography and that camera matrix lifted every point above the table (cards, tokens) 2-5 px
    off. Player 1's two wall trophies fitted 0.41 and 0.35 (0.96 now), the second read as none with
    no doubt: player 1 scored 13 for 10, printed as sure. The focal is now the one the undistorted
    markers imply: both trophies are read and every total is exact."""
    _, gt = table_90592
    end = gt["end"]
    assert end["players"][0]["wall_trophies"] == {"10": 1, "11": 1}
    out = scored_90592
    assert out.reading["seats"][0]["wall_trophies"] == {"10": 1, "11": 1}
    assert not _sure_and_wrong(out, end)
    assert [p.total for p in out.players] == end["scores"]


def test_a_seat_whose_token_places_fit_poorly_has_its_tokens_asked_never_read_surely(
        table_90592: tuple[np.ndarray, dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net, whatever sets the places off: 90592 read through main's lens (k1 at the
    pinhole's focal length, no refinement). Player 1's wall lies 2.5 mm from where the view puts it
    and player 3's bonus tiles fit their faces 0.6: both seats' tokens are asked (player 1's
    trophies on spaces 10 and 11 among them) with a note naming each, and no total is printed as
    sure and wrong (on main: player 1 13 for 10, no doubt naming player 1)."""
    from vision.open_season import lens
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest

    monkeypatch.setattr(lens, "consistent_focal", lambda k1, focal, implied: (k1, focal), raising=False)
    monkeypatch.setattr(lens, "K1_FINE_STEPS", (0.0,), raising=False)
    photo, gt = table_90592
    end = gt["end"]
    out = score_photo(photo, ScoreRequest(end["num_players"], options={"side": end["side"], "expert": end["expert"]}))
    assert not _sure_and_wrong(out, end), [p.total for p in out.players]
    asked = {d.key for d in out.doubts}
    assert {"trophies 1 10", "trophies 1 11", "bonus 3 1", "active 3 1"} <= asked, sorted(asked)
    notes = [d.question for d in out.doubts if d.key.startswith("note ") and "token places fit poorly" in d.question]
    assert [n.split(":")[0] for n in notes] == ["player 1", "player 3"], notes
    for p, truth in zip(out.players, end["scores"]):
        lo, hi = p.total_range or (p.total, p.total)
        assert lo <= truth <= hi, (p.seat, p.total, p.total_range, truth)


def test_the_wall_offsets_measure_how_far_the_cards_lie_from_where_the_view_puts_them(
        table_90592: tuple[np.ndarray, dict[str, Any]]) -> None:
    """``lens.wall_offsets``: through the scorer's own view every wall's cards lie within a mm of
    their places; through the same view moved 2.5 mm along the table, each wall is found about
    2.5 mm off and fitting clearly better there."""
    from calibration.table import detect_markers
    from vision.octocube.geometry import TableView
    from vision.open_season.lens import wall_offsets
    from vision.open_season.score_photo import _lens_corrected
    from vision.photo_calibration import working_copy

    photo, gt = table_90592
    end = gt["end"]
    img, _ = working_copy(photo)
    undistorted, view, _ = _lens_corrected(img, detect_markers(img), end["num_players"], end["side"])
    here = wall_offsets(undistorted, view, end["num_players"], end["side"])
    assert all(shift < 1.0 for shift, _gain in here), here
    moved = TableView(view.homography_at(0.0) @ np.array([[1.0, 0, 2.5], [0, 1, 0], [0, 0, 1]]),
                      view.image_size, view.K)
    off = wall_offsets(undistorted, moved, end["num_players"], end["side"])
    assert all(2.0 < shift < 3.0 and gain > 0.03 for shift, gain in off), off


def test_a_covered_wall_space_is_asked_every_trophy_count_whatever_its_token_doubt_names() -> None:
    """Development table 80013 (1280x720): a hand over player 2's space 10, which holds two
    trophies. The token reader doubted its trophies "0 or 1" (its places under the hand), and that
    doubt's question took the covered space's place, which offers every count: no answer could
    give 2. The covered space's question now offers the counts the doubt names first, then every
    other count up to ``HIDDEN_TROPHIES``."""
    from types import SimpleNamespace

    from vision.open_season.accolades import AccoladeCard, SeatAccolades
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import HIDDEN_FIT, HIDDEN_TROPHIES, read_table
    from vision.open_season.tokens import SeatTokens

    walls = ["elf-crown", "dwarf-tattoo", "gnome-dagger", "mage-earrings", "sorcerer-eyepatch", "elf-tattoo",
             "dwarf-crown", "gnome-tattoo", "mage-dagger", "barbarian-crown", "sorcerer-crown"]
    cards = SimpleNamespace(read=lambda img: [
        CardRead(f"wall {seat} {i + 1}", c, 1.0, fit=HIDDEN_FIT / 2 if (seat, i + 1) == (1, 10) else 4.0)
        for seat in (0, 1) for i, c in enumerate(walls)])
    fans = {seat: SeatAccolades(seat, (AccoladeCard(seat, 0, "elf-earrings", 1.0, True),)) for seat in (0, 1)}
    accolades = SimpleNamespace(read=lambda img: fans)
    doubts = {0: (), 1: ("player 2: trophies on space 10 (0 or 1)",)}
    tokens = SimpleNamespace(read=lambda img: {s: SeatTokens({}, frozenset(), 0, 0, 0, False, frozenset(), {}, 0,
                                                             doubts=doubts[s]) for s in (0, 1)})
    _, choices, _, _ = read_table(np.zeros((4, 4, 3), np.uint8), (cards, accolades, tokens), 2, "horn")
    asked = [c for c in choices if c.key == "trophies 2 10"]
    assert len(asked) == 1, [c.key for c in choices]
    assert asked[0].options == tuple(str(c) for c in range(HIDDEN_TROPHIES + 1)), asked[0].options
    assert "wall 2 10" in {c.key for c in choices}


def test_a_wall_card_whose_runner_up_is_another_people_of_its_attribute_is_asked_unless_clearly_ahead() -> None:
    """Session 37's fresh 90652 (1920x1080, warm lamp, four players): player 4's space 2 (the far
    wall) holds a barbarian-dagger, read elf-dagger at confidence 0.256 over barbarian-dagger --
    just over ``WALL_SURE``, so printed sure and wrong (the lamp moves the barbarians' teal towards
    the elves' green; the two differ by the people's colour and emblem alone). A wall card whose
    runner-up is its attribute on another people is now sure only from ``WALL_PEOPLE_SURE``: it
    is asked, the card read first, the truth among the options; every wall card is right or asked."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90652, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["lighting"] == "warm lamp" and end["players"][3]["wall"]["2"] == "barbarian-dagger"
    out = score_photo(_jpeg(res.image), ScoreRequest(end["num_players"],
                                                     options={"side": end["side"], "expert": end["expert"]}))
    options = out.reading["options"]
    assert "wall 4 2" in options and "barbarian-dagger" in options["wall 4 2"], sorted(options)
    doubted = {d.key for d in out.doubts}
    for p, seat in zip(end["players"], out.reading["seats"]):
        for space, truth in p["wall"].items():
            assert seat["wall"].get(space) == truth or f"wall {p['seat'] + 1} {space}" in doubted, (p["seat"], space)


@pytest.mark.parametrize("confidence, second, asked", [
    (0.256, "barbarian-dagger", True),   # 90652's reading: the same attribute, another people
    (0.256, "elf-crown", False),         # the same people, another attribute: WALL_SURE as before
    (0.6, "barbarian-dagger", False),    # clearly ahead of the other people
    (0.2, "elf-crown", True),            # under WALL_SURE: asked as before
])
def test_the_wall_line_for_a_card_against_another_peoples_face_of_its_attribute(
        confidence: float, second: str, asked: bool) -> None:
    """The runner-up the card reader measured a wall card's confidence against (``CardRead.second``)
    decides the line it must pass to be read surely."""
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import WALL_SURE, SeatReading, _walls

    seats = [SeatReading() for _ in range(4)]
    _walls(seats, [CardRead("wall 3 2", "elf-dagger", confidence, 2.14, second=second)])
    card, sure = seats[3].wall_confidence[2]
    assert card == "elf-dagger" and seats[3].wall[2] == "elf-dagger"
    assert (sure < WALL_SURE) == asked


def test_the_card_reader_names_the_runner_up_its_confidence_is_measured_against() -> None:
    """``choose``: the best template of another name (not another view of the same face)."""
    from vision.open_season.cards import choose

    read = choose(["elf-dagger", "elf-dagger", "barbarian-dagger", "mage-dagger"],
                  np.array([2.14, 2.10, 2.01, 1.3]), "wall 3 2")
    assert read.card == "elf-dagger" and read.second == "barbarian-dagger"
    assert abs(read.confidence - 0.26) < 1e-6


def test_a_fanned_card_whose_corner_a_fingertip_covers_is_asked_every_face_an_option() -> None:
    """Session 38's fresh 90743 (4 players, Horn, daylight; here at 1920x1440, the 12 MP photo's
    table at the size the scorer reads it): a fingertip lies over player 1's card 3
    (barbarian-dagger), hiding its initial and icon. The classifiers read the colour band and the
    skin as barbarian-earrings at probability 1.0000 -- printed sure and wrong, player 1 scored 11
    for 17 with the truth outside the printed range even after every answer. No attribute's art
    matches the covered icon (0.28; at 1920x1080 and 12 MP a card that shows scores 0.54 and up), so the card is asked
    now, saying something covers it, every face an option: answered, player 1's total is exact."""
    from vision.open_season.score_photo import read_photo
    from vision.photo_score import ScoreRequest, score_reading
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90743, count=1, end=True,
                                     resolution=(1920, 1440)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["players"][0]["accolades"][2] == "barbarian-dagger" and res.ground_truth["hands"]
    photo = _jpeg(res.image)
    request = ScoreRequest(4, options={"side": end["side"], "expert": end["expert"]})
    reading = read_photo(photo, request)  # read once: the answers below re-score it
    out = score_reading(reading, {})
    options = out.reading["options"]
    assert "accolade 1 3" in options, sorted(options)
    assert len(options["accolade 1 3"]) == 30 and "barbarian-dagger" in options["accolade 1 3"]
    question = next(d.question for d in out.doubts if d.key == "accolade 1 3")
    assert "something covers its corner" in question
    for p, seat in zip(end["players"], out.reading["seats"]):
        for k, (read, truth) in enumerate(zip(seat["accolades"], p["accolades"])):
            key = f"accolade {p['seat'] + 1} {k + 1}"
            assert truth in options[key] if key in options else read == truth, (key, read, truth)
    lo, hi = out.players[0].total_range or (out.players[0].total, out.players[0].total)
    assert lo <= end["scores"][0] <= hi
    wild = end["players"][0]["accolade_wilds"][0]
    answers = {"accolade 1 3": options["accolade 1 3"].index("barbarian-dagger") + 1}
    for key, opts in options.items():
        if key.startswith("accolade wild 1 ") and f"{wild['card']} as {wild['attribute']}" in opts:
            answers[key] = opts.index(f"{wild['card']} as {wild['attribute']}") + 1
    answered = score_reading(reading, answers)
    assert answered.players[0].total == end["scores"][0]


def test_an_icon_no_attributes_art_matches_is_covered_and_any_face_may_lie_there() -> None:
    """``icon_covered`` against ``ICON_LEGIBLE``, and the covered card's alternatives: the other
    29 faces, the read people's first (by the attribute's probability)."""
    from vision.open_season import accolades as acc
    from vision.render import open_season_art as art

    assert acc.icon_covered(np.array([0.146, 0.152, 0.121, 0.271, 0.051]))  # 90743's covered card
    assert not acc.icon_covered(np.array([0.569, 0.351, 0.652, 0.534, 0.754]))  # the card beside it
    pp = np.full(len(art.PEOPLES), 0.01)
    pp[art.PEOPLES.index("barbarian")] = 0.95
    pa = np.array([0.01, 0.02, 0.3, 0.6, 0.07])  # crown, tattoo, dagger, earrings, eyepatch
    faces = acc.every_other_face(pp, pa)
    assert len(faces) == len(art.PEOPLES) * len(art.ATTRIBUTES) - 1 and len(set(faces)) == len(faces)
    assert faces[:4] == ("barbarian-dagger", "barbarian-eyepatch", "barbarian-tattoo", "barbarian-crown")
    assert "barbarian-earrings" not in faces


@pytest.mark.parametrize("confidence, look, asked", [
    (0.4, 2.5, False),   # the colours name the read people clearly: sure from WALL_SURE again
    (0.4, 1.2, True),    # they barely do: asked, as session 38 asked every such card
    (0.4, 0.0, True),    # no look taken (a taught printing's read, a strip): asked
    (0.2, 2.5, True),    # under WALL_SURE: asked whatever the colours say
    (0.0, 2.5, True),    # the colours named another people (confidence 0): asked
])
def test_a_wall_card_against_another_peoples_face_is_sure_when_its_colours_clearly_name_its_people(
        confidence: float, look: float, asked: bool) -> None:
    """``CardRead.people_look`` (the built-in art's colour look on a finished table's walls)
    against ``WALL_PEOPLE_LOOK_SURE``: on main every such card under ``WALL_PEOPLE_SURE`` was asked."""
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import WALL_SURE, SeatReading, _walls

    seats = [SeatReading() for _ in range(2)]
    _walls(seats, [CardRead("wall 1 5", "barbarian-tattoo", confidence, 3.85, second="elf-tattoo",
                            people_look=look)])
    card, sure = seats[1].wall_confidence[5]
    assert card == "barbarian-tattoo"
    assert (sure < WALL_SURE) == asked


def test_warm_lamp_barbarian_wall_cards_are_told_from_the_elves_by_colour_and_read_surely() -> None:
    """Tuning 90705 (1920x1080, warm lamp, 3 players): six wall cards lead the face of their
    attribute on another people (the elves, mostly) by 0.26-0.44 -- each asked since session 38.
    Their colours, the light divided out, lie 2.3-4.4 times nearer their own people's than the
    next: read surely and right now; every wall card is right or asked."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90705, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["lighting"] == "warm lamp"
    out = score_photo(_jpeg(res.image), ScoreRequest(end["num_players"],
                                                     options={"side": end["side"], "expert": end["expert"]}))
    doubted = {d.key for d in out.doubts}
    for seat, space in ((0, "1"), (0, "3"), (1, "1"), (1, "4"), (1, "7"), (2, "1")):
        assert f"wall {seat + 1} {space}" not in doubted, (seat, space)
        assert out.reading["seats"][seat]["wall"][space] == end["players"][seat]["wall"][space]
    for p, seat in zip(end["players"], out.reading["seats"]):
        for space, truth in p["wall"].items():
            assert seat["wall"].get(space) == truth or f"wall {p['seat'] + 1} {space}" in doubted, (p["seat"], space)
    assert not _sure_and_wrong(out, end)


def test_a_covered_wall_space_read_empty_defaults_to_the_total_most_faces_give_not_face_down() -> None:
    """Tuning 90694 (session 39): a hand over player 1's spaces 1, 4 and 8; the covered cards read
    empty, so face down was each one's default -- -12 for 0, though any face on space 1 scores the
    same. Face down lies on 1 wall card in 120; a covered card's default is now the option whose
    totals the likeliest faces share (``_covered_defaults``), face down far down."""
    from types import SimpleNamespace

    from vision.open_season.accolades import AccoladeCard, SeatAccolades
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import (FACE_DOWN_OPTION, HIDDEN_FIT, _covered_defaults, _score,
                                                read_table)
    from vision.open_season.tokens import SeatTokens

    walls = ["elf-crown", "dwarf-tattoo", "gnome-dagger", "mage-earrings", "sorcerer-eyepatch", "elf-tattoo",
             "dwarf-crown", "gnome-tattoo", "mage-dagger", "barbarian-crown", "sorcerer-crown"]
    cards = SimpleNamespace(read=lambda img: [
        CardRead(f"wall {seat} {i + 1}", "empty" if (seat, i + 1) == (0, 1) else c, 1.0,
                 fit=HIDDEN_FIT / 2 if (seat, i + 1) == (0, 1) else 4.0)
        for seat in (0, 1) for i, c in enumerate(walls)])
    fans = {seat: SeatAccolades(seat, (AccoladeCard(seat, 0, "elf-earrings", 1.0, True),)) for seat in (0, 1)}
    tokens = SimpleNamespace(read=lambda img: {s: SeatTokens({}, frozenset(), 0, 0, 0, False, frozenset(), {}, 0)
                                               for s in (0, 1)})
    seats, choices, _, _ = read_table(np.zeros((4, 4, 3), np.uint8),
                                      (cards, SimpleNamespace(read=lambda img: fans), tokens), 2, "horn")
    covered = next(c for c in choices if c.key == "wall 1 1")
    assert covered.covered and covered.options[covered.default] == FACE_DOWN_OPTION  # as read
    chosen = next(c for c in _covered_defaults(seats, "horn", False, choices, {}) if c.key == "wall 1 1")
    totals = [tuple(_score(seats, "horn", False, choices, {"wall 1 1": k + 1})[1]) for k in range(len(chosen.options))]
    faces_give = max(set(totals), key=totals.count)
    down = totals[chosen.options.index(FACE_DOWN_OPTION)]
    assert down != faces_give, "the case: face down scores otherwise than most faces"
    assert chosen.options[chosen.default] != FACE_DOWN_OPTION
    assert totals[chosen.default] == faces_give
    # answered, the answer holds whatever the default
    answered = next(c for c in _covered_defaults(seats, "horn", False, choices, {"wall 1 1": 3}) if c.key == "wall 1 1")
    assert answered.default == covered.default


def test_covered_wall_defaults_never_repeat_a_people_in_a_frieze() -> None:
    """Tuning 90742 (session 47): a hand over player 2's spaces 4, 5, 8 and 9 (Shield; friezes
    4-5 and 8-9); each covered card's default kept the people read under the hand, elves on both
    4 and 5, gnomes on both 8 and 9 -- no finished wall holds that (the rules refuse a card whose
    people a frieze neighbour shows). A covered space's default now gives no weight to the peoples
    its settled frieze neighbours show (``_frieze_barred``). Here Horn: covered spaces 5 and 6 (a
    frieze, -2 and -3 per accolade card of its people) both read elf, and covered space 1 read
    dwarf beside a sure dwarf, gnome and mage (frieze 1-4)."""
    from types import SimpleNamespace

    from vision.open_season.accolades import AccoladeCard, SeatAccolades
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import (HIDDEN_FIT, _covered_defaults, _frieze_barred, _resolve, _score,
                                                read_table)
    from vision.open_season.tokens import SeatTokens

    walls = ["dwarf-crown", "dwarf-tattoo", "gnome-dagger", "mage-earrings", "elf-crown", "elf-dagger",
             "dwarf-crown", "gnome-tattoo", "mage-dagger", "barbarian-crown", "sorcerer-crown"]
    covered = {(0, 1), (0, 5), (0, 6)}
    cards = SimpleNamespace(read=lambda img: [
        CardRead(f"wall {seat} {i + 1}", c, 1.0, fit=HIDDEN_FIT / 2 if (seat, i + 1) in covered else 4.0)
        for seat in (0, 1) for i, c in enumerate(walls)])
    # every people's count differs, the elves' fewest: the read elf gives a total of its own on 5 and 6
    fan = [f"{p}-earrings" for p, k in (("elf", 1), ("dwarf", 2), ("gnome", 3), ("mage", 4), ("sorcerer", 5),
                                        ("barbarian", 6)) for _ in range(k)]
    fans = {seat: SeatAccolades(seat, tuple(AccoladeCard(seat, i, c, 1.0, True) for i, c in enumerate(fan)))
            for seat in (0, 1)}
    tokens = SimpleNamespace(read=lambda img: {s: SeatTokens({}, frozenset(), 0, 0, 0, False, frozenset(), {}, 0)
                                               for s in (0, 1)})
    seats, choices, _, _ = read_table(np.zeros((4, 4, 3), np.uint8),
                                      (cards, SimpleNamespace(read=lambda img: fans), tokens), 2, "horn")
    assert {c.key for c in choices if c.covered} == {"wall 1 1", "wall 1 5", "wall 1 6"}
    chosen = _covered_defaults(seats, "horn", False, choices, {})
    wall = _resolve(seats, chosen, {c.key: max(c.default, 0) for c in chosen})[0][0].wall
    peoples = {s: (wall[s] or "-").split("-")[0] for s in (1, 2, 3, 4, 5, 6)}
    assert peoples[5] != peoples[6], wall
    assert peoples[1] not in {"dwarf", "gnome", "mage"}, wall
    # the read elf on both 5 and 6 scores otherwise: the totals moved, not only the names
    both_elf = {"wall 1 5": chosen[[c.key for c in chosen].index("wall 1 5")].options.index("elf-crown") + 1,
                "wall 1 6": chosen[[c.key for c in chosen].index("wall 1 6")].options.index("elf-dagger") + 1}
    assert _score(seats, "horn", False, chosen, {})[1] != _score(seats, "horn", False, chosen, both_elf)[1]
    # a neighbour still to be settled bars nothing; a face-down neighbour bars nothing
    space_5 = next(c for c in choices if c.key == "wall 1 5")
    assert _frieze_barred(seats, "horn", space_5, {"wall 1 6"}) == frozenset()
    assert _frieze_barred(seats, "horn", space_5, set()) == frozenset({"elf"})
    # answered, the answer holds
    answered = _covered_defaults(seats, "horn", False, choices, {"wall 1 6": 1})
    space_6 = next(c for c in choices if c.key == "wall 1 6")
    assert next(c for c in answered if c.key == "wall 1 6").default == space_6.default


def test_a_covered_cards_read_people_weighs_most_and_face_down_least() -> None:
    """``_covered_weights``: the read people's faces share ``COVERED_READ_PEOPLE``, the other
    peoples' the rest, face down ``COVERED_FACE_DOWN``; a card read as a back tells no people."""
    from vision.open_season.score_photo import (COVERED_FACE_DOWN, COVERED_READ_PEOPLE, FACE_DOWN_OPTION,
                                                _covered_weights, _hidden_wall_choice)

    read = _covered_weights(_hidden_wall_choice(0, 3, "gnome-tattoo"))
    options = _hidden_wall_choice(0, 3, "gnome-tattoo").options
    assert len(read) == len(options) == 31
    gnome = sum(w for o, w in zip(options, read) if o.startswith("gnome-"))
    assert gnome == pytest.approx(COVERED_READ_PEOPLE)
    assert read[options.index(FACE_DOWN_OPTION)] == COVERED_FACE_DOWN
    assert read[options.index("gnome-dagger")] > read[options.index("elf-dagger")] > COVERED_FACE_DOWN
    blank = _hidden_wall_choice(0, 3, None)
    weights = _covered_weights(blank)
    assert len(set(w for o, w in zip(blank.options, weights) if o != FACE_DOWN_OPTION)) == 1


def test_a_hand_over_three_wall_cards_read_empty_leaves_the_totals_exact_from_the_photo_alone() -> None:
    """Tuning 90694 (2 players, Horn, expert, 1920x1080, dim evening; session 39): a hand over
    player 1's spaces 1, 4 and 8. The covered cards read empty, each was asked with face down its
    default, and player 1 scored -12 for 0. Every face there scores alike for player 1: the
    defaults are faces now, and both totals are exact from the photo alone, the three spaces
    still asked with the truth among their options."""
    from vision.open_season.score_photo import FACE_DOWN_OPTION, score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90694, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert res.ground_truth["hands"] and end["num_players"] == 2
    out = score_photo(_jpeg(res.image), ScoreRequest(2, options={"side": end["side"], "expert": end["expert"]}))
    options = out.reading["options"]
    for space in ("1", "4", "8"):
        key = f"wall 1 {space}"
        doubt = next(d for d in out.doubts if d.key == key)
        assert "something covers it" in doubt.question
        assert options[key][doubt.read - 1] != FACE_DOWN_OPTION
        assert end["players"][0]["wall"][space] in options[key]
    assert [p.total for p in out.players] == end["scores"]
    assert not _sure_and_wrong(out, end)


def test_the_tokens_are_read_in_a_child_process_while_the_fans_are_read_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The photo's readers ran one after another: a 4-player expert photo took 2.1-2.4 s of wall
    clock on these 2 cores (2 s wanted). The tokens need nothing else the photo shows, so a
    forked child reads them; the card and token readers are made where they are used."""
    import os
    from types import SimpleNamespace

    from vision.forked import FORK_ENV

    monkeypatch.setenv(FORK_ENV, "1")  # the suite reads in one process (tests/conftest.py)

    from vision.open_season.accolades import AccoladeCard, SeatAccolades
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import read_table
    from vision.open_season.tokens import SeatTokens

    if not hasattr(os, "fork"):
        pytest.skip("this system has no fork: the tokens are read in turn")
    parent = os.getpid()

    def read_tokens(img: np.ndarray) -> dict[int, SeatTokens]:
        if os.getpid() == parent:
            raise RuntimeError("the tokens were read in the process that reads the fans")
        return {s: SeatTokens({10: 1}, frozenset(), 0, 0, 0, False, frozenset(), {}, 0) for s in (0, 1)}

    walls = ["elf-crown", "dwarf-tattoo", "gnome-dagger", "mage-earrings", "sorcerer-eyepatch", "elf-tattoo",
             "dwarf-crown", "gnome-tattoo", "mage-dagger", "barbarian-crown", "sorcerer-crown"]
    made: list[int] = []

    def card_reader() -> SimpleNamespace:
        made.append(os.getpid())
        return SimpleNamespace(read=lambda img: [CardRead(f"wall {seat} {i + 1}", c, 1.0)
                                                 for seat in (0, 1) for i, c in enumerate(walls)])

    fans = {seat: SeatAccolades(seat, (AccoladeCard(seat, 0, "elf-earrings", 1.0, True),)) for seat in (0, 1)}
    accolades = SimpleNamespace(read=lambda img: fans)
    tokens = SimpleNamespace(read=read_tokens)
    seats, _, _, _ = read_table(np.zeros((4, 4, 3), np.uint8), (card_reader, accolades, tokens), 2, "horn")
    assert made == [parent]
    assert [s.wall_trophies for s in seats] == [{10: 1}, {10: 1}]
    assert [s.accolades for s in seats] == [["elf-earrings"], ["elf-earrings"]]
    with pytest.raises(RuntimeError, match="read in the process that reads the fans"):
        read_table(np.zeros((4, 4, 3), np.uint8), (card_reader, accolades, tokens), 2, "horn", parallel=False)


def test_a_photo_scores_the_same_whether_its_tokens_are_read_in_a_child_or_here(
        table_90592: tuple[np.ndarray, dict[str, Any]], scored_90592: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The forked read changes where the tokens are read, never what is read (50 tuning tables
    scored both ways were identical). Read here: the module's score of the same table, every read
    in this process (``FORK_ENV`` 0: ``ForkedRead`` reads in the caller, as where ``fork`` is
    missing), no longer scored a second time."""
    from vision.forked import FORK_ENV, ForkedRead
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest

    photo, gt = table_90592
    end = gt["end"]
    req = ScoreRequest(end["num_players"], options={"side": end["side"], "expert": end["expert"]})
    monkeypatch.setenv(FORK_ENV, "1")  # the suite reads in one process (tests/conftest.py)
    children: list[int] = []
    started = ForkedRead.__init__

    def counted(self: Any, read: Any, fork: bool = True) -> None:
        started(self, read, fork)
        children.append(self._pid)
    monkeypatch.setattr(ForkedRead, "__init__", counted)
    forked = score_photo(photo, req)
    assert any(children), children  # the tokens were read in a child
    here = scored_90592
    assert forked.reading == here.reading and forked.players == here.players
    assert forked.doubts == here.doubts and forked.notes == here.notes


def test_a_glare_washed_gnome_band_is_not_read_surely_as_a_dwarf() -> None:
    """Tuning 90900 (2 players, Horn, expert, warm lamp, 1920x1080; session 41's fresh set): a
    lamp's glare over player 1's fan washed cards 6 and 7's gnome red pale (hue 35 degrees, chroma
    41-48, gnome bands 60-70), and the classifiers read both surely as dwarves. The band's hue
    names the gnomes (``band_people``): they are asked, the gnome card first."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=90900, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    out = score_photo(_jpeg(res.image), ScoreRequest(2, options={"side": end["side"], "expert": end["expert"]}))
    asked = {d.key for d in out.doubts}
    for seat, (truth, read) in enumerate(zip(end["players"], out.reading["seats"])):
        for k, card in enumerate(truth["accolades"]):
            if f"accolade {seat + 1} {k + 1}" not in asked:
                assert read["accolades"][k] == card, (seat, k, read["accolades"][k], card)  # none sure and wrong
    for k in (6, 7):
        assert f"accolade 1 {k}" in asked
        assert out.reading["seats"][0]["accolades"][k - 1] == end["players"][0]["accolades"][k - 1]  # gnome first
    assert [p.total for p in out.players] == end["scores"]


def test_a_bands_hue_names_one_people_or_none() -> None:
    """``band_people``: a band's hue inside one people's range (at its chroma) names it; pale
    (too little chroma) or between two ranges names none."""
    from vision.open_season.accolades import band_people

    def lab(hue: float, chroma: float) -> np.ndarray:
        return np.array([55.0, chroma * np.cos(np.radians(hue)), chroma * np.sin(np.radians(hue))])

    assert band_people(lab(35.0, 45.0)) == "gnome"  # 90900's glare-washed gnome
    assert band_people(lab(64.0, 51.0)) == "dwarf"
    assert band_people(lab(194.0, 28.0)) == "barbarian"
    assert band_people(lab(320.0, 60.0)) == "sorcerer"
    assert band_people(lab(50.0, 60.0)) is None  # between the gnomes' and the dwarves'
    assert band_people(lab(64.0, 15.0)) is None  # too pale to tell (skin is about this)


def test_a_wall_card_a_hand_lies_partly_over_is_asked_whether_a_wild_token_lies_under_it() -> None:
    """The lead's fresh table 91355 (session 48) showed fingers over a wall card read surely
    (skin over ``WALL_SKIN_TOUCHED``) hiding a trophy: its count is asked now
    (``TOUCHED_TROPHIES_ASKED``), but a wild token under the same fingers was not: a total printed
    as sure could be wrong. Such a card is asked whether one lies there (``TOUCHED_WILDS_ASKED``),
    "no wild token" the default, as a covered space is; a card with no skin over it, one whose
    token is read, and on Shield a seat whose one token shows elsewhere are not."""
    from types import SimpleNamespace

    from vision.open_season.accolades import AccoladeCard, SeatAccolades
    from vision.open_season.cards import CardRead
    from vision.open_season.score_photo import NO_WILD_OPTION, TOUCHED_WILDS_ASKED, WALL_SKIN_TOUCHED, read_table
    from vision.open_season.tokens import SeatTokens

    assert TOUCHED_WILDS_ASKED
    walls = ["elf-crown", "dwarf-tattoo", "gnome-dagger", "mage-earrings", "sorcerer-eyepatch", "elf-tattoo",
             "dwarf-crown", "gnome-tattoo", "mage-dagger", "barbarian-crown", "sorcerer-crown"]
    touched = {(0, 3), (0, 7), (1, 2)}

    def run(side: str, wilds: dict[int, frozenset[int]]) -> set[str]:
        cards = SimpleNamespace(read=lambda img: [
            CardRead(f"wall {seat} {i + 1}", c, 1.0, fit=4.0,
                     skin=WALL_SKIN_TOUCHED + 0.1 if (seat, i + 1) in touched else WALL_SKIN_TOUCHED - 0.1)
            for seat in (0, 1) for i, c in enumerate(walls[:11 if side == "horn" else 9])])
        fans = {seat: SeatAccolades(seat, (AccoladeCard(seat, 0, "elf-earrings", 1.0, True),)) for seat in (0, 1)}
        tokens = SimpleNamespace(read=lambda img: {s: SeatTokens({}, wilds.get(s, frozenset()), 0, 0, 0, False,
                                                                 frozenset(), {}, 0) for s in (0, 1)})
        _, choices, _, _ = read_table(np.zeros((4, 4, 3), np.uint8),
                                      (cards, SimpleNamespace(read=lambda img: fans), tokens), 2, side)
        asked = {c.key for c in choices if c.key.startswith("wild ") and c.options[0] == NO_WILD_OPTION}
        for c in choices:
            if c.key in asked:
                assert c.default == 0  # no wild token by default: no total from the photo alone moves
        return asked

    assert run("horn", {}) == {"wild 1 3", "wild 1 7", "wild 2 2"}  # main: none
    # a token read on the touched card: only its attribute is asked (another question)
    assert run("horn", {0: frozenset({7})}) == {"wild 1 3", "wild 2 2"}
    # Shield: one token a player a game; read elsewhere on the seat, none hides under the hand
    assert run("shield", {1: frozenset({5})}) == {"wild 1 3", "wild 1 7"}


def test_a_wall_card_whose_colours_name_another_people_defaults_to_the_colours_face(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole card read one people, the colours another (``cards.CardRead.colours_name``, the
    card asked either way): tuning hand tables (session 53) -- 90600's player 4 space 1 and player
    3 space 8 read elf-eyepatch, the colours barbarian, the truth barbarian -- the colours' face is
    the default of a card in view, the read one of the options. A covered card (a hand's skin
    among its colours: right as often as wrong) keeps its read as its guess, and so do a card read
    by its strip under tokens and one read again on what a hand leaves (``covered_lead``)."""
    import vision.open_season.score_photo as sp
    from vision.open_season.cards import CardRead

    reads = [CardRead("wall 0 1", "elf-eyepatch", 0.0, 1.7, second="barbarian-eyepatch",
                      colours_name="barbarian-eyepatch"),
             CardRead("wall 0 2", "elf-earrings", 0.0, 0.4, colours_name="barbarian-earrings"),  # covered
             CardRead("wall 0 3", "mage-crown", 0.0, -1.0, colours_name="elf-crown", covered_lead=0.7),
             CardRead("wall 0 4", "elf-tattoo", 0.0, 2.5, whole="elf-tattoo", colours_name="barbarian-tattoo"),
             CardRead("wall 0 5", "gnome-tattoo", 1.0, 3.0)]
    seats = [sp.SeatReading()]
    sp._walls(seats, reads)
    r = seats[0]
    assert r.wall[1] == "barbarian-eyepatch" and r.wall_confidence[1] == ("barbarian-eyepatch", 0.0)  # main: elf
    assert r.wall_also[1] == "elf-eyepatch"
    choice = sp._wall_choice(0, 1, r.wall[1], r.wall_also[1])
    assert choice.options[choice.default] == "barbarian-eyepatch" and "elf-eyepatch" in choice.options
    assert 2 in r.wall_hidden and r.wall[2] == "elf-earrings"
    assert 3 in r.wall_hidden and r.wall[3] == "mage-crown"
    assert r.wall[4] == "elf-tattoo" and r.wall[5] == "gnome-tattoo" and r.wall_confidence[5] == ("gnome-tattoo", 1.0)
    monkeypatch.setattr(sp, "WALL_COLOURS_DEFAULT", False)
    seats = [sp.SeatReading()]
    sp._walls(seats, reads)
    assert seats[0].wall[1] == "elf-eyepatch" and seats[0].wall_confidence[1] == ("elf-eyepatch", 0.0)


def test_an_attribute_series_tile_under_a_warm_lamp_is_read_by_its_icons_not_refused_by_its_colour() -> None:
    """Fresh 91866 (4 players, Horn, 1920x1080, warm lamp, no hand; session 54): player 1's
    Attribute Series tile lies at the table's far edge; its icons fit the tile's template at 0.83,
    but its colour from the mat lay 1.52 from the template's and, weighed as a token's colour is,
    the tile fitted 0.07 (the line is 0.22): read absent, asked with the default "no", 31 scored
    25. The tile's colour now weighs half as much (``token_sampling.SERIES_COLOUR_WEIGHT``): read,
    no question, every total exact from the photo alone."""
    from vision.open_season.score_photo import score_photo
    from vision.photo_score import ScoreRequest
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    res = render_one(DatasetSettings(game="open_season", seed=91866, count=1, end=True,
                                     resolution=(1920, 1080)), 0, Renderer())
    end = res.ground_truth["end"]
    assert end["players"][0]["series"] and not res.ground_truth["hands"]
    out = score_photo(_jpeg(res.image), ScoreRequest(4, options={"side": end["side"], "expert": end["expert"]}))
    assert "series 1" not in out.reading.get("options", {})  # main: asked, default "no"
    assert [p.total for p in out.players] == end["scores"]  # main: 25 for player 1's 31


def test_an_unsure_activated_question_defaults_to_what_the_wall_read_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Is the bonus tile in column N activated?" (the gold rim too near its line to tell) defaults
    to what the wall says (``BONUS_ACTIVE_FROM_WALL``): a permanent face (14) whose column may be
    complete was activated when it completed; one whose column is not complete (a card missing,
    face down, or two attributes without a wild token) was not; a face that is not permanent is
    never activated on a finished table. Tuning 91922: face 14 on the Shield's one-space column 4,
    rim 0.987, read not activated."""
    import vision.open_season.score_photo as sp

    question = "player 2: is the bonus tile in column {} activated?"

    def default(r: Any, column: int, side: str | None = "horn") -> str:
        choice = sp._token_choice(question.format(column), r, frozenset(), side)
        assert choice is not None and choice.key == f"active 2 {column}"
        assert sorted(choice.options) == ["activated", "not activated"]
        return choice.options[choice.default]

    # Horn column 1: spaces 1, 5, 9
    same: dict[int, str | None] = {1: "elf-crown", 5: "dwarf-crown", 9: "mage-crown"}
    assert default(sp.SeatReading(wall=same, bonus={1: (14, False)}), 1) == "activated"
    assert default(sp.SeatReading(wall=same, bonus={1: (14, True)}), 1) == "activated"
    mixed: dict[int, str | None] = {**same, 9: "mage-dagger"}
    assert default(sp.SeatReading(wall=mixed, bonus={1: (14, True)}), 1) == "not activated"
    # a wild token on the odd card may have completed the column during the game
    assert default(sp.SeatReading(wall=mixed, wall_wilds=[9], bonus={1: (14, False)}), 1) == "activated"
    assert default(sp.SeatReading(wall={**same, 5: None}, bonus={1: (14, True)}), 1) == "not activated"
    assert default(sp.SeatReading(wall={1: "elf-crown", 5: "dwarf-crown"}, bonus={1: (14, True)}), 1) == "not activated"
    # a scoring face is never activated, a complete column or not
    assert default(sp.SeatReading(wall=same, bonus={1: (9, True)}), 1) == "not activated"
    # Shield column 4: space 7 alone (91922's column): a card face up completes it
    assert default(sp.SeatReading(wall={7: "gnome-eyepatch"}, bonus={4: (14, False)}), 4, "shield") == "activated"
    assert default(sp.SeatReading(wall={7: None}, bonus={4: (14, True)}), 4, "shield") == "not activated"
    # no side, or the flag off: the rim's reading, as before
    assert default(sp.SeatReading(wall=same, bonus={1: (14, False)}), 1, None) == "not activated"
    monkeypatch.setattr(sp, "BONUS_ACTIVE_FROM_WALL", False)
    assert default(sp.SeatReading(wall=same, bonus={1: (14, False)}), 1) == "not activated"
    assert default(sp.SeatReading(wall=mixed, bonus={1: (14, True)}), 1) == "activated"


def test_a_permanent_faces_sure_rim_reading_against_the_wall_is_asked_with_the_walls_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A permanent face read surely not activated in a column that may be complete (the rim is
    about one camera pixel at 1280x720: tuning 91445, 91492, 91505, 91571, 91636 read activated
    faces 14 of complete columns so) is asked (``BONUS_ACTIVE_ASK_AGAINST_WALL``), 'activated' its
    default; a gold rim read surely in a column that is not complete (tuning 91849: broken after
    its tile activated), a rim that agrees, one already asked, and a face that is not permanent
    ask nothing."""
    import vision.open_season.score_photo as sp

    same: dict[int, str | None] = {1: "elf-crown", 5: "dwarf-crown", 9: "mage-crown", 2: "elf-dagger",
                                   6: "gnome-crown", 10: "elf-tattoo"}
    question = "player 3: is the bonus tile in column {} activated?"
    # column 1 complete, read not activated; column 2 not complete, read activated
    r = sp.SeatReading(wall=same, bonus={1: (14, False), 2: (14, True), 3: (9, False)})
    assert sp._rim_against_wall(2, r, (), "horn") == [question.format(1)]
    choice = sp._token_choice(question.format(1), r, frozenset(), "horn")
    assert choice is not None and choice.options[choice.default] == "activated"
    assert sp._rim_against_wall(2, r, (question.format(1),), "horn") == []  # asked already
    agree = sp.SeatReading(wall=same, bonus={1: (14, True), 2: (14, False), 3: (9, False)})
    assert sp._rim_against_wall(2, agree, (), "horn") == []
    monkeypatch.setattr(sp, "BONUS_ACTIVE_ASK_AGAINST_WALL", False)
    assert sp._rim_against_wall(2, r, (), "horn") == []


def test_a_covered_lone_space_column_counts_as_complete_for_the_activated_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-space column (Shield's column 4, space 7) whose space a hand covers
    (``wall_hidden``; its read a back or nothing) may be complete: a finished wall holds a card
    there, face up but 1 time in 100 (``COVERED_LONE_SPACE_COMPLETE``; tuning 91961). A covered
    space in a column of several spaces is left as read (the wall cannot tell there), and a card
    read face down in view still breaks the column. The flag off: as before."""
    import vision.open_season.score_photo as sp

    question = "player 1: is the bonus tile in column {} activated?"

    def default(r: Any, column: int, side: str) -> str:
        choice = sp._token_choice(question.format(column), r, frozenset(), side)
        assert choice is not None
        return choice.options[choice.default]

    covered = sp.SeatReading(wall={7: None}, wall_hidden={7}, bonus={4: (14, False)})
    assert default(covered, 4, "shield") == "activated"
    assert sp._column_may_be_complete(covered, 4, "shield")
    # read surely not activated there: asked against the wall, 'activated' its default
    assert sp._rim_against_wall(0, covered, (), "shield") == [question.format(4)]
    # a face-down card in view: not complete
    assert default(sp.SeatReading(wall={7: None}, bonus={4: (14, False)}), 4, "shield") == "not activated"
    # Horn column 4 (spaces 4 and 8): a covered space among several tells nothing new
    several = sp.SeatReading(wall={4: "elf-crown", 8: None}, wall_hidden={8}, bonus={4: (14, False)})
    assert default(several, 4, "horn") == "not activated"
    monkeypatch.setattr(sp, "COVERED_LONE_SPACE_COMPLETE", False)
    assert default(covered, 4, "shield") == "not activated"
    assert sp._rim_against_wall(0, covered, (), "shield") == []


def test_a_covered_wall_card_whose_colours_alone_name_its_people_weighs_that_people_not_its_face() -> None:
    """A covered wall card whose people only its colours name (``cards.CardRead.covered_people``,
    session 55) is asked with every face, its people weighing ``COVERED_SEEN_PEOPLE`` and its
    faces alike (the attribute read is a guess); one whose art named it (``covered_lead``) keeps
    ``COVERED_SEEN_FACE`` for the face read, as before."""
    import vision.open_season.score_photo as sp
    from vision.open_season.cards import CardRead

    def covered(place: str, card: str, **kw: Any) -> CardRead:
        return CardRead(place, card, 0.0, fit=-1.2, **kw)

    seats = [sp.SeatReading(), sp.SeatReading()]
    sp._walls(seats, [covered("wall 0 3", "sorcerer-earrings", covered_people="sorcerer"),
                      covered("wall 0 6", "mage-dagger", covered_lead=0.8),
                      covered("wall 0 7", "elf-crown")], "shield")
    r = seats[0]
    assert r.wall_hidden == {3, 6, 7} and r.wall_seen == {3, 6} and r.wall_people_seen == {3}
    colours = sp._hidden_wall_choice(0, 3, r.wall[3], 3 in r.wall_seen, face_seen=3 not in r.wall_people_seen)
    art = sp._hidden_wall_choice(0, 6, r.wall[6], 6 in r.wall_seen, face_seen=6 not in r.wall_people_seen)
    guess = sp._hidden_wall_choice(0, 7, r.wall[7], 7 in r.wall_seen, face_seen=7 not in r.wall_people_seen)
    assert colours.options[0] == "sorcerer-earrings" and colours.people_weight == sp.COVERED_SEEN_PEOPLE
    assert colours.face_weight == 0.0
    weights = sp._covered_weights(colours)
    own = [w for o, w in zip(colours.options, weights) if o.startswith("sorcerer-")]
    assert len(own) == 5 and max(own) == min(own) and abs(sum(own) - sp.COVERED_SEEN_PEOPLE) < 1e-9
    assert art.people_weight == sp.COVERED_SEEN_PEOPLE and art.face_weight == sp.COVERED_SEEN_FACE
    assert guess.people_weight == sp.COVERED_READ_PEOPLE and guess.face_weight == 0.0
