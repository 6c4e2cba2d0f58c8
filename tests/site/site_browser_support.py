"""Headless Chromium for the site tests: where it is, how it is launched, and what a missing
browser means (a skip locally, a failure in CI where JUDGEKIT_REQUIRE_BROWSER=1)."""

from __future__ import annotations

import contextlib
import os

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def unavailable(reason: str):
    """Skip; but in CI (JUDGEKIT_REQUIRE_BROWSER=1) a missing tool is a failure."""
    if os.environ.get("JUDGEKIT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"JUDGEKIT_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@contextlib.contextmanager
def chromium():
    """A launched browser, or a skip (failure in CI) saying what is missing."""
    if not os.path.exists(CHROMIUM):
        unavailable(f"{CHROMIUM} not found (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed (pip install -e '.[browser]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()
