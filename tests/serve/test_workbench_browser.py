"""The workbench in headless Chromium, walked as a judge walks it, in each of the four rulesets.

Open it, build a two-card board from the form without touching the YAML, see a board-check
flag appear and clear, run it, answer a choice the engine asks, open the ruling. Also: search
as you type and a clause page, a save that would overwrite a file changed on disk.

Skipped, with the reason, when /usr/bin/chromium or the playwright package is missing, unless
JUDGEKIT_REQUIRE_BROWSER=1 (CI). Screenshots of every page go to $JUDGEKIT_SCREENSHOTS when set,
else to tests/_artifacts/serve/ (git-ignored), for a reviewer to look at.
"""

from __future__ import annotations

import os
import pathlib
import re

import pytest

pytestmark = pytest.mark.browser

VIEW = {"width": 1400, "height": 1000}


@pytest.fixture(scope="module", autouse=True)
def patient_expect():
    """A loaded CI machine: the page waits on the engine; Playwright's default is 5 s."""
    try:
        from playwright.sync_api import expect as e
    except ImportError:  # the browser fixture skips (or fails, in CI) with the reason
        yield
        return
    e.set_options(timeout=20_000)
    yield
    e.set_options(timeout=5_000)


@pytest.fixture(scope="module")
def shots():
    d = os.environ.get("JUDGEKIT_SCREENSHOTS")
    path = pathlib.Path(d) / "serve" if d else \
        pathlib.Path(__file__).resolve().parents[1] / "_artifacts" / "serve"
    path.mkdir(parents=True, exist_ok=True)
    return path


class Page:
    """A page of its own browser context that fails the test on any script error, console
    error (a refused script or style under the CSP is one) or failed request."""

    def __init__(self, browser, allow: tuple = ()):
        self.allow = allow  # console messages the test itself provokes
        self.ctx = browser.new_context(viewport=VIEW, accept_downloads=True)
        self.page = self.ctx.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"script error: {e}"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(
            f"console: {m.text}"))
        self.page.on("requestfailed", lambda r: self.errors.append(f"failed request: {r.url}"))

    def __enter__(self):
        return self.page

    def __exit__(self, *exc):
        self.ctx.close()
        if exc[0] is None:
            assert [e for e in self.errors if not any(a in e for a in self.allow)] == []


def expect():
    from playwright.sync_api import expect as e

    return e


def open_workbench(page, url, game):
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    if page.locator("#game").input_value() != game:
        page.select_option("#game", game)
    expect()(page.locator("#yaml")).to_have_value(re.compile(rf"ruleset: {game}\n"))
    page.click("button[data-tab=board]")


def field(scope, key):
    return scope.locator(f"fieldset[data-key='{key}']").first


def add_field(scope, key):
    """Pick `key` in the "add field…" select of this object."""
    scope.locator(f"select.adder:has(option[value='{key}'])").first.select_option(key)


def as_list_with_two_cards(zone, names):
    form = zone.locator("select.sf-form").first  # a zone is a count or a list of cards
    if form.locator("option:checked").inner_text() == "count":
        form.select_option(label="list")
    button = zone.get_by_role("button", name=re.compile(r"^\+ add to "))
    for _ in names:
        button.click()
    cards = zone.locator("li.sf-item")
    expect()(cards).to_have_count(len(names))
    for i, n in enumerate(names):
        field(cards.nth(i), "name").locator("input").fill(n)
    return cards


def set_number(scope, key, value):
    inp = field(scope, key).locator("input").first
    inp.fill(str(value))


def build(page, game):
    """Two cards from the form, and what makes the engine ask a choice of this ruleset."""
    p1 = page.locator("fieldset[data-key=players] > .sf-object > fieldset[data-key=P1]")
    if game == "zx":  # two charge cards over a limit of 1: 906.1 asks which goes
        add_field(p1, "charge")
        cards = as_list_with_two_cards(field(p1, "charge"), ["紅蓮の騎士", "蒼穹の守護者"])
        add_field(p1, "charge_limit")
        set_number(p1, "charge_limit", 1)
    elif game == "thv":  # two cards over a hand limit of 1 at the discard step: 4.8.1.a
        cards = as_list_with_two_cards(field(p1, "hand"), ["陰陽玉", "博麗神社"])
        add_field(p1, "hand_limit")
        set_number(p1, "hand_limit", 1)
        step = field(page.locator("fieldset[data-key=game]"), "step").locator("input")
        assert step.get_attribute("list") == "hint-step"  # the engine's steps, offered
        assert page.locator("#hint-step option[value='4.8.1']").count() == 1
        step.fill("4.8.1")
    elif game == "g2022":  # two charas placed together in the centre: 1002.1 asks which stays
        add_field(p1, "C")
        cards = as_list_with_two_cards(field(p1, "C"), ["見習い兵", "重装兵"])
        for i in range(2):
            add_field(cards.nth(i), "placed")
            set_number(cards.nth(i), "placed", 5)
    else:  # d0: two cards in P1's hand (its choice is asked of a bundled example below)
        cards = as_list_with_two_cards(field(p1, "hand"), ["見習い兵", "物資庫"])
    yaml_box = page.locator("#yaml")
    for n in ("c1", "c2"):
        expect()(yaml_box).to_have_value(re.compile(rf"id: {n}\b"))
    return cards


