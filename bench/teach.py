"""Teaching TableSight a printing it never saw (issue 20): per-component accuracy before and after
teaching, whole-game tracking with the taught pack, and how often untaught art is named.

For each random printing (``vision/render/random_art.py``, bench seeds from 900000: never used in
development, which used training seeds 1-11), the bench renders teach-sheet photos of it
(``render_teach_photo``: random light, tilt 0-35, components a little off their places), teaches
from 1 and from 2 photos (``vision.teach.teach``), then reads rendered Octocube tables drawn with
that printing (``synth_frame(..., art=...)``, the Octocube recognition bench's frames) three ways:
the built-in models ("before"), the pack from 1 photo, the pack from 2 photos. Scored: stack tops
(tile / empty, visible ones), cube tops (tile or bare, where the cube was found), board spaces and
coin piles. Then whole demo games (``tablesight demo --art --pack``, 960x540, illegal changes
injected): moves followed and false alarms with the 2-photo pack and, for comparison, with the
built-in art; and short demo games with the untaught printing and the built-in models: whether
the recogniser names the unknown copy within the first 3 still scenes (and never on built-in art
or with the right pack).

Run: ``.venv/bin/python bench/teach.py [--packs 6] [--frames 8] [--games 4] [--moves 20]
[--open-season TABLES] [--open-season-warn GAMES] [--octocube-games G --octocube-seed S] [--art-dir DIR ...]``
(``--octocube-games``: whole Octocube pixel games at ``--resolution``, players, tilt 0-35 and the three lightings
from each game's seed, taught pack vs built-in art; ``--open-season``: Open Season's
cards too, built-in card art vs taught; ``--open-season-warn``: short Open Season games with the untaught
printings; ``--art-dir``: these art-pack folders instead of random printings, e.g. the other hand's
printings of ``bench/other_hand_art.py``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.octocube.layout import BARE, CUBE, EMPTY  # noqa: E402

BENCH_ART_SEED = 900_000
FRAME_SEED = 520_000
OS_TABLE_SEED = 96_000
"""Octocube frames from the recognition bench's seed range (vision/octocube/synth.py)."""


class Tally:
    def __init__(self) -> None:
        self.n: Counter[str] = Counter()
        self.ok: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()

    def add(self, what: str, good: bool, error: str = "") -> None:
        self.n[what] += 1
        self.ok[what] += int(good)
        if not good and error:
            self.errors[f"{what}: {error}"] += 1

    def pct(self, what: str) -> str:
        n = self.n[what]
        return f"{100.0 * self.ok[what] / n:7.2f} % ({self.ok[what]}/{n})" if n else "      -"


def _label(reading: Any) -> str:
    if reading is None:
        return "missing"
    if reading.covered:
        return CUBE
    return reading.tile.label() if reading.tile is not None else EMPTY


def score_frame(tally: Tally, obs: Any, frame: Any) -> None:
    from vision.octocube.truth import scene_truth

    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    for loc, want in truth.tops.items():
        if want == CUBE:
            continue
        got = _label(obs.tops.get(loc))
        tally.add("stack tops", got == want, f"{want} -> {got}")
    for seat, cube_loc in truth.cube_location.items():
        reading = obs.cubes.get(seat)
        if reading is None or reading.location != cube_loc:
            tally.add("cube found", False, "not found")
            continue
        tally.add("cube found", True)
        want = truth.cube_top[seat]
        got = reading.top.label() if reading.top is not None else BARE
        tally.add("cube tops", got == want, f"{want} -> {got}")
    for seat in range(frame.num_players):
        want_tiles = {t.label() for t in truth.board_tiles[seat]}
        got_tiles = {t.label() for t in obs.boards[seat].tiles}
        tally.add("boards (all spaces)", want_tiles == got_tiles,
                  f"missed {sorted(want_tiles - got_tiles)} extra {sorted(got_tiles - want_tiles)}")
        tally.add("coin piles", (obs.boards[seat].coins > 0) == (truth.coins[seat] > 0))
    tally.add("scenes named unknown", obs.unknown_copy is not None)


