"""The Open Season half of move inference: what the camera should see, how a reading differs
from it, which chains of legal moves could explain a still scene, and what to say when none does.

What an overhead camera can know (see :mod:`vision.open_season.observation`): the inn, every
wall card (face up or down) with the tokens on it, each stock (fanned face up), how many
accolades, the kept card, the personal tokens, the Shield scorings and the expert tiles. It cannot
see the hand, the peeked cards or the deck: a peek's kept card is named when it shows in the
stock; the card put back stays unknown on the deck until someone draws it into the inn. Moves
that change nothing visible (no trophy this turn, the victim of a steal declining, keeping the
wild token) are confirmed with the next visible move, as the start of its chain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from rules.core import UNKNOWN, Move, RulesError
from rules.open_season.cards import ATTRIBUTES, CARD_IDS, CARD_NAMES, EMPTY, FACE_DOWN, INN_SIZE, PEOPLES
from rules.open_season.moves import (
    UNSEEN_CARD,
    ActivateBonus,
    ActivateScoring,
    ChooseBonusFace,
    Compensate,
    Draw,
    GiveCard,
    KeepDrawn,
    KeepInnCard,
    KeepPeeked,
    KeepWild,
    MoveTrophy,
    PickDiscard,
    PlaceTrophy,
    PlaceWild,
    RandomAccolade,
    SearchDeck,
    SkipTrophy,
    TakeFromInn,
    TakeInnCard,
    WildOnAccolade,
)
from rules.open_season.state import TASK_WORDS, OpenSeasonState
from tracker.adapter import ChainSearch, Difference, GameAdapter
from tracker.inference import scratch_copy, total_weight
from tracker.open_season.view import observation_from_state, observation_from_state_direct
from vision.open_season.observation import OpenSeasonObservation, PlayerReading

_NAMED_CARD_MOVES = (Draw, RandomAccolade, KeepPeeked, KeepDrawn, GiveCard, SearchDeck, PickDiscard)
"""Moves naming a card the camera has to see appear (the others range over what is visible)."""


UNSURE_ACCOLADES_WEIGHT = 0.05
"""Weight of an accolade count the camera is unsure of (``PlayerReading.accolades_confidence`` < 1):
late in a 4-player game every fan may be unsure at once, and four such differences must stay
well under the tracker's tolerance (0.6) for one doubtful card."""


BONUS_FACE_MISREAD_WEIGHT = 0.05
"""Weight of a chosen bonus tile read with another face number (lit or not as expected). Faces
are chosen once, at the set-up, and never change after, so it is a misread that no move explains
(the token reader confuses faces such as 5 and 8 on some frames: seed 97001 went out of step on
one such frame; on seed 97213 it read three of player 3's four faces wrong in every still of the
game, 9, 12, 1 as 8, 10, 5, the seat dark and far: at 0.5 each no scene after the set-up was
explained). A set-up choice is tried only as the camera reads it (``face_seen``), so no
margin is needed against the other faces there; every face is tried (and the players asked)
where the read face is no choice left, the seat is too dark to trust
(``PlayerReading.bonus_confidence`` < 1) or the reader doubts that column's face
(``PlayerReading.bonus_unsure``: seed 97621's faces 3 and 5, read 8 and 6 with a doubt, were
confirmed as read and the game lost from the set-up). A face misread on a column the reader
doubts weighs nothing: it tells nothing (97621 asked right at the set-up, then its three tiny
tiles misread in every still, 0.15, with a card read behind the deck, 0.5, passed the tolerance
0.6 at every take: 58 false alarms)."""


BONUS_ACTIVE_UNSURE_WEIGHT = 0.05
"""Weight of a chosen bonus tile read activated where the game has it not activated, or the other
way, where the token reader doubts that column's activation (``PlayerReading.bonus_active_unsure``:
its gold rim's ratio near the line). Activation follows from the wall (a column completed, by a
card or a wild token): no move turns it back, and the wall shows the move that turns it on, so a
doubted rim tells the tracker next to nothing. Demo 102970 (tilt 34, lamp, built-in art and taught
printing 997161 alike): player 3's face 14 on column 4, activated by a wild token (tattoo) at move
55, read not activated in most stills after with that doubt; at full weight (1.0, past the
tolerance 0.6 alone) it made 15 false alarms, and the wild token's question offered every attribute
but the true one (tattoo activated the column). Under the margin (0.5), so that a chain which
activates a tile and one which does not, alike otherwise, make a question rather than one winning
by the rim."""


PERSONAL_UNSURE_WEIGHT = 0.2
"""Weight of a supply trophy or wild count, or a penalty or series tile, that differs where the
token reader doubts the seat's personal row (``PlayerReading.personal_unsure``: another reading
fits nearly as well, or something lies over the row). Seed 97643: a stock's fifth card lay over
player 1's one supply trophy from a steal on; read 0 (doubted by the reader), it weighed as a sure
misread (1), past the tolerance (0.6), and "a card went from player 2's stock to player 1's
without a steal" was raised. The moves that spend or gain personal tokens show elsewhere too (a
scoring's trophy, a wall card's wild, a penalty for a face-down card). The same weight for a wild
token on a wall space the reader doubts (``PlayerReading.wall_wilds_unsure``; seed 97702: 7 false
alarms, each a doubted wild on player 1's space 10 beside another small misread); no illegal
change the tracker flags is about a wild token. And for a Shield scoring's trophy the reader
doubts (``PlayerReading.scorings_unsure``; seeds 102003-102005: empty scoring places fit at
0.39-0.44 against the reader's line of 0.42, named in 11 of their 20 false alarms)."""


HIDDEN_SURPLUS_WEIGHT = 0.5
"""Weight of an inn slot read hidden (behind the deck) beyond the cards the game has put in the
inn, while the game waits for a refill: enough that a refill into that slot (a card drawn unseen,
``Draw(UNSEEN_CARD)``) wins by the margin over "not refilled yet" (seed 97201), little enough that no alarm
follows where the refill put nothing there (an empty slot read hidden)."""


HIDDEN_EMPTIED_WEIGHT = 0.25
"""The same where the inn's latest change took one of its cards (a take, a keep, a steal's
compensation from the inn, a Shield "take an inn card"), unless the due refill would fill every
slot read (see ``_hidden_surplus_weight``): the slot that card left behind the deck may read
hidden just as a card there does. A compensation from that slot and the blind deck card of the
same name (the inn keeping its card behind the deck, no weight) then explain the scene within the
margin of each other, and the players are asked (seeds 97404, 97418; and 97621, where the refill
was due at once after the compensation and the weight was still 0.5: the deck card won unasked,
the inn kept a card it no longer had and the game was lost, 95/182 moves). A take of two whose
second card lay behind the deck (97621: 0.5 plus a wall card read unsurely, 0.21, passed the
tolerance: an alarm at three takes) is followed. Lowering it after any take was tried before
(2026-11-27, 97401 gained a false alarm: chains that ran past a due refill into the next
player's take paid less than the true one); those chains drew a card shown outside the inn again
and again and took it unseen, which the candidate search no longer offers."""

NAMED_WALL_CONFIDENCE = 0.3
"""A wall card read less surely than this is never named as the move of an alert ("a card was put
on ... space 10, which already holds a card"): a card under a trophy token reads 0.01-0.1 and its
attribute at random (102618, tilt 26, lamp: player 1's mage-dagger under a trophy read four ways
from scene 94 on). Its difference weighs 0.1; when the scene is unexplained for another reason (the
inn lacking a card, a stock misread) the alert names the heaviest differences instead."""


STRIP_ATTRIBUTE_WEIGHT = 0.0
"""Weight of a card read at confidence 0 that names the expected card's people with another
attribute (:func:`_people_only`), where an unsure card otherwise weighs its floor of 0.1. Taught
game 102990 (printing 997182; session 30, os-derail): player 1's barbarian-tattoo and
gnome-earrings lay under trophy tokens from changes 24 and 35 on and read barbarian-crown and
gnome-dagger, a lower stock card at times barbarian-crown for barbarian-tattoo: 0.1 each on every
chain, 0.2-0.4 of the tolerance (0.6) spent before the scene's own doubts (a slot behind the deck,
0.25-0.5). Replayed from the game's recorded scenes with the search fix of
:func:`_strips_as_expected`: 10 alerts at 0.1, 9 at 0."""


STAND_IN_WEIGHT = 0.4
"""Most a widened reading weighs where the card expected there is one it may stand for
(``OpenSeasonObservation.stands_for``, set only after the players rejected the options built on
the reading as the camera saw it): a doubtful reading (a card read at under 0.4 confidence), as
sure misreads go, and under the margin (0.5), so that one stand-in is still asked about beside the
options the reading as read explains. Two sure stand-ins in one scene (0.8) pass the tolerance."""


def _people_only(read: object, want: object, confidence: float) -> bool:
    """A card read not sure at all of its face (confidence 0: a taught printing's card read by a
    top strip that shows its people but not its attribute, a fan's lower card or a wall card under
    trophy tokens, ``vision/open_season/cards.py`` ``TAUGHT_FAN_STRIP_CONFIDENCE`` and
    ``TAUGHT_WALL_STRIP_CONFIDENCE``) naming the expected card's people with another attribute:
    the strip agrees with the card the tracker knows from its move, and the difference weighs
    nothing (``STRIP_ATTRIBUTE_WEIGHT``)."""
    if confidence > 0.0 or not isinstance(read, str) or not isinstance(want, str) or read == want:
        return False
    people, _, attribute = read.partition("-")
    wanted, _, other = want.partition("-")
    return people == wanted and people in PEOPLES and attribute in ATTRIBUTES and other in ATTRIBUTES


def near_neighbours(card: str) -> frozenset[str]:
    """The cards a reader takes ``card`` for when it misreads it: the other attributes of its
    people (a fan's lower card shows only a strip, where two attributes look alike: taught seed
    102967, mage-eyepatch read mage-dagger) and its attribute on the other peoples."""
    people, _, attribute = card.partition("-")
    if people not in PEOPLES or attribute not in ATTRIBUTES:
        return frozenset()
    return frozenset({f"{people}-{a}" for a in ATTRIBUTES} | {f"{p}-{attribute}" for p in PEOPLES}) - {card}


def _stand_ins(extra: list[str], missing: list[str], stands_for: dict[tuple[str, str], frozenset[str]],
               place: str) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """(read, expected) pairs where a card read at ``place`` beyond ``missing`` may stand for a
    missing one (a widened reading), and the extra and missing cards left unpaired."""
    if not stands_for:
        return [], extra, missing
    pairs: list[tuple[str, str]] = []
    left = list(missing)
    unpaired: list[str] = []
    for card in extra:
        match = next((m for m in left if m in stands_for.get((place, card), ())), None)
        if match is None:
            unpaired.append(card)
        else:
            pairs.append((card, match))
            left.remove(match)
    return pairs, unpaired, left


