"""One seeded digital-twin game of Open Season or Octo Dice, tracked from perfect observations and
written to an fsynced event log, that can be killed at any moment and continued from its log.

Run: ``.venv/bin/python bench/twin_log_run.py --game open_season|octo_dice --players N --seed S
--log LOG [--max-moves M]``. When LOG already holds a game it is *resumed*: the real
:class:`tracker.event_log.EventLog` opens it (a line cut off by the kill is set aside in
``LOG.damaged``), :func:`tracker.event_log.replay` rebuilds the tracked state, and the same twin
goes on from the first scene that shows more moves than the log holds (the camera sees the table
again; Octo Dice's scene memory is the table the log stands at, and the tablet choices still owed
are entered first). Otherwise a fresh log is created. This is what ``bench/kill_resume.py`` kills:
perfect observations keep the comparison about the log alone (Open Season's pixel games are slow
and not every move is read right; Octo Dice's choices are entered on the tablet). It prints one JSON line: moves logged, moves equal to the twin's truth.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tracker.event_log import EventLog, EventLogError, replay  # noqa: E402
from tracker.session import QuestionAsked, TrackedGame  # noqa: E402

GAMES = ("open_season", "octo_dice")


def _settle(tracked: TrackedGame[Any, Any], twin: Any, events: list[Any]) -> None:
    """Answer every question as the players would (truthfully, or "none of these")."""
    while events:
        event = events.pop(0)
        if isinstance(event, QuestionAsked):
            option = twin.truthful_answer(event.question, tracked.state.history)
            events = list(tracked.reject() if option is None else tracked.answer(option)) + events


def _first_scene(twin: Any, moves: int) -> int:
    """Index of the first change whose scene shows more than ``moves`` truth moves (where a
    resumed game picks up; a scene showing exactly ``moves`` is what the table already shows)."""
    return next((i for i, c in enumerate(twin.changes) if c.truth_moves > moves), len(twin.changes))


def _open(path: Path, state: Any, resume: bool) -> tuple[EventLog, Any]:
    if not resume:
        return EventLog.create(path, state, players=[], fsync=True), state
    log = EventLog(path, fsync=True)  # cuts a damaged last line off (kept in LOG.damaged)
    return log, replay(path).state


def play_open_season(players: int, seed: int, path: Path, max_moves: int | None) -> dict[str, Any]:
    from tracker.open_season.adapter import OpenSeasonAdapter
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.open_season.view import observation_from_table

    twin = OpenSeasonTwin(players, seed, max_moves=max_moves)
    resume = _has_game(path)
    log, state = _open(path, twin.tracker_initial_state(), resume)
    with log:
        tracked: TrackedGame[Any, Any] = TrackedGame(state, OpenSeasonAdapter(), log=log)
        start = _first_scene(twin, len(state.history)) if resume else 0
        for table in twin.descriptions[start + 1:]:
            _settle(tracked, twin, list(tracked.observe(observation_from_table(table))))
        if twin.truth.is_terminal() and not tracked.state.is_terminal():
            _settle(tracked, twin, list(tracked.finish()))
    return _summary(twin, tracked, resume)


def play_octo_dice(players: int, seed: int, path: Path, max_moves: int | None) -> dict[str, Any]:
    from tracker.octo_dice.adapter import OctoDiceAdapter
    from tracker.octo_dice.memory import DiceMemory
    from tracker.octo_dice.observation import DieReading, OctoDiceObservation, area_of
    from tracker.octo_dice.twin import OctoDiceTwin, Placed

    def seen(layout: dict[str, Placed]) -> OctoDiceObservation:
        return OctoDiceObservation(tuple(
            DieReading(p.die[:5], None if p.cocked else p.face, area_of(p.x, p.y), p.x, p.y, 1.0, p.cocked)
            for p in layout.values()))

    twin = OctoDiceTwin(players, seed, max_turns=max_moves)
    resume = _has_game(path)
    log, state = _open(path, twin.tracker_initial_state(), resume)
    memory = DiceMemory()
    with log:
        tracked: TrackedGame[Any, Any] = TrackedGame(state, OctoDiceAdapter(), log=log)
        start = 0
        if resume:
            start = _first_scene(twin, len(state.history))
            # the table as it lies now: the last flat scene at or before where the log stands
            here = next((twin.layouts[i] for i in range(start, -1, -1)
                         if not any(p.cocked for p in twin.layouts[i].values())), {})
            if here:
                memory.remember(seen(here), tracked.adapter.expected(tracked.state))
            owed = twin.tablet_moves(tracked.state.history)
            if owed:
                tracked.enter(owed)
        for layout in twin.layouts[start + 1:]:
            observed = seen(layout)
            if any(d.cocked for d in observed.dice):
                continue
            observed = memory.annotate(observed)
            events = list(tracked.observe(observed))
            if tracked.alert is None and tracked.pending is None:
                memory.remember(observed, tracked.adapter.expected(tracked.state))
            _settle(tracked, twin, events)
            entered = twin.tablet_moves(tracked.state.history)
            if entered and tracked.pending is None:
                tracked.enter(entered)
    return _summary(twin, tracked, resume)


def _has_game(path: Path) -> bool:
    return path.exists() and path.stat().st_size > 0


def _summary(twin: Any, tracked: TrackedGame[Any, Any], resumed: bool) -> dict[str, Any]:
    return {"resumed": resumed, "moves": len(tracked.state.history), "truth_moves": len(twin.truth.history),
            "moves_correct": twin.moves_correct(tracked.state.history)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--log", type=Path, required=True, help="the event log: created, or resumed when it holds a game")
    parser.add_argument("--max-moves", type=int, default=0, help="stop the twin's game after this many moves "
                        "(Octo Dice: turns); 0: the whole game")
    args = parser.parse_args(argv)
    play = play_open_season if args.game == "open_season" else play_octo_dice
    try:
        summary = play(args.players, args.seed, args.log, args.max_moves or None)
    except EventLogError as exc:
        print(f"twin_log_run: error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
