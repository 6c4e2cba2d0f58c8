"""Cold `judgekit step FILE --auto` (a new process, parse cache warm) of this tree against another
checkout of the project, interleaved so that machine noise hits both alike.

    .venv/bin/python benchmarks/step_cold.py --against /path/to/other/checkout [--rounds 15]
        [--file examples/zx/T01-battle-lethal-damage.yaml]

Each side runs `python -c` with its own tree first on sys.path, so one virtual environment
serves both, and its own parse cache (a folder per tree under one temporary folder, filled by
the warm-up runs): with one shared cache each tree's run found the other's stamps
(judgekit.rules.cache.fingerprints) and hashed every rules source again, which a judge's cold
run never does. Compile both trees' bytecode first where PYTHONDONTWRITEBYTECODE is set, or
an edited tree pays for compiling its modules on every run. The issue-20 goal is that the cold
start of `step` has not regressed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile

from _timing import side_by_side

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def command(tree: str, file: str, cache: str) -> list[str]:
    code = ("import os, sys; os.environ['JUDGEKIT_CACHE_DIR'] = %r; sys.path.insert(0, %r); "
            "sys.argv = ['judgekit', 'step', %r, '--auto']; "
            "from judgekit.cli import main; main()" % (cache, tree, os.path.join(tree, file)))
    return [sys.executable, "-c", code]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", required=True, help="another checkout of judgekit")
    ap.add_argument("--file", default="examples/zx/T01-battle-lethal-damage.yaml")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    other = os.path.abspath(a.against)
    if not os.path.exists(os.path.join(other, a.file)):
        ap.error(f"{a.file} is not in {other}")
    with tempfile.TemporaryDirectory(prefix="step-cold-") as caches:
        res = side_by_side({"this": command(HERE, a.file, os.path.join(caches, "this")),
                            "other": command(other, a.file, os.path.join(caches, "other"))},
                           a.rounds)
    if a.json:
        print(json.dumps(res, indent=2))
    else:
        for k, v in res.items():
            print(f"{k:<5} median {v['median']:6.1f} ms  (p10 {v['p10']:.1f}, p90 {v['p90']:.1f})")
        print(f"this/other = {res['this']['median'] / res['other']['median']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
