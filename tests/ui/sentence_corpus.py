"""Every English sentence the engine and the tracker produce in seeded random play, by source.

Why generated and not listed: the app must translate what the engine and the tracker really
say; the sentences come from their own functions (describe_move, score_breakdown, the tracker's
inference and diagnosis on real and deliberately broken observations), so a new or changed
f-string there shows up here as an untranslated sentence. Used by tests/ui/test_sentences.py
and bench/i18n_coverage.py (which prints the coverage figures)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, cast

from rules.octocube import OctocubeGame
from rules.octocube.components import COIN, Tile
from tests.tracker.octocube_helpers import answer_truthfully
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.adapter import OctocubeAdapter
from tracker.session import event_words
from tracker.session import (
    AlertCleared,
    IllegalMoveAlert,
    MoveConfirmed,
    QuestionAsked,
    TilesRevealed,
    TrackedGame,
)
from vision.octocube.observation import BoardReading, CubeReading, StackTopReading

Sentence = tuple[str, str]
"""(source, English text); source is 'move', 'score', 'tie-break', 'question', 'option',
'alert', 'cleared', 'difference' or 'log'."""


def engine_sentences(mode: str, players: int, seed: int, every_legal: bool = True,
                     max_moves: int = 400) -> Iterator[Sentence]:
    """One random game: the description of every legal move at every position (or only of the
    move played), the score lines along the way and at the end, and the tie-break."""
    state = OctocubeGame(players, mode=mode).new_initial_state(seed)
    rng = random.Random(seed)
    for count in range(max_moves):
        if state.is_terminal():
            break
        legal = list(state.legal_moves())
        chosen = rng.choice(legal)
        for move in (legal if every_legal else [chosen]):
            yield "move", state.describe_move(move)
        if count % 25 == 0:
            for line in state.score_breakdown().lines:
                yield "score", line.reason
        state.push(chosen)
    breakdown = state.score_breakdown()
    for line in breakdown.lines:
        yield "score", line.reason
    if breakdown.tie_break:
        yield "tie-break", breakdown.tie_break


class _Log:
    """Stands in for tracker.event_log.EventLog: keeps the words the tracker writes to its log
    (what the History screen shows)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def append(self, type_: str, **payload: Any) -> None:
        for key in ("text", "reason", "question"):
            if isinstance(payload.get(key), str):
                self.texts.append(payload[key])
        for key in ("options", "differences"):
            self.texts += [t for t in payload.get(key) or [] if isinstance(t, str)]

    def reveal(self, *_args: Any) -> None:
        pass


def _event_sentences(events: list[Any]) -> Iterator[Sentence]:
    for event in events:
        if isinstance(event, MoveConfirmed):
            yield "move", event.text
        elif isinstance(event, QuestionAsked):
            yield "question", event.question.prompt
            for text in event.question.option_texts:
                yield "option", text
        elif isinstance(event, IllegalMoveAlert):
            yield "alert", event.reason
        elif isinstance(event, AlertCleared):
            yield "cleared", event.text
        elif isinstance(event, TilesRevealed):
            yield "seen", event_words(event, OctocubeAdapter())


def _broken_tables(truth: Any, rng: random.Random) -> Iterator[Any]:
    """Physically impossible changes to the table (what a careless hand does): each is a
    position the tracker must refuse with a reason."""
    seat = truth.current_player()
    free = [loc for loc, s in truth.stacks.items() if s and loc not in truth.occupied]
    # a cube slid two spaces / diagonally / put on an inner space / moved out of turn
    for cube in truth.cubes:
        for dr, dc in ((2, 0), (0, -2), (1, 1), (-1, 1), (0, 3)):
            physical = truth.clone()
            c = physical.cubes[cube.seat]
            if c.location is None:
                inner = [loc for loc in free if loc not in truth.game.grid.edge]
                if not inner:
                    continue
                far = rng.choice(inner)
            else:
                far = (c.location[0] + dr, c.location[1] + dc)
                if far not in physical.stacks or far in physical.occupied or not physical.stacks[far]:
                    continue
                del physical.occupied[c.location]
            c.location = far
            physical.occupied[far] = cube.seat
            yield physical
            break
    # a tile taken off a stack by hand; the last tile of a stack taken
    for loc in rng.sample(free, min(2, len(free))):
        physical = truth.clone()
        physical.stacks[loc] = physical.stacks[loc][:-1]
        yield physical
    # a tile from the box dropped on an empty place
    empty = [loc for loc, s in truth.stacks.items() if not s and loc not in truth.occupied]
    if empty:
        physical = truth.clone()
        physical.stacks[empty[0]] = [Tile("object", colour="green", obj="pearl")]
        yield physical
    # tiles put on / taken off a board
    other = (seat + 1) % len(truth.cubes)
    physical = truth.clone()
    board = physical.boards[other]
    if board.slots:
        slots = list(board.slots)
        if None in slots:
            slots[slots.index(None)] = Tile("object", colour="white", obj="starfish")
            physical.boards[other] = replace(board, slots=slots)
    else:
        physical.boards[other] = replace(board, tiles=list(board.tiles) + [Tile("object", colour="white", obj="starfish")],
                                         coins=board.coins + 1)
    yield physical
    for s, board in enumerate(truth.boards):
        if board.tiles or board.coins:
            physical = truth.clone()
            physical.boards[s] = replace(board, tiles=[], coins=0)
            yield physical


