"""The rule registry: one place, real clauses only, every step cites only registered ids."""

from __future__ import annotations

import os

import pytest
from engine_helpers import EXAMPLES, run_example

from judgekit.engine.registry import UnregisteredClause
from judgekit.engine.zx.clauses import REGISTRY
from judgekit.engine.zx.readings import READINGS
from judgekit.rules import load


@pytest.fixture(scope="module")
def rs():
    return load("zx")


def test_every_registered_id_is_a_real_non_virtual_clause(rs):
    assert len(REGISTRY) > 150
    for cid, e in REGISTRY.entries.items():
        c = rs.get(cid)
        assert c is not None, f"registered clause {cid} does not exist in the rules"
        assert c.doc == "rules"
        assert not c.virtual or e.virtual_ok, f"{cid} is a virtual clause"
        assert c.text.strip() or c.title, f"{cid} has no text"
        assert e.summary and not e.summary[0].islower() and e.summary.endswith("."), cid


def test_every_reading_cites_real_clauses(rs):
    for rid, r in READINGS.items():
        assert len(r["clauses"]) >= 2 and len(set(r["clauses"])) == len(r["clauses"]), rid
        for cid in r["clauses"]:
            assert rs.get(cid) is not None, (rid, cid)
        assert r["reading"] and r["reading_ja"] and r["source"], rid


def test_a_step_citing_an_unregistered_clause_is_refused():
    from judgekit.engine.trace import Trace

    t = Trace(REGISTRY)
    with pytest.raises(UnregisteredClause):
        t.open("x", ("208.3",), "m", "m", "506.2")  # real, but the engine never applies it
    with pytest.raises(UnregisteredClause):
        t.open("x", ("999.9",), "m", "m", "506.2")


def test_rule_decorator_refuses_unregistered_ids():
    with pytest.raises(UnregisteredClause):
        REGISTRY.rule("123.4")(lambda: None)


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_every_step_of_every_example_cites_registered_ids(path):
    r = run_example(os.path.basename(path)[:-5])
    for s in r.steps:
        for cid in s.cites:
            assert cid in REGISTRY, (s.index, cid)
        for rid in s.readings:
            assert rid in READINGS


def test_every_registered_clause_is_exercised_by_an_example():
    from judgekit.engine import coverage

    rows = coverage("zx")
    assert [r["id"] for r in rows] and {r["id"] for r in rows} == set(REGISTRY.ids())
    assert [r["id"] for r in rows if not r["examples"]] == []
    for r in rows:
        assert all(e.startswith("examples/zx/") for e in r["examples"])
        assert r["heading"]


def test_every_registered_clause_names_the_code_that_applies_it():
    import importlib

    import judgekit.engine.zx.flow  # noqa: F401  (imports every engine module)

    for cid, e in REGISTRY.entries.items():
        assert e.handlers, f"{cid}: no function is registered as applying it"
        for h in e.handlers:
            mod, _, rest = h.rpartition(".")
            obj = None
            while mod:
                try:
                    obj = importlib.import_module(mod)
                    break
                except ImportError:
                    mod, _, head = mod.rpartition(".")
                    rest = f"{head}.{rest}"
            for part in rest.split("."):
                obj = getattr(obj, part)
            assert callable(obj), h
