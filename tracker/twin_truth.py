"""What a digital twin's simulated players know for sure, shared by every game's twin: which
option of a question is what really happened, and how many tracked moves match the truth."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

from tracker.two_step import step_option


def truthful_option(truth: Sequence[Any], question: Any, tracked_history: Sequence[Any],
                    upto: int | None = None) -> int | None:
    """The option that is what really happened (the one that takes the game furthest along
    ``truth``, taking back the fewest moves), or None when none did (the players then reject the
    question). A recovery option may first take back some of the tracker's moves
    (``question.take_back``): it is true when the moves it then makes are the truth's. ``upto``:
    how many of the truth's moves the players have made at the table so far (while an injected
    illegal change lies there, the moves it stands in for are not made yet: players who took
    three inn cards do not answer "took these two", Open Season seed 102786); None: any. A step of
    a question asked in steps (:mod:`tracker.two_step`) is answered as the whole question."""
    if getattr(question, "whole", None) is not None:
        return step_option(question, truthful_option(truth, question.whole, tracked_history, upto))
    done = len(tracked_history)
    take_back = tuple(getattr(question, "take_back", ()))
    best, best_key = None, None
    for i, option in enumerate(question.options):
        start = done - (take_back[i] if i < len(take_back) else 0)
        if start < 0 or tuple(truth[start: start + len(option)]) != tuple(option):
            continue
        if upto is not None and start + len(option) > upto:
            continue  # moves not made at the table yet
        if start < done and list(tracked_history[:start]) != list(truth[:start]):
            continue  # what it keeps did not all happen
        if start < done and list(tracked_history[start:]) == list(truth[start:done]) \
                and len(option) <= done - start:
            continue  # takes back moves that did happen, and makes nothing new
        key = (start + len(option), -(done - start))
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def moves_made_at_table(changes: Sequence[Any], index: int) -> int | None:
    """How many truth moves the simulated players have made at the table while change ``index``
    of a twin's film lies there: they answer a question with those moves only. An injected
    illegal change stands in for moves still to come (Open Season seed 102786: players who took
    three inn cards answered "took these two"); and a move the players make only after the scene
    is not an answer either (advanced bench seed 61629 with perfect readings: Red put abyss tile F
    down, and the players picked "puts F, then uses power E" because their next move was that E;
    the cube's top was named for the turned face, and the game was lost from move 158). None
    when ``index`` is no change of the film (any of the truth's moves may then be an answer)."""
    if 0 <= index < len(changes):
        return int(changes[index].truth_moves)
    return None


def moves_correct(codec: Any, truth: Sequence[Any], tracked_history: Sequence[Any]) -> int:
    """Tracked moves that match the truth, in order (the longest common subsequence's blocks)."""
    a = [str(codec.encode(m)) for m in truth]
    b = [str(codec.encode(m)) for m in tracked_history]
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks())
