"""The tracked game's own decisions (tracker/session.py), each pinned: what every event says,
what is logged before it is announced, and which inputs leave the state untouched.

The toy dice race (tests/rules/toy_game.py) keeps each case small; the camera sees the banked
scores and whose turn it is (``RaceAdapter`` in test_inference.py). A recording log stands in for
the event log so that these tests pin what the session logs, not the log's file format."""

from __future__ import annotations

from typing import Any

import pytest

from rules import registry
from rules.core import IllegalMoveError, RulesError
from tests.rules.toy_game import Bank, Pass, RaceGame, Roll
from tests.tracker.test_inference import BlurryRaceAdapter, RaceAdapter
from tracker.adapter import Difference
from tracker.inference import InferenceConfig, Question
from tracker.session import (
    AlertCleared,
    IllegalMoveAlert,
    MoveConfirmed,
    MovesTakenBack,
    QuestionAsked,
    TilesRevealed,
    TrackedGame,
    event_words,
)


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_CLASSES, "race", "tests.rules.toy_game:RaceGame")


class RecordingLog:
    """What the session hands its event log, in order."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, dict[str, Any]]] = []

    def append(self, type_: str, **payload: Any) -> None:
        self.lines.append((type_, payload))

    def reveal(self, state: Any, location: Any, value: Any) -> None:
        self.lines.append(("reveal", {"location": location, "value": value}))

    def of(self, type_: str) -> list[dict[str, Any]]:
        """The payloads of one type; the acting seat every line carries (for replay's checks,
        tested in test_event_log*.py) is left out except on moves, where it is the mover."""
        return [p if t == "move" else {k: v for k, v in p.items() if k != "player"}
                for t, p in self.lines if t == type_]


class WordsAdapter(RaceAdapter):
    def location_words(self, location: Any) -> str:
        return f"<{location}>"

    def value_words(self, value: Any) -> str:
        return f"[{value}]"


def _game(log: RecordingLog | None = None, players: int = 2) -> TrackedGame[Any, Any]:
    return TrackedGame(RaceGame(players).new_initial_state(), RaceAdapter(), log)  # type: ignore[arg-type]


def _alerted(game: TrackedGame[Any, Any]) -> None:
    events = game.observe(((9, 0), 0))  # no roll of a d6 banks 9
    assert [type(e) for e in events] == [IllegalMoveAlert]


# ---------------------------------------------------------------- event words


def test_every_event_reads_as_one_line_of_words() -> None:
    adapter = WordsAdapter()
    question = Question("Which roll?", ((Roll(1), Bank()), (Roll(2), Pass())), ("rolls 1, banks", "rolls 2, passes"))
    assert event_words(MoveConfirmed(0, Bank(), "Red banks 3"), adapter) == "move: Red banks 3"
    assert event_words(TilesRevealed("bonus", 5), adapter) == "seen: <bonus> shows [5]"
    assert event_words(QuestionAsked(question), adapter) == "question: Which roll? 1) rolls 1, banks; 2) rolls 2, passes"
    assert event_words(IllegalMoveAlert("two dice"), adapter) == "ILLEGAL: two dice"
    assert event_words(AlertCleared("the table matches"), adapter) == "alert cleared: the table matches"
    assert event_words(MovesTakenBack(("a", "b")), adapter) == "taken back (the table is as it was before): a; b"
    assert event_words("something else", adapter) == "something else"


# ---------------------------------------------------------------- observing


def test_a_confirmed_move_is_logged_with_its_player_code_and_words_before_it_is_announced() -> None:
    log = RecordingLog()
    game = _game(log)
    events = game.observe(((3, 0), 1))
    assert [type(e) for e in events] == [MoveConfirmed, MoveConfirmed]
    assert [e.move for e in events] == [Roll(3), Bank()]  # type: ignore[union-attr]
    moves = log.of("move")
    assert [m["move"] for m in moves] == [game.state.game.move_codec.encode(Roll(3)),
                                          game.state.game.move_codec.encode(Bank())]
    assert [m["text"] for m in moves] == [e.text for e in events]  # type: ignore[union-attr]
    # the roll is a chance outcome (no seat), the bank is seat 0's
    assert moves[1]["player"] == 0 and events[1].player == 0  # type: ignore[union-attr]
    assert moves[0]["player"] == events[0].player  # type: ignore[union-attr]


def test_lines_other_than_moves_carry_the_seat_to_move_then() -> None:
    """Replay checks every line's seat against the engine: an alert names the seat to move, an
    undo the seat whose move was taken back."""
    log = RecordingLog()
    game = _game(log)
    game.observe(((3, 0), 1))  # seat 0 rolls 3 and banks: seat 1's roll (a chance node, -1) next
    _alerted(game)
    game.undo()  # the bank taken back: seat 0 to move again
    seats = [(t, p["player"]) for t, p in log.lines if t in ("illegal", "undo")]
    assert seats == [("illegal", -1), ("undo", 0)]


def test_an_illegal_scene_alerts_once_logs_why_and_leaves_the_state_alone() -> None:
    log = RecordingLog()
    game = _game(log)
    events = game.observe(((9, 0), 0))
    assert len(events) == 1 and isinstance(events[0], IllegalMoveAlert)
    assert game.alert == events[0].reason and "seat 0 shows 9" in events[0].reason
    (logged,) = log.of("illegal")
    assert logged["reason"] == game.alert
    assert logged["differences"] and all(isinstance(d, str) for d in logged["differences"])
    assert game.state.history == [] and game.state.scores == [0, 0]
    assert game.observe(((9, 0), 0)) == []  # the same alert is not said twice
    assert len(log.of("illegal")) == 1


def test_the_logged_differences_are_cut_at_twenty() -> None:
    class Noisy(RaceAdapter):
        def differences(self, expected: Any, observed: Any) -> list[Difference]:
            found = super().differences(expected, observed)
            return found + [Difference(f"speck {i}") for i in range(30)] if found else found

    log = RecordingLog()
    game = TrackedGame(RaceGame(2).new_initial_state(), Noisy(), log)  # type: ignore[arg-type]
    game.observe(((9, 0), 0))
    assert len(log.of("illegal")[0]["differences"]) == 20


def test_a_table_that_matches_again_clears_the_alert_and_says_why() -> None:
    log = RecordingLog()
    game = _game(log)
    _alerted(game)
    events = game.observe(((0, 0), 0))
    assert events == [AlertCleared("the table matches the game again")]
    assert game.alert is None
    assert log.of("note")[-1]["text"] == "alert cleared: the table matches the game again"
    assert game.observe(((0, 0), 0)) == []  # nothing to clear twice


def test_a_move_that_explains_the_table_clears_the_alert_before_the_move() -> None:
    game = _game()
    _alerted(game)
    events = game.observe(((4, 0), 1))
    assert events[0] == AlertCleared("the move explains the table")
    assert [type(e) for e in events[1:]] == [MoveConfirmed, MoveConfirmed]
    assert game.alert is None


def test_while_a_question_waits_the_table_is_not_read() -> None:
    log = RecordingLog()
    game = _game(log)
    (asked,) = game.observe(((0, 0), 1))  # a pass: which roll?
    assert isinstance(asked, QuestionAsked) and game.pending is asked.question
    (q,) = log.of("question")
    assert q["question"] == asked.question.prompt and q["options"] == list(asked.question.option_texts)
    assert game.observe(((5, 0), 1)) == [] and game.observe(((9, 9), 0)) == []
    assert game.state.history == [] and game.alert is None


# ---------------------------------------------------------------- the players' answers


def test_answering_without_a_question_or_out_of_range_is_refused_exactly() -> None:
    game = _game()
    with pytest.raises(RulesError, match="^there is no question to answer$"):
        game.answer(0)
    with pytest.raises(RulesError, match="^there is no question to answer$"):
        game.reject()
    game.observe(((0, 0), 1))
    with pytest.raises(RulesError, match=r"^the question has options 1-6, not 7$"):
        game.answer(6)
    with pytest.raises(RulesError, match=r"^the question has options 1-6, not 0$"):
        game.answer(-1)
    assert game.pending is not None and game.state.history == []


def test_an_answer_is_logged_then_its_moves_applied() -> None:
    log = RecordingLog()
    game = _game(log)
    (asked,) = game.observe(((0, 0), 1))
    chosen = 2
    events = game.answer(chosen)
    assert game.pending is None
    assert log.of("answer") == [{"option": chosen, "text": asked.question.option_texts[chosen]}]  # type: ignore[union-attr]
    assert [e.move for e in events] == list(asked.question.options[chosen])  # type: ignore[union-attr]
    assert game.state.history == list(asked.question.options[chosen])  # type: ignore[union-attr]
    kinds = [t for t, _ in log.lines]
    assert kinds.index("answer") < kinds.index("move")


def test_none_of_these_on_a_move_question_asks_to_put_the_table_back() -> None:
    log = RecordingLog()
    game = _game(log)
    game.observe(((0, 0), 1))
    events = game.reject()
    assert game.pending is None and game.state.history == []
    assert events == [IllegalMoveAlert("the players say none of the camera's options happened: put the table back "
                                       "as it was")]
    assert game.alert == events[0].reason  # type: ignore[union-attr]
    assert log.of("answer") == [{"option": None, "text": "none of these"}]
    assert log.of("illegal")[-1] == {"reason": game.alert, "differences": []}


def test_a_confirmed_correction_is_validated_whole_before_anything_changes() -> None:
    log = RecordingLog()
    game = _game(log)
    _alerted(game)
    with pytest.raises(IllegalMoveError):
        game.confirm_correction([Roll(3), Bank(), Bank()])  # the second bank has no roll
    assert game.state.history == [] and game.alert is not None and log.of("move") == []
    events = game.confirm_correction([Roll(3), Bank()])
    assert events[0] == AlertCleared("the players confirmed a correction")
    assert [e.move for e in events[1:]] == [Roll(3), Bank()]  # type: ignore[union-attr]
    assert game.state.scores == [3, 0] and game.alert is None
    # the players' word stands: the table as it was before the correction is an alert now, not
    # an automatic take-back of the corrected moves
    events = game.observe(((0, 0), 0))
    assert [type(e) for e in events] == [IllegalMoveAlert]
    assert game.state.scores == [3, 0]


def test_moves_entered_on_the_tablet_are_validated_whole_and_stand_as_the_players_word() -> None:
    log = RecordingLog()
    game = _game(log)
    with pytest.raises(IllegalMoveError):
        game.enter([Roll(3), Bank(), Bank()])  # the second bank has no roll
    assert game.state.history == [] and log.of("move") == []
    events = game.enter([Roll(3), Bank()])
    assert [type(e) for e in events] == [MoveConfirmed, MoveConfirmed]
    assert [e.move for e in events] == [Roll(3), Bank()]  # type: ignore[union-attr]
    assert [m["text"] for m in log.of("move")] == [e.text for e in events]  # type: ignore[union-attr]
    assert game.state.scores == [3, 0]
    # a table that still looks as before them is an alert, not a take-back of the entered moves
    assert [type(e) for e in game.observe(((0, 0), 0))] == [IllegalMoveAlert]
    assert game.state.scores == [3, 0]


def test_undo_takes_back_one_move_logs_it_and_drops_a_waiting_question() -> None:
    log = RecordingLog()
    game = _game(log)
    game.observe(((3, 0), 1))
    game.observe(((3, 0), 0))  # a pass: a question waits
    assert game.pending is not None
    move = game.undo()
    assert move == Bank() and game.pending is None
    assert game.state.history == [Roll(3)]
    assert log.of("undo")[-1]["text"] == "took back: " + game.state.describe_move(Bank())
    # the next scene is judged from the position after the undo: the table without the bank fits
    assert game.observe(((0, 0), 0)) == [] and game.alert is None


# ---------------------------------------------------------------- take-backs


def test_the_table_put_back_as_before_the_last_scene_takes_those_moves_back() -> None:
    log = RecordingLog()
    game = _game(log)
    confirmed = game.observe(((3, 0), 1))
    texts = tuple(e.text for e in confirmed)  # type: ignore[union-attr]
    events = game.observe(((0, 0), 0))
    # the table as it was before that scene: the bank, and the roll before it, never seen, too
    # (taking back the bank alone fits as well; see the Octocube case below)
    assert events[0] == MovesTakenBack(texts)
    assert isinstance(events[1], IllegalMoveAlert)
    assert events[1].reason == ("the table went back to how it was before " + "; ".join(texts)
                                + ": those moves are taken back")
    assert game.state.history == [] and game.state.scores == [0, 0]
    assert [u["text"] for u in log.of("undo")] == ["took back: " + texts[1], "took back: " + texts[0]]
    # only the one previous scene's moves: once taken back, the older position is not restored
    game2 = _game()
    game2.observe(((3, 0), 1))
    game2.observe(((3, 2), 0))
    events = game2.observe(((0, 0), 0))
    assert not any(isinstance(e, MovesTakenBack) for e in events)
    assert game2.state.scores == [3, 2]


# ---------------------------------------------------------------- reveals


def test_a_reveal_is_applied_logged_and_announced_and_a_refused_one_only_noted() -> None:
    class Tile:
        def to_json(self) -> str:
            return "tile-label"

    plain_log = RecordingLog()
    assert _game(plain_log)._reveal([("bonus", 4)]) == [TilesRevealed("bonus", 4)]
    assert plain_log.of("reveal") == [{"location": "bonus", "value": 4}]  # a plain value logged as it is
    log = RecordingLog()
    game = _game(log)
    tile = Tile()
    assert game._reveal([("bonus", tile)]) == [TilesRevealed("bonus", tile)]
    assert log.of("reveal") == [{"location": "bonus", "value": "tile-label"}]
    events = game._reveal([("bonus", 4), ("nowhere", 1)])
    assert events == []
    notes = [n["text"] for n in log.of("note")]
    assert len(notes) == 2 and notes[0].startswith("ignored a reveal at 'bonus': ")
    assert notes[1].startswith("ignored a reveal at 'nowhere': ")
    assert isinstance(game.state.bonus, Tile)


# ---------------------------------------------------------------- the end of the game


def _near_the_end(log: RecordingLog | None = None) -> TrackedGame[Any, Any]:
    state = RaceGame(2).new_initial_state()
    for move in (Roll(6), Bank(), Roll(1), Bank(), Roll(3)):
        state.push(move)
    # seat 0 has 6 and has rolled a 3 the camera does not see
    return TrackedGame(state, RaceAdapter(), log)  # type: ignore[arg-type]


def test_finish_with_no_unseen_ending_only_notes_it() -> None:
    # a bank of the 3 does not end the game (9 < 10), so no unseen move ends it
    log = RecordingLog()
    game = _near_the_end(log)
    assert game.finish() == []
    assert log.of("note")[-1]["text"] == "the players ended the game, but no unseen move ends it"
    assert game.state.history[-1] == Roll(3)


class TurnBlindAdapter(RaceAdapter):
    """A camera that sees the scores but not whose turn it is."""

    def expected(self, state: Any) -> Any:
        return tuple(state.scores), 0


def test_finish_applies_the_one_unseen_ending() -> None:
    state = RaceGame(2).new_initial_state()
    for move in (Roll(6), Bank(), Roll(1), Bank(), Roll(4)):
        state.push(move)
    # seat 0 has 6 and a 4 in hand. A camera that sees the scores: the only ending (banking the 4)
    # changes what it sees, so no ending is unseen
    game = TrackedGame(state, TurnBlindAdapter())
    assert game.finish(max_moves=3) == []
    # a camera that sees nothing: within one move, banking the 4 is the one ending
    class Blind(RaceAdapter):
        def expected(self, state: Any) -> Any:
            return (), 0

    game = TrackedGame(state, Blind())
    events = game.finish(max_moves=1)
    assert [type(e) for e in events] == [MoveConfirmed]
    assert events[0].move == Bank() and game.state.is_terminal()  # type: ignore[union-attr]
    assert game.finish() == []  # over: nothing more


def test_finish_with_several_endings_asks_who_did_what_last() -> None:
    class Blind(RaceAdapter):
        def expected(self, state: Any) -> Any:
            return (), 0

    state = RaceGame(2).new_initial_state()
    for move in (Roll(6), Bank(), Roll(5), Bank()):
        state.push(move)
    # seat 0 (6 points) to roll: any roll of 4-6 then a bank ends the game in two moves
    log = RecordingLog()
    game = TrackedGame(state, Blind(), log)  # type: ignore[arg-type]
    (asked,) = game.finish(max_moves=2)
    assert isinstance(asked, QuestionAsked)
    assert sorted(c[0].value for c in asked.question.options) == [4, 5, 6]  # type: ignore[attr-defined]
    assert all(c[1] == Bank() for c in asked.question.options)
    # seat 0 is at the roll (a chance node): the question names the seat that banks
    assert asked.question.prompt == "The game is over: what did player 1 do last?"
    assert log.of("question")[-1] == {"question": asked.question.prompt, "options": list(asked.question.option_texts)}
    assert game.finish() == []  # a question waits
    game.answer(0)
    assert game.state.is_terminal()


# ---------------------------------------------------------------- thresholds from the config


def test_a_take_back_needs_the_old_table_within_the_tolerance_as_well_as_the_margin() -> None:
    # a camera tuned so that the margin (1.0) is wider than the tolerance (0.3): seat 0's banked 3
    # read back as 2 (0.5 away from the table before the bank) is not the old table
    config = InferenceConfig(tolerance=0.3, margin=1.0)
    game = TrackedGame(RaceGame(3).new_initial_state(), BlurryRaceAdapter(), config=config)
    (asked,) = game.observe(((3, 0, 0), 1))  # with so wide a margin, 2 and 4 are options too
    game.answer_whole((asked.question.whole or asked.question).options.index((Roll(3), Bank())))  # type: ignore[union-attr]
    assert game.state.scores == [3, 0, 0]
    events = game.observe(((2, 0, 0), 0))
    assert [type(e) for e in events] == [IllegalMoveAlert]
    assert game.state.scores == [3, 0, 0] and len(game.state.history) == 2


def test_recovery_is_tried_after_as_many_unexplained_scenes_as_configured_and_says_when_it_finds_nothing() -> None:
    impossible = [((40, 0), 0), ((40, 1), 0), ((41, 1), 0)]  # nobody banks 40 in a race to 10
    log = RecordingLog()
    game = TrackedGame(RaceGame(2).new_initial_state(), RaceAdapter(), log,  # type: ignore[arg-type]
                       InferenceConfig(recover_after=1))
    game.observe(impossible[0])
    assert [n["text"] for n in log.of("note")] == [
        "lost step with the table for 1 scenes; no legal position found that matches it yet"]
    log = RecordingLog()
    game = TrackedGame(RaceGame(2).new_initial_state(), RaceAdapter(), log)  # type: ignore[arg-type]
    game.observe(impossible[0])
    assert log.of("note") == []  # the default waits for a second scene
    game.observe(impossible[1])
    assert [n["text"] for n in log.of("note")] == [
        "lost step with the table for 2 scenes; no legal position found that matches it yet"]
    game.observe(impossible[1])  # the same table again: no new evidence, not tried again
    assert len(log.of("note")) == 1
    game.observe(impossible[2])  # a new scene: tried again
    assert log.of("note")[-1]["text"] == ("lost step with the table for 3 scenes; no legal position found "
                                          "that matches it yet")
    assert game.pending is None and game.alert is not None and game.state.history == []


def test_a_recovery_that_keeps_finding_nothing_is_tried_less_and_less_often() -> None:
    """Bench seed 97213 (Open Season) lost step at the set-up, and every later scene ran a whole
    recovery (29 searches, 50,000 moves tried, growing): the game never ended. Up to
    ``recovery_patience`` unexplained scenes a recovery is tried at each new one; beyond, each time
    their number doubles."""
    log = RecordingLog()
    game = TrackedGame(RaceGame(2).new_initial_state(), RaceAdapter(), log)  # type: ignore[arg-type]
    assert game.config.recovery_patience == 8
    for k in range(40):
        game.observe(((40 + k, 0), 0))  # nobody banks 40 in a race to 10: every scene is new and impossible
    tried = [int(n["text"].split(" for ")[1].split()[0]) for n in log.of("note")]
    assert tried == [2, 3, 4, 5, 6, 7, 8, 16, 32]
    assert game.alert is not None and game.state.history == []


def test_with_recovery_after_one_scene_a_fresh_start_counts_from_zero() -> None:
    for back_in_step in ("a fitting scene", "an undo"):
        log = RecordingLog()
        game = TrackedGame(RaceGame(2).new_initial_state(), RaceAdapter(), log,  # type: ignore[arg-type]
                           InferenceConfig(recover_after=1))
        game.observe(((3, 0), 1))
        if back_in_step == "an undo":
            game.undo()
        game.observe(((40, 0), 0))
        assert [n["text"] for n in log.of("note")] == [
            "lost step with the table for 1 scenes; no legal position found that matches it yet"], back_in_step


def test_finish_searches_at_most_max_moves_deep() -> None:
    class Blind(RaceAdapter):
        def expected(self, state: Any) -> Any:
            return (), 0

    state = RaceGame(2).new_initial_state()
    for move in (Roll(6), Bank(), Roll(5), Bank()):
        state.push(move)
    # ending needs two moves (a roll of 4-6, a bank): none within one
    assert TrackedGame(state, Blind()).finish(max_moves=1) == []
    assert len(TrackedGame(state, Blind()).finish(max_moves=2)) == 1


def test_the_config_given_is_the_one_inference_uses() -> None:
    # one pip off weighs 0.25: within the default tolerance a question, beyond a tolerance of 0.1
    # (and the doubtful tolerance) an alert
    strict = InferenceConfig(tolerance=0.1, doubtful_tolerance=0.1)
    game = TrackedGame(RaceGame(2).new_initial_state(), BlurryRaceAdapter(), config=strict)
    assert [type(e) for e in game.observe(((7, 0), 1))] == [IllegalMoveAlert]  # no roll gives 7
    game = TrackedGame(RaceGame(2).new_initial_state(), BlurryRaceAdapter())
    assert [type(e) for e in game.observe(((7, 0), 1))] == [QuestionAsked]  # 6 or 5, read blurred


def test_a_take_back_at_exactly_the_tolerance_counts_and_at_exactly_the_margin_does_not() -> None:
    def seen_back(config: InferenceConfig) -> bool:
        game = TrackedGame(RaceGame(3).new_initial_state(), BlurryRaceAdapter(), config=config)
        events = game.observe(((3, 0, 0), 1))
        if events and isinstance(events[0], QuestionAsked):
            question = events[0].question
            game.answer_whole((question.whole or question).options.index((Roll(3), Bank())))
        events = game.observe(((2, 0, 0), 0))  # 0.5 away from the table before the bank
        return any(isinstance(e, MovesTakenBack) for e in events)

    assert seen_back(InferenceConfig(tolerance=0.5, margin=1.0))
    assert not seen_back(InferenceConfig(tolerance=1.0, margin=0.5))


class DieSeenAdapter(RaceAdapter):
    """A camera that also sees the die lying on the table before it is banked or passed."""

    def expected(self, state: Any) -> Any:
        return tuple(state.scores), state.player, state.pending

    def differences(self, expected: Any, observed: Any) -> list[Difference]:
        found = super().differences(expected[:2], observed[:2])
        return found + ([Difference("the die")] if expected[2] != observed[2] else [])


def test_a_take_back_of_several_moves_names_them_all_in_order() -> None:
    game2 = TrackedGame(RaceGame(2).new_initial_state(), DieSeenAdapter())
    events = game2.observe(((3, 0), 1, None))
    assert [type(e) for e in events] == [MoveConfirmed, MoveConfirmed]
    texts = tuple(e.text for e in events)  # type: ignore[union-attr]
    back = game2.observe(((0, 0), 0, None))  # the die picked up again: the roll and the bank taken back
    assert back[0] == MovesTakenBack(texts)
    assert back[1] == IllegalMoveAlert("the table went back to how it was before " + "; ".join(texts)
                                       + ": those moves are taken back")
    assert game2.state.history == []


def test_recovery_is_given_the_sessions_config_its_last_take_back_and_the_rejected_options(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the session hands :func:`tracker.inference.recover` (whose own search is tested in
    test_recovery.py): its config, the moves an automatic take-back removed (to make again if it
    was no take-back), and after the players rejected a recovery question, those options to leave
    out and a thorough search."""
    import tracker.session as session

    calls: list[dict[str, Any]] = []
    offered = ((Roll(1), Bank()), (Roll(2), Pass()))

    def spy(state: Any, unexplained: Any, adapter: Any, config: Any = None, *, redo: Any = (),
            exclude: Any = (), thorough: bool = False, amended_only: bool = False) -> Question | None:
        if amended_only:
            return None  # the first unexplained scene's look at a misread: nothing to amend here
        calls.append({"config": config, "redo": redo, "exclude": set(exclude), "thorough": thorough,
                      "scenes": len(unexplained)})
        return Question("Where does the game stand?", offered, ("one", "two"), take_back=(0, 1), recovery=True)

    monkeypatch.setattr(session, "recover", spy)
    config = InferenceConfig(recover_after=2, recovery_undo=3)
    game = TrackedGame(RaceGame(3).new_initial_state(), DieSeenAdapter(), config=config)
    game.observe(((3, 0, 0), 1, None))
    assert [type(e) for e in game.observe(((0, 0, 0), 0, 3))] == [MovesTakenBack, IllegalMoveAlert]
    game.observe(((40, 0, 0), 0, None))
    game.observe(((41, 0, 0), 0, None))
    assert len(calls) == 1 and isinstance(game.pending, Question) and game.pending.recovery
    assert calls[0]["config"] is config
    assert calls[0]["redo"] == (Bank(),)
    assert calls[0]["exclude"] == set() and calls[0]["thorough"] is False
    game.reject()
    game.observe(((42, 0, 0), 0, None))
    assert len(calls) == 2
    assert calls[1]["exclude"] == {(0, offered[0]), (1, offered[1])} and calls[1]["thorough"] is True
    assert calls[1]["redo"] == (Bank(),) and calls[1]["config"] is config


