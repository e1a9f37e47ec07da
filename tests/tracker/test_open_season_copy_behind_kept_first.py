"""A refill that draws a second copy of an inn card whose first copy lies behind the deck, where the
copy is the refill's first draw (``OpenSeasonAdapter.copy_behind_kept_walks_on``). Fresh game 103098
(printing 998277, 2 players, Horn, expert, tilt 30, day), change 68: player 1's take had left
dwarf-eyepatch, mage-dagger and elf-crown, the old elf-crown in slot 3 behind the deck; the refill
drew elf-crown and gnome-earrings into slots 4 and 5, both in view. Every reading was right and
the truth's two draws fit the scene at cost 0, but the search followed a draw only where it
brought the view closer: the copy's draw alone does not (one elf-crown in view, one behind the
deck, before and after it), and the refill's draws go in the order of their names, elf-crown
first. No chain was found, the recoveries (searched the same way) offered none that was true,
and the players said "none of these" four times: 4 false alarms (session 81's first run, say log
lines 135-170; docs/teach.md, session 82, ostrace82). Every reading here is the twin's table as a
perfect camera reads it, with inn slot 3 (index 2) read hidden where the game read it so."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.open_season.moves import Draw
from rules.open_season.state import OpenSeasonState
from tests.tracker.open_season_helpers import observe_answering
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import _name, observation_from_table
from tracker.session import IllegalMoveAlert, MoveConfirmed, TrackedGame, TrackerEvent
from vision.open_season.observation import OpenSeasonObservation
from vision.render.open_season_scene import OpenSeasonTable

FIRST, LAST = 68, 74
"""103098's refill with the old elf-crown behind the deck, up to player 1's keep after taking both
elf-crowns (the twin's ``changes`` indices)."""


def _hidden(table: OpenSeasonTable, slots: tuple[int, ...]) -> OpenSeasonObservation:
    """A perfect reading of ``table`` where the deck hides the inn ``slots`` (from 0) that hold a card."""
    obs = observation_from_table(table)
    shown = [s for s in slots if s < len(table.inn)]
    inn = list(obs.inn)
    for slot in shown:
        inn.remove(_name(table.inn[slot]))
    return replace(obs, inn=tuple(sorted(inn)), inn_hidden=len(shown), inn_hidden_slots=tuple(shown))


@pytest.fixture(scope="module")
def twin() -> OpenSeasonTwin:
    return OpenSeasonTwin(2, 103098, side="horn", expert=True, illegal=1)


def _truth_at(twin: OpenSeasonTwin, moves: int) -> OpenSeasonState:
    """The twin's truth after its first ``moves`` moves (the tracker in step until then)."""
    state = twin.truth.clone()
    while len(state.history) > moves:
        state.pop()
    return state


def _play(twin: OpenSeasonTwin, adapter: OpenSeasonAdapter, last: int = LAST,
          scene: OpenSeasonObservation | None = None) -> tuple[TrackedGame, list[TrackerEvent], int]:
    """The tracker in step before change 68, then the scenes of changes 68..``last`` (``scene``
    instead of change 68's where given), the players answering truthfully; the events and how many
    questions they said "none of these" to."""
    tracked = TrackedGame(_truth_at(twin, twin.changes[FIRST - 1].truth_moves), adapter)
    events: list[TrackerEvent] = []
    rejected = 0
    for change in range(FIRST, last + 1):
        observed = scene if scene is not None and change == FIRST else _hidden(twin.descriptions[change + 1], (2,))
        seen, no = observe_answering(twin, tracked, observed)
        events += seen
        rejected += no
    return tracked, events, rejected


def test_the_scene_is_the_game_s_as_read(twin: OpenSeasonTwin) -> None:
    """The twin's inn at change 68 is the game's: the old elf-crown in slot 3, the copy and
    gnome-earrings drawn into slots 4 and 5 (the game read dwarf-eyepatch, elf-crown,
    gnome-earrings, mage-dagger and slot 3 hidden)."""
    table = twin.descriptions[FIRST + 1]
    assert [_name(c) for c in table.inn] == ["dwarf-eyepatch", "mage-dagger", "elf-crown", "elf-crown",
                                             "gnome-earrings"]
    assert _hidden(table, (2,)).inn == ("dwarf-eyepatch", "elf-crown", "gnome-earrings", "mage-dagger")
    assert twin.truth.history[twin.changes[FIRST - 1].truth_moves:twin.changes[FIRST].truth_moves] == [
        Draw("elf-crown"), Draw("gnome-earrings")]


def test_on_the_copy_drawn_first_is_followed_and_the_game_stays_in_step(twin: OpenSeasonTwin) -> None:
    """On (the default): change 68's two draws confirmed unasked, and the scenes up to player 1's
    keep of barbarian-earrings (both elf-crowns taken, one from behind the deck) followed as the
    truth's moves, with no alert and no question rejected."""
    tracked, events, rejected = _play(twin, OpenSeasonAdapter())
    confirmed = [e.move for e in events if isinstance(e, MoveConfirmed)]
    assert confirmed[:2] == [Draw("elf-crown"), Draw("gnome-earrings")]
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), [str(e)[:300] for e in events]
    assert rejected == 0
    assert twin.as_truth(tracked.state.history) == twin.truth.history[:twin.changes[LAST].truth_moves]


def test_off_no_chain_explains_the_refill_and_the_players_reject_options(twin: OpenSeasonTwin) -> None:
    """The off control, as main followed the game: change 68's scene confirms no draw, and the
    stretch up to change 74 brings questions the players reject, four of them, each an alarm (as the game)."""
    adapter = OpenSeasonAdapter()
    adapter.copy_behind_kept_walks_on = False
    tracked, events, _ = _play(twin, adapter, last=FIRST)
    assert not any(isinstance(e, MoveConfirmed) for e in events), [str(e)[:300] for e in events]
    assert tracked.state.history == twin.truth.history[:twin.changes[FIRST - 1].truth_moves]
    _, events, rejected = _play(twin, adapter)
    assert rejected == 4  # as in the game: four "none of these", four alarms
    assert sum(isinstance(e, IllegalMoveAlert) for e in events) == 4


def test_a_card_laid_on_an_empty_space_beside_the_refill_still_alarms(twin: OpenSeasonTwin) -> None:
    """A sure wrong change in the same scene: player 2's empty space 1 shows a card (no move lays
    one there during a refill). On, the copy's draw is followed, yet no chain explains the card:
    an alert, and the tracker makes no move."""
    observed = _hidden(twin.descriptions[FIRST + 1], (2,))
    wall = dict(observed.players[1].wall)
    assert 1 not in wall
    wall[1] = "dwarf-crown"
    bad = replace(observed, players={**observed.players, 1: replace(observed.players[1], wall=wall)})
    tracked = TrackedGame(_truth_at(twin, twin.changes[FIRST - 1].truth_moves), OpenSeasonAdapter())
    events = list(tracked.observe(bad))
    assert any(isinstance(e, IllegalMoveAlert) for e in events), [str(e)[:300] for e in events]
    assert not any(isinstance(e, MoveConfirmed) for e in events)
