"""Search behaviour on the real rules. Every expectation below comes from the rules text
(quoted in the comments), not from what the search printed."""

from __future__ import annotations

import pytest

from search_helpers import fields_of, ids

from judgekit.rules import load
from judgekit.search.engine import UsageError


# ---- single characters ------------------------------------------------------------------

def test_single_character_finds_the_zone_first(searcher):
    # thv 3.4 is titled 場 ("場とは、キャラクター、世界呪符…を置く領域"); 場 also occurs in
    # 場合, 登場, 退場 in most clauses
    res = searcher.search("場", games="thv", limit=None)
    got = ids(res)
    assert got[0] == "thv:3.4"
    kids = {f"thv:{u.id}" for u in load("thv").descendants("3.4")}
    assert kids <= set(got[:1 + len(kids) + 2])
    assert all("場" in fields_of("thv", k.split(":")[1]) for k in got)
    assert res.total > 100


def test_single_character_in_every_ruleset(searcher):
    res = searcher.search("効", limit=None)
    assert {h.game for h in res.hits} == {"zx", "g2022", "d0", "thv"}
    assert all("効" in fields_of(h.game, h.id) for h in res.hits)


# ---- phrase vs scattered characters -----------------------------------------------------

def test_term_is_matched_as_a_whole_never_as_scattered_characters(searcher):
    # d0 3.1.3 and 3.3.2 hold 手 (相手) and 札 (山札) but never 手札
    for cid in ("3.1.3", "3.3.2"):
        f = fields_of("d0", cid)
        assert "手" in f and "札" in f and "手札" not in f
    got = set(ids(searcher.search("手札", games="d0", limit=None)))
    assert "d0:3.1.3" not in got and "d0:3.3.2" not in got
    assert all("手札" in fields_of("d0", k.split(":")[1]) for k in got)
    # zx 211.2 holds シ, ャ, ッ, フ, ル but not シャッフル
    assert "シャッフル" not in fields_of("zx", "211.2")
    assert "zx:211.2" not in ids(searcher.search("シャッフル", games="zx", limit=None))


def test_exact_phrase_ranks_above_scattered_words(searcher):
    # 306.2a "ゲーム開始時の各プレイヤーのチャージの上限は4です。" and 309.2b "ゲーム開始時の
    # 手札の上限は6です。" have the words together; 401.1 "ゲームを開始する前に…" and 1014.3
    # "…IGOB が開始される直前まで戻します" have them apart. No heading above any of them
    # mentions either word.
    got = ids(searcher.search("ゲーム 開始", games="zx", limit=None))
    together = [got.index(f"zx:{c}") for c in ("306.2a", "309.2b")]
    apart = [got.index(f"zx:{c}") for c in ("401.1", "1014.3")]
    assert max(together) < min(apart)
    # and the quoted phrase finds only the adjacent form
    quoted = set(ids(searcher.search('"ゲーム 開始"', games="zx", limit=None)))
    assert "zx:306.2a" in quoted and "zx:401.1" not in quoted


# ---- width, space, long-vowel and dash variants ------------------------------------------

@pytest.mark.parametrize("variant", ["ｼｬｯﾌﾙ", "シャッフル", "シャッフル ", "　シャッフル"])
def test_width_variants_find_the_same_clauses(searcher, variant):
    assert ids(searcher.search(variant, limit=None)) == ids(searcher.search("シャッフル",
                                                                            limit=None))


def test_dash_and_long_vowel_variants(searcher):
    base = ids(searcher.search("チャージ超過", limit=None))
    assert base[0] == "zx:906"                       # 906 チャージ超過エフェクト
    for v in ("ﾁｬｰｼﾞ超過", "チャ－ジ超過", "チャ-ジ超過", "チャ―ジ超過", "チャ—ジ超過"):
        assert ids(searcher.search(v, limit=None)) == base, v


@pytest.mark.parametrize("variant", ["チャージ\u200b超過", "\ufeffチャージ超過", "\u202eチャージ超過\u202c",
                                     "チャー\u00adジ超過"])
def test_invisible_characters_in_a_pasted_query_are_ignored(searcher, variant):
    assert ids(searcher.search(variant, limit=None)) == ids(searcher.search("チャージ超過", limit=None))


def test_case_and_full_width_latin(searcher):
    base = ids(searcher.search("IGOB", games="zx", limit=None))
    assert base[0] == "zx:1014"                      # 1014 IGOB する
    for v in ("igob", "ＩＧＯＢ", "Igob"):
        assert ids(searcher.search(v, games="zx", limit=None)) == base


