"""A card read surely atop a stock weighs its own reading, not that of a lower card read as the same
name by its strip. Taught game 103023 (printing 997223, session 37): player 2 gave elf-crown to
their own stock (expert bonus face 3); the reader saw it on top, surely, and the stock's bottom card
mage-eyepatch, by its strip, as elf-crown too (confidence 0). Every copy of a name read beyond the
expected stock weighed the least sure reading of that name (0.1), so "nothing happened" cost 0.35,
under the tolerance: the give was never followed, the next scene (the last give, then the stocks
gone to the accolades) had no chain, and the game's last three moves were lost (scores differ)."""

from __future__ import annotations

from dataclasses import replace

from rules.open_season import OpenSeasonState
from tests.tracker.open_season_helpers import played
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_table
from tracker.session import MoveConfirmed, TrackedGame
from vision.open_season.observation import OpenSeasonObservation


def _bottom_read_as(obs: OpenSeasonObservation, seat: int, card: str) -> OpenSeasonObservation:
    """``seat``'s stock as the taught reader saw it: the lower cards by their strips (confidence 0),
    the bottom one as ``card``, the top card surely."""
    p = obs.players[seat]
    stock = (card,) + p.stock[1:]
    return replace(obs, players={**obs.players, seat: replace(
        p, stock=stock, stock_confidence=(0.0,) * (len(stock) - 1) + (1.0,))})


def _scene_90() -> tuple[OpenSeasonTwin, OpenSeasonState, OpenSeasonObservation]:
    twin = OpenSeasonTwin(2, 103023, side="shield", expert=True, illegal=1)
    assert twin.changes[89].text == "Player 2 gives elf-crown to player 2's stock"
    state = played(twin, twin.changes[88].truth_moves)
    seen = observation_from_table(twin.descriptions[90])
    assert seen.players[1].stock == ("mage-eyepatch", "elf-dagger", "elf-crown")
    return twin, state, _bottom_read_as(seen, 1, "elf-crown")


def test_a_card_given_onto_a_stock_is_followed_over_a_strip_read_as_the_same_card() -> None:
    twin, state, seen = _scene_90()
    tracked = TrackedGame(state.clone(), OpenSeasonAdapter())
    events = tracked.observe(seen)
    assert [type(e) for e in events] == [MoveConfirmed], events
    assert tracked.state.history == twin.truth.history[:twin.changes[89].truth_moves]


def test_each_copy_weighs_its_own_reading() -> None:
    """Before the give: the sure top copy weighs 1, the bottom's strip its floor (0.1); with only
    the strip's copy (the top card taken away), the stock weighs as before."""
    _twin, state, seen = _scene_90()
    adapter = OpenSeasonAdapter()
    weights = sorted(d.weight for d in adapter.differences(adapter.expected(state), seen)
                     if d.description == "player 2's stock shows elf-crown too")
    assert weights == [0.1, 1.0]
    p = seen.players[1]
    strip_only = replace(seen, players={**seen.players, 1: replace(
        p, stock=p.stock[:2], stock_confidence=p.stock_confidence[:2])})
    weights = sorted(d.weight for d in adapter.differences(adapter.expected(state), strip_only)
                     if d.description.startswith("player 2's stock"))
    assert weights == [0.1, 0.1]
