"""One path from a position to what the camera sees: engine state -> table description (what
lies where, as :mod:`vision.render.open_season_scene` draws it) -> observation. The twin films
the same descriptions, and the ground-truth recogniser reads a rendered frame's labels back into
a description, so the tracker's expected view and the twin's frames can never drift apart."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.core import UNKNOWN
from rules.open_season.cards import CARD_NAMES, EMPTY, FACE_DOWN
from rules.open_season.layout import SHIELD_SCORINGS
from rules.open_season.state import OpenSeasonState
from vision.open_season.observation import OpenSeasonObservation, PlayerReading
from vision.render.open_season_scene import Card, OpenSeasonTable, PlayerTable


def _card(identity: int) -> Card:
    people, attribute = CARD_NAMES[identity].split("-")
    return (people, attribute)


def _name(card: Card) -> str:
    return f"{card[0]}-{card[1]}"


def table_from_state(state: OpenSeasonState) -> OpenSeasonTable:
    """What lies on the table in ``state``: the cards in a player's hand, drawn or peeked cards
    and the deck's order are not on it."""
    # a card on its way to the stock (a stolen card while the victim picks a compensation) is
    # put on the stock at once at the table
    arriving = [task[1] for task in reversed(state.tasks) if task[0] == "to_stock"]
    players = []
    for p in range(state.game.num_players):
        wall: dict[int, Card | None] = {}
        for s, v in enumerate(state.wall[p]):
            if v != EMPTY:
                wall[s + 1] = None if v >= FACE_DOWN else _card(v)
        bonus = {
            col + 1: (face, state.bonus_state[p][col] == 2)
            for col, face in enumerate(state.bonus_faces[p])
            if face and state.bonus_state[p][col] != 1  # a fired one-shot face is discarded
        }
        players.append(PlayerTable(
            wall=wall,
            stock=[_card(c) for c in state.stock[p]] + ([_card(c) for c in arriving] if p == state.turn_player else []),
            accolades=sum(state.acc[p]),
            trophies=state.trophies[p],
            wilds=state.wilds[p],
            penalties=1 if state.penalty[p] else 0,
            series=state.series_tile[p],
            wall_trophies={s + 1: c for s, c in enumerate(state.wall_trophies[p]) if c},
            wall_wilds=[s + 1 for s, a in enumerate(state.wall_wild[p]) if a >= 0],
            kept=_card(state.kept[p]) if state.kept[p] >= 0 else None,
            accolade_wilds=len(state.acc_wilds[p]),
            scorings=[name for i, name in enumerate(SHIELD_SCORINGS) if state.shield_active[p] >> i & 1],
            bonus=bonus,
        ))
    return OpenSeasonTable(
        side=state.layout.side,
        inn=[_card(c) for c in state.inn if c is not UNKNOWN],  # drawn behind the deck: see below
        deck=state.deck_size,
        players=players,
        discards=[_card(c) for c in state.discards if c is not UNKNOWN],
    )


def observation_from_table(table: OpenSeasonTable, occluded: bool = False) -> OpenSeasonObservation:
    """What a perfect camera reads from a table description."""
    players = {}
    for seat, pl in enumerate(table.players):
        players[seat] = PlayerReading(
            wall={s: (None if c is None else _name(c)) for s, c in sorted(pl.wall.items())},
            wall_trophies={s: c for s, c in sorted(pl.wall_trophies.items()) if c},
            wall_wilds=frozenset(pl.wall_wilds),
            stock=tuple(_name(c) for c in pl.stock),
            accolades=pl.accolades,
            accolade_wilds=pl.accolade_wilds,
            kept=_name(pl.kept) if pl.kept is not None else None,
            trophies=pl.trophies,
            wilds=pl.wilds,
            penalty=pl.penalties > 0,
            series=pl.series,
            scorings=frozenset(pl.scorings),
            bonus=dict(sorted(pl.bonus.items())),
        )
    return OpenSeasonObservation(
        inn=tuple(sorted(_name(c) for c in table.inn)),
        players=players,
        discards=tuple(sorted(_name(c) for c in table.discards)),
        occluded=occluded,
    )


def observation_from_state(state: OpenSeasonState) -> OpenSeasonObservation:
    """What a perfect camera reads in ``state``; a tracker's inn card drawn where the camera could
    not see it (UNKNOWN, ``Draw(UNSEEN_CARD)``) is an inn slot it cannot read (``inn_hidden``)."""
    view = observation_from_table(table_from_state(state))
    view.inn_hidden = sum(1 for c in state.inn if c is UNKNOWN)
    return view


