"""`judgekit search`: the click-free fast path and the click command answer alike."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from judgekit.cli import _fast_search_args, main
from judgekit.cli.app import cli
from judgekit.search.run import run_search


@pytest.fixture(autouse=True)
def _index(searcher):
    """Every test here runs against the session's index (built once)."""


def test_fast_path_grammar():
    assert _fast_search_args(["search", "致死ダメージ"]) == {
        "game": "all", "limit": 10, "under": None, "as_json": False, "query": "致死ダメージ"}
    a = _fast_search_args(["search", "ダメージ", "-致死", "--game", "zx", "-n", "3", "--json"])
    assert a == {"game": "zx", "limit": 3, "under": None, "as_json": True,
                 "query": "ダメージ -致死"}
    assert _fast_search_args(["search", "--under=900", "破壊", "-g", "zx"])["under"] == "900"
    assert _fast_search_args(["search", "--", "-1000"])["query"] == "-1000"
    for argv in (["search"], ["search", "x", "--help"], ["search", "x", "--game", "mtg"],
                 ["search", "x", "--limit", "0"], ["search", "x", "--limit"],
                 ["search", "x", "--unknown"], ["rule", "702.2a"]):
        assert _fast_search_args(argv) is None, argv


@pytest.mark.parametrize("argv", [
    ["search", "致死ダメージ"],
    ["search", "破壊", "--game", "zx", "--under", "900", "--limit", "3"],
    ["search", "ダメージ", "-致死", "--game", "zx", "--json"],
    ["search", "702.2a", "--game", "zx"],
])
def test_fast_and_click_paths_agree(capsys, argv):
    code = main(argv)
    fast = capsys.readouterr().out
    res = CliRunner().invoke(cli, argv)
    assert res.exit_code == code == 0, res.output
    assert res.output == fast


def test_text_output():
    out = io.StringIO()
    assert run_search("致死ダメージ", "zx", out=out, color=False) == 0
    lines = out.getvalue().splitlines()
    # 904 is the heading 致死ダメージエフェクト: it lists its clauses
    assert lines[0].split()[:3] == ["zx", "904", "致死ダメージエフェクト"]
    assert "904.1" in lines[1] and "904.2" in lines[1]
    # 904.1 is shown with the heading it sits under and its text
    assert lines[2].split()[:2] == ["zx", "904.1"] and "‹904 致死ダメージエフェクト›" in lines[2]
    assert "自身のパワー以上のダメージを受けているゼクスは破壊されます" in lines[3]
    assert lines[-1].startswith("11 hits in zx")   # eleven units mention 致死ダメージ
    assert "\x1b[" not in out.getvalue()


def test_colour_marks_the_match():
    out = io.StringIO()
    run_search("破壊", "zx", limit=3, under="904", out=out, color=True)
    assert "\x1b[1;33m破壊\x1b[0m" in out.getvalue()


def test_json_shape():
    out = io.StringIO()
    assert run_search("登場", "zx", limit=5, as_json=True, out=out) == 0
    d = json.loads(out.getvalue())
    assert d["query"] == "登場" and d["games"] == ["zx"] and d["total"] >= 5
    assert len(d["hits"]) == 5
    for h in d["hits"]:
        assert {"game", "id", "score", "snippet", "heading", "highlights", "field"} <= set(h)
        assert h["game"] == "zx" and isinstance(h["score"], float)
        for a, b in h["highlights"]:
            assert h["snippet"][a:b] == "登場"
    assert d["hits"][0]["id"] == "1006"   # 1006 登場する
    scores = [h["score"] for h in d["hits"]]
    assert scores == sorted(scores, reverse=True)


def test_no_hits_explains_and_suggests():
    out, err = io.StringIO(), io.StringIO()
    assert run_search("チャージ越過", out=out, err=err) == 1
    assert out.getvalue() == ""
    msg = err.getvalue()
    assert "No clause matches 'チャージ越過'" in msg
    assert "Did you mean:" in msg and "チャージ超過" in msg   # 906 チャージ超過エフェクト
    # found elsewhere: 速攻 is a D0 and 東方VISION keyword, not a Z/X one
    err = io.StringIO()
    assert run_search("速攻", "zx", out=io.StringIO(), err=err) == 1
    assert "Found in other rulesets: d0" in err.getvalue() and "thv" in err.getvalue()
    # which term failed
    err = io.StringIO()
    assert run_search("投了 チャージ越過", out=io.StringIO(), err=err) == 1
    assert "「チャージ越過」 0" in err.getvalue() and "「投了」 11" in err.getvalue()
    # JSON keeps the shape and carries the message
    out = io.StringIO()
    assert run_search("チャージ越過", as_json=True, out=out, err=io.StringIO()) == 1
    d = json.loads(out.getvalue())
    assert d["hits"] == [] and "チャージ超過" in d["message"]


def test_usage_errors_are_not_tracebacks():
    err = io.StringIO()
    assert run_search("破壊", "zx", under="9999", out=io.StringIO(), err=err) == 2
    assert err.getvalue().startswith("Error: --under 9999: no such clause in zx")
    res = CliRunner().invoke(cli, ["search", "破壊", "--game", "mtg"])
    assert res.exit_code == 2 and "Traceback" not in res.output


def test_a_limit_of_digits_that_are_no_number_is_a_usage_error(capsys):
    # "²" passes str.isdigit but not int(): the fast path used to end in a ValueError; now
    # click explains, as for any other bad --limit
    assert _fast_search_args(["search", "破壊", "--limit", "²"]) is None
    assert main(["search", "破壊", "--limit", "²"]) == 2
    assert "Invalid value for '--limit'" in capsys.readouterr().err
    assert _fast_search_args(["search", "破壊", "-n", "３"])["limit"] == 3


def test_a_query_of_a_thousand_terms_is_a_usage_error():
    # 1000 terms used to overflow Whoosh's matcher (a RecursionError traceback, after two
    # index rebuilds the failure set off); a judge's question has a handful
    err = io.StringIO()
    assert run_search("ダメージ " * 1000, out=io.StringIO(), err=err) == 2
    assert err.getvalue() == "Error: the query has 1000 terms; at most 64 can be searched " \
                             "at once\n"
    assert run_search("ダメージ " * 64, out=io.StringIO(), err=io.StringIO()) == 0


def test_subprocess(cache_dir):
    env = dict(os.environ, JUDGEKIT_CACHE_DIR=cache_dir)
    r = subprocess.run([sys.executable, "-m", "judgekit", "search", "優先権前処理", "-g", "g2022",
                        "-n", "2"], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout.splitlines()[0].split()[:3] == ["g2022", "202", "優先権前処理"]


def test_hits_carry_the_documents_citation_form():
    # D0 is cited 第4部第6章3 (d0.md §2); the other documents cite by the id itself
    out = io.StringIO()
    assert run_search("優先権", "d0", limit=20, out=out, color=False) == 0
    lines = out.getvalue().splitlines()
    line = next(x for x in lines if x.split()[:2] == ["d0", "4.6"])
    assert line.split()[2] == "(第4部第6章)" and line.endswith("優先権")
    out = io.StringIO()
    assert run_search("優先権", "d0", limit=20, as_json=True, out=out) == 0
    hits = {h["id"]: h for h in json.loads(out.getvalue())["hits"]}
    assert hits["4.6"]["citation"] == "第4部第6章" and hits["4.6.2"]["citation"] == "第4部第6章2"
    out = io.StringIO()
    assert run_search("致死ダメージ", "zx", limit=2, as_json=True, out=out) == 0
    assert all(h["citation"] == "" for h in json.loads(out.getvalue())["hits"])
    out = io.StringIO()
    run_search("致死ダメージ", "zx", limit=2, out=out, color=False)
    assert out.getvalue().splitlines()[0].split()[:3] == ["zx", "904", "致死ダメージエフェクト"]
