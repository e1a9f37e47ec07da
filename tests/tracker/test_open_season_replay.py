"""``bench/demo_accuracy.py --record-dir`` and ``bench/open_season_replay.py``: the scenes a bench
game hands the tracker, replayed through the tracker, give that game's figures again."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest


def _bench(name: str) -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_recorded_game_replays_to_the_same_moves_alerts_and_questions(tmp_path: Path) -> None:
    bench = _bench("demo_accuracy")
    spec = bench.open_season_specs(2, 97400)[1]  # 3 players, Horn, expert
    args = SimpleNamespace(game="open_season", illegal=3, max_moves=40, record_dir=str(tmp_path))
    played = bench.play_open_season_observations(spec, args)
    recording = tmp_path / f"scenes_{spec['seed']}.pkl"
    said: list[str] = []
    replayed = _bench("open_season_replay").replay(recording, said.append)
    assert replayed["scenes"] > 10 and replayed["moves_total"] == played["moves_total"]
    assert replayed["moves_correct"] == played["moves_correct"]
    assert replayed["alerts"] == played["illegal_flagged"] + played["false_alarms"] == 3
    assert replayed["questions_asked"] == played["questions_asked"]
    assert replayed["final_scores_match"] == played["final_scores_match"]
    assert any("ILLEGAL" in line for line in said)


def test_a_replay_stops_at_the_scene_asked(tmp_path: Path) -> None:
    bench = _bench("demo_accuracy")
    spec = bench.open_season_specs(1, 97400)[0]
    bench.play_open_season_observations(spec, SimpleNamespace(game="open_season", illegal=0, max_moves=30,
                                                              record_dir=str(tmp_path)))
    replayed = _bench("open_season_replay").replay(tmp_path / f"scenes_{spec['seed']}.pkl", stop=5)
    assert replayed["scenes"] == 5 and 0 < replayed["moves_correct"] < 30
    assert replayed["final_scores_match"] is False  # the game is not over at scene 5


def _misread_refill(tmp_path: Path, scenes_misread: int | None) -> tuple[Path, int, str, str]:
    """A recorded 40-move game whose first refill card read in a new scene is read with another
    attribute from that scene on, in ``scenes_misread`` scenes (None: as long as it lies in the
    inn), as 102302's elf-eyepatch read elf-tattoo at tilt 33.6 in the evening light: the
    recording, the index of that scene, the card and its misreading."""
    import dataclasses
    import pickle

    bench = _bench("demo_accuracy")
    spec = bench.open_season_specs(1, 97400)[0]
    bench.play_open_season_observations(spec, SimpleNamespace(game="open_season", illegal=0, max_moves=40,
                                                              record_dir=str(tmp_path)))
    path = tmp_path / f"scenes_{spec['seed']}.pkl"
    record = pickle.loads(path.read_bytes())
    scenes = record["scenes"]
    refill = next(i for i in range(1, len(scenes)) if len(scenes[i].inn) > len(scenes[i - 1].inn)
                  and set(scenes[i].inn) - set(scenes[i - 1].inn))
    card = sorted(set(scenes[refill].inn) - set(scenes[refill - 1].inn))[0]
    people, attribute = card.split("-")
    misread = f"{people}-{'dagger' if attribute != 'dagger' else 'crown'}"
    last = len(scenes) if scenes_misread is None else refill + scenes_misread
    for i in range(refill, last):
        if card not in scenes[i].inn:
            break
        scenes[i] = dataclasses.replace(scenes[i], inn=tuple(sorted(misread if c == card else c for c in scenes[i].inn)))
    path.write_bytes(pickle.dumps(record))
    return path, refill, card, misread


def test_a_replay_names_the_scene_and_move_where_the_tracker_left_the_true_game(tmp_path: Path) -> None:
    """A refill card misread as long as it lies in the inn: the tracker confirms the misread
    draw, and the replay names that scene, the wrong draw and the true one; the same game read
    right departs nowhere."""
    replay = _bench("open_season_replay").replay
    path, refill, card, misread = _misread_refill(tmp_path / "misread", None)
    departed = replay(path, stop=refill + 2)["departed"]  # the lost rest is slow to replay
    assert departed is not None and departed["scene"] == refill + 1
    assert misread in departed["tracked"] and card in departed["true"] and "Draw" in departed["true"]
    bench = _bench("demo_accuracy")
    spec = bench.open_season_specs(1, 97400)[0]
    bench.play_open_season_observations(spec, SimpleNamespace(game="open_season", illegal=0, max_moves=40,
                                                              record_dir=str(tmp_path)))
    assert replay(tmp_path / f"scenes_{spec['seed']}.pkl")["departed"] is None


def test_a_refill_card_misread_in_two_scenes_and_built_on_is_put_right_by_one_recovery(tmp_path: Path) -> None:
    """102302: the misread draw was confirmed, the next turn went on top of it, and when the card
    read right no recovery reached back to it (39 false alarms). The recovery now first makes the
    moves it takes back again with that draw amended to the card the inn shows: one question,
    answered, and the game back on the true moves (before: the options rejected, 4 alerts). Since
    session 23 that question comes at the first scene that shows the card right, with no alarm
    before it (session 17: one alert, then the question a scene later)."""
    path, refill, _, _ = _misread_refill(tmp_path, 2)
    said: list[str] = []
    replayed = _bench("open_season_replay").replay(path, said.append, stop=refill + 6)
    assert replayed["departed"] is None and replayed["moves_correct"] > 10
    assert replayed["alerts"] == 0 and replayed["questions_rejected"] == 0
    assert any("taken back" in line for line in said)


def test_a_filmed_game_records_the_scenes_the_pipeline_hands_the_tracker(tmp_path: Path) -> None:
    """The frames path (renderer -> gate -> recogniser -> tracker): the recording is what the
    pipeline's tracker observed, so the replay flags the same illegal change."""
    bench = _bench("demo_accuracy")
    spec = bench.open_season_specs(1, 97400)[0]
    args = SimpleNamespace(game="open_season", illegal=1, max_moves=14, resolution=(640, 360), realistic=False,
                           doubt=0.0, pixels=False, no_heights=False, say_dir=None, record_dir=str(tmp_path))
    played = bench.play_frames(spec, args)
    replayed = _bench("open_season_replay").replay(tmp_path / f"scenes_{spec['seed']}.pkl")
    assert played["illegal_flagged"] == 1 and played["false_alarms"] == 0
    assert replayed["alerts"] == 1 and replayed["moves_correct"] == played["moves_correct"] == 14
    assert replayed["questions_asked"] == played["questions_asked"]


def test_a_file_that_is_no_recording_gets_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Another tool's pickle (a list of calls), a cut file and a missing one: one line naming
    the file and the problem, exit 2, no traceback."""
    import pickle
    import sys

    replay = _bench("open_season_replay")
    other = tmp_path / "rec-97643-main.pkl"
    other.write_bytes(pickle.dumps([("observe", 1)]))
    cut = tmp_path / "scenes_1.pkl"
    cut.write_bytes(pickle.dumps({"spec": {}})[:5])
    for path in (other, cut, tmp_path / "missing.pkl"):
        monkeypatch.setattr(sys, "argv", ["open_season_replay.py", str(path)])
        assert replay.main() == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("open_season_replay: ") and "\n" not in err and path.name in err, err
