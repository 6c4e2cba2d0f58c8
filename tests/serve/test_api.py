"""The workbench's routes as the page uses them: look-up, boards, check, run, choices, ruling."""

from __future__ import annotations

import yaml
from serve_helpers import example, post

BOARD = example("zx", "T11b-ignition-declined.yaml")


# ---- look up ---------------------------------------------------------------------------------------

def test_search_is_judgekit_search(client):
    import json

    from judgekit.search.engine import Searcher
    from judgekit.search.render import render_json

    r = client.get("/api/search", params={"q": "致死ダメージ", "game": "zx", "limit": "5"})
    d = r.json()
    s = Searcher()
    try:
        want = json.loads(render_json(s, s.search("致死ダメージ", games="zx", limit=5)))
    finally:
        s.close()
    assert [h["id"] for h in d["hits"]] == [h["id"] for h in want["hits"]]
    assert d["hits"][0]["id"] == "904"


def test_search_scopes(client):
    d = client.get("/api/search", params={"q": "チャージ", "game": "zx", "under": "900"}).json()
    assert d["hits"] and all(h["id"].startswith("9") for h in d["hits"])
    assert d["under"]
    d = client.get("/api/search", params={"q": "山札がなくなったら", "game": "d0"}).json()
    assert d["hits"] and {h["game"] for h in d["hits"]} == {"d0"}
    d = client.get("/api/search", params={"q": "zzzqqq", "game": "zx"}).json()
    assert d["hits"] == [] and "No clause matches" in d["message"]
    assert client.get("/api/search", params={"q": "x", "game": "nope"}).status_code == 400


def test_clause_with_breadcrumb_references_and_permalink(client):
    d = client.get("/api/clause", params={"game": "zx", "id": "７０２－２ａ"}).json()
    assert d["id"] == "702.2a"
    assert d["href"] == "/rules/zx/700.html#702.2a"
    assert [b["id"] for b in d["breadcrumb"]] == ["700", "702", "702.2"]
    assert d["refs"][0]["target"] == "900" and d["refs"][0]["href"] == "/rules/zx/900.html#900"
    assert any(c["id"] == "702.2b" for c in d["cited_by"])
    d = client.get("/api/clause", params={"game": "d0", "id": "第4部第6章3"}).json()
    assert d["id"] == "4.6.3" and d["citation"] == "第4部第6章3"
    r = client.get("/api/clause", params={"game": "zx", "id": "999.9z"})
    assert r.status_code == 404 and r.json()["nearest"]


def test_clause_pages_at_the_sites_permalinks(client):
    from judgekit.site import permalink

    for game, cid in (("zx", "702.2a"), ("d0", "4.6.3"), ("g2022", "1002.1"), ("thv", "1.5.3.a")):
        link = permalink(game, cid)
        page, _, frag = link.partition("#")
        r = client.get("/rules/" + page)
        assert r.status_code == 200, link
        assert f'id="{frag}"' in r.text
    r = client.get("/rules/zx/700.html")
    assert 'href="/rules/zx/900.html#900"' in r.text  # 702.2a's reference to 900
    assert 'aria-label="breadcrumb"' in r.text
    assert client.get("/rules/zx/702.html").status_code == 404  # 702 lives on 700.html
    assert client.get("/rules/xx/700.html").status_code == 404


def test_the_steps_a_board_may_start_from(client):
    from judgekit.engine import engine_for

    for g in ("zx", "g2022", "d0", "thv"):
        d = client.get(f"/api/steps/{g}").json()
        assert [x["id"] for x in d["steps"]] == list(engine_for(g).steps())
        assert d["until"] == list(engine_for(g).until_words())
    d = client.get("/api/steps/zx").json()
    main = next(x for x in d["steps"] if x["id"] == "506.2")
    assert main["heading"] and all(x["heading"] for x in d["steps"])


# ---- boards ------------------------------------------------------------------------------------------

def test_empty_boards_and_examples(client):
    for g in ("zx", "g2022", "d0", "thv"):
        text = client.get(f"/api/empty/{g}").json()["text"]
        d = post(client, "/api/check", {"text": text}).json()
        assert d["syntax"] == [] and d["flags"] == [] and d["game"] == g
        ex = client.get(f"/api/examples/{g}").json()["examples"]
        assert len(ex) > 20 and all(e["name"].endswith(".yaml") for e in ex)
    assert client.get("/api/empty/nope").status_code == 404


