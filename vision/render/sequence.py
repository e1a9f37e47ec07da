"""Sequences: the frames a fixed camera sees while a game is played.

For every move: still frames, a hand entering from the mover's side towards what changes,
the change happening under the hand, the hand leaving, still frames again. Lighting and camera
stay fixed; sensor noise changes every frame (as on a real webcam). Each frame carries its
ground truth plus ``phase`` ('still', 'reach', 'move', 'retreat') and ``move_index``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from vision.render.camera import CameraModel
from vision.render.hands import Hand
from vision.render.renderer import Renderer, RenderOptions
from vision.render.scene import Component, Scene


@dataclass(frozen=True)
class Timing:
    fps: float = 10.0
    still_frames: int = 4
    reach_frames: int = 5
    hold_frames: int = 2
    retreat_frames: int = 4


@dataclass
class SequenceFrame:
    image: np.ndarray
    ground_truth: dict[str, Any]
    index: int
    timestamp: float
    phase: str
    move_index: int


def changed_components(before: Scene, after: Scene) -> list[Component]:
    """Components that appear, vanish, move or change between two scenes (matched by uid)."""
    a = {c.uid: c for c in before.components}
    b = {c.uid: c for c in after.components}
    out: list[Component] = []
    for uid in set(a) | set(b):
        ca, cb = a.get(uid), b.get(uid)
        if ca is None or cb is None:
            out.append(cb or ca)  # type: ignore[arg-type]
        elif (ca.identity, ca.pose, ca.size_mm, ca.faces, ca.state) != (
                cb.identity, cb.pose, cb.size_mm, cb.faces, cb.state):
            out.append(cb)
    return sorted(out, key=lambda c: c.uid)


def _target(before: Scene, after: Scene) -> tuple[float, float]:
    changed = [c for c in changed_components(before, after) if c.size_mm[0] < 100]
    if not changed:
        return (300.0, 300.0)
    # the highest changed thing is what the hand holds (a cube, the top of a stack)
    top = max(changed, key=lambda c: c.top_z)
    return (top.pose.x, top.pose.y)


def scene_sequence(scenes: Sequence[Scene], sides: Sequence[str], camera: CameraModel, *,
                   options: RenderOptions | None = None, seed: int = 0,
                   timing: Timing = Timing(), renderer: Renderer | None = None,
                   ) -> Iterator[SequenceFrame]:
    """Frames for going from ``scenes[0]`` through each following scene; ``sides[i]`` is the
    table side ('south', 'west', 'north', 'east') of the player making change ``i``."""
    if len(scenes) < 1:
        raise ValueError("a sequence needs at least one scene")
    if len(sides) < len(scenes) - 1:
        raise ValueError(f"{len(scenes) - 1} changes need {len(scenes) - 1} sides, got {len(sides)}")
    renderer = renderer or Renderer()
    base = options or RenderOptions(hands=(), distractors=())
    rng = random.Random(seed)
    index = 0

    def frame(scene: Scene, hand: Hand | None, phase: str, move: int) -> SequenceFrame:
        nonlocal index
        opts = replace(base, hands=(hand,) if hand is not None else ())
        res = renderer.render(scene, camera, opts, seed=seed * 100_003 + index)
        gt = res.ground_truth
        gt.update(phase=phase, move_index=move, frame_index=index,
                  timestamp=round(index / timing.fps, 4))
        out = SequenceFrame(res.image, gt, index, index / timing.fps, phase, move)
        index += 1
        return out

    for _ in range(timing.still_frames):
        yield frame(scenes[0], None, "still", -1)
    for move, (before, after) in enumerate(zip(scenes, scenes[1:], strict=False)):
        target = _target(before, after)
        skin_rng = random.Random(rng.random())
        proto = Hand.reaching(target, sides[move], skin_rng)
        def hand_at(p: float, previous: float | None = None) -> Hand | None:
            if p <= 0.02:
                return None
            h = Hand.reaching(target, sides[move], random.Random(0), progress=p,
                              skin=proto.skin_rgb, sleeve=proto.sleeve_rgb)
            motion = (0.0, 0.0)
            if previous is not None:
                # the shutter is open for about a third of a frame: blur over that share
                before_h = Hand.reaching(target, sides[move], random.Random(0), progress=previous)
                motion = ((h.tip_mm[0] - before_h.tip_mm[0]) * 0.3,
                          (h.tip_mm[1] - before_h.tip_mm[1]) * 0.3)
            return replace(h, spread=proto.spread, motion_mm=motion)
        for k in range(timing.reach_frames):
            p = _ease((k + 1) / timing.reach_frames)
            yield frame(before, hand_at(p, _ease(k / timing.reach_frames)), "reach", move)
        for k in range(timing.hold_frames):
            yield frame(before if k < timing.hold_frames // 2 else after, hand_at(1.0), "move", move)
        for k in range(timing.retreat_frames):
            p = _ease(1 - (k + 1) / timing.retreat_frames)
            yield frame(after, hand_at(p, _ease(1 - k / timing.retreat_frames)), "retreat", move)
        for _ in range(timing.still_frames):
            yield frame(after, None, "still", move)


def _ease(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * max(0.0, min(1.0, t)))


def octocube_sequence(state: Any, moves: Iterable[Any], camera: CameraModel | None = None, *,
                      seed: int = 0, options: RenderOptions | None = None,
                      timing: Timing = Timing(), table_style: str = "wood", art: Any = None,
                      ) -> Iterator[SequenceFrame]:
    """Frames of an Octocube game played from ``state`` through ``moves`` (the engine's move
    objects; the state is cloned, the caller's state is not changed); ``art``: an ArtPack
    the components are drawn with."""
    from vision.render.art_pack import with_art

    from vision.render import octocube_layout as lay
    from vision.render.octocube_scene import _num_players, octocube_scene

    work = state.clone() if hasattr(state, "clone") else state
    n = _num_players(work)
    scenes = [octocube_scene(work, seed=seed, table_style=table_style)]
    sides = []
    for move in moves:
        player = work.current_player() if hasattr(work, "current_player") else 0
        sides.append(lay.seat_side(player if 0 <= player < n else 0, n))
        work.push(move)
        scenes.append(octocube_scene(work, seed=seed, table_style=table_style))
    cam = camera or CameraModel.looking_at(tilt_deg=15.0)
    scenes = [with_art(s, art) for s in scenes]
    return scene_sequence(scenes, sides, cam, options=options, seed=seed, timing=timing)


def views_sequence(views: Sequence[Any], movers: Sequence[int], camera: CameraModel | None = None,
                   *, seed: int = 0, options: RenderOptions | None = None,
                   timing: Timing = Timing(),
                   scene_of: Callable[[Any], Scene] | None = None) -> Iterator[SequenceFrame]:
    """Frames through a list of Octocube positions (engine states or OctocubeViews); ``movers``
    are the seats that make each change."""
    from vision.render import octocube_layout as lay
    from vision.render.octocube_scene import _num_players, octocube_scene

    make = scene_of or (lambda v: octocube_scene(v, seed=seed))
    scenes = [make(v) for v in views]
    n = _num_players(views[0])
    sides = [lay.seat_side(m, n) for m in movers]
    cam = camera or CameraModel.looking_at(tilt_deg=15.0)
    return scene_sequence(scenes, sides, cam, options=options, seed=seed, timing=timing)
