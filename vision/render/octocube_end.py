"""Finished Octocube tables: a real random playout to its end, the last Score done, and the
victory-point tokens left in front of each player (loose or in small piles), with the truth.

The position comes from the engine (rules/octocube), and so do the scores: the ground truth's
``scores`` is the engine's own final score sheet. Tokens are the change a player would take from
the supply for each series (VP_TOKENS limits how many of each value exist).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from rules.octocube import data
from rules.octocube.components import PLAYER_COLOURS
from vision.render import octocube_layout as lay
from vision.render.octocube_art import TOKEN_STYLES, TOKEN_THICKNESS_MM
from vision.render.octocube_scene import octocube_scene
from vision.render.scene import Component, Pose, Scene, stable_rng_seed

GAME = "octocube"
TOKEN_VALUES: tuple[int, ...] = tuple(sorted(data.VP_TOKENS))

_CHANGE: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((1, 1),),
    4: ((3, 1), (1, 3), (3, 1)),
    7: ((5, 1, 1), (3, 3, 1), (5, 1, 1)),
    10: ((10,), (5, 5), (10,)),
    15: ((10, 5), (5, 5, 5), (10, 3, 1, 1)),
}
"""The ways a player takes a series' points from the supply (repeats weigh the usual one)."""

TOKEN_MARGIN_MM = 3.0
PILE_SPREAD_MM = (2.5, 4.5)
"""How far each token of an untidy pile lies from the bottom one."""
"""Tokens keep this far from the cube, the coin pile and each other when loose."""


@dataclass(frozen=True)
class FinishedTable:
    state: Any
    """The engine's finished position (``state.over``)."""
    tokens: tuple[tuple[int, ...], ...]
    """Each seat's token values."""
    scene: Scene


def finished_state(players: int, seed: int, mode: str = "standard") -> Any:
    """A legal game played to its end by the engine with :func:`plausible_move` for every
    player (uniformly random play rarely scores a series, so its tables hold almost no tokens)."""
    from rules.registry import make_game

    game = make_game("octocube", players, mode=mode)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(stable_rng_seed("end playout", seed))
    greed = [rng.randint(3, 5) for _ in range(players)]
    for _ in range(20_000):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.push(state.sample_chance(rng))
        else:
            state.push(plausible_move(state, rng, greed[state.current_player()]))
    raise ValueError(f"the octocube playout of seed {seed} did not end")


def plausible_move(state: Any, rng: random.Random, greed: int) -> Any:
    """A move a casual player might make: roll to collect, score everything once the cube holds
    ``greed`` tiles, rarely pivot or pass."""
    from rules.octocube.moves import Pass, Pivot, Roll, Score

    legal = list(state.legal_moves())
    scores = [m for m in legal if isinstance(m, Score)]
    if scores:
        best = max(scores, key=lambda m: len(m.faces))
        if len(best.faces) >= greed:
            return best
    rolls = [m for m in legal if isinstance(m, Roll)]
    if rolls and rng.random() < 0.9:
        return rng.choice(rolls)
    others = [m for m in legal if not isinstance(m, (Score, Pass, Pivot))]
    if others and rng.random() < 0.8:
        return rng.choice(others)
    return rng.choice(legal)


def token_points(state: Any) -> list[int]:
    """Each player's points from series (the tokens on the table after the last Score)."""
    sheet = state.score_breakdown()
    return [sum(line.points for line in sheet.lines_for(p) if line.category == "series")
            for p in range(state.game.num_players)]


def take_tokens(state: Any, rng: random.Random) -> list[list[int]]:
    """Token values per seat: each series' points taken as change from the limited supply; when
    the small values run out the players trade up, and each holds the fewest tokens that make
    their total (what a table ends with after people tidy their change)."""
    from rules.octocube.scoring import final_cube_tiles

    supply = dict(data.VP_TOKENS)
    final = final_cube_tiles(state)
    out: list[list[int]] = []
    for p, board in enumerate(state.boards):
        series = [data.SERIES_POINTS[c] for _, c in board.series]
        last = [t.obj for t in final[p] if t.kind == "object"]
        series += [data.SERIES_POINTS[last.count(o)] for o in sorted({o for o in last if o})]
        mine: list[int] = []
        for points in series:
            if points:
                options = [o for o in _CHANGE.get(points, ())
                           if all(supply[v] - mine.count(v) >= o.count(v) for v in set(o))]
                if not options:
                    return _traded_up(token_points(state))
                mine.extend(rng.choice(options))
        for v in mine:
            supply[v] -= 1
        out.append(mine)
    for mine in out:  # some players trade their small change up before the count
        if rng.random() < 0.5:
            for v in mine:
                supply[v] += 1
            mine[:] = _greedy(sum(mine), supply)
    return out


