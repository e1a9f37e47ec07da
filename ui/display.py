"""How the tablet and the CLI show the tracker's doubts (issue 20, session 83, helper tablet83).

Nothing here changes what the tracker decides: only what the players are shown of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DisplayConfig:
    show_provisional: bool = True
    """Show a move a seat wait made provisionally (``InferenceConfig.seat_settles``,
    :attr:`tracker.session.TrackedGame.provisional`) as unsure until a later scene settles it:
    Play's "Unsure" line, the last move and the scores greyed, History's rows marked, ``tablesight
    run``'s "unsure:" / "settled:" lines and ``--json``'s ``"provisional": true``. Why: with
    ``seat_settles`` on (session 82) such a move read as certain, and when a later scene settled
    it the other way it changed silently. Measured on observation bench game 749643's placing at
    move 232 (16 orientations, settled by Red's next roll): tests/ui/test_provisional_moves.py.
    False: no mark, as on main (the tests' off control)."""
    options_by_difference: bool = True
    """Show a question's options by what they differ in (:func:`ui.i18n.option_words.by_difference`):
    the words every option shares once, each option by its difference first, its whole sentence
    beside it. Why: a placing asked with 2-16 orientations read as that many sentences alike up to
    their last words (session 80's place80: 37 % of two taught games' questions). Measured on the
    real questions of observation bench game 749643 (tests/ui/test_option_words.py). False: each
    option's whole sentence alone, as on main."""
    demo_json_shown: bool = True
    """``tablesight demo --json`` carries ``"shown"`` and ``"provisional"`` as ``tablesight run
    --json`` does (session 84, tablet84). Why: the two entry points said different things of the
    same game (``demo`` printed "unsure:"/"settled:" lines but its JSON had figures only). Measured
    on demo seed 3 (8 moves: Yellow's pivot unsure, then settled): tests/ui/test_option_steps.py.
    False: figures only, as on main."""
    score_unsure: bool = True
    """The Score screen's title says the scores are unsure while a seat wait holds a move
    (``show_provisional`` on too): "Scores so far (unsure: waiting for Red's next turn)". Why:
    Play said "Scores (unsure)" but the Score screen, one tap away, read as sure (session 84,
    tablet84). Measured on observation game 749643's placing at move 232
    (tests/ui/test_app_steps.py). False: no mark there, as on main."""
    unturned_words: bool = True
    """An option that leaves a cube unturned, among options that turn it, leads with "not turned"
    (:attr:`tracker.inference.Question.option_turns`), not with the words it has that others lack
    ("and picks up a dark blue sextant": shared by half the options, it told nothing apart).
    Session 84, tablet84; measured on the 10 placing questions of observation game 749643 that
    offer one unturned orientation among turned ones (tests/ui/test_option_steps.py; the say logs
    of Octocube games 72873/72874 asked 5 such among their 17 placing questions). False: as
    session 83 showed it."""
    phrase_columns: bool = True
    """Options that differ in runs of words of different lengths are aligned phrase against
    phrase (:func:`ui.i18n.option_words.by_difference`'s ``phrases``): the French wild-token
    options ("la carte Elfe (couronne)" / "la carte Gnome (boucles d'oreilles)") then split into a
    card and an attribute as the English do, instead of a shared part full of bracketed words.
    Session 84, tablet84; measured on Open Season game 103113's 40-option question in French
    (tests/ui/test_option_steps.py). False: aligned word by word, as session 83 did."""
    step_over: int = 12
    """A tracker question of more options than this is asked in steps on the tablet and by ``run``
    (:func:`ui.i18n.option_words.option_steps`): first the part of the options told apart in the
    fewest ways that keeps each step at most this long (an Open Season wild token's accolade
    card), then the rest among the options left (what the token makes it), with a way back. The
    answer is still the whole question's option. Why: Open Season game 103113 asked 48 and 40
    options at once (docs/teach.md, fresh83): nobody reads 48 buttons. Measured on those two
    questions rebuilt from the tracker (tests/ui/test_option_steps.py, tests/ui/test_app_steps.py).
    0: every option at once, as on main."""


class ShownGame:
    """What a CLI showed of a tracked game, line by line: each tracker event as it is printed
    (:meth:`event`), then, once a scene's events are all out (:meth:`scene_done`), the lines that
    say a move is unsure or settled, read from the tracker's typed state
    (:attr:`tracker.session.TrackedGame.provisional`, :attr:`~tracker.session.TrackedGame.settled`),
    never from its words. :attr:`entries` is ``tablesight run --json``'s ``"shown"``: one dict per
    move, take-back, question, alert, settlement; a move the tracker made provisionally carries
    ``"provisional": true`` (as it was shown; a later ``"settled"`` entry or a take-back says how
    it ended)."""

    def __init__(self, tracked: Any, display: DisplayConfig | None = None) -> None:
        self.tracked = tracked
        self.display = display or DisplayConfig()
        self.entries: list[dict[str, Any]] = []
        self._at: dict[int, dict[str, Any]] = {}
        """History index -> the entry of the move last shown there."""
        self._next = len(tracked.state.history)
        """The history index the next move shown makes."""
        self._unsure: tuple[int, str] | None = None
        self._settlements = int(getattr(tracked, "settlements", 0))

    def event(self, event: Any) -> None:
        """One tracker event, as it is shown."""
        from tracker.session import IllegalMoveAlert, MoveConfirmed, MovesTakenBack, QuestionAsked

        if isinstance(event, MoveConfirmed):
            entry: dict[str, Any] = {"kind": "move", "player": event.player, "text": event.text, "provisional": False}
            self._at[self._next] = entry
            self._next += 1
        elif isinstance(event, MovesTakenBack):
            self._next = max(0, self._next - len(event.texts))
            self._at = {k: v for k, v in self._at.items() if k < self._next}
            entry = {"kind": "taken_back", "texts": list(event.texts)}
        elif isinstance(event, QuestionAsked):
            question = event.question
            entry = {"kind": "question", "prompt": question.prompt, "options": list(question.option_texts)}
            split = self.question_split(question.option_texts, question)
            if split is not None:
                entry.update(shared=split.shared, differences=list(split.differences))
                groups = self.question_groups(split)
                if groups:
                    entry["groups"] = [{"label": label, "options": list(members)} for label, members in groups]
        elif isinstance(event, IllegalMoveAlert):
            entry = {"kind": "alert", "reason": event.reason}
        else:
            return
        self.entries.append(entry)

    def question_split(self, texts: Any, question: Any = None) -> Any:
        """A question's options by what they differ in (``DisplayConfig.options_by_difference``);
        an unturned placing among turned ones leads with "not turned" where ``question`` (the
        tracker's, typed) says so (``DisplayConfig.unturned_words``)."""
        if not self.display.options_by_difference:
            return None
        from ui.i18n.option_words import by_difference, turn_notes

        notes: tuple[str | None, ...] = ()
        if self.display.unturned_words and question is not None:
            notes = turn_notes(question.option_turned, question.option_orientation, "not turned",
                               lambda down, north: f"{down} face down, {north} face looks north")
        return by_difference(list(texts), notes=notes, phrases=self.display.phrase_columns)

    def question_groups(self, split: Any) -> list[tuple[str, tuple[int, ...]]]:
        """A question of more than ``DisplayConfig.step_over`` options: its first step's groups
        (:func:`ui.i18n.option_words.option_steps`), each label with the options (0-based) it
        stands for; empty where every option is shown at once."""
        step = self._first_step(split)
        return [] if step is None else list(zip(step.labels, step.members))

    def _first_step(self, split: Any) -> Any:
        from ui.i18n.option_words import option_steps

        most = int(self.display.step_over)
        if split is None or most <= 0 or len(split.full) <= most:
            return None
        step = option_steps(split, range(len(split.full)), most)
        return step if step.slot >= 0 else None

    def question_lines(self, question: Any) -> list[str]:
        """The lines a terminal prints under a question's own line: the words every option shares,
        then each option by its difference (none where the options are shown whole); a long
        question (``DisplayConfig.step_over``) grouped, a line per group: "  elf-eyepatch: 1) crown
        2) tattoo ..." (the numbers still the whole question's)."""
        from ui.i18n.option_words import option_steps

        split = self.question_split(question.option_texts, question)
        if split is None:
            return []
        lines = [f"  which: {split.shared}"]
        step = self._first_step(split)
        if step is None:
            return lines + [f"  {i}) {difference or '(just that)'}" for i, difference in enumerate(split.differences, 1)]
        for label, members in zip(step.labels, step.members):
            inner = option_steps(split, members, len(members), [step.slot])  # each option alone
            words = "  ".join(f"{i + 1}) {rest or '(just that)'}" for i, rest in zip(members, inner.labels))
            lines.append(f"  {label}: {words}")
        return lines

    def scene_done(self) -> list[str]:
        """A scene's events are all shown: the lines saying a move is now unsure (made
        provisionally, or made another way) or settled, in order; the moves shown under a
        provisional option marked ``"provisional": true``."""
        tracked = self.tracked
        held = len(tracked.state.history)
        if self._next != held:  # moves changed unseen here (a tablet correction): mark none wrongly
            self._at = {k: v for k, v in self._at.items() if k < min(self._next, held)}
            self._next = held
        lines: list[str] = []
        count = int(getattr(tracked, "settlements", 0))
        if count != self._settlements:
            self._settlements = count
            settled = getattr(tracked, "settled", None)
            if self.display.show_provisional and settled is not None:
                lines.append(f"settled: {settled.text}")
                self.entries.append({"kind": "settled", "player": settled.seat, "text": settled.text})
        unsure = getattr(tracked, "provisional", None) if self.display.show_provisional else None
        key = None if unsure is None else (unsure.first, unsure.text)
        if unsure is not None:
            for index in range(unsure.first, unsure.first + unsure.count):
                if index in self._at:
                    self._at[index]["provisional"] = True
            if key != self._unsure:
                lines.append(f"unsure: {unsure.text} (waiting for {unsure.seat_name}'s next turn; "
                             f"{unsure.options} options left)")
        self._unsure = key
        return lines

    def provisional_now(self) -> dict[str, Any] | None:
        """The provisional moves as the game stands (``--json``'s ``"provisional"``), or None."""
        unsure = getattr(self.tracked, "provisional", None) if self.display.show_provisional else None
        if unsure is None:
            return None
        return {"first": unsure.first, "count": unsure.count, "player": unsure.seat, "text": unsure.text,
                "options": unsure.options}
