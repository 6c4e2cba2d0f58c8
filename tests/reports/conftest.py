"""Fixtures for the ruling-report tests: the bundled examples and reports written from them."""

from __future__ import annotations

import glob
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "zx", "*.yaml")))
# the example the browser test and the CLI tests show: a battle, player damage, an ignition
# card played from the life, its trigger, choices from the file and an expectation
SHOWCASE = os.path.join(ROOT, "examples", "zx", "T11-player-damage-ignition-zekusu.yaml")
# the same board as a floor judge files it: event, table, judge, question, facts, assumptions
JUDGE_FILED = os.path.join(ROOT, "examples", "zx", "table14-ignition-ruling.yaml")


@pytest.fixture(scope="session")
def examples():
    assert EXAMPLES, "no bundled examples under examples/zx/"
    return EXAMPLES


@pytest.fixture(scope="session")
def showcase():
    assert os.path.exists(SHOWCASE)
    return SHOWCASE


@pytest.fixture(scope="session")
def judge_filed():
    assert os.path.exists(JUDGE_FILED)
    return JUDGE_FILED


@pytest.fixture(scope="session")
def rendered():
    """rendered(path, lang) -> (model, html), computed once per session."""
    from judgekit.reports.render import render_html
    from judgekit.reports.ruling import make_ruling

    cache: dict = {}

    def get(path: str, lang: str = "ja", **kw):
        key = (path, lang, tuple(sorted(kw.items())))
        if key not in cache:
            m = make_ruling(path, lang=lang, **kw)
            cache[key] = (m, render_html(m))
        return cache[key]

    return get
