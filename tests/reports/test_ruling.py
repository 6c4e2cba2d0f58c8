"""Ruling reports for every bundled example, read back with an HTML parser.

What a report must show is checked against independent sources, never against the report's
own model: the steps and citations against a separate engine run of the same file, the
quoted clauses against the clause tree, the pictures against the board file and the engine's
final board, the fingerprint against the ruleset.
"""

from __future__ import annotations

import glob
import json
import os
import re

import pytest

from judgekit.board import load_file
from judgekit.engine.run import run_board
from judgekit.reports.model import SECTIONS
from judgekit.rules import load
from report_dom import parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "zx", "*.yaml")))

ZONES = ("life", "deck", "hand", "charge", "trash", "resource", "remove", "dynamis")


@pytest.fixture(scope="module")
def rs():
    return load("zx")


def _doc(html: str):
    doc = parse(html)
    assert doc.errors == [], doc.errors[:5]
    assert doc.doctype and doc.doctype.lower() == "doctype html"
    return doc.root


def _svg_cards(svg) -> set[str]:
    """Card ids a picture shows: chips, and the cards named on a "+N" chip's tooltip."""
    ids = {g.attrs["data-card"] for g in svg.find_all("g") if "data-card" in g.attrs}
    for more in svg.find_all("g", cls="more"):
        ids.add(more.find("title").text)
    return ids


def _square_cards(board) -> list[str]:
    from judgekit.engine.zx.spec import SQUARES

    shifted = {s for c in board.cards.values() for s in c.shifts}
    return [i for sq in SQUARES for i in board.zones[sq] if i not in shifted]


@pytest.mark.parametrize("path", EXAMPLES, ids=[os.path.basename(p)[:-5] for p in EXAMPLES])
def test_report_of_every_example(path, rendered, rs):
    _, html = rendered(path, "ja")
    root = _doc(html)

    # self-contained: nothing is fetched from anywhere
    assert not [e for e in root.iter() if "src" in e.attrs]
    assert [e.attrs["rel"] for e in root.find_all("link")] == ["icon"]
    assert root.find("link").attrs["href"] == "data:,"
    assert not root.find_all("script")
    style = root.find("style").text
    assert "url(" not in style and "@import" not in style
    hrefs = [e.attrs["href"] for e in root.find_all("a")]
    assert all(h.startswith("#") for h in hrefs), [h for h in hrefs if not h.startswith("#")]
    csp = root.find("meta", http_equiv="Content-Security-Policy")
    assert csp is not None and "default-src 'none'" in csp.attrs["content"]

    # the sections, in the order a cited ruling reads
    order = [e.attrs["id"][2:] for e in root.find_all("section")]
    assert order == list(SECTIONS)

    # the rules edition and its fingerprint
    fp = next(e for e in root.iter() if e.attrs.get("data-field") == "source_sha256")
    assert fp.attrs["title"] == rs.source_hash and fp.text.replace(" ", "") == rs.source_hash
    ed = next(e for e in root.iter() if e.attrs.get("data-field") == "edition")
    assert ed.text == rs.edition == "Ver.1.59"

    # the steps: one numbered line per engine step, its message and its citations
    run = run_board(load_file(path))
    steps = root.find("ol", cls="steps").find_all("li", cls="step") if run.steps else []
    assert len(steps) == len(run.steps)
    for n, (li, st) in enumerate(zip(steps, run.steps), start=1):
        assert li.attrs["id"] == f"step-{n}" and li.find("span", cls="num").text == str(n)
        assert li.find("span", cls="msg").text == st.message_ja
        assert [a.text for a in li.find_all("a", cls="cite")] == list(st.cites)
        assert f"depth-{min(st.depth, 3)}" in li.classes

    # every citation anywhere resolves to the appendix entry holding the tree's text
    cites = root.find_all("a", cls="cite")
    assert not root.find_all("span", cls="cite")  # no citation without its appendix entry
    targets = set()
    for a in cites:
        cid = a.text
        assert a.attrs["href"] == "#" + cid
        art = root.by_id(cid)
        assert art is not None and art.tag == "article" and "clause" in art.classes, cid
        targets.add(cid)
        tip = a.attrs["data-tip"]
        assert tip.startswith(cid) and rs[cid].text in tip
    arts = root.by_id("s-appendix").find_all("article", cls="clause")
    assert {a.attrs["id"] for a in arts} == targets  # nothing quoted that is not cited
    for art in arts:
        c = rs[art.attrs["id"]]
        t = art.find(cls="cl-title")
        assert (t.text if t else "") == c.title
        x = art.find(cls="cl-text")
        assert (x.text if x else "") == c.text
        assert [e.text for e in art.find_all("span", cls="ex")] == list(c.examples)
        for a in art.find(cls="cl-links").find_all("a"):
            assert root.by_id(a.attrs["href"][1:]) is not None

    # the pictures show the cards of the file, and of the final board
    before = root.by_id("board-before").find("svg")
    after = root.by_id("board-after").find("svg")
    assert set(_square_cards(load_file(path))) <= _svg_cards(before)
    assert set(_square_cards(run.board)) <= _svg_cards(after)
    for svg, board in ((before, load_file(path)), (after, run.board)):
        for g in svg.find_all("g", cls="zone"):
            p, z = g.attrs["data-zone"].split(".")
            assert int(g.attrs["data-count"]) == len(board.zones[f"{p}.{z}"])
        assert len(svg.find_all("g", cls="zone")) == 2 * len(ZONES)


