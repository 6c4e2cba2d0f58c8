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


def test_a_term_that_matches_nothing_is_named_and_the_rest_still_searched():
    # チャージ越過 is nowhere (906 is チャージ超過エフェクト): never a dead end, the output says
    # which word matched nothing, offers the nearest spelling, and shows the clauses of the
    # word that did match (306 チャージ, the zone)
    out, err = io.StringIO(), io.StringIO()
    assert run_search("チャージ越過", "zx", out=out, err=err, color=False) == 0
    text = out.getvalue()
    assert "「チャージ越過」 matches nothing; did you mean チャージ超過" in text
    assert "words: チャージ" in text
    assert any(line.split()[:2] == ["zx", "306"] for line in text.splitlines()[:8])
    # two terms: the clauses of both words that match are shown (投了: 101.4)
    out = io.StringIO()
    assert run_search("投了 チャージ越過", "zx", limit=20, out=out, err=io.StringIO(),
                      color=False) == 0
    hits = [line.split()[1] for line in out.getvalue().splitlines() if line.startswith("zx ")]
    assert "101.4" in hits and "306" in hits
    assert "「チャージ越過」 matches nothing" in out.getvalue()
    # JSON carries the notes with their words
    out = io.StringIO()
    assert run_search("チャージ越過", "zx", as_json=True, out=out, err=io.StringIO()) == 0
    d = json.loads(out.getvalue())
    assert d["mode"] == "words" and d["words"] == ["チャージ"] and d["hits"]
    miss = [n for n in d["notes"] if n["kind"] == "nothing"]
    assert miss and miss[0]["wrote"] == "チャージ越過" and "チャージ超過" in miss[0]["words"]


def test_nothing_at_all_explains():
    # found elsewhere: 団結 is a D0 keyword, not a Z/X one (and names no concept); exit status 1
    err = io.StringIO()
    assert run_search("団結", "zx", out=io.StringIO(), err=err) == 1
    msg = err.getvalue()
    assert "No clause matches '団結' in zx." in msg and "「団結」 matches nothing" in msg
    assert "Found in other rulesets: d0" in msg
    # JSON keeps the shape and carries the message
    out = io.StringIO()
    assert run_search("団結", "zx", as_json=True, out=out, err=io.StringIO()) == 1
    d = json.loads(out.getvalue())
    assert d["hits"] == [] and "Found in other rulesets" in d["message"]


def test_a_miss_counts_what_the_search_would_find(searcher):
    # the hints of a miss count the clauses the same search finds elsewhere, as it reads the
    # query (a sentence as words), not an exact match of it (review5: they pointed at rulesets
    # where the query also finds nothing)
    from judgekit.search.suggest import explain_miss

    res = searcher.search("致死ダメージを受けたら", games="zx", under="101")
    assert not res.hits
    lines = explain_miss(searcher, res)
    whole = searcher.search("致死ダメージを受けたら", games="zx", limit=1).total
    assert whole and f"{whole} clauses found outside --under zx:101." in lines
    found = {g: searcher.search("致死ダメージを受けたら", games=g, limit=1).total
             for g in ("g2022", "d0", "thv")}
    assert "Found in other rulesets: " + ", ".join(
        f"{g} ({n})" for g, n in found.items() if n) + " (--game all)." in lines
    # an exclusion that removes every clause the rest finds
    res = searcher.search("致死ダメージ -ダメージ", games="zx")
    assert not res.hits
    assert "The exclusions (-…) removed every clause the rest finds." in explain_miss(searcher, res)


def test_another_rulesets_word_reads_the_concept():
    # 速攻 is D0's and 東方VISION's word: in Z/X it names the idea (a creature that may attack
    # the turn it enters), and Z/X's clause for it comes first: a zex enters rebooted
    out = io.StringIO()
    assert run_search("速攻", "zx", out=out, err=io.StringIO(), color=False) == 0
    text = out.getvalue()
    assert "read 速攻 as the idea" in text and "judgekit concept enters-untapped" in text
    first = [ln.split()[1] for ln in text.splitlines() if ln.startswith("zx ")][0]
    assert first == "303.5a"
    out = io.StringIO()
    assert run_search("速攻", "zx", as_json=True, out=out, err=io.StringIO()) == 0
    d = json.loads(out.getvalue())
    assert d["concepts"][0]["id"] == "enters-untapped"
    assert d["hits"][0]["match"] == "concept" and d["hits"][0]["concept"] == "enters-untapped"


def test_a_concept_the_ruleset_lacks_says_so_and_shows_what_it_does_instead():
    out = io.StringIO()
    assert run_search("チェーンで対応", "zx", as_json=True, out=out, err=io.StringIO()) == 0
    d = json.loads(out.getvalue())
    none = [n for n in d["notes"] if n["kind"] == "concept-none"]
    assert none and none[0]["games"] == ["zx"] and "Z/X has no stack" in none[0]["why"]
    assert d["concepts"][0]["games"]["zx"]["see"][:2] == ["804.1", "702.2b"]
    assert [h["id"] for h in d["hits"][:2]] == ["804.1", "702.2b"]


def test_exact_searches_read_no_concept():
    out = io.StringIO()
    assert run_search("優先権", "zx", as_json=True, out=out, err=io.StringIO()) == 0
    d = json.loads(out.getvalue())
    assert d["mode"] == "exact" and "concepts" not in d
    assert all(h["match"] != "concept" for h in d["hits"])
    out = io.StringIO()  # a phrase: read as typed, no concept
    assert run_search('"デッキ切れ" OR 切れ', "zx", as_json=True, out=out,
                      err=io.StringIO()) in (0, 1)
    assert "concepts" not in json.loads(out.getvalue())


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
