"""Bench: score finished Open Season tables from one photo (``tablesight score --game
open_season``) on unseen rendered tables, against the engine's own final scores.

    nice .venv/bin/python bench/score_photo.py --game open_season --count 50 --seed-start 70000

Renders ``--count`` finished tables (``render open_season --end``: twin playouts to the end, 2-4
players, Horn or Shield, expert tiles on about half, tilt 0-35, three lightings, a hand now and
then, accolades fanned face up by hand), alternately 1280x720 and 1920x1080, JPEG as a camera
writes them, reads each and prints:

* tables whose every player's total is exact from the photo alone, with only the wild tokens'
  attributes answered (a wild token shows none: the rules have its player announce it, the scorer
  assumes what a player announces and asks; since session 34 the twin's players announce it as
  players do, before at random), and with every question answered truthfully; per resolution
  too; for each table off from the photo alone, the questions whose default was wrong (by kind at
  the end);
* accolade cards: per card, read surely and right / asked (a doubt) / read surely and WRONG (the
  failure that matters: a hidden error) / on a fan refused as a whole; wall cards likewise;
* refused tables and why; seconds per photo (the scorer only, rendering not counted).

Seeds: the accolade classifiers were trained on 60000-60999 and the reader developed on 500,
501, 7, 88001, 88002, 69000-69399, 76000-76029 and 79000-79079 (refused here); bench on 70000 and up (73000-73049,
77000-77049, 78000-78049, 82000-82049 and 84000-84049 have been reported; 77000-78049, 80000-80049,
82000-82049, 89700-89999 and 90350-90609 tuned on (90470-90539 reported in session 35, then tuned on in
session 36; 90540-90609 reported in session 36, then traced and tuned on in session 37; 90610-90679
reported in session 37, then traced in session 38; 90680-90749 reported in session 38, then traced
in session 39; 90750-90819 reported in session 39, then traced in session 40; 90820-90889 reported in session 40, then
traced in session 41; 90890-90959 reported in session 41, then traced in session 43); ``--tuning`` runs them anyway, to list and trace,
never for figures). Every card read surely and wrong is listed (seed, player, space or fan place,
read and truth).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.render.dataset import render_one  # noqa: E402

TUNED = (set(range(60000, 61000)) | set(range(69000, 69400)) | set(range(76000, 76030)) | set(range(79000, 79080))
         | set(range(77000, 77050)) | set(range(78000, 78050))  # os-photo4: the Shield scoring trophies
         | set(range(80000, 80050))  # os-photo5: 80010, 80013, 80020, 80048 traced
         | set(range(82000, 82050))  # os-photo6: 82038, 82044 traced (eyepatch read surely as dagger/crown)
         | set(range(89700, 90000))  # os-1080: the eyepatch gap per px/mm fitted on every fanned card
         | set(range(90350, 90400))  # os-photo (session 34): the wild tokens' defaults checked, 90351 traced
         | set(range(90400, 90470))  # os-photo2 (session 35): 90413, 90423, 90425, 90452, 90459 traced
         | set(range(90470, 90540))  # os-photo3 (session 36): the bonus faces' blur per photo, 90515, 90523 traced
         | set(range(90540, 90610))  # os-photo3 (session 36) reported them, then os-photo4 (session 37) traced 90592 and the tables off
         | set(range(90610, 90680))  # os-photo4 (session 37) reported them, then os-photo5 (session 38) traced the wall card read surely and wrong
         | set(range(90680, 90750))  # os-photo5 (session 38) reported them, then os-photo6 (session 39) traced 90743 and the tables off
         | set(range(90750, 90820))  # os-photo6 (session 39) reported them, then os-photo7 (session 40) traced the tables off and 90807
         | set(range(90820, 90890))  # os-photo7 (session 40) reported them, then os-photo8 (session 41) traced 90877 and the covered cards
         | set(range(90890, 90960))  # os-photo8 (session 41) reported them, then os-photo9 (session 43) traced 90910, the refused fans, 90900, 90941
         | set(range(90960, 91170))  # os-photo10-12 (sessions 44-46): reported, then traced and tuned on
         | {500, 501, 7, 88001, 88002})


def truth_place(acc: list[Any], row: int, place: int) -> int | None:
    """The index in a player's true accolades of the card at ``place`` (from 0) of fan row
    ``row`` (from 0), or None when that row truly holds fewer cards. The scorer numbers a fan's
    cards row by row as it read them: where a hand hid cards past a row's end the true rows are
    longer, and a card's number in the read fan is not its true index (``read_place``)."""
    from vision.render.open_season_scene import accolade_fan_rows

    rows = accolade_fan_rows(len(acc))
    if row >= len(rows) or place >= rows[row]:
        return None
    return sum(rows[:row]) + place


