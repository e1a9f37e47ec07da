"""``tablesight score`` (issue 19) on the tables that were still wrong after the questions on the
tuning seeds (session 13): a hand over a player's tokens asks their points (answerable, so the
answered total is exact), warm-lit cubes and a token by the mat's edge name no hand, and a board
whose frame the markers' fit puts a few pixels off is still found. Rendered finished tables read
by the real photo reader."""

from __future__ import annotations

from typing import Any

import numpy as np

from vision.octocube.score_photo import TOKEN_SUPPLY_POINTS, read_photo, score_photo
from vision.photo_score import PhotoScore, ScoreRequest, score_reading
from vision.render.dataset import DatasetSettings, render_one
from vision.render.renderer import Renderer


def _render(seed: int, index: int) -> tuple[np.ndarray, dict[str, Any]]:
    """Table ``index`` of the bench's ``--seed-start seed`` run (bench/score_photo.py): the photo
    and its ground truth (``end``: the engine's finished table and scores)."""
    settings = DatasetSettings(game="octocube", seed=seed, count=index + 1, end=True, resolution=(1920, 1080))
    res = render_one(settings, index, Renderer(reuse_layers=False))
    return res.image, res.ground_truth


def _truthful_answers(out: PhotoScore, gt: dict[str, Any]) -> dict[str, int]:
    """What players who count right answer to every question (a token pile: the tokens of that
    value lying there)."""
    by_colour = {p["colour"]: p for p in gt["end"]["players"]}
    piles: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for c in gt["components"]:
        if c["state"].get("where") == "tokens":
            piles.setdefault((c["state"]["seat"], c["state"]["pile"]), []).append(c)
    answers = {}
    for d in out.doubts:
        words = d.key.split(" ")
        p = by_colour[words[1]]
        if words[0] == "covered" and d.key.endswith("personal area"):
            answers[d.key] = p["token_points"]
        elif words[0] == "board":
            answers[d.key] = p["board"].get(" ".join(words[2:]), 0)
        elif words[0] == "coins":
            answers[d.key] = p["coins"]
        elif words[0] == "tokens":
            tok = out.reading[words[1]]["tokens"][int(words[3].lstrip("#"))]
            here = [len(comps) for (seat, _), comps in piles.items()
                    for base in comps if base["state"]["level"] == 0
                    and seat == p["seat"] and base["state"]["value"] == tok["value"]
                    and abs(base["pose"]["x"] - tok["at_mm"][0]) + abs(base["pose"]["y"] - tok["at_mm"][1]) < 12]
            answers[d.key] = here[0] if here else 0
    return answers


def _covered(out: PhotoScore) -> list[str]:
    return [d.key for d in out.doubts if d.key.startswith("covered")]


def test_a_hand_over_the_tokens_asks_their_points() -> None:
    """Table 25 of seeds 21000: a hand over purple's personal area hides a token (the answered
    total was 1 short, and the hand's doubt had no range to answer). Now the doubt asks purple's
    token points with a range that holds them, and answering every question truthfully gives the
    engine's totals."""
    image, gt = _render(21000, 25)
    truth = gt["end"]
    assert len(gt["hands"]) == 1
    reading = read_photo(image, ScoreRequest(truth["num_players"]))  # read once: the answers below re-score it
    out = score_reading(reading, {})
    purple = next(p for p in truth["players"] if p["colour"] == "purple")
    read = sum(t["value"] * t["count"] for t in out.reading["purple"]["tokens"])
    assert read < purple["token_points"]  # the hidden token is not read
    doubt = next(d for d in out.doubts if d.key == "covered purple personal area")
    assert (doubt.read, doubt.low, doubt.high) == (read, 0, TOKEN_SUPPLY_POINTS)
    lo, hi = doubt.score_range["purple"]  # the other counts as read: the points add to the total
    assert hi - lo == TOKEN_SUPPLY_POINTS and set(doubt.score_range) == {"purple"}
    # answering the points alone settles purple's tokens, whatever the photo showed
    alone = score_reading(reading, {doubt.key: purple["token_points"]})
    assert next(p for p in alone.players if p.colour == "purple").lines[0] == (
        "tokens", purple["token_points"], f"victory-point tokens: {purple['token_points']} points")
    answered = score_reading(reading, _truthful_answers(out, gt))
    assert [p.total for p in answered.players] == truth["scores"]


def test_a_bronze_token_at_the_mats_edge_is_no_hand() -> None:
    """Table 24 of seeds 23000 (warm lamp, no hand): a bronze 1 lies at the mat's edge, skin-
    coloured under the lamp, crossing the edge and reaching 20 mm onto the mat: it was taken for
    a finger. It is round (fingers are not): no hand is named."""
    image, gt = _render(23000, 24)
    assert not gt.get("hands")
    out = score_photo(image, ScoreRequest(gt["end"]["num_players"]))
    assert not _covered(out)


def test_a_warm_lit_cube_is_no_hand_over_the_tokens() -> None:
    """Table 7 of seeds 13000 (warm lamp, tilt 33, no hand): the yellow cube at rest and the coin
    pile are skin-coloured and, seen at a steep tilt, larger than a hand's 2500 mm2 over the
    personal area. The hand search leaves the cube and the coins out: no hand is named."""
    image, gt = _render(13000, 7)
    assert not gt.get("hands")
    out = score_photo(image, ScoreRequest(gt["end"]["num_players"]))
    assert not _covered(out)


