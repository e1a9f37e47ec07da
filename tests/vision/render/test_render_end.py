"""``tablesight render octocube --end``: finished tables from engine playouts, with the truth."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from rules.octocube.components import Tile
from rules.octocube.scoring import final_scoring
from tests.cli_inprocess import run_cli


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


def test_end_renders_carry_the_engines_scores_and_the_tokens_that_make_them(tmp_path: Path) -> None:
    out = tmp_path / "end"
    res = _cli("render", "octocube", "--seed", "7", "--count", "3", "--out", str(out), "--end",
               "--width", "640", "--height", "360")
    assert res.returncode == 0, res.stderr
    assert "3 octocube images" in res.stdout
    gts = sorted((out / "gt").glob("*.json"))
    assert len(gts) == 3 and len(list((out / "images").glob("*.jpg"))) == 3
    lightings = set()
    for path in gts:
        gt = json.loads(path.read_text())
        end = gt["end"]
        lightings.add(end["lighting"])
        assert gt["camera"]["tilt_deg"] <= 35.0
        assert 2 <= end["num_players"] <= 4 and len(end["scores"]) == end["num_players"]
        tokens_drawn: dict[int, list[int]] = {}
        for comp in gt["components"]:
            if comp["state"].get("where") == "tokens":
                tokens_drawn.setdefault(comp["state"]["seat"], []).append(comp["state"]["value"])
        boards_drawn: dict[int, dict[str, int]] = {}
        for comp in gt["components"]:
            st = comp["state"]
            if st.get("where") == "board":
                boards_drawn.setdefault(st["seat"], {})[st["top"]] = st["stack_height"]
        for p in end["players"]:
            assert sum(p["tokens"]) == p["token_points"]
            assert sorted(tokens_drawn.get(p["seat"], []), reverse=True) == p["tokens"]
            assert boards_drawn.get(p["seat"], {}) == p["board"]
            assert p["total"] == sum(line["points"] for line in p["lines"])
        # the photo's route to a score (tokens + coins + tiles) gives the engine's own totals
        tiles = [[Tile.from_json(label) for label, k in p["board"].items() for _ in range(k)]
                 for p in end["players"]]
        sheet = final_scoring([p["token_points"] for p in end["players"]],
                              [p["coins"] for p in end["players"]], tiles)
        assert sheet.totals() == end["scores"]
        assert list(sheet.winners) == end["winners"]
    assert lightings <= {"daylight", "warm lamp", "dim evening"}


def test_end_is_refused_for_other_games_and_sequences(tmp_path: Path) -> None:
    res = _cli("render", "octo_dice", "--end", "--out", str(tmp_path))
    assert res.returncode == 2
    assert res.stderr.strip().splitlines() == [
        "tablesight render: error: --end renders finished Octocube and Open Season tables only (so far)"]
    res = _cli("render", "octocube", "--end", "--sequence", "--out", str(tmp_path))
    assert res.returncode == 2 and "do not go together" in res.stderr


def test_a_winner_with_many_tokens_has_them_all_laid_out(tmp_path: Path) -> None:
    """Seed 49200's first table is a 2-player game whose north player holds 12 tokens: laid out
    at random spots they did not fit, and the render failed ("12 tokens do not fit in the north
    personal area"; 1 table in 500). People pile tokens when the space runs out: so does the twin."""
    out = tmp_path / "end"
    res = _cli("render", "octocube", "--seed", "49200", "--count", "1", "--out", str(out), "--end",
               "--width", "640", "--height", "480")
    assert res.returncode == 0, res.stderr
    gt = json.loads(next((out / "gt").glob("*.json")).read_text())
    drawn: dict[int, list[int]] = {}
    for comp in gt["components"]:
        if comp["state"].get("where") == "tokens":
            drawn.setdefault(comp["state"]["seat"], []).append(comp["state"]["value"])
    players = gt["end"]["players"]
    assert max(len(p["tokens"]) for p in players) >= 12
    for p in players:
        assert sorted(drawn.get(p["seat"], []), reverse=True) == p["tokens"]
