"""The site's offline search (site/assets/search.js) in node: CPU time per query over the
relevance set's questions, for one built site or two side by side.

    .venv/bin/python benchmarks/search_js_latency.py --site DIR [--against-site DIR2]
                                                     [--rounds 30] [--repeats 3] [--json]
                                                     [--first N]

DIR is a built site (`judgekit site build -o DIR`): its assets/search.js and search/<game>.js
are loaded into one node VM context, as a browser loads them. Every query of
benchmarks/relevance.toml (and the held-out sets) is answered with its ruleset filter ("all":
every index) a few times to warm the JIT, then `--rounds` times; each answer's CPU time
(process.cpuUsage, user + system) is taken, its median per query, and the median and mean of
those per kind (term, sentence-like). With --against-site the two sites run in alternating node
processes, `--repeats` times each, and the figures are the medians over the repeats: on a
shared machine wall time measures the neighbours, CPU time the script.

--first N: instead, the first search, as a page opened on all rulesets does it: in a fresh node
process the four index scripts are read and run (load: CPU ms) and one question is answered
over them (first: CPU ms, the script's lazy tables built on the way); each question of FIRST
in its own process, N processes per site and question (alternating sites), medians reported.

The site of another commit: `git archive C | tar -x -C D && (cd D && PYTHONPATH=D python -m
judgekit site build -o D/_site)` with its own JUDGEKIT_CACHE_DIR.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SETS = ("relevance.toml", "relevance_heldout.toml", "relevance_concepts_heldout.toml",
        "relevance_concepts_heldout_2.toml", "relevance_concepts_heldout_3.toml",
        "relevance_concepts_heldout_4.toml")
GAMES = ("zx", "g2022", "d0", "thv")

PROG = r"""
const fs = require("fs"), vm = require("vm");
const req = JSON.parse(fs.readFileSync(0, "utf8"));
const ctx = {}; vm.createContext(ctx);
vm.runInContext(fs.readFileSync(req.script, "utf8"), ctx);
for (const p of req.indexes) vm.runInContext(fs.readFileSync(p, "utf8"), ctx);
const qs = req.queries;
for (let w = 0; w < 3; w++) for (const q of qs) ctx.JK.search(q.q, q.games);
const per = qs.map(() => []);
for (let r = 0; r < req.rounds; r++) {
  for (let i = 0; i < qs.length; i++) {
    const t = process.cpuUsage();
    ctx.JK.search(qs[i].q + (r % 2 ? " " : ""), qs[i].games);
    const d = process.cpuUsage(t);
    per[i].push((d.user + d.system) / 1000);
  }
}
process.stdout.write(JSON.stringify(per));
"""


# the first search's questions: a term, and sentences read as words (the judges' phrasings)
FIRST = ("致死ダメージ", "山札がなくなったら", "相手のターンに使えるカードは", "手札が多すぎるとき")

PROG_FIRST = r"""
const fs = require("fs"), vm = require("vm");
const req = JSON.parse(fs.readFileSync(0, "utf8"));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const ctx = {}; vm.createContext(ctx);
const t0 = cpu();
vm.runInContext(fs.readFileSync(req.script, "utf8"), ctx);
for (const p of req.indexes) vm.runInContext(fs.readFileSync(p, "utf8"), ctx);
const t1 = cpu();
ctx.JK.search(req.q, req.games);
const t2 = cpu();
process.stdout.write(JSON.stringify({load: t1 - t0, first: t2 - t1}));
"""


def first(node: str, site: str, q: str) -> dict:
    """CPU ms to load the four indexes and to answer `q` over them, in a fresh node process."""
    payload = {"script": os.path.join(site, "assets", "search.js"), "q": q, "games": list(GAMES),
               "indexes": [os.path.join(site, "search", f"{g}.js") for g in GAMES]}
    out = subprocess.run([node, "-e", PROG_FIRST], input=json.dumps(payload).encode(),
                         capture_output=True, check=True)
    return json.loads(out.stdout)


def first_report(node: str, sites: list[str], n: int, as_json: bool) -> int:
    runs: dict[str, dict[str, list[dict]]] = {s: {q: [] for q in FIRST} for s in sites}
    for _ in range(n):
        for q in FIRST:
            for s in sites:
                runs[s][q].append(first(node, s, q))
    result = {s: {q: {k: statistics.median(r[k] for r in rs) for k in ("load", "first")}
                  | {"min_total": min(r["load"] + r["first"] for r in rs)}
                  for q, rs in per.items()} for s, per in runs.items()}
    if as_json:
        print(json.dumps(result, indent=1, ensure_ascii=False))
        return 0
    print(f"first search over the four indexes, {n} fresh node processes per site and question; "
          f"CPU ms, medians (and the minimum of load + first); load average {os.getloadavg()[0]:.1f}")
    for s in sites:
        print(s)
        for q, d in result[s].items():
            print(f"  {q:16} load {d['load']:6.1f}  first {d['first']:6.1f}  "
                  f"total {d['load'] + d['first']:6.1f}  (min {d['min_total']:.1f})")
    return 0


def load_queries() -> list[dict]:
    import tomllib

    out, seen = [], set()
    for name in SETS:
        path = os.path.join(HERE, name)
        if not os.path.exists(path):
            continue
        with open(path, "rb") as f:
            for q in tomllib.load(f)["query"]:
                key = (q["q"], q["game"])
                if key in seen:
                    continue
                seen.add(key)
                kind = q.get("kind", "term")
                out.append({"q": q["q"], "games": list(GAMES) if q["game"] == "all" else [q["game"]],
                            "kind": "term" if kind == "term" else "sentence-like"})
    return out


def run(node: str, site: str, queries: list[dict], rounds: int) -> list[float]:
    """Each query's median CPU ms over `rounds` answers, in one node process."""
    payload = {"script": os.path.join(site, "assets", "search.js"), "rounds": rounds,
               "indexes": [os.path.join(site, "search", f"{g}.js") for g in GAMES],
               "queries": [{"q": q["q"], "games": q["games"]} for q in queries]}
    out = subprocess.run([node, "-e", PROG], input=json.dumps(payload).encode(),
                         capture_output=True, check=True)
    return [statistics.median(xs) for xs in json.loads(out.stdout)]