def test_a_board_whose_frame_the_fit_misses_is_found() -> None:
    """Table 26 of seeds 23000 (daylight, tilt 4, 4 players): without a lens profile the markers'
    fit puts the south board's edges 2-3 mm off, and the red frame was looked for on lines that
    missed it: the photo was refused ("no player board where the south player's should be").
    Now each seat's board is found with its colour, and the questions answered truthfully give
    the engine's totals."""
    image, gt = _render(23000, 26)
    truth = gt["end"]
    reading = read_photo(image, ScoreRequest(truth["num_players"]))  # read once: the answers below re-score it
    out = score_reading(reading, {})
    assert [p.colour for p in out.players] == [p["colour"] for p in truth["players"]]
    answered = score_reading(reading, _truthful_answers(out, gt))
    assert [p.total for p in answered.players] == truth["scores"]


def test_a_tile_read_under_a_hand_may_be_none() -> None:
    """Table 48 of seeds 23000 (warm lamp): the fingers lie over blue's empty dark blue starfish
    space and the classifier reads the hand's colours there as that tile. The space is asked with
    0 in its range ("a hand lies over ..."), not counted as at least one tile."""
    image, gt = _render(23000, 48)
    blue = next(p for p in gt["end"]["players"] if p["colour"] == "blue")
    assert "dark blue starfish" not in blue["board"]
    out = score_photo(image, ScoreRequest(gt["end"]["num_players"]))
    doubt = next(d for d in out.doubts if d.key == "board blue dark blue starfish")
    assert doubt.low == 0 and "A hand lies over" in doubt.question


def test_fingers_reaching_onto_a_board_hide_its_spaces() -> None:
    """Table 20 of seeds 23000 (dim evening): a hand reaches in between yellow's board and red's;
    on red's only its fingers lie (the largest skin blob on that board is under a hand's
    2500 mm2), so the spaces they hide were not asked. The hand, measured whole over the mat,
    lies on red's board and beyond it: the spaces it hides are asked, with ranges that hold the
    truth."""
    image, gt = _render(23000, 20)
    assert len(gt["hands"]) == 1
    red = next(p for p in gt["end"]["players"] if p["colour"] == "red")
    out = score_photo(image, ScoreRequest(gt["end"]["num_players"]))
    hidden = [d for d in out.doubts if d.key.startswith("board red") and d.question.startswith("A hand")]
    assert len(hidden) >= 3, [d.key for d in out.doubts]
    for d in hidden:
        assert d.low == 0 and d.low <= red["board"].get(d.key[len("board red "):], 0) <= d.high


def _hand_questions(out: PhotoScore, colour: str) -> list[str]:
    return [d.key for d in out.doubts if d.key.startswith(f"board {colour}") and d.question.startswith("A hand")]


def test_fingers_from_beyond_the_mat_onto_a_board_hide_its_spaces() -> None:
    """Table 41 of seeds 21000 (daylight): a hand reaches from beyond the mat's edge straight
    onto red's board (the board lies 4 mm from the edge): nothing of it shows beside the board
    on the mat, and only its fingers lie on the board. Fingers that cross the mat's edge and lie
    past the board's frame name the board: the spaces they hide are asked."""
    image, gt = _render(21000, 41)
    assert len(gt["hands"]) == 1
    out = score_photo(image, ScoreRequest(gt["end"]["num_players"]))
    assert _hand_questions(out, "red"), [d.key for d in out.doubts]


def test_a_red_frame_by_the_mats_edge_is_no_hand() -> None:
    """Table 13 of seeds 19000 (daylight, no hand): red's frame, skin-like, lies 4 mm from the
    mat's edge and crosses it as one blob; it does not reach past the frame onto the board:
    no space of red's board is asked about a hand."""
    image, gt = _render(19000, 13)
    assert not gt.get("hands")
    out = score_photo(image, ScoreRequest(gt["end"]["num_players"]))
    assert not _hand_questions(out, "red")


def test_a_hand_whose_palm_lies_beyond_the_mat_names_the_board_spaces_it_hides() -> None:
    """Table 33 of seeds 51000 (2 players, tilt 22, daylight; a fresh bench table in session 44):
    a hand reaches over red's board by the mat's south edge, its palm over the wooden table
    (where no skin is looked for): 6000 mm2 of skin on the mat, none of it beside the board, and
    2430 mm2 on the board, just under a hand's 2500. Red's green sextant and green starfish lie
    under the fingers; they were missing from the reading and asked nowhere (red 45 for 48, yellow
    69 for 66 after every answer). Now the hand is named and both spaces are asked."""
    image, gt = _render(51000, 33)
    assert len(gt["hands"]) == 1
    reading = read_photo(image, ScoreRequest(2))  # read once: the answers below re-score it
    out = score_reading(reading, {})
    red = next(p for p in gt["end"]["players"] if p["colour"] == "red")
    asked = {d.key: d for d in out.doubts}
    for label in ("green sextant", "green starfish"):
        assert red["board"][label] == 1
        assert f"board red {label}" in asked, sorted(asked)
        assert "hand" in asked[f"board red {label}"].question
    answered = score_reading(reading, _truthful_answers(out, gt))
    assert [p.total for p in answered.players] == gt["end"]["scores"]
