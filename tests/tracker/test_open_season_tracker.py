"""Open Season at the table (issue 16): the demo through ``python -m ui.cli demo``, whole games
followed from perfect observations of the twin's scenes, each injected illegal change named in
plain words, the question when the camera cannot tell (which attribute a wild token stands for),
and the ground-truth recogniser reading a rendered scene's labels like the tracker's own view."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rules.open_season import OpenSeasonGame, OpenSeasonState
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.groundtruth import GroundTruthRecogniser
from tracker.open_season.twin import OpenSeasonTwin, _make_illegal
from tracker.open_season.view import observation_from_state, observation_from_table, table_from_state
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame
from tests.cli_inprocess import run_cli


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


def test_demo_json_follows_the_game_and_flags_the_illegal_change() -> None:
    proc = _cli("demo", "--game", "open_season", "--players", "2", "--side", "horn", "--seed", "90003",
                "--illegal", "1", "--moves", "10", "--resolution", "480x270", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    for key in ("moves_total", "moves_correct", "illegal_injected", "illegal_flagged", "false_alarms",
                "questions_asked", "frames", "frames_per_s", "final_scores_match", "truth_scores",
                "tracked_scores", "recogniser"):
        assert key in data
    assert data["moves_total"] >= 10 and data["moves_correct"] == data["moves_total"]
    assert data["illegal_injected"] == 1 and data["illegal_flagged"] == 1 and data["false_alarms"] == 0
    assert data["final_scores_match"] is True and data["frames"] > 20
    assert data["recogniser"].startswith("ground truth")


def test_demo_words_name_the_side_and_the_moves() -> None:
    proc = _cli("demo", "--game", "open_season", "--players", "3", "--side", "shield", "--expert",
                "--seed", "90004", "--illegal", "0", "--moves", "4", "--resolution", "480x270", "--headless")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "demo: open_season (shield, expert), 3 players, seed 90004" in out
    assert "move: Player 1 puts bonus face" in out
    assert "moves followed: 4/4; illegal flagged: 0/0; false alarms: 0" in out


@pytest.mark.parametrize("args, words", [
    (["--players", "5"], "open_season is for 2-4 players, not 5"),
    (["--players", "2", "--rules-only"], "--rules-only plays Octocube"),
])
def test_bad_demo_options_are_one_clear_line(args: list[str], words: str) -> None:
    proc = _cli("demo", "--game", "open_season", "--moves", "2", *args)
    assert proc.returncode == 2 and words in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def _needs_the_token_reader() -> None:
    pytest.importorskip("vision.open_season.tokens", reason="the token reader (branch os-tokens) is not merged")


def test_demo_through_the_pixels_follows_the_moves(tmp_path: Path) -> None:
    """``demo --pixels``: the cards read by vision/open_season/cards.py and the tokens by its token
    reader, every move of the opening followed, and the event log written."""
    _needs_the_token_reader()
    log = tmp_path / "pixels.jsonl"
    proc = _cli("demo", "--game", "open_season", "--players", "2", "--side", "horn", "--seed", "96201",
                "--illegal", "0", "--moves", "7", "--pixels", "--json", "--log", str(log))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert data["recogniser"].startswith("vision.open_season (pixels")
    assert data["moves_total"] >= 7 and data["moves_correct"] == data["moves_total"]
    assert data["false_alarms"] == 0 and data["final_scores_match"] is True
    assert len(log.read_text().splitlines()) > data["moves_total"]  # a header, then a line per move


def test_run_follows_a_recorded_video_of_the_table(tmp_path: Path) -> None:
    """``run --game open_season --video FILE``: a film written by ``demo --video-out`` is
    calibrated from its markers and followed through the pixels to the twin's moves."""
    _needs_the_token_reader()
    film = tmp_path / "os.mp4"
    made = _cli("demo", "--game", "open_season", "--players", "2", "--side", "shield", "--seed", "96202",
                "--illegal", "0", "--moves", "6", "--json", "--video-out", str(film))
    assert made.returncode == 0, made.stderr
    truth = json.loads(made.stdout.strip().splitlines()[-1])
    log = tmp_path / "run.jsonl"
    done = _cli("run", "--game", "open_season", "--players", "2", "--side", "shield", "--video", str(film),
                "--json", "--answer", "likeliest", "--log", str(log))
    assert done.returncode == 0, done.stderr
    result = json.loads([line for line in done.stdout.splitlines() if line.startswith("{")][-1])
    assert result["moves"] == truth["moves_total"] and result["alerts"] == 0
    assert result["final_scores"] == truth["truth_scores"]


def _follow(twin: OpenSeasonTwin) -> tuple[TrackedGame, int, int, int]:
    """The tracker on perfect observations of each filmed scene; the players answer truthfully."""
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter())
    flagged = false_alarms = questions = 0
    for change, table in zip(twin.changes, twin.descriptions[1:], strict=True):
        events = list(tracked.observe(observation_from_table(table)))
        while events:
            event = events.pop(0)
            if isinstance(event, IllegalMoveAlert):
                flagged += change.kind == "illegal"
                false_alarms += change.kind != "illegal"
            elif isinstance(event, QuestionAsked):
                questions += 1
                option = twin.truthful_answer(event.question, tracked.state.history)
                assert option is not None, event.question.option_texts
                events = list(tracked.answer(option)) + events
    return tracked, flagged, false_alarms, questions


@pytest.mark.parametrize("players, side, expert, seed", [(2, "horn", False, 90010), (3, "shield", True, 90011)])
def test_whole_game_followed_from_the_scenes(players: int, side: str, expert: bool, seed: int) -> None:
    twin = OpenSeasonTwin(players, seed, side=side, expert=expert, illegal=3)
    tracked, flagged, false_alarms, _ = _follow(twin)
    assert tracked.state.is_terminal() and twin.truth.is_terminal()
    assert list(tracked.state.history) == list(twin.truth.history)
    assert (flagged, false_alarms) == (3, 0)
    assert tracked.state.score_breakdown().totals() == twin.truth.score_breakdown().totals()


