"""Random scenes and whole datasets for every game, from one seed (used by the CLI and bench)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2

from vision.render.art_pack import with_art
from vision.render.camera import CameraModel
from vision.render.groundtruth import save_ground_truth, write_class_list, write_yolo
from vision.render.renderer import Renderer, RenderOptions, RenderResult
from vision.render.scene import Scene, stable_rng_seed

GAMES: tuple[str, ...] = ("octocube", "open_season", "octo_dice")


def class_list(game: str) -> list[str]:
    if game == "octocube":
        from vision.render.octocube_scene import tile_classes

        return tile_classes()
    if game == "open_season":
        from vision.render.open_season_scene import card_classes

        return card_classes()
    if game == "octo_dice":
        from vision.render.octo_dice_scene import die_classes

        return die_classes()
    raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")


def random_scene(game: str, seed: int, *, players: int | None = None) -> Scene:
    rng = random.Random(stable_rng_seed("scene", game, seed))
    style = rng.choice(["wood", "wood", "cloth", "plain"])
    if game == "octocube":
        from vision.render.octocube_scene import octocube_scene, random_octocube_view

        n = players or rng.choice([2, 3, 4, 4])
        return octocube_scene(random_octocube_view(n, seed, progress=rng.uniform(0.1, 0.9)),
                              seed=seed, table_style=style)
    if game == "open_season":
        from vision.render.open_season_scene import open_season_scene, random_open_season_table

        n = players or rng.choice([2, 3, 4])
        return open_season_scene(random_open_season_table(n, seed, side=rng.choice(["horn", "shield"])),
                                 seed=seed, table_style=style)
    if game == "octo_dice":
        from vision.render.octo_dice_scene import dice_scene, random_octo_dice_table

        n = players or rng.choice([1, 2, 3, 4])
        return dice_scene(random_octo_dice_table(seed, players=n, pip_dice=rng.choice([0, 0, 2, 5])),
                          seed=seed, table_style=style, sheets=n)
    raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")


@dataclass(frozen=True)
class DatasetSettings:
    game: str
    seed: int = 0
    count: int = 10
    tilt_deg: float | None = None
    """Fixed tilt; None draws one in 0..max_tilt_deg per image."""
    max_tilt_deg: float = 30.0
    yolo: bool = False
    clean: bool = False
    players: int | None = None
    resolution: tuple[int, int] = (1280, 720)
    image_format: str = "jpg"
    masks: bool = False
    """Also write ``masks/STEM.png``: 16-bit, each pixel the ``mask_id`` of the component seen
    there (0 table, 65535 hands, cups and phones)."""
    end: bool = False
    """Octocube and Open Season: finished tables (the last Score done, tokens out) with the engine's final
    scores in the ground truth's ``end`` (vision/render/octocube_end.py)."""
    random_wilds: bool = False
    """Open Season: the twin's players place wild tokens at random, as before session 34 (the
    finished tables older tests were found on); else as players place them."""
    art: Any = None
    """An ``ArtPack`` (vision/render/art_pack.py): components drawn with its faces; None: built-in."""


def render_one(settings: DatasetSettings, i: int, renderer: Renderer) -> RenderResult:
    image_seed = stable_rng_seed("image", settings.game, settings.seed, i)
    if settings.end and settings.game == "open_season":
        from vision.render import open_season_end

        fin, camera, options, light = open_season_end.end_render_inputs(
            image_seed, settings.players, settings.resolution, settings.tilt_deg, settings.clean,
            random_wilds=settings.random_wilds)
        res = renderer.render(with_art(fin.scene, settings.art), camera, options, seed=image_seed)
        res.ground_truth["end"] = {**open_season_end.end_truth(fin), "lighting": light}
        return res
    if settings.end:
        from vision.render.octocube_end import end_render_inputs, end_truth

        table, camera, options, light = end_render_inputs(
            image_seed, settings.players, settings.resolution, settings.tilt_deg, settings.clean)
        res = renderer.render(with_art(table.scene, settings.art), camera, options, seed=image_seed)
        res.ground_truth["end"] = {**end_truth(table), "lighting": light}
        return res
    rng = random.Random(image_seed)
    scene = random_scene(settings.game, image_seed, players=settings.players)
    camera = CameraModel.random(rng, tilt_deg=settings.tilt_deg, max_tilt_deg=settings.max_tilt_deg,
                                resolution=settings.resolution, distortion=not settings.clean)
    options = RenderOptions.clean() if settings.clean else RenderOptions.random(rng)
    return renderer.render(with_art(scene, settings.art), camera, options, seed=image_seed)


