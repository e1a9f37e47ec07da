"""A personal row the token reader doubts reaches the tracker as a doubt (seed 97643: a stock's
fifth card over player 1's one supply trophy, read 0 with "something lies over the personal
tokens", weighed as a sure misread: a false alarm at the next steal)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tracker.inference import InferenceConfig, total_weight
from tracker.open_season.adapter import PERSONAL_UNSURE_WEIGHT, OpenSeasonAdapter
from tracker.open_season.recogniser import observation_from_reads
from tracker.open_season.twin import OpenSeasonTwin
from vision.open_season.cards import AccoladeCount, CardRead, TableCards
from vision.open_season.observation import OpenSeasonObservation, PlayerReading


def test_the_token_reader_doubts_a_personal_row_under_the_stocks_fifth_card() -> None:
    """97643 (2 players, Shield, expert, tilt 22.3, the lamp) after its 77th change: the one supply
    trophy lies under player 1's fifth stock card. Read through the demo's camera: 0 trophies,
    and the row marked unsure (it reads as something over the row, not as bare mat)."""
    from tracker.film import demo_camera, drifting_lightings
    from tracker.open_season.recogniser import _view_of
    from tracker.table import TableSetup
    from vision.open_season.tokens import TokenReader
    from vision.render.renderer import Renderer, RenderOptions

    twin = OpenSeasonTwin(2, 97643, side="shield", expert=True, illegal=3, random_wilds=True)
    scene = twin.scenes()[77]
    assert twin.descriptions[77].players[0].trophies == 1
    camera = demo_camera(TableSetup(game="open_season", players=2, seed=97643, tilt=22.3, resolution=(1280, 720)))
    light = drifting_lightings("lamp", len(twin.changes), 97643)[76]
    image = Renderer().render(scene, camera, RenderOptions(lighting=light, table_seed=97643 % 997), seed=5).image
    seat = TokenReader(_view_of(camera, (1280, 720)), "shield", 2, True).read(image)[0]
    assert seat.trophies == 0 and seat.personal_unsure
    assert "player 1: something lies over the personal tokens" in seat.doubts


def _tokens(**changes: Any) -> Any:
    from vision.open_season.tokens import SeatTokens

    seat: dict[str, Any] = dict(wall_trophies={}, wall_wilds=frozenset(), trophies=1, wilds=0, penalties=0,
                                series=False, scorings=frozenset(), bonus={}, accolade_wilds=0)
    return SeatTokens(**{**seat, **changes})


def test_the_recogniser_passes_the_doubted_personal_row_on() -> None:
    cards = TableCards(inn=[], walls={0: {}, 1: {}}, stocks={0: [], 1: []},
                       kept={s: CardRead(f"kept {s}", "empty", 1.0) for s in (0, 1)},
                       accolades={s: AccoladeCount(0, 1.0, 1) for s in (0, 1)})
    obs = observation_from_reads(cards, {0: _tokens(personal_unsure=True, wall_wilds_unsure=frozenset({10}),
                                                    scorings_unsure=frozenset({"people_series"})),
                                         1: _tokens()}, 2)
    assert obs.players[0].scorings_unsure == {"people_series"} and not obs.players[1].scorings_unsure
    assert obs.players[0].personal_unsure and not obs.players[1].personal_unsure
    assert obs.players[0].wall_wilds_unsure == {10} and not obs.players[1].wall_wilds_unsure
    assert obs.players[0] == obs.players[1]  # a doubt, not a different table


def test_a_supply_trophy_misread_weighs_little_only_where_the_row_is_doubted() -> None:
    """The same misread (a supply trophy read 0) costs a sure difference (past the tolerance) on a
    row the reader is sure of, and PERSONAL_UNSURE_WEIGHT (within it) on a doubted one; so does a
    penalty or series tile."""
    expected = OpenSeasonObservation(players={0: PlayerReading(trophies=1), 1: PlayerReading(trophies=2)})
    adapter, tolerance = OpenSeasonAdapter(), InferenceConfig().tolerance
    for misread in (dict(trophies=0), dict(penalty=True), dict(series=True)):
        sure = replace(expected, players={**expected.players, 0: replace(expected.players[0], **misread)})
        doubted = replace(expected, players={**expected.players,
                                             0: replace(expected.players[0], **misread, personal_unsure=True)})
        assert total_weight(adapter.differences(expected, sure)) > tolerance
        assert total_weight(adapter.differences(expected, doubted)) == PERSONAL_UNSURE_WEIGHT < tolerance


def test_a_wall_wild_token_weighs_little_only_on_a_space_the_reader_doubts() -> None:
    """97702 (4 players, tilt 33.4, evening): a wild token read now and then on player 1's space 10,
    with the reader's doubt; as a sure difference each such scene raised a false alarm."""
    expected = OpenSeasonObservation(players={0: PlayerReading(wall={10: "elf-crown"}), 1: PlayerReading()})
    adapter, tolerance = OpenSeasonAdapter(), InferenceConfig().tolerance
    seen = replace(expected.players[0], wall_wilds=frozenset({10}))
    sure = replace(expected, players={**expected.players, 0: seen})
    doubted = replace(expected, players={**expected.players, 0: replace(seen, wall_wilds_unsure=frozenset({10}))})
    elsewhere = replace(expected, players={**expected.players, 0: replace(seen, wall_wilds_unsure=frozenset({3}))})
    assert total_weight(adapter.differences(expected, sure)) > tolerance
    assert total_weight(adapter.differences(expected, elsewhere)) > tolerance
    assert total_weight(adapter.differences(expected, doubted)) == PERSONAL_UNSURE_WEIGHT


