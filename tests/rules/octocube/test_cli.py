"""The generic ``tablesight simulate`` runs Octocube in every mode, and ``tablesight demo``."""

from __future__ import annotations

import json

import pytest

from ui.cli import main


@pytest.mark.parametrize("mode", ["standard", "kids", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_json_reports_no_errors(mode: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "octocube", "--players", str(players), "--mode", mode,
                 "--games", "4", "--seed", "7", "--check", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["errors"] == 0, report["error_messages"]
    assert report["games"] == 4 and report["moves"] > 0
    assert report["config"] == {"num_players": players, "mode": mode}


def test_demo_prints_a_game_and_its_scores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Octocube, 2 players, standard game, seed 3")
    assert "   1. " in out and "Game over after" in out and "Winner: " in out


def test_demo_bad_player_count_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "5"]) == 2
    assert capsys.readouterr().err.strip() == "tablesight demo: error: octocube is for 2-4 players, not 5"