def flag_appears_and_clears(page, card, game, shots):
    add_field(card, "damage")
    set_number(card, "damage", -1 if game == "g2022" else 1)
    flag = page.locator("#check li.flag.sev-error")
    expect()(flag.first).to_be_visible()
    link = flag.first.locator("a.cite").first
    expect()(link).to_have_attribute("href", re.compile(rf"^/rules/{game}/[^#]+\.html#"))
    assert link.get_attribute("title")  # the clause's text on hover
    page.screenshot(path=str(shots / f"{game}-2-flag.png"), full_page=True)
    field(card, "damage").locator(".sf-remove").first.click()
    expect()(page.locator("#check .ok")).to_be_visible()
    expect()(page.locator("#check li.flag")).to_have_count(0)


def answer(page, game):
    need = page.locator("#need")
    expect()(need).to_be_visible()
    expect()(need.locator(".q")).to_contain_text("decides")
    opts = need.locator("label.opt input")
    if opts.count():
        opts.first.check()
        need.locator("button.ans").click()
    else:
        need.locator("button.ans").first.click()


@pytest.mark.parametrize("game", ["zx", "g2022", "d0", "thv"])
def test_a_judges_walk(chromium_browser, live, shots, game):
    with Page(chromium_browser) as page:
        open_workbench(page, live.url, game)
        cards = build(page, game)
        page.screenshot(path=str(shots / f"{game}-1-board.png"), full_page=True)
        flag_appears_and_clears(page, cards.nth(0), game, shots)
        assert "damage" not in page.locator("#yaml").input_value()

        page.click("button[data-tab=run]")
        page.click("#run")
        steps = page.locator("#steps li.step")
        if game == "d0":
            # the run stops where P1 must act: the page offers the actions (pass)
            expect()(page.locator("#need button.act").first).to_be_visible()
            expect()(steps.first).to_be_visible()
            # the choice of a bundled example, asked again
            page.click("button[data-tab=board]")
            page.select_option("#examples", "R4.8.12-reveal-from-hand.yaml")
            page.click("#open-example")
            expect()(page.locator("#yaml")).to_have_value(re.compile(r"R4\.8\.12|4\.8\.12"))
            page.click("button[data-tab=run]")
            page.click("#forget")
            expect()(page.locator("#yaml")).not_to_have_value(re.compile(r"\nchoices:"))
        expect()(page.locator("#need .q")).to_be_visible()
        page.screenshot(path=str(shots / f"{game}-3-choice.png"), full_page=True)
        answer(page, game)
        # the answer is in the board's choices: and the run went past it
        expect()(page.locator("#yaml")).to_have_value(re.compile(r"\nchoices:\n"))
        expect()(page.locator("#outcome")).to_be_visible()
        expect()(page.locator("#steps li.step .choice").first).to_contain_text("(file)")
        assert "choice_missing" != page.locator("#outcome").get_attribute("data-stop")
        steps.last.locator(".step-head .msg").click()
        expect()(page.locator("#step-picture svg")).to_be_visible()
        page.screenshot(path=str(shots / f"{game}-4-steps.png"), full_page=True)

        page.click("button[data-tab=ruling]")
        page.fill("#r-event", "Regional <b>Cup</b>")
        page.fill("#r-table", "12")
        page.fill("#r-judge", "佐藤")
        page.click("#issue")
        expect()(page.locator("#ruling-links")).to_be_visible()
        with page.context.expect_page() as new:
            page.click("#ruling-open")
        ruling = new.value
        ruling.wait_for_load_state()
        body = ruling.locator("body")
        expect()(body).to_contain_text("Regional <b>Cup</b>")  # escaped, shown as typed
        expect()(body).to_contain_text("佐藤")
        assert ruling.locator("b", has_text="Cup").count() == 0
        ruling.screenshot(path=str(shots / f"{game}-5-ruling.png"), full_page=False)
        with page.expect_download() as dl:
            page.click("#ruling-download")
        assert dl.value.suggested_filename == "ruling.html"
        page.screenshot(path=str(shots / f"{game}-6-ruling-tab.png"))