def read_place(read_count: int, k: int) -> tuple[int, int]:
    """(row, place in it), from 0, of card ``k`` (from 0) of a fan read as ``read_count`` cards."""
    from vision.render.open_season_scene import accolade_fan_rows

    for r, n in enumerate(accolade_fan_rows(read_count)):
        if k < n:
            return r, k
        k -= n
    return len(accolade_fan_rows(read_count)), k



def _cpu_seconds() -> float:
    """CPU seconds of this process's threads and of the children it has waited for (the scorer
    reads part of a photo in a forked child, ``vision.forked``)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system

def truthful_answers(result: Any, end: dict[str, Any]) -> dict[str, int]:
    """What truthful players answer to each question (the bench's stand-in for the prompt)."""
    options = result.reading.get("options", {})
    answers: dict[str, int] = {}
    for d in result.doubts:
        opts = options.get(d.key)
        if not opts:
            continue
        words = d.key.split()
        if words[0] == "wild":
            truth = end["players"][int(words[1]) - 1]["wall_wilds"].get(words[2])
            if truth is None and opts[0] == "no wild token":  # a covered space that may hide one
                truth = "no wild token"
        elif words[0] == "wall":
            truth = end["players"][int(words[1]) - 1]["wall"].get(words[2], "")
            truth = "face down" if truth is None else truth  # a covered space's option
        elif words[0] == "accolade" and words[1] == "wild":
            w = end["players"][int(words[2]) - 1]["accolade_wilds"]
            i = int(words[3]) - 1
            if opts[0] == "no wild token":  # a card that may carry one: the truth at that fan place
                card = opts[1].split(" as ")[0]
                place = re.search(r"card (\d+) of", d.question)
                on = [x for x in w if place and x["position"] == int(place.group(1)) - 1]
                truth = f"{card} as {on[0]['attribute']}" if on else "no wild token"
            else:
                truth = f"{w[i]['card']} as {w[i]['attribute']}" if i < len(w) else None
        elif words[0] == "accolade":
            acc = end["players"][int(words[1]) - 1]["accolades"]
            read_count = len(result.reading["seats"][int(words[1]) - 1]["accolades"])
            j = truth_place(acc, *read_place(read_count, int(words[2]) - 1))
            truth = acc[j] if j is not None else None
        elif words[0] == "more":  # a place past a row's covered end: the card there, or none
            acc = end["players"][int(words[1]) - 1]["accolades"]
            j = truth_place(acc, int(words[2]) - 1, int(words[3]) - 1)
            truth = acc[j] if j is not None else "no card"
        elif words[0] == "bonus":
            face = end["players"][int(words[1]) - 1]["bonus"].get(words[2])
            truth = f"face {face[0]}" if face else "no tile"
        elif words[0] == "active":
            face = end["players"][int(words[1]) - 1]["bonus"].get(words[2])
            truth = ("activated" if face[1] else "not activated") if face else None
        elif words[0] == "scoring":
            truth = "yes" if words[2] in end["players"][int(words[1]) - 1]["scorings"] else "no"
        elif words[0] in ("penalty", "series"):
            truth = "yes" if end["players"][int(words[1]) - 1][words[0]] else "no"
        elif words[0] == "trophies":
            truth = str(end["players"][int(words[1]) - 1]["wall_trophies"].get(words[2], 0))
        else:
            continue
        if truth in opts:
            answers[d.key] = opts.index(truth) + 1
    return answers


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed-start", type=int, default=70000)
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    ap.add_argument("--tuning", action="store_true",
                    help="run on seeds the reader was tuned on (to list and trace their off tables; never for figures)")
    ap.add_argument("--resolution", type=int, nargs=2, metavar=("W", "H"), default=None,
                    help="every photo at this size (default: 1280x720 and 1920x1080 alternately)")
    args = ap.parse_args(argv)
    from vision.photo_score import PhotoScoreError, ScoreRequest, scorer
    from vision.render.dataset import DatasetSettings
    from vision.render.renderer import Renderer

    fn = scorer("open_season")
    renderer = Renderer()
    stats: dict[str, Any] = {"tables": 0, "exact_alone": 0, "exact_answered": 0, "refused": [],
                             "acc": {"cards": 0, "sure_right": 0, "asked": 0, "sure_wrong": 0, "refused": 0},
                             "wall": {"cards": 0, "right": 0, "asked": 0, "wrong": 0},
                             "seconds": [], "cpu_seconds": [], "doubts": 0, "exact_said": 0, "by_size": {}, "mix": {}, "players": 0, "sure_wrong_totals": 0, "outside_range": 0,
                             "doubted_wrong_totals": 0, "causes": {}}
    wrong_tables = []
    for i in range(args.count):
        seed = args.seed_start + i
        if seed in TUNED and not args.tuning:
            print(f"seed {seed} was used to tune the reader: pick another --seed-start", file=sys.stderr)
            return 2
        size = tuple(args.resolution) if args.resolution else (1280, 720) if i % 2 == 0 else (1920, 1080)
        settings = DatasetSettings(game="open_season", seed=seed, count=1, end=True, resolution=size)
        res = render_one(settings, 0, renderer)
        ok, buf = cv2.imencode(".jpg", res.image, [cv2.IMWRITE_JPEG_QUALITY, 95])
        photo = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        assert ok and photo is not None
        end = res.ground_truth["end"]
        n = end["num_players"]
        key = f"{n}p {end['side']}{' expert' if end['expert'] else ''}"
        stats["mix"][key] = stats["mix"].get(key, 0) + 1
        stats["tables"] += 1
        request = ScoreRequest(n, options={"side": end["side"], "expert": end["expert"]})
        t0, c0 = time.perf_counter(), _cpu_seconds()
        try:
            result = fn(photo, request)
        except PhotoScoreError as exc:
            stats["seconds"].append(time.perf_counter() - t0)
            stats["cpu_seconds"].append(_cpu_seconds() - c0)
            stats["refused"].append(f"seed {seed} ({size[0]}x{size[1]}, {len(res.ground_truth['hands'])} hand): {exc}")
            stats["acc"]["refused"] += sum(len(p["accolades"]) for p in end["players"])
            stats["acc"]["cards"] += sum(len(p["accolades"]) for p in end["players"])
            print(f"{seed}: refused: {exc}")
            continue
        stats["seconds"].append(time.perf_counter() - t0)
        stats["cpu_seconds"].append(_cpu_seconds() - c0)
        stats["doubts"] += len(result.doubts)
        totals = [p.total for p in result.players]
        alone = totals == end["scores"]
        stats["exact_alone"] += alone
        # the figure that matters most: a total printed with no doubt naming it that is wrong
        sure_wrong = []
        for p, score in zip(end["players"], result.players):
            stats["players"] += 1
            if score.total == end["scores"][p["seat"]]:
                continue
            # a note (a token doubt the scorer cannot turn into options) naming the player
            # counts as a doubt; a question that moves no total does not
            named = score.total_range is not None or any(
                f"player {p['seat'] + 1}" in d.question for d in result.doubts if d.key.startswith("note "))
            lo, hi = score.total_range or (score.total, score.total)
            if not lo <= end["scores"][p["seat"]] <= hi:
                stats["outside_range"] += 1
            if named:
                stats["doubted_wrong_totals"] += 1
            else:
                stats["sure_wrong_totals"] += 1
                sure_wrong.append(f"player {p['seat'] + 1} {score.total} (truth {end['scores'][p['seat']]})")
        if sure_wrong:
            print(f"{seed}: printed as sure and WRONG: {', '.join(sure_wrong)}")
        answers = truthful_answers(result, end)
        if not alone:
            # why: each question whose default (what the total used) is not the truthful answer
            # and that moves a total; a question whose options miss the truth; else a reading
            # printed as sure that is wrong
            causes = []
            for d in result.doubts:
                if d.key.startswith("note ") or not d.score_range:
                    continue
                kind = " ".join(d.key.split()[:2]) if d.key.startswith("accolade wild") else d.key.split()[0]
                if d.key not in answers:
                    causes.append((kind, f"{d.key}: the truth is not among the options"))
                elif answers[d.key] != d.read:
                    opts = result.reading["options"][d.key]
                    causes.append((kind, f"{d.key}: default {opts[d.read - 1]!r}, truth {opts[answers[d.key] - 1]!r}"))
            if not causes:
                causes.append(("sure and wrong", "no question's default is wrong: a reading printed as sure"))
            for kind, _ in causes:
                stats["causes"][kind] = stats["causes"].get(kind, 0) + 1
            print(f"{seed}: off from the photo alone: {'; '.join(text for _, text in causes)}")
        answered = fn(photo, ScoreRequest(n, options=request.options, answers=answers)) if answers else result
        # a wild token shows no attribute: the rules have its player announce it, so the photo
        # can hold everything else at best (the scorer assumes the attribute best for the player)
        spoken = {k: v for k, v in answers.items() if k.startswith(("wild ", "accolade wild "))}
        said = fn(photo, ScoreRequest(n, options=request.options, answers=spoken)) if spoken else result
        stats["exact_said"] += [p.total for p in said.players] == end["scores"]
        by_size = stats["by_size"].setdefault(f"{size[0]}x{size[1]}", [0, 0, 0, 0, 0])
        by_size[0] += 1
        by_size[1] += alone
        by_size[2] += [p.total for p in said.players] == end["scores"]
        sure_right_before, cards_before = stats["acc"]["sure_right"], stats["acc"]["cards"]
        exact = [p.total for p in answered.players] == end["scores"]
        stats["exact_answered"] += exact
        doubt_keys = {d.key for d in result.doubts}
        for p, seat in zip(end["players"], result.reading["seats"]):
            s = p["seat"]
            read_by_truth = {truth_place(p["accolades"], *read_place(len(seat["accolades"]), k)): k
                             for k in range(len(seat["accolades"]))}
            counts_asked = len(seat["accolades"]) == len(p["accolades"]) or any(
                key.startswith(f"more {s + 1} ") for key in doubt_keys)
            true_rows = [read_place(len(p["accolades"]), k) for k in range(len(p["accolades"]))]
            for k, truth in enumerate(p["accolades"]):
                stats["acc"]["cards"] += 1
                at = read_by_truth.get(k)
                read = seat["accolades"][at] if at is not None else None
                if (f"accolade {s + 1} {(at if at is not None else k) + 1}" in doubt_keys
                        or f"more {s + 1} {true_rows[k][0] + 1} {true_rows[k][1] + 1}" in doubt_keys):
                    stats["acc"]["asked"] += 1
                elif read == truth and counts_asked:
                    stats["acc"]["sure_right"] += 1
                else:
                    stats["acc"]["sure_wrong"] += 1
                    print(f"{seed}: accolade card read surely and WRONG: player {s + 1} card {k + 1}: read {read!r}, truth {truth!r}")
            for space, truth in p["wall"].items():
                stats["wall"]["cards"] += 1
                read = seat["wall"].get(space)
                if f"wall {s + 1} {space}" in doubt_keys:
                    stats["wall"]["asked"] += 1
                elif read == truth:
                    stats["wall"]["right"] += 1
                else:
                    stats["wall"]["wrong"] += 1
                    print(f"{seed}: wall card read surely and WRONG: player {s + 1} space {space}: read {read!r}, truth {truth!r}")
        by_size[3] += stats["acc"]["sure_right"] - sure_right_before
        by_size[4] += stats["acc"]["cards"] - cards_before
        if not exact:
            wrong_tables.append(f"seed {seed} ({size[0]}x{size[1]}, {key}, {end['lighting']}): "
                                f"read {[p.total for p in answered.players]} (alone {totals}), truth {end['scores']}")
        print(f"{seed}: {key} {size[0]}x{size[1]} {end['lighting']}: alone {'exact' if alone else 'off'}, "
              f"answered {'exact' if exact else 'OFF'}, {len(result.doubts)} doubts, {stats['seconds'][-1]:.2f} s")
    t = stats["tables"]
    a, w = stats["acc"], stats["wall"]
    secs = stats["seconds"]
    print()
    print(f"tables: {t} ({', '.join(f'{k}: {v}' for k, v in sorted(stats['mix'].items()))})")
    print(f"every total exact, photo alone:       {stats['exact_alone']}/{t} ({100 * stats['exact_alone'] / t:.1f} %)")
    print(f"every total exact, only the wild tokens' announced attributes answered: {stats['exact_said']}/{t} "
          f"({100 * stats['exact_said'] / t:.1f} %)")
    print(f"every total exact, questions answered: {stats['exact_answered']}/{t} ({100 * stats['exact_answered'] / t:.1f} %)")
    for size_name, (scored, alone_n, said_n, acc_right, acc_cards) in sorted(stats["by_size"].items()):
        print(f"  {size_name}: {scored} tables scored, exact alone {alone_n}, with the wild attributes said {said_n}; "
              f"accolade cards read surely and right {acc_right}/{acc_cards} ({100 * acc_right / max(acc_cards, 1):.2f} %)")
    print(f"players' totals wrong from the photo alone: {stats['sure_wrong_totals']} printed as sure (no doubt "
          f"names them), {stats['doubted_wrong_totals']} with a doubt, of {stats['players']} players scored; "
          f"the truth outside the printed range (the doubts' span): {stats['outside_range']}")
    print(f"accolade cards: {a['cards']}: read surely and right {a['sure_right']} ({100 * a['sure_right'] / max(a['cards'], 1):.2f} %), "
          f"asked {a['asked']}, read surely and WRONG {a['sure_wrong']}, on refused tables {a['refused']}")
    print(f"wall cards: {w['cards']}: right {w['right']} ({100 * w['right'] / max(w['cards'], 1):.2f} %), asked {w['asked']}, WRONG {w['wrong']}")
    if stats["causes"]:
        print("why tables were off from the photo alone (questions whose default was wrong, by kind; a table "
              "may count under several): " + ", ".join(f"{k} {v}" for k, v in sorted(stats["causes"].items(), key=lambda kv: -kv[1])))
    print(f"doubts per scored table: {stats['doubts'] / max(t - len(stats['refused']), 1):.1f}")
    print(f"refused: {len(stats['refused'])}")
    for r in stats["refused"]:
        print(f"  - {r}")
    if secs:
        cpu = stats["cpu_seconds"]
        print(f"seconds per photo: median {statistics.median(secs):.2f}, max {max(secs):.2f} (wall clock, "
              f"load average now {os.getloadavg()[0]:.1f}); CPU seconds (all threads of the scorer and of the child processes it forks, what a photo "
              f"costs whatever else runs): median {statistics.median(cpu):.2f}, max {max(cpu):.2f}")
    for line in wrong_tables:
        print(f"  off after the answers: {line}")
    if args.json:
        Path(args.json).write_text(json.dumps({**stats, "off": wrong_tables}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
