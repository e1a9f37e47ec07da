"""The Octocube twin's simulated players answer by what happened on the table.

Fresh bench game 72303 (2 players, tilt 29.4, lamp): Red pivoted 90 degrees, Yellow passed and
Red pivoted 180 more, which the tracker, seeing one still scene, took as one pivot of 270: the same
table, the same game from there on. Asked next "Yellow scores from A1: collects ... leaving 1 on
the cube?" (what Yellow did), the players said "none of these", because their answer compared the
tracker's words for the past with the true moves; the game was lost (60/272 moves, 168 false
alarms). An option that leads from a position the game really had to a later true one is true."""

from __future__ import annotations

from rules.octocube.moves import Pass, Pivot
from tracker.inference import Question
from tracker.octocube.twin import TwinGame


def test_an_option_is_true_when_it_leads_on_from_the_same_table() -> None:
    twin = TwinGame(2, 72303, illegal=3)
    truth = list(twin.truth.history)
    assert truth[59:62] == [Pivot(90), Pass(), Pivot(180)]
    tracked = truth[:59] + [Pivot(270)]
    score = truth[62]
    question = Question("The camera cannot tell what Yellow did. Which was it?",
                        options=((Pivot(90),), (score,)), option_texts=("Yellow pivots", "Yellow scores"))
    assert twin.truthful_answer(question, tracked) == 1
    # the tracker's own words matching the truth still come first, and a wrong past stays wrong
    assert twin.truthful_answer(question, truth[:62]) == 1
    assert twin.truthful_answer(question, truth[:59] + [Pivot(180)]) is None


def test_the_players_never_answer_with_a_move_they_make_only_after_the_scene() -> None:
    """Advanced bench seed 61629 with perfect readings: Red put abyss tile F on C3 and was asked
    "puts F" or "puts F, then uses power E (turned so ...)"; the simulated players picked the
    second, because Red's next move, made after the scene, was that E. The top the camera saw
    before the E was named for the turned face, and the game was lost from move 158 (199/394
    moves, 67 false alarms). The bench and the demos now pass the moves made at the table for
    every change, not only while an injected illegal change lies there."""
    from rules.octocube.moves import UsePower
    from tracker.twin_truth import moves_made_at_table

    twin = TwinGame(2, 61629, illegal=3, mode="advanced")
    truth = list(twin.truth.history)
    put, turn = truth[157], truth[158]
    assert isinstance(turn, UsePower) and turn.letter == "E"
    change = next(i for i, c in enumerate(twin.changes) if c.kind == "move" and c.truth_moves == 158)
    question = Question("The camera cannot tell what Red did. Which was it?",
                        options=((put,), (put, turn)), option_texts=("puts F", "puts F, then E"))
    made = moves_made_at_table(twin.changes, change)
    assert made == 158
    assert twin.truthful_answer(question, truth[:157], made) == 0
    # once the E is made (the next change), the longer option is the true one
    assert twin.truthful_answer(question, truth[:157], moves_made_at_table(twin.changes, change + 1)) == 1


def test_an_injected_change_a_power_makes_legal_is_not_filmed_as_illegal() -> None:
    """Advanced bench seed 61620 with perfect readings: the twin slid Yellow's cube two spaces,
    C4 to A4, as an illegal change; power C (move the cube to any unoccupied space) makes that
    very table legal, the tracker rightly took it as the power, and the bench counted a missed
    illegal change and a false alarm at the put-back. Through the bench's own path (and 61629's
    future answer, above, with it): every move, every injected change flagged, no false alarm."""
    from types import SimpleNamespace

    from tests.bench_scripts import load_bench

    twin = TwinGame(2, 61620, illegal=3, mode="advanced")
    assert not any(c.kind == "illegal" and c.text.endswith("C4 to A4") for c in twin.changes)
    bench = load_bench("demo_accuracy")
    # 61629 up to move 170, past the answer at move 158 (the whole game costs four times as long;
    # the code before the twins answered with moves made at the table raised 2 false alarms there)
    for seed, max_moves in ((61620, 0), (61629, 170)):
        result = bench.play_observations({"players": 2, "seed": seed, "tilt": 0.0, "lighting": "day",
                                          "mode": "advanced"}, SimpleNamespace(illegal=3, max_moves=max_moves))
        assert result["moves_correct"] == result["moves_total"], (seed, result)
        assert result["illegal_flagged"] == result["illegal_injected"] == 3, (seed, result)
        assert result["false_alarms"] == 0 and result["final_scores_match"], (seed, result)


def test_the_bench_counts_an_injected_change_flagged_once_however_many_alerts_it_raises() -> None:
    """Advanced 61907 (perfect readings): during one injected change a rejected question raised an
    alert and its recovery, rejected too, another: the bench printed "illegal 4/3", which could
    hide a change that was never flagged. One flag per injected change, as the pixel path counts."""
    from tests.bench_scripts import load_bench
    from tracker.session import IllegalMoveAlert

    tally = load_bench("demo_accuracy")._Tally()
    tally.take([IllegalMoveAlert("none of these"), IllegalMoveAlert("still none")], None, None, True)
    assert tally.flagged == 1 and tally.false_alarms == 0
    tally.take([IllegalMoveAlert("a false alarm"), IllegalMoveAlert("and another")], None, None, False)
    assert tally.flagged == 1 and tally.false_alarms == 2


def test_a_cube_taken_home_is_the_same_cube_whichever_way_it_lies() -> None:
    """Steep advanced bench game 72560 (tilt 30.3): Red pivoted 90 degrees, Yellow pivoted 90,
    Red pivoted 90 more and Yellow took the cube home from B4 with a white starfish, all in one
    still scene. The tracker asked "Red pivots 180; then Yellow scores from B4 ..." (among pivots
    of 90 and 270 and a pass): the same table, Yellow's pivot unseen under a cube now off the
    board. The players said none of these, because the option left Yellow's cube at home named
    from another side than the truth's, and the game was lost from move 144 (144/242 moves, 57
    false alarms). A cube off the board is the same whichever way it lies."""
    from rules.octocube.moves import Score

    twin = TwinGame(2, 72560, illegal=3, mode="advanced")
    truth = list(twin.truth.history)
    assert truth[144:148] == [Pivot(90), Pivot(90), Pivot(90), Score(faces=("bottom",))]
    options = tuple((turn, Score(faces=faces)) for turn in (Pivot(180), Pivot(90), Pass())
                    for faces in ((), ("bottom",)))
    question = Question("The camera cannot tell what Red did. Which was it?", options=options,
                        option_texts=tuple(str(o) for o in options))
    assert twin.truthful_answer(question, truth[:144]) == 1
    # a cube on the board is not: Yellow's pivot of 90 is the one true answer while it stands
    on_board = tuple((turn,) for turn in (Pivot(270), Pass(), Pivot(90)))
    question = Question("?", options=on_board, option_texts=("270", "pass", "90"))
    assert twin.truthful_answer(question, truth[:145]) == 2
    assert twin.truthful_answer(Question("?", options=on_board[:2], option_texts=("270", "pass")),
                                truth[:145]) is None
