"""Endgame scoring, line by line, in the order of the rulebook's complete scoring example.

Every player gets a line for every category (zero lines included) so a score sheet always has
the same rows; each line's reason says in plain words where the points come from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import ScoreBreakdown, ScoreLine
from rules.open_season.bonus import FACES, SCORING
from rules.open_season.cards import ATTRIBUTES, FACE_DOWN, NUM_ATTRIBUTES, PEOPLES
from rules.open_season.layout import SHIELD_SCORINGS

if TYPE_CHECKING:
    from rules.open_season.state import OpenSeasonState

FACE_DOWN_POINTS = -5

# Category names, in the order of the rulebook's scoring example.
NEGATIVE = "negative spaces"
POSITIVE = "positive spaces"
MAJORITY = "majority"
FACE_DOWN_CAT = "face-down"
ATTRIBUTE = "attribute"
SERIES = "attribute series"
SAME_PEOPLE = "same people"
PENALTY = "penalty"
TROPHY_SCORINGS = "trophy scorings"
BONUS = "bonus tiles"


def _no_card(view: "_PlayerView", s: int) -> str:
    return "holds a face-down card (no people)" if view.wall[s] >= FACE_DOWN else "is empty"


def _cards(count: int, people: str) -> str:
    return f"{count} {people} card" + ("" if count == 1 else "s")


class _PlayerView:
    """What scoring needs about one player, with wild tokens already applied."""

    def __init__(self, state: OpenSeasonState, p: int) -> None:
        self.p = p
        self.wall = state.wall[p]
        self.trophies_on = state.wall_trophies[p]
        acc = state.acc[p]
        self.num_cards = sum(acc)
        self.people = [sum(acc[k * NUM_ATTRIBUTES : (k + 1) * NUM_ATTRIBUTES]) for k in range(len(PEOPLES))]
        per_people = [list(acc[k * NUM_ATTRIBUTES : (k + 1) * NUM_ATTRIBUTES]) for k in range(len(PEOPLES))]
        for card, attr in state.acc_wilds[p]:
            per_people[card // NUM_ATTRIBUTES][card % NUM_ATTRIBUTES] -= 1
            per_people[card // NUM_ATTRIBUTES][attr] += 1
        self.per_people_attrs = per_people
        # Revised decision: a trophy on a bottom-row card is one more accolade card of that
        # card's people in EVERY scoring of that people (the -2/-3 spaces included).
        self.trophy_people = [0] * len(PEOPLES)
        for s in state.layout.trophy_card_spaces:
            v = self.wall[s]
            if 0 <= v < FACE_DOWN:
                self.trophy_people[v // NUM_ATTRIBUTES] += self.trophies_on[s]
        self.attrs = [sum(pp[a] for pp in per_people) for a in range(NUM_ATTRIBUTES)]
        wild = state.wall_wild[p]
        self.wall_attrs: list[int | None] = [
            None if not 0 <= v < FACE_DOWN else (wild[s] if wild[s] >= 0 else v % NUM_ATTRIBUTES)
            for s, v in enumerate(self.wall)
        ]
        self.faces = {
            state.bonus_faces[p][col]
            for col in range(len(state.bonus_faces[p]))
            if state.bonus_faces[p][col]
            and FACES[state.bonus_faces[p][col]].kind == SCORING
            and state.column_active(p, col)
        }

    def people_count(self, people: int) -> int:
        """Accolade cards of that people plus the trophies on bottom-row cards of it."""
        return self.people[people] + self.trophy_people[people]

    def counted(self, people: int) -> str:
        """``"3 elf cards + 1 trophy"``: the words for :meth:`people_count`."""
        trophies = self.trophy_people[people]
        extra = f" + {trophies} troph{'y' if trophies == 1 else 'ies'}" if trophies else ""
        return _cards(self.people[people], PEOPLES[people]) + extra

    def people_on(self, s: int) -> int | None:
        v = self.wall[s]
        return v // NUM_ATTRIBUTES if 0 <= v < FACE_DOWN else None

    def least_attribute(self) -> tuple[int, str]:
        low = min(self.attrs)
        return low, ATTRIBUTES[self.attrs.index(low)]


def score(state: OpenSeasonState) -> ScoreBreakdown:
    n = state.game.num_players
    views = [_PlayerView(state, p) for p in range(n)]
    lines: list[ScoreLine] = []
    for p in range(n):
        lines.extend(_player_lines(state, views, p))
    breakdown = ScoreBreakdown(n, tuple(lines))
    if not state.is_terminal():
        return breakdown
    winners, tie_break = _winners(breakdown, views)
    return ScoreBreakdown(n, tuple(lines), winners, tie_break)


def _winners(breakdown: ScoreBreakdown, views: list[_PlayerView]) -> tuple[tuple[int, ...], str]:
    totals = breakdown.totals()
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return tuple(tied), ""
    names = ", ".join(f"player {p + 1}" for p in tied)
    fewest = min(views[p].num_cards for p in tied)
    still = [p for p in tied if views[p].num_cards == fewest]
    if len(still) == 1:
        return tuple(still), (
            f"{names} tie on {best} points; player {still[0] + 1} wins with the fewest accolade "
            f"cards ({fewest})"
        )
    return tuple(still), (
        f"{names} tie on {best} points; "
        + ", ".join(f"player {p + 1}" for p in still)
        + f" also tie on the fewest accolade cards ({fewest}) and share the victory"
    )


def _player_lines(state: OpenSeasonState, views: list[_PlayerView], p: int) -> list[ScoreLine]:
    layout = state.layout
    me = views[p]
    out: list[ScoreLine] = []

    def line(category: str, points: int, reason: str) -> None:
        out.append(ScoreLine(p, category, points, reason))

    negatives = [(s, v) for s, v in layout.people_points.items() if v < 0]
    positives = [(s, v) for s, v in layout.people_points.items() if v > 0]
    for s, per in negatives:
        people = me.people_on(s)
        if people is None:
            line(NEGATIVE, 0, f"space {s + 1} ({per} per card) {_no_card(me, s)}: nothing lost")
            continue
        if 8 in me.faces:
            per = -1
        count = me.people_count(people)
        soft = " (bonus tile: only -1)" if 8 in me.faces else ""
        line(NEGATIVE, count * per, f"space {s + 1}: {me.counted(people)} in your accolades x {per}{soft}")
    for s, per in positives:
        people = me.people_on(s)
        if people is None:
            line(POSITIVE, 0, f"space {s + 1} (+{per} per card) {_no_card(me, s)}: nothing scored")
            continue
        if per == 1 and 7 in me.faces:
            per = 2
        line(POSITIVE, me.people_count(people) * per, f"space {s + 1}: {me.counted(people)} x {per}")
    if layout.majority_space is not None:
        out.append(_majority(state, views, p))
    down = sum(1 for v in me.wall if v >= FACE_DOWN)
    line(FACE_DOWN_CAT, down * FACE_DOWN_POINTS, f"{down} face-down card{'s' if down != 1 else ''} on your wall x {FACE_DOWN_POINTS}")
    s = layout.attribute_space
    attr = me.wall_attrs[s]
    if attr is None:
        line(ATTRIBUTE, 0, f"space {s + 1} holds no face-up card: no attribute scores")
    else:
        count = me.attrs[attr]
        line(ATTRIBUTE, count * layout.attribute_points, f"space {s + 1} shows {ATTRIBUTES[attr]}: {count} accolade card{'s' if count != 1 else ''} with {ATTRIBUTES[attr]} x {layout.attribute_points}")
    if layout.series_points is not None:
        series = min(me.attrs)
        per = layout.series_points[1] if state.series_tile[p] else layout.series_points[0]
        tile = " (Attribute Series tile)" if state.series_tile[p] else ""
        line(SERIES, series * per, f"{series} series of 5 different attributes in your accolades x {per}{tile}")
    if layout.same_people is not None:
        spaces, bonus = layout.same_people
        peoples = [me.people_on(s) for s in spaces]
        names = "-".join(str(s + 1) for s in (spaces[0], spaces[-1]))
        if None not in peoples and len(set(peoples)) == 1:
            line(SAME_PEOPLE, bonus, f"spaces {names} are all {PEOPLES[peoples[0]]} cards face up")  # type: ignore[index]
        else:
            line(SAME_PEOPLE, 0, f"spaces {names} are not three face-up cards of one people")
    if layout.row_bonus is not None:
        if state.penalty[p]:
            low, name = me.least_attribute()
            line(PENALTY, -low, f"penalty tile: your least present attribute ({name}) shows {low} time{'s' if low != 1 else ''} x -1")
        else:
            line(PENALTY, 0, "no penalty tile")
    if layout.shield_trophy is not None:
        out.extend(_shield_scorings(state, me, p))
    if state.expert:
        out.extend(_bonus_lines(state, me, p))
    return out


def _majority(state: OpenSeasonState, views: list[_PlayerView], p: int) -> ScoreLine:
    layout = state.layout
    s = layout.majority_space
    assert s is not None
    me = views[p]
    people = me.people_on(s)
    if people is None:
        return ScoreLine(p, MAJORITY, 0, f"space {s + 1} holds no face-up card: no majority")
    name = PEOPLES[people]
    mine = me.people_count(people)
    parts = me.counted(people)
    bonus = 2 if 12 in me.faces else 0
    if bonus:
        parts += " + 2 (bonus tile)"
    mine += bonus
    others = [
        views[o].people_count(people) for o in range(len(views)) if o != p
    ]
    best_other = max(others) if others else 0
    if mine > best_other:
        return ScoreLine(p, MAJORITY, layout.majority_points, f"space {s + 1}: {parts} = {mine} {name}, the single most (next best {best_other})")
    if mine == best_other:
        return ScoreLine(p, MAJORITY, 0, f"space {s + 1}: {parts} = {mine} {name}, but another player also has {best_other}: nobody scores")
    return ScoreLine(p, MAJORITY, 0, f"space {s + 1}: {parts} = {mine} {name}, another player has {best_other}")


def _shield_scorings(state: OpenSeasonState, me: _PlayerView, p: int) -> list[ScoreLine]:
    points = state.layout.shield_points
    active = state.shield_active[p]
    out: list[ScoreLine] = []
    for i, name in enumerate(SHIELD_SCORINGS):
        if not active >> i & 1:
            out.append(ScoreLine(p, TROPHY_SCORINGS, 0, f"'{name.replace('_', ' ')}' not activated by a trophy"))
            continue
        if name == "eighteen_cards":
            ok = me.num_cards >= 18
            out.append(ScoreLine(p, TROPHY_SCORINGS, points[name] if ok else 0, f"{me.num_cards} accolade cards ({'at least' if ok else 'fewer than'} 18)"))
        elif name == "people_series":
            full = [PEOPLES[k] for k, pp in enumerate(me.per_people_attrs) if min(pp) > 0]
            reason = f"the {full[0]} cards of your accolades show all 5 attributes" if full else "no people shows all 5 attributes in your accolades"
            out.append(ScoreLine(p, TROPHY_SCORINGS, points[name] if full else 0, reason))
        elif name == "wall_identical":
            counts = [sum(1 for a in me.wall_attrs if a == k) for k in range(NUM_ATTRIBUTES)]
            best = max(counts)
            attr = ATTRIBUTES[counts.index(best)]
            ok = best >= 5
            out.append(ScoreLine(p, TROPHY_SCORINGS, points[name] if ok else 0, f"{best} wall cards show {attr} ({'at least' if ok else 'fewer than'} 5 identical)"))
        else:
            best = max(me.attrs)
            attr = ATTRIBUTES[me.attrs.index(best)]
            out.append(ScoreLine(p, TROPHY_SCORINGS, best * points[name], f"{best} accolade cards with {attr} (your best attribute) x {points[name]}"))
    return out


def _bonus_lines(state: OpenSeasonState, me: _PlayerView, p: int) -> list[ScoreLine]:
    out: list[ScoreLine] = []
    layout = state.layout
    for col, number in enumerate(state.bonus_faces[p]):
        if not number or FACES[number].kind != SCORING:
            continue
        face = FACES[number]
        if number not in me.faces:
            out.append(ScoreLine(p, BONUS, 0, f"column {col + 1} face {number} ({face.text}): column not activated"))
            continue
        points = 0
        detail = "applied above"
        if number == 12 and layout.majority_space is None:
            detail = "this side has no majority space: no effect"
        multi = [c for c in layout.columns if len(c) >= 2]
        if number == 9:
            cols = [c for c in multi if None not in (a := [me.wall_attrs[s] for s in c]) and len(set(a)) == len(a)]
            points = 5 * len(cols)
            detail = f"{len(cols)} column(s) with all different attributes x 5"
        elif number == 11:
            cols = [c for c in multi if None not in (a := [me.wall_attrs[s] for s in c]) and len(set(a)) == 1]
            points = 3 * len(cols)
            detail = f"{len(cols)} column(s) with identical attributes x 3"
        elif number == 10:
            low, name = me.least_attribute()
            points = 8 - low
            detail = f"8 - {low} (least present attribute: {name})"
        elif number == 13:
            shown = [me.people_on(s) for s in range(layout.num_spaces)]
            worst = max((shown.count(k) for k in range(len(PEOPLES))), default=0)
            points = 12 if worst <= 2 else 0
            detail = "no people more than twice on the wall" if points else f"a people shows {worst} times on the wall"
        out.append(ScoreLine(p, BONUS, points, f"column {col + 1} face {number} ({face.text}): {detail}"))
    return out