def _odd_readings(tracked: TrackedGame, truth: Any, rng: random.Random) -> Iterator[Any]:
    """Observations with every kind of disagreement a camera can report (not read, misread,
    missing cube, wrong height, rotation, coin pile ...): each gives difference sentences."""
    good = observation_from_state(truth)
    tops = list(good.tops)
    loc = rng.choice(tops)
    obs = observation_from_state(truth)
    del obs.tops[loc]  # not read
    yield obs
    for reading in list(good.tops.values()):
        obs = observation_from_state(truth)
        if reading.covered:  # a tile where a cube should stand
            obs.tops[reading.location] = StackTopReading(reading.location, COIN, 0.9)
        elif reading.tile is None:
            obs.tops[reading.location] = StackTopReading(reading.location, COIN, 0.9)
        else:
            obs.tops[reading.location] = StackTopReading(reading.location, reading.tile, 0.9, covered=True)
            yield obs
            obs = observation_from_state(truth)
            wrong = COIN if reading.tile != COIN else Tile("object", colour="dark blue", obj="diamond")
            obs.tops[reading.location] = StackTopReading(reading.location, wrong, 0.9,
                                                         height=(reading.height or 0) + 1)
            yield obs
            obs = observation_from_state(truth)
            obs.tops[reading.location] = StackTopReading(reading.location, None, 0.9)  # vanished
        yield obs
    obs = observation_from_state(truth)
    outside = (truth.grid_size, 0)  # just beyond the south edge
    obs.tops[outside] = StackTopReading(outside, COIN, 0.9)
    yield obs
    for seat, cube in good.cubes.items():
        obs = observation_from_state(truth)
        del obs.cubes[seat]
        yield obs
        obs = observation_from_state(truth)
        top = None if cube.top is not None else Tile("object", colour="light blue", obj="amphora")
        obs.cubes[seat] = CubeReading(seat, None if cube.location else rng.choice(tops), top, 0.9,
                                      None if top is None else 90)
        yield obs
        if cube.top is not None:
            obs = observation_from_state(truth)
            obs.cubes[seat] = replace(cube, rotation=((cube.rotation or 0) + 90) % 360)
            yield obs
    for seat, board in good.boards.items():
        obs = observation_from_state(truth)
        del obs.boards[seat]
        yield obs
        obs = observation_from_state(truth)
        extra = Tile("object", colour="green", obj="sextant")
        obs.boards[seat] = BoardReading(seat, board.tiles[1:] + (extra,), board.coins + 2, 0.9)
        yield obs
        obs = observation_from_state(truth)
        obs.boards[seat] = BoardReading(seat, board.tiles + (extra,), 0 if board.coins else 1, 0.9,
                                        coins_counted=False)
        yield obs
        if board.tiles:
            obs = observation_from_state(truth)
            obs.boards[seat] = BoardReading(seat, board.tiles[1:], board.coins, 0.9)
            yield obs


def _alert_reason(tracked: TrackedGame, observed: Any, differences: list[Any]) -> str:
    """The alarm's reason for ``observed`` where no legal move explains it: what
    ``tracker.inference.infer`` returns then (``IllegalObservation``: the adapter's ``diagnose`` of
    the tracked state, the reading and its differences from the expected view, the one place infer
    makes that reason), asked of ``diagnose`` directly for every odd reading. Until session 78 the
    corpus ran ``infer`` on each of its ~1,300 odd readings and kept the reason where the verdict
    had one (1,153 did): ~47 of the corpus's ~56 CPU s went into the searches that end in that
    alarm, none of which writes a sentence; now every odd reading's reason is kept, those infer
    explained too (a superset of the sentences, checked against the old corpus)."""
    return tracked.adapter.diagnose(tracked.state, observed, differences)


