"""bench/octocube_question_deferral.py through its real code: one 2-player observation game's
ordinary questions, each counted once in the figures it prints, and the tracker's ``infer`` as it
was afterwards (the bench records questions by wrapping it)."""

from __future__ import annotations

import re

import pytest

import tracker.session as session
from tests.bench_scripts import load_bench


def test_every_question_is_counted_once_and_infer_is_restored(capsys: pytest.CaptureFixture[str]) -> None:
    infer = session.infer
    bench = load_bench("octocube_question_deferral")
    assert bench.main(["--seeds", "141413"]) == 0
    assert session.infer is infer
    out = capsys.readouterr().out
    head = re.match(r"(\d+) ordinary questions; (\d+) with every option leaving the same state", out)
    assert head is not None, out
    questions, same = int(head.group(1)), int(head.group(2))
    assert questions > 0 and 0 <= same <= questions
    counted = [int(n) for n in re.findall(r": (\d+)$", out, flags=re.M)]
    assert sum(counted) == questions, out
