"""Every internal link of the built site resolves: the crawl finds no broken link or anchor."""

from __future__ import annotations

import os
import shutil

from judgekit.site.linkcheck import check_site


def test_every_link_and_anchor_resolves(built_site):
    root, report = built_site
    assert report.pages > 10
    problems = check_site(root)
    assert problems == [], "\n".join(problems[:40])


def test_the_crawl_finds_what_is_broken(built_site, tmp_path):
    """The checker itself: break a copy of the site in four ways and see each reported."""
    root, _ = built_site
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    p700 = copy / "zx" / "700.html"
    html = p700.read_text(encoding="utf-8")
    html = html.replace('href="900.html#900"', 'href="900.html#9999"', 1)   # missing anchor
    html = html.replace('href="800.html#', 'href="880.html#', 1)            # missing page
    html = html.replace('id="702.2b"', 'id="702.2a"', 1)                    # duplicate id
    html = html.replace("</main>", '<a href="https://example.org/">x</a></main>', 1)  # network
    p700.write_text(html, encoding="utf-8")
    problems = check_site(str(copy))
    joined = "\n".join(problems)
    assert "no element id '9999' in zx/900.html" in joined
    assert "no file zx/880.html" in joined
    assert "id '702.2a' occurs twice" in joined
    assert "external href 'https://example.org/'" in joined
    # and the search index is checked against the pages: 702.2b lost its anchor above
    assert "search/zx.js: 702.2b has no anchor in zx/700.html" in joined
    assert len(problems) >= 5
    # links that other pages make to 702.2b are now broken too
    assert any("'700.html#702.2b'" in p or "#702.2b'" in p for p in problems)


def test_percent_encoded_fragments_are_decoded_like_a_browser(tmp_path):
    site = tmp_path / "s"
    site.mkdir()
    (site / "index.html").write_text(
        '<p id="4.8.3#ex1">x</p><a href="#4.8.3%23ex1">ok</a><a href="#4.8.3%23ex2">bad</a>',
        encoding="utf-8")
    problems = check_site(str(site))
    assert problems == ["index.html: '#4.8.3%23ex2': no element id '4.8.3#ex2' in index.html"]
    assert os.path.exists(site / "index.html")