def test_a_move_question_the_players_reject_leaves_its_scene_unexplained(monkeypatch: pytest.MonkeyPatch) -> None:
    """"None of these" on a move question: no option explains the scene, so it counts towards a
    recovery like an alert's scene (asking a question used to reset that count: bench seed 97612
    alternated rejected questions and alerts and never recovered), and the rejected options are
    left out of it. A recovery follows at once where the rejected scene is the second in a row."""
    import tracker.session as session

    calls: list[dict[str, Any]] = []
    offered = ((Roll(1), Bank()),)

    def spy(state: Any, unexplained: Any, adapter: Any, config: Any = None, *, redo: Any = (),
            exclude: Any = (), thorough: bool = False, amended_only: bool = False) -> Question | None:
        if amended_only:
            return None  # the first unexplained scene's look at a misread: nothing to amend here
        calls.append({"exclude": set(exclude), "thorough": thorough, "scenes": len(unexplained)})
        return Question("Where does the game stand?", offered, ("one",), take_back=(0,), recovery=True)

    monkeypatch.setattr(session, "recover", spy)
    game = _game()
    (asked,) = game.observe(((0, 0), 1))
    assert isinstance(asked, QuestionAsked)
    assert game.reject() == [IllegalMoveAlert("the players say none of the camera's options happened: put the "
                                              "table back as it was")]
    assert calls == []  # one scene unexplained
    game.observe(((9, 0), 0))  # no roll of a d6 banks 9: the second in a row
    assert len(calls) == 1 and calls[0]["scenes"] == 2 and calls[0]["thorough"] is True
    assert calls[0]["exclude"] == {(0, option) for option in asked.question.options}

    calls.clear()
    game = _game()
    _alerted(game)
    (asked,) = game.observe(((0, 0), 1))
    events = game.reject()
    assert [type(e) for e in events] == [IllegalMoveAlert, QuestionAsked]
    assert len(calls) == 1 and calls[0]["scenes"] == 2


