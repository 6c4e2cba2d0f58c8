"""benchmarks/search_share_variants.py, which measured REVIEW-6 L4's fixes to the phrasings'
share: its variants leave out what they say (the question's ending, particles, question words)
and no more, and putting `shipped` back restores ranking's own functions."""

from __future__ import annotations

import importlib.util
import os
import sys

import pytest

from judgekit.search import ranking
from judgekit.search.query import parse

_BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks",
                      "search_share_variants.py")


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("search_share_variants", _BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class _Index:
    def __init__(self, asks):
        self.asks = asks

    def asks_of(self, d):
        return (), self.asks[d]


class _Searcher:
    """Three units of one ruleset: two whose phrasings hold どうなりますか's pairs, one not."""

    def __init__(self):
        self.units = [("zx",), ("zx",), ("zx",)]
        self.index = _Index([("ドウナリマスカ?",), ("ライフガ0ニナッタラドウナリマスカ",),
                             ("ライフ",)])


def test_the_ending_is_left_out_and_the_content_kept(bench):
    v = bench.Variants(_Searcher())
    q = parse("ライフが0になったらどうなりますか")
    shipped = set(ranking.question_pairs(t.text for t in q.terms))
    no_ending = set(v.pairs(q, "no-ending"))
    assert {"ライ", "イフ", "フガ", "ガ0", "0ニ"} == no_ending  # its last hiragana run goes
    assert no_ending < shipped and "マス" in shipped
    # every pair of two hiragana goes too (テル, キル), a pair across scripts stays (ルカ, 寝テ)
    q2 = parse("寝てるカードは起きる？")
    assert set(v.pairs(q2, "no-kana")) == {"寝テ", "ルカ", "カー", "ード", "ドハ", "ハ起", "起キ"}
    assert "テル" in v.pairs(q2, "no-ending") and "キル" not in v.pairs(q2, "no-ending")


def test_no_filler_also_drops_particle_pairs_and_question_words(bench):
    v = bench.Variants(_Searcher())
    q = parse("山札には何枚ある")
    assert "ニハ" in v.pairs(q, "no-ending") and "ニハ" not in v.pairs(q, "no-filler")
    assert not {p for p in v.pairs(q, "no-filler") if "何" in p}
    assert "山札" in v.pairs(q, "no-filler")


def test_rarity_weights_and_restoring_the_shipped_functions(bench):
    v = bench.Variants(_Searcher())
    assert v.n == 3 and v.df["ドウ"] == 2 and v.df["ライ"] == 2 and "ッタ" in v.df
    w = v.weight("idf", "zx")
    assert w("0ニ") > w("ドウ") > 0  # held by one unit against two
    shipped = ranking.question_pairs, ranking.asked_share
    from judgekit.search import engine
    rerank = engine.Searcher._rerank
    try:
        v.install("off", lambda: "zx")
        assert ranking.asked_share(("ドウ",), "ドウ") == 0.0
        v.install("common", lambda: "zx")
        # ドウ (2 units) and 0ニ (1) are held by more than a quarter of the 3: left out; ウ0 by none
        assert ranking.question_pairs(["ドウ0ニ"]) == ("ウ0",)
        v.install("shipped", lambda: "zx")
        assert (ranking.question_pairs, ranking.asked_share) == shipped
    finally:
        ranking.question_pairs, ranking.asked_share = shipped
        engine.Searcher._rerank = rerank
