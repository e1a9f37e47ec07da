"""Open Season scenes: a table layout and a builder from a simple description of the position.

The engine is written elsewhere; :class:`OpenSeasonTable` is the small description a scene is
built from (cards as ``(people, attribute)`` pairs, ``None`` for a face-down card), and
:func:`random_open_season_table` makes a plausible mid-game one.

Layout (table mm, 600 x 600 play area): four wall boards in a pinwheel, one per side, each
shifted towards its player's right so that neighbours never overlap; each player's personal
area (stock fanned face up, accolades fanned face down, tokens) in the corner to their left;
the inn (3 + 2 cards) and the deck in the middle.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from rules.open_season.layout import SHIELD_SCORINGS
from vision.render import open_season_art as art
from vision.render.scene import Component, Pose, Scene, stable_rng_seed

GAME = "open_season"
Card = tuple[str, str]
"""(people, attribute)."""

SIDES = ("south", "west", "north", "east")
SEAT_SIDES = {2: ("south", "north"), 3: ("south", "west", "north"), 4: SIDES}
SEAT_RGB = ((200, 50, 50), (236, 196, 36), (40, 90, 200), (120, 60, 160))
CARD_W, CARD_H = art.CARD_SIZE_MM
CARD_THICKNESS_MM = 0.35
PINWHEEL_SHIFT_MM = 12.0
_YAW = {"south": 0.0, "west": 90.0, "north": 180.0, "east": 270.0}
SCORING_SLOTS: tuple[str, ...] = SHIELD_SCORINGS
"""Shield: each endgame scoring has its own place for its trophy in the board's free cell, so a
camera can tell which scoring a trophy activated (in this order: top left, top right, bottom
left, bottom right)."""


@dataclass
class PlayerTable:
    wall: dict[int, Card | None] = field(default_factory=dict)
    """Wall space number (1-based) -> card; None = a card placed face down."""
    stock: list[Card] = field(default_factory=list)
    """Bottom .. top."""
    accolades: int = 0
    trophies: int = 0
    wilds: int = 0
    penalties: int = 0
    series: bool = False
    # ---- what a game in progress adds (all optional: empty draws nothing)
    wall_trophies: dict[int, int] = field(default_factory=dict)
    """Wall space number -> trophy tokens lying on that card."""
    wall_wilds: list[int] = field(default_factory=list)
    """Wall space numbers whose card has a wild token on it (the token shows no attribute)."""
    kept: Card | None = None
    """The inn card kept for the next turn, face up in the personal supply."""
    accolade_wilds: int = 0
    """Wild tokens put on accolade cards (at the end of the game)."""
    scorings: list[str] = field(default_factory=list)
    """Shield side: the endgame scorings a trophy activated."""
    bonus: dict[int, tuple[int, bool]] = field(default_factory=dict)
    """Expert: column (1-4) -> (bonus face number, activated permanent face)."""
    # ---- what a finished table adds (empty: nothing drawn, the mid-game drawing unchanged)
    accolade_cards: list[Card] = field(default_factory=list)
    """The accolades turned FACE UP at the end of the game, fanned by hand (in fan order, the
    first card at the bottom); drawn by :func:`accolade_fan_poses` instead of the face-down fan."""
    accolade_wild_cards: list[int] = field(default_factory=list)
    """Positions in ``accolade_cards`` whose card carries a wild token (on its visible strip)."""


@dataclass
class OpenSeasonTable:
    side: str = "horn"
    inn: list[Card] = field(default_factory=list)
    deck: int = 40
    players: list[PlayerTable] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    """Expert face 1: the opponents' discarded cards, face up beside the inn until one is picked."""


def card_classes() -> list[str]:
    names = [f"card {p} {a}" for p in art.PEOPLES for a in art.ATTRIBUTES]
    return names + ["card back", "deck", "token trophy", "token wild", "token penalty",
                    "token series", "board", "bonus tile"]


def rotate_mm(yaw: float, lx: float, ly: float) -> tuple[float, float]:
    """A place's local offset (mm) turned by the place's yaw (degrees) into table axes."""
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    return (lx * c - ly * s, lx * s + ly * c)