def write_dataset(settings: DatasetSettings, out_dir: str | Path,
                  progress: Callable[[int, int], None] | None = None) -> dict[str, object]:
    """``images/``, ``gt/`` (one JSON each) and, with ``yolo``, ``labels/`` + classes.txt +
    data.yaml. Returns a summary (counts and mean render time)."""
    if settings.game not in GAMES:
        raise ValueError(f"unknown game {settings.game!r}; expected one of {', '.join(GAMES)}")
    if settings.count < 1:
        raise ValueError("--count must be at least 1")
    if settings.tilt_deg is not None and not 0 <= settings.tilt_deg <= 45:
        raise ValueError(f"--tilt must be 0-45 degrees, not {settings.tilt_deg}")
    out = Path(out_dir)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "gt").mkdir(exist_ok=True)
    classes = class_list(settings.game)
    if settings.yolo:
        write_class_list(out, classes)
    renderer = Renderer()
    total_ms = 0.0
    components = 0
    for i in range(settings.count):
        res = render_one(settings, i, renderer)
        stem = f"{settings.game}_{settings.seed}_{i:05d}"
        ext = settings.image_format
        params = [cv2.IMWRITE_JPEG_QUALITY, 95] if ext == "jpg" else []
        if not cv2.imwrite(str(out / "images" / f"{stem}.{ext}"), res.image, params):
            raise OSError(f"could not write {out / 'images' / f'{stem}.{ext}'}")
        res.ground_truth["image"] = f"images/{stem}.{ext}"
        save_ground_truth(res.ground_truth, out / "gt" / f"{stem}.json")
        if settings.yolo:
            write_yolo(out, stem, res.ground_truth, classes)
        if settings.masks:
            (out / "masks").mkdir(exist_ok=True)
            cv2.imwrite(str(out / "masks" / f"{stem}.png"), res.id_map)
        total_ms += res.timings_ms["total"]
        components += len(res.ground_truth["components"])
        if progress:
            progress(i + 1, settings.count)
    summary = {"game": settings.game, "images": settings.count, "components": components,
               "mean_render_ms": round(total_ms / settings.count, 1), "out": str(out)}
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def write_sequence(settings: DatasetSettings, out_dir: str | Path,
                   progress: Callable[[int, int], None] | None = None) -> dict[str, object]:
    """An Octocube game played with ``settings.count`` random legal moves (the engine), as
    frames ``images/frame_00000.*`` + ``gt/frame_00000.json`` from one fixed camera."""
    from rules.core import RulesError
    from rules.registry import make_game
    from vision.render.sequence import Timing, octocube_sequence

    if settings.count < 1:
        raise ValueError("--count must be at least 1")
    rng = random.Random(stable_rng_seed("sequence", settings.seed))
    players = settings.players or 4
    try:
        state = make_game("octocube", players).new_initial_state(seed=settings.seed)
    except (RulesError, NotImplementedError, KeyError) as exc:
        raise ValueError(f"cannot start an Octocube game: {exc}") from None
    moves = []
    probe = state.clone()
    for _ in range(settings.count):
        if probe.is_terminal():
            break
        move = (probe.sample_chance(rng) if probe.is_chance_node()
                else rng.choice(list(probe.legal_moves())))
        probe.push(move)
        moves.append(move)
    tilt = settings.tilt_deg if settings.tilt_deg is not None else rng.uniform(0, settings.max_tilt_deg)
    camera = CameraModel.looking_at(tilt_deg=tilt, resolution=settings.resolution,
                                    dist=(0.0,) * 5 if settings.clean else (-0.05, 0.01, 0.0, 0.0, 0.0))
    options = (RenderOptions.clean() if settings.clean
               else RenderOptions(lighting=RenderOptions.random(rng).lighting))
    timing = Timing()
    per_move = timing.reach_frames + timing.hold_frames + timing.retreat_frames + timing.still_frames
    total = timing.still_frames + per_move * len(moves)
    out = Path(out_dir)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "gt").mkdir(exist_ok=True)
    ms = 0.0
    import time

    t0 = time.perf_counter()
    n = 0
    for frame in octocube_sequence(state, moves, camera, seed=settings.seed, options=options,
                                   timing=timing, art=settings.art):
        stem = f"frame_{frame.index:05d}"
        ext = settings.image_format
        if not cv2.imwrite(str(out / "images" / f"{stem}.{ext}"), frame.image):
            raise OSError(f"could not write {out / 'images' / f'{stem}.{ext}'}")
        frame.ground_truth["image"] = f"images/{stem}.{ext}"
        save_ground_truth(frame.ground_truth, out / "gt" / f"{stem}.json")
        n += 1
        if progress:
            progress(n, total)
    ms = (time.perf_counter() - t0) * 1000 / max(n, 1)
    summary = {"game": "octocube", "moves": len(moves), "frames": n,
               "move_list": [state.game.move_codec.encode(m) for m in moves],
               "mean_render_ms": round(ms, 1), "out": str(out)}
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary
