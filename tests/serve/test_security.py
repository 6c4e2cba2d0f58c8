"""The workbench refuses what a foreign page, a crafted request or a looping board attempts."""

from __future__ import annotations

import http.client
import os
import urllib.parse

import pytest
from serve_helpers import BASE, ORIGIN, example, make_client, post, start_live, stop_live

BOARD = example("zx", "T11b-ignition-declined.yaml")


# ---- Host and Origin ----------------------------------------------------------------------------

@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1:9999", "localhost.evil.example:8765",
                                  "", "192.168.1.10:8765"])
def test_foreign_host_is_refused(client, host):
    r = client.get("/", headers={"Host": host})
    assert r.status_code == 421
    assert "does not answer" in r.json()["error"]["message"]
    r = client.get("/api/boards", headers={"Host": host})
    assert r.status_code == 421


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "LOCALHOST:8765"])
def test_own_names_are_answered(client, host):
    r = client.get("/", headers={"Host": host})
    assert r.status_code == 200
    assert "judgekit" in r.text


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999",
                                    "https://127.0.0.1:8765", None])
def test_change_from_a_foreign_origin_is_refused(client, board_dir, origin):
    headers = {} if origin is None else {"Origin": origin}
    r = client.post("/api/boards/attack.yaml", json={"text": BOARD, "etag": None},
                    headers=headers)
    assert r.status_code == 403
    assert not (board_dir / "attack.yaml").exists()
    r = client.post("/api/run", json={"text": BOARD}, headers=headers)
    assert r.status_code == 403


def test_a_form_post_is_refused_even_from_the_own_origin(client, board_dir):
    # a plain HTML form (no CORS preflight) cannot send application/json
    r = client.post("/api/boards/form.yaml", content=b"text=x",
                    headers=dict(ORIGIN, **{"Content-Type": "application/x-www-form-urlencoded"}))
    assert r.status_code == 415
    assert not (board_dir / "form.yaml").exists()


def test_every_answer_has_a_strict_content_security_policy(client):
    for path in ("/", "/static/workbench.js", "/api/games", "/rules/zx/700.html"):
        r = client.get(path)
        assert r.status_code == 200, path
        csp = r.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp
        assert "'unsafe-inline'" not in csp.split("style-src")[0]
        assert r.headers["x-content-type-options"] == "nosniff"


# ---- paths ----------------------------------------------------------------------------------------

TRAVERSALS = ["../escape.yaml", "..%2Fescape.yaml", "%2E%2E%2Fescape.yaml", "/etc/passwd.yaml",
              "sub/x.yaml", "..\\escape.yaml", ".hidden.yaml", "x.txt", "..", "a\x00b.yaml"]


@pytest.mark.parametrize("name", TRAVERSALS)
def test_no_path_outside_the_folder_can_be_written(client, board_dir, name):
    quoted = urllib.parse.quote(name, safe="%")
    r = post(client, f"/api/boards/{quoted}", {"text": BOARD, "etag": None})
    assert r.status_code in (400, 403, 404, 405), (name, r.status_code)
    assert not (board_dir.parent / "escape.yaml").exists()
    assert sorted(p.name for p in board_dir.iterdir()) == []


@pytest.mark.parametrize("name", TRAVERSALS + ["..%2F..%2F..%2Fetc%2Fpasswd"])
def test_no_path_outside_the_folder_can_be_read(client, name):
    quoted = urllib.parse.quote(name, safe="%")
    r = client.get(f"/api/boards/{quoted}")
    assert r.status_code in (400, 403, 404), (name, r.status_code)
    assert "root:" not in r.text