def _inn_card_taken_last(state: OpenSeasonState) -> bool:
    """Whether the inn's latest change (since its last refill draw) took one of its cards."""
    for move in reversed(state.history):
        if isinstance(move, Compensate):
            if move.source == "inn":
                return True
        elif isinstance(move, TakeInnCard | TakeFromInn | KeepInnCard):
            return True
        elif isinstance(move, Draw):
            return False
    return False


def _hidden_surplus_weight(expected: OpenSeasonObservation, observed: OpenSeasonObservation) -> float:
    """How much an inn slot read hidden beyond the inn's cards weighs (``HIDDEN_EMPTIED_WEIGHT``
    or ``HIDDEN_SURPLUS_WEIGHT``): the higher weight only where the due refill would fill every
    slot the camera reads, the hidden ones included (a refill whose only card went behind the
    deck must win by the margin over "not refilled yet", seed 97201), or no card was taken since
    the last refill draw."""
    fills_all = expected.refill_due and len(observed.inn) + observed.inn_hidden >= INN_SIZE
    return HIDDEN_EMPTIED_WEIGHT if expected.inn_card_taken and not fills_all else HIDDEN_SURPLUS_WEIGHT


def _taken_from_inn(chain: Iterable[Move]) -> Counter[str]:
    """The cards ``chain`` takes out of the inn (a take, a keep, a Shield take, a compensation)."""
    taken: Counter[str] = Counter()
    for move in chain:
        if isinstance(move, TakeFromInn):
            taken.update(move.cards)
        elif isinstance(move, TakeInnCard | KeepInnCard):
            taken[move.card] += 1
        elif isinstance(move, Compensate) and move.source == "inn" and move.card is not None:
            taken[move.card] += 1
    return taken


def inn_doubt(after: OpenSeasonObservation, observed: OpenSeasonObservation, previous: OpenSeasonObservation | None,
              taken: Counter[str]) -> str:
    """Why a chain that takes ``taken`` from the inn (its view ``after``) cannot be confirmed from
    ``observed`` alone: a card the camera saw in the inn at the last explained scene (``previous``)
    now shows nowhere there, and a slot behind the deck may hide it. Either the chain keeps it in
    the inn, unseen (seed 102101, tilt 30: three elf-tattoo went, "takes two" left the third
    behind the deck, where an empty slot always read hidden: three cards taken, unflagged), or
    the chain says it was taken while a slot the camera read in the open before now reads hidden
    beyond the chain's inn (seed 102114: barbarian-tattoo laid on a wall card of the same name
    and elf-tattoo's slot read hidden: "takes both" was confirmed at 0.25, unflagged). Only the
    players can tell; the camera shows the same in both cases."""
    kept_unseen, taken_unseen = inn_doubt_cards(after, observed, previous, taken)
    if kept_unseen:
        card = sorted(kept_unseen)[0]
        return f"{card} showed in the inn and now shows nowhere: taken too, or behind the deck?"
    if taken_unseen:
        card = sorted(taken_unseen)[0]
        return f"{card} may lie behind the deck, not taken"
    return ""


def inn_doubt_cards(after: OpenSeasonObservation, observed: OpenSeasonObservation,
                    previous: OpenSeasonObservation | None,
                    taken: Counter[str]) -> tuple[Counter[str], Counter[str]]:
    """The cards :func:`inn_doubt` doubts: (kept unseen, taken unseen) -- those the chain keeps in
    the inn behind the deck although they left the open inn (seed 102101), and, where there are
    none, those it says were taken while a slot newly reads hidden (seed 102114). Both empty: no
    doubt."""
    none: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    if previous is None or not observed.inn_hidden or not taken:
        return none
    gone = Counter(previous.inn) - Counter(observed.inn)  # seen in the inn then, not now
    kept_unseen = (gone - taken) & (Counter(after.inn) - Counter(observed.inn))
    if kept_unseen:
        return kept_unseen, Counter()
    new_hidden = observed.inn_hidden > previous.inn_hidden
    surplus = len(observed.inn) + observed.inn_hidden > len(after.inn) + after.inn_hidden
    taken_seen = gone & taken
    if new_hidden and surplus and taken_seen:
        return Counter(), taken_seen
    return none


def _names_unseen_inn_card(state: OpenSeasonState, move: Move) -> str | None:
    """The card ``move`` names for an inn card drawn behind the deck (``UNKNOWN``): one it takes
    from the inn beyond the inn's known cards; None when it names none."""
    if UNKNOWN not in state.inn:
        return None
    taken = _taken_from_inn((move,))
    if not taken:
        return None
    taken.pop(UNSEEN_CARD, None)  # taken unnamed (:meth:`OpenSeasonState._unseen_takes`)
    beyond = taken - Counter(CARD_NAMES[c] for c in state.inn if c is not UNKNOWN)
    return min(beyond) if beyond else None


def _renamed(move: Move, old: str, new: str) -> Move:
    """``move`` with the card ``old`` it names (a take's, a placement's) named ``new`` (a take's
    cards in the order of their ids, as the rules list takes)."""
    card = getattr(move, "card", None)
    if card == old:
        return replace(move, card=new)  # type: ignore[type-var]
    cards = getattr(move, "cards", None)
    if isinstance(cards, tuple) and old in cards:
        renamed = sorted((new if c == old else c for c in cards), key=lambda c: CARD_IDS.get(c, len(CARD_IDS)))
        return replace(move, cards=tuple(renamed))  # type: ignore[type-var]
    return move


def player_name(seat: int) -> str:
    return f"player {seat + 1}" if seat >= 0 else "the players"


def _card_words(card: str | None) -> str:
    return "a face-down card" if card is None else card


def _compared_fields(reading: PlayerReading) -> tuple[Any, ...]:
    """The fields of an expected seat reading that ``OpenSeasonAdapter._player_differences`` reads,
    hashable (dicts as their items in order: two equal dicts filled in another order only miss)."""
    return (tuple(reading.wall.items()), tuple(reading.wall_trophies.items()), reading.wall_wilds, reading.stock,
            reading.accolades, reading.accolade_wilds, reading.kept, reading.trophies, reading.wilds,
            reading.penalty, reading.series, reading.scorings, tuple(reading.bonus.items()))


def _multiset(seen: Iterable[str], want: Iterable[str]) -> tuple[list[str], list[str]]:
    """(extra, missing): what ``seen`` holds beyond ``want``, and what it lacks."""
    a, b = Counter(seen), Counter(want)
    return sorted((a - b).elements()), sorted((b - a).elements())


def _extra_weights(got: tuple[str, ...], want: tuple[str, ...], sure: tuple[float, ...],
                   extra: list[str]) -> list[tuple[float, str]]:
    """(weight, card) for each card of a stock read beyond the expected one (``extra``), sorted:
    each copy weighs the confidence of the position it was read at (at least 0.1). Of a name's
    positions, those where the expected stock holds that name are its expected copies, then the
    surest of the rest: the extra copies are the least sure positions left.
    Before, every copy weighed the least sure position of its name: a card given onto player 2's
    stock, read surely on top, weighed 0.1 because the stock's bottom card (mage-eyepatch, read
    unsurely by its strip) was read as the same card, and the scene was taken as unchanged (game
    103023, printing 997223; the give was never followed and the game's last moves were lost)."""
    out: list[tuple[float, str]] = []
    for card in sorted(set(extra)):
        positions = [i for i, name in enumerate(got) if name == card]
        conf = {i: max(0.1, min(1.0, sure[i] if i < len(sure) else 1.0)) for i in positions}
        expected = sum(1 for name in want if name == card)
        matched = [i for i in positions if i < len(want) and want[i] == card][:expected]
        rest = sorted((i for i in positions if i not in matched), key=lambda i: -conf[i])
        matched += rest[:expected - len(matched)]
        left = sorted((i for i in positions if i not in matched), key=lambda i: conf[i])
        out.extend((conf[i], card) for i in left[:extra.count(card)])
    return sorted(out)


def _places(obs: OpenSeasonObservation) -> dict[Any, Counter[str]]:
    """The face-up cards of each place on the table."""
    # keyed by position, not by name: the inn, the discards, then each seat's wall, stock, kept card
    places: dict[Any, Counter[str]] = dict(enumerate((Counter(obs.inn), Counter(obs.discards))))
    for seat, pl in obs.players.items():
        faces = (Counter(c for c in pl.wall.values() if c is not None), Counter(pl.stock),
                 Counter([pl.kept] if pl.kept is not None else []))
        places.update(((seat, k), cards) for k, cards in enumerate(faces))
    return places


def _outside_inn(obs: OpenSeasonObservation, seat: int | None = None) -> Counter[str]:
    """The face-up cards the camera reads out of the inn and the discards: every wall, stock and
    kept card of every seat (or of ``seat`` only)."""
    shown: Counter[str] = Counter()
    for place, cards in _places(obs).items():
        if isinstance(place, tuple) and (seat is None or place[0] == seat):
            shown += cards
    return shown


def _unsure_seats(observed: OpenSeasonObservation) -> frozenset[int]:
    """Seats whose accolade count the camera reads unsurely."""
    return frozenset(seat for seat, pl in observed.players.items() if pl.accolades_confidence < 1.0)


def _same_but_unsure_accolades(a: OpenSeasonObservation, b: OpenSeasonObservation, unsure: frozenset[int]) -> bool:
    """Whether ``a`` and ``b`` differ only in the accolade counts of the ``unsure`` seats."""
    if not unsure or a.inn != b.inn or a.inn_hidden != b.inn_hidden or a.discards != b.discards:
        return False
    if a.players.keys() != b.players.keys():
        return False
    for seat, pa in a.players.items():
        pb = b.players[seat]
        if pa == pb:
            continue
        if seat not in unsure or replace(pa, accolades=pb.accolades) != pb:
            return False
    return True


PEEK_END_MOVES = 2
"""A kept peeked card goes unseen to the accolades when the game ends within this many more token
moves of the same turn (the Shield side's end-of-turn trophy on an endgame scoring comes after the
keep: seed 102633, the game's last keep, then 'eighteen cards' activated, was never followed)."""

_TOKEN_MOVES = (PlaceTrophy, SkipTrophy, ActivateScoring, MoveTrophy, PlaceWild, KeepWild, WildOnAccolade,
                ActivateBonus)
"""Moves that put a trophy, wild token or bonus tile: no card leaves a stock or the deck."""


