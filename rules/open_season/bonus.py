"""Expert-mode bonus tile faces (rulebook pages 10-11), in the rulebook's order.

Decision (shared/rules/open_season.md): the 14 faces pair into 7 tiles (faces 1+2, 3+4, ...);
each player picks 4 faces of 4 different tiles and puts one atop each wall column. The kind of
each face (one-shot at end of turn, permanent, or scoring) follows the rulebook's text.
"""

from __future__ import annotations

from dataclasses import dataclass

ONE_SHOT = "one-shot"
PERMANENT = "permanent"
SCORING = "scoring"


@dataclass(frozen=True)
class BonusFace:
    number: int
    name: str
    kind: str
    horn_only: bool
    text: str

    @property
    def tile(self) -> int:
        """Faces 1+2 are tile 1, 3+4 tile 2, ..."""
        return (self.number + 1) // 2


# fmt: off
BONUS_FACES: tuple[BonusFace, ...] = (  # reconstructed (pairing and kinds)
    BonusFace(1, "opponents_discard", ONE_SHOT, False,
              "each opponent discards their stock's top card (else a random accolade); keep one atop your stock"),
    BonusFace(2, "draw_four_keep_two", ONE_SHOT, False,
              "draw 4 cards, keep 2 atop your stock, put the other 2 back atop the deck"),
    BonusFace(3, "deal_one_each", ONE_SHOT, False,
              "draw 1 card per player and give one to each player's stock (only yours triggers)"),
    BonusFace(4, "swap_with_deck", ONE_SHOT, False,
              "put a card of your stock or accolades on the deck, take any deck card to your stock, shuffle"),
    BonusFace(5, "replace_wall_card", ONE_SHOT, False,
              "replace a wall card with one of your stock or accolades; the replaced card goes atop your stock"),
    BonusFace(6, "steal_trophies", ONE_SHOT, False,
              "steal 1 trophy from each player (their supply first, else their wall)"),
    BonusFace(7, "one_point_spaces_double", SCORING, True,
              "spaces that score 1 per card score 2"),
    BonusFace(8, "negative_spaces_soften", SCORING, True,
              "the two negative spaces score only -1 per card"),
    BonusFace(9, "columns_all_different", SCORING, False,
              "5 per column of at least 2 cards whose attributes are all different"),
    BonusFace(10, "eight_minus_least", SCORING, False,
              "8, then -1 per card of your least present attribute"),
    BonusFace(11, "columns_all_identical", SCORING, False,
              "3 per column of at least 2 cards whose attributes are all identical"),
    # Horn-only too: the Shield side has no majority space, so face 12 would do nothing there.
    BonusFace(12, "majority_plus_two", SCORING, True,
              "add 2 to your card count for the majority space"),
    BonusFace(13, "peoples_at_most_twice", SCORING, False,
              "12 if no people shows more than twice on your wall"),
    BonusFace(14, "two_of_three", PERMANENT, False,
              "3-space columns activate with only two identical attributes"),
)
# fmt: on

FACES: dict[int, BonusFace] = {f.number: f for f in BONUS_FACES}
NUM_COLUMNS = 4
