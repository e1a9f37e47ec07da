"""``tablesight render open_season --end``: finished tables from twin playouts, accolades fanned
face up, with the engine's own final scores as truth."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from rules.open_season.cards import CARD_IDS
from vision.render.open_season_end import finished_state
from tests.cli_inprocess import run_cli


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


def test_end_tables_show_every_accolade_face_up_and_carry_the_engines_scores(tmp_path: Path) -> None:
    out = tmp_path / "end"
    res = _cli("render", "open_season", "--seed", "11", "--count", "2", "--out", str(out), "--end",
               "--width", "640", "--height", "360")
    assert res.returncode == 0, res.stderr
    assert "2 open_season images" in res.stdout
    gts = sorted((out / "gt").glob("*.json"))
    assert len(gts) == 2 and len(list((out / "images").glob("*.jpg"))) == 2
    for path in gts:
        gt = json.loads(path.read_text())
        end = gt["end"]
        assert gt["camera"]["tilt_deg"] <= 35.0
        assert end["side"] in ("horn", "shield") and 2 <= end["num_players"] <= 4
        assert end["lighting"] in ("daylight", "warm lamp", "dim evening")
        fanned: dict[int, list[tuple[int, str]]] = {}
        for comp in gt["components"]:
            st = comp["state"]
            if st.get("where") == "accolades" and not comp["uid"].startswith("accolade wild"):
                assert st["face_up"], "an accolade of a finished table lies face down"
                fanned.setdefault(st["seat"], []).append((st["position"], f"{st['people']}-{st['attribute']}"))
        for p in end["players"]:
            drawn = [name for _, name in sorted(fanned.get(p["seat"], []))]
            assert drawn == p["accolades"] and len(drawn) >= 5
            assert p["total"] == sum(line["points"] for line in p["lines"])
        assert [p["total"] for p in end["players"]] == end["scores"]


def test_the_truth_is_the_twin_engines_final_state() -> None:
    state = finished_state(3, 5, "shield", True)
    assert state.is_terminal()
    from vision.render.open_season_end import FinishedOpenSeason, end_truth, finished_table

    fin = finished_table(3, 5, "shield", True)
    assert isinstance(fin, FinishedOpenSeason)
    truth = end_truth(fin)
    assert truth["scores"] == state.score_breakdown().totals()
    for p, seat in enumerate(truth["players"]):
        counts = [0] * len(CARD_IDS)
        for name in seat["accolades"]:
            counts[CARD_IDS[name]] += 1
        assert counts == list(state.acc[p])
