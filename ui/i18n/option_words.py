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

GAP = "\u2026"
"""Where the options differ, in the shared part ("...")."""
SLOT_JOIN = " \u00b7 "
"""Between an option's differences when it differs in several places ("east . south")."""
MIN_SHARED_WORDS = 4
"""Fewest words the options must share for the shared part to be worth showing once."""
MAX_SLOTS = 3
"""Most separate places the options may differ in to be shown slot by slot (more: the whole
stretch from the first difference to the last is each option's difference)."""


@dataclass(frozen=True)
class OptionDifference:
    """A question's options split into what they share and what each one differs in."""

    shared: str
    """The words every option shares, :data:`GAP` where they differ."""
    differences: tuple[str, ...]
    """Per option (in order): the words it differs in; empty where it is the shared words alone
    (a placing with no turn named)."""
    full: tuple[str, ...]
    """Per option: its whole sentence, as given."""


def by_difference(texts: Sequence[str], min_shared: int = MIN_SHARED_WORDS) -> OptionDifference | None:
    """``texts`` (a question's options, in any language) by what they share and what each one
    differs in; None where they share fewer than ``min_shared`` words, are fewer than two, or
    where the differences would not tell every two different options apart (the whole sentences
    are shown then, as before)."""
    texts = list(texts)
    if len(texts) < 2 or len(set(texts)) < 2:
        return None
    words = [text.split() for text in texts]
    if any(not w for w in words):
        return None
    shared_words, differences = _split(words)
    if sum(1 for word in shared_words if GAP not in word) < min_shared:
        return None
    # two different options must never read alike (nor a difference be lost)
    if len(set(differences)) != len(set(texts)) or len(set(zip(differences, texts))) != len(set(texts)):
        return None
    return OptionDifference(" ".join(shared_words), tuple(differences), tuple(texts))


def _split(words: list[list[str]]) -> tuple[list[str], list[str]]:
    """The shared words of ``words`` (options of at least two different word lists), with
    :data:`GAP` where they differ, and each option's difference: the words all share at their
    start and at their end, then the middles between (:func:`_middle`)."""
    shortest = min(len(w) for w in words)
    prefix = 0
    while prefix < shortest and all(w[prefix] == words[0][prefix] for w in words):
        prefix += 1
    suffix = 0
    while suffix < shortest - prefix and all(w[-1 - suffix] == words[0][-1 - suffix] for w in words):
        suffix += 1
    middles = [w[prefix: len(w) - suffix] for w in words]
    shared, differences = _middle(middles)
    return words[0][:prefix] + shared + words[0][len(words[0]) - suffix:], differences


def _middle(middles: list[list[str]]) -> tuple[list[str], list[str]]:
    """The options' middles (between their shared start and end): middles of as many words whose
    differing words fall in at most :data:`MAX_SLOTS` runs are shown run by run ("its ... face is
    down and its ... face"); where some options have no middle (a placing with no turn named) and
    the others differ among themselves, the others' shared words are shown between brackets, the
    bare ones' difference empty; any others as one gap, each option's whole middle its
    difference."""
    lengths = {len(m) for m in middles}
    if len(lengths) == 1 and lengths != {0}:
        n = lengths.pop()
        differ = [any(m[j] != middles[0][j] for m in middles) for j in range(n)]
        runs: list[tuple[int, int]] = []
        for j, d in enumerate(differ):
            if not d:
                continue
            if runs and runs[-1][1] == j:
                runs[-1] = (runs[-1][0], j + 1)
            else:
                runs.append((j, j + 1))
        if 1 <= len(runs) <= MAX_SLOTS:
            shared: list[str] = []
            at = 0
            for start, end in runs:
                shared += middles[0][at:start] + [GAP]
                at = end
            shared += middles[0][at:]
            differences = [SLOT_JOIN.join(" ".join(m[start:end]) for start, end in runs) for m in middles]
            return shared, differences
    filled = [i for i, m in enumerate(middles) if m]
    if 0 < len(filled) < len(middles) and len({tuple(middles[i]) for i in filled}) >= 2:
        inner, inner_differences = _split([middles[i] for i in filled])
        if any(GAP not in word for word in inner):
            differences = [""] * len(middles)
            for k, i in enumerate(filled):
                differences[i] = inner_differences[k]
            return ["(" + inner[0]] + inner[1:-1] + [inner[-1] + ")"] if len(inner) > 1 else ["(" + inner[0] + ")"], \
                differences
    return [GAP], [" ".join(m) for m in middles]
