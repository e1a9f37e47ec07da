"""Recovery: once out of step with the table, the tracker finds the legal position that matches it
again and asks the players, instead of staying in alert for the rest of the game.

Each test builds a way the tracker loses step (scenes missed over three turns, a take-back that
was not one, a move confirmed wrongly and then undone by hand) and checks that the second
unexplained scene becomes a recovery question whose true answer puts the tracker back in step,
logged so that a replay rebuilds the same game. Without recovery every one of them stays in alert.
"""

from __future__ import annotations

import random
from pathlib import Path

from rules.octocube.moves import Pass, Roll
from tests.tracker.octocube_helpers import answer_truthfully, look, pair
from tracker.event_log import EventLog, read_events, replay
from tracker.inference import InferenceConfig, recover
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.session import AlertCleared, IllegalMoveAlert, MoveConfirmed, MovesTakenBack, QuestionAsked


def _placed(players: int, seed: int, log: EventLog | None = None):
    truth, tracked = pair(players, seed)
    tracked.log = log
    for _ in range(players):
        truth.push(next(m for m in truth.legal_moves() if m.kind == "place"))
        look(truth, tracked)
    assert tracked.state.history == truth.history and tracked.alert is None
    return truth, tracked


def _turn(state, rng: random.Random, pick_up: bool | None = None) -> None:
    """One whole visible turn of the player to move: a roll (picking up a tile or not, when asked
    for), and any extra roll declined."""
    seat = state.current_player()
    rolls = [m for m in state.legal_moves() if isinstance(m, Roll)]
    if pick_up is not None:
        picking = []
        for m in rolls:
            before = {l: len(s) for l, s in state.stacks.items()}
            state.push(m)
            took = any(len(state.stacks[l]) < n for l, n in before.items())
            state.pop()
            if took == pick_up:
                picking.append(m)
        rolls = picking
    assert rolls, "the test needs such a roll"
    state.push(rng.choice(rolls))
    while not state.is_terminal() and state.current_player() == seat:
        state.push(next(m for m in state.legal_moves() if m.kind == "decline"))


def _can_roll(state, pick_up: bool) -> bool:
    for m in state.legal_moves():
        if isinstance(m, Roll):
            before = {l: len(s) for l, s in state.stacks.items()}
            state.push(m)
            took = any(len(state.stacks[l]) < n for l, n in before.items())
            state.pop()
            if took == pick_up:
                return True
    return False


def _play_until(truth, tracked, rng: random.Random, pick_up: bool) -> None:
    """Whole turns, each seen, until the player to move has a roll that does (not) pick a tile up."""
    for _ in range(40):
        if _can_roll(truth, pick_up):
            return
        _turn(truth, rng)
        look(truth, tracked)
    raise AssertionError("no such roll came up")


def _events_of(kind, events):
    return [e for e in events if isinstance(e, kind)]


def test_missed_scenes_over_three_turns_are_caught_up_through_a_question(tmp_path: Path) -> None:
    """Three whole turns go by unseen (a hand over the table): no chain of one or two turns
    explains the scene (an alert); the next scene makes the alert a recovery question, whose true
    answer makes the missed moves, and the game goes on in step. The log replays it."""
    log = EventLog.create(tmp_path / "g.jsonl", pair(3, 5)[1].state, fsync=False)
    truth, tracked = _placed(3, 5, log)
    rng = random.Random(1)
    for _ in range(3):
        _turn(truth, rng)
    first = look(truth, tracked)
    assert _events_of(IllegalMoveAlert, first) and tracked.alert is not None
    _turn(truth, rng)
    events = tracked.observe(observation_from_state(truth))
    asked = _events_of(QuestionAsked, events)
    assert asked and asked[0].question.recovery, events
    assert "lost track" in asked[0].question.prompt
    answered = answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    assert tracked.alert is None
    assert AlertCleared("the players said where the game stands") in answered
    for _ in range(3):  # in step again: the next moves are followed without an alert
        _turn(truth, rng)
        assert not _events_of(IllegalMoveAlert, look(truth, tracked))
    assert tracked.state.history == truth.history
    log.close()
    logged = read_events(tmp_path / "g.jsonl").events
    (recovery,) = [e for e in logged if e["type"] == "question" and e.get("recovery")]
    q = asked[0].question
    assert recovery["question"] == q.prompt and recovery["options"] == list(q.option_texts)
    assert recovery["take_back"] == list(q.take_back)
    assert replay(tmp_path / "g.jsonl").state.history == tracked.state.history


