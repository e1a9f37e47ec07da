"""Filming a digital-twin game: the changes of the table between still scenes, the lightings, and
the frames a webcam would see (hands reaching in, the change under them, still frames with sensor
noise). Generic: any game whose twin produces :class:`vision.render.scene.Scene` objects.

Demo-only: the truth of each frame travels beside it (:class:`FilmFrame`), and the synthetic camera
source keeps it apart from the frames the pipeline reads.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from collections.abc import Mapping
from typing import Any

LIGHTINGS: dict[str, dict[str, float]] = {
    "day": dict(azimuth_deg=135.0, elevation_deg=70.0, colour_temperature_k=5600.0, brightness=1.05,
                ambient=0.65, shadow_strength=0.35, falloff=0.05),
    "lamp": dict(azimuth_deg=300.0, elevation_deg=45.0, colour_temperature_k=3000.0, brightness=0.9,
                 ambient=0.45, shadow_strength=0.55, falloff=0.22, glare_strength=0.25),
    "evening": dict(azimuth_deg=30.0, elevation_deg=55.0, colour_temperature_k=3600.0, brightness=0.8,
                    ambient=0.55, shadow_strength=0.45, falloff=0.15),
}
"""Three lighting set-ups; a game also drifts its light a little every few moves."""


@dataclass(frozen=True)
class Change:
    """One change of the table between two still scenes."""

    kind: str
    """'move' (a legal move of the truth engine), 'illegal' (injected), 'restore' (put right)."""
    seat: int
    text: str
    truth_moves: int
    """How many truth moves had been played once this change is on the table."""
    needs_heights: bool = False
    """An illegal change only a stack-height reading can see: a tile taken from a stack whose
    next tile is the same (seen from straight above nothing changed)."""


def film_timing(setup: Any) -> Any:
    """The film's frame counts per phase (:class:`vision.render.sequence.Timing`) for a demo's
    ``TableSetup``: ``film_frames`` (at 10 frames/s; None: a 10 fps webcam's), each phase as long
    in seconds at ``film_fps``."""
    from vision.render.sequence import Timing

    base = Timing()
    still, reach, hold, retreat = setup.film_frames or (base.still_frames, base.reach_frames,
                                                        base.hold_frames, base.retreat_frames)
    per_tenth = setup.film_fps / base.fps
    return Timing(fps=setup.film_fps, still_frames=max(1, round(still * per_tenth)),
                  reach_frames=max(1, round(reach * per_tenth)), hold_frames=max(1, round(hold * per_tenth)),
                  retreat_frames=max(1, round(retreat * per_tenth)))


def demo_camera(setup: Any) -> Any:
    """The twin's camera for a demo's ``TableSetup``: its tilt and resolution, from the side the
    seed picks."""
    from vision.render.camera import CameraModel

    return CameraModel.looking_at(tilt_deg=setup.tilt,
                                  azimuth_deg=random.Random(setup.seed).choice([0.0, 90.0, 180.0, 270.0]),
                                  resolution=setup.resolution)


def drifting_lightings(base: str, changes: int, seed: int, every: int = 12) -> list[Any]:
    """One lighting per change: ``base`` (a key of :data:`LIGHTINGS`), drifting a little every
    ``every`` changes (a cloud, someone moves the lamp)."""
    from vision.render.effects import Lighting

    if base not in LIGHTINGS:
        raise ValueError(f"lighting must be one of {', '.join(LIGHTINGS)}, not {base!r}")
    rng = random.Random(seed + 1)
    light = Lighting(**LIGHTINGS[base])
    out = []
    for i in range(max(1, changes)):
        if i and every and i % every == 0:
            light = replace(light, brightness=max(0.6, min(1.25, light.brightness * rng.uniform(0.9, 1.1))),
                            azimuth_deg=(light.azimuth_deg + rng.uniform(-25, 25)) % 360)
        out.append(light)
    return out


@dataclass
class FilmFrame:
    """One frame of the film (read by ``hardware.camera.SyntheticSource`` like a webcam frame)."""

    image: Any
    ground_truth: dict[str, Any]
    timestamp: float


def load_art(setup: Any) -> Any:
    """The art pack of ``setup.art`` (vision.render.art_pack.ArtPack), None for the built-in art;
    a bad pack raises ArtPackError (a ValueError) naming the file."""
    if getattr(setup, "art", None) is None:
        return None
    from vision.render.art_pack import ArtPack

    return ArtPack.load(setup.art)


class NoiseCheckpoints:
    """The film's sensor-noise generator's state after a number of noisy still frames, per film
    seed and frame size: a film entered late (``film(..., start=k)``) then draws only the noise of
    the frames before ``k`` it has not drawn before. Drawing it is most of the cost of entering a
    long film late (1280x720 normal draws for every earlier still frame); the state after n draws
    is the same whatever the film's scenes, so one kept for a seed serves every later entry into
    any film of that seed and size. In memory; :meth:`_load` and :meth:`_save` are where a
    subclass keeps them elsewhere (the tests: a folder their processes share)."""

    EVERY = 64
    """Besides the state an entry needed, the states every this many draws on the way (an entry
    into an earlier frame of the same film then starts from one of them, not from the first)."""

    def __init__(self) -> None:
        self._states: dict[tuple[int, int, int], dict[int, Mapping[str, Any]]] = {}

    def nearest(self, seed: int, shape: tuple[int, int], drawn: int) -> tuple[int, Mapping[str, Any]] | None:
        """(n, the generator's state after n draws) for the largest kept n <= ``drawn``, or None."""
        kept = self._load(seed, shape)
        best = max((n for n in kept if n <= drawn), default=None)
        return None if best is None else (best, kept[best])

    def keep(self, seed: int, shape: tuple[int, int], drawn: int, state: Mapping[str, Any]) -> None:
        """Remembers the generator's ``state`` after ``drawn`` draws of a ``shape`` frame's noise."""
        self._states.setdefault((seed, *shape), {})[drawn] = state
        self._save(seed, shape, drawn, state)

    def _load(self, seed: int, shape: tuple[int, int]) -> dict[int, Mapping[str, Any]]:
        return self._states.get((seed, *shape), {})

    def _save(self, seed: int, shape: tuple[int, int], drawn: int, state: Mapping[str, Any]) -> None:
        """Nothing more in memory (the state is already in ``_states``)."""


def _advance_noise(noise_rng: Any, seed: int, shape: tuple[int, int], drawn: int, owed: int,
                   checkpoints: NoiseCheckpoints | None) -> None:
    """Brings the film's noise generator, which has drawn ``drawn`` frames' noise, past ``owed``
    more without making them: the draws of ``normal(0, 2, shape + (1,))`` are
    ``standard_normal``'s (the scale applies after), made into one scratch buffer; from the
    nearest kept state when ``checkpoints`` has one."""
    import numpy as np

    target = drawn + owed
    found = checkpoints.nearest(seed, shape, target) if checkpoints is not None else None
    if found is not None and found[0] > drawn:
        drawn = found[0]
        noise_rng.bit_generator.state = found[1]
    scratch = np.empty(shape[0] * shape[1])
    while drawn < target:
        noise_rng.standard_normal(out=scratch)
        drawn += 1
        if checkpoints is not None and (drawn % NoiseCheckpoints.EVERY == 0 or drawn == target):
            checkpoints.keep(seed, shape, drawn, noise_rng.bit_generator.state)


class _LazilyMapped:
    """``[f(x) for x in items]``, each made when first read."""

    def __init__(self, items: list[Any], f: Any) -> None:
        self._items, self._f = items, f
        self._made: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i: int) -> Any:
        if i not in self._made:
            self._made[i] = self._f(self._items[i])
        return self._made[i]


def film(scenes: list[Any], sides: list[str], camera: Any, lightings: list[Any], *, seed: int,
         timing: Any, renderer: Any = None, art: Any = None, start: int = 0,
         checkpoints: NoiseCheckpoints | None = None) -> Any:
    """Frames for ``scenes[0]`` then each change: a hand reaches in from the mover's side, the
    change happens under it, the hand leaves, the table is still. ``lightings[i]`` lights change
    i (the light drifts during a game). Still frames of one scene are rendered once and then get
    fresh sensor noise each (what a webcam does to a static table), which keeps long games
    affordable; every frame with a hand is rendered in full. ``art``: an ArtPack the
    components are drawn with (the truth is unchanged).

    ``start``: the frames before it are neither rendered nor yielded (the first frame yielded is
    frame ``start``, a test's late frame without the minutes of the ones before); the sensor noise
    they would have drawn is drawn unmade when the first noisy frame from ``start`` on is made (at
    its size: every frame of a film has its camera's), from a state ``checkpoints`` kept when it
    has one, so that every frame from ``start`` on is the whole film's to the bit."""
    import math

    import numpy as np

    from vision.render.hands import Hand
    from vision.render.renderer import Renderer, RenderOptions
    from vision.render.sequence import _target

    from vision.render.art_pack import with_art

    renderer = renderer or Renderer()
    # each scene with the art when it is first drawn (none before start)
    drawn_scenes: Any = _LazilyMapped(scenes, lambda s: with_art(s, art)) if art is not None else scenes
    rng = random.Random(seed)
    noise_rng = np.random.default_rng(seed)
    index = 0
    drawn = owed = 0  # noisy still frames whose noise the generator has drawn / still owes

    def render(scene: Any, hand: Any, phase: str, change: int, light: Any) -> FilmFrame:
        nonlocal index
        opts = RenderOptions(lighting=light, hands=(hand,) if hand is not None else (), table_seed=seed % 997)
        res = renderer.render(scene, camera, opts, seed=seed * 100_003 + index)
        gt = res.ground_truth
        gt.update(phase=phase, change_index=change, frame_index=index)
        out = FilmFrame(res.image, gt, index / timing.fps)
        index += 1
        return out

    def noise(shape: tuple[int, int]) -> Any:
        nonlocal drawn, owed
        if owed:
            _advance_noise(noise_rng, seed, shape, drawn, owed, checkpoints)
            drawn, owed = drawn + owed, 0
        drawn += 1
        return noise_rng.normal(0.0, 2.0, shape + (1,)).astype(np.int16)

    def stills(at: int, change: int, light: Any) -> Any:
        nonlocal index, owed
        if index + timing.still_frames <= start:  # the whole still scene before start
            index += timing.still_frames
            owed += timing.still_frames - 1
            return
        first_index = index
        first = render(drawn_scenes[at], None, "still", change, light)
        if first_index >= start:
            yield first
        base = first.image.astype(np.int16)
        for _ in range(timing.still_frames - 1):
            image = np.clip(base + noise(base.shape[:2]), 0, 255).astype(np.uint8)
            gt = dict(first.ground_truth, frame_index=index)
            if index >= start:
                yield FilmFrame(image, gt, index / timing.fps)
            index += 1

    def ease(t: float) -> float:
        return 0.5 - 0.5 * math.cos(math.pi * max(0.0, min(1.0, t)))

    yield from stills(0, -1, lightings[0])
    for change in range(len(scenes) - 1):
        light = lightings[change]
        hand_seed = rng.random()  # drawn for every change, filmed or skipped
        hand_frames = timing.reach_frames + timing.hold_frames + timing.retreat_frames
        if index + hand_frames <= start:  # the whole change before start
            index += hand_frames
            yield from stills(change + 1, change, light)
            continue
        before, after = drawn_scenes[change], drawn_scenes[change + 1]
        target = _target(before, after)
        proto = Hand.reaching(target, sides[change], random.Random(hand_seed))

        def hand_at(p: float) -> Any:
            h = Hand.reaching(target, sides[change], random.Random(0), progress=p,
                              skin=proto.skin_rgb, sleeve=proto.sleeve_rgb)
            return Hand(entry_mm=h.entry_mm, tip_mm=h.tip_mm, height_mm=h.height_mm,
                        skin_rgb=h.skin_rgb, sleeve_rgb=h.sleeve_rgb, spread=proto.spread)

        frames = ([(before, ease((k + 1) / timing.reach_frames), "reach") for k in range(timing.reach_frames)]
                  + [(before if k < timing.hold_frames // 2 else after, 1.0, "move")
                     for k in range(timing.hold_frames)]
                  + [(after, ease(1 - (k + 1) / (timing.retreat_frames + 1)), "retreat")
                     for k in range(timing.retreat_frames)])
        for scene, progress, phase in frames:
            if index < start:
                index += 1
            else:
                yield render(scene, hand_at(progress), phase, change, light)
        yield from stills(change + 1, change, light)