def tracker_sentences(mode: str, players: int, seed: int, moves: int = 30) -> Iterator[Sentence]:
    """A tracked game watching a random game through perfect observations, with broken tables
    and odd readings along the way; questions answered truthfully; a rejected question; the
    players ending the game early."""
    game = OctocubeGame(players, mode=mode)
    truth = game.new_initial_state(seed)
    log = _Log()
    tracked = TrackedGame(game.new_initial_state(seed, hidden=True), OctocubeAdapter(), cast(Any, log))
    adapter = tracked.adapter
    rng = random.Random(seed)
    events = tracked.observe(observation_from_state(truth))
    yield from _event_sentences(events + answer_truthfully(truth, tracked, events))
    rejected = False
    for count in range(moves):
        if truth.is_terminal():
            break
        truth.push(rng.choice(list(truth.legal_moves())))
        events = tracked.observe(observation_from_state(truth))
        if not rejected and any(isinstance(e, QuestionAsked) for e in events):
            rejected = True
            yield from _event_sentences(events + tracked.reject())
            events = tracked.observe(observation_from_state(truth))
        yield from _event_sentences(events + answer_truthfully(truth, tracked, events))
        if tracked.state.history != truth.history[: len(tracked.state.history)]:
            break  # the tracker lost the game (not this test's subject): stop here
        if count % 6 == 3:
            for k, physical in enumerate(_broken_tables(truth, rng)):
                yield from _event_sentences(tracked.observe(observation_from_state(physical)))
                if k == 0 and tracked.alert:  # the players tap "that was right" with no move
                    yield from _event_sentences(tracked.confirm_correction([]))
                yield from _event_sentences(tracked.observe(observation_from_state(truth)))
            expected = adapter.expected(tracked.state)
            for obs in _odd_readings(tracked, truth, rng):
                differences = adapter.differences(expected, obs)
                for d in differences:
                    yield "difference", d.description
                yield "alert", _alert_reason(tracked, obs, differences)
    if tracked.pending is None and not tracked.state.is_terminal():
        yield from _event_sentences(tracked.finish(max_moves=3))
    if tracked.state.history:
        tracked.undo()
    for text in log.texts:
        yield "log", text


def _tie(state: Any) -> Iterator[Sentence]:
    text = state.score_breakdown().tie_break
    if text:
        yield "tie-break", text


def tie_sentences(mode: str, players: int, seed: int) -> Iterator[Sentence]:
    """Tie-breaks: a finished random game whose players are all given the first player's board
    and cube (a tie on points), then one of them one coin tile more (kids: the coin decides) or
    one board space less (kids: the game stalls before a full board)."""
    state = OctocubeGame(players, mode=mode).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.push(rng.choice(list(state.legal_moves())))
    best = state.score_breakdown().winners[0]
    first, faces = state.boards[best], state.cubes[best].faces
    for s in range(players):
        state.boards[s] = first.copy()
        state.cubes[s].faces = dict(faces)
    yield from _tie(state)
    state.boards[1] = replace(state.boards[1], coins=state.boards[1].coins + 1)
    yield from _tie(state)
    state.boards[1] = replace(state.boards[1], coins=state.boards[1].coins - 1)
    if mode == "kids":
        size = len(state.boards[0].slots)
        for s in range(players):  # every board full: the coin tiles decide
            state.boards[s] = replace(state.boards[s], slots=[COIN] * size)
        yield from _tie(state)
        state.boards[1] = replace(state.boards[1], coins=state.boards[1].coins + 1)
        yield from _tie(state)
        for s in range(players):
            slots = list(state.boards[s].slots)
            filled = [i for i, t in enumerate(slots) if t is not None]
            if filled:
                slots[filled[0]] = None
            state.boards[s] = replace(state.boards[s], slots=slots)
        yield from _tie(state)
        state.boards[1] = replace(state.boards[1], coins=state.boards[0].coins)
        yield from _tie(state)


