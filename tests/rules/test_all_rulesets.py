"""Invariants every ruleset's clause tree must hold (issue: clause trees for all four rulesets)."""

from __future__ import annotations

import pytest

from judgekit.rules import GAMES, load

GROUND_TRUTH = {"zx": 654, "g2022": 508, "d0": 585, "thv": 1276}


@pytest.mark.parametrize("game", GAMES)
def test_ground_truth_counts(game):
    rs = load(game)
    assert sum(1 for c in rs if not c.virtual) == GROUND_TRUTH[game]


@pytest.mark.parametrize("game", GAMES)
def test_every_reference_resolves_or_is_reviewed(game):
    rs = load(game)
    assert not rs.problems, rs.problems
    for c in rs.all_units():
        for r in c.refs:
            if not r.resolved:
                assert r.status == "dangling" and r.note, (c.id, r)
            if r.status != "ok":
                assert r.note and "not in the reviewed list" not in r.note, (c.id, r)


@pytest.mark.parametrize("game", GAMES)
def test_tree_invariants(game):
    rs = load(game)
    ids = rs.ids()
    assert len(ids) == len(set(ids))
    pos = {cid: i for i, cid in enumerate(ids)}
    for c in rs:
        assert c.game == game and isinstance(c.id, str)
        if c.parent is not None:
            assert c.id in rs[c.parent].children
            assert pos[c.parent] < pos[c.id]  # tree order: a parent before its children
        assert [k for k in c.children] == sorted(c.children, key=pos.__getitem__)
        if c.virtual:
            assert c.children and not c.text and c.line == 0 and "virtual" in c.flags
        else:
            assert c.line > 0 and c.line_end >= c.line
            assert c.title or c.text or c.children or "omitted" in c.flags or "text-lost" in c.flags
        assert "**" not in c.text
        for cited in c.cited_by:
            assert c.id in rs[cited].ref_ids()


@pytest.mark.parametrize("game", GAMES)
def test_examples_never_leak_into_rule_text(game):
    rs = load(game)
    for c in rs:
        for line in c.text.split("\n"):
            assert not line.startswith(("例：", "例:", "【例】")), (c.id, line)


def test_only_documents_with_their_own_citation_style_get_a_citation_form():
    # Z/X and g2022 cite "(702)", "905.3a", thv cites 別項「 3.5 ノードエリア」: the id itself
    # (digests zx.md, g2022.md §2, thv.md §2); D0 cites 3部11章1-1 / 第2部 第10章 (d0.md §2)
    from judgekit.rules import GAMES, load
    from judgekit.rules.citation import citation

    for game in GAMES:
        forms = {c.id: citation(game, c.id) for c in load(game).all_units()}
        if game == "d0":
            assert all(forms.values())
        else:
            assert not any(forms.values()), game
