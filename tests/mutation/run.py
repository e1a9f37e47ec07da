"""Mutation testing with mutmut: each module is mutated and checked against only its own tests.

    .venv/bin/python tests/mutation/run.py                       # every module in pyproject.toml
    .venv/bin/python tests/mutation/run.py tracker/stillness.py  # one (or a few) modules
    .venv/bin/python tests/mutation/run.py --budget-min 20       # stop each module after 20 min
    .venv/bin/python tests/mutation/run.py --survivors           # also print each survivor's diff
    .venv/bin/python tests/mutation/run.py --sample 120 --seed 1 tracker/inference.py
                                                        # a random sample of 120 mutants (large modules)
    .venv/bin/python tests/mutation/run.py --jobs 16 --report-dir /tmp/mutation-report
                                                        # per module: DIR/<module>.txt, score + survivors' diffs

The modules and their tests are listed in pyproject.toml under
``[tool.tablesight.mutation.modules]``; add a line there to add a module. Each module gets a
work folder build/mutation/<module>/ holding a generated mutmut config (mutmut reads its config
only from the current folder) and links to the packages, so that two modules never share
mutmut's cache and each runs its own short test selection (`make test` is not involved). The
score printed is killed / all mutants (a timeout counts as killed; a mutant that no test
reaches counts as survived), per module, as
docs/testing.md reports it. Needs the `mutation` extra (``pip install -e '.[mutation]'``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
QUICK_S = 120.0
"""Limit of the quick mutmut calls (results, show): they read the cache, they test nothing."""
WORK = REPO / "build" / "mutation"
PACKAGES = ["rules", "tracker", "vision", "calibration", "hardware", "ui"]
ALSO = ["tests", "models", "bench"]  # bench: test_recovery replays a game with bench/demo_accuracy.py


def modules() -> dict[str, list[str]]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return dict(config["tool"]["tablesight"]["mutation"]["modules"])


def toml_list(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def prepare(module: str, tests: list[str], fresh: bool) -> Path:
    work = WORK / module.removesuffix(".py").replace("/", ".")
    if fresh and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    for name in PACKAGES + ALSO:
        link = work / name
        if not link.is_symlink():
            link.symlink_to(REPO / name, target_is_directory=True)
    missing = [t for t in tests if not (REPO / t).is_file()]
    if missing:
        raise SystemExit(f"{module}: test files listed in pyproject.toml do not exist: {', '.join(missing)}")
    base = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    base = base.split("\n[tool.tablesight", 1)[0]  # the module table is the runner's, not mutmut's
    (work / "pyproject.toml").write_text(
        base
        + "\n[tool.mutmut]\n"
        + f"source_paths = {toml_list(PACKAGES)}\n"
        + f"only_mutate = {toml_list([module])}\n"
        + f"also_copy = {toml_list(['models', 'bench'])}\n"
        + f"pytest_add_cli_args_test_selection = {toml_list(tests)}\n"
        + 'pytest_add_cli_args = ["-p", "no:cacheprovider", "-x", "-q"]\n',
        encoding="utf-8",
    )
    return work


def results(work: Path, mutmut: str) -> dict[str, str]:
    run, _ = run_bounded([mutmut, "results", "--all", "true"], work, QUICK_S)
    status: dict[str, str] = {}
    for line in (run.stdout if run is not None else "").splitlines():
        name, sep, verdict = line.strip().rpartition(": ")
        if sep and name:
            status[name] = verdict
    return status


def mutant_names(work: Path, module: str, mutmut: str, seconds: float) -> list[str] | None:
    """Every mutant of ``module``, generated without testing any: mutmut writes them (and
    collects which tests reach which function) before it filters by name, so a run asking for a
    name that does not exist stops right after that, leaving the list in the .meta file. None
    when that first phase did not finish within ``seconds``."""
    meta = work / "mutants" / (module + ".meta")
    _, cut = run_bounded([mutmut, "run", "tablesight.no_such_mutant"], work, seconds)
    if cut:
        return None
    if not meta.is_file():
        raise SystemExit(f"{module}: mutmut generated no mutants (no {meta})")
    return sorted(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])


def run_bounded(cmd: list[str], cwd: Path, seconds: float) -> tuple[subprocess.CompletedProcess[str] | None, bool]:
    """Run mutmut in its own process group and, past the budget, stop the whole group: mutmut
    forks one child per mutant (``--max-children``), and killing the parent alone would leave up
    to ``--jobs`` orphans testing on into the next module."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    seconds = max(1.0, seconds)
    try:
        out, err = proc.communicate(timeout=seconds)
        return subprocess.CompletedProcess(cmd, proc.returncode, out, err), False
    except subprocess.TimeoutExpired:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                proc.communicate(timeout=10)
                break
            except subprocess.TimeoutExpired:
                continue
        return None, True


def report_name(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".") + ".txt"


