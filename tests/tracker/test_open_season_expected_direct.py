"""The Open Season tracker's expected view built straight from the state
(``OpenSeasonAdapter.expected_view_direct``, :func:`tracker.open_season.view.observation_from_state_direct`)
is the view the table description gives (:func:`~tracker.open_season.view.observation_from_state`,
the path the twin films): equal field by field, in the same order and of the same types, on every
position the tracker's searches visit in whole twin games followed from their scenes (illegal
changes flagged, questions answered). And the chain search's scene places made once per search
(``OpenSeasonAdapter.observed_places_once``) give the same chains as made at every step. Session 82,
suite82: two speed switches (the search asks for a view per move it tries)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from rules.open_season.cards import FACE_DOWN
from rules.open_season.state import OpenSeasonState
from tracker.open_season import adapter as adapter_module
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.twin import OpenSeasonTwin
from tracker.open_season.view import observation_from_state, observation_from_state_direct
from tracker.session import TrackedGame
from vision.open_season.observation import OpenSeasonObservation

from tests.tracker.open_season_helpers import follow_soundly

GAMES = {
    (2, "horn", False, 90010): {"arriving card", "penalty", "kept card", "wall wild"},
    (3, "shield", True, 90011): {"bonus face", "wall wild", "scoring trophy", "face-down wall card", "arriving card"},
    (4, "horn", True, 90013): {"bonus face", "wall trophy", "penalty", "arriving card", "wall wild", "kept card",
                               "discards", "face-down wall card"},
}
"""(players, side, expert, seed) of the twin games followed, 3 illegal changes each (the first two
are test_open_season_tracker.py's whole games) -> what their searched positions show beyond the bare
table (:func:`_features`; measured: 2,506, 5,131 and 5,835 views)."""


def _features(state: OpenSeasonState) -> set[str]:
    """What of the state's own fields a position shows beyond the bare table."""
    seats = range(state.game.num_players)
    found = {
        "arriving card": any(task[0] == "to_stock" for task in state.tasks),
        "face-down wall card": any(v >= FACE_DOWN for p in seats for v in state.wall[p] if v >= 0),
        "kept card": any(state.kept[p] >= 0 for p in seats),
        "penalty": any(state.penalty[p] for p in seats),
        "bonus face": any(any(faces) for faces in state.bonus_faces),
        "scoring trophy": any(state.shield_active[p] for p in seats),
        "wall wild": any(a >= 0 for p in seats for a in state.wall_wild[p]),
        "wall trophy": any(c for p in seats for c in state.wall_trophies[p]),
        "discards": bool(state.discards),
    }
    return {name for name, there in found.items() if there}


class _Checking(OpenSeasonAdapter):
    """The adapter whose every expected view is built through the description and by each of
    ``directs`` (the direct path; slipped copies in the control): ``unequal[i]`` counts the views
    ``directs[i]`` got otherwise."""

    def __init__(self, *directs: Callable[[OpenSeasonState], OpenSeasonObservation]) -> None:
        self.directs = directs
        self.views = 0
        self.unequal = [0] * len(directs)
        self.features: Counter[str] = Counter()

    def expected(self, state: OpenSeasonState) -> OpenSeasonObservation:
        want = observation_from_state(state)
        self.views += 1
        self.features.update(_features(state))
        for i, direct in enumerate(self.directs):
            got = direct(state)
            # repr: every field (those ``==`` leaves out too), dicts in their order, True not 1
            self.unequal[i] += got != want or repr(got) != repr(want)
        return super().expected(state)


def _follow(players: int, side: str, expert: bool, seed: int, adapter: OpenSeasonAdapter) -> TrackedGame:
    """Test_open_season_tracker.py's ``_follow``: the tracker on perfect observations of each
    filmed scene, the players answering truthfully."""
    twin = OpenSeasonTwin(players, seed, side=side, expert=expert, illegal=3)
    return follow_soundly(twin, TrackedGame(twin.tracker_initial_state(), adapter))


@pytest.mark.parametrize("game", GAMES)
def test_the_direct_view_is_the_descriptions_on_every_position_searched(game: tuple[int, str, bool, int]) -> None:
    adapter = _Checking(observation_from_state_direct)
    _follow(*game, adapter)
    assert adapter.views > 1500
    assert adapter.unequal == [0]
    assert set(adapter.features) == GAMES[game], adapter.features


def test_the_games_together_show_every_field_the_paths_turn_into_readings() -> None:
    assert set().union(*GAMES.values()) == {"arriving card", "face-down wall card", "kept card", "penalty",
                                            "bonus face", "scoring trophy", "wall wild", "wall trophy", "discards"}


def test_the_switch_chooses_the_path() -> None:
    twin = OpenSeasonTwin(3, 90011, side="shield", expert=True, illegal=0, max_moves=30)
    on, off = OpenSeasonAdapter(), OpenSeasonAdapter()
    off.expected_view_direct = False
    assert OpenSeasonAdapter.expected_view_direct  # on by default
    state = twin.truth
    assert repr(on.expected(state)) == repr(off.expected(state))


def _forgets_the_arriving_card(state: OpenSeasonState) -> OpenSeasonObservation:
    view = observation_from_state_direct(state)
    seat = state.turn_player
    own = len(state.stock[seat])
    view.players[seat] = replace(view.players[seat], stock=view.players[seat].stock[:own])
    return view


def _penalty_as_a_count(state: OpenSeasonState) -> OpenSeasonObservation:
    view = observation_from_state_direct(state)
    for seat, reading in view.players.items():
        view.players[seat] = replace(reading, penalty=1 if state.penalty[seat] else 0)  # type: ignore[arg-type]
    return view


def _wall_in_reverse(state: OpenSeasonState) -> OpenSeasonObservation:
    view = observation_from_state_direct(state)
    for seat, reading in view.players.items():
        view.players[seat] = replace(reading, wall=dict(reversed(reading.wall.items())))
    return view


def test_control_a_slipped_direct_view_is_caught() -> None:
    """A direct path that forgets the card on its way to the stock, gives the penalty as a count
    (``==`` takes 1 for True: only the repr tells) or the wall's spaces in another order, is told
    apart on the first game's positions."""
    adapter = _Checking(_forgets_the_arriving_card, _penalty_as_a_count, _wall_in_reverse)
    _follow(*next(iter(GAMES)), adapter)
    assert all(adapter.unequal), adapter.unequal


class _BothWalks(OpenSeasonAdapter):
    """The adapter whose every chain search is made with ``observed_places_once`` off and on: the
    chains (in their order) and the cut must be the same."""

    def __init__(self) -> None:
        self.searches = 0
        self.with_chains = 0
        self.unequal = 0

    def search_chains(self, state: OpenSeasonState, observed: OpenSeasonObservation) -> Any:
        self.observed_places_once = False
        off = super().search_chains(state, observed)
        self.observed_places_once = True
        on = super().search_chains(state, observed)
        off_chains, on_chains = list(off.chains), list(on.chains)
        self.searches += 1
        self.with_chains += bool(off_chains)
        self.unequal += (off_chains, off.cut) != (on_chains, on.cut)
        return replace(off, chains=off_chains)


def test_the_scenes_places_made_once_give_the_same_chains() -> None:
    """Every chain search of the 2-player game finds the same chains in the same order, and
    the same cut, with the scene's places made once per search as at every step."""
    adapter = _BothWalks()
    _follow(2, "horn", False, 90010, adapter)
    assert adapter.searches > 80 and adapter.with_chains > 70  # measured: 89, 80
    assert adapter.unequal == 0


def test_control_the_walk_reading_other_places_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same comparison, where the walk handed the places made once reads no card as newly shown
    outside the inn: the game's searches reach the steps that read the places, and the comparison
    tells the chains apart there."""
    real = adapter_module._appeared_outside_inn

    def slipped(here: Any, observed: Any, observed_places: Any = None) -> Counter[str]:
        return Counter() if observed_places is not None else real(here, observed)

    monkeypatch.setattr(adapter_module, "_appeared_outside_inn", slipped)
    adapter = _BothWalks()
    try:
        _follow(2, "horn", False, 90010, adapter)
    except AssertionError:
        pass  # the game may go astray too: only the searches are compared
    assert adapter.unequal > 0