def rare_sentences() -> Iterator[Sentence]:
    """Branches random play seldom or never reaches: describe_move on moves the engine would
    refuse (the describer must still speak), a pass with leftover tiles in hand, a tile seen on
    a cube's face, and the question when the players end a game whose last moves were unseen."""
    from rules.octocube.geometry import IDENTITY
    from rules.octocube.moves import Pass, Place, Roll, UsePower

    state = OctocubeGame(2).new_initial_state(0)
    yield "move", state.describe_move(Roll("north"))  # the cube is not on the play area yet
    seat = state.current_player()
    state.push(next(m for m in state.legal_moves() if m.kind == "place" and cast(Place, m).location[0] == 0))
    state.player = seat  # the same cube again, now on the north edge
    yield "move", state.describe_move(Roll("north"))  # off the play area
    yield "move", state.describe_move(UsePower("E", (1, 1), orientation=IDENTITY))
    yield "move", state.describe_move(UsePower("G", (1, 1)))
    hand = state.clone()
    hand.hand = (COIN,)
    yield "move", hand.describe_move(Pass())
    yield "seen", event_words(TilesRevealed(("cube", 1, "top"), COIN), OctocubeAdapter())
    for seed in range(6):
        truth = OctocubeGame(3).new_initial_state(seed)
        rng = random.Random(seed)
        while not truth.is_terminal():
            truth.push(rng.choice(list(truth.legal_moves())))
        for back in range(1, 5):
            before = OctocubeGame(3).new_initial_state(seed)
            for move in truth.history[:-back]:
                before.push(move)
            events = TrackedGame(before, OctocubeAdapter()).finish(max_moves=3)
            asked = [e for e in events if isinstance(e, QuestionAsked)]
            if asked:
                yield from _event_sentences(asked)
                return


QUICK_TRACKED_GAMES = {("standard", 2, 1), ("standard", 3, 0), ("standard", 4, 1),
                       ("advanced", 2, 0), ("advanced", 3, 0), ("advanced", 4, 0)}
"""(mode, players, seed) of the tracked games the quick corpus plays: 7 of its 13 (with the kids
game) say every sentence shape the 13 say (players, spaces, numbers, tiles and directions
written as slots), in 30 of their 53 s (session 41, measured on the code of the day); the
others said only sentences of those shapes with other words in the slots."""


def corpus(quick: bool = False) -> Iterator[Sentence]:
    """Every sentence of the standard set of seeded games (``quick``: fewer, for the tests)."""
    seeds = range(2) if quick else range(6)
    for mode in ("standard", "kids", "advanced"):
        for players in (2, 3, 4):
            for seed in seeds:
                yield from engine_sentences(mode, players, seed, every_legal=seed == 0)
    for mode in ("standard", "advanced"):
        for players in (2, 3, 4):
            for seed in seeds[:3]:
                if quick and (mode, players, seed) not in QUICK_TRACKED_GAMES:
                    continue
                # quick: the broken tables at moves 3, 9 and 15; the one at 21 of a 4-player game
                # cost most of the corpus (two recoveries of ~1.5 s each per broken reading) and
                # gave only joins of clauses the other games say on their own
                yield from tracker_sentences(mode, players, seed, moves=20 if quick else 30)
    for mode in ("standard", "kids", "advanced"):
        yield from tie_sentences(mode, 3, 0)
    yield from rare_sentences()
    # the kids game's chains are long to search (a cube may land on any face): one short game
    yield from tracker_sentences("kids", 4, 0, moves=8 if quick else 12)


# ------------------------------------------------------------------ Open Season and Octo Dice
def _table_game_sentences(state: Any, prompt: Any, seed: int, every_legal: int = 40,
                          max_moves: int = 500) -> Iterator[Sentence]:
    """One random game of a table game that is not Octocube: the players' prompt at every
    position, the description of the move played and of up to ``every_legal`` other legal moves
    (a roll's thousands of outcomes are sampled, not listed), the score lines now and then and
    at the end."""
    rng = random.Random(seed)
    for count in range(max_moves):
        yield "prompt", prompt(state)
        if state.is_terminal():
            break
        if state.is_chance_node():  # a roll or a card drawn: one sampled outcome (a roll has 6^6)
            chosen = state.sample_chance(rng)
            legal = [state.sample_chance(rng) for _ in range(min(every_legal, 3))]
        else:
            legal = list(state.legal_moves())
            chosen = rng.choice(legal)
        yield "move", state.describe_move(chosen)
        for move in rng.sample(legal, min(every_legal, len(legal))):
            yield "move", state.describe_move(move)
        if count % 20 == 0:
            for line in state.score_breakdown().lines:
                yield "score", line.reason
        state.push(chosen)
    breakdown = state.score_breakdown()
    for line in breakdown.lines:
        yield "score", line.reason
    if breakdown.tie_break:
        yield "tie-break", breakdown.tie_break


