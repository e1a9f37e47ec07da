"""bench/teach.py's whole taught Open Season games must be the games its printed ``tablesight
demo`` lines play (so a game the bench loses can be traced with ``--log`` on the command line),
and go through the demo command's own set-up, the path ``run --pack`` takes to
``build_pipeline``."""

from __future__ import annotations

import pytest

from tests.bench_scripts import load_bench
from ui.cli import build_parser
from ui.commands.demo import demo_setup


@pytest.mark.parametrize("seed", [102920, 102921, 102922, 102923, 102960, 102967])
def test_the_benchs_open_season_game_is_its_printed_command_lines(seed: int) -> None:
    teach_bench = load_bench("teach")
    art, pack = "/tmp/art/997152", "/tmp/open_season_997152.pack"
    line = teach_bench.demo_command(art, pack, seed, 0, 1, (1280, 720))
    argv = line.split()
    assert argv[:4] == ["python", "-m", "ui.cli", "demo"]
    args = build_parser().parse_args(argv[3:])
    played = teach_bench.demo_setup(art, pack, seed, 0, 1, "open_season", (1280, 720))
    assert demo_setup(args) == played
    assert played.pack_path == pack and played.art == art and played.resolution == (1280, 720)


@pytest.mark.parametrize("seed,mode", [(72480, "standard"), (72481, "kids"), (72482, "advanced"), (72485, "standard")])
def test_the_benchs_octocube_game_is_its_printed_command_line(seed: int, mode: str) -> None:
    """``--octocube-games``: players, tilt (0-35) and light from the seed, the mode asked for; the
    printed line plays the same game (and the demo set-up of ``--games`` stays tilt 15, day light)."""
    teach_bench = load_bench("teach")
    art, pack = "/tmp/art/997320", "/tmp/octocube_997320.pack"
    line = teach_bench.demo_command(art, pack, seed, 0, 1, (1280, 720), "octocube", mode)
    args = build_parser().parse_args(line.split()[3:])
    played = teach_bench.demo_setup(art, pack, seed, 0, 1, "octocube", (1280, 720), True, mode)
    assert demo_setup(args) == played
    tilt, light = teach_bench.octocube_view(seed)
    assert (played.players, played.tilt, played.lighting, dict(played.options)) == (2 + seed % 3, tilt, light,
                                                                                   {"mode": mode})
    assert 0.0 <= tilt <= 35.0 and played.pack_path == pack and played.art == art
    plain = teach_bench.demo_setup(art, pack, seed, 20, 1)
    assert (plain.tilt, plain.lighting, plain.resolution) == (15.0, "day", (960, 540))
