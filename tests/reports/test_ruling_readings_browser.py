"""A ruling whose outcome depends on a reading, in a real browser (headless Chromium driven by
Playwright, as tests/reports/test_ruling_browser.py): the conclusion shows each reading's
outcome side by side, with the clauses each rests on (links into the appendix) and the first
step where the runs diverge (a link to that step); a ruling of a board that depends on no
ambiguous reading shows no comparison."""

from __future__ import annotations

import os

import pytest

from judgekit.paths import project_root

pytestmark = pytest.mark.browser

EX = os.path.join(project_root(), "examples")


@pytest.fixture(scope="module")
def browser(chromium_browser):
    return chromium_browser


def _write(tmp_path_factory, rel: str, lang: str):
    from judgekit.reports.ruling import write_ruling

    out = tmp_path_factory.mktemp("ruling") / "ruling.html"
    model = write_ruling(os.path.join(EX, rel), str(out), lang=lang)
    return out, model


def test_a_ruling_that_depends_on_a_reading_shows_both_outcomes(browser, tmp_path_factory,
                                                                screenshot_dir):
    path, model = _write(tmp_path_factory, "g2022/S08c-opponent-missions-face-down.yaml", "en")
    rc = model["reading_comparison"]
    assert rc["depends"] and [v["result"] for v in rc["variants"]] == ["none", "win"]
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    page = ctx.new_page()
    requests, errors = [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    try:
        assert requests == [path.as_uri()] and errors == []
        box = page.locator("#s-conclusion .readings-cmp")
        assert box.get_attribute("data-depends") == "yes"
        assert box.is_visible()
        # side by side: one column per reading, in one row
        heads = box.locator("table.cmp thead th[data-variant]")
        assert heads.count() == 2
        b0, b1 = heads.nth(0).bounding_box(), heads.nth(1).bounding_box()
        assert abs(b0["y"] - b1["y"]) < 2 and b1["x"] > b0["x"] + b0["width"] - 2
        outcomes = box.locator("td[data-field=variant-outcome]")
        assert [outcomes.nth(i).get_attribute("data-outcome") for i in range(2)] == \
            ["none", "win"]
        assert "P1 wins" in outcomes.nth(1).inner_text()
        text = box.inner_text()
        assert "1007.1-whose-missions = turn-player" in text
        assert "1007.1-whose-missions = non-turn-player" in text
        # the clauses each reading rests on link into the appendix
        cite = box.locator("p.alt a.cite").first
        href = cite.get_attribute("href")
        assert href.startswith("#")
        assert page.evaluate("id => !!document.getElementById(id)", href[1:])
        # the first diverging step links to that step of the report
        div = box.locator("td[data-field=variant-diverges] a").first
        n = model["reading_comparison"]["variants"][1]["diverges"]["n"]
        assert div.get_attribute("href") == f"#step-{n}"
        div.click()
        assert page.evaluate("() => document.querySelector(':target').id") == f"step-{n}"
        box.scroll_into_view_if_needed()
        box.screenshot(path=str(screenshot_dir / "ruling-readings.png"))
        # the comparison is printed with the report too
        page.pdf(path=str(screenshot_dir / "ruling-readings.pdf"), format="A4")
    finally:
        ctx.close()


def test_a_ruling_that_depends_on_no_reading_shows_no_comparison(browser, tmp_path_factory):
    path, model = _write(tmp_path_factory, "zx/T01-battle-lethal-damage.yaml", "ja")
    assert model["reading_comparison"] is None
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(path.as_uri())
    try:
        assert page.locator(".readings-cmp").count() == 0
        assert page.locator("#s-conclusion p.verdict").is_visible()
    finally:
        ctx.close()
