"""Compare the `judgekit step FILE --auto --json` output of every bundled scenario between this
checkout and another one (main, a commit's worktree).

    .venv/bin/python scripts/trace_diff.py --against /path/to/other/checkout [--keep DIR]

Each checkout runs its own `examples/*/*.yaml` with its own code, in one process per checkout
(the command run through click's test runner, so the output is the command's, byte for byte);
the scenarios are matched by their path under `examples/`. Prints, per ruleset, how many are
identical, changed, only here or only there, and the names of the changed ones; `--keep DIR`
keeps the dumps (`DIR/here/…`, `DIR/there/…`) to diff by hand. Exit status 1 when any common
scenario changed.

Both runs use hash seed 0. `--hash-seeds A B` runs here with PYTHONHASHSEED=A and there with B;
`--against . --hash-seeds 1 2` checks that no run depends on the order of a set of strings.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def dump(tree: Path, out: Path) -> None:
    """Run every bundled scenario of `tree` (whose judgekit is first on sys.path) into `out`."""
    from click.testing import CliRunner

    from judgekit.cli.app import cli

    assert Path(sys.modules["judgekit"].__file__).resolve().is_relative_to(tree.resolve()), \
        "judgekit was not imported from the tree asked for"
    runner = CliRunner()
    for f in sorted((tree / "examples").glob("*/*.yaml")):
        rel = f.relative_to(tree / "examples")
        res = runner.invoke(cli, ["step", str(f), "--auto", "--json"])
        target = out / rel.with_suffix(".json")
        target.parent.mkdir(parents=True, exist_ok=True)
        # the path of the file is the tree's own: write it as the path under examples/
        target.write_text(res.output.replace(str(f), str(rel)) + f"\n# exit {res.exit_code}\n",
                          encoding="utf-8")


def run_dump(tree: Path, out: Path, seed: str = "0") -> None:
    # a fixed hash seed, so that a run that still depended on a set's order would not show up
    # as a change between the trees (look for those with --hash-seeds)
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED=seed)
    subprocess.run([sys.executable, __file__, "--dump", str(tree), str(out)], env=env,
                   check=True, cwd=tree)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", type=Path, help="the other checkout")
    ap.add_argument("--keep", type=Path, help="keep the dumps in this folder")
    ap.add_argument("--hash-seeds", nargs=2, default=("0", "0"), metavar=("HERE", "THERE"),
                    help="PYTHONHASHSEED of each run (default 0 and 0)")
    ap.add_argument("--dump", nargs=2, type=Path, metavar=("TREE", "OUT"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.dump:
        dump(*a.dump)
        return 0
    if a.against is None:
        ap.error("--against is required")
    here = Path(__file__).resolve().parent.parent
    base = a.keep or Path(tempfile.mkdtemp(prefix="trace-diff-"))
    run_dump(here, base / "here", a.hash_seeds[0])
    run_dump(a.against.resolve(), base / "there", a.hash_seeds[1])
    mine = {p.relative_to(base / "here") for p in (base / "here").rglob("*.json")}
    theirs = {p.relative_to(base / "there") for p in (base / "there").rglob("*.json")}
    changed_any = False
    for game in sorted({p.parts[0] for p in mine | theirs}):
        m = {p for p in mine if p.parts[0] == game}
        t = {p for p in theirs if p.parts[0] == game}
        common = sorted(m & t)
        changed = [p for p in common if (base / "here" / p).read_bytes()
                   != (base / "there" / p).read_bytes()]
        changed_any |= bool(changed)
        print(f"{game}: {len(common) - len(changed)} identical, {len(changed)} changed, "
              f"{len(m - t)} only here, {len(t - m)} only there")
        for p in changed:
            print(f"  changed: {p.with_suffix('.yaml')}")
        for p in sorted(m - t):
            print(f"  only here: {p.with_suffix('.yaml')}")
        for p in sorted(t - m):
            print(f"  only there: {p.with_suffix('.yaml')}")
    if a.keep is None:
        print(f"(dumps in {base})")
    return 1 if changed_any else 0


if __name__ == "__main__":
    sys.exit(main())
