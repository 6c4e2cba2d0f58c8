"""Search quality must not drop below the goals on the relevance set (benchmarks/)."""

from __future__ import annotations

import importlib.util
import os

import pytest

_BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "search_relevance.py")


def _module():
    spec = importlib.util.spec_from_file_location("search_relevance", _BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_relevance_set_is_well_formed():
    rel = _module()
    queries = rel.load_set()
    assert len(queries) >= 40
    assert {q["game"] for q in queries} == {"zx", "g2022", "d0", "thv", "all"}
    for q in queries:
        assert q["q"] and q["relevant"] and q["why"], q
        rel.expand(q["relevant"], q["game"])  # every id exists in the rules


def test_precision_and_recall_meet_the_goals(searcher):
    rel = _module()
    ev = rel.evaluate(searcher)
    worst = sorted(ev["rows"], key=lambda r: r["p5"] + r["r10"])[:5]
    detail = "; ".join(f"{r['game']}:{r['q']} P@5 {r['p5']:.1f} R@10 {r['r10']:.2f}"
                       for r in worst)
    assert ev["P@5"] >= rel.GOAL_P5, detail
    assert ev["R@10"] >= rel.GOAL_R10, detail
    if ev["P@5"] > ev["P@5 ceiling"]:  # cannot happen: a sanity check of the metric
        pytest.fail("P@5 above its ceiling")