def test_a_mistaken_take_back_is_restored(tmp_path: Path) -> None:
    """The mover's roll is reversed by an out-of-turn roll back: the table looks as it was before
    the roll, so the tracker takes the roll back. The players put the table back, and two more
    turns go by before the next still scene: the tracker, one turn behind, cannot explain it. The
    recovery question makes the taken-back roll again (with the turns that followed)."""
    log = EventLog.create(tmp_path / "g.jsonl", pair(3, 7)[1].state, fsync=False)
    truth, tracked = _placed(3, 7, log)
    rng = random.Random(2)
    _play_until(truth, tracked, rng, pick_up=False)
    assert tracked.state.history == truth.history
    before = truth.clone()
    _turn(truth, rng, pick_up=False)  # a roll that picks nothing up can be rolled back exactly
    look(truth, tracked)
    assert tracked.state.history == truth.history
    events = tracked.observe(observation_from_state(before))  # the out-of-turn roll back
    assert _events_of(MovesTakenBack, events) and tracked.state.history == before.history
    for _ in range(2):  # table put back; two turns unseen
        _turn(truth, rng)
    assert _events_of(IllegalMoveAlert, tracked.observe(observation_from_state(truth)))
    _turn(truth, rng)
    events = tracked.observe(observation_from_state(truth))
    asked = _events_of(QuestionAsked, events)
    assert asked and asked[0].question.recovery
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history and tracked.alert is None
    log.close()
    assert replay(tmp_path / "g.jsonl").state.history == truth.history


def test_a_move_confirmed_wrongly_and_undone_by_hand_is_taken_back_by_the_recovery(tmp_path: Path) -> None:
    """Two players: the second rolls out of turn, which looks exactly like the first passing and
    the second rolling, and the players say so (or the camera confirms it). They then undo the
    roll by hand and the first player rolls, unseen. No chain from the tracker's position explains
    the table; the recovery question takes back the pass and the roll (logged as undos) and makes
    the real moves."""
    log = EventLog.create(tmp_path / "g.jsonl", pair(2, 3)[1].state, fsync=False)
    truth, tracked = _placed(2, 3, log)
    rng = random.Random(3)
    wrong = truth.clone()
    wrong.push(Pass())
    _turn(wrong, rng, pick_up=True)  # the out-of-turn roll picks up a tile: no roll back undoes it
    look(wrong, tracked)  # the tracker (and the players' answer) take it for a pass and a roll
    assert tracked.state.history == wrong.history
    _turn(truth, rng)  # undone by hand; the first player's real turn, unseen
    assert _events_of(IllegalMoveAlert, tracked.observe(observation_from_state(truth)))
    _turn(truth, rng)
    events = tracked.observe(observation_from_state(truth))
    asked = _events_of(QuestionAsked, events)
    assert asked and asked[0].question.recovery
    q = asked[0].question
    assert any(q.take_back)  # some option takes moves back, and its words say so first
    for back, chain, text in zip(q.take_back, q.options, q.option_texts):
        assert text.startswith("take back ") == (back > 0), text
        assert back or chain, text  # the tracker's own position is no option
    replies = answer_truthfully(truth, tracked, events)
    taken = _events_of(MovesTakenBack, replies)
    assert taken and len(taken[0].texts) >= 2
    assert all(isinstance(t, str) and t for t in taken[0].texts)
    assert tracked.state.history == truth.history and tracked.alert is None
    log.close()
    logged = read_events(tmp_path / "g.jsonl").events
    undos = [e["text"] for e in logged if e["type"] == "undo"]
    assert len(undos) >= 2
    # the log says each move taken back, last first; the event names them in the game's order
    assert undos[-len(taken[0].texts):] == ["took back: " + t for t in reversed(taken[0].texts)]
    assert replay(tmp_path / "g.jsonl").state.history == truth.history


