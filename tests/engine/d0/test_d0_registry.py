"""D0's rule registry and readings: real clauses only, D0's own citation form beside each id."""

from __future__ import annotations

import pytest

from judgekit.rules.citation import beside, citation
from judgekit.engine.d0.clauses import REGISTRY
from judgekit.engine.d0.readings import READINGS
from judgekit.rules import load


@pytest.fixture(scope="module")
def rs():
    return load("d0")


def test_the_digest_open_questions_each_have_a_reading():
    # d0.md §10: items 1, 2, 3 (two typos), 4 and 6; item 5 is a stale cross-reference that no
    # engine step depends on
    for rid in ("empty-exchange", "smash-negative", "turn-end-typo", "countered-spell-graveyard",
                "resistance-late-information", "end-trigger-check"):
        assert rid in READINGS


@pytest.mark.parametrize("cid,form", [
    ("4.6.3", "第4部第6章3"),
    ("4.16.4-3-1", "第4部第16章4-3-1"),
    ("3.12", "第3部第12章"),
    ("3", "第3部"),
    ("2.27", "第2部第27章"),
    ("intro", "序文"),
    ("intro.2", "序文2"),
])
def test_native_citation_form(cid, form):
    assert citation("d0", cid) == form
    assert beside("d0", cid) == f"{cid} ({form})"


def test_the_native_form_looks_up_the_same_clause(rs):
    from judgekit.rules.lookup import resolve

    for cid in ("4.6.3", "4.16.4-3-1", "3.12.4-1", "2.23.1-3"):
        assert resolve(rs, citation("d0", cid)).id == cid
