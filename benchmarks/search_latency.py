"""Search latency: warm queries over the relevance set, cold `judgekit search` against a bare
interpreter start, and the index build time from cached clause trees.

    .venv/bin/python benchmarks/search_latency.py [--rounds 40] [--warm-rounds 20] [--json]

* warm: one process opens the index once, then runs every query of benchmarks/relevance.toml
  (each with its ruleset filter, limit 10) `--warm-rounds` times, snippets included (what the
  CLI prints); p50 / p99 over all runs, in ms. Goal p50 <= 5 ms, p99 <= 20 ms.
* cold: `judgekit search 致死ダメージ` as a new process (index already built), interleaved with
  `python -c pass` in the same virtual environment; medians. Goal: ratio <= 10x.
* build: a fresh index for all rulesets from the cached trees, in a new process, in a
  temporary cache directory seeded with the cached trees (`--build-runs` times; median).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from _timing import side_by_side, venv_bin

HERE = os.path.dirname(os.path.abspath(__file__))


def load_queries() -> list[dict]:
    import tomllib

    with open(os.path.join(HERE, "relevance.toml"), "rb") as f:
        return tomllib.load(f)["query"]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, int(round(p / 100.0 * (len(xs) - 1)))))
    return xs[k]


def warm(rounds: int) -> dict:
    from judgekit.search.engine import Searcher
    from judgekit.search.render import hit_data

    s = Searcher()
    qs = load_queries()
    for q in qs:  # first touch of every code path, not timed
        hit_data(s, s.search(q["q"], games=q.get("game", "all"), limit=10))
    lat = []
    for _ in range(rounds):
        for q in qs:
            t = time.perf_counter()
            res = s.search(q["q"], games=q.get("game", "all"), limit=10)
            hit_data(s, res)
            lat.append((time.perf_counter() - t) * 1000)
    return {"queries": len(qs), "runs": len(lat), "p50_ms": statistics.median(lat),
            "p90_ms": pct(lat, 90), "p99_ms": pct(lat, 99), "max_ms": max(lat)}


def cold(rounds: int) -> dict:
    jk = venv_bin("judgekit")
    subprocess.run([jk, "search", "致死ダメージ"], check=True, stdout=subprocess.DEVNULL)
    res = side_by_side({"bare": [sys.executable, "-c", "pass"],
                        "search": [jk, "search", "致死ダメージ"]}, rounds)
    return {**res, "ratio": res["search"]["median"] / res["bare"]["median"]}


def build(runs: int) -> dict:
    from judgekit import paths
    from judgekit.rules import GAMES, load

    for g in GAMES:
        load(g)  # the trees are cached: the build starts from them
    src = paths.cache_dir()
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as d:
            for n in os.listdir(src):
                if n.startswith(("rules-", "stamp-")):
                    shutil.copy2(os.path.join(src, n), d)
            env = dict(os.environ, JUDGEKIT_CACHE_DIR=d)
            code = ("import time; t=time.perf_counter(); from judgekit.search.index import "
                    "open_index; ix=open_index(); print(time.perf_counter()-t, len(ix.units))")
            out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                 capture_output=True, text=True).stdout.split()
            times.append(float(out[0]))
            docs = int(out[1])
    return {"runs": times, "median_s": statistics.median(times), "docs": docs}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=40, help="cold runs of each command")
    ap.add_argument("--warm-rounds", type=int, default=20)
    ap.add_argument("--build-runs", type=int, default=3)
    ap.add_argument("--skip", default="", help="comma list of warm,cold,build to skip")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    skip = set(a.skip.split(","))
    out = {}
    if "build" not in skip:
        out["build"] = build(a.build_runs)
    if "warm" not in skip:
        out["warm"] = warm(a.warm_rounds)
    if "cold" not in skip:
        out["cold"] = cold(a.rounds)
    out["env"] = {"PYTHONDONTWRITEBYTECODE": os.environ.get("PYTHONDONTWRITEBYTECODE", "")}
    if a.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        if "build" in out:
            b = out["build"]
            print(f"build  {b['docs']} units: median {b['median_s']:.2f} s "
                  f"(runs {', '.join(f'{x:.2f}' for x in b['runs'])})")
        if "warm" in out:
            w = out["warm"]
            print(f"warm   {w['queries']} queries x {a.warm_rounds}: p50 {w['p50_ms']:.2f} ms, "
                  f"p90 {w['p90_ms']:.2f}, p99 {w['p99_ms']:.2f}, max {w['max_ms']:.2f} "
                  "(goal p50 <= 5, p99 <= 20)")
        if "cold" in out:
            c = out["cold"]
            for k in ("bare", "search"):
                v = c[k]
                print(f"cold   {k:<6} median {v['median']:6.1f} ms (p10 {v['p10']:.1f}, "
                      f"p90 {v['p90']:.1f})")
            print(f"cold   ratio search/bare = {c['ratio']:.2f}x (goal <= 10x); "
                  f"PYTHONDONTWRITEBYTECODE={out['env']['PYTHONDONTWRITEBYTECODE'] or 'unset'}")
    ok = True
    if "warm" in out:
        ok &= out["warm"]["p50_ms"] <= 5 and out["warm"]["p99_ms"] <= 20
    if "cold" in out:
        ok &= out["cold"]["ratio"] <= 10
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
