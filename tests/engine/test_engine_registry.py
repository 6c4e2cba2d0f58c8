"""The rule registry: one place, real clauses only, every step cites only registered ids."""

from __future__ import annotations

import os

import pytest
from engine_helpers import EXAMPLES, run_example, uncited

from judgekit.engine.registry import UnregisteredClause
from judgekit.engine.zx.clauses import REGISTRY
from judgekit.engine.zx.readings import READINGS
from judgekit.rules import load


@pytest.fixture(scope="module")
def rs():
    return load("zx")


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
    assert uncited(r.steps) == []


def test_every_registered_clause_is_exercised_by_an_example():
    from judgekit.engine import coverage

    rows = coverage("zx")
    assert [r["id"] for r in rows] and {r["id"] for r in rows} == set(REGISTRY.ids())
    assert [r["id"] for r in rows if not r["examples"]] == []
    for r in rows:
        assert all(e.startswith("examples/zx/") for e in r["examples"])
        assert r["heading"]