def board_pose(side: str) -> tuple[float, float, float]:
    bw, bd = art.WALL_BOARD_SIZE_MM
    yaw = _YAW[side]
    # centre on the edge, then shift along the edge towards the player's right
    cx, cy = 300.0, 600.0 - bd / 2
    dx, dy = rotate_mm(yaw, PINWHEEL_SHIFT_MM + 4, 0)
    ox, oy = rotate_mm(yaw, 0, 300 - bd / 2)
    _ = (cx, cy)
    return (300 + ox + dx, 300 + oy + dy, yaw)


def personal_area_origin(side: str) -> tuple[float, float, float]:
    """Centre of the corner to the player's left, and the player's yaw."""
    yaw = _YAW[side]
    lx, ly = rotate_mm(yaw, -200, 200)
    return (300 + lx, 300 + ly, yaw)


def open_season_scene(table: OpenSeasonTable, *, seed: int = 0, table_style: str = "cloth") -> Scene:
    n = len(table.players)
    if n not in SEAT_SIDES:
        raise ValueError(f"Open Season is for 2-4 players, not {n}")
    if table.side not in art.WALL_SPACES:
        raise ValueError(f"unknown wall side {table.side!r}; expected 'horn' or 'shield'")
    _check_table(table)
    scene = Scene(GAME, table_style=table_style, seed=seed, play_mat_rgb=(40, 60, 90),
                  meta={"num_players": n, "side": table.side})
    ct = CARD_THICKNESS_MM

    def card(uid: str, c: Card | None, x: float, y: float, z: float, yaw: float,
             state: dict, height: float = ct) -> Component:
        faces: dict[str, tuple[str, ...]]
        if c is None:
            faces = {"top": (GAME, "card_back")}
            cls, ident = "card back", "card back"
        else:
            faces = {"top": (GAME, "card", c[0], c[1])}
            cls, ident = f"card {c[0]} {c[1]}", f"{c[0]} {c[1]}"
        st = {"face_up": c is not None, **state}
        if c is not None:
            st.update(people=c[0], attribute=c[1])
        return scene.add(Component(uid, GAME, cls, ident, Pose(x, y, z, yaw), (CARD_W, CARD_H, height),
                                   faces, side_rgb=(236, 230, 212), state=st))

    # inn and deck in the middle
    inn_slots = [(-48, -37), (0, -37), (48, -37), (-24, 37), (24, 37)]
    rng = random.Random(stable_rng_seed(seed, "inn"))
    scene.add(Component("inn", GAME, "board", "inn board", Pose(300, 300, 0.0), (160, 162, 1.5),
                        {"top": (GAME, "token", "inn")}, side_rgb=(60, 40, 26),
                        state={"what": "inn"}))
    for i, c in enumerate(table.inn[:5]):
        dx, dy = inn_slots[i]
        card(f"inn {i + 1}", c, 300 + dx + rng.uniform(-1.5, 1.5), 300 + dy + rng.uniform(-1.5, 1.5),
             1.5, rng.uniform(-4, 4), {"where": "inn", "slot": i + 1})
    if table.deck:
        h = table.deck * ct
        scene.add(Component("deck", GAME, "deck", "deck", Pose(300 + 62, 300 + 37, 1.5, rng.uniform(-5, 5)),
                            (CARD_W, CARD_H, h), {"top": (GAME, "card_back"),
                                                 **{s: (GAME, "pile_side", table.deck) for s in
                                                    ("north", "east", "south", "west")}},
                            state={"where": "deck", "stack_height": table.deck, "face_up": False}))
    for i, c in enumerate(table.discards):
        card(f"discard {i}", c, 300 - 110, 300 - 60 + i * 17, 0.0, 0.0, {"where": "discards", "position": i})
    for seat, player in enumerate(table.players):
        side = SEAT_SIDES[n][seat]
        bx, by, yaw = board_pose(side)
        bw, bd = art.WALL_BOARD_SIZE_MM
        scene.add(Component(f"wall {seat}", GAME, "board", f"wall board {table.side}",
                            Pose(bx, by, 0.0, yaw), (bw, bd, 2.0),
                            {"top": (GAME, "wall", table.side, SEAT_RGB[seat])}, side_rgb=(70, 46, 30),
                            state={"seat": seat, "side": table.side}))
        for number, on_wall in sorted(player.wall.items()):
            prng = random.Random(stable_rng_seed(seed, "wall", seat, number))
            lx, ly = art.wall_space_local(table.side, number)
            ox, oy = rotate_mm(yaw, lx - bw / 2, ly - bd / 2)
            card(f"wall {seat} {number}", on_wall, bx + ox + prng.uniform(-1, 1), by + oy + prng.uniform(-1, 1),
                 2.0, yaw + prng.uniform(-3, 3), {"where": "wall", "seat": seat, "space": number})
        _wall_tokens(scene, table.side, seat, player, (bx, by, yaw))
        px, py, pyaw = personal_area_origin(side)
        prng = random.Random(stable_rng_seed(seed, "personal", seat))
        if player.kept is not None:
            lx, ly = rotate_mm(pyaw, 88, 30)
            card(f"kept {seat}", player.kept, px + lx, py + ly, 0.0, pyaw, {"where": "kept", "seat": seat})
        for column, (face, active) in sorted(player.bonus.items()):
            lx, ly = rotate_mm(pyaw, -60 + (column - 1) * 24, 82)
            scene.add(Component(f"bonus {seat} {column}", GAME, "bonus tile", f"bonus face {face}",
                                Pose(px + lx, py + ly, 0.0, pyaw), (20.0, 14.0, 2.0),
                                {"top": (GAME, "bonus", face, bool(active))}, side_rgb=(90, 70, 40),
                                state={"where": "bonus", "seat": seat, "column": column, "face": face,
                                       "active": bool(active)}))
        for i in range(0 if player.accolade_cards else player.accolade_wilds):
            lx, ly = rotate_mm(pyaw, 20 + i * 20, -10)
            scene.add(Component(f"accolade wild {seat} {i}", GAME, "token wild", "wild",
                                Pose(px + lx, py + ly, 8.0, pyaw), (12.0, 12.0, 1.5), {"top": (GAME, "token", "wild")},
                                state={"where": "accolades", "seat": seat}))
        # stock: face up, fanned downwards so every corner index shows
        for i, c in enumerate(player.stock):
            lx, ly = rotate_mm(pyaw, -40, -40 + i * 17)  # 17 mm: a whole corner index shows
            card(f"stock {seat} {i}", c, px + lx, py + ly, i * ct, pyaw + prng.uniform(-2, 2),
                 {"where": "stock", "seat": seat, "position": i,
                  "top_of_stock": i == len(player.stock) - 1})
        if player.accolade_cards:
            _accolade_fan(scene, card, seat, player, (px, py, pyaw), seed)
        # accolades: face down, fanned like a hand of cards
        k = player.accolades
        turn, step = min(7.0, 56.0 / max(k, 1)), min(6.0, 60.0 / max(k, 1))  # a hand's fan
        for i in range(k):
            a = (i - (k - 1) / 2) * turn
            lx, ly = rotate_mm(pyaw, 32 + (i - (k - 1) / 2) * step, -25 + abs(i - (k - 1) / 2) * 0.2 * step)
            card(f"accolade {seat} {i}", None, px + lx, py + ly, i * ct, pyaw + a,
                 {"where": "accolades", "seat": seat, "position": i})
        tokens = (["trophy"] * player.trophies + ["wild"] * player.wilds
                  + ["penalty"] * player.penalties + (["series"] if player.series else []))
        for i, kind in enumerate(tokens):
            lx, ly = rotate_mm(pyaw, -60 + i * 22, 58)
            size = (30.0, 18.0) if kind == "series" else (art.TOKEN_DIAMETER_MM, art.TOKEN_DIAMETER_MM)
            scene.add(Component(f"token {seat} {i}", GAME, f"token {kind}", kind,
                                Pose(px + lx + prng.uniform(-2, 2), py + ly + prng.uniform(-2, 2), 0.0,
                                     pyaw + prng.uniform(-20, 20)),
                                (size[0], size[1], 2.0), {"top": (GAME, "token", kind)},
                                state={"where": "personal area", "seat": seat}))
    return scene


