"""How the Open Season card reader chooses a card once the patches are cut (the decision half of
vision/open_season/cards.py): the best of the jittered poses counts, the attribute icon counts
more than the people emblem, the mean colour separates look-alikes, and the confidence is the
lead over the runner-up (nothing when two cards fit equally). The templates and patches here are
synthetic so that each of these is exact; tests/vision/test_open_season_cards.py reads a
rendered table with the real art."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from vision.open_season import cards
from vision.open_season.card_sampling import JITTER, Templates, norm_many, norm_patch, patch_features
from vision.open_season.cards import CardRead, choose, score_poses

SIDE = 24
RNG = np.random.default_rng(5)


def texture() -> np.ndarray:
    return RNG.integers(40, 216, (SIDE, SIDE, 3)).astype(np.uint8)


PEOPLE = [texture() for _ in range(3)]
ATTRS = [texture() for _ in range(3)]


def reader_with(monkeypatch: pytest.MonkeyPatch, templates: list[tuple[np.ndarray, np.ndarray]],
                shown: list[list[tuple[np.ndarray, np.ndarray]]]) -> list[CardRead]:
    """The reader's decision for len(shown) places whose jittered poses show these (people,
    attribute) patches (one pair per pose; missing poses show grey), against templates named A,
    B, C...: the patches normalised as the reader normalises a frame's, scored in one product,
    each place's choice made as the reader makes it."""
    names = [chr(ord("A") + i) for i in range(len(templates))]
    t = Templates(names, ["face"] * len(names), np.stack([norm_patch(p) for p, _ in templates]),
                  np.stack([norm_patch(a) for _, a in templates]),
                  np.stack([np.concatenate([patch_features(p), patch_features(a)]) for p, a in templates]))
    grey = np.full((SIDE, SIDE, 3), 128, np.uint8)
    people, attrs = [], []
    for poses in shown:
        padded = poses + [(grey, grey)] * (len(JITTER) - len(poses))
        people += [p for p, _ in padded]
        attrs += [a for _, a in padded]
    na, ca = norm_many(np.concatenate(people), SIDE)
    nb, cb = norm_many(np.concatenate(attrs), SIDE)
    scores = score_poses(t, na, nb, np.concatenate([ca, cb], axis=1), cards.COLOUR_WEIGHT, len(JITTER))
    return [choose(names, scores[i], f"place {i}") for i in range(len(shown))]


def test_each_place_reads_as_the_card_it_shows_with_full_confidence(monkeypatch: pytest.MonkeyPatch) -> None:
    templates = list(zip(PEOPLE, ATTRS, strict=True))
    reads = reader_with(monkeypatch, templates, [[templates[2]], [templates[0]], [templates[1]]])
    assert reads == [CardRead("place 0", "C", 1.0), CardRead("place 1", "A", 1.0), CardRead("place 2", "B", 1.0)]


def test_the_best_fitting_pose_counts_whichever_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    templates = list(zip(PEOPLE, ATTRS, strict=True))
    noise = [(texture(), texture()) for _ in range(len(JITTER) - 1)]
    for where in (0, len(JITTER) // 2, len(JITTER) - 1):
        poses = noise[:where] + [templates[1]] + noise[where:]
        assert reader_with(monkeypatch, templates, [poses])[0].card == "B", where


def test_the_attribute_icon_outweighs_the_people_emblem(monkeypatch: pytest.MonkeyPatch) -> None:
    templates = list(zip(PEOPLE, ATTRS, strict=True))
    (read,) = reader_with(monkeypatch, templates, [[(PEOPLE[0], ATTRS[1])]])  # A's emblem, B's icon
    assert read.card == "B"


def test_the_mean_colour_tells_apart_cards_of_the_same_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    # B is A's drawing a little darker: the normalised shapes are the same, the colours are not
    darker = [(PEOPLE[0] * 0.8).astype(np.uint8), (ATTRS[0] * 0.8).astype(np.uint8)]
    templates = [(PEOPLE[0], ATTRS[0]), (darker[0], darker[1])]
    assert reader_with(monkeypatch, templates, [[templates[0]], [templates[1]]])[1].card == "B"
    reads = reader_with(monkeypatch, templates, [[templates[0]], [templates[1]]])
    assert [r.card for r in reads] == ["A", "B"]


def test_two_cards_that_fit_equally_leave_no_confidence(monkeypatch: pytest.MonkeyPatch) -> None:
    templates = [(PEOPLE[0], ATTRS[0]), (PEOPLE[0], ATTRS[0]), (PEOPLE[1], ATTRS[1])]
    (read,) = reader_with(monkeypatch, templates, [[templates[0]]])
    assert read.card in ("A", "B") and read.confidence == 0.0


def test_a_frame_patch_is_scaled_as_its_template_so_a_perfect_match_scores_one_per_channel() -> None:
    # a textured patch with one near-black channel (its relative contrast divides by at least 1)
    # and one with a flat channel (no correlation there, not a blown-up tiny spread)
    dark = texture()
    dark[:, :, 2] = RNG.integers(0, 2, (SIDE, SIDE))
    flat = texture()
    flat[:, :, 1] = 100
    for patch, channels in ((texture(), 3), (dark, 3), (flat, 2)):
        frame, features = norm_many(patch, SIDE)
        assert float(frame[0] @ norm_patch(patch)) == pytest.approx(channels, abs=1e-4)
        assert features[0] == pytest.approx(patch_features(patch), abs=1e-5)


def test_a_place_where_one_name_fits_at_all_is_read_with_full_confidence() -> None:
    assert choose(["A", "B", "B"], np.array([0.2, -np.inf, -np.inf]), "x") == CardRead("x", "A", 1.0)


def test_the_confidence_is_twice_the_lead_over_the_best_other_name() -> None:
    # the runner-up template of the same name (another view, another printed number) does not count
    read = choose(["A", "A", "B"], np.array([0.9, 0.88, 0.6]), "x")
    assert read.card == "A" and read.confidence == pytest.approx(0.6)
