"""Cold `judgekit rule 702.2a` (new process, cache warm) against a bare interpreter start.

    .venv/bin/python benchmarks/lookup_cold.py [--rounds 40]

Both run in the same virtual environment, interleaved. The goal (issue 2) is a ratio of at
most 4x the median of `python -c pass`.
"""

from __future__ import annotations

import argparse
import json
import sys

from _timing import side_by_side, venv_bin


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--id", default="702.2a")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    jk = venv_bin("judgekit")
    # warm the parse cache first (a lookup must not parse)
    from judgekit.rules import load

    load("zx")
    res = side_by_side({"bare": [sys.executable, "-c", "pass"],
                        "rule": [jk, "rule", a.id]}, a.rounds)
    ratio = res["rule"]["median"] / res["bare"]["median"]
    if a.json:
        print(json.dumps({**res, "ratio": ratio}, indent=2))
    else:
        for k, v in res.items():
            print(f"{k:<5} median {v['median']:6.1f} ms  (p10 {v['p10']:.1f}, p90 {v['p90']:.1f})")
        print(f"ratio rule/bare = {ratio:.2f}x  (goal <= 4x)")
    return 0 if ratio <= 4 else 1


if __name__ == "__main__":
    sys.exit(main())