FAN_ROW_CARDS = 12
"""At most this many cards in one row of a face-up accolade fan (a second row below holds the
rest): at 212 mm a row keeps a 12 mm strip of each card, wide enough for its corner index."""
FAN_ROWS_Y = (-50.0, 10.0)
"""Player-local y (mm from the personal area's centre, towards the player) of each fan row's
card centres; the cards' top edges lie 34 mm above."""
FAN_LEFT_X = -97.0
"""Player-local x of a fan row's first card's left edge (the corner is free from -100 to the
player's own board at +121; the neighbour's board reaches y = -89)."""
FAN_WIDTH_MM = 212.0
FAN_MAX_STEP_MM = 15.5
WILD_ON_STRIP_MM = 50.0
"""A wild token on an accolade card lies on its visible strip, this far below the card's top."""


def accolade_fan_rows(k: int) -> list[int]:
    """How many cards each fan row holds for ``k`` face-up accolades (first row first)."""
    if k <= FAN_ROW_CARDS:
        return [k] if k else []
    first = (k + 1) // 2
    return [first, k - first]


def accolade_fan_poses(k: int, rng: random.Random) -> list[tuple[float, float, float]]:
    """Player-local (x, y, yaw offset) of each card's TOP-LEFT corner in a hand-made fan of
    ``k`` face-up cards: each card lies on the one before, shifted right by an uneven step
    (12-17 mm: only a strip of each shows, its corner index included) and turned a little."""
    out: list[tuple[float, float, float]] = []
    for r, count in enumerate(accolade_fan_rows(k)):
        nominal = min(FAN_MAX_STEP_MM, (FAN_WIDTH_MM - CARD_W - 4) / max(count - 1, 1))
        spread = min(1.5, max(0.4, nominal - 12.3))
        base = rng.uniform(-1.0, 1.0)
        x = FAN_LEFT_X + rng.uniform(0, 2)
        y0 = FAN_ROWS_Y[r] - CARD_H / 2 + rng.uniform(-1.0, 1.0)
        mid = FAN_LEFT_X + FAN_WIDTH_MM / 2
        for i in range(count):
            a = base + rng.uniform(-2.0, 2.0)
            out.append((x, y0 + (x - mid) * math.tan(math.radians(base)) + rng.uniform(-0.8, 0.8), a))
            x += nominal + rng.uniform(-spread, spread)
    return out