def test_a_single_unexplained_scene_stays_an_alert_and_the_table_put_back_clears_it() -> None:
    """Recovery waits for a second unexplained scene: an illegal change is flagged (not asked
    about), and putting the table back clears the alert as before."""
    truth, tracked = _placed(3, 5)
    physical = truth.clone()
    loc = next(l for l, s in sorted(physical.stacks.items())
               if l not in physical.occupied and len(s) >= 2 and s[-1].collectible)
    physical.stacks[loc] = physical.stacks[loc][:-1]  # a tile taken by hand
    events = tracked.observe(observation_from_state(physical))
    assert _events_of(IllegalMoveAlert, events) and not _events_of(QuestionAsked, events)
    assert tracked.observe(observation_from_state(truth)) == [AlertCleared("the table matches the game again")]


def test_a_rejected_recovery_is_not_offered_again_and_the_alert_stands() -> None:
    """The players say none of the recovery options happened: an alert (logged), the same
    options are not offered again, and undo or a confirmed correction still gets them out."""
    truth, tracked = _placed(3, 5)
    rng = random.Random(1)
    for _ in range(3):
        _turn(truth, rng)
    look(truth, tracked)
    _turn(truth, rng)
    events = tracked.observe(observation_from_state(truth))
    question = _events_of(QuestionAsked, events)[0].question
    assert _events_of(IllegalMoveAlert, tracked.reject())
    assert tracked.alert == ("the players say none of the camera's options is where the game stands: put the "
                             "table back as it was, undo, or confirm what happened")
    from ui.i18n.sentences import is_translated

    for lang in ("fr", "nl"):  # the app shows the recovery's question and alert in every language
        assert is_translated(question.prompt, lang) and is_translated(tracked.alert, lang), lang
    again = recover(tracked.state, tracked._unexplained, OctocubeAdapter(), InferenceConfig(),
                    exclude=tracked._rejected)
    offered = set(zip(question.take_back or (0,) * len(question.options), question.options))
    if again is not None:
        assert not offered & set(zip(again.take_back, again.options))
    # the players' own way back: confirm what happened
    missing = truth.history[len(tracked.state.history):]
    events = tracked.confirm_correction(list(missing))
    assert _events_of(AlertCleared, events) and tracked.state.history == truth.history
    _turn(truth, rng)
    assert not _events_of(IllegalMoveAlert, look(truth, tracked))


def test_the_same_illegal_table_read_again_stays_an_alert() -> None:
    """A tile taken by hand and not put back yet, read in several still scenes (a hand passed
    over the table): not new evidence that the tracker is out of step, so no recovery question
    (whose options could explain the illegal table legally); the alert stands, said once."""
    truth, tracked = _placed(3, 5)
    physical = truth.clone()
    loc = next(l for l, s in sorted(physical.stacks.items())
               if l not in physical.occupied and len(s) >= 2 and s[-1].collectible)
    physical.stacks[loc] = physical.stacks[loc][:-1]
    alerts = []
    for _ in range(3):
        events = tracked.observe(observation_from_state(physical))
        assert not _events_of(QuestionAsked, events) and not _events_of(MoveConfirmed, events)
        alerts += _events_of(IllegalMoveAlert, events)
    assert len(alerts) == 1 and "stack" in alerts[0].reason and tracked.alert is not None
    assert tracked.state.history == truth.history


def test_a_whole_game_that_derailed_before_recovery_ends_in_step() -> None:
    """Tuning seed 8145 (3 players, perfect observations, a whole game): before recovery, Red's
    declined extra roll and Yellow's pass went unseen, Blue's roll was an alert and every later
    move was one too (91 false alarms, 14/134 moves, wrong scores). The twin no longer films two
    unseen turns in a row (it cannot be explained from one scene, see tracker/octocube/twin.py),
    so this game now stays in step without needing a recovery; the recovery paths themselves are
    the tests above. Every move followed, every illegal change flagged, equal scores."""
    import importlib.util
    from types import SimpleNamespace

    path = Path(__file__).resolve().parents[2] / "bench" / "demo_accuracy.py"
    spec = importlib.util.spec_from_file_location("_demo_accuracy", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    result = bench.play_observations({"players": 3, "seed": 8145, "tilt": 0.0, "lighting": "day"},
                                     SimpleNamespace(illegal=3, max_moves=0))
    assert result["final_scores_match"]
    assert result["moves_correct"] == result["moves_total"]
    assert result["illegal_flagged"] == result["illegal_injected"] == 3
    assert result["false_alarms"] <= 1
