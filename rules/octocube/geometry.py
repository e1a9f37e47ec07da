"""Cube orientations and grid adjacency, precomputed once (the engine's hot loops only look up).

An orientation is written ``(bottom_from, north_from)``: the face (named as it is *before* the
move) that ends up at the bottom and the one that ends up facing north. Every rotation of a
cube is fixed by those two faces, so the 24 orientations are the 24 valid pairs.
A rotation is applied through a permutation ``((new_face, old_face), ...)`` over FACES.
"""

from __future__ import annotations

from functools import lru_cache

from rules.octocube.components import DIRECTIONS, FACES, Location

Orientation = tuple[str, str]
Permutation = tuple[tuple[str, str], ...]

_VECTORS: dict[str, tuple[int, int, int]] = {
    # x east, y north, z up
    "top": (0, 0, 1),
    "bottom": (0, 0, -1),
    "north": (0, 1, 0),
    "south": (0, -1, 0),
    "east": (1, 0, 0),
    "west": (-1, 0, 0),
}
_FACE_OF: dict[tuple[int, int, int], str] = {v: f for f, v in _VECTORS.items()}
OPPOSITE: dict[str, str] = {
    f: _FACE_OF[(-v[0], -v[1], -v[2])] for f, v in _VECTORS.items()
}


def _cross(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _build_permutation(bottom_from: str, north_from: str) -> Permutation:
    east_from = _FACE_OF[_cross(_VECTORS[bottom_from], _VECTORS[north_from])]
    new_to_old = {
        "bottom": bottom_from,
        "top": OPPOSITE[bottom_from],
        "north": north_from,
        "south": OPPOSITE[north_from],
        "east": east_from,
        "west": OPPOSITE[east_from],
    }
    return tuple((face, new_to_old[face]) for face in FACES)


ORIENTATIONS: tuple[Orientation, ...] = tuple(
    (b, n) for b in FACES for n in FACES if n != b and n != OPPOSITE[b]
)
IDENTITY: Orientation = ("bottom", "north")
PERMUTATIONS: dict[Orientation, Permutation] = {o: _build_permutation(*o) for o in ORIENTATIONS}

ROLL_ORIENTATION: dict[str, Orientation] = {
    # decision 5: rolling north, north -> bottom, bottom -> south, south -> top, top -> north
    "north": ("north", "top"),
    "south": ("south", "bottom"),
    "east": ("east", "north"),
    "west": ("west", "north"),
}
ROLL_PERMUTATION: dict[str, Permutation] = {d: PERMUTATIONS[o] for d, o in ROLL_ORIENTATION.items()}

PIVOT_ORIENTATION: dict[int, Orientation] = {
    # clockwise seen from above: after 90 degrees the old north face looks east
    90: ("bottom", "west"),
    180: ("bottom", "south"),
    270: ("bottom", "east"),
}
PIVOT_PERMUTATION: dict[int, Permutation] = {d: PERMUTATIONS[o] for d, o in PIVOT_ORIENTATION.items()}


def rotate(faces: dict[str, object], perm: Permutation) -> dict[str, object]:
    """The face contents after a rotation (a new dict; ``faces`` is not changed)."""
    return {new: faces[old] for new, old in perm}


def rotate_ups(ups: dict[str, str | None], perm: Permutation) -> dict[str, str | None]:
    """Tile "up" directions after a rotation: each tile moves with its face (like ``rotate``)
    and its up direction turns with the cube (old direction d becomes the face d moved to)."""
    moved_to = {old: new for new, old in perm}
    return {new: (moved_to[up] if (up := ups[old]) is not None else None) for new, old in perm}


TOP_ROTATION: dict[str, int] = {"north": 0, "east": 90, "south": 180, "west": 270}
"""In-plane rotation (degrees clockwise seen from above) of a top-face tile whose up points
to that side; a tile on the top face never points up or down."""


def top_rotation(ups: dict[str, str | None]) -> int | None:
    """What the camera sees: the top tile's rotation, or None when unknown."""
    up = ups.get("top")
    return TOP_ROTATION.get(up) if up is not None else None


_FACE_INDEX: dict[str, int] = {f: i for i, f in enumerate(FACES)}


def _outcome(pattern: tuple[int, ...], orientation: Orientation) -> tuple[int, ...]:
    return tuple(pattern[_FACE_INDEX[old]] for _, old in PERMUTATIONS[orientation])


@lru_cache(maxsize=256)
def _representatives(pattern: tuple[int, ...]) -> dict[tuple[int, ...], Orientation]:
    result: dict[tuple[int, ...], Orientation] = {}
    for orientation in (IDENTITY, *[o for o in ORIENTATIONS if o != IDENTITY]):
        result.setdefault(_outcome(pattern, orientation), orientation)
    return result


@lru_cache(maxsize=256)
def distinct_orientations(pattern: tuple[int, ...]) -> tuple[Orientation, ...]:
    """One orientation per distinct result for a cube whose faces (in FACES order) carry the
    given pattern (0 = empty face); the identity comes first."""
    return tuple(_representatives(pattern).values())


def canonical_orientation(pattern: tuple[int, ...], orientation: Orientation) -> Orientation:
    """The representative (as listed by :func:`distinct_orientations`) of the orientations
    that give the same result as ``orientation``."""
    return _representatives(pattern)[_outcome(pattern, orientation)]


def face_pattern(faces: dict[str, object]) -> tuple[int, ...]:
    """Occupancy pattern of a cube's faces in FACES order: 0 = empty, each tile its own number.
    Tiles count as different even when identical: a tile's identity may be unknown, and legal
    moves must not depend on what nobody has seen yet."""
    out: list[int] = []
    k = 0
    for f in FACES:
        if faces[f] is None:
            out.append(0)
        else:
            k += 1
            out.append(k)
    return tuple(out)


class Grid:
    """Adjacency and edges of an N x N play area, computed once per size."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.locations: tuple[Location, ...] = tuple((r, c) for r in range(size) for c in range(size))
        self.edge: tuple[Location, ...] = tuple(
            (r, c) for r, c in self.locations if r in (0, size - 1) or c in (0, size - 1)
        )
        self.step: dict[Location, tuple[tuple[str, Location], ...]] = {}
        for r, c in self.locations:
            steps = []
            for direction, (dr, dc) in DIRECTIONS.items():
                nr, nc = r + dr, c + dc
                if 0 <= nr < size and 0 <= nc < size:
                    steps.append((direction, (nr, nc)))
            self.step[(r, c)] = tuple(steps)
        self.neighbours: dict[Location, tuple[Location, ...]] = {
            loc: tuple(n for _, n in steps) for loc, steps in self.step.items()
        }
        self.target: dict[tuple[Location, str], Location] = {
            (loc, d): n for loc, steps in self.step.items() for d, n in steps
        }


_GRIDS: dict[int, Grid] = {}


def grid(size: int) -> Grid:
    if size not in _GRIDS:
        _GRIDS[size] = Grid(size)
    return _GRIDS[size]
