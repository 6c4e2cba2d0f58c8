"""The 東方VISION rule registry and readings: real clauses only, never an omitted one as a rule."""

from __future__ import annotations

import pytest

from judgekit.engine.thv.clauses import REGISTRY
from judgekit.engine.thv.readings import READINGS
from judgekit.rules import load


@pytest.fixture(scope="module")
def rs():
    return load("thv")


def test_every_registered_id_is_a_real_clause_with_text(rs):
    assert len(REGISTRY) >= 60
    for cid, e in REGISTRY.entries.items():
        c = rs.get(cid)
        assert c is not None, f"registered clause {cid} does not exist in the rules"
        assert c.doc == "rules"
        assert not c.virtual or e.virtual_ok, f"{cid} is a virtual clause"
        assert c.text.strip(), f"{cid} has no text (a heading is not a rule)"
        assert e.summary and not e.summary[0].islower() and e.summary.endswith("."), cid


def test_no_omitted_clause_is_registered_as_a_rule(rs):
    omitted = {c.id for c in rs if "omitted" in c.flags}
    assert len(omitted) == 27  # digest §1.3 A5
    assert omitted.isdisjoint(REGISTRY.ids())


def test_every_reading_says_what_kind_of_question_it_answers():
    """(That each weighs two or more real clauses is checked for every engine in
    tests/engine/core.)"""
    kinds = {r["kind"] for r in READINGS.values()}
    assert kinds <= {"gap", "ambiguity", "omitted", "inference", "scope"}
    assert all(r["title"].strip() and r["title_ja"].strip() for r in READINGS.values())


def test_readings_of_omitted_clauses_cite_an_omitted_clause(rs):
    kinds = {rid: r for rid, r in READINGS.items() if r["kind"] == "omitted"}
    assert kinds
    for rid, r in kinds.items():
        flags = [rs.get(c).flags for c in r["clauses"]]
        assert any("omitted" in f for f in flags), rid
        assert any("omitted" not in f for f in flags), f"{rid} weighs no clause with text"


def test_every_registered_clause_names_the_code_that_applies_it():
    import importlib
    import pkgutil

    for mod in ("flow", "game", "procedure", "play", "combat", "triggers", "effects", "stats"):
        importlib.import_module(f"judgekit.engine.thv.{mod}")
    for cid, e in REGISTRY.entries.items():
        assert e.handlers, f"{cid}: no function is registered as applying it"
        for h in e.handlers:
            assert h.startswith("judgekit.engine.thv.") and callable(pkgutil.resolve_name(h)), h


def test_every_reading_is_applied_by_a_bundled_example():
    import os
    import sys

    sys.path.insert(0, os.path.dirname(__file__))
    from thv_helpers import EXAMPLES, run_example

    used = set()
    for path in EXAMPLES:
        used |= set(run_example(os.path.basename(path)[:-5]).run.trace.readings)
    assert sorted(set(READINGS) - used) == []
