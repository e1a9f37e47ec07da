"""Takes from the inn that a slot behind the deck may hide (bench seeds 102101 and 102114): the
camera shows the same whether a card that left the open inn was taken or lies behind the deck,
so the players confirm the take; an illegal change is flagged when they say it did not happen."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.open_season import OpenSeasonState
from rules.open_season.moves import Compensate, TakeFromInn
from tests.tracker.open_season_helpers import played
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_state, observation_from_table
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame
from tracker.twin_truth import truthful_option
from vision.open_season.observation import OpenSeasonObservation


def _behind_deck(obs: OpenSeasonObservation, card: str) -> OpenSeasonObservation:
    inn = list(obs.inn)
    inn.remove(card)
    return replace(obs, inn=tuple(inn), inn_hidden=obs.inn_hidden + 1)


def _flagged(tracked: TrackedGame[OpenSeasonState, OpenSeasonObservation], seen: OpenSeasonObservation,
             truth: list[Any]) -> list[Any]:
    """The events of ``seen``, the players answering truthfully; asserts the one question asked."""
    events = tracked.observe(seen)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    assert truthful_option(truth, events[0].question, tracked.state.history) is None
    return tracked.reject()


def test_three_alike_cards_gone_with_a_slot_behind_the_deck_are_asked_and_flagged() -> None:
    """102101 (tilt 30, an empty slot read hidden all game): the refill put mage-earrings behind the
    deck beside three elf-tattoo; player 2 took all three elf-tattoo (two allowed). "Takes
    elf-tattoo and elf-tattoo", the third behind the deck, fitted at no cost and was the only
    option (the three are alike): confirmed unasked, unflagged. The third elf-tattoo showed in
    the open inn at the scene before: the players are asked, and say it did not happen."""
    twin = OpenSeasonTwin(3, 102101, side="horn", expert=True, illegal=3, random_wilds=True)
    assert twin.changes[16].kind == "illegal" and "takes 3 cards" in twin.changes[16].text
    state = played(twin, 21)
    before = _behind_deck(observation_from_state(state), "mage-earrings")  # as the camera read it
    assert before.inn == ("elf-tattoo", "elf-tattoo", "elf-tattoo", "gnome-crown")
    seen = replace(observation_from_table(twin.descriptions[17]), inn_hidden=1)  # the empty slot
    assert seen.inn == ("gnome-crown", "mage-earrings")
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    assert tracked.observe(before) == []
    events = _flagged(tracked, seen, twin.truth.history)
    assert [type(e) for e in events] == [IllegalMoveAlert]
    assert tracked.state.history == state.history


def test_a_card_laid_on_its_double_while_the_next_one_reads_hidden_is_asked_and_flagged() -> None:
    """102114: player 2 laid barbarian-tattoo from the inn on wall space 8, which held
    barbarian-tattoo already (the wall looks the same), and elf-tattoo's slot, read in the open
    just before, read hidden. "Takes elf-tattoo and barbarian-tattoo" (an empty slot read hidden,
    0.25) was confirmed unasked; the players put the table back and that was the false alarm. Now
    they are asked, and the change is flagged at its own scene."""
    twin = OpenSeasonTwin(4, 102114, side="horn", expert=False, illegal=3)
    assert twin.changes[144].kind == "illegal" and "already holds a card" in twin.changes[144].text
    state = played(twin, 187)
    before = observation_from_state(state)
    assert before.inn_hidden == 0 and "elf-tattoo" in before.inn
    seen = _behind_deck(observation_from_table(twin.descriptions[145]), "elf-tattoo")
    assert seen.players == before.players and seen.inn == ("dwarf-dagger", "mage-crown", "sorcerer-crown")
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    assert tracked.observe(before) == []
    assert [type(e) for e in _flagged(tracked, seen, twin.truth.history)] == [IllegalMoveAlert]
    assert tracked.state.history == state.history


def test_a_take_beside_a_slot_hidden_all_along_is_still_confirmed_unasked() -> None:
    """The ordinary take at 102101's tilt: the slot behind the deck read hidden before the take and
    after it (holding mage-earrings, then empty). No card that showed in the open inn went out of
    sight untaken, and no slot newly reads hidden: confirmed with no question (102101 asked 45
    already)."""
    twin = OpenSeasonTwin(3, 102101, side="horn", expert=True, illegal=3)
    state = played(twin, 21)
    take = twin.truth.history[21]
    assert take == TakeFromInn(("elf-tattoo", "mage-earrings"))
    before = _behind_deck(observation_from_state(state), "mage-earrings")
    after = state.clone()
    after.push(take)
    seen = replace(observation_from_state(after), inn_hidden=1)  # the empty slot, read hidden
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    assert tracked.observe(before) == []
    assert [type(e) for e in tracked.observe(seen)] == [MoveConfirmed]
    assert tracked.state.history == twin.truth.history[:22]


def test_a_compensation_from_behind_the_deck_against_a_blind_deck_card_is_asked_despite_a_misread_elsewhere() -> None:
    """102500 (taught printing, tilt 30, evening): player 4 took barbarian-tattoo from the inn as
    compensation, the slot it left behind the deck read hidden (0.25), and player 1's stock read
    mage-eyepatch for mage-earrings (0.2 + 0.2, on every chain alike). The blind deck card of the
    same name (0.4) stayed within the tolerance, the true compensation (0.65) fell past it: the
    deck card was confirmed unasked, the inn kept a card it no longer had, and the game was lost
    (28/60 moves). Worse only by a doubtful reading, within the margin, it is an option."""
    twin = OpenSeasonTwin(4, 102500, side="horn", expert=False, illegal=1, max_moves=60)
    assert twin.changes[16].text == "Player 4 takes barbarian-tattoo from the inn as compensation"
    state = played(twin, 24)
    seen = replace(observation_from_table(twin.descriptions[17]), inn_hidden=1)  # the slot it emptied
    player1 = seen.players[0]
    misread = tuple("mage-eyepatch" if card == "mage-earrings" else card for card in player1.stock)
    assert misread != player1.stock
    seen = replace(seen, players={**seen.players, 0: replace(
        player1, stock=misread, stock_confidence=tuple(0.2 for _ in misread))})
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    events = tracked.observe(seen)
    assert len(events) == 1 and isinstance(events[0], QuestionAsked), events
    options = events[0].question.options
    assert (Compensate(source="inn", card="barbarian-tattoo"),) in options
    assert any(chain[0] == Compensate(source="deck", card=None) for chain in options)
    option = truthful_option(twin.truth.history, events[0].question, tracked.state.history)
    assert option is not None
    assert all(isinstance(e, MoveConfirmed) for e in tracked.answer(option))
    assert tracked.state.history == twin.truth.history[:25]


def test_players_who_took_three_inn_cards_do_not_answer_that_they_took_two() -> None:
    """102786 (pixels, tilt 30): player 3 took three inn cards, one from the slot behind the deck,
    so the camera saw two go and asked which two; the simulated players answered with the legal
    take of two they would make once the table was put back (the truth's next move), so the
    illegal take was never flagged and the put-back was a false alarm. While an injected illegal
    change lies on the table, the players answer only with moves made so far: "none of these"."""
    from tracker.inference import Question

    twin = OpenSeasonTwin(3, 102786, side="shield", illegal=3)
    illegal = [c for c in twin.changes if c.kind == "illegal" and "cards from the inn" in c.text]
    assert illegal, [c.text for c in twin.changes if c.kind == "illegal"]
    made = illegal[0].truth_moves
    take = twin.truth.history[made]
    assert isinstance(take, TakeFromInn)  # the legal take the illegal one stands in for
    question = Question("The camera cannot tell what player 3 did. Which was it?", ((take,),), ("takes two",))
    tracked_history = twin.truth.history[:made]
    assert twin.truthful_answer(question, tracked_history) == 0  # any time: the take did happen
    assert twin.truthful_answer(question, tracked_history, made) is None  # not at the illegal table
    assert twin.truthful_answer(question, tracked_history, made + 1) == 0
    # what run_demo and `tablesight run` pass: the moves made when each change lies on the table
    # (the table put back shows the same position: the take is still to come), None for no change
    from tracker.twin_truth import moves_made_at_table

    index = twin.changes.index(illegal[0])
    assert moves_made_at_table(twin.changes, index) == made
    assert twin.changes[index + 1].kind == "restore"
    assert moves_made_at_table(twin.changes, index + 1) == made
    later = next(i for i, c in enumerate(twin.changes) if c.kind == "move" and c.truth_moves > made)
    assert moves_made_at_table(twin.changes, later) == made + 1  # the take, once made
    assert moves_made_at_table(twin.changes, -1) is None
