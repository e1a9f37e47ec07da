"""The Octo Dice score sheet drawn on the tablet, checked against the engine.

The model (``ui/app/sheet_model.py``, no display) is compared with the engine's own sheets and
ledger through seeded games of every variant; the widget (the real app under Xvfb, the shared
``ui`` fixture) is drawn for states part-way through seeded games and its canvas instructions
are counted: one cross (two lines) per crossed circle, one marker per lab column, one crossed
symbol per octopod caught. The Score screen of a finished game read back from its log fills the
sheet's boxes step by step."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from rules.octo_dice import OctoDiceGame, OctoDiceState
from tests.ui.conftest import Driver, visible_texts
from ui.app.sheet_model import Box, SheetModel, choice_marks, dice_model, sheet_model

VARIANTS = [(1, "solo"), (2, "virtual"), (3, None)]


def _play(players: int, variant: str | None, seed: int, moves: int) -> Any:
    """A seeded game ``moves`` moves in (chance sampled, choices at random)."""
    state = OctoDiceGame(players, variant).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    return state


def _engine_crossed(sheet: Any) -> dict[str, int]:
    return {"crystal": sheet.crystals, "research": sheet.research, "bot": bin(sheet.bots).count("1"),
            "submarine": bin(sheet.subs).count("1")}


def _box(model: SheetModel, third: int, row: str, box: str) -> Box:
    found = model.box(third, row, box)
    assert found is not None, (third, row, box)
    return found


@pytest.mark.parametrize("players, variant", VARIANTS)
def test_the_model_says_what_the_engine_says(players: int, variant: str | None) -> None:
    for seed, moves in ((11, 60), (12, 150), (13, 10_000)):
        state = _play(players, variant, seed, moves)
        for p in range(players):
            model, sheet = sheet_model(state, p), state.sheets[p]
            assert {t: model.crossed(t) for t in _engine_crossed(sheet)} == _engine_crossed(sheet)
            assert list(model.markers) == sheet.lab
            assert [sum(t) for t in model.octopods] == sheet.octopods
            mine = [e for e in state.ledger if e.player == p]
            written = [b for b in model.boxes if b.points is not None and b.row not in ("intermediate", "bonus scoring", "final")]
            assert sorted(b.points for b in written if b.points is not None) == sorted(e.points for e in mine if e.row.startswith(("turn", "bonus actions")))
            assert model.running_total == state.totals()[p]
            assert model.slots == (3 if variant == "solo" else 2)
            for t in range(state.thirds_scored):
                assert _box(model, t, "intermediate", "total").points == sum(e.points for e in mine if e.third == t)
            if state.is_terminal():
                assert model.final == state.totals()[p]
                final = _box(model, 3, "final", "final")
                assert set(final.categories) == {line.category for line in state.score_breakdown().lines if line.player == p}


def test_a_choice_marks_what_the_engine_crosses() -> None:
    """Every tablet choice of a seeded game: its marks are the circles, lab tile and boxes the
    engine changes when the move is played."""
    checked = 0
    for seed in range(20, 26):
        state = _play(2, None, seed, 40 + seed)
        while state.is_chance_node() or state.phase == "set_aside":
            rng = random.Random(seed)
            state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
        moves = list(state.legal_moves())
        for move, (player, marks) in zip(moves, choice_marks(state, moves)):
            assert player == state.current_player()
            after = state.copy()
            after.push(move)
            for track, count in _engine_crossed(after.sheets[player]).items():
                assert sum(1 for m in marks if m[:2] == ("circle", track)) == count - _engine_crossed(state.sheets[player])[track]
            if getattr(move, "action", "") == "lab" and move.kind == "action":
                assert ("lab", move.column, state.sheets[player].lab[move.column] + 1) in marks
            checked += 1
    assert checked > 20


def _lines(widget: Any, group: str) -> int:
    """Lines of ``group`` on the widget's canvas (a wide line also brings a BindTexture)."""
    from kivy.graphics import Line

    return sum(1 for i in widget.canvas.get_group(group) if isinstance(i, Line))


def _draw(ui: Driver, state: Any, seat: int, **props: Any) -> Any:
    """The app's sheet panel on the Play screen, showing ``state`` (built as the worker builds it)."""
    from ui.app.main import finished_sheet_view

    app = ui.app
    app.player_names = [f"P{p + 1}" for p in range(state.num_players)]
    app.sheet_view = finished_sheet_view(state)
    panel = ui.widget("play", "play_sheet")
    panel.seat = seat
    for k, v in props.items():
        setattr(panel, k, v)
    ui.pump(0.2)
    return panel