def _accolade_fan(scene: Scene, card: Any, seat: int, player: PlayerTable,
                  origin: tuple[float, float, float], seed: int) -> None:
    """The accolades face up, fanned by hand in the personal area (see accolade_fan_poses)."""
    px, py, pyaw = origin
    rng = random.Random(stable_rng_seed(seed, "accolade fan", seat))
    poses = accolade_fan_poses(len(player.accolade_cards), rng)
    wild = set(player.accolade_wild_cards)
    for i, (c, (cx, cy, a)) in enumerate(zip(player.accolade_cards, poses)):
        # card centre: the top-left corner plus half the card, turned by the card's yaw
        ox, oy = rotate_mm(a, CARD_W / 2, CARD_H / 2)
        lx, ly = rotate_mm(pyaw, cx + ox, cy + oy)
        card(f"accolade {seat} {i}", c, px + lx, py + ly, i * CARD_THICKNESS_MM, pyaw + a,
             {"where": "accolades", "seat": seat, "position": i})
        if i in wild:
            step = (poses[i + 1][0] - cx) if i + 1 < len(poses) and abs(poses[i + 1][1] - cy) < 20 else 16.0
            tx, ty = rotate_mm(a, min(step, 16.0) / 2, WILD_ON_STRIP_MM)
            wx, wy = rotate_mm(pyaw, cx + tx, cy + ty)
            scene.add(Component(f"accolade wild {seat} {i}", GAME, "token wild", "wild",
                                Pose(px + wx, py + wy, len(poses) * CARD_THICKNESS_MM + 0.5, pyaw),
                                (12.0, 12.0, 1.5), {"top": (GAME, "token", "wild")},
                                state={"where": "accolades", "seat": seat, "on_card": i}))


