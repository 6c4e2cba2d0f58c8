"""Fixtures of the workbench tests: the app under Starlette's TestClient, and a live server.

`client`: the app in-process (one per module), addressed as http://127.0.0.1:8765 — its own
name — with two engine workers. `live`: `judgekit serve --port 0` as a separate process on
127.0.0.1, as a judge starts it (the browser tests use it).
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the workbench's extra is not installed "
                    "(pip install -e '.[serve]')")

from serve_helpers import make_client, start_live, stop_live  # noqa: E402


@pytest.fixture(scope="module")
def board_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("boards")


@pytest.fixture(scope="module")
def client(board_dir):
    with make_client(board_dir) as c:
        yield c


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    d = tmp_path_factory.mktemp("live-boards")
    srv = start_live(d)
    yield srv
    stop_live(srv)