def _ends_within(state: OpenSeasonState, moves: int) -> bool:
    """Whether ``state`` is over, or some chain of at most ``moves`` token moves ends it (a card
    atop a stock then stays there until the stocks go to the accolades)."""
    if state.is_terminal():
        return True
    if moves <= 0 or state.is_chance_node():
        return False
    for move in list(state.legal_moves()):
        if not isinstance(move, _TOKEN_MOVES):
            continue
        try:
            state.push_unchecked(move)
        except RulesError:
            continue
        over = _ends_within(state, moves - 1)
        state.pop()
        if over:
            return True
    return False


def _strips_as_expected(here: OpenSeasonObservation, observed: OpenSeasonObservation) -> OpenSeasonObservation:
    """``observed`` with each card that a strip showing only its people read as another attribute
    of the card ``here`` has there (:func:`_people_only`: a wall card under trophy tokens, a fan's
    lower card) put back to that card: no card that newly shows. Taught game 102990 (printing
    997182; session 30, os-derail): player 1's barbarian-tattoo and gnome-earrings under trophies
    read barbarian-crown and gnome-dagger, which the candidate search took for cards newly shown
    outside the inn, drawn into the inn and taken within the scene: its work bound (``max_tries``)
    was spent on them before the true refill, take and placement (barbarian-earrings on player 2's
    space 7) was reached, and only blind cards were offered for it; the players rejected them, a
    chain naming elf-crown there was later confirmed, and the game was lost (110/126 moves)."""
    players = dict(observed.players)
    for seat, got in observed.players.items():
        want = here.players.get(seat)
        if want is None:
            continue
        wall = {s: (want.wall[s] if s in want.wall and _people_only(card, want.wall[s], got.confidence.get(s, 1.0))
                    else card) for s, card in got.wall.items()}
        stock = got.stock
        if len(stock) >= len(want.stock):
            # the same fan, or cards laid atop it (every move that adds to a stock adds atop): its
            # lower cards lie where they lay (taught game 103055: player 2's mage-tattoo, read whole
            # while it topped the stock, read mage-earrings by its strip once two kept cards lay on
            # it, and every option of the keep's question named a kept mage-earrings)
            sure = got.stock_confidence
            stock = tuple(want.stock[i] if i < len(want.stock) and _people_only(
                g, want.stock[i], sure[i] if i < len(sure) else 1.0) else g for i, g in enumerate(got.stock))
        if wall != got.wall or stock != got.stock:
            players[seat] = replace(got, wall=wall, stock=stock)
    return replace(observed, players=players) if players != observed.players else observed


def _appeared(here: OpenSeasonObservation, observed: OpenSeasonObservation) -> Counter[str]:
    """Cards that show somewhere they did not show before (a card moving from one stock to
    another counts: a steal, a gift)."""
    before = _places(here)
    found: Counter[str] = Counter()
    for place, cards in _places(observed).items():
        found.update(cards - before.get(place, Counter()))
    return found


def _strip_named(here: OpenSeasonObservation, observed: OpenSeasonObservation) -> Counter[str]:
    """The cards a fan's lower card that newly shows may be where the camera read it not sure at all
    (confidence 0: a taught printing's strip, which shows its people but not its attribute,
    ``vision/open_season/cards.py`` ``TAUGHT_FAN_STRIP_CONFIDENCE``): every attribute of the people
    read. A move naming a card the deck hid (a draw, a keep) may name any of them, as the
    differences weigh each alike (:func:`_people_only`). Taught game 103055 (printing 998140):
    player 2 kept elf-crown and dwarf-crown by expert face 2; the elf-crown's strip read
    elf-earrings, every option of the first question kept an earrings card, and the players had to
    answer "none of these" before the widened question offered the keep."""
    found: Counter[str] = Counter()
    for seat, got in observed.players.items():
        want = here.players.get(seat)
        before = want.stock if want is not None else ()
        new = Counter(got.stock) - Counter(before)
        sure = got.stock_confidence
        # only a stock that grew, and above its old height: every move that names a card the deck
        # hid lays it atop a stock, and the cards below lay there before (103054, printing 997975:
        # a gnome-eyepatch under two kept cards read dwarf-eyepatch by its strip, and another
        # seat's unchanged mage-dagger read dwarf-eyepatch too)
        for i, card in enumerate(got.stock[:-1]):  # the top card shows whole
            if i < len(before):
                continue
            people, _, attribute = card.partition("-")
            if (sure[i] if i < len(sure) else 1.0) > 0.0 or new[card] <= 0 or people not in PEOPLES \
                    or attribute not in ATTRIBUTES:
                continue
            new[card] -= 1
            found.update(f"{people}-{a}" for a in ATTRIBUTES)
    return found


def _appeared_outside_inn(here: OpenSeasonObservation, observed: OpenSeasonObservation,
                          observed_places: dict[Any, Counter[str]] | None = None) -> Counter[str]:
    """Cards that show somewhere outside the inn where they did not show before. A copy of the
    same card that lay in the inn all along is no reason to think it was not drawn and taken
    within the scene (seed 102601, scene 128: the refill drew a second sorcerer-tattoo and
    player 3 took it at once; the first copy in the inn cancelled the one in player 3's stock,
    the draw was never tried and the tracker was lost: 160/182 moves). ``observed_places``:
    ``_places(observed)`` made once by the caller (only read here)."""
    before = _places(here)
    found: Counter[str] = Counter()
    for place, cards in (_places(observed) if observed_places is None else observed_places).items():
        if place != 0:  # the inn
            found.update(cards - before.get(place, Counter()))
    return found