@pytest.mark.parametrize("players, variant", VARIANTS)
def test_the_drawn_sheet_has_every_cross_of_the_engine(ui: Driver, players: int, variant: str | None) -> None:
    app = ui.app
    app.stop_game()
    ui.tap_nav("play")
    state = _play(players, variant, 7 + players, 90 if players > 1 else 50)
    assert not state.is_terminal()
    for seat in range(players):
        panel = _draw(ui, state, seat)
        sheet = panel.ids.sheet
        crossed = sum(_engine_crossed(state.sheets[seat]).values())
        assert crossed > 0
        assert _lines(sheet, "cross") == 2 * crossed == 2 * sheet.drawn["crossed circles"]
        assert _lines(sheet, "octopod-cross") == 2 * sum(state.sheets[seat].octopods)
        assert sheet.drawn["markers"] == 3 and _lines(sheet, "marker") == 3  # one ringed disc per column
        written = sum(1 for e in state.ledger if e.player == seat)
        # every ledger entry has its box, except the -2 (printed on the sheet, crossed out or
        # not), and each scored third has its total
        penalties = sum(1 for e in state.ledger if e.player == seat and e.kind == "octopod penalty")
        assert sheet.drawn.get("written boxes", 0) == written - penalties + state.thirds_scored
        tabs = [b.text for b in reversed(panel.ids.tabs.children)]
        assert tabs[:players] == app.player_names
        assert ("Virtual player" in tabs) == (variant == "virtual")
        assert "Dice:" in panel.ids.dice.text or "No dice" in panel.ids.dice.text or "virtual" in panel.ids.dice.text
    if variant == "virtual":
        panel = _draw(ui, state, -1)
        assert panel.ids.virtual.opacity == 1 and "virtual player rolls 6 dice" in panel.ids.virtual.text
        # its last roll: the roll the engine took in the virtual_roll phase (found by replaying)
        replay = OctoDiceGame(players, variant).new_initial_state(seed=7 + players)
        virtual = []
        for move in state.history:
            if replay.phase == "virtual_roll":
                virtual.append(move)
            replay.push(move)
        assert virtual
        from ui.app.octo_dice_sheet import face_words

        last = [f"{'White' if d.startswith('white') else 'Black'} {d[-1]}: {face_words(f, 'en')}"
                for d, f in virtual[-1].results]
        assert panel.ids.virtual.text.endswith("Its last roll:\n" + "\n".join(last))
        assert _lines(panel.ids.sheet, "cross") == 0
    name = {"solo": "solo", "virtual": "virtual"}.get(variant or "", f"{players}p")
    ui.shot(f"sheet_octo_dice_{name}")
    app.sheet_view = None


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_the_sheet_speaks_the_apps_language(ui: Driver, lang: str) -> None:
    """Every word drawn on the sheet, the tabs and the dice line in French and Dutch: none of the
    sheet's English words is left (tile names such as Flexi-Lab are the tiles' printed names)."""
    import json

    from ui.i18n import tr

    app = ui.app
    ui.tap_nav("play")
    english = {v for k, v in json.loads((Path(__file__).resolve().parents[2] / "ui/i18n/en.json").read_text("utf-8")).items()
               if k.startswith("sheet.") and "{" not in v and tr(k, lang) != v}
    app.set_language(lang)
    try:
        state = _play(2, "virtual", 5, 70)
        for seat in (0, 1, -1):
            panel = _draw(ui, state, seat)
            drawn = set(panel.ids.sheet.texts) if seat >= 0 else set()
            words = drawn | {panel.ids.dice.text, panel.ids.virtual.text} | {b.text for b in panel.ids.tabs.children}
            assert not {w for w in words if w in english or any(e in w for e in english if len(e) > 8)}, words
            if seat >= 0:
                assert tr("sheet.third", lang, n=1) in drawn and tr("sheet.research", lang) in drawn
        ui.shot(f"sheet_octo_dice_{lang}")
    finally:
        app.set_language("en")
        app.sheet_view = None
        ui.pump(0.1)


