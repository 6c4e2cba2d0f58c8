"""Build time of the static rules site for all rulesets, and the size of what it writes.

    .venv/bin/python benchmarks/site_build.py [--rounds 5] [--out benchmarks/_out/site]

Measures
  * `judgekit site build` as a whole process (what a user waits for), every cache warm: the
    parse cache and the build's own (judgekit.memo: scenario cites and titles, search and index
    scripts, scenario pages) — the build when nothing changed;
  * the same with every cache cold (each ruleset parsed from its source text, every bundled
    scenario run, the search index opened) — the first build, or after the engine changed;
  * the in-process build alone (rendering, index, writing), median of the rounds;
  * the built site's size: total, HTML pages, search indexes, assets, the largest files;
  * with node present: the search script answering 致死ダメージ over all indexes (ms per query).
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

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)


def venv_bin(name: str) -> str:
    return os.path.join(os.path.dirname(sys.executable), name)


CPU: list[float] = []  # CPU seconds (user + system) of each timed process, in call order


def wall(cmd: list[str], env: dict) -> float:
    """Wall time of one process; its CPU time goes to CPU (the figure a loaded machine
    distorts least: wall time grows with whatever else runs on the cores)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return elapsed


def sizes(root: str) -> dict:
    by_kind = {"html": 0, "search index": 0, "assets": 0, "other": 0}
    files = []
    for d, _, names in os.walk(root):
        for n in names:
            p = os.path.join(d, n)
            b = os.path.getsize(p)
            rel = os.path.relpath(p, root)
            files.append((b, rel))
            if rel.startswith("assets" + os.sep):
                by_kind["assets"] += b
            elif rel.startswith("search" + os.sep):
                by_kind["search index"] += b
            elif n.endswith(".html"):
                by_kind["html"] += b
            else:
                by_kind["other"] += b
    files.sort(reverse=True)
    return {"total": sum(b for b, _ in files), "files": len(files), "by_kind": by_kind,
            "largest": files[:5]}


def js_query_ms(root: str, games: list[str], query: str, rounds: int = 20) -> float | None:
    node = shutil.which("node")
    if node is None:
        return None
    from judgekit.site.assets import search_script

    prog = """
const fs = require("fs"), vm = require("vm");
const req = JSON.parse(fs.readFileSync(0, "utf8"));
const ctx = {}; vm.createContext(ctx);
vm.runInContext(req.script, ctx);
for (const p of req.indexes) vm.runInContext(fs.readFileSync(p, "utf8"), ctx);
ctx.JK.search(req.q, req.games);            // first query folds the candidates it meets
const t = process.hrtime.bigint();
for (let i = 0; i < req.rounds; i++) ctx.JK.search(req.q + (i % 2 ? "" : " "), req.games);
process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6 / req.rounds));
"""
    payload = {"script": search_script(), "q": query, "games": games, "rounds": rounds,
               "indexes": [os.path.join(root, "search", f"{g}.js") for g in games]}
    out = subprocess.run([node, "-e", prog], input=json.dumps(payload).encode(), capture_output=True,
                         check=True)
    return float(out.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(HERE, "_out", "site"))
    args = ap.parse_args()

    env = dict(os.environ)
    cache = tempfile.mkdtemp(prefix="jk-bench-site-cache-")
    env["JUDGEKIT_CACHE_DIR"] = cache
    os.environ["JUDGEKIT_CACHE_DIR"] = cache
    judgekit = venv_bin("judgekit")
    cmd = [judgekit, "site", "build", "-q", "-o", args.out]
    try:
        cold = []
        for _ in range(max(1, args.rounds // 2)):
            shutil.rmtree(cache, ignore_errors=True)
            cold.append(wall(cmd, env))
        warm = [wall(cmd, env) for _ in range(args.rounds)]

        from judgekit.site.build import build

        inproc = []
        report = None
        for _ in range(args.rounds):
            report = build(args.out)
            inproc.append(report.seconds)
        sz = sizes(args.out)
        q = js_query_ms(args.out, report.games, "致死ダメージ")
    finally:
        shutil.rmtree(cache, ignore_errors=True)

    print(f"rulesets: {', '.join(report.games)}"
          + (f" (skipped: {', '.join(report.skipped)})" if report.skipped else ""))
    print(f"pages: {report.pages}, files: {sz['files']}, engine-marked clauses: {report.coverage}")
    cpu_cold, cpu_warm = CPU[:len(cold)], CPU[len(cold):len(cold) + len(warm)]
    print(f"judgekit site build, every cache cold: median {statistics.median(cold):.2f} s "
          f"(min {min(cold):.2f}, n={len(cold)}; CPU {statistics.median(cpu_cold):.2f} s)")
    print(f"judgekit site build, nothing changed (caches warm): median "
          f"{statistics.median(warm):.2f} s (min {min(warm):.2f}, n={len(warm)}; CPU "
          f"{statistics.median(cpu_warm):.2f} s)")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"build() in process (render + index + write): median {statistics.median(inproc):.2f} s")
    print(f"total size: {sz['total'] / 1e6:.2f} MB — " + ", ".join(
        f"{k} {v / 1e6:.2f} MB" for k, v in sz["by_kind"].items() if v))
    print("largest files: " + ", ".join(f"{rel} {b / 1e3:.0f} kB" for b, rel in sz["largest"]))
    if q is not None:
        print(f"search script, 致死ダメージ over all indexes (node): {q:.2f} ms per query")
    print(f"site left in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
