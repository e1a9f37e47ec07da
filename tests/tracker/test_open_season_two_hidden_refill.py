"""A refill of the inn with two of its new slots read hidden (``OpenSeasonAdapter.
named_beside_unseen_walks_on``). Fresh game 103111 (printing 998298, 3 players, Shield, expert,
tilt 13, lamp), change 12: the set-up refill drew dwarf-earrings, elf-crown, gnome-dagger,
mage-tattoo and sorcerer-dagger into slots 1-5; the game read the three in slots 1, 2 and 4 and
called slots 3 and 5 (indices 2 and 4, the two dagger cards, the second beside the deck) hidden.
The truth's draws fit that reading at cost 0 (the two cards it cannot read drawn unseen), but the
search's unseen draws come first (``Draw(UNSEEN_CARD)`` sorts before every name) and
``differences`` lets each UNKNOWN stand for a card shown in the open, so after them the named
draws left the cost flat, the walk dropped the refill, and no chain was found: two false alarms
(the refill's scene and player 1's take), cleared at the placing scene (session 82's first run,
say log lines 15-17; docs/teach.md, session 83, ostrace83). Every reading here is the twin's table
as a perfect camera reads it, with change 12's inn slots 3 and 5 read hidden as the game read them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.open_season.moves import UNSEEN_CARD, Draw
from tests.tracker.open_season_helpers import observe_answering
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import _name, observation_from_table
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame, TrackerEvent
from vision.open_season.observation import OpenSeasonObservation

from tests.tracker.test_open_season_copy_behind_kept_first import _hidden, _truth_at

REFILL, LAST = 12, 14
"""103111's set-up refill, then player 1's take of elf-crown and mage-tattoo and its placing (the
twin's ``changes`` indices)."""
SLOTS = (2, 4)
"""The inn slots (from 0) the game read hidden in the refill's scene."""


@pytest.fixture(scope="module")
def twin() -> OpenSeasonTwin:
    return OpenSeasonTwin(3, 103111, side="shield", expert=True, illegal=1)


def _scene(twin: OpenSeasonTwin, change: int) -> OpenSeasonObservation:
    table = twin.descriptions[change + 1]
    return _hidden(table, SLOTS) if change == REFILL else observation_from_table(table)


def _play(twin: OpenSeasonTwin, adapter: OpenSeasonAdapter,
          last: int = LAST) -> tuple[TrackedGame, list[TrackerEvent], int]:
    """The tracker in step after the set-up's bonus faces, then the scenes of changes 12..``last``,
    the players answering truthfully; the events and how many questions they rejected."""
    tracked = TrackedGame(_truth_at(twin, twin.changes[REFILL - 1].truth_moves), adapter)
    events: list[TrackerEvent] = []
    rejected = 0
    for change in range(REFILL, last + 1):
        seen, no = observe_answering(twin, tracked, _scene(twin, change))
        events += seen
        rejected += no
    return tracked, events, rejected


def _off() -> OpenSeasonAdapter:
    adapter = OpenSeasonAdapter()
    adapter.named_beside_unseen_walks_on = False
    return adapter


def test_the_scene_is_the_game_s_as_read(twin: OpenSeasonTwin) -> None:
    """The twin's refill is the game's: five draws into an empty inn, slots 3 and 5 the daggers
    (the game read dwarf-earrings, elf-crown, mage-tattoo and slots 3 and 5 hidden, scene 14)."""
    table = twin.descriptions[REFILL + 1]
    assert [_name(c) for c in table.inn] == ["dwarf-earrings", "elf-crown", "gnome-dagger", "mage-tattoo",
                                             "sorcerer-dagger"]
    scene = _scene(twin, REFILL)
    assert scene.inn == ("dwarf-earrings", "elf-crown", "mage-tattoo")
    assert (scene.inn_hidden, scene.inn_hidden_slots) == (2, SLOTS)
    assert twin.truth.history[twin.changes[REFILL - 1].truth_moves:twin.changes[REFILL].truth_moves] == [
        Draw(c) for c in ("dwarf-earrings", "elf-crown", "gnome-dagger", "mage-tattoo", "sorcerer-dagger")]


def test_on_the_refill_is_followed_and_the_game_stays_in_step(twin: OpenSeasonTwin) -> None:
    """On (the default): the refill confirmed unasked at its own scene (two cards unseen, the three
    read by name), then the take and the placing as the truth's moves: no alert, no question."""
    tracked, events, rejected = _play(twin, OpenSeasonAdapter(), last=REFILL)
    confirmed = [e.move for e in events if isinstance(e, MoveConfirmed)]
    assert confirmed == [Draw(UNSEEN_CARD), Draw(UNSEEN_CARD), Draw("dwarf-earrings"), Draw("elf-crown"),
                         Draw("mage-tattoo")], [str(e)[:300] for e in events]
    tracked, events, rejected = _play(twin, OpenSeasonAdapter())
    assert not any(isinstance(e, (IllegalMoveAlert, QuestionAsked)) for e in events), [str(e)[:300] for e in events]
    assert rejected == 0
    assert twin.as_truth(tracked.state.history) == twin.truth.history[:twin.changes[LAST].truth_moves]


def test_off_no_chain_explains_the_refill_two_alarms_as_the_game(twin: OpenSeasonTwin) -> None:
    """The off control, as main followed the game: the refill's scene confirms no draw and alarms,
    the take's scene alarms again, and the placing scene puts the tracker back in step."""
    tracked, events, _ = _play(twin, _off(), last=REFILL)
    assert not any(isinstance(e, MoveConfirmed) for e in events), [str(e)[:300] for e in events]
    assert any(isinstance(e, IllegalMoveAlert) for e in events)
    assert tracked.state.history == twin.truth.history[:twin.changes[REFILL - 1].truth_moves]
    tracked, events, _ = _play(twin, _off())
    assert sum(isinstance(e, IllegalMoveAlert) for e in events) == 2
    assert twin.as_truth(tracked.state.history) == twin.truth.history[:twin.changes[LAST].truth_moves]


def test_a_card_laid_on_an_empty_space_beside_the_refill_still_alarms(twin: OpenSeasonTwin) -> None:
    """A sure wrong change in the refill's scene: player 2's empty space 1 shows a card (no move
    lays one there during a refill). On, the refill's draws are followed, yet no chain explains the
    card: an alert, and the tracker makes no move."""
    scene = _scene(twin, REFILL)
    wall = dict(scene.players[1].wall)
    assert 1 not in wall
    wall[1] = "dwarf-crown"
    bad = replace(scene, players={**scene.players, 1: replace(scene.players[1], wall=wall)})
    assert (bad.inn_hidden, bad.inn_hidden_slots) == (2, SLOTS)
    tracked = TrackedGame(_truth_at(twin, twin.changes[REFILL - 1].truth_moves), OpenSeasonAdapter())
    events = list(tracked.observe(bad))
    assert any(isinstance(e, IllegalMoveAlert) for e in events), [str(e)[:300] for e in events]
    assert not any(isinstance(e, MoveConfirmed) for e in events)
