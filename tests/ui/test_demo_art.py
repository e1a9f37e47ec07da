"""``tablesight demo --art DIR``: the twin's game drawn with another printing (issue 20)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from tests.cli_inprocess import run_cli


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


def test_demo_with_an_art_pack_films_that_art(tmp_path: Path) -> None:
    pack = tmp_path / "art"
    assert _cli("render", "--random-art", "3", "--out", str(pack)).returncode == 0
    video = tmp_path / "film.avi"
    res = _cli("demo", "--game", "octocube", "--art", str(pack), "--moves", "2", "--illegal", "0",
               "--recogniser", "ground-truth", "--json", "--headless", "--video-out", str(video))
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["art"] == str(pack) and out["moves_total"] == 2
    # the labels are the truth whatever the art: the tracker follows the game on them
    assert out["moves_correct"] == 2 and out["final_scores_match"]
    assert video.stat().st_size > 10_000


@pytest.mark.parametrize("args,expect", [
    (("--game", "octocube", "--art", "no/such/folder"), "art pack folder no/such/folder does not exist"),
    (("--game", "octo_dice", "--art", "x"), "art packs draw Octocube and Open Season"),
    (("--rules-only", "--art", "x"), "--rules-only plays without a camera"),
])
def test_bad_art_for_the_demo_is_one_line(args: tuple[str, ...], expect: str) -> None:
    res = _cli("demo", "--json", "--headless", *args)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and expect in lines[0], lines
