"""Random games by the thousand: invariants, JSON round trips and undo at random points, the
tracker's hidden-information view, and the ``tablesight simulate`` command."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import CHANCE, TERMINAL, InvariantError, load_state
from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.cards import COPIES, EMPTY, NUM_IDENTITIES
from rules.open_season.moves import Draw, ReturnOnTop
from ui.cli import main as cli_main
from tests import scale

CONFIGS = [(side, expert, n) for side in ("horn", "shield") for expert in (False, True) for n in (2, 3, 4)]
GAMES_PER_CONFIG = 170  # 12 configurations: 2,040 games (a third in make test: tests/scale.py)


def play_random(state, rng: random.Random, check_every: int = 0) -> int:
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            move = state.sample_chance(rng)
        else:
            move = rng.choice(list(state.legal_moves()))
        state.push_unchecked(move)
        moves += 1
        if check_every and rng.randrange(check_every) == 0:
            state.check_invariants()
    return moves


def check_final(state) -> None:
    problems = state.status()
    if problems:
        raise InvariantError("; ".join(problems))
    n = state.game.num_players
    rounds = state.layout.rounds
    assert state.current_player() == TERMINAL and state.turns_played == n * rounds
    for p in range(n):
        assert all(v != EMPTY for v in state.wall[p]), "walls are full at the end"
        assert sum(1 for v in state.wall[p] if v != EMPTY) == rounds  # round = cards on wall
        assert state.stock[p] == [] and state.kept[p] == -1
    assert state.card_locations() == [COPIES] * NUM_IDENTITIES  # every card in one place
    breakdown = state.score_breakdown()
    assert breakdown.winners and set(breakdown.winners) <= set(range(n))
    assert len(breakdown.lines) > 0


@pytest.mark.parametrize("side, expert, n", CONFIGS)
def test_random_games_keep_every_invariant(side: str, expert: bool, n: int) -> None:
    game = OpenSeasonGame(n, side=side, expert=expert)
    total = 0
    played = scale.games(GAMES_PER_CONFIG)
    for seed in range(played):
        rng = random.Random(seed * 7919 + n)
        state = game.new_initial_state(seed)
        total += play_random(state, rng, check_every=60 if seed % 10 else 1)
        check_final(state)
    assert total > played * n * game.layout.rounds * 3  # games really were played


@pytest.mark.parametrize("side, expert", [("horn", False), ("horn", True), ("shield", True)])
def test_json_round_trip_and_undo_at_random_points(side: str, expert: bool) -> None:
    game = OpenSeasonGame(3, side=side, expert=expert)
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if rng.random() < 0.05:
                before = state._state_json()
                loaded = load_state(state.dumps())
                assert loaded._state_json() == before
                assert loaded.current_player() == state.current_player()
                assert list(loaded.legal_moves()) == list(state.legal_moves())
                # undo: push two moves, pop them, nothing changed
                for _ in range(2):
                    if state.is_terminal():
                        break
                    legal = list(state.legal_moves())
                    state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
                    state.pop()
                assert state._state_json() == before
            move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves()))
            state.push(move)  # the validated path: every random legal move must pass _check
        loaded = load_state(json.loads(state.dumps()))
        assert loaded.score_breakdown() == state.score_breakdown()
        while state.history:
            state.pop()
        assert state._state_json() == game.new_initial_state(seed)._state_json()
        assert state.status() == []


@pytest.mark.parametrize("side, expert, n", [("horn", True, 4), ("shield", True, 3), ("horn", False, 2)])
def test_a_tracker_with_hidden_cards_follows_a_full_game(side: str, expert: bool, n: int) -> None:
    """Replay a full-information game as a tracker sees it: cards drawn out of sight are never
    chance nodes; the player's choice names the card when it shows up. Both end identical."""
    game = OpenSeasonGame(n, side=side, expert=expert)
    for seed in range(10):
        rng = random.Random(seed)
        full = game.new_initial_state(seed)
        tracker = game.new_initial_state(seed, hidden=True)
        while not full.is_terminal():
            task = full.tasks[-1]
            move = full.sample_chance(rng) if full.is_chance_node() else rng.choice(list(full.legal_moves()))
            full.push(move)
            unseen = (isinstance(move, Draw) and task[1] == "drawn") or isinstance(move, ReturnOnTop)
            if unseen:
                continue
            tracker.push(move)  # validated: the tracker accepts what happened at the table
            assert tracker.status() == []
            if tracker.tasks and tracker.tasks[-1][0] == "take":  # both at the start of a turn: same public view
                assert full.tasks[-1][0] == "take"
                assert tracker.wall == full.wall and tracker.stock == full.stock and tracker.acc == full.acc
                assert sorted(tracker.inn) == sorted(full.inn) and tracker.deck_size == full.deck_size
        assert tracker.is_terminal()
        assert tracker.score_breakdown() == full.score_breakdown()