def open_season_sentences(quick: bool = False) -> Iterator[Sentence]:
    """Random games of Open Season: both sides, plain and expert, 2 to 4 players."""
    from rules.open_season import OpenSeasonGame
    from tracker.open_season.prompts import open_season_prompt

    for side in ("horn", "shield"):
        for expert in (False, True):
            for players in ((2, 4) if quick else (2, 3, 4)):
                seed = players + 10 * expert
                state = OpenSeasonGame(players, side=side, expert=expert).new_initial_state(seed)
                yield from _table_game_sentences(state, open_season_prompt, seed, every_legal=8 if quick else 40)


def octo_dice_sentences(quick: bool = False) -> Iterator[Sentence]:
    """Random games of Octo Dice: solo, the 2-player virtual variant, 2 to 4 players."""
    from rules.octo_dice.game import OctoDiceGame
    from tracker.octo_dice.prompts import octo_dice_prompt

    setups = ((1, "solo"), (2, "virtual"), (3, None)) if quick else ((1, "solo"), (2, "virtual"), (2, None),
                                                                       (3, None), (4, None))
    for players, variant in setups:
        for seed in range(1 if quick else 3):
            state = OctoDiceGame(players, variant).new_initial_state(seed)
            yield from _table_game_sentences(state, octo_dice_prompt, seed, every_legal=8 if quick else 40)


def _open_season_broken(obs: Any, state: Any, rng: random.Random) -> Iterator[Any]:
    """Observations of an Open Season table a careless hand (or a bad reading) changed: each
    differs from what the game expects in one way."""
    from rules.open_season.cards import CARD_NAMES
    from rules.open_season.layout import SHIELD_SCORINGS

    card = rng.choice(CARD_NAMES)
    yield replace(obs, inn=obs.inn[1:])
    yield replace(obs, inn=obs.inn[3:])  # more cards than one may take
    yield replace(obs, inn=obs.inn + (card,), discards=obs.discards + (card,))
    yield replace(obs, inn=obs.inn[2:] + obs.inn[:1]) if len(obs.inn) > 2 else obs
    yield replace(obs, discards=obs.discards[1:])
    seats = sorted(obs.players)
    yield replace(obs, players={s: p for s, p in obs.players.items() if s != seats[-1]})
    for seat in seats:
        got = obs.players[seat]
        empty = [s for s in range(1, state.layout.num_spaces + 1) if s not in got.wall]
        full = [s for s in got.wall]
        changes: list[dict[str, Any]] = [
            {"stock": got.stock + (card,)}, {"stock": got.stock[1:]}, {"stock": tuple(reversed(got.stock))},
            {"accolades": got.accolades + 1}, {"accolade_wilds": got.accolade_wilds + 1},
            {"kept": card}, {"trophies": got.trophies + 1}, {"wilds": got.wilds + 1},
            {"penalty": not got.penalty}, {"series": not got.series},
            {"scorings": got.scorings ^ {SHIELD_SCORINGS[0]}}, {"bonus": {**{c: (f, not used) for c, (f, used) in got.bonus.items()}, 9: (1, False)}},
            {"wall_wilds": got.wall_wilds ^ {1}},
        ]
        for s in empty[:1] + full[:2]:
            changes += [{"wall": {**got.wall, s: card}}, {"wall": {**got.wall, s: None}},
                        {"wall_trophies": {**got.wall_trophies, s: got.wall_trophies.get(s, 0) + 1}}]
        if full:
            changes.append({"wall": {k: v for k, v in got.wall.items() if k != full[0]}})
        for change in changes:
            yield replace(obs, players={**obs.players, seat: replace(got, **change)})
    if len(seats) > 1 and obs.players[seats[0]].stock:  # a card slid from one stock to another
        a, b = obs.players[seats[0]], obs.players[seats[1]]
        yield replace(obs, players={**obs.players, seats[0]: replace(a, stock=a.stock[1:]),
                                    seats[1]: replace(b, stock=b.stock + a.stock[:1])})


def open_season_tracker_sentences(seeds: range = range(2)) -> Iterator[Sentence]:
    """The Open Season adapter's differences and diagnoses on broken tables along random games."""
    from rules.open_season import OpenSeasonGame
    from tracker.open_season.adapter import OpenSeasonAdapter

    adapter = OpenSeasonAdapter()
    for side in ("horn", "shield"):
        for seed in seeds:
            state = OpenSeasonGame(2 + seed % 3, side=side, expert=seed % 2 == 1).new_initial_state(seed)
            rng = random.Random(seed)
            count = 0
            while not state.is_terminal():
                if count % 17 == 5 and not state.is_chance_node():
                    expected = adapter.expected(state)
                    for obs in _open_season_broken(expected, state, rng):
                        diffs = adapter.differences(expected, obs)
                        for d in diffs:
                            yield "difference", d.description
                        yield "alert", adapter.diagnose(state, obs, diffs)
                state.push(state.sample_chance(rng) if state.is_chance_node()
                           else rng.choice(list(state.legal_moves())))
                count += 1