def test_a_raw_traversal_in_the_request_line_reads_nothing(live):
    """As a crafted client sends it: the path unnormalised, byte for byte."""
    u = urllib.parse.urlsplit(live.url)
    for path in ("/api/boards/../../../../etc/passwd", "/static/../../../../etc/passwd",
                 "/static/..%2F..%2F..%2F..%2Fetc%2Fpasswd", "/api/examples/zx/..%2F..%2Fsetup.py",
                 "/rules/zx/..%2F..%2Fsetup.html"):
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
        c.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        c.putheader("Host", u.netloc)
        c.endheaders()
        r = c.getresponse()
        body = r.read()
        c.close()
        assert r.status in (400, 403, 404), (path, r.status)
        assert b"root:" not in body and b"setuptools" not in body


def test_a_symlink_in_the_folder_is_not_followed(tmp_path):
    d = tmp_path / "boards"
    d.mkdir()
    secret = tmp_path / "secret.yaml"
    secret.write_text("ruleset: zx\nmeta: {title: secret}\n")
    os.symlink(secret, d / "link.yaml")
    os.symlink(tmp_path, d / "up.yaml")
    with make_client(d, workers=1) as c:
        assert c.get("/api/boards/link.yaml").status_code == 403
        assert c.get("/api/boards/up.yaml").status_code == 403
        r = post(c, "/api/boards/link.yaml", {"text": BOARD, "etag": None})
        assert r.status_code == 403
        assert "secret" in secret.read_text()
        assert [b["name"] for b in c.get("/api/boards").json()["boards"]] == []


