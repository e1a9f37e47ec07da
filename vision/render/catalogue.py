"""The component catalogue: every component's art drawn once, labelled (docs/images)."""

from __future__ import annotations

import cv2
import numpy as np

from rules.octocube import components as oc
from vision.render import dice_art, open_season_art
from vision.render import sprites as sp
from vision.render.art_pack import ArtPack, art_key
from vision.render.octocube_layout import BOARD_SIZE_MM, TILE_SIZE_MM

Item = tuple[tuple, float, float, str]
"""(sprite key, width mm, height mm, label)."""


def catalogue_items() -> dict[str, list[Item]]:
    t = TILE_SIZE_MM
    octo: list[Item] = [(("octocube", "tile", f"{c} {o}"), t, t, f"{c} {o}")
                        for c in oc.BACKGROUND_COLOURS for o in oc.OBJECTS]
    octo += [(("octocube", "tile", "coin"), t, t, "coin")]
    octo += [(("octocube", "tile", "abyss"), t, t, "abyss")]
    octo += [(("octocube", "tile", f"abyss {x}"), t, t, f"abyss {x}") for x in oc.POWER_LETTERS]
    octo += [(("octocube", "tile_back"), t, t, "tile back")]
    octo += [(("octocube", "cube_face", c, None), 40, 40, f"cube {c}") for c in oc.PLAYER_COLOURS]
    octo += [(("octocube", "cube_face", "red", "green pearl"), 40, 40, "cube + tile")]
    octo += [(("octocube", "board", c), BOARD_SIZE_MM[0], BOARD_SIZE_MM[1], f"board {c}")
             for c in oc.PLAYER_COLOURS[:1]]
    w, h = open_season_art.CARD_SIZE_MM
    cards: list[Item] = [(("open_season", "card", p, a), w, h, f"{p} {a}")
                         for p in open_season_art.PEOPLES for a in open_season_art.ATTRIBUTES]
    cards += [(("open_season", "card_back"), w, h, "card back")]
    cards += [(("open_season", "token", k), 18, 18, k) for k in ("trophy", "wild", "penalty")]
    cards += [(("open_season", "token", "series"), 30, 18, "attribute series")]
    cards += [(("open_season", "wall", "horn", (200, 50, 50)), *open_season_art.WALL_BOARD_SIZE_MM, "wall (horn)")]
    dice: list[Item] = [(("dice", "white", s), 16, 16, f"white {s}") for s in dice_art.ACTION_SYMBOLS]
    seen = set()
    for i in range(3):
        for f in dice_art.die_faces("black", i):
            if f not in seen:
                seen.add(f)
                dice.append((("dice", "black", f), 16, 16, f"black {f}"))
    dice += [(("dice", f"d6:{style}", str(v)), 16, 16, f"d6 {style} {v}")
             for v, style in zip(range(1, 7), dice_art.PIP_STYLES, strict=True)]
    return {"Octocube": octo, "Open Season": cards, "Octo Dice and d6": dice}


def render_catalogue(cell: int = 96, columns: int = 12, pack: ArtPack | None = None) -> np.ndarray:
    """One BGR image: a titled section per game, each item scaled into a cell and labelled;
    with ``pack``, its faces replace the built-in art where it has them."""
    label_h = 26
    rows_img = []
    width = cell * columns
    for title, items in catalogue_items().items():
        head = np.full((34, width, 3), 250, np.uint8)
        cv2.putText(head, title, (8, 25), cv2.FONT_HERSHEY_DUPLEX, 0.8, (40, 40, 40), 1, cv2.LINE_AA)
        rows_img.append(head)
        big: list[Item] = [it for it in items if max(it[1], it[2]) > 100]
        small = [it for it in items if it not in big]
        for start in range(0, len(small), columns):
            row = np.full((cell + label_h, width, 3), 250, np.uint8)
            for j, (key, wmm, hmm, label) in enumerate(small[start: start + columns]):
                _paste(row, art_key(pack, key), wmm, hmm, j * cell, 0, cell, cell)
                _label(row, label, j * cell + cell // 2, cell + 4, cell)
            rows_img.append(row)
        if big:
            bh = cell * 2
            row = np.full((bh + label_h, width, 3), 250, np.uint8)
            for j, (key, wmm, hmm, label) in enumerate(big):
                _paste(row, key, wmm, hmm, j * cell * 3, 0, cell * 3, bh)
                _label(row, label, j * cell * 3 + cell * 3 // 2, bh + 4, cell * 3)
            rows_img.append(row)
    return np.vstack(rows_img)


def _paste(canvas_img: np.ndarray, key: tuple, wmm: float, hmm: float, x: int, y: int,
           cw: int, ch: int) -> None:
    art = sp.base_sprite(key, wmm, hmm)
    scale = min((cw - 8) / art.shape[1], (ch - 8) / art.shape[0])
    small = cv2.resize(art, (max(1, int(art.shape[1] * scale)), max(1, int(art.shape[0] * scale))),
                       interpolation=cv2.INTER_AREA)
    oy = y + (ch - small.shape[0]) // 2
    ox = x + (cw - small.shape[1]) // 2
    roi = canvas_img[oy: oy + small.shape[0], ox: ox + small.shape[1]]
    a = small[..., 3:4].astype(np.float32) / 255
    roi[:] = (roi * (1 - a) + small[..., :3] * a).astype(np.uint8)


def _label(img: np.ndarray, text: str, cx: int, top: int, width: int) -> None:
    scale = 0.36
    while scale > 0.22:
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        if tw <= width - 4:
            break
        scale -= 0.02
    cv2.putText(img, text, (cx - tw // 2, top + th + 2), cv2.FONT_HERSHEY_SIMPLEX, scale,
                (30, 30, 30), 1, cv2.LINE_AA)