def test_show_draws_what_a_choice_would_cross(ui: Driver) -> None:
    """The tablet choice buttons stay; "Show" beside one draws its crosses on the sheet."""
    from ui.app.main import finished_sheet_view
    from ui.app.worker import SheetView

    app = ui.app
    ui.tap_nav("play")
    state = _play(2, None, 31, 0)
    rng = random.Random(31)
    while state.phase != "actions":
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    moves = list(state.legal_moves())
    view = finished_sheet_view(state)
    app.player_names = ["Ann", "Bob"]
    app.sheet_view = SheetView(view.sheets, dice_model(state), choice_marks(state, moves), False)
    app.question = "The camera cannot see this choice: tap what was played"
    app.options = [state.describe_move(m) for m in moves]
    box = ui.widget("play", "option_buttons")
    ui.until(lambda: len(box.children) == len(moves), 20, "a row per choice")
    rows = list(reversed(box.children))
    show, button = list(reversed(rows[0].children))
    assert show.text == "Show" and button.text.startswith("1.")
    first = next(i for i, m in enumerate(moves) if m.kind == "action")
    show = list(reversed(rows[first].children))[0]
    ui.tap(show)
    assert app.sheet_preview == first
    sheet = ui.widget("play", "play_sheet").ids.sheet
    player, marks = app.sheet_view.marks[first]
    assert _lines(sheet, "mark") == len(marks) > 0
    assert "White" in ui.widget("play", "play_sheet").ids.dice.text
    ui.shot("play_octo_dice_choice")
    ui.tap(show)  # again: nothing previewed
    assert app.sheet_preview == -1 and _lines(sheet, "mark") == 0
    app.question, app.options, app.sheet_view = "", [], None
    ui.pump(0.2)


def _finished_log(home: Path, variant: str | None, players: int, seed: int) -> Path:
    from tracker.event_log import EventLog

    state = OctoDiceGame(players, variant).new_initial_state(seed=seed)
    rng = random.Random(seed)
    path = home / "logs" / f"octo_dice-finished-{variant or players}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    with EventLog.create(path, state, players=["Ann", "Bob", "Cleo"][:players], fsync=False, source="camera") as log:
        while not state.is_terminal():
            move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves()))
            log.move(state, move)
            state.push(move)
    return path


@pytest.mark.parametrize("variant, players", [(None, 3), ("solo", 1)])
def test_a_finished_games_score_screen_fills_the_sheet_step_by_step(ui: Driver, variant: str | None,
                                                                     players: int) -> None:
    from tracker.event_log import replay

    app = ui.app
    path = _finished_log(app.home, variant, players, 41)
    state = replay(path).state
    assert isinstance(state, OctoDiceState)
    ui.tap_nav("home")
    app.refresh_saved()
    ui.pump(0.2)
    buttons = [b for b in ui.widget("home", "resume_list").children if path.stem in b.text]
    assert len(buttons) == 1
    ui.tap(buttons[0])
    ui.pump(0.3)
    assert app.root.ids.screens.current == "score" and app.sheet_view is not None
    panel = ui.widget("score", "score_sheet")
    sheet = panel.ids.sheet
    assert panel.opacity == 1 and sheet.model is not None
    assert sheet.drawn.get("written boxes", 0) == 0  # nothing shown before the first step
    assert _lines(sheet, "cross") == 2 * sum(_engine_crossed(state.sheets[0]).values())
    seen = [0]
    while app.score_step < app.score_steps:
        ui.tap(ui.widget("score", "score_next"))
        seen.append(sheet.drawn.get("written boxes", 0))
    assert seen == sorted(seen) and seen[-1] > seen[1] >= 0, seen
    model = sheet.model
    assert model.final == state.totals()[0]
    lines = ui.widget("score", "score_lines").text
    assert all(line.reason in lines for line in state.score_breakdown().lines)
    bonus = [line for line in state.score_breakdown().lines if line.category.startswith("bonus:")]
    assert all(line.reason in lines for line in bonus)
    assert bool(bonus) == (variant is None)  # the crystal majority; solo has none (and no level 2 here)
    ui.shot(f"score_octo_dice_{variant or players}")
    texts = visible_texts(app.root)
    assert "Final scores" in texts
    if variant is None:
        app.set_language("fr")
        ui.pump(0.3)
        ui.shot("score_octo_dice_fr")
        app.set_language("en")
        ui.pump(0.2)
        _history_replays_the_sheet(ui, path)


def _history_replays_the_sheet(ui: Driver, path: Path) -> None:
    """History's replay slider rebuilds the game at event k: the sheet drawn is the game's then."""
    from rules.core import load_state
    from tracker.event_log import apply_event, read_events

    app = ui.app
    ui.tap_nav("history")
    ui.until(lambda: app.replay_sheet is not None, 30, "the replayed sheets")
    events = read_events(path).events
    k = len(events) // 2
    app.replay(k)
    state = load_state(events[0]["initial_state"])
    assert isinstance(state, OctoDiceState)
    for event in events[1: k + 1]:
        apply_event(state, event)
    want = sum(_engine_crossed(state.sheets[0]).values())
    ui.until(lambda: app.replay_sheet is not None and app.replay_sheet.sheets[0].crossed() == want
             and app.replay_text.startswith(f"{len(state.history)} moves"), 30, "the sheet at event k")
    ui.pump(0.3)
    sheet = ui.widget("history", "replay_sheet").ids.sheet
    assert _lines(sheet, "cross") == 2 * want and sheet.model.running_total == state.totals()[0]
    ui.shot("history_octo_dice")
