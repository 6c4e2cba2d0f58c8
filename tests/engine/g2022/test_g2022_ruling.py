"""g2022 rulings: every bundled example renders a self-contained report whose citations all
resolve to the appendix, quoting the g2022 clause tree's own text (the edition Ver.1.0.0 and
its fingerprint), with the board pictures showing the cards in the areas."""

from __future__ import annotations

import functools
import os

import pytest
from g2022_helpers import EXAMPLES
from report_dom import parse

from judgekit.board import load_file
from judgekit.reports.render import render_html
from judgekit.reports.ruling import make_ruling
from judgekit.rules import load

IDS = [os.path.basename(p)[:-5] for p in EXAMPLES]
AREAS = ("L", "C", "R")


@functools.lru_cache(maxsize=None)
def rendered(path: str, lang: str = "ja"):
    m = make_ruling(path, lang=lang)
    return m, render_html(m)


@pytest.fixture(scope="module")
def rs():
    return load("g2022")


def _area_cards(board) -> set[str]:
    return {i for p in ("P1", "P2") for a in AREAS for i in board.zones[f"{p}.{a}"]}


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_report_of_every_example(path, rs):
    _, html = rendered(path)
    doc = parse(html)
    assert doc.errors == [], doc.errors[:5]
    root = doc.root
    assert not [e for e in root.iter() if "src" in e.attrs]
    hrefs = [e.attrs["href"] for e in root.find_all("a")]
    assert all(h.startswith("#") for h in hrefs)
    for h in hrefs:
        if h != "#":
            assert root.by_id(h[1:]) is not None, h  # no broken link
    ed = next(e for e in root.iter() if e.attrs.get("data-field") == "edition")
    assert ed.text == rs.edition == "Ver.1.0.0"
    fp = next(e for e in root.iter() if e.attrs.get("data-field") == "source_sha256")
    assert fp.attrs["title"] == rs.source_hash
    cites = root.find_all("a", cls="cite")
    assert cites
    for a in cites:
        cid = a.text
        art = root.by_id(cid)
        assert art is not None and "clause" in art.classes, cid
        assert rs[cid].text in a.attrs["data-tip"]
    for art in root.by_id("s-appendix").find_all("article", cls="clause"):
        c = rs[art.attrs["id"]]
        x = art.find(cls="cl-text")
        assert (x.text if x else "") == c.text
    # the pictures: every card in an area appears as a chip, before and after
    before = root.by_id("board-before").find("svg")
    shown = {g.attrs["data-card"] for g in before.find_all("g") if "data-card" in g.attrs}
    for more in before.find_all("g", cls="more"):  # a full cell names the rest on a "+N" chip
        shown |= set(more.find("title").text.replace(",", " ").split())
    assert _area_cards(load_file(path)) <= shown


def test_a_lost_label_clause_is_quoted_under_its_rebuilt_id(rs):
    path = next(p for p in EXAMPLES if os.path.basename(p).startswith("S06-"))
    _, html = rendered(path)
    root = parse(html).root
    art = root.by_id("202.2b")
    assert art is not None
    assert art.find(cls="cl-text").text == rs["202.2b"].text


def test_readings_show_both_clauses_and_the_japanese_reading(rs):
    path = next(p for p in EXAMPLES if os.path.basename(p).startswith("S08-"))
    _, html = rendered(path)
    root = parse(html).root
    contra = root.by_id("contra-1007.1-whose-missions")
    assert contra is not None
    cited = {a.text for a in contra.find_all("a", cls="cite")}
    assert {"1007.1", "704.3a"} <= cited
    assert "ターンプレイヤーのミッションと読みます" in contra.text


def test_english_ruling_renders_too():
    path = next(p for p in EXAMPLES if os.path.basename(p).startswith("S11-"))
    m, html = rendered(path, "en")
    assert "A deals damage equal to its power, 4" in html
