"""Octocube score sheets: every point as a line with a plain reason.

Standard/advanced: VP tokens from each series (kept on the boards as they were scored), then at
the end 3 per coin tile, colour majorities 5/2 and object majorities (rulebook table). Once the
game is over every cube still holding tiles makes its last Score here (decision 9), so the
position keeps showing what was on the cubes. Kids: the "points" are filled board spaces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import UNKNOWN, ScoreBreakdown, ScoreLine
from rules.octocube import data
from rules.octocube.components import BACKGROUND_COLOURS, OBJECTS, Tile

from rules.octocube.pieces import player_name
from rules.octocube.pieces import player_name as _seat_name
from rules.octocube.unknowns import UnrevealedTileError
if TYPE_CHECKING:
    from rules.octocube.state import OctocubeState

PLURAL: dict[str, str] = {
    "starfish": "starfish",
    "amphora": "amphorae",
    "sextant": "sextants",
    "pearl": "pearls",
    "diamond": "diamonds",
}


def series_reason(obj: str, count: int, points: int) -> str:
    name = obj if count == 1 else PLURAL[obj]
    return f"{count} {name} in one Score: {points} points"


def majority_places(counts: list[int], first: int, second: int) -> list[tuple[int, str, int]]:
    """(player, place, points) for one category. Tied players all take the place; a tie for
    first awards no second place; a player with none of the category takes no place."""
    eligible = [p for p, c in enumerate(counts) if c > 0 or not data.MAJORITY_NEEDS_A_TILE]
    if not eligible:
        return []
    best = max(counts[p] for p in eligible)
    firsts = [p for p in eligible if counts[p] == best]
    places = [(p, "first", first) for p in firsts]
    if len(firsts) == 1:
        rest = [p for p in eligible if p not in firsts]
        if rest:
            runner_up = max(counts[p] for p in rest)
            places.extend((p, "second", second) for p in rest if counts[p] == runner_up)
    return places


def final_cube_tiles(state: OctocubeState) -> list[list[Tile]]:
    """Tiles each cube gives up in the last Score (empty lists before the end)."""
    result: list[list[Tile]] = [[] for _ in state.cubes]
    if not state.over or state.mode == "kids":
        return result
    for cube in state.cubes:
        for face, tile in cube.faces.items():
            if tile is UNKNOWN:
                raise UnrevealedTileError(
                    f"the final Score needs the tile on the {face} face of "
                    f"{player_name(cube.seat)}'s cube; reveal ('cube', {cube.seat}, {face!r}) first"
                )
            if tile is not None:
                result[cube.seat].append(tile)
    return result


def score_breakdown(state: OctocubeState) -> ScoreBreakdown:
    if state.mode == "kids":
        return _kids_breakdown(state)

    n = state.game.num_players
    lines: list[ScoreLine] = []
    final = final_cube_tiles(state)
    owned: list[list[Tile]] = []
    coins: list[int] = []
    for p in range(n):
        board = state.boards[p]
        for obj, count in board.series:
            points = data.SERIES_POINTS[count]
            if points:
                lines.append(ScoreLine(p, "series", points, series_reason(obj, count, points)))
        last_objects = [t for t in final[p] if t.kind == "object"]
        for obj in sorted({t.obj for t in last_objects if t.obj is not None}):
            count = sum(1 for t in last_objects if t.obj == obj)
            points = data.SERIES_POINTS[count]
            if points:
                lines.append(
                    ScoreLine(p, "series", points, "final Score: " + series_reason(obj, count, points))
                )
        owned.append(board.object_tiles() + last_objects)
        coins.append(board.coins + sum(1 for t in final[p] if t.kind == "coin"))
        _coin_line(lines, p, coins[p])
    return _final_sheet(n, lines, owned, state.over)


def final_scoring(tokens: list[int], coins: list[int], tiles: list[list[Tile]],
                  names: list[str] | None = None) -> ScoreBreakdown:
    """The rulebook's final scoring from what lies on a finished table: each player's VP tokens
    (their sum), coin tiles and object tiles. The same sheet as :func:`score_breakdown`, except
    that the series come as one token total (a photo shows tokens, not the series behind them).
    ``names``: how to call each player in the tie-break words (default: the seat colours)."""
    n = len(tokens)
    if not (len(coins) == len(tiles) == n) or not 1 <= n <= 4:
        raise ValueError(f"final scoring needs tokens, coins and tiles for each of 1-4 players, "
                         f"got {len(tokens)}, {len(coins)} and {len(tiles)}")
    lines: list[ScoreLine] = []
    for p in range(n):
        if tokens[p] < 0 or coins[p] < 0:
            raise ValueError(f"{player_name(p)} cannot have {tokens[p]} token points or {coins[p]} coins")
        if tokens[p]:
            lines.append(ScoreLine(p, "tokens", tokens[p], f"victory-point tokens: {tokens[p]} points"))
        _coin_line(lines, p, coins[p])
    if names is not None and len(names) != n:
        raise ValueError(f"{len(names)} names for {n} players")
    return _final_sheet(n, lines, [list(t) for t in tiles], True, names)


def _coin_line(lines: list[ScoreLine], p: int, coins: int) -> None:
    if coins:
        lines.append(
            ScoreLine(
                p, "coins", coins * data.COIN_POINTS,
                f"{coins} coin{'s' if coins != 1 else ''} x {data.COIN_POINTS}: "
                f"{coins * data.COIN_POINTS} points",
            )
        )


def _final_sheet(n: int, lines: list[ScoreLine], owned: list[list[Tile]], over: bool,
                 seat_names: list[str] | None = None) -> ScoreBreakdown:
    """Majorities, the sorted sheet and (once the game is over) the winners and tie-break."""

    def player_name(p: int) -> str:
        return seat_names[p] if seat_names is not None else _seat_name(p)

    for colour in BACKGROUND_COLOURS:
        counts = [sum(1 for t in owned[p] if t.colour == colour) for p in range(n)]
        first, second = data.COLOUR_MAJORITY_POINTS
        for p, place, points in majority_places(counts, first, second):
            if points:
                lines.append(
                    ScoreLine(p, "colours", points, _place_words(place, counts, p, f"{colour} tiles", points))
                )
    for obj in OBJECTS:
        counts = [sum(1 for t in owned[p] if t.obj == obj) for p in range(n)]
        first, second = data.OBJECT_MAJORITY_POINTS[obj]
        for p, place, points in majority_places(counts, first, second):
            if points:
                lines.append(ScoreLine(p, "objects", points, _place_words(place, counts, p, PLURAL[obj], points)))
    lines.sort(key=lambda line: line.player)
    breakdown = ScoreBreakdown(n, tuple(lines))
    if not over:
        return breakdown
    totals = breakdown.totals()
    best = max(totals)
    leaders = [p for p in range(n) if totals[p] == best]
    tie_break = ""
    if len(leaders) > 1:
        tiles = {p: len(owned[p]) for p in leaders}
        most = max(tiles.values())
        winners = [p for p in leaders if tiles[p] == most]
        names = " and ".join(player_name(p) for p in leaders)
        counts_text = ", ".join(f"{player_name(p)} {tiles[p]}" for p in leaders)
        if len(winners) == 1:
            tie_break = (
                f"{names} tied on {best} points; {player_name(winners[0])} has the most object "
                f"tiles ({counts_text})"
            )
        else:
            tie_break = (
                f"{names} tied on {best} points and on object tiles ({counts_text}): a shared win"
            )
        leaders = winners
    return ScoreBreakdown(n, tuple(lines), tuple(leaders), tie_break)


def _place_words(place: str, counts: list[int], player: int, what: str, points: int) -> str:
    tied = sum(1 for c in counts if c == counts[player]) > 1
    lead = "most" if place == "first" else "second most"
    if tied:
        lead = "tied for " + lead
    return f"{lead} {what} ({counts[player]}): {points} point{'s' if points != 1 else ''}"


def _kids_breakdown(state: OctocubeState) -> ScoreBreakdown:

    n = state.game.num_players
    size = data.KIDS_BOARD_SIZE
    lines: list[ScoreLine] = []
    for p, board in enumerate(state.boards):
        filled = board.filled()
        lines.append(ScoreLine(p, "board", filled, f"{filled} of {size} board spaces filled"))
        lines.append(ScoreLine(p, "coins", 0, f"{board.coins} coin tiles (tie-break only)"))
    breakdown = ScoreBreakdown(n, tuple(lines))
    if not state.over:
        return breakdown
    counts = [b.filled() for b in state.boards]
    best = max(counts)
    leaders = [p for p in range(n) if counts[p] == best]
    tie_break = ""  # a kids game only ends once a board is full (decision 10)
    if len(leaders) > 1:
        coins = {p: state.boards[p].coins for p in leaders}
        most = max(coins.values())
        winners = [p for p in leaders if coins[p] == most]
        names = " and ".join(player_name(p) for p in leaders)
        counts_text = ", ".join(f"{player_name(p)} {coins[p]}" for p in leaders)
        if len(winners) == 1:
            tie_break = f"{names} each filled {best} spaces; {player_name(winners[0])} has the most coin tiles ({counts_text})"
        else:
            tie_break = f"{names} filled {best} spaces and tie on coin tiles ({counts_text}): a shared win"
        leaders = winners
    return ScoreBreakdown(n, tuple(lines), tuple(leaders), tie_break)
