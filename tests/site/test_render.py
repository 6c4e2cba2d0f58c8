"""What a clause looks like on its page: text, lists, examples, links, back-links and notes.

Expected outcomes come from the Z/X rules text (rules_data/zx/000_…txt) and the reviewed list of
wrong references (rules_data/zx/refs_review.toml), not from what the code printed.
"""

from __future__ import annotations

import html
import os
import re

import pytest


def section_html(page: str, cid: str) -> str:
    """The <section id="cid"> element of a page, nested sections included."""
    m = re.search(r'<section [^>]*id="%s">' % re.escape(html.escape(cid)), page)
    assert m, f"no section {cid}"
    depth, pos = 0, m.start()
    for t in re.finditer(r"<section\b|</section>", page[pos:]):
        depth += 1 if t.group(0) != "</section>" else -1
        if depth == 0:
            return page[pos:pos + t.end()]
    raise AssertionError("unbalanced sections")


def own_html(page: str, cid: str) -> str:
    """The section without its child sections."""
    s = section_html(page, cid)
    inner = s[s.index(">") + 1:]
    k = inner.find("<section ")
    return inner if k < 0 else inner[:k]


def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


@pytest.fixture(scope="module")
def zx_page(built_site):
    root, _ = built_site

    def read(name: str) -> str:
        with open(os.path.join(root, "zx", name), encoding="utf-8") as f:
            return f.read()

    return read


def test_reference_in_parentheses_links_the_number_only(zx_page):
    # 702.2a: 「ルールエフェクト(900)をチェックし、実行します。」 on page 700, 900 lives on page 900
    s = own_html(zx_page("700.html"), "702.2a")
    assert re.search(r'ルールエフェクト\(<a class="ref" href="900\.html#900"[^>]*>900</a>\)をチェック', s)


def test_same_page_reference_is_a_bare_fragment(zx_page):
    # 101.1: 「このゲームは2人のプレイヤー(102.1)で行うゲームです。」, 102.1 is on the same page
    s = own_html(zx_page("100.html"), "101.1")
    assert re.search(r'プレイヤー\(<a class="ref" href="#102\.1"[^>]*>102\.1</a>\)で行う', s)


def test_a_range_gets_one_link_per_end_and_both_are_marked_stale(zx_page):
    # 206.6 cites (206.3~206.4), which predates 206.5 (reviewed as stale)
    s = own_html(zx_page("200.html"), "206.6")
    assert re.search(r'\(<a class="ref ref-stale" href="#206\.3"[^>]*>206\.3</a>~'
                     r'<a class="ref ref-stale" href="#206\.4"[^>]*>206\.4</a>\)', s)
    assert "should now read 206.3~206.5" in text_of(s)


def test_repeated_reference_links_every_occurrence(zx_page):
    # 506.2 lists three options each ending in (806): every one is a link
    s = own_html(zx_page("500.html"), "506.2")
    assert len(re.findall(r'<a class="ref" href="800\.html#806"', s)) == 3


def test_stale_reference_shows_the_reviewers_note(zx_page):
    # 402.1d: 「ゲートカード」(1111) — 1111 is スタイリッシュ頭突き, ゲートカード is 1113
    s = own_html(zx_page("400.html"), "402.1d")
    assert re.search(r'<a class="ref ref-stale" href="1100\.html#1111" title="stale: [^"]*1113[^"]*">1111</a>', s)
    assert "ゲートカード is 1113" in text_of(s)


def test_list_lines_become_list_items_with_links(zx_page):
    # 501.3: the phases as a "- " list, e.g. 「- リブートフェイズ(502)」
    s = own_html(zx_page("500.html"), "501.3")
    assert re.search(r'<ul><li>リブートフェイズ\(<a class="ref" href="#502"[^>]*>502</a>\)</li>', s)


def test_example_is_set_apart_and_keeps_the_source_characters(zx_page):
    # 906.1's example names 《悲嘆の墮天使ルシファー》 with the variant glyph 墮 (not 堕)
    s = own_html(zx_page("900.html"), "906.1")
    m = re.search(r'<div class="example"><span class="ex-label"[^>]*>例</span>'
                  r'<div class="ex-body">(.*?)</div></div>', s, re.S)
    assert m, "example not set apart"
    assert "《悲嘆の墮天使ルシファー》" in text_of(m.group(1))
    # and the example is not part of the clause text
    body = s[: s.index('<div class="example">')]
    assert "ルシファー" not in text_of(body)