def _wall_tokens(scene: Scene, side: str, seat: int, player: PlayerTable,
                 board: tuple[float, float, float]) -> None:
    """Trophy and wild tokens lying on wall cards, and (Shield) the trophies beside the endgame
    scorings, printed in the board's free top-right cell."""
    bx, by, yaw = board
    bw, bd = art.WALL_BOARD_SIZE_MM
    size = (12.0, 12.0, 1.5)

    def put(uid: str, kind: str, lx: float, ly: float, state: dict) -> None:
        ox, oy = rotate_mm(yaw, lx - bw / 2, ly - bd / 2)
        scene.add(Component(uid, GAME, f"token {kind}", kind, Pose(bx + ox, by + oy, 2.4, yaw), size,
                            {"top": (GAME, "token", kind)}, state={"seat": seat, **state}))

    for number, count in sorted(player.wall_trophies.items()):
        cx, cy = art.wall_space_local(side, number)
        for i in range(count):
            put(f"wall trophy {seat} {number} {i}", "trophy", cx - 13 + 9 * (i % 3), cy + 20 - 9 * (i // 3),
                {"where": "wall", "space": number})
    for number in sorted(player.wall_wilds):
        cx, cy = art.wall_space_local(side, number)
        put(f"wall wild {seat} {number}", "wild", cx + 13, cy - 22, {"where": "wall", "space": number})
    for i, name in enumerate(player.scorings):
        lx, ly = scoring_trophy_local(SCORING_SLOTS.index(name) if name in SCORING_SLOTS else i)
        put(f"scoring trophy {seat} {name}", "trophy", lx, ly, {"where": "scoring", "scoring": name})


def scoring_trophy_local(slot: int) -> tuple[float, float]:
    """Board-local centre (mm) of the trophy beside Shield scoring ``slot`` (index in
    :data:`SCORING_SLOTS`), in the board's free top-right cell."""
    lx = art.WALL_MARGIN_MM + 3.5 * art.WALL_PITCH_MM[0] + (-10 if slot % 2 == 0 else 10)
    ly = art.WALL_MARGIN_MM + 0.5 * art.WALL_PITCH_MM[1] + (-15 if slot < 2 else 15)
    return (lx, ly)


def _check_card(card: object, where: str) -> None:
    if card is None:
        return
    if (not isinstance(card, tuple | list) or len(card) != 2 or card[0] not in art.PEOPLES
            or card[1] not in art.ATTRIBUTES):
        raise ValueError(f"{where}: {card!r} is not a card (people, attribute); peoples are "
                         f"{', '.join(art.PEOPLES)}, attributes {', '.join(art.ATTRIBUTES)}")


def _check_table(table: OpenSeasonTable) -> None:
    """Name the first thing in the description that cannot be drawn."""
    if len(table.inn) > 5:
        raise ValueError(f"the inn holds at most 5 cards, not {len(table.inn)}")
    for i, c in enumerate(table.inn):
        if c is None:
            raise ValueError(f"inn card {i + 1} is None: inn cards are face up")
        _check_card(c, f"inn card {i + 1}")
    spaces = len(art.WALL_SPACES[table.side])
    for seat, player in enumerate(table.players):
        for number, on_wall in player.wall.items():
            if not isinstance(number, int) or not 1 <= number <= spaces:
                raise ValueError(f"player {seat + 1}: wall space {number!r} does not exist on the "
                                 f"{table.side} side (1-{spaces})")
            _check_card(on_wall, f"player {seat + 1} wall space {number}")
        for i, c in enumerate(player.stock):
            if c is None:
                raise ValueError(f"player {seat + 1}: stock cards are face up, got None")
            _check_card(c, f"player {seat + 1} stock card {i + 1}")
        for name in ("accolades", "trophies", "wilds", "penalties"):
            value = getattr(player, name)
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"player {seat + 1}: {name} must be a count, not {value!r}")
    if not isinstance(table.deck, int) or table.deck < 0:
        raise ValueError(f"deck must be a card count, not {table.deck!r}")


def random_open_season_table(num_players: int = 4, seed: int = 0, *, side: str = "horn",
                             rounds_played: int | None = None) -> OpenSeasonTable:
    rng = random.Random(stable_rng_seed("open-season", num_players, seed, side))
    deck = [(p, a) for p in art.PEOPLES for a in art.ATTRIBUTES for _ in range(6)]
    rng.shuffle(deck)
    spaces = len(art.WALL_SPACES[side])
    played = rng.randint(3, spaces - 1) if rounds_played is None else rounds_played
    players = []
    for _ in range(num_players):
        numbers = rng.sample(range(1, spaces + 1), played)
        wall: dict[int, Card | None] = {}
        for number in numbers:
            wall[number] = None if rng.random() < 0.08 else deck.pop()
        stock = [deck.pop() for _ in range(rng.randint(0, 3))]
        players.append(PlayerTable(wall=wall, stock=stock, accolades=rng.randint(0, 2 * played),
                                   trophies=rng.randint(0, 3), wilds=rng.randint(0, 1),
                                   penalties=rng.randint(0, 1), series=rng.random() < 0.3))
    inn = [deck.pop() for _ in range(5)]
    return OpenSeasonTable(side=side, inn=inn, deck=min(len(deck), 60), players=players)