def test_spaces_in_the_source_or_the_query(searcher):
    # g2022 704.10 is printed with spaces between the characters: "…を自 動 事 象 と す…"
    assert "自 動 事 象" in load("g2022")["704.10"].text
    assert "g2022:704.10" in ids(searcher.search("自動事象", games="g2022", limit=None))
    # a query typed with a space finds every clause the unspaced one finds
    joined = set(ids(searcher.search("チャージ超過", limit=None)))
    spaced = set(ids(searcher.search("チャージ 超過", limit=None)))
    assert joined <= spaced


def test_source_misreadings_are_folded(searcher):
    # zx 302.2 prints "リポートかスリーブ" for リブート/スリープ
    assert "スリーブ" in load("zx")["302.2"].text
    assert "zx:302.2" in ids(searcher.search("スリープ", games="zx", limit=None))


# ---- filters ------------------------------------------------------------------------------

def test_ruleset_filter(searcher):
    res = searcher.search("優先権", games="d0", limit=None)
    assert res.hits and {h.game for h in res.hits} == {"d0"}
    assert ids(res)[0] == "d0:1.1.5"                 # 1.1.5 優先権 (a named item)
    both = searcher.search("優先権前処理", games=("zx", "g2022"), limit=None)
    assert {h.game for h in both.hits} == {"zx", "g2022"}
    with pytest.raises(UsageError):
        searcher.search("優先権", games="mtg")


def test_section_filter_takes_the_clause_and_everything_below(searcher):
    rs = load("zx")
    res = searcher.search("破壊", games="zx", under="900", limit=None)
    got = [h.id for h in res.hits]
    assert got and all(rs.is_under(c, "900") for c in got)
    # 904.1 "…ゼクスは破壊されます。" is in 900; 1203.1 (バトルによる破壊) is not
    assert "904.1" in got and "1203.1" not in got
    everywhere = [h.id for h in searcher.search("破壊", games="zx", limit=None).hits]
    assert set(got) == {c for c in everywhere if rs.is_under(c, "900")}
    # forgiving ids, and the section clause itself: 904 is titled 致死ダメージエフェクト
    assert ids(searcher.search("致死", games="zx", under="９０４"))[0] == "zx:904"
    # d0 numbering: part 4 (第4部)
    d0 = searcher.search("優先権", games="d0", under="第4部", limit=None)
    assert d0.hits and all(load("d0").is_under(h.id, "4") for h in d0.hits)
    with pytest.raises(UsageError):
        searcher.search("破壊", games="zx", under="9999")


def test_guide_sections_are_searchable_and_filterable(searcher):
    # guide.deck "デッキは50枚のカードで構築します。"
    got = ids(searcher.search("デッキ 50枚", games="zx"))
    assert "zx:guide.deck" in got and "zx:401.1a" in got
    under = searcher.search("リブート", games="zx", under="guide.turn", limit=None)
    assert under.hits and all(h.id.startswith("guide.turn") for h in under.hits)


# ---- query forms ------------------------------------------------------------------------

def test_clause_number_jumps_to_the_clause(searcher):
    for q in ("702.2a", "７０２－２ａ", "CR702.2a"):
        res = searcher.search(q, games="zx")
        assert ids(res)[0] == "zx:702.2a" and res.hits[0].jump, q
    # then the clauses that cite it: 702.2b "…その後702.2aに戻ります。"
    assert "zx:702.2b" in ids(searcher.search("702.2a", games="zx"))
    # 904 exists in zx (致死ダメージエフェクト) and g2022 (プレイと解決): both first
    res = searcher.search("904")
    assert {h.game for h in res.hits[:2]} == {"zx", "g2022"} and res.hits[1].jump
    assert ids(searcher.search("第4部第6章3", games="d0"))[0] == "d0:4.6.3"
    assert ids(searcher.search("guide.deck", games="zx"))[0] == "zx:guide.deck"


def test_exclusion(searcher):
    res = searcher.search("破壊 -致死", games="zx", limit=None)
    got = [h.id for h in res.hits]
    assert got and all("致死" not in fields_of("zx", c) for c in got)
    # 904.1 is excluded: it sits under 904 致死ダメージエフェクト
    assert "904.1" not in got
    assert "904.1" in [h.id for h in searcher.search("破壊", games="zx", limit=None).hits]


def test_or(searcher):
    either = set(ids(searcher.search("登場 OR 退場", games="g2022", limit=None)))
    a = set(ids(searcher.search("登場", games="g2022", limit=None)))
    b = set(ids(searcher.search("退場", games="g2022", limit=None)))
    assert either == a | b and a - b and b - a


# ---- ranking ------------------------------------------------------------------------------

def test_heading_above_mentions(searcher):
    # 904 致死ダメージエフェクト and its clauses before 1203.1, which mentions the term
    got = ids(searcher.search("致死ダメージ", games="zx"))
    assert got[:3] == ["zx:904", "zx:904.1", "zx:904.2"]
    assert got.index("zx:1203.1") > 2


