"""Open Season moves in plain words, for prompts, logs and golden playthroughs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Move
from rules.open_season.bonus import FACES
from rules.open_season.layout import Layout
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
    PlaceCard,
    PlaceTrophy,
    PlaceWild,
    RandomAccolade,
    ReplaceWallCard,
    ReturnCard,
    ReturnOnTop,
    SearchDeck,
    SkipTrophy,
    Steal,
    TakeFromInn,
    TakeInnCard,
    WildOnAccolade,
)

if TYPE_CHECKING:
    from rules.open_season.state import OpenSeasonState


def describe_move(state: OpenSeasonState, move: Move) -> str:
    """The move in plain words, in the context of ``state`` (whose turn, which task)."""
    task = state.tasks[-1] if state.tasks else ("",)
    who = f"Player {state.turn_player + 1}"

    def space(number: int) -> str:
        return space_words(state.layout, number)

    if isinstance(move, Draw):
        dest = task[1] if task[0] == "draw" and len(task) > 1 else "inn"
        where = {"inn": "to the inn", "drawn": "into the player's hand", "stock": ""}.get(dest, "")
        if dest == "stock" and len(task) > 2:
            where = f"atop player {task[2] + 1}'s stock"
        if move.card == UNSEEN_CARD:
            return f"the deck's top card goes {where} where the camera cannot see it"
        return f"the deck's top card is {move.card} ({where})"
    if isinstance(move, RandomAccolade):
        return f"the random card from player {task[1] + 1 if len(task) > 1 else '?'}'s accolades is {move.card}"
    if isinstance(move, ChooseBonusFace):
        face = FACES.get(move.face)
        text = face.text if face else "?"
        return f"Player {task[1] + 1 if task[0] == 'choose_face' else '?'} puts bonus face {move.face} ({text}) atop column {move.column}"
    if isinstance(move, TakeFromInn):
        cards = " and ".join("the card behind the deck" if c == UNSEEN_CARD else c for c in move.cards) or "no card"
        kept = " plus the card kept last turn" if state.kept[state.turn_player] >= 0 else ""
        return f"{who} takes {cards} from the inn{kept}"
    if isinstance(move, PlaceCard):
        how = "face down " if move.face_down else ""
        return f"{who} places {move.card} {how}on {space(move.space)}; the other card goes atop the stock"
    if isinstance(move, Steal):
        return f"{who} steals from player {move.victim + 1}"
    if isinstance(move, Compensate):
        victim = f"Player {task[1] + 1}" if task[0] == "compensate" else "The victim"
        if move.source == "none":
            return f"{victim} takes no compensation card"
        if move.source == "deck":
            return f"{victim} takes the deck's top card blindly as compensation"
        return f"{victim} takes {move.card} from the inn as compensation"
    if isinstance(move, MoveTrophy):
        return f"{who} moves a trophy from {space(move.from_space)} to {space(move.to_space)}"
    if isinstance(move, KeepPeeked):
        return f"{who} keeps the peeked {move.card} atop the stock and puts the other card back"
    if isinstance(move, KeepInnCard):
        return f"{who} keeps {move.card} from the inn for the next turn"
    if isinstance(move, TakeInnCard):
        return f"{who} takes {move.card} from the inn atop the stock"
    if isinstance(move, PlaceTrophy):
        return f"{who} places a trophy on {space(move.space)}"
    if isinstance(move, SkipTrophy):
        return f"{who} places no trophy this turn"
    if isinstance(move, KeepWild):
        return f"{who} keeps the wild token for later"
    if isinstance(move, ActivateScoring):
        return f"{who} activates the endgame scoring '{move.scoring.replace('_', ' ')}' with a trophy"
    if isinstance(move, PlaceWild):
        owner = task[1] + 1 if task[0] == "final_wild" else state.turn_player + 1
        return f"Player {owner} puts a wild token on {space(move.space)}, making it {move.attribute}"
    if isinstance(move, WildOnAccolade):
        return f"Player {task[1] + 1 if task[0] == 'final_wild' else '?'} puts a wild token on an accolade {move.card}, making it {move.attribute}"
    if isinstance(move, ActivateBonus):
        return f"{who} resolves the bonus tile of column {move.column} first"
    if isinstance(move, PickDiscard):
        return f"{who} picks the discarded {move.card} atop the stock; the other discards leave the game"
    if isinstance(move, KeepDrawn):
        return f"{who} keeps the drawn {move.card}"
    if isinstance(move, ReturnOnTop):
        return f"{who} puts the drawn cards back with {move.card} on top of the deck"
    if isinstance(move, GiveCard):
        return f"{who} gives {move.card} to player {move.player + 1}'s stock"
    if isinstance(move, ReturnCard):
        return f"{who} puts {move.card} from the {move.source} face down on the deck"
    if isinstance(move, SearchDeck):
        return f"{who} takes {move.card} from the deck atop the stock and shuffles the deck"
    if isinstance(move, ReplaceWallCard):
        return f"{who} replaces the card on {space(move.space)} with {move.card} from the {move.source}"
    return str(move)

def space_words(layout: Layout, number: int) -> str:
    s = number - 1
    if not isinstance(number, int) or not 0 <= s < layout.num_spaces:
        return f"space {number}"
    role = layout.actions.get(s)
    if role is None:
        points = layout.people_points.get(s)
        if points is not None:
            role = f"{points:+d} per card"
        elif s == layout.majority_space:
            role = "majority"
        elif s == layout.attribute_space:
            role = "attribute"
        elif layout.trophy_window is not None and s == layout.trophy_window[0]:
            role = "trophy window"
        elif layout.shield_trophy is not None and s in layout.shield_trophy[0]:
            role = "trophy space"
        else:
            role = "row 2" if layout.rows[s] == 2 else "row 3"
    return f"space {number} ({role.replace('_', ' ')})"