def _greedy(total: int, supply: dict[int, int]) -> list[int]:
    mine, left = [], total
    for v in sorted(supply, reverse=True):
        while left >= v and supply[v] > 0:
            mine.append(v)
            supply[v] -= 1
            left -= v
    if left:
        raise ValueError(f"the token supply cannot pay {total} points")
    return mine


def _traded_up(points: list[int]) -> list[list[int]]:
    supply = dict(data.VP_TOKENS)
    return [_greedy(total, supply) for total in points]


def token_spots(side: str) -> tuple[lay.Rect, list[tuple[float, float, float]]]:
    """The part of ``side``'s personal area where tokens may lie, and what they must keep clear
    of: (x, y, radius) of the cube at rest and the coin pile."""
    inner = lay.token_area(side)
    cube = (*lay.cube_rest(side), lay.CUBE_SIZE_MM * 1.2)
    # (people keep their tokens in front of them, not behind the cube where it hides them)
    coin = (*lay.coin_pile(side), lay.TILE_SIZE_MM * 0.75)
    return inner, [cube, coin]


PLACE_ATTEMPTS = 6
"""Layouts tried before a player's tokens are declared not to fit: after the first, each piles
more of them (a 2-player game's winner may hold 12-18 tokens; random loose spots left 1 table in
500 unrendered, the first attempt alone)."""


def place_tokens(values: list[int], side: str, rng: random.Random, *, pile_chance: float = 0.35
                 ) -> list[tuple[int, float, float, int, int]]:
    """(value, x, y, pile id, level in pile) for every token: loose, or a few of one value in a
    small untidy pile, as people leave them; where they do not fit, laid out again with more of
    them piled (people pile them when the space runs out). Raises ValueError when no attempt lays
    them all out (never silently)."""
    for attempt in range(PLACE_ATTEMPTS):
        chance = pile_chance if attempt == 0 else min(1.0, pile_chance + 0.2 * attempt)
        placed = _try_placing(values, side, rng, chance)
        if placed is not None:
            return placed
    raise ValueError(f"{len(values)} tokens do not fit in the {side} personal area")


def _try_placing(values: list[int], side: str, rng: random.Random, pile_chance: float
                 ) -> list[tuple[int, float, float, int, int]] | None:
    groups: list[list[int]] = []
    by_value: dict[int, int] = {}
    for v in values:
        by_value[v] = by_value.get(v, 0) + 1
    for v in sorted(by_value, reverse=True):
        n = by_value[v]
        while n:
            if n >= 2 and rng.random() < pile_chance:
                k = rng.randint(2, min(n, 4))
            else:
                k = 1
            groups.append([v] * k)
            n -= k
    area, keep_clear = token_spots(side)
    placed: list[tuple[float, float, float]] = list(keep_clear)
    out: list[tuple[int, float, float, int, int]] = []
    for pile, group in enumerate(groups):
        r = TOKEN_STYLES[group[0]][1] / 2 + (PILE_SPREAD_MM[1] + 0.5 if len(group) > 1 else 0.5)
        for _ in range(400):
            x = rng.uniform(area.x0 + r, area.x1 - r)
            y = rng.uniform(area.y0 + r, area.y1 - r)
            if all(math.hypot(x - px, y - py) >= r + pr + TOKEN_MARGIN_MM for px, py, pr in placed):
                break
        else:
            return None
        placed.append((x, y, r))
        for level, v in enumerate(group):
            a, d = rng.uniform(0, 2 * math.pi), rng.uniform(*PILE_SPREAD_MM)
            dx, dy = (d * math.cos(a), d * math.sin(a)) if level else (0.0, 0.0)
            out.append((v, x + dx, y + dy, pile, level))
    return out