def main(argv: list[str] | None = None) -> int:
    table = modules()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("module", nargs="*", help=f"modules to mutate (default: all of {', '.join(table)})")
    ap.add_argument("--budget-min", type=float, default=30.0,
                    help="time limit per module in minutes, every phase included (mutant generation, mutmut's "
                         "test-coverage and clean runs, the mutants; default 30)")
    ap.add_argument("--total-min", type=float, default=0.0,
                    help="time limit of the whole run in minutes (0: none); a module gets what is left if less "
                         "than its budget, and modules past it are listed as not run")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="mutants tested at once")
    ap.add_argument("--keep", action="store_true", help="continue the previous run's cache instead of starting fresh")
    ap.add_argument("--survivors", action="store_true", help="print the diff of every surviving mutant")
    ap.add_argument("--sample", type=int, default=0,
                    help="test only this many mutants per module, drawn at random (the score is then a sample's)")
    ap.add_argument("--seed", type=int, default=1, help="random seed of --sample (default 1)")
    ap.add_argument("--report-dir", type=Path, default=None,
                    help="write, per module, DIR/<module>.txt (score line, then every survivor with its "
                         "`mutmut show` diff) and DIR/summary.txt")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error(f"--jobs must be at least 1, not {args.jobs}")
    if not args.budget_min > 0 or args.total_min < 0:
        ap.error("--budget-min must be positive and --total-min 0 or more")
    if args.report_dir is not None:
        try:
            args.report_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            ap.error(f"--report-dir {args.report_dir}: {e.strerror or e}")
    unknown = [m for m in args.module if m not in table]
    if unknown:
        ap.error(f"not in [tool.tablesight.mutation.modules]: {', '.join(unknown)}")
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or shutil.which("mutmut")
    if not mutmut:
        print("mutmut is not installed: .venv/bin/pip install -e '.[mutation]'", file=sys.stderr)
        return 2
    summary = []
    run_start = time.monotonic()
    for module in args.module or list(table):
        budget_s = args.budget_min * 60
        if args.total_min:
            budget_s = min(budget_s, args.total_min * 60 - (time.monotonic() - run_start))
            if budget_s < 30:
                line = f"{module}: not run (--total-min {args.total_min:g} spent)"
                print(line, flush=True)
                summary.append(line)
                if args.report_dir is not None:
                    (args.report_dir / "summary.txt").write_text("\n".join(summary) + "\n", encoding="utf-8")
                continue
        work = prepare(module, table[module], fresh=not args.keep)
        print(f"== {module}: mutmut against {len(table[module])} test file(s), budget {budget_s / 60:.1f} min",
              flush=True)
        start = time.monotonic()
        deadline = start + budget_s
        chosen: list[str] = []
        cut = False
        if args.sample:
            everyone = mutant_names(work, module, mutmut, deadline - time.monotonic())
            if everyone is None:
                cut = True
                print("   budget spent while generating the mutants and their test coverage", flush=True)
            else:
                chosen = sorted(random.Random(args.seed).sample(everyone, min(args.sample, len(everyone))))
                print(f"   sample: {len(chosen)} of {len(everyone)} mutants (seed {args.seed})", flush=True)
        if not cut:
            run, cut = run_bounded([mutmut, "run", "--max-children", str(args.jobs), *chosen], work,
                                   deadline - time.monotonic())
            if run is not None and run.returncode != 0:
                print(run.stdout[-3000:] + run.stderr[-3000:], file=sys.stderr)
        status = results(work, mutmut)
        counts: dict[str, int] = {}
        for verdict in status.values():
            counts[verdict] = counts.get(verdict, 0) + 1
        killed = counts.get("killed", 0) + counts.get("timeout", 0)
        survived = counts.get("survived", 0) + counts.get("no tests", 0)  # no test reaches it: not killed
        tested = killed + survived
        score = 100.0 * killed / tested if tested else 0.0
        sampled = f"SAMPLED {len(chosen)} of {len(status)}, seed {args.seed}: " if chosen else ""
        shown = f"{score:.1f} %" if tested else "no mutant tested"
        line = (f"{module}: {sampled}{shown} ({killed} killed of {tested} tested; {survived} survived"
                f"{'; run cut by the budget' if cut else ''}; other: "
                f"{ {k: v for k, v in counts.items() if k not in ('killed', 'survived', 'timeout', 'not checked')} }) "
                f"in {time.monotonic() - start:.0f} s")
        print(line, flush=True)
        summary.append(line)
        report = [line, f"tests: {' '.join(table[module])}", f"jobs: {args.jobs}", ""]
        for name, verdict in sorted(status.items()):
            if verdict in ("survived", "no tests"):
                print(f"   {verdict}: {name}")
                diff = ""
                if args.survivors or args.report_dir is not None:
                    show, _ = run_bounded([mutmut, "show", name], work, QUICK_S)
                    diff = show.stdout if show is not None else "(mutmut show did not answer)"
                if args.survivors:
                    print("\n".join("      " + d for d in diff.splitlines()))
                report += [f"## {verdict}: {name}", diff.rstrip("\n"), ""]
        if args.report_dir is not None:
            (args.report_dir / report_name(module)).write_text("\n".join(report) + "\n", encoding="utf-8")
            (args.report_dir / "summary.txt").write_text("\n".join(summary) + "\n", encoding="utf-8")
    print("\n".join(["", "mutation scores:"] + summary))
    if args.report_dir is not None:
        print(f"reports: {args.report_dir}/ (one file per module, summary.txt)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