def test_the_trackers_recogniser_reads_no_trophy_beside_an_empty_scoring_at_the_set_up() -> None:
    """Bench game 102004 (3 players, Shield, tilt 24, evening) at its set-up: no trophy lies beside
    any scoring. Through the demo's camera player 1's 'eighteen cards' place fits the trophy at
    0.48 in this rendering: over the photo scorer's line (0.42, set for a lens measured on the
    photo itself), under the tracker's (``TABLE_SCORING_LINE``). Before, the tracker read a trophy
    there and raised "no legal move explains the table: player 1's scoring eighteen cards has a
    trophy" before the first move."""
    from tracker.film import demo_camera, drifting_lightings
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser, _view_of
    from tracker.table import TableSetup
    from vision.open_season.tokens import WALL_THRESHOLD, TokenReader
    from vision.render.renderer import Renderer, RenderOptions

    twin = OpenSeasonTwin(3, 102004, side="shield", expert=False, illegal=3)
    assert not any(p.scorings for p in twin.descriptions[0].players)
    camera = demo_camera(TableSetup(game="open_season", players=3, seed=102004, tilt=24.0, resolution=(1280, 720)))
    light = drifting_lightings("evening", len(twin.changes), 102004)[0]
    image = Renderer().render(twin.scenes()[0], camera, RenderOptions(lighting=light, table_seed=102004 % 997),
                              seed=6).image
    photo_reader = TokenReader(_view_of(camera, (1280, 720)), "shield", 3, False)
    labels, fits = photo_reader.scores(image)["scorings"]
    fit = max(float(v) for (seat, _z, slot), v in zip(labels, fits[:, 0]) if (seat, slot) == (0, 0))
    assert WALL_THRESHOLD["scorings"] + 0.05 < fit  # a sure trophy on the photo's line
    assert photo_reader.read(image)[0].scorings == {"eighteen_cards"}
    observed = OpenSeasonPixelRecogniser("shield", 3, False, camera=camera).recognise(image)
    assert not observed.occluded
    assert all(not p.scorings and not p.scorings_unsure for p in observed.players.values())


def test_a_scoring_trophy_weighs_little_only_where_the_reader_doubts_it() -> None:
    expected = OpenSeasonObservation(players={0: PlayerReading(), 1: PlayerReading()})
    adapter, tolerance = OpenSeasonAdapter(), InferenceConfig().tolerance
    seen = replace(expected.players[0], scorings=frozenset({"eighteen_cards"}))
    sure = replace(expected, players={**expected.players, 0: seen})
    doubted = replace(expected, players={**expected.players,
                                         0: replace(seen, scorings_unsure=frozenset({"eighteen_cards"}))})
    elsewhere = replace(expected, players={**expected.players,
                                           0: replace(seen, scorings_unsure=frozenset({"people_series"}))})
    assert total_weight(adapter.differences(expected, sure)) > tolerance
    assert total_weight(adapter.differences(expected, elsewhere)) > tolerance
    assert total_weight(adapter.differences(expected, doubted)) == PERSONAL_UNSURE_WEIGHT


def test_a_wild_token_read_on_a_wall_space_without_a_card_is_a_doubt() -> None:
    """102401 (printing 930001, tilt 30, evening): player 1's empty space 3 read as holding a wild
    token in 7 of 12 stills, each time a difference the game could not explain (6 false alarms).
    A wild token lies only on a wall card: where the card reader sees none, the wild is doubted
    (it weighs little if the game expects one there), not taken as a token."""
    walls = {0: {5: CardRead("wall 0 5", "elf-dagger", 1.0)}, 1: {}}
    cards = TableCards(inn=[], walls=walls, stocks={0: [], 1: []},
                       kept={s: CardRead(f"kept {s}", "empty", 1.0) for s in (0, 1)},
                       accolades={s: AccoladeCount(0, 1.0, 1) for s in (0, 1)})
    obs = observation_from_reads(cards, {0: _tokens(wall_wilds=frozenset({3, 5})), 1: _tokens()}, 2)
    assert obs.players[0].wall_wilds == {5}  # on the elf-dagger: a token
    assert obs.players[0].wall_wilds_unsure == {3}  # on no card: a doubt
    expected = replace(obs.players[0], wall_wilds=frozenset())
    diffs = OpenSeasonAdapter()._player_differences(0, expected, obs.players[0])
    assert [(d.description, d.weight) for d in diffs] == [("player 1's space 5 holds a wild token", 1.0)]