def test_hidden_peek_leaves_an_unknown_card_on_the_deck_until_revealed() -> None:
    from rules.core import RevealError
    from tests.rules.open_season.helpers import C, blank, filler_wall, rest_of_turn, settle, wall

    state = blank(2, "horn", hidden=True)
    wall(state, 0, {3: "elf-crown"})
    filler_wall(state, 1, 1)
    state.hand = [C("gnome-crown"), C("elf-tattoo")]
    settle(state, rest_of_turn(state, "place"), turns_played=2)
    from rules.open_season.moves import KeepPeeked, PlaceCard

    state.push(PlaceCard("gnome-crown", 9))
    # no chance node: the camera cannot see the peeked cards; any unseen card may be kept
    assert state.current_player() == 0
    legal = list(state.legal_moves())
    assert len(legal) == 30 and all(isinstance(m, KeepPeeked) for m in legal)
    assert state.drawn == [state.drawn[0]] * 2 and state.unknowns() == [("drawn", 0), ("drawn", 1)]
    state.push(KeepPeeked("mage-dagger"))
    assert state.unknowns() == [("deck", 0)]
    loaded = load_state(state.dumps())  # the unknown survives a JSON round trip as "?"
    assert loaded.unknowns() == [("deck", 0)] and loaded._state_json()["deck_top"] == ["?"]
    outcomes = state.chance_outcomes()  # the inn refill draws the unknown card back: any unseen
    assert len(outcomes) == 30
    with pytest.raises(RevealError, match="nothing unknown"):
        state.reveal(("deck", 1), "elf-crown")
    with pytest.raises(RevealError, match="not an Open Season card"):
        state.reveal(("deck", 0), "troll-crown")
    for _ in range(6 - 1):  # elf-crown: one on the wall, make the rest accounted for
        state.acc[1][C("elf-crown")] += 1
        state.deck_counts[C("elf-crown")] -= 1
        state.deck_size -= 1
    with pytest.raises(RevealError, match="all 6 are accounted for"):
        state.reveal(("deck", 0), "elf-crown")
    state.reveal(("deck", 0), "barbarian-eyepatch")
    assert state.unknowns() == []
    assert state.chance_outcomes() == [(Draw("barbarian-eyepatch"), 1.0)]
    assert state.status() == []


def test_simulate_command_reports_no_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--players", "4", "--side", "horn"], ["--players", "2", "--side", "shield", "--expert"]):
        code = cli_main(["simulate", "open_season", *args, "--games", "15", "--seed", "3", "--json", "--check"])
        report = json.loads(capsys.readouterr().out)
        assert code == 0 and report["errors"] == 0 and report["games"] == 15
        assert report["config"]["side"] in ("horn", "shield")


def test_clone_never_shares_undo_with_the_original() -> None:
    """clone() used to copy the list of undo tuples whose lists a pop handed back for changing:
    pop then push on the clone corrupted the original's undo."""
    state = OpenSeasonGame(3, side="shield", expert=True).new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(40):
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
    texts = [state.dumps()]
    for _ in range(6):
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves())))
        texts.append(state.dumps())
    for other in (state.clone(), state.copy()):
        for _ in range(6):
            other.pop()
        for _ in range(6):  # a different future on the copy, with its own pushes and pops
            other.push(other.sample_chance(rng) if other.is_chance_node() else rng.choice(list(other.legal_moves())))
        other.pop()
        assert state.dumps() == texts[-1]
    for expected in reversed(texts[:-1]):
        state.pop()
        assert state.dumps() == expected


@pytest.mark.parametrize("side, expert, hidden", [("horn", False, True), ("shield", True, True), ("horn", True, False)])
def test_clones_at_any_point_never_touch_the_original(side: str, expert: bool, hidden: bool) -> None:
    """Issue 16 (item 6) reported clone + pop + push corrupting the original (a card counted 5
    times); already fixed by the typed undo records, kept under test here in hidden mode too and
    with clones taken all along a game."""
    state = OpenSeasonGame(3, side=side, expert=expert).new_initial_state(hidden=hidden)
    rng = random.Random(16)

    def step(s: OpenSeasonState) -> None:
        s.push(s.sample_chance(rng) if s.is_chance_node() else rng.choice(list(s.legal_moves())))

    while not state.is_terminal():
        step(state)
        if len(state.history) % 23 == 0:
            before = state.dumps()
            other = state.clone()
            for _ in range(min(5, other.undo_depth())):
                other.pop()
            for _ in range(5):
                if not other.is_terminal():
                    step(other)
            assert state.dumps() == before and state.status() == []
            assert other.status() == []