def wrong_tops(obs: Any, frame: Any, rec: Any) -> list[str]:
    """Every stack or cube top read wrong, and every cube not found, in ``obs``: where, want -> got, the confidence, and how
    much of it the renderer shows and the recogniser thinks a found cube hides."""
    from vision.octocube.truth import scene_truth

    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    hidden = getattr(rec, "last_hidden", {})
    out = []
    for loc, want in truth.tops.items():
        reading = obs.tops.get(loc)
        got = _label(reading)
        if want != CUBE and got != want:
            out.append(f"stack top {loc}: {want} -> {got} (confidence {reading.confidence if reading else 0:.2f}, "
                       f"visible {truth.top_visibility[loc]:.2f}, hidden by a cube {hidden.get(loc, 0.0):.2f})")
    for seat, cube_at in truth.cube_location.items():
        cube = obs.cubes.get(seat)
        if cube is None or cube.location != cube_at:
            out.append(f"cube not found, seat {seat} at {cube_at}: "
                       + ("none read" if cube is None else f"read at {cube.location}"))
            continue
        want = truth.cube_top[seat]
        got = cube.top.label() if cube.top is not None else BARE
        if got != want:
            out.append(f"cube top, seat {seat} at {cube_at}: {want} -> {got}")
    return out


def demo_game(art: str | None, pack: str | None, seed: int, moves: int, illegal: int,
              game: str = "octocube", resolution: tuple[int, int] = (960, 540),
              say: Any = None, varied: bool = False, mode: str = "standard") -> dict[str, Any]:
    """One ``tablesight demo`` game through :func:`tracker.build.build_pipeline`, the path ``run
    --pack`` takes: the twin drawn with ``art`` (None: built-in), read by ``pack`` (None: built-in);
    ``say`` hears the table's changes, the tracker's moves, questions and alerts, as the demo prints them,
    and the tracker's notes (``run_demo``'s ``notes``: lines beginning "note: ")."""
    from tracker.build import build_pipeline
    from tracker.demo_run import run_demo

    return run_demo(build_pipeline(demo_setup(art, pack, seed, moves, illegal, game, resolution, varied, mode)),
                    say=say, notes=say is not None)


LIGHTS = ("day", "lamp", "evening")


