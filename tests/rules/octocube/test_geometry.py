"""Cube geometry (decision 5) and orientation bookkeeping."""

from __future__ import annotations

from typing import cast

import pytest

from rules.octocube.components import FACES
from rules.octocube.geometry import (
    IDENTITY,
    ORIENTATIONS,
    PERMUTATIONS,
    PIVOT_PERMUTATION,
    ROLL_PERMUTATION,
    canonical_orientation,
    distinct_orientations,
    face_pattern,
    rotate,
)

LABELLED: dict[str, object] = {f: f for f in FACES}  # each face carries its own name, to follow it


def moved(perm: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """old face -> new face after the rotation."""
    after = rotate(LABELLED, perm)
    return {cast(str, old): new for new, old in after.items()}


@pytest.mark.parametrize(
    ("direction", "expected"),
    [
        ("north", {"north": "bottom", "bottom": "south", "south": "top", "top": "north", "east": "east", "west": "west"}),
        ("south", {"south": "bottom", "bottom": "north", "north": "top", "top": "south", "east": "east", "west": "west"}),
        ("east", {"east": "bottom", "bottom": "west", "west": "top", "top": "east", "north": "north", "south": "south"}),
        ("west", {"west": "bottom", "bottom": "east", "east": "top", "top": "west", "north": "north", "south": "south"}),
    ],
)
def test_roll_face_mapping(direction: str, expected: dict[str, str]) -> None:
    assert moved(ROLL_PERMUTATION[direction]) == expected


@pytest.mark.parametrize("direction", ["north", "south", "east", "west"])
def test_four_rolls_one_way_come_back(direction: str) -> None:
    faces = dict(LABELLED)
    for _ in range(4):
        faces = rotate(faces, ROLL_PERMUTATION[direction])
    assert faces == LABELLED


def test_pivot_is_clockwise_and_keeps_top_and_bottom() -> None:
    assert moved(PIVOT_PERMUTATION[90]) == {
        "top": "top", "bottom": "bottom", "north": "east", "east": "south", "south": "west", "west": "north",
    }
    assert moved(PIVOT_PERMUTATION[180])["north"] == "south"
    assert moved(PIVOT_PERMUTATION[270])["north"] == "west"


def test_24_distinct_orientations() -> None:
    assert len(ORIENTATIONS) == 24
    results = {tuple(rotate(LABELLED, PERMUTATIONS[o]).items()) for o in ORIENTATIONS}
    assert len(results) == 24
    assert rotate(LABELLED, PERMUTATIONS[IDENTITY]) == LABELLED
    for o in ORIENTATIONS:  # a rotation, not a mirror: opposite faces stay opposite
        after = moved(PERMUTATIONS[o])
        assert {after["top"], after["bottom"]} in ({"top", "bottom"}, {"north", "south"}, {"east", "west"})


def test_distinct_orientations_ignore_identities_but_not_occupancy() -> None:
    empty = face_pattern({f: None for f in FACES})
    assert distinct_orientations(empty) == (IDENTITY,)
    one = face_pattern({**{f: None for f in FACES}, "top": "x"})
    assert len(distinct_orientations(one)) == 6  # the tile can end on any of the six faces
    two_same = face_pattern({**{f: None for f in FACES}, "top": "coin", "north": "coin"})
    assert len(distinct_orientations(two_same)) == 24  # identical tiles still count as two
    assert canonical_orientation(empty, ("north", "top")) == IDENTITY
