"""Small builders for hand-made Octocube positions in unit tests."""

from __future__ import annotations

from typing import Any

from rules.octocube import OctocubeGame, OctocubeState
from rules.octocube.components import FACES, Location, parse_location
from rules.octocube.state import tile_from_label


def T(label: str) -> Any:  # noqa: N802 - reads like a constructor in tests
    return tile_from_label(label)


def L(label: str) -> Location:  # noqa: N802
    return parse_location(label)


def fresh(players: int = 4, mode: str = "standard", seed: int = 0, first: int = 0, **opts: Any) -> OctocubeState:
    state = OctocubeGame(players, mode=mode, **opts).new_initial_state(seed)
    state.first_player = state.player = first
    return state


def put_cube(state: OctocubeState, seat: int, where: str | None, **faces: str) -> None:
    """Move ``seat``'s cube to ``where`` (None = personal area) with the named face tiles."""
    cube = state.cubes[seat]
    if cube.location is not None:
        del state.occupied[cube.location]
    cube.location = None if where is None else L(where)
    if cube.location is not None:
        state.occupied[cube.location] = seat
    cube.faces = {f: (T(faces[f]) if faces.get(f) else None) for f in FACES}


def set_stack(state: OctocubeState, where: str, *labels: str) -> None:
    state.stacks[L(where)] = [T(x) for x in labels]


def hole(state: OctocubeState, where: str) -> None:
    del state.stacks[L(where)]
    state.holes = state.holes | {L(where)}


def face_labels(state: OctocubeState, seat: int) -> dict[str, str | None]:
    return {f: (t.label() if t is not None else None) for f, t in state.cubes[seat].faces.items()}
