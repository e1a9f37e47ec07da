"""An inn refill drawn into a slot the camera cannot see (the deck stands in front of it, a steep
camera: bench game 102865, tilt 32, slot 5 hidden all game): the tracker's state holds an UNKNOWN
inn card (``Draw(UNSEEN_CARD)``) until the move that takes it names it, or ``reveal`` fills it in
when the slot comes into view. Nobody looks at that card until someone takes it, so asking which
card was drawn (54 questions in 102865) is no question a player can answer."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.core import UNKNOWN, RevealError, load_state
from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.cards import CARD_IDS, CARD_NAMES
from rules.open_season.moves import (
    UNSEEN_CARD,
    Compensate,
    Draw,
    KeepInnCard,
    PlaceCard,
    ReturnOnTop,
    TakeFromInn,
    TakeInnCard,
)


@pytest.mark.parametrize("side, expert, n", [("horn", True, 4), ("shield", True, 3), ("horn", False, 2),
                                             ("shield", False, 4)])
def test_a_tracker_follows_a_full_game_whose_refills_go_behind_the_deck(side: str, expert: bool, n: int) -> None:
    """Every inn refill draw of a random game is, for the tracker, an unseen card (the fifth draw of
    each refill, or every draw of every other refill): the take, keep, Shield take and compensation
    that take such a card name it, or a take leaves it unnamed in the hand (half the time), named
    then by the placement or revealed as the table shows it; status() and the card counts stay
    exact at every step, the public view agrees at every take, and the final scores are the
    truth's."""
    game = OpenSeasonGame(n, side=side, expert=expert)
    unseen_draws = named_later = unnamed_takes = 0
    for seed in range(8):
        rng = random.Random(seed)
        full = game.new_initial_state(seed)
        tracker = game.new_initial_state(seed, hidden=True)
        refill_draws = 0
        hidden_hand: str | None = None
        while not full.is_terminal():
            task = full.tasks[-1]
            move = full.sample_chance(rng) if full.is_chance_node() else rng.choice(list(full.legal_moves()))
            full.push(move)
            if (isinstance(move, Draw) and task[1] == "drawn") or isinstance(move, ReturnOnTop):
                continue
            if isinstance(move, Draw) and task[1] == "inn":
                refill_draws += 1
                if (refill_draws % 5 == 0 or (refill_draws // 5) % 2 == 1) and tracker.is_legal(Draw(UNSEEN_CARD)):
                    tracker.push(Draw(UNSEEN_CARD))
                    unseen_draws += 1
                    assert tracker.status() == []
                    continue
            if isinstance(move, TakeFromInn | KeepInnCard | TakeInnCard | Compensate) and UNKNOWN in tracker.inn:
                named_later += 1
            if isinstance(move, TakeFromInn) and UNKNOWN in tracker.inn and len(move.cards) == 2 \
                    and rng.random() < 0.5:
                # the card from behind the deck taken unnamed, as the camera sees a take alone: the
                # other card names a known inn card
                beyond = Counter(move.cards) - Counter(CARD_NAMES[c] for c in tracker.inn if c is not UNKNOWN)
                if sum(beyond.values()) == 1:  # one card taken from behind the deck
                    hidden_hand = next(iter(beyond))
                    other = list(move.cards)
                    other.remove(hidden_hand)
                    tracker.push(TakeFromInn((other[0], UNSEEN_CARD)))
                    unnamed_takes += 1
                    assert tracker.status() == [] and UNKNOWN in tracker.hand
                    continue
            if isinstance(move, PlaceCard) and UNKNOWN in tracker.hand:
                if move.card != hidden_hand or rng.random() < 0.5:
                    # the table shows it (on the wall or atop the stock) before the placement is made
                    tracker.reveal(("hand", tracker.hand.index(UNKNOWN)), hidden_hand)
                    assert tracker.status() == []
            assert tracker.is_legal(move), (move, tracker.illegal_reason(move))
            tracker.push(move)  # validated: the tracker accepts what happened at the table
            assert tracker.status() == []
            if tracker.tasks and tracker.tasks[-1][0] == "take":
                assert tracker.wall == full.wall and tracker.stock == full.stock and tracker.acc == full.acc
                known = sorted(c for c in tracker.inn if c is not UNKNOWN)
                assert len(tracker.inn) == len(full.inn) and tracker.deck_size == full.deck_size
                assert not set(known) - set(full.inn)
        assert tracker.is_terminal()
        assert tracker.score_breakdown() == full.score_breakdown()
        assert tracker.card_locations() == full.card_locations()
    assert unseen_draws > 100 and named_later > 20 and unnamed_takes > 10


C = CARD_IDS.__getitem__


def _inn_with_one_unseen() -> OpenSeasonState:
    game = OpenSeasonGame(2, side="horn", expert=False)
    state = game.new_initial_state(5, hidden=True)
    assert state.tasks[-1][:2] == ("draw", "inn") and state.is_legal(Draw(UNSEEN_CARD))
    full = game.new_initial_state(5)
    assert not full.is_legal(Draw(UNSEEN_CARD))  # the truth always knows its cards
    assert Draw(UNSEEN_CARD) not in [m for m, _ in state.chance_outcomes()]  # a legal outcome, never sampled
    for name in ("elf-crown", "elf-crown", "gnome-dagger", "mage-tattoo"):
        state.push(Draw(name))
    state.push(Draw(UNSEEN_CARD))
    return state


def test_an_unseen_inn_card_is_any_card_still_unseen_and_named_by_the_take() -> None:
    state = _inn_with_one_unseen()
    assert state.inn[-1] is UNKNOWN and state.unknowns() == [("inn", 4)] and state.status() == []
    assert "the deck's top card goes to the inn where the camera cannot see it" in \
        OpenSeasonGame(2).new_initial_state(5, hidden=True).describe_move(Draw(UNSEEN_CARD))
    takes = [m.cards for m in state.legal_moves() if isinstance(m, TakeFromInn)]
    assert ("elf-crown", "elf-crown") in takes and ("elf-crown", "troll-dagger") not in takes  # no such card
    assert ("elf-crown", "barbarian-crown") in takes  # the unseen card may be any card still unseen
    assert ("gnome-dagger", "gnome-dagger") in takes and ("barbarian-crown", "barbarian-crown") not in takes
    # a third elf-crown: two in the open, the unseen one a third copy
    assert state.is_legal(TakeFromInn(("elf-crown", "elf-crown")))
    assert state.illegal_reason(TakeFromInn(("dwarf-crown", "dwarf-crown"))) is not None  # one unknown card only
    before = state.card_locations()
    state.push(TakeFromInn(("mage-tattoo", "dwarf-crown")))
    assert UNKNOWN not in state.inn and state.status() == [] and state.card_locations() == before
    assert sorted(state.hand) == sorted([C("dwarf-crown"), C("mage-tattoo")])


def test_an_unseen_inn_card_survives_json_and_is_revealed_when_the_slot_shows_it() -> None:
    state = _inn_with_one_unseen()
    loaded = load_state(state.dumps())
    assert loaded.unknowns() == [("inn", 4)] and loaded._state_json()["inn"][-1] == "?"
    with pytest.raises(RevealError, match="nothing unknown"):
        state.reveal(("inn", 0), "elf-crown")
    state.reveal(("inn", 4), "sorcerer-eyepatch")
    assert state.unknowns() == [] and state.status() == [] and state.inn[-1] == C("sorcerer-eyepatch")
    assert not state.is_legal(TakeFromInn(("elf-crown", "barbarian-crown")))


def test_the_unseen_draw_is_refused_where_the_deck_top_is_known() -> None:
    state = OpenSeasonGame(2).new_initial_state(5, hidden=True)
    state.deck_top.append(C("elf-crown"))  # put back face up by a peek, as the camera saw it
    state.deck_counts[C("elf-crown")] -= 1
    assert state.status() == []
    assert state.illegal_reason(Draw(UNSEEN_CARD)) == "the deck's top card is known to be elf-crown"