def test_the_first_unexplained_scene_asks_about_a_move_confirmed_from_a_misread_before_any_alarm(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A scene no legal move explains first gets a look at the moves confirmed from a misread
    only (``recover(amended_only=True)``): where the adapter can amend one so that the table fits,
    the players are asked at once, with no alarm (Open Season seed 102766: a refill card misread in
    the scene of its draw made "3 cards left the inn" alarms); where nothing can be amended, the
    alarm comes as before and the full recovery waits for the second scene."""
    import tracker.session as session

    calls: list[bool] = []
    offered = ((Roll(1), Bank()),)
    amendable = [True]

    def spy(state: Any, unexplained: Any, adapter: Any, config: Any = None, *, redo: Any = (),
            exclude: Any = (), thorough: bool = False, amended_only: bool = False) -> Question | None:
        calls.append(amended_only)
        if amended_only and not amendable[0]:
            return None
        return Question("Where does the game stand?", offered, ("one",), take_back=(0,), recovery=True)

    monkeypatch.setattr(session, "recover", spy)
    game = _game()
    events = game.observe(((9, 0), 0))  # no roll of a d6 banks 9
    assert [type(e) for e in events] == [QuestionAsked] and calls == [True]
    assert game.alert is None

    calls.clear()
    amendable[0] = False
    game = _game()
    _alerted(game)
    assert calls == [True]  # looked, found nothing: the alarm


def test_a_take_back_restores_the_table_before_the_whole_scene_when_its_first_move_is_unseen() -> None:
    """Steep advanced bench seed 72572 (4 players, tilt 31.9, evening): a tile taken by hand off
    D5 was read as "Red passes, then Yellow swaps D3 and D5" (a power H); at the put-back only
    the swap was taken back (taking back one move already matched the table), Red's pass stayed,
    and Red's next move was alarmed as out of turn until the game was lost (169/211 moves, 37
    false alarms). Where taking back fewer moves fits as well, the whole scene is taken back.
    Here with perfect readings: Red passes and Yellow rolls in one scene, then the table goes
    back."""
    from rules.octocube.moves import Pass, Roll
    from tests.tracker.octocube_helpers import tracked_until, truth_after
    from tracker.octocube.groundtruth import observation_from_state
    from tracker.octocube.twin import TwinGame
    from tracker.session import MovesTakenBack

    twin = TwinGame(4, 72572, illegal=3, mode="advanced")
    tracked = tracked_until(twin, 168)
    before = truth_after(twin, 168)
    moved = before.copy()
    moved.push(Pass())
    roll = next(m for m in moved.legal_moves() if isinstance(m, Roll))
    moved.push(roll)
    events = tracked.observe(observation_from_state(moved))
    assert [type(e).__name__ for e in events] == ["MoveConfirmed", "MoveConfirmed"]
    events = tracked.observe(observation_from_state(before))
    taken = [e for e in events if isinstance(e, MovesTakenBack)]
    assert taken and taken[0].texts[0] == "Red passes", events
    assert tracked.state.history == before.history and tracked.state.current_player() == 0
    assert tracked.alert is not None and tracked.alert.endswith("those moves are taken back")
