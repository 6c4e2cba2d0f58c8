"""The concordance page (concepts.html) and the concepts named on each clause page."""

from __future__ import annotations

import os
import re

from judgekit import concepts as cx
from judgekit.site import fragment
from judgekit.site.concordance import clause_concepts, concordance_view


def _read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read()


def test_one_row_a_concept_one_column_a_ruleset(built_site):
    root, report = built_site
    html = _read(root, "concepts.html")
    for c in cx.load():
        assert f'<tr id="{fragment(c.id)}">' in html, c.id
    # the stack: D0's word links to its defining clause, 東方VISION's to 干渉, Z/X says it has none
    row = html.split('<tr id="stack">', 1)[1].split("</tr>", 1)[0]
    cells = re.findall(r"<td>(.*?)</td>", row, re.S)
    games = report.games
    by_game = dict(zip(games, cells))
    assert 'href="d0/2.html#2.23.9">スタック</a>' in by_game["d0"]
    assert ">干渉</a>" in by_game["thv"] and 'href="thv/1.html#1.12.5"' in by_game["thv"]
    assert "Z/X has no stack" in by_game["zx"] and 'href="zx/800.html#804.1"' in by_game["zx"]
    assert 'href="concepts.html"' in _read(root, "index.html")


def test_a_clause_page_names_its_concepts(built_site):
    root, _ = built_site
    page = _read(root, "thv/1.html")
    sec = page.split('id="1.12.5"', 1)[1].split("</section>", 1)[0]
    assert '<a href="../concepts.html#stack" class="def"' in sec


def test_the_concordance_as_data_for_other_renderers():
    hrefs = []

    def href(game, cid):
        hrefs.append((game, cid))
        return f"{game}#{cid}"

    groups = concordance_view(["zx", "thv"], href)
    assert [g["area"] for g in groups] == [a for a, _ in cx.AREAS]
    stack = next(r for g in groups for r in g["rows"] if r["id"] == "stack")
    zx, thv = stack["cells"]
    assert zx["game"] == "zx" and zx["none"].startswith("Z/X has no stack")
    assert zx["see"][0] == {"id": "804.1", "href": "zx#804.1"}
    assert thv["word"] == "干渉" and thv["define"][0] == {"id": "1.12.5", "href": "thv#1.12.5"}
    assert ("thv", "1.12.8.a") in hrefs
    assert {"id": "stack", "name": "the stack", "role": "define"} in clause_concepts("d0")["2.23.9"]
