"""The engine's and the tracker's English sentences in French and Dutch, translated at the UI edge.

Why at the edge: rules/ and tracker/ speak English on purpose (logs, golden playthrough files and
the command line depend on their exact words), while the tablet must speak the players'
language. So the app keeps the English original and translates it whenever it is shown (a
language switch re-translates what is on screen).

How: every sentence *shape* the engine or the tracker can produce (the f-strings in
rules/octocube/words.py, scoring.py, tracker/octocube/adapter.py, inference.py, session.py; for
Open Season rules/open_season/words.py, scoring.py, tracker/open_season/prompts.py, adapter.py;
for Octo Dice rules/octo_dice/state.py (describe_move, the ledger's reasons, waiting_for),
tracker/octo_dice/prompts.py, adapter.py; for the Photo screen the photo scorers' own words:
vision/octocube/score_photo.py, vision/open_season/score_photo.py, accolades.py, tokens.py,
vision/photo_calibration.py, calibration/table.py, ui/app/photo_worker.py) is written below once,
in English, with typed slots (``{who}``, ``{loc}``, ``{tile}``, ``{dir}`` ...).
Each shape becomes an anchored regular expression; each slot's text is translated on its own
(a player colour, a tile, a direction, an optional tail such as " and picks up a green pearl"),
and the pieces are put into the target sentence of ``sentences-<lang>.json``. Sentences joined
by the tracker ("; then " between moves, "; " between reasons) are split and translated part by
part. Text no shape explains comes back unchanged: never a crash, never half a translation.

To add a sentence: add its shape to ``SHAPES`` (same words as the f-string, slots for the parts
that vary), add its id to both JSON files, and run tests/ui/test_sentences.py (it plays random
games and fails on any English sentence left untranslated) or, for a photo scorer's words,
tests/ui/test_photo_sentences.py (it scores rendered finished tables and refused photos).

Nothing here imports kivy.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.octocube.components import BACKGROUND_COLOURS, FACES, OBJECTS, PLAYER_COLOURS, SIDE_FACES
from rules.octocube.scoring import PLURAL
from rules.octocube.words import POWER_WORDS
from rules.octo_dice.components import COLOURS as DICE_COLOURS
from rules.octo_dice.components import LAB_TILES, WHITE_FACES
from rules.octo_dice.state import COLUMN_WORDS
from rules.open_season.bonus import FACES as BONUS_FACES
from rules.open_season.cards import ATTRIBUTES, PEOPLES
from rules.open_season.layout import ACTIONS as OS_ACTIONS
from rules.open_season.layout import SHIELD_SCORINGS
from rules.open_season.state import TASK_WORDS
from ui.i18n import LANGUAGES, TranslationError, read_language_file, tr

_HERE = Path(__file__).resolve().parent

# the engine's own word lists: the shapes below match exactly what it writes
_COLOURS = BACKGROUND_COLOURS
_OBJECTS = OBJECTS
_PLURALS = {plural: obj for obj, plural in PLURAL.items()}
_PLAYERS = tuple(colour.capitalize() for colour in PLAYER_COLOURS)
_DIRECTIONS = SIDE_FACES
_FACES = FACES
_POWER_WORDS = POWER_WORDS


def _alt(words: object) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))  # type: ignore[call-overload]


# ---------------------------------------------------------------------------------------- shapes
# (id, table, English shape). A slot is {name} or {name:kind}; without a kind, the name less its
# trailing digits is the kind ({loc2} is a loc). Tables: "top" = whole sentences, "move" = one
# move description, "problem" = one illegal-move reason or one camera/engine difference; the
# others are optional tails used by the "move" shapes.
SHAPES: tuple[tuple[str, str, str], ...] = (
    # --- rules/octocube/words.py: describe_move
    ("move.place", "move", "{who} places the cube on {loc}{orient}{pickup}"),
    ("move.roll_outside", "move", "{who} rolls {dir} (but the cube is not in the play area)"),
    ("move.roll_off", "move", "{who} rolls {dir} off the play area from {here}"),
    ("move.roll", "move", "{who} rolls {dir} from {here} to {loc}{orient}{pickup}{leaving}"),
    ("move.extra_roll", "move", "{who} an extra roll: rolls {dir} from {here} to {loc}{orient}{pickup}{leaving}"),
    ("move.pivot", "move", "{who} pivots the cube {n} degrees clockwise on {here}"),
    ("move.elided", "move", "\u2026"),
    ("move.score_nothing", "move", "{who} scores: takes the cube home from {here} without collecting a tile{leaving}"),
    ("move.score", "move", "{who} scores from {here}: collects {tiles}{kept}{leaving}"),
    ("move.set_aside", "move", "{who} sets the leftover tiles aside: there is no abyss tile or free stack for them"),
    ("move.pass", "move", "{who} passes"),
    ("move.decline_roll", "move", "{who} declines the extra roll"),
    ("move.decline_power", "move", "{who} declines power {letter}"),
    ("move.choose_abyss", "move", "{who} puts abyss tile {letter} on {spot}"),
    ("move.power_roll", "move", "{who} uses power {letter} of {loc} ({power}): rolls {dir} to {loc2}{pickup}"),
    ("move.power_give", "move", "{who} uses power {letter} of {loc} ({power}): gives {tile} for {tile2} from the board"),
    ("move.power_move", "move", "{who} uses power {letter} of {loc} ({power}): moves to {loc2}{pickup}"),
    ("move.power_take_swap", "move",
     "{who} uses power {letter} of {loc} ({power}): takes {tile} from {loc2} for {tile2} from the board"),
    ("move.power_take", "move", "{who} uses power {letter} of {loc} ({power}): takes {tile} from {loc2}"),
    ("move.power_unchanged", "move", "{who} uses power {letter} of {loc} ({power}): unchanged"),
    ("move.power_reorient", "move", "{who} uses power {letter} of {loc} ({power}):{orient}"),
    ("move.power_with", "move", "{who} uses power {letter} of {loc} ({power}) with {who2}"),
    ("move.power_stacks", "move", "{who} uses power {letter} of {loc} ({power}): {loc2} and {loc3}"),
    ("move.power", "move", "{who} uses power {letter} of {loc} ({power})"),
    ("move.retrieve", "move", "{who} retrieves the cube from {here} with {n} {tile_word}{leaving}"),
    ("move.board", "move", "{who} puts {tile} on the {space}"),
    ("move.leftover_abyss", "move", "{who} puts the leftover tiles on {loc}, replacing its abyss tile"),
    ("move.leftover_top", "move", "{who} puts the leftover tiles on {loc}, on top of that stack"),
    ("move.leftover_tile", "move", "{who} adds {tile} to the leftover stack on {spot}"),
    # optional tails of a move description
    ("tail.orient", "orient", " turned so that its {face} face is down and its {face2} face looks north"),
    ("tail.pickup", "pickup", " and picks up {tile}"),
    ("tail.kept", "kept", ", leaving {n} on the cube"),
    # rules/octocube/words.py score_faces_words: which faces a Score took (a question's alike options)
    ("detail.faces", "detail", "from the {faces} faces"),
    ("detail.options", "detail", "{n} options"),
    ("detail.face", "detail", "from the {face} face"),
    ("detail.no_face", "detail", "from no face"),
    # tracker/inference.py _distinct_texts: the unknown an option names (adapter.location_words)
    ("detail.cube_tile", "detail", "the {face} face of {who}'s cube shows {tile}"),
    ("tail.emptied_gone", "leaving", "; {loc} is emptied and stops being a space"),
    ("tail.emptied_abyss", "leaving", "; {loc} is emptied and gets an abyss tile"),
    # --- tracker/inference.py, tracker/session.py: questions, alerts, notes
    ("question.cannot_tell", "top", "The camera cannot tell what {who} did. Which was it?"),
    ("question.game_over", "top", "The game is over: what did {who} do last?"),
    ("question.which_tile", "top",
     "The game is over: which tile is on the {face} face of {who}'s cube? The camera never saw it, and the "
     "final Score counts it"),
    ("option.tile", "top", "{tile}"),
    ("alert.none_happened", "top",
     "the players say none of the camera's options happened: put the table back as it was"),
    ("question.lost_track", "top", "The camera lost track of the game. Which of these is what happened?"),
    ("question.misread", "top", "The camera may have misread something. Which of these did {who} do?"),
    ("question.unseen_which", "top", "Which of these was it? They differ only in what the camera did not see"),
    ("question.which", "top", "Which of these was it?"),
    ("alert.none_is_where", "top",
     "the players say none of the camera's options is where the game stands: put the table back as it was, "
     "undo, or confirm what happened"),
    ("cleared.table_matches", "top", "the table matches the game again"),
    # --- tracker/pipeline.py and the recognisers: what the camera says instead of reading
    ("camera.unknown_copy", "top",
     "these tiles do not look like any copy I know: teach me your copy (tablesight teach)"),
    ("camera.unknown_pack", "top",
     "these tiles do not look like the copy I was taught: teach me this copy (tablesight teach) or give its pack"),
    ("camera.unknown_cards", "top",
     "these cards do not look like any copy I know: teach me your copy (tablesight teach)"),
    ("camera.unknown_cards_pack", "top",
     "these cards do not look like the copy I was taught: teach me this copy (tablesight teach) or give its pack"),
    ("camera.hand", "top", "a hand or an object hides the play area: waiting"),
    ("camera.cocked", "top",
     "the scene could not be read: a {dkind} die at {at} is cocked (leaning, no face up): re-roll it; the roll is "
     "read once every die lies flat"),
    ("note.lies_flat", "top", "the players say the die at {at} lies flat: read it"),
    ("note.misread", "problem", "the players say the camera misread it: the {dkind} die at {at} shows {dface}"),
    ("note.misread_more", "problem", "the {dkind} die at {at} shows {dface}"),
    ("cleared.move_explains", "top", "the move explains the table"),
    ("cleared.correction", "top", "the players confirmed a correction"),
    ("cleared.players_said", "top", "the players said where the game stands"),
    ("note.lost_step", "top",
     "lost step with the table for {n} scenes; no legal position found that matches it yet"),
    ("note.alert_cleared", "top", "alert cleared: {cleared}"),
    ("note.took_back", "top", "took back: {move}"),
    ("note.no_ending", "top", "the players ended the game, but no unseen move ends it"),
    # tracker/session.py: a question that waits for the next scene or for the seat's next turn
    ("note.seat_waiting", "top", "waiting for {who}'s next turn to tell which: {chains}"),
    ("note.seat_asked", "top", "{who}'s turns since do not tell which: asked now"),
    ("note.seat_dropped_taken_back", "top",
     "the question waiting for a later turn is dropped: its move was taken back"),
    ("note.seat_dropped_tablet", "top",
     "the question waiting for a later turn is dropped: the players act on the tablet"),
    ("note.seat_settled", "top", "a later scene shows which: {chain}"),
    ("note.seat_replaced", "top", "a later scene shows that {chain} is not what happened: {chain2}"),
    ("note.scene_waiting", "top", "waiting for the next scene to tell which: {chains}"),
    ("note.scene_settled", "top", "the next scene shows which: {chain}"),
    ("note.scene_not_shown", "top", "the next scene does not show that {chain}: asked"),
    ("answer.none", "top", "none of these"),
    ("seen.space", "top", "seen: {loc} shows {tile}"),
    ("seen.cube", "top", "seen: the {face} face of {who}'s cube shows {tile}"),
    # --- tracker/octocube/adapter.py: diagnose (why a change is illegal)
    ("problem.out_of_turn", "problem", "{who} moved out of turn (it is {who2}'s turn)"),
    ("problem.diagonal", "problem",
     "{who}'s cube moved diagonally ({loc} to {loc2}); a roll goes one space north, south, east or west"),
    ("problem.too_far", "problem", "{who}'s cube moved {n} spaces ({loc} to {loc2}); a roll moves one space"),
    ("problem.not_edge", "problem", "{who}'s cube was put on {loc}, which is not an edge space"),
    ("problem.tile_left_shows", "problem",
     "a tile left stack {loc} with no cube on it (it now shows {tile}, was {tile2})"),
    ("problem.tile_left", "problem", "a tile left stack {loc} with no cube on it"),
    ("problem.appeared", "problem", "{tile} appeared on {loc}"),
    ("problem.board_gained", "problem", "tiles appeared on {who}'s board without a Score"),
    ("problem.board_lost", "problem", "tiles left {who}'s board"),
    ("problem.unexplained_because", "problem", "no legal move explains the table: {problems}"),
    ("problem.unexplained", "problem", "no legal move explains the table"),
    # --- tracker/octocube/adapter.py: differences (camera vs. engine)
    ("diff.not_read", "problem", "{loc} was not read"),
    ("diff.expected_cube", "problem", "{loc} shows {tile}, expected a cube there"),
    ("diff.covered", "problem", "a cube covers {loc}, expected {tile}"),
    ("diff.expected_nothing", "problem", "{loc} shows {tile}, expected no tile"),
    ("diff.expected_a_tile", "problem", "{loc} shows {tile}, expected a tile"),
    ("diff.expected", "problem", "{loc} shows {tile}, expected {tile2}"),
    ("diff.height", "problem", "the stack at {loc} is {n} tiles high, expected {n2}"),
    ("diff.not_a_space", "problem", "{loc} is not a space but shows {tile}"),
    ("diff.cube_missing", "problem", "{who}'s cube was not found"),
    ("diff.cube_where", "problem", "{who}'s cube is {where}, expected {where2}"),
    ("diff.bare_metal", "problem", "{who}'s cube shows bare metal on top, expected a tile"),
    ("diff.cube_top", "problem", "{who}'s cube shows {tile} on top, expected {tile2}"),
    ("diff.rotation", "problem", "the tile on top of {who}'s cube is turned {n} degrees, expected {n2}"),
    ("diff.board_not_read", "problem", "{who}'s board was not read"),
    ("diff.board_space_nothing", "problem", "{who}'s board space {n} shows {tile}, expected nothing"),
    ("diff.board_space_empty", "problem", "{who}'s board space {n} shows nothing, expected {tile}"),
    ("diff.board_space", "problem", "{who}'s board space {n} shows {tile}, expected {tile2}"),
    ("diff.board_extra_missing", "problem", "{who}'s board shows {labels} too and lacks {labels2}"),
    ("diff.board_extra", "problem", "{who}'s board shows {labels} too"),
    ("diff.board_missing", "problem", "{who}'s board lacks {labels}"),
    ("diff.coins", "problem", "{who} has {n} coins, expected {n2}"),
    ("diff.coin_pile", "problem", "{who} has a coin pile, expected {n} {coin_word}"),
    ("diff.no_coins", "problem", "{who} has no coins, expected {n} {coin_word}"),
    # --- tracker/open_season/prompts.py, tracker/octo_dice/prompts.py: the players' prompt
    ("prompt.over", "top", "The game is over."),
    ("os.prompt.refill", "top", "{who}'s turn (round {n}): refill the inn to {k} cards."),
    ("os.prompt.chance", "top", "{who}'s turn: {task}."),
    ("os.prompt.during", "top", "{who}: {task} (during {who2}'s turn)."),
    ("os.prompt.turn", "top", "{who}'s turn (round {n}): {task}."),
    ("od.prompt.roll_all", "top", "{waiting}: throw the {n} dice in the roll area."),
    ("od.prompt.roll_rest", "top", "{waiting}: throw the {n} dice that are not set aside."),
    ("od.prompt.virtual", "top", "Roll the virtual player's {n} dice in the roll area."),
    ("od.prompt.set_aside", "top", "{waiting}: move {n} of the dice just rolled to the set-aside area."),
    ("od.prompt.tablet", "top", "{waiting}: choose on the tablet."),
    # rules/octo_dice/state.py: waiting_for
    ("od.wait.roll", "waiting", "{who} is to roll {n} dice"),
    ("od.wait.virtual", "waiting", "the virtual player's {n} dice are to be rolled"),
    ("od.wait.set_aside", "waiting", "{who} is to set aside {n} dice"),
    ("od.wait.main", "waiting", "{who} is to take a main action or end them"),
    ("od.wait.bonus", "waiting", "{who} is to take a bonus action or decline"),
    ("od.wait.super_level", "waiting", "{who} is to choose a column for Super-Level"),
    ("od.wait.over", "waiting", "the game is over"),
    # --- rules/open_season/words.py: describe_move
    ("os.move.draw_to", "move", "the deck's top card is {card} ({dest})"),
    ("os.move.draw", "move", "the deck's top card is {card} ()"),
    ("os.move.draw_unseen", "move", "the deck's top card goes {dest} where the camera cannot see it"),
    ("os.move.random_acc", "move", "the random card from {who}'s accolades is {card}"),
    ("os.move.bonus_face", "move", "{who} puts bonus face {n} ({bface}) atop column {k}"),
    ("os.move.take_kept", "move", "{who} takes {cards} from the inn plus the card kept last turn"),
    ("os.move.take", "move", "{who} takes {cards} from the inn"),
    ("os.move.place_down", "move", "{who} places {card} face down on {osspace}; the other card goes atop the stock"),
    ("os.move.place", "move", "{who} places {card} on {osspace}; the other card goes atop the stock"),
    ("os.move.steal", "move", "{who} steals from {who2}"),
    ("os.move.comp_none", "move", "{victim} takes no compensation card"),
    ("os.move.comp_deck", "move", "{victim} takes the deck's top card blindly as compensation"),
    ("os.move.comp_inn", "move", "{victim} takes {card} from the inn as compensation"),
    ("os.move.move_trophy", "move", "{who} moves a trophy from {osspace} to {osspace2}"),
    ("os.move.keep_peeked", "move", "{who} keeps the peeked {card} atop the stock and puts the other card back"),
    ("os.move.keep_inn", "move", "{who} keeps {card} from the inn for the next turn"),
    ("os.move.take_inn", "move", "{who} takes {card} from the inn atop the stock"),
    ("os.move.trophy", "move", "{who} places a trophy on {osspace}"),
    ("os.move.no_trophy", "move", "{who} places no trophy this turn"),
    ("os.move.keep_wild", "move", "{who} keeps the wild token for later"),
    ("os.move.scoring", "move", "{who} activates the endgame scoring '{scoring}' with a trophy"),
    ("os.move.wild", "move", "{who} puts a wild token on {osspace}, making it {attr}"),
    ("os.move.wild_accolade", "move", "{who} puts a wild token on an accolade {card}, making it {attr}"),
    ("os.move.bonus_first", "move", "{who} resolves the bonus tile of column {n} first"),
    ("os.move.pick_discard", "move",
     "{who} picks the discarded {card} atop the stock; the other discards leave the game"),
    ("os.move.keep_drawn", "move", "{who} keeps the drawn {card}"),
    ("os.move.return_top", "move", "{who} puts the drawn cards back with {card} on top of the deck"),
    ("os.move.give", "move", "{who} gives {card} to {who2}'s stock"),
    ("os.move.return_card", "move", "{who} puts {card} from the {pile} face down on the deck"),
    ("os.move.search", "move", "{who} takes {card} from the deck atop the stock and shuffles the deck"),
    ("os.move.replace", "move", "{who} replaces the card on {osspace} with {card} from the {pile}"),
    # --- rules/octo_dice/state.py: describe_move
    ("od.move.roll", "move", "roll: {roll}"),
    ("od.move.virtual_roll", "move", "virtual player's roll: {roll}"),
    ("od.move.set_aside", "move", "{who} sets aside {die} ({dface}) and {die2} ({dface2})"),
    ("od.move.end", "move", "{who} ends the main actions"),
    ("od.move.no_bonus", "move", "{who} takes no bonus action"),
    ("od.move.super_level", "move", "{who} uses Super-Level on {column}"),
    ("od.move.action", "move", "{who}, {label} ({die} + {die2}): {plan} [{n} {point_word}]"),
    ("od.move.octopods", "move",
     "{who}, bonus octopod action ({dice}): {n} {octopod_word}, bonus {k}{plus}{notes}"),
    # the action's effect (Plan.text)
    ("od.plan.crystal", "plan", "crystal {n} of {k} with a {m}: {p}{plus}{notes}"),
    ("od.plan.research", "plan", "research circle {n} ({dcolour}): {p}{plus}{notes}"),
    ("od.plan.bot", "plan", "{dcolour} bot (circle {n}): {p}{plus}{notes}"),
    ("od.plan.submarine", "plan", "{dcolour} submarine: {p}{plus}{notes}"),
    ("od.plan.lab", "plan", "lab: {column} to level {n} ({labtile}): {p}{plus}{notes}"),
    ("od.tail.plus", "plus", " +1 {labtile}"),
    ("od.tail.notes", "notes", " ({note})"),
    ("od.tail.notes2", "notes", " ({note}; {note2})"),
    # notes between brackets after a plan or an octopod count
    ("od.note.lab_colour", "note", "Flexi-Lab: yellow read as {dcolour}"),
    ("od.note.lab_number", "note", "Flexi-Lab: {n} read as {k}"),
    ("od.note.tec", "note", "Flexi-Tec: research used as bot"),
    ("od.note.sub", "note", "Flexi-Sub: submarine used as bot"),
    ("od.note.octo_sub", "note", "Octo-Sub: {die}'s submarine"),
    ("od.note.octo_catch", "note", "Octo-Catch: unused {die}"),
    # --- tracker/open_season/adapter.py: diagnose (why a change is illegal) and differences
    ("os.problem.inn_kept", "problem",
     "{n} cards left the inn; {who} may take only {k} (a card was kept last turn)"),
    ("os.problem.inn", "problem", "{n} cards left the inn; {who} may take only {k}"),
    ("os.problem.occupied", "problem", "a card was put on {who}'s space {n}, which already holds a card"),
    ("os.problem.out_of_turn", "problem", "a card appeared on {who}'s wall (space {n}) out of turn"),
    ("os.problem.face_down", "problem", "{who} placed a card face down on space {n} although a card could go face up"),
    ("os.problem.frieze", "problem",
     "{card} went on {who}'s space {n}, but space {k} of the same frieze already shows {apeople}"),
    ("os.problem.trophy_row", "problem",
     "a trophy was put on {who}'s space {n}, a space that takes none (only the top and bottom rows do)"),
    ("os.problem.trophy_down", "problem", "a trophy was put on {who}'s face-down card on space {n}"),
    ("os.problem.trophy_turn", "problem", "{who} put a trophy on the wall out of turn"),
    ("os.problem.trophy_none", "problem", "a trophy was put on {who}'s space {n} when no trophy could go there"),
    ("os.problem.steal", "problem", "a card went from {who}'s stock to {who2}'s without a steal"),
    ("os.diff.inn_extra", "problem", "the inn shows {card}, not expected there"),
    ("os.diff.inn_missing", "problem", "the inn lacks {card}"),
    ("os.diff.inn_hidden_surplus", "problem", "a card lies behind the deck where the inn should have none"),
    ("os.diff.discards_extra", "problem", "the discards show {card} too"),
    ("os.diff.discards_missing", "problem", "the discards lack {card}"),
    ("os.diff.not_read", "problem", "{who}'s area was not read"),
    ("os.diff.space", "problem", "{who}'s space {n} shows {oscard}, expected {oscard2}"),
    ("os.diff.trophies", "problem", "{who}'s space {n} holds {k} trophies, expected {m}"),
    ("os.diff.wild_extra", "problem", "{who}'s space {n} holds a wild token"),
    ("os.diff.wild_missing", "problem", "{who}'s space {n} lacks a wild token"),
    ("os.diff.stock_extra", "problem", "{who}'s stock shows {card} too"),
    ("os.diff.stock_missing", "problem", "{who}'s stock lacks {card}"),
    ("os.diff.stock_order", "problem", "{who}'s stock is in another order"),
    ("os.diff.accolades", "problem", "{who} has {n} accolade cards, expected {k}"),
    ("os.diff.accolade_wilds", "problem", "{who} has {n} wild tokens on accolades, expected {k}"),
    ("os.diff.kept", "problem", "{who}'s kept card is {okept}, expected {okept2}"),
    ("os.diff.supply_trophies", "problem", "{who} holds {n} trophies, expected {k}"),
    ("os.diff.supply_wilds", "problem", "{who} holds {n} wild, expected {k}"),
    ("os.diff.penalty_appeared", "problem", "{who}'s penalty tile appeared"),
    ("os.diff.penalty_missing", "problem", "{who}'s penalty tile is missing"),
    ("os.diff.series_appeared", "problem", "{who}'s attribute series tile appeared"),
    ("os.diff.series_missing", "problem", "{who}'s attribute series tile is missing"),
    ("os.diff.scoring_has", "problem", "{who}'s scoring {scoring} has a trophy"),
    ("os.diff.scoring_lacks", "problem", "{who}'s scoring {scoring} lacks a trophy"),
    ("os.diff.bonus", "problem", "{who}'s bonus tile on column {n} reads {bval}, expected {bval2}"),
    # --- tracker/octo_dice/adapter.py: diagnose and differences
    ("od.problem.no_dice", "problem", "no dice on the mat"),
    ("od.problem.other_die", "problem",
     "a die of another game lies on the mat at {at}: only the six Octo Dice are read"),
    ("od.problem.off_mat", "problem",
     "a {dkind} die lies off the mat at {at}: put it in the roll area or the set-aside area"),
    ("od.problem.turned", "problem",
     "{dwords} was turned by hand: it showed {dface} at the same place and did not tumble"),
    ("od.problem.rerolled", "problem",
     "{dwords} was set aside and has been rolled again: set-aside dice stay where they are until the end of the turn"),
    ("od.problem.taken_back", "problem",
     "{dwords} was taken back from the set-aside area: set-aside dice stay there until the end of the turn"),
    ("od.problem.left_aside", "problem",
     "{dwords} left the set-aside area: set-aside dice stay there until the end of the turn"),
    ("od.problem.aside_count", "problem", "{who} set aside {n} dice: keep exactly 2 after each roll"),
    ("od.problem.rolled_early", "problem",
     "the dice were rolled again before 2 were set aside: {who} keeps 2 dice, then rolls the rest"),
    ("od.problem.stale", "problem",
     "{n} dice were rolled and {k} did not move: roll all {m} dice that are not set aside"),
    ("od.problem.roll_count", "problem", "{n} dice lie in the roll area: roll the {k} dice that are not set aside"),
    ("od.problem.tablet", "problem", "the dice moved, but the game waits for a choice on the tablet: {waiting}"),
    ("od.problem.no_step", "problem", "the dice do not match any step of the roll procedure: {problems}"),
    ("od.diff.other_die", "problem", "a die of another game lies on the mat at {at}"),
    ("od.diff.cocked", "problem", "a {dkind} die is cocked at {at}: re-roll it"),
    ("od.diff.off_mat", "problem", "a {dkind} die lies off the mat at {at}"),
    ("od.diff.turned", "problem",
     "{dwords} at {at} showed {dface} there and did not tumble: it was turned by hand"),
    ("od.diff.not_rolled", "problem", "{dwords} at {at} did not move: it was not rolled"),
    ("od.diff.number_misread", "problem", "{dwords} at {at} may be {dface} with its number misread"),
    ("od.diff.still_misread", "problem", "{dwords} at {at} may be {dface}, as it lay there, misread"),
    ("od.diff.thrown", "problem", "{dwords} landed at {at}: it was thrown"),
    ("od.diff.lacks", "problem", "the {area} lacks {dwords}"),
    ("od.diff.extra", "problem", "the {area} shows {dwords} too"),
    # --- tracker/octo_dice/corrections.py, tracker/session.py: a die set right on the tablet
    ("od.fix.no_roll", "problem", "no roll to correct: only the last roll can be set, before an action is entered"),
    ("od.fix.not_rolled", "problem", "{die} was not in the last roll"),
    ("od.fix.other_black", "problem", "{dface} is on another black die of this roll: set that die first"),
    ("tracker.answer_first", "problem", "answer the question first"),
    # --- rules/octo_dice/state.py: the ledger's reasons (score lines) and the tie-break
    ("od.score.sub_bots", "score", "{dcolour} submarine x {n} {dcolour2} {bot_word} = {p}"),
    ("od.score.no_sub", "score", "no submarine crossed out"),
    ("od.score.caught", "score", "both octopods caught: the {m} is crossed out"),
    ("od.score.not_caught", "score", "only {n} of {k} octopods caught: {m}"),
    ("od.score.octopods_bonus", "score",
     "{n} {octopod_word}: crossed {k} {symbol_word}{caught}, bonus {p}{plus}{notes}"),
    ("od.score.octopods", "score", "{n} {octopod_word}: crossed {k} {symbol_word}{caught}, no bonus{notes}"),
    ("od.tail.caught", "caught", " (both caught: the {m} is crossed out)"),
    ("od.score.no_crystal", "score", "no crystal crossed out: no crystal bonus"),
    ("od.score.crystals_tied", "score",
     "{n} {crystal_word}, tied {k} ways for {rank}: {p} shared, rounded up to {m} each"),
    ("od.score.crystals", "score", "{n} {crystal_word}, {rank}: {p}"),
    ("od.score.lab_columns", "score", "{labtile}: {n} completely expanded {column_word}"),
    ("od.score.lab_rows", "score", "{labtile}: {n} completely expanded {row_word}"),
    ("od.score.octo_penalties", "score", "{labtile}: {n} crossed-out octopod {penalty_word}"),
    ("od.score.subs", "score", "{labtile}: {n} crossed-out {submarine_word}"),
    ("od.score.level_none", "score", "{labtile}: no points of its own (it moves a marker before this scoring)"),
    ("od.score.nothing_to_copy", "score", "{labtile}: nothing to copy"),
    ("od.score.level_jump", "score", "{labtile}: marker jumps to level {n} in {column} ({labtile2})"),
    ("od.tie.submarines", "score", "tied on {n} points; more crossed-out submarines wins ({subcounts})"),
    # --- rules/open_season/scoring.py: ScoreLine.reason and the tie-break
    ("os.score.not_activated", "score", "'{scoring}' not activated by a trophy"),
    ("os.score.eighteen_ok", "score", "{n} accolade cards (at least {k})"),
    ("os.score.eighteen_no", "score", "{n} accolade cards (fewer than {k})"),
    ("os.score.people_series", "score", "the {people} cards of your accolades show all {n} attributes"),
    ("os.score.no_people_series", "score", "no people shows all {n} attributes in your accolades"),
    ("os.score.identical_ok", "score", "{n} wall cards show {attr} (at least {k} identical)"),
    ("os.score.identical_no", "score", "{n} wall cards show {attr} (fewer than {k} identical)"),
    ("os.score.best_attr", "score", "{n} accolade cards with {attr} (your best attribute) x {k}"),
    ("os.score.bonus", "score", "column {n} face {k} ({bface}): {bres}"),
    ("os.bres.not_activated", "bres", "column not activated"),
    ("os.bres.applied", "bres", "applied above"),
    ("os.bres.no_majority", "bres", "this side has no majority space: no effect"),
    ("os.bres.different", "bres", "{n} column(s) with all different attributes x {k}"),
    ("os.bres.identical", "bres", "{n} column(s) with identical attributes x {k}"),
    ("os.bres.least", "bres", "{n} - {k} (least present attribute: {attr})"),
    ("os.bres.no_people", "bres", "no people more than twice on the wall"),
    ("os.bres.a_people", "bres", "a people shows {n} times on the wall"),
    ("os.score.neg_empty", "score", "{osspace} is empty: nothing lost"),
    ("os.score.neg_down", "score", "{osspace} holds a face-down card (no people): nothing lost"),
    ("os.score.pos_empty", "score", "{osspace} is empty: nothing scored"),
    ("os.score.pos_down", "score", "{osspace} holds a face-down card (no people): nothing scored"),
    ("os.score.neg_soft", "score", "space {n}: {pcount} in your accolades x {m} (bonus tile: only {m2})"),
    ("os.score.neg", "score", "space {n}: {pcount} in your accolades x {m}"),
    ("os.score.pos", "score", "space {n}: {pcount} x {m}"),
    ("os.score.face_down", "score", "{n} face-down {card_word} on your wall x {m}"),
    ("os.score.attr_none", "score", "space {n} holds no face-up card: no attribute scores"),
    ("os.score.attr", "score", "space {n} shows {attr}: {k} accolade {card_word} with {attr2} x {m}"),
    ("os.score.series_tile", "score",
     "{n} series of {k} different attributes in your accolades x {m} (Attribute Series tile)"),
    ("os.score.series", "score", "{n} series of {k} different attributes in your accolades x {m}"),
    ("os.score.same_people", "score", "spaces {span} are all {people} cards face up"),
    ("os.score.not_same_people", "score", "spaces {span} are not three face-up cards of one people"),
    ("os.score.penalty", "score", "penalty tile: your least present attribute ({attr}) shows {n} {time_word} x {m}"),
    ("os.score.no_penalty", "score", "no penalty tile"),
    ("os.score.no_majority", "score", "space {n} holds no face-up card: no majority"),
    ("os.score.majority", "score", "space {n}: {pcount} = {k} {people}, the single most (next best {m})"),
    ("os.score.majority_tie", "score",
     "space {n}: {pcount} = {k} {people}, but another player also has {m}: nobody scores"),
    ("os.score.majority_lost", "score", "space {n}: {pcount} = {k} {people}, another player has {m}"),
    ("os.tie.fewest", "score", "{plist} tie on {n} points; {who} wins with the fewest accolade cards ({k})"),
    ("os.tie.shared", "score",
     "{plist} tie on {n} points; {plist2} also tie on the fewest accolade cards ({k}) and share the victory"),
    # --- rules/octocube/scoring.py: ScoreLine.reason and the tie-break
    ("score.final_series", "top", "final Score: {n} {objects} in one Score: {p} points"),
    ("score.series", "top", "{n} {objects} in one Score: {p} points"),
    ("score.coins", "top", "{n} {coin_word} x {k}: {p} points"),
    ("score.majority", "top", "{lead} {what} ({n}): {p} {point_word}"),
    ("score.kids_board", "top", "{n} of {k} board spaces filled"),
    ("score.kids_coins", "top", "{n} coin tiles (tie-break only)"),
    ("tie.most_tiles", "top", "{names} tied on {n} points; {who} has the most object tiles ({counts})"),
    ("tie.shared", "top", "{names} tied on {n} points and on object tiles ({counts}): a shared win"),
    ("tie.kids_stalled", "top",
     "the game stalled ({n} rounds without a tile placed) before any board was complete; the fullest "
     "board wins.{kids_tie}"),
    ("tie.kids_most_coins", "top", "{names} each filled {n} spaces; {who} has the most coin tiles ({counts})"),
    ("tie.kids_shared", "top", "{names} filled {n} spaces and tie on coin tiles ({counts}): a shared win"),
    ("tail.kids_most_coins", "kids_tie", " {names} each filled {n} spaces; {who} has the most coin tiles ({counts})"),
    ("tail.kids_shared", "kids_tie", " {names} filled {n} spaces and tie on coin tiles ({counts}): a shared win"),
    # --- the photo scorers (the app's Photo screen, ``tablesight score``): vision/photo_score.py's
    # scorers' own words (doubts' questions and options, notes, line reasons, refusals);
    # vision/octocube/score_photo.py
    ("photo.oc.stack", "photo", "How many {tilekind} tiles are stacked on {who}'s board?"),
    ("photo.oc.hand_over_space", "photo", "A hand lies over {who}'s {cell} space: how many tiles lie there?"),
    ("photo.oc.hand_hides_space", "photo", "A hand hides {who}'s {cell} space: how many tiles lie there?"),
    ("photo.oc.coins", "photo", "How many coin tiles are in {who}'s pile?"),
    ("photo.oc.hand_tokens", "photo",
     "A hand covers part of {who}'s personal area: how many points are {who2}'s victory-point tokens worth in "
     "all? (the photo shows {n})"),
    ("photo.oc.token_pile", "photo", "How many {n}-point tokens are in {who}'s pile at {at}?"),
    ("photo.oc.token_hidden", "photo",
     "Is a {n}-point token half hidden by {who}'s cube or coins at {at}? How many tokens lie there?"),
    ("photo.oc.strange", "photo",
     "A space of {who}'s board reads as {andlabels}, which no board space holds: left out (look at the board, "
     "retake the photo)"),
    ("photo.oc.tokens_line", "photo", "victory-point tokens: {n} points"),
    ("photo.oc.colours_unknown", "photo",
     "the players' colours are not told apart (cubes and board frames): seats named in the usual order (pass "
     "--seats to name them)"),
    ("photo.oc.players", "photo", "Octocube is for 2-4 players, not {n}"),
    ("photo.oc.mode", "photo", "a {mode} game has no final scoring to read (standard or advanced only)"),
    ("photo.oc.no_board", "photo",
     "no player board where the {side} player's should be: is this a {n}-player table? (boards lie centred on "
     "the play area's edges)"),
    ("photo.oc.outside", "photo",
     "{pcolour}'s board ({side} side) is partly outside the photo: take the photo again with the whole table in "
     "view"),
    # vision/photo_calibration.py, calibration/table.py: the photo and its corner markers
    ("photo.flat", "photo", "the photo is flat (no contrast): no table in view"),
    ("photo.not_8bit", "photo", "the photo is not an 8-bit colour image"),
    ("photo.too_small", "photo", "the photo is {n}x{k} pixels: too small to read a table"),
    ("photo.no_markers", "photo",
     "{missing}: is this a photo of a table laid out for TableSight? Print the corner markers with 'tablesight "
     "markers --out markers.pdf' and lay one at each corner of the play area"),
    ("markers.missing_one", "markers",
     "{mfound}; marker {mlabel} is not visible{twice}; need at least {n} of the {k} printed corner markers "
     "({aruco}) in view"),
    ("markers.missing", "markers",
     "{mfound}; markers {mlabels} are not visible{twice}; need at least {n} of the {k} printed corner markers "
     "({aruco}) in view"),
    ("tail.twice", "twice", " (marker {idsand} seen twice: print only one sheet)"),
    ("photo.marker_off", "photo",
     "the markers do not match the printed sheet's geometry: marker {mlabel} is {dec} px off (limit {dec2} px); "
     "lay the cards as the sheet says (inner corners forming a {n} mm square), flat and unbent"),
    ("photo.degenerate", "photo", "the marker corners are degenerate (all on one line?)"),
    ("photo.non_finite", "photo",
     "the table homography came out non-finite (are the profile's intrinsics a real camera's?): nothing saved"),
    ("photo.marker_ignored", "photo",
     "marker {mlabel} is {dec} px from where the other markers put it (card moved or misplaced?): ignored"),
    ("photo.marker_unused", "photo",
     "marker {mlabel} not used; homography from the other {n} markers ({k} corner correspondences) and the "
     "sheet geometry"),
    ("photo.markers_unused", "photo",
     "markers {mlabels} not used; homography from the other {n} markers ({k} corner correspondences) and the "
     "sheet geometry"),
    ("photo.lens", "photo",
     "the corner markers lie {dec} px off a straight-lens fit: the lens's barrel was measured on them (k1 "
     "{dec2}; {dec3} px through it). A calibrated profile (--profile) measures the lens better"),
    # ui/app/photo_worker.py, calibration/images.py: the photo file
    ("photo.choose_first", "photo", "choose a photo first"),
    ("photo.no_file", "photo", "{path}: no such file"),
    ("photo.folder", "photo", "{path}: is a folder, not an image"),
    ("photo.empty_file", "photo", "{path}: empty file, not an image"),
    ("photo.corrupt", "photo", "{path}: unreadable image (corrupt or truncated)"),
    ("photo.not_image", "photo", "{path}: not an image (OpenCV cannot decode it)"),
    ("photo.too_large", "photo", "{path}: {n}x{k} pixels is too large a photo (at most {m} megapixels)"),
    ("photo.no_picture", "photo", "camera {n} gave no picture"),
    ("photo.not_saved", "photo", "could not save the photo in {path}"),
    # vision/open_season/score_photo.py, accolades.py, tokens.py
    ("photo.os.accolade", "photo",
     "Which is card {n} of {who}'s accolades (counting from the left of the fan, row by row)? read {card}, not "
     "surely ({options})"),
    ("photo.os.accolade_covered", "photo",
     "Which is card {n} of {who}'s accolades (counting from the left of the fan, row by row)? something covers "
     "its corner in the photo (a hand?) ({options})"),
    ("photo.os.wall", "photo", "Which card lies on {who}'s space {n}? read {card}, not surely ({options})"),
    ("photo.os.wall_hidden", "photo",
     "Which card lies on {who}'s space {n}? something covers it in the photo (a hand?) ({options})"),
    ("photo.os.bonus_face", "photo", "Which bonus tile face lies in {who}'s column {n}? ({options})"),
    ("photo.os.bonus_active", "photo", "Is the bonus tile in {who}'s column {n} activated? ({options})"),
    ("photo.os.scoring", "photo", "Is there a trophy beside {who}'s '{scoring}' scoring? ({options})"),
    ("photo.os.trophies", "photo", "How many trophies lie on {who}'s space {n}? ({options})"),
    ("photo.os.wild", "photo", "Which attribute does the wild token on {who}'s space {n} give? ({options})"),
    ("photo.os.accolade_wild_card", "photo",
     "Which attribute does the wild token on {who}'s accolade card {card} give? ({options})"),
    ("photo.os.accolade_wild", "photo",
     "Which accolade card of {who} carries a wild token, and which attribute does it give? ({options})"),
    ("photo.os.maybe_wild", "photo",
     "Does a wild token lie on card {n} of {who}'s accolades ({card}), and which attribute does it give? read "
     "none, not surely ({options})"),
    ("photo.os.more_card", "photo",
     "Does a card lie under the hand as card {n} of row {k} of {who}'s accolades? the row's end does not show "
     "in the photo ({options})"),
    ("photo.os.wild_hidden", "photo",
     "Does a wild token lie on {who}'s space {n}, and which attribute does it give? something covers it in the "
     "photo (a hand?) ({options})"),
    ("photo.os.penalty", "photo",
     "Does {who} hold a penalty tile? something may lie over the personal tokens in the photo ({options})"),
    ("photo.os.series", "photo",
     "Does {who} hold the Attribute Series tile? something may lie over the personal tokens in the photo "
     "({options})"),
    ("option.card", "option", "{card}"),
    ("option.face_down", "option", "face down"),
    ("option.face", "option", "face {n}"),
    ("option.activated", "option", "activated"),
    ("option.not_activated", "option", "not activated"),
    ("option.yes", "option", "yes"),
    ("option.no", "option", "no"),
    ("option.count", "option", "{n}"),
    ("option.attr", "option", "{attr}"),
    ("option.card_as", "option", "{card} as {attr}"),
    ("option.no_wild", "option", "no wild token"),
    ("option.no_card", "option", "no card"),
    ("option.no_tile", "option", "no tile"),
    ("photo.os.note.wild", "photo", "{who}: a wild token on space {n}?"),
    ("photo.os.note.bonus_covered", "photo", "{who}: something lies over bonus column {n}"),
    ("photo.os.note.dark_tokens", "photo",
     "{who}: too dark to read the tokens (the wall cards are {n} grey levels of 255, at least {k} needed)"),
    ("photo.os.note.face_down", "photo", "{who}'s space {n} was read face down, not surely"),
    ("photo.os.sharpness", "photo",
     "the accolades are {dec} camera pixels per mm in this photo: their attribute icons are a few pixels, so "
     "some cards are asked; a photo with more pixels (1920x1080 or a phone's camera) asks fewer questions"),
    ("photo.os.players", "photo", "Open Season is for 2-4 players, not {n}"),
    ("photo.os.no_side", "photo", "say which side of the walls was played: --side horn or --side shield"),
    ("photo.os.dark", "photo",
     "the photo is too dark to read the table (mean grey {n} of 255): light the table and take the photo again"),
    ("photo.os.outside", "photo",
     "{who}'s {osarea} ({side} side) is partly outside the photo: take the photo again with the whole table in "
     "view"),
    ("photo.os.not_horn", "photo",
     "the walls hold no card in the top row's fourth cell nor the bottom row's third, Horn spaces: was the "
     "Shield side played? (--side shield)"),
    ("photo.os.not_shield", "photo",
     "the walls hold a card in the bottom row's third cell, a Horn space: was the Horn side played? (--side "
     "horn)"),
    ("photo.os.dark_tokens", "photo",
     "the photo is too dark to read the tokens (the lightest wall's cards are {n} grey levels of 255, at least "
     "{k} needed): light the table and take the photo again"),
    ("photo.os.no_wall", "photo",
     "no card on {who}'s wall ({side} side): is this a {n}-player table? (walls lie on the play area's edges)"),
    ("photo.os.wall_count", "photo",
     "{who}'s wall shows {n} cards; a finished {oside} wall holds {k}: is the game over, and was the {oside2} "
     "side played?"),
    ("photo.os.fan_outside", "photo", "{who}'s accolades are partly outside the photo"),
    ("photo.os.fan_hand", "photo", "a hand covers part of {who}'s accolades: retake the photo"),
    ("photo.os.fan_none", "photo", "no accolade cards found in {who}'s personal area"),
    ("photo.os.fan_gap", "photo",
     "part of {who}'s accolades cannot be seen ({fangap}): take away what covers them (a hand?) or fan them out again, and retake the photo"),
)

_FRAGMENT_TABLES = ("orient", "pickup", "kept", "leaving", "kids_tie", "waiting", "note", "notes", "plus", "plan",
                    "caught", "twice")
"""Tables whose shapes are optional tails: their slot matches one of them, or nothing."""


# ---------------------------------------------------------------------------------------- words
@lru_cache(maxsize=None)
def _language(lang: str) -> dict[str, dict[str, str]]:
    if lang not in LANGUAGES or lang == "en":
        raise TranslationError(f"no sentence translations for {lang!r}")
    path = _HERE / f"sentences-{lang}.json"
    data = read_language_file(path)
    if not isinstance(data, dict) or set(data) != {"shapes", "words"}:
        raise TranslationError(f"{path} must hold 'shapes' and 'words'")
    return data


def _word(lang: str, key: str, **fields: str) -> str:
    text = _language(lang)["words"][key]
    return text.format(**fields) if fields else text


def _who(value: str, lang: str) -> str:
    if value in _PLAYERS:
        return tr(f"colour.{value.lower()}", lang)
    return _word(lang, "player", n=value.split()[-1])


def _tile(value: str, lang: str) -> str:
    simple = {"an unseen tile": "tile.unseen", "nothing": "tile.nothing", "a coin": "tile.coin",
              "an abyss tile": "tile.abyss", "a cube": "tile.cube"}
    if value in simple:
        return _word(lang, simple[value])
    if value.startswith("abyss tile "):
        return _word(lang, "tile.abyss_letter", letter=value[-1])
    colour, obj = _colour_object(value.split(" ", 1)[1])
    return _word(lang, "tile.object", colour=_word(lang, f"colour.{colour}"), obj=_word(lang, f"object.{obj}"))


def _colour_object(text: str) -> tuple[str, str]:
    for colour in sorted(_COLOURS, key=len, reverse=True):
        if text.startswith(colour + " "):
            return colour, text[len(colour) + 1:]
    raise ValueError(text)


def _label(value: str, lang: str) -> str:
    """A tile label (``Tile.label()``): 'green pearl', 'coin', 'abyss', 'abyss A'."""
    if value == "coin":
        return _word(lang, "label.coin")
    if value == "abyss":
        return _word(lang, "label.abyss")
    if value.startswith("abyss "):
        return _word(lang, "label.abyss_letter", letter=value[-1])
    colour, obj = _colour_object(value)
    return _word(lang, "label.object", colour=_word(lang, f"colour.{colour}"), obj=_word(lang, f"object.{obj}"))


def _space(value: str, lang: str) -> str:
    """A kids board space (rules.octocube.data.kids_space_label) or 'space N'."""
    if value.startswith("space "):
        return _word(lang, "space.slot", n=value.split()[-1])
    body = value[: -len(" space")]
    if body.startswith("any-colour "):
        return _word(lang, "space.any_colour", obj=_word(lang, f"object.{body.split()[-1]}"))
    if body in _COLOURS:
        return _word(lang, "space.colour", colour=_word(lang, f"colour.{body}"))
    colour, obj = _colour_object(body)
    return _word(lang, "space.colour_object", colour=_word(lang, f"colour.{colour}"), obj=_word(lang, f"object.{obj}"))


def _what(value: str, lang: str) -> str:
    if value.endswith(" tiles"):
        return _word(lang, "what.colour", colour=_word(lang, f"colour.{value[: -len(' tiles')]}"))
    return _word(lang, "what.object", obj=_word(lang, f"object.{_PLURALS[value]}"))


def _objects(value: str, lang: str) -> str:
    return _word(lang, f"object.{_PLURALS.get(value, value)}")


def _names(value: str, lang: str) -> str:
    """'Red and Yellow and Blue' -> 'Rouge, Jaune et Bleu'."""
    names = [_who(v, lang) for v in value.split(" and ")]
    return ", ".join(names[:-1]) + _word(lang, "and") + names[-1]


def _counts(value: str, lang: str) -> str:
    parts = []
    for item in value.split(", "):
        who, n = item.rsplit(" ", 1)
        parts.append(f"{_who(who, lang)} {n}")
    return ", ".join(parts)


def _keyed(prefix: str) -> Callable[[str, str], str]:
    return lambda value, lang: _word(lang, f"{prefix}.{value}")


def _same(value: str, lang: str) -> str:
    return value


def _list_of(table: str, sep: str) -> Callable[[str, str], str | None]:
    return lambda value, lang: _segments(value, table, lang, sep)


def _chain(value: str, lang: str) -> str | None:
    """One question option: a move, or moves joined by "; then " (a move may hold "; " itself)."""
    out = _translate_in("move", value, lang)
    if out is None and "; then " in value:
        out = _segments(value, "move", lang, "; then ")
    return out


def _chains(value: str, lang: str) -> str | None:
    """A question's options joined by "; " (the tracker's notes on a waiting question): the split
    whose every part is an option (:func:`_chain`), preferring longer parts."""
    parts = _split_explained(value, "; ", lambda part: _chain(part, lang))
    return None if parts is None else _word(lang, "sep.list").join(parts)


_WHO = _alt(_PLAYERS) + r"|[Pp]layer \d+"
_LOC = r"[A-Z]\d{1,2}"
_TILE = (r"an unseen tile|nothing|a coin|an abyss tile|abyss tile [A-I]|a cube|an? (?:" + _alt(_COLOURS) + ") (?:"
         + _alt(_OBJECTS) + ")")
_LABEL = r"coin|abyss(?: [A-I])?|(?:" + _alt(_COLOURS) + ") (?:" + _alt(_OBJECTS) + ")"
_SPACE = (r"space \d+|(?:(?:" + _alt(_COLOURS) + ") (?:" + _alt(_OBJECTS) + ")|any-colour (?:" + _alt(_OBJECTS)
          + ")|" + _alt(_COLOURS) + ") space")

_CARD = rf"(?:{_alt(PEOPLES)})-(?:{_alt(ATTRIBUTES)})"
_DIE = r"(?:white|black) die [1-3]"
_DFACE = rf"{_alt(WHITE_FACES)}|(?:{_alt(DICE_COLOURS)}) \d"


def _card(value: str, lang: str) -> str:
    """An Open Season card ('elf-crown'): its people and its attribute."""
    people, attr = value.split("-")
    return _word(lang, "card", people=_word(lang, f"people.{people}"), attr=_word(lang, f"attr.{attr}"))


def _cards(value: str, lang: str) -> str:
    if value == "no card":
        return _word(lang, "no_card")
    return _word(lang, "and").join(_word(lang, "os.card_behind_deck") if c == "the card behind the deck"
                                   else _card(c, lang) for c in value.split(" and "))


def _dest(value: str, lang: str) -> str:
    if value.startswith("atop "):
        return _word(lang, "dest.stock", who=_who(value[5: -len("'s stock")], lang))
    return _word(lang, "dest.inn" if value == "to the inn" else "dest.hand")


def _osspace(value: str, lang: str) -> str:
    """'space 4 (steal)', 'space 7 (+2 per card)', 'space 3'."""
    m = re.fullmatch(r"space (\d+)(?: \((.*)\))?", value)
    assert m is not None
    if m.group(2) is None:
        return _word(lang, "osspace", n=m.group(1))
    role = m.group(2)
    per = re.fullmatch(r"([+-]\d+) per card", role)
    words = (_word(lang, "role.per_card", n=per.group(1)) if per
             else _word(lang, "role." + role.replace(" ", "_")))
    return _word(lang, "osspace.role", n=m.group(1), role=words)


def _bonus_value(value: str, lang: str) -> str:
    """A bonus tile as the Open Season view holds it: '(face, used)' or 'None'."""
    if value == "None":
        return _word(lang, "os.none")
    face, used = value.strip("()").split(", ")
    return _word(lang, "os.bonus_used" if used == "True" else "os.bonus_face", n=face)


def _pcount(value: str, lang: str) -> str:
    """'3 elf cards + 1 trophy + 2 (bonus tile)' (Open Season's scoring)."""
    m = re.fullmatch(r"(\d+) (\w+) cards?(?: \+ (\d+) troph(?:y|ies))?( \+ 2 \(bonus tile\))?", value)
    assert m is not None
    n, people, trophies, bonus = m.groups()
    out = _plural(_word(lang, "pcount", n=n, people=_word(lang, f"people.{people}")), {"n": n}, lang)
    if trophies:
        out += _plural(_word(lang, "pcount.trophies", n=trophies), {"n": trophies}, lang)
    if bonus:
        out += _word(lang, "pcount.bonus")
    return out


def _die(value: str, lang: str) -> str:
    return _word(lang, "die." + value.split()[0], n=value.split()[-1])


def _dface(value: str, lang: str) -> str:
    if " " in value:
        colour, n = value.split()
        return _word(lang, "dface.number", colour=_word(lang, f"dcolour.{colour}"), n=n)
    return _word(lang, f"dface.{value}")


def _dwords(value: str, lang: str) -> str:
    """'the white die showing lab' (tracker/octo_dice/adapter.py)."""
    kind, face = value.split()[1], value.split(" showing ", 1)[1]
    return _word(lang, "dwords", kind=_word(lang, f"dkind.{kind}"),
                 face="?" if face == "?" else _dface(face, lang))


def _subcounts(value: str, lang: str) -> str:
    """'Player 1 2 submarines, Player 3 3 submarines' (Octo Dice's tie-break)."""
    parts = []
    for item in value.split(", "):
        who, n, _ = item.rsplit(" ", 2)
        parts.append(_plural(_word(lang, "subcount", who=_who(who, lang), n=n), {"n": n}, lang))
    return ", ".join(parts)


def _roll(value: str, lang: str) -> str:
    parts = []
    for item in value.split(", "):
        colour, _, n, face = item.split(" ", 3)
        parts.append(f"{_die(f'{colour} die {n}', lang)} {_dface(face, lang)}")
    return ", ".join(parts)


# the photo scorers' words (vision/octocube/score_photo.py, vision/open_season/score_photo.py,
# calibration/table.py)
_TILE_KIND = r"(?:" + _alt(_COLOURS) + ") (?:" + _alt(_OBJECTS) + ")"
_CORNERS = ("top left", "top right", "bottom right", "bottom left")
_MARKER = r"\d+ \((?:" + _alt(_CORNERS) + r")\)"
_FAN_GAPS = ("more rows of cards than a fan has", "a row of the fan is short of cards", "the left end of a row",
             "the last card of a row is covered", "a row of the fan lies where another should")


def _tile_kind(value: str, lang: str, key: str) -> str:
    """'white starfish' (an object tile's background and object) as ``key``'s words."""
    colour, obj = _colour_object(value)
    return _word(lang, key, colour=_word(lang, f"colour.{colour}"), obj=_word(lang, f"object.{obj}"))


def _and_list(value: str, lang: str, one: Callable[[str, str], str]) -> str:
    """'a, b and c' (calibration/table.py ``_join``) or 'a and b and c' -> each item in ``lang``."""
    items = re.split(r", | and ", value)
    out = [one(item, lang) for item in items]
    return out[0] if len(out) == 1 else ", ".join(out[:-1]) + _word(lang, "and") + out[-1]


def _marker(value: str, lang: str) -> str:
    """'2 (bottom right)': a corner marker's id and where it lies."""
    number, corner = value.split(" ", 1)
    return f"{number} ({_word(lang, 'corner.' + corner.strip('()').replace(' ', '_'))})"


def _markers_found(value: str, lang: str) -> str:
    if value == "found none of the corner markers":
        return _word(lang, "markers.found_none")
    ids = value.split(" ", 2)[2]
    return _plural(_word(lang, "markers.found", ids=_and_list(ids, lang, _same)), {"n": str(ids.count(",") + 1)},
                   lang)


def _decimal(value: str, lang: str) -> str:
    """A measured number: French and Dutch write a decimal comma."""
    return value.replace(".", ",")


def _options(value: str, lang: str) -> str | None:
    """'1 = elf-crown; 2 = face down' (an Open Season question's numbered options)."""
    out = []
    for item in value.split("; "):
        number, sep, option = item.partition(" = ")
        said = _translate_in("option", option, lang) if sep and number.isdigit() else None
        if said is None:
            return None
        out.append(f"{number} = {said}")
    return _word(lang, "sep.list").join(out)


KINDS: dict[str, tuple[str, Callable[[str, str], str | None]]] = {
    "who": (_WHO, _who),
    "names": (rf"(?:{_WHO})(?: and (?:{_WHO}))+", _names),
    "counts": (rf"(?:{_WHO}) \d+(?:, (?:{_WHO}) \d+)+", _counts),
    "loc": (_LOC, _same),
    "spot": (_LOC + r"|\?", _same),
    "here": (_LOC + "|the personal area", lambda v, lang: v if v[0] != "t" else _word(lang, "here.personal_area")),
    "where": (r"on " + _LOC + "|in its personal area",
              lambda v, lang: _word(lang, "where.on", loc=v[3:]) if v.startswith("on ") else _word(lang, "where.home")),
    "dir": (_alt(_DIRECTIONS), _keyed("dir")),
    "face": (_alt(_FACES), _keyed("face")),
    "faces": (rf"(?:{_alt(_FACES)})(?:(?:, | and )(?:{_alt(_FACES)}))+",
              lambda v, lang: _and_list(v, lang, _keyed("face"))),
    "n": (r"\d+", _same),
    "k": (r"\d+", _same),
    "p": (r"\d+", _same),
    "letter": (r"[A-I]", _same),
    "tile": (_TILE, _tile),
    "tiles": (rf"(?:{_TILE})(?:, (?:{_TILE}))*", lambda v, lang: ", ".join(_tile(t, lang) for t in v.split(", "))),
    "labels": (rf"(?:{_LABEL})(?:, (?:{_LABEL}))*", lambda v, lang: ", ".join(_label(t, lang) for t in v.split(", "))),
    "tile_word": (r"tiles?", lambda v, lang: ""),
    "coin_word": (r"coins?", lambda v, lang: ""),
    "point_word": (r"points?", lambda v, lang: ""),
    "power": (_alt(_POWER_WORDS.values()), lambda v, lang: _word(
        lang, "power." + next(k for k, w in _POWER_WORDS.items() if w == v))),
    "space": (_SPACE, _space),
    "objects": (_alt(list(_PLURALS) + list(_OBJECTS)), _objects),
    "what": (r"(?:" + _alt(_COLOURS) + ") tiles|" + _alt(_PLURALS), _what),
    "lead": (r"tied for second most|tied for most|second most|most",
             lambda v, lang: _word(lang, "lead." + v.replace(" ", "_"))),
    # Open Season
    "victim": (rf"{_WHO}|The victim", lambda v, lang: _word(lang, "os.victim") if v == "The victim" else _who(v, lang)),
    "task": (_alt(TASK_WORDS.values()), lambda v, lang: _word(
        lang, "task." + next(k for k, w in TASK_WORDS.items() if w == v))),
    "card": (_CARD, _card),
    "cards": (rf"no card|(?:{_CARD}|the card behind the deck)(?: and (?:{_CARD}|the card behind the deck))*", _cards),
    "dest": (rf"to the inn|into the player's hand|atop (?:{_WHO})'s stock", _dest),
    "bface": (_alt(f.text for f in BONUS_FACES.values()), lambda v, lang: _word(
        lang, "bface." + str(next(k for k, f in BONUS_FACES.items() if f.text == v)))),
    "osspace": (r"space \d+(?: \((?:[+-]\d+ per card|majority|attribute|trophy window|trophy space|row [23]|"
                + _alt(a.replace("_", " ") for a in OS_ACTIONS) + r")\))?", _osspace),
    "scoring": (_alt(s.replace("_", " ") for s in SHIELD_SCORINGS), _keyed("scoring")),
    "attr": (_alt(ATTRIBUTES), _keyed("attr")),
    "pile": (r"stock|accolades", _keyed("pile")),
    "oscard": (rf"nothing|a face-down card|{_CARD}", lambda v, lang: _word(lang, {"nothing": "os.nothing",
               "a face-down card": "os.face_down"}[v]) if v in ("nothing", "a face-down card") else _card(v, lang)),
    "okept": (rf"none|{_CARD}", lambda v, lang: _word(lang, "os.none") if v == "none" else _card(v, lang)),
    "apeople": (rf"an? (?:{_alt(PEOPLES)})", lambda v, lang: _word(lang, "os.a_people",
                people=_word(lang, "people." + v.split()[-1]))),
    "bval": (r"\(\d+, (?:True|False)\)|None", _bonus_value),
    "at": (r"\(-?\d+, -?\d+\) mm", _same),
    "dkind": (r"white|black", _keyed("dkind")),
    "dwords": (rf"the (?:white|black) die showing (?:{_DFACE}|\?)", _dwords),
    "area": (r"roll area|set-aside area", lambda v, lang: _word(lang, "area." + v.split()[0])),
    "people": (_alt(PEOPLES), _keyed("people")),
    "pcount": (rf"\d+ (?:{_alt(PEOPLES)}) cards?(?: \+ \d+ troph(?:y|ies))?(?: \+ 2 \(bonus tile\))?", _pcount),
    "plist": (rf"(?:{_WHO})(?:, (?:{_WHO}))+", lambda v, lang: ", ".join(_who(w, lang) for w in v.split(", "))),
    "span": (r"\d+-\d+", _same),
    "bres": (r".+", lambda v, lang: _translate_in("bres", v, lang)),
    "card_word": (r"cards?", lambda v, lang: ""),
    "time_word": (r"times?", lambda v, lang: ""),
    # Octo Dice
    "rank": (r"most|second most|third most|fourth most|place \d+", lambda v, lang: _word(
        lang, "rank.place", n=v.split()[-1]) if v.startswith("place") else _word(lang, "rank." + v.replace(" ", "_"))),
    "subcounts": (rf"(?:{_WHO}) \d+ submarines?(?:, (?:{_WHO}) \d+ submarines?)*", _subcounts),
    "die": (_DIE, _die),
    "dice": (rf"(?:{_DIE})(?: \+ (?:{_DIE}))*", lambda v, lang: " + ".join(_die(d, lang) for d in v.split(" + "))),
    "dface": (_DFACE, _dface),
    "roll": (rf"(?:{_DIE}) (?:{_DFACE})(?:, (?:{_DIE}) (?:{_DFACE}))*", _roll),
    "dcolour": (_alt(DICE_COLOURS), _keyed("dcolour")),
    "column": (r"the (?:" + _alt(COLUMN_WORDS) + ") column", lambda v, lang: _word(lang, "column." + v.split()[1])),
    "labtile": (_alt(t.name for t in LAB_TILES.values()), _same),
    "label": (r"main action|bonus action", lambda v, lang: _word(lang, "label." + v.split()[0])),
    "m": (r"-?\d+", _same),
    "octopod_word": (r"octopods?", lambda v, lang: ""),
    "bot_word": (r"bots?", lambda v, lang: ""),
    "symbol_word": (r"symbols?", lambda v, lang: ""),
    "crystal_word": (r"crystals?", lambda v, lang: ""),
    "column_word": (r"columns?", lambda v, lang: ""),
    "row_word": (r"rows?", lambda v, lang: ""),
    "penalty_word": (r"penalty|penalties", lambda v, lang: ""),
    "submarine_word": (r"submarines?", lambda v, lang: ""),
    "cleared": (r".+", lambda v, lang: _translate_in("top", v, lang) if v.startswith(("the ",)) else None),
    "move": (r".+", lambda v, lang: _translate_in("move", v, lang)),
    "chain": (r".+", lambda v, lang: _chain(v, lang)),
    "chains": (r".+", lambda v, lang: _chains(v, lang)),
    "problems": (r".+", _list_of("problem", "; ")),
    # the photo scorers
    "tilekind": (_TILE_KIND, lambda v, lang: _tile_kind(v, lang, "photo.tilekind")),
    "cell": (_TILE_KIND, lambda v, lang: _tile_kind(v, lang, "space.colour_object")),
    "andlabels": (rf"(?:{_LABEL})(?: and (?:{_LABEL}))*", lambda v, lang: _and_list(v, lang, _label)),
    "pcolour": (_alt(PLAYER_COLOURS), lambda v, lang: tr(f"colour.{v}", lang)),
    "side": (_alt(("north", "east", "south", "west")), _keyed("side")),
    "mode": (r"kids|standard|advanced", lambda v, lang: tr(f"mode.{v}", lang)),
    "oside": (r"Horn|Shield|horn|shield", lambda v, lang: _word(lang, "oside." + v.lower())),
    "osarea": (r"wall board|personal area \(accolades and tokens\)",
               lambda v, lang: _word(lang, "osarea." + v.split()[0])),
    "dec": (r"-?\d+(?:\.\d+)?", _decimal),
    "mlabel": (_MARKER, _marker),
    "mlabels": (rf"(?:{_MARKER})(?:(?:, | and )(?:{_MARKER}))+", lambda v, lang: _and_list(v, lang, _marker)),
    "mfound": (r"found none of the corner markers|found markers? \d+(?:, \d+)*", _markers_found),
    "idsand": (r"\d+(?:(?:, | and )\d+)*", lambda v, lang: _and_list(v, lang, _same)),
    "aruco": (r"DICT_\w+", _same),
    "missing": (r".+", lambda v, lang: _translate_in("markers", v, lang)),
    "path": (r".+", _same),
    "fangap": (_alt(_FAN_GAPS) + r"|a gap of \d+ mm between two cards", lambda v, lang: _word(
        lang, "fangap.gap", n=v.split()[3]) if v.startswith("a gap") else _word(lang, "fangap." + str(
            _FAN_GAPS.index(v)))),
    "options": (r"1 = .+", _options),
}


# ---------------------------------------------------------------------------------------- matching
@dataclass(frozen=True)
class Shape:
    id: str
    table: str
    english: str
    regex: re.Pattern[str]
    inner: str
    """The same pattern without named groups (to sit inside another shape's slot)."""
    slots: tuple[tuple[str, str], ...]
    """(slot name, kind) in order."""


_SLOT = re.compile(r"\{(\w+)\}")


def _kind_of(name: str) -> str:
    return name if name in KINDS or name in _FRAGMENT_TABLES else name.rstrip("0123456789")


def _compile(shape_id: str, table: str, english: str, fragments: dict[str, str]) -> Shape:
    named, inner, slots, pos = [], [], [], 0
    for m in _SLOT.finditer(english):
        literal = re.escape(english[pos: m.start()])
        named.append(literal)
        inner.append(literal)
        name = m.group(1)
        kind = _kind_of(name)
        body = fragments[kind] if kind in _FRAGMENT_TABLES else KINDS[kind][0]
        named.append(f"(?P<{name}>{body})")
        inner.append(f"(?:{body})")
        slots.append((name, kind))
        pos = m.end()
    named.append(re.escape(english[pos:]))
    inner.append(re.escape(english[pos:]))
    return Shape(shape_id, table, english, re.compile("".join(named)), "".join(inner), tuple(slots))


@lru_cache(maxsize=1)
def _shapes() -> dict[str, tuple[Shape, ...]]:
    fragments: dict[str, str] = {}
    built: dict[str, list[Shape]] = {}
    for table in _FRAGMENT_TABLES:  # tails first: the move shapes embed them
        shapes = [_compile(i, t, e, fragments) for i, t, e in SHAPES if t == table]
        built[table] = shapes
        fragments[table] = "(?:" + "|".join(s.inner for s in shapes) + ")?"
    for shape_id, table, english in SHAPES:
        if table not in _FRAGMENT_TABLES:
            built.setdefault(table, []).append(_compile(shape_id, table, english, fragments))
    return {table: tuple(shapes) for table, shapes in built.items()}


_PLURAL = re.compile(r"\[(\w+):([^|\]]*)\|([^\]]*)\]")


def _plural(text: str, values: dict[str, str], lang: str) -> str:
    """``[n:tuile|tuiles]`` picks the form for the number in slot ``n`` (French: 0 and 1 are
    singular; Dutch: only 1)."""
    def pick(m: re.Match[str]) -> str:
        try:
            n = int(values[m.group(1)])
        except (KeyError, ValueError):
            return m.group(3)
        singular = n <= 1 if lang == "fr" else n == 1
        return m.group(2) if singular else m.group(3)

    return _PLURAL.sub(pick, text)


def _fill(shape: Shape, match: re.Match[str], lang: str) -> str | None:
    values: dict[str, str] = {}
    for name, kind in shape.slots:
        text = match.group(name)
        if kind in _FRAGMENT_TABLES:
            out = _translate_in(kind, text, lang) if text else ""
        else:
            out = KINDS[kind][1](text, lang)
        if out is None:
            return None
        values[name] = out
    target = _language(lang)["shapes"][shape.id]
    raw = {name: match.group(name) for name, _ in shape.slots}
    return _plural(target, raw, lang).format(**values)


def _translate_in(table: str, text: str, lang: str) -> str | None:
    for shape in _shapes().get(table, ()):
        match = shape.regex.fullmatch(text)
        if match is None:
            continue
        try:
            out = _fill(shape, match, lang)
        except (KeyError, ValueError, IndexError, StopIteration):
            out = None
        if out is not None:
            return out
    return None


def _segments(text: str, table: str, lang: str, sep: str) -> str | None:
    """Text made of items of ``table`` joined by ``sep``, where an item may itself contain
    ``sep`` (a move that empties a stack, a reason with its rule): the split that explains every
    part, preferring longer parts."""
    parts = _split_explained(text, sep, lambda part: _translate_in(table, part, lang))
    if parts is None:
        return None
    return _word(lang, "sep." + ("then" if sep == "; then " else "list")).join(parts)


def _split_explained(text: str, sep: str, explain: Callable[[str], str | None]) -> list[str] | None:
    """``text`` split at ``sep`` into parts that ``explain`` each turns into a translation (a part
    may itself contain ``sep``), longer parts first; None when no split explains every part."""
    parts = text.split(sep)
    n = len(parts)
    best: list[list[str] | None] = [None] * (n + 1)
    best[n] = []
    for i in range(n - 1, -1, -1):
        for j in range(n, i, -1):
            rest = best[j]
            if rest is None:
                continue
            done = explain(sep.join(parts[i:j]))
            if done is not None:
                best[i] = [done] + rest
                break
    return best[0]


def _translate(text: str, lang: str) -> str | None:
    for table in ("top", "move", "problem", "plan", "score", "photo", "markers"):
        out = _translate_in(table, text, lang)
        if out is not None:
            return out
    # a question option made unique by what tells its moves apart (State.move_detail)
    detail = re.fullmatch(r"(.*) \(([^()]*)\)", text, re.S)
    head = _translate(detail.group(1), lang) if detail else None
    if detail and head is not None:
        parts = [_translate_in("detail", part, lang) for part in detail.group(2).split("; ")]
        if None not in parts:
            return f"{head} ({'; '.join(p for p in parts if p is not None)})"
    out = None
    if "; then " in text:
        out = _segments(text, "move", lang, "; then ")
    elif "; " in text:
        out = _segments(text, "problem", lang, "; ") or _segments(text, "score", lang, "; ")
    if out is None and detail and head is not None:  # a game's exact move fields stay as they are
        out = f"{head} ({detail.group(2)})"
    return out


@lru_cache(maxsize=4096)
def translate_sentence(text: str, lang: str) -> str:
    """``text`` (an English sentence from the engine or the tracker) in ``lang``; unchanged when
    ``lang`` is English or no known shape explains it."""
    if lang == "en" or not text or lang not in LANGUAGES:
        return text
    try:
        out = _translate(text, lang)
    except (TranslationError, KeyError, ValueError, IndexError, re.error):
        return text
    if out is None:
        return text
    if re.match(r"[Pp]layer \d", text) and out[:1].islower():  # "Player 2 takes" -> "Joueur 2 prend"
        out = out[0].upper() + out[1:]
    return out


def face_name(face: str, lang: str) -> str:
    """An Octocube cube face ("top", "north") as ``lang``'s sentences name it ("supérieure")."""
    if lang == "en" or lang not in LANGUAGES:
        return face
    try:
        return _word(lang, f"face.{face}")
    except (TranslationError, KeyError):
        return face


def player_pattern(lang: str) -> str:
    """A regular expression for ``lang``'s "player N" (N in group 1, any case), so the app can
    put the players' names into a translated sentence."""
    if lang == "en" or lang not in LANGUAGES:
        return r"\b[Pp]layer ([1-4])\b"
    before, _, after = _word(lang, "player", n="\0").partition("\0")
    return r"(?i:\b" + re.escape(before) + r")([1-4])" + re.escape(after) + r"\b"


def is_translated(text: str, lang: str) -> bool:
    """True when a shape explains ``text`` (used by tests and coverage figures)."""
    try:
        return _translate(text, lang) is not None
    except (TranslationError, KeyError, ValueError, IndexError):
        return False


def translate_player(name: str, lang: str) -> str:
    """A player as the photo scorers name them ('red', 'player 2') in ``lang``: the seat colour
    or 'player N'; capitalised (it heads a line or a list); unknown names come back unchanged."""
    name = name.capitalize()
    if lang == "en" or lang not in LANGUAGES or not re.fullmatch(_WHO, name):
        return name
    try:
        out = _who(name, lang)
    except (TranslationError, KeyError, ValueError, IndexError):
        return name
    return out[:1].upper() + out[1:]


def translate_label(label: str, lang: str) -> str:
    """A tile label ('green pearl', 'coin', 'abyss A') as a noun in ``lang`` (History's reveals)."""
    if lang == "en" or lang not in LANGUAGES:
        return label
    try:
        return _label(label, lang)
    except (TranslationError, KeyError, ValueError, IndexError):
        return label
