"""Read the stocks of a filmed Open Season game's still scenes, in seconds a scene: the twin of a
``bench/demo_accuracy.py --game open_season`` game (or of a ``ui.cli demo`` game, ``--demo``)
rebuilt, each still rendered as the film renders it (the game's camera, its drifting light, the
table's seed) and read through ``CardReader.read_table``; each stock compared with the twin's.
Where a filmed game's alarm names a stock, its scene is read here without playing the game again
(docs/open_season.md, session 23, os-stock).

    python bench/open_season_stills.py 102618 --games 20 --seed 102610 --scenes 150-155
    python bench/open_season_stills.py 102741 --demo 2 shield 20 evening --illegal 1 \\
        --art A995101 --pack P995101 --scenes 44,45,50,51
    python bench/open_season_stills.py 102659 --games 40 --seed 102640        # every still
    python bench/open_season_stills.py 102797 --seed 102790 --walls           # the walls too

Scene k is the table after the twin's change k (0: the set-up), the k-th still the tracker gets.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _scenes(text: str, count: int) -> list[int]:
    if text == "all":
        return list(range(count))
    out: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        out.extend(range(int(first), int(last or first) + 1))
    return [k for k in out if k < count]


def _walls_wrong(table: Any, read: Any) -> list[str]:
    """Each wall space read otherwise than the twin has it (a face-down card reads "back")."""
    out = []
    for seat, player in enumerate(table.players):
        for number, got in read.walls[seat].items():
            card = player.wall.get(number, "empty")
            want = "back" if card is None else card if isinstance(card, str) else "-".join(card)
            if got.card != want:
                out.append(f"player {seat + 1} space {number} WRONG wall {want} read {got.card} "
                           f"({got.confidence:.2f}, fit {got.fit:.2f})")
    return out


def main() -> int:
    import numpy as np

    from bench.demo_accuracy import open_season_specs
    from tracker.film import drifting_lightings
    from tracker.open_season.recogniser import _view_of
    from tracker.open_season.twin import OpenSeasonTwin
    from vision.open_season.cards import CardReader
    from vision.render.art_pack import ArtPack, with_art
    from vision.render.camera import CameraModel
    from vision.render.open_season_scene import open_season_scene
    from vision.render.renderer import Renderer, RenderOptions

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game_seed", type=int)
    parser.add_argument("--games", type=int, default=20, help="the bench run's --games (its specs)")
    parser.add_argument("--seed", type=int, default=None, help="the bench run's --seed")
    parser.add_argument("--demo", nargs=4, metavar=("PLAYERS", "SIDE", "TILT", "LIGHTING"),
                        help="a ui.cli demo game instead (not expert)")
    parser.add_argument("--illegal", type=int, default=3, help="illegal changes (bench 3, demo as given)")
    parser.add_argument("--scenes", default="all", help="e.g. 150-155,160 (default all)")
    parser.add_argument("--art", help="the art pack the game was drawn with")
    parser.add_argument("--pack", help="the taught pack it was read with")
    parser.add_argument("--resolution", type=int, nargs=2, default=(1280, 720), metavar=("W", "H"))
    parser.add_argument("--save", metavar="DIR", help="also save each frame as DIR/scene_K.npy")
    parser.add_argument("--walls", action="store_true",
                        help="also compare every wall space with the twin's (each one read wrong printed)")
    args = parser.parse_args()
    spec: dict[str, Any]
    if args.demo:
        players, side, tilt, lighting = args.demo
        spec = dict(players=int(players), seed=args.game_seed, tilt=float(tilt), lighting=lighting, side=side,
                    expert=False)
    else:
        first = args.seed if args.seed is not None else args.game_seed
        spec = next(s for s in open_season_specs(args.games, first) if s["seed"] == args.game_seed)
    print(spec)
    twin = OpenSeasonTwin(spec["players"], spec["seed"], side=spec["side"], expert=spec["expert"],
                          illegal=args.illegal)
    size = tuple(args.resolution)
    camera = CameraModel.looking_at(tilt_deg=spec["tilt"], resolution=size,
                                    azimuth_deg=random.Random(spec["seed"]).choice([0.0, 90.0, 180.0, 270.0]))
    lights = drifting_lightings(spec["lighting"], len(twin.changes), spec["seed"])
    art = ArtPack.load(args.art) if args.art else None
    pack = None
    if args.pack:
        from vision.pack import load_pack

        pack = load_pack(args.pack, "open_season")
    renderer = Renderer()
    reader = CardReader(_view_of(camera, size), spec["side"], spec["players"], pack, expert=spec["expert"])
    wrong = total = walls_wrong = walls_total = 0
    for k in _scenes(args.scenes, len(twin.descriptions)):
        table = twin.descriptions[k]
        if not args.walls and not any(player.stock for player in table.players):
            continue
        scene = open_season_scene(table, seed=twin.seed)
        if art is not None:
            scene = with_art(scene, art)
        options = RenderOptions(lighting=lights[max(0, k - 1)], table_seed=spec["seed"] % 997)
        image = renderer.render(scene, camera, options, seed=spec["seed"] * 100_003 + k).image
        if args.save:
            np.save(Path(args.save) / f"scene_{k}.npy", image)
        # the walls: a card under trophies by its strip, as the tracker reads it (the twin's
        # trophies stand for the token reader's)
        trophies = {seat: {n for n, k in player.wall_trophies.items() if k} for seat, player in enumerate(table.players)}
        read = reader.read_table(image, trophies if args.walls else None)
        if args.walls:
            bad = _walls_wrong(table, read)
            walls_total += sum(len(wall) for wall in read.walls.values())
            walls_wrong += len(bad)
            for line in bad:
                print(k, line, flush=True)
        for seat, player in enumerate(table.players):
            want = ["-".join(card) for card in player.stock]
            got = read.stocks[seat]
            right = [r.card for r in got] == want
            total += 1
            wrong += not right
            if want or got:
                print(k, f"player {seat + 1}", "right" if right else "WRONG", "stock", want, "read",
                      [(r.card, round(r.confidence, 2)) for r in got], flush=True)
    print(f"stocks read wrong: {wrong} of {total}")
    if args.walls:
        print(f"wall spaces read wrong: {walls_wrong} of {walls_total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
