"""The static site shows g2022's executable clauses: every clause the engine applies is marked
and its badge links to a scenario page that exists."""

from __future__ import annotations

import os
import re

import pytest

from judgekit.engine.g2022.clauses import REGISTRY


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from judgekit.site.build import build

    out = tmp_path_factory.mktemp("site") / "out"
    report = build(str(out), ["g2022"])
    return out, report


def test_every_registered_clause_is_marked_and_links_to_a_scenario(site):
    out, report = site
    assert report.coverage["g2022"] == len(REGISTRY)
    gdir = out / "g2022"
    marked = set()
    for page in gdir.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        for m in re.finditer(r'class="clause [^"]*engine[^"]*" id="([^"]+)"', html):
            marked.add(m.group(1))
        for href in re.findall(r'class="engine-badge" href="([^"]+)"', html):
            assert (gdir / href).exists(), href
    assert marked == set(REGISTRY.ids())
    sc = gdir / "scenarios" / "S03-lvup.html"
    assert sc.exists() and "1002.1" in sc.read_text(encoding="utf-8")
    src = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "g2022",
                       "S03-lvup.yaml")
    with open(src, encoding="utf-8") as f:
        assert (gdir / "scenarios" / "S03-lvup.yaml").read_text(encoding="utf-8") == f.read()
