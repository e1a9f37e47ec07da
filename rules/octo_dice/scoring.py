"""Octo Dice scoring: what a sheet is worth, as pure functions of the sheets and the ledger.

The Intermediate Scoring after each third (each crossed submarine x the crossed bots of its
colour; -2 unless both octopod symbols of the third are crossed), the bonus scoring at the end
(crystal majority, the level-2 lab tiles) and the score breakdown read from the ledger. The state
(``rules/octo_dice/state.py``) decides *when* each runs and writes what they return; nothing here
changes a sheet. Rulebook: shared/seeds/octo-dice-rules-en.txt; values it leaves open:
shared/rules/octo_dice.md (see ``components``).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil

from rules.core import ScoreBreakdown, ScoreLine
from rules.octo_dice.components import (
    CRYSTAL_MAJORITY_POINTS,
    LAB_COLUMNS,
    LAB_TILES,
    OCTOPOD_PENALTY,
    OCTOPOD_SYMBOLS_PER_THIRD,
    SUBMARINES,
    SUPER_LAB_H_POINTS,
    SUPER_LAB_V_POINTS,
    SUPER_OCTO_POINTS,
    Layout,
)
from rules.octo_dice.sheet import BONUS_THIRD, LedgerEntry, Sheet

CATEGORY_OF_KIND = {
    "crystal": "crystals",
    "research": "research",
    "lab": "labs",
    "bot": "bots",
    "submarine": "submarines",
    "octopods": "octopod bonus",
    "submarine scoring": "submarine scoring",
    "octopod penalty": "octopod penalty",
    "crystal majority": "crystals",
    "level-2 labs": "labs",
    "super-level": "labs",
}
"""The score breakdown's category of each ledger ``kind`` (the app's sheet model reads it too)."""


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def player_name(player: int) -> str:
    return f"Player {player + 1}"


# ----------------------------------------------------------------------------- intermediate scoring
def submarine_scoring(sheet: Sheet) -> tuple[int, str]:
    """Each crossed submarine scores 1 per crossed bot of its colour (the bots crossed so far)."""
    parts = []
    points = 0
    for i, colour in enumerate(SUBMARINES):
        if sheet.sub_crossed(i):
            bots = sheet.bots_of_colour(colour)
            points += bots
            parts.append(f"{colour} submarine x {plural(bots, colour + ' bot')} = {bots}")
    return points, "; ".join(parts) if parts else "no submarine crossed out"


def octopod_penalty(caught: int) -> tuple[int, str]:
    """-2 unless both octopod symbols of the third were crossed (which crosses the -2 out)."""
    if caught >= OCTOPOD_SYMBOLS_PER_THIRD:
        return 0, f"both octopods caught: the {OCTOPOD_PENALTY} is crossed out"
    return OCTOPOD_PENALTY, f"only {caught} of {OCTOPOD_SYMBOLS_PER_THIRD} octopods caught: {OCTOPOD_PENALTY}"


def intermediate_scoring(sheets: Sequence[Sheet], third: int) -> list[LedgerEntry]:
    """The Intermediate Scoring after ``third`` (0-2): per player, submarines then the penalty."""
    entries = []
    for player, sheet in enumerate(sheets):
        points, reason = submarine_scoring(sheet)
        entries.append(LedgerEntry(
            player, third, "intermediate scoring", "submarines", "submarine scoring", points, reason))
        points, reason = octopod_penalty(sheet.octopods[third])
        entries.append(LedgerEntry(
            player, third, "intermediate scoring", "penalty", "octopod penalty", points, reason))
    return entries


# ----------------------------------------------------------------------------- bonus scoring
def crystal_majority(counts: list[int]) -> list[tuple[int, str]]:
    """Points and reason per player: 4 for most crystals, 2 for second most; tied players share
    the points of the places they occupy, rounded up; no points without a crossed crystal."""
    result: list[tuple[int, str]] = []
    distinct = sorted(set(counts), reverse=True)
    place_of: dict[int, int] = {}
    position = 0
    for value in distinct:
        place_of[value] = position
        position += counts.count(value)
    ordinal = ("most", "second most", "third most", "fourth most")
    for count in counts:
        place = place_of[count]
        tied = counts.count(count)
        pool = sum(CRYSTAL_MAJORITY_POINTS[i] for i in range(place, place + tied) if i < len(CRYSTAL_MAJORITY_POINTS))
        share = ceil(pool / tied)
        where = ordinal[place]  # at most 4 players, so at most the fourth place
        if count == 0:
            result.append((0, "no crystal crossed out: no crystal bonus"))
        elif tied > 1:
            result.append((share, f"{plural(count, 'crystal')}, tied {tied} ways for {where}: "
                                  f"{pool} shared, rounded up to {share} each"))
        else:
            result.append((share, f"{plural(count, 'crystal')}, {where}: {share}"))
    return result


def level2_points(sheet: Sheet, layout: Layout, code: str) -> tuple[int, str]:
    """What the level-2 lab tile ``code`` scores for a sheet whose marker reached it.

    I2 Super-Copy scores as the best other level-2 tile of this game, "again" when the sheet's
    own marker stands on that tile too (rulebook: "you can use it again")."""
    if code != "I2":
        return _own_points(sheet, code)
    best: tuple[int, str] = (0, f"{LAB_TILES[code].name}: nothing to copy")
    for column, other in enumerate(layout[2]):
        # Super-Copy itself and Super-Level score 0 of their own, so copying them never wins
        points, reason = _own_points(sheet, other)
        again = " again" if sheet.lab[column] == 2 else ""
        if points > best[0]:
            best = (points, f"{LAB_TILES[code].name} uses {reason}{again}")
    return best


def _own_points(sheet: Sheet, code: str) -> tuple[int, str]:
    """What a level-2 tile scores by itself (Super-Copy's copy excluded)."""
    name = LAB_TILES[code].name
    if code == "G1":
        k = sum(1 for level in sheet.lab if level == 2)
        return SUPER_LAB_V_POINTS[k], f"{name}: {plural(k, 'completely expanded column')}"
    if code == "G2":
        # row r is completely expanded when every marker has reached level r
        k = min(sheet.lab) + 1
        return SUPER_LAB_H_POINTS[k], f"{name}: {plural(k, 'completely expanded row')}"
    if code == "H1":
        k = sheet.crossed_penalties()
        return SUPER_OCTO_POINTS[k], f"{name}: {plural(k, 'crossed-out octopod penalty')}".replace("penaltys", "penalties")
    if code == "H2":
        k = sheet.submarine_count()
        return k, f"{name}: {plural(k, 'crossed-out submarine')}"
    # I1 Super-Level (and I2 itself, which only copies)
    return 0, f"{name}: no points of its own (it moves a marker before this scoring)"


def bonus_scoring(sheets: Sequence[Sheet], layout: Layout, solo: bool) -> list[LedgerEntry]:
    """The bonus scoring at the game's end: the crystal majority (not solo), then every level-2
    lab tile a marker stands on, column by column."""
    entries = []
    if not solo:
        counts = [s.crystals for s in sheets]
        for player, (points, reason) in enumerate(crystal_majority(counts)):
            entries.append(LedgerEntry(
                player, BONUS_THIRD, "bonus scoring", "crystals", "crystal majority", points, reason))
    for player, sheet in enumerate(sheets):
        for column in range(LAB_COLUMNS):
            if sheet.lab[column] == 2:
                points, reason = level2_points(sheet, layout, layout[2][column])
                entries.append(LedgerEntry(
                    player, BONUS_THIRD, "bonus scoring", "labs", "level-2 labs", points, reason))
    return entries


# ----------------------------------------------------------------------------- the breakdown
def category(entry: LedgerEntry) -> str:
    """The breakdown category of a written box: per third and kind, bonus actions apart."""
    if entry.third == BONUS_THIRD:
        return "bonus: " + CATEGORY_OF_KIND[entry.kind]
    if entry.row == "bonus actions":
        return f"third {entry.third + 1}: bonus actions"
    return f"third {entry.third + 1}: {CATEGORY_OF_KIND[entry.kind]}"


def totals(ledger: Sequence[LedgerEntry], num_players: int) -> list[int]:
    result = [0] * num_players
    for e in ledger:
        result[e.player] += e.points
    return result


def score_breakdown(ledger: Sequence[LedgerEntry], sheets: Sequence[Sheet], over: bool) -> ScoreBreakdown:
    """Every written box as a line; once the game is over, the winners: most points, a tie
    broken by more crossed-out submarines, still tied = shared (play again)."""
    num_players = len(sheets)
    lines = tuple(ScoreLine(e.player, category(e), e.points, e.reason) for e in ledger)
    winners: tuple[int, ...] = ()
    tie_break = ""
    if over:
        scores = totals(ledger, num_players)
        best = max(scores)
        leaders = [p for p, t in enumerate(scores) if t == best]
        if len(leaders) > 1:
            subs = {p: sheets[p].submarine_count() for p in leaders}
            most = max(subs.values())
            winners = tuple(p for p in leaders if subs[p] == most)
            names = ", ".join(f"{player_name(p)} {plural(subs[p], 'submarine')}" for p in leaders)
            tie_break = f"tied on {best} points; more crossed-out submarines wins ({names})"
            if len(winners) > 1:
                tie_break += "; still tied: play again to find the winner"
        else:
            winners = tuple(leaders)
    return ScoreBreakdown(num_players, lines, winners, tie_break)