def test_the_folder_itself_may_be_a_symlink(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    os.symlink(real, tmp_path / "alias")
    with make_client(tmp_path / "alias", workers=1) as c:
        r = post(c, "/api/boards/ok.yaml", {"text": BOARD, "etag": None})
        assert r.status_code == 200
    assert (real / "ok.yaml").read_text() == BOARD


def test_examples_are_read_only_and_only_the_listed_ones(client):
    assert post(client, "/api/examples/zx/T11b-ignition-declined.yaml", {}).status_code == 405
    assert client.get("/api/examples/zx/not-there.yaml").status_code == 404
    assert client.get("/api/examples/zx/T11b-ignition-declined.yaml").json()["text"] == BOARD


# ---- size -------------------------------------------------------------------------------------------

def test_an_oversized_body_is_refused(client, board_dir):
    big = "#" + "x" * (2 * 1024 * 1024) + "\n" + BOARD
    r = post(client, "/api/boards/big.yaml", {"text": big, "etag": None})
    assert r.status_code == 413
    assert not (board_dir / "big.yaml").exists()
    r = post(client, "/api/check", {"text": big})
    assert r.status_code == 413


def test_an_oversized_body_without_a_length_is_cut(live):
    """Chunked transfer: no Content-Length to refuse by; the count of bytes received is."""
    u = urllib.parse.urlsplit(live.url)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    chunk = b'{"text": "' + b"x" * (256 * 1024)

    def body():  # 1.25 MiB: over the limit, and small enough for the socket buffers to take
        yield chunk  # whole, so the client is not cut off while it is still writing
        for _ in range(4):
            yield b"y" * (256 * 1024)
        yield b'"}'

    c.request("POST", "/api/check", body=body(), encode_chunked=True,
              headers={"Origin": f"http://{u.netloc}", "Content-Type": "application/json",
                       "Transfer-Encoding": "chunked"})
    r = c.getresponse()
    assert r.status == 413
    c.close()


# ---- runs -------------------------------------------------------------------------------------------

def looping_board(life: int = 1000) -> str:
    """R1202 with 1,000 life cards: 99,000 ignitions that do not cycle back to a state the
    engine has seen until ~44,000 steps have passed."""
    return example("zx", "R1202-long-ignition.yaml").replace(
        "    life: 4\n    hand: [{id: E", f"    life: {life}\n    hand: [{{id: E")


def test_a_looping_board_stops_at_the_step_budget_and_says_so(client):
    r = post(client, "/api/run", {"text": looping_board()})
    assert r.status_code == 200
    d = r.json()
    assert d["stop"] == "budget" and d["budget"] is True
    assert d["total_steps"] > 20000 and d["omitted"] == d["total_steps"] - len(d["steps"])
    assert d["outcome"]["result"] == "none"
    assert "not a ruling" in d["outcome"]["reason"]
    # and the server answers at once afterwards
    assert client.get("/api/games").status_code == 200


def test_a_run_over_the_time_budget_is_stopped_and_the_server_goes_on(tmp_path):
    # no step budget to speak of: the time budget must stop it (the run needs ~44,000 steps)
    with make_client(tmp_path, workers=1, timeout=1.0, max_steps=10**9) as c:
        r = post(c, "/api/run", {"text": looping_board()})
        assert r.status_code == 504
        assert "time budget" in r.json()["error"]["message"]
        # the worker was replaced: the next run answers normally
        r = post(c, "/api/run", {"text": BOARD})
        assert r.status_code == 200 and r.json()["ok"]


def test_a_bad_board_or_a_bad_request_never_stops_the_server(client):
    for body in ({"text": "ruleset: zx\n  bad: [\n"}, {"text": "\x00\x01"}, {"text": 42},
                 {"text": "ruleset: nope\n"}, {}, {"data": "x"}):
        r = post(client, "/api/run", body)
        assert r.status_code in (200, 400, 422), r.text
    for raw in (b"{not json", b'{"data": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"):
        r = client.post("/api/sync", content=raw, headers=dict(
            ORIGIN, **{"Content-Type": "application/json"}))
        assert r.status_code == 400
    r = post(client, "/api/picture", {"text": BOARD, "index": 10_000})
    assert r.status_code == 200 and not r.json()["ok"]
    r = post(client, "/api/run", {"text": BOARD})
    assert r.json()["ok"]


def test_a_live_server_binds_loopback_only_by_default(tmp_path):
    srv = start_live(tmp_path)
    try:
        host = urllib.parse.urlsplit(srv.url).hostname
        assert host == "127.0.0.1"
        import socket

        # nothing listens on another address of this machine for that port
        port = urllib.parse.urlsplit(srv.url).port
        s = socket.socket()
        s.settimeout(2)
        try:
            others = [a for a in socket.gethostbyname_ex(socket.gethostname())[2]
                      if not a.startswith("127.")]
        except OSError:
            others = []
        for a in others:
            assert s.connect_ex((a, port)) != 0
        s.close()
    finally:
        stop_live(srv)


def test_a_foreign_host_on_the_live_server(live):
    u = urllib.parse.urlsplit(live.url)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    c.request("GET", "/", headers={"Host": "attacker.example"})
    r = c.getresponse()
    assert r.status == 421
    r.read()
    c.request("POST", "/api/run", body=b'{"text": ""}', headers={
        "Host": u.netloc, "Origin": "http://attacker.example", "Content-Type": "application/json"})
    r = c.getresponse()
    assert r.status == 403
    r.read()
    c.close()



def test_a_yaml_bomb_is_a_syntax_problem_not_a_hang(client):
    bomb = "ruleset: zx\nmeta:\n  a: &a [x,x,x,x,x,x,x,x,x,x]\n"
    prev = "a"
    for i in range(2, 10):  # 10^9 values once the aliases are expanded
        bomb += f"  l{i}: &l{i} [" + ",".join([f"*{prev}"] * 10) + "]\n"
        prev = f"l{i}"
    d = post(client, "/api/check", {"text": bomb}).json()
    assert d["data"] is None  # too big for the form
    assert "too many values" in d["syntax"][0]["message"]


def test_a_crash_in_a_route_is_that_requests_500(client, monkeypatch):
    import judgekit.serve.lookup as lk

    def broken(game, raw):
        raise RuntimeError("a defect")

    monkeypatch.setattr(lk, "clause", broken)
    r = client.get("/api/clause", params={"game": "zx", "id": "702.2a"})
    assert r.status_code == 500
    assert r.json()["error"]["message"] == "internal error: RuntimeError"
    monkeypatch.undo()
    assert client.get("/api/clause", params={"game": "zx", "id": "702.2a"}).status_code == 200