def test_look_up_as_you_type_and_the_clause_page(chromium_browser, live, shots):
    with Page(chromium_browser) as page:
        page.goto(live.url)
        page.wait_for_selector("body[data-ready='1']")
        page.fill("#q", "致死ダメージ")
        hits = page.locator("#hits li.hit")
        expect()(hits.first).to_contain_text("904")
        page.select_option("#scope", "zx")
        page.fill("#under", "1200")
        expect()(hits.first.locator(".hit-id")).to_contain_text("zx 12")
        hits.first.locator(".hit-id").click()
        clause = page.locator("#clause")
        expect()(clause.locator(".crumbs a").first).to_contain_text("1200")
        expect()(clause.locator(".refs").first).to_be_visible()
        page.screenshot(path=str(shots / "lookup.png"))
        with page.context.expect_page() as new:
            clause.locator("a.permalink").click()
        rules = new.value
        rules.wait_for_load_state()
        cid = rules.evaluate("decodeURIComponent(location.hash.slice(1))")
        assert rules.evaluate("id => document.getElementById(id).matches(':target')", cid)
        rules.screenshot(path=str(shots / "clause-page.png"))


def test_a_save_never_overwrites_a_file_changed_on_disk(chromium_browser, live, shots):
    with Page(chromium_browser, allow=("409 (Conflict)",)) as page:
        open_workbench(page, live.url, "zx")
        page.fill("#filename", "table12.yaml")
        page.click("#save")
        expect()(page.locator("#file-status")).to_have_text("saved table12.yaml")
        path = pathlib.Path(live.board_dir) / "table12.yaml"
        saved = path.read_text(encoding="utf-8")
        assert "ruleset: zx" in saved
        path.write_text("# another judge's edit\n" + saved, encoding="utf-8")
        field(page.locator("fieldset[data-key=game]"), "turn").locator("input").fill("5")
        expect()(page.locator("#yaml")).to_have_value(re.compile(r"turn: 5"))
        page.click("#save")
        expect()(page.locator("#file-status")).to_contain_text("changed on disk")
        assert path.read_text(encoding="utf-8").startswith("# another judge's edit")
        page.screenshot(path=str(shots / "save-conflict.png"))


def test_the_yaml_typed_by_hand_drives_the_form(chromium_browser, live, shots):
    with Page(chromium_browser) as page:
        open_workbench(page, live.url, "zx")
        box = page.locator("#yaml")
        text = box.input_value()
        box.fill(text.replace("turn: 3", "turn: 7"))
        turn = field(page.locator("fieldset[data-key=game]"), "turn").locator("input")
        expect()(turn).to_have_value("7")
        # a syntax error: shown at its line and column, and the form waits
        broken = text.replace("turn: 3", "turn: [3")
        box.fill(broken)
        err = page.locator("#check li.syntax").first
        expect()(err).to_contain_text("line ")
        line = next(i for i, s in enumerate(broken.splitlines(), 1) if "turn: [3" in s)
        expect()(err.locator(".where")).to_have_text(re.compile(rf"line {line + 1}:\d+|line {line}:\d+"))
        expect()(page.locator("#form .sf-paused")).to_be_visible()
        page.screenshot(path=str(shots / "yaml-syntax-error.png"), full_page=True)
        box.fill(text.replace("turn: 3", "turn: 5"))
        turn = field(page.locator("fieldset[data-key=game]"), "turn").locator("input")
        expect()(turn).to_have_value("5")  # the form is drawn again from the YAML
        expect()(page.locator("#check .ok")).to_be_visible()


def test_a_run_cut_by_its_budget_says_so(chromium_browser, live, shots):
    from serve_helpers import example

    looping = example("zx", "R1202-long-ignition.yaml").replace(
        "    life: 4\n    hand: [{id: E", "    life: 1000\n    hand: [{id: E")
    with Page(chromium_browser) as page:
        open_workbench(page, live.url, "zx")
        page.locator("#yaml").fill(looping)
        p1 = page.locator("fieldset[data-key=players] > .sf-object > fieldset[data-key=P1]")
        expect()(field(p1, "life").locator("input")).to_have_value("1000")  # the form follows
        expect()(page.locator("#check .ok")).to_be_visible()
        page.click("button[data-tab=run]")
        page.click("#run")
        budget = page.locator("#outcome .budget")
        expect()(budget).to_be_visible(timeout=60_000)
        expect()(budget).to_contain_text("not a ruling")
        expect()(page.locator("#outcome")).to_contain_text("budget")
        expect()(page.locator("#steps .omitted")).to_contain_text("steps not shown")
        page.screenshot(path=str(shots / "budget.png"))
