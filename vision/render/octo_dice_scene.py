"""Octo Dice (and plain d6) scenes: dice as 16 mm cubes at any yaw, from a simple description.

A :class:`DieSpec` names a die (kind as in dice_art: ``white``, ``black`` with its index, or
``d6:<style>``), the face on top and where it lies; :func:`random_octo_dice_table` makes a
plausible roll: the dice rolled this step scattered in a tray area, the ones set aside in a
row, and a score sheet per player.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from vision.render import dice_art
from vision.render.scene import Component, Pose, Scene, stable_rng_seed

GAME = "octo_dice"
SHEET_SIZE_MM = (150.0, 105.0)


@dataclass(frozen=True)
class DieSpec:
    kind: str
    top: str
    x: float
    y: float
    yaw_deg: float = 0.0
    index: int = 0
    """Which black die (0-2): their number faces differ."""
    set_aside: bool = False


def die_classes() -> list[str]:
    names = [f"die white {s}" for s in dice_art.ACTION_SYMBOLS]
    names += [f"die black {c} {n}" for c in dice_art.NUMBER_COLOURS for n in (0, 1, 2)]
    names += ["die black octopod"]
    names += [f"die d6 {v}" for v in range(1, 7)]
    return names


def dice_scene(dice: list[DieSpec], *, seed: int = 0, table_style: str = "wood",
               sheets: int = 0) -> Scene:
    """Dice (and optionally ``sheets`` score sheets along the bottom edge) on the table."""
    scene = Scene(GAME, table_style=table_style, seed=seed, play_mat_rgb=(52, 60, 70),
                  meta={"dice": len(dice)})
    s = dice_art.DIE_SIZE_MM
    for i in range(sheets):
        x = 300 + (i - (sheets - 1) / 2) * (SHEET_SIZE_MM[0] + 4)
        scene.add(Component(f"sheet {i}", GAME, "score sheet", "score sheet",
                            Pose(x, 600 - SHEET_SIZE_MM[1] / 2 - 8, 0.0, 0.0),
                            (SHEET_SIZE_MM[0], SHEET_SIZE_MM[1], 0.2),
                            {"top": ("table", "solid", (240, 240, 232))}, labelled=False,
                            casts_shadow=False))
    for i, d in enumerate(dice):
        rng = random.Random(stable_rng_seed(seed, "die", i))
        faces = dice_art.orient(d.kind, d.top, rng, d.index)
        sprite_faces = {f: ("dice", d.kind, faces[f]) for f in ("top", "north", "east", "south", "west")}
        if d.kind.startswith("d6:"):
            cls, ident = f"die d6 {d.top}", f"d6 {d.kind[3:]} {d.top}"
        else:
            cls, ident = f"die {d.kind} {d.top}", f"{d.kind} die {d.top}"
        scene.add(Component(f"die {i}", GAME, cls, ident, Pose(d.x, d.y, 0.0, d.yaw_deg), (s, s, s),
                            sprite_faces,
                            state={"kind": d.kind, "top_face": d.top, "faces": faces,
                                   "black_die_index": d.index if d.kind == "black" else None,
                                   "set_aside": d.set_aside}))
    return scene


def _scatter(rng: random.Random, n: int, centre: tuple[float, float], radius: float,
             taken: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for _ in range(n):
        for _attempt in range(200):
            a, r = rng.uniform(0, 2 * math.pi), radius * math.sqrt(rng.random())
            p = (centre[0] + r * math.cos(a), centre[1] + r * math.sin(a))
            if all(math.dist(p, q) > dice_art.DIE_SIZE_MM * 1.6 for q in taken + out):
                out.append(p)
                break
    return out


def random_octo_dice_table(seed: int = 0, *, players: int = 2, pip_dice: int = 0) -> list[DieSpec]:
    """Six Octo Dice (three white, three black) part-way through a turn, plus ``pip_dice``
    ordinary dice in random styles."""
    rng = random.Random(stable_rng_seed("octo-dice", seed, players, pip_dice))
    dice: list[DieSpec] = []
    kinds = [("white", 0), ("white", 0), ("white", 0), ("black", 0), ("black", 1), ("black", 2)]
    rng.shuffle(kinds)
    aside = rng.choice([0, 2, 4])
    positions: list[tuple[float, float]] = []
    for i in range(aside):
        positions.append((200 + i * 26, 150.0))
    positions += _scatter(rng, 6 - aside + pip_dice, (300, 300), 150, list(positions))
    specs = kinds + [(f"d6:{rng.choice(sorted(dice_art.PIP_STYLES))}", 0) for _ in range(pip_dice)]
    for i, ((kind, index), (x, y)) in enumerate(zip(specs, positions, strict=False)):
        faces = dice_art.die_faces(kind, index)
        dice.append(DieSpec(kind, rng.choice(faces), x, y,
                            rng.uniform(-8, 8) if i < aside else rng.uniform(0, 360),
                            index, set_aside=i < aside))
    return dice