def _octo_dice_broken(state: Any, view: Any, rng: random.Random) -> Iterator[Any]:
    """Octo Dice mats that break the roll procedure, each in one way."""
    from tracker.octo_dice.observation import ASIDE, OFF, ROLL, DieReading, OctoDiceObservation

    def reading(kind: str, face: str, area: str, i: int, **kw: Any) -> Any:
        return DieReading(kind, face, area, 180.0 + 40 * i, 150.0 if area == ASIDE else 300.0, **kw)

    roll = [reading(k, f, ROLL, i, seen_serial=view.roll_serial) for i, (k, f) in enumerate(view.roll)]
    aside = [reading(k, f, ASIDE, i) for i, (k, f) in enumerate(view.aside)]
    base = roll + aside
    yield OctoDiceObservation(())
    yield OctoDiceObservation(tuple(base) + (DieReading("other", None, ROLL, 300.0, 320.0),))
    yield OctoDiceObservation(tuple(base) + (DieReading("white", "lab", OFF, 20.0, -40.0),))
    yield OctoDiceObservation(tuple(base) + (DieReading("black", None, ROLL, 250.0, 260.0, cocked=True),))
    if base:
        d = base[0]
        turned = "lab" if d.face != "lab" else "bot"
        if d.kind == "black":
            turned = "octopod" if d.face != "octopod" else "red-1"
        yield OctoDiceObservation((replace(d, turned_from=d.face, face=turned),) + tuple(base[1:]))
        yield OctoDiceObservation(tuple(base[1:]))
        yield OctoDiceObservation(tuple(base) + (replace(d, x=d.x + 7, landed_after=view.roll_serial),))
        yield OctoDiceObservation(tuple(replace(r, seen_serial=view.roll_serial - 1) for r in roll) + tuple(aside))
    if aside:  # a set-aside die back in the roll area, or gone
        yield OctoDiceObservation(tuple(roll) + tuple(aside[1:]) + (replace(aside[0], area=ROLL, y=320.0),))
        yield OctoDiceObservation(tuple(roll) + tuple(aside[1:]))
    if roll:  # 1 or 3 dice set aside; every rolled die moved to the set-aside area
        yield OctoDiceObservation(tuple(roll[1:]) + tuple(aside) + (replace(roll[0], area=ASIDE, y=150.0),))
        yield OctoDiceObservation(tuple(roll[3:]) + tuple(aside) + tuple(replace(r, area=ASIDE, y=150.0)
                                                                         for r in roll[:3]))
        moved = [replace(r, x=r.x + 3, seen_serial=None, landed_after=view.roll_serial) for r in roll]
        yield OctoDiceObservation(tuple(moved[:1] + roll[1:]) + tuple(aside))
        yield OctoDiceObservation(tuple(moved) + tuple(aside))
    yield OctoDiceObservation(tuple(base) + (reading("white", "crystal", ROLL, 7), reading("black", "octopod", ROLL, 8)))


def octo_dice_tracker_sentences(seeds: range = range(2)) -> Iterator[Sentence]:
    """The Octo Dice adapter's differences and diagnoses on broken mats along random games."""
    from rules.octo_dice.game import OctoDiceGame
    from tracker.octo_dice.adapter import OctoDiceAdapter

    adapter = OctoDiceAdapter()
    for players, variant in ((1, "solo"), (2, "virtual"), (3, None)):
        for seed in seeds:
            state = OctoDiceGame(players, variant).new_initial_state(seed)
            rng = random.Random(seed)
            count = 0
            while not state.is_terminal():
                if count % 5 == 2:
                    view = adapter.expected(state)
                    for obs in _octo_dice_broken(state, view, rng):
                        diffs = adapter.differences(view, obs)
                        for d in diffs:
                            yield "difference", d.description
                        yield "alert", adapter.diagnose(state, obs, diffs)
                state.push(state.sample_chance(rng) if state.is_chance_node()
                           else rng.choice(list(state.legal_moves())))
                count += 1
