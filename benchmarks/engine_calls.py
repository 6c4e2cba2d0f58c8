"""Function-call counts (cProfile, deterministic) of the engine benchmarks' boards: the Z/X
cascade (engine_cascade.py: chain and wide, N = 400) and the D0 stack (d0_stack.py, N = 200),
for this tree or another checkout. Wall and CPU time are noisy on a shared machine; the count
of calls is the same on every run, so a change that adds work to a hot path shows as a
difference of counts between two trees.

    .venv/bin/python benchmarks/engine_calls.py [--tree /path/to/other/checkout]

One run of each board first (imports, caches), then one run under the profiler; board loading
is outside the count.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import os
import pstats
import sys


def _module(tree: str, name: str):
    spec = importlib.util.spec_from_file_location(name, os.path.join(tree, "benchmarks",
                                                                     name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", default=os.path.dirname(os.path.dirname(os.path.abspath(
        __file__))), help="the checkout whose judgekit is counted (default: this one)")
    tree = os.path.abspath(ap.parse_args(argv).tree)
    sys.path.insert(0, tree)
    from judgekit.board import load_data
    from judgekit.engine.choices import Policy
    from judgekit.engine.run import run_board

    got = os.path.dirname(os.path.dirname(os.path.abspath(sys.modules["judgekit"].__file__)))
    if got != tree:
        raise SystemExit(f"judgekit was imported from {got}, not {tree}")
    cascade, stack = _module(tree, "engine_cascade"), _module(tree, "d0_stack")
    for name, data in (("chain", cascade.chain_board(400)), ("wide", cascade.wide_board(400)),
                       ("d0_stack", stack.board(200))):
        run_board(load_data(data, "warm.yaml"), chooser=Policy())
        board = load_data(data, "bench.yaml")
        prof = cProfile.Profile()
        prof.enable()
        run_board(board, chooser=Policy())
        prof.disable()
        print(f"{name:<9} {pstats.Stats(prof).total_calls:>9} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
