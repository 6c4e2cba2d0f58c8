"""Each engine cites the most specific clause whose text says what a step does (issue 27).

A registered clause that has sub-clauses in the parsed tree is a parent: a step that does what
one sub-clause says must cite that sub-clause. A parent stays registered only with a written
reason (`whole=` in its registry entry) why the engine cites the clause itself — its text is
what the step does as a whole (every condition checked together, a procedure run through).
"""

from __future__ import annotations

import importlib

import pytest

from judgekit.rules import load

GAMES = ("zx", "g2022", "d0", "thv")


def _registry(game):
    return importlib.import_module(f"judgekit.engine.{game}.clauses").REGISTRY


@pytest.mark.parametrize("game", GAMES)
def test_a_registered_parent_clause_says_why_it_is_cited_whole(game):
    rs = load(game)
    reg = _registry(game)
    missing = [cid for cid in reg.ids() if rs[cid].children and not reg[cid].whole.strip()]
    assert not missing, (f"{game}: these registered clauses have sub-clauses; cite the sub-clause "
                         f"that says what the step does, or say why the whole is cited: {missing}")


@pytest.mark.parametrize("game", GAMES)
def test_a_leaf_needs_no_reason_to_be_cited(game):
    rs = load(game)
    reg = _registry(game)
    stale = [cid for cid in reg.ids() if reg[cid].whole and not rs[cid].children]
    assert not stale, f"{game}: `whole=` on clauses without sub-clauses: {stale}"