class OpenSeasonAdapter(GameAdapter[OpenSeasonState, OpenSeasonObservation]):
    """:class:`tracker.adapter.GameAdapter` for Open Season (both sides, expert tiles)."""

    max_chain = 9
    """Moves one still scene may explain (a whole refill of the inn is five draws)."""
    recovery_chain_weight = 3.0
    """A chain counts three in a recovery's budget (3,000: some 1,000 chains here, and the search
    under way when it runs out): searched and scored, one costs 1.5-3.5 ms of CPU on the shared
    2-core machine (bench seed 97411, lost step: the tracker's own position alone, 4 scenes x 12
    paths, 3,700 chains in 6-12 CPU s a recovery), where Octocube's recoveries
    (tests/tracker/test_recovery.py) search 1,900-3,000 to find the table one or two moves back.
    One search is not cut: the first unexplained scene's, with the longer recovery chains, may
    alone return 3,000-3,700 (97404, 97411: 6-12 CPU s), bounded by ``max_tries`` only."""
    max_chains = 4000
    wait_when_a_slot_newly_hides = False
    """Let an inn take wait for the next scene (:meth:`question_may_wait`) even where an inn slot
    newly reads hidden. Off (kept): asked at once, so that an illegal three-card take whose third
    card showed before is refused ("none of these") at its own scene (bench seed 97418). On, taught
    game 103057's recorded scenes ask 3 questions instead of 9 (125/125 moves either way), but on
    97418's table a third card kept out of sight while the two are placed is settled unasked and
    never flagged, where asked at once the players' "none of these" left an alert standing
    (tests/tracker/test_open_season_waiting_illegal_take.py; session 74, wait74)."""
    inn_slots_known = True
    """Use which inn slots the camera reads hidden (``OpenSeasonObservation.inn_hidden_slots``) where
    the reading names them: a refill draws a card unseen only into a hidden slot among those it
    fills (from the inn's length at the refill's start on), and a hidden slot among the cards the
    inn kept holds the card the tracker's inn has at that index (the state's inn is the slot order:
    a take closes the gap, a refill appends), so the refill may draw a second copy of that card into
    a slot in view. Game 103062 (printing 998184, tilt 30), change 72: the old sorcerer-crown slid into slot 3
    behind the deck, the refill drew barbarian-earrings and a second sorcerer-crown into slots 4
    and 5; by the count of hidden slots alone the second sorcerer-crown was "drawn unseen", the
    tracker kept an UNKNOWN where the known card lay and asked two questions about it (session 74,
    osfresh74 and deck74). Off (the control): the count rule, any hidden slot for any draw."""
    copy_behind_kept_walks_on = True
    """A refill draw of a copy of a kept inn card that lies behind the deck (``inn_slots_known``'s
    second copy, ``copy_behind_kept`` in :meth:`search_chains`) is followed whatever it costs, as an
    unseen draw is: the copy goes into view while the kept one stays hidden, so the draw alone
    brings the view no closer to the scene, and where it is the refill's first draw (the draws go in
    the order of their names) the walk dropped it before the refill's next card made the view fit.
    Fresh game 103098 (printing 998277, 2 players, Horn expert, tilt 30, day), change 68: the old
    elf-crown slid behind the deck into slot 2, the refill drew elf-crown and gnome-earrings; every
    reading right, the true chain fitting at cost 0, but no chain was found, the recoveries searched
    the same way offered none that was true and the players said none of these 4 times (4 false
    alarms; session 82, ostrace82). False (the off control): followed only where it costs less."""
    named_beside_unseen_walks_on = True
    """A refill's named draw of a card the open inn shows (more often than the chain's view names
    it), made after the same chain drew a card unseen behind the deck, is followed whatever it
    costs, as the unseen draw is. The unseen draws come first (``Draw(UNSEEN_CARD)`` sorts before
    every name) and ``differences`` lets each UNKNOWN stand for a card shown in the open, so with
    two slots read hidden the refill's next named draw leaves the cost where it was, and the walk
    (which follows a visible move only where it costs less) dropped the refill before its last
    draw made the view fit. Fresh game 103111 (printing 998298, 3 players, Shield expert, tilt 13,
    lamp), scene 14: the set-up refill of five, slots 2 and 4 read hidden (two dagger cards, one
    beside the deck), the truth's chain fitting at cost 0, but no chain was found: two false
    alarms (scenes 14 and 15) until the placing scene (session 83, ostrace83). False (the off
    control): followed only where it costs less."""
    doubt_a_named_card_behind_the_deck = True
    """:meth:`settling_doubt` on (False: the off control, session 73's settling, which made such a
    take unasked)."""
    doubted_take_waits = True
    """Let a take from the inn that :meth:`doubt` asks about as a question of one option (a card
    that showed in the open inn left it while a slot newly reads hidden: taken, or behind the
    deck?) wait for the next still scene (:meth:`question_may_wait`), and make it unasked there
    when that scene shows every such card placed out of the inn, on a wall or a stock, where the
    camera sees it (:meth:`doubt_settled`); asked there otherwise. Only where no card it takes
    shows anywhere on the table outside the inn already (else it may have been laid on its
    double, the wall looking the same: bench seed 102114's illegal change, asked at once) and no
    card is kept unseen behind the deck (seed 102101's three-card take, asked at once). Taught
    game 103070 (printing 998222, 4 players, tilt 14, evening): 6 of its 11 questions were such
    takes of one option, each the truth, answered 1 (session 79, os79). False (the off control):
    asked at once, as before."""
    doubt_double_only_at_the_taker = True
    """``doubted_take_waits``'s exception for a card that may have been laid on its double (a taken
    card already showing outside the inn: asked at once) looks only at the taking player's own
    wall, stock and kept card, where a card can be laid (seed 102114: player 2 laid barbarian-tattoo
    on its double on player 2's own wall). Fresh game 103086 (printing 998259, 2 players, Horn
    expert, tilt 18, day; session 80's first run, say lines 50 and 80): two takes of one option,
    each the truth, were asked at once because the taken card's double showed on the OTHER
    player's wall (barbarian-crown, player 1's space 9) or stock (dwarf-earrings, atop player 2's
    stock); with this they wait a scene and the placing scene makes them unasked (session 81,
    ostrace81). False: every seat's places, as before."""
    max_dearer_draws = 120
    """Blind draws onto a stock followed on from a dearer view, per scene (30 cards, a few
    positions): unbounded, a recovery's search nested them and never ended (seed 97213)."""
    max_tries = 20000
    """Moves tried (pushed and compared with the scene) in one scene's search, the work bound:
    ``max_chains`` counts only the chains kept, and a scene far from the tracker's position (a
    recovery's search when the tracker is many moves out of step) expands every kept chain by
    up to 30 draws, each tried and compared (seed 97213, lost at the set-up: 2,000-9,000 a
    search, 29 searches a scene). The biggest search of 20 tracker-alone games (91000-91019)
    tried 1,547: the bound leaves every search of a game in step alone."""

    expected_view_direct = True
    """Build a position's expected view straight from the state
    (:func:`tracker.open_season.view.observation_from_state_direct`), not through the table
    description the twin films (:func:`~tracker.open_season.view.observation_from_state`): the
    same view, equal field by field and in repr on every position the searches of 3 twin games
    visit (13,472 views; tests/tracker/test_open_season_expected_direct.py). Measured (session 82,
    suite82): the stepping-stones test's Open Season game builds 174,711 views, a quarter of its
    CPU on the description's path; tests/tracker/test_recovery_stepping_stones.py 37.5 -> 31.6 CPU s
    on one core of the loaded 2-core machine. Off: the description's path, as before."""
    observed_places_once = True
    """The scene's cards by place (``_places(observed)``) made once per chain search and read by
    each of its steps, not made again at every step that asks which cards newly show outside the
    inn (the scene does not change within a search: the same candidates, tried in the same
    order; tests/tracker/test_open_season_expected_direct.py). Session 82, suite82: a speed
    switch. Off: made at each step, as before."""
    seat_differences_per_search = True
    """Within one chain search, a seat's differences (``_player_differences``) made once per
    distinct expected reading of that seat and kept for the search: the scene does not change
    within a search, and most positions tried change one seat, so the other seats' expected
    readings repeat (the same numbers and words: the differences are a function of the seat, its
    expected reading's compared fields and the scene's reading;
    tests/tracker/test_open_season_seat_differences_kept.py). Session 84, suite84b: a speed switch
    (the differences were a quarter of the stepping-stones test's profile). Off: made at every
    position, as before."""

    _seat_memo: dict[tuple[Any, ...], tuple[Difference, ...]] | None = None
    _seat_memo_for: OpenSeasonObservation | None = None

    # ------------------------------------------------------------------ expected view
    def expected(self, state: OpenSeasonState) -> OpenSeasonObservation:
        view = observation_from_state_direct(state) if self.expected_view_direct else observation_from_state(state)
        view.refill_due = bool(state.tasks) and state.tasks[-1][:2] == ("draw", "inn")
        view.inn_card_taken = _inn_card_taken_last(state)
        return view

    # ------------------------------------------------------------------ differences
    def differences(self, expected: OpenSeasonObservation, observed: OpenSeasonObservation) -> list[Difference]:
        diffs: list[Difference] = []
        # the game's inn cards drawn behind the deck (UNKNOWN, ``expected.inn_hidden``) fill slots
        # the camera cannot read; a card shown beyond the known ones may be one of them in view
        # (``reveals`` names it: the twin's inn closes up when a card leaves it, so the card behind
        # the deck moves into view at the next take, and its emptied slot reads hidden)
        unseen = expected.inn_hidden
        if expected.inn != observed.inn or unseen > observed.inn_hidden:
            extra, missing = _multiset(observed.inn, expected.inn)
            pairs, extra, missing = _stand_ins(extra, missing, observed.stands_for, "inn")
            diffs.extend(Difference(f"the inn shows {c} where {m} is expected (a widened reading)", STAND_IN_WEIGHT)
                         for c, m in pairs)
            revealed = min(unseen, len(extra))
            extra = extra[revealed:]
            # a slot behind the deck may hold any of the cards the game puts in the inn
            missing = missing[max(0, observed.inn_hidden - (unseen - revealed)):]
            diffs.extend(Difference(f"the inn shows {c}, not expected there") for c in extra)
            diffs.extend(Difference(f"the inn lacks {c}") for c in missing)
            diffs.extend(Difference("the inn lacks the card drawn behind the deck")
                         for _ in range(max(0, unseen - revealed - observed.inn_hidden)))
        if observed.inn_hidden and len(observed.inn) + observed.inn_hidden > len(expected.inn) + expected.inn_hidden:
            # a slot behind the deck holds a card the game has not put there: a refill whose only
            # card went behind the deck changes nothing else the camera sees (seed 97201: missed,
            # the card was taken unnamed and an alarm followed); doubtful, as an empty slot there
            # might read hidden too, above all one a take emptied since the last refill (seeds
            # 97404, 97418: a compensation taken from that slot was confirmed, unasked, as the
            # blind deck card of the same name, and the inn kept a card it no longer had). Only
            # with a slot read hidden: cards shown beyond the inn's are differences of their own
            # (seed 97645: that weight, 0.25 before a pick and 0.5 once the refill was due, made
            # the pick look dearer than nothing, the scene's refill was never reached: an alarm)
            diffs.append(Difference("a card lies behind the deck where the inn should have none",
                                    _hidden_surplus_weight(expected, observed)))
        if expected.discards != observed.discards and observed.discards_seen:
            extra, missing = _multiset(observed.discards, expected.discards)
            diffs.extend(Difference(f"the discards show {c} too") for c in extra)
            diffs.extend(Difference(f"the discards lack {c}") for c in missing)
        for seat, want in expected.players.items():
            got = observed.players.get(seat)
            if got is None:
                diffs.append(Difference(f"{player_name(seat)}'s area was not read", 0.3))
                continue
            if got != want:
                memo = self._seat_memo if self._seat_memo_for is observed else None
                if memo is None:
                    diffs.extend(self._player_differences(seat, want, got, observed.stands_for))
                    continue
                key = (seat, *_compared_fields(want))
                found = memo.get(key)
                if found is None:
                    found = memo[key] = tuple(self._player_differences(seat, want, got, observed.stands_for))
                diffs.extend(found)
        return diffs

    def _player_differences(self, seat: int, want: PlayerReading, got: PlayerReading,
                            stands_for: dict[tuple[str, str], frozenset[str]] | None = None) -> list[Difference]:
        """How one seat's reading differs from the view; ``stands_for``: widened readings ((place,
        card read) -> the cards it may stand for), each weighing at most ``STAND_IN_WEIGHT`` there."""
        near = stands_for or {}
        who = player_name(seat)
        diffs: list[Difference] = []
        for s in sorted(set(want.wall) | set(got.wall)):
            w, g = want.wall.get(s, EMPTY), got.wall.get(s, EMPTY)
            if w != g:
                # the reader's doubt is which card lies there; a card where none should be (or
                # none where one should be) is no doubt of the face: a card laid on a wrong
                # space and read unsurely is still an illegal change (seed 102001)
                occupancy_differs = (w == EMPTY) != (g == EMPTY)
                weight = 1.0 if occupancy_differs else max(0.1, min(1.0, got.confidence.get(s, 1.0)))
                if not occupancy_differs and w in near.get((f"wall {seat}", g), ()):  # type: ignore[arg-type]
                    weight = min(weight, STAND_IN_WEIGHT)
                if not occupancy_differs and _people_only(g, w, got.confidence.get(s, 1.0)):
                    weight = STRIP_ATTRIBUTE_WEIGHT  # a strip under tokens: the people agrees
                shown = "nothing" if g == EMPTY else _card_words(g)  # type: ignore[arg-type]
                wanted = "nothing" if w == EMPTY else _card_words(w)  # type: ignore[arg-type]
                diffs.append(Difference(f"{who}'s space {s} shows {shown}, expected {wanted}", weight))
        for s in sorted(set(want.wall_trophies) | set(got.wall_trophies)):
            w, g = want.wall_trophies.get(s, 0), got.wall_trophies.get(s, 0)
            if w != g:
                diffs.append(Difference(f"{who}'s space {s} holds {g} trophies, expected {w}"))
        for s in sorted(want.wall_wilds ^ got.wall_wilds):
            has = "holds" if s in got.wall_wilds else "lacks"
            diffs.append(Difference(f"{who}'s space {s} {has} a wild token",
                                    PERSONAL_UNSURE_WEIGHT if s in got.wall_wilds_unsure else 1.0))
        if want.stock != got.stock and len(want.stock) == len(got.stock):
            # a lower card read by its strip, of the expected card's people: no difference of the fan
            strip = [i for i, (g, w) in enumerate(zip(got.stock, want.stock))
                     if _people_only(g, w, got.stock_confidence[i] if i < len(got.stock_confidence) else 1.0)]
            diffs.extend(Difference(f"{who}'s stock shows {got.stock[i]} where {want.stock[i]} is expected "
                                    "(its strip shows the people only)", STRIP_ATTRIBUTE_WEIGHT) for i in strip)
            if strip:
                got = replace(got, stock=tuple(want.stock[i] if i in strip else c for i, c in enumerate(got.stock)))
        widened_stock = any(place == f"stock {seat}" for place, _ in near)
        if want.stock != got.stock and widened_stock and len(want.stock) == len(got.stock):
            # a widened fan is compared place by place (its order shows): a stand-in names a card
            # where the reading shows its near neighbour, at most ``STAND_IN_WEIGHT``
            sure = got.stock_confidence
            for i, (g, w) in enumerate(zip(got.stock, want.stock)):
                if g != w:
                    read = max(0.1, min(1.0, sure[i] if i < len(sure) else 1.0))
                    if w in near.get((f"stock {seat}", g), ()):
                        read = min(read, STAND_IN_WEIGHT)
                    diffs.append(Difference(f"{who}'s stock shows {g} where {w} is expected", read))
        elif want.stock != got.stock:
            extra, missing = _multiset(got.stock, want.stock)
            # a card read unsurely (a lower card's strip: two attributes of one people look alike)
            # weighs its confidence, and so does the card it may stand for
            sure = got.stock_confidence
            pairs, extra, missing = _stand_ins(extra, missing, near, f"stock {seat}")
            for c, m in pairs:
                read = max(0.1, min(1.0, min((sure[i] if i < len(sure) else 1.0)
                                             for i, name in enumerate(got.stock) if name == c)))
                diffs.append(Difference(f"{who}'s stock shows {c} where {m} is expected (a widened reading)",
                                        min(read, STAND_IN_WEIGHT)))
            weights = _extra_weights(got.stock, want.stock, sure, extra)
            diffs.extend(Difference(f"{who}'s stock shows {c} too", w) for w, c in weights)
            diffs.extend(Difference(f"{who}'s stock lacks {c}", weights[k][0] if k < len(weights) else 1.0)
                         for k, c in enumerate(missing))
            if not extra and not missing and not pairs:  # (pairs: a stock of another length)
                # the same cards in another order: as sure as the surest place that differs (two
                # lower cards of one people, each read by its strip as the other's attribute,
                # table 102700, printing 960000: a false alarm at full weight)
                places = [sure[i] if i < len(sure) else 1.0
                          for i, (g, w) in enumerate(zip(got.stock, want.stock)) if g != w]
                diffs.append(Difference(f"{who}'s stock is in another order",
                                        max(0.1, min(1.0, max(places, default=1.0)))))
        if want.accolades != got.accolades:
            # an unsure count (a big fan, where one card more hardly shows) is nearly ignored: the
            # moves that fill the accolades show elsewhere too (the stock that goes there)
            weight = 1.0 if got.accolades_confidence >= 1.0 else UNSURE_ACCOLADES_WEIGHT
            diffs.append(Difference(f"{who} has {got.accolades} accolade cards, expected {want.accolades}", weight))
        if want.accolade_wilds != got.accolade_wilds:
            diffs.append(Difference(f"{who} has {got.accolade_wilds} wild tokens on accolades, expected {want.accolade_wilds}"))
        if want.kept != got.kept:
            stand_in = got.kept is not None and want.kept in near.get((f"kept {seat}", got.kept), ())
            diffs.append(Difference(f"{who}'s kept card is {got.kept or 'none'}, expected {want.kept or 'none'}",
                                    STAND_IN_WEIGHT if stand_in else 1.0))
        personal = PERSONAL_UNSURE_WEIGHT if got.personal_unsure else 1.0
        for name in ("trophies", "wilds"):
            w, g = getattr(want, name), getattr(got, name)
            if w != g:
                diffs.append(Difference(f"{who} holds {g} {name[:-1] if name == 'wilds' else name}, expected {w}",
                                        personal))
        if want.penalty != got.penalty:
            diffs.append(Difference(f"{who}'s penalty tile {'appeared' if got.penalty else 'is missing'}", personal))
        if want.series != got.series:
            diffs.append(Difference(f"{who}'s attribute series tile {'appeared' if got.series else 'is missing'}",
                                    personal))
        for name in sorted(want.scorings ^ got.scorings):
            diffs.append(Difference(f"{who}'s scoring {name.replace('_', ' ')} "
                                    f"{'has' if name in got.scorings else 'lacks'} a trophy",
                                    PERSONAL_UNSURE_WEIGHT if name in got.scorings_unsure else 1.0))
        for col in sorted(set(want.bonus) | set(got.bonus)):
            if col in got.bonus_hidden:
                continue  # a hand over the place, or bare mat read as a tile: no face shows there
            w_tile, g_tile = want.bonus.get(col), got.bonus.get(col)
            if w_tile != g_tile:
                weight = 1.0  # a tile where none should be, or none where one should be
                if w_tile is not None and g_tile is not None:
                    # a face, once chosen, never changes: a chosen tile read with another face is a
                    # misread that no move can explain; an activation the reader doubts (its rim a
                    # camera pixel wide) weighs little, whichever way it is read
                    face = 0.0 if w_tile[0] == g_tile[0] else \
                        0.0 if col in got.bonus_unsure else BONUS_FACE_MISREAD_WEIGHT
                    lit = 0.0 if w_tile[1] == g_tile[1] else \
                        BONUS_ACTIVE_UNSURE_WEIGHT if col in got.bonus_active_unsure else 1.0
                    weight = max(face, lit)
                diffs.append(Difference(f"{who}'s bonus tile on column {col} reads {g_tile}, expected {w_tile}",
                                        weight))
        return diffs

    def widened(self, state: OpenSeasonState, observed: OpenSeasonObservation) -> OpenSeasonObservation | None:
        """The scene with each card that newly shows in a place (the inn, a wall, a stock, a kept
        card: one the view of ``state`` does not have there) standing also for its near neighbours
        (:func:`near_neighbours`): the players said none of the options built on the cards as read
        happened, or no legal move explains them. Only the cards read doubtfully where there are
        any (a fan's lower card, read by its strip), else every new card, however surely read.
        Taught seed 102967: player 1 kept mage-eyepatch and sorcerer-earrings (expert face 2); the
        fan's lower card read mage-dagger, a card drawn or kept is named only as the camera shows
        it, so every option kept a dagger, the players rejected them and the game was lost (19/156
        moves). None when no card newly shows."""
        here = self.expected(state)
        shown: dict[tuple[str, str], float] = {}  # (place, card newly shown there) -> how sure
        for card in _multiset(observed.inn, here.inn)[0]:
            shown[("inn", card)] = 1.0
        for seat, got in observed.players.items():
            want = here.players.get(seat)
            if want is None:
                continue
            for s, face in got.wall.items():
                if face is not None and want.wall.get(s, EMPTY) != face:
                    shown[(f"wall {seat}", face)] = got.confidence.get(s, 1.0)
            new_in_stock = Counter(got.stock) - Counter(want.stock)
            for i, card in enumerate(got.stock):
                if new_in_stock[card] > 0:
                    sure = got.stock_confidence[i] if i < len(got.stock_confidence) else 1.0
                    shown[(f"stock {seat}", card)] = min(sure, shown.get((f"stock {seat}", card), 1.0))
            if got.kept is not None and got.kept != want.kept:
                shown[(f"kept {seat}", got.kept)] = 1.0
        # the doubtful readings first (a fan's lower card, read by its strip): a sure one stands
        # for its neighbours only where nothing new was read doubtfully
        doubtful = {key for key, sure in shown.items() if sure < 1.0}
        widen = doubtful or set(shown)
        if not widen:
            return None
        return replace(observed, stands_for={key: near_neighbours(key[1]) for key in sorted(widen)})

    def amended_chains(self, state: OpenSeasonState, undone: tuple[Move, ...],
                       observed: OpenSeasonObservation) -> list[tuple[Move, ...]]:
        """``undone`` made again with one draw of the inn refill it starts with drawing instead a
        card the table shows beyond the view ``undone`` leads to, named so in the moves after it
        too: a refill card misread in the scene of its draw and read right later, in the inn
        (seed 102302, tilt 33.6, evening light: elf-eyepatch read elf-tattoo in the two scenes
        after its draw; the draw was confirmed, more turns went on top of it, and no recovery
        reached back to it: 39 false alarms) or where the player who took it put it (seed 102766:
        sorcerer-dagger read dwarf-dagger, then taken; the stock showed it right). The refill's
        draws are made again in the order of their names, as the candidate search and the players
        name a refill (102766: sorcerer-earrings, read dwarf-earrings, was made again first, before
        gnome-eyepatch and mage-tattoo, an order nobody names: the players said none of the options
        happened and the game was lost, 45/130 moves). Only chains the rules allow."""
        if not undone or not isinstance(undone[0], Draw):
            return []
        work = scratch_copy(state)
        draws: list[str] = []  # the cards of the leading draws of ``undone`` that refill the inn
        in_refill = True
        for move in undone:
            in_refill = in_refill and isinstance(move, Draw) and bool(work.tasks) \
                and work.tasks[-1][:2] == ("draw", "inn")
            if in_refill and isinstance(move, Draw):
                draws.append(move.card)
            work.push_unchecked(move)
        view = self.expected(work)
        shown = _appeared(view, _strips_as_expected(view, observed))
        refill = len(draws)
        chains: list[tuple[Move, ...]] = []
        for index in range(refill):
            for card in sorted(shown):
                if card == draws[index]:
                    continue
                cards = sorted([*draws[:index], card, *draws[index + 1:]])
                later = tuple(_renamed(m, draws[index], card) for m in undone[refill:])
                chain = (*(Draw(c) for c in cards), *later)
                if chain in chains:
                    continue
                trial = state.clone()
                try:
                    for move in chain:
                        trial.push(move)
                except RulesError:
                    continue
                chains.append(chain)
        return chains

    def doubt(self, state: OpenSeasonState, chain: tuple[Move, ...], observed: OpenSeasonObservation,
              previous: OpenSeasonObservation | None) -> str:
        """A take from the inn whose cards a slot behind the deck may hide (:func:`inn_doubt`)."""
        taken = _taken_from_inn(chain)
        if previous is None or not observed.inn_hidden or not taken:
            return ""
        work = scratch_copy(state)
        try:
            for move in chain:
                work.push_unchecked(move)
        except RulesError:
            return ""
        return inn_doubt(self.expected(work), observed, previous, taken)

    def question_may_wait(self, state: OpenSeasonState, question: Any, observed: OpenSeasonObservation,
                          previous: OpenSeasonObservation | None) -> bool:
        """An inn take whose options explain the scene alike (the card left in a slot behind the
        deck is not seen, so two of the three cards the player did not take show and the third
        cannot be told): the next scene shows the taken cards, one on the wall and one atop the
        stock, and tells the options apart (taught game 103057: 20 of its 22 questions). Not where
        an inn slot newly reads hidden since the last scene explained: a card that showed went out
        of sight, and a third card may have been taken with it (bench seed 97418, an illegal
        change flagged at its own scene once the players say none of the options). A question of
        one option, a take :meth:`doubt` asks about, waits where ``doubted_take_waits`` lets it
        (:meth:`_waiting_doubt`); the next scene settles it only through :meth:`doubt_settled`."""
        if len(question.options) == 1:  # a take :meth:`doubt` asks about (``doubted_take_waits``)
            return bool(self._waiting_doubt(state, question.options[0], observed, previous))
        if previous is None or (observed.inn_hidden > previous.inn_hidden and not self.wait_when_a_slot_newly_hides):
            return False
        return all(chain and isinstance(chain[-1], TakeFromInn) for chain in question.options)

    def _waiting_doubt(self, state: OpenSeasonState, option: tuple[Move, ...], observed: OpenSeasonObservation,
                       previous: OpenSeasonObservation | None) -> Counter[str]:
        """The cards a doubted take (``option``, one plain take from the inn, the question's only
        option) says were taken while they may lie behind the deck, where the take may wait for
        the next scene (``doubted_take_waits``); empty where it may not."""
        if not self.doubted_take_waits or previous is None:
            return Counter()
        takes = [m for m in option if _taken_from_inn((m,))]
        if len(takes) != 1 or not isinstance(takes[0], TakeFromInn):
            return Counter()
        taken = _taken_from_inn(option)
        work = scratch_copy(state)
        taker = work.current_player()
        try:
            for move in option:
                if move is takes[0]:
                    taker = work.current_player()
                work.push_unchecked(move)
        except RulesError:
            return Counter()
        kept_unseen, taken_unseen = inn_doubt_cards(self.expected(work), observed, previous, taken)
        if kept_unseen or not taken_unseen:
            return Counter()
        # a card laid on its double looks like a take (seed 102114): the taker's own wall or stock
        # (``doubt_double_only_at_the_taker``), or anywhere
        shown = _outside_inn(observed, taker if self.doubt_double_only_at_the_taker else None)
        if any(shown[card] for card in taken):
            return Counter()
        return taken_unseen

    def doubt_settled(self, state: OpenSeasonState, option: tuple[Move, ...], scene: OpenSeasonObservation,
                      previous: OpenSeasonObservation | None, chain: tuple[Move, ...],
                      observed: OpenSeasonObservation) -> bool:
        """A doubted take that waited (:meth:`_waiting_doubt`) is settled by the next scene
        ``observed`` (explained from the take by ``chain``) where every card it doubts shows out
        of the inn, on a wall or a stock, more often than at the take's own scene ``scene``: the
        card was taken and placed where the camera sees it, not left behind the deck; or where no
        more inn slots read hidden than before the take (``previous``): the slot that newly read
        hidden reads in the open, and ``chain`` fits the inn without the card (a chain that draws
        into the inn is not enough: its draw may name the very card left behind the deck)."""
        doubted = self._waiting_doubt(state, option, scene, previous)
        if not doubted or previous is None:
            return False
        if observed.inn_hidden <= previous.inn_hidden and not any(isinstance(m, Draw) for m in chain):
            return True
        before, now = _outside_inn(scene), _outside_inn(observed)
        return all(now[card] >= before[card] + count for card, count in doubted.items())

    def settling_doubt(self, state: OpenSeasonState, chain: tuple[Move, ...], observed: OpenSeasonObservation) -> str:
        """A waiting inn take (``state``: one option made) that the next scene would settle through
        a card named as drawn unseen (a peeked card kept atop the stock, a blind draw) that is the
        same as a card this option leaves in an inn slot the camera cannot read: that card may be
        the one behind the deck, taken with the two by an illegal three-card take and laid where the
        draw's card would lie (bench seed 97418's table, the third card atop the stock after a
        peeking placement: settled unasked, nothing flagged; asked at once, the players said none
        of these). Empty where nothing of the kind, or ``doubt_a_named_card_behind_the_deck`` off."""
        if not self.doubt_a_named_card_behind_the_deck or not observed.inn_hidden:
            return ""
        unseen = Counter(self.expected(state).inn) - Counter(observed.inn)  # the option's cards not read in the inn
        for move in chain:
            if isinstance(move, _NAMED_CARD_MOVES) and unseen[move.card] > 0:
                return (f"the {move.card} named as drawn unseen may be the {move.card} it leaves behind "
                        "the deck, taken with the two: asked")
        return ""

    def _cost(self, expected: OpenSeasonObservation, observed: OpenSeasonObservation) -> float:
        return total_weight(self.differences(expected, observed))

    # ------------------------------------------------------------------ candidate chains
    def candidate_chains(self, state: OpenSeasonState, observed: OpenSeasonObservation) -> Iterable[tuple[Move, ...]]:
        """Chains of legal moves (chance outcomes included), each move either invisible or making
        the view closer to the observation: a visible move must explain part of the scene. Cards
        named by a draw or a pick must be among those that newly show on the table."""
        return self.search_chains(state, observed).chains

    def search_chains(self, state: OpenSeasonState, observed: OpenSeasonObservation) -> ChainSearch:
        """:meth:`candidate_chains`, cut where the walk stopped at ``max_tries`` or ``max_chains``."""
        if not self.seat_differences_per_search:
            return self._search_chains(state, observed)
        before = self._seat_memo, self._seat_memo_for
        self._seat_memo, self._seat_memo_for = {}, observed
        try:
            return self._search_chains(state, observed)
        finally:
            self._seat_memo, self._seat_memo_for = before

    def _search_chains(self, state: OpenSeasonState, observed: OpenSeasonObservation) -> ChainSearch:
        if state.is_terminal():
            return ChainSearch(())
        work = scratch_copy(state)
        here = self.expected(state)
        # a strip that shows only a card's people names no card newly shown (``_strips_as_expected``)
        seen = _strips_as_expected(here, observed)
        appeared = _appeared(here, seen)
        # cards that newly show outside the inn: a refill drawn and taken within one scene (the
        # scene of the refill itself was missed or misread) makes the inn look further from the
        # table with each such draw until the take, so these draws are followed whatever they cost
        elsewhere = _appeared_outside_inn(here, seen)
        strip_named = _strip_named(here, seen)

        def shows(card: str) -> bool:
            """Whether the scene newly shows ``card``, or a fan's strip that may be it."""
            return appeared[card] > 0 or strip_named[card] > 0

        # the scene's own places, read by every step of the walk below (never changed)
        observed_places = _places(observed) if self.observed_places_once else None
        out: list[tuple[Move, ...]] = []
        # which inn slots read hidden, where the reading names them (``inn_slots_known``)
        hidden_slots = observed.inn_hidden_slots if self.inn_slots_known else None

        def ends_game(moves: list[Move]) -> bool:
            """Whether keeping one of the peeked cards ends the game (it goes unseen to the
            accolades). Which card matters: one whose people has an action not yet triggered this
            turn on the wall triggers it, and the game goes on (seed 102758: the first card tried,
            elf-crown, triggered player 4's keep, so only the card the camera seemed to show newly,
            a misread wall card's, was tried; it did not end the game either, no chain was left,
            and the last move was missed: scores differ)."""
            for keep in (m for m in moves if isinstance(m, KeepPeeked)):
                try:
                    work.push_unchecked(keep)
                except RulesError:
                    continue
                over = work.is_terminal()
                work.pop()
                if over:
                    return True
            return False

        def kept_out_of_sight(keep: KeepPeeked) -> bool:
            """Whether this peeked card, kept atop a stock the table no longer shows (the stocks have
            gone to the accolades), is one whose keep ends the game within the turn: it was never
            seen (seed 102633: a trophy on an endgame scoring came between the keep and the end)."""
            reading = observed.players.get(work.current_player())
            if reading is None or reading.stock:
                return False
            try:
                work.push_unchecked(keep)
            except RulesError:
                return False
            over = _ends_within(work, PEEK_END_MOVES)
            work.pop()
            return over

        def face_seen(move: ChooseBonusFace) -> bool:
            """A set-up face choice is tried only as the camera reads it (any, when the face read
            is no choice left, a misread, or the seat is too dark to trust its faces: the players
            are asked); a misread face weighs little, so the choices would otherwise all look
            nearly right and multiply."""
            seat = work.tasks[-1][1]
            reading = observed.players.get(seat)
            tile = reading.bonus.get(move.column) if reading is not None else None
            if tile is None or reading is None or reading.bonus_confidence < 1.0 or move.column in reading.bonus_unsure:
                return True  # not read, too dark or doubted: every face (the players are asked)
            choices = {m.face for m in work.legal_moves() if isinstance(m, ChooseBonusFace)}
            return tile[0] == move.face or tile[0] not in choices

        def allowed(move: Move, chain: tuple[Move, ...], refill: bool, blind: bool, in_refill: bool) -> bool:
            if isinstance(move, _NAMED_CARD_MOVES) and not blind:
                # the random accolade goes to the discards, which a 4-player table hides under
                # a wall board: it never shows, so every accolade card is tried (seed 102117)
                if not shows(move.card) and not (isinstance(move, RandomAccolade) and not observed.discards_seen):
                    return False
            if isinstance(move, ChooseBonusFace) and not face_seen(move):
                return False
            if refill and in_refill and chain and isinstance(chain[-1], Draw) and isinstance(move, Draw):
                # the inn is a set: one refill's draws are tried in the order of their names (a
                # draw onto a stock just before is no part of it: seed 97007)
                return move.card >= chain[-1].card
            return True

        def behind_deck(start: int) -> bool:
            """Whether one more draw of the refill that began with ``start`` cards in the inn may be
            a card the camera cannot see (a slot behind the deck still free for it): drawn unseen
            (``Draw(UNSEEN_CARD)``), UNKNOWN in the inn until a move that takes it names it (the
            players were asked which of up to 30 cards it was before: bench game 102865, 54
            questions). Where the slots read hidden are known, only those the refill fills count
            (counted, not placed: the tracker draws a refill's cards in the order of their names)."""
            if not observed.inn_hidden or len(work.inn) >= len(observed.inn) + observed.inn_hidden:
                return False
            if hidden_slots is not None:
                return work.inn[start:].count(UNKNOWN) < sum(1 for s in hidden_slots if start <= s < INN_SIZE)
            # each inn card drawn unseen (``Draw(UNSEEN_CARD)``, this chain's or an earlier one's)
            # fills one slot behind the deck
            return work.inn.count(UNKNOWN) < observed.inn_hidden

        def copy_behind_kept(move: Move, view: OpenSeasonObservation, start: int) -> bool:
            """Whether ``move`` is a refill draw of a card the open inn shows more often than the
            chain's view can show in the open: the cards the inn kept (before the refill's
            ``start``) lie in its first slots in the order the game put them there, so the slots read
            hidden among them name the kept cards behind the deck; one of them is this card, and
            this copy shows (103062's change 72, ``inn_slots_known``). By their count alone any kept
            card might lie there, and a refill drawing a copy of another one in view explained the
            scene as well (the players were asked)."""
            if hidden_slots is None or not isinstance(move, Draw) or move.card == UNSEEN_CARD:
                return False
            behind = sum(1 for s in hidden_slots if s < start and work.inn[s] is not UNKNOWN
                         and CARD_NAMES[work.inn[s]] == move.card)
            return behind > 0 and observed.inn.count(move.card) > view.inn.count(move.card) - behind

        def drawn_elsewhere(chain: tuple[Move, ...], card: str, unexplained: Counter[str]) -> bool:
            """Whether one more draw of ``card`` may be a copy that the table shows outside the inn
            (drawn and taken within the scene): one draw per copy shown, and only while the chain's
            view (``unexplained``: what the table shows outside the inn that it does not) does not
            show it there yet. Unbounded, a card kept from the inn was drawn again and again (seed
            97621: "keeps sorcerer-dagger; the refill draws sorcerer-dagger twice; the next player
            takes them", unseen in hand, cost nothing and crowded out the true keep, which pays
            for the emptied slot behind the deck)."""
            return unexplained[card] > 0 and elsewhere[card] > sum(
                1 for m in chain if isinstance(m, Draw) and m.card == card)

        def shown_at(seat: int) -> Counter[str]:
            """The cards newly shown in ``seat``'s area (wall, stock, kept card): where a card taken
            from the inn goes (a misread elsewhere names no card taken from behind the deck)."""
            got, want = seen.players.get(seat), here.players.get(seat)
            if got is None or want is None:
                return Counter()
            found = Counter(face for s, face in got.wall.items() if face is not None and want.wall.get(s) != face)
            found += Counter(got.stock) - Counter(want.stock)
            if got.kept is not None and got.kept != want.kept:
                found[got.kept] += 1
            return found

        def still_shown(move: Move, view: OpenSeasonObservation) -> bool:
            """Whether ``move`` takes from the inn a known card the table still shows there as often
            as the chain's view: beside a card drawn behind the deck, which may come into view
            (``differences``), taking it would look the same as taking the unseen card, which the
            take names (or leaves unnamed) instead: one chain, not one per card in the open."""
            taken = _taken_from_inn((move,))
            taken.pop(UNSEEN_CARD, None)
            known = Counter(CARD_NAMES[c] for c in work.inn if c is not UNKNOWN)
            return any(card in known and observed.inn.count(card) >= view.inn.count(card) for card in taken)

        def unseen_named_blind(card: str) -> bool:
            """Whether a move may name an inn card drawn behind the deck as ``card`` although the
            scene shows no ``card`` newly: a card the player lays face down, or one that goes to the
            accolades unseen at the end of the game (any card still unseen: the players are asked)."""
            if card in stand_ins:
                return True
            last_turn = work.turns_played >= work.game.num_players * work.layout.rounds - 1
            return last_turn or any(
                sum(1 for v in got.wall.values() if v is None)
                > sum(1 for v in (here.players[seat].wall.values() if seat in here.players else ()) if v is None)
                for seat, got in observed.players.items())

        def taken_from_behind(move: Move, view: OpenSeasonObservation) -> bool:
            """Whether ``move`` is a compensation from the inn whose card may lie behind the deck
            (the camera shows fewer of it in the inn than the chain's view holds): it changes
            nothing the camera sees but the count of a hidden slot, and the refill must go on (seed
            102628, tilt 28: gnome-crown, refilled behind the deck, taken as compensation; the
            emptied slot weighed more once the refill was due, the compensation was never followed,
            and the players were offered only blind deck cards: the game was lost at move 55)."""
            return (isinstance(move, Compensate) and move.source == "inn" and move.card is not None
                    and observed.inn_hidden > 0 and observed.inn.count(move.card) < view.inn.count(move.card))

        # seats whose accolade count the camera cannot tell from one card more or less: a move that
        # changes only such a count (a card put from the accolades on the deck, expert face 4) is
        # followed as an invisible one, whatever the count read (seed 97407: read unchanged, the
        # move looked dearer, was dropped, and the card then taken from the deck was unexplained)
        unsure = _unsure_seats(observed)
        # cards the widened readings may stand for (``widened``): named by a move only as stand-ins
        stand_ins: Counter[str] = Counter(card for near in observed.stands_for.values() for card in near)
        dearer = [0]  # blind stock draws followed on at a higher cost (bounded: seed 97213 ran away)
        tries = [0]  # moves tried in this scene's search (bounded: the work, whatever the chains)

        # cards drawn into the inn by the chain under way because they show outside it
        # (``drawn_elsewhere``): the chain must end with them shown there
        owed: list[str] = []

        def offer(chain: tuple[Move, ...], after: OpenSeasonObservation) -> None:
            """Keeps ``chain`` as a candidate unless a card it drew because the table shows it
            outside the inn is not shown there at its end (taken into a hand, unseen: seed 97621,
            "keeps sorcerer-dagger; the refill draws elf-crown, read on a wall for another card, and
            sorcerer-dagger; the next player takes both" explained two readings with two cards
            nobody sees and crowded out the true keep)."""
            if owed:
                still = _appeared_outside_inn(after, observed, observed_places)
                if any(still[card] > 0 and card not in after.inn for card in owed):
                    return  # neither shown where the table shows it, nor in the inn (a hand)
                if observed.inn_hidden and any(after.inn.count(card) > observed.inn.count(card) for card in owed):
                    return  # left behind the deck: a card there is drawn unseen
            if observed.inn_hidden and any(isinstance(m, Draw) and m.card == UNSEEN_CARD for m in chain) \
                    and Counter(observed.inn) - Counter(after.inn):
                # a card drawn unseen fills a slot behind the deck, not one the table shows a new
                # card in (that card would stand for it in ``differences``: one chain per card)
                return
            out.append(chain)

        def walk(chain: tuple[Move, ...], view: OpenSeasonObservation, cost: float, in_refill: bool = False,
                 raised: bool = False, stood_in: bool = False, refill_from: int = 0) -> None:
            """``in_refill``: the chain's last move was a draw of an inn refill, which began with
            ``refill_from`` cards in the inn; ``raised``: the chain holds a blind stock draw followed
            on at a higher cost (one per chain); ``stood_in``: the chain names a card only as a
            widened reading's stand-in (one per chain)."""
            if len(chain) >= self.max_chain or len(out) >= self.max_chains or tries[0] >= self.max_tries:
                return
            refill = bool(work.tasks) and work.tasks[-1][:2] == ("draw", "inn")
            start = refill_from if in_refill else len(work.inn)
            hidden_draw = refill and behind_deck(start)
            unexplained = _appeared_outside_inn(view, observed, observed_places) if refill and elsewhere else Counter()
            moves = list(work.legal_moves())
            # a card chosen unseen that never shows (kept by the last peek of the game, it goes
            # straight to the accolades): every choice looks the same, so the players are asked
            # (or drawn blindly onto a stock just before that stock goes to the accolades)
            top = work.tasks[-1] if work.tasks else ("",)
            # A draw onto a stock is always tried blind as well: a card that newly shows
            # elsewhere (a misread wall card) may be no draw at all (seed 97010: the only draw
            # tried named a misread card, and the true one, gone to the accolades, was never
            # offered). A blind draw that the camera would have seen costs more and is dropped.
            # So is the kept card of a peek that ends the game (it goes unseen to the
            # accolades: a misread card elsewhere must not be the only name offered), and a
            # drawn card given to a player (expert Shield face): the receiver's stock may go to
            # the accolades at once (seed 102779: mage-eyepatch, given to player 1, never showed;
            # only elf-tattoo, the card player 2 gave to their own stock, was tried: scores differed).
            blind = top[:2] == ("draw", "stock") or top[0] == "give" or (
                top[0] == "peek_keep" and ends_game(moves)) or (
                not work.is_chance_node() and not any(
                isinstance(m, _NAMED_CARD_MOVES) and shows(m.card) for m in moves))
            stock_draw = top[:2] == ("draw", "stock")
            for move in moves:
                # a refill card behind the deck is drawn unseen (UNKNOWN until a move takes it and
                # names it): one outcome, not one per card still unseen, each a question nobody at
                # the table can answer (bench game 102865, tilt 32: 54 questions); a named card is
                # drawn there no more
                behind = refill and isinstance(move, Draw) and hidden_draw and move.card == UNSEEN_CARD
                named = _names_unseen_inn_card(work, move)
                if named is not None and (
                        any(isinstance(m, Draw) and m.card == UNSEEN_CARD for m in chain)
                        or (shown_at(work.current_player())[named] <= 0 and not unseen_named_blind(named))):
                    # named as the card the scene newly shows (or as any, where it cannot show); and
                    # not in the chain that drew it unseen: the draw that names it says the same
                    continue
                if UNKNOWN in work.inn and still_shown(move, view):
                    continue
                shown_out = (refill and isinstance(move, Draw) and not behind
                             and drawn_elsewhere(chain, move.card, unexplained))
                kept_behind = refill and not behind and not shown_out and copy_behind_kept(move, view, start)
                # a named card of a refill that drew one unseen before it: each UNKNOWN stands for a
                # card shown in the open, so this draw alone may bring the view no closer
                beside_unseen = (self.named_beside_unseen_walks_on and refill and in_refill and not behind
                                 and not shown_out and not kept_behind and isinstance(move, Draw)
                                 and move.card != UNSEEN_CARD and view.inn_hidden > 0
                                 and any(isinstance(m, Draw) and m.card == UNSEEN_CARD for m in chain)
                                 and observed.inn.count(move.card) > view.inn.count(move.card))
                if (refill and observed.inn_hidden and isinstance(move, Draw) and not behind and not shown_out
                        and not kept_behind and observed.inn.count(move.card) <= view.inn.count(move.card)):
                    # a copy the open inn does not show (one that a misread elsewhere seems to show):
                    # behind the deck it would be drawn unseen (``behind``)
                    continue
                # a keep that ends the game within the turn: the stock it tops goes to the accolades
                # before anyone sees it (seed 102633: then a trophy on an endgame scoring)
                last_keep = isinstance(move, KeepPeeked) and top[0] == "peek_keep" and kept_out_of_sight(move)
                # a card a widened reading may stand for (the players rejected the options built on
                # that reading): renaming the reading makes no view closer by the costs, so the move
                # is followed whatever it costs, once per chain, and the scene's cost judges the chain
                stand_in = (not stood_in and isinstance(move, _NAMED_CARD_MOVES) and not shows(move.card)
                            and stand_ins[move.card] > 0)
                renames = stood_in or stand_in
                unseen = (behind or shown_out or taken_from_behind(move, view) or last_keep or stand_in
                          or (kept_behind and self.copy_behind_kept_walks_on) or beside_unseen)
                if not (allowed(move, chain, refill, True, in_refill) if unseen
                        else allowed(move, chain, refill, blind or kept_behind, in_refill)):
                    continue
                if tries[0] >= self.max_tries:
                    break
                try:
                    work.push_unchecked(move)
                except RulesError:
                    continue
                tries[0] += 1
                if isinstance(move, TakeFromInn) and UNSEEN_CARD in move.cards:
                    # the card behind the deck taken unnamed: the hand is not seen, so only a scene
                    # of the take alone (the placement, at the next scene, names the card: ``prepare``);
                    # within one scene with its placement the take names it (``named`` above)
                    after = self.expected(work)
                    if self._cost(after, observed) < cost:
                        offer(chain + (move,), after)
                    work.pop()
                    continue
                if shown_out and isinstance(move, Draw):  # (a draw always: for the type checker)
                    owed.append(move.card)
                after = self.expected(work)
                if unseen:  # changes nothing the camera sees, yet the refill must go on
                    longer = chain + (move,)
                    offer(longer, after)
                    walk(longer, after, self._cost(after, observed), refill, raised, renames, start)
                elif after == view:
                    longer = chain + (move,)
                    offer(longer, after)
                    if not work.is_terminal():
                        walk(longer, after, cost, refill, raised, renames, start)
                else:
                    c = self._cost(after, observed)
                    if c >= cost and _same_but_unsure_accolades(after, view, unsure):
                        longer = chain + (move,)
                        offer(longer, after)
                        if not work.is_terminal():
                            walk(longer, after, c, refill, raised, renames, start)
                        work.pop()
                        if shown_out:
                            owed.pop()
                        continue
                    if (c >= cost and stock_draw and isinstance(move, Draw) and not shows(move.card)
                            and not raised and dearer[0] < self.max_dearer_draws):
                        # a card drawn blindly onto a stock may go to the accolades later in the
                        # same scene, unseen (the turn ends with one more move and the victim's
                        # turn starts: seed 97207): the chain goes on from the dearer view, and
                        # only a move that takes the card out of sight again makes it cheaper
                        dearer[0] += 1
                        walk(chain + (move,), after, c, refill, True, renames, start)
                    elif c < cost:
                        longer = chain + (move,)
                        offer(longer, after)
                        # at no cost left, a refill may still owe the card behind the deck
                        if not work.is_terminal() and (c > 0 or (
                                observed.inn_hidden and bool(work.tasks)
                                and work.tasks[-1][:2] == ("draw", "inn") and behind_deck(start))):
                            walk(longer, after, c, refill, raised, renames, start)
                work.pop()
                if shown_out:
                    owed.pop()

        walk((), here, self._cost(here, observed))
        cut = tries[0] >= self.max_tries or len(out) >= self.max_chains
        # a refill is one scene (a hand puts all its cards out): a chain that stops half-way
        # through it is no still scene. (Confirmed, it left the tracker waiting for draws whose
        # cards had gone into the player's hand unseen, never to be named again: seed 97001; and
        # with a slot behind the deck it would explain the scene as well as the whole refill.)
        out = [c for c in out if not self._mid_refill(work, c)]
        out.sort(key=len)
        return ChainSearch(out, cut)

    @staticmethod
    def _mid_refill(work: OpenSeasonState, chain: tuple[Move, ...]) -> bool:
        """Whether ``chain`` ends with a draw to the inn and the refill still wants more (a chain
        that ends a turn, where the next refill has not begun, is whole)."""
        if not chain or not isinstance(chain[-1], Draw):
            return False
        pushed = 0
        waiting = False
        try:
            for move in chain:
                waiting = bool(work.tasks) and work.tasks[-1][:2] == ("draw", "inn")
                work.push_unchecked(move)
                pushed += 1
            waiting = waiting and bool(work.tasks) and work.tasks[-1][:2] == ("draw", "inn") and work.deck_size > 0
        except RulesError:
            waiting = True
        for _ in range(pushed):
            work.pop()
        return waiting

    # ------------------------------------------------------------------ reveals
    def prepare(self, state: OpenSeasonState, observed: OpenSeasonObservation) -> list[tuple[Any, Any]]:
        """The hand card taken unnamed from behind the deck (``TakeFromInn`` naming ``UNSEEN_CARD``),
        once the player's wall and stock show it: the one card newly shown there beyond the hand's
        known card (placed, or put atop the stock). None where it is not that one card."""
        if UNKNOWN not in state.hand or not state.tasks or state.tasks[-1][0] != "place":
            return []
        seat = state.turn_player
        want = self.expected(state).players.get(seat)
        got = observed.players.get(seat)
        if want is None or got is None:
            return []
        shown = Counter(face for s, face in got.wall.items() if face is not None and s not in want.wall)
        shown += Counter(got.stock) - Counter(want.stock)
        left = shown - Counter(CARD_NAMES[c] for c in state.hand if c is not UNKNOWN)
        if sum(left.values()) != 1:
            return []
        card = next(iter(left))
        if not state.deck_counts[CARD_IDS[card]]:
            return []
        return [(("hand", state.hand.index(UNKNOWN)), card)]

    def reveals(self, state: OpenSeasonState, observed: OpenSeasonObservation) -> list[tuple[Any, Any]]:
        """An inn card drawn behind the deck (UNKNOWN) whose slot the camera reads again: the card
        shown beyond the inn's known ones, where it may still be unseen (its differences cost
        nothing, see :meth:`differences`). An unseen card put back on the deck by a peek shows only
        when it is drawn, and the draw's outcome names it."""
        unknown = [i for i, c in enumerate(state.inn) if c is UNKNOWN]
        shown = len(unknown)
        if not shown:
            return []
        known = Counter(CARD_NAMES[c] for c in state.inn if c is not UNKNOWN)
        unseen = list(state.deck_counts)
        found: list[tuple[Any, Any]] = []
        for card in sorted((Counter(observed.inn) - known).elements()):
            if len(found) == shown:
                break
            if unseen[CARD_IDS[card]] > 0:
                unseen[CARD_IDS[card]] -= 1
                found.append((("inn", unknown[len(found)]), card))
        return found

    def location_words(self, location: Any) -> str:
        if isinstance(location, tuple) and len(location) == 2 and location[0] == "inn":
            return "the inn card drawn behind the deck"
        if isinstance(location, tuple) and len(location) == 2 and location[0] == "hand":
            return "the card taken from behind the deck"
        return str(location)

    # ------------------------------------------------------------------ diagnosis
    def diagnose(self, state: OpenSeasonState, observed: OpenSeasonObservation,
                 differences: Sequence[Difference]) -> str:
        here = self.expected(state)
        task = state.tasks[-1][0] if state.tasks else ""
        mover = state.turn_player
        reasons: list[str] = []
        missing_inn = _multiset(observed.inn, here.inn)[1][observed.inn_hidden:]
        need = 1 if state.kept[mover] >= 0 else 2
        if task == "take" and len(missing_inn) > need:
            reasons.append(f"{len(missing_inn)} cards left the inn; {player_name(mover)} may take only {need}"
                           + (" (a card was kept last turn)" if need == 1 else ""))
        for seat, want in here.players.items():
            got = observed.players.get(seat)
            if got is None:
                continue
            who = player_name(seat)
            for s, card in got.wall.items():
                before = want.wall.get(s, EMPTY)
                if before == card or (before != EMPTY and card != EMPTY
                                      and got.confidence.get(s, 1.0) < NAMED_WALL_CONFIDENCE):
                    continue
                if before != EMPTY:
                    reasons.append(f"a card was put on {who}'s space {s}, which already holds a card")
                    continue
                if seat != mover:
                    reasons.append(f"a card appeared on {who}'s wall (space {s}) out of turn")
                    continue
                if card is None:
                    if task == "place" and any(not down for _, _, down in state._placements()):
                        reasons.append(f"{who} placed a card face down on space {s} although a card "
                                       "could go face up")
                    continue
                frieze = self._frieze_clash(state, seat, s, card)
                if frieze:
                    reasons.append(frieze)
            for s, count in got.wall_trophies.items():
                if count > want.wall_trophies.get(s, 0):
                    reasons.append(self._trophy_reason(state, seat, s))
            extra_stock, _ = _multiset(got.stock, want.stock)
            if extra_stock:
                for other, theirs in here.players.items():
                    seen = observed.players.get(other)
                    if other == seat or seen is None:
                        continue
                    _, lost = _multiset(seen.stock, theirs.stock)
                    if set(lost) & set(extra_stock):
                        reasons.append(f"a card went from {player_name(other)}'s stock to {who}'s "
                                       "without a steal")
        if not reasons:
            if not differences:
                return "no legal move explains the table"
            # a difference that weighs nothing (a strip's attribute, a doubted face) is no reason
            weighty = [d for d in differences if d.weight > 0] or list(differences)
            worst = sorted(weighty, key=lambda d: -d.weight)[:3]
            return "no legal move explains the table: " + "; ".join(d.description for d in worst)
        return "; ".join(dict.fromkeys(reasons))

    @staticmethod
    def _frieze_clash(state: OpenSeasonState, seat: int, s: int, card: str) -> str:
        identity = CARD_IDS.get(card)
        if identity is None or not 1 <= s <= len(state.layout.frieze_neighbours):
            return ""  # not a card, or a reading beyond the wall: the differences say what is wrong
        wall = state.wall[seat]
        for o in state.layout.frieze_neighbours[s - 1]:
            v = wall[o]
            if 0 <= v < FACE_DOWN and v // 5 == identity // 5:
                people = PEOPLES[identity // 5]
                article = "an" if people[0] in "aeiou" else "a"
                return (f"{card} went on {player_name(seat)}'s space {s}, but space {o + 1} of the same "
                        f"frieze already shows {article} {people}")
        return ""

    @staticmethod
    def _trophy_reason(state: OpenSeasonState, seat: int, s: int) -> str:
        who = player_name(seat)
        layout = state.layout
        if s - 1 not in layout.trophy_spaces:
            return f"a trophy was put on {who}'s space {s}, a space that takes none (only the top and bottom rows do)"
        v = state.wall[seat][s - 1]
        if v >= FACE_DOWN:
            return f"a trophy was put on {who}'s face-down card on space {s}"
        if seat != state.turn_player:
            return f"{who} put a trophy on the wall out of turn"
        return f"a trophy was put on {who}'s space {s} when no trophy could go there"

    # ------------------------------------------------------------------ same table
    def same_scene(self, first: OpenSeasonObservation, second: OpenSeasonObservation) -> bool:
        return first == second  # confidences do not take part in the comparison

    # ------------------------------------------------------------------ words
    def player_name(self, seat: int) -> str:
        return player_name(seat)


def task_words(state: OpenSeasonState) -> str:
    """What the game waits for, in plain words."""
    if state.is_terminal():
        return "the game is over"
    name = str(state.tasks[-1][0])
    return TASK_WORDS.get(name, name)
