"""Deterministic work of the engine benchmarks: bytecode instructions executed by one
`run_board` of the cascade (`engine_cascade.py`: chain, wide) and D0 stack (`d0_stack.py`)
boards, in this tree and optionally in another checkout, each in its own process.

Wall and CPU time on a shared machine move by ±10% between runs; the count of instructions does
not move at all, so a change of a few percent in per-pass work shows. It does not see work done
inside C (sorting, hashing, building dicts and strings), and fewer instructions are not always
less time (map/filter over a C iterator can be slower than the loop they replace): confirm a gain
with the timed benchmarks, or count machine instructions under valgrind
(`valgrind --tool=callgrind`, the difference between runs of 1 and 3 repeats).

    .venv/bin/python benchmarks/opcount.py [--against /path/to/other/checkout] [--n 400]
        [--boards chain,wide,d0] [--top 20]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_CHILD = r"""
import json, os, sys
tree, board, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, tree); sys.path.insert(0, os.path.join(tree, "benchmarks"))
from judgekit.board import load_data
from judgekit.engine.choices import Policy
from judgekit.engine.run import run_board
if board == "d0":
    import d0_stack
    data = d0_stack.board(n)
else:
    import engine_cascade
    data = (engine_cascade.chain_board if board == "chain" else engine_cascade.wide_board)(n)
run_board(load_data(data, "bench.yaml"), chooser=Policy())  # imports and first-use work
b = load_data(data, "bench.yaml")
counts = {}
def _global(frame, event, arg):
    frame.f_trace_opcodes, frame.f_trace_lines = True, False
    co = frame.f_code
    key = co.co_filename.split("/judgekit/")[-1] + ":" + co.co_name
    def _local(frame, event, arg):
        if event == "opcode":
            counts[key] = counts.get(key, 0) + 1
        return _local
    return _local
sys.settrace(_global)
run_board(b, chooser=Policy())
sys.settrace(None)
print(json.dumps(counts))
"""


def count(tree: str, board: str, n: int) -> dict:
    out = subprocess.run([sys.executable, "-c", _CHILD, tree, board, str(n)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", help="another checkout of judgekit (printed as 'other')")
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--boards", default="chain,wide,d0")
    ap.add_argument("--top", type=int, default=0,
                    help="also list the functions whose counts differ most")
    a = ap.parse_args()
    for board in a.boards.split(","):
        this = count(HERE, board, a.n)
        line = f"{board:<6} N={a.n}  this {sum(this.values()):>11,}"
        other = None
        if a.against:
            other = count(os.path.abspath(a.against), board, a.n)
            t, o = sum(this.values()), sum(other.values())
            line += f"  other {o:>11,}  ({(t - o) / o:+.1%})"
        print(line)
        if other is not None and a.top:
            keys = sorted(set(this) | set(other),
                          key=lambda k: -abs(this.get(k, 0) - other.get(k, 0)))
            for k in keys[:a.top]:
                print(f"    {other.get(k, 0):>10,} {this.get(k, 0):>10,} "
                      f"{this.get(k, 0) - other.get(k, 0):>+10,}  {k}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
