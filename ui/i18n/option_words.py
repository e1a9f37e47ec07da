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

from collections.abc import Callable, Sequence
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
    slots: tuple[tuple[str, ...], ...] = ()
    """Per option: its words in each run of adjacent columns where the options differ (where
    none differ: of columns only some options have), in reading order ("elf-eyepatch", "crown";
    a placing's "east", "south"); "" where it has none there. What :func:`option_steps` groups by."""


def by_difference(texts: Sequence[str], min_shared: int = MIN_SHARED_WORDS,
                  notes: Sequence[str | None] = (), phrases: bool = True) -> OptionDifference | None:
    """``texts`` (a question's options, in any language) by what they share and what each one
    differs in; None where they share fewer than ``min_shared`` words, are fewer than two, or
    where the differences would not tell every two different options apart (the whole sentences
    are shown then, as before).

    The options' words are aligned in columns (each option against the columns so far, by
    :class:`difflib.SequenceMatcher`): a column is shared (every option has the same word there),
    differs (options have different words there) or is optional (one word, some options lack it).

    ``notes`` (per option, or empty): what an option that has no words where the others differ
    leads with instead of the words it has that others lack ("not turned" for a placing with no
    turn among turned ones: its "and picks up a dark blue sextant" is shared by half the options
    and tells nothing apart). The caller knows it from the moves (typed), never from these words.

    ``phrases`` (``DisplayConfig.step_over`` on): words that differ in runs of different lengths
    are one column ("Elfe (couronne)" / "Gnome (boucles d'oreilles)": the French wild-token
    options split into a card and an attribute as the English do); False: as session 83 aligned
    them (some options' extra words optional)."""
    texts = list(texts)
    if len(texts) < 2 or len(set(texts)) < 2:
        return None
    words = [_tokens(text) for text in texts]
    if any(not w for w in words):
        return None
    columns, glue = _columns(words, phrases)
    n = len(texts)
    kinds = []
    for column in columns:
        values = set(column.values())
        kinds.append("differs" if len(values) > 1 else "shared" if len(column) == n else "optional")
    if sum(1 for j, kind in enumerate(kinds) if kind == "shared" and _word(columns[j]) not in PUNCTUATION) < min_shared:
        return None
    runs = _runs(kinds)
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
                if len(inner) > 1 and inner[0][1] and inner[0][0] in PUNCTUATION:  # "D1 (tourné ...)"
                    inner = [("(" + inner[1][0], False)] + inner[2:]  # its leading comma left out
                else:
                    inner[0] = ("(" + inner[0][0], inner[0][1])
                inner[-1] = (inner[-1][0] + ")", inner[-1][1])
            shared += inner
            j = end
            continue
        j += 1
    noted = list(notes) + [None] * (n - len(notes))
    differences = [_difference(i, columns, kinds, runs, glue, only_differing=True, note=noted[i]) for i in range(n)]
    if not _tells_apart(differences, texts):
        differences = [_difference(i, columns, kinds, runs, glue, only_differing=False) for i in range(n)]
        if not _tells_apart(differences, texts):
            return None
    segments = _segments(kinds, ("differs",)) or _segments(kinds, ("differs", "optional"))
    slots = tuple(tuple(_slot(i, start, end, columns, glue) for start, end in segments) for i in range(n))
    return OptionDifference(_joined(shared), tuple(differences), tuple(texts), slots)


def _segments(kinds: list[str], wanted: tuple[str, ...]) -> list[tuple[int, int]]:
    """The runs of adjacent columns of the ``wanted`` kinds: a placing's down face and the face
    looking north are two (the words between them are shared by the turned options)."""
    out: list[tuple[int, int]] = []
    for j, kind in enumerate(kinds):
        if kind not in wanted:
            continue
        if out and out[-1][1] == j:
            out[-1] = (out[-1][0], j + 1)
        else:
            out.append((j, j + 1))
    return out


def _slot(i: int, start: int, end: int, columns: list[dict[int, str]], glue: list[bool]) -> str:
    """Option ``i``'s words in the columns ``start:end`` ("" where it has none there)."""
    words = [(columns[j][i], glue[j]) for j in range(start, end) if i in columns[j]]
    return _joined(words).lstrip(PUNCTUATION + " ") if words else ""


def turn_notes(turned: Sequence[bool | None], orientation: Sequence[tuple[str, str] | None],
               not_turned: str, turned_to: Callable[[str, str], str]) -> tuple[str | None, ...]:
    """:func:`by_difference`'s ``notes`` from a question's typed placings
    (:attr:`tracker.inference.Question.option_turned`, :attr:`~tracker.inference.Question.option_orientation`),
    where some options put the cube down unturned and others turned: ``not_turned`` ("not
    turned", translated) for the unturned ones, ``turned_to(down, north)`` ("east face down,
    bottom face looks north") for the turned ones (used only where such an option's words do not
    differ from the others' but by what it has more: the whole turn, and a tile picked up). None
    for every option where no option is unturned among turned ones."""
    if True not in turned or False not in turned:
        return tuple(None for _ in turned)
    notes: list[str | None] = []
    for i, t in enumerate(turned):
        faces = orientation[i] if i < len(orientation) else None
        notes.append(not_turned if t is False else turned_to(*faces) if t and faces is not None else None)
    return tuple(notes)


