"""Fixtures for the site tests: one site built per session (every ruleset that loads)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """(site directory, BuildReport). No engine coverage: tests of the marks build their own."""
    from judgekit.site.build import build

    out = tmp_path_factory.mktemp("site") / "site"
    report = build(str(out), coverage_provider=lambda game: {})
    return str(out), report


@pytest.fixture(scope="session")
def run_js(request):
    """run_js(request dict, indexes=[paths]) -> answers of site/assets/search.js.

    Runs under node when it is installed, else in headless Chromium (same script, a browser's
    JavaScript engine); skipped when neither is there.
    """
    from judgekit.site.assets import search_script

    script = search_script()
    with open(os.path.join(HERE, "js_answer.js"), encoding="utf-8") as f:
        answer_js = f.read()
    node = shutil.which("node")
    if node is not None:
        def run(request: dict, indexes: list[str] | None = None) -> dict:
            payload = dict(request, script=script, indexes=list(indexes or []))
            proc = subprocess.run([node, os.path.join(HERE, "node_runner.js")],
                                  input=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
                                  capture_output=True, timeout=120)
            assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
            return json.loads(proc.stdout.decode("utf-8"))

        yield run
        return
    browser = request.getfixturevalue("chromium_browser")
    page = browser.new_page()

    def run(req: dict, indexes: list[str] | None = None) -> dict:
        page.goto("about:blank")
        page.add_script_tag(content=script)
        for path in indexes or []:
            with open(path, encoding="utf-8") as f:
                page.add_script_tag(content=f.read())
        page.add_script_tag(content=answer_js)
        return page.evaluate("req => jkAnswer(window.JK, req)", req)

    yield run
    page.close()


@pytest.fixture(scope="session")
def rulesets():
    """Every ruleset."""
    from judgekit.rules import GAMES, load

    return [load(g) for g in GAMES]