def octocube_view(seed: int) -> tuple[float, str]:
    """The tilt (0-35 degrees) and lighting of a varied Octocube game (``--octocube-games``), from its
    seed as bench/demo_accuracy.py's games draw them: the players follow ``2 + seed % 3``, the light
    ``(seed // 3 + seed) % 3`` so that it does not go with the number of players."""
    import random

    return round(random.Random(seed).uniform(0.0, 35.0), 1), LIGHTS[(seed // 3 + seed) % 3]


def demo_setup(art: str | None, pack: str | None, seed: int, moves: int, illegal: int,
               game: str = "octocube", resolution: tuple[int, int] = (960, 540), varied: bool = False,
               mode: str = "standard") -> Any:
    """The :class:`tracker.table.TableSetup` of :func:`demo_game` (the one :func:`demo_command`'s line
    builds). Octocube: the demo set-up (tilt 15, day light), or with ``varied`` the tilt and light of
    :func:`octocube_view` and ``mode``."""
    from tracker.table import TableSetup

    options: dict[str, Any] = {}
    tilt, lighting = 15.0, "day"
    if game == "open_season":  # both sides, expert on every other game, the three lightings
        options = {"side": ("horn", "shield")[seed % 2], "expert": seed // 2 % 2 == 1}
        tilt, lighting = float(seed * 7 % 36), LIGHTS[seed % 3]
    elif varied:
        options = {"mode": mode}
        tilt, lighting = octocube_view(seed)
    setup = TableSetup(game=game, players=2 + seed % 3, options=options, source="demo", seed=seed,
                       illegal=illegal, moves=moves, art=art, pack_path=pack, lighting=lighting, tilt=tilt,
                       resolution=resolution)
    return setup


def demo_command(art: str | None, pack: str | None, seed: int, moves: int, illegal: int,
                 resolution: tuple[int, int], game: str = "open_season", mode: str = "standard") -> str:
    """The ``tablesight demo`` line that plays :func:`demo_game`'s Open Season game, or (``game``
    'octocube') its varied Octocube game (to trace it with ``--log``)."""
    if game == "octocube":
        tilt, lighting = octocube_view(seed)
        options = f"--mode {mode}"
    else:
        side, expert = ("horn", "shield")[seed % 2], seed // 2 % 2 == 1
        tilt, lighting = float(seed * 7 % 36), LIGHTS[seed % 3]
        options = f"--side {side}{' --expert' if expert else ''}"
    return (f"python -m ui.cli demo --game {game} --players {2 + seed % 3} {options} --seed {seed} "
            f"--illegal {illegal} --moves {moves} --tilt {tilt:g} --lighting {lighting} "
            f"--resolution {resolution[0]}x{resolution[1]} --pixels"
            + (f" --art {art}" if art else "") + (f" --pack {pack}" if pack else "") + " --json")


def open_season_games(printings: list[tuple[int, str]], games: int, first_seed: int, moves: int, illegal: int,
                      resolution: tuple[int, int], photos_of: Any, tmp: Path, which: tuple[str, ...],
                      say_dir: Path | None = None, game: str = "open_season", mode: str = "standard") -> None:
    """Whole Open Season games (pixels, ``resolution``; 2-4 players, both sides, expert on every
    other game, tilt 0-35, the three lightings, all from the game's seed as in :func:`demo_game`;
    ``game`` 'octocube': whole Octocube games in ``mode``, players, tilt and light from the seed),
    game ``g`` drawn with printing ``g % len(printings)`` and read by its pack taught from 2 teach
    photos, the user's ``teach`` then ``run --pack``; and (``built_in``) the same game drawn and read
    with the built-in art (``which`` says which of the two are played; ``say_dir``: each game's
    changes, moves, questions and alerts in ``<seed>-taught.txt`` / ``<seed>-built-in.txt``). Moves followed, illegal changes flagged, false alarms, final scores."""
    from vision.pack import save_pack
    from vision.render.art_pack import ArtPack
    from vision.teach import teach

    packs: dict[int, str] = {}
    runs: dict[str, list[dict[str, Any]]] = {"taught printing, 2-photo pack": [], "built-in art, built-in models": []}
    for g in range(games):
        seed = first_seed + g
        art_seed, art_dir = printings[g % len(printings)]
        if art_seed not in packs and "taught" in which:
            pack_path = tmp / f"{game}_{art_seed}.pack"
            save_pack(teach(game, photos_of(game, ArtPack.load(art_dir), art_seed)).pack, pack_path)
            packs[art_seed] = str(pack_path)
        print(f"  {game.replace('_', ' ')} game {seed}, printing {art_seed}: "
              f"{demo_command(art_dir, packs.get(art_seed), seed, moves, illegal, resolution, game, mode)}",
              flush=True)
        pair: list[tuple[str, str | None, str | None]] = []
        if "taught" in which:
            pair.append(("taught printing, 2-photo pack", art_dir, packs[art_seed]))
        if "built-in" in which:
            pair.append(("built-in art, built-in models", None, None))
        for name, art, pack in pair:
            if say_dir is None:
                r = demo_game(art, pack, seed, moves, illegal, game=game, resolution=resolution, varied=True,
                              mode=mode)
            else:  # written as the game goes: a game cut short still shows how far it was followed
                say_dir.mkdir(parents=True, exist_ok=True)
                with open(say_dir / f"{seed}-{name.split()[0].rstrip(',')}.txt", "w", encoding="utf-8") as said:
                    def say(line: str, said: Any = said) -> None:
                        said.write(line + "\n")
                        said.flush()

                    r = demo_game(art, pack, seed, moves, illegal, game=game, resolution=resolution, say=say,
                                  varied=True, mode=mode)
            runs[name].append(r)
            print(f"    {name}: moves {r['moves_correct']}/{r['moves_total']}, illegal flagged "
                  f"{r['illegal_flagged']}/{r['illegal_injected']}, false alarms {r['false_alarms']}, questions "
                  f"{r['questions_asked']}, scores {'equal' if r['final_scores_match'] else 'DIFFER'} "
                  f"({r['truth_scores']} / {r['tracked_scores']}), scenes named unknown "
                  f"{r['unknown_copy_scenes']}/{r['scenes_read']}, {r['seconds']:.0f} s", flush=True)
    w, h = resolution
    print(f"\nWhole {'Open Season' if game == 'open_season' else 'Octocube ' + mode} games ({games}, seeds "
          f"{first_seed}-{first_seed + games - 1}, {w}x{h} pixels, {moves or 'all'} moves, {illegal} illegal each):")
    for name, rs in runs.items():
        if not rs:
            continue
        total = sum(r["moves_total"] for r in rs)
        ok = sum(r["moves_correct"] for r in rs)
        alarms = sum(r["false_alarms"] for r in rs)
        print(f"  {name:<32} moves {100 * ok / max(1, total):6.2f} % ({ok}/{total}), illegal flagged "
              f"{sum(r['illegal_flagged'] for r in rs)}/{sum(r['illegal_injected'] for r in rs)}, false alarms "
              f"{alarms} ({100 * alarms / max(1, total):.2f} % of moves), scores equal "
              f"{sum(bool(r['final_scores_match']) for r in rs)}/{len(rs)}, questions "
              f"{sum(r['questions_asked'] for r in rs)}, scenes named unknown "
              f"{sum(r['unknown_copy_scenes'] for r in rs)}/{sum(r['scenes_read'] for r in rs)}")


def open_season_table(seed: int, t: int, art: Any, renderer: Any) -> tuple[Any, str, int, dict[str, str]]:
    """Table ``t`` of a run, at ``seed``, drawn in ``art``: 2-4 players, Horn or Shield, expert
    tiles on every other table, a game played 30-160 moves, tilt 0-35 at 1280x720, the three
    lightings in turn. Returns the render, the side, the players and the truth per wall place
    and inn slot (a card's name, BACK or EMPTY). bench/open_season_taught_cards.py draws its
    tables here too."""
    import random

    from tracker.film import LIGHTINGS
    from tracker.open_season.twin import OpenSeasonTwin
    from vision.open_season.cards import BACK
    from vision.open_season.cards import EMPTY as NO_CARD
    from vision.render.art_pack import with_art
    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.open_season_scene import open_season_scene
    from vision.render.renderer import RenderOptions

    rng = random.Random(seed)
    n, side = (2, 3, 4)[t % 3], ("horn", "shield")[(t // 3) % 2]
    twin = OpenSeasonTwin(n, seed, side=side, expert=t % 2 == 1, max_moves=rng.randint(30, 160))
    table = twin.descriptions[-1]
    camera = CameraModel.looking_at(tilt_deg=rng.uniform(0, 35), azimuth_deg=rng.choice([0.0, 90.0, 180.0, 270.0]),
                                    resolution=(1280, 720))
    light = Lighting(**LIGHTINGS[("day", "lamp", "evening")[t % 3]])
    out = renderer.render(with_art(open_season_scene(table, seed=seed), art), camera,
                          RenderOptions(lighting=light), seed=seed)
    truth: dict[str, str] = {}
    for seat_i, player in enumerate(table.players):
        for number in range(1, (11 if side == "horn" else 9) + 1):
            card = player.wall.get(number, NO_CARD) if number in player.wall else NO_CARD
            truth[f"wall {seat_i} {number}"] = BACK if card is None else (
                NO_CARD if card == NO_CARD else f"{card[0]}-{card[1]}")
    for i, card in enumerate(table.inn):
        truth[f"inn {i + 1}"] = f"{card[0]}-{card[1]}"
    return out, side, n, truth


def open_season_cards(art_seeds: list[tuple[int, str]], tables: int, photos_of: Any, renderer: Any,
                      list_errors: bool = False, first_table: int = OS_TABLE_SEED) -> None:
    """Open Season's wall and inn cards (vision/open_season/cards.py) on tables drawn with each
    printing: the built-in card art vs the pack taught from 1 and 2 photos of the Open Season
    teach sheet (table seeds ``first_table`` and up, by default 96000 as bench/open_season_cards.py). Every place is read as
    a whole card (``CardReader.read``); a wrong inn slot is read again as the tracker reads the
    inn (``read_table``: a card the deck hides is called hidden) and counted apart when that calls
    it hidden. ``list_errors``: print each wrong face-up card (taught packs)."""
    from vision.open_season.cards import BACK, EMPTY, HIDDEN, CardReader
    from vision.render.art_pack import ArtPack
    from vision.teach import teach

    counts: dict[str, list[int]] = {}
    read_s: dict[str, list[float]] = {}
    for k, (art_seed, art_dir) in enumerate(art_seeds):
        art = ArtPack.load(art_dir)
        photos = photos_of("open_season", art, art_seed)
        packs = {"built-in card art (before)": None, "taught, 1 photo": teach("open_season", photos[:1]).pack,
                 "taught, 2 photos": teach("open_season", photos).pack}
        for t in range(tables):
            seed = first_table + 100 * k + t
            out, side, n, truth = open_season_table(seed, t, art, renderer)
            for name, pack in packs.items():
                reader = CardReader.from_ground_truth(out.ground_truth, side, n, pack)
                t0 = time.perf_counter()
                reads = {r.place: r.card for r in reader.read(out.image)}
                read_s.setdefault(name, []).append(time.perf_counter() - t0)
                inn: dict[str, str] | None = None
                for place, want in truth.items():
                    kind = "empty" if want == EMPTY else "face down" if want == BACK else "face up"
                    c = counts.setdefault(f"{name}|{kind}", [0, 0])
                    c[0] += int(reads[place] == want)
                    c[1] += 1
                    if reads[place] == want or kind != "face up" or pack is None:
                        continue  # the built-in art misreads nearly every card of a printing
                    if place.startswith("inn ") and inn is None:
                        inn = {r.place: r.card for r in reader.read_table(out.image).inn}
                    hidden = inn is not None and inn.get(place) == HIDDEN
                    counts.setdefault(f"{name}|hidden", [0, 0])[0] += int(hidden)
                    if list_errors:
                        print(f"    {name}: printing {art_seed} table {seed} {place}: {want} -> {reads[place]}"
                              + (" (the tracker's inn read: hidden)" if hidden else ""), flush=True)
        print(f"  open season printing {art_seed}: face-up so far (2 photos) "
              f"{counts.get('taught, 2 photos|face up', [0, 0])}", flush=True)
    print(f"\nOpen Season cards (people + attribute), {len(art_seeds)} printings x {tables} tables at 1280x720:")
    for name in ("built-in card art (before)", "taught, 1 photo", "taught, 2 photos"):
        parts = []
        for kind in ("face up", "face down", "empty"):
            ok, n = counts.get(f"{name}|{kind}", [0, 0])
            parts.append(f"{kind} {100 * ok / max(1, n):6.2f} % ({ok}/{n})")
        print(f"  {name:<28} " + ", ".join(parts) + f"; {statistics.median(read_s[name]):.2f} s median per table read")
        hidden_misses = counts.get(f"{name}|hidden", [0, 0])[0]
        if hidden_misses:
            print(f"  {'':<28} of the face-up misses, {hidden_misses} an inn card the deck hides (the tracker's inn read: hidden)")


def open_season_warnings(art_dirs: list[str], games: int) -> None:
    """Short Open Season demo games (24 moves, pixels; both sides, expert on every other game, tilt
    0-35, the three lightings) drawn with each untaught printing in turn: is the unknown copy named
    within the first 3 still scenes that show cards to judge? (An Open Season set-up shows none:
    the inn is dealt by the first refill, after the expert bonus tiles.) The same games drawn with
    the built-in art must never be named unknown."""
    warned, wrongly, never_judged, lags = 0, 0, 0, []
    for g in range(games):
        seed = 730 + g
        untaught = demo_game(art_dirs[g % len(art_dirs)], None, seed, 24, 0, game="open_season")
        first, judged = untaught["unknown_copy_first_scene"], untaught["copy_judged_first_scene"]
        if judged is None:
            never_judged += 1
        elif first is not None:
            lags.append(first - judged)
            warned += int(first - judged <= 2)
        built_in = demo_game(None, None, seed, 24, 0, game="open_season")
        wrongly += int(built_in["unknown_copy_scenes"] > 0)
        print(f"  open season game {g} (seed {seed}): cards first judged at scene {judged}, untaught named at "
              f"scene {first}; built-in art scenes named unknown {built_in['unknown_copy_scenes']}/"
              f"{built_in['scenes_read']}", flush=True)
    judged_games = games - never_judged
    print(f"\nOpen Season, untaught printing, built-in templates: named within the first 3 still scenes showing "
          f"cards in {warned}/{judged_games} games ({100 * warned / max(1, judged_games):.1f} %; {never_judged} "
          f"showed no cards in 24 moves); scenes from the first judged to the first named: {lags}; built-in art "
          f"games named unknown: {wrongly}/{games}")


def print_components(args: Any, what_art: str, size: tuple[int, int], tallies: dict[str, Tally], builtin: Tally,
                     teach_seconds: list[float], refused: Counter[str], read_ms: list[float]) -> None:
    """The Octocube per-component table of the run."""
    w, h = size
    print(f"\nPer component, {args.packs} {what_art} x {args.frames} tables at {w}x{h}, tilt 0-30:")

    whats = ["stack tops", "cube tops", "cube found", "boards (all spaces)", "coin piles", "scenes named unknown"]
    print(f"  {'':<22}" + "".join(f"{n:>28}" for n in tallies))
    for what in whats:
        print(f"  {what:<22}" + "".join(f"{t.pct(what):>28}" for t in tallies.values()))
    print(f"  built-in art, built-in models: stack tops {builtin.pct('stack tops').strip()}, cube tops "
          f"{builtin.pct('cube tops').strip()}, scenes wrongly named unknown {builtin.pct('scenes named unknown').strip()}")
    for name, t in tallies.items():
        if name != "built-in models (before)" and t.errors:
            print(f"  errors, {name}: " + "; ".join(f"{e} x{c}" for e, c in t.errors.most_common(6)))
    print(f"  teaching: {statistics.mean(teach_seconds):.2f} s mean, {max(teach_seconds):.2f} s max per run "
          f"(1 or 2 photos, 1920x1080, one core); places refused: "
          + (", ".join(f"{k} x{v}" for k, v in refused.items()) or "none"))
    if read_ms:
        print(f"  reading with a pack: {statistics.median(read_ms):.0f} ms median per {w}x{h} frame")


def art_seed_of(folder: Path, index: int) -> int:
    """The seed an art folder's teach photos are drawn from: its art.json's ``seed``, else ``index``."""
    import json

    try:
        seed = json.loads((folder / "art.json").read_text(encoding="utf-8")).get("seed", index)
    except (OSError, ValueError, AttributeError):
        return index
    return int(seed) if isinstance(seed, int) else index


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--packs", type=int, default=6, help="random printings (bench seeds from 900000)")
    ap.add_argument("--frames", type=int, default=8, help="rendered tables per printing")
    ap.add_argument("--games", type=int, default=4, help="whole demo games (with a taught pack, and built-in)")
    ap.add_argument("--moves", type=int, default=20, help="moves per demo game")
    ap.add_argument("--illegal", type=int, default=1, help="illegal changes per demo game")
    ap.add_argument("--warn-games", type=int, default=None,
                    help="short untaught games for the warning rate (default: one per printing)")
    ap.add_argument("--resolution", default="1280x720", help="rendered tables (default 1280x720)")
    ap.add_argument("--first-art", type=int, default=BENCH_ART_SEED)
    ap.add_argument("--first-table", type=int, default=FRAME_SEED, metavar="S",
                    help="seed of the first printing's first Octocube table (table f of printing k: S + 100 k + f); "
                         "the default layouts recur in every run, so a fresh check wants fresh tables too")
    ap.add_argument("--first-os-table", type=int, default=OS_TABLE_SEED, metavar="S",
                    help="the same for the Open Season card tables (default 96000)")
    ap.add_argument("--open-season", type=int, default=0, metavar="TABLES",
                    help="also Open Season's cards: this many tables per printing (0: skip)")
    ap.add_argument("--open-season-warn", type=int, default=0, metavar="GAMES",
                    help="short Open Season demo games drawn with the untaught printings (and as many with "
                    "the built-in art): named unknown within the first 3 still scenes, and never wrongly")
    ap.add_argument("--open-season-games", type=int, default=0, metavar="G",
                    help="whole Open Season pixel games (at --resolution): game g drawn with printing g mod the "
                    "number of printings and read by its 2-photo pack, then the same game with the built-in art")
    ap.add_argument("--open-season-moves", type=int, default=0, metavar="M",
                    help="cut each Open Season game after M moves (default 0: the whole game)")
    ap.add_argument("--open-season-seed", type=int, default=102900, metavar="S",
                    help="the first Open Season game's seed (players, side, expert, tilt and light follow from it)")
    ap.add_argument("--open-season-built-in-only", action="store_true",
                    help="the Open Season games with the built-in art only (the comparison; --no-built-in: taught only)")
    ap.add_argument("--open-season-say", metavar="DIR",
                    help="write each Open Season game's changes, moves, questions and alerts to DIR/<seed>-taught.txt "
                    "and DIR/<seed>-built-in.txt")
    ap.add_argument("--octocube-games", type=int, default=0, metavar="G",
                    help="whole Octocube pixel games (at --resolution; players, tilt 0-35 and light from each seed): "
                    "game g drawn with printing g mod the number of printings and read by its 2-photo pack, then "
                    "the same game with the built-in art")
    ap.add_argument("--octocube-moves", type=int, default=0, metavar="M",
                    help="cut each of those Octocube games after M moves (default 0: the whole game)")
    ap.add_argument("--octocube-seed", type=int, default=72480, metavar="S",
                    help="the first of those Octocube games' seed")
    ap.add_argument("--octocube-mode", default="standard", choices=["standard", "kids", "advanced"])
    ap.add_argument("--octocube-built-in-only", action="store_true",
                    help="those Octocube games with the built-in art only (--no-built-in: taught only)")
    ap.add_argument("--octocube-say", metavar="DIR",
                    help="write each of those Octocube games' changes, moves, questions and alerts to "
                    "DIR/<seed>-taught.txt and DIR/<seed>-built-in.txt")
    ap.add_argument("--list-errors", action="store_true",
                    help="print every wrong stack or cube top as it is read: pack, printing, table, want -> got "
                         "(--open-season: every wrong face-up card)")
    ap.add_argument("--no-built-in", action="store_true",
                    help="skip the built-in models' reads (untaught printing and built-in art): taught figures only")
    ap.add_argument("--art-dir", nargs="+", default=None, metavar="DIR",
                    help="art-pack folders to measure instead of random printings (--packs and --first-art are "
                    "ignored); each folder's art.json 'seed' (else its index) seeds its teach photos")
    ap.add_argument("--old-reader", action="store_true",
                    help="read with the pack reader as before 27 Nov (no fine second stage): the 'before' figures")
    ap.add_argument("--builtin-shades", action="store_true",
                    help="draw each printing's Octocube tiles in the twin's own background shades (other glyphs "
                    "in the real game's colours: the hard case for the unknown-copy warning)")
    args = ap.parse_args()
    w, h = (int(v) for v in args.resolution.split("x"))
    if args.art_dir:
        if args.builtin_shades:
            ap.error("--builtin-shades recolours the random printings; it cannot change the --art-dir folders")
        args.packs = len(args.art_dir)

    import cv2

    from vision.octocube.config import RecogniserConfig
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.octocube.synth import synth_frame
    from vision.pack import save_pack
    from vision.render.art_pack import ArtPack
    from vision.render.random_art import seed_use, write_random_pack
    from vision.render.renderer import Renderer
    from vision.render.teach_photos import render_teach_photo
    from vision.teach import teach

    def photos_of(game: str, art: Any, art_seed: int) -> list[tuple[str, Any]]:
        """Two teach-sheet photos of ``art``, as the command reads them (JPEG files)."""
        out = []
        for i in range(2):
            img = render_teach_photo(game, art, 7_000_000 + 10 * art_seed + i, renderer)[0]
            data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 92])[1]
            out.append((f"teach{i}.jpg", cv2.imdecode(data, cv2.IMREAD_COLOR)))
        return out

    tmp_dir = tempfile.TemporaryDirectory(prefix="bench-teach-")
    """Printings and packs of this run: removed when the run ends, even on an error (they are cheap to redraw)."""
    tmp = Path(tmp_dir.name)
    renderer = Renderer()
    tallies = {"built-in models (before)": Tally(), "taught, 1 photo": Tally(), "taught, 2 photos": Tally()}
    builtin = Tally()
    """The built-in art read by the built-in models: the unknown-copy check must stay quiet."""
    teach_seconds: list[float] = []
    refused: Counter[str] = Counter()
    packs: list[tuple[str, str]] = []
    read_ms: list[float] = []
    t_start = time.perf_counter()
    printings = [(art_seed_of(Path(d), k), Path(d)) for k, d in enumerate(args.art_dir)] if args.art_dir else [
        (args.first_art + k, tmp / f"art{args.first_art + k}") for k in range(args.packs)]
    warn_games = args.warn_games if args.warn_games is not None else len(printings)
    octocube_wanted = args.frames > 0 or args.games > 0 or warn_games > 0
    for k, (art_seed, art_path) in enumerate(printings):
        if not args.art_dir:
            assert seed_use(art_seed) == "bench", art_seed
            write_random_pack(art_seed, art_path, builtin_shades=args.builtin_shades)
        if not octocube_wanted:  # Open Season only: no Octocube pack to teach
            packs.append((str(art_path), ""))
            continue
        art = ArtPack.load(art_path)
        photos = photos_of("octocube", art, art_seed)
        taught = {}
        for n_photos in (1, 2):
            t0 = time.perf_counter()
            result = teach("octocube", photos[:n_photos])
            teach_seconds.append(time.perf_counter() - t0)
            for _, place, why in result.refused:
                refused[f"{why.split(' (')[0]}"] += 1
                if args.list_errors:
                    print(f"    refused, {n_photos} photo(s), printing {art_seed}: {place}: {why}", flush=True)
            taught[n_photos] = result.pack
        pack_path = tmp / f"art{art_seed}.pack"
        save_pack(taught[2], pack_path)
        packs.append((str(art_path), str(pack_path)))
        for f in range(args.frames):
            frame = synth_frame(args.first_table + 100 * k + f, renderer, turned_tops=True, resolution=(w, h),
                                max_tilt_deg=30.0, art=art)
            for name, pack in (("built-in models (before)", None), ("taught, 1 photo", taught[1]),
                               ("taught, 2 photos", taught[2])):
                if pack is None and args.no_built_in:
                    continue
                rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack,
                                         config=RecogniserConfig(pack_fine_candidates=0) if args.old_reader else None)
                obs = rec.recognise(frame.image)
                score_frame(tallies[name], obs, frame)
                if args.list_errors and pack is not None:
                    for line in wrong_tops(obs, frame, rec):
                        print(f"    error, {name}, printing {art_seed}, table {args.first_table + 100 * k + f}: {line}",
                              flush=True)
                if pack is taught[2]:
                    read_ms.append(obs.timings_ms["total"])
        for f in range(0 if args.no_built_in else args.frames):
            frame = synth_frame(args.first_table + 50_000 + 100 * k + f, renderer, turned_tops=True, resolution=(w, h),
                                max_tilt_deg=30.0)
            score_frame(builtin, OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera
                                                    ).recognise(frame.image), frame)
        print(f"  printing {art_seed}: {len(taught[2].faces)} faces taught; "
              f"stack tops so far (2 photos) {tallies['taught, 2 photos'].pct('stack tops').strip()}", flush=True)

    what_art = (f"art folders {', '.join(str(d) for _, d in printings)}" if args.art_dir else
                f"random printings (bench seeds {args.first_art}-{args.first_art + args.packs - 1})")
    if teach_seconds:
        print_components(args, what_art, (w, h), tallies, builtin, teach_seconds, refused, read_ms)

    games = []
    for g in range(args.games):
        game_art, game_pack = packs[g % len(packs)]
        taught_game = demo_game(game_art, game_pack, 610 + g, args.moves, args.illegal)
        builtin_game = demo_game(None, None, 610 + g, args.moves, args.illegal)
        games.append((taught_game, builtin_game))
        print(f"  game {g}: taught {taught_game['moves_correct']}/{taught_game['moves_total']} moves, "
              f"{taught_game['false_alarms']} false alarms; built-in art {builtin_game['moves_correct']}/"
              f"{builtin_game['moves_total']}, {builtin_game['false_alarms']}", flush=True)
    if games:
        print(f"\nWhole games ({args.games}, 960x540 demo, {args.moves} moves, {args.illegal} illegal each):")
        for i, name in enumerate(("taught printing, 2-photo pack", "built-in art, built-in models")):
            runs = [pair[i] for pair in games]
            total = sum(r["moves_total"] for r in runs)
            ok = sum(r["moves_correct"] for r in runs)
            alarms = sum(r["false_alarms"] for r in runs)
            flagged = sum(r["illegal_flagged"] for r in runs)
            injected = sum(r["illegal_injected"] for r in runs)
            unknown = sum(r["unknown_copy_scenes"] for r in runs)
            scenes = sum(r["scenes_read"] for r in runs)
            print(f"  {name:<32} moves {100 * ok / max(1, total):6.2f} % ({ok}/{total}), false alarms "
                  f"{alarms} ({100 * alarms / max(1, total):.2f} % of moves), illegal flagged {flagged}/{injected}, "
                  f"scenes named unknown {unknown}/{scenes}")

    if args.open_season:
        open_season_cards([(s, str(d)) for s, d in printings], args.open_season, photos_of, renderer, args.list_errors,
                          args.first_os_table)

    if args.open_season_games:
        open_season_games([(s, str(d)) for s, d in printings], args.open_season_games, args.open_season_seed,
                          args.open_season_moves, args.illegal, (w, h), photos_of, tmp,
                          ("taught",) if args.no_built_in else ("built-in",) if args.open_season_built_in_only
                          else ("taught", "built-in"), Path(args.open_season_say) if args.open_season_say else None)

    if args.octocube_games:
        open_season_games([(s, str(d)) for s, d in printings], args.octocube_games, args.octocube_seed,
                          args.octocube_moves, args.illegal, (w, h), photos_of, tmp,
                          ("taught",) if args.no_built_in else ("built-in",) if args.octocube_built_in_only
                          else ("taught", "built-in"), Path(args.octocube_say) if args.octocube_say else None,
                          game="octocube", mode=args.octocube_mode)

    warned = 0
    firsts: list[int] = []
    for g in range(warn_games):
        art_dir, _ = packs[g % len(packs)]
        r = demo_game(art_dir, None, 710 + g, 2, 0)
        first = r["unknown_copy_first_scene"]
        firsts.append(first if first is not None else -1)
        warned += int(first is not None and first <= 3)
    if warn_games:
        print(f"\nUntaught printing, built-in models: named within the first 3 still scenes in {warned}/{warn_games} "
              f"games ({100 * warned / warn_games:.1f} %); first scene named: {firsts}")
    if args.open_season_warn:
        open_season_warnings([d for d, _ in packs], args.open_season_warn)
    print(f"\n({time.perf_counter() - t_start:.0f} s; python bench/teach.py --packs {args.packs} --frames {args.frames} "
          f"--games {args.games} --moves {args.moves} --first-table {args.first_table} --first-os-table "
             f"{args.first_os_table}"
          + (f" --octocube-games {args.octocube_games} --octocube-seed {args.octocube_seed} --octocube-moves "
             f"{args.octocube_moves} --octocube-mode {args.octocube_mode} --first-art {args.first_art}"
             if args.octocube_games else "") + ")")


if __name__ == "__main__":
    main()