@dataclass(frozen=True)
class OptionStep:
    """One step of a question asked in steps (:func:`option_steps`): a button per group."""

    slot: int
    """The run of differing words this step asks about (:attr:`OptionDifference.slots`); -1 where
    each button is one option (the last step)."""
    labels: tuple[str, ...]
    """Per button: the words it leads with (the group's words in ``slot``; an option's own
    difference, less what the steps before chose, where it stands alone)."""
    members: tuple[tuple[int, ...], ...]
    """Per button: the options of the whole question it stands for, in their order."""


def option_steps(split: OptionDifference, members: Sequence[int], most: int,
                 asked: Sequence[int] = ()) -> OptionStep:
    """``members`` (options of the question ``split`` describes) as one step of at most ``most``
    buttons where they can be grouped: by a run of differing words (a slot) whose step and
    largest group both fit in ``most`` buttons, the one whose two steps read fewest buttons, then
    the one read first in the sentence (the accolade card of an Open Season wild token: 12 cards,
    then 4 attributes each, rather than 5 attributes then 12 cards); where none fits, the one
    whose step or largest group is shortest (that group is narrowed again at the next step); slots in
    ``asked`` (chosen at the steps before) are not asked again. Where no slot groups them (or
    they are ``most`` or fewer), each option is its own button, labelled by its slots not yet
    asked (its whole difference where that would not tell it apart)."""
    members = tuple(members)
    slots = split.slots
    if len(members) > most and slots:
        best: tuple[int, int, int] | None = None  # (longest step where over most, buttons read, slot)
        for k in range(len(slots[members[0]])):
            if k in asked:
                continue
            by_value: dict[str, list[int]] = {}
            for i in members:
                by_value.setdefault(slots[i][k], []).append(i)
            if not 2 <= len(by_value) < len(members):
                continue
            biggest = max(len(g) for g in by_value.values())
            longest = max(len(by_value), biggest)
            score = (0 if longest <= most else longest, len(by_value) + biggest, k)
            if best is None or score < best:
                best = score
        if best is not None:
            k = best[2]
            groups: dict[str, list[int]] = {}
            for i in members:
                groups.setdefault(slots[i][k], []).append(i)
            labels = tuple(value if len(g) > 1 else _rest(split, g[0], asked) for value, g in groups.items())
            if len(set(labels)) == len(labels):
                return OptionStep(k, labels, tuple(tuple(g) for g in groups.values()))
    labels = tuple(_rest(split, i, asked) for i in members)
    if len(set(labels)) < len(labels):
        labels = tuple(split.differences[i] for i in members)
    return OptionStep(-1, labels, tuple((i,) for i in members))


def _rest(split: OptionDifference, i: int, asked: Sequence[int]) -> str:
    """Option ``i``'s difference less the slots already chosen (its whole difference where that
    leaves nothing, or where its slots are not its difference's words)."""
    if not asked or not split.slots:
        return split.differences[i]
    rest = [word for k, word in enumerate(split.slots[i]) if k not in asked and word]
    return SLOT_JOIN.join(rest) if rest else split.differences[i]


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


def _columns(options: list[list[tuple[str, bool]]], phrases: bool = True) -> tuple[list[dict[int, str]], list[bool]]:
    """The options' words aligned in columns: per column, each option's word there (an option
    lacking a word there has no entry); and per column whether its word is glued to the one
    before (as the first option having it writes it). Where ``phrases``, a run of words replaced
    by a run of another length is one column of phrases ("Elfe (couronne)" / "Gnome (boucles
    d'oreilles)"), not words some options lack."""
    columns: list[dict[int, str]] = [{0: word} for word, _ in options[0]]
    glue = [glued for _, glued in options[0]]
    for i, tokens in enumerate(options[1:], start=1):
        words = [word for word, _ in tokens]
        shown = [_word(column) for column in columns]
        merged: list[dict[int, str]] = []
        joined: list[bool] = []
        for tag, a0, a1, b0, b1 in SequenceMatcher(None, shown, words, autojunk=False).get_opcodes():
            if tag == "equal" or (tag == "replace" and a1 - a0 == b1 - b0):
                merged += [{**columns[a0 + k], i: words[b0 + k]} for k in range(a1 - a0)]
                joined += glue[a0:a1]
            elif tag == "replace" and phrases:
                phrase = {o: _joined([(column[o], glue[a0 + k]) for k, column in enumerate(columns[a0:a1]) if o in column])
                          for o in sorted(set().union(*columns[a0:a1]))}
                phrase[i] = _joined(tokens[b0:b1])
                merged.append(phrase)
                joined.append(glue[a0])
            else:  # words only the columns so far have, then words only this option has
                merged += columns[a0:a1]
                joined += glue[a0:a1]
                merged += [{i: word} for word in words[b0:b1]]
                joined += [glued for _, glued in tokens[b0:b1]]
        columns, glue = merged, joined
    return columns, glue


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


def _difference(i: int, columns: list[dict[int, str]], kinds: list[str], runs: list[tuple[int, int]],
                glue: list[bool], only_differing: bool, note: str | None = None) -> str:
    """Option ``i``'s difference: per run of columns not shared, its words in the columns that
    differ (``only_differing``; where it has none at all, ``note`` if given, else its words in the
    optional ones), else its words in every column of the run."""
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
    if not parts and only_differing and note:
        return note
    if not parts:
        parts = words_in(("differs", "optional"))
    return SLOT_JOIN.join(parts)
