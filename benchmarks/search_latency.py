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
* --against DIR: nothing of the above; CPU time (user + system) of cold searches, sentences and
  a term, and process_time of warm queries, this tree beside another checkout DIR (say
  `git archive <commit> | tar -x -C DIR`), interleaved, both byte-compiled, the load average
  printed. On a shared machine wall time measures the neighbours; CPU time is the figure.
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


# ---- --against DIR: CPU time, interleaved, this tree beside another checkout -------------------

COLD_QUERIES = ("致死ダメージ", "山札がなくなったら", "チェーンで割り込める", "手札が多すぎるとき")
_WARM_CHILD = r"""
import json, sys, time
from judgekit.search.engine import Searcher
from judgekit.search.render import hit_data
qs = json.loads(sys.argv[1]); rounds = int(sys.argv[2])
s = Searcher()
for q, g, _ in qs:
    hit_data(s, s.search(q, games=g, limit=10))
out = {}
for _ in range(rounds):
    for q, g, kind in qs:
        t = time.process_time()
        hit_data(s, s.search(q, games=g, limit=10))
        out.setdefault(kind, []).append((time.process_time() - t) * 1000)
print(json.dumps(out))
"""


def _cpu_run(cmd: list[str], env: dict, cwd: str | None = None) -> tuple[float, float]:
    """(CPU ms of the child: user + system, wall ms) of one process."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                         cwd=cwd)
    _, status, ru = os.wait4(p.pid, 0)
    wall_ms = (time.perf_counter() - t) * 1000
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({status})")
    return (ru.ru_utime + ru.ru_stime) * 1000, wall_ms


def against(other: str, rounds: int, warm_rounds: int) -> dict:
    """This tree and `other` (a checkout: judgekit/ and rules_data/), each run with this
    interpreter and PYTHONPATH=<tree>, each with its own cache directory, both byte-compiled
    (PYTHONDONTWRITEBYTECODE would otherwise compile every module of every run). Cold: CPU time
    (user + system, from wait4) of `python -m judgekit search Q --game all`, the trees taking
    turns and swapping who goes first each round. Warm: per query, process_time in one process
    per tree and half-round, alternating. The load average is recorded: on a shared machine,
    wall time measures the neighbours; CPU time far less."""
    import compileall

    trees = {"this": os.path.dirname(HERE), "against": os.path.abspath(other)}
    caches = tempfile.mkdtemp(prefix="jk-against-")
    envs = {}
    for name, tree in trees.items():
        if not os.path.isdir(os.path.join(tree, "judgekit")):
            raise SystemExit(f"--against {tree}: no judgekit/ there")
        compileall.compile_dir(os.path.join(tree, "judgekit"), quiet=1)
        envs[name] = dict(os.environ, PYTHONPATH=tree,
                          JUDGEKIT_CACHE_DIR=os.path.join(caches, name))
    # the children run in the cache directory: `python -m` and `-c` put the working directory
    # first on sys.path, where a checkout's judgekit/ would shadow PYTHONPATH's
    load = [os.getloadavg()]
    try:
        for name, tree in trees.items():
            got = subprocess.run([sys.executable, "-c", "import judgekit; print(judgekit.__file__)"],
                                 env=envs[name], cwd=caches, check=True, capture_output=True,
                                 text=True).stdout.strip()
            if not got.startswith(tree + os.sep):
                raise SystemExit(f"{name}: judgekit imported from {got}, not from {tree}")
        cold_cpu: dict = {n: {q: [] for q in COLD_QUERIES} for n in trees}
        cold_wall: dict = {n: {q: [] for q in COLD_QUERIES} for n in trees}
        order = list(trees)
        for name in order:  # warm each tree's cache (index, trees, concept tables)
            for q in COLD_QUERIES:
                _cpu_run([sys.executable, "-m", "judgekit", "search", q, "--game", "all"],
                         envs[name], caches)
        for r in range(rounds):
            for q in COLD_QUERIES:
                for name in (order if r % 2 == 0 else order[::-1]):
                    cpu, w = _cpu_run([sys.executable, "-m", "judgekit", "search", q, "--game",
                                       "all"], envs[name], caches)
                    cold_cpu[name][q].append(cpu)
                    cold_wall[name][q].append(w)
        load.append(os.getloadavg())
        qs = [(q["q"], q.get("game", "all"), q.get("kind", "term")) for q in load_queries()]
        warm_ms: dict = {n: {} for n in trees}
        half = max(1, warm_rounds // 2)
        for r in range(2):
            for name in (order if r == 0 else order[::-1]):
                got = subprocess.run([sys.executable, "-c", _WARM_CHILD, json.dumps(qs),
                                      str(half)], env=envs[name], check=True, cwd=caches,
                                     capture_output=True, text=True).stdout
                for kind, xs in json.loads(got).items():
                    warm_ms[name].setdefault(kind, []).extend(xs)
        load.append(os.getloadavg())
    finally:
        shutil.rmtree(caches, ignore_errors=True)
    med = statistics.median
    return {"trees": trees, "rounds": rounds, "warm_rounds": 2 * half, "load": load,
            "cold_cpu": {n: {q: med(v) for q, v in d.items()} for n, d in cold_cpu.items()},
            "cold_wall": {n: {q: med(v) for q, v in d.items()} for n, d in cold_wall.items()},
            "warm_cpu": {n: {k: {"p50": med(v), "p90": sorted(v)[len(v) * 9 // 10],
                                 "n": len(v)} for k, v in d.items()}
                         for n, d in warm_ms.items()}}


def print_against(c: dict) -> None:
    t = c["trees"]
    print(f"against  this = {t['this']}  against = {t['against']}")
    print("against  load average (1, 5, 15 min) at start / after cold / after warm: "
          + " / ".join(", ".join(f"{x:.2f}" for x in la) for la in c["load"]))
    print(f"against  cold: CPU ms (user+sys) of `judgekit search Q --game all`, medians of "
          f"{c['rounds']} interleaved runs (wall medians in brackets)")
    for q in COLD_QUERIES:
        a, b = c["cold_cpu"]["this"][q], c["cold_cpu"]["against"][q]
        wa, wb = c["cold_wall"]["this"][q], c["cold_wall"]["against"][q]
        print(f"  {q:<14} this {a:6.1f}  against {b:6.1f}  diff {a - b:+5.1f} ms "
              f"[{wa:.0f} / {wb:.0f}]")
    print(f"against  warm: process_time ms per query (top 10 with snippets), "
          f"{c['warm_rounds']} rounds of the relevance set in each tree")
    for k in sorted(c["warm_cpu"]["this"]):
        a, b = c["warm_cpu"]["this"][k], c["warm_cpu"]["against"].get(k)
        if b is None:
            continue
        print(f"  {k:<9} p50 this {a['p50']:.3f}  against {b['p50']:.3f}  "
              f"diff {a['p50'] - b['p50']:+.3f} | p90 {a['p90']:.3f} / {b['p90']:.3f}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20, help="cold and first-search runs")
    ap.add_argument("--warm-rounds", type=int, default=20)
    ap.add_argument("--build-runs", type=int, default=3)
    ap.add_argument("--skip", default="", help="comma list of warm,first,cold,build to skip")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--against", metavar="DIR",
                    help="only compare CPU time, cold and warm, with another checkout DIR "
                         "(e.g. git archive of main), interleaved; the load average is printed")
    a = ap.parse_args()
    if a.against:
        c = against(a.against, a.rounds, a.warm_rounds)
        print(json.dumps(c, indent=2, ensure_ascii=False) if a.json else "", end="")
        if not a.json:
            print_against(c)
        return 0
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
