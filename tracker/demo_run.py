"""Run a digital-twin demo game through the pipeline and keep the score sheet: moves followed,
illegal changes flagged, false alarms, questions (answered truthfully by the simulated players)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tracker.build import BuiltPipeline
from tracker.session import IllegalMoveAlert, QuestionAsked, event_words
from tracker.twin_truth import moves_made_at_table


def twin_tablet_step(twin: Any, tracked: Any, pipe: Any) -> tuple[bool, list[tuple[Any, bool]]]:
    """What the digital twin's players do on the tablet now, with the events it makes: they put
    right a roll the camera misread (``True`` beside those events) and enter the choices no camera
    sees (Octo Dice's actions). Nothing while a question is pending or for a twin without a tablet.
    Returns (whether a correction was made, the events). ``run --demo`` and ``demo`` both call
    this, so the two play the same game."""
    out: list[tuple[Any, bool]] = []
    corrected = False
    if tracked.pending is not None:
        return corrected, out
    correct = getattr(twin, "tablet_correction", None)
    if correct is not None:
        undo, moves = correct(tracked.state.history)
        if undo:
            corrected = True
            # through the pipeline, as the app's put_right: the scene memory is put right too
            out += [(event, True) for event in pipe.confirm_correction(undo, moves)]
    tablet = getattr(twin, "tablet_moves", None)
    if tablet is not None and tracked.pending is None:
        entered = tablet(tracked.state.history)
        if entered:
            out += [(event, False) for event in tracked.enter(entered)]
    return corrected, out


def twin_overrule_step(twin: Any, pipe: Any, truth: dict[str, Any] | None) -> bool:
    """The digital twin's players answer a scene the recogniser refused (Octo Dice: a die called
    cocked) truthfully: they overrule it when the twin says the recogniser is wrong (the die lies
    flat), else they change the table as the film does (re-roll). ``run --demo`` and ``demo`` both
    call this. True when they overruled it."""
    says = getattr(twin, "overrules", None)
    if pipe.refused is None or not callable(says) or not says(pipe.refused.places, truth):
        return False
    return bool(pipe.overrule())


def twin_misread_step(twin: Any, pipe: Any, truth: dict[str, Any] | None) -> bool:
    """The digital twin's players answer an alarm the camera may have caused (Octo Dice: a die
    called turned by hand) truthfully: "the camera misread it" only when the twin says each die
    still shows the face it showed (a die really turned is put back, as the film does). ``run
    --demo`` and ``demo`` both call this. True when they said it."""
    says = getattr(twin, "says_misread", None)
    offer = getattr(pipe, "misread_offer", None)
    if offer is None or not callable(says) or not says(offer.readings, truth):
        return False
    return bool(pipe.misread())


NOTE_PREFIX = "note: "
"""How a tracker note begins in the ``say`` lines (:func:`run_demo`'s ``notes``): not a question,
not a move; a reader of a say log sees why a move was made unasked or a question waited."""


def run_demo(demo: BuiltPipeline, say: Callable[[str], None] | None = None,
             on_update: Callable[[Any], None] | None = None, notes: bool = False,
             on_scene: Callable[[], None] | None = None,
             on_event: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """Play the whole film; returns the figures ``tablesight demo --json`` prints. ``on_update``
    sees every pipeline update (a window, a video being written). ``notes``: ``say`` hears the
    tracker's notes too (``TrackedGame.on_note``), one line each beginning :data:`NOTE_PREFIX`, as
    they are logged (before the scene's moves they explain); "alert cleared" notes are left out
    (the ``AlertCleared`` event says the same line). bench/teach.py's say logs had none: session 79's
    helpers counted "the next scene shows which" from a wrapper (docs/teach.md, fresh79c). False:
    no notes, as before (``tablesight demo`` prints none). ``on_scene``: called once each update's
    events are all handled and answered (``tablesight demo`` prints there which move is unsure or
    settled: :class:`ui.display.ShownGame`); the say lines of the benches are as before.
    ``on_event``: sees every tracker event as it is handled (answers' and the tablet's too), in
    order (``tablesight demo --json``'s ``"shown"``, as ``run --json`` has it)."""
    pipe, twin = demo.pipeline, demo.twin
    if twin is None:
        raise ValueError("run_demo needs a digital-twin pipeline (source 'demo')")
    tracked = pipe.tracked
    heard = tracked.on_note
    if say is not None and notes:
        def note(text: str, say: Callable[[str], None] = say) -> None:
            if not text.startswith("alert cleared:"):
                say(NOTE_PREFIX + text)

        tracked.on_note = note
    try:
        return _run_demo(demo, say, on_update, on_scene, on_event)
    finally:
        tracked.on_note = heard


def _run_demo(demo: BuiltPipeline, say: Callable[[str], None] | None,
              on_update: Callable[[Any], None] | None,
              on_scene: Callable[[], None] | None = None,
              on_event: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """:func:`run_demo`'s film, played to its end."""
    pipe, twin = demo.pipeline, demo.twin
    assert twin is not None
    tracked = pipe.tracked
    adapter = tracked.adapter
    illegal_changes = {i for i, c in enumerate(twin.changes) if c.kind == "illegal"}
    # illegal changes that look like nothing happened unless the stack heights are read
    needs_heights = {i for i in illegal_changes if getattr(twin.changes[i], "needs_heights", False)}
    flagged: set[int] = set()
    false_alarms = 0
    questions = 0
    frames = 0
    last_change = -2
    correct = getattr(twin, "tablet_correction", None)
    corrections = 0
    attach = getattr(pipe.recogniser, "attach_truth", None)
    if callable(attach) and demo.truth_of is not None:  # a recogniser that scores its own readings
        attach(demo.truth_of)
    warned = ""
    t0 = time.perf_counter()
    while True:
        update = pipe.step()
        if update is None:
            if twin.truth.is_terminal() and not tracked.state.is_terminal() and tracked.pending is None:
                # the players say the game is over: a last unseen move may still be missing
                _answer_all(tracked.finish(), tracked, twin, say, on_event)
            break
        if on_update is not None:
            on_update(update)
        if update.image is None:
            if say and not update.camera_ok and "stopped" in update.camera_message:
                say(f"camera: {update.camera_message}")
            # the camera stopped: a question that waited for the next scene is asked now
            questions += _answer_all(list(update.events), tracked, twin, say, on_event)
            continue
        if say and update.recognised and update.camera_message != warned and \
                update.camera_message == pipe.stats.unknown_copy:
            warned = update.camera_message
            say(f"[recogniser] {warned}")
        frames += 1
        change = (demo.truth_of(update.frame_index) or {}).get("change_index", -1)
        if say and change != last_change and 0 <= change < len(twin.changes):
            c = twin.changes[change]
            if c.kind != "move":
                say(f"[table] {c.text}")
        last_change = change
        events = list(update.events)
        while events:
            event = events.pop(0)
            if on_event is not None:
                on_event(event)
            if say:
                say(event_words(event, adapter))
            if isinstance(event, IllegalMoveAlert):
                if change in illegal_changes:
                    flagged.add(change)
                else:
                    false_alarms += 1
            elif isinstance(event, QuestionAsked):
                questions += 1
                # while an injected illegal change lies on the table, the moves it stands in for
                # are not made yet: the players answer only with the moves made so far
                made = moves_made_at_table(twin.changes, change)
                option = twin.truthful_answer(event.question, tracked.state.history, made)
                if option is None:
                    if say:
                        say("players answer: none of these")
                    events = list(tracked.reject()) + events
                    continue
                if say:
                    say(f"players answer {option + 1}: {event.question.option_texts[option]}")
                events = list(tracked.answer(option)) + events
        if twin_overrule_step(twin, pipe, demo.truth_of(update.frame_index)) and say:
            say("players answer: it lies flat")
        offer = pipe.misread_offer
        if twin_misread_step(twin, pipe, demo.truth_of(update.frame_index)) and say and offer is not None:
            say(f"players answer: the camera misread it ({offer.words})")
        corrected_now, entries = twin_tablet_step(twin, tracked, pipe)
        corrections += corrected_now
        for event, corrected in entries:
            if on_event is not None:
                on_event(event)
            if say:
                say(("tablet correction: " if corrected else "tablet: ") + event_words(event, adapter))
        if on_scene is not None:
            on_scene()
    elapsed = time.perf_counter() - t0
    if frames == 0:
        raise ValueError("the demo film delivered no frame: nothing was followed")
    truth = twin.truth
    truth_scores = truth.score_breakdown()
    from rules.core import RulesError

    scores_error = ""
    try:
        tracked_scores = tracked.state.score_breakdown()
    except RulesError as exc:  # e.g. a tile that went onto a cube unseen (advanced power G) and never showed
        scores_error = str(exc)
        tracked_scores = None
    return {
        "players": twin.game.num_players,
        "seed": twin.seed,
        "recogniser": demo.recogniser_name,
        "moves_total": len(truth.history),
        "moves_correct": twin.moves_correct(tracked.state.history),
        "moves_tracked": len(tracked.state.history),
        "illegal_injected": len(illegal_changes),
        "illegal_flagged": len(flagged & illegal_changes),
        "illegal_needs_heights": len(needs_heights),
        "illegal_flagged_needs_heights": len(flagged & needs_heights),
        "false_alarms": false_alarms,
        "questions_asked": questions,
        "frames": frames,
        "frames_recognised": pipe.stats.recognised,
        "seconds": round(elapsed, 2),
        "frames_per_s": round(frames / elapsed, 2) if elapsed > 0 else 0.0,
        "final_scores_match": tracked_scores is not None and _totals(truth_scores) == _totals(tracked_scores),
        "truth_scores": _totals(truth_scores),
        "tracked_scores": _totals(tracked_scores) if tracked_scores is not None else None,
        **({"final_scores_error": scores_error} if scores_error else {}),
        "stage_ms_mean": {k: round(v / max(1, frames), 2) for k, v in pipe.stats.stage_ms_total.items()},
        "move_latency_ms": _percentiles(pipe.stats.move_latency_ms),
        "calibration": pipe.calibration_message,
        "scenes_read": pipe.stats.scenes,
        "unknown_copy": pipe.stats.unknown_copy,
        "unknown_copy_first_scene": (pipe.stats.unknown_copy_scenes[0] if pipe.stats.unknown_copy_scenes
                                     else None),
        "unknown_copy_scenes": len(pipe.stats.unknown_copy_scenes),
        "copy_judged_first_scene": pipe.stats.first_judged_scene,
        "first_player": getattr(truth, "first_player", 0),
        **_reading_figures(pipe.recogniser),
        **({"tablet_corrections": corrections} if correct is not None else {}),
        **({"misread_said": pipe.stats.misread_said} if callable(getattr(pipe.memory, "misread_said", None))
           else {}),
        "score_text": (tracked_scores.to_text([adapter.player_name(s) for s in range(twin.game.num_players)])
                       if tracked_scores is not None else f"the final scores cannot be counted: {scores_error}"),
    }


def _reading_figures(recogniser: Any) -> dict[str, Any]:
    """A recogniser that scores its own readings against the twin's truth adds its figures
    (Octo Dice: rolls and single dice read right, cocked dice found)."""
    figures = getattr(recogniser, "figures", None)
    return dict(figures()) if callable(figures) else {}


def _percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {"p50": at(0.5), "p95": at(0.95), "max": round(ordered[-1], 1), "count": len(ordered)}


def _answer_all(events: list[Any], tracked: Any, twin: Any, say: Callable[[str], None] | None,
                on_event: Callable[[Any], None] | None = None) -> int:
    """The events at the game's end, each question answered truthfully; how many were asked."""
    asked = 0
    while events:
        event = events.pop(0)
        if on_event is not None:
            on_event(event)
        if say:
            say(event_words(event, tracked.adapter))
        if isinstance(event, QuestionAsked):
            asked += 1
            option = twin.truthful_answer(event.question, tracked.state.history)
            events = list(tracked.reject() if option is None else tracked.answer(option)) + events
    return asked


def _totals(breakdown: Any) -> list[int]:
    return list(breakdown.totals())