def summary(queries: list[dict], medians: list[float]) -> dict:
    out = {}
    for kind in ("term", "sentence-like", "all"):
        xs = [m for q, m in zip(queries, medians) if kind == "all" or q["kind"] == kind]
        if xs:
            out[kind] = {"n": len(xs), "median": statistics.median(xs),
                         "mean": statistics.fmean(xs), "p90": sorted(xs)[int(0.9 * (len(xs) - 1))]}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", required=True, help="a built site (judgekit site build -o DIR)")
    ap.add_argument("--against-site", help="another built site, measured alternately")
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--first", type=int, metavar="N",
                    help="measure the first search instead: N fresh processes per question")
    a = ap.parse_args()
    node = shutil.which("node")
    if node is None:
        print("node is not installed", file=sys.stderr)
        return 2
    sites = [a.site] + ([a.against_site] if a.against_site else [])
    if a.first:
        return first_report(node, sites, a.first, a.json)
    queries = load_queries()
    per: dict[str, list[list[float]]] = {s: [] for s in sites}
    for _ in range(a.repeats):
        for s in sites:
            per[s].append(run(node, s, queries, a.rounds))
    result = {}
    for s in sites:
        meds = [statistics.median(col) for col in zip(*per[s])]
        result[s] = summary(queries, meds)
    if a.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"{len(queries)} queries, {a.rounds} rounds, {a.repeats} repeats; CPU ms per query; "
          f"load average {os.getloadavg()[0]:.1f}")
    for s in sites:
        print(s)
        for kind, d in result[s].items():
            print(f"  {kind:14} n={d['n']:3}  median {d['median']:.3f}  mean {d['mean']:.3f}  "
                  f"p90 {d['p90']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
