"""Helpers of the workbench tests (used by conftest.py and the test modules)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import time
import urllib.request

HOST, PORT = "127.0.0.1", 8765
BASE = f"http://{HOST}:{PORT}"
ORIGIN = {"Origin": BASE}
ROOT = pathlib.Path(__file__).resolve().parents[2]


def make_client(board_dir, **kw):
    """The app under Starlette's TestClient, addressed by its own name."""
    from starlette.testclient import TestClient

    from judgekit.serve.app import Config, create_app

    app = create_app(Config(str(board_dir), HOST, PORT, **kw))
    return TestClient(app, base_url=BASE)


def post(client, path, body, **kw):
    """A POST from the workbench's own page (its Origin, a JSON body)."""
    headers = dict(ORIGIN, **kw.pop("headers", {}))
    return client.post(path, json=body, headers=headers, **kw)


class Live:
    def __init__(self, url: str, proc, board_dir) -> None:
        self.url = url
        self.proc = proc
        self.board_dir = board_dir


def start_live(board_dir, *args) -> Live:
    """`judgekit serve --port 0` in its own process, as a judge starts it."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "judgekit", "serve", "--port", "0",
                             "--dir", str(board_dir), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=str(ROOT))
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        raise RuntimeError(f"judgekit serve did not start: {line!r} {proc.stderr.read()}")
    url = line.split()[2]
    # the app answers once its lifespan has warmed the engine workers and the search
    for _ in range(600):
        try:
            with urllib.request.urlopen(url, timeout=30) as r:
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.1)
    return Live(url, proc, board_dir)


def stop_live(live: Live) -> str:
    """Stop the server; what it wrote to stderr."""
    live.proc.terminate()
    try:
        _, err = live.proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        live.proc.kill()
        _, err = live.proc.communicate()
    return err or ""


def example(game: str, name: str) -> str:
    return (ROOT / "examples" / game / name).read_text(encoding="utf-8")