def observation_from_state_direct(state: OpenSeasonState) -> OpenSeasonObservation:
    """:func:`observation_from_state` without the table description between: the same reading,
    field by field and in the same order (a card's name is ``CARD_NAMES[identity]``, which the
    description's ``(people, attribute)`` pair is split from and joined back into), built in a
    fraction of the time. The tracker's search asks for a position's expected view once per move
    it tries (174,711 views in the stepping-stones test's Open Season game, a quarter of its CPU);
    ``OpenSeasonAdapter.expected_view_direct`` chooses it, and
    tests/tracker/test_open_season_expected_direct.py holds it equal to the description's path on
    every position the tracker's searches visit."""
    names = CARD_NAMES
    arriving = tuple(names[task[1]] for task in reversed(state.tasks) if task[0] == "to_stock")
    players = {}
    for p in range(state.game.num_players):
        bonus_state = state.bonus_state[p]
        kept = state.kept[p]
        players[p] = PlayerReading(
            wall={s + 1: (None if v >= FACE_DOWN else names[v]) for s, v in enumerate(state.wall[p]) if v != EMPTY},
            wall_trophies={s + 1: c for s, c in enumerate(state.wall_trophies[p]) if c},
            wall_wilds=frozenset(s + 1 for s, a in enumerate(state.wall_wild[p]) if a >= 0),
            stock=tuple(names[c] for c in state.stock[p]) + (arriving if p == state.turn_player else ()),
            accolades=sum(state.acc[p]),
            accolade_wilds=len(state.acc_wilds[p]),
            kept=names[kept] if kept >= 0 else None,
            trophies=state.trophies[p],
            wilds=state.wilds[p],
            penalty=bool(state.penalty[p]),
            series=state.series_tile[p],
            scorings=frozenset(name for i, name in enumerate(SHIELD_SCORINGS) if state.shield_active[p] >> i & 1),
            bonus={col + 1: (face, bonus_state[col] == 2) for col, face in enumerate(state.bonus_faces[p])
                   if face and bonus_state[col] != 1},
        )
    view = OpenSeasonObservation(
        inn=tuple(sorted(names[c] for c in state.inn if c is not UNKNOWN)),
        players=players,
        discards=tuple(sorted(names[c] for c in state.discards if c is not UNKNOWN)),
        occluded=False,
    )
    view.inn_hidden = sum(1 for c in state.inn if c is UNKNOWN)
    return view


def table_from_components(components: Iterable[Mapping[str, Any]], side: str, num_players: int) -> OpenSeasonTable:
    """A rendered frame's labels (``ground_truth["components"]``) read back into a description
    (every labelled component, whether or not a hand hides it)."""
    players = [PlayerTable() for _ in range(num_players)]
    table = OpenSeasonTable(side=side, deck=0, players=players)
    stocks: dict[int, list[tuple[int, Card]]] = {s: [] for s in range(num_players)}
    discards: list[tuple[int, Card]] = []
    for comp in components:
        uid = str(comp["uid"])
        st = comp.get("state", {})
        where = st.get("where")
        card: Card | None = (str(st["people"]), str(st["attribute"])) if st.get("face_up") and "people" in st else None
        seat = int(st["seat"]) if "seat" in st else -1
        if where == "inn" and card is not None:
            table.inn.append(card)
        elif where == "deck":
            table.deck = int(st.get("stack_height", 0))
        elif where == "discards" and card is not None:
            discards.append((int(st["position"]), card))
        elif uid.startswith("wall trophy "):
            pl = players[seat]
            pl.wall_trophies[int(st["space"])] = pl.wall_trophies.get(int(st["space"]), 0) + 1
        elif uid.startswith("wall wild "):
            players[seat].wall_wilds.append(int(st["space"]))
        elif uid.startswith("scoring trophy "):
            players[seat].scorings.append(str(st["scoring"]))
        elif where == "wall":
            players[seat].wall[int(st["space"])] = card
        elif where == "stock" and card is not None:
            stocks[seat].append((int(st["position"]), card))
        elif where == "accolades" and uid.startswith("accolade wild "):
            players[seat].accolade_wilds += 1
        elif where == "accolades":
            players[seat].accolades += 1
        elif where == "kept":
            players[seat].kept = card
        elif where == "bonus":
            players[seat].bonus[int(st["column"])] = (int(st["face"]), bool(st["active"]))
        elif where == "personal area":
            kind = str(comp.get("identity", ""))
            pl = players[seat]
            if kind == "trophy":
                pl.trophies += 1
            elif kind == "wild":
                pl.wilds += 1
            elif kind == "penalty":
                pl.penalties += 1
            elif kind == "series":
                pl.series = True
    for seat, cards in stocks.items():
        players[seat].stock = [c for _, c in sorted(cards)]
    table.discards = [c for _, c in sorted(discards)]
    return table