def test_verdict_and_winner(rendered, examples):
    """T18: P1 cannot draw and has no trash to reload; 903.2 makes P1 lose, P2 wins."""
    path = next(p for p in examples if os.path.basename(p).startswith("T18-"))
    m, html = rendered(path, "en")
    root = _doc(html)
    verdict = next(e for e in root.iter() if e.attrs.get("data-field") == "outcome")
    assert verdict.attrs["data-outcome"] == "win"
    assert next(e for e in root.iter() if e.attrs.get("data-field") == "winner").text == "P2"
    reason = next(e for e in root.iter() if e.attrs.get("data-field") == "reason")
    assert "903.2" in [a.text for a in reason.find_all("a", cls="cite")]
    assert root.by_id("903.2") is not None


def test_contradiction_shows_both_clauses(rendered, examples, rs):
    """T01's battle damage rests on 604.3a against 208.3's negation error (digest §3.10)."""
    path = next(p for p in examples if os.path.basename(p).startswith("T01-"))
    _, html = rendered(path, "ja")
    root = _doc(html)
    box = root.by_id("contra-battle-damage-208.3")
    assert box is not None
    assert [a.text for a in box.find_all("a", cls="cite")] == ["208.3", "604.3a"]
    for cid in ("208.3", "604.3a"):
        assert root.by_id(cid).find(cls="cl-text").text == rs[cid].text
    # the steps that relied on the reading are linked from the box
    for a in box.find_all("a"):
        if a.attrs["href"].startswith("#step-"):
            assert root.by_id(a.attrs["href"][1:]) is not None


def test_languages(rendered, showcase):
    m_ja, ja = rendered(showcase, "ja")
    m_en, en = rendered(showcase, "en")
    rj, re_ = _doc(ja), _doc(en)
    assert rj.find("html").attrs["lang"] == "ja" and re_.find("html").attrs["lang"] == "en"
    assert rj.by_id("s-steps").find("h2").text.endswith("処理の経過")
    assert re_.by_id("s-steps").find("h2").text.endswith("Reasoning, step by step")
    run = run_board(load_file(showcase))
    msgs_en = [s.find("span", cls="msg").text for s in re_.find_all("li", cls="step")]
    assert msgs_en == [s.message for s in run.steps]
    # the rules text is the Japanese source in both
    for cid in ("907.2e", "806.1a"):
        assert rj.by_id(cid).find(cls="cl-text").text == re_.by_id(cid).find(cls="cl-text").text


def test_json_has_the_same_content(tmp_path, showcase, rs):
    from judgekit.reports.ruling import write_ruling

    out, js = tmp_path / "r.html", tmp_path / "r.json"
    write_ruling(showcase, str(out), json_out=str(js), lang="en")
    data = json.loads(js.read_text("utf-8"))
    root = _doc(out.read_text("utf-8"))
    assert data["format"] == "judgekit-ruling/1"
    assert data["ruleset"]["source_sha256"] == rs.source_hash
    assert [s["cites"] for s in data["steps"]] == \
        [[a.text for a in li.find_all("a", cls="cite")] for li in root.find_all("li", cls="step")]
    assert [e["id"] for e in data["appendix"]] == \
        [a.attrs["id"] for a in root.by_id("s-appendix").find_all("article")]
    for e in data["appendix"]:
        assert e["text"] == rs[e["id"]].text
    # the boards as data in the file format (the final one is a valid starting state)
    from judgekit.board import load_data

    after = load_data(data["boards"]["after"]["data"])
    assert after.cards["Z"].zone == "N-L"
    assert "picture" not in data["boards"]["before"] and "L" not in data


def test_board_file_fingerprint(rendered, showcase):
    import hashlib

    _, html = rendered(showcase)
    root = _doc(html)
    fp = next(e for e in root.iter() if e.attrs.get("data-field") == "board_sha256")
    with open(showcase, "rb") as f:
        assert fp.attrs["title"] == hashlib.sha256(f.read()).hexdigest()


def test_expectation_is_checked(tmp_path, showcase):
    """A wrong `expect` shows as a difference in the conclusion (not as a failure)."""
    with open(showcase, encoding="utf-8") as f:
        text = f.read()
    wrong = text.replace("P2: {life: 3, charge: 0, damage: 0, hand: 4}",
                         "P2: {life: 2, charge: 0, damage: 0, hand: 4}")
    assert wrong != text
    p = tmp_path / "wrong.yaml"
    p.write_text(wrong, "utf-8")
    from judgekit.reports.render import render_html
    from judgekit.reports.ruling import make_ruling

    m = make_ruling(str(p), lang="en")
    assert m["expectation"]["ok"] is False
    root = _doc(render_html(m))
    diffs = [li.text for li in root.by_id("s-conclusion").find("ul", cls="diffs").find_all("li")]
    assert len(diffs) == 1 and "P2.life" in diffs[0] and re.search(r"expected 2\b", diffs[0])


def test_illegal_action_is_the_ruling(rendered, examples):
    """T32b: a zekusu at S-L attacking N-L (distance 2, no レンジ) is not legal (602.1b with
    the distance of 303.2a); the report says so instead of a game result."""
    path = next(p for p in examples if os.path.basename(p).startswith("T32b-"))
    _, html = rendered(path, "en")
    root = _doc(html)
    verdict = next(e for e in root.iter() if e.attrs.get("data-field") == "outcome")
    assert verdict.text == "The action in the board file is not legal"
    stop = next(e for e in root.iter() if e.attrs.get("data-field") == "stop")
    assert stop.attrs["data-stop"] == "illegal_action"
    reason = next(e for e in root.iter() if e.attrs.get("data-field") == "reason")
    cited = [a.text for a in reason.find_all("a", cls="cite")]
    assert "602.1b" in cited and "303.2a" in cited and len(cited) == len(set(cited))
