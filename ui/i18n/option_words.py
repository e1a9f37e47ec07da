"""A question's options by what differs first (issue 20, session 83).

The tracker writes each option of a question as a whole sentence; a placing asked with twelve
orientations reads as twelve sentences alike but for two words near their end ("... its east face
is down and its south face looks north" / "... its north face ..."), which players cannot scan.
:func:`by_difference` finds the words every option shares and the words each one differs in, so a
tablet shows the shared part once ("Red places the cube on D1 turned so that its ... face is down
and its ... face looks north") and each option by its difference ("east . south"), the whole
sentence kept beside it. It works on words of any language: the app calls it on the options
already translated (:func:`ui.i18n.sentences.translate_sentence`), the CLI on the English.

Whether a tablet uses it: :attr:`ui.display.DisplayConfig.options_by_difference`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

GAP = "\u2026"
"""Where the options differ, in the shared part ("...")."""
SLOT_JOIN = " \u00b7 "
"""Between an option's differences when it differs in several places ("east . south")."""
MIN_SHARED_WORDS = 4
"""Fewest words the options must share for the shared part to be worth showing once."""
PUNCTUATION = ",;:"
"""Marks a word may carry that are compared apart from it ("D1," and "D1" are the same place)."""


@dataclass(frozen=True)
class OptionDifference:
    """A question's options split into what they share and what each one differs in."""

    shared: str
    """The words every option shares, :data:`GAP` where they differ; words only some options have
    (a tile picked up) between brackets where nothing differs around them."""
    differences: tuple[str, ...]
    """Per option (in order): the words it has where the options differ, each run of them joined
    by :data:`SLOT_JOIN`; an option with none there shows the words it has that others lack;
    empty where it is the shared words alone."""
    full: tuple[str, ...]
    """Per option: its whole sentence, as given."""


def by_difference(texts: Sequence[str], min_shared: int = MIN_SHARED_WORDS) -> OptionDifference | None:
    """``texts`` (a question's options, in any language) by what they share and what each one
    differs in; None where they share fewer than ``min_shared`` words, are fewer than two, or
    where the differences would not tell every two different options apart (the whole sentences
    are shown then, as before).

    The options' words are aligned in columns (each option against the columns so far, by
    :class:`difflib.SequenceMatcher`): a column is shared (every option has the same word there),
    differs (options have different words there) or is optional (one word, some options lack it)."""
    texts = list(texts)
    if len(texts) < 2 or len(set(texts)) < 2:
        return None
    words = [_tokens(text) for text in texts]
    if any(not w for w in words):
        return None
    columns = _columns([[t for t, _ in w] for w in words])
    n = len(texts)
    kinds = []
    for column in columns:
        values = set(column.values())
        kinds.append("differs" if len(values) > 1 else "shared" if len(column) == n else "optional")
    if sum(1 for j, kind in enumerate(kinds) if kind == "shared" and _word(columns[j]) not in PUNCTUATION) < min_shared:
        return None
    runs = _runs(kinds)
    glue = _glue(columns, words)
    shared: list[tuple[str, bool]] = []
    j = 0
    while j < len(columns):
        if kinds[j] == "shared":
            shared.append((_word(columns[j]), glue[j]))
        elif kinds[j] == "differs":
            if not shared or shared[-1][0] != GAP:
                shared.append((GAP, False))
        else:
            # optional words: between brackets where the options having them are not those
            # having the words beside them (a tile picked up after any orientation), plain where
            # they go with a difference ("turned so that its ... face")
            end = j
            while end < len(columns) and kinds[end] == "optional" and set(columns[end]) == set(columns[j]):
                end += 1
            inner = [(_word(columns[k]), glue[k]) for k in range(j, end)]
            beside = [set(columns[k]) for k in (j - 1, end) if 0 <= k < len(columns) and kinds[k] != "shared"]
            if set(columns[j]) not in beside:
                inner[0] = ("(" + inner[0][0], inner[0][1])
                inner[-1] = (inner[-1][0] + ")", inner[-1][1])
            shared += inner
            j = end
            continue
        j += 1
    differences = [_difference(i, columns, kinds, runs, glue, only_differing=True) for i in range(n)]
    if not _tells_apart(differences, texts):
        differences = [_difference(i, columns, kinds, runs, glue, only_differing=False) for i in range(n)]
        if not _tells_apart(differences, texts):
            return None
    return OptionDifference(_joined(shared), tuple(differences), tuple(texts))


