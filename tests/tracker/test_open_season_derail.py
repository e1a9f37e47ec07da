"""Open Season scenes that used to put the tracker out of step for good (bench seeds 97001,
97003, 97007, 97010, docs/open_season.md "Following whole games through the pixels, 2026-11-27"),
replayed as recorded observations through :class:`tracker.session.TrackedGame` (the tracker the
pipeline feeds) and the recogniser's own observation builder."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.core import UNKNOWN
from rules.open_season.moves import UNSEEN_CARD, Draw, RandomAccolade, Steal
from tests.tracker.open_season_helpers import played
from tracker.open_season.adapter import BONUS_FACE_MISREAD_WEIGHT, OpenSeasonAdapter
from tracker.open_season.recogniser import observation_from_reads
from tracker.open_season.twin import OpenSeasonTwin, as_truth, truthful_answer
from tracker.open_season.view import observation_from_state, observation_from_table
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option
from vision.open_season.cards import HIDDEN, AccoladeCount, CardRead, TableCards
from vision.open_season.observation import OpenSeasonObservation


def _draw_refill_in_name_order(truth: Any, rng: random.Random) -> list[Any]:
    """Draws the inn refill ``truth`` waits for, its draws pushed in name order as the tracker
    (and the twin) names them; the draws."""
    drawn = []
    while truth.tasks and truth.tasks[-1][:2] == ("draw", "inn"):
        drawn.append(truth.sample_chance(rng))
        truth.push(drawn[-1])
    for _ in drawn:
        truth.pop()
    for move in sorted(drawn, key=lambda m: m.card):
        truth.push(move)
    return drawn


def _refilled(players: int, seed: int) -> tuple[OpenSeasonState, OpenSeasonState]:
    """(a tracker's state before the first refill, the truth after it, draws in name order as the
    twin makes them)."""
    game = OpenSeasonGame(players, side="shield")
    tracker = game.new_initial_state(seed, hidden=True)
    truth = game.new_initial_state(seed, hidden=True)
    rng = random.Random(seed)
    _draw_refill_in_name_order(truth, rng)
    return tracker, truth


def _behind_deck(obs: OpenSeasonObservation, card: str) -> OpenSeasonObservation:
    inn = list(obs.inn)
    inn.remove(card)
    return replace(obs, inn=tuple(inn), inn_hidden=1)


def _asked_once_and_answered(state: OpenSeasonState, truth: OpenSeasonState,
                             seen: OpenSeasonObservation) -> TrackedGame[OpenSeasonState, OpenSeasonObservation]:
    """A tracker at ``state`` shown ``seen``: it asks one question, whose truthful answer brings it
    to ``truth``."""
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(seen)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    answer = truthful_option(truth.history, events[0].question, state.history)
    assert answer is not None, events[0].question.option_texts[:5]
    tracked.answer(answer)
    assert tracked.state.history == truth.history
    return tracked


def _followed_unseen(state: OpenSeasonState, truth: OpenSeasonState,
                     seen: OpenSeasonObservation) -> TrackedGame[OpenSeasonState, OpenSeasonObservation]:
    """A tracker at ``state`` shown ``seen`` (a refill card behind the deck) follows the truth with
    no question, that card drawn unseen (UNKNOWN in the inn, ``Draw(UNSEEN_CARD)``): nobody at the
    table looks at it until someone takes it (bench game 102865: 54 questions). The same table
    again is no change."""
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(seen)
    assert events and all(isinstance(e, MoveConfirmed) for e in events), events
    assert Draw(UNSEEN_CARD) in tracked.state.history and UNKNOWN in tracked.state.inn
    assert as_truth(truth.history, tracked.state.history) == list(truth.history)
    assert tracked.state.status() == []
    assert tracked.observe(seen) == []
    return tracked


def test_an_inn_slot_behind_the_deck_is_drawn_unseen_never_guessed() -> None:
    """97010: the card the deck hid (read as another people's card, full weight) made a refill
    look like the wrong draws; the tracker never came back. Then the slot read as hidden and the
    players were asked which card went there (every card still unseen). Now the card there is
    drawn unseen: the game follows the refill unasked, in step."""
    tracker_state, truth = _refilled(3, 4)
    hidden = cast(Draw, truth.history[-1]).card  # the last card (by name) lies behind the deck
    tracked = _followed_unseen(tracker_state, truth, _behind_deck(observation_from_state(truth), hidden))
    assert tracked.state.history[0] == Draw(UNSEEN_CARD)  # drawn first: the refill's draws in one order


def test_a_hidden_card_whose_name_comes_first_is_drawn_unseen_too() -> None:
    tracker_state, truth = _refilled(3, 4)
    first = cast(Draw, truth.history[0]).card
    _followed_unseen(tracker_state, truth, _behind_deck(observation_from_state(truth), first))


def test_the_recogniser_reports_a_hidden_slot_as_hidden_not_as_a_card() -> None:
    cards = TableCards(inn=[CardRead("inn 1", "elf-crown", 1.0), CardRead("inn 2", "empty", 1.0),
                            CardRead("inn 5", HIDDEN, 0.0)],
                       walls={0: {}}, stocks={0: []}, kept={0: CardRead("kept 0", "empty", 1.0)},
                       accolades={0: AccoladeCount(0, 1.0, 1)})
    obs = observation_from_reads(cards, {}, 1)
    assert obs.inn == ("elf-crown",) and obs.inn_hidden == 1


def _refill_then_taken(seed: int) -> tuple[OpenSeasonState, OpenSeasonState, OpenSeasonState]:
    """(the tracker's state at a refill of two or more cards; the truth once the player took two
    of the new cards into the hand; the truth once one of them is placed)."""
    from rules.open_season.moves import PlaceCard, TakeFromInn

    game = OpenSeasonGame(3, side="horn")
    rng = random.Random(seed)
    state = game.new_initial_state(seed, hidden=True)
    while True:
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
        if state.tasks and state.tasks[-1][:2] == ("draw", "inn") and len(state.inn) <= 3 and len(state.history) > 10:
            break
    truth = state.copy()
    drawn = _draw_refill_in_name_order(truth, rng)
    new = {m.card for m in drawn}
    take = next(m for m in truth.legal_moves() if isinstance(m, TakeFromInn) and set(m.cards) <= new)
    truth.push(take)
    taken = truth.copy()
    truth.push(next(m for m in truth.legal_moves() if isinstance(m, PlaceCard)))
    return state, taken, truth


def test_a_refill_whose_scene_was_missed_is_not_half_confirmed_and_is_caught_up() -> None:
    """97001: a misread tile cost the refill's scene; the next scene (the new cards taken into the
    hand, unseen) was explained by one draw of the three, the tracker then waited for draws whose
    cards nobody could name, and every later scene was an alert. Now a half refill is no
    explanation, and the scene where the taken cards show explains the whole refill."""
    state, taken, placed = _refill_then_taken(5)
    before = list(state.history)
    tracked = TrackedGame(state, OpenSeasonAdapter())
    first = tracked.observe(observation_from_state(taken))
    assert not any(isinstance(e, MoveConfirmed) for e in first) and tracked.state.history == before
    events = tracked.observe(observation_from_state(placed))
    confirmed = [e.move for e in events if isinstance(e, MoveConfirmed)]
    assert tracked.pending is None and tracked.alert is None, events
    assert before + confirmed == list(placed.history)


def _refilled_in_name_order(state: Any, rng: random.Random) -> Any:
    """A copy of ``state`` (waiting for an inn refill) with the refill drawn."""
    truth = state.copy()
    _draw_refill_in_name_order(truth, rng)
    return truth


def test_a_chosen_bonus_face_read_as_another_face_does_not_stop_a_move() -> None:
    """97001: player 3's tile read as face 8 instead of 5 (in one still) made the refill of that
    scene unexplained. A chosen face never changes: such a difference is a doubtful reading, and
    the refill is confirmed; a tile lit or gone still counts in full."""
    from tracker.open_season.adapter import BONUS_FACE_MISREAD_WEIGHT

    game = OpenSeasonGame(3, side="horn", expert=True)
    rng = random.Random(8)
    state = game.new_initial_state(8, hidden=True)
    while not (state.tasks and state.tasks[-1][:2] == ("draw", "inn") and len(state.history) > 12):
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    truth = _refilled_in_name_order(state, rng)
    seen = observation_from_state(truth)
    reading = seen.players[2]
    col, (face, lit) = next(iter(reading.bonus.items()))
    misread = replace(reading, bonus={**reading.bonus, col: (face % 12 + 1, lit)})
    seen = replace(seen, players={**seen.players, 2: misread})
    adapter = OpenSeasonAdapter()
    weights = [d.weight for d in adapter.differences(observation_from_state(truth), seen)]
    assert weights == [BONUS_FACE_MISREAD_WEIGHT]
    lit_now = replace(reading, bonus={**reading.bonus, col: (face, not lit)})
    assert [d.weight for d in adapter.differences(observation_from_state(truth),
                                                  replace(seen, players={**seen.players, 2: lit_now}))] == [1.0]
    tracked = TrackedGame(state, adapter)
    events = tracked.observe(seen)
    assert tracked.alert is None and tracked.pending is None, events
    assert tracked.state.history == truth.history


def test_a_lower_stock_card_read_unsurely_weighs_its_confidence() -> None:
    """97010: player 1's lower stock card dwarf-dagger read by its strip as dwarf-earrings (lead
    0.06, confidence 0.12) in every still; the stock weighed in full and no move fitted again. Now
    the unsure reading and the card it stands for weigh its confidence; a sure one still counts."""
    game = OpenSeasonGame(3, side="horn")
    rng = random.Random(11)
    state = game.new_initial_state(11, hidden=True)
    while not (state.tasks and state.tasks[-1][:2] == ("draw", "inn")
               and any(len(s) >= 2 for s in state.stock) and len(state.history) > 12):
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    truth = _refilled_in_name_order(state, rng)
    seen = observation_from_state(truth)
    seat = next(p for p, s in enumerate(state.stock) if len(s) >= 2)
    reading = seen.players[seat]
    other = next(c for c in ("dwarf-earrings", "dwarf-dagger") if c != reading.stock[0])
    unsure = replace(reading, stock=(other,) + reading.stock[1:],
                     stock_confidence=(0.12,) + (1.0,) * (len(reading.stock) - 1))
    adapter = OpenSeasonAdapter()
    got = replace(seen, players={**seen.players, seat: unsure})
    assert [d.weight for d in adapter.differences(observation_from_state(truth), got)] == [0.12, 0.12]
    sure = replace(unsure, stock_confidence=())
    assert [d.weight for d in adapter.differences(observation_from_state(truth),
                                                  replace(seen, players={**seen.players, seat: sure}))] == [1.0, 1.0]
    tracked = TrackedGame(state, adapter)
    events = tracked.observe(got)
    assert tracked.alert is None and tracked.pending is None, events
    assert tracked.state.history == truth.history


def test_a_blind_draw_onto_a_stock_is_offered_whatever_card_a_misread_shows_elsewhere() -> None:
    """97010: a compensation drawn onto a stock that went straight to the accolades (never seen),
    while a wall card was misread (weight 0.27) as elf-tattoo: only a draw of elf-tattoo was
    offered, the players rejected it, and the game never came back. Every card is offered now."""
    import tests.tracker.test_open_season_readings as readings

    state, observed = readings._blind_draw_position()
    seat = next(iter(observed.players))
    reading = observed.players[seat]
    wall = dict(reading.wall)
    space = next(iter(wall)) if wall else 1
    misread = replace(reading, wall={**wall, space: "elf-tattoo"}, confidence={space: 0.27})
    seen = replace(observed, players={**observed.players, seat: misread})
    chains = list(OpenSeasonAdapter().candidate_chains(state, seen))
    assert len({c[0].card for c in chains if len(c) == 1 and isinstance(c[0], Draw)}) == 30


def test_a_refill_after_a_blind_draw_onto_a_stock_is_still_tried() -> None:
    """97007: a compensation card drawn unseen onto a stock (gone to the accolades) and the next
    refill in one scene: the refill's draws were held to come after the stock's card by name,
    so the true chain was never tried, the players rejected every option and the game stayed
    out of step."""
    import tests.tracker.test_open_season_readings as readings

    state, _ = readings._blind_draw_position()
    truth = state.copy()
    for card in ("sorcerer-tattoo", "barbarian-crown", "barbarian-earrings", "dwarf-crown", "elf-crown",
                 "gnome-crown"):
        if truth.tasks and truth.tasks[-1][0] == "draw" and card in {m.card for m in truth.legal_moves()}:
            truth.push(Draw(card))
    while truth.is_chance_node():  # the rest of the refill, if any, in name order
        truth.push(min(truth.legal_moves(), key=lambda m: m.card))
    chain = tuple(truth.history[len(state.history):])
    assert isinstance(chain[0], Draw) and chain[0].card == "sorcerer-tattoo" and len(chain) >= 2, chain
    assert chain[1].card < chain[0].card  # the refill's first card comes before the stock's by name
    chains = list(OpenSeasonAdapter().candidate_chains(state, observation_from_state(truth)))
    assert chain in chains


def test_bonus_faces_chosen_at_the_set_up_are_still_told_apart() -> None:
    """The set-up's face choices: the chosen faces show, another face loses by the margin (no
    question for each choice)."""
    game = OpenSeasonGame(2, side="horn", expert=True)
    state = game.new_initial_state(3, hidden=True)
    truth = state.copy()
    rng = random.Random(3)
    while truth.tasks and truth.tasks[-1][0] == "choose_face":
        truth.push(rng.choice(list(truth.legal_moves())))
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(observation_from_state(truth))
    assert not any(isinstance(e, QuestionAsked) for e in events)
    assert tracked.state.history[: len(truth.history)] == truth.history


def test_the_last_peek_is_offered_with_every_card_whatever_a_misread_shows() -> None:
    """The game's last peek keeps a card that goes unseen to the accolades: where a card is
    misread elsewhere (a name the peek may have shown), every card is still offered, not only the
    misread one. (Written for fresh seed 97207, whose false alarm there turned out to follow from
    an earlier missed move: docs/open_season.md.)"""
    import tests.tracker.test_open_season_readings as readings

    last_peek, state = readings._last_peek_of_the_game()
    final = observation_from_state(state)
    seat = next(iter(final.players))
    reading = final.players[seat]
    space = next(iter(reading.wall))
    truth = state.history[-1]
    other = next(m.card for m in last_peek.legal_moves() if m != truth)  # a card the peek may have shown
    misread = replace(reading, wall={**reading.wall, space: other}, confidence={space: 0.27})
    seen = replace(final, players={**final.players, seat: misread})
    chains = list(OpenSeasonAdapter().candidate_chains(last_peek, seen))
    assert (truth,) in chains


def _blind_compensation_then_one_more_move() -> tuple[OpenSeasonState, OpenSeasonState]:
    """(the position after a steal, before the victim's compensation; the truth after the
    compensation drawn blindly from the deck onto the victim's stock and the stealer's one more
    move that ends the turn, the victim's stock, that card with it, going to the accolades).
    A hidden-mode game, 4 players, Horn, seed 2, random legal play."""
    import tests.tracker.test_open_season_readings as readings

    state = OpenSeasonGame(4, side="horn").new_initial_state(2, hidden=True)
    rng = random.Random(2)
    while True:  # the first such compensation of the game (the draw ends no turn by itself)
        while not (state.tasks and state.tasks[-1][:2] == ("draw", "stock")):
            state.push(readings._random_move(state, rng))
        victim = state.tasks[-1][2]
        state.push(readings._random_move(state, rng))  # the blind draw onto the victim's stock
        if state.stock[victim]:
            break
    truth = state.clone()
    truth.push(readings._random_move(truth, rng))  # one more move of the stealer: the turn ends
    assert not truth.stock[victim], truth.history[-3:]
    state.pop()
    state.pop()  # back to the choice of compensation (the deck: no card shows)
    assert state.tasks[-1][0] == "compensate"
    return state, truth


def test_a_blind_compensation_gone_to_the_accolades_after_one_more_move_is_offered() -> None:
    """97207: the compensation drawn blindly onto a stock that went to the accolades unseen, the
    turn ending with one more move of the stealer in the same scene, was never tried (the draw
    alone makes the view dearer: the stock shows a card the camera does not see), so "no
    compensation" was taken. The chain is offered now, with every card the draw may have been,
    and the players' answer puts the tracker in step."""
    state, truth = _blind_compensation_then_one_more_move()
    chain = tuple(truth.history[len(state.history):])
    assert len(chain) == 3, chain  # compensate from the deck, the draw, the move that ends the turn
    chains = list(OpenSeasonAdapter().candidate_chains(state, observation_from_state(truth)))
    assert chain in chains
    assert len({c[1].card for c in chains if len(c) == 3 and c[1:2] and isinstance(c[1], Draw)
                and c[2] == chain[2]}) > 20  # any card still in the deck may have gone there
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(observation_from_state(truth))
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    answer = truthful_option(truth.history, events[0].question, state.history)
    assert answer is not None
    tracked.answer(answer)
    assert tracked.state.history == truth.history


def test_a_blind_compensation_is_tried_where_an_unsure_accolade_count_reads_one_short() -> None:
    """97207 as it happened: the card drawn blindly onto the victim's stock went to the accolades
    as the victim's turn began, and the victim's refill followed in the same scene; the victim's
    fan (unsure) read one card short, so the draw alone made the view dearer (by the unsure
    count's 0.05) and was dropped: only "no compensation" was offered, two moves went wrong. The
    draw is followed on now, and both are offered (the camera cannot tell them apart)."""
    import tests.tracker.test_open_season_readings as readings

    state, _ = readings._blind_draw_position()
    victim = state.tasks[-1][2]
    truth = state.clone()
    truth.push(readings._random_move(truth, random.Random(6)))  # the blind draw (to the accolades)
    while truth.is_chance_node():  # the victim's refill, in name order
        truth.push(min(truth.legal_moves(), key=lambda m: m.card))
    chain = tuple(truth.history[len(state.history) - 1:])
    assert len(chain) >= 3 and chain[0].source == "deck", chain
    seen = observation_from_state(truth)
    fan = seen.players[victim]
    short = replace(fan, accolades=fan.accolades - 1, accolades_confidence=0.4)
    seen = replace(seen, players={**seen.players, victim: short})
    state.pop()  # back to the choice of compensation
    chains = list(OpenSeasonAdapter().candidate_chains(state, seen))
    assert chain in chains


def test_a_refill_whose_only_card_went_behind_the_deck_is_drawn_unseen() -> None:
    """97201: a refill of one card, which went into the slot behind the deck, changed nothing
    else the camera sees; the scene counted as unchanged, the card was then taken into a hand
    unnamed, and "the inn lacks ..." alarms followed. A hidden slot beyond the game's inn cards
    is now a difference, so the refill is found (and drawn unseen)."""
    import tests.tracker.test_open_season_readings as readings

    state = OpenSeasonGame(3, side="horn", expert=True).new_initial_state(11, hidden=True)
    rng = random.Random(11)
    while not (state.tasks and state.tasks[-1][:2] == ("draw", "inn") and len(state.inn) == 4):
        state.push(readings._random_move(state, rng))
    truth = state.clone()
    truth.push(readings._random_move(truth, rng))
    assert not truth.is_chance_node() or truth.tasks[-1][:2] != ("draw", "inn")  # one card only
    seen = _behind_deck(observation_from_state(truth), truth.history[-1].card)  # type: ignore[attr-defined]
    _followed_unseen(state, truth, seen)


def _follow_set_up(tracked: TrackedGame[OpenSeasonState, OpenSeasonObservation], truth: OpenSeasonState,
                   rng: random.Random, misread: Callable[[OpenSeasonObservation], OpenSeasonObservation]) -> int:
    """The expert set-up's face choices played on ``truth`` and each still shown to ``tracked`` as
    ``misread`` makes it, its questions answered truthfully; then the first refill drawn. Returns
    the number of questions asked."""
    asked = 0
    while truth.tasks and truth.tasks[-1][0] == "choose_face":
        truth.push(rng.choice(list(truth.legal_moves())))
        for event in tracked.observe(misread(observation_from_state(truth))):
            if isinstance(event, QuestionAsked):
                asked += 1
                answer = truthful_option(truth.history, event.question, tracked.state.history)
                assert answer is not None, event.question.option_texts
                tracked.answer(answer)
    _draw_refill_in_name_order(truth, rng)
    return asked


def _dark_seat_set_up(confidence: float) -> tuple[TrackedGame[OpenSeasonState, OpenSeasonObservation], OpenSeasonState,
                                                   int]:
    """A 3-player expert set-up followed scene by scene, player 3's faces all read wrong (as bench
    seed 97213's were, its seat too dark) with ``confidence``; each question answered truthfully.
    Returns (the tracker, the truth after its first refill, questions asked)."""
    game = OpenSeasonGame(3, side="horn", expert=True)
    truth = game.new_initial_state(13, hidden=True)
    tracked = TrackedGame(game.new_initial_state(13, hidden=True), OpenSeasonAdapter())
    rng = random.Random(13)

    def misread(seen: OpenSeasonObservation, sure: float = confidence) -> OpenSeasonObservation:
        dark = seen.players[2]
        wrong = {c: (face % 14 + 1, lit) for c, (face, lit) in dark.bonus.items()}
        return replace(seen, players={**seen.players, 2: replace(dark, bonus=wrong, bonus_confidence=sure)})

    asked = _follow_set_up(tracked, truth, rng, misread)
    # 97213's seat was dark only while its wall was empty: later, its faces read as wrong, and sure
    tracked.observe(misread(observation_from_state(truth), 1.0))
    return tracked, truth, asked


def test_a_seat_too_dark_for_its_bonus_faces_has_each_set_up_choice_asked() -> None:
    """97213 (3 players, evening, tilt 33): player 3's seat read at 50 grey levels (the token
    reader's ``LIGHT_MIN`` is 60) and three of its four faces were wrong in every still (9, 12, 1
    read as 8, 10, 5; face 1 never among the faces named as close): the set-up was never
    explained, the game lost from its first turn. Faces of a seat too dark weigh little, each
    choice there is asked, and the misread faces stop nothing after (read as sure: a face, once
    chosen, never changes, so a face read otherwise weighs little)."""
    tracked, truth, asked = _dark_seat_set_up(0.0)
    assert asked == 4  # player 3's four choices; players 1 and 2 read right, never asked
    assert tracked.state.history == truth.history and tracked.alert is None and tracked.pending is None
    # the same wrong faces read as sure: the set-up goes wrong (faces taken as read, or no chain)
    tracked, truth, asked = _dark_seat_set_up(1.0)
    assert tracked.state.history != truth.history


def test_the_recogniser_marks_the_faces_of_a_seat_too_dark_as_unsure() -> None:
    from vision.open_season.tokens import SeatTokens

    def table(walls: dict[int, dict[int, CardRead]]) -> TableCards:
        return TableCards(inn=[], walls=walls, stocks={0: [], 1: []},
                          kept={s: CardRead(f"kept {s}", "empty", 1.0) for s in (0, 1)},
                          accolades={s: AccoladeCount(0, 1.0, 1) for s in (0, 1)})

    seat: dict[str, Any] = dict(wall_trophies={}, wall_wilds=frozenset(), trophies=0, wilds=0, penalties=0,
                                series=False, scorings=frozenset(), bonus={1: (9, False)}, accolade_wilds=0)
    tokens = {0: SeatTokens(**seat), 1: SeatTokens(**seat, dark=True)}
    walls = {s: {1: CardRead(f"wall {s} 1", "gnome-dagger", 1.0)} for s in (0, 1)}
    obs = observation_from_reads(table(walls), tokens, 2)
    assert obs.players[0].bonus_confidence == 1.0 and obs.players[1].bonus_confidence == 0.0
    assert obs.players[0] == obs.players[1]  # a confidence, not a different table
    # the light is measured on the wall cards: with none (the set-up) "dark" says nothing, and
    # every set-up choice would be asked
    empty = observation_from_reads(table({0: {}, 1: {}}), tokens, 2)
    assert empty.players[1].bonus_confidence == 1.0


def _set_up_read_wrong_in_two_columns(doubted: bool) -> tuple[TrackedGame[OpenSeasonState, OpenSeasonObservation],
                                                                 OpenSeasonState, int]:
    """A 3-player expert set-up followed scene by scene, player 1's faces in columns 1 and 2 read
    as other faces in every still (as seed 97621's 3 and 5 read 8 and 6), the reader doubting
    them (``bonus_unsure``) or not; the seat well lit. Returns (tracker, truth, questions asked)."""
    game = OpenSeasonGame(3, side="horn", expert=True)
    truth = game.new_initial_state(21, hidden=True)
    tracked = TrackedGame(game.new_initial_state(21, hidden=True), OpenSeasonAdapter())
    rng = random.Random(21)

    def misread(seen: OpenSeasonObservation) -> OpenSeasonObservation:
        first = seen.players[0]
        wrong = {c: ((face % 14 + 1) if c in (1, 2) else face, lit) for c, (face, lit) in first.bonus.items()}
        unsure = frozenset(c for c in wrong if c in (1, 2)) if doubted else frozenset()
        return replace(seen, players={**seen.players, 0: replace(first, bonus=wrong, bonus_unsure=unsure)})

    asked = _follow_set_up(tracked, truth, rng, misread)
    tracked.observe(misread(observation_from_state(truth)))
    return tracked, truth, asked


def test_a_bonus_face_the_reader_doubts_is_asked_not_taken_as_read() -> None:
    """97621 (tilt 30, lamp): player 1's faces 3 and 5 read as 8 and 6 at 0.6 camera pixels per
    mm; the token reader doubted them, but the observation carried no doubt, the set-up choices
    were confirmed as read and the game was lost (54 false alarms). A doubted column has every
    face tried: the players are asked that choice, and the other choices are taken as read."""
    tracked, truth, asked = _set_up_read_wrong_in_two_columns(doubted=True)
    assert asked == 2
    assert tracked.state.history == truth.history and tracked.alert is None and tracked.pending is None
    # after the set-up a doubted column read wrong weighs nothing (97621: three tiny tiles misread
    # in every still, 0.15, and a card read behind the deck, 0.5, passed the tolerance at every
    # take); a column read wrong surely still weighs BONUS_FACE_MISREAD_WEIGHT
    adapter = OpenSeasonAdapter()
    seen = observation_from_state(truth)
    first = seen.players[0]
    wrong = {c: (face % 14 + 1, lit) for c, (face, lit) in first.bonus.items()}
    doubted = replace(seen, players={**seen.players, 0: replace(first, bonus=wrong, bonus_unsure=frozenset({1, 2}))})
    weights = sorted(d.weight for d in adapter.differences(adapter.expected(truth), doubted))
    assert weights == [0.0, 0.0, BONUS_FACE_MISREAD_WEIGHT, BONUS_FACE_MISREAD_WEIGHT]
    # the same faces read wrong with no doubt: the set-up goes wrong (taken as read)
    tracked, truth, _asked = _set_up_read_wrong_in_two_columns(doubted=False)
    assert tracked.state.history != truth.history


def test_the_recogniser_passes_the_doubted_bonus_columns_on() -> None:
    from vision.open_season.tokens import SeatTokens

    seat: dict[str, Any] = dict(wall_trophies={}, wall_wilds=frozenset(), trophies=0, wilds=0, penalties=0,
                                series=False, scorings=frozenset(), bonus={1: (8, False), 2: (6, False)},
                                accolade_wilds=0)
    tokens = {0: SeatTokens(**seat, bonus_unsure=frozenset({1})), 1: SeatTokens(**seat)}
    cards = TableCards(inn=[], walls={0: {}, 1: {}}, stocks={0: [], 1: []},
                       kept={s: CardRead(f"kept {s}", "empty", 1.0) for s in (0, 1)},
                       accolades={s: AccoladeCount(0, 1.0, 1) for s in (0, 1)})
    obs = observation_from_reads(cards, tokens, 2)
    assert obs.players[0].bonus_unsure == {1} and obs.players[1].bonus_unsure == frozenset()
    assert obs.players[0] == obs.players[1]  # a doubt, not a different table


def test_a_refill_that_draws_one_card_twice_with_a_copy_behind_the_deck_is_followed() -> None:
    """97219 (tilt 34, lamp): a refill drew dwarf-tattoo twice; one copy showed, the other lay in
    the slot behind the deck. A draw behind the deck was tried only for a card that showed nowhere
    new, so the second copy was never offered: the players said none (a false alarm), twice. The
    copy behind the deck is drawn unseen, as any card there."""
    game = OpenSeasonGame(3, side="shield")
    tracker_state = game.new_initial_state(4, hidden=True)
    truth = game.new_initial_state(4, hidden=True)
    for card in ("dwarf-tattoo", "dwarf-tattoo", "elf-crown", "gnome-dagger", "mage-earrings"):
        truth.push(Draw(card))
    seen = _behind_deck(observation_from_state(truth), "dwarf-tattoo")
    assert seen.inn.count("dwarf-tattoo") == 1 and seen.inn_hidden == 1
    _followed_unseen(tracker_state, truth, seen)


def _accolade_put_on_the_deck() -> tuple[OpenSeasonState, OpenSeasonState, int]:
    """(the tracker's state just before a player puts an accolade card on the deck (expert face 4,
    swap with the deck), the truth once the card taken from the deck shows atop the stock and the
    next turn has begun, that player's seat): the first such swap of the 3-player twin game 97407."""
    from rules.open_season.moves import ReturnCard, SearchDeck

    twin = OpenSeasonTwin(3, 97407, side="horn", expert=True)
    truth = list(twin.truth.history)
    k = next(i for i, m in enumerate(truth) if isinstance(m, ReturnCard) and m.source == "accolades")
    assert isinstance(truth[k + 1], SearchDeck)
    state = played(twin, k)
    seat = state.turn_player
    after = state.clone()
    after.push(truth[k])
    after.push(truth[k + 1])
    while after.turn_player == seat and not after.is_chance_node():  # nothing more the camera sees
        after.push(truth[len(after.history)])
    return state, after, seat


def test_an_accolade_card_put_on_the_deck_is_followed_where_the_fan_reads_unchanged() -> None:
    """97407: the card put from the accolades on the deck (expert face 4) changes only the
    accolade count, and the camera, unsure of a fan of 13, read it unchanged: the move made the
    view dearer by the unsure count's 0.05 and was dropped, so the card then taken from the deck
    onto the stock was unexplained, an alert followed and the recovery's options were all wrong
    (the scores differed). Now a move that changes only an unsure count is followed as an
    invisible one; the players say which accolade card went back."""
    state, truth, seat = _accolade_put_on_the_deck()
    seen = observation_from_state(truth)
    fan = seen.players[seat]
    unchanged = replace(fan, accolades=fan.accolades + 1, accolades_confidence=0.4)
    seen = replace(seen, players={**seen.players, seat: unchanged})
    tracked = _asked_once_and_answered(state, truth, seen)
    assert tracked.alert is None


def _compensation_from_behind_the_deck() -> tuple[OpenSeasonState, OpenSeasonState, OpenSeasonObservation]:
    """97404, move 71: player 1 stole from player 3, who took dwarf-crown from the inn as
    compensation, from the slot behind the deck (the inn held two). (the tracker's state before,
    the truth after, what the camera saw: that slot, empty now, read hidden)."""
    from rules.open_season.moves import Compensate

    truth = OpenSeasonTwin(3, 97404, side="shield", illegal=3).truth
    assert truth.history[71] == Compensate("inn", "dwarf-crown")
    state = OpenSeasonGame(3, side="shield").new_initial_state(97404, hidden=True)
    for move in truth.history[:71]:
        state.push(move)
    after = state.clone()
    after.push(truth.history[71])
    shown = observation_from_state(after)
    assert shown.inn == ("dwarf-crown", "dwarf-dagger")  # the other dwarf-crown was taken
    return state, after, replace(shown, inn_hidden=1)


def test_a_compensation_taken_from_behind_the_deck_is_asked_about_not_taken_for_a_blind_draw() -> None:
    """97404 (and 97418, twice): the emptied slot behind the deck read hidden; a hidden slot beyond
    the inn's cards weighed 0.5 wherever no refill was due, so the blind deck card named dwarf-crown
    (the inn keeping its card behind the deck, no weight) won by the whole margin and was confirmed,
    unasked. The inn then held a card it no longer had, and 11 moves later the game was lost for
    good. The camera cannot tell the two: the players are asked."""
    from rules.open_season.moves import Compensate

    state, truth, seen = _compensation_from_behind_the_deck()
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    events = tracked.observe(seen)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert (Compensate("inn", "dwarf-crown"),) in question.options
    assert (Compensate("deck"), Draw("dwarf-crown")) in question.options
    answer = truthful_option(truth.history, question, state.history)
    assert answer is not None
    tracked.answer(answer)
    assert tracked.state.history == truth.history
    assert tracked.observe(seen) == []  # the same table again: nothing happened


def test_three_cards_taken_with_one_from_behind_the_deck_are_still_flagged() -> None:
    """The illegal change the hidden slot's weight must not excuse (bench seed 97418): a player
    takes three inn cards (two allowed), the third from the slot behind the deck, which reads
    hidden once emptied. No take of two explains the scene as it is (each leaves a card the camera
    no longer sees): whatever the players are asked, they say none of it, and the alert comes."""
    import tests.tracker.test_open_season_readings as readings
    from rules.open_season.moves import TakeFromInn

    state = OpenSeasonGame(3, side="shield").new_initial_state(418, hidden=True)
    rng = random.Random(418)
    while not (state.tasks and state.tasks[-1][0] == "take" and len(state.inn) >= 4
               and state.kept[state.turn_player] < 0 and state.history):
        state.push(readings._random_move(state, rng))
    inn = list(observation_from_state(state).inn)
    three = tuple(inn[:3])
    for card in three:
        inn.remove(card)
    legal = state.clone()
    legal.push(TakeFromInn(three[:2]))
    shown = observation_from_state(legal)
    seen = replace(shown, inn=tuple(sorted(inn)), inn_hidden=1)  # the third card's slot, behind the deck
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    events = tracked.observe(seen)
    if events and isinstance(events[0], QuestionAsked):
        assert all(len(o) > 0 for o in events[0].question.options)
        events = tracked.reject()
    assert any(isinstance(e, IllegalMoveAlert) for e in events), events
    assert not any(isinstance(e, MoveConfirmed) for e in events), events
    assert tracked.state.history == state.history


def test_a_misread_refill_is_put_right_once_the_players_reject_the_next_question() -> None:
    """97612 (pixels): the refill after player 4's turn drew mage-eyepatch and sorcerer-crown; the
    camera read sorcerer-crown as dwarf-crown, and the refill was confirmed so (a sure misread
    matches exactly). Player 1's take then left three cards gone (an alert); the next scene was
    explained by a question the players rejected, and a question reset the count of unexplained
    scenes, so no recovery ever saw two in a row: the game was lost from move 19. Now a rejected
    question's scene counts as unexplained, and the recovery that follows takes the refill back.
    (Since 2026-11-28 the next scene asks no move question at all: its options drew mage-eyepatch,
    which shows on player 1's wall, into the inn again after the take, and took it unseen; a card
    drawn because it shows outside the inn must end there. The second unexplained scene in a row
    brings the recovery at once.)"""

    twin = OpenSeasonTwin(4, 97612, side="horn", illegal=3)
    truth = twin.truth.history
    state = played(twin, 19)
    tracked = TrackedGame(state, OpenSeasonAdapter())
    refill = observation_from_table(twin.descriptions[13])  # the refill's scene
    inn = list(refill.inn)
    inn.remove("sorcerer-crown")
    misread = replace(refill, inn=tuple(sorted([*inn, "dwarf-crown"])))
    assert [type(e) for e in tracked.observe(misread)] == [MoveConfirmed, MoveConfirmed]
    assert Draw("dwarf-crown") in tracked.state.history[19:]  # the misread, confirmed
    rejected = recoveries = 0
    for table in twin.descriptions[14:18]:
        pending = list(tracked.observe(observation_from_table(table)))
        while pending:
            event = pending.pop(0)
            if isinstance(event, QuestionAsked):
                option = truthful_option(truth, event.question, tracked.state.history)
                rejected += option is None
                recoveries += event.question.recovery
                pending = list(tracked.reject() if option is None else tracked.answer(option)) + pending
    assert (rejected, recoveries) == (0, 1)
    assert tracked.state.history == truth[:len(tracked.state.history)]
    assert len(tracked.state.history) == 26  # in step, four scenes on (player 2 has taken)


def test_a_card_kept_from_the_inn_is_not_drawn_again_by_the_refill_and_taken_unseen() -> None:
    """97621 (and 97620, 97401): player 1 kept sorcerer-dagger from the inn for the next turn; the
    slot it left lies behind the deck from this camera and, empty, read hidden ("a card lies
    behind the deck", 0.5). A refill draw of a card that shows outside the inn is followed whatever
    it costs (drawn and taken within one scene), and it was followed again for every copy: "keeps
    sorcerer-dagger; the refill draws elf-crown, sorcerer-dagger, sorcerer-dagger; player 2 takes
    two of them" left nothing the camera could check and cost 0, so the true keep was out of the
    margin and the players said none of the options happened. One such draw per copy shown: the
    keep is confirmed."""
    from rules.open_season.moves import KeepInnCard

    twin = OpenSeasonTwin(3, 97621, side="horn", expert=True, illegal=3)
    truth = twin.truth.history
    assert truth[43] == KeepInnCard("sorcerer-dagger")
    state = played(twin, 43)
    after = state.clone()
    after.push(truth[43])
    shown = observation_from_state(after)
    assert shown.inn == ("dwarf-earrings", "mage-crown") and shown.players[0].kept == "sorcerer-dagger"
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(replace(shown, inn_hidden=1))  # the emptied slot, behind the deck
    assert [type(e) for e in events] == [MoveConfirmed], events
    assert tracked.state.history == truth[:44]


def test_a_compensation_from_behind_the_deck_just_before_a_refill_is_asked_about() -> None:
    """97621, move 93: player 2 stole from player 1, who took mage-tattoo from the inn as
    compensation, from the slot the deck hides; the turn was over, so the refill was due at once.
    The emptied slot read hidden and weighed 0.5 wherever a refill was due (the lower weight held
    only where none was), so the blind deck card named mage-tattoo won by the whole margin (in the
    pixel run with a wall card read unsurely, 0.11, the true take was even past the tolerance);
    the inn kept a card it no longer had, the refill drew one card too few and the game was lost
    from there (95/182 moves, 23 false alarms). The camera cannot tell the two: the players are
    asked."""
    from rules.open_season.moves import Compensate

    twin = OpenSeasonTwin(3, 97621, side="horn", expert=True, illegal=3)
    truth = twin.truth.history
    assert truth[93] == Compensate("inn", "mage-tattoo") and isinstance(truth[94], Draw)
    state = played(twin, 93)
    after = state.clone()
    after.push(truth[93])
    shown = observation_from_state(after)
    assert shown.inn == ("dwarf-dagger", "mage-eyepatch")
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    events = tracked.observe(replace(shown, inn_hidden=1))  # the emptied slot, behind the deck
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    question = events[0].question
    assert (Compensate("inn", "mage-tattoo"),) in question.options
    assert (Compensate("deck"), Draw("mage-tattoo")) in question.options
    answer = truthful_option(truth, question, state.history)
    assert answer is not None
    tracked.answer(answer)
    assert tracked.state.history == truth[:94]


def test_a_one_card_refill_behind_the_deck_after_a_take_is_still_found() -> None:
    """The emptied-slot weight (0.25) holds after any card taken from the inn, but not where the
    due refill would fill every slot the camera reads: a player took one inn card (and the one
    kept last turn), the refill of one card went into the slot behind the deck and changed
    nothing else the camera sees. At 0.25 "not refilled yet" would pass as no change at all and
    the card would later be taken unnamed (seed 97201's alarms); at 0.5 the refill is found (and
    its card drawn unseen)."""
    import tests.tracker.test_open_season_readings as readings
    from rules.open_season.moves import TakeFromInn
    from tracker.open_season.adapter import _inn_card_taken_last

    state = OpenSeasonGame(3, side="horn").new_initial_state(1, hidden=True)
    rng = random.Random(1)
    while not (state.tasks and state.tasks[-1][:2] == ("draw", "inn") and len(state.inn) == 4
               and _inn_card_taken_last(state)):
        state.push(readings._random_move(state, rng))
    assert isinstance(state.history[-2], TakeFromInn)  # one inn card (and the kept one), placed
    truth = state.clone()
    truth.push(readings._random_move(truth, rng))
    assert isinstance(truth.history[-1], Draw) and not (truth.tasks and truth.tasks[-1][:2] == ("draw", "inn"))
    seen = _behind_deck(observation_from_state(truth), truth.history[-1].card)
    _followed_unseen(state, truth, seen)


def test_a_take_of_two_with_one_from_behind_the_deck_is_followed_beside_an_unsure_wall_card() -> None:
    """97621 (three times): a player took two inn cards, one of them from the slot behind the
    deck, which read hidden once emptied (0.5 then, as after any take but a compensation), and a
    wall card elsewhere was read unsurely as another card (0.21): together past the tolerance
    (0.6), an alarm until the placement showed. A slot a take just emptied weighs 0.25 now: the
    take is followed."""
    import tests.tracker.test_open_season_readings as readings
    from rules.open_season.cards import CARD_IDS
    from rules.open_season.moves import TakeFromInn

    state = OpenSeasonGame(3, side="shield").new_initial_state(418, hidden=True)
    rng = random.Random(418)
    while not (state.tasks and state.tasks[-1][0] == "take" and len(state.inn) >= 4
               and state.kept[state.turn_player] < 0 and len(state.history) > 40):
        state.push(readings._random_move(state, rng))
    inn = list(observation_from_state(state).inn)
    truth = state.clone()
    truth.push(TakeFromInn(tuple(inn[:2])))
    shown = replace(observation_from_state(truth), inn_hidden=1)  # the taken card's slot, now empty
    seat, space = next((s, k) for s, pl in shown.players.items() for k, c in pl.wall.items() if c)
    other = next(c for c in sorted(CARD_IDS) if c != shown.players[seat].wall[space])
    wall = {**shown.players[seat].wall, space: other}  # read unsurely as another card
    unsure = replace(shown.players[seat], wall=wall, confidence={**shown.players[seat].confidence, space: 0.21})
    seen = replace(shown, players={**shown.players, seat: unsure})
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    events = tracked.observe(seen)
    assert [type(e) for e in events] == [MoveConfirmed], events
    took = tracked.state.history[-1]
    assert tracked.state.history[:-1] == state.history and isinstance(took, TakeFromInn)
    assert sorted(took.cards) == sorted(inn[:2])  # which of the two goes where shows when placed


def test_a_discard_picked_read_unsurely_is_followed_with_the_refill_after_it() -> None:
    """97645 (fresh, found on this branch before it was merged): player 1 picked the discarded
    gnome-tattoo atop the stock (read unsurely there, 0.23) and the refill put two cards out, all
    in one scene. The inn slot count the camera reads weighed 0.25 before the pick (a card taken
    since the last refill) and 0.5 once the refill was due, so the pick made the view dearer by
    0.02, was dropped, and no chain was left: an alarm. The weight now follows the scene and the
    inn's last change only."""
    from rules.open_season.moves import PickDiscard

    twin = OpenSeasonTwin(4, 97645, side="shield", expert=True, illegal=3, random_wilds=True)
    truth = twin.truth.history
    assert truth[57] == PickDiscard("gnome-tattoo") and isinstance(truth[58], Draw) and isinstance(truth[59], Draw)
    state = played(twin, 57)
    after = state.clone()
    for move in truth[57:60]:
        after.push(move)
    shown = observation_from_state(after)
    player = shown.players[0]
    assert player.stock == ("gnome-tattoo", "gnome-tattoo")
    unsure = replace(player, stock_confidence=(0.23,) + tuple(player.stock_confidence[1:]))
    tracked = TrackedGame(state, OpenSeasonAdapter())
    # the discards lie under a wall board for the camera at 4 players: it cannot see them go
    events = tracked.observe(replace(shown, discards_seen=False, players={**shown.players, 0: unsure}))
    assert [type(e) for e in events] == [MoveConfirmed] * 3, events
    assert tracked.state.history == truth[:60]


def _steal_with_a_supply_trophy() -> tuple[OpenSeasonState, OpenSeasonState, int]:
    """A 2-player expert Shield game just before a steal by a player holding a supply trophy,
    the game after it, and the thief's seat (97643's scene 77)."""
    game = OpenSeasonGame(2, side="shield", expert=True)
    rng = random.Random(0)
    state = game.new_initial_state(0, hidden=True)
    while True:
        if state.is_chance_node():
            state.push(state.sample_chance(rng))
            continue
        moves = list(state.legal_moves())
        steals = [m for m in moves if isinstance(m, Steal)]
        seat = state.current_player()
        if steals and observation_from_state(state).players[seat].trophies >= 1:
            truth = state.clone()
            truth.push(steals[0])
            return state, truth, seat
        state.push(rng.choice(moves))


def _tracked_after_steal_read_one_trophy_short(doubted: bool) -> tuple[
        TrackedGame[OpenSeasonState, OpenSeasonObservation], OpenSeasonState, list[Any]]:
    state, truth, seat = _steal_with_a_supply_trophy()
    seen = observation_from_state(truth)
    reading = seen.players[seat]
    short = replace(reading, trophies=reading.trophies - 1, personal_unsure=doubted)
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = list(tracked.observe(replace(seen, players={**seen.players, seat: short})))
    return tracked, truth, events


def test_a_supply_trophy_read_short_where_the_reader_doubts_the_row_does_not_stop_a_steal() -> None:
    """97643: player 1's one supply trophy read 0 from the steal's scene on, one scene before it
    was spent; the steal was read right (both stocks) but the trophy weighed as a sure misread (1,
    past the tolerance 0.6): a false alarm. Where the token reader doubts the personal row
    (``PlayerReading.personal_unsure``) the difference weighs ``PERSONAL_UNSURE_WEIGHT``."""
    tracked, truth, events = _tracked_after_steal_read_one_trophy_short(doubted=True)
    assert tracked.alert is None and tracked.pending is None, events
    assert tracked.state.history == truth.history
    # the same reading taken as sure still stops the tracker: the doubt is what lets it pass
    sure, _, events = _tracked_after_steal_read_one_trophy_short(doubted=False)
    assert sure.state.history != truth.history or any(isinstance(e, IllegalMoveAlert) for e in events), events


def test_the_recogniser_carries_the_token_readers_doubt_on_the_personal_row() -> None:
    from vision.open_season.tokens import SeatTokens

    table = TableCards(inn=[], walls={0: {}, 1: {}}, stocks={0: [], 1: []},
                       kept={s: CardRead(f"kept {s}", "empty", 1.0) for s in (0, 1)},
                       accolades={s: AccoladeCount(0, 1.0, 1) for s in (0, 1)})
    seat: dict[str, Any] = dict(wall_trophies={}, wall_wilds=frozenset(), trophies=1, wilds=0, penalties=0,
                                series=False, scorings=frozenset(), bonus={}, accolade_wilds=0)
    tokens = {0: SeatTokens(**seat), 1: SeatTokens(**seat, personal_unsure=True,
                                                   doubts=("player 2: something lies over the personal tokens",))}
    obs = observation_from_reads(table, tokens, 2)
    assert not obs.players[0].personal_unsure and obs.players[1].personal_unsure
    assert obs.players[0] == obs.players[1]  # a doubt, not a different table


def test_a_random_accolade_discarded_where_the_camera_cannot_see_the_discards() -> None:
    """Bench game 102117 (4 players, Shield, expert): player 4's bonus face 1 makes player 1, who
    has no stock, discard a random accolade card. Four players' discards lie under a wall board,
    so the card never shows anywhere: the tracker tried only named cards it saw appear, found no
    move, and lost the game from there (146 of 215 moves, 16 false alarms). Every accolade card
    is tried now; the one that went is the players' answer if the camera cannot tell."""
    twin = OpenSeasonTwin(4, 102117, side="shield", expert=True, illegal=3, random_wilds=True)
    k = next(i for i, m in enumerate(twin.truth.history) if isinstance(m, RandomAccolade))
    state = played(twin, k)
    truth = played(twin, k + 1)
    seen = replace(observation_from_state(truth), discards=(), discards_seen=False)
    assert seen.players[0].accolades == observation_from_state(state).players[0].accolades - 1
    tracked = TrackedGame(state, OpenSeasonAdapter())
    pending = list(tracked.observe(seen))
    while pending:
        event = pending.pop(0)
        assert not isinstance(event, IllegalMoveAlert), event
        if isinstance(event, QuestionAsked):
            answer = truthful_option(truth.history, event.question, tracked.state.history)
            assert answer is not None, event.question.option_texts[:5]
            pending += list(tracked.answer(answer))
    assert tracked.state.history == truth.history


def test_a_card_drawn_and_taken_in_one_scene_is_found_though_another_copy_lies_in_the_inn() -> None:
    """102601 (3 players, Horn, expert), after its 160th move: player 2 moves a trophy, the refill
    draws a second sorcerer-tattoo and player 3 takes it with mage-dagger and lays mage-dagger,
    all in one scene. The copy of sorcerer-tattoo that lay in the inn all along cancelled the one
    newly in player 3's stock, so the draw was never tried: an alarm, and the game lost from
    there (160/182 moves). The scene is read perfectly here."""
    twin = OpenSeasonTwin(3, 102601, side="horn", expert=True, illegal=3)
    state = played(twin, 160)
    chain = twin.truth.history[160:164]
    assert isinstance(chain[1], Draw) and chain[1].card == "sorcerer-tattoo"
    assert "sorcerer-tattoo" in observation_from_state(state).inn  # the first copy, there all along
    after = played(twin, 164)
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(observation_from_state(after))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    assert list(tracked.state.history) == list(twin.truth.history[:164])


def test_a_compensation_from_behind_the_deck_followed_by_its_refill_is_offered() -> None:
    """102628 (tilt 28, pixels), move 55: player 2 stole from player 1, who took gnome-crown from
    the inn as compensation, from the slot the deck hides (refilled there two moves before); the
    refill drew elf-dagger and gnome-dagger in the open and sorcerer-dagger into that same slot,
    all before the next still scene. The compensation alone changes nothing the camera sees but
    the slot behind the deck, which weighs more once the refill is due, so the search never went
    on past it: the players were offered only blind deck cards, said "none of these", and the game
    was lost (55/108 moves, 11 false alarms). The compensation is now followed like a draw behind
    the deck, and the true chain is among the options."""
    from rules.open_season.moves import Compensate

    twin = OpenSeasonTwin(2, 102628, side="horn", illegal=3)
    truth = twin.truth.history
    assert isinstance(truth[54], Steal) and truth[55] == Compensate("inn", "gnome-crown")
    assert truth[56:59] == [Draw("elf-dagger"), Draw("gnome-dagger"), Draw("sorcerer-dagger")]
    state = played(twin, 55)
    after = played(twin, 59)
    seen = _behind_deck(observation_from_state(after), "sorcerer-dagger")
    assert "gnome-crown" in observation_from_state(state).inn and "gnome-crown" not in seen.inn
    # player 1's accolades, fanned, read unsurely (0.49 in the pixel run): the compensation's one
    # card more there is no reason to follow it
    players = dict(seen.players)
    players[0] = replace(players[0], accolades_confidence=0.49)
    seen = replace(seen, players=players)
    _asked_at_once(state.clone(), truth, seen, 59)


def test_the_last_peek_of_the_game_is_asked_about_whichever_card_the_camera_seems_to_show() -> None:
    """102758 (pixels, 4 players Horn): the game's last move keeps one of two peeked cards, which
    goes unseen to the accolades as the game ends. Each card is tried blind only when keeping it
    ends the game, and that was checked on the first card alone: elf-crown, whose people has a
    keep action on player 4's wall, which it triggers (the game goes on). So only the card the
    camera seemed to show newly was tried, player 4's barbarian-dagger under a trophy misread as
    elf-dagger; it did not end the game either, no chain was left, the last move was missed and
    the scores differed. Every card that ends the game is tried now, and the players say which."""
    from rules.open_season.moves import KeepPeeked

    twin = OpenSeasonTwin(4, 102758, side="horn", illegal=3)
    truth = twin.truth.history
    assert len(truth) == 203 and truth[202] == KeepPeeked("dwarf-earrings")
    state = played(twin, 202)
    after = played(twin, 203)
    assert after.is_terminal()
    seen = observation_from_state(after)
    players = dict(seen.players)
    assert players[3].wall[1] == "barbarian-dagger"
    players[3] = replace(players[3], wall={**players[3].wall, 1: "elf-dagger"},
                         confidence={**players[3].confidence, 1: 0.1})
    seen = replace(seen, players=players)
    assert _asked_at_once(state.clone(), truth, seen, 203).state.is_terminal()


def test_a_last_peek_followed_by_an_endgame_trophy_is_asked_about() -> None:
    """102633 (pixels, 2 players Shield expert, tilt 5): the game's last turn keeps a peeked card
    atop the stock, then puts a trophy on the endgame scoring 'eighteen cards', and the game ends
    (the stocks go to the accolades). A kept card was tried blind only when keeping it ended the
    game at once; here the trophy comes between, the stock that shows the kept card is never seen,
    no chain explained the last scene (an alarm), 2 moves were missed and the scores differed.
    A keep that ends the game within the turn is followed unseen now, and the players say which."""
    from rules.open_season.moves import ActivateScoring, KeepPeeked

    twin = OpenSeasonTwin(2, 102633, side="shield", expert=True, illegal=3, random_wilds=True)
    truth = twin.truth.history
    assert len(truth) == 98 and truth[96] == KeepPeeked("gnome-tattoo")
    assert truth[97] == ActivateScoring("eighteen_cards")
    state = played(twin, 96)
    after = played(twin, 98)
    assert after.is_terminal()
    assert _asked_at_once(state.clone(), truth, observation_from_state(after), 98).state.is_terminal()


def _take_of(state: OpenSeasonState, cards: set[str]) -> Any:
    """The legal take of exactly ``cards`` from the inn in ``state``."""
    from rules.open_season.moves import TakeFromInn

    return next(m for m in state.legal_moves() if isinstance(m, TakeFromInn) and set(m.cards) == cards)


def _asked_at_once(state: OpenSeasonState, truth: list[Any], seen: OpenSeasonObservation,
                   upto: int) -> TrackedGame[OpenSeasonState, OpenSeasonObservation]:
    """A tracker at ``state`` shown ``seen`` asks at once (no alarm first), and the truthful answer
    brings it to the truth's first ``upto`` moves; the tracker."""
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(seen)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    while tracked.pending is not None:  # step by step where it is asked in steps
        answer = truthful_answer(truth, tracked.pending, state.history)
        assert answer is not None, tracked.pending.option_texts[:3]
        tracked.answer(answer)
    assert as_truth(truth, tracked.state.history) == truth[:upto]
    return tracked


def test_a_refill_card_misread_at_its_draw_is_asked_about_in_the_refills_order_without_an_alarm() -> None:
    """102766 (pixels, day, tilt 18): the refill drew gnome-eyepatch, mage-tattoo and
    sorcerer-earrings; the scene of the draw read sorcerer-earrings as dwarf-earrings, sure, and
    the refill was confirmed so. Player 1 then took the two elf cards and the inn showed
    sorcerer-earrings: "3 cards left the inn" (an alarm), and the recovery made the refill again
    with sorcerer-earrings drawn first, an order nobody names a refill in (the players said none
    of these; lost, 45/130 moves, 22 false alarms). The refill is made again in the order of its
    names, and a move confirmed from a misread is asked about at the first scene that shows it."""
    from rules.open_season.moves import TakeFromInn

    twin = OpenSeasonTwin(3, 102766, side="shield", illegal=3)
    truth = twin.truth.history
    assert truth[40:44] == [Draw("gnome-eyepatch"), Draw("mage-tattoo"), Draw("sorcerer-earrings"),
                            TakeFromInn(("elf-tattoo", "elf-earrings"))]
    state = played(twin, 40)
    for card in ("dwarf-earrings", "gnome-eyepatch", "mage-tattoo"):  # the misread, confirmed
        state.push(Draw(card))
    _asked_at_once(state, truth, observation_from_state(played(twin, 44)), 44)


def test_a_refill_card_misread_at_its_draw_and_taken_at_once_is_asked_about_by_its_right_name() -> None:
    """102766 again, later: the refill drew barbarian-crown and barbarian-dagger, read
    barbarian-crown and elf-dagger; player 2 took both (confirmed as elf-dagger and
    barbarian-crown) and laid barbarian-crown on the wall, and the stock showed barbarian-dagger.
    Only a card shown in the inn could amend a draw: the first scene was an alarm and the
    recovery a scene later found the truth. The misread card's later moves are named again too,
    and the players are asked at once."""
    twin = OpenSeasonTwin(3, 102766, side="shield", illegal=3)
    truth = twin.truth.history
    assert truth[57:60] == [Draw("barbarian-crown"), Draw("barbarian-dagger"),
                            _take_of(played(twin, 59), {"barbarian-crown", "barbarian-dagger"})]
    state = played(twin, 57)
    for card in ("barbarian-crown", "elf-dagger"):  # the misread, confirmed
        state.push(Draw(card))
    state.push(_take_of(state, {"elf-dagger", "barbarian-crown"}))
    _asked_at_once(state, truth, observation_from_state(played(twin, 61)), 61)


def test_a_drawn_card_given_to_a_player_whose_stock_goes_to_the_accolades_is_asked_about() -> None:
    """102779 (expert Shield): player 2 drew two cards and gave elf-tattoo to their own stock and
    mage-eyepatch to player 1, whose stock went to the accolades at once, so the second card never
    showed. A named card is tried only as the camera newly shows it, and the only one shown was
    elf-tattoo: the tracker gave elf-tattoo to player 1 too, unasked, and the scores differed. A
    give is tried blind, like a draw onto a stock, and the players say which card it was."""
    from rules.open_season.moves import GiveCard

    twin = OpenSeasonTwin(2, 102779, side="shield", expert=True, illegal=3)
    truth = twin.truth.history
    assert truth[52:54] == [GiveCard(1, "elf-tattoo"), GiveCard(0, "mage-eyepatch")]
    state = played(twin, 52)
    seen = observation_from_state(played(twin, 54))
    assert seen.players[0].stock == () and "mage-eyepatch" not in seen.players[1].stock
    _asked_at_once(state.clone(), truth, seen, 54)
