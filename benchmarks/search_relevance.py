"""Search quality over the relevance set (benchmarks/relevance.toml): precision@5, recall@10.

    .venv/bin/python benchmarks/search_relevance.py [--detail] [--json]

P@5  = |relevant ∩ first 5 hits| / 5, averaged over the queries (the usual definition; a query
       with fewer than 5 relevant units cannot reach 1, so the set's ceiling is printed too)
R@10 = |relevant ∩ first 10 hits| / min(|relevant|, 10)
Goals (issue 3): P@5 >= 0.8, R@10 >= 0.95. Exit status 1 when a goal is missed.
tests/search/test_relevance.py runs `evaluate()` and fails on the same goals.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOAL_P5 = 0.8
GOAL_R10 = 0.95


def load_set(path: str | None = None) -> list[dict]:
    import tomllib

    with open(path or os.path.join(HERE, "relevance.toml"), "rb") as f:
        return tomllib.load(f)["query"]


def expand(spec: list[str], game: str) -> set[str]:
    """'game:id' keys of the relevant units; 'X*' is X and everything below it."""
    from judgekit.rules import load

    out: set[str] = set()
    for item in spec:
        g, cid = item.split(":", 1) if game == "all" else (game, item)
        rs = load(g)
        star = cid.endswith("*")
        cid = cid.rstrip("*")
        if cid not in rs:
            raise KeyError(f"relevance set names {g}:{cid}, which is not in the rules")
        out.add(f"{g}:{cid}")
        if star:
            out.update(f"{g}:{u.id}" for u in rs.descendants(cid))
    return out


def evaluate(searcher, queries: list[dict] | None = None) -> dict:
    queries = queries or load_set()
    rows = []
    for q in queries:
        rel = expand(q["relevant"], q["game"])
        res = searcher.search(q["q"], games=q["game"], limit=10)
        got = [f"{h.game}:{h.id}" for h in res.hits]
        p5 = len([k for k in got[:5] if k in rel]) / 5.0
        r10 = len([k for k in got[:10] if k in rel]) / float(min(len(rel), 10))
        rows.append({"q": q["q"], "game": q["game"], "p5": p5, "r10": r10,
                     "ceiling_p5": min(len(rel), 5) / 5.0, "relevant": len(rel),
                     "total": res.total, "top": got,
                     "missed": sorted(k for k in rel if k not in got[:10])[:10]})
    n = len(rows)
    return {"queries": n,
            "P@5": sum(r["p5"] for r in rows) / n,
            "R@10": sum(r["r10"] for r in rows) / n,
            "P@5 ceiling": sum(r["ceiling_p5"] for r in rows) / n,
            "rows": rows}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--detail", action="store_true", help="one line per query")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    from judgekit.search.engine import Searcher

    s = Searcher()
    ev = evaluate(s)
    if a.json:
        print(json.dumps(ev, ensure_ascii=False, indent=2))
    else:
        if a.detail:
            for r in ev["rows"]:
                mark = "" if r["p5"] >= r["ceiling_p5"] and r["r10"] == 1 else "  <-"
                print(f"{r['game']:<6} {r['q']:<14} P@5 {r['p5']:.1f}/{r['ceiling_p5']:.1f} "
                      f"R@10 {r['r10']:.2f} hits {r['total']:<4} top5 {' '.join(r['top'][:5])}"
                      f"{mark}")
                if r["missed"]:
                    print(f"{'':21} missed in top 10: {' '.join(r['missed'])}")
        print(f"{ev['queries']} queries: P@5 {ev['P@5']:.3f} (ceiling {ev['P@5 ceiling']:.3f}, "
              f"goal {GOAL_P5}), R@10 {ev['R@10']:.3f} (goal {GOAL_R10})")
    return 0 if ev["P@5"] >= GOAL_P5 and ev["R@10"] >= GOAL_R10 else 1


if __name__ == "__main__":
    sys.exit(main())