def finished_table(players: int, seed: int, *, mode: str = "standard",
                   table_style: str = "wood") -> FinishedTable:
    """A finished game's table: boards with their (stacked) tiles, coin piles, cubes home and
    every player's tokens."""
    state = finished_state(players, seed, mode)
    rng = random.Random(stable_rng_seed("end tokens", seed))
    values = take_tokens(state, rng)
    scene = octocube_scene(state, seed=seed, table_style=table_style, after_last_score=True)
    for seat, mine in enumerate(values):
        side = lay.seat_side(seat, players)
        for i, (v, x, y, pile, level) in enumerate(place_tokens(mine, side, rng)):
            d = TOKEN_STYLES[v][1]
            scene.add(Component(
                f"token {seat} {i}", GAME, f"token {v}", f"token {v}",
                Pose(x, y, level * TOKEN_THICKNESS_MM, rng.uniform(0, 360)),
                (d, d, TOKEN_THICKNESS_MM), {"top": ("octocube", "token", v)},
                state={"where": "tokens", "seat": seat, "value": v, "pile": pile,
                       "level": level}))
    scene.meta["finished"] = True
    return FinishedTable(state, tuple(tuple(v) for v in values), scene)


def end_truth(table: FinishedTable) -> dict[str, Any]:
    """What a score reader must find: per seat its tokens, coins and board tiles, and the
    engine's final score sheet."""
    from rules.octocube.scoring import final_cube_tiles

    state = table.state
    sheet = state.score_breakdown()
    final = final_cube_tiles(state)
    points = token_points(state)
    players = []
    for seat in range(state.game.num_players):
        tiles = state.boards[seat].object_tiles() + [t for t in final[seat] if t.kind == "object"]
        cells: dict[str, int] = {}
        for t in tiles:
            cells[t.label()] = cells.get(t.label(), 0) + 1
        coins = state.boards[seat].coins + sum(1 for t in final[seat] if t.kind == "coin")
        if sum(table.tokens[seat]) != points[seat]:
            raise AssertionError(f"tokens of seat {seat} do not add up to its series points")
        players.append({
            "seat": seat, "colour": PLAYER_COLOURS[seat],
            "side": lay.seat_side(seat, state.game.num_players),
            "tokens": sorted(table.tokens[seat], reverse=True), "token_points": points[seat],
            "coins": coins, "board": dict(sorted(cells.items())),
            "total": sheet.total(seat),
            "lines": [{"category": line.category, "points": line.points, "reason": line.reason}
                      for line in sheet.lines_for(seat)],
        })
    return {"mode": state.game.mode, "num_players": state.game.num_players,
            "grid_size": state.grid_size, "players": players,
            "scores": sheet.totals(), "winners": list(sheet.winners), "tie_break": sheet.tie_break}


LIGHTINGS: dict[str, dict[str, float]] = {
    "daylight": dict(elevation_deg=75.0, colour_temperature_k=5600.0, brightness=1.05, ambient=0.72,
                     shadow_strength=0.3, shadow_softness_mm=10.0, glare_strength=0.0, falloff=0.05),
    "warm lamp": dict(elevation_deg=48.0, colour_temperature_k=2900.0, brightness=1.0, ambient=0.45,
                      shadow_strength=0.55, shadow_softness_mm=4.0, glare_strength=0.3,
                      glare_radius_mm=80.0, falloff=0.2),
    "dim evening": dict(elevation_deg=62.0, colour_temperature_k=3800.0, brightness=0.82,
                        ambient=0.6, shadow_strength=0.4, shadow_softness_mm=8.0,
                        glare_strength=0.0, falloff=0.12),
}
"""The three lightings finished tables are rendered under (the lamp's side is random)."""
MAX_END_TILT_DEG = 35.0


def end_render_inputs(seed: int, players: int | None, resolution: tuple[int, int],
                      tilt_deg: float | None = None, clean: bool = False
                      ) -> tuple[FinishedTable, Any, Any, str]:
    """(table, camera, render options, lighting name) for finished table ``seed``: 2-4 players,
    tilt 0-35, one of :data:`LIGHTINGS`, a hand reaching in now and then, no cups or phones."""
    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.renderer import RenderOptions

    rng = random.Random(stable_rng_seed("end image", seed))
    n = players or rng.choice([2, 3, 4, 4])
    style = rng.choice(["wood", "wood", "cloth", "plain"])
    table = finished_table(n, seed, table_style=style)
    camera = CameraModel.random(rng, tilt_deg=tilt_deg, max_tilt_deg=MAX_END_TILT_DEG,
                                resolution=resolution, distortion=not clean)
    light_name = rng.choice(sorted(LIGHTINGS))
    if clean:
        return table, camera, RenderOptions.clean(), "clean"
    options = RenderOptions.random(rng, distractors=False)
    lighting = Lighting(azimuth_deg=rng.uniform(0, 360), **LIGHTINGS[light_name])
    from dataclasses import replace

    return table, camera, replace(options, lighting=lighting), light_name