def _word(column: dict[int, str]) -> str:
    """A column's word (as its first option writes it)."""
    return column[min(column)]


def _tells_apart(differences: list[str], texts: list[str]) -> bool:
    """Whether two different options never read alike (nor one option two ways)."""
    return len(set(differences)) == len(set(texts)) == len(set(zip(differences, texts)))


def _tokens(text: str) -> list[tuple[str, bool]]:
    """``text``'s words, each with whether it is glued to the word before (a comma after a word:
    "D1," is "D1" and a glued ",")."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        core = word.rstrip(PUNCTUATION)
        if core:
            out.append((core, False))
        out += [(mark, bool(core) or k > 0) for k, mark in enumerate(word[len(core):])]
    return out


def _joined(words: list[tuple[str, bool]]) -> str:
    text = ""
    for word, glued in words:
        text += word if glued or not text else " " + word
    return text


def _columns(options: list[list[str]]) -> list[dict[int, str]]:
    """The options' words aligned in columns: per column, each option's word there (an option
    lacking a word there has no entry)."""
    columns: list[dict[int, str]] = [{0: word} for word in options[0]]
    for i, words in enumerate(options[1:], start=1):
        shown = [_word(column) for column in columns]
        merged: list[dict[int, str]] = []
        for tag, a0, a1, b0, b1 in SequenceMatcher(None, shown, words, autojunk=False).get_opcodes():
            if tag == "equal" or (tag == "replace" and a1 - a0 == b1 - b0):
                merged += [{**columns[a0 + k], i: words[b0 + k]} for k in range(a1 - a0)]
            else:  # words only the columns so far have, then words only this option has
                merged += columns[a0:a1]
                merged += [{i: word} for word in words[b0:b1]]
        columns = merged
    return columns


def _runs(kinds: list[str]) -> list[tuple[int, int]]:
    """The runs of columns that not every option shares."""
    runs: list[tuple[int, int]] = []
    for j, kind in enumerate(kinds):
        if kind == "shared":
            continue
        if runs and runs[-1][1] == j:
            runs[-1] = (runs[-1][0], j + 1)
        else:
            runs.append((j, j + 1))
    return runs


def _glue(columns: list[dict[int, str]], words: list[list[tuple[str, bool]]]) -> list[bool]:
    """Per column: whether its word is glued to the one before, as the first option having it writes it."""
    glue: list[bool] = []
    seen = [0] * len(words)
    for column in columns:
        first = min(column)
        glue.append(words[first][seen[first]][1])
        for i in column:
            seen[i] += 1
    return glue


def _difference(i: int, columns: list[dict[int, str]], kinds: list[str], runs: list[tuple[int, int]],
                glue: list[bool], only_differing: bool) -> str:
    """Option ``i``'s difference: per run of columns not shared, its words in the columns that
    differ (``only_differing``; where it has none at all, its words in the optional ones), else
    its words in every column of the run."""
    def words_in(wanted: tuple[str, ...]) -> list[str]:
        """Per group of adjacent columns of the ``wanted`` kinds: option ``i``'s words there."""
        parts = []
        for start, end in runs:
            group: list[tuple[str, bool]] = []
            for j in range(start, end + 1):
                if j < end and kinds[j] in wanted:
                    if i in columns[j]:
                        group.append((columns[j][i], glue[j]))
                    continue
                if group:
                    parts.append(_joined(group).lstrip(PUNCTUATION + " "))
                group = []
        return [part for part in parts if part]

    parts = words_in(("differs",)) if only_differing else []
    if not parts:
        parts = words_in(("differs", "optional"))
    return SLOT_JOIN.join(parts)
