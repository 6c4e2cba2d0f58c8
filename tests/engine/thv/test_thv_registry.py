"""The 東方VISION rule registry and readings: real clauses only, never an omitted one as a rule."""

from __future__ import annotations

import pytest

from judgekit.engine.registry import UnregisteredClause
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


def test_every_reading_cites_real_clauses(rs):
    for rid, r in READINGS.items():
        assert r["id"] == rid
        assert len(r["clauses"]) >= 2 and len(set(r["clauses"])) == len(r["clauses"]), rid
        for cid in r["clauses"]:
            assert rs.get(cid) is not None, (rid, cid)
        assert r["kind"] in ("gap", "ambiguity", "omitted", "inference", "scope"), rid
        for k in ("title", "title_ja", "reading", "reading_ja", "source"):
            assert r[k].strip(), (rid, k)


def test_readings_of_omitted_clauses_cite_an_omitted_clause(rs):
    kinds = {rid: r for rid, r in READINGS.items() if r["kind"] == "omitted"}
    assert kinds
    for rid, r in kinds.items():
        flags = [rs.get(c).flags for c in r["clauses"]]
        assert any("omitted" in f for f in flags), rid
        assert any("omitted" not in f for f in flags), f"{rid} weighs no clause with text"


def test_a_step_citing_an_unregistered_clause_is_refused():
    from judgekit.engine.trace import Trace

    t = Trace(REGISTRY)
    with pytest.raises(UnregisteredClause):
        t.open("x", ("2.14.2",), "m", "m", "4.7.1.b")  # real, but the engine never applies it
    with pytest.raises(UnregisteredClause):
        t.open("x", ("1.2.8.z",), "m", "m", "4.7.1.b")


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
