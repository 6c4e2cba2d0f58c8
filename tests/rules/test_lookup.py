"""Forgiving clause lookup (judgekit rule) for Z/X, and the nearest-id suggestions."""

from __future__ import annotations

import io
import json

import pytest

from judgekit.rules import load
from judgekit.rules.lookup import candidates, nearest, resolve, run_rule


@pytest.fixture(scope="module")
def zx():
    return load("zx")


@pytest.mark.parametrize("typed", [
    "702.2a", "702-2a", "702.2.a", "CR702.2a", "cr 702.2a", "702.2A", "７０２．２ａ", "７０２－２ａ",
    "「702.2a」", " 702.2a ", "rule 702.2a", "702‐2a", "702—2a",
])
def test_forgiving_input_finds_the_clause(zx, typed):
    c = resolve(zx, typed)
    assert c is not None and c.id == "702.2a"


@pytest.mark.parametrize("typed,cid", [
    ("702", "702"), ("100", "100"), ("1012.1", "1012.1"), ("102.10", "102.10"), ("102.1", "102.1"),
    ("guide.deck", "guide.deck"), ("GUIDE.DECK", "guide.deck"), ("1013.1b", "1013.1b"),
])
def test_levels_and_companions(zx, typed, cid):
    assert resolve(zx, typed).id == cid


def test_unknown_ids_are_not_guessed(zx):
    for typed in ["702.2z", "99", "1300", "abc", "", "702.99"]:
        assert resolve(zx, typed) is None


def test_nearest_ids_for_a_miss(zx):
    near = nearest(zx, "702.2z")
    assert near[:3] == ["702.2", "702.2a", "702.2b"]
    assert nearest(zx, "1110.9")[:2] == ["1110", "1110.1"]
    assert nearest(zx, "7021")[0] == "702"


def test_run_rule_text_answer(zx):
    out, err = io.StringIO(), io.StringIO()
    assert run_rule("702.2b", "zx", out=out, err=err) == 0
    text = out.getvalue()
    assert "700 優先権と優先権前処理 › 702 優先権前処理" in text
    assert "誘発している自動能力(808)がある場合" in text
    assert "References:" in text and "808" in text and "702.2a" in text
    assert "Source: 000_5057c6edc782ded1.txt, line 693" in text
    assert err.getvalue() == ""


def test_run_rule_shows_examples_notes_and_flags(zx):
    out = io.StringIO()
    run_rule("906.1", "zx", out=out)
    text = out.getvalue()
    assert "例: あなたが《悲嘆の墮天使ルシファー》" in text
    assert "⚠" in text  # the reviewed contradiction travels with the clause
    out = io.StringIO()
    run_rule("402.1d", "zx", out=out)
    assert "[stale: 1111 is スタイリッシュ頭突き; ゲートカード is 1113]" in out.getvalue()


def test_run_rule_json_answer(zx):
    out = io.StringIO()
    assert run_rule("702.2a", "zx", as_json=True, out=out) == 0
    d = json.loads(out.getvalue())
    assert d["id"] == "702.2a" and d["parent"] == "702.2"
    assert [b["id"] for b in d["breadcrumb"]] == ["700", "702", "702.2"]
    assert d["refs"][0]["target"] == "900" and d["refs"][0]["heading"] == "ルールエフェクト"
    assert {"id": "702.2b", "exists": True} .items() <= d["cited_by"][0].items()
    assert d["ruleset"]["edition"] == "Ver.1.59"
    for key in ("id", "parent", "title", "text", "examples", "refs", "virtual", "line"):
        assert key in d


def test_run_rule_unknown_id(zx):
    out, err = io.StringIO(), io.StringIO()
    assert run_rule("702.2z", "zx", out=out, err=err) == 1
    assert "no clause '702.2z' in zx" in err.getvalue()
    assert "Nearest existing ids: 702.2, 702.2a, 702.2b" in err.getvalue()
    assert out.getvalue() == ""


def test_run_rule_unknown_game():
    err = io.StringIO()
    assert run_rule("702.2a", "mtg", out=io.StringIO(), err=err) == 2
    assert "unknown game 'mtg'" in err.getvalue()


def test_candidates_for_each_numbering():
    assert candidates("第4部第6章3", "d0")[0] == "4.6.3"
    assert candidates("4部6章2-1", "d0")[0] == "4.6.2-1"
    assert candidates("4.6.2.1", "d0")[0] == "4.6.2-1"
    assert candidates("第2部 第10章 第3節 第1項", "d0")[0] == "2.10.3-1"
    assert candidates("序文1", "d0")[0] == "intro.1"
    assert candidates("１．２．７．ａ", "thv")[0] == "1.2.7.a"
    assert candidates("1.2.7a", "thv")[0] == "1.2.7.a"
    assert candidates("202-2A", "g2022")[0] == "202.2a"


@pytest.mark.parametrize("typed,game,near", [
    ("1.1.1.9", "thv", "1.1.1"),        # one component deeper than the numbering holds
    ("1.2.7.a.1", "thv", "1.2.7.a"),
    ("702.2a.9", "zx", "702.2a"),
    ("202.2a.1", "g2022", "202.2a"),
    ("X.4.6.3", "d0", "4.6.3"),         # leading garbage: suggested, not answered
    ("A.1", "thv", "1"),
    ("-1", "thv", "1"),                 # a sign is not part of a clause number
    ("-1", "d0", "1"),
    ("-1", "zx", None),
])
def test_ids_that_are_not_a_clause_number_are_misses_with_nearest_ids(typed, game, near):
    import io

    from judgekit.rules import load

    rs = load(game)
    assert resolve(rs, typed) is None
    out, err = io.StringIO(), io.StringIO()
    assert run_rule(typed, game, out=out, err=err) == 1
    assert out.getvalue() == "" and "Nearest existing ids:" in err.getvalue()
    if near:
        assert nearest(rs, typed)[0] == near


def test_forgiving_forms_still_resolve():
    from judgekit.rules import load

    for typed, game, cid in [("第4部第6章3", "d0", "4.6.3"), ("4.9.2.9.1", "d0", "4.9.2-9-1"),
                             ("序文1", "d0", "intro.1"), ("1-2-7-a", "thv", "1.2.7.a"),
                             ("CR702.2a", "zx", "702.2a"), ("702 2 a", "zx", "702.2a"),
                             ("d0 4.16.4-3-1", "d0", "4.16.4-3-1")]:
        assert resolve(load(game), typed).id == cid, typed
