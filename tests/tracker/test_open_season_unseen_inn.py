"""An inn slot behind the deck at a steep camera (bench game 102865: 4 players, Shield, expert,
tilt 32; slot 5 read hidden in every scene, 54 questions, nearly one per refill: "which of ~30
cards was drawn?", which nobody at the table can answer). The card drawn there stays unknown
(``Draw(UNSEEN_CARD)``) until a move that takes it names it, the placement after a take names it,
or the table shows it; the game is followed without asking."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, cast

from rules.core import UNKNOWN
from rules.open_season import OpenSeasonGame
from rules.open_season.moves import UNSEEN_CARD, Draw, TakeFromInn
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import _name, observation_from_state, observation_from_table
from tracker.session import MoveConfirmed, QuestionAsked, TilesRevealed, TrackedGame
from vision.open_season.observation import OpenSeasonObservation
from vision.render.open_season_scene import OpenSeasonTable


def _slot_5_hidden(table: OpenSeasonTable) -> OpenSeasonObservation:
    """A perfect reading where the deck hides inn slot 5 (the inn's fifth card, or the empty slot)."""
    obs = observation_from_table(table)
    inn = list(obs.inn)
    if len(table.inn) > 4:
        inn.remove(_name(table.inn[4]))
    return replace(obs, inn=tuple(sorted(inn)), inn_hidden=1)


def test_refills_behind_the_deck_are_followed_without_a_question() -> None:
    """The first 50 moves of 102865's game (no illegal change), slot 5 hidden in every scene: the
    main code asked at each refill which card went behind the deck. Now no question and no alert;
    every move is the truth's (a card drawn unseen stands for the one drawn there), a take leaves
    the card from behind the deck unnamed and the placement's scene names it, and the card that
    moves into view when the inn closes up is revealed."""
    twin = OpenSeasonTwin(4, 102865, side="shield", expert=True, illegal=0, max_moves=50)
    tracked = TrackedGame(twin.tracker_initial_state(), OpenSeasonAdapter())
    events: list[Any] = []
    for table in twin.descriptions[1:]:
        seen = list(tracked.observe(_slot_5_hidden(table)))
        assert not any(isinstance(e, QuestionAsked) for e in seen), [str(e)[:300] for e in seen]
        events += seen
        assert tracked.state.status() == []
    assert all(isinstance(e, MoveConfirmed | TilesRevealed) for e in events), events
    history = tracked.state.history
    assert Draw(UNSEEN_CARD) in history
    assert any(isinstance(m, TakeFromInn) and UNSEEN_CARD in m.cards for m in history)
    assert any(isinstance(e, TilesRevealed) and e.location[0] == "hand" for e in events)
    assert any(isinstance(e, TilesRevealed) and e.location[0] == "inn" for e in events)
    assert twin.as_truth(history) == list(twin.truth.history)
    assert twin.moves_correct(history) == len(twin.truth.history)


def test_an_unseen_inn_card_is_revealed_when_its_slot_comes_into_view() -> None:
    """The card behind the deck, shown once the slot reads again (the camera's view cleared): no
    move, the card filled in."""
    state = OpenSeasonGame(3, side="horn").new_initial_state(7, hidden=True)
    truth = state.clone()
    rng = random.Random(7)
    draws = []
    while truth.tasks and truth.tasks[-1][:2] == ("draw", "inn"):
        draws.append(truth.sample_chance(rng))
        truth.push(draws[-1])
    state.push(Draw(UNSEEN_CARD))
    for move in draws[1:]:
        state.push(move)
    assert state.inn.count(UNKNOWN) == 1
    tracked = TrackedGame(state, OpenSeasonAdapter())
    seen = observation_from_state(truth)
    events = tracked.observe(seen)
    assert [type(e) for e in events] == [TilesRevealed]
    assert isinstance(events[0], TilesRevealed) and events[0].value == cast(Draw, draws[0]).card
    assert UNKNOWN not in tracked.state.inn and tracked.state.status() == []
    assert tracked.observe(seen) == []


def test_the_twin_counts_a_card_drawn_unseen_right_and_a_wrong_name_wrong() -> None:
    """The bench's figures: a refill card drawn unseen is the truth's move (the tracker knows no
    more); the take that names it names the truth's card, or it is a wrong move."""
    twin = OpenSeasonTwin(2, 102865, side="horn", expert=False, illegal=0, max_moves=40)
    truth = list(twin.truth.history)
    assert truth[4] == Draw("sorcerer-dagger") and truth[5] == TakeFromInn(("mage-dagger", "sorcerer-dagger"))
    unseen = [Draw(UNSEEN_CARD), *truth[:4], *truth[5:]]  # the last card (by name) behind the deck
    assert twin.as_truth(unseen) == truth and twin.moves_correct(unseen) == len(truth)
    unnamed = [*unseen[:5], TakeFromInn(("mage-dagger", UNSEEN_CARD)), *unseen[6:]]  # named by the placement
    assert twin.moves_correct(unnamed) == len(truth)
    misnamed = [*unseen[:5], TakeFromInn(("mage-dagger", "elf-crown")), *unseen[6:]]
    assert twin.moves_correct(misnamed) == len(truth) - 1
    # a refill naming a card the truth did not draw (elf-crown for barbarian-dagger): as it is, the
    # unseen draw beside it no match either
    wrong_draw = [Draw(UNSEEN_CARD), Draw("elf-crown"), *truth[1:4], *truth[5:]]
    assert twin.moves_correct(wrong_draw) == len(truth) - 2


def test_a_blind_compensation_drawn_onto_a_stock_is_no_late_name_for_a_card_drawn_unseen() -> None:
    """Fresh game 102850: a refill's card drawn unseen (mage-crown) was later named by a reveal
    (no move); a blind compensation then drew sorcerer-crown onto player 1's stock, and the twin's
    players took the option naming mage-crown for the truth (a late name of the unseen card): the
    score differed. A card drawn onto a stock is named as it is."""
    from rules.open_season.moves import Compensate
    from tracker.open_season.twin import as_truth

    truth = [Draw("elf-crown"), Draw("mage-crown"), Compensate("deck"), Draw("sorcerer-crown"), Draw("gnome-dagger")]
    tracked = [Draw(UNSEEN_CARD), Draw("elf-crown"), Compensate("deck"), Draw("mage-crown"), Draw("gnome-dagger")]
    assert as_truth(truth, tracked)[:3] == truth[:3]
    assert as_truth(truth, tracked)[3] == Draw("mage-crown")  # not the truth's: a wrong move
    assert as_truth(truth, tracked)[4] == Draw("gnome-dagger")  # the refill after it, on its own