def test_save_open_and_the_etag_check(client, board_dir):
    r = post(client, "/api/boards/t11b.yaml", {"text": BOARD, "etag": None})
    assert r.status_code == 200
    etag = r.json()["etag"]
    assert (board_dir / "t11b.yaml").read_text(encoding="utf-8") == BOARD
    got = client.get("/api/boards/t11b.yaml").json()
    assert got["text"] == BOARD and got["etag"] == etag
    assert "t11b.yaml" in [b["name"] for b in client.get("/api/boards").json()["boards"]]
    # a second "new" file of that name is not an overwrite
    r = post(client, "/api/boards/t11b.yaml", {"text": "x", "etag": None})
    assert r.status_code == 409 and "already exists" in r.json()["error"]["message"]
    # saved from the version opened: fine, and a new etag
    edited = BOARD.replace("T11b", "T11b edited")
    r = post(client, "/api/boards/t11b.yaml", {"text": edited, "etag": etag})
    assert r.status_code == 200
    etag2 = r.json()["etag"]
    # the file changes on disk meanwhile: the page's save is refused, the disk keeps its text
    (board_dir / "t11b.yaml").write_text("# changed elsewhere\n" + edited, encoding="utf-8")
    r = post(client, "/api/boards/t11b.yaml", {"text": BOARD, "etag": etag2})
    assert r.status_code == 409
    assert r.json()["error"]["etag"] != etag2
    assert (board_dir / "t11b.yaml").read_text(encoding="utf-8").startswith("# changed elsewhere")
    assert not [p for p in board_dir.iterdir() if p.name.startswith(".")]  # no temp left


# ---- check, sync, run ----------------------------------------------------------------------------------

def test_check_syntax_at_line_and_column(client):
    d = post(client, "/api/check", {"text": "ruleset: zx\ngame: {turn: [\n"}).json()
    assert d["syntax"] and d["syntax"][0]["line"] == 3
    d = post(client, "/api/check", {"text": BOARD.replace("power: 5000", "power: lots")}).json()
    p = d["syntax"][0]
    assert p["line"] == 21 and p["expected"] and "lots" in p["found"]  # M-C: [{id: A, …}]


def test_check_flags_with_linked_clauses_and_the_picture(client):
    bad = BOARD.replace("{id: A, name: 紅蓮の騎士, power: 5000, owner: P1}",
                        "{id: A, name: 紅蓮の騎士, power: 5000, owner: P1, damage: -1}")
    d = post(client, "/api/check", {"text": bad}).json()
    assert [f["code"] for f in d["flags"]] == ["NEGATIVE_DAMAGE"]
    cl = d["flags"][0]["clauses"][0]
    assert d["clauses"][cl]["href"].startswith("/rules/zx/")
    assert d["clauses"][cl]["text"].startswith(cl)
    assert d["svg"].startswith("<svg") and "紅蓮の騎士" in d["svg"]


def test_sync_writes_the_forms_data_as_yaml(client):
    data = yaml.safe_load(BOARD)
    data["players"]["P1"]["hand"] = [{"id": "c9", "name": "新しいカード"}]
    d = post(client, "/api/sync", {"data": data}).json()
    back = yaml.safe_load(d["yaml"])
    assert back["players"]["P1"]["hand"] == [{"id": "c9", "name": "新しいカード"}]
    assert d["flags"] == [] and d["data"]["players"]["P1"]["hand"][0]["id"] == "c9"


def test_board_strings_are_escaped_where_shown(client):
    evil = '<img src=x onerror=alert(1)>'
    text = BOARD.replace("name: 紅蓮の騎士", f"name: '{evil}'")
    d = post(client, "/api/check", {"text": text}).json()
    assert evil not in d["svg"] and "&lt;img" in d["svg"]
    r = post(client, "/api/ruling", {"text": text, "meta": {"event": evil}})
    html = client.get(r.json()["url"]).text
    assert evil not in html and "&lt;img src=x" in html


