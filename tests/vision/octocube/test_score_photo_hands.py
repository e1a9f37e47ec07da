"""A hand over a player's personal area in ``tablesight score`` (issue 19): named as a doubt,
never a token silently lost, on a rendered finished table read by the real photo reader."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from vision.octocube.score_photo import score_photo
from vision.photo_score import ScoreRequest
from vision.render.octocube_end import end_render_inputs, end_truth
from vision.render.renderer import Renderer
from vision.render.scene import stable_rng_seed


def _render(seed: int, index: int, with_hands: bool) -> tuple[np.ndarray, dict[str, Any], Any]:
    """Table ``index`` of the bench's ``--seed-start seed`` run (bench/score_photo.py)."""
    image_seed = stable_rng_seed("image", "octocube", seed, index)
    table, camera, options, _ = end_render_inputs(image_seed, None, (1920, 1080))
    if not with_hands:
        options = replace(options, hands=())
    res = Renderer(reuse_layers=False).render(table.scene, camera, options, seed=image_seed)
    return res.image, end_truth(table), options


def test_fingertips_over_a_personal_area_are_named() -> None:
    """Table 14 of seeds 21000: a hand reaches in from the west over the wooden table and only
    its spread fingertips lie on the mat, over yellow's blue 10 (700 mm2 of skin in the area,
    far below a hand's 2500). The 10 is not read, and the hand over yellow's personal area is a
    doubt. Without the hand the same table names no hand at all."""
    image, truth, options = _render(21000, 14, with_hands=True)
    assert len(options.hands) == 1
    out = score_photo(image, ScoreRequest(truth["num_players"]))
    yellow = next(p for p in truth["players"] if p["colour"] == "yellow")
    assert yellow["tokens"] == [10]
    assert sum(t["value"] * t["count"] for t in out.reading["yellow"]["tokens"]) != 10
    covered = [d.key for d in out.doubts if d.key.startswith("covered")]
    assert "covered yellow personal area" in covered, covered

    clear, truth, _ = _render(21000, 14, with_hands=False)
    out = score_photo(clear, ScoreRequest(truth["num_players"]))
    assert not [d.key for d in out.doubts if d.key.startswith("covered")]
    assert sum(t["value"] * t["count"] for t in out.reading["yellow"]["tokens"]) == 10


def test_a_warm_lit_mat_by_its_edge_is_no_hand() -> None:
    """Table 18 of seeds 19000 (no hand, warm lamp): the brightest mat by the north edge falls
    inside the skin colours (Cr 136) in a patch that crosses the mat's edge and reaches 27 mm
    onto it. It is no finger (fingers measure Cr 143-159): no hand is named."""
    image, truth, options = _render(19000, 18, with_hands=True)
    assert not options.hands
    out = score_photo(image, ScoreRequest(truth["num_players"]))
    assert not [d.key for d in out.doubts if d.key.startswith("covered")]