def _illegal_at(task: str, kind: str, seed: int = 5) -> tuple[OpenSeasonState, Any, str]:
    """A hidden-mode game played at random until the player to move is at ``task`` (round 3 or
    later) and the illegal change ``kind`` can be made; the position, the changed table, its words."""
    state = OpenSeasonGame(2, side="horn").new_initial_state(hidden=True)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.tasks[-1][0] == task and state.round >= 3:
            table = table_from_state(state)
            text = _make_illegal(state, table, kind, random.Random(1))
            if text:
                return state, table, text
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    raise AssertionError(f"no {kind} change was possible in this game")


@pytest.mark.parametrize("task, kind, words", [
    ("take", "too_many", "3 cards left the inn; player {p} may take only 2"),
    ("take", "occupied", "a card was put on player {p}'s space"),
    ("place", "face_down", "player {p} placed a card face down on space"),
    ("place", "frieze", "went on player {p}'s space"),
    ("take", "trophy", "a space that takes none (only the top and bottom rows do)"),
    ("take", "stock", "'s stock to player {p}'s without a steal"),
])
def test_each_illegal_change_is_named_in_plain_words(task: str, kind: str, words: str) -> None:
    state, table, _ = _illegal_at(task, kind)
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(observation_from_table(table))
    alerts = [e for e in events if isinstance(e, IllegalMoveAlert)]
    assert len(alerts) == 1
    assert words.format(p=state.turn_player + 1) in alerts[0].reason
    back = tracked.observe(observation_from_state(state))  # the players put the table back
    assert not any(isinstance(e, IllegalMoveAlert) for e in back)
    assert tracked.pending is None


def test_the_wild_tokens_attribute_is_asked_not_guessed() -> None:
    """A wild token shows no attribute: the camera sees where it went, the players say which."""
    game = OpenSeasonGame(2, side="horn")
    state = game.new_initial_state(hidden=True)
    rng = random.Random(5)  # a game in which a player holds a wild token at the end
    while not state.is_terminal() and state.tasks[-1][0] != "final_wild":
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    assert not state.is_terminal()
    truth = state.copy()
    move = next(m for m in truth.legal_moves() if m.kind == "place_wild")
    truth.push(move)
    tracked = TrackedGame(state.copy(), OpenSeasonAdapter())
    events = tracked.observe(observation_from_state(truth))
    question = next(e.question for e in events if isinstance(e, QuestionAsked))
    assert len(question.options) == 4  # the four other attributes look the same from above
    answer = question.options.index((move,))
    confirmed = [e for e in tracked.answer(answer) if isinstance(e, MoveConfirmed)]
    assert confirmed and confirmed[0].move == move


def test_ground_truth_recogniser_reads_a_rendered_scene_like_the_trackers_view() -> None:
    from vision.render.camera import CameraModel
    from vision.render.open_season_scene import open_season_scene
    from vision.render.renderer import Renderer, RenderOptions

    twin = OpenSeasonTwin(3, 90012, side="shield", expert=True, max_moves=60)
    table = twin.descriptions[-1]
    camera = CameraModel.looking_at(tilt_deg=20, azimuth_deg=90, resolution=(480, 270))
    rendered = Renderer().render(open_season_scene(table, seed=1), camera, RenderOptions(), seed=2)
    reading = GroundTruthRecogniser("shield", 3).recognise(rendered.ground_truth)
    assert reading == observation_from_state(twin.truth)
    assert not reading.occluded


def test_a_reading_beyond_the_wall_is_no_frieze_clash_and_no_crash() -> None:
    """A wall space number the layout does not have (a misreading) must not crash the diagnosis
    (it raised IndexError); the differences name what is wrong."""
    from rules.open_season import OpenSeasonGame
    from rules.open_season.cards import CARD_IDS
    from tracker.open_season.adapter import OpenSeasonAdapter

    state = OpenSeasonGame(2).new_initial_state(1)
    card = next(iter(CARD_IDS))
    spaces = len(state.layout.frieze_neighbours)
    for s in (0, spaces + 1, 99):
        assert OpenSeasonAdapter._frieze_clash(state, 0, s, card) == ""


def test_an_unsure_accolade_count_and_unseen_discards_weigh_little_or_nothing() -> None:
    """What the pixel reader is unsure of is no alarm: an accolade count another count fits nearly
    as well weighs 0.05, a sure one 1; discards the camera cannot see (3-4 players) say nothing."""
    import dataclasses

    state = OpenSeasonGame(3, side="horn", expert=True).new_initial_state(5, hidden=True)
    adapter = OpenSeasonAdapter()
    want = observation_from_state(state)
    unsure = dataclasses.replace(want, players={**want.players, 1: dataclasses.replace(
        want.players[1], accolades=want.players[1].accolades + 3, accolades_confidence=0.3)})
    (diff,) = adapter.differences(want, unsure)
    assert "player 2 has" in diff.description and diff.weight == 0.05
    sure = dataclasses.replace(want, players={**want.players, 1: dataclasses.replace(
        want.players[1], accolades=want.players[1].accolades + 3)})
    assert [d.weight for d in adapter.differences(want, sure)] == [1.0]
    unseen = dataclasses.replace(want, discards=("elf-crown",), discards_seen=False)
    assert adapter.differences(want, unseen) == []
    seen = dataclasses.replace(want, discards=("elf-crown",))
    assert [d.description for d in adapter.differences(want, seen)] == ["the discards show elf-crown too"]
