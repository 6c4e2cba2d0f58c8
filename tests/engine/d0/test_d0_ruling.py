"""A ruling for a Dimension Zero board: D0's clause texts, D0's citation form beside each id,
no broken links, the stack in the board pictures — checked against independent sources (a
separate engine run, the clause tree), read back with an HTML parser."""

from __future__ import annotations

import os
import sys

import pytest
from d0_helpers import EXAMPLES, ROOT, example_path

from judgekit.board import load_file
from judgekit.engine.run import run_board
from judgekit.rules import load
from judgekit.rules.citation import citation

sys.path.insert(0, os.path.join(ROOT, "tests", "reports"))
from report_dom import parse  # noqa: E402

ZONES = ("deck", "plan", "hand", "energy", "smash", "graveyard", "remove")


@pytest.fixture(scope="module")
def rs():
    return load("d0")


@pytest.fixture(scope="module")
def rendered():
    from judgekit.reports.render import render_html
    from judgekit.reports.ruling import make_ruling

    cache: dict = {}

    def get(path: str, lang: str = "ja"):
        if (path, lang) not in cache:
            m = make_ruling(path, lang=lang)
            cache[(path, lang)] = (m, render_html(m))
        return cache[(path, lang)]

    return get


def _root(html: str):
    doc = parse(html)
    assert doc.errors == [], doc.errors[:5]
    return doc.root


@pytest.mark.parametrize("path", EXAMPLES, ids=[os.path.basename(p)[:-5] for p in EXAMPLES])
def test_ruling_of_every_example(path, rendered, rs):
    _, html = rendered(path)
    root = _root(html)
    ed = next(e for e in root.iter() if e.attrs.get("data-field") == "edition")
    assert ed.text == rs.edition
    hrefs = [e.attrs["href"] for e in root.find_all("a")]
    assert all(h.startswith("#") and root.by_id(h[1:]) is not None for h in hrefs)

    run = run_board(load_file(path))
    steps = root.find("ol", cls="steps").find_all("li", cls="step")
    assert len(steps) == len(run.steps)
    for li, st in zip(steps, run.steps):
        assert li.find("span", cls="msg").text == st.message_ja
        # each citation: the id with D0's own form beside it (第4部第6章2)
        assert [a.text for a in li.find_all("a", cls="cite")] == [
            f"{c}（{citation('d0', c)}）" for c in st.cites]
    for art in root.by_id("s-appendix").find_all("article", cls="clause"):
        c = rs[art.attrs["id"]]
        assert art.find(cls="cl-cite").text == citation("d0", c.id)
        x = art.find(cls="cl-text")
        assert (x.text if x else "") == c.text

    # the pictures: the battle squares and the bases, and each player's zones
    for pic, board in (("board-before", load_file(path)), ("board-after", run.board)):
        svg = root.by_id(pic).find("svg")
        ids = {g.attrs["data-card"] for g in svg.find_all("g") if "data-card" in g.attrs}
        # the cards under or 結合 with a card are shown on it (view.chip_tags), not on their own
        on_squares = {c.id for c in board.on_squares() if not board.is_attached(c)}
        assert on_squares <= ids | {m.find("title").text for m in svg.find_all("g", cls="more")}
        assert len(svg.find_all("g", cls="zone")) == 2 * len(ZONES)


def test_the_pictures_show_the_stack_and_the_battle(rendered):
    _, html = rendered(example_path("S02"))
    root = _root(html)
    ctx = [t.text for t in root.by_id("board-after").find("svg").find("g", cls="ctx")
           .find_all("text")]
    assert "スタック（下から）:" in ctx
    assert any(t.startswith(" 1. ") and "ライトニング・スナイパー" in t for t in ctx)
    assert any(t.startswith(" 2. ") and "聖騎士ホーリー・アロー" in t for t in ctx)
    assert any("バトル C1: 第1バトルステップ" in t for t in ctx)
    before = [t.text for t in root.by_id("board-before").find("svg").find("g", cls="ctx")
              .find_all("text")]
    assert "スタックは空" in before


def test_the_readings_show_both_clauses(rendered):
    _, html = rendered(example_path("S11"))
    root = _root(html)
    sec = root.by_id("s-contradictions")
    cited = {a.attrs["href"][1:] for a in sec.find_all("a", cls="cite")}
    assert {"3.12.2", "5.4.1-1", "3.11.2", "3.14.4"} <= cited  # empty-exchange, stack return


def test_the_site_marks_executable_d0_clauses():
    from judgekit.site.coverage import engine_coverage

    marks = engine_coverage("d0")
    assert len(marks) >= 60 and "4.16.4-3-1" in marks and "4.6.3" in marks