def test_cited_by_links_back(zx_page):
    # 904 致死ダメージエフェクト is cited by 208.2, 808.4, 1203.1, 1204.3 (each writes (904))
    s = own_html(zx_page("900.html"), "904")
    m = re.search(r'<p class="cited-by">(.*?)</p>', s, re.S)
    assert m
    assert re.findall(r'href="([^"]+)"', m.group(1)) == [
        "200.html#208.2", "800.html#808.4", "1200.html#1203.1", "1200.html#1204.3"]


def test_flags_are_shown_discreetly(zx_page):
    s = own_html(zx_page("100.html"), "102.2")  # printed before 100 in the source
    assert "out of order in the source" in text_of(s)
    s = own_html(zx_page("1000.html"), "1012.1")  # never printed; made so its children have a parent
    assert "not printed in the source" in text_of(s)
    assert re.search(r'class="clause k-clause virtual id-reconstructed"', section_html(zx_page("1000.html"), "1012.1"))


def test_breadcrumb_names_the_ancestors(zx_page):
    s = own_html(zx_page("700.html"), "702.2a")
    crumbs = re.search(r'<nav class="crumbs"[^>]*>(.*?)</nav>', s, re.S).group(1)
    assert re.findall(r'href="([^"]+)"', crumbs) == ["#700", "#702", "#702.2"]
    assert "702 優先権前処理" in text_of(crumbs)


def test_no_character_of_the_rules_text_is_lost(built_site, rulesets):
    """Every line of every clause (text and examples) appears, character for character."""
    from judgekit.site import page_file, page_key

    root, _ = built_site
    pages: dict[str, str] = {}
    for rs in rulesets:
        for c in rs.all_units():
            name = f"{rs.game}/{page_file(page_key(rs, c.id))}"
            if name not in pages:
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    pages[name] = f.read()
            shown = text_of(own_html(pages[name], c.id))
            for line in [c.title] + c.text.split("\n") + [x for e in c.examples for x in e.split("\n")]:
                line = line[2:] if line.startswith("- ") else line
                assert line in shown, f"{rs.game} {c.id}: {line!r} not shown"


def test_guide_pages_are_linked_from_the_rules(built_site):
    root, _ = built_site
    with open(os.path.join(root, "zx", "700.html"), encoding="utf-8") as f:
        page = f.read()
    assert 'href="guide.html"' in page and 'href="guide.turn.html"' in page
    with open(os.path.join(root, "zx", "index.html"), encoding="utf-8") as f:
        index = f.read()
    assert "how-to-play guide" in index and 'href="guide.deck.html"' in index


def test_a_letter_judgekit_restored_is_marked(built_site, rulesets):
    """g2022 lost the sub-clause letters in extraction; 202.2a's "a" is judgekit's (digest §1.3)."""
    if "g2022" not in [rs.game for rs in rulesets]:
        pytest.skip("g2022 does not load")
    root, _ = built_site
    with open(os.path.join(root, "g2022", "200.html"), encoding="utf-8") as f:
        page = f.read()
    s = section_html(page, "202.2a")
    assert re.match(r'<section class="[^"]*\bid-reconstructed\b', s)
    assert "number not printed in the source" in text_of(own_html(page, "202.2a"))


def test_d0_clauses_show_the_documents_citation_form(built_site):
    # a D0 judge cites 第4部第6章3 (d0.md §2): beside the id of a titled and of an untitled
    # clause; Z/X cites by the id, and shows nothing more
    root, _ = built_site
    with open(os.path.join(root, "d0", "4.html"), encoding="utf-8") as f:
        page = f.read()
    head = re.search(r"<h\d class=\"clause-head\">.*?</h\d>", own_html(page, "4.6"), re.S).group(0)
    assert '<span class="ccite">第4部第6章</span>' in head and "優先権" in text_of(head)
    lead = own_html(page, "4.6.3")
    assert re.search(r'<a class="cid"[^>]*>4\.6\.3</a> <span class="ccite">第4部第6章3</span>', lead)
    with open(os.path.join(root, "zx", "700.html"), encoding="utf-8") as f:
        assert "ccite" not in f.read()