def test_run_steps_as_the_terminal_stepper_shows_them(client):
    d = post(client, "/api/run", {"text": BOARD}).json()
    assert d["ok"] and d["stop"] == "actions_exhausted"
    msgs = [s["message"] for s in d["steps"]]
    assert any("A attacks P2" in m for m in msgs)
    cites = {c["id"] for s in d["steps"] for c in s["cites"]}
    assert "907.2e" in cites
    assert all(cid in d["clauses"] for cid in cites)
    assert d["clauses"]["907.2e"]["href"] == "/rules/zx/900.html#907.2e"
    # after the file's actions, what P1 may do next (as `step -i` lists it)
    assert d["action"]["player"] and {"action": "pass", "text": "pass"} in d["action"]["options"]


def test_a_missing_choice_is_asked_and_the_answer_replays(client):
    text = BOARD.replace('  "907.2e": [no]\n', "")
    d = post(client, "/api/run", {"text": text}).json()
    assert d["stop"] == "choice_missing"
    need = d["need"]
    assert need["key"] == "907.2e" and need["chooser"] == "P2" and need["kind"] == "yesno"
    # the page writes the answer into choices: and runs again
    data = d_data = post(client, "/api/check", {"text": text}).json()["data"]
    data["choices"].setdefault(need["key"], []).append(False)
    synced = post(client, "/api/sync", {"data": d_data}).json()
    assert yaml.safe_load(synced["yaml"])["choices"]["907.2e"] == [False]
    d2 = post(client, "/api/run", {"text": synced["yaml"]}).json()
    assert d2["stop"] == "actions_exhausted" and d2["need"] is None
    assert d2["check"]["ok"] is True  # T11b's expect: holds again
    answered = [c for s in d2["steps"] for c in s["choices"] if c["key"] == "907.2e"]
    assert answered[0]["answer"] is False and answered[0]["source"] == "file"


def test_picture_after_a_step(client):
    d = post(client, "/api/run", {"text": BOARD}).json()
    last = d["steps"][-1]["index"]
    p = post(client, "/api/picture", {"text": BOARD, "index": last}).json()
    assert p["ok"] and p["svg"].startswith("<svg")
    first = post(client, "/api/picture", {"text": BOARD, "index": 0}).json()
    assert first["svg"] != p["svg"]  # Z left P2's life between them


def test_an_impossible_board_does_not_run(client):
    bad = BOARD.replace("owner: P1}", "owner: P1, damage: -1}", 1)
    d = post(client, "/api/run", {"text": bad}).json()
    assert not d["ok"] and d["error"]["flags"][0]["code"] == "NEGATIVE_DAMAGE"


# ---- the ruling ----------------------------------------------------------------------------------------

def test_the_ruling_is_judgekit_rulings_html_with_the_pages_fields(client, tmp_path):
    r = post(client, "/api/ruling", {"text": BOARD, "lang": "en", "meta": {
        "event": "Regional Cup", "table": "12", "judge": "Sato", "date": "2026-11-27"}})
    d = r.json()
    assert d["ok"] and d["url"].startswith("/ruling/")
    page = client.get(d["url"])
    assert page.status_code == 200
    assert page.headers["content-security-policy"].startswith("default-src 'none'")
    html = page.text
    for s in ("Regional Cup", "Sato", "2026-11-27", "907.2e"):
        assert s in html
    # the same report `judgekit ruling` writes for that file with those fields
    from judgekit.reports.ruling import make_ruling

    data = yaml.safe_load(BOARD)
    data["meta"].update({"event": "Regional Cup", "table": "12", "judge": "Sato",
                         "date": "2026-11-27"})
    f = tmp_path / "board.yaml"
    f.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    model = make_ruling(str(f), lang="en")
    from markupsafe import escape

    assert str(escape(model["outcome"]["text"])) in html
    assert model["steps"] and all(str(escape(s["message"])) in html for s in model["steps"])
    assert all(f'id="{e["id"]}"' in html or e["id"] in html for e in model["appendix"])
    dl = client.get(d["download"])
    assert dl.headers["content-disposition"].startswith("attachment")
    assert client.get("/ruling/not-a-token.html").status_code == 404


def test_a_ruling_of_a_board_that_cannot_be_ruled_says_why(client):
    text = BOARD.replace('  "907.2e": [no]\n', "")
    r = post(client, "/api/ruling", {"text": text})
    assert r.status_code == 422
    assert "907.2e" in r.json()["error"]["message"]