def test_rule_text_above_examples(searcher):
    # d0 3.1.4 says "ランダムな方法で先攻・後攻を決定します"; 4.8.3 has ランダム only in an example
    c = load("d0")["4.8.3"]
    assert "ランダム" not in c.text and any("ランダム" in e for e in c.examples)
    res = searcher.search("ランダム", games="d0", limit=None)
    got = ids(res)
    assert got.index("d0:3.1.4") < got.index("d0:4.8.3")
    field, snip, spans = searcher.snippet(res.hits[got.index("d0:4.8.3")], res.query)
    assert field == "examples" and spans and snip[spans[0][0]:spans[0][1]] == "ランダム"


def test_ties_in_clause_order(searcher):
    # these zx clauses all read exactly "優先権前処理(702)を実行します。"; those whose fields
    # also score alike are ordered as the rules are (the ruleset's tree order)
    rs = load("zx")
    same = [c.id for c in rs if c.text == "優先権前処理(702)を実行します。"]
    assert len(same) >= 8
    res = searcher.search('"優先権前処理(702)を実行します。"', games="zx", limit=None)
    order = {u.id: k for k, u in enumerate(rs.all_units())}
    assert {h.id for h in res.hits} >= set(same)
    ties = 0
    for a, b in zip(res.hits, res.hits[1:]):
        if round(a.score, 9) == round(b.score, 9):
            ties += 1
            assert order[a.id] < order[b.id], (a, b)
    assert ties >= 5  # the rule is exercised, not vacuous


def test_snippet_highlights_the_source_characters(searcher):
    # zx 302.2 prints "スリーブ"; the highlight covers those source characters
    res = searcher.search("スリープ", games="zx", limit=None)
    h = next(h for h in res.hits if h.id == "302.2")
    field, snip, spans = searcher.snippet(h, res.query)
    assert field == "text" and [snip[a:b] for a, b in spans] == ["スリーブ"]
    # full-width digits in g2022 ("２人") are highlighted for a half-width query
    res = searcher.search("2人", games="g2022", limit=None)
    h = next(h for h in res.hits if h.id == "101.1")
    field, snip, spans = searcher.snippet(h, res.query)
    assert [snip[a:b] for a, b in spans] == ["２人"]


def test_a_snippet_highlights_every_term_it_shows(searcher):
    # guide.deck "- デッキは50枚のカードで構築します。それより多くても少なくてもいけません。":
    # both terms of デッキ 50枚 are in the line shown, and both are marked
    res = searcher.search("デッキ 50枚", games="zx")
    h = next(h for h in res.hits if h.id == "guide.deck")
    field, snip, spans = searcher.snippet(h, res)
    assert field == "text"
    assert sorted(snip[a:b] for a, b in spans) == ["50枚", "デッキ"]
    # a long line is cut around the first of equally good places, with "…" where it was cut
    from judgekit.search.highlight import best_fragment

    text, spans = best_fragment("あ" * 100 + "デッキ" + "い" * 60 + "デッキ" + "う" * 50, ["デッキ"], 40)
    assert text.startswith("…") and text.endswith("…") and len(text) == 42
    assert [text[a:b] for a, b in spans] == ["デッキ"] and text.index("デッキ") < 20


def test_japanese_quotes_find_what_ascii_quotes_find(searcher):
    # issue 15: 「優先権前処理を実行」 found nothing in g2022, "優先権前処理を実行" finds the
    # clauses that say it (g2022 503.2 … "優先権前処理を実行します。")
    want = set(ids(searcher.search('"優先権前処理を実行"', games="g2022", limit=None)))
    assert len(want) >= 17
    for q in ("「優先権前処理を実行」", "『優先権前処理を実行』"):
        res = searcher.search(q, games="g2022", limit=None)
        assert res.mode == "exact" and set(ids(res)) == want, q
    # full-width parentheses are characters, not a group: （702） is the text (702)
    assert set(ids(searcher.search("（702）", games="zx", limit=None))) >= \
        set(ids(searcher.search('"(702)"', games="zx", limit=None)))


def test_children_of_a_first_search_are_the_parents_lists(cache_dir):
    """A searcher's first search finds a unit's children by the run that follows it (tree
    order), as the map a kept searcher builds does, for every unit."""
    from judgekit.search.engine import Searcher

    s = Searcher()
    try:
        fast = [s.children(n) for n in range(len(s.units))]
        assert s._children is None  # nothing built
        s._searches = 2  # a searcher kept for many queries: the map of every unit's children
        assert [s.children(n) for n in range(len(s.units))] == fast
        assert s._children is not None and any(fast)
    finally:
        s.close()
