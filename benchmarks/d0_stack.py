"""Dimension Zero: a stack of N triggered abilities resolved one double pass at a time.

The board starts with N abilities of P1's base on the stack (N = 50, 100, 200, 400). Each
resolves after both players pass (4.9.1); before every grant of priority the check of 4.6.3 runs
and the grant says what the stack holds — so a run is 2N grants, N resolutions and N stack
changes, each recording the whole stack (what `step` shows). Time is the minimum of several
runs of `run_board` (trace included, board loading excluded), per ability. Each grant and each
change writes out the whole stack, so the time per ability grows with N (a deliberate cost:
the judge sees the stack at every step; real stacks hold a handful of items).

    .venv/bin/python benchmarks/d0_stack.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from judgekit.board import load_data  # noqa: E402
from judgekit.engine.choices import Policy  # noqa: E402
from judgekit.engine.run import run_board  # noqa: E402


def board(n: int) -> dict:
    base = {"id": "B", "name": "知恵の泉", "type": "base", "owner": "P1",
            "abilities": [{"trigger": "turn_start", "effect": [{"draw": 1}]}]}
    return {"ruleset": "d0",
            "game": {"turn": 3, "turn_player": "P1", "first_player": "P1", "phase": "main"},
            "players": {"P1": {"deck": n + 10, "hand": 0}, "P2": {"deck": 10, "hand": 0}},
            "bases": {"P1-L": [base]},
            "stack": [{"trigger": "B", "ability": 1, "controller": "P1"} for _ in range(n)],
            "until": "3.9.1"}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"{'N':>5} {'steps':>7} {'ms':>8} {'µs/ability':>11}")
    first = None
    for n in (50, 100, 200, 400):
        best = None
        for _ in range(args.repeat):
            b = load_data(board(n), "bench.yaml")
            gc.collect()
            t = time.perf_counter()
            r = run_board(b, chooser=Policy())
            dt = time.perf_counter() - t
            assert r.stop == "until" and len(b.pzone("P1", "hand")) == n, r.stop
            best = dt if best is None else min(best, dt)
        first = first or (n, best)
        print(f"{n:>5} {len(r.steps):>7} {best * 1000:>8.1f} {best / n * 1e6:>11.0f}")
    n0, t0 = first
    print(f"time grew {best / t0:.1f}× for {n // n0}× the abilities")


if __name__ == "__main__":
    main()
