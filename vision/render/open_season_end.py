"""Finished Open Season tables (``tablesight render open_season --end``): a real playout of the
digital twin (tracker/open_season/twin.py) to its end (random moves; a wild token placed as
players place it), the engine's final state drawn with every
player's accolades turned face up and fanned by hand, and the engine's own score sheet as truth.

The scorer (vision/open_season/score_photo.py) never sees any of this but the photo; benches and
tests compare its result with :func:`end_truth`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.open_season.cards import ATTRIBUTES, CARD_NAMES, FACE_DOWN, NUM_IDENTITIES
from rules.open_season.layout import SHIELD_SCORINGS
from rules.open_season.state import OpenSeasonState
from vision.render.octocube_end import LIGHTINGS, MAX_END_TILT_DEG
from vision.render.open_season_scene import Card, OpenSeasonTable, open_season_scene
from vision.render.scene import Scene, stable_rng_seed

HAND_RATE = 0.12
"""A hand reaches into this share of the photos (now and then, as a player points at a card)."""


@dataclass(frozen=True)
class FinishedOpenSeason:
    state: OpenSeasonState
    table: OpenSeasonTable
    scene: Scene


def _card(identity: int) -> Card:
    people, attribute = CARD_NAMES[identity].split("-")
    return (people, attribute)


def finished_state(players: int, seed: int, side: str, expert: bool, *,
                   random_wilds: bool = False) -> OpenSeasonState:
    """The twin's truth engine played to its end (random legal moves, a wild token placed as
    players place it -- at random too with ``random_wilds``, as before session 34 -- hidden mode
    as the twin)."""
    from tracker.open_season.twin import OpenSeasonTwin

    twin = OpenSeasonTwin(players, seed, side=side, expert=expert, random_wilds=random_wilds)
    if not twin.truth.is_terminal():  # pragma: no cover - the twin always plays to the end
        raise RuntimeError(f"Open Season playout {seed} did not finish")
    return twin.truth


def accolade_order(state: OpenSeasonState, p: int, rng: random.Random) -> list[int]:
    """A player's accolades in the order they fan them (shuffled: the order carries nothing)."""
    cards = [c for c in range(NUM_IDENTITIES) for _ in range(state.acc[p][c])]
    rng.shuffle(cards)
    return cards


def finished_table(players: int, seed: int, side: str, expert: bool, *,
                   table_style: str = "wood", random_wilds: bool = False) -> FinishedOpenSeason:
    from tracker.open_season.view import table_from_state

    state = finished_state(players, seed, side, expert, random_wilds=random_wilds)
    table = table_from_state(state)
    rng = random.Random(stable_rng_seed("end accolades", seed))
    for p, pl in enumerate(table.players):
        order = accolade_order(state, p, rng)
        pl.accolade_cards = [_card(c) for c in order]
        pl.accolades = 0  # the face-down fan is not drawn: every card lies face up
        # a wild token on an accolade card lies on one copy of that card
        wilds: list[int] = []
        for card, _attr in state.acc_wilds[p]:
            free = [i for i, c in enumerate(order) if c == card and i not in wilds]
            if free:
                wilds.append(free[0])
        pl.accolade_wild_cards = wilds
    scene = open_season_scene(table, seed=seed, table_style=table_style)
    scene.meta["finished"] = True
    return FinishedOpenSeason(state, table, scene)


def end_truth(fin: FinishedOpenSeason) -> dict[str, Any]:
    """What a score reader must find: per seat the wall, the tokens, the fanned accolades (in
    fan order), and the engine's final score sheet."""
    state = fin.state
    sheet = state.score_breakdown()
    seats = []
    for p, pl in enumerate(fin.table.players):
        wall = {str(s + 1): (None if v >= FACE_DOWN else CARD_NAMES[v])
                for s, v in enumerate(state.wall[p]) if v >= 0}
        seats.append({
            "seat": p,
            "wall": wall,
            "wall_trophies": {str(s + 1): c for s, c in enumerate(state.wall_trophies[p]) if c},
            "wall_wilds": {str(s + 1): ATTRIBUTES[a] for s, a in enumerate(state.wall_wild[p]) if a >= 0},
            "accolades": [f"{c[0]}-{c[1]}" for c in pl.accolade_cards],
            "accolade_wilds": [{"position": i, "card": CARD_NAMES[card], "attribute": ATTRIBUTES[attr]}
                               for i, (card, attr) in zip(pl.accolade_wild_cards, state.acc_wilds[p])],
            "trophies": state.trophies[p],
            "penalty": state.penalty[p],
            "series": state.series_tile[p],
            "scorings": [n for i, n in enumerate(SHIELD_SCORINGS) if state.shield_active[p] >> i & 1],
            "bonus": {str(c): [f, a] for c, (f, a) in sorted(pl.bonus.items())},
            "total": sheet.total(p),
            "lines": [{"category": ln.category, "points": ln.points, "reason": ln.reason}
                      for ln in sheet.lines_for(p)],
        })
    return {"game": "open_season", "side": state.layout.side, "expert": state.expert,
            "num_players": state.game.num_players, "players": seats,
            "scores": sheet.totals(), "winners": list(sheet.winners), "tie_break": sheet.tie_break}


def end_render_inputs(seed: int, players: int | None, resolution: tuple[int, int],
                      tilt_deg: float | None = None, clean: bool = False, random_wilds: bool = False
                      ) -> tuple[FinishedOpenSeason, Any, Any, str]:
    """(table, camera, render options, lighting name) for finished table ``seed``: 2-4 players,
    Horn or Shield, expert tiles on about half, tilt 0-35, one of the three lightings, a hand now
    and then, no cups or phones."""
    from dataclasses import replace

    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.renderer import RenderOptions

    rng = random.Random(stable_rng_seed("open season end image", seed))
    n = players or rng.choice([2, 3, 4])
    side = rng.choice(["horn", "shield"])
    expert = rng.random() < 0.5
    style = rng.choice(["wood", "wood", "cloth", "plain"])
    fin = finished_table(n, seed % 2**31, side, expert, table_style=style, random_wilds=random_wilds)
    camera = CameraModel.random(rng, tilt_deg=tilt_deg, max_tilt_deg=MAX_END_TILT_DEG,
                                resolution=resolution, distortion=not clean)
    light_name = rng.choice(sorted(LIGHTINGS))
    if clean:
        return fin, camera, RenderOptions.clean(), "clean"
    options = RenderOptions.random(rng, hands=rng.random() < HAND_RATE, distractors=False)
    lighting = Lighting(azimuth_deg=rng.uniform(0, 360), **LIGHTINGS[light_name])
    return fin, camera, replace(options, lighting=lighting), light_name
