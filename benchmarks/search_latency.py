"""Search latency against the physical floor: warm queries beside a plain substring scan, the
first search of a fresh install (empty cache) and a cold search beside a bare interpreter start,
and the index build.

    .venv/bin/python benchmarks/search_latency.py [--rounds 20] [--warm-rounds 20] [--json]

* queries: every query of benchmarks/relevance.toml (with its ruleset filter) and the commonest
  words of the rules (the twelve words held by most units, over all rulesets): the words every
  search touches most, and the sentences judges say.
* warm: one process opens the index once, then answers each query `--warm-rounds` times, top 10
  with snippets (what the CLI prints); p50 / p99 over all runs, in ms.
* scan: the same queries answered by a plain substring scan over the same clauses (the unit
  records the index is built from): each space-separated term in matching form must be in a
  unit's fields, the first 10 matches in clause order, the same snippets. The floor: no index,
  no ranking. Goal (issue 17): warm p99 <= 3x the scan's p99.
* first: `judgekit search 致死ダメージ` as a new process with an empty cache directory (a fresh
  install: nothing parsed, no index in the cache), beside `python -c pass`; medians.
  Goal: <= 30x. With the index prebuilt at install (judgekit/search/_prebuilt, see setup.py)
  this is opening it; without, it is parsing the rules and building the index.
* cold: `judgekit search 致死ダメージ` as a new process, the cache warm, beside `python -c
  pass`; medians. Goal: <= 10x.
* build: a fresh index for all rulesets from cached trees, in a new process (`--build-runs`).
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
GOAL_WARM = 3.0
GOAL_FIRST = 30.0
GOAL_COLD = 10.0
COMMON = 12


def load_queries() -> list[dict]:
    import tomllib

    with open(os.path.join(HERE, "relevance.toml"), "rb") as f:
        return tomllib.load(f)["query"]


def commonest_words(units, n: int = COMMON) -> list[str]:
    """The `n` words (kanji or katakana runs of two or more characters, as the rules write
    them) held by the most units."""
    from judgekit.search.analysis import runs
    from judgekit.search.index import EXAMPLES, TEXT, TITLE
    from judgekit.search.normalize import fold

    held: dict[str, int] = {}
    for r in units:
        seen = set()
        for text in (r[TITLE], r[TEXT], *r[EXAMPLES]):
            seen.update(x for k, x in runs(fold(text), kana_apart=True)
                        if k in ("h", "k") and len(x) >= 2)
        for w in seen:
            held[w] = held.get(w, 0) + 1
    return [w for w, _ in sorted(held.items(), key=lambda x: (-x[1], x[0]))[:n]]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, int(round(p / 100.0 * (len(xs) - 1)))))
    return xs[k]


def _stats(lat: list[float]) -> dict:
    return {"runs": len(lat), "p50_ms": statistics.median(lat), "p90_ms": pct(lat, 90),
            "p99_ms": pct(lat, 99), "max_ms": max(lat)}


class Scan:
    """The floor: a plain substring scan over the unit records, top 10 in clause order."""

    def __init__(self, searcher):
        from judgekit.search.index import GAME, M_CTX, M_EXAMPLES, M_PARENT, M_TEXT, M_TITLE

        self.units = searcher.units
        # per ruleset: (document number, the unit's fields as one string)
        self.hay: dict[str, list[tuple[int, str]]] = {}
        for n, r in enumerate(self.units):
            text = "\0".join((r[M_TITLE], r[M_TEXT], r[M_EXAMPLES], r[M_PARENT], r[M_CTX]))
            self.hay.setdefault(r[GAME], []).append((n, text))
        self.games = tuple(self.hay)

    def answer(self, q: str, game: str) -> list:
        from judgekit.search.engine import make_snippet
        from judgekit.search.normalize import match_form

        terms = [t for t in (match_form(x) for x in q.split()) if t]
        hits: list[int] = []
        for g in (self.games if game == "all" else (game,)):
            if len(terms) == 1:
                t = terms[0]
                hits.extend(n for n, h in self.hay[g] if t in h)
            else:
                hits.extend(n for n, h in self.hay[g] if all(t in h for t in terms))
            if len(hits) >= 10:
                break
        return [make_snippet(self.units[n], terms) for n in hits[:10]]


def warm(rounds: int) -> dict:
    from judgekit.search.engine import Searcher
    from judgekit.search.render import hit_data

    s = Searcher()
    scan = Scan(s)
    qs = [(q["q"], q.get("game", "all"), q.get("kind", "term")) for q in load_queries()]
    qs += [(w, "all", "common") for w in commonest_words(s.units)]
    for q, g, _ in qs:  # first touch of every code path, not timed
        hit_data(s, s.search(q, games=g, limit=10))
        scan.answer(q, g)
    lat: list[float] = []
    base: list[float] = []
    by_kind: dict[str, list[float]] = {}
    slow: list[tuple[float, str]] = []
    for _ in range(rounds):
        for q, g, kind in qs:
            t = time.perf_counter()
            res = s.search(q, games=g, limit=10)
            hit_data(s, res)
            ms = (time.perf_counter() - t) * 1000
            lat.append(ms)
            by_kind.setdefault(kind, []).append(ms)
            slow.append((ms, f"{g}:{q}"))
            t = time.perf_counter()
            scan.answer(q, g)
            base.append((time.perf_counter() - t) * 1000)
    slow.sort(reverse=True)
    seen: list[str] = []
    for ms, name in slow:
        if name not in seen:
            seen.append(name)
        if len(seen) == 5:
            break
    out = {"queries": len(qs), "common": [q for q, _, k in qs if k == "common"],
           "search": _stats(lat), "scan": _stats(base),
           "kinds": {k: _stats(v) for k, v in by_kind.items()}, "slowest": seen}
    out["ratio_p99"] = out["search"]["p99_ms"] / out["scan"]["p99_ms"]
    return out


def first(rounds: int) -> dict:
    """A new process on an empty cache directory, each run its own."""
    jk = venv_bin("judgekit")
    root = tempfile.mkdtemp(prefix="jk-first-")
    try:
        counter = [0]

        def fresh_env() -> dict:
            counter[0] += 1
            d = os.path.join(root, str(counter[0]))
            return dict(os.environ, JUDGEKIT_CACHE_DIR=d)

        bare, srch = [], []
        for _ in range(rounds):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            bare.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            subprocess.run([jk, "search", "致死ダメージ"], check=True, env=fresh_env(),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            srch.append((time.perf_counter() - t) * 1000)
        from judgekit.search.index import PREBUILT

        res = {"bare": {"median": statistics.median(bare)},
               "search": {"median": statistics.median(srch), "max": max(srch)},
               "prebuilt": sorted(os.listdir(PREBUILT)) if os.path.isdir(PREBUILT) else []}
        res["ratio"] = res["search"]["median"] / res["bare"]["median"]
        return res
    finally:
        shutil.rmtree(root, ignore_errors=True)


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
            code = ("import time; t=time.perf_counter(); from judgekit.search import index; "
                    "from judgekit.rules import GAMES; k=index.index_key(GAMES); "
                    "p=index.build(k, GAMES); ix=index.Index(p, k); "
                    "print(time.perf_counter()-t, len(ix.units))")
            out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                 capture_output=True, text=True).stdout.split()
            times.append(float(out[0]))
            docs = int(out[1])
    return {"runs": times, "median_s": statistics.median(times), "docs": docs}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20, help="cold and first-search runs")
    ap.add_argument("--warm-rounds", type=int, default=20)
    ap.add_argument("--build-runs", type=int, default=3)
    ap.add_argument("--skip", default="", help="comma list of warm,first,cold,build to skip")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    skip = set(a.skip.split(","))
    out = {}
    if "build" not in skip:
        out["build"] = build(a.build_runs)
    if "warm" not in skip:
        out["warm"] = warm(a.warm_rounds)
    if "first" not in skip:
        out["first"] = first(a.rounds)
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
            print(f"warm   {w['queries']} queries x {a.warm_rounds} (relevance set + commonest "
                  f"words {' '.join(w['common'])})")
            for name in ("search", "scan"):
                v = w[name]
                print(f"warm   {name:<6} p50 {v['p50_ms']:6.2f} ms  p90 {v['p90_ms']:6.2f}  "
                      f"p99 {v['p99_ms']:6.2f}  max {v['max_ms']:6.2f}")
            for k, v in sorted(w["kinds"].items()):
                print(f"warm     {k:<9} p50 {v['p50_ms']:6.2f} ms  p99 {v['p99_ms']:6.2f}")
            print(f"warm   slowest: {', '.join(w['slowest'])}")
            print(f"warm   ratio p99 search/scan = {w['ratio_p99']:.2f}x (goal <= {GOAL_WARM}x)")
        if "first" in out:
            f = out["first"]
            print(f"first  bare   median {f['bare']['median']:6.1f} ms")
            print(f"first  search median {f['search']['median']:6.1f} ms (empty cache; "
                  f"prebuilt: {', '.join(f['prebuilt']) or 'none'})")
            print(f"first  ratio search/bare = {f['ratio']:.2f}x (goal <= {GOAL_FIRST}x)")
        if "cold" in out:
            c = out["cold"]
            for k in ("bare", "search"):
                v = c[k]
                print(f"cold   {k:<6} median {v['median']:6.1f} ms (p10 {v['p10']:.1f}, "
                      f"p90 {v['p90']:.1f})")
            print(f"cold   ratio search/bare = {c['ratio']:.2f}x (goal <= {GOAL_COLD}x); "
                  f"PYTHONDONTWRITEBYTECODE={out['env']['PYTHONDONTWRITEBYTECODE'] or 'unset'}")
    ok = True
    if "warm" in out:
        ok &= out["warm"]["ratio_p99"] <= GOAL_WARM
    if "first" in out:
        ok &= out["first"]["ratio"] <= GOAL_FIRST
    if "cold" in out:
        ok &= out["cold"]["ratio"] <= GOAL_COLD
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
