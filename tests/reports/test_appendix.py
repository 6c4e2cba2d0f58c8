"""The appendix: the cited clauses' full text exactly as in the clause tree, in tree order."""

from __future__ import annotations

import pytest

from judgekit.reports.appendix import UnknownClause, build_appendix, clause_hover
from judgekit.rules import load


@pytest.fixture(scope="module")
def rs():
    return load("zx")


def _places(*ids):
    return {i: [{"href": "#step-1", "text": "1"}] for i in ids}


def test_entries_hold_the_tree_text_in_tree_order(rs):
    ids = ("904.1", "702.2a", "208.3", "guide.turn", "1001.1", "604.3a")
    entries = build_appendix(rs, _places(*ids))
    assert [e["id"] for e in entries] == ["208.3", "604.3a", "702.2a", "904.1", "1001.1",
                                          "guide.turn"]
    for e in entries:
        c = rs[e["id"]]
        assert (e["title"], e["text"], e["examples"]) == (c.title, c.text, list(c.examples))
        assert e["anchor"] == e["id"]
    # 904.1 has no title of its own; its breadcrumb names the rule it belongs to
    e904 = next(e for e in entries if e["id"] == "904.1")
    assert [a["id"] for a in e904["breadcrumb"]] == ["900", "904"]
    assert e904["text"].startswith("いずれかのスクエアにある、自身のパワー以上のダメージ")


def test_examples_and_notes_are_kept_apart(rs):
    with_ex = next(c for c in rs if c.examples)
    (e,) = build_appendix(rs, _places(with_ex.id))
    assert e["examples"] == with_ex.examples and e["examples"]
    # the negation error of 208.3 carries judgekit's note, not mixed into the rules text
    (e208,) = build_appendix(rs, _places("208.3"))
    assert e208["notes"] == rs["208.3"].notes
    assert all(n not in e208["text"] for n in e208["notes"])


def test_permalinks_follow_the_site_scheme(rs):
    from judgekit.site import permalink

    (e,) = build_appendix(rs, _places("702.2a"), site_url="https://judge.example.org/rules/")
    assert e["permalink"] == permalink("zx", "702.2a") == "zx/700.html#702.2a"
    assert e["url"] == "https://judge.example.org/rules/zx/700.html#702.2a"
    (e,) = build_appendix(rs, _places("702.2a"))
    assert e["url"] is None  # no site given: no link that could not work offline


def test_unknown_clause_is_an_error(rs):
    with pytest.raises(UnknownClause, match="702.9z"):
        build_appendix(rs, _places("702.2a", "702.9z"))


def test_hover_text_is_heading_text_and_examples(rs):
    (e,) = build_appendix(rs, _places("702.2a"))
    assert clause_hover(e) == "702.2a\n" + rs["702.2a"].text
    (e,) = build_appendix(rs, _places("906"))
    assert clause_hover(e) == "906 チャージ超過エフェクト"


def test_cited_places_are_deduplicated_in_order(rs):
    (e,) = build_appendix(rs, {"904.1": [{"href": "#step-3", "text": "3"},
                                         {"href": "#step-1", "text": "1"},
                                         {"href": "#step-3", "text": "3"}]})
    assert [p["text"] for p in e["cited_in"]] == ["3", "1"]


def test_entries_carry_the_documents_citation_form(rs):
    # a D0 clause is cited 第4部第6章3 by its judges (d0.md §2); Z/X by its id
    d0 = load("d0")
    (e,) = build_appendix(d0, _places("4.6.3"))
    assert e["citation"] == "第4部第6章3"
    assert clause_hover(e).startswith("4.6.3 (第4部第6章3)\n")
    (e,) = build_appendix(rs, _places("702.2a"))
    assert e["citation"] == "" and clause_hover(e).startswith("702.2a\n")


def test_the_appendix_shows_the_citation_form_beside_the_id(rendered, showcase):
    # no D0 ruling can be run yet (the engine is Z/X's): the report's own template is given a
    # Z/X model whose first quoted clause carries a citation form
    import copy

    from judgekit.reports.render import render_html

    model, html = rendered(showcase)
    assert 'class="cl-cite"' not in html  # Z/X: the id is the citation
    m = copy.deepcopy(model)
    e = m["appendix"][0]
    e["citation"] = "第4部第6章3"
    html = render_html(m)
    assert (f'<span class="cl-id">{e["id"]}</span><span class="cl-cite">第4部第6章3</span>'
            in html)
