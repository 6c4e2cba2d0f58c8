"""Time to write a ruling report for the largest bundled scenario.

    .venv/bin/python benchmarks/ruling_render.py [--rounds 20] [--file examples/zx/X.yaml]

"Largest" is the bundled example whose engine run has the most steps (ties: the larger file);
`--depends` picks the largest whose run depends on an ambiguous or contradictory reading (its
ruling runs the board again under each alternative).
Measures, parse cache warm:
  * each phase in process (median of the rounds): load + board check, engine run, the runs
    under the other readings (judgekit.engine.compare), report model (pictures, appendix,
    changes), HTML rendering, JSON rendering;
  * `judgekit ruling FILE -o OUT.html` as a whole process (what a judge waits for);
  * the size of the HTML written.
"""

from __future__ import annotations

import argparse
import copy
import glob
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from _timing import venv_bin, wall  # noqa: E402


def largest(files: list[str], depends: bool = False) -> tuple[str, int]:
    from judgekit.engine import run_file

    best = None
    for f in files:
        run = run_file(f)
        if depends and not run.trace.depended():
            continue
        n = len(run.steps)
        key = (n, os.path.getsize(f))
        if best is None or key > best[0]:
            best = (key, f)
    return best[1], best[0][0]


def phases(path: str) -> dict[str, float]:
    from judgekit.reports.model import build_model
    from judgekit.reports.render import render_html, render_json
    from judgekit.engine import engine_for
    from judgekit.reports.ruling import expectation, load_board, run_engine
    from judgekit.rules import load

    t = {}
    t0 = time.perf_counter()
    board, flags = load_board(path)
    before = copy.deepcopy(board)
    t1 = time.perf_counter()
    run = run_engine(board, path)
    t2 = time.perf_counter()
    comparison = None
    if hasattr(run.trace, "depended") and run.trace.depended():
        # as make_ruling: the board under each alternative of the readings it depended on
        from judgekit.engine.compare import compare_readings

        comparison = compare_readings(before, run)
    t2b = time.perf_counter()
    derived = engine_for(board.ruleset).derived
    kw = {"comparison": comparison} if comparison is not None else {}
    model = build_model(before, run.to_json(), run.board, load(board.ruleset), board_path=path,
                        findings=flags, expectation=expectation(run),
                        derived_before=derived(copy.deepcopy(before)),
                        derived_after=derived(run.board, run.game), **kw)
    t3 = time.perf_counter()
    html = render_html(model)
    t4 = time.perf_counter()
    render_json(model)
    t5 = time.perf_counter()
    t["load + check"] = t1 - t0
    t["engine run"] = t2 - t1
    t["readings runs"] = t2b - t2
    t["report model"] = t3 - t2b
    t["HTML render"] = t4 - t3
    t["JSON render"] = t5 - t4
    t["total"] = t5 - t0
    t["_html_bytes"] = len(html.encode("utf-8"))
    return t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--file", help="a board file instead of the largest bundled example")
    ap.add_argument("--depends", action="store_true",
                    help="the largest bundled example (any ruleset) whose run depends on a reading")
    a = ap.parse_args()
    if a.file:
        from judgekit.engine import run_file

        path, steps = a.file, len(run_file(a.file).steps)
    elif a.depends:
        path, steps = largest(sorted(glob.glob(os.path.join(ROOT, "examples", "*", "*.yaml"))),
                              depends=True)
    else:
        path, steps = largest(sorted(glob.glob(os.path.join(ROOT, "examples", "zx", "*.yaml"))))
    print(f"scenario: {os.path.relpath(path, ROOT)} ({steps} engine steps)")

    phases(path)  # warm: parse cache, templates, imports
    rows: dict[str, list[float]] = {}
    size = 0
    for _ in range(a.rounds):
        for k, v in phases(path).items():
            if k == "_html_bytes":
                size = int(v)
            else:
                rows.setdefault(k, []).append(v * 1000)
    print(f"in process, median of {a.rounds} rounds:")
    for k, xs in rows.items():
        print(f"  {k:<14} {statistics.median(xs):8.1f} ms")

    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "ruling.html")
        cmd = [venv_bin("judgekit"), "ruling", path, "-o", out]
        wall(cmd)
        xs = sorted(wall(cmd) * 1000 for _ in range(max(3, a.rounds // 4)))
        print(f"`judgekit ruling` as a process: median {statistics.median(xs):.0f} ms "
              f"(min {xs[0]:.0f} ms, {len(xs)} runs)")
        print(f"HTML written: {os.path.getsize(out) / 1024:.0f} KiB "
              f"(in process: {size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